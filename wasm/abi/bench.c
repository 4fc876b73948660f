/* acphys — the WebAssembly ABI, the benchmark entry points (src/bench/bench.h, alloc_count.h).
 * Conventions: wasm/abi/abi.h. */
#include "abi.h"

/* ---- benchmarks: src/bench/bench.h, src/bench/alloc_count.h ----
 * The host times these calls (performance.now); nothing here reads a clock. 64-bit counts cross
 * as doubles (exact below 2^53). */

/** Calls to malloc, calloc, realloc and free the module has made since it started. */
ACP_ABI double acp_abi_alloc_count(void) { return (double)acp_alloc_count(); }

static acp_bench_status bench_last_status;

/** A benchmark world (an acp_bench_kind: 0 motion, 1 terrain, 2 static, ... 8 wood, 9 town) of `num_objects` objects built from
 *  the portal and cell excerpts at portal[0..portal_size) and cell[0..cell_size) (the bytes may
 *  be freed afterwards). 0 on failure: acp_abi_bench_status tells why. */
ACP_ABI acp_bench *acp_abi_bench_create(uint32_t kind, uint32_t num_objects, const uint8_t *portal,
                                        uint32_t portal_size, const uint8_t *cell, uint32_t cell_size)
{
    return acp_bench_create((acp_bench_kind)kind, num_objects, portal, portal_size, cell, cell_size,
                            &bench_last_status);
}
/** The acp_bench_status of the last acp_abi_bench_create (0 ok). */
ACP_ABI uint32_t acp_abi_bench_status(void) { return (uint32_t)bench_last_status; }
/** Static message of a bench status. */
ACP_ABI const char *acp_abi_bench_status_string(uint32_t status)
{
    return acp_bench_status_string((acp_bench_status)status);
}
/** Release a benchmark world. */
ACP_ABI void acp_abi_bench_destroy(acp_bench *b) { acp_bench_destroy(b); }
/** Run the next `frames` frames (CPhysics::UseTime at k · 34953/2^20 s). */
ACP_ABI void acp_abi_bench_run(acp_bench *b, uint32_t frames) { acp_bench_run(b, frames); }
/** Run `frames` frames checking the quanta counter against the records; the frames that failed. */
ACP_ABI uint32_t acp_abi_bench_verify(acp_bench *b, uint32_t frames) { return acp_bench_verify(b, frames); }
/** Object-quanta simulated so far. */
ACP_ABI double acp_abi_bench_quanta(const acp_bench *b) { return (double)acp_bench_quanta(b); }
/** Frames run so far. */
ACP_ABI double acp_abi_bench_frames(const acp_bench *b) { return (double)acp_bench_frames(b); }
/** Terrain sweeps run so far. */
ACP_ABI double acp_abi_bench_sweeps(const acp_bench *b) { return (double)acp_bench_sweeps(b); }
/** Particle::Update calls run so far (the particles workload). */
ACP_ABI double acp_abi_bench_particle_updates(const acp_bench *b) { return (double)acp_bench_particle_updates(b); }
/** Objects still active and in a cell. */
ACP_ABI uint32_t acp_abi_bench_active(const acp_bench *b) { return acp_bench_active_objects(b); }
/** The benchmark's world (layout kind 1). */
ACP_ABI acp_world *acp_abi_bench_world(acp_bench *b) { return acp_bench_world(b); }
/** Low and high 32 bits of the world's state digest (same bits native and WASM). */
ACP_ABI uint32_t acp_abi_bench_digest_lo(acp_bench *b) { return (uint32_t)acp_bench_digest(b); }
ACP_ABI uint32_t acp_abi_bench_digest_hi(acp_bench *b) { return (uint32_t)(acp_bench_digest(b) >> 32); }

/** The bare kernel over `num_objects` objects; 0 when out of memory. */
ACP_ABI acp_bench_kernel *acp_abi_bench_kernel_create(uint32_t num_objects) { return acp_bench_kernel_create(num_objects); }
/** Release a kernel. */
ACP_ABI void acp_abi_bench_kernel_destroy(acp_bench_kernel *k) { acp_bench_kernel_destroy(k); }
/** Run `quanta` quanta on every kernel object. */
ACP_ABI void acp_abi_bench_kernel_run(acp_bench_kernel *k, uint32_t quanta) { acp_bench_kernel_run(k, quanta); }
/** Low and high 32 bits of the kernel objects' digest. */
ACP_ABI uint32_t acp_abi_bench_kernel_digest_lo(const acp_bench_kernel *k) { return (uint32_t)acp_bench_kernel_digest(k); }
ACP_ABI uint32_t acp_abi_bench_kernel_digest_hi(const acp_bench_kernel *k)
{
    return (uint32_t)(acp_bench_kernel_digest(k) >> 32);
}

/** Read and parse every record of the DAT at bytes[0..size): returns a status (0 ok) and writes
 *  records, record bytes and skipped entries as three doubles to out. */
ACP_ABI int acp_abi_bench_dat_read(const uint8_t *bytes, uint32_t size, double *out)
{
    acp_bench_dat_result r;
    acp_dat_error err;
    acp_dat_status st = acp_bench_dat_read(acp_dat_source_memory(bytes, size), &r, &err);
    out[0] = (double)r.records;
    out[1] = (double)r.bytes;
    out[2] = (double)r.skipped;
    return (int)st;
}
