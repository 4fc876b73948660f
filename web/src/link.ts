// Share links and run files (docs/PAGE.md, docs/SCENARIOS.md). A link puts the whole scenario,
// frame times included, in the URL fragment, with the build digest of the .wasm that ran it, the
// final digest and the digest of every 64th frame, so the recipient's replay says "identical" or
// where it parted:
//
//   #v1.<build digest, 16 hex or "unknown">.<lz-string compressToEncodedURIComponent(JSON payload)>
//
// The build in the prefix is a visible copy of the payload's "build" (so a reader of the URL sees
// which build made it); the payload is the source of truth, and a link whose prefix disagrees
// with it is refused as damaged.
// The payload (version 1) is a RunFile: {"acphys_run": 1, "build", "scenario", "frames",
// "digest", "every": 64, "sampled": [digest of frame 64, 128, ...], "checks": base64 of the low
// byte of every frame's digest, "excerpts": {name: sha-256 prefix of the bytes the run got}}. Frame times the page recorded are whole microseconds; when
// every time is, the payload carries them as integer microsecond steps ("dt_us") instead of
// decimals, which compress several times better, and the decoder rebuilds the same doubles
// (n / 1e6 is the double nearest the decimal, as JSON.parse gives). A run file (the download
// offered when a link is too long) is the same payload as plain JSON, with "frames.times" written
// out. Later versions keep decoding v1.
import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';
import type { Scenario } from '../../wasm/scenario.mjs';

/** Version of the link format this page writes. */
export const LINK_VERSION = 1;
/** Every how many frames the link carries the running digest. */
export const DIGEST_EVERY = 64;
/** Longest link the page offers: Firefox refuses URLs above 1,048,576 characters
 *  (network.standard-url.max-length) and Chrome above 2 MB; the smaller bound, with room. */
export const MAX_LINK_CHARS = 1_000_000;
/** Above this a link still works in browsers but chat apps cut it (Discord ≈ 2,000). */
export const CHAT_LINK_CHARS = 2_000;

/** What a link or run file carries. */
export interface RunFile {
  acphys_run: 1;
  /** Build digest of the .wasm that ran it (SHA-256 prefix), or "unknown". */
  build: string;
  scenario: Scenario;
  /** Number of frames run. */
  frames: number;
  /** Digest after the last frame. */
  digest: string;
  every: number;
  /** Digest after frames every, 2·every, ... */
  sampled: string[];
  /** SHA-256 prefix of each non-default excerpt's bytes, by name. */
  excerpts: Record<string, string>;
  /** Optional: the low byte of every frame's digest, base64 (frameChecks), so a replay that
   *  parts from the run names the frame, not only the 64 frames around it. */
  checks?: string;
}

/** A link or file that could not be read: the message says what is wrong with it. */
export class LinkError extends Error {
  override name = 'LinkError';
}

/** Frame times as integer microsecond steps when every time is a whole microsecond; else null. */
export function toMicroSteps(times: readonly number[]): number[] | null {
  const steps: number[] = [];
  let prev = 0;
  for (const t of times) {
    const us = Math.round(t * 1e6);
    if (us / 1e6 !== t || !Number.isSafeInteger(us)) return null;
    steps.push(us - prev);
    prev = us;
  }
  return steps;
}

/** Most frames a run has (the scenario schema's frames.times maxItems and frames.count maximum). */
const MAX_RUN_FRAMES = 1_000_000;
/** Frame times stay within ±1e9 s (the scenario schema's "time"), so within ±1e15 µs; a step
 *  between two of them is at most twice that. */
const MAX_TIME_US = 1e15;
const MAX_STEP_US = 2 * MAX_TIME_US;

/** A value from a link as its message shows it: JSON, cut at 40 characters. */
function shown(v: unknown): string {
  const text = typeof v === 'number' ? String(v) : JSON.stringify(v) ?? String(v);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** The times of integer microsecond steps. `what` names the link or file in a message: a step
 *  that is not a number, out of range (a huge or non-finite number: only JSON's 1e400 reads as
 *  Infinity), or not whole microseconds within range throws a LinkError naming its index. */
export function fromMicroSteps(steps: readonly unknown[], what = 'the link'): number[] {
  const times: number[] = [];
  let us = 0;
  for (let i = 0; i < steps.length; i++) {
    const d = steps[i];
    if (typeof d !== 'number') throw new LinkError(`${what}'s frame step dt_us[${i}] is ${shown(d)}, not a number of microseconds`);
    if (!Number.isFinite(d) || Math.abs(d) > MAX_STEP_US) {
      throw new LinkError(`${what}'s frame step dt_us[${i}] is ${shown(d)}: out of range (a step is from ` +
        `${(-MAX_STEP_US).toLocaleString('en-US')} to ${MAX_STEP_US.toLocaleString('en-US')} microseconds)`);
    }
    if (!Number.isInteger(d)) throw new LinkError(`${what}'s frame step dt_us[${i}] is ${shown(d)}: not whole microseconds`);
    us += d;
    if (Math.abs(us) > MAX_TIME_US) {
      throw new LinkError(`${what}'s frame step dt_us[${i}] takes the frame time to ${(us / 1e6).toLocaleString('en-US')} s: out of range ` +
        `(frame times are from ${(-MAX_TIME_US / 1e6).toLocaleString('en-US')} to ${(MAX_TIME_US / 1e6).toLocaleString('en-US')} s)`);
    }
    times.push(us / 1e6);
  }
  return times;
}

/** The link's fragment (without '#') for a run. */
export function encodeLink(run: RunFile): string {
  const { scenario, ...rest } = run;
  const frames = scenario.frames;
  const times = 'times' in frames ? frames.times : null;
  const steps = times ? toMicroSteps(times) : null;
  const body = steps
    ? { ...rest, scenario: { ...scenario, frames: { times: [] } }, dt_us: steps }
    : { ...rest, scenario };
  return `v${LINK_VERSION}.${prefixBuild(run.build)}.${compressToEncodedURIComponent(JSON.stringify(body))}`;
}

/** The build as a link's prefix shows it: the digest, or "unknown". */
function prefixBuild(build: string): string {
  return /^[0-9a-f]{16}$/.test(build) ? build : 'unknown';
}

/** True when the fragment looks like one of our links (any version), so the page tries it. */
export function isLinkFragment(fragment: string): boolean {
  return /^v\d+\./.test(fragment);
}

function checkRunFile(v: unknown, what: string): RunFile {
  const o = v as Partial<RunFile> & { dt_us?: unknown };
  if (typeof o !== 'object' || o === null || o.acphys_run !== 1) throw new LinkError(`${what} is not an acphys run (version 1)`);
  if (typeof o.scenario !== 'object' || o.scenario === null) throw new LinkError(`${what} has no scenario`);
  if (typeof o.digest !== 'string' || !/^[0-9a-f]{16}$/.test(o.digest)) throw new LinkError(`${what} has no final digest`);
  if (o.frames === undefined) throw new LinkError(`${what} has no frame count`);
  if (!Number.isInteger(o.frames) || (o.frames as number) < 0 || (o.frames as number) > MAX_RUN_FRAMES) {
    throw new LinkError(`${what}'s frame count is invalid: frames is ${shown(o.frames)}, not a whole number from 0 to ${MAX_RUN_FRAMES.toLocaleString('en-US')}`);
  }
  if (!Array.isArray(o.sampled) || !o.sampled.every((d) => typeof d === 'string')) throw new LinkError(`${what} has no sampled digests`);
  if (!Number.isInteger(o.every) || (o.every as number) < 1) throw new LinkError(`${what} has no digest interval`);
  const scenario = o.scenario as Scenario;
  if (o.dt_us !== undefined) {
    if (!Array.isArray(o.dt_us)) throw new LinkError(`${what}: dt_us is not a list`);
    scenario.frames = { times: fromMicroSteps(o.dt_us, what) };
  }
  const frames = scenario.frames as { times?: unknown; count?: unknown } | undefined;
  const recorded = (o.frames as number).toLocaleString('en-US');
  if (Array.isArray(frames?.times) && frames.times.length < (o.frames as number)) {
    throw new LinkError(`${what} is damaged: it records ${recorded} frames but carries ` +
      `${frames.times.length.toLocaleString('en-US')} frame times`);
  }
  if (!Array.isArray(frames?.times) && typeof frames?.count === 'number' && frames.count < (o.frames as number)) {
    throw new LinkError(`${what} is damaged: it records ${recorded} frames but its scenario generates ` +
      `${frames.count.toLocaleString('en-US')}`);
  }
  return {
    acphys_run: 1, build: typeof o.build === 'string' ? o.build : 'unknown', scenario,
    frames: o.frames as number, digest: o.digest, every: o.every as number, sampled: o.sampled,
    excerpts: typeof o.excerpts === 'object' && o.excerpts !== null ? o.excerpts : {},
    ...(typeof o.checks === 'string' ? { checks: o.checks } : {}),
  };
}

/** Decode a link's fragment (without '#'). `parse` reads the JSON text: the page passes the
 *  strict check the CLIs run (parseJsonText with the module), so a link whose data repeats a
 *  member name or is not UTF-8 is refused as a file would be. Throws LinkError naming what is
 *  wrong. */
export function decodeLink(fragment: string, parse: (text: string) => unknown = JSON.parse): RunFile {
  const m = /^v(\d+)\.([0-9a-z]+)\.(.*)$/s.exec(fragment);
  if (!m) throw new LinkError('the link is broken: it does not start with "#v1.<build>."');
  const version = Number(m[1]);
  if (version > LINK_VERSION) throw new LinkError(`the link is version ${version}; this page reads version ${LINK_VERSION} and older`);
  if (version !== 1) throw new LinkError(`the link's version ${version} is unknown`);
  let text: string | null = null;
  try {
    text = decompressFromEncodedURIComponent(m[3] ?? '');
  } catch {
    text = null;
  }
  if (!text) throw new LinkError('the link is broken: its data does not decompress (was it cut short?)');
  let value: unknown;
  try {
    value = parse(text);
  } catch (e) {
    const where = e instanceof Error ? /^not valid JSON: (line .*)$/.exec(e.message)?.[1] : undefined;
    throw new LinkError(where ? `the link is broken: its data is not valid JSON: ${where}` : 'the link is broken: its data is not JSON (was it cut short?)');
  }
  const run = checkRunFile(value, 'the link');
  if (m[2] !== prefixBuild(run.build)) {
    throw new LinkError(`the link is damaged: its prefix "#v1.${m[2]}." names build ${m[2]}, but its data says build ${run.build}`);
  }
  return run;
}

/** A run file's text (pretty JSON, frame times written out). */
export function encodeRunFile(run: RunFile): string {
  return JSON.stringify(run, null, 1) + '\n';
}

/** A dropped or opened JSON file, parsed (parseJsonText): a run file (replay and compare) or a bare scenario (replay). */
export function decodeJsonFile(value: unknown, name: string): { run?: RunFile; scenario: Scenario } {
  const o = value as { acphys_run?: unknown; version?: unknown };
  if (typeof o === 'object' && o !== null && o.acphys_run !== undefined) {
    const run = checkRunFile(value, name);
    return { run, scenario: run.scenario };
  }
  if (typeof o === 'object' && o !== null && o.version !== undefined) return { scenario: value as Scenario };
  throw new LinkError(`${name} is neither an acphys run file nor a scenario (no "acphys_run" or "version")`);
}

/** The low byte of each frame's digest (hex strings), base64: one byte a frame. */
export function frameChecks(digests: readonly string[]): string {
  let bin = '';
  for (const d of digests) bin += String.fromCharCode(parseInt(d.slice(-2), 16));
  return btoa(bin);
}

/** Where a replay parts from the recording: null when every sampled digest and the final one
 *  agree. The full digests bound it (they agree after frame `after` and differ at frame `by`);
 *  within those, `frame` is the first frame whose check byte differs (the one where the runs
 *  part, unless its low bytes agree by chance, 1 in 256), when the run carries check bytes.
 *  `mine[k]` is this replay's digest after frame k + 1. */
export function firstDivergence(run: RunFile, mine: readonly string[]): { after: number; by: number; frame?: number } | null {
  let after = -1, by = -1;
  for (let i = 0; i < run.sampled.length && by < 0; i++) {
    const frame = (i + 1) * run.every;
    if (mine[frame - 1] !== run.sampled[i]) { after = frame - run.every; by = frame; }
  }
  if (by < 0) {
    const last = run.frames;
    if (mine.length === last && (last === 0 || mine[last - 1] === run.digest)) return null;
    after = run.sampled.length * run.every;
    by = Math.max(last, after + 1);
  }
  if (run.checks) {
    let bytes = '';
    try { bytes = atob(run.checks); } catch { bytes = ''; }
    for (let f = after + 1; f <= by && f <= bytes.length; f++) {
      const m = mine[f - 1];
      if (m === undefined || parseInt(m.slice(-2), 16) !== bytes.charCodeAt(f - 1)) return { after, by, frame: f };
    }
  }
  return { after, by };
}
