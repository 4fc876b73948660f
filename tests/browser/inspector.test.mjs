// The quantum inspector on the page (issue 36), in headless Chromium over the built dist/: for a
// bundled scenario's run as the page recorded it, the Inspect button re-runs the run to a frame
// with the selected object's sweeps recorded and lists them; its JSON is, character for character,
// what the native `acphys run --inspect <object>:<frame>` prints for the page's run file. The
// quarrel's hit on the drudge: the step whose insert COLLIDED, the drudge as the object met, and
// the trace's position as the final curr_pos; the runner against the wall: the slide; the cottage
// steps: the step up.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { loadAcphys } from '../../wasm/acphys.mjs';
import { inspectScenario, runScenario } from '../../wasm/scenario.mjs';
import { dist, launch, root, serve } from './harness.mjs';

const native = join(root, 'build', 'native', 'acphys');
let server, browser, acp, tmp;
before(async () => {
  assert.ok(existsSync(join(dist, 'index.html')), 'dist/ is not built: run `node scripts/build.mjs web` (npm run build)');
  assert.ok(existsSync(native), 'the native CLI is not built: run `node scripts/build.mjs` (npm run build)');
  acp = await loadAcphys(join(root, 'wasm', 'acphys.wasm'));
  server = await serve(dist, '/some/path/');
  browser = await launch();
  tmp = mkdtempSync(join(tmpdir(), 'acphys-inspector-'));
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** The bundled scenario `name` on the page, run to `frames` frames and paused: the page and its
 *  run file (the recorded frame times). */
async function openBundled(name, frames) {
  const page = await browser.context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url);
  await page.waitForFunction(() => (window.acphysPage?.state()?.frames ?? 0) >= 5, null, { timeout: 30_000 });
  await page.selectOption('#bundled', { label: name });
  await page.click('#open-bundled');
  await page.waitForFunction((n) => document.getElementById('status-note').textContent.includes(`bundled scenario ${n}.json`), name, { timeout: 20_000 });
  await page.waitForFunction((k) => (window.acphysPage.state()?.frames ?? 0) >= k && !window.acphysPage.state().busy, frames, { timeout: 60_000 });
  await page.evaluate(() => window.acphysPage.pause());
  const run = await page.evaluate(() => window.acphysPage.runFile());
  return { page, errors, scenario: run.scenario };
}

/** The first frame (1-based) whose record of object 0 has a step `pred` accepts. */
function firstFrame(scenario, frames, pred) {
  for (let f = 1; f <= frames; f++) {
    const rec = JSON.parse(inspectScenario(acp, scenario, { object: 0, frame: f }));
    if (rec.sweeps.some((s) => s.steps.some(pred))) return f;
  }
  return 0;
}

/** Inspect frame `f` on the page (button and field) and natively; they must be the same text. */
async function inspectBoth(page, scenario, f, label) {
  await page.fill('#inspect-frame', String(f));
  await page.click('#inspect');
  await page.waitForFunction((k) => document.getElementById('inspect-note').textContent.includes(`frame ${k}`), f);
  const json = await page.evaluate(() => document.getElementById('inspect-json').textContent);
  const file = join(tmp, `${label}.json`);
  writeFileSync(file, JSON.stringify(scenario));
  assert.equal(execFileSync(native, ['run', file, '--inspect', `0:${f}`], { encoding: 'utf8' }), `${json}\n`, 'the page\'s JSON is acphys run --inspect\'s');
  return JSON.parse(json);
}

describe('the quantum inspector on the page', () => {
  it('quarrel-hits-drudge: the step that collided, the drudge met, the trace\'s curr_pos', async () => {
    const { page, errors, scenario } = await openBundled('quarrel-hits-drudge', 30);
    const lines = runScenario(acp, scenario).lines.map((l) => JSON.parse(l));
    const f = lines.findIndex((l) => (l.objects[0].collisions ?? []).includes(2)) + 1;
    assert.ok(f > 0, 'the page\'s run has the quarrel hit the drudge');
    const rec = await inspectBoth(page, scenario, f, 'quarrel');
    const sw = rec.sweeps.at(-1);
    const hit = sw.steps.find((s) => s.insert === 'COLLIDED');
    assert.ok(hit, JSON.stringify(sw.steps.map((s) => s.insert)));
    assert.deepEqual(hit.objects, [{ id: 2, object: 1, name: 'Drudge Robber' }]);
    assert.equal(sw.steps.at(-1), hit, 'the missile\'s sweep stops at the step that collided');
    assert.deepEqual(sw.curr_pos.origin, lines[f - 1].objects[0].origin);
    assert.equal(sw.curr_pos.cell, lines[f - 1].objects[0].cell);
    const rows = await page.evaluate(() => window.acphysPage.inspectorRows());
    const row = rows.find((r) => r[3] === 'COLLIDED');
    assert.ok(row, JSON.stringify(rows));
    assert.match(row[6], /Drudge Robber \(id 2\)/);
    // On the map: every step's swept sphere, the listed cells' outlines, the terrain triangle kept
    // and the normal where the quarrel met the drudge.
    await page.waitForFunction(() => window.acphysPage.inspectorDrawn().spheres > 0);
    const drawn = await page.evaluate(() => window.acphysPage.inspectorDrawn());
    assert.equal(drawn.spheres, sw.steps.reduce((a, s) => a + s.spheres.length, 0));
    assert.equal(drawn.cells, new Set(sw.steps.flatMap((s) => s.cells)).size);
    assert.ok(drawn.polygons >= 1 && drawn.normals >= 1, JSON.stringify(drawn));
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('against-the-wall: the step up fails and the insert slides along the wall', async () => {
    const { page, errors, scenario } = await openBundled('against-the-wall', 40);
    const n = scenario.frames.times.length;
    const f = firstFrame(scenario, n, (s) => s.branches.includes('slid'));
    assert.ok(f > 0, 'the runner slides along the wall in the page\'s run');
    const rec = await inspectBoth(page, scenario, f, 'wall');
    const slide = rec.sweeps.flatMap((s) => s.steps).find((s) => s.branches.includes('slid'));
    assert.ok(slide.branches.includes('step_up') && !slide.branches.includes('step_up_ok'));
    assert.notEqual(slide.sliding_normal, null);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('into-the-cottage: the step up onto the cottage\'s step', async () => {
    const { page, errors, scenario } = await openBundled('into-the-cottage', 75);
    const n = scenario.frames.times.length;
    const f = firstFrame(scenario, n, (s) => s.branches.includes('step_up_ok'));
    assert.ok(f > 0, 'the player steps up in the page\'s run');
    const rec = await inspectBoth(page, scenario, f, 'cottage');
    const up = rec.sweeps.flatMap((s) => s.steps).find((s) => s.branches.includes('step_up_ok'));
    assert.ok(up.curr_pos.origin[2] > up.check_pos.origin[2], 'the step up lifts the sphere');
    const rows = await page.evaluate(() => window.acphysPage.inspectorRows());
    assert.ok(rows.some((r) => r[5].includes('step_up_ok')), JSON.stringify(rows));
    // A frame whose sweep lists the cottage's EnvCell: every listed cell outlined, the indoor one
    // by its walls, on the map and in the 3-D view alike.
    const indoor = (c) => ((Number(c) >>> 0) & 0xffff) >= 0x100;
    const g = firstFrame(scenario, n, (s) => s.cells.some(indoor));
    assert.ok(g > 0, 'a sweep lists the cottage\'s indoor cell');
    const inside = await inspectBoth(page, scenario, g, 'cottage-inside');
    const k = inside.sweeps.findIndex((sw) => sw.steps.some((s) => s.cells.some(indoor)));
    assert.ok(k >= 0);
    await page.locator('#inspect-quanta li button').nth(k).click();
    await page.waitForFunction((q) => window.acphysPage.inspectorQuantum() === q, k);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const drawn = await page.evaluate(() => window.acphysPage.inspectorDrawn());
    const listed = new Set(inside.sweeps[k].steps.flatMap((s) => s.cells));
    assert.equal(drawn.cells, listed.size, `every listed cell outlined: ${[...listed].join(' ')}`);
    await page.locator('#view3d-box summary').click();
    await page.waitForFunction(() => JSON.parse(document.querySelector('#view3d-box .view3d').dataset.inspector ?? '{"cells":-1}').cells >= 0, null, { timeout: 60_000 });
    await page.waitForFunction((k) => JSON.parse(document.querySelector('#view3d-box .view3d').dataset.inspector).cells === k, drawn.cells, { timeout: 60_000 });
    assert.deepEqual(errors, []);
    await page.close();
  });
});
