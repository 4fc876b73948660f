// The ABI the demo page adds (issue 8): events appended to a running scenario (the keyboard's
// raw_motion and jump events), the last frame's objects as one struct array, the terrain's
// vertices and the objects' collision spheres. The point of appended events: the live run and a
// replay of the scenario with the events listed give the same digest, frame for frame.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';

import { DatError, DatSet, LazyDat, loadAcphys, writeDat } from '../../wasm/acphys.mjs';
import { createRun, runScenario, ScenarioError, validateScenario } from '../../wasm/scenario.mjs';
import { acphys, root } from './helpers.mjs';

const readJson = (p) => JSON.parse(readFileSync(p, 'utf8'));
const player = () => readJson(join(root, 'data', 'scenarios', 'running-turning-player.json'));
/** The scenario with its generated frames written out as times (what the page records). */
function withTimes(acp, s, count) {
  const run = createRun(acp, s);
  const times = Array.from(run.frameTimes.subarray(0, count));
  run.dispose();
  return { ...s, frames: { times } };
}

let acp;
before(async () => { acp = await acphys(); });

describe('events appended while a run goes (acp_abi_run_add_event)', () => {
  it('the live run and the replay of the scenario with the events listed give the same digests', () => {
    const s = withTimes(acp, player(), 180);
    const times = s.frames.times;
    const added = [
      { t: times[40], object: 1, raw_motion: { forward_command: '0x45000005', forward_speed: 1, hold_run: true } },
      { t: times[40], object: 1, raw_motion: { forward_command: '0x45000005', turn_command: '0x6500000F', hold_run: false } },
      { t: times[90], object: 1, jump: { extent: 0.5 } },
      { t: times[120], object: 1, set_velocity: [0, 0, 0] },
    ];
    const live = createRun(acp, { ...s, frames: { times: s.frames.times.slice(0, 1) } }); // the C run steps any time given
    const byFrame = new Map();
    for (const e of added) byFrame.set(e.t, [...(byFrame.get(e.t) ?? []), e]);
    for (const t of times) {
      for (const e of byFrame.get(t) ?? []) live.addEvent(e);
      live.step(t);
    }
    const replay = runScenario(acp, { ...s, events: [...s.events, ...added] });
    assert.deepEqual(live.frameDigests(), replay.frameDigests);
    assert.equal(live.digest(), replay.digest);
    const plain = runScenario(acp, s);
    assert.notEqual(plain.digest, replay.digest, 'the events changed the run');
    live.dispose();
  });

  it('refuses an event at or before a frame already run, and one for an object without motion; the run goes on', () => {
    const s = withTimes(acp, player(), 60);
    s.objects.push({ id: 2, physics_state: '0x00000400', position: { cell: '0xD59A0023', origin: [100, 50, 340] } });
    const live = createRun(acp, { ...s, frames: { times: s.frames.times.slice(0, 1) } }); // the C run steps any time given
    for (let k = 0; k < 30; k++) live.step(s.frames.times[k]);
    assert.throws(() => live.addEvent({ t: s.frames.times[29], object: 1, jump: { extent: 1 } }),
      (e) => e instanceof ScenarioError && /events\[1\]: t must be later than every frame run so far/.test(e.message));
    assert.throws(() => live.addEvent({ t: s.frames.times[30], object: 2, jump: { extent: 1 } }),
      (e) => e instanceof ScenarioError && /events\[1\]: the object has no motion table/.test(e.message));
    assert.throws(() => live.addEvent({ t: s.frames.times[30], object: 9, jump: { extent: 1 } }),
      (e) => e instanceof ScenarioError && /events\[1\]\.object: no object with id 9/.test(e.message));
    assert.throws(() => live.addEvent({ t: s.frames.times[30], object: 1, jump: {} }),
      (e) => e instanceof ScenarioError && /events\[1\]\.jump\.extent/.test(e.message));
    assert.equal(live.error, undefined);
    live.addEvent({ t: s.frames.times[30], object: 2, set_velocity: [1, 0, 0] });
    for (let k = 30; k < 60; k++) live.step(s.frames.times[k]);
    const replay = runScenario(acp, { ...s, events: [...s.events, { t: s.frames.times[30], object: 2, set_velocity: [1, 0, 0] }] });
    assert.equal(live.digest(), replay.digest);
    live.dispose();
  });
});

describe('the last frame as one struct array (acp_abi_run_frame_objects, layout trace_object)', () => {
  it('holds what objects() and the trace line show', () => {
    const run = createRun(acp, player());
    assert.equal(run.frameObjectsPtr(), 0);
    for (let k = 0; k < 50; k++) run.stepNext();
    const p = run.frameObjectsPtr();
    assert.notEqual(p, 0);
    const line = JSON.parse(run.traceLine()).objects[0];
    const g = (name) => acp.get('trace_object', p, name);
    assert.equal(g('id'), 1);
    assert.deepEqual(g('origin'), line.origin.map(Math.fround));
    assert.deepEqual(g('orientation'), line.orientation.map(Math.fround));
    assert.equal(g('pending'), line.pending);
    assert.equal(g('cell'), Number(line.cell));
    assert.equal(g('num_quanta'), line.quanta.length);
    const heading = g('heading');
    assert.ok(heading >= 0 && heading < 360);
    assert.equal(acp.layout('trace_object').size > 0, true);
    run.dispose();
  });
});

describe('terrain vertices and collision spheres for drawing', () => {
  it('gives every loaded landblock\'s 81 vertex heights, as the LandBlock record and the height table say', () => {
    const run = createRun(acp, player());
    const X = acp.exports;
    const terrain = X.acp_abi_world_terrain(run.world);
    const n = X.acp_abi_terrain_count(terrain);
    assert.ok(n >= 1);
    const dats = new DatSet(acp);
    dats.addBytes(new Uint8Array(readFileSync(join(root, 'data', 'cell-default.dat'))));
    dats.addBytes(new Uint8Array(readFileSync(join(root, 'data', 'portal-default.dat')))); // the Region
    const table = dats.heightTable();
    for (let i = 0; i < n; i++) {
      const id = X.acp_abi_terrain_block_id(terrain, i) >>> 0;
      const lb = dats.landblock(id);
      const v = X.acp_abi_terrain_block_vertices(terrain, i) >> 2;
      const f32 = acp.f32();
      for (const k of [0, 40, 80]) {
        assert.equal(f32[v + 3 * k], 24 * Math.floor(k / 9));
        assert.equal(f32[v + 3 * k + 1], 24 * (k % 9));
        assert.equal(f32[v + 3 * k + 2], table[lb.height[k]]);
      }
    }
    assert.equal(X.acp_abi_terrain_block_id(terrain, n), 0);
    dats.free();
    const obj = X.acp_abi_run_object(run.ptr, 0);
    assert.equal(X.acp_abi_physobj_sphere_count(obj), 2);
    const sp = X.acp_abi_physobj_sphere(obj, 1) >> 2;
    assert.deepEqual(Array.from(acp.f32().subarray(sp, sp + 4)), [0, 0, Math.fround(1.35), Math.fround(0.48)]);
    assert.equal(X.acp_abi_physobj_sphere(obj, 2), 0);
    run.dispose();
  });
});

describe('records copied out of a DAT read lazily (LazyDat, acp_abi_lazydat_*)', () => {
  /** A LazyDat over a file's bytes that counts what it reads. */
  function lazy(path) {
    const bytes = new Uint8Array(readFileSync(path));
    const read = { bytes: 0, ranges: 0 };
    const dat = new LazyDat(acp, bytes.length, (o, n) => bytes.slice(o, o + n), (n) => { read.bytes += n; read.ranges++; });
    return { dat, read, size: bytes.length };
  }

  it('an excerpt written from the copied records runs the scenario exactly as the embedded excerpts do', async () => {
    const portal = lazy(join(root, 'data', 'portal-default.dat'));
    assert.deepEqual(await portal.dat.open(), { dataSet: 1, blockSize: 1024 });
    const setup = await portal.dat.record(0x02000001);
    assert.equal(setup.json.type, 'Setup');
    assert.equal(setup.flags, 0x00010000);
    const table = await portal.dat.record(Number(setup.json.default_motion_table));
    const anims = [...new Set(JSON.stringify(table.json).match(/0x03[0-9A-F]{6}/g))].map(Number);
    assert.ok(anims.length >= 3);
    const portalRecords = [setup, table, await portal.dat.record(0x13000000)]; // the Region lives here, as in retail
    for (const id of anims) portalRecords.push(await portal.dat.record(id));
    await assert.rejects(portal.dat.record(0x02000002), (e) => e instanceof DatError && e.code === 'ACP_DAT_ERR_NOT_FOUND');
    portal.dat.free();

    const cell = lazy(join(root, 'data', 'cell-default.dat'));
    assert.deepEqual(await cell.dat.open(), { dataSet: 2, blockSize: 256 });
    const cellRecords = [await cell.dat.record(0xD59AFFFF)];
    await assert.rejects(cell.dat.record(0x13000000), (e) => e instanceof DatError && e.code === 'ACP_DAT_ERR_NOT_FOUND');
    cell.dat.free();

    const s = player();
    const excerpts = {
      'client_portal.dat': writeDat(acp, { dataSet: 1, blockSize: 1024, records: portalRecords }),
      'client_cell_1.dat': writeDat(acp, { dataSet: 2, blockSize: 256, records: cellRecords }),
    };
    const mine = runScenario(acp, { ...s, excerpts: ['client_portal.dat', 'client_cell_1.dat'] }, { excerpts });
    assert.equal(mine.digest, runScenario(acp, s).digest);
  });

  it('names the records each record names (refs: the closure acphys excerpt follows, across the cell and portal DATs)', async () => {
    const cell = lazy(join(root, 'data', 'cell-default.dat'));
    await cell.dat.open();
    const land = await cell.dat.record(0xA9B4FFFF);
    assert.equal(land.json.has_objects, 1);
    assert.deepEqual(land.refs, [{ id: 0xA9B4FFFE, dataSet: 2 }]); // a LandBlock with objects: its LandBlockInfo
    const info = await cell.dat.record(0xA9B4FFFE);
    // field order: the statics, the buildings' models and the cells behind their portals, the
    // EnvCells 0xA9B40100 .. + num_cells (the portal's cell and the first EnvCell are one, listed once)
    const j = info.json;
    assert.equal(j.num_cells, 1);
    assert.deepEqual(info.refs, [
      ...j.objects.map((o) => ({ id: Number(o.id), dataSet: 1 })),
      { id: Number(j.buildings[0].model_id), dataSet: 1 },
      { id: Number(j.buildings[0].portals[0].other_cell_id), dataSet: 2 },
    ]);
    assert.equal(Number(j.buildings[0].portals[0].other_cell_id), 0xA9B40100);
    const dungeon = await cell.dat.record(0x3A11012B);
    assert.deepEqual(dungeon.refs, [
      { id: Number(dungeon.json.environment_id), dataSet: 1 },
      ...dungeon.json.portals.map((p) => ({ id: Number(p.other_cell_id), dataSet: 2 })),
    ]);
    cell.dat.free();
    // A Setup names its parts; sounds and surfaces (types acphys does not parse) are left out.
    const portal = lazy(join(root, 'data', 'portal-default.dat'));
    await portal.dat.open();
    const tree = await portal.dat.record(0x0200F300);
    assert.deepEqual(tree.refs.filter((r) => r.id >>> 24 === 0x01).map((r) => r.id), [...new Set(tree.json.parts.map(Number))]);
    assert.ok(tree.refs.every((r) => r.dataSet === 1 && [0x01, 0x02, 0x03, 0x09, 0x0D, 0x32, 0x33, 0x34].includes(r.id >>> 24)));
    portal.dat.free();
  });

  it('reads only the windows it needs, and names a file that is not a DAT', async () => {
    const big = new Uint8Array(8 << 20); // a "large DAT": the 60 KiB excerpt at the start of 8 MiB
    big.set(readFileSync(join(root, 'data', 'portal-default.dat')));
    const read = { bytes: 0 };
    const dat = new LazyDat(acp, big.length, (o, n) => big.slice(o, o + n), (n) => { read.bytes += n; });
    await dat.open();
    await dat.record(0x09000001);
    assert.ok(read.bytes <= 2 * 65536, `read ${read.bytes} bytes`);
    dat.free();
    const junk = new LazyDat(acp, 4096, (o, n) => new Uint8Array(n).fill(0x41));
    await assert.rejects(junk.open(), (e) => e instanceof DatError && e.code === 'ACP_DAT_ERR_BAD_MAGIC');
    junk.free();
  });
});

describe('scenarios of up to 16,384 objects (ACP_SCENARIO_MAX_OBJECTS: the page\'s 10,000-object runs)', () => {
  /** The player and n − 1 copies of it on a grid around it (as the page's ?spawn=N makes them). */
  function copies(n) {
    const s = player();
    const src = s.objects[0];
    const side = Math.ceil(Math.sqrt(n));
    for (let k = 1; k < n; k++) {
      const o = structuredClone(src);
      o.id = k + 1;
      delete o.name;
      o.position.origin = [20 + (k % side) * (150 / side), 20 + Math.floor(k / side) * (150 / side), src.position.origin[2]];
      o.position.cell = '0xD59A0001';
      s.objects.push(o);
      s.events.push({ ...s.events[0], object: k + 1 });
    }
    s.frames = { times: [1 / 30, 2 / 30] };
    return s;
  }

  it('the largest runs under both clock profiles at once, as the page runs it, growing memory in few steps; one more object is refused', async () => {
    const fresh = await loadAcphys(join(root, 'wasm', 'acphys.wasm')); // memory of its own
    const s = copies(16384);
    const runs = [];
    try {
      for (const profile of ['retail', 'acdream-r6']) runs.push(createRun(fresh, s, { profile }));
      for (const r of runs) { r.step(1 / 30); r.step(2 / 30); }
      assert.equal(runs[0].objectCount, 16384);
      assert.equal(runs[0].objects().filter((o) => o.ran).length, 16384, 'every object ran its clock');
      // Each of the module's grows is followed by the loader's headroom (wasm/acphys.mjs
      // growMore): without it, some 3,800 grows of 64 KiB here, each a V8 garbage collection.
      assert.ok(fresh.memoryGrowths < 60, `${fresh.memoryGrowths} memory grows for ${fresh.memory.buffer.byteLength} bytes`);
    } finally {
      for (const r of runs) r.dispose();
    }
    s.objects.push({ ...structuredClone(s.objects[1]), id: 16385 });
    assert.equal(validateScenario(fresh, s), 'objects: more than 16384 objects');
    const schema = readJson(join(root, 'schema', 'scenario.v1.schema.json'));
    assert.equal(schema.properties.objects.maxItems, 16384, 'the schema says the same');
  });
});
