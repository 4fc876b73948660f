#!/usr/bin/env node
// The stand-in geometry of dereth's gate scenarios (conformance/v1/dereth/README.md) that the
// default excerpts do not hold: closed rooms, one EnvCell each, on landblock 0x3C3C (which has no
// terrain or LandBlockInfo in any excerpt: retail reaches an EnvCell by its id), written as
//   conformance/v1/dereth/standins-portal.dat  Environment 0x0D00F0D0 (one CellStruct per room)
//   conformance/v1/dereth/standins-cell.dat    EnvCells 0x3C3C0100.. (a room each)
//   conformance/v1/dereth/standins.manifest.json  what every room holds and where its values come from
// The scenarios list "default" and then these two files. Rooms run along +x, 5 m wide about
// y = 0, their lowest floor at z = 0 of the cell (the EnvCell's position places the room), a
// ceiling (a portal to no loaded cell: a cell without portals holds no point) and four walls
// closing them; only the floors differ:
//   slope48   flat, then a ramp rising at exactly 48° (normal z cos 48° = 0.66913, above
//             floor_z 0.66417414: walkable by 0.005), then flat at its top
//   sled9, sled11  flat at the top, a ramp falling at 9° / 11° (calc_friction's 10° test), flat
//   lip4cm    flat, a riser 0.04 m high facing the walker, flat 0.04 m higher
//   lip601mm  the same with a 0.601 m riser: 1 mm over the humanoid Setup 0x02000001's
//             step_up_height 0.6 (data/excerpts.manifest.json: the value and its sources)
//   ledge     a pit floor, and along the room a ledge 1 m wide about y = 0 standing 3 m above it
//             (twice the humanoid's step_down_height 1.5): walk_off_narrow_ledge's narrow ledge
// and one LandBlock, 0xA9B6FFFF, north of the real 0xA9B5 (whose north edge is water): deep sea
// on all 81 vertices (terrain type 20, WaterDeepSea: a landblock entirely water, which retail's
// CLandCell::find_env_collisions refuses to non-missiles), every height index 14 (28 m), the
// index of 0xA9B5's north edge, so the two meet without a step. The real DATs hold the sea north
// of Holtburg; ours do not, and this is the stand-in's choice.
// Every plane, physics BSP and cell BSP comes from scripts/lib/bsp-build.mjs through
// scripts/gen-buildings.mjs's helpers, as the default excerpts' dungeon does.
//   node scripts/gen-dereth-standins.mjs          write them (needs wasm/acphys.wasm: the C DAT writer)
//   node scripts/gen-dereth-standins.mjs --check  compare only; exit status 1 when stale
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { loadAcphys, writeDat } from '../wasm/acphys.mjs';
import { cellStruct, poly, rect, stripNames } from './gen-buildings.mjs';
import * as rec from './lib/dat-records.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(root, 'conformance', 'v1', 'dereth');
const ENV_ID = 0x0D00F0D0;
const SEA = Object.freeze({ id: 0xA9B6FFFF, type: 20, height: 14 });
const LANDBLOCK = 0x3C3C0000;
const ENTRY = { flags: 1 << 16, date: 1377993600, iteration: 1 }; // as scripts/gen-excerpts.mjs
const W = 2.5; // half width (m)
const LEDGE = Object.freeze({ w: 0.5, h: 3 }); // the ledge room: half width and height (m)
// The house over a dungeon (walk_through_portal_into_dungeon): landblock 0x3E3E, flat at height
// index 10, with one building (the default excerpts' cottage shell GfxObj 0x0100F300) whose
// portal leads into the interior EnvCell 0x3E3E0100; the interior's back wall has a passage
// (a portal) into the dungeon EnvCell 0x3E3E0101, a ramp corridor going down, not seen outside.
export const HOUSE = Object.freeze({
  landblock: 0x3E3EFFFF, info: 0x3E3EFFFE, interior: 0x3E3E0100, dungeon: 0x3E3E0101,
  terrain: 9 << 2, height: 10, shell: 0x0100F300, origin: [84, 84, 20],
  inner: { x: [-3.7, 3.7], y: [-2.7, 2.7] }, wallHeight: 3, door: { x: [-0.8, 0.8], z: [0, 2.2] },
  corridor: { L: 12, drop: 3 },
});
const hex = (n) => `0x${(n >>> 0).toString(16).toUpperCase().padStart(8, '0')}`;
const deg = (d) => (d * Math.PI) / 180;

/** A closed room along +x: `floors` (polygons facing up, the first at z = 0), `risers` (vertical
 *  faces), length L, ceiling H. */
function room(name, { L, H, floors, risers = [] }) {
  const y = [-W, W];
  const polys = [...floors, ...risers];
  const add = (p) => { polys.push(p); return polys.length - 1; };
  const ceiling = add(rect('ceiling', 'z', H, -1, { x: [0, L], y }));
  const south = add(rect('south wall', 'y', -W, 1, { x: [0, L], z: [0, H] }));
  const north = add(rect('north wall', 'y', W, -1, { x: [0, L], z: [0, H] }));
  const west = add(rect('west wall', 'x', 0, 1, { y, z: [0, H] }));
  const east = add(rect('east wall', 'x', L, -1, { y, z: [0, H] }));
  // The ceiling is a portal to no loaded cell (0xFFFF): retail's CEnvCell::point_in_cell holds
  // no point in a cell without portals, and no sphere of these runs reaches the ceiling.
  return { name, struct: { polys, portals: [ceiling], hull: [0, ceiling, south, north, west, east] }, L, H };
}

const up = [0, 0, 1];
const flat = (name, x, z) => (z === 0 ? rect(name, 'z', 0, 1, { x, y: [-W, W] })
  : poly(name, [[x[0], -W, z], [x[1], -W, z], [x[1], W, z], [x[0], W, z]], up));
const ramp = (name, x, z0, z1) => poly(name, [[x[0], -W, z0], [x[1], -W, z1], [x[1], W, z1], [x[0], W, z0]], up);

function rooms() {
  const rise48 = 4 * Math.tan(deg(48));
  const sled = (d) => {
    const drop = 12 * Math.tan(deg(d));
    return room(`sled${d}`, { L: 24, H: drop + 4, floors: [flat('bottom floor', [14, 24], 0), flat('top floor', [0, 2], drop), ramp(`ramp falling ${d}°`, [2, 14], drop, 0)] });
  };
  const lip = (name, h) => room(name, { L: 10, H: 4, floors: [flat('floor before the lip', [0, 5], 0), flat('floor on the lip', [5, 10], h)],
    risers: [rect(`riser ${h} m`, 'x', 5, -1, { y: [-W, W], z: [0, h] })] });
  return [
    { ...room('slope48', { L: 10, H: rise48 + 4, floors: [flat('floor before the ramp', [0, 3], 0), ramp('ramp rising 48°', [3, 7], 0, rise48), flat('floor at the top', [7, 10], rise48)] }),
      about: `a ramp from x = 3 to 7 m rising ${rise48.toFixed(6)} m: 48° exactly (4 tan 48°), normal z cos 48° = ${Math.cos(deg(48)).toFixed(6)}` },
    { ...sled(9), about: `a ramp from x = 2 to 14 m falling ${(12 * Math.tan(deg(9))).toFixed(6)} m: 9° (12 tan 9°)` },
    { ...sled(11), about: `a ramp from x = 2 to 14 m falling ${(12 * Math.tan(deg(11))).toFixed(6)} m: 11° (12 tan 11°)` },
    { ...lip('lip4cm', 0.04), about: 'a riser at x = 5 m, 0.04 m high (dereth\'s 4 cm lip)' },
    { ...lip('lip601mm', 0.601), about: 'a riser at x = 5 m, 0.601 m high: 1 mm over step_up_height 0.6 of Setup 0x02000001' },
    { ...room('ledge', { L: 12, H: LEDGE.h + 4, floors: [flat('pit floor', [0, 12], 0),
      poly('ledge top', [[0, -LEDGE.w, LEDGE.h], [12, -LEDGE.w, LEDGE.h], [12, LEDGE.w, LEDGE.h], [0, LEDGE.w, LEDGE.h]], up)],
    risers: [rect('ledge north face', 'y', LEDGE.w, 1, { x: [0, 12], z: [0, LEDGE.h] }), rect('ledge south face', 'y', -LEDGE.w, -1, { x: [0, 12], z: [0, LEDGE.h] })] }),
    about: `a ledge along the room, ${2 * LEDGE.w} m wide about y = 0 (the humanoid's foot sphere is 0.96 m across), its top ${LEDGE.h} m above the pit floor either side: twice the humanoid's step_down_height 1.5` },
  ];
}

/** The house's interior CellStruct (the default cottage's inner box, no stair or hearth): the
 *  doorway in the -y wall (portal 0, to the outside) and a passage of the same size in the +y
 *  wall (portal 1, to the dungeon), both facing into the room. */
function houseInterior() {
  const { inner: i, wallHeight: h, door: d } = HOUSE;
  const z = [0, h];
  const polys = [
    rect('floor', 'z', 0, 1, { x: i.x, y: i.y }),
    rect('ceiling', 'z', h, -1, { x: i.x, y: i.y }),
    rect('west wall', 'x', i.x[0], 1, { y: i.y, z }),
    rect('east wall', 'x', i.x[1], -1, { y: i.y, z }),
    rect('front wall west of the door', 'y', i.y[0], 1, { x: [i.x[0], d.x[0]], z }),
    rect('front wall east of the door', 'y', i.y[0], 1, { x: [d.x[1], i.x[1]], z }),
    rect('over the door', 'y', i.y[0], 1, { x: d.x, z: [d.z[1], h] }),
    rect('back wall west of the passage', 'y', i.y[1], -1, { x: [i.x[0], d.x[0]], z }),
    rect('back wall east of the passage', 'y', i.y[1], -1, { x: [d.x[1], i.x[1]], z }),
    rect('over the passage', 'y', i.y[1], -1, { x: d.x, z: [d.z[1], h] }),
    rect('doorway', 'y', i.y[0], 1, { x: d.x, z: d.z }),
    rect('passage to the dungeon', 'y', i.y[1], -1, { x: d.x, z: d.z }),
  ];
  const byName = (n) => polys.findIndex((q) => q.name === n);
  return { polys, portals: [byName('doorway'), byName('passage to the dungeon')],
    hull: ['floor', 'ceiling', 'doorway', 'passage to the dungeon', 'west wall', 'east wall'].map(byName) };
}

/** The dungeon cell: a corridor along its +x, as wide and high as the passage (1.6 x 2.2 m), its
 *  floor falling HOUSE.corridor.drop over its length, the west end the passage's other side
 *  (portal 0, facing in), the east end a wall. */
function dungeonCorridor() {
  const { L, drop } = HOUSE.corridor;
  const w = (HOUSE.door.x[1] - HOUSE.door.x[0]) / 2, h = HOUSE.door.z[1];
  const polys = [
    poly('ramp floor', [[0, -w, 0], [L, -w, -drop], [L, w, -drop], [0, w, 0]], up),
    poly('ceiling', [[0, -w, h], [L, -w, h - drop], [L, w, h - drop], [0, w, h]], [0, 0, -1]),
    poly('south wall', [[0, -w, 0], [L, -w, -drop], [L, -w, h - drop], [0, -w, h]], [0, 1, 0]),
    poly('north wall', [[0, w, 0], [L, w, -drop], [L, w, h - drop], [0, w, h]], [0, -1, 0]),
    rect('west end: the passage', 'x', 0, 1, { y: [-w, w], z: [0, h] }),
    rect('east end wall', 'x', L, -1, { y: [-w, w], z: [-drop, h - drop] }),
  ];
  return { polys, portals: [4], hull: [0, 1, 2, 3, 4, 5] };
}

/** The rooms' EnvCell ids and positions: room k is cell 0x3C3C0100 + k at (20 + 30 k, 100, 0). */
export const ROOMS = rooms().map((r, k) => ({ name: r.name, cell: LANDBLOCK | (0x100 + k), origin: [20 + 30 * k, 100, 0], about: r.about }));

/** The house's records: its landblock, LandBlockInfo and two EnvCells (CellStructs `k0`, k0 + 1). */
function houseRecords(k0) {
  const inside = houseInterior(), down = dungeonCorridor();
  const q45 = Math.SQRT1_2;
  const frame = (origin, orientation = [1, 0, 0, 0]) => ({ origin: origin.map(Math.fround), orientation: orientation.map(Math.fround) });
  const low = (id) => id & 0xFFFF;
  const interior = {
    id: HOUSE.interior, flags: 1, surfaces: [0], environment: ENV_ID & 0xFFFF, cell_struct: k0, position: frame(HOUSE.origin),
    portals: [{ flags: 6, polygon: inside.portals[0], other_cell: 0xFFFF, other_portal: 0 },
      { flags: 2, polygon: inside.portals[1], other_cell: low(HOUSE.dungeon), other_portal: 0 }],
    visible_cells: [low(HOUSE.dungeon)], stabs: [],
  };
  const passageAt = [HOUSE.origin[0], HOUSE.origin[1] + HOUSE.inner.y[1], HOUSE.origin[2]];
  const dungeon = {
    id: HOUSE.dungeon, flags: 0, surfaces: [0], environment: ENV_ID & 0xFFFF, cell_struct: k0 + 1,
    position: frame(passageAt, [q45, 0, 0, q45]), // its +x along the landblock's +y
    portals: [{ flags: 2, polygon: down.portals[0], other_cell: low(HOUSE.interior), other_portal: 1 }],
    visible_cells: [low(HOUSE.interior)], stabs: [],
  };
  const block = { id: HOUSE.landblock, has_objects: 1, terrain: new Array(81).fill(HOUSE.terrain), height: new Array(81).fill(HOUSE.height) };
  const info = {
    id: HOUSE.info, num_cells: 2, objects: [],
    buildings: [{ model_id: HOUSE.shell, frame: frame(HOUSE.origin), num_leaves: 0,
      portals: [{ flags: 0, other_cell: low(HOUSE.interior), other_portal: 0, stabs: [low(HOUSE.interior)] }] }],
    pack_mask: 0,
  };
  return {
    structs: [inside, down],
    records: [{ id: block.id, bytes: rec.landblock(block) }, { id: info.id, bytes: rec.landblockInfo(info) },
      { id: interior.id, bytes: rec.envcell(interior) }, { id: dungeon.id, bytes: rec.envcell(dungeon) }],
    manifest: {
      landblock: hex(HOUSE.landblock), terrain_word: HOUSE.terrain, height_index: HOUSE.height,
      building: { model_id: hex(HOUSE.shell), origin: HOUSE.origin, portal: { other_cell: hex(HOUSE.interior), other_portal: 0 } },
      interior: { cell: hex(HOUSE.interior), cell_struct: k0, position: HOUSE.origin, seen_outside: true,
        portals: [{ polygon: 'doorway', to: 'outside' }, { polygon: 'passage to the dungeon', to: hex(HOUSE.dungeon), other_portal: 0 }],
        polygons: inside.polys.map((q) => ({ name: q.name, plane: q.plane.map((v) => Number(v.toFixed(7))) })) },
      dungeon: { cell: hex(HOUSE.dungeon), cell_struct: k0 + 1, position: passageAt, orientation: 'its +x along the landblock +y (a quarter turn about z)', seen_outside: false,
        length: HOUSE.corridor.L, drop: HOUSE.corridor.drop, portals: [{ polygon: 'west end: the passage', to: hex(HOUSE.interior), other_portal: 1 }],
        polygons: down.polys.map((q) => ({ name: q.name, plane: q.plane.map((v) => Number(v.toFixed(7))) })) },
      about: 'a house over a dungeon, synthetic: landblock 0x3E3E (in no excerpt) flat at height index 10, every vertex terrain word 36 (type 9, no road, no scenery); one building, the default excerpts\' cottage shell GfxObj 0x0100F300 at (84, 84, 20) unturned, wholly inside land cell 0x3E3E001C (retail puts a building in the land cell of its origin only: CSortCell::building), whose building portal leads into the interior EnvCell 0x3E3E0100 (seen outside: the cottage\'s inner box, its doorway facing -y); the interior\'s back wall has a passage as large as the doorway (a portal) into the dungeon EnvCell 0x3E3E0101 (not seen outside): a corridor 1.6 m wide and 2.2 m high going +y from the passage, its floor falling 3 m over 12 m (normal z 0.970, walkable), closed by an end wall. The real DATs\' houses over dungeons are the user\'s records',
    },
  };
}

export function generate(acp) {
  const list = rooms();
  const house = houseRecords(list.length);
  const structs = [...list.map((r) => r.struct), ...house.structs].map((st, k) => cellStruct(k, st));
  const env = { id: ENV_ID, cell_structs: structs.map(stripNames) };
  const cells = list.map((r, k) => ({
    id: ROOMS[k].cell, flags: 0, surfaces: [0], environment: ENV_ID & 0xFFFF, cell_struct: k,
    position: { origin: ROOMS[k].origin.map(Math.fround), orientation: [1, 0, 0, 0] },
    portals: [{ flags: 2, polygon: r.struct.portals[0], other_cell: 0xFFFF, other_portal: 0xFFFF }], visible_cells: [], stabs: [],
  }));
  const portal = writeDat(acp, { dataSet: 1, records: [{ id: ENV_ID, bytes: rec.environment(env), ...ENTRY }] });
  const sea = { id: SEA.id, has_objects: 0, terrain: new Array(81).fill(SEA.type << 2), height: new Array(81).fill(SEA.height) };
  const cell = writeDat(acp, { dataSet: 2, records: [{ id: SEA.id, bytes: rec.landblock(sea), ...ENTRY },
    ...cells.map((c) => ({ id: c.id, bytes: rec.envcell(c), ...ENTRY })),
    ...house.records.map((r) => ({ ...r, ...ENTRY }))] });
  const manifest = {
    about: 'Stand-in rooms for dereth\'s gate scenarios (conformance/v1/dereth/README.md), written by scripts/gen-dereth-standins.mjs: synthetic geometry (no public source holds retail geometry with these slopes and lips), one closed EnvCell each on landblock 0x3C3C (no terrain there), in the CellStructs of Environment 0x0D00F0D0. Coordinates: metres, the room\'s own axes (+x along the room, +z up), the EnvCell\'s position placing it in its landblock.',
    generator: 'scripts/gen-dereth-standins.mjs',
    environment: hex(ENV_ID),
    rooms: list.map((r, k) => ({
      name: r.name, cell: hex(ROOMS[k].cell), cell_struct: k, position: ROOMS[k].origin, length: r.L, width: 2 * W, ceiling: Number(r.H.toFixed(6)), about: r.about,
      polygons: r.struct.polys.map((p) => ({ name: p.name, plane: p.plane.map((v) => Number(v.toFixed(7))) })),
    })),
    sea: { landblock: hex(SEA.id), terrain_type: SEA.type, height_index: SEA.height,
      about: 'deep sea on every vertex (terrain type 20, WaterDeepSea), height index 14 (28 m) everywhere: the index of the real 0xA9B5\'s north edge, so land and sea meet level; a landblock entirely water collides with every object but missiles (CLandCell::find_env_collisions). Synthetic: the real sea north of Holtburg is in the user\'s own DAT' },
    house: house.manifest,
  };
  return { portal, cell, manifest };
}

async function main() {
  const check = process.argv.includes('--check');
  const acp = await loadAcphys(join(root, 'wasm', 'acphys.wasm'));
  const { portal, cell, manifest } = generate(acp);
  const outputs = [['standins-portal.dat', portal], ['standins-cell.dat', cell],
    ['standins.manifest.json', new TextEncoder().encode(`${JSON.stringify(manifest, null, 1)}\n`)]];
  const stale = [];
  for (const [name, bytes] of outputs) {
    const path = join(OUT, name);
    if (check) {
      let old;
      try { old = readFileSync(path); } catch { old = null; }
      if (!old || Buffer.compare(old, Buffer.from(bytes)) !== 0) stale.push(name);
    } else {
      writeFileSync(path, bytes);
      console.log(`[gen-dereth-standins] conformance/v1/dereth/${name}: ${bytes.length} bytes`);
    }
  }
  if (stale.length) {
    console.error(`[gen-dereth-standins] out of date: ${stale.join(', ')} (run node scripts/gen-dereth-standins.mjs)`);
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
