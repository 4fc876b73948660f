// A small BSP builder for the synthetic stand-in geometry of scripts/gen-buildings.mjs: physics
// trees over a polygon list (GfxObj and CellStruct physics BSPs) and cell trees over a convex
// cell's bounding planes (CellStruct cell BSPs), in the node shapes scripts/lib/dat-records.mjs
// writes and src/dat/bsp.c reads. No dependencies; deterministic.
//
// What the trees must satisfy is what retail's traversals assume (PORTAL/cgeometry/CBSPNode.c,
// CBSPLeaf.c):
//  - physics trees: BSPNODE::sphere_intersects_poly, sphere_intersects_solid, hits_walkable,
//    find_walkable and sphere_intersects_solid_poly call both children of every splitting node
//    without a null check, so every node here has both (type 'BPnN': both children, no in-plane
//    polygons, which only drawing trees store). A sphere is sent to the positive child when its
//    centre is at least radius - 0.0002 in front of the plane, to the negative one when at least
//    that far behind, else to both; each node's bounding sphere (CSphere::intersects) must hold
//    every polygon below it. So a leaf may hold a polygon only if no plane on its path has the
//    polygon wholly on the other side: polygons are sent to the side they lie on, a polygon
//    crossing a plane to both, a polygon in the plane to the side its normal faces (so that the
//    region a sphere reaches it from is in front of it, and no leaf is solid where a sphere may
//    stand, as in a doorway behind the plane of the wall it opens).
//  - BSPLEAF::sphere_intersects_solid answers "inside" for a leaf with polygons and `solid` set
//    whenever the sphere's centre reached it (center_check): solid is 1 only for a leaf whose
//    region lies behind every polygon it holds (inside matter), else 0; an empty leaf (no
//    polygons, never a hit) keeps BSPLEAF's constructor value 0.
//  - cell trees: BSPNODE::point_inside_cell_bsp, sphere_intersects_cell_bsp and
//    box_intersects_cell_bsp walk the positive children until one is null, treating the positive
//    side as inside; a LEAF's splitting plane is never set (BSPNODE::BSPNODE leaves it
//    uninitialised), so the chain must end in a node without a positive child. A convex cell is
//    therefore a chain of its bounding planes, each facing in: 'BPnN' nodes whose negative child
//    is an outside leaf, and a last 'BpnN' node (negative child only).
// Every plane is the one retail's CPolygon::make_plane computes from the polygon's float32
// vertices: n = normalise(sum over the fan of (v[i] - v0) x (v[i+1] - v0)), d = -mean(n . v).
import { BSP } from './dat-records.mjs';

/** Retail's plane epsilon (BSPNODE traversals: radius - 0.00019999999; point_inside_cell_bsp). */
export const PLANE_EPS = 0.00019999999;

const f = Math.fround;
const sub = (a, b) => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];

/** [nx, ny, nz, d] of points (float32 vertices) as CPolygon::make_plane computes it, each
 *  component rounded to float32 as retail stores the plane. */
export function planeOf(points) {
  const p = points.map((v) => v.map(f));
  let n = [0, 0, 0];
  for (let i = 1; i + 1 < p.length; i++) {
    const c = cross(sub(p[i], p[0]), sub(p[i + 1], p[0]));
    n = [n[0] + c[0], n[1] + c[1], n[2] + c[2]];
  }
  const inv = 1 / Math.sqrt(dot(n, n));
  const nn = n.map((x) => f(x * inv));
  const d = -p.reduce((s, v) => s + dot(nn, v), 0) / p.length;
  return [...nn, f(d)].map((x) => x || 0); // no -0 (the manifest's JSON cannot keep it)
}

/** Signed distance of point v from plane [nx, ny, nz, d]. */
export function distance(plane, v) { return plane[0] * v[0] + plane[1] * v[1] + plane[2] * v[2] + plane[3]; }

/** Which side of `plane` the points lie on: 'front', 'back', 'cross', or 'on' (all within eps). */
export function sideOfPoints(plane, points) {
  let front = false, back = false;
  for (const v of points) {
    const d = distance(plane, v);
    if (d > PLANE_EPS) front = true;
    else if (d < -PLANE_EPS) back = true;
  }
  if (front && back) return 'cross';
  if (front) return 'front';
  if (back) return 'back';
  return 'on';
}

/** Compare two equal-length number lists lexicographically. */
function lexCompare(a, b) {
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return a[k] - b[k];
  return 0;
}

/** A plane's key regardless of facing (a plane and its reverse are one splitting plane). */
function planeKey(plane) {
  const first = plane.slice(0, 3).find((x) => Math.abs(x) > 1e-6) ?? 1;
  const s = first < 0 ? -1 : 1;
  return plane.map((x) => (s * x).toFixed(4)).join(',');
}

/** The smallest AABB-centred sphere holding every point: { center, radius }, float32, the radius
 *  rounded up so that every point is inside after the rounding. */
export function boundingSphere(points) {
  if (!points.length) return { center: [0, 0, 0], radius: 0 };
  const lo = [0, 1, 2].map((k) => Math.min(...points.map((v) => v[k])));
  const hi = [0, 1, 2].map((k) => Math.max(...points.map((v) => v[k])));
  const center = [0, 1, 2].map((k) => f((lo[k] + hi[k]) / 2) || 0);
  const r = Math.max(...points.map((v) => Math.hypot(v[0] - center[0], v[1] - center[1], v[2] - center[2])));
  let radius = f(r);
  while (radius < r) radius = f(radius + Math.max(1e-6, radius * 1e-7));
  return { center, radius };
}

/**
 * A physics BSP tree over `polys` (each { points: [[x, y, z]...], plane }): every polygon's plane
 * ends up on the path to each leaf that holds it. At each node the plane is chosen among the
 * polygons' planes not yet on the path: first those that split the set (polygons on both sides),
 * fewest crossing polygons, then the most even split, then the lowest polygon index; a set no
 * unused plane splits is still split by its planes in index order until every plane is on the
 * path (the other child an empty leaf). Leaves are numbered in stored order (positive first).
 * Returns the root in rec.bspNode's shape.
 */
export function buildPhysicsBsp(polys) {
  let leafIndex = 0;
  const pointsOf = (idx) => idx.flatMap((i) => polys[i].points);
  const sideOf = (i, plane) => {
    const s = sideOfPoints(plane, polys[i].points);
    if (s !== 'on') return s;
    return dot(polys[i].plane, plane) > 0 ? 'front' : 'back';
  };
  const leaf = (idx, path) => {
    const n = { type: BSP.LEAF, leaf_index: leafIndex++, solid: 0, sphere: boundingSphere(pointsOf(idx)), polys: [...idx] };
    // solid: the leaf lies behind every polygon it holds (each polygon's plane is on the path).
    const behind = (i) => path.some((p) => planeKey(p.plane) === planeKey(polys[i].plane)
      && (p.side === 'pos') !== (dot(p.plane, polys[i].plane) > 0));
    if (idx.length && idx.every(behind)) n.solid = 1;
    return n;
  };
  const build = (idx, path) => {
    const used = new Set(path.map((p) => planeKey(p.plane)));
    const seen = new Set();
    const cands = [];
    for (const i of idx) {
      const key = planeKey(polys[i].plane);
      if (used.has(key) || seen.has(key)) continue;
      seen.add(key);
      const plane = polys[i].plane;
      const sides = idx.map((j) => sideOf(j, plane));
      const front = sides.filter((s) => s === 'front').length, back = sides.filter((s) => s === 'back').length;
      const crossing = sides.filter((s) => s === 'cross').length;
      const splits = front > 0 && back > 0;
      cands.push({ i, plane, sides, score: [splits ? 0 : 1, crossing, Math.abs(front - back), i] });
    }
    if (!cands.length) return leaf(idx, path);
    cands.sort((a, b) => lexCompare(a.score, b.score));
    const c = cands[0];
    const posIdx = idx.filter((_, k) => c.sides[k] !== 'back');
    const negIdx = idx.filter((_, k) => c.sides[k] !== 'front');
    const node = { type: BSP.BPnN, plane: c.plane, sphere: boundingSphere(pointsOf(idx)) };
    node.pos = posIdx.length ? build(posIdx, [...path, { plane: c.plane, side: 'pos' }]) : leaf([], path);
    node.neg = negIdx.length ? build(negIdx, [...path, { plane: c.plane, side: 'neg' }]) : leaf([], path);
    return node;
  };
  return build(polys.map((_, i) => i), []);
}

/**
 * A cell BSP tree for a convex cell: `planes` are its bounding planes, each facing into the
 * cell, in the order they are tested. 'BPnN' nodes chain through their positive children, each
 * negative child an outside leaf; the last node is 'BpnN' (no positive child), as
 * point_inside_cell_bsp's walk requires.
 */
export function buildCellBsp(planes) {
  let leafIndex = 0;
  const chain = (k) => {
    const last = k === planes.length - 1;
    const node = { type: last ? BSP.BpnN : BSP.BPnN, plane: planes[k] };
    if (!last) node.pos = chain(k + 1);
    node.neg = { type: BSP.LEAF, leaf_index: leafIndex++ };
    return node;
  };
  return chain(0);
}
