/* acphys — the public C API suite (ctest `api`): built against include/acphys.h and the shared
 * library only, as a user's program is.
 *
 * What it checks:
 *   - every entry point's success path and every error it documents: NULL pointers, zero,
 *     out-of-range and destroyed world ids, unknown object ids, out-of-range and non-finite
 *     fields (each message names the argument), records that do not read, records after the
 *     first object, missing Setups and motion tables, calls that need a motion table, files that
 *     do not exist, scenarios that do not parse, the world table full (ACP_MAX_WORLDS);
 *   - 1.1.0: acp_world_set_max_objects (a world grown after its first object and step);
 *     acp_world_finish_records (terrain now, sealed, LandBlocks without the Region) and
 *     acp_world_set_peer_rules (unknown bits, after the first object or step; ACE's 0.1f max
 *     quantum splitting a 0.15 s frame into 0.1 + 0.05 where retail runs one 0.15 quantum);
 *   - exactness: conformance scenario walk-then-stop driven object by object through the API
 *     (acp_create_object, acp_object_apply_motion, acp_world_set_time, acp_world_step), its
 *     trace digest computed from acp_object_get_state (docs/SCENARIOS.md "DIGEST") equal to the
 *     golden trace's closing digest; tests/scenarios/server-events.json (server_position,
 *     stick_to, constrain_to, unstick, unconstrain) driven the same way equal to the runner's
 *     digest of the same file; and six conformance scenarios of different groups run with
 *     acp_run_scenario_file, each giving its golden's frame count and closing digest;
 *   - threads: four worlds on four threads at once give the bits one world gives alone.
 */
#define _POSIX_C_SOURCE 200809L
#include <acphys.h>

#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures, checks;

#define CHECK(cond)                                                                                              \
    do {                                                                                                         \
        checks++;                                                                                                \
        if (!(cond)) {                                                                                           \
            failures++;                                                                                          \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);                              \
        }                                                                                                        \
    } while (0)

/* The call returned `status` and the thread's message contains `needle`. */
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

/* ---- the trace digest from public state (docs/SCENARIOS.md, src/scenario/trace.h DIGEST) ---- */

typedef struct { uint64_t h; } fnv;

static void fnv_bytes(fnv *f, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) {
        f->h ^= b[i];
        f->h *= 0x100000001b3ull;
    }
}
static void fnv_u8(fnv *f, uint8_t v) { fnv_bytes(f, &v, 1); }
static void fnv_u32(fnv *f, uint32_t v)
{
    unsigned char b[4] = {(unsigned char)v, (unsigned char)(v >> 8), (unsigned char)(v >> 16), (unsigned char)(v >> 24)};
    fnv_bytes(f, b, 4);
}
static void fnv_u64(fnv *f, uint64_t v)
{
    fnv_u32(f, (uint32_t)v);
    fnv_u32(f, (uint32_t)(v >> 32));
}
static void fnv_f32(fnv *f, float x)
{
    uint32_t u;
    memcpy(&u, &x, 4);
    fnv_u32(f, isnan(x) ? 0x7FC00000u : u);
}
static void fnv_f64(fnv *f, double x)
{
    uint64_t u;
    memcpy(&u, &x, 8);
    fnv_u64(f, isnan(x) ? 0x7FF8000000000000ull : u);
}

/* One frame of objects `ids` (scenario order) after a step at `now`. */
static void hash_frame(fnv *f, acp_world_id w, uint32_t frame, double now, const uint32_t *ids, uint32_t n)
{
    acp_world_info info;
    CHECK_OK(acp_world_get_info(w, &info));
    fnv_u32(f, frame);
    fnv_f64(f, now);
    fnv_u8(f, info.gate_passed ? 1 : 0);
    fnv_u32(f, n);
    for (uint32_t i = 0; i < n; i++) {
        acp_object_state s;
        CHECK_OK(acp_object_get_state(w, ids[i], &s));
        fnv_u32(f, s.id);
        fnv_u8(f, s.has_elapsed ? 1 : 0);
        if (s.has_elapsed) fnv_f64(f, s.elapsed);
        fnv_u32(f, s.num_quanta);
        for (uint32_t k = 0; k < s.num_quanta; k++) fnv_f32(f, s.quanta[k]);
        fnv_f64(f, now - s.update_time);
        fnv_f64(f, s.update_time);
        fnv_u8(f, s.active ? 1 : 0);
        fnv_u32(f, s.physics_state);
        fnv_u32(f, s.transient_state);
        fnv_u32(f, s.cell);
        for (int k = 0; k < 3; k++) fnv_f32(f, s.origin[k]);
        for (int k = 0; k < 4; k++) fnv_f32(f, s.orientation[k]);
        for (int k = 0; k < 3; k++) fnv_f32(f, s.velocity[k]);
        fnv_u32(f, s.num_hooks);
        for (uint32_t k = 0; k < s.num_hooks; k++) {
            const char *name = acp_hook_name(s.hooks[k]);
            fnv_bytes(f, name, strlen(name) + 1);
        }
        /* the optional parts, each hashed only when present (src/scenario/trace.c) */
        if (s.has_position_manager) {
            fnv_u32(f, s.position_nodes);
            const char *from = acp_offset_source_name(s.offset_source);
            fnv_bytes(f, from, strlen(from) + 1);
        }
        if (s.has_move_to) {
            const char *type = acp_move_to_type_name(s.move_to_type);
            fnv_bytes(f, type, strlen(type) + 1);
            fnv_u32(f, s.move_to_nodes);
            fnv_u32(f, s.move_to_command);
        }
        if (s.num_collisions || s.num_collision_ends) {
            fnv_u8(f, 0x43);
            fnv_u32(f, s.num_collisions);
            for (uint32_t k = 0; k < s.num_collisions; k++) fnv_u32(f, s.collisions[k]);
            fnv_u32(f, s.num_collision_ends);
            for (uint32_t k = 0; k < s.num_collision_ends; k++) fnv_u32(f, s.collision_ends[k]);
        }
        if (s.has_fx) {
            fnv_u32(f, s.num_scripts);
            for (uint32_t k = 0; k < s.num_scripts; k++) fnv_u32(f, s.scripts[k]);
            fnv_u32(f, s.particles);
        }
    }
}

/* A golden trace's frame count (lines before the closing one) and closing digest. */
static bool read_golden(const char *rel, uint32_t *frames, uint64_t *digest)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", ACP_SOURCE_DIR, rel);
    FILE *fp = fopen(path, "rb");
    if (!fp) return false;
    static char line[1 << 20];
    uint32_t n = 0;
    char last[256] = "";
    while (fgets(line, sizeof line, fp)) {
        n++;
        size_t k = strlen(line);
        if (k >= sizeof last) k = sizeof last - 1;
        memcpy(last, line, k);
        last[k] = '\0';
    }
    fclose(fp);
    const char *d = strstr(last, "{\"digest\":\"");
    if (!d || n == 0) return false;
    *frames = n - 1;
    *digest = strtoull(d + 11, NULL, 16);
    return true;
}

static acp_world_id new_world(uint32_t profile, uint32_t max_objects)
{
    acp_world_def d = acp_default_world_def();
    d.profile = profile;
    d.max_objects = max_objects;
    acp_world_id w = {0, 0};
    CHECK_OK(acp_create_world(&d, &w));
    return w;
}

static acp_pose pose_at(uint32_t cell, float x, float y, float z)
{
    acp_pose p = {cell, {x, y, z}, {1.0f, 0.0f, 0.0f, 0.0f}};
    return p;
}

/* An UpdatePosition: pose, contact, velocity (NULL: none), teleport stamp (-1: none); the other
 * fields absent. */
static acp_server_position server_pos(acp_pose pose, bool contact, const float *velocity, int teleport)
{
    acp_server_position sp;
    memset(&sp, 0, sizeof sp);
    sp.pose = pose;
    sp.contact = contact;
    if (velocity) {
        sp.has_velocity = true;
        memcpy(sp.velocity, velocity, sizeof sp.velocity);
    }
    if (teleport >= 0) {
        sp.has_teleport_timestamp = true;
        sp.teleport_timestamp = (uint16_t)teleport;
    }
    return sp;
}

/* ---- version and statuses ---- */

static void test_version(void)
{
    CHECK(strcmp(acp_api_version(), ACP_API_VERSION) == 0);
    CHECK(strcmp(ACP_API_VERSION, "1.1.0") == 0);
    CHECK(acp_library_version()[0] != '\0');
    const char *d = acp_build_digest();
    CHECK(strlen(d) == 16 && strspn(d, "0123456789abcdef") == 16);
    CHECK(strcmp(acp_status_name(ACP_OK), "ACP_OK") == 0);
    CHECK(strcmp(acp_status_name(ACP_ERR_MEMORY), "ACP_ERR_MEMORY") == 0);
    CHECK(strcmp(acp_status_name((acp_status)99), "unknown status") == 0);
    CHECK(strcmp(acp_hook_name(0xFFFFu), "Unknown") == 0);
}

/* ---- worlds ---- */

static void test_world_errors(void)
{
    acp_world_def d = acp_default_world_def();
    CHECK(d.profile == ACP_PROFILE_ID_RETAIL && d.max_objects == 1024);
    acp_world_id w;
    CHECK_ERR(acp_create_world(NULL, &w), ACP_ERR_NULL, "acp_create_world: def: NULL");
    CHECK_ERR(acp_create_world(&d, NULL), ACP_ERR_NULL, "out: NULL");
    d.profile = 4;
    CHECK_ERR(acp_create_world(&d, &w), ACP_ERR_ARGUMENT, "def->profile: 4 is not a profile");
    d.profile = 0;
    d.max_objects = 0;
    CHECK_ERR(acp_create_world(&d, &w), ACP_ERR_ARGUMENT, "def->max_objects: 0 is outside");
    d.max_objects = 1000001;
    CHECK_ERR(acp_create_world(&d, &w), ACP_ERR_ARGUMENT, "def->max_objects");

    /* ids that never named a world */
    acp_world_id zero = {0, 0}, high = {ACP_MAX_WORLDS + 1, 1}, unused = {ACP_MAX_WORLDS, 7};
    CHECK(!acp_world_is_valid(zero) && !acp_world_is_valid(high) && !acp_world_is_valid(unused));
    CHECK_ERR(acp_world_step(zero, 1.0), ACP_ERR_WORLD, "acp_world_step: world: {index1 0, generation 0} is not a world id");
    CHECK_ERR(acp_world_step(high, 1.0), ACP_ERR_WORLD, "is not a world id");
    CHECK_ERR(acp_world_step(unused, 1.0), ACP_ERR_WORLD, "is not a live world");

    /* a destroyed world's id is refused by every entry point that takes one */
    acp_world_id dead = new_world(0, 4);
    CHECK(acp_world_is_valid(dead));
    CHECK_OK(acp_world_load_default_records(dead));
    acp_object_def od = acp_default_object_def();
    od.id = 1;
    od.pose = pose_at(0xA9B40019u, 10, 20, 0);
    od.placement = ACP_PLACE_FRAME;
    CHECK_OK(acp_create_object(dead, &od));
    CHECK(acp_object_exists(dead, 1));
    CHECK_OK(acp_destroy_world(dead));
    CHECK(!acp_world_is_valid(dead));
    CHECK(!acp_object_exists(dead, 1));
    const char *gone = "is not a live world";
    acp_world_info info;
    acp_object_state s;
    acp_motion m = acp_default_motion();
    acp_move_to mt = acp_default_move_to();
    acp_server_position sp = server_pos(pose_at(0xA9B40019u, 1, 1, 0), true, NULL, -1);
    acp_pose p = pose_at(0xA9B40019u, 1, 1, 0);
    float v[3] = {0, 0, 0};
    unsigned char junk[4] = {0};
    CHECK_ERR(acp_destroy_world(dead), ACP_ERR_WORLD, gone);
    CHECK_ERR(acp_world_load_records(dead, junk, 4), ACP_ERR_WORLD, gone);
    CHECK_ERR(acp_world_load_default_records(dead), ACP_ERR_WORLD, gone);
    CHECK_ERR(acp_world_load_records_file(dead, "x.dat"), ACP_ERR_WORLD, gone);
    CHECK_ERR(acp_world_set_player_object(dead, 1), ACP_ERR_WORLD, gone);
    CHECK_ERR(acp_world_step(dead, 1.0), ACP_ERR_WORLD, gone);
    CHECK_ERR(acp_world_set_time(dead, 1.0), ACP_ERR_WORLD, gone);
    CHECK_ERR(acp_world_get_info(dead, &info), ACP_ERR_WORLD, gone);
    CHECK_ERR(acp_create_object(dead, &od), ACP_ERR_WORLD, gone);
    CHECK_ERR(acp_destroy_object(dead, 1), ACP_ERR_WORLD, gone);
    CHECK_ERR(acp_object_apply_motion(dead, 1, &m), ACP_ERR_WORLD, gone);
    CHECK_ERR(acp_object_apply_raw_motion(dead, 1, &m), ACP_ERR_WORLD, gone);
    CHECK_ERR(acp_object_jump(dead, 1, 0.5f, NULL), ACP_ERR_WORLD, gone);
    CHECK_ERR(acp_object_set_velocity(dead, 1, v), ACP_ERR_WORLD, gone);
    CHECK_ERR(acp_object_set_omega(dead, 1, v), ACP_ERR_WORLD, gone);
    CHECK_ERR(acp_object_server_position(dead, 1, &sp), ACP_ERR_WORLD, gone);
    CHECK_ERR(acp_object_stick_to(dead, 1, 2), ACP_ERR_WORLD, gone);
    CHECK_ERR(acp_object_unstick(dead, 1), ACP_ERR_WORLD, gone);
    CHECK_ERR(acp_object_set_state(dead, 1, 0u), ACP_ERR_WORLD, gone);
    CHECK_ERR(acp_object_constrain_to(dead, 1, &p, 0.5f, 1.0f), ACP_ERR_WORLD, gone);
    CHECK_ERR(acp_object_unconstrain(dead, 1), ACP_ERR_WORLD, gone);
    CHECK_ERR(acp_object_move_to(dead, 1, &mt), ACP_ERR_WORLD, gone);
    CHECK_ERR(acp_object_play_script(dead, 1, 0x33000001u), ACP_ERR_WORLD, gone);
    CHECK_ERR(acp_object_play_script_type(dead, 1, 1, 1.0f), ACP_ERR_WORLD, gone);
    CHECK_ERR(acp_object_get_state(dead, 1, &s), ACP_ERR_WORLD, gone);

    /* a new world in the same slot gets a new generation: the old id still fails */
    acp_world_id again = new_world(0, 4);
    CHECK(again.index1 == dead.index1 && again.generation != dead.generation);
    CHECK(!acp_world_is_valid(dead) && acp_world_is_valid(again));
    CHECK_ERR(acp_world_step(dead, 1.0), ACP_ERR_WORLD, gone);
    CHECK_OK(acp_world_step(again, 1.0));

    /* the clock */
    CHECK_ERR(acp_world_step(again, NAN), ACP_ERR_ARGUMENT, "acp_world_step: now: nan is not a finite number");
    CHECK_ERR(acp_world_step(again, 2e9), ACP_ERR_ARGUMENT, "now: 2000000000 is not");
    CHECK_ERR(acp_world_set_time(again, INFINITY), ACP_ERR_ARGUMENT, "acp_world_set_time: now: inf");
    CHECK_OK(acp_world_set_time(again, 3.5));
    CHECK_ERR(acp_world_get_info(again, NULL), ACP_ERR_NULL, "out: NULL");
    CHECK_OK(acp_world_get_info(again, &info));
    CHECK(info.now == 3.5 && info.num_objects == 0 && info.max_objects == 4 && info.profile == 0 && !info.has_terrain);
    CHECK_OK(acp_destroy_world(again));
}

/* ---- records ---- */

static void test_records(void)
{
    acp_world_id w = new_world(0, 4);
    unsigned char junk[64];
    memset(junk, 0xAB, sizeof junk);
    CHECK_ERR(acp_world_load_records(w, NULL, 10), ACP_ERR_NULL, "acp_world_load_records: bytes: NULL");
    CHECK_ERR(acp_world_load_records(w, junk, sizeof junk), ACP_ERR_RECORDS, "acp_world_load_records: bytes: ");
    CHECK_ERR(acp_world_load_records_file(w, NULL), ACP_ERR_NULL, "path: NULL");
    CHECK_ERR(acp_world_load_records_file(w, "/nonexistent/acphys.dat"), ACP_ERR_IO,
              "path: cannot read \"/nonexistent/acphys.dat\"");
    /* DAT bytes held in memory: the same records as the file (copied: the buffer goes at once) */
    FILE *fp = fopen(ACP_SOURCE_DIR "/data/portal-default.dat", "rb");
    CHECK(fp != NULL);
    static unsigned char dat[8 << 20];
    size_t n = fp ? fread(dat, 1, sizeof dat, fp) : 0;
    if (fp) fclose(fp);
    CHECK(n > 0 && n < sizeof dat);
    CHECK_OK(acp_world_load_records(w, dat, n));
    memset(dat, 0, n);
    CHECK_ERR(acp_world_load_records(w, dat, 10), ACP_ERR_RECORDS, "bytes: ");
    CHECK_OK(acp_world_load_records_file(w, ACP_SOURCE_DIR "/data/portal-default.dat"));
    CHECK_OK(acp_world_load_default_records(w));
    acp_object_def od = acp_default_object_def();
    od.id = 5;
    od.setup = 0x02000001u;
    od.pose = pose_at(0xA9B40017u, 84, 156, 60);
    CHECK_OK(acp_create_object(w, &od));
    acp_world_info info;
    CHECK_OK(acp_world_get_info(w, &info));
    CHECK(info.has_terrain && info.num_objects == 1);
    /* sealed after the first object */
    CHECK_ERR(acp_world_load_default_records(w), ACP_ERR_STATE, "records are sealed");
    CHECK_ERR(acp_world_load_records_file(w, ACP_SOURCE_DIR "/data/portal-default.dat"), ACP_ERR_STATE, "sealed");
    CHECK_OK(acp_destroy_world(w));

    /* LandBlocks without the Region's heights: refused when the terrain is built */
    acp_world_id c = new_world(0, 4);
    CHECK_OK(acp_world_load_records_file(c, ACP_SOURCE_DIR "/data/cell-default.dat"));
    CHECK_ERR(acp_world_step(c, 1.0), ACP_ERR_RECORDS, "no Region 0x13000000");
    CHECK_OK(acp_destroy_world(c));
}

/* ---- 1.1.0: the terrain before the first object, comparison modes, the frame set_time opens ---- */

static void test_finish_and_peer_rules(void)
{
    /* acp_world_finish_records: the terrain now, the records sealed, a second call does nothing */
    acp_world_id w = new_world(0, 2);
    CHECK_OK(acp_world_load_default_records(w));
    acp_world_info info;
    CHECK_OK(acp_world_get_info(w, &info));
    CHECK(!info.has_terrain);
    CHECK_OK(acp_world_finish_records(w));
    CHECK_OK(acp_world_get_info(w, &info));
    CHECK(info.has_terrain && info.num_objects == 0);
    CHECK_ERR(acp_world_load_default_records(w), ACP_ERR_STATE, "acp_world_load_default_records: the world's records are sealed");
    CHECK_OK(acp_world_finish_records(w));
    /* comparison modes: known bits only, before the first object or step */
    CHECK_ERR(acp_world_set_peer_rules(w, 0x20u), ACP_ERR_ARGUMENT,
              "acp_world_set_peer_rules: rules: 0x20 has bits that are no comparison mode (known: 0x1F)");
    CHECK_ERR(acp_world_set_peer_rules(w, 0x80000001u), ACP_ERR_ARGUMENT, "rules: 0x80000001");
    CHECK_OK(acp_world_set_peer_rules(w, ACP_PEER_RULE_ACE_MAX_QUANTUM | ACP_PEER_RULE_ACE_SLED_FRICTION));
    CHECK_OK(acp_world_set_peer_rules(w, ACP_PEER_RULE_ACE_MAX_QUANTUM)); /* may change until then */
    acp_object_def d = acp_default_object_def();
    d.id = 7;
    d.physics_state = 0; /* no gravity: it stays where it is put, and active */
    d.placement = ACP_PLACE_FRAME;
    d.transient_state = 0x80u; /* ACTIVE */
    d.pose = pose_at(0xA9B40019u, 10, 20, 60);
    CHECK_OK(acp_create_object(w, &d));
    CHECK_ERR(acp_world_set_peer_rules(w, 0u), ACP_ERR_STATE, "acp_world_set_peer_rules: the world has objects or has run");
    /* a second world, retail, the same object */
    acp_world_id r = new_world(0, 2);
    CHECK_OK(acp_world_load_default_records(r));
    CHECK_OK(acp_create_object(r, &d));
    /* 0.15 s after it entered: retail's ladder (MAX_QUANTUM 0.2) runs it in one quantum of 0.15 s;
     * ACE's MaxQuantum 0.1f in two: 0.1 s, then the 0.05 s left (above MIN_QUANTUM 1/30 s) */
    CHECK_OK(acp_world_step(r, 0.15));
    CHECK_OK(acp_world_step(w, 0.15));
    acp_object_state sr, sw;
    CHECK_OK(acp_object_get_state(r, 7, &sr));
    CHECK_OK(acp_object_get_state(w, 7, &sw));
    CHECK(sr.ran && sr.num_quanta == 1 && sr.quanta[0] == (float)0.15);
    CHECK(sw.ran && sw.num_quanta == 2 && sw.quanta[0] == 0.1f && sw.quanta[1] == (float)(0.15 - (double)0.1f));
    if (!(sw.num_quanta == 2)) fprintf(stderr, "ace-max-quantum: %u quanta (%g, %g)\n", sw.num_quanta, sw.quanta[0], sw.quanta[1]);
    CHECK_OK(acp_destroy_world(r));
    /* a step fixes them too, even in a world without objects */
    acp_world_id e = new_world(0, 1);
    CHECK_OK(acp_world_step(e, 1.0));
    CHECK_ERR(acp_world_set_peer_rules(e, 1u), ACP_ERR_STATE, "has objects or has run");
    CHECK_OK(acp_destroy_world(e));
    /* a destroyed world's id */
    CHECK_OK(acp_destroy_world(w));
    CHECK_ERR(acp_world_finish_records(w), ACP_ERR_WORLD, "acp_world_finish_records: world: {index1");
    CHECK_ERR(acp_world_set_peer_rules(w, 0u), ACP_ERR_WORLD, "is not a live world");
    acp_world_id zero = {0, 0};
    CHECK_ERR(acp_world_finish_records(zero), ACP_ERR_WORLD, "is not a world id");
    CHECK_ERR(acp_world_set_peer_rules(zero, 0u), ACP_ERR_WORLD, "is not a world id");

    /* LandBlocks without the Region's heights: refused by finish_records, as by the first step */
    acp_world_id c = new_world(0, 4);
    CHECK_OK(acp_world_load_records_file(c, ACP_SOURCE_DIR "/data/cell-default.dat"));
    CHECK_ERR(acp_world_finish_records(c), ACP_ERR_RECORDS,
              "acp_world_finish_records: the records hold LandBlocks but no Region 0x13000000");
    CHECK_OK(acp_destroy_world(c));
}

/* The world table: ACP_MAX_WORLDS live worlds at most (about 70 kB each at one object), then
 * ACP_ERR_FULL naming the limit; a destroyed one frees its slot. */
static void test_world_table_full(void)
{
    static acp_world_id ids[ACP_MAX_WORLDS + 1];
    acp_world_def d = acp_default_world_def();
    d.max_objects = 1;
    uint32_t n = 0;
    acp_status st = ACP_OK;
    while (n <= ACP_MAX_WORLDS && (st = acp_create_world(&d, &ids[n])) == ACP_OK) n++;
    CHECK(n == ACP_MAX_WORLDS); /* every earlier test destroyed its worlds */
    CHECK(st == ACP_ERR_FULL);
    CHECK(strstr(acp_error_message(), "acp_create_world: 4096 worlds are live already (ACP_MAX_WORLDS): destroy one first") != NULL);
    if (n > 0) {
        CHECK_OK(acp_destroy_world(ids[n / 2]));
        acp_world_id again;
        CHECK_OK(acp_create_world(&d, &again));
        CHECK(again.index1 == ids[n / 2].index1 && again.generation != ids[n / 2].generation);
        ids[n / 2] = again;
    }
    for (uint32_t i = 0; i < n; i++) CHECK_OK(acp_destroy_world(ids[i]));
}

/* 1.1.0's struct fields: the PhysicsDesc's stamps (acp_object_def.timestamps) meet an
 * UpdatePosition's instance stamp: SmartBox::UnpackPositionEvent drops a message whose instance
 * stamp is older than the object's (9 < 10), and handles one of its own instance (10). */
static void test_instance_stamp(void)
{
    acp_world_id w = new_world(0, 1);
    CHECK_OK(acp_world_load_default_records(w));
    acp_object_def d = acp_default_object_def();
    d.id = 3;
    d.physics_state = 0;
    d.placement = ACP_PLACE_FRAME;
    d.transient_state = 1;
    d.pose = pose_at(0xA9B40019u, 10, 20, 60);
    d.timestamps[8] = 10; /* the instance stamp */
    CHECK_OK(acp_create_object(w, &d));
    acp_server_position sp = server_pos(pose_at(0xA9B40019u, 30, 40, 60), true, NULL, -1);
    sp.has_instance_timestamp = true;
    sp.instance_timestamp = 9;
    CHECK_OK(acp_world_set_time(w, 0.05));
    CHECK_OK(acp_object_server_position(w, 3, &sp));
    CHECK_OK(acp_world_step(w, 0.05));
    acp_object_state s;
    CHECK_OK(acp_object_get_state(w, 3, &s));
    CHECK(s.origin[0] == 10.0f && s.origin[1] == 20.0f && s.origin[2] == 60.0f && !s.has_position_manager);
    sp.instance_timestamp = 10;
    CHECK_OK(acp_world_set_time(w, 0.1));
    CHECK_OK(acp_object_server_position(w, 3, &sp));
    CHECK_OK(acp_world_step(w, 0.1));
    CHECK_OK(acp_object_get_state(w, 3, &s));
    CHECK(!(s.origin[0] == 10.0f && s.origin[1] == 20.0f)); /* handled: it moved toward (30, 40) */
    if (s.origin[0] == 10.0f) fprintf(stderr, "instance stamp: not handled (%g, %g)\n", s.origin[0], s.origin[1]);
    CHECK_OK(acp_destroy_world(w));
}

/* ---- objects ---- */

static void test_objects(void)
{
    acp_world_id w = new_world(0, 3);
    CHECK_OK(acp_world_load_default_records(w));
    acp_object_def d = acp_default_object_def();
    CHECK(d.physics_state == 0x00400C08u && d.scale == 1.0f && d.friction == 0.95f && d.elasticity == 0.05f &&
          d.run_rate == 1.0f && !d.has_run_rate && d.placement == ACP_PLACE_SET_POSITION && d.pose.orientation[0] == 1.0f);
    d.id = 1;
    d.setup = 0x02000001u;
    d.pose = pose_at(0xA9B40017u, 84, 156, 60);
    acp_object_def b = d;
    CHECK_ERR(acp_create_object(w, NULL), ACP_ERR_NULL, "acp_create_object: def: NULL");
    b.id = 0;
    CHECK_ERR(acp_create_object(w, &b), ACP_ERR_ARGUMENT, "def->id: 0 is not an object id");
    b = d, b.pose.cell = 0xA9B40041u;
    CHECK_ERR(acp_create_object(w, &b), ACP_ERR_ARGUMENT, "def->pose.cell: 0xA9B40041 is not a cell id");
    b = d, b.pose.origin[1] = NAN;
    CHECK_ERR(acp_create_object(w, &b), ACP_ERR_ARGUMENT, "def->pose.origin: expected finite numbers");
    b = d, b.pose.orientation[0] = 0.5f;
    CHECK_ERR(acp_create_object(w, &b), ACP_ERR_ARGUMENT, "def->pose.orientation: not a unit quaternion: |q|² = 0.25");
    b = d, b.velocity[2] = INFINITY;
    CHECK_ERR(acp_create_object(w, &b), ACP_ERR_ARGUMENT, "def->velocity");
    b = d, b.omega[0] = NAN;
    CHECK_ERR(acp_create_object(w, &b), ACP_ERR_ARGUMENT, "def->omega");
    b = d, b.scale = -1.0f;
    CHECK_ERR(acp_create_object(w, &b), ACP_ERR_ARGUMENT, "def->scale: expected a positive finite number, got -1");
    b = d, b.friction = NAN;
    CHECK_ERR(acp_create_object(w, &b), ACP_ERR_ARGUMENT, "def->friction");
    b = d, b.elasticity = INFINITY;
    CHECK_ERR(acp_create_object(w, &b), ACP_ERR_ARGUMENT, "def->elasticity");
    b = d, b.run_rate = NAN;
    CHECK_ERR(acp_create_object(w, &b), ACP_ERR_ARGUMENT, "def->run_rate");
    b = d, b.enter_at = 1e10;
    CHECK_ERR(acp_create_object(w, &b), ACP_ERR_ARGUMENT, "def->enter_at");
    b = d, b.placement = 2;
    CHECK_ERR(acp_create_object(w, &b), ACP_ERR_ARGUMENT, "def->placement: 2 is not a placement");
    b = d, b.setup = 0x0200FFFFu;
    CHECK_ERR(acp_create_object(w, &b), ACP_ERR_RECORDS, "def->setup: no Setup 0x0200FFFF");
    b = d, b.motion_table = 0x0900FFFFu;
    CHECK_ERR(acp_create_object(w, &b), ACP_ERR_RECORDS, "def->motion_table: no MotionTable 0x0900FFFF");
    /* none of the refused ones was made */
    CHECK(!acp_object_exists(w, 1) && !acp_object_exists(w, 0));
    /* a motion table that names an animation the records lack (the excerpt of
     * tests/scenarios/excerpts: the humanoid's Setup and MotionTable without Animation 0x0300F001),
     * through the Setup's default table and given by id */
    {
        acp_world_id m = new_world(0, 2);
        CHECK_OK(acp_world_load_records_file(m, ACP_SOURCE_DIR "/tests/scenarios/excerpts/humanoid-without-animations.dat"));
        acp_object_def h = acp_default_object_def();
        h.id = 9;
        h.setup = 0x02000001u;
        h.placement = ACP_PLACE_FRAME;
        h.pose = pose_at(0xA9B40019u, 10, 20, 0);
        CHECK_ERR(acp_create_object(m, &h), ACP_ERR_RECORDS,
                  "acp_create_object: def->setup: MotionTable 0x09000001 names Animation 0x0300F001, which is not in the records");
        h.motion_table = 0x09000001u;
        CHECK_ERR(acp_create_object(m, &h), ACP_ERR_RECORDS, "def->motion_table: MotionTable 0x09000001 names Animation 0x0300F001");
        CHECK(!acp_object_exists(m, 9));
        CHECK_OK(acp_destroy_world(m));
    }

    CHECK_OK(acp_create_object(w, &d));
    CHECK_ERR(acp_create_object(w, &d), ACP_ERR_EXISTS, "def->id: object 0x00000001 is in the world already");
    acp_object_def bare = acp_default_object_def(); /* no Setup: no motion table */
    bare.id = 2;
    bare.pose = pose_at(0xA9B40017u, 90, 156, 60);
    CHECK_OK(acp_create_object(w, &bare));
    acp_object_def third = bare;
    third.id = 3;
    CHECK_OK(acp_create_object(w, &third));
    third.id = 4;
    CHECK_ERR(acp_create_object(w, &third), ACP_ERR_FULL, "max_objects (3)");

    /* the human entered on the terrain (SetPosition's placement sweep found contact) */
    acp_object_state s;
    CHECK_ERR(acp_object_get_state(w, 1, NULL), ACP_ERR_NULL, "acp_object_get_state: out: NULL");
    CHECK_ERR(acp_object_get_state(w, 99, &s), ACP_ERR_OBJECT, "acp_object_get_state: object_id: no object 0x00000063");
    CHECK_ERR(acp_object_get_state(w, 0, &s), ACP_ERR_OBJECT, "object_id: no object 0x00000000");
    CHECK_OK(acp_object_get_state(w, 1, &s));
    CHECK(s.id == 1 && s.has_cell && s.contact && s.on_walkable && s.has_motion_table);
    CHECK(s.physics_state == 0x00400C08u && !s.ran);

    /* the player and the clock */
    CHECK_ERR(acp_world_set_player_object(w, 77), ACP_ERR_OBJECT, "acp_world_set_player_object: object_id: no object");
    CHECK_OK(acp_world_set_player_object(w, 1));
    CHECK_OK(acp_world_set_player_object(w, 0));
    CHECK_OK(acp_world_set_player_object(w, 1));
    for (int k = 1; k <= 30; k++) CHECK_OK(acp_world_step(w, k / 30.0));
    CHECK_OK(acp_object_get_state(w, 1, &s));
    /* The world gate (CPhysics::UseTime): 1.0 − 29/30 is below 1/30 in double, so the step at
     * 1.0 s runs nothing; the object's clock stays at the step of 29/30 s. */
    acp_world_info wi;
    CHECK_OK(acp_world_get_info(w, &wi));
    CHECK(1.0 - 29.0 / 30.0 < 1.0 / 30.0 && !wi.gate_passed && wi.last_update == 29.0 / 30.0);
    CHECK(!s.ran && !s.has_elapsed && s.num_quanta == 0 && s.update_time == 29.0 / 30.0);
    /* 1.05 s: the gate passes; update_object's ladder sees elapsed = now − update_time */
    CHECK_OK(acp_world_step(w, 1.05));
    CHECK_OK(acp_world_get_info(w, &wi));
    CHECK_OK(acp_object_get_state(w, 1, &s));
    CHECK(wi.gate_passed && wi.last_update == 1.05);
    CHECK(s.ran && s.has_elapsed && s.skipped == ACP_SKIPPED_NONE && s.elapsed == 1.05 - 29.0 / 30.0);
    CHECK(s.update_time == 1.05 && s.num_quanta == 1 && s.quanta[0] == (float)(1.05 - 29.0 / 30.0));

    /* events: every entry point, its NULL and range errors, NO_MOTION for the bare object */
    acp_motion m = acp_default_motion();
    CHECK(m.style == 0x8000003Du && m.forward_command == 0x41000003u && m.forward_speed == 1.0f && m.sidestep_command == 0 &&
          m.turn_command == 0 && !m.hold_run);
    CHECK_ERR(acp_object_apply_motion(w, 1, NULL), ACP_ERR_NULL, "acp_object_apply_motion: motion: NULL");
    CHECK_ERR(acp_object_apply_motion(w, 2, &m), ACP_ERR_NO_MOTION, "object 0x00000002 has no motion table");
    CHECK_ERR(acp_object_apply_raw_motion(w, 2, &m), ACP_ERR_NO_MOTION, "has no motion table");
    CHECK_ERR(acp_object_jump(w, 2, 0.5f, NULL), ACP_ERR_NO_MOTION, "has no motion table");
    acp_move_to mt = acp_default_move_to();
    CHECK(mt.type == ACP_MOVE_TYPE_TO_POSITION && mt.bitfield == 0x1EE0Fu && mt.speed == 1.0f &&
          mt.distance_to_object == 0.6f && mt.walk_run_threshold == 15.0f);
    CHECK_ERR(acp_object_move_to(w, 2, &mt), ACP_ERR_NO_MOTION, "has no motion table");
    CHECK_ERR(acp_object_apply_motion(w, 9, &m), ACP_ERR_OBJECT, "no object 0x00000009");
    acp_motion bad = m;
    bad.forward_speed = NAN;
    CHECK_ERR(acp_object_apply_motion(w, 1, &bad), ACP_ERR_ARGUMENT, "motion->forward_speed");
    bad = m, bad.sidestep_speed = INFINITY;
    CHECK_ERR(acp_object_apply_raw_motion(w, 1, &bad), ACP_ERR_ARGUMENT, "motion->sidestep_speed");
    bad = m, bad.turn_speed = NAN;
    CHECK_ERR(acp_object_apply_raw_motion(w, 1, &bad), ACP_ERR_ARGUMENT, "motion->turn_speed");
    CHECK(m.sticky_object == 0 && !m.standing_longjump);
    m.forward_command = 0x45000005u; /* WalkForward */
    CHECK_OK(acp_object_apply_motion(w, 1, &m));
    acp_motion sticky = m;
    sticky.sticky_object = 3; /* the message's sticky object: CPhysicsObj::stick_to_object */
    CHECK_OK(acp_object_apply_motion(w, 1, &sticky));
    CHECK_OK(acp_object_unstick(w, 1));
    CHECK_OK(acp_object_apply_raw_motion(w, 1, &m));
    uint32_t werr = 0xFFFFFFFFu;
    CHECK_ERR(acp_object_jump(w, 1, NAN, &werr), ACP_ERR_ARGUMENT, "extent");
    CHECK_OK(acp_object_jump(w, 1, 0.5f, &werr));
    CHECK(werr != 0xFFFFFFFFu);
    CHECK_OK(acp_object_jump(w, 1, 0.5f, NULL));
    /* retail takes any extent: CMotionInterp::get_jump_v_z (0x00527AA0) clamps above 1, reads below 0.0002 as 0 */
    CHECK_OK(acp_object_jump(w, 1, 5.0f, NULL));
    CHECK_OK(acp_object_jump(w, 1, -1.0f, NULL));
    CHECK_ERR(acp_object_jump(w, 1, INFINITY, NULL), ACP_ERR_ARGUMENT, "acp_object_jump: extent");
    acp_motion self_sticky = m;
    self_sticky.sticky_object = 1;
    CHECK_ERR(acp_object_apply_motion(w, 1, &self_sticky), ACP_ERR_ARGUMENT,
              "acp_object_apply_motion: motion->sticky_object: an object cannot stick to itself");
    float v[3] = {1, 2, 0}, vbad[3] = {0, NAN, 0};
    CHECK_ERR(acp_object_set_velocity(w, 2, NULL), ACP_ERR_NULL, "acp_object_set_velocity: velocity: NULL");
    CHECK_ERR(acp_object_set_velocity(w, 2, vbad), ACP_ERR_ARGUMENT, "velocity: expected finite numbers");
    CHECK_ERR(acp_object_set_omega(w, 2, NULL), ACP_ERR_NULL, "acp_object_set_omega: omega: NULL");
    CHECK_ERR(acp_object_set_omega(w, 2, vbad), ACP_ERR_ARGUMENT, "omega: expected");
    CHECK_OK(acp_object_set_velocity(w, 2, v));
    float big[3] = {100, 0, 0};
    CHECK_OK(acp_object_set_velocity(w, 3, big));
    CHECK_OK(acp_object_get_state(w, 3, &s));
    CHECK(s.velocity[0] == 50.0f && s.active); /* CPhysicsObj::set_velocity clamps to 50 m/s and activates */
    float om[3] = {0, 0, 1.5f};
    CHECK_OK(acp_object_set_omega(w, 2, om));
    CHECK_OK(acp_object_get_state(w, 2, &s));
    CHECK(s.omega[2] == 1.5f && s.velocity[0] == 1.0f && s.velocity[1] == 2.0f);
    acp_server_position sp = server_pos(pose_at(0xA9B40017u, 91, 156, 60), true, (const float[3]){0, 1, 0}, -1);
    CHECK_ERR(acp_object_server_position(w, 2, NULL), ACP_ERR_NULL, "sp: NULL");
    acp_server_position spb = sp;
    spb.pose.cell = 0;
    CHECK_ERR(acp_object_server_position(w, 2, &spb), ACP_ERR_ARGUMENT, "sp->pose.cell: 0x00000000 is not a cell id");
    spb = sp, spb.velocity[0] = NAN;
    CHECK_ERR(acp_object_server_position(w, 2, &spb), ACP_ERR_ARGUMENT, "sp->velocity");
    CHECK_OK(acp_object_server_position(w, 2, &sp));
    /* the player-only fields of an UpdatePosition (SmartBox's forced position) */
    spb = sp, spb.has_force_position_timestamp = true, spb.force_position_timestamp = 1;
    CHECK_ERR(acp_object_server_position(w, 2, &spb), ACP_ERR_ARGUMENT,
              "sp->has_force_position_timestamp: the player only (object 0x00000002 is not the world's player)");
    spb = sp, spb.keep_heading = true;
    CHECK_ERR(acp_object_server_position(w, 2, &spb), ACP_ERR_ARGUMENT, "sp->keep_heading: the player only");
    spb = sp, spb.use_position_from_server = true;
    CHECK_ERR(acp_object_server_position(w, 2, &spb), ACP_ERR_ARGUMENT, "sp->use_position_from_server");
    spb = server_pos(pose_at(0xA9B40017u, 84, 156, 60), true, NULL, -1);
    spb.has_force_position_timestamp = true, spb.force_position_timestamp = 0; /* not newer: nothing forced */
    spb.has_position_timestamp = true, spb.position_timestamp = 7;
    CHECK_OK(acp_object_server_position(w, 1, &spb)); /* object 1 is the player */
    CHECK_ERR(acp_object_stick_to(w, 2, 0), ACP_ERR_ARGUMENT, "target_id: 0");
    CHECK_ERR(acp_object_stick_to(w, 2, 2), ACP_ERR_ARGUMENT, "acp_object_stick_to: target_id: an object cannot stick to itself");
    CHECK_OK(acp_object_stick_to(w, 2, 1));
    CHECK_OK(acp_object_unstick(w, 2));
    CHECK_ERR(acp_object_unstick(w, 8), ACP_ERR_OBJECT, "acp_object_unstick: object_id");
    /* SetState: CPhysicsObj::set_state stores the word; HIDDEN (0x4000) appearing runs set_hidden(true),
     * which drops REPORT_COLLISIONS (0x8) and sets IGNORE_COLLISIONS (0x10); clearing it runs
     * set_hidden(false), which clears IGNORE_COLLISIONS and sets REPORT_COLLISIONS again. */
    CHECK_ERR(acp_object_set_state(w, 8, 0x8u), ACP_ERR_OBJECT, "acp_object_set_state: object_id");
    CHECK_OK(acp_object_set_state(w, 2, 0x4000u | 0x8u));
    CHECK_OK(acp_object_get_state(w, 2, &s));
    CHECK(s.physics_state == (0x4000u | 0x10u));
    CHECK_OK(acp_object_set_state(w, 2, 0x10u));
    CHECK_OK(acp_object_get_state(w, 2, &s));
    CHECK(s.physics_state == 0x8u);
    CHECK_OK(acp_object_set_state(w, 2, 0x1u)); /* no HIDDEN change: the word as given */
    CHECK_OK(acp_object_get_state(w, 2, &s));
    CHECK(s.physics_state == 0x1u);
    CHECK_OK(acp_object_set_state(w, 2, 0x80000001u)); /* retail's set_state stores unknown bits too */
    CHECK_OK(acp_object_get_state(w, 2, &s));
    CHECK(s.physics_state == 0x80000001u);
    CHECK_OK(acp_object_set_state(w, 2, 0x1u));
    acp_pose p = pose_at(0xA9B40017u, 91, 156, 60);
    CHECK_ERR(acp_object_constrain_to(w, 2, NULL, 0.5f, 1.0f), ACP_ERR_NULL, "pose: NULL");
    CHECK_ERR(acp_object_constrain_to(w, 2, &p, 1.0f, 0.5f), ACP_ERR_ARGUMENT, "0 <= start_distance < max_distance");
    CHECK_ERR(acp_object_constrain_to(w, 2, &p, -1.0f, 0.5f), ACP_ERR_ARGUMENT, "start_distance");
    CHECK_OK(acp_object_constrain_to(w, 2, &p, 0.5f, 1.0f));
    CHECK_OK(acp_object_unconstrain(w, 2));
    CHECK_ERR(acp_object_unconstrain(w, 8), ACP_ERR_OBJECT, "acp_object_unconstrain");
    CHECK_ERR(acp_object_move_to(w, 1, NULL), ACP_ERR_NULL, "move_to: NULL");
    acp_move_to mtb = mt;
    mtb.type = 5;
    CHECK_ERR(acp_object_move_to(w, 1, &mtb), ACP_ERR_ARGUMENT, "move_to->type: 5 is not a move-to type");
    mtb = mt, mtb.pose = p, mtb.pose.orientation[0] = 2.0f;
    CHECK_ERR(acp_object_move_to(w, 1, &mtb), ACP_ERR_ARGUMENT, "move_to->pose.orientation");
    mtb = mt, mtb.pose = p, mtb.speed = NAN;
    CHECK_ERR(acp_object_move_to(w, 1, &mtb), ACP_ERR_ARGUMENT, "must be finite");
    mtb = mt, mtb.pose = p, mtb.run_rate = INFINITY;
    CHECK_ERR(acp_object_move_to(w, 1, &mtb), ACP_ERR_ARGUMENT, "run_rate must be finite");
    mtb = mt, mtb.type = ACP_MOVE_TYPE_TO_OBJECT, mtb.target = 0;
    CHECK_ERR(acp_object_move_to(w, 1, &mtb), ACP_ERR_ARGUMENT, "move_to->target: 0 is not an object id");
    mtb.target = 1;
    CHECK_ERR(acp_object_move_to(w, 1, &mtb), ACP_ERR_ARGUMENT, "an object cannot move to itself");
    mtb.target = 0x7777u, mtb.has_pose = false; /* not in the world, no fallback: OK, and no move-to runs */
    CHECK_OK(acp_object_move_to(w, 1, &mtb));
    CHECK_OK(acp_object_get_state(w, 1, &s));
    CHECK(!s.has_move_to);
    mtb = mt, mtb.type = ACP_MOVE_TYPE_TURN_TO_OBJECT, mtb.target = 0x7777u, mtb.has_fallback_heading = true;
    mtb.fallback_heading = 360.0f;
    CHECK_ERR(acp_object_move_to(w, 1, &mtb), ACP_ERR_ARGUMENT, "move_to->fallback_heading: 360");
    mtb.fallback_heading = 90.0f; /* an unknown target with its fallback heading */
    CHECK_OK(acp_object_move_to(w, 1, &mtb));
    mtb = mt, mtb.type = ACP_MOVE_TYPE_TO_OBJECT, mtb.target = 0x7777u, mtb.has_pose = true;
    mtb.pose = pose_at(0xA9B40017u, 86, 152, 60); /* an unknown target with its packed origin */
    CHECK_OK(acp_object_move_to(w, 1, &mtb));
    mt.pose = pose_at(0xA9B40017u, 88, 150, 60);
    CHECK(mt.run_rate == 1.0f && !mt.has_pose && !mt.has_fallback_heading);
    CHECK_OK(acp_object_move_to(w, 1, &mt));
    mt.type = ACP_MOVE_TYPE_TURN_TO_OBJECT;
    mt.target = 2;
    CHECK_OK(acp_object_move_to(w, 1, &mt));
    CHECK_OK(acp_object_play_script(w, 2, 0x3300FFFFu)); /* a script the records lack: retail plays nothing */
    CHECK_ERR(acp_object_play_script(w, 8, 0x33000001u), ACP_ERR_OBJECT, "acp_object_play_script");
    CHECK_ERR(acp_object_play_script_type(w, 2, 1, NAN), ACP_ERR_ARGUMENT, "mod");
    CHECK_OK(acp_object_play_script_type(w, 2, 1, 1.0f));
    /* the human's PhysicsScriptTable: PS_Test1 at 0.5 is 0x3300F010 (scripts-and-particles) */
    CHECK_OK(acp_object_play_script_type(w, 1, 1, 0.5f));
    for (int k = 31; k <= 60; k++) CHECK_OK(acp_world_step(w, 2.0 + k / 30.0));
    CHECK_OK(acp_object_get_state(w, 1, &s));
    CHECK(s.has_fx && s.num_scripts + s.particles > 0);

    /* destroying objects */
    CHECK_ERR(acp_destroy_object(w, 42), ACP_ERR_OBJECT, "acp_destroy_object: object_id: no object 0x0000002A");
    CHECK_OK(acp_destroy_object(w, 2));
    CHECK(!acp_object_exists(w, 2) && acp_object_exists(w, 1) && acp_object_exists(w, 3));
    CHECK_ERR(acp_object_get_state(w, 2, &s), ACP_ERR_OBJECT, "no object 0x00000002");
    CHECK_OK(acp_world_step(w, 4.5)); /* the others run on without it */
    bare.id = 2;
    CHECK_OK(acp_create_object(w, &bare)); /* the id and its room are free again */
    acp_world_info info;
    CHECK_OK(acp_world_get_info(w, &info));
    CHECK(info.num_objects == 3);
    CHECK_OK(acp_destroy_object(w, 1)); /* the player, its script running (DEVIATIONS A1) */
    CHECK_OK(acp_world_step(w, 5.0));
    CHECK_OK(acp_world_step(w, 5.5));
    /* Destroying gives the object's script-and-particle block, its emitters' particle slots and
     * particle objects back to the world's pools (CPhysicsObj::Destroy deletes its managers): a
     * human made, running its fountain (0x3300F010) and destroyed 300 times in a world whose
     * pool holds 64 blocks gets its block every time (before, the 65th had none: no scripts,
     * no particles). */
    acp_object_def human = acp_default_object_def();
    human.id = 1;
    human.setup = 0x02000001u;
    human.motion_table = 0x09000001u;
    human.pose = pose_at(0xA9B40017u, 90, 150, 60);
    int without = 0;
    for (int k = 0; k < 300; k++) {
        CHECK_OK(acp_create_object(w, &human));
        CHECK_OK(acp_object_play_script(w, 1, 0x3300F010u));
        CHECK_OK(acp_world_step(w, 6.0 + k / 10.0));
        CHECK_OK(acp_object_get_state(w, 1, &s));
        without += !(s.has_fx && s.num_scripts > 0);
        CHECK_OK(acp_destroy_object(w, 1));
    }
    CHECK(without == 0);
    CHECK_OK(acp_destroy_world(w));
}

/* ---- exactness: scenarios through the object API ---- */

/* conformance/v1/scenarios/walk-then-stop.json, object by object (motion-links group). */
static void test_walk_then_stop(void)
{
    acp_world_id w = new_world(ACP_PROFILE_ID_RETAIL, 1);
    CHECK_OK(acp_world_load_records_file(w, ACP_SOURCE_DIR "/data/portal-default.dat"));
    acp_object_def d = acp_default_object_def();
    d.id = 1;
    d.setup = 0x02000001u;
    d.motion_table = 0x09000001u;
    d.physics_state = 0x00400008u;
    d.placement = ACP_PLACE_FRAME;
    d.transient_state = 3;
    d.pose = pose_at(0xD59A0023u, 100, 60, 330);
    d.has_run_rate = true; /* the player's weenie answers InqRunRate (1.0) */
    CHECK_OK(acp_create_object(w, &d));
    CHECK_OK(acp_world_set_player_object(w, 1));
    struct { double t; uint32_t forward; } ev[] = {{0, 0x41000003u}, {0.1, 0x45000005u}, {1.0, 0x44000007u}, {2.0, 0x41000003u}};
    uint32_t next = 0, ids[1] = {1};
    fnv f = {0xcbf29ce484222325ull};
    for (uint32_t k = 1; k <= 180; k++) {
        double now = 0.0 + (double)k / 60.0; /* the frame generator: start + k/hz */
        CHECK_OK(acp_world_set_time(w, now));
        while (next < 4 && ev[next].t <= now) {
            acp_motion m = acp_default_motion();
            m.forward_command = ev[next].forward;
            CHECK_OK(acp_object_apply_motion(w, 1, &m));
            next++;
        }
        CHECK_OK(acp_world_step(w, now));
        hash_frame(&f, w, k, now, ids, 1);
    }
    uint32_t frames = 0;
    uint64_t golden = 0;
    CHECK(read_golden("conformance/v1/golden/walk-then-stop.jsonl", &frames, &golden));
    CHECK(frames == 180);
    if (f.h != golden) fprintf(stderr, "walk-then-stop: API digest %016llx, golden %016llx\n", (unsigned long long)f.h,
                               (unsigned long long)golden);
    CHECK(f.h == golden);
    CHECK_OK(acp_destroy_world(w));
}

/* tests/scenarios/server-events.json, object by object: every server-driven event. */
static void test_server_events(void)
{
    acp_world_id w = new_world(ACP_PROFILE_ID_RETAIL, 3);
    const float origins[3][3] = {{10, 20, 0}, {14, 20, 0}, {0, 0, 0}};
    const uint32_t transient[3] = {1, 1, 0};
    for (uint32_t i = 0; i < 3; i++) {
        acp_object_def d = acp_default_object_def();
        d.id = i + 1;
        d.physics_state = 0;
        d.placement = ACP_PLACE_FRAME;
        d.transient_state = transient[i];
        d.pose = pose_at(0xA9B40019u, origins[i][0], origins[i][1], origins[i][2]);
        CHECK_OK(acp_create_object(w, &d));
    }
    CHECK_OK(acp_world_set_player_object(w, 3));
    uint32_t ids[3] = {1, 2, 3};
    fnv f = {0xcbf29ce484222325ull};
    int applied = 0;
    for (uint32_t k = 1; k <= 12; k++) {
        double now = (double)k / 30.0;
        CHECK_OK(acp_world_set_time(w, now));
        if (applied == 0 && 0.05 <= now) {
            acp_server_position sp = server_pos(pose_at(0xA9B40019u, 10, 23, 0), true, (const float[3]){0, 4, 0}, -1);
            CHECK_OK(acp_object_server_position(w, 1, &sp));
            CHECK_OK(acp_object_stick_to(w, 2, 1));
            applied = 1;
        }
        if (applied == 1 && 0.09 <= now) {
            acp_server_position sp = server_pos(pose_at(0xA9B40019u, 30, 40, 0), true, NULL, 1);
            CHECK_OK(acp_object_server_position(w, 1, &sp));
            applied = 2;
        }
        if (applied == 2 && 0.12 <= now) {
            acp_server_position sp = server_pos(pose_at(0xA9B40019u, 60, 40, 0), true, NULL, 0);
            CHECK_OK(acp_object_server_position(w, 1, &sp));
            applied = 3;
        }
        if (applied == 3 && 0.15 <= now) {
            acp_pose p = pose_at(0xA9B4000Au, 30, 40, 0);
            CHECK_OK(acp_object_constrain_to(w, 1, &p, 0.5f, 1.0f));
            acp_server_position sp = server_pos(pose_at(0xA9B4000Au, 30, 45, 0), true, NULL, -1);
            CHECK_OK(acp_object_server_position(w, 1, &sp));
            applied = 4;
        }
        if (applied == 4 && 0.3 <= now) {
            CHECK_OK(acp_object_unstick(w, 2));
            CHECK_OK(acp_object_unconstrain(w, 1));
            applied = 5;
        }
        CHECK_OK(acp_world_step(w, now));
        hash_frame(&f, w, k, now, ids, 3);
    }
    CHECK(applied == 5);
    acp_scenario_result r;
    CHECK_OK(acp_run_scenario_file(ACP_SOURCE_DIR "/tests/scenarios/server-events.json", -1, &r));
    CHECK(r.frames == 12);
    if (f.h != r.digest) fprintf(stderr, "server-events: API digest %016llx, runner %016llx\n", (unsigned long long)f.h,
                                 (unsigned long long)r.digest);
    CHECK(f.h == r.digest);
    CHECK_OK(acp_destroy_world(w));
}

/* ---- scenarios through the library ---- */

static void test_scenarios(void)
{
    acp_scenario_result r;
    CHECK_ERR(acp_run_scenario_file(NULL, -1, &r), ACP_ERR_NULL, "acp_run_scenario_file: path: NULL");
    CHECK_ERR(acp_run_scenario_file("x.json", -1, NULL), ACP_ERR_NULL, "out: NULL");
    CHECK_ERR(acp_run_scenario_file("x.json", 4, &r), ACP_ERR_ARGUMENT, "profile: 4 is not -1");
    CHECK_ERR(acp_run_scenario_file("x.json", -2, &r), ACP_ERR_ARGUMENT, "profile: -2");
    CHECK_ERR(acp_run_scenario_file("/nonexistent/s.json", -1, &r), ACP_ERR_IO, "cannot read the scenario");
    CHECK_ERR(acp_run_scenario_json(NULL, 0, NULL, -1, &r), ACP_ERR_NULL, "json: NULL");
    CHECK_ERR(acp_run_scenario_json("{}", 2, NULL, -1, NULL), ACP_ERR_NULL, "out: NULL");
    CHECK_ERR(acp_run_scenario_json("[1]", 3, NULL, -1, &r), ACP_ERR_SCENARIO, "json is not a scenario");
    CHECK_ERR(acp_run_scenario_json("{\"version\": ", 12, NULL, -1, &r), ACP_ERR_SCENARIO, "not valid JSON");
    CHECK_ERR(acp_run_scenario_json("{\"version\": 1}", 14, NULL, -1, &r), ACP_ERR_SCENARIO, "json: ");
    const char *missing = "{\"version\":1,\"excerpts\":[\"nope.dat\"],\"objects\":[{\"id\":1,\"position\":{\"cell\":\"0xA9B40019\",\"origin\":[1,1,0]}}],\"frames\":{\"hz\":30,\"count\":1}}";
    CHECK_ERR(acp_run_scenario_json(missing, strlen(missing), "/nonexistent", -1, &r), ACP_ERR_IO,
              "excerpts[0]: cannot read \"nope.dat\"");

    /* JSON text with its excerpts relative to base_dir: walk-then-stop's own text */
    FILE *fp = fopen(ACP_SOURCE_DIR "/conformance/v1/scenarios/walk-then-stop.json", "rb");
    static char text[1 << 16];
    size_t len = fp ? fread(text, 1, sizeof text, fp) : 0;
    if (fp) fclose(fp);
    CHECK(len > 0 && len < sizeof text);
    uint32_t gf = 0;
    uint64_t gd = 0;
    CHECK(read_golden("conformance/v1/golden/walk-then-stop.jsonl", &gf, &gd));
    memset(&r, 0, sizeof r);
    CHECK_OK(acp_run_scenario_json(text, len, ACP_SOURCE_DIR "/conformance/v1/scenarios", -1, &r));
    CHECK(r.frames == gf && r.digest == gd);
    CHECK_ERR(acp_run_scenario_json(text, len, "/nonexistent", -1, &r), ACP_ERR_IO, "portal-default.dat");

    /* conformance cases of six groups, each under its manifest profile */
    static const struct { const char *scenario, *golden; int32_t profile; } CASES[] = {
        {"clock-profiles", "clock-profiles.acdream-r6", ACP_PROFILE_ID_ACDREAM_R6},
        {"backwards-clock", "backwards-clock.ace", ACP_PROFILE_ID_ACE},
        {"falling-creature", "falling-creature", ACP_PROFILE_ID_RETAIL},
        {"walk-then-stop", "walk-then-stop", ACP_PROFILE_ID_RETAIL},
        {"crossing-east", "crossing-east", ACP_PROFILE_ID_RETAIL},
        {"quarrel-hits-drudge", "quarrel-hits-drudge", ACP_PROFILE_ID_RETAIL},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        char path[512], golden[256];
        snprintf(path, sizeof path, "%s/conformance/v1/scenarios/%s.json", ACP_SOURCE_DIR, CASES[i].scenario);
        snprintf(golden, sizeof golden, "conformance/v1/golden/%s.jsonl", CASES[i].golden);
        uint32_t frames = 0;
        uint64_t digest = 0;
        CHECK(read_golden(golden, &frames, &digest));
        memset(&r, 0, sizeof r);
        CHECK_OK(acp_run_scenario_file(path, CASES[i].profile, &r));
        if (r.frames != frames || r.digest != digest)
            fprintf(stderr, "%s: %u frames, digest %016llx; golden %u, %016llx\n", CASES[i].golden, r.frames,
                    (unsigned long long)r.digest, frames, (unsigned long long)digest);
        CHECK(r.frames == frames && r.digest == digest);
    }
}

/* conformance/v1/scenarios/two-runners.json (collisions group), object by object, with its
 * jittered frame times made as docs/SCENARIOS.md's generator says; then the same run with runner
 * 2 destroyed in the middle of the collision: runner 1 runs on. */
static double jittered_time(uint32_t k, uint32_t *x)
{
    *x ^= *x << 13, *x ^= *x >> 17, *x ^= *x << 5; /* xorshift32: the state after k steps */
    double t = 0.0 + (double)k / 60.0;
    double u = (double)*x / 4294967296.0;
    return t + (2.0 * u - 1.0) * 0.5 / 1000.0;
}

static uint64_t two_runners(uint32_t destroy_at_frame)
{
    acp_world_id w = new_world(ACP_PROFILE_ID_RETAIL, 2);
    CHECK_OK(acp_world_load_default_records(w));
    const acp_pose where[2] = {{0xA9B40011u, {50.0f, 10.0f, 88.0f}, {0.707107f, 0, 0, -0.707107f}},
                               {0xA9B40019u, {60.0f, 10.3f, 89.6f}, {0.707107f, 0, 0, 0.707107f}}};
    for (uint32_t i = 0; i < 2; i++) {
        acp_object_def d = acp_default_object_def();
        d.id = i + 1, d.setup = 0x02000001u, d.motion_table = 0x09000001u, d.physics_state = 0x00400408u;
        d.pose = where[i];
        CHECK_OK(acp_create_object(w, &d));
    }
    uint32_t ids[2] = {1, 2}, n = 2, x = 4, began = 0;
    fnv f = {0xcbf29ce484222325ull};
    for (uint32_t k = 1; k <= 240; k++) {
        double now = jittered_time(k, &x);
        CHECK_OK(acp_world_set_time(w, now));
        if (k == 1) {
            acp_motion m = acp_default_motion();
            m.forward_command = 0x44000007u; /* RunForward */
            CHECK_OK(acp_object_apply_motion(w, 1, &m));
            CHECK_OK(acp_object_apply_motion(w, 2, &m));
        }
        if (k == destroy_at_frame) {
            CHECK_OK(acp_destroy_object(w, 2));
            n = 1;
        }
        CHECK_OK(acp_world_step(w, now));
        hash_frame(&f, w, k, now, ids, n);
        acp_object_state s;
        CHECK_OK(acp_object_get_state(w, 1, &s));
        began += s.num_collisions;
    }
    CHECK(began > 0 || destroy_at_frame); /* the runners meet */
    CHECK_OK(acp_destroy_world(w));
    return f.h;
}

static void test_two_runners(void)
{
    uint32_t frames = 0;
    uint64_t golden = 0;
    CHECK(read_golden("conformance/v1/golden/two-runners.jsonl", &frames, &golden));
    uint64_t h = two_runners(0);
    if (h != golden) fprintf(stderr, "two-runners: API digest %016llx, golden %016llx\n", (unsigned long long)h,
                             (unsigned long long)golden);
    CHECK(frames == 240 && h == golden);
    (void)two_runners(120); /* destroyed mid-run: no fault (the ASan lane runs this suite too) */
}

/* ---- threads: one world per thread, several at once ---- */

/* walk-then-stop in its own world with no CHECKs (they count in globals): the digest, 0 on any
 * refused call. */
static void *walk_in_a_thread(void *arg)
{
    uint64_t *out = arg;
    *out = 0;
    acp_world_def wd = acp_default_world_def();
    wd.max_objects = 1;
    acp_world_id w;
    if (acp_create_world(&wd, &w) != ACP_OK) return NULL;
    acp_object_def d = acp_default_object_def();
    d.id = 1, d.setup = 0x02000001u, d.motion_table = 0x09000001u, d.physics_state = 0x00400008u;
    d.placement = ACP_PLACE_FRAME, d.transient_state = 3, d.pose = pose_at(0xD59A0023u, 100, 60, 330);
    d.has_run_rate = true;
    if (acp_world_load_records_file(w, ACP_SOURCE_DIR "/data/portal-default.dat") != ACP_OK ||
        acp_create_object(w, &d) != ACP_OK || acp_world_set_player_object(w, 1) != ACP_OK) {
        acp_destroy_world(w);
        return NULL;
    }
    struct { double t; uint32_t forward; } ev[] = {{0, 0x41000003u}, {0.1, 0x45000005u}, {1.0, 0x44000007u}, {2.0, 0x41000003u}};
    uint32_t next = 0;
    uint64_t h = 0xcbf29ce484222325ull;
    for (uint32_t k = 1; k <= 180; k++) {
        double now = (double)k / 60.0;
        acp_world_set_time(w, now);
        while (next < 4 && ev[next].t <= now) {
            acp_motion m = acp_default_motion();
            m.forward_command = ev[next++].forward;
            acp_object_apply_motion(w, 1, &m);
        }
        if (acp_world_step(w, now) != ACP_OK) break;
        acp_object_state s;
        acp_object_get_state(w, 1, &s);
        /* a per-thread fold of the state (not the trace digest): equal across threads */
        const unsigned char *b = (const unsigned char *)&s;
        for (size_t i = 0; i < sizeof s; i++) h = (h ^ b[i]) * 0x100000001b3ull;
    }
    acp_destroy_world(w);
    *out = h;
    return NULL;
}

static void test_threads(void)
{
    enum { N = 4 };
    pthread_t t[N];
    uint64_t digest[N];
    for (int i = 0; i < N; i++) CHECK(pthread_create(&t[i], NULL, walk_in_a_thread, &digest[i]) == 0);
    for (int i = 0; i < N; i++) CHECK(pthread_join(t[i], NULL) == 0);
    uint64_t alone = 0;
    walk_in_a_thread(&alone); /* the same run on this thread, alone */
    CHECK(alone != 0);
    for (int i = 0; i < N; i++) CHECK(digest[i] == alone);
}

/* ParentEvent through the API (issue 34): object 2 (a quarrel) held by the humanoid 1 at part 16 with the
 * holding origin (0.25, 0.1, 1.1): the stand-in's parts lie at the object's frame (identity
 * placement), which has the identity rotation here, so 2 is at 1's origin + (0.25, 0.1, 1.1),
 * each a float sum, in 1's cell. Stepped, 2 is skipped as parented; let go, it runs again.
 * Errors name the argument. */
static void test_held_objects(void)
{
    acp_world_id w = new_world(0, 3);
    CHECK_OK(acp_world_load_default_records(w));
    acp_object_def d = acp_default_object_def();
    d.id = 1;
    d.setup = 0x02000001u;
    d.pose = pose_at(0xA9B40017u, 84, 156, 60);
    CHECK_OK(acp_create_object(w, &d));
    acp_object_def bare = acp_default_object_def();
    bare.id = 2;
    bare.setup = 0x0200012Au; /* the quarrel: a part array, so it enters its holder's cell */
    bare.pose = pose_at(0xA9B40017u, 90, 156, 60);
    CHECK_OK(acp_create_object(w, &bare));
    const float at[3] = {0.25f, 0.1f, 1.1f};
    const float bad_q[4] = {0.5f, 0.0f, 0.0f, 0.0f};
    CHECK_ERR(acp_object_set_parent(w, 2, 2, 0, at, NULL), ACP_ERR_ARGUMENT, "parent_id: object 0x00000002 is (or is held by) object 0x00000002");
    CHECK_ERR(acp_object_set_parent(w, 2, 9, 0, at, NULL), ACP_ERR_OBJECT, "acp_object_set_parent: object_id: no object 0x00000009");
    CHECK_ERR(acp_object_set_parent(w, 2, 1, 34, at, NULL), ACP_ERR_ARGUMENT, "part: 34 is not a part of object 0x00000001 (it has 34; -1: its frame)");
    CHECK_ERR(acp_object_set_parent(w, 2, 1, -2, at, NULL), ACP_ERR_ARGUMENT, "part: -2");
    CHECK_ERR(acp_object_set_parent(w, 2, 1, 16, NULL, NULL), ACP_ERR_NULL, "origin: NULL");
    CHECK_ERR(acp_object_set_parent(w, 2, 1, 16, at, bad_q), ACP_ERR_ARGUMENT, "orientation: not a unit quaternion");
    CHECK_ERR(acp_object_set_parent_location(w, 2, 1, 1), ACP_ERR_ARGUMENT, "location: object 0x00000001's Setup has no holding location 1");
    acp_object_state s1, s2;
    CHECK_OK(acp_object_get_state(w, 1, &s1));
    CHECK_OK(acp_object_set_parent(w, 2, 1, 16, at, NULL));
    CHECK_ERR(acp_object_set_parent(w, 1, 2, -1, at, NULL), ACP_ERR_ARGUMENT, "parent_id: object 0x00000002 is (or is held by) object 0x00000001");
    CHECK_OK(acp_object_get_state(w, 2, &s2));
    CHECK(s2.origin[0] == s1.origin[0] + 0.25f && s2.origin[1] == s1.origin[1] + 0.1f && s2.origin[2] == s1.origin[2] + 1.1f);
    CHECK(s2.cell == s1.cell);
    CHECK_OK(acp_world_step(w, 0.05));
    CHECK_OK(acp_object_get_state(w, 2, &s2));
    CHECK(s2.ran && s2.skipped == ACP_SKIPPED_PARENTED);
    CHECK_OK(acp_object_unset_parent(w, 2));
    CHECK_OK(acp_object_unset_parent(w, 2)); /* not held: nothing */
    CHECK_ERR(acp_object_unset_parent(w, 7), ACP_ERR_OBJECT, "acp_object_unset_parent: object_id");
    CHECK_OK(acp_world_step(w, 0.1));
    CHECK_OK(acp_object_get_state(w, 2, &s2));
    CHECK(s2.skipped == ACP_SKIPPED_NONE);
    CHECK_OK(acp_destroy_world(w));
}

/* acp_world_set_max_objects: a world made for one object takes 64 after it (the table and its id
 * index grow: the object made before is found and unchanged), never shrinks, and refuses an
 * out-of-range room; the 65th object is refused as before. */
static void test_set_max_objects(void)
{
    acp_world_id w = new_world(0, 1);
    CHECK_OK(acp_world_load_default_records(w));
    acp_object_def d = acp_default_object_def();
    d.id = 1;
    d.setup = 0x02000001u;
    d.pose = pose_at(0xA9B40017u, 84, 156, 60);
    CHECK_OK(acp_create_object(w, &d));
    acp_object_def b = acp_default_object_def(); /* no Setup */
    b.id = 2;
    b.pose = pose_at(0xA9B40017u, 90, 156, 60);
    CHECK_ERR(acp_create_object(w, &b), ACP_ERR_FULL, "max_objects (1)");
    CHECK_ERR(acp_world_set_max_objects(w, 0), ACP_ERR_ARGUMENT, "acp_world_set_max_objects: max_objects: 0 is outside 1..1000000");
    CHECK_ERR(acp_world_set_max_objects(w, 1000001u), ACP_ERR_ARGUMENT, "max_objects: 1000001 is outside 1..1000000");
    CHECK_ERR(acp_world_set_max_objects((acp_world_id){0, 0}, 2), ACP_ERR_WORLD, "acp_world_set_max_objects: world");
    CHECK_OK(acp_world_step(w, 0.5));
    acp_object_state before, after;
    CHECK_OK(acp_object_get_state(w, 1, &before));
    CHECK_OK(acp_world_set_max_objects(w, 64));
    CHECK_OK(acp_world_set_max_objects(w, 3)); /* never lower */
    acp_world_info info;
    CHECK_OK(acp_world_get_info(w, &info));
    CHECK(info.max_objects == 64 && info.num_objects == 1);
    CHECK_OK(acp_object_get_state(w, 1, &after));
    CHECK(after.cell == before.cell && memcmp(after.origin, before.origin, sizeof after.origin) == 0 &&
          after.update_time == before.update_time);
    for (uint32_t id = 2; id <= 64; id++) {
        b.id = id;
        CHECK_OK(acp_create_object(w, &b));
    }
    b.id = 65;
    CHECK_ERR(acp_create_object(w, &b), ACP_ERR_FULL, "max_objects (64)");
    uint32_t found = 0;
    for (uint32_t id = 1; id <= 65; id++) found += acp_object_exists(w, id);
    CHECK(found == 64);
    CHECK_OK(acp_world_step(w, 0.55));
    CHECK_OK(acp_world_get_info(w, &info));
    CHECK(info.num_objects == 64);
    CHECK_OK(acp_destroy_world(w));
}

/* acp_object_get_reports: the environment reports a trace hashes. bounce-clamped's drudge (the
 * conformance case, made and driven through the API as the runner does) reports its landing on
 * the terrain at frames 12 and 31 and at no other frame up to 40, as the case's golden trace
 * ("env_collisions" of frames 12 and 31); cells_dropped stays 0; bad ids are named. */
static void test_env_reports(void)
{
    acp_world_id w = new_world(0, 1);
    CHECK_OK(acp_world_load_default_records(w));
    acp_object_def d = acp_default_object_def();
    d.id = 1;
    d.setup = 0x020007DDu;
    d.motion_table = 0x09000008u;
    d.physics_state = 0x00000408u;
    d.friction = 1.5f;
    d.elasticity = 0.5f;
    d.placement = ACP_PLACE_FRAME;
    d.transient_state = 0;
    d.pose = (acp_pose){0xC19A0032u, {148.3582f, 26.67754f, 38.5f}, {-0.996418f, 0.0f, 0.0f, -0.084562f}};
    d.velocity[0] = 1.5f, d.velocity[1] = 0.0f, d.velocity[2] = -7.366f;
    CHECK_OK(acp_create_object(w, &d));
    CHECK_OK(acp_world_set_time(w, 0.0));
    acp_motion m = acp_default_motion();
    CHECK_OK(acp_object_apply_motion(w, 1, &m));
    uint32_t landed[4] = {0}, n = 0, dropped_max = 0;
    for (int k = 0; k <= 40; k++) {
        CHECK_OK(acp_world_step(w, k / 60.0));
        uint32_t env = 99, dropped = 99;
        CHECK_OK(acp_object_get_reports(w, 1, &env, &dropped));
        if (env && n < 4) landed[n++] = (uint32_t)k;
        if (dropped > dropped_max) dropped_max = dropped;
    }
    CHECK(n == 2 && landed[0] == 12 && landed[1] == 31);
    CHECK(dropped_max == 0);
    CHECK_OK(acp_object_get_reports(w, 1, NULL, NULL));
    CHECK_ERR(acp_object_get_reports(w, 9, NULL, NULL), ACP_ERR_OBJECT, "acp_object_get_reports: object_id");
    CHECK_OK(acp_destroy_world(w));
    CHECK_ERR(acp_object_get_reports(w, 1, NULL, NULL), ACP_ERR_WORLD, "acp_object_get_reports");
}

int main(void)
{
    test_version();
    test_world_errors();
    test_records();
    test_finish_and_peer_rules();
    test_instance_stamp();
    test_objects();
    test_held_objects();
    test_env_reports();
    test_set_max_objects();
    test_walk_then_stop();
    test_server_events();
    test_two_runners();
    test_scenarios();
    test_threads();
    test_world_table_full();
    printf("api: %d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
