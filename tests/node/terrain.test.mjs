// Terrain and collision-sweep conformance over the .wasm (issue 7): the same cases and expected
// values as tests/c/test_terrain.c and tests/c/test_transition.c — the split rule, heights and
// planes, the staircase, the walkable limit, the impulse on landing, the landblock crossing,
// placement, and the recorded quarrel, falling creature and running player over real terrain.
// "Running" objects use their sequence's root motion (acp_abi_physobj_set_root_motion) until the
// motion branch provides RunForward, and are kept ACTIVE_TS as their movement manager would.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { acphys, fbits, Mem, near } from './helpers.mjs';
import { HEIGHT_TABLE, LANDBLOCKS } from './terrain-fixtures.mjs';

const f = Math.fround;
const Q30 = f(1 / 30);
const FLOOR_Z = f(0.66417414);
const GRAVITY = f(-9.8000002);
const EPSILON = f(0.0002);
const CONTACT_TS = 0x1, ON_WALKABLE_TS = 0x2, STATIONARY_STOP_TS = 0x20, ACTIVE_TS = 0x80;
const GRAVITY_PS = 0x400, EDGE_SLIDE_PS = 0x400000, REPORT_PS = 0x8, INELASTIC_PS = 0x20000;
const MISSILE_PS = 0x40, ALIGNPATH_PS = 0x100, PATHCLIPPED_PS = 0x200;
const PLAYER = EDGE_SLIDE_PS | GRAVITY_PS | REPORT_PS;

let acp, X, mem;
before(async () => { acp = await acphys(); X = acp.exports; mem = new Mem(acp); });
after(() => mem.freeAll());

const get = (obj, name) => acp.get('physobj', obj, name);
const set = (obj, name, v) => acp.set('physobj', obj, name, v);

/** Copy a typed array into fresh linear memory. */
function copy(typed) {
  const p = mem.alloc(typed.byteLength);
  acp.u8().set(new Uint8Array(typed.buffer, typed.byteOffset, typed.byteLength), p);
  return p;
}

/** A terrain from the real fixtures (ids like 0xA9B4FFFF). */
function fixtureTerrain(ids) {
  const t = X.acp_abi_terrain_create(8);
  const table = copy(new Float32Array(HEIGHT_TABLE));
  for (const id of ids) {
    const lb = LANDBLOCKS[id];
    assert.equal(X.acp_abi_terrain_add_landblock(t, id, copy(new Uint8Array(lb.height)),
      copy(new Uint16Array(lb.terrain)), table), 0);
  }
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

function setupOf(spheres, stepUp, stepDown) {
  const p = mem.alloc(16 * spheres.length);
  acp.f32().set(spheres.flat(), p >> 2);
  return X.acp_abi_setup_create(p, spheres.length, stepUp, stepDown);
}

/** A retail world on terrain t with object 1 of the given state and setup. */
function terrainWorld(t, state, setup) {
  const w = X.acp_abi_world_create(0, 4);
  X.acp_abi_terrain_attach(w, t);
  const o = X.acp_abi_world_add_object(w, 1);
  set(o, 'state', state);
  if (setup) X.acp_abi_physobj_set_setup(o, setup);
  return { w, o };
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
function runQuantum(o, q = Q30) {
  set(o, 'transient_state', get(o, 'transient_state') | ACTIVE_TS);
  X.acp_abi_physobj_update_object_internal(o, q);
}
function forward(o) {
  const m = get(o, 'frame').slice(4, 13);
  return [m[3], m[4], m[5]];
}
const BALL = [[0, 0, 0.5, 0.5]];

describe('terrain from LandBlock records (CLandBlockStruct)', () => {
  it('split rule: hash × (float)2^-32 ≥ 0.5', () => {
    assert.equal(X.acp_abi_terrain_split_sw_to_ne(0, 0), 1);       // 2925818075 ≥ 2^31
    assert.equal(X.acp_abi_terrain_split_sw_to_ne(657, 1857), 1);  // 2^31 + 440
    assert.equal(X.acp_abi_terrain_split_sw_to_ne(2015, 514), 0);  // 2^31 − 1504
  });

  it('heights through the Region table and triangle planes', () => {
    const t = fixtureTerrain([0xA9B4FFFF]);
    assert.equal(heightAt(t, 0xA9B40019, 84, 12), 94);            // index 47 → 94 m, flat cell (3, 0)
    near(assert, heightAt(t, 0xA9B40001, 12, 12), 87, 1e-5);       // 90 − y/4
    near(assert, normalAt(t, 0xA9B40001, 12, 12), [0, 6 / Math.sqrt(612), 24 / Math.sqrt(612)], 1e-7);
    X.acp_abi_terrain_destroy(t);
  });

  it('water: partially water cell of AAB4, missing cells', () => {
    const t = fixtureTerrain([0xAAB4FFFF]);
    assert.equal(X.acp_abi_terrain_cell_water_type(t, 0xAAB40040), 1);
    assert.equal(X.acp_abi_terrain_cell_water_type(t, 0xAAB40001), 0);
    assert.equal(X.acp_abi_terrain_cell_water_type(t, 0xA9B40001) >>> 0, 0xFFFFFFFF);
    X.acp_abi_terrain_destroy(t);
  });
});

describe('the collision sweep over terrain (CTransition)', () => {
  it('no staircase: a runner on a 0.25 m/m slope stays on the surface, one sweep per quantum', () => {
    const t = columnTerrain([0, 1, 2, 3, 4, 5, 6, 7, 8], [0, 6, 12, 18, 24, 30, 36, 42, 48]);
    const setup = setupOf(BALL, 0.4, 0.4);
    const { w, o } = terrainWorld(t, PLAYER, setup);
    assert.equal(X.acp_abi_world_enter_object(w, o, positionAt(0xA9B40000, 30, 10, 7.5, 90), 0), 1);
    X.acp_abi_physobj_set_root_motion(o, 0, 4, 0, 0, 0, 0);
    const step = f(4 * Q30) * 16 / 17;
    for (let i = 0; i < 30; i++) {
      const sweeps = X.acp_abi_world_num_sweeps(w);
      const x0 = get(o, 'origin')[0];
      runQuantum(o);
      assert.equal(X.acp_abi_world_num_sweeps(w) - sweeps, 1);
      const [x, , z] = get(o, 'origin');
      near(assert, z, 0.25 * x, 1e-3);
      near(assert, z, groundZ(t, o), 1e-3);
      near(assert, x - x0, step, 2e-5);
      assert.ok(get(o, 'transient_state') & ON_WALKABLE_TS);
    }
    X.acp_abi_world_destroy(w);
    X.acp_abi_setup_destroy(setup);
    X.acp_abi_terrain_destroy(t);
  });

  const slopeNz = (h) => f(f(1 / Math.sqrt(576 * 576 + (24 * h) ** 2)) * 576);
  function runAtSlope(h, state, n) {
    const t = columnTerrain([0, 0, 0, 0, 1, 1, 1, 1, 1], [0, h]);
    const setup = setupOf(BALL, 0.4, 0.4);
    const { w, o } = terrainWorld(t, state, setup);
    X.acp_abi_world_enter_object(w, o, positionAt(0xA9B40000, 70, 12, 0, 90), 0);
    X.acp_abi_physobj_set_root_motion(o, 0, 4, 0, 0, 0, 0);
    const r = { alwaysWalkable: true, lostOnSlope: false, slidBack: false, maxX: 0, finalX: 0 };
    for (let i = 0; i < n; i++) {
      runQuantum(o);
      const x = get(o, 'origin')[0];
      const walk = (get(o, 'transient_state') & ON_WALKABLE_TS) !== 0;
      if (!walk) r.alwaysWalkable = false;
      if (!walk && x > 72) r.lostOnSlope = true;
      if (r.lostOnSlope && x < r.maxX - 0.05) r.slidBack = true;
      r.maxX = Math.max(r.maxX, x);
    }
    r.finalX = get(o, 'origin')[0];
    X.acp_abi_world_destroy(w);
    X.acp_abi_setup_destroy(setup);
    X.acp_abi_terrain_destroy(t);
    return r;
  }

  it('walkable limit: n.z 0.6652 walkable, 0.6632 not (slides; edge slide holds), exactly floor_z walkable', () => {
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
    r = runAtSlope(below, GRAVITY_PS | REPORT_PS, 40);
    assert.ok(r.lostOnSlope); assert.ok(r.slidBack);
    r = runAtSlope(below, PLAYER, 40);
    assert.ok(r.alwaysWalkable); assert.ok(r.maxX <= 72);
  });

  for (const [name, state, ts, vz] of [['elastic', 0, 0, 0.25], ['INELASTIC_PS', INELASTIC_PS, 0, 0],
    ['frames_stationary_fall 2', 0, STATIONARY_STOP_TS, 0]]) {
    it(`impulse on landing on flat ground at −5 m/s, elasticity 0.05: ${name} → vz ${vz}`, () => {
      const t = columnTerrain([0, 0, 0, 0, 0, 0, 0, 0, 0], [0]);
      const setup = setupOf(BALL, 0.4, 0.4);
      const { w, o } = terrainWorld(t, state, setup);
      X.acp_abi_world_place_object(w, o, positionAt(0xA9B40000, 50, 50, 0.1), ts, 0);
      set(o, 'velocity', [0, 0, -5]);
      X.acp_abi_physobj_update_object_internal(o, 0.1);
      assert.equal(get(o, 'velocity')[2], vz);
      near(assert, get(o, 'origin')[2], 0, EPSILON);
      assert.ok(get(o, 'transient_state') & CONTACT_TS);
      X.acp_abi_world_destroy(w);
      X.acp_abi_setup_destroy(setup);
      X.acp_abi_terrain_destroy(t);
    });
  }

  for (const loaded of [true, false]) {
    it(`landblock crossing A9B4 → AAB4 at x = 191.9 + 0.5 (AAB4 ${loaded ? 'loaded' : 'missing'})`, () => {
      const t = fixtureTerrain(loaded ? [0xA9B4FFFF, 0xAAB4FFFF] : [0xA9B4FFFF]);
      const setup = setupOf(BALL, 0.4, 0.4);
      const { w, o } = terrainWorld(t, PLAYER, setup);
      const z = heightAt(t, 0xA9B40039, 191.9, 12);
      assert.equal(X.acp_abi_world_enter_object(w, o, positionAt(0xA9B40000, 191.9, 12, z, 90), 0), 1);
      X.acp_abi_physobj_set_root_motion(o, 0, 15, 0, 0, 0, 0);
      runQuantum(o);
      assert.equal(get(o, 'cell'), 0xAAB40001);
      near(assert, get(o, 'origin')[0], 0.4, 0.01);
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
      X.acp_abi_setup_destroy(setup);
      X.acp_abi_terrain_destroy(t);
    });
  }

  it('placement: steps down within reach, stays above it, lifts out of the ground', () => {
    const setup = setupOf(BALL, 0.4, 0.4);
    for (const [z0, state, expect] of [[0.3, 0, 0], [-0.2, 0, 0], [0.5, 0, 0.5], [0.3, MISSILE_PS, 0.3]]) {
      const t = columnTerrain([0, 0, 0, 0, 0, 0, 0, 0, 0], [0]);
      const { w, o } = terrainWorld(t, state, setup);
      assert.equal(X.acp_abi_world_enter_object(w, o, positionAt(0xA9B40000, 40, 40, z0), 0), 1);
      near(assert, get(o, 'origin')[2], expect, 1e-6);
      assert.equal((get(o, 'transient_state') & CONTACT_TS) !== 0, expect === 0);
      X.acp_abi_world_destroy(w);
      X.acp_abi_terrain_destroy(t);
    }
    X.acp_abi_setup_destroy(setup);
  });
});

describe('recorded retail states over real terrain', () => {
  it('the quarrel over Holtburg: retail integration and AlignPath in the air, lands within 1 s, ends at rest', () => {
    const t = fixtureTerrain([0xA9B4FFFF]);
    const w = X.acp_abi_world_create(0, 2);
    X.acp_abi_terrain_attach(w, t);
    const o = X.acp_abi_world_add_object(w, 1);
    const sphere = mem.alloc(16);
    acp.f32().set([0, 0, 0, 0.1], sphere >> 2);
    X.acp_abi_physobj_set_spheres(o, sphere, 1);
    set(o, 'state', 0x20748); set(o, 'scale', 1.1); set(o, 'friction', 1); set(o, 'elasticity', 0);
    set(o, 'velocity', [-31.741, 37.134, -10.658]);
    const pos = positionAt(0xA9B40000, 78.53821, 1.935757, 95.10242, 0, [-0.623728, 0, 0, -0.781642], 0xA9B40019);
    assert.equal(X.acp_abi_world_enter_object(w, o, pos, 0), 1);
    let landedAt = -1, airborne = 0;
    for (let k = 1; k <= 120; k++) {
      let v0 = get(o, 'velocity');
      const o0 = get(o, 'origin');
      X.acp_abi_world_use_time(w, k / 60);
      if (!get(o, 'record_ran') || get(o, 'record_num_quanta') === 0 || landedAt >= 0) continue;
      const dt = get(o, 'record_quanta')[0];
      if (get(o, 'transient_state') & CONTACT_TS) { landedAt = k / 60; continue; }
      airborne++;
      // retail: clamp to 50 m/s through the normalized vector, then v += a·dt
      const mag2 = f(v0[0] * v0[0] + v0[1] * v0[1] + v0[2] * v0[2]);
      if (mag2 > 2500) {
        const len = Math.sqrt(v0[0] * v0[0] + v0[1] * v0[1] + v0[2] * v0[2]);
        v0 = v0.map((c) => f(50 * f((1 / len) * c)));
      }
      const v = [v0[0], v0[1], f(f(dt * GRAVITY) + v0[2])];
      assert.deepEqual(get(o, 'velocity').map(fbits), v.map(fbits));
      const o1 = get(o, 'origin');
      const d = [o1[0] - o0[0], o1[1] - o0[1], o1[2] - o0[2]];
      near(assert, d, [v0[0] * dt, v0[1] * dt, v0[2] * dt + 0.5 * GRAVITY * dt * dt], 1e-4);
      const len = Math.hypot(...d);
      near(assert, forward(o), d.map((c) => c / len), 1e-3);
      assert.ok(forward(o)[2] < -0.2);
    }
    assert.ok(airborne >= 2);
    assert.ok(landedAt > 0 && landedAt <= 1);
    assert.equal(get(o, 'state') & (MISSILE_PS | ALIGNPATH_PS | PATHCLIPPED_PS), 0);
    assert.deepEqual(get(o, 'velocity'), [0, 0, 0]);
    assert.equal(get(o, 'transient_state') & (CONTACT_TS | ON_WALKABLE_TS), CONTACT_TS | ON_WALKABLE_TS);
    near(assert, get(o, 'origin')[2], groundZ(t, o) + 0.11, 1e-3);
    X.acp_abi_world_destroy(w);
    X.acp_abi_terrain_destroy(t);
  });

  it('the falling creature over 0xC19A falls, lands and comes to rest on walkable ground', () => {
    const t = fixtureTerrain([0xC19AFFFF]);
    const setup = setupOf([[0, 0, 0.5, 0.5], [0, 0, 1.3, 0.5]], 0.35, 0.35);
    const { w, o } = terrainWorld(t, 0x408, setup);
    const pos = positionAt(0xC19A0000, 148.3582, 26.67754, 37.08688, 0, [-0.996418, 0, 0, -0.084562], 0xC19A0032);
    X.acp_abi_world_place_object(w, o, pos, 0, 0);
    set(o, 'velocity', [0, 0, -7.366]);
    const z0 = get(o, 'origin')[2];
    for (let k = 1; k <= 180; k++) X.acp_abi_world_use_time(w, k / 60);
    assert.ok(get(o, 'origin')[2] < z0 - 0.1);
    assert.deepEqual(get(o, 'velocity'), [0, 0, 0]);
    assert.equal(get(o, 'transient_state') & (CONTACT_TS | ON_WALKABLE_TS), CONTACT_TS | ON_WALKABLE_TS);
    near(assert, get(o, 'origin')[2], groundZ(t, o), 1e-3);
    X.acp_abi_world_destroy(w);
    X.acp_abi_setup_destroy(setup);
    X.acp_abi_terrain_destroy(t);
  });

  it('the running, turning player follows the hills of 0xD59A', () => {
    const t = fixtureTerrain([0xD59AFFFF]);
    const setup = setupOf([[0, 0, 0.475, 0.475], [0, 0, 1.35, 0.475]], 0.4, 0.4);
    const { w, o } = terrainWorld(t, 0x400408, setup);
    const pos = positionAt(0xD59A0000, 118.6824, 58.51815, 330.9344, 0, [0.468932, 0, 0, -0.883235], 0xD59A0023);
    assert.equal(X.acp_abi_world_enter_object(w, o, pos, 0), 1);
    X.acp_abi_physobj_set_root_motion(o, 0, f(4 * f(2.0039682)), 0, 0, 0, f(-1.5 * 1.5));
    let zmin = Infinity, zmax = -Infinity;
    for (let i = 0; i < 300; i++) {
      const sweeps = X.acp_abi_world_num_sweeps(w);
      runQuantum(o);
      assert.equal(X.acp_abi_world_num_sweeps(w) - sweeps, 1);
      assert.ok(get(o, 'transient_state') & ON_WALKABLE_TS);
      const z = get(o, 'origin')[2];
      near(assert, z, groundZ(t, o), 1e-3);
      zmin = Math.min(zmin, z); zmax = Math.max(zmax, z);
    }
    assert.ok(zmax - zmin > 5);
    X.acp_abi_world_destroy(w);
    X.acp_abi_setup_destroy(setup);
    X.acp_abi_terrain_destroy(t);
  });
});
