// Shared helpers for the Node conformance tests: load the .wasm once, and move frames,
// positions and vectors in and out of linear memory.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { loadAcphys } from '../../wasm/acphys.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const nativeCli = join(root, 'build', 'native', 'acphys');

let loaded;
/** The module, loaded once per test file. */
export async function acphys() {
  loaded ??= await loadAcphys(join(root, 'wasm', 'acphys.wasm'));
  return loaded;
}

/** Run the native CLI and return its stdout (throws when it is not built). */
export function runNative(args, opts = {}) {
  if (!existsSync(nativeCli)) throw new Error(`native CLI not built: ${nativeCli} (run npm run build)`);
  return execFileSync(nativeCli, args, { encoding: 'utf8', ...opts });
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
/** Bits of a number rounded to float32. */
export function fbits(x) { f32[0] = x; return u32[0]; }
/** x rounded to float32, as a number. */
export function fround(x) { return Math.fround(x); }

/** A frame (16 floats) or position (cell + 16 floats) in linear memory, read back as a plain
 *  object { q: [w, x, y, z], m: [9], origin: [x, y, z] }. */
export class Mem {
  constructor(acp) { this.acp = acp; this.ptrs = []; }
  alloc(n) { const p = this.acp.alloc(n); this.ptrs.push(p); return p; }
  /** A fresh identity frame. */
  frame() { const p = this.alloc(64); this.acp.exports.acp_abi_frame_identity(p); return p; }
  /** A frame with rotation normalize(w, x, y, z) and an origin. */
  frameWith(q, origin = [0, 0, 0]) {
    const p = this.frame();
    this.acp.exports.acp_abi_frame_set_rotate(p, ...q);
    this.setOrigin(p, origin);
    return p;
  }
  setOrigin(p, o) { this.acp.f32().set(o.map(Math.fround), (p >> 2) + 13); }
  read(p) {
    const v = Array.from(this.acp.f32().subarray(p >> 2, (p >> 2) + 16));
    return { q: v.slice(0, 4), m: v.slice(4, 13), origin: v.slice(13, 16) };
  }
  vec3(v) { const p = this.alloc(12); this.acp.f32().set(v.map(Math.fround), p >> 2); return p; }
  readVec3(p) { return Array.from(this.acp.f32().subarray(p >> 2, (p >> 2) + 3)); }
  /** A position: cell id then a frame at offset 4. */
  position(cell, origin, q = [1, 0, 0, 0]) {
    const p = this.alloc(68);
    this.acp.exports.acp_abi_frame_identity(p + 4);
    this.acp.exports.acp_abi_frame_set_rotate(p + 4, ...q);
    this.acp.u32()[p >> 2] = cell >>> 0;
    this.setOrigin(p + 4, origin);
    return p;
  }
  /** Local +Y of a frame in world axes: the frame's forward vector. */
  forward(p) { const m = this.read(p).m; return [m[3], m[4], m[5]]; }
  freeAll() { for (const p of this.ptrs) this.acp.free(p); this.ptrs = []; }
}

/** |a − b| <= tol for numbers or arrays. */
export function near(assert, a, b, tol, msg) {
  if (Array.isArray(a)) { a.forEach((x, i) => near(assert, x, b[i], tol, `${msg ?? ''}[${i}]`)); return; }
  assert.ok(Math.abs(a - b) <= tol, `${msg ?? ''}: ${a} vs ${b} (tol ${tol})`);
}
