// acphys page entry: load the .wasm, then the app (app.ts) opens the link in the URL or the
// default scenario and runs it on every animation frame.
import 'uplot/dist/uPlot.min.css';
import { loadAcphys } from '../../wasm/acphys.mjs';
import { App } from './app';
import { mountView3D } from './view3d';

const status = document.getElementById('status') as HTMLElement;

async function main(): Promise<void> {
  const acp = await loadAcphys(new URL('../../wasm/acphys.wasm', import.meta.url));
  const app = new App(acp);
  const view3d = document.getElementById('view3d-box');
  const collision = document.getElementById('view3d-collision') as HTMLInputElement | null;
  if (view3d instanceof HTMLDetailsElement) {
    mountView3D(view3d, () => app.selected, {
      standIn: (s, i) => app.isStandIn(s, i),
      inspected: () => ({ record: app.inspector.record, quantum: app.inspector.quantum }),
      collision: () => collision?.checked ?? true,
    });
  }
  await app.start();
}

main().catch((err: unknown) => {
  status.classList.add('error');
  status.textContent = `Could not start the page: ${err instanceof Error ? err.message : String(err)}`;
  console.error(err);
});
