// Terrain and collision-sweep conformance over the .wasm (issue 7): the same cases and expected
// values as tests/c/test_terrain.c and tests/c/test_transition.c. Real terrain is the default cell
// excerpt (data/cell-default.dat) and the recorded objects are the default portal excerpt's Setups
// and motion tables, both through DatSet; the synthetic terrains (custom height tables) carry a
// synthetic one-sphere runner whose RunForward goes through a motion table (the fixture ABI).
// Objects run under their movement manager, which keeps them active.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { DAT_TYPE, DatSet } from '../../wasm/acphys.mjs';
import { createRun } from '../../wasm/scenario.mjs';
import { acphys, fbits, Mem, near, root } from './helpers.mjs';

const f = Math.fround;
const Q30 = f(1 / 30);
const FLOOR_Z = f(0.66417414);
const GRAVITY = f(-9.8000002);
const EPSILON = f(0.0002);
const CONTACT_TS = 0x1, ON_WALKABLE_TS = 0x2, SLIDING_TS = 0x4, STATIONARY_STOP_TS = 0x20, ACTIVE_TS = 0x80;
const GRAVITY_PS = 0x400, EDGE_SLIDE_PS = 0x400000, REPORT_PS = 0x8, INELASTIC_PS = 0x20000;
const MISSILE_PS = 0x40, ALIGNPATH_PS = 0x100, PATHCLIPPED_PS = 0x200;
const PLAYER = EDGE_SLIDE_PS | GRAVITY_PS | REPORT_PS;
const NC = 0x8000003D, READY = 0x41000003, RUN = 0x44000007, TURN_RIGHT = 0x6500000D;

let acp, X, mem, dats;
before(async () => {
  acp = await acphys();
  X = acp.exports;
  mem = new Mem(acp);
  dats = new DatSet(acp);
  dats.addBytes(readFileSync(join(root, 'data', 'portal-default.dat')));
  dats.addBytes(readFileSync(join(root, 'data', 'cell-default.dat')));
});
after(() => { mem.freeAll(); dats.free(); });

const get = (obj, name) => acp.get('physobj', obj, name);
const set = (obj, name, v) => acp.set('physobj', obj, name, v);

/** Copy a typed array into fresh linear memory. */
function copy(typed) {
  const p = mem.alloc(typed.byteLength);
  acp.u8().set(new Uint8Array(typed.buffer, typed.byteOffset, typed.byteLength), p);
  return p;
}

/** A terrain holding landblocks `ids` of the default cell excerpt (heights through its Region). */
function datTerrain(ids) {
  const t = X.acp_abi_terrain_create(8);
  for (const id of ids) assert.equal(X.acp_abi_terrain_add_dat_landblock(t, dats.handle, id), 0);
  return t;
}

/** Landblock `id` of the default cell excerpt with every terrain word water (type 16). */
function allWaterTerrain(id) {
  const lb = dats.landblock(id);
  const t = X.acp_abi_terrain_create(1);
  assert.equal(X.acp_abi_terrain_add_landblock(t, id, copy(lb.height), copy(new Uint16Array(81).fill(16 << 2)),
    copy(dats.heightTable())), 0);
  return t;
}

/** Landblock 0xA9B4 whose vertex column x has height index cols[x], with a custom table. */
function columnTerrain(cols, table) {
  const t = X.acp_abi_terrain_create(2);
  const heights = new Uint8Array(81);
  for (let x = 0; x < 9; x++) for (let y = 0; y < 9; y++) heights[x * 9 + y] = cols[x];
  const full = new Float32Array(256);
  full.set(table);
  assert.equal(X.acp_abi_terrain_add_landblock(t, 0xA9B4FFFF, copy(heights), 0, copy(full)), 0);
  return t;
}

function heightAt(t, cell, x, y) {
  const out = mem.alloc(4);
  assert.equal(X.acp_abi_terrain_height(t, cell, x, y, out), 1);
  return acp.f32()[out >> 2];
}
function normalAt(t, cell, x, y) {
  const out = mem.alloc(12);
  assert.equal(X.acp_abi_terrain_normal(t, cell, x, y, out), 1);
  return mem.readVec3(out);
}
/** Outdoor cell id of local (x, y) in landblock block (0xXXYY0000). */
function cellOf(block, x, y) { return (block | (Math.floor(x / 24) * 8 + Math.floor(y / 24) + 1)) >>> 0; }

/** A retail world on terrain t (0: the fixture world) with object 1 of `state`, no parts yet. */
function terrainWorld(t, state) {
  const w = X.acp_abi_world_create(0, 4);
  X.acp_abi_terrain_attach(w, t);
  const o = X.acp_abi_world_add_object(w, 1);
  set(o, 'state', state);
  return { w, o };
}

/** CreateObject's order: the Setup (records from `fx`), then set_description's motion table and
 *  object scale (SetScale with no delta). */
function buildObject(o, setup, fx, table, scale = 1) {
  assert.equal(X.acp_abi_physobj_set_setup(o, setup, fx), 1);
  if (table) assert.equal(X.acp_abi_physobj_set_motion_table(o, table), 1);
  X.acp_abi_physobj_set_scale(o, scale, 0);
}
/** The same with Setup `setupId` of the default excerpts (records from the same DatSet). */
function excerptObject(o, setupId, table, scale = 1) {
  assert.equal(X.acp_abi_physobj_set_setup_dat(o, dats.handle, setupId), 1);
  if (table) assert.equal(X.acp_abi_physobj_set_motion_table(o, table), 1);
  X.acp_abi_physobj_set_scale(o, scale, 0);
}

/** How high the origin rests above the terrain: the first sphere's radius − centre z, each
 *  scaled to float as CSpherePath::init_sphere scales them (validate_walkable puts the sphere's
 *  lowest point on the plane). */
function restingOffset(setupId, scale = 1) {
  const s = dats.json(DAT_TYPE.Setup, setupId).spheres[0];
  return f(scale * s.radius) - f(scale * s.center[2]);
}

// ---- the synthetic runner: one part, Ready and RunForward cycles (4 m/s at speed 1) over
// 10-frame animations at 30 frames/s without root-motion frames, no links; step heights 0.4 m.
const RUNNER_TABLE = 0x0900F0A0, RUN_FRAMERATE = 30, RUN_VELOCITY = 4;
/** (float)(1/30 × 4): the root motion of one frame boundary at speed 1 (apply_physics). */
const RUNNER_STEP = f((1 / RUN_FRAMERATE) * RUN_VELOCITY);

function runnerRecords(spheres) {
  const fx = X.acp_abi_fixture_create();
  X.acp_abi_fixture_animation(fx, 0x0300F0A0, 10, 1, 0);
  X.acp_abi_fixture_animation(fx, 0x0300F0A1, 10, 1, 0);
  const mt = X.acp_abi_fixture_motion_table(fx, RUNNER_TABLE, NC);
  X.acp_abi_fixture_style_default(mt, NC, READY);
  const key = (m) => ((NC << 16) | (m & 0xFFFFFF)) >>> 0;
  X.acp_abi_fixture_motion_anim(X.acp_abi_fixture_motion(mt, 0, 0, key(READY), 0, 0, 0, 0, 0, 0, 0), 0x0300F0A0, 0, -1, RUN_FRAMERATE);
  X.acp_abi_fixture_motion_anim(X.acp_abi_fixture_motion(mt, 0, 0, key(RUN), 0, RUN_VELOCITY, 0, 0, 0, 0, 0), 0x0300F0A1, 0, -1, RUN_FRAMERATE);
  const p = mem.alloc(16 * spheres.length);
  acp.f32().set(spheres.flat(), p >> 2);
  const setup = X.acp_abi_fixture_setup(fx, 0x0200F0A0, 1, p, spheres.length, 0, 0, 0);
  X.acp_abi_fixture_setup_step_heights(setup, 0.4, 0.4);
  return { fx, setup, free: () => X.acp_abi_fixture_destroy(fx) };
}
const BALL = [[0, 0, 0.5, 0.5]];

/** The server's interpreted motion: NonCombat RunForward at `speed`, TurnRight at `turn` (0: none). */
function startRunning(o, speed, turn = 0) {
  X.acp_abi_physobj_apply_interpreted_motion(o, NC, RUN, speed, 0, 1, turn ? TURN_RIGHT : 0, turn || 1);
}

const sequenceOf = (o) => get(o, 'part_array') + acp.field('partarray', 'sequence').offset;
/** Frame boundaries the current animation crosses in the next `q` seconds. */
function framesCrossed(o, q) {
  const seq = sequenceOf(o);
  const node = X.acp_abi_sequence_node(seq, acp.get('sequence', seq, 'curr_anim'));
  if (!node) return 0;
  const fn = acp.get('sequence', seq, 'frame_number');
  return Math.floor(acp.get('anim_node', node, 'framerate') * q + fn) - Math.floor(fn);
}
/** Only the cycle left: the link animation has played out. */
function linkDone(o) {
  const seq = sequenceOf(o);
  return acp.get('sequence', seq, 'head') === acp.get('sequence', seq, 'first_cyclic');
}

/** A position at local (x, y, z) of a landblock with a heading (degrees) or quaternion. */
function positionAt(block, x, y, z, heading = 0, q = null, cell = null) {
  const p = mem.position(cell ?? cellOf(block, x, y), [x, y, z], q ?? [1, 0, 0, 0]);
  if (!q) X.acp_abi_frame_set_heading(p + 4, heading);
  mem.setOrigin(p + 4, [x, y, z]);
  return p;
}

function groundZ(t, o) {
  const [x, y] = get(o, 'origin');
  return heightAt(t, get(o, 'cell'), x, y);
}
function forward(o) {
  const m = get(o, 'frame').slice(4, 13);
  return [m[3], m[4], m[5]];
}
const step = (o) => X.acp_abi_physobj_update_object_internal(o, Q30);

describe('terrain from LandBlock records (CLandBlockStruct)', () => {
  it('split rule: hash × (float)2^-32 ≥ 0.5', () => {
    assert.equal(X.acp_abi_terrain_split_sw_to_ne(0, 0), 1);       // 2925818075 ≥ 2^31
    assert.equal(X.acp_abi_terrain_split_sw_to_ne(657, 1857), 1);  // 2^31 + 440
    assert.equal(X.acp_abi_terrain_split_sw_to_ne(2015, 514), 0);  // 2^31 − 1504
  });

  it('heights through the Region table and triangle planes (0xA9B4 of data/cell-default.dat)', () => {
    const t = datTerrain([0xA9B4FFFF]);
    assert.equal(heightAt(t, 0xA9B40019, 84, 12), 94);            // index 47 → 94 m, flat cell (3, 0)
    near(assert, heightAt(t, 0xA9B40001, 12, 12), 87, 1e-5);       // 90 − y/4
    near(assert, normalAt(t, 0xA9B40001, 12, 12), [0, 6 / Math.sqrt(612), 24 / Math.sqrt(612)], 1e-7);
    X.acp_abi_terrain_destroy(t);
  });

  it('water: partially water cell of AAB4, missing cells; an all-water block', () => {
    let t = datTerrain([0xAAB4FFFF]);
    assert.equal(X.acp_abi_terrain_cell_water_type(t, 0xAAB40040), 1);
    assert.equal(X.acp_abi_terrain_cell_water_type(t, 0xAAB40001), 0);
    assert.equal(X.acp_abi_terrain_cell_water_type(t, 0xA9B40001) >>> 0, 0xFFFFFFFF);
    X.acp_abi_terrain_destroy(t);
    t = allWaterTerrain(0xAAB4FFFF);
    assert.equal(X.acp_abi_terrain_cell_water_type(t, 0xAAB40001), 2);
    X.acp_abi_terrain_destroy(t);
  });
});

describe('the collision sweep over terrain (CTransition)', () => {
  it('no staircase: RunForward up a 0.25 m/m slope stays on the surface, one sweep and one frame per quantum', () => {
    const t = columnTerrain([0, 1, 2, 3, 4, 5, 6, 7, 8], [0, 6, 12, 18, 24, 30, 36, 42, 48]);
    const r = runnerRecords(BALL);
    const { w, o } = terrainWorld(t, PLAYER);
    buildObject(o, r.setup, r.fx, RUNNER_TABLE);
    assert.equal(X.acp_abi_world_enter_object(w, o, positionAt(0xA9B40000, 30, 10, 7.5, 90), 0), 1);
    startRunning(o, 1);
    const expected = RUNNER_STEP * 16 / 17; // projected into the plane n ∝ (−1, 0, 4)
    let maxDz = 0, maxDstep = 0;
    for (let i = 0; i < 30; i++) {
      const sweeps = X.acp_abi_world_num_sweeps(w);
      const x0 = get(o, 'origin')[0];
      assert.equal(framesCrossed(o, Q30), 1);
      step(o);
      assert.equal(X.acp_abi_world_num_sweeps(w) - sweeps, 1);
      assert.ok(get(o, 'transient_state') & ACTIVE_TS);
      assert.ok(get(o, 'transient_state') & ON_WALKABLE_TS);
      const [x, , z] = get(o, 'origin');
      near(assert, z, 0.25 * x, 1e-3);
      maxDz = Math.max(maxDz, Math.abs(z - groundZ(t, o)));
      maxDstep = Math.max(maxDstep, Math.abs(x - x0 - expected));
    }
    assert.ok(maxDz <= 1e-3, `max |z − surface| ${maxDz}`);
    assert.ok(maxDstep <= 8e-6, `max step error ${maxDstep}`); // two float spacings near x = 32 m
    X.acp_abi_world_destroy(w);
    X.acp_abi_terrain_destroy(t);
    r.free();
  });

  const slopeNz = (h) => f(f(1 / Math.sqrt(576 * 576 + (24 * h) ** 2)) * 576);
  function runAtSlope(h, state, n) {
    const t = columnTerrain([0, 0, 0, 0, 1, 1, 1, 1, 1], [0, h]);
    const rec = runnerRecords(BALL);
    const { w, o } = terrainWorld(t, state);
    buildObject(o, rec.setup, rec.fx, RUNNER_TABLE);
    X.acp_abi_world_enter_object(w, o, positionAt(0xA9B40000, 70, 12, 0, 90), 0);
    startRunning(o, 1);
    const r = { alwaysWalkable: true, lostOnSlope: false, slidBack: false, maxX: 0, finalX: 0, transient: 0 };
    for (let i = 0; i < n; i++) {
      step(o);
      const x = get(o, 'origin')[0];
      const walk = (get(o, 'transient_state') & ON_WALKABLE_TS) !== 0;
      if (!walk) r.alwaysWalkable = false;
      if (!walk && x > 72) r.lostOnSlope = true;
      if (r.lostOnSlope && x < r.maxX - 0.05) r.slidBack = true;
      r.maxX = Math.max(r.maxX, x);
    }
    r.finalX = get(o, 'origin')[0];
    r.transient = get(o, 'transient_state');
    X.acp_abi_world_destroy(w);
    X.acp_abi_terrain_destroy(t);
    rec.free();
    return r;
  }

  it('walkable limit: n.z 0.6652 walkable, 0.6632 not (edge slide holds; a creature is pinned), floor_z walkable', () => {
    const above = f(26.9375), below = f(27.0847588), equal = f(27.0138016);
    near(assert, slopeNz(above), 0.6652236, 1e-7);
    near(assert, slopeNz(below), 0.6632, 1e-7);
    assert.equal(fbits(slopeNz(equal)), fbits(FLOOR_Z));
    const t = columnTerrain([0, 0, 0, 0, 1, 1, 1, 1, 1], [0, equal]);
    assert.equal(fbits(normalAt(t, 0xA9B40019, 84, 12)[2]), fbits(FLOOR_Z));
    X.acp_abi_terrain_destroy(t);
    let r = runAtSlope(above, PLAYER, 40);
    assert.ok(r.alwaysWalkable); assert.ok(r.finalX > 73);
    r = runAtSlope(equal, PLAYER, 40);
    assert.ok(r.alwaysWalkable); assert.ok(r.finalX > 73);
    // Without EDGE_SLIDE: LeaveGround's 4 m/s carries it into the slope; the sliding normal
    // (−1, 0, 0) and the slope's plane leave no offset eastwards (see test_transition.c).
    r = runAtSlope(below, GRAVITY_PS | REPORT_PS, 40);
    assert.ok(r.lostOnSlope); assert.ok(!r.slidBack);
    assert.equal(r.finalX, r.maxX); assert.ok(r.maxX < 72.5);
    assert.equal(r.transient & (CONTACT_TS | ON_WALKABLE_TS | SLIDING_TS), CONTACT_TS | SLIDING_TS);
    r = runAtSlope(below, PLAYER, 40);
    assert.ok(r.alwaysWalkable); assert.ok(r.maxX <= 72);
  });

  for (const [name, state, ts, vz] of [['elastic', 0, 0, 0.25], ['INELASTIC_PS', INELASTIC_PS, 0, 0],
    ['frames_stationary_fall 2', 0, STATIONARY_STOP_TS, 0]]) {
    it(`impulse on landing on flat ground at −5 m/s, elasticity 0.05: ${name} → vz ${vz}`, () => {
      const t = columnTerrain([0, 0, 0, 0, 0, 0, 0, 0, 0], [0]);
      const rec = runnerRecords(BALL);
      const { w, o } = terrainWorld(t, state);
      buildObject(o, rec.setup, rec.fx, 0);
      X.acp_abi_world_place_object(w, o, positionAt(0xA9B40000, 50, 50, 0.1), ts, 0);
      set(o, 'velocity', [0, 0, -5]);
      X.acp_abi_physobj_update_object_internal(o, 0.1);
      assert.equal(get(o, 'velocity')[2], vz);
      near(assert, get(o, 'origin')[2], 0, EPSILON);
      assert.ok(get(o, 'transient_state') & CONTACT_TS);
      X.acp_abi_world_destroy(w);
      X.acp_abi_terrain_destroy(t);
      rec.free();
    });
  }

  for (const loaded of [true, false]) {
    it(`landblock crossing A9B4 → AAB4 at x = 191.9 + one RunForward frame (AAB4 ${loaded ? 'loaded' : 'missing'})`, () => {
      const t = datTerrain(loaded ? [0xA9B4FFFF, 0xAAB4FFFF] : [0xA9B4FFFF]);
      const rec = runnerRecords(BALL);
      const { w, o } = terrainWorld(t, PLAYER);
      buildObject(o, rec.setup, rec.fx, RUNNER_TABLE);
      const z = heightAt(t, 0xA9B40039, 191.9, 12);
      assert.equal(X.acp_abi_world_enter_object(w, o, positionAt(0xA9B40000, 191.9, 12, z, 90), 0), 1);
      startRunning(o, 1);
      assert.equal(framesCrossed(o, Q30), 1);
      const n = get(o, 'contact_plane_normal');
      const into = RUNNER_STEP * n[0];  // moving into the plane: r − (r·n)n
      step(o);
      assert.equal(get(o, 'cell'), 0xAAB40001);
      near(assert, get(o, 'origin')[0], f(191.9) + (RUNNER_STEP - into * n[0]) - 192, 3e-5);
      near(assert, get(o, 'origin')[1], 12 - into * n[1], 3e-5);
      assert.equal(get(o, 'has_cell'), loaded);
      if (loaded) {
        near(assert, get(o, 'origin')[2], groundZ(t, o), 1e-3);
        assert.equal(get(o, 'contact_plane_cell_id'), 0xAAB40001);
      } else {
        X.acp_abi_world_set_now(w, 1);
        X.acp_abi_physobj_update_object(o);
        assert.equal(get(o, 'record_skipped'), 2); // no cell
      }
      X.acp_abi_world_destroy(w);
      X.acp_abi_terrain_destroy(t);
      rec.free();
    });
  }

  it('placement: steps down within reach, stays above it, lifts out of the ground; all water refuses', () => {
    const rec = runnerRecords(BALL);
    for (const [z0, state, expect] of [[0.3, 0, 0], [-0.2, 0, 0], [0.5, 0, 0.5], [0.3, MISSILE_PS, 0.3]]) {
      const t = columnTerrain([0, 0, 0, 0, 0, 0, 0, 0, 0], [0]);
      const { w, o } = terrainWorld(t, state);
      buildObject(o, rec.setup, rec.fx, 0);
      assert.equal(X.acp_abi_world_enter_object(w, o, positionAt(0xA9B40000, 40, 40, z0), 0), 1);
      near(assert, get(o, 'origin')[2], expect, 1e-6);
      assert.equal((get(o, 'transient_state') & CONTACT_TS) !== 0, expect === 0);
      X.acp_abi_world_destroy(w);
      X.acp_abi_terrain_destroy(t);
    }
    const t = allWaterTerrain(0xAAB4FFFF);
    const { w, o } = terrainWorld(t, 0);
    buildObject(o, rec.setup, rec.fx, 0);
    assert.equal(X.acp_abi_world_enter_object(w, o, positionAt(0xAAB40000, 10, 10, heightAt(t, 0xAAB40001, 10, 10)), 0), 0);
    assert.equal(get(o, 'has_cell'), false);
    X.acp_abi_world_destroy(w);
    X.acp_abi_terrain_destroy(t);
    rec.free();
  });
});

describe('recorded retail states over real terrain (default excerpts)', () => {
  /** Retail's 50 m/s clamp (set_velocity, UpdatePhysicsInternal) through the float unit vector. */
  function clamp50(v) {
    const mag2 = f(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    if (mag2 <= 2500) return v;
    const len = Math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    return v.map((c) => f(50 * f((1 / len) * c)));
  }

  it('the quarrel over Holtburg: created with scale 1.1, entered in flight; retail integration and AlignPath; lands within 1 s, at rest', () => {
    const t = datTerrain([0xA9B4FFFF]);
    const { w, o } = terrainWorld(t, 0x20748);
    excerptObject(o, 0x0200012A, 0, 1.1);
    assert.equal(get(o, 'scale'), f(1.1));
    assert.deepEqual(acp.get('partarray', get(o, 'part_array'), 'scale'), [f(1.1), f(1.1), f(1.1)]);
    set(o, 'friction', 1); set(o, 'elasticity', 0);
    const recorded = [-31.741, 37.134, -10.658].map(f);
    X.acp_abi_physobj_set_velocity(o, ...recorded);
    assert.deepEqual(get(o, 'velocity').map(fbits), clamp50(recorded).map(fbits)); // |v|² = 2500.018
    const pos = positionAt(0xA9B40000, 78.53821, 1.935757, 95.10242, 0, [-0.623728, 0, 0, -0.781642], 0xA9B40019);
    assert.equal(X.acp_abi_world_enter_object(w, o, pos, 0), 1);
    assert.equal(get(o, 'transient_state') & CONTACT_TS, 0);
    assert.equal(get(o, 'origin')[2], f(95.10242)); // a missile is not stepped down
    let landedAt = -1, airborne = 0;
    for (let k = 1; k <= 120; k++) {
      const v0 = get(o, 'velocity');
      const o0 = get(o, 'origin');
      X.acp_abi_world_use_time(w, k / 60);
      if (!get(o, 'record_ran') || get(o, 'record_num_quanta') === 0 || landedAt >= 0) continue;
      const dt = get(o, 'record_quanta')[0];
      if (get(o, 'transient_state') & CONTACT_TS) { landedAt = k / 60; continue; }
      airborne++;
      const vc = clamp50(v0);
      const v = [vc[0], vc[1], f(f(dt * GRAVITY) + vc[2])];
      assert.deepEqual(get(o, 'velocity').map(fbits), v.map(fbits));
      const o1 = get(o, 'origin');
      const d = [o1[0] - o0[0], o1[1] - o0[1], o1[2] - o0[2]];
      near(assert, d, [vc[0] * dt, vc[1] * dt, vc[2] * dt + 0.5 * GRAVITY * dt * dt], 1e-4);
      const len = Math.hypot(...d);
      near(assert, forward(o), d.map((c) => c / len), 1e-3);
      assert.ok(forward(o)[2] < -0.2);
    }
    assert.ok(airborne >= 2);
    assert.ok(landedAt > 0 && landedAt <= 1);
    assert.equal(get(o, 'state') & (MISSILE_PS | ALIGNPATH_PS | PATHCLIPPED_PS), 0);
    assert.deepEqual(get(o, 'velocity'), [0, 0, 0]);
    assert.equal(get(o, 'transient_state') & (CONTACT_TS | ON_WALKABLE_TS), CONTACT_TS | ON_WALKABLE_TS);
    const rest = restingOffset(0x0200012A, f(1.1));
    assert.equal(fbits(rest), fbits(f(f(1.1) * f(0.1)))); // 0.11
    near(assert, get(o, 'origin')[2], groundZ(t, o) + rest, 1e-3);
    X.acp_abi_world_destroy(w);
    X.acp_abi_terrain_destroy(t);
  });

  it('the falling creature over 0xC19A: entered with SetPosition it lands (step down), comes to rest OnWalkable', () => {
    const t = datTerrain([0xC19AFFFF]);
    const { w, o } = terrainWorld(t, 0x408);
    excerptObject(o, 0x020007DD, 0x09000008);
    X.acp_abi_physobj_apply_interpreted_motion(o, NC, READY, 1, 0, 1, 0, 1);
    X.acp_abi_physobj_set_velocity(o, 0, 0, -7.366);
    const pos = positionAt(0xC19A0000, 148.3582, 26.67754, 37.08688, 0, [-0.996418, 0, 0, -0.084562], 0xC19A0032);
    near(assert, f(37.08688) - heightAt(t, 0xC19A0032, 148.3582, 26.67754), 0.137, 1e-3);
    assert.equal(X.acp_abi_world_enter_object(w, o, pos, 0), 1);
    assert.equal(get(o, 'transient_state') & (CONTACT_TS | ON_WALKABLE_TS), CONTACT_TS | ON_WALKABLE_TS);
    assert.equal(restingOffset(0x020007DD), 0);
    let maxDz = 0;
    for (let k = 1; k <= 180; k++) {
      X.acp_abi_world_use_time(w, k / 60);
      if (get(o, 'transient_state') & ON_WALKABLE_TS) maxDz = Math.max(maxDz, Math.abs(get(o, 'origin')[2] - groundZ(t, o)));
    }
    assert.ok(maxDz <= 1e-3, `max |z − surface| ${maxDz}`);
    assert.deepEqual(get(o, 'velocity'), [0, 0, 0]);
    assert.equal(get(o, 'transient_state') & (CONTACT_TS | ON_WALKABLE_TS), CONTACT_TS | ON_WALKABLE_TS);
    X.acp_abi_world_destroy(w);
    X.acp_abi_terrain_destroy(t);
  });

  // The recorded running-turning player: RunForward 2.0039682, TurnRight 1.5 (NonCombat), on
  // Setup 0x02000001 with MotionTable 0x09000001: per frame boundary the run animation's pos
  // frame, (float)(4.0 / 30) = 0.13333334 m forward turned by the boundaries' turns before it, and
  // 0.0374 rad of turn; v/ω = 8.0158728 / 2.25 = 3.5626 m.
  const RUN_SPEED = f(2.0039682), TURN_SPEED = 1.5;
  const FR = f(30 * RUN_SPEED);
  const RUN_STEP = f(4.0 / 30);
  const RUN_TURN = -f((1 / FR) * f(TURN_SPEED * -1.5));

  function recordedRunner(t, pos) {
    const { w, o } = terrainWorld(t, 0x00400408);
    excerptObject(o, 0x02000001, 0x09000001);
    assert.equal(X.acp_abi_world_enter_object(w, o, pos, 0), 1);
    startRunning(o, RUN_SPEED, TURN_SPEED);
    return { w, o };
  }

  /** Run 300 quanta; check each as test_transition.c's run_recorded_motion does. */
  function runRecorded(w, t, o) {
    const st = { predicted: 0, maxDz: 0, maxDxy: 0, maxDturn: 0, minShrink: 1, maxDrift: 0, rho: 0, zmin: Infinity, zmax: -Infinity };
    let centre = null, lastN = -1;
    for (let i = 0; i < 300; i++) {
      const sweeps = X.acp_abi_world_num_sweeps(w);
      const n = framesCrossed(o, Q30);
      const cycle = linkDone(o);
      const m = get(o, 'frame').slice(4, 13);
      const [x0, y0] = get(o, 'origin');
      const h0 = X.acp_abi_frame_get_heading(o + acp.field('physobj', 'frame').offset);
      const pn = get(o, 'contact_plane_normal');
      step(o);
      assert.equal(X.acp_abi_world_num_sweeps(w) - sweeps, 1);
      assert.ok(get(o, 'transient_state') & ON_WALKABLE_TS);
      const [x, y, z] = get(o, 'origin');
      st.maxDz = Math.max(st.maxDz, Math.abs(z - (groundZ(t, o) + restingOffset(0x02000001))));
      st.zmin = Math.min(st.zmin, z); st.zmax = Math.max(st.zmax, z);
      if (!cycle) continue;
      st.predicted++;
      let lx = 0, ly = 0; // object axes: +x right, +y forward
      for (let k = 0; k < n; k++) { lx += RUN_STEP * Math.sin(k * RUN_TURN); ly += RUN_STEP * Math.cos(k * RUN_TURN); }
      const r = [f(m[0] * lx + m[3] * ly), f(m[1] * lx + m[4] * ly), f(m[2] * lx + m[5] * ly)];
      const into = r[0] * pn[0] + r[1] * pn[1] + r[2] * pn[2];
      const ex = into <= 0 ? r[0] - into * pn[0] : r[0], ey = into <= 0 ? r[1] - into * pn[1] : r[1];
      st.maxDxy = Math.max(st.maxDxy, Math.hypot(x - x0 - ex, y - y0 - ey));
      st.minShrink = Math.min(st.minShrink, Math.hypot(x - x0, y - y0) / Math.hypot(r[0], r[1]));
      let dh = (X.acp_abi_frame_get_heading(o + acp.field('physobj', 'frame').offset) - h0) * Math.PI / 180;
      dh -= 2 * Math.PI * Math.round(dh / (2 * Math.PI));
      st.maxDturn = Math.max(st.maxDturn, Math.abs(dh - n * RUN_TURN));
      const c = Math.hypot(ex, ey), half = 0.5 * n * RUN_TURN, k = c / (2 * Math.sin(half)) * Math.cos(half);
      const q = [x0 + 0.5 * ex + k * ey / c, y0 + 0.5 * ey - k * ex / c];
      if (n !== lastN) {
        centre = q;
        if (n === 2) st.rho = c / (2 * Math.sin(half));
        lastN = n;
      }
      st.maxDrift = Math.max(st.maxDrift, Math.hypot(q[0] - centre[0], q[1] - centre[1]));
    }
    return st;
  }

  it('the running, turning player follows the hills of 0xD59A, each quantum as its motion predicts', () => {
    const t = datTerrain([0xD59AFFFF]);
    const pos = positionAt(0xD59A0000, 118.6824, 58.51815, 330.9344, 0, [0.468932, 0, 0, -0.883235], 0xD59A0023);
    const { w, o } = recordedRunner(t, pos);
    assert.equal(restingOffset(0x02000001), f(0.48) - f(0.475)); // 5 mm: holtburger's sphere pair
    const st = runRecorded(w, t, o);
    assert.ok(st.predicted >= 290);
    assert.ok(st.maxDz <= 1e-3, `max |z − surface| ${st.maxDz}`);
    assert.ok(st.maxDxy <= 2e-5, `plan-view error ${st.maxDxy}`);
    assert.ok(st.maxDturn <= 1e-6, `turn error ${st.maxDturn}`);
    assert.ok(st.minShrink < 0.6);   // uphill steps drawn in, cos² 45° at worst
    assert.ok(st.maxDrift > 1);      // the circles drift along the hillside
    assert.ok(st.zmax - st.zmin > 5);
    X.acp_abi_world_destroy(w);
    X.acp_abi_terrain_destroy(t);
  });

  it('the same runner on the flat cells of 0xD59A runs the circle of radius v/ω', () => {
    const t = datTerrain([0xD59AFFFF]);
    const radius = f(RUN_SPEED * 4) / -f(TURN_SPEED * -1.5);
    near(assert, radius, 8.0158728 / 2.25, 1e-6);
    const x = f(60 - radius);
    assert.equal(heightAt(t, 0xD59A0000, x, 144), 280);
    const { w, o } = recordedRunner(t, positionAt(0xD59A0000, x, 144, 280, 0));
    const st = runRecorded(w, t, o);
    assert.ok(st.predicted >= 290);
    assert.equal(st.zmin, st.zmax); // 5 mm above the flat throughout
    near(assert, st.zmin, 280 + restingOffset(0x02000001), 3.1e-5);
    assert.ok(st.maxDxy <= 2e-5, `plan-view error ${st.maxDxy}`);
    assert.ok(st.minShrink > 0.9999);
    near(assert, st.rho, radius * (0.5 * RUN_TURN) / Math.sin(0.5 * RUN_TURN), 1e-4);
    assert.ok(st.maxDrift <= 1e-3, `centre drift ${st.maxDrift}`);
    X.acp_abi_world_destroy(w);
    X.acp_abi_terrain_destroy(t);
  });
});

// ---- deviation pins (docs/DEVIATIONS.md T1, T7, T11): mirrors of test_transition.c's cases of the
// same names (T6, slide_sphere_facing_away, has no ABI: the function needs a whole SPHEREPATH) ----
describe('departures pinned: T1, T7, T11', () => {
  const WATER_CONTACT_TS = 0x8, EDGE_SLIDE_OI = 0x200, CONTACT_OI = 0x1, ON_WALKABLE_OI = 0x2;

  it('T7 object_info_water_flag: WATER_CONTACT_TS marks the seeded contact planes, no OBJECTINFO bit', () => {
    for (const water of [0, 1]) {
      const w = X.acp_abi_world_create(0, 4);
      const o = X.acp_abi_world_add_object(w, 1);
      assert.ok(get(o, 'state') & EDGE_SLIDE_PS);
      set(o, 'contact_plane_normal', [0, 0, 1]);
      set(o, 'contact_plane_d', -5);
      set(o, 'transient_state', CONTACT_TS | ON_WALKABLE_TS | (water ? WATER_CONTACT_TS : 0));
      const out = mem.alloc(4);
      const flags = () => Array.from(acp.u8().subarray(out, out + 4));
      assert.equal(X.acp_abi_physobj_get_object_info(o, 0, out) >>> 0, EDGE_SLIDE_OI | CONTACT_OI | ON_WALKABLE_OI);
      assert.deepEqual(flags(), [1, water, 1, water]);
      set(o, 'velocity', [0, 0, 1]);   // moving away: only the last known plane
      assert.equal(X.acp_abi_physobj_get_object_info(o, 0, out) >>> 0, EDGE_SLIDE_OI);
      assert.deepEqual(flags(), [0, 0, 1, water]);
      set(o, 'velocity', [0, 0, 0]);
      assert.equal(X.acp_abi_physobj_get_object_info(o, 1, out) >>> 0, EDGE_SLIDE_OI);   // admin move
      assert.deepEqual(flags(), [0, 0, 0, 0]);
      set(o, 'transient_state', water ? WATER_CONTACT_TS : 0);   // not in contact
      assert.equal(X.acp_abi_physobj_get_object_info(o, 0, out) >>> 0, EDGE_SLIDE_OI);
      assert.deepEqual(flags(), [0, 0, 0, 0]);
      X.acp_abi_world_destroy(w);
    }
  });

  it('lost_cell_places_the_parts: a sweep that ends in no loaded cell stores the position, and the parts follow', () => {
    // test_transition.c lost_cell_places_the_parts: CPhysicsObj::SetPositionInternal's lost-cell
    // branch (0x00515330) calls store_position, whose set_frame places the parts.
    const t = columnTerrain([0, 0, 0, 0, 0, 0, 0, 0, 0], [0]);
    const { w, o } = terrainWorld(t, 0);
    excerptObject(o, 0x02000001, 0);
    X.acp_abi_world_place_object(w, o, positionAt(0xA9B40000, 191.9, 100, 5, 90), 0, 0);
    assert.equal(get(o, 'has_cell'), true);
    X.acp_abi_physobj_set_velocity(o, 6, 0, 0);
    step(o);
    assert.equal(get(o, 'has_cell'), false);
    assert.equal(get(o, 'transient_state') & ACTIVE_TS, 0);
    assert.equal(get(o, 'cell') >>> 16, 0xAAB4);
    const origin = get(o, 'origin');
    near(assert, origin[0], 0.1, 1e-4);
    const pa = get(o, 'part_array');
    const frames = X.acp_abi_partarray_part_frames(pa) >> 2;
    const n = acp.get('partarray', pa, 'num_parts');
    assert.equal(n, 34);
    const f32 = acp.f32();
    for (let i = 0; i < n; i++) assert.deepEqual(Array.from(f32.subarray(frames + 16 * i + 13, frames + 16 * i + 16)), origin, `part ${i}`);
    X.acp_abi_world_destroy(w);
    X.acp_abi_terrain_destroy(t);
  });

  it('T1 zero_scale_jump_commits_in_place: a zero radius is 0 steps, and the sweep succeeds where the object stands', () => {
    // test_transition.c zero_scale_jump_commits_in_place: ceil(|offset| / 0) = ∞ converts to the
    // integer indefinite, whose low 32 bits are 0 steps; the jump commits in place and leaves the
    // contact plane.
    const t = columnTerrain([0, 0, 0, 0, 0, 0, 0, 0, 0], [0]);
    const { w, o } = terrainWorld(t, GRAVITY_PS | EDGE_SLIDE_PS);
    excerptObject(o, 0x02000001, 0x09000001);
    assert.equal(X.acp_abi_world_enter_object(w, o, positionAt(0xA9B40000, 100, 100, 0), 0), 1);
    assert.equal(get(o, 'transient_state') & (CONTACT_TS | ON_WALKABLE_TS), CONTACT_TS | ON_WALKABLE_TS);
    X.acp_abi_physobj_set_scale(o, 0, 0.1);   // a ScaleHook to 0 over 0.1 s
    for (let k = 1; k <= 30 && get(o, 'scale') !== 0; k++) X.acp_abi_world_use_time(w, k / 30);
    assert.equal(get(o, 'scale'), 0);
    assert.equal(get(o, 'transient_state') & (CONTACT_TS | ON_WALKABLE_TS), CONTACT_TS | ON_WALKABLE_TS);
    const at = get(o, 'origin');
    X.acp_abi_physobj_set_velocity(o, 0, 2, 5);
    const sweeps = X.acp_abi_world_num_sweeps(w);
    step(o);
    assert.equal(X.acp_abi_world_num_sweeps(w) - sweeps, 1);
    assert.equal(get(o, 'transient_state') & (CONTACT_TS | ON_WALKABLE_TS), 0);
    assert.deepEqual(get(o, 'origin'), at);
    assert.equal(get(o, 'acceleration')[2], f(-9.8000002));
    X.acp_abi_world_destroy(w);
    X.acp_abi_terrain_destroy(t);
  });

  it('T11 placement_without_terrain: SetPosition puts the object where asked, in its cell', () => {
    const w = X.acp_abi_world_create(0, 4);
    const o = X.acp_abi_world_add_object(w, 1);
    set(o, 'state', GRAVITY_PS);
    assert.equal(get(o, 'has_cell'), false);
    X.acp_abi_world_set_now(w, 2);
    set(o, 'acceleration', [1, 2, 3]);
    assert.equal(X.acp_abi_physobj_set_position(o, mem.position(0xA9B40001, [200, 30, 7]), 0), 0);
    assert.equal(get(o, 'has_cell'), true);
    assert.equal(get(o, 'cell') >>> 0, 0xAAB40002);
    assert.deepEqual(get(o, 'origin'), [8, 30, 7]);
    assert.deepEqual(get(o, 'acceleration'), [0, 0, GRAVITY]);
    assert.ok(get(o, 'transient_state') & ACTIVE_TS);
    assert.equal(get(o, 'transient_state') & (CONTACT_TS | ON_WALKABLE_TS), 0);
    assert.equal(get(o, 'update_time'), 2);
    X.acp_abi_world_set_now(w, 3);
    set(o, 'transient_state', get(o, 'transient_state') | CONTACT_TS | ON_WALKABLE_TS);
    set(o, 'omega', [0, 0, 1]);
    assert.equal(X.acp_abi_physobj_set_position(o, mem.position(0xA9B40001, [50, 60, 1]), 0x11), 0);
    assert.equal(get(o, 'cell') >>> 0, 0xA9B40013);
    assert.deepEqual(get(o, 'origin'), [50, 60, 1]);
    assert.deepEqual(get(o, 'acceleration'), [0, 0, 0]);
    assert.deepEqual(get(o, 'omega'), [0, 0, 0]);
    assert.equal(get(o, 'update_time'), 2);
    assert.equal(X.acp_abi_world_num_sweeps(w), 0);
    X.acp_abi_world_destroy(w);
  });
});

// CTransition::edge_slide (0x0050B3D0) on the default excerpts' terrain: the conformance suite's
// edge-slide cases (conformance/v1/scenarios/edge-slide-*-the-ledge.json), one run with EdgeSlide
// and the same without. The facts come from the terrain source (data/excerpt-sources/
// landblocks.json through the Region's height table) and the rule, not from the goldens.
describe('edge_slide at the ledge of 0xD59A (cell 0xD59A0034, west edge x = 144)', () => {
  const src = JSON.parse(readFileSync(join(root, 'data', 'excerpt-sources', 'landblocks.json'), 'utf8'));
  const lb = src.landblocks['0xD59AFFFF'];
  const height = (x, y) => src.land_height_table[lb.height_index[x * 9 + y]];
  const scenario = (name) => JSON.parse(readFileSync(join(root, 'conformance', 'v1', 'scenarios', `${name}.json`), 'utf8'));
  /** Every frame's { transient, cell, origin } of the scenario's one object. */
  function frames(sc) {
    const run = createRun(acp, sc);
    const out = [];
    try {
      while (run.stepNext()) {
        const [o] = run.objects();
        out.push({ transient: o.transient, cell: o.cell >>> 0, origin: o.origin.slice() });
      }
    } finally {
      run.dispose();
    }
    return out;
  }
  const WALKABLE = CONTACT_TS | ON_WALKABLE_TS;
  const LEDGE_CELL = 0xD59A0034, BELOW_CELL = 0xD59A002C, EDGE_X = 144;

  it('the terrain: cell (6, 3) is flat at 360 m, the cell west of it falls 30 m in 24 m (steeper than floor_z)', () => {
    for (const [x, y] of [[6, 3], [7, 3], [6, 4], [7, 4]]) assert.equal(height(x, y), 360, `vertex (${x}, ${y})`);
    assert.deepEqual([height(5, 3), height(5, 4)], [330, 322]);
    // The gentlest plane through the west cell's east edge (6,3)-(6,4) and a west vertex still
    // drops 30 m over 24 m: normal z = 24 / hypot(24, 30) < floor_z.
    assert.ok(f(24 / Math.hypot(24, 30)) < FLOOR_Z);
    const s = scenario('edge-slide-at-the-ledge');
    assert.equal(Number(s.objects[0].physics_state) & EDGE_SLIDE_PS, EDGE_SLIDE_PS);
    assert.equal(Number(scenario('edge-slide-off-the-ledge').objects[0].physics_state) & EDGE_SLIDE_PS, 0);
  });

  it('with EdgeSlide: Contact and OnWalkable every frame, z never below 360 m, it stops at the edge in its cell', () => {
    const fs = frames(scenario('edge-slide-at-the-ledge'));
    assert.equal(fs.length, 180);
    for (const [i, fr] of fs.entries()) {
      assert.equal(fr.transient & WALKABLE, WALKABLE, `frame ${i + 1}: transient 0x${fr.transient.toString(16)}`);
      assert.ok(fr.origin[2] >= 360, `frame ${i + 1}: z ${fr.origin[2]}`);
      assert.equal(fr.cell, LEDGE_CELL, `frame ${i + 1}`);
      assert.ok(fr.origin[0] >= EDGE_X, `frame ${i + 1}: x ${fr.origin[0]}`);
    }
    // It did run to the ledge (3 m from the start) and no further: the last second it stands there.
    const last = fs.at(-1).origin[0];
    assert.ok(last < EDGE_X + 1, `x ${last}`);
    for (const fr of fs.slice(-60)) assert.equal(fr.origin[0], last);
    // The cliff slide's collision normal marks it Sliding on some frames.
    assert.ok(fs.some((fr) => fr.transient & SLIDING_TS));
  });

  it('without EdgeSlide the same run leaves the walkable ground over the edge and goes below 360 m', () => {
    const fs = frames(scenario('edge-slide-off-the-ledge'));
    const lost = fs.findIndex((fr) => (fr.transient & WALKABLE) !== WALKABLE);
    assert.ok(lost > 0, `first frame off walkable ground: ${lost + 1}`);
    for (const fr of fs.slice(0, lost)) assert.equal(fr.cell, LEDGE_CELL);
    assert.ok(fs.some((fr) => fr.cell === BELOW_CELL && fr.origin[0] < EDGE_X));
    assert.ok(fs.at(-1).origin[2] < 360, `z ${fs.at(-1).origin[2]}`);
    assert.equal(fs.at(-1).transient & ON_WALKABLE_TS, 0);
  });
});
