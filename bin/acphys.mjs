#!/usr/bin/env node
// acphys through the .wasm: `npx acphys run <scenario.json> [--trace out.jsonl] [--profile NAME]
// [--quiet]` and `npx acphys diff <a.jsonl> <b.jsonl>`. Same arguments, output and exit status as
// the native CLI (src/cli/run_cmd.c, diff_cmd.c): the table, trace lines, digests and error
// messages all come from the same C runner; only the file reading and JSON parsing are Node's.
import { readFileSync, writeSync, openSync, closeSync, fstatSync, statSync, lstatSync, realpathSync, renameSync,
  unlinkSync, fchmodSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';

import { loadAcphys } from '../wasm/acphys.mjs';
import { diffTraces, openRun, parseJsonText, PROFILES, ScenarioError } from '../wasm/scenario.mjs';

// The same limits and messages as src/cli/cjson_bridge.c acp_read_file.
const MAX_TEXT_FILE = 2 ** 30;
const MAX_EXCERPT = 256 * 2 ** 20;
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

// Output files as src/cli/outfile.h: a regular file (or a link to one) is written beside its real
// path and renamed over it when every byte is written, keeping its mode; a FIFO or a device is
// written through; a directory or a link to nothing is refused. { fd, tmp, final } or { err }.
function openOut(path) {
  let st;
  try {
    st = statSync(path);
  } catch (e) {
    if (e.code !== 'ENOENT') return { err: `cannot open: ${reason(e)}` };
    try { lstatSync(path); return { err: 'is a symbolic link to a file that does not exist' }; } catch { /* none */ }
  }
  if (st?.isDirectory()) return { err: 'is a directory' };
  try {
    if (st && !st.isFile()) return { fd: openSync(path, 'w') };
    const final = st ? realpathSync(path) : path;
    const tmp = `${final}.acphys-${process.pid}-${Date.now().toString(36)}`;
    const fd = openSync(tmp, 'wx');
    if (st) fchmodSync(fd, st.mode & 0o7777);
    return { fd, tmp, final };
  } catch (e) {
    return { err: `cannot open: ${reason(e)}` };
  }
}
function closeOut(o, keep) {
  try { closeSync(o.fd); } catch (e) { if (keep) { abortOut(o); throw e; } }
  if (!o.tmp) return;
  if (keep) {
    try { renameSync(o.tmp, o.final); } catch (e) { abortOut(o); throw e; }
  } else {
    abortOut(o);
  }
}
function abortOut(o) {
  if (o.tmp) { try { unlinkSync(o.tmp); } catch { /* gone */ } }
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
    writeSync(1, text);
  } catch (e) {
    throw new OutputError(e.code === 'EPIPE' ? '' : `acphys: cannot write the output: ${reason(e)}`);
  }
}
function fail(msg, status) {
  try { flush(); } catch { /* the message below says what went wrong */ }
  process.stderr.write(`${msg}\n`);
  return status;
}

function usage() {
  return fail('acphys (wasm): the Asheron\'s Call retail per-object physics update\nusage:\n' +
    '  acphys run <scenario.json> [--trace out.jsonl] [--profile retail|acdream-r6|ace] [--quiet]\n' +
    '  acphys diff <a.jsonl> <b.jsonl>', 2);
}

async function run(args) {
  let scenarioPath, tracePath, profile, quiet = false;
  const runUsage = () => fail('usage: acphys run <scenario.json> [--trace <out.jsonl>] [--profile retail|acdream-r6|ace] [--quiet]', 2);
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--trace' && i + 1 < args.length && tracePath === undefined) tracePath = args[++i];
    else if (args[i] === '--profile' && i + 1 < args.length && profile === undefined) profile = args[++i];
    else if (args[i] === '--quiet' && !quiet) quiet = true;
    else if (args[i].startsWith('-') || scenarioPath !== undefined) return runUsage();
    else scenarioPath = args[i];
  }
  if (scenarioPath === undefined) return runUsage();
  if (profile !== undefined && !PROFILES.includes(profile))
    return fail(`acphys: --profile: unknown profile "${profile}" (known: retail, acdream-r6, ace)`, 2);
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
  const traceChunks = [];
  const writeTrace = (s, force) => {
    traceChunks.push(s);
    if (force || traceChunks.length > 256) { writeSync(fd, traceChunks.join('')); traceChunks.length = 0; }
  };
  let status = 0, traceDone = false;
  try {
    if (!quiet) print(r.tableHeader());
    while (r.stepNext()) {
      if (!quiet) print(r.tableRows());
      if (fd !== undefined) writeTrace(`${r.traceLine()}\n`, false);
    }
    if (fd !== undefined) writeTrace(`${r.digestLine()}\n`, true);
    traceDone = true;
    print(`${r.framesDone} frames, digest ${r.digest()}\n`);
    flush();
  } catch (e) {
    if (e instanceof ScenarioError) status = fail(`acphys: ${scenarioPath}: ${e.message}`, 1);
    else if (e instanceof OutputError) status = e.message ? fail(e.message, 1) : 141;
    else if (e.code && !traceDone) status = fail(`acphys: ${tracePath}: cannot write: ${reason(e)}`, 1);
    else throw e;
  } finally {
    r.dispose();
  }
  // A run that failed keeps the file that was there; a finished one replaces it whole.
  if (trace) {
    try {
      closeOut(trace, traceDone);
    } catch (e) {
      return fail(`acphys: ${tracePath}: cannot write: ${reason(e)}`, 1);
    }
  }
  return status;
}

async function diff(args) {
  if (args.length !== 2) return fail('usage: acphys diff <a.jsonl> <b.jsonl>', 2);
  const texts = [];
  for (const p of args) {
    const got = readRegular(p, MAX_TEXT_FILE);
    if (got.err) return fail(`acphys: ${p}: cannot read the trace: ${got.err}`, 2);
    texts.push(got.bytes.toString('utf8'));
  }
  const acp = await loadAcphys();
  const { identical, error, message } = diffTraces(acp, texts[0], texts[1]);
  if (error) return fail(`acphys: diff: ${message}`, 2);
  print(`${message}\n`);
  try {
    flush();
  } catch (e) {
    if (!(e instanceof OutputError)) throw e;
    return e.message ? fail(e.message, 1) : 141;
  }
  return identical ? 0 : 1;
}

const [cmd, ...rest] = process.argv.slice(2);
let status;
if (cmd === 'run') status = await run(rest);
else if (cmd === 'diff') status = await diff(rest);
else if (cmd === 'help' || cmd === '--help') { process.stdout.write('usage: acphys run|diff ... (see acphys help of the native CLI)\n'); status = 0; }
else status = usage();
process.exitCode = status;
