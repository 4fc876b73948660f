// World snapshots (issue 38) in WebAssembly and across builds: every bundled scenario
// (data/scenarios) and every conformance case (conformance/v1/scenarios), snapshotted after a
// third and after two thirds of its frames, resumes to the straight run's digest and per-frame
// digests in WebAssembly; the native CLI's snapshot (acphys run --snapshot-at) is the same bytes
// as the .wasm's, restores in WebAssembly, and the .wasm's restores natively (acphys run --resume).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';

import { createRun, excerptNames, runScenario, ScenarioError } from '../../wasm/scenario.mjs';
import { acphys, root, runNative } from './helpers.mjs';

const acp = await acphys();
const tmp = mkdtempSync(join(tmpdir(), 'acphys-snap-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

function cases(dir) {
  return readdirSync(join(root, dir)).filter((f) => f.endsWith('.json')).sort().map((f) => join(root, dir, f));
}

function load(path) {
  const scenario = JSON.parse(readFileSync(path, 'utf8'));
  const excerpts = new Map(excerptNames(scenario).map((e) => [e, readFileSync(join(dirname(path), e))]));
  return { scenario, excerpts };
}

function snapshotAfter(scenario, excerpts, cut) {
  const run = createRun(acp, scenario, { excerpts });
  try {
    for (let f = 0; f < cut; f++) run.stepNext();
    return run.snapshot();
  } finally {
    run.dispose();
  }
}

function resumed(scenario, excerpts, bytes) {
  const run = createRun(acp, scenario, { excerpts, resume: bytes });
  try {
    run.runAll();
    return { digest: run.digest(), frameDigests: run.frameDigests(), frames: run.framesDone };
  } finally {
    run.dispose();
  }
}

for (const dir of ['data/scenarios', 'conformance/v1/scenarios']) {
  describe(`snapshots of ${dir}`, () => {
    for (const path of cases(dir)) {
      const name = path.slice(path.lastIndexOf('/') + 1);
      it(`${name}: resumed at 1/3 and 2/3, natively and in WebAssembly, swapped`, () => {
        const { scenario, excerpts } = load(path);
        let straight;
        try {
          straight = runScenario(acp, scenario, { excerpts });
        } catch (e) {
          if (e instanceof ScenarioError) return; // a case that does not start has nothing to resume
          throw e;
        }
        for (const third of [1, 2]) {
          const cut = Math.floor((straight.frames * third) / 3);
          const wasmSnap = snapshotAfter(scenario, excerpts, cut);
          const r = resumed(scenario, excerpts, wasmSnap);
          assert.equal(r.digest, straight.digest, `${name} resumed in WebAssembly after ${cut} frames`);
          assert.deepEqual(r.frameDigests, straight.frameDigests);
          // the native CLI's snapshot: the same bytes
          const nativePath = join(tmp, `${name}.${cut}.native`);
          runNative(['run', path, '--quiet', '--snapshot-at', String(cut), '--snapshot', nativePath]);
          const nativeSnap = new Uint8Array(readFileSync(nativePath));
          assert.equal(Buffer.compare(Buffer.from(nativeSnap), Buffer.from(wasmSnap)), 0, `${name}: native and WebAssembly snapshots after ${cut} frames differ`);
          assert.equal(resumed(scenario, excerpts, nativeSnap).digest, straight.digest);
          // the .wasm's snapshot, resumed natively
          const wasmPath = join(tmp, `${name}.${cut}.wasm`);
          writeFileSync(wasmPath, wasmSnap);
          const out = runNative(['run', path, '--quiet', '--resume', wasmPath]);
          assert.equal(out, `${straight.frames} frames, digest ${straight.digest}\n`);
        }
      });
    }
  });
}

describe('bad snapshots in WebAssembly', () => {
  const path = join(root, 'data', 'scenarios', 'falling-creature.json');
  const { scenario, excerpts } = load(path);
  const good = snapshotAfter(scenario, excerpts, 10);
  const refused = (bytes) => {
    try {
      resumed(scenario, excerpts, bytes);
    } catch (e) {
      assert.ok(e instanceof ScenarioError);
      return e.message;
    }
    assert.fail('the snapshot was accepted');
  };
  it('truncated, damaged, another version: the offset and field', () => {
    assert.match(refused(good.slice(0, 20)), /^resume: the snapshot is refused: offset 16, records_digest: the snapshot ends here \(8 bytes needed, 4 left\): truncated$/);
    const v2 = good.slice();
    v2[8] = 9;
    assert.match(refused(v2), /offset 8, version: snapshot format 9; this library reads format 2$/);
    const flipped = good.slice();
    flipped[100] ^= 1;
    assert.match(refused(flipped), new RegExp(`offset ${good.length - 8}, checksum: [0-9a-f]{16}, but the bytes before it sum to [0-9a-f]{16}`));
  });
  it("another scenario's snapshot is refused", () => {
    const other = load(join(root, 'data', 'scenarios', 'server-driven.json'));
    const snap = snapshotAfter(other.scenario, other.excerpts, 10);
    assert.match(refused(snap), /^resume: the snapshot is refused: offset 32, world world\.cap_objects: 3, but the world holds up to 1 objects$/);
  });
});

describe('a run stepped past its scenario\'s frames (the page: Run.step at its own times)', () => {
  it('resumes with every frame\'s digest and goes on as the run that never stopped', () => {
    const { scenario, excerpts } = load(join(root, 'data', 'scenarios', 'falling-creature.json'));
    const one = { ...scenario, frames: { times: [1 / 60] } }; // the page makes its runs so
    const a = createRun(acp, one, { excerpts });
    for (let k = 1; k <= 40; k++) a.step(k / 60);
    const b = createRun(acp, one, { excerpts, resume: a.snapshot() }); // 40 digests, a scenario of 1 frame
    try {
      assert.equal(b.framesDone, 40);
      assert.deepEqual(b.frameDigests(), a.frameDigests());
      for (let k = 41; k <= 80; k++) { a.step(k / 60); b.step(k / 60); }
      assert.deepEqual(b.frameDigests(), a.frameDigests());
      assert.deepEqual(b.snapshot(), a.snapshot());
    } finally {
      a.dispose();
      b.dispose();
    }
  });
});

describe('acphys run --snapshot-at / --resume: native and npx alike', () => {
  const cli = (bin, args) => {
    const r = spawnSync(bin === 'native' ? join(root, 'build', 'native', 'acphys') : process.execPath,
      bin === 'native' ? args : [join(root, 'bin', 'acphys.mjs'), ...args], { encoding: 'utf8' });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  const scen = join(root, 'data', 'scenarios', 'server-driven.json');
  it('writes the same snapshot, resumes to the straight digest', () => {
    const straight = cli('native', ['run', scen, '--quiet']);
    for (const bin of ['native', 'npx']) {
      const out = join(tmp, `cli-${bin}.snap`);
      const w = cli(bin, ['run', scen, '--quiet', '--snapshot-at', '120', '--snapshot', out]);
      assert.equal(w.status, 0, w.stderr);
      assert.equal(w.stdout, straight.stdout);
      const r = cli(bin, ['run', scen, '--quiet', '--resume', out]);
      assert.equal(r.status, 0, r.stderr);
      assert.equal(r.stdout, straight.stdout);
    }
    assert.equal(Buffer.compare(readFileSync(join(tmp, 'cli-native.snap')), readFileSync(join(tmp, 'cli-npx.snap'))), 0);
  });
  it('the same messages for bad options and another scenario\'s snapshot', () => {
    const snap = join(tmp, 'cli-native.snap');
    const bad = [
      [['run', scen, '--snapshot-at', '5'], 2, /^acphys run: --snapshot-at and --snapshot go together \(the frame, and the file to write\)\nusage: acphys run/],
      [['run', scen, '--snapshot-at', 'x', '--snapshot', join(tmp, 'x')], 2, /^acphys run: --snapshot-at "x": give a frame number \(0 before the first frame\)\n/],
      [['run', scen, '--snapshot-at', ' 5', '--snapshot', join(tmp, 'x')], 2, /^acphys run: --snapshot-at " 5": give a frame number \(0 before the first frame\)\n/],
      [['run', scen, '--snapshot-at', '+5', '--snapshot', join(tmp, 'x')], 2, /^acphys run: --snapshot-at "\+5": give a frame number \(0 before the first frame\)\n/],
      [['run', scen, '--quiet', '--snapshot-at', '9999', '--snapshot', join(tmp, 'x')], 2, /^acphys run: --snapshot-at 9999: the scenario has 360 frames\n$/],
      [['run', scen, '--quiet', '--resume', snap, '--snapshot-at', '5', '--snapshot', join(tmp, 'x')], 2, /^acphys run: --snapshot-at 5: the run resumes after frame 120\n$/],
      [['run', join(root, 'data', 'scenarios', 'falling-creature.json'), '--quiet', '--resume', snap], 1,
        /: resume: the snapshot is refused: offset 32, world world\.cap_objects: 3, but the world holds up to 1 objects\n$/],
    ];
    for (const [args, status, re] of bad) {
      const n = cli('native', args), j = cli('npx', args);
      assert.equal(n.status, status, n.stderr);
      assert.match(n.stderr, re);
      assert.equal(j.status, status, j.stderr);
      assert.equal(j.stderr, n.stderr);
    }
  });
});

// A snapshot names its scenario (the runner's scenario_digest, acp_scenario_digest): the same file
// edited — object 1's origin moved 5 m, the generator's jitter changed, an event after the
// snapshot moved later — refuses it naming the field, in WebAssembly (createRun's resume) and
// through both CLIs alike; the unedited file resumes to the straight run's digest.
describe('a snapshot of another scenario', () => {
  const path = join(root, 'data', 'scenarios', 'scripts-and-particles.json');
  const { scenario, excerpts } = load(path);
  const edits = {
    'moved-origin': (s) => { s.objects[0].position.origin[0] += 5; },
    'other-jitter': (s) => { s.frames.jitter.ms = 0.4; },
    'later-event': (s) => { s.events.find((e) => e.t === 3.75).t = 3.8; },
  };
  const edited = (name) => { const s = structuredClone(scenario); edits[name](s); return s; };
  const want = /^resume: the snapshot is refused: offset (\d+), runner scenario_digest: the snapshot was taken from another scenario \(([0-9a-f]{16})\), not this one \(([0-9a-f]{16})\): resume it with the scenario it was taken from, unedited$/;
  const snap = snapshotAfter(scenario, excerpts, 120);
  it('in WebAssembly: createRun refuses it, and the unedited scenario resumes to the straight digest', () => {
    const straight = createRun(acp, scenario, { excerpts });
    straight.runAll();
    assert.equal(resumed(scenario, excerpts, snap).digest, straight.digest());
    straight.dispose();
    for (const name of Object.keys(edits)) {
      let m;
      try {
        resumed(edited(name), excerpts, snap);
      } catch (e) {
        assert.ok(e instanceof ScenarioError);
        m = want.exec(e.message);
        assert.ok(m, `${name}: ${e.message}`);
      }
      assert.ok(m, `${name}: the snapshot was accepted`);
      assert.equal(m[2], Buffer.from(snap.subarray(Number(m[1]), Number(m[1]) + 8)).reverse().toString('hex'), 'the snapshot\'s digest, as its bytes hold it');
      assert.notEqual(m[3], m[2]);
    }
  });
  it('acphys run --resume (native and npx): the same message, and the unedited file resumes', () => {
    const cli = (bin, args) => spawnSync(bin === 'native' ? join(root, 'build', 'native', 'acphys') : process.execPath,
      bin === 'native' ? args : [join(root, 'bin', 'acphys.mjs'), ...args], { encoding: 'utf8' });
    const file = join(tmp, 'sp120.snap');
    const w = cli('native', ['run', path, '--quiet', '--snapshot-at', '120', '--snapshot', file]);
    assert.equal(w.status, 0, w.stderr);
    for (const bin of ['native', 'npx']) {
      const r = cli(bin, ['run', path, '--quiet', '--resume', file]);
      assert.equal(r.status, 0, r.stderr);
      assert.equal(r.stdout, w.stdout);
    }
    for (const name of Object.keys(edits)) {
      const at = join(tmp, `${name}.json`);
      writeFileSync(at, JSON.stringify(edited(name)));
      const n = cli('native', ['run', at, '--quiet', '--resume', file]), j = cli('npx', ['run', at, '--quiet', '--resume', file]);
      assert.equal(n.status, 1, n.stderr);
      const line = n.stderr.trim().split('\n').pop();
      assert.ok(want.test(line.slice(line.indexOf('resume: '))), `${name}: ${n.stderr}`);
      assert.equal(j.status, 1, j.stderr);
      assert.equal(j.stderr, n.stderr);
    }
  });
});
