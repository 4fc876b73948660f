// A minimal 3-D view (three.js), drawn only from the draw side's arrays (wasm/abi/draw.c): the
// loaded landblocks' terrain as BufferGeometry (acp_abi_draw_terrain_positions / _normals), every
// part as an instance of one small box (acp_abi_draw_part_matrices: the part's world frame × its
// drawing scale; the GfxObj meshes are not loaded, so a part is a 0.4 m box at its origin) and
// every collision sphere as an instance of one unit sphere (acp_abi_draw_sphere_matrices), the
// records' buildings as solid triangles (acp_abi_draw_building_triangles) and their indoor cells
// as a wireframe (acp_abi_draw_envcell_triangles), both built once per session. No
// matrix is built in TypeScript: the module's 16 floats per instance are copied into the
// InstancedMesh's matrix buffer. The scene is in the landblock frame of the session's first
// object's cell (+X east, +Y north, +Z up). three.js loads only when the view is first opened
// (the <details id="view3d-box"> of index.html), and the view says so when WebGL is missing.
// It follows the session the map last drew (web/src/draw.ts currentSession), once per frame.
import type * as Three from 'three';

import { currentSession } from './draw';
import { runParticles } from './particles';
import type { Session } from './run';

const MAT4_FLOATS = 16;
const TERRAIN_FLOATS = 1152;

interface Scene3D {
  three: typeof Three;
  renderer: Three.WebGLRenderer;
  scene: Three.Scene;
  camera: Three.PerspectiveCamera;
  session: Session | null;
  frame: number;
  origin: number;
  parts: Three.InstancedMesh | null;
  spheres: Three.InstancedMesh | null;
  particles: Three.Points | null;
  terrain: Three.Mesh[];
  /** The buildings' and the indoor cells' meshes (the records do not change within a session). */
  structures: Three.Mesh[];
  structureVertices: { buildings: number; cells: number };
  scratch: number;
  scratchFloats: number;
}

/** Whether this browser gives a WebGL context at all (checked before loading three.js). */
function hasWebGL(): boolean {
  try {
    const c = document.createElement('canvas');
    return !!(c.getContext('webgl2') ?? c.getContext('webgl'));
  } catch {
    return false;
  }
}

/** Mount the view in `box` (a <details> element): three.js and the renderer start on first open. */
export function mountView3D(box: HTMLDetailsElement): void {
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
      .then((three) => run(three, host, box))
      .catch((e: unknown) => { host.textContent = `The 3-D view could not start: ${e instanceof Error ? e.message : String(e)}`; });
  });
}

function run(three: typeof Three, host: HTMLElement, box: HTMLDetailsElement): void {
  const renderer = new three.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
  renderer.setPixelRatio(Math.min(2, window.devicePixelRatio || 1));
  host.replaceChildren(renderer.domElement);
  renderer.domElement.setAttribute('aria-label', '3-D view of the terrain, the parts and the collision spheres');
  const scene = new three.Scene();
  scene.background = new three.Color(0xbfd4e6);
  scene.add(new three.HemisphereLight(0xffffff, 0x556644, 1.2));
  const sun = new three.DirectionalLight(0xffffff, 1.5);
  sun.position.set(-1, 1, 2);
  scene.add(sun);
  const camera = new three.PerspectiveCamera(50, 1, 0.1, 5000);
  camera.up.set(0, 0, 1);
  const v: Scene3D = { three, renderer, scene, camera, session: null, frame: -1, origin: 0, parts: null, spheres: null, particles: null,
    terrain: [], structures: [], structureVertices: { buildings: 0, cells: 0 }, scratch: 0, scratchFloats: 0 };
  const tick = () => {
    if (box.open) draw(v, host);
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

function draw(v: Scene3D, host: HTMLElement): void {
  const s = currentSession();
  if (!s || s.n === 0) return;
  if (s !== v.session) rebuild(v, s);
  const w = host.clientWidth || 640, h = Math.round(w * 0.5);
  const size = v.renderer.getSize(new v.three.Vector2());
  if (size.x !== w || size.y !== h) {
    v.renderer.setSize(w, h);
    v.camera.aspect = w / h;
    v.camera.updateProjectionMatrix();
  }
  if (v.frame !== s.framesDone) {
    fillInstances(v, s);
    aim(v, s);
    v.frame = s.framesDone;
    // What was drawn, for the browser test (tests/browser/view3d.test.mjs).
    host.dataset.frame = String(v.frame);
    host.dataset.parts = String(v.parts?.count ?? 0);
    host.dataset.spheres = String(v.spheres?.count ?? 0);
    host.dataset.landblocks = String(v.terrain.length);
    host.dataset.buildingVertices = String(v.structureVertices.buildings);
    host.dataset.cellVertices = String(v.structureVertices.cells);
    host.dataset.particles = String(fillParticles(v, s));
  }
  v.renderer.render(v.scene, v.camera);
}

/** A new session: its terrain meshes, instance meshes sized for its parts and spheres, and a
 *  camera over its first object. */
function rebuild(v: Scene3D, s: Session): void {
  const { three } = v;
  if (v.scratch && v.session) v.session.acp.free(v.scratch);
  v.scratch = 0;
  v.scratchFloats = 0;
  for (const m of [...v.terrain, ...v.structures, v.parts, v.spheres]) {
    if (!m) continue;
    v.scene.remove(m);
    m.geometry.dispose();
  }
  v.session = s;
  v.frame = -1;
  v.origin = s.cell.find((c) => c !== 0) ?? 0;
  const X = s.acp.exports;
  const terrain = X.acp_abi_world_terrain(s.primary.world);
  const blocks = terrain ? X.acp_abi_terrain_count(terrain) : 0;
  v.terrain = [];
  const ground = new three.MeshLambertMaterial({ color: 0x7d9a5a });
  const buf = scratch(v, s, TERRAIN_FLOATS);
  for (let i = 0; i < blocks; i++) {
    const g = new three.BufferGeometry();
    X.acp_abi_draw_terrain_positions(terrain, i, v.origin, buf, TERRAIN_FLOATS);
    g.setAttribute('position', new three.BufferAttribute(s.acp.f32().slice(buf >> 2, (buf >> 2) + TERRAIN_FLOATS), 3));
    X.acp_abi_draw_terrain_normals(terrain, i, buf, TERRAIN_FLOATS);
    g.setAttribute('normal', new three.BufferAttribute(s.acp.f32().slice(buf >> 2, (buf >> 2) + TERRAIN_FLOATS), 3));
    const mesh = new three.Mesh(g, ground);
    v.terrain.push(mesh);
    v.scene.add(mesh);
  }
  v.structures = [];
  const solid = new three.MeshLambertMaterial({ color: 0x8a5a3a, side: three.DoubleSide });
  const wire = new three.MeshBasicMaterial({ color: 0x78dcff, wireframe: true });
  for (const [fill, material, key] of [
    [X.acp_abi_draw_building_triangles, solid, 'buildings'],
    [X.acp_abi_draw_envcell_triangles, wire, 'cells'],
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
  }
  let np = 0, ns = 0;
  for (let i = 0; i < s.n; i++) {
    np += X.acp_abi_draw_part_matrices(s.objPtrs[i]!, v.origin, 0, 0);
    ns += X.acp_abi_draw_sphere_matrices(s.objPtrs[i]!, v.origin, 0, 0);
  }
  v.parts = new three.InstancedMesh(new three.BoxGeometry(0.4, 0.4, 0.4), new three.MeshLambertMaterial({ color: 0xd7263d }), Math.max(1, np));
  v.spheres = new three.InstancedMesh(new three.SphereGeometry(1, 16, 12),
    new three.MeshLambertMaterial({ color: 0xfff0c8, transparent: true, opacity: 0.35, depthWrite: false }), Math.max(1, ns));
  for (const m of [v.parts, v.spheres]) {
    m.instanceMatrix.setUsage(three.DynamicDrawUsage);
    m.frustumCulled = false;
    v.scene.add(m);
  }
}

/** Behind and above the first object, looking at it (the map's world x, y less the origin
 *  landblock's corner), refreshed each frame so the view follows it. */
function aim(v: Scene3D, s: Session): void {
  const x0 = s.gx[0]! - (v.origin >>> 24) * 192, y0 = s.gy[0]! - ((v.origin >>> 16) & 0xff) * 192, z0 = s.z[0]!;
  if (!Number.isFinite(x0 + y0 + z0)) return;
  v.camera.position.set(x0 - 14, y0 - 14, z0 + 16);
  v.camera.lookAt(x0, y0, z0 + 1);
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
    let at = 0;
    for (let i = 0; i < s.n && at < cap; i++) {
      if (s.cell[i] === 0) continue;
      at += Math.min(cap - at, fill(s.objPtrs[i]!, v.origin, buf + at * MAT4_FLOATS * 4, cap - at));
    }
    const dst = mesh.instanceMatrix.array as Float32Array;
    dst.set(s.acp.f32().subarray(buf >> 2, (buf >> 2) + at * MAT4_FLOATS));
    mesh.count = at;
    mesh.instanceMatrix.needsUpdate = true;
  }
}
