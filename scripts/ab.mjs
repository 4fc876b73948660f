#!/usr/bin/env node
// acphys paired A/B: two builds measured at the same time, one per core, so that both see the
// same phase of a noisy machine (BENCHMARKS.md, issue 20 item 14, "Measuring on a noisy VM"). On
// the 2-core VMs this project runs on, the memory system's pace changes by up to 3× from one
// second to the next (one process's 0.25 s windows of motion at 10,000 objects: 7.8 M, then 2.3 M
// object-quanta/s), so two builds run one after the other can differ by more than any change
// being measured; run side by side, they share the phase.
//   node scripts/ab.mjs <A> <B> <kind> <objects> [--rounds n] [--windows n] [--any-digest]
// A pair is one run of A and one of B at the same time, each on its own CPU; a round is two
// pairs, A on the first CPU and B on the second, then swapped (the CPUs are not quite alike
// either). --rounds n (default 3) runs 2n pairs; each pair's ratio is B's median window over
// A's, and the result is the median of the pairs' ratios. --windows n (default 7, at most 64,
// as `acphys bench`) windows of ~0.25 s per run. The CPUs are the first two this process may
// run on (its affinity).
// A side is `native` (build/bench/acphys: `node scripts/build.mjs bench`), `native:<path to an
// acphys CLI>`, `wasm` (wasm/acphys.wasm under Node, bench/wasm-node.mjs: `node scripts/build.mjs
// wasm`) or `wasm:<path to a .wasm>`. kind: a workload of `acphys bench world` (motion, terrain,
// static, remote, crowd, particles, indoor) or `kernel`. The two sides must give the same digest
// (same bits), or the script says so and exits 1; --any-digest allows an experiment that changes
// the results (a build that is not retail). Linux only (taskset, util-linux). The two processes
// share the caches and the memory bus, so the absolute rates are lower than alone: compare the
// ratios, not the rates. Pair like with like (native with native, WASM with WASM): V8 compiles
// and collects on threads of its own, which alone get a core when WASM runs by itself, so a
// native-against-WASM pair reads WASM low (motion at 1 object: 0.76-0.85 paired where `npm run
// bench`'s rounds give 0.89-0.91). A side that fails stops the other and the script (exit 1),
// with the failing side's own message; each side runs in its own process group, which every way
// out of the script (an error, a signal, a closed pipe) kills.
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { median } from '../bench/lib/measure.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const USAGE = 'usage: node scripts/ab.mjs <A> <B> <kind> <objects> [--rounds n] [--windows n] [--any-digest]\n' +
  '  A, B: native | native:<acphys CLI> | wasm | wasm:<file.wasm>';
const KINDS = ['kernel', 'motion', 'terrain', 'static', 'remote', 'crowd', 'particles', 'indoor', 'varied', 'wood', 'town', 'varied-motion'];
const MAX_WINDOWS = 64; /* acphys bench's own limit (src/cli/bench_cmd.c) */

function fail(message) {
  console.error(`ab: ${message}\n${USAGE}`);
  process.exit(2);
}

/** The options out of args (which keeps the positional arguments). */
function options(args) {
  const o = { rounds: 3, windows: 7, anyDigest: false };
  const limits = { '--rounds': ['rounds', 1000], '--windows': ['windows', MAX_WINDOWS] };
  const seen = new Set();
  for (let i = 0; i < args.length;) {
    const a = args[i];
    if (a === '--help' || a === '-h') { console.log(USAGE); process.exit(0); }
    if (!a.startsWith('--')) { i++; continue; }
    if (seen.has(a)) fail(`${a} is given twice`);
    seen.add(a);
    if (a === '--any-digest') { o.anyDigest = true; args.splice(i, 1); continue; }
    const lim = limits[a];
    if (!lim) fail(`unknown option ${JSON.stringify(a)} (the options: --rounds n, --windows n, --any-digest)`);
    const raw = args[i + 1];
    const v = Number(raw);
    if (raw === undefined || !/^\d+$/.test(raw) || v < 1 || v > lim[1])
      fail(`${a} wants a whole number 1..${lim[1]}, not ${raw === undefined ? 'nothing' : JSON.stringify(raw)}`);
    o[lim[0]] = v;
    args.splice(i, 2);
  }
  return o;
}

/** A file that exists, is a regular file and (for a CLI) may be executed; else why not. */
function fileProblem(path, executable) {
  let st;
  try {
    st = statSync(path);
  } catch {
    return 'does not exist';
  }
  if (!st.isFile()) return 'is not a file';
  if (executable) {
    try {
      accessSync(path, constants.X_OK);
    } catch {
      return 'is not executable';
    }
  }
  return null;
}

/** The command line of one side: { label, cmd, args(kind, objects, windows) }. */
function side(spec) {
  const [what, path] = spec.split(/:(.*)/s);
  if ((what === 'native' || what === 'wasm') && path === '') fail(`${what}: wants a path after the colon (or no colon: the default)`);
  if (what === 'native') {
    const bin = resolve(path || join(root, 'build', 'bench', 'acphys'));
    const why = fileProblem(bin, true);
    if (why) fail(`no acphys CLI at ${bin}: it ${why}` + (path ? '' : ' (node scripts/build.mjs bench builds build/bench/acphys)'));
    return {
      label: spec, cmd: bin,
      args: (kind, n, w) => (kind === 'kernel' ? ['bench', 'kernel', String(n)] : ['bench', 'world', kind, String(n)])
        .concat(['--windows', String(w)]),
    };
  }
  if (what === 'wasm') {
    const wasm = resolve(path || join(root, 'wasm', 'acphys.wasm'));
    const why = fileProblem(wasm, false);
    if (why) fail(`no .wasm at ${wasm}: it ${why}` + (path ? '' : ' (node scripts/build.mjs wasm builds wasm/acphys.wasm)'));
    return {
      label: spec, cmd: process.execPath,
      args: (kind, n, w) => [join(root, 'bench', 'wasm-node.mjs'), JSON.stringify({
        job: kind === 'kernel' ? 'kernel' : 'world', kind, objects: n, windows: w, wasm,
      })],
    };
  }
  return fail(`a side is native[:path] or wasm[:path], not ${JSON.stringify(spec)}`);
}

/** The CPUs this process may run on (Linux: /proc/self/status Cpus_allowed_list, "0-3,8"). */
function allowedCpus() {
  try {
    const line = readFileSync('/proc/self/status', 'utf8').split('\n').find((l) => l.startsWith('Cpus_allowed_list:'));
    const cpus = [];
    for (const part of line.split(':')[1].trim().split(',')) {
      const [lo, hi] = part.split('-').map(Number);
      for (let c = lo; c <= (hi ?? lo); c++) cpus.push(c);
    }
    return cpus.filter(Number.isInteger);
  } catch {
    return [];
  }
}

// Each side runs in a process group of its own (detached), so that stopping it stops whatever it
// started too (a wrapper script's acphys); every way out of this script stops them.
const running = new Set();
function stopAll() {
  for (const p of running) {
    try {
      process.kill(-p.pid, 'SIGKILL');
    } catch { /* already gone */ }
  }
}
process.on('exit', stopAll);
for (const [sig, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]]) process.on(sig, () => process.exit(code));
process.stdout.on('error', (e) => process.exit(e.code === 'EPIPE' ? 0 : 1)); /* `| head`: stop quietly */

/** One run of side s on `cpu`: its result JSON; rejects with the side's own message. */
function runOn(cpu, s, kind, n, windows) {
  return new Promise((done, reject) => {
    const p = spawn('taskset', ['-c', String(cpu), s.cmd, ...s.args(kind, n, windows)], { cwd: root, detached: true });
    running.add(p);
    let out = '', err = '';
    p.stdout.on('data', (d) => { out += d; });
    p.stderr.on('data', (d) => { err += d; });
    p.on('error', (e) => { running.delete(p); reject(new Error(`${s.label}: ${e.message}`)); });
    p.on('close', (code, signal) => {
      running.delete(p);
      // The side's own message: acphys's line, or the error line of a Node stack, else the first.
      const lines = err.split('\n').map((l) => l.trim()).filter(Boolean);
      const said = lines.find((l) => /^\[?(acphys|[A-Za-z]*Error\b)/.test(l)) ?? lines[0] ?? '';
      if (code !== 0) return reject(new Error(`${s.label} on CPU ${cpu} ${signal ? `was stopped by ${signal}` : `exited ${code}`}${said ? `: ${said}` : ''}`));
      let res;
      try {
        res = JSON.parse(out.trim().split('\n').pop());
      } catch {
        return reject(new Error(`${s.label} on CPU ${cpu} printed no result (is it an acphys CLI?): ${JSON.stringify(out.slice(0, 120))}`));
      }
      if (!res || typeof res !== 'object' || typeof res.digest !== 'string' || !Array.isArray(res.windows) || !res.windows.length ||
          !res.windows.every((v) => Number.isFinite(v) && v > 0))
        return reject(new Error(`${s.label} on CPU ${cpu} printed a result without a digest or windows: ${JSON.stringify(out.slice(0, 120))}`));
      done(res);
    });
  });
}

async function main() {
  const args = process.argv.slice(2);
  const o = options(args);
  if (args.length !== 4) fail('wants A, B, a kind and a number of objects');
  const [specA, specB, kind, nArg] = args;
  if (!KINDS.includes(kind)) fail(`kind is one of ${KINDS.join(', ')}, not ${JSON.stringify(kind)}`);
  const n = Number(nArg);
  if (!/^\d+$/.test(nArg) || n < 1 || n > 1000000) fail(`objects wants a whole number 1..1000000, not ${JSON.stringify(nArg)}`);
  const A = side(specA), B = side(specB);
  const cpus = allowedCpus();
  if (cpus.length < 2) fail(`needs two CPUs, one per side; this process may run on ${cpus.length ? `only CPU ${cpus[0]}` : 'no CPU it can name (/proc/self/status)'}`);
  if (spawnSync('taskset', ['-V']).status !== 0) fail('needs taskset (util-linux) to put each side on its own CPU');
  const [c0, c1] = cpus;

  const ratios = [];
  let digest = null;
  for (let r = 0; r < 2 * o.rounds; r++) {
    const [cpuA, cpuB] = r % 2 ? [c1, c0] : [c0, c1];
    const runs = [runOn(cpuA, A, kind, n, o.windows), runOn(cpuB, B, kind, n, o.windows)];
    let a, b;
    try {
      [a, b] = await Promise.all(runs);
    } catch (e) {
      console.error(`ab: ${e.message}`);
      process.exit(1); /* the exit handler stops the other side */
    }
    for (const [s, res] of [[A, a], [B, b]]) {
      if (digest === null) digest = res.digest;
      else if (res.digest !== digest && !o.anyDigest) {
        console.error(`ab: ${s.label} gave digest ${res.digest}, the other side ${digest}: not the same bits (--any-digest allows it)`);
        process.exit(1);
      }
    }
    const ma = median(a.windows), mb = median(b.windows);
    ratios.push(mb / ma);
    const k = (v) => `${(v / 1e3).toFixed(0)}k`;
    console.log(`pair ${r + 1} (round ${(r >> 1) + 1}): A on CPU ${cpuA} ${k(ma)} [${a.windows.map(k).join(' ')}]  ` +
      `B on CPU ${cpuB} ${k(mb)} [${b.windows.map(k).join(' ')}]  B/A ${(mb / ma).toFixed(3)}`);
    if (o.anyDigest && a.digest !== b.digest) console.log(`  digests: A ${a.digest}, B ${b.digest}`);
  }
  console.log(`${kind} × ${n}: B/A median ${median(ratios).toFixed(3)} (pairs ${ratios.map((v) => v.toFixed(3)).join(', ')}); ` +
    `A = ${A.label}, B = ${B.label}; digest ${o.anyDigest ? 'not compared (--any-digest)' : digest}`);
}

await main();
