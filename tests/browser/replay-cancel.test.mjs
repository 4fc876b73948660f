// Replays that can be stopped (issue 36), in headless Chromium over the built dist/: adding copies
// replays the recording from its start, showing "Replaying N frames × M objects", a progress bar
// and Cancel; Cancel keeps the run as it was (its objects, frames and digest, and it goes on);
// a very large add asks first, and declining adds nothing.
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
    await page.waitForFunction(() => (window.acphysPage?.state()?.frames ?? 0) >= 240, null, { timeout: 60_000 });
    await page.evaluate(() => window.acphysPage.pause());
    const before = await page.evaluate(() => window.acphysPage.state());

    await page.fill('#copies', '3000');
    await page.click('#spawn');
    await page.waitForFunction(() => !document.getElementById('cancel-replay').hidden, null, { timeout: 30_000 });
    const label = await page.evaluate(() => document.getElementById('progress-label').textContent);
    assert.match(label, new RegExp(`^Replaying ${before.frames} frames × 3,?001 objects: frame \\d+ of ${before.frames}$`));
    await page.click('#cancel-replay');
    await page.waitForFunction(() => /Replay cancelled/.test(document.getElementById('status-note').textContent), null, { timeout: 30_000 });
    const after = await page.evaluate(() => window.acphysPage.state());
    assert.equal(after.objects, before.objects);
    assert.equal(after.frames, before.frames);
    assert.equal(after.digest, before.digest);
    assert.equal(await page.isVisible('#progress-box'), false);
    await page.evaluate(() => window.acphysPage.play());
    await page.waitForFunction((n) => window.acphysPage.state().frames > n + 3, before.frames, { timeout: 30_000 });
    await page.evaluate(() => window.acphysPage.pause());

    // 16,000 copies over the frames recorded: more than 2 million object-frames to replay.
    let asked = '';
    page.once('dialog', (d) => { asked = d.message(); void d.dismiss(); });
    const n = (await page.evaluate(() => window.acphysPage.state())).frames;
    await page.fill('#copies', '16000');
    await page.click('#spawn');
    await page.waitForFunction(() => /No copies were added/.test(document.getElementById('status-note').textContent), null, { timeout: 30_000 });
    assert.match(asked, new RegExp(`^Adding 16,000 copies replays ${n} frames × 16,001 objects \\(\\d+\\.\\d million object-frames\\), which may take a while\\. Go on\\?$`));
    assert.equal((await page.evaluate(() => window.acphysPage.state())).objects, before.objects);
    assert.deepEqual(errors, []);
    await page.close();
  });
});
