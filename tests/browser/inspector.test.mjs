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
  // k frames, or the story's end if it comes first: the page's frames follow the wall clock, so a
  // loaded machine's longer frames reach a story's end (the quarrel's hit at ~1 s) in fewer of them.
  await page.waitForFunction((k) => ((window.acphysPage.state()?.frames ?? 0) >= k || !document.getElementById('continue').hidden) &&
    !window.acphysPage.state().busy, frames, { timeout: 60_000 });
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
    const row = rows.find((r) => r[4] === 'COLLIDED');
    assert.ok(row, JSON.stringify(rows));
    assert.match(row[7], /Drudge Robber \(id 2\)/);
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

  it('the Frame field: digits only, Enter inspects, errors clear on success; a frame without quanta says so; the table lists what the record has; a new run clears the record (review of issue 36, findings 1, 6, 7, 8)', async () => {
    const { page, errors, scenario } = await openBundled('quarrel-hits-drudge', 20);
    const lines = runScenario(acp, scenario).lines.map((l) => JSON.parse(l));
    const message = () => page.evaluate(() => (document.getElementById('message').hidden ? '' : document.getElementById('message-text').textContent));
    const note = () => page.evaluate(() => document.getElementById('inspect-note').textContent);
    // Not digits: refused, not read as a number (a number input took 1e1 as frame 10).
    for (const bad of ['2.5', '1e1', '0x3']) {
      await page.fill('#inspect-frame', bad);
      await page.click('#inspect');
      assert.equal(await message(), `Inspector: "${bad}" is not a frame number: give the frame in digits only (1 to ${lines.length}).`);
      assert.equal(await note(), '');
    }
    // All digits but past the run (20 of them): a frame that is not in the run, not "not digits".
    await page.fill('#inspect-frame', '99999999999999999999');
    await page.click('#inspect');
    assert.equal(await message(), `Inspector: frame 99999999999999999999 is not a frame of this run (1 to ${lines.length}).`);
    // Enter in the field inspects; the inspector's error goes once an inspection succeeds.
    const hitFrame = lines.findIndex((l) => (l.objects[0].collisions ?? []).includes(2)) + 1;
    await page.fill('#inspect-frame', String(hitFrame));
    await page.press('#inspect-frame', 'Enter');
    await page.waitForFunction((k) => document.getElementById('inspect-note').textContent.includes(`frame ${k}`), hitFrame);
    assert.equal(await message(), '');
    // The quantum's calc_num_steps offsets, and per step the offset, contact plane, walkable
    // polygon, collision normal and terrain polygon the record holds.
    const rec = JSON.parse(await page.evaluate(() => document.getElementById('inspect-json').textContent));
    const sw = rec.sweeps[await page.evaluate(() => window.acphysPage.inspectorQuantum())];
    const f3 = (v) => v.map((x) => x.toFixed(3)).join(' ');
    const button = await page.evaluate(() => document.querySelector('#inspect-quanta button[aria-pressed="true"]').textContent);
    assert.ok(button.includes(`calc_num_steps ${sw.calc_num_steps.num_steps} (offset [${f3(sw.calc_num_steps.offset)}], [${f3(sw.calc_num_steps.offset_per_step)}] per step)`), button);
    const head = await page.evaluate(() => [...document.querySelectorAll('#inspect-steps thead th')].map((c) => c.textContent));
    assert.deepEqual(head, ['step', 'check_pos', 'offset', 'cells', 'insert', 'result', 'branches', 'met', 'contact plane', 'walkable polygon',
      'collision normal', 'terrain polygon', 'curr_pos']);
    const rows = await page.evaluate(() => window.acphysPage.inspectorRows());
    sw.steps.forEach((st, k) => {
      assert.equal(rows[k][2], `[${f3(st.offset)}]`);
      assert.equal(rows[k][8], st.contact_plane ? `${st.contact_plane.cell} n [${f3(st.contact_plane.n)}] d ${st.contact_plane.d.toFixed(3)}` : '—');
      assert.equal(rows[k][9], st.walkable_polygon ? `poly ${st.walkable_polygon.poly_id} n [${f3(st.walkable_polygon.n)}] d ${st.walkable_polygon.d.toFixed(3)}` : '—');
      assert.equal(rows[k][10], st.collision_normal ? `[${f3(st.collision_normal)}]` : '—');
      assert.equal(rows[k][11], st.terrain_polygon ? `${st.terrain_polygon.cell} ${st.terrain_polygon.vertices.map((v) => `[${f3(v)}]`).join(' ')}` : '—');
    });
    assert.ok(rows.some((r) => r[10] !== '—'), 'the collision normal where the quarrel met the drudge');
    // A frame whose world gate stayed shut (less than MIN_QUANTUM, 1/30 s, since the world's last
    // update: retail's CPhysics::UseTime runs no object), after one that ran the quarrel's quanta:
    // said so, with the nearest frames that ran quanta.
    const q = (f) => lines[f - 1].objects[0].quanta.length;
    const idle = lines.findIndex((l, k) => k > 0 && l.gate === false && lines.slice(0, k).some((m) => m.objects[0].quanta.length)) + 1;
    assert.ok(idle > 0, 'a frame of the page\'s run whose world gate stayed shut');
    let before = idle - 1, after = idle + 1;
    while (before > 0 && q(before) === 0) before--;
    while (after <= lines.length && q(after) === 0) after++;
    await page.fill('#inspect-frame', String(idle));
    await page.press('#inspect-frame', 'Enter');
    await page.waitForFunction((k) => document.getElementById('inspect-note').textContent.includes(`frame ${k}:`), idle);
    const lastOpen = lines.slice(0, idle - 1).findLast((l) => l.gate)?.now ?? 0;
    assert.equal(await note(), `Greater Deadly Blunt Quarrel (id 1), frame ${idle}: no quantum ran in frame ${idle} (the world's gate stayed shut: ` +
      `${((lines[idle - 1].now - lastOpen) * 1000).toFixed(2)} ms since its last update is shorter than MIN_QUANTUM, 1/30 s, so CPhysics::UseTime ` +
      `ran no object; the time carries into a later frame's quanta); the nearest frames with quanta: frame ${before} and frame ${after}`);
    // Back to the hit, then another run: the record, its table and its drawing go.
    await page.fill('#inspect-frame', String(hitFrame));
    await page.click('#inspect');
    await page.waitForFunction(() => window.acphysPage.inspectorDrawn().spheres > 0);
    await page.locator('#view3d-box summary').click();
    // The 3-D view draws the sweep's spheres (its drawn counts: view3dextra.ts).
    await page.waitForFunction(() => JSON.parse(document.querySelector('#view3d-box .view3d')?.dataset.inspector ?? '{"spheres":0}').spheres > 0, null, { timeout: 60_000 });
    await page.selectOption('#bundled', { label: 'two-runners' });
    await page.click('#open-bundled');
    await page.waitForFunction(() => document.getElementById('status-note').textContent.includes('bundled scenario two-runners.json'), null, { timeout: 20_000 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    assert.equal(await note(), '');
    assert.equal(await page.evaluate(() => document.getElementById('inspect-json').textContent), '');
    assert.deepEqual(await page.evaluate(() => window.acphysPage.inspectorRows()), []);
    assert.deepEqual(await page.evaluate(() => window.acphysPage.inspectorDrawn()), { spheres: 0, cells: 0, polygons: 0, normals: 0 });
    // The 3-D view's sweep goes too.
    await page.waitForFunction(() => JSON.parse(document.querySelector('#view3d-box .view3d')?.dataset.inspector ?? '{"spheres":-1}').spheres === 0, null, { timeout: 30_000 });
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
    assert.ok(rows.some((r) => r[6].includes('step_up_ok')), JSON.stringify(rows));
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
