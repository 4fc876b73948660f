#!/usr/bin/env node
// acphys twin lane (issue 32, docs/SHORTCUTS.md): the same scenarios run by the default build
// (build/native/acphys, every shortcut taken) and by the shortcut-free twin (build/twin/acphys,
// -DACP_SHORTCUTS=OFF: the plain retail reading) must give byte-identical traces.
//   node scripts/twin.mjs [--seeds N] [--from S] [--jobs J] [--keep DIR] [--no-corpus]
//                         [--on CLI] [--off CLI]   (the two builds; default build/native, build/twin)
//   ACP_TWIN_SEEDS=N      seeds to compare (default 300; --seeds wins), each twice: the world of
//                         the default excerpts, and the world with buildings of its own (--cells)
//   ACP_TWIN_FROM=S       the first seed (default 1)
//   ACP_TWIN_JOBS=J       scenarios compared at once (default 2, or 1 on one core)
// The corpus: every scenario of data/scenarios, tests/scenarios, conformance/v1/scenarios and
// tests/twin (hand-made worlds), then the worlds `acphys worldgen <seed>` writes for seeds S ..
// S+N-1. The first difference of each differing scenario is printed (seed, frame, field, both
// values: `acphys diff`), and the scenario is kept in --keep (default build/twin/found) to
// replay: build/native/acphys run <file> --trace a.jsonl; build/twin/acphys run <file> --trace b.jsonl.
// With the corpus, the bench worlds of BENCH_ROWS (100 objects, 60 frames) give the same digests.
// Builds nothing: run `node scripts/build.mjs native twin` first (a default build older than the
// newest C source is refused, exit 2). Exit 1 on any difference.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
function option(name, env, dflt) {
  const i = process.argv.indexOf(name);
  const v = i >= 0 ? process.argv[i + 1] : env ? process.env[env] : undefined;
  return v === undefined ? dflt : v;
}
const on = resolve(option('--on', null, join(root, 'build', 'native', 'acphys')));
const off = resolve(option('--off', null, join(root, 'build', 'twin', 'acphys')));
const useCorpus = !process.argv.includes('--no-corpus');
const seeds = Number(option('--seeds', 'ACP_TWIN_SEEDS', 300));
const from = Number(option('--from', 'ACP_TWIN_FROM', 1));
const keep = option('--keep', 'ACP_TWIN_KEEP', join(root, 'build', 'twin', 'found'));
if (!Number.isInteger(seeds) || seeds < 0 || !Number.isInteger(from) || from < 0 || from + seeds > 2 ** 32) {
  console.error('[twin] --seeds and --from must be whole numbers (seeds from 0 to 4294967295)');
  process.exit(2);
}
// The newest C source (src/**/*.c, .h, .inc, CMakeLists.txt): a default build older than it was
// not built from this tree (a build that failed leaves the last one in place), and comparing it
// would prove nothing about the shortcuts as they are now.
function newestSource() {
  let best = { file: join(root, 'CMakeLists.txt'), ms: statSync(join(root, 'CMakeLists.txt')).mtimeMs };
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const f = join(dir, e.name);
      if (e.isDirectory()) walk(f);
      else if (/\.(c|h|inc)$/.test(e.name)) {
        const ms = statSync(f).mtimeMs;
        if (ms > best.ms) best = { file: f, ms };
      }
    }
  };
  walk(join(root, 'src'));
  return best;
}
const newest = process.argv.includes('--on') && process.argv.includes('--off') ? null : newestSource();
for (const [cli, target, given] of [[on, 'native', '--on'], [off, 'twin', '--off']]) {
  if (!existsSync(cli)) {
    console.error(`[twin] ${cli} is missing: run node scripts/build.mjs ${target}`);
    process.exit(2);
  }
  if (!process.argv.includes(given) && statSync(cli).mtimeMs < newest.ms) {
    console.error(`[twin] ${cli} is older than ${newest.file}: run node scripts/build.mjs ${target}`);
    process.exit(2);
  }
}

const jobs = Math.max(1, Number(option('--jobs', 'ACP_TWIN_JOBS', Math.min(2, availableParallelism()))));
const work = join(tmpdir(), `acphys-twin-${process.pid}`);
mkdirSync(work, { recursive: true });
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

/** Run `cli` on `file` with its trace in `out`: the trace text, or the error when the run refused it. */
function trace(cli, file, out) {
  return new Promise((done) => {
    const child = spawn(cli, ['run', file, '--trace', out, '--quiet'], { cwd: dirname(file), stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('close', (code) => {
      if (code !== 0) done({ error: `exit ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}` });
      else done({ text: readFileSync(out, 'utf8') });
    });
  });
}

const differing = [];
let compared = 0;
let frames = 0;

/** Run `file` both ways (slot: the worker's own trace files); `label` names it in the report. */
async function compare(file, label, slot) {
  const [a, b] = await Promise.all([trace(on, file, join(work, `on-${slot}.jsonl`)), trace(off, file, join(work, `off-${slot}.jsonl`))]);
  compared++;
  if (a.error || b.error) {
    if (a.error === b.error) return; // both refused it alike (a bad scenario both validators name)
    differing.push(label);
    console.log(`[twin] ${label}: the runs ended differently: shortcuts ${a.error ?? 'ok'}; twin ${b.error ?? 'ok'}`);
    return;
  }
  frames += a.text.split('\n').length - 2;
  if (a.text === b.text) return;
  differing.push(label);
  const d = spawnSync(on, ['diff', join(work, `on-${slot}.jsonl`), join(work, `off-${slot}.jsonl`)], { encoding: 'utf8' });
  console.log(`[twin] ${label}: the traces differ (a: shortcuts, b: the twin)\n${d.stdout.trim()}`);
  mkdirSync(keep, { recursive: true });
  const kept = join(keep, `${label.replace(/\.json$/, '').replace(/[^A-Za-z0-9.-]+/g, '_')}.json`);
  writeFileSync(kept, readFileSync(file));
  console.log(`[twin]   kept as ${relative(root, kept)}`);
  // A world with buildings of its own names its excerpt by file name: keep it beside.
  const excerpt = (JSON.parse(readFileSync(file, 'utf8')).excerpts ?? []).find((e) => e !== 'default');
  if (excerpt && existsSync(join(dirname(file), excerpt))) writeFileSync(join(keep, excerpt), readFileSync(join(dirname(file), excerpt)));
}

const started = Date.now();
const tasks = [];
for (const dir of useCorpus ? ['data/scenarios', 'tests/scenarios', 'conformance/v1/scenarios', 'tests/twin'] : []) {
  const abs = join(root, dir);
  if (!existsSync(abs)) continue;
  for (const f of readdirSync(abs).filter((n) => n.endsWith('.json')).sort()) tasks.push({ file: join(abs, f), label: `${dir}/${f}` });
}
const corpus = tasks.length;
// Each seed twice: the world of the default excerpts alone, and the world with buildings of its
// own (--cells: half of the seeds get more cottages, EnvCells (about half of them with statics,
// audit D3) and trees in an excerpt).
for (let s = from; s < from + seeds; s++) {
  tasks.push({ seed: s, label: `seed ${s}` });
  tasks.push({ seed: s, cells: true, label: `seed ${s} --cells` });
}
await Promise.all(Array.from({ length: Math.min(jobs, tasks.length) }, async (_, slot) => {
  while (tasks.length) {
    const t = tasks.shift();
    let file = t.file;
    if (t.seed !== undefined) {
      const base = `worldgen-${t.seed}${t.cells ? '-cells' : ''}`;
      file = join(work, `${base}.json`);
      const cells = join(work, `${base}.dat`);
      rmSync(cells, { force: true });
      writeFileSync(file, execFileSync(on, ['worldgen', String(t.seed), ...(t.cells ? ['--cells', cells] : [])]));
      if (t.cells && existsSync(cells)) t.extra = cells;
    }
    await compare(file, t.label, slot);
  }
}));
// The benchmark worlds whose humanoids sweep the scenery (issue 34's wood row; terrain, crowd and
// varied meet it too: SHORTCUTS S20 skips their parts; issue 39's town adds move-tos, sticks,
// interpolation and missiles among the cottage's statics), and varied-motion (issue 39: the varied
// plans without the sweep, where the memos S1 and S15 miss most): the same digest from both builds
// after the warm-up and 60 frames (100 objects).
// And the crowd at 2,000 objects (20 frames): ~34 humanoids a cell, so the cells' shadow lists
// span blocks and the walk takes S18's grid squares and S26's capsules as at 10,000 objects.
const BENCH_ROWS = ['wood', 'terrain', 'crowd', 'varied', 'town', 'varied-motion', 'crowd:2000:20'];
for (const row of useCorpus ? BENCH_ROWS : []) {
  const [kind, objects = '100', frames = '60'] = row.split(':');
  const digest = (cli) => {
    const r = spawnSync(cli, ['bench', 'world', kind, objects, '--frames', frames, '--windows', '1'], { encoding: 'utf8' });
    return /"digest":"([0-9a-f]{16})"/.exec(r.stdout)?.[1] ?? `none (status ${r.status}: ${r.stderr.trim()})`;
  };
  const a = digest(on), b = digest(off);
  compared++;
  if (a !== b) {
    console.log(`[twin] bench world ${kind} ${objects}: digest ${a} with the shortcuts, ${b} without`);
    differing.push(`bench ${kind} ${objects}`);
  }
}
const secs = ((Date.now() - started) / 1000).toFixed(1);
const what = `${corpus} corpus scenarios${useCorpus ? `, the ${BENCH_ROWS.map((r) => r.split(':')).map(([k, n = '100', f = '60']) => `${k} ${n}×${f}`).join(', ')} bench worlds (objects × frames)` : ''} and ${2 * seeds} generated worlds (seeds ${from}..${from + seeds - 1}, without and with --cells), ${frames} frames, ${jobs} at a time, ${secs} s`;
if (differing.length) {
  console.error(`[twin] FAILED: ${differing.length} of ${compared} differ with and without the shortcuts (${what}): ${differing.join(', ')}`);
  process.exit(1);
}
console.log(`[twin] identical with and without the shortcuts: ${what}`);
