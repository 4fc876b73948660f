// The frame loop: each requestAnimationFrame steps the run by the browser's own frame time (the
// timestamps' step × speed, in whole microseconds; the keys held become events first), then draws
// the map and the plots that are due. The first animation frame of a (re)started run only draws
// its new views: the recorded clock starts at the next one, so start-up work is no frame time.
import { $ } from './dom';
import type { Page } from './page';
import type { FrameStats } from './run';
import { describeError, MAX_FRAMES } from './status';
import { showFrame, showPerf, showReadout } from './views';

const PLOT_INTERVAL_MS = 100;
/** How often the performance line is rewritten. */
const STATUS_INTERVAL_MS = 250;

export function frame(app: Page, ts: number): void {
  requestAnimationFrame((t) => frame(app, t));
  if (app.lastRaf !== null) app.perf.addInterval(ts - app.lastRaf);
  app.lastRaf = ts;
  const s = app.session;
  if (!s) return;
  let st: FrameStats | null = null;
  const settling = app.settling && !app.busy;
  if (settling) {
    // The first animation frame of a (re)started run draws its new views (the terrain, the
    // plots): that work, and the start-up or rebuild before it, is not a frame time.
    app.settling = false;
    app.prevTs = null;
  } else if (app.playing && !app.busy) {
    if (app.prevTs === null) {
      // The recorded clock starts here: at the first animation frame after the run (re)started
      // and its views were drawn (never before that drawing ended: a late frame's timestamp
      // can be older than the work that delayed it).
      app.prevTs = Math.max(ts, app.readyAt);
      app.clockStart ??= { ts: app.prevTs, readyAt: app.readyAt };
    } else {
      const dUs = Math.round((ts - app.prevTs) * 1000 * app.speed);
      if (dUs > 0) st = advance(app, dUs);
      app.prevTs = ts;
    }
  }
  const t0 = performance.now();
  draw(app, settling);
  const stall = settling ? app.stallSettle : app.stallNext;
  if (stall > 0) {
    if (settling) app.stallSettle = 0; else app.stallNext = 0;
    while (performance.now() - t0 < stall) { /* the test hook's stall */ }
  }
  if (settling) app.readyAt = performance.now();
  if (st) app.perf.add(st, performance.now() - t0);
}

/** Run one frame `dUs` microseconds of scene time after the last. */
export function advance(app: Page, dUs: number): FrameStats | null {
  const s = app.session!;
  if (s.framesDone >= MAX_FRAMES) {
    app.setPlaying(false);
    app.msg.status(`Recording stops at ${MAX_FRAMES.toLocaleString()} frames: share or download the run, or restart.`);
    return null;
  }
  const end = app.storyEnd;
  if (end && end.session === s && s.framesDone && s.lastTime >= end.t) {
    app.storyEnd = null;
    app.setPlaying(false);
    $('continue').hidden = false;
    app.msg.status(`The bundled scenario ${end.name}.json ends here: its story is ${end.t.toFixed(2)} s long (${s.framesDone} frames recorded). ` +
      `Continue running to go on recording.${app.datsInUse()}`);
    return null;
  }
  app.sceneUs += dUs;
  app.lastStepUs = dUs;
  const t = app.sceneUs / 1e6;
  if (app.keyboard.pending) {
    const id = s.ids[app.selected]!;
    for (const ev of app.keyboard.take(t, id)) {
      try {
        s.addEvent(ev);
      } catch (e) {
        app.msg.error(`The keys could not drive object ${id}: ${describeError(e)}`);
      }
    }
  }
  app.scrub = null;
  try {
    return s.step(t);
  } catch (e) {
    app.setPlaying(false);
    app.msg.error(`The run stopped: ${describeError(e)}`);
    return null;
  }
}

/** Draw the map, and the plots that are due. `all`: every chart at once (the first frame of a
 *  run, before its clock starts), as when paused. */
export function draw(app: Page, all = false): void {
  const s = app.session!;
  const frame = app.scrub;
  const idx = frame === null ? s.framesDone - 1 : frame;
  if (app.follow && s.n) {
    const h = s.history;
    const x = frame === null || app.selected >= s.tracked ? s.gx[app.selected]! : h.x[app.selected]!.at(frame);
    const y = frame === null || app.selected >= s.tracked ? s.gy[app.selected]! : h.y[app.selected]!.at(frame);
    // Keep the selected object inside the middle of the view: re-centre when it leaves the
    // middle 60 % (a jump now and then keeps the terrain layer cached in between).
    const mx = 0.3 * app.map.width / app.map.scale, my = 0.3 * app.map.height / app.map.scale;
    if (Number.isFinite(x) && Number.isFinite(y) && (Math.abs(x - app.map.cx) > mx || Math.abs(y - app.map.cy) > my)) {
      app.map.cx = x;
      app.map.cy = y;
    }
  }
  const t0 = performance.now();
  app.map.draw(s, frame, app.selected);
  const t1 = performance.now();
  app.perf.map = t1 - t0;
  if ((app.plotsDirty || t1 >= app.plotDue) && idx !== app.lastShown && !app.plotJobs.length) {
    app.plotDue = t1 + PLOT_INTERVAL_MS;
    app.plotsDirty = false;
    app.lastShown = idx;
    const end = idx + 1;
    const win = Number($<HTMLSelectElement>('window').value);
    const from = win > 0 ? Math.max(0, end - win) : 0;
    // One chart per animation frame while playing (seven charts would cost one frame too much
    // at once); all at once when paused or scrubbing.
    for (const q of app.quanta) app.plotJobs.push(() => q.update(from, end));
    const series = app.series;
    if (series) for (let k = 0; k < series.count; k++) app.plotJobs.push(() => series.updateOne(k, from, end));
    // The readout shows the frame current when it runs, not the one the plots were queued for.
    app.plotJobs.push(() => showReadout(app, shownIndex(app)));
  }
  do app.plotJobs.shift()?.(); while ((all || !app.playing) && app.plotJobs.length);
  // The frame slider and its label follow every frame (the plots trail by up to one per chart).
  showFrame(app, shownIndex(app));
  // The run summary's frame count is the slider label's, every frame (it is rewritten only
  // when its text changes); the performance line is rewritten four times a second.
  app.msg.showRun();
  if (t1 >= app.statusDue) {
    app.statusDue = t1 + STATUS_INTERVAL_MS;
    showPerf(app);
  }
  app.perf.plots = performance.now() - t1;
}

/** The history index shown: the scrubbed frame, or the last one run. */
export function shownIndex(app: Page): number {
  const s = app.session!;
  return app.scrub === null ? s.framesDone - 1 : app.scrub;
}
