/* A server-style loop over acphys (issue 38): objects split into landblock groups, each group a
 * world of its own, every group stepped on a thread pool each frame (as ACEmulator ticks its
 * landblock groups), and an object that runs into another group's landblock handed over with
 * acp_object_export / acp_object_import. See README.md.
 *
 *   landblock_groups [objects] [frames]     run and print what happened (default 200, 600)
 *   landblock_groups --bench [objects]      time: two worlds on two threads against one thread;
 *                                           a snapshot and a restore of a 10,000-object world
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

static void die(const char *what)
{
    fprintf(stderr, "landblock_groups: %s: %s\n", what, acp_error_message());
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

typedef struct bench_job {
    acp_world_id world;
    uint32_t frames;
    double start;
} bench_job;

static void *bench_thread(void *arg)
{
    bench_job *j = arg;
    for (uint32_t f = 1; f <= j->frames; f++)
        if (acp_world_step(j->world, j->start + f / HZ) != ACP_OK) die("acp_world_step");
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

static int bench(uint32_t objects)
{
    const uint32_t frames = 150;
    /* two worlds of `objects` runners each (west and east): one thread steps both in turn, then
     * two threads step one each, over the same number of frames */
    group a = filled(objects, 0.0f), b = filled(objects, 192.0f);
    for (uint32_t f = 1; f <= 30; f++) { /* warm-up: everyone on the ground */
        acp_world_step(a.world, f / HZ);
        acp_world_step(b.world, f / HZ);
    }
    bench_job ja = {a.world, frames, 1.0}, jb = {b.world, frames, 1.0};
    double t0 = seconds();
    bench_thread(&ja);
    bench_thread(&jb);
    double one = seconds() - t0;
    ja.start = jb.start = 1.0 + frames / HZ;
    pthread_t ta, tb;
    t0 = seconds();
    pthread_create(&ta, NULL, bench_thread, &ja);
    pthread_create(&tb, NULL, bench_thread, &jb);
    pthread_join(ta, NULL);
    pthread_join(tb, NULL);
    double two = seconds() - t0;
    printf("two worlds of %u objects, %u frames: one thread %.1f ms a frame, two threads %.1f ms a frame: %.2fx\n", objects,
           frames, one * 1e3 / frames, two * 1e3 / frames, one / two);
    acp_destroy_world(a.world);
    acp_destroy_world(b.world);
    free(a.ids);
    free(b.ids);
    /* a snapshot of 10,000 objects and its restore */
    group big = filled(10000, 0.0f);
    for (uint32_t f = 1; f <= 30; f++) acp_world_step(big.world, f / HZ);
    size_t size = 0;
    t0 = seconds();
    if (acp_world_snapshot(big.world, NULL, 0, &size) != ACP_OK) die("acp_world_snapshot");
    void *bytes = malloc(size);
    if (acp_world_snapshot(big.world, bytes, size, &size) != ACP_OK) die("acp_world_snapshot");
    double t_snap = seconds() - t0;
    acp_world_id again = make_world(10000);
    t0 = seconds();
    if (acp_world_restore(again, bytes, size) != ACP_OK) die("acp_world_restore");
    double t_restore = seconds() - t0;
    printf("snapshot of 10,000 objects: %zu bytes (%.0f a object), written in %.1f ms (sizing call included), restored in %.1f ms\n",
           size, (double)size / 10000.0, t_snap * 1e3, t_restore * 1e3);
    free(bytes);
    acp_destroy_world(big.world);
    acp_destroy_world(again);
    free(big.ids);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "--bench")) return bench(argc > 2 ? (uint32_t)strtoul(argv[2], NULL, 10) : 2000u);
    uint32_t objects = argc > 1 ? (uint32_t)strtoul(argv[1], NULL, 10) : 200u;
    uint32_t frames = argc > 2 ? (uint32_t)strtoul(argv[2], NULL, 10) : 600u;
    if (objects < 1 || objects > 100000 || frames < 1) {
        fprintf(stderr, "usage: landblock_groups [objects 1..100000] [frames] | --bench [objects]\n");
        return 2;
    }
    return run(objects, frames);
}
