// acphys — a small ESM loader for wasm/acphys.wasm, in Node (>= 20) and in browsers.
//
// The module is built with Emscripten as STANDALONE_WASM without JS glue: it exports its
// functions (every `acp_abi_*` of wasm/abi/*.c), `memory`, and `_initialize` (its C constructors),
// and imports nothing the core calls. Any WASI import it declares is bound to a stub that
// throws, naming the import, because the core never does I/O. The DAT commands alone
// (acp_abi_cli_dat: `npx acphys list|dump|excerpt`) read and write files, through the acp_host_*
// imports, which call whatever Acphys.host holds (bin/acphys.mjs: Node's fs).
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
    try {
      return new Uint8Array(await readFile(where));
    } catch (e) {
      if (source === undefined && e.code === 'ENOENT') throw new MissingWasmError(where);
      throw e;
    }
  }
  const res = await fetch(where);
  if (!res.ok) throw new Error(`acphys: cannot fetch ${where}: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

/** The .wasm beside the loader is empty or not a module WebAssembly compiles (an interrupted
 *  build or copy): `code` is 'ACPHYS_NO_WASM' as for MissingWasmError; the message says which
 *  and the command that rebuilds it. */
export class DamagedWasmError extends Error {
  constructor(url, bytes, cause) {
    const path = decodeURIComponent(url.pathname);
    const what = bytes.byteLength === 0 ? 'empty (0 bytes)'
      : `damaged (${bytes.byteLength} bytes that WebAssembly cannot compile: ${cause.message})`;
    super(`acphys: ${path} is ${what}: an interrupted build? Rebuild it with\n` +
      '  npm run build\n' +
      '(in a clone; in an installed package, reinstall it: npm install acphys)');
    this.name = 'DamagedWasmError';
    this.code = 'ACPHYS_NO_WASM';
    this.path = path;
  }
}

/** The .wasm beside the loader is not there: a clone before its first build. `path` is the file
 *  wanted; `code` is 'ACPHYS_NO_WASM'; the message says the one command that builds it. */
export class MissingWasmError extends Error {
  constructor(url) {
    const path = decodeURIComponent(url.pathname);
    super(`acphys: ${path} is missing: a clone has no .wasm until it is built. Build it with\n` +
      '  npm run build\n' +
      '(it needs Emscripten; without Emscripten, the native CLI does the same: docs/PORTING.md)');
    this.name = 'MissingWasmError';
    this.code = 'ACPHYS_NO_WASM';
    this.path = path;
  }
}

/** The standalone module grows its memory by exactly what each allocation lacks (64 KiB steps,
 *  Emscripten's standalone emscripten_resize_heap), and every grow gives JavaScript a new
 *  ArrayBuffer, which costs V8 a garbage collection: building a run of 10,000 objects took
 *  seconds, most of them in those collections. After each grow the module reports (the import
 *  emscripten_notify_memory_growth), this loader grows the memory further, by a quarter of its
 *  size and at most 96 MiB (the growth Emscripten's own JavaScript runtime allows itself), so
 *  the module's next allocations find room and memory grows in a few dozen steps, not
 *  thousands. `acp.memoryGrowths` counts the module's grows. */
function growMore(state) {
  state.count++;
  const memory = state.memory;
  if (!memory) return;
  const pages = memory.buffer.byteLength / 65536;
  try {
    memory.grow(Math.max(1, Math.min(Math.ceil(pages / 4), 1536)));
  } catch {
    // at the maximum: the module's own exact growth stands
  }
}

function stubImports(module, grown) {
  const imports = {};
  for (const imp of WebAssembly.Module.imports(module)) {
    imports[imp.module] ??= {};
    if (imp.kind !== 'function') continue;
    if (imp.name === 'emscripten_notify_memory_growth') {
      imports[imp.module][imp.name] = () => growMore(grown);
      continue;
    }
    if (imp.name.startsWith('acp_host_')) {
      // The DAT commands' files (wasm/abi/cli.c): whatever Acphys.host holds when they run.
      const name = imp.name.slice('acp_host_'.length);
      imports[imp.module][imp.name] = (...args) => {
        const f = grown.host?.[name];
        if (!f) throw new Error(`acphys: the module called the host function ${name}, and no host is set (Acphys.host)`);
        return f(...args);
      };
      continue;
    }
    imports[imp.module][imp.name] = () => {
      throw new Error(`acphys: the module called the import ${imp.module}.${imp.name}, which the core never should`);
    };
  }
  return imports;
}

/** First 16 hex digits of the SHA-256 of the module's bytes: the build digest (docs/SCENARIOS.md).
 *  Undefined where WebCrypto is not available (a page served over plain http from another host). */
export async function buildDigest(bytes) {
  const subtle = globalThis.crypto && globalThis.crypto.subtle;
  if (!subtle) return undefined;
  const hash = new Uint8Array(await subtle.digest('SHA-256', bytes));
  return Array.from(hash.slice(0, 8), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The loaded module: its exports, its memory and helpers to reach linear memory. */
export class Acphys {
  constructor(instance, bytes, digest, grown = { count: 0 }) {
    /** Every exported function, by name (`acp_abi_*`). */
    this.exports = instance.exports;
    /** The module's linear memory. */
    this.memory = instance.exports.memory;
    /** Size of the .wasm in bytes. */
    this.size = bytes.byteLength;
    /** Build digest: first 16 hex digits of the SHA-256 of the .wasm. */
    this.digest = digest;
    this._grown = grown;
  }
  /** How many times the module has grown its memory (each grow is followed by the loader's
   *  headroom: see growMore). */
  get memoryGrowths() { return this._grown.count; }
  /** The functions behind the module's acp_host_* imports, which only the DAT commands call
   *  (acp_abi_cli_dat, wasm/abi/cli.c: print, open, read, close, same_file, write_file); bin/acphys.mjs
   *  sets them to Node's fs. Unset, such a call throws. */
  get host() { return this._grown.host ?? null; }
  set host(h) { this._grown.host = h; }
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
  /** The static world of one landblock, as `acphys world <cell dat> <landblock id> [--portal
   *  <portal dat>]` prints it (src/cli/world_cmd.c, the same code): `cell` and `portal` are whole
   *  DATs' bytes (a Uint8Array each; the default excerpts fill in the records they lack),
   *  `landblockId` 0xXXYY or 0xXXYYFFFF. Returns `{ landblock, objects }`, each object
   *  `{ kind: 'building'|'landblock_info'|'scenery'|'envcell', id, cell, origin [x, y, z] (metres,
   *  the landblock's frame), orientation [w, x, y, z], scale }` in the order retail creates them
   *  (CLandBlock::init_buildings, init_static_objs, CEnvCell::init_static_objects); with
   *  `{ text: true }` the JSON text itself. Throws an Error with the command's message ("acphys
   *  world: cell holds no LandBlock 0x0101FFFF") and `status` 1 (a DAT error, no such landblock)
   *  or 2 (an id that is not 0..0xFFFFFFFF). */
  world(cell, landblockId, { portal, text = false } = {}) {
    const id = Number(landblockId);
    if (!Number.isInteger(id) || id < 0 || id > 0xFFFFFFFF) {
      const e = new Error(`acphys world: the landblock id must be hex (0xXXYY or 0xXXYYFFFF), not "${landblockId}"`);
      e.status = 2;
      throw e;
    }
    const pc = this.copyIn(cell);
    const pp = portal ? this.copyIn(portal) : 0;
    try {
      const status = this.exports.acp_abi_world(pc, cell.byteLength, pp, portal ? portal.byteLength : 0, id >>> 0);
      if (status !== 0) {
        const e = new Error(this.string(this.exports.acp_abi_world_text(2)).replace(/\n$/, '') || `acphys world: status ${status}`);
        e.status = status;
        throw e;
      }
      const json = this.string(this.exports.acp_abi_world_text(1));
      return text ? json : JSON.parse(json);
    } finally {
      this.free(pc);
      if (pp) this.free(pp);
    }
  }
  /** The library version. */
  version() { return this.string(this.exports.acp_abi_version()); }
  /** The layout of a C struct (kind: 'physobj', 'world', 'fphook', 'anim_hook', 'sequence',
   *  'anim_node', 'partarray', 'motion_interp', 'motion_state', 'mtable_manager', 'animation',
   *  'trace_object', 'object_def', 'motion', 'object_state', 'server_position', 'move_to', 'world_info'):
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
    // An object's shadow entries keep copies of its origin, cell, state, scale and shapes (what a
    // sweep's reach bound reads); a direct write refreshes them as the C setters do.
    if (kind === 'physobj') this.exports.acp_abi_physobj_fields_written(ptr);
    else if (kind === 'partarray') this.exports.acp_abi_partarray_fields_written(ptr);
  }
  /** The descriptor of one field; throws for an unknown name. */
  field(kind, name) {
    const f = this.layout(kind).fields[name];
    if (!f) throw new Error(`acphys: ${kind} has no field '${name}'`);
    return f;
  }
  // ---- snapshots and hand-offs of an API world (acp_abi_api_create_world's id; API 1.1) ----
  /** acp_world_snapshot: the world's whole mutable state (a Uint8Array, the same bytes natively). */
  worldSnapshot(world) {
    return this._sized((buf, cap, size) => this.exports.acp_abi_api_world_snapshot(world, buf, cap, size));
  }
  /** acp_world_restore: throws ApiError (the offset and field of a damaged snapshot). */
  worldRestore(world, bytes) {
    const p = this.copyIn(bytes);
    try {
      this._ok(this.exports.acp_abi_api_world_restore(world, p, bytes.byteLength));
    } finally {
      this.free(p);
    }
  }
  /** acp_object_export: the object's bytes; it leaves the world. */
  objectExport(world, objectId) {
    return this._sized((buf, cap, size) => this.exports.acp_abi_api_object_export(world, objectId >>> 0, buf, cap, size));
  }
  /** acp_object_import: returns the object's id. */
  objectImport(world, bytes) {
    const p = this.copyIn(bytes), id = this.alloc(4);
    try {
      this._ok(this.exports.acp_abi_api_object_import(world, p, bytes.byteLength, id));
      return this.u32()[id >> 2];
    } finally {
      this.free(p);
      this.free(id);
    }
  }
  /** A sizing call (buffer 0), then the call into a buffer of that size: its bytes. */
  _sized(call) {
    const size = this.alloc(4);
    let buf = 0;
    try {
      this._ok(call(0, 0, size));
      const n = this.u32()[size >> 2];
      buf = this.alloc(Math.max(n, 1));
      this._ok(call(buf, n, size));
      return this.u8().slice(buf, buf + this.u32()[size >> 2]);
    } finally {
      this.free(size);
      if (buf) this.free(buf);
    }
  }
  _ok(status) {
    if (status !== 0) throw new ApiError(status, this.string(this.exports.acp_abi_api_error()));
  }
}

/** A call of the public API (acp_abi_api_*) refused: `status` is its acp_status, the message the
 *  library's (acp_error_message). */
export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

const LAYOUT_KINDS = ['physobj', 'world', 'fphook', 'anim_hook',
  // ---- motion ----
  'sequence', 'anim_node', 'partarray', 'motion_interp', 'motion_state', 'mtable_manager', 'animation',
  'trace_object', // page (issue 8): one object of a run's last frame
  'object_def', 'motion', 'object_state', // the public API's structs (issue 37, wasm/abi/api.c)
  'server_position', 'move_to', 'world_info',
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
  let module;
  try {
    module = await WebAssembly.compile(bytes);
  } catch (e) {
    if (source === undefined && e instanceof WebAssembly.CompileError) throw new DamagedWasmError(DEFAULT_URL, bytes, e);
    throw e;
  }
  const grown = { memory: null, count: 0 };
  const instance = await WebAssembly.instantiate(module, stubImports(module, grown));
  grown.memory = instance.exports.memory;
  if (typeof instance.exports._initialize === 'function') instance.exports._initialize();
  return new Acphys(instance, bytes, await buildDigest(bytes), grown);
}

// ---- DAT records (wasm/abi/dat.c acp_abi_dat_*) ----

/** Record types of acp_dat_type. */
export const DAT_TYPE = Object.freeze({
  Setup: 1, Animation: 2, MotionTable: 3, LandBlock: 4, Region: 5, GfxObj: 6, Environment: 7, EnvCell: 8, LandBlockInfo: 9,
  ParticleEmitterInfo: 10, PhysicsScript: 11, PhysicsScriptTable: 12, Scene: 13,
});
/** The status of acp_dat_status meaning "supply the wanted range and call again". */
export const DAT_PENDING = 1;

/** A failed DAT call: `status` (number), `code` (e.g. "ACP_DAT_ERR_FREE_BLOCK"), `offset`
 *  (bytes; within the record when `inRecord`, else within the file), `field`, `recordId`, and
 *  `reason` (the status's own sentence) and `place` ("file offset 2816, field record chain");
 *  `message` says all of them. */
export class DatError extends Error {
  constructor(info) {
    const place = `${info.inRecord ? 'record' : 'file'} offset ${info.offset}${info.field ? `, field ${info.field}` : ''}`;
    const rec = info.recordId ? ` in record 0x${info.recordId.toString(16).toUpperCase().padStart(8, '0')}` : '';
    super(`${info.message} (${info.code}) at ${place}${rec}`);
    this.name = 'DatError';
    const { message: reason, ...rest } = info;
    Object.assign(this, rest);
    this.reason = reason;
    this.place = place;
  }
}

/** The last error of a DAT handle as a plain object: `kind` 'dat' (DatSet) or 'lazydat'
 *  (LazyDat) picks the acp_abi_<kind>_error_* functions. */
function datErrorInfo(acp, kind, h) {
  const x = acp.exports, status = x[`acp_abi_${kind}_error_status`](h);
  return {
    status,
    code: acp.string(x.acp_abi_dat_status_name(status)),
    message: acp.string(x.acp_abi_dat_status_string(status)),
    offset: x[`acp_abi_${kind}_error_offset`](h),
    inRecord: x[`acp_abi_${kind}_error_in_record`](h) === 1,
    field: acp.string(x[`acp_abi_${kind}_error_field`](h)),
    recordId: x[`acp_abi_${kind}_error_record`](h) >>> 0,
  };
}

/** A record store in the module (src/dat/dat.h acp_datset): add excerpts or lazily read DATs,
 *  then query records. Call free() when done. */
export class DatSet {
  constructor(acp) {
    this.acp = acp;
    this.x = acp.exports;
    this.handle = this.x.acp_abi_dat_create();
    if (!this.handle) throw new Error('acphys: out of memory creating a DAT record store');
    this.readers = [];
  }
  /** The last error as a plain object (status 0 when the last call succeeded). */
  lastError() { return datErrorInfo(this.acp, 'dat', this.handle); }
  #check(status) {
    if (status !== 0) throw new DatError(this.lastError());
  }
  /** Parse every record of an in-memory DAT (an excerpt); all or nothing. Throws DatError. */
  addBytes(bytes) {
    const p = this.acp.copyIn(bytes);
    let status;
    try { status = this.x.acp_abi_dat_add_bytes(this.handle, p, bytes.byteLength); } finally { this.acp.free(p); }
    this.#check(status);
  }
  /** Register a DAT read on demand: `read(offset, length)` returns (a promise of) those bytes,
   *  e.g. from File.slice. Returns the source index. */
  addLazy(length, read) {
    const index = this.x.acp_abi_dat_add_lazy(this.handle, length);
    if (index < 0) throw new DatError(this.lastError());
    this.readers[index] = read;
    return index;
  }
  /** Load record `id` from the lazy sources (fetching the byte ranges the C side asks for).
   *  Resolves when loaded; throws DatError (ACP_DAT_ERR_NOT_FOUND, ...). */
  async require(id) {
    // Each round fetches one range; a record never needs more than its size in 64 KiB windows,
    // so a runaway (a hostile file whose chain hops between windows) stops here.
    for (let round = 0; ; round++) {
      const status = this.x.acp_abi_dat_require(this.handle, id >>> 0);
      if (status !== DAT_PENDING) { this.#check(status); return; }
      if (round > 100000) throw new Error(`acphys: reading record 0x${(id >>> 0).toString(16)} needs more than 100000 ranges`);
      const src = this.x.acp_abi_dat_wanted_source(this.handle);
      const offset = this.x.acp_abi_dat_wanted_offset(this.handle);
      const length = this.x.acp_abi_dat_wanted_length(this.handle) >>> 0;
      const bytes = await this.readers[src](offset, length);
      const p = this.acp.copyIn(bytes);
      let supplied;
      try { supplied = this.x.acp_abi_dat_supply(this.handle, src, offset, p, bytes.byteLength); } finally { this.acp.free(p); }
      this.#check(supplied);
    }
  }
  /** Number of records held. */
  count() { return this.x.acp_abi_dat_count(this.handle) >>> 0; }
  /** Every record held, as { type, id }, in (type, id) order. */
  records() {
    const out = [];
    for (let i = 0; i < this.count(); i++) {
      out.push({ type: this.x.acp_abi_dat_record_type(this.handle, i), id: this.x.acp_abi_dat_record_id(this.handle, i) >>> 0 });
    }
    return out;
  }
  /** Record (type, id) as a plain object (the JSON of acp_dat_record_json), or undefined. */
  json(type, id) {
    const p = this.x.acp_abi_dat_json(this.handle, type, id >>> 0);
    if (!p) return undefined;
    try { return JSON.parse(this.acp.string(p)); } finally { this.acp.free(p); }
  }
  /** LandBlock `id`: { id, hasObjects, terrain: Uint16Array(81), height: Uint8Array(81) } (copies),
   *  element x*9 + y; undefined when absent. */
  landblock(id) {
    const p = this.x.acp_abi_dat_landblock(this.handle, id >>> 0);
    if (!p) return undefined;
    const u8 = this.acp.u8();
    const view = new DataView(u8.buffer, p, 251);
    const terrain = new Uint16Array(81);
    for (let i = 0; i < 81; i++) terrain[i] = view.getUint16(8 + 2 * i, true);
    return { id: view.getUint32(0, true), hasObjects: view.getUint32(4, true), terrain, height: u8.slice(p + 170, p + 251) };
  }
  /** The LandHeightTable (metres, 256 floats) of Region `id` (default 0x13000000), or undefined. */
  heightTable(id = 0x13000000) {
    const p = this.x.acp_abi_dat_land_height_table(this.handle, id >>> 0);
    return p ? this.acp.f32().slice(p >> 2, (p >> 2) + 256) : undefined;
  }
  /** Release the store. */
  free() {
    if (this.handle) this.x.acp_abi_dat_destroy(this.handle);
    this.handle = 0;
  }
}

/** Write a new DAT in the retail container format (src/dat/writer.h): `dataSet` 1 portal or 2
 *  cell, `blockSize` (0 = 1024 portal, 256 cell), `records` [{ id, bytes, flags, date, iteration }].
 *  Returns its bytes. */
export function writeDat(acp, { dataSet, blockSize = 0, records }) {
  const x = acp.exports;
  const w = x.acp_abi_dat_writer_create(dataSet, blockSize);
  if (!w) throw new Error('acphys: cannot create a DAT writer (bad block size or out of memory)');
  try {
    for (const r of records) {
      const p = acp.copyIn(r.bytes);
      let status;
      try {
        status = x.acp_abi_dat_writer_add(w, r.id >>> 0, p, r.bytes.byteLength, (r.flags ?? 0) >>> 0, r.date ?? 0, r.iteration ?? 0);
      } finally { acp.free(p); }
      if (status !== 0) throw new Error(`acphys: record 0x${(r.id >>> 0).toString(16)}: ${acp.string(x.acp_abi_dat_status_string(status))}`);
    }
    const status = x.acp_abi_dat_writer_finish(w);
    if (status !== 0) throw new Error(`acphys: ${acp.string(x.acp_abi_dat_status_string(status))}`);
    const p = x.acp_abi_dat_writer_bytes(w), n = x.acp_abi_dat_writer_size(w) >>> 0;
    return acp.u8().slice(p, p + n);
  } finally {
    x.acp_abi_dat_writer_destroy(w);
  }
}

// ---- page: records copied out of a user's full DAT, read lazily ----

/** A user's full DAT (client_portal.dat, client_cell_1.dat) read on demand through
 *  `read(offset, length)` (e.g. File.slice), to copy records out of it: `await record(id)` gives
 *  the record's raw bytes, directory entry fields and parsed JSON; `writeDat` then makes an
 *  excerpt of them. Only the header, the B-tree path and the record's blocks are read (64 KiB
 *  windows). `onRead(bytes)` is told of every range read (a progress bar). Call free(). */
export class LazyDat {
  constructor(acp, length, read, onRead) {
    this.acp = acp;
    this.x = acp.exports;
    this.read = read;
    this.onRead = onRead;
    this.handle = this.x.acp_abi_lazydat_create(length);
    if (!this.handle) throw new Error('acphys: out of memory opening a DAT');
  }
  lastError() { return datErrorInfo(this.acp, 'lazydat', this.handle); }
  async #settle(call) {
    for (let round = 0; ; round++) {
      const status = call();
      if (status !== DAT_PENDING) {
        if (status !== 0) throw new DatError(this.lastError());
        return;
      }
      if (round > 100000) throw new Error('acphys: a DAT read needed more than 100000 ranges');
      const offset = this.x.acp_abi_lazydat_wanted_offset(this.handle);
      const length = this.x.acp_abi_lazydat_wanted_length(this.handle) >>> 0;
      const bytes = await this.read(offset, length);
      if (this.onRead) this.onRead(bytes.byteLength);
      const p = this.acp.copyIn(bytes);
      let supplied;
      try { supplied = this.x.acp_abi_lazydat_supply(this.handle, offset, p, bytes.byteLength); } finally { this.acp.free(p); }
      if (supplied !== 0) throw new DatError(this.lastError());
    }
  }
  /** Read and check the header; resolves to { dataSet (1 portal, 2 cell), blockSize }. Throws
   *  DatError (ACP_DAT_ERR_BAD_MAGIC for a file that is not a DAT, ...). */
  async open() {
    await this.#settle(() => this.x.acp_abi_lazydat_open(this.handle));
    return { dataSet: this.x.acp_abi_lazydat_data_set(this.handle), blockSize: this.x.acp_abi_lazydat_block_size(this.handle) };
  }
  /** Record `id`: { id, bytes, flags, date, iteration, json (parsed record, or undefined for a
   *  type acphys does not parse), refs: [{ id, dataSet }] the records it names of types acphys
   *  parses, each once, in either DAT (1 portal, 2 cell): what `acphys excerpt` follows }.
   *  Throws DatError (ACP_DAT_ERR_NOT_FOUND, ...). */
  async record(id) {
    await this.#settle(() => this.x.acp_abi_lazydat_read(this.handle, id >>> 0));
    const x = this.x, h = this.handle;
    const p = x.acp_abi_lazydat_bytes(h), n = x.acp_abi_lazydat_size(h) >>> 0;
    const j = x.acp_abi_lazydat_json(h);
    const refs = [];
    for (let i = 0, k = x.acp_abi_lazydat_ref_count(h) >>> 0; i < k; i++) {
      refs.push({ id: x.acp_abi_lazydat_ref_id(h, i) >>> 0, dataSet: x.acp_abi_lazydat_ref_data_set(h, i) >>> 0 });
    }
    return {
      id: id >>> 0,
      bytes: this.acp.u8().slice(p, p + n),
      flags: x.acp_abi_lazydat_flags(h) >>> 0,
      date: x.acp_abi_lazydat_date(h),
      iteration: x.acp_abi_lazydat_iteration(h),
      json: j ? JSON.parse(this.acp.string(j)) : undefined,
      refs,
    };
  }
  free() {
    if (this.handle) this.x.acp_abi_lazydat_destroy(this.handle);
    this.handle = 0;
  }
}

// ---- scripts and particles (wasm/abi/fx.c, issue 16) ----

/** An object's live particles: [{ x, y, z, scale, translucency }] (world metres). */
export function objectParticles(acp, obj) {
  const x = acp.exports;
  const n = x.acp_abi_object_particle_count(obj);
  if (!n) return [];
  const out = acp.alloc(n * 20);
  try {
    const got = x.acp_abi_object_particles(obj, out, n);
    const f = acp.f32();
    const list = [];
    for (let i = 0; i < got; i++) {
      const k = (out >> 2) + 5 * i;
      list.push({ x: f[k], y: f[k + 1], z: f[k + 2], scale: f[k + 3], translucency: f[k + 4] });
    }
    return list;
  } finally {
    acp.free(out);
  }
}

/** The scripts an object's ScriptManager holds: [{ id, start, nextHook? }], the running one first. */
export function objectScripts(acp, obj) {
  const x = acp.exports;
  const n = x.acp_abi_object_script_count(obj);
  if (!n) return [];
  const out = acp.alloc(16);
  try {
    const list = [];
    for (let i = 0; i < n; i++) {
      x.acp_abi_object_script_times(obj, i, out);
      const d = new Float64Array(acp.memory.buffer, out, 2);
      const s = { id: x.acp_abi_object_script_id(obj, i), start: d[0] };
      if (i === 0) s.nextHook = d[1];
      list.push(s);
    }
    return list;
  } finally {
    acp.free(out);
  }
}
