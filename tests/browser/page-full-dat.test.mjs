// A full client_cell_1.dat / client_portal.dat on the page (issue 15, web/src/dat.ts extract):
// the records copied out of it are the closure `acphys excerpt` copies (acp_dat_record_refs),
// not only the LandBlocks: around the cottage the LandBlockInfo and its EnvCells, from an indoor
// start cell that EnvCell and the cells behind its portals, and, with a full portal DAT too, the
// Environments, the building shell and the statics those cell records name. The full DATs are
// the default excerpts under the names the page reads lazily (data/cell-default.dat and
// data/portal-default.dat hold exactly these records). The expected ids come from the records'
// own fields read in Node (LandBlock.has_objects, LandBlockInfo.num_cells / buildings / objects,
// EnvCell.portals / environment_id), never from the page.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { DAT_TYPE, DatSet, loadAcphys } from '../../wasm/acphys.mjs';
import { dist, launch, root, serve } from './harness.mjs';

const CELL = readFileSync(join(root, 'data', 'cell-default.dat'));
const PORTAL = readFileSync(join(root, 'data', 'portal-default.dat'));
const COTTAGE = 0, DUNGEON = 2; // BUNDLED_SCENARIOS: into-the-cottage, against-the-wall, arrow-in-a-dungeon

let server, browser, expected;
before(async () => {
  assert.ok(existsSync(join(dist, 'index.html')), 'dist/ is not built: run `node scripts/build.mjs web` (npm run build)');
  const acp = await loadAcphys(join(root, 'wasm', 'acphys.wasm'));
  const set = new DatSet(acp);
  try {
    set.addBytes(CELL);
    const have = new Set(set.records().map((r) => r.id >>> 0));
    const typeOf = new Map(set.records().map((r) => [r.id >>> 0, r.type]));
    /** The cell records reached from `start`, and the portal ids they name. */
    const closure = (start) => {
      const cell = new Set(), portal = new Set(), todo = start.filter((id) => have.has(id));
      while (todo.length) {
        const id = todo.shift();
        if (cell.has(id)) continue;
        cell.add(id);
        const j = set.json(typeOf.get(id), id);
        const next = [];
        if (j.type === 'LandBlock' && j.has_objects) next.push(((id & 0xffff0000) >>> 0) + 0xfffe);
        if (j.type === 'LandBlockInfo') {
          for (let i = 0; i < j.num_cells; i++) next.push(((id & 0xffff0000) >>> 0) + 0x100 + i);
          for (const o of j.objects) portal.add(Number(o.id));
          for (const b of j.buildings) {
            portal.add(Number(b.model_id));
            for (const p of b.portals) next.push(Number(p.other_cell_id));
          }
        }
        if (j.type === 'EnvCell') {
          portal.add(Number(j.environment_id));
          for (const s of j.stabs) portal.add(Number(s.id ?? s));
          for (const p of j.portals) next.push(Number(p.other_cell_id));
        }
        todo.push(...next.filter((n) => have.has(n) && !cell.has(n)));
      }
      return { cell: [...cell].sort((a, b) => a - b), portal: [...portal].sort((a, b) => a - b) };
    };
    const around = (X, Y) => {
      const ids = [];
      for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) ids.push((((X + dx) << 24 | (Y + dy) << 16) >>> 0) + 0xffff);
      return ids;
    };
    // into-the-cottage starts outdoors in 0xA9B40022; arrow-in-a-dungeon in the EnvCell 0x3A11012B.
    const cottage = closure(around(0xA9, 0xB4));
    const dungeon = closure([0x3A11012B, 0x3A11FFFE, ...around(0x3A, 0x11)]);
    expected = { cottage, dungeon };
  } finally { set.free(); }
  server = await serve(dist, '/some/path/');
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** A fresh tab on bundled scenario `index`, given the DAT files [name, bytes] one after the other;
 *  resolves to { page, ids: name → the record ids the runs got, text: the DAT list, errors }. */
async function withDats(index, files) {
  const page = await browser.context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url);
  await page.waitForFunction(() => window.acphysPage?.state() !== undefined, null, { timeout: 30_000 });
  await page.selectOption('#bundled', String(index));
  await page.click('#open-bundled');
  await page.waitForFunction(() => /Opened the bundled scenario/.test(document.getElementById('status-note').textContent), null, { timeout: 30_000 });
  for (const [name, bytes] of files) {
    await page.setInputFiles('#dat-input', { name, mimeType: 'application/octet-stream', buffer: bytes });
    await page.waitForFunction((n) => new RegExp(`^${n.replace('.', '\\.')}: `).test(document.getElementById('status-note').textContent), name, { timeout: 30_000 });
  }
  const ids = await page.evaluate(() => window.acphysPage.dats());
  const text = await page.locator('#dats').textContent();
  const message = await page.evaluate(() => (document.getElementById('message').hidden ? '' : document.getElementById('message-text').textContent));
  return { page, ids, text, errors, message };
}

const hex = (ids) => ids.map((id) => `0x${(id >>> 0).toString(16).toUpperCase().padStart(8, '0')}`);

describe('a full DAT on the page: the records copied are the closure acphys excerpt copies', () => {
  it('client_cell_1.dat around the cottage: the LandBlocks, the LandBlockInfo and its EnvCell', async () => {
    assert.deepEqual(hex(expected.cottage.cell),
      ['0xA9B40100', '0xA9B4FFFE', '0xA9B4FFFF', '0xA9B5FFFF', '0xAAB4FFFF', '0xAAB5FFFF'], 'the default cell excerpt as docs/DAT.md lists it');
    const { page, ids, text, errors, message } = await withDats(COTTAGE, [['client_cell_1.dat', CELL]]);
    assert.equal(message, '');
    assert.deepEqual(hex(ids['client_cell_1.dat']), hex(expected.cottage.cell));
    assert.match(text, /client_cell_1\.dat \(full DAT, read lazily; 6 records copied \([^)]*\): 1 EnvCell, 1 LandBlockInfo, 4 LandBlock\)/);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('with client_portal.dat too: the Environment, the shell GfxObj and the static Setup the cell records name', async () => {
    assert.deepEqual(hex(expected.cottage.portal), ['0x0100F300', '0x0200F300', '0x0D00F000']);
    const { page, ids, errors, message } = await withDats(COTTAGE, [['client_cell_1.dat', CELL], ['client_portal.dat', PORTAL]]);
    assert.equal(message, '');
    assert.deepEqual(hex(ids['client_cell_1.dat']), hex(expected.cottage.cell));
    const portal = new Set(ids['client_portal.dat']);
    for (const id of expected.cottage.portal) assert.ok(portal.has(id), `client_portal.dat copied ${hex([id])}`);
    // and what those name in turn (the static Setup's parts), as acphys excerpt follows them
    const acp = await loadAcphys(join(root, 'wasm', 'acphys.wasm'));
    const set = new DatSet(acp);
    set.addBytes(PORTAL);
    const tree = set.json(DAT_TYPE.Setup, 0x0200F300);
    set.free();
    assert.ok(tree.parts.length > 0);
    for (const p of tree.parts) assert.ok(portal.has(Number(p)), `the static's part ${p}`);
    // The scenery (issue 34): the Scenes the Region picks for the LandBlocks copied (each vertex's
    // terrain type, bits 2-6, and scene type, bits 11-15, index the Region's terrain_types into
    // its scene_types; every candidate Scene) and the objects they place.
    const both = new DatSet(acp);
    both.addBytes(PORTAL);
    both.addBytes(CELL);
    const region = both.json(DAT_TYPE.Region, 0x13000000);
    const scenes = new Set();
    for (const id of expected.cottage.cell.filter((c) => (c & 0xffff) === 0xffff)) {
      for (const w of both.json(DAT_TYPE.LandBlock, id).terrain) {
        const list = region.terrain_types[(w >> 2) & 0x1f].slice(1), st = (w >> 11) & 0x1f;
        if (st < list.length) for (const sc of region.scene_types[list[st]].scenes) scenes.add(Number(sc));
      }
    }
    assert.ok(scenes.size > 0, 'the Region places scenery on the cottage\'s landblocks');
    for (const sc of scenes) {
      assert.ok(portal.has(sc), `client_portal.dat copied the Scene ${hex([sc])}`);
      for (const o of both.json(DAT_TYPE.Scene, sc).objects) assert.ok(portal.has(Number(o.obj_id)), `the Scene's object ${o.obj_id}`);
    }
    both.free();
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('client_cell_1.dat from an indoor start cell: that EnvCell and the cells behind its portals', async () => {
    assert.deepEqual(hex(expected.dungeon.cell), ['0x3A11012A', '0x3A11012B', '0x3A11012C', '0x3A11012D', '0x3A11012E']);
    const { page, ids, errors, message } = await withDats(DUNGEON, [['client_cell_1.dat', CELL], ['client_portal.dat', PORTAL]]);
    assert.equal(message, '');
    assert.deepEqual(hex(ids['client_cell_1.dat']), hex(expected.dungeon.cell));
    const portal = new Set(ids['client_portal.dat']);
    assert.deepEqual(hex(expected.dungeon.portal), ['0x0D00F001']);
    assert.ok(portal.has(0x0D00F001), 'the dungeon cells\' Environment');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
