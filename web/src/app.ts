// The page: holds the run's state (the session, the views, the clock, what is selected) and
// builds sessions: the default scenario (with ?spawn=N copies), a rebuilt one after a change (a
// profile, an added object or copies, a DAT, a file or a link), replayed from its recorded frame
// times. The other modules do the rest, each over this App as the Page interface (page.ts: they
// never import this file, so the imports run one way): controls.ts wires the controls, adding.ts
// adds objects and copies, loop.ts steps the run from requestAnimationFrame with the browser's own frame times, views.ts
// writes the readouts, status.ts the status line and messages, files.ts opens files and DATs,
// sharing.ts makes and replays links and run files, testhook.ts is window.acphysPage.
// Frame times are whole microseconds of scene time (the rAF timestamps' steps × speed, rounded),
// so the recorded scenario reads back to the same doubles and compresses well.
import type { Acphys } from '../../wasm/acphys.mjs';
import { ScenarioError, validateScenario, type Scenario } from '../../wasm/scenario.mjs';
import { wire } from './controls';
import type { UserDat } from './dat';
import { $ } from './dom';
import { excerptsFor } from './files';
import { plural } from './format';
import { generateFrameTimes, type FrameGenerator } from './frames';
import { Keyboard } from './keyboard';
import { isLinkFragment, type RunFile } from './link';
import { framing, type GotoPlace } from './location';
import { goTo, placeAfterRebuild } from './gotoplace';
import type { PreviewBlock } from './preview';
import type { FileHandler, Page, RebuildOptions } from './page';
import { ReplayCancelled, replayInChunks, showReplayProgress } from './progress';
import { MAX_OBJECTS, readSpawn } from './spawn';
import { inspectAt } from './inspecting';
import { Inspector, type InspectRecord } from './inspector';
import { frame } from './loop';
import { MapView } from './map';
import { Perf } from './perf';
import { QuantaPlot, SeriesPlots } from './plots';
import { Session, u32 } from './run';
import { openLink } from './sharing';
import { addCopies, pageDefaultScenario } from './states';
import { embeddedBytes, embeddedNow, standInSetup } from './standins';
import { describeError, StatusLine } from './status';
import { terrainWords } from './terrain2d';
import { testHook } from './testhook';
import { showDats, showLegend, showSynthetic } from './views';

export { MAX_FRAMES } from './status';

/** The page's state; its modules read and set these fields (see the file comment). */
export class App implements Page {
  readonly msg = new StatusLine(() => this);
  session: Session | null = null;
  map: MapView;
  quanta: QuantaPlot[] = [];
  series: SeriesPlots | null = null;
  keyboard = new Keyboard(window);
  perf = new Perf();
  playing = true;
  busy = false;
  /** Scene time in whole microseconds; the last step (µs). */
  sceneUs = 0;
  lastStepUs = 16_667;
  /** The rAF timestamp the next frame's time counts from (null: the next rAF sets it). */
  prevTs: number | null = null;
  lastRaf: number | null = null;
  /** True from a run's (re)start to its first animation frame, which draws the new views; the
   *  recorded clock starts at the animation frame after that, so neither the start-up or
   *  rebuild work nor that first drawing is recorded as a frame time. */
  settling = true;
  /** performance.now() when the settling frame's drawing ended; the clock starts no earlier. */
  readyAt = 0;
  /** Where the current recording's clock started (the test hook reports it). */
  clockStart: { ts: number; readyAt: number } | null = null;
  statusDue = 0;
  /** The test hook's injected stalls (ms): in the next drawn frame, and in the next settling
   *  frame (start-up work). */
  stallNext = 0;
  stallSettle = 0;
  /** The test hook's wait between a replay's chunks (ms; progress.ts replayInChunks). */
  replayPauseMs = 0;
  speed = 1;
  scrub: number | null = null;
  selected = 0;
  follow = true;
  plotDue = 0;
  plotsDirty = true;
  lastShown = -1;
  plotJobs: (() => void)[] = [];
  readonly dats = new Map<string, UserDat>();
  /** The excerpts an open conformance case names (web/src/compare.ts), by the names its scenario
   *  gives them: the runs get them as they get the user's DATs, and they are no DATs of the user. */
  caseDats = new Map<string, Uint8Array>();
  /** Files other modules open (captures: replaypanel.ts; traces: compare.ts), asked in order
   *  before a file is taken as a DAT (files.ts addFiles). */
  readonly fileHandlers: FileHandler[] = [];
  /** Drawn on the map after the inspector's sweep (the replay's client reports). */
  readonly mapOverlays: ((g: CanvasRenderingContext2D, sx: (x: number) => number, sy: (y: number) => number, k: number) => void)[] = [];
  /** The excerpt bytes the current session got. */
  lastExcerpts = new Map<string, Uint8Array>();
  pendingRun: { run: RunFile; source: string } | null = null;
  verdict: { run: RunFile; text: string; identical: boolean } | null = null;
  readonly inspector = new Inspector();
  /** Set by the Cancel button while a rebuild replays: the replay stops, the run stays as it was. */
  cancelReplay = false;
  /** Where the open bundled scenario's story ends: its session and the scene time of its own
   *  last frame (s); the loop pauses there once (advance in loop.ts). */
  storyEnd: { session: Session; t: number; name: string } | null = null;
  /** The open bundled scenario's story (its end time, its name, the scenario's "name"), kept
   *  across rebuilds of that scenario until Continue running (storyEnd is re-armed from it). */
  story: { t: number; name: string; scenario: string | undefined } | null = null;
  /** The Go to field's place (Add object "at the Go to place" puts objects there), or null. */
  place: GotoPlace | null = null;
  /** The Go to place's landblock previewed from a user's DAT (gotoplace.ts), or null. */
  preview: PreviewBlock | null = null;
  /** The 3-D view looks at the Go to place until an object is followed again (gotoplace.ts). */
  placeFocus = false;
  /** What the frame slider and its label last showed (views.ts skips rewriting them). */
  shownFrame = { idx: NaN, done: NaN, scrub: false };

  constructor(readonly acp: Acphys) {
    this.map = new MapView($<HTMLCanvasElement>('map'));
    this.map.onUserView = () => { this.follow = false; $<HTMLInputElement>('follow').checked = false; };
    $<HTMLCanvasElement>('map').addEventListener('dblclick', () => this.refit());
    $('build').textContent = `acphys ${acp.version()}, build ${acp.digest ?? 'unknown'} (${(acp.size / 1024).toFixed(0)} KiB .wasm)`;
    $('build').dataset['build'] = acp.digest ?? 'unknown';
    wire(this);
    $('inspect').addEventListener('click', () => { void this.inspect(); });
    $('inspect-frame').addEventListener('keydown', (e) => { if (e.key === 'Enter') void this.inspect(); });
    $('cancel-replay').addEventListener('click', () => { this.cancelReplay = true; });
    this.map.overlay = (g, sx, sy, k) => { this.inspector.drawOverlay(g, sx, sy, k); for (const o of this.mapOverlays) o(g, sx, sy, k); };
    this.inspector.onChange = () => {
      const e = this.inspector.extent();
      if (e) { this.map.onUserView?.(); this.map.focus(e.x, e.y, e.span); }
      this.plotsDirty = true;
      this.lastShown = -1;
    };
    showSynthetic(this);
    void embeddedBytes().catch(() => undefined); // early: the map's terrain types come from them
    (window as unknown as { acphysPage: unknown }).acphysPage = testHook(this);
    new ResizeObserver(() => { for (const q of this.quanta) q.resize(); this.series?.resize(); this.plotsDirty = true; }).observe($('quanta'));
  }

  // ---- starting ----

  /** Open the link in the URL, or the default scenario (with ?spawn=N copies of the player). */
  async start(): Promise<void> {
    const frag = location.hash.slice(1);
    if (frag && isLinkFragment(frag)) {
      await this.startDefault(true); // runs until the link replaces it (or stays when the link is broken)
      await openLink(this, frag);
    } else {
      await this.startDefault(true);
      if (frag) this.msg.error(`The link is broken: "#${frag.slice(0, 40)}${frag.length > 40 ? '…' : ''}" is not an acphys link (#v1.…); running the default scenario.`);
    }
    window.addEventListener('hashchange', () => {
      const f = location.hash.slice(1);
      if (f && isLinkFragment(f)) void openLink(this, f);
    });
    requestAnimationFrame((ts) => frame(this, ts));
  }

  async startDefault(play: boolean): Promise<void> {
    const s = pageDefaultScenario();
    const params = new URLSearchParams(location.search);
    const asked = params.get('spawn');
    const ask = readSpawn(asked);
    const spawn = ask.valid ? ask.copies : 0;
    if (spawn > 0) {
      this.msg.status(`Making ${plural(spawn, 'copy', 'copies')} of the player…`);
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
      this.msg.error(`?spawn=${shown} is not a number of copies (a whole number from 0 to ${(MAX_OBJECTS - 1).toLocaleString('en-US')}, ` +
        `in digits only): running the player alone.`, true);
    } else if (ask.wanted === null || ask.wanted > BigInt(spawn)) {
      // The request as asked, exactly (a BigInt, not a double that rounds it): the copies and,
      // with the player, the objects; past 40 digits only how many digits it has.
      const wanted = ask.wanted === null
        ? `a ${ask.digits.toLocaleString('en-US')}-digit number of copies of the player`
        : `${ask.wanted.toLocaleString('en-US')} copies of the player, ${(ask.wanted + 1n).toLocaleString('en-US')} objects`;
      this.msg.error(`?spawn=${shown} asks for ${wanted}; a scenario holds at most ` +
        `${MAX_OBJECTS.toLocaleString('en-US')} objects, so the page runs the player and ${plural(spawn, 'copy', 'copies')}.`, true);
    }
  }

  // ---- building a session ----

  /** Replace the session by one for scenario `s`, replaying its recorded frame times. On any
   *  failure the current session stays and the error is shown; `source` names where a scenario
   *  from outside came from ("the link", a file name), so that a scenario the runner refuses is
   *  reported as that source's, with the runner's field-level reason. On success, messages shown
   *  before it began are cleared: they were about the run it replaces. */
  async rebuild(s: Scenario, opts: RebuildOptions = {}): Promise<Session | null> {
    if (this.busy) { this.msg.error('Busy: wait for the current replay to finish.'); return null; }
    this.busy = true;
    const seq = this.msg.seq;
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
      const { bytes: excerpts, copied } = await excerptsFor(this, s);
      lazyCopies = copied;
      lastExcerpts = excerpts;
      next = new Session({ acp: this.acp, scenario: s, excerpts, compare: opts.compare ?? (this.session ? this.session.runs.length > 1 : true), resume: opts.resume });
      const times = next.recorded;
      const label = `Replaying ${plural(times.length, 'frame')} × ${plural(next.n, 'object')}`;
      if (times.length) this.msg.status(`${label}…`);
      this.cancelReplay = false;
      const n = next;
      await replayInChunks(label, times.length, (k) => { n.step(times[k]!); }, (t) => this.msg.status(t), () => this.cancelReplay,
        this.replayPauseMs);
    } catch (e) {
      next?.dispose();
      this.busy = false;
      showReplayProgress('', 0, 0);
      // The controls the rebuild took its run from show the run that goes on (the profile).
      if (this.session) $<HTMLSelectElement>('profile').value = this.session.profile;
      if (e instanceof ReplayCancelled) {
        this.settling = true;
        this.msg.status('Replay cancelled: the run goes on as it was.');
        return null;
      }
      // The current run goes on, but the time spent on the failed rebuild is no frame of it.
      this.settling = true;
      const why = describeError(e);
      if (opts.source && e instanceof ScenarioError && !opts.resume) {
        const whose = opts.source === 'the link' ? "The link's scenario is damaged or invalid" : `The scenario in ${opts.source} is invalid`;
        this.msg.error(`${whose}: ${why}. The current run goes on unchanged.`);
      } else {
        this.msg.error(`${opts.source ? `${opts.source}${opts.resume ? ' could not be opened as a state file' : ''}: ` : ''}${why}. The current run goes on unchanged.`);
      }
      return null;
    }
    showReplayProgress('', 0, 0);
    for (const d of lazyCopies) this.dats.set(d.name, d);
    this.lastExcerpts = lastExcerpts;
    const before = this.session?.scenario.objects ?? null;
    this.session?.dispose();
    this.session = next;
    void placeAfterRebuild(this, before);
    this.perf = new Perf(); // the performance line's figures are the new run's
    this.busy = false;
    this.sceneUs = Math.ceil(next.lastTime * 1e6);
    this.scrub = null;
    this.keyboard.reset();
    this.selected = Math.min(this.selected, next.n - 1);
    this.verdict = null;
    $('verdict').hidden = true;
    this.inspector.clear(); // its record was of the run this one replaces
    // A bundled scenario's story end holds across rebuilds of it (Restart, a profile, a DAT)
    // until Continue running or another scenario.
    if (this.story && this.story.scenario !== next.scenario.name) this.story = null;
    this.storyEnd = this.story && { session: next, t: this.story.t, name: this.story.name };
    if (this.msg.seq === seq) this.msg.clearError();
    this.setupViews();
    this.setPlaying(opts.play ?? this.playing);
    this.settling = true;
    this.clockStart = null;
    this.msg.showRun();
    this.msg.status(next.warnings.length ? `Warnings: ${next.warnings.join('; ')}` : '');
    return next;
  }

  setupViews(): void {
    const s = this.session!;
    // Coloured by terrain types at once when the embedded excerpts are here (else by height
    // until they are).
    if (!embeddedNow) this.map.setTerrain(s.landblocks());
    void this.colourTerrain(s);
    showLegend(this);
    this.refit();
    this.objectsAdded();
  }

  /** The views of the session's objects: the quanta and series plots, the object list (after
   *  setupViews, and when objects are added to the running session). */
  objectsAdded(): void {
    const s = this.session!;
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
    $('quanta-title').textContent = s.profiles.length > 1
      ? 'Quanta per render frame, both clock profiles over the same frame times'
      : `Quanta per render frame, the ${s.profile} clock profile only (the other profile is not run: ?compare=0)`;
    this.plotsDirty = true;
    this.lastShown = -1;
    this.plotJobs = [];
    showDats(this);
    showSynthetic(this);
  }

  /** Colour the map's terrain by its terrain types: the LandBlocks' terrain words from the
   *  scenario's excerpts in order (the embedded ones for "default", then the user's bytes the
   *  session got), once the embedded bytes are fetched; the height colours stay meanwhile. */
  async colourTerrain(s: Session): Promise<void> {
    const wants = (s.scenario.excerpts ?? ['default']).includes('default');
    const embedded = !wants ? [] : embeddedNow ?? await embeddedBytes().catch(() => []);
    if (this.session !== s) return;
    const blocks = s.landblocks();
    const words = terrainWords(this.acp, blocks.map((b) => b.id), [...embedded, ...this.lastExcerpts.values()]);
    this.map.setTerrain(blocks.map((b) => ({ ...b, words: words.get(b.id) ?? null })));
    showLegend(this);
  }

  refit(): void {
    const s = this.session;
    if (!s) return;
    this.follow = $<HTMLInputElement>('follow').checked = true;
    this.map.fitObject(s.gx[this.selected] ?? 0, s.gy[this.selected] ?? 0);
  }


  /** The quantum inspector for the selected object at `frame` (inspecting.ts inspectAt). */
  inspect(frame?: number): Promise<InspectRecord | null> { return inspectAt(this, frame); }

  /** The Go to field (web/src/gotoplace.ts goTo). */
  goto(text: string): Promise<GotoPlace | null> { return goTo(this, text); }

  /** Frame the objects (the first 200 with a cell): a bundled scenario's default view shows what
   *  it is about, at least 24 m across with 4 m around them, not 96 m of land. */
  frameObjects(): void {
    const f = this.session ? framing(this.session) : null;
    if (f) this.map.focus(f.x, f.y, f.span);
  }

  setPlaying(on: boolean): void {
    this.playing = on;
    this.prevTs = null; // the next animation frame is the reference: time from then on runs
    $('play').textContent = on ? 'Pause' : 'Play';
    $('play').setAttribute('aria-pressed', String(on));
  }

  /** The current scenario with its frames so far (a deep copy). */
  snapshot(): Scenario {
    const s = this.session!;
    return structuredClone({ ...s.scenario, frames: { times: s.times.slice() } });
  }

  /** Open scenario `s` (a bundled one, the default one) with the user's DAT files still in use:
   *  their names follow the scenario's own excerpts, so their records replace the stand-ins'.
   *  When the run refuses them (a DAT without the records this scenario needs), it runs on the
   *  stand-ins and says so plainly. `what` names the scenario in the messages. */
  async openScenario(s: Scenario, opts: { play?: boolean; source?: string }, what: string): Promise<Session | null> {
    const mine = [...this.dats.keys()];
    if (!mine.length) return this.rebuild(s, opts);
    const own = (s.excerpts ?? ['default']).filter((n) => !mine.includes(n));
    const r = await this.rebuild({ ...s, excerpts: [...own, ...mine] }, opts);
    if (r) return r;
    const why = $('message').hidden ? '' : $('message-text').textContent ?? '';
    const plain = await this.rebuild(s, opts);
    if (plain) this.msg.error(`${what} runs on the stand-ins (the default excerpts): with your DAT ${mine.length > 1 ? 'files' : 'file'} ` +
      `${mine.join(', ')} it did not run (${why.replace(/\. The current run goes on unchanged\.$/, '')}).`, true);
    return plain;
  }

  /** Whether object `i` of session `s` is drawn as the stand-ins' simple shapes: its Setup is one
   *  of the synthetic stand-ins and no user DAT the run uses replaces it with other content
   *  (judged by content: web/src/standins.ts); computed once per session and object. */
  isStandIn(s: Session, i: number): boolean {
    let known = this.standInCache.get(s);
    if (!known || known.length < s.n) {
      const old = known;
      known = new Uint8Array(s.n);
      if (old) known.set(old);
      this.standInCache.set(s, known);
    }
    if (!known[i]) known[i] = standInSetup(u32(s.scenario.objects[i]?.setup), s.scenario.excerpts ?? ['default'], this.dats) ? 1 : 2;
    return known[i] === 1;
  }
  private readonly standInCache = new WeakMap<Session, Uint8Array>();

  /** The user's DAT files in use by the current run, for a status line ('' when none). */
  datsInUse(): string {
    const used = (this.session?.scenario.excerpts ?? []).filter((n) => this.dats.has(n));
    return used.length ? ` Your DAT ${used.length > 1 ? 'files' : 'file'} ${used.join(', ')} ${used.length > 1 ? 'stay' : 'stays'} in use.` : '';
  }

  async restart(toDefault: boolean): Promise<void> {
    if (toDefault) {
      const r = await this.openScenario(pageDefaultScenario(), { play: true }, 'The default scenario');
      if (r && this.datsInUse()) this.msg.status(`Opened the default scenario.${this.datsInUse()}`);
      return;
    }
    const s = this.snapshot();
    s.events = (s.events ?? []).filter((e) => e.t === 0);
    s.frames = { times: [] };
    await this.rebuild(s, { play: true });
  }
}
