// The map's trails of the objects the history does not track (the 9th object on): each one's
// last TRAIL_FRAMES live positions, kept in one ring per session (no allocation per frame once
// sized), drawn as a faint line behind it. (The first 8 objects' whole paths come from the
// history: web/src/map.ts.)
import type { Session } from './run';

/** How many recent frames a trail holds, and how many objects at most get one. */
export const TRAIL_FRAMES = 90;
export const MAX_TRAILS = 2000;

export class Trails {
  private xs = new Float64Array(0);
  private ys = new Float64Array(0);
  private session: Session | null = null;
  private frame = -1;
  private n = 0;
  /** Frames recorded into the ring (at most TRAIL_FRAMES are kept). */
  private count = 0;

  /** Record the session's live positions once per run frame. */
  update(s: Session): void {
    if (s !== this.session || s.n !== this.n) {
      this.session = s;
      this.n = s.n;
      const k = Math.min(s.n, MAX_TRAILS) * TRAIL_FRAMES;
      if (this.xs.length < k) { this.xs = new Float64Array(k); this.ys = new Float64Array(k); }
      this.count = 0;
      this.frame = -1;
    }
    if (s.framesDone === this.frame) return;
    this.frame = s.framesDone;
    const slot = this.count % TRAIL_FRAMES, m = Math.min(s.n, MAX_TRAILS);
    for (let i = s.tracked; i < m; i++) {
      const ok = s.cell[i] !== 0;
      this.xs[i * TRAIL_FRAMES + slot] = ok ? s.gx[i]! : NaN;
      this.ys[i * TRAIL_FRAMES + slot] = ok ? s.gy[i]! : NaN;
    }
    this.count++;
  }

  /** Stroke the untracked objects' trails (screen mapping sx, sy); returns how many were drawn. */
  draw(g: CanvasRenderingContext2D, s: Session, sx: (x: number) => number, sy: (y: number) => number): number {
    if (s !== this.session || this.count < 2) return 0;
    const kept = Math.min(this.count, TRAIL_FRAMES), first = this.count - kept, m = Math.min(s.n, MAX_TRAILS);
    let drawn = 0;
    g.beginPath();
    for (let i = s.tracked; i < m; i++) {
      let started = false;
      for (let f = first; f < this.count; f++) {
        const x = this.xs[i * TRAIL_FRAMES + (f % TRAIL_FRAMES)]!, y = this.ys[i * TRAIL_FRAMES + (f % TRAIL_FRAMES)]!;
        if (!Number.isFinite(x) || !Number.isFinite(y)) { started = false; continue; }
        if (!started) { g.moveTo(sx(x), sy(y)); started = true; } else g.lineTo(sx(x), sy(y));
      }
      if (started) drawn++;
    }
    g.strokeStyle = 'rgba(60, 60, 60, 0.45)';
    g.lineWidth = 1;
    g.stroke();
    return drawn;
  }
}
