// Adding objects at the current frame (issue 36), in headless Chromium over the built dist/:
// copies added while a run plays enter the world at the current time (the scenario records them
// with enter_at, docs/SCENARIOS.md) instead of a replay from frame 0: the frame counter goes on,
// the status line names the object count, and the link made afterwards replays identical, with
// the run's own digests frame by frame.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { withServedDist } from './harness.mjs';

let server, browser;
withServedDist((s, b) => { server = s; browser = b; });

describe('adding objects at the current frame', () => {
  it('100 copies at frame 600 take no replay, and the link made after replays identical', async () => {
    const page = await browser.context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url);
    await page.waitForFunction(() => (window.acphysPage?.state()?.frames ?? 0) >= 600, null, { timeout: 120_000 });
    await page.evaluate(() => window.acphysPage.pause());
    const before = await page.evaluate(() => window.acphysPage.state());
    // A stale message from before is cleared by the add.
    await page.fill('#copies', '');
    await page.click('#spawn');
    assert.equal(await page.isVisible('#message'), true);

    // Watch for any replay: the progress box, "replaying" in the run summary, busy.
    await page.evaluate(() => {
      window.sawReplay = false;
      const seen = () => { if (!document.getElementById('progress-box').hidden || window.acphysPage.state().busy) window.sawReplay = true; };
      new MutationObserver(seen).observe(document.body, { subtree: true, attributes: true, childList: true, characterData: true });
    });
    await page.fill('#copies', '100');
    await page.click('#spawn');
    await page.waitForFunction(() => /^Added 100 copies of /.test(document.getElementById('status-note').textContent), null, { timeout: 30_000 });
    const note = await page.evaluate(() => document.getElementById('status-note').textContent);
    // enter_at: 1 µs after the last frame's time (whole microseconds: the next frame is at or after it).
    const last = (await page.evaluate(() => window.acphysPage.runFile())).scenario.frames.times.at(-1);
    const at = (Math.round(last * 1e6) + 1) / 1e6;
    assert.equal(note, `Added 100 copies of +Moosier: they enter the world at frame ${before.frames + 1} (enter_at ${at.toFixed(6)} s), nothing replayed; 101 objects now.`);
    const after = await page.evaluate(() => window.acphysPage.state());
    assert.equal(after.frames, before.frames, 'the frame counter does not restart');
    assert.equal(after.digest, before.digest);
    assert.equal(after.objects, 101);
    assert.equal(await page.evaluate(() => window.sawReplay), false, 'no replay');
    assert.equal(await page.isVisible('#message'), false, 'the stale message is cleared');
    assert.match(await page.locator('#status-run').textContent(), /: 101 objects, \d+ frames recorded/);

    // Run on with them; the run file holds them with their enter_at; the link replays identical.
    await page.evaluate(() => window.acphysPage.play());
    await page.waitForFunction((n) => window.acphysPage.state().frames >= n + 30, before.frames, { timeout: 60_000 });
    await page.evaluate(() => window.acphysPage.pause());
    const run = await page.evaluate(() => window.acphysPage.runFile());
    assert.equal(run.scenario.objects.length, 101);
    assert.ok(run.scenario.objects.slice(1).every((o) => o.enter_at === at));
    assert.equal(run.scenario.objects[0].enter_at, undefined);
    await page.click('#share');
    await page.waitForFunction(() => document.getElementById('share-link').value.includes('#v1.'), null, { timeout: 30_000 });
    const link = await page.locator('#share-link').inputValue();
    const p2 = await browser.context.newPage();
    p2.on('pageerror', (e) => errors.push(e.message));
    await p2.goto(link);
    await p2.waitForFunction(() => document.getElementById('verdict')?.dataset.verdict, null, { timeout: 120_000 });
    assert.equal(await p2.locator('#verdict').getAttribute('data-verdict'), 'identical', await p2.locator('#verdict').textContent());
    assert.equal(await p2.locator('#verdict').getAttribute('data-digest'), run.digest);
    assert.deepEqual(errors, []);
    await p2.close();
    await page.close();
  });
  it('inspecting a copy at a frame before it entered names the frame it enters at (review of issue 36, finding 3)', async () => {
    const page = await browser.context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url);
    await page.waitForFunction(() => (window.acphysPage?.state()?.frames ?? 0) >= 5, null, { timeout: 30_000 });
    await page.selectOption('#bundled', { label: 'two-runners' });
    await page.click('#open-bundled');
    await page.waitForFunction(() => /ends here/.test(document.getElementById('status-note').textContent), null, { timeout: 60_000 });
    await page.click('#continue');
    await page.waitForFunction(() => window.acphysPage.state().frames > 260, null, { timeout: 60_000 });
    await page.evaluate(() => window.acphysPage.pause());
    await page.fill('#copies', '1');
    await page.click('#spawn');
    await page.waitForFunction(() => window.acphysPage.state().objects === 3, null, { timeout: 30_000 });
    const added = (await page.evaluate(() => window.acphysPage.state())).frames;
    await page.evaluate(() => window.acphysPage.play());
    await page.waitForFunction((n) => window.acphysPage.state().frames > n + 3, added, { timeout: 30_000 });
    await page.evaluate(() => window.acphysPage.pause());
    const { scenario } = await page.evaluate(() => window.acphysPage.runFile());
    const enter = scenario.objects[2].enter_at, times = scenario.frames.times;
    const k = times.findIndex((t) => t >= enter) + 1;
    assert.ok(k > 5, `the copy enters at frame ${k}`);
    await page.selectOption('#selected', '2');
    await page.fill('#inspect-frame', '5');
    await page.click('#inspect');
    await page.waitForFunction(() => !document.getElementById('message').hidden, null, { timeout: 30_000 });
    const text = await page.evaluate(() => document.getElementById('message-text').textContent);
    const g = (v) => String(Number(v.toPrecision(9)));
    assert.equal(text, `Inspector: object 2 enters at frame ${k} (t = ${g(times[k - 1])} s, its enter_at ${g(enter)} s), after frame 5`);
    // At the frame it enters, it is inspected.
    await page.fill('#inspect-frame', String(k));
    await page.click('#inspect');
    await page.waitForFunction((f) => document.getElementById('inspect-note').textContent.includes(`frame ${f}`), k, { timeout: 30_000 });
    assert.equal(await page.isVisible('#message'), false);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
