// The map's buildings, statics and indoor cells (web/src/map.ts drawStructures, from the draw
// side's acp_abi_draw_building_triangles / _envcell_triangles / _static_cylinders) in headless
// Chromium over the built dist/: centred on Holtburg's cottage it fills the shell's footprint and
// outlines the cottage's EnvCell and draws the tree; centred on the dungeon of 0x3A11 it outlines
// the dungeon's EnvCells; the 3-D view (web/src/view3d.ts) holds every building and indoor-cell
// triangle. The expected counts come from the default excerpts' records read in Node (one
// triangle per polygon corner past the second), never from the page.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { DAT_TYPE, DatSet, loadAcphys } from '../../wasm/acphys.mjs';
import { dist, launch, root, serve } from './harness.mjs';

let server, browser, expected;
before(async () => {
  assert.ok(existsSync(join(dist, 'index.html')), 'dist/ is not built: run `node scripts/build.mjs web` (npm run build)');
  const acp = await loadAcphys(join(root, 'wasm', 'acphys.wasm'));
  const set = new DatSet(acp);
  try {
    set.addBytes(readFileSync(join(root, 'data', 'portal-default.dat')));
    set.addBytes(readFileSync(join(root, 'data', 'cell-default.dat')));
    const fans = (polys) => polys.reduce((n, p) => n + p.vertex_ids.length - 2, 0);
    const info = set.json(DAT_TYPE.LandBlockInfo, 0xA9B4FFFE);
    const shell = set.json(DAT_TYPE.GfxObj, Number(info.buildings[0].model_id));
    const cellTriangles = (id) => {
      const c = set.json(DAT_TYPE.EnvCell, id);
      return fans(set.json(DAT_TYPE.Environment, Number(c.environment_id)).cell_structs[c.cell_struct].polygons);
    };
    const dungeon = set.records().filter((r) => r.type === DAT_TYPE.EnvCell && r.id >>> 16 === 0x3A11).map((r) => r.id);
    expected = {
      cottage: { buildings: fans(shell.physics_polygons), cells: cellTriangles(0xA9B40100), statics: info.objects.length },
      dungeon: { buildings: 0, cells: dungeon.reduce((n, id) => n + cellTriangles(id), 0), statics: 0 },
      cottageAt: info.buildings[0].frame.origin, dungeonCells: dungeon.length,
    };
  } finally { set.free(); }
  server = await serve(dist, '/some/path/');
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

describe('the map\'s buildings, statics and indoor cells', () => {
  it('draws the cottage, its cell and the tree on Holtburg, and the dungeon\'s cells on 0x3A11', async () => {
    const page = await browser.context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url);
    await page.waitForFunction(() => (window.acphysPage?.state()?.frames ?? 0) >= 5, null, { timeout: 30_000 });
    assert.ok(expected.cottage.buildings > 0 && expected.cottage.cells > 0 && expected.dungeonCells === 5);
    const structuresAt = async (x, y, span) => {
      await page.evaluate(([a, b, c]) => window.acphysPage.focusMap(a, b, c), [x, y, span]);
      await page.waitForFunction(([a, b]) => {
        const m = window.acphysPage.map();
        return m.centre[0] === a && m.centre[1] === b;
      }, [x, y], { timeout: 10_000 });
      // One more frame so the drawing is the one at this view.
      const f = (await page.evaluate(() => window.acphysPage.state())).frames;
      await page.waitForFunction((k) => window.acphysPage.state().frames > k + 1, f, { timeout: 10_000 });
      return (await page.evaluate(() => window.acphysPage.map())).structures;
    };
    // Holtburg 0xA9B4: world x = 0xA9 · 192 + x.
    const [cx, cy] = expected.cottageAt;
    assert.deepEqual(await structuresAt(0xA9 * 192 + cx, 0xB4 * 192 + cy, 60), expected.cottage);
    // The dungeon of 0x3A11, around the recorded arrow (77.76, 115.20): no terrain, only cells.
    assert.deepEqual(await structuresAt(0x3A * 192 + 80, 0x11 * 192 + 116, 80), expected.dungeon);
    // Far from both (the default scenario's own landblock): nothing.
    assert.deepEqual(await structuresAt(0xD5 * 192 + 96, 0x9A * 192 + 96, 100), { buildings: 0, cells: 0, statics: 0 });
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('the 3-D view holds every building triangle (solid) and indoor-cell triangle (wireframe)', async () => {
    const page = await browser.context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url);
    await page.waitForFunction(() => (window.acphysPage?.state()?.frames ?? 0) >= 5, null, { timeout: 30_000 });
    await page.locator('#view3d-box summary').click();
    await page.waitForFunction(() => Number(document.querySelector('#view3d-box .view3d')?.dataset.frame ?? -1) >= 0, null, { timeout: 30_000 });
    const d = await page.evaluate(() => ({ ...document.querySelector('#view3d-box .view3d').dataset }));
    assert.equal(Number(d.buildingVertices), 3 * expected.cottage.buildings);
    assert.equal(Number(d.cellVertices), 3 * (expected.cottage.cells + expected.dungeon.cells));
    assert.deepEqual(errors, []);
    await page.close();
  });
});
