// acphys benchmarks — the measurement protocol on the WebAssembly side, shared by Node
// (bench/wasm-node.mjs) and the bench page (bench/page/bench-page.mjs). It is the protocol the
// native `acphys bench` follows (src/cli/bench_cmd.c), so the two are compared like for like:
//   1. build the world (timed on its own);
//   2. verify: warm-up frames that also check the quanta counter against the update records;
//      the state digest after them must equal the native one (same bits);
//   3. size a window to about `window` seconds: from the warm-up frames' pace, then from
//      calibration windows until the pace settles (settle(): V8's tier-up, below);
//   4. run `windows` windows; each gives object-quanta per second; report median, min and max;
//   5. the heap calls made during the windows (only CPhysics::UseTime runs) must be zero.
// Time is the host's (performance.now); the module never reads a clock.
//
// V8 compiles each WebAssembly function first with Liftoff (its baseline compiler) and replaces it
// with TurboFan code in the background once it has run enough (dynamic tiering); a call already
// running keeps the code it started with (no on-stack replacement), and one window is one call.
// The warm-up frames are too few to tier up at small sizes (60 frames at 1 object), so the first
// calibration window ran in Liftoff at a quarter of the optimized pace: it sized the windows 3-4×
// too short, and the first measured window ran while TurboFan was still compiling the hot
// functions (--trace-wasm-compilation-times shows every hot function's TurboFan build finishing
// after the calibration window; that window at 1 object: ~1.5 M frames/s, then 5-6.5 M). Native
// code has no tiers, so the fair comparison is the optimized code: settle() runs calibration
// windows until the pace stops improving (at most CALIBRATION_MAX), then sizes the windows from
// the last. Natively the second window already agrees with the first.

/** Workload kinds of src/bench/bench.h. */
export const KINDS = Object.freeze({ motion: 0, terrain: 1, static: 2, remote: 3, crowd: 4, particles: 5, indoor: 6, varied: 7, wood: 8, town: 9, 'varied-motion': 10 });

/** Warm-up frames for n objects (as the native side): at least 10, at most 60. */
export function warmupFrames(n) {
  return Math.min(60, Math.max(10, Math.floor(200000 / n)));
}

/** Frames (or quanta) that take about `window` seconds at `per` seconds each; at least 1. */
export function framesFor(window, per) {
  return Math.max(1, Math.min(1e9, Math.floor(window / Math.max(per, 1e-9))));
}

/** Calibration windows at most (see the tiering note above). */
export const CALIBRATION_MAX = 5;

/** Frames (or quanta) per window: run calibration windows of `frames` (first sized from the
 *  warm-up's pace) until one is not more than 5 % faster than the one before, each sizing the
 *  next to about `window` seconds; at most CALIBRATION_MAX. `run(n)` runs n frames. */
export function settle(run, window, frames, now) {
  let prevPer = Infinity;
  for (let i = 0; i < CALIBRATION_MAX; i++) {
    const t0 = now();
    run(frames);
    const per = (now() - t0) / 1000 / frames;
    frames = framesFor(window, per);
    if (per >= 0.95 * prevPer) break;
    prevPer = per;
  }
  return frames;
}

/** Median of an array of numbers. */
export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : 0.5 * (s[m - 1] + s[m]);
}

/** The p-th percentile (0..100, nearest rank). */
export function percentile(values, p) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

function hex64(hi, lo) {
  return (hi >>> 0).toString(16).padStart(8, '0') + (lo >>> 0).toString(16).padStart(8, '0');
}

/** Copy the excerpts into linear memory once: { portal: [ptr, size], cell: [ptr, size] }. */
export function loadExcerpts(acp, portalBytes, cellBytes) {
  return {
    portal: [acp.copyIn(portalBytes), portalBytes.byteLength],
    cell: [acp.copyIn(cellBytes), cellBytes.byteLength],
  };
}

/** Build a benchmark world; throws with the module's reason on failure. */
export function createWorld(acp, excerpts, kind, n) {
  const x = acp.exports;
  const b = x.acp_abi_bench_create(KINDS[kind], n, ...excerpts.portal, ...excerpts.cell);
  if (!b) throw new Error(`acphys bench: ${kind} × ${n}: ${acp.string(x.acp_abi_bench_status_string(x.acp_abi_bench_status()))}`);
  return b;
}

/** The world's state digest (hex, 16 digits). */
export function worldDigest(acp, b) {
  return hex64(acp.exports.acp_abi_bench_digest_hi(b), acp.exports.acp_abi_bench_digest_lo(b));
}

/** Object-quanta per second of CPhysics::UseTime for `n` objects of `kind`. */
export function measureWorld(acp, excerpts, kind, n, { window = 0.25, windows = 5, now = () => performance.now() } = {}) {
  const x = acp.exports;
  let t0 = now();
  const b = createWorld(acp, excerpts, kind, n);
  const buildS = (now() - t0) / 1000;
  try {
    const warmup = warmupFrames(n);
    t0 = now();
    const failed = x.acp_abi_bench_verify(b, warmup);
    const perFrame = (now() - t0) / 1000 / warmup;
    const digest = worldDigest(acp, b);
    // calibration windows until the pace settles (the optimized code: the tiering note above)
    const frames = settle((n) => x.acp_abi_bench_run(b, n), window, framesFor(window, perFrame), now);
    const rates = [];
    const allocs0 = x.acp_abi_alloc_count(), pu0 = x.acp_abi_bench_particle_updates(b);
    let quanta = 0, seconds = 0;
    for (let w = 0; w < windows; w++) {
      const q0 = x.acp_abi_bench_quanta(b);
      t0 = now();
      x.acp_abi_bench_run(b, frames);
      const dt = (now() - t0) / 1000;
      const dq = x.acp_abi_bench_quanta(b) - q0;
      rates.push(dq / dt);
      quanta += dq;
      seconds += dt;
    }
    const allocations = x.acp_abi_alloc_count() - allocs0;
    return {
      target: 'wasm', kind, objects: n, build_s: buildS, warmup_frames: warmup, verify_failed: failed,
      frames_per_window: frames, quanta, seconds, rate: median(rates), rate_min: Math.min(...rates),
      rate_max: Math.max(...rates), windows: rates, allocations, sweeps: x.acp_abi_bench_sweeps(b),
      active: x.acp_abi_bench_active(b), frames: x.acp_abi_bench_frames(b),
      particle_updates: x.acp_abi_bench_particle_updates(b) - pu0,
      particle_rate: seconds > 0 ? (x.acp_abi_bench_particle_updates(b) - pu0) / seconds : 0, digest,
    };
  } finally {
    x.acp_abi_bench_destroy(b);
  }
}

/** Object-quanta per second of the bare kernel over `n` objects. */
export function measureKernel(acp, n, { window = 0.25, windows = 5, now = () => performance.now() } = {}) {
  const x = acp.exports;
  const k = x.acp_abi_bench_kernel_create(n);
  if (!k) throw new Error('acphys bench: out of memory creating the kernel');
  try {
    const warm = warmupFrames(n);
    let t0 = now();
    x.acp_abi_bench_kernel_run(k, warm);
    const perQuantum = (now() - t0) / 1000 / warm;
    const digest = hex64(x.acp_abi_bench_kernel_digest_hi(k), x.acp_abi_bench_kernel_digest_lo(k));
    // calibration windows until the pace settles (the optimized code: the tiering note above)
    const quanta = settle((n) => x.acp_abi_bench_kernel_run(k, n), window, framesFor(window, perQuantum), now);
    const rates = [];
    for (let w = 0; w < windows; w++) {
      t0 = now();
      x.acp_abi_bench_kernel_run(k, quanta);
      rates.push((n * quanta) / ((now() - t0) / 1000));
    }
    return {
      target: 'wasm', kind: 'kernel', objects: n, quanta_per_window: quanta, rate: median(rates),
      rate_min: Math.min(...rates), rate_max: Math.max(...rates), windows: rates, digest,
    };
  } finally {
    x.acp_abi_bench_kernel_destroy(k);
  }
}

/** Read and parse every record of a DAT held in `bytes`, `repeat` times: median seconds,
 *  MB/s (10^6 bytes of records) and records/s. */
export function measureDatRead(acp, bytes, { repeat = 3, now = () => performance.now() } = {}) {
  const x = acp.exports;
  const p = acp.copyIn(bytes);
  const out = acp.alloc(24);
  try {
    const seconds = [];
    let records = 0, recordBytes = 0;
    for (let i = 0; i < repeat; i++) {
      const t0 = now();
      const status = x.acp_abi_bench_dat_read(p, bytes.byteLength, out);
      seconds.push((now() - t0) / 1000);
      if (status !== 0) throw new Error(`acphys bench: reading the DAT failed with status ${status}`);
      const f64 = acp.f64();
      records = f64[out >> 3];
      recordBytes = f64[(out >> 3) + 1];
    }
    const s = median(seconds);
    return {
      target: 'wasm', file_bytes: bytes.byteLength, records, record_bytes: recordBytes,
      memory: { seconds: s, mb_per_s: recordBytes / 1e6 / s, records_per_s: records / s },
    };
  } finally {
    acp.free(out);
    acp.free(p);
  }
}
