#!/usr/bin/env node
// acphys layout check: which way the includes under src/ run (src/physics/README.md explains it).
//   node scripts/layout.mjs          print the folder graph and every violation; exit 1 on one
// Rules:
//   1. A header includes only headers of its own folder or of a folder below it in LAYERS.
//   2. A source file may also include a header of a higher folder only along an edge listed in
//      UPWARD_CALLS: retail's own call graph calls upward there (each edge says where), or, one
//      edge, the scenario runner drives its world through the public API (issue 37).
//   3. No file under src/ is longer than MAX_LINES, except the one-class files in LONG_CLASSES.
//   4. No file under src/physics includes cglm (the physics is retail's scalar arithmetic).
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Lowest first. */
export const LAYERS = [
  'base', 'dat', 'net',
  'physics/geometry', 'physics/anim', 'physics/position', 'physics/object', 'physics/world', 'physics/shapes', 'physics/cell',
  'scenario', 'replay', 'draw', 'bench', 'cli', 'api',
];

/** Source-file includes that run upward, as retail's calls do: [from, to, why]. */
export const UPWARD_CALLS = [
  ['physics/anim', 'physics/object', 'the object graph: CSequence, CMotionInterp, MovementManager and CAnimHook::Execute act on their CPhysicsObj'],
  ['physics/anim', 'physics/world', 'CAnimHook::Execute reads the world\'s physics clock and rolls a CallPES pause with its random generator'],
  ['physics/position', 'physics/object', 'the object graph: InterpolationManager, StickyManager and ConstraintManager act on their CPhysicsObj (its position, contact bits, SetPositionSimple, set_heading)'],
  ['physics/position', 'physics/world', 'StickyManager reads its target through CPhysicsObj::GetObjectA (the world\'s object table) and the clock Timer::cur_time'],
  ['physics/object', 'physics/world', 'CPhysicsObj::transition / SetPosition run the sweep (CTransition) and read CPhysics'],
  ['physics/object', 'physics/cell', 'CPhysicsObj::SetPosition / enter_world look up the landblock and its cells; add_shadows_to_cells / remove_shadows_from_cells call CObjCell::add_shadow_object / remove_shadow_object, ethereal_check_for_collisions CObjCell::check_collisions'],
  ['physics/object', 'physics/shapes', 'CPhysicsObj::FindObjCollisions tests the sweep against the object\'s shapes (CSphere::intersects_sphere, CCylSphere::intersects_sphere) and, through CPartArray::FindObjCollisions and CPhysicsPart::find_obj_collisions, its parts\' GfxObj physics BSPs (CGfxObj::find_obj_collisions, BSPTREE::find_collisions)'],
  ['physics/world', 'physics/shapes', 'SPHEREPATH::precipice_slide asks the walkable CPolygon for the edge it crosses (CPolygon::find_crossed_edge)'],
  ['physics/world', 'physics/cell', 'CTransition asks the cells it crosses for collisions (CObjCell::find_cell_list, CLandCell::find_collisions); CPhysics holds the landblocks'],
  ['scenario', 'api', 'not retail: the scenario runner (src/scenario/run.c, run_events.c) makes, drives and steps its world through include/acphys.h (src/api/acphys.c) and reads it back through the API\'s views (src/api/api_internal.h), so the CLI, the .wasm and the page go in the one way a host does (issue 37)'],
];

export const MAX_LINES = 900;
/** Files over MAX_LINES that are one retail class: [file, class]. */
export const LONG_CLASSES = [
  ['src/physics/world/transition.c', 'CTransition (the whole sweep step machine)'],
];

function folderOf(file) {
  const parts = file.split('/').slice(1, -1); // drop src/ and the name
  return parts.join('/');
}

export function check(given) {
  const read = given?.read ?? ((f) => readFileSync(join(root, f), 'utf8'));
  const files = given?.files ?? execFileSync('git', ['ls-files', '-co', '--exclude-standard', 'src'], { cwd: root, encoding: 'utf8' })
    .split('\n').filter((f) => /\.[ch]$/.test(f));
  const rank = new Map(LAYERS.map((l, i) => [l, i]));
  const upward = new Set(UPWARD_CALLS.map(([a, b]) => `${a}>${b}`));
  const problems = [];
  const edges = new Map();
  for (const file of files) {
    let text;
    try { text = read(file); } catch { continue; }
    const from = folderOf(file);
    if (!rank.has(from)) { problems.push(`${file}: folder ${from} is not in LAYERS (scripts/layout.mjs)`); continue; }
    const lines = text.split('\n');
    const n = lines.length - (text.endsWith('\n') ? 1 : 0);
    if (n > MAX_LINES && !LONG_CLASSES.some(([f]) => f === file)) problems.push(`${file}: ${n} lines (over ${MAX_LINES}, and not one retail class listed in LONG_CLASSES)`);
    lines.forEach((line, i) => {
      const sys = line.match(/^\s*#\s*include\s*<([^>]+)>/);
      if (sys && /^cglm\//.test(sys[1]) && from.startsWith('physics')) problems.push(`${file}:${i + 1}: the physics must not include cglm (${sys[1]})`);
      const m = line.match(/^\s*#\s*include\s*"([^"]+)"/);
      if (!m) return;
      const target = m[1].includes('/') ? posix.dirname(posix.normalize(m[1].startsWith('.') ? posix.join(from, m[1]) : m[1])) : from;
      if (target === from || !rank.has(target)) return;
      const key = `${from}>${target}`;
      edges.set(key, (edges.get(key) ?? 0) + 1);
      if (rank.get(target) < rank.get(from)) return;
      if (file.endsWith('.h')) problems.push(`${file}:${i + 1}: a header includes the higher folder ${target} ("${m[1]}")`);
      else if (!upward.has(key)) problems.push(`${file}:${i + 1}: ${from} includes the higher folder ${target} ("${m[1]}"), an edge UPWARD_CALLS does not list`);
    });
  }
  return { problems, edges, files: files.length };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { problems, edges, files } = check();
  for (const [k, n] of [...edges].sort()) console.log(`${k.replace('>', ' -> ')}  (${n})`);
  for (const p of problems) console.error(`[layout] ${p}`);
  console.log(problems.length ? `[layout] ${problems.length} problems in ${files} files` : `[layout] ok: ${files} files`);
  process.exit(problems.length ? 1 : 0);
}
