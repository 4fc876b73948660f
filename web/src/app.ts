// The page: wires the session (run.ts), the map, the plots, the keyboard, the user's DAT files
// and share links together, and steps the run from requestAnimationFrame with the browser's own
// frame times. Frame times are whole microseconds of scene time (the rAF timestamps' steps ×
// speed, rounded), so the recorded scenario reads back to the same doubles and compresses well.
import type { Acphys } from '../../wasm/acphys.mjs';
import { DatError, DatSet } from '../../wasm/acphys.mjs';
import { parseJsonText, ScenarioError, validateScenario, type ProfileName, type Scenario } from '../../wasm/scenario.mjs';
import manifest from '../../data/excerpts.manifest.json';
import { bytesDigest, extract, openDat, type UserDat } from './dat';
import { formatBytes, plural } from './format';
import { generateFrameTimes, type FrameGenerator } from './frames';
import { Keyboard } from './keyboard';
import {
  CHAT_LINK_CHARS, decodeJsonFile, decodeLink, DIGEST_EVERY, encodeLink, encodeRunFile, firstDivergence, frameChecks, isLinkFragment,
  LinkError, MAX_LINK_CHARS, type RunFile,
} from './link';
import { MapView } from './map';
import { nodeTestSource } from './nodetest';
import { QuantaPlot, SeriesPlots } from './plots';
import { Session, u32, type FrameStats } from './run';
import { addCopies, nextId, objectFromState, pageDefaultScenario, RETAIL_STATES } from './states';

/** Recording stops (the run pauses) after this many frames: 10 minutes at 60 Hz. */
export const MAX_FRAMES = 36_000;
/** Most objects a scenario may have (ACP_SCENARIO_MAX_OBJECTS in src/scenario/scenario.h). */
export const MAX_OBJECTS = 16_384;
const PLOT_INTERVAL_MS = 100;
/** How often the status line's run summary (frames recorded) is rewritten while playing. */
const STATUS_INTERVAL_MS = 250;

const $ = <T extends HTMLElement = HTMLElement>(id: string): T => {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} missing`);
  return el as T;
};

/** ?spawn= as the page reads it: plain decimal digits only ("1e3", "2.5", "-1", "" and " 5"
 *  are not a number of copies), read exactly. `copies` is what the page makes (at most
 *  MAX_OBJECTS - 1, beside the player); `wanted` the request as a BigInt (null past 40 digits,
 *  where `digits` says how many it has). An absent parameter asks for no copies. */
function readSpawn(asked: string | null):
  { valid: false } | { valid: true; copies: number; wanted: bigint | null; digits: number } {
  if (asked === null) return { valid: true, copies: 0, wanted: 0n, digits: 1 };
  if (!/^[0-9]+$/.test(asked)) return { valid: false };
  const digits = asked.replace(/^0+(?=[0-9])/, '');
  const wanted = digits.length <= 40 ? BigInt(digits) : null;
  const max = MAX_OBJECTS - 1;
  const copies = wanted !== null && wanted <= BigInt(max) ? Number(wanted) : max;
  return { valid: true, copies, wanted, digits: digits.length };
}

function describeError(e: unknown): string {
  if (e instanceof DatError || e instanceof ScenarioError || e instanceof LinkError) return e.message;
  return e instanceof Error ? e.message : String(e);
}

/** Rolling figures for the performance line and the test hook. */
class Perf {
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

export class App {
  private session: Session | null = null;
  private map: MapView;
  private quanta: QuantaPlot[] = [];
  private series: SeriesPlots | null = null;
  private keyboard = new Keyboard(window);
  private perf = new Perf();
  private playing = true;
  private busy = false;
  /** Scene time in whole microseconds; the last step (µs). */
  private sceneUs = 0;
  private lastStepUs = 16_667;
  /** The rAF timestamp the next frame's time counts from (null: the next rAF sets it). */
  private prevTs: number | null = null;
  private lastRaf: number | null = null;
  /** True from a run's (re)start to its first animation frame, which draws the new views; the
   *  recorded clock starts at the animation frame after that, so neither the start-up or
   *  rebuild work nor that first drawing is recorded as a frame time. */
  private settling = true;
  /** performance.now() when the settling frame's drawing ended; the clock starts no earlier. */
  private readyAt = 0;
  /** Where the current recording's clock started (the test hook reports it). */
  private clockStart: { ts: number; readyAt: number } | null = null;
  private statusDue = 0;
  /** Counts the messages shown, so a run that replaces the current one clears only those
   *  shown before it began. */
  private messageSeq = 0;
  /** The test hook's injected stalls (ms): in the next drawn frame, and in the next settling
   *  frame (start-up work). */
  private stallNext = 0;
  private stallSettle = 0;
  private speed = 1;
  private scrub: number | null = null;
  private selected = 0;
  private follow = true;
  private plotDue = 0;
  private plotsDirty = true;
  private lastShown = -1;
  private plotJobs: (() => void)[] = [];
  private readonly dats = new Map<string, UserDat>();
  /** The excerpt bytes the current session got. */
  private lastExcerpts = new Map<string, Uint8Array>();
  private pendingRun: { run: RunFile; source: string } | null = null;
  private verdict: { run: RunFile; text: string; identical: boolean } | null = null;

  constructor(readonly acp: Acphys) {
    this.map = new MapView($<HTMLCanvasElement>('map'));
    this.map.onUserView = () => { this.follow = false; $<HTMLInputElement>('follow').checked = false; };
    $<HTMLCanvasElement>('map').addEventListener('dblclick', () => this.refit());
    $('build').textContent = `acphys ${acp.version()}, build ${acp.digest ?? 'unknown'} (${(acp.size / 1024).toFixed(0)} KiB .wasm)`;
    $('build').dataset['build'] = acp.digest ?? 'unknown';
    this.wire();
    this.showSynthetic();
    (window as unknown as { acphysPage: unknown }).acphysPage = this.testHook();
    new ResizeObserver(() => { for (const q of this.quanta) q.resize(); this.series?.resize(); this.plotsDirty = true; }).observe($('quanta'));
  }

  // ---- starting ----

  /** Open the link in the URL, or the default scenario (with ?spawn=N copies of the player). */
  async start(): Promise<void> {
    const frag = location.hash.slice(1);
    if (frag && isLinkFragment(frag)) {
      await this.startDefault(true); // runs until the link replaces it (or stays when the link is broken)
      await this.openLink(frag);
    } else {
      await this.startDefault(true);
      if (frag) this.error(`The link is broken: "#${frag.slice(0, 40)}${frag.length > 40 ? '…' : ''}" is not an acphys link (#v1.…); running the default scenario.`);
    }
    window.addEventListener('hashchange', () => {
      const f = location.hash.slice(1);
      if (f && isLinkFragment(f)) void this.openLink(f);
    });
    requestAnimationFrame((ts) => this.frame(ts));
  }

  private async startDefault(play: boolean): Promise<void> {
    const s = pageDefaultScenario();
    const params = new URLSearchParams(location.search);
    const asked = params.get('spawn');
    const ask = readSpawn(asked);
    const spawn = ask.valid ? ask.copies : 0;
    if (spawn > 0) {
      this.status(`Making ${plural(spawn, 'copy', 'copies')} of the player…`);
      await new Promise((r) => setTimeout(r, 0)); // let the status show
      // Heights come from a session over the same excerpts (the terrain the copies stand on).
      const probe = new Session({ acp: this.acp, scenario: s, excerpts: new Map(), compare: false });
      addCopies(s, 0, spawn, (c, x, y) => probe.terrainHeight(c, x, y));
      probe.dispose();
    }
    const compare = params.get('compare') !== '0';
    const r = await this.rebuild(s, { play, compare });
    if (!r) return;
    const shown = asked === null ? '' : asked.length > 40 ? `${asked.slice(0, 40)}…` : asked;
    if (!ask.valid) {
      this.error(`?spawn=${shown} is not a number of copies (a whole number from 0 to ${(MAX_OBJECTS - 1).toLocaleString('en-US')}, ` +
        `in digits only): running the player alone.`, true);
    } else if (ask.wanted === null || ask.wanted > BigInt(spawn)) {
      // The request as asked, exactly (a BigInt, not a double that rounds it): the copies and,
      // with the player, the objects; past 40 digits only how many digits it has.
      const wanted = ask.wanted === null
        ? `a ${ask.digits.toLocaleString('en-US')}-digit number of copies of the player`
        : `${ask.wanted.toLocaleString('en-US')} copies of the player, ${(ask.wanted + 1n).toLocaleString('en-US')} objects`;
      this.error(`?spawn=${shown} asks for ${wanted}; a scenario holds at most ` +
        `${MAX_OBJECTS.toLocaleString('en-US')} objects, so the page runs the player and ${plural(spawn, 'copy', 'copies')}.`, true);
    }
  }

  // ---- building a session ----

  /** The excerpt bytes a scenario needs, copying records out of full DATs (progress bar).
   *  Throws when a named DAT is missing or lacks a record. */
  private async excerptsFor(s: Scenario): Promise<{ bytes: Map<string, Uint8Array>; copied: UserDat[] }> {
    const out = new Map<string, Uint8Array>();
    const copied: UserDat[] = [];
    const missing = (s.excerpts ?? ['default']).filter((n) => n !== 'default' && !this.dats.has(n));
    if (missing.length) throw new Error(`the scenario needs the DAT file${missing.length > 1 ? 's' : ''} ${missing.map((m) => `"${m}"`).join(', ')}: add ${missing.length > 1 ? 'them' : 'it'} with "Add DAT file(s)" or drop ${missing.length > 1 ? 'them' : 'it'} on the page`);
    for (const name of s.excerpts ?? []) {
      let d = this.dats.get(name);
      if (!d) continue;
      if (d.lazy) {
        d = { ...d }; // the DAT's copied records change only when the new session starts
        copied.push(d);
        const box = $('progress-box'), bar = $<HTMLProgressElement>('progress');
        box.hidden = false;
        try {
          await extract(this.acp, d!, s, (p) => {
            bar.max = Math.max(p.total, 1);
            bar.value = p.done;
            $('progress-label').textContent = `Reading ${p.name}: ${p.done.toLocaleString('en-US')} of ${plural(p.total, 'record')}, ${formatBytes(p.bytesRead)} read of ${formatBytes(p.size)}`;
          });
        } finally {
          box.hidden = true;
        }
        if (!d.bytes.length) throw new Error(`${name} holds none of the records the scenario needs`);
      }
      out.set(name, d.bytes);
    }
    return { bytes: out, copied };
  }

  /** Replace the session by one for scenario `s`, replaying its recorded frame times. On any
   *  failure the current session stays and the error is shown; `source` names where a scenario
   *  from outside came from ("the link", a file name), so that a scenario the runner refuses is
   *  reported as that source's, with the runner's field-level reason. On success, messages shown
   *  before it began are cleared: they were about the run it replaces. */
  private async rebuild(s: Scenario, opts: { play?: boolean; compare?: boolean; source?: string } = {}): Promise<Session | null> {
    if (this.busy) { this.error('Busy: wait for the current replay to finish.'); return null; }
    this.busy = true;
    const seq = this.messageSeq;
    let next: Session | null = null;
    let lazyCopies: UserDat[] = [];
    let lastExcerpts = new Map<string, Uint8Array>();
    try {
      const frames = s.frames as ({ times?: number[] } & Partial<FrameGenerator>) | undefined;
      if (!Array.isArray(frames?.times)) {
        // A generator is expanded here: the runner's own check first, so that a bad one (or no
        // frames at all) is reported as the field it is, not as a JavaScript failure.
        const invalid = validateScenario(this.acp, s);
        if (invalid) throw new ScenarioError(invalid);
        s = { ...s, frames: { times: Array.from(generateFrameTimes(s.frames as FrameGenerator)) } };
      }
      const { bytes: excerpts, copied } = await this.excerptsFor(s);
      lazyCopies = copied;
      lastExcerpts = excerpts;
      next = new Session({ acp: this.acp, scenario: s, excerpts, compare: opts.compare ?? (this.session ? this.session.runs.length > 1 : true) });
      const times = next.recorded;
      if (times.length) this.status(`Replaying ${times.length} frames…`);
      let t0 = performance.now();
      for (let k = 0; k < times.length; k++) {
        next.step(times[k]!);
        if (performance.now() - t0 > 40) {
          this.status(`Replaying: frame ${k + 1} of ${times.length}…`);
          await new Promise((r) => setTimeout(r, 0));
          t0 = performance.now();
        }
      }
    } catch (e) {
      next?.dispose();
      this.busy = false;
      // The current run goes on, but the time spent on the failed rebuild is no frame of it.
      this.settling = true;
      const why = describeError(e);
      if (opts.source && e instanceof ScenarioError) {
        const whose = opts.source === 'the link' ? "The link's scenario is damaged or invalid" : `The scenario in ${opts.source} is invalid`;
        this.error(`${whose}: ${why}. The current run goes on unchanged.`);
      } else {
        this.error(`${opts.source ? `${opts.source}: ` : ''}${why}. The current run goes on unchanged.`);
      }
      return null;
    }
    for (const d of lazyCopies) this.dats.set(d.name, d);
    this.lastExcerpts = lastExcerpts;
    this.session?.dispose();
    this.session = next;
    this.busy = false;
    this.sceneUs = Math.ceil(next.lastTime * 1e6);
    this.scrub = null;
    this.keyboard.reset();
    this.selected = Math.min(this.selected, next.n - 1);
    this.verdict = null;
    $('verdict').hidden = true;
    if (this.messageSeq === seq) this.clearError();
    this.setupViews();
    this.setPlaying(opts.play ?? this.playing);
    this.settling = true;
    this.clockStart = null;
    this.showRunStatus();
    this.status(next.warnings.length ? `Warnings: ${next.warnings.join('; ')}` : '');
    return next;
  }

  private setupViews(): void {
    const s = this.session!;
    this.map.setTerrain(s.landblocks());
    this.refit();
    for (const q of this.quanta) q.destroy();
    $('quanta').textContent = '';
    this.quanta = s.profiles.map((_, i) => {
      const div = document.createElement('div');
      div.className = 'quanta-plot';
      div.dataset['profile'] = s.profiles[i]!;
      $('quanta').append(div);
      return new QuantaPlot(div, s, i, this.selected);
    });
    this.series?.destroy();
    this.series = new SeriesPlots($('series'), s);
    const sel = $<HTMLSelectElement>('selected');
    sel.textContent = '';
    const shown = Math.min(s.n, 200);
    for (let i = 0; i < shown; i++) sel.add(new Option(`${s.ids[i]}: ${s.names[i]}${i < s.tracked ? '' : ' (untracked)'}`, String(i)));
    if (s.n > shown) sel.add(new Option(`… ${s.n - shown} more (select from the first ${shown})`, '', false, false));
    sel.value = String(this.selected);
    $<HTMLSelectElement>('profile').value = s.profile;
    this.plotsDirty = true;
    this.lastShown = -1;
    this.plotJobs = [];
    this.showDats();
    this.showSynthetic();
  }

  private refit(): void {
    const s = this.session;
    if (!s) return;
    this.follow = $<HTMLInputElement>('follow').checked = true;
    this.map.fitObject(s.gx[this.selected] ?? 0, s.gy[this.selected] ?? 0);
  }

  // ---- the frame loop ----

  private frame(ts: number): void {
    requestAnimationFrame((t) => this.frame(t));
    if (this.lastRaf !== null) this.perf.addInterval(ts - this.lastRaf);
    this.lastRaf = ts;
    const s = this.session;
    if (!s) return;
    let st: FrameStats | null = null;
    const settling = this.settling && !this.busy;
    if (settling) {
      // The first animation frame of a (re)started run draws its new views (the terrain, the
      // plots): that work, and the start-up or rebuild before it, is not a frame time.
      this.settling = false;
      this.prevTs = null;
    } else if (this.playing && !this.busy) {
      if (this.prevTs === null) {
        // The recorded clock starts here: at the first animation frame after the run (re)started
        // and its views were drawn (never before that drawing ended: a late frame's timestamp
        // can be older than the work that delayed it).
        this.prevTs = Math.max(ts, this.readyAt);
        this.clockStart ??= { ts: this.prevTs, readyAt: this.readyAt };
      } else {
        const dUs = Math.round((ts - this.prevTs) * 1000 * this.speed);
        if (dUs > 0) st = this.advance(dUs);
        this.prevTs = ts;
      }
    }
    const t0 = performance.now();
    this.draw(settling);
    const stall = settling ? this.stallSettle : this.stallNext;
    if (stall > 0) {
      if (settling) this.stallSettle = 0; else this.stallNext = 0;
      while (performance.now() - t0 < stall) { /* the test hook's stall */ }
    }
    if (settling) this.readyAt = performance.now();
    if (st) this.perf.add(st, performance.now() - t0);
  }

  /** Run one frame `dUs` microseconds of scene time after the last. */
  private advance(dUs: number): FrameStats | null {
    const s = this.session!;
    if (s.framesDone >= MAX_FRAMES) {
      this.setPlaying(false);
      this.status(`Recording stops at ${MAX_FRAMES.toLocaleString()} frames: share or download the run, or restart.`);
      return null;
    }
    this.sceneUs += dUs;
    this.lastStepUs = dUs;
    const t = this.sceneUs / 1e6;
    if (this.keyboard.pending) {
      const id = s.ids[this.selected]!;
      for (const ev of this.keyboard.take(t, id)) {
        try {
          s.addEvent(ev);
        } catch (e) {
          this.error(`The keys could not drive object ${id}: ${describeError(e)}`);
        }
      }
    }
    this.scrub = null;
    try {
      return s.step(t);
    } catch (e) {
      this.setPlaying(false);
      this.error(`The run stopped: ${describeError(e)}`);
      return null;
    }
  }

  /** Draw the map, and the plots that are due. `all`: every chart at once (the first frame of a
   *  run, before its clock starts), as when paused. */
  private draw(all = false): void {
    const s = this.session!;
    const frame = this.scrub;
    const idx = frame === null ? s.framesDone - 1 : frame;
    if (this.follow && s.n) {
      const h = s.history;
      const x = frame === null || this.selected >= s.tracked ? s.gx[this.selected]! : h.x[this.selected]!.at(frame);
      const y = frame === null || this.selected >= s.tracked ? s.gy[this.selected]! : h.y[this.selected]!.at(frame);
      // Keep the selected object inside the middle of the view: re-centre when it leaves the
      // middle 60 % (a jump now and then keeps the terrain layer cached in between).
      const mx = 0.3 * this.map.width / this.map.scale, my = 0.3 * this.map.height / this.map.scale;
      if (Number.isFinite(x) && Number.isFinite(y) && (Math.abs(x - this.map.cx) > mx || Math.abs(y - this.map.cy) > my)) {
        this.map.cx = x;
        this.map.cy = y;
      }
    }
    const t0 = performance.now();
    this.map.draw(s, frame, this.selected);
    const t1 = performance.now();
    this.perf.map = t1 - t0;
    if ((this.plotsDirty || t1 >= this.plotDue) && idx !== this.lastShown && !this.plotJobs.length) {
      this.plotDue = t1 + PLOT_INTERVAL_MS;
      this.plotsDirty = false;
      this.lastShown = idx;
      const end = idx + 1;
      const win = Number($<HTMLSelectElement>('window').value);
      const from = win > 0 ? Math.max(0, end - win) : 0;
      // One chart per animation frame while playing (seven charts would cost one frame too much
      // at once); all at once when paused or scrubbing.
      for (const q of this.quanta) this.plotJobs.push(() => q.update(from, end));
      const series = this.series;
      if (series) for (let k = 0; k < series.count; k++) this.plotJobs.push(() => series.updateOne(k, from, end));
      // The readout shows the frame current when it runs, not the one the plots were queued for.
      this.plotJobs.push(() => this.showReadout(this.shownIndex()));
    }
    do this.plotJobs.shift()?.(); while ((all || !this.playing) && this.plotJobs.length);
    // The frame slider and its label follow every frame (the plots trail by up to one per chart).
    this.showFrame(this.shownIndex());
    if (t1 >= this.statusDue) {
      this.statusDue = t1 + STATUS_INTERVAL_MS;
      this.showRunStatus();
    }
    this.perf.plots = performance.now() - t1;
  }

  /** The history index shown: the scrubbed frame, or the last one run. */
  private shownIndex(): number {
    const s = this.session!;
    return this.scrub === null ? s.framesDone - 1 : this.scrub;
  }

  private shownFrame = { idx: NaN, done: NaN, scrub: false };
  /** The frame slider and its label. */
  private showFrame(idx: number): void {
    const s = this.session!;
    const scrubbing = this.scrub !== null;
    const f = this.shownFrame;
    if (f.idx === idx && f.done === s.framesDone && f.scrub === scrubbing) return;
    f.idx = idx; f.done = s.framesDone; f.scrub = scrubbing;
    const scrub = $<HTMLInputElement>('scrub');
    scrub.max = String(Math.max(1, s.framesDone));
    scrub.value = String(idx + 1);
    $('scrub-label').textContent = s.framesDone
      ? `${idx + 1} / ${s.framesDone}, t = ${s.history.now.at(idx).toFixed(3)} s${scrubbing ? ' (recorded)' : ''}`
      : 'no frames yet';
    $('scrub-label').dataset['frame'] = String(idx + 1);
  }

  /** The status line's run summary: the scenario, its objects and the frames recorded so far. */
  private showRunStatus(): void {
    const s = this.session;
    if (!s) return;
    const state = this.busy ? 'replaying' : s.framesDone >= MAX_FRAMES ? 'recording stopped' : this.playing ? 'recording' : 'paused';
    $('status-run').textContent = `${s.scenario.name ?? 'Scenario'}: ${plural(s.n, 'object')}, ${plural(s.framesDone, 'frame')} recorded ` +
      `(${s.lastTime.toFixed(1)} s), ${state}.`;
  }

  // ---- readouts ----

  private showReadout(idx: number): void {
    const s = this.session!;
    const h = s.history;
    const i = this.selected;
    const tracked = i < s.tracked;
    const live = this.scrub === null;
    const x = live ? s.gx[i]! : tracked ? h.x[i]!.at(idx) : NaN;
    const y = live ? s.gy[i]! : tracked ? h.y[i]!.at(idx) : NaN;
    const z = live ? s.z[i]! : tracked ? h.z[i]!.at(idx) : NaN;
    const hd = live ? s.heading[i]! : tracked ? h.heading[i]!.at(idx) : NaN;
    const cell = live ? s.cell[i]! : tracked ? h.cell[i]!.at(idx) >>> 0 : 0;
    const sp = tracked && idx >= 0 ? h.speed[i]!.at(idx) : NaN;
    const ro = $('readout');
    ro.textContent = `${s.names[i]} (id ${s.ids[i]}): cell 0x${cell.toString(16).toUpperCase().padStart(8, '0')}, ` +
      `x ${(x - 192 * ((cell >>> 24) & 0xff)).toFixed(2)} m, y ${(y - 192 * ((cell >>> 16) & 0xff)).toFixed(2)} m in the landblock ` +
      `(world ${x.toFixed(1)} m east, ${y.toFixed(1)} m north), z ${z.toFixed(2)} m, heading ${Number.isNaN(hd) ? '–' : hd.toFixed(1)}°, ` +
      `speed ${Number.isNaN(sp) ? '–' : sp.toFixed(2)} m/s${live && !s.active[i] ? ' (inactive)' : ''}` +
      `${live && s.nodes[i]! >= 0 ? `, ${s.nodes[i]} server position node${s.nodes[i] === 1 ? '' : 's'} queued` : ''}`;
    ro.dataset['x'] = String(x);
    ro.dataset['y'] = String(y);
    ro.dataset['z'] = String(z);
    ro.dataset['frame'] = String(idx + 1);
    const hooks = $('hooks');
    const list = s.history.hooks;
    const upto = live ? list.length : list.findIndex((e) => e.frame > idx + 1);
    const end = upto < 0 ? list.length : upto;
    const items = list.slice(Math.max(0, end - 100), end).reverse();
    hooks.textContent = '';
    for (const e of items) {
      const li = document.createElement('li');
      li.textContent = `frame ${e.frame} (t ${e.now.toFixed(3)} s): object ${e.id} ${e.name}`;
      hooks.append(li);
    }
    if (!items.length) hooks.innerHTML = '<li>none yet</li>';
    const info = $('runinfo');
    const digest = s.framesDone ? s.digest() : '–';
    info.innerHTML = '';
    const rows: [string, string][] = [
      ['frames', String(s.framesDone)], ['time', `${s.lastTime.toFixed(3)} s`], ['digest', digest], ['profiles', s.profiles.join(' | ')],
      ['objects', `${s.n} (${s.tracked} tracked)`], ['events', String(s.scenario.events?.length ?? 0)], ['excerpts', (s.scenario.excerpts ?? ['default']).join(', ')],
    ];
    for (const [k, v] of rows) {
      const dt = document.createElement('dt'), dd = document.createElement('dd');
      dt.textContent = k;
      dd.textContent = v;
      if (k === 'digest') dd.id = 'digest';
      if (k === 'frames') dd.id = 'frames-done';
      info.append(dt, dd);
    }
    const p = this.perf.summary();
    $('perf').textContent = `${p.fps.toFixed(1)} frames/s · core (${s.profile}) ${p.core.mean.toFixed(2)} ms/frame (p95 ${p.core.p95.toFixed(2)}, max ${p.core.max.toFixed(2)})` +
      (s.runs.length > 1 ? ` · ${s.profiles[1]} ${p.compare.mean.toFixed(2)} ms` : '') + ` · reading + drawing ${p.page.mean.toFixed(2)} ms · ${s.n} objects`;
    $('keys').textContent = this.keyboard.describe() || 'none';
  }

  private showSynthetic(): void {
    type Rec = { id: string; type: string; kind: string; synthetic: boolean; source: string };
    const recs = (manifest as { records: Rec[] }).records;
    const replaced = new Map<number, string>();
    for (const name of this.session?.scenario.excerpts ?? []) {
      const d = this.dats.get(name);
      for (const id of d?.ids ?? []) replaced.set(id, name);
      if (d && !d.lazy) for (const id of d.recordIds ?? []) replaced.set(id, name);
    }
    const synth = recs.filter((r) => r.synthetic);
    const left = synth.filter((r) => !replaced.has(Number(r.id)));
    $('synthetic-summary').textContent = left.length
      ? `${left.length} of the records this page uses are synthetic stand-ins, not retail data`
      : 'Every synthetic record is replaced by your DAT files';
    const body = $('synthetic-body');
    body.textContent = '';
    const p = document.createElement('p');
    p.textContent = 'The embedded default excerpts (data/excerpts.manifest.json): the portal records are synthetic stand-ins with chosen values ' +
      '(the motion table\'s speeds are retail\'s; the animations, part frames and spheres are made up), so the paths show retail\'s clock and ' +
      'motion rules but not a real character\'s animation. Add your own client_portal.dat (or an excerpt of it) to replace them. The terrain is real.';
    body.append(p);
    const ul = document.createElement('ul');
    for (const r of recs) {
      const li = document.createElement('li');
      const by = replaced.get(Number(r.id));
      li.textContent = `${r.type} ${r.id}: ${r.synthetic ? 'SYNTHETIC' : 'real'}${by ? ` (replaced by ${by})` : ''} — ${r.source}`;
      if (by) li.className = 'replaced';
      li.dataset['synthetic'] = String(r.synthetic);
      ul.append(li);
    }
    body.append(ul);
  }

  private showDats(): void {
    const names = [...this.dats.values()].map((d) => `${d.name} (${d.lazy ? 'full DAT, read lazily' : 'excerpt'}; ${d.summary || 'not read yet'})`);
    $('dats').textContent = names.length ? `DAT files: ${names.join('; ')}` : 'DAT files: the embedded default excerpts only.';
  }

  // ---- messages ----

  /** Show a message (an error, or with `notice` a note about what the page did instead of what
   *  was asked); it stays until dismissed, superseded, or a later run replaces the current one. */
  private error(text: string, notice = false): void {
    this.messageSeq++;
    $('message-text').textContent = text;
    $('message').className = notice ? 'notice' : '';
    $('message').hidden = false;
  }
  private clearError(): void {
    $('message').hidden = true;
    $('message-text').textContent = '';
  }
  /** The status line's note: what the last action did (the run summary beside it is live). */
  private status(text: string): void {
    $('status-note').textContent = text;
    this.showRunStatus();
  }

  // ---- controls ----

  private setPlaying(on: boolean): void {
    this.playing = on;
    this.prevTs = null; // the next animation frame is the reference: time from then on runs
    $('play').textContent = on ? 'Pause' : 'Play';
    $('play').setAttribute('aria-pressed', String(on));
  }

  private wire(): void {
    $('message-close').addEventListener('click', () => { $('message').hidden = true; });
    $('play').addEventListener('click', () => { this.setPlaying(!this.playing); if (this.playing) this.scrub = null; });
    $('step').addEventListener('click', () => {
      if (!this.session || this.busy) return;
      this.setPlaying(false);
      this.advance(this.lastStepUs);
      this.plotsDirty = true;
    });
    $<HTMLInputElement>('scrub').addEventListener('input', (e) => {
      const s = this.session;
      if (!s || !s.framesDone) return;
      this.setPlaying(false);
      const v = Number((e.target as HTMLInputElement).value) - 1;
      this.scrub = v >= s.framesDone - 1 ? null : v;
      this.plotsDirty = true;
    });
    $<HTMLSelectElement>('speed').addEventListener('change', (e) => { this.speed = Number((e.target as HTMLSelectElement).value); });
    $<HTMLSelectElement>('window').addEventListener('change', () => { this.plotsDirty = true; this.lastShown = -1; });
    $<HTMLSelectElement>('profile').addEventListener('change', (e) => {
      const s = this.session;
      if (!s) return;
      const p = (e.target as HTMLSelectElement).value as ProfileName;
      void this.rebuild({ ...this.snapshot(), profile: p });
    });
    $<HTMLSelectElement>('selected').addEventListener('change', (e) => {
      const v = (e.target as HTMLSelectElement).value;
      if (v === '') return;
      this.selected = Number(v);
      for (const q of this.quanta) q.setSelected(this.selected);
      this.refit();
      this.plotsDirty = true;
      this.lastShown = -1;
    });
    $<HTMLInputElement>('follow').addEventListener('change', (e) => { this.follow = (e.target as HTMLInputElement).checked; });
    const states = $<HTMLSelectElement>('state');
    RETAIL_STATES.forEach((st, i) => states.add(new Option(`${st.name} (${st.setup ?? 'no setup'}, cell ${st.position.cell})`, String(i))));
    $('add-object').addEventListener('click', () => void this.addObject(Number(states.value)));
    $('spawn').addEventListener('click', () => void this.spawn(Number($<HTMLInputElement>('copies').value)));
    $('restart').addEventListener('click', () => void this.restart(false));
    $('default').addEventListener('click', () => void this.restart(true));
    $('share').addEventListener('click', () => void this.share());
    $('download').addEventListener('click', () => void this.download());
    $('copy-test').addEventListener('click', () => void this.copyNodeTest());
    $<HTMLInputElement>('dat-input').addEventListener('change', (e) => {
      const input = e.target as HTMLInputElement;
      void this.addFiles([...(input.files ?? [])]).finally(() => { input.value = ''; });
    });
    $<HTMLInputElement>('run-input').addEventListener('change', (e) => {
      const input = e.target as HTMLInputElement;
      void this.addFiles([...(input.files ?? [])]).finally(() => { input.value = ''; });
    });
    let depth = 0;
    document.addEventListener('dragenter', (e) => { if (e.dataTransfer?.types.includes('Files')) { depth++; $('drop').hidden = false; } });
    document.addEventListener('dragleave', () => { depth = Math.max(0, depth - 1); if (!depth) $('drop').hidden = true; });
    document.addEventListener('dragover', (e) => { e.preventDefault(); });
    document.addEventListener('drop', (e) => {
      e.preventDefault();
      depth = 0;
      $('drop').hidden = true;
      void this.addFiles([...(e.dataTransfer?.files ?? [])]);
    });
  }

  /** The current scenario with its frames so far (a deep copy). */
  private snapshot(): Scenario {
    const s = this.session!;
    return structuredClone({ ...s.scenario, frames: { times: s.times.slice() } });
  }

  private async restart(toDefault: boolean): Promise<void> {
    if (toDefault) {
      await this.rebuild(pageDefaultScenario(), { play: true });
      return;
    }
    const s = this.snapshot();
    s.events = (s.events ?? []).filter((e) => e.t === 0);
    s.frames = { times: [] };
    await this.rebuild(s, { play: true });
  }

  private async addObject(k: number): Promise<void> {
    const st = RETAIL_STATES[k];
    if (!this.session || !st) return;
    const s = this.snapshot();
    if (s.objects.length >= MAX_OBJECTS) { this.error(`A scenario holds at most ${MAX_OBJECTS.toLocaleString('en-US')} objects: no object was added.`); return; }
    const { object, events } = objectFromState(st, nextId(s));
    // Before any copies, so that it is tracked (plotted) when there is room.
    const firstCopy = s.objects.findIndex((o) => / \(copy \d+\)$/.test(o.name ?? ''));
    if (firstCopy >= 0) s.objects.splice(firstCopy, 0, object); else s.objects.push(object);
    s.events = [...(s.events ?? []), ...events];
    const r = await this.rebuild(s);
    if (r) this.status(`Added ${st.name} (id ${u32(object.id)}) from the recorded retail states; the recording replayed from the start with it. ${r.warnings.join('; ')}`);
  }

  private async spawn(count: number): Promise<void> {
    const cur = this.session;
    if (!cur) return;
    const room = MAX_OBJECTS - cur.n;
    const asked = Math.max(1, Math.floor(count) || 1);
    const n = Math.min(asked, room);
    if (n <= 0) { this.error(`A scenario holds at most ${MAX_OBJECTS.toLocaleString('en-US')} objects: no copies were added.`); return; }
    const s = this.snapshot();
    addCopies(s, this.selected, n, (c, x, y) => cur.terrainHeight(c, x, y));
    const r = await this.rebuild(s);
    if (!r) return;
    this.status(`Added ${plural(n, 'copy', 'copies')} of ${cur.names[this.selected]}; the recording replayed from the start with them.`);
    if (n < asked) {
      this.error(`${plural(asked, 'copy was', 'copies were')} asked for; a scenario holds at most ${MAX_OBJECTS.toLocaleString('en-US')} objects, ` +
        `so ${plural(n, 'copy was', 'copies were')} added (${plural(r.n, 'object')} now).`, true);
    }
  }

  // ---- files ----

  private async addFiles(files: File[]): Promise<void> {
    for (const f of files) {
      if (/\.json$/i.test(f.name) || f.type === 'application/json') await this.openJsonFile(f);
      else await this.addDat(f);
    }
  }

  private async openJsonFile(f: File): Promise<void> {
    try {
      // The strict check the CLIs run (UTF-8, no repeated names; line and column when it is not JSON).
      let value: unknown;
      try {
        value = parseJsonText(new Uint8Array(await f.arrayBuffer()), this.acp);
      } catch (e) {
        throw new LinkError(`${f.name} is ${describeError(e)}`);
      }
      const { run, scenario } = decodeJsonFile(value, f.name);
      if (run) await this.openRun(run, f.name);
      else {
        const r = await this.rebuild(scenario, { play: false, source: f.name });
        if (r) this.status(`Opened the scenario ${f.name}: ${plural(r.framesDone, 'frame')} replayed, digest ${r.framesDone ? r.digest() : '–'}.`);
      }
    } catch (e) {
      this.error(`${f.name}: ${describeError(e)}. The current run goes on unchanged.`);
    }
  }

  private async addDat(f: File): Promise<void> {
    let dat: UserDat;
    try {
      dat = await openDat(this.acp, f);
    } catch (e) {
      const what = e instanceof DatError && /magic|HEADER_TRUNCATED/.test(e.code + e.message) ? 'is not a DAT file' : 'could not be read as a DAT';
      this.error(`${f.name} ${what}: ${describeError(e)}. The current run goes on unchanged.`);
      return;
    }
    if (!dat.lazy) dat.recordIds = recordIdsOf(this.acp, dat.bytes);
    const previous = this.dats.get(dat.name);
    this.dats.set(dat.name, dat);
    this.showDats();
    // A link waiting for this DAT replays now.
    if (this.pendingRun) {
      const need = (this.pendingRun.run.scenario.excerpts ?? []).filter((n) => n !== 'default' && !this.dats.has(n));
      if (!need.length) {
        const { run, source } = this.pendingRun;
        this.pendingRun = null;
        await this.openRun(run, source);
        return;
      }
      this.status(`${dat.name} added. The link still needs ${need.join(', ')}.`);
      return;
    }
    if (!this.session) return;
    const s = this.snapshot();
    const list = (s.excerpts ?? ['default']).filter((n) => n !== dat.name);
    s.excerpts = [...list, dat.name];
    const r = await this.rebuild(s);
    if (!r) {
      if (previous) this.dats.set(dat.name, previous); else this.dats.delete(dat.name);
      this.showDats();
      return;
    }
    this.status(`${dat.name}: ${this.dats.get(dat.name)?.summary ?? dat.summary}. Its records replace the embedded ones with the same ids; the recording replayed from the start with them.`);
  }

  // ---- links ----

  /** The current run as a run file (what a link carries). */
  async runFile(): Promise<RunFile> {
    const s = this.session!;
    const all = s.frameDigests();
    const sampled: string[] = [];
    for (let f = DIGEST_EVERY; f <= all.length; f += DIGEST_EVERY) sampled.push(all[f - 1]!);
    const excerpts: Record<string, string> = {};
    for (const name of s.scenario.excerpts ?? []) {
      const d = this.dats.get(name);
      if (d) excerpts[name] = await bytesDigest(d.bytes);
    }
    return {
      acphys_run: 1, build: this.acp.digest ?? 'unknown', scenario: this.snapshot(), frames: s.framesDone,
      digest: s.digest(), every: DIGEST_EVERY, sampled, excerpts, checks: frameChecks(all),
    };
  }

  private async share(): Promise<void> {
    const s = this.session;
    if (!s || !s.framesDone) { this.error('Nothing to share yet: run at least one frame.'); return; }
    const run = await this.runFile();
    const link = `${location.origin}${location.pathname}#${encodeLink(run)}`;
    $('share-row').hidden = false;
    const input = $<HTMLInputElement>('share-link'), open = $<HTMLAnchorElement>('share-open');
    if (link.length > MAX_LINK_CHARS) {
      input.value = '';
      open.removeAttribute('href');
      $('share-note').textContent = '';
      this.error(`The link would be ${link.length.toLocaleString()} characters, more than browsers accept (Firefox refuses URLs above 1,048,576; ` +
        `this page stops at ${MAX_LINK_CHARS.toLocaleString()}): download the run file instead and open it with "Open run or scenario file".`);
      await this.download(run);
      return;
    }
    input.value = link;
    open.href = link;
    $('share-row').dataset['length'] = String(link.length);
    history.replaceState(null, '', link);
    let copied = false;
    try {
      await navigator.clipboard.writeText(link);
      copied = true;
    } catch {
      copied = false;
    }
    input.select();
    $('share-note').textContent = `${link.length.toLocaleString()} characters, ${run.frames} frames, digest ${run.digest}` +
      `${copied ? ', copied to the clipboard' : ''}${link.length > CHAT_LINK_CHARS ? '; longer than chat apps keep (≈2,000): share the run file if it gets cut' : ''}.`;
  }

  private async download(given?: RunFile): Promise<void> {
    if (!this.session?.framesDone) { this.error('Nothing to download yet: run at least one frame.'); return; }
    const run = given ?? await this.runFile();
    const blob = new Blob([encodeRunFile(run)], { type: 'application/json' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `${run.scenario.name ?? 'acphys-run'}-${run.frames}-frames.acphys.json`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  }

  private async copyNodeTest(): Promise<void> {
    if (!this.session?.framesDone) { this.error('Nothing to test yet: run at least one frame.'); return; }
    const run = await this.runFile();
    const text = nodeTestSource(run, `${run.scenario.name ?? 'acphys run'} (${run.frames} browser frames)`);
    $('text-row').hidden = false;
    $('text-label').textContent = 'Node test';
    const out = $<HTMLTextAreaElement>('text-out');
    out.value = text;
    // The test reads the DAT files the run used beside it: offer the bytes the run got (for a
    // full DAT, the excerpt of the records it needed, not the whole file).
    const files = $('text-files');
    files.textContent = '';
    for (const name of Object.keys(run.excerpts)) {
      const d = this.dats.get(name);
      if (!d) continue;
      const a = document.createElement('a');
      a.href = URL.createObjectURL(new Blob([d.bytes as Uint8Array<ArrayBuffer>], { type: 'application/octet-stream' }));
      a.download = name;
      a.textContent = `${name} (${d.lazy ? `the ${d.ids?.length ?? 0} records the run used` : 'as given'})`;
      files.append(files.childNodes.length ? ', ' : 'Put beside the test: ', a);
    }
    try {
      await navigator.clipboard.writeText(text);
      this.status('Copied a node:test file that replays this run and asserts its digest (also shown below).');
    } catch {
      out.select();
      this.status('The clipboard is not available here: the node:test file is below, selected.');
    }
  }

  private async openLink(fragment: string): Promise<void> {
    let run: RunFile;
    try {
      run = decodeLink(fragment, (text) => parseJsonText(text, this.acp));
    } catch (e) {
      const why = describeError(e); // "the link is broken: ...", "the link is damaged: ..."
      this.error(`${why.charAt(0).toUpperCase()}${why.slice(1)}. The current run goes on unchanged.`);
      return;
    }
    await this.openRun(run, 'the link');
  }

  /** Replay a run file (from a link or a file) and say whether it came out identical. */
  private async openRun(run: RunFile, source: string): Promise<void> {
    const need = (run.scenario.excerpts ?? []).filter((n) => n !== 'default' && !this.dats.has(n));
    if (need.length) {
      this.pendingRun = { run, source };
      const them = need.length > 1 ? 'them' : 'it';
      this.error(`${source} replays a run that used the DAT file${need.length > 1 ? 's' : ''} ${need.map((n) => `"${n}"`).join(', ')}: ` +
        `add ${them} with "Add DAT file(s)" or drop ${them} on the page, and the run replays. The current run goes on meanwhile.`);
      return;
    }
    this.pendingRun = null; // a run waiting for a DAT is superseded by this one
    const r = await this.rebuild(run.scenario, { play: false, source });
    if (!r) return;
    const mine = r.frameDigests();
    const d = firstDivergence(run, mine);
    const notes: string[] = [];
    if (run.build !== (this.acp.digest ?? 'unknown')) notes.push(`made by build ${run.build}, this page is build ${this.acp.digest ?? 'unknown'}: a different build may legitimately diverge`);
    for (const [name, digest] of Object.entries(run.excerpts)) {
      const dat = this.dats.get(name);
      if (dat && (await bytesDigest(dat.bytes)) !== digest) notes.push(`your ${name} gives the run other records than the sharer's did`);
    }
    const text = d === null
      ? `Replayed ${source}: identical. ${run.frames} frames, digest ${run.digest}.`
      : d.frame !== undefined
        ? `Replayed ${source}: diverged at frame ${d.frame} of ${run.frames} (the first frame whose digest differs from the link's, by the check byte it carries for every frame; the full digests agree at frame ${d.after} and differ at frame ${d.by}).`
        : `Replayed ${source}: diverged within frames ${d.after + 1}–${d.by} of ${run.frames} (the digests agree at frame ${d.after} and differ at frame ${d.by}).`;
    this.verdict = { run, text, identical: d === null };
    const v = $('verdict');
    v.hidden = false;
    v.textContent = text + (notes.length ? ` Note: ${notes.join('; ')}.` : '');
    v.className = d === null ? 'identical' : 'diverged';
    v.dataset['verdict'] = d === null ? 'identical' : 'diverged';
    v.dataset['frame'] = d?.frame !== undefined ? String(d.frame) : '';
    v.dataset['digest'] = r.framesDone ? r.digest() : '';
    this.status(`${source[0]!.toUpperCase()}${source.slice(1)}: ${plural(r.framesDone, 'frame')} replayed. Press Play to go on recording from the end.`);
  }

  // ---- test hook ----

  private testHook(): unknown {
    return {
      /** Frames, digest, playing, selected object's position. */
      state: () => {
        const s = this.session;
        return s ? {
          frames: s.framesDone, digest: s.framesDone ? s.digest() : null, playing: this.playing, busy: this.busy, objects: s.n,
          profiles: s.profiles, x: s.gx[this.selected], y: s.gy[this.selected], z: s.z[this.selected], heading: s.heading[this.selected],
          events: s.scenario.events?.length ?? 0, verdict: this.verdict ? (this.verdict.identical ? 'identical' : 'diverged') : null,
        } : null;
      },
      perf: () => this.perf.summary(),
      resetPerf: () => { this.perf = new Perf(); },
      runFile: () => this.runFile(),
      digestAt: (frame: number) => this.session?.frameDigests()[frame - 1] ?? null,
      /** The core alone, away from drawing: the current scenario's objects run `frames` frames at
       *  60 Hz in a session of their own; ms per frame (mean, p95, max). */
      benchCore: (frames: number) => {
        const cur = this.session;
        if (!cur) return null;
        const s = new Session({ acp: this.acp, scenario: { ...this.snapshot(), frames: { times: [] } }, excerpts: this.lastExcerpts, compare: false });
        const ms: number[] = [];
        try {
          for (let k = 1; k <= frames; k++) ms.push(s.step(k / 60).coreMs);
        } finally {
          s.dispose();
        }
        ms.sort((a, b) => a - b);
        return { mean: ms.reduce((a, b) => a + b, 0) / ms.length, p95: ms[Math.floor(ms.length * 0.95)], max: ms[ms.length - 1] };
      },
      pause: () => this.setPlaying(false),
      play: () => this.setPlaying(true),
      /** Where the current recording's clock started: the rAF timestamp it counts from and when
       *  the first drawing of the run's views ended (ms, performance.now's clock); null until the
       *  clock has started. */
      clock: () => this.clockStart,
      /** Busy-wait `ms` in the next animation frame (a browser hitch while running). */
      stall: (ms: number) => { this.stallNext = ms; },
      /** Busy-wait `ms` in the first animation frame of the next (re)started run (start-up work). */
      stallStart: (ms: number) => { this.stallSettle = ms; },
    };
  }
}

/** The record ids in an excerpt's bytes. */
function recordIdsOf(acp: Acphys, bytes: Uint8Array): number[] {
  const set = new DatSet(acp);
  try {
    set.addBytes(bytes);
    return set.records().map((r) => r.id);
  } finally {
    set.free();
  }
}
