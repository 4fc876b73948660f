// The quantum inspector (issue 36): one frame's collision sweeps of one object, step by step.
// It re-runs the recorded run (the scenario with its frame times, the same excerpts and profile)
// up to that frame with the object's sweeps recorded (wasm/scenario.mjs inspectScenario, the C
// runner's acp_run_inspect), so nothing is recorded while the page plays; the JSON is the text
// `acphys run --inspect <object>:<frame>` prints. This module takes what it needs and knows
// nothing of the app: app.ts wires it.
import type { Acphys } from '../../wasm/acphys.mjs';
import { inspectScenario, type ProfileName, type Scenario } from '../../wasm/scenario.mjs';
import { $ } from './dom';

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

/** What a request needs: the run to re-run and which object and frame. */
export interface InspectRequest {
  acp: Acphys; scenario: Scenario; excerpts: Map<string, Uint8Array>; profile: ProfileName; object: number; frame: number;
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

  /** Re-run `req` to its frame with its object's sweeps recorded and show them. Throws the
   *  runner's ScenarioError for an object or frame it refuses. */
  run(req: InspectRequest): InspectRecord {
    const text = inspectScenario(req.acp, req.scenario, { excerpts: req.excerpts, profile: req.profile, object: req.object, frame: req.frame });
    this.json = text;
    this.record = JSON.parse(text) as InspectRecord;
    this.quantum = Math.max(0, this.record.sweeps.findIndex((s) => s.steps.some((st) => st.insert !== 'OK' || st.branches.length > 0)));
    this.show();
    return this.record;
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
      : `${who}, frame ${r.inspect.frame}: no sweep (the object did not move in this frame's quanta, or it was inactive)`;
    const list = $('inspect-quanta');
    list.textContent = '';
    r.sweeps.forEach((s, k) => {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset['quantum'] = String(k);
      b.setAttribute('aria-pressed', String(k === this.quantum));
      const c = s.calc_num_steps;
      b.textContent = `quantum ${k}: ${s.insert_type}, calc_num_steps ${c.ok ? c.num_steps : 'failed'}, ${s.steps.length} run, ` +
        `${s.result ? 'ok' : 'failed'} → ${pos(s.curr_pos)}`;
      b.addEventListener('click', () => this.select(k));
      li.append(b);
      list.append(li);
    });
    this.showSteps(r.sweeps[this.quantum]);
    $('inspect-json').textContent = this.json ?? '';
  }

  private showSteps(s: InspectSweep | undefined): void {
    const table = $<HTMLTableElement>('inspect-steps');
    table.textContent = '';
    if (!s) return;
    const head = table.createTHead().insertRow();
    for (const h of ['step', 'check_pos', 'cells', 'insert', 'result', 'branches', 'met', 'contact plane', 'curr_pos'])
      head.insertCell().outerHTML = `<th>${h}</th>`;
    const body = table.createTBody();
    for (const st of s.steps) {
      const row = body.insertRow();
      row.dataset['insert'] = st.insert;
      const met = st.objects.map((o) => `${o.name ?? 'object'} (id ${o.id})`).join(', ');
      const plane = st.contact_plane ? `n [${f3(st.contact_plane.n)}] d ${st.contact_plane.d.toFixed(3)}` : '—';
      for (const cell of [String(st.step), pos(st.check_pos), st.cells.join(' '), st.insert, st.result, st.branches.join(' '),
        met || '—', plane, pos(st.curr_pos)]) row.insertCell().textContent = cell;
    }
  }
}
