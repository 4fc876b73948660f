// The page's capture replay (issue 40, web/src/replaypanel.ts), in headless Chromium over the
// built dist/: captures the project writes itself (tests/data/replay/loop.jsonl: acphys's own run
// through src/net's encoder, made by the C suite `replay`; tests/data/net/session.pcap), never
// the shared real capture. Dropped on the page, a capture replays through the .wasm: the report
// count and distances are those `npx acphys replay --report` (the same session through Node)
// writes, the loop closes at distance 0 at every report, the markers are on the map and in the
// 3-D view beside acphys's path, the distance plot has a point per compared report, the first
// report beyond the threshold is named, and segments the data cannot cover are named.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';

import { root, withServedDist } from './harness.mjs';

let server, browser;
withServedDist((s, b) => { server = s; browser = b; });

const loop = join(root, 'tests', 'data', 'replay', 'loop.jsonl');
const pcap = join(root, 'tests', 'data', 'net', 'session.pcap');

/** The report `npx acphys replay` writes for the same capture and options. */
function nodeReport(capture, args = []) {
  const dir = mkdtempSync(join(tmpdir(), 'acphys-page-replay-'));
  try {
    const out = join(dir, 'r.json');
    const r = spawnSync(process.execPath, [join(root, 'bin', 'acphys.mjs'), 'replay', capture, '--report', out, ...args], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    return JSON.parse(readFileSync(out, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function openPage() {
  const page = await browser.context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url);
  await page.waitForFunction(() => (window.acphysPage?.state()?.frames ?? 0) >= 10, null, { timeout: 30_000 });
  await page.locator('#replay-box > summary').click();
  return { page, errors };
}

/** Drop `bytes` as file `name` on the page (a drop event with a DataTransfer, as a user's drag). */
async function drop(page, name, bytes) {
  await page.evaluate(({ name, data }) => {
    const dt = new DataTransfer();
    dt.items.add(new File([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], name));
    document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, { name, data: Buffer.from(bytes).toString('base64') });
}

const panel = (page) => page.evaluate(() => ({ ...document.getElementById('replay-box').dataset }));
const waitReplayed = (page) => page.waitForFunction(() => document.getElementById('replay-box').dataset.reports !== undefined, null, { timeout: 60_000 });

describe('the page replays a capture', () => {
  it('a dropped loop capture: every report at distance 0, markers on the map and in 3-D, the distances plotted', async () => {
    const { page, errors } = await openPage();
    const want = nodeReport(loop);
    await drop(page, 'loop.jsonl', readFileSync(loop));
    await waitReplayed(page);
    const p = await panel(page);
    assert.equal(Number(p.reports), want.reports.length);
    assert.equal(Number(p.compared), want.reports.length);
    assert.equal(Number(p.maxDistance), 0, 'the loop closes');
    assert.equal(p.firstBeyond, '');
    assert.equal(p.segments, '0');
    const verdict = await page.textContent('#replay-verdict');
    assert.match(verdict, new RegExp(`^loop\\.jsonl, player ${want.player}: ${want.reports.length} reports: ${want.reports.length} compared, 0 skipped; ` +
      `cells agree ${want.reports.length}/${want.reports.length}; distance max 0\\.000 m, mean 0\\.000 m; every compared report within 0\\.5 m\\.$`));
    // The page's run is the replay's scenario: its player, its frames.
    const st = await page.evaluate(() => window.acphysPage.state());
    assert.equal(st.frames, want.summary.frames);
    assert.equal(st.playing, false);
    // One point per compared report on the distance plot; a marker per report on the map.
    assert.equal(await page.evaluate(() => document.getElementById('replay-plot').dataset.points), String(want.reports.length));
    assert.equal(await page.locator('#replay-plot canvas').count(), 1);
    await page.waitForFunction((n) => document.getElementById('replay-box').dataset.markers === String(n), want.reports.length, { timeout: 10_000 });
    // 3-D: a sphere per report and acphys's path.
    await page.locator('#view3d-box summary').click();
    await page.waitForFunction(() => (document.querySelector('#view3d-box .view3d')?.dataset.extrasNames ?? '').includes('acphys-path'), null, { timeout: 30_000 });
    const v = await page.evaluate(() => ({ ...document.querySelector('#view3d-box .view3d').dataset }));
    assert.equal(Number(v.extras), want.reports.length + 1, 'a sphere per client report and one path line');
    assert.deepEqual(v.extrasNames.split(',').sort(), ['acphys-path', 'client-report']);

    // At the datagrams' times with resync (--frames datagrams --resync): other frame times than the
    // run the capture was made from, so other distances: the page gives the CLI's.
    const dg = nodeReport(loop, ['--frames', 'datagrams', '--resync']);
    await page.selectOption('#replay-frames', 'datagrams');
    await page.check('#replay-resync');
    await page.evaluate(() => { delete document.getElementById('replay-box').dataset.reports; });
    await drop(page, 'loop.jsonl', readFileSync(loop));
    await waitReplayed(page);
    const q = await panel(page);
    assert.equal(Number(q.compared), dg.reports.length);
    assert.equal(Number(q.maxDistance), dg.summary.max_distance);
    assert.equal(q.firstBeyond, String(dg.summary.first_beyond?.index ?? ''));
    assert.equal((await page.evaluate(() => window.acphysPage.state())).frames, dg.summary.frames);
    assert.notEqual(dg.summary.frames, want.summary.frames, 'the datagram mode has its own frames');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('a pcap with a threshold below its distances names the first report beyond; without the landblock, the segment is named', async () => {
    const { page, errors } = await openPage();
    const want = nodeReport(pcap, ['--threshold', '0.001']);
    assert.ok(want.summary.first_beyond, 'the fixture has a report beyond 0.001 m');
    await page.fill('#replay-threshold', '0.001');
    await page.setInputFiles('#capture-input', { name: 'session.pcap', mimeType: 'application/octet-stream', buffer: readFileSync(pcap) });
    await waitReplayed(page);
    let p = await panel(page);
    assert.equal(Number(p.reports), want.reports.length);
    assert.equal(Number(p.maxDistance), want.summary.max_distance);
    assert.equal(p.firstBeyond, String(want.summary.first_beyond.index));
    const fb = want.summary.first_beyond;
    assert.ok((await page.textContent('#replay-verdict')).includes(
      `first beyond 0.001 m: report ${fb.index} at ${fb.t.toFixed(3)} s (${want.reports[fb.index].kind}), ${fb.distance.toFixed(3)} m, while ${fb.doing}.`));

    // The portal excerpt alone (no default excerpts): the player's landblock is not loaded, every
    // report is skipped and the segment is named.
    const portal = readFileSync(join(root, 'data', 'portal-default.dat'));
    await page.setInputFiles('#dat-input', { name: 'portal-default.dat', mimeType: 'application/octet-stream', buffer: portal });
    await page.waitForFunction(() => Object.keys(window.acphysPage.dats()).includes('portal-default.dat'), null, { timeout: 30_000 });
    const seg = nodeReport(pcap, ['--no-default', '--portal', join(root, 'data', 'portal-default.dat')]);
    assert.equal(seg.segments.length, 1);
    await page.check('#replay-no-default');
    await page.fill('#replay-threshold', '0.5');
    await page.evaluate(() => { delete document.getElementById('replay-box').dataset.reports; });
    await page.setInputFiles('#capture-input', { name: 'session.pcap', mimeType: 'application/octet-stream', buffer: readFileSync(pcap) });
    await waitReplayed(page);
    p = await panel(page);
    assert.equal(p.compared, '0');
    assert.equal(p.segments, '1');
    const g = seg.segments[0];
    assert.equal(await page.textContent('#replay-notes li'),
      `Not compared: ${g.from.toFixed(3)} s to ${g.to.toFixed(3)} s (${g.reports} reports): ${g.reason}`);
    assert.match(g.reason, /landblock 0xA9B4 is not in the excerpts/);
    assert.equal(await page.evaluate(() => document.getElementById('replay-plot').dataset.points), '0');
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('full client DATs (read lazily) replay as the CLI with --portal and --cell; a bad checksum is a warning, a file that is no capture an error', async () => {
    const { page, errors } = await openPage();
    // The default excerpts under the full DATs' names: the page reads them lazily (File.slice),
    // so the replay makes its scenario first and copies the records it needs.
    for (const [file, name] of [['portal-default.dat', 'client_portal.dat'], ['cell-default.dat', 'client_cell_1.dat']]) {
      await page.setInputFiles('#dat-input', { name, mimeType: 'application/octet-stream', buffer: readFileSync(join(root, 'data', file)) });
      await page.waitForFunction((n) => Object.keys(window.acphysPage.dats()).includes(n), name, { timeout: 60_000 });
    }
    await page.check('#replay-no-default');
    const want = nodeReport(pcap, ['--no-default', '--portal', join(root, 'data', 'portal-default.dat'), '--cell', join(root, 'data', 'cell-default.dat')]);
    assert.equal(want.summary.compared, want.reports.length);
    await page.setInputFiles('#capture-input', { name: 'session.pcap', mimeType: 'application/octet-stream', buffer: readFileSync(pcap) });
    await waitReplayed(page);
    const p = await panel(page);
    assert.equal(Number(p.reports), want.reports.length);
    assert.equal(Number(p.compared), want.summary.compared);
    assert.equal(Number(p.maxDistance), want.summary.max_distance);
    const st = await page.evaluate(() => window.acphysPage.state());
    assert.equal(st.frames, want.summary.frames);

    // A datagram whose checksum does not verify: named in a warning, the replay goes on.
    await page.uncheck('#replay-no-default');
    await page.evaluate(() => { delete document.getElementById('replay-box').dataset.reports; });
    const bad = join(root, 'tests', 'data', 'net', 'bad-checksum.jsonl');
    const wantBad = nodeReport(bad);
    await drop(page, 'bad-checksum.jsonl', readFileSync(bad));
    await waitReplayed(page);
    assert.equal((await panel(page)).firstBeyond, String(wantBad.summary.first_beyond.index));
    const notes = await page.locator('#replay-notes li').allTextContents();
    assert.ok(notes.some((n) => /^Warning: bad-checksum\.jsonl: .*ACP_NET_ERR_CHECKSUM at datagram 4 offset 8 \(field header\.checksum\)/.test(n)), notes.join('\n'));

    // A file named .pcap that is no capture: the error names it, the run goes on.
    const before = await page.evaluate(() => window.acphysPage.state().digest);
    await drop(page, 'not-a-capture.pcap', Buffer.from('not a capture\n'));
    await page.waitForFunction(() => /Replay: not-a-capture\.pcap: not a capture/.test(document.getElementById('message-text').textContent), null, { timeout: 10_000 });
    assert.equal(await page.evaluate(() => window.acphysPage.state().digest), before);
    // The status line no longer says it is replaying: the failure is said there too.
    assert.equal(await page.locator('#status-note').textContent(), 'Could not replay the capture not-a-capture.pcap.');
    // An empty .jsonl is an empty capture, as an empty .pcap: not a DAT.
    await drop(page, 'empty.jsonl', Buffer.alloc(0));
    await page.waitForFunction(() => /Replay: empty\.jsonl: .*holds no datagram/.test(document.getElementById('message-text').textContent), null, { timeout: 10_000 });
    assert.doesNotMatch(await page.locator('#message-text').textContent(), /DAT/);
    assert.equal(await page.locator('#status-note').textContent(), 'Could not replay the capture empty.jsonl.');
    assert.deepEqual(errors, []);
    await page.close();
  });
});
