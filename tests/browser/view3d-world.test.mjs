// The 3-D view draws the world as the client does (issue 36, issue 34's scenery), in headless
// Chromium over the built dist/: the landblock statics' and the scenery's collision shapes (as
// many as the draw side gives for the run's world), the collision shapes on a toggle, the parts of
// an object whose Setup is real (not the stand-in, judged by content) from its GfxObjs' drawing
// polygons, and the quantum inspector's sweep.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';

import { LazyDat, loadAcphys, writeDat } from '../../wasm/acphys.mjs';
import { createRun } from '../../wasm/scenario.mjs';
import { root, withServedDist } from './harness.mjs';

let server, browser, acp;
withServedDist((s, b) => { server = s; browser = b; });
before(async () => { acp = await loadAcphys(readFileSync(join(root, 'wasm', 'acphys.wasm'))); });

const view = (page) => page.evaluate(() => ({ ...document.querySelector('#view3d-box .view3d').dataset }));
const frames = (page, n) => page.waitForFunction((k) => Number(document.querySelector('#view3d-box .view3d').dataset.frame ?? 0) >= k &&
  (window.acphysPage.state()?.frames ?? 0) >= k, n, { timeout: 60_000 });

describe('the 3-D view draws the world', () => {
  it('scenery shapes, the collision toggle, the inspector\'s sweep, and a real Setup from its polygons', async () => {
    const page = await browser.context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url);
    await page.locator('#view3d-box summary').click();
    await frames(page, 20);
    await page.evaluate(() => window.acphysPage.pause());
    // The statics' and scenery's shapes: what the draw side gives for the default scenario's world.
    const scenario = (await page.evaluate(() => window.acphysPage.runFile())).scenario;
    const run = createRun(acp, { ...scenario, frames: { times: [1 / 60] } });
    const X = acp.exports, world = X.acp_abi_run_world(run.ptr), origin = scenario.objects[0].position.cell;
    const shapes = X.acp_abi_draw_block_static_cylspheres(world, Number(origin) >>> 0, 0, 0) + X.acp_abi_draw_block_static_spheres(world, Number(origin) >>> 0, 0, 0);
    run.dispose();
    assert.ok(shapes >= 2, `the default world's statics and scenery give ${shapes} shapes`);
    let v = await view(page);
    assert.equal(Number(v.scenery), shapes);
    assert.equal(Number(v.polygonVertices), 0, 'the stand-in humanoid keeps its boxes');

    // The collision toggle: the followed object's spheres are drawn, then not.
    const on = await page.evaluate(() => window.acphysPage.view3dSelectedPixels().differing);
    await page.uncheck('#view3d-collision');
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const off = await page.evaluate(() => window.acphysPage.view3dSelectedPixels().differing);
    assert.ok(off < on, `without the collision shapes the player covers ${off} pixels, with them ${on}`);
    await page.check('#view3d-collision');

    // The inspector's sweep: one wireframe sphere per step's sphere of the quantum shown.
    // (The first frame from 5 on whose quanta swept the player.)
    let record = null;
    for (let f = 5; f <= 20 && !record?.sweeps.length; f++) record = JSON.parse(await page.evaluate((k) => window.acphysPage.inspect(k), f));
    assert.ok(record?.sweeps.length, 'a frame whose quanta swept the player');
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    v = await view(page);
    const drawn = JSON.parse(v.inspector);
    // The same quantum as the map's overlay draws: as many spheres, terrain polygons and outdoor
    // cell outlines (the map's count of each), and a sphere for each step's sphere.
    const map = await page.evaluate(() => window.acphysPage.inspectorDrawn());
    assert.ok(drawn.spheres > 0, JSON.stringify(drawn));
    assert.equal(drawn.spheres, map.spheres);
    assert.equal(drawn.polygons, map.polygons);
    assert.equal(drawn.cells, map.cells);
    assert.ok(record.sweeps.some((sw) => sw.steps.reduce((n, st) => n + st.spheres.length, 0) === drawn.spheres));

    // A real Setup (the humanoid's with its height changed: other content, same id): its parts
    // from the GfxObjs' drawing polygons, 3 vertices a triangle of each polygon's fan.
    const bytes = new Uint8Array(readFileSync(join(root, 'data', 'portal-default.dat')));
    const lazy = new LazyDat(acp, bytes.length, (o, n) => bytes.slice(o, o + n));
    await lazy.open();
    const setup = await lazy.record(0x02000001);
    let vertices = 0;
    for (const id of setup.json.parts) {
      const g = await lazy.record(Number(id));
      vertices += g.json.polygons.reduce((n, p) => n + 3 * (p.vertex_ids.length - 2), 0);
    }
    lazy.free();
    const dv = new DataView(setup.bytes.buffer, setup.bytes.byteOffset, setup.bytes.length);
    const height = new Float32Array([setup.json.height]), bits = new Uint32Array(height.buffer)[0];
    let at = -1;
    for (let o = 0; o + 4 <= setup.bytes.length && at < 0; o += 4) if (dv.getUint32(o, true) === bits) at = o;
    assert.ok(at >= 0);
    dv.setFloat32(at, 1.9, true);
    await page.setInputFiles('#dat-input', { name: 'real-setup.dat', mimeType: 'application/octet-stream', buffer: Buffer.from(writeDat(acp, { dataSet: 1, records: [setup] })) });
    await page.waitForFunction(() => /^real-setup\.dat: /.test(document.getElementById('status-note').textContent), null, { timeout: 60_000 });
    await page.evaluate(() => window.acphysPage.play());
    await page.waitForFunction(() => Number(document.querySelector('#view3d-box .view3d').dataset.polygonVertices ?? 0) > 0, null, { timeout: 60_000 });
    v = await view(page);
    assert.ok(vertices > 0);
    assert.equal(Number(v.polygonVertices), vertices, 'the player drawn from its 34 GfxObjs\' polygons');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
