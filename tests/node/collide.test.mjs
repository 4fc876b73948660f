// Objects against objects (issue 14) over the .wasm: the quarrel stops at the drudge and both
// report it; the two runners slide past each other without their spheres overlapping by more
// than EPSILON, each reporting the begin and the end of their collision. The traces themselves
// are goldens (tests/golden, compared natively and through the .wasm by scenario.test.mjs);
// these checks say what in them comes from the retail rules.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';

import { runScenario } from '../../wasm/scenario.mjs';
import { acphys, Mem, root } from './helpers.mjs';

const EPSILON = 0.00019999999;
const scenario = (name) => JSON.parse(readFileSync(join(root, 'data', 'scenarios', `${name}.json`), 'utf8'));
const framesOf = (run) => run.lines.map((l) => JSON.parse(l));

describe('objects against objects', () => {
  let acp;
  before(async () => { acp = await acphys(); });

  it('quarrel-hits-drudge: the quarrel stops at the drudge (INELASTIC) and both report it once', () => {
    const frames = framesOf(runScenario(acp, scenario('quarrel-hits-drudge')));
    const hit = frames.findIndex((f) => f.objects[0].collisions);
    assert.ok(hit > 0, 'a collision is reported');
    const [q, d] = frames[hit].objects;
    assert.deepEqual(q.collisions, [2]);
    assert.deepEqual(d.collisions, [1]);
    assert.deepEqual(q.velocity, [0, 0, 0]);
    assert.equal(q.state & 0x40, 0, 'no longer MISSILE_PS (report_object_collision)');
    assert.equal(frames.filter((f) => f.objects.some((o) => o.collisions)).length, 1, 'begins once');
    // It stopped before the drudge: short of the drudge's spheres (radius 0.45 at 0.45 and 1.05 m)
    // by its own radius, and never passes it.
    const last = frames.at(-1).objects;
    const dx = last[0].origin[0] - last[1].origin[0], dy = last[0].origin[1] - last[1].origin[1];
    assert.ok(Math.hypot(dx, dy) > 0.45, `${Math.hypot(dx, dy)}`);
    assert.ok(last[0].origin[0] > last[1].origin[0], 'still on its own side (east) of the drudge');
  });

  it('two-runners: no sphere pair overlaps by more than EPSILON, they pass, begin and end once per side', () => {
    const frames = framesOf(runScenario(acp, scenario('two-runners')));
    const z = [0.479999989, 1.32000005]; // Setup 0x02000001's spheres (radius 0.479999989)
    let min = Infinity;
    for (const f of frames) {
      const [a, b] = f.objects;
      for (const za of z) for (const zb of z) {
        min = Math.min(min, Math.hypot(a.origin[0] - b.origin[0], a.origin[1] - b.origin[1],
          a.origin[2] + za - (b.origin[2] + zb)));
      }
    }
    assert.ok(min >= 2 * 0.479999989 - EPSILON, `closest sphere centres ${min}`);
    const [a, b] = frames.at(-1).objects;
    assert.ok(a.origin[0] > b.origin[0] + 10, 'they passed each other');
    for (const i of [0, 1]) {
      const other = 2 - i;
      const begins = frames.flatMap((f) => f.objects[i].collisions ?? []);
      const ends = frames.flatMap((f) => f.objects[i].collision_ends ?? []);
      // Its own report (the mover's) and the other's (as the other side): once each.
      assert.deepEqual(begins, [other, other]);
      assert.deepEqual(ends, [other, other]);
      const b0 = frames.findIndex((f) => f.objects[i].collisions);
      const e0 = frames.findIndex((f) => f.objects[i].collision_ends);
      assert.ok(frames[e0].now - frames[b0].now > 1.0, 'the end comes more than 1 s after the begin');
    }
  });
});

// A sweep skips the objects its cells' shadow entries say cannot reach it (physics/cell/objcell.c),
// by copies of each object's origin, cell and shapes kept beside its entries; a direct write of a
// part array's fields through acp.set refreshes its object's copies as the C setters do. A ball
// (r 0.5) is entered with one of its two spheres counted, then given its far one back by writing
// num_spheres; a mover (r 0.5) asked to stand 0.5 m from the far sphere must meet it.
describe('direct writes keep the sweep bound in step', () => {
  it("acp.set('partarray', ..., 'num_spheres') counts the sphere it gives back", async () => {
    const acp = await acphys();
    const X = acp.exports;
    const mem = new Mem(acp);
    const at = (x, y) => mem.position((0xA9B40000 | (Math.floor(x / 24) * 8 + Math.floor(y / 24) + 1)) >>> 0, [x, y, 0]);
    const t = X.acp_abi_terrain_create(2);
    const copy = (typed) => { const p = mem.alloc(typed.byteLength); acp.u8().set(new Uint8Array(typed.buffer), p); return p; };
    X.acp_abi_terrain_add_landblock(t, 0xA9B4FFFF, copy(new Uint8Array(81)), 0, copy(new Float32Array(256)));
    const w = X.acp_abi_world_create(0, 8);
    X.acp_abi_terrain_attach(w, t);
    const ball = X.acp_abi_world_add_object(w, 1);
    X.acp_abi_physobj_set_spheres(ball, copy(new Float32Array([0, 0, 1.5, 0.5, 0, 3, 1.5, 0.5])), 2);
    const pa = acp.get('physobj', ball, 'part_array');
    acp.set('partarray', pa, 'num_spheres', 1);
    assert.equal(X.acp_abi_world_enter_object(w, ball, at(30, 30), 0), 1);
    acp.set('partarray', pa, 'num_spheres', 2);
    const m = X.acp_abi_world_add_object(w, 2);
    X.acp_abi_physobj_set_spheres(m, copy(new Float32Array([0, 0, 1.5, 0.5])), 1);
    assert.equal(X.acp_abi_world_enter_object(w, m, at(30, 33.5), 0), 1);
    const o = acp.get('physobj', m, 'origin');
    // Placement moved it off the far sphere (centre (30, 33, 1.5)): at least 1.0 − EPSILON away.
    assert.ok(Math.hypot(o[0] - 30, o[1] - 33) >= 1.0 - EPSILON, `mover at ${o}`);
    X.acp_abi_world_destroy(w);
    X.acp_abi_terrain_destroy(t);
    mem.freeAll();
  });
});
