// Links and run files: the current run as a run file (its scenario with every frame time, its
// digests), Share (a link, refused above what browsers accept), a download, a copied node:test
// file, and replaying a link or run file with its verdict (identical, or where it diverged).
import { parseJsonText } from '../../wasm/scenario.mjs';
import type { Page } from './page';
import { bytesDigest } from './dat';
import { $ } from './dom';
import { plural } from './format';
import {
  CHAT_LINK_CHARS, decodeLink, DIGEST_EVERY, encodeLink, encodeRunFile, firstDivergence, frameChecks, MAX_LINK_CHARS, type RunFile,
} from './link';
import { nodeTestSource } from './nodetest';
import { describeError } from './status';

/** The current run as a run file (what a link carries). */
export async function runFile(app: Page): Promise<RunFile> {
  const s = app.session!;
  const all = s.frameDigests();
  const sampled: string[] = [];
  for (let f = DIGEST_EVERY; f <= all.length; f += DIGEST_EVERY) sampled.push(all[f - 1]!);
  const excerpts: Record<string, string> = {};
  for (const name of s.scenario.excerpts ?? []) {
    const d = app.dats.get(name);
    if (d) excerpts[name] = await bytesDigest(d.bytes);
  }
  return {
    acphys_run: 1, build: app.acp.digest ?? 'unknown', scenario: app.snapshot(), frames: s.framesDone,
    digest: s.digest(), every: DIGEST_EVERY, sampled, excerpts, checks: frameChecks(all),
  };
}

export async function share(app: Page): Promise<void> {
  const s = app.session;
  if (!s || !s.framesDone) { app.msg.error('Nothing to share yet: run at least one frame.'); return; }
  const run = await runFile(app);
  const link = `${location.origin}${location.pathname}#${encodeLink(run)}`;
  const input = $<HTMLInputElement>('share-link'), open = $<HTMLAnchorElement>('share-open');
  if (link.length > MAX_LINK_CHARS) {
    // No link: no empty "Link [ ] open" row either.
    $('share-row').hidden = true;
    input.value = '';
    open.removeAttribute('href');
    $('share-note').textContent = '';
    app.msg.error(`The link would be ${link.length.toLocaleString()} characters, more than browsers accept (Firefox refuses URLs above 1,048,576; ` +
      `this page stops at ${MAX_LINK_CHARS.toLocaleString()}): download the run file instead and open it with "Open run, scenario or state file".`);
    await download(app, run);
    return;
  }
  $('share-row').hidden = false;
  input.value = link;
  open.href = link;
  $('share-row').dataset['length'] = String(link.length);
  history.replaceState(null, '', link);
  let copied = false;
  try {
    await navigator.clipboard.writeText(link);
    copied = true;
  } catch {
    copied = false;
  }
  input.select();
  $('share-note').textContent = `${link.length.toLocaleString()} characters, ${run.frames} frames, digest ${run.digest}` +
    `${copied ? ', copied to the clipboard' : ''}${link.length > CHAT_LINK_CHARS ? '; longer than chat apps keep (≈2,000): share the run file if it gets cut' : ''}.`;
}

export async function download(app: Page, given?: RunFile): Promise<void> {
  if (!app.session?.framesDone) { app.msg.error('Nothing to download yet: run at least one frame.'); return; }
  const run = given ?? await runFile(app);
  const blob = new Blob([encodeRunFile(run)], { type: 'application/json' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `${run.scenario.name ?? 'acphys-run'}-${run.frames}-frames.acphys.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

export async function copyNodeTest(app: Page): Promise<void> {
  if (!app.session?.framesDone) { app.msg.error('Nothing to test yet: run at least one frame.'); return; }
  const run = await runFile(app);
  const text = nodeTestSource(run, `${run.scenario.name ?? 'acphys run'} (${run.frames} browser frames)`);
  $('text-row').hidden = false;
  $('text-label').textContent = 'Node test';
  const out = $<HTMLTextAreaElement>('text-out');
  out.value = text;
  // The test reads the DAT files the run used beside it: offer the bytes the run got (for a
  // full DAT, the excerpt of the records it needed, not the whole file).
  const files = $('text-files');
  files.textContent = '';
  for (const name of Object.keys(run.excerpts)) {
    const d = app.dats.get(name);
    if (!d) continue;
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([d.bytes as Uint8Array<ArrayBuffer>], { type: 'application/octet-stream' }));
    a.download = name;
    a.textContent = `${name} (${d.lazy ? `the ${d.ids?.length ?? 0} records the run used` : 'as given'})`;
    files.append(files.childNodes.length ? ', ' : 'Put beside the test: ', a);
  }
  try {
    await navigator.clipboard.writeText(text);
    app.msg.status('Copied a node:test file that replays this run and asserts its digest (also shown below).');
  } catch {
    out.select();
    app.msg.status('The clipboard is not available here: the node:test file is below, selected.');
  }
}

export async function openLink(app: Page, fragment: string): Promise<void> {
  let run: RunFile;
  try {
    run = decodeLink(fragment, (text) => parseJsonText(text, app.acp));
  } catch (e) {
    const why = describeError(e); // "the link is broken: ...", "the link is damaged: ..."
    app.msg.error(`${why.charAt(0).toUpperCase()}${why.slice(1)}. The current run goes on unchanged.`);
    return;
  }
  await openRun(app, run, 'the link');
}

/** Replay a run file (from a link or a file) and say whether it came out identical. */
export async function openRun(app: Page, run: RunFile, source: string): Promise<void> {
  const need = (run.scenario.excerpts ?? []).filter((n) => n !== 'default' && !app.dats.has(n));
  if (need.length) {
    app.pendingRun = { run, source };
    const them = need.length > 1 ? 'them' : 'it';
    app.msg.error(`${source.charAt(0).toUpperCase()}${source.slice(1)} replays a run that used the DAT file${need.length > 1 ? 's' : ''} ${need.map((n) => `"${n}"`).join(', ')}: ` +
      `add ${them} with "Add DAT file(s)" or drop ${them} on the page, and the run replays. The current run goes on meanwhile.`);
    return;
  }
  app.pendingRun = null; // a run waiting for a DAT is superseded by this one
  const r = await app.rebuild(run.scenario, { play: false, source });
  if (!r) return;
  const mine = r.frameDigests();
  const d = firstDivergence(run, mine);
  const notes: string[] = [];
  if (run.build !== (app.acp.digest ?? 'unknown')) notes.push(`made by build ${run.build}, this page is build ${app.acp.digest ?? 'unknown'}: a different build may legitimately diverge`);
  for (const [name, digest] of Object.entries(run.excerpts)) {
    const dat = app.dats.get(name);
    if (dat && (await bytesDigest(dat.bytes)) !== digest) notes.push(`your ${name} gives the run other records than the sharer's did`);
  }
  const text = d === null
    ? `Replayed ${source}: identical. ${run.frames} frames, digest ${run.digest}.`
    : d.frame !== undefined
      ? `Replayed ${source}: diverged at frame ${d.frame} of ${run.frames} (the first frame whose digest differs from the link's, by the check byte it carries for every frame; the full digests agree at frame ${d.after} and differ at frame ${d.by}).`
      : `Replayed ${source}: diverged within frames ${d.after + 1}–${d.by} of ${run.frames} (the digests agree at frame ${d.after} and differ at frame ${d.by}).`;
  app.verdict = { run, text, identical: d === null };
  const v = $('verdict');
  v.hidden = false;
  v.textContent = text + (notes.length ? ` Note: ${notes.join('; ')}.` : '');
  v.className = d === null ? 'identical' : 'diverged';
  v.dataset['verdict'] = d === null ? 'identical' : 'diverged';
  v.dataset['frame'] = d?.frame !== undefined ? String(d.frame) : '';
  v.dataset['digest'] = r.framesDone ? r.digest() : '';
  // A file's name as it is ("tampered-run.json"), never capitalised.
  const what = source === 'the link' ? 'The link' : `The run file ${source}`;
  app.msg.status(`${what}: ${plural(r.framesDone, 'frame')} replayed. Press Play to go on recording from the end.`);
}
