// The page's 3-D view (web/src/view3d.ts) in headless Chromium (WebGL through SwiftShader): opened,
// it loads three.js and draws the terrain, the parts and the collision spheres from the draw side's
// arrays, follows the run frame by frame, and without WebGL says so instead of failing.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { dist, launch, root, serve } from './harness.mjs';

const ARTIFACTS = join(root, 'tests', 'artifacts');

let server, browser;
before(async () => {
  assert.ok(existsSync(join(dist, 'index.html')), 'dist/ is not built: run `node scripts/build.mjs web` (npm run build)');
  mkdirSync(ARTIFACTS, { recursive: true });
  server = await serve(dist, '/some/path/');
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

async function open(rest = '', init = null) {
  const page = await browser.context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  if (init) await page.addInitScript(init);
  await page.goto(server.url + rest);
  await page.waitForFunction(() => (window.acphysPage?.state()?.frames ?? 0) >= 10, null, { timeout: 30_000 });
  return { page, errors };
}

const view = (page) => page.evaluate(() => ({ ...document.querySelector('#view3d-box .view3d').dataset }));

describe('the 3-D view', () => {
  it('draws the terrain, parts and spheres from the draw arrays and follows the run', async () => {
    const { page, errors } = await open('?spawn=3');
    const objects = (await page.evaluate(() => window.acphysPage.state())).objects;
    assert.equal(await page.locator('#view3d-box canvas').count(), 0, 'three.js starts only when the view is opened');
    await page.locator('#view3d-box summary').click();
    await page.waitForFunction(() => Number(document.querySelector('#view3d-box .view3d')?.dataset.frame ?? -1) >= 0,
      null, { timeout: 30_000 });
    const first = await view(page);
    assert.ok(Number(first.landblocks) >= 1, `landblocks ${first.landblocks}`);
    const parts = Number(first.parts), spheres = Number(first.spheres);
    assert.ok(parts >= objects && parts % objects === 0, `${parts} part instances for ${objects} objects`);
    assert.ok(spheres >= objects, `${spheres} sphere instances for ${objects} objects`);
    await page.waitForFunction((f) => Number(document.querySelector('#view3d-box .view3d').dataset.frame) > f,
      Number(first.frame), { timeout: 10_000 });
    // Pixels: sky, terrain (green) and the parts' red boxes are all on the canvas.
    const px = await page.evaluate(() => {
      const c = document.querySelector('#view3d-box canvas');
      const g = document.createElement('canvas');
      g.width = c.width; g.height = c.height;
      const ctx = g.getContext('2d');
      ctx.drawImage(c, 0, 0);
      const d = ctx.getImageData(0, 0, g.width, g.height).data;
      let red = 0, green = 0, sky = 0;
      for (let i = 0; i < d.length; i += 4) {
        const r = d[i], gr = d[i + 1], b = d[i + 2];
        if (r > 110 && gr < 80 && b < 90) red++;
        else if (gr > r && gr > b) green++;
        else if (b > r && b > 180) sky++;
      }
      return { red, green, sky, total: d.length / 4 };
    });
    assert.ok(px.red > 0, `no part pixels: ${JSON.stringify(px)}`);
    assert.ok(px.green > px.total / 4, `too little terrain: ${JSON.stringify(px)}`);
    await page.locator('#view3d-box').screenshot({ path: join(ARTIFACTS, 'page-view3d.png') });
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('without WebGL shows a message and the page runs on', async () => {
    const noWebGL = () => {
      const get = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (kind, ...rest) {
        return String(kind).startsWith('webgl') ? null : get.call(this, kind, ...rest);
      };
    };
    const { page, errors } = await open('', noWebGL);
    await page.locator('#view3d-box summary').click();
    await page.waitForFunction(() => /No WebGL/.test(document.querySelector('#view3d-box').textContent), null, { timeout: 10_000 });
    assert.equal(await page.locator('#view3d-box canvas').count(), 0);
    const before = (await page.evaluate(() => window.acphysPage.state())).frames;
    await page.waitForFunction((f) => window.acphysPage.state().frames > f, before, { timeout: 10_000 });
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('draws the particles of a script (map and 3-D view) and lists the running scripts: scripts-and-particles', async () => {
    const { page, errors } = await open();
    const s = JSON.parse(readFileSync(join(root, 'data', 'scenarios', 'scripts-and-particles.json'), 'utf8'));
    await page.setInputFiles('#run-input', { name: 'scripts.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(s)) });
    // The script starts at 0.25 s: wait until the map has drawn its particles and listed it.
    await page.waitForFunction(() => (window.acphysPage.map().particles?.primary ?? 0) > 0, null, { timeout: 30_000 });
    const m = await page.evaluate(() => window.acphysPage.map().particles);
    assert.ok(m.primary > 0 && m.comparison > 0, JSON.stringify(m));
    // The spin (0x3300F010) from 0.25 s, the burst (0x3300F011) from 3.75 s: which one runs when the
    // page first shows particles depends on how fast headless Chromium gets there.
    assert.ok(m.scripts.some((l) => /^\+Moosier: 0x3300F01[01]/.test(l)), JSON.stringify(m.scripts));
    await page.locator('#view3d-box summary').click();
    await page.waitForFunction(() => Number(document.querySelector('#view3d-box .view3d')?.dataset.particles ?? 0) > 0,
      null, { timeout: 30_000 });
    await page.locator('#map').screenshot({ path: join(ARTIFACTS, 'page-particles.png') }).catch(() => {});
    assert.deepEqual(errors, []);
    await page.close();
  });
});
