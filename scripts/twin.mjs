#!/usr/bin/env node
// acphys twin lane (issue 32, docs/SHORTCUTS.md): the same scenarios run by the default build
// (build/native/acphys, every shortcut taken) and by the shortcut-free twin (build/twin/acphys,
// -DACP_SHORTCUTS=OFF: the plain retail reading) must give byte-identical traces.
//   node scripts/twin.mjs [--seeds N] [--from S] [--keep DIR]
//   ACP_TWIN_SEEDS=N      generated worlds to compare (default 200; --seeds wins)
//   ACP_TWIN_FROM=S       the first seed (default 1)
// The corpus: every scenario of data/scenarios, tests/scenarios, conformance/v1/scenarios and
// tests/twin (hand-made worlds), then the worlds `acphys worldgen <seed>` writes for seeds S ..
// S+N-1. The first difference of each differing scenario is printed (seed, frame, field, both
// values: `acphys diff`), and the scenario is kept in --keep (default build/twin/found) to
// replay: build/native/acphys run <file> --trace a.jsonl; build/twin/acphys run <file> --trace b.jsonl.
// Builds nothing: run `node scripts/build.mjs native twin` first. Exit 1 on any difference.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const on = join(root, 'build', 'native', 'acphys');
const off = join(root, 'build', 'twin', 'acphys');

function option(name, env, dflt) {
  const i = process.argv.indexOf(name);
  const v = i >= 0 ? process.argv[i + 1] : process.env[env];
  return v === undefined ? dflt : v;
}
const seeds = Number(option('--seeds', 'ACP_TWIN_SEEDS', 200));
const from = Number(option('--from', 'ACP_TWIN_FROM', 1));
const keep = option('--keep', 'ACP_TWIN_KEEP', join(root, 'build', 'twin', 'found'));
if (!Number.isInteger(seeds) || seeds < 0 || !Number.isInteger(from) || from < 0 || from + seeds > 2 ** 32) {
  console.error('[twin] --seeds and --from must be whole numbers (seeds from 0 to 4294967295)');
  process.exit(2);
}
for (const [cli, target] of [[on, 'native'], [off, 'twin']]) {
  if (!existsSync(cli)) {
    console.error(`[twin] ${relative(root, cli)} is missing: run node scripts/build.mjs ${target}`);
    process.exit(2);
  }
}

const work = join(tmpdir(), `acphys-twin-${process.pid}`);
mkdirSync(work, { recursive: true });
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

/** The trace of `file` by `cli` (null and the message when the run refused it). */
function trace(cli, file, out) {
  const r = spawnSync(cli, ['run', file, '--trace', out, '--quiet'], { cwd: dirname(file), encoding: 'utf8' });
  if (r.status !== 0) return { error: `exit ${r.status}: ${(r.stderr || '').trim().split('\n').slice(-3).join(' | ')}` };
  return { text: readFileSync(out, 'utf8') };
}

const differing = [];
let compared = 0;
let frames = 0;

/** Run `file` both ways; `label` names it in the report. */
function compare(file, label) {
  const a = trace(on, file, join(work, 'on.jsonl'));
  const b = trace(off, file, join(work, 'off.jsonl'));
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
  const d = spawnSync(on, ['diff', join(work, 'on.jsonl'), join(work, 'off.jsonl')], { encoding: 'utf8' });
  console.log(`[twin] ${label}: the traces differ (a: shortcuts, b: the twin)\n${d.stdout.trim()}`);
  mkdirSync(keep, { recursive: true });
  const kept = join(keep, `${label.replace(/[^A-Za-z0-9.-]+/g, '_')}.json`);
  writeFileSync(kept, readFileSync(file));
  console.log(`[twin]   kept as ${relative(root, kept)}`);
}

const started = Date.now();
const corpusDirs = ['data/scenarios', 'tests/scenarios', 'conformance/v1/scenarios', 'tests/twin'];
for (const dir of corpusDirs) {
  const abs = join(root, dir);
  if (!existsSync(abs)) continue;
  for (const f of readdirSync(abs).filter((n) => n.endsWith('.json')).sort()) compare(join(abs, f), `${dir}/${f}`);
}
const corpus = compared;
for (let s = from; s < from + seeds; s++) {
  const file = join(work, `worldgen-${s}.json`);
  writeFileSync(file, execFileSync(on, ['worldgen', String(s)]));
  compare(file, `seed ${s}`);
}
const secs = ((Date.now() - started) / 1000).toFixed(1);
const what = `${corpus} corpus scenarios and ${seeds} generated worlds (seeds ${from}..${from + seeds - 1}), ${frames} frames, ${secs} s`;
if (differing.length) {
  console.error(`[twin] FAILED: ${differing.length} of ${compared} differ with and without the shortcuts (${what}): ${differing.join(', ')}`);
  process.exit(1);
}
console.log(`[twin] identical with and without the shortcuts: ${what}`);
