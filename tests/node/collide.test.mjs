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
import { acphys, root } from './helpers.mjs';

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
