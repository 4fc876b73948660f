// Collisions on the map (issue 14): where an object's collision with another began, as the run's
// trace reports it (acp_trace_object's "collisions": CPhysicsObj::report_object_collision without
// a weenie). The session records a mark per report at the reporting object's position; the map
// draws a small red cross at each mark up to the frame it shows.

/** One reported collision: frame number, world position (m; landblock x·192 + x), the
 *  reporting object's id and the other object's. */
export interface CollisionMark { frame: number; x: number; y: number; id: number; other: number }

/** The marks of a run, oldest first (capped: the oldest are dropped). */
export class CollisionMarks {
  static readonly MAX = 2000;
  readonly marks: CollisionMark[] = [];
  dropped = 0;

  add(m: CollisionMark): void {
    this.marks.push(m);
    if (this.marks.length > CollisionMarks.MAX * 1.2) {
      const drop = this.marks.length - CollisionMarks.MAX;
      this.marks.splice(0, drop);
      this.dropped += drop;
    }
  }
}

/** Draw the marks of frames ≤ upTo (frame numbers) with the map's world → canvas mapping. */
export function drawCollisionMarks(g: CanvasRenderingContext2D, marks: readonly CollisionMark[], upTo: number,
  sx: (x: number) => number, sy: (y: number) => number): void {
  if (!marks.length) return;
  g.beginPath();
  for (const m of marks) {
    if (m.frame > upTo) continue;
    const x = sx(m.x), y = sy(m.y);
    g.moveTo(x - 5, y - 5); g.lineTo(x + 5, y + 5);
    g.moveTo(x - 5, y + 5); g.lineTo(x + 5, y - 5);
  }
  g.strokeStyle = '#e0102a';
  g.lineWidth = 2;
  g.stroke();
}
