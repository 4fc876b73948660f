/* acphys — the public API's cost (issue 37): `acphys_api_bench [objects] [frames] [windows]`.
 *
 * Two identical worlds are built through the API (include/acphys.h): `objects` humanoids
 * (Setup 0x02000001 with its two spheres, MotionTable 0x09000001) entered by SetPosition onto
 * the default excerpts' Holtburg terrain around the player, running and turning (RunForward +
 * TurnRight 1.5): one terrain sweep per object-quantum, the `terrain` workload's work. Then, in
 * windows of `frames` frames (the bench's frame step, so every frame passes the gate), one world
 * is stepped through the API (acp_world_step) and the other through the core (which world goes
 * which way alternates every window, which runs first every two: ABBA); then as many windows
 * again with the API's side reading every object back after each step (acp_object_get_state,
 * what a host does). The core's call is acp_world_use_time on the API world's own acp_world.
 * The two worlds must end in the same state (the API adds no arithmetic). Prints one JSON line: ns per object-quantum for the
 * core, the API, the API with read-back, and the API's overhead in percent: each window's ratio
 * pairs the two sides (the machine's noise hits both alike), each four windows' geometric mean
 * cancels which world and which order, and the overhead is the median of those.
 * `acphys_api_bench --count api|core objects frames` steps one world one way only, for counting
 * instructions (scripts/bench.mjs runs it under callgrind).
 * Not retail: a measurement. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "acphys.h"
#include "api_internal.h"
#include "bench/bench.h"
#include "physics/world/physics.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts); /* the thread's CPU time: a loaded machine's preemptions do not count */
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int fail(const char *what)
{
    fprintf(stderr, "acphys_api_bench: %s: %s\n", what, acp_error_message());
    return 1;
}

static int build(acp_world_id *w, uint32_t n)
{
    acp_world_def wd = acp_default_world_def();
    wd.max_objects = n;
    if (acp_create_world(&wd, w) != ACP_OK) return fail("world");
    if (acp_world_load_default_records(*w) != ACP_OK) return fail("records");
    uint32_t side = 1;
    while (side * side < n) side++;
    float spacing = side > 1 ? 120.0f / (float)(side - 1) : 0.0f; /* a 120 m square: all within 96 m of the centre */
    for (uint32_t i = 0; i < n; i++) {
        acp_object_def d = acp_default_object_def();
        d.id = 0x50000001u + i;
        d.setup = 0x02000001u;
        d.pose.cell = 0xA9B40001u; /* landblock A9B4; SetPosition finds the cell */
        d.pose.origin[0] = 36.0f + spacing * (float)(i % side);
        d.pose.origin[1] = 36.0f + spacing * (float)(i / side);
        d.pose.origin[2] = 120.0f;
        d.pose.cell = 0xA9B40000u | (1u + (uint32_t)(d.pose.origin[0] / 24.0f) * 8u + (uint32_t)(d.pose.origin[1] / 24.0f));
        if (acp_create_object(*w, &d) != ACP_OK) return fail("object");
        acp_motion m = acp_default_motion();
        m.forward_command = 0x44000007u; /* RunForward */
        m.forward_speed = 2.0039682f;
        m.turn_command = 0x6500000Du; /* TurnRight */
        m.turn_speed = 1.5f;
        if (acp_object_apply_motion(*w, d.id, &m) != ACP_OK) return fail("motion");
    }
    return acp_world_set_player_object(*w, 0x50000001u + n / 2) == ACP_OK ? 0 : fail("player");
}

/* The median of n sorted values. */
static double median(const double *v, uint32_t n) { return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]); }

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* `--count api|core objects frames`: one world stepped `frames` frames one way only, for an
 * instruction counter (callgrind) run at two frame counts: the difference is the stepping alone,
 * exact and unmoved by the machine's load (scripts/bench.mjs). Prints the quanta simulated. */
static int count_mode(const char *way, uint32_t n, uint32_t frames)
{
    bool api = strcmp(way, "api") == 0;
    if (!api && strcmp(way, "core") != 0) {
        fprintf(stderr, "usage: acphys_api_bench --count api|core objects frames\n");
        return 2;
    }
    acp_world_id w;
    if (build(&w, n)) return 1;
    acp_world *c = acp_api_internal_world(w);
    for (uint32_t k = 1; k <= frames; k++) {
        if (api) acp_world_step(w, ACP_BENCH_FRAME_STEP * k);
        else acp_world_use_time(c, ACP_BENCH_FRAME_STEP * k);
    }
    printf("{\"way\":\"%s\",\"objects\":%u,\"frames\":%u,\"quanta\":%llu}\n", way, n, frames,
           (unsigned long long)c->num_quanta);
    return acp_destroy_world(w) == ACP_OK ? 0 : 1;
}

int main(int argc, char **argv)
{
    if (argc == 5 && strcmp(argv[1], "--count") == 0)
        return count_mode(argv[2], (uint32_t)atoi(argv[3]), (uint32_t)atoi(argv[4]));
    uint32_t n = argc > 1 ? (uint32_t)atoi(argv[1]) : 100, frames = argc > 2 ? (uint32_t)atoi(argv[2]) : 100,
             windows = argc > 3 ? (uint32_t)atoi(argv[3]) : 8;
    if (n < 1 || frames < 1 || windows < 4 || windows > 1000) {
        fprintf(stderr, "usage: acphys_api_bench [objects >= 1] [frames >= 1] [windows 4..1000]\n");
        return 2;
    }
    acp_world_id a, b;
    if (build(&a, n) || build(&b, n)) return 1;
    acp_world_id ids[2] = {a, b};
    acp_world *core[2] = {acp_api_internal_world(a), acp_api_internal_world(b)};
    acp_object_state *states = calloc(n, sizeof *states);
    double *ratio = calloc(windows, sizeof *ratio), *ratio_rb = calloc(windows, sizeof *ratio_rb);
    if (!core[0] || !core[1] || !states || !ratio || !ratio_rb) return fail("memory");
    double t_api = 0, t_core = 0, t_rb = 0;
    uint64_t q_api = 0, q_core = 0, q_rb = 0;
    uint32_t k[2] = {0, 0}; /* each world's frames: both see the same frame times */
    /* the first frame of each world (SetPosition settling) is not timed */
    acp_world_step(a, ACP_BENCH_FRAME_STEP * ++k[0]);
    acp_world_use_time(core[1], ACP_BENCH_FRAME_STEP * ++k[1]);
    /* Phase 0 times stepping alone, phase 1 the API's side with every object read back after each
     * step (what a host does). In each window one world is stepped through the API
     * (acp_world_step) and the other through the core (acp_world_use_time on the API world's own
     * acp_world); which world goes which way alternates every window and which side runs first
     * every two (ABBA), so that within four windows each way runs each world, first and second,
     * warm and cold alike. */
    for (int phase = 0; phase < 2; phase++) {
        for (uint32_t win = 0; win < windows; win++) {
            uint32_t x = win & 1u, y = x ^ 1u;
            bool api_first = ((win >> 1) & 1u) == 0;
            double da = 0, db = 0;
            uint64_t qa = 0, qb = 0;
            for (int side = 0; side < 2; side++) {
                bool api = (side == 0) == api_first;
                uint32_t i = api ? x : y;
                uint64_t q0 = core[i]->num_quanta;
                double t0 = now_s();
                if (api)
                    for (uint32_t f = 0; f < frames; f++) {
                        acp_world_step(ids[i], ACP_BENCH_FRAME_STEP * ++k[i]);
                        if (phase == 1)
                            for (uint32_t o = 0; o < n; o++) acp_object_get_state(ids[i], 0x50000001u + o, &states[o]);
                    }
                else
                    for (uint32_t f = 0; f < frames; f++) acp_world_use_time(core[i], ACP_BENCH_FRAME_STEP * ++k[i]);
                double dt = now_s() - t0;
                if (api) da = dt, qa = core[i]->num_quanta - q0;
                else db = dt, qb = core[i]->num_quanta - q0;
            }
            double r = (da / (double)qa) / (db / (double)qb);
            if (phase == 0) t_api += da, t_core += db, q_api += qa, q_core += qb, ratio[win] = r;
            else t_rb += da, q_rb += qa, ratio_rb[win] = r;
        }
    }
    /* the same bits: every object of A equals B's */
    int same = core[0]->num_quanta == core[1]->num_quanta && k[0] == k[1];
    for (uint32_t i = 0; i < n && same; i++) {
        acp_object_state sa, sb;
        acp_object_get_state(a, 0x50000001u + i, &sa);
        acp_object_get_state(b, 0x50000001u + i, &sb);
        same = memcmp(sa.origin, sb.origin, sizeof sa.origin) == 0 && sa.cell == sb.cell &&
               memcmp(sa.velocity, sb.velocity, sizeof sa.velocity) == 0 && sa.update_time == sb.update_time;
    }
    uint32_t in_cell = 0, active = 0;
    for (uint32_t i = 0; i < n; i++) {
        acp_object_state sa;
        acp_object_get_state(a, 0x50000001u + i, &sa);
        in_cell += sa.has_cell && sa.contact;
        active += sa.active;
    }
    /* Each four windows hold every combination (which world through the API, which side first):
     * their ratios' geometric mean cancels both; the overheads are the medians over those. */
    uint32_t nq = 0;
    for (uint32_t j = 0; j + 4 <= windows; j += 4, nq++) {
        double r = 1.0, rb = 1.0;
        for (uint32_t w = j; w < j + 4; w++) r *= ratio[w], rb *= ratio_rb[w];
        ratio[nq] = sqrt(sqrt(r));
        ratio_rb[nq] = sqrt(sqrt(rb));
    }
    qsort(ratio, nq, sizeof *ratio, cmp_double);
    qsort(ratio_rb, nq, sizeof *ratio_rb, cmp_double);
    printf("{\"workload\":\"api-terrain\",\"objects\":%u,\"frames\":%u,\"windows\":%u,\"core_ns_per_oq\":%.1f,"
           "\"api_ns_per_oq\":%.1f,\"api_readback_ns_per_oq\":%.1f,\"api_overhead_pct\":%.2f,"
           "\"api_readback_overhead_pct\":%.2f,\"on_the_ground\":%u,\"active\":%u,\"same_bits\":%s}\n",
           n, frames, windows, 1e9 * t_core / (double)q_core, 1e9 * t_api / (double)q_api, 1e9 * t_rb / (double)q_rb,
           100.0 * (median(ratio, nq) - 1.0), 100.0 * (median(ratio_rb, nq) - 1.0), in_cell, active, same ? "true" : "false");
    acp_destroy_world(a);
    acp_destroy_world(b);
    free(states);
    free(ratio);
    free(ratio_rb);
    return same ? 0 : 1;
}
