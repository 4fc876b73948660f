#!/usr/bin/env node
// acphys benchmarks — the WebAssembly half under Node: one job per process, so each measurement
// starts from a fresh module (compiled and tiered up by its own warm-up) and a fresh heap.
//   node bench/wasm-node.mjs '{"job":"world","kind":"motion","objects":100}'
//   node bench/wasm-node.mjs '{"job":"kernel","objects":100}'
//   node bench/wasm-node.mjs '{"job":"dat-read","path":"bench/tmp/large-portal.dat","repeat":3}'
// Options: "window" (seconds, default 0.25), "windows" (default 5), "wasm" (another module's
// path; default wasm/acphys.wasm: scripts/ab.mjs compares two), "clock" ("cpu": per-core CPU
// time instead of the wall). Prints one line of JSON.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { loadAcphys } from '../wasm/acphys.mjs';
import { loadExcerpts, measureDatRead, measureKernel, measureWorld } from './lib/measure.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const job = JSON.parse(process.argv[2] ?? '{}');
const acp = await loadAcphys(job.wasm ? readFileSync(job.wasm) : undefined);
// "clock": "cpu" times the windows by the process's CPU time (process.cpuUsage, user + system:
// a rate per core, which other processes on a shared machine disturb far less than the wall).
const cpuMs = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const opts = { window: job.window ?? 0.25, windows: job.windows ?? 5, ...(job.clock === 'cpu' ? { now: cpuMs } : {}) };
let result;
if (job.job === 'world') {
  const excerpts = loadExcerpts(acp, readFileSync(join(root, 'data', 'portal-default.dat')),
    readFileSync(join(root, 'data', 'cell-default.dat')));
  result = measureWorld(acp, excerpts, job.kind, job.objects, opts);
} else if (job.job === 'kernel') {
  result = measureKernel(acp, job.objects, opts);
} else if (job.job === 'dat-read') {
  result = measureDatRead(acp, readFileSync(join(root, job.path)), { repeat: job.repeat ?? 3 });
} else {
  console.error(`bench/wasm-node.mjs: unknown job ${JSON.stringify(job)}`);
  process.exit(2);
}
console.log(JSON.stringify(result));
