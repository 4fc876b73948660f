// The plots (uPlot, Canvas 2D). Quanta plot, one per clock profile over the same frame times:
// per render frame, the quanta each tracked object's update_object handed to
// UpdateObjectInternal (stacked bars; untracked objects together as "others"), the elapsed time
// update_object computed and the pending remainder (the selected object), whether the world gate
// passed (markers along the top), and lines at MIN_QUANTUM, MAX_QUANTUM and HUGE_QUANTUM. Time
// series: x, y, z, heading and speed of the tracked objects over the frame times. The data are
// views into the history's columns; updates are throttled by the caller.
import uPlot from 'uplot';
import type { ProfileColumns } from './history';
import { objectColour } from './map';
import type { Session } from './run';

/** SPEC §4 constants (both profiles: the same values, double vs float). */
export const MIN_QUANTUM = 1 / 30;
export const MAX_QUANTUM = 0.2;
export const HUGE_QUANTUM = 2.0;

const fmtS = (v: number | null | undefined) => (v === null || v === undefined || Number.isNaN(v) ? '–' : `${(v * 1000).toFixed(2)} ms`);

function sizeOf(el: HTMLElement, height: number): { width: number; height: number } {
  return { width: Math.max(200, el.clientWidth - 4), height };
}

/** A path of short horizontal ticks, one per value (null: none): markers that a software
 *  rasteriser strokes in a fraction of what filled round points cost. */
function ticks(halfWidthPx: number): uPlot.Series.PathBuilder {
  return (u, si, i0, i1) => {
    const xs = u.data[0], ys = u.data[si]!;
    const p = new Path2D();
    const w = halfWidthPx * devicePixelRatio;
    for (let i = i0; i <= i1; i++) {
      const v = ys[i];
      if (v === null || v === undefined || Number.isNaN(v)) continue;
      const x = u.valToPos(xs[i]!, 'x', true), y = u.valToPos(v, u.series[si]!.scale ?? 'y', true);
      p.moveTo(x - w, y);
      p.lineTo(x + w, y);
    }
    return { stroke: p, fill: null, clip: null, flags: 0 };
  };
}

/** Horizontal reference lines with labels, drawn over the plot. */
function quantumLines(u: uPlot): void {
  const g = u.ctx;
  const { left, top, width, height } = u.bbox;
  const max = u.scales['y']?.max ?? 1;
  g.save();
  g.textAlign = 'left';
  g.textBaseline = 'alphabetic';
  g.font = `${11 * devicePixelRatio}px system-ui, sans-serif`;
  g.lineWidth = devicePixelRatio;
  const lines: [number, string, string][] = [[MIN_QUANTUM, 'MIN_QUANTUM 1/30 s', '#2a9d8f'], [MAX_QUANTUM, 'MAX_QUANTUM 0.2 s', '#e76f51'],
    [HUGE_QUANTUM, 'HUGE_QUANTUM 2 s', '#9b2226']];
  for (const [v, label, colour] of lines) {
    g.strokeStyle = colour;
    g.fillStyle = colour;
    if (v > max) {
      g.textAlign = 'right';
      g.fillText(`${label} ↑ (above the scale)`, left + width - 4 * devicePixelRatio, top + 24 * devicePixelRatio);
      g.textAlign = 'left';
      continue;
    }
    const y = Math.round(u.valToPos(v, 'y', true)) + 0.5;
    g.setLineDash([6 * devicePixelRatio, 4 * devicePixelRatio]);
    g.beginPath();
    g.moveTo(left, y);
    g.lineTo(left + width, y);
    g.stroke();
    g.setLineDash([]);
    // MIN at the right end, above its line, clear of the bars that crowd the bottom left.
    const right = v === MIN_QUANTUM;
    const tw = g.measureText(label).width, pad = 2 * devicePixelRatio;
    const tx = right ? left + width - 4 * devicePixelRatio - tw : left + 4 * devicePixelRatio, ty = y - 3 * devicePixelRatio;
    g.fillStyle = 'rgba(255,255,255,0.85)';
    g.fillRect(tx - pad, ty - 11 * devicePixelRatio, tw + 2 * pad, 13 * devicePixelRatio);
    g.fillStyle = colour;
    g.fillText(label, tx, ty);
  }
  void height;
  g.restore();
}

/** One profile's quanta plot. */
export class QuantaPlot {
  readonly u: uPlot;
  private readonly order: number[]; // column per series (−1: others)
  private selected = 0;
  /** The first history frame shown (legend values index the shown window). */
  private from = 0;

  constructor(readonly el: HTMLElement, readonly s: Session, readonly profileIndex: number, selected: number) {
    this.selected = Math.min(selected, s.tracked - 1);
    const series: uPlot.Series[] = [{ label: 'frame' }];
    this.order = [];
    const bars = uPlot.paths.bars!({ size: [0.85, 40], align: 0 });
    if (s.n > s.tracked) {
      this.order.push(-1);
      const pc = s.history.profiles[profileIndex]!, last = pc.stacked[s.tracked - 1]!;
      series.push({
        label: `quanta: ${s.n - s.tracked} others`, fill: 'rgba(120,120,120,0.6)', stroke: 'rgba(90,90,90,0.8)', paths: bars, points: { show: false },
        value: (_u, _v, _si, idx) => (idx === null || idx === undefined ? '–' : fmtS(pc.total.at(this.from + idx) - last.at(this.from + idx))),
      });
    }
    for (let i = s.tracked - 1; i >= 0; i--) {
      this.order.push(i);
      const own = s.history.profiles[profileIndex]!.quanta[i]!;
      series.push({
        label: `quanta: ${s.names[i]}`, fill: objectColour(i), stroke: objectColour(i), paths: bars, points: { show: false },
        value: (_u, _v, _si, idx) => (idx === null || idx === undefined ? '–' : fmtS(own.at(this.from + idx))),
      });
    }
    series.push({ label: 'elapsed', stroke: '#222', width: 2, paths: ticks(3), points: { show: false }, value: (_u, v) => fmtS(v) });
    series.push({ label: 'pending', stroke: '#7b2cbf', width: 1.5, dash: [4, 3], points: { show: false }, value: (_u, v) => fmtS(v) });
    series.push({ label: 'gate passed', scale: 'gate', stroke: '#0077b6', width: 4, paths: ticks(1.5), points: { show: false },
      value: (_u, v) => (v === null || v === undefined ? 'no' : 'yes') });
    const opts: uPlot.Options = {
      ...sizeOf(el, 260),
      title: `${s.profiles[profileIndex]} profile`,
      cursor: { sync: { key: 'acphys-frames' }, drag: { x: false, y: false } },
      scales: { x: { time: false }, y: { auto: false, range: [0, 0.25] }, gate: { auto: false, range: [0, 1] } },
      axes: [
        { label: 'render frame', size: 36 },
        { label: 'seconds (s)', size: 56, values: (_u, vals) => vals.map((v) => `${+v.toFixed(3)}`) },
      ],
      legend: { live: true },
      series,
      hooks: { draw: [quantumLines] },
    };
    this.u = new uPlot(opts, this.empty(), el);
  }

  private empty(): uPlot.AlignedData {
    return [new Float64Array(0), ...this.u_series().map(() => new Float64Array(0))] as uPlot.AlignedData;
  }
  private u_series(): number[] { return [...this.order, -2, -3, -4]; }

  setSelected(i: number): void { this.selected = Math.min(Math.max(i, 0), this.s.tracked - 1); }

  /** Show frames [from, to) of the history. */
  update(from: number, to: number): void {
    const h = this.s.history;
    this.from = from;
    const pc: ProfileColumns = h.profiles[this.profileIndex]!;
    const sel = this.selected;
    const elapsed = pc.elapsed[sel]!.data, gate = pc.gate.data;
    const n = to - from;
    const el: (number | null)[] = new Array(n), gt: (number | null)[] = new Array(n);
    let max = 0;
    for (let k = 0; k < n; k++) {
      const e = elapsed[from + k]!;
      el[k] = Number.isNaN(e) ? null : e;
      if (e > max) max = e;
      const tot = pc.total.data[from + k]!;
      if (tot > max) max = tot;
      gt[k] = gate[from + k] ? 0.985 : null;
    }
    const ys: (Float64Array | (number | null)[])[] = this.order.map((i) => (i < 0 ? pc.total.view(from, to) : pc.stacked[i]!.view(from, to)));
    ys.push(el, pc.pending[sel]!.view(from, to), gt);
    this.u.batch(() => {
      this.u.setScale('y', { min: 0, max: Math.min(Math.max(0.25, max * 1.1), 2.2) });
      this.u.setData([h.frame.view(from, to), ...ys] as uPlot.AlignedData, true);
    });
  }

  resize(): void { this.u.setSize(sizeOf(this.el, 260)); }
  destroy(): void { this.u.destroy(); }
}

type Quantity = 'x' | 'y' | 'z' | 'heading' | 'speed';
const QUANTITIES: { key: Quantity; label: string; range?: [number, number] }[] = [
  { key: 'x', label: 'x east (m)' },
  { key: 'y', label: 'y north (m)' },
  { key: 'z', label: 'z up (m)' },
  { key: 'heading', label: 'heading (degrees)', range: [0, 360] },
  { key: 'speed', label: 'speed (m/s)' },
];

/** x, y, z, heading and speed of the tracked objects over the frame times. */
export class SeriesPlots {
  readonly plots: uPlot[] = [];
  constructor(readonly el: HTMLElement, readonly s: Session) {
    for (const q of QUANTITIES) {
      const div = document.createElement('div');
      div.className = 'series-plot';
      el.append(div);
      const series: uPlot.Series[] = [{ label: 'time' }];
      for (let i = 0; i < s.tracked; i++) {
        series.push({
          label: s.names[i]!, stroke: objectColour(i), width: 1.5, points: { show: false },
          ...(q.key === 'heading' ? { paths: ticks(1), width: 2 } : {}),
          value: (_u, v) => (v === null || v === undefined || Number.isNaN(v) ? '–' : v.toFixed(q.key === 'heading' ? 1 : 3)),
        });
      }
      const u = new uPlot({
        ...sizeOf(div, 180),
        cursor: { sync: { key: 'acphys-time' }, drag: { x: false, y: false } },
        scales: { x: { time: false }, y: q.range ? { auto: false, range: q.range } : { auto: true } },
        axes: [{ label: 'time (s)', size: 34 }, { label: q.label, size: 60 }],
        legend: { show: q.key === 'x' },
        series,
      }, [new Float64Array(0), ...series.slice(1).map(() => new Float64Array(0))] as uPlot.AlignedData, div);
      this.plots.push(u);
    }
  }

  /** Number of charts (update them one at a time with updateOne). */
  get count(): number { return this.plots.length; }

  /** Show frames [from, to) in chart k. */
  updateOne(k: number, from: number, to: number): void {
    const h = this.s.history;
    const q = QUANTITIES[k]!;
    const cols = { x: h.x, y: h.y, z: h.z, heading: h.heading, speed: h.speed }[q.key];
    this.plots[k]!.setData([h.now.view(from, to), ...cols.map((c) => c.view(from, to))] as uPlot.AlignedData, true);
  }

  resize(): void { for (const u of this.plots) u.setSize(sizeOf(u.root.parentElement ?? this.el, 180)); }
  destroy(): void { for (const u of this.plots) u.destroy(); this.el.textContent = ''; }
}
