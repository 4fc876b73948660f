#!/usr/bin/env node
// Generates the embedded default DAT excerpts (docs/DAT.md) and their manifest:
//   data/portal-default.dat    synthetic stand-ins for the portal records that
//                              data/excerpt-sources/retail-states.json names (setups, motion
//                              tables, the animations those reference)
//   data/cell-default.dat      real terrain: the LandBlocks of data/excerpt-sources/landblocks.json
//                              and Region 0x13000000 with its height table
// (data/excerpt-sources/ holds the recorded states and the terrain, each file saying its sources.)
//   data/excerpts.manifest.json  every record: id, kind, synthetic or not, its source, and for
//                              synthetic records every value with where it comes from
// Usage: node scripts/gen-excerpts.mjs [--check]   (after `node scripts/build.mjs wasm`)
//   --check  regenerate in memory and fail when the files in data/ differ (CI keeps them honest).
// The container is written by the C writer (src/dat/writer.c) through the .wasm, so the CLI,
// the page and this script share one implementation. Output is deterministic: fixed dates,
// fixed ids, no clock; running it twice gives identical bytes.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { loadAcphys, writeDat } from '../wasm/acphys.mjs';
import * as rec from './lib/dat-records.mjs';
import { resolvePath } from './lib/dat-path.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The generator's inputs, landblocks.json and retail-states.json, kept in the repository so a
 *  clean clone regenerates and tests alone. */
export const SOURCES_DIR = join(root, 'data', 'excerpt-sources');

// Fixed entry fields: pack version 1 (bits 16-31 of the entry word), the first day of the month
// of retail build 11.4186 as the date, iteration 1. Fixed so two runs give the same bytes.
const ENTRY = { flags: 1 << 16, date: 1377993600, iteration: 1 };
const FPS = 30;

// ---- sources (quoted in the manifest) ----
const S = {
  synthetic: 'synthetic stand-in: the real record must come from the user\'s client_portal.dat',
  seedTurn: 'acdream\'s R6 research note ("R6 complete root Frame cutover", 2026-07-19; its HumanoidMotionTableRootMotionTests read the installed retail portal DAT): Humanoid 0x09000001 global TurnRight modifier 0x0000000D has HasOmega and omega (0, 0, -1.5) rad/s',
  walk: 'retail CMotionInterp::get_state_velocity: WalkAnimSpeed 3.12 m/s (float 3.1199999)',
  run: 'retail CMotionInterp::get_state_velocity: RunAnimSpeed 4.0 m/s',
  sidestep: 'retail CMotionInterp::get_state_velocity: SidestepAnimSpeed 1.25 m/s',
  keys: 'retail CMotionTable key scheme (style << 16) | (motion & 0xFFFFFF) (CMotionTable::GetObjectSequence, get_link)',
  styleDefault: 'NonCombat 0x8000003D → Ready 0x41000003: MotionCommand values (ACEmulator/ACE Source/ACE.Entity/Enum/MotionCommand.cs, cross-checked in Chorizite/DatReaderWriter DatReaderWriter/dats.xml) and the recorded NonCombat idle states of retail-states.json',
  sidestepCycle: 'retail CMotionTable::GetObjectSequence looks a SubState-bit command (SideStepRight 0x6500000F has it) up in the cycles first, styled then under the default style; bitfield 0x2 makes is_allowed accept it only from the style default (Ready), so from Walk/Run it falls through to the modifiers',
  sidestepModifier: 'retail GetObjectSequence falls through to the modifiers (styled key, then unstyled) for a Modifier-bit command the cycles refuse: so running + sidestep combines both velocities',
  fps: 'chosen: 30 frames/s, the rate retail plays a Setup default animation at (CPartArray::InitDefaults: framerate 30.0f)',
  animIds: 'chosen ids 0x0300F0xx (humanoid) and 0x0300F1xx (drudge), referenced only by these synthetic motion tables; a real portal DAT replaces the tables and with them these references',
  identity: 'chosen: every part frame is the identity (no geometry is shipped)',
  rootMotion: 'chosen: a small forward root motion per frame (and one 0.02 rad yaw) so root-motion tests have non-zero pos frames',
  hooks: 'chosen: hooks of several types (SoundTable footsteps, Sound, CallPES) with synthetic ids',
  humanoidParts: 'merklejerk/holtburger\'s docs (docs/ folder): the humanoid Setups have 34 parts; part GfxObj ids 0x0100F000+i are synthetic',
  humanoidShape: 'chosen (no public source found for 0x02000001): two spheres stacked to 1.8 m, radius 0.48 m',
  stepHeights: 'acdream commit note (git.snakedesert.se acdream 3789491): "retail\'s Setup.step_up_height and step_down_height for human characters are both ~0.4 m"; exact values not public',
  tables: 'ACE\'s early player defaults: sound table 0x20000001, physics script table 0x34000004 (public ACE source)',
  humanoidMotion: 'retail-states.json running-turning-player: Setup 0x02000001 uses MotionTable 0x09000001',
  missile: 'chosen: one sphere of radius 0.1 m (DUMMY_SPHERE_RADIUS); step heights 0.01 m (the default step height; both in ACEmulator/ACE Source/ACE.Server/Physics/PhysicsGlobals.cs)',
  placements: 'placement keys 0 Default and 0x34 MissileFlight (retail Placement enum; the recorded arrow uses MissileFlight)',
  drudge: 'chosen (no public source for 0x020007DD): 17 parts, two spheres to 1.5 m, radius 0.45 m, step heights 0.4 m',
  drudgeMotion: 'retail-states.json falling-creature: Setup 0x020007DD with MotionTable 0x09000008',
  terrain: 'data/excerpt-sources/landblocks.json: ACClientLib/ACTerrainWebGL public/textures/terrain.png (end-of-retail client_cell_1.dat terrain; matches the DatReaderWriter EoR pins of 0x9AB1); terrain word = (type << 2) | road, scenery bits unknown (0)',
  heightTable: 'data/excerpt-sources/landblocks.json land_height_table: ACTerrainWebGL src/data/heighttable.ts ("LandHeightTable from portal.dat region 0x13000000"); values above index 200 not independently confirmed',
  regionHeader: 'DatReaderWriter EoR pins: Region 0x13000000 region number 1, name "Dereth"; retail CRegionDesc::UnPack requires version 3',
  landDefs: 'retail LandDefs::get_vars (0x005A9980) hard-codes 255, 255, 24.0, 8, 1, 200.0, 1000.0, 5.0 and CRegionDesc::UnPack skips the stored ones',
  remainder: 'synthetic minimum after the height table that retail CRegionDesc::UnPack accepts: GameTime with no times of day, weekdays or seasons, parts mask 0 (no sky, sound, scene or misc), no terrain types, LandSurf selector 0 and an empty TexMerge (68 bytes of zeros); the real record\'s sky, terrain and texture descriptions are not shipped',
  hasObjects: 'chosen: 0 (no LandBlockInfo records are shipped)',
};

const hex = (n) => `0x${(n >>> 0).toString(16).toUpperCase().padStart(8, '0')}`;
const ids = (list) => list.map(hex);

function identityFrames(n) { return Array.from({ length: n }, () => rec.IDENTITY); }

function animationRecord({ id, parts, frames, hooks = {}, pos = null }) {
  const hasHooks = Object.keys(hooks).length > 0;
  return {
    id, flags: (pos ? 1 : 0) | (hasHooks ? 2 : 0), num_parts: parts, num_frames: frames,
    pos_frames: pos,
    part_frames: Array.from({ length: frames }, (_, i) => ({ parts: identityFrames(parts), hooks: hooks[i] ?? [] })),
  };
}

function cycle(key, animId, extra = {}) {
  return { key, anims: [{ anim_id: animId, low_frame: 0, high_frame: -1, framerate: FPS }], ...extra };
}

// ---- portal: the humanoid ----
const H = { ready: 0x0300F001, walk: 0x0300F002, run: 0x0300F003, sidestep: 0x0300F004, readyToWalk: 0x0300F005, toReady: 0x0300F006 };
const D = { ready: 0x0300F101, walk: 0x0300F102, run: 0x0300F103 };
const HUMANOID_PARTS = 34, DRUDGE_PARTS = 17;
const NONCOMBAT = 0x8000003D, READY = 0x41000003, WALK = 0x45000005, RUN = 0x44000007, SIDESTEP = 0x6500000F;
const styled = (motion) => (((NONCOMBAT << 16) | (motion & 0xFFFFFF)) >>> 0);

function yaw(rad) { return [Math.cos(rad / 2), 0, 0, Math.sin(rad / 2)]; }

function humanoidAnimations() {
  const step = (id) => ({ type: 'SoundTable', direction: 0, id });
  const pos = Array.from({ length: 6 }, (_, i) => ({ origin: [0, 0.05, 0], orientation: i === 3 ? yaw(0.02) : [1, 0, 0, 0] }));
  return [
    animationRecord({ id: H.ready, parts: HUMANOID_PARTS, frames: 4 }),
    animationRecord({ id: H.walk, parts: HUMANOID_PARTS, frames: 10, hooks: { 0: [step(1)], 5: [step(2)] } }),
    animationRecord({ id: H.run, parts: HUMANOID_PARTS, frames: 8, hooks: { 0: [step(1)], 4: [step(2)] } }),
    animationRecord({ id: H.sidestep, parts: HUMANOID_PARTS, frames: 6 }),
    animationRecord({
      id: H.readyToWalk, parts: HUMANOID_PARTS, frames: 6, pos,
      hooks: { 0: [{ type: 'Sound', direction: 1, id: 0x0A00F001 }], 5: [{ type: 'CallPES', direction: 0, script_id: 0x3300F001, pause: 0 }] },
    }),
    animationRecord({ id: H.toReady, parts: HUMANOID_PARTS, frames: 4, pos: Array.from({ length: 4 }, () => ({ origin: [0, 0.02, 0], orientation: [1, 0, 0, 0] })) }),
  ];
}

function animationValues(a) {
  const hooks = a.part_frames.flatMap((f, i) => f.hooks.map((h, k) => ({ path: `part_frames[${i}].hooks[${k}]`, source: S.hooks })));
  return [
    { path: 'num_parts', source: a.num_parts === HUMANOID_PARTS ? S.humanoidParts : S.drudge },
    { path: 'num_frames', source: S.synthetic },
    { path: 'flags', source: 'derived: 0x1 when pos frames are present, 0x2 when any frame has hooks' },
    a.pos_frames ? { path: 'pos_frames', source: S.rootMotion } : null,
    { path: 'part_frames', summary: `${a.part_frames.length} frames × ${a.num_parts} identity part frames`, source: S.identity },
    ...hooks,
  ].filter(Boolean);
}

/** A NonCombat table: Ready, WalkForward and RunForward cycles at the client's speeds and the
 *  unstyled TurnRight modifier, plus `extra` cycles, modifiers and links (keyed tables sorted). */
function locomotionTable(id, anims, extra = {}) {
  const byKey = (a, b) => a.key - b.key;
  return {
    id, default_style: NONCOMBAT,
    style_defaults: [{ style: NONCOMBAT, substate: READY }],
    cycles: [
      cycle(styled(READY), anims.ready),
      cycle(styled(WALK), anims.walk, { velocity: [0, 3.1199999, 0] }),
      cycle(styled(RUN), anims.run, { velocity: [0, 4, 0] }),
      ...(extra.cycles ?? []),
    ].sort(byKey),
    modifiers: [{ key: 0x0000000D, anims: [], omega: [0, 0, -1.5] }, ...(extra.modifiers ?? [])].sort(byKey),
    links: (extra.links ?? []).map((l) => ({ ...l, entries: [...l.entries].sort(byKey) })).sort(byKey),
  };
}

const humanoidTable = locomotionTable(0x09000001, H, {
  cycles: [cycle(styled(SIDESTEP), H.sidestep, { velocity: [1.25, 0, 0], bitfield: 2 })],
  modifiers: [{ key: styled(SIDESTEP), anims: [], velocity: [1.25, 0, 0] }],
  links: [
    { key: styled(READY), entries: [cycle(WALK, H.readyToWalk), cycle(RUN, H.readyToWalk)] },
    { key: styled(WALK), entries: [cycle(READY, H.toReady)] },
    { key: styled(RUN), entries: [cycle(READY, H.toReady)] },
  ],
});

const humanoidTableValues = [
  { path: 'default_style', source: S.styleDefault },
  { path: 'style_defaults', source: S.styleDefault },
  { path: `cycles{${hex(styled(READY))}}.anims`, source: `${S.keys}; ${S.animIds}; ${S.fps}` },
  { path: `cycles{${hex(styled(WALK))}}.velocity`, source: S.walk },
  { path: `cycles{${hex(styled(WALK))}}.anims`, source: `${S.animIds}; ${S.fps}` },
  { path: `cycles{${hex(styled(RUN))}}.velocity`, source: S.run },
  { path: `cycles{${hex(styled(RUN))}}.anims`, source: `${S.animIds}; ${S.fps}` },
  { path: `cycles{${hex(styled(SIDESTEP))}}.velocity`, source: S.sidestep },
  { path: `cycles{${hex(styled(SIDESTEP))}}.bitfield`, source: S.sidestepCycle },
  { path: `cycles{${hex(styled(SIDESTEP))}}.anims`, source: `${S.animIds}; ${S.fps}` },
  { path: 'modifiers{0x0000000D}.omega', source: S.seedTurn },
  { path: `modifiers{${hex(styled(SIDESTEP))}}.velocity`, source: `${S.sidestep}; ${S.sidestepModifier}` },
  { path: 'links', source: `chosen transitions Ready→WalkForward, Ready→RunForward (link animation with root motion) and WalkForward/RunForward→Ready; ${S.keys}` },
];

function baseSetup(id, parts, partBase) {
  return {
    id, flags: 0, num_parts: parts, parts: Array.from({ length: parts }, (_, i) => partBase + i),
    holding_locations: [], connection_points: [],
    placements: [{ key: 0, frame: { parts: identityFrames(parts), hooks: [] } }],
    cylspheres: [], spheres: [], height: 0, radius: 0, step_up_height: 0, step_down_height: 0,
    sorting_sphere: { center: [0, 0, 0], radius: 0 }, selection_sphere: { center: [0, 0, 0], radius: 0 },
    lights: [], default_animation: 0, default_script: 0, default_motion_table: 0, default_sound_table: 0,
    default_script_table: 0,
  };
}

const humanoidSetup = {
  ...baseSetup(0x02000001, HUMANOID_PARTS, 0x0100F000),
  spheres: [{ center: [0, 0, 0.48], radius: 0.48 }, { center: [0, 0, 1.32], radius: 0.48 }],
  height: 1.8, radius: 0.48, step_up_height: 0.4, step_down_height: 0.4,
  sorting_sphere: { center: [0, 0, 0.9], radius: 0.95 }, selection_sphere: { center: [0, 0, 0.9], radius: 0.95 },
  default_motion_table: 0x09000001, default_sound_table: 0x20000001, default_script_table: 0x34000004,
};

function setupValues(s, shape, steps, extra = []) {
  return [
    { path: 'num_parts', source: s.parts.length === HUMANOID_PARTS ? S.humanoidParts : shape },
    { path: 'parts', summary: `${s.parts.length} synthetic GfxObj ids from ${hex(s.parts[0])}`, source: S.synthetic },
    { path: 'flags', source: 'chosen: 0 (no parents, no default scale)' },
    { path: 'placements', summary: `placements ${s.placements.map((p) => p.key).join(', ')} with identity part frames`, source: s.placements.length > 1 ? S.placements : S.identity },
    { path: 'spheres', source: shape },
    { path: 'height', source: shape },
    { path: 'radius', source: shape },
    { path: 'step_up_height', source: steps },
    { path: 'step_down_height', source: steps },
    { path: 'sorting_sphere', source: `${shape} (enclosing sphere)` },
    { path: 'selection_sphere', source: `${shape} (enclosing sphere)` },
    { path: 'default_motion_table', source: s.default_motion_table ? (s.id === 0x02000001 ? S.humanoidMotion : S.drudgeMotion) : 'none (a missile has no motion table)' },
    ...extra,
  ];
}

function missileSetup(id, partId) {
  const s = baseSetup(id, 1, partId);
  s.placements.push({ key: 0x34, frame: { parts: identityFrames(1), hooks: [] } });
  return {
    ...s, spheres: [{ center: [0, 0, 0], radius: 0.1 }], height: 0.2, radius: 0.1,
    step_up_height: 0.01, step_down_height: 0.01,
    sorting_sphere: { center: [0, 0, 0], radius: 0.1 }, selection_sphere: { center: [0, 0, 0], radius: 0.1 },
  };
}

const drudgeSetup = {
  ...baseSetup(0x020007DD, DRUDGE_PARTS, 0x0100F200),
  spheres: [{ center: [0, 0, 0.45], radius: 0.45 }, { center: [0, 0, 1.05], radius: 0.45 }],
  height: 1.5, radius: 0.45, step_up_height: 0.4, step_down_height: 0.4,
  sorting_sphere: { center: [0, 0, 0.75], radius: 0.8 }, selection_sphere: { center: [0, 0, 0.75], radius: 0.8 },
  default_motion_table: 0x09000008,
};

const drudgeTable = locomotionTable(0x09000008, D);

const drudgeTableValues = [
  { path: 'default_style', source: S.styleDefault },
  { path: 'style_defaults', source: S.styleDefault },
  { path: `cycles{${hex(styled(READY))}}.anims`, source: `${S.keys}; ${S.animIds}; ${S.fps}` },
  { path: `cycles{${hex(styled(WALK))}}.velocity`, source: `chosen: the humanoid's walk speed; ${S.walk}` },
  { path: `cycles{${hex(styled(RUN))}}.velocity`, source: `chosen: the humanoid's run speed; ${S.run}` },
  { path: 'modifiers{0x0000000D}.omega', source: `chosen: the humanoid's TurnRight omega; ${S.seedTurn}` },
  { path: 'links', source: 'chosen: none (the table exercises an empty links map)' },
];

function drudgeAnimations() {
  const step = (id) => ({ type: 'SoundTable', direction: 0, id });
  return [
    animationRecord({ id: D.ready, parts: DRUDGE_PARTS, frames: 4 }),
    animationRecord({ id: D.walk, parts: DRUDGE_PARTS, frames: 10, hooks: { 0: [step(1)], 5: [step(2)] } }),
    animationRecord({ id: D.run, parts: DRUDGE_PARTS, frames: 8 }),
  ];
}

// ---- cell ----

function cellRecords(land) {
  const out = [];
  for (const [idText, lb] of Object.entries(land.landblocks)) {
    const id = Number(idText);
    const terrain = lb.terrain_type.map((t, i) => ((t << 2) | lb.road[i]) & 0xFFFF);
    out.push({
      entry: { id, type: 'LandBlock', kind: 'cell', synthetic: false, source: S.terrain, note: lb.note,
        values: [{ path: 'has_objects', source: S.hasObjects }] },
      bytes: rec.landblock({ id, has_objects: 0, terrain, height: lb.height_index }),
      object: { id, has_objects: 0, terrain, height: lb.height_index },
    });
  }
  const region = {
    id: 0x13000000, region_number: 1, version: 3, name: 'Dereth',
    land_defs: { num_block_length: 255, num_block_width: 255, square_length: 24.0, lblock_length: 8, vertex_per_cell: 1, max_obj_height: 200.0, sky_height: 1000.0, road_width: 5.0 },
    land_height_table: land.land_height_table,
    remainder: new Uint8Array(68),
  };
  out.push({
    entry: {
      id: region.id, type: 'Region', kind: 'cell', synthetic: false,
      source: `${S.heightTable}; ${S.regionHeader}`,
      synthetic_parts: [S.remainder],
      values: [
        { path: 'land_height_table', source: S.heightTable },
        { path: 'region_number', source: S.regionHeader },
        { path: 'version', source: S.regionHeader },
        { path: 'name', source: S.regionHeader },
        { path: 'land_defs', source: S.landDefs },
        { path: 'raw_size', source: S.remainder },
      ],
    },
    bytes: rec.region(region),
    object: { ...region, raw_size: 0 },
  });
  out[out.length - 1].object.raw_size = out[out.length - 1].bytes.length;
  return out;
}

// ---- assembly ----

function portalRecords() {
  const list = [];
  const add = (type, object, bytes, source, values) => list.push({ entry: { id: object.id, type, kind: 'portal', synthetic: true, source, values }, bytes, object });
  add('Setup', humanoidSetup, rec.setup(humanoidSetup), `${S.synthetic}; the humanoid of retail-states.json running-turning-player`,
    setupValues(humanoidSetup, S.humanoidShape, S.stepHeights, [
      { path: 'default_sound_table', source: S.tables }, { path: 'default_script_table', source: S.tables }]));
  for (const [id, partId, who] of [[0x0200012A, 0x0100F100, 'quarrel-over-holtburg (a crossbow quarrel)'], [0x0200054B, 0x0100F101, 'arrow-in-a-dungeon']]) {
    const s = missileSetup(id, partId);
    add('Setup', s, rec.setup(s), `${S.synthetic}; the missile of retail-states.json ${who}`, setupValues(s, S.missile, S.missile));
  }
  add('Setup', drudgeSetup, rec.setup(drudgeSetup), `${S.synthetic}; the drudge of retail-states.json falling-creature`,
    setupValues(drudgeSetup, S.drudge, S.drudge));
  add('MotionTable', humanoidTable, rec.motionTable(humanoidTable), `${S.synthetic}; ${S.humanoidMotion}`, humanoidTableValues);
  add('MotionTable', drudgeTable, rec.motionTable(drudgeTable), `${S.synthetic}; ${S.drudgeMotion}`, drudgeTableValues);
  for (const a of [...humanoidAnimations(), ...drudgeAnimations()]) {
    add('Animation', a, rec.animation(a), `${S.synthetic}; referenced by motion table ${a.num_parts === HUMANOID_PARTS ? '0x09000001' : '0x09000008'}`, animationValues(a));
  }
  return list;
}

const ID_FIELDS = new Set(['id', 'key', 'style', 'substate', 'default_style', 'anim_id', 'parts', 'part_id', 'gfx_id',
  'script_id', 'info_id', 'default_animation', 'default_script', 'default_motion_table', 'default_sound_table',
  'default_script_table']);

/** Turn numbers of id fields into "0x%08X" strings, as acp_dat_record_json prints them. */
function hexIds(value, field) {
  if (Array.isArray(value)) return value.map((v) => hexIds(v, field));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, hexIds(v, k)]));
  }
  if (typeof value === 'number' && ID_FIELDS.has(field)) return hex(value);
  return value;
}

/** Fill each value entry from the record object (so the manifest cannot drift from the bytes);
 *  entries with a `summary` describe a large structure instead of listing it. */
function resolveValues(r) {
  const lastField = (path) => path.split('.').pop().replace(/[[{].*$/, '');
  for (const v of r.entry.values ?? []) {
    if (v.summary || 'value' in v) continue;
    const value = resolvePath(r.object, v.path);
    if (value === undefined) throw new Error(`${hex(r.entry.id)}: manifest path ${v.path} does not resolve`);
    v.value = hexIds(value, lastField(v.path));
  }
}

function sha256(bytes) { return createHash('sha256').update(bytes).digest('hex'); }

/** Build both excerpts and the manifest: { portal, cell, manifest } (bytes and an object). */
export async function generate(acp) {
  const land = JSON.parse(readFileSync(join(SOURCES_DIR, 'landblocks.json'), 'utf8'));
  const portalList = portalRecords(), cellList = cellRecords(land);
  // Every setup and motion table a recorded retail state names has its stand-in.
  const states = JSON.parse(readFileSync(join(SOURCES_DIR, 'retail-states.json'), 'utf8')).states;
  const have = new Set(portalList.map((r) => r.entry.id));
  for (const st of states) {
    for (const id of [st.setup, st.motion_table].filter(Boolean)) {
      if (!have.has(Number(id))) throw new Error(`retail-states.json ${st.name} names ${id}, which has no stand-in`);
    }
  }
  for (const r of [...portalList, ...cellList]) resolveValues(r);
  const toDat = (dataSet, list) => writeDat(acp, { dataSet, records: list.map((r) => ({ id: r.entry.id, bytes: r.bytes, ...ENTRY })) });
  const portal = toDat(1, portalList), cell = toDat(2, cellList);
  const files = {
    'data/portal-default.dat': { kind: 'portal', data_set: 1, block_size: 1024, size: portal.length, sha256: sha256(portal) },
    'data/cell-default.dat': { kind: 'cell', data_set: 2, block_size: 256, size: cell.length, sha256: sha256(cell) },
  };
  const fileOf = { portal: 'data/portal-default.dat', cell: 'data/cell-default.dat' };
  const manifest = {
    about: 'The embedded default DAT excerpts (docs/DAT.md), written by scripts/gen-excerpts.mjs. Portal records are synthetic stand-ins for the records data/excerpt-sources/retail-states.json names; cell records are real terrain from public retail data. A user\'s own excerpt replaces any of them (same id). Ids and keys are hex strings; floats are the values stored as float32.',
    generator: 'scripts/gen-excerpts.mjs',
    entry_fields: { flags: hex(ENTRY.flags), date: ENTRY.date, iteration: ENTRY.iteration, note: 'fixed so that generating twice gives the same bytes' },
    files,
    records: [...portalList, ...cellList].map((r) => ({ ...r.entry, id: hex(r.entry.id), file: fileOf[r.entry.kind] })),
  };
  return { portal, cell, manifest };
}

async function main() {
  const check = process.argv.includes('--check');
  const acp = await loadAcphys(join(root, 'wasm', 'acphys.wasm'));
  const { portal, cell, manifest } = await generate(acp);
  const outputs = [
    ['data/portal-default.dat', portal],
    ['data/cell-default.dat', cell],
    ['data/excerpts.manifest.json', new TextEncoder().encode(`${JSON.stringify(manifest, null, 1)}\n`)],
  ];
  let stale = [];
  for (const [rel, bytes] of outputs) {
    const path = join(root, rel);
    if (check) {
      let old;
      try { old = readFileSync(path); } catch { old = null; }
      if (!old || Buffer.compare(old, Buffer.from(bytes)) !== 0) stale.push(rel);
    } else {
      writeFileSync(path, bytes);
      console.log(`[gen-excerpts] ${rel}: ${bytes.length} bytes`);
    }
  }
  if (stale.length) {
    console.error(`[gen-excerpts] out of date: ${stale.join(', ')} (run node scripts/gen-excerpts.mjs)`);
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
