// acphys — scenarios and traces from JavaScript (Node and the page), over the same C runner the
// native CLI uses (src/scenario/run.h through the acp_abi_run_* functions of wasm/abi/runs.c).
//
// JSON is parsed by JSON.parse; encodeJson turns the result into the binary tree encoding of
// src/scenario/jsonv.h, which the C side decodes (bounds-checked) and validates. So there is one
// decoder, one validator and one trace writer for every host, and a scenario's errors read the
// same everywhere: "<field path>: <what is wrong>".
//
//   import { loadAcphys } from './acphys.mjs';
//   import { runScenario, createRun } from './scenario.mjs';
//   const acp = await loadAcphys();
//   const { trace, digest } = runScenario(acp, scenarioObject);          // the whole run
//   const run = createRun(acp, scenarioObject);                          // or frame by frame
//   run.step(performance.now() / 1000); run.traceLine(); run.objects(); run.dispose();

export const PROFILES = ['retail', 'acdream-r6', 'ace', 'render-frame'];
const MAX_DEPTH = 64;
const MAGIC = 0x314e534a; // "JSN1"

/** A scenario that does not validate, or a run that failed: the message names the field. */
export class ScenarioError extends Error {
  constructor(message) {
    super(message);
    this.name = 'ScenarioError';
  }
}

// ---- the binary JSON encoding (src/scenario/jsonv.h) ----

class Writer {
  constructor() { this.buf = new Uint8Array(1024); this.view = new DataView(this.buf.buffer); this.len = 0; }
  reserve(n) {
    if (this.len + n <= this.buf.length) return;
    let cap = this.buf.length * 2;
    while (cap < this.len + n) cap *= 2;
    const grown = new Uint8Array(cap);
    grown.set(this.buf.subarray(0, this.len));
    this.buf = grown;
    this.view = new DataView(grown.buffer);
  }
  u8(v) { this.reserve(1); this.buf[this.len++] = v; }
  u32(v) { this.reserve(4); this.view.setUint32(this.len, v, true); this.len += 4; }
  f64(v) { this.reserve(8); this.view.setFloat64(this.len, v, true); this.len += 8; }
  string(s) {
    const bytes = utf8.encode(s);
    this.u32(bytes.length);
    this.reserve(bytes.length);
    this.buf.set(bytes, this.len);
    this.len += bytes.length;
  }
}
const utf8 = new TextEncoder();

/** The binary tree encoding of a JSON value (what JSON.parse returns, or any value that
 *  JSON.stringify accepts: toJSON is honoured, undefined / functions / symbols are left out of
 *  objects and become null in arrays). Unlike JSON.stringify, NaN and ±Infinity stay numbers, so
 *  the C validator can name them. Throws on a BigInt, a cycle or nesting deeper than 64. */
export function encodeJson(value) {
  const w = new Writer();
  w.u32(MAGIC);
  const seen = new Set();
  const put = (v, depth, inArray) => {
    if (v !== null && typeof v === 'object' && typeof v.toJSON === 'function') v = v.toJSON();
    switch (typeof v) {
      case 'boolean': w.u8(v ? 2 : 1); return;
      case 'number': w.u8(3); w.f64(v); return;
      case 'string': w.u8(4); w.string(v); return;
      case 'bigint': throw new TypeError('acphys: a BigInt is not JSON');
      case 'undefined': case 'function': case 'symbol':
        if (inArray) { w.u8(0); return; }
        throw new TypeError('acphys: not a JSON value');
      default: break;
    }
    if (v === null) { w.u8(0); return; }
    if (depth >= MAX_DEPTH) throw new ScenarioError('nesting deeper than 64 levels');
    if (seen.has(v)) throw new TypeError('acphys: a cycle is not JSON');
    seen.add(v);
    if (Array.isArray(v)) {
      w.u8(5);
      w.u32(v.length);
      for (const item of v) put(item, depth + 1, true);
    } else {
      const entries = Object.entries(v).filter(([, x]) =>
        x !== undefined && typeof x !== 'function' && typeof x !== 'symbol');
      w.u8(6);
      w.u32(entries.length);
      for (const [k, x] of entries) { w.string(k); put(x, depth + 1, false); }
    }
    seen.delete(v);
  };
  put(value, 0, true);
  return w.buf.slice(0, w.len);
}

/** JSON text → value, as every host reads scenario and trace text: with the module (`acp`), the
 *  strict check the native CLI runs first (src/scenario/jsoncheck.h: same texts accepted, same
 *  "not valid JSON: line L, column C: ..." message), then JSON.parse after a UTF-8 byte order
 *  mark is dropped. Without `acp`, JSON.parse alone ("not valid JSON"). `text` is a string, or
 *  the file's bytes (a Uint8Array), so that bytes that are not UTF-8 are refused as natively
 *  rather than read as U+FFFD. `trace`: the text is a trace's line (acp_abi_json_check_trace:
 *  the trace's NaN hint, a number beyond the double range refused). Throws ScenarioError. */
export function parseJsonText(text, acp, { trace = false } = {}) {
  if (text instanceof Uint8Array) {
    if (!acp) throw new ScenarioError('parseJsonText: bytes need the module');
    checkJson(text, acp, trace);
    text = new TextDecoder('utf-8', { fatal: true }).decode(text); // valid UTF-8: the check passed
  } else if (acp) {
    checkJson(new TextEncoder().encode(text), acp, trace);
  }
  const t = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return JSON.parse(t);
  } catch {
    throw new ScenarioError('not valid JSON');
  }
}

/** The strict check (src/scenario/jsoncheck.h) over UTF-8 bytes; throws ScenarioError. */
function checkJson(bytes, acp, trace) {
  const msg = acp.alloc(160);
  const check = trace ? acp.exports.acp_abi_json_check_trace : acp.exports.acp_abi_json_check;
  try {
    const ok = withBytes(acp, bytes, (p, n) => check(p, n, msg, 160));
    if (!ok) throw new ScenarioError(`not valid JSON: ${acp.string(msg)}`);
  } finally {
    acp.free(msg);
  }
}

// ---- helpers over linear memory ----

function withBytes(acp, bytes, fn) {
  const p = acp.copyIn(bytes);
  try { return fn(p, bytes.byteLength); } finally { acp.free(p); }
}

function cstr(acp, p) { return p ? acp.string(p) : ''; }

function hex64(hi, lo) {
  return (hi >>> 0).toString(16).padStart(8, '0') + (lo >>> 0).toString(16).padStart(8, '0');
}

function excerptBytes(excerpts, name) {
  if (!excerpts) return undefined;
  if (excerpts instanceof Map) return excerpts.get(name);
  return Object.prototype.hasOwnProperty.call(excerpts, name) ? excerpts[name] : undefined;
}

function profileIndex(profile) {
  if (profile === undefined || profile === null) return -1;
  const i = PROFILES.indexOf(profile);
  if (i < 0) throw new ScenarioError(`the profile option: unknown profile "${profile}" (known: retail, acdream-r6, ace, render-frame)`);
  return i;
}

// ---- the run ----

/** One object's state after the last frame, read from linear memory (layout of wasm/abi/module.c). */
function readObject(acp, ptr) {
  const g = (name) => acp.get('physobj', ptr, name);
  const ran = g('record_ran');
  const skipped = g('record_skipped');
  const n = g('record_num_quanta');
  return {
    ptr,
    id: g('id'),
    cell: g('cell'),
    origin: g('origin'),
    orientation: g('quaternion'),
    velocity: g('velocity'),
    omega: g('omega'),
    state: g('state'),
    transient: g('transient_state'),
    active: (g('transient_state') & 0x80) !== 0,
    updateTime: g('update_time'),
    ran,
    skipped,
    elapsed: ran && skipped === 0 ? g('record_elapsed') : undefined,
    quanta: ran ? g('record_quanta').slice(0, Math.min(n, 21)) : [],
    pending: g('record_pending'),
  };
}

/** A scenario run in linear memory, stepped frame by frame. Create it with createRun. */
export class Run {
  constructor(acp, ptr) {
    this.acp = acp;
    this.ptr = ptr;
  }
  /** The C runner's error message, or undefined. */
  get error() {
    const p = this.acp.exports.acp_abi_run_error(this._p());
    return p ? this.acp.string(p) : undefined;
  }
  _check() {
    const e = this.error;
    if (e !== undefined) throw new ScenarioError(e);
  }
  /** Things the run could not do as asked (e.g. motion events before motion is wired). */
  get warnings() {
    const X = this.acp.exports;
    return Array.from({ length: X.acp_abi_run_warning_count(this._p()) }, (_, i) => cstr(this.acp, X.acp_abi_run_warning(this._p(), i)));
  }
  /** The clock profile the world runs. */
  get profile() { return PROFILES[this.acp.exports.acp_abi_run_profile(this._p())]; }
  /** The scenario's frame times (seconds; a copy). */
  get frameTimes() {
    const X = this.acp.exports;
    const n = X.acp_abi_run_frames_total(this._p());
    const p = X.acp_abi_run_frame_times(this._p());
    return n ? new Float64Array(this.acp.memory.buffer.slice(p, p + 8 * n)) : new Float64Array(0);
  }
  /** Frames run so far. */
  get framesDone() { return this.acp.exports.acp_abi_run_frames_done(this._p()); }
  /** The scenario's number of frames. */
  get framesTotal() { return this.acp.exports.acp_abi_run_frames_total(this._p()); }
  /** The scenario's excerpts: [{ index, name, needsBytes }] ("default" needs none). */
  excerpts() {
    const X = this.acp.exports;
    return Array.from({ length: X.acp_abi_run_excerpt_count(this._p()) }, (_, index) => ({
      index,
      name: cstr(this.acp, X.acp_abi_run_excerpt_name(this._p(), index)),
      needsBytes: X.acp_abi_run_excerpt_needs_bytes(this._p(), index) === 1,
    }));
  }
  /** Hand in excerpt `index`'s DAT bytes (before start). */
  setExcerpt(index, bytes) {
    const u8 = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
    withBytes(this.acp, u8, (p, n) => this.acp.exports.acp_abi_run_set_excerpt(this._p(), index, p, n));
    this._check();
  }
  /** Read the excerpts and build the world (throws ScenarioError). */
  start() {
    if (!this.acp.exports.acp_abi_run_start(this._p())) this._check();
  }
  /** Start from a snapshot `run.snapshot()` (or `acphys run --snapshot`) wrote of the same
   *  scenario and records, instead of from the first frame: the next stepNext() runs the frame
   *  after the snapshot's (throws ScenarioError naming the offset and field of a bad snapshot). */
  resume(bytes) {
    const u8 = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
    const ok = withBytes(this.acp, u8, (p, n) => this.acp.exports.acp_abi_run_resume(this._p(), p, n));
    if (!ok) this._check();
  }
  /** The world's snapshot after the last frame run (a Uint8Array: the same bytes natively). */
  snapshot() {
    const X = this.acp.exports;
    const size = this.acp.alloc(4), err = this.acp.alloc(400);
    try {
      const p = X.acp_abi_run_snapshot(this._p(), size, err, 400);
      if (!p) throw new ScenarioError(this.acp.string(err));
      const n = this.acp.u32()[size >> 2];
      const out = new Uint8Array(this.acp.memory.buffer, p, n).slice();
      this.acp.free(p);
      return out;
    } finally {
      this.acp.free(size);
      this.acp.free(err);
    }
  }
  /** The world (a pointer; read it with acp.get('world', ptr, field)). */
  get world() { return this.acp.exports.acp_abi_run_world(this._p()); }

  _frame() {
    const p = this.acp.exports.acp_abi_run_world(this._p());
    return {
      frame: this.framesDone,
      now: this.acp.get('world', p, 'now'),
      gate: this.acp.get('world', p, 'gate_passed'),
      digest: this.digest(),
    };
  }
  /** Run one frame at `timeSeconds` (e.g. requestAnimationFrame's time / 1000): events due by
   *  then, CPhysics::UseTime, the trace. Returns { frame, now, gate, digest }. */
  step(timeSeconds) {
    if (!this.acp.exports.acp_abi_run_step(this._p(), timeSeconds)) this._check();
    return this._frame();
  }
  /** Run the scenario's next frame; null when all have run. */
  stepNext() {
    if (this.acp.exports.acp_abi_run_step_next(this._p())) return this._frame();
    this._check();
    return null;
  }
  /** Run every remaining frame. With keepTrace the trace text is kept (trace()). */
  runAll({ keepTrace = true } = {}) {
    const n = this.acp.exports.acp_abi_run_all(this._p(), keepTrace ? 1 : 0);
    this._check();
    return n;
  }
  /** The trace kept by runAll: every frame line and the closing digest line, '\n'-terminated. */
  trace() {
    const X = this.acp.exports;
    const p = X.acp_abi_run_trace(this._p());
    const n = X.acp_abi_run_trace_length(this._p());
    return new TextDecoder().decode(this.acp.u8().subarray(p, p + n));
  }
  /** The last frame's trace line (JSON, no newline). */
  traceLine() {
    const X = this.acp.exports;
    const p = X.acp_abi_run_line(this._p());
    const n = X.acp_abi_run_line_length(this._p());
    return new TextDecoder().decode(this.acp.u8().subarray(p, p + n));
  }
  /** The last frame's records as the run's records option makes them: the frame line, or one
   *  line per quantum (none when no quantum ran), each '\n'-terminated. */
  recordsText() {
    const X = this.acp.exports;
    const p = X.acp_abi_run_records_text(this._p());
    const n = X.acp_abi_run_records_length(this._p());
    return new TextDecoder().decode(this.acp.u8().subarray(p, p + n));
  }
  /** The records' closing line ('' for dereth records, which have none). */
  recordsClosing() { return cstr(this.acp, this.acp.exports.acp_abi_run_records_closing(this._p())); }
  /** The table header, and the last frame's rows (as `acphys run` prints them). */
  tableHeader() { return cstr(this.acp, this.acp.exports.acp_abi_run_table_header(this._p())); }
  tableRows() { return cstr(this.acp, this.acp.exports.acp_abi_run_table_rows(this._p())); }
  /** The running digest after the last frame (16 hex digits). */
  digest() {
    const X = this.acp.exports;
    return hex64(X.acp_abi_run_digest_hi(this._p()), X.acp_abi_run_digest_lo(this._p()));
  }
  /** The closing trace line {"digest":"..."} for the frames run so far. */
  digestLine() { return cstr(this.acp, this.acp.exports.acp_abi_run_digest_line(this._p())); }
  /** The digest after every frame run so far, as a BigUint64Array copy (element k: frame k + 1).
   *  The page's share links use every 64th. */
  frameDigestsBig() {
    const X = this.acp.exports;
    const n = X.acp_abi_run_frames_done(this._p());
    const p = X.acp_abi_run_frame_digests(this._p());
    const out = new BigUint64Array(n);
    const view = new DataView(this.acp.memory.buffer);
    for (let i = 0; i < n; i++) out[i] = view.getBigUint64(p + 8 * i, true);
    return out;
  }
  /** The same as hex strings. */
  frameDigests() { return Array.from(this.frameDigestsBig(), (d) => d.toString(16).padStart(16, '0')); }
  /** Every scenario object's state after the last frame, in scenario order. */
  objects() {
    const X = this.acp.exports;
    const n = X.acp_abi_run_object_count(this._p());
    const out = [];
    for (let i = 0; i < n; i++) {
      const p = X.acp_abi_run_object(this._p(), i);
      if (p) out.push(readObject(this.acp, p));
    }
    return out;
  }
  // ---- the quantum inspector (issue 36) ----
  /** Record scenario object `objectIndex`'s collision sweeps during frame `frame` (1-based, the
   *  trace's "frame"), which must not have run yet. Throws ScenarioError when refused. */
  inspect(objectIndex, frame) {
    if (!this.acp.exports.acp_abi_run_inspect(this._p(), objectIndex >>> 0, frame >>> 0)) this._check();
  }
  /** The inspector's record as JSON text (what `acphys run --inspect` prints) once the frame has
   *  run, else null. */
  inspectJson() {
    const X = this.acp.exports;
    const p = X.acp_abi_run_inspect_json(this._p());
    if (!p) return null;
    const n = X.acp_abi_run_inspect_json_length(this._p());
    return new TextDecoder().decode(this.acp.u8().subarray(p, p + n));
  }
  // ---- page ----
  /** Add an event (one element of a scenario's "events") to the running scenario, as its last
   *  listed event: its t must be later than every frame time run so far. Throws ScenarioError
   *  with the reason when refused; the run goes on unchanged either way. */
  addEvent(event) {
    const X = this.acp.exports;
    const ok = withBytes(this.acp, encodeJson(event), (p, n) => X.acp_abi_run_add_event(this.ptr, p, n));
    if (!ok) throw new ScenarioError(cstr(this.acp, X.acp_abi_run_event_error(this.ptr)) || 'the event could not be decoded');
  }
  /** Add an object (one element of a scenario's "objects") to the running scenario, as its last
   *  object: its enter_at must be later than every frame time run so far, and it enters the
   *  world before the next frame whose time is >= enter_at, as a replay of the whole scenario
   *  has it. Throws ScenarioError with the reason when refused; the run goes on unchanged. */
  addObject(object) {
    const X = this.acp.exports;
    const ok = withBytes(this.acp, encodeJson(object), (p, n) => X.acp_abi_run_add_object(this.ptr, p, n));
    if (!ok) throw new ScenarioError(cstr(this.acp, X.acp_abi_run_event_error(this.ptr)) || 'the object could not be decoded');
  }
  /** The address of the last frame's objects (acp_trace_object, layout 'trace_object'), 0 before
   *  the first frame: read them with typed views, one struct per scenario object. */
  frameObjectsPtr() { return this.acp.exports.acp_abi_run_frame_objects(this.ptr); }
  /** Number of scenario objects. */
  get objectCount() { return this.acp.exports.acp_abi_run_object_count(this.ptr); }
  /** Free the run (its world, records and buffers). */
  dispose() {
    if (this.ptr) this.acp.exports.acp_abi_run_free(this.ptr);
    this.ptr = 0;
  }
  /** The run's handle; a disposed run cannot be used. */
  _p() {
    if (!this.ptr) throw new ScenarioError('the run was disposed');
    return this.ptr;
  }
}

/** What a run's trace records (src/scenario/run.h acp_run_records): one line per frame, one per
 *  quantum (acphys's shape), or one per quantum of the traced object in dereth's shape. */
const RECORDS = ['frames', 'quanta', 'dereth'];
/** Comparison modes (src/physics/world/physics.h acp_peer_rule, in bit order). */
const PEER_RULES = ['ace-max-quantum', 'ace-sled-friction', 'ace-water-depth', 'ace-moveto-defaults', 'gdle-water-depth'];

/** Decode and validate a scenario into a run that has not started: hand in excerpt bytes
 *  (run.excerpts(), run.setExcerpt) and call run.start(). Throws ScenarioError with the C
 *  validator's message. createRun does all three. */
export function openRun(acp, scenario, { profile, records, peers } = {}) {
  const value = typeof scenario === 'string' ? parseJsonText(scenario, acp) : scenario;
  const override = profileIndex(profile);
  const kind = RECORDS.indexOf(records ?? 'frames');
  if (kind < 0) throw new ScenarioError(`the records option: "${records}" is not frames, quanta or dereth`);
  const ptr = withBytes(acp, encodeJson(value), (p, n) => acp.exports.acp_abi_run_create(p, n, override));
  if (!ptr) throw new Error('acphys: out of memory');
  const run = new Run(acp, ptr);
  try {
    run._check();
    if (kind > 0) acp.exports.acp_abi_run_set_records(ptr, kind);
    let rules = 0;
    for (const name of peers ?? []) {
      const bit = PEER_RULES.indexOf(name);
      if (bit < 0) throw new ScenarioError(`the peers option: unknown rule "${name}" (known: ${PEER_RULES.join(', ')})`);
      rules |= 1 << bit;
    }
    if (rules) acp.exports.acp_abi_run_set_peer_rules(ptr, rules);
  } catch (e) {
    run.dispose();
    throw e;
  }
  return run;
}

/** Validate and start a run. `scenario`: the parsed JSON (or its text). Options: `profile`
 *  overrides the scenario's; `excerpts` maps each non-"default" excerpt name of the scenario to
 *  its DAT file's bytes (a Map or a plain object). Throws ScenarioError with the C runner's
 *  message (a missing excerpt: `excerpts[1]: no bytes were given for "x.dat" ...`). */
export function createRun(acp, scenario, { profile, excerpts, records, peers, resume } = {}) {
  const run = openRun(acp, scenario, { profile, records, peers });
  try {
    for (const { index, name, needsBytes } of run.excerpts()) {
      if (!needsBytes) continue;
      const bytes = excerptBytes(excerpts, name);
      if (bytes !== undefined && bytes !== null) run.setExcerpt(index, bytes);
    }
    if (resume) run.resume(resume); // a snapshot's bytes: the frames after it (issue 38)
    else run.start();
    return run;
  } catch (e) {
    run.dispose();
    throw e;
  }
}

/** The excerpt names of a scenario that need bytes from the host (not "default"). */
export function excerptNames(scenario) {
  const list = Array.isArray(scenario?.excerpts) ? scenario.excerpts : ['default'];
  return list.filter((n) => typeof n === 'string' && n !== 'default');
}

/** The validator's message for a scenario, or null when it is valid (no world is built, so
 *  references into the excerpts are not checked). */
export function validateScenario(acp, scenario) {
  let value;
  try {
    value = typeof scenario === 'string' ? parseJsonText(scenario, acp) : scenario;
  } catch (e) {
    return e.message;
  }
  const ptr = withBytes(acp, encodeJson(value), (p, n) => acp.exports.acp_abi_run_create(p, n, -1));
  if (!ptr) throw new Error('acphys: out of memory');
  const run = new Run(acp, ptr);
  const e = run.error;
  run.dispose();
  return e ?? null;
}

/** Run a whole scenario: { trace (text, as `acphys run --trace` writes it), lines (the frame
 *  lines), digest, frameDigests (hex per frame), frames, profile, warnings }. */
export function runScenario(acp, scenario, opts = {}) {
  const run = createRun(acp, scenario, opts);
  try {
    const frames = run.runAll({ keepTrace: true });
    const trace = run.trace();
    const lines = trace.split('\n').filter((l) => l.length > 0);
    if ((opts.records ?? 'frames') !== 'dereth') lines.pop(); // the closing digest line (dereth's shape has none)
    return {
      trace, lines, digest: run.digest(), frameDigests: run.frameDigests(), frames,
      profile: run.profile, warnings: run.warnings,
    };
  } finally {
    run.dispose();
  }
}

/** The quantum inspector for one object and frame: re-runs the scenario (createRun's options)
 *  up to and including frame `frame` (1-based) with object `object`'s sweeps recorded, and
 *  returns the record's JSON text, the same characters `acphys run --inspect <object>:<frame>`
 *  prints. Throws ScenarioError for a bad object, a frame past the scenario's, or an object that
 *  enters after the frame. */
export function inspectScenario(acp, scenario, opts = {}) {
  const ins = openInspection(acp, scenario, opts);
  try {
    while (ins.step()) { /* up to the frame */ }
    return ins.result();
  } finally {
    ins.dispose();
  }
}

/** inspectScenario one frame at a time, for a host that keeps its thread responsive (the page
 *  steps it in chunks with a progress bar and a Cancel): { total (the frames to run), done (run so
 *  far), step() (runs one frame; false once the record is made or the frames ran out), result()
 *  (the JSON text, or the ScenarioError inspectScenario throws), dispose() }. */
export function openInspection(acp, scenario, { object, frame, ...opts } = {}) {
  const run = createRun(acp, scenario, opts);
  try {
    run.inspect(object, frame);
  } catch (e) {
    run.dispose();
    throw e;
  }
  return {
    total: Math.min(frame, run.framesTotal),
    get done() { return run.framesDone; },
    step: () => run.inspectJson() === null && run.stepNext(),
    result() {
      const text = run.inspectJson();
      if (text === null) throw new ScenarioError(`inspect: frame ${frame} is past the scenario's ${run.framesTotal} frames`);
      return text;
    },
    dispose: () => run.dispose(),
  };
}

/** The lines of a JSON Lines text as every host splits them: at '\n', without a trailing '\r',
 *  skipping lines that are empty or only spaces and tabs. */
export function splitLines(text) {
  return text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l)).filter((l) => /[^ \t]/.test(l));
}

/** Compare two traces (JSON Lines text): { identical, error, message, summary } where message
 *  names the first differing frame and field with both values and their ulp distance
 *  (src/scenario/diff.h). Trace b is scanned first: a field it never writes is "not written".
 *  opts.options: a diff options pointer (wasm/conform.mjs diffOptions; the caller frees it);
 *  opts.onDifference(summary): with --all, called for every differing line. opts.keep: return
 *  the comparison's pointer as `d` instead of freeing it (the caller frees it with
 *  acp_abi_diff_free); opts.d: compare into this comparison (created by the caller). */
export function diffTraces(acp, aText, bText, opts = {}) {
  const X = acp.exports;
  const a = splitLines(aText), b = splitLines(bText);
  const d = opts.d ?? (opts.options ? X.acp_abi_diff_create_with(opts.options) : X.acp_abi_diff_create());
  if (!d) throw new Error('acphys: out of memory');
  let keep = false;
  try {
    let why = '';
    const parse = (line) => {
      try { return encodeJson(parseJsonText(line, acp, { trace: true })); } catch (e) { why = e.message; return null; }
    };
    const badLine = (line, which) => {
      const p = acp.copyIn(new TextEncoder().encode(`${why}\0`));
      try { X.acp_abi_diff_bad_line(d, line, which, p); } finally { acp.free(p); }
    };
    const withDoc = (doc, fn) => { const p = acp.copyIn(doc); try { return fn(p); } finally { acp.free(p); } };
    const docsB = b.map((line) => parse(line));
    for (const eb of docsB) {
      if (eb) withDoc(eb, (p) => X.acp_abi_diff_scan_b(d, p, eb.length));
      else X.acp_abi_diff_scan_b(d, 0, 0);
    }
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const ea = i < a.length ? parse(a[i]) : null;
      const whyA = why;
      const eb = i < b.length ? docsB[i] : null;
      if (i < b.length && !eb) parse(b[i]); // its reason
      let going;
      if (i < a.length && !ea) { why = whyA; badLine(i + 1, 97); going = false; }
      else if (i < b.length && !eb) { badLine(i + 1, 98); going = false; }
      else if (!eb) going = withDoc(ea, (p) => X.acp_abi_diff_extra_line(d, i + 1, 97, p, ea.length));
      else if (!ea) going = withDoc(eb, (p) => X.acp_abi_diff_extra_line(d, i + 1, 98, p, eb.length));
      else going = withDoc(ea, (pa) => withDoc(eb, (pb) => X.acp_abi_diff_line(d, i + 1, pa, ea.length, pb, eb.length)));
      if (!going && X.acp_abi_diff_go_on(d)) {
        opts.onDifference?.(acp.string(X.acp_abi_diff_summary(d)));
        X.acp_abi_diff_next(d);
        going = true;
      }
      if (!going) break;
    }
    const identical = X.acp_abi_diff_finish(d, a.length, b.length) === 1;
    keep = Boolean(opts.keep);
    return {
      identical, error: X.acp_abi_diff_error(d) === 1, message: acp.string(X.acp_abi_diff_message(d)),
      summary: acp.string(X.acp_abi_diff_summary(d)), ...(keep ? { d } : {}),
    };
  } finally {
    if (!keep && !opts.d) X.acp_abi_diff_free(d);
  }
}

/** The frame generator (docs/SCENARIOS.md) computed by the C runner (the page's TypeScript copy is
 *  web/src/frames.ts; tests prove both give the same doubles). */
export function generateFrameTimesWasm(acp, { hz, count, start = 0, jitter }) {
  const p = acp.alloc(8 * Math.max(count, 1));
  try {
    acp.exports.acp_abi_frames_generate(hz, count, start, jitter ? 1 : 0, jitter ? jitter.seed >>> 0 : 0, jitter ? jitter.ms : 0, p);
    return new Float64Array(acp.memory.buffer.slice(p, p + 8 * count));
  } finally {
    acp.free(p);
  }
}
