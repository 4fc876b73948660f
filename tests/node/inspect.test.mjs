// The quantum inspector (issue 36): `acphys run --inspect <object>:<frame>` natively and
// inspectScenario over the .wasm give the same JSON; the sweeps it lists are the ones the golden
// traces record (the final curr_pos is the trace's origin); recording changes nothing the run
// computes (the digests of an inspected run are the plain run's); bad requests name what is wrong.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';

import { createRun, inspectScenario, openInspection, runScenario } from '../../wasm/scenario.mjs';
import { acphys, root, runNative } from './helpers.mjs';

let acp;
before(async () => { acp = await acphys(); });

const scenarioPath = (name) => join(root, 'data', 'scenarios', `${name}.json`);
const scenario = (name) => JSON.parse(readFileSync(scenarioPath(name), 'utf8'));
const golden = (name, frame) => JSON.parse(readFileSync(join(root, 'tests', 'golden', `${name}.jsonl`), 'utf8').split('\n')[frame - 1]);
const allSteps = (rec) => rec.sweeps.flatMap((s) => s.steps);

function inspectBoth(name, object, frame) {
  const wasm = inspectScenario(acp, scenario(name), { object, frame });
  const native = runNative(['run', scenarioPath(name), '--inspect', `${object}:${frame}`]);
  assert.equal(native, `${wasm}\n`, 'the native CLI prints the same JSON as the .wasm');
  const npx = execFileSync(process.execPath, [join(root, 'bin', 'acphys.mjs'), 'run', scenarioPath(name), '--inspect', `${object}:${frame}`], { encoding: 'utf8' });
  assert.equal(npx, native, 'npx acphys prints what the native CLI prints');
  return JSON.parse(wasm);
}

describe('the quantum inspector', () => {
  it('quarrel-hits-drudge frame 3: step 8 of 23 collides, with the drudge as the object met; curr_pos is the trace\'s', () => {
    const rec = inspectBoth('quarrel-hits-drudge', 0, 3);
    assert.equal(rec.inspect.name, 'Greater Deadly Blunt Quarrel');
    assert.equal(rec.sweeps.length, 1, 'one quantum moves the quarrel in frame 3');
    const sw = rec.sweeps[0];
    assert.equal(sw.calc_num_steps.ok, true);
    assert.equal(sw.calc_num_steps.num_steps, 23);
    // A missile (PATH_CLIPPED) stops at the step whose insert collided: steps 0-8 run.
    assert.equal(sw.steps.length, 9);
    const hit = sw.steps.findIndex((s) => s.insert === 'COLLIDED');
    assert.equal(hit, 8);
    assert.deepEqual(sw.steps[hit].objects, [{ id: 2, object: 1, name: 'Drudge Robber' }]);
    assert.ok(sw.steps[hit].branches.includes('collided'));
    assert.ok(sw.steps.slice(0, hit).every((s) => s.insert === 'OK' && s.objects.length === 0));
    const line = golden('quarrel-hits-drudge', 3).objects[0];
    assert.deepEqual(sw.curr_pos.origin, line.origin);
    assert.equal(sw.curr_pos.cell, line.cell);
    assert.deepEqual(line.collisions, [2]);
  });

  it('against-the-wall frame 20: the step up fails and the insert slides along the wall', () => {
    const rec = inspectBoth('against-the-wall', 0, 20);
    const steps = allSteps(rec);
    const slide = steps.find((s) => s.branches.includes('slid'));
    assert.ok(slide, JSON.stringify(steps.map((s) => s.branches)));
    assert.ok(slide.branches.includes('step_up') && !slide.branches.includes('step_up_ok'));
    assert.notEqual(slide.sliding_normal, null);
    const sw = rec.sweeps.at(-1);
    assert.notDeepEqual(sw.curr_pos.origin, sw.end.origin, 'the slide ends elsewhere than asked');
    assert.deepEqual(sw.curr_pos.origin, golden('against-the-wall', 20).objects[0].origin);
  });

  it('into-the-cottage frame 54: the step up onto the cottage\'s step succeeds', () => {
    const rec = inspectBoth('into-the-cottage', 0, 54);
    const up = allSteps(rec).find((s) => s.branches.includes('step_up_ok'));
    assert.ok(up, JSON.stringify(allSteps(rec).map((s) => s.branches)));
    assert.equal(up.insert, 'OK');
    assert.ok(up.curr_pos.origin[2] > up.check_pos.origin[2], 'the step up lifts the sphere');
    assert.deepEqual(rec.sweeps.at(-1).curr_pos.origin, golden('into-the-cottage', 54).objects[0].origin);
  });

  it('openInspection, one frame at a time (the page\'s chunked re-run), gives inspectScenario\'s text', () => {
    const ins = openInspection(acp, scenario('quarrel-hits-drudge'), { object: 0, frame: 3 });
    try {
      assert.equal(ins.total, 3);
      let steps = 0;
      while (ins.step()) steps++;
      assert.equal(steps, 3);
      assert.equal(ins.done, 3);
      assert.equal(ins.result(), inspectScenario(acp, scenario('quarrel-hits-drudge'), { object: 0, frame: 3 }));
    } finally {
      ins.dispose();
    }
  });

  it('recording a frame changes nothing the run computes: the digests are the plain run\'s', () => {
    for (const [name, object, frame] of [['quarrel-hits-drudge', 0, 3], ['against-the-wall', 0, 20], ['into-the-cottage', 0, 54]]) {
      const plain = runScenario(acp, scenario(name));
      const run = createRun(acp, scenario(name));
      try {
        run.inspect(object, frame);
        run.runAll({ keepTrace: false });
        assert.notEqual(run.inspectJson(), null);
        assert.deepEqual(run.frameDigests(), plain.frameDigests, name);
      } finally {
        run.dispose();
      }
    }
  });

  it('a bad object or frame is named', () => {
    assert.throws(() => inspectScenario(acp, scenario('quarrel-hits-drudge'), { object: 7, frame: 3 }),
      /inspect: object 7 is not in the scenario \(it has 2 objects, indices from 0\)/);
    assert.throws(() => inspectScenario(acp, scenario('quarrel-hits-drudge'), { object: 0, frame: 0 }), /inspect: frame 0 \(frames count from 1/);
    assert.throws(() => inspectScenario(acp, scenario('quarrel-hits-drudge'), { object: 0, frame: 61 }),
      /inspect: frame 61 is past the scenario's 60 frames/);
    const bad = (arg) => {
      try {
        runNative(['run', scenarioPath('quarrel-hits-drudge'), '--inspect', arg], { stdio: 'pipe' });
      } catch (e) {
        return { status: e.status, stderr: String(e.stderr) };
      }
      return { status: 0 };
    };
    assert.deepEqual(bad('0'), { status: 2, stderr: bad('0').stderr });
    assert.match(bad('0').stderr, /--inspect "0": give <object>:<frame>/);
    assert.match(bad('0:x').stderr, /the frame "x" is not a whole number from 1/);
    assert.match(bad('Nobody:3').stderr, /no object Nobody in the scenario/);
    // An object that enters later (enter_at 2 s, frames at 60 Hz from 0): not in the world in frame
    // 5, so no sweep of it can be recorded; the message names the frame it enters at (the first
    // whose time is >= enter_at: frame k runs at about (k - 1) / 60 s, so frame 121, t ≈ 2.0),
    // the same text natively, with npx and over the .wasm (the page's).
    const late = scenario('two-runners');
    assert.equal(late.frames.hz, 60);
    late.objects.push({ ...late.objects[0], id: 77, name: 'Late runner', enter_at: 2.0 });
    const file = join(mkdtempSync(join(tmpdir(), 'acphys-inspect-')), 'late.json');
    writeFileSync(file, JSON.stringify(late));
    const expected = /^inspect: object 2 enters at frame 121 \(t = 2\.0[0-9]* s, its enter_at 2 s\), after frame 5$/;
    let wasmMessage = '';
    assert.throws(() => inspectScenario(acp, late, { object: 2, frame: 5 }), (e) => { wasmMessage = e.message; return expected.test(e.message); });
    for (const cli of [[join(root, 'build', 'native', 'acphys')], [process.execPath, join(root, 'bin', 'acphys.mjs')]]) {
      let r = { status: 0, stderr: '' };
      try {
        execFileSync(cli[0], [...cli.slice(1), 'run', file, '--inspect', '2:5'], { stdio: 'pipe' });
      } catch (e) {
        r = { status: e.status, stderr: String(e.stderr) };
      }
      assert.deepEqual(r, { status: 1, stderr: `acphys: ${file}: ${wasmMessage}\n` }, cli.join(' '));
    }
    // From frame 121 on it is in the world: the record is made (the runner stands: no sweep asked of it).
    assert.equal(JSON.parse(inspectScenario(acp, late, { object: 2, frame: 121 })).inspect.id, 77);
    // By name and by hex id as well as by index.
    assert.equal(runNative(['run', scenarioPath('quarrel-hits-drudge'), '--inspect', 'Drudge Robber:3']),
      runNative(['run', scenarioPath('quarrel-hits-drudge'), '--inspect', '0x2:3']));
  });
});
