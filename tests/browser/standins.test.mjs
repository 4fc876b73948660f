// A user's file is judged synthetic or real by its content (issue 36), in headless Chromium over
// the built dist/: a DAT holding the stand-in records themselves (data/portal-default.dat under
// any name, an excerpt cut from it) leaves them listed as synthetic stand-ins; a record with a
// stand-in's id but other content replaces it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

import { LazyDat, loadAcphys, writeDat } from '../../wasm/acphys.mjs';
import { root, withServedDist } from './harness.mjs';

let server, browser;
withServedDist((s, b) => { server = s; browser = b; });

const item = (page, id) => page.evaluate((i) => [...document.querySelectorAll('#synthetic-body li')].map((li) => li.textContent)
  .find((t) => t.includes(` ${i}: `)) ?? null, id);

/** The stand-in MotionTable 0x09000001 as an excerpt, as it is or with its first animation's
 *  framerate 30 -> 25 (float 0x41F00000 -> 0x41C80000: a record of other content, same id). */
async function motionTableExcerpt(changed) {
  const acp = await loadAcphys(readFileSync(join(root, 'wasm', 'acphys.wasm')));
  const bytes = new Uint8Array(readFileSync(join(root, 'data', 'portal-default.dat')));
  const lazy = new LazyDat(acp, bytes.length, (o, n) => bytes.slice(o, o + n));
  await lazy.open();
  const rec = await lazy.record(0x09000001);
  lazy.free();
  if (changed) {
    const b = rec.bytes, dv = new DataView(b.buffer, b.byteOffset, b.length);
    let at = -1;
    for (let o = 0; o + 4 <= b.length && at < 0; o += 4) if (dv.getUint32(o, true) === 0x41f00000) at = o;
    assert.ok(at >= 0, 'the stand-in motion table has a framerate of 30');
    dv.setUint32(at, 0x41c80000, true);
  }
  return Buffer.from(writeDat(acp, { dataSet: 1, records: [rec] }));
}

describe('stand-ins judged by content', () => {
  it('data/portal-default.dat dropped as client_portal.dat stays synthetic; a changed record replaces its stand-in', async () => {
    const page = await browser.context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(server.url);
    await page.waitForFunction(() => (window.acphysPage?.state()?.frames ?? 0) >= 5, null, { timeout: 30_000 });
    const before = await item(page, '0x09000001');
    assert.match(before, /^MotionTable 0x09000001: SYNTHETIC — /);

    // The stand-ins themselves under a user's name: still synthetic, said so; nothing "replaced".
    await page.setInputFiles('#dat-input', { name: 'client_portal.dat', mimeType: 'application/octet-stream', buffer: readFileSync(join(root, 'data', 'portal-default.dat')) });
    await page.waitForFunction(() => /records copied/.test(document.getElementById('status').textContent), null, { timeout: 30_000 });
    assert.match(await item(page, '0x09000001'), /^MotionTable 0x09000001: SYNTHETIC \(client_portal\.dat holds this stand-in itself\) — /);
    assert.match(await item(page, '0x02000001'), /^Setup 0x02000001: SYNTHETIC \(client_portal\.dat holds this stand-in itself\) — /);
    const body = await page.locator('#synthetic-body').textContent();
    assert.doesNotMatch(body, /replaced by/);
    assert.match(await page.locator('#synthetic-summary').textContent(),
      /^\d+ of the records this page uses are synthetic stand-ins, not retail data \(\d+ of them from your DAT files, which hold the stand-ins themselves: judged by their content\)$/);

    // An excerpt of the same motion table, unchanged: the stand-in; changed: it replaces it.
    await page.setInputFiles('#dat-input', { name: 'same-table.dat', mimeType: 'application/octet-stream', buffer: await motionTableExcerpt(false) });
    await page.waitForFunction(() => /^same-table\.dat: /.test(document.getElementById('status-note').textContent), null, { timeout: 30_000 });
    assert.match(await item(page, '0x09000001'), /\(same-table\.dat holds this stand-in itself\)/);
    await page.setInputFiles('#dat-input', { name: 'my-table.dat', mimeType: 'application/octet-stream', buffer: await motionTableExcerpt(true) });
    await page.waitForFunction(() => /^my-table\.dat: /.test(document.getElementById('status-note').textContent), null, { timeout: 30_000 });
    assert.match(await item(page, '0x09000001'), /^MotionTable 0x09000001: SYNTHETIC \(replaced by my-table\.dat\) — /);
    assert.deepEqual(errors, []);
    await page.close();
  });
  it('the records real but for chosen parts say so: the wood\'s LandBlocks\' scene bits and the Region\'s scene tables (issue 34 review)', async () => {
    const page = await browser.context.newPage();
    await page.goto(server.url);
    await page.waitForFunction(() => (window.acphysPage?.state()?.frames ?? 0) >= 5, null, { timeout: 30_000 });
    // data/excerpts.manifest.json: synthetic_parts on Region 0x13000000 (2) and LandBlocks 0xAAB4, 0xA9B5, 0xAAB5 (1 each).
    for (const id of ['0xAAB4FFFF', '0xA9B5FFFF', '0xAAB5FFFF']) {
      const t = await item(page, id);
      assert.match(t, new RegExp(`^LandBlock ${id}: real, with synthetic parts — `));
      assert.equal(t.split('SYNTHETIC PART: ').length - 1, 1, t);
      assert.match(t, /SYNTHETIC PART: terrain bits 11-15: chosen \(the real words' scene bits are not public\)/);
      assert.doesNotMatch(t, /scenery bits unknown/);
    }
    const region = await item(page, '0x13000000');
    assert.match(region, /^Region 0x13000000: real, with synthetic parts — /);
    assert.equal(region.split('SYNTHETIC PART: ').length - 1, 2, region);
    // Holtburg's own LandBlock has no chosen part: plain real.
    assert.match(await item(page, '0xA9B4FFFF'), /^LandBlock 0xA9B4FFFF: real — .*not public: 0 here/);
    assert.doesNotMatch(await page.locator('#synthetic-body p').textContent(), /The terrain is real\./);
    await page.close();
  });
});
