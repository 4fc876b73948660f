// acphys — a small ESM loader for wasm/acphys.wasm, in Node (>= 20) and in browsers.
//
// The module is built with Emscripten as STANDALONE_WASM without JS glue: it exports its
// functions (every `acp_abi_*` of wasm/abi.c), `memory`, and `_initialize` (its C constructors),
// and imports nothing the core calls. Any WASI import it declares is bound to a stub that
// throws, naming the import, because the core never does I/O.
//
// Memory may grow during a call (the scenario runner and DAT reader allocate), so typed-array
// views must be taken after the call: use `acp.f32()`, `acp.u32()`, `acp.f64()`, `acp.u8()`.

/** @typedef {import('./acphys').Acphys} AcphysType */

const DEFAULT_URL = new URL('./acphys.wasm', import.meta.url);

function isNode() {
  return typeof process !== 'undefined' && !!process.versions && !!process.versions.node;
}

async function readBytes(source) {
  if (source instanceof ArrayBuffer) return new Uint8Array(source);
  if (ArrayBuffer.isView(source)) return new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
  const where = source ?? DEFAULT_URL;
  const url = where instanceof URL ? where : null;
  if (isNode() && (!url || url.protocol === 'file:')) {
    const fsName = 'node:fs/promises';
    const { readFile } = await import(/* @vite-ignore */ fsName);
    return new Uint8Array(await readFile(where));
  }
  const res = await fetch(where);
  if (!res.ok) throw new Error(`acphys: cannot fetch ${where}: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

function stubImports(module) {
  const imports = {};
  for (const imp of WebAssembly.Module.imports(module)) {
    imports[imp.module] ??= {};
    if (imp.kind !== 'function') continue;
    if (imp.name === 'emscripten_notify_memory_growth') {
      imports[imp.module][imp.name] = () => {};
      continue;
    }
    imports[imp.module][imp.name] = () => {
      throw new Error(`acphys: the module called the import ${imp.module}.${imp.name}, which the core never should`);
    };
  }
  return imports;
}

/** First 16 hex digits of the SHA-256 of the module's bytes: the build digest (SPEC §6).
 *  Undefined where WebCrypto is not available (a page served over plain http from another host). */
export async function buildDigest(bytes) {
  const subtle = globalThis.crypto && globalThis.crypto.subtle;
  if (!subtle) return undefined;
  const hash = new Uint8Array(await subtle.digest('SHA-256', bytes));
  return Array.from(hash.slice(0, 8), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The loaded module: its exports, its memory and helpers to reach linear memory. */
export class Acphys {
  constructor(instance, bytes, digest) {
    /** Every exported function, by name (`acp_abi_*`). */
    this.exports = instance.exports;
    /** The module's linear memory. */
    this.memory = instance.exports.memory;
    /** Size of the .wasm in bytes. */
    this.size = bytes.byteLength;
    /** Build digest: first 16 hex digits of the SHA-256 of the .wasm. */
    this.digest = digest;
  }
  /** A Uint8Array over the whole memory, valid until the next call that may grow it. */
  u8() { return new Uint8Array(this.memory.buffer); }
  /** Uint32 view. */
  u32() { return new Uint32Array(this.memory.buffer); }
  /** Int32 view. */
  i32() { return new Int32Array(this.memory.buffer); }
  /** Float32 view. */
  f32() { return new Float32Array(this.memory.buffer); }
  /** Float64 view. */
  f64() { return new Float64Array(this.memory.buffer); }
  /** Allocate n bytes (8-byte aligned) and return the byte offset; throws when out of memory. */
  alloc(n) {
    const p = this.exports.acp_abi_alloc(n);
    if (!p) throw new Error(`acphys: out of memory allocating ${n} bytes`);
    return p;
  }
  /** Release memory from alloc. */
  free(p) { this.exports.acp_abi_free(p); }
  /** Copy bytes into fresh linear memory; returns the offset (free it with free()). */
  copyIn(bytes) {
    const p = this.alloc(bytes.byteLength);
    this.u8().set(bytes, p);
    return p;
  }
  /** Read the NUL-terminated UTF-8 string at offset p. */
  string(p) {
    const u8 = this.u8();
    let end = p;
    while (u8[end] !== 0) end++;
    return new TextDecoder().decode(u8.subarray(p, end));
  }
  /** The library version. */
  version() { return this.string(this.exports.acp_abi_version()); }
  /** The layout of a C struct (kind: 'physobj', 'world', 'fphook', 'anim_hook', 'sequence',
   *  'anim_node', 'partarray', 'motion_interp', 'motion_state', 'mtable_manager', 'animation'):
   *  { size, fields: { name: { offset, type, count } } } from acp_abi_layout. Types: 1 u32, 2 i32,
   *  3 f32, 4 f64, 5 bool (u8), 6 pointer, 0 opaque. */
  layout(kind) {
    this._layouts ??= {};
    if (this._layouts[kind]) return this._layouts[kind];
    const index = LAYOUT_KINDS.indexOf(kind);
    if (index < 0) throw new Error(`acphys: unknown layout '${kind}'`);
    const fields = {};
    let p = this.exports.acp_abi_layout(index);
    for (;;) {
      const u32 = this.u32();
      const [name, offset, type, count] = u32.subarray(p >> 2, (p >> 2) + 4);
      if (name === 0) { this._layouts[kind] = { size: offset, fields }; return this._layouts[kind]; }
      fields[this.string(name)] = { offset, type, count };
      p += 16;
    }
  }
  /** Read field `name` of a `kind` struct at `ptr`: a number, boolean, or an array when count > 1. */
  get(kind, ptr, name) {
    const f = this.field(kind, name);
    const read = (i) => readScalar(this, f.type, ptr + f.offset + i * TYPE_SIZE[f.type]);
    if (f.count === 1) return read(0);
    return Array.from({ length: f.count }, (_, i) => read(i));
  }
  /** Write field `name` of a `kind` struct at `ptr` (a number, boolean or array). */
  set(kind, ptr, name, value) {
    const f = this.field(kind, name);
    const values = Array.isArray(value) ? value : [value];
    values.forEach((v, i) => writeScalar(this, f.type, ptr + f.offset + i * TYPE_SIZE[f.type], v));
  }
  /** The descriptor of one field; throws for an unknown name. */
  field(kind, name) {
    const f = this.layout(kind).fields[name];
    if (!f) throw new Error(`acphys: ${kind} has no field '${name}'`);
    return f;
  }
}

const LAYOUT_KINDS = ['physobj', 'world', 'fphook', 'anim_hook',
  // ---- motion (issue 6) ----
  'sequence', 'anim_node', 'partarray', 'motion_interp', 'motion_state', 'mtable_manager', 'animation',
  // ---- end motion ----
];
const TYPE_SIZE = [1, 4, 4, 4, 8, 1, 4, 2];

function readScalar(acp, type, p) {
  switch (type) {
    case 1: case 6: return acp.u32()[p >> 2];
    case 2: return acp.i32()[p >> 2];
    case 3: return acp.f32()[p >> 2];
    case 4: return new DataView(acp.memory.buffer).getFloat64(p, true);
    case 5: return acp.u8()[p] !== 0;
    case 7: return new DataView(acp.memory.buffer).getInt16(p, true);
    default: throw new Error(`acphys: cannot read a field of type ${type}`);
  }
}

function writeScalar(acp, type, p, v) {
  switch (type) {
    case 1: case 6: acp.u32()[p >> 2] = v >>> 0; break;
    case 2: acp.i32()[p >> 2] = v | 0; break;
    case 3: acp.f32()[p >> 2] = v; break;
    case 4: new DataView(acp.memory.buffer).setFloat64(p, v, true); break;
    case 5: acp.u8()[p] = v ? 1 : 0; break;
    default: throw new Error(`acphys: cannot write a field of type ${type}`);
  }
}

/** Load and instantiate acphys.wasm. `source`: bytes, a URL, a file path (Node), or nothing for
 *  the .wasm beside this file. */
export async function loadAcphys(source) {
  const bytes = await readBytes(source);
  const module = await WebAssembly.compile(bytes);
  const instance = await WebAssembly.instantiate(module, stubImports(module));
  if (typeof instance.exports._initialize === 'function') instance.exports._initialize();
  return new Acphys(instance, bytes, await buildDigest(bytes));
}
