// The port author's path without Emscripten or Node's build (issue 33 item 2; docs/PORTING.md's
// first screen): from a clone's files, with a PATH that holds no Emscripten tool, exactly
//   cmake -S . -B build && cmake --build build --target acphys
//   build/acphys conform <dir>
// builds the native CLI and judges a folder of traces, byte for byte as the tree's own build.
// It compiles the core from nothing (minutes on 2 cores), so it runs in the CI lane of
// scripts/test.mjs (CI=1 or --sanitize), not with the other Node tests.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
let tmp, clone, env;

before(() => {
  tmp = mkdtempSync(join(tmpdir(), 'acphys-clone-'));
  clone = join(tmp, 'acphys');
  // A clone's files: what git tracks (the working tree's copy of each), nothing built.
  const files = spawnSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 });
  assert.equal(files.status, 0, files.stderr);
  for (const f of files.stdout.split('\0').filter(Boolean)) {
    if (!existsSync(join(root, f))) continue; // deleted in the working tree
    mkdirSync(dirname(join(clone, f)), { recursive: true });
    copyFileSync(join(root, f), join(clone, f));
  }
  // A PATH of every tool the machine has but Emscripten's (em*): one folder of links.
  const bin = join(tmp, 'bin');
  mkdirSync(bin);
  for (const dir of (process.env.PATH ?? '').split(':').filter(Boolean)) {
    let names = [];
    try { names = readdirSync(dir); } catch { continue; }
    for (const n of names) {
      if (/^em/.test(n) || existsSync(join(bin, n))) continue;
      symlinkSync(join(dir, n), join(bin, n));
    }
  }
  env = { HOME: process.env.HOME ?? tmp, PATH: bin, LANG: 'C', CMAKE_BUILD_PARALLEL_LEVEL: '2' };
});
after(() => rmSync(tmp, { recursive: true, force: true }));

describe('the native CLI from a clone, no Emscripten on the PATH', () => {
  it('no emcc, emcmake or em++ is reachable', () => {
    for (const tool of ['emcc', 'emcmake', 'em++']) {
      const r = spawnSync('sh', ['-c', `command -v ${tool}`], { env, encoding: 'utf8' });
      assert.notEqual(r.status, 0, `${tool} found: ${r.stdout}`);
    }
  });
  it('cmake -S . -B build && cmake --build build --target acphys, then build/acphys conform <dir>', { timeout: 1_800_000 }, () => {
    const b = spawnSync('sh', ['-c', 'cmake -S . -B build && cmake --build build --target acphys'], { cwd: clone, env, encoding: 'utf8' });
    assert.equal(b.status, 0, b.stdout.slice(-4000) + b.stderr.slice(-4000));
    const cli = join(clone, 'build', 'acphys');
    // The suite's goldens as a port's traces: every case passes.
    const pass = spawnSync(cli, ['conform', 'conformance/v1/golden'], { cwd: clone, env, encoding: 'utf8' });
    assert.equal(pass.status, 0, pass.stdout + pass.stderr);
    assert.match(pass.stdout, /^group +case +result\n/);
    assert.match(pass.stdout, /\nconform: PASS \(every judged case agrees\)\n$/);
    // One number off in one trace: that case fails, the rest pass, exit 1.
    const mine = join(tmp, 'mine');
    mkdirSync(mine);
    for (const f of readdirSync(join(clone, 'conformance', 'v1', 'golden'))) copyFileSync(join(clone, 'conformance', 'v1', 'golden', f), join(mine, f));
    const g = readFileSync(join(mine, 'clock-profiles.jsonl'), 'utf8').split('\n');
    const line = JSON.parse(g[2]);
    line.now += 1e-9;
    g[2] = JSON.stringify(line);
    writeFileSync(join(mine, 'clock-profiles.jsonl'), g.join('\n'));
    const fail = spawnSync(cli, ['conform', mine, '--group', 'clock'], { cwd: clone, env, encoding: 'utf8' });
    assert.equal(fail.status, 1, fail.stdout + fail.stderr);
    assert.match(fail.stdout, /\nclock +clock-profiles +FAIL frame 3: now: \d+ ulps \(float64\)\n/);
    // The same report as the tree's own native build, where there is one.
    const own = join(root, 'build', 'native', 'acphys');
    if (existsSync(own)) assert.equal(spawnSync(own, ['conform', mine, '--group', 'clock'], { encoding: 'utf8' }).stdout, fail.stdout);
  });
});
