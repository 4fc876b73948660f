// The map's objects from the draw side (wasm/abi/draw.c, src/draw/draw.h): each object's
// collision sphere matrices, filled by the module into one array of linear memory allocated once
// per session (grown only when an object gains spheres), refreshed once per frame. A sphere's
// circle on the map is its matrix's translation (centre) and the length of its first column
// (radius × scale). World x = landblock X · 192 + x, as the map's.
import type { Acphys } from '../../wasm/acphys.mjs';
import type { Session } from './run';

const LB = 192;
const MAT4_BYTES = 64;

export class DrawArrays {
  /** Per sphere: world x, y (m), radius (m), and the index of its object in the session. */
  x = new Float64Array(0);
  y = new Float64Array(0);
  r = new Float64Array(0);
  owner = new Uint32Array(0);
  count = 0;
  private ptr = 0;
  private capacity = 0;
  private frame = -1;
  private readonly originCell: number;

  constructor(private readonly acp: Acphys, private readonly s: Session) {
    this.originCell = s.cell.find((c) => c !== 0) ?? 0;
  }

  /** Refill the sphere matrices after the session's last frame (a no-op within the frame). */
  update(): void {
    if (this.frame === this.s.framesDone) return;
    let at = this.fill();
    if (at > this.capacity) {
      // More spheres than room (the first frame, or an object gained spheres): grow, fill again.
      this.grow(at);
      at = this.fill();
    }
    const f32 = this.acp.f32(), ox = (this.originCell >>> 24) * LB, oy = ((this.originCell >>> 16) & 0xff) * LB;
    for (let k = 0; k < at; k++) {
      const m = (this.ptr >> 2) + 16 * k;
      this.x[k] = ox + f32[m + 12]!;
      this.y[k] = oy + f32[m + 13]!;
      this.r[k] = Math.hypot(f32[m]!, f32[m + 1]!, f32[m + 2]!);
    }
    this.count = at;
    this.frame = this.s.framesDone;
  }

  /** One call per object into the array at its running offset; the total sphere count (the
   *  spheres past the capacity are counted, not written). */
  private fill(): number {
    const X = this.acp.exports, s = this.s;
    let at = 0;
    for (let i = 0; i < s.n; i++) {
      const room = Math.max(0, this.capacity - at);
      const p = s.objPtrs[i]!; // 0: not in the world yet (its enter_at is ahead)
      const n = p ? X.acp_abi_draw_sphere_matrices(p, this.originCell, room ? this.ptr + at * MAT4_BYTES : 0, room) : 0;
      for (let k = 0; k < n && at + k < this.capacity; k++) this.owner[at + k] = i;
      at += n;
    }
    return at;
  }

  private grow(n: number): void {
    if (this.ptr) this.acp.free(this.ptr);
    this.ptr = this.acp.alloc(n * MAT4_BYTES);
    this.capacity = n;
    this.x = new Float64Array(n); this.y = new Float64Array(n); this.r = new Float64Array(n);
    this.owner = new Uint32Array(n);
  }

  dispose(): void {
    if (this.ptr) this.acp.free(this.ptr);
    this.ptr = 0;
    this.capacity = 0;
  }
}

const bySession = new WeakMap<Session, DrawArrays>();
let current: Session | null = null;

/** The session the map last drew (null before the first, and after it is disposed): the 3-D view
 *  (web/src/view3d.ts) follows it. */
export function currentSession(): Session | null { return current; }

/** The session's draw arrays, made on first use and refreshed for its last frame. */
export function drawArrays(s: Session): DrawArrays {
  let d = bySession.get(s);
  if (!d) {
    d = new DrawArrays(s.acp, s);
    bySession.set(s, d);
    s.onDispose.push(() => disposeDrawArrays(s));
  }
  d.update();
  current = s;
  return d;
}

/** Release a session's draw arrays (with the session: Session.onDispose). */
export function disposeDrawArrays(s: Session): void {
  bySession.get(s)?.dispose();
  bySession.delete(s);
  if (current === s) current = null;
}

/** The records' buildings, indoor cells and landblock statics for the map, from the draw side
 *  (acp_abi_draw_building_triangles, acp_abi_draw_envcell_triangles, acp_abi_draw_static_cylinders
 *  over the record store of the session's world), read once per session since records do not
 *  change: per triangle vertex its world x, y (m), three vertices a triangle; per static cylinder
 *  its world x, y and radius (m). */
export interface Structures {
  building: Float64Array; cell: Float64Array; statics: Float64Array;
  /** The world's landblock statics, the scenery among them (acp_abi_draw_block_static_cylspheres
   *  and _spheres: each static's collision cylinders and spheres): world x, y and radius (m). */
  scenery: Float64Array;
  /** The statics' physics polygons (a rock's physics BSP; acp_abi_draw_block_static_physics_triangles)
   *  as triangles: world x, y (m) per vertex, three vertices a triangle. */
  rocks: Float64Array;
}

const structuresBySession = new WeakMap<Session, Structures>();

export function structures(s: Session): Structures {
  const known = structuresBySession.get(s);
  if (known) return known;
  const acp = s.acp, X = acp.exports, world = s.primary.world;
  const origin = s.cell.find((c) => c !== 0) ?? 0;
  const ox = (origin >>> 24) * LB, oy = ((origin >>> 16) & 0xff) * LB;
  const triangles = (fill: (w: number, o: number, out: number, cap: number) => number): Float64Array => {
    const n = fill(world, origin, 0, 0);
    if (!n) return new Float64Array(0);
    const p = acp.alloc(n * 12);
    try {
      fill(world, origin, p, n * 3);
      const f32 = acp.f32(), out = new Float64Array(2 * n);
      for (let v = 0; v < n; v++) { out[2 * v] = ox + f32[(p >> 2) + 3 * v]!; out[2 * v + 1] = oy + f32[(p >> 2) + 3 * v + 1]!; }
      return out;
    } finally { acp.free(p); }
  };
  const building = triangles(X.acp_abi_draw_building_triangles);
  const cell = triangles(X.acp_abi_draw_envcell_triangles);
  const nc = X.acp_abi_draw_static_cylinders(world, origin, 0, 0);
  const statics = new Float64Array(3 * nc);
  if (nc) {
    const p = acp.alloc(nc * MAT4_BYTES);
    try {
      X.acp_abi_draw_static_cylinders(world, origin, p, nc);
      const f32 = acp.f32();
      for (let k = 0; k < nc; k++) {
        const m = (p >> 2) + 16 * k;
        statics[3 * k] = ox + f32[m + 12]!;
        statics[3 * k + 1] = oy + f32[m + 13]!;
        statics[3 * k + 2] = Math.hypot(f32[m]!, f32[m + 1]!, f32[m + 2]!);
      }
    } finally { acp.free(p); }
  }
  const scenery = circles(acp, [X.acp_abi_draw_block_static_cylspheres, X.acp_abi_draw_block_static_spheres], world, origin, ox, oy);
  const rocks = triangles(X.acp_abi_draw_block_static_physics_triangles);
  const out = { building, cell, statics, scenery, rocks };
  structuresBySession.set(s, out);
  return out;
}

/** The circles (world x, y, radius in m) of the unit shapes the fills give as matrices: each
 *  matrix's translation and its first column's length. */
function circles(acp: Acphys, fills: ((w: number, o: number, out: number, cap: number) => number)[], world: number, origin: number, ox: number, oy: number): Float64Array {
  const counts = fills.map((f) => f(world, origin, 0, 0));
  const out = new Float64Array(3 * counts.reduce((a, b) => a + b, 0));
  let at = 0;
  fills.forEach((fill, i) => {
    const n = counts[i]!;
    if (!n) return;
    const p = acp.alloc(n * MAT4_BYTES);
    try {
      fill(world, origin, p, n);
      const f32 = acp.f32();
      for (let k = 0; k < n; k++, at++) {
        const m = (p >> 2) + 16 * k;
        out[3 * at] = ox + f32[m + 12]!;
        out[3 * at + 1] = oy + f32[m + 13]!;
        out[3 * at + 2] = Math.hypot(f32[m]!, f32[m + 1]!, f32[m + 2]!);
      }
    } finally { acp.free(p); }
  });
  return out;
}
