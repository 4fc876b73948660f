// State files (issue 38): "Save state" writes the current run as it stands, and opening such a
// file (the run-file input, or dropping it) continues that run where it stood instead of
// replaying its frames. A state file carries the run file of the run so far (its scenario with
// every frame time, its digests: what a link carries, docs/PAGE.md) and the library's snapshot of
// each of the session's runs after its last frame (the chosen clock profile's run and the
// comparison profile's), so the opened run goes on with the same bits the saved one would have.
//
// Format (version 1; numbers little-endian):
//   0    8  magic "ACPSTATE"
//   8    4  version (1)
//   12   4  json_bytes: J
//   16   J  UTF-8 JSON {"run": run file, "profiles": [the runs' profiles, the chosen one first],
//           "run_frames": the frame count the runs' scenarios were made with (their snapshots
//           name it), "run_times": those scenarios' frame times (the snapshots' scenario digest
//           covers them; absent: the run's first run_frames times), "snapshot_bytes": [each run's
//           snapshot length]}
//   16+J    the runs' snapshots back to back, the chosen profile's first: the bytes the runner
//           writes (acp_run_snapshot: the world's snapshot, then the runner's section), the same
//           as `acphys run --snapshot-at`'s for the same frames
// A run continued from a state file replays as any other: its scenario holds every frame time
// from the first, so its link and run file replay it from frame 1 (the digests the snapshots
// carry are the saved run's, and the replay must meet them).
import { PROFILES, type ProfileName } from '../../wasm/scenario.mjs';
import type { Page } from './page';
import { formatBytes, plural } from './format';
import { decodeJsonFile, firstDivergence, type RunFile } from './link';
import { runFile } from './sharing';
import { describeError } from './status';

export const STATE_MAGIC = 'ACPSTATE';
export const STATE_VERSION = 1;
const HEADER_BYTES = 16;

/** A state file that cannot be read: the message names the byte offset and the field. */
export class StateFileError extends Error {
  override name = 'StateFileError';
  constructor(offset: number, field: string, why: string) { super(`offset ${offset}, ${field}: ${why}`); }
}

/** What a state file holds: the run file, and the runs' profiles and snapshots (each with the byte
 *  offset it starts at in the file). */
export interface StateFile {
  run: RunFile;
  profiles: ProfileName[];
  runFrames: number;
  runTimes?: number[];
  snapshots: Uint8Array[];
  offsets: number[];
}

/** The bytes of a state file. */
export function encodeState(st: Omit<StateFile, 'offsets'>): Uint8Array {
  const json = new TextEncoder().encode(JSON.stringify({ run: st.run, profiles: st.profiles, run_frames: st.runFrames,
    run_times: st.runTimes,
    snapshot_bytes: st.snapshots.map((b) => b.byteLength) }));
  const out = new Uint8Array(HEADER_BYTES + json.byteLength + st.snapshots.reduce((n, b) => n + b.byteLength, 0));
  const dv = new DataView(out.buffer);
  out.set(new TextEncoder().encode(STATE_MAGIC), 0);
  dv.setUint32(8, STATE_VERSION, true);
  dv.setUint32(12, json.byteLength, true);
  out.set(json, HEADER_BYTES);
  let at = HEADER_BYTES + json.byteLength;
  for (const b of st.snapshots) { out.set(b, at); at += b.byteLength; }
  return out;
}

/** Whether `head` (a file's first bytes) begins as a state file or a bare snapshot does. */
export function looksLikeState(head: Uint8Array): boolean {
  const magic = new TextDecoder().decode(head.subarray(0, 8));
  return magic === STATE_MAGIC || magic === 'ACPSNAP\0';
}

/** Read a state file's bytes (parse: the strict JSON reader). Throws StateFileError naming the
 *  offset and field. A snapshot cut short is handed on as far as it goes: the library's reader
 *  then names where it ends (the run it belongs to refuses it). */
export function decodeState(bytes: Uint8Array, parse: (text: Uint8Array) => unknown): StateFile {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = new TextDecoder('latin1').decode(bytes.subarray(0, 8));
  if (magic === 'ACPSNAP\0') {
    throw new StateFileError(0, 'magic', 'a bare world snapshot (acphys run --snapshot-at), not a page state file: the page opens the ' +
      'files its Save state button writes, which carry the scenario beside the snapshots');
  }
  if (magic !== STATE_MAGIC) {
    const shown = Array.from(bytes.subarray(0, 8), (b) => b.toString(16).padStart(2, '0')).join(' ');
    throw new StateFileError(0, 'magic', `not an acphys state file (it begins ${shown || 'with nothing'}, not "${STATE_MAGIC}")`);
  }
  const u32 = (at: number, field: string): number => {
    if (bytes.byteLength < at + 4) throw new StateFileError(at, field, `the file ends here (4 bytes needed, ${Math.max(0, bytes.byteLength - at)} left): truncated`);
    return dv.getUint32(at, true);
  };
  const version = u32(8, 'version');
  if (version !== STATE_VERSION) throw new StateFileError(8, 'version', `state file format ${version}; this page reads format ${STATE_VERSION}`);
  const jsonBytes = u32(12, 'json_bytes');
  if (jsonBytes > bytes.byteLength - HEADER_BYTES) {
    throw new StateFileError(12, 'json_bytes', `${jsonBytes} bytes of JSON, but ${bytes.byteLength - HEADER_BYTES} bytes follow: truncated`);
  }
  let value: unknown;
  try {
    value = parse(bytes.subarray(HEADER_BYTES, HEADER_BYTES + jsonBytes));
  } catch (e) {
    throw new StateFileError(HEADER_BYTES, 'json', describeError(e));
  }
  const o = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  let run: RunFile | undefined;
  try {
    run = decodeJsonFile(o['run'], 'its run').run;
  } catch (e) {
    throw new StateFileError(HEADER_BYTES, 'json.run', describeError(e));
  }
  if (!run) throw new StateFileError(HEADER_BYTES, 'json.run', 'a scenario, not a run file');
  const profiles = o['profiles'], sizes = o['snapshot_bytes'], runFrames = o['run_frames'];
  if (!Array.isArray(profiles) || profiles.length < 1 || profiles.length > 2 || !profiles.every((p) => (PROFILES as readonly unknown[]).includes(p))) {
    throw new StateFileError(HEADER_BYTES, 'json.profiles', `expected one or two of ${PROFILES.join(', ')}, got ${JSON.stringify(profiles)}`);
  }
  if (!Array.isArray(sizes) || sizes.length !== profiles.length || !sizes.every((n) => Number.isSafeInteger(n) && n > 0)) {
    throw new StateFileError(HEADER_BYTES, 'json.snapshot_bytes', `expected ${profiles.length} positive byte counts, got ${JSON.stringify(sizes)}`);
  }
  if (!Number.isSafeInteger(runFrames) || (runFrames as number) < 1 || (runFrames as number) > run.frames || run.frames < 1) {
    throw new StateFileError(HEADER_BYTES, 'json.run_frames', `expected 1 to the run's ${run.frames} frames, got ${JSON.stringify(runFrames)}`);
  }
  const runTimes = o['run_times'];
  if (runTimes !== undefined && (!Array.isArray(runTimes) || runTimes.length !== runFrames || !runTimes.every((t) => Number.isFinite(t)))) {
    throw new StateFileError(HEADER_BYTES, 'json.run_times', `expected ${runFrames as number} frame times, got ${JSON.stringify(runTimes).slice(0, 80)}`);
  }
  const snapshots: Uint8Array[] = [], offsets: number[] = [];
  let at = HEADER_BYTES + jsonBytes;
  for (const n of sizes as number[]) {
    offsets.push(at);
    snapshots.push(bytes.subarray(at, Math.min(at + n, bytes.byteLength)));
    at += n;
  }
  if (at < bytes.byteLength) throw new StateFileError(at, 'end', `${bytes.byteLength - at} bytes after the last snapshot`);
  return { run, profiles: profiles as ProfileName[], runFrames: runFrames as number, runTimes: runTimes as number[] | undefined, snapshots, offsets };
}

/** Save state: the current run as a state file, downloaded. */
export async function saveState(app: Page): Promise<void> {
  const s = app.session;
  if (!s?.framesDone) { app.msg.error('Nothing to save yet: run at least one frame.'); return; }
  let bytes: Uint8Array;
  try {
    const run = await runFile(app);
    bytes = encodeState({ run, profiles: s.profiles.slice(), runFrames: s.runFrames, runTimes: s.runTimes, snapshots: s.runs.map((r) => r.snapshot()) });
  } catch (e) {
    app.msg.error(`Save state: ${describeError(e)}`);
    return;
  }
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/octet-stream' }));
  a.download = `${s.scenario.name ?? 'acphys-run'}-frame-${s.framesDone}.acpstate`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  app.msg.status(`Saved the state after frame ${s.framesDone} (digest ${s.digest()}, ${formatBytes(bytes.byteLength)}): ` +
    `open ${a.download} to continue the run from there.`);
}

/** Open a state file: the run continues from its frame. A file the page or the library refuses is
 *  named with the offset and field, and the current run goes on unchanged. */
export async function openStateFile(app: Page, f: File, parse: (text: Uint8Array) => unknown): Promise<void> {
  let st: StateFile;
  try {
    st = decodeState(new Uint8Array(await f.arrayBuffer()), parse);
  } catch (e) {
    app.msg.error(`${f.name} could not be opened as a state file: ${describeError(e)}. The current run goes on unchanged.`);
    return;
  }
  const labels = st.profiles.map((p, i) => `the ${p} run's snapshot (bytes ${st.offsets[i]}–${st.offsets[i]! + st.snapshots[i]!.byteLength} of the file) is refused`);
  const r = await app.rebuild(st.run.scenario, { play: false, source: f.name,
    resume: { snapshots: st.snapshots, profiles: st.profiles, runFrames: st.runFrames, runTimes: st.runTimes, labels } });
  if (!r) return;
  const d = firstDivergence(st.run, r.frameDigests());
  const same = d === null ? 'the saved run\'s' : `NOT the saved run's ${st.run.digest}`;
  app.msg.status(`Opened the state file ${f.name}: the run stands after frame ${r.framesDone} (${plural(r.n, 'object')}), ` +
    `digest ${r.digest()}, ${same}. Press Play or One frame to continue it; the plots begin at frame ${r.framesDone}.`);
}
