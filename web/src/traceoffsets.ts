// The byte offsets of the fields a page session reads from a run's last frame each frame (the
// trace_object layout) and from the physics objects (cached velocity, player distance).
import type { Acphys } from '../../wasm/acphys.mjs';

/** Offsets (bytes) of the fields the page reads each frame. */
export interface Offsets {
  size: number; id: number; hasElapsed: number; elapsed: number; numQuanta: number; quanta: number; pending: number;
  active: number; cell: number; origin: number; heading: number; numHooks: number; hooks: number; cachedVelocity: number;
  skipped: number; playerDistance: number;
  hasPositionManager: number; positionNodes: number;
  numCollisions: number; collisions: number;
}

export function offsets(acp: Acphys): Offsets {
  const t = acp.layout('trace_object');
  const f = (n: string) => { const x = t.fields[n]; if (!x) throw new Error(`trace_object has no ${n}`); return x.offset; };
  const po = acp.layout('physobj').fields;
  const cv = po['cached_velocity'], pd = po['player_distance'];
  if (!cv || !pd) throw new Error('physobj has no cached_velocity or player_distance');
  return {
    size: t.size, id: f('id'), hasElapsed: f('has_elapsed'), elapsed: f('elapsed'), numQuanta: f('num_quanta'),
    quanta: f('quanta'), pending: f('pending'), active: f('active'), cell: f('cell'), origin: f('origin'),
    heading: f('heading'), numHooks: f('num_hooks'), hooks: f('hooks'), cachedVelocity: cv.offset,
    skipped: f('skipped'), playerDistance: pd.offset,
    hasPositionManager: f('has_position_manager'), positionNodes: f('position_nodes'),
    numCollisions: f('num_collisions'), collisions: f('collisions'),
  };
}
