// The server-driven scenario's chase (issue 13, data/scenarios/server-driven.json) over the .wasm:
// the drudge gets one MoveToObject and follows the moving remote through the TargetManager
// (retail's voyeur updates re-aim the running move-to; nothing re-sends it), catches the remote
// once it stopped, and the MoveToManager hands it to the StickyManager, which keeps 0.3 m
// between the two cylinders (Setup radii 0.6788225 and 0.45: gen-excerpts.mjs).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';

import { runScenario } from '../../wasm/scenario.mjs';
import { acphys, root } from './helpers.mjs';

const REMOTE_RADIUS = Math.fround(0.6788225);
const DRUDGE_RADIUS = Math.fround(0.45);
const STANDOFF = Math.fround(0.30000001);

describe('server-driven: the drudge follows the moving remote (TargetManager) and sticks', () => {
  let acp, scenario, frames;
  before(async () => {
    acp = await acphys();
    scenario = JSON.parse(readFileSync(join(root, 'data', 'scenarios', 'server-driven.json'), 'utf8'));
    frames = runScenario(acp, scenario).lines.map((l) => JSON.parse(l)).filter((l) => l.objects);
  });
  const remote = (f) => f.objects.find((o) => o.id === 2);
  const drudge = (f) => f.objects.find((o) => o.id === 3);

  it('one MoveToObject, never re-sent', () => {
    const moves = scenario.events.filter((e) => e.move_to);
    assert.equal(moves.length, 1);
    assert.equal(moves[0].move_to.type, 'move_to_object');
    assert.equal(moves[0].move_to.target, 2);
  });

  it('the move-to runs from its event to its arrival without starting again, far from where the remote was', () => {
    const t0 = scenario.events.find((e) => e.move_to).t;
    const first = frames.findIndex((f) => drudge(f).moveto);
    const end = frames.findIndex((f, i) => i > first && !drudge(f).moveto);
    assert.ok(first >= 0 && end > first, 'it starts and ends');
    assert.ok(Math.abs(frames[first].now - t0) < 1 / 60 + 1e-9);
    // The turn node, then the move node: a re-aim adds no node (a new MoveToObject would queue
    // the turn again).
    let nodes = 2;
    for (let i = first; i < end; i++) {
      const n = drudge(frames[i]).moveto.nodes;
      assert.ok(n <= nodes, `frame ${i}: ${n} nodes after ${nodes}`);
      nodes = n;
    }
    assert.equal(nodes, 1);
    const asked = remote(frames[first]).origin, at = drudge(frames[frames.length - 1]).origin;
    assert.ok(Math.hypot(asked[0] - at[0], asked[1] - at[1]) > 5, 'it ends far from the remote\'s position when asked');
  });

  it('stuck at the end: 0.3 m between the cylinders (distance − radii), offset from the StickyManager', () => {
    for (const f of frames.slice(-20)) {
      const a = remote(f).origin, b = drudge(f).origin;
      const gap = Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]) - (REMOTE_RADIUS + DRUDGE_RADIUS);
      assert.ok(Math.abs(gap - STANDOFF) < 1e-3, `t ${f.now}: gap ${gap}`);
      assert.equal(drudge(f).offset_from, 'sticky');
    }
  });
});
