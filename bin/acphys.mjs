#!/usr/bin/env node
// acphys through the .wasm: `npx acphys run <scenario.json> [--trace out.jsonl] [--profile NAME]
// [--quiet]` and `npx acphys diff <a.jsonl> <b.jsonl>`. Same arguments, output and exit status as
// the native CLI (src/cli/run_cmd.c, diff_cmd.c): the table, trace lines, digests and error
// messages all come from the same C runner; only the file reading and JSON parsing are Node's.
import { readFileSync, writeSync, openSync, closeSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';

import { loadAcphys } from '../wasm/acphys.mjs';
import { diffTraces, openRun, parseJsonText, PROFILES, ScenarioError } from '../wasm/scenario.mjs';

const out = [];
let outBytes = 0;
function print(s) {
  out.push(s);
  outBytes += s.length;
  if (outBytes > 1 << 16) flush();
}
function flush() {
  if (out.length) writeSync(1, out.join(''));
  out.length = 0;
  outBytes = 0;
}
function fail(msg, status) {
  flush();
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
    if (args[i] === '--trace' && i + 1 < args.length) tracePath = args[++i];
    else if (args[i] === '--profile' && i + 1 < args.length) profile = args[++i];
    else if (args[i] === '--quiet') quiet = true;
    else if (args[i].startsWith('-') || scenarioPath !== undefined) return runUsage();
    else scenarioPath = args[i];
  }
  if (scenarioPath === undefined) return runUsage();
  if (profile !== undefined && !PROFILES.includes(profile))
    return fail(`acphys: --profile: unknown profile "${profile}" (known: retail, acdream-r6, ace)`, 2);
  let text;
  try {
    text = readFileSync(scenarioPath, 'utf8');
  } catch {
    return fail(`acphys: ${scenarioPath}: cannot read the scenario`, 1);
  }
  let scenario;
  try {
    scenario = parseJsonText(text);
  } catch (e) {
    return fail(`acphys: ${scenarioPath}: ${e.message}`, 1);
  }
  const acp = await loadAcphys();
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
      let bytes;
      try {
        bytes = readFileSync(isAbsolute(name) ? name : join(dirname(scenarioPath), name));
      } catch {
        r.dispose();
        return fail(`acphys: ${scenarioPath}: excerpts[${index}]: cannot read "${name}" (paths are relative to the scenario file)`, 1);
      }
      r.setExcerpt(index, bytes);
    }
    r.start();
  } catch (e) {
    r.dispose();
    if (e instanceof ScenarioError) return fail(`acphys: ${scenarioPath}: ${e.message}`, 1);
    throw e;
  }
  for (const w of r.warnings) process.stderr.write(`acphys: warning: ${w}\n`);
  let fd;
  if (tracePath !== undefined) {
    try {
      fd = openSync(tracePath, 'w');
    } catch {
      r.dispose();
      return fail(`acphys: ${tracePath}: cannot write the trace`, 1);
    }
  }
  const traceChunks = [];
  const writeTrace = (s, force) => {
    traceChunks.push(s);
    if (force || traceChunks.length > 256) { writeSync(fd, traceChunks.join('')); traceChunks.length = 0; }
  };
  if (!quiet) print(r.tableHeader());
  let status = 0;
  try {
    while (r.stepNext()) {
      if (!quiet) print(r.tableRows());
      if (fd !== undefined) writeTrace(`${r.traceLine()}\n`, false);
    }
    if (fd !== undefined) writeTrace(`${r.digestLine()}\n`, true);
    print(`${r.framesDone} frames, digest ${r.digest()}\n`);
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    status = fail(`acphys: ${scenarioPath}: ${e.message}`, 1);
  } finally {
    r.dispose();
    if (fd !== undefined) closeSync(fd);
  }
  flush();
  return status;
}

async function diff(args) {
  if (args.length !== 2) return fail('usage: acphys diff <a.jsonl> <b.jsonl>', 2);
  const texts = [];
  for (const p of args) {
    try {
      texts.push(readFileSync(p, 'utf8'));
    } catch {
      return fail(`acphys: ${p}: cannot read the trace`, 2);
    }
  }
  const acp = await loadAcphys();
  const { identical, error, message } = diffTraces(acp, texts[0], texts[1]);
  if (error) return fail(`acphys: diff: ${message}`, 2);
  print(`${message}\n`);
  flush();
  return identical ? 0 : 1;
}

const [cmd, ...rest] = process.argv.slice(2);
let status;
if (cmd === 'run') status = await run(rest);
else if (cmd === 'diff') status = await diff(rest);
else if (cmd === 'help' || cmd === '--help') { process.stdout.write('usage: acphys run|diff ... (see acphys help of the native CLI)\n'); status = 0; }
else status = usage();
process.exitCode = status;
