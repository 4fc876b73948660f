// Retail's road rule for the browser tests, written from CLandBlock::on_road
// (PORTAL/ccell/CLandBlock.c, 0x0052FFF0 in 11.4186; LandDefs::get_vars's road_width 5 m): whether
// (x, y) metres in a landblock lies on a road, from its terrain words' road bits (bits 0-1 of
// vertex x·9 + y). Independent of the page's polygons (web/src/roads.ts), which the tests check.
const CELL = 24, R = 5, M = 19;

const road = (w, x, y) => (w[x * 9 + y] & 3) !== 0;

export function onRoad(words, x, y) {
  const cx = Math.floor(x / CELL), cy = Math.floor(y / CELL);
  if (cx < 0 || cy < 0 || cx > 7 || cy > 7) return false;
  const r0 = road(words, cx, cy), r1 = road(words, cx, cy + 1), r2 = road(words, cx + 1, cy), r3 = road(words, cx + 1, cy + 1);
  const dx = x - cx * CELL, dy = y - cy * CELL;
  if (r0) {
    if (r1) {
      if (r2) return r3 || dx < R || dy < R;
      return r3 ? dx < R || dy > M : dx < R;
    }
    if (r2) return r3 ? dx > M || dy < R : dy < R;
    return r3 ? Math.abs(dx - dy) < R : dx + dy < R;
  }
  if (r1) {
    if (r2) return r3 ? dx > M || dy > M : Math.abs(dx + dy - CELL) < R;
    return r3 ? dy > M : CELL + dx - dy < R;
  }
  if (r2) return r3 ? dx > M : CELL - dx + dy < R;
  return r3 ? CELL * 2 - dx - dy < R : false;
}

/** Whether (x, y) is clear of every road edge: the rule gives the same answer `margin` m around. */
export function clearOfRoadEdges(words, x, y, margin = 1.5) {
  const here = onRoad(words, x, y);
  for (const [a, b] of [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]]) {
    if (onRoad(words, x + a * margin, y + b * margin) !== here) return false;
  }
  return true;
}

/** The distance (m) from (x, y) to the nearest road vertex of the landblock (Infinity: none). */
export function toRoadVertex(words, x, y) {
  let best = Infinity;
  for (let vx = 0; vx < 9; vx++) for (let vy = 0; vy < 9; vy++) if (road(words, vx, vy)) best = Math.min(best, Math.hypot(x - vx * CELL, y - vy * CELL));
  return best;
}
