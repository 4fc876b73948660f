// Animation and motion conformance over the .wasm (issue 6): the same cases and expected values
// as tests/c/test_sequence.c, test_motiontable.c, test_motion_interp.c and test_partarray.c,
// with synthetic records built in C through the acp_abi_fixture_* builders.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { createRun } from '../../wasm/scenario.mjs';
import { acphys, fbits, Mem, near } from './helpers.mjs';

const NC = 0x8000003d, READY = 0x41000003, RUN = 0x44000007, WALK = 0x45000005, WALK_BACK = 0x45000006;
const TURN_RIGHT = 0x6500000d, TURN_LEFT = 0x6500000e, SIDE_RIGHT = 0x6500000f, SIDE_LEFT = 0x65000010;
const CYCLE = 0, MODIFIER = 1, LINK = 2;
const EPS = 0.00019999999494757503;
const STATIC_PS = 0x1, HAS_DEFAULT_ANIM_PS = 0x40000, CONTACT_TS = 0x1, ON_WALKABLE_TS = 0x2;
const RUN_SPEED = Math.fround(2.0039682), TURN_SPEED = 1.5;
const f = Math.fround;
const key = (style, m) => (((style << 16) | (m & 0xffffff)) >>> 0);

let acp, X, mem;
before(async () => { acp = await acphys(); X = acp.exports; mem = new Mem(acp); });
after(() => mem.freeAll());

const seqGet = (seq, name) => acp.get('sequence', seq, name);
const nodeGet = (node, name) => acp.get('anim_node', node, name);
const currNode = (seq) => X.acp_abi_sequence_node(seq, seqGet(seq, 'curr_anim'));
const animId = (node) => acp.get('animation', nodeGet(node, 'anim'), 'id') >>> 0;

/** pos frames: n frames each moving (0, dy, 0), 7 floats per frame. */
function posFrames(n, dy) {
  const p = mem.alloc(n * 28);
  const a = acp.f32();
  for (let i = 0; i < n; i++) a.set([0, dy, 0, 1, 0, 0, 0], (p >> 2) + i * 7);
  return p;
}

/** A Humanoid stand-in shaped as data/portal-default.dat's 0x09000001: Ready, Walk (3.12), Run
 *  (4.0) and SideStepRight (1.25, bitfield 2: only from Ready) cycles of 10 frames at 30/s; the
 *  styled SideStepRight modifier (1.25); TurnRight modifiers styled ω −1.5 and/or unstyled ω
 *  `unstyledOmega` (as asked). */
function humanoid(fx, { styled = false, unstyled = true, unstyledOmega = -3, numParts = 1 } = {}) {
  for (const id of [0x03000100, 0x03000101, 0x03000103]) X.acp_abi_fixture_animation(fx, id, 10, numParts, 0);
  const mt = X.acp_abi_fixture_motion_table(fx, 0x09000001, NC);
  X.acp_abi_fixture_style_default(mt, NC, READY);
  const cycles = [[READY, 0x03000100, 0, 0, 0], [WALK, 0x03000103, 0, 3.12, 0], [RUN, 0x03000101, 0, 4, 0],
    [SIDE_RIGHT, 0x03000103, 1.25, 0, 2]];
  for (const [m, anim, vx, vy, bitfield] of cycles) {
    const md = X.acp_abi_fixture_motion(mt, CYCLE, 0, key(NC, m), vx, vy, 0, 0, 0, 0, bitfield);
    X.acp_abi_fixture_motion_anim(md, anim, 0, -1, 30);
  }
  X.acp_abi_fixture_motion(mt, MODIFIER, 0, key(NC, SIDE_RIGHT), 1.25, 0, 0, 0, 0, 0, 0);
  if (styled) X.acp_abi_fixture_motion(mt, MODIFIER, 0, key(NC, TURN_RIGHT), 0, 0, 0, 0, 0, -1.5, 0);
  if (unstyled) X.acp_abi_fixture_motion(mt, MODIFIER, 0, TURN_RIGHT & 0xffffff, 0, 0, 0, 0, 0, unstyledOmega, 0);
  return mt;
}

/** A standalone sequence and motion state in the table's default state. */
function tableRig(opts) {
  const fx = X.acp_abi_fixture_create();
  const mt = humanoid(fx, opts);
  const seq = X.acp_abi_sequence_create(fx);
  const st = X.acp_abi_motion_state_create();
  const n = mem.alloc(4);
  assert.equal(X.acp_abi_motion_table_set_default_state(mt, st, seq, n), 1);
  const free = () => { X.acp_abi_motion_state_destroy(st); X.acp_abi_sequence_destroy(seq); X.acp_abi_fixture_destroy(fx); };
  return { fx, mt, seq, st, n, free };
}

describe('CSequence (retail CSequence::update_internal)', () => {
  it('starting frame bias: a reverse node starts at (high + 1) − (double)0.0002f', () => {
    const fx = X.acp_abi_fixture_create();
    X.acp_abi_fixture_animation(fx, 0x03000003, 3, 1, 0);
    const seq = X.acp_abi_sequence_create(fx);
    X.acp_abi_sequence_append_animation(seq, 0x03000003, 0, -1, -30);
    assert.equal(seqGet(seq, 'frame_number'), 3 - EPS);
    assert.equal(nodeGet(currNode(seq), 'high_frame'), 2);
    X.acp_abi_sequence_destroy(seq);
    X.acp_abi_fixture_destroy(fx);
  });

  it('root motion is frame-quantized: 0.1 per boundary crossed, quanta of 0.02 s at 30 frames/s', () => {
    const fx = X.acp_abi_fixture_create();
    X.acp_abi_fixture_animation(fx, 0x03000010, 10, 1, posFrames(10, 0.1));
    const seq = X.acp_abi_sequence_create(fx);
    X.acp_abi_sequence_append_animation(seq, 0x03000010, 0, -1, 30);
    const crossed = [0, 1, 0, 1, 0, 1, 1]; // 0.59999998…, 1.1999…, 1.7999…, 2.3999…, 2.99999993, 3.5999…, 4.1999…
    for (const c of crossed) {
      const off = mem.frame();
      X.acp_abi_sequence_update(seq, f(0.02), off);
      assert.equal(fbits(mem.read(off).origin[1]), fbits(c ? 0.1 : 0));
    }
    let unwrapped = seqGet(seq, 'frame_number');
    for (let i = 0; i < 200; i++) {
      const off = mem.frame();
      const before = Math.floor(unwrapped);
      unwrapped += 30 * f(0.02);
      const n = Math.floor(unwrapped) - before;
      X.acp_abi_sequence_update(seq, f(0.02), off);
      let expect = 0;
      for (let k = 0; k < n; k++) expect = f(expect + f(0.1));
      assert.equal(mem.read(off).origin[1], expect);
    }
    X.acp_abi_sequence_destroy(seq);
    X.acp_abi_fixture_destroy(fx);
  });

  it('reverse playback subtracts the pos frames', () => {
    const fx = X.acp_abi_fixture_create();
    X.acp_abi_fixture_animation(fx, 0x03000010, 10, 1, posFrames(10, 0.1));
    const seq = X.acp_abi_sequence_create(fx);
    X.acp_abi_sequence_append_animation(seq, 0x03000010, 0, -1, -30);
    const off = mem.frame();
    X.acp_abi_sequence_update(seq, 1 / 30, off);
    assert.equal(mem.read(off).origin[1], f(-0.1));
    X.acp_abi_sequence_destroy(seq);
    X.acp_abi_fixture_destroy(fx);
  });

  it('extreme speeds (±1e20, −0.65): update returns promptly, the frame stays in [low, high + 1]', () => {
    const fx = X.acp_abi_fixture_create();
    X.acp_abi_fixture_animation(fx, 0x03000010, 10, 1, posFrames(10, 0.1));
    for (const [speed, capped] of [[1e20, 1], [-1e20, 1], [-0.65, 0]]) {
      const seq = X.acp_abi_sequence_create(fx);
      X.acp_abi_sequence_append_animation(seq, 0x03000010, 0, -1, f(30 * f(speed)));
      const off = mem.frame();
      const t0 = performance.now();
      X.acp_abi_sequence_update(seq, 1 / 30, off);
      assert.ok(performance.now() - t0 < 1000);
      const fn = seqGet(seq, 'frame_number');
      assert.ok(fn >= 0 && fn <= 10, `frame ${fn}`);
      assert.equal(seqGet(seq, 'capped'), capped);
      assert.equal(X.acp_abi_frame_is_valid(off), 1);
      if (speed === -0.65) assert.equal(fn, f(30 * f(-0.65)) * (1 / 30) + (10 - EPS));
      X.acp_abi_sequence_destroy(seq);
    }
    X.acp_abi_fixture_destroy(fx);
  });

  it('an empty list applies physics with the true quantum', () => {
    const fx = X.acp_abi_fixture_create();
    const seq = X.acp_abi_sequence_create(fx);
    X.acp_abi_sequence_set_physics(seq, 0, 2, 0, 0, 0, 0);
    const off = mem.frame();
    X.acp_abi_sequence_update(seq, f(0.05), off);
    assert.equal(mem.read(off).origin[1], f(f(0.05) * 2));
    X.acp_abi_sequence_destroy(seq);
    X.acp_abi_fixture_destroy(fx);
  });
});

describe('CMotionTable', () => {
  it('TurnRight through the table: the styled modifier (−1.5) wins over the unstyled (−3.0)', () => {
    for (const styled of [true, false]) {
      const r = tableRig({ styled, unstyled: true });
      assert.equal(X.acp_abi_motion_table_do_object_motion(r.mt, TURN_RIGHT, r.st, r.seq, 1, r.n), 1);
      assert.equal(seqGet(r.seq, 'omega')[2], styled ? -1.5 : -3);
      assert.equal(acp.get('motion_state', r.st, 'substate') >>> 0, READY);
      r.free();
    }
  });

  it('TurnRight turns the heading clockwise by N × 1.5/30 rad after N boundaries', () => {
    const r = tableRig({ styled: true, unstyled: false });
    X.acp_abi_motion_table_do_object_motion(r.mt, TURN_RIGHT, r.st, r.seq, 1, r.n);
    const frame = mem.frame();
    let unwrapped = seqGet(r.seq, 'frame_number'), crossed = 0;
    for (let i = 0; i < 12; i++) {
      const before = Math.floor(unwrapped);
      unwrapped += 30 * 0.05;
      crossed += Math.floor(unwrapped) - before;
      X.acp_abi_sequence_update(r.seq, 0.05, frame);
      near(assert, X.acp_abi_frame_get_heading(frame), crossed * (1.5 / 30) * (180 / Math.PI), 1e-3, 'heading');
    }
    assert.equal(crossed, 18);
    r.free();
  });

  it('get_link: the "any substate" row at speed 1; the reversed lookup and its fallback at speed −1', () => {
    const fx = X.acp_abi_fixture_create();
    const S = 0x80000044, A = 0x4100000a, B = 0x4100000b, C = 0x4100000c;
    const mt = X.acp_abi_fixture_motion_table(fx, 0x09000003, S);
    X.acp_abi_fixture_style_default(mt, S, B);
    X.acp_abi_fixture_motion(mt, LINK, key(S, A), B, 1, 0, 0, 0, 0, 0, 0);
    X.acp_abi_fixture_motion(mt, LINK, (S << 16) >>> 0, C, 2, 0, 0, 0, 0, 0, 0);
    const L1 = X.acp_abi_fixture_motion(mt, LINK, key(S, A), B, 1, 0, 0, 0, 0, 0, 0);
    const L2 = X.acp_abi_fixture_motion(mt, LINK, (S << 16) >>> 0, C, 2, 0, 0, 0, 0, 0, 0);
    assert.equal(X.acp_abi_motion_table_get_link(mt, S, A, 1, C, 1), L2);
    assert.equal(X.acp_abi_motion_table_get_link(mt, S, A, 1, B, 1), L1);
    assert.equal(X.acp_abi_motion_table_get_link(mt, S, A, 1, C, -1), L1); // Links[S|A][default B]
    const L3 = X.acp_abi_fixture_motion(mt, LINK, key(S, C), A, 3, 0, 0, 0, 0, 0, 0);
    assert.equal(X.acp_abi_motion_table_get_link(mt, S, A, 1, C, -1), L3); // Links[S|C][A]
    assert.equal(X.acp_abi_motion_table_get_link(mt, S, A, -1, C, 1), L3);
    X.acp_abi_fixture_destroy(fx);
  });

  it('add_motion: velocity × speed and framerate × speed; the same cycle at speed 1 rescales', () => {
    const r = tableRig();
    X.acp_abi_motion_table_do_object_motion(r.mt, RUN, r.st, r.seq, RUN_SPEED, r.n);
    assert.equal(seqGet(r.seq, 'velocity')[1], f(RUN_SPEED * 4));
    const node = currNode(r.seq);
    assert.equal(animId(node), 0x03000101);
    assert.equal(nodeGet(node, 'framerate'), f(30 * RUN_SPEED));
    X.acp_abi_motion_table_do_object_motion(r.mt, RUN, r.st, r.seq, 1, r.n);
    assert.equal(nodeGet(node, 'framerate'), f(f(1 / RUN_SPEED) * f(30 * RUN_SPEED)));
    assert.equal(seqGet(r.seq, 'velocity')[1], 4);
    r.free();
  });
});

describe('CMotionInterp rules', () => {
  function adjust(mi, motion, speed, key = 0) {
    const pm = mem.alloc(4), ps = mem.alloc(4);
    acp.u32()[pm >> 2] = motion >>> 0;
    acp.f32()[ps >> 2] = speed;
    X.acp_abi_motion_interp_adjust_motion(mi, pm, ps, key);
    return [acp.u32()[pm >> 2], acp.f32()[ps >> 2]];
  }
  const k = f(3.12) / 1.25 * 0.5;

  it('adjust_motion: WalkBackwards × −0.65, TurnLeft × −1, SideStepLeft × −1, sidestep × 3.12/1.25 × 0.5', () => {
    const mi = X.acp_abi_motion_interp_create();
    assert.deepEqual(adjust(mi, WALK_BACK, 1), [WALK, f(-0.65)]);
    assert.deepEqual(adjust(mi, TURN_LEFT, 1), [TURN_RIGHT, -1]);
    assert.deepEqual(adjust(mi, SIDE_LEFT, 1), [SIDE_RIGHT, f(-k)]);
    assert.deepEqual(adjust(mi, SIDE_RIGHT, 0.5), [SIDE_RIGHT, f(k * 0.5)]);
    assert.deepEqual(adjust(mi, RUN, 1, 2), [RUN, 1]);
    X.acp_abi_motion_interp_destroy(mi);
  });

  it('apply_run_to_command: Walk → Run × run rate, turn × 1.5, sidestep clamped to ±3', () => {
    const mi = X.acp_abi_motion_interp_create();
    acp.set('motion_interp', mi, 'raw_holdkey', 2);
    acp.set('motion_interp', mi, 'run_rate', RUN_SPEED);
    acp.set('motion_interp', mi, 'weenie_run_rate', 1); // the player's weenie answers InqRunRate
    assert.deepEqual(adjust(mi, WALK, 1), [RUN, RUN_SPEED]);
    assert.deepEqual(adjust(mi, TURN_LEFT, 1), [TURN_RIGHT, -1.5]);
    assert.deepEqual(adjust(mi, SIDE_RIGHT, 1), [SIDE_RIGHT, f(RUN_SPEED * f(k))]);
    assert.deepEqual(adjust(mi, SIDE_RIGHT, 2), [SIDE_RIGHT, 3]);
    assert.deepEqual(adjust(mi, SIDE_RIGHT, -2), [SIDE_RIGHT, -3]);
    X.acp_abi_motion_interp_destroy(mi);
  });

  it('get_state_velocity: run 4 × speed, capped at run rate × 4', () => {
    const mi = X.acp_abi_motion_interp_create();
    acp.set('motion_interp', mi, 'forward_command', RUN);
    acp.set('motion_interp', mi, 'forward_speed', RUN_SPEED);
    const out = mem.vec3([0, 0, 0]);
    X.acp_abi_motion_interp_get_state_velocity(mi, out);
    const y = f(4 * RUN_SPEED);
    assert.equal(mem.readVec3(out)[1], f(1 / y * y * 4));
    acp.set('motion_interp', mi, 'run_rate', RUN_SPEED);
    acp.set('motion_interp', mi, 'weenie_run_rate', 1); // the player's weenie answers InqRunRate
    X.acp_abi_motion_interp_get_state_velocity(mi, out);
    assert.equal(mem.readVec3(out)[1], y);
    X.acp_abi_motion_interp_destroy(mi);
  });
});

/** World + object with the Humanoid stand-in at the recorded running player's position
 *  (retail-states.json running-turning-player; gravity off: flat-ground fixture). */
function objectRig(state, transient) {
  const fx = X.acp_abi_fixture_create();
  humanoid(fx, { unstyledOmega: -1.5, numParts: 2 }); // Humanoid's global TurnRight: ω (0, 0, −1.5)
  const spheres = mem.alloc(32);
  acp.f32().set([0, 0, 0.475, 0.475, 0, 0, 1.35, 0.475], spheres >> 2);
  const setup = X.acp_abi_fixture_setup(fx, 0x02000001, 2, spheres, 2, 0, 0, 0x09000001);
  const w = X.acp_abi_world_create(0, 4);
  const o = X.acp_abi_world_add_object(w, 1);
  acp.set('physobj', o, 'state', state);
  assert.equal(X.acp_abi_physobj_set_setup(o, setup, fx), 1);
  assert.equal(X.acp_abi_physobj_set_motion_table(o, 0x09000001), 1);
  const pos = mem.position(0xd59a0023, [118.6824, 58.51815, 330.9344], [0.468932, 0, 0, -0.883235]);
  X.acp_abi_world_place_object(w, o, pos, transient, 0);
  const seq = acp.get('physobj', o, 'part_array') + acp.field('partarray', 'sequence').offset;
  const frame = o + acp.field('physobj', 'frame').offset;
  return { fx, w, o, seq, frame, free: () => { X.acp_abi_world_destroy(w); X.acp_abi_fixture_destroy(fx); } };
}

describe('motion through an object', () => {
  it('the recorded interpreted state: RunForward 2.0039682 and TurnRight 1.5', () => {
    const r = objectRig(0x00400008, CONTACT_TS | ON_WALKABLE_TS);
    X.acp_abi_physobj_apply_interpreted_motion(r.o, NC, RUN, RUN_SPEED, 0, 1, TURN_RIGHT, TURN_SPEED);
    assert.equal(seqGet(r.seq, 'velocity')[1], f(RUN_SPEED * 4));
    assert.equal(seqGet(r.seq, 'omega')[2], -2.25);
    assert.equal(nodeGet(currNode(r.seq), 'framerate'), f(30 * RUN_SPEED));
    r.free();
  });

  it('raw input with HoldRun: WalkForward → RunForward at the run rate, TurnLeft → TurnRight × −1.5', () => {
    const r = objectRig(0x00400008, CONTACT_TS | ON_WALKABLE_TS);
    X.acp_abi_physobj_set_run_rate(r.o, RUN_SPEED);
    X.acp_abi_physobj_apply_raw_motion(r.o, WALK, 1, 0, 1, TURN_LEFT, 1, 1);
    const mi = X.acp_abi_physobj_motion_interp(r.o);
    assert.equal(acp.get('motion_interp', mi, 'forward_command') >>> 0, RUN);
    assert.equal(acp.get('motion_interp', mi, 'forward_speed'), RUN_SPEED);
    assert.equal(acp.get('motion_interp', mi, 'turn_speed'), -1.5);
    assert.equal(seqGet(r.seq, 'omega')[2], 2.25);
    r.free();
  });

  it('the running-turning player on flat walkable ground follows the frame-quantized circle', () => {
    const r = objectRig(0x00400008, CONTACT_TS | ON_WALKABLE_TS);
    X.acp_abi_physobj_apply_interpreted_motion(r.o, NC, RUN, RUN_SPEED, 0, 1, TURN_RIGHT, TURN_SPEED);
    const fr = f(30 * RUN_SPEED);
    const step = f(RUN_SPEED * 4) / fr, turn = 2.25 / fr;
    let heading = X.acp_abi_frame_get_heading(r.frame) * Math.PI / 180;
    let [x, y] = mem.read(r.frame).origin;
    let unwrapped = seqGet(r.seq, 'frame_number'), total = 0;
    for (let k = 1; k <= 300; k++) {
      X.acp_abi_world_use_time(r.w, k / 60);
      if (!acp.get('physobj', r.o, 'record_ran')) continue;
      const quanta = acp.get('physobj', r.o, 'record_quanta').slice(0, acp.get('physobj', r.o, 'record_num_quanta'));
      for (const q of quanta) {
        const before = Math.floor(unwrapped);
        unwrapped += fr * q;
        const n = Math.floor(unwrapped) - before;
        x += n * step * Math.sin(heading);
        y += n * step * Math.cos(heading);
        heading += n * turn;
        total += n;
      }
    }
    assert.ok(total >= 298 && total <= 302, `boundaries ${total}`);
    const origin = mem.read(r.frame).origin;
    near(assert, origin[0], x, 1e-4, 'x');
    near(assert, origin[1], y, 1e-4, 'y');
    assert.equal(origin[2], f(330.9344));
    near(assert, X.acp_abi_frame_get_heading(r.frame) * Math.PI / 180, heading % (2 * Math.PI), 1e-5, 'heading');
    assert.ok(acp.get('physobj', r.o, 'transient_state') & ON_WALKABLE_TS);
    r.free();
  });

  // ---- retail's re_modify with two modifiers (docs/DEVIATIONS.md M19; test_motion_interp.c) ----

  const mstate = (o) => acp.get('partarray', acp.get('physobj', o, 'part_array'), 'motion_table_manager')
    + acp.field('mtable_manager', 'state').offset;
  /** The modifier list, newest first: [[motion, speed], ...]. */
  function modifiers(st) {
    const n = acp.get('motion_state', st, 'num_modifiers');
    const w = acp.get('motion_state', st, 'modifier_words'), fl = acp.get('motion_state', st, 'modifier_floats');
    return Array.from({ length: n }, (_, i) => [w[2 * i] >>> 0, fl[2 * i + 1]]);
  }

  /** Run + strafe (when asked) + turn from the server, then 0.5 s of 60 Hz frames: from Run the
   *  SideStepRight cycle (bitfield 2) is refused and the styled modifier combines; TurnRight has
   *  no cycle and combines as the global modifier. Returns the rig and the next frame number. */
  function strafeTurn(strafe) {
    const r = objectRig(0x00400008, CONTACT_TS | ON_WALKABLE_TS);
    X.acp_abi_physobj_apply_interpreted_motion(r.o, NC, RUN, RUN_SPEED, strafe ? SIDE_RIGHT : 0, 1, TURN_RIGHT, TURN_SPEED);
    const st = mstate(r.o);
    assert.equal(acp.get('motion_state', st, 'substate') >>> 0, RUN);
    assert.deepEqual(modifiers(st), strafe ? [[TURN_RIGHT, 1.5], [SIDE_RIGHT, 1]] : [[TURN_RIGHT, 1.5]]);
    assert.deepEqual(seqGet(r.seq, 'velocity'), [strafe ? 1.25 : 0, f(RUN_SPEED * 4), 0]);
    assert.equal(seqGet(r.seq, 'omega')[2], -2.25);
    let k = 1;
    for (; k <= 30; k++) X.acp_abi_world_use_time(r.w, k / 60);
    return { r, st, k };
  }

  it('run + strafe + turn, then a stop: retail re_modify leaves ω −2.25 and v.x −1.25; the heading turns on', () => {
    for (const strafe of [true, false]) {
      const { r, st, k } = strafeTurn(strafe);
      X.acp_abi_physobj_apply_interpreted_motion(r.o, NC, READY, 1, 0, 1, 0, 1);
      // Ready: re_modify takes the live head TurnRight twice (ω −4.5), never SideStepRight; the
      // stops subtract each once: v.x = 0 − 1.25, ω = −4.5 + 2.25.
      assert.equal(acp.get('motion_state', st, 'substate') >>> 0, READY);
      assert.deepEqual(modifiers(st), []);
      assert.deepEqual(seqGet(r.seq, 'velocity'), [strafe ? -1.25 : 0, 0, 0]);
      assert.equal(seqGet(r.seq, 'omega')[2], strafe ? -2.25 : 0);
      // 3 s more: per boundary of the 30 frames/s Ready cycle, v/30 in the axes at the quantum's
      // start and a clockwise turn of 2.25/30 rad.
      const q = 1 / 30, [vx, vy] = seqGet(r.seq, 'velocity'), turn = -seqGet(r.seq, 'omega')[2] * q;
      let h = X.acp_abi_frame_get_heading(r.frame) * Math.PI / 180;
      let [x, y] = mem.read(r.frame).origin;
      const h0 = h;
      let unwrapped = seqGet(r.seq, 'frame_number'), total = 0;
      for (let j = k; j < k + 180; j++) {
        X.acp_abi_world_use_time(r.w, j / 60);
        if (!acp.get('physobj', r.o, 'record_ran')) continue;
        const quanta = acp.get('physobj', r.o, 'record_quanta').slice(0, acp.get('physobj', r.o, 'record_num_quanta'));
        for (const dt of quanta) {
          const before = Math.floor(unwrapped);
          unwrapped += 30 * dt;
          const n = Math.floor(unwrapped) - before;
          const s = Math.sin(h), c = Math.cos(h);
          x += n * q * (vx * c + vy * s);
          y += n * q * (vy * c - vx * s);
          h += n * turn;
          total += n;
        }
      }
      assert.ok(total >= 89 && total <= 91, `boundaries ${total}`);
      const got = X.acp_abi_frame_get_heading(r.frame) * Math.PI / 180;
      near(assert, got, h % (2 * Math.PI), 1e-5, 'heading');
      near(assert, h - h0, strafe ? total * 0.075 : 0, 1e-9, 'turned');
      const origin = mem.read(r.frame).origin;
      near(assert, origin[0], x, 1e-4, 'x');
      near(assert, origin[1], y, 1e-4, 'y');
      r.free();
    }
  });

  it('after run + strafe + turn: TurnRight −1.5 gives ω 0, +1.5 gives −4.5, a raw TurnLeft −0.75', () => {
    // DoInterpretedMotion(TurnRight, s) finds TurnRight listed at 1.5: StopSequenceMotion takes
    // 1.5 × −1.5 off the −4.5 re_modify left, and TurnRight is re-added at s: ω = −2.25 + s × −1.5.
    // A raw TurnLeft 1 (no HoldRun) is TurnRight −1 through adjust_motion. Without the strafe
    // ω = s × −1.5.
    for (const [speed, raw, want, alone] of [[-1.5, false, 0, 2.25], [1.5, false, -4.5, -2.25], [-1, true, -0.75, 1.5]]) {
      for (const strafe of [true, false]) {
        const { r, st } = strafeTurn(strafe);
        if (raw) X.acp_abi_physobj_apply_raw_motion(r.o, READY, 1, 0, 1, TURN_LEFT, 1, 0);
        else X.acp_abi_physobj_apply_interpreted_motion(r.o, NC, READY, 1, 0, 1, TURN_RIGHT, speed);
        const mi = X.acp_abi_physobj_motion_interp(r.o);
        assert.equal(acp.get('motion_interp', mi, 'turn_command') >>> 0, TURN_RIGHT);
        assert.equal(acp.get('motion_interp', mi, 'turn_speed'), speed);
        assert.equal(acp.get('motion_state', st, 'substate') >>> 0, READY);
        assert.deepEqual(modifiers(st), [[TURN_RIGHT, speed]]);
        assert.equal(seqGet(r.seq, 'omega')[2], strafe ? want : alone);
        assert.equal(seqGet(r.seq, 'velocity')[0], strafe ? -1.25 : 0);
        r.free();
      }
    }
  });

  // The default excerpt's 0x09000001 has TurnRight as a cycle from Ready (bitfield 2; issue 40):
  // M19's second table. At the stop, re_modify's GetObjectSequence(TurnRight) on the new Ready
  // cycle makes TurnRight the substate (SideStepRight combined twice on it); StopInterpretedMotion
  // (SideStepRight) subtracts it once, and stopping the TurnRight substate goes back to Ready
  // through GetObjectSequence's new cycle, which clears the physics: at rest, strafe or not.
  it('the reviewer\'s scenario on the default excerpts: after the stop at t = 1 it stops turning, with or without the strafe (M19)', () => {
    const scenario = (strafe) => ({
      version: 1, excerpts: ['default'], player: 1,
      objects: [{ id: 1, setup: '0x02000001', motion_table: '0x09000001', physics_state: '0x00400408',
        position: { cell: '0xD59A0023', origin: [118.6824, 58.51815, 330.9344], orientation: [1, 0, 0, 0] } }],
      events: [
        { t: 0, object: 1, motion: { style: '0x8000003D', forward_command: '0x44000007', forward_speed: 2.0039682,
          ...(strafe ? { sidestep_command: '0x6500000F', sidestep_speed: 1 } : {}), turn_command: '0x6500000D', turn_speed: 1.5 } },
        { t: 1, object: 1, motion: { style: '0x8000003D' } }],
      frames: { hz: 30, count: 120 },
    });
    for (const strafe of [true, false]) {
      const run = createRun(acp, scenario(strafe));
      const o = X.acp_abi_run_object(run.ptr, 0);
      const seq = acp.get('physobj', o, 'part_array') + acp.field('partarray', 'sequence').offset;
      const frame = o + acp.field('physobj', 'frame').offset;
      const headings = [];
      for (let fr = run.stepNext(); fr; fr = run.stepNext()) {
        if (fr.now >= 1) headings.push(X.acp_abi_frame_get_heading(frame));
      }
      assert.equal(headings.length, 91);
      const st = mstate(o);
      assert.equal(acp.get('motion_state', st, 'substate') >>> 0, READY);
      assert.deepEqual(modifiers(st), []);
      assert.equal(seqGet(seq, 'omega')[2], 0);
      assert.equal(seqGet(seq, 'velocity')[0], 0);
      for (const h of headings.slice(1)) assert.equal(h, headings[1]);
      run.dispose();
    }
  });

  it('a static object with a default animation is registered and plays it at 30 frames/s', () => {
    const fx = X.acp_abi_fixture_create();
    X.acp_abi_fixture_animation(fx, 0x03000200, 12, 1, 0);
    const setup = X.acp_abi_fixture_setup(fx, 0x02000099, 1, 0, 0, 0x03000200, 0, 0);
    const w = X.acp_abi_world_create(0, 4);
    const o = X.acp_abi_world_add_object(w, 7);
    acp.set('physobj', o, 'state', STATIC_PS);
    assert.equal(X.acp_abi_physobj_set_setup(o, setup, fx), 1);
    assert.ok(acp.get('physobj', o, 'state') & HAS_DEFAULT_ANIM_PS);
    assert.equal(acp.get('world', w, 'num_static'), 1);
    assert.equal(acp.get('world', w, 'num_objects'), 0);
    X.acp_abi_world_place_object(w, o, mem.position(0xa9b40019, [10, 20, 30]), 0, 0);
    X.acp_abi_world_use_time(w, 0.1);
    const seq = acp.get('physobj', o, 'part_array') + acp.field('partarray', 'sequence').offset;
    assert.equal(seqGet(seq, 'frame_number'), 30 * f(0.1));
    const node = currNode(seq);
    assert.equal(nodeGet(node, 'low_frame'), 0);
    assert.equal(nodeGet(node, 'high_frame'), 11);
    assert.equal(nodeGet(node, 'framerate'), 30);
    X.acp_abi_world_destroy(w);
    X.acp_abi_fixture_destroy(fx);
  });
});

// ---- deviation pins (docs/DEVIATIONS.md M6, M7, M12): mirrors of test_motiontable.c and
// test_sequence.c's cases of the same names ----
describe('departures pinned: M6, M7, M12', () => {
  const msGet = (st, name) => acp.get('motion_state', st, name);
  const modifiers = (st) => {
    const words = msGet(st, 'modifier_words');
    return Array.from({ length: msGet(st, 'num_modifiers') }, (_, i) => words[2 * i] >>> 0);
  };

  it('M6 stop_completely_drops_a_modifier_without_data: the loop ends, the modifier is gone, the substate stops', () => {
    const r = tableRig({ styled: true, unstyled: false });
    assert.equal(X.acp_abi_motion_table_do_object_motion(r.mt, RUN, r.st, r.seq, 1, r.n), 1);
    X.acp_abi_motion_state_add_modifier_no_check(r.st, TURN_LEFT, 1);   // no TurnLeft modifier data
    assert.equal(X.acp_abi_motion_table_do_object_motion(r.mt, TURN_RIGHT, r.st, r.seq, 1, r.n), 1);
    X.acp_abi_motion_state_add_modifier_no_check(r.st, SIDE_LEFT, 1);   // no SideStepLeft data
    assert.deepEqual(modifiers(r.st), [SIDE_LEFT, TURN_RIGHT, TURN_LEFT]);
    assert.equal(seqGet(r.seq, 'omega')[2], -1.5);
    // Retail retries the head forever: StopSequenceMotion alone fails and leaves it.
    assert.equal(X.acp_abi_motion_table_stop_sequence_motion(r.mt, SIDE_LEFT, r.st, r.seq, r.n), 0);
    assert.equal(msGet(r.st, 'num_modifiers'), 3);
    acp.u32()[r.n >> 2] = 99;
    assert.equal(X.acp_abi_motion_table_stop_object_completely(r.mt, r.st, r.seq, r.n), 1);
    assert.equal(msGet(r.st, 'num_modifiers'), 0);
    assert.equal(msGet(r.st, 'substate') >>> 0, READY);
    assert.equal(msGet(r.st, 'substate_mod'), 1);
    assert.equal(acp.u32()[r.n >> 2], 0);
    assert.deepEqual(seqGet(r.seq, 'velocity'), [0, 0, 0]);
    assert.deepEqual(seqGet(r.seq, 'omega'), [0, 0, 0]);
    assert.equal(animId(currNode(r.seq)), 0x03000100);
    assert.equal(seqGet(r.seq, 'head'), seqGet(r.seq, 'first_cyclic'));
    r.free();
  });

  it('M7 re_modify_stops_at_an_empty_list: a head that clears the modifiers ends the passes', () => {
    const r = tableRig();
    const turn = X.acp_abi_fixture_motion(r.mt, CYCLE, 0, key(NC, TURN_RIGHT), 0, 0, 0, 0, 0, -2, 1);
    X.acp_abi_fixture_motion_anim(turn, 0x03000101, 0, -1, 30);
    X.acp_abi_motion_state_add_modifier_no_check(r.st, SIDE_RIGHT, 1);
    X.acp_abi_motion_state_add_modifier_no_check(r.st, TURN_RIGHT, 0.5);
    X.acp_abi_motion_table_re_modify(r.mt, r.seq, r.st);
    assert.equal(msGet(r.st, 'num_modifiers'), 0);
    assert.equal(msGet(r.st, 'substate') >>> 0, TURN_RIGHT);
    assert.equal(msGet(r.st, 'substate_mod'), 0.5);
    assert.equal(msGet(r.st, 'capped'), 0);
    assert.deepEqual(seqGet(r.seq, 'omega'), [0, 0, -1]);
    assert.deepEqual(seqGet(r.seq, 'velocity'), [0, 0, 0]);
    assert.equal(animId(currNode(r.seq)), 0x03000101);
    assert.equal(nodeGet(currNode(r.seq), 'framerate'), 15);
    assert.equal(seqGet(r.seq, 'head'), seqGet(r.seq, 'tail'));
    r.free();
  });

  it('M7 missing_frames_add_nothing: frames outside the animation add no pos frame', () => {
    const fx = X.acp_abi_fixture_create();
    X.acp_abi_fixture_animation(fx, 0x03000010, 10, 1, posFrames(10, 0.1));
    const seq = X.acp_abi_sequence_create(fx);
    X.acp_abi_sequence_append_animation(seq, 0x03000010, 0, -1, 30);
    X.acp_abi_sequence_set_physics(seq, 3, 0, 0, 0, 0, 0);
    acp.set('sequence', seq, 'frame_number', -2);
    let off = mem.frame();
    X.acp_abi_sequence_update(seq, 3.5 / 30, off);   // crosses −2, −1 (missing) and 0
    assert.equal(Math.floor(seqGet(seq, 'frame_number')), 1);
    const step = (1 / 30) * 3;
    let x = 0;
    for (let k = 0; k < 3; k++) x = f(step + x);
    assert.equal(mem.read(off).origin[0], x);
    assert.equal(mem.read(off).origin[1], f(0.1));
    X.acp_abi_sequence_destroy(seq);
    const back = X.acp_abi_sequence_create(fx);
    X.acp_abi_sequence_append_animation(back, 0x03000010, 0, -1, -30);
    acp.set('sequence', back, 'frame_number', 12.5);
    off = mem.frame();
    X.acp_abi_sequence_update(back, 2 / 30, off);   // 12, 11: missing
    X.acp_abi_sequence_update(back, 1 / 30, off);   // 10: missing
    assert.equal(mem.read(off).origin[1], 0);
    X.acp_abi_sequence_update(back, 1 / 30, off);   // 9: subtract1 (0, 0.1, 0)
    assert.equal(Math.floor(seqGet(back, 'frame_number')), 8);
    assert.equal(mem.read(off).origin[1], f(-0.1));
    X.acp_abi_sequence_destroy(back);
    X.acp_abi_fixture_destroy(fx);
  });

  it('M7 remove_links_from_an_empty_list: nothing removed, the list stays empty', () => {
    const fx = X.acp_abi_fixture_create();
    X.acp_abi_fixture_animation(fx, 0x03000003, 3, 1, 0);
    X.acp_abi_fixture_animation(fx, 0x03000004, 4, 1, 0);
    const seq = X.acp_abi_sequence_create(fx);
    X.acp_abi_sequence_remove_link_animations(seq, 3);
    for (const name of ['head', 'tail', 'first_cyclic', 'curr_anim']) assert.equal(seqGet(seq, name), -1, name);
    assert.equal(seqGet(seq, 'frame_number'), 0);
    X.acp_abi_sequence_append_animation(seq, 0x03000003, 0, -1, 30);
    X.acp_abi_sequence_append_animation(seq, 0x03000004, 0, -1, 30);
    X.acp_abi_sequence_remove_link_animations(seq, 3);
    assert.equal(seqGet(seq, 'head'), seqGet(seq, 'first_cyclic'));
    assert.equal(animId(currNode(seq)), 0x03000004);
    X.acp_abi_sequence_destroy(seq);
    X.acp_abi_fixture_destroy(fx);
  });

  it('M12 style_without_default_substate: the default-substate local is 0', () => {
    const S = 0x80000044, A = 0x4100000a;
    const r = tableRig();
    X.acp_abi_fixture_animation(r.fx, 0x03000102, 3, 1, 0);
    X.acp_abi_fixture_motion_anim(X.acp_abi_fixture_motion(r.mt, CYCLE, 0, key(S, A), 0, 2, 0, 0, 0, 0, 0), 0x03000101, 0, -1, 30);
    X.acp_abi_fixture_motion_anim(X.acp_abi_fixture_motion(r.mt, LINK, (S << 16) >>> 0, NC, 0, 0, 0, 0, 0, 0, 0), 0x03000102, 0, -1, 30);
    const seq = X.acp_abi_sequence_create(r.fx);
    const st = X.acp_abi_motion_state_create();
    acp.set('motion_state', st, 'style', S);
    acp.set('motion_state', st, 'substate', A);
    X.acp_abi_sequence_append_animation(seq, 0x03000101, 0, -1, 30);
    X.acp_abi_sequence_set_physics(seq, 0, 2, 0, 0, 0, 0);
    // StopSequenceMotion(A): GetObjectSequence(0, stop_modifiers) matches nothing; the stop returns 1.
    acp.u32()[r.n >> 2] = 99;
    assert.equal(X.acp_abi_motion_table_stop_sequence_motion(r.mt, A, st, seq, r.n), 1);
    assert.equal(acp.u32()[r.n >> 2], 0);
    assert.equal(msGet(st, 'style') >>> 0, S);
    assert.equal(msGet(st, 'substate') >>> 0, A);
    assert.deepEqual(seqGet(seq, 'velocity'), [0, 2, 0]);
    assert.equal(seqGet(seq, 'head'), seqGet(seq, 'tail'));
    // The style branch to NonCombat: get_link(S, 0, …) reads the "any substate" row Links[S << 16].
    assert.equal(X.acp_abi_motion_table_do_object_motion(r.mt, NC, st, seq, 1, r.n), 1);
    assert.equal(acp.u32()[r.n >> 2], 1);
    assert.equal(msGet(st, 'style') >>> 0, NC);
    assert.equal(msGet(st, 'substate') >>> 0, READY);
    assert.deepEqual(seqGet(seq, 'velocity'), [0, 0, 0]);
    assert.equal(animId(X.acp_abi_sequence_node(seq, seqGet(seq, 'head'))), 0x03000102);
    assert.equal(animId(X.acp_abi_sequence_node(seq, seqGet(seq, 'first_cyclic'))), 0x03000100);
    assert.equal(seqGet(seq, 'curr_anim'), seqGet(seq, 'head'));
    X.acp_abi_motion_state_destroy(st);
    X.acp_abi_sequence_destroy(seq);
    r.free();
  });
});
