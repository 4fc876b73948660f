// The page's Go to field (issue 36), in headless Chromium over the built dist/: a location as
// /loc prints it centres the map there (the landblock statics around it drawn: at
// 0xA9B4002A [132.0 12.0 94.0], Holtburg's tree), with or without the quaternion, and a landblock
// and cell alone centres on that cell; Add object "at the Go to place" puts the object there;
// a malformed location gets a message naming what is wrong and changes nothing: impossible
// positions, non-cell ids and stray words among the quaternion too.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { dist, launch, serve } from './harness.mjs';

let server, browser, page;
before(async () => {
  assert.ok(existsSync(join(dist, 'index.html')), 'dist/ is not built: run `node scripts/build.mjs web` (npm run build)');
  server = await serve(dist, '/some/path/');
  browser = await launch();
  page = await browser.context.newPage();
  await page.goto(server.url);
  await page.waitForFunction(() => (window.acphysPage?.state()?.frames ?? 0) >= 5, null, { timeout: 30_000 });
});
after(async () => {
  await browser?.close();
  await server?.close();
});

async function go(text) {
  await page.fill('#goto', text);
  await page.click('#goto-go');
  return page.evaluate(() => ({
    place: window.acphysPage.place(), map: window.acphysPage.map(),
    note: document.getElementById('status-note').textContent,
    message: document.getElementById('message').hidden ? '' : document.getElementById('message-text').textContent,
  }));
}

describe('Go to', () => {
  it('0xA9B4002A [132.0 12.0 94.0] 1.0 0.0 0.0 0.0 centres the map on Holtburg\'s tree', async () => {
    const r = await go('0xA9B4002A [132.0 12.0 94.0] 1.0 0.0 0.0 0.0');
    assert.equal(r.message, '');
    assert.deepEqual(r.map.centre, [192 * 0xA9 + 132, 192 * 0xB4 + 12]);
    assert.ok(r.map.structures.statics >= 1, `statics in view: ${JSON.stringify(r.map.structures)}`);
    assert.deepEqual(r.place.quaternion, [1, 0, 0, 0]);
    // The origin's (x, y) lie in cell 0x29 (x 120-144 m, y 0-24 m): the place uses it, and says so.
    assert.equal(r.place.holding, 0xA9B40029);
    assert.match(r.note, /cell 0xA9B4002A does not hold \(132, 12\): that is 0xA9B40029/);
  });

  it('the same without the quaternion, with ACE\'s words around it; a landblock and cell alone', async () => {
    let r = await go('Your location is: 0xA9B40029 [132.000000 12.000000 94.005005]');
    assert.equal(r.message, '');
    assert.deepEqual(r.map.centre, [192 * 0xA9 + 132, 192 * 0xB4 + 12]);
    assert.equal(r.place.quaternion, null);
    r = await go('0xA9B4 0x002A');
    assert.equal(r.message, '');
    assert.deepEqual(r.map.centre, [192 * 0xA9 + 5 * 24 + 12, 192 * 0xB4 + 24 + 12], 'the middle of cell 0x2A');
  });

  it('a malformed location names what is wrong, and the view stays', async () => {
    await go('0xA9B40029 [132.0 12.0 94.0]');
    for (const [text, what] of [
      ['0xA9B4002A [132.0 12.0]', 'the position [132.0 12.0] has 2 numbers; it needs 3 (x y z, metres)'],
      ['0xA9B4002A [132.0 twelve 94.0]', 'the position [132.0 twelve 94.0]: "twelve" is not a number'],
      ['0xA9B4002 [132.0 12.0 94.0]', '"0xA9B4002" before the position is not a cell id (8 hex digits, e.g. 0xA9B4002A)'],
      ['0xA9B4002A [132.0 12.0 94.0] 1.0 0.0 0.0', 'the rotation after the position has 3 numbers; a quaternion needs 4 (w x y z), or leave it out'],
      ['0xA9B4002A [132.0 12.0 94.0', 'the position\'s "[" has no "]"'],
      ['0xA9B40041 [132.0 12.0 94.0]', 'cell 0x0041 of 0xA9B40041 is neither an outdoor cell (0x0001 to 0x0040) nor an indoor one (0x0100 and up)'],
      ['0xA9B4002A [200.0 12.0 94.0]', 'the position (200, 12) is outside its landblock'],
      ['0x12340001 [10 10 10]', 'landblock 0x1234 is not loaded by this run'],
      // Impossible positions (review finding 2): non-finite, out of range, an indoor cell far off.
      ['0xA9B4002A [132 12 1e400]', 'the position [132 12 1e400]: 1e400 is not a finite number'],
      ['0xA9B4002A [132 12 1e30]', 'the height z = 1e+30 m is out of range: a place\'s z is within ±2,000 m'],
      ['0xA9B40029 [132 12 -2000.5]', 'the height z = -2000.5 m is out of range'],
      ['0xA9B40100 [5000 -5000 94]', 'the position (5000, -5000) is out of range for indoor cell 0xA9B40100'],
      ['0xA9B4FFFF [132 12 94]', '0xA9B4FFFF is not a cell id: 0xFFFF is the landblock\'s LandBlock record, not a cell'],
      ['0xA9B4FFFE [132 12 94]', '0xA9B4FFFE is not a cell id: 0xFFFE is the landblock\'s LandBlockInfo record, not a cell'],
      ['0xFFB40001 [12 12 94]', '0xFFB40001 is not a cell id: landblock 0xFFB4 is outside the world'],
      // Stray words among the quaternion, a second bracket (review finding 5).
      ['0xA9B4002A [132 12 94] 1 0 foo 0 0', 'after the position, "foo" is not a number of the quaternion (w x y z)'],
      ['0xA9B4002A [132 12 94] w 1 0 0 0', 'after the position, "w" is not a number of the quaternion'],
      ['0xA9B4002A [132 12 94] [1 2 3]', 'a location has one [x y z], then the quaternion w x y z without brackets'],

      ['', 'the location is empty'],
    ]) {
      const r = await go(text);
      assert.ok(r.message.startsWith('Go to: ') && r.message.includes(what), `${text}: ${r.message}`);
      assert.deepEqual(r.map.centre, [192 * 0xA9 + 132, 192 * 0xB4 + 12], 'the view stays where it was');
      assert.equal(r.place.holding, 0xA9B40029, 'the place stays');
    }
  });

  it('Add object "at the Go to place" puts the object there', async () => {
    await go('0xA9B40029 [132.0 12.0 94.5] 0.7071068 0 0 0.7071068');
    assert.equal(await page.evaluate(() => document.getElementById('state-place').value), 'goto');
    const before = await page.evaluate(() => window.acphysPage.state().objects);
    await page.click('#add-object');
    await page.waitForFunction((n) => window.acphysPage.state().objects === n + 1 && !window.acphysPage.state().busy, before, { timeout: 60_000 });
    const run = await page.evaluate(() => window.acphysPage.runFile());
    const added = run.scenario.objects.find((o) => o.position.cell === '0xA9B40029');
    assert.ok(added, JSON.stringify(run.scenario.objects.map((o) => o.position)));
    assert.deepEqual(added.position.origin, [132, 12, 94.5]);
    assert.deepEqual(added.position.orientation, [0.7071068, 0, 0, 0.7071068]);
    assert.match(await page.evaluate(() => document.getElementById('status-note').textContent), /at the Go to place 0xA9B40029 \[132\.0 12\.0 94\.5\]/);
  });
});
