/* A server-style loop over acphys (issue 38): objects split into landblock groups, each group a
 * world of its own, every group stepped on a thread pool each frame (as ACEmulator ticks its
 * landblock groups), and an object that runs into another group's landblock handed over with
 * acp_object_export / acp_object_import. See README.md.
 *
 *   landblock_groups [objects] [frames]     run and print what happened (default 200, 600)
 *   landblock_groups --bench [objects] [rounds] [--json]
 *                                           time: two worlds on two threads against one thread
 *                                           (wall and thread CPU time, rounds alternating); a
 *                                           snapshot and a restore of a 10,000-object world
 */
#define _POSIX_C_SOURCE 200809L
#include <acphys.h>

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define GROUPS 2                       /* west: landblocks 0xA9yy, east: 0xAAyy */
#define HZ 30.0

_Noreturn static void die(const char *what)
{
    const char *msg = acp_error_message(); /* it names the function already ("acp_object_import: ...") */
    if (msg && *msg) fprintf(stderr, "landblock_groups: %s\n", msg);
    else fprintf(stderr, "landblock_groups: %s failed\n", what);
    exit(1);
}

static double seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* A group: one world, the ids of its objects. */
typedef struct group {
    acp_world_id world;
    uint32_t *ids, num;
    double now;
} group;

static acp_world_id make_world(uint32_t max_objects)
{
    acp_world_def d = acp_default_world_def();
    d.max_objects = max_objects;
    acp_world_id w;
    if (acp_create_world(&d, &w) != ACP_OK) die("acp_create_world");
    if (acp_world_load_default_records(w) != ACP_OK) die("acp_world_load_default_records"); /* Holtburg's 2x2 landblocks */
    return w;
}

/* The group of a cell: its landblock's x byte (0xA9: west, 0xAA: east). */
static int group_of(uint32_t cell) { return (cell >> 24) == 0xAAu ? 1 : 0; }

/* A runner heading east at (x, y) of landblock 0xA9B4 (or 0xAAB4 past 192 m), set down on the ground. */
static void add_runner(group *g, uint32_t id, float x, float y)
{
    acp_object_def d = acp_default_object_def();
    d.id = id;
    d.setup = 0x02000001u;         /* the human of the default excerpts */
    d.motion_table = 0x09000001u;
    d.physics_state = 0x00400408u; /* EDGE_SLIDE | GRAVITY | REPORT_COLLISIONS */
    uint32_t block = x < 192.0f ? 0xA9B40000u : 0xAAB40000u;
    float lx = x < 192.0f ? x : x - 192.0f;
    uint32_t cell = block | (uint32_t)(1 + (int)(lx / 24.0f) * 8 + (int)(y / 24.0f));
    d.pose = (acp_pose){cell, {lx, y, 120.0f}, {0.70710678f, 0, 0, -0.70710678f}}; /* heading 90: east */
    d.has_run_rate = true;
    if (acp_create_object(g->world, &d) != ACP_OK) die("acp_create_object");
    acp_motion m = acp_default_motion();
    m.forward_command = 0x44000007u; /* RunForward */
    m.turn_command = (id % 3u) == 0 ? 0x6500000Du : 0; /* a third of them circle (TurnRight) */
    m.turn_speed = 0.2f;
    if (acp_object_apply_motion(g->world, id, &m) != ACP_OK) die("acp_object_apply_motion");
    g->ids[g->num++] = id;
}

/* ---- the thread pool: one job per group a frame ---- */

typedef struct pool {
    pthread_t threads[GROUPS];
    pthread_barrier_t start, done;
    group *groups;
    int stop;
} pool;

static void *worker(void *arg)
{
    pool *p = ((void **)arg)[0];
    group *g = ((void **)arg)[1];
    for (;;) {
        pthread_barrier_wait(&p->start);
        if (p->stop) return NULL;
        if (acp_world_step(g->world, g->now) != ACP_OK) die("acp_world_step");
        pthread_barrier_wait(&p->done);
    }
}

/* Hand over every object whose cell is now in another group's landblock. */
static uint32_t hand_over(group *groups, void *buf, size_t cap)
{
    uint32_t moved = 0;
    for (int from = 0; from < GROUPS; from++) {
        group *g = &groups[from];
        for (uint32_t i = 0; i < g->num;) {
            acp_object_state s;
            if (acp_object_get_state(g->world, g->ids[i], &s) != ACP_OK) die("acp_object_get_state");
            int to = group_of(s.cell);
            if (to == from || s.cell == 0) {
                i++;
                continue;
            }
            size_t size = 0;
            uint32_t id = g->ids[i];
            if (acp_object_export(g->world, id, buf, cap, &size) != ACP_OK) die("acp_object_export");
            if (acp_object_import(groups[to].world, buf, size, NULL) != ACP_OK) die("acp_object_import");
            g->ids[i] = g->ids[--g->num];
            groups[to].ids[groups[to].num++] = id;
            moved++;
        }
    }
    return moved;
}

static int run(uint32_t objects, uint32_t frames)
{
    group groups[GROUPS];
    for (int k = 0; k < GROUPS; k++) {
        groups[k].world = make_world(objects);
        groups[k].ids = calloc(objects, sizeof *groups[k].ids);
        groups[k].num = 0;
    }
    uint32_t seed = 12345u;
    for (uint32_t i = 0; i < objects; i++) {
        seed = seed * 1664525u + 1013904223u;
        float x = 150.0f + (float)(seed >> 8) / 16777216.0f * 80.0f;  /* 150..230 m: both sides of 192 */
        seed = seed * 1664525u + 1013904223u;
        float y = 40.0f + (float)(seed >> 8) / 16777216.0f * 120.0f;
        add_runner(&groups[x < 192.0f ? 0 : 1], i + 1, x, y);
    }
    pool p = {.groups = groups, .stop = 0};
    pthread_barrier_init(&p.start, NULL, GROUPS + 1);
    pthread_barrier_init(&p.done, NULL, GROUPS + 1);
    void *args[GROUPS][2];
    for (int k = 0; k < GROUPS; k++) {
        args[k][0] = &p;
        args[k][1] = &groups[k];
        pthread_create(&p.threads[k], NULL, worker, args[k]);
    }
    size_t cap = 1u << 20;
    void *buf = malloc(cap);
    uint32_t handed = 0;
    for (uint32_t f = 1; f <= frames; f++) {
        for (int k = 0; k < GROUPS; k++) groups[k].now = f / HZ;
        pthread_barrier_wait(&p.start); /* every group steps on its thread */
        pthread_barrier_wait(&p.done);
        handed += hand_over(groups, buf, cap); /* between frames: no world is stepping */
        if (f % (uint32_t)HZ == 0 || f == frames)
            printf("t=%5.1f s  west %4u objects, east %4u objects, %u hand-offs so far\n", f / HZ, groups[0].num,
                   groups[1].num, handed);
    }
    p.stop = 1;
    pthread_barrier_wait(&p.start);
    for (int k = 0; k < GROUPS; k++) pthread_join(p.threads[k], NULL);
    free(buf);
    for (int k = 0; k < GROUPS; k++) {
        acp_destroy_world(groups[k].world);
        free(groups[k].ids);
    }
    return handed > 0 ? 0 : 1;
}

/* ---- --bench ---- */

/* The calling thread's CPU time (s): what it ran, not how long it waited for a core. */
static double thread_cpu(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

typedef struct bench_job {
    acp_world_id world;
    uint32_t frames;
    double start;
    double cpu; /* out: the thread CPU time of the job (s) */
} bench_job;

static void *bench_thread(void *arg)
{
    bench_job *j = arg;
    double c0 = thread_cpu();
    for (uint32_t f = 1; f <= j->frames; f++)
        if (acp_world_step(j->world, j->start + f / HZ) != ACP_OK) die("acp_world_step");
    j->cpu = thread_cpu() - c0;
    return NULL;
}

static group filled(uint32_t objects, float x0)
{
    group g = {make_world(objects), calloc(objects, sizeof(uint32_t)), 0, 0};
    uint32_t side = (uint32_t)ceil(sqrt((double)objects));
    for (uint32_t i = 0; i < objects; i++)
        add_runner(&g, i + 1, x0 + 2.0f + (float)(i % side) * (180.0f / (float)side), 2.0f + (float)(i / side) * (180.0f / (float)side));
    return g;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, uint32_t n)
{
    qsort(v, n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

#define BENCH_ROUNDS_MAX 32u

/* A world of `objects` places restored from a snapshot. */
static acp_world_id restored(uint32_t objects, const void *snap, size_t size)
{
    acp_world_id w = make_world(objects);
    if (acp_world_restore(w, snap, size) != ACP_OK) die("acp_world_restore");
    return w;
}

/* One pass of `frames` frames over two worlds restored from the snapshots `sa` and `sb` (every pass
 * starts from the same state, so both ways do the same work): by one thread (both in turn) or by
 * two. Wall time (s) of the stepping returned; *cpu the one thread's CPU time, or the larger of
 * the two threads'. */
static double bench_pass(uint32_t objects, const void *sa, size_t na, const void *sb, size_t nb, uint32_t frames, double start,
                         bool two, double *cpu)
{
    acp_world_id a = restored(objects, sa, na), b = restored(objects, sb, nb);
    bench_job ja = {a, frames, start, 0}, jb = {b, frames, start, 0};
    double t0 = seconds();
    if (!two) {
        double c0 = thread_cpu();
        bench_thread(&ja);
        bench_thread(&jb);
        *cpu = thread_cpu() - c0;
    } else {
        pthread_t ta, tb;
        if (pthread_create(&ta, NULL, bench_thread, &ja) || pthread_create(&tb, NULL, bench_thread, &jb)) die("pthread_create");
        pthread_join(ta, NULL);
        pthread_join(tb, NULL);
        *cpu = ja.cpu > jb.cpu ? ja.cpu : jb.cpu;
    }
    double wall = seconds() - t0;
    acp_destroy_world(a);
    acp_destroy_world(b);
    return wall;
}

static void *snapshot_of(acp_world_id w, size_t *size)
{
    *size = 0;
    if (acp_world_snapshot(w, NULL, 0, size) != ACP_OK) die("acp_world_snapshot");
    void *bytes = malloc(*size);
    if (!bytes || acp_world_snapshot(w, bytes, *size, size) != ACP_OK) die("acp_world_snapshot");
    return bytes;
}

/* --bench [objects] [rounds] [--json]: two worlds of `objects` runners each (west and east), after
 * 30 frames of warm-up, snapshotted; each pass restores both and steps them `frames` frames, by
 * one thread, one world after the other, or by two threads, one world each, in `rounds` rounds
 * (which way first alternating); each round's ratio is one-thread wall time over
 * two-thread wall time, and (CPU) the one thread's CPU time over the busier thread's. Then a
 * snapshot (sizing call and write) and a restore of a world of 10,000 runners, wall and CPU time,
 * and whether the restored world's own snapshot is the same bytes. */
static int bench(uint32_t objects, uint32_t rounds, bool json)
{
    const uint32_t frames = 60;
    if (rounds < 1) rounds = 1;
    if (rounds > BENCH_ROUNDS_MAX) rounds = BENCH_ROUNDS_MAX;
    group a = filled(objects, 0.0f), b = filled(objects, 192.0f);
    for (uint32_t f = 1; f <= 30; f++) { /* warm-up: everyone on the ground */
        acp_world_step(a.world, f / HZ);
        acp_world_step(b.world, f / HZ);
    }
    double one[BENCH_ROUNDS_MAX], two[BENCH_ROUNDS_MAX], ratio[BENCH_ROUNDS_MAX], cpu_ratio[BENCH_ROUNDS_MAX];
    double cpu_one[BENCH_ROUNDS_MAX], cpu_two[BENCH_ROUNDS_MAX];
    size_t na, nb;
    void *sa = snapshot_of(a.world, &na), *sb = snapshot_of(b.world, &nb);
    for (uint32_t r = 0; r < rounds; r++) {
        for (int k = 0; k < 2; k++) {
            bool as_two = (k == 0) == (r % 2 == 1); /* even rounds: one thread first */
            double cpu = 0, wall = bench_pass(objects, sa, na, sb, nb, frames, 1.0, as_two, &cpu);
            if (as_two) two[r] = wall, cpu_two[r] = cpu;
            else one[r] = wall, cpu_one[r] = cpu;
        }
        ratio[r] = one[r] / two[r];
        cpu_ratio[r] = cpu_one[r] / cpu_two[r];
    }
    double best_one = one[0], best_two = two[0];
    for (uint32_t r = 1; r < rounds; r++) {
        if (one[r] < best_one) best_one = one[r];
        if (two[r] < best_two) best_two = two[r];
    }
    char ratios[BENCH_ROUNDS_MAX * 12] = "";
    for (uint32_t r = 0; r < rounds; r++) {
        size_t at = strlen(ratios);
        snprintf(ratios + at, sizeof ratios - at, "%s%.3f", r ? "," : "", ratio[r]);
    }
    double m_ratio = median(ratio, rounds), m_cpu_ratio = median(cpu_ratio, rounds);
    double m_one = median(one, rounds), m_two = median(two, rounds), m_cpu_one = median(cpu_one, rounds), m_cpu_two = median(cpu_two, rounds);
    free(sa);
    free(sb);
    acp_destroy_world(a.world);
    acp_destroy_world(b.world);
    free(a.ids);
    free(b.ids);
    /* a snapshot of 10,000 objects and its restore */
    group big = filled(10000, 0.0f);
    for (uint32_t f = 1; f <= 30; f++) acp_world_step(big.world, f / HZ);
    size_t size = 0;
    double t0 = seconds(), c0 = thread_cpu();
    if (acp_world_snapshot(big.world, NULL, 0, &size) != ACP_OK) die("acp_world_snapshot");
    void *bytes = malloc(size);
    if (!bytes) die("malloc");
    if (acp_world_snapshot(big.world, bytes, size, &size) != ACP_OK) die("acp_world_snapshot");
    double t_snap = seconds() - t0, c_snap = thread_cpu() - c0;
    acp_world_id again = make_world(10000);
    t0 = seconds();
    c0 = thread_cpu();
    if (acp_world_restore(again, bytes, size) != ACP_OK) die("acp_world_restore");
    double t_restore = seconds() - t0, c_restore = thread_cpu() - c0;
    size_t size2 = 0;
    void *bytes2 = malloc(size);
    bool same = bytes2 && acp_world_snapshot(again, bytes2, size, &size2) == ACP_OK && size2 == size && !memcmp(bytes, bytes2, size);
    free(bytes2);
    if (json) {
        printf("{\"objects\":%u,\"frames\":%u,\"rounds\":%u,\"one_thread_ms_per_frame\":%.4f,\"two_threads_ms_per_frame\":%.4f,"
               "\"ratio\":%.4f,\"ratios\":[%s],\"ratio_best\":%.4f,\"one_thread_cpu_ms_per_frame\":%.4f,"
               "\"two_threads_cpu_ms_per_frame\":%.4f,\"cpu_ratio\":%.4f,"
               "\"snapshot\":{\"objects\":10000,\"bytes\":%zu,\"write_ms\":%.3f,\"write_cpu_ms\":%.3f,\"restore_ms\":%.3f,"
               "\"restore_cpu_ms\":%.3f,\"same_bytes_after_restore\":%s}}\n",
               objects, frames, rounds, m_one * 1e3 / frames, m_two * 1e3 / frames, m_ratio, ratios, best_one / best_two,
               m_cpu_one * 1e3 / frames, m_cpu_two * 1e3 / frames, m_cpu_ratio, size, t_snap * 1e3, c_snap * 1e3, t_restore * 1e3,
               c_restore * 1e3, same ? "true" : "false");
    } else {
        printf("two worlds of %u objects, %u frames x %u rounds: one thread %.1f ms a frame, two threads %.1f ms a frame "
               "(medians): %.2fx (rounds %s; best passes %.2fx); thread CPU time: %.2fx\n",
               objects, frames, rounds, m_one * 1e3 / frames, m_two * 1e3 / frames, m_ratio, ratios, best_one / best_two, m_cpu_ratio);
        printf("snapshot of 10,000 objects: %zu bytes (%.0f a object), written in %.1f ms (%.1f ms CPU; sizing call included), "
               "restored in %.1f ms (%.1f ms CPU); the restored world's snapshot is %s\n",
               size, (double)size / 10000.0, t_snap * 1e3, c_snap * 1e3, t_restore * 1e3, c_restore * 1e3, same ? "the same bytes" : "DIFFERENT");
    }
    free(bytes);
    acp_destroy_world(big.world);
    acp_destroy_world(again);
    free(big.ids);
    return same ? 0 : 1;
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "--bench")) {
        bool json = !strcmp(argv[argc - 1], "--json");
        int n = json ? argc - 1 : argc;
        uint32_t objects = n > 2 ? (uint32_t)strtoul(argv[2], NULL, 10) : 2000u;
        if (objects < 1 || objects > 100000) {
            fprintf(stderr, "usage: landblock_groups --bench [objects 1..100000] [rounds] [--json]\n");
            return 2;
        }
        return bench(objects, n > 3 ? (uint32_t)strtoul(argv[3], NULL, 10) : 5u, json);
    }
    uint32_t objects = argc > 1 ? (uint32_t)strtoul(argv[1], NULL, 10) : 200u;
    uint32_t frames = argc > 2 ? (uint32_t)strtoul(argv[2], NULL, 10) : 600u;
    if (objects < 1 || objects > 100000 || frames < 1) {
        fprintf(stderr, "usage: landblock_groups [objects 1..100000] [frames] | --bench [objects] [rounds] [--json]\n");
        return 2;
    }
    return run(objects, frames);
}
