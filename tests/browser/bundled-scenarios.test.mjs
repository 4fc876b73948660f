// The bundled scenarios of issue 15 on the page (web/src/states.ts BUNDLED_SCENARIOS, the
// "Bundled scenario" select) in headless Chromium over the built dist/: into-the-cottage opens
// and plays, the player runs through the cottage's doorway and the run's own replay in Node (the
// same .wasm) has it in the interior EnvCell 0xA9B40100 once past the doorway; the recorded arrow
// in the dungeon runs (no longer skipped) and stays in the dungeon's cells.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { loadAcphys } from '../../wasm/acphys.mjs';
import { createRun, runScenario } from '../../wasm/scenario.mjs';
import { dist, launch, root, serve } from './harness.mjs';

let server, browser, acp;
before(async () => {
  assert.ok(existsSync(join(dist, 'index.html')), 'dist/ is not built: run `node scripts/build.mjs web` (npm run build)');
  acp = await loadAcphys(join(root, 'wasm', 'acphys.wasm'));
  server = await serve(dist, '/some/path/');
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

async function openBundled(name, frames, timeout = 60_000) {
  const page = await browser.context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url);
  await page.waitForFunction(() => (window.acphysPage?.state()?.frames ?? 0) >= 5, null, { timeout: 30_000 });
  await page.selectOption('#bundled', { label: name });
  await page.click('#open-bundled');
  await page.waitForFunction((n) => document.getElementById('status-note').textContent.includes(`bundled scenario ${n}.json`), name, { timeout: 20_000 });
  // k frames, or the story's end if it comes first: the page's frames follow the wall clock, so a
  // loaded machine's longer frames reach a story's end (through-the-wood's 4 s) in fewer of them.
  await page.waitForFunction((k) => ((window.acphysPage.state()?.frames ?? 0) >= k || !document.getElementById('continue').hidden) &&
    !window.acphysPage.state().busy, frames, { timeout });
  await page.evaluate(() => window.acphysPage.pause());
  const run = await page.evaluate(() => window.acphysPage.runFile());
  const lines = runScenario(acp, run.scenario).lines.map((l) => JSON.parse(l));
  return { page, errors, run, lines };
}

describe('bundled scenarios on the page', () => {
  it('into-the-cottage: the player enters the cottage; its cell becomes the EnvCell 0xA9B40100', async () => {
    const { page, errors, run, lines } = await openBundled('into-the-cottage', 75);
    assert.equal(run.scenario.name, 'into-the-cottage');
    const cells = lines.map((f) => Number(f.objects[0].cell) >>> 0);
    assert.equal(cells[0], 0xA9B40022, 'starts outdoors in front of the doorway');
    // The retail trace enters the interior at 0.73 s (tests/golden/into-the-cottage.jsonl); 75
    // frames of the page's own times reach past it.
    assert.ok(lines.at(-1).now > 0.9, `only ${lines.at(-1).now} s recorded`);
    assert.ok(cells.includes(0xA9B40100), `cells seen: ${[...new Set(cells)].map((c) => c.toString(16)).join(' ')}`);
    // Once inside it stays inside.
    const first = cells.indexOf(0xA9B40100);
    assert.ok(cells.slice(first).every((c) => c === 0xA9B40100));
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('arrow-in-a-dungeon: the arrow runs in the dungeon\'s cells', async () => {
    const { page, errors, lines } = await openBundled('arrow-in-a-dungeon', 30);
    const cells = lines.map((f) => Number(f.objects[0].cell) >>> 0);
    assert.ok(cells.every((c) => c >= 0x3A11012A && c <= 0x3A11012E), cells.map((c) => c.toString(16)).join(' '));
    const xs = lines.map((f) => f.objects[0].origin[0]);
    assert.ok(xs.at(-1) > xs[0], 'it flies down the corridor (+x)');
    assert.ok(lines.every((f) => f.objects[0].skipped !== 'no_cell'));
    assert.deepEqual(errors, []);
    await page.close();
  });
  it('quarrel-hits-drudge: the quarrel stops at the drudge, both report it, and the map marks it', async () => {
    const { page, errors, lines } = await openBundled('quarrel-hits-drudge', 30);
    const hit = lines.findIndex((f) => f.objects.find((o) => o.id === 1)?.collisions?.includes(2));
    assert.ok(hit >= 0, 'the quarrel reports the drudge');
    assert.ok(lines[hit].objects.find((o) => o.id === 2)?.collisions?.includes(1), 'the drudge reports the quarrel in the same frame');
    // INELASTIC: no velocity left after the hit (then it falls to the drudge's feet).
    const v = lines[hit].objects.find((o) => o.id === 1).velocity;
    assert.ok(Math.hypot(v[0], v[1]) === 0, `horizontal velocity after the hit: ${v}`);
    assert.deepEqual(errors, []);
    await page.close();
  });
  it('through-the-wood: the menu has it; the runner slides round the stand-in tree on 0xAAB4 and the map frames the wood', async () => {
    const names = await (async () => {
      const page = await browser.context.newPage();
      await page.goto(server.url);
      // the menu is filled once the page's module has started (after the load event on a loaded machine)
      await page.waitForFunction(() => document.querySelectorAll('#bundled option').length > 0, null, { timeout: 60_000 });
      const opts = await page.$$eval('#bundled option', (os) => os.map((o) => o.textContent));
      await page.close();
      return opts;
    })();
    assert.ok(names.includes('through-the-wood'), names.join(', '));
    // 200 of the page's frames: past the tree (its trunk at y 51.82; the runner starts at y 60.0
    // and runs at 4 m/s, slowed by the slide: the golden has it at y 51.88 after 2.5 s, 49.88 after 3).
    // 200 frames are 3.3 s at 60 Hz, or the story's 4 s end if the frames are longer (a loaded machine).
    const { page, errors, lines } = await openBundled('through-the-wood', 200, 240_000);
    const runner = lines.map((f) => f.objects[0]);
    assert.ok(runner.every((o) => (Number(o.cell) >>> 16) === 0xAAB4), 'stays on landblock 0xAAB4');
    assert.equal(Math.fround(runner[0].origin[0]), Math.fround(90.13), 'starts 0.2 m east of the trunk');
    const past = runner.filter((o) => o.origin[1] < 51.82);
    assert.ok(past.length > 0, `did not pass the tree: last y ${runner.at(-1).origin[1]}`);
    // Sliding along the 0.379 m cylinder pushes it east (x grows); running straight it would keep 90.13.
    assert.ok(past.every((o) => o.origin[0] > 90.5), past.map((o) => o.origin[0]).join(' '));
    // The map centres the opened run on its runner, in the wood (landblock 0xAAB4: world x 170*192 + ~90).
    const map = await page.evaluate(() => window.acphysPage.map());
    assert.ok(Math.abs(map.centre[0] - (0xAA * 192 + 90.13)) < 24 && Math.abs(map.centre[1] - (0xB4 * 192 + 56)) < 24, `centre ${map.centre}`);
    // The rocks (GfxObj 0x0100F311 of the rocks-and-bushes Scene: a physics BSP, no cylinder or
    // sphere) are drawn from their physics polygons: outlined on the map over the whole landblock,
    // filled in the 3-D view, as many triangles as the draw side gives for the run's world.
    const scenario = (await page.evaluate(() => window.acphysPage.runFile())).scenario;
    const r = createRun(acp, { ...scenario, frames: { times: [1 / 60] } });
    const X = acp.exports, origin = Number(scenario.objects[0].position.cell) >>> 0;
    const rockVertices = X.acp_abi_draw_block_static_physics_triangles(X.acp_abi_run_world(r.ptr), origin, 0, 0);
    r.dispose();
    assert.ok(rockVertices > 0 && rockVertices % 3 === 0, `rock vertices ${rockVertices}`);
    await page.evaluate(() => window.acphysPage.focusMap(0xAA * 192 + 96, 0xB4 * 192 + 96, 192));
    await page.waitForFunction(() => window.acphysPage.map().centre[0] === 0xAA * 192 + 96, null, { timeout: 10_000 });
    // Paused: the drawing at this view comes with the next animation frames.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const rocksOnMap = (await page.evaluate(() => window.acphysPage.map())).structures.rocks;
    assert.ok(rocksOnMap > 0, `rock triangles outlined on the map: ${rocksOnMap}`);
    await page.locator('#view3d-box summary').click();
    await page.waitForFunction(() => Number(document.querySelector('#view3d-box .view3d')?.dataset.frame ?? 0) >= 1, null, { timeout: 30_000 });
    const in3d = await page.evaluate(() => Number(document.querySelector('#view3d-box .view3d').dataset.rockTriangles));
    assert.equal(in3d, rockVertices / 3, 'the 3-D view draws every rock triangle');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
