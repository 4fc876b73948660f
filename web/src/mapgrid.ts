// The map's grid lines (every `step` metres: cells, landblocks) and its scale bar and north
// arrow, drawn into the terrain layer (web/src/map.ts).

/** Lines every `step` m over the world box [x0, x1, y0, y1] on a canvas W × H (CSS px). */
export function grid(g: CanvasRenderingContext2D, step: number, colour: string, [x0, x1, y0, y1]: [number, number, number, number],
  sx: (x: number) => number, sy: (y: number) => number, W: number, H: number): void {
  g.strokeStyle = colour;
  g.beginPath();
  for (let x = Math.ceil(x0 / step) * step; x <= x1; x += step) { g.moveTo(Math.round(sx(x)) + 0.5, 0); g.lineTo(Math.round(sx(x)) + 0.5, H); }
  for (let y = Math.ceil(y0 / step) * step; y <= y1; y += step) { g.moveTo(0, Math.round(sy(y)) + 0.5); g.lineTo(W, Math.round(sy(y)) + 0.5); }
  g.stroke();
}

/** The scale bar (bottom left: the first of 1 m .. 1536 m at least 60 px long at `scale` px/m)
 *  and "N ↑" (top right). */
export function scaleBar(g: CanvasRenderingContext2D, scale: number, W: number, H: number): void {
  const choices = [1, 2, 5, 10, 24, 48, 96, 192, 384, 768, 1536];
  const m = choices.find((c) => c * scale >= 60) ?? 1536;
  const w = m * scale;
  g.fillStyle = 'rgba(0,0,0,0.55)';
  g.fillRect(8, H - 28, w + 16, 20);
  g.strokeStyle = '#fff';
  g.lineWidth = 2;
  g.beginPath();
  g.moveTo(16, H - 14); g.lineTo(16 + w, H - 14);
  g.stroke();
  g.fillStyle = '#fff';
  g.fillText(`${m} m`, 18, H - 17);
  g.fillText('N ↑', W - 30, 16);
}
