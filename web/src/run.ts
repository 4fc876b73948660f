// A page session: one scenario run by the C runner under the chosen clock profile and, over the
// same frame times, under the other profile (both profiles side by side). Each frame steps both
// runs (CPhysics::UseTime), appends the time to the scenario's frames.times, and reads every
// object's state from the run's last-frame struct array with typed views (no per-object calls,
// no per-frame allocation). Events made while running (the keyboard) go into the scenario and
// into both runs, so a replay of the scenario applies them before the same frames.
import { comparisonProfile } from './profiles';
import type { Acphys } from '../../wasm/acphys.mjs';
import { createRun, type ProfileName, type Run, type Scenario, type ScenarioEvent, type ScenarioObject } from '../../wasm/scenario.mjs';
import { History } from './history';
import { offsets, type Offsets } from './traceoffsets';

/** update_object's activity gate: an object farther than this from the player (m) goes inactive
 *  (ACP_ACTIVITY_RADIUS in CPhysicsObj's physobj.h). */
export const ACTIVITY_RADIUS = 96;

/** How many objects the plots and the map's paths follow individually. */
export const TRACKED = 8;


/** Id (number) of a U32 field. */
export function u32(v: number | string | undefined): number { return v === undefined ? 0 : Number(v) >>> 0; }

/** What one frame did (primary profile), and what it cost. */
export interface FrameStats {
  frame: number;
  now: number;
  gate: boolean;
  /** ms in the primary run's step (the core: events, UseTime, capture, digest). */
  coreMs: number;
  /** ms in the comparison run's step. */
  compareMs: number;
  /** ms reading the objects back into the history. */
  readMs: number;
}

export interface SessionOptions {
  acp: Acphys;
  scenario: Scenario;
  /** Bytes of each non-"default" excerpt, by name. */
  excerpts: Map<string, Uint8Array>;
  /** Run the other profile too (default true). */
  compare?: boolean;
  /** Start from these runs' snapshots (a state file, web/src/savestate.ts) after the scenario's
   *  frame times instead of replaying them: `runFrames` is the frame count the runs' scenarios
   *  had when they were made, the profiles the runs' (the comparison run second). */
  resume?: { snapshots: Uint8Array[]; profiles: ProfileName[]; runFrames: number; runTimes?: number[]; labels?: string[] };
}

/** A scenario being run (see the file comment). */
export class Session {
  readonly acp: Acphys;
  readonly scenario: Scenario;
  /** scenario.frames.times: grows with each frame. */
  readonly times: number[];
  readonly profiles: ProfileName[];
  readonly runs: Run[];
  readonly history: History;
  n: number;
  ids: Uint32Array;
  readonly names: string[];
  /** Live state of every object after the last frame (primary profile): world x, y (m), z (m),
   *  heading (degrees), active, cell. */
  gx: Float64Array;
  gy: Float64Array;
  z: Float64Array;
  heading: Float64Array;
  active: Uint8Array;
  cell: Uint32Array;
  /** Why update_object skipped each object in the last frame it ran (the world gate passed;
   *  acp_skip_reason: 0 none, 1 parented, 2 no cell, 3 frozen). */
  skipped: Uint8Array;
  /** The index of the scenario's player (the activity gate's reference), or -1. */
  readonly playerIndex: number;
  /** Interpolation node queue length after the last frame; −1 without a PositionManager. */
  nodes: Int32Array;
  /** Largest collision sphere radius × scale (m); 0 without spheres. */
  radius: Float32Array;
  readonly warnings: string[];
  private readonly off: Offsets;
  /** The primary run's physics objects (acp_physobj pointers), in scenario order. */
  objPtrs: Uint32Array;
  private readonly hookNames = new Map<number, string>();
  private buffer: ArrayBufferLike | null = null;
  private u8 = new Uint8Array(0);
  private u32v = new Uint32Array(0);
  private f32 = new Float32Array(0);
  private dv = new DataView(new ArrayBuffer(8));

  constructor(opts: SessionOptions) {
    this.acp = opts.acp;
    const src = opts.scenario;
    const times = 'times' in src.frames ? src.frames.times.slice() : [];
    this.times = [];
    this.scenario = { ...src, events: [...(src.events ?? [])], frames: { times: this.times } };
    // The C run needs at least one frame time to validate; the page steps explicit times.
    const r = opts.resume;
    const forC = { ...this.scenario, frames: { times: r ? r.runTimes ?? times.slice(0, r.runFrames) : times.length ? times : [1 / 60] } };
    this.runFrames = forC.frames.times.length;
    this.runTimes = forC.frames.times.slice();
    this.runs = [];
    this.profiles = [];
    try {
      // The primary run takes the scenario's own profile, so the C validator judges a bad one
      // like any other field ('profile: unknown profile "x" (known: ...)'); the comparison run
      // is the other profile of the two the page shows.
      const first = createRun(this.acp, forC, { excerpts: opts.excerpts, profile: r?.profiles[0], resume: r?.snapshots[0] });
      this.runs.push(first);
      const primary = first.profile;
      this.profiles.push(primary);
      if (r ? r.snapshots.length > 1 : opts.compare !== false) {
        const other = r?.profiles[1] ?? comparisonProfile(primary, src.compare_profiles);
        this.runs.push(createRun(this.acp, forC, { profile: other, excerpts: opts.excerpts, resume: r?.snapshots[1] }));
        this.profiles.push(other);
      }
      const stands = this.runs.find((x) => x.framesDone !== times.length);
      if (r && stands) throw new Error(`the snapshots stand after frame ${stands.framesDone}, but the scenario has ${times.length} frame times`);
    } catch (e) {
      const label = r?.labels?.[this.runs.length], m = /^resume: the snapshot is refused: (.*)$/s.exec(e instanceof Error ? e.message : '');
      for (const r of this.runs) r.dispose();
      throw label && m ? new Error(`${label}: ${m[1]}`) : e; // a snapshot's refusal: which run's, and where it is
    }
    this.warnings = this.runs[0]!.warnings;
    this.off = offsets(this.acp);
    const X = this.acp.exports;
    const run0 = this.runs[0]!;
    this.n = X.acp_abi_run_object_count(run0.ptr);
    this.ids = new Uint32Array(this.n);
    this.objPtrs = new Uint32Array(this.n);
    this.radius = new Float32Array(this.n);
    this.names = [];
    this.gx = new Float64Array(this.n); this.gy = new Float64Array(this.n); this.z = new Float64Array(this.n);
    this.heading = new Float64Array(this.n); this.active = new Uint8Array(this.n); this.cell = new Uint32Array(this.n);
    this.skipped = new Uint8Array(this.n);
    this.playerIndex = src.player === undefined ? -1 : this.scenario.objects.findIndex((o) => u32(o.id) === u32(src.player));
    this.nodes = new Int32Array(this.n).fill(-1);
    for (let i = 0; i < this.n; i++) this.describe(i);
    this.history = new History(Math.min(this.n, TRACKED), this.profiles.length);
    this.recorded = r ? [] : times;
    if (!r || !times.length) return;
    this.times.push(...times.slice(0, -1)); // resumed: the frames before the last are not in the history,
    this.history.skip(this.times); // and the last is read from the restored runs' frame
    this.record(times[times.length - 1]!, { frame: 0, now: times[times.length - 1]!, gate: false, coreMs: 0, compareMs: 0, readMs: 0 });
  }

  /** The frame count of the runs' scenarios when they were made (a state file keeps it). */
  readonly runFrames: number;
  /** The frame times the runs' scenarios were made with (the placeholder 1/60 for a session made
   *  without times): their snapshots' scenario digest covers them, so a state file keeps them. */
  readonly runTimes: number[];

  /** Object i's id, name, start position and (once it is in the world) physics object and
   *  largest sphere radius; an object whose enter_at is ahead has no physics object yet (0). */
  private describe(i: number): void {
    const so = this.scenario.objects[i]!;
    this.ids[i] = u32(so.id);
    this.names[i] = so.name ?? `object ${u32(so.id)}`;
    this.placed(i);
    const pos = so.position;
    const cell = u32(pos.cell);
    this.cell[i] = this.objPtrs[i] ? cell : 0;
    this.gx[i] = ((cell >>> 24) & 0xff) * 192 + pos.origin[0];
    this.gy[i] = ((cell >>> 16) & 0xff) * 192 + pos.origin[1];
    this.z[i] = pos.origin[2];
    this.heading[i] = NaN;
    if (!this.objPtrs[i]) this.waiting++;
  }

  /** Objects whose enter_at is still ahead (not in the world; objPtrs 0). */
  waiting = 0;

  /** Object i's physics object once it is in the world (and its largest sphere radius × scale). */
  private placed(i: number): boolean {
    const X = this.acp.exports;
    const p = X.acp_abi_run_object(this.runs[0]!.ptr, i);
    this.objPtrs[i] = p;
    if (!p) return false;
    let r = 0;
    const ns = X.acp_abi_physobj_sphere_count(p);
    for (let k = 0; k < ns; k++) {
      const sp = X.acp_abi_physobj_sphere(p, k) >> 2;
      r = Math.max(r, this.acp.f32()[sp + 3] ?? 0);
    }
    this.radius[i] = r * (this.scenario.objects[i]!.scale ?? 1);
    return true;
  }

  /** Add objects to the running scenario and every run, entering the world at `enterAt` s (after
   *  the last frame run: scenario enter_at, docs/SCENARIOS.md), so nothing replays and a replay of
   *  the scenario gives the same frames. Throws when a run refuses one (ScenarioError: the
   *  session is then unusable, Session.broken; the caller replays instead). */
  addObjects(objects: ScenarioObject[]): void {
    const n0 = this.n, n = n0 + objects.length;
    for (const o of objects) {
      for (let r = 0; r < this.runs.length; r++) {
        try {
          this.runs[r]!.addObject(o);
        } catch (e) {
          this.broken = true;
          throw e;
        }
      }
      this.scenario.objects.push(o);
    }
    const grow = <T extends Float64Array | Uint32Array | Uint8Array | Int32Array | Float32Array>(a: T, fill = 0): T => {
      const b = new (a.constructor as new (k: number) => T)(n);
      b.set(a as never);
      if (fill) b.fill(fill as never, n0);
      return b;
    };
    this.ids = grow(this.ids); this.objPtrs = grow(this.objPtrs); this.radius = grow(this.radius);
    this.gx = grow(this.gx); this.gy = grow(this.gy); this.z = grow(this.z); this.heading = grow(this.heading);
    this.active = grow(this.active); this.cell = grow(this.cell); this.skipped = grow(this.skipped); this.nodes = grow(this.nodes, -1);
    this.n = n;
    for (let i = n0; i < n; i++) this.describe(i);
    this.history.track(Math.min(n, TRACKED));
  }

  /** Set when a run refused an object another run took: the session's runs differ. */
  broken = false;

  /** The scenario's frame times when the session was made: step them (replay) before new ones. */
  readonly recorded: readonly number[];

  get primary(): Run { return this.runs[0]!; }
  get profile(): ProfileName { return this.profiles[0]!; }
  get framesDone(): number { return this.times.length; }
  get tracked(): number { return this.history.tracked; }
  /** The latest frame time (s), or 0 before the first frame. */
  get lastTime(): number { return this.times.length ? this.times[this.times.length - 1]! : 0; }

  private views(): void {
    const buf = this.acp.memory.buffer;
    if (buf === this.buffer) return;
    this.buffer = buf;
    this.u8 = new Uint8Array(buf);
    this.u32v = new Uint32Array(buf);
    this.f32 = new Float32Array(buf);
    this.dv = new DataView(buf);
  }

  hookName(type: number): string {
    let s = this.hookNames.get(type);
    if (s === undefined) {
      s = this.acp.string(this.acp.exports.acp_abi_hook_type_name(type));
      this.hookNames.set(type, s);
    }
    return s;
  }

  /** Add an event at the next frame's time to the scenario and both runs (throws ScenarioError
   *  when the runner refuses it: the runs go on unchanged). */
  addEvent(ev: ScenarioEvent): void {
    for (let i = 0; i < this.runs.length; i++) {
      try {
        this.runs[i]!.addEvent(ev);
      } catch (e) {
        if (i > 0) throw new Error(`the ${this.profiles[i]} run refused an event the ${this.profiles[0]} run took: ${String(e)}`);
        throw e;
      }
    }
    this.scenario.events!.push(ev);
  }

  /** Run one frame at time t (s) in every profile and record it. */
  step(t: number): FrameStats {
    const X = this.acp.exports;
    const stats: FrameStats = { frame: 0, now: t, gate: false, coreMs: 0, compareMs: 0, readMs: 0 };
    for (let r = 0; r < this.runs.length; r++) {
      const run = this.runs[r]!;
      const t0 = performance.now();
      const ok = X.acp_abi_run_step(run.ptr, t);
      const dt = performance.now() - t0;
      if (!ok) throw new Error(run.error ?? 'the run stopped');
      if (r === 0) stats.coreMs = dt; else stats.compareMs += dt;
    }
    return this.record(t, stats);
  }

  /** Read the frame at time t the runs last ran into the session and its history. */
  private record(t: number, stats: FrameStats): FrameStats {
    const X = this.acp.exports, t1 = performance.now();
    if (this.waiting) for (let i = 0; i < this.n; i++) if (!this.objPtrs[i] && this.placed(i)) this.waiting--;
    this.times.push(t);
    const h = this.history;
    const frame = this.times.length;
    h.frame.push(frame);
    h.now.push(t);
    this.views();
    const o = this.off;
    for (let r = 0; r < this.runs.length; r++) {
      const run = this.runs[r]!;
      const pc = h.profiles[r]!;
      const gate = this.acp.get('world', X.acp_abi_run_world(run.ptr), 'gate_passed') === true;
      if (r === 0) stats.gate = gate;
      pc.gate.push(gate ? 1 : 0);
      const base = X.acp_abi_run_frame_objects(run.ptr);
      let stack = 0;
      for (let i = 0; i < this.n; i++) {
        const p = base + i * o.size;
        if (!this.objPtrs[i]) { // not in the world yet (its enter_at is ahead): no values
          if (i < h.tracked) {
            pc.quanta[i]!.push(0); // no quanta: not in the world
            pc.count[i]!.push(0);
            for (const c of [pc.elapsed[i]!, pc.pending[i]!]) c.push(NaN);
            pc.stacked[i]!.push(stack);
            if (r === 0) for (const c of [h.x[i]!, h.y[i]!, h.z[i]!, h.heading[i]!, h.speed[i]!]) c.push(NaN);
            if (r === 0) h.cell[i]!.push(0);
          }
          continue;
        }
        const nq = this.u32v[(p + o.numQuanta) >> 2]!;
        let q = 0;
        for (let k = 0; k < nq; k++) q += this.f32[((p + o.quanta) >> 2) + k]!;
        stack += q;
        if (i < h.tracked) {
          pc.quanta[i]!.push(q);
          pc.count[i]!.push(nq);
          pc.stacked[i]!.push(stack);
          pc.elapsed[i]!.push(this.u8[p + o.hasElapsed] ? this.dv.getFloat64(p + o.elapsed, true) : NaN);
          pc.pending[i]!.push(this.dv.getFloat64(p + o.pending, true));
        }
        if (r !== 0) continue;
        const cell = this.u32v[(p + o.cell) >> 2]!;
        const ox = this.f32[(p + o.origin) >> 2]!, oy = this.f32[((p + o.origin) >> 2) + 1]!, oz = this.f32[((p + o.origin) >> 2) + 2]!;
        const gx = ((cell >>> 24) & 0xff) * 192 + ox, gy = ((cell >>> 16) & 0xff) * 192 + oy;
        const heading = this.dv.getFloat64(p + o.heading, true);
        this.gx[i] = gx; this.gy[i] = gy; this.z[i] = oz; this.heading[i] = heading; this.cell[i] = cell;
        this.active[i] = this.u8[p + o.active]!;
        // update_object's reason, from the frames it ran in (the world gate passed).
        if (gate) this.skipped[i] = this.u32v[(p + o.skipped) >> 2]!;
        this.nodes[i] = this.u8[p + o.hasPositionManager] ? this.u32v[(p + o.positionNodes) >> 2]! : -1;
        const nh = this.u32v[(p + o.numHooks) >> 2]!;
        for (let k = 0; k < nh; k++) {
          h.addHook({ frame, now: t, id: this.ids[i]!, name: this.hookName(this.u32v[((p + o.hooks) >> 2) + k]!) });
        }
        const nc = this.u32v[(p + o.numCollisions) >> 2]!;
        for (let k = 0; k < nc; k++) {
          h.collisions.add({ frame, x: gx, y: gy, id: this.ids[i]!, other: this.u32v[((p + o.collisions) >> 2) + k]! });
        }
        if (i < h.tracked) {
          const cv = (this.objPtrs[i]! + o.cachedVelocity) >> 2;
          const vx = this.f32[cv]!, vy = this.f32[cv + 1]!, vz = this.f32[cv + 2]!;
          h.x[i]!.push(gx); h.y[i]!.push(gy); h.z[i]!.push(oz); h.heading[i]!.push(heading);
          h.speed[i]!.push(Math.sqrt(vx * vx + vy * vy + vz * vz)); h.cell[i]!.push(cell);
        }
      }
      pc.total.push(stack);
    }
    stats.frame = frame;
    stats.readMs = performance.now() - t1;
    return stats;
  }

  /** The distance (m) from the player to object `i` that retail's activity gate computed in the
   *  last frame it ran for it (CPhysicsObj::update_object: player_distance). */
  playerDistance(i: number): number {
    this.views();
    return this.f32[(this.objPtrs[i]! + this.off.playerDistance) >> 2]!;
  }

  /** Why object `i` did not move in the last frame, in words, or null when it ran: skipped by
   *  update_object (no cell: an indoor cell or a landblock that is not loaded, or no valid position
   *  there; frozen; parented), or inactive (farther from the player than the 96 m activity
   *  radius, ACP_ACTIVITY_RADIUS; or inactive for another reason, a static object). */
  whyInactive(i: number): string | null {
    if (!this.objPtrs[i]) return `not in the world yet: it enters at ${this.scenario.objects[i]?.enter_at ?? 0} s (its enter_at)`;
    const skip = this.skipped[i];
    if (skip === 2) {
      const cell = u32(this.scenario.objects[i]!.position.cell);
      const hex = (v: number, d: number) => `0x${v.toString(16).toUpperCase().padStart(d, '0')}`;
      const low = cell & 0xffff;
      if (low >= 0x100 && low <= 0xfffd) return `skipped: no cell (the indoor cell ${hex(cell, 8)} is not loaded, or holds no valid position there)`;
      if (!this.landblockIds().has(cell >>> 16)) return `skipped: no cell (its landblock ${hex(cell >>> 16, 4)} is not loaded)`;
      return 'skipped: no cell (SetPosition found no valid position there)';
    }
    if (skip === 3) return 'skipped: frozen';
    if (skip === 1) return 'skipped: parented';
    if (this.active[i] || !this.times.length) return null;
    const d = this.playerDistance(i);
    const player = this.playerIndex >= 0 ? this.names[this.playerIndex] : null;
    if (player !== null && i !== this.playerIndex && d > ACTIVITY_RADIUS) {
      return `inactive: ${d.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} m from the player` +
        `${/^player$/i.test(player) ? '' : ` ${player}`}, beyond the ${ACTIVITY_RADIUS} m activity radius`;
    }
    return 'inactive';
  }

  private loadedIds: Set<number> | null = null;
  /** The loaded landblocks' ids (high 16 bits of a cell id, 0xD59A). */
  landblockIds(): Set<number> {
    this.loadedIds ??= new Set(this.landblocks().map((b) => b.id >>> 16));
    return this.loadedIds;
  }

  /** The primary run's digest after the last frame. */
  digest(): string { return this.primary.digest(); }
  /** The primary run's digest after every frame. */
  frameDigests(): string[] { return this.primary.frameDigests(); }

  /** The world's loaded landblocks: id and 81 vertex heights (m), element x·9 + y. */
  landblocks(): { id: number; heights: Float32Array }[] {
    const X = this.acp.exports;
    const terrain = X.acp_abi_world_terrain(this.primary.world);
    const out: { id: number; heights: Float32Array }[] = [];
    const n = terrain ? X.acp_abi_terrain_count(terrain) : 0;
    for (let i = 0; i < n; i++) {
      const v = X.acp_abi_terrain_block_vertices(terrain, i) >> 2;
      const f32 = this.acp.f32();
      const heights = new Float32Array(81);
      for (let k = 0; k < 81; k++) heights[k] = f32[v + 3 * k + 2]!;
      out.push({ id: X.acp_abi_terrain_block_id(terrain, i) >>> 0, heights });
    }
    return out;
  }

  /** Terrain height (m) at landblock-frame (x, y) of a cell's landblock, or NaN when not loaded. */
  terrainHeight(cell: number, x: number, y: number): number {
    const X = this.acp.exports;
    const terrain = X.acp_abi_world_terrain(this.primary.world);
    if (!terrain) return NaN;
    const p = this.acp.alloc(4);
    try {
      return X.acp_abi_terrain_height(terrain, cell, x, y, p) ? this.acp.f32()[p >> 2]! : NaN;
    } finally {
      this.acp.free(p);
    }
  }

  /** What else holds memory of this session (the map's draw arrays, web/src/draw.ts): released
   *  first when it is disposed. */
  readonly onDispose: (() => void)[] = [];

  dispose(): void {
    for (const f of this.onDispose.splice(0)) f();
    for (const r of this.runs) r.dispose();
    this.runs.length = 0;
  }
}
