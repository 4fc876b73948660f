#!/usr/bin/env node
// acphys golden traces: tests/golden/<scenario>[.<profile>].jsonl for every default scenario
// under data/scenarios, one per profile it runs under (its "profile", then each other entry of
// "compare_profiles"), and conformance/v1/golden/<trace>.jsonl for every case of the
// conformance suite's manifest (conformance/v1/manifest.json). tests/node/scenario.test.mjs and tests/c/test_scenario.c compare fresh runs
// with them byte for byte.
//   node scripts/golden.mjs          (npm run golden) regenerate them, after `npm run build`
//   node scripts/golden.mjs --check  compare only; exit status 1 when one differs
// Each trace is made twice, by the native CLI and through the .wasm, and must come out identical
// before it is written. Golden traces change legitimately when the physics changes (e.g. when
// motion or terrain collision lands): regenerate them with this command and say in the commit
// message which traces changed and why.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const SCENARIO_DIR = join(root, 'data', 'scenarios');
export const GOLDEN_DIR = join(root, 'tests', 'golden');

export const SUITE_DIR = join(root, 'conformance', 'v1');

/** The conformance suite's cases (conformance/v1/manifest.json): { scenario, profile, golden,
 *  trace, group, fields } with absolute paths (and quanta, dereth: the per-quantum goldens some
 *  cases have, docs/SCENARIOS.md "Per-quantum records"). */
export function suiteCases() {
  const m = JSON.parse(readFileSync(join(SUITE_DIR, 'manifest.json'), 'utf8'));
  const abs = (p) => (p === undefined ? undefined : join(SUITE_DIR, p));
  return m.cases.map((c) => ({ ...c, scenario: abs(c.scenario), golden: abs(c.golden), quanta: abs(c.quanta), dereth: abs(c.dereth) }));
}

/** The per-quantum goldens of the suite's cases: { scenario, profile, golden, records }. */
function recordsCases() {
  const out = [];
  for (const c of suiteCases())
    for (const records of ['quanta', 'dereth'])
      if (c[records]) out.push({ scenario: c.scenario, profile: c.profile, golden: c[records], records });
  return out;
}

/** The DAT files a scenario names (other than "default"), read relative to it: name → bytes. */
export function scenarioExcerpts(path) {
  const s = JSON.parse(readFileSync(path, 'utf8'));
  return new Map((s.excerpts ?? []).filter((e) => e !== 'default').map((e) => [e, readFileSync(join(dirname(path), e))]));
}

/** Every golden trace: { scenario (path), profile, golden (path) }: the default scenarios'
 *  (tests/golden) and the conformance suite's (conformance/v1/golden). */
export function goldenCases() {
  return [...defaultCases(), ...suiteCases(), ...recordsCases()];
}

function defaultCases() {
  const cases = [];
  for (const f of readdirSync(SCENARIO_DIR).filter((n) => n.endsWith('.json')).sort()) {
    const path = join(SCENARIO_DIR, f);
    const s = JSON.parse(readFileSync(path, 'utf8'));
    const primary = s.profile ?? 'retail';
    const profiles = [primary, ...(s.compare_profiles ?? []).filter((p) => p !== primary)];
    for (const p of profiles) {
      const name = basename(f, '.json') + (p === primary ? '' : `.${p}`) + '.jsonl';
      cases.push({ scenario: path, profile: p, golden: join(GOLDEN_DIR, name) });
    }
  }
  return cases;
}

/** A case's comparison modes (its "peers": the peers group) as `acphys run` flags. */
export function peerArgs(c) {
  return (c.peers ?? []).flatMap((p) => ['--peer', p]);
}

/** The trace of a case from the native CLI (build/native/acphys; ACPHYS_CLI names another build
 *  of it, such as the sanitizer build's build/asan/acphys). */
export function nativeTrace(c) {
  const dir = mkdtempSync(join(tmpdir(), 'acphys-golden-'));
  try {
    const out = join(dir, 'trace.jsonl');
    const records = c.records === 'dereth' ? ['--records', 'quanta', '--format', 'dereth']
      : c.records === 'quanta' ? ['--records', 'quanta'] : [];
    execFileSync(process.env.ACPHYS_CLI || join(root, 'build', 'native', 'acphys'),
      ['run', c.scenario, '--quiet', '--trace', out, '--profile', c.profile, ...records, ...peerArgs(c)], { stdio: ['ignore', 'ignore', 'ignore'] });
    return readFileSync(out, 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The trace of a case through the .wasm. */
export async function wasmTrace(c) {
  const { loadAcphys } = await import('../wasm/acphys.mjs');
  const { runScenario } = await import('../wasm/scenario.mjs');
  const acp = await loadAcphys(join(root, 'wasm', 'acphys.wasm'));
  return runScenario(acp, JSON.parse(readFileSync(c.scenario, 'utf8')), { profile: c.profile, excerpts: scenarioExcerpts(c.scenario), records: c.records, peers: c.peers }).trace;
}

async function main() {
  const check = process.argv.includes('--check');
  if (!existsSync(join(root, 'build', 'native', 'acphys')) || !existsSync(join(root, 'wasm', 'acphys.wasm'))) {
    console.error('[golden] build first: npm run build (or node scripts/build.mjs native wasm)');
    process.exit(2);
  }
  let differ = 0;
  const cases = goldenCases();
  for (const c of cases) {
    const native = nativeTrace(c);
    const wasm = await wasmTrace(c);
    const rel = c.golden.slice(root.length + 1);
    if (native !== wasm) {
      console.error(`[golden] ${rel}: the native and WASM traces differ (run acphys diff on them); not written`);
      process.exit(1);
    }
    const old = existsSync(c.golden) ? readFileSync(c.golden, 'utf8') : null;
    if (old === native) {
      console.log(`[golden] ${rel}: unchanged`);
      continue;
    }
    differ++;
    if (check) {
      console.log(`[golden] ${rel}: ${old === null ? 'missing' : 'differs'}`);
    } else {
      writeFileSync(c.golden, native);
      const digest = c.records === 'dereth' ? 'none: dereth records' : JSON.parse(native.trim().split('\n').pop()).digest;
      console.log(`[golden] ${rel}: ${old === null ? 'written' : 'updated'} (digest ${digest})`);
    }
  }
  const expected = new Set(cases.map((c) => c.golden));
  for (const dir of [GOLDEN_DIR, join(SUITE_DIR, 'golden'), join(SUITE_DIR, 'dereth', 'traces')])
    for (const f of existsSync(dir) ? readdirSync(dir) : [])
      if (f.endsWith('.jsonl') && !expected.has(join(dir, f))) console.log(`[golden] ${join(dir, f).slice(root.length + 1)}: no scenario makes it any more (remove it)`);
  if (check && differ) process.exit(1);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
