// Replays that can be stopped (issue 36), in headless Chromium over the built dist/: a rebuild
// (here another clock profile over 2,001 objects) replays the recording from its start, showing
// "Replaying N frames × M objects", a progress bar and Cancel; Cancel keeps the run as it was (its
// objects, frames and digest, and it goes on); a very large add asks first, and declining adds
// nothing. (Copies added while the run has frames enter at the current frame: no replay,
// add-live.test.mjs.)
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { withServedDist } from './harness.mjs';

let server, browser;
withServedDist((s, b) => { server = s; browser = b; });

describe('replays that can be stopped', () => {
  it('Cancel during a long replay keeps the previous run; a very large add asks first', async () => {
    const page = await browser.context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url);
    await page.waitForFunction(() => (window.acphysPage?.state()?.frames ?? 0) >= 30, null, { timeout: 60_000 });
    await page.evaluate(() => window.acphysPage.pause());
    const start = await page.evaluate(() => window.acphysPage.state());

    await page.fill('#copies', '2000');
    await page.click('#spawn');
    await page.waitForFunction(() => window.acphysPage.state().objects === 2001, null, { timeout: 30_000 });
    assert.equal((await page.evaluate(() => window.acphysPage.state())).frames, start.frames, 'copies enter at the current frame: no replay');
    // Run on with them, so that a replay has 2,001 objects to step over most of its frames.
    await page.evaluate(() => window.acphysPage.play());
    await page.waitForFunction((n) => window.acphysPage.state().frames >= n + 60, start.frames, { timeout: 240_000 });
    await page.evaluate(() => window.acphysPage.pause());
    const added = await page.evaluate(() => window.acphysPage.state()), before = added;
    // 0.5 s between the replay's chunks: an idle machine finished the whole replay before the click.
    await page.evaluate(() => window.acphysPage.slowReplays(500));
    await page.selectOption('#profile', 'ace');
    await page.waitForFunction(() => !document.getElementById('cancel-replay').hidden, null, { timeout: 30_000 });
    const label = await page.evaluate(() => document.getElementById('progress-label').textContent);
    assert.match(label, new RegExp(`^Replaying ${before.frames} frames × 2,?001 objects: frame \\d+ of ${before.frames}$`));
    await page.click('#cancel-replay');
    await page.waitForFunction(() => /Replay cancelled/.test(document.getElementById('status-note').textContent), null, { timeout: 30_000 });
    await page.evaluate(() => window.acphysPage.slowReplays(0));
    const after = await page.evaluate(() => window.acphysPage.state());
    assert.equal(after.objects, added.objects);
    assert.equal(after.frames, added.frames);
    assert.equal(after.digest, added.digest);
    assert.deepEqual(after.profiles, added.profiles);
    assert.equal(await page.isVisible('#progress-box'), false);
    // The Clock profile select shows the run's profile again, not the cancelled choice (review of
    // issue 36, finding 4).
    assert.equal(await page.inputValue('#profile'), added.profiles[0]);

    // The inspector's re-run (review of issue 36, finding 2) goes the same way: "Replaying N frames
    // × M objects" with the bar and Cancel, in chunks (the page answers meanwhile), and Cancel
    // leaves the page as it was: no record, the note as it was, the run unchanged.
    const note = await page.evaluate(() => document.getElementById('status-note').textContent);
    await page.evaluate(() => {
      const b = document.getElementById('cancel-replay');
      const seen = { label: '' };
      window.__inspectCancel = seen;
      new MutationObserver((_, o) => {
        if (b.hidden) return;
        seen.label = document.getElementById('progress-label').textContent;
        o.disconnect();
        b.click();
      }).observe(b, { attributes: true });
    });
    await page.fill('#inspect-frame', String(added.frames));
    await page.click('#inspect');
    await page.waitForFunction(() => window.__inspectCancel.label !== '' && !window.acphysPage.state().busy, null, { timeout: 60_000 });
    assert.match(await page.evaluate(() => window.__inspectCancel.label),
      new RegExp(`^Replaying ${added.frames} frames × 2,?001 objects to inspect frame ${added.frames}: frame \\d+ of ${added.frames}$`));
    assert.equal(await page.evaluate(() => document.getElementById('status-note').textContent), note);
    assert.equal(await page.evaluate(() => document.getElementById('inspect-note').textContent), '');
    assert.equal(await page.evaluate(() => window.acphysPage.inspectorQuantum()), 0);
    const inspected = await page.evaluate(() => window.acphysPage.state());
    assert.equal(inspected.frames, added.frames);
    assert.equal(inspected.digest, added.digest);
    assert.equal(await page.isVisible('#progress-box'), false);
    await page.evaluate(() => window.acphysPage.play());
    await page.waitForFunction((n) => window.acphysPage.state().frames > n + 3, before.frames, { timeout: 30_000 });
    await page.evaluate(() => window.acphysPage.pause());

    // More than 2,000 copies at once (LARGE_ADD): each frame then steps them all, so it asks.
    let asked = '';
    page.once('dialog', (d) => { asked = d.message(); void d.dismiss(); });
    await page.fill('#copies', '5000');
    await page.click('#spawn');
    await page.waitForFunction(() => /No copies were added/.test(document.getElementById('status-note').textContent), null, { timeout: 30_000 });
    assert.equal(asked, 'Adding 5,000 copies makes 7,001 objects, every one stepped each frame from now on. Go on?');
    assert.equal((await page.evaluate(() => window.acphysPage.state())).objects, added.objects);
    // More than there is room for: the question says how many were asked for and why fewer.
    page.once('dialog', (d) => { asked = d.message(); void d.dismiss(); });
    await page.evaluate(() => { document.getElementById('status-note').textContent = ''; });
    await page.fill('#copies', '99999999');
    await page.click('#spawn');
    await page.waitForFunction(() => /No copies were added/.test(document.getElementById('status-note').textContent), null, { timeout: 30_000 });
    assert.equal(asked, `Adding ${(16384 - added.objects).toLocaleString('en-US')} copies (99,999,999 asked for: a scenario holds at most 16,384 objects) ` +
      'makes 16,384 objects, every one stepped each frame from now on. Go on?');
    assert.equal((await page.evaluate(() => window.acphysPage.state())).objects, added.objects);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
