// Adding objects: a recorded retail state (near the selected object, where it was recorded, or at
// the Go to place) or copies of the selected object. While a run has frames, what is added enters
// the world at the current time: the scenario records it with enter_at just after the last frame
// (docs/SCENARIOS.md: it enters before the first frame whose time is >= enter_at), its t = 0
// events move to that time, and the running session takes it (Session.addObjects), so nothing
// replays and the run file and the link replay bit for bit. Before the first frame, or when the
// runs refuse it, the scenario is rebuilt (a replay, with progress and Cancel).
import type { ScenarioEvent, ScenarioObject } from '../../wasm/scenario.mjs';
import { validateScenario } from '../../wasm/scenario.mjs';
import { plural } from './format';
import type { Page } from './page';
import { LARGE_REPLAY } from './progress';
import { describeError } from './status';
import { ACTIVITY_RADIUS, u32 } from './run';
import { MAX_OBJECTS } from './spawn';
import { addCopies, cellText, nextId, objectFromState, placeNear, RETAIL_STATES } from './states';

/** Add recorded retail state `k`: `near` the selected object (placeNear: same height above
 *  the terrain, 4 m away, inside the activity radius) or where it was recorded. */
export async function addObject(app: Page, k: number, placed: string): Promise<void> {
  const near = placed === 'near';
  const st = RETAIL_STATES[k];
  const cur = app.session;
  if (!cur || !st) return;
  if (placed === 'goto' && !app.place) {
    app.msg.error('Add object: "at the Go to place" needs a place: type a location in Go to first (or choose another "placed"). No object was added.');
    return;
  }
  const s = app.snapshot();
  if (s.objects.length >= MAX_OBJECTS) { app.msg.error(`A scenario holds at most ${MAX_OBJECTS.toLocaleString('en-US')} objects: no object was added.`); return; }
  const { object, events } = objectFromState(st, nextId(s));
  const sel = app.selected, cell = cur.cell[sel]!;
  let where = `where it was recorded (cell ${st.position.cell})`;
  const p = app.place;
  if (placed === 'goto' && p) {
    const [x, y] = p.origin ?? p.middle!;
    const z = p.origin ? p.origin[2] : cur.terrainHeight(p.holding, x, y);
    if (!Number.isFinite(z)) { app.msg.error(`Add object: no terrain under ${cellText(p.holding)} [${x} ${y}] to stand it on.`); return; }
    object.position = { cell: cellText(p.holding), origin: [x, y, z], orientation: p.quaternion ?? object.position.orientation };
    where = `at the Go to place ${cellText(p.holding)} [${x.toFixed(1)} ${y.toFixed(1)} ${z.toFixed(1)}]`;
    // The activity gate measures from the player (update_object: beyond 96 m it does not move).
    const pl = cur.playerIndex;
    if (pl >= 0) {
      const d = Math.hypot(p.world[0] - cur.gx[pl]!, p.world[1] - cur.gy[pl]!, z - cur.z[pl]!);
      where += `, ${d.toFixed(1)} m from ${cur.names[pl]} (${d <= ACTIVITY_RADIUS ? 'within' : 'beyond'} the ${ACTIVITY_RADIUS} m activity radius` +
        `${d <= ACTIVITY_RADIUS ? '' : ': it stays inactive until the player comes near'})`;
    }
  } else if (near && cell !== 0) {
    const at = { cell, x: cur.gx[sel]! - 192 * ((cell >>> 24) & 0xff), y: cur.gy[sel]! - 192 * ((cell >>> 16) & 0xff), z: cur.z[sel]! };
    const p = placeNear(st, at, s.objects.length, (c, x, y) => cur.terrainHeight(c, x, y));
    object.position = p.position;
    const radius = p.distance <= ACTIVITY_RADIUS ? 'within' : 'beyond';
    where = `${p.distance.toFixed(1)} m from ${cur.names[sel]} (${radius} the ${ACTIVITY_RADIUS} m activity radius), ${p.above.toFixed(2)} m above the terrain` +
      (p.recordedAbove ? ' as recorded' : ` (its recorded cell ${st.position.cell} has no terrain here)`);
  } else if (near) {
    where += `: ${cur.names[sel]} has no cell to place it near`;
  }
  const what = `${st.name} (id ${u32(object.id)}) from the recorded retail states, ${where}`;
  // A place whose landblock the run has not loaded (in a user's full DAT) needs the rebuild,
  // whose excerpt copies it out for the new object.
  if (!(placed === 'goto' && p?.pending) && addLive(app, [object], events, what)) return;
  // Before any copies, so that it is tracked (plotted) when there is room.
  const firstCopy = s.objects.findIndex((o) => / \(copy \d+\)$/.test(o.name ?? ''));
  if (firstCopy >= 0) s.objects.splice(firstCopy, 0, object); else s.objects.push(object);
  s.events = [...(s.events ?? []), ...events];
  const r = await app.rebuild(s);
  if (r) app.msg.status(`Added ${what}; the recording replayed from the start with it (${plural(r.n, 'object')} now).` +
    (r.warnings.length ? ` ${r.warnings.join('; ')}` : ''));
}

/** The time (s) an object added now enters at: 1 µs after the last frame (the page's frame
 *  times are whole microseconds, so the next frame's time is >= it), or null before the first. */
export function enterTime(lastTime: number, frames: number): number | null {
  return frames ? (Math.round(lastTime * 1e6) + 1) / 1e6 : null;
}

/** Add `objects` (and their t = 0 `events`, moved to the entering time) to the running session
 *  at the current time, without replaying; false when that cannot be (no frame yet, a replay
 *  under way, or the runner refuses them: the caller rebuilds). `what` names them for the
 *  status line. */
function addLive(app: Page, objects: ScenarioObject[], events: ScenarioEvent[], what: string): boolean {
  const cur = app.session;
  const at = cur ? enterTime(cur.lastTime, cur.framesDone) : null;
  if (!cur || at === null || app.busy || cur.broken) return false;
  const added = objects.map((o) => ({ ...o, enter_at: at }));
  const moved = events.map((e) => ({ ...e, t: at }));
  // The whole scenario as it will be, checked by the runner first, so that a refusal leaves the
  // session whole (the runs then refuse nothing).
  const whole = { ...cur.scenario, objects: [...cur.scenario.objects, ...added], events: [...(cur.scenario.events ?? []), ...moved], frames: { times: [at] } };
  const invalid = validateScenario(app.acp, whole);
  if (invalid) { app.msg.error(`Adding ${what}: ${invalid}. Nothing was added.`); return true; }
  try {
    cur.addObjects(added);
    for (const e of moved) cur.addEvent(e);
  } catch (e) {
    app.msg.error(`Adding ${what}: ${describeError(e)}. The run replays from the start instead.`);
    return false;
  }
  app.objectsAdded();
  app.msg.clearError();
  app.msg.status(`Added ${what}: ${objects.length > 1 ? 'they enter' : 'it enters'} the world at frame ${cur.framesDone + 1} (enter_at ${at.toFixed(6)} s), ` +
    `nothing replayed; ${plural(cur.n, 'object')} now.`);
  return true;
}

/** Copies added at once above this ask first (each frame then steps them all). */
export const LARGE_ADD = 2000;

/** Add copies of the selected object: `text` is the Copies field, a whole number from 1 (0, a
 *  negative number, a fraction or nothing is refused with a message, and nothing is added). */
export async function spawn(app: Page, text: string): Promise<void> {
  const cur = app.session;
  if (!cur) return;
  const room = MAX_OBJECTS - cur.n;
  const asked = /^\s*[0-9]+\s*$/.test(text) ? Number(text) : NaN;
  if (!(asked >= 1)) {
    const shown = text.trim() === '' ? 'empty' : `"${text.trim()}"`;
    app.msg.error(`Copies is ${shown}, not a number of copies to add: give a whole number from 1 to ` +
      `${(MAX_OBJECTS - 1).toLocaleString('en-US')}. No copies were added.`);
    return;
  }
  const n = Math.min(asked, room);
  if (n <= 0) { app.msg.error(`A scenario holds at most ${MAX_OBJECTS.toLocaleString('en-US')} objects: no copies were added.`); return; }
  // A very large add asks first: each frame then steps them all (and before the first frame, or
  // when the runs refuse them live, the recording replays from its start with them).
  const live = cur.framesDone > 0 && !cur.broken;
  const work = cur.framesDone * (cur.n + n);
  const large = live ? n > LARGE_ADD : work > LARGE_REPLAY;
  const capped = n < asked ? ` (${asked.toLocaleString('en-US')} asked for: a scenario holds at most ${MAX_OBJECTS.toLocaleString('en-US')} objects)` : '';
  if (large && !window.confirm(live
    ? `Adding ${plural(n, 'copy', 'copies')}${capped} makes ${plural(cur.n + n, 'object')}, every one stepped each frame from now on. Go on?`
    : `Adding ${plural(n, 'copy', 'copies')}${capped} replays ${plural(cur.framesDone, 'frame')} × ${plural(cur.n + n, 'object')} ` +
      `(${(work / 1e6).toFixed(1)} million object-frames), which may take a while. Go on?`)) {
    app.msg.status(`No copies were added (${plural(n, 'copy', 'copies')} asked for).`);
    return;
  }
  const s = app.snapshot();
  const before = s.objects.length, eventsBefore = s.events?.length ?? 0;
  addCopies(s, app.selected, n, (c, x, y) => cur.terrainHeight(c, x, y));
  const what = `${plural(n, 'copy', 'copies')} of ${cur.names[app.selected]}`;
  let r = live && addLive(app, s.objects.slice(before), (s.events ?? []).slice(eventsBefore), what) ? cur : null;
  if (!r) {
    r = await app.rebuild(s);
    if (!r) return;
    app.msg.status(`Added ${what}; the recording replayed from the start with them (${plural(r.n, 'object')} now).`);
  }
  if (n < asked) {
    app.msg.error(`${plural(asked, 'copy was', 'copies were')} asked for; a scenario holds at most ${MAX_OBJECTS.toLocaleString('en-US')} objects, ` +
      `so ${plural(n, 'copy was', 'copies were')} added (${plural(r.n, 'object')} now).`, true);
  }
}
