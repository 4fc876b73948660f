// TypeScript types for wasm/scenario.mjs: scenarios and traces over the C runner in acphys.wasm.
// Units: seconds, metres, m/s, rad/s; quaternions (w, x, y, z); ids are uint32.
// The scenario format: schema/scenario.v1.schema.json; the trace: schema/trace.v1.schema.json.

import type { Acphys, Ptr } from './acphys.mjs';

/** The clock profiles of docs/RETAIL-CONTRACT.md §4 (ACE's for comparison). */
export type ProfileName = 'retail' | 'acdream-r6' | 'ace' | 'render-frame';
export declare const PROFILES: readonly ProfileName[];

/** A 32-bit id or bit set: an integer or a "0x..." hex string. */
export type U32 = number | string;
export type Vec3 = [number, number, number];
export type Quaternion = [number, number, number, number];

/** An interpreted ("motion") or raw ("raw_motion") motion state. */
export interface MotionState {
  style?: U32;
  forward_command?: U32;
  forward_speed?: number;
  sidestep_command?: U32;
  sidestep_speed?: number;
  turn_command?: U32;
  turn_speed?: number;
  /** raw_motion only. */
  hold_run?: boolean;
}

export interface ScenarioObject {
  id: U32;
  name?: string;
  description?: string;
  setup?: U32;
  motion_table?: U32;
  physics_state?: U32;
  position: { cell: U32; origin: Vec3; orientation?: Quaternion };
  velocity?: Vec3;
  omega?: Vec3;
  scale?: number;
  friction?: number;
  elasticity?: number;
  run_rate?: number;
  enter_at?: number;
  placement?: 'set_position' | 'frame';
  transient_state?: U32;
}

export type ScenarioEvent = { t: number; object: U32; note?: string } & (
  | { motion: MotionState }
  | { raw_motion: MotionState }
  | { jump: { extent: number } }
  | { set_velocity: Vec3 }
);

export interface FrameGenerator {
  hz: number;
  count: number;
  start?: number;
  /** seed: non-zero uint32; ms: 0..1000. */
  jitter?: { seed: U32; ms: number };
}

/** A scenario, version 1 (docs/SCENARIOS.md). */
export interface Scenario {
  version: 1;
  name?: string;
  description?: string;
  profile?: ProfileName;
  compare_profiles?: ProfileName[];
  /** "default" = the excerpts embedded in acphys.wasm; other names are given bytes by the host. */
  excerpts?: string[];
  player?: U32;
  objects: ScenarioObject[];
  events?: ScenarioEvent[];
  frames: { times: number[] } | FrameGenerator;
}

/** A scenario that does not validate, or a run that failed; the message names the field. */
export declare class ScenarioError extends Error {}

export interface RunOptions {
  /** Overrides the scenario's profile. */
  profile?: ProfileName;
  /** The DAT bytes of each non-"default" excerpt name. */
  excerpts?: Map<string, Uint8Array> | Record<string, Uint8Array>;
  /** What the trace records: one line per frame (the default), per quantum, or per quantum of
   *  the traced object in dereth's shape (docs/SCENARIOS.md, "Per-quantum records"). */
  records?: 'frames' | 'quanta' | 'dereth';
  /** Comparison modes: peers' departures from retail rules (docs/DEVIATIONS.md). */
  peers?: Array<'ace-max-quantum' | 'ace-sled-friction' | 'ace-water-depth' | 'ace-moveto-defaults' | 'gdle-water-depth'>;
  /** createRun only: start from this snapshot (Run.snapshot(), `acphys run --snapshot`) of the
   *  same scenario and records instead of the first frame (issue 38). */
  resume?: Uint8Array;
}

/** What one step did. */
export interface FrameInfo {
  /** 1-based frame number. */
  frame: number;
  /** seconds */
  now: number;
  /** The world gate passed (always true without a gate). */
  gate: boolean;
  /** Running digest after this frame (16 hex digits). */
  digest: string;
}

/** One object's state after the last frame. */
export interface ObjectState {
  ptr: Ptr;
  id: number;
  cell: number;
  /** metres, relative to the cell's landblock */
  origin: number[];
  /** w, x, y, z */
  orientation: number[];
  /** m/s, world axes */
  velocity: number[];
  /** rad/s, world axes */
  omega: number[];
  state: number;
  transient: number;
  active: boolean;
  /** seconds */
  updateTime: number;
  /** update_object ran this frame */
  ran: boolean;
  /** 0 none, 1 parented, 2 no cell, 3 frozen */
  skipped: number;
  /** seconds; undefined when the clock ladder did not run */
  elapsed: number | undefined;
  /** seconds, the float quanta UpdateObjectInternal got */
  quanta: number[];
  /** seconds */
  pending: number;
}

export declare class Run {
  readonly acp: Acphys;
  readonly ptr: Ptr;
  readonly error: string | undefined;
  readonly warnings: string[];
  readonly profile: ProfileName;
  readonly frameTimes: Float64Array;
  readonly framesDone: number;
  readonly framesTotal: number;
  readonly world: Ptr;
  excerpts(): { index: number; name: string; needsBytes: boolean }[];
  setExcerpt(index: number, bytes: Uint8Array | ArrayBuffer): void;
  start(): void;
  /** Start from a snapshot of the same scenario and records (issue 38): the next stepNext() runs
   *  the frame after it. Throws ScenarioError naming the offset and field of a bad snapshot. */
  resume(bytes: Uint8Array | ArrayBuffer): void;
  /** The world's snapshot after the last frame run (the same bytes natively and in WebAssembly). */
  snapshot(): Uint8Array;
  /** One frame at timeSeconds (e.g. requestAnimationFrame time / 1000). */
  step(timeSeconds: number): FrameInfo;
  /** The scenario's next frame; null when all have run. */
  stepNext(): FrameInfo | null;
  runAll(opts?: { keepTrace?: boolean }): number;
  trace(): string;
  traceLine(): string;
  /** The last frame's records (the records option's shape), each line '\n'-terminated. */
  recordsText(): string;
  /** The records' closing line ('' for dereth records). */
  recordsClosing(): string;
  /** Arm the quantum inspector for scenario object `objectIndex` at frame `frame` (1-based). */
  inspect(objectIndex: number, frame: number): void;
  /** The inspector's record (JSON text) once the frame has run, else null. */
  inspectJson(): string | null;
  tableHeader(): string;
  tableRows(): string;
  digest(): string;
  digestLine(): string;
  frameDigestsBig(): BigUint64Array;
  frameDigests(): string[];
  objects(): ObjectState[];
  // ---- page ----
  /** Add an event to the running scenario (t later than every frame run so far); throws
   *  ScenarioError when refused, leaving the run unchanged. */
  addEvent(event: ScenarioEvent): void;
  /** Add an object to the running scenario (enter_at later than every frame run so far: it
   *  enters before the next frame whose time is >= enter_at); throws ScenarioError when
   *  refused, leaving the run unchanged. */
  addObject(object: ScenarioObject): void;
  /** Address of the last frame's acp_trace_object array (layout 'trace_object'); 0 before the first frame. */
  frameObjectsPtr(): Ptr;
  readonly objectCount: number;
  dispose(): void;
}

export interface RunResult {
  /** The trace as `acphys run --trace` writes it (frame lines, closing digest line). */
  trace: string;
  /** The frame lines. */
  lines: string[];
  digest: string;
  frameDigests: string[];
  frames: number;
  profile: ProfileName;
  warnings: string[];
}

/** Binary JSON tree encoding (src/scenario/jsonv.h) of a JSON value. */
export declare function encodeJson(value: unknown): Uint8Array;
/** JSON text → value: with `acp`, the native CLI's strict check first (src/scenario/jsoncheck.h:
 *  same texts accepted, same "not valid JSON: line L, column C: ..." messages), then JSON.parse
 *  after a byte order mark is dropped. `text` may be the file's bytes (needs `acp`), so bytes
 *  that are not UTF-8 are refused as natively. Throws ScenarioError. */
export declare function parseJsonText(text: string | Uint8Array, acp?: Acphys, opts?: { trace?: boolean }): unknown;
export declare function openRun(acp: Acphys, scenario: Scenario | unknown, opts?: { profile?: ProfileName }): Run;
export declare function createRun(acp: Acphys, scenario: Scenario | unknown, opts?: RunOptions): Run;
/** The quantum inspector: the scenario re-run to frame `frame` with object `object`'s sweeps
 *  recorded; the record's JSON text (as `acphys run --inspect` prints it). */
export declare function inspectScenario(acp: Acphys, scenario: Scenario | unknown,
  opts: RunOptions & { object: number; frame: number }): string;
/** inspectScenario one frame at a time (the page's inspector: a progress bar and a Cancel). */
export interface Inspection {
  /** The frames to run (the frame asked for, at most the scenario's). */
  readonly total: number;
  /** Frames run so far. */
  readonly done: number;
  /** Run one frame; false once the record is made or the frames ran out. */
  step(): boolean;
  /** The record's JSON text; throws inspectScenario's ScenarioError when there is none. */
  result(): string;
  dispose(): void;
}
export declare function openInspection(acp: Acphys, scenario: Scenario | unknown,
  opts: RunOptions & { object: number; frame: number }): Inspection;
export declare function runScenario(acp: Acphys, scenario: Scenario | unknown, opts?: RunOptions): RunResult;
/** The validator's message, or null when the scenario is valid. */
export declare function validateScenario(acp: Acphys, scenario: Scenario | unknown): string | null;
export declare function excerptNames(scenario: Scenario | unknown): string[];
export declare function splitLines(text: string): string[];
/** Compare two traces (src/scenario/diff.h): identical, or the first difference; `error` when
 *  a line is not JSON or a trace is empty (then `message` says why). */
export declare function diffTraces(acp: Acphys, a: string, b: string, opts?: {
  /** A diff options pointer (wasm/conform.mjs diffOptions). */
  options?: number;
  /** With --all: every differing line's one-line summary. */
  onDifference?: (summary: string) => void;
  /** Compare into this comparison pointer (the caller frees it). */
  d?: number;
  /** Return the comparison pointer as `d` (the caller frees it with acp_abi_diff_free). */
  keep?: boolean;
}): { identical: boolean; error: boolean; message: string; summary: string; d?: number };
export declare function generateFrameTimesWasm(acp: Acphys, gen: FrameGenerator): Float64Array;
