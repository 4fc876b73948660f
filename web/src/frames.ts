// The frame generator (docs/SCENARIOS.md) in TypeScript, for the page's display of a scenario's
// frame times without a round trip into the .wasm. It is the C generator (acp_frames_generate in
// src/scenario/scenario.c) expression for expression: frame k (1..count) is at
//   t = start + k / hz, then, with jitter, t = t + (2u − 1) · ms / 1000,
// with u = x / 2^32 and x the xorshift32 state after k steps from the seed (x ^= x << 13;
// x ^= x >>> 17; x ^= x << 5, all 32-bit unsigned). JavaScript numbers are IEEE doubles and the
// operations are the same, in the same order, so the times are the same doubles;
// tests/node/scenario.test.mjs checks it bit for bit against the .wasm.

/** The generator form of a scenario's "frames" (seconds, frames per second, milliseconds). */
export interface FrameGenerator {
  hz: number;
  count: number;
  start?: number;
  /** seed: a non-zero uint32 (0 would keep xorshift32 at 0; the schema forbids it). */
  jitter?: { seed: number; ms: number };
}

/** One xorshift32 step on a uint32. */
export function xorshift32(x: number): number {
  x = (x ^ (x << 13)) >>> 0;
  x = (x ^ (x >>> 17)) >>> 0;
  x = (x ^ (x << 5)) >>> 0;
  return x;
}

/** The frame times of a generator, seconds. */
export function generateFrameTimes(gen: FrameGenerator): Float64Array {
  const start = gen.start ?? 0;
  const out = new Float64Array(gen.count);
  let x = gen.jitter ? gen.jitter.seed >>> 0 : 0;
  for (let k = 1; k <= gen.count; k++) {
    let t = start + k / gen.hz;
    if (gen.jitter) {
      x = xorshift32(x);
      const u = x / 4294967296.0;
      t = t + ((2.0 * u - 1.0) * gen.jitter.ms) / 1000.0;
    }
    out[k - 1] = t;
  }
  return out;
}
