// Save state and open it (issue 38), in headless Chromium over the built dist/: the default run is
// saved after some frames ("Save state": a state file, web/src/savestate.ts), opened in a fresh
// browser, where it stands at the same frame with the same digest without replaying, and stepped
// on; its digest after every frame, the saved ones and the new ones alike, is a straight run's of
// the scenario it then holds (Node, the same .wasm), so its link and run file replay it. Damaged
// state files (cut short, a flipped byte, a snapshot over other records, a scenario edited after
// the save, not a state file, a header that lies) get a message naming the offset and field, and
// the run goes on as it was.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';

import { loadAcphys } from '../../wasm/acphys.mjs';
import { runScenario } from '../../wasm/scenario.mjs';
import { launchFresh, root, withServedDist } from './harness.mjs';

let server, browser, acp;
withServedDist((s, b) => { server = s; browser = b; });
before(async () => { acp = await loadAcphys(join(root, 'wasm', 'acphys.wasm')); });

const state = (page) => page.evaluate(() => window.acphysPage.state());
const note = (page) => page.locator('#status-note').textContent();
const message = (page) => page.locator('#message').textContent();

async function opened(context, errors) {
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url);
  await page.waitForFunction(() => (window.acphysPage?.state()?.frames ?? 0) >= 3, null, { timeout: 60_000 });
  return page;
}

async function saved(page) {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.click('#save-state')]);
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

async function openFile(page, name, buffer) {
  await page.setInputFiles('#run-input', { name, mimeType: 'application/octet-stream', buffer });
}

let file; // the state file saved in the first test, damaged in the second

describe('Save state and open it', () => {
  it('a run saved at frame N and opened in a fresh browser goes on as a straight run of its scenario', async () => {
    const errors = [];
    const a = await opened(browser.context, errors);
    await a.waitForFunction(() => window.acphysPage.state().frames >= 40, null, { timeout: 60_000 });
    await a.evaluate(() => window.acphysPage.pause());
    const at = await state(a);
    file = await saved(a);
    assert.match(file.name, new RegExp(`-frame-${at.frames}\\.acpstate$`));
    assert.equal(file.bytes.subarray(0, 8).toString('latin1'), 'ACPSTATE');
    assert.match(await note(a), new RegExp(`^Saved the state after frame ${at.frames} \\(digest ${at.digest}, `));
    const savedDigests = await a.evaluate((n) => Array.from({ length: n }, (_, k) => window.acphysPage.digestAt(k + 1)), at.frames);

    const fresh = await launchFresh();
    try {
      const b = await opened(fresh.context, errors);
      await b.evaluate(() => window.acphysPage.pause());
      await b.evaluate(() => {
        window.sawReplay = false;
        new MutationObserver(() => { if (!document.getElementById('progress-box').hidden) window.sawReplay = true; })
          .observe(document.body, { subtree: true, attributes: true });
      });
      await openFile(b, file.name, file.bytes);
      await b.waitForFunction(() => /^Opened the state file /.test(document.getElementById('status-note').textContent), null, { timeout: 60_000 });
      const there = await state(b);
      assert.equal(there.frames, at.frames);
      assert.equal(there.digest, at.digest);
      assert.deepEqual(there.profiles, at.profiles);
      assert.equal(there.playing, false);
      assert.match(await note(b), new RegExp(`^Opened the state file ${file.name.replace(/\./g, '\\.')}: the run stands after frame ${at.frames} ` +
        `\\(\\d+ objects?\\), digest ${at.digest}, the saved run's\\.`));
      assert.equal(await b.evaluate(() => window.sawReplay), false, 'nothing replayed');
      // on: 30 frames with "One frame", then 30 more playing
      for (let k = 0; k < 30; k++) await b.click('#step');
      await b.evaluate(() => window.acphysPage.play());
      await b.waitForFunction((n) => window.acphysPage.state().frames >= n + 60, at.frames, { timeout: 60_000 });
      await b.evaluate(() => window.acphysPage.pause());
      const end = await state(b);
      const run = await b.evaluate(() => window.acphysPage.runFile());
      assert.equal(run.frames, end.frames);
      assert.equal(run.scenario.frames.times.length, end.frames);
      const mine = await b.evaluate((n) => Array.from({ length: n }, (_, k) => window.acphysPage.digestAt(k + 1)), end.frames);
      assert.deepEqual(mine.slice(0, at.frames), savedDigests, 'the saved frames\' digests came with the state');
      // a straight run of the scenario it holds: every frame's digest
      const straight = runScenario(acp, run.scenario);
      assert.equal(straight.frames, end.frames);
      assert.deepEqual(straight.frameDigests, mine);
      assert.equal(straight.digest, end.digest);
      await b.close();
    } finally {
      await fresh.close();
    }
    assert.deepEqual(errors, []);
    await a.close();
  });

  it('damaged state files are refused naming the offset and field, and the run goes on as it was', async () => {
    assert.ok(file, 'the first test saved a state file');
    const errors = [];
    const page = await opened(browser.context, errors);
    await page.evaluate(() => window.acphysPage.pause());
    const before = await state(page);
    const bytes = file.bytes;
    const jsonBytes = bytes.readUInt32LE(12);
    const snapAt = 16 + jsonBytes;
    const flipped = Buffer.from(bytes);
    flipped[snapAt + 100] ^= 1;
    // other records: the primary snapshot's records digest changed and its checksum made good again
    // (as a snapshot taken over other DAT files would be)
    const firstBytes = JSON.parse(bytes.subarray(16, snapAt).toString('utf8')).snapshot_bytes[0];
    const otherRecords = Buffer.from(bytes);
    otherRecords[snapAt + 16] ^= 0xff;
    let h = 0xcbf29ce484222325n;
    for (const c of otherRecords.subarray(snapAt, snapAt + firstBytes - 8)) h = ((h ^ BigInt(c)) * 0x100000001b3n) & 0xffffffffffffffffn;
    otherRecords.writeBigUInt64LE(h, snapAt + firstBytes - 8);
    // an edited scenario: the run file's object 0 moved 5 m (the JSON re-encoded, the snapshots as saved)
    const json = JSON.parse(bytes.subarray(16, snapAt).toString('utf8'));
    json.run.scenario.objects[0].position.origin[0] += 5;
    const editedJson = Buffer.from(JSON.stringify(json), 'utf8');
    const editedFile = Buffer.concat([bytes.subarray(0, 16), editedJson, bytes.subarray(snapAt)]);
    editedFile.writeUInt32LE(editedJson.length, 12);
    const lying = Buffer.from(bytes);
    lying.writeUInt32LE(bytes.length, 12);
    const cases = [
      ['cut.acpstate', bytes.subarray(0, bytes.length - 100),
        /^cut\.acpstate could not be opened as a state file: the [a-z0-9-]+ run's snapshot \(bytes \d+–\d+ of the file\) is refused: offset \d+, [\w.[\] ]+: /],
      ['flipped.acpstate', flipped,
        new RegExp(`^flipped\\.acpstate could not be opened as a state file: the ${before.profiles[0]} run's snapshot \\(bytes ${snapAt}–\\d+ of the file\\) is refused: offset \\d+, checksum: [0-9a-f]{16}, but the bytes before it sum to [0-9a-f]{16}`)],
      ['other-records.acpstate', otherRecords,
        new RegExp(`^other-records\\.acpstate could not be opened as a state file: the ${before.profiles[0]} run's snapshot \\(bytes ${snapAt}–\\d+ of the file\\) is refused: offset 16, records_digest: the snapshot was taken over records [0-9a-f]{16}, but the world holds records [0-9a-f]{16}`)],
      ['edited.acpstate', editedFile,
        new RegExp(`^edited\\.acpstate could not be opened as a state file: the ${before.profiles[0]} run's snapshot \\(bytes ${16 + editedJson.length}–\\d+ of the file\\) is refused: offset \\d+, runner scenario_digest: the snapshot was taken from another scenario \\([0-9a-f]{16}\\), not this one \\([0-9a-f]{16}\\)`)],
      ['notes.acpstate', Buffer.from('these are my notes, not a state file'),
        /^notes\.acpstate could not be opened as a state file: offset 0, magic: not an acphys state file \(it begins 74 68 65 73 65 20 61 72, not "ACPSTATE"\)/],
      ['lying.acpstate', lying,
        new RegExp(`^lying\\.acpstate could not be opened as a state file: offset 12, json_bytes: ${bytes.length} bytes of JSON, but ${bytes.length - 16} bytes follow: truncated`)],
      ['header.acpstate', bytes.subarray(0, 10),
        /^header\.acpstate could not be opened as a state file: offset 8, version: the file ends here \(4 bytes needed, 2 left\): truncated/],
    ];
    for (const [name, buffer, re] of cases) {
      await page.evaluate(() => { document.getElementById('message').hidden = true; });
      await openFile(page, name, buffer);
      await page.waitForFunction(() => !document.getElementById('message').hidden, null, { timeout: 60_000 });
      const m = await message(page);
      assert.match(m, re);
      assert.match(m, /The current run goes on unchanged\.\s*×?$/);
      const now = await state(page);
      assert.equal(now.frames, before.frames, `${name}: the run is kept`);
      assert.equal(now.digest, before.digest);
      assert.equal(now.busy, false);
    }
    assert.deepEqual(errors, []);
    await page.close();
  });
});
