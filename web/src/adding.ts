// Adding objects: a recorded retail state (near the selected object, where it was recorded, or at
// the Go to place) or copies of the selected object.
import { plural } from './format';
import type { Page } from './page';
import { LARGE_REPLAY } from './progress';
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
  // Before any copies, so that it is tracked (plotted) when there is room.
  const firstCopy = s.objects.findIndex((o) => / \(copy \d+\)$/.test(o.name ?? ''));
  if (firstCopy >= 0) s.objects.splice(firstCopy, 0, object); else s.objects.push(object);
  s.events = [...(s.events ?? []), ...events];
  const r = await app.rebuild(s);
  if (r) app.msg.status(`Added ${st.name} (id ${u32(object.id)}) from the recorded retail states, ${where}; the recording replayed from the start with it.` +
    (r.warnings.length ? ` ${r.warnings.join('; ')}` : ''));
}

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
  // A very large add asks first: the recording replays from its start with them.
  const work = cur.framesDone * (cur.n + n);
  if (work > LARGE_REPLAY && !window.confirm(`Adding ${plural(n, 'copy', 'copies')} replays ${plural(cur.framesDone, 'frame')} × ` +
    `${plural(cur.n + n, 'object')} (${(work / 1e6).toFixed(1)} million object-frames), which may take a while. Go on?`)) {
    app.msg.status(`No copies were added (${plural(n, 'copy', 'copies')} would replay ${(work / 1e6).toFixed(1)} million object-frames).`);
    return;
  }
  const s = app.snapshot();
  addCopies(s, app.selected, n, (c, x, y) => cur.terrainHeight(c, x, y));
  const r = await app.rebuild(s);
  if (!r) return;
  app.msg.status(`Added ${plural(n, 'copy', 'copies')} of ${cur.names[app.selected]}; the recording replayed from the start with them.`);
  if (n < asked) {
    app.msg.error(`${plural(asked, 'copy was', 'copies were')} asked for; a scenario holds at most ${MAX_OBJECTS.toLocaleString('en-US')} objects, ` +
      `so ${plural(n, 'copy was', 'copies were')} added (${plural(r.n, 'object')} now).`, true);
  }
}
