// Snapshots and hand-offs of an API world from JavaScript (issue 38): Acphys.worldSnapshot /
// worldRestore / objectExport / objectImport over wasm/abi/api.c's acp_abi_api_* exports.
// walk-then-stop driven call by call is snapshotted after frame 60 and restored into a fresh
// world, or its walker exported into a second world stepped beside the first; either way frames
// 61-180 give, bit for bit, the object states of the scenario runner's straight run. The .wasm's
// snapshot is the native library's bytes (the Python binding over build/native/libacphys.so), and
// damaged bytes throw ApiError with the library's offset and field; so are both worlds' bytes after
// an object with scripts and emitters is handed between them every frame (the fx pool's give-back).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';

import { ApiError } from '../../wasm/acphys.mjs';
import { createRun } from '../../wasm/scenario.mjs';
import { acphys, root } from './helpers.mjs';

const portal = () => readFileSync(join(root, 'data', 'portal-default.dat'));
const scenario = () => JSON.parse(readFileSync(join(root, 'conformance', 'v1', 'scenarios', 'walk-then-stop.json'), 'utf8'));
const EVENTS = [[0, 0x41000003], [0.1, 0x45000005], [1.0, 0x44000007], [2.0, 0x41000003]];

let acp, X, motion, state;
before(async () => {
  acp = await acphys();
  X = acp.exports;
  motion = acp.alloc(acp.layout('motion').size);
  state = acp.alloc(acp.layout('object_state').size);
});

function ok(status) {
  assert.equal(status, 0, `status ${status}: ${acp.string(X.acp_abi_api_error())}`);
}

/** A world over the portal excerpt, with room for one object. */
function world() {
  const w = X.acp_abi_api_create_world(0, 1);
  assert.notEqual(w, 0, acp.string(X.acp_abi_api_error()));
  const p = acp.copyIn(portal());
  ok(X.acp_abi_api_load_records(w, p, portal().byteLength));
  acp.free(p);
  return w;
}

/** walk-then-stop's walker (object 1), the world's player. */
function walker(w) {
  const def = acp.alloc(acp.layout('object_def').size);
  X.acp_abi_api_default_object_def(def);
  acp.set('object_def', def, 'id', 1);
  acp.set('object_def', def, 'setup', 0x02000001);
  acp.set('object_def', def, 'motion_table', 0x09000001);
  acp.set('object_def', def, 'physics_state', 0x00400008);
  acp.set('object_def', def, 'placement', 1);
  acp.set('object_def', def, 'transient_state', 3);
  acp.set('object_def', def, 'cell', 0xD59A0023);
  acp.set('object_def', def, 'origin', [100, 60, 330]);
  acp.set('object_def', def, 'has_run_rate', true);
  ok(X.acp_abi_api_create_object(w, def));
  acp.free(def);
  ok(X.acp_abi_api_set_player(w, 1));
}

/** Frames first..last of walk-then-stop in world w (`beside` stepped at the same times); each
 *  frame's walker state bits go to `out` (origin, orientation, velocity, cell, update_time,
 *  quanta). */
function frames(w, first, last, out = [], beside = 0) {
  const sf = acp.layout('object_state').fields;
  for (let k = first; k <= last; k++) {
    const now = k / 60, prev = (k - 1) / 60;
    ok(X.acp_abi_api_set_time(w, now));
    for (const [t, cmd] of EVENTS) {
      if (!(t <= now && (k === 1 || t > prev))) continue;
      X.acp_abi_api_default_motion(motion);
      acp.set('motion', motion, 'style', 0x8000003D);
      acp.set('motion', motion, 'forward_command', cmd);
      ok(X.acp_abi_api_apply_motion(w, 1, motion));
    }
    ok(X.acp_abi_api_step(w, now));
    if (beside) { ok(X.acp_abi_api_set_time(beside, now)); ok(X.acp_abi_api_step(beside, now)); }
    ok(X.acp_abi_api_get_state(w, 1, state));
    const u32 = acp.u32();
    const bits = (f, n) => Array.from(u32.subarray((state + sf[f].offset) >> 2, ((state + sf[f].offset) >> 2) + n));
    out.push({ frame: k, origin: bits('origin', 3), orientation: bits('orientation', 4), velocity: bits('velocity', 3),
      cell: bits('cell', 1)[0], update: bits('update_time', 2), quanta: bits('quanta', u32[(state + sf.num_quanta.offset) >> 2]) });
  }
  return out;
}

/** The scenario runner's straight run of walk-then-stop: the same bits per frame. */
function straight() {
  const run = createRun(acp, scenario(), { excerpts: { '../../../data/portal-default.dat': portal() } });
  const t = acp.layout('trace_object').fields;
  const out = [];
  for (let k = 1; run.stepNext(); k++) {
    const p = run.frameObjectsPtr(), u32 = acp.u32();
    const bits = (f, n) => Array.from(u32.subarray((p + t[f].offset) >> 2, ((p + t[f].offset) >> 2) + n));
    out.push({ frame: k, origin: bits('origin', 3), orientation: bits('orientation', 4), velocity: bits('velocity', 3),
      cell: bits('cell', 1)[0], update: bits('update_time', 2), quanta: bits('quanta', u32[(p + t.num_quanta.offset) >> 2]) });
  }
  run.dispose();
  return out;
}

/** A human (walk-then-stop's walker's setup, placed by frame) with room for two objects per world. */
function human(w, id, origin) {
  const def = acp.alloc(acp.layout('object_def').size);
  X.acp_abi_api_default_object_def(def);
  acp.set('object_def', def, 'id', id);
  acp.set('object_def', def, 'setup', 0x02000001);
  acp.set('object_def', def, 'motion_table', 0x09000001);
  acp.set('object_def', def, 'physics_state', 0x00400008);
  acp.set('object_def', def, 'placement', 1);
  acp.set('object_def', def, 'transient_state', 3);
  acp.set('object_def', def, 'cell', 0xD59A0023);
  acp.set('object_def', def, 'origin', origin);
  acp.set('object_def', def, 'has_run_rate', true);
  ok(X.acp_abi_api_create_object(w, def));
  acp.free(def);
}

/* Issue 38's fx give-back: human 1 plays its fountain (PS_Test1 at 0.5: 0x3300F010) at frame 15
 * and the burst 0x3300F011 at frame 240 while it is handed between two worlds after every frame;
 * human 2, the player of both, plays its fountain at frame 20 in each. Human 1 took the second
 * world's first block on its way in after frame 15, human 2 the second, so after an even number
 * of hand-offs (human 1 in the first world) the second world's fx pool holds human 1's block on
 * its free stack. The same calls from Python over build/native. */
const FX_FRAMES = 360;
const FX_PY = `
w = [acphys.World('retail', max_objects=2), acphys.World('retail', max_objects=2)]
for x in w:
    x.load_records_file(os.path.join(REPO, 'data', 'portal-default.dat'))
    x.create_object(id=2, setup=0x02000001, motion_table=0x09000001, physics_state=0x00400008, placement='frame',
                    transient_state=3, cell=0xD59A0023, origin=(100, 80, 330), run_rate=1.0)
    x.set_player(2)
w[0].create_object(id=1, setup=0x02000001, motion_table=0x09000001, physics_state=0x00400008, placement='frame',
                   transient_state=3, cell=0xD59A0023, origin=(100, 60, 330), run_rate=1.0)
at = 0
for k in range(1, ${FX_FRAMES} + 1):
    now = k / 60.0
    for x in w: x.set_time(now)
    if k == 15: w[at].object(1).play_script_type(1, 0.5)
    if k == 240: w[at].object(1).play_script(0x3300F011)
    if k == 20:
        for x in w: x.object(2).play_script_type(1, 0.5)
    for x in w: x.step(now)
    w[1 - at].import_object(w[at].export_object(1))
    at = 1 - at
sys.stdout.write(w[0].snapshot().hex() + ' ' + w[1].snapshot().hex())
`;

function fxHandOffs() {
  const w = [0, 1].map(() => {
    const x = X.acp_abi_api_create_world(0, 2);
    const p = acp.copyIn(portal());
    ok(X.acp_abi_api_load_records(x, p, portal().byteLength));
    acp.free(p);
    human(x, 2, [100, 80, 330]);
    ok(X.acp_abi_api_set_player(x, 2));
    return x;
  });
  human(w[0], 1, [100, 60, 330]);
  let at = 0, particles = 0;
  for (let k = 1; k <= FX_FRAMES; k++) {
    const now = k / 60;
    for (const x of w) ok(X.acp_abi_api_set_time(x, now));
    if (k === 15) ok(X.acp_abi_api_play_script_type(w[at], 1, 1, 0.5));
    if (k === 240) ok(X.acp_abi_api_play_script(w[at], 1, 0x3300F011));
    if (k === 20) for (const x of w) ok(X.acp_abi_api_play_script_type(x, 2, 1, 0.5));
    for (const x of w) ok(X.acp_abi_api_step(x, now));
    ok(X.acp_abi_api_get_state(w[at], 1, state));
    particles += acp.u32()[(state + acp.layout('object_state').fields.particles.offset) >> 2] > 0;
    assert.equal(acp.objectImport(w[1 - at], acp.objectExport(w[at], 1)), 1);
    at = 1 - at;
  }
  const snaps = w.map((x) => Buffer.from(acp.worldSnapshot(x)).toString('hex'));
  for (const x of w) ok(X.acp_abi_api_destroy_world(x));
  return { snaps, particles };
}

describe('snapshots and hand-offs of an API world (Acphys.worldSnapshot, objectExport)', () => {
  it('restored after frame 60, frames 61-180 are the straight run\'s, and the world\'s own snapshots agree', () => {
    const want = straight();
    const a = world();
    walker(a);
    const got = frames(a, 1, 60);
    const snap = acp.worldSnapshot(a);
    assert.equal(new TextDecoder().decode(snap.subarray(0, 7)), 'ACPSNAP');
    const b = world();
    acp.worldRestore(b, snap);
    assert.deepEqual(acp.worldSnapshot(b), snap);
    frames(b, 61, 180, got);
    assert.equal(got.length, 180);
    assert.deepEqual(got, want);
    frames(a, 61, 180);
    assert.deepEqual(acp.worldSnapshot(a), acp.worldSnapshot(b), 'the world never stopped and the restored one');
    ok(X.acp_abi_api_destroy_world(a));
    ok(X.acp_abi_api_destroy_world(b));
  });

  it('the walker exported after frame 60 walks on in a second world as in the straight run', () => {
    const want = straight();
    const west = world(), east = world();
    ok(X.acp_abi_api_finish_records(east));
    walker(west);
    const got = frames(west, 1, 60, [], east);
    const bytes = acp.objectExport(west, 1);
    assert.equal(X.acp_abi_api_get_state(west, 1, state), 4, 'gone from the first world (ACP_ERR_OBJECT)');
    assert.equal(acp.objectImport(east, bytes), 1);
    ok(X.acp_abi_api_set_player(east, 1)); // the player slot does not travel
    frames(east, 61, 180, got);
    assert.deepEqual(got, want);
    ok(X.acp_abi_api_destroy_world(west));
    ok(X.acp_abi_api_destroy_world(east));
  });

  it('damaged, truncated and foreign bytes throw ApiError with the offset and field; the world stays as it was', () => {
    const a = world();
    walker(a);
    frames(a, 1, 10);
    const snap = acp.worldSnapshot(a);
    const b = world();
    const refused = (fn) => assert.throws(fn, (e) => e instanceof ApiError && e.status === 2 && (refused.last = e.message, true));
    refused(() => acp.worldRestore(b, snap.slice(0, 20)));
    assert.match(refused.last, /^acp_world_restore: offset 16, records_digest: the snapshot ends here \(8 bytes needed, 4 left\): truncated$/);
    const flipped = snap.slice();
    flipped[100] ^= 1;
    refused(() => acp.worldRestore(b, flipped));
    assert.match(refused.last, new RegExp(`offset ${snap.length - 8}, checksum: `));
    refused(() => acp.objectImport(b, new TextEncoder().encode('not a snapshot at all, not at all')));
    assert.match(refused.last, /^acp_object_import: offset 0, /);
    acp.worldRestore(b, snap); // the refusals changed nothing
    assert.deepEqual(acp.worldSnapshot(b), snap);
    assert.throws(() => acp.worldRestore(b, snap), (e) => e instanceof ApiError && e.status === 8);
    assert.throws(() => acp.objectExport(b, 7), (e) => e instanceof ApiError && e.status === 4 && /object_id/.test(e.message));
    ok(X.acp_abi_api_destroy_world(a));
    ok(X.acp_abi_api_destroy_world(b));
  });

  it('the .wasm\'s snapshot is the native library\'s bytes (the Python binding over build/native)', (t) => {
    const lib = join(root, 'build', 'native', 'libacphys.so');
    if (!existsSync(lib)) assert.fail(`${lib} is not built (node scripts/build.mjs native)`);
    const a = world();
    walker(a);
    frames(a, 1, 60);
    const snap = acp.worldSnapshot(a);
    ok(X.acp_abi_api_destroy_world(a));
    const py = `
import os, sys
sys.path.insert(0, ${JSON.stringify(join(root, 'bindings', 'python'))})
sys.path.insert(0, ${JSON.stringify(join(root, 'bindings', 'python', 'tests'))})
import acphys, test_acphys
t = test_acphys.Snapshots()
w = t.world()
walker = t.walker(w)
w.set_player(walker)
t.frames(w, walker, list(t.EVENTS), test_acphys.Fnv(), 1, 60)
sys.stdout.write(w.snapshot().hex())
`;
    const r = spawnSync('python3', ['-c', py], { encoding: 'utf8', env: { ...process.env, ACPHYS_LIBRARY: lib } });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, Buffer.from(snap).toString('hex'));
  });

  it('an object with scripts and emitters handed over 360 times: both worlds\' snapshots are the native library\'s bytes', () => {
    const lib = join(root, 'build', 'native', 'libacphys.so');
    if (!existsSync(lib)) assert.fail(`${lib} is not built (node scripts/build.mjs native)`);
    const { snaps, particles } = fxHandOffs();
    assert.ok(particles > 200, `emitters alive in ${particles} of ${FX_FRAMES} frames`);
    const py = `
import os, sys
sys.path.insert(0, ${JSON.stringify(join(root, 'bindings', 'python'))})
import acphys
REPO = ${JSON.stringify(root)}
${FX_PY}`;
    const r = spawnSync('python3', ['-c', py], { encoding: 'utf8', env: { ...process.env, ACPHYS_LIBRARY: lib } });
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(r.stdout.split(' '), snaps);
  });
});
