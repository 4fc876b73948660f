#!/usr/bin/env node
// acphys through the .wasm: `npx acphys run <scenario.json> [--trace out.jsonl] [--profile NAME]
// [--quiet] [--force]`, `npx acphys diff <a.jsonl> <b.jsonl> [options]`, `npx acphys conform <dir>`
// (wasm/conform.mjs) and `npx acphys help`. Same arguments, output and exit status as
// the native CLI (src/cli/run_cmd.c, diff_cmd.c): the table, trace lines, digests and error
// messages all come from the same C runner; only the file reading and JSON parsing are Node's.
import { readFileSync, writeSync, openSync, closeSync, fstatSync, statSync, lstatSync, realpathSync, renameSync,
  unlinkSync, fchmodSync, fchownSync, ftruncateSync, readSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';

import { loadAcphys } from '../wasm/acphys.mjs';
import { diffTraces, openRun, parseJsonText, PROFILES, ScenarioError } from '../wasm/scenario.mjs';
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

/** Write all of `text` to fd: writeSync may write less than asked (a full disk), and what it
 *  did not write must not pass for written. Throws the system error. */
function writeAll(fd, text) {
  const buf = Buffer.from(text);
  for (let off = 0; off < buf.length;) {
    const n = writeSync(fd, buf, off, buf.length - off);
    if (n <= 0) throw Object.assign(new Error('short write'), { code: 'ENOSPC' });
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
// native CLI's (src/cli/main.c usage), which has the DAT, bench and digest commands besides.
const USAGE = 'acphys (npx, through the .wasm): the Asheron\'s Call retail per-object physics update\n' +
  'usage:\n' +
  '  acphys help               this text (also --help, -h)\n' +
  '  acphys run <scenario.json> [--trace out.jsonl] [--profile retail|acdream-r6|ace|render-frame] [--quiet] [--force] [--inspect <object>:<frame>]\n' +
  '                            run a scenario: per-frame table on stdout, trace to a file\n' +
  '                            (--force: a trace estimated above 2 GB too)\n' +
  '  acphys diff <a.jsonl> <b.jsonl> [--fields a,b,c] [--ulps N] [--abs X] [--all]\n' +
  '                            first frame and field where two traces differ (--all: every frame)\n' +
  '  acphys conform <dir> [--group G] [--fields a,b,c] [--ulps N] [--abs X] [--suite DIR]\n' +
  '                            judge a port\'s traces (<dir>/<case>.jsonl) against the conformance suite\n' +
  'The DAT commands (list, dump, excerpt), bench and the digests are the native CLI\'s\n' +
  '(build/native/acphys help, after npm run build).\n';
function usage() {
  return fail(USAGE.slice(0, -1), 2);
}

const RUN_USAGE = 'usage: acphys run <scenario.json> [--trace <out.jsonl>] [--profile retail|acdream-r6|ace|render-frame] [--quiet] [--force]\n' +
  "       [--inspect <object>:<frame>]   (print that frame's collision sweeps of the object as JSON)";

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
  const o = { scenarioPath: undefined, tracePath: undefined, profile: undefined, inspect: undefined, quiet: false, force: false };
  const needs = { '--trace': 'a file name', '--profile': 'a profile name', '--inspect': '<object>:<frame>' };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--trace' || a === '--profile' || a === '--inspect') {
      const key = a === '--trace' ? 'tracePath' : a.slice(2);
      if (o[key] !== undefined) return { status: runUsage(`${a} given twice`) };
      if (i + 1 >= args.length) return { status: runUsage(`${a} needs ${needs[a]}`) };
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
  return o;
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

async function run(args) {
  const parsed = parseRunArgs(args);
  if (parsed.status !== undefined) return parsed.status;
  const { scenarioPath, tracePath, profile, inspect, force } = parsed;
  const quiet = parsed.quiet || inspect !== undefined; // stdout is the inspector's JSON
  if (profile !== undefined && !PROFILES.includes(profile))
    return fail(`acphys: --profile: unknown profile "${profile}" (known: retail, acdream-r6, ace, render-frame)`, 2);
  const traceIsInput = (input, what) => tracePath !== undefined && sameFile(tracePath, input) &&
    fail(`acphys: run: --trace ${tracePath} is ${what}; write the trace to another file`, 2);
  if (traceIsInput(scenarioPath, 'the scenario file')) return 2;
  const read = readRegular(scenarioPath, MAX_TEXT_FILE);
  if (read.err) return fail(`acphys: ${scenarioPath}: cannot read the scenario: ${read.err}`, 1);
  const acp = await loadAcphys();
  let scenario;
  try {
    scenario = parseJsonText(new Uint8Array(read.bytes.buffer, read.bytes.byteOffset, read.bytes.byteLength), acp);
  } catch (e) {
    return fail(`acphys: ${scenarioPath}: ${e.message}`, 1);
  }
  let r;
  try {
    r = openRun(acp, scenario, { profile });
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
    r.start();
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
  let status = 0, traceDone = false, summary = '', inspectMissing = false;
  try {
    if (!quiet) print(r.tableHeader());
    for (let k = 1; r.stepNext(); k++) {
      if (inspect !== undefined && fd === undefined && r.inspectJson() !== null) break; // nothing more to print
      if (!quiet) print(r.tableRows());
      if (fd !== undefined) writeTrace(`${r.traceLine()}\n`, false);
      if (k % 256 === 0) await new Promise(setImmediate); // let a signal in: it removes the temporary file
    }
    if (fd !== undefined) writeTrace(`${r.digestLine()}\n`, true);
    traceDone = true;
    summary = `${r.framesDone} frames, digest ${r.digest()}\n`;
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
  return 0;
}

// How many of a file's first bytes a "not a trace file" message shows.
const NOT_TRACE_BYTES = 16;
/** "<path> is not a trace file ...: its first bytes are <hex> "<text>"" (printable ASCII as it
 *  is, \n \r \t escaped, any other byte a '.'), as src/cli/diff_cmd.c not_a_trace_file. */
function notTraceFile(path, bytes) {
  const head = bytes.subarray(0, NOT_TRACE_BYTES);
  const hex = Array.from(head, (c) => ` ${c.toString(16).padStart(2, '0')}`).join('');
  const esc = { 0x0a: '\\n', 0x0d: '\\r', 0x09: '\\t', 0x22: '\\"', 0x5c: '\\\\' };
  const text = Array.from(head, (c) => esc[c] ?? (c >= 0x20 && c < 0x7f ? String.fromCharCode(c) : '.')).join('');
  return `acphys: diff: ${path} is not a trace file (JSON Lines, one {"frame": ...} object per line, ` +
    `as acphys run --trace writes): its first bytes are${hex} "${text}"${bytes.length > head.length ? '...' : ''}`;
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
  const usage = () => fail(`usage: acphys conform <dir-of-your-traces> [--suite DIR] [--group G] ${diffOptionsUsage(acp)}`, 2);
  let dir, suite, group;
  try {
    const r = parsed.rest;
    for (let i = 0; i < r.length; i++) {
      if (r[i] === '--suite' && i + 1 < r.length) suite = r[++i];
      else if (r[i] === '--group' && i + 1 < r.length) group = r[++i];
      else if (r[i].startsWith('-') || dir !== undefined) return usage();
      else dir = r[i];
    }
    if (dir === undefined) return usage();
    const res = conform(acp, dir, { suite, group, options: parsed.options });
    if (res.err) return fail(`acphys: ${res.err}`, res.status);
    return printed(res.out, res.status);
  } finally {
    acp.exports.acp_abi_diff_options_free(parsed.options);
  }
}

const [cmd, ...rest] = process.argv.slice(2);
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
else if (cmd === 'help' || cmd === '--help' || cmd === '-h') {
  print(USAGE);
  try { flush(); status = 0; } catch (e) { status = e.message ? fail(e.message, 1) : 141; }
}
else {
  if (cmd !== undefined) process.stderr.write(`acphys: unknown command '${cmd}'\n`);
  status = usage();
}
process.exitCode = status;
