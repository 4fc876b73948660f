// enter_at (docs/SCENARIOS.md): an object whose enter_at is > 0 enters the world before the first
// frame whose time is >= enter_at (placement at enter_at, update_time = enter_at, as
// prepare_to_enter_world sets it); until then it is not in the world and the trace line, table and
// digest leave it out. Objects added to a running run (Run.addObject, the page's Add object and
// Copies) enter the same way, so the run and a replay of the whole scenario agree frame by frame,
// native and WASM.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';

import { createRun, runScenario, ScenarioError } from '../../wasm/scenario.mjs';
import { acphys, root, runNative } from './helpers.mjs';

let acp;
before(async () => { acp = await acphys(); });

/** An assert.throws check of the error's own message (anchored). */
const says = (re) => (e) => e instanceof ScenarioError && re.test(e.message);
const player = () => JSON.parse(readFileSync(join(root, 'data', 'scenarios', 'running-turning-player.json'), 'utf8'));
/** Frame k at k/60 s in whole microseconds, as the page records its times. */
const pageTimes = (n) => Array.from({ length: n }, (_, k) => Math.round(((k + 1) / 60) * 1e6) / 1e6);

/** `count` copies of the player in a 2 m grid beside it, entering at `at`, each with the
 *  player's motion at `at`. */
function copies(s, count, at) {
  const src = s.objects[0], motion = s.events.find((e) => e.t === 0 && e.motion);
  const objects = [], events = [];
  for (let k = 0; k < count; k++) {
    const o = structuredClone(src);
    o.id = 2 + k;
    o.name = `copy ${k + 1}`;
    o.position.origin = [src.position.origin[0] + 2 * (1 + (k % 10)), src.position.origin[1] + 2 * (1 + Math.floor(k / 10)), src.position.origin[2]];
    o.enter_at = at;
    objects.push(o);
    events.push({ ...structuredClone(motion), t: at, object: o.id });
  }
  return { objects, events };
}

describe('enter_at: entering the world at that time', () => {
  it('an object enters before the first frame whose time is >= enter_at, with update_time = enter_at; the trace leaves it out before', () => {
    const s = player();
    s.frames = { times: [0.1, 0.2, 0.3, 0.45, 0.5, 0.6] };
    s.objects.push({ id: 7, name: 'late', physics_state: '0x00000400', placement: 'frame', enter_at: 0.42,
      position: { cell: '0xD59A0023', origin: [110, 50, 331] } });
    const { lines } = runScenario(acp, s);
    const ids = lines.map((l) => JSON.parse(l).objects.map((o) => o.id));
    assert.deepEqual(ids, [[1], [1], [1], [1, 7], [1, 7], [1, 7]]);
    const first = JSON.parse(lines[3]).objects.find((o) => o.id === 7);
    // update_object's elapsed at its first frame: now − update_time = 0.45 − 0.42 (doubles).
    assert.equal(first.elapsed, 0.45 - 0.42);
    // The digest of a frame before it enters is the digest without it.
    const alone = player();
    alone.frames = { times: [0.1, 0.2, 0.3] };
    assert.deepEqual(runScenario(acp, alone).frameDigests, runScenario(acp, s).frameDigests.slice(0, 3));
  });

  it('an event for an object before its enter_at is refused, naming the event and the time', () => {
    const s = player();
    s.frames = { times: [0.1] };
    s.objects.push({ id: 7, name: 'late', enter_at: 0.5, position: { cell: '0xD59A0023', origin: [110, 50, 331] } });
    s.events.push({ t: 0.25, object: 7, set_velocity: [1, 0, 0] });
    assert.throws(() => createRun(acp, s), (e) => e instanceof ScenarioError &&
      /^events\[\d+\]: object 7 enters the world at 0\.5 s \(its enter_at\), after this event's t 0\.25$/.test(e.message));
  });

  it('100 copies added to a running run at frame 600 give the frames a replay of the whole scenario gives', () => {
    const s = player();
    const times = pageTimes(660);
    s.frames = { times: times.slice(0, 600) };
    const live = createRun(acp, s);
    try {
      for (const t of times.slice(0, 600)) live.step(t);
      const at = (Math.round(times[599] * 1e6) + 1) / 1e6;
      const { objects, events } = copies(s, 100, at);
      for (const o of objects) live.addObject(o);
      for (const e of events) live.addEvent(e);
      const before = live.frameDigests();
      for (const t of times.slice(600)) live.step(t);
      assert.equal(JSON.parse(live.traceLine()).objects.length, 101);
      const whole = { ...s, objects: [...s.objects, ...objects], events: [...s.events, ...events], frames: { times } };
      const replay = runScenario(acp, whole);
      assert.deepEqual(live.frameDigests(), replay.frameDigests);
      assert.deepEqual(replay.frameDigests.slice(0, 600), before, 'the first 600 frames are the run without the copies');
      assert.equal(JSON.parse(replay.lines[599]).objects.length, 1);
      assert.equal(JSON.parse(replay.lines[600]).objects.length, 101);
      // Native = WASM on the whole scenario.
      const dir = mkdtempSync(join(tmpdir(), 'acphys-enter-'));
      try {
        writeFileSync(join(dir, 's.json'), JSON.stringify(whole));
        const out = runNative(['run', join(dir, 's.json'), '--quiet', '--trace', join(dir, 't.jsonl')], { cwd: dir });
        void out;
        const native = readFileSync(join(dir, 't.jsonl'), 'utf8').trim().split('\n');
        assert.equal(JSON.parse(native.at(-2)).digest, replay.digest);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    } finally {
      live.dispose();
    }
  });

  it('copies added to a running world cast shadows as in a world made with them: frame steps of a loaded browser replay identical', () => {
    // The page under load: frame steps of 10–410 ms (seeded), 100 copies in the page's rings
    // (web/src/states.ts addCopies: 3 m apart around the player) entering after frame 600. The
    // world was made for one object; its shadow pool has to grow with it (acp_world_reserve_objects),
    // or the copies cast no shadow, nothing collides with them, and the replay parts at frame 602.
    const s = player();
    let seed = 1, us = 0;
    const times = Array.from({ length: 640 }, () => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      us += Math.round((10 + (seed / 2 ** 32) * 400) * 1000);
      return us / 1e6;
    });
    s.frames = { times: times.slice(0, 600) };
    const live = createRun(acp, s);
    try {
      for (const t of times.slice(0, 600)) live.step(t);
      const at = (Math.round(times[599] * 1e6) + 1) / 1e6;
      const src = s.objects[0], motion = s.events.find((e) => e.t === 0 && e.motion);
      const [ox, oy, oz] = src.position.origin;
      const objects = [], events = [];
      for (let ring = 1; objects.length < 100; ring++) {
        for (let k = 0; objects.length < 100 && k < 8 * ring; k++) {
          const side = 2 * ring, e = Math.floor(k / side), j = k % side;
          const gx = e === 0 ? -ring + j : e === 1 ? ring : e === 2 ? ring - j : -ring;
          const gy = e === 0 ? -ring : e === 1 ? -ring + j : e === 2 ? ring : ring - j;
          const x = ox + 3 * gx, y = oy + 3 * gy, cell = (0xd59a0000 | (Math.floor(x / 24) * 8 + Math.floor(y / 24) + 1)) >>> 0;
          const o = { ...structuredClone(src), id: 2 + objects.length, name: `copy ${objects.length + 1}`, enter_at: at };
          o.position = { ...o.position, cell: `0x${cell.toString(16).toUpperCase()}`, origin: [x, y, oz] };
          objects.push(o);
          events.push({ ...structuredClone(motion), t: at, object: o.id });
        }
      }
      for (const o of objects) live.addObject(o);
      for (const e of events) live.addEvent(e);
      const collided = new Set();
      for (const t of times.slice(600)) {
        live.step(t);
        for (const o of JSON.parse(live.traceLine()).objects) for (const other of o.collisions ?? []) if (other !== 1 && o.id !== 1) collided.add(o.id);
      }
      const whole = { ...s, objects: [...s.objects, ...objects], events: [...s.events, ...events], frames: { times } };
      const replay = runScenario(acp, whole);
      const a = live.frameDigests(), b = replay.frameDigests;
      const parted = a.findIndex((d, i) => d !== b[i]);
      assert.equal(parted, -1, `the live run and the replay part at frame ${parted + 1}`);
      assert.ok(collided.size > 0, 'copies collide with copies (their shadows are in the cells)');
    } finally {
      live.dispose();
    }
  });

  it('addObject refuses, leaving the run as it was: an enter_at not after the last frame, an id in use, a missing Setup', () => {
    const s = player();
    s.frames = { times: [0.1] };
    const run = createRun(acp, s);
    try {
      run.step(0.1);
      run.step(0.2);
      const digest = run.digest();
      const o = { id: 9, enter_at: 0.2, setup: '0x02000001', position: { cell: '0xD59A0023', origin: [110, 50, 331] } };
      assert.throws(() => run.addObject(o), says(/^objects\[1\]\.enter_at: must be later than every frame run so far/));
      assert.throws(() => run.addObject({ ...o, enter_at: 0.3, id: 1 }), says(/^objects\[1\]\.id: 1 is already the id of objects\[0\]$/));
      assert.throws(() => run.addObject({ ...o, enter_at: 0.3, setup: '0x0200BEEF' }), says(/^objects\[1\]\.setup: no Setup 0x0200BEEF in the excerpts$/));
      assert.throws(() => run.addObject({ ...o, enter_at: 0 }), says(/^objects\[1\]\.enter_at: an object added to a running run must enter later: enter_at > 0$/));
      assert.equal(run.objectCount, 1);
      assert.equal(run.digest(), digest);
      run.addObject({ ...o, enter_at: 0.3 });
      assert.equal(run.objectCount, 2);
      assert.throws(() => run.addEvent({ t: 0.25, object: 9, set_velocity: [1, 0, 0] }), says(/^events\[\d+\]: the object enters the world later \(its enter_at is after this t\)$/));
      run.step(0.3);
      assert.deepEqual(run.objects().map((x) => x.id), [1, 9]);
    } finally {
      run.dispose();
    }
  });
});
