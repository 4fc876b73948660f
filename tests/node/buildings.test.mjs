// The building, scenery and dungeon stand-ins (scripts/gen-buildings.mjs, issue 15) read back
// through the parsers (.wasm and `acphys dump`): their dependency closure by `acphys excerpt`,
// every BSP consistent with retail's traversals, the dungeon's portals mutual and coincident,
// and the stair, floors, walls and portals what the manifest's `geometry` states.
// Every check recomputes from the parsed records (planes by retail's CPolygon::make_plane rule
// from the float32 vertices), never from the generator's own objects.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { DAT_TYPE, DatSet } from '../../wasm/acphys.mjs';
import { acphys, nativeCli, root, runNative } from './helpers.mjs';

const read = (rel) => readFileSync(join(root, rel));
const manifest = JSON.parse(read('data/excerpts.manifest.json'));
const entry = (id) => manifest.records.find((r) => Number(r.id) === id);
const hex = (n) => `0x${(n >>> 0).toString(16).toUpperCase().padStart(8, '0')}`;
const f = Math.fround;
const EPS = 0.00019999999;                      // retail's plane epsilon (BSPNODE traversals)
const FLOOR_Z = 0.66417414;                     // retail floor_z (src/physics/object/physobj.h)

const COTTAGE_SHELL = 0x0100F300, TREE_PART = 0x0100F301, TREE = 0x0200F300;
const COTTAGE_ENV = 0x0D00F000, DUNGEON_ENV = 0x0D00F001;
const HOLTBURG_INFO = 0xA9B4FFFE, COTTAGE_CELL = 0xA9B40100;
const DUNGEON = [0x3A11012A, 0x3A11012B, 0x3A11012C, 0x3A11012D, 0x3A11012E];
const ARROW_CELL = 0x3A11012B;

let acp, set, dir;
before(async () => {
  acp = await acphys();
  set = new DatSet(acp);
  set.addBytes(read('data/portal-default.dat'));
  set.addBytes(read('data/cell-default.dat'));
  dir = mkdtempSync(join(tmpdir(), 'acphys-buildings-'));
});
after(() => { set.free(); rmSync(dir, { recursive: true, force: true }); });

/** Every number a record's JSON prints (floats as %.9g) back to the float32 it was stored as. */
const float32s = (v) => (Array.isArray(v) ? v.map(float32s)
  : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, float32s(x)]))
    : typeof v === 'number' ? f(v) : v);
const json = (type, id) => {
  const j = set.json(DAT_TYPE[type], id);
  assert.ok(j, `${type} ${hex(id)} parses`);
  return float32s(j);
};

// ---- geometry from the parsed records ----

/** Retail CPolygon::make_plane over float32 vertices: fan cross sum, normalised; d = -mean(n.v). */
function makePlane(pts) {
  let n = [0, 0, 0];
  for (let i = 1; i + 1 < pts.length; i++) {
    const a = pts[i].map((x, k) => x - pts[0][k]), b = pts[i + 1].map((x, k) => x - pts[0][k]);
    n = [n[0] + a[1] * b[2] - a[2] * b[1], n[1] + a[2] * b[0] - a[0] * b[2], n[2] + a[0] * b[1] - a[1] * b[0]];
  }
  const len = Math.hypot(...n);
  n = n.map((x) => f(x / len));
  const d = -pts.reduce((s, p) => s + n[0] * p[0] + n[1] * p[1] + n[2] * p[2], 0) / pts.length;
  return [...n, f(d)];
}
const dist = (pl, p) => pl[0] * p[0] + pl[1] * p[1] + pl[2] * p[2] + pl[3];
const pointsOf = (vertices, poly) => poly.vertex_ids.map((i) => vertices[i].origin);

/** Rotate v by quaternion (w, x, y, z) and add origin: a frame's local-to-global. */
function toGlobal(frame, v) {
  const [w, x, y, z] = frame.orientation;
  const t = [2 * (y * v[2] - z * v[1]), 2 * (z * v[0] - x * v[2]), 2 * (x * v[1] - y * v[0])];
  const r = [v[0] + w * t[0] + (y * t[2] - z * t[1]), v[1] + w * t[1] + (z * t[0] - x * t[2]), v[2] + w * t[2] + (x * t[1] - y * t[0])];
  return r.map((c, k) => c + frame.origin[k]);
}

/** Check a physics tree: both children at every splitting node, every polygon of a leaf not
 *  wholly on the far side of any plane on its path, every node's and leaf's sphere holding the
 *  polygons below it, every polygon in some leaf; returns { nodes, leaves }. */
function checkPhysicsTree(root, polys, vertices, what) {
  const held = new Set();
  let nodes = 0, leaves = 0;
  const within = (sphere, p) => Math.hypot(p[0] - sphere.center[0], p[1] - sphere.center[1], p[2] - sphere.center[2]) <= sphere.radius;
  const walk = (n, path) => {
    assert.ok(n, `${what}: every splitting node has both children`);
    const below = [];
    if (n.type === 'LEAF') {
      leaves++;
      for (const i of n.polys) {
        held.add(i);
        below.push(i);
        const pts = pointsOf(vertices, polys[i]);
        for (const { plane, side } of path) {
          const ds = pts.map((p) => dist(plane, p));
          if (side === 'pos') assert.ok(Math.max(...ds) >= -EPS, `${what}: polygon ${i} is not wholly behind a plane it was sent in front of`);
          else assert.ok(Math.min(...ds) <= EPS, `${what}: polygon ${i} is not wholly in front of a plane it was sent behind`);
        }
      }
      // solid: only a leaf whose region is behind every polygon it holds.
      const behindAll = n.polys.length > 0 && n.polys.every((i) => {
        const own = makePlane(pointsOf(vertices, polys[i]));
        return path.some(({ plane, side }) => Math.abs(Math.abs(plane[0] * own[0] + plane[1] * own[1] + plane[2] * own[2]) - 1) < 1e-5
          && Math.abs(Math.abs(plane[3]) - Math.abs(own[3])) < 1e-4
          && (side === 'pos') !== (plane[0] * own[0] + plane[1] * own[1] + plane[2] * own[2] > 0));
      });
      assert.equal(n.solid, behindAll ? 1 : 0, `${what}: leaf ${n.leaf_index} solid`);
    } else {
      nodes++;
      assert.equal(n.type, 'BPnN', `${what}: physics splitting nodes keep both children and no in-plane polygons`);
      const len = Math.hypot(n.plane[0], n.plane[1], n.plane[2]);
      assert.ok(Math.abs(len - 1) < 1e-6, `${what}: unit plane normal`);
      // The splitting plane is one of the polygons' planes (within float32 rounding).
      assert.ok(polys.some((p) => makePlane(pointsOf(vertices, p)).every((x, k) => Math.abs(x - n.plane[k]) < 1e-6)),
        `${what}: splitting plane ${n.plane} is a polygon's plane`);
      below.push(...walk(n.pos, [...path, { plane: n.plane, side: 'pos' }]));
      below.push(...walk(n.neg, [...path, { plane: n.plane, side: 'neg' }]));
    }
    for (const i of below) for (const p of pointsOf(vertices, polys[i])) assert.ok(within(n.sphere, p), `${what}: the sphere of a ${n.type} holds polygon ${i}`);
    return below;
  };
  walk(root, []);
  assert.deepEqual([...held].sort((a, b) => a - b), polys.map((_, i) => i), `${what}: every polygon is in a leaf`);
  return { nodes, leaves };
}

/** Retail BSPNODE::point_inside_cell_bsp: walk the positive children; behind a plane (beyond
 *  eps) is outside. A LEAF's plane is never set in retail, so the walk must not reach one. */
function pointInsideCellBsp(node, p) {
  for (let n = node; n; n = n.pos) {
    assert.notEqual(n.type, 'LEAF', 'the positive chain of a cell tree ends in a node, not a leaf');
    if (dist(n.plane, p) < -EPS) return false;
  }
  return true;
}

/** Whether a sphere touches a convex polygon: the nearest point of the polygon within the radius. */
function polygonTouches(pts, c, r) {
  const pl = makePlane(pts);
  const d = dist(pl, c);
  if (Math.abs(d) >= r) return false;
  const q = c.map((x, k) => x - pl[k] * d);
  const inside = pts.every((a, i) => {
    const b = pts[(i + 1) % pts.length];
    const e = b.map((x, k) => x - a[k]), w = q.map((x, k) => x - a[k]);
    const cr = [e[1] * w[2] - e[2] * w[1], e[2] * w[0] - e[0] * w[2], e[0] * w[1] - e[1] * w[0]];
    return cr[0] * pl[0] + cr[1] * pl[1] + cr[2] * pl[2] >= 0;
  });
  if (inside) return true;
  return pts.some((a, i) => {
    const b = pts[(i + 1) % pts.length];
    const e = b.map((x, k) => x - a[k]);
    const t = Math.max(0, Math.min(1, e.reduce((s, x, k) => s + x * (c[k] - a[k]), 0) / e.reduce((s, x) => s + x * x, 0)));
    return Math.hypot(...c.map((x, k) => x - (a[k] + t * e[k]))) < r;
  });
}

/** Retail BSPNODE/BSPLEAF::sphere_intersects_solid (0x0053CAF0 and the leaf's): a node's sphere
 *  must meet the sphere; the sphere goes in front when its centre is at least radius - eps in
 *  front, behind when that far behind, else to both, the centre's side keeping center_check; a
 *  leaf with polygons answers 1 for a centre in a solid leaf, else when a polygon touches. */
function sphereIntersectsSolid(n, polys, vertices, c, r, centerCheck = true) {
  const meets = Math.hypot(...c.map((x, k) => x - n.sphere.center[k])) <= r + n.sphere.radius;
  if (n.type === 'LEAF') {
    if (!n.polys.length) return false;
    if (centerCheck && n.solid) return true;
    return meets && n.polys.some((i) => polygonTouches(pointsOf(vertices, polys[i]), c, r));
  }
  if (!meets) return false;
  const d = dist(n.plane, c), rr = r - EPS;
  const go = (child, cc) => sphereIntersectsSolid(child, polys, vertices, c, r, cc);
  if (d >= rr) return go(n.pos, centerCheck);
  if (d <= -rr) return go(n.neg, centerCheck);
  return d < 0 ? go(n.pos, false) || go(n.neg, centerCheck) : go(n.pos, centerCheck) || go(n.neg, false);
}

/** Every planar polygon's stored plane by retail's rule, and every vertex on it. */
function checkPlanar(cs, polys, what) {
  for (const [i, p] of polys.entries()) {
    const pts = pointsOf(cs.vertices, p);
    const pl = makePlane(pts);
    for (const v of pts) assert.ok(Math.abs(dist(pl, v)) < 1e-5, `${what}: polygon ${i} is planar`);
  }
}

describe('building, scenery and dungeon stand-ins', () => {
  it('every new record parses, and `acphys dump` prints it as the .wasm does', () => {
    const ids = [[COTTAGE_SHELL, 'GfxObj', 'portal'], [TREE_PART, 'GfxObj', 'portal'], [TREE, 'Setup', 'portal'],
      [COTTAGE_ENV, 'Environment', 'portal'], [DUNGEON_ENV, 'Environment', 'portal'],
      [HOLTBURG_INFO, 'LandBlockInfo', 'cell'], [COTTAGE_CELL, 'EnvCell', 'cell'], ...DUNGEON.map((id) => [id, 'EnvCell', 'cell'])];
    for (const [id, type, kind] of ids) {
      const j = json(type, id);
      assert.equal(j.type, type);
      const e = entry(id);
      assert.ok(e && e.synthetic && e.kind === kind, `${hex(id)} is listed in the manifest as a synthetic ${kind} record`);
      const native = runNative(['dump', join(root, `data/${kind}-default.dat`), hex(id)]).trim();
      const p = acp.exports.acp_abi_dat_json(set.handle, DAT_TYPE[type], id);
      const wasm = acp.string(p);
      acp.free(p);
      assert.equal(native, wasm, hex(id));
    }
  });

  it('Holtburg 0xA9B4: the LandBlock says it has objects, its LandBlockInfo places the cottage and the tree', () => {
    assert.equal(set.landblock(0xA9B4FFFF).hasObjects, 1);
    const info = json('LandBlockInfo', HOLTBURG_INFO);
    assert.equal(info.num_cells, 1);
    assert.deepEqual(info.objects.map((o) => Number(o.id)), [TREE]);
    assert.equal(info.buildings.length, 1);
    const b = info.buildings[0];
    assert.equal(Number(b.model_id), COTTAGE_SHELL);
    assert.deepEqual(b.portals.map((p) => [Number(p.other_cell_id), p.other_portal_id, p.stabs.map(Number)]), [[COTTAGE_CELL, 0, [COTTAGE_CELL]]]);
    // The building's portal leads to the EnvCell's portal 0, which is the doorway and leads outside.
    const cell = json('EnvCell', COTTAGE_CELL);
    assert.deepEqual(cell.position, b.frame, 'the interior cell shares the building\'s frame');
    const door = cell.portals[b.portals[0].other_portal_id];
    assert.equal(door.other_cell_id, '0xFFFFFFFF', 'the doorway leads outside (flag bit 2)');
    assert.equal(door.flags & 4, 4);
    // The building and the tree stand on the flat ground of the real terrain (94 m there).
    const lb = set.json(DAT_TYPE.LandBlock, 0xA9B4FFFF);
    const zAt = (x, y) => lb.z[Math.floor(x / 24) * 9 + Math.floor(y / 24)];
    for (const o of [b.frame.origin, info.objects[0].frame.origin]) {
      const [x, y, z] = o;
      for (const [dx, dy] of [[0, 0], [1, 0], [0, 1], [1, 1]]) assert.equal(lb.z[(Math.floor(x / 24) + dx) * 9 + Math.floor(y / 24) + dy], z, `flat at ${o}`);
      assert.equal(zAt(x, y), z);
    }
    const tree = json('Setup', TREE);
    assert.deepEqual(tree.cylspheres.map((c) => [c.radius, c.height]), [[f(0.4), 5]]);
    assert.equal(tree.spheres.length, 0);
    assert.deepEqual(tree.parts.map(Number), [TREE_PART]);
  });

  it('excerpt closure: LandBlockInfo → its EnvCell; those → the GfxObjs, Setups and Environments they name', () => {
    const cellOut = join(dir, 'holtburg-cell.dat');
    const cellRun = spawnSync(nativeCli, ['excerpt', join(root, 'data/cell-default.dat'), hex(HOLTBURG_INFO), '-o', cellOut],
      { encoding: 'utf8' });
    assert.equal(cellRun.status, 0, cellRun.stderr);
    // The records the cell DAT's records name in the portal DAT are noted, to excerpt from there.
    assert.deepEqual(cellRun.stderr.split('\n').filter(Boolean).sort(), [TREE, COTTAGE_SHELL, COTTAGE_ENV].map((id) =>
      `acphys: note: ${hex(id)} is named by a copied record and lives in the portal DAT: excerpt it from there`).sort());
    const c = new DatSet(acp);
    let portalIds;
    try {
      c.addBytes(readFileSync(cellOut));
      assert.deepEqual(c.records().map((r) => r.id).sort((a, b) => a - b), [COTTAGE_CELL, HOLTBURG_INFO]);
      const info = c.json(DAT_TYPE.LandBlockInfo, HOLTBURG_INFO);
      const envcell = c.json(DAT_TYPE.EnvCell, COTTAGE_CELL);
      portalIds = [...info.objects.map((o) => o.id), ...info.buildings.map((b) => b.model_id), envcell.environment_id].map(Number);
    } finally { c.free(); }
    assert.deepEqual(portalIds, [TREE, COTTAGE_SHELL, COTTAGE_ENV]);
    const portalOut = join(dir, 'holtburg-portal.dat');
    const out = runNative(['excerpt', join(root, 'data/portal-default.dat'), ...portalIds.map(hex), '-o', portalOut]);
    assert.match(out, /: 4 records \(3 named, 1 they need\)/);
    const p = new DatSet(acp);
    try {
      p.addBytes(readFileSync(portalOut));
      assert.deepEqual(p.records().map((r) => r.id).sort((a, b) => a - b), [TREE_PART, COTTAGE_SHELL, TREE, COTTAGE_ENV].sort((a, b) => a - b));
    } finally { p.free(); }
    // From the arrow's cell, the portals bring the whole dungeon.
    const dungeonOut = join(dir, 'dungeon.dat');
    runNative(['excerpt', join(root, 'data/cell-default.dat'), hex(ARROW_CELL), '-o', dungeonOut]);
    const d = new DatSet(acp);
    try {
      d.addBytes(readFileSync(dungeonOut));
      assert.deepEqual(d.records().map((r) => r.id).sort((a, b) => a - b), DUNGEON);
      assert.deepEqual([...new Set(DUNGEON.map((id) => Number(d.json(DAT_TYPE.EnvCell, id).environment_id)))], [DUNGEON_ENV]);
    } finally { d.free(); }
  });

  it('every physics BSP is consistent and every cell BSP is a chain of the cell\'s inward planes', () => {
    const shell = json('GfxObj', COTTAGE_SHELL);
    assert.equal(shell.flags & 1, 1, 'the shell has physics polygons and a physics BSP');
    const s = checkPhysicsTree(shell.physics_bsp, shell.physics_polygons, shell.vertices, 'shell');
    assert.ok(s.nodes > 1 && s.leaves > s.nodes, `shell tree ${JSON.stringify(s)}`);
    for (const envId of [COTTAGE_ENV, DUNGEON_ENV]) {
      for (const [k, cs] of json('Environment', envId).cell_structs.entries()) {
        const what = `${hex(envId)} struct ${k}`;
        checkPlanar(cs, cs.polygons, what);
        checkPhysicsTree(cs.physics_bsp, cs.physics_polygons, cs.vertices, what);
        // Cell tree: BPnN links with an outside leaf behind, ending in BpnN; every vertex of the
        // cell is inside (within eps); a point a centimetre past any bounding plane is outside.
        let n = cs.cell_bsp, depth = 0;
        const planes = [];
        while (n) {
          assert.equal(n.type, n.pos ? 'BPnN' : 'BpnN', `${what}: cell tree node ${depth}`);
          assert.equal(n.neg.type, 'LEAF');
          planes.push(n.plane);
          n = n.pos;
          depth++;
        }
        for (const v of cs.vertices) assert.ok(pointInsideCellBsp(cs.cell_bsp, v.origin), `${what}: vertex ${v.id} is in the cell`);
        const centre = [0, 1, 2].map((c) => cs.vertices.reduce((s, v) => s + v.origin[c], 0) / cs.vertices.length);
        assert.ok(pointInsideCellBsp(cs.cell_bsp, centre), `${what}: the centre is in the cell`);
        for (const pl of planes) {
          const onPlane = centre.map((c, i) => c - pl[i] * dist(pl, centre));
          assert.ok(!pointInsideCellBsp(cs.cell_bsp, onPlane.map((c, i) => c - pl[i] * 0.01)), `${what}: 1 cm behind ${pl} is outside`);
        }
        // Every portal polygon lies on a bounding plane (it is a face of the cell).
        for (const pi of cs.portals) {
          const pl = makePlane(pointsOf(cs.vertices, cs.polygons[pi]));
          assert.ok(planes.some((q) => q.every((x, i) => Math.abs(x - pl[i]) < 1e-5)), `${what}: portal ${pi} is on a bounding plane`);
        }
      }
    }
  });

  it('retail\'s sphere_intersects_solid over the trees: the doorway is open, the rooms free, the walls solid', () => {
    const cs = json('Environment', COTTAGE_ENV).cell_structs[0];
    const sh = json('GfxObj', COTTAGE_SHELL);
    const g = entry(COTTAGE_SHELL).geometry;
    const r = 0.48;                              // the humanoid's spheres (Setup 0x02000001)
    const cell = (c) => sphereIntersectsSolid(cs.physics_bsp, cs.physics_polygons, cs.vertices, c, r);
    const shell = (c) => sphereIntersectsSolid(sh.physics_bsp, sh.physics_polygons, sh.vertices, c, r);
    // Walking in through the doorway's middle at the lower sphere's height: free in the shell
    // and, once the interior cell is in the cell list, in the cell, on both sides of the door.
    for (const y of [-3.6, -3.0, -2.8, -2.7, -2.6, -2.0]) {
      assert.equal(cell([0, y, 0.5]), false, `cell: free at y = ${y} in the doorway`);
      assert.equal(shell([0, y, 0.5]), false, `shell: free at y = ${y} in the doorway`);
    }
    assert.equal(cell([-2, -1, 1]), false, 'the middle of the room is free');
    assert.equal(cell([0, 2.5, 1.2]), true, 'a sphere across the back wall hits it');
    assert.equal(cell([0, 0, 0.3]), true, 'a sphere sunk in the floor hits it');
    assert.equal(cell([0, 1.3, 0.5]), true, 'a sphere pressed into the first riser hits it');
    // Beside the doorway, across the wall: the shell's slab and the cell's wall both hit.
    assert.equal(shell([-2, -2.85, 1]), true, 'the front wall west of the door');
    assert.equal(shell([g.doorway.x[0] + 0.3, -2.85, 1]), true, 'a sphere 0.3 m from the west jamb touches it');
    assert.equal(cell([-2, -2.4, 1]), true, 'the cell\'s front wall from inside');
    for (const [k, s] of json('Environment', DUNGEON_ENV).cell_structs.entries()) {
      const centre = [0, 1, 2].map((c) => s.vertices.reduce((sum, v) => sum + v.origin[c], 0) / s.vertices.length);
      assert.equal(sphereIntersectsSolid(s.physics_bsp, s.physics_polygons, s.vertices, centre, 0.1), false, `dungeon struct ${k}: its middle is free`);
    }
  });

  it('the dungeon holds the recorded arrow, and its portals are mutual and coincide', () => {
    const states = JSON.parse(read('data/excerpt-sources/retail-states.json')).states;
    const arrow = states.find((s) => s.name === 'arrow-in-a-dungeon');
    assert.equal(Number(arrow.position.cell), ARROW_CELL);
    const env = json('Environment', DUNGEON_ENV);
    const cells = new Map(DUNGEON.map((id) => [id, json('EnvCell', id)]));
    const structOf = (c) => env.cell_structs[c.cell_struct];
    // The arrow's origin is inside its cell (cell frames are unrotated: local = global - origin).
    const home = cells.get(ARROW_CELL);
    assert.deepEqual(home.position.orientation, [1, 0, 0, 0]);
    const local = arrow.position.origin.map((c, i) => f(c) - home.position.origin[i]);
    assert.ok(pointInsideCellBsp(structOf(home).cell_bsp, local), 'the arrow is inside 0x3A11012B');
    for (const [id, c] of cells) {
      if (id !== ARROW_CELL) assert.ok(!pointInsideCellBsp(structOf(c).cell_bsp, arrow.position.origin.map((v, i) => f(v) - c.position.origin[i])), `the arrow is not in ${hex(id)}`);
    }
    let links = 0;
    for (const [id, c] of cells) {
      assert.equal(c.portals.length, structOf(c).portals.length, `${hex(id)}: a portal per portal polygon`);
      for (const [i, p] of c.portals.entries()) {
        assert.equal(p.polygon, structOf(c).portals[i], `${hex(id)} portal ${i} is the struct's portal polygon`);
        const other = cells.get(Number(p.other_cell_id));
        assert.ok(other, `${hex(id)} portal ${i} leads into the dungeon`);
        const back = other.portals[p.other_portal_id];
        assert.equal(Number(back.other_cell_id), id, `${hex(id)} → ${p.other_cell_id} → back`);
        assert.equal(back.other_portal_id, i);
        // The two portal polygons are the same square in the landblock, facing opposite ways.
        const world = (cell, pi) => pointsOf(structOf(cell).vertices, structOf(cell).polygons[pi]).map((v) => v.map((x, k) => x + cell.position.origin[k]));
        const a = world(c, p.polygon), b = world(other, back.polygon);
        const key = (pts) => pts.map((v) => v.map((x) => x.toFixed(4)).join(',')).sort();
        assert.deepEqual(key(a), key(b), `${hex(id)} portal ${i} coincides with its other side`);
        const na = makePlane(a), nb = makePlane(b);
        assert.ok(na.slice(0, 3).every((x, k) => Math.abs(x + nb[k]) < 1e-6), 'the two sides face each other');
        // Flags: bit 1 (portal_side 0) because each portal faces into its own cell.
        assert.equal(p.flags, 2);
        links++;
      }
    }
    assert.equal(links, 8, 'four joins, each seen from both sides');
  });

  it('the stair steps, floors, walls and portals are what the manifest states', () => {
    const plane = (cs, i, list = cs.polygons) => makePlane(pointsOf(cs.vertices, list[i]));
    const same = (a, b) => a.every((x, k) => Math.abs(x - b[k]) < 1e-6);
    const e = entry(COTTAGE_ENV);
    const g = e.geometry;
    const cs = json('Environment', COTTAGE_ENV).cell_structs[0];
    for (const k of ['floors', 'walls', 'portals', 'ceiling', 'stair_treads', 'stair_risers', 'above_step_up_height']) {
      for (const item of g[k]) assert.ok(same(plane(cs, item.polygon), item.plane), `cottage ${k} ${item.name}: ${item.plane}`);
    }
    // Floors and treads face up (walkable: normal z over floor_z); walls are vertical.
    for (const item of [...g.floors, ...g.stair_treads, ...g.above_step_up_height]) assert.ok(plane(cs, item.polygon)[2] > FLOOR_Z);
    assert.equal(g.floor_z, FLOOR_Z);
    for (const item of [...g.walls, ...g.stair_risers]) assert.equal(plane(cs, item.polygon)[2], 0);
    // Step heights: the treads' heights above the floor, each riser's height, as stated.
    const top = (i) => -plane(cs, i)[3];
    const floor = top(g.floors[0].polygon);
    assert.equal(floor, 0);
    const tops = g.stair_treads.map((t) => top(t.polygon));
    assert.deepEqual(tops, g.steps.map((s) => f(s.top_z)));
    assert.deepEqual(tops.map((t, k) => f(t - (k ? tops[k - 1] : floor))), g.steps.map((s) => f(s.rise)));
    for (const [k, r] of g.stair_risers.entries()) {
      const zs = pointsOf(cs.vertices, cs.polygons[r.polygon]).map((v) => v[2]);
      assert.equal(f(Math.max(...zs) - Math.min(...zs)), f(g.steps[k].rise), `riser ${k} height`);
    }
    // Each step within the humanoid Setup's step_up_height, the hearth above it (retail's BSP
    // step-up still climbs it when the foot sphere reaches its top, up to 1.5 x step_up_height:
    // tests/c/test_bsp_sweep.c humanoid_hearth_needs_the_top_within_reach).
    const human = json('Setup', 0x02000001);
    for (const s of g.steps) assert.ok(s.rise <= human.step_up_height, `a ${s.rise} m step is within step_up_height`);
    assert.ok(top(g.above_step_up_height[0].polygon) > human.step_up_height, 'the hearth is higher than step_up_height');
    assert.equal(f(top(g.above_step_up_height[0].polygon)), f(g.hearth_top_z));
    // The physics list holds every polygon but the doorway (the gap).
    assert.equal(cs.physics_polygons.length, cs.polygons.length - cs.portals.length);
    // The shell: outer walls and doorway as stated, the doorway facing the building's -y.
    const sh = json('GfxObj', COTTAGE_SHELL);
    const sg = entry(COTTAGE_SHELL).geometry;
    const shellPlane = (i) => makePlane(pointsOf(sh.vertices, sh.physics_polygons[i]));
    for (const k of ['outer_walls', 'doorway_jambs', 'lintel']) for (const item of sg[k]) assert.ok(same(shellPlane(item.polygon), item.plane), `shell ${item.name}`);
    const wallAt = sg.outer_walls.map((w) => [w.name, -shellPlane(w.polygon)[3]]);
    assert.deepEqual(wallAt.map(([, d]) => d), [sg.outer.y[1], -sg.outer.x[0], sg.outer.x[1], -sg.outer.y[0], -sg.outer.y[0]].map(f));
    assert.deepEqual(sg.doorway_jambs.map((j) => f(-shellPlane(j.polygon)[3] * shellPlane(j.polygon)[0])), sg.doorway.x.map(f));
    assert.equal(f(-shellPlane(sg.lintel[0].polygon)[3] * -1), f(sg.doorway.z[1]));
    // The doorway is as wide as the cell's portal polygon and faces the building's -y side,
    // which the building's frame turns to face the recorded running player (world heading).
    const doorway = cs.polygons[g.portals[0].polygon];
    const xs = pointsOf(cs.vertices, doorway).map((v) => v[0]);
    assert.deepEqual([Math.min(...xs), Math.max(...xs)], sg.doorway.x.map(f));
    const info = json('LandBlockInfo', HOLTBURG_INFO);
    const frame = info.buildings[0].frame;
    const player = JSON.parse(read('data/excerpt-sources/retail-states.json')).states.find((s) => s.name === 'running-turning-player');
    const heading = toGlobal({ origin: [0, 0, 0], orientation: player.position.orientation }, [0, 1, 0]);
    const outward = toGlobal({ origin: [0, 0, 0], orientation: frame.orientation }, sg.doorway.facing);
    assert.ok(heading.every((c, k) => Math.abs(c + outward[k]) < 1e-5), `the doorway faces (${outward}) against the recorded heading (${heading})`);
    // The dungeon: floors walkable (the ramp too, not flat), walls vertical, ramp and pit as stated.
    const dg = entry(DUNGEON_ENV).geometry;
    const denv = json('Environment', DUNGEON_ENV);
    for (const c of dg.cells) {
      const s = denv.cell_structs[c.cell_struct];
      for (const k of ['floors', 'walls', 'portals']) for (const item of c[k]) assert.ok(same(plane(s, item.polygon), item.plane), `${c.name} ${item.name}`);
      for (const fl of c.floors) assert.ok(plane(s, fl.polygon)[2] > FLOOR_Z, `${c.name} ${fl.name} walkable`);
      for (const w of c.walls) assert.ok(Math.abs(plane(s, w.polygon)[2]) < 1e-6, `${c.name} ${w.name} vertical`);
    }
    const ramp = denv.cell_structs[dg.ramp.cell_struct];
    const rampFloor = plane(ramp, dg.cells[dg.ramp.cell_struct].floors[0].polygon);
    assert.ok(Math.abs(rampFloor[2] - dg.ramp.length / Math.hypot(dg.ramp.length, dg.ramp.drop)) < 1e-6, 'the ramp\'s slope');
    const pit = denv.cell_structs[dg.pit.cell_struct];
    const pz = pit.vertices.map((v) => v.origin[2]);
    assert.equal(Math.max(...pz) - Math.min(...pz), dg.pit.depth);
    const pitCell = json('EnvCell', DUNGEON[dg.pit.cell_struct]);
    const px = pit.vertices.map((v) => v.origin[0] + pitCell.position.origin[0]);
    assert.deepEqual([Math.min(...px), Math.max(...px)], dg.pit.x);
  });
});
