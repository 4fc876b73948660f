// The records' structures on the map (web/src/map.ts): the buildings as filled footprints, the
// indoor cells outlined, the landblock statics' cylinders as circles, the statics' and scenery's
// collision shapes and the rocks' physics polygons, all from the draw side (web/src/draw.ts
// structures), only what is in view.
import { structures } from './draw';
import type { Session } from './run';

/** What a drawing drew: building and indoor-cell triangles, static, scenery and rock shapes. */
export interface Drawn { buildings: number; cells: number; statics: number; scenery: number; rocks: number }

/** Add triangles (world x, y per vertex, three a triangle) in view to the current path, every
 *  one wound the same way on screen: a shell's slabs have top and bottom faces (opposite windings
 *  seen from above), which under the nonzero rule cancel to nothing; wound alike they add up, and
 *  a fill is their union (the footprint, one alpha). Returns how many it added. */
export function fillTriangles(g: CanvasPath, xy: ArrayLike<number>, W: number, H: number,
  sx: (x: number) => number, sy: (y: number) => number, start = 0, end = xy.length): number {
  let n = 0;
  for (let t = start; t + 5 < end; t += 6) {
    const ax = sx(xy[t]!), ay = sy(xy[t + 1]!), bx = sx(xy[t + 2]!), by = sy(xy[t + 3]!), cx = sx(xy[t + 4]!), cy = sy(xy[t + 5]!);
    if (Math.max(ax, bx, cx) < 0 || Math.min(ax, bx, cx) > W || Math.max(ay, by, cy) < 0 || Math.min(ay, by, cy) > H) continue;
    const turn = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    g.moveTo(ax, ay);
    if (turn >= 0) { g.lineTo(bx, by); g.lineTo(cx, cy); } else { g.lineTo(cx, cy); g.lineTo(bx, by); }
    g.closePath();
    n++;
  }
  return n;
}

/** The records' buildings as filled footprints (the union of their triangles seen from above,
 *  each wound alike so a closed shell's faces do not cancel), their indoor
 *  cells outlined, the landblock statics as their cylinders' circles; only what is in view. */
export function drawStructures(g: CanvasRenderingContext2D, s: Session, W: number, H: number, k: number, sx: (x: number) => number, sy: (y: number) => number): Drawn {
  const st = structures(s);
  const drawn = { buildings: 0, cells: 0, statics: 0, scenery: 0, rocks: 0 };
  const tris = (xy: Float64Array, count: (n: number) => void) => {
    count(fillTriangles(g, xy, W, H, sx, sy));
  };
  g.beginPath();
  tris(st.building, (n) => { drawn.buildings = n; });
  g.fillStyle = 'rgba(120, 72, 40, 0.55)';
  g.fill();
  g.beginPath();
  tris(st.cell, (n) => { drawn.cells = n; });
  g.strokeStyle = 'rgba(120, 220, 255, 0.85)';
  g.lineWidth = 1;
  g.stroke();
  g.beginPath();
  for (let i = 0; i + 2 < st.statics.length; i += 3) {
    const x = sx(st.statics[i]!), y = sy(st.statics[i + 1]!), r = Math.max(2, st.statics[i + 2]! * k);
    if (x + r < 0 || x - r > W || y + r < 0 || y - r > H) continue;
    g.moveTo(x + r, y);
    g.arc(x, y, r, 0, 2 * Math.PI);
    drawn.statics++;
  }
  g.fillStyle = 'rgba(40, 110, 40, 0.8)';
  g.fill();
  // The landblock statics' and scenery's collision shapes (what the world made of them).
  g.beginPath();
  for (let i = 0; i + 2 < st.scenery.length; i += 3) {
    const x = sx(st.scenery[i]!), y = sy(st.scenery[i + 1]!), r = Math.max(2, st.scenery[i + 2]! * k);
    if (x + r < 0 || x - r > W || y + r < 0 || y - r > H) continue;
    g.moveTo(x + r, y);
    g.arc(x, y, r, 0, 2 * Math.PI);
    drawn.scenery++;
  }
  g.strokeStyle = 'rgba(20, 60, 20, 0.95)';
  g.lineWidth = 1.5;
  g.stroke();
  // The statics' physics polygons (rocks: a physics BSP, no cylinder or sphere), outlined.
  g.beginPath();
  tris(st.rocks, (n) => { drawn.rocks = n; });
  g.strokeStyle = 'rgba(90, 90, 90, 0.95)';
  g.lineWidth = 1;
  g.stroke();
  return drawn;
}

