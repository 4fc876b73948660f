/* acphys — `acphys bench` (see bench_cmd.h). The host side of the benchmark driver
 * (src/bench/bench.h): it reads the excerpts, times the driver's calls with CLOCK_MONOTONIC and
 * counts the heap calls made while they run. The protocol is the one scripts/bench.mjs follows
 * for the WebAssembly module under Node:
 *   1. build the world (timed on its own);
 *   2. verify: run warm-up frames checking the quanta counter against the update records; the
 *      state digest after them must equal the WebAssembly one (same bits);
 *   3. size a window to about --window seconds: from the verify frames' pace, then from one
 *      calibration window at the warmed-up pace;
 *   4. run --windows windows; each gives object-quanta / second; report the median, min, max;
 *   5. the heap calls made during the windows (only acp_world_use_time runs) must be zero.
 */
#define _POSIX_C_SOURCE 200809L
#include "bench_cmd.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench/alloc_count.h"
#include "bench/bench.h"
#include "dat_file.h"
#include "outfile.h"

const char acp_cli_bench_usage[] =
    "  acphys bench world <motion|terrain|static|remote|crowd|particles|indoor|varied|wood|town|varied-motion> <objects> [--window s] [--windows n]\n"
    "                     [--frames n] [--portal dat] [--cell dat] [--root-memo on|off] [--clock wall|cpu]\n"
    "                            object-quanta per second of CPhysics::UseTime (JSON);\n"
    "                            --frames: fixed frames per window (for profilers);\n"
    "                            --root-memo off: every update computes its root motion;\n"
    "                            --clock cpu: time by the thread's CPU time (a rate per core)\n"
    "  acphys bench kernel <objects> [--window s] [--windows n] [--frames n]\n"
    "                            the bare arithmetic kernel, object-quanta per second (JSON)\n"
    "  acphys bench dat-gen <out.dat> <MiB> [--portal dat]\n"
    "                            write a large portal DAT of copies of the excerpt's records\n"
    "  acphys bench dat-read <dat> [--repeat n]\n"
    "                            read and parse every record: MB/s and records/s (JSON)\n";

#define MAX_WINDOWS 64
/* After "cannot read <path>": the default excerpts are paths relative to the working directory. */
#define DEFAULT_HINT \
    " (relative paths are read from the working directory: the defaults are the repository's" \
    " data/portal-default.dat and data/cell-default.dat, so run from its root or name them with" \
    " --portal and --cell)"
#define ACP_BENCH_MAX_OBJECTS 10000000ul /* objects in a bench world or kernel */

typedef struct options {
    double window;                    /* seconds per window */
    unsigned windows;
    unsigned repeat;
    unsigned frames;                  /* fixed frames (quanta) per window, 0: size by --window */
    const char *portal;
    const char *cell;
    bool root_memo;                   /* --root-memo on|off (world only) */
    /* The clock the windows are timed with: CLOCK_MONOTONIC (wall), or with --clock cpu the
     * calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID: the time the thread held a core, a
     * rate per core that other processes on a shared machine disturb far less than the wall). */
    clockid_t clock;
} options;

static double now_s(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* A usage error: "acphys bench[ sub]: <what is wrong>", then the usage lines; returns 2. */
static int usage_error(const char *sub, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int usage_error(const char *sub, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "acphys bench%s%s: ", sub ? " " : "", sub ? sub : "");
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nusage:\n%s", acp_cli_bench_usage);
    return 2;
}

/* A whole number written in decimal digits only, from 0 to max; false otherwise. */
static bool whole(const char *s, unsigned long max, uint32_t *out)
{
    if (!s || s[0] < '0' || s[0] > '9') return false;
    char *end;
    errno = 0;
    unsigned long v = strtoul(s, &end, 10);
    if (*end || errno || v > max) return false;
    *out = (uint32_t)v;
    return true;
}

/* A positive finite decimal number; false otherwise. */
static bool positive(const char *s, double *out)
{
    char *end;
    double v = s && *s ? strtod(s, &end) : 0.0;
    if (!s || !*s || *end || !(v > 0.0) || v > 1e9) return false;
    *out = v;
    return true;
}

/* A whole-number option's value from lo to hi into *out; a usage error (2) naming it otherwise. */
static int whole_option(const char *sub, const char *name, const char *v, unsigned lo, unsigned hi, unsigned *out)
{
    uint32_t u = 0;
    if (!whole(v, hi, &u) || u < lo)
        return usage_error(sub, "%s must be a whole number from %u to %u, not \"%s\"", name, lo, hi, v);
    *out = u;
    return 0;
}

/* Parse the --options after the positional arguments of `sub`; 2 (reported, naming the bad
 * argument) on a bad one. */
static int parse_options(const char *sub, int argc, char **argv, int first, options *o)
{
    *o = (options){0.25, 5, 3, 0, "data/portal-default.dat", "data/cell-default.dat", true, CLOCK_MONOTONIC};
    for (int i = first; i < argc; i += 2) {
        const char *name = argv[i];
        bool known = !strcmp(name, "--window") || !strcmp(name, "--windows") || !strcmp(name, "--repeat") ||
                     !strcmp(name, "--frames") || !strcmp(name, "--portal") || !strcmp(name, "--cell") ||
                     !strcmp(name, "--root-memo") || !strcmp(name, "--clock");
        if (!known && name[0] != '-') return usage_error(sub, "unexpected argument \"%s\"", name);
        if (!known) return usage_error(sub, "unknown option \"%s\"", name);
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!v) return usage_error(sub, "%s needs a value", name);
        int bad = 0;
        if (!strcmp(name, "--window")) {
            if (!positive(v, &o->window))
                return usage_error(sub, "--window must be a positive number of seconds up to 1e9, not \"%s\"", v);
        } else if (!strcmp(name, "--windows")) {
            bad = whole_option(sub, name, v, 1, MAX_WINDOWS, &o->windows);
        } else if (!strcmp(name, "--repeat")) {
            bad = whole_option(sub, name, v, 1, MAX_WINDOWS, &o->repeat);
        } else if (!strcmp(name, "--frames")) {
            bad = whole_option(sub, name, v, 0, 1000000u, &o->frames);
        } else if (!strcmp(name, "--clock")) {
            if (strcmp(v, "wall") && strcmp(v, "cpu")) return usage_error(sub, "--clock must be wall or cpu, not \"%s\"", v);
            o->clock = !strcmp(v, "cpu") ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC;
        } else if (!strcmp(name, "--portal")) {
            o->portal = v;
        } else if (!strcmp(name, "--root-memo")) {
            if (strcmp(sub, "world")) return usage_error(sub, "--root-memo is an option of bench world");
            if (strcmp(v, "on") && strcmp(v, "off"))
                return usage_error(sub, "--root-memo must be on or off, not \"%s\"", v);
            o->root_memo = !strcmp(v, "on");
        } else {
            o->cell = v;
        }
        if (bad) return bad;
    }
    return 0;
}

/* The object count argument: 1 to ACP_BENCH_MAX_OBJECTS, else a usage error (2) naming it. */
static int object_count(const char *sub, const char *s, uint32_t *n)
{
    if (whole(s, ACP_BENCH_MAX_OBJECTS, n) && *n > 0) return 0;
    return usage_error(sub, "the object count must be a whole number from 1 to %lu, not \"%s\"", ACP_BENCH_MAX_OBJECTS, s);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Median, min and max of n rates, printed as JSON members. */
static void print_rates(const double *rates, unsigned n)
{
    double sorted[MAX_WINDOWS];
    memcpy(sorted, rates, n * sizeof *rates);
    qsort(sorted, n, sizeof *sorted, cmp_double);
    double median = n % 2 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
    printf("\"rate\":%.6g,\"rate_min\":%.6g,\"rate_max\":%.6g,\"windows\":[", median, sorted[0], sorted[n - 1]);
    for (unsigned i = 0; i < n; i++) printf("%s%.6g", i ? "," : "", rates[i]);
    printf("]");
}

/* Warm-up frames for n objects: at least 10 (the Ready → Run link animation plays out within
 * them), up to 60 for small worlds. */
static uint32_t warmup_frames(uint32_t n)
{
    uint32_t v = 200000u / n;
    return v < 10 ? 10 : v > 60 ? 60 : v;
}

/* Frames (or quanta) that take about `window` seconds at `per` seconds each; at least 1. */
static uint32_t frames_for(double window, double per)
{
    double n = window / (per > 1e-9 ? per : 1e-9);
    return n < 1.0 ? 1u : n > 1e9 ? 1000000000u : (uint32_t)n;
}

/* The frames (or quanta) per window: --frames, else sized from the warm-up's pace `per`, then
 * from one calibration window at the warmed-up pace. */
static uint32_t window_size(const options *o, double per, void (*run)(void *, uint32_t), void *ctx)
{
    if (o->frames) return o->frames;
    uint32_t n = frames_for(o->window, per);
    double t0 = now_s(o->clock);
    run(ctx, n);
    return frames_for(o->window, (now_s(o->clock) - t0) / n);
}

static void run_world(void *b, uint32_t frames) { acp_bench_run(b, frames); }
static void run_kernel(void *k, uint32_t quanta) { acp_bench_kernel_run(k, quanta); }

static int bench_world(int argc, char **argv)
{
    acp_bench_kind kind;
    options o;
    if (argc < 2) return usage_error("world", "needs a world kind (motion, terrain, static, remote, crowd, particles, indoor, varied, wood or varied-motion) and an object count");
    if (!acp_bench_kind_from_name(argv[0], &kind))
        return usage_error("world", "unknown world kind \"%s\" (motion, terrain, static, remote, crowd, particles, indoor, varied, wood or varied-motion)", argv[0]);
    uint32_t n = 0;
    int bad = object_count("world", argv[1], &n);
    if (!bad) bad = parse_options("world", argc, argv, 2, &o);
    if (bad) return bad;
    size_t portal_size = 0, cell_size = 0;
    uint8_t *portal = acp_read_whole_file(o.portal, &portal_size);
    uint8_t *cell = acp_read_whole_file(o.cell, &cell_size);
    if (!portal || !cell) {
        fprintf(stderr, "acphys bench: cannot read %s%s\n", portal ? o.cell : o.portal, DEFAULT_HINT);
        free(portal);
        free(cell);
        return 1;
    }
    acp_bench_status st;
    double t0 = now_s(o.clock);
    acp_bench *b = acp_bench_create(kind, n, portal, portal_size, cell, cell_size, &st);
    double build_s = now_s(o.clock) - t0;
    free(portal);
    free(cell);
    if (!b) {
        fprintf(stderr, "acphys bench: %s\n", acp_bench_status_string(st));
        return 1;
    }
    if (!o.root_memo) acp_bench_disable_root_memo(b);
    uint32_t warmup = warmup_frames(n);
    t0 = now_s(o.clock);
    uint32_t failed = acp_bench_verify(b, warmup);
    double per_frame = (now_s(o.clock) - t0) / warmup;
    uint64_t digest = acp_bench_digest(b); /* after the fixed warm-up: comparable across builds */
    uint32_t frames = window_size(&o, per_frame, run_world, b);
    double rates[MAX_WINDOWS];
    uint64_t allocs0 = acp_alloc_count(), q_total = 0, pu0 = acp_bench_particle_updates(b);
    double t_total = 0.0;
    for (unsigned w = 0; w < o.windows; w++) {
        uint64_t q0 = acp_bench_quanta(b);
        t0 = now_s(o.clock);
        acp_bench_run(b, frames);
        double dt = now_s(o.clock) - t0;
        uint64_t dq = acp_bench_quanta(b) - q0;
        rates[w] = (double)dq / dt;
        q_total += dq;
        t_total += dt;
    }
    uint64_t allocs = acp_alloc_count() - allocs0;
    printf("{\"target\":\"native\",\"kind\":\"%s\",\"objects\":%" PRIu32 ",\"build_s\":%.4f,\"warmup_frames\":%" PRIu32
           ",\"verify_failed\":%" PRIu32 ",\"frames_per_window\":%" PRIu32 ",\"quanta\":%" PRIu64 ",\"seconds\":%.6f,",
           acp_bench_kind_name(kind), n, build_s, warmup, failed, frames, q_total, t_total);
    print_rates(rates, o.windows);
    uint64_t pu = acp_bench_particle_updates(b) - pu0;
    uint64_t memo_hits, memo_misses;
    acp_bench_root_memo_counts(b, &memo_hits, &memo_misses);
    printf(",\"allocations\":%" PRIu64 ",\"sweeps\":%" PRIu64 ",\"active\":%" PRIu32 ",\"frames\":%" PRIu64
           ",\"particle_updates\":%" PRIu64 ",\"particle_rate\":%.6g,\"root_memo_hits\":%" PRIu64
           ",\"root_memo_misses\":%" PRIu64 ",\"digest\":\"%016" PRIx64 "\"}\n",
           allocs, acp_bench_sweeps(b), acp_bench_active_objects(b), acp_bench_frames(b), pu,
           t_total > 0.0 ? (double)pu / t_total : 0.0, memo_hits, memo_misses, digest);
    acp_bench_destroy(b);
    if (failed) fprintf(stderr, "acphys bench: %" PRIu32 " frames' quanta did not match the records\n", failed);
    if (allocs) fprintf(stderr, "acphys bench: %" PRIu64 " heap calls inside UseTime\n", allocs);
    return failed || allocs ? 1 : 0;
}

static int bench_kernel(int argc, char **argv)
{
    options o;
    if (argc < 1) return usage_error("kernel", "needs an object count");
    uint32_t n = 0;
    int bad = object_count("kernel", argv[0], &n);
    if (!bad) bad = parse_options("kernel", argc, argv, 1, &o);
    if (bad) return bad;
    acp_bench_kernel *k = acp_bench_kernel_create(n);
    if (!k) {
        fprintf(stderr, "acphys bench: out of memory\n");
        return 1;
    }
    uint32_t warm = warmup_frames(n);
    double t0 = now_s(o.clock);
    acp_bench_kernel_run(k, warm);
    double per_quantum = (now_s(o.clock) - t0) / warm;
    uint64_t digest = acp_bench_kernel_digest(k);
    uint32_t quanta = window_size(&o, per_quantum, run_kernel, k);
    double rates[MAX_WINDOWS];
    for (unsigned w = 0; w < o.windows; w++) {
        t0 = now_s(o.clock);
        acp_bench_kernel_run(k, quanta);
        rates[w] = (double)n * quanta / (now_s(o.clock) - t0);
    }
    printf("{\"target\":\"native\",\"kind\":\"kernel\",\"objects\":%" PRIu32 ",\"quanta_per_window\":%" PRIu32 ",", n,
           quanta);
    print_rates(rates, o.windows);
    printf(",\"digest\":\"%016" PRIx64 "\"}\n", digest);
    acp_bench_kernel_destroy(k);
    return 0;
}

static int bench_dat_gen(int argc, char **argv)
{
    options o;
    if (argc < 2) return usage_error("dat-gen", "needs an output file and a size in MiB");
    double mib = 0.0;
    if (!positive(argv[1], &mib) || mib > 1900.0)
        return usage_error("dat-gen", "the size must be a positive number of MiB up to 1900, not \"%s\"", argv[1]);
    int bad = parse_options("dat-gen", argc, argv, 2, &o);
    if (bad) return bad;
    size_t portal_size = 0;
    uint8_t *portal = acp_read_whole_file(o.portal, &portal_size);
    if (!portal) {
        fprintf(stderr, "acphys bench: cannot read %s%s\n", o.portal, DEFAULT_HINT);
        return 1;
    }
    uint8_t *out = NULL;
    size_t out_size = 0;
    acp_dat_error err;
    acp_dat_status st = acp_bench_dat_generate((uint64_t)(mib * 1048576.0), portal, portal_size, &out, &out_size, &err);
    free(portal);
    if (st != ACP_DAT_OK) {
        fprintf(stderr, "acphys bench: generating the DAT: %s\n", acp_dat_status_string(st));
        return 1;
    }
    char why[ACP_OUTFILE_ERR_SIZE];
    int unwritten = acp_write_whole_file(argv[0], out, out_size, why, sizeof why);
    free(out);
    if (unwritten) {
        fprintf(stderr, "acphys bench: %s: %s\n", argv[0], why);
        return 1;
    }
    printf("{\"path\":\"%s\",\"bytes\":%zu}\n", argv[0], out_size);
    return 0;
}

/* One timed read of every record; false (reported) on an error. */
static bool read_once(const char *path, acp_dat_source src, acp_bench_dat_result *r, double *seconds)
{
    acp_dat_error err;
    double t0 = now_s(CLOCK_MONOTONIC);
    acp_dat_status st = acp_bench_dat_read(src, r, &err);
    *seconds = now_s(CLOCK_MONOTONIC) - t0;
    if (st != ACP_DAT_OK) fprintf(stderr, "acphys bench: %s: %s\n", path, acp_dat_status_string(st));
    return st == ACP_DAT_OK;
}

static void print_read(const char *name, const acp_bench_dat_result *r, const double *seconds, unsigned n)
{
    double sorted[MAX_WINDOWS];
    memcpy(sorted, seconds, n * sizeof *seconds);
    qsort(sorted, n, sizeof *sorted, cmp_double);
    double s = n % 2 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
    printf("\"%s\":{\"seconds\":%.6f,\"mb_per_s\":%.6g,\"records_per_s\":%.6g}", name, s, (double)r->bytes / 1e6 / s,
           (double)r->records / s);
}

static int bench_dat_read(int argc, char **argv)
{
    options o;
    if (argc < 1) return usage_error("dat-read", "needs a DAT file");
    int bad = parse_options("dat-read", argc, argv, 1, &o);
    if (bad) return bad;
    const char *path = argv[0];
    acp_dat_file f;
    if (acp_dat_file_open(&f, path) != ACP_DAT_OK) {
        fprintf(stderr, "acphys bench: cannot open %s\n", path);
        return 1;
    }
    acp_bench_dat_result r;
    double pread_s[MAX_WINDOWS], memory_s[MAX_WINDOWS];
    bool ok = true;
    for (unsigned i = 0; ok && i < o.repeat; i++) ok = read_once(path, acp_dat_file_source(&f), &r, &pread_s[i]);
    uint64_t file_bytes = f.length;
    acp_dat_file_close(&f);
    size_t size = 0;
    uint8_t *bytes = ok ? acp_read_whole_file(path, &size) : NULL;
    if (ok && !bytes) {
        fprintf(stderr, "acphys bench: cannot read %s into memory\n", path);
        ok = false;
    }
    for (unsigned i = 0; ok && i < o.repeat; i++) ok = read_once(path, acp_dat_source_memory(bytes, size), &r, &memory_s[i]);
    free(bytes);
    if (!ok) return 1;
    printf("{\"target\":\"native\",\"file_bytes\":%" PRIu64 ",\"records\":%" PRIu64 ",\"record_bytes\":%" PRIu64 ",",
           file_bytes, r.records, r.bytes);
    print_read("pread", &r, pread_s, o.repeat);
    printf(",");
    print_read("memory", &r, memory_s, o.repeat);
    printf("}\n");
    return 0;
}

int acp_cli_bench(int argc, char **argv)
{
    if (argc < 1) return usage_error(NULL, "which benchmark? (world, kernel, dat-gen or dat-read)");
    if (!strcmp(argv[0], "world")) return bench_world(argc - 1, argv + 1);
    if (!strcmp(argv[0], "kernel")) return bench_kernel(argc - 1, argv + 1);
    if (!strcmp(argv[0], "dat-gen")) return bench_dat_gen(argc - 1, argv + 1);
    if (!strcmp(argv[0], "dat-read")) return bench_dat_read(argc - 1, argv + 1);
    return usage_error(NULL, "unknown benchmark \"%s\" (world, kernel, dat-gen or dat-read)", argv[0]);
}
