// The objects' shapes on the map (web/src/map.ts), as the 3-D view draws them (web/src/view3d.ts,
// view3dextra.ts): an object whose records are real (not the synthetic stand-ins, judged by
// content: web/src/standins.ts) from its parts' GfxObjs' drawing polygons
// (acp_abi_draw_part_triangles, the same triangles the 3-D view fills) as a filled footprint
// seen from above; a stand-in's parts as 0.4 m squares at their world frames
// (acp_abi_draw_part_matrices' translations, the 3-D view's 0.4 m boxes). Live frame only, objects
// in view only, into one scratch array of linear memory per session (grown only).
import type { Session } from './run';
import { fillTriangles } from './mapstructures';
import { originCell } from './mapcell';

const LB = 192, MAT4_FLOATS = 16, PART_BOX_M = 0.4;
/** The footprints' colour: the 3-D view's polygon colour (0xd7263d). */
export const FOOTPRINT_RGB: [number, number, number] = [215, 38, 61];

interface Scratch { ptr: number; floats: number }
const scratchBySession = new WeakMap<Session, Scratch>();

function scratch(s: Session, floats: number): number {
  let sc = scratchBySession.get(s);
  if (!sc) {
    sc = { ptr: 0, floats: 0 };
    scratchBySession.set(s, sc);
    const own = sc;
    s.onDispose.push(() => { if (own.ptr) s.acp.free(own.ptr); own.ptr = 0; own.floats = 0; });
  }
  if (floats > sc.floats) {
    if (sc.ptr) s.acp.free(sc.ptr);
    sc.floats = Math.max(floats, 2 * sc.floats);
    sc.ptr = s.acp.alloc(sc.floats * 4);
  }
  return sc.ptr;
}

/** What the last drawing drew: footprint triangles (of how many objects), their world x, y (for
 *  the browser test: three vertices a triangle, the selected object's only), stand-in parts, and
 *  (counted by the map) collision spheres in view. */
export interface ObjectsDrawn { triangles: number; objects: number; parts: number; selected: number[]; spheres: number }

/** Draw the objects `shown` (indices into the session) that are in the world: footprints of the
 *  real ones, part squares of the stand-ins (`standIn`). */
export function drawObjectShapes(g: CanvasRenderingContext2D, s: Session, shown: readonly number[], selected: number,
  standIn: (s: Session, i: number) => boolean, W: number, H: number, k: number,
  sx: (x: number) => number, sy: (y: number) => number): ObjectsDrawn {
  const acp = s.acp, X = acp.exports, world = s.primary.world, origin = originCell(s);
  const ox = (origin >>> 24) * LB, oy = ((origin >>> 16) & 0xff) * LB;
  const out: ObjectsDrawn = { triangles: 0, objects: 0, parts: 0, selected: [], spheres: 0 };
  const feet = new Path2D(), boxes = new Path2D();
  const xy: number[] = [];
  for (const i of shown) {
    const p = s.objPtrs[i]!;
    if (!p || s.cell[i] === 0) continue;
    if (!standIn(s, i)) {
      const n = X.acp_abi_draw_part_triangles(world, p, origin, 0, 0);
      if (n) {
        const at = scratch(s, n * 3);
        X.acp_abi_draw_part_triangles(world, p, origin, at, n * 3);
        const f32 = acp.f32();
        xy.length = 2 * n;
        for (let v = 0; v < n; v++) { xy[2 * v] = ox + f32[(at >> 2) + 3 * v]!; xy[2 * v + 1] = oy + f32[(at >> 2) + 3 * v + 1]!; }
        out.triangles += fillTriangles(feet, xy, W, H, sx, sy);
        out.objects++;
        if (i === selected) out.selected = xy.slice();
        continue;
      }
    }
    const n = X.acp_abi_draw_part_matrices(p, origin, 0, 0);
    if (!n) continue;
    const at = scratch(s, n * MAT4_FLOATS);
    X.acp_abi_draw_part_matrices(p, origin, at, n);
    const f32 = acp.f32(), half = Math.max(1, (PART_BOX_M / 2) * k);
    for (let j = 0; j < n; j++) {
      const x = sx(ox + f32[(at >> 2) + MAT4_FLOATS * j + 12]!), y = sy(oy + f32[(at >> 2) + MAT4_FLOATS * j + 13]!);
      if (x < -half || y < -half || x > W + half || y > H + half) continue;
      boxes.rect(x - half, y - half, 2 * half, 2 * half);
      out.parts++;
    }
  }
  g.fillStyle = `rgb(${FOOTPRINT_RGB.join(', ')})`;
  g.fill(feet);
  g.fillStyle = 'rgba(215, 38, 61, 0.85)';
  g.fill(boxes);
  return out;
}
