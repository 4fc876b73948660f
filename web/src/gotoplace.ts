// The Go to field against the run (issue 36): a location parsed (location.ts parseLocation) is
// checked against what the run has loaded: an outdoor cell's landblock among the world's land, an
// indoor cell's EnvCell readable by the world (and holding the point: its walls' extent, as the
// draw side places them). A landblock the run lacks is looked up in the user's cell DATs (a full
// DAT lazily, one record read): found there, the place stands, its landblock's land is shown on
// the map and in the 3-D view as a preview (web/src/preview.ts; no part of the run, dropped when
// the place is cleared or the run rebuilt, read again when the rebuilt run still lacks it), and Add object rebuilds the run
// with an object in it, which copies the landblock out of the DAT (a full DAT gives a run the
// records its objects need: web/src/dat.ts extract), so the scenario alone decides the run's
// records and the run file replays bit for bit; found nowhere, the message names the DATs searched.
import { DatError, LazyDat } from '../../wasm/acphys.mjs';
import { $ } from './dom';
import { locate, type GotoPlace } from './location';
import { indoorCellShape } from './mapcell';
import type { Page } from './page';
import { readPreview } from './preview';

const lbText = (lb: number) => `0x${lb.toString(16).toUpperCase().padStart(4, '0')}`;
const hex = (v: number) => `0x${(v >>> 0).toString(16).toUpperCase().padStart(8, '0')}`;

/** Whether the user's DAT `name` holds record `id` (a full DAT: one lazy read). */
async function datHas(app: Page, name: string, id: number): Promise<boolean> {
  const d = app.dats.get(name)!;
  if (!d.lazy) return (d.recordIds ?? []).includes(id);
  const lazy = new LazyDat(app.acp, d.size, async (o, n) => new Uint8Array(await d.file.slice(o, o + n).arrayBuffer()));
  try {
    await lazy.open();
    await lazy.record(id);
    return true;
  } catch (e) {
    if (e instanceof DatError) return false;
    throw e;
  } finally {
    lazy.free();
  }
}

/** `text` checked against the current run (see the file comment): the place, or { error }. */
export async function gotoPlace(app: Page, text: string): Promise<GotoPlace | { error: string }> {
  const s = app.session;
  const p = locate(text);
  if ('error' in p || !s) return 'error' in p ? p : { ...p, input: text, pending: null };
  const lb = p.cell >>> 16, indoor = (p.cell & 0xffff) >= 0x100;
  if (indoor) {
    const shape = indoorCellShape(s, p.cell);
    if (shape) {
      const [x0, y0, x1, y1] = shape.bounds, [wx, wy] = p.world, m = 0.5;
      const ox = 192 * (p.cell >>> 24), oy = 192 * ((p.cell >>> 16) & 0xff), f = (v: number) => v.toFixed(1);
      if (!(wx >= x0 - m && wx <= x1 + m && wy >= y0 - m && wy <= y1 + m))
        return { error: `indoor cell ${hex(p.cell)} does not hold (${p.origin![0]}, ${p.origin![1]}): its walls span x ${f(x0 - ox)} to ${f(x1 - ox)} m and y ${f(y0 - oy)} to ${f(y1 - oy)} m in its landblock's frame` };
      return { ...p, input: text, pending: null };
    }
  } else if (s.landblockIds().has(lb)) {
    return { ...p, input: text, pending: null };
  }
  // Not in the run: the user's cell DATs (the run's own excerpts were searched above, through its world).
  const id = indoor ? p.cell : ((lb << 16) | 0xffff) >>> 0;
  const what = indoor ? `EnvCell ${hex(id)}` : `LandBlock ${hex(id)}`;
  const mine = [...app.dats.values()].filter((d) => d.dataSet === 2).map((d) => d.name);
  for (const name of mine) {
    if (await datHas(app, name, id)) return { ...p, input: text, pending: name, text: `${p.text}, in your ${name}` };
  }
  const searched = [...(s.scenario.excerpts ?? ['default']).filter((n) => !app.dats.has(n)).map((n) => n === 'default' ? 'the default excerpts' : n), ...mine];
  const land = [...s.landblockIds()].map(lbText).join(', ') || 'none';
  return { error: `landblock ${lbText(lb)} is not loaded by this run (its land: ${land}) and no DAT searched has its ${what} ` +
    `(searched: ${searched.join(', ')}); add a cell DAT that has it${indoor ? '' : ' (a dungeon\'s landblock has no land: give one of its indoor cells with its position)'}` };
}

/** The Go to field: centre the map and the 3-D view on the location `text` (the /loc form or a
 *  landblock and cell, web/src/location.ts) and keep it as the place Add object can put an
 *  object (the "placed" select goes to it); a malformed location, or one in no DAT searched, gets
 *  a message naming why, and the view and the place stay. A good one clears an earlier error. */
export async function goTo(app: Page, text: string): Promise<GotoPlace | null> {
  const p = await gotoPlace(app, text);
  if ('error' in p) { app.msg.error(`Go to: ${p.error}.`); return null; }
  app.place = p;
  app.follow = $<HTMLInputElement>('follow').checked = false;
  app.placeFocus = true;
  app.map.focus(p.world[0], p.world[1], 40);
  $<HTMLSelectElement>('state-place').value = 'goto';
  app.msg.clearError();
  dropPreview(app);
  const shown = p.pending ? await showPreview(app, p) : false;
  if (app.place !== p) return p;
  app.msg.status(`${p.text}; Add object puts the object there` +
    (p.pending ? ` (its landblock is not in this run yet: adding rebuilds the run, which copies it out of ${p.pending})` : '') + '.' +
    (shown ? ` The map and the 3-D view show its land from ${p.pending} as a preview, not part of the run.` : ''));
  return p;
}

/** The place's landblock from the user's DAT `p.pending` as a preview on the map and in the 3-D
 *  view (web/src/preview.ts), while `p` is still the place of the same run; whether it is shown. */
async function showPreview(app: Page, p: GotoPlace): Promise<boolean> {
  const s = app.session;
  const [x, y] = p.origin ?? p.middle!;
  const b = await readPreview(app, p.pending!, p.cell >>> 16, p.holding, x, y).catch(() => null);
  if (!b || app.place !== p || app.session !== s) return false;
  app.preview = b;
  app.map.setPreview(b);
  return true;
}

/** No preview landblock (the place cleared, the run rebuilt). */
function dropPreview(app: Page): void {
  if (!app.preview) return;
  app.preview = null;
  app.map.setPreview(null);
}

/** After a rebuild: the place stays, checked again against the new run, when the run is the same
 *  scenario rebuilt (every object of `before` is still there: an object or a DAT added, the
 *  profile switched, a restart); another scenario (a bundled one, a link, a file) clears it, as
 *  does a check that now fails. The "placed" select leaves "at the Go to place" when it goes. */
export async function placeAfterRebuild(app: Page, before: { id: unknown; name?: string }[] | null): Promise<void> {
  const place = app.place, s = app.session;
  dropPreview(app); // of the run it replaced: the new run's land, or a preview read again
  if (!place || !s) return;
  const same = before !== null && before.every((o) => s.scenario.objects.some((n) => n.id === o.id && n.name === o.name));
  const p = same ? await gotoPlace(app, place.input) : { error: 'another scenario' };
  if (app.place !== place || app.session !== s) return;
  if ('error' in p) clearPlace(app);
  else {
    app.place = p;
    if (p.pending) await showPreview(app, p);
  }
}

/** No Go to place: Add object puts objects near the selected one again. */
export function clearPlace(app: Page): void {
  app.place = null;
  dropPreview(app);
  app.placeFocus = false;
  const sel = document.getElementById('state-place') as HTMLSelectElement | null;
  if (sel?.value === 'goto') sel.value = 'near';
  const field = document.getElementById('goto') as HTMLInputElement | null;
  if (field) field.value = ''; // the field shows no place that is gone
}

/** Where the 3-D view looks while it shows the Go to place (world m: the map's x, y, and z), or
 *  null while it follows the selected object: from a Go to until the user follows an object again
 *  (the Follow box, selecting an object, a double-click on the map). */
export function placeInView(app: Page): [number, number, number, number] | null {
  if (app.follow) app.placeFocus = false;
  const p = app.place, s = app.session;
  if (!p || !app.placeFocus || !s) return null;
  const [x, y] = p.origin ?? p.middle!;
  const pv = app.preview;
  const z = p.origin ? p.origin[2] : pv && pv.id >>> 16 === p.cell >>> 16 ? pv.placeZ : s.terrainHeight(p.holding, x, y);
  return [p.world[0], p.world[1], Number.isFinite(z) ? z : 0, p.holding];
}

/** The Go to place on the map (a ring and a cross, magenta) while there is one; the canvas's
 *  data-goto-marker says where it was drawn (world m), for the browser test. */
export function drawPlace(app: Page, g: CanvasRenderingContext2D, sx: (x: number) => number, sy: (y: number) => number): void {
  const p = app.place;
  g.canvas.dataset['gotoMarker'] = p ? `${p.world[0]},${p.world[1]}` : '';
  if (!p) return;
  const x = sx(p.world[0]), y = sy(p.world[1]);
  g.save();
  g.strokeStyle = '#e0119d';
  g.lineWidth = 2;
  g.beginPath();
  g.arc(x, y, 9, 0, 2 * Math.PI);
  g.moveTo(x - 14, y); g.lineTo(x + 14, y);
  g.moveTo(x, y - 14); g.lineTo(x, y + 14);
  g.stroke();
  g.restore();
}
