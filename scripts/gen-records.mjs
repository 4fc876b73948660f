#!/usr/bin/env node
// The conformance suite's records as JSON: conformance/v1/records/<excerpt>.jsonl holds one line
// per record of data/<excerpt>.dat, exactly what `acphys dump data/<excerpt>.dat <id>` prints
// (in `acphys list` order), so a port without a DAT reader can load the stand-ins. The fields:
// docs/PORTING.md "The records as JSON".
//   node scripts/gen-records.mjs          write them (after node scripts/build.mjs native)
//   node scripts/gen-records.mjs --check  compare only; exit status 1 when one is stale
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const EXCERPTS = ['portal-default', 'cell-default'];
export const RECORDS_DIR = join(root, 'conformance', 'v1', 'records');

/** The JSON Lines text of one excerpt's records, from the native CLI. */
export function recordsText(name) {
  const cli = join(root, 'build', 'native', 'acphys');
  const dat = join(root, 'data', `${name}.dat`);
  // After the header row, one entry a line; its id first.
  const ids = execFileSync(cli, ['list', dat], { encoding: 'utf8' }).split('\n').slice(1).filter(Boolean).map((l) => l.split(/\s+/)[0]);
  return ids.map((id) => execFileSync(cli, ['dump', dat, id], { encoding: 'utf8' }).trimEnd()).join('\n') + '\n';
}

function main() {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const name of EXCERPTS) {
    const path = join(RECORDS_DIR, `${name}.jsonl`);
    const text = recordsText(name);
    const old = existsSync(path) ? readFileSync(path, 'utf8') : null;
    if (old === text) { console.log(`[records] ${name}.jsonl: unchanged`); continue; }
    stale++;
    if (check) console.log(`[records] ${name}.jsonl: ${old === null ? 'missing' : 'stale'}`);
    else { writeFileSync(path, text); console.log(`[records] ${name}.jsonl: written (${text.split('\n').length - 1} records)`); }
  }
  if (check && stale) process.exit(1);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) main();
