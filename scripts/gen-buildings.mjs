// The synthetic building, scenery and dungeon stand-ins of the default excerpts (docs/DAT.md,
// issue 15), called by scripts/gen-excerpts.mjs, which writes them with the other records:
//   Holtburg, landblock 0xA9B4: LandBlockInfo 0xA9B4FFFE with one cottage (a CBuildingObj: shell
//     GfxObj 0x0100F300, a building portal into EnvCell 0xA9B40100) and one tree (Setup 0x0200F300
//     with a cylinder, part GfxObj 0x0100F301); Environment 0x0D00F000 holds the cottage's
//     interior CellStruct (floor, walls, ceiling, doorway portal, a two-step stair, a hearth).
//   The dungeon of landblock 0x3A11 around the recorded arrow's cell 0x3A11012B: EnvCells
//     0x3A11012A..0x3A11012E (a corridor along +x joined by portals, one cell with a pit portal
//     in its floor, one with a ramp down to the end wall, the pit below), Environment 0x0D00F001
//     with their CellStructs.
// Every plane, physics BSP and cell BSP comes from scripts/lib/bsp-build.mjs. Coordinates are
// metres; a GfxObj's and a CellStruct's are in its own axes (+z up), placed by the building's
// frame and the EnvCell's position (landblock coordinates). Each record's manifest entry says
// where every value comes from, and `geometry` states the walls, floors and steps the tests check.
import * as rec from './lib/dat-records.mjs';
import { boundingSphere, buildCellBsp, buildPhysicsBsp, planeOf } from './lib/bsp-build.mjs';

const f = Math.fround;
const hex = (n) => `0x${(n >>> 0).toString(16).toUpperCase().padStart(8, '0')}`;

// ---- ids ----
export const IDS = Object.freeze({
  cottageShell: 0x0100F300, treePart: 0x0100F301, treeSetup: 0x0200F300,
  rock: 0x0100F310, bush: 0x0100F311, woodScene: 0x1200F300, rockScene: 0x1200F301,
  cottageEnv: 0x0D00F000, dungeonEnv: 0x0D00F001,
  holtburgInfo: 0xA9B4FFFE, cottageCell: 0xA9B40100,
  dungeonCells: [0x3A11012A, 0x3A11012B, 0x3A11012C, 0x3A11012D, 0x3A11012E],
});

// ---- sources (quoted in the manifest) ----
const S = {
  synthetic: 'synthetic stand-in: no public source holds retail\'s building, scenery or dungeon geometry; the real record must come from the user\'s own DAT',
  ids: 'chosen id in the 0x..00F3xx / 0x0D00F0xx ranges no shipped or recorded record uses; a real DAT replaces the record and the references to it',
  holtburg: 'landblock 0xA9B4 is Holtburg (data/excerpt-sources/landblocks.json, whose real terrain it ships)',
  plateau: 'chosen on Holtburg\'s real terrain: the landblock vertices x = 3..7, y = 0..2 of data/excerpt-sources/landblocks.json all stand at 94 m, so the cells between x = 72..168 m and y = 0..48 m are flat at z = 94 (the recorded quarrel of retail-states.json flies about a metre above it at x = 78.5)',
  heading: 'chosen: the recorded orientation of retail-states.json running-turning-player (w 0.468932, z -0.883235), so that the recorded player running along its recorded heading (local +y) meets the doorway, which is in the building\'s -y wall, head on',
  arrow: 'retail-states.json arrow-in-a-dungeon (ACE-PCAP-Exports 48265 Arrow.sql): the arrow is in cell 0x3A11012B at (77.75602, 115.2018, -38.20677) flying (25.476, 2.775, 3.696) m/s',
  corridor: 'chosen around the recorded arrow: a corridor along +x (its flight direction), 5 m wide about y = 116 and 4 m high from a floor at z = -40 (1.79 m under the arrow); under gravity the arrow reaches the east end wall at x = 100 after 0.87 s at z = -38.7 and y = 117.6, above the ramp and inside the walls and ceiling',
  cellIds: 'chosen: the recorded cell 0x3A11012B and its neighbours 0x3A11012A..0x3A11012E (EnvCells are numbered from 0x0100 within their landblock)',
  env: 'retail CEnvCell::UnPack stores the environment as a u16 completed with 0x0D000000 and the CellStruct as its index there',
  portalRule: 'derived: every portal polygon faces into its own cell like its walls, so the cell behind it is on its negative side: portal_side 0 (flags bit 1 set; retail CCellPortal::UnPack: portal_side = !(flags & 2)); CEnvCell::find_transit_cells then adds the other cell when a sphere reaches within its radius of the portal\'s back. other_portal_id is the matching portal\'s index in the other cell',
  outsidePortal: 'derived: the doorway leads outside: flags bit 2 (retail CCellPortal::UnPack sets other_cell_id -1, which CEnvCell::find_transit_cells answers with CLandCell::add_all_outside_cells) and bit 1 (the outside is behind the inward-facing door polygon); other_portal_id 0, the building portal\'s index',
  bldPortal: 'derived: the building\'s one portal (retail CBldPortal::UnPack: flags, other cell, other portal, the cells seen through it) leads into EnvCell 0xA9B40100 through its portal 0 (the doorway; CBuildingObj::find_building_transit_cells hands other_portal_id to CEnvCell::check_building_transit); flags 0: the interior lies in front of the inward-facing door polygon (portal_side 1); it sees the interior cell',
  numLeaves: 'chosen: 0 (retail CBuildingObj::makeBuilding allocates num_leaves empty CPartCell slots, drawing-side; the physics never reads them)',
  numCells: 'derived: the landblock\'s EnvCells are 0xA9B40100 only (retail CLandBlockInfo::UnPack; EnvCells are numbered from 0x0100)',
  noRestrictions: 'chosen: pack mask 0 (no restriction table)',
  visible: 'chosen: every other cell of the dungeon (a straight corridor sees along its length; the pit through its ceiling portal)',
  noVisible: 'derived: the cottage has one EnvCell, so no other cell is visible from it',
  seenOutside: 'derived: 1 (SEEN_OUTSIDE) for the cottage\'s interior, which has a portal to the outside; 0 for the dungeon\'s cells',
  surface: 'chosen: one surface 0x08000000 (surfaces are drawing data, listed as absent); every polygon names surface index 0 on its front, none on its back (single-sided)',
  polygons: 'chosen single-sided (sides_type 0) polygons, counter-clockwise seen from the side they face (retail CPolygon::make_plane: the normal is the fan\'s cross-product sum), no uvs (stippling 4, NO_POS_UVS)',
  physicsBsp: 'derived by scripts/lib/bsp-build.mjs buildPhysicsBsp from the physics polygons (its docstring gives the rules retail\'s BSPNODE/BSPLEAF traversals impose: BPnN nodes with both children, leaves holding every polygon not wholly behind a plane of their path, bounding spheres holding their polygons, solid 1 only behind every polygon held)',
  cellBsp: 'derived by scripts/lib/bsp-build.mjs buildCellBsp: the convex cell\'s bounding planes facing in, chained through positive children (retail BSPNODE::point_inside_cell_bsp), outside leaves on the negative side, the last node BpnN',
  drawingBsp: 'chosen: a one-leaf drawing tree, as the part stand-ins have (drawing data; the physics never reads it)',
  noDrawingBsp: 'chosen: no drawing BSP (the stored flag 0; retail CCellStruct::UnPack then reads none)',
  cottage: 'chosen: an 8 x 6 m cottage (walls 0.3 m thick, 3 m high, a 0.2 m roof slab), its doorway 1.6 m wide and 2.2 m high in the middle of the -y wall (the humanoid\'s 0.48 m spheres pass with 0.32 m to spare, its top sphere reaches 1.83 m)',
  shellParts: 'chosen: the shell holds the outer walls as closed slabs (with the doorway\'s jambs and lintel) and the roof slab; the floor, the stair and the hearth are the interior EnvCell\'s (indoors retail collides only with the cell\'s CellStruct: CEnvCell::find_env_collisions)',
  stair: 'chosen: two 0.3 m risers with 0.8 m treads, 2 m wide, in front of the doorway against the back wall (issue 15\'s stair test: a 0.3 m step is climbed within the humanoid Setup\'s 0.6 m step_up_height); the 0.7 m hearth in the west corner is above that step_up_height, which the retail BSP step-up still climbs when the foot sphere reaches its top (up to 1.5 x step_up_height: docs/DAT.md)',
  tree: 'chosen: a tree-like static: a Setup with one cylinder (retail CSetup cylsphere: low point, radius, height) of radius 0.4 m and height 5 m for the trunk, no spheres, a stand-in part GfxObj for drawing (a trunk and a pyramid crown); height 8 m, radius 2 m (the crown)',
  treePlace: 'chosen: on the same flat plateau (z = 94), clear of the cottage and of the approach to its doorway',
  noDungeonInfo: 'not shipped: a dungeon\'s LandBlockInfo would count its EnvCells from 0x3A110100 (num_cells), naming the 42 cells before the corridor that the stand-in does not invent; retail reaches EnvCells by id through portals (CCellPortal::GetOtherCell), and the dungeon has no buildings or landblock statics',
};

// ---- geometry helpers ----

const AXES = { x: 0, y: 1, z: 2 };
const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** A polygon from points, wound counter-clockwise about `facing` (reversed when needed);
 *  fails when the points are not planar to float32 precision. */
export function poly(name, points, facing) {
  let pts = points.map((p) => p.map((x) => f(x) || 0)); // no -0
  if (dot(planeOf(pts), facing) < 0) pts = [...pts].reverse();
  const plane = planeOf(pts);
  for (const p of pts) {
    const d = plane[0] * p[0] + plane[1] * p[1] + plane[2] * p[2] + plane[3];
    if (Math.abs(d) > 1e-5) throw new Error(`${name}: not planar (${d})`);
  }
  return { name, points: pts, plane };
}

/** An axis-aligned rectangle in the plane `axis` = at, facing +axis (dir 1) or -axis (dir -1),
 *  spanning the two ranges given for the other axes ({ x: [lo, hi], ... }). */
export function rect(name, axis, at, dir, ranges) {
  const [a, b] = Object.keys(AXES).filter((k) => k !== axis);
  const corner = (u, v) => { const p = [0, 0, 0]; p[AXES[axis]] = at; p[AXES[a]] = u; p[AXES[b]] = v; return p; };
  const [u0, u1] = ranges[a], [v0, v1] = ranges[b];
  const facing = [0, 0, 0];
  facing[AXES[axis]] = dir;
  return poly(name, [corner(u0, v0), corner(u1, v0), corner(u1, v1), corner(u0, v1)], facing);
}

/** A closed box (lo, hi corners) as six outward-facing rectangles. */
function box(name, lo, hi) {
  const r = { x: [lo[0], hi[0]], y: [lo[1], hi[1]], z: [lo[2], hi[2]] };
  const out = [];
  for (const axis of ['x', 'y', 'z']) {
    const k = AXES[axis];
    const rest = Object.fromEntries(Object.entries(r).filter(([key]) => key !== axis));
    out.push(rect(`${name} -${axis}`, axis, lo[k], -1, rest), rect(`${name} +${axis}`, axis, hi[k], 1, rest));
  }
  return out;
}

/** Vertices (deduplicated, in first-use order); each vertex's normal is the normalised sum of
 *  the normals of the polygons that use it (drawing data). */
function mesh(polys) {
  const keyOf = (p) => p.join(',');
  const index = new Map();
  const vertices = [];
  const sums = [];
  for (const pl of polys) {
    for (const p of pl.points) {
      const k = keyOf(p);
      if (!index.has(k)) { index.set(k, vertices.length); vertices.push(p); sums.push([0, 0, 0]); }
      const i = index.get(k);
      for (let c = 0; c < 3; c++) sums[i][c] += pl.plane[c];
    }
  }
  const verts = vertices.map((origin, i) => {
    const n = Math.hypot(...sums[i]) || 1;
    return { id: i, origin, normal: sums[i].map((x) => f(x / n) || 0) };
  });
  return { vertices: verts };
}

/** Polygon records over the vertex array: single-sided, surface 0 in front, none behind, no uvs;
 *  poly_id is the polygon's index in its list. */
function polygonRecords(polys, vertexIndex) {
  return polys.map((p, i) => ({
    poly_id: i, stippling: 4, sides_type: 0, pos_surface: 0, neg_surface: -1,
    vertex_ids: p.points.map((pt) => vertexIndex.get(pt.join(','))),
  }));
}

/** The vertex array and polygon lists of a set of polygons (drawing and physics lists may differ:
 *  both index one vertex array). */
function geometry(allPolys) {
  const { vertices } = mesh(allPolys);
  const vertexIndex = new Map(vertices.map((v) => [v.origin.join(','), v.id]));
  return { vertices, records: (polys) => polygonRecords(polys, vertexIndex) };
}

// ---- the cottage ----

const COTTAGE = Object.freeze({
  origin: [120, 24, 94], orientation: [0.468932, 0, 0, -0.883235],
  outer: { x: [-4, 4], y: [-3, 3] }, inner: { x: [-3.7, 3.7], y: [-2.7, 2.7] }, height: 3, roof: 0.2,
  door: { x: [-0.8, 0.8], z: [0, 2.2] },
  stair: { x: [-1, 1], steps: [{ y: [1.1, 2.7], top: 0.3 }, { y: [1.9, 2.7], top: 0.6 }] },
  hearth: { x: [-3.7, -2.5], y: [1.5, 2.7], top: 0.7 },
});
const TREE_AT = [132, 12, 94];

function shellPolygons() {
  const { outer: o, inner: i, height: h, door: d, roof } = COTTAGE;
  return [
    ...box('back wall', [o.x[0], i.y[1], 0], [o.x[1], o.y[1], h]),
    ...box('west wall', [o.x[0], i.y[0], 0], [i.x[0], i.y[1], h]),
    ...box('east wall', [i.x[1], i.y[0], 0], [o.x[1], i.y[1], h]),
    ...box('front wall west of the door', [o.x[0], o.y[0], 0], [d.x[0], i.y[0], h]),
    ...box('front wall east of the door', [d.x[1], o.y[0], 0], [o.x[1], i.y[0], h]),
    ...box('lintel', [d.x[0], o.y[0], d.z[1]], [d.x[1], i.y[0], h]),
    ...box('roof', [o.x[0], o.y[0], h], [o.x[1], o.y[1], h + roof]),
  ];
}

/** The interior CellStruct's polygons (drawing list, index = poly_id) and which is the portal. */
function cottageInterior() {
  const { inner: i, height: h, door: d, stair: s, hearth: t } = COTTAGE;
  const full = { x: i.x, y: i.y, z: [0, h] };
  const [s1, s2] = s.steps;
  const polys = [
    rect('floor', 'z', 0, 1, { x: i.x, y: i.y }),
    rect('ceiling', 'z', h, -1, { x: i.x, y: i.y }),
    rect('back wall', 'y', i.y[1], -1, { x: i.x, z: full.z }),
    rect('west wall', 'x', i.x[0], 1, { y: i.y, z: full.z }),
    rect('east wall', 'x', i.x[1], -1, { y: i.y, z: full.z }),
    rect('front wall west of the door', 'y', i.y[0], 1, { x: [i.x[0], d.x[0]], z: full.z }),
    rect('front wall east of the door', 'y', i.y[0], 1, { x: [d.x[1], i.x[1]], z: full.z }),
    rect('over the door', 'y', i.y[0], 1, { x: d.x, z: [d.z[1], h] }),
    rect('doorway', 'y', i.y[0], 1, { x: d.x, z: d.z }),
    rect('step 1 riser', 'y', s1.y[0], -1, { x: s.x, z: [0, s1.top] }),
    rect('step 1 tread', 'z', s1.top, 1, { x: s.x, y: [s1.y[0], s2.y[0]] }),
    rect('step 2 riser', 'y', s2.y[0], -1, { x: s.x, z: [s1.top, s2.top] }),
    rect('step 2 tread', 'z', s2.top, 1, { x: s.x, y: s2.y }),
    rect('stair west side, step 1', 'x', s.x[0], -1, { y: [s1.y[0], s2.y[0]], z: [0, s1.top] }),
    rect('stair west side, step 2', 'x', s.x[0], -1, { y: s2.y, z: [0, s2.top] }),
    rect('stair east side, step 1', 'x', s.x[1], 1, { y: [s1.y[0], s2.y[0]], z: [0, s1.top] }),
    rect('stair east side, step 2', 'x', s.x[1], 1, { y: s2.y, z: [0, s2.top] }),
    rect('hearth top', 'z', t.top, 1, { x: t.x, y: t.y }),
    rect('hearth front', 'y', t.y[0], -1, { x: t.x, z: [0, t.top] }),
    rect('hearth side', 'x', t.x[1], 1, { y: t.y, z: [0, t.top] }),
  ];
  const byName = (n) => polys.findIndex((p) => p.name === n);
  return {
    polys, portals: [byName('doorway')],
    hull: ['floor', 'ceiling', 'doorway', 'back wall', 'west wall', 'east wall'].map(byName),
  };
}

// ---- the dungeon ----

const CORRIDOR = Object.freeze({ y: 116, z: -40, width: 5, height: 4 });

/** One corridor cell along +x: length L, west/east ends 'wall' or 'portal', the floor dropping
 *  `drop` metres from west to east (a ramp), an optional portal hole in the floor. */
function corridorCell({ L, west, east, drop = 0, hole = null }) {
  const w = CORRIDOR.width / 2, h = CORRIDOR.height;
  const polys = [];
  const portals = [];
  const add = (p, isPortal = false) => { if (isPortal) portals.push(polys.length); polys.push(p); return p; };
  const up = [0, 0, 1];
  if (drop) add(poly('ramp floor', [[0, -w, 0], [L, -w, -drop], [L, w, -drop], [0, w, 0]], up));
  else if (!hole) add(rect('floor', 'z', 0, 1, { x: [0, L], y: [-w, w] }));
  else {
    add(rect('floor west of the pit', 'z', 0, 1, { x: [0, hole.x[0]], y: [-w, w] }));
    add(rect('floor east of the pit', 'z', 0, 1, { x: [hole.x[1], L], y: [-w, w] }));
    add(rect('floor south of the pit', 'z', 0, 1, { x: hole.x, y: [-w, hole.y[0]] }));
    add(rect('floor north of the pit', 'z', 0, 1, { x: hole.x, y: [hole.y[1], w] }));
  }
  const hullFloor = 0;
  add(rect('ceiling', 'z', h, -1, { x: [0, L], y: [-w, w] }));
  add(poly('south wall', [[0, -w, 0], [L, -w, -drop], [L, -w, h], [0, -w, h]], [0, 1, 0]));
  add(poly('north wall', [[0, w, 0], [L, w, -drop], [L, w, h], [0, w, h]], [0, -1, 0]));
  add(rect(`west ${west}`, 'x', 0, 1, { y: [-w, w], z: [0, h] }), west === 'portal');
  add(poly(`east ${east}`, [[L, -w, -drop], [L, w, -drop], [L, w, h], [L, -w, h]], [-1, 0, 0]), east === 'portal');
  if (hole) add(rect('pit portal', 'z', 0, 1, { x: hole.x, y: hole.y }), true);
  const byName = (n) => polys.findIndex((p) => p.name === n);
  const hull = [hullFloor, byName('ceiling'), byName('south wall'), byName('north wall'), byName(`west ${west}`), byName(`east ${east}`)];
  return { polys, portals, hull };
}

function pitCell({ x, y, depth }) {
  const lx = [0, x[1] - x[0]], ly = [-(y[1] - y[0]) / 2, (y[1] - y[0]) / 2];
  const polys = [
    rect('pit floor', 'z', 0, 1, { x: lx, y: ly }),
    rect('pit south wall', 'y', ly[0], 1, { x: lx, z: [0, depth] }),
    rect('pit north wall', 'y', ly[1], -1, { x: lx, z: [0, depth] }),
    rect('pit west wall', 'x', lx[0], 1, { y: ly, z: [0, depth] }),
    rect('pit east wall', 'x', lx[1], -1, { y: ly, z: [0, depth] }),
    rect('pit mouth', 'z', depth, -1, { x: lx, y: ly }),
  ];
  return { polys, portals: [5], hull: [0, 5, 1, 2, 3, 4] };
}

const HOLE = { x: [2, 6], y: [-1.5, 1.5] };
const PIT_DEPTH = 3;

/** The dungeon's cells in EnvCell order: the struct, its EnvCell origin and its portals' far ends
 *  ([other cell index, other portal index] per struct portal, in the struct's portal order). */
function dungeonLayout() {
  const { y, z } = CORRIDOR;
  return [
    { name: 'west dead end', struct: corridorCell({ L: 10, west: 'wall', east: 'portal' }), origin: [62, y, z], links: [[1, 0]] },
    { name: 'the arrow\'s corridor', struct: corridorCell({ L: 10, west: 'portal', east: 'portal' }), origin: [72, y, z], links: [[0, 0], [2, 0]] },
    { name: 'corridor over the pit', struct: corridorCell({ L: 8, west: 'portal', east: 'portal', hole: HOLE }), origin: [82, y, z], links: [[1, 1], [3, 0], [4, 0]] },
    { name: 'ramp down to the end wall', struct: corridorCell({ L: 10, west: 'portal', east: 'wall', drop: 1.5 }), origin: [90, y, z], links: [[2, 1]] },
    { name: 'the pit', struct: pitCell({ x: [84, 88], y: [114.5, 117.5], depth: PIT_DEPTH }), origin: [84, y, z - PIT_DEPTH], links: [[2, 2]] },
  ];
}

// ---- records ----

const IDENTITY_Q = [1, 0, 0, 0];
const frameOf = (origin, orientation = IDENTITY_Q) => ({ origin: origin.map(f), orientation: orientation.map(f) });

/** The facts the tests check against the records: named polygons with their planes. */
function facts(polys, list, extra = {}) {
  return {
    frame: 'the record\'s own axes (metres, +z up)',
    ...Object.fromEntries(Object.entries(list).map(([k, names]) => [k, names.map((n) => {
      const i = polys.findIndex((p) => p.name === n);
      if (i < 0) throw new Error(`no polygon ${n}`);
      return { name: n, polygon: i, plane: polys[i].plane };
    })])),
    ...extra,
  };
}

/** A CellStruct record object and its manifest facts. */
export function cellStruct(id, { polys, portals, hull }) {
  const physics = polys.filter((_, i) => !portals.includes(i));
  const g = geometry(polys);
  return {
    id, vertices: g.vertices, polygons: g.records(polys), portals,
    cell_bsp: buildCellBsp(hull.map((i) => polys[i].plane)),
    physics_polygons: g.records(physics), physics_bsp: buildPhysicsBsp(physics),
    physicsNames: physics.map((p) => p.name),
  };
}

function bspCounts(n, c = { nodes: 0, leaves: 0 }) {
  if (!n) return c;
  if (n.type === rec.BSP.LEAF) c.leaves++;
  else { c.nodes++; bspCounts(n.pos, c); bspCounts(n.neg, c); }
  return c;
}

function cellStructValues(k, cs) {
  const p = bspCounts(cs.physics_bsp), c = bspCounts(cs.cell_bsp);
  return [
    { path: `cell_structs[${k}].vertices`, summary: `${cs.vertices.length} vertices`, source: `${S.synthetic}; the corners of the polygons below` },
    { path: `cell_structs[${k}].polygons`, summary: `${cs.polygons.length} polygons`, source: S.polygons },
    { path: `cell_structs[${k}].portals`, source: 'derived: the indices of the portal polygons' },
    { path: `cell_structs[${k}].cell_bsp`, summary: `${c.nodes} nodes, ${c.leaves} leaves`, source: S.cellBsp },
    { path: `cell_structs[${k}].physics_polygons`, summary: `${cs.physics_polygons.length} polygons: every polygon but the portals`, source: S.polygons },
    { path: `cell_structs[${k}].physics_bsp`, summary: `${p.nodes} nodes, ${p.leaves} leaves`, source: S.physicsBsp },
    { path: `cell_structs[${k}].drawing_bsp`, source: S.noDrawingBsp, value: null },
  ];
}

export const stripNames = (cs) => { const { physicsNames, ...rest } = cs; return rest; };

function cottageRecords() {
  const shell = shellPolygons();
  const g = geometry(shell);
  const bsp = buildPhysicsBsp(shell);
  const all = shell.flatMap((p) => p.points);
  const shellObj = {
    id: IDS.cottageShell, flags: 3, surfaces: [0x08000000], vertices: g.vertices,
    physics_polygons: g.records(shell), physics_bsp: bsp,
    sort_center: boundingSphere(all).center,
    polygons: g.records(shell), drawing_bsp: { type: rec.BSP.LEAF, leaf_index: 0 },
  };
  const counts = bspCounts(bsp);
  const { outer: o, inner: i, height: h, door: d } = COTTAGE;
  const shellEntry = {
    id: IDS.cottageShell, type: 'GfxObj', kind: 'portal', synthetic: true,
    source: `${S.synthetic}; the shell of the cottage building of LandBlockInfo 0xA9B4FFFE (retail CGfxObj::Serialize layout); ${S.ids}`,
    values: [
      { path: 'flags', source: 'chosen: 3 (HasPhysics | HasDrawing: the physics polygons and BSP the building collides by, CBuildingObj::find_building_collisions → CPhysicsPart::find_obj_collisions; the same polygons for drawing)' },
      { path: 'surfaces', source: S.surface },
      { path: 'vertices', summary: `${g.vertices.length} vertices`, source: `${S.cottage}; the corners of the slabs` },
      { path: 'physics_polygons', summary: `${shell.length} polygons: 7 closed slabs (4 walls, the doorway's lintel, the roof), 6 faces each`, source: `${S.cottage}; ${S.shellParts}; ${S.polygons}` },
      { path: 'physics_bsp', summary: `${counts.nodes} nodes, ${counts.leaves} leaves`, source: S.physicsBsp },
      { path: 'sort_center', source: 'derived: the centre of the shell\'s bounding box' },
      { path: 'polygons', summary: 'the physics polygons again', source: 'chosen: drawn as it collides' },
      { path: 'drawing_bsp', summary: 'one leaf', source: S.drawingBsp },
    ],
    geometry: facts(shell, {
      outer_walls: ['back wall +y', 'west wall -x', 'east wall +x', 'front wall west of the door -y', 'front wall east of the door -y'],
      doorway_jambs: ['front wall west of the door +x', 'front wall east of the door -x'],
      lintel: ['lintel -z'],
    }, { doorway: { x: d.x, z: d.z, facing: [0, -1, 0] }, outer: o, inner: i, wall_height: h }),
  };

  const inside = cottageInterior();
  const cs = cellStruct(0, inside);
  const envObj = { id: IDS.cottageEnv, cell_structs: [stripNames(cs)] };
  const steps = COTTAGE.stair.steps.map((s, k) => ({ top_z: s.top, rise: f(s.top - (k ? COTTAGE.stair.steps[k - 1].top : 0)) }));
  const envEntry = {
    id: IDS.cottageEnv, type: 'Environment', kind: 'portal', synthetic: true,
    source: `${S.synthetic}; the interior of the cottage, CellStruct 0 of EnvCell 0xA9B40100 (retail CEnvironment::UnPack, CCellStruct::UnPack layout); ${S.ids}`,
    values: [
      { path: 'cell_structs[0].id', source: 'derived: CellStruct index 0, as EnvCell 0xA9B40100 names it' },
      ...cellStructValues(0, cs),
    ],
    geometry: {
      ...facts(inside.polys, {
        floors: ['floor'], walls: ['back wall', 'west wall', 'east wall', 'front wall west of the door', 'front wall east of the door'],
        portals: ['doorway'], ceiling: ['ceiling'],
        stair_treads: ['step 1 tread', 'step 2 tread'], stair_risers: ['step 1 riser', 'step 2 riser'],
        above_step_up_height: ['hearth top'],
      }),
      steps, stair_source: S.stair, hearth_top_z: COTTAGE.hearth.top, floor_z: 0.66417414,
      floor_z_source: 'retail PhysicsGlobals floor_z (src/physics/object/physobj.h ACP_FLOOR_Z, (float)cos of retail\'s constant): every floor and tread normal z (1) is above it',
    },
  };

  const cellObj = {
    id: IDS.cottageCell, flags: 1, surfaces: [0], environment: IDS.cottageEnv & 0xFFFF, cell_struct: 0,
    position: frameOf(COTTAGE.origin, COTTAGE.orientation),
    portals: [{ flags: 6, polygon: inside.portals[0], other_cell: 0xFFFF, other_portal: 0 }],
    visible_cells: [], stabs: [],
  };
  const cellEntry = {
    id: IDS.cottageCell, type: 'EnvCell', kind: 'cell', synthetic: true,
    source: `${S.synthetic}; the interior cell of the cottage on Holtburg's landblock 0xA9B4 (retail CEnvCell::UnPack layout)`,
    values: [
      { path: 'flags', source: S.seenOutside },
      { path: 'surfaces', source: S.surface, value: ['0x08000000'] },
      { path: 'environment_id', source: `${S.env}; ${S.ids}`, value: hex(IDS.cottageEnv) },
      { path: 'cell_struct', source: S.env },
      { path: 'position.origin', source: `derived: the building's frame (the cell's axes are the shell's); ${S.plateau}` },
      { path: 'position.orientation', source: S.heading },
      { path: 'portals', source: S.outsidePortal, value: [{ flags: 6, polygon: inside.portals[0], other_cell_id: '0xFFFFFFFF', other_portal_id: 0 }] },
      { path: 'visible_cells', source: S.noVisible, value: [] },
    ],
  };

  const trunk = 0.4, crown = 2;
  const partPolys = [
    ...box('trunk', [-trunk, -trunk, 0], [trunk, trunk, 5]).filter((p) => !p.name.endsWith('z')),
    poly('crown south', [[-crown, -crown, 3], [crown, -crown, 3], [0, 0, 8]], [0, -1, 0.5]),
    poly('crown east', [[crown, -crown, 3], [crown, crown, 3], [0, 0, 8]], [1, 0, 0.5]),
    poly('crown north', [[crown, crown, 3], [-crown, crown, 3], [0, 0, 8]], [0, 1, 0.5]),
    poly('crown west', [[-crown, crown, 3], [-crown, -crown, 3], [0, 0, 8]], [-1, 0, 0.5]),
    rect('crown base', 'z', 3, -1, { x: [-crown, crown], y: [-crown, crown] }),
  ];
  const pg = geometry(partPolys);
  const partObj = {
    id: IDS.treePart, flags: 2, surfaces: [0x08000000], vertices: pg.vertices, physics_polygons: [], physics_bsp: null,
    sort_center: [0, 0, 4], polygons: pg.records(partPolys), drawing_bsp: { type: rec.BSP.LEAF, leaf_index: 0 },
  };
  const partEntry = {
    id: IDS.treePart, type: 'GfxObj', kind: 'portal', synthetic: true,
    source: `${S.synthetic}; the part of tree Setup 0x0200F300: a 0.8 m square trunk 5 m high and a pyramid crown from 3 to 8 m, for drawing (the Setup's cylinder is what collides); ${S.ids}`,
    values: [
      { path: 'flags', source: 'chosen: 2 (drawing polygons only: the tree collides by its Setup\'s cylinder)' },
      { path: 'surfaces', source: S.surface },
      { path: 'vertices', summary: `${pg.vertices.length} vertices`, source: `${S.synthetic}; the trunk\'s and the crown\'s corners` },
      { path: 'sort_center', source: 'chosen: the middle of the tree (drawing data)' },
      { path: 'polygons', summary: `${partPolys.length} polygons`, source: S.polygons },
      { path: 'drawing_bsp', summary: 'one leaf', source: S.drawingBsp },
    ],
  };
  const treeObj = {
    id: IDS.treeSetup, flags: 0, parts: [IDS.treePart], holding_locations: [], connection_points: [],
    placements: [{ key: 0, frame: { parts: [rec.IDENTITY], hooks: [] } }],
    cylspheres: [{ low_pt: [0, 0, 0], radius: 0.4, height: 5 }], spheres: [],
    height: 8, radius: 2, step_up_height: 0, step_down_height: 0,
    sorting_sphere: { center: [0, 0, 4], radius: 4.5 }, selection_sphere: { center: [0, 0, 4], radius: 4.5 },
    lights: [], default_animation: 0, default_script: 0, default_motion_table: 0, default_sound_table: 0, default_script_table: 0,
  };
  const treeEntry = {
    id: IDS.treeSetup, type: 'Setup', kind: 'portal', synthetic: true,
    source: `${S.synthetic}; the tree-like static of LandBlockInfo 0xA9B4FFFE (retail CSetup::UnPack layout); ${S.ids}`,
    values: [
      { path: 'flags', source: 'chosen: 0 (no parents, no default scale, no HasPhysicsBSP: the cylinder collides)' },
      { path: 'parts', source: 'chosen: one part, the stand-in GfxObj 0x0100F301' },
      { path: 'placements', summary: 'placement 0 (Default) with an identity part frame', source: 'chosen: the part at the Setup\'s origin' },
      { path: 'cylspheres', source: S.tree },
      { path: 'spheres', source: S.tree },
      { path: 'height', source: S.tree },
      { path: 'radius', source: S.tree },
      { path: 'step_up_height', source: 'chosen: 0 (a static never steps)' },
      { path: 'step_down_height', source: 'chosen: 0 (a static never steps)' },
      { path: 'default_motion_table', source: 'chosen: none (a static does not move)' },
      { path: 'sorting_sphere', source: 'chosen: a sphere enclosing the tree (drawing data)' },
    ],
  };

  const door = { flags: 0, other_cell: IDS.cottageCell & 0xFFFF, other_portal: 0, stabs: [IDS.cottageCell & 0xFFFF] };
  const infoObj = {
    id: IDS.holtburgInfo, num_cells: 1,
    objects: [{ id: IDS.treeSetup, frame: frameOf(TREE_AT) }],
    buildings: [{ model_id: IDS.cottageShell, frame: frameOf(COTTAGE.origin, COTTAGE.orientation), num_leaves: 0, portals: [door] }],
    pack_mask: 0,
  };
  const infoEntry = {
    id: IDS.holtburgInfo, type: 'LandBlockInfo', kind: 'cell', synthetic: true,
    source: `${S.synthetic}; ${S.holtburg}: one cottage and one tree (retail CLandBlockInfo::UnPack layout)`,
    values: [
      { path: 'num_cells', source: S.numCells },
      { path: 'objects[0].id', source: 'chosen: the tree Setup 0x0200F300' },
      { path: 'objects[0].frame', source: S.treePlace },
      { path: 'buildings[0].model_id', source: 'chosen: the cottage shell GfxObj 0x0100F300 (retail CBuildingObj::makeBuilding → InitPartArrayObject takes a GfxObj or Setup id)' },
      { path: 'buildings[0].frame.origin', source: `${S.plateau}; the building's origin is its floor level` },
      { path: 'buildings[0].frame.orientation', source: S.heading },
      { path: 'buildings[0].num_leaves', source: S.numLeaves },
      { path: 'buildings[0].portals', source: S.bldPortal, value: [{ flags: 0, other_cell_id: hex(IDS.cottageCell), other_portal_id: 0, stabs: [hex(IDS.cottageCell)] }] },
      { path: 'pack_mask', source: S.noRestrictions },
    ],
  };
  return {
    portal: [
      { entry: shellEntry, bytes: rec.gfxobj(shellObj), object: shellObj },
      { entry: partEntry, bytes: rec.gfxobj(partObj), object: partObj },
      { entry: treeEntry, bytes: rec.setup(treeObj), object: treeObj },
      { entry: envEntry, bytes: rec.environment(envObj), object: envObj },
    ],
    cell: [
      { entry: infoEntry, bytes: rec.landblockInfo(infoObj), object: infoObj },
      { entry: cellEntry, bytes: rec.envcell(cellObj), object: cellObj },
    ],
  };
}

// ---- procedural scenery (issue 34) ----

/** The landblocks whose stand-in terrain words get scene type 1 (scenery bits 11-15): every
 *  vertex off the roads with (ix + iy) % 3 == 0 of Holtburg's neighbours (0xA9B4 itself keeps
 *  only its LandBlockInfo tree, which the statics tests count). */
export const SCENERY_BLOCKS = [0xAAB4FFFF, 0xA9B5FFFF, 0xAAB5FFFF];
export const SCENERY_RULE = 'chosen (the real words\' scene bits are not public): scene type 1 at every vertex off the roads with (ix + iy) % 3 == 0 of landblocks 0xAAB4, 0xA9B5 and 0xAAB5, Holtburg\'s neighbours (0xA9B4 keeps only its LandBlockInfo tree); the Region\'s every terrain type maps scene type 1 to one scene type listing the wood Scene 0x1200F300 and the rocks-and-bushes Scene 0x1200F301';

function sceneryRecords() {
  const rockPolys = box('rock', [-0.6, -0.6, 0], [0.6, 0.6, 0.8]);
  const rg = geometry(rockPolys);
  const rockObj = {
    id: IDS.rock, flags: 3, surfaces: [0x08000000], vertices: rg.vertices,
    physics_polygons: rg.records(rockPolys), physics_bsp: buildPhysicsBsp(rockPolys),
    sort_center: [0, 0, 0.4], polygons: rg.records(rockPolys), drawing_bsp: { type: rec.BSP.LEAF, leaf_index: 0 },
  };
  const b = 0.7;
  const bushPolys = [
    poly('bush south', [[-b, -b, 0], [b, -b, 0], [0, 0, 1.2]], [0, -1, 0.6]),
    poly('bush east', [[b, -b, 0], [b, b, 0], [0, 0, 1.2]], [1, 0, 0.6]),
    poly('bush north', [[b, b, 0], [-b, b, 0], [0, 0, 1.2]], [0, 1, 0.6]),
    poly('bush west', [[-b, b, 0], [-b, -b, 0], [0, 0, 1.2]], [-1, 0, 0.6]),
  ];
  const bg = geometry(bushPolys);
  const bushObj = {
    id: IDS.bush, flags: 2, surfaces: [0x08000000], vertices: bg.vertices, physics_polygons: [], physics_bsp: null,
    sort_center: [0, 0, 0.6], polygons: bg.records(bushPolys), drawing_bsp: { type: rec.BSP.LEAF, leaf_index: 0 },
  };
  const od = (obj_id, freq, displace, min_scale, max_scale, min_slope) => ({
    obj_id, base_loc: rec.IDENTITY, freq, displace_x: displace, displace_y: displace, min_scale, max_scale,
    max_rot: 360, min_slope, max_slope: 1, align: 0, orient: 0, weenie_obj: 0,
  });
  const wood = { id: IDS.woodScene, objects: [od(IDS.treeSetup, 0.6, 8, 0.8, 1.2, 0.9)] };
  const rocks = { id: IDS.rockScene, objects: [od(IDS.rock, 0.4, 6, 0.7, 1.3, 0.8), od(IDS.bush, 0.7, 10, 0.6, 1.0, 0)] };
  const entry = (id, type, what, values) => ({ id, type, kind: 'portal', synthetic: true, source: `${S.synthetic}; ${what}; ${S.ids}`, values });
  const objValues = [{ path: 'objects', summary: 'the object descriptions', source: 'chosen: frequency, displacement (metres), scale range, a full turn of heading, slope limits (the terrain normal\'s z) of a plausible wood; no alignment, not weenie objects' }];
  return {
    portal: [
      { entry: entry(IDS.rock, 'GfxObj', 'a scenery rock: a 1.2 x 1.2 x 0.8 m block with a physics BSP (it collides by its polygons)',
        [{ path: 'physics_bsp', summary: 'the block\'s physics BSP', source: S.physicsBsp }, { path: 'polygons', summary: `${rockPolys.length} polygons`, source: S.polygons }]),
      bytes: rec.gfxobj(rockObj), object: rockObj },
      { entry: entry(IDS.bush, 'GfxObj', 'a scenery bush: a 1.4 m square pyramid 1.2 m high for drawing, no physics (runners pass through it)',
        [{ path: 'flags', source: 'chosen: 2 (drawing polygons only)' }, { path: 'polygons', summary: `${bushPolys.length} polygons`, source: S.polygons }]),
      bytes: rec.gfxobj(bushObj), object: bushObj },
      { entry: entry(IDS.woodScene, 'Scene', 'the wood Scene: the tree Setup 0x0200F300 (its cylinder collides)', objValues),
        bytes: rec.scene(wood), object: wood },
      { entry: entry(IDS.rockScene, 'Scene', 'the rocks-and-bushes Scene: the rock 0x0100F310 (physics BSP) and the bush 0x0100F311 (no physics)', objValues),
        bytes: rec.scene(rocks), object: rocks },
    ],
    sceneTypes: [{ stb_index: 0xFFFFFFFF, scenes: [IDS.woodScene, IDS.rockScene] }],
    terrainTypes: Array.from({ length: 32 }, (_, i) => ({ name: `Terrain${i}`, color: 0, scene_types: [0xFFFFFFFF, 0] })),
  };
}

function dungeonRecords() {
  const layout = dungeonLayout();
  const structs = layout.map((c, k) => cellStruct(k, c.struct));
  const envObj = { id: IDS.dungeonEnv, cell_structs: structs.map(stripNames) };
  const envEntry = {
    id: IDS.dungeonEnv, type: 'Environment', kind: 'portal', synthetic: true,
    source: `${S.synthetic}; the CellStructs of the dungeon cells 0x3A11012A..0x3A11012E around the recorded arrow (retail CEnvironment::UnPack, CCellStruct::UnPack layout); ${S.corridor}; ${S.ids}`,
    values: structs.flatMap((cs, k) => [
      { path: `cell_structs[${k}].id`, source: `derived: CellStruct ${k}, ${layout[k].name}, named by EnvCell ${hex(IDS.dungeonCells[k])}` },
      ...cellStructValues(k, cs),
    ]),
    geometry: {
      frame: 'each CellStruct\'s own axes (metres, +z up); the EnvCell\'s position places it',
      cells: layout.map((c, k) => ({
        cell_struct: k, name: c.name,
        floors: c.struct.polys.map((p, i) => ({ name: p.name, polygon: i, plane: p.plane }))
          .filter((p) => /floor/.test(p.name) && !c.struct.portals.includes(p.polygon)),
        walls: c.struct.polys.map((p, i) => ({ name: p.name, polygon: i, plane: p.plane }))
          .filter((p) => /wall/.test(p.name)),
        portals: c.struct.portals.map((i) => ({ name: c.struct.polys[i].name, polygon: i, plane: c.struct.polys[i].plane })),
      })),
      corridor: { ...CORRIDOR, source: S.corridor },
      ramp: { cell_struct: 3, drop: 1.5, length: 10, source: 'chosen: the floor falls 1.5 m over the last cell\'s 10 m (normal z 0.989, walkable)' },
      pit: { cell_struct: 4, depth: PIT_DEPTH, x: [84, 88], y: [114.5, 117.5], source: 'chosen: a 4 x 3 m pit, 3 m deep, under a portal in the floor of the cell over it' },
    },
  };
  const cells = layout.map((c, k) => {
    const id = IDS.dungeonCells[k];
    const portals = c.struct.portals.map((poly, p) => {
      const [other, otherPortal] = c.links[p];
      return { flags: 2, polygon: poly, other_cell: IDS.dungeonCells[other] & 0xFFFF, other_portal: otherPortal };
    });
    const obj = {
      id, flags: 0, surfaces: [0], environment: IDS.dungeonEnv & 0xFFFF, cell_struct: k,
      position: frameOf(c.origin), portals,
      visible_cells: IDS.dungeonCells.filter((o) => o !== id).map((o) => o & 0xFFFF), stabs: [],
    };
    const entry = {
      id, type: 'EnvCell', kind: 'cell', synthetic: true,
      source: `${S.synthetic}; ${c.name}: a cell of the dungeon on landblock 0x3A11${id === 0x3A11012B ? ` that holds the recorded arrow (${S.arrow})` : ''} (retail CEnvCell::UnPack layout); ${S.cellIds}`,
      values: [
        { path: 'flags', source: S.seenOutside },
        { path: 'surfaces', source: S.surface, value: ['0x08000000'] },
        { path: 'environment_id', source: `${S.env}; ${S.ids}`, value: hex(IDS.dungeonEnv) },
        { path: 'cell_struct', source: S.env },
        { path: 'position', source: S.corridor },
        { path: 'portals', source: S.portalRule, value: portals.map((p) => ({ flags: p.flags, polygon: p.polygon, other_cell_id: hex(0x3A110000 | p.other_cell), other_portal_id: p.other_portal })) },
        { path: 'visible_cells', source: S.visible, value: obj.visible_cells.map((v) => hex(0x3A110000 | v)) },
      ],
    };
    return { entry, bytes: rec.envcell(obj), object: obj };
  });
  return { portal: [{ entry: envEntry, bytes: rec.environment(envObj), object: envObj }], cell: cells };
}

/** The stand-in records: { portal, cell } lists of { entry, bytes, object } for
 *  scripts/gen-excerpts.mjs, and the landblocks that now have a LandBlockInfo. */
export function buildingRecords() {
  const c = cottageRecords(), d = dungeonRecords(), sc = sceneryRecords();
  return {
    portal: [...c.portal, ...d.portal, ...sc.portal], cell: [...c.cell, ...d.cell],
    scenery: { sceneTypes: sc.sceneTypes, terrainTypes: sc.terrainTypes },
    withInfo: new Set([IDS.holtburgInfo]),
    notShipped: S.noDungeonInfo,
  };
}
