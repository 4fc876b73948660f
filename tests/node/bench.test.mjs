// The benchmark driver in the .wasm (wasm/abi/bench.c acp_abi_bench_*): each workload builds from the
// default excerpts and runs one quantum per object and frame with no heap call inside UseTime,
// and after the same frames its state has the same bits as the native build's (acphys bench).
// Benchmarks are not tests: nothing here is timed.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';

import { createWorld, KINDS, loadExcerpts, warmupFrames, worldDigest } from '../../bench/lib/measure.mjs';
import { acphys, nativeCli, root, runNative } from './helpers.mjs';

const N = 4;

async function setup() {
  const acp = await acphys();
  const excerpts = loadExcerpts(acp, readFileSync(join(root, 'data', 'portal-default.dat')),
    readFileSync(join(root, 'data', 'cell-default.dat')));
  return { acp, x: acp.exports, excerpts };
}

describe('benchmark worlds', () => {
  for (const kind of Object.keys(KINDS)) {
    it(`${kind}: one quantum per object and frame, no heap call, same bits as native`, async () => {
      const { acp, x, excerpts } = await setup();
      const b = createWorld(acp, excerpts, kind, N);
      try {
        const warmup = warmupFrames(N);
        assert.equal(x.acp_abi_bench_verify(b, warmup), 0);
        const digest = worldDigest(acp, b);
        const a0 = x.acp_abi_alloc_count(), q0 = x.acp_abi_bench_quanta(b), s0 = x.acp_abi_bench_sweeps(b);
        x.acp_abi_bench_run(b, 10);
        assert.equal(x.acp_abi_alloc_count() - a0, 0);
        assert.equal(x.acp_abi_bench_quanta(b) - q0, 10 * N);
        assert.equal(x.acp_abi_bench_active(b), N);
        // Running humanoids sweep the terrain every quantum; the others never do; varied
        // humanoids sweep while they move (standing and turning in place make no sweep).
        const swept = x.acp_abi_bench_sweeps(b) - s0;
        if (kind === 'varied' || kind === 'town') assert.ok(swept > 0 && swept <= 10 * N, `${kind} swept ${swept}`);
        else assert.equal(swept, kind === 'terrain' || kind === 'crowd' || kind === 'indoor' || kind === 'wood' ? 10 * N : 0);
        const native = JSON.parse(runNative(['bench', 'world', kind, String(N), '--frames', '1', '--windows', '1',
          '--portal', join(root, 'data', 'portal-default.dat'), '--cell', join(root, 'data', 'cell-default.dat')]));
        assert.equal(native.warmup_frames, warmup);
        assert.equal(native.digest, digest);
        assert.equal(native.allocations, 0);
      } finally {
        x.acp_abi_bench_destroy(b);
      }
    });
  }

  it('part frames are placed when read (acp_abi_partarray_part_frames)', async () => {
    const { acp, x, excerpts } = await setup();
    const b = createWorld(acp, excerpts, 'motion', 1);
    try {
      x.acp_abi_bench_run(b, 3);
      const obj = acp.u32()[acp.get('world', x.acp_abi_bench_world(b), 'objects') >> 2];
      const pa = acp.get('physobj', obj, 'part_array');
      const frames = x.acp_abi_partarray_part_frames(pa);
      assert.equal(frames, acp.get('partarray', pa, 'part_frames'));
      // Part 0 of the humanoid sits at the object's origin, turned like the object (the run
      // cycle's part frames are offsets from it).
      const f32 = acp.f32();
      const origin = acp.get('physobj', obj, 'origin');
      assert.ok(Math.hypot(f32[(frames >> 2) + 13] - origin[0], f32[(frames >> 2) + 14] - origin[1]) < 2);
      for (const v of f32.subarray(frames >> 2, (frames >> 2) + 16)) assert.ok(Number.isFinite(v));
    } finally {
      x.acp_abi_bench_destroy(b);
    }
  });
});

describe('scripts/ab.mjs (paired A/B: two builds at once, one per CPU)', () => {
  // The first two CPUs this process may run on (ab.mjs pins its sides to them).
  const cpus = (() => {
    const list = readFileSync('/proc/self/status', 'utf8').split('\n').find((l) => l.startsWith('Cpus_allowed_list:')).split(':')[1].trim();
    return list.split(',').flatMap((part) => {
      const [lo, hi] = part.split('-').map(Number);
      return Array.from({ length: (hi ?? lo) - lo + 1 }, (_, k) => lo + k);
    });
  })();
  const [c0, c1] = cpus;
  /** Whether process `pid` still runs. */
  const alive = (pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  /** A fake CLI: a shell script in tmp. */
  const fake = (name, body) => {
    const path = join(tmp, name);
    writeFileSync(path, `#!/bin/sh\n${body}\n`);
    chmodSync(path, 0o755);
    return path;
  };
  const ab = (args, opts = {}) => spawnSync(process.execPath, [join(root, 'scripts', 'ab.mjs'), ...args], { cwd: root, encoding: 'utf8', ...opts });
  const tmp = mkdtempSync(join(tmpdir(), 'acphys-ab-'));
  after(() => rmSync(tmp, { recursive: true, force: true }));
  it('names what is wrong with its arguments (exit 2, the usage after it)', () => {
    const notExec = join(tmp, 'not-executable');
    writeFileSync(notExec, '#!/bin/sh\n');
    const cases = [
      [['native', 'native', 'motion'], 'ab: wants A, B, a kind and a number of objects'],
      [['native', 'native', 'walking', '1'], 'ab: kind is one of kernel, motion, terrain, static, remote, crowd, particles, indoor, varied, wood, town, varied-motion, not "walking"'],
      [['native', 'native', 'motion', '0'], 'ab: objects wants a whole number 1..1000000, not "0"'],
      [['native', 'native', 'motion', '1.5'], 'ab: objects wants a whole number 1..1000000, not "1.5"'],
      [['native', 'native', 'motion', '1', '--rounds', 'x'], 'ab: --rounds wants a whole number 1..1000, not "x"'],
      [['native', 'native', 'motion', '1', '--windows', '65'], 'ab: --windows wants a whole number 1..64, not "65"'],
      [['native', 'native', 'motion', '1', '--windows'], 'ab: --windows wants a whole number 1..64, not nothing'],
      [['native', 'native', 'motion', '1', '--rounds', '2', '--rounds', '3'], 'ab: --rounds is given twice'],
      [['native', 'native', 'motion', '1', '--rounds=2'], 'ab: unknown option "--rounds=2" (the options: --rounds n, --windows n, --any-digest)'],
      [['gpu', 'native', 'motion', '1'], 'ab: a side is native[:path] or wasm[:path], not "gpu"'],
      [['native:/nonexistent/acphys', 'native', 'motion', '1'], 'ab: no acphys CLI at /nonexistent/acphys: it does not exist'],
      [[`native:${tmp}`, 'native', 'motion', '1'], `ab: no acphys CLI at ${tmp}: it is not a file`],
      [[`native:${notExec}`, 'native', 'motion', '1'], `ab: no acphys CLI at ${notExec}: it is not executable`],
      [['wasm:/nonexistent/a.wasm', 'wasm', 'motion', '1'], 'ab: no .wasm at /nonexistent/a.wasm: it does not exist'],
    ];
    for (const [args, first] of cases) {
      const r = ab(args);
      assert.equal(r.status, 2, args.join(' '));
      assert.equal(r.stdout, '');
      assert.equal(r.stderr.split('\n')[0], first, args.join(' '));
      assert.match(r.stderr, /\nusage: node scripts\/ab\.mjs <A> <B> <kind> <objects>/);
    }
    const one = spawnSync('taskset', ['-c', String(c0), process.execPath, join(root, 'scripts', 'ab.mjs'), `native:${nativeCli}`, `native:${nativeCli}`, 'motion', '1'], { cwd: root, encoding: 'utf8' });
    assert.equal(one.status, 2);
    assert.equal(one.stderr.split('\n')[0], `ab: needs two CPUs, one per side; this process may run on only CPU ${c0}`);
    // The sides are checked first: a bad side is named whatever the CPUs.
    const oneBad = spawnSync('taskset', ['-c', String(c0), process.execPath, join(root, 'scripts', 'ab.mjs'), 'gpu', 'native', 'motion', '1'], { cwd: root, encoding: 'utf8' });
    assert.equal(oneBad.stderr.split('\n')[0], 'ab: a side is native[:path] or wasm[:path], not "gpu"');
    for (const [args, first] of [[['native:', 'native', 'motion', '1'], 'ab: native: wants a path after the colon (or no colon: the default)'],
      [['wasm', 'wasm:', 'motion', '1'], 'ab: wasm: wants a path after the colon (or no colon: the default)']]) {
      const r = ab(args);
      assert.equal(r.status, 2);
      assert.equal(r.stderr.split('\n')[0], first);
    }
    for (const h of ['--help', '-h']) {
      const r = ab([h]);
      assert.equal(r.status, 0);
      assert.match(r.stdout, /^usage: node scripts\/ab\.mjs <A> <B> <kind> <objects>/);
    }
  });
  it('a side that fails or prints no result stops the run with its own message (exit 1), no stack trace', () => {
    const noResult = join(tmp, 'says-nothing');
    writeFileSync(noResult, '#!/bin/sh\necho hello\n');
    chmodSync(noResult, 0o755);
    const failing = join(tmp, 'fails');
    writeFileSync(failing, '#!/bin/sh\necho "acphys bench: out of memory" >&2\nexit 3\n');
    chmodSync(failing, 0o755);
    const notWasm = join(tmp, 'not.wasm');
    writeFileSync(notWasm, 'hello');
    const cases = [
      [[`native:${noResult}`, `native:${nativeCli}`, 'motion', '2', '--rounds', '1', '--windows', '1'],
        `ab: native:${noResult} on CPU ${c0} printed no result (is it an acphys CLI?): "hello\\n"`],
      [[`native:${nativeCli}`, `native:${failing}`, 'motion', '2', '--rounds', '1', '--windows', '1'],
        `ab: native:${failing} on CPU ${c1} exited 3: acphys bench: out of memory`],
      [[`native:${fake('null', 'echo null')}`, `native:${nativeCli}`, 'motion', '2', '--rounds', '1', '--windows', '1'],
        `ab: native:${join(tmp, 'null')} on CPU ${c0} printed a result without a digest or windows: "null\\n"`],
      [[`native:${fake('no-windows', 'echo \'{"digest":"0123456789abcdef","windows":[]}\'')}`, `native:${nativeCli}`, 'motion', '2', '--rounds', '1', '--windows', '1'],
        `ab: native:${join(tmp, 'no-windows')} on CPU ${c0} printed a result without a digest or windows: `],
      [['wasm', `wasm:${notWasm}`, 'motion', '2', '--rounds', '1', '--windows', '1'], `ab: wasm:${notWasm} on CPU ${c1} exited 1: [CompileError: WebAssembly.compile(): expected magic word 00 61 73 6d`],
    ];
    for (const [args, first] of cases) {
      const r = ab(args);
      assert.equal(r.status, 1, `${args.join(' ')}: ${r.stderr}`);
      assert.equal(r.stdout, '');
      assert.equal(r.stderr.split('\n')[0].startsWith(first), true, `${args.join(' ')}: ${r.stderr}`);
      assert.doesNotMatch(r.stderr, /\n\s+at /, 'no stack trace of ab.mjs');
    }
  });
  it('one round, each side on each CPU: two pairs, their ratios, the shared digest (native CLI against the .wasm)', () => {
    const r = ab([`native:${nativeCli}`, 'wasm', 'motion', '2', '--rounds', '1', '--windows', '1']);
    assert.equal(r.status, 0, r.stderr);
    const lines = r.stdout.trim().split('\n');
    assert.equal(lines.length, 3);
    assert.match(lines[0], new RegExp(`^pair 1 \\(round 1\\): A on CPU ${c0} \\d+k \\[\\d+k\\]  B on CPU ${c1} \\d+k \\[\\d+k\\]  B/A \\d+\\.\\d{3}$`));
    assert.match(lines[1], new RegExp(`^pair 2 \\(round 1\\): A on CPU ${c1} \\d+k \\[\\d+k\\]  B on CPU ${c0} \\d+k \\[\\d+k\\]  B/A \\d+\\.\\d{3}$`));
    const digest = JSON.parse(runNative(['bench', 'world', 'motion', '2', '--frames', '1', '--windows', '1'], { cwd: root })).digest;
    assert.match(lines[2], new RegExp(`^motion × 2: B/A median \\d+\\.\\d{3} \\(pairs \\d+\\.\\d{3}, \\d+\\.\\d{3}\\); A = native:.*, B = wasm; digest ${digest}$`));
  });
  it('different digests stop it (exit 1) unless --any-digest, which lists both', () => {
    const other = join(tmp, 'other-bits');
    writeFileSync(other, '#!/bin/sh\necho \'{"digest":"deadbeefdeadbeef","windows":[1000,2000,3000]}\'\n');
    chmodSync(other, 0o755);
    const args = [`native:${nativeCli}`, `native:${other}`, 'motion', '2', '--rounds', '1', '--windows', '1'];
    const r = ab(args);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /^ab: native:.*other-bits gave digest deadbeefdeadbeef, the other side [0-9a-f]{16}: not the same bits \(--any-digest allows it\)\n$/);
    const any = ab([...args, '--any-digest']);
    assert.equal(any.status, 0, any.stderr);
    assert.match(any.stdout, /\n  digests: A [0-9a-f]{16}, B deadbeefdeadbeef\n/);
    assert.match(any.stdout, /; digest not compared \(--any-digest\)\n$/);
  });
  /** Whether process `pid` is gone within 10 s (a killed process stays a zombie until reaped;
   *  on a machine at load 10 the reaping took more than 3 s). */
  const gone = async (pid) => {
    for (let t = 0; t < 200 && alive(pid); t++) await new Promise((ok) => setTimeout(ok, 50));
    return !alive(pid);
  };
  /** A side that is a wrapper: its shell starts a long sleep (no exec) and writes the sleep's pid. */
  const wrapper = (name) => fake(name, `sleep 1000 & echo $! > ${join(tmp, name)}.pid\nwait`);
  const pidOf = (name) => Number(readFileSync(`${join(tmp, name)}.pid`, 'utf8'));
  it('leaves no process behind: a failing side stops the other and whatever it started; so does a signal to ab alone', async () => {
    const failLater = fake('fails-later', 'sleep 1\necho "acphys bench: gave up" >&2\nexit 3');
    const t0 = Date.now();
    const r = ab([`native:${wrapper('wrapped-a')}`, `native:${failLater}`, 'motion', '1', '--rounds', '1'], { timeout: 20000 });
    assert.equal(r.status, 1, r.stderr);
    assert.match(r.stderr, /^ab: native:.*fails-later on CPU \d+ exited 3: acphys bench: gave up\n$/);
    assert.ok(Date.now() - t0 < 15000, 'ab did not wait for the other side');
    assert.equal(await gone(pidOf('wrapped-a')), true, 'the wrapper\'s sleep was stopped');
    for (const [sig, code] of [['SIGTERM', 143], ['SIGINT', 130], ['SIGHUP', 129]]) {
      const name = `wrapped-${sig}`;
      const p = spawn(process.execPath, [join(root, 'scripts', 'ab.mjs'), `native:${wrapper(name)}`, `native:${wrapper(`${name}-b`)}`, 'motion', '1'], { cwd: root });
      const exited = new Promise((ok) => p.on('exit', (c) => ok(c)));
      while (!existsSync(`${join(tmp, name)}.pid`) || !existsSync(`${join(tmp, name)}-b.pid`)) await new Promise((ok) => setTimeout(ok, 50));
      p.kill(sig);
      assert.equal(await exited, code, sig);
      assert.equal(await gone(pidOf(name)), true, `${sig}: side A's sleep was stopped`);
      assert.equal(await gone(pidOf(`${name}-b`)), true, `${sig}: side B's sleep was stopped`);
    }
  });
  it('output into a pipe that closes (| head): a quiet stop when it next writes, the running pair stopped', async () => {
    // Each side answers at once twice, then (the third pair) starts a long sleep: ab writes pair 2's
    // line into the closed pipe while pair 3 runs.
    const side = (name) => fake(name, `n=$(cat ${join(tmp, name)}.n 2>/dev/null || echo 0); echo $((n + 1)) > ${join(tmp, name)}.n\n` +
      `if [ "$n" -ge 2 ]; then sleep 1000 & echo $! > ${join(tmp, name)}.pid; wait; fi\n` +
      'echo \'{"digest":"0123456789abcdef","windows":[1000]}\'');
    const a = side('pipe-a'), b = side('pipe-b');
    const r = spawnSync('sh', ['-c', `${process.execPath} ${join(root, 'scripts', 'ab.mjs')} native:${a} native:${b} motion 1 --rounds 2 | head -c 4; sleep 1`],
      { cwd: root, encoding: 'utf8', timeout: 20000 });
    assert.equal(r.stdout, 'pair');
    assert.equal(r.stderr, '', 'no EPIPE stack trace');
    for (const name of ['pipe-a', 'pipe-b']) {
      if (existsSync(`${join(tmp, name)}.pid`)) assert.equal(await gone(pidOf(name)), true, `${name}'s sleep was stopped`);
    }
  });
});
