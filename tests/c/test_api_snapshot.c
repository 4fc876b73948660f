/* The C API's snapshots and threads (issue 38), through include/acphys.h and the shared library
 * only: walk-then-stop driven object by object (as tests/c/test_api.c), snapshotted at frames 60
 * and 120 and restored into a fresh world, ends on its golden digest; bad snapshots are refused
 * with the offset and field and leave the world as it was; eight worlds stepped on four threads
 * give each world's sequential digest. */
#include <acphys.h>

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Counted from the worker threads too: atomic (the ThreadSanitizer lane checks the test itself). */
static _Atomic int failures, checks;

#define CHECK(cond)                                                                                              \
    do {                                                                                                         \
        checks++;                                                                                                \
        if (!(cond)) {                                                                                           \
            failures++;                                                                                          \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);                              \
        }                                                                                                        \
    } while (0)

#define CHECK_ERR(call, status, needle)                                                                          \
    do {                                                                                                         \
        acp_status st_ = (call);                                                                                 \
        checks++;                                                                                                \
        if (st_ != (status) || !strstr(acp_error_message(), (needle))) {                                         \
            failures++;                                                                                          \
            fprintf(stderr, "%s:%d: %s: got %s \"%s\", want %s containing \"%s\"\n", __FILE__, __LINE__, #call,   \
                    acp_status_name(st_), acp_error_message(), #status, (needle));                               \
        }                                                                                                        \
    } while (0)
#define CHECK_OK(call) CHECK_ERR(call, ACP_OK, "")

/* A digest of the public state each frame (the position and velocity bits of each object). */
static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

static uint64_t hash_state(uint64_t h, acp_world_id w, uint32_t id)
{
    acp_object_state s;
    if (acp_object_get_state(w, id, &s) != ACP_OK) return h ^ 0xDEADu;
    h = fnv(h, &s.cell, sizeof s.cell);
    h = fnv(h, s.origin, sizeof s.origin);
    h = fnv(h, s.orientation, sizeof s.orientation);
    h = fnv(h, s.velocity, sizeof s.velocity);
    h = fnv(h, &s.update_time, sizeof s.update_time);
    h = fnv(h, &s.transient_state, sizeof s.transient_state);
    h = fnv(h, &s.num_quanta, sizeof s.num_quanta);
    return h;
}

/* The walk of walk-then-stop with its events shifted by `variant` frames (0: the conformance case). */
typedef struct walker {
    acp_world_id w;
    uint32_t next, variant;
    uint64_t h;
} walker;

static acp_world_id world_with_records(void)
{
    acp_world_def d = acp_default_world_def();
    d.max_objects = 4;
    acp_world_id w = {0, 0};
    CHECK_OK(acp_create_world(&d, &w));
    CHECK_OK(acp_world_load_records_file(w, ACP_SOURCE_DIR "/data/portal-default.dat"));
    return w;
}

static void walker_init(walker *k, uint32_t variant)
{
    k->w = world_with_records();
    k->next = 0;
    k->variant = variant;
    k->h = 0xcbf29ce484222325ull;
    acp_object_def d = acp_default_object_def();
    d.id = 1;
    d.setup = 0x02000001u;
    d.motion_table = 0x09000001u;
    d.physics_state = 0x00400008u;
    d.placement = ACP_PLACE_FRAME;
    d.transient_state = 3;
    d.pose = (acp_pose){0xD59A0023u, {100, 60, 330}, {1, 0, 0, 0}};
    d.has_run_rate = true;
    CHECK_OK(acp_create_object(k->w, &d));
    CHECK_OK(acp_world_set_player_object(k->w, 1));
}

static void walker_frame(walker *k, uint32_t frame)
{
    static const struct { double t; uint32_t forward; } ev[] = {{0, 0x41000003u}, {0.1, 0x45000005u}, {1.0, 0x44000007u},
                                                                {2.0, 0x41000003u}};
    double now = (double)frame / 60.0;
    CHECK_OK(acp_world_set_time(k->w, now));
    while (k->next < 4 && ev[k->next].t + k->variant / 60.0 <= now) {
        acp_motion m = acp_default_motion();
        m.forward_command = ev[k->next].forward;
        CHECK_OK(acp_object_apply_motion(k->w, 1, &m));
        k->next++;
    }
    CHECK_OK(acp_world_step(k->w, now));
    k->h = hash_state(k->h, k->w, 1);
}

static void *take_snapshot(acp_world_id w, size_t *size)
{
    *size = 0;
    CHECK_OK(acp_world_snapshot(w, NULL, 0, size));
    void *buf = malloc(*size ? *size : 1);
    size_t again = 0;
    CHECK_OK(acp_world_snapshot(w, buf, *size, &again));
    CHECK(again == *size);
    return buf;
}

static void test_resume_through_the_api(void)
{
    walker straight;
    walker_init(&straight, 0);
    for (uint32_t f = 1; f <= 180; f++) walker_frame(&straight, f);
    for (uint32_t cut = 60; cut <= 120; cut += 60) {
        walker a;
        walker_init(&a, 0);
        for (uint32_t f = 1; f <= cut; f++) walker_frame(&a, f);
        size_t size;
        void *snap = take_snapshot(a.w, &size);
        walker b = a; /* the same event position and running digest */
        b.w = world_with_records();
        CHECK_OK(acp_world_restore(b.w, snap, size));
        acp_world_info info;
        CHECK_OK(acp_world_get_info(b.w, &info));
        CHECK(info.num_objects == 1);
        CHECK(acp_object_exists(b.w, 1));
        for (uint32_t f = cut + 1; f <= 180; f++) {
            walker_frame(&a, f);
            walker_frame(&b, f);
        }
        CHECK(a.h == straight.h);
        CHECK(b.h == straight.h);
        /* a snapshot of the two worlds at the end: the same bytes */
        size_t na, nb;
        void *sa = take_snapshot(a.w, &na), *sb = take_snapshot(b.w, &nb);
        CHECK(na == nb && memcmp(sa, sb, na) == 0);
        free(sa);
        free(sb);
        free(snap);
        CHECK_OK(acp_destroy_world(a.w));
        CHECK_OK(acp_destroy_world(b.w));
    }
    CHECK_OK(acp_destroy_world(straight.w));
}

static uint32_t get_u32(const unsigned char *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }

static void test_bad_snapshots(void)
{
    walker a;
    walker_init(&a, 0);
    for (uint32_t f = 1; f <= 30; f++) walker_frame(&a, f);
    size_t size;
    unsigned char *snap = take_snapshot(a.w, &size);
    CHECK(size > 64 && memcmp(snap, "ACPSNAP", 8) == 0 && get_u32(snap + 8) == 2u && get_u32(snap + 12) == 32u);
    unsigned char *bad = malloc(size);
    acp_world_id w = world_with_records();
    /* too small a buffer */
    size_t need = 0;
    CHECK_ERR(acp_world_snapshot(a.w, bad, 10, &need), ACP_ERR_ARGUMENT, "capacity: 10 bytes");
    CHECK(need == size);
    /* truncated: the checksum is missing or wrong */
    CHECK_ERR(acp_world_restore(w, snap, 20), ACP_ERR_ARGUMENT, "offset 16, records_digest: the snapshot ends here (8 bytes needed, 4 left): truncated");
    CHECK_ERR(acp_world_restore(w, snap, size - 1), ACP_ERR_ARGUMENT, "checksum");
    /* not a snapshot */
    CHECK_ERR(acp_world_restore(w, "hello, world, not a snapshot at all", 36), ACP_ERR_ARGUMENT, "offset 0, magic");
    /* another version (format 1: before the fx pool's free stack) */
    memcpy(bad, snap, size);
    bad[8] = 1;
    CHECK_ERR(acp_world_restore(w, bad, size), ACP_ERR_ARGUMENT, "offset 8, version: snapshot format 1; this library reads format 2");
    /* a flipped byte in the middle: the checksum names it */
    memcpy(bad, snap, size);
    bad[size / 2] ^= 0x40;
    CHECK_ERR(acp_world_restore(w, bad, size), ACP_ERR_ARGUMENT, "checksum: ");
    /* other records */
    acp_world_def d = acp_default_world_def();
    d.max_objects = 4;
    acp_world_id other;
    CHECK_OK(acp_create_world(&d, &other));
    CHECK_OK(acp_world_load_default_records(other));
    CHECK_ERR(acp_world_restore(other, snap, size), ACP_ERR_RECORDS, "offset 16, records_digest: the snapshot was taken over records");
    /* another max_objects */
    d.max_objects = 5;
    acp_world_id wide;
    CHECK_OK(acp_create_world(&d, &wide));
    CHECK_OK(acp_world_load_records_file(wide, ACP_SOURCE_DIR "/data/portal-default.dat"));
    CHECK_ERR(acp_world_restore(wide, snap, size), ACP_ERR_ARGUMENT, "offset 32, world world.cap_objects: 4, but the world holds up to 5");
    /* a world with objects of its own is refused and keeps them */
    CHECK_ERR(acp_world_restore(a.w, snap, size), ACP_ERR_STATE, "the world holds 1 objects");
    /* after all that, w restores and is the same world */
    CHECK_OK(acp_world_restore(w, snap, size));
    size_t n2;
    unsigned char *again = take_snapshot(w, &n2);
    CHECK(n2 == size && memcmp(again, snap, size) == 0);
    free(again);
    free(bad);
    free(snap);
    CHECK_OK(acp_destroy_world(w));
    CHECK_OK(acp_destroy_world(other));
    CHECK_OK(acp_destroy_world(wide));
    CHECK_OK(acp_destroy_world(a.w));
}

/* The malformed fixtures (tests/data/snapshot-malformed, made by the core suite `snapshot`) through
 * the API: each refused with the manifest's status and its message (the offset and field). */
static const char *json_string(const char *line, const char *key, char *out, size_t n)
{
    const char *p = strstr(line, key);
    if (!p) return NULL;
    p += strlen(key);
    size_t k = 0;
    for (; *p && *p != '"' && k + 1 < n; p++) {
        if (*p == '\\' && p[1]) p++;
        out[k++] = *p;
    }
    out[k] = 0;
    return out;
}

static void test_malformed_fixtures(void)
{
    FILE *fp = fopen(ACP_SOURCE_DIR "/tests/data/snapshot-malformed/manifest.json", "rb");
    CHECK(fp != NULL);
    if (!fp) return;
    char line[2048];
    int cases = 0;
    while (fgets(line, sizeof line, fp)) {
        char file[128], status[64], message[900];
        if (!json_string(line, "\"file\": \"", file, sizeof file) || !json_string(line, "\"status\": \"", status, sizeof status) ||
            !json_string(line, "\"message\": \"", message, sizeof message))
            continue;
        char path[512];
        snprintf(path, sizeof path, "%s/tests/data/snapshot-malformed/%s", ACP_SOURCE_DIR, file);
        FILE *f = fopen(path, "rb");
        CHECK(f != NULL);
        if (!f) continue;
        unsigned char *bytes = malloc(1 << 20);
        size_t n = fread(bytes, 1, 1 << 20, f);
        fclose(f);
        acp_world_def d = acp_default_world_def();
        d.max_objects = 2;
        acp_world_id w;
        CHECK_OK(acp_create_world(&d, &w));
        CHECK_OK(acp_world_load_default_records(w));
        acp_status st = acp_world_restore(w, bytes, n);
        checks++;
        if (strcmp(acp_status_name(st), status) != 0 || !strstr(acp_error_message(), message)) {
            failures++;
            fprintf(stderr, "%s: got %s \"%s\", want %s \"%s\"\n", file, acp_status_name(st), acp_error_message(), status, message);
        }
        acp_world_info info;
        CHECK_OK(acp_world_get_info(w, &info));
        CHECK(info.num_objects == 0); /* refused: the world as it was */
        CHECK_OK(acp_destroy_world(w));
        free(bytes);
        cases++;
    }
    fclose(fp);
    CHECK(cases >= 14);
}

/* ---- hand-offs: an object exported mid-jump, mid-move-to and mid-interpolation lands on the
 * frames it would have had in its first world (no other object near; both worlds stepped
 * every frame, so their world gates keep the same phase). ---- */

enum { MID_JUMP, MID_MOVE_TO, MID_INTERPOLATION };

static acp_world_id holtburg(void)
{
    acp_world_def d = acp_default_world_def();
    d.max_objects = 4;
    acp_world_id w = {0, 0};
    CHECK_OK(acp_create_world(&d, &w));
    CHECK_OK(acp_world_load_default_records(w));
    return w;
}

static void add_runner(acp_world_id w, bool player)
{
    acp_object_def d = acp_default_object_def();
    d.id = 1;
    d.setup = 0x02000001u;
    d.motion_table = 0x09000001u;
    d.physics_state = 0x00400408u;
    d.pose = (acp_pose){0xD59A0023u, {118.6824f, 58.51815f, 330.9344f}, {0.468932f, 0, 0, -0.883235f}};
    d.has_run_rate = true;
    CHECK_OK(acp_create_object(w, &d));
    if (player) CHECK_OK(acp_world_set_player_object(w, 1));
}

/* Object 2, the player, standing 40 m off (the activity gate measures from it): in every world. */
static void add_far_player(acp_world_id w)
{
    acp_object_def d = acp_default_object_def();
    d.id = 2;
    d.setup = 0x02000001u;
    d.motion_table = 0x09000001u;
    d.physics_state = 0x00400408u;
    d.pose = (acp_pose){0xD59A0023u, {118.0f, 98.0f, 330.0f}, {1, 0, 0, 0}};
    d.has_run_rate = true;
    CHECK_OK(acp_create_object(w, &d));
    CHECK_OK(acp_world_set_player_object(w, 2));
}

/* The case's command at its frame. */
static void command(acp_world_id w, int kind, uint32_t frame)
{
    if (kind == MID_JUMP && frame == 20) {
        acp_motion m = acp_default_motion();
        m.forward_command = 0x44000007u; /* RunForward, then a jump while running */
        CHECK_OK(acp_object_apply_motion(w, 1, &m));
    }
    uint32_t weenie_error = 0;
    if (kind == MID_JUMP && frame == 40) CHECK_OK(acp_object_jump(w, 1, 1.0f, &weenie_error));
    if (kind == MID_MOVE_TO && frame == 5) {
        acp_move_to mt = acp_default_move_to();
        mt.type = ACP_MOVE_TYPE_TO_POSITION;
        mt.pose = (acp_pose){0xD59A0023u, {110.0f, 70.0f, 330.0f}, {1, 0, 0, 0}};
        CHECK_OK(acp_object_move_to(w, 1, &mt));
    }
    if (kind == MID_INTERPOLATION && (frame == 10 || frame == 30)) {
        acp_server_position sp;
        memset(&sp, 0, sizeof sp);
        sp.pose = (acp_pose){0xD59A0023u, {frame == 10 ? 121.0f : 124.0f, 60.0f, 331.0f}, {1, 0, 0, 0}};
        sp.contact = true;
        CHECK_OK(acp_object_server_position(w, 1, &sp));
    }
}

static void test_hand_off(int kind, uint32_t export_at, uint32_t frames, const char *what)
{
    acp_world_id s = holtburg(), a = holtburg(), b = holtburg();
    /* the server's positions move others, not the player (DEVIATIONS R2): then the player is
     * object 2, far off, in every world */
    bool player = kind != MID_INTERPOLATION;
    if (!player) {
        add_far_player(s);
        add_far_player(a);
        add_far_player(b);
    }
    add_runner(s, player);
    add_runner(a, player);
    int differ = 0;
    for (uint32_t f = 1; f <= frames; f++) {
        double now = (double)f / 60.0;
        acp_world_id both[3] = {s, a, b};
        for (int k = 0; k < 3; k++) CHECK_OK(acp_world_set_time(both[k], now));
        command(s, kind, f);
        command(f <= export_at ? a : b, kind, f);
        for (int k = 0; k < 3; k++) CHECK_OK(acp_world_step(both[k], now));
        if (f == export_at) {
            acp_object_state st;
            CHECK_OK(acp_object_get_state(a, 1, &st));
            if (kind == MID_JUMP) CHECK(!(st.transient_state & 1u) && st.velocity[2] != 0.0f); /* in the air */
            if (kind == MID_MOVE_TO) CHECK(st.has_move_to && st.move_to_type == ACP_MOVE_TYPE_TO_POSITION);
            if (kind == MID_INTERPOLATION) CHECK(st.has_position_manager && st.position_nodes > 0);
            size_t need = 0, size = 0;
            CHECK_OK(acp_object_export(a, 1, NULL, 0, &need));
            CHECK(acp_object_exists(a, 1)); /* a NULL buffer only measures */
            void *buf = malloc(need);
            CHECK_OK(acp_object_export(a, 1, buf, need, &size));
            CHECK(size <= need && !acp_object_exists(a, 1));
            uint32_t id = 0;
            CHECK_OK(acp_object_import(b, buf, size, &id));
            CHECK(id == 1);
            CHECK_ERR(acp_object_import(b, buf, size, NULL), ACP_ERR_EXISTS, "the world has an object 0x00000001 already");
            if (player) CHECK_OK(acp_world_set_player_object(b, 1));
            free(buf);
        }
        if (f <= export_at) continue;
        uint64_t hs = hash_state(0xcbf29ce484222325ull, s, 1), hb = hash_state(0xcbf29ce484222325ull, b, 1);
        if (hs != hb && !differ++) {
            acp_object_state x, y;
            acp_object_get_state(s, 1, &x);
            acp_object_get_state(b, 1, &y);
            fprintf(stderr, "%s: frame %u differs after the hand-off at %u: (%.9g %.9g %.9g) vs (%.9g %.9g %.9g)\n", what, (unsigned)f,
                    (unsigned)export_at, x.origin[0], x.origin[1], x.origin[2], y.origin[0], y.origin[1], y.origin[2]);
        }
    }
    CHECK(differ == 0);
    /* the case did what it says at the hand-off: checked on the straight world's track */
    CHECK_OK(acp_destroy_world(s));
    CHECK_OK(acp_destroy_world(a));
    CHECK_OK(acp_destroy_world(b));
}

static void test_hand_offs(void)
{
    test_hand_off(MID_JUMP, 50, 150, "mid-jump");
    test_hand_off(MID_MOVE_TO, 60, 300, "mid-move-to");
    test_hand_off(MID_INTERPOLATION, 20, 120, "mid-interpolation");
}

/* ---- one object handed back and forth: the shadow pool gives its slots back on export ---- */

/* The runner, handed from world to world every frame for `frames` frames between two worlds of
 * capacity 2, against a third that keeps it: every hand-off succeeds and every frame's state is
 * the straight run's (before slots were given back, hand-off 10 failed with max_objects 2). */
static void test_hand_back_and_forth(uint32_t frames)
{
    acp_world_id w[3];
    for (int k = 0; k < 3; k++) {
        acp_world_def d = acp_default_world_def();
        d.max_objects = 2;
        CHECK_OK(acp_create_world(&d, &w[k]));
        CHECK_OK(acp_world_load_default_records(w[k]));
    }
    add_runner(w[0], true);
    add_runner(w[1], true);
    int at = 1, bad = 0;
    void *buf = NULL;
    size_t cap = 0;
    for (uint32_t f = 1; f <= frames && !bad; f++) {
        double now = (double)f / 60.0;
        for (int k = 0; k < 3; k++) CHECK_OK(acp_world_set_time(w[k], now));
        command(w[0], MID_MOVE_TO, f % 600u);
        command(w[at], MID_MOVE_TO, f % 600u);
        for (int k = 0; k < 3; k++) CHECK_OK(acp_world_step(w[k], now));
        size_t need = 0, size = 0;
        acp_status st = acp_object_export(w[at], 1, NULL, 0, &need);
        if (st == ACP_OK && need > cap) buf = realloc(buf, cap = need);
        if (st == ACP_OK) st = acp_object_export(w[at], 1, buf, cap, &size);
        uint32_t id = 0;
        if (st == ACP_OK) st = acp_object_import(w[3 - at], buf, size, &id);
        if (st != ACP_OK) {
            bad++;
            fprintf(stderr, "hand-off %u failed: %s %s\n", (unsigned)f, acp_status_name(st), acp_error_message());
            break;
        }
        at = 3 - at;
        CHECK_OK(acp_world_set_player_object(w[at], 1));
        if (hash_state(0xcbf29ce484222325ull, w[0], 1) != hash_state(0xcbf29ce484222325ull, w[at], 1) && !bad++)
            fprintf(stderr, "frame %u: the handed object differs from the straight run\n", (unsigned)f);
    }
    CHECK(bad == 0);
    free(buf);
    for (int k = 0; k < 3; k++) CHECK_OK(acp_destroy_world(w[k]));
}

/* ---- an object with scripts and emitters handed back and forth: export gives its fx block, its
 * emitters' particle slots and particle objects back to the world's pools, import takes them from
 * there (a world's pool holds 64 blocks and 128 particle objects). Before the give-back an object
 * with a live emitter was refused at its first hand-off ("children: ... has emitters with
 * particle objects does not travel alone"), and one whose emitters had died at its 128th, when
 * one world's 64 blocks were all taken by its imports ("fx: the world's script and particle pool
 * has no block left"). ---- */

/* The scripts, every 600 frames (10 s): PS_Test1 at mod 0.5 through the human's
 * PhysicsScriptTable (0x3300F010: the fountain emitter over its head, SetOmega 3 rad/s, Scale,
 * StopParticle at 3 s) at frame `at`, the burst 0x3300F011 (Explode, Swarm, Implode, a
 * per-metre trail, a parent-local glow: five emitters) 225 frames later. */
static void fx_command(acp_world_id w, uint32_t id, uint32_t frame, uint32_t at)
{
    if (frame % 600u == at) CHECK_OK(acp_object_play_script_type(w, id, 1, 0.5f));
    if (frame % 600u == at + 225u) CHECK_OK(acp_object_play_script(w, id, 0x3300F011u));
}

/* hash_state and what the scripts change: omega (SetOmega), the fx block, the scripts queued,
 * the hooks run. */
static uint64_t hash_fx(uint64_t h, acp_world_id w, uint32_t id)
{
    acp_object_state s;
    if (acp_object_get_state(w, id, &s) != ACP_OK) return h ^ 0xDEADu;
    h = hash_state(h, w, id);
    h = fnv(h, s.omega, sizeof s.omega);
    h = fnv(h, &s.has_fx, sizeof s.has_fx);
    h = fnv(h, &s.num_scripts, sizeof s.num_scripts);
    h = fnv(h, s.scripts, sizeof s.scripts[0] * s.num_scripts);
    h = fnv(h, &s.num_hooks, sizeof s.num_hooks);
    h = fnv(h, s.hooks, sizeof s.hooks[0] * s.num_hooks);
    return h;
}

static acp_status hand_over(acp_world_id from, acp_world_id to, uint32_t id, void **buf, size_t *cap)
{
    size_t need = 0, size = 0;
    acp_status st = acp_object_export(from, id, NULL, 0, &need);
    if (st == ACP_OK && need > *cap) *buf = realloc(*buf, *cap = need);
    if (st == ACP_OK) st = acp_object_export(from, id, *buf, *cap, &size);
    if (st == ACP_OK) st = acp_object_import(to, *buf, size, NULL);
    return st;
}

/* The runner playing its scripts while it walks its move-tos, handed from world to world every
 * frame for `frames` frames between two worlds of capacity 2, against a third that keeps it:
 * every hand-off succeeds, many with emitters alive, and every frame's state is the straight
 * run's. (The particles themselves draw from their world's generator, retail's process-wide
 * rand: how many live depends on which world drew, and is not compared.) */
static void test_fx_hand_back_and_forth(uint32_t frames)
{
    acp_world_id w[3];
    for (int k = 0; k < 3; k++) {
        acp_world_def d = acp_default_world_def();
        d.max_objects = 2;
        CHECK_OK(acp_create_world(&d, &w[k]));
        CHECK_OK(acp_world_load_default_records(w[k]));
    }
    add_runner(w[0], true);
    add_runner(w[1], true);
    int at = 1, bad = 0;
    uint32_t with_particles = 0, with_scripts = 0;
    void *buf = NULL;
    size_t cap = 0;
    for (uint32_t f = 1; f <= frames && !bad; f++) {
        double now = (double)f / 60.0;
        for (int k = 0; k < 3; k++) CHECK_OK(acp_world_set_time(w[k], now));
        command(w[0], MID_MOVE_TO, f % 600u);
        command(w[at], MID_MOVE_TO, f % 600u);
        fx_command(w[0], 1, f, 15);
        fx_command(w[at], 1, f, 15);
        for (int k = 0; k < 3; k++) CHECK_OK(acp_world_step(w[k], now));
        acp_object_state st;
        CHECK_OK(acp_object_get_state(w[at], 1, &st));
        with_particles += st.particles > 0;
        with_scripts += st.num_scripts > 0;
        acp_status s = hand_over(w[at], w[3 - at], 1, &buf, &cap);
        if (s != ACP_OK) {
            bad++;
            fprintf(stderr, "hand-off %u failed: %s %s\n", (unsigned)f, acp_status_name(s), acp_error_message());
            break;
        }
        at = 3 - at;
        CHECK_OK(acp_world_set_player_object(w[at], 1));
        if (hash_fx(0xcbf29ce484222325ull, w[0], 1) != hash_fx(0xcbf29ce484222325ull, w[at], 1) && !bad++)
            fprintf(stderr, "frame %u: the handed object differs from the straight run\n", (unsigned)f);
    }
    CHECK(bad == 0);
    /* the case did what it says: emitters alive and scripts queued across many hand-offs
     * (each 10 s: the fountain ~3.5 s, the burst ~2 s; scripts ~3 s and ~1 s) */
    CHECK(frames < 600 || (with_particles > frames / 5 && with_scripts > frames / 10));
    free(buf);
    for (int k = 0; k < 3; k++) CHECK_OK(acp_destroy_world(w[k]));
}

static acp_world_id fx_world(void)
{
    acp_world_def d = acp_default_world_def();
    d.max_objects = 2;
    acp_world_id w = {0, 0};
    CHECK_OK(acp_create_world(&d, &w));
    CHECK_OK(acp_world_load_default_records(w));
    return w;
}

/* One frame of the pair: both play their scripts (the player, object 2, 5 frames after the
 * runner, so its block comes after the runner's), then the runner goes to the other world. */
static void fx_pair_frame(acp_world_id pair[2], int *at, uint32_t f, void **buf, size_t *cap)
{
    double now = (double)f / 60.0;
    for (int k = 0; k < 2; k++) CHECK_OK(acp_world_set_time(pair[k], now));
    command(pair[*at], MID_MOVE_TO, f % 600u);
    fx_command(pair[*at], 1, f, 15);
    for (int k = 0; k < 2; k++) fx_command(pair[k], 2, f, 20);
    for (int k = 0; k < 2; k++) CHECK_OK(acp_world_step(pair[k], now));
    CHECK_OK(hand_over(pair[*at], pair[1 - *at], 1, buf, cap));
    *at = 1 - *at;
}

/* Two worlds after 700 hand-offs, each snapshotted and restored into a fresh world: the restored
 * pair goes on as the first pair, frame by frame (both objects' states) and byte for byte (the
 * worlds' snapshots after 700 more hand-offs). The snapshot holds the fx pool's free stack: the
 * world the runner left has its block on it (the player's block came after it), and the runner's
 * return takes that block again, in the restored world as in the first. */
static void test_fx_snapshot_after_hand_offs(void)
{
    acp_world_id a[2] = {fx_world(), fx_world()}, b[2];
    for (int k = 0; k < 2; k++) add_far_player(a[k]);
    add_runner(a[0], false);
    int at = 0, at_b;
    void *buf = NULL;
    size_t cap = 0;
    uint32_t f = 1;
    for (; f <= 700; f++) fx_pair_frame(a, &at, f, &buf, &cap);
    /* the runner in a[0]: a[1], where its block came first (it played at frame 15 in a[0] and
     * took a[1]'s first block on its way in at 16; the player's, at 20, the second), holds that
     * block on its free stack */
    CHECK(at == 0);
    for (int k = 0; k < 2; k++) {
        size_t n = 0, m = 0;
        void *snap = take_snapshot(a[k], &n);
        b[k] = fx_world();
        CHECK_OK(acp_world_restore(b[k], snap, n));
        void *again = take_snapshot(b[k], &m);
        CHECK(n == m && !memcmp(snap, again, n)); /* restored bit for bit */
        free(snap);
        free(again);
    }
    at_b = at;
    int differ = 0;
    for (; f <= 1400; f++) {
        fx_pair_frame(a, &at, f, &buf, &cap);
        fx_pair_frame(b, &at_b, f, &buf, &cap);
        for (uint32_t id = 1; id <= 2; id++) {
            acp_world_id wa = id == 1 ? a[at] : a[0], wb = id == 1 ? b[at_b] : b[0];
            acp_object_state sa, sb;
            CHECK_OK(acp_object_get_state(wa, id, &sa));
            CHECK_OK(acp_object_get_state(wb, id, &sb));
            if ((hash_fx(0xcbf29ce484222325ull, wa, id) != hash_fx(0xcbf29ce484222325ull, wb, id) || sa.particles != sb.particles) &&
                !differ++)
                fprintf(stderr, "frame %u: object %u differs in the restored worlds\n", (unsigned)f, (unsigned)id);
        }
    }
    CHECK(differ == 0);
    for (int k = 0; k < 2; k++) {
        size_t n = 0, m = 0;
        void *sa = take_snapshot(a[k], &n), *sb = take_snapshot(b[k], &m);
        CHECK(n == m && !memcmp(sa, sb, n));
        free(sa);
        free(sb);
        CHECK_OK(acp_destroy_world(a[k]));
        CHECK_OK(acp_destroy_world(b[k]));
    }
    free(buf);
}

/* ---- malformed object files (tests/data/object-malformed): each refused with its status and
 * message, nothing crashes, and the world's snapshot is byte-equal before and after ---- */
static void test_malformed_objects(void)
{
    FILE *fp = fopen(ACP_SOURCE_DIR "/tests/data/object-malformed/manifest.json", "rb");
    CHECK(fp != NULL);
    if (!fp) return;
    char line[2048];
    int cases = 0;
    while (fgets(line, sizeof line, fp)) {
        char file[128], status[64], message[900];
        if (!json_string(line, "\"file\": \"", file, sizeof file) || !json_string(line, "\"status\": \"", status, sizeof status) ||
            !json_string(line, "\"message\": \"", message, sizeof message))
            continue;
        char path[512];
        snprintf(path, sizeof path, "%s/tests/data/object-malformed/%s", ACP_SOURCE_DIR, file);
        FILE *f = fopen(path, "rb");
        CHECK(f != NULL);
        if (!f) continue;
        unsigned char *bytes = malloc(1 << 20);
        size_t n = fread(bytes, 1, 1 << 20, f);
        fclose(f);
        acp_world_def d = acp_default_world_def();
        d.max_objects = 2;
        acp_world_id w;
        CHECK_OK(acp_create_world(&d, &w));
        CHECK_OK(acp_world_load_default_records(w));
        add_far_player(w);
        CHECK_OK(acp_world_step(w, 1.0 / 60.0));
        size_t before_n = 0, after_n = 0;
        void *before = take_snapshot(w, &before_n);
        acp_status st = acp_object_import(w, bytes, n, NULL);
        checks++;
        if (strcmp(acp_status_name(st), status) != 0 || !strstr(acp_error_message(), message)) {
            failures++;
            fprintf(stderr, "%s: got %s \"%s\", want %s \"%s\"\n", file, acp_status_name(st), acp_error_message(), status, message);
        }
        void *after = take_snapshot(w, &after_n);
        CHECK(before_n == after_n && !memcmp(before, after, before_n)); /* refused: the world exactly as it was */
        for (uint32_t k = 2; k <= 5; k++) CHECK_OK(acp_world_step(w, (double)k / 60.0));
        free(before);
        free(after);
        CHECK_OK(acp_destroy_world(w));
        free(bytes);
        cases++;
    }
    fclose(fp);
    CHECK(cases >= 12);
    /* the converse: an object file restored as a world says what it is */
    FILE *f = fopen(ACP_SOURCE_DIR "/tests/data/object-malformed/valid-walker.bin", "rb");
    CHECK(f != NULL);
    if (!f) return;
    unsigned char bytes[4096];
    size_t n = fread(bytes, 1, sizeof bytes, f);
    fclose(f);
    acp_world_def d = acp_default_world_def();
    d.max_objects = 2;
    acp_world_id w;
    CHECK_OK(acp_create_world(&d, &w));
    CHECK_OK(acp_world_load_default_records(w));
    CHECK_ERR(acp_world_restore(w, bytes, n), ACP_ERR_ARGUMENT,
              "offset 0, magic: not an acphys snapshot: it begins \"ACPOBJ\\0\\0\" (an acphys object: import it with "
              "acp_object_import), but an acphys snapshot begins \"ACPSNAP\\0\"");
    uint32_t id = 0;
    CHECK_OK(acp_object_import(w, bytes, n, &id)); /* and as an object it is good */
    CHECK(id == 7);
    CHECK_OK(acp_destroy_world(w));
    /* the valid file the particle_objects cases were made from: a human exported 50 frames into
     * its fountain (0x3300F010), its emitter's particle object named by slot 0; imported, the
     * fountain plays on */
    f = fopen(ACP_SOURCE_DIR "/tests/data/object-malformed/valid-fountain.bin", "rb");
    CHECK(f != NULL);
    if (!f) return;
    unsigned char *fountain = malloc(1 << 16);
    n = fread(fountain, 1, 1 << 16, f);
    fclose(f);
    CHECK_OK(acp_create_world(&d, &w));
    CHECK_OK(acp_world_load_default_records(w));
    add_far_player(w);
    CHECK_OK(acp_object_import(w, fountain, n, &id));
    CHECK(id == 7);
    acp_object_state s;
    CHECK_OK(acp_object_get_state(w, 7, &s));
    CHECK(s.has_fx && s.num_scripts == 1 && s.scripts[0] == 0x3300F010u && s.particles > 0);
    for (uint32_t k = 61; k <= 70; k++) CHECK_OK(acp_world_step(w, (double)k / 60.0));
    CHECK_OK(acp_object_get_state(w, 7, &s));
    CHECK(s.particles > 0);
    free(fountain);
    CHECK_OK(acp_destroy_world(w));
}

/* ---- eight worlds on four threads ---- */

#define WORLDS 8
#define THREADS 4

typedef struct job {
    uint32_t first;                  /* worlds first, first + THREADS, ... */
    uint64_t digest[WORLDS];
} job;

static uint64_t run_walker(uint32_t variant)
{
    walker k;
    walker_init(&k, variant);
    for (uint32_t f = 1; f <= 180; f++) walker_frame(&k, f);
    uint64_t h = k.h;
    acp_destroy_world(k.w);
    return h;
}

static void *thread_main(void *arg)
{
    job *j = arg;
    for (uint32_t i = j->first; i < WORLDS; i += THREADS) j->digest[i] = run_walker(i * 7u);
    return NULL;
}

static void test_eight_worlds_four_threads(void)
{
    uint64_t sequential[WORLDS];
    for (uint32_t i = 0; i < WORLDS; i++) sequential[i] = run_walker(i * 7u);
    CHECK(sequential[0] != sequential[1]); /* the variants differ */
    job jobs[THREADS];
    pthread_t t[THREADS];
    memset(jobs, 0, sizeof jobs);
    for (uint32_t k = 0; k < THREADS; k++) {
        jobs[k].first = k;
        CHECK(pthread_create(&t[k], NULL, thread_main, &jobs[k]) == 0);
    }
    for (uint32_t k = 0; k < THREADS; k++) CHECK(pthread_join(t[k], NULL) == 0);
    for (uint32_t i = 0; i < WORLDS; i++) {
        if (jobs[i % THREADS].digest[i] != sequential[i])
            fprintf(stderr, "world %u: threaded %016llx, sequential %016llx\n", (unsigned)i,
                    (unsigned long long)jobs[i % THREADS].digest[i], (unsigned long long)sequential[i]);
        CHECK(jobs[i % THREADS].digest[i] == sequential[i]);
    }
}

/* A world of 600 objects, whose ids share the object table's buckets (retail's order: bucket
 * ascending, the newest first within one): restored, its snapshot is the same bytes (the table's
 * insertion serials in the table's order), and an object made after the restore in both worlds
 * takes the same place in the table (a restore once set each serial at the index of the reading
 * order while inserting moved them: the serials came back shuffled). */
static void test_table_order_survives(void)
{
    acp_world_def d = acp_default_world_def();
    d.max_objects = 700;
    acp_world_id a = {0, 0}, b = {0, 0};
    CHECK_OK(acp_create_world(&d, &a));
    CHECK_OK(acp_world_load_default_records(a));
    CHECK_OK(acp_create_world(&d, &b));
    CHECK_OK(acp_world_load_default_records(b));
    for (uint32_t i = 1; i <= 600; i++) {
        acp_object_def o = acp_default_object_def();
        o.id = i;
        o.pose = (acp_pose){0xA9B40017u, {84.0f + (float)(i % 20), 140.0f + (float)(i / 20) * 0.5f, 60.0f}, {1, 0, 0, 0}};
        CHECK_OK(acp_create_object(a, &o));
    }
    CHECK_OK(acp_world_step(a, 1.0 / 30.0));
    size_t na, nb;
    void *sa = take_snapshot(a, &na);
    CHECK_OK(acp_world_restore(b, sa, na));
    void *sb = take_snapshot(b, &nb);
    CHECK(na == nb && memcmp(sa, sb, na) == 0);
    free(sa);
    free(sb);
    for (uint32_t k = 0; k < 2; k++) { /* a newcomer in a crowded bucket, in both worlds */
        acp_world_id w = k ? b : a;
        acp_object_def o = acp_default_object_def();
        o.id = 0x301u;
        o.pose = (acp_pose){0xA9B40017u, {100.0f, 100.0f, 60.0f}, {1, 0, 0, 0}};
        CHECK_OK(acp_create_object(w, &o));
        CHECK_OK(acp_world_step(w, 2.0 / 30.0));
    }
    sa = take_snapshot(a, &na);
    sb = take_snapshot(b, &nb);
    CHECK(na == nb && memcmp(sa, sb, na) == 0);
    free(sa);
    free(sb);
    CHECK_OK(acp_destroy_world(a));
    CHECK_OK(acp_destroy_world(b));
}

/* ---- the measure-then-export pattern on an object mid move-to-object ----
 * Exporting cancels a move-to an object (teleport_hook's CancelMoveTo 0x3C), which queues the
 * stop's animations and motions: the measure must bound the cleared form, and an export refused
 * for too small a buffer must leave the object and the world exactly as they were. */
static void test_export_mid_move_to(void)
{
    acp_world_def d = acp_default_world_def();
    d.max_objects = 8;
    acp_world_id w, w2;
    CHECK_OK(acp_create_world(&d, &w));
    CHECK_OK(acp_create_world(&d, &w2));
    CHECK_OK(acp_world_load_default_records(w));
    CHECK_OK(acp_world_load_default_records(w2));
    for (uint32_t k = 0; k < 2; k++) {
        acp_object_def o = acp_default_object_def();
        o.id = 0x50000001u + k;
        o.setup = 0x02000001u;
        o.pose = (acp_pose){0xA9B40017u, {k ? 96.0f : 84.0f, k ? 170.0f : 156.0f, 60.0f}, {1, 0, 0, 0}};
        o.has_run_rate = true;
        CHECK_OK(acp_create_object(w, &o));
    }
    CHECK_OK(acp_world_set_player_object(w, 0x50000001u));
    for (int f = 1; f < 30; f++) {
        CHECK_OK(acp_world_set_time(w, f / 30.0));
        if (f == 2) {
            acp_move_to m = acp_default_move_to();
            m.type = ACP_MOVE_TYPE_TO_OBJECT;
            m.target = 0x50000002u;
            CHECK_OK(acp_object_move_to(w, 0x50000001u, &m));
        }
        CHECK_OK(acp_world_step(w, f / 30.0));
    }
    acp_object_state s;
    CHECK_OK(acp_object_get_state(w, 0x50000001u, &s));
    CHECK(s.has_move_to); /* still moving to B at frame 29 */
    size_t before_n = 0, after_n = 0, need = 0, got = 0;
    void *before = take_snapshot(w, &before_n);
    CHECK_OK(acp_object_export(w, 0x50000001u, NULL, 0, &need));
    unsigned char *buf = malloc(need);
    /* too small by one byte: refused before anything is cleared */
    CHECK_ERR(acp_object_export(w, 0x50000001u, buf, need - 1, &got), ACP_ERR_ARGUMENT, "capacity:");
    void *after = take_snapshot(w, &after_n);
    CHECK(before_n == after_n && !memcmp(before, after, before_n));
    CHECK_OK(acp_object_get_state(w, 0x50000001u, &s));
    CHECK(s.has_move_to && s.has_cell);
    /* the measured capacity holds the cleared form (the move-to cancelled: the stop's animations) */
    CHECK_OK(acp_object_export(w, 0x50000001u, buf, need, &got));
    CHECK(got <= need && !acp_object_exists(w, 0x50000001u));
    uint32_t id = 0;
    CHECK_OK(acp_object_import(w2, buf, got, &id));
    CHECK_OK(acp_object_get_state(w2, id, &s));
    CHECK(id == 0x50000001u && !s.has_move_to);
    free(before);
    free(after);
    free(buf);
    CHECK_OK(acp_destroy_world(w));
    CHECK_OK(acp_destroy_world(w2));
}

int main(int argc, char **argv)
{
    bool threads_only = argc > 1 && !strcmp(argv[1], "threads");
    if (!threads_only) {
        test_resume_through_the_api();
        test_bad_snapshots();
        test_malformed_fixtures();
        test_hand_offs();
        test_hand_back_and_forth(10000);
        test_fx_hand_back_and_forth(10000);
        test_fx_snapshot_after_hand_offs();
        test_malformed_objects();
        test_export_mid_move_to();
        test_table_order_survives();
    }
    test_eight_worlds_four_threads();
    printf("api_snapshot: %d checks, %d failed\n", atomic_load(&checks), atomic_load(&failures));
    return atomic_load(&failures) ? 1 : 0;
}
