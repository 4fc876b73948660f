// The page's capture replay (issue 40, docs/REPLAY.md): a capture of the retail client (the JSONL
// datagram form, pcap or pcapng) dropped on the page is replayed through the .wasm by the same C
// session as `acphys replay` (src/replay/session.h through wasm/abi/replay.c): the embedded
// default excerpts (unless left out) and the user's DATs, then the capture; the session makes the
// scenario and judges every client report. The page then opens that scenario as its run (the map
// draws acphys's path), puts the client's reported positions on the map and in the 3-D view beside
// it, plots the distances over time (uPlot), and names the first report beyond the threshold and
// every segment the loaded data cannot cover.
// A full client DAT (read lazily, web/src/dat.ts) cannot be handed to the session whole: the
// session first makes the scenario without it, the records that scenario needs are copied out of
// the full DATs (`excerptsFor`, with the progress bar), and a second session runs with the copies.
// This module imports no app state: main.ts gives it what it needs (ReplayDeps).
import type * as Three from 'three';
import uPlot from 'uplot';
import type { Acphys } from '../../wasm/acphys.mjs';
import { encodeJson, type Scenario } from '../../wasm/scenario.mjs';
import type { UserDat } from './dat';
import { plural } from './format';
import type { Session } from './run';

/** What the panel needs from the page. */
export interface ReplayDeps {
  acp: Acphys;
  /** The user's DATs, in the order they were added. */
  dats: () => Map<string, UserDat>;
  /** The excerpt bytes a scenario needs (full DATs' records copied out); throws with a message. */
  excerptsFor: (s: Scenario) => Promise<Map<string, Uint8Array>>;
  /** Open the scenario as the page's run (null when the page refused it, after its message). */
  open: (s: Scenario, source: string) => Promise<Session | null>;
  status: (text: string) => void;
  error: (text: string) => void;
  /** Redraw the map now. */
  redraw: () => void;
}

/** One client report of the report JSON (docs/REPLAY.md, "Reading the report"). */
export interface ReplayReport {
  t: number; kind: string; doing?: string; frame?: number;
  client: { cell: string; origin: number[]; heading: number };
  acphys?: { cell: string; origin: number[]; heading: number };
  distance: number | null; same_cell?: boolean; heading_difference?: number; skipped?: string;
}
export interface ReplayResult {
  player: string;
  threshold: number;
  reports: ReplayReport[];
  segments: { from: number; to: number; reports: number; reason: string }[];
  skipped_objects?: { guid: string; t: number; id: string; reason: string }[];
  summary: {
    reports: number; compared: number; skipped: number; cells_agree: number; max_distance: number; mean_distance: number;
    frames: number; objects: number; first_beyond?: { index: number; t: number; distance: number; doing: string };
  };
}

/** A capture's form by its name and first bytes: pcap (magic a1b2c3d4 / a1b23c4d either way),
 *  pcapng (0a0d0d0a), the JSONL datagram form (a first line with "dir" and "data", or an empty
 *  .jsonl), or null. */
export function captureForm(name: string, head: Uint8Array): 'pcap' | 'pcapng' | 'jsonl' | null {
  const m = head.length >= 4 ? new DataView(head.buffer, head.byteOffset, 4).getUint32(0, false) : 0;
  if ([0xa1b2c3d4, 0xd4c3b2a1, 0xa1b23c4d, 0x4d3cb2a1].includes(m)) return 'pcap';
  if (m === 0x0a0d0d0a) return 'pcapng';
  if (/\.(pcap|pcapng|cap)$/i.test(name)) return 'pcap';
  const text = new TextDecoder().decode(head);
  const line = text.split('\n').find((l) => l.trim() !== '') ?? '';
  // An empty .jsonl is an empty capture ("holds no datagram", as an empty .pcap), not a DAT.
  if (line === '' && /\.jsonl$/i.test(name)) return 'jsonl';
  return /^\s*\{/.test(line) && /"dir"\s*:/.test(line) && /"data"\s*:/.test(line) ? 'jsonl' : null;
}

/** World metres (the map's x, y) of a cell and origin. */
function world(cell: string, origin: number[]): [number, number] {
  const c = Number(cell) >>> 0;
  return [(c >>> 24) * 192 + origin[0]!, ((c >>> 16) & 0xff) * 192 + origin[1]!];
}

const BEYOND = '#d1242f', WITHIN = '#1f6feb', SKIPPED = '#8c959f', ACPHYS = '#2da44e';

export class ReplayPanel {
  result: ReplayResult | null = null;
  /** The session the result's scenario runs in (markers show only over it). */
  private shownIn: Session | null = null;
  private plot: uPlot | null = null;
  private key = 0;

  constructor(private readonly box: HTMLElement, private readonly deps: ReplayDeps) {
    const input = box.querySelector<HTMLInputElement>('#capture-input');
    input?.addEventListener('change', () => {
      const f = input.files?.[0];
      if (f) void this.open(f).finally(() => { input.value = ''; });
    });
    new ResizeObserver(() => this.plot?.setSize({ width: this.plotWidth(), height: 200 })).observe(box);
  }

  private field<T extends HTMLElement>(id: string): T { return this.box.querySelector<T>(`#${id}`)!; }

  /** Replay capture `f` and show it; the page's run becomes the replay's scenario. */
  async open(f: File): Promise<void> {
    const threshold = Number(this.field<HTMLInputElement>('replay-threshold').value);
    if (!(threshold >= 0 && threshold <= 1e6)) {
      this.deps.error(`Replay: the threshold must be a distance in metres from 0 to 1e6, not "${this.field<HTMLInputElement>('replay-threshold').value}".`);
      return;
    }
    const noDefault = this.field<HTMLInputElement>('replay-no-default').checked;
    const resync = this.field<HTMLInputElement>('replay-resync').checked;
    const datagrams = this.field<HTMLSelectElement>('replay-frames').value === 'datagrams';
    const bytes = new Uint8Array(await f.arrayBuffer());
    this.deps.status(`Replaying the capture ${f.name}…`);
    let made: { scenario: Scenario; report: ReplayResult; table: string; warnings: string[] };
    try {
      const dats = [...this.deps.dats().values()];
      let given = new Map(dats.filter((d) => !d.lazy).map((d) => [d.name, d.bytes] as const));
      if (dats.some((d) => d.lazy)) {
        // The records the capture's scenario needs, copied out of the full DATs.
        const first = this.session(f.name, bytes, given, { noDefault, resync, threshold, datagrams }, false);
        const want = { ...first.scenario, excerpts: [...(first.scenario.excerpts ?? []), ...dats.filter((d) => d.lazy).map((d) => d.name)] };
        const copied = await this.deps.excerptsFor(want);
        given = new Map(dats.map((d) => [d.name, copied.get(d.name) ?? d.bytes] as const).filter(([, b]) => b.length > 0));
      }
      made = this.session(f.name, bytes, given, { noDefault, resync, threshold, datagrams }, true);
    } catch (e) {
      this.deps.status(`Could not replay the capture ${f.name}.`);
      this.deps.error(`Replay: ${e instanceof Error ? e.message : String(e)}. The current run goes on unchanged.`);
      return;
    }
    const s = await this.deps.open(made.scenario, f.name);
    if (!s) {
      this.deps.status(`Could not replay the capture ${f.name}.`);
      return;
    }
    this.result = made.report;
    this.shownIn = s;
    this.key++;
    this.show(f.name, made.table, made.warnings);
    this.deps.redraw();
    this.deps.status(`Replayed ${f.name}: ${this.verdict()}`);
  }

  /** One C session over the capture: the scenario, and with `run` its report and table. Throws
   *  Error with the session's message ("<capture>: ...", "<dat>: ..."). */
  private session(name: string, capture: Uint8Array, dats: Map<string, Uint8Array>,
    o: { noDefault: boolean; resync: boolean; threshold: number; datagrams: boolean }, run: boolean) {
    const { acp } = this.deps, X = acp.exports as unknown as Record<string, (...a: number[]) => number>;
    const s = X['acp_abi_replay_create']!(o.noDefault ? 1 : 0, o.datagrams ? 1 : 0, o.resync ? 1 : 0, o.threshold);
    if (!s) throw new Error('out of memory');
    const cstr = (t: string) => acp.copyIn(new TextEncoder().encode(`${t}\0`));
    const withBytes = <T>(b: Uint8Array, fn: (p: number, n: number) => T): T => {
      const p = acp.copyIn(b.length ? b : new Uint8Array(1));
      try { return fn(p, b.length); } finally { acp.free(p); }
    };
    const check = () => { const p = X['acp_abi_replay_error']!(s); if (p) throw new Error(acp.string(p)); };
    const warnings: string[] = [];
    const warned = () => { for (let i = warnings.length, n = X['acp_abi_replay_warning_count']!(s); i < n; i++) warnings.push(acp.string(X['acp_abi_replay_warning']!(s, i))); };
    try {
      check();
      for (const [dat, b] of dats) {
        const shown = cstr(dat);
        try { withBytes(b, (p, n) => X['acp_abi_replay_add_dat']!(s, shown, shown, p, n)); } finally { acp.free(shown); }
        check();
      }
      const cap = cstr(name);
      try { withBytes(capture, (p, n) => X['acp_abi_replay_read_capture']!(s, cap, p, n)); } finally { acp.free(cap); }
      check();
      warned();
      if (!X['acp_abi_replay_build']!(s)) check();
      const at = X['acp_abi_replay_scenario']!(s), len = X['acp_abi_replay_scenario_length']!(s);
      const text = new TextDecoder().decode(acp.u8().slice(at, at + len));
      const scenario = JSON.parse(text) as Scenario;
      if (!run) return { scenario, report: null as unknown as ReplayResult, table: '', warnings };
      withBytes(encodeJson(scenario), (p, n) => X['acp_abi_replay_run']!(s, p, n));
      check();
      warned();
      const report = X['acp_abi_replay_report']!(s), table = X['acp_abi_replay_table']!(s);
      if (!report || !table) throw new Error('out of memory');
      return { scenario, report: JSON.parse(acp.string(report)) as ReplayResult, table: acp.string(table), warnings };
    } finally {
      X['acp_abi_replay_free']!(s);
    }
  }

  /** The totals and the first report beyond the threshold, in one sentence. */
  verdict(): string {
    const r = this.result;
    if (!r) return '';
    const m = r.summary;
    const totals = `${plural(m.reports, 'report')}: ${m.compared} compared, ${m.skipped} skipped; cells agree ${m.cells_agree}/${m.compared}; ` +
      (m.compared ? `distance max ${m.max_distance.toFixed(3)} m, mean ${m.mean_distance.toFixed(3)} m` : 'distance n/a');
    const fb = m.first_beyond;
    const beyond = fb
      ? `first beyond ${r.threshold} m: report ${fb.index} at ${fb.t.toFixed(3)} s (${r.reports[fb.index]?.kind ?? '?'}), ${fb.distance.toFixed(3)} m, while ${fb.doing}`
      : m.compared ? `every compared report within ${r.threshold} m` : 'no report compared';
    return `${totals}; ${beyond}.`;
  }

  private show(name: string, table: string, warnings: string[]): void {
    const r = this.result!;
    const d = this.box.dataset;
    d['reports'] = String(r.summary.reports);
    d['compared'] = String(r.summary.compared);
    d['maxDistance'] = String(r.summary.max_distance);
    d['firstBeyond'] = r.summary.first_beyond ? String(r.summary.first_beyond.index) : '';
    d['segments'] = String(r.segments.length);
    this.field('replay-verdict').textContent = `${name}, player ${r.player}: ${this.verdict()}`;
    this.field('replay-verdict').className = r.summary.first_beyond ? 'beyond' : 'within';
    const list = this.field('replay-notes');
    list.textContent = '';
    const note = (text: string) => { const li = document.createElement('li'); li.textContent = text; list.append(li); };
    for (const g of r.segments) note(`Not compared: ${g.from.toFixed(3)} s to ${g.to.toFixed(3)} s (${plural(g.reports, 'report')}): ${g.reason}`);
    for (const o of r.skipped_objects ?? []) note(`Object ${o.guid} (${Number(o.id) ? `Setup ${o.id}` : 'no Setup'}) left out at ${o.t.toFixed(3)} s: ${o.reason}`);
    for (const w of warnings) note(`Warning: ${w}`);
    this.field('replay-table').textContent = table;
    this.plotDistances();
  }

  private plotWidth(): number { return Math.max(240, this.field('replay-plot').clientWidth - 4); }

  /** Distance (m) at each report over the scenario time; skipped reports are gaps; the threshold
   *  as a dashed line. */
  private plotDistances(): void {
    const r = this.result!;
    this.plot?.destroy();
    const host = this.field('replay-plot');
    host.textContent = '';
    const t = r.reports.map((p) => p.t), dist = r.reports.map((p) => p.distance);
    const threshold = r.threshold;
    const fb = r.summary.first_beyond;
    this.plot = new uPlot({
      width: this.plotWidth(), height: 200,
      scales: { x: { time: false } },
      axes: [{ label: 'capture time (s)' }, { label: 'distance (m)' }],
      series: [{ label: 't (s)' },
        { label: 'client ↔ acphys (m)', stroke: WITHIN, width: 1.5, spanGaps: false, points: { show: true, size: 6 } }],
      hooks: {
        draw: [(u) => {
          const g = u.ctx, { left, width } = u.bbox, dpr = devicePixelRatio;
          const y = Math.round(u.valToPos(threshold, 'y', true)) + 0.5;
          g.save();
          g.strokeStyle = BEYOND;
          g.setLineDash([6 * dpr, 4 * dpr]);
          g.beginPath(); g.moveTo(left, y); g.lineTo(left + width, y); g.stroke();
          if (fb) {
            const x = u.valToPos(fb.t, 'x', true);
            g.setLineDash([]);
            g.beginPath(); g.arc(x, u.valToPos(fb.distance, 'y', true), 6 * dpr, 0, 2 * Math.PI); g.stroke();
          }
          g.restore();
        }],
      },
    }, [t, dist], host);
    host.dataset['points'] = String(dist.filter((v) => v !== null).length);
  }

  /** The map: each report's client position (a filled dot: red beyond the threshold, blue
   *  within, grey when skipped) joined by a thin line to acphys's position then (a green ring). */
  drawOverlay(g: CanvasRenderingContext2D, sx: (x: number) => number, sy: (y: number) => number, current: Session | null): void {
    const r = this.result;
    if (!r || current !== this.shownIn) { this.box.dataset['markers'] = '0'; return; }
    let drawn = 0;
    g.save();
    for (const p of r.reports) {
      const [cx, cy] = world(p.client.cell, p.client.origin);
      if (p.acphys) {
        const [ax, ay] = world(p.acphys.cell, p.acphys.origin);
        g.strokeStyle = ACPHYS;
        g.lineWidth = 1;
        g.beginPath(); g.moveTo(sx(cx), sy(cy)); g.lineTo(sx(ax), sy(ay)); g.stroke();
        g.beginPath(); g.arc(sx(ax), sy(ay), 5, 0, 2 * Math.PI); g.stroke();
      }
      g.fillStyle = p.skipped ? SKIPPED : p.distance !== null && p.distance > r.threshold ? BEYOND : WITHIN;
      g.beginPath(); g.arc(sx(cx), sy(cy), 3.5, 0, 2 * Math.PI); g.fill();
      drawn++;
    }
    g.restore();
    this.box.dataset['markers'] = String(drawn);
  }

  /** The 3-D view's extras: the client's reports as small spheres and acphys's player path as a
   *  line (its positions every frame of the run), in the scene frame (the origin landblock's). */
  extras3d(): { key: string; build: (three: typeof Three, origin: number, s: Session) => Three.Object3D } | null {
    const r = this.result, shown = this.shownIn;
    if (!r || !shown) return null;
    return {
      key: `replay${this.key}`,
      build: (three, origin, s) => {
        const group = new three.Group();
        group.name = 'replay';
        if (s !== shown) return group;
        const ox = (origin >>> 24) * 192, oy = ((origin >>> 16) & 0xff) * 192;
        const ball = new three.SphereGeometry(0.18, 10, 8);
        const mats = new Map<string, Three.MeshBasicMaterial>();
        const mat = (c: string) => { let m = mats.get(c); if (!m) mats.set(c, m = new three.MeshBasicMaterial({ color: c })); return m; };
        for (const p of r.reports) {
          const [x, y] = world(p.client.cell, p.client.origin);
          const m = new three.Mesh(ball, mat(p.skipped ? SKIPPED : p.distance !== null && p.distance > r.threshold ? BEYOND : WITHIN));
          m.position.set(x - ox, y - oy, p.client.origin[2]! + 0.05);
          m.name = 'client-report';
          group.add(m);
        }
        const h = s.history, i = Math.max(0, s.playerIndex);
        if (i < h.tracked && h.length > 1) {
          const pts: number[] = [];
          for (let f = 0; f < h.length; f++) pts.push(h.x[i]!.data[f]! - ox, h.y[i]!.data[f]! - oy, h.z[i]!.data[f]! + 0.05);
          const geo = new three.BufferGeometry();
          geo.setAttribute('position', new three.Float32BufferAttribute(pts, 3));
          const line = new three.Line(geo, new three.LineBasicMaterial({ color: ACPHYS }));
          line.name = 'acphys-path';
          group.add(line);
        }
        return group;
      },
    };
  }
}
