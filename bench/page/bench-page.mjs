// acphys benchmarks — the page row: the core's milliseconds per frame in the browser.
// One benchmark world (src/bench/bench.h) of `objects` objects of `kind`, built from the default
// excerpts and warmed up as bench/lib/measure.mjs does; then, once per requestAnimationFrame,
// one frame of CPhysics::UseTime (every object simulates one quantum, as on every frame that
// passes retail's 1/30 s world gate) timed with performance.now. The result (median, p95, mean
// and max milliseconds over `frames` frames) is shown and left in window.acphysBench.
// The demo page (web/) is to reuse this loop for its own frame budget.
// With ?draw=1 it times the draw side's array fills instead (measureDraw below).
import { loadAcphys } from '../../wasm/acphys.mjs';
import { createWorld, framesFor, loadExcerpts, median, percentile, settle, warmupFrames, worldDigest } from '../lib/measure.mjs';

const params = new URLSearchParams(location.search);
const kind = params.get('kind') ?? 'motion';
const objects = Number(params.get('objects') ?? 1000);
const frames = Number(params.get('frames') ?? 300);
const out = document.getElementById('out');

async function fetchBytes(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

function nextFrame() {
  return new Promise((resolve) => requestAnimationFrame(resolve));
}

/** ?draw=1: the draw side instead (wasm/abi/draw.c). Once per requestAnimationFrame, one frame
 *  of UseTime (not timed), then the part and sphere matrices of every object filled into two
 *  preallocated arrays, timed four ways:
 *  `first`: the world fills right after the frame (acp_abi_draw_world_part_matrices,
 *    _sphere_matrices: one call each; objects showing the same animation frame share its part
 *    rotations within the call, src/draw/draw.c keyframe_cache);
 *  `again`: the same two world fills a second time (the same work: drawing places nothing);
 *  `per_object`: one acp_abi_draw_part_matrices and one _sphere_matrices call per object into the
 *    same arrays, as the page's 3-D view fills (nothing shared between objects, plus 2 calls from
 *    JavaScript per object);
 *  `floor`: Float32Array.fill over the part array, the bytes of the matrices written and nothing
 *    computed (memset: the memory bandwidth the fill cannot beat). */
async function measureDraw(acp, b) {
  const x = acp.exports;
  const w = x.acp_abi_bench_world(b);
  const objPtrs = acp.u32().slice(acp.get('world', w, 'objects') >> 2, (acp.get('world', w, 'objects') >> 2) + objects);
  const origin = acp.get('physobj', objPtrs[0], 'cell') >>> 0;
  const np = x.acp_abi_draw_world_part_matrices(w, origin, 0, 0);
  const ns = x.acp_abi_draw_world_sphere_matrices(w, origin, 0, 0);
  const parts = acp.alloc(np * 64), spheres = acp.alloc(Math.max(1, ns) * 64);
  const first = [], again = [], perObject = [], floor = [];
  const worldFill = () => {
    x.acp_abi_draw_world_part_matrices(w, origin, parts, np);
    x.acp_abi_draw_world_sphere_matrices(w, origin, spheres, ns);
  };
  const objectFill = () => {
    let p = 0, s = 0;
    for (let i = 0; i < objPtrs.length; i++) {
      p += x.acp_abi_draw_part_matrices(objPtrs[i], origin, parts + p * 64, np - p);
      s += x.acp_abi_draw_sphere_matrices(objPtrs[i], origin, spheres + s * 64, ns - s);
    }
  };
  const timed = (fn, into) => {
    const t0 = performance.now();
    fn();
    into.push(performance.now() - t0);
  };
  const allocs0 = x.acp_abi_alloc_count();
  for (let i = 0; i < frames; i++) {
    await nextFrame();
    x.acp_abi_bench_run(b, 1);
    timed(worldFill, first);
    timed(worldFill, again);
    timed(objectFill, perObject);
    const f32 = acp.f32();
    timed(() => f32.fill(i, parts >> 2, (parts >> 2) + np * 16), floor);
  }
  const allocations = x.acp_abi_alloc_count() - allocs0;
  acp.free(parts);
  acp.free(spheres);
  const stats = (ms) => ({ median: median(ms), p95: percentile(ms, 95), max: Math.max(...ms), min: Math.min(...ms) });
  return { target: 'chromium', job: 'draw', kind, objects, frames, part_matrices: np, sphere_matrices: ns,
    allocations, first_ms: stats(first), again_ms: stats(again), per_object_ms: stats(perObject), floor_ms: stats(floor),
    part_bytes: np * 64, user_agent: navigator.userAgent };
}

async function main() {
  const acp = await loadAcphys();
  const x = acp.exports;
  const excerpts = loadExcerpts(acp, await fetchBytes('../../data/portal-default.dat'),
    await fetchBytes('../../data/cell-default.dat'));
  const b = createWorld(acp, excerpts, kind, objects);
  const warmup = warmupFrames(objects);
  const verifyFailed = x.acp_abi_bench_verify(b, warmup);
  const digest = worldDigest(acp, b);
  if (params.get('draw')) {
    const r = await measureDraw(acp, b);
    x.acp_abi_bench_destroy(b);
    out.textContent = JSON.stringify(r, null, 2);
    window.acphysBench = r;
    return;
  }
  out.textContent = `${kind} × ${objects}: running ${frames} frames…`;
  // Untimed frames until the pace settles (bench/lib/measure.mjs settle: V8 tiers the hot
  // functions up in the background; the timed frames are to run the optimized code, as natively).
  let t0 = performance.now();
  x.acp_abi_bench_run(b, 1);
  settle((n) => x.acp_abi_bench_run(b, n), 0.25, framesFor(0.25, (performance.now() - t0) / 1000), () => performance.now());
  const ms = [];
  const allocs0 = x.acp_abi_alloc_count();
  const q0 = x.acp_abi_bench_quanta(b);
  const rafIntervals = [];
  let lastRaf = 0;
  for (let i = 0; i < frames; i++) {
    const t = await nextFrame();
    if (lastRaf) rafIntervals.push(t - lastRaf);
    lastRaf = t;
    const t0 = performance.now();
    x.acp_abi_bench_run(b, 1);
    ms.push(performance.now() - t0);
  }
  const result = {
    target: 'chromium', kind, objects, frames, warmup_frames: warmup, verify_failed: verifyFailed, digest,
    quanta: x.acp_abi_bench_quanta(b) - q0, allocations: x.acp_abi_alloc_count() - allocs0,
    ms_median: median(ms), ms_p95: percentile(ms, 95), ms_mean: ms.reduce((a, v) => a + v, 0) / ms.length,
    ms_max: Math.max(...ms), raf_interval_ms: median(rafIntervals),
    cross_origin_isolated: globalThis.crossOriginIsolated === true, user_agent: navigator.userAgent,
  };
  x.acp_abi_bench_destroy(b);
  out.textContent = JSON.stringify(result, null, 2);
  window.acphysBench = result;
}

main().catch((e) => {
  out.textContent = `failed: ${e.stack || e}`;
  window.acphysBench = { error: String(e.stack || e) };
});
