// The Inspect button (issue 36's quantum inspector) over the page: which object and frame, the
// re-run of the recorded run to that frame in chunks with the replay's progress bar and Cancel
// (progress.ts replayInChunks, as a rebuild's replay), and the messages. The re-run is
// wasm/scenario.mjs openInspection, inspectScenario one frame at a time: the same JSON as
// `acphys run --inspect`. inspector.ts shows the record; this module knows the Page.
import { openInspection } from '../../wasm/scenario.mjs';
import { $ } from './dom';
import { plural } from './format';
import type { InspectRecord } from './inspector';
import type { Page } from './page';
import { ReplayCancelled, replayInChunks, showReplayProgress } from './progress';
import { describeError } from './status';

/** The message box shows one of the inspector's own messages (cleared once one succeeds). */
const inspectorMessage = () => !$('message').hidden && ($('message-text').textContent ?? '').startsWith('Inspector:');

/** The frame the Frame field names: digits only (a number input took `1e1` as 10); empty: the
 *  frame the slider shows. A string is the field's text when it is not a frame number. */
export function frameAsked(app: Page): number | string {
  const s = app.session!;
  const field = $<HTMLInputElement>('inspect-frame').value.trim();
  if (!field) return Number($('scrub-label').dataset['frame'] ?? s.framesDone);
  return /^[0-9]{1,9}$/.test(field) ? Number(field) : field;
}

/** Inspect the selected object at `frame` (1-based; default: the Frame field, or the frame the
 *  slider shows). The run is re-run in chunks with the progress bar and Cancel; Cancel, or a
 *  rebuild already under way, leaves the page as it was. Null after a message when refused. */
export async function inspectAt(app: Page, frame?: number): Promise<InspectRecord | null> {
  const s = app.session;
  if (!s || !s.framesDone) return null;
  if (app.busy) { app.msg.error('Busy: wait for the current replay to finish.'); return null; }
  const asked = frame ?? frameAsked(app);
  if (typeof asked === 'string') {
    app.msg.error(/^[0-9]+$/.test(asked)
      ? `Inspector: frame ${asked.slice(0, 40)} is not a frame of this run (1 to ${s.framesDone}).`
      : `Inspector: "${asked.slice(0, 40)}" is not a frame number: give the frame in digits only (1 to ${s.framesDone}).`);
    return null;
  }
  const f = asked;
  if (!Number.isInteger(f) || f < 1 || f > s.framesDone) {
    app.msg.error(`Inspector: frame ${f} is not a frame of this run (1 to ${s.framesDone}).`);
    return null;
  }
  const object = app.selected;
  let ins;
  try {
    ins = openInspection(app.acp, app.snapshot(), { excerpts: app.lastExcerpts, profile: s.profile, object, frame: f });
  } catch (e) {
    app.msg.error(`Inspector: ${describeError(e).replace(/^inspect: /, '')}`);
    return null;
  }
  app.busy = true;
  app.cancelReplay = false;
  const label = `Replaying ${plural(ins.total, 'frame')} × ${plural(s.n, 'object')} to inspect frame ${f}`;
  const before = $('status-note').textContent ?? '';
  try {
    app.msg.status(`${label}…`);
    await replayInChunks(label, ins.total, () => ins.step(), (t) => app.msg.status(t), () => app.cancelReplay, app.replayPauseMs);
    const r = app.inspector.take(ins.result(), inactiveNote(app, object, f) ?? quantaNote(app, object, f));
    if (inspectorMessage()) app.msg.clearError();
    app.msg.status(`Inspected ${s.names[object]} at frame ${f}: ${plural(r.sweeps.length, 'quantum', 'quanta')} swept.`);
    return r;
  } catch (e) {
    if (e instanceof ReplayCancelled) app.msg.status(before || 'Inspection cancelled: the run goes on as it was.');
    else app.msg.error(`Inspector: ${describeError(e).replace(/^inspect: /, '')}`);
    return null;
  } finally {
    ins.dispose();
    app.busy = false;
    app.settling = true; // the time the re-run took is no frame of the run
    showReplayProgress('', 0, 0);
  }
}

/** When no quantum of object `i` ran in frame `f` for a reason of the clock (the page's own
 *  record of the run: the world's gate per frame, each object's quanta and elapsed time), the note
 *  the inspector shows instead of "no sweep", with the nearest frames that ran quanta: the world
 *  gate stayed shut (CPhysics::UseTime runs no object until MIN_QUANTUM, 1/30 s, has passed since
 *  its last update: about every other frame at 60 Hz), or update_object ran with less than
 *  MIN_QUANTUM of its own. Null when the frame ran quanta, the object was inactive (no elapsed
 *  time) or the page did not record it (an untracked object). */
function quantaNote(app: Page, i: number, f: number): string | null {
  const s = app.session!, h = s.history;
  const pc = h.profiles[0];
  const first = h.frame.at(0);
  const count = pc?.count[i], elapsed = pc?.elapsed[i];
  if (!pc || !count || !elapsed || !Number.isFinite(first) || count.at(f - first) !== 0) return null;
  const at = (g: number) => count.at(g - first);
  let before = 0, after = 0;
  for (let g = f - 1; g >= first && g > f - 600 && !before; g--) if (at(g) > 0) before = g;
  for (let g = f + 1; g <= s.framesDone && g < f + 600 && !after; g++) if (at(g) > 0) after = g;
  const near = [before, after].filter((g) => g > 0).map((g) => `frame ${g}`);
  const hint = near.length ? `; the nearest frames with quanta: ${near.join(' and ')}` : '';
  const ms = (t: number) => `${(t * 1000).toFixed(2)} ms`;
  if (pc.gate.at(f - first) === 0) {
    let open = f - 1;
    while (open >= first && pc.gate.at(open - first) !== 1) open--;
    const since = h.now.at(f - first) - (open >= first ? h.now.at(open - first) : 0);
    if (!(since >= 0 && since < 1 / 30)) return null;
    return `no quantum ran in frame ${f} (the world's gate stayed shut: ${ms(since)} since its last update is shorter than ` +
      `MIN_QUANTUM, 1/30 s, so CPhysics::UseTime ran no object; the time carries into a later frame's quanta)${hint}`;
  }
  const dt = elapsed.at(f - first);
  if (!Number.isFinite(dt)) return null;
  return `no quantum ran in frame ${f} (its ${ms(dt)} since the object's last update is shorter than ` +
    `MIN_QUANTUM, 1/30 s: the time carries into a later frame's quanta)${hint}`;
}

/** At the last frame, why object `i` ran no sweep when the page knows it (Session.whyInactive: not
 *  entered yet, skipped by update_object, or beyond the 96 m activity radius); null otherwise. */
function inactiveNote(app: Page, i: number, f: number): string | null {
  const s = app.session!;
  if (f !== s.framesDone) return null;
  const why = s.whyInactive(i);
  return why ? `no sweep (${why})` : null;
}
