// The page's scenarios: the default (the running-turning player on 0xD59A, as data/scenarios has
// it, with the frame times left to the browser), objects made from the recorded retail states,
// and N copies of one (for the 1,000-object measurement).
import defaultScenario from '../../data/scenarios/running-turning-player.json';
import retailStates from '../../data/excerpt-sources/retail-states.json';
import intoTheCottage from '../../data/scenarios/into-the-cottage.json';
import againstTheWall from '../../data/scenarios/against-the-wall.json';
import arrowInADungeon from '../../data/scenarios/arrow-in-a-dungeon.json';
import quarrelHitsDrudge from '../../data/scenarios/quarrel-hits-drudge.json';
import twoRunners from '../../data/scenarios/two-runners.json';
import throughTheWood from '../../data/scenarios/through-the-wood.json';
import type { MotionState, Scenario, ScenarioEvent, ScenarioObject, Vec3 } from '../../wasm/scenario.mjs';
import { u32 } from './run';

export interface RetailState {
  name: string;
  source: string;
  note: string;
  setup?: string;
  motion_table?: string;
  physics_state?: string;
  scale?: number;
  friction?: number;
  elasticity?: number;
  position: { cell: string; origin: number[]; orientation: number[] };
  velocity?: number[];
  motion?: MotionState;
}

export const RETAIL_STATES: RetailState[] = (retailStates as { states: RetailState[] }).states;

/** The sentence of a scenario description that describes its generated frames ("3 s at 60 Hz
 *  with 0.5 ms of seeded jitter."): from "<seconds> s at <hz> Hz" to the full stop that ends the
 *  sentence, a "." followed by a space or the end, not the decimal point of "0.5". */
const FRAMES_SENTENCE = /\s*\d+(?:\.\d+)? s at \d+(?:\.\d+)? Hz(?:[^.]|\.(?=\S))*\.(?=\s|$)/;

/** A description whose frames sentence is replaced by what the page does with frame times; a
 *  description without such a sentence is kept whole, with the page's sentence after it. */
export function pageDescription(description: string | undefined): string {
  const kept = (description ?? '').replace(FRAMES_SENTENCE, '').trim();
  return `${kept} On the page: the frame times are the browser's requestAnimationFrame times, recorded as the run goes.`.trim();
}

/** The page's opening scenario: data/scenarios/running-turning-player.json with no frames yet
 *  (the browser's frame times are recorded into it). */
export function pageDefaultScenario(): Scenario {
  const s = structuredClone(defaultScenario) as unknown as Scenario;
  s.description = pageDescription(s.description);
  s.frames = { times: [] };
  return s;
}

/** The bundled scenarios the page can open (data/scenarios): the player entering the cottage, the
 *  run against its wall, the arrow in the dungeon (issue 15); the quarrel that stops at a drudge
 *  and the two runners that slide past each other (issue 14); each with its frame times left to
 *  the browser; and the runner through the stand-in wood on 0xAAB4 (issue 34), framed like every
 *  opened run around its objects (location.ts framing), so the view opens on the wood's tree. */
/** The time (s) of a scenario's own last frame: the last of its times, or its generator's
 *  start + (count − 1) / hz. */
function storyEnd(f: { hz?: number; count?: number; start?: number; times?: number[] }): number {
  if (Array.isArray(f.times)) return f.times.at(-1) ?? 0;
  return (f.start ?? 0) + ((f.count ?? 1) - 1) / (f.hz ?? 60);
}

export const BUNDLED_SCENARIOS: { name: string; end: number; scenario: () => Scenario }[] = [intoTheCottage, againstTheWall, arrowInADungeon,
  quarrelHitsDrudge, twoRunners, throughTheWood]
  .map((raw) => ({
    name: raw.name,
    /** Where its story ends: its own last frame's time (s; the generator's, without jitter). */
    end: storyEnd(raw.frames as { hz?: number; count?: number; start?: number; times?: number[] }),
    scenario: () => {
      const s = structuredClone(raw) as unknown as Scenario;
      s.description = pageDescription(s.description);
      s.frames = { times: [] };
      return s;
    },
  }));

/** The next free object id. */
export function nextId(s: Scenario): number {
  return s.objects.reduce((m, o) => Math.max(m, u32(o.id)), 0) + 1;
}

/** A scenario object (and its motion event at t = 0) from a recorded state. */
export function objectFromState(st: RetailState, id: number, name?: string): { object: ScenarioObject; events: ScenarioEvent[] } {
  const object: ScenarioObject = {
    id,
    name: name ?? st.name,
    description: `recorded retail state "${st.name}" (${st.source})`,
    position: {
      cell: st.position.cell,
      origin: st.position.origin.slice(0, 3) as Vec3,
      orientation: st.position.orientation.slice(0, 4) as [number, number, number, number],
    },
  };
  if (st.setup !== undefined) object.setup = st.setup;
  if (st.motion_table !== undefined) object.motion_table = st.motion_table;
  if (st.physics_state !== undefined) object.physics_state = st.physics_state;
  if (st.scale !== undefined) object.scale = st.scale;
  if (st.friction !== undefined) object.friction = st.friction;
  if (st.elasticity !== undefined) object.elasticity = st.elasticity;
  if (st.velocity !== undefined) object.velocity = st.velocity.slice(0, 3) as Vec3;
  const events: ScenarioEvent[] = st.motion && st.setup !== undefined ? [{ t: 0, object: id, motion: { ...st.motion } }] : [];
  return { object, events };
}

/** How far (m) from the selected object a state added near it is put (well within the 96 m
 *  activity radius), and the height above the terrain (m) of a state recorded where the page has
 *  no terrain below it (an indoor cell, or a landblock that is not loaded). */
export const NEAR_DISTANCE = 4;
export const DEFAULT_ABOVE = 1;

/** A cell id as the scenario writes it ("0xD59A0023"). */
export function cellText(cell: number): string { return `0x${(cell >>> 0).toString(16).toUpperCase().padStart(8, '0')}`; }

/** The outdoor cell of landblock-frame (x, y) in landblock `lb` (its id in the high 16 bits). */
export function outdoorCell(lb: number, x: number, y: number): number {
  return ((lb & 0xffff0000) | (Math.floor(x / 24) * 8 + Math.floor(y / 24) + 1)) >>> 0;
}

/** Where a recorded state goes when it is added near an object at `at` (its cell and
 *  landblock-frame x, y, z in m): NEAR_DISTANCE from it, in direction k × the golden angle from
 *  east (the k-th added object gets its own spot), kept inside the landblock, at the height
 *  above the terrain it was recorded at (`height`: terrain height at a cell's x, y, or NaN) or
 *  DEFAULT_ABOVE where that is unknown (`above` null). The orientation is the recorded one. */
export function placeNear(st: RetailState, at: { cell: number; x: number; y: number; z: number }, k: number,
  height: (cell: number, x: number, y: number) => number): { position: ScenarioObject['position']; above: number; recordedAbove: boolean; distance: number } {
  const [rx, ry, rz] = st.position.origin as [number, number, number];
  const ground = height(u32(st.position.cell), rx, ry);
  const recordedAbove = Number.isFinite(ground);
  const above = recordedAbove ? rz - ground : DEFAULT_ABOVE;
  const a = k * 2.399963229728653;
  const x = Math.min(Math.max(at.x + NEAR_DISTANCE * Math.cos(a), 0.5), 191.5);
  const y = Math.min(Math.max(at.y + NEAR_DISTANCE * Math.sin(a), 0.5), 191.5);
  const cell = outdoorCell(at.cell, x, y);
  const h = height(cell, x, y);
  const z = (Number.isFinite(h) ? h : at.z) + above;
  return {
    position: { cell: cellText(cell), origin: [x, y, z], orientation: st.position.orientation.slice(0, 4) as [number, number, number, number] },
    above, recordedAbove, distance: Math.hypot(x - at.x, y - at.y, z - at.z),
  };
}

/** Add `count` copies of object `index` on a square grid around it, nearest squares first (on
 *  the terrain: z from `height`; within its landblock, grid points outside it skipped), each
 *  with the original's events at t = 0. The spacing keeps the grid within 96 m of it (the
 *  activity radius) but never below 1 m: objects collide with each other (issue 14), and copies
 *  placed overlapping would each search rings of spots for a free one. Copies go last; their
 *  names say which copy they are. */
export function addCopies(s: Scenario, index: number, count: number, height: (cell: number, x: number, y: number) => number): void {
  const src = s.objects[index];
  if (!src) return;
  const side = Math.ceil(Math.sqrt(count + 1));
  const spacing = Math.max(1, Math.min(3, 90 / side));
  const cell0 = u32(src.position.cell);
  const lb = cell0 & 0xffff0000;
  const [ox, oy] = src.position.origin;
  const baseEvents = (s.events ?? []).filter((e) => u32(e.object) === u32(src.id) && e.t === 0);
  let id = nextId(s);
  let made = 0;
  const reach = Math.ceil(192 / spacing);
  for (let ring = 1; made < count && ring <= reach; ring++) {
    for (let k = 0; made < count && k < 8 * ring; k++) {
      // The square ring at Chebyshev distance `ring`, walked from its south-west corner.
      const side2 = 2 * ring, e = Math.floor(k / side2), t = k % side2;
      const gx = e === 0 ? -ring + t : e === 1 ? ring : e === 2 ? ring - t : -ring;
      const gy = e === 0 ? -ring : e === 1 ? -ring + t : e === 2 ? ring : ring - t;
      const x = ox + gx * spacing, y = oy + gy * spacing;
      if (x < 0.5 || y < 0.5 || x > 191.5 || y > 191.5) continue;
      const cell = (lb | (Math.floor(x / 24) * 8 + Math.floor(y / 24) + 1)) >>> 0;
      const z = height(cell, x, y);
      const o: ScenarioObject = structuredClone(src);
      o.id = id;
      o.name = `${src.name ?? `object ${u32(src.id)}`} (copy ${made + 1})`;
      delete o.description;
      o.position = { ...o.position, cell: `0x${cell.toString(16).toUpperCase().padStart(8, '0')}`, origin: [x, y, Number.isNaN(z) ? o.position.origin[2] : z] };
      s.objects.push(o);
      for (const e of baseEvents) (s.events ??= []).push({ ...structuredClone(e), object: id });
      id++;
      made++;
    }
  }
}
