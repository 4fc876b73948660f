// The draw side in the .wasm (wasm/abi/draw.c, src/draw/draw.h): the part, sphere and selection
// matrices and the terrain arrays of a terrain benchmark world equal the native build's
// (build/native/acphys_draw_dump) within 1e-6 relative (cglm's float arithmetic is not part of the
// bit-exact trace); they agree with the part frames the physics exposes; filling allocates
// nothing; and the build's check refuses a physics file that includes cglm.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';

import { createWorld, loadExcerpts } from '../../bench/lib/measure.mjs';
import { acphys, root } from './helpers.mjs';

const OBJECTS = 3;
const FRAMES = 25;
const REL = 1e-6;
const dump = join(root, 'build', 'native', 'acphys_draw_dump');

async function world() {
  const acp = await acphys();
  const excerpts = loadExcerpts(acp, readFileSync(join(root, 'data', 'portal-default.dat')),
    readFileSync(join(root, 'data', 'cell-default.dat')));
  const b = createWorld(acp, excerpts, 'terrain', OBJECTS);
  acp.exports.acp_abi_bench_run(b, FRAMES);
  return { acp, x: acp.exports, b, w: acp.exports.acp_abi_bench_world(b) };
}

/** Call fill(out, capacity) once to count, once to fill; the floats as a plain array. */
function fill(acp, perItem, fn) {
  const n = fn(0, 0);
  const out = acp.alloc(Math.max(4, n * perItem * 4));
  try {
    assert.equal(fn(out, perItem === 16 ? n : n * 3), n);
    return Array.from(acp.f32().subarray(out >> 2, (out >> 2) + n * perItem));
  } finally {
    acp.free(out);
  }
}

function assertClose(actual, expected, what) {
  assert.equal(actual.length, expected.length, `${what}: length`);
  for (let i = 0; i < expected.length; i++) {
    const tol = REL * Math.max(1, Math.abs(expected[i]));
    assert.ok(Math.abs(actual[i] - expected[i]) <= tol, `${what}[${i}]: wasm ${actual[i]} vs native ${expected[i]}`);
  }
}

describe('draw side', () => {
  it('part, sphere and selection matrices and terrain arrays: WASM = native within 1e-6 relative', async (t) => {
    if (!existsSync(dump)) throw new Error(`not built: ${dump} (run npm run build)`);
    const native = JSON.parse(execFileSync(dump, [String(OBJECTS), String(FRAMES)], { encoding: 'utf8' }));
    const { acp, x, b, w } = await world();
    try {
      const objects = acp.get('world', w, 'objects');
      const first = acp.u32()[objects >> 2];
      const origin = acp.get('physobj', first, 'cell') >>> 0;
      assert.equal(origin, native.origin >>> 0);
      const parts = fill(acp, 16, (o, c) => x.acp_abi_draw_world_part_matrices(w, origin, o, c));
      const spheres = fill(acp, 16, (o, c) => x.acp_abi_draw_world_sphere_matrices(w, origin, o, c));
      const selection = [];
      const sel = acp.alloc(64);
      for (let i = 0; i < OBJECTS; i++) {
        assert.equal(x.acp_abi_draw_selection_sphere_matrix(acp.u32()[(objects >> 2) + i], origin, sel), 1);
        selection.push(...acp.f32().subarray(sel >> 2, (sel >> 2) + 16));
      }
      acp.free(sel);
      const terrain = x.acp_abi_world_terrain(w);
      const positions = fill(acp, 3, (o, c) => x.acp_abi_draw_terrain_positions(terrain, 0, origin, o, c));
      const normals = fill(acp, 3, (o, c) => x.acp_abi_draw_terrain_normals(terrain, 0, o, c));
      assert.ok(parts.length / 16 >= OBJECTS * 10, `${parts.length / 16} part matrices`);
      assert.equal(spheres.length / 16, 2 * OBJECTS);
      assert.equal(positions.length, 1152);
      assertClose(parts, native.parts, 'parts');
      assertClose(spheres, native.spheres, 'spheres');
      assertClose(selection, native.selection, 'selection');
      assertClose(positions, native.positions, 'positions');
      assertClose(normals, native.normals, 'normals');
      // The objects stand apart: the matrices are not all one.
      assert.notDeepEqual(parts.slice(0, 16), parts.slice(-16));
      t.diagnostic(`${parts.length / 16} parts, ${spheres.length / 16} spheres, 384 terrain vertices compared`);
    } finally {
      x.acp_abi_bench_destroy(b);
    }
  });

  it('part matrices are the part frames of acp_abi_partarray_part_frames times the drawing scale', async () => {
    const { acp, x, b, w } = await world();
    try {
      const obj = acp.u32()[acp.get('world', w, 'objects') >> 2];
      const cell = acp.get('physobj', obj, 'cell') >>> 0;
      const pa = acp.get('physobj', obj, 'part_array');
      const n = acp.get('partarray', pa, 'num_parts');
      const m = fill(acp, 16, (o, c) => x.acp_abi_draw_part_matrices(obj, cell, o, c));
      assert.equal(m.length, 16 * n);
      const frames = x.acp_abi_partarray_part_frames(pa) >> 2;
      const gfx = acp.get('partarray', pa, 'part_gfx_scale') >> 2;
      const f32 = acp.f32();
      for (let i = 0; i < n; i++) {
        const f = frames + 16 * i, g = gfx + 3 * i, k = 16 * i;
        // Column c of the matrix: column c of the frame's cached rotation × scale c.
        for (let c = 0; c < 3; c++)
          for (let r = 0; r < 3; r++)
            assert.ok(Math.abs(m[k + 4 * c + r] - f32[f + 4 + 3 * c + r] * f32[g + c]) <= 1e-6, `part ${i} m[${c}][${r}]`);
        // The translation is the frame's origin (same landblock: no shift) within 1e-6 relative
        // (floor 1 m): the draw side composes the pending placement in float itself, the
        // placement read here sums the origin in double (src/draw/draw.c compose_parts).
        const mag = Math.max(1, ...[0, 1, 2].map((r) => Math.abs(f32[f + 13 + r])));
        for (let r = 0; r < 3; r++) assert.ok(Math.abs(m[k + 12 + r] - f32[f + 13 + r]) <= 1e-6 * mag, `part ${i} origin ${r}`);
        assert.deepEqual([m[k + 3], m[k + 7], m[k + 11], m[k + 15]], [0, 0, 0, 1]);
      }
      // One landblock further east as the origin: every x is 192 m less.
      const east = fill(acp, 16, (o, c) => x.acp_abi_draw_part_matrices(obj, cell + 0x01000000, o, c));
      for (let i = 0; i < n; i++) assert.ok(Math.abs(east[16 * i + 12] - (m[16 * i + 12] - 192)) <= 1e-3);
    } finally {
      x.acp_abi_bench_destroy(b);
    }
  });

  it('filling the arrays every frame makes no heap call', async () => {
    const { acp, x, b, w } = await world();
    try {
      const np = x.acp_abi_draw_world_part_matrices(w, 0, 0, 0);
      const out = acp.alloc(np * 64);
      const before = x.acp_abi_alloc_count();
      for (let f = 0; f < 5; f++) {
        x.acp_abi_bench_run(b, 1);
        assert.equal(x.acp_abi_draw_world_part_matrices(w, 0, out, np), np);
        x.acp_abi_draw_world_sphere_matrices(w, 0, out, np);
      }
      assert.equal(x.acp_abi_alloc_count() - before, 0);
      acp.free(out);
      // Out of range and null arguments count nothing.
      assert.equal(x.acp_abi_draw_terrain_positions(x.acp_abi_world_terrain(w), 99, 0, 0, 0), 0);
      assert.equal(x.acp_abi_draw_part_matrices(0, 0, 0, 0), 0);
      assert.equal(x.acp_abi_draw_world_part_matrices(0, 0, 0, 0), 0);
    } finally {
      x.acp_abi_bench_destroy(b);
    }
  });

  it('the build refuses a physics file that includes cglm (cmake/check_no_cglm.cmake)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'acphys-cglm-'));
    try {
      mkdirSync(join(dir, 'physics', 'world'), { recursive: true });
      writeFileSync(join(dir, 'physics', 'world', 'ok.c'), '#include "physics/world/physics.h"\n');
      const check = (dirs) => spawnSync('cmake', [`-DDIRS=${dirs}`, '-P', join(root, 'cmake', 'check_no_cglm.cmake')], { encoding: 'utf8' });
      assert.equal(check(join(dir, 'physics')).status, 0);
      writeFileSync(join(dir, 'physics', 'world', 'bad.h'), '#pragma once\n  #  include <cglm/mat4.h>\n');
      const bad = check(join(dir, 'physics'));
      assert.notEqual(bad.status, 0);
      assert.match(bad.stderr, /bad\.h/);
      assert.match(bad.stderr, /draw side only/);
      // The real tree passes: no file the physics is built from includes cglm.
      const real = ['core', 'physics', 'base', 'dat', 'scenario', 'bench'].map((d) => join(root, 'src', d)).join(';');
      const ok = check(real);
      assert.equal(ok.status, 0, ok.stderr);
      assert.match(ok.stdout + ok.stderr, /none includes cglm/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
