// The project stands alone: no tracked file cites a design document that is not in the
// repository. The retail contract is docs/RETAIL-CONTRACT.md, the scenario and trace formats
// docs/SCENARIOS.md, the DAT excerpts docs/DAT.md; a citation of anything outside the repository
// names a public repository and a path in it. Every file `git ls-files` lists is read (git
// history is not); files holding a NUL byte are binary and skipped. A failure names file:line.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

import { root } from './helpers.mjs';

// Written in pieces so that this file does not match itself.
const FORBIDDEN = [
  ['SPEC', ' §'].join(''),
  ['SPEC', '.md'].join(''),
  ['shared', '/'].join(''),
];

/** The "file:line: text" of every line of `text` holding a forbidden string. */
export function findReferences(file, text) {
  const found = [];
  text.split('\n').forEach((line, i) => {
    const hit = FORBIDDEN.find((s) => line.includes(s));
    if (!hit) return;
    const at = line.indexOf(hit);
    found.push(`${file}:${i + 1}: "${hit}" in …${line.slice(Math.max(0, at - 60), at + 60).trim()}…`);
  });
  return found;
}

function trackedFiles() {
  let out;
  try {
    out = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 << 20 });
  } catch (e) {
    throw new Error(`git ls-files failed in ${root} (the test needs a git checkout): ${e.message}`);
  }
  return out.split('\0').filter(Boolean);
}

describe('no references outside the repository', () => {
  it('the matcher finds each forbidden string and names file:line', () => {
    const sample = ['fine', `see ${FORBIDDEN[0]}4`, `the ${FORBIDDEN[1]} file`, `../${FORBIDDEN[2]}data/x.json`, 'SPECIALS'].join('\n');
    assert.deepEqual(findReferences('f.c', sample).map((s) => s.split(':').slice(0, 2).join(':')), ['f.c:2', 'f.c:3', 'f.c:4']);
  });

  it('no tracked file cites the design reference or its folder', () => {
    const files = trackedFiles();
    assert.ok(files.length > 100, `${files.length} tracked files`);
    const found = [];
    let read = 0;
    for (const file of files) {
      let bytes;
      try {
        bytes = readFileSync(join(root, file));
      } catch (e) {
        if (e.code === 'ENOENT') continue; // deleted in the work tree, not yet committed
        throw e;
      }
      if (bytes.includes(0)) continue;
      read++;
      found.push(...findReferences(file, bytes.toString('utf8')));
    }
    assert.ok(read > 100, `${read} text files read`);
    assert.ok(found.length === 0, `${found.length} references:\n${found.join('\n')}`);
  });
});
