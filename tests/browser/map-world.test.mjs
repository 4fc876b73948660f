// The world as the client draws it, the rest of issue 36, in headless Chromium over the built
// dist/: roads as retail lays them out (CLandBlock::on_road's regions, checked pixel by pixel on
// the map against the rule written independently in tests/browser/roads.mjs, and laid on the
// 3-D terrain), the selected object's indoor cell outlined on the map and in the 3-D view, and an
// object with real records drawn on the map from its GfxObjs' drawing polygons (a stand-in from
// its parts), its collision spheres on the toggle.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';

import { DatSet, LazyDat, loadAcphys, writeDat } from '../../wasm/acphys.mjs';
import { createRun } from '../../wasm/scenario.mjs';
import { root, withServedDist } from './harness.mjs';
import { clearOfRoadEdges, onRoad, toRoadVertex } from './roads.mjs';

let server, browser, acp;
withServedDist((s, b) => { server = s; browser = b; });
before(async () => { acp = await loadAcphys(readFileSync(join(root, 'wasm', 'acphys.wasm'))); });

const src = () => readFileSync(join(root, 'web', 'src', 'terrain2d.ts'), 'utf8');
const ROAD = src().match(/ROAD_RGB[^=]*= \[(\d+), (\d+), (\d+)\]/).slice(1).map(Number);
const TYPES = [...src().matchAll(/\{ name: '(\w+)', rgb: \[(\d+), (\d+), (\d+)\] \}/g)].map((m) => [Number(m[2]), Number(m[3]), Number(m[4])]);
const chroma = ([r, g, b]) => { const s = r + g + b || 1; return [r / s, g / s, b / s]; };
const near = (a, b, tol) => a.every((v, i) => Math.abs(v - b[i]) <= tol);
const twoFrames = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
const view3d = (page) => page.evaluate(() => ({ ...document.querySelector('#view3d-box .view3d').dataset }));

async function openBundled(name) {
  const page = await browser.context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url);
  await page.waitForFunction(() => (window.acphysPage?.state()?.frames ?? 0) >= 5, null, { timeout: 60_000 });
  if (name) {
    await page.selectOption('#bundled', { label: name });
    await page.click('#open-bundled');
    await page.waitForFunction((n) => document.getElementById('status-note').textContent.includes(`bundled scenario ${n}.json`), name, { timeout: 60_000 });
  }
  await page.evaluate(() => window.acphysPage.pause());
  await twoFrames(page);
  return { page, errors };
}

async function pixelAt(page, x, y, layer, span = 60) {
  await page.evaluate(([cx, cy, sp]) => window.acphysPage.focusMap(cx, cy, sp), [x, y, span]);
  await page.waitForFunction(([cx, cy]) => { const m = window.acphysPage.map(); return m.centre[0] === cx && m.centre[1] === cy; }, [x, y]);
  await twoFrames(page);
  return page.evaluate(([cx, cy, l]) => window.acphysPage.mapPixel(cx, cy, l), [x, y, layer]);
}

describe('the world as the client draws it: roads, the indoor cell, objects\' polygons', () => {
  it('roads: retail\'s road regions are drawn as strips on the map (pixel by pixel) and laid on the 3-D terrain', async () => {
    const { page, errors } = await openBundled('into-the-cottage');
    await page.waitForFunction(() => window.acphysPage.terrain().coloured > 0, null, { timeout: 30_000 });
    const id = 0xA9B4FFFF;
    const set = new DatSet(acp);
    set.addBytes(new Uint8Array(readFileSync(join(root, 'data', 'cell-default.dat'))));
    const words = set.landblock(id).terrain;
    set.free();
    let roadVertices = 0;
    for (const w of words) if (w & 3) roadVertices++;
    assert.ok(roadVertices >= 8, `Holtburg's 0xA9B4 has road vertices (${roadVertices})`);
    const t = await page.evaluate(() => window.acphysPage.terrain());
    assert.ok(t.ids.includes(id) && t.roads && t.roadPolygons > 0, JSON.stringify(t));
    // Points of the cells that have a road corner, clear of road edges, grid lines and (off the
    // road) of the line between two vertices' areas: on the road far from any road vertex (the
    // strips between vertices, not dots on them), and off it.
    const on = [], off = [];
    for (let cx = 0; cx < 8; cx++) {
      for (let cy = 0; cy < 8; cy++) {
        if (![[0, 0], [0, 1], [1, 0], [1, 1]].some(([a, b]) => words[(cx + a) * 9 + cy + b] & 3)) continue;
        for (const dx of [3, 7.5, 12, 16.5, 21]) {
          for (const dy of [3, 7.5, 12, 16.5, 21]) {
            const x = cx * 24 + dx, y = cy * 24 + dy;
            if (!clearOfRoadEdges(words, x, y)) continue;
            if (onRoad(words, x, y)) on.push({ x, y, far: toRoadVertex(words, x, y) });
            else if (dx !== 12 && dy !== 12) off.push({ x, y, w: words[Math.round(x / 24) * 9 + Math.round(y / 24)] });
          }
        }
      }
    }
    on.sort((a, b) => b.far - a.far);
    assert.ok(on.length >= 6 && off.length >= 6 && on[2].far >= 8, `${on.length} road points (${on.slice(0, 3).map((p) => p.far.toFixed(1))} m from a road vertex), ${off.length} off`);
    const x0 = (id >>> 24) * 192, y0 = ((id >>> 16) & 0xff) * 192;
    const step = (a, n) => a.filter((_, i) => i % Math.max(1, Math.floor(a.length / n)) === 0).slice(0, n);
    for (const p of [...on.slice(0, 4), ...step(on.slice(4), 4)]) {
      const px = await pixelAt(page, x0 + p.x, y0 + p.y, true);
      assert.ok(near(px, ROAD, 3), `road at (${p.x}, ${p.y}) of 0xA9B4, ${p.far.toFixed(1)} m from a road vertex: pixel ${px}, road ${ROAD}`);
    }
    for (const p of step(off, 8)) {
      const px = await pixelAt(page, x0 + p.x, y0 + p.y, true);
      const want = TYPES[(p.w >> 2) & 0x1f];
      assert.ok(!near(px, ROAD, 3) && near(chroma(px), chroma(want), 0.02), `no road at (${p.x}, ${p.y}) of 0xA9B4: pixel ${px}, its type ${want}`);
    }
    // The 3-D view: the terrain coloured by its types, the roads laid on it.
    await page.locator('#view3d-box summary').click();
    await page.waitForFunction(() => Number(document.querySelector('#view3d-box .view3d').dataset.roadTriangles ?? 0) > 0, null, { timeout: 60_000 });
    const v = await view3d(page);
    assert.ok(Number(v.typedLandblocks) >= 1, JSON.stringify(v));
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('outlines the selected object\'s indoor cell (an EnvCell\'s walls) on the map and in the 3-D view', async () => {
    const { page, errors } = await openBundled('arrow-in-a-dungeon');
    const [o] = await page.evaluate(() => window.acphysPage.objects());
    const cell = o.cell >>> 0;
    assert.ok((cell & 0xffff) >= 0x100, `the arrow is in an indoor cell (0x${cell.toString(16)})`);
    const t = await page.evaluate(() => window.acphysPage.terrain());
    assert.equal(t.outlined, cell);
    // The cell's triangles as the draw side gives them in Node (the C suite checks them against
    // the record: tests/c/test_draw.c), in world metres.
    const scenario = (await page.evaluate(() => window.acphysPage.runFile())).scenario;
    const run = createRun(acp, { ...scenario, frames: { times: [1 / 60] } });
    const X = acp.exports, world = X.acp_abi_run_world(run.ptr), origin = Number(scenario.objects[0].position.cell) >>> 0;
    const n = X.acp_abi_draw_envcell_cell_triangles(world, cell, origin, 0, 0);
    assert.ok(n >= 3, `the EnvCell has triangles (${n})`);
    const p = acp.alloc(n * 12);
    X.acp_abi_draw_envcell_cell_triangles(world, cell, origin, p, n * 3);
    const tri = acp.f32().slice(p >> 2, (p >> 2) + n * 3);
    acp.free(p);
    run.dispose();
    const ox = (origin >>> 24) * 192, oy = ((origin >>> 16) & 0xff) * 192;
    const xs = [], ys = [];
    for (let v = 0; v < n; v++) { xs.push(ox + tri[3 * v]); ys.push(oy + tri[3 * v + 1]); }
    const bounds = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    t.outlinedBounds.forEach((b, i) => assert.ok(Math.abs(b - bounds[i]) < 1e-3, `bounds ${t.outlinedBounds} and ${bounds}`));
    // The walls (triangles standing upright) seen from above: their long edges are outlined.
    const edges = [];
    for (let v = 0; v < n; v += 3) {
      const a = [0, 1, 2].map((k) => [tri[3 * (v + k)], tri[3 * (v + k) + 1], tri[3 * (v + k) + 2]]);
      const u = a[1].map((c, k) => c - a[0][k]), w = a[2].map((c, k) => c - a[0][k]);
      const nz = u[0] * w[1] - u[1] * w[0], len = Math.hypot(u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], nz);
      if (Math.abs(nz) >= 0.5 * len) continue;
      for (const [i, j] of [[0, 1], [1, 2], [2, 0]]) {
        if (Math.hypot(a[i][0] - a[j][0], a[i][1] - a[j][1]) >= 2) edges.push([ox + (a[i][0] + a[j][0]) / 2, oy + (a[i][1] + a[j][1]) / 2]);
      }
    }
    assert.ok(edges.length >= 4, `the cell has walls (${edges.length} wall edges over 2 m)`);
    const span = 1.4 * Math.max(bounds[2] - bounds[0], bounds[3] - bounds[1], 8);
    const cx = (bounds[0] + bounds[2]) / 2, cy = (bounds[1] + bounds[3]) / 2;
    await pixelAt(page, cx, cy, false, span);
    let yellow = 0;
    const sample = edges.filter((_, i) => i % Math.max(1, Math.floor(edges.length / 16)) === 0);
    for (const [x, y] of sample) {
      const px = await page.evaluate(([a, b]) => window.acphysPage.mapPixel(a, b, false), [x, y]);
      if (px[0] > 200 && px[1] > 180 && px[2] < 150) yellow++;
    }
    assert.ok(yellow >= 0.6 * sample.length, `${yellow} of ${sample.length} wall edges drawn in the outline's yellow`);
    // The 3-D view outlines the same cell (its polygons' edges).
    await page.locator('#view3d-box summary').click();
    await page.waitForFunction(() => Number(document.querySelector('#view3d-box .view3d').dataset.outlineSegments ?? 0) > 0, null, { timeout: 60_000 });
    const v = await view3d(page);
    assert.equal(v.outlinedCell, `0x${cell.toString(16).toUpperCase().padStart(8, '0')}`);
    assert.ok(Number(v.outlineSegments) >= 4, JSON.stringify(v));
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('draws an object with real records from its GfxObjs\' drawing polygons, a stand-in from its parts, spheres on the toggle', async () => {
    const { page, errors } = await openBundled(null);
    let shapes = await page.evaluate(() => window.acphysPage.objectShapes());
    assert.equal(shapes.triangles, 0, 'the stand-in humanoid has no footprint from polygons');
    assert.ok(shapes.parts > 0, 'the stand-in humanoid is drawn as its parts');
    // A real Setup (the humanoid's with its height changed: other content, same id), as
    // tests/browser/view3d-world.test.mjs makes it: a triangle per polygon fan triangle.
    const bytes = new Uint8Array(readFileSync(join(root, 'data', 'portal-default.dat')));
    const lazy = new LazyDat(acp, bytes.length, (o, n) => bytes.slice(o, o + n));
    await lazy.open();
    const setup = await lazy.record(0x02000001);
    let triangles = 0;
    for (const id of setup.json.parts) {
      const g = await lazy.record(Number(id));
      triangles += g.json.polygons.reduce((n, p) => n + (p.vertex_ids.length - 2), 0);
    }
    lazy.free();
    const dv = new DataView(setup.bytes.buffer, setup.bytes.byteOffset, setup.bytes.length);
    const bits = new Uint32Array(new Float32Array([setup.json.height]).buffer)[0];
    let at = -1;
    for (let o = 0; o + 4 <= setup.bytes.length && at < 0; o += 4) if (dv.getUint32(o, true) === bits) at = o;
    assert.ok(at >= 0);
    dv.setFloat32(at, 1.9, true);
    await page.setInputFiles('#dat-input', { name: 'real-setup.dat', mimeType: 'application/octet-stream', buffer: Buffer.from(writeDat(acp, { dataSet: 1, records: [setup] })) });
    await page.waitForFunction(() => /^real-setup\.dat: /.test(document.getElementById('status-note').textContent), null, { timeout: 60_000 });
    await page.evaluate(() => window.acphysPage.play());
    await page.waitForFunction(() => window.acphysPage.objectShapes().triangles > 0, null, { timeout: 60_000 });
    await page.evaluate(() => window.acphysPage.pause());
    const [o] = await page.evaluate(() => window.acphysPage.objects());
    await page.uncheck('#view3d-collision');
    await pixelAt(page, o.x, o.y, false, 3);
    shapes = await page.evaluate(() => window.acphysPage.objectShapes());
    assert.equal(shapes.objects, 1);
    assert.equal(shapes.triangles, triangles, 'the player\'s footprint: every triangle of its 34 GfxObjs\' polygons');
    assert.equal(shapes.selected.length, 6 * triangles);
    // The footprint's pixels: the centroids of its larger triangles (the stand-in GfxObjs are
    // small, so these lie within a few decimetres of the origin), in the footprint's colour.
    const cents = [];
    for (let k = 0; k < shapes.selected.length; k += 6) {
      const [ax, ay, bx, by, cx, cy] = shapes.selected.slice(k, k + 6);
      const area = Math.abs((bx - ax) * (cy - ay) - (by - ay) * (cx - ax)) / 2;
      if (area > 1e-3) cents.push([(ax + bx + cx) / 3, (ay + by + cy) / 3]);
    }
    assert.ok(cents.length >= 5, `${cents.length} footprint triangles to sample`);
    let red = 0;
    for (const [x, y] of cents) {
      const px = await page.evaluate(([a, b]) => window.acphysPage.mapPixel(a, b, false), [x, y]);
      if (near(px, [215, 38, 61], 12)) red++;
    }
    assert.ok(red >= 0.6 * cents.length, `${red} of ${cents.length} footprint triangle centres in the footprint's colour`);
    // The collision shapes' toggle: no sphere drawn while off, the player's spheres when on.
    assert.equal(shapes.spheres, 0);
    await page.check('#view3d-collision');
    await twoFrames(page);
    assert.ok((await page.evaluate(() => window.acphysPage.objectShapes())).spheres >= 1);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
