// A user's DAT files. A scenario names its excerpts; the page names a user's DAT by its file
// name ("my-portal.dat", "client_cell_1.dat"), listed after "default" so its records replace the
// embedded ones with the same id (docs/DAT.md). Two kinds of file:
// - an excerpt (small: read whole; every record must parse) is handed to the runs as it is;
// - a full client_portal.dat / client_cell_1.dat (large: never read whole) is read lazily with
//   File.slice, 64 KiB windows: the page copies out only the records the scenario needs (each
//   object's Setup and MotionTable, the Animations these name, the Region; the LandBlocks under
//   the objects and around them, their LandBlockInfos and EnvCells, an indoor start cell; and
//   what these name, as `acphys excerpt` does: parts, Environments, building shells, statics)
//   into a new excerpt (writeDat) for the runs, with a progress bar.
//   A record the scenario needs that the DAT lacks is an error that names it.
import { DAT_TYPE, DatError, DatSet, LazyDat, writeDat, type Acphys, type DatRecordCopy } from '../../wasm/acphys.mjs';
import type { Scenario } from '../../wasm/scenario.mjs';
import { formatBytes, plural } from './format';
import { u32 } from './run';

/** Files up to this size are read whole as excerpts; larger ones lazily. */
export const WHOLE_FILE_LIMIT = 32 << 20;

/** A DAT the user gave, by name. */
export interface UserDat {
  name: string;
  file: Blob;
  size: number;
  /** true: a full DAT read lazily; the bytes the runs get are copied records. */
  lazy: boolean;
  /** 1 portal, 2 cell. */
  dataSet: number;
  blockSize: number;
  /** The excerpt bytes the runs get (for a lazy DAT: the records the current scenario needs). */
  bytes: Uint8Array;
  /** What the bytes hold, for the page ("12 records: 2 Setup, ..."). */
  summary: string;
  /** For a lazy DAT: the ids copied for `bytes`. */
  ids?: number[];
  /** For an excerpt: the ids it holds. */
  recordIds?: number[];
  /** The ids among `bytes`' records that are the synthetic stand-ins themselves, judged by their
   *  content (web/src/standins.ts): they replace nothing. */
  standIns?: number[];
}

/** Progress of a lazy read: records done of records known so far, bytes read. */
export interface DatProgress { done: number; total: number; bytesRead: number; size: number; name: string }

const hex = (id: number) => `0x${(id >>> 0).toString(16).toUpperCase().padStart(8, '0')}`;

function summarise(acp: Acphys, bytes: Uint8Array): { summary: string; dataSet: number } {
  const set = new DatSet(acp);
  try {
    set.addBytes(bytes); // throws DatError: not a DAT, a broken record, ...
    const names = Object.entries(DAT_TYPE);
    const counts = new Map<string, number>();
    let cell = false;
    for (const r of set.records()) {
      const name = names.find(([, t]) => t === r.type)?.[0] ?? 'other';
      if (name === 'LandBlock') cell = true;
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    const list = [...counts].map(([k, v]) => `${v} ${k}`).join(', ');
    return { summary: `${plural(total, 'record')}${list ? `: ${list}` : ''}`, dataSet: cell ? 2 : 1 };
  } finally {
    set.free();
  }
}

/** A file's bytes [offset, offset + length). */
async function slice(file: Blob, offset: number, length: number): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(offset, offset + length).arrayBuffer());
}

/** When the file is shorter than its header's fileSize_ (at 0x148, after the magic 0x5442 at
 *  0x140): "the file is N bytes but its header (fileSize_ at 0x148) says M: it is truncated, and
 *  records stored past byte N cannot be read" (the CLI's words); else null. */
export async function truncation(blob: Blob): Promise<string | null> {
  if (blob.size < 0x14c) return null;
  const b = await slice(blob, 0x140, 12);
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const size = v.getUint32(8, true);
  if (v.getUint32(0, true) !== 0x5442 || size <= blob.size) return null;
  return `the file is ${blob.size} bytes but its header (fileSize_ at 0x148) says ${size}: it is truncated, and records stored past ` +
    `byte ${blob.size} cannot be read`;
}

/** Open a user's DAT: an excerpt (read whole, checked) or a full DAT (header checked; records
 *  are copied by `extract`). Throws DatError or Error with a message for the page. */
export async function openDat(acp: Acphys, file: File | { name: string; blob: Blob }, forceLazy = false): Promise<UserDat> {
  const name = 'blob' in file ? file.name : file.name;
  const blob = 'blob' in file ? file.blob : file;
  const lazy = forceLazy || blob.size > WHOLE_FILE_LIMIT || /^client_(portal|cell_\d+)\.dat$/i.test(name);
  if (!lazy) {
    const bytes = new Uint8Array(await blob.arrayBuffer());
    const { summary, dataSet } = summarise(acp, bytes);
    return { name, file: blob, size: blob.size, lazy: false, dataSet, blockSize: 0, bytes, summary };
  }
  // A cut copy of a full DAT opens (its header is whole) but fails at the first record past the
  // cut: say so now, by name.
  const cut = await truncation(blob);
  if (cut) throw new Error(`${name}: ${cut}; add the whole file`); // (addDat words it from the file itself)
  const dat = new LazyDat(acp, blob.size, (o, n) => slice(blob, o, n));
  try {
    const { dataSet, blockSize } = await dat.open();
    if (dataSet !== 1 && dataSet !== 2) throw new Error(`${name}: a DAT of data set ${dataSet}; acphys reads portal (1) and cell (2) DATs`);
    return { name, file: blob, size: blob.size, lazy: true, dataSet, blockSize, bytes: new Uint8Array(0), summary: '' };
  } finally {
    dat.free();
  }
}

/** Ids of a kind ("0x03" animations, "0x09" motion tables) named anywhere in a record's JSON. */
function idsIn(json: unknown, prefix: string): number[] {
  const text = JSON.stringify(json);
  const re = new RegExp(`"${prefix}[0-9A-F]{6}"`, 'g');
  return [...new Set(text.match(re) ?? [])].map((s) => Number(s.slice(1, -1)));
}

/** Portal records that records copied from a cell DAT name (Environments, building shells,
 *  statics' GfxObjs and Setups), id → what names it: `extract` of a cell DAT fills it, `extract`
 *  of a portal DAT copies them too. */
export type PortalNeeds = Map<number, string>;

/** The terrain words of LandBlocks copied (or embedded), landblock id → 81 words: the portal
 *  pass copies the Scenes the Region picks for them (their scenery). */
export type LandTerrain = Map<number, Uint16Array>;

/** The Scenes the Region can place on a landblock of terrain `words` (each vertex's terrain type
 *  bits 2-6 and scene type bits 11-15 pick a scene type of the Region's terrain_types, whose
 *  scenes are all candidates: which one a vertex gets is get_land_scenes' pseudo-random choice),
 *  as `acphys world` and `acphys excerpt` copy them. `region` is the Region's record JSON. */
export function candidateScenes(region: Record<string, unknown>, words: ArrayLike<number>): number[] {
  const types = region['terrain_types'] as unknown[][] | undefined, scenes = region['scene_types'] as { scenes?: string[] }[] | undefined;
  const out = new Set<number>();
  for (let v = 0; v < words.length; v++) {
    const w = words[v]!, terrain = (w >> 2) & 0x1f, st = (w >> 11) & 0x1f;
    const list = (types?.[terrain] ?? []).slice(1) as number[];
    if (st >= list.length) continue;
    for (const id of scenes?.[list[st]!]?.scenes ?? []) out.add(Number(id));
  }
  return [...out].sort((a, b) => a - b);
}

/** For a lazy DAT: copy the records `scenario` needs into an excerpt (dat.bytes, dat.summary).
 *  The same closure `acphys excerpt` copies (LazyDat.record's refs, acp_dat_record_refs):
 *  - cell DAT: the LandBlock under each object and the 8 around it; a LandBlock with objects
 *    brings its LandBlockInfo, which brings its EnvCells (num_cells), and an EnvCell the cells
 *    behind its portals. An object that starts in an indoor cell ((cell & 0xFFFF) >= 0x100) needs
 *    that EnvCell, and gets its landblock's LandBlockInfo and the LandBlocks around as well. The
 *    portal records these name go into `portalNeeds`;
 *  - portal DAT: each object's Setup and MotionTable, the Region, and `portalNeeds`, with all they
 *    name (parts, animations, scripts, ...), and the Scenes the Region places on the LandBlocks
 *    in `terrain` (the cell pass's, or the embedded ones) with their objects: the scenery.
 *  A record an object names directly (its Setup, MotionTable, outdoor LandBlock, indoor EnvCell)
 *  or a Setup's MotionTable and animations must be there: Error naming it; others are copied when
 *  the DAT has them (as `acphys excerpt` notes and skips them). */
export async function extract(acp: Acphys, dat: UserDat, scenario: Scenario, onProgress: (p: DatProgress) => void,
  portalNeeds: PortalNeeds = new Map(), terrain: LandTerrain = new Map()): Promise<void> {
  let bytesRead = 0;
  const lazy = new LazyDat(acp, dat.size, (o, n) => slice(dat.file, o, n), (n) => { bytesRead += n; });
  const records: DatRecordCopy[] = [];
  const unreadable: string[] = [];
  const done = new Set<number>();
  // id → [required, what needs it], in the order wanted
  const queue = new Map<number, [boolean, string]>();
  const want = (id: number, required: boolean, why: string) => {
    if (!id || done.has(id)) return;
    const q = queue.get(id);
    if (q) q[0] ||= required;
    else queue.set(id, [required, why]);
  };
  const landblocksAround = (cell: number, centreRequired: boolean, why: string) => {
    const X = cell >>> 24, Y = (cell >>> 16) & 0xff;
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        const x = X + dx, y = Y + dy;
        if (x < 0 || y < 0 || x > 254 || y > 254) continue;
        want((((x << 24) | (y << 16)) >>> 0) + 0xffff, centreRequired && dx === 0 && dy === 0, why);
      }
    }
  };
  try {
    await lazy.open();
    scenario.objects.forEach((o, i) => {
      const who = `objects[${i}] (${o.name ?? `id ${u32(o.id)}`})`;
      const cell = u32(o.position.cell);
      if (dat.dataSet === 1) {
        if (o.setup !== undefined) want(u32(o.setup), true, `${who}.setup`);
        if (o.motion_table !== undefined) want(u32(o.motion_table), true, `${who}.motion_table`);
      } else if ((cell & 0xffff) < 0x100) {
        landblocksAround(cell, true, `${who}.position.cell`);
      } else {
        want(cell, true, `${who}.position.cell`);
        want(((cell & 0xffff0000) >>> 0) + 0xfffe, false, `${who}.position.cell`);
        landblocksAround(cell, false, `${who}.position.cell`);
      }
    });
    if (dat.dataSet === 1) {
      want(0x13000000, false, 'the terrain (Region)');
      for (const [id, why] of portalNeeds) want(id, false, why);
    }
    while (queue.size) {
      const [id, [required, why]] = queue.entries().next().value!;
      queue.delete(id);
      done.add(id);
      onProgress({ done: done.size - 1, total: done.size + queue.size, bytesRead, size: dat.size, name: dat.name });
      let rec: DatRecordCopy;
      try {
        rec = await lazy.record(id);
      } catch (e) {
        if (e instanceof DatError && e.code === 'ACP_DAT_ERR_NOT_FOUND' && !required) continue;
        if (e instanceof DatError && !required) {
          // A record something names but nothing requires, which acphys cannot read: left out,
          // and said in the summary (the run goes on without it, as without a missing one).
          // (The record is named once: e.message would name it again.)
          unreadable.push(`${hex(id)} (${e.reason}, at ${e.place})`);
          continue;
        }
        if (e instanceof DatError && e.code === 'ACP_DAT_ERR_NOT_FOUND') {
          throw new Error(`${dat.name} has no record ${hex(id)}, which ${why} needs`);
        }
        throw e;
      }
      records.push(rec);
      const json = rec.json as Record<string, unknown> | undefined;
      if (!json) continue;
      const kind = String(json['type'] ?? 'record');
      if (json['type'] === 'LandBlock' && Array.isArray(json['terrain'])) {
        terrain.set(id, Uint16Array.from(json['terrain'] as number[]));
      } else if (json['type'] === 'Region') {
        // The scenery: the Scenes this Region places on the landblocks copied (or embedded).
        for (const [lb, words] of terrain) for (const sc of candidateScenes(json, words)) want(sc, false, `the scenery of LandBlock ${hex(lb)}`);
      } else if (json['type'] === 'Scene') {
        for (const o of idsIn(json, '0x02').concat(idsIn(json, '0x01'))) want(o, false, `Scene ${hex(id)}`);
      }
      if (json['type'] === 'Setup') {
        const mt = json['default_motion_table'];
        if (typeof mt === 'string' && Number(mt)) want(Number(mt), true, `Setup ${hex(id)}.default_motion_table`);
        for (const a of idsIn(json, '0x03')) want(a, true, `Setup ${hex(id)}`);
      } else if (json['type'] === 'MotionTable') {
        for (const a of idsIn(json, '0x03')) want(a, true, `MotionTable ${hex(id)}`);
      }
      for (const r of rec.refs ?? []) {
        if (r.dataSet === dat.dataSet) want(r.id, false, `${kind} ${hex(id)}`);
        else if (r.dataSet === 1 && !portalNeeds.has(r.id)) portalNeeds.set(r.id, `${kind} ${hex(id)} in ${dat.name}`);
      }
    }
    onProgress({ done: done.size, total: done.size, bytesRead, size: dat.size, name: dat.name });
  } finally {
    lazy.free();
  }
  records.sort((a, b) => a.id - b.id);
  dat.bytes = records.length ? writeDat(acp, { dataSet: dat.dataSet, blockSize: dat.blockSize, records }) : new Uint8Array(0);
  dat.ids = records.map((r) => r.id);
  const kinds = new Map<string, number>();
  for (const r of records) {
    const k = String(r.json?.['type'] ?? 'other');
    kinds.set(k, (kinds.get(k) ?? 0) + 1);
  }
  const list = [...kinds].map(([k, v]) => `${v} ${k}`).join(', ');
  dat.summary = `${plural(records.length, 'record')} copied (${formatBytes(bytesRead)} read of ${formatBytes(dat.size)})${list ? `: ${list}` : ''}` +
    (unreadable.length ? `; left out, unreadable: ${unreadable.slice(0, 3).join(', ')}${unreadable.length > 3 ? ` and ${unreadable.length - 3} more` : ''}` : '');
}

/** First 16 hex digits of the SHA-256 of bytes ("unknown" without WebCrypto). */
export async function bytesDigest(bytes: Uint8Array): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return 'unknown';
  const h = new Uint8Array(await subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
  return Array.from(h.subarray(0, 8), (b) => b.toString(16).padStart(2, '0')).join('');
}
