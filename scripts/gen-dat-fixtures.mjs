#!/usr/bin/env node
// Generates the DAT test fixtures:
//   tests/data/dat-malformed/*.dat + manifest.json   one malformed DAT per failure mode, each with
//       the exact status, offset, record id and field the reader must report
//   tests/data/dat-records/*.bin                     raw records (one record's bytes, as stored
//       after the block chain is gathered): seeds for the record fuzzers and record tests
// Usage: node scripts/gen-dat-fixtures.mjs [--check]   (after `node scripts/build.mjs wasm`)
// Every malformed file starts from a valid DAT written by the C writer (through the .wasm) and
// breaks one thing at a known place; the expected offsets are computed here from the writer's
// documented layout (src/dat/writer.h), independently of the reader under test.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { loadAcphys, writeDat } from '../wasm/acphys.mjs';
import * as rec from './lib/dat-records.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const MALFORMED = join('tests', 'data', 'dat-malformed');
const RECORDS = join('tests', 'data', 'dat-records');
const NODE_SIZE = 1716;
const ENTRY = { flags: 1 << 16, date: 1377993600, iteration: 1 };

const hex = (n) => `0x${(n >>> 0).toString(16).toUpperCase().padStart(8, '0')}`;
const u32 = (b, at, v) => new DataView(b.buffer, b.byteOffset).setUint32(at, v >>> 0, true);
const getU32 = (b, at) => new DataView(b.buffer, b.byteOffset).getUint32(at, true);

/** The writer's layout (writer.h): root node at 1024, other nodes breadth first, then the
 *  records in id order, each a run of consecutive blocks. */
function layout({ blockSize, nodes, sizes }) {
  const payload = blockSize - 4, nodeBlocks = Math.ceil(NODE_SIZE / payload);
  const nodeAt = Array.from({ length: nodes }, (_, i) => 1024 + i * nodeBlocks * blockSize);
  let at = 1024 + nodes * nodeBlocks * blockSize;
  const recordAt = sizes.map((s) => { const here = at; at += Math.max(1, Math.ceil(s / payload)) * blockSize; return here; });
  // File offset of byte `k` of the chain starting at `start` (consecutive blocks).
  const byteAt = (start, k) => start + Math.floor(k / payload) * blockSize + 4 + (k % payload);
  const blockAt = (start, j) => start + j * blockSize;
  return { payload, nodeAt, recordAt, byteAt, blockAt, freeAt: at };
}

// ---- small valid records ----

const IDENT = rec.IDENTITY;

function landblock(id, extra = {}) {
  return rec.landblock({ id, has_objects: 0, terrain: new Array(81).fill(4), height: Array.from({ length: 81 }, (_, i) => i), ...extra });
}

const LAND_DEFS = { num_block_length: 255, num_block_width: 255, square_length: 24, lblock_length: 8, vertex_per_cell: 1, max_obj_height: 200, sky_height: 1000, road_width: 5 };

function region(extra = {}) {
  return rec.region({
    id: 0x13000000, region_number: 1, version: 3, name: 'Dereth', land_defs: LAND_DEFS,
    land_height_table: Array.from({ length: 256 }, (_, i) => 2 * Math.min(i, 200)), remainder: new Uint8Array(68), ...extra,
  });
}

/** The Region's scene tables as the scenery tests build them: a GameTime with a time of day, a
 *  week day and a season, a sky (one day group: two sky objects, one sky time with one replace),
 *  one sound table, two scene types (ST0: sound table 0, Scenes 0x120000A1 and 0x120000A2; ST1:
 *  no sound table, Scene 0x120000A3) and three terrain types (none; [ST1]; [none, ST0]). */
function regionScenes(terrainTypes) {
  return rec.regionRemainder({
    timesOfDay: ['Dawn'], weekDays: ['Morningthaw'], seasons: ['Spring'],
    sky: { dayGroups: [{ skyObjects: 2, skyTimes: [1] }] }, sound: [{ stb_id: 0x20000001, sounds: 1 }],
    sceneTypes: [{ stb_index: 0, scenes: [0x120000A1, 0x120000A2] }, { stb_index: 0xFFFFFFFF, scenes: [0x120000A3] }],
    terrainTypes: terrainTypes ?? [{ name: 'BarrenRock', scene_types: [] }, { name: 'Grassland', scene_types: [1] },
      { name: 'Ice', color: 0xFFFFFFFF, scene_types: [0xFFFFFFFF, 0] }],
  });
}

function setupObject(extra = {}) {
  return {
    id: 0x0200012A, flags: 0, parts: [0x0100F100],
    holding_locations: [], connection_points: [],
    placements: [{ key: 0, frame: { parts: [IDENT], hooks: [] } }],
    cylspheres: [], spheres: [{ center: [0, 0, 0], radius: 0.1 }], height: 0.2, radius: 0.1,
    step_up_height: 0.01, step_down_height: 0.01,
    sorting_sphere: { center: [0, 0, 0], radius: 0.1 }, selection_sphere: { center: [0, 0, 0], radius: 0.1 },
    lights: [], default_animation: 0, default_script: 0, default_motion_table: 0, default_sound_table: 0, default_script_table: 0,
    ...extra,
  };
}

function animationObject(extra = {}) {
  return {
    id: 0x0300F0A0, flags: 1, num_parts: 1,
    pos_frames: [{ origin: [0, 0.1, 0], orientation: [1, 0, 0, 0] }, { origin: [0, 0.1, 0], orientation: [1, 0, 0, 0] }],
    part_frames: [{ parts: [IDENT], hooks: [{ type: 'SoundTable', direction: 1, id: 1 }] }, { parts: [IDENT], hooks: [] }],
    ...extra,
  };
}

function motionTableObject(extra = {}) {
  const anims = [{ anim_id: 0x0300F0A0, low_frame: 0, high_frame: -1, framerate: 30 }];
  return {
    id: 0x0900F0A0, default_style: 0x8000003D, style_defaults: [{ style: 0x8000003D, substate: 0x41000003 }],
    cycles: [{ key: 0x003D0003, anims }, { key: 0x003D0005, anims, velocity: [0, 3.1199999, 0] }],
    modifiers: [{ key: 0x0000000D, anims: [], omega: [0, 0, -1.5] }],
    links: [{ key: 0x003D0003, entries: [{ key: 0x45000005, anims }] }],
    ...extra,
  };
}

/** Every hook type retail reads, with payloads (the parser coverage seed). */
function hookSampler() {
  const f = (o, q = [1, 0, 0, 0]) => ({ origin: o, orientation: q });
  const hooks = [
    { type: 'NoOp' }, { type: 'Sound', id: 0x0A000123 }, { type: 'SoundTable', id: 7 },
    { type: 'Attack', part: 3, left_x: -0.5, left_y: 1, right_x: 0.5, right_y: 1, radius: 2, height: 1.5 },
    { type: 'ReplaceObject', part: 5, gfx_id: 0x01000ABC }, { type: 'ReplaceObject', part: 6, gfx_id: 0x0101ABCD },
    { type: 'Ethereal', flag: 1 },
    { type: 'TransparentPart', part: 2, start: 0, end: 1, time: 0.5 }, { type: 'Luminous', start: 1, end: 0, time: 2 },
    { type: 'LuminousPart', part: 1, start: 0.5, end: 1, time: 1 }, { type: 'Diffuse', start: 0, end: 0.25, time: 3 },
    { type: 'DiffusePart', part: 4, start: 1, end: 0.5, time: 0.25 }, { type: 'Scale', end: 1.5, time: 2 },
    { type: 'CreateParticle', info_id: 0x32000010, part: 2, offset: f([0.1, 0.2, 0.3]), emitter_id: 9 },
    { type: 'DestroyParticle', id: 9 }, { type: 'StopParticle', id: 10 }, { type: 'NoDraw', flag: 1 },
    { type: 'DefaultScript' }, { type: 'DefaultScriptPart', id: 3 },
    { type: 'CallPES', script_id: 0x33000020, pause: 0.75 }, { type: 'Transparent', start: 0, end: 1, time: 1 },
    { type: 'SoundTweaked', sound_id: 0x0A000124, probability: 0.5, priority: 2, volume: 0.8 },
    { type: 'SetOmega', omega: [0, 0, 1.25] }, { type: 'TextureVelocity', u: 0.1, v: -0.2 },
    { type: 'TextureVelocityPart', part: 1, u: 0.3, v: 0.4 }, { type: 'SetLight', flag: 1 },
    { type: 'CreateBlockingParticle', info_id: 0x32000011, part: 0, offset: f([0, 0, 1]), emitter_id: 11 },
  ].map((h, i) => ({ direction: [0, 1, -1][i % 3], ...h }));
  return rec.animation({
    id: 0x0300F0A1, flags: 2, num_parts: 2,
    part_frames: [{ parts: [IDENT, f([0, 0, 0.5])], hooks }, { parts: [IDENT, IDENT], hooks: [] }],
  });
}

/** A setup using parents, default scale, locations, placements with a hook, cylspheres, lights. */
function richSetup() {
  const f = (o, q = [1, 0, 0, 0]) => ({ origin: o, orientation: q });
  const s2 = Math.SQRT1_2;
  return rec.setup(setupObject({
    id: 0x0200F0A2, flags: 0x3, parts: [0x01000001, 0x01000002, 0x01000003],
    parent_index: [0xFFFFFFFF, 0, 1], default_scale: [[1, 1, 1], [0.5, 0.5, 0.5], [2, 2, 2]],
    holding_locations: [{ key: 2, part_id: 1, frame: f([0, 0.1, 0]) }, { key: 1, part_id: 0, frame: f([0.1, 0, 0], [s2, 0, 0, s2]) }],
    connection_points: [{ key: 5, part_id: 2, frame: f([0, 0, 1]) }],
    placements: [
      { key: 0x65, frame: { parts: [IDENT, IDENT, f([0, 0, 0.2])], hooks: [] } },
      { key: 0, frame: { parts: [IDENT, IDENT, IDENT], hooks: [{ type: 'NoDraw', direction: 0, flag: 1 }] } },
    ],
    cylspheres: [{ low_pt: [0, 0, 0], radius: 0.3, height: 1.2 }],
    spheres: [{ center: [0, 0, 0.5], radius: 0.5 }, { center: [0, 0, 1.2], radius: 0.4 }],
    height: 1.6, radius: 0.5, step_up_height: 0.3612, step_down_height: 0.3612,
    lights: [{ key: 0, frame: f([0, 0, 2]), color: 0xFFFAC800, intensity: 100, falloff: 5, cone_angle: 0 }],
    default_animation: 0x0300F0A0, default_script: 0x33000001, default_motion_table: 0x0900F0A0,
    default_sound_table: 0x20000001, default_script_table: 0x34000004,
  }));
}

/** A wall: a 2 m × 3 m quad (both faces as physics polygons) split by its plane y = 0 in the
 *  physics BSP; the drawing BSP a portal over the two faces; uvs, a degrade id. Offsets of its
 *  parts for the malformed fixtures: see gfxobjOffsets. */
function gfxobjObject(extra = {}) {
  const v = (id, origin, uvs = []) => ({ id, origin, normal: [0, -1, 0], uvs });
  const sphere = { center: [0, 0, 1.5], radius: 1.8027756 };
  return {
    id: 0x0100F0A0, flags: 1 | 2 | 8, surfaces: [0x08000001, 0x08000002],
    vertices: [v(0, [-1, 0, 0], [[0, 0]]), v(1, [1, 0, 0], [[1, 0]]), v(2, [1, 0, 3], [[1, 1]]), v(3, [-1, 0, 3], [[0, 1]])],
    physics_polygons: [
      { poly_id: 0, stippling: 4, sides_type: 0, pos_surface: 0, neg_surface: -1, vertex_ids: [0, 1, 2, 3] },
      { poly_id: 1, stippling: 4, sides_type: 0, pos_surface: 1, neg_surface: -1, vertex_ids: [3, 2, 1, 0] },
    ],
    physics_bsp: { type: rec.BSP.BPnN, plane: [0, -1, 0, 0], sphere,
      pos: { type: rec.BSP.LEAF, leaf_index: 0, solid: 0, sphere, polys: [0] },
      neg: { type: rec.BSP.LEAF, leaf_index: 1, solid: 1, sphere, polys: [1] } },
    sort_center: [0, 0, 1.5],
    polygons: [
      { poly_id: 0, stippling: 0, sides_type: 1, pos_surface: 0, neg_surface: 7, vertex_ids: [0, 1, 2, 3] },
      { poly_id: 1, stippling: 0, sides_type: 2, pos_surface: 1, neg_surface: 0, vertex_ids: [3, 2, 1, 0] },
    ],
    drawing_bsp: { type: rec.BSP.PORT, plane: [0, 1, 0, -0.25], sphere, polys: [0, 1], portals: [[1, 3]],
      pos: { type: rec.BSP.LEAF, leaf_index: 0 }, neg: { type: rec.BSP.LEAF, leaf_index: 1 } },
    degrade_id: 0x11000ABC,
    ...extra,
  };
}

/** Byte offsets in gfxobjObject()'s record, from the layout (not from the reader): id 0, flags
 *  4, surface count 8 (1 byte), surfaces 9, vertex type 17, count 21, vertices at 25 (36 bytes
 *  each with one uv), physics polygon count 169, polygon 0 at 170 (12 + 8 bytes), polygon 1 at
 *  190, the physics BSP at 210. */
const GFX = { vertexType: 17, vertices: 25, physicsPolys: 170, poly1VertexIds: 190 + 12, physicsBsp: 210 };

/** A corridor room of Environment 0x0D00F0A0: a floor quad and two wall quads, the far wall's
 *  doorway a portal polygon (index 2); a cell BSP, a physics BSP over the floor and walls, no
 *  drawing BSP. */
function environmentObject(extra = {}) {
  const v = (id, origin) => ({ id, origin, normal: [0, 0, 1] });
  const quad = (poly_id, ids) => ({ poly_id, stippling: 4, sides_type: 0, pos_surface: 0, neg_surface: -1, vertex_ids: ids });
  const sphere = { center: [0, 5, 1.5], radius: 6 };
  const leaf = (i, polys) => ({ type: rec.BSP.LEAF, leaf_index: i, solid: 0, sphere, polys });
  return {
    id: 0x0D00F0A0,
    cell_structs: [{
      id: 0,
      vertices: [v(0, [-2, 0, 0]), v(1, [2, 0, 0]), v(2, [2, 10, 0]), v(3, [-2, 10, 0]), v(4, [2, 10, 3]), v(5, [-2, 10, 3]), v(6, [2, 0, 3])],
      polygons: [quad(0, [0, 1, 2, 3]), quad(1, [1, 2, 4, 6]), quad(2, [3, 2, 4, 5])],
      portals: [2],
      cell_bsp: { type: rec.BSP.BPnN, plane: [0, 0, 1, 0], pos: { type: rec.BSP.LEAF, leaf_index: 0 }, neg: { type: rec.BSP.LEAF, leaf_index: 1 } },
      physics_polygons: [quad(0, [0, 1, 2, 3]), quad(1, [1, 2, 4, 6])],
      physics_bsp: { type: rec.BSP.BPIn, plane: [-1, 0, 0, 2], sphere, pos: leaf(0, [0, 1]) },
    }],
    ...extra,
  };
}

/** EnvCell 0x3A11012B of that Environment: two portals (one into 0x3A11012C, one with no other
 *  cell), three visible cells, a static object and a restriction object. */
function envcellObject(extra = {}) {
  return {
    id: 0x3A11012B, flags: 2 | 8, surfaces: [0x0123, 0x0456], environment: 0xF0A0, cell_struct: 0,
    position: { origin: [85, 92, -6], orientation: [Math.SQRT1_2, 0, 0, Math.SQRT1_2] },
    portals: [{ flags: 1, polygon: 2, other_cell: 0x012C, other_portal: 0 }, { flags: 6, polygon: 1, other_cell: 0x0133, other_portal: 7 }],
    visible_cells: [0x012A, 0x012C, 0x012D],
    stabs: [{ id: 0x02000108, frame: { origin: [1, 2, 0], orientation: [1, 0, 0, 0] } }],
    restriction_obj: 0x7A9B4001,
    ...extra,
  };
}

/** LandBlockInfo 0xA9B4FFFE: a tree, a cottage with two portals (one with an odd cell list,
 *  padded), a restriction table. */
function landblockInfoObject(extra = {}) {
  const f = (o) => ({ origin: o, orientation: [1, 0, 0, 0] });
  return {
    id: 0xA9B4FFFE, num_cells: 3,
    objects: [{ id: 0x02000A1B, frame: f([120, 40, 94]) }],
    buildings: [{ model_id: 0x01000F00, frame: f([84, 30, 95]), num_leaves: 4,
      portals: [{ flags: 1, other_cell: 0x0100, other_portal: 0, stabs: [0x0100, 0x0101, 0x0102] },
        { flags: 2, other_cell: 0x0101, other_portal: 1, stabs: [0x0101, 0x0102] }] }],
    pack_mask: 1, table_size: 8, restrictions: [[0xA9B40102, 0x7A9B4002], [0xA9B40100, 0x7A9B4001]],
    ...extra,
  };
}

/** An emitter of 0x32000010: LocalVelocity particles, every field set (seed and fixtures). */
function emitterObject(extra = {}) {
  return {
    id: 0x32000010, unknown: 0, emitter_type: 1, particle_type: 2, gfxobj_id: 0x01000A00, hw_gfxobj_id: 0x01000A00,
    birthrate: 0.1, max_particles: 20, initial_particles: 2, total_particles: 0, total_seconds: 0, lifespan: 1.5, lifespan_rand: 0.25,
    offset_dir: [0, 0, 1], min_offset: 0, max_offset: 0.5, a: [0, 0, 1], min_a: 0.5, max_a: 1, b: [0, 0, 0], min_b: 0, max_b: 0,
    c: [0, 0, 0], min_c: 0, max_c: 0, start_scale: 0.5, final_scale: 1, scale_rand: 0.1, start_trans: 0, final_trans: 1, trans_rand: 0,
    is_parent_local: 0, ...extra,
  };
}
/** Byte offsets in emitterObject()'s record (from the layout above): particle type 12,
 *  birthrate 24, max particles 32, lifespan 52, a 88. */
const PEI = { particleType: 12, birthrate: 24, maxParticles: 32, lifespan: 52, a: 88 };

/** Script 0x33000020: a SetOmega at 0.5 s, a Scale at 0 s and a CreateParticle at 0.25 s (stored unsorted). */
function scriptObject(extra = {}) {
  const f = (o) => ({ origin: o, orientation: [1, 0, 0, 0] });
  return {
    id: 0x33000020,
    hooks: [
      { start_time: 0.5, hook: { type: 'SetOmega', direction: 0, omega: [0, 0, 1] } },
      { start_time: 0, hook: { type: 'Scale', direction: 0, end: 1.5, time: 1 } },
      { start_time: 0.25, hook: { type: 'CreateParticle', direction: 0, info_id: 0x32000010, part: 0xFFFFFFFF, offset: f([0, 0, 1]), emitter_id: 0 } },
    ],
    ...extra,
  };
}

/** Script table 0x34000004: type 0x13 with two mods, type 0x0A with one. */
function scriptTableObject(extra = {}) {
  return { id: 0x34000004, types: [{ type: 0x13, scripts: [{ mod: 0.5, script_id: 0x33000020 }, { mod: 1, script_id: 0x33000021 }] },
    { type: 0x0A, scripts: [{ mod: 0, script_id: 0x33000022 }] }], ...extra };
}

/** Scene 0x120000A1: a tree (Setup, frequent, displaced, scaled, turned) and a rock (GfxObj,
 *  aligned to the slope, steep slopes only). Object i starts at 8 + 76 i; within it freq is at
 *  +32 and min_scale at +44 (ObjectDesc::UnPack's order). */
function sceneObject(extra = {}) {
  return { id: 0x120000A1, objects: [
    { obj_id: 0x0200F300, base_loc: { origin: [0, 0, 0], orientation: [1, 0, 0, 0] }, freq: 0.75, displace_x: 6, displace_y: 6,
      min_scale: 0.8, max_scale: 1.25, max_rot: 360, min_slope: 0.8, max_slope: 1, align: 0, orient: 0, weenie_obj: 0 },
    { obj_id: 0x0100F310, base_loc: { origin: [2, 3, 0], orientation: [1, 0, 0, 0] }, freq: 0.5, displace_x: 0, displace_y: 0,
      min_scale: 1, max_scale: 1, max_rot: 0, min_slope: 0, max_slope: 0.9, align: 1, orient: 1, weenie_obj: 0 },
  ], ...extra };
}

// ---- the malformed corpus ----

function build(acp) {
  const cases = [];
  const add = (file, bytes, expect, why) => cases.push({ file, bytes, expect, why });
  const dat = (dataSet, records, blockSize = 0) => writeDat(acp, { dataSet, blockSize, records: records.map(([id, bytes]) => ({ id, bytes, ...ENTRY })) });
  const fileErr = (status, offset, field, record = 0) => ({ status, offset, in_record: false, field, record: hex(record) });
  const recErr = (status, offset, field, record) => ({ status, offset, in_record: true, field, record: hex(record) });

  // A cell DAT (256-byte blocks) with a landblock and a 5-block Region.
  const lbId = 0xA9B4FFFF, lbBytes = landblock(lbId), rgBytes = region();
  const cellRecords = [[lbId, lbBytes], [0x13000000, rgBytes]];
  const cell = () => dat(2, cellRecords);
  // Sorted ids: 0x13000000 < 0xA9B4FFFF, so the Region's blocks come first.
  const L = layout({ blockSize: 256, nodes: 1, sizes: [rgBytes.length, lbBytes.length] });
  const rgAt = L.recordAt[0], lbAt = L.recordAt[1];

  add('header-truncated.dat', cell().slice(0, 300), fileErr('ACP_DAT_ERR_HEADER_TRUNCATED', 300, 'header'),
    'a file shorter than the 400-byte header');
  { const b = cell(); u32(b, 0x140, 0x4254); add('bad-magic.dat', b, fileErr('ACP_DAT_ERR_BAD_MAGIC', 0x140, 'header.magic'), 'magic 0x4254 instead of 0x5442'); }
  { const b = cell(); u32(b, 0x144, 4); add('bad-block-size.dat', b, fileErr('ACP_DAT_ERR_BAD_BLOCK_SIZE', 0x144, 'header.block_size'), 'block size 4'); }
  { const b = cell(); u32(b, 0x160, b.length + 4096); add('root-past-end.dat', b, fileErr('ACP_DAT_ERR_BLOCK_OUT_OF_RANGE', 0x160, 'header.btree_root'), 'B-tree root beyond the end of the file'); }
  { const b = cell(); u32(b, L.blockAt(rgAt, 1), rgAt);
    add('chain-loop.dat', b, fileErr('ACP_DAT_ERR_CHAIN_LOOP', L.blockAt(rgAt, 1), 'record chain', 0x13000000), 'the Region\'s second block links back to its first (reported at that link)'); }
  { const b = cell(); u32(b, rgAt, 0x7FFFFF00);
    add('block-past-end.dat', b, fileErr('ACP_DAT_ERR_BLOCK_OUT_OF_RANGE', rgAt, 'record chain', 0x13000000), 'a block link far past the end of the file (0x7FFFFF00, reported at the link)'); }
  { const b = cell(); const at = L.byteAt(1024, 252 + 8); u32(b, at, 0x7FFFFF00);
    add('entry-offset-past-end.dat', b, fileErr('ACP_DAT_ERR_BLOCK_OUT_OF_RANGE', at, 'entry.offset', 0x13000000), 'a directory entry whose offset (0x7FFFFF00) lies far past the end of the file (reported at the entry\'s offset field)'); }
  { const b = cell(); u32(b, rgAt, getU32(b, rgAt) | 0x80000000);
    add('free-block.dat', b, fileErr('ACP_DAT_ERR_FREE_BLOCK', rgAt, 'record chain', 0x13000000), 'a link with the free-block bit 31 set'); }
  { const b = cell(); u32(b, L.blockAt(rgAt, 1), 0);
    add('chain-short.dat', b, fileErr('ACP_DAT_ERR_CHAIN_SHORT', L.blockAt(rgAt, 1), 'record chain', 0x13000000), 'a chain ending (link 0) before the record\'s size'); }
  { const b = cell(); const last = L.blockAt(rgAt, Math.ceil(rgBytes.length / L.payload) - 1); u32(b, last, L.freeAt);
    add('chain-too-long.dat', b, fileErr('ACP_DAT_ERR_CHAIN_TOO_LONG', last, 'record chain', 0x13000000), 'the record\'s last block links on'); }
  { const b = cell(); const at = L.byteAt(1024, 248); u32(b, at, 62);
    add('btree-too-many-entries.dat', b, fileErr('ACP_DAT_ERR_BTREE_ENTRY_COUNT', at, 'btree.num_entries'), 'a B-tree node claiming 62 entries'); }
  { const b = cell(); u32(b, L.byteAt(1024, 0), 1024);
    add('btree-cycle.dat', b, fileErr('ACP_DAT_ERR_BTREE_CYCLE', L.byteAt(1024, 0), 'btree.branch'), 'the root\'s first branch points at the root (reported at that branch)'); }
  { const b = cell(); const a0 = L.byteAt(1024, 252 + 4), a1 = L.byteAt(1024, 252 + 24 + 4);
    const id0 = getU32(b, a0); u32(b, a0, getU32(b, a1)); u32(b, a1, id0);
    add('btree-unsorted.dat', b, fileErr('ACP_DAT_ERR_BTREE_UNSORTED', a1, 'btree.entry.id', 0x13000000), 'two directory ids swapped'); }
  { const b = cell(); const at = L.byteAt(1024, 252 + 24 * 1); u32(b, at, getU32(b, at) | 1);
    add('compressed.dat', b, fileErr('ACP_DAT_ERR_COMPRESSED', at, 'entry.flags', lbId), 'the compressed flag (bit 0) on an entry (reported at its flags)'); }
  { const b = cell(); const at = L.byteAt(1024, 252 + 24 * 1 + 12); u32(b, at, 0x7FFFFFFF);
    add('record-too-large.dat', b, fileErr('ACP_DAT_ERR_RECORD_TOO_LARGE', at, 'entry.size', lbId), 'an entry size of 2 GiB (reported at the size)'); }

  // Overcommitted: two landblock entries whose sizes each fit the file but not together.
  { const ids = [0x0101FFFF, 0x0102FFFF];
    const b = dat(2, ids.map((id) => [id, landblock(id)]));
    const M = layout({ blockSize: 256, nodes: 1, sizes: [252, 252] });
    // Blocks the data area holds, less the root node's 7: each record claims 60 % of the rest.
    const capacityBlocks = Math.floor((b.length - 0x190) / 256), nodeBlocks = Math.ceil(NODE_SIZE / 252);
    const size = Math.floor((capacityBlocks - nodeBlocks) * 0.6) * 252;
    u32(b, M.byteAt(1024, 252 + 12), size); u32(b, M.byteAt(1024, 252 + 24 + 12), size);
    add('blocks-overcommitted.dat', b, fileErr('ACP_DAT_ERR_BLOCKS_OVERCOMMITTED', M.recordAt[1], 'record chain', ids[1]), 'two records that together need more blocks than the file has'); }

  // A two-level tree: 62 records of a type the reader skips (0x0E...), root + 2 leaves.
  { const recs = Array.from({ length: 62 }, (_, i) => [0x0E000000 + i, new Uint8Array(8)]);
    const T = layout({ blockSize: 1024, nodes: 3, sizes: recs.map(() => 8) });
    { const b = dat(1, recs); const at = T.byteAt(T.nodeAt[0], 4); u32(b, at, 0);
      add('btree-null-branch.dat', b, fileErr('ACP_DAT_ERR_BTREE_BAD_BRANCH', at, 'btree.branch'), 'an internal node\'s second branch is 0'); }
    { const b = dat(1, recs); const at = T.byteAt(T.nodeAt[2], 248); u32(b, at, 0);
      add('btree-empty-node.dat', b, fileErr('ACP_DAT_ERR_BTREE_EMPTY_NODE', at, 'btree.num_entries'), 'a leaf below the root with no entries'); } }

  // Record-level failures (offsets count from the record's first byte).
  const portal = (id, bytes) => dat(1, [[id, bytes]]);
  { const s = rec.setup(setupObject()); u32(s, 8, 100);
    add('record-counts-exceed.dat', portal(0x0200012A, s), recErr('ACP_DAT_ERR_COUNT', 8, 'setup.num_parts', 0x0200012A), 'a Setup claiming 100 parts in 160 bytes: shorter than its counts say'); }
  { const s = rec.setup(setupObject()).slice(0, -8);
    add('record-truncated.dat', portal(0x0200012A, s), recErr('ACP_DAT_ERR_TRUNCATED', s.length, 'setup.default_sound_table', 0x0200012A), 'a Setup cut 8 bytes short'); }
  { const s = rec.setup(setupObject()); u32(s, 8, 5000);
    add('record-limit.dat', portal(0x0200012A, s), recErr('ACP_DAT_ERR_LIMIT', 8, 'setup.num_parts', 0x0200012A), 'a Setup claiming 5000 parts (ACP_MAX_PARTS 4096)'); }
  { const a = animationObject({ part_frames: [{ parts: [IDENT], hooks: [{ type: 99, direction: 0, raw: new Uint8Array(4) }] }, { parts: [IDENT], hooks: [] }] });
    const bytes = rec.animation(a), at = 16 + 2 * 28 + 28 + 4;
    add('hook-unknown-type.dat', portal(a.id, bytes), recErr('ACP_DAT_ERR_HOOK_UNKNOWN_TYPE', at, 'hook.type', a.id), 'an animation hook of type 99'); }
  { const a = animationObject({ part_frames: [{ parts: [IDENT], hooks: [{ type: 4, direction: 0, raw: new Uint8Array(0) }] }, { parts: [IDENT], hooks: [] }] });
    add('hook-animation-done.dat', portal(a.id, rec.animation(a)), recErr('ACP_DAT_ERR_HOOK_UNKNOWN_TYPE', 16 + 2 * 28 + 28 + 4, 'hook.type', a.id),
      'an AnimationDone hook (type 4), which retail\'s UnPackHook does not read'); }
  { const a = animationObject(); const bytes = rec.animation(a); u32(bytes, 16 + 28, 0x7FC00000);
    add('frame-nan.dat', portal(a.id, bytes), recErr('ACP_DAT_ERR_FRAME_NOT_FINITE', 16 + 28, 'animation.pos_frames', a.id), 'NaN in the second pos frame\'s origin'); }
  { const a = animationObject({ pos_frames: [{ origin: [0, 0, 0], orientation: [1, 0, 0, 0] }, { origin: [0, 0, 0], orientation: [1, 1, 0, 0] }] });
    add('frame-bad-quaternion.dat', portal(a.id, rec.animation(a)), recErr('ACP_DAT_ERR_FRAME_BAD_QUATERNION', 16 + 28, 'animation.pos_frames', a.id), 'a pos frame quaternion of norm 2'); }
  { const t = motionTableObject(); const bytes = rec.motionTable(t);
    // The cycles' count is at 20 (after id, default style and one style default), the first key
    // at 24; a cycle with one animation is key 4 + header 4 + AnimData 16, so the second key is
    // at 48, its header at 52, its AnimData at 56 and its velocity at 72.
    u32(bytes, 72, 0x7F800000);
    add('float-not-finite.dat', portal(t.id, bytes), recErr('ACP_DAT_ERR_FLOAT_NOT_FINITE', 72, 'motion_data.velocity', t.id), 'an infinite cycle velocity'); }
  { const t = motionTableObject({ cycles: [{ key: 0x003D0005, anims: [] }, { key: 0x003D0005, anims: [] }] });
    add('duplicate-key.dat', portal(t.id, rec.motionTable(t)), recErr('ACP_DAT_ERR_DUPLICATE_KEY', 32, 'motion_table.cycles', t.id), 'two cycles with the same key'); }
  { const bytes = new Uint8Array(256); bytes.set(landblock(lbId));
    add('trailing-bytes.dat', dat(2, [[lbId, bytes]]), recErr('ACP_DAT_ERR_TRAILING_BYTES', 252, 'record.end', lbId), 'a LandBlock with 4 bytes after its 252'); }
  { const bytes = landblock(0xA9B5FFFF);
    add('id-mismatch.dat', dat(2, [[lbId, bytes]]), recErr('ACP_DAT_ERR_ID_MISMATCH', 0, 'id', lbId), 'a LandBlock filed under another id'); }
  { const bytes = region({ version: 4 });
    add('region-version.dat', dat(2, [[0x13000000, bytes]]), recErr('ACP_DAT_ERR_REGION_VERSION', 8, 'region.version', 0x13000000), 'Region version 4'); }
  { const table = Array.from({ length: 256 }, (_, i) => 2 * i); table[10] = 900;
    add('region-height-range.dat', dat(2, [[0x13000000, region({ land_height_table: table })]]),
      recErr('ACP_DAT_ERR_REGION_HEIGHT_RANGE', 52 + 40, 'region.land_height_table', 0x13000000), 'a land height of 900 m'); }
  { const g = gfxobjObject(); const bytes = rec.gfxobj(g); bytes[GFX.poly1VertexIds + 2] = 4;
    add('gfxobj-vertex-index.dat', portal(g.id, bytes), recErr('ACP_DAT_ERR_INDEX', GFX.poly1VertexIds + 2, 'polygon.vertex_ids', g.id),
      'a physics polygon naming vertex 4 of 4'); }
  { const g = gfxobjObject(); g.physics_bsp.neg.polys = [2];
    // BPnN type 4 + plane 16, the positive leaf (type, index, solid, sphere 16, count, 1 poly = 34), the
    // negative leaf's type, index, solid, sphere and count (32): its first poly index.
    const at = GFX.physicsBsp + 20 + 34 + 32;
    add('gfxobj-bsp-poly-index.dat', portal(g.id, rec.gfxobj(g)), recErr('ACP_DAT_ERR_INDEX', at, 'bsp.leaf.polys', g.id),
      'a physics BSP leaf naming polygon 2 of 2'); }
  { const g = gfxobjObject({ vertex_type: 2 });
    add('gfxobj-vertex-type.dat', portal(g.id, rec.gfxobj(g)), recErr('ACP_DAT_ERR_VERTEX_TYPE', GFX.vertexType, 'vertex_array.type', g.id),
      'a vertex array of type 2, which retail allocates but never reads'); }
  { // A chain of 300 'BPIn' nodes (positive child only) ending in a leaf: node k (1-based) starts at
    // physicsBsp + 20 (k - 1); the 257th is deeper than ACP_MAX_BSP_DEPTH.
    let node = { type: rec.BSP.LEAF, leaf_index: 0, solid: 0, sphere: { center: [0, 0, 0], radius: 1 }, polys: [] };
    for (let i = 0; i < 300; i++) node = { type: rec.BSP.BPIn, plane: [0, 0, 1, 0], sphere: { center: [0, 0, 0], radius: 1 }, pos: node };
    const g = gfxobjObject({ flags: 1, physics_bsp: node });
    add('gfxobj-bsp-depth.dat', portal(g.id, rec.gfxobj(g)), recErr('ACP_DAT_ERR_LIMIT', GFX.physicsBsp + 20 * 256, 'gfxobj.physics_bsp', g.id),
      'a physics BSP 301 nodes deep (ACP_MAX_BSP_DEPTH 256)'); }
  { const g = gfxobjObject(); const bytes = rec.gfxobj(g).slice(0, -6);
    add('gfxobj-truncated.dat', portal(g.id, bytes), recErr('ACP_DAT_ERR_TRUNCATED', bytes.length, 'bsp.portal.portals.portal_index', g.id),
      'a GfxObj cut 6 bytes short: its degrade id and the last portal\'s portal index'); }
  { const e = environmentObject(); e.cell_structs[0].portals = [3];
    // id 4, count 4; the CellStruct: id and three counts (16), the vertex array (8 + 7 x 28), three
    // quads of 20 bytes: the portal index follows.
    const at = 8 + 16 + 8 + 7 * 28 + 3 * 20;
    add('environment-portal-index.dat', portal(e.id, rec.environment(e)), recErr('ACP_DAT_ERR_INDEX', at, 'cell_struct.portals', e.id),
      'a CellStruct portal naming polygon 3 of 3'); }
  { const c = envcellObject(); const bytes = rec.envcell(c).slice(0, -2);
    add('envcell-truncated.dat', dat(2, [[c.id, bytes]]), recErr('ACP_DAT_ERR_TRUNCATED', bytes.length - 2, 'envcell.restriction_obj', c.id),
      'an EnvCell cut inside its restriction object'); }
  { const lb = landblockInfoObject({ restrictions: [[0xA9B40100, 1], [0xA9B40100, 2]] });
    // id, cells, object count (12), the object (32), the buildings word (4), the building: model
    // and frame (32), leaves and portal count (8), portal 0 (8 + 3 x 2 + 2 pad), portal 1 (8 + 4).
    const at = 12 + 32 + 4 + 32 + 8 + 16 + 12;
    add('landblock-info-duplicate-restriction.dat', dat(2, [[lb.id, rec.landblockInfo(lb)]]),
      recErr('ACP_DAT_ERR_DUPLICATE_KEY', at, 'landblock_info.restrictions', lb.id), 'a restriction table naming cell 0xA9B40100 twice'); }
  { const e = emitterObject({ particle_type: 13 });
    add('emitter-particle-type.dat', portal(e.id, rec.particleEmitterInfo(e)), recErr('ACP_DAT_ERR_PARTICLE_TYPE', PEI.particleType, 'particle_emitter_info.particle_type', e.id),
      'an emitter of particle type 13 (retail ParticleType ends at GlobalVelocity, 12)'); }
  { const e = emitterObject(); const bytes = rec.particleEmitterInfo(e); new DataView(bytes.buffer).setFloat64(PEI.lifespan, NaN, true);
    add('emitter-lifespan-nan.dat', portal(e.id, bytes), recErr('ACP_DAT_ERR_FLOAT_NOT_FINITE', PEI.lifespan, 'particle_emitter_info.lifespan', e.id),
      'an emitter whose lifespan is NaN'); }
  { const e = emitterObject({ max_particles: -1 });
    add('emitter-max-particles.dat', portal(e.id, rec.particleEmitterInfo(e)), recErr('ACP_DAT_ERR_LIMIT', PEI.maxParticles, 'particle_emitter_info.max_particles', e.id),
      'an emitter of -1 particles at most'); }
  { const e = emitterObject(); const bytes = rec.particleEmitterInfo(e).slice(0, -4);
    add('emitter-truncated.dat', portal(e.id, bytes), recErr('ACP_DAT_ERR_TRUNCATED', bytes.length, 'particle_emitter_info.is_parent_local', e.id),
      'an emitter cut before its last field'); }
  { const s = scriptObject(); const bytes = rec.physicsScript(s); u32(bytes, 4, 1000);
    add('script-count.dat', portal(s.id, bytes), recErr('ACP_DAT_ERR_COUNT', 4, 'physics_script.num_hooks', s.id),
      'a PhysicsScript claiming 1000 hooks (16 bytes each at least) in far fewer bytes'); }
  { const s = scriptObject(); const bytes = rec.physicsScript(s); new DataView(bytes.buffer).setFloat64(8, Infinity, true);
    add('script-start-time.dat', portal(s.id, bytes), recErr('ACP_DAT_ERR_FLOAT_NOT_FINITE', 8, 'physics_script.hooks.start_time', s.id),
      'a script hook starting at infinity'); }
  { const s = scriptObject({ hooks: [{ start_time: 0, hook: { type: 99, direction: 0, raw: new Uint8Array(4) } }] });
    add('script-hook-type.dat', portal(s.id, rec.physicsScript(s)), recErr('ACP_DAT_ERR_HOOK_UNKNOWN_TYPE', 16, 'hook.type', s.id),
      'a script hook of type 99'); }
  { const t = scriptTableObject({ types: [{ type: 7, scripts: [] }, { type: 7, scripts: [] }] });
    add('script-table-duplicate.dat', portal(t.id, rec.physicsScriptTable(t)), recErr('ACP_DAT_ERR_DUPLICATE_KEY', 16, 'physics_script_table.types', t.id),
      'a PhysicsScriptTable naming script type 7 twice'); }
  { const t = scriptTableObject(); const bytes = rec.physicsScriptTable(t); new DataView(bytes.buffer).setUint32(16, 0x7FC00000, true);
    add('script-table-mod-nan.dat', portal(t.id, bytes), recErr('ACP_DAT_ERR_FLOAT_NOT_FINITE', 16, 'physics_script_table.types.scripts.mod', t.id),
      'a script table mod that is NaN'); }
  { const rs = regionScenes([{ name: 'Ice', scene_types: [0xFFFFFFFF, 2] }]);
    const bytes = region({ remainder: rs.bytes }), at = bytes.length - rs.bytes.length + rs.at.terrainSceneType[0][1];
    add('region-terrain-scene-type.dat', dat(2, [[0x13000000, bytes]]), recErr('ACP_DAT_ERR_INDEX', at, 'region.terrain_types.scene_types', 0x13000000),
      'a terrain type naming scene type 2 of a Region with two'); }
  { const sc = sceneObject(); const bytes = rec.scene(sc); u32(bytes, 4, 1000);
    add('scene-count.dat', portal(sc.id, bytes), recErr('ACP_DAT_ERR_COUNT', 4, 'scene.num_objects', sc.id),
      'a Scene claiming 1000 objects (76 bytes each) in 160 bytes'); }
  { const sc = sceneObject(); const bytes = rec.scene(sc); new DataView(bytes.buffer).setFloat32(8 + 32, NaN, true);
    add('scene-freq-nan.dat', portal(sc.id, bytes), recErr('ACP_DAT_ERR_FLOAT_NOT_FINITE', 8 + 32, 'scene.objects.freq', sc.id),
      'a scene object whose frequency is NaN'); }
  { const sc = sceneObject(); const bytes = rec.scene(sc); new DataView(bytes.buffer).setFloat32(8 + 76 + 44, 0, true);
    add('scene-scale.dat', portal(sc.id, bytes), recErr('ACP_DAT_ERR_SCENE_SCALE', 8 + 76 + 44, 'scene.objects.min_scale', sc.id),
      'the second scene object with min_scale 0 (ObjectDesc::ScaleObj would divide by it)'); }
  { const sc = sceneObject(); const whole = rec.scene(sc); const bytes = new Uint8Array(whole.length + 4); bytes.set(whole);
    add('scene-trailing.dat', portal(sc.id, bytes), recErr('ACP_DAT_ERR_TRAILING_BYTES', whole.length, 'record.end', sc.id),
      'a Scene followed by 4 bytes its object count does not account for'); }
  return cases;
}

function recordSeeds() {
  return [
    ['setup-quarrel.bin', rec.setup(setupObject())],
    ['setup-rich.bin', richSetup()],
    ['animation-posframes.bin', rec.animation(animationObject())],
    ['animation-hooks.bin', hookSampler()],
    ['motion-table.bin', rec.motionTable(motionTableObject())],
    ['landblock.bin', landblock(0xA9B4FFFF)],
    ['region.bin', region()],
    ['region-scenes.bin', region({ remainder: regionScenes().bytes })],
    ['gfxobj-wall.bin', rec.gfxobj(gfxobjObject())],
    ['gfxobj-physics-only.bin', rec.gfxobj(gfxobjObject({ flags: 1 }))],
    ['environment-corridor.bin', rec.environment(environmentObject())],
    ['environment-drawing.bin', rec.environment(environmentObject({ cell_structs: [{ ...environmentObject().cell_structs[0],
      drawing_bsp: { type: rec.BSP.PORT, plane: [0, -1, 0, 10], sphere: { center: [0, 5, 1.5], radius: 6 }, polys: [0, 1, 2], portals: [[2, 0]],
        pos: { type: rec.BSP.LEAF, leaf_index: 0 }, neg: { type: rec.BSP.LEAF, leaf_index: 1 } } }] }))],
    ['envcell-corridor.bin', rec.envcell(envcellObject())],
    ['landblock-info-cottage.bin', rec.landblockInfo(landblockInfoObject())],
    ['particle-emitter-local-velocity.bin', rec.particleEmitterInfo(emitterObject())],
    ['particle-emitter-explode.bin', rec.particleEmitterInfo(emitterObject({ id: 0x32000011, particle_type: 6, total_particles: 30, c: [1, 1, 1] }))],
    ['physics-script-three-hooks.bin', rec.physicsScript(scriptObject())],
    ['script-table-two-types.bin', rec.physicsScriptTable(scriptTableObject())],
    ['scene-tree-rock.bin', rec.scene(sceneObject())],
  ];
}

/** { files: [[relativePath, bytes]], manifest } */
export async function generateFixtures(acp) {
  const cases = build(acp);
  const files = cases.map((c) => [join(MALFORMED, c.file), c.bytes]);
  const manifest = {
    about: 'Malformed DAT files, each breaking one rule of the container or a record. Reading one with acp_datset_add_dat_bytes (C) or DatSet.addBytes (wasm) must fail with exactly this status, offset (within the record when in_record, else within the file), field and record id. Written by scripts/gen-dat-fixtures.mjs.',
    cases: cases.map((c) => ({ file: c.file, ...c.expect, why: c.why })),
  };
  files.push([join(MALFORMED, 'manifest.json'), new TextEncoder().encode(`${JSON.stringify(manifest, null, 1)}\n`)]);
  for (const [name, bytes] of recordSeeds()) files.push([join(RECORDS, name), bytes]);
  return { files, manifest };
}

async function main() {
  const check = process.argv.includes('--check');
  const acp = await loadAcphys(join(root, 'wasm', 'acphys.wasm'));
  const { files } = await generateFixtures(acp);
  const stale = [];
  for (const dir of [MALFORMED, RECORDS]) mkdirSync(join(root, dir), { recursive: true });
  const expected = new Set(files.map(([rel]) => rel));
  for (const dir of [MALFORMED, RECORDS]) {
    for (const name of readdirSync(join(root, dir))) if (!expected.has(join(dir, name))) stale.push(`${join(dir, name)} (not generated)`);
  }
  for (const [rel, bytes] of files) {
    const path = join(root, rel);
    if (check) {
      let old = null;
      try { old = readFileSync(path); } catch { /* missing */ }
      if (!old || Buffer.compare(old, Buffer.from(bytes)) !== 0) stale.push(rel);
    } else {
      writeFileSync(path, bytes);
    }
  }
  if (!check) console.log(`[gen-dat-fixtures] ${files.length} files in ${MALFORMED} and ${RECORDS}`);
  if (stale.length) {
    console.error(`[gen-dat-fixtures] out of date: ${stale.join(', ')} (run node scripts/gen-dat-fixtures.mjs)`);
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
