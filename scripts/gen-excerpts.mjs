#!/usr/bin/env node
// Generates the embedded default DAT excerpts (docs/DAT.md) and their manifest:
//   data/portal-default.dat    synthetic stand-ins for the portal records that
//                              data/excerpt-sources/retail-states.json names (setups, motion
//                              tables, the animations those reference), and Region 0x13000000
//                              with its real height table (retail reads the Region from
//                              client_portal.dat)
//                              and the synthetic building, scenery and dungeon stand-ins of
//                              scripts/gen-buildings.mjs (GfxObjs, a Setup, Environments)
//   data/cell-default.dat      real terrain: the LandBlocks of data/excerpt-sources/landblocks.json;
//                              and synthetic stand-ins: Holtburg's LandBlockInfo 0xA9B4FFFE, the
//                              cottage's EnvCell and the dungeon's EnvCells (scripts/gen-buildings.mjs)
// (data/excerpt-sources/ holds the recorded states and the terrain, each file saying its sources.)
//   data/excerpts.manifest.json  every record: id, kind, synthetic or not, its source, and for
//                              synthetic records every value with where it comes from; and the
//                              ids the shipped records name that are deliberately not shipped
// Usage: node scripts/gen-excerpts.mjs [--check]   (after `node scripts/build.mjs wasm`)
//   --check  regenerate in memory and fail when the files in data/ differ (CI keeps them honest).
// The container is written by the C writer (src/dat/writer.c) through the .wasm, so the CLI,
// the page and this script share one implementation. Output is deterministic: fixed dates,
// fixed ids, no clock; running it twice gives identical bytes.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { loadAcphys, writeDat } from '../wasm/acphys.mjs';
import { buildingRecords, SCENERY_BLOCKS, SCENERY_RULE } from './gen-buildings.mjs';
import * as rec from './lib/dat-records.mjs';
import { resolvePath } from './lib/dat-path.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The generator's inputs, landblocks.json and retail-states.json, kept in the repository so a
 *  clean clone regenerates and tests alone. */
export const SOURCES_DIR = join(root, 'data', 'excerpt-sources');

// Fixed entry fields: pack version 1 (bits 16-31 of the entry word), the first day of the month
// of retail build 11.4186 as the date, iteration 1. Fixed so two runs give the same bytes.
const ENTRY = { flags: 1 << 16, date: 1377993600, iteration: 1 };
const FPS = 30;

// ---- sources (quoted in the manifest) ----
const S = {
  synthetic: 'synthetic stand-in: the real record must come from the user\'s client_portal.dat',
  seedTurn: 'acdream\'s R6 research note ("R6 complete root Frame cutover", 2026-07-19; its HumanoidMotionTableRootMotionTests read the installed retail portal DAT): Humanoid 0x09000001 global TurnRight modifier 0x0000000D has HasOmega and omega (0, 0, -1.5) rad/s; OpenAC (eriknihlen/OpenAC) tests/AcDream.Core.Tests/Physics/HumanoidMotionTableRootMotionTests.cs RetailTurnRightModifier_ExposesLiteralSequenceOmega asserts against an installed retail DAT that the TurnRight modifier (styled key, else unstyled 0x0000000D) has the HasOmega flag, omega x = y = 0 and omega z = -1.5',
  walk: 'retail CMotionInterp::get_state_velocity: WalkAnimSpeed 3.12 m/s (float 3.1199999)',
  run: 'retail CMotionInterp::get_state_velocity: RunAnimSpeed 4.0 m/s',
  rootMotionCycles: 'OpenAC (eriknihlen/OpenAC) tests/AcDream.Core.Tests/Physics/HumanoidMotionTableRootMotionTests.cs, run against an installed retail DAT: RetailLocomotionCycle_ExposesItsLiteralMotionDataVelocity asserts that the Humanoid table 0x09000001 cycles (NonCombat << 16) | (WalkForward 0x40000005 & 0xFFFFFF) and the same for RunForward 0x40000007 have MotionData Velocity == Vector3.Zero, and RetailWalkSequence_ProducesAuthoredRootDisplacement that the walk sequence moves the root more than 1 m over 2 s (the root motion is in the animations). The stand-in stores no velocity (HasVelocity clear, which DatReaderWriter also decodes as zero: the flag itself is not pinned)',
  walkRoot: 'derived: the walk speed 3.12 m/s (retail CMotionInterp::get_state_velocity WalkAnimSpeed) as pos-frame displacement, 3.12 / 30 = 0.104 m forward (+y) per frame at the cycle\'s 30 frames/s; the real animation\'s frames are not public',
  runRoot: 'derived: the run speed 4.0 m/s (retail CMotionInterp::get_state_velocity RunAnimSpeed) as pos-frame displacement, 4.0 / 30 = 0.1333 m forward (+y) per frame at the cycle\'s 30 frames/s; the real animation\'s frames are not public',
  sidestep: 'retail CMotionInterp::get_state_velocity: SidestepAnimSpeed 1.25 m/s',
  keys: 'retail CMotionTable key scheme (style << 16) | (motion & 0xFFFFFF) (CMotionTable::GetObjectSequence, get_link)',
  styleDefault: 'NonCombat 0x8000003D → Ready 0x41000003: MotionCommand values (ACEmulator/ACE Source/ACE.Entity/Enum/MotionCommand.cs, cross-checked in Chorizite/DatReaderWriter DatReaderWriter/dats.xml) and the recorded NonCombat idle states of retail-states.json',
  sidestepCycle: 'retail CMotionTable::GetObjectSequence looks a SubState-bit command (SideStepRight 0x6500000F has it) up in the cycles first, styled then under the default style; bitfield 0x2 makes is_allowed accept it only from the style default (Ready), so from Walk/Run it falls through to the modifiers',
  sidestepModifier: 'retail GetObjectSequence falls through to the modifiers (styled key, then unstyled) for a Modifier-bit command the cycles refuse: so running + sidestep combines both velocities',
  fps: 'chosen: 30 frames/s, the rate retail plays a Setup default animation at (CPartArray::InitDefaults: framerate 30.0f)',
  animIds: 'chosen ids 0x0300F0xx (humanoid) and 0x0300F1xx (drudge), referenced only by these synthetic motion tables; a real portal DAT replaces the tables and with them these references',
  identity: 'chosen: every part frame is the identity (no geometry is shipped)',
  rootMotion: 'chosen: a small forward root motion per frame (and one 0.02 rad yaw) so root-motion tests have non-zero pos frames',
  hooks: 'chosen: hooks of several types (SoundTable footsteps, Sound, CallPES) with synthetic ids',
  humanoidParts: 'merklejerk/holtburger\'s docs (docs/ folder): the humanoid Setups have 34 parts; part GfxObj ids 0x0100F000+i are synthetic',
  humanoidSpheres: 'holtburger (merklejerk/holtburger): its retail_player_grounded_profile (beside resolve_setup_physical_spheres, which reads a SetupModel\'s first two spheres) builds "retail\'s authored human setup pair" as Sphere { center (0, 0, 0.475), radius 0.48 } and Sphere { center (0, 0, 1.35), radius 0.48 }, with step_up_height 0.6 and step_down_height 1.5; its grounded-body tests use the same pair',
  humanoidRadius: 'holtburger (merklejerk/holtburger): its PLAYER_PART_RADIUS is "the human-body Setup 0x0200_0001 .radius FIELD (0.6788225, measured from the base client_portal.dat 2026-07-28)"; its notes say the earlier PLAYER_CAPSULE_RADIUS 0.4 (whose comment in crates/holtburger-world/src/spatial/physics.rs claimed "Retail human Setup 0x0200_0001 ships radius=0.4, height=1.8") was a hand-tuned figure, not the record\'s',
  humanoidHeight: 'holtburger (merklejerk/holtburger): "Human Setup 0x02000001 dims (CPartArray radius/height): 0.6788225 / 1.835 (crates/holtburger-world/src/handlers/movement.rs test fixture)"',
  humanoidEnclosing: 'chosen: a sphere enclosing the two collision spheres (z from -0.005 to 1.83 m); the real sorting and selection spheres are not public',
  stepUp: 'holtburger (merklejerk/holtburger) crates/holtburger-world/src/spatial/physics.rs: PLAYER_STEP_UP_HEIGHT = 0.6, "hard-coded here from the real human-body Setup 0x0200_0001 (dumped from the base client_portal.dat: StepUpHeight = 0.6, StepDownHeight = 1.5, with Scale.Z = 1.0 ...)"; dereth (dereth-network/dereth) core/physics/tests/cpu/common/step_up_fixture.rs: STEP_UP_HEIGHT = 0.600, "A body carrying the retail step_up_height". Chosen over the 0.4 that acdream and OpenAC use (acdream commit note 3789491: "both ~0.4 m", no source given): 0.6 is stated as read from the record by one port and used as retail\'s by another, 0.4 is stated as approximate by its only source',
  stepDown: 'holtburger (merklejerk/holtburger) crates/holtburger-world/src/spatial/physics.rs: PLAYER_STEP_DOWN_HEIGHT = 1.5, "dumped from the base client_portal.dat: StepUpHeight = 0.6, StepDownHeight = 1.5"; chosen over acdream\'s and OpenAC\'s unsourced 0.4 for the reason given at step_up_height',
  tables: 'ACE\'s early player defaults: sound table 0x20000001, physics script table 0x34000004 (public ACE source)',
  humanoidMotion: 'retail-states.json running-turning-player: Setup 0x02000001 uses MotionTable 0x09000001',
  missile: 'chosen: one sphere of radius 0.1 m (DUMMY_SPHERE_RADIUS); step heights 0.01 m (the default step height; both in ACEmulator/ACE Source/ACE.Server/Physics/PhysicsGlobals.cs)',
  placements: 'placement keys 0 Default and 0x34 MissileFlight (retail Placement enum; the recorded arrow uses MissileFlight)',
  drudge: 'chosen (no public source for 0x020007DD): 17 parts, two spheres to 1.5 m, radius 0.45 m, step heights 0.4 m',
  drudgeMotion: 'retail-states.json falling-creature: Setup 0x020007DD with MotionTable 0x09000008',
  terrain: 'data/excerpt-sources/landblocks.json: ACClientLib/ACTerrainWebGL public/textures/terrain.png (end-of-retail client_cell_1.dat terrain; matches the DatReaderWriter EoR pins of 0x9AB1); terrain word = (type << 2) | road; the real scene bits (11-15) are not public: 0 here, except where synthetic_parts gives chosen ones',
  heightTable: 'data/excerpt-sources/landblocks.json land_height_table: ACTerrainWebGL src/data/heighttable.ts ("LandHeightTable from portal.dat region 0x13000000"); values above index 200 not independently confirmed',
  regionHeader: 'DatReaderWriter EoR pins: Region 0x13000000 region number 1, name "Dereth"; retail CRegionDesc::UnPack requires version 3',
  landDefs: 'retail LandDefs::get_vars (0x005A9980) hard-codes 255, 255, 24.0, 8, 1, 200.0, 1000.0, 5.0 and CRegionDesc::UnPack skips the stored ones',
  remainder: 'synthetic minimum after the height table that retail CRegionDesc::UnPack accepts: GameTime with no times of day, weekdays or seasons, parts mask 2 (scenes; no sky, sound or misc), the stand-in scene and terrain types, LandSurf selector 0 and an empty TexMerge (24 bytes of zeros); the real record\'s sky, terrain and texture descriptions are not shipped',
  hasObjects: 'derived: 1 when the excerpt ships the landblock\'s LandBlockInfo (0xXXYYFFFE, scripts/gen-buildings.mjs), else 0 (retail CLandBlock: has_objects says a LandBlockInfo exists)',
  regionHome: 'in the portal excerpt: retail CRegionDesc::InitRegion and GDLE\'s PhatSDK look Region 0x13000000 up in client_portal.dat',
};

/** Ids the shipped records name that no excerpt ships, with why (tests/node/dat.test.mjs checks
 *  that every id a shipped record names is shipped or listed here). */
const ABSENT = [
  { range: [0x08000000, 0x08FFFFFF], type: 'Surface', why: 'surfaces (and the textures they name) are drawing data: the stand-in part GfxObjs name one surface 0x08000000 so that a client-style reader finds a surface index 0; the physics never reads it' },
  { range: [0x0A000000, 0x0AFFFFFF], type: 'Wave', why: 'sounds are not physics: Sound hooks are recorded in the trace, never played' },
  { range: [0x20000000, 0x20FFFFFF], type: 'SoundTable', why: 'sounds are not physics (SoundTable hooks are recorded in the trace)' },
];

const hex = (n) => `0x${(n >>> 0).toString(16).toUpperCase().padStart(8, '0')}`;
const ids = (list) => list.map(hex);

function identityFrames(n) { return Array.from({ length: n }, () => rec.IDENTITY); }

function animationRecord({ id, parts, frames, hooks = {}, pos = null }) {
  const hasHooks = Object.keys(hooks).length > 0;
  return {
    id, flags: (pos ? 1 : 0) | (hasHooks ? 2 : 0), num_parts: parts, num_frames: frames,
    pos_frames: pos,
    part_frames: Array.from({ length: frames }, (_, i) => ({ parts: identityFrames(parts), hooks: hooks[i] ?? [] })),
  };
}

function cycle(key, animId, extra = {}) {
  return { key, anims: [{ anim_id: animId, low_frame: 0, high_frame: -1, framerate: FPS }], ...extra };
}

// ---- portal: the humanoid ----
const H = {
  ready: 0x0300F001, walk: 0x0300F002, run: 0x0300F003, sidestep: 0x0300F004, readyToWalk: 0x0300F005, toReady: 0x0300F006,
  readyToRun: 0x0300F007, runToReady: 0x0300F008, turn: 0x0300F009,
};
const D = { ready: 0x0300F101, walk: 0x0300F102, run: 0x0300F103 };
const HUMANOID_PARTS = 34, DRUDGE_PARTS = 17;
const NONCOMBAT = 0x8000003D, READY = 0x41000003, WALK = 0x45000005, RUN = 0x44000007, SIDESTEP = 0x6500000F, TURN = 0x6500000D;
const styled = (motion) => (((NONCOMBAT << 16) | (motion & 0xFFFFFF)) >>> 0);

function yaw(rad) { return [Math.cos(rad / 2), 0, 0, Math.sin(rad / 2)]; }

// The client's locomotion speeds (retail CMotionInterp::get_state_velocity), metres per second.
const WALK_SPEED = 3.12, RUN_SPEED = 4.0;

// ---- what the retail client's own reports show (issue 40) ----
// The capture first-login-walk-jump (dereth-network/dereth fixtures/packet-captures, MIT; not in this
// repository: docs/REPLAY.md) decoded by `acphys replay`: the client's MoveToState (M) and
// AutonomousPosition (A) reports, numbered from 0 as the replay's report numbers them, with their
// capture times (s), plan-view origins (m, cell 0xA9B4002A, flat ground at z 94.005) and headings
// (degrees). The player holds the run key throughout; the PlayerDescription's Run skill gives the run
// rate (float)1.97580647 (docs/REPLAY.md), which the replay's scenario carries.
export const CAPTURE = {
  name: 'first-login-walk-jump',
  runRate: 1.97580647,
  // Forward pressed at `from`, released at `to`; the client's position at the AutonomousPosition
  // `rest` (about 1 s later, the same at the next MoveToState) is where the stop left it.
  runs: [
    { from: 2, to: 3, rest: 4, t: [94.304051, 95.009059],
      origin: [[126.643669, 37.0984497], [129.305298, 32.8268204], [129.72226, 32.1576576]] },
    { from: 5, to: 6, rest: 7, t: [96.197042, 96.907218],
      origin: [[129.72226, 32.1576576], [132.383881, 27.8860569], [132.800842, 27.2168941]] },
  ],
  // TurnLeft then TurnRight pressed at `from`, released at `to`, standing; the heading is the
  // same at the next AutonomousPosition (reports 10 and 13).
  turns: [
    { from: 8, to: 9, t: [98.086473, 98.795479], heading: [148.072515, 56.3992636] },
    { from: 11, to: 12, t: [99.956885, 100.669418], heading: [56.3992636, 148.072528] },
  ],
};

const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const round4 = (x) => Math.round(x * 1e4) / 1e4; // the positions are float32 at ~130 m: 1e-5 m steps
const plan = (a, b) => Math.hypot(b[0] - a[0], b[1] - a[1]);

// The frames of the stand-in's run links (the walk links' counts: 6 frames from Ready, 4 back).
const RUN_LINK_FRAMES = 6, STOP_LINK_FRAMES = 4;
const TURN_OMEGA = -1.5; // rad/s at speed 1: the TurnRight modifier's (S.seedTurn)

/** The run links' root motion derived from the capture, with the arithmetic (for the manifest).
 *  Retail plays the Ready→RunForward link and the cycle at 30 frames/s × the run rate (CMotionTable
 *  GetObjectSequence adds the link at the new speed) and a link's pos frames one per frame boundary,
 *  its last one never (CSequence::update_internal clamps at high_frame and advance_to_next_animation
 *  applies the next node's first frame at once): after a link of n frames, boundary k ≥ n applies
 *  the cycle's pos frame. So a run of T seconds applies K = ⌊T · 30 · rate⌋ pos frames, n − 1 the
 *  link's and K − n + 1 the cycle's. The RunForward→Ready link plays at speed 1 (the stop asks for
 *  Ready at 1.0: CMotionTable::StopSequenceMotion) and whole: its n − 1 pos frames are the slide. */
export function runDerivation(c = CAPTURE) {
  const distance = round4(mean(c.runs.map((r) => plan(r.origin[0], r.origin[1]))));
  const seconds = Math.round(mean(c.runs.map((r) => r.t[1] - r.t[0])) * 1e6) / 1e6;
  const slide = round4(mean(c.runs.map((r) => plan(r.origin[1], r.origin[2]))));
  const framerate = FPS * c.runRate;
  const frames = Math.floor(seconds * framerate);
  const cycleFrames = frames - (RUN_LINK_FRAMES - 1);
  const cycleStep = RUN_SPEED / FPS;
  // To 0.1 µm (the float32 stored is the same): no double-rounding digits in the manifest.
  const linkStep = Math.round((distance - cycleFrames * cycleStep) / (RUN_LINK_FRAMES - 1) * 1e7) / 1e7;
  const stopStep = Math.round(slide / (STOP_LINK_FRAMES - 1) * 1e7) / 1e7;
  const reports = c.runs.map((r) => `${r.from}–${r.to}`).join(' and ');
  const rests = c.runs.map((r) => `${r.to}–${r.rest}`).join(' and ');
  return {
    distance, seconds, slide, frames, cycleFrames, linkStep, stopStep,
    linkSource: `derived from capture ${c.name}, reports ${reports} (the two runs, run key held, run rate ${c.runRate}): each covers ${distance} m straight ahead with no change of heading (the mean of ${c.runs.map((r) => plan(r.origin[0], r.origin[1]).toFixed(6)).join(' and ')} m, to 0.1 mm) in ${seconds} s (the mean of ${c.runs.map((r) => (r.t[1] - r.t[0]).toFixed(6)).join(' and ')} s between the reports); at 30 × ${c.runRate} = ${framerate.toFixed(4)} frames/s that is K = ⌊${seconds} × ${framerate.toFixed(4)}⌋ = ${frames} pos frames, ${RUN_LINK_FRAMES - 1} of this ${RUN_LINK_FRAMES}-frame link's (its last pos frame is never applied and is the identity) and ${cycleFrames} of the RunForward cycle's ${cycleStep.toFixed(7)} m (RunAnimSpeed 4.0 / 30); so each of the link's first ${RUN_LINK_FRAMES - 1} frames moves (${distance} − ${cycleFrames} × 4.0 / 30) / ${RUN_LINK_FRAMES - 1} = ${linkStep.toFixed(7)} m forward (+y), with no rotation (the client's heading is unchanged by starting and stopping: reports ${c.runs.map((r) => `${r.from}, ${r.to}, ${r.rest}`).join('; ')}); the frame count is chosen (the walk link's). Cross-check: the cycle's 4.0 m/s at speed 1 is retail's RunAnimSpeed (CMotionInterp::get_state_velocity; ACEmulator/ACE Source/ACE.Server/Physics/Animation/MotionInterp.cs RunAnimSpeed = 4.0f), ${(RUN_SPEED * c.runRate).toFixed(3)} m/s at this run rate (ACE's GetRunRate of the PlayerDescription's Run skill, docs/REPLAY.md); the runs average ${(distance / seconds).toFixed(3)} m/s with the start`,
    stopSource: `derived from capture ${c.name}, reports ${rests} (the key released at ${c.runs.map((r) => r.to).join(' and ')}, the client at rest at ${c.runs.map((r) => r.rest).join(' and ')}): after releasing the key the client moves on ${slide} m straight ahead (the mean of ${c.runs.map((r) => plan(r.origin[1], r.origin[2]).toFixed(6)).join(' and ')} m, to 0.1 mm; the same both times, so the whole link: the run cycle's frame in progress is dropped), with no change of heading; over this ${STOP_LINK_FRAMES}-frame link's first ${STOP_LINK_FRAMES - 1} pos frames (played at speed 1: its last pos frame is never applied and is the identity), ${slide} / ${STOP_LINK_FRAMES - 1} = ${stopStep.toFixed(7)} m forward (+y) each; the frame count is chosen (the walk link's)`,
  };
}

/** The standing turn derived from the capture: the TurnRight cycle's omega applied per frame
 *  boundary (CSequence::apply_physics with 1 / framerate: omega × speed / (30 × speed) = omega / 30
 *  rad a boundary, whatever the speed). */
export function turnDerivation(c = CAPTURE) {
  const turned = c.turns.map((t) => Math.abs(t.heading[1] - t.heading[0]) * Math.PI / 180);
  const angle = round4(mean(turned));
  const step = Math.abs(TURN_OMEGA) / FPS;
  const frames = angle / step;
  if (Math.abs(frames - Math.round(frames)) > 1e-6) throw new Error(`the capture's turn ${angle} rad is not a whole number of ${step} rad frames`);
  const seconds = mean(c.turns.map((t) => t.t[1] - t.t[0]));
  const rate = FPS * 1.5;
  return {
    angle, frames: Math.round(frames), step,
    source: `derived from capture ${c.name}, reports ${c.turns.map((t) => `${t.from}–${t.to}`).join(' and ')} (TurnLeft, then TurnRight, standing, run key held: turn speed ±1.5, retail RunTurnFactor; ACE's MotionInterp.RunTurnFactor = 1.5f): each turn comes to ${angle} rad (${turned.map((x) => x.toFixed(7)).join(' and ')} rad) = ${Math.round(frames)} × ${step} rad, a whole number of frames of omega ${TURN_OMEGA} rad/s at 30 frames/s (the TurnRight modifier's omega, ${Math.abs(TURN_OMEGA) * 1.5} rad/s at speed 1.5); ${Math.round(frames)} frames at 30 × 1.5 = ${rate} frames/s last ${(Math.round(frames) / rate).toFixed(4)} s, the turns' ${seconds.toFixed(4)} s between the reports (the modifier alone, on the Ready cycle at 30 frames/s, turns ${(Math.abs(TURN_OMEGA) * 1.5 / FPS).toFixed(3)} rad a frame: 1.575 or 1.65 rad, never 1.6); the heading stops with the key (reports ${c.turns.map((t) => `${t.to}`).join(' and ')} against 10 and 13): no link to or from Ready`,
  };
}

/** n pos frames, each `metres` forward (+y, the object's heading) with no rotation. */
function forward(n, metres) { return Array.from({ length: n }, () => ({ origin: [0, metres, 0], orientation: [1, 0, 0, 0] })); }

function humanoidAnimations() {
  const step = (id) => ({ type: 'SoundTable', direction: 0, id });
  const pos = Array.from({ length: 6 }, (_, i) => ({ origin: [0, 0.05, 0], orientation: i === 3 ? yaw(0.02) : [1, 0, 0, 0] }));
  return [
    animationRecord({ id: H.ready, parts: HUMANOID_PARTS, frames: 4 }),
    animationRecord({ id: H.walk, parts: HUMANOID_PARTS, frames: 10, hooks: { 0: [step(1)], 5: [step(2)] }, pos: forward(10, WALK_SPEED / FPS) }),
    animationRecord({ id: H.run, parts: HUMANOID_PARTS, frames: 8, hooks: { 0: [step(1)], 4: [step(2)] }, pos: forward(8, RUN_SPEED / FPS) }),
    animationRecord({ id: H.sidestep, parts: HUMANOID_PARTS, frames: 6 }),
    animationRecord({
      id: H.readyToWalk, parts: HUMANOID_PARTS, frames: 6, pos,
      hooks: { 0: [{ type: 'Sound', direction: 1, id: 0x0A00F001 }], 5: [{ type: 'CallPES', direction: 0, script_id: 0x3300F001, pause: 0 }] },
    }),
    animationRecord({ id: H.toReady, parts: HUMANOID_PARTS, frames: 4, pos: Array.from({ length: 4 }, () => ({ origin: [0, 0.02, 0], orientation: [1, 0, 0, 0] })) }),
    animationRecord({
      id: H.readyToRun, parts: HUMANOID_PARTS, frames: RUN_LINK_FRAMES, pos: linkFrames(RUN_LINK_FRAMES, FROM_RUNS.linkStep),
      hooks: { 0: [{ type: 'Sound', direction: 1, id: 0x0A00F001 }], 5: [{ type: 'CallPES', direction: 0, script_id: 0x3300F001, pause: 0 }] },
    }),
    animationRecord({ id: H.runToReady, parts: HUMANOID_PARTS, frames: STOP_LINK_FRAMES, pos: linkFrames(STOP_LINK_FRAMES, FROM_RUNS.stopStep) }),
    animationRecord({ id: H.turn, parts: HUMANOID_PARTS, frames: 8 }),
  ];
}

const FROM_RUNS = runDerivation(), FROM_TURNS = turnDerivation();

/** A link's n pos frames: `metres` forward each, the last (never applied: runDerivation) the identity. */
function linkFrames(n, metres) {
  return [...forward(n - 1, metres), { origin: [0, 0, 0], orientation: [1, 0, 0, 0] }];
}

function animationValues(a) {
  const hooks = a.part_frames.flatMap((f, i) => f.hooks.map((h, k) => ({ path: `part_frames[${i}].hooks[${k}]`, source: S.hooks })));
  return [
    { path: 'num_parts', source: a.num_parts === HUMANOID_PARTS ? S.humanoidParts : S.drudge },
    { path: 'num_frames', source: S.synthetic },
    { path: 'flags', source: 'derived: 0x1 when pos frames are present, 0x2 when any frame has hooks' },
    a.pos_frames ? { path: 'pos_frames', source: { [H.walk]: S.walkRoot, [H.run]: S.runRoot, [H.readyToRun]: FROM_RUNS.linkSource, [H.runToReady]: FROM_RUNS.stopSource }[a.id] ?? S.rootMotion } : null,
    { path: 'part_frames', summary: `${a.part_frames.length} frames × ${a.num_parts} identity part frames`, source: S.identity },
    ...hooks,
  ].filter(Boolean);
}

/** A NonCombat table: Ready, WalkForward and RunForward cycles at the client's speeds and the
 *  unstyled TurnRight modifier, plus `extra` cycles, modifiers and links (keyed tables sorted). */
function locomotionTable(id, anims, extra = {}) {
  const byKey = (a, b) => a.key - b.key;
  // rootMotion: the cycles carry no velocity and their animations move the root (the humanoid).
  const speed = (v) => (extra.rootMotion ? {} : { velocity: [0, v, 0] });
  return {
    id, default_style: NONCOMBAT,
    style_defaults: [{ style: NONCOMBAT, substate: READY }],
    cycles: [
      cycle(styled(READY), anims.ready),
      cycle(styled(WALK), anims.walk, speed(3.1199999)),
      cycle(styled(RUN), anims.run, speed(4)),
      ...(extra.cycles ?? []),
    ].sort(byKey),
    modifiers: [{ key: 0x0000000D, anims: [], omega: [0, 0, -1.5] }, ...(extra.modifiers ?? [])].sort(byKey),
    links: (extra.links ?? []).map((l) => ({ ...l, entries: [...l.entries].sort(byKey) })).sort(byKey),
  };
}

const humanoidTable = locomotionTable(0x09000001, H, {
  rootMotion: true,
  cycles: [
    cycle(styled(SIDESTEP), H.sidestep, { velocity: [1.25, 0, 0], bitfield: 2 }),
    cycle(styled(TURN), H.turn, { omega: [0, 0, TURN_OMEGA], bitfield: 2 }),
  ],
  modifiers: [{ key: styled(SIDESTEP), anims: [], velocity: [1.25, 0, 0] }],
  links: [
    { key: styled(READY), entries: [cycle(WALK, H.readyToWalk), cycle(RUN, H.readyToRun)] },
    { key: styled(WALK), entries: [cycle(READY, H.toReady)] },
    { key: styled(RUN), entries: [cycle(READY, H.runToReady)] },
  ],
});

const humanoidTableValues = [
  { path: 'default_style', source: S.styleDefault },
  { path: 'style_defaults', source: S.styleDefault },
  { path: `cycles{${hex(styled(READY))}}.anims`, source: `${S.keys}; ${S.animIds}; ${S.fps}` },
  { path: `cycles{${hex(styled(WALK))}}.velocity`, source: S.rootMotionCycles, value: [0, 0, 0] },
  { path: `cycles{${hex(styled(WALK))}}.anims`, source: `${S.animIds}; ${S.fps}; the animation's pos frames carry the walk: ${S.walkRoot}` },
  { path: `cycles{${hex(styled(RUN))}}.velocity`, source: S.rootMotionCycles, value: [0, 0, 0] },
  { path: `cycles{${hex(styled(RUN))}}.anims`, source: `${S.animIds}; ${S.fps}; the animation's pos frames carry the run: ${S.runRoot}` },
  { path: `cycles{${hex(styled(SIDESTEP))}}.velocity`, source: S.sidestep },
  { path: `cycles{${hex(styled(SIDESTEP))}}.bitfield`, source: S.sidestepCycle },
  { path: `cycles{${hex(styled(SIDESTEP))}}.anims`, source: `${S.animIds}; ${S.fps}` },
  { path: 'modifiers{0x0000000D}.omega', source: S.seedTurn },
  { path: `modifiers{${hex(styled(SIDESTEP))}}.velocity`, source: `${S.sidestep}; ${S.sidestepModifier}` },
  { path: `cycles{${hex(styled(TURN))}}.omega`, source: `${FROM_TURNS.source}; the cycle's omega is the modifier's (${S.seedTurn})` },
  { path: `cycles{${hex(styled(TURN))}}.bitfield`, source: `as the side-step cycle's: ${S.sidestepCycle.replace('SideStepRight 0x6500000F', 'TurnRight 0x6500000D')}, so a turn while running or walking combines the modifier's omega into that cycle` },
  { path: `cycles{${hex(styled(TURN))}}.anims`, source: `${S.animIds}; ${S.fps}; chosen: 8 frames, no pos frames (the turn is the cycle's omega)` },
  { path: 'links', source: `chosen transitions Ready→WalkForward and WalkForward→Ready (link animations 0x0300F005 and 0x0300F006: chosen root motion); Ready→RunForward and RunForward→Ready (0x0300F007 and 0x0300F008, their root motion derived from capture ${CAPTURE.name}: see those animations); no link to or from TurnRight (${CAPTURE.name}: the turn starts and stops with the key); ${S.keys}` },
];

function baseSetup(id, parts, partBase) {
  return {
    id, flags: 0, num_parts: parts, parts: Array.from({ length: parts }, (_, i) => partBase + i),
    holding_locations: [], connection_points: [],
    placements: [{ key: 0, frame: { parts: identityFrames(parts), hooks: [] } }],
    cylspheres: [], spheres: [], height: 0, radius: 0, step_up_height: 0, step_down_height: 0,
    sorting_sphere: { center: [0, 0, 0], radius: 0 }, selection_sphere: { center: [0, 0, 0], radius: 0 },
    lights: [], default_animation: 0, default_script: 0, default_motion_table: 0, default_sound_table: 0,
    default_script_table: 0,
  };
}

const humanoidSetup = {
  ...baseSetup(0x02000001, HUMANOID_PARTS, 0x0100F000),
  spheres: [{ center: [0, 0, 0.475], radius: 0.48 }, { center: [0, 0, 1.35], radius: 0.48 }],
  height: 1.835, radius: 0.6788225, step_up_height: 0.6, step_down_height: 1.5,
  sorting_sphere: { center: [0, 0, 0.9125], radius: 0.9175 }, selection_sphere: { center: [0, 0, 0.9125], radius: 0.9175 },
  default_motion_table: 0x09000001, default_sound_table: 0x20000001, default_script_table: 0x34000004,
};

/** The manifest values of a Setup; `by` overrides the source of single paths (public facts). */
function setupValues(s, shape, steps, extra = [], by = {}) {
  const src = (path, fallback) => by[path] ?? fallback;
  return [
    { path: 'num_parts', source: s.parts.length === HUMANOID_PARTS ? S.humanoidParts : shape },
    { path: 'parts', summary: `${s.parts.length} synthetic GfxObj ids from ${hex(s.parts[0])}`, source: `${S.synthetic}; each shipped as a stand-in GfxObj (a 0.1 m tetrahedron)` },
    { path: 'flags', source: 'chosen: 0 (no parents, no default scale)' },
    { path: 'placements', summary: `placements ${s.placements.map((p) => p.key).join(', ')} with identity part frames`, source: s.placements.length > 1 ? S.placements : S.identity },
    { path: 'spheres', source: src('spheres', shape) },
    { path: 'height', source: src('height', shape) },
    { path: 'radius', source: src('radius', shape) },
    { path: 'step_up_height', source: src('step_up_height', steps) },
    { path: 'step_down_height', source: src('step_down_height', steps) },
    { path: 'sorting_sphere', source: src('sorting_sphere', `${shape} (enclosing sphere)`) },
    { path: 'selection_sphere', source: src('selection_sphere', `${shape} (enclosing sphere)`) },
    { path: 'default_motion_table', source: s.default_motion_table ? (s.id === 0x02000001 ? S.humanoidMotion : S.drudgeMotion) : 'none (a missile has no motion table)' },
    ...extra,
  ];
}

function missileSetup(id, partId) {
  const s = baseSetup(id, 1, partId);
  s.placements.push({ key: 0x34, frame: { parts: identityFrames(1), hooks: [] } });
  return {
    ...s, spheres: [{ center: [0, 0, 0], radius: 0.1 }], height: 0.2, radius: 0.1,
    step_up_height: 0.01, step_down_height: 0.01,
    sorting_sphere: { center: [0, 0, 0], radius: 0.1 }, selection_sphere: { center: [0, 0, 0], radius: 0.1 },
  };
}

const drudgeSetup = {
  ...baseSetup(0x020007DD, DRUDGE_PARTS, 0x0100F200),
  spheres: [{ center: [0, 0, 0.45], radius: 0.45 }, { center: [0, 0, 1.05], radius: 0.45 }],
  height: 1.5, radius: 0.45, step_up_height: 0.4, step_down_height: 0.4,
  sorting_sphere: { center: [0, 0, 0.75], radius: 0.8 }, selection_sphere: { center: [0, 0, 0.75], radius: 0.8 },
  default_motion_table: 0x09000008,
};

const drudgeTable = locomotionTable(0x09000008, D);

const drudgeTableValues = [
  { path: 'default_style', source: S.styleDefault },
  { path: 'style_defaults', source: S.styleDefault },
  { path: `cycles{${hex(styled(READY))}}.anims`, source: `${S.keys}; ${S.animIds}; ${S.fps}` },
  { path: `cycles{${hex(styled(WALK))}}.velocity`, source: `chosen: the humanoid's walk speed; ${S.walk}` },
  { path: `cycles{${hex(styled(RUN))}}.velocity`, source: `chosen: the humanoid's run speed; ${S.run}` },
  { path: 'modifiers{0x0000000D}.omega', source: `chosen: the humanoid's TurnRight omega; ${S.seedTurn}` },
  { path: 'links', source: 'chosen: none (the table exercises an empty links map)' },
];

function drudgeAnimations() {
  const step = (id) => ({ type: 'SoundTable', direction: 0, id });
  return [
    animationRecord({ id: D.ready, parts: DRUDGE_PARTS, frames: 4 }),
    animationRecord({ id: D.walk, parts: DRUDGE_PARTS, frames: 10, hooks: { 0: [step(1)], 5: [step(2)] } }),
    animationRecord({ id: D.run, parts: DRUDGE_PARTS, frames: 8 }),
  ];
}

// ---- part GfxObjs (stand-ins: what a client-style reader needs to build the object) ----

/** A stand-in part GfxObj: a tetrahedron of 0.1 m, drawing polygons and a one-leaf drawing BSP,
 *  one surface, no physics polygons (none of the shipped Setups has HasPhysicsBSP, flag 0x8). */
function partGfxObj(id) {
  const v = (i, origin, normal) => ({ id: i, origin, normal });
  const tri = (poly_id, ids) => ({ poly_id, stippling: 4, sides_type: 0, pos_surface: 0, neg_surface: -1, vertex_ids: ids });
  return {
    id, flags: 2, surfaces: [0x08000000],
    vertices: [v(0, [0, 0, 0.1], [0, 0, 1]), v(1, [0.1, 0, 0], [1, 0, 0]), v(2, [-0.05, 0.0866, 0], [-0.5, 0.866, 0]), v(3, [-0.05, -0.0866, 0], [-0.5, -0.866, 0])],
    physics_polygons: [], physics_bsp: null,
    sort_center: [0, 0, 0.025],
    polygons: [tri(0, [0, 1, 2]), tri(1, [0, 2, 3]), tri(2, [0, 3, 1]), tri(3, [1, 3, 2])],
    drawing_bsp: { type: rec.BSP.LEAF, leaf_index: 0 },
  };
}

/** Every part a shipped Setup names, as a stand-in GfxObj record. */
function partGfxObjRecords(setups) {
  const out = [];
  for (const s of setups) {
    for (const id of s.parts) {
      const g = partGfxObj(id);
      out.push({ entry: { id, type: 'GfxObj', kind: 'portal', synthetic: true,
        source: `${S.synthetic}; a part of Setup ${hex(s.id)}: a 0.1 m tetrahedron so that a client-style reader can build the object (retail part geometry is not public)`,
        values: [{ path: 'flags', source: 'chosen: 2 (drawing polygons only; the Setup has no HasPhysicsBSP flag, so retail never reads a part physics BSP)' }] },
      bytes: rec.gfxobj(g), object: g });
    }
  }
  return out;
}

// ---- physics scripts and particle emitters (issue 16): all synthetic ----

const PS_TEST1 = 0x1; // PScriptType PS_Test1 (acclient.h enum PScriptType)
const FX = { puff: 0x3300F001, spin: 0x3300F010, burst: 0x3300F011, dust: 0x3200F007, fountain: 0x3200F001, explode: 0x3200F002, swarm: 0x3200F003,
  implode: 0x3200F004, trail: 0x3200F005, glow: 0x3200F006, sparkGfx: 0x0100F3A0 };
const FX_SRC = {
  table: `${S.synthetic}; the id is the humanoid's default_script_table (${'ACE\'s early player defaults'}); its entries are chosen (retail's table contents are not public): PScriptType 0x1 is PS_Test1 of retail's enum PScriptType (acclient.h)`,
  script: `${S.synthetic}; chosen hooks that exercise what a script changes in the physics (SetOmega, Scale, CreateParticle, StopParticle); no public source states a retail script's hooks`,
  emitter: `${S.synthetic}; chosen values that cover a retail ParticleType (enum ParticleType, acclient.h) each; no public source states a retail emitter's values`,
};
const frameAt = (z) => ({ origin: [0, 0, z], orientation: [1, 0, 0, 0] });
const createHook = (info, z, emitter) => ({ type: 'CreateParticle', direction: 0, info_id: info, part: 0xFFFFFFFF, offset: frameAt(z), emitter_id: emitter });

const scriptTable = { id: 0x34000004, types: [{ type: PS_TEST1, scripts: [{ mod: 0.5, script_id: FX.spin }, { mod: 1, script_id: FX.burst }] }] };
const spinScript = { id: FX.spin, hooks: [
  { start_time: 0, hook: createHook(FX.fountain, 1.8, 0x11) },
  { start_time: 0.5, hook: { type: 'SetOmega', direction: 0, omega: [0, 0, 3] } },
  { start_time: 1, hook: { type: 'Scale', direction: 0, end: 1.5, time: 0.5 } },
  { start_time: 2, hook: { type: 'SetOmega', direction: 0, omega: [0, 0, 0] } },
  { start_time: 2.5, hook: { type: 'Scale', direction: 0, end: 1, time: 0.5 } },
  { start_time: 3, hook: { type: 'StopParticle', direction: 0, id: 0x11 } },
] };
// 0x3300F001 is the script the humanoid's Ready → Walk link names in a CallPES hook (frame 5,
// pause 0): a puff of dust at the feet, which changes nothing of the body's motion.
const puffScript = { id: FX.puff, hooks: [{ start_time: 0, hook: createHook(FX.dust, 0.05, 0) }] };
const burstScript = { id: FX.burst, hooks: [
  { start_time: 0, hook: createHook(FX.explode, 1, 0) },
  { start_time: 0, hook: createHook(FX.swarm, 1.2, 0) },
  { start_time: 0.25, hook: createHook(FX.implode, 1, 0) },
  { start_time: 0.5, hook: createHook(FX.trail, 0.2, 0x12) },
  { start_time: 0.5, hook: createHook(FX.glow, 2.1, 0x13) },
  { start_time: 4, hook: { type: 'DestroyParticle', direction: 0, id: 0x13 } },
] };
const emitter = (id, fields) => ({ id, unknown: 0, gfxobj_id: FX.sparkGfx, hw_gfxobj_id: FX.sparkGfx, offset_dir: [0, 0, 1],
  min_a: 1, max_a: 1, min_b: 1, max_b: 1, min_c: 1, max_c: 1, start_scale: 0.2, final_scale: 0.05, scale_rand: 0,
  start_trans: 0, final_trans: 1, trans_rand: 0, is_parent_local: 0, total_particles: 0, total_seconds: 0, initial_particles: 0, lifespan_rand: 0, ...fields });
const emitters = [
  emitter(FX.fountain, { emitter_type: 1, particle_type: 3, birthrate: 0.05, max_particles: 40, lifespan: 1, lifespan_rand: 0.2,
    min_offset: 0, max_offset: 0.15, a: [0, 0, 3], min_a: 0.8, max_a: 1.2, b: [0, 0, -9.8], scale_rand: 0.05 }),
  emitter(FX.explode, { emitter_type: 1, particle_type: 6, birthrate: 0.01, max_particles: 30, initial_particles: 10, total_particles: 30,
    lifespan: 0.8, a: [2, 0, 1], b: [0, 0, -4.9], c: [1, 1, 1] }),
  emitter(FX.swarm, { emitter_type: 1, particle_type: 5, birthrate: 0.2, max_particles: 10, total_seconds: 2, lifespan: 2,
    min_offset: 0.2, max_offset: 0.4, b: [2, 2, 3], c: [0.5, 0.5, 0.3] }),
  emitter(FX.implode, { emitter_type: 1, particle_type: 7, birthrate: 0.05, max_particles: 20, total_particles: 20, lifespan: 1,
    min_offset: 1, max_offset: 1.5, a: [3, 0, 0], b: [0, 0, 0], c: [1, 1, 1] }),
  emitter(FX.trail, { emitter_type: 2, particle_type: 12, birthrate: 0.5, max_particles: 30, lifespan: 1.5, a: [0, 0, 0.5] }),
  emitter(FX.dust, { emitter_type: 1, particle_type: 10, birthrate: 0.05, max_particles: 6, initial_particles: 6, total_particles: 6,
    lifespan: 0.6, min_offset: 0.1, max_offset: 0.3, a: [0, 0, 1], b: [0, 0, -2] }),
  emitter(FX.glow, { emitter_type: 1, particle_type: 1, birthrate: 0.25, max_particles: 4, lifespan: 1, is_parent_local: 1,
    min_offset: 0.1, max_offset: 0.1, start_scale: 0.3, final_scale: 0.3 }),
];

function fxRecords() {
  const out = [];
  const add = (type, object, bytes, source, values = []) => out.push({ entry: { id: object.id, type, kind: 'portal', synthetic: true, source, values }, bytes, object });
  add('PhysicsScriptTable', scriptTable, rec.physicsScriptTable(scriptTable), FX_SRC.table, [{ path: 'types', source: 'chosen' }]);
  for (const s of [puffScript, spinScript, burstScript]) add('PhysicsScript', s, rec.physicsScript(s), FX_SRC.script, [{ path: 'hooks', summary: `${s.hooks.length} hooks`, source: 'chosen' }]);
  for (const e of emitters) {
    add('ParticleEmitterInfo', e, rec.particleEmitterInfo(e), FX_SRC.emitter,
      [{ path: 'particle_type', source: 'chosen (retail enum ParticleType)' }, { path: 'emitter_type', source: 'chosen (retail enum EmitterType: 1 per second, 2 per metre)' },
        { path: 'birthrate', source: 'chosen' }, { path: 'lifespan', source: 'chosen' }]);
  }
  const g = partGfxObj(FX.sparkGfx);
  out.push({ entry: { id: FX.sparkGfx, type: 'GfxObj', kind: 'portal', synthetic: true,
    source: `${S.synthetic}; the particle GfxObj of the stand-in emitters: a 0.1 m tetrahedron`, values: [{ path: 'flags', source: 'chosen: 2 (drawing polygons only)' }] },
  bytes: rec.gfxobj(g), object: g });
  return out;
}

// ---- cell ----

function cellRecords(land, buildings) {
  const out = [];
  for (const [idText, lb] of Object.entries(land.landblocks)) {
    const id = Number(idText);
    const scenery = SCENERY_BLOCKS.includes(id);
    const sceneBits = (i) => (scenery && !lb.road[i] && (Math.floor(i / 9) + (i % 9)) % 3 === 0 ? 1 << 11 : 0);
    const terrain = lb.terrain_type.map((t, i) => ((t << 2) | lb.road[i] | sceneBits(i)) & 0xFFFF);
    const hasObjects = buildings.withInfo.has(((id & 0xFFFF0000) | 0xFFFE) >>> 0) ? 1 : 0;
    out.push({
      entry: { id, type: 'LandBlock', kind: 'cell', synthetic: false, source: S.terrain, note: lb.note,
        ...(scenery ? { synthetic_parts: [`terrain bits 11-15: ${SCENERY_RULE}`] } : {}),
        values: [{ path: 'has_objects', source: S.hasObjects }] },
      bytes: rec.landblock({ id, has_objects: hasObjects, terrain, height: lb.height_index }),
      object: { id, has_objects: hasObjects, terrain, height: lb.height_index },
    });
  }
  return [...out, ...buildings.cell];
}

/** Region 0x13000000: the real height table, in the portal excerpt where retail looks for it. */
function regionRecords(land, buildings) {
  const out = [];
  const region = {
    id: 0x13000000, region_number: 1, version: 3, name: 'Dereth',
    land_defs: { num_block_length: 255, num_block_width: 255, square_length: 24.0, lblock_length: 8, vertex_per_cell: 1, max_obj_height: 200.0, sky_height: 1000.0, road_width: 5.0 },
    land_height_table: land.land_height_table,
    remainder: rec.regionRemainder({ sceneTypes: buildings.scenery.sceneTypes, terrainTypes: buildings.scenery.terrainTypes }).bytes,
  };
  out.push({
    entry: {
      id: region.id, type: 'Region', kind: 'portal', synthetic: false,
      source: `${S.heightTable}; ${S.regionHeader}; ${S.regionHome}`,
      synthetic_parts: [S.remainder, `the scene and terrain types: ${SCENERY_RULE}`],
      values: [
        { path: 'land_height_table', source: S.heightTable },
        { path: 'region_number', source: S.regionHeader },
        { path: 'version', source: S.regionHeader },
        { path: 'name', source: S.regionHeader },
        { path: 'land_defs', source: S.landDefs },
        { path: 'raw_size', source: S.remainder },
      ],
    },
    bytes: rec.region(region),
    object: { ...region, raw_size: 0 },
  });
  out[out.length - 1].object.raw_size = out[out.length - 1].bytes.length;
  return out;
}

// ---- assembly ----

function portalRecords() {
  const list = [];
  const add = (type, object, bytes, source, values) => list.push({ entry: { id: object.id, type, kind: 'portal', synthetic: true, source, values }, bytes, object });
  add('Setup', humanoidSetup, rec.setup(humanoidSetup), `${S.synthetic}; the humanoid of retail-states.json running-turning-player`,
    setupValues(humanoidSetup, S.humanoidSpheres, S.stepUp, [
      { path: 'default_sound_table', source: S.tables }, { path: 'default_script_table', source: S.tables }], {
      spheres: S.humanoidSpheres, height: S.humanoidHeight, radius: S.humanoidRadius, step_up_height: S.stepUp,
      step_down_height: S.stepDown, sorting_sphere: S.humanoidEnclosing, selection_sphere: S.humanoidEnclosing,
    }));
  for (const [id, partId, who] of [[0x0200012A, 0x0100F100, 'quarrel-over-holtburg (a crossbow quarrel)'], [0x0200054B, 0x0100F101, 'arrow-in-a-dungeon']]) {
    const s = missileSetup(id, partId);
    add('Setup', s, rec.setup(s), `${S.synthetic}; the missile of retail-states.json ${who}`, setupValues(s, S.missile, S.missile));
  }
  add('Setup', drudgeSetup, rec.setup(drudgeSetup), `${S.synthetic}; the drudge of retail-states.json falling-creature`,
    setupValues(drudgeSetup, S.drudge, S.drudge));
  add('MotionTable', humanoidTable, rec.motionTable(humanoidTable), `${S.synthetic}; ${S.humanoidMotion}`, humanoidTableValues);
  add('MotionTable', drudgeTable, rec.motionTable(drudgeTable), `${S.synthetic}; ${S.drudgeMotion}`, drudgeTableValues);
  for (const a of [...humanoidAnimations(), ...drudgeAnimations()]) {
    add('Animation', a, rec.animation(a), `${S.synthetic}; referenced by motion table ${a.num_parts === HUMANOID_PARTS ? '0x09000001' : '0x09000008'}`, animationValues(a));
  }
  const setups = list.filter((r) => r.entry.type === 'Setup').map((r) => r.object);
  list.push(...partGfxObjRecords(setups));
  list.push(...fxRecords());
  return list;
}

const ID_FIELDS = new Set(['id', 'key', 'style', 'substate', 'default_style', 'anim_id', 'parts', 'part_id', 'gfx_id',
  'script_id', 'info_id', 'default_animation', 'default_script', 'default_motion_table', 'default_sound_table',
  'default_script_table', 'model_id', 'environment_id', 'other_cell_id']);

/** Turn numbers of id fields into "0x%08X" strings, as acp_dat_record_json prints them. */
function hexIds(value, field) {
  if (Array.isArray(value)) return value.map((v) => hexIds(v, field));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, hexIds(v, k)]));
  }
  if (typeof value === 'number' && ID_FIELDS.has(field)) return hex(value);
  return value;
}

/** Fill each value entry from the record object (so the manifest cannot drift from the bytes);
 *  entries with a `summary` describe a large structure instead of listing it. */
function resolveValues(r) {
  const lastField = (path) => path.split('.').pop().replace(/[[{].*$/, '');
  for (const v of r.entry.values ?? []) {
    if (v.summary || 'value' in v) continue;
    const value = resolvePath(r.object, v.path);
    if (value === undefined) throw new Error(`${hex(r.entry.id)}: manifest path ${v.path} does not resolve`);
    v.value = hexIds(value, lastField(v.path));
  }
}

function sha256(bytes) { return createHash('sha256').update(bytes).digest('hex'); }

/** Build both excerpts and the manifest: { portal, cell, manifest } (bytes and an object). */
export async function generate(acp) {
  const land = JSON.parse(readFileSync(join(SOURCES_DIR, 'landblocks.json'), 'utf8'));
  const buildings = buildingRecords();
  const portalList = [...portalRecords(), ...buildings.portal, ...regionRecords(land, buildings)], cellList = cellRecords(land, buildings);
  // Every setup and motion table a recorded retail state names has its stand-in.
  const states = JSON.parse(readFileSync(join(SOURCES_DIR, 'retail-states.json'), 'utf8')).states;
  const have = new Set(portalList.map((r) => r.entry.id));
  for (const st of states) {
    for (const id of [st.setup, st.motion_table].filter(Boolean)) {
      if (!have.has(Number(id))) throw new Error(`retail-states.json ${st.name} names ${id}, which has no stand-in`);
    }
  }
  for (const r of [...portalList, ...cellList]) resolveValues(r);
  const toDat = (dataSet, list) => writeDat(acp, { dataSet, records: list.map((r) => ({ id: r.entry.id, bytes: r.bytes, ...ENTRY })) });
  const portal = toDat(1, portalList), cell = toDat(2, cellList);
  const files = {
    'data/portal-default.dat': { kind: 'portal', data_set: 1, block_size: 1024, size: portal.length, sha256: sha256(portal) },
    'data/cell-default.dat': { kind: 'cell', data_set: 2, block_size: 256, size: cell.length, sha256: sha256(cell) },
  };
  const fileOf = { portal: 'data/portal-default.dat', cell: 'data/cell-default.dat' };
  const manifest = {
    about: 'The embedded default DAT excerpts (docs/DAT.md), written by scripts/gen-excerpts.mjs. Portal records are synthetic stand-ins for the records data/excerpt-sources/retail-states.json names (values a public source states carry it) and for the building, scenery and dungeon geometry of scripts/gen-buildings.mjs, plus Region 0x13000000 with its real height table (retail reads it from client_portal.dat); LandBlock records are real terrain from public retail data, the other cell records (Holtburg\'s LandBlockInfo, the cottage\'s and the dungeon\'s EnvCells) synthetic stand-ins; a synthetic record\'s `geometry` states the walls, floors, steps and portals its tests check. "absent" lists the id ranges shipped records name that are deliberately not shipped. A user\'s own excerpt replaces any of them (same id). Ids and keys are hex strings; floats are the values stored as float32.',
    generator: 'scripts/gen-excerpts.mjs',
    entry_fields: { flags: hex(ENTRY.flags), date: ENTRY.date, iteration: ENTRY.iteration, note: 'fixed so that generating twice gives the same bytes' },
    files,
    records: [...portalList, ...cellList].map((r) => ({ ...r.entry, id: hex(r.entry.id), file: fileOf[r.entry.kind] })),
    absent: ABSENT.map((a) => ({ ids: [hex(a.range[0]), hex(a.range[1])], type: a.type, why: a.why })),
    not_shipped: [{ ids: ['0x3A11FFFE', '0x3A11FFFE'], type: 'LandBlockInfo', why: buildings.notShipped }],
  };
  return { portal, cell, manifest };
}

async function main() {
  const check = process.argv.includes('--check');
  const acp = await loadAcphys(join(root, 'wasm', 'acphys.wasm'));
  const { portal, cell, manifest } = await generate(acp);
  const outputs = [
    ['data/portal-default.dat', portal],
    ['data/cell-default.dat', cell],
    ['data/excerpts.manifest.json', new TextEncoder().encode(`${JSON.stringify(manifest, null, 1)}\n`)],
  ];
  let stale = [];
  for (const [rel, bytes] of outputs) {
    const path = join(root, rel);
    if (check) {
      let old;
      try { old = readFileSync(path); } catch { old = null; }
      if (!old || Buffer.compare(old, Buffer.from(bytes)) !== 0) stale.push(rel);
    } else {
      writeFileSync(path, bytes);
      console.log(`[gen-excerpts] ${rel}: ${bytes.length} bytes`);
    }
  }
  if (stale.length) {
    console.error(`[gen-excerpts] out of date: ${stale.join(', ')} (run node scripts/gen-excerpts.mjs)`);
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
