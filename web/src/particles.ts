// Physics scripts and particles (issue 16): every live particle of the session's runs (the
// module's acp_abi_object_particles: world metres), drawn on the map as dots (the primary
// profile filled, the comparison profile hollow, so the particle-timing scenario shows where the
// two cadences put them), and the scripts each object's ScriptManager holds, listed in the map's
// top-left corner. The 3-D view (view3d.ts) draws the primary run's particles as points.
import { objectParticles, objectScripts, type Particle } from '../../wasm/acphys.mjs';
import type { Session } from './run';

/** The live particles of run `r` (0 primary, 1 comparison) of the session, all objects. */
export function runParticles(s: Session, r: number): Particle[] {
  const run = s.runs[r];
  if (!run) return [];
  const X = s.acp.exports;
  const out: Particle[] = [];
  for (let i = 0; i < s.n; i++) {
    const p = r === 0 ? s.objPtrs[i]! : X.acp_abi_run_object(run.ptr, i);
    if (p) out.push(...objectParticles(s.acp, p));
  }
  return out;
}

/** One line per object whose ScriptManager holds scripts: its name, the scripts (running first)
 *  and the running one's next hook time, for the primary run. */
export function scriptLines(s: Session): string[] {
  const hex = (n: number) => `0x${(n >>> 0).toString(16).toUpperCase().padStart(8, '0')}`;
  const lines: string[] = [];
  for (let i = 0; i < s.n; i++) {
    const list = s.objPtrs[i] ? objectScripts(s.acp, s.objPtrs[i]!) : [];
    if (!list.length) continue;
    const next = list[0]!.nextHook;
    const when = next !== undefined && next >= 0 ? `, next hook at ${next.toFixed(3)} s` : '';
    lines.push(`${s.names[i]}: ${list.map((x) => hex(x.id)).join(', ')}${when}`);
  }
  return lines;
}

/** Draw both runs' particles and the running scripts. sx, sy: world metres → canvas pixels. */
export function drawParticles(g: CanvasRenderingContext2D, s: Session, sx: (x: number) => number,
  sy: (y: number) => number): { primary: number; comparison: number; scripts: string[] } {
  const sets = [runParticles(s, 0), runParticles(s, 1)];
  g.save();
  sets.forEach((list, r) => {
    if (!list.length) return;
    g.beginPath();
    for (const p of list) {
      const x = sx(p.x), y = sy(p.y), rad = r === 0 ? 2 : 3.5;
      g.moveTo(x + rad, y);
      g.arc(x, y, rad, 0, 2 * Math.PI);
    }
    if (r === 0) {
      g.fillStyle = 'rgba(255, 150, 40, 0.9)';
      g.fill();
    } else {
      g.strokeStyle = 'rgba(80, 220, 255, 0.95)';
      g.lineWidth = 1;
      g.stroke();
    }
  });
  const scripts = scriptLines(s);
  if (scripts.length || sets[0]!.length || sets[1]!.length) {
    const head = `particles: ${sets[0]!.length} ${s.profiles[0]} (filled)` +
      (s.runs.length > 1 ? `, ${sets[1]!.length} ${s.profiles[1]} (rings)` : '');
    const lines = [head, ...scripts.map((l) => `script ${l}`)];
    g.font = '12px system-ui, sans-serif';
    g.textBaseline = 'top';
    const w = Math.max(...lines.map((l) => g.measureText(l).width)) + 12;
    g.fillStyle = 'rgba(20, 24, 32, 0.75)';
    g.fillRect(6, 6, w, lines.length * 16 + 8);
    g.fillStyle = '#f4f1e8';
    lines.forEach((l, k) => g.fillText(l, 12, 10 + k * 16));
  }
  g.restore();
  return { primary: sets[0]!.length, comparison: sets[1]!.length, scripts };
}
