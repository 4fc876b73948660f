// What the 3-D view (web/src/view3d.ts) draws besides the terrain, the structures and the
// objects' part boxes and spheres:
// - the landblock statics' and the scenery's collision shapes (acp_abi_draw_block_static_
//   cylspheres / _spheres: each static's cylinders and spheres as unit shapes), built once per
//   session, shown with the objects' spheres when "collision shapes" is on;
// - the parts of objects whose records are real (not the synthetic stand-ins: the page says
//   which, by content) drawn from their GfxObjs' drawing polygons (acp_abi_draw_part_triangles),
//   refilled once per run frame; the stand-ins keep their simple boxes;
// - the quantum inspector's sweep of the shown quantum: each step's swept spheres (red where the
//   insert collided, amber where it took a branch), the terrain polygon it kept and the contact
//   plane's and the collision's normals, and the outlines of the cells it listed (an indoor
//   one by its CellStruct polygons' edges).
// Scene coordinates: the landblock frame of the session's origin cell (+X east, +Y north, +Z up).
import type * as Three from 'three';

import type { Extra3D } from './extras3d';
import type { InspectRecord } from './inspector';
import type { PreviewBlock } from './preview';
import type { Session } from './run';

const MAT4_FLOATS = 16;

/** What the page tells the 3-D view: whether object i's records are the stand-ins (boxes, not
 *  its GfxObjs' polygons), the inspector's record and shown quantum, whether collision shapes
 *  are shown. */
export interface View3DOptions {
  standIn: (s: Session, i: number) => boolean;
  inspected: () => { record: InspectRecord | null; quantum: number };
  collision: () => boolean;
  /** The loaded landblocks' terrain words by landblock id (the map's: a new map when they change). */
  terrainWords?: () => ReadonlyMap<number, Uint16Array>;
  /** What the page's panels add (main.ts: the replay's and the compared trace's extras). */
  panels?: () => Extra3D[];
  /** The Go to place the camera looks at instead of the selected object (world m) and its cell, or null. */
  place?: () => [number, number, number, number] | null;
  /** The Go to place's landblock read from a user's DAT, not in the run (web/src/preview.ts): drawn with the ground. */
  preview?: () => PreviewBlock | null;
}

export interface Extras {
  scenery: Three.InstancedMesh[];
  /** The statics' physics polygons (rocks' physics BSPs: acp_abi_draw_block_static_physics_triangles). */
  rocks: Three.Mesh;
  polygons: Three.Mesh;
  /** Per object: whether it is drawn from its polygons, and its vertex range there. */
  polygonal: Uint8Array;
  start: Int32Array;
  count: Int32Array;
  vertices: Float32Array;
  inspect: Three.Group;
  inspectKey: unknown;
  /** What was drawn, for the browser test. */
  drawn: { scenery: number; rockTriangles: number; polygonVertices: number; spheres: number; polygons: number; normals: number; cells: number };
}

/** A new session's extras (its scenery shapes; empty polygon and inspector layers). */
export function buildExtras(three: typeof Three, scene: Three.Scene, s: Session, origin: number, scratch: (floats: number) => number): Extras {
  const X = s.acp.exports, world = s.primary.world;
  const material = new three.MeshLambertMaterial({ color: 0x2f6b2f, transparent: true, opacity: 0.55, depthWrite: false });
  const cylinder = new three.CylinderGeometry(1, 1, 1, 16).rotateX(Math.PI / 2).translate(0, 0, 0.5); // z 0..1, as acp_draw's unit cylinder
  const scenery: Three.InstancedMesh[] = [];
  let shapes = 0;
  for (const [fill, geometry] of [[X.acp_abi_draw_block_static_cylspheres, cylinder], [X.acp_abi_draw_block_static_spheres, new three.SphereGeometry(1, 12, 8)]] as const) {
    const n = fill(world, origin, 0, 0);
    if (!n) continue;
    const at = scratch(n * MAT4_FLOATS);
    fill(world, origin, at, n);
    const mesh = new three.InstancedMesh(geometry, material, n);
    (mesh.instanceMatrix.array as Float32Array).set(s.acp.f32().subarray(at >> 2, (at >> 2) + n * MAT4_FLOATS));
    mesh.instanceMatrix.needsUpdate = true;
    mesh.frustumCulled = false;
    scene.add(mesh);
    scenery.push(mesh);
    shapes += n;
  }
  const rockGeometry = new three.BufferGeometry();
  const nr = X.acp_abi_draw_block_static_physics_triangles(world, origin, 0, 0);
  if (nr) {
    const at = scratch(nr * 3);
    X.acp_abi_draw_block_static_physics_triangles(world, origin, at, nr * 3);
    rockGeometry.setAttribute('position', new three.BufferAttribute(s.acp.f32().slice(at >> 2, (at >> 2) + nr * 3), 3));
    rockGeometry.computeVertexNormals();
  }
  const rocks = new three.Mesh(rockGeometry, new three.MeshLambertMaterial({ color: 0x6b6b6b, transparent: true, opacity: 0.7, side: three.DoubleSide, depthWrite: false }));
  rocks.frustumCulled = false;
  scene.add(rocks);
  const polygons = new three.Mesh(new three.BufferGeometry(), new three.MeshLambertMaterial({ color: 0xd7263d, flatShading: true, side: three.DoubleSide }));
  polygons.frustumCulled = false;
  scene.add(polygons);
  const inspect = new three.Group();
  scene.add(inspect);
  return { scenery, rocks, polygons, polygonal: new Uint8Array(s.n), start: new Int32Array(s.n), count: new Int32Array(s.n), vertices: new Float32Array(0),
    inspect, inspectKey: null, drawn: { scenery: shapes, rockTriangles: nr / 3, polygonVertices: 0, spheres: 0, polygons: 0, normals: 0, cells: 0 } };
}

/** Remove the extras from the scene and free their geometry. */
export function disposeExtras(scene: Three.Scene, e: Extras): void {
  for (const m of [...e.scenery, e.rocks, e.polygons]) { scene.remove(m); m.geometry.dispose(); }
  clearGroup(e.inspect);
  scene.remove(e.inspect);
}

/** This frame's parts of the objects with real records, from their GfxObjs' polygons. */
export function fillPolygons(three: typeof Three, e: Extras, s: Session, origin: number, opts: View3DOptions, scratch: (floats: number) => number): void {
  const X = s.acp.exports, world = s.primary.world;
  let total = 0;
  for (let i = 0; i < s.n; i++) {
    const p = s.objPtrs[i]!;
    const n = p && s.cell[i] !== 0 && !opts.standIn(s, i) ? X.acp_abi_draw_part_triangles(world, p, origin, 0, 0) : 0;
    e.polygonal[i] = n > 0 ? 1 : 0;
    e.start[i] = total;
    e.count[i] = n;
    total += n;
  }
  if (e.vertices.length < total * 3) e.vertices = new Float32Array(Math.max(total * 3, 2 * e.vertices.length));
  if (total) {
    const at = scratch(total * 3);
    for (let i = 0; i < s.n; i++) {
      if (e.count[i]) X.acp_abi_draw_part_triangles(world, s.objPtrs[i]!, origin, at + 12 * e.start[i]!, 3 * e.count[i]!);
    }
    e.vertices.set(s.acp.f32().subarray(at >> 2, (at >> 2) + total * 3));
  }
  const g = e.polygons.geometry;
  const attr = g.getAttribute('position') as Three.BufferAttribute | undefined;
  if (!attr || attr.array !== e.vertices) g.setAttribute('position', new three.BufferAttribute(e.vertices, 3));
  else attr.needsUpdate = true;
  g.setDrawRange(0, total);
  e.drawn.polygonVertices = total;
}

/** Zero object i's polygon vertices for one render (the selected-pixels test); returns the undo. */
export function hidePolygons(e: Extras, i: number): () => void {
  const from = 3 * e.start[i]!, to = from + 3 * e.count[i]!;
  const saved = e.vertices.slice(from, to);
  const touch = () => { const a = e.polygons.geometry.getAttribute('position'); if (a) a.needsUpdate = true; };
  e.vertices.fill(0, from, to);
  touch();
  return () => { e.vertices.set(saved, from); touch(); };
}

function clearGroup(g: Three.Group): void {
  for (const c of [...g.children]) {
    g.remove(c);
    const m = c as Three.Mesh;
    m.geometry?.dispose();
  }
}

/** The inspector's shown quantum, redrawn when it changes (see the file comment). */
export function showInspector(three: typeof Three, e: Extras, origin: number, opts: View3DOptions,
  cellTriangles?: (cell: number) => Float32Array | null): void {
  const { record, quantum } = opts.inspected();
  // The record itself (a new inspection, or none after a rebuild cleared it) and the quantum shown.
  const key = record ? [record, quantum] as const : null, was = e.inspectKey as readonly [unknown, number] | null;
  if (key === was || (key && was && key[0] === was[0] && key[1] === was[1])) return;
  e.inspectKey = key;
  clearGroup(e.inspect);
  e.drawn.spheres = e.drawn.polygons = e.drawn.normals = e.drawn.cells = 0;
  const sweep = record?.sweeps[quantum];
  if (!sweep) return;
  const ox = origin >>> 24, oy = (origin >>> 16) & 0xff;
  const at = (cell: string, v: readonly number[]) => {
    const c = Number(cell) >>> 0;
    return new three.Vector3(192 * ((c >>> 24) - ox) + v[0]!, 192 * (((c >>> 16) & 0xff) - oy) + v[1]!, v[2]!);
  };
  const line = (points: Three.Vector3[], colour: number, closed = false) => {
    const g = new three.BufferGeometry().setFromPoints(closed ? [...points, points[0]!] : points);
    e.inspect.add(new three.Line(g, new three.LineBasicMaterial({ color: colour })));
  };
  const sphere = new three.SphereGeometry(1, 16, 10);
  const cells = new Map<string, number>(); // each listed cell, at the height of the step that first listed it
  const polys = new Set<string>();
  for (const st of sweep.steps) {
    const colour = st.insert === 'COLLIDED' ? 0xd01010 : st.branches.length ? 0xe08a00 : 0x1e1e78;
    for (const sp of st.spheres) {
      const m = new three.Mesh(sphere, new three.MeshBasicMaterial({ color: colour, wireframe: true, transparent: true, opacity: 0.6 }));
      m.position.copy(at(st.check_pos.cell, sp.center));
      m.scale.setScalar(sp.radius);
      e.inspect.add(m);
      e.drawn.spheres++;
    }
    for (const c of st.cells) if (!cells.has(c)) cells.set(c, st.check_pos.origin[2]);
    const tp = st.terrain_polygon;
    if (tp && !polys.has(JSON.stringify(tp))) {
      polys.add(JSON.stringify(tp));
      const pts = tp.vertices.map((v) => at(tp.cell, v));
      line(pts, 0x007a3c, true);
      e.drawn.polygons++;
      // The polygon's normal (the contact plane's when kept, else the collision's) from its middle.
      const n = st.contact_plane?.n ?? st.collision_normal;
      if (n) {
        const mid = pts.reduce((a, b) => a.add(b), new three.Vector3()).multiplyScalar(1 / pts.length);
        e.inspect.add(new three.ArrowHelper(new three.Vector3(...n).normalize(), mid, 1.5, 0x007a3c));
        e.drawn.normals++;
      }
    }
    const cn = st.collision_normal;
    if (cn && st.spheres[0]) {
      e.inspect.add(new three.ArrowHelper(new three.Vector3(...cn).normalize(), at(st.check_pos.cell, st.spheres[0].center), 1.2, 0xd01010));
      e.drawn.normals++;
    }
  }
  for (const [cell, h] of cells) {
    const c = Number(cell) >>> 0, low = c & 0xffff;
    if (low < 1 || low > 0x40) {
      // An indoor cell: its CellStruct polygons' edges (web/src/mapcell.ts), when its shape is known.
      const t = cellTriangles?.(c);
      if (!t) continue;
      const g = new three.BufferGeometry();
      g.setAttribute('position', new three.BufferAttribute(t, 3));
      e.inspect.add(new three.LineSegments(new three.EdgesGeometry(g, 20), new three.LineBasicMaterial({ color: 0x285ac8 })));
      g.dispose();
      e.drawn.cells++;
      continue;
    }
    const x0 = 24 * Math.floor((low - 1) / 8), y0 = 24 * ((low - 1) % 8);
    line([[x0, y0], [x0 + 24, y0], [x0 + 24, y0 + 24], [x0, y0 + 24]].map(([x, y]) => at(cell, [x!, y!, h])), 0x285ac8, true);
    e.drawn.cells++;
  }
}
