// The page's Go to field (issue 36), in headless Chromium over the built dist/: a location as
// /loc prints it centres the map there (the landblock statics around it drawn: at
// 0xA9B4002A [132.0 12.0 94.0], Holtburg's tree), with or without the quaternion, and a landblock
// and cell alone centres on that cell; Add object "at the Go to place" puts the object there;
// a malformed location gets a message naming what is wrong and changes nothing. Then the review's
// findings: impossible positions, non-cell ids and stray words refused; the issue's own example
// centred with a note; the error cleared by a good Go to; the map's marker; the activity-radius
// warning; a dungeon cell centring the map and the 3-D view; the place cleared by another
// scenario; a landblock only a user's full cell DAT has (previewed on the map, its terrain types'
// colours, and in the 3-D view, its ground at retail's terrain height, labelled as not in the run,
// with the run file unchanged; Add object rebuilds, the run's own landblock is drawn, the run file
// replays identical).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { DatSet, LazyDat, loadAcphys, writeDat } from '../../wasm/acphys.mjs';
import { dist, launch, root, serve } from './harness.mjs';
import { onRoad } from './roads.mjs';

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
  // Go to is async (a user DAT may be read) and the map draws what is in view on its next frames:
  // read them after two animation frames (a loaded machine's first read came before the drawing).
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
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
      ['0x12340001 [10 10 10]', 'no DAT searched has its LandBlock 0x1234FFFF (searched: the default excerpts)'],
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
      // A dungeon's landblock has no land: a bare cell there names what was searched.
      ['0x3A11 0x0001', 'no DAT searched has its LandBlock 0x3A11FFFF (searched: the default excerpts); add a cell DAT that has it (a dungeon\'s landblock has no land'],
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

describe('Go to (review findings)', () => {
  const placeSelect = () => page.evaluate(() => document.getElementById('state-place').value);
  const view = () => page.evaluate(() => ({ ...document.querySelector('#view3d-box .view3d').dataset }));

  it('the issue\'s own example centres with a note, not an error; a bad location then a good one clears the error', async () => {
    let r = await go('twelve');
    assert.match(r.message, /^Go to: "twelve" is not a location/);
    r = await go('0xA9B4002A [132.0 12.0 94.0]');
    assert.equal(r.message, '', 'the error box goes with a good Go to');
    assert.deepEqual(r.map.centre, [192 * 0xA9 + 132, 192 * 0xB4 + 12]);
    // (132, 12) is in cell 0x29 by the cell rule 1 + 8·floor(x/24) + floor(y/24) = 1 + 40 + 0.
    assert.match(r.note, /^Centred on 0xA9B40029 \[132\.0 12\.0 94\.0\] \(cell 0xA9B4002A does not hold \(132, 12\): that is 0xA9B40029, used for the place\)/);
    assert.match(await page.getAttribute('#goto', 'placeholder'), /^0xA9B40029 \[132\.0 12\.0 94\.0\]/, 'the placeholder\'s example is consistent');
  });

  it('draws a marker at the place on the map until it is cleared', async () => {
    await go('0xA9B40029 [100.0 50.0 94.0]');
    await page.waitForFunction(() => document.getElementById('map').dataset.gotoMarker === `${192 * 0xA9 + 100},${192 * 0xB4 + 50}`, null, { timeout: 10_000 });
  });

  it('an indoor cell must hold the point: the cottage\'s EnvCell 0xA9B40100 refuses a point outside its walls', async () => {
    const r = await go('0xA9B40100 [10 10 94]');
    assert.match(r.message, /^Go to: indoor cell 0xA9B40100 does not hold \(10, 10\): its walls span x [\d.]+ to [\d.]+ m and y [\d.]+ to [\d.]+ m in its landblock's frame\.$/);
    assert.equal(r.place.holding, 0xA9B40023, 'the place stays (cell 0x23 holds (100, 50))');
  });

  it('adding at a far place says it is beyond the 96 m activity radius', async () => {
    await go('0xA9B40029 [132.0 12.0 94.5]');
    const before = await page.evaluate(() => window.acphysPage.state().objects);
    await page.click('#add-object');
    await page.waitForFunction((n) => window.acphysPage.state().objects === n + 1 && !window.acphysPage.state().busy, before, { timeout: 60_000 });
    // The player runs on landblock 0xD59A, dozens of landblocks from 0xA9B4.
    assert.match(await page.evaluate(() => document.getElementById('status-note').textContent),
      /at the Go to place 0xA9B40029 \[132\.0 12\.0 94\.5\], [\d,.]+ m from \S+ \(beyond the 96 m activity radius: it stays inactive until the player comes near\)/i);
    // The inspector, at the last frame, says why the far object swept nothing (re-review of issue 36).
    const f0 = await page.evaluate(() => window.acphysPage.state().frames);
    await page.waitForFunction((k) => window.acphysPage.state().frames >= k + 2, f0, { timeout: 60_000 });
    await page.evaluate(() => window.acphysPage.pause());
    await page.selectOption('#selected', String(before));
    const last = await page.evaluate(() => window.acphysPage.state().frames);
    await page.fill('#inspect-frame', String(last));
    await page.click('#inspect');
    await page.waitForFunction(() => /activity radius/.test(document.getElementById('inspect-note').textContent), null, { timeout: 60_000 });
    assert.match(await page.evaluate(() => document.getElementById('inspect-note').textContent),
      new RegExp(`frame ${last}: no sweep \\(inactive: [\\d,.]+ m from the player \\S+, beyond the 96 m activity radius\\)`));
    await page.selectOption('#selected', '0');
    await page.evaluate(() => window.acphysPage.play());
  });

  it('a dungeon cell in a user\'s cell DAT: the map and the 3-D view centre there until an object is followed again', async () => {
    await page.locator('#view3d-box summary').click();
    await page.waitForFunction(() => Number(document.querySelector('#view3d-box .view3d')?.dataset.frame ?? -1) >= 0, null, { timeout: 60_000 });
    const bytes = readFileSync(join(root, 'data', 'cell-default.dat'));
    await page.setInputFiles('#dat-input', { name: 'client_cell_1.dat', mimeType: 'application/octet-stream', buffer: bytes });
    await page.waitForFunction(() => /^client_cell_1\.dat: /.test(document.getElementById('status-note').textContent), null, { timeout: 60_000 });
    for (const text of ['0x3A11012D [99.8 117.6 -38.7]']) {
      const r = await go(text);
      assert.equal(r.message, '', text);
      const want = [192 * 0x3A + 99.8, 192 * 0x11 + 117.6];
      assert.deepEqual(r.map.centre, want);
      assert.equal(r.place.holding, 0x3A11012D);
      await page.waitForFunction(([x, y]) => {
        const d = document.querySelector('#view3d-box .view3d').dataset;
        return d.place === 'goto' && Math.abs(Number(d.targetX) - x) < 1e-3 && Math.abs(Number(d.targetY) - y) < 1e-3 && Math.abs(Number(d.targetZ) + 38.7) < 1e-3;
      }, want, { timeout: 10_000 });
      assert.match((await view()).cell, /^0x3A11012D$/);
    }
    // A landblock in none of the DATs names them all.
    const r = await go('0x12340001 [10 10 10]');
    assert.match(r.message, /\(searched: the default excerpts, client_cell_1\.dat\)/);
    // Following again: the 3-D view goes back to the selected object.
    await page.check('#follow');
    await page.waitForFunction(() => document.querySelector('#view3d-box .view3d').dataset.place === '', null, { timeout: 10_000 });
    assert.equal((await view()).selected, String(await page.evaluate(() => window.acphysPage.state().selected ?? 0)));
  });

  it('another scenario clears the place: the arrow in the dungeon does not add "at the Go to place" of the last run', async () => {
    let r = await go('0xD59A0023 [110 60 250]');
    assert.equal(r.message, '');
    assert.equal(await placeSelect(), 'goto');
    await page.selectOption('#bundled', { label: 'arrow-in-a-dungeon' });
    await page.click('#open-bundled');
    await page.waitForFunction(() => /Opened the bundled scenario arrow-in-a-dungeon/.test(document.getElementById('status-note').textContent), null, { timeout: 60_000 });
    await page.waitForFunction(() => window.acphysPage.place() === null, null, { timeout: 10_000 });
    assert.equal(await placeSelect(), 'near');
    await page.waitForFunction(() => document.getElementById('map').dataset.gotoMarker === '', null, { timeout: 10_000 });
    // The field shows no place that is gone; "at the Go to place" without one adds nothing and says so.
    assert.equal(await page.evaluate(() => document.getElementById('goto').value), '');
    const before = await page.evaluate(() => window.acphysPage.state().objects);
    await page.selectOption('#state-place', 'goto');
    await page.click('#add-object');
    await page.waitForFunction(() => /needs a place/.test(document.getElementById('message-text').textContent), null, { timeout: 10_000 });
    assert.equal(await page.evaluate(() => document.getElementById('message-text').textContent),
      'Add object: "at the Go to place" needs a place: type a location in Go to first (or choose another "placed"). No object was added.');
    assert.equal(await page.evaluate(() => window.acphysPage.state().objects), before);
  });
});

/** The page's colour per terrain type, as web/src/terrain2d.ts gives them (types 21-31 share one). */
function colourTable() {
  const src = readFileSync(join(root, 'web', 'src', 'terrain2d.ts'), 'utf8');
  const types = [...src.matchAll(/\{ name: '(\w+)', rgb: \[(\d+), (\d+), (\d+)\] \}/g)].map((m) => [Number(m[2]), Number(m[3]), Number(m[4])]);
  const reserved = src.match(/Reserved\$\{21 \+ i\}`, rgb: \[(\d+), (\d+), (\d+)\]/).slice(1).map(Number);
  while (types.length < 32) types.push(reserved);
  return { types };
}
/** A colour's chromaticity (each channel over their sum): the hill shading scales all three. */
const chroma = ([r, g, b]) => { const s = r + g + b || 1; return [r / s, g / s, b / s]; };
const near = (a, b, tol) => a.every((v, i) => Math.abs(v - b[i]) <= tol);
/** The map's colour where no landblock is drawn (web/src/map.ts NOT_LOADED_COLOUR). */
const NOT_LOADED_RGB = readFileSync(join(root, 'web', 'src', 'map.ts'), 'utf8').match(/NOT_LOADED_COLOUR = '#(\w\w)(\w\w)(\w\w)'/).slice(1).map((h) => parseInt(h, 16));

/** The map's terrain layer at world (x, y) m, centred there (60 m across) and drawn. */
async function mapColourAt(tab, x, y) {
  await tab.evaluate(([cx, cy]) => window.acphysPage.focusMap(cx, cy, 60), [x, y]);
  await tab.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return tab.evaluate(([cx, cy]) => window.acphysPage.mapPixel(cx, cy, true), [x, y]);
}

describe('Go to a landblock only a user\'s full cell DAT has', () => {
  it('the place stands, Add object rebuilds the run with the landblock copied out, and the run file replays identical', async () => {
    // A full cell DAT (by its name, read lazily) with the player's landblock 0xD59A (a run's
    // objects need theirs) and 0xD59DFFFF, three landblocks north, which no run has loaded (a full
    // DAT gives a run the landblocks around its objects): 0xD59A's record under that id.
    const acp = await loadAcphys(join(root, 'wasm', 'acphys.wasm'));
    const cell = readFileSync(join(root, 'data', 'cell-default.dat'));
    const lazy = new LazyDat(acp, cell.length, async (o, n) => new Uint8Array(cell.subarray(o, o + n)));
    await lazy.open();
    const rec = await lazy.record(0xD59AFFFF);
    lazy.free();
    const bytes = rec.bytes.slice();
    new DataView(bytes.buffer).setUint32(0, 0xD59DFFFF, true);
    const dat = Buffer.from(writeDat(acp, { dataSet: 2, blockSize: 256, records: [{ id: 0xD59AFFFF, bytes: rec.bytes }, { id: 0xD59DFFFF, bytes }] }));
    const tab = await browser.context.newPage();
    try {
      await tab.goto(server.url);
      await tab.waitForFunction(() => (window.acphysPage?.state()?.frames ?? 0) >= 5, null, { timeout: 30_000 });
      await tab.setInputFiles('#dat-input', { name: 'client_cell_1.dat', mimeType: 'application/octet-stream', buffer: dat });
      await tab.waitForFunction(() => /^client_cell_1\.dat: /.test(document.getElementById('status-note').textContent), null, { timeout: 60_000 });
      // The preview (web/src/preview.ts) must not touch the run: its run file and digest, paused, stay.
      await tab.evaluate(() => window.acphysPage.pause());
      const runBefore = await tab.evaluate(() => JSON.stringify([window.acphysPage.runFile(), window.acphysPage.state().digest]));
      const lbX = 192 * 0xD5, lbY = 192 * 0x9D;
      assert.deepEqual(await mapColourAt(tab, lbX + 60, lbY + 60), NOT_LOADED_RGB, 'no land at 0xD59D before Go to');
      await tab.locator('#view3d-box summary').click();
      await tab.waitForFunction(() => Number(document.querySelector('#view3d-box .view3d')?.dataset.frame ?? -1) >= 0, null, { timeout: 60_000 });
      await tab.fill('#goto', '0xD59D0001 [12 12 60]');
      await tab.click('#goto-go');
      await tab.waitForFunction(() => window.acphysPage.place()?.cell === 0xD59D0001, null, { timeout: 10_000 });
      assert.equal(await tab.evaluate(() => window.acphysPage.place().pending), 'client_cell_1.dat');
      await tab.waitForFunction(() => /as a preview/.test(document.getElementById('status-note').textContent), null, { timeout: 30_000 });
      assert.match(await tab.evaluate(() => document.getElementById('status-note').textContent),
        /^Centred on 0xD59D0001 \[12\.0 12\.0 60\.0\], in your client_cell_1\.dat; Add object puts the object there \(its landblock is not in this run yet: adding rebuilds the run, which copies it out of client_cell_1\.dat\)\. The map and the 3-D view show its land from client_cell_1\.dat as a preview, not part of the run\.$/);
      assert.deepEqual(await tab.evaluate(() => window.acphysPage.map().centre), [192 * 0xD5 + 12, 192 * 0x9D + 12]);
      const label = '0xD59D from client_cell_1.dat, not in the run: Add object here loads it';
      await tab.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      assert.ok((await tab.evaluate(() => window.acphysPage.map().labels)).includes(label), 'the map labels the landblock as a preview');
      assert.equal(await tab.evaluate(() => JSON.stringify([window.acphysPage.runFile(), window.acphysPage.state().digest])), runBefore,
        'the preview changes neither the run file nor the digest');
      assert.equal(await tab.evaluate(() => window.acphysPage.terrain().ids.includes(0xD59DFFFF)), false, 'the run has not loaded 0xD59D');
      // The map: the landblock's terrain words (0xD59A's record under 0xD59D's id) give each
      // point off the roads its nearest vertex's type's colour (hill-shaded: its chromaticity).
      const set = new DatSet(acp);
      set.addBytes(readFileSync(join(root, 'data', 'portal-default.dat')));
      set.addBytes(new Uint8Array(dat));
      const words = set.landblock(0xD59DFFFF).terrain;
      const { types } = colourTable();
      let checked = 0;
      for (let vx = 1; vx < 8 && checked < 6; vx++) {
        for (let vy = 1; vy < 8 && checked < 6; vy += 2) {
          if (onRoad(words, 24 * vx + 5, 24 * vy + 5)) continue;
          const want = types[(words[vx * 9 + vy] >> 2) & 0x1f];
          const px = await mapColourAt(tab, lbX + 24 * vx + 5, lbY + 24 * vy + 5);
          assert.ok(near(chroma(px), chroma(want), 0.02), `0xD59D vertex (${vx}, ${vy}): pixel ${px}, type colour ${want}`);
          checked++;
        }
      }
      assert.equal(checked, 6);
      // The 3-D view: the landblock's ground under the place, at the terrain's height there by
      // retail's terrain rules (the DAT's record, heights through the default Region).
      const X = acp.exports, t = X.acp_abi_terrain_create(1), zp = acp.alloc(4);
      assert.equal(X.acp_abi_terrain_add_dat_landblock(t, set.handle, 0xD59DFFFF), 0);
      assert.equal(X.acp_abi_terrain_height(t, 0xD59D0001, 12, 12, zp), 1);
      const groundZ = acp.f32()[zp >> 2];
      X.acp_abi_terrain_destroy(t);
      acp.free(zp);
      set.free();
      await tab.waitForFunction(() => document.querySelector('#view3d-box .view3d').dataset.preview === '0xD59DFFFF', null, { timeout: 10_000 });
      const ground = await tab.evaluate(([x, y]) => window.acphysPage.view3dGroundAt(x, y), [lbX + 12, lbY + 12]);
      assert.equal(ground?.preview, true, `the 3-D view's ground at the place is the preview: ${JSON.stringify(ground)}`);
      assert.ok(Math.abs(ground.z - groundZ) < 1e-3, `3-D ground ${ground.z} m, terrain height ${groundZ} m`);
      // A Go to a place the run has drops the preview from both views; going back shows it again.
      const goto = async (text, cell) => {
        await tab.fill('#goto', text);
        await tab.click('#goto-go');
        await tab.waitForFunction((c) => window.acphysPage.place()?.cell === c, cell, { timeout: 10_000 });
      };
      await goto('0xD59A0023 [110 60 250]', 0xD59A0023);
      assert.equal(await tab.evaluate(() => window.acphysPage.preview()), null);
      await tab.waitForFunction(() => document.querySelector('#view3d-box .view3d').dataset.preview === '', null, { timeout: 10_000 });
      assert.deepEqual(await mapColourAt(tab, lbX + 60, lbY + 60), NOT_LOADED_RGB, 'no land at 0xD59D once the place is elsewhere');
      await goto('0xD59D0001 [12 12 60]', 0xD59D0001);
      await tab.waitForFunction(() => window.acphysPage.preview()?.id === 0xD59DFFFF, null, { timeout: 30_000 });
      await tab.waitForFunction(() => document.querySelector('#view3d-box .view3d').dataset.preview === '0xD59DFFFF', null, { timeout: 10_000 });
      await tab.evaluate(() => window.acphysPage.play());
      const before = await tab.evaluate(() => window.acphysPage.state().objects);
      await tab.click('#add-object');
      await tab.waitForFunction((n) => window.acphysPage.state().objects === n + 1 && !window.acphysPage.state().busy, before, { timeout: 60_000 });
      assert.match(await tab.evaluate(() => document.getElementById('status-note').textContent), /the recording replayed from the start with it/);
      // The rebuilt run has the landblock among its land: the place, checked again, is no longer pending.
      await tab.waitForFunction(() => window.acphysPage.place()?.pending === null, null, { timeout: 10_000 });
      // The preview is gone: the run's own 0xD59D is drawn, under its own label, in both views.
      assert.equal(await tab.evaluate(() => window.acphysPage.preview()), null);
      assert.ok(await tab.evaluate(() => window.acphysPage.terrain().ids.includes(0xD59DFFFF)));
      await tab.evaluate(([x, y]) => window.acphysPage.focusMap(x, y, 600), [lbX + 96, lbY + 96]);
      await tab.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const labels = await tab.evaluate(() => window.acphysPage.map().labels);
      assert.ok(labels.includes('0xD59D') && !labels.includes(label), `labels: ${labels}`);
      await tab.waitForFunction(() => document.querySelector('#view3d-box .view3d').dataset.preview === '', null, { timeout: 10_000 });
      const own = await tab.evaluate(([x, y]) => window.acphysPage.view3dGroundAt(x, y), [lbX + 12, lbY + 12]);
      assert.equal(own?.preview, false);
      assert.ok(Math.abs(own.z - groundZ) < 1e-3, `the run's own 0xD59D at ${own.z} m`);
      const run = await tab.evaluate(() => window.acphysPage.runFile());
      assert.ok(run.scenario.objects.some((o) => o.position.cell === '0xD59D0001'));
      await tab.setInputFiles('#run-input', { name: 'run.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(run)) });
      await tab.waitForFunction(() => /^Replayed run\.json: /.test(document.getElementById('verdict').textContent), null, { timeout: 60_000 });
      assert.match(await tab.evaluate(() => document.getElementById('verdict').textContent), /^Replayed run\.json: identical\./);
    } finally {
      await tab.close();
    }
  });
});
