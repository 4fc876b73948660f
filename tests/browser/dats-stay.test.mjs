// A user's DAT stays in use (issue 36), in headless Chromium over the built dist/: a DAT file
// added on the page stays in the scenario's excerpts (after its own, so its records replace the
// stand-ins') when a bundled scenario or the default one is opened, and the status says so.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

import { root, withServedDist } from './harness.mjs';

let server, browser;
withServedDist((s, b) => { server = s; browser = b; });

describe('loaded DATs stay loaded', () => {
  it('a DAT added on the page stays in use across opening a bundled scenario and the default one', async () => {
    const page = await browser.context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url);
    await page.waitForFunction(() => (window.acphysPage?.state()?.frames ?? 0) >= 5, null, { timeout: 30_000 });
    const bytes = readFileSync(join(root, 'data', 'cell-default.dat'));
    await page.setInputFiles('#dat-input', { name: 'my-cell.dat', mimeType: 'application/octet-stream', buffer: bytes });
    await page.waitForFunction(() => /^my-cell\.dat: /.test(document.getElementById('status-note').textContent), null, { timeout: 30_000 });
    const note = () => page.evaluate(() => document.getElementById('status-note').textContent);
    const excerpts = async () => (await page.evaluate(() => window.acphysPage.runFile())).scenario.excerpts;
    assert.deepEqual(await excerpts(), ['default', 'my-cell.dat']);

    await page.selectOption('#bundled', { label: 'into-the-cottage' });
    await page.click('#open-bundled');
    await page.waitForFunction(() => /Opened the bundled scenario into-the-cottage\.json/.test(document.getElementById('status-note').textContent), null, { timeout: 30_000 });
    assert.equal(await note(), 'Opened the bundled scenario into-the-cottage.json. Your DAT file my-cell.dat stays in use.');
    assert.deepEqual(await excerpts(), ['default', 'my-cell.dat']);
    assert.ok('my-cell.dat' in await page.evaluate(() => window.acphysPage.dats()));
    // Where the story ends, the note says so and still names the DAT in use (review of issue 36).
    await page.waitForFunction(() => /ends here/.test(document.getElementById('status-note').textContent), null, { timeout: 60_000 });
    assert.match(await note(), /^The bundled scenario into-the-cottage\.json ends here: .* Continue running to go on recording\. Your DAT file my-cell\.dat stays in use\.$/);

    await page.click('#default');
    await page.waitForFunction(() => /Opened the default scenario/.test(document.getElementById('status-note').textContent), null, { timeout: 30_000 });
    assert.equal(await note(), 'Opened the default scenario. Your DAT file my-cell.dat stays in use.');
    assert.deepEqual(await excerpts(), ['default', 'my-cell.dat']);
    assert.equal(await page.evaluate(() => (document.getElementById('message').hidden ? '' : document.getElementById('message-text').textContent)), '');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
