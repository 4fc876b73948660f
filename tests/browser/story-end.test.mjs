// A bundled scenario ends where its story ends (issue 36), in headless Chromium over the built
// dist/: quarrel-hits-drudge (60 frames at 60 Hz: its last frame at 59/60 s) pauses once the
// page's scene time reaches its last frame's time and says so; "Continue running" goes on
// recording.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { withServedDist } from './harness.mjs';

let server, browser;
withServedDist((s, b) => { server = s; browser = b; });

describe('bundled scenarios end where their story ends', () => {
  it('quarrel-hits-drudge stops at 59/60 s and says so; Continue running goes on', async () => {
    const page = await browser.context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url);
    await page.waitForFunction(() => (window.acphysPage?.state()?.frames ?? 0) >= 5, null, { timeout: 30_000 });
    await page.selectOption('#bundled', { label: 'quarrel-hits-drudge' });
    await page.click('#open-bundled');
    await page.waitForFunction(() => /ends here/.test(document.getElementById('status-note').textContent), null, { timeout: 60_000 });
    const note = await page.evaluate(() => document.getElementById('status-note').textContent);
    assert.match(note, /^The bundled scenario quarrel-hits-drudge\.json ends here: its story is 0\.98 s long \(\d+ frames recorded\)\. Continue running to go on recording\.$/);
    const state = await page.evaluate(() => window.acphysPage.state());
    assert.equal(state.playing, false);
    const times = (await page.evaluate(() => window.acphysPage.runFile())).scenario.frames.times;
    assert.ok(times.at(-1) >= 59 / 60 && times.at(-2) < 59 / 60, `the last two frame times ${times.slice(-2)}`);
    await page.waitForTimeout(300);
    assert.equal((await page.evaluate(() => window.acphysPage.state())).frames, state.frames, 'it stays paused');
    assert.equal(await page.isVisible('#continue'), true);
    await page.click('#continue');
    await page.waitForFunction((n) => window.acphysPage.state().frames > n + 5, state.frames, { timeout: 30_000 });
    assert.equal((await page.evaluate(() => window.acphysPage.state())).playing, true);
    assert.equal(await page.isVisible('#continue'), false);
    // The note says what the page does now, not that the story ends here (review of issue 36, finding 6).
    assert.equal(await page.evaluate(() => document.getElementById('status-note').textContent),
      "Past the end of quarrel-hits-drudge.json's story: recording on.");
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('Restart and a clock profile change keep the story end; Continue running drops it (review of issue 36, finding 5)', async () => {
    const page = await browser.context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url);
    await page.waitForFunction(() => (window.acphysPage?.state()?.frames ?? 0) >= 5, null, { timeout: 30_000 });
    await page.selectOption('#bundled', { label: 'quarrel-hits-drudge' });
    await page.click('#open-bundled');
    const ended = () => page.waitForFunction(() => /ends here/.test(document.getElementById('status-note').textContent) &&
      !window.acphysPage.state().playing, null, { timeout: 60_000 });
    await ended();
    // Restart: the same scenario from its start, ending at its story's end again.
    await page.click('#restart');
    await page.waitForFunction(() => !/ends here/.test(document.getElementById('status-note').textContent), null, { timeout: 30_000 });
    await ended();
    const again = (await page.evaluate(() => window.acphysPage.runFile())).scenario.frames.times;
    assert.ok(again.at(-1) >= 59 / 60 && again.at(-2) < 59 / 60, `after Restart the last two frame times are ${again.slice(-2)}`);
    // A profile change rebuilds the same run: it stays at its story's end, and Play stops there again.
    await page.selectOption('#profile', 'acdream-r6');
    await page.waitForFunction(() => window.acphysPage.state().profiles[0] === 'acdream-r6' && !window.acphysPage.state().busy, null, { timeout: 30_000 });
    await page.click('#restart');
    await ended();
    // Continue running, then Restart: the story end is gone (the user chose to go on).
    await page.click('#continue');
    await page.click('#restart');
    await page.waitForFunction(() => window.acphysPage.state().frames > 90, null, { timeout: 60_000 });
    assert.equal(await page.isVisible('#continue'), false);
    assert.deepEqual(errors, []);
    await page.close();
  });
});

describe('the default view of a bundled scenario', () => {
  for (const name of ['into-the-cottage', 'against-the-wall', 'arrow-in-a-dungeon', 'quarrel-hits-drudge', 'two-runners']) {
    it(`${name}: the map frames its objects (at most 60 m across), not 96 m of land`, async () => {
      const page = await browser.context.newPage();
      await page.goto(server.url);
      await page.waitForFunction(() => (window.acphysPage?.state()?.frames ?? 0) >= 2, null, { timeout: 30_000 });
      await page.selectOption('#bundled', { label: name });
      await page.click('#open-bundled');
      await page.waitForFunction((n) => document.getElementById('status-note').textContent.includes(`bundled scenario ${n}.json`), name, { timeout: 30_000 });
      await page.evaluate(() => window.acphysPage.pause());
      const { map, objects } = await page.evaluate(async () => ({ map: window.acphysPage.map(), objects: (await window.acphysPage.runFile()).scenario.objects }));
      const [w, h] = map.size;
      const span = Math.min(w, h) / map.scale;
      assert.ok(span >= 24 && span <= 60, `the view is ${span.toFixed(1)} m across`);
      for (const o of objects) {
        const c = Number(o.position.cell) >>> 0;
        const x = 192 * (c >>> 24) + o.position.origin[0], y = 192 * ((c >>> 16) & 0xff) + o.position.origin[1];
        // Where it started: within the view (the objects may have moved a little since).
        assert.ok(Math.abs(x - map.centre[0]) < w / 2 / map.scale && Math.abs(y - map.centre[1]) < h / 2 / map.scale,
          `${o.name} at (${x.toFixed(1)}, ${y.toFixed(1)}) is outside the view centred on ${map.centre.map((v) => v.toFixed(1))}`);
      }
      await page.close();
    });
  }
});
