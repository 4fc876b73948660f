// A Go to place's landblock found only in a user's cell DAT (issue 36), shown as a preview: its
// LandBlock record read from the DAT (a full DAT lazily: one record), its heights through the
// run's Region (the LandHeightTable of the scenario's excerpts, later ones replacing earlier ones
// as the run's do), loaded into a terrain of its own (acp_abi_terrain_add_landblock: retail's
// LandDefs rules, as the run's terrain) to take the draw side's triangles (acp_abi_draw_terrain_
// positions / _normals) for the 3-D view, then freed. The map and the 3-D view draw it with the
// run's own drawing code (web/src/terrain2d.ts, web/src/roads.ts, web/src/view3dterrain.ts),
// labelled as a preview. It never enters the run: the run, its digest, its run file and link are
// the scenario's alone, and Add object there rebuilds the run, which copies the landblock out.
import { DatError, DatSet, LazyDat, writeDat, type Acphys } from '../../wasm/acphys.mjs';
import type { UserDat } from './dat';
import type { Session } from './run';
import { embeddedBytes } from './standins';

/** What a preview is read from: the page's module, user DATs, session and its excerpts (the
 *  page's own, web/src/page.ts Page). */
export interface PreviewSources {
  readonly acp: Acphys;
  readonly dats: Map<string, UserDat>;
  session: Session | null;
  lastExcerpts: Map<string, Uint8Array>;
}

const TERRAIN_FLOATS = 1152; // 384 vertices × 3
const REGION_ID = 0x13000000;

/** A previewed landblock: id (0xXXYYFFFF), the DAT it came from, its 81 terrain words and
 *  heights (m, element x·9 + y), its draw-side triangles and normals in its own frame (its
 *  south-west corner at 0, 0), the terrain height at the place (m, NaN outside), and its label. */
export interface PreviewBlock {
  id: number;
  dat: string;
  words: Uint16Array;
  heights: Float32Array;
  positions: Float32Array;
  normals: Float32Array;
  placeZ: number;
  label: string;
}

/** Record `id` of the user's DAT `name`: in a DatSet the caller frees, or null when the DAT has
 *  no such record (a full DAT: one record read lazily, copied into an excerpt of its own). */
export async function datRecord(app: PreviewSources, name: string, id: number): Promise<DatSet | null> {
  const d = app.dats.get(name);
  if (!d) return null;
  let bytes = d.bytes;
  if (d.lazy) {
    const lazy = new LazyDat(app.acp, d.size, async (o, n) => new Uint8Array(await d.file.slice(o, o + n).arrayBuffer()));
    try {
      await lazy.open();
      const rec = await lazy.record(id);
      bytes = writeDat(app.acp, { dataSet: 2, records: [{ id, bytes: rec.bytes }] });
    } catch (e) {
      if (e instanceof DatError) return null;
      throw e;
    } finally {
      lazy.free();
    }
  } else if (!(d.recordIds ?? []).includes(id)) {
    return null;
  }
  const set = new DatSet(app.acp);
  try {
    set.addBytes(bytes);
    return set;
  } catch (e) {
    set.free();
    if (e instanceof DatError) return null;
    throw e;
  }
}

/** The run's LandHeightTable: Region 0x13000000 of the scenario's excerpts (the embedded ones for
 *  "default", then the user's bytes the session got), the last that has it; null for none. */
async function heightTable(app: PreviewSources): Promise<Float32Array | null> {
  const s = app.session;
  if (!s) return null;
  const wants = (s.scenario.excerpts ?? ['default']).includes('default');
  const sources = [...(wants ? await embeddedBytes().catch(() => []) : []), ...app.lastExcerpts.values()];
  let table: Float32Array | null = null;
  for (const bytes of sources) {
    const set = new DatSet(app.acp);
    try {
      set.addBytes(bytes);
      table = set.heightTable(REGION_ID) ?? table;
    } catch {
      // A source that does not parse gave the run nothing either.
    } finally {
      set.free();
    }
  }
  return table;
}

/** Read landblock `lb` (0xXXYY) of the user's DAT `name` for a preview, with the place's cell and
 *  (x, y) in its frame; null when the DAT has no LandBlock for it or the run has no Region. */
export async function readPreview(app: PreviewSources, name: string, lb: number, cell: number, x: number, y: number): Promise<PreviewBlock | null> {
  const id = ((lb << 16) | 0xffff) >>> 0;
  const table = await heightTable(app);
  if (!table) return null;
  const set = await datRecord(app, name, id);
  if (!set) return null;
  const acp = app.acp, X = acp.exports;
  let terrain = 0, mem = 0;
  try {
    const rec = set.landblock(id);
    if (!rec) return null;
    // heights (81 u8), words (81 u16), table (256 f32), out (1152 f32 and one)
    mem = acp.alloc(84 + 164 + 1024 + 4 * (TERRAIN_FLOATS + 1));
    const hp = mem, wp = mem + 84, tp = mem + 248, out = mem + 1272;
    acp.u8().set(rec.height, hp);
    new Uint16Array(acp.memory.buffer, wp, 81).set(rec.terrain);
    acp.f32().set(table, tp >> 2);
    terrain = X.acp_abi_terrain_create(1);
    if (!terrain || X.acp_abi_terrain_add_landblock(terrain, id, hp, wp, tp) !== 0) return null;
    const origin = (id & 0xffff0000 | 1) >>> 0;
    X.acp_abi_draw_terrain_positions(terrain, 0, origin, out, TERRAIN_FLOATS);
    const positions = acp.f32().slice(out >> 2, (out >> 2) + TERRAIN_FLOATS);
    X.acp_abi_draw_terrain_normals(terrain, 0, out, TERRAIN_FLOATS);
    const normals = acp.f32().slice(out >> 2, (out >> 2) + TERRAIN_FLOATS);
    const v = X.acp_abi_terrain_block_vertices(terrain, 0) >> 2, f32 = acp.f32();
    const heights = new Float32Array(81);
    for (let k = 0; k < 81; k++) heights[k] = f32[v + 3 * k + 2]!;
    const zp = out + 4 * TERRAIN_FLOATS;
    const placeZ = X.acp_abi_terrain_height(terrain, cell, x, y, zp) ? acp.f32()[zp >> 2]! : NaN;
    const text = `0x${lb.toString(16).toUpperCase().padStart(4, '0')}`;
    return { id, dat: name, words: rec.terrain, heights, positions, normals, placeZ,
      label: `${text} from ${name}, not in the run: Add object here loads it` };
  } finally {
    if (terrain) X.acp_abi_terrain_destroy(terrain);
    if (mem) acp.free(mem);
    set.free();
  }
}
