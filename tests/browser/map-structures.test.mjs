// The map's buildings, statics and indoor cells (web/src/map.ts drawStructures, from the draw
// side's acp_abi_draw_building_triangles / _envcell_triangles / _static_cylinders) in headless
// Chromium over the built dist/: centred on Holtburg's cottage it fills the shell's footprint (its
// pixels are the fill's colour over the terrain, checked on a grid over the shell's box; the
// closed slabs' top and bottom faces must not cancel) and outlines the cottage's EnvCell and draws the tree; centred on the dungeon of 0x3A11 it outlines
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
    // The shell's corners seen from above (its vertices' x, y), in the building's frame.
    const xs = shell.vertices.map((v) => v.origin[0]), ys = shell.vertices.map((v) => v.origin[1]);
    expected = {
      shellBox: [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)],
      cottageFrame: info.buildings[0].frame,
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

/** World (x, y) points on a grid over the building's shell seen from above (its frame: origin in
 *  the landblock at (x0, y0), rotation about z by the quaternion [w, x, y, z]): `inside` 0.5 m
 *  within the box [x0, x1, y0, y1] of its vertices, `outside` on the box grown by 2 m. */
function footprintPoints([bx0, bx1, by0, by1], frame, lx, ly) {
  const [w, , , z] = frame.orientation;
  const cos = w * w - z * z, sin = 2 * w * z; // the rotation by 2·atan2(z, w) about z
  const world = (u, v) => [lx + frame.origin[0] + cos * u - sin * v, ly + frame.origin[1] + sin * u + cos * v];
  const inside = [], outside = [];
  for (let i = 0; i <= 8; i++) {
    for (let j = 0; j <= 6; j++) {
      inside.push(world(bx0 + 0.5 + (bx1 - bx0 - 1) * i / 8, by0 + 0.5 + (by1 - by0 - 1) * j / 6));
    }
  }
  for (let i = 0; i <= 8; i++) {
    outside.push(world(bx0 - 2 + (bx1 - bx0 + 4) * i / 8, by0 - 2), world(bx0 - 2 + (bx1 - bx0 + 4) * i / 8, by1 + 2));
  }
  for (let j = 1; j < 6; j++) {
    outside.push(world(bx0 - 2, by0 - 2 + (by1 - by0 + 4) * j / 6), world(bx1 + 2, by0 - 2 + (by1 - by0 + 4) * j / 6));
  }
  return { inside, outside };
}

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
      const { scenery, rocks: _rocks, ...rest } = (await page.evaluate(() => window.acphysPage.map())).structures;
      // The landblock statics' collision shapes (the tree's cylinder and the scenery's) are
      // drawn too: at least one per record static in view.
      assert.ok(scenery >= rest.statics, `scenery circles ${scenery} >= statics ${rest.statics}`);
      return rest;
    };
    // Holtburg 0xA9B4: world x = 0xA9 · 192 + x.
    const [cx, cy] = expected.cottageAt;
    assert.deepEqual(await structuresAt(0xA9 * 192 + cx, 0xB4 * 192 + cy, 60), expected.cottage);
    // The footprint is filled: the points of the shell's outline (a roof slab over 8 m by 6 m,
    // walls round it) seen from above, 0.5 m inside its edge, are the footprint's brown over the
    // terrain, and points 2 m outside it are not. (Drawn as one nonzero path, the slabs' top and
    // bottom faces cancelled: one brown pixel.)
    const { inside, outside } = footprintPoints(expected.shellBox, expected.cottageFrame, 0xA9 * 192, 0xB4 * 192);
    const colours = await page.evaluate(([ins, outs]) => {
      const m = window.acphysPage.map(), c = document.getElementById('map');
      const dpr = c.width / c.clientWidth, W = c.clientWidth, H = c.clientHeight;
      const px = ([x, y]) => [Math.round((W / 2 + (x - m.centre[0]) * m.scale) * dpr), Math.round((H / 2 - (y - m.centre[1]) * m.scale) * dpr)];
      const g = c.getContext('2d');
      const at = (p) => { const [u, v] = px(p); return Array.from(g.getImageData(u, v, 1, 1).data.slice(0, 3)); };
      const layer = (p) => window.acphysPage.mapPixel(p[0], p[1], true);
      return { inside: ins.map(at), outside: outs.map(at), insideGround: ins.map(layer), outsideGround: outs.map(layer) };
    }, [inside, outside]);
    // The fill rgba(120, 72, 40, 0.55) over the terrain: 0.55 · (120, 72, 40) + 0.45 · the
    // terrain layer's colour at that point (a sandy patch, and the road by the cottage: retail's
    // on_road regions, drawn over the types). Some points inside lie under the cottage cell's
    // outline or the player.
    const fill = [120, 72, 40], alpha = 0.55;
    const want = (bg) => bg.map((b, i) => alpha * fill[i] + (1 - alpha) * b);
    const filled = (c, bg) => c.every((v, i) => Math.abs(v - want(bg)[i]) <= 3);
    const inFilled = colours.inside.filter((c, k) => filled(c, colours.insideGround[k])).length;
    const outFilled = colours.outside.filter((c, k) => filled(c, colours.outsideGround[k])).length;
    assert.ok(inFilled >= 0.8 * inside.length,
      `points in the footprint in its colour over the terrain: ${inFilled} of ${inside.length} (${JSON.stringify(colours.inside)} over ${JSON.stringify(colours.insideGround)})`);
    assert.equal(outFilled, 0, `points outside the footprint in its colour: ${outFilled}`);
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
