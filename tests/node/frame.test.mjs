// Frame conformance over the .wasm: the same cases and expectations as tests/c/test_frame.c.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { acphys, fbits, Mem, near } from './helpers.mjs';

const H = Math.SQRT1_2;
let acp, mem, X;
before(async () => { acp = await acphys(); mem = new Mem(acp); X = acp.exports; });
after(() => mem.freeAll());

describe('Frame (retail Frame/AFrame)', () => {
  it('combine order: east-facing body + local (0,1,0) moves +X; rotation is q_body·q_d', () => {
    const body = mem.frameWith([H, 0, 0, -H], [10, 20, 30]);
    const step = mem.frame();
    mem.setOrigin(step, [0, 1, 0]);
    const out = mem.frame();
    X.acp_abi_frame_combine(out, body, step);
    near(assert, mem.read(out).origin, [11, 20, 30], 1e-6, 'origin');
    const qd = mem.frameWith([H, H, 0, 0], [0, 1, 0]);
    X.acp_abi_frame_combine(out, body, qd);
    near(assert, mem.read(out).q, [0.5, 0.5, -0.5, -0.5], 1e-6, 'q_body·q_d');
    X.acp_abi_frame_combine_aframe(out, body, qd);
    near(assert, mem.read(out).q, [0.5, 0.5, -0.5, -0.5], 1e-6, 'aframe overload');
  });

  it('combine with identity is exact', () => {
    const a = mem.frameWith([0.468932, 0, 0, -0.883235], [118.6824, 58.51815, 330.9344]);
    const out = mem.frame();
    X.acp_abi_frame_combine(out, a, mem.frame());
    const ra = mem.read(a), ro = mem.read(out);
    assert.deepEqual(ro.origin.map(fbits), ra.origin.map(fbits));
    assert.deepEqual(ro.q.map(fbits), ra.q.map(fbits));
  });

  it('set_heading keeps pitch only approximately: pitched 30° up, heading 90 → pitch 26.565°', () => {
    const f = mem.frame();
    X.acp_abi_frame_set_vector_heading(f, 0, 0.8660254, 0.5);
    X.acp_abi_frame_set_heading(f, 90);
    const fwd = mem.forward(f);
    near(assert, fwd, [2 / Math.sqrt(5), 0, 1 / Math.sqrt(5)], 1e-6, 'forward');
    near(assert, X.acp_abi_frame_get_heading(f), 90, 1e-4, 'heading');
    near(assert, Math.asin(fwd[2]) * 180 / Math.PI, 26.565051177077990, 1e-4, 'pitch');
  });

  it('heading units: identity 0, set_heading(90) maps +Y to +X, west reads 270, round trip', () => {
    const f = mem.frame();
    assert.equal(X.acp_abi_frame_get_heading(f), 0);
    X.acp_abi_frame_set_heading(f, 90);
    near(assert, mem.forward(f), [1, 0, 0], 1e-6, 'east');
    const w = mem.frameWith([H, 0, 0, H]);
    near(assert, X.acp_abi_frame_get_heading(w), 270, 1e-4, 'west');
    for (const h of [0, 1, 45, 89.9, 135, 180, 200.5, 270, 359.9]) {
      const g = mem.frame();
      X.acp_abi_frame_set_heading(g, h);
      const before = mem.read(g).m;
      X.acp_abi_frame_set_heading(g, X.acp_abi_frame_get_heading(g));
      near(assert, mem.read(g).m, before, 1e-6, `heading ${h}`);
    }
  });

  it('grotate((0.5, 0, 0)) on identity is (cos 0.25, sin 0.25, 0, 0); tiny rotations are no-ops', () => {
    const f = mem.frame();
    X.acp_abi_frame_grotate(f, 0.5, 0, 0);
    near(assert, mem.read(f).q, [Math.cos(0.25), Math.sin(0.25), 0, 0], 1e-7, 'q');
    const g = mem.frame();
    X.acp_abi_frame_grotate(g, 0.0001, 0.0001, 0);
    assert.deepEqual(mem.read(g).q, [1, 0, 0, 0]);
  });

  it('set_rotate rejects (NaN,0,0,0), (0,0,0,0) and keeps the previous quaternion', () => {
    const f = mem.frameWith([0.5, 0.5, 0.5, 0.5]);
    const before = mem.read(f);
    X.acp_abi_frame_set_rotate(f, NaN, 0, 0, 0);
    assert.deepEqual(mem.read(f), before);
    X.acp_abi_frame_set_rotate(f, 0, 0, 0, 0);
    assert.deepEqual(mem.read(f), before);
    X.acp_abi_frame_set_rotate(f, Infinity, 0, 0, 0);
    assert.deepEqual(mem.read(f), before);
  });

  it('set_vector_heading: +Y = normalize(dir), +X horizontal', () => {
    const dirs = [[1, 0, 0], [0, 1, 0], [-1, 0, 0], [0, -1, 0], [3, 4, 0], [-2, 7, 0], [1, 1, 1], [0, 2, 1],
      [-3, -1, 2], [5, -5, 0.5], [1, 1, -1], [0, 3, -2], [-1, -4, -0.25], [0.2, -0.1, -3], [0.05, 0.03, 1],
      [0, -0.06, -1], [0.2, 0.2, 5], [-31.741, 37.134, -10.658]];
    for (const d of dirs) {
      const f = mem.frame();
      X.acp_abi_frame_set_vector_heading(f, ...d);
      const dm = d.map(Math.fround);
      const len = Math.hypot(...dm);
      near(assert, mem.forward(f), dm.map((c) => c / len), 1e-6, `dir ${d}`);
      near(assert, mem.read(f).m[2], 0, 1e-6, `roll ${d}`);
    }
    const v = mem.frame();
    X.acp_abi_frame_set_vector_heading(v, 0, 0, 2);
    near(assert, mem.forward(v), [0, 0, 1], 1e-6, 'vertical');
    near(assert, mem.read(v).m.slice(0, 3), [0, -1, 0], 1e-6, 'vertical fallback +X');
    const z = mem.frameWith([0.9, 0.1, 0.2, 0.3]);
    const before = mem.read(z);
    X.acp_abi_frame_set_vector_heading(z, 0.0001, 0.0001, 0);
    assert.deepEqual(mem.read(z), before);
  });
});

describe('Position (retail Position/LandDefs)', () => {
  it('get_offset 0xA9B40039 (191,10,0) → 0xAAB40001 (1,10,0) is (2, 0, 0)', () => {
    const a = mem.position(0xA9B40039, [191, 10, 0]);
    const b = mem.position(0xAAB40001, [1, 10, 0]);
    const out = mem.vec3([9, 9, 9]);
    X.acp_abi_position_get_offset(a, b, out);
    assert.deepEqual(mem.readVec3(out), [2, 0, 0]);
    assert.equal(X.acp_abi_position_distance(a, b), 2);
  });

  it('adjust_to_outside moves 192.4 east of 0xA9B40039 into 0xAAB40001 at x ≈ 0.4', () => {
    const cell = mem.alloc(4);
    acp.u32()[cell >> 2] = 0xA9B40039;
    const loc = mem.vec3([192.4, 10, 5]);
    assert.equal(X.acp_abi_landdefs_adjust_to_outside(cell, loc), 1);
    assert.equal(acp.u32()[cell >> 2], 0xAAB40001);
    near(assert, mem.readVec3(loc)[0], 0.4, 2e-5, 'x');
  });
});
