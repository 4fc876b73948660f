// The conformance suite on the page (issue 35, web/src/compare.ts), in headless Chromium over the
// built dist/: a case opens from the list (its scenario and the DAT excerpts it names become the
// page's run); a port's trace dropped on the page is judged against the case's stored golden of
// its shape: the golden itself is "identical"; a copy with one value perturbed differs first at
// exactly the perturbed record (its frame and quantum read from that golden line), named with the
// field and both values, marked on the panel's plot, shown at that frame (the scrubber) and in
// the 3-D view; dereth's records by dereth's tolerance (2e-5 relative in the first 100 sub-steps
// fails, 5e-6 passes).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

import { dist, root, withServedDist } from './harness.mjs';

let server, browser;
withServedDist((s, b) => { server = s; browser = b; });

const suite = join(root, 'conformance', 'v1');
const manifest = JSON.parse(readFileSync(join(suite, 'manifest.json'), 'utf8'));
const CASE = 'same_walk_at_4fps';
const kase = manifest.cases.find((c) => c.trace === CASE);

/** The lines of a trace file, and a copy with record `index` (0-based) changed by `edit`. */
const lines = (path) => readFileSync(join(suite, path), 'utf8').split('\n').filter((l) => l.trim());
function perturbed(path, index, edit) {
  const ls = lines(path);
  const rec = JSON.parse(ls[index]);
  edit(rec);
  ls[index] = JSON.stringify(rec);
  return `${ls.join('\n')}\n`;
}

async function openPage() {
  const page = await browser.context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url);
  await page.waitForFunction(() => (window.acphysPage?.state()?.frames ?? 0) >= 10, null, { timeout: 30_000 });
  await page.locator('#suite-box > summary').click();
  return { page, errors };
}

const panel = (page) => page.evaluate(() => ({ ...document.getElementById('suite-box').dataset }));

/** Give the trace to the panel (`dropped`: dropped on the page, else through its file input) and
 *  wait for its verdict. */
async function judge(page, name, text, dropped = false) {
  await page.evaluate(() => { document.getElementById('suite-box').dataset.verdict = ''; });
  if (dropped) {
    await page.evaluate(({ name, text }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], name));
      document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    }, { name, text });
  } else {
    await page.setInputFiles('#trace-input', { name, mimeType: 'application/octet-stream', buffer: Buffer.from(text) });
  }
  await page.waitForFunction(() => document.getElementById('suite-box').dataset.verdict !== '', null, { timeout: 30_000 });
  return panel(page);
}

describe('the conformance suite on the page', () => {
  it('every case\'s scenario, goldens and DAT excerpts are among the built page\'s assets', () => {
    // By content: Vite emits one asset for files with the same bytes (peers-walk-4fps.retail's
    // golden is same_walk_at_4fps's).
    const digest = (b) => createHash('sha256').update(b).digest('hex');
    const assets = new Set(readdirSync(join(dist, 'assets')).map((a) => digest(readFileSync(join(dist, 'assets', a)))));
    const has = (path) => assets.has(digest(readFileSync(join(root, path))));
    for (const c of manifest.cases) {
      const scenario = JSON.parse(readFileSync(join(suite, c.scenario), 'utf8'));
      const files = [c.scenario, c.golden, c.quanta, c.dereth].filter(Boolean).map((f) => `conformance/v1/${f}`);
      for (const n of scenario.excerpts ?? []) if (n !== 'default') files.push(new URL(n, `http://x/conformance/v1/${c.scenario}`).pathname.slice(1));
      for (const f of files) assert.ok(has(f), `${c.trace}: ${f} is not in dist/assets`);
    }
  });

  it('lists every case by group and opens one as the run', async () => {
    const { page, errors } = await openPage();
    const listed = await page.evaluate(() => [...document.querySelectorAll('#suite-case optgroup')].map((g) => [g.label, [...g.children].map((o) => o.value)]));
    const groups = manifest.groups.map((g) => [g.name, manifest.cases.filter((c) => c.group === g.name).map((c) => c.trace)]).filter(([, c]) => c.length);
    assert.deepEqual(listed, groups);
    assert.ok(listed.some(([g]) => g === 'dereth-gate') && listed.some(([g]) => g === 'peers'));
    await page.selectOption('#suite-case', CASE);
    await page.click('#suite-open');
    await page.waitForFunction((c) => document.getElementById('suite-box').dataset.case === c, CASE, { timeout: 60_000 });
    // The run is the case's scenario: as many frames as its golden has frame records.
    const st = await page.evaluate(() => window.acphysPage.state());
    assert.equal(st.frames, lines(kase.golden).filter((l) => 'frame' in JSON.parse(l)).length);
    assert.match(await page.textContent('#suite-about'), new RegExp(`^${CASE}, group dereth-gate: `));
    // A case whose scenario names the stand-ins' DATs opens too.
    await page.selectOption('#suite-case', 'step_onto_4cm_lip');
    await page.click('#suite-open');
    await page.waitForFunction(() => document.getElementById('suite-box').dataset.case === 'step_onto_4cm_lip', null, { timeout: 60_000 });
    assert.deepEqual(errors, []);
    await page.close();
  });

  it('judges dropped traces of all three shapes against the golden and marks the first difference', async () => {
    const { page, errors } = await openPage();
    await page.selectOption('#suite-case', CASE);
    await page.click('#suite-open');
    await page.waitForFunction((c) => document.getElementById('suite-box').dataset.case === c, CASE, { timeout: 60_000 });

    // The goldens themselves: identical.
    for (const [path, shape] of [[kase.golden, 'frames'], [kase.quanta, 'quanta'], [kase.dereth, 'dereth']]) {
      const p = await judge(page, `port.${shape}.jsonl`, readFileSync(join(suite, path), 'utf8'), shape === 'quanta');
      assert.equal(p.verdict, 'identical', `${path}: ${await page.textContent('#compare-message')}`);
      assert.equal(p.shape, shape);
      // dereth's goldens are judged by dereth's tolerance, not bit for bit: the verdict says which
      assert.match(await page.textContent('#compare-verdict'), shape === 'dereth' ? /: within dereth's tolerance of the golden / : /: identical to the golden /);
    }

    // Per-quantum records, record 6 (line 6) with origin y moved by 2e-5 relative.
    const at = 5;
    const q = JSON.parse(lines(kase.quanta)[at]);
    let p = await judge(page, 'port.quanta.jsonl', perturbed(kase.quanta, at, (r) => { r.objects[0].origin[1] *= 1 + 2e-5; }), true);
    assert.equal(p.verdict, 'differs');
    assert.equal(p.record, String(at + 1));
    assert.equal(p.frame, String(q.frame));
    assert.equal(p.quantum, String(q.quantum));
    assert.equal(p.field, 'objects[0].origin[1]');
    const verdict = await page.textContent('#compare-verdict');
    assert.ok(verdict.startsWith(`port.quanta.jsonl differs from the golden ${kase.quanta} first at quantum ${q.quantum} of frame ${q.frame} (record ${at + 1}), field objects[0].origin[1]: golden ${q.objects[0].origin[1]}, port `), verdict);
    assert.equal(await page.evaluate(() => document.getElementById('compare-plot').dataset.marked), String(at + 1));
    // The map and plots go to that frame.
    await page.waitForFunction((f) => document.getElementById('scrub-label').dataset.frame === String(f), q.frame, { timeout: 10_000 });
    // The quanta plots' cursor on that frame: each plot's hover box names it.
    await page.waitForFunction((f) => [...document.querySelectorAll('.quanta-hover')].length > 0 &&
      [...document.querySelectorAll('.quanta-hover')].every((h) => !h.hidden && h.dataset.frame === String(f)), q.frame, { timeout: 10_000 });
    // The 3-D view: where the golden and the port have the object then.
    await page.locator('#view3d-box summary').click();
    await page.waitForFunction(() => (document.querySelector('#view3d-box .view3d')?.dataset.extrasNames ?? '').includes('golden-at-difference'), null, { timeout: 30_000 });
    assert.deepEqual((await page.evaluate(() => document.querySelector('#view3d-box .view3d').dataset.extrasNames)).split(',').sort(),
      ['golden-at-difference', 'port-at-difference']);

    // Frame records: the state word of frame 3 changed.
    const f = JSON.parse(lines(kase.golden)[2]);
    p = await judge(page, 'port.frames.jsonl', perturbed(kase.golden, 2, (r) => { r.objects[0].state ^= 1; }));
    assert.equal(p.verdict, 'differs');
    assert.equal(p.record, '3');
    assert.equal(p.frame, String(f.frame));
    assert.equal(p.field, 'objects[0].state');
    assert.equal(p.quantum, undefined);

    // dereth's records: 2e-5 relative at sub-step 3 is beyond 1e-5 (the first 100 sub-steps) …
    p = await judge(page, 'port.dereth.jsonl', perturbed(kase.dereth, 3, (r) => { r.origin[1] *= 1 + 2e-5; }));
    assert.equal(p.verdict, 'differs');
    assert.equal(p.record, '4');
    assert.equal(p.field, 'origin');
    assert.match(await page.textContent('#compare-verdict'), /first at sub-step 3 \(record 4, frame \d+\), field origin: /);
    // … 5e-6 is within it.
    p = await judge(page, 'port.dereth.jsonl', perturbed(kase.dereth, 3, (r) => { r.origin[1] *= 1 + 5e-6; }));
    assert.equal(p.verdict, 'identical');

    // A shape the case stores no golden of, and a file that is no trace: a message, no verdict.
    await page.selectOption('#suite-case', 'clock-profiles');
    await page.click('#suite-open');
    await page.waitForFunction(() => document.getElementById('suite-box').dataset.case === 'clock-profiles', null, { timeout: 60_000 });
    await page.setInputFiles('#trace-input', { name: 'q.jsonl', mimeType: 'application/octet-stream', buffer: readFileSync(join(suite, kase.quanta)) });
    await page.waitForFunction(() => /stores no golden in that shape/.test(document.getElementById('message-text')?.textContent ?? ''), null, { timeout: 10_000 });
    assert.deepEqual(errors, []);
    await page.close();
  });
});
