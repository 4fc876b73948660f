// The page's rolling performance figures: the runs' step times, the page's own reading back and
// drawing, and the animation frames' intervals, over the last 240 frames (the performance line
// and the test hook read them; they are shown, never judged: the budget is `npm run bench`'s).
import type { FrameStats } from './run';

/** Rolling figures for the performance line and the test hook. */
export class Perf {
  readonly n = 240;
  readonly core = new Float64Array(this.n);
  readonly compare = new Float64Array(this.n);
  readonly other = new Float64Array(this.n);
  readonly interval = new Float64Array(this.n);
  readonly mapMs = new Float64Array(this.n);
  readonly plotMs = new Float64Array(this.n);
  count = 0;
  intervals = 0;
  /** The last frame's map and plot drawing (ms), set by draw(). */
  map = 0;
  plots = 0;
  /** One frame: the runs' step times, and the page's own (reading back and drawing), ms. */
  add(s: FrameStats, drawMs: number): void {
    const k = this.count++ % this.n;
    this.core[k] = s.coreMs;
    this.compare[k] = s.compareMs;
    this.other[k] = drawMs + s.readMs;
    this.mapMs[k] = this.map;
    this.plotMs[k] = this.plots;
  }
  addInterval(ms: number): void { this.interval[this.intervals++ % this.n] = ms; }
  private stats(a: Float64Array, count: number): { mean: number; p95: number; max: number } {
    const m = Math.min(count, this.n);
    if (!m) return { mean: 0, p95: 0, max: 0 };
    const v = Array.from(a.subarray(0, m)).sort((x, y) => x - y);
    return { mean: v.reduce((x, y) => x + y, 0) / m, p95: v[Math.min(m - 1, Math.floor(m * 0.95))]!, max: v[m - 1]! };
  }
  summary() {
    const iv = this.stats(this.interval, this.intervals);
    return {
      fps: iv.mean ? 1000 / iv.mean : 0, interval: iv, core: this.stats(this.core, this.count), compare: this.stats(this.compare, this.count),
      page: this.stats(this.other, this.count), map: this.stats(this.mapMs, this.count), plots: this.stats(this.plotMs, this.count),
      frames: Math.min(this.count, this.n),
    };
  }
}
