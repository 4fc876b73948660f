// A replay's progress bar and Cancel button (index.html #progress-box, #cancel-replay), which
// app.ts's rebuild shows while it replays a recording from its start.
import { $ } from './dom';

/** Object-frames (frames recorded × objects) above which adding copies asks first. */
export const LARGE_REPLAY = 2_000_000;

/** Thrown inside a replay that the Cancel button stopped. */
export class ReplayCancelled extends Error {}

/** The replay's progress bar and Cancel button (hidden when `total` is 0). */
export function showReplayProgress(label: string, done: number, total: number): void {
  $('progress-box').hidden = total === 0;
  $('cancel-replay').hidden = total === 0;
  if (!total) return;
  $('progress-label').textContent = `${label}: frame ${done} of ${total}`;
  const bar = $<HTMLProgressElement>('progress');
  bar.max = total;
  bar.value = done;
}

/** Run `step` for k = 0 … total − 1 in chunks of about 40 ms, showing `label`'s progress (the bar,
 *  and `note` for the status line) between chunks and yielding to the page; a Cancel press
 *  (`cancelled()` true) stops it with ReplayCancelled. `step` returning false ends it early;
 *  `pauseMs` waits between chunks (0: only a yield; the browser tests slow replays so that a
 *  fast machine cannot finish one before Cancel is pressed). The
 *  rebuild's replay (app.ts) and the inspector's re-run (inspecting.ts) both run through it. */
export async function replayInChunks(label: string, total: number, step: (k: number) => boolean | void,
  note: (text: string) => void, cancelled: () => boolean, pauseMs = 0): Promise<void> {
  let t0 = performance.now();
  for (let k = 0; k < total; k++) {
    if (step(k) === false) break;
    if (performance.now() - t0 > 40) {
      note(`${label}: frame ${k + 1} of ${total}…`);
      showReplayProgress(label, k + 1, total);
      await new Promise((r) => setTimeout(r, pauseMs)); // pauseMs: the test hook's slowReplays, else 0
      if (cancelled()) throw new ReplayCancelled();
      t0 = performance.now();
    }
  }
}
