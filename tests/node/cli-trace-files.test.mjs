// `npx acphys run --trace` at the documented maximum of objects (ACP_SCENARIO_MAX_OBJECTS, 16,384):
// the trace is streamed in bounded chunks (bin/acphys.mjs TRACE_CHUNK), identical to the native
// CLI's, and no temporary file is left beside it, whatever fails (issue 17).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, readSync, closeSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { nativeCli, root } from './helpers.mjs';

const cli = join(root, 'bin', 'acphys.mjs');
let tmp;
before(() => { tmp = mkdtempSync(join(tmpdir(), 'acphys-trace-files-')); });
after(() => rmSync(tmp, { recursive: true, force: true }));

/** The running player and n − 1 idle copies of it on a grid in its landblock, `frames` frames at
 *  30 Hz. */
function copies(n, frames) {
  const s = JSON.parse(readFileSync(join(root, 'data', 'scenarios', 'running-turning-player.json'), 'utf8'));
  const src = s.objects[0];
  const side = Math.ceil(Math.sqrt(n));
  for (let k = 1; k < n; k++) {
    const o = structuredClone(src);
    o.id = k + 1;
    delete o.name;
    o.position.origin = [20 + (k % side) * (150 / side), 20 + Math.floor(k / side) * (150 / side), src.position.origin[2]];
    o.position.cell = '0xD59A0001';
    s.objects.push(o);
  }
  s.frames = { hz: 30, count: frames, start: 0 };
  return s;
}

/** SHA-256 of a file, read 16 MiB at a time (the traces here are larger than a string can be). */
function fileHash(path) {
  const h = createHash('sha256'), buf = Buffer.alloc(1 << 24), fd = openSync(path, 'r');
  try {
    for (let n; (n = readSync(fd, buf, 0, buf.length, null)) > 0;) h.update(buf.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  return h.digest('hex');
}

describe('run --trace with 16,384 objects: streamed, identical to native, nothing left beside it', () => {
  it('the largest scenario through npx acphys: same trace and closing line as build/native/acphys, only the trace in its folder', { timeout: 900_000 }, () => {
    // 128 frames of 16,384 objects are some 600 MB of trace: more than V8's longest string
    // (2^29 − 24 characters), which the old 256-lines-per-write join could not build.
    const scenario = join(tmp, 'many.json');
    writeFileSync(scenario, JSON.stringify(copies(16384, 128)));
    const dirs = { native: join(tmp, 'native'), wasm: join(tmp, 'wasm') };
    const results = {};
    for (const [tag, dir] of Object.entries(dirs)) {
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(dir);
      // Through npx itself (package.json's bin: bin/acphys.mjs), as the README has users run it.
      const cmd = tag === 'native' ? [nativeCli] : ['npx', '--no-install', 'acphys'];
      const r = spawnSync(cmd[0], [...cmd.slice(1), 'run', scenario, '--quiet', '--trace', join(dir, 'out.jsonl')],
        { cwd: root, encoding: 'utf8', maxBuffer: 1 << 20 });
      assert.equal(r.stderr, '', `${tag}: stderr`);
      assert.equal(r.status, 0, `${tag}: exit status`);
      assert.match(r.stdout, /^128 frames, digest [0-9a-f]{16}\n$/, `${tag}: closing line`);
      assert.deepEqual(readdirSync(dir), ['out.jsonl'], `${tag}: files beside the trace`);
      const trace = join(dir, 'out.jsonl');
      results[tag] = { stdout: r.stdout, size: statSync(trace).size, hash: fileHash(trace) };
      if (tag === 'native') assert.ok(results.native.size > 2 ** 29, `the trace is ${results.native.size} bytes: too small to test the limit`);
      else rmSync(dir, { recursive: true, force: true });
    }
    assert.deepEqual(results.wasm, results.native);
    rmSync(dirs.native, { recursive: true, force: true });
  });
});

describe('a run that fails after the trace file is opened leaves no temporary file', () => {
  // The failures are injected by a module Node loads first (--import): writeSync throws for any
  // file but stdin, stdout and stderr, the way a bug of ours (a RangeError, say) or a system error
  // would surface while the trace is being written.
  function inject(thrown) {
    const pre = join(tmp, `inject-${thrown.code ?? 'bug'}.mjs`);
    writeFileSync(pre, `import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
const real = fs.writeSync;
fs.writeSync = function (fd, ...rest) {
  if (fd > 2) throw Object.assign(new ${thrown.type}(${JSON.stringify(thrown.message)}), ${JSON.stringify(thrown.code ? { code: thrown.code } : {})});
  return real.call(this, fd, ...rest);
};
syncBuiltinESMExports();
`);
    return pre;
  }
  const scenario = join(root, 'data', 'scenarios', 'falling-creature.json');

  it('an unexpected exception (not a system error): exit 1 with its stack, the old trace kept, no file beside it', () => {
    const dir = join(tmp, 'bug');
    mkdirSync(dir);
    const trace = join(dir, 'out.jsonl');
    writeFileSync(trace, 'the old trace\n');
    const r = spawnSync(process.execPath, ['--import', inject({ type: 'RangeError', message: 'Invalid string length' }), cli,
      'run', scenario, '--quiet', '--trace', trace], { encoding: 'utf8' });
    assert.equal(r.status, 1);
    assert.match(r.stderr, /RangeError: Invalid string length/);
    assert.deepEqual(readdirSync(dir), ['out.jsonl']);
    assert.equal(readFileSync(trace, 'utf8'), 'the old trace\n');
  });

  it('a system error while writing (ENOSPC): exit 1 with the reason, the old trace kept, no file beside it', () => {
    const dir = join(tmp, 'enospc');
    mkdirSync(dir);
    const trace = join(dir, 'out.jsonl');
    writeFileSync(trace, 'the old trace\n');
    const r = spawnSync(process.execPath, ['--import', inject({ type: 'Error', message: 'no space', code: 'ENOSPC' }), cli,
      'run', scenario, '--quiet', '--trace', trace], { encoding: 'utf8' });
    assert.equal(r.status, 1);
    assert.equal(r.stderr, `acphys: ${trace}: cannot write (the file there, if any, is unchanged): No space left on device\n`);
    assert.deepEqual(readdirSync(dir), ['out.jsonl']);
    assert.equal(readFileSync(trace, 'utf8'), 'the old trace\n');
  });
});
