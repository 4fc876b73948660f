// The benchmark driver in the .wasm (wasm/abi/bench.c acp_abi_bench_*): each workload builds from the
// default excerpts and runs one quantum per object and frame with no heap call inside UseTime,
// and after the same frames its state has the same bits as the native build's (acphys bench).
// Benchmarks are not tests: nothing here is timed.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

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

describe('scripts/ab.mjs (paired A/B: two builds at once, one per core)', () => {
  const ab = (args) => spawnSync(process.execPath, [join(root, 'scripts', 'ab.mjs'), ...args], { cwd: root, encoding: 'utf8' });
  it('names what is wrong with its arguments (exit 2)', () => {
    const cases = [
      [['native', 'native', 'motion'], 'ab: wants A, B, a kind and a number of objects'],
      [['native', 'native', 'walking', '1'], 'ab: kind is one of kernel, motion, terrain, static, remote, crowd, particles, indoor, not "walking"'],
      [['native', 'native', 'motion', '0'], 'ab: objects wants a whole number 1..1000000, not "0"'],
      [['native', 'native', 'motion', '1', '--rounds', 'x'], 'ab: --rounds wants a whole number 1..1000, not "x"'],
      [['gpu', 'native', 'motion', '1'], 'ab: a side is native[:path] or wasm[:path], not "gpu"'],
      [['native:/nonexistent/acphys', 'native', 'motion', '1'], 'ab: no acphys CLI at /nonexistent/acphys'],
      [['wasm:/nonexistent/a.wasm', 'wasm', 'motion', '1'], 'ab: no .wasm at /nonexistent/a.wasm'],
    ];
    for (const [args, first] of cases) {
      const r = ab(args);
      assert.equal(r.status, 2, args.join(' '));
      assert.equal(r.stdout, '');
      assert.equal(r.stderr.split('\n')[0].startsWith(first), true, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stderr, /\nusage: node scripts\/ab\.mjs <A> <B> <kind> <objects>/);
    }
  });
  it('one round, each side on each core: four medians, two ratios, the shared digest (native CLI against the .wasm)', () => {
    const r = ab([`native:${nativeCli}`, 'wasm', 'motion', '2', '--rounds', '1', '--windows', '1']);
    assert.equal(r.status, 0, r.stderr);
    const lines = r.stdout.trim().split('\n');
    assert.equal(lines.length, 3);
    assert.match(lines[0], /^round 1: A core 0 \d+k \[\d+k\]  B core 1 \d+k \[\d+k\]  B\/A \d+\.\d{3}$/);
    assert.match(lines[1], /^round 2: A core 1 \d+k \[\d+k\]  B core 0 \d+k \[\d+k\]  B\/A \d+\.\d{3}$/);
    const digest = JSON.parse(runNative(['bench', 'world', 'motion', '2', '--frames', '1', '--windows', '1'], { cwd: root })).digest;
    assert.match(lines[2], new RegExp(`^motion × 2: B/A median \\d+\\.\\d{3} \\(rounds \\d+\\.\\d{3}, \\d+\\.\\d{3}\\); A = native:.*, B = wasm; digest ${digest}$`));
  });
});
