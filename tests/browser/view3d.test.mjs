// The page's 3-D view (web/src/view3d.ts) in headless Chromium (WebGL through SwiftShader): opened,
// it loads three.js and draws the terrain, the parts and the collision spheres from the draw side's
// arrays, follows the run frame by frame, and without WebGL says so instead of failing. On the
// bundled into-the-cottage scenario its camera follows the selected object into the cottage: the
// caption names the interior EnvCell 0xA9B40100 in the frames the run's own trace has the player
// there, the player's parts and spheres stay visible inside (the cut-away), and selecting another
// object moves the camera to it; an object outside behind the cottage's wall is seen through it.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { loadAcphys } from '../../wasm/acphys.mjs';
import { runScenario } from '../../wasm/scenario.mjs';
import { dist, launch, root, serve } from './harness.mjs';

const ARTIFACTS = join(root, 'tests', 'artifacts');

const ENVCELL = 0xA9B40100;
/** The page's speed while the camera follows the player into the cottage. */
const SPEED = 0.25;
const hex = (c) => `0x${(c >>> 0).toString(16).toUpperCase().padStart(8, '0')}`;

let server, browser, acp;
before(async () => {
  assert.ok(existsSync(join(dist, 'index.html')), 'dist/ is not built: run `node scripts/build.mjs web` (npm run build)');
  mkdirSync(ARTIFACTS, { recursive: true });
  acp = await loadAcphys(join(root, 'wasm', 'acphys.wasm'));
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
    // Pixels: sky, terrain (coloured by its terrain types: 0xD59A's Grassland and SemiBarrenRock,
    // green and grey-brown, blue the least of their channels) and the parts' red boxes are all on
    // the canvas.
    const px = await page.evaluate(() => {
      const c = document.querySelector('#view3d-box canvas');
      const g = document.createElement('canvas');
      g.width = c.width; g.height = c.height;
      const ctx = g.getContext('2d');
      ctx.drawImage(c, 0, 0);
      const d = ctx.getImageData(0, 0, g.width, g.height).data;
      let red = 0, ground = 0, sky = 0;
      for (let i = 0; i < d.length; i += 4) {
        const r = d[i], gr = d[i + 1], b = d[i + 2];
        if (r > 110 && gr < 80 && b < 90) red++;
        else if (b < Math.max(r, gr)) ground++;
        else if (b > r && b > 180) sky++;
      }
      return { red, ground, sky, total: d.length / 4 };
    });
    assert.ok(px.red > 0, `no part pixels: ${JSON.stringify(px)}`);
    assert.ok(px.ground > px.total / 4, `too little terrain: ${JSON.stringify(px)}`);
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

  it('follows the selected object into the cottage: into-the-cottage', async (t) => {
    const { page, errors } = await open();
    await page.locator('#view3d-box summary').click();
    await page.waitForFunction(() => window.acphysPage.view3d() !== null, null, { timeout: 30_000 });
    await page.selectOption('#bundled', { label: 'into-the-cottage' });
    await page.click('#open-bundled');
    await page.waitForFunction(() => document.getElementById('status-note').textContent.includes('bundled scenario into-the-cottage.json'),
      null, { timeout: 20_000 });
    // Run it again from its start, live, and sample every animation frame (after the page's loop
    // and the view's own, which were registered first): the run's frame, the selected object's
    // position and cell, and what the view shows. At 0.25× speed, so that even slow software
    // rendering samples several frames before the doorway (at 0.73 s of scene time).
    await page.selectOption('#speed', String(SPEED));
    await page.click('#restart');
    await page.waitForFunction(() => { const s = window.acphysPage.state(); return s.frames < 5 && !s.busy; }, null, { timeout: 20_000 });
    await page.evaluate(() => {
      window.followSamples = [];
      const sample = () => {
        const s = window.acphysPage.state(), v = window.acphysPage.view3d();
        const d = document.querySelector('#view3d-box .view3d').dataset;
        if (s && v) {
          window.followSamples.push({ frames: s.frames, cell: s.cell, pos: [s.x, s.y, s.z], target: v.target, shownCell: d.cell,
            caption: document.getElementById('view3d-caption').textContent, cutaway: d.cutaway });
        }
        if (window.followSamples.length < 100_000) requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    });
    // Run past the scenario's 120 frames, or to its story's end (Restart keeps it: a slow software
    // renderer's longer frames reach the story's 1.98 s in fewer page frames), until the player is inside.
    await page.waitForFunction(() => (window.acphysPage.state().frames >= 120 || !document.getElementById('continue').hidden) &&
      window.acphysPage.state().cell === 0xA9B40100, null, { timeout: 90_000 });
    await page.evaluate(() => window.acphysPage.pause());
    const samples = await page.evaluate(() => window.followSamples.splice(0));
    const run = await page.evaluate(() => window.acphysPage.runFile());
    assert.equal(run.scenario.name, 'into-the-cottage');
    // The run's own trace (the same .wasm in Node): the player's cell per frame.
    const lines = runScenario(acp, run.scenario).lines.map((l) => JSON.parse(l));
    const traced = lines.map((f) => Number(f.objects[0].cell) >>> 0);
    // How far the camera target can trail the player across: each animation frame it moves a
    // share 1 − e^(−dt/0.15 s) of the way (FOLLOW_TAU_S; dt the animation frame's real time, at
    // least the run frame's scene time / the 0.25× speed), after the player's step of that frame
    // (the player moves in whole quanta, not every frame). So after run frame k the lag is at most
    // (the lag after frame k − 1 + the step) × e^(−dt/0.15 s); the target snapped onto the player
    // when the restarted run was first drawn, before its first frame.
    let maxLag = 0;
    for (let k = 1, lag = 0; k < lines.length; k++) {
      const a = lines[k - 1].objects[0].origin, b = lines[k].objects[0].origin;
      lag = (lag + Math.hypot(b[0] - a[0], b[1] - a[1])) * Math.exp(-(lines[k].now - lines[k - 1].now) / SPEED / 0.15);
      maxLag = Math.max(maxLag, lag);
    }
    maxLag += 0.01;
    assert.equal(traced[0], 0xA9B40022, 'starts outdoors in front of the doorway');
    const entered = traced.indexOf(ENVCELL);
    assert.ok(entered > 0, 'the trace enters the EnvCell');
    const ran = samples.filter((x) => x.frames > 0);
    assert.ok(ran.length > 20, `${ran.length} animation frames sampled`);
    for (const x of ran) {
      // The caption and the view's cell are the selected object's cell of the same animation
      // frame, which is the trace's cell of that run frame.
      assert.equal(x.cell >>> 0, traced[x.frames - 1], `frame ${x.frames}: the page's cell is the trace's`);
      assert.equal(x.shownCell, hex(traced[x.frames - 1]), `frame ${x.frames}: the view's cell`);
      assert.ok(x.caption.includes(hex(traced[x.frames - 1])), `frame ${x.frames}: caption "${x.caption}"`);
      if (traced[x.frames - 1] === ENVCELL) {
        assert.match(x.caption, /indoor cell \(EnvCell\)/);
        assert.equal(x.cutaway, 'indoor');
      }
      // The target trails the moving player by the smoothing only; up and down the player
      // steps (the stair's 0.3 m risers, the hearth), where it trails by less than a metre.
      const lag = Math.hypot(x.target[0] - x.pos[0], x.target[1] - x.pos[1]);
      assert.ok(lag <= maxLag, `frame ${x.frames}: target ${x.target} is ${lag.toFixed(3)} m across from the player ${x.pos} (at most ${maxLag.toFixed(3)})`);
      assert.ok(Math.abs(x.target[2] - x.pos[2]) < 1, `frame ${x.frames}: target ${x.target}, player ${x.pos}`);
    }
    assert.ok(ran.some((x) => traced[x.frames - 1] !== ENVCELL) && ran.some((x) => traced[x.frames - 1] === ENVCELL),
      'sampled both outside and inside');
    const lags = ran.map((x) => Math.hypot(x.target[0] - x.pos[0], x.target[1] - x.pos[1]));
    t.diagnostic(`${ran.length} animation frames sampled over run frames ${ran[0].frames}-${ran.at(-1).frames}; ` +
      `the trace enters ${hex(ENVCELL)} at frame ${entered + 1} (${lines[entered].now.toFixed(3)} s); largest target lag across ${Math.max(...lags).toFixed(3)} m ` +
      `(at most ${maxLag.toFixed(3)} m)`);
    // Paused inside: the target settles on the player's position.
    const settled = async (tol) => page.waitForFunction((t) => {
      const s = window.acphysPage.state(), v = window.acphysPage.view3d();
      return v.selected === s.selected && Math.hypot(v.target[0] - s.x, v.target[1] - s.y, v.target[2] - s.z) < t;
    }, tol, { timeout: 10_000 });
    await settled(0.01);
    const end = await page.evaluate(() => ({ s: window.acphysPage.state(), v: window.acphysPage.view3d(),
      caption: document.getElementById('view3d-caption').textContent }));
    assert.equal(end.s.cell >>> 0, ENVCELL);
    assert.match(end.caption, /^Following \+Moosier \(id 1\): cell 0xA9B40100, an indoor cell \(EnvCell\)/);
    assert.equal(end.v.cutaway, true);
    // The player is visible inside: its parts and spheres change this many pixels of the canvas;
    // without the cut-away the cottage's walls and roof hide it.
    const seen = await page.evaluate(() => window.acphysPage.view3dSelectedPixels());
    const hidden = await page.evaluate(() => window.acphysPage.view3dSelectedPixels(false));
    t.diagnostic(`player pixels inside: ${seen.differing} with the cut-away, ${hidden.differing} without (of ${seen.total})`);
    assert.ok(seen.parts > 0 && seen.spheres > 0, JSON.stringify(seen));
    assert.ok(seen.differing >= 200, `the player covers ${seen.differing} pixels inside: ${JSON.stringify(seen)}`);
    assert.ok(hidden.differing < seen.differing / 4, `without the cut-away ${hidden.differing} pixels, with it ${seen.differing}`);
    await page.locator('#view3d-box').screenshot({ path: join(ARTIFACTS, 'page-view3d-cottage.png') });
    // Another object, placed 4 m from the player: selecting it moves the camera to it (within
    // 0.01 m once settled), and selecting the player moves it back.
    await page.click('#add-object');
    await page.waitForFunction(() => { const s = window.acphysPage.state(); return s.objects === 2 && !s.busy; }, null, { timeout: 30_000 });
    await page.evaluate(() => window.acphysPage.pause());
    await settled(0.01);
    const player = await page.evaluate(() => window.acphysPage.view3d().target);
    await page.selectOption('#selected', '1');
    await page.waitForFunction(() => window.acphysPage.state().selected === 1, null, { timeout: 5_000 });
    await settled(0.01);
    const other = await page.evaluate(() => ({ s: window.acphysPage.state(), v: window.acphysPage.view3d(),
      cell: document.querySelector('#view3d-box .view3d').dataset.cell, caption: document.getElementById('view3d-caption').textContent }));
    assert.equal(other.v.selected, 1);
    t.diagnostic(`object 1 at ${other.v.target.map((c) => c.toFixed(2))} in ${other.cell}, the player at ${player.map((c) => c.toFixed(2))}`);
    // (It was placed 4 m from the player and ran the recording with it: where it ends depends on
    // the page's frame times, but objects collide, so it is never on the player's spot.)
    assert.ok(Math.hypot(other.v.target[0] - player[0], other.v.target[1] - player[1], other.v.target[2] - player[2]) > 0.1,
      `target ${other.v.target}, player ${player}`);
    assert.equal(other.cell, hex(other.s.cell));
    assert.ok(other.caption.includes(hex(other.s.cell)), other.caption);
    // And back to the player.
    await page.selectOption('#selected', '0');
    await settled(0.01);
    assert.equal(await page.evaluate(() => window.acphysPage.view3d().selected), 0);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('cuts away a wall between the camera and the selected object: copies around into-the-cottage', async (t) => {
    const { page, errors } = await open();
    await page.locator('#view3d-box summary').click();
    await page.selectOption('#bundled', { label: 'into-the-cottage' });
    await page.click('#open-bundled');
    await page.waitForFunction(() => document.getElementById('status-note').textContent.includes('bundled scenario into-the-cottage.json'),
      null, { timeout: 20_000 });
    await page.evaluate(() => window.acphysPage.pause());
    // Eight copies of the player 3 m around its start, running the recording with it: some end
    // against the cottage's walls outside, some inside.
    await page.fill('#copies', '8');
    await page.click('#spawn');
    await page.waitForFunction(() => { const s = window.acphysPage.state(); return s.objects === 9 && !s.busy; }, null, { timeout: 30_000 });
    // Copies added while the run has frames enter the world at the next frame (enter_at): one
    // more frame puts them in.
    const f0 = (await page.evaluate(() => window.acphysPage.state())).frames;
    await page.evaluate(() => window.acphysPage.play());
    await page.waitForFunction((n) => window.acphysPage.state().frames > n, f0, { timeout: 30_000 });
    await page.evaluate(() => window.acphysPage.pause());
    const seen = [];
    for (let i = 0; i < 9; i++) {
      await page.selectOption('#selected', String(i));
      await page.waitForFunction((k) => {
        const s = window.acphysPage.state(), v = window.acphysPage.view3d();
        return s.selected === k && v.selected === k && Math.hypot(v.target[0] - s.x, v.target[1] - s.y, v.target[2] - s.z) < 0.01;
      }, i, { timeout: 10_000 });
      seen.push(await page.evaluate(() => ({ cell: window.acphysPage.state().cell >>> 0,
        cutaway: document.querySelector('#view3d-box .view3d').dataset.cutaway,
        cut: window.acphysPage.view3dSelectedPixels().differing, whole: window.acphysPage.view3dSelectedPixels(false).differing })));
    }
    t.diagnostic(seen.map((x, i) => `${i}: ${hex(x.cell)} ${x.cutaway || 'none'} ${x.cut}/${x.whole} px`).join('; '));
    // Every object is visible; one in an indoor cell has the structures cut away; one the whole
    // cottage would hide (no pixel of it without the cut-away) has them cut away as hidden behind a
    // wall; a cut-away always shows more of the object, and without one the two renders agree.
    for (const [i, x] of seen.entries()) {
      assert.ok(x.cut > 0, `object ${i} is not visible: ${JSON.stringify(x)}`);
      assert.equal(x.cutaway, (x.cell & 0xffff) >= 0x100 ? 'indoor' : x.whole === 0 ? 'hidden' : x.cutaway, `object ${i}: ${JSON.stringify(x)}`);
      if (x.cutaway === '') assert.equal(x.cut, x.whole, `object ${i}: nothing cut away`);
      else assert.ok(x.whole < x.cut, `object ${i}: ${JSON.stringify(x)}`);
    }
    assert.ok(seen.some((x) => x.cutaway === 'hidden'), 'an object outside is behind a wall');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
