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
  ];
}

/** The rooms' EnvCell ids and positions: room k is cell 0x3C3C0100 + k at (20 + 30 k, 100, 0). */
export const ROOMS = rooms().map((r, k) => ({ name: r.name, cell: LANDBLOCK | (0x100 + k), origin: [20 + 30 * k, 100, 0], about: r.about }));

export function generate(acp) {
  const list = rooms();
  const structs = list.map((r, k) => cellStruct(k, r.struct));
  const env = { id: ENV_ID, cell_structs: structs.map(stripNames) };
  const cells = list.map((r, k) => ({
    id: ROOMS[k].cell, flags: 0, surfaces: [0], environment: ENV_ID & 0xFFFF, cell_struct: k,
    position: { origin: ROOMS[k].origin.map(Math.fround), orientation: [1, 0, 0, 0] },
    portals: [{ flags: 2, polygon: r.struct.portals[0], other_cell: 0xFFFF, other_portal: 0xFFFF }], visible_cells: [], stabs: [],
  }));
  const portal = writeDat(acp, { dataSet: 1, records: [{ id: ENV_ID, bytes: rec.environment(env), ...ENTRY }] });
  const sea = { id: SEA.id, has_objects: 0, terrain: new Array(81).fill(SEA.type << 2), height: new Array(81).fill(SEA.height) };
  const cell = writeDat(acp, { dataSet: 2, records: [{ id: SEA.id, bytes: rec.landblock(sea), ...ENTRY },
    ...cells.map((c) => ({ id: c.id, bytes: rec.envcell(c), ...ENTRY }))] });
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
