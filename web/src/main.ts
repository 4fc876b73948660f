// acphys page entry: loads the .wasm and shows its version and build digest.
import { loadAcphys } from '../../wasm/acphys.mjs';

const status = document.getElementById('status') as HTMLElement;

async function main(): Promise<void> {
  const acp = await loadAcphys(new URL('../../wasm/acphys.wasm', import.meta.url));
  status.textContent = `acphys ${acp.version()} loaded (build ${acp.digest ?? 'digest unavailable'}, ${acp.size} bytes)`;
  status.dataset.version = acp.version();
}

main().catch((err: unknown) => {
  status.classList.add('error');
  status.textContent = `Could not load acphys.wasm: ${err instanceof Error ? err.message : String(err)}`;
});
