// Roads as the client lays them out: the terrain words' road bits (bits 0-1 of each of a
// landblock's 9 × 9 vertices, element x·9 + y) mark road vertices, and a land cell's road is the
// part of its 24 m square that retail's CLandBlock::on_road (PORTAL/ccell/CLandBlock.c, 0x0052FFF0
// in 11.4186; src/physics/cell/scene.c acp_landblock_on_road) calls road: LandDefs::get_vars's
// road_width 5 m strips along the edges whose two corners are roads, a 5 m band either side of a
// diagonal whose two corners are, a corner triangle (dx + dy < 5 from it) for a lone road corner,
// the whole cell when all four are. These are that rule's regions as convex polygons, for the map
// (web/src/map.ts) and the 3-D terrain (web/src/view3dterrain.ts, draped on the terrain triangles).

export const CELL_M = 24;
/** LandDefs::get_vars's road_width: how far (m) the road reaches from its vertices' line. */
export const ROAD_WIDTH_M = 5;
const R = ROAD_WIDTH_M, M = CELL_M - ROAD_WIDTH_M, C = CELL_M;

/** A convex polygon in a landblock's frame (m): x0, y0, x1, y1, … counter-clockwise from above. */
export type Polygon = number[];

const rect = (x0: number, y0: number, x1: number, y1: number): Polygon => [x0, y0, x1, y0, x1, y1, x0, y1];

/** The road polygons of one cell's square (cell-local m) by its corners' road bits: r0 its
 *  south-west vertex (x, y), r1 north-west (x, y + 1), r2 south-east (x + 1, y), r3 north-east
 *  (x + 1, y + 1), the four cases of CLandBlock::on_road. Overlapping strips are both listed. */
export function cellRoad(r0: boolean, r1: boolean, r2: boolean, r3: boolean): Polygon[] {
  const W = rect(0, 0, R, C), E = rect(M, 0, C, C), S = rect(0, 0, C, R), N = rect(0, M, C, C);
  if (r0) {
    if (r1) {
      if (r2) return r3 ? [rect(0, 0, C, C)] : [W, S];
      return r3 ? [W, N] : [W];
    }
    if (r2) return r3 ? [E, S] : [S];
    return r3 ? [[0, 0, R, 0, C, M, C, C, M, C, 0, R]] : [[0, 0, R, 0, 0, R]]; // |dx − dy| < 5; dx + dy < 5
  }
  if (r1) {
    if (r2) return r3 ? [E, N] : [[0, M, M, 0, C, 0, C, R, R, C, 0, C]]; // |dx + dy − 24| < 5
    return r3 ? [N] : [[0, M, R, C, 0, C]]; // 24 + dx − dy < 5
  }
  if (r2) return r3 ? [E] : [[M, 0, C, 0, C, R]]; // 24 − dx + dy < 5
  return r3 ? [[C, M, C, C, M, C]] : []; // 48 − dx − dy < 5
}

/** Whether vertex (x, y) of a landblock's terrain words is a road vertex (bits 0-1). */
export const roadVertex = (words: Uint16Array, x: number, y: number): boolean => (words[x * 9 + y]! & 3) !== 0;

/** Every road polygon of a landblock (its 64 cells), in the landblock's frame (m). */
export function landblockRoads(words: Uint16Array): Polygon[] {
  const out: Polygon[] = [];
  for (let x = 0; x < 8; x++) {
    for (let y = 0; y < 8; y++) {
      const polys = cellRoad(roadVertex(words, x, y), roadVertex(words, x, y + 1), roadVertex(words, x + 1, y), roadVertex(words, x + 1, y + 1));
      for (const p of polys) out.push(p.map((v, i) => v + (i % 2 ? y : x) * C));
    }
  }
  return out;
}

/** A convex polygon clipped to the half-plane left of the directed line a → b (Sutherland–Hodgman). */
function clipLeft(p: Polygon, ax: number, ay: number, bx: number, by: number): Polygon {
  const out: Polygon = [];
  const side = (x: number, y: number) => (bx - ax) * (y - ay) - (by - ay) * (x - ax);
  const n = p.length / 2;
  for (let i = 0; i < n; i++) {
    const px = p[2 * i]!, py = p[2 * i + 1]!, qx = p[(2 * i + 2) % p.length]!, qy = p[(2 * i + 3) % p.length]!;
    const sp = side(px, py), sq = side(qx, qy);
    if (sp >= 0) out.push(px, py);
    if ((sp >= 0) !== (sq >= 0)) {
      const t = sp / (sp - sq);
      out.push(px + (qx - px) * t, py + (qy - py) * t);
    }
  }
  return out;
}

/** The part of a convex polygon inside triangle (a, b, c) (any winding), or [] when none. */
export function clipToTriangle(p: Polygon, t: readonly number[]): Polygon {
  let [ax, ay, bx, by, cx, cy] = [t[0]!, t[1]!, t[2]!, t[3]!, t[4]!, t[5]!];
  if ((bx - ax) * (cy - ay) - (by - ay) * (cx - ax) < 0) [bx, by, cx, cy] = [cx, cy, bx, by];
  let q = clipLeft(p, ax, ay, bx, by);
  if (q.length >= 6) q = clipLeft(q, bx, by, cx, cy);
  if (q.length >= 6) q = clipLeft(q, cx, cy, ax, ay);
  return q.length >= 6 ? q : [];
}

/** The map's road polygons of the landblocks in view (world x0, x1, y0, y1 m), filled in
 *  `colour` over the terrain images: world x = landblock X · 192 + x, as the map's. Returns how
 *  many polygons it drew. */
export function drawRoads(g: CanvasRenderingContext2D, words: ReadonlyMap<number, Uint16Array>, colour: string,
  view: [number, number, number, number], sx: (x: number) => number, sy: (y: number) => number): number {
  const [wx0, wx1, wy0, wy1] = view;
  let n = 0;
  g.beginPath();
  for (const [id, w] of words) {
    const x0 = ((id >>> 24) & 0xff) * 192, y0 = ((id >>> 16) & 0xff) * 192;
    if (x0 > wx1 || x0 + 192 < wx0 || y0 > wy1 || y0 + 192 < wy0) continue;
    for (const p of landblockRoads(w)) {
      g.moveTo(sx(x0 + p[0]!), sy(y0 + p[1]!));
      for (let i = 2; i < p.length; i += 2) g.lineTo(sx(x0 + p[i]!), sy(y0 + p[i + 1]!));
      g.closePath();
      n++;
    }
  }
  g.fillStyle = colour;
  g.fill('nonzero');
  return n;
}
