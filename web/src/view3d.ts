// A minimal 3-D view (three.js), drawn only from the draw side's arrays (wasm/abi/draw.c): the
// loaded landblocks' terrain as BufferGeometry (acp_abi_draw_terrain_positions / _normals),
// coloured by terrain type with its roads laid on it and the selected object's cell outlined
// (web/src/view3dterrain.ts), every
// part as an instance of one small box (acp_abi_draw_part_matrices: the part's world frame × its
// drawing scale; the GfxObj meshes are not loaded, so a part is a 0.4 m box at its origin) and
// every collision sphere as an instance of one unit sphere (acp_abi_draw_sphere_matrices), the
// records' buildings as solid triangles (acp_abi_draw_building_triangles) and their indoor cells
// as a wireframe (acp_abi_draw_envcell_triangles), both built once per session. No
// matrix is built in TypeScript: the module's 16 floats per instance are copied into the
// InstancedMesh's matrix buffer. The scene is in the landblock frame of the session's first
// object's cell (+X east, +Y north, +Z up). three.js loads only when the view is first opened
// (the <details id="view3d-box"> of index.html), and the view says so when WebGL is missing.
// It shows the session the map last drew (web/src/draw.ts currentSession), refilled once per run
// frame. The camera follows the page's selected object (the "Selected object" select), or looks
// at the Go to place while the page shows it (options.place), on every animation frame: its target glides to the object's position (exponential smoothing, time
// constant FOLLOW_TAU_S; a jump of more than SNAP_M metres, a new session, snaps), from a fixed
// direction above and south-west of it, closer when the object is in an indoor cell. When the
// object is in an indoor cell (an EnvCell, cell id low word >= 0x100) or a building wall stands
// between the camera and it (a ray against the buildings' triangles), the buildings and indoor
// cells are cut away CUT_ABOVE_M above the object's feet and the buildings drawn translucent, so
// the object stays visible inside. The selected object's spheres are drawn in their own colour;
// the caption under the canvas names the object and its cell.
import type * as Three from 'three';
import { currentSession } from './draw';
import { Extras3DLayer } from './extras3d';
import { idText } from './format';
import { runParticles } from './particles';
import { buildExtras, disposeExtras, fillPolygons, hidePolygons, showInspector, type View3DOptions } from './view3dextra';
import { hasWebGL, hex, isIndoorCell, tint, type Scene3D } from './view3dutil';
import { buildGround, CellOutline3D, disposeGround } from './view3dterrain';
import { indoorCellShape } from './mapcell';
export { isIndoorCell } from './view3dutil';
import type { Session } from './run';

const MAT4_FLOATS = 16;
/** The camera target's smoothing time constant (s): it covers 63 % of the way in this time. */
const FOLLOW_TAU_S = 0.15;
/** A target this far (m) from the object jumps to it instead of gliding. */
const SNAP_M = 40;
/** The camera's offset from the target (m) outdoors; indoors it is INDOOR_ZOOM of that. */
const OFFSET = [-11, -11, 12] as const;
const INDOOR_ZOOM = 0.55;
/** The camera looks at this height (m) above the target (about a humanoid's middle). */
const LOOK_UP_M = 1;
/** Structures are cut away this far (m) above the target's feet when it is inside or hidden
 *  (below the cottage's 3 m ceiling, above a humanoid's head). */
const CUT_ABOVE_M = 2.4;
/** The buildings' opacity when cut away. */
const FADED_OPACITY = 0.3;
const SPHERE_COLOUR = 0xfff0c8;
const SELECTED_SPHERE_COLOUR = 0xffb000;

/** The running view (null before it is first opened, or without WebGL): the test hook reads it. */
let live: Scene3D | null = null;

/** Mount the view in `box` (a <details> element): three.js and the renderer start on first open.
 *  `selected` gives the page's selected object (the camera follows it). */
export function mountView3D(box: HTMLDetailsElement, selected: () => number, options: View3DOptions): void {
  const host = box.querySelector<HTMLElement>('.view3d') ?? box;
  let started = false;
  box.addEventListener('toggle', () => {
    if (!box.open || started) return;
    started = true;
    if (!hasWebGL()) {
      host.textContent = 'No WebGL in this browser: the 3-D view cannot be shown (the map above shows the same objects).';
      host.classList.add('error');
      return;
    }
    import('three')
      .then((three) => run(three, host, box, selected, options))
      .catch((e: unknown) => { host.textContent = `The 3-D view could not start: ${e instanceof Error ? e.message : String(e)}`; });
  });
}

function run(three: typeof Three, host: HTMLElement, box: HTMLDetailsElement, selected: () => number, options: View3DOptions): void {
  const renderer = new three.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
  renderer.setPixelRatio(Math.min(2, window.devicePixelRatio || 1));
  renderer.localClippingEnabled = true;
  const caption = document.createElement('p');
  caption.className = 'view3d-caption';
  caption.id = 'view3d-caption';
  host.replaceChildren(renderer.domElement, caption);
  renderer.domElement.setAttribute('aria-label', '3-D view of the terrain, the parts and the collision spheres');
  const scene = new three.Scene();
  scene.background = new three.Color(0xbfd4e6);
  scene.add(new three.HemisphereLight(0xffffff, 0x556644, 1.2));
  const sun = new three.DirectionalLight(0xffffff, 1.5);
  sun.position.set(-1, 1, 2);
  scene.add(sun);
  const camera = new three.PerspectiveCamera(50, 1, 0.1, 5000);
  camera.up.set(0, 0, 1);
  const cut = new three.Plane(new three.Vector3(0, 0, -1), 1e6);
  const v: Scene3D = { three, renderer, scene, camera, session: null, built: '', frame: -1, origin: 0, parts: null, spheres: null, particles: null,
    terrain: [], structures: [], structureVertices: { buildings: 0, cells: 0 }, scratch: 0, scratchFloats: 0, selected,
    ranges: { partStart: new Int32Array(0), partCount: new Int32Array(0), sphereStart: new Int32Array(0), sphereCount: new Int32Array(0) },
    target: new three.Vector3(), following: -1, aimed: false, zoom: 1, lastTs: null, building: null,
    buildingMaterial: new three.MeshLambertMaterial({ color: 0x8a5a3a, side: three.DoubleSide, clippingPlanes: [cut] }),
    cellMaterial: new three.MeshBasicMaterial({ color: 0x78dcff, wireframe: true, clippingPlanes: [cut] }),
    cut, cutaway: false, raycaster: new three.Raycaster(), caption, host, coloured: { frame: -1, selected: -1 },
    selectedTint: tint(three, SELECTED_SPHERE_COLOUR, SPHERE_COLOUR), look: new three.Vector3(), ray: new three.Vector3(), extras: null, options,
    panels: new Extras3DLayer(), ground: null, outline: new CellOutline3D() };
  live = v;
  const tick = (ts: number) => {
    if (box.open) draw(v, host, ts);
    else v.lastTs = null;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

/** A scratch array of n floats in linear memory, kept between frames (grown only). */
function scratch(v: Scene3D, s: Session, floats: number): number {
  if (floats <= v.scratchFloats) return v.scratch;
  if (v.scratch && v.session) v.session.acp.free(v.scratch);
  v.scratch = s.acp.alloc(floats * 4);
  v.scratchFloats = floats;
  return v.scratch;
}

function draw(v: Scene3D, host: HTMLElement, ts: number): void {
  const s = currentSession();
  if (!s || s.n === 0) return;
  if (s !== v.session || v.built !== `${s.n}/${s.waiting}`) rebuild(v, s);
  const w = host.clientWidth || 640, h = Math.round(w * 0.5);
  const size = v.renderer.getSize(new v.three.Vector2());
  if (size.x !== w || size.y !== h) {
    v.renderer.setSize(w, h);
    v.camera.aspect = w / h;
    v.camera.updateProjectionMatrix();
  }
  const dt = v.lastTs === null ? Infinity : Math.max(0, (ts - v.lastTs) / 1000);
  v.lastTs = ts;
  if (v.frame !== s.framesDone) {
    if (v.extras) fillPolygons(v.three, v.extras, s, v.origin, v.options, (f) => scratch(v, s, f));
    fillInstances(v, s);
    v.frame = s.framesDone;
    // What was drawn, for the browser test (tests/browser/view3d.test.mjs).
    host.dataset.frame = String(v.frame);
    host.dataset.parts = String(v.parts?.count ?? 0);
    host.dataset.spheres = String(v.spheres?.count ?? 0);
    host.dataset.landblocks = String(v.terrain.length);
    host.dataset.buildingVertices = String(v.structureVertices.buildings);
    host.dataset.cellVertices = String(v.structureVertices.cells);
    host.dataset.particles = String(fillParticles(v, s));
    host.dataset.scenery = String(v.extras?.drawn.scenery ?? 0);
    host.dataset.rockTriangles = String(v.extras?.drawn.rockTriangles ?? 0);
    host.dataset.polygonVertices = String(v.extras?.drawn.polygonVertices ?? 0);
  }
  if (v.extras) {
    showInspector(v.three, v.extras, v.origin, v.options, (c) => indoorCellShape(s, c)?.triangles ?? null);
    const shapes = v.options.collision();
    for (const m of [v.spheres, ...v.extras.scenery, v.extras.rocks]) if (m) m.visible = shapes;
    host.dataset.inspector = JSON.stringify(v.extras.drawn);
  }
  const words = v.options.terrainWords?.(), preview = v.options.preview?.() ?? null;
  if ((words && words !== v.ground?.words) || preview !== (v.ground?.preview ?? null)) {
    // The terrain words came (or changed), or the Go to preview: the ground again, coloured and with its roads.
    disposeGround(v.scene, v.ground);
    v.ground = buildGround(v.three, v.scene, s, v.origin, words ?? v.ground?.words ?? new Map(), (f) => scratch(v, s, f), preview);
    v.terrain = v.ground.meshes;
  }
  host.dataset.preview = v.ground?.previewMesh ? hex(v.ground.preview!.id) : '';
  host.dataset.typedLandblocks = String(v.ground?.typedBlocks ?? 0);
  host.dataset.roadTriangles = String(v.ground?.roadTriangles ?? 0);
  v.panels.update(v.three, v.scene, v.origin, s, v.options.panels?.() ?? [], host);
  follow(v, s, dt);
  colourSelected(v);
  v.renderer.render(v.scene, v.camera);
}

/** A new session: its terrain meshes, its structures, instance meshes sized for its parts and
 *  spheres; the camera target snaps to the selected object at the next frame. */
function rebuild(v: Scene3D, s: Session): void {
  const { three } = v;
  if (v.scratch && v.session) v.session.acp.free(v.scratch);
  v.scratch = 0;
  v.scratchFloats = 0;
  for (const m of [...v.structures, v.parts, v.spheres]) {
    if (!m) continue;
    v.scene.remove(m);
    m.geometry.dispose();
  }
  if (v.extras) disposeExtras(v.scene, v.extras);
  v.session = s;
  v.built = `${s.n}/${s.waiting}`;
  v.frame = -1;
  v.aimed = false;
  v.coloured = { frame: -1, selected: -1 };
  v.ranges = { partStart: new Int32Array(s.n), partCount: new Int32Array(s.n), sphereStart: new Int32Array(s.n), sphereCount: new Int32Array(s.n) };
  v.origin = s.cell.find((c) => c !== 0) ?? 0;
  const X = s.acp.exports;
  disposeGround(v.scene, v.ground);
  v.ground = buildGround(three, v.scene, s, v.origin, v.options.terrainWords?.() ?? new Map(), (f) => scratch(v, s, f), v.options.preview?.() ?? null);
  v.terrain = v.ground.meshes;
  v.outline.reset(v.scene);
  v.structures = [];
  v.building = null;
  for (const [fill, material, key] of [
    [X.acp_abi_draw_building_triangles, v.buildingMaterial, 'buildings'],
    [X.acp_abi_draw_envcell_triangles, v.cellMaterial, 'cells'],
  ] as const) {
    const n = fill(s.primary.world, v.origin, 0, 0);
    v.structureVertices[key] = n;
    if (!n) continue;
    const at = scratch(v, s, n * 3);
    fill(s.primary.world, v.origin, at, n * 3);
    const g = new three.BufferGeometry();
    g.setAttribute('position', new three.BufferAttribute(s.acp.f32().slice(at >> 2, (at >> 2) + n * 3), 3));
    g.computeVertexNormals();
    const mesh = new three.Mesh(g, material);
    v.structures.push(mesh);
    v.scene.add(mesh);
    if (key === 'buildings') v.building = mesh;
  }
  v.extras = buildExtras(three, v.scene, s, v.origin, (f) => scratch(v, s, f));
  let np = 0, ns = 0;
  for (let i = 0; i < s.n; i++) {
    const p = s.objPtrs[i]!; // 0: not in the world yet
    if (p) { np += X.acp_abi_draw_part_matrices(p, v.origin, 0, 0); ns += X.acp_abi_draw_sphere_matrices(p, v.origin, 0, 0); }
  }
  v.parts = new three.InstancedMesh(new three.BoxGeometry(0.4, 0.4, 0.4), new three.MeshLambertMaterial({ color: 0xd7263d }), Math.max(1, np));
  v.spheres = new three.InstancedMesh(new three.SphereGeometry(1, 16, 12),
    new three.MeshLambertMaterial({ color: SPHERE_COLOUR, transparent: true, opacity: 0.45, depthWrite: false }), Math.max(1, ns));
  // The instance colours (white: no tint) exist from the start, so the material is built with them.
  v.spheres.setColorAt(0, new three.Color(1, 1, 1));
  for (const m of [v.parts, v.spheres]) {
    m.instanceMatrix.setUsage(three.DynamicDrawUsage);
    m.frustumCulled = false;
    v.scene.add(m);
  }
}


/** The camera on the selected object, every animation frame: the target glides to the object's
 *  position (the map's world x, y less the origin landblock's corner, and z), `dt` seconds after
 *  the last frame; the camera stands at OFFSET from it (INDOOR_ZOOM of that indoors) and looks at
 *  LOOK_UP_M above it. Then the cut-away (see the file comment) and the caption. */
function follow(v: Scene3D, s: Session, dt: number): void {
  const i = Math.min(Math.max(0, v.selected()), s.n - 1);
  // The Go to place, while the page shows it (web/src/gotoplace.ts placeInView), else the object.
  const place = v.options.place?.() ?? null;
  const [gx, gy, gz, placeCell] = place ?? [s.gx[i]!, s.gy[i]!, s.z[i]!, 0];
  const x = gx - (v.origin >>> 24) * 192, y = gy - ((v.origin >>> 16) & 0xff) * 192, z = gz;
  if (!Number.isFinite(x + y + z)) return;
  const cell = (place ? placeCell : s.cell[i]!) >>> 0;
  const indoor = isIndoorCell(cell);
  v.outline.update(v.three, v.scene, s, v.origin, cell);
  v.host.dataset.outlinedCell = hex(v.outline.cell);
  v.host.dataset.outlineSegments = String(v.outline.segments);
  const snap = !v.aimed || !Number.isFinite(dt) || Math.hypot(x - v.target.x, y - v.target.y, z - v.target.z) > SNAP_M;
  const k = snap ? 1 : 1 - Math.exp(-dt / FOLLOW_TAU_S);
  v.target.set(v.target.x + (x - v.target.x) * k, v.target.y + (y - v.target.y) * k, v.target.z + (z - v.target.z) * k);
  v.zoom += ((indoor ? INDOOR_ZOOM : 1) - v.zoom) * (v.aimed ? k : 1);
  v.aimed = true;
  v.following = i;
  const t = v.target;
  v.camera.position.set(t.x + OFFSET[0] * v.zoom, t.y + OFFSET[1] * v.zoom, t.z + OFFSET[2] * v.zoom);
  const look = v.look.set(t.x, t.y, t.z + LOOK_UP_M);
  v.camera.lookAt(look);
  // A building wall between the camera and the object's middle?
  let hidden = false;
  if (v.building) {
    const to = v.ray.subVectors(look, v.camera.position);
    const far = to.length();
    v.raycaster.set(v.camera.position, to.normalize());
    v.raycaster.far = far - 0.05;
    hidden = v.raycaster.intersectObject(v.building, false).length > 0;
  }
  const cutaway = indoor || hidden;
  v.cut.constant = cutaway ? t.z + CUT_ABOVE_M : 1e6;
  if (cutaway !== v.cutaway) {
    const m = v.buildingMaterial;
    m.transparent = cutaway;
    m.opacity = cutaway ? FADED_OPACITY : 1;
    m.depthWrite = !cutaway;
    m.needsUpdate = true;
    v.cutaway = cutaway;
  }
  const ox = (v.origin >>> 24) * 192, oy = ((v.origin >>> 16) & 0xff) * 192;
  const h = v.host.dataset;
  h.selected = place ? '' : String(i);
  h.place = place ? 'goto' : '';
  h.cell = hex(cell);
  h.targetX = String(t.x + ox);
  h.targetY = String(t.y + oy);
  h.targetZ = String(t.z);
  h.cutaway = cutaway ? (indoor ? 'indoor' : 'hidden') : '';
  const text = place ? `Looking at the Go to place, cell ${hex(cell)} (select or follow an object to follow it again).` : `Following ${s.names[i]} (id ${idText(s.ids[i]!)}): cell ${hex(cell)}, ` +
    (indoor ? 'an indoor cell (EnvCell)' : cell === 0 ? 'no cell' : 'an outdoor land cell') +
    (cutaway ? `; walls and roofs cut away ${CUT_ABOVE_M} m above its feet, buildings translucent` : '') + '.';
  if (v.caption.textContent !== text) v.caption.textContent = text;
}

/** The spheres' instance colours, which tint their material's cream: white (no tint) for all,
 *  then amber for the selected object's; redone when the instances are refilled or the
 *  selection changes (one typed-array fill and the selected object's few spheres). */
function colourSelected(v: Scene3D): void {
  const m = v.spheres;
  if (!m || (v.coloured.frame === v.frame && v.coloured.selected === v.following)) return;
  const colours = m.instanceColor!;
  (colours.array as Float32Array).fill(1);
  const start = v.ranges.sphereStart[v.following] ?? 0, end = start + (v.ranges.sphereCount[v.following] ?? 0);
  for (let k = start; k < end; k++) m.setColorAt(k, v.selectedTint);
  colours.needsUpdate = true;
  v.coloured = { frame: v.frame, selected: v.following };
}

/** What the view shows now, for the browser test (null before it is first opened): the
 *  selected object it follows, the camera target and position (world metres: the map's x, y),
 *  whether the structures are cut away, and the instances drawn. */
export function view3dState(): { selected: number; target: number[]; camera: number[]; cutaway: boolean; parts: number; spheres: number } | null {
  const v = live;
  if (!v || !v.session || !v.aimed) return null;
  const ox = (v.origin >>> 24) * 192, oy = ((v.origin >>> 16) & 0xff) * 192;
  const p = v.camera.position;
  return { selected: v.following, target: [v.target.x + ox, v.target.y + oy, v.target.z], camera: [p.x + ox, p.y + oy, p.z],
    cutaway: v.cutaway, parts: v.parts?.count ?? 0, spheres: v.spheres?.count ?? 0 };
}

/** For the browser test: the ground under world (x, y) m (a ray down onto the terrain meshes):
 *  its height (m) and whether it is the Go to preview's landblock; null where there is none. */
export function view3dGroundAt(x: number, y: number): { z: number; preview: boolean } | null {
  const v = live;
  if (!v || !v.session) return null;
  const ox = (v.origin >>> 24) * 192, oy = ((v.origin >>> 16) & 0xff) * 192;
  const r = new v.three.Raycaster(new v.three.Vector3(x - ox, y - oy, 1e4), new v.three.Vector3(0, 0, -1), 0, 2e4);
  const hit = r.intersectObjects(v.terrain, false)[0];
  return hit ? { z: hit.point.z, preview: hit.object === v.ground?.previewMesh } : null;
}

/** For the browser test: render the view as it is, then without the followed object's parts and
 *  spheres (their instance matrices zeroed for that one render), and count the canvas pixels
 *  that differ (any channel by more than 8): how much of the object the camera sees. With
 *  `cutaway` false the structures are drawn whole and opaque for these two renders (what the
 *  view would show without the cut-away). */
export function view3dSelectedPixels(cutaway = true): { differing: number; total: number; parts: number; spheres: number } | null {
  const v = live;
  const s = v?.session;
  if (!v || !s || !v.aimed) return null;
  const i = v.following;
  const m = v.buildingMaterial, was = { constant: v.cut.constant, transparent: m.transparent, opacity: m.opacity, depthWrite: m.depthWrite };
  if (!cutaway) {
    v.cut.constant = 1e6;
    Object.assign(m, { transparent: false, opacity: 1, depthWrite: true, needsUpdate: true });
  }
  const gl = v.renderer.getContext();
  const w = gl.drawingBufferWidth, h = gl.drawingBufferHeight;
  const read = () => {
    v.renderer.render(v.scene, v.camera);
    const px = new Uint8Array(w * h * 4);
    gl.readPixels(0, 0, w, h, gl.RGBA, gl.UNSIGNED_BYTE, px);
    return px;
  };
  const shown = read();
  const saved: [Three.InstancedMesh, number, Float32Array][] = [];
  const hide = (m: Three.InstancedMesh | null, start: number, count: number) => {
    if (!m || !count) return;
    const a = m.instanceMatrix.array as Float32Array;
    saved.push([m, start, a.slice(start * MAT4_FLOATS, (start + count) * MAT4_FLOATS)]);
    a.fill(0, start * MAT4_FLOATS, (start + count) * MAT4_FLOATS);
    m.instanceMatrix.needsUpdate = true;
  };
  hide(v.parts, v.ranges.partStart[i]!, v.ranges.partCount[i]!);
  const shownPolygons = v.extras ? hidePolygons(v.extras, i) : () => undefined;
  hide(v.spheres, v.ranges.sphereStart[i]!, v.ranges.sphereCount[i]!);
  const without = read();
  shownPolygons();
  for (const [mesh, start, a] of saved) {
    (mesh.instanceMatrix.array as Float32Array).set(a, start * MAT4_FLOATS);
    mesh.instanceMatrix.needsUpdate = true;
  }
  if (!cutaway) {
    v.cut.constant = was.constant;
    Object.assign(m, { transparent: was.transparent, opacity: was.opacity, depthWrite: was.depthWrite, needsUpdate: true });
  }
  v.renderer.render(v.scene, v.camera);
  let differing = 0;
  for (let p = 0; p < shown.length; p += 4) {
    if (Math.abs(shown[p]! - without[p]!) > 8 || Math.abs(shown[p + 1]! - without[p + 1]!) > 8 || Math.abs(shown[p + 2]! - without[p + 2]!) > 8) differing++;
  }
  return { differing, total: w * h, parts: v.ranges.partCount[i]!, spheres: v.ranges.sphereCount[i]! };
}

/** The primary run's live particles (issue 16) as points in the scene's landblock frame. */
function fillParticles(v: Scene3D, s: Session): number {
  const list = runParticles(s, 0);
  const ox = (v.origin >>> 24) * 192, oy = ((v.origin >>> 16) & 0xff) * 192;
  const pos = new Float32Array(list.length * 3);
  list.forEach((p, i) => { pos[3 * i] = p.x - ox; pos[3 * i + 1] = p.y - oy; pos[3 * i + 2] = p.z; });
  const { three } = v;
  if (!v.particles) {
    v.particles = new three.Points(new three.BufferGeometry(), new three.PointsMaterial({ color: 0xff9628, size: 0.12 }));
    v.particles.frustumCulled = false;
    v.scene.add(v.particles);
  }
  v.particles.geometry.setAttribute('position', new three.BufferAttribute(pos, 3));
  return list.length;
}

/** This frame's part and sphere matrices, straight from the module into the instance buffers. */
function fillInstances(v: Scene3D, s: Session): void {
  const X = s.acp.exports;
  for (const [mesh, fill] of [
    [v.parts, X.acp_abi_draw_part_matrices],
    [v.spheres, X.acp_abi_draw_sphere_matrices],
  ] as const) {
    if (!mesh) continue;
    const cap = mesh.instanceMatrix.count;
    const buf = scratch(v, s, cap * MAT4_FLOATS);
    const [start, count] = mesh === v.parts ? [v.ranges.partStart, v.ranges.partCount] : [v.ranges.sphereStart, v.ranges.sphereCount];
    let at = 0;
    for (let i = 0; i < s.n; i++) {
      start[i] = at;
      count[i] = 0;
      if (s.cell[i] === 0 || !s.objPtrs[i] || at >= cap || (mesh === v.parts && v.extras?.polygonal[i])) continue;
      count[i] = Math.min(cap - at, fill(s.objPtrs[i]!, v.origin, buf + at * MAT4_FLOATS * 4, cap - at));
      at += count[i]!;
    }
    const dst = mesh.instanceMatrix.array as Float32Array;
    dst.set(s.acp.f32().subarray(buf >> 2, (buf >> 2) + at * MAT4_FLOATS));
    mesh.count = at;
    mesh.instanceMatrix.needsUpdate = true;
  }
}
