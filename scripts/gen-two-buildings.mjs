#!/usr/bin/env node
// The DAT of the conformance case two-buildings-one-cell (conformance/v1/two-buildings.dat): a
// cell-set DAT holding one record, a LandBlockInfo 0xA9B4FFFE that replaces the default excerpts'
// (scenarios name it after "default": its record wins over the default one with the same id).
// It places two buildings whose origins lie in one outdoor cell of Holtburg's plateau, both with
// the default cottage shell (GfxObj 0x0100F300 of data/portal-default.dat: an 8 x 6 m cottage,
// walls 0.3 m thick and 3 m high, its doorway in the middle of the -y wall; scripts/
// gen-buildings.mjs), unturned, without portals, and no static objects:
//   building 0 at (82, 6, 94): walls x 78..86, y 3..9;
//   building 1 at (90, 18, 94): walls x 86..94, y 15..21;
// both origins in cell column floor(x / 24) = 3, row floor(y / 24) = 0: cell 0xA9B40019. Retail's
// CSortCell::add_building (0x00534030) keeps the first building of a cell, so the cell's
// building is building 0 (audit-collide-bsp D2). The plateau is flat at z = 94 over x 72..168,
// y 0..48 (gen-buildings.mjs, S.plateau).
//   node scripts/gen-two-buildings.mjs           write conformance/v1/two-buildings.dat
//   node scripts/gen-two-buildings.mjs --check   exit 1 when the file differs
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import * as rec from './lib/dat-records.mjs';
import { loadAcphys, writeDat } from '../wasm/acphys.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(root, 'conformance', 'v1', 'two-buildings.dat');
const ENTRY = { flags: 1 << 16, date: 1377993600, iteration: 1 }; // as scripts/gen-excerpts.mjs
const f = Math.fround;
const at = (x, y, z) => ({ origin: [f(x), f(y), f(z)], orientation: [1, 0, 0, 0] });

const info = {
  id: 0xA9B4FFFE,
  num_cells: 1, // the default cottage's EnvCell 0xA9B40100 stays in the cell excerpt
  objects: [],
  buildings: [
    { model_id: 0x0100F300, frame: at(82, 6, 94), num_leaves: 0, portals: [] },
    { model_id: 0x0100F300, frame: at(90, 18, 94), num_leaves: 0, portals: [] },
  ],
  pack_mask: 0,
};

const acp = await loadAcphys();
const bytes = writeDat(acp, { dataSet: 2, records: [{ id: info.id, bytes: rec.landblockInfo(info), ...ENTRY }] });
if (process.argv.includes('--check')) {
  let old = null;
  try { old = readFileSync(OUT); } catch { /* missing */ }
  if (!old || Buffer.compare(old, Buffer.from(bytes)) !== 0) {
    console.error('[two-buildings] conformance/v1/two-buildings.dat is stale: run node scripts/gen-two-buildings.mjs');
    process.exit(1);
  }
  console.log('[two-buildings] up to date');
} else {
  writeFileSync(OUT, bytes);
  console.log(`[two-buildings] conformance/v1/two-buildings.dat: ${bytes.length} bytes`);
}
