// The page end to end (issue 8), in Debian's headless Chromium driven by playwright-core, over
// the built dist/ served from a sub-path (/some/path/): the default scenario runs, both quanta
// plots and the time series draw, the map shows the player moving; the keyboard drives it; Share
// makes a link that a fresh browser replays "identical", to the digest Node computes for the
// scenario in the link; a run file opens the same way; "Copy as Node test" gives a test that
// passes; a broken, damaged or tampered link and a file that is not a DAT give a message and
// leave the run going, and a later success clears the message; a full DAT is read lazily and
// gives the same run; the recorded clock leaves start-up and rebuild work out and keeps a hitch
// while running; ?spawn= beyond the runner's 16,384 objects is capped and says so (the request
// read exactly), and a ?spawn= that is not plain digits gets a notice; 1,000 objects
// run and their figures are recorded (not judged: the frame budget is `npm run bench`'s).
// Screenshots and figures go to tests/artifacts/.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import LZString from 'lz-string';

import { LazyDat, loadAcphys, writeDat } from '../../wasm/acphys.mjs';
import { runScenario } from '../../wasm/scenario.mjs';
import { dist, launch, launchFresh, root, serve } from './harness.mjs';

const ARTIFACTS = join(root, 'tests', 'artifacts');
const shot = (name) => join(ARTIFACTS, `page-${name}.png`);

let server, browser, acp;
before(async () => {
  assert.ok(existsSync(join(dist, 'index.html')), 'dist/ is not built: run `node scripts/build.mjs web` (npm run build)');
  mkdirSync(ARTIFACTS, { recursive: true });
  acp = await loadAcphys(join(root, 'wasm', 'acphys.wasm'));
  server = await serve(dist, '/some/path/');
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** A new tab on the page (URL suffix `rest`), with page errors collected; `timeout` ms for the
 *  page to start its run. */
async function open(context, rest = '', timeout = 20_000) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url + rest);
  await page.waitForFunction(() => window.acphysPage?.state() !== undefined, null, { timeout });
  return { page, errors };
}
const state = (page) => page.evaluate(() => window.acphysPage.state());
const waitFrames = (page, n, timeout = 20_000) =>
  page.waitForFunction((k) => (window.acphysPage.state()?.frames ?? 0) >= k, n, { timeout });

/** Pixels of a canvas that differ from its most common colour. */
function inkedPixels(page, selector) {
  return page.evaluate((sel) => {
    const canvases = [...document.querySelectorAll(sel)];
    return canvases.map((c) => {
      const g = c.getContext('2d');
      const { data } = g.getImageData(0, 0, c.width, c.height);
      let ink = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 0 && !(data[i] > 245 && data[i + 1] > 245 && data[i + 2] > 245)) ink++;
      return ink;
    });
  }, selector);
}

/** A link with its run file changed by `edit` (the prefix kept unless `build` is given). */
function tamper(link, edit, build) {
  const [base, frag] = link.split('#');
  const m = /^v1\.([0-9a-z]+)\.(.*)$/s.exec(frag);
  const raw = JSON.parse(LZString.decompressFromEncodedURIComponent(m[2]));
  edit(raw);
  return `${base}#v1.${build ?? m[1]}.${LZString.compressToEncodedURIComponent(JSON.stringify(raw))}`;
}

/** `link` with its JSON text edited by `edit` (text → text). */
function tamperText(link, edit) {
  const [base, frag] = link.split('#');
  const m = /^v1\.([0-9a-z]+)\.(.*)$/s.exec(frag);
  const text = LZString.decompressFromEncodedURIComponent(m[2]);
  const edited = edit(text);
  assert.notEqual(edited, text, 'the edit changed the link');
  return `${base}#v1.${m[1]}.${LZString.compressToEncodedURIComponent(edited)}`;
}

/** The run file in a link's fragment (as the page encodes it: link.ts). */
function decodeFragment(link) {
  const frag = new URL(link).hash.slice(1);
  const m = /^v1\.([0-9a-z]+)\.(.*)$/s.exec(frag);
  assert.ok(m, `not a v1 link: ${frag.slice(0, 40)}`);
  const body = JSON.parse(LZString.decompressFromEncodedURIComponent(m[2]));
  if (body.dt_us) {
    let us = 0;
    body.scenario.frames = { times: body.dt_us.map((d) => (us += d) / 1e6) };
  }
  return { build: m[1], run: body };
}

describe('the demo page in headless Chromium', () => {
  let page;
  let link;

  it('opens on the default scenario from a sub-path: it runs, both quanta plots and the time series draw, the map shows the player moving', async () => {
    ({ page } = await open(browser.context));
    await waitFrames(page, 30);
    const s0 = await state(page);
    assert.equal(s0.objects, 1);
    assert.deepEqual(s0.profiles, ['retail', 'acdream-r6']);
    assert.match(await page.locator('#synthetic-summary').textContent(), /synthetic stand-ins/);
    const map0 = await page.evaluate(() => document.getElementById('map').toDataURL());
    // 31 more frames, however long a busy machine takes for them (no frame rate is asserted).
    await waitFrames(page, s0.frames + 31, 60_000);
    const s1 = await state(page);
    assert.ok(s1.frames > s0.frames + 30, `frames ${s0.frames} → ${s1.frames}`);
    const moved = Math.hypot(s1.x - s0.x, s1.y - s0.y);
    assert.ok(moved > 1, `the player moved ${moved} m`);
    const readout = await page.locator('#readout').textContent();
    assert.match(readout, /\+Moosier \(id 1\): cell 0xD59A00[0-9A-F]{2}, x [0-9.]+ m, y [0-9.]+ m in the landblock/);
    const map1 = await page.evaluate(() => document.getElementById('map').toDataURL());
    assert.notEqual(map0, map1, 'the map changed');
    const quanta = await inkedPixels(page, '.quanta-plot canvas');
    assert.equal(quanta.length, 2);
    for (const ink of quanta) assert.ok(ink > 500, `quanta plot drew ${ink} pixels`);
    const series = await inkedPixels(page, '.series-plot canvas');
    assert.equal(series.length, 5);
    for (const ink of series) assert.ok(ink > 200, `time series drew ${ink} pixels`);
    // The status line's run summary is current (rewritten every 250 ms), and the frame slider's
    // label shows the frame just run, not one the plots were queued for.
    await page.waitForFunction(() => {
      const m = /, ([\d,]+) frames recorded/.exec(document.getElementById('status-run').textContent);
      return m && Number(m[1].replace(/,/g, '')) >= 60;
    }, null, { timeout: 10_000 });
    assert.match(await page.locator('#status-run').textContent(), /^running-turning-player: 1 object, [\d,]+ frames recorded \([\d.]+ s\), recording\.$/);
    const { label, frames } = await page.evaluate(() => ({ label: document.getElementById('scrub-label').dataset.frame, frames: window.acphysPage.state().frames }));
    assert.equal(Number(label), frames, 'the frame label is the frame just run');
    // The description keeps its text whole ("0.5 ms" is not a sentence end) and says what the
    // page does with frame times instead of the recorded scenario's "3 s at 60 Hz ..." sentence;
    // the run file (hence the link and the copied Node test) carries it so.
    const recorded = JSON.parse(readFileSync(join(root, 'data', 'scenarios', 'running-turning-player.json'), 'utf8')).description;
    const file = await page.evaluate(() => window.acphysPage.runFile());
    assert.equal(file.scenario.description,
      `${recorded.replace(' 3 s at 60 Hz with 0.5 ms of seeded jitter.', '')} On the page: the frame times are the browser's requestAnimationFrame times, recorded as the run goes.`);
    // The recorded clock started at an animation frame after the page's start-up drawing ended.
    const clock = await page.evaluate(() => window.acphysPage.clock());
    assert.ok(clock && clock.ts >= clock.readyAt, JSON.stringify(clock));
    await page.screenshot({ path: shot('default'), fullPage: true });
    await page.locator('#quanta').screenshot({ path: shot('default-quanta') });
  });

  it('drives the selected object with the keyboard: held keys become raw_motion and jump events', async () => {
    const before = await state(page);
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.down('Shift');
    await page.keyboard.down('w');
    await page.waitForTimeout(400);
    await page.keyboard.down('a');
    await page.waitForTimeout(400);
    await page.keyboard.up('a');
    await page.keyboard.down(' ');
    await page.waitForTimeout(300);
    await page.keyboard.up(' ');
    await page.waitForTimeout(400);
    await page.keyboard.up('w');
    await page.keyboard.up('Shift');
    await page.waitForTimeout(300);
    const after = await state(page);
    assert.ok(after.events >= before.events + 5, `events ${before.events} → ${after.events}`);
    const file = await page.evaluate(() => window.acphysPage.runFile());
    const kinds = file.scenario.events.slice(before.events).map((e) => Object.keys(e).find((k) => k !== 't' && k !== 'object'));
    assert.ok(kinds.includes('raw_motion') && kinds.includes('jump'), kinds.join(','));
  });

  it('Share gives a link that a fresh browser replays identically, to the digest Node computes for its scenario', async () => {
    await page.click('#play'); // pause
    assert.equal((await state(page)).playing, false);
    await page.click('#share');
    await page.waitForFunction(() => document.getElementById('share-link').value.includes('#v1.'), null, { timeout: 10_000 });
    link = await page.locator('#share-link').inputValue();
    const here = await state(page);
    const { build, run } = decodeFragment(link);
    assert.equal(build, acp.digest, 'the link carries the build digest of this .wasm');
    assert.equal(run.frames, here.frames);
    assert.equal(run.digest, here.digest);
    assert.equal(run.scenario.frames.times.length, here.frames);
    const node = runScenario(acp, run.scenario);
    assert.equal(node.digest, run.digest, 'Node replays the link to the page\'s digest');
    for (let i = 0; i < run.sampled.length; i++) assert.equal(node.frameDigests[(i + 1) * 64 - 1], run.sampled[i]);
    writeFileSync(join(ARTIFACTS, 'page-link.txt'), `${link}\n`);

    const fresh = await launchFresh();
    try {
      const p2 = await fresh.context.newPage();
      const errors = [];
      p2.on('pageerror', (e) => errors.push(e.message));
      await p2.goto(link);
      await p2.waitForFunction(() => document.getElementById('verdict')?.dataset.verdict, null, { timeout: 30_000 });
      const verdict = p2.locator('#verdict');
      assert.equal(await verdict.getAttribute('data-verdict'), 'identical', await verdict.textContent());
      assert.equal(await verdict.getAttribute('data-digest'), node.digest);
      assert.match(await verdict.textContent(), /identical/);
      assert.deepEqual(errors, []);
      await p2.screenshot({ path: shot('replayed-link'), fullPage: false });

      // The same link with the scenario changed before frame 100: the replay names that frame.
      const target = Math.min(100, run.frames - 5);
      const raw = JSON.parse(LZString.decompressFromEncodedURIComponent(new URL(link).hash.slice(1).replace(/^v1\.[0-9a-z]+\./, '')));
      raw.scenario.events.push({ t: run.scenario.frames.times[target - 1], object: 1, set_velocity: [0, 0, 5] });
      const changed = `${link.split('#')[0]}#v1.${build}.${LZString.compressToEncodedURIComponent(JSON.stringify(raw))}`;
      await p2.goto(changed);
      await p2.waitForFunction(() => document.getElementById('verdict')?.dataset.verdict === 'diverged', null, { timeout: 30_000 });
      assert.equal(await verdict.getAttribute('data-frame'), String(target), await verdict.textContent());
      assert.match(await verdict.textContent(), new RegExp(`diverged at frame ${target} of`));
      await p2.screenshot({ path: shot('diverged-link'), fullPage: false });
    } finally {
      await fresh.close();
    }
  });

  it('opens a run file the same way (replay, "identical"), and the replay clears an earlier error', async () => {
    const file = await page.evaluate(() => window.acphysPage.runFile());
    // First a scenario the runner refuses: its message names the file and the field.
    const bad = { ...file.scenario, objects: [{ ...file.scenario.objects[0], velocty: [0, 0, 0] }] };
    await page.setInputFiles('#run-input', { name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
    await page.waitForFunction(() => !document.getElementById('message').hidden, null, { timeout: 10_000 });
    assert.match(await page.locator('#message-text').textContent(), /^The scenario in bad\.json is invalid: unknown field "velocty" in objects\[0\]\. The current run goes on unchanged\.$/);
    // A file that is not strict JSON gets the CLIs' message: here a repeated name, line and column.
    const noFrames = Buffer.from(JSON.stringify({ ...file.scenario, frames: undefined }));
    await page.setInputFiles('#run-input', { name: 'no-frames.json', mimeType: 'application/json', buffer: noFrames });
    await page.waitForFunction(() => /no-frames\.json/.test(document.getElementById('message-text').textContent), null, { timeout: 10_000 });
    assert.match(await page.locator('#message-text').textContent(), /^The scenario in no-frames\.json is invalid: frames: /);
    const twice = Buffer.from('{"version": 1,\n  "version": 1}');
    await page.setInputFiles('#run-input', { name: 'twice.json', mimeType: 'application/json', buffer: twice });
    await page.waitForFunction(() => /twice\.json/.test(document.getElementById('message-text').textContent), null, { timeout: 10_000 });
    // The file's name once (issue 17: it was "twice.json: twice.json is not valid JSON: ...").
    assert.equal(await page.locator('#message-text').textContent(), 'twice.json is not valid JSON: line 2, column 3: ' +
      'a member name that this object already has (JSON.parse would keep the last one silently). The current run goes on unchanged.');
    await page.setInputFiles('#run-input', { name: 'run.acphys.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
    await page.waitForFunction(() => document.getElementById('verdict')?.dataset.verdict === 'identical', null, { timeout: 20_000 });
    assert.equal(await page.locator('#verdict').getAttribute('data-digest'), file.digest);
    assert.equal(await page.locator('#message').isHidden(), true, 'the error about bad.json is gone after the replay');
  });

  it('"Copy as Node test" gives a node:test file that replays the run and passes', async () => {
    await page.click('#copy-test');
    await page.waitForFunction(() => document.getElementById('text-out').value.includes('node:test'), null, { timeout: 10_000 });
    const text = await page.locator('#text-out').inputValue();
    const path = join(ARTIFACTS, 'page-copied.test.mjs');
    writeFileSync(path, text);
    const env = { ...process.env };
    delete env.NODE_TEST_CONTEXT; // a test run of its own, not a child of this one
    const r = spawnSync(process.execPath, ['--test', '--test-reporter=tap', path], { cwd: root, encoding: 'utf8', env });
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /# pass 1/);
  });

  it('a file that is not a DAT, dropped on the page, gives a clear message and the run goes on', async () => {
    await page.click('#play'); // play again
    await waitFrames(page, (await state(page)).frames + 10);
    const digestAt = await page.evaluate(() => window.acphysPage.digestAt(10));
    // Dropped on the page (drag and drop), as a user would.
    await page.evaluate(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(['these are my notes, not a DAT\n'.repeat(30)], 'notes.dat'));
      document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    });
    await page.waitForFunction(() => !document.getElementById('message').hidden, null, { timeout: 10_000 });
    const msg = await page.locator('#message-text').textContent();
    assert.match(msg, /notes\.dat is not a DAT file/);
    assert.match(msg, /goes on unchanged/);
    const f0 = (await state(page)).frames;
    await waitFrames(page, f0 + 10);
    assert.equal(await page.evaluate(() => window.acphysPage.digestAt(10)), digestAt, 'the same run');
    await page.screenshot({ path: shot('not-a-dat'), fullPage: false });
    await page.click('#message-close');
  });

  it('a full client_portal.dat is read lazily (the records the scenario needs) and gives the same run as the embedded excerpts', async () => {
    const before = await state(page);
    const digest = await page.evaluate((f) => window.acphysPage.digestAt(f), before.frames);
    await page.setInputFiles('#dat-input', { name: 'client_portal.dat', mimeType: 'application/octet-stream', buffer: readFileSync(join(root, 'data', 'portal-default.dat')) });
    await page.waitForFunction(() => /records copied/.test(document.getElementById('status').textContent), null, { timeout: 20_000 });
    // Sizes in KB or MB as they read (a 61,440-byte DAT: "61.4 KB", not "0 MB"; 121,856 bytes:
    // "122 KB"): web/src/format.ts's rule, from the file's own size.
    const size = readFileSync(join(root, 'data', 'portal-default.dat')).length / 1e3;
    const total = (size < 100 ? size.toFixed(1) : size.toFixed(0)).replace('.', '\\.');
    assert.match(await page.locator('#dats').textContent(),
      new RegExp(`client_portal\\.dat \\(full DAT, read lazily; \\d+ records copied \\(\\d+(\\.\\d)? KB read of ${total} KB\\)`));
    // The stand-ins themselves under a user's name are judged by content: still synthetic (standins.test.mjs).
    assert.match(await page.locator('#synthetic-body').textContent(), /client_portal\.dat holds this stand-in itself/);
    assert.equal(await page.evaluate((f) => window.acphysPage.digestAt(f), before.frames), digest);
    // Copy as Node test with the DAT: the test and the excerpt the page offers replay in Node.
    await page.click('#copy-test');
    await page.waitForFunction(() => document.querySelector('#text-files a') !== null, null, { timeout: 10_000 });
    const { text, name, bytes } = await page.evaluate(async () => {
      const a = document.querySelector('#text-files a');
      const buf = new Uint8Array(await (await fetch(a.href)).arrayBuffer());
      return { text: document.getElementById('text-out').value, name: a.download, bytes: Array.from(buf) };
    });
    assert.equal(name, 'client_portal.dat');
    const dir = join(ARTIFACTS, 'dat-test');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, name), Buffer.from(bytes));
    writeFileSync(join(dir, 'replay.test.mjs'), text);
    const env = { ...process.env };
    delete env.NODE_TEST_CONTEXT;
    const r = spawnSync(process.execPath, ['--test', '--test-reporter=tap', join(dir, 'replay.test.mjs')], { cwd: root, encoding: 'utf8', env });
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /# pass 1/);

    // Its link, opened in a fresh browser without the DAT: the page asks for the file, keeps its
    // own run, and replays the link once the file is added.
    await page.click('#share');
    await page.waitForFunction(() => document.getElementById('share-link').value.includes('#v1.'), null, { timeout: 10_000 });
    const datLink = await page.locator('#share-link').inputValue();
    const fresh = await launchFresh();
    try {
      const p2 = await fresh.context.newPage();
      await p2.goto(datLink);
      await p2.waitForFunction(() => !document.getElementById('message').hidden, null, { timeout: 20_000 });
      assert.match(await p2.locator('#message-text').textContent(), /used the DAT file "client_portal\.dat": add it/);
      await waitFrames(p2, 10);
      await p2.setInputFiles('#dat-input', { name: 'client_portal.dat', mimeType: 'application/octet-stream', buffer: readFileSync(join(root, 'data', 'portal-default.dat')) });
      await p2.waitForFunction(() => document.getElementById('verdict')?.dataset.verdict, null, { timeout: 30_000 });
      assert.equal(await p2.locator('#verdict').getAttribute('data-verdict'), 'identical', await p2.locator('#verdict').textContent());
      assert.equal(await p2.locator('#message').isHidden(), true, 'the request for the DAT is gone once the link replayed');
    } finally {
      await fresh.close();
    }
  });

  it('a DAT that lacks a record the scenario needs gives a message naming it, and the run goes on', async () => {
    // A portal DAT holding only the motion table: the player's Setup 0x02000001 is missing.
    const bytes = new Uint8Array(readFileSync(join(root, 'data', 'portal-default.dat')));
    const lazy = new LazyDat(acp, bytes.length, (o, n) => bytes.slice(o, o + n));
    await lazy.open();
    const table = await lazy.record(0x09000001);
    lazy.free();
    const dat = writeDat(acp, { dataSet: 1, records: [table] });
    const before = await state(page);
    await page.setInputFiles('#dat-input', { name: 'client_portal.dat', mimeType: 'application/octet-stream', buffer: Buffer.from(dat) });
    await page.waitForFunction(() => !document.getElementById('message').hidden, null, { timeout: 10_000 });
    const msg = await page.locator('#message-text').textContent();
    assert.match(msg, /client_portal\.dat has no record 0x02000001, which objects\[0\] \(\+Moosier\)\.setup needs/);
    assert.match(msg, /goes on unchanged/);
    await waitFrames(page, before.frames + 10);
    assert.match(await page.locator('#dats').textContent(), /client_portal\.dat \(full DAT, read lazily; \d+ records copied/, 'the DAT that worked stays');
    await page.click('#message-close');
  });

  it('refuses a link longer than browsers accept and offers the run file to download instead', async () => {
    // A scenario whose events carry 1.8 MB of hashes (which lz-string cannot compress).
    const s = JSON.parse(readFileSync(join(root, 'data', 'scenarios', 'running-turning-player.json'), 'utf8'));
    const noise = (i) => createHash('sha512').update(String(i)).digest('base64');
    s.events = [...s.events, ...Array.from({ length: 20000 }, (_, i) => ({ t: 0, object: 1, set_velocity: [0, 0, 0], note: noise(i) }))];
    s.frames = { hz: 60, count: 10 };
    await page.setInputFiles('#run-input', { name: 'big.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(s)) });
    await page.waitForFunction(() => /Opened the scenario big\.json/.test(document.getElementById('status').textContent), null, { timeout: 20_000 });
    // (Compressing 1.8 MB for the link takes seconds on a busy machine: a generous wait.)
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await page.click('#share');
    const file = await download;
    assert.match(file.suggestedFilename(), /\.acphys\.json$/);
    assert.match(await page.locator('#message-text').textContent(), /more than browsers accept/);
    const saved = join(ARTIFACTS, 'page-too-long.acphys.json');
    await file.saveAs(saved);
    const run = JSON.parse(readFileSync(saved, 'utf8'));
    assert.equal(run.acphys_run, 1);
    assert.equal(runScenario(acp, run.scenario).digest, run.digest);
    await page.click('#message-close');
  });

  it('accepts and shows the ace profile: a scenario whose profile or compare_profiles names it, and the profile control', async () => {
    const { page: p, errors } = await open(browser.context); // its own tab: the shared one keeps its run
    const s = JSON.parse(readFileSync(join(root, 'data', 'scenarios', 'clock-profiles.json'), 'utf8'));
    const openScenario = async (name, scenario, profiles) => {
      await p.setInputFiles('#run-input', { name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(scenario)) });
      await p.waitForFunction((want) => window.acphysPage.state().profiles.join() === want, profiles.join(), { timeout: 20_000 });
    };
    await openScenario('ace.json', { ...s, profile: 'ace', compare_profiles: undefined }, ['ace', 'retail']);
    assert.equal(await p.locator('#profile').inputValue(), 'ace');
    await p.waitForFunction(() => [...document.querySelectorAll('.u-title')].some((e) => e.textContent === 'ace profile'), null, { timeout: 10_000 });
    await openScenario('retail-and-ace.json', { ...s, profile: 'retail', compare_profiles: ['retail', 'ace'] }, ['retail', 'ace']);
    assert.equal(await p.locator('#profile').inputValue(), 'retail');
    await p.selectOption('#profile', 'ace');
    await p.waitForFunction(() => window.acphysPage.state().profiles[0] === 'ace', null, { timeout: 20_000 });
    await p.screenshot({ path: shot('ace-profile'), fullPage: true });
    assert.deepEqual(errors, []);
    await p.close();
  });

  it('controls: profile switch and added object replay the recording; scrub shows a recorded frame; one frame steps one', async () => {
    await page.click('#restart');
    await waitFrames(page, 40);
    await page.click('#play'); // pause
    const f0 = (await state(page)).frames;
    const d0 = await page.evaluate((f) => window.acphysPage.digestAt(f), f0);
    await page.selectOption('#profile', 'acdream-r6');
    await page.waitForFunction(() => window.acphysPage.state().profiles[0] === 'acdream-r6', null, { timeout: 20_000 });
    assert.equal((await state(page)).frames, f0, 'the same frame times, replayed');
    await page.selectOption('#profile', 'retail');
    await page.waitForFunction(() => window.acphysPage.state().profiles[0] === 'retail', null, { timeout: 20_000 });
    assert.equal(await page.evaluate((f) => window.acphysPage.digestAt(f), f0), d0, 'back to retail: the same run');
    const creature = await page.locator('#state option', { hasText: 'falling-creature' }).getAttribute('value');
    await page.selectOption('#state', creature);
    await page.click('#add-object');
    await page.waitForFunction(() => window.acphysPage.state().objects === 2, null, { timeout: 20_000 });
    assert.equal((await state(page)).frames, f0);
    await page.locator('#scrub').fill('10');
    await page.waitForFunction(() => document.getElementById('readout').dataset.frame === '10', null, { timeout: 10_000 });
    await page.click('#step');
    await page.waitForFunction((f) => window.acphysPage.state().frames === f + 1, f0, { timeout: 10_000 });
    await page.screenshot({ path: shot('controls'), fullPage: true });
    await page.click('#play');
  });

  it('the recorded frame times leave out the work of a (re)start and keep a hitch while running', async () => {
    // A restart whose first frame (drawing the new views) takes 1.5 s longer, as a slow start-up
    // or rebuild does: the recorded clock starts after it, so it is no frame's time.
    await page.evaluate(() => window.acphysPage.stallStart(1500));
    await page.click('#restart');
    await page.waitForFunction(() => window.acphysPage.state().frames >= 5 && !window.acphysPage.state().busy, null, { timeout: 20_000 });
    const first = (await page.evaluate(() => window.acphysPage.runFile())).scenario.frames.times[0];
    assert.ok(first < 1, `the first recorded frame is at ${first} s: the 1.5 s start-up stall was recorded`);
    const clock = await page.evaluate(() => window.acphysPage.clock());
    assert.ok(clock.ts >= clock.readyAt, JSON.stringify(clock));
    // A 0.5 s stall while running is a hitch the browser really had: it is recorded.
    const f0 = (await state(page)).frames;
    await page.evaluate(() => window.acphysPage.stall(500));
    await waitFrames(page, f0 + 10);
    const times = (await page.evaluate(() => window.acphysPage.runFile())).scenario.frames.times;
    const longest = Math.max(...times.slice(f0 - 1).map((t, k, a) => (k ? t - a[k - 1] : 0)));
    assert.ok(longest >= 0.4, `the longest frame after the stall is ${longest} s`);
  });

  it('a link whose data was tampered with says its scenario is damaged or invalid, with the reason, and the run goes on', async () => {
    const cases = [
      [tamper(link, (r) => { r.scenario.profile = 'rtsqail'; }), /^The link's scenario is damaged or invalid: profile: unknown profile "rtsqail" \(known: "retail", "acdream-r6", "ace", "render-frame"\)\. The current run goes on unchanged\.$/],
      [tamper(link, (r) => { r.scenario.objecpts = r.scenario.objects; delete r.scenario.objects; }), /^The link's scenario is damaged or invalid: unknown field "objecpts" in the scenario\. The current run goes on unchanged\.$/],
      [tamper(link, () => {}, '0000000000000000'), /^The link is damaged: its prefix "#v1\.0000000000000000\." names build 0000000000000000, but its data says build [0-9a-f]{16}\. The current run goes on unchanged\.$/],
      // A frame count that is there but not a whole number of frames is invalid, not missing.
      [tamper(link, (r) => { r.frames = -1; }), /^The link's frame count is invalid: frames is -1, not a whole number from 0 to 1,000,000\. The current run goes on unchanged\.$/],
      [tamper(link, (r) => { r.frames = 2.5; }), /^The link's frame count is invalid: frames is 2\.5, not a whole number from 0 to 1,000,000\. The current run goes on unchanged\.$/],
      // A huge frame step is out of range (its index and the range named); a fractional one in
      // range is not whole microseconds.
      [tamper(link, (r) => { assert.ok(Array.isArray(r.dt_us), 'the link carries dt_us'); r.dt_us[3] = 1e300; }),
        /^The link's frame step dt_us\[3\] is 1e\+300: out of range \(a step is from -2,000,000,000,000,000 to 2,000,000,000,000,000 microseconds\)\. The current run goes on unchanged\.$/],
      [tamper(link, (r) => { r.dt_us[3] = 16666.5; }), /^The link's frame step dt_us\[3\] is 16666\.5: not whole microseconds\. The current run goes on unchanged\.$/],
      // Fewer frame times than the frames it says it recorded: damaged, not a divergence.
      [tamper(link, (r) => { r.dt_us = []; }), /^The link is damaged: it records [\d,]+ frames but carries 0 frame times\. The current run goes on unchanged\.$/],
      [tamper(link, (r) => { delete r.dt_us; r.scenario.frames = { hz: 60, count: 2 }; }),
        /^The link is damaged: it records [\d,]+ frames but its scenario generates 2\. The current run goes on unchanged\.$/],
      // The strict JSON check a file gets: a repeated member name, with its column.
      [tamperText(link, (t) => t.replace('"acphys_run":1', '"acphys_run":1,"\\u0061cphys_run":1')),
        /^The link is broken: its data is not valid JSON: line 1, column 17: a member name that this object already has \(JSON\.parse would keep the last one silently\)\. The current run goes on unchanged\.$/],
    ];
    for (const [url, message] of cases) {
      const { page: p5, errors } = await open(browser.context, url.slice(server.url.length));
      await p5.waitForFunction(() => !document.getElementById('message').hidden, null, { timeout: 20_000 });
      const text = await p5.locator('#message-text').textContent();
      assert.match(text, message);
      assert.doesNotMatch(text, /--profile/);
      await waitFrames(p5, 10);
      assert.equal((await state(p5)).objects, 1, 'the default run goes on');
      assert.deepEqual(errors, []);
      if (message.source.includes('rtsqail')) await p5.screenshot({ path: shot('tampered-link'), fullPage: false });
      await p5.close();
    }
  });

  it('a broken link gives a clear message and the default scenario runs', async () => {
    const { page: p3, errors } = await open(browser.context, '#v1.0123456789abcdef.N4IgLgnglgpg-this-is-not-lz');
    await p3.waitForFunction(() => !document.getElementById('message').hidden, null, { timeout: 10_000 });
    assert.match(await p3.locator('#message-text').textContent(), /the link is broken/i);
    await waitFrames(p3, 20);
    assert.equal((await state(p3)).objects, 1);
    await p3.screenshot({ path: shot('broken-link'), fullPage: false });
    assert.deepEqual(errors, []);
    await p3.close();
  });

  it('?spawn= beyond the runner\'s 16,384 objects runs 16,384 and says the request was capped, with the copies and objects asked for exactly', async () => {
    // 20 digits: past a double's exact integers, so the copies asked for and the objects (copies
    // + 1) are the user's digits, not 1e20 rounded.
    // Entering 16,384 objects that collide with each other (issue 14) takes a while: the same
    // 120 s as the frames below.
    const { page: p6, errors } = await open(browser.context, '?spawn=99999999999999999999&compare=0', 120_000);
    p6.setDefaultTimeout(120_000); // every locator call waits for the page's thread between frames
    await p6.waitForFunction(() => window.acphysPage.state()?.objects === 16384 && window.acphysPage.state().frames >= 3, null, { timeout: 120_000 });
    // (Each frame of 16,384 colliding objects holds the page's thread for seconds: 120 s.)
    await p6.waitForFunction(() => !document.getElementById('message').hidden, null, { timeout: 120_000 });
    assert.match(await p6.locator('#message-text').textContent(),
      /^\?spawn=99999999999999999999 asks for 99,999,999,999,999,999,999 copies of the player, 100,000,000,000,000,000,000 objects; a scenario holds at most 16,384 objects, so the page runs the player and 16,383 copies\.$/);
    assert.equal(await p6.locator('#message').getAttribute('class'), 'notice');
    assert.match(await p6.locator('#status-run').textContent(), /^running-turning-player: 16,384 objects, /);
    await p6.screenshot({ path: shot('spawn-capped'), fullPage: false, timeout: 120_000 });
    assert.deepEqual(errors, []);
    await p6.close();
  });

  it('?spawn= takes plain digits only: an exponent, a fraction, a sign or nothing is not a number of copies, and the player runs alone', async () => {
    for (const value of ['1e3', '2.5', '-1', '']) {
      const { page: p7, errors } = await open(browser.context, `?spawn=${encodeURIComponent(value)}`);
      await p7.waitForFunction(() => !document.getElementById('message').hidden, null, { timeout: 20_000 });
      const text = await p7.locator('#message-text').textContent();
      assert.equal(text, `?spawn=${value} is not a number of copies (a whole number from 0 to 16,383, in digits only): running the player alone.`);
      assert.equal(await p7.locator('#message').getAttribute('class'), 'notice');
      await waitFrames(p7, 3);
      assert.equal((await state(p7)).objects, 1, `?spawn=${value} runs the player alone`);
      assert.deepEqual(errors, []);
      await p7.close();
    }
  });

  it('runs 1,000 animated objects; their frame figures are recorded in tests/artifacts/page-perf.json, not judged (the frame budget is npm run bench)', async () => {
    const { page: p4 } = await open(browser.context, '?spawn=999');
    await p4.waitForFunction(() => window.acphysPage.state()?.objects === 1000 && window.acphysPage.state().frames > 30, null, { timeout: 60_000 });
    // Three windows of 3 s; every figure is kept as it came: a shared machine's other work comes
    // and goes, so none is asserted (project rule: performance is measured by npm run bench).
    const windows = [];
    for (let w = 0; w < 3; w++) {
      await p4.evaluate(() => window.acphysPage.resetPerf());
      await p4.waitForTimeout(3000);
      windows.push(await p4.evaluate(() => window.acphysPage.perf()));
    }
    const st = await state(p4);
    assert.equal(st.objects, 1000);
    assert.ok(st.frames > 30, `${st.frames} frames`);
    await p4.locator('#quanta').screenshot({ path: shot('1000-objects-quanta') });
    await p4.screenshot({ path: shot('1000-objects'), fullPage: false });
    // The core alone (a session of its own, stepped at 60 Hz without drawing), for comparison.
    await p4.evaluate(() => window.acphysPage.pause());
    const alone = await p4.evaluate(() => window.acphysPage.benchCore(300));
    writeFileSync(join(ARTIFACTS, 'page-perf.json'), `${JSON.stringify({ objects: st.objects, windows, coreAlone: alone }, null, 1)}\n`);
    for (const p of windows) {
      console.log(`# 1,000 objects: ${p.fps.toFixed(1)} frames/s; core ${p.core.mean.toFixed(2)} ms/frame (p95 ${p.core.p95.toFixed(2)}, ` +
        `max ${p.core.max.toFixed(2)}); other profile ${p.compare.mean.toFixed(2)} ms; page ${p.page.mean.toFixed(2)} ms`);
    }
    console.log(`# core alone, 1,000 objects at 60 Hz: ${alone.mean.toFixed(2)} ms/frame (p95 ${alone.p95.toFixed(2)}, max ${alone.max.toFixed(2)})`);
    await p4.close();
  });
});
