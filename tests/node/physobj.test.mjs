// CPhysicsObj / CPhysics conformance over the .wasm: the same cases and expected values as
// tests/c/test_physobj.c (the clock ladders of both profiles, the world gate, gravity,
// activity, friction, hooks, the no-sphere rule).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { acphys, fbits, Mem } from './helpers.mjs';

const PROFILE = { retail: 0, 'acdream-r6': 1, ace: 2 };
const GRAVITY_PS = 0x400, SLEDDING_PS = 0x800000, ALIGNPATH_PS = 0x100, INELASTIC_PS = 0x20000, FROZEN_PS = 0x1000000;
const STATIC_PS = 0x1, HAS_DEFAULT_ANIM_PS = 0x40000;
const ACTIVE_TS = 0x80, ON_WALKABLE_TS = 0x2, STATIONARY_STOP_TS = 0x20;
const f = Math.fround;

let acp, X, mem;
before(async () => { acp = await acphys(); X = acp.exports; mem = new Mem(acp); });
after(() => mem.freeAll());

const get = (obj, name) => acp.get('physobj', obj, name);
const set = (obj, name, v) => acp.set('physobj', obj, name, v);

/** A world with one placed object (fixture world) in cell 0xA9B40019 at (78, 2, 95). */
function worldWith(profile, state, sphere = true) {
  const w = X.acp_abi_world_create(PROFILE[profile], 8);
  const o = X.acp_abi_world_add_object(w, 1);
  set(o, 'state', state);
  if (sphere) X.acp_abi_physobj_set_spheres(o, sphereBuf(), 1);
  const pos = mem.position(0xA9B40019, [78, 2, 95]);
  X.acp_abi_world_place_object(w, o, pos, 0, 0);
  return { w, o };
}
function sphereBuf() {
  const p = mem.alloc(16);
  acp.f32().set([0, 0, 0.5, 0.5], p >> 2);
  return p;
}

function ladder(profile, now) {
  const { w, o } = worldWith(profile, 0);
  X.acp_abi_world_set_now(w, now);
  X.acp_abi_physobj_update_object(o);
  const n = get(o, 'record_num_quanta');
  const r = { quanta: get(o, 'record_quanta').slice(0, n), updateTime: get(o, 'record_update_time'), pending: get(o, 'record_pending') };
  X.acp_abi_world_destroy(w);
  return r;
}

describe('update_object clock ladders (docs/RETAIL-CONTRACT.md §4)', () => {
  it('retail: 0.0001, 0.03, 0.21, 0.45, 2.0, 2.5', () => {
    let r = ladder('retail', 0.0001);
    assert.deepEqual(r.quanta, []); assert.equal(r.updateTime, 0.0001);
    r = ladder('retail', 0.03);
    assert.deepEqual(r.quanta, [f(0.03)]); assert.equal(r.updateTime, 0.03);
    r = ladder('retail', 0.21);
    assert.deepEqual(r.quanta, [f(0.2)]); assert.equal(r.updateTime, 0.2);
    r = ladder('retail', 0.45);
    assert.deepEqual(r.quanta, [f(0.2), f(0.2), f(0.05)]); assert.equal(r.updateTime, 0.45);
    r = ladder('retail', 2.0);
    assert.deepEqual(r.quanta, Array(10).fill(f(0.2))); assert.equal(r.updateTime, 1.9999999999999998);
    r = ladder('retail', 2.5);
    assert.deepEqual(r.quanta, []); assert.equal(r.updateTime, 2.5);
  });

  it('acdream-r6: 0.03, 0.21, 0.45, 2.0 with float constants', () => {
    let r = ladder('acdream-r6', 0.03);
    assert.deepEqual(r.quanta, []); assert.equal(r.updateTime, 0); assert.equal(r.pending, 0.03);
    r = ladder('acdream-r6', 0.21);
    assert.deepEqual(r.quanta, [f(0.2)]); assert.equal(r.updateTime, 0.20000000298023224);
    r = ladder('acdream-r6', 0.45);
    assert.deepEqual(r.quanta, [f(0.2), f(0.2), f(0.049999993)]);
    r = ladder('acdream-r6', 2.0);
    assert.deepEqual(r.quanta, [...Array(9).fill(f(0.2)), f(0.19999997)]); assert.equal(r.updateTime, 2.0);
  });

  it('exactly MIN, MAX and HUGE quantum, each profile with its own constant type', () => {
    assert.deepEqual(ladder('retail', 1 / 30).quanta, [f(1 / 30)]);
    assert.deepEqual(ladder('acdream-r6', f(1 / 30)).quanta, []);
    assert.deepEqual(ladder('retail', 0.2).quanta, [f(0.2)]);
    assert.deepEqual(ladder('acdream-r6', f(0.2)).quanta, [f(0.2)]);
    assert.equal(ladder('retail', 2.0).quanta.length, 10);
    assert.equal(ladder('retail', 2.0000000000000004).quanta.length, 0);
    assert.equal(ladder('acdream-r6', 2.0000000000000004).quanta.length, 0);
    const e = ladder('retail', 0.00019999999494757503);
    assert.deepEqual(e.quanta, []); assert.equal(e.updateTime, 0.00019999999494757503);
  });

  it('ace: MaxQuantum 0.1, nothing consumed below 1/30', () => {
    let r = ladder('ace', 0.0001);
    assert.deepEqual(r.quanta, []); assert.equal(r.updateTime, 0);
    r = ladder('ace', 0.25);
    assert.deepEqual(r.quanta, [f(0.1), f(0.1), f(0.25 - 0.1 - 0.1)]);
  });
});

describe('CPhysics::UseTime world gate', () => {
  it('retail: 0.02 runs nothing, 0.04 updates every object once; a clock going back rebases', () => {
    const w = X.acp_abi_world_create(0, 4);
    const pos = mem.position(0xA9B40019, [0, 0, 0]);
    const a = X.acp_abi_world_add_object(w, 1), b = X.acp_abi_world_add_object(w, 2);
    X.acp_abi_world_place_object(w, a, pos, 0, 0);
    X.acp_abi_world_place_object(w, b, pos, 0, 0);
    X.acp_abi_world_use_time(w, 0.02);
    assert.equal(acp.get('world', w, 'gate_passed'), false);
    assert.equal(get(a, 'record_ran'), false);
    X.acp_abi_world_use_time(w, 0.04);
    assert.equal(acp.get('world', w, 'gate_passed'), true);
    assert.equal(get(a, 'record_ran'), true); assert.equal(get(b, 'record_ran'), true);
    assert.equal(get(a, 'record_num_quanta'), 1);
    X.acp_abi_world_use_time(w, 0.01);
    assert.equal(get(a, 'record_ran'), false);
    assert.equal(acp.get('world', w, 'last_update'), 0.01);
    X.acp_abi_world_destroy(w);
  });
});

describe('UpdatePhysicsInternal', () => {
  it('gravity as retail integrates it, quanta of 0.1f from rest', () => {
    const { w, o } = worldWith('retail', GRAVITY_PS);
    set(o, 'origin', [78, 2, 0]);
    assert.equal(fbits(get(o, 'acceleration')[2]), fbits(-9.8000002));
    X.acp_abi_physobj_update_object_internal(o, 0.1);
    assert.equal(get(o, 'origin')[2], 0);
    assert.equal(fbits(get(o, 'velocity')[2]), fbits(-0.98000002));
    X.acp_abi_physobj_update_object_internal(o, 0.1);
    assert.equal(fbits(get(o, 'origin')[2]), fbits(-0.14699999988));
    X.acp_abi_physobj_update_object_internal(o, 0.1);
    assert.equal(fbits(get(o, 'origin')[2]), fbits(-0.39200002));
    X.acp_abi_world_destroy(w);
  });

  it('velocity is clamped to 50 m/s through float normalization', () => {
    const { w, o } = worldWith('retail', 0);
    set(o, 'velocity', [60, 80, 0]);
    X.acp_abi_physobj_update_object_internal(o, 0.1);
    assert.equal(get(o, 'velocity')[0], f(50 * f(60 / 100)));
    X.acp_abi_world_destroy(w);
  });

  it('sledding friction: v × (1 − 0.2)^0.2 on a steep slope; stops below |v|² 1.5625', () => {
    const { w, o } = worldWith('retail', SLEDDING_PS);
    set(o, 'transient_state', get(o, 'transient_state') | ON_WALKABLE_TS);
    set(o, 'contact_plane_normal', [0, 0.3122, 0.95]);
    set(o, 'velocity', [3, 0, 0]);
    X.acp_abi_physobj_calc_friction(o, 0.2, 9);
    assert.equal(get(o, 'velocity')[0], f(Math.pow(1 - f(0.2), f(0.2)) * 3));
    set(o, 'velocity', [1, 0, 0]);
    X.acp_abi_physobj_calc_friction(o, 0.2, 1);
    assert.equal(get(o, 'velocity')[0], 0);
    X.acp_abi_world_destroy(w);
  });

  it('an object without spheres never translates; only its rotation changes', () => {
    const { w, o } = worldWith('retail', GRAVITY_PS, false);
    set(o, 'velocity', [5, 0, 0]);
    set(o, 'omega', [0, 0, 1]);
    const before = get(o, 'origin');
    X.acp_abi_physobj_update_object_internal(o, 0.1);
    assert.deepEqual(get(o, 'origin'), before);
    assert.notEqual(get(o, 'quaternion')[3], 0);
    assert.deepEqual(get(o, 'cached_velocity'), [0, 0, 0]);
    X.acp_abi_world_destroy(w);
  });
});

describe('activity gate (96 m from the player object)', () => {
  for (const [d, active] of [[97, false], [95, true], [96, true]]) {
    it(`${d} m → ${active ? 'active' : 'inactive'}`, () => {
      const w = X.acp_abi_world_create(0, 4);
      const player = X.acp_abi_world_add_object(w, 1), o = X.acp_abi_world_add_object(w, 2);
      set(o, 'state', 0);
      X.acp_abi_physobj_set_spheres(o, sphereBuf(), 1);
      X.acp_abi_world_place_object(w, player, mem.position(0xA9B40019, [10, 10, 0]), 0, 0);
      X.acp_abi_world_place_object(w, o, mem.position(0xA9B40019, [10 + d, 10, 0]), 0, 0);
      set(o, 'velocity', [-1, 0, 0]);
      X.acp_abi_world_set_player(w, player);
      X.acp_abi_world_use_time(w, 0.05);
      assert.equal((get(o, 'transient_state') & ACTIVE_TS) !== 0, active);
      assert.equal(get(o, 'player_distance'), d);
      assert.equal(get(o, 'origin')[0] < 10 + d, active);
      X.acp_abi_world_destroy(w);
    });
  }
});

describe('hooks (process_hooks, FPHook, the anim-hook bag)', () => {
  it('an FPHook done on its third execution runs three times over three quanta, then is gone', () => {
    const { w, o } = worldWith('retail', 0);
    X.acp_abi_physobj_set_scale(o, 2, 0.5);
    assert.equal(get(o, 'num_fp_hooks'), 1);
    const expect = [f(1.4), f(1.8), 2];
    for (let i = 0; i < 3; i++) {
      X.acp_abi_world_set_now(w, 0.2 * (i + 1));
      X.acp_abi_physobj_update_object(o);
      assert.equal(get(o, 'scale'), expect[i]);
      assert.equal(get(o, 'num_fp_hooks'), i < 2 ? 1 : 0);
    }
    X.acp_abi_world_destroy(w);
  });

  it('anim hooks queued for a quantum run in it and the bag is emptied', () => {
    const { w, o } = worldWith('retail', 0);
    const size = acp.layout('anim_hook').size;
    const h = mem.alloc(size);
    acp.u8().fill(0, h, h + size);
    acp.set('anim_hook', h, 'type', 22);
    acp.set('anim_hook', h, 'omega', [0, 0, -1.5]);
    assert.equal(X.acp_abi_physobj_add_anim_hook(o, h), 1);
    assert.equal(get(o, 'num_anim_hooks'), 1);
    X.acp_abi_world_set_now(w, 0.05);
    X.acp_abi_physobj_update_object(o);
    assert.deepEqual(get(o, 'omega'), [0, 0, -1.5]);
    assert.equal(get(o, 'num_anim_hooks'), 0);
    assert.equal(get(o, 'record_num_hooks'), 1);
    assert.equal(acp.string(X.acp_abi_hook_type_name(get(o, 'record_hooks')[0])), 'SetOmega');
    X.acp_abi_world_destroy(w);
  });
});

describe('SetPositionInternal → handle_all_collisions', () => {
  for (const [name, state, fsf, vz] of [['elastic', 0, 0, 0.25], ['INELASTIC_PS', INELASTIC_PS, 0, 0], ['frames_stationary_fall 2', 0, 2, 0]]) {
    it(`(0, 0, −5) onto a flat floor, ${name} → v.z ${vz}`, () => {
      const { w, o } = worldWith('retail', state);
      set(o, 'velocity', [0, 0, -5]);
      X.acp_abi_physobj_commit_collision(o, 0, 0, 1, fsf);
      assert.deepEqual(get(o, 'velocity'), [0, 0, vz]);
      assert.equal((get(o, 'transient_state') & STATIONARY_STOP_TS) !== 0, fsf === 2);
      X.acp_abi_world_destroy(w);
    });
  }
});

describe('skips and statics', () => {
  it('a FROZEN object is skipped: ACTIVE cleared, update_time kept', () => {
    const { w, o } = worldWith('retail', FROZEN_PS);
    X.acp_abi_world_set_now(w, 0.5);
    X.acp_abi_physobj_update_object(o);
    assert.equal(get(o, 'record_skipped'), 3);
    assert.equal(get(o, 'transient_state') & ACTIVE_TS, 0);
    assert.equal(get(o, 'update_time'), 0);
    X.acp_abi_world_destroy(w);
  });

  it('static animating objects apply omega raw and skip sub-1/30 s frames', () => {
    const { w, o } = worldWith('retail', STATIC_PS | HAS_DEFAULT_ANIM_PS);
    X.acp_abi_world_add_static_animating(w, o);
    set(o, 'omega', [0, 0, 0.5]);
    X.acp_abi_world_use_time(w, 0.034);
    assert.equal(get(o, 'update_time'), 0.034);
    assert.ok(Math.abs(get(o, 'quaternion')[3] - Math.sin(0.25)) < 1e-7);
    set(o, 'update_time', 0.05);
    X.acp_abi_world_use_time(w, 0.07);
    assert.equal(get(o, 'update_time'), 0.05);
    X.acp_abi_world_destroy(w);
  });

  it('AlignPath turns the frame along the move, pitch included', () => {
    const { w, o } = worldWith('retail', ALIGNPATH_PS);
    set(o, 'velocity', [3, 4, -5]);
    X.acp_abi_physobj_update_object_internal(o, 0.1);
    const m = get(o, 'frame').slice(4, 13);
    const n = Math.sqrt(50);
    for (const [i, v] of [[3, 3 / n], [4, 4 / n], [5, -5 / n]]) assert.ok(Math.abs(m[i] - v) < 2e-5);
    X.acp_abi_world_destroy(w);
  });
});

