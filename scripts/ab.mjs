#!/usr/bin/env node
// acphys paired A/B: two builds measured at the same time, one per core, so that both see the
// same phase of a noisy machine (BENCHMARKS.md, issue 20 item 14, "Measuring on a noisy VM"). On the 2-core VMs this
// project runs on, the memory system's pace changes by up to 3× from one second to the next
// (one process's 0.25 s windows of motion at 10,000 objects: 7.8 M, then 2.3 M object-quanta/s),
// so two builds run one after the other can differ by more than any change being measured;
// run side by side, they share the phase. Each round runs A on core 0 and B on core 1, then
// swapped (the cores are not quite alike either); the result is every round's B ÷ A of the
// two processes' median windows, and the median of those ratios.
//   node scripts/ab.mjs <A> <B> <kind> <objects> [--rounds n] [--windows n]
// A side is `native` (build/bench/acphys), `native:<path to an acphys CLI>`, `wasm`
// (wasm/acphys.wasm under Node, bench/wasm-node.mjs) or `wasm:<path to a .wasm>`. kind: a
// workload of `acphys bench world` (motion, terrain, static, remote, crowd, particles, indoor)
// or `kernel`. The two sides must give the same digest (same bits), or the script says so and
// exits 1. Linux only (taskset, util-linux). The two processes share the caches and the memory
// bus, so the absolute rates are lower than alone: compare the ratios, not the rates. Pair like
// with like (native with native, WASM with WASM): V8 compiles and collects on threads of its
// own, which alone get a core when WASM runs by itself, so a native-against-WASM pair reads
// WASM low (motion at 1 object: 0.76-0.85 paired where `npm run bench`'s rounds give 0.89-0.91).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { median } from '../bench/lib/measure.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = 'usage: node scripts/ab.mjs <A> <B> <kind> <objects> [--rounds n] [--windows n]\n' +
  '  A, B: native | native:<acphys CLI> | wasm | wasm:<file.wasm>';
const KINDS = ['kernel', 'motion', 'terrain', 'static', 'remote', 'crowd', 'particles', 'indoor'];

function fail(message) {
  console.error(`ab: ${message}\n${USAGE}`);
  process.exit(2);
}

function option(args, name, fallback) {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const v = Number(args[i + 1]);
  if (!Number.isInteger(v) || v < 1 || v > 1000) fail(`${name} wants a whole number 1..1000, not ${JSON.stringify(args[i + 1])}`);
  args.splice(i, 2);
  return v;
}

/** The command line of one side: { label, cmd, args(kind, objects, windows) }. */
function side(spec) {
  const [what, path] = spec.split(/:(.*)/s);
  if (what === 'native') {
    const bin = resolve(path || join(root, 'build', 'bench', 'acphys'));
    if (!existsSync(bin)) fail(`no acphys CLI at ${bin} (node scripts/build.mjs bench builds build/bench/acphys)`);
    return {
      label: spec, cmd: bin,
      args: (kind, n, w) => (kind === 'kernel' ? ['bench', 'kernel', String(n)] : ['bench', 'world', kind, String(n)])
        .concat(['--windows', String(w)]),
    };
  }
  if (what === 'wasm') {
    const wasm = path ? resolve(path) : null;
    if (wasm && !existsSync(wasm)) fail(`no .wasm at ${wasm}`);
    return {
      label: spec, cmd: process.execPath,
      args: (kind, n, w) => [join(root, 'bench', 'wasm-node.mjs'), JSON.stringify({
        job: kind === 'kernel' ? 'kernel' : 'world', kind, objects: n, windows: w, ...(wasm ? { wasm } : {}),
      })],
    };
  }
  return fail(`a side is native[:path] or wasm[:path], not ${JSON.stringify(spec)}`);
}

function runOn(core, s, kind, n, windows) {
  return new Promise((done, reject) => {
    const p = spawn('taskset', ['-c', String(core), s.cmd, ...s.args(kind, n, windows)], { cwd: root });
    let out = '', err = '';
    p.stdout.on('data', (d) => { out += d; });
    p.stderr.on('data', (d) => { err += d; });
    p.on('error', reject);
    p.on('close', (code) => {
      if (code !== 0) return reject(new Error(`${s.label} on core ${core} exited ${code}: ${err.trim()}`));
      try {
        done(JSON.parse(out.trim().split('\n').pop()));
      } catch {
        reject(new Error(`${s.label} on core ${core} printed no result: ${out.slice(0, 200)}`));
      }
    });
  });
}

const args = process.argv.slice(2);
const rounds = option(args, '--rounds', 3);
const windows = option(args, '--windows', 7);
if (args.length !== 4) fail('wants A, B, a kind and a number of objects');
const [specA, specB, kind, nArg] = args;
if (!KINDS.includes(kind)) fail(`kind is one of ${KINDS.join(', ')}, not ${JSON.stringify(kind)}`);
const n = Number(nArg);
if (!Number.isInteger(n) || n < 1 || n > 1000000) fail(`objects wants a whole number 1..1000000, not ${JSON.stringify(nArg)}`);
if (availableParallelism() < 2) fail(`needs two cores, one per side; this machine has ${availableParallelism()}`);
if (spawnSync('taskset', ['-V']).status !== 0) fail('needs taskset (util-linux) to put each side on its own core');
const A = side(specA), B = side(specB);

const ratios = [];
let digest = null;
for (let r = 0; r < 2 * rounds; r++) {
  const [coreA, coreB] = r % 2 ? [1, 0] : [0, 1];
  const [a, b] = await Promise.all([runOn(coreA, A, kind, n, windows), runOn(coreB, B, kind, n, windows)]);
  for (const [s, res] of [[A, a], [B, b]]) {
    if (digest === null) digest = res.digest;
    else if (res.digest !== digest) {
      console.error(`ab: ${s.label} gave digest ${res.digest}, the other side ${digest}: not the same bits`);
      process.exit(1);
    }
  }
  const ma = median(a.windows), mb = median(b.windows);
  ratios.push(mb / ma);
  const k = (v) => `${(v / 1e3).toFixed(0)}k`;
  console.log(`round ${r + 1}: A core ${coreA} ${k(ma)} [${a.windows.map(k).join(' ')}]  ` +
    `B core ${coreB} ${k(mb)} [${b.windows.map(k).join(' ')}]  B/A ${(mb / ma).toFixed(3)}`);
}
console.log(`${kind} × ${n}: B/A median ${median(ratios).toFixed(3)} (rounds ${ratios.map((v) => v.toFixed(3)).join(', ')}); ` +
  `A = ${A.label}, B = ${B.label}; digest ${digest}`);
