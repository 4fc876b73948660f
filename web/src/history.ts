// Per-frame history of a run, in growable typed columns: what the plots, the map's paths and the
// scrubber read. Appending is amortised O(1) with no allocation per frame (capacity doubles);
// plots take subarray views, which copy nothing.
import { CollisionMarks } from './collisions';

/** A growable Float64Array. */
export class Column {
  data: Float64Array;
  length = 0;
  constructor(capacity = 1024) { this.data = new Float64Array(capacity); }
  push(v: number): void {
    if (this.length === this.data.length) {
      const grown = new Float64Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = v;
  }
  /** Elements [from, to) as a view (valid until the next push that grows). */
  view(from = 0, to = this.length): Float64Array { return this.data.subarray(from, to); }
  at(i: number): number { return this.data[i] ?? NaN; }
}

/** One clock profile's columns: the world gate and, per tracked object, its clock ladder. */
export interface ProfileColumns {
  /** 1 when the world gate passed, else 0. */
  gate: Column;
  /** Per tracked object: elapsed (s; NaN when update_object did not run its clock ladder). */
  elapsed: Column[];
  /** Per tracked object: pending remainder now − update_time after the frame (s). */
  pending: Column[];
  /** Per tracked object: stacked quanta, the sum of this and earlier tracked objects' quanta (s). */
  stacked: Column[];
  /** Per tracked object: its own quanta this frame (s) and how many. */
  quanta: Column[];
  count: Column[];
  /** Stacked total including every untracked object (s). */
  total: Column;
}

function profileColumns(tracked: number): ProfileColumns {
  const many = () => Array.from({ length: tracked }, () => new Column());
  return { gate: new Column(), elapsed: many(), pending: many(), stacked: many(), quanta: many(), count: many(), total: new Column() };
}

/** A hook that fired: frame, time, object id and the hook's retail name. */
export interface HookEntry { frame: number; now: number; id: number; name: string }

/** Every frame of a run: times, both profiles' clocks, and the tracked objects' frames. */
export class History {
  /** Frame numbers 1..n (the quanta plots' x). */
  readonly frame = new Column();
  /** Frame times (s). */
  readonly now = new Column();
  readonly profiles: ProfileColumns[];
  /** Per tracked object (primary profile): world position (m; landblock x·192 + x), z (m),
   *  heading (degrees, 0 north, clockwise), speed (m/s, |cached_velocity|), cell id. */
  readonly x: Column[];
  readonly y: Column[];
  readonly z: Column[];
  readonly heading: Column[];
  readonly speed: Column[];
  readonly cell: Column[];
  /** The hooks fired, newest last (capped at MAX_HOOKS, oldest dropped). */
  readonly hooks: HookEntry[] = [];
  hooksDropped = 0;
  /** The collisions reported (issue 14), marked on the map. */
  readonly collisions = new CollisionMarks();
  static readonly MAX_HOOKS = 5000;

  constructor(public tracked: number, profiles: number) {
    const many = () => Array.from({ length: tracked }, () => new Column());
    this.profiles = Array.from({ length: profiles }, () => profileColumns(tracked));
    this.x = many(); this.y = many(); this.z = many(); this.heading = many(); this.speed = many(); this.cell = many();
  }

  get length(): number { return this.frame.length; }

  /** Follow `n` objects when that is more than now (objects added while the run goes): each new
   *  column holds NaN for the frames run before it was added (its quanta 0, and its stacked
   *  quanta the stack below it). */
  track(n: number): void {
    const pad = (v = NaN, from?: Column) => {
      const c = new Column(Math.max(1024, this.length + 1));
      for (let k = 0; k < this.length; k++) c.push(from ? from.at(k) : v);
      return c;
    };
    for (; this.tracked < n; this.tracked++) {
      for (const p of this.profiles) {
        p.elapsed.push(pad()); p.pending.push(pad()); p.quanta.push(pad(0)); p.count.push(pad(0));
        p.stacked.push(this.tracked ? pad(0, p.stacked[this.tracked - 1]) : pad(0));
      }
      for (const list of [this.x, this.y, this.z, this.heading, this.speed, this.cell]) list.push(pad());
    }
  }

  /** Frames run before this history began (a run resumed from a snapshot, web/src/savestate.ts):
   *  their numbers and times, every value NaN (the state file holds the world, not its past). */
  skip(times: readonly number[]): void {
    const cols = [this.x, this.y, this.z, this.heading, this.speed, this.cell,
      ...this.profiles.flatMap((p) => [[p.gate, p.total], p.elapsed, p.pending, p.stacked, p.quanta, p.count])].flat();
    times.forEach((t, k) => {
      this.frame.push(k + 1);
      this.now.push(t);
      for (const c of cols) c.push(NaN);
    });
  }

  addHook(h: HookEntry): void {
    this.hooks.push(h);
    if (this.hooks.length > History.MAX_HOOKS * 1.2) {
      const drop = this.hooks.length - History.MAX_HOOKS;
      this.hooks.splice(0, drop);
      this.hooksDropped += drop;
    }
  }
}
