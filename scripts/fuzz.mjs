#!/usr/bin/env node
// acphys fuzzing: runs every libFuzzer target of build/fuzz (clang, ASan + UBSan; built by
// `node scripts/build.mjs fuzz`) for a bounded time and fails on any finding.
//   node scripts/fuzz.mjs [target ...]        (default: all of SEEDS below)
//   ACP_FUZZ_SECONDS=30   seconds per target (default 30)
//   ACP_FUZZ_JOBS=2       targets run at once (default: 2, or 1 on a single core)
// Seeds: the malformed corpus (tests/data/dat-malformed) and the default excerpts (data/*.dat) for
// the container; the raw records of tests/data/dat-records for the record parsers; the binary
// JSON of every scenario (tests/fuzz/corpus-scenario) for the runner (fuzz_scenario); the scenarios'
// text, good and bad, for the strict JSON check (fuzz_jsoncheck); none for the trace shapes'
// readers (fuzz_trace_shapes); the captures and messages the encoder wrote (tests/data/net) for
// the network layer (fuzz_net); the replay's capture for the replay's scenario builder
// (fuzz_replay: bytes read as decoded messages); generator seeds (four bytes, little-endian;
// tests/fuzz/corpus-twin) for the shortcut-free twin (fuzz_twin: a random world through both
// cores, docs/SHORTCUTS.md; its findings are worlds whose traces differ). Each target
// keeps its growing corpus in build/fuzz/corpus/<target>; a crashing input is written to
// build/fuzz/artifacts/ and must become a file of the malformed corpus once fixed. fuzz_snapshot
// reads world snapshots (issue 38), seeded with tests/data/snapshot-malformed and snapshots of
// the bundled scenarios; fuzz_object_import imports object files (acp_object_import) into a world
// holding the same records and steps it, seeded with tests/data/object-malformed.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const build = join(root, 'build', 'fuzz');
const seconds = Number(process.env.ACP_FUZZ_SECONDS ?? 30);
const jobs = Math.max(1, Number(process.env.ACP_FUZZ_JOBS ?? Math.min(2, availableParallelism())));

const malformed = join(root, 'tests', 'data', 'dat-malformed');
const records = join(root, 'tests', 'data', 'dat-records');
const files = (dir, test) => readdirSync(dir).filter(test).map((f) => join(dir, f));
const recordSeeds = (prefix) => files(records, (f) => f.startsWith(prefix));
const SEEDS = {
  container: () => [...files(malformed, (f) => f.endsWith('.dat')), join(root, 'data', 'portal-default.dat'), join(root, 'data', 'cell-default.dat')],
  setup: () => recordSeeds('setup-'),
  animation: () => recordSeeds('animation-'),
  motion_table: () => recordSeeds('motion-table'),
  landblock: () => recordSeeds('landblock'),
  region: () => recordSeeds('region'),
  gfxobj: () => recordSeeds('gfxobj-'),
  environment: () => recordSeeds('environment-'),
  envcell: () => recordSeeds('envcell-'),
  landblock_info: () => recordSeeds('landblock-info-'),
  particle_emitter_info: () => recordSeeds('particle-emitter-'),
  physics_script: () => recordSeeds('physics-script-'),
  physics_script_table: () => recordSeeds('script-table-'),
  scene: () => recordSeeds('scene-'),
  scenario: () => files(join(root, 'tests', 'fuzz', 'corpus-scenario'), () => true),
  jsoncheck: () => [join(root, 'data', 'scenarios'), join(root, 'tests', 'scenarios'), join(root, 'tests', 'scenarios', 'bad')]
    .flatMap((d) => files(d, (f) => f.endsWith('.json'))),
  trace_shapes: () => [], // binary JSON trees; libFuzzer grows them from nothing
  net: () => files(join(root, 'tests', 'data', 'net'), (f) => !f.endsWith('.md')),
  twin: () => files(join(root, 'tests', 'fuzz', 'corpus-twin'), () => true),
  replay: () => [join(root, 'tests', 'data', 'replay', 'loop.jsonl')], // any bytes: read as messages
  snapshot: () => snapshotSeeds(), // the malformed fixtures and snapshots of the bundled scenarios
  // valid exports (walk-then-stop's walker; a human in its fountain, an emitter's particle object) and damaged object files
  object_import: () => files(join(root, 'tests', 'data', 'object-malformed'), (f) => f.endsWith('.bin')),
};

// fuzz_snapshot's seeds: tests/data/snapshot-malformed and, when the native CLI is built, a
// snapshot of each bundled scenario over the default excerpts after a third of its frames
// (written into build/fuzz/snapshot-seeds).
function snapshotSeeds() {
  const seeds = files(join(root, 'tests', 'data', 'snapshot-malformed'), (f) => f.endsWith('.snap'));
  const cli = join(root, 'build', 'native', 'acphys');
  if (!existsSync(cli)) return seeds;
  const out = join(build, 'snapshot-seeds');
  mkdirSync(out, { recursive: true });
  for (const name of ['falling-creature', 'quarrel-hits-drudge', 'scripts-and-particles', 'two-runners']) {
    const path = join(out, `${name}.snap`);
    const r = spawnSync(cli, ['run', join(root, 'data', 'scenarios', `${name}.json`), '--quiet', '--snapshot-at', '30', '--snapshot', path]);
    if (r.status === 0) seeds.push(path);
  }
  return seeds;
}

const wanted = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(SEEDS);
for (const t of wanted) {
  if (!SEEDS[t]) { console.error(`[fuzz] unknown target '${t}' (known: ${Object.keys(SEEDS).join(', ')})`); process.exit(2); }
  if (!existsSync(join(build, `fuzz_${t}`))) { console.error(`[fuzz] build/fuzz/fuzz_${t} is missing: run node scripts/build.mjs fuzz`); process.exit(2); }
}

function runTarget(t) {
  const seedDir = join(build, 'seeds', t), corpus = join(build, 'corpus', t), artifacts = join(build, 'artifacts');
  for (const d of [seedDir, corpus, artifacts]) mkdirSync(d, { recursive: true });
  for (const f of SEEDS[t]()) copyFileSync(f, join(seedDir, f.split('/').pop()));
  const args = [corpus, seedDir, `-max_total_time=${seconds}`, '-timeout=10', '-rss_limit_mb=2048',
    '-print_final_stats=1', `-artifact_prefix=${artifacts}/${t}-`];
  return new Promise((resolve) => {
    const started = Date.now();
    let log = '';
    const child = spawn(join(build, `fuzz_${t}`), args, {
      cwd: root,
      env: { ...process.env, ASAN_OPTIONS: 'detect_leaks=1:abort_on_error=1', UBSAN_OPTIONS: 'print_stacktrace=1:halt_on_error=1' },
    });
    child.stdout.on('data', (d) => { log += d; });
    child.stderr.on('data', (d) => { log += d; });
    child.on('close', (code) => {
      const stat = (name) => (log.match(new RegExp(`stat::${name}:\\s+(\\d+)`)) ?? [])[1];
      resolve({ t, code, log, secs: (Date.now() - started) / 1000, execs: stat('number_of_executed_units'), rate: stat('average_exec_per_sec'), corpus: readdirSync(corpus).length });
    });
  });
}

const results = [];
const queue = [...wanted];
await Promise.all(Array.from({ length: Math.min(jobs, queue.length) }, async () => {
  while (queue.length) {
    const r = await runTarget(queue.shift());
    results.push(r);
    const ok = r.code === 0;
    console.log(`[fuzz] fuzz_${r.t}: ${ok ? 'ok' : `FAILED (exit ${r.code})`}, ${r.execs ?? '?'} execs in ${r.secs.toFixed(0)} s (${r.rate ?? '?'}/s), corpus ${r.corpus} files`);
    if (!ok) console.error(r.log.split('\n').slice(-60).join('\n'));
  }
}));
const failed = results.filter((r) => r.code !== 0).map((r) => `fuzz_${r.t}`);
if (failed.length) {
  console.error(`[fuzz] findings in ${failed.join(', ')}: see build/fuzz/artifacts/`);
  process.exit(1);
}
console.log(`[fuzz] all ${results.length} targets clean (${seconds} s each)`);
