#!/usr/bin/env node
// acphys through the .wasm: `npx acphys run <scenario.json> [--trace out.jsonl] [--profile NAME]
// [--quiet] [--force]`, `npx acphys diff <a.jsonl> <b.jsonl> [options]`, `npx acphys conform <dir>`
// (wasm/conform.mjs), `npx acphys replay <capture> [options]` (docs/REPLAY.md), `npx acphys
// list|dump|excerpt|world` (src/cli/dat_cmd.c, world_cmd.c in the .wasm) and `npx acphys help`. Same arguments, output and exit status as
// the native CLI (src/cli/run_cmd.c, diff_cmd.c): the table, trace lines, digests and error
// messages all come from the same C runner; only the file reading and JSON parsing are Node's.
import { readdirSync, readFileSync, writeSync, openSync, closeSync, fstatSync, statSync, lstatSync, realpathSync, renameSync,
  unlinkSync, fchmodSync, fchownSync, ftruncateSync, readSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';

import { loadAcphys } from '../wasm/acphys.mjs';
import { diffTraces, encodeJson, openRun, parseJsonText, PROFILES, ScenarioError } from '../wasm/scenario.mjs';
import { conform, diffOptions, diffOptionsUsage, firstLine, opensObject } from '../wasm/conform.mjs';

// The same limits and messages as src/cli/cjson_bridge.c acp_read_file.
const MAX_TEXT_FILE = 2 ** 30;
const MAX_EXCERPT = 256 * 2 ** 20;
// Characters of trace lines kept before a write (bounded memory for any number of objects).
const TRACE_CHUNK = 2 ** 20;
const STRERROR = { ENOENT: 'No such file or directory', EACCES: 'Permission denied', EISDIR: 'Is a directory',
  ENOTDIR: 'Not a directory', ELOOP: 'Too many levels of symbolic links', ENAMETOOLONG: 'File name too long',
  ENOSPC: 'No space left on device', EROFS: 'Read-only file system', EIO: 'Input/output error', EPIPE: 'Broken pipe',
  EEXIST: 'File exists', EDQUOT: 'Disk quota exceeded', EFBIG: 'File too large' };
const reason = (e) => STRERROR[e.code] ?? e.code ?? String(e);

/** { bytes } or { err } for a regular file of at most max bytes. */
function readRegular(path, max) {
  let fd;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    return { err: `cannot open: ${STRERROR[e.code] ?? e.code}` };
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { err: 'not a regular file' };
    if (st.size > max) return { err: `larger than ${max / 2 ** 20} MiB` };
    return { bytes: readFileSync(fd) };
  } catch (e) {
    return { err: `cannot read: ${STRERROR[e.code] ?? e.code}` };
  } finally {
    closeSync(fd);
  }
}

/** True when a and b name the same existing file (device and inode, links followed). */
function sameFile(a, b) {
  try {
    const sa = statSync(a, { bigint: true }), sb = statSync(b, { bigint: true });
    return sa.dev === sb.dev && sa.ino === sb.ino;
  } catch {
    return false;
  }
}

/** A cell to Atomics.wait on: a short sleep with no event loop (writeAll waits out a full pipe). */
const PAUSE = new Int32Array(new SharedArrayBuffer(4));

/** Write all of `text` to fd: writeSync may write less than asked (a full disk), and what it
 *  did not write must not pass for written. A non-blocking pipe that is full (EAGAIN: stdout
 *  piped to a slow reader such as `| tail -1`) is waited out, 1 ms at a time and up to 10 ms
 *  between tries, never given up on: the reader empties it. Throws any other system error. */
function writeAll(fd, text) {
  const buf = Buffer.from(text);
  let wait = 1;
  for (let off = 0; off < buf.length;) {
    let n;
    try {
      n = writeSync(fd, buf, off, buf.length - off);
    } catch (e) {
      if (e.code !== 'EAGAIN') throw e;
      Atomics.wait(PAUSE, 0, 0, wait);
      wait = Math.min(wait * 2, 10);
      continue;
    }
    if (n <= 0) throw Object.assign(new Error('short write'), { code: 'ENOSPC' });
    wait = 1;
    off += n;
  }
}

// Output files as src/cli/outfile.h: a regular file (or a link to one) is written beside its real
// path and renamed over it when every byte is written, taking its permission bits (no set-id
// bits) and, where we may, its owner; a file with other hard links is rewritten in place once the
// new content is complete; a FIFO or a device is written through; a directory, a link to nothing
// or an empty path is refused. A signal (Ctrl-C, kill) removes the temporary file.
// { fd, tmp, final, inPlace } or { err }.
let pendingTmp = null;
const UNCHANGED = 'cannot write (the file there, if any, is unchanged)';
for (const [sig, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]]) {
  process.on(sig, () => {
    if (pendingTmp) { try { unlinkSync(pendingTmp); } catch { /* gone */ } }
    process.exit(code);
  });
}
/** Remove the temporary files beside `final` that runs killed outright (SIGKILL: no handler ran)
 *  left: `<final>.acphys-<pid>-<letters and digits>`, regular files whose process no longer runs
 *  here; each removal noted on stderr, as src/cli/outfile.c acp_outfile_remove_stale. */
function removeStale(final) {
  const cut = final.lastIndexOf('/');
  const dir = cut >= 0 ? final.slice(0, cut + 1) : '', base = final.slice(cut + 1);
  let names;
  try { names = readdirSync(dir || '.'); } catch { return; }
  const prefix = `${base}.acphys-`;
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const m = /^([0-9]+)-[0-9A-Za-z]+$/.exec(name.slice(prefix.length));
    const pid = m ? Number(m[1]) : 0;
    if (!(pid > 0) || pid === process.pid || !Number.isSafeInteger(pid) || alive(pid)) continue;
    const path = `${dir}${name}`;
    try {
      if (!lstatSync(path).isFile()) continue;
      unlinkSync(path);
    } catch { continue; }
    process.stderr.write(`acphys: note: removed ${path}, the temporary file of an acphys run (process ${pid}) that was ` +
      'killed before it finished\n');
  }
}
/** Whether process `pid` runs on this machine (signal 0: ESRCH when it does not). */
function alive(pid) {
  try { process.kill(pid, 0); return true; } catch (e) { return e.code !== 'ESRCH'; }
}
function openOut(path) {
  if (path === '') return { err: 'an empty path' };
  let st;
  try {
    st = statSync(path);
  } catch (e) {
    if (e.code !== 'ENOENT') return { err: `cannot open: ${reason(e)}` };
    try { lstatSync(path); return { err: 'is a symbolic link to a file that does not exist' }; } catch { /* none */ }
  }
  if (st?.isDirectory()) return { err: 'is a directory' };
  if (st && !st.isFile()) {
    try { return { fd: openSync(path, 'w') }; } catch (e) { return { err: `cannot open: ${reason(e)}` }; }
  }
  let final = path;
  try { if (st) final = realpathSync(path); } catch (e) { return { err: `cannot resolve the path: ${reason(e)}` }; }
  removeStale(final);
  const tmp = `${final}.acphys-${process.pid}-${Date.now().toString(36)}`;
  let fd;
  try {
    fd = openSync(tmp, 'wx', 0o666);
  } catch (e) {
    return { err: `cannot create a file beside it: ${reason(e)}` };
  }
  pendingTmp = tmp;
  if (st) {
    try { fchownSync(fd, st.uid, st.gid); } catch { /* not ours to give: keep ours */ }
    try { fchmodSync(fd, st.mode & 0o777); } catch { /* keep the default */ }
  }
  return { fd, tmp, final, inPlace: st ? st.nlink > 1 : false };
}
/** Copy the finished temporary file over a hard-linked file, in place, as src/cli/outfile.c does:
 *  the room beyond the old size is claimed first (zeros, cut back on failure), so a full disk
 *  leaves the old content whole. Throws the system error with `damaged` set when the old content
 *  was already overwritten. */
function copyInPlace(o) {
  const src = openSync(o.tmp, 'r'), dst = openSync(o.final, 'r+');
  try {
    const newSize = fstatSync(src).size, oldSize = fstatSync(dst).size;
    const zeros = Buffer.alloc(1 << 16);
    for (let pos = oldSize; pos < newSize;) {
      try {
        const n = writeSync(dst, zeros, 0, Math.min(zeros.length, newSize - pos), pos);
        if (n <= 0) throw Object.assign(new Error('short write'), { code: 'ENOSPC' });
        pos += n;
      } catch (e) {
        try { ftruncateSync(dst, oldSize); } catch { /* the old bytes are whole either way */ }
        throw e;
      }
    }
    const buf = Buffer.alloc(1 << 16);
    try {
      for (let pos = 0; pos < newSize;) {
        const n = readSync(src, buf, 0, buf.length, pos);
        if (n === 0) throw Object.assign(new Error('the temporary file ended early'), { code: 'EIO' });
        for (let off = 0; off < n;) {
          const w = writeSync(dst, buf, off, n - off, pos + off);
          if (w <= 0) throw Object.assign(new Error('short write'), { code: 'ENOSPC' });
          off += w;
        }
        pos += n;
      }
      ftruncateSync(dst, newSize);
    } catch (e) {
      e.damaged = true;
      throw e;
    }
  } finally {
    closeSync(src);
    closeSync(dst);
  }
}
/** Finish (keep: rename or copy into place) or give up; throws an Error with the message. */
function closeOut(o, keep) {
  try {
    closeSync(o.fd);
  } catch (e) {
    if (keep) { abortOut(o); throw new Error(`${o.tmp ? UNCHANGED : 'cannot write'}: ${reason(e)}`); }
  }
  if (!o.tmp) return;
  if (!keep) { abortOut(o); return; }
  if (o.inPlace) {
    try {
      copyInPlace(o);
    } catch (e) {
      pendingTmp = null;
      const state = e.damaged ? ', and it is damaged' : ', and its old content is unchanged';
      throw new Error(`cannot rewrite it in place (${reason(e)})${state}; the new content is in ${o.tmp}`);
    }
    abortOut(o);
    return;
  }
  try {
    renameSync(o.tmp, o.final);
    pendingTmp = null;
  } catch (e) {
    abortOut(o);
    throw new Error(`${UNCHANGED}: ${reason(e)}`);
  }
}
/** Give up on an output after an unexpected exception: close it (errors ignored), remove the
 *  temporary file. */
function discardOut(o) {
  try { closeSync(o.fd); } catch { /* closed or bad: the file goes either way */ }
  abortOut(o);
}
function abortOut(o) {
  if (o.tmp) { try { unlinkSync(o.tmp); } catch { /* gone */ } }
  pendingTmp = null;
}

/** A write to standard output that failed: a closed pipe ends quietly (as SIGPIPE ends the native
 *  CLI), anything else is reported. */
class OutputError extends Error {}
const out = [];
let outBytes = 0;
function print(s) {
  out.push(s);
  outBytes += s.length;
  if (outBytes > 1 << 16) flush();
}
function flush() {
  const text = out.join('');
  out.length = 0;
  outBytes = 0;
  if (!text) return;
  try {
    writeAll(1, text);
  } catch (e) {
    throw new OutputError(e.code === 'EPIPE' ? '' : `acphys: cannot write the output: ${reason(e)}`);
  }
}
function fail(msg, status) {
  try { flush(); } catch { /* the message below says what went wrong */ }
  process.stderr.write(`${msg}\n`);
  return status;
}

// The usage, the same for `acphys`, `acphys help`, `--help` and `-h`; its command lines are the
// native CLI's (src/cli/main.c usage), which has the bench and digest commands besides.
const USAGE = 'acphys (npx, through the .wasm): the Asheron\'s Call retail per-object physics update\n' +
  'usage:\n' +
  '  acphys help               this text (also --help, -h)\n' +
  '  acphys version            print the version (also --version)\n' +
  '  acphys run <scenario.json> [--trace out.jsonl] [--records frames|quanta] [--format acphys|dereth] [--profile retail|acdream-r6|ace|render-frame] [--peer NAME]... [--quiet] [--force] [--inspect <object>:<frame>] [--snapshot-at N --snapshot F] [--resume F]\n' +
  '                            run a scenario: per-frame table on stdout, trace to a file\n' +
  '                            (--force: a trace estimated above 2 GB too)\n' +
  '  acphys diff <a.jsonl> <b.jsonl> [--fields a,b,c] [--ulps N] [--abs X] [--all]\n' +
  '                            first frame and field where two traces differ (--all: every frame)\n' +
  '  acphys conform <dir> [--group G] [--fields a,b,c] [--ulps N] [--abs X] [--suite DIR]\n' +
  '                            judge a port\'s traces (<dir>/<case>.jsonl) against the conformance suite\n' +
  '  acphys replay <capture> [--portal <dat>] [--cell <dat>]... [--no-default] [--resync]\n' +
  '                [--frames 60hz|datagrams] [--threshold <m>] [--report <r.json>] [--scenario <s.json>] [--quiet]\n' +
  '                            replay a capture of the retail client and compare it at every\n' +
  '                            client report (docs/REPLAY.md)\n' +
  '  acphys dump <dat> <id>    print record <id> (e.g. 0xD59AFFFF) of a DAT as JSON\n' +
  '  acphys excerpt <dat> <id>... -o <out.dat>\n' +
  '                            copy records into a new DAT of the same kind\n' +
  '  acphys list <dat>         list a DAT\'s directory: id, type, size, date, iteration\n' +
  '  acphys world <cell dat> <landblock id> [--portal <portal dat>]\n' +
  '                            the static world of one landblock as JSON: buildings, LandBlockInfo\n' +
  '                            statics, scenery (init_static_objs\' order), EnvCell statics\n' +
  'bench and the digests are the native CLI\'s (see docs/PORTING.md).\n';
function usage() {
  return fail(USAGE.slice(0, -1), 2);
}

const RUN_USAGE = 'usage: acphys run <scenario.json> [--trace <out.jsonl>] [--records frames|quanta] [--format acphys|dereth] ' +
  '[--profile retail|acdream-r6|ace|render-frame] [--peer ace-max-quantum|ace-sled-friction|ace-water-depth|ace-moveto-defaults|gdle-water-depth]... [--quiet] [--force]\n' +
  "       [--inspect <object>:<frame>]   (print that frame's collision sweeps of the object as JSON)\n" +
  '       [--snapshot-at <frame> --snapshot <file>]   (write the world\'s snapshot after that frame)\n' +
  '       [--resume <file>]   (continue from a snapshot: the frames after it)';
const PEER_RULES = ['ace-max-quantum', 'ace-sled-friction', 'ace-water-depth', 'ace-moveto-defaults', 'gdle-water-depth'];

// The trace's size, estimated before it is written (src/cli/run_cmd.c has the same numbers):
// TRACE_FRAME_BYTES a line and TRACE_OBJECT_BYTES an object in it; above TRACE_LIMIT_BYTES (2 GB)
// run refuses to write it without --force.
const TRACE_FRAME_BYTES = 128, TRACE_OBJECT_BYTES = 300, TRACE_LIMIT_BYTES = 2e9;
/** The refusal's message when the trace would be larger than TRACE_LIMIT_BYTES, else null. */
function traceTooLarge(objects, frames, tracePath) {
  const bytes = frames * (TRACE_FRAME_BYTES + TRACE_OBJECT_BYTES * objects);
  if (bytes <= TRACE_LIMIT_BYTES) return null;
  const tenths = Math.floor((bytes + 99999999) / 100000000); // GB to one decimal, rounded up
  return `acphys run: --trace ${tracePath}: the trace would be about ${Math.floor(tenths / 10)}.${tenths % 10} GB ` +
    `(${objects} objects x ${frames} frames at about ${TRACE_OBJECT_BYTES} bytes an object a frame), more than the ` +
    '2 GB written without --force; add --force to write it, or run fewer frames or objects';
}
/** A usage error of run: "acphys run: <what is wrong>" and the usage line, as src/cli/run_cmd.c. */
const runUsage = (what) => fail(`acphys run: ${what}\n${RUN_USAGE}`, 2);

/** The arguments after "run": { scenarioPath, tracePath, profile, quiet } or { status } after a
 *  usage error naming the argument (as src/cli/run_cmd.c parse_run_args). */
function parseRunArgs(args) {
  // The snapshot options first (src/cli/run_cmd.c take_snap_opts), then the others.
  const snap = { at: undefined, path: undefined, resume: undefined };
  const SNAP = { '--snapshot-at': 'at', '--snapshot': 'path', '--resume': 'resume' };
  const rest = [];
  for (let i = 0; i < args.length; i++) {
    const key = SNAP[args[i]];
    if (key === undefined) { rest.push(args[i]); continue; }
    if (snap[key] !== undefined) return { status: runUsage(`${args[i]} given twice`) };
    if (i + 1 >= args.length || args[i + 1] === '') return { status: runUsage(`${args[i]} needs ${key === 'at' ? 'a frame number' : 'a file name'}`) };
    snap[key] = args[++i];
  }
  if ((snap.at === undefined) !== (snap.path === undefined)) return { status: runUsage('--snapshot-at and --snapshot go together (the frame, and the file to write)') };
  if (snap.at !== undefined && !(/^[0-9]+$/.test(snap.at) && Number(snap.at) <= 0xFFFFFFFF)) return { status: runUsage(`--snapshot-at "${snap.at}": give a frame number (0 before the first frame)`) };
  const o = parseRunArgsRest(rest);
  if (o.status === undefined) o.snap = snap;
  return o;
}

function parseRunArgsRest(args) {
  const o = { scenarioPath: undefined, tracePath: undefined, profile: undefined, records: undefined, format: undefined, inspect: undefined, peers: [], quiet: false, force: false };
  const NEEDS = { '--trace': 'a file name', '--profile': 'a profile name', '--records': 'frames or quanta', '--format': 'acphys or dereth', '--inspect': '<object>:<frame>' };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--peer') { // a comparison mode (src/physics/world/physics.h acp_peer_rule), repeatable
      if (i + 1 >= args.length) return { status: runUsage('--peer needs a rule name (ace-max-quantum, ace-sled-friction, ace-water-depth, ace-moveto-defaults, gdle-water-depth)') };
      const name = args[++i];
      if (!PEER_RULES.includes(name)) return { status: runUsage(`--peer: unknown rule "${name}" (known: ace-max-quantum, ace-sled-friction, ace-water-depth, ace-moveto-defaults, gdle-water-depth)`) };
      if (!o.peers.includes(name)) o.peers.push(name);
    } else if (a in NEEDS) {
      const key = { '--trace': 'tracePath', '--profile': 'profile', '--records': 'records', '--format': 'format', '--inspect': 'inspect' }[a];
      if (o[key] !== undefined) return { status: runUsage(`${a} given twice`) };
      if (i + 1 >= args.length) return { status: runUsage(`${a} needs ${NEEDS[a]}`) };
      o[key] = args[++i];
    } else if (a === '--quiet' || a === '--force') {
      const key = a.slice(2);
      if (o[key]) return { status: runUsage(`${a} given twice`) };
      o[key] = true;
    } else if (a.startsWith('-')) {
      return { status: runUsage(`unknown option "${a}"`) };
    } else if (o.scenarioPath !== undefined) {
      return { status: runUsage(`a second scenario file "${a}" (run takes one)`) };
    } else {
      o.scenarioPath = a;
    }
  }
  if (o.scenarioPath === undefined) return { status: runUsage('no scenario file') };
  if (o.tracePath === '') return { status: runUsage('--trace needs a file name, not ""') };
  if (o.records !== undefined && o.records !== 'frames' && o.records !== 'quanta') return { status: runUsage(`--records: "${o.records}" is not frames or quanta`) };
  if (o.format !== undefined && o.format !== 'acphys' && o.format !== 'dereth') return { status: runUsage(`--format: "${o.format}" is not acphys or dereth`) };
  if (o.format === 'dereth' && o.records !== 'quanta') return { status: runUsage('--format dereth writes per-quantum records: add --records quanta') };
  return o;
}

/** The scenario of a file: the file itself, or, for a run file the page saved ({"acphys_run": 1,
 *  "scenario": {...}, "frames", "digest", ...}), its scenario member after a note saying so;
 *  null after an error. The same words as src/cli/run_cmd.c run_file_scenario. */
function runFileScenario(root, path) {
  if (root === null || typeof root !== 'object' || Array.isArray(root) || !Object.hasOwn(root, 'acphys_run')) return root;
  if (root.acphys_run !== 1) { // as the page refuses it (web/src/link.ts)
    fail(`acphys: ${path} is not an acphys run (version 1): "acphys_run" is not 1`, 1);
    return null;
  }
  const { scenario, frames, digest } = root;
  if (scenario === null || typeof scenario !== 'object' || Array.isArray(scenario)) {
    fail(`acphys: ${path}: a run file of the page ("acphys_run") without its "scenario" object`, 1);
    return null;
  }
  const recorded = Number.isInteger(frames) && frames >= 1 && frames <= 1e6 && typeof digest === 'string' && /^[0-9a-f]{16}$/.test(digest)
    ? ` (the page recorded ${frames} frames, digest ${digest})` : '';
  process.stderr.write(`acphys: note: ${path} is a run file of the page: running its scenario${recorded}\n`);
  recordedRun = recorded ? { frames, digest } : null;
  return scenario;
}
/** The run file's recorded frames and digest (runFileScenario), which the run must match. */
let recordedRun = null;

/** True when the first line of the bytes is a trace's record (a frame or quantum: "frame" and
 *  "objects"; a dereth record: "t" and "transition_state") or its closing digest line, and more
 *  follows: a trace given to run (src/cli/run_cmd.c is_trace_text). */
function isTraceText(bytes) {
  const nl = bytes.indexOf(0x0a);
  if (nl < 0 || nl + 1 >= bytes.length) return false;
  let v;
  try { v = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, nl))); } catch { return false; }
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const has = (k) => Object.hasOwn(v, k);
  if ((has('frame') && has('objects')) || (has('t') && has('transition_state'))) return true;
  return has('digest') && Object.keys(v).every((k) => k === 'digest' || k === 'profile' || k === 'records');
}

/** --inspect "<object>:<frame>" (src/cli/run_cmd.c arm_inspect): the object as its scenario index
 *  (decimal), its id (0x... hex) or its name; the frame 1-based. Arms the run's inspector, or
 *  returns the usage error's status. */
function armInspect(r, scenario, arg) {
  const colon = arg.lastIndexOf(':');
  if (colon <= 0 || colon === arg.length - 1)
    return runUsage(`--inspect "${arg}": give <object>:<frame> (an object index, 0x id or name; a frame from 1)`);
  const frameText = arg.slice(colon + 1), key = arg.slice(0, colon);
  const frame = /^[0-9]+$/.test(frameText) ? Number(frameText) : NaN;
  if (!(frame >= 1 && frame <= 0xFFFFFFFF)) return runUsage(`--inspect "${arg}": the frame "${frameText}" is not a whole number from 1`);
  if (Buffer.byteLength(key) >= 128) return runUsage(`--inspect: the object "${key}" is too long`);
  const objects = Array.isArray(scenario?.objects) ? scenario.objects : [];
  const hex = /^0[xX][0-9a-fA-F]+$/.test(key), dec = /^[0-9]+$/.test(key);
  const v = hex ? parseInt(key.slice(2), 16) : dec ? Number(key) : NaN;
  const index = objects.findIndex((o, i) => (hex ? Number(o.id) >>> 0 === v : dec ? i === v : o.name === key));
  if (index < 0 || index >= r.objectCount)
    return runUsage(`--inspect "${arg}": no object ${key} in the scenario (${r.objectCount} objects: give an index from 0, a 0x id or a name)`);
  r.inspect(index, frame);
  return 0;
}

/** Write the run's snapshot to path (as src/cli/run_cmd.c write_snapshot); false after the message. */
function writeSnapshot(r, path) {
  let bytes;
  try {
    bytes = r.snapshot();
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    fail(`acphys: --snapshot ${path}: ${e.message}`, 1);
    return false;
  }
  const out = openOut(path);
  if (out.err) {
    fail(`acphys: --snapshot ${path}: cannot write it: ${out.err}`, 1);
    return false;
  }
  try {
    writeAll(out.fd, bytes);
    closeOut(out, true);
  } catch (e) {
    discardOut(out);
    fail(`acphys: --snapshot ${path}: cannot write it: ${e.message}`, 1);
    return false;
  }
  return true;
}

async function run(args) {
  const parsed = parseRunArgs(args);
  if (parsed.status !== undefined) return parsed.status;
  const { scenarioPath, tracePath, profile, inspect, force, peers, snap } = parsed;
  const quiet = parsed.quiet || inspect !== undefined; // stdout is the inspector's JSON
  const records = parsed.records === 'quanta' ? (parsed.format === 'dereth' ? 'dereth' : 'quanta') : 'frames';
  if (profile !== undefined && !PROFILES.includes(profile))
    return fail(`acphys: --profile: unknown profile "${profile}" (known: retail, acdream-r6, ace, render-frame)`, 2);
  const traceIsInput = (input, what) => tracePath !== undefined && sameFile(tracePath, input) &&
    fail(`acphys: run: --trace ${tracePath} is ${what}; write the trace to another file`, 2);
  if (traceIsInput(scenarioPath, 'the scenario file')) return 2;
  const read = readRegular(scenarioPath, MAX_TEXT_FILE);
  if (read.err) return fail(`acphys: ${scenarioPath}: cannot read the scenario: ${read.err}`, 1);
  const line = firstLine(read.bytes);
  if (line === null || !opensObject(line)) {
    return fail(`acphys: run: ${scenarioPath} is not a scenario file (a JSON object {"version": 1, ...}, or a run file ` +
      `the page saved):${firstBytes(read.bytes)}`, 1);
  }
  const acp = await loadAcphys();
  let scenario;
  try {
    scenario = parseJsonText(new Uint8Array(read.bytes.buffer, read.bytes.byteOffset, read.bytes.byteLength), acp);
  } catch (e) {
    if (isTraceText(read.bytes)) {
      return fail(`acphys: run: ${scenarioPath} is a trace (JSON lines, a record a line), not a scenario file: diff and ` +
        'conform read traces; run takes a scenario ({"version": 1, ...}) or a run file the page saved', 1);
    }
    return fail(`acphys: ${scenarioPath}: ${e.message}`, 1);
  }
  scenario = runFileScenario(scenario, scenarioPath);
  if (scenario === null) return 1;
  let r;
  try {
    r = openRun(acp, scenario, { profile, records, peers });
  } catch (e) {
    if (e instanceof ScenarioError) return fail(`acphys: ${scenarioPath}: ${e.message}`, 1);
    throw e;
  }
  const tooLarge = tracePath !== undefined && !force && traceTooLarge(r.objectCount, r.framesTotal, tracePath);
  if (tooLarge) {
    r.dispose();
    return fail(tooLarge, 2);
  }
  try {
    // Excerpt files, relative to the scenario file's folder.
    for (const { index, name, needsBytes } of r.excerpts()) {
      if (!needsBytes) continue;
      const path = isAbsolute(name) ? name : join(dirname(scenarioPath), name);
      if (traceIsInput(path, 'an excerpt the scenario reads')) {
        r.dispose();
        return 2;
      }
      const got = readRegular(path, MAX_EXCERPT);
      if (got.err) {
        r.dispose();
        const hint = got.err.startsWith('larger') ? '; cut the records you need out of a whole client DAT with acphys excerpt' : '';
        return fail(`acphys: ${scenarioPath}: excerpts[${index}]: cannot read "${name}": ${got.err} (paths are relative to the scenario file${hint})`, 1);
      }
      r.setExcerpt(index, got.bytes);
    }
    if (snap.resume !== undefined) {
      const got = readRegular(snap.resume, 1 << 30);
      if (got.err) {
        r.dispose();
        return fail(`acphys: --resume ${snap.resume}: ${got.err}`, 1);
      }
      r.resume(got.bytes);
    } else {
      r.start();
    }
    const { framesTotal, framesDone } = r;
    if (snap.at !== undefined && Number(snap.at) > framesTotal) {
      r.dispose();
      return fail(`acphys run: --snapshot-at ${snap.at}: the scenario has ${framesTotal} frames`, 2);
    }
    if (snap.at !== undefined && Number(snap.at) < framesDone) {
      r.dispose();
      return fail(`acphys run: --snapshot-at ${snap.at}: the run resumes after frame ${framesDone}`, 2);
    }
    if (snap.at !== undefined && Number(snap.at) === r.framesDone && !writeSnapshot(r, snap.path)) {
      r.dispose();
      return 1;
    }
    const armed = inspect === undefined ? 0 : armInspect(r, scenario, inspect);
    if (armed) {
      r.dispose();
      return armed;
    }
  } catch (e) {
    r.dispose();
    if (e instanceof ScenarioError) return fail(`acphys: ${scenarioPath}: ${e.message}`, 1);
    throw e;
  }
  for (const w of r.warnings) process.stderr.write(`acphys: warning: ${w}\n`);
  let trace, fd;
  if (tracePath !== undefined) {
    trace = openOut(tracePath);
    if (trace.err) {
      r.dispose();
      return fail(`acphys: ${tracePath}: cannot write the trace: ${trace.err}`, 1);
    }
    fd = trace.fd;
  }
  // Lines wait in memory until TRACE_CHUNK characters are due, then go out in one write: a frame
  // of 16,384 objects is some 5 MB of text, and a string past V8's limit (2^29 characters) throws.
  const traceChunks = [];
  let traceChars = 0;
  const writeTrace = (s, force) => {
    traceChunks.push(s);
    traceChars += s.length;
    if (!force && traceChars < TRACE_CHUNK) return;
    writeAll(fd, traceChunks.length === 1 ? traceChunks[0] : traceChunks.join(''));
    traceChunks.length = 0;
    traceChars = 0;
  };
  let status = 0, traceDone = false, summary = '', inspectMissing = false, mine;
  try {
    if (!quiet) print(r.tableHeader());
    for (let k = 1; r.stepNext(); k++) {
      if (snap.at !== undefined && r.framesDone === Number(snap.at) && !writeSnapshot(r, snap.path)) {
        status = 1;
        break;
      }
      if (inspect !== undefined && fd === undefined && r.inspectJson() !== null) break; // nothing more to print
      if (!quiet) print(r.tableRows());
      if (fd !== undefined) writeTrace(r.recordsText(), false);
      if (k % 256 === 0) await new Promise(setImmediate); // let a signal in: it removes the temporary file
    }
    const closing = r.recordsClosing();
    if (fd !== undefined) writeTrace(closing ? `${closing}\n` : '', true);
    traceDone = true;
    mine = { frames: r.framesDone, digest: r.digest() };
    summary = `${mine.frames} frames, digest ${mine.digest}\n`;
    if (inspect !== undefined) {
      const json = r.inspectJson();
      summary = json === null ? `acphys run: --inspect ${inspect}: the scenario has ${r.framesTotal} frames` : `${json}\n`;
      inspectMissing = json === null;
    }
  } catch (e) {
    if (e instanceof ScenarioError) status = fail(`acphys: ${scenarioPath}: ${e.message}`, 1);
    else if (e instanceof OutputError) status = e.message ? fail(e.message, 1) : 141;
    else if (e.code && !traceDone) status = fail(`acphys: ${tracePath}: ${trace.tmp ? UNCHANGED : 'cannot write'}: ${reason(e)}`, 1);
    else {
      if (trace) discardOut(trace); // a bug of ours: still no file left beside the trace
      throw e;
    }
  } finally {
    r.dispose();
  }
  // A run that failed keeps the file that was there; a finished one replaces it whole.
  if (trace) {
    try {
      closeOut(trace, traceDone && status === 0);
    } catch (e) {
      return fail(`acphys: ${tracePath}: ${e.message}`, 1);
    }
  }
  if (status !== 0) return status;
  if (inspectMissing) return fail(summary, 1);
  // The closing line (or the inspector's JSON) only for a run whose trace (if any) is written
  // whole, as natively.
  print(summary);
  try {
    flush();
  } catch (e) {
    if (!(e instanceof OutputError)) throw e;
    return e.message ? fail(e.message, 1) : 141;
  }
  // A run file's recorded digest, after as many frames, must be this run's (as src/cli/run_cmd.c).
  if (recordedRun && recordedRun.frames === mine.frames && recordedRun.digest !== mine.digest) {
    return fail(`acphys: note: this run's digest ${mine.digest} differs from the recorded ${recordedRun.digest} ` +
      `(after ${mine.frames} frames)`, 1);
  }
  return 0;
}

// How many of a file's first bytes a "not a trace file" message shows.
const NOT_TRACE_BYTES = 16;
/** "<path> is not a trace file ...: its first bytes are <hex> "<text>"" (printable ASCII as it
 *  is, \n \r \t escaped, any other byte a '.'), as src/cli/diff_cmd.c not_a_trace_file. */
function notTraceFile(path, bytes) {
  return `acphys: diff: ${path} is not a trace file (JSON Lines, one {"frame": ...} object per line, ` +
    `as acphys run --trace writes):${firstBytes(bytes)}`;
}
/** " its first bytes are <hex> "<text>"" (printable ASCII as it is, \n \r \t escaped, any other
 *  byte a '.'; "..." after when the file goes on), as src/cli/diff_cmd.c acp_cli_print_first_bytes. */
function firstBytes(bytes) {
  const head = bytes.subarray(0, NOT_TRACE_BYTES);
  const hex = Array.from(head, (c) => ` ${c.toString(16).padStart(2, '0')}`).join('');
  const esc = { 0x0a: '\\n', 0x0d: '\\r', 0x09: '\\t', 0x22: '\\"', 0x5c: '\\\\' };
  const text = Array.from(head, (c) => esc[c] ?? (c >= 0x20 && c < 0x7f ? String.fromCharCode(c) : '.')).join('');
  return ` its first bytes are${hex} "${text}"${bytes.length > head.length ? '...' : ''}`;
}

/** Print the report and return the status; a closed pipe ends quietly. */
function printed(text, status) {
  print(text);
  try {
    flush();
  } catch (e) {
    if (!(e instanceof OutputError)) throw e;
    return e.message ? fail(e.message, 1) : 141;
  }
  return status;
}

/** The usage line of diff (its options from src/scenario/diff.h), as src/cli/diff_cmd.c DIFF_USAGE_FMT. */
const diffUsage = (acp) => `usage: acphys diff <a.jsonl> <b.jsonl> ${diffOptionsUsage(acp)} [--all]`;

async function diff(args) {
  const acp = await loadAcphys();
  // The options first (the first bad one is the error), then the first unknown option, then the
  // count of files, as src/cli/diff_cmd.c acp_cli_diff.
  const parsed = diffOptions(acp, args);
  if (parsed.error) return fail(`acphys: ${parsed.error}`, 2);
  const { options, rest } = parsed;
  try {
    const unknown = rest.find((f) => f.startsWith('-') && f !== '-');
    if (unknown !== undefined) return fail(`acphys diff: unknown option "${unknown}"\n${diffUsage(acp)}`, 2);
    if (rest.length !== 2) return fail(`acphys diff: needs two trace files, not ${rest.length}\n${diffUsage(acp)}`, 2);
    const files = [];
    for (const p of rest) {
      const got = readRegular(p, MAX_TEXT_FILE);
      if (got.err) return fail(`acphys: ${p}: cannot read the trace: ${got.err}`, 2);
      files.push(got.bytes);
    }
    // A file whose first line does not open a JSON object is no trace at all (a text, a DAT, ...);
    // a trace line malformed further on gets the line's own message.
    for (const [i, bytes] of files.entries()) {
      const line = firstLine(bytes);
      if (line !== null && !opensObject(line)) return fail(notTraceFile(rest[i], bytes), 2);
    }
    const texts = files.map((b) => b.toString('utf8'));
    // Per-quantum and dereth traces compare in the native CLI (src/cli/diff_cmd.c acp_cli_diff_shaped).
    if (texts.some((t) => /"quantum":|"transition_state":/.test(t.slice(0, 4096))))
      return fail('acphys: diff: per-quantum and dereth traces are compared by the native CLI (docs/PORTING.md) for now', 2);
    const { identical, error, message } = diffTraces(acp, texts[0], texts[1], { options, onDifference: (s) => print(`${s}\n`) });
    if (error) return fail(`acphys: diff: ${message}`, 2);
    return printed(`${message}\n`, identical ? 0 : 1);
  } finally {
    acp.exports.acp_abi_diff_options_free(options);
  }
}

async function conformCmd(args) {
  const acp = await loadAcphys();
  const parsed = diffOptions(acp, args, { allowAll: false });
  if (parsed.error) return fail(`acphys: ${parsed.error}`, 2);
  let dir, suite, group;
  // As src/cli/conform_cmd.c: the first wrong argument named, then the usage.
  const wrong = (what) => fail(`acphys conform: ${what}\n` +
    `usage: acphys conform <dir-of-your-traces> [--suite DIR] [--group G] ${diffOptionsUsage(acp)}\n` +
    '       acphys conform <dir-of-your-traces> --format dereth [--exact] [--suite DIR] [--group G]', 2);
  try {
    const r = parsed.rest;
    for (let i = 0; i < r.length; i++) {
      const a = r[i];
      if (a === '--format' || a === '--exact')
        return fail('acphys: conform: --format dereth and --exact are in the native CLI (docs/PORTING.md) for now', 2);
      if (a === '--suite' && i + 1 < r.length) suite = r[++i];
      else if (a === '--group' && i + 1 < r.length) group = r[++i];
      else if (a === '--suite' || a === '--group') return wrong(`${a}: a value is needed`);
      else if (a === '--all') return wrong(`${a} is diff's option (conform lists every failing case)`);
      else if (a.startsWith('-') && a.length > 1) return wrong(`unknown option "${a}"`);
      else if (dir !== undefined) return wrong(`unexpected argument "${a}" (conform takes one folder of traces)`);
      else dir = a;
    }
    if (dir === undefined) return wrong('no folder of traces');
    const res = conform(acp, dir, { suite, group, options: parsed.options });
    if (res.err) return fail(`acphys: ${res.err}`, res.status);
    return printed(res.out, res.status);
  } finally {
    acp.exports.acp_abi_diff_options_free(parsed.options);
  }
}


// ==== acphys replay (src/cli/replay_cmd.c; the session, src/replay/session.h, makes every line) ====
const REPLAY_USAGE = 'usage: acphys replay <capture> [--portal <dat>] [--cell <dat>]... [--no-default] [--resync]\n' +
  '                     [--frames 60hz|datagrams] [--threshold <metres>] [--report <file.json>]\n' +
  '                     [--scenario <file.json>] [--quiet]';
const REPLAY_MAX_DATS = 63;
const MAX_CAPTURE = 2 ** 30;
const replayUsage = (what) => fail(`acphys replay: ${what}\n${REPLAY_USAGE}`, 2);

/** The arguments after "replay", as src/cli/replay_cmd.c parse_args: the options or { status }. */
function parseReplayArgs(args) {
  const o = { capture: undefined, report: undefined, scenario: undefined, dats: [], noDefault: false, resync: false,
    quiet: false, frames: undefined, threshold: undefined };
  const valued = ['--report', '--scenario', '--portal', '--cell', '--frames', '--threshold'];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (valued.includes(a)) {
      if (i + 1 >= args.length) return { status: replayUsage(`${a} needs a value`) };
      const v = args[++i];
      if (a === '--report' || a === '--scenario') {
        const key = a.slice(2);
        if (o[key] !== undefined) return { status: replayUsage(`${a} given twice`) };
        if (v === '') return { status: replayUsage(`${a} needs a file name, not ""`) };
        o[key] = v;
      } else if (a === '--portal' || a === '--cell') {
        if (o.dats.length === REPLAY_MAX_DATS) return { status: replayUsage(`more than ${REPLAY_MAX_DATS} DAT files`) };
        if (v === '') return { status: replayUsage(`${a} needs a file name, not ""`) };
        o.dats.push(v);
      } else if (a === '--frames') {
        if (o.frames !== undefined) return { status: replayUsage('--frames given twice') };
        if (v !== '60hz' && v !== 'datagrams') return { status: replayUsage(`--frames must be 60hz or datagrams, not "${v}"`) };
        o.frames = v;
      } else {
        if (o.threshold !== undefined) return { status: replayUsage('--threshold given twice') };
        // strtod's whole-string decimal forms; anything else (hex, inf, nan, trailing text) is refused
        const d = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(v) ? Number(v) : NaN;
        if (!(d >= 0 && d <= 1e6)) return { status: replayUsage(`--threshold must be a distance in metres from 0 to 1e6, not "${v}"`) };
        o.threshold = d;
      }
    } else if (a === '--resync' || a === '--no-default' || a === '--quiet') {
      const key = { '--resync': 'resync', '--no-default': 'noDefault', '--quiet': 'quiet' }[a];
      if (o[key]) return { status: replayUsage(`${a} given twice`) };
      o[key] = true;
    } else if (a.startsWith('-') && a.length > 1) {
      return { status: replayUsage(`unknown option "${a}"`) };
    } else if (o.capture !== undefined) {
      return { status: replayUsage(`a second capture "${a}" (replay takes one)`) };
    } else {
      o.capture = a;
    }
  }
  if (o.capture === undefined) return { status: replayUsage('no capture file') };
  return o;
}

/** Write a whole text to path as the native CLI's outfile does; an error message or null. */
function writeWhole(path, what, text) {
  const o = openOut(path);
  if (o.err) return `acphys replay: ${path}: cannot write the ${what}: ${o.err}`;
  try {
    writeAll(o.fd, text);
  } catch (e) {
    discardOut(o);
    return `acphys replay: ${path}: cannot write the ${what}: ${reason(e)}`;
  }
  try {
    closeOut(o, true);
  } catch (e) {
    return `acphys replay: ${path}: cannot write the ${what}: ${e.message}`;
  }
  return null;
}

async function replayCmd(args) {
  const o = parseReplayArgs(args);
  if (o.status !== undefined) return o.status;
  for (const [out, opt] of [[o.report, '--report'], [o.scenario, '--scenario']]) {
    if (out === undefined) continue;
    if (sameFile(out, o.capture) || o.dats.some((d) => sameFile(out, d)))
      return fail(`acphys replay: ${opt} ${out} is an input of the replay; write it to another file`, 2);
  }
  if (o.report !== undefined && o.scenario !== undefined && sameFile(o.report, o.scenario))
    return fail('acphys replay: --report and --scenario name one file', 2);
  const acp = await loadAcphys();
  const x = acp.exports;
  const s = x.acp_abi_replay_create(o.noDefault ? 1 : 0, o.frames === 'datagrams' ? 1 : 0, o.resync ? 1 : 0,
    o.threshold ?? 0.5);
  if (!s) return fail('acphys replay: out of memory', 1);
  const cstring = (text) => { const b = Buffer.from(`${text}\0`); const p = acp.alloc(b.length); acp.u8().set(b, p); return p; };
  const withData = (bytes, fn) => { const p = acp.alloc(Math.max(1, bytes.length)); acp.u8().set(bytes, p); try { return fn(p, bytes.length); } finally { acp.free(p); } };
  const error = () => { const p = x.acp_abi_replay_error(s); return p ? fail(`acphys replay: ${acp.string(p)}`, 1) : 0; };
  let warned = 0;
  const warnings = () => {
    for (const n = x.acp_abi_replay_warning_count(s); warned < n; warned++)
      process.stderr.write(`acphys replay: warning: ${acp.string(x.acp_abi_replay_warning(s, warned))}\n`);
  };
  try {
    let status = error();
    if (status) return status;
    for (const d of o.dats) {
      const got = readRegular(d, MAX_EXCERPT);
      if (got.err) return fail(`acphys replay: ${d}: cannot read the DAT: ${got.err}${got.err.startsWith('larger') ? ' (cut the records you need out of it with acphys excerpt)' : ''}`, 1);
      let path;
      try { path = realpathSync(d); } catch { return fail(`acphys replay: ${d}: cannot resolve its path`, 1); }
      const shown = cstring(d), name = cstring(path);
      try { withData(got.bytes, (p, n) => x.acp_abi_replay_add_dat(s, shown, name, p, n)); } finally { acp.free(shown); acp.free(name); }
      status = error();
      if (status) return status;
    }
    const cap = readRegular(o.capture, MAX_CAPTURE);
    if (cap.err) return fail(`acphys replay: ${o.capture}: cannot read the capture: ${cap.err}`, 1);
    const capName = cstring(o.capture);
    try { withData(cap.bytes, (p, n) => x.acp_abi_replay_read_capture(s, capName, p, n)); } finally { acp.free(capName); }
    warnings();
    if (!x.acp_abi_replay_build(s)) return error();
    const text = Buffer.from(acp.u8().subarray(x.acp_abi_replay_scenario(s), x.acp_abi_replay_scenario(s) + x.acp_abi_replay_scenario_length(s))).toString('utf8');
    if (o.scenario !== undefined) {
      const err = writeWhole(o.scenario, 'scenario', text);
      if (err) return fail(err, 1);
    }
    withData(encodeJson(JSON.parse(text)), (p, n) => x.acp_abi_replay_run(s, p, n));
    warnings();
    status = error();
    if (status) return status;
    const report = x.acp_abi_replay_report(s), table = o.quiet ? x.acp_abi_replay_totals(s) : x.acp_abi_replay_table(s);
    if (!report || !table) return fail('acphys replay: out of memory', 1);
    if (o.report !== undefined) {
      const err = writeWhole(o.report, 'report', acp.string(report));
      if (err) return fail(err, 1);
    }
    return printed(acp.string(table), 0);
  } finally {
    x.acp_abi_replay_free(s);
  }
}

// ---- list, dump, excerpt: the native CLI's own code in the .wasm (src/cli/dat_cmd.c through
// wasm/abi/cli.c), on Node's files: the DAT read block by block with positioned reads, the excerpt
// written as a trace is (openOut, closeOut). ----

/** Write s (NUL-terminated, cut to fit size bytes) into memory at p. */
function putCString(acp, p, size, s) {
  const b = Buffer.from(s);
  const n = Math.min(b.length, size - 1);
  const u8 = acp.u8();
  u8.set(b.subarray(0, n), p);
  u8[p + n] = 0;
}

/** The host of the DAT commands (wasm/acphys.d.mts AcphysHost), as src/cli/dat_host.c natively. */
function datHost(acp) {
  const fds = new Map();
  let next = 0;
  return {
    print(stream, p, n) {
      const bytes = Buffer.from(acp.u8().subarray(p, p + n));
      flush();
      if (stream === 1) {
        try { writeAll(1, bytes); } catch (e) { throw new OutputError(e.code === 'EPIPE' ? '' : `acphys: cannot write the output: ${reason(e)}`); }
      } else {
        writeSync(2, bytes);
      }
    },
    open(pathP, whyP, whySize, lengthP) {
      const path = acp.string(pathP);
      const no = (why) => { putCString(acp, whyP, whySize, why); return -1; };
      let st;
      try { st = statSync(path); } catch (e) { return no(`cannot open: ${reason(e)}`); }
      if (!st.isFile()) return no(`not a regular file${st.isDirectory() ? ' (a directory)' : ''}`);
      let fd;
      try { fd = openSync(path, 'r'); } catch (e) { return no(`cannot open: ${reason(e)}`); }
      const h = next++;
      fds.set(h, fd);
      new DataView(acp.memory.buffer).setFloat64(lengthP, fstatSync(fd).size, true);
      return h;
    },
    read(h, offset, length, out) {
      const fd = fds.get(h);
      for (let got = 0; got < length;) {
        let n;
        try { n = readSync(fd, acp.u8(), out + got, length - got, offset + got); } catch { return -1; }
        if (n <= 0) return -1;
        got += n;
      }
      return 0;
    },
    close(h) {
      try { closeSync(fds.get(h)); } catch { /* closed */ }
      fds.delete(h);
    },
    same_file(a, b) { return sameFile(acp.string(a), acp.string(b)) ? 1 : 0; },
    write_file(pathP, bytesP, size, whyP, whySize) {
      const o = openOut(acp.string(pathP));
      if (o.err) { putCString(acp, whyP, whySize, o.err); return -1; }
      try {
        writeAll(o.fd, acp.u8().subarray(bytesP, bytesP + size));
      } catch (e) {
        discardOut(o);
        putCString(acp, whyP, whySize, `${o.tmp ? UNCHANGED : 'cannot write'}: ${reason(e)}`);
        return -1;
      }
      try { closeOut(o, true); } catch (e) { putCString(acp, whyP, whySize, e.message); return -1; }
      return 0;
    },
  };
}

/** `acphys list|dump|excerpt|world ...` through the .wasm: the same bytes on stdout and stderr, and the
 *  same exit status, as the native CLI. */
async function datCommand(name, args) {
  const acp = await loadAcphys();
  acp.host = datHost(acp);
  const strings = [name, ...args].map((a) => acp.copyIn(Buffer.from(`${a}\0`)));
  const argv = acp.alloc(4 * Math.max(1, args.length));
  acp.u32().set(strings.slice(1), argv >> 2);
  try {
    const status = acp.exports.acp_abi_cli_dat(strings[0], args.length, argv);
    flush();
    return status;
  } catch (e) {
    if (!(e instanceof OutputError)) throw e;
    return e.message ? fail(e.message, 1) : 141;
  } finally {
    for (const p of strings) acp.free(p);
    acp.free(argv);
  }
}

/** Run a command; a clone that has not built its .wasm gets what is missing and the command that
 *  builds it, not a stack trace. */
async function main(cmd, rest) {
  try {
    return await dispatch(cmd, rest);
  } catch (e) {
    if (e?.code !== 'ACPHYS_NO_WASM') throw e;
    return fail(e.message, 1);
  }
}

async function dispatch(cmd, rest) {
  let status;
  if (cmd === 'run') {
    try {
      status = await run(rest);
    } catch (e) {
      // Whatever went wrong, the temporary file beside the trace goes (then the error's stack).
      if (pendingTmp) { try { unlinkSync(pendingTmp); } catch { /* gone */ } }
      pendingTmp = null;
      throw e;
    }
  }
  else if (cmd === 'diff') status = await diff(rest);
  else if (cmd === 'conform') status = await conformCmd(rest);
  else if (cmd === 'replay') {
    try {
      status = await replayCmd(rest);
    } catch (e) {
      // As for run: the temporary file beside the report or the scenario goes (then the error).
      if (pendingTmp) { try { unlinkSync(pendingTmp); } catch { /* gone */ } }
      pendingTmp = null;
      throw e;
    }
  }
  else if (cmd === 'list' || cmd === 'dump' || cmd === 'excerpt' || cmd === 'world') status = await datCommand(cmd, rest);
  else if (cmd === 'version' || cmd === '--version') {
    // The native `acphys version`'s line (the library's version), then the .wasm's build digest.
    if (rest.length) return fail(`acphys ${cmd}: takes no arguments, not "${rest[0]}"`, 2);
    const acp = await loadAcphys();
    print(`${acp.version()}\nbuild ${acp.digest ?? 'digest unavailable'} (acphys.wasm)\n`);
    try { flush(); status = 0; } catch (e) { status = e.message ? fail(e.message, 1) : 141; }
  }
  else if (cmd === 'help' || cmd === '--help' || cmd === '-h') {
    print(USAGE);
    try { flush(); status = 0; } catch (e) { status = e.message ? fail(e.message, 1) : 141; }
  }
  else {
    if (cmd !== undefined) process.stderr.write(`acphys: unknown command '${cmd}'\n`);
    status = usage();
  }
  return status;
}

const [cmd, ...args] = process.argv.slice(2);
process.exitCode = await main(cmd, args);
