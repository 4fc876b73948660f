#!/usr/bin/env node
// A port of the retail clock ladder alone, in plain JavaScript, written from docs/PORTING.md and
// docs/RETAIL-CONTRACT.md without any of acphys's code: it reads the conformance suite's cases of
// one group, runs each scenario's frame times through CPhysics::UseTime's world gate and each
// object's CPhysicsObj::update_object clock ladder under the case's profile, and writes a trace
// with only the clock fields (now, gate, elapsed, quanta, pending, update_time).
//
//   node examples/port-clock/port.mjs [--suite conformance/v1] [--group clock] <out-dir>
//   npx acphys conform <out-dir> --group clock --fields now,gate,elapsed,quanta,pending,update_time
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// ---- the clock profiles (docs/RETAIL-CONTRACT.md) ----
const f32 = Math.fround;
const PROFILES = {
  // Retail: doubles MIN_QUANTUM 1/30, MAX_QUANTUM 1/5, HUGE_QUANTUM 2; EPSILON is the float 0.0002f.
  retail: { gate: true, ladder: 'retail', min: 1 / 30, max: 1 / 5, huge: 2, epsilon: f32(0.0002), minGatesWhole: false },
  // acdream-r6: the same ladder with the float constants, and a quantum at most MAX_QUANTUM long
  // runs only when it exceeds MIN_QUANTUM; no world gate.
  'acdream-r6': { gate: false, ladder: 'retail', min: f32(1 / 30), max: f32(0.2), huge: f32(2), epsilon: f32(0.0002), minGatesWhole: true },
  // ACE: doubles 1/30, 0.1, 2; nothing below MIN_QUANTUM is consumed; no EPSILON; no world gate.
  ace: { gate: false, ladder: 'ace', min: 1 / 30, max: 0.1, huge: 2 },
};

/** CPhysicsObj::update_object's clock ladder for one object: returns the trace fields. */
function updateObject(obj, now, k) {
  let elapsed = now - obj.updateTime;
  let physicsTime = obj.updateTime;
  const quanta = [];
  const out = { elapsed, quanta };
  const run = (q) => quanta.push(f32(q)); // UpdateObjectInternal takes a float
  if (k.ladder === 'ace') {
    if (elapsed < k.min) return out;
    if (elapsed > k.huge) { obj.updateTime = now; return out; }
    while (elapsed > k.max) { physicsTime += k.max; run(k.max); elapsed -= k.max; }
    if (elapsed > k.min) { physicsTime += elapsed; run(elapsed); }
    obj.updateTime = physicsTime;
    return out;
  }
  if (!(elapsed > k.epsilon) || !(elapsed <= k.huge)) { obj.updateTime = now; return out; }
  let remainder = true;
  if (elapsed > k.max) {
    do { physicsTime += k.max; run(k.max); elapsed -= k.max; } while (elapsed > k.max);
    remainder = elapsed > k.min;
  } else if (k.minGatesWhole) {
    remainder = elapsed > k.min;
  }
  if (remainder) { physicsTime += elapsed; run(elapsed); }
  obj.updateTime = physicsTime;
  return out;
}

/** The scenario's frame times: explicit, or the generator (docs/PORTING.md "Frames"). */
function frameTimes(frames) {
  if (frames.times) return frames.times;
  const u32 = (v) => (typeof v === 'string' ? parseInt(v, 16) : v) >>> 0;
  const { hz, count, start = 0, jitter } = frames;
  let x = jitter ? u32(jitter.seed) : 0;
  const times = [];
  for (let k = 1; k <= count; k++) {
    let t = start + k / hz;
    if (jitter) {
      x = (x ^ (x << 13)) >>> 0;
      x = (x ^ (x >>> 17)) >>> 0;
      x = (x ^ (x << 5)) >>> 0;
      t = t + ((2.0 * (x / 4294967296.0) - 1.0) * jitter.ms) / 1000.0;
    }
    times.push(t);
  }
  return times;
}

/** Run one scenario under a profile: the trace text (JSON Lines). */
export function runClock(scenario, profile) {
  const k = PROFILES[profile];
  // An object whose enter_at is > 0 enters before the first frame whose time is >= enter_at;
  // until then it is not in the world (no row).
  const objects = scenario.objects.map((o) => ({ id: o.id, updateTime: o.enter_at ?? 0, entered: !((o.enter_at ?? 0) > 0) }));
  let lastUpdate = 0;
  const lines = [];
  frameTimes(scenario.frames).forEach((now, i) => {
    // CPhysics::UseTime's world gate (retail only).
    let gate = true;
    if (k.gate) {
      const q = now - lastUpdate;
      if (!(q >= 0)) { lastUpdate = now; gate = false; }
      else gate = q >= 1 / 30;
    }
    for (const obj of objects) if (!obj.entered && obj.updateTime <= now) obj.entered = true;
    const rows = objects.filter((obj) => obj.entered).map((obj) => {
      const r = gate ? updateObject(obj, now, k) : { quanta: [] };
      return { id: obj.id, ...(gate ? { elapsed: r.elapsed } : {}), quanta: r.quanta, pending: now - obj.updateTime, update_time: obj.updateTime };
    });
    if (gate) lastUpdate = now;
    lines.push(JSON.stringify({ frame: i + 1, now, gate, objects: rows }));
  });
  return `${lines.join('\n')}\n`;
}

function main(argv) {
  let suite = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'conformance', 'v1'), group = 'clock', out;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--suite') suite = argv[++i];
    else if (argv[i] === '--group') group = argv[++i];
    else out = argv[i];
  }
  if (!out) { console.error('usage: node port.mjs [--suite DIR] [--group G] <out-dir>'); return 2; }
  const manifest = JSON.parse(readFileSync(join(suite, 'manifest.json'), 'utf8'));
  const cases = manifest.cases.filter((x) => x.group === group);
  if (!cases.length) {
    console.error(`port.mjs: --group ${group}: no case of the suite is in that group (groups: ${[...new Set(manifest.cases.map((x) => x.group))].join(', ')})`);
    return 2;
  }
  mkdirSync(out, { recursive: true });
  for (const c of cases) {
    const scenario = JSON.parse(readFileSync(join(suite, c.scenario), 'utf8'));
    writeFileSync(join(out, `${c.trace}.jsonl`), runClock(scenario, c.profile));
    console.log(`${c.trace}.jsonl (${c.profile})`);
  }
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
