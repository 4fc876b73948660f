// The user's files: run and scenario .json files (the strict JSON check the CLIs run), DAT files
// (an excerpt, or a full client DAT read lazily: only the records a scenario needs are copied out,
// with a progress bar), and a link waiting for a DAT that replays once it is added.
import type { Acphys } from '../../wasm/acphys.mjs';
import { DatError, DatSet } from '../../wasm/acphys.mjs';
import { parseJsonText, type Scenario } from '../../wasm/scenario.mjs';
import type { FileHandler, Page } from './page';
import { extract, openDat, truncation, type LandTerrain, type PortalNeeds, type UserDat } from './dat';
import { $ } from './dom';
import { formatBytes, plural } from './format';
import { decodeJsonFile, LinkError } from './link';
import { looksLikeState, openStateFile } from './savestate';
import { openRun } from './sharing';
import { describeError } from './status';
import { embeddedTerrain, standInRecords } from './standins';
import { showDats } from './views';

/** The excerpt bytes a scenario needs, copying records out of full DATs (progress bar).
 *  Throws when a named DAT is missing or lacks a record. */
export async function excerptsFor(app: Page, s: Scenario): Promise<{ bytes: Map<string, Uint8Array>; copied: UserDat[] }> {
  const out = new Map<string, Uint8Array>();
  const copied: UserDat[] = [];
  const missing = (s.excerpts ?? ['default']).filter((n) => n !== 'default' && !app.dats.has(n) && !app.caseDats.has(n));
  if (missing.length) throw new Error(`the scenario needs the DAT file${missing.length > 1 ? 's' : ''} ${missing.map((m) => `"${m}"`).join(', ')}: add ${missing.length > 1 ? 'them' : 'it'} with "Add DAT file(s)" or drop ${missing.length > 1 ? 'them' : 'it'} on the page`);
  // Full cell DATs first: the portal records their LandBlockInfos and EnvCells name (building
  // shells, statics, Environments) are then copied out of the full portal DATs too.
  const names = (s.excerpts ?? []).filter((n) => app.dats.has(n));
  const lazyOrder = names.filter((n) => app.dats.get(n)!.lazy)
    .sort((a, b) => app.dats.get(b)!.dataSet - app.dats.get(a)!.dataSet);
  const copies = new Map<string, UserDat>();
  const portalNeeds: PortalNeeds = new Map();
  // The landblocks' terrain words (the embedded ones first, then a cell DAT's): the portal pass
  // copies the scenery's Scenes for them.
  const terrain: LandTerrain = (s.excerpts ?? ['default']).includes('default') ? await embeddedTerrain(app.acp) : new Map();
  for (const name of lazyOrder) {
    const d: UserDat = { ...app.dats.get(name)! }; // the DAT's copied records change only when the new session starts
    copies.set(name, d);
    copied.push(d);
    const box = $('progress-box'), bar = $<HTMLProgressElement>('progress');
    box.hidden = false;
    try {
      await extract(app.acp, d, s, (p) => {
        bar.max = Math.max(p.total, 1);
        bar.value = p.done;
        $('progress-label').textContent = `Reading ${p.name}: ${p.done.toLocaleString('en-US')} of ${plural(p.total, 'record')}, ${formatBytes(p.bytesRead)} read of ${formatBytes(p.size)}`;
      }, portalNeeds, terrain);
    } finally {
      box.hidden = true;
    }
    if (!d.bytes.length) throw new Error(`${name} holds none of the records the scenario needs`);
    d.standIns = await standInRecords(app.acp, d.bytes).catch(() => undefined);
  }
  for (const name of names) out.set(name, (copies.get(name) ?? app.dats.get(name)!).bytes);
  for (const name of s.excerpts ?? []) if (!out.has(name) && app.caseDats.has(name)) out.set(name, app.caseDats.get(name)!);
  return { bytes: out, copied };
}

export async function addFiles(app: Page, files: File[]): Promise<void> {
  for (const f of files) {
    const h = await claimedBy(app, f);
    if (h) await h.open(f);
    else if (/\.acpstate$/i.test(f.name) || looksLikeState(new Uint8Array(await f.slice(0, 8).arrayBuffer()))) {
      await openStateFile(app, f, (t) => parseJsonText(t, app.acp));
    } else if (/\.json$/i.test(f.name) || f.type === 'application/json') await openJsonFile(app, f);
    else await addDat(app, f);
  }
}

/** The first of app.fileHandlers that claims `f` (a capture, a port's trace), or null. */
async function claimedBy(app: Page, f: File): Promise<FileHandler | null> {
  for (const h of app.fileHandlers) if (await h.claims(f)) return h;
  return null;
}

export async function openJsonFile(app: Page, f: File): Promise<void> {
  try {
    // The strict check the CLIs run (UTF-8, no repeated names; line and column when it is not JSON).
    let value: unknown;
    try {
      value = parseJsonText(new Uint8Array(await f.arrayBuffer()), app.acp);
    } catch (e) {
      throw new LinkError(`${f.name} is ${describeError(e)}`);
    }
    const { run, scenario } = decodeJsonFile(value, f.name);
    if (run) await openRun(app, run, f.name);
    else {
      const r = await app.rebuild(scenario, { play: false, source: f.name });
      if (r) app.msg.status(`Opened the scenario ${f.name}: ${plural(r.framesDone, 'frame')} replayed, digest ${r.framesDone ? r.digest() : '–'}.`);
    }
  } catch (e) {
    app.msg.error(`${aboutFile(f.name, describeError(e))}. The current run goes on unchanged.`);
  }
}

/** A message about file `name`: `why` as it is when it already begins with the name ("x.json is
 *  not valid JSON: ..."), else "name: why". */
export function aboutFile(name: string, why: string): string {
  return why.startsWith(`${name} `) ? why : `${name}: ${why}`;
}

export async function addDat(app: Page, f: File): Promise<void> {
  let dat: UserDat;
  try {
    dat = await openDat(app.acp, f);
  } catch (e) {
    // A cut copy: the truncation first (by the file's name), then the error it explains.
    const cut = await truncation(f);
    const why = !cut ? `${f.name} ${datRefusal(e)}` : `${f.name}: ${cut}; ${e instanceof DatError ? `it ${datRefusal(e)}` : 'add the whole file'}`;
    app.msg.error(`${why}. The current run goes on unchanged.`);
    return;
  }
  if (!dat.lazy) {
    dat.recordIds = recordIdsOf(app.acp, dat.bytes);
    dat.standIns = await standInRecords(app.acp, dat.bytes).catch(() => undefined);
  }
  const previous = app.dats.get(dat.name);
  app.dats.set(dat.name, dat);
  showDats(app);
  // A link waiting for this DAT replays now.
  if (app.pendingRun) {
    const need = (app.pendingRun.run.scenario.excerpts ?? []).filter((n) => n !== 'default' && !app.dats.has(n));
    if (!need.length) {
      const { run, source } = app.pendingRun;
      app.pendingRun = null;
      await openRun(app, run, source);
      return;
    }
    app.msg.status(`${dat.name} added. The link still needs ${need.join(', ')}.`);
    return;
  }
  if (!app.session) return;
  const s = app.snapshot();
  const list = (s.excerpts ?? ['default']).filter((n) => n !== dat.name);
  s.excerpts = [...list, dat.name];
  const r = await app.rebuild(s);
  if (!r) {
    if (previous) app.dats.set(dat.name, previous); else app.dats.delete(dat.name);
    showDats(app);
    return;
  }
  app.msg.status(`${dat.name}: ${app.dats.get(dat.name)?.summary ?? dat.summary}. Its records replace the embedded ones with the same ids; the recording replayed from the start with them.`);
}

/** Why a file is refused as a DAT, after its name: "is not a DAT file: the magic at 0x140 ..."
 *  (the reader's own message says "not a DAT file" once), or "could not be read as a DAT: ...". */
export function datRefusal(e: unknown): string {
  // A file that is no DAT at all: the reader's own sentence says why (the magic, the length);
  // a DAT that breaks somewhere: the whole message, with the offset and field to look at.
  const notDat = e instanceof DatError && /magic|HEADER_TRUNCATED/.test(e.code + e.reason);
  const why = notDat ? (e as DatError).reason : describeError(e);
  if (/^not a DAT file\b/.test(why)) return `is ${why}`;
  return `${notDat ? 'is not a DAT file' : 'could not be read as a DAT'}: ${why}`;
}

/** The record ids in an excerpt's bytes. */
function recordIdsOf(acp: Acphys, bytes: Uint8Array): number[] {
  const set = new DatSet(acp);
  try {
    set.addBytes(bytes);
    return set.records().map((r) => r.id);
  } finally {
    set.free();
  }
}
