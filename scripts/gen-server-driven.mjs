#!/usr/bin/env node
// Writes data/scenarios/server-driven.json (issue 13): a remote player the server drives, and a
// drudge that MoveTo-objects it and sticks. The remote's UpdatePositions are retail's own motion as acphys computes it:
// the running-turning player of data/scenarios/running-turning-player.json (RunForward 2.0039682,
// TurnRight 1.5) is run natively at 60 Hz for 6 s, and its position at each of a fixed list of
// send times (0.2..1 s apart, until 3.9 s) becomes a server_position event at that time; at 4 s
// the remote stops (its movement message: stand) and the server sends no more positions.
//   node scripts/gen-server-driven.mjs      (needs build/native/acphys)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const HZ = 60;
const FRAMES = 360;
/** Frames (at 60 Hz) at which the server sends the remote's position: 0.2 to 1 s apart. */
const SEND_FRAMES = [12, 30, 42, 90, 102, 132, 180, 192, 234];
/** Seconds: the remote stops running. */
const STOP_T = 4;
const source = JSON.parse(readFileSync(join(root, 'data', 'scenarios', 'running-turning-player.json'), 'utf8'));
const motion = source.events[0].motion;
const start = source.objects[0].position;

function sourcePositions() {
  const s = { ...source, name: 'server-driven source', frames: { hz: HZ, count: FRAMES, start: 0 } };
  const dir = mkdtempSync(join(tmpdir(), 'acphys-gen-'));
  try {
    writeFileSync(join(dir, 's.json'), JSON.stringify(s));
    execFileSync(join(root, 'build', 'native', 'acphys'), ['run', join(dir, 's.json'), '--quiet', '--trace', join(dir, 't.jsonl')]);
    const lines = readFileSync(join(dir, 't.jsonl'), 'utf8').trim().split('\n').slice(0, -1).map((l) => JSON.parse(l));
    return lines.map((l) => l.objects[0]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const pos = sourcePositions();
const events = [
  { t: 0, object: 1, note: 'The local player stands (it is the observer: player_distance is measured from it).', motion: { style: motion.style } },
  { t: 0.5, object: 2, motion, note: 'The remote player\'s movement message arrives late: until then it stands, and the UpdatePositions pull it along.' },
];
for (const k of SEND_FRAMES) {
  const o = pos[k - 1];
  events.push({ t: k / HZ, object: 2, server_position: { cell: o.cell, origin: o.origin, orientation: o.orientation, contact: true } });
}
events.push({ t: STOP_T, object: 2, motion: { style: motion.style }, note: 'The remote stops: the server sends no more positions.' });
// The drudge chases: the server sends one MoveToObject (sticky: on arrival the MoveToManager hands
// it to the StickyManager). The move-to follows the moving remote through the TargetManager (the
// remote sends the drudge its position, extrapolated by the target quantum, at most every 0.5 s
// once it moved more than 0.5 m), catches it once it stopped and sticks, 0.3 m from its cylinder.
events.push({ t: 0.25, object: 3, move_to: { type: 'move_to_object', target: 2, params: { sticky: true, can_charge: true, distance_to_object: 0.6 } } });
events.sort((a, b) => a.t - b.t);
const scenario = {
  version: 1,
  name: 'server-driven',
  description: 'Objects the server drives (issue 13): a remote player (id 2) streaming UpdatePositions every 0.2 to 1 s (MoveOrTeleport → InterpolationManager), whose positions are the running-turning player\'s own motion computed by acphys (scripts/gen-server-driven.mjs), until it stops at 4 s, and a drudge (id 3) chasing it (one MoveToObject that follows the moving remote through the TargetManager\'s voyeur updates; sticky: on arrival the MoveToManager hands it to the StickyManager, 0.3 m from the target\'s cylinder). The local player (id 1) stands by. 6 s at 60 Hz.',
  profile: 'retail',
  excerpts: ['default'],
  player: 1,
  objects: [
    { id: 1, name: 'observer', setup: '0x02000001', motion_table: '0x09000001', physics_state: '0x00400408',
      position: { cell: start.cell, origin: [start.origin[0] + 6, start.origin[1] - 6, start.origin[2]], orientation: start.orientation } },
    { id: 2, name: 'remote +Moosier', setup: '0x02000001', motion_table: '0x09000001', physics_state: '0x00400408', position: start },
    { id: 3, name: 'Drudge Robber', setup: '0x020007DD', motion_table: '0x09000008', physics_state: '0x00000408',
      position: { cell: start.cell, origin: [start.origin[0] - 8, start.origin[1] + 4, 320] } },
  ],
  events,
  frames: { hz: HZ, count: FRAMES, start: 0 },
};
writeFileSync(join(root, 'data', 'scenarios', 'server-driven.json'), `${JSON.stringify(scenario, null, 2)}\n`);
console.log(`[gen-server-driven] data/scenarios/server-driven.json: ${events.length} events`);
