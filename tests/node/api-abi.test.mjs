// The WebAssembly ABI over the public C API (issue 37, wasm/abi/api.c): a world driven call by
// call through acp_abi_api_* (acp_create_world, acp_create_object, acp_object_apply_motion,
// acp_world_set_time, acp_world_step, acp_object_get_state) gives, frame for frame, the bits the
// scenario runner gives for the same scenario (conformance walk-then-stop), whose own world goes
// through the same API; and the API's errors come back as statuses with its messages.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';

import { createRun } from '../../wasm/scenario.mjs';
import { acphys, root } from './helpers.mjs';

const ACP_OK = 0, ACP_ERR_ARGUMENT = 2, ACP_ERR_WORLD = 3, ACP_ERR_OBJECT = 4, ACP_ERR_NO_MOTION = 9;
const scenarioPath = join(root, 'conformance', 'v1', 'scenarios', 'walk-then-stop.json');
const scenario = () => JSON.parse(readFileSync(scenarioPath, 'utf8'));
const portal = () => readFileSync(join(root, 'data', 'portal-default.dat'));

let acp, X;
before(async () => { acp = await acphys(); X = acp.exports; });

/** Call an acp_abi_api_* export that returns a status and fail with the API's message. */
function ok(status) {
  assert.equal(status, ACP_OK, `status ${status}: ${acp.string(X.acp_abi_api_error())}`);
}

describe('the ABI over the public API (acp_abi_api_*)', () => {
  it('walk-then-stop driven through it equals the runner, frame for frame', () => {
    const s = scenario();
    const golden = readFileSync(join(root, 'conformance', 'v1', 'golden', 'walk-then-stop.jsonl'), 'utf8')
      .trim().split('\n').pop();
    // the runner (its world is made and driven through the API too)
    const run = createRun(acp, s, { excerpts: { '../../../data/portal-default.dat': portal() } });
    // the same scenario, call by call
    const w = X.acp_abi_api_create_world(0, 1);
    assert.notEqual(w, 0, acp.string(X.acp_abi_api_error()));
    const bytes = acp.copyIn(portal());
    ok(X.acp_abi_api_load_records(w, bytes, portal().byteLength));
    acp.free(bytes);
    const def = acp.alloc(acp.layout('object_def').size);
    X.acp_abi_api_default_object_def(def);
    const o = s.objects[0];
    acp.set('object_def', def, 'id', o.id);
    acp.set('object_def', def, 'setup', Number(o.setup));
    acp.set('object_def', def, 'motion_table', Number(o.motion_table));
    acp.set('object_def', def, 'physics_state', Number(o.physics_state));
    acp.set('object_def', def, 'placement', 1);
    acp.set('object_def', def, 'transient_state', Number(o.transient_state));
    acp.set('object_def', def, 'cell', Number(o.position.cell));
    acp.set('object_def', def, 'origin', o.position.origin);
    acp.set('object_def', def, 'has_run_rate', true); // the player's weenie answers InqRunRate
    ok(X.acp_abi_api_create_object(w, def));
    ok(X.acp_abi_api_set_player(w, o.id));
    const motion = acp.alloc(acp.layout('motion').size);
    const state = acp.alloc(acp.layout('object_state').size);
    const t = acp.layout('trace_object').fields;
    const times = Array.from(run.frameTimes);
    let next = 0;
    for (let k = 0; k < times.length; k++) {
      const now = times[k];
      ok(X.acp_abi_api_set_time(w, now));
      while (next < s.events.length && s.events[next].t <= now) {
        const m = s.events[next++].motion;
        X.acp_abi_api_default_motion(motion);
        acp.set('motion', motion, 'style', Number(m.style));
        if (m.forward_command) acp.set('motion', motion, 'forward_command', Number(m.forward_command));
        if (m.forward_speed != null) acp.set('motion', motion, 'forward_speed', m.forward_speed);
        ok(X.acp_abi_api_apply_motion(w, o.id, motion));
      }
      ok(X.acp_abi_api_step(w, now));
      run.step(now);
      ok(X.acp_abi_api_get_state(w, o.id, state));
      const p = run.frameObjectsPtr();
      const u32 = acp.u32(), f64 = acp.f64();
      const bits = (addr, n) => Array.from(u32.subarray(addr >> 2, (addr >> 2) + n));
      const sf = acp.layout('object_state').fields;
      assert.deepEqual(bits(state + sf.origin.offset, 3), bits(p + t.origin.offset, 3), `frame ${k + 1}: origin`);
      assert.deepEqual(bits(state + sf.orientation.offset, 4), bits(p + t.orientation.offset, 4), `frame ${k + 1}: orientation`);
      assert.deepEqual(bits(state + sf.velocity.offset, 3), bits(p + t.velocity.offset, 3), `frame ${k + 1}: velocity`);
      assert.equal(u32[(state + sf.cell.offset) >> 2], u32[(p + t.cell.offset) >> 2]);
      assert.equal(f64[(state + sf.update_time.offset) >> 3], f64[(p + t.update_time.offset) >> 3]);
      const n = u32[(state + sf.num_quanta.offset) >> 2];
      assert.equal(n, u32[(p + t.num_quanta.offset) >> 2], `frame ${k + 1}: quanta`);
      assert.deepEqual(bits(state + sf.quanta.offset, n), bits(p + t.quanta.offset, n));
    }
    assert.equal(`{"digest":"${run.digest()}"}`, golden.replace(/,"profile":"[a-z0-9-]+"/, ''), 'the runner matches the golden');
    acp.free(def); acp.free(motion); acp.free(state);
    ok(X.acp_abi_api_destroy_world(w));
    run.dispose();
  });

  it('the API\'s errors come back as statuses with its messages, and a destroyed world\'s id is refused', () => {
    assert.equal(X.acp_abi_api_create_world(9, 1), 0);
    assert.match(acp.string(X.acp_abi_api_error()), /^acp_create_world: def->profile: 9 is not a profile/);
    const w = X.acp_abi_api_create_world(0, 2);
    ok(X.acp_abi_api_load_default_records(w));
    ok(X.acp_abi_api_finish_records(w));
    assert.equal(X.acp_abi_api_step(w, NaN), ACP_ERR_ARGUMENT);
    assert.match(acp.string(X.acp_abi_api_error()), /^acp_world_step: now: nan is not a finite number/);
    assert.equal(X.acp_abi_api_set_velocity(w, 5, 0, 0, 0), ACP_ERR_OBJECT);
    assert.match(acp.string(X.acp_abi_api_error()), /^acp_object_set_velocity: object_id: no object 0x00000005/);
    const def = acp.alloc(acp.layout('object_def').size);
    X.acp_abi_api_default_object_def(def);
    acp.set('object_def', def, 'id', 5);
    acp.set('object_def', def, 'cell', 0xA9B40019);
    acp.set('object_def', def, 'origin', [10, 20, 60]);
    acp.set('object_def', def, 'placement', 1);
    ok(X.acp_abi_api_create_object(w, def));
    const motion = acp.alloc(acp.layout('motion').size);
    X.acp_abi_api_default_motion(motion);
    assert.equal(X.acp_abi_api_apply_motion(w, 5, motion), ACP_ERR_NO_MOTION);
    assert.match(acp.string(X.acp_abi_api_error()), /object 0x00000005 has no motion table/);
    ok(X.acp_abi_api_set_velocity(w, 5, 1, 0, 0));
    // the struct-carrying messages: move-to, UpdatePosition, ConstrainTo
    const mt = acp.alloc(acp.layout('move_to').size);
    X.acp_abi_api_default_move_to(mt);
    assert.equal(acp.get('move_to', mt, 'type'), 7);
    assert.equal(acp.get('move_to', mt, 'distance_to_object'), Math.fround(0.6));
    acp.set('move_to', mt, 'type', 5);
    assert.equal(X.acp_abi_api_move_to(w, 5, mt), ACP_ERR_NO_MOTION); // no motion table: before the type
    const sp = acp.alloc(acp.layout('server_position').size);
    acp.u8().fill(0, sp, sp + acp.layout('server_position').size);
    acp.set('server_position', sp, 'cell', 0xA9B40019);
    acp.set('server_position', sp, 'origin', [12, 20, 60]);
    acp.set('server_position', sp, 'orientation', [1, 0, 0, 0]);
    acp.set('server_position', sp, 'keep_heading', true);
    assert.equal(X.acp_abi_api_server_position(w, 5, sp), ACP_ERR_ARGUMENT);
    assert.match(acp.string(X.acp_abi_api_error()), /sp->keep_heading: the player only \(object 0x00000005 is not the world's player\)/);
    acp.set('server_position', sp, 'keep_heading', false);
    ok(X.acp_abi_api_server_position(w, 5, sp));
    assert.equal(X.acp_abi_api_constrain_to(w, 5, 0xA9B40019, 12, 20, 60, 1, 0, 0, 0, 2, 1), ACP_ERR_ARGUMENT);
    assert.match(acp.string(X.acp_abi_api_error()), /0 <= start_distance < max_distance/);
    ok(X.acp_abi_api_constrain_to(w, 5, 0xA9B40019, 12, 20, 60, 1, 0, 0, 0, 0.5, 1));
    ok(X.acp_abi_api_unconstrain(w, 5));
    ok(X.acp_abi_api_step(w, 0.1));
    const info = acp.alloc(acp.layout('world_info').size);
    ok(X.acp_abi_api_world_info(w, info));
    assert.equal(acp.get('world_info', info, 'now'), 0.1);
    assert.equal(acp.get('world_info', info, 'num_objects'), 1);
    assert.equal(acp.get('world_info', info, 'has_terrain'), true);
    acp.free(mt); acp.free(sp); acp.free(info);
    const state = acp.alloc(acp.layout('object_state').size);
    ok(X.acp_abi_api_get_state(w, 5, state));
    assert.equal(acp.get('object_state', state, 'id'), 5);
    assert.equal(acp.get('object_state', state, 'cell'), 0xA9B40019);
    ok(X.acp_abi_api_destroy_world(w));
    assert.equal(X.acp_abi_api_step(w, 1), ACP_ERR_WORLD);
    assert.match(acp.string(X.acp_abi_api_error()), /is not a live world/);
    assert.equal(X.acp_abi_api_get_state(w, 5, state), ACP_ERR_WORLD);
    acp.free(def); acp.free(motion); acp.free(state);
  });
});
