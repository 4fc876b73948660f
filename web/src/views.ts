// The readouts beside the map: the frame slider and its label, the selected object's state, the
// hooks fired, the run's figures and the performance line, the DAT files in use, and which of the
// embedded records are synthetic.
import manifest from '../../data/excerpts.manifest.json';
import type { Page } from './page';
import { $ } from './dom';
import { idText, plural } from './format';
import { NOT_LOADED_COLOUR, shadingGradient } from './map';
import { ROAD_RGB, TERRAIN_TYPES } from './terrain2d';

/** The frame slider and its label. */
export function showFrame(app: Page, idx: number): void {
  const s = app.session!;
  const scrubbing = app.scrub !== null;
  const f = app.shownFrame;
  if (f.idx === idx && f.done === s.framesDone && f.scrub === scrubbing) return;
  f.idx = idx; f.done = s.framesDone; f.scrub = scrubbing;
  const scrub = $<HTMLInputElement>('scrub');
  scrub.max = String(Math.max(1, s.framesDone));
  scrub.value = String(idx + 1);
  $('scrub-label').textContent = s.framesDone
    ? `${idx + 1} / ${s.framesDone}, t = ${s.history.now.at(idx).toFixed(3)} s${scrubbing ? ' (recorded)' : ''}`
    : 'no frames yet';
  $('scrub-label').dataset['frame'] = String(idx + 1);
}

export function showReadout(app: Page, idx: number): void {
  const s = app.session!;
  const h = s.history;
  const i = app.selected;
  const tracked = i < s.tracked;
  const live = app.scrub === null;
  const x = live ? s.gx[i]! : tracked ? h.x[i]!.at(idx) : NaN;
  const y = live ? s.gy[i]! : tracked ? h.y[i]!.at(idx) : NaN;
  const z = live ? s.z[i]! : tracked ? h.z[i]!.at(idx) : NaN;
  const hd = live ? s.heading[i]! : tracked ? h.heading[i]!.at(idx) : NaN;
  const cell = live ? s.cell[i]! : tracked ? h.cell[i]!.at(idx) >>> 0 : 0;
  const sp = tracked && idx >= 0 ? h.speed[i]!.at(idx) : NaN;
  const why = live ? s.whyInactive(i) : null;
  const ro = $('readout');
  ro.textContent = `${s.names[i]} (id ${idText(s.ids[i]!)}): cell 0x${cell.toString(16).toUpperCase().padStart(8, '0')}, ` +
    `x ${(x - 192 * ((cell >>> 24) & 0xff)).toFixed(2)} m, y ${(y - 192 * ((cell >>> 16) & 0xff)).toFixed(2)} m in the landblock ` +
    `(world ${x.toFixed(1)} m east, ${y.toFixed(1)} m north), z ${z.toFixed(2)} m, heading ${Number.isNaN(hd) ? '–' : hd.toFixed(1)}°, ` +
    `speed ${Number.isNaN(sp) ? '–' : sp.toFixed(2)} m/s${why ? ` (${why})` : ''}` +
    `${live && s.nodes[i]! >= 0 ? `, ${s.nodes[i]} server position node${s.nodes[i] === 1 ? '' : 's'} queued` : ''}`;
  ro.dataset['why'] = why ?? '';
  ro.dataset['x'] = String(x);
  ro.dataset['y'] = String(y);
  ro.dataset['z'] = String(z);
  ro.dataset['frame'] = String(idx + 1);
  const hooks = $('hooks');
  const list = s.history.hooks;
  const upto = live ? list.length : list.findIndex((e) => e.frame > idx + 1);
  const end = upto < 0 ? list.length : upto;
  const items = list.slice(Math.max(0, end - 100), end).reverse();
  hooks.textContent = '';
  for (const e of items) {
    const li = document.createElement('li');
    li.textContent = `frame ${e.frame} (t ${e.now.toFixed(3)} s): object ${e.id} ${e.name}`;
    hooks.append(li);
  }
  // An empty list says so beside it (a "none yet" item would be numbered "1.").
  hooks.hidden = !items.length;
  $('hooks-none').hidden = items.length > 0;
  const info = $('runinfo');
  const digest = s.framesDone ? s.digest() : '–';
  info.innerHTML = '';
  const rows: [string, string][] = [
    ['frames', String(s.framesDone)], ['time', `${s.lastTime.toFixed(3)} s`], ['digest', digest], ['profiles', s.profiles.join(' | ')],
    ['objects', `${s.n} (${s.tracked} tracked)`], ['events', String(s.scenario.events?.length ?? 0)], ['excerpts', (s.scenario.excerpts ?? ['default']).join(', ')],
  ];
  for (const [k, v] of rows) {
    const dt = document.createElement('dt'), dd = document.createElement('dd');
    dt.textContent = k;
    dd.textContent = v;
    if (k === 'digest') dd.id = 'digest';
    if (k === 'frames') dd.id = 'frames-done';
    info.append(dt, dd);
  }
  $('keys').textContent = app.keyboard.describe() || 'none';
}

/** The performance line: the animation frames' rate (the page draws while paused too), the
 *  runs' step times and the page's own, over the frames run since the run (re)started; before
 *  the first of those (after a link's replay, paused) it says so instead of "0.00 ms". */
export function showPerf(app: Page): void {
  const s = app.session;
  if (!s) return;
  const p = app.perf.summary();
  const rate = p.fps > 0 ? `${p.fps.toFixed(1)} frames/s${app.playing ? '' : ' (paused)'}` : 'no animation frames yet';
  const core = p.frames
    ? `core (${s.profile}) ${p.core.mean.toFixed(2)} ms/frame (p95 ${p.core.p95.toFixed(2)}, max ${p.core.max.toFixed(2)})` +
      (s.runs.length > 1 ? ` · ${s.profiles[1]} ${p.compare.mean.toFixed(2)} ms` : '') + ` · reading + drawing ${p.page.mean.toFixed(2)} ms`
    : `core (${s.profile}): no frames run since the run (re)started${app.playing ? '' : ': press Play'}`;
  $('perf').textContent = `${rate} · ${core} · ${plural(s.n, 'object')}`;
}

/** The map's legend: the height shading (low to high, each group of touching landblocks over
 *  its own range, in metres) and the colour where no landblock is loaded. */
export function showLegend(app: Page): void {
  const el = $('map-legend');
  el.textContent = '';
  const swatch = (background: string, cls: string) => {
    const sw = document.createElement('span');
    sw.className = `swatch ${cls}`;
    sw.style.background = background;
    return sw;
  };
  const groups = app.map.shading.map((g) => `${g.ids.map((id) => `0x${(id >>> 16).toString(16).toUpperCase().padStart(4, '0')}`).join(' ')} ` +
    `${g.lo.toFixed(1)}–${g.hi.toFixed(1)} m`);
  const heights = document.createElement('span');
  heights.id = 'legend-heights';
  heights.textContent = groups.length
    ? `terrain height, low → high, shaded over each group of touching landblocks: ${groups.join('; ')}`
    : 'no landblock is loaded';
  const none = document.createElement('span');
  none.id = 'legend-not-loaded';
  none.textContent = 'not loaded (no terrain in the excerpts)';
  const m = app.map;
  if (m.terrainTypes) {
    // Coloured by terrain types (web/src/terrain2d.ts): a swatch per type the landblocks hold.
    const types = document.createElement('span');
    types.id = 'legend-types';
    const rgb = (c: readonly number[]) => `rgb(${c.join(', ')})`;
    for (const t of m.typesPresent) types.append(swatch(rgb(TERRAIN_TYPES[t]!.rgb), 'flat'), ` ${TERRAIN_TYPES[t]!.name} `);
    if (m.roads) types.append(swatch(rgb(ROAD_RGB), 'flat'), ' road ');
    el.append('terrain types, hill-shaded: ', types, ' · ');
    // The heights as well (a landblock whose terrain words are not known is coloured by them).
    if (m.terrainTypes < m.shading.reduce((a, g) => a + g.ids.length, 0)) el.append(swatch(shadingGradient(), 'gradient'), ' ');
    else heights.textContent = heights.textContent.replace(/^terrain height, low → high, shaded over each group/, 'terrain heights of each group');
    el.append(heights, ' · ', swatch(NOT_LOADED_COLOUR, 'flat'), ' ', none);
    return;
  }
  el.append(swatch(shadingGradient(), 'gradient'), ' ', heights, ' · ', swatch(NOT_LOADED_COLOUR, 'flat'), ' ', none);
}

export function showSynthetic(app: Page): void {
  type Rec = { id: string; type: string; kind: string; synthetic: boolean; source: string; synthetic_parts?: string[] };
  const recs = (manifest as { records: Rec[] }).records;
  // A record of a user's file replaces a stand-in unless it is the stand-in itself (its content:
  // web/src/standins.ts), whoever dropped the file.
  const replaced = new Map<number, string>(), same = new Map<number, string>();
  for (const name of app.session?.scenario.excerpts ?? []) {
    const d = app.dats.get(name);
    if (!d) continue;
    const standIns = new Set(d.standIns ?? []);
    for (const id of (d.lazy ? d.ids : d.recordIds) ?? []) {
      if (standIns.has(id)) { replaced.delete(id); same.set(id, name); } else { replaced.set(id, name); same.delete(id); }
    }
  }
  const synth = recs.filter((r) => r.synthetic);
  const left = synth.filter((r) => !replaced.has(Number(r.id)));
  $('synthetic-summary').textContent = left.length
    ? `${left.length} of the records this page uses are synthetic stand-ins, not retail data` +
      (left.some((r) => same.has(Number(r.id))) ? ` (${left.filter((r) => same.has(Number(r.id))).length} of them from your DAT files, which hold the stand-ins themselves: judged by their content)` : '')
    : 'Every synthetic record is replaced by your DAT files';
  const body = $('synthetic-body');
  body.textContent = '';
  const p = document.createElement('p');
  p.textContent = 'The embedded default excerpts (data/excerpts.manifest.json): the portal records are synthetic stand-ins with chosen values ' +
    '(the motion table\'s speeds are retail\'s; the animations, part frames and spheres are made up), so the paths show retail\'s clock and ' +
    'motion rules but not a real character\'s animation. The buildings, scenery and dungeon are synthetic too (portal GfxObjs, a tree Setup and ' +
    'Environments; cell LandBlockInfo 0xA9B4FFFE with one cottage and one tree on Holtburg, the cottage\'s EnvCell, the dungeon EnvCells around ' +
    'the recorded arrow on 0x3A11): made-up walls, floors, stairs and portals with retail\'s structure. Add your own client_portal.dat and ' +
    'client_cell_1.dat (or excerpts of them) to replace them. The terrain heights and types are real, but its scenery is not: the scene bits of ' +
    'the terrain words of 0xAAB4, 0xA9B5 and 0xAAB5 and the Region\'s scene tables are chosen stand-ins (marked "real, with synthetic parts" below).';
  body.append(p);
  const ul = document.createElement('ul');
  for (const r of recs) {
    const li = document.createElement('li');
    const by = replaced.get(Number(r.id));
    const standIn = same.get(Number(r.id));
    const parts = r.synthetic ? [] : r.synthetic_parts ?? [];
    li.textContent = `${r.type} ${r.id}: ${r.synthetic ? 'SYNTHETIC' : parts.length ? 'real, with synthetic parts' : 'real'}${by ? ` (replaced by ${by})` : ''}` +
      `${standIn ? ` (${standIn} holds this ${r.synthetic ? 'stand-in' : 'record'} itself)` : ''} — ${r.source}` +
      parts.map((t) => ` SYNTHETIC PART: ${t}`).join('');
    if (by) li.className = 'replaced';
    li.dataset['synthetic'] = String(r.synthetic);
    if (parts.length) li.dataset['syntheticParts'] = String(parts.length);
    ul.append(li);
  }
  body.append(ul);
}

export function showDats(app: Page): void {
  const names = [...app.dats.values()].map((d) => `${d.name} (${d.lazy ? 'full DAT, read lazily' : 'excerpt'}; ${d.summary || 'not read yet'})`);
  $('dats').textContent = names.length ? `DAT files: ${names.join('; ')}` : 'DAT files: the embedded default excerpts only.';
}
