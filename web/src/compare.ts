// The conformance suite on the page (issue 35, docs/PORTING.md): a case of conformance/v1 opens
// from a list (its scenario, with the DAT excerpts it names, becomes the page's run), and a trace
// a port wrote (acphys's frame records, its per-quantum records, or dereth's record shape) is
// compared with the case's stored golden in the same shape by the C judges `acphys diff` and
// `acphys conform --format dereth` use (src/scenario/diff.h through diffTraces; dereth.h through
// wasm/abi/conform.c acp_abi_dereth_diff: dereth's tolerance rule). The first differing record
// (frame, quantum or sub-step) is named with its field and both values, marked on the panel's
// plot of that field (golden and port over the records), shown at that frame on the map and
// plots (the scrubber goes there), and in the 3-D view as two spheres: where the golden and the
// port have the object then.
// The suite's files are the build's assets, fetched only when a case is opened or judged. This
// module imports no app state: main.ts gives it what it needs (CompareDeps).
import type * as Three from 'three';
import uPlot from 'uplot';
import type { Acphys } from '../../wasm/acphys.mjs';
import { diffTraces, encodeJson, parseJsonText, type Scenario } from '../../wasm/scenario.mjs';
import manifest from '../../conformance/v1/manifest.json';
import type { Session } from './run';

declare global {
  interface ImportMeta {
    glob(patterns: string | string[], opts: { query: string; import: string; eager: true }): Record<string, string>;
  }
}

/** URL of every suite file the page may fetch, by its path from the repository root. */
const FILES: Record<string, string> = Object.fromEntries(Object.entries(import.meta.glob([
  '../../conformance/v1/scenarios/*.json', '../../conformance/v1/dereth/*.input.json',
  '../../conformance/v1/golden/*.jsonl', '../../conformance/v1/dereth/traces/*.jsonl',
  '../../conformance/v1/*.dat', '../../conformance/v1/dereth/*.dat', '../../data/portal-default.dat',
], { query: '?url', import: 'default', eager: true })).map(([k, v]) => [k.replace(/^\.\.\/\.\.\//, ''), v]));

/** A case of the manifest (conformance/v1/manifest.json). */
export interface SuiteCase {
  trace: string; group: string; scenario: string; profile: string; golden: string;
  quanta?: string; dereth?: string; peers?: string[]; rule?: string; retail?: string[]; fields?: string[];
}
export const CASES = (manifest as { cases: SuiteCase[] }).cases;
const GROUPS = (manifest as { groups: { name: string; rule: string }[] }).groups;

export type TraceShape = 'frames' | 'quanta' | 'dereth';
const SHAPE_NAME: Record<TraceShape, string> = { frames: 'frame records', quanta: 'per-quantum records', dereth: "dereth's records" };

/** A trace's shape from its first record (its first line that is not blank or a closing line). */
export function traceShape(text: string): TraceShape | null {
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    let v: Record<string, unknown>;
    try { v = JSON.parse(line) as Record<string, unknown>; } catch { return null; }
    if (v === null || typeof v !== 'object') return null;
    if ('transient_state' in v || 'quat' in v) return 'dereth';
    if ('quantum' in v) return 'quanta';
    if ('frame' in v) return 'frames';
    if ('digest' in v) continue;
    return null;
  }
  return null;
}

/** Two dereth traces by dereth's rule (the C judge): { identical, error, message, summary }. */
export function derethDiff(acp: Acphys, golden: string, port: string): { identical: boolean; error: boolean; message: string; summary: string } {
  const X = acp.exports as unknown as Record<string, (...a: number[]) => number>;
  const d = X['acp_abi_diff_create']!();
  if (!d) throw new Error('out of memory');
  const ptrs: number[] = [];
  const copy = (b: Uint8Array) => { const p = acp.copyIn(b.length ? b : new Uint8Array(1)); ptrs.push(p); return p; };
  try {
    const encode = (text: string, which: number): { bytes: Uint8Array; sizes: Uint32Array } | null => {
      const lines = text.split('\n').map((l) => l.replace(/\r$/, '')).filter((l) => l.trim() !== '');
      const docs: Uint8Array[] = [];
      for (let i = 0; i < lines.length; i++) {
        try {
          docs.push(encodeJson(parseJsonText(lines[i]!, acp, { trace: true })));
        } catch (e) {
          const why = copy(new TextEncoder().encode(`${e instanceof Error ? e.message : String(e)}\0`));
          X['acp_abi_diff_bad_line']!(d, i + 1, which, why);
          return null;
        }
      }
      const bytes = new Uint8Array(docs.reduce((n, b) => n + b.length, 0));
      let at = 0;
      for (const b of docs) { bytes.set(b, at); at += b.length; }
      return { bytes, sizes: Uint32Array.from(docs, (b) => b.length) };
    };
    const a = encode(golden, 97), b = a && encode(port, 98);
    let identical = false;
    if (a && b) {
      const r = X['acp_abi_dereth_diff']!(d, copy(a.bytes), copy(new Uint8Array(a.sizes.buffer)), a.sizes.length,
        copy(b.bytes), copy(new Uint8Array(b.sizes.buffer)), b.sizes.length, 0);
      if (r < 0) throw new Error('out of memory');
      identical = r === 1;
    }
    return { identical, error: X['acp_abi_diff_error']!(d) === 1, message: acp.string(X['acp_abi_diff_message']!(d)), summary: acp.string(X['acp_abi_diff_summary']!(d)) };
  } finally {
    for (const p of ptrs) acp.free(p);
    X['acp_abi_diff_free']!(d);
  }
}

/** What the panel needs from the page. */
export interface CompareDeps {
  acp: Acphys;
  /** The DAT bytes the case's scenario names (its excerpts other than "default"), for the runs. */
  setCaseDats: (dats: Map<string, Uint8Array>) => void;
  open: (s: Scenario, source: string) => Promise<Session | null>;
  /** Show frame `frame` (1-based) on the map and the plots (the scrubber). */
  showFrame: (frame: number) => void;
  status: (text: string) => void;
  error: (text: string) => void;
}

/** The first difference, located. */
export interface Difference { record: number; frame: number | null; quantum: number | null; field: string; golden: number[]; port: number[] }

async function fetchText(path: string): Promise<string> {
  const url = FILES[path];
  if (!url) throw new Error(`${path} is not among the page's suite files`);
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${path}: HTTP ${r.status}`);
  return r.text();
}

const records = (text: string) => text.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Record<string, unknown>).filter((v) => !('digest' in v && !('frame' in v)));

/** The value at a field path ("objects[0].origin[1]", "origin", "cell") of a record, as numbers. */
function valueAt(rec: unknown, path: string): number[] {
  let v: unknown = rec;
  for (const m of path.matchAll(/([A-Za-z_]+)|\[(\d+)\]/g)) {
    if (v === null || typeof v !== 'object') return [];
    v = m[1] !== undefined ? (v as Record<string, unknown>)[m[1]] : (v as unknown[])[Number(m[2])];
  }
  const num = (x: unknown) => (typeof x === 'number' ? x : typeof x === 'boolean' ? Number(x) : typeof x === 'string' && /^0x/i.test(x) ? Number(x) : NaN);
  if (Array.isArray(v)) return v.map(num);
  if (v && typeof v === 'object' && 'd' in v) return [num((v as { d: unknown }).d)];
  return [num(v)];
}

export class ComparePanel {
  case: SuiteCase | null = null;
  private session: Session | null = null;
  private diff: { d: Difference; goldenRec: Record<string, unknown>; portRec: Record<string, unknown>; shape: TraceShape } | null = null;
  private plot: uPlot | null = null;
  private key = 0;

  constructor(private readonly box: HTMLElement, private readonly deps: CompareDeps) {
    const sel = this.el<HTMLSelectElement>('suite-case');
    for (const g of GROUPS) {
      const og = document.createElement('optgroup');
      og.label = g.name;
      og.title = g.rule;
      for (const c of CASES.filter((k) => k.group === g.name)) og.append(new Option(c.trace, c.trace));
      if (og.children.length) sel.append(og);
    }
    this.el('suite-open').addEventListener('click', () => { void this.openCase(sel.value); });
    const input = this.el<HTMLInputElement>('trace-input');
    input.addEventListener('change', () => {
      const f = input.files?.[0];
      if (f) void this.compare(f).finally(() => { input.value = ''; });
    });
  }

  private el<T extends HTMLElement>(id: string): T { return this.box.querySelector<T>(`#${id}`)!; }

  /** Open case `name`: its scenario (and the DATs it names) becomes the page's run. */
  async openCase(name: string): Promise<Session | null> {
    const c = CASES.find((k) => k.trace === name);
    if (!c) { this.deps.error(`Conformance suite: no case "${name}".`); return null; }
    try {
      const s = JSON.parse(await fetchText(`conformance/v1/${c.scenario}`)) as Scenario;
      const dats = new Map<string, Uint8Array>();
      for (const n of s.excerpts ?? []) {
        if (n === 'default') continue;
        const path = new URL(n, `http://suite/conformance/v1/${c.scenario}`).pathname.slice(1);
        const url = FILES[path];
        if (!url) throw new Error(`its excerpt ${n} (${path}) is not among the page's suite files`);
        const r = await fetch(url);
        if (!r.ok) throw new Error(`${path}: HTTP ${r.status}`);
        dats.set(n, new Uint8Array(await r.arrayBuffer()));
      }
      this.deps.setCaseDats(dats);
      const run = await this.deps.open({ ...s, profile: c.profile as Scenario['profile'] }, `the suite's case ${c.trace}`);
      if (!run) return null;
      this.case = c;
      this.session = run;
      this.diff = null;
      this.key++;
      this.describe(c);
      this.deps.status(`Opened the suite's case ${c.trace} (${c.group}, the ${c.profile} clock profile). Drop a port's trace of it to compare it with the golden.`);
      return run;
    } catch (e) {
      this.deps.error(`Conformance suite: case ${c.trace}: ${e instanceof Error ? e.message : String(e)}. The current run goes on unchanged.`);
      return null;
    }
  }

  private describe(c: SuiteCase): void {
    const shapes = [`frames (${c.golden})`, c.quanta ? `per-quantum (${c.quanta})` : '', c.dereth ? `dereth (${c.dereth})` : ''].filter(Boolean);
    this.el('suite-about').textContent = `${c.trace}, group ${c.group}: ${GROUPS.find((g) => g.name === c.group)?.rule ?? ''}` +
      ` Retail: ${(c.retail ?? []).join(', ')}. Goldens: ${shapes.join(', ')}.` +
      (c.peers?.length ? ` Its golden runs with the peers' switch ${c.peers.join(', ')} (a comparison mode, docs/DEVIATIONS.md); the page's run is retail's rule.` : '');
    this.box.dataset['case'] = c.trace;
    this.box.dataset['verdict'] = '';
    this.el('compare-verdict').textContent = '';
    this.el('compare-message').textContent = '';
    this.plot?.destroy();
    this.plot = null;
  }

  /** Compare a port's trace file with the open case's golden of its shape. */
  async compare(f: File): Promise<void> {
    const c = this.case;
    if (!c) { this.deps.error(`${f.name}: open a case of the conformance suite first (Conformance suite: pick a case, Open case), then drop the port's trace of it.`); return; }
    try {
      const text = await f.text();
      const shape = traceShape(text);
      if (!shape) throw new Error('is not a trace: its first record is none of acphys\'s frame or per-quantum records or dereth\'s records');
      const path = shape === 'frames' ? c.golden : shape === 'quanta' ? c.quanta : c.dereth;
      if (!path) throw new Error(`is ${SHAPE_NAME[shape]}, and the case ${c.trace} stores no golden in that shape (only the dereth-gate group has per-quantum and dereth goldens): drop frame records`);
      const golden = await fetchText(`conformance/v1/${path}`);
      const r = shape === 'dereth' ? derethDiff(this.deps.acp, golden, text) : diffTraces(this.deps.acp, golden, text);
      this.show(f.name, shape, path, r, golden, text);
    } catch (e) {
      this.deps.error(`${f.name} ${e instanceof Error ? e.message : String(e)}.`);
    }
  }

  private show(name: string, shape: TraceShape, path: string, r: { identical: boolean; error: boolean; message: string; summary: string }, golden: string, port: string): void {
    const verdict = this.el('compare-verdict'), d = this.box.dataset;
    this.el('compare-message').textContent = r.message;
    this.diff = null;
    this.plot?.destroy();
    this.plot = null;
    d['shape'] = shape;
    for (const k of ['record', 'frame', 'quantum', 'field']) delete d[k];
    if (r.identical) {
      d['verdict'] = 'identical';
      verdict.className = 'identical';
      verdict.textContent = shape === 'dereth'
        ? `${name}: within dereth's tolerance of the golden ${path} (${SHAPE_NAME[shape]}).`
        : `${name}: identical to the golden ${path} (${SHAPE_NAME[shape]}, bit for bit).`;
      this.key++;
      return;
    }
    if (r.error) {
      d['verdict'] = 'error';
      verdict.className = 'error';
      verdict.textContent = `${name} could not be compared with ${path}: ${r.message}`;
      return;
    }
    d['verdict'] = 'differs';
    verdict.className = 'differs';
    const line = Number(/\(line (\d+)\)/.exec(r.message)?.[1] ?? 0);
    const field = /field ([^\s:]+)/.exec(r.message)?.[1] ?? '';
    const g = records(golden), p = records(port);
    const gr = g[line - 1] ?? {}, pr = p[line - 1] ?? {};
    let frame: number | null = typeof gr['frame'] === 'number' ? gr['frame'] : null;
    const quantum = typeof gr['quantum'] === 'number' ? gr['quantum'] : null;
    if (shape === 'dereth' && typeof gr['t'] === 'number' && this.session) {
      const t = gr['t'] as number, times = this.session.times;
      let best = -1;
      for (let i = 0; i < times.length; i++) if (best < 0 || Math.abs(times[i]! - t) < Math.abs(times[best]! - t)) best = i;
      frame = best >= 0 ? best + 1 : null;
    }
    const diff: Difference = { record: line, frame, quantum, field, golden: valueAt(gr, field), port: valueAt(pr, field) };
    this.diff = { d: diff, goldenRec: gr, portRec: pr, shape };
    this.key++;
    d['record'] = String(line);
    if (frame !== null) d['frame'] = String(frame);
    if (quantum !== null) d['quantum'] = String(quantum);
    d['field'] = field;
    const where = shape === 'dereth' ? `sub-step ${/sub-step (\d+)/.exec(r.message)?.[1] ?? line - 1} (record ${line}${frame !== null ? `, frame ${frame}` : ''})`
      : shape === 'quanta' ? `quantum ${quantum} of frame ${frame} (record ${line})` : `frame ${frame} (record ${line})`;
    verdict.textContent = `${name} differs from the golden ${path} first at ${where}, field ${field}: golden ${diff.golden.join(', ')}, port ${diff.port.join(', ')}.`;
    this.plotField(g, p, field, line);
    if (frame !== null) this.deps.showFrame(frame);
  }

  /** The differing field (the component that differs most, for a vector) in the golden and the
   *  port over the records, the first differing record marked by a vertical line. */
  private plotField(g: Record<string, unknown>[], p: Record<string, unknown>[], field: string, line: number): void {
    const at = this.diff!.d;
    let k = 0;
    for (let i = 1; i < at.golden.length; i++) if (Math.abs(at.golden[i]! - at.port[i]!) > Math.abs(at.golden[k]! - at.port[k]!)) k = i;
    const n = Math.max(g.length, p.length);
    const xs = Array.from({ length: n }, (_, i) => i + 1);
    const val = (r: Record<string, unknown> | undefined) => { const v = r ? valueAt(r, field)[k] : undefined; return v === undefined || Number.isNaN(v) ? null : v; };
    const host = this.el('compare-plot');
    host.textContent = '';
    const label = `${field}${at.golden.length > 1 ? `[${k}]` : ''}`;
    this.plot = new uPlot({
      width: Math.max(240, host.clientWidth - 4), height: 200, scales: { x: { time: false } },
      axes: [{ label: 'record (line of the trace)' }, { label }],
      series: [{ label: 'record' }, { label: `golden ${label}`, stroke: '#2da44e', width: 1.5 }, { label: `port ${label}`, stroke: '#d1242f', width: 1, dash: [4, 3] }],
      hooks: {
        draw: [(u) => {
          const x = Math.round(u.valToPos(line, 'x', true)) + 0.5, { top, height } = u.bbox;
          u.ctx.save();
          u.ctx.strokeStyle = '#bf8700';
          u.ctx.lineWidth = 2 * devicePixelRatio;
          u.ctx.beginPath(); u.ctx.moveTo(x, top); u.ctx.lineTo(x, top + height); u.ctx.stroke();
          u.ctx.restore();
        }],
      },
    }, [xs, xs.map((i) => val(g[i - 1])), xs.map((i) => val(p[i - 1]))], host);
    host.dataset['marked'] = String(line);
  }

  /** The 3-D view's extras: at the first difference, the golden's position (green) and the
   *  port's (red) of the object the differing field belongs to, each a sphere on a short pole. */
  extras3d(): { key: string; build: (three: typeof Three, origin: number, s: Session) => Three.Object3D } | null {
    const x = this.diff, shown = this.session;
    if (!x || !shown) return null;
    const obj = Number(/^objects\[(\d+)\]/.exec(x.d.field)?.[1] ?? 0);
    const place = (r: Record<string, unknown>): [number, number[]] | null => {
      const o = (x.shape === 'dereth' ? r : (r['objects'] as Record<string, unknown>[] | undefined)?.[obj]) as Record<string, unknown> | undefined;
      const origin = o?.['origin'];
      if (!o || !Array.isArray(origin) || origin.length !== 3) return null;
      return [Number(o['cell']) >>> 0, origin as number[]];
    };
    return {
      key: `compare${this.key}`,
      build: (three, originCell, s) => {
        const group = new three.Group();
        group.name = 'compare';
        if (s !== shown) return group;
        const ox = (originCell >>> 24) * 192, oy = ((originCell >>> 16) & 0xff) * 192;
        for (const [rec, colour, name] of [[x.goldenRec, 0x2da44e, 'golden-at-difference'], [x.portRec, 0xd1242f, 'port-at-difference']] as const) {
          const at = place(rec);
          if (!at) continue;
          const [cell, o] = at;
          const m = new three.Mesh(new three.SphereGeometry(0.22, 12, 10), new three.MeshBasicMaterial({ color: colour }));
          m.position.set((cell >>> 24) * 192 + o[0]! - ox, ((cell >>> 16) & 0xff) * 192 + o[1]! - oy, o[2]! + 2.2);
          m.name = name;
          group.add(m);
        }
        return group;
      },
    };
  }
}
