// The quantum inspector (issue 36): one frame's collision sweeps of one object, step by step.
// inspecting.ts re-runs the recorded run (the scenario with its frame times, the same excerpts and
// profile) up to that frame with the object's sweeps recorded (wasm/scenario.mjs openInspection,
// the C runner's acp_run_inspect), so nothing is recorded while the page plays, and hands the
// record's JSON (the text `acphys run --inspect <object>:<frame>` prints) to this panel, which
// lists and draws it. It knows nothing of the app: app.ts wires it.
import { $ } from './dom';
import { strokeCellShape, type CellShape } from './mapcell';

type Vec = [number, number, number];
interface Pos { cell: string; origin: Vec; orientation: number[] }
export interface InspectStep {
  step: number; check_pos: Pos; offset: Vec; spheres: { center: Vec; radius: number }[]; cells: string[];
  insert: string; result: string; branches: string[]; objects: { id: number; object: number | null; name: string | null }[];
  contact_plane: { n: Vec; d: number; cell: string } | null; collision_normal: Vec | null; sliding_normal: Vec | null;
  terrain_polygon: { cell: string; vertices: Vec[] } | null; walkable_polygon: { poly_id: number; n: Vec; d: number } | null;
  neg_collision_normal: Vec | null; curr_pos: Pos;
}
export interface InspectSweep {
  quantum: number; insert_type: string; begin: Pos; end: Pos;
  calc_num_steps: { ok: boolean; num_steps: number; offset: Vec; offset_per_step: Vec };
  branches: string[]; steps: InspectStep[]; result: boolean; curr_pos: Pos;
}
export interface InspectRecord {
  inspect: { object: number; id: number; name: string | null; frame: number; now: number };
  sweeps: InspectSweep[]; sweeps_dropped: number; steps_dropped: number;
}

const f3 = (v: readonly number[]) => v.map((x) => x.toFixed(3)).join(' ');
const pos = (p: Pos) => `${p.cell} [${f3(p.origin)}]`;

/** The inspector panel (#inspector-box in index.html). */
export class Inspector {
  /** The last record and its JSON text (null before the first inspection). */
  record: InspectRecord | null = null;
  json: string | null = null;
  /** The quantum whose steps the table lists. */
  quantum = 0;

  /** Why the record has no sweep when the page knows (inspecting.ts: no quantum ran in the frame). */
  private why: string | null = null;

  /** Show the record `text` (the JSON acphys run --inspect prints); `why`: the page's reason for
   *  a record without sweeps (shown in place of the generic one). Throws on text that is not JSON. */
  take(text: string, why: string | null = null): InspectRecord {
    this.json = text;
    this.why = why;
    this.record = JSON.parse(text) as InspectRecord;
    this.quantum = Math.max(0, this.record.sweeps.findIndex((s) => s.steps.some((st) => st.insert !== 'OK' || st.branches.length > 0)));
    this.show();
    return this.record;
  }

  /** Forget the record (its run was replaced: a rebuild), empty the panel and the drawings. */
  clear(): void {
    if (!this.record) return;
    this.record = null;
    this.json = null;
    this.why = null;
    this.quantum = 0;
    this.drawn = { spheres: 0, cells: 0, polygons: 0, normals: 0 };
    $('inspect-note').textContent = '';
    $('inspect-quanta').textContent = '';
    $('inspect-steps').textContent = '';
    $('inspect-json').textContent = '';
    this.onChange?.();
  }

  /** What drawOverlay last drew: spheres, cell outlines, terrain triangles, normals. */
  drawn = { spheres: 0, cells: 0, polygons: 0, normals: 0 };
  /** An indoor cell's shape and the landblock frame of its triangles (the app gives it from
   *  the session's records: web/src/mapcell.ts), for the listed cells' outlines. */
  cellShape: ((cell: number) => { shape: CellShape; origin: number } | null) | null = null;
  /** Called when the shown quantum changes (the app redraws the map). */
  onChange: (() => void) | null = null;

  /** The shown quantum's sweep on the map (MapView.overlay): each step's listed cells outlined
   *  (an indoor one by its walls), the terrain triangle it kept, its swept spheres (red where the insert collided,
   *  amber where it took a branch), the collision normal from where it met something, and the
   *  final curr_pos. World metres: a landblock's frame + 192 m × its x and y. */
  drawOverlay(g: CanvasRenderingContext2D, sx: (x: number) => number, sy: (y: number) => number, k: number): void {
    const s = this.record?.sweeps[this.quantum];
    this.drawn = { spheres: 0, cells: 0, polygons: 0, normals: 0 };
    if (!s) return;
    const base = (cell: string): [number, number] => { const c = Number(cell) >>> 0; return [192 * (c >>> 24), 192 * ((c >>> 16) & 0xff)]; };
    g.save();
    const cells = new Set(s.steps.flatMap((st) => st.cells));
    g.strokeStyle = 'rgba(40, 90, 200, 0.8)';
    g.lineWidth = 1;
    g.setLineDash([4, 3]);
    for (const cell of cells) {
      const c = (Number(cell) >>> 0) & 0xffff;
      if (c < 1 || c > 64) {
        // An indoor cell: its walls (web/src/mapcell.ts), when the page gives its shape.
        const shape = this.cellShape?.(Number(cell) >>> 0);
        if (shape) { strokeCellShape(g, shape.shape, shape.origin, sx, sy, null); this.drawn.cells++; }
        continue;
      }
      const [bx, by] = base(cell);
      const x0 = bx + 24 * Math.floor((c - 1) / 8), y0 = by + 24 * ((c - 1) % 8);
      g.strokeRect(sx(x0), sy(y0 + 24), 24 * k, 24 * k);
      this.drawn.cells++;
    }
    g.setLineDash([]);
    const polys = new Set<string>();
    for (const st of s.steps) {
      const p = st.terrain_polygon;
      if (!p || polys.has(JSON.stringify(p))) continue;
      polys.add(JSON.stringify(p));
      const [bx, by] = base(p.cell);
      g.beginPath();
      p.vertices.forEach((v, i) => (i ? g.lineTo(sx(bx + v[0]), sy(by + v[1])) : g.moveTo(sx(bx + v[0]), sy(by + v[1]))));
      g.closePath();
      g.strokeStyle = 'rgba(0, 120, 60, 0.9)';
      g.stroke();
      this.drawn.polygons++;
    }
    for (const st of s.steps) {
      const [bx, by] = base(st.check_pos.cell);
      for (const sp of st.spheres) {
        g.beginPath();
        g.arc(sx(bx + sp.center[0]), sy(by + sp.center[1]), Math.max(2, sp.radius * k), 0, 2 * Math.PI);
        g.strokeStyle = st.insert === 'COLLIDED' ? '#d01010' : st.branches.length ? '#e08a00' : 'rgba(30, 30, 120, 0.7)';
        g.lineWidth = st.insert === 'COLLIDED' ? 2 : 1;
        g.stroke();
        this.drawn.spheres++;
      }
      const n = st.collision_normal;
      if (n && st.spheres[0]) {
        const c = st.spheres[0].center, x = sx(bx + c[0]), y = sy(by + c[1]);
        g.beginPath();
        g.moveTo(x, y);
        g.lineTo(x + n[0] * 24, y - n[1] * 24);
        g.strokeStyle = '#d01010';
        g.stroke();
        this.drawn.normals++;
      }
    }
    const [bx, by] = base(s.curr_pos.cell);
    g.fillStyle = '#111';
    g.fillRect(sx(bx + s.curr_pos.origin[0]) - 2, sy(by + s.curr_pos.origin[1]) - 2, 4, 4);
    g.restore();
  }

  /** Where the shown quantum's sweep began (world m) and how far it reaches, for framing it. */
  extent(): { x: number; y: number; span: number } | null {
    const s = this.record?.sweeps[this.quantum];
    if (!s) return null;
    const c = Number(s.begin.cell) >>> 0;
    const x = 192 * (c >>> 24) + s.begin.origin[0], y = 192 * ((c >>> 16) & 0xff) + s.begin.origin[1];
    return { x, y, span: Math.max(6, 4 * Math.hypot(s.calc_num_steps.offset[0], s.calc_num_steps.offset[1])) };
  }

  /** Show quantum k's steps. */
  select(k: number): void {
    this.quantum = k;
    this.show();
  }

  show(): void {
    const r = this.record;
    if (!r) return;
    const who = `${r.inspect.name ?? `object ${r.inspect.object}`} (id ${r.inspect.id})`;
    $('inspect-note').textContent = r.sweeps.length
      ? `${who}, frame ${r.inspect.frame} (t = ${r.inspect.now.toFixed(4)} s): ${r.sweeps.length} ${r.sweeps.length === 1 ? 'quantum swept' : 'quanta swept'}` +
        (r.sweeps_dropped || r.steps_dropped ? ` (${r.sweeps_dropped} quanta and ${r.steps_dropped} steps past the record's room not listed)` : '')
      : `${who}, frame ${r.inspect.frame}: ${this.why ?? "no sweep (the object did not move in this frame's quanta, or it was inactive)"}`;
    const list = $('inspect-quanta');
    list.textContent = '';
    r.sweeps.forEach((s, k) => {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset['quantum'] = String(k);
      b.setAttribute('aria-pressed', String(k === this.quantum));
      const c = s.calc_num_steps;
      b.textContent = `quantum ${k}: ${s.insert_type}, calc_num_steps ${c.ok ? `${c.num_steps} (offset [${f3(c.offset)}], ` +
        `[${f3(c.offset_per_step)}] per step)` : 'failed'}, ${s.steps.length} run, ` +
        `${s.result ? 'ok' : 'failed'} → ${pos(s.curr_pos)}`;
      b.addEventListener('click', () => this.select(k));
      li.append(b);
      list.append(li);
    });
    this.showSteps(r.sweeps[this.quantum]);
    $('inspect-json').textContent = this.json ?? '';
    this.onChange?.();
  }

  private showSteps(s: InspectSweep | undefined): void {
    const table = $<HTMLTableElement>('inspect-steps');
    table.textContent = '';
    if (!s) return;
    const head = table.createTHead().insertRow();
    for (const h of ['step', 'check_pos', 'offset', 'cells', 'insert', 'result', 'branches', 'met', 'contact plane', 'walkable polygon',
      'collision normal', 'terrain polygon', 'curr_pos'])
      head.insertCell().outerHTML = `<th>${h}</th>`;
    const body = table.createTBody();
    for (const st of s.steps) {
      const row = body.insertRow();
      row.dataset['insert'] = st.insert;
      const met = st.objects.map((o) => `${o.name ?? 'object'} (id ${o.id})`).join(', ');
      const plane = st.contact_plane ? `${st.contact_plane.cell} n [${f3(st.contact_plane.n)}] d ${st.contact_plane.d.toFixed(3)}` : '—';
      const walk = st.walkable_polygon ? `poly ${st.walkable_polygon.poly_id} n [${f3(st.walkable_polygon.n)}] d ${st.walkable_polygon.d.toFixed(3)}` : '—';
      const tri = st.terrain_polygon ? `${st.terrain_polygon.cell} ${st.terrain_polygon.vertices.map((v) => `[${f3(v)}]`).join(' ')}` : '—';
      for (const cell of [String(st.step), pos(st.check_pos), `[${f3(st.offset)}]`, st.cells.join(' '), st.insert, st.result, st.branches.join(' '),
        met || '—', plane, walk, st.collision_normal ? `[${f3(st.collision_normal)}]` : '—', tri, pos(st.curr_pos)]) row.insertCell().textContent = cell;
    }
  }
}
