// DAT records over the .wasm (wasm/abi/dat.c acp_abi_dat_*) and the native CLI: the default excerpts
// read back exactly their sources and manifest, the malformed corpus fails with its exact errors,
// lazy reads resume after pending, and `acphys dump` / `acphys excerpt` agree with the .wasm.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { writeFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { DAT_TYPE, DatError, DatSet, writeDat } from '../../wasm/acphys.mjs';
import { generate, SOURCES_DIR } from '../../scripts/gen-excerpts.mjs';
import { generateFixtures } from '../../scripts/gen-dat-fixtures.mjs';
import { resolvePath, sameValue } from '../../scripts/lib/dat-path.mjs';
import { acphys, root, runNative } from './helpers.mjs';

const hex = (n) => `0x${(n >>> 0).toString(16).toUpperCase().padStart(8, '0')}`;
const read = (rel) => readFileSync(join(root, rel));
const manifest = JSON.parse(read('data/excerpts.manifest.json'));
const land = JSON.parse(readFileSync(join(SOURCES_DIR, 'landblocks.json'), 'utf8'));
const TYPES = DAT_TYPE;

let acp, set;
before(async () => {
  acp = await acphys();
  set = new DatSet(acp);
  set.addBytes(read('data/portal-default.dat'));
  set.addBytes(read('data/cell-default.dat'));
});
after(() => set.free());

describe('default excerpts (data/)', () => {
  it('cell excerpt: landblock 0xD59AFFFF has the real heights of landblocks.json', () => {
    const lb = set.landblock(0xD59AFFFF);
    assert.ok(lb, 'landblock 0xD59AFFFF is present');
    assert.deepEqual(Array.from(lb.height), land.landblocks['0xD59AFFFF'].height_index);
  });

  it('cell excerpt: every landblock of landblocks.json, its terrain words and the height table', () => {
    for (const [id, src] of Object.entries(land.landblocks)) {
      const lb = set.landblock(Number(id));
      assert.ok(lb, `${id} present`);
      // has_objects says the landblock has a LandBlockInfo (0xXXYYFFFE): set where one is shipped.
      const info = (Number(id) & 0xFFFF0000) | 0xFFFE;
      assert.equal(lb.hasObjects, set.records().some((r) => r.type === DAT_TYPE.LandBlockInfo && r.id === info >>> 0) ? 1 : 0, `${id} has_objects`);
      assert.deepEqual(Array.from(lb.height), src.height_index, `${id} heights`);
      // Scene bits 11-15 (the real ones are not public): scene type 1 at the vertices off the roads
      // with (ix + iy) % 3 == 0 of Holtburg's neighbours (scripts/gen-buildings.mjs SCENERY_RULE).
      const scenery = ['0xAAB4FFFF', '0xA9B5FFFF', '0xAAB5FFFF'].includes(id);
      const scene = (i) => (scenery && !src.road[i] && (Math.floor(i / 9) + (i % 9)) % 3 === 0 ? 1 << 11 : 0);
      assert.deepEqual(Array.from(lb.terrain), src.terrain_type.map((t, i) => (t << 2) | src.road[i] | scene(i)), `${id} terrain words`);
    }
    assert.deepEqual(Array.from(set.heightTable()), land.land_height_table);
    const json = set.json(DAT_TYPE.LandBlock, 0xD59AFFFF);
    assert.deepEqual(json.z, land.landblocks['0xD59AFFFF'].height_index.map((h) => land.land_height_table[h]));
  });

  it('every manifest value reads back from its record', () => {
    let checked = 0;
    for (const r of manifest.records) {
      const json = set.json(TYPES[r.type], Number(r.id));
      assert.ok(json, `${r.id} (${r.type}) is in ${r.file}`);
      for (const v of r.values ?? []) {
        const got = resolvePath(json, v.path);
        assert.notEqual(got, undefined, `${r.id} ${v.path} resolves`);
        assert.ok(typeof v.source === 'string' && v.source.length > 0, `${r.id} ${v.path} has a source`);
        if (v.summary) continue;
        assert.ok(sameValue(v.value, got), `${r.id} ${v.path}: manifest ${JSON.stringify(v.value)} vs ${JSON.stringify(got)}`);
        checked++;
      }
    }
    assert.ok(checked > 80, `${checked} values checked`);
  });

  it('the manifest lists every record, synthetic but the Region and the terrain, and the files it describes', () => {
    const held = set.records().map((r) => `${r.type}:${hex(r.id)}`).sort();
    const listed = manifest.records.map((r) => `${TYPES[r.type]}:${r.id}`).sort();
    assert.deepEqual(listed, held);
    for (const r of manifest.records) {
      assert.equal(r.synthetic, r.type !== 'Region' && r.type !== 'LandBlock', `${r.id} synthetic flag`);
      assert.ok(r.source.length > 20, `${r.id} names its source`);
    }
    for (const [file, f] of Object.entries(manifest.files)) {
      const bytes = read(file);
      assert.equal(bytes.length, f.size, file);
      assert.equal(createHash('sha256').update(bytes).digest('hex'), f.sha256, file);
    }
  });

  it('docs/DAT.md pins: humanoid cycles and TurnRight, the setups retail-states.json names', () => {
    const t = set.json(DAT_TYPE.MotionTable, 0x09000001);
    const cycle = (k) => t.cycles.find((c) => c.key === k);
    // The real 0x09000001 (OpenAC's HumanoidMotionTableRootMotionTests against the retail DAT):
    // WalkForward and RunForward carry zero MotionData velocity, the animations move the root.
    // The stand-in's pos frames carry the client's speeds at the cycles' 30 frames/s.
    const speeds = { '0x003D0005': 3.12, '0x003D0007': 4.0 };
    for (const [key, speed] of Object.entries(speeds)) {
      const c = cycle(key);
      assert.equal(c.flags & 1, 0, `${key}: no HasVelocity`);
      assert.deepEqual(c.velocity, [0, 0, 0], `${key}: zero velocity`);
      assert.equal(c.anims.length, 1);
      assert.equal(c.anims[0].framerate, 30);
      const a = set.json(DAT_TYPE.Animation, Number(c.anims[0].anim_id));
      assert.equal(a.pos_frames.length, a.num_frames, `${key}: a pos frame per frame`);
      for (const f of a.pos_frames) {
        assert.deepEqual(f.origin.map(Math.fround), [0, Math.fround(speed / 30), 0], `${key}: ${speed} m/s at 30 frames/s`);
        assert.deepEqual(f.orientation, [1, 0, 0, 0]);
      }
    }
    assert.deepEqual(cycle('0x003D000F').velocity, [1.25, 0, 0]);
    const turn = t.modifiers.find((m) => m.key === '0x0000000D');
    assert.deepEqual(turn.omega, [0, 0, -1.5]);
    assert.equal(turn.flags & 2, 2, 'TurnRight has HasOmega');
    // Setup 0x02000001 as holtburger reads it from the retail portal DAT.
    const h = set.json(DAT_TYPE.Setup, 0x02000001);
    assert.deepEqual(h.spheres.map((s) => [...s.center, s.radius].map(Math.fround)),
      [[0, 0, 0.475, 0.48], [0, 0, 1.35, 0.48]].map((v) => v.map(Math.fround)));
    assert.deepEqual([h.height, h.radius, h.step_up_height, h.step_down_height].map(Math.fround),
      [1.835, 0.6788225, 0.6, 1.5].map(Math.fround));
    const states = JSON.parse(readFileSync(join(SOURCES_DIR, 'retail-states.json'), 'utf8')).states;
    for (const s of states) {
      const setup = set.json(DAT_TYPE.Setup, Number(s.setup));
      assert.ok(setup && setup.spheres.length >= 1, `${s.name}: setup ${s.setup}`);
      if (s.motion_table) {
        assert.equal(setup.default_motion_table, s.motion_table);
        assert.ok(set.json(DAT_TYPE.MotionTable, Number(s.motion_table)), `${s.name}: motion table`);
      }
    }
  });

  it('every record id a shipped record names is shipped or listed as deliberately absent', () => {
    // The ids a client-style reader follows from each record (0 names nothing): a Setup's part
    // GfxObjs, default animation, script, motion, sound and script tables; a MotionTable's
    // animations; an Animation's Sound waves, CallPES scripts, ReplaceObject GfxObjs and
    // particle emitter infos; a GfxObj's surfaces and degrade info; a LandBlock with has_objects
    // its LandBlockInfo; a LandBlockInfo its statics, building models, the cells behind their
    // portals and its EnvCells (0xXXYY0100 on, num_cells of them); an EnvCell its Environment,
    // surfaces, statics and the cells behind its portals. (SoundTable hooks name a sound type, not a record.)
    const named = [];
    const name = (from, what, id) => { if (id && Number(id)) named.push({ from, what, id: Number(id) }); };
    const hookIds = { Sound: ['id'], CallPES: ['script_id'], ReplaceObject: ['gfx_id'], CreateParticle: ['info_id'], CreateBlockingParticle: ['info_id'] };
    for (const { type, id } of set.records()) {
      const j = set.json(type, id);
      const from = `${j.type} ${hex(id)}`;
      if (j.type === 'Setup') {
        j.parts.forEach((p, i) => name(from, `parts[${i}]`, p));
        for (const f of ['default_animation', 'default_script', 'default_motion_table', 'default_sound_table', 'default_script_table']) name(from, f, j[f]);
      } else if (j.type === 'MotionTable') {
        for (const list of ['cycles', 'modifiers']) for (const m of j[list]) m.anims.forEach((a) => name(from, `${list}{${m.key}}`, a.anim_id));
        for (const l of j.links) for (const m of l.entries) m.anims.forEach((a) => name(from, `links{${l.key}}{${m.key}}`, a.anim_id));
      } else if (j.type === 'Animation') {
        j.part_frames.forEach((f, i) => f.hooks.forEach((h) => (hookIds[h.type] ?? []).forEach((k) => name(from, `part_frames[${i}] ${h.type}.${k}`, h[k]))));
      } else if (j.type === 'GfxObj') {
        j.surfaces.forEach((s, i) => name(from, `surfaces[${i}]`, s));
        name(from, 'degrade_id', j.degrade_id);
      } else if (j.type === 'LandBlock') {
        if (j.has_objects) name(from, 'has_objects', ((id & 0xFFFF0000) | 0xFFFE) >>> 0);
      } else if (j.type === 'LandBlockInfo') {
        j.objects.forEach((o, i) => name(from, `objects[${i}]`, o.id));
        j.buildings.forEach((b, i) => {
          name(from, `buildings[${i}].model_id`, b.model_id);
          b.portals.forEach((p, k) => { name(from, `buildings[${i}].portals[${k}]`, p.other_cell_id); p.stabs.forEach((c) => name(from, `buildings[${i}].portals[${k}].stabs`, c)); });
        });
        for (let i = 0; i < j.num_cells; i++) name(from, `EnvCell ${i}`, ((id & 0xFFFF0000) | (0x0100 + i)) >>> 0);
      } else if (j.type === 'EnvCell') {
        name(from, 'environment_id', j.environment_id);
        j.surfaces.forEach((s, i) => name(from, `surfaces[${i}]`, s));
        j.stabs.forEach((s, i) => name(from, `stabs[${i}]`, s.id));
        j.portals.forEach((p, i) => { if (Number(p.other_cell_id) !== 0xFFFFFFFF) name(from, `portals[${i}]`, p.other_cell_id); });
        j.visible_cells.forEach((c, i) => name(from, `visible_cells[${i}]`, c));
      }
    }
    const shipped = new Set(set.records().map((r) => r.id));
    const absent = manifest.absent.map((a) => ({ ...a, lo: Number(a.ids[0]), hi: Number(a.ids[1]) }));
    for (const a of absent) assert.ok(a.why.length > 20 && a.type, `absent ${a.ids} says why`);
    const used = new Set();
    for (const n of named) {
      if (shipped.has(n.id)) continue;
      const a = absent.find((r) => n.id >= r.lo && n.id <= r.hi);
      assert.ok(a, `${n.from} ${n.what} names ${hex(n.id)}, which is neither shipped nor listed as absent`);
      used.add(a);
      for (const r of shipped) assert.ok(!(r >= a.lo && r <= a.hi), `${hex(r)} is shipped but its range ${a.ids} is listed as absent`);
    }
    assert.deepEqual(absent.filter((a) => !used.has(a)).map((a) => a.ids), [], 'every absent range is named by a shipped record');
    // What a reader follows and finds: every animation and motion table named is shipped.
    assert.ok(named.some((n) => n.id === 0x09000001) && named.filter((n) => n.id >> 24 === 3).every((n) => shipped.has(n.id)));
    // The Region is where retail looks for it: the portal excerpt.
    const portal = new DatSet(acp);
    try {
      portal.addBytes(read('data/portal-default.dat'));
      assert.ok(portal.json(DAT_TYPE.Region, 0x13000000), 'Region 0x13000000 is in portal-default.dat');
    } finally { portal.free(); }
    const cell = new DatSet(acp);
    try {
      cell.addBytes(read('data/cell-default.dat'));
      assert.equal(cell.records().filter((r) => r.type === DAT_TYPE.Region).length, 0, 'no Region in cell-default.dat');
    } finally { cell.free(); }
  });

  it('regenerating the excerpts and the fixtures gives the checked-in bytes', async () => {
    const g = await generate(acp);
    assert.ok(Buffer.from(g.portal).equals(read('data/portal-default.dat')), 'portal-default.dat is up to date');
    assert.ok(Buffer.from(g.cell).equals(read('data/cell-default.dat')), 'cell-default.dat is up to date');
    assert.deepEqual(g.manifest, manifest);
    const f = await generateFixtures(acp);
    for (const [rel, bytes] of f.files) assert.ok(Buffer.from(bytes).equals(read(rel)), `${rel} is up to date`);
  });
  it('the dereth stand-in rooms (scripts/gen-dereth-standins.mjs) regenerate to the checked-in bytes, with the slopes and risers their scenarios name', async () => {
    const { generate: standins } = await import('../../scripts/gen-dereth-standins.mjs');
    const g = standins(acp);
    assert.ok(Buffer.from(g.portal).equals(read('conformance/v1/dereth/standins-portal.dat')), 'standins-portal.dat is up to date');
    assert.ok(Buffer.from(g.cell).equals(read('conformance/v1/dereth/standins-cell.dat')), 'standins-cell.dat is up to date');
    assert.deepEqual(g.manifest, JSON.parse(read('conformance/v1/dereth/standins.manifest.json').toString('utf8')));
    const plane = (room, name) => g.manifest.rooms.find((r) => r.name === room).polygons.find((p) => p.name === name).plane;
    const FLOOR_Z = 0.66417414, COS10 = Math.cos(Math.PI / 18);
    const nz48 = plane('slope48', 'ramp rising 48°')[2];
    assert.ok(Math.abs(nz48 - Math.cos(48 * Math.PI / 180)) < 1e-6 && nz48 > FLOOR_Z, `48° ramp normal z ${nz48}`);
    const nz9 = plane('sled9', 'ramp falling 9°')[2], nz11 = plane('sled11', 'ramp falling 11°')[2];
    assert.ok(Math.abs(nz9 - Math.cos(9 * Math.PI / 180)) < 1e-6 && nz9 > COS10, `9° ramp normal z ${nz9}`);
    assert.ok(Math.abs(nz11 - Math.cos(11 * Math.PI / 180)) < 1e-6 && nz11 < COS10, `11° ramp normal z ${nz11}`);
    assert.deepEqual(plane('lip4cm', 'floor on the lip'), [0, 0, 1, -0.04]);
    assert.deepEqual(plane('lip601mm', 'floor on the lip'), [0, 0, 1, -0.601]);
    const cells = new DatSet(acp);
    try {
      cells.addBytes(read('conformance/v1/dereth/standins-cell.dat'));
      const ids = (type) => cells.records().filter((r) => r.type === type).map((r) => r.id);
      assert.deepEqual(ids(DAT_TYPE.LandBlock), [0x3E3EFFFF, 0xA9B6FFFF]); // the house's block, the sea
      assert.deepEqual(ids(DAT_TYPE.LandBlockInfo), [0x3E3EFFFE]);
      assert.deepEqual(ids(DAT_TYPE.EnvCell).filter((id) => id >>> 16 === 0x3E3E), [0x3E3E0100, 0x3E3E0101]);
    } finally { cells.free(); }
    assert.deepEqual([g.manifest.sea.terrain_type, g.manifest.sea.height_index], [20, 14]);
    // walk_off_narrow_ledge's ledge: 1 m wide, its top 3 m over the pit floor (twice step_down_height 1.5).
    assert.deepEqual(plane('ledge', 'ledge top'), [0, 0, 1, -3]);
    assert.deepEqual([plane('ledge', 'ledge north face'), plane('ledge', 'ledge south face')], [[0, 1, 0, -0.5], [0, -1, 0, -0.5]]);
    assert.deepEqual(plane('ledge', 'pit floor'), [0, 0, 1, 0]);
    // walk_through_portal_into_dungeon's house: the interior's passage leads to the dungeon, whose
    // passage leads back (portal 1 of the interior); the dungeon is not seen outside.
    const h = g.manifest.house;
    assert.deepEqual([h.interior.cell, h.interior.seen_outside, h.dungeon.cell, h.dungeon.seen_outside], ['0x3E3E0100', true, '0x3E3E0101', false]);
    assert.deepEqual(h.interior.portals.map((p) => p.to), ['outside', '0x3E3E0101']);
    assert.deepEqual(h.dungeon.portals, [{ polygon: 'west end: the passage', to: '0x3E3E0100', other_portal: 1 }]);
    const ramp = h.dungeon.polygons.find((p) => p.name === 'ramp floor').plane;
    assert.ok(Math.abs(ramp[2] - 12 / Math.hypot(12, 3)) < 1e-6 && ramp[2] > FLOOR_Z, `corridor ramp normal z ${ramp[2]}`);
  });
});

describe('malformed DATs (tests/data/dat-malformed)', () => {
  const corpus = JSON.parse(read('tests/data/dat-malformed/manifest.json'));
  for (const c of corpus.cases) {
    it(`${c.file}: ${c.status} at ${c.in_record ? 'record' : 'file'} offset ${c.offset}`, () => {
      const s = new DatSet(acp);
      try {
        assert.throws(() => s.addBytes(read(join('tests/data/dat-malformed', c.file))), (e) => {
          assert.ok(e instanceof DatError);
          assert.equal(e.code, c.status);
          assert.equal(e.offset, c.offset);
          assert.equal(e.inRecord, c.in_record);
          assert.equal(e.field, c.field);
          assert.equal(hex(e.recordId), c.record);
          // The message says it all: the status's sentence, code, offset, field and record.
          const rec = e.recordId ? ` in record ${c.record}` : '';
          assert.equal(e.message, `${e.reason} (${c.status}) at ${c.in_record ? 'record' : 'file'} offset ${c.offset}` +
            `${c.field ? `, field ${c.field}` : ''}${rec}`);
          assert.ok(e.reason.length > 10 && !e.reason.includes(c.status));
          assert.equal(e.place, `${c.in_record ? 'record' : 'file'} offset ${c.offset}${c.field ? `, field ${c.field}` : ''}`);
          return true;
        });
        assert.equal(s.count(), 0);
      } finally { s.free(); }
    });
  }
});

describe('lazy DATs (a user\'s real file, read by ranges)', () => {
  it('require() fetches only the ranges the C side asks for, and resumes after each', async () => {
    const bytes = read('data/portal-default.dat');
    const s = new DatSet(acp);
    const asked = [];
    try {
      s.addLazy(bytes.length, async (offset, length) => { asked.push([offset, length]); return bytes.subarray(offset, offset + length); });
      await s.require(0x09000001);
      assert.ok(asked.length >= 1 && asked.length <= 4, `${asked.length} ranges`);
      assert.deepEqual(s.json(DAT_TYPE.MotionTable, 0x09000001), set.json(DAT_TYPE.MotionTable, 0x09000001));
      await assert.rejects(s.require(0x0200FFFE), (e) => e.code === 'ACP_DAT_ERR_NOT_FOUND');
      assert.equal(s.count(), 1);
    } finally { s.free(); }
  });
});

describe('native CLI (acphys dump / excerpt) agrees with the .wasm', () => {
  let dir;
  before(() => { dir = mkdtempSync(join(tmpdir(), 'acphys-dat-')); });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('`acphys dump data/cell-default.dat 0xD59AFFFF` prints the real heights of landblock 0xD59A', () => {
    const out = JSON.parse(runNative(['dump', join(root, 'data/cell-default.dat'), '0xD59AFFFF']));
    assert.equal(out.id, '0xD59AFFFF');
    assert.deepEqual(out.height, land.landblocks['0xD59AFFFF'].height_index);
    assert.equal(out.z[38], 310);
  });

  it('dump prints the same JSON text natively and from the .wasm for every record', () => {
    for (const r of manifest.records) {
      const native = runNative(['dump', join(root, r.file), r.id]).trim();
      const p = acp.exports.acp_abi_dat_json(set.handle, TYPES[r.type], Number(r.id));
      const wasm = acp.string(p);
      acp.free(p);
      assert.equal(native, wasm, r.id);
    }
  });

  it('excerpt of every record gives back the same file; of a few, a valid smaller DAT', () => {
    const ids = manifest.records.filter((r) => r.kind === 'portal').map((r) => r.id);
    const all = join(dir, 'all.dat');
    runNative(['excerpt', join(root, 'data/portal-default.dat'), ...ids, '-o', all]);
    assert.ok(readFileSync(all).equals(read('data/portal-default.dat')));
    const some = join(dir, 'some.dat');
    runNative(['excerpt', join(root, 'data/portal-default.dat'), '0x02000001', '0x09000001', '-o', some, '--no-deps']);
    const s = new DatSet(acp);
    try {
      s.addBytes(readFileSync(some));
      assert.deepEqual(s.records(), [{ type: 1, id: 0x02000001 }, { type: 3, id: 0x09000001 }]);
      assert.deepEqual(s.json(DAT_TYPE.Setup, 0x02000001), set.json(DAT_TYPE.Setup, 0x02000001));
    } finally { s.free(); }
  });

  it('excerpt follows what a record names by default: a MotionTable brings every animation its motions play, and what their hooks name', () => {
    const table = set.json(DAT_TYPE.MotionTable, 0x09000001);
    const anims = new Set();
    const entries = (list) => { for (const e of list) for (const a of e.anims ?? []) anims.add(Number(a.anim_id)); };
    entries(table.cycles); entries(table.modifiers);
    for (const l of table.links) entries(l.entries);
    assert.ok(anims.size > 0);
    // The Ready → Walk link's CallPES hook names script 0x3300F001, whose CreateParticle hook
    // names emitter 0x3200F007, whose particle GfxObj is 0x0100F3A0 (issue 16's stand-ins).
    const named = [0x3300F001, 0x3200F007, 0x0100F3A0];
    for (const id of named) anims.add(id);
    const deps = join(dir, 'deps.dat');
    const out = runNative(['excerpt', join(root, 'data/portal-default.dat'), '0x09000001', '-o', deps]);
    assert.match(out, new RegExp(`: ${anims.size + 1} records \\(1 named, ${anims.size} they need\\)`));
    const s = new DatSet(acp);
    try {
      s.addBytes(readFileSync(deps));
      assert.deepEqual(s.records().map((r) => r.id).sort((a, b) => a - b), [...anims, 0x09000001].sort((a, b) => a - b));
    } finally { s.free(); }
  });

  it('errors name the status, offset and field; a missing id is ACP_DAT_ERR_NOT_FOUND', () => {
    const fail = (args) => {
      try { runNative(args, { stdio: ['ignore', 'pipe', 'pipe'] }); } catch (e) { return { code: e.status, stderr: String(e.stderr) }; }
      return { code: 0, stderr: '' };
    };
    let r = fail(['dump', join(root, 'tests/data/dat-malformed/free-block.dat'), '0x13000000']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /ACP_DAT_ERR_FREE_BLOCK.*record 0x13000000, file offset 2816/);
    r = fail(['dump', join(root, 'data/cell-default.dat'), '0x12345678']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /ACP_DAT_ERR_NOT_FOUND/);
    r = fail(['excerpt', join(root, 'data/cell-default.dat'), '0xA9B4FFFF']);
    assert.equal(r.code, 2);
  });

  it('excerpt refuses to write over the DAT it reads, and leaves it untouched', () => {
    const copy = join(dir, 'mine.dat');
    writeFileSync(copy, read('data/portal-default.dat'));
    let r;
    try { runNative(['excerpt', copy, '0x02000001', '-o', copy], { stdio: ['ignore', 'pipe', 'pipe'] }); } catch (e) { r = e; }
    assert.equal(r.status, 2);
    assert.match(String(r.stderr), /is the DAT being read/);
    assert.ok(readFileSync(copy).equals(read('data/portal-default.dat')));
  });

  it('writeDat refuses a duplicate id', () => {
    const rec = { id: 0x0E000001, bytes: new Uint8Array(4) };
    assert.throws(() => writeDat(acp, { dataSet: 1, records: [rec, rec] }), /same id/);
  });
});
