// The documents that point into the code stay true: docs/RETAIL-INDEX.md is current, and every
// file and test that docs/DEVIATIONS.md names as pinning a row exists.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

import { root } from './helpers.mjs';

describe('documents', () => {
  it('docs/RETAIL-INDEX.md lists every retail function the docstrings name (scripts/retail-index.mjs)', () => {
    const out = execFileSync('node', [join(root, 'scripts', 'retail-index.mjs'), '--check'], { encoding: 'utf8' });
    assert.match(out, /up to date \(\d+ retail functions\)/);
  });

  it('every file docs/DEVIATIONS.md names exists, and every C test it names is a function of that file', () => {
    const text = readFileSync(join(root, 'docs', 'DEVIATIONS.md'), 'utf8');
    const rows = text.split('\n').filter((l) => /^\| [A-Z]?\d+ \|/.test(l));
    assert.ok(rows.length > 40, `${rows.length} rows`);
    let checked = 0;
    for (const row of rows) {
      const pinned = row.split('|').slice(-2, -1)[0];
      for (const m of pinned.matchAll(/`?((?:tests|src|data|wasm|scripts)\/[\w./-]+\.(?:c|mjs|json|dat|h))`?((?:\s+[a-z_][a-z0-9_]+(?:,\s*[a-z_][a-z0-9_]+)*)?)/g)) {
        const file = join(root, m[1]);
        assert.ok(existsSync(file), `${row.slice(0, 12)}…: ${m[1]} does not exist`);
        checked++;
        if (!m[1].endsWith('.c') || !m[2].trim()) continue;
        const src = readFileSync(file, 'utf8');
        for (const name of m[2].split(',').map((s) => s.trim()).filter(Boolean)) {
          assert.ok(new RegExp(`\\b${name}\\s*\\(`).test(src), `${row.slice(0, 12)}…: ${name} is not in ${m[1]}`);
        }
      }
    }
    assert.ok(checked > 20, `${checked} references checked`);
  });
});
