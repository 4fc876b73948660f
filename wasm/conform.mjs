// acphys conformance from Node through the .wasm: the diff options (--fields, --ulps, --abs,
// --all) and `acphys conform <dir>` — a port's traces (<dir>/<case>.jsonl) judged against the
// conformance suite (conformance/v1/manifest.json). The judging and the report are the C code of
// src/scenario/diff.h and conform.h, so the native CLI (src/cli/conform_cmd.c) prints the same
// characters; only the file reading and JSON parsing are Node's.
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { diffTraces } from './scenario.mjs';

/** The suite shipped with the package. */
export const SUITE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'conformance', 'v1');

function cstr(acp, s) { return acp.copyIn(new TextEncoder().encode(`${s}\0`)); }

/** Parse diff options out of args: { options (a pointer; free with acp_abi_diff_options_free),
 *  rest (the other arguments, in order) } or { error } (the message, as the native CLI prints
 *  it without "acphys: "). `allowAll`: whether --all is accepted (diff: yes; conform: no). */
export function diffOptions(acp, args, { allowAll = true } = {}) {
  const X = acp.exports;
  const o = X.acp_abi_diff_options_create();
  if (!o) throw new Error('acphys: out of memory');
  const rest = [];
  const errBuf = acp.alloc(640);
  try {
    for (let i = 0; i < args.length; i++) {
      const name = cstr(acp, args[i]);
      try {
        const kind = X.acp_abi_diff_option_kind(name);
        if (kind === 0 || (kind === 2 && !allowAll)) { rest.push(args[i]); continue; }
        if (kind === 1 && i + 1 >= args.length) { X.acp_abi_diff_options_free(o); return { error: `${args[i]}: a value is needed` }; }
        const value = kind === 1 ? cstr(acp, args[++i]) : 0;
        try {
          if (!X.acp_abi_diff_options_set(o, name, value, errBuf, 640)) {
            X.acp_abi_diff_options_free(o);
            return { error: acp.string(errBuf) };
          }
        } finally { if (value) acp.free(value); }
      } finally { acp.free(name); }
    }
    return { options: o, rest };
  } finally {
    acp.free(errBuf);
  }
}

/** The options' usage text ("[--fields a,b,c] [--ulps N | ...] [--abs X]"). */
export function diffOptionsUsage(acp) { return acp.string(acp.exports.acp_abi_diff_options_usage()); }

/** The bytes of a file's first line that is not blank (split at '\n', a trailing '\r' removed,
 *  lines of only spaces and tabs skipped, as src/cli/diff_cmd.c split_lines;
 *  with opensObject, src/scenario/diff.c acp_trace_text_opens_object), or null. */
export function firstLine(bytes) {
  for (let pos = 0; pos < bytes.length;) {
    let end = bytes.indexOf(0x0a, pos);
    if (end < 0) end = bytes.length;
    let stop = end;
    if (stop > pos && bytes[stop - 1] === 0x0d) stop--;
    for (let i = pos; i < stop; i++) if (bytes[i] !== 0x20 && bytes[i] !== 0x09) return bytes.subarray(pos, stop);
    pos = end + 1;
  }
  return null;
}

/** True when a line opens a JSON object: '{' after spaces, tabs or a UTF-8 byte order mark (as
 *  src/scenario/diff.c line_opens_object). */
export function opensObject(line) {
  let i = line.length >= 3 && line[0] === 0xef && line[1] === 0xbb && line[2] === 0xbf ? 3 : 0;
  while (i < line.length && (line[i] === 0x20 || line[i] === 0x09)) i++;
  return i < line.length && line[i] === 0x7b;
}

/** The record kind of a trace's first line (its first record, as src/scenario/diff_shapes.c
 *  acp_trace_line_shape): 'quanta' ("frame", "objects" and "quantum"), 'dereth' ("t" and
 *  "transition_state") or 'frames' (anything else, judged line by line). */
export function recordKind(line) {
  let r;
  try { r = JSON.parse(Buffer.from(line).toString('utf8').replace(/^\uFEFF/, '')); } catch { return 'frames'; }
  if (r === null || typeof r !== 'object' || Array.isArray(r)) return 'frames';
  if ('frame' in r && 'objects' in r) return 'quantum' in r ? 'quanta' : 'frames';
  if ('t' in r && 'transition_state' in r) return 'dereth';
  return 'frames';
}

const STRERROR = { ENOENT: 'No such file or directory', EACCES: 'Permission denied', EISDIR: 'Is a directory',
  ENOTDIR: 'Not a directory' };

function readText(path) {
  try {
    if (!statSync(path).isFile()) return { err: 'not a regular file' };
    const bytes = readFileSync(path);
    return { bytes, text: bytes.toString('utf8') };
  } catch (e) {
    return { err: e.code === 'ENOENT' || e.code === 'ENOTDIR' ? 'absent' : `cannot open: ${STRERROR[e.code] ?? e.code}` };
  }
}

/** The command-line arguments of plain diff options: `fields` (an array of names, or "a,b,c"),
 *  `ulps` (a number, or { float, double }) and `abs` (a number), as `acphys conform` takes them. */
function optionArgs({ fields, ulps, abs } = {}) {
  const args = [];
  if (fields !== undefined) args.push('--fields', Array.isArray(fields) ? fields.join(',') : String(fields));
  if (ulps !== undefined && ulps !== null && typeof ulps === 'object') {
    const parts = [];
    if (ulps.float !== undefined) parts.push(`float=${ulps.float}`);
    if (ulps.double !== undefined) parts.push(`double=${ulps.double}`);
    args.push('--ulps', parts.join(','));
  } else if (ulps !== undefined) {
    args.push('--ulps', String(ulps));
  }
  if (abs !== undefined) args.push('--abs', String(abs));
  return args;
}

/** Judge the traces in `dir` against the suite: { status (0 pass, 1 fail, 2 usage or suite
 *  error), out (the report), err (a message for stderr, without "acphys: ") }.
 *  opts: `suite` (a folder; default the packaged conformance/v1), `group` (only its cases),
 *  `fields` (judge only these: an array or "a,b,c"), `ulps` (a number, or { float, double }),
 *  `abs` (a number): what `acphys conform` takes as --suite, --group, --fields, --ulps and --abs;
 *  a bad value is status 2 with the CLI's message; so is an unknown key (named), options that are
 *  not an object (null is no options) and empty `fields`. `format` "acphys" is the default; `format`
 *  "dereth" and `exact` (dereth's records, docs/PORTING.md) are the native CLI's for now: status
 *  2 with the message npx prints, never a frames judgement of dereth records. (`options`, a pointer from diffOptions, is
 *  the CLI's own way in; it is not freed here.) */
/** The options conform takes (`options` last: the CLI's own way in). */
const CONFORM_KEYS = ['suite', 'group', 'fields', 'ulps', 'abs', 'format', 'exact', 'options'];

/** "line N of a" in d's message names the golden's path, "of b" the trace's (as src/cli/conform_cmd.c). */
function nameSides(acp, d, aName, bName) {
  const a = cstr(acp, aName), b = cstr(acp, bName);
  try { acp.exports.acp_abi_diff_name_sides(d, a, b); } finally { acp.free(a); acp.free(b); }
}

export function conform(acp, dir, opts = {}) {
  if (opts === null) opts = {};
  const kind = Array.isArray(opts) ? 'an array' : typeof opts;
  if (kind !== 'object')
    return { status: 2, err: `conform: the options must be an object ({ suite, group, fields, ulps, abs, format, exact }), not ${kind === 'an array' ? kind : `a ${kind}`}` };
  const unknown = Object.keys(opts).find((k) => !CONFORM_KEYS.includes(k));
  if (unknown !== undefined)
    return { status: 2, err: `conform: unknown option "${unknown}" (known: ${CONFORM_KEYS.slice(0, -1).join(', ')})` };
  const { fields } = opts;
  if (fields !== undefined && (Array.isArray(fields) ? fields.length === 0 || fields.some((f) => typeof f !== 'string' || f === '') : typeof fields !== 'string' || fields === ''))
    return { status: 2, err: 'conform: fields: give the trace fields to judge, a non-empty array of names or "a,b,c" (or leave fields out to judge them all)' };
  if (opts.format !== undefined && opts.format !== 'acphys' && opts.format !== 'dereth')
    return { status: 2, err: `conform: --format: "${opts.format}" is not acphys or dereth` };
  if (opts.format === 'dereth' || opts.exact !== undefined)
    return { status: 2, err: 'conform: --format dereth and --exact are in the native CLI (docs/PORTING.md) for now' };
  if (opts.options !== undefined) return conformWith(acp, dir, opts, opts.options);
  const parsed = diffOptions(acp, optionArgs(opts), { allowAll: false });
  if (parsed.error) return { status: 2, err: parsed.error };
  try {
    return conformWith(acp, dir, opts, parsed.options);
  } finally {
    acp.exports.acp_abi_diff_options_free(parsed.options);
  }
}

function conformWith(acp, dir, { suite = SUITE_DIR, group }, options) {
  const X = acp.exports;
  let isDir = false, why = 'No such file or directory';
  try { isDir = statSync(dir).isDirectory(); why = 'not a directory'; } catch (e) { if (e.code !== 'ENOENT') why = e.message; }
  if (!isDir) return { status: 2, err: `conform: ${dir} is not a folder of traces (${why})` };
  const mpath = join(suite, 'manifest.json');
  const m = readText(mpath);
  if (m.err) {
    return { status: 2, err: `conform: ${mpath}: cannot read the suite's manifest: ${m.err === 'absent' ? 'cannot open: No such file or directory' : m.err} ` +
      '(give the suite\'s folder with --suite DIR: conformance/v1 in the acphys repository or package)' };
  }
  let manifest;
  try { manifest = JSON.parse(m.text); } catch (e) { return { status: 2, err: `conform: ${mpath}: ${e.message}` }; }
  if (!Array.isArray(manifest.cases)) return { status: 2, err: `conform: ${mpath}: no "cases" array` };
  const c = X.acp_abi_conform_create(options);
  if (!c) throw new Error('acphys: out of memory');
  const errBuf = acp.alloc(640);
  try {
    for (const [i, k] of manifest.cases.entries()) {
      if (group !== undefined && k.group !== group) continue;
      const ok = typeof k.group === 'string' && typeof k.trace === 'string' && typeof k.golden === 'string' &&
        Array.isArray(k.fields) && k.fields.every((f) => typeof f === 'string');
      if (!ok) return { status: 2, err: `conform: ${suite}/manifest.json: cases[${i}] lacks "group", "trace", "golden" or "fields"` };
      const csv = cstr(acp, k.fields.join(','));
      const d = X.acp_abi_conform_case_diff(c, csv, errBuf, 640);
      acp.free(csv);
      if (!d) return { status: 2, err: `conform: ${suite}/manifest.json: cases[${i}].fields: ${acp.string(errBuf)}` };
      const gs = cstr(acp, k.group), ns = cstr(acp, k.trace);
      try {
        const gpath = join(suite, k.golden);
        const g = readText(gpath);
        if (g.err) return { status: 2, err: `conform: ${gpath}: cannot read the golden trace: ${g.err === 'absent' ? 'cannot open: No such file or directory' : g.err}` };
        // <case>.jsonl, or a per-quantum trace named <case>.quanta.jsonl (as src/cli/conform_cmd.c).
        let tpath = join(dir, `${k.trace}.jsonl`);
        let t = readText(tpath);
        if (t.err === 'absent') {
          const q = readText(join(dir, `${k.trace}.quanta.jsonl`));
          if (q.err !== 'absent') { tpath = join(dir, `${k.trace}.quanta.jsonl`); t = q; }
        }
        const addError = (message) => {
          const m = cstr(acp, message);
          X.acp_abi_conform_add_error(c, gs, ns, m);
          acp.free(m);
        };
        if (t.err === 'absent') X.acp_abi_conform_add(c, gs, ns, 0);
        else if (t.err) addError(`cannot read ${tpath}: ${t.err}`);
        else {
          const line = firstLine(t.bytes);
          const kind = line !== null && opensObject(line) ? recordKind(line) : 'frames';
          if (line !== null && !opensObject(line)) {
            // A DAT, a README: no trace at all (src/cli/conform_cmd.c says the same).
            const head = t.bytes.subarray(0, 16);
            const p = acp.copyIn(head);
            X.acp_abi_diff_not_a_trace(d, 0x62, p, head.length, t.bytes.length);
            acp.free(p);
          } else if (kind === 'dereth') {
            addError('dereth records ("t" and "transition_state", no "frame"): judge them with --format dereth');
            continue;
          } else if (kind === 'quanta' && typeof k.quanta !== 'string') {
            addError('a per-quantum trace of a case with no quanta golden: the native CLI (acphys conform) judges it against the frames golden, as acphys diff does');
            continue;
          } else if (kind === 'quanta') {
            const qpath = join(suite, k.quanta);
            const qg = readText(qpath);
            if (qg.err) return { status: 2, err: `conform: ${qpath}: cannot read the quanta golden trace: ${qg.err === 'absent' ? 'cannot open: No such file or directory' : qg.err}` };
            diffTraces(acp, qg.text, t.text, { d });
            nameSides(acp, d, qpath, tpath);
          } else {
            diffTraces(acp, g.text, t.text, { d });
            nameSides(acp, d, gpath, tpath);
          }
          X.acp_abi_conform_add(c, gs, ns, d);
        }
      } finally {
        X.acp_abi_diff_free(d);
        acp.free(gs);
        acp.free(ns);
      }
    }
    if (X.acp_abi_conform_count(c) === 0)
      return { status: 2, err: `conform: --group ${group ?? ''}: no case of the suite is in that group` };
    const report = X.acp_abi_conform_report(c);
    if (!report) throw new Error('acphys: out of memory');
    return { status: X.acp_abi_conform_passed(c) ? 0 : 1, out: acp.string(report) };
  } finally {
    acp.free(errBuf);
    X.acp_abi_conform_free(c);
  }
}
