// Server positions (issue 13): the last UpdatePosition ("server_position" event) each object got,
// drawn on the map as a ghost marker with a line to where the body is, so the interpolation (or
// the far placement, or the teleport) that MoveOrTeleport chose can be seen.
import type { Scenario } from '../../wasm/scenario.mjs';

/** One ghost: the object's index and its last server position in world metres (x east, y north). */
export interface Ghost { index: number; x: number; y: number }

interface ServerPositionEvent { t: number; object: number | string; server_position?: { cell: number | string; origin: number[] } }

/** The server_position events of an events array, found once per array and length (the map
 *  draws every frame; a scenario may carry thousands of other events). */
const cache = new WeakMap<object, { length: number; list: ServerPositionEvent[] }>();
function serverPositions(events: ServerPositionEvent[]): ServerPositionEvent[] {
  const hit = cache.get(events);
  if (hit && hit.length === events.length) return hit.list;
  const list = events.filter((e) => e.server_position !== undefined);
  cache.set(events, { length: events.length, list });
  return list;
}

/** The latest server_position at or before `now` (seconds) of each object, by index in `ids`. */
export function serverGhosts(scenario: Scenario, ids: Uint32Array, now: number): Ghost[] {
  const last = new Map<number, Ghost>();
  for (const e of serverPositions((scenario.events ?? []) as unknown as ServerPositionEvent[])) {
    const sp = e.server_position;
    if (!sp || e.t > now) continue;
    const id = Number(e.object) >>> 0;
    const index = ids.indexOf(id);
    if (index < 0) continue;
    const cell = Number(sp.cell) >>> 0;
    const x = ((cell >>> 24) & 0xff) * 192 + (sp.origin[0] ?? 0), y = ((cell >>> 16) & 0xff) * 192 + (sp.origin[1] ?? 0);
    last.set(index, { index, x, y }); /* events are in time order: the later one wins */
  }
  return [...last.values()];
}

/** Draw the ghosts: a hollow diamond at the server position and a dashed line to the body. */
export function drawGhosts(g: CanvasRenderingContext2D, ghosts: Ghost[], sx: (x: number) => number, sy: (y: number) => number,
  bodyX: (i: number) => number, bodyY: (i: number) => number): void {
  if (!ghosts.length) return;
  g.save();
  g.setLineDash([4, 3]);
  g.strokeStyle = 'rgba(120, 200, 255, 0.9)';
  g.lineWidth = 1;
  g.beginPath();
  for (const k of ghosts) {
    g.moveTo(sx(k.x), sy(k.y));
    g.lineTo(sx(bodyX(k.index)), sy(bodyY(k.index)));
  }
  g.stroke();
  g.setLineDash([]);
  g.lineWidth = 1.5;
  g.beginPath();
  for (const k of ghosts) {
    const x = sx(k.x), y = sy(k.y), r = 5;
    g.moveTo(x, y - r); g.lineTo(x + r, y); g.lineTo(x, y + r); g.lineTo(x - r, y); g.closePath();
  }
  g.stroke();
  g.restore();
}
