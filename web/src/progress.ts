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
