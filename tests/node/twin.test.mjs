// The shortcut-free twin's tools (issue 32, docs/SHORTCUTS.md): `acphys worldgen` and the lane
// scripts/twin.mjs. That the twin's traces equal the default build's is the lane's own job (npm
// test runs it); here: the generator's command line, and that the lane does fail, naming the
// seed, frame and field, when the two builds' traces differ.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';

import { nativeCli, root, runNative } from './helpers.mjs';

describe('acphys worldgen', () => {
  it('prints the same world for the same seed, another for another seed, and the world runs', () => {
    const a = runNative(['worldgen', '12']), b = runNative(['worldgen', '12']), c = runNative(['worldgen', '13']);
    assert.equal(a, b);
    assert.notEqual(a, c);
    const s = JSON.parse(a);
    assert.equal(s.version, 1);
    assert.equal(s.name, 'worldgen-12');
    assert.ok(s.objects.length >= 1 && s.objects.length <= 10);
    const dir = mkdtempSync(join(tmpdir(), 'acphys-worldgen-'));
    try {
      writeFileSync(join(dir, 'w.json'), a);
      const r = spawnSync(nativeCli, ['run', join(dir, 'w.json'), '--quiet'], { encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stdout, /^\d+ frames, digest [0-9a-f]{16}\n$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a missing, extra or bad seed is a usage error (exit 2) that says so', () => {
    for (const args of [['worldgen'], ['worldgen', '1', '2'], ['worldgen', 'x'], ['worldgen', '-1'], ['worldgen', '4294967296']]) {
      const r = spawnSync(nativeCli, args, { encoding: 'utf8' });
      assert.equal(r.status, 2, args.join(' '));
      assert.match(r.stderr, /^acphys worldgen: /, args.join(' '));
    }
    assert.equal(spawnSync(nativeCli, ['worldgen', '4294967295'], { encoding: 'utf8' }).status, 0);
  });
});

describe('scripts/twin.mjs', () => {
  it('passes two builds that agree, and fails two that differ with the seed, frame and field', () => {
    const dir = mkdtempSync(join(tmpdir(), 'acphys-twin-test-'));
    try {
      // A "twin" that runs every scenario under another clock profile: its traces differ.
      const other = join(dir, 'other-profile');
      writeFileSync(other, `#!/bin/sh\nexec "${nativeCli}" "$@" --profile ace\n`);
      chmodSync(other, 0o755);
      const lane = (off) => spawnSync('node', [join(root, 'scripts', 'twin.mjs'), '--no-corpus', '--seeds', '3', '--from', '5',
        '--on', nativeCli, '--off', off, '--keep', join(dir, 'found')], { encoding: 'utf8' });
      const same = lane(nativeCli);
      assert.equal(same.status, 0, same.stdout + same.stderr);
      assert.match(same.stdout, /identical with and without the shortcuts: 0 corpus scenarios and 6 generated worlds \(seeds 5\.\.7, without and with --cells\)/);
      const differ = lane(other);
      assert.equal(differ.status, 1, differ.stdout + differ.stderr);
      assert.match(differ.stdout, /\[twin\] seed [567]( --cells)?: the traces differ/);
      assert.match(differ.stdout, /traces differ at frame \d+ \(line \d+\), field /);
      assert.match(differ.stderr, /FAILED: \d of 6 differ/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
