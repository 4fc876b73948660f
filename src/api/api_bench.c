/* acphys — the public API's cost (issue 37): `acphys_api_bench [objects] [frames] [windows]`.
 *
 * Two identical worlds are built through the API (include/acphys.h): `objects` humanoids
 * (Setup 0x02000001 with its two spheres, MotionTable 0x09000001) entered by SetPosition onto
 * the default excerpts' Holtburg terrain around the player, running and turning (RunForward +
 * TurnRight 1.5): one terrain sweep per object-quantum, the `terrain` workload's work. Then, in
 * alternating windows of `frames` frames (the bench's frame step, so every frame passes the
 * gate), world A is stepped through the API (acp_world_step) and world B through the core
 * (acp_world_use_time on the same world's acp_world), and A once more with every object read
 * back after each step (acp_object_get_state, what a host does). The two worlds must end in the
 * same state (the API adds no arithmetic). Prints one JSON line: ns per object-quantum for the
 * core, the API, the API with read-back, and the API's overhead in percent (median of the
 * windows' paired ratios: the machine's noise hits both sides of a pair alike).
 * Not retail: a measurement. */
#define _POSIX_C_SOURCE 200809L
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

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    uint32_t n = argc > 1 ? (uint32_t)atoi(argv[1]) : 100, frames = argc > 2 ? (uint32_t)atoi(argv[2]) : 100,
             windows = argc > 3 ? (uint32_t)atoi(argv[3]) : 7;
    if (n < 1 || frames < 1 || windows < 1 || windows > 1000) {
        fprintf(stderr, "usage: acphys_api_bench [objects >= 1] [frames >= 1] [windows 1..1000]\n");
        return 2;
    }
    acp_world_id a, b;
    if (build(&a, n) || build(&b, n)) return 1;
    acp_world *core_b = acp_api_internal_world(b), *core_a = acp_api_internal_world(a);
    acp_object_state *states = calloc(n, sizeof *states);
    double *ratio = calloc(windows, sizeof *ratio), *ratio_rb = calloc(windows, sizeof *ratio_rb);
    if (!core_a || !core_b || !states || !ratio || !ratio_rb) return fail("memory");
    double t_api = 0, t_core = 0, t_rb = 0;
    uint64_t q_api = 0, q_core = 0, q_rb = 0;
    uint32_t k = 0, kb = 0;
    /* the first frame of each world (SetPosition settling) is not timed */
    acp_world_step(a, ACP_BENCH_FRAME_STEP * ++k);
    acp_world_use_time(core_b, ACP_BENCH_FRAME_STEP * ++kb);
    for (uint32_t win = 0; win < windows; win++) {
        uint64_t q0 = core_a->num_quanta;
        double t0 = now_s();
        for (uint32_t f = 0; f < frames; f++) acp_world_step(a, ACP_BENCH_FRAME_STEP * ++k);
        double da = now_s() - t0;
        uint64_t qa = core_a->num_quanta - q0;
        q0 = core_b->num_quanta;
        t0 = now_s();
        for (uint32_t f = 0; f < frames; f++) acp_world_use_time(core_b, ACP_BENCH_FRAME_STEP * ++kb);
        double db = now_s() - t0;
        uint64_t qb = core_b->num_quanta - q0;
        /* B catches up on the read-back window's frames through the core, untimed */
        q0 = core_a->num_quanta;
        t0 = now_s();
        for (uint32_t f = 0; f < frames; f++) {
            acp_world_step(a, ACP_BENCH_FRAME_STEP * ++k);
            for (uint32_t i = 0; i < n; i++) acp_object_get_state(a, 0x50000001u + i, &states[i]);
        }
        double dr = now_s() - t0;
        uint64_t qr = core_a->num_quanta - q0;
        for (uint32_t f = 0; f < frames; f++) acp_world_use_time(core_b, ACP_BENCH_FRAME_STEP * ++kb);
        t_api += da, t_core += db, t_rb += dr, q_api += qa, q_core += qb, q_rb += qr;
        ratio[win] = (da / (double)qa) / (db / (double)qb);
        ratio_rb[win] = (dr / (double)qr) / (db / (double)qb);
    }
    /* the same bits: every object of A equals B's */
    int same = core_a->num_quanta == core_b->num_quanta;
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
    qsort(ratio, windows, sizeof *ratio, cmp_double);
    qsort(ratio_rb, windows, sizeof *ratio_rb, cmp_double);
    printf("{\"workload\":\"api-terrain\",\"objects\":%u,\"frames\":%u,\"windows\":%u,\"core_ns_per_oq\":%.1f,"
           "\"api_ns_per_oq\":%.1f,\"api_readback_ns_per_oq\":%.1f,\"api_overhead_pct\":%.2f,"
           "\"api_readback_overhead_pct\":%.2f,\"on_the_ground\":%u,\"active\":%u,\"same_bits\":%s}\n",
           n, frames, windows, 1e9 * t_core / (double)q_core, 1e9 * t_api / (double)q_api, 1e9 * t_rb / (double)q_rb,
           100.0 * (ratio[windows / 2] - 1.0), 100.0 * (ratio_rb[windows / 2] - 1.0), in_cell, active, same ? "true" : "false");
    acp_destroy_world(a);
    acp_destroy_world(b);
    free(states);
    free(ratio);
    free(ratio_rb);
    return same ? 0 : 1;
}
