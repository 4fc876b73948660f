#!/usr/bin/env node
// acphys throughput: update_object calls per second per core for every world kind, native and
// WebAssembly, and what a 30 Hz server or a 60 Hz page holds at that rate (README, BENCHMARKS.md).
//   node scripts/bench-throughput.mjs [--sizes 100,1000] [--kinds motion,terrain] [--window s] [--windows n]
// Needs build/bench/acphys (node scripts/build.mjs bench) and wasm/acphys.wasm (... wasm).
//
// Every world's frame is one update_object call with one quantum per object (the bench's frame
// step passes the world's 1/30 s gate every frame: src/bench/bench.h), so object-quanta per second
// are update_object calls per second. The windows are timed by CPU time, not the wall (native
// `--clock cpu`: the thread's CLOCK_THREAD_CPUTIME_ID; WASM under Node: process.cpuUsage): the
// time the process held a core, so the figure is per core, and other processes on a shared
// machine disturb it far less than a wall clock (they still share its caches: on a loaded machine
// the figures are low, never high). Native and WASM digests must agree (the same bits).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const arg = (name, dflt) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : dflt);
const KINDS = arg('--kinds', 'motion,terrain,static,remote,crowd,particles,indoor,varied,town,varied-motion').split(',');
const SIZES = arg('--sizes', '100,1000').split(',').map(Number);
const WINDOW = Number(arg('--window', '0.2'));
const WINDOWS = Number(arg('--windows', '3'));
const NATIVE = join(root, 'build', 'bench', 'acphys');
const SERVER_HZ = 30; // retail's quantum floor: every object simulates at most 30 quanta a second
const PAGE_SHARE = 0.25; // the share of a 60 Hz page's frame given to physics (4.2 ms of 16.7)

for (const [file, build] of [[NATIVE, 'bench'], [join(root, 'wasm', 'acphys.wasm'), 'wasm']]) {
  if (!existsSync(file)) {
    console.error(`scripts/bench-throughput.mjs: ${file} is missing (node scripts/build.mjs ${build})`);
    process.exit(2);
  }
}

function runJson(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: root, encoding: 'utf8', maxBuffer: 1 << 24 });
  try { return JSON.parse((r.stdout || '').trim().split('\n').pop()); } catch { return { error: (r.stderr || '').trim() || `exit ${r.status}` }; }
}

const fmt = (x) => (x == null ? '—' : x >= 1e6 ? `${(x / 1e6).toFixed(2)} M` : x >= 1e3 ? `${(x / 1e3).toFixed(0)} k` : x.toFixed(0));
const objects = (rate) => (rate ? Math.floor(rate / SERVER_HZ).toLocaleString('en-US') : '—');
const page = (rate) => (rate ? Math.floor((rate * PAGE_SHARE) / SERVER_HZ).toLocaleString('en-US') : '—');
const problems = [];
const rows = [];
const load0 = loadavg()[0];
for (const kind of KINDS) {
  for (const n of SIZES) {
    process.stderr.write(`[throughput] ${kind} x ${n}\n`);
    const nat = runJson(NATIVE, ['bench', 'world', kind, String(n), '--window', String(WINDOW), '--windows', String(WINDOWS), '--clock', 'cpu']);
    const was = runJson(process.execPath, [join(root, 'bench', 'wasm-node.mjs'),
      JSON.stringify({ job: 'world', kind, objects: n, window: WINDOW, windows: WINDOWS, clock: 'cpu' })]);
    if (nat.error || was.error) problems.push(`${kind} x ${n}: ${nat.error || was.error}`);
    else if (nat.digest !== was.digest) problems.push(`${kind} x ${n}: native and WASM digests differ`);
    rows.push({ kind, n, nat: nat.rate, was: was.rate });
  }
}
console.log(`update_object calls per second per core (CPU-time windows, median of ${WINDOWS}; load average ${load0.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end)\n`);
console.log('| world | objects | native calls/s | WASM calls/s | WASM / native | 30 Hz server holds (native / WASM, whole core) | 60 Hz page holds (native / WASM, 25% of each frame) |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const r of rows) {
  console.log(`| ${r.kind} | ${r.n.toLocaleString('en-US')} | ${fmt(r.nat)} | ${fmt(r.was)} | ${r.nat && r.was ? (r.was / r.nat).toFixed(2) : '—'} ` +
    `| ${objects(r.nat)} / ${objects(r.was)} | ${page(r.nat)} / ${page(r.was)} |`);
}
if (problems.length) {
  console.error(`\n[throughput] FAILED:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
