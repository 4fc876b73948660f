// The status line and the message box: the live run summary (scenario, objects, frames recorded,
// state), the note saying what the last action did, and the dismissable message (an error, or a
// notice about what the page did instead of what was asked).
import { DatError } from '../../wasm/acphys.mjs';
import { ScenarioError } from '../../wasm/scenario.mjs';
import { $ } from './dom';
import { plural } from './format';
import { LinkError } from './link';
import type { Session } from './run';

/** Recording stops (the run pauses) after this many frames: 10 minutes at 60 Hz. */
export const MAX_FRAMES = 36_000;

/** The message of an error the page reports (its own errors' messages as they are). */
export function describeError(e: unknown): string {
  if (e instanceof DatError || e instanceof ScenarioError || e instanceof LinkError) return e.message;
  return e instanceof Error ? e.message : String(e);
}

/** What the run summary reads: the session (null before the first) and whether it is replaying
 *  or playing. */
export interface RunState { session: Session | null; busy: boolean; playing: boolean }

export class StatusLine {
  /** Counts the messages shown, so a run that replaces the current one clears only those
   *  shown before it began. */
  seq = 0;

  constructor(private readonly run: () => RunState) {}

  /** Show a message (an error, or with `notice` a note about what the page did instead of what
   *  was asked); it stays until dismissed, superseded, or a later run replaces the current one. */
  error(text: string, notice = false): void {
    this.seq++;
    $('message-text').textContent = text;
    $('message').className = notice ? 'notice' : '';
    $('message').hidden = false;
  }

  clearError(): void {
    $('message').hidden = true;
    $('message-text').textContent = '';
  }

  /** The status line's note: what the last action did (the run summary beside it is live). */
  status(text: string): void {
    $('status-note').textContent = text;
    this.showRun();
  }

  /** The status line's run summary: the scenario, its objects and the frames recorded so far. */
  showRun(): void {
    const { session: s, busy, playing } = this.run();
    if (!s) return;
    const state = busy ? 'replaying' : s.framesDone >= MAX_FRAMES ? 'recording stopped' : playing ? 'recording' : 'paused';
    const text = `${s.scenario.name ?? 'Scenario'}: ${plural(s.n, 'object')}, ${plural(s.framesDone, 'frame')} recorded ` +
      `(${s.lastTime.toFixed(1)} s), ${state}.`;
    const el = $('status-run');
    if (el.textContent !== text) el.textContent = text;
  }
}
