// The benchmark driver in the .wasm (wasm/abi/bench.c acp_abi_bench_*): each workload builds from the
// default excerpts and runs one quantum per object and frame with no heap call inside UseTime,
// and after the same frames its state has the same bits as the native build's (acphys bench).
// Benchmarks are not tests: nothing here is timed.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
        // Running humanoids sweep the terrain every quantum; the others never do.
        assert.equal(x.acp_abi_bench_sweeps(b) - s0, kind === 'terrain' || kind === 'crowd' || kind === 'indoor' ? 10 * N : 0);
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
  const ab = (args, opts = {}) => spawnSync(process.execPath, [join(root, 'scripts', 'ab.mjs'), ...args], { cwd: root, encoding: 'utf8', ...opts });
  const tmp = mkdtempSync(join(tmpdir(), 'acphys-ab-'));
  after(() => rmSync(tmp, { recursive: true, force: true }));
  it('names what is wrong with its arguments (exit 2, the usage after it)', () => {
    const notExec = join(tmp, 'not-executable');
    writeFileSync(notExec, '#!/bin/sh\n');
    const cases = [
      [['native', 'native', 'motion'], 'ab: wants A, B, a kind and a number of objects'],
      [['native', 'native', 'walking', '1'], 'ab: kind is one of kernel, motion, terrain, static, remote, crowd, particles, indoor, not "walking"'],
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
    const one = spawnSync('taskset', ['-c', '0', process.execPath, join(root, 'scripts', 'ab.mjs'), 'native', 'native', 'motion', '1'], { cwd: root, encoding: 'utf8' });
    assert.equal(one.status, 2);
    assert.equal(one.stderr.split('\n')[0], 'ab: needs two CPUs, one per side; this process may run on only CPU 0');
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
        `ab: native:${noResult} on CPU 0 printed no result (is it an acphys CLI?): "hello\\n"`],
      [[`native:${nativeCli}`, `native:${failing}`, 'motion', '2', '--rounds', '1', '--windows', '1'],
        `ab: native:${failing} on CPU 1 exited 3: acphys bench: out of memory`],
      [['wasm', `wasm:${notWasm}`, 'motion', '2', '--rounds', '1', '--windows', '1'], `ab: wasm:${notWasm} on CPU 1 exited 1: [CompileError: WebAssembly.compile(): expected magic word 00 61 73 6d`],
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
    assert.match(lines[0], /^pair 1 \(round 1\): A on CPU 0 \d+k \[\d+k\]  B on CPU 1 \d+k \[\d+k\]  B\/A \d+\.\d{3}$/);
    assert.match(lines[1], /^pair 2 \(round 1\): A on CPU 1 \d+k \[\d+k\]  B on CPU 0 \d+k \[\d+k\]  B\/A \d+\.\d{3}$/);
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
});
