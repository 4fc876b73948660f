// The selected object's cell on the map (web/src/map.ts) and in the 3-D view: a land cell's 24 m
// square, or an indoor cell's (an EnvCell, low word 0x0100 and up) shape from its CellStruct's
// polygons as the draw side places them (acp_abi_draw_envcell_cell_triangles: the same
// triangles as that cell's run in acp_abi_draw_envcell_triangles), read once per session and
// cell. Seen from above, a cell's walls (its polygons standing upright) are its outline; its floor
// and ceiling fill it.
import type { Session } from './run';

const LB = 192, CELL = 24;

/** One cell's shape: its triangles in the session's origin landblock frame (x, y, z per vertex,
 *  three vertices a triangle) and its bounds in world metres (the map's x, y). */
export interface CellShape { cell: number; triangles: Float32Array; bounds: [number, number, number, number] }

const shapes = new WeakMap<Session, Map<number, CellShape | null>>();

/** The session's origin cell (the landblock frame the draw side places things in). */
export const originCell = (s: Session): number => s.cell.find((c) => c !== 0) ?? 0;

/** An indoor cell's shape (null: an outdoor cell, or not an EnvCell of the session's records). */
export function indoorCellShape(s: Session, cell: number): CellShape | null {
  cell >>>= 0;
  if ((cell & 0xffff) < 0x100) return null;
  let known = shapes.get(s);
  if (!known) shapes.set(s, (known = new Map()));
  if (known.has(cell)) return known.get(cell)!;
  const acp = s.acp, X = acp.exports, world = s.primary.world, origin = originCell(s);
  const n = X.acp_abi_draw_envcell_cell_triangles(world, cell, origin, 0, 0);
  let shape: CellShape | null = null;
  if (n) {
    const p = acp.alloc(n * 12);
    try {
      X.acp_abi_draw_envcell_cell_triangles(world, cell, origin, p, n * 3);
      const triangles = acp.f32().slice(p >> 2, (p >> 2) + n * 3);
      const ox = (origin >>> 24) * LB, oy = ((origin >>> 16) & 0xff) * LB;
      const b: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
      for (let v = 0; v < n; v++) {
        const x = ox + triangles[3 * v]!, y = oy + triangles[3 * v + 1]!;
        b[0] = Math.min(b[0], x); b[1] = Math.min(b[1], y); b[2] = Math.max(b[2], x); b[3] = Math.max(b[3], y);
      }
      shape = { cell, triangles, bounds: b };
    } finally { acp.free(p); }
  }
  known.set(cell, shape);
  return shape;
}

/** A land cell's bounds (world m), null for an indoor cell or none. */
export function landCellBounds(cell: number): [number, number, number, number] | null {
  const c = cell & 0xffff;
  if (c < 1 || c > 0x40) return null;
  const x0 = ((cell >>> 24) & 0xff) * LB + CELL * Math.floor((c - 1) / 8), y0 = ((cell >>> 16) & 0xff) * LB + CELL * ((c - 1) % 8);
  return [x0, y0, x0 + CELL, y0 + CELL];
}

const OUTLINE = 'rgba(255, 235, 90, 0.95)';

/** Outline `cell` on the map: a land cell's square, an indoor cell's walls (the triangles whose
 *  plane stands within 30° of upright, seen from above as lines) over its floor filled faintly,
 *  all its triangles' edges when it has no upright ones. Returns the cell outlined and its bounds
 *  (world m), or null (no cell, or an indoor cell the records lack). */
export function outlineCell(g: CanvasRenderingContext2D, s: Session, cell: number, sx: (x: number) => number, sy: (y: number) => number):
  { cell: number; bounds: [number, number, number, number] } | null {
  g.strokeStyle = OUTLINE;
  g.lineWidth = 2;
  const land = landCellBounds(cell);
  if (land) {
    g.strokeRect(sx(land[0]), sy(land[3]), sx(land[2]) - sx(land[0]), sy(land[1]) - sy(land[3]));
    return { cell: cell >>> 0, bounds: land };
  }
  const shape = indoorCellShape(s, cell);
  if (!shape) return null;
  strokeCellShape(g, shape, originCell(s), sx, sy, 'rgba(255, 235, 90, 0.18)');
  return { cell: cell >>> 0, bounds: shape.bounds };
}

/** Stroke an indoor cell's walls (the triangles whose plane stands within 30° of upright, seen
 *  from above as lines; all its triangles' edges when it has none) in the current stroke style,
 *  over its floor and ceiling filled in `fill` (none: null). `origin`: the landblock frame of its
 *  triangles (the session's origin cell). */
export function strokeCellShape(g: CanvasRenderingContext2D, shape: CellShape, origin: number, sx: (x: number) => number, sy: (y: number) => number,
  fill: string | null): void {
  const t = shape.triangles;
  const ox = (origin >>> 24) * LB, oy = ((origin >>> 16) & 0xff) * LB;
  const X = (v: number) => sx(ox + t[3 * v]!), Y = (v: number) => sy(oy + t[3 * v + 1]!);
  const walls = new Path2D(), floor = new Path2D();
  let upright = 0;
  for (let v = 0; v + 2 < t.length / 3; v += 3) {
    const ux = t[3 * v + 3]! - t[3 * v]!, uy = t[3 * v + 4]! - t[3 * v + 1]!, uz = t[3 * v + 5]! - t[3 * v + 2]!;
    const wx = t[3 * v + 6]! - t[3 * v]!, wy = t[3 * v + 7]! - t[3 * v + 1]!, wz = t[3 * v + 8]! - t[3 * v + 2]!;
    const nx = uy * wz - uz * wy, ny = uz * wx - ux * wz, nz = ux * wy - uy * wx;
    const path = Math.abs(nz) < 0.5 * Math.hypot(nx, ny, nz) ? walls : floor;
    if (path === walls) upright++;
    // Wound alike on screen, so the floor's and the ceiling's faces add up under nonzero.
    const [b, c] = (X(v + 1) - X(v)) * (Y(v + 2) - Y(v)) - (Y(v + 1) - Y(v)) * (X(v + 2) - X(v)) >= 0 ? [v + 1, v + 2] : [v + 2, v + 1];
    path.moveTo(X(v), Y(v));
    path.lineTo(X(b), Y(b));
    path.lineTo(X(c), Y(c));
    path.closePath();
  }
  if (fill) { g.fillStyle = fill; g.fill(floor); }
  g.stroke(upright ? walls : floor);
}
