// The plots (uPlot, Canvas 2D). Quanta plot, one per clock profile over the same frame times:
// per render frame, the quanta each tracked object's update_object handed to
// UpdateObjectInternal (stacked bars; the untracked objects as their mean per object), the
// elapsed time update_object computed and the pending remainder (the selected object), whether
// the world gate passed (markers along the top), and lines at MIN_QUANTUM, MAX_QUANTUM and
// HUGE_QUANTUM, labelled in a gutter right of the plot. Time
// series: x, y, z, heading and speed of the tracked objects over the frame times. The data are
// views into the history's columns; updates are throttled by the caller.
import uPlot from 'uplot';
import type { ProfileName } from '../../wasm/scenario.mjs';
import { maxQuantum } from './profiles';
import type { ProfileColumns } from './history';
import { objectColour } from './map';
import type { Session } from './run';

/** The quanta of docs/RETAIL-CONTRACT.md §4 (both profiles: the same values, double vs float). */
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

/** Width (CSS px) of the gutter right of the quanta plot that holds the reference lines' labels,
 *  clear of the bars. */
const LABEL_GUTTER = 92;

/** Horizontal reference lines at MIN_QUANTUM, MAX_QUANTUM and HUGE_QUANTUM, labelled in the
 *  gutter to the right of the plot (never over the bars); a line above the scale is listed at the
 *  top of the gutter with an arrow. */
function quantumLines(u: uPlot, profile?: ProfileName): void {
  const g = u.ctx;
  const dpr = devicePixelRatio;
  const { left, top, width, height } = u.bbox;
  const max = u.scales['y']?.max ?? 1;
  const lines: [number, string, string, string][] = [[MIN_QUANTUM, 'MIN_QUANTUM', '1/30 s', '#2a9d8f'],
    [maxQuantum(profile).value, 'MAX_QUANTUM', maxQuantum(profile).label, '#e76f51'], [HUGE_QUANTUM, 'HUGE_QUANTUM', '2 s', '#9b2226']];
  g.save();
  g.lineWidth = dpr;
  const labels: { y: number; text: [string, string]; colour: string }[] = [];
  let above = 0;
  for (const [v, name, value, colour] of lines) {
    if (v > max) {
      labels.push({ y: top + (above++ * 24 + 10) * dpr, text: [name, `${value}, above ↑`], colour });
      continue;
    }
    const y = Math.round(u.valToPos(v, 'y', true)) + 0.5;
    g.strokeStyle = colour;
    g.setLineDash([6 * dpr, 4 * dpr]);
    g.beginPath();
    g.moveTo(left, y);
    g.lineTo(left + width, y);
    g.stroke();
    labels.push({ y, text: [name, value], colour });
  }
  g.setLineDash([]);
  // Two lines of text per label, centred on its line, pushed apart where lines are close.
  const lh = 11 * dpr, gap = 2 * lh + 2 * dpr;
  const inScale = labels.slice(above).sort((a, b) => b.y - a.y); // bottom first
  let limit = top + height + lh;
  for (const l of inScale) {
    l.y = Math.min(l.y, limit - lh);
    limit = l.y - gap + lh;
  }
  g.font = `${10 * dpr}px system-ui, sans-serif`;
  g.textAlign = 'left';
  g.textBaseline = 'middle';
  const x = left + width + 6 * dpr;
  for (const l of labels) {
    g.fillStyle = l.colour;
    g.fillText(l.text[0], x, l.y - lh / 2);
    g.fillText(l.text[1], x, l.y + lh / 2);
  }
  g.restore();
}

/** A note at the top left of the plot area (frames whose bars run off the top of the scale). */
function topNote(u: uPlot, text: string): void {
  if (!text) return;
  const g = u.ctx, dpr = devicePixelRatio;
  const { left, top } = u.bbox;
  g.save();
  g.font = `${10 * dpr}px system-ui, sans-serif`;
  g.textAlign = 'left';
  g.textBaseline = 'top';
  const w = g.measureText(text).width;
  g.fillStyle = 'rgba(255,255,255,0.85)';
  g.fillRect(left + 2 * dpr, top + 8 * dpr, w + 6 * dpr, 13 * dpr);
  g.fillStyle = '#444';
  g.fillText(text, left + 5 * dpr, top + 9 * dpr);
  g.restore();
}

/** The quanta plot's y scale top (s) for `p98`, the highest value drawn in 98 % of the frames
 *  shown: 10 % above it, and at least 1.2 × MIN_QUANTUM (so the MIN_QUANTUM line, the reference
 *  the usual one-quantum bars are read against, is always drawn); at most 2.2 s (HUGE_QUANTUM
 *  with room). MAX_QUANTUM and HUGE_QUANTUM above the top are listed in the gutter. */
export function quantaScaleMax(p98: number): number {
  return Math.min(Math.max(1.2 * MIN_QUANTUM, p98 * 1.1), 2.2);
}

/** What the hover box over a quanta plot says at frame index `k` (of the history). */
export interface QuantaHover { frame: number; text: string }

/** One profile's quanta plot. */
export class QuantaPlot {
  readonly u: uPlot;
  /** Column of each bar series, top of the stack first. */
  private readonly order: number[];
  private readonly hasOthers: boolean;
  private selected = 0;
  /** The first history frame shown (legend values index the shown window). */
  private from = 0;
  /** Per shown frame: the untracked objects' quanta, their mean per object (s). */
  private othersMean = new Float64Array(0);
  /** Per shown frame: the highest value drawn (s), for the scale. */
  private highest = new Float64Array(0);
  /** The y scale's top (s), from the last update (quantaScaleMax). */
  private yMax = quantaScaleMax(0);
  /** What the top note says: frames above the scale. */
  private note = '';

  constructor(readonly el: HTMLElement, readonly s: Session, readonly profileIndex: number, selected: number) {
    this.selected = Math.min(selected, s.tracked - 1);
    const series: uPlot.Series[] = [{ label: 'frame' }];
    this.order = [];
    const bars = uPlot.paths.bars!({ size: [0.85, 40], align: 0 });
    const pc = s.history.profiles[profileIndex]!;
    for (let i = s.tracked - 1; i >= 0; i--) {
      this.order.push(i);
      const own = pc.quanta[i]!;
      series.push({
        label: `quanta: ${s.names[i]}`, fill: objectColour(i), stroke: objectColour(i), paths: bars, points: { show: false },
        value: (_u, _v, _si, idx) => (idx === null || idx === undefined ? '–' : fmtS(own.at(this.from + idx))),
      });
    }
    // The untracked objects, together: stacked on the tracked ones they would push the scale to
    // seconds (992 others × 1/30 s), so the plot shows their mean per object, on the same scale
    // as one object's bar, and the legend their total.
    const others = s.n - s.tracked;
    this.hasOthers = others > 0;
    if (this.hasOthers) {
      const last = pc.stacked[s.tracked - 1]!;
      series.push({
        label: `quanta: ${others.toLocaleString('en-US')} others, mean per object`, stroke: '#555', width: 2, paths: ticks(3), points: { show: false },
        value: (_u, v, _si, idx) => (idx === null || idx === undefined ? '–'
          : `${fmtS(v)} (total ${fmtS(pc.total.at(this.from + idx) - last.at(this.from + idx))})`),
      });
    }
    series.push({ label: 'elapsed', stroke: '#222', width: 2, paths: ticks(3), points: { show: false }, value: (_u, v) => fmtS(v) });
    series.push({ label: 'pending', stroke: '#7b2cbf', width: 1.5, dash: [4, 3], points: { show: false }, value: (_u, v) => fmtS(v) });
    series.push({ label: 'gate passed', scale: 'gate', stroke: '#0077b6', width: 4, paths: ticks(1.5), points: { show: false },
      value: (_u, v) => (v === null || v === undefined ? 'no' : 'yes') });
    const opts: uPlot.Options = {
      ...sizeOf(el, 260),
      title: `${s.profiles[profileIndex]} profile`,
      padding: [null, LABEL_GUTTER, null, null],
      cursor: { sync: { key: 'acphys-frames' }, drag: { x: false, y: false } },
      // The y range is a function of the last update's top: with a fixed [min, max] here, the
      // scale reset in setData put every update back to it (the old fixed 0–0.25 s scale).
      scales: { x: { time: false }, y: { auto: false, range: () => [0, this.yMax] }, gate: { auto: false, range: [0, 1] } },
      axes: [
        { label: 'render frame', size: 36 },
        { label: 'seconds (s)', size: 56, values: (_u, vals) => vals.map((v) => `${+v.toFixed(3)}`) },
      ],
      legend: { live: true },
      series,
      hooks: { draw: [(u) => quantumLines(u, s.profiles[profileIndex]), (u) => topNote(u, this.note)], setCursor: [(u) => this.showHover(u)] },
    };
    this.u = new uPlot(opts, this.empty(), el);
    this.hover = document.createElement('div');
    this.hover.className = 'quanta-hover mono';
    this.hover.hidden = true;
    this.u.over.append(this.hover);
  }

  /** The hover box: the frame under the cursor and the selected object's figures there. */
  private readonly hover: HTMLDivElement;

  /** What the hover box says at history frame index `k` (the selected object's quanta, their
   *  count, elapsed and pending, the tracked objects' stack and whether the gate passed). */
  hoverText(k: number): QuantaHover {
    const s = this.s, pc = s.history.profiles[this.profileIndex]!, sel = this.selected;
    const n = pc.count[sel]!.at(k);
    const text = `frame ${s.history.frame.at(k)} (t ${s.history.now.at(k).toFixed(3)} s): ${s.names[sel]}: ` +
      `quanta ${fmtS(pc.quanta[sel]!.at(k))} (${n} quant${n === 1 ? 'um' : 'a'}), elapsed ${fmtS(pc.elapsed[sel]!.at(k))}, ` +
      `pending ${fmtS(pc.pending[sel]!.at(k))}; tracked objects stacked ${fmtS(pc.stacked[s.tracked - 1]!.at(k))}; ` +
      `gate ${pc.gate.at(k) ? 'passed' : 'closed'}`;
    return { frame: s.history.frame.at(k), text };
  }

  private showHover(u: uPlot): void {
    const idx = u.cursor.idx, left = u.cursor.left ?? -1;
    if (idx === null || idx === undefined || left < 0) { this.hover.hidden = true; return; }
    const { frame, text } = this.hoverText(this.from + idx);
    this.hover.textContent = text;
    this.hover.dataset['frame'] = String(frame);
    this.hover.hidden = false;
    // Beside the cursor, on the side with room.
    const w = u.over.clientWidth;
    this.hover.style.left = left < w / 2 ? `${left + 12}px` : '';
    this.hover.style.right = left < w / 2 ? '' : `${w - left + 12}px`;
  }

  private empty(): uPlot.AlignedData {
    const n = this.order.length + (this.hasOthers ? 1 : 0) + 3;
    return [new Float64Array(0), ...Array.from({ length: n }, () => new Float64Array(0))] as uPlot.AlignedData;
  }

  setSelected(i: number): void { this.selected = Math.min(Math.max(i, 0), this.s.tracked - 1); }

  /** Show frames [from, to) of the history. The y scale covers, in 98 % of the frames shown,
   *  the tracked objects' stacked bars, the others' mean and the selected object's elapsed time
   *  and pending remainder (quantaScaleMax: MIN_QUANTUM stays in view as the reference the usual
   *  1/30 s bars are read against; at most 2.2 s). The few frames above it (a hitch,
   *  when 8 objects' 0.2 s quanta stack to 1.6 s) run off the top, and a note says how many and
   *  how high, so that one hitch does not flatten every other frame's bars; reference lines
   *  above the scale are listed at the top of the gutter. */
  update(from: number, to: number): void {
    const s = this.s;
    const h = s.history;
    this.from = from;
    const pc: ProfileColumns = h.profiles[this.profileIndex]!;
    const sel = this.selected;
    const elapsed = pc.elapsed[sel]!.data, pending = pc.pending[sel]!.data, gate = pc.gate.data;
    const top = pc.stacked[s.tracked - 1]!.data;
    const n = to - from;
    const el: (number | null)[] = new Array(n), gt: (number | null)[] = new Array(n);
    if (this.othersMean.length !== n) this.othersMean = new Float64Array(n);
    if (this.highest.length !== n) this.highest = new Float64Array(n);
    const others = s.n - s.tracked;
    for (let k = 0; k < n; k++) {
      const e = elapsed[from + k]!;
      el[k] = Number.isNaN(e) ? null : e;
      let high = Number.isNaN(e) ? 0 : e;
      const p = pending[from + k]!;
      if (p > high) high = p;
      const t = top[from + k]!;
      if (t > high) high = t;
      if (others > 0) {
        const m = (pc.total.data[from + k]! - t) / others;
        this.othersMean[k] = m;
        if (m > high) high = m;
      }
      this.highest[k] = high;
      gt[k] = gate[from + k] ? 0.985 : null;
    }
    const sorted = this.highest.slice().sort();
    const p98 = n ? sorted[Math.min(n - 1, Math.floor(n * 0.98))]! : 0;
    const yMax = this.yMax = quantaScaleMax(p98);
    let over = 0;
    for (let k = 0; k < n; k++) if (this.highest[k]! > yMax) over++;
    this.note = over ? `${over} frame${over === 1 ? '' : 's'} above the scale, up to ${(sorted[n - 1]!).toFixed(2)} s` : '';
    const ys: (Float64Array | (number | null)[])[] = this.order.map((i) => pc.stacked[i]!.view(from, to));
    if (this.hasOthers) ys.push(this.othersMean);
    ys.push(el, pc.pending[sel]!.view(from, to), gt);
    this.u.batch(() => {
      this.u.setScale('y', { min: 0, max: yMax });
      this.u.setData([h.frame.view(from, to), ...ys] as uPlot.AlignedData, true);
    });
  }

  resize(): void { this.u.setSize(sizeOf(this.el, 260)); }
  destroy(): void { this.u.destroy(); }
}

type Quantity = 'x' | 'y' | 'z' | 'heading' | 'speed';
/** The charts: x, y and z (Δ: from each object's value at the first frame), heading, speed. */
const QUANTITIES: { key: Quantity; label: string; fromStart: boolean; range?: [number, number] }[] = [
  { key: 'x', label: 'Δx east (m)', fromStart: true },
  { key: 'y', label: 'Δy north (m)', fromStart: true },
  { key: 'z', label: 'Δz up (m)', fromStart: true },
  { key: 'heading', label: 'heading (degrees)', fromStart: false, range: [0, 360] },
  { key: 'speed', label: 'speed (m/s)', fromStart: false },
];

/** The time series' axis font (CSS px), set on the axes and measured for their width. */
const AXIS_FONT = '12px system-ui, sans-serif';
/** uPlot's y axis tick length and the gap between tick and label (its defaults, CSS px). */
const TICK_PX = 10, GAP_PX = 5;
let measurer: CanvasRenderingContext2D | null = null;

/** Width (CSS px) of the widest of `values` in AXIS_FONT. */
export function textWidth(values: readonly string[]): number {
  measurer ??= document.createElement('canvas').getContext('2d');
  if (!measurer) return 8 * Math.max(0, ...values.map((v) => v.length));
  measurer.font = AXIS_FONT;
  return Math.max(0, ...values.map((v) => measurer!.measureText(v).width));
}

/** A y axis as wide as its widest tick label needs (never clipped), at least 40 px. */
function yAxisSize(_u: uPlot, values: string[] | null): number {
  return Math.max(40, Math.ceil(textWidth(values ?? []) + TICK_PX + GAP_PX + 4));
}

/** The y range of a time series: the data's, padded 5 %; a constant series (or one value)
 *  ±1 around it; no data 0..1. */
export function seriesRange(_u: uPlot, min: number | null, max: number | null): [number, number] {
  if (min === null || max === null || !Number.isFinite(min) || !Number.isFinite(max)) return [0, 1];
  if (max - min < 1e-9) return [min - 1, max + 1];
  const pad = (max - min) * 0.05;
  return [min - pad, max + pad];
}

/** x, y, z (each object from where it started: objects landblocks apart share one readable
 *  scale), heading and speed of the tracked objects over the frame times. */
export class SeriesPlots {
  readonly plots: uPlot[] = [];
  constructor(readonly el: HTMLElement, readonly s: Session) {
    for (const q of QUANTITIES) {
      const div = document.createElement('div');
      div.className = 'series-plot';
      div.dataset['quantity'] = q.key;
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
        scales: { x: { time: false }, y: q.range ? { auto: false, range: q.range } : { auto: true, range: seriesRange } },
        axes: [{ label: 'time (s)', size: 34, font: AXIS_FONT }, { label: q.label, size: yAxisSize, font: AXIS_FONT }],
        legend: { show: q.key === 'x' },
        series,
      }, [new Float64Array(0), ...series.slice(1).map(() => new Float64Array(0))] as uPlot.AlignedData, div);
      this.plots.push(u);
    }
  }

  /** Number of charts (update them one at a time with updateOne). */
  get count(): number { return this.plots.length; }

  /** Show frames [from, to) in chart k (x, y and z less each object's value at its first frame in the world). */
  updateOne(k: number, from: number, to: number): void {
    const h = this.s.history;
    const q = QUANTITIES[k]!;
    const cols = { x: h.x, y: h.y, z: h.z, heading: h.heading, speed: h.speed }[q.key];
    const ys = cols.map((c) => {
      const v = c.view(from, to);
      // An object added while the run went has NaN before it entered: gaps (null) for uPlot,
      // whose scales a NaN would spoil.
      const late = Number.isNaN(c.at(0));
      if (!q.fromStart) return late ? Array.from(v, (x) => (Number.isNaN(x) ? null : x)) : v;
      // From where the object started: its first frame in the world.
      let start = NaN;
      for (let f = 0; f < c.length && Number.isNaN(start); f++) start = c.at(f);
      const out = new Float64Array(v.length);
      for (let f = 0; f < v.length; f++) out[f] = v[f]! - start;
      return late ? Array.from(out, (x) => (Number.isNaN(x) ? null : x)) : out;
    });
    this.plots[k]!.setData([h.now.view(from, to), ...ys] as uPlot.AlignedData, true);
  }

  resize(): void { for (const u of this.plots) u.setSize(sizeOf(u.root.parentElement ?? this.el, 180)); }
  destroy(): void { for (const u of this.plots) u.destroy(); this.el.textContent = ''; }
}
