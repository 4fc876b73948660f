// The world as the client draws it, on the map (issue 36), in headless Chromium over the built
// dist/: the terrain's colours follow its terrain types (the LandBlock records' terrain words,
// bits 2-6 the type and bits 0-1 the road, as retail's LandDefs reads them; roads as retail's
// on_road regions over them), the selected object's cell is outlined, and each bundled scenario's default view holds its objects.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';

import { DAT_TYPE, DatSet, loadAcphys } from '../../wasm/acphys.mjs';
import { root, withServedDist } from './harness.mjs';
import { onRoad } from './roads.mjs';

let server, browser, acp;
withServedDist((s, b) => { server = s; browser = b; });
before(async () => { acp = await loadAcphys(readFileSync(join(root, 'wasm', 'acphys.wasm'))); });

/** The page's colour per terrain type and for roads, as web/src/terrain2d.ts gives them. */
function colourTable() {
  const src = readFileSync(join(root, 'web', 'src', 'terrain2d.ts'), 'utf8');
  const named = [...src.matchAll(/\{ name: '(\w+)', rgb: \[(\d+), (\d+), (\d+)\] \}/g)];
  const types = named.map((m) => [Number(m[2]), Number(m[3]), Number(m[4])]);
  const names = named.map((m) => m[1]);
  const road = src.match(/ROAD_RGB[^=]*= \[(\d+), (\d+), (\d+)\]/).slice(1).map(Number);
  // Types 21-31 (unused in retail's data) share one colour.
  const reserved = src.match(/Reserved\$\{21 \+ i\}`, rgb: \[(\d+), (\d+), (\d+)\]/).slice(1).map(Number);
  while (types.length < 32) types.push(reserved);
  return { types, road, names };
}
/** A colour's chromaticity (each channel over their sum): the hill shading scales all three. */
const chroma = ([r, g, b]) => { const s = r + g + b || 1; return [r / s, g / s, b / s]; };
const near = (a, b, tol) => a.every((v, i) => Math.abs(v - b[i]) <= tol);

async function openPage() {
  const page = await browser.context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url);
  await page.waitForFunction(() => (window.acphysPage?.state()?.frames ?? 0) >= 5, null, { timeout: 30_000 });
  return { page, errors };
}

describe('the map draws the world as the client does', () => {
  it('colours the terrain by its terrain types: each vertex\'s pixels take its type\'s colour, hill-shaded', async () => {
    const { page, errors } = await openPage();
    await page.evaluate(() => window.acphysPage.pause());
    await page.waitForFunction(() => window.acphysPage.terrain().coloured > 0, null, { timeout: 20_000 });
    const shown = await page.evaluate(() => window.acphysPage.terrain());
    const { types: table, road, names } = colourTable();
    assert.equal(table.length, 32);
    const set = new DatSet(acp);
    set.addBytes(new Uint8Array(readFileSync(join(root, 'data', 'cell-default.dat'))));
    const ids = set.records().filter((r) => r.type === DAT_TYPE.LandBlock).map((r) => r.id).filter((id) => shown.ids.includes(id));
    assert.ok(ids.length > 0, 'the default scenario loads LandBlocks of the embedded cell DAT');
    assert.equal(shown.coloured, shown.ids.length, 'every loaded landblock is coloured by its types');
    const seen = new Set();
    let checked = 0;
    for (const id of ids) {
      const words = set.landblock(id).terrain;
      const x0 = (id >>> 24) * 192, y0 = ((id >>> 16) & 0xff) * 192;
      for (let vx = 1; vx < 8; vx++) {
        for (let vy = 1; vy < 7; vy++) {
          const w = words[vx * 9 + vy];
          // Roads are retail's on_road regions drawn over the types (tests/browser/map-world.test.mjs
          // checks them): a point on one is the road's colour, any other its nearest vertex's type.
          const paved = onRoad(words, 24 * vx + 5, 24 * vy + 5);
          const want = paved ? road : table[(w >> 2) & 0x1f];
          // 5 m north-east of the vertex: its nearest vertex, clear of the grid lines on it.
          const x = x0 + 24 * vx + 5, y = y0 + 24 * vy + 5;
          await page.evaluate(([cx, cy]) => window.acphysPage.focusMap(cx, cy, 60), [x, y]);
          await page.waitForFunction(([cx, cy]) => { const m = window.acphysPage.map(); return m.centre[0] === cx && m.centre[1] === cy; }, [x, y]);
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
          const px = await page.evaluate(([cx, cy]) => window.acphysPage.mapPixel(cx, cy, true), [x, y]);
          assert.ok(paved ? near(px, road, 3) : near(chroma(px), chroma(want), 0.02), `landblock 0x${id.toString(16)} vertex (${vx}, ${vy}) word 0x${w.toString(16)}: pixel ${px}, type colour ${want}`);
          seen.add(paved ? 'road' : (w >> 2) & 0x1f);
          checked++;
          if (checked >= 12 && seen.size >= 2) break;
        }
        if (checked >= 12 && seen.size >= 2) break;
      }
    }
    assert.ok(seen.size >= 2, `at least two terrain types checked (${[...seen]})`);
    const legend = await page.locator('#legend-types').textContent();
    assert.ok(shown.types.length >= 2);
    for (const t of shown.types) assert.ok(legend.includes(` ${names[t] ?? `Reserved${t}`} `), `${t} in ${legend}`);
    set.free();
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('draws the landblock lines while they are at least 16 px apart, and leaves them out zoomed far out', async () => {
    const { page, errors } = await openPage();
    await page.evaluate(() => window.acphysPage.pause());
    // The line between landblocks 0xA9B4 and 0xAAB4 (x = 0xAA * 192 m), halfway up 0xA9B4.
    const x = 0xaa * 192, y = 0xb4 * 192 + 96;
    const lineAt = async (span) => {
      await page.evaluate(([cx, cy, s]) => window.acphysPage.focusMap(cx, cy, s), [x, y, span]);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const m = await page.evaluate(() => window.acphysPage.map());
      return { px: await page.evaluate(([cx, cy]) => window.acphysPage.mapPixel(cx, cy, true), [x, y]), apart: 192 * m.scale };
    };
    // White at 0.7 over the grass: every channel above 180; the grass alone has blue under 150.
    const near = await lineAt(600);
    assert.ok(near.apart >= 16, `at a 600 m span the landblocks are ${near.apart} px apart`);
    assert.ok(Math.min(...near.px) > 180, `the landblock line is drawn: ${near.px}`);
    const far = await lineAt(40000);
    assert.ok(far.apart < 16, `at a 40 km span the landblocks are ${far.apart} px apart`);
    assert.ok(far.px[2] < 150, `no landblock line zoomed far out: ${far.px}`);
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('outlines the selected object\'s outdoor cell', async () => {
    const { page, errors } = await openPage();
    await page.evaluate(() => window.acphysPage.pause());
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const st = await page.evaluate(() => window.acphysPage.state());
    const t = await page.evaluate(() => window.acphysPage.terrain());
    assert.equal(t.outlined, (st.cell & 0xffff) <= 0x40 ? st.cell >>> 0 : 0);
    assert.ok(t.outlined !== 0, 'the player starts outdoors');
    // Trails: the objects past the 8 the history tracks get their recent path drawn.
    await page.fill('#copies', '20');
    await page.click('#spawn');
    await page.waitForFunction(() => window.acphysPage.state().objects === 21, null, { timeout: 30_000 });
    await page.evaluate(() => window.acphysPage.play());
    const f0 = (await page.evaluate(() => window.acphysPage.state())).frames;
    await page.waitForFunction((n) => window.acphysPage.state().frames >= n + 5, f0, { timeout: 60_000 });
    await page.evaluate(() => window.acphysPage.pause());
    const objs = await page.evaluate(() => window.acphysPage.objects());
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    assert.equal((await page.evaluate(() => window.acphysPage.terrain())).trails, objs.slice(8).filter((o) => o.cell !== 0).length);
    assert.equal(objs.slice(8).filter((o) => o.cell !== 0).length, 13);
    assert.deepEqual(errors, []);
    await page.close();
  });

  for (const name of ['into-the-cottage', 'against-the-wall', 'quarrel-hits-drudge', 'two-runners']) {
    it(`${name}: the default view holds its objects, drawn over the terrain`, async () => {
      const { page, errors } = await openPage();
      await page.selectOption('#bundled', { label: name });
      await page.click('#open-bundled');
      await page.waitForFunction((n) => document.getElementById('status-note').textContent.includes(`bundled scenario ${n}.json`), name, { timeout: 30_000 });
      await page.evaluate(() => window.acphysPage.pause());
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const m = await page.evaluate(() => window.acphysPage.map());
      const objs = (await page.evaluate(() => window.acphysPage.objects())).filter((o) => o.cell !== 0);
      assert.ok(objs.length >= 1);
      const span = Math.min(m.size[0], m.size[1]) / m.scale;
      assert.ok(span <= 96, `${name}: the view spans ${span.toFixed(1)} m, not the land around`);
      for (const o of objs) {
        const px = m.size[0] / 2 + (o.x - m.centre[0]) * m.scale, py = m.size[1] / 2 - (o.y - m.centre[1]) * m.scale;
        assert.ok(px >= 0 && px <= m.size[0] && py >= 0 && py <= m.size[1], `${name}: ${o.name} at (${o.x.toFixed(1)}, ${o.y.toFixed(1)}) is in view (${px.toFixed(0)}, ${py.toFixed(0)})`);
        const drawn = await page.evaluate(([x, y]) => window.acphysPage.mapPixel(x, y, false), [o.x, o.y]);
        const ground = await page.evaluate(([x, y]) => window.acphysPage.mapPixel(x, y, true), [o.x, o.y]);
        assert.notDeepEqual(drawn, ground, `${name}: ${o.name} is drawn over the terrain at its position`);
      }
      assert.deepEqual(errors, []);
      await page.close();
    });
  }
});
