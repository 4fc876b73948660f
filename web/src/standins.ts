// Whether a user's DAT holds real records or the stand-ins themselves, judged by its content: a
// record whose id is one of the synthetic stand-ins' (data/excerpts.manifest.json) and whose
// decoded record (acp_dat_record_json) equals the embedded stand-in's is the stand-in, whoever
// dropped the file (data/portal-default.dat, an excerpt cut from it, the npm package's copy):
// the page keeps calling it synthetic. Any other record with such an id replaces the stand-in.
import manifest from '../../data/excerpts.manifest.json';
import { DAT_TYPE, DatSet, type Acphys } from '../../wasm/acphys.mjs';

type Rec = { id: string; synthetic: boolean };
const RECORDS = (manifest as { records: Rec[] }).records;
/** The synthetic stand-ins' ids (the manifest's records marked synthetic). */
export const STAND_IN_IDS: ReadonlySet<number> = new Set(RECORDS.filter((r) => r.synthetic).map((r) => Number(r.id)));
/** Every embedded record's id (synthetic or real): a user's record with one of these ids and the
 *  same content is the embedded record itself and replaces nothing. */
const EMBEDDED_IDS: ReadonlySet<number> = new Set(RECORDS.map((r) => Number(r.id)));

const FILES = [new URL('../../data/portal-default.dat', import.meta.url), new URL('../../data/cell-default.dat', import.meta.url)];
let embedded: Promise<Uint8Array[]> | null = null;
/** The embedded bytes once fetched (null before). */
export let embeddedNow: Uint8Array[] | null = null;

/** The embedded default excerpts' bytes, portal then cell (fetched once, beside the page; the
 *  map's terrain types come from the cell DAT's LandBlocks too). */
export function embeddedBytes(): Promise<Uint8Array[]> {
  embedded ??= Promise.all(FILES.map(async (u) => {
    const r = await fetch(u);
    if (!r.ok) throw new Error(`${u.pathname}: HTTP ${r.status}`);
    return new Uint8Array(await r.arrayBuffer());
  })).then((b) => { embeddedNow = b; return b; });
  return embedded;
}

/** The ids of the records in excerpt `bytes` that are the embedded records themselves, the
 *  stand-ins among them (same id, same decoded content as the embedded record), ascending. */
export async function standInRecords(acp: Acphys, bytes: Uint8Array): Promise<number[]> {
  const mine = new DatSet(acp), theirs = new DatSet(acp);
  try {
    mine.addBytes(bytes);
    const candidates = mine.records().filter((r) => EMBEDDED_IDS.has(r.id));
    if (!candidates.length) return [];
    for (const b of await embeddedBytes()) theirs.addBytes(b);
    const same = candidates.filter((r) => {
      const a = mine.json(r.type, r.id), e = theirs.json(r.type, r.id);
      return a !== undefined && e !== undefined && JSON.stringify(a) === JSON.stringify(e);
    });
    return same.map((r) => r.id).sort((a, b) => a - b);
  } finally {
    mine.free();
    theirs.free();
  }
}

/** The embedded cell DAT's LandBlocks' terrain words (id → 81 words; none when it cannot be
 *  fetched): a user's full portal DAT brings the scenery's Scenes for them (dat.ts extract). */
export async function embeddedTerrain(acp: Acphys): Promise<Map<number, Uint16Array>> {
  const out = new Map<number, Uint16Array>();
  const bytes = await embeddedBytes().catch(() => null);
  if (!bytes) return out;
  const set = new DatSet(acp);
  try {
    set.addBytes(bytes[1]!);
    for (const r of set.records()) if (r.type === DAT_TYPE.LandBlock) { const lb = set.landblock(r.id); if (lb) out.set(r.id, lb.terrain); }
  } finally {
    set.free();
  }
  return out;
}

/** Whether Setup `id` is drawn as a stand-in: one of the synthetic stand-ins' ids that none of
 *  the user's DATs in `excerpts` (by name in `dats`) replaces with other content. A Setup that is
 *  no stand-in's (a user's real record) is not. */
export function standInSetup(id: number, excerpts: readonly string[], dats: ReadonlyMap<string, { lazy: boolean; ids?: number[]; recordIds?: number[]; standIns?: number[] }>): boolean {
  if (!id || !STAND_IN_IDS.has(id)) return !id;
  let standIn = true;
  for (const name of excerpts) {
    const d = dats.get(name);
    if (!d || !((d.lazy ? d.ids : d.recordIds) ?? []).includes(id)) continue;
    standIn = (d.standIns ?? []).includes(id);
  }
  return standIn;
}
