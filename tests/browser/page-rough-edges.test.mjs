// The page's details a new user hit (issue 17, "The page"), in Debian's headless Chromium over the
// built dist/ (as page.test.mjs): recorded retail states placed near the selected object or where
// they were recorded, with the readout and the map saying why an object is inactive or skipped;
// the driving keys while a select has focus; the map's landblock labels and legend; the time
// series from each object's start; the quanta plots' scale and hover; the status texts. Expected
// values come from Node runs of the same scenarios over the same .wasm (the trace), from the
// recorded states (data/excerpt-sources/retail-states.json) and from the terrain the runner
// loads, never from the page's own output.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { loadAcphys } from '../../wasm/acphys.mjs';
import { createRun, runScenario } from '../../wasm/scenario.mjs';
import { dist, launch, root, serve } from './harness.mjs';

const STATES = JSON.parse(readFileSync(join(root, 'data', 'excerpt-sources', 'retail-states.json'), 'utf8')).states;
const stateNamed = (name) => STATES.find((s) => s.name === name);
const DEFAULT = JSON.parse(readFileSync(join(root, 'data', 'scenarios', 'running-turning-player.json'), 'utf8'));
const MANIFEST = JSON.parse(readFileSync(join(root, 'data', 'excerpts.manifest.json'), 'utf8'));

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

async function open(rest = '') {
  const page = await browser.context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url + rest);
  await page.waitForFunction(() => window.acphysPage?.state() !== undefined && window.acphysPage.state() !== null, null, { timeout: 30_000 });
  return { page, errors };
}
const state = (page) => page.evaluate(() => window.acphysPage.state());
const waitFrames = (page, n, timeout = 30_000) =>
  page.waitForFunction((k) => (window.acphysPage.state()?.frames ?? 0) >= k && !window.acphysPage.state().busy, n, { timeout });
const runFile = (page) => page.evaluate(() => window.acphysPage.runFile());
const text = (page, sel) => page.locator(sel).textContent();
const messageText = async (page) => {
  await page.waitForFunction(() => !document.getElementById('message').hidden, null, { timeout: 20_000 });
  return text(page, '#message-text');
};
/** Wait until the paused page's readout (the last of the plot jobs) shows the last frame. */
const settled = (page) => page.waitForFunction(() => {
  const s = window.acphysPage.state();
  return !s.busy && !s.playing && document.getElementById('readout').dataset.frame === String(s.frames);
}, null, { timeout: 20_000 });

/** Terrain height (m) at landblock-frame (x, y) of `cell` in the world the runner builds for
 *  `scenario` (the default excerpts), or NaN where no landblock is loaded. */
function terrainHeight(scenario, cell, x, y) {
  const run = createRun(acp, { ...scenario, frames: { times: [1 / 60] } });
  try {
    const X = acp.exports;
    const terrain = X.acp_abi_world_terrain(run.world);
    const p = acp.alloc(4);
    try {
      return X.acp_abi_terrain_height(terrain, Number(cell) >>> 0, x, y, p) ? acp.f32()[p >> 2] : NaN;
    } finally {
      acp.free(p);
    }
  } finally {
    run.dispose();
  }
}

/** The frames of a run file's scenario, replayed in Node: trace objects per frame. */
function nodeFrames(run) {
  return runScenario(acp, run.scenario).lines.map((l) => JSON.parse(l));
}
/** World x, y of a trace object (landblock X · 192 + x). */
const world = (o) => {
  const c = Number(o.cell) >>> 0;
  return [((c >>> 24) & 0xff) * 192 + o.origin[0], ((c >>> 16) & 0xff) * 192 + o.origin[1], o.origin[2]];
};

/** Add recorded state `name` placed `place` ('near' or 'recorded') and wait for the rebuild. */
async function addState(page, name, place) {
  const n = (await state(page)).objects;
  const value = await page.locator('#state option', { hasText: name }).getAttribute('value');
  await page.selectOption('#state', value);
  await page.selectOption('#state-place', place);
  await page.click('#add-object');
  await page.waitForFunction((k) => window.acphysPage.state().objects === k + 1 && !window.acphysPage.state().busy, n, { timeout: 30_000 });
}
async function select(page, index) {
  await page.selectOption('#selected', String(index));
  await page.click('#step'); // one frame, so that the readout is rewritten for it
  await settled(page);
}

describe('the page\'s rough edges (issue 17)', () => {
  it('the driving keys drive while a select has focus (the choice stays), and not while a text field has it', async () => {
    const { page, errors } = await open();
    await waitFrames(page, 10);
    const events = async () => (await runFile(page)).scenario.events;
    const press = async (key, focus) => {
      await page.focus(focus);
      const n = (await events()).length;
      await page.keyboard.down(key);
      await page.waitForFunction((k) => window.acphysPage.state().events > k, n, { timeout: 10_000 });
      const down = (await events()).slice(n);
      const m = (await events()).length;
      await page.keyboard.up(key);
      await page.waitForFunction((k) => window.acphysPage.state().events > k, m, { timeout: 10_000 });
      return down;
    };
    // A on the focused clock profile select ("acdream-r6" starts with a): turns left, and the
    // profile stays retail.
    const left = await press('a', '#profile');
    assert.deepEqual(left.map((e) => e.raw_motion?.turn_command), ['0x6500000E']);
    assert.equal(await page.locator('#profile').inputValue(), 'retail');
    assert.equal((await state(page)).profiles[0], 'retail');
    const right = await press('d', '#speed');
    assert.deepEqual(right.map((e) => e.raw_motion?.turn_command), ['0x6500000D']);
    assert.equal(await page.locator('#speed').inputValue(), '1');
    // In the Copies field (a text field) the keys type and do not drive.
    await page.focus('#copies');
    const n = (await events()).length;
    await page.keyboard.press('w');
    await waitFrames(page, (await state(page)).frames + 10);
    assert.equal((await events()).length, n);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
