// The top-down map: the loaded landblocks' terrain (coloured by terrain type, or by height where
// the types are not known, hill-shaded from the north-west: web/src/terrain2d.ts), the roads
// (retail's on_road regions: web/src/roads.ts), the landblock (192 m) and cell (24 m) grid, the
// records' buildings (filled footprints), landblock statics (their cylinders' circles) and indoor
// cells (outlined), all from the draw side (web/src/mapstructures.ts), the selected object's cell
// outlined (web/src/mapcell.ts), and every object: its path (tracked objects), its shape (its
// GfxObjs' polygons' footprint or a stand-in's part squares: web/src/mapobjects.ts), heading
// arrow and collision spheres (live: from the draw side's sphere matrices, web/src/draw.ts; on the
// collision-shapes toggle). World axes: +X east (right), +Y north (up);
// world x = landblock X · 192 + x. Wheel zooms, drag pans, double-click refits. A Go to place's
// landblock read from a user's DAT (web/src/preview.ts) is drawn as the run's are, labelled as a preview.
import { drawArrays } from './draw';
import { drawGhosts, serverGhosts } from './ghosts';
import { drawParticles } from './particles';
import type { Session } from './run';
import { drawCollisionMarks } from './collisions';
import { CELL, isRoad, LB, ROAD_RGB, STOPS, terrainImage, terrainType } from './terrain2d';
import { drawStructures } from './mapstructures';
import { outlineCell } from './mapcell';
import { drawObjectShapes, type ObjectsDrawn } from './mapobjects';
import { drawRoads } from './roads';
import { grid, scaleBar } from './mapgrid';
import { Trails } from './trails';

/** How many inactive or skipped objects the map names (the readout names the selected one). */
const MAX_NOTES = 6;

interface Tile { x0: number; y0: number; image: HTMLCanvasElement; id: number; label?: string }

/** The map's colour where no landblock is loaded (no terrain in the excerpts). */
export const NOT_LOADED_COLOUR = '#1d2430';

const PATH_COLOURS = ['#d7263d', '#1b998b', '#f46036', '#2e294e', '#c5d86d', '#8f2d56', '#3a86ff', '#ff006e'];
export function objectColour(i: number): string { return PATH_COLOURS[i % PATH_COLOURS.length]!; }

/** The height shading as a CSS gradient, low to high (for the legend). */
export function shadingGradient(): string {
  return `linear-gradient(to right, ${STOPS.map(([t, r, g, b]) => `rgb(${r}, ${g}, ${b}) ${Math.round(t * 100)}%`).join(', ')})`;
}

export class MapView {
  private readonly ctx: CanvasRenderingContext2D;
  private tiles: Tile[] = [];
  /** A Go to place's landblock read from a user's DAT, not in the run (web/src/preview.ts): drawn
   *  as the run's are, under its own label; null for none. */
  private preview: (Tile & { words: Uint16Array }) | null = null;
  private previewSeq = 0;
  private readonly background = document.createElement('canvas');
  private backgroundKey = '';
  /** View: world metres at the canvas centre, and pixels per metre (CSS pixels). */
  cx = 0;
  cy = 0;
  scale = 2;
  private dpr = 1;
  private drag: { x: number; y: number; cx: number; cy: number } | null = null;
  /** The groups of touching landblocks, each shaded over its own height range (m), for the
   *  legend; set by setTerrain. */
  shading: { ids: number[]; lo: number; hi: number }[] = [];
  /** The untracked objects' recent trails (web/src/trails.ts) and how many the last drawing drew. */
  private readonly trails = new Trails();
  trailsDrawn = 0;
  /** How many landblocks the terrain images colour by their terrain types (the rest by height). */
  terrainTypes = 0;
  /** The terrain types (non-road vertices) of those landblocks, ascending, and whether any
   *  vertex is a road: the legend's swatches. */
  typesPresent: number[] = [];
  roads = false;
  /** The loaded landblocks' terrain words (by landblock id 0xXXYYFFFF), where known; a new map
   *  each setTerrain (the 3-D view colours its terrain and lays its roads from it). */
  words: ReadonlyMap<number, Uint16Array> = new Map();
  /** How many road polygons the last background drawing drew (web/src/roads.ts). */
  roadPolygons = 0;
  /** Whether object i of a session is a stand-in (drawn as its parts' squares, not from its
   *  GfxObjs' polygons) and whether collision shapes are shown: set by the page (main.ts). */
  standIn: (s: Session, i: number) => boolean = () => true;
  collision: () => boolean = () => true;
  /** What the last live drawing drew of the objects' shapes (web/src/mapobjects.ts). */
  objectsDrawn: ObjectsDrawn = { triangles: 0, objects: 0, parts: 0, selected: [], spheres: 0 };
  /** The landblock labels the last background drawing wrote (loaded landblocks only, where the
   *  label fits inside its square and overlaps no other). */
  labels: string[] = [];
  /** What the last live drawing listed in its bottom-left corner: why objects are inactive or
   *  skipped ("name: inactive: 20,345.2 m from the player ..."), at most MAX_NOTES of them, then
   *  how many more. */
  notes: string[] = [];
  /** What the last drawing drew of the records' structures in view: building and indoor-cell
   *  triangles, static circles. */
  drawnStructures = { buildings: 0, cells: 0, statics: 0, scenery: 0, rocks: 0 };
  /** What the last live drawing showed of scripts and particles (issue 16): live particles of
   *  the primary and comparison runs, and the running-script lines. */
  particles: { primary: number; comparison: number; scripts: string[] } = { primary: 0, comparison: 0, scripts: [] };
  /** Called when the user moves the view (so following stops). */
  onUserView: (() => void) | null = null;
  overlay: ((g: CanvasRenderingContext2D, sx: (x: number) => number, sy: (y: number) => number, k: number) => void) | null = null; // drawn last (the inspector's sweep)

  constructor(readonly canvas: HTMLCanvasElement) {
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2D canvas');
    this.ctx = ctx;
    canvas.addEventListener('wheel', (e) => {
      e.preventDefault();
      const r = canvas.getBoundingClientRect();
      const [wx, wy] = this.toWorld(e.clientX - r.left, e.clientY - r.top);
      this.scale = Math.min(Math.max(this.scale * Math.exp(-e.deltaY * 0.0015), 0.02), 80);
      const [wx2, wy2] = this.toWorld(e.clientX - r.left, e.clientY - r.top);
      this.cx += wx - wx2;
      this.cy += wy - wy2;
      this.onUserView?.();
    }, { passive: false });
    canvas.addEventListener('pointerdown', (e) => {
      this.drag = { x: e.clientX, y: e.clientY, cx: this.cx, cy: this.cy };
      canvas.setPointerCapture(e.pointerId);
    });
    canvas.addEventListener('pointermove', (e) => {
      if (!this.drag) return;
      this.cx = this.drag.cx - (e.clientX - this.drag.x) / this.scale;
      this.cy = this.drag.cy + (e.clientY - this.drag.y) / this.scale;
      this.onUserView?.();
    });
    canvas.addEventListener('pointerup', () => { this.drag = null; });
  }

  get width(): number { return this.canvas.clientWidth || this.canvas.width; }
  get height(): number { return this.canvas.clientHeight || this.canvas.height; }

  toWorld(px: number, py: number): [number, number] {
    return [this.cx + (px - this.width / 2) / this.scale, this.cy - (py - this.height / 2) / this.scale];
  }

  /** Build the terrain images of the loaded landblocks: coloured by their terrain types where
   *  `words` is given, else by height (web/src/terrain2d.ts), hill-shaded. */
  setTerrain(blocks: { id: number; heights: Float32Array; words?: Uint16Array | null }[]): void {
    // Shade each group of touching landblocks over its own height range.
    const group = blocks.map((_, i) => i);
    const find = (i: number): number => (group[i] === i ? i : (group[i] = find(group[i]!)));
    blocks.forEach((a, i) => blocks.forEach((b, j) => {
      const dx = Math.abs((a.id >>> 24) - (b.id >>> 24)), dy = Math.abs(((a.id >>> 16) & 0xff) - ((b.id >>> 16) & 0xff));
      if (dx <= 1 && dy <= 1) group[find(i)] = find(j);
    }));
    const range = new Map<number, [number, number]>();
    const members = new Map<number, number[]>();
    blocks.forEach((b, i) => {
      const g = find(i), r = range.get(g) ?? [Infinity, -Infinity];
      for (const v of b.heights) { r[0] = Math.min(r[0], v); r[1] = Math.max(r[1], v); }
      range.set(g, r);
      members.set(g, [...(members.get(g) ?? []), b.id]);
    });
    this.shading = [...members].map(([g, ids]) => ({ ids: ids.sort((a, b) => a - b), lo: range.get(g)![0], hi: range.get(g)![1] }));
    this.terrainTypes = blocks.filter((b) => b.words).length;
    const present = new Set<number>();
    this.roads = false;
    for (const b of blocks) for (const w of b.words ?? []) { if (isRoad(w)) this.roads = true; present.add(terrainType(w)); }
    this.words = new Map(blocks.filter((b) => b.words).map((b) => [b.id, b.words!]));
    this.typesPresent = [...present].sort((a, b) => a - b);
    this.tiles = blocks.map((b, i) => {
      const [lo, hi] = range.get(find(i))!;
      const image = terrainImage(b.heights, b.words ?? null, lo, hi);
      return { x0: ((b.id >>> 24) & 0xff) * LB, y0: ((b.id >>> 16) & 0xff) * LB, image, id: b.id };
    });
    this.backgroundKey = '';
  }

  /** Show landblock `b` as a preview (its terrain image shaded over its own heights, its roads,
   *  its label), or none with null; a landblock of the run's own is never covered by one. */
  setPreview(b: { id: number; heights: Float32Array; words: Uint16Array; label: string } | null): void {
    this.previewSeq++;
    this.backgroundKey = '';
    if (!b) { this.preview = null; return; }
    const lo = Math.min(...b.heights), hi = Math.max(...b.heights);
    this.preview = { x0: ((b.id >>> 24) & 0xff) * LB, y0: ((b.id >>> 16) & 0xff) * LB, image: terrainImage(b.heights, b.words, lo, hi),
      id: b.id, label: b.label, words: b.words };
  }

  /** The pixel (r, g, b) at world (x, y) m: of the terrain layer (terrain, grid and labels only)
   *  with `layer` true, else of the canvas as last drawn; null outside the canvas. */
  pixel(x: number, y: number, layer: boolean): [number, number, number] | null {
    const px = Math.floor((this.width / 2 + (x - this.cx) * this.scale) * this.dpr), py = Math.floor((this.height / 2 - (y - this.cy) * this.scale) * this.dpr);
    const c = layer ? this.background : this.canvas;
    if (px < 0 || py < 0 || px >= c.width || py >= c.height) return null;
    const d = c.getContext('2d')!.getImageData(px, py, 1, 1).data;
    return [d[0]!, d[1]!, d[2]!];
  }

  /** Centre on (x, y) world metres; with `span` (m) fit that much into the canvas. */
  focus(x: number, y: number, span?: number): void {
    this.cx = x;
    this.cy = y;
    if (span) this.scale = Math.min(this.width, this.height) / span;
  }

  /** Centre on (x, y) showing about 4 cells (96 m) around it. */
  fitObject(x: number, y: number): void { this.focus(x, y, 4 * CELL); }

  private resize(): void {
    const dpr = window.devicePixelRatio || 1;
    const w = Math.round(this.width * dpr), h = Math.round(this.height * dpr);
    if (this.canvas.width !== w || this.canvas.height !== h) {
      this.canvas.width = w;
      this.canvas.height = h;
    }
    this.dpr = dpr;
  }

  /** Draw the map: live (frame null) or the tracked objects at recorded frame index `frame`. */
  draw(s: Session, frame: number | null, selected: number): void {
    this.resize();
    const g = this.ctx, W = this.width, H = this.height, k = this.scale;
    const sx = (x: number) => W / 2 + (x - this.cx) * k;
    const sy = (y: number) => H / 2 - (y - this.cy) * k;
    // The terrain and the grid change only with the view: drawn once per view into a layer that
    // each frame copies 1:1 (scaling the terrain every frame costs more than everything else).
    const key = `${this.cx},${this.cy},${k},${W},${H},${this.dpr},${this.tiles.length},${this.previewSeq}`;
    if (key !== this.backgroundKey) {
      this.backgroundKey = key;
      this.background.width = this.canvas.width;
      this.background.height = this.canvas.height;
      const b = this.background.getContext('2d')!;
      b.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
      this.drawBackground(b, W, H, sx, sy);
    }
    g.setTransform(1, 0, 0, 1, 0, 0);
    g.drawImage(this.background, 0, 0);
    g.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    this.drawnStructures = drawStructures(g, s, W, H, k, sx, sy);
    const h = s.history;
    const cell = frame === null ? s.cell[selected] ?? 0 : selected < h.tracked ? h.cell[selected]!.at(frame) >>> 0 : 0;
    const outlined = outlineCell(g, s, cell, sx, sy);
    this.outlined = outlined?.cell ?? 0;
    this.outlinedBounds = outlined?.bounds ?? null;
    // Paths of the tracked objects (at most ~2000 points each).
    const end = frame === null ? h.length : frame + 1;
    for (let i = 0; i < h.tracked; i++) {
      const xs = h.x[i]!.data, ys = h.y[i]!.data;
      const stride = Math.max(1, Math.floor(end / 2000));
      g.strokeStyle = objectColour(i);
      g.lineWidth = i === selected ? 2.5 : 1.5;
      g.beginPath();
      let started = false;
      for (let f = 0; f < end; f += stride) {
        const x = sx(xs[f]!), y = sy(ys[f]!);
        if (!started) { g.moveTo(x, y); started = true; } else g.lineTo(x, y);
      }
      if (end > 0) g.lineTo(sx(xs[end - 1]!), sy(ys[end - 1]!));
      g.stroke();
    }
    // The other objects' recent trails (live only).
    if (frame === null) { this.trails.update(s); this.trailsDrawn = this.trails.draw(g, s, sx, sy); }
    drawCollisionMarks(g, h.collisions.marks, frame === null ? Infinity : (h.frame.data[frame] ?? Infinity), sx, sy);
    // Objects: collision sphere circles and heading arrows, batched in one path each. With many
    // objects in view, hairlines only (no fill, no arrow heads): filling a path of a thousand
    // circles costs a software rasteriser about 10 ms, stroking hairlines about 2.
    const n = frame === null ? s.n : h.tracked;
    const px = (i: number) => (frame === null ? s.gx[i]! : h.x[i]!.data[frame]!);
    const py = (i: number) => (frame === null ? s.gy[i]! : h.y[i]!.data[frame]!);
    const hd = (i: number) => (frame === null ? s.heading[i]! : h.heading[i]!.data[frame]!);
    const visible = (x: number, y: number) => x >= -20 && y >= -20 && x <= W + 20 && y <= H + 20;
    let inView = 0;
    for (let i = 0; i < n; i++) if (visible(sx(px(i)), sy(py(i)))) inView++;
    const light = inView > 150;
    const arrow = Math.max(light ? 6 : 8, 1.2 * k);
    // The objects' shapes (live, up to 150 in view): real records' footprints, stand-ins' parts.
    const shown: number[] = [];
    if (frame === null && !light) for (let i = 0; i < n; i++) if (visible(sx(px(i)), sy(py(i)))) shown.push(i);
    this.objectsDrawn = drawObjectShapes(g, s, shown, selected, this.standIn, W, H, k, sx, sy);
    const shapes = this.collision();
    g.beginPath();
    if (frame === null) {
      // The live frame: every collision sphere from the draw side's matrices (web/src/draw.ts),
      // when collision shapes are shown; an object without spheres gets the 2-pixel dot at its origin.
      const d = drawArrays(s);
      const hasSphere = new Uint8Array(s.n);
      for (let j = 0; j < (shapes ? d.count : 0); j++) {
        const i = d.owner[j]!;
        if (s.cell[i] === 0) continue;
        hasSphere[i] = 1;
        const x = sx(d.x[j]!), y = sy(d.y[j]!);
        if (!visible(x, y)) continue;
        const r = Math.max(2, d.r[j]! * k);
        g.moveTo(x + r, y);
        g.arc(x, y, r, 0, 2 * Math.PI);
        this.objectsDrawn.spheres++;
      }
      for (let i = 0; i < n; i++) {
        if (hasSphere[i] || s.cell[i] === 0) continue;
        const x = sx(px(i)), y = sy(py(i));
        if (!visible(x, y)) continue;
        g.moveTo(x + 2, y);
        g.arc(x, y, 2, 0, 2 * Math.PI);
      }
    } else {
      for (let i = 0; i < n; i++) {
        const x = sx(px(i)), y = sy(py(i));
        if (!visible(x, y)) continue;
        const r = shapes ? Math.max(2, s.radius[i]! * k) : 2;
        g.moveTo(x + r, y);
        g.arc(x, y, r, 0, 2 * Math.PI);
      }
    }
    if (!light) {
      g.fillStyle = 'rgba(255, 240, 200, 0.35)';
      g.fill();
    }
    g.strokeStyle = 'rgba(255, 250, 235, 0.95)';
    g.lineWidth = 1;
    g.stroke();
    g.beginPath();
    for (let i = 0; i < n; i++) {
      const a = hd(i);
      if (Number.isNaN(a) || (frame === null && s.cell[i] === 0)) continue;
      const x = sx(px(i)), y = sy(py(i));
      if (!visible(x, y)) continue;
      const rad = (a * Math.PI) / 180, dx = Math.sin(rad), dy = -Math.cos(rad);
      const tx = x + dx * arrow, ty = y + dy * arrow;
      g.moveTo(x, y);
      g.lineTo(tx, ty);
      if (light) continue;
      g.moveTo(tx - dx * 4 - dy * 3, ty - dy * 4 + dx * 3);
      g.lineTo(tx, ty);
      g.lineTo(tx - dx * 4 + dy * 3, ty - dy * 4 - dx * 3);
    }
    g.strokeStyle = '#111';
    g.lineWidth = light ? 1 : 1.5;
    g.stroke();
    this.notes = frame === null ? this.drawNotes(g, s) : [];
    const now = frame === null ? s.lastTime : (h.now.data[frame] ?? s.lastTime);
    drawGhosts(g, serverGhosts(s.scenario, s.ids, now).filter((k) => k.index < n), sx, sy, px, py);
    if (frame === null) this.particles = drawParticles(g, s, sx, sy); /* live state only (issue 16) */
    if (selected >= 0 && selected < n) {
      const x = sx(px(selected)), y = sy(py(selected));
      g.beginPath();
      g.arc(x, y, Math.max(6, s.radius[selected]! * k + 4), 0, 2 * Math.PI);
      g.strokeStyle = '#ffd400';
      g.lineWidth = 2;
      g.stroke();
    }
    this.overlay?.(g, sx, sy, k);
  }

  /** The cell the last drawing outlined (the selected object's: a land cell's square, an indoor
   *  cell's walls; web/src/mapcell.ts), 0 for none, and its bounds (world m). */
  outlined = 0;
  outlinedBounds: [number, number, number, number] | null = null;

  /** List, in the bottom-left corner, why objects are inactive or skipped (Session.whyInactive):
   *  the first MAX_NOTES, then "… and N more". Returns the lines drawn. */
  private drawNotes(g: CanvasRenderingContext2D, s: Session): string[] {
    const lines: string[] = [];
    let more = 0;
    for (let i = 0; i < s.n; i++) {
      if (s.active[i] && !s.skipped[i]) continue;
      const why = s.whyInactive(i);
      if (!why) continue;
      if (lines.length < MAX_NOTES) lines.push(`${s.names[i]}: ${why}`); else more++;
    }
    if (more) lines.push(`… and ${more.toLocaleString('en-US')} more`);
    if (!lines.length) return lines;
    g.font = '11px system-ui, sans-serif';
    const w = Math.max(...lines.map((l) => g.measureText(l).width));
    // Above the scale bar (bottom left), clear of the landblock labels at the top.
    const top = this.height - 36 - (lines.length * 15 + 8);
    g.fillStyle = 'rgba(0,0,0,0.6)';
    g.fillRect(6, top, w + 12, lines.length * 15 + 8);
    g.fillStyle = '#ffd9a0';
    lines.forEach((l, k) => g.fillText(l, 12, top + 15 + k * 15));
    return lines;
  }

  private drawBackground(g: CanvasRenderingContext2D, W: number, H: number, sx: (x: number) => number, sy: (y: number) => number): void {
    const k = this.scale;
    g.fillStyle = NOT_LOADED_COLOUR;
    g.fillRect(0, 0, W, H);
    const [wx0, wy1] = this.toWorld(0, 0), [wx1, wy0] = this.toWorld(W, H);
    g.imageSmoothingEnabled = true;
    const shown = this.drawnTiles(), pv = this.preview && shown.includes(this.preview) ? this.preview : null;
    for (const t of shown) {
      if (t.x0 > wx1 || t.x0 + LB < wx0 || t.y0 > wy1 || t.y0 + LB < wy0) continue;
      g.drawImage(t.image, sx(t.x0), sy(t.y0 + LB), LB * k, LB * k);
    }
    // Roads (web/src/roads.ts: retail's on_road regions), then the grid: cells when they are at
    // least 6 px apart, landblocks when at least 16 px (zoomed far out they would cover the land).
    const words = pv ? new Map([...this.words, [pv.id, pv.words]]) : this.words;
    this.roadPolygons = drawRoads(g, words, `rgb(${ROAD_RGB.join(', ')})`, [wx0, wx1, wy0, wy1], sx, sy);
    g.lineWidth = 1;
    if (CELL * k >= 6) grid(g, CELL, 'rgba(255,255,255,0.18)', [wx0, wx1, wy0, wy1], sx, sy, W, H);
    if (LB * k >= 16) grid(g, LB, 'rgba(255,255,255,0.7)', [wx0, wx1, wy0, wy1], sx, sy, W, H);
    this.drawLabels(g, wx0, wx1, wy0, wy1, sx, sy);
    scaleBar(g, this.scale, W, H);
  }

  /** The run's tiles, then the preview's unless the run has its landblock. */
  private drawnTiles(): Tile[] {
    const pv = this.preview;
    return pv && !this.tiles.some((t) => t.id === pv.id) ? [...this.tiles, pv] : this.tiles;
  }

  /** Label each loaded landblock in view with its id ("0xD59A") at the top left of the part of
   *  its square on the canvas, where the label fits inside that part (zoomed out, 192 m is a few
   *  pixels: no label) and overlaps no label drawn before it; landblocks not loaded get none. */
  private drawLabels(g: CanvasRenderingContext2D, wx0: number, wx1: number, wy0: number, wy1: number,
    sx: (x: number) => number, sy: (y: number) => number): void {
    g.fillStyle = 'rgba(255,255,255,0.85)';
    g.font = '11px system-ui, sans-serif';
    const W = this.width, H = this.height;
    const placed: [number, number, number, number][] = [];
    this.labels = [];
    for (const t of this.drawnTiles()) {
      if (t.x0 > wx1 || t.x0 + LB < wx0 || t.y0 > wy1 || t.y0 + LB < wy0) continue;
      // The part of the landblock's square on the canvas: the label goes at its top left.
      const left = Math.max(sx(t.x0), 0), right = Math.min(sx(t.x0 + LB), W);
      const top = Math.max(sy(t.y0 + LB), 0), bottom = Math.min(sy(t.y0), H);
      const text = t.label ?? `0x${(t.id >>> 16).toString(16).toUpperCase().padStart(4, '0')}`;
      const w = g.measureText(text).width, h = 13;
      if (w + 8 > right - left || h + 4 > bottom - top) continue;
      const x = left + 4, y = top;
      if (placed.some(([a, b, c, d]) => x < c && x + w > a && y < d && y + h > b)) continue;
      placed.push([x, y, x + w, y + h]);
      g.fillText(text, x, y + 13);
      this.labels.push(text);
    }
  }
}
