/* World snapshots (issue 38): every bundled scenario (data/scenarios) and every conformance case
 * (conformance/v1/scenarios), snapshotted after a third and after two thirds of its frames and
 * resumed in a fresh run, ends with the straight run's digest and per-frame digests; and bad
 * snapshots are refused with the offset and field. */
#include "test.h"

#include <dirent.h>
#include <stdlib.h>

#include "cli/cjson_bridge.h"
#include "dat/dat.h"
#include "physics/world/physics.h"
#include "physics/world/snapshot.h"
#include "scenario/jsonv.h"
#include "scenario/run.h"
#include "scenario/text.h"

#define SRC(path) ACP_SOURCE_DIR "/" path

static uint8_t *slurp_bytes(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *b = malloc(n > 0 ? (size_t)n : 1);
    if (b && fread(b, 1, (size_t)n, f) != (size_t)n) {
        free(b);
        b = NULL;
    }
    fclose(f);
    *len = (size_t)n;
    return b;
}

/* A run of the scenario at dir/name with its excerpts read relative to dir; not started. */
static acp_run *make_run_text(const char *dir, const char *text, size_t n)
{
    char path[1024];
    char err[256];
    acp_jsonv_doc *doc = acp_cjson_parse(text, n, err, sizeof err);
    if (!doc) return NULL;
    acp_run *run = acp_run_create(acp_jsonv_root(doc), ACP_RUN_PROFILE_SCENARIO);
    acp_jsonv_doc_destroy(doc);
    for (uint32_t i = 0; run && !acp_run_error(run) && i < acp_run_excerpt_count(run); i++) {
        if (!acp_run_excerpt_needs_bytes(run, i)) continue;
        snprintf(path, sizeof path, "%s/%s", dir, acp_run_excerpt_name(run, i));
        size_t m = 0;
        uint8_t *bytes = slurp_bytes(path, &m);
        if (bytes) acp_run_set_excerpt(run, i, bytes, m);
        free(bytes);
    }
    return run;
}

static acp_run *make_run(const char *dir, const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    size_t n = 0;
    uint8_t *text = slurp_bytes(path, &n);
    if (!text) return NULL;
    acp_run *run = make_run_text(dir, (const char *)text, n);
    free(text);
    return run;
}

static int resumed_cases;

/* Step a and b together while their worlds' snapshots agree; name the first field that differs. */
static void lockstep(acp_run *a, acp_run *b, const char *name)
{
    for (int f = 0; f < 100000; f++) {
        acp_snap_io x, y;
        x.find_at = y.find_at = SIZE_MAX;
        x.find_field = y.find_field = x.find_where = y.find_where = NULL;
        acp_snapshot_write_world(&x, acp_run_world(a), 0, false);
        acp_snapshot_write_world(&y, acp_run_world(b), 0, false);
        size_t i = 0;
        while (i < x.len && i < y.len && x.buf[i] == y.buf[i]) i++;
        bool same = x.len == y.len && i == x.len;
        acp_snap_io_free(&x);
        acp_snap_io_free(&y);
        if (!same) {
            x.find_at = i;
            x.find_field = x.find_where = NULL;
            acp_snapshot_write_world(&x, acp_run_world(a), 0, false);
            ACP_FAIL_("%s: %d frames after the snapshot the worlds differ at byte %zu: %s", name, f, i, x.found);
            acp_snap_io_free(&x);
            return;
        }
        if (!acp_run_step_next(a)) return;
        acp_run_step_next(b);
    }
}

/* The straight run against runs snapshotted after `cut` frames and resumed. */
static void check_file(const char *dir, const char *name)
{
    acp_run *straight = make_run(dir, name);
    if (!straight || acp_run_error(straight) || !acp_run_start(straight)) {
        /* a scenario that does not start (a bad case) has nothing to resume */
        acp_run_destroy(straight);
        return;
    }
    acp_run_all(straight, false);
    if (acp_run_error(straight)) {
        acp_run_destroy(straight);
        return;
    }
    uint32_t frames = acp_run_frames_done(straight);
    uint64_t digest = acp_run_digest(straight);
    uint32_t nd = 0;
    const uint64_t *digests = acp_run_frame_digests(straight, &nd);
    for (int third = 1; third <= 2; third++) {
        uint32_t cut = frames * (uint32_t)third / 3u;
        acp_run *a = make_run(dir, name);
        ENSURE(a && acp_run_start(a));
        for (uint32_t f = 0; f < cut; f++) acp_run_step_next(a);
        uint8_t *snap = NULL;
        size_t size = 0;
        char err[400] = "";
        bool ok = acp_run_snapshot(a, &snap, &size, err, sizeof err);
        if (!ok) ACP_FAIL_("%s after %u frames: %s", name, (unsigned)cut, err);
        acp_run *b = make_run(dir, name);
        if (ok && !acp_run_resume(b, snap, size)) ACP_FAIL_("%s after %u frames: %s", name, (unsigned)cut, acp_run_error(b));
        if (ok && !acp_run_error(b)) {
            lockstep(a, b, name);
            acp_run_all(b, false);
            acp_run_all(a, false);
            uint32_t nb = 0;
            const uint64_t *db = acp_run_frame_digests(b, &nb);
            acp_test_checks++;
            if (acp_run_digest(b) != digest || acp_run_digest(a) != digest || nb != nd ||
                memcmp(db, digests, nd * sizeof *db) != 0) {
                uint32_t first = 0;
                while (first < nb && first < nd && db[first] == digests[first]) first++;
                ACP_FAIL_("%s resumed after %u of %u frames: digest %016llx, straight %016llx (first differing frame %u)", name,
                          (unsigned)cut, (unsigned)frames, (unsigned long long)acp_run_digest(b), (unsigned long long)digest,
                          (unsigned)first + 1u);
            }
            resumed_cases++;
        }
        free(snap);
        acp_run_destroy(a);
        acp_run_destroy(b);
    }
    acp_run_destroy(straight);
}

static void check_dir(const char *dir)
{
    DIR *d = opendir(dir);
    ENSURE(d != NULL);
    if (!d) return;
    struct dirent *e;
    char names[256][128];
    int n = 0;
    while ((e = readdir(d)) && n < 256) {
        size_t len = strlen(e->d_name);
        if (len > 5 && len < 128 && strcmp(e->d_name + len - 5, ".json") == 0) memcpy(names[n++], e->d_name, len + 1);
    }
    closedir(d);
    for (int i = 0; i < n; i++) check_file(dir, names[i]);
}

static void bundled_scenarios_resume_bit_for_bit(void)
{
    resumed_cases = 0;
    check_dir(SRC("data/scenarios"));
    ENSURE(resumed_cases >= 2 * 14);
}

static void conformance_cases_resume_bit_for_bit(void)
{
    resumed_cases = 0;
    check_dir(SRC("conformance/v1/scenarios"));
    ENSURE(resumed_cases >= 2 * 30);
}

/* ---- malformed snapshots (tests/data/snapshot-malformed) ----
 * Each made from one good snapshot (quarrel-hits-drudge after 40 frames) by one change at a named
 * field, its checksum made right again unless the case is about it; resuming it must fail with
 * exactly the manifest's message (offset and field). The files are the committed ones byte for
 * byte (ACP_WRITE_SNAPSHOT_FIXTURES=1 rewrites them and the manifest), and seed fuzz_snapshot. */

#define MALFORMED_DIR SRC("tests/data/snapshot-malformed")
#define BASE_SCENARIO "quarrel-hits-drudge.json"

static void put_u32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}

static void fix_sum(uint8_t *b, size_t n)
{
    uint64_t h = acp_snap_fnv(ACP_SNAP_FNV_BASIS, b, n - 8);
    for (int i = 0; i < 8; i++) b[n - 8 + (size_t)i] = (uint8_t)(h >> (8 * i));
}

/* The offset of the first field `field` within a record named like `where`, in the base run's world snapshot. */
static size_t field_offset(acp_run *run, const char *field, const char *where)
{
    acp_snap_io io;
    io.find_at = SIZE_MAX;
    io.find_field = field;
    io.find_where = where;
    acp_snapshot_write_world(&io, acp_run_world(run), 0, true);
    size_t at = io.field_at;
    acp_snap_io_free(&io);
    if (at == SIZE_MAX) ACP_FAIL_("no field %s in a record named like \"%s\"", field, where);
    return at == SIZE_MAX ? 0 : at;
}

static uint32_t get_u32(const uint8_t *p);

typedef struct malformed {
    const char *name, *api_status, *scenario;
    uint8_t *bytes;
    size_t size;
    char message[400];
} malformed;

static void make_malformed(acp_run *base, const uint8_t *good, size_t n, malformed *m, int *count)
{
    char hex[20];
#define CASE(nm, st) (m[*count].name = nm, m[*count].api_status = st, m[*count].scenario = BASE_SCENARIO, \
                      m[*count].bytes = malloc(n + 16), memcpy(m[*count].bytes, good, n), m[*count].size = n, &m[(*count)++])
    malformed *c;
    c = CASE("truncated-header", "ACP_ERR_ARGUMENT");
    c->size = 20;
    snprintf(c->message, sizeof c->message, "offset 16, records_digest: the snapshot ends here (8 bytes needed, 4 left): truncated");
    /* the header's cases are refused before the body is read: the header and a checksum are enough */
    c = CASE("not-a-snapshot", "ACP_ERR_ARGUMENT");
    c->bytes[0] = 'X';
    c->size = 40;
    snprintf(c->message, sizeof c->message, "offset 0, magic: not an acphys snapshot: it begins \"XCPSNAP\\0\", but an acphys snapshot begins \"ACPSNAP\\0\"");
    c = CASE("version-1", "ACP_ERR_ARGUMENT"); /* the format before the fx pool's free stack */
    put_u32(c->bytes + 8, 1);
    c->size = 40;
    snprintf(c->message, sizeof c->message, "offset 8, version: snapshot format 1; this library reads format 2");
    c = CASE("version-3", "ACP_ERR_ARGUMENT");
    put_u32(c->bytes + 8, 3);
    c->size = 40;
    snprintf(c->message, sizeof c->message, "offset 8, version: snapshot format 3; this library reads format 2");
    c = CASE("other-records", "ACP_ERR_RECORDS");
    c->bytes[16] ^= 1;
    c->size = 40;
    uint64_t want = 0, have = 0;
    for (int i = 0; i < 8; i++) want |= (uint64_t)c->bytes[16 + i] << (8 * i), have |= (uint64_t)good[16 + i] << (8 * i);
    fix_sum(c->bytes, c->size);
    snprintf(c->message, sizeof c->message, "offset 16, records_digest: the snapshot was taken over records %016llx, but the "
             "world holds records %016llx (load the same records, in the same order)", (unsigned long long)want,
             (unsigned long long)have);
    c = CASE("other-profile", "ACP_ERR_ARGUMENT");
    put_u32(c->bytes + 24, 2);
    c->size = 40;
    fix_sum(c->bytes, c->size);
    snprintf(c->message, sizeof c->message, "offset 24, profile: clock profile 2, but the world runs profile 0");
    c = CASE("unknown-flags", "ACP_ERR_ARGUMENT");
    put_u32(c->bytes + 28, 5);
    c->size = 40;
    fix_sum(c->bytes, c->size);
    snprintf(c->message, sizeof c->message, "offset 28, flags: 0x00000005 has unknown bits");
    c = CASE("damaged", "ACP_ERR_ARGUMENT");
    c->size = 200; /* the first 192 bytes, then 8 that are no checksum of them */
    uint64_t sum = 0;
    for (int i = 0; i < 8; i++) sum |= (uint64_t)good[192 + (size_t)i] << (8 * i);
    snprintf(hex, sizeof hex, "%016llx", (unsigned long long)acp_snap_fnv(ACP_SNAP_FNV_BASIS, c->bytes, 192));
    snprintf(c->message, sizeof c->message, "offset 192, checksum: %016llx, but the bytes before it sum to %s: the snapshot "
             "is damaged (or truncated)", (unsigned long long)sum, hex);
    size_t at = field_offset(base, "sequence.frame_number", "object 0 ");
    c = CASE("truncated-body", "ACP_ERR_ARGUMENT");
    c->size = at + 3 + 8;
    fix_sum(c->bytes, c->size);
    snprintf(c->message, sizeof c->message, "offset %zu, object 0 (0x00000001) sequence.frame_number: the snapshot ends here "
             "(8 bytes needed, 3 left): truncated", at);
    at = field_offset(base, "has_cell", "object 1 ");
    c = CASE("not-a-boolean", "ACP_ERR_ARGUMENT");
    c->bytes[at] = 7;
    c->size = at + 64 + 8; /* refused at the field: what follows it is not needed */
    fix_sum(c->bytes, c->size);
    snprintf(c->message, sizeof c->message, "offset %zu, object 1 (0x00000002) has_cell: 7 is not a boolean (0 or 1)", at);
    at = field_offset(base, "hooks.count", "object 0 ");
    c = CASE("too-many-hooks", "ACP_ERR_ARGUMENT");
    put_u32(c->bytes + at, 1000);
    c->size = at + 64 + 8; /* refused at the field: what follows it is not needed */
    fix_sum(c->bytes, c->size);
    snprintf(c->message, sizeof c->message, "offset %zu, object 0 (0x00000001) hooks.count: 1000 is more than 32", at);
    at = field_offset(base, "sequence.nodes.anim", "object 1 ");
    c = CASE("unknown-animation", "ACP_ERR_ARGUMENT");
    put_u32(c->bytes + at, 0x03FFFFFFu);
    c->size = at + 64 + 8; /* refused at the field: what follows it is not needed */
    fix_sum(c->bytes, c->size);
    snprintf(c->message, sizeof c->message, "offset %zu, object 1 (0x00000002) sequence.nodes.anim: Animation 0x03FFFFFF is "
             "not in the world's records", at);
    at = field_offset(base, "world.player", "world");
    c = CASE("player-out-of-range", "ACP_ERR_ARGUMENT");
    put_u32(c->bytes + at, 99);
    c->size = at + 64 + 8; /* refused at the field: what follows it is not needed */
    fix_sum(c->bytes, c->size);
    snprintf(c->message, sizeof c->message, "offset %zu, world world.player: 99 is not an index below %u", at,
             (unsigned)(2u + acp_run_world(base)->num_block_statics));
    at = field_offset(base, "id", "object 1");
    c = CASE("object-twice", "ACP_ERR_ARGUMENT");
    put_u32(c->bytes + at, 1);
    c->size = at + 64 + 8; /* refused at the field: what follows it is not needed */
    fix_sum(c->bytes, c->size);
    snprintf(c->message, sizeof c->message, "offset %zu, object 1 id: 0x00000001 is there twice", at);
    at = field_offset(base, "world.cap_objects", "world");
    c = CASE("other-capacity", "ACP_ERR_ARGUMENT");
    put_u32(c->bytes + at, 3);
    c->size = at + 64 + 8; /* refused at the field: what follows it is not needed */
    fix_sum(c->bytes, c->size);
    snprintf(c->message, sizeof c->message, "offset %zu, world world.cap_objects: 3, but the world holds up to 2 objects", at);
    /* a fuzz finding (fuzz_snapshot): the static workset naming an object of the table, which the
     * world would then destroy twice. The base has no static animating object: its count made 1
     * and the entry (where the player's reference was) object 0, the table's first. */
    at = field_offset(base, "world.num_static", "world");
    c = CASE("static-names-a-table-object", "ACP_ERR_ARGUMENT");
    put_u32(c->bytes + at, 1);
    put_u32(c->bytes + at + 4, 0);
    c->size = at + 64 + 8;
    fix_sum(c->bytes, c->size);
    snprintf(c->message, sizeof c->message, "offset %zu, world world.static_objects: entry 0 names an object of the object "
             "table or a particle object", at + 8);
    /* fuzz findings (fuzz_snapshot, in CI): a part count other than the Setup's, which would have
     * written past the part arrays the Setup made, and a motion-table manager the object lacks whose
     * table id (0) names no table, which would have been read through a NULL manager. */
    at = field_offset(base, "part_array.num_parts", "object 0 ");
    c = CASE("other-part-count", "ACP_ERR_ARGUMENT");
    uint32_t parts = (uint32_t)good[at] | (uint32_t)good[at + 1] << 8 | (uint32_t)good[at + 2] << 16 |
                     (uint32_t)good[at + 3] << 24;
    put_u32(c->bytes + at, parts + 1);
    c->size = at + 64 + 8;
    fix_sum(c->bytes, c->size);
    snprintf(c->message, sizeof c->message, "offset %zu, object 0 (0x00000001) part_array.num_parts: not the part count "
             "of the object's Setup", at);
    int without = -1;
    for (int o = 0; o < 2 && without < 0; o++) {
        char where[16];
        snprintf(where, sizeof where, "object %d ", o);
        size_t m_at = field_offset(base, "part_array.motion_table_manager", where);
        if (good[m_at] == 0) without = o, at = m_at;
    }
    ENSURE(without >= 0); /* the base has an object without a motion table (the quarrel) */
    if (without >= 0) {
        c = CASE("motion-table-without-records", "ACP_ERR_ARGUMENT");
        c->bytes[at] = 1;
        put_u32(c->bytes + at + 1, 0);
        c->size = at + 64 + 8;
        fix_sum(c->bytes, c->size);
        snprintf(c->message, sizeof c->message, "offset %zu, object %d (0x%08X) part_array.motion_table_manager.table_id: "
                 "no motion table the records hold", at + 1, without, (unsigned)(without + 1));
    }
    /* review 38's findings: particle objects in use in a world with no fx pool (was a NULL deref),
     * a MoveToManager flag on an object without a movement manager (was a NULL deref in the first
     * step), an animation node linked to itself (was a hang), and a held flag no parent names */
    at = field_offset(base, "world.num_particle_objects", "world");
    size_t pool_at = field_offset(base, "fx_pool", "world");
    ENSURE(get_u32(good + at) == 0 && good[pool_at] == 0); /* no particle objects, no fx pool */
    c = CASE("particle-objects-without-pool", "ACP_ERR_ARGUMENT");
    put_u32(c->bytes + at, 1);
    fix_sum(c->bytes, c->size);
    snprintf(c->message, sizeof c->message, "offset %zu, world world.num_particle_objects: 1 particle objects in use, but the "
             "world has no fx pool", at);
    if (without >= 0) { /* the quarrel: no motion table, so no movement manager */
        char where[16];
        snprintf(where, sizeof where, "object %d ", without);
        at = field_offset(base, "has_moveto_manager", where);
        ENSURE(good[at] == 0 && good[field_offset(base, "movement_manager", where)] == 0);
        c = CASE("moveto-flag-without-manager", "ACP_ERR_ARGUMENT");
        c->bytes[at] = 1;
        fix_sum(c->bytes, c->size);
        snprintf(c->message, sizeof c->message, "offset %zu, object %d (0x%08X) has_moveto_manager: 1, but the object has no "
                 "movement manager", at, without, (unsigned)(without + 1));
    }
    /* the drudge's sequence (object 1): its head node's next made itself (the list comes back: a cycle) */
    at = field_offset(base, "sequence.head", "object 1 ");
    int16_t head = (int16_t)(good[at] | good[at + 1] << 8);
    size_t node = field_offset(base, "sequence.nodes.in_use", "object 1 ");
    for (int i = 0; i < head; i++) node += good[node] ? 21u : 1u; /* in use: 1 + anim..next (20) */
    ENSURE(head >= 0 && good[node] == 1);
    c = CASE("sequence-cycle", "ACP_ERR_ARGUMENT");
    c->bytes[node + 19] = (uint8_t)head;
    c->bytes[node + 20] = (uint8_t)((uint16_t)head >> 8);
    fix_sum(c->bytes, c->size);
    snprintf(c->message, sizeof c->message, "offset %zu, object 1 (0x00000002) sequence.nodes.next: the list from head %d comes "
             "back to node %d: a cycle", field_offset(base, "sequence.placement_frame", "object 1 "), (int)head, (int)head);
    at = field_offset(base, "has_parent", "object 0 ");
    c = CASE("held-without-parent", "ACP_ERR_ARGUMENT"); /* checked once every object is read */
    c->bytes[at] = 1;
    fix_sum(c->bytes, c->size);
    snprintf(c->message, sizeof c->message, "offset %zu, object 0 (0x00000001) has_parent: 1, but the object names no parent",
             field_offset(base, "shadows.num_lists", "world"));
#undef CASE
}

static uint32_t get_u32(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }

/* The fx pool's free stack (format 2): made from scripts-and-particles after 60 frames, where both
 * objects hold an fx block (the pool has handed out 2, none given back). Every index on the stack
 * must be a block handed out, once, and no object's; every block handed out must be one or the
 * other. */
#define FX_SCENARIO "scripts-and-particles.json"

static void make_malformed_fx(acp_run *base, const uint8_t *good, size_t n, malformed *m, int *count)
{
#define CASE(nm, st) (m[*count].name = nm, m[*count].api_status = st, m[*count].scenario = FX_SCENARIO, \
                      m[*count].bytes = malloc(n + 16), memcpy(m[*count].bytes, good, n), m[*count].size = n, &m[(*count)++])
    malformed *c;
    size_t free_at = field_offset(base, "fx_pool.num_free_fx", "world");
    size_t fx0 = field_offset(base, "fx", "object 0 "), fx1 = field_offset(base, "fx", "object 1 ");
    ENSURE(get_u32(good + free_at - 4) == 2 && get_u32(good + free_at) == 0); /* num_fx 2, nothing given back */
    const uint32_t block0 = get_u32(good + fx0), block1 = get_u32(good + fx1);
    ENSURE(block0 < 2 && block1 < 2 && block0 != block1);
    c = CASE("fx-free-out-of-range", "ACP_ERR_ARGUMENT");
    put_u32(c->bytes + free_at, 1);
    put_u32(c->bytes + free_at + 4, 5);
    c->size = free_at + 64 + 8;
    fix_sum(c->bytes, c->size);
    snprintf(c->message, sizeof c->message, "offset %zu, world fx_pool.free_fx: 5 is not an index below 2", free_at + 4);
    c = CASE("fx-free-twice", "ACP_ERR_ARGUMENT");
    put_u32(c->bytes + free_at, 2);
    put_u32(c->bytes + free_at + 4, 1);
    put_u32(c->bytes + free_at + 8, 1);
    c->size = free_at + 64 + 8;
    fix_sum(c->bytes, c->size);
    snprintf(c->message, sizeof c->message, "offset %zu, world fx_pool.free_fx: block 1 is there twice", free_at + 8);
    c = CASE("fx-free-and-used", "ACP_ERR_ARGUMENT"); /* object 0's block on the stack too: 4 bytes inserted */
    put_u32(c->bytes + free_at, 1);
    put_u32(c->bytes + free_at + 4, block0);
    memcpy(c->bytes + free_at + 8, good + free_at + 4, n - free_at - 4);
    c->size = n + 4;
    fix_sum(c->bytes, c->size);
    snprintf(c->message, sizeof c->message, "offset %zu, object 0 (0x00000001) fx: block %u is on the pool's free stack", fx0 + 4,
             (unsigned)block0);
    c = CASE("fx-used-twice", "ACP_ERR_ARGUMENT");
    put_u32(c->bytes + fx1, block0);
    c->size = fx1 + 64 + 8;
    fix_sum(c->bytes, c->size);
    snprintf(c->message, sizeof c->message, "offset %zu, object 1 (0x00000002) fx: block %u is another object's", fx1, (unsigned)block0);
    /* review 38: a pool cap that would allocate gigabytes, refused before anything is allocated */
    size_t caps = field_offset(base, "fx_pool.cap_fx", "world");
    c = CASE("fx-too-many-blocks", "ACP_ERR_ARGUMENT");
    put_u32(c->bytes + caps, 1u << 24);
    fix_sum(c->bytes, c->size);
    const acp_world *fw = acp_run_world(base);
    uint32_t blocks = fw->cap_objects + fw->num_block_statics; /* one per object the world can hold */
    snprintf(c->message, sizeof c->message, "offset %zu, world fx_pool.cap_fx: 16777216 is more than %u", caps,
             (unsigned)(blocks < 64 ? 64 : blocks));
    c = CASE("fx-too-many-particles", "ACP_ERR_ARGUMENT");
    put_u32(c->bytes + caps + 4, 67108864u);
    fix_sum(c->bytes, c->size);
    uint32_t most_info = 0; /* the records' largest ParticleEmitterInfo.max_particles */
    const acp_datset *set = acp_run_world(base)->dats;
    for (size_t i = 0; set && i < acp_datset_count(set); i++) {
        const acp_dat_record *r = acp_datset_record_at(set, i);
        if (r->type == ACP_DAT_TYPE_PARTICLE_EMITTER_INFO && (uint32_t)r->as.particle_emitter_info->max_particles > most_info)
            most_info = (uint32_t)r->as.particle_emitter_info->max_particles;
    }
    uint64_t most = (uint64_t)get_u32(good + caps) * 8u * most_info;
    ENSURE(most_info > 0 && most < 67108864u);
    snprintf(c->message, sizeof c->message, "offset %zu, world fx_pool.cap_particles: 67108864 is more than the %llu slots %u fx "
             "blocks' emitters can use", caps + 4, (unsigned long long)(most < 4096 ? 4096 : most), (unsigned)get_u32(good + caps));
    c = CASE("fx-block-lost", "ACP_ERR_ARGUMENT"); /* 3 handed out, 2 in use, none free */
    put_u32(c->bytes + free_at - 4, 3);
    fix_sum(c->bytes, c->size);
    snprintf(c->message, sizeof c->message, "offset %zu, world fx_pool.num_free_fx: 0 blocks free and 2 in use, but 3 were handed out",
             free_at);
#undef CASE
}

static void malformed_snapshots_refused_at_offset_and_field(void)
{
    const char *dir = SRC("data/scenarios");
    acp_run *base = make_run(dir, BASE_SCENARIO);
    ENSURE(base && acp_run_start(base));
    if (!base || acp_run_error(base)) return;
    for (int f = 0; f < 40; f++) acp_run_step_next(base);
    uint8_t *good = NULL;
    size_t n = 0;
    char err[400];
    ENSURE(acp_run_snapshot(base, &good, &n, err, sizeof err));
    malformed m[40];
    int count = 0;
    make_malformed(base, good, n, m, &count);
    acp_run *fx_base = make_run(dir, FX_SCENARIO);
    ENSURE(fx_base && acp_run_start(fx_base));
    if (!fx_base || acp_run_error(fx_base)) return;
    for (int f = 0; f < 60; f++) acp_run_step_next(fx_base);
    uint8_t *fx_good = NULL;
    size_t fx_n = 0;
    ENSURE(acp_run_snapshot(fx_base, &fx_good, &fx_n, err, sizeof err));
    make_malformed_fx(fx_base, fx_good, fx_n, m, &count);
    bool write = getenv("ACP_WRITE_SNAPSHOT_FIXTURES") != NULL;
    char path[1024];
    FILE *manifest = NULL;
    if (write) {
        snprintf(path, sizeof path, "%s/manifest.json", MALFORMED_DIR);
        manifest = fopen(path, "wb");
        ENSURE(manifest != NULL);
        if (manifest) fprintf(manifest, "{\n  \"scenario\": \"data/scenarios/%s\",\n  \"cases\": [\n", BASE_SCENARIO);
    }
    for (int i = 0; i < count; i++) {
        acp_run *r = make_run(dir, m[i].scenario);
        ENSURE(!acp_run_resume(r, m[i].bytes, m[i].size));
        char want[520];
        snprintf(want, sizeof want, "resume: the snapshot is refused: %s", m[i].message);
        acp_test_checks++;
        if (!acp_run_error(r) || strcmp(acp_run_error(r), want) != 0)
            ACP_FAIL_("%s: got \"%s\", want \"%s\"", m[i].name, acp_run_error(r) ? acp_run_error(r) : "(accepted)", want);
        acp_run_destroy(r);
        snprintf(path, sizeof path, "%s/%s.snap", MALFORMED_DIR, m[i].name);
        if (write) {
            FILE *fp = fopen(path, "wb");
            ENSURE(fp && fwrite(m[i].bytes, 1, m[i].size, fp) == m[i].size);
            if (fp) fclose(fp);
            char esc[900];
            size_t e = 0;
            for (const char *q = m[i].message; *q && e + 3 < sizeof esc; q++) {
                if (*q == '"' || *q == '\\') esc[e++] = '\\';
                esc[e++] = *q;
            }
            esc[e] = 0;
            if (manifest)
                fprintf(manifest, "    {\"file\": \"%s.snap\", \"scenario\": \"data/scenarios/%s\", \"status\": \"%s\", \"message\": \"%s\"}%s\n",
                        m[i].name, m[i].scenario, m[i].api_status, esc, i + 1 < count ? "," : "");
        } else {
            size_t got = 0;
            uint8_t *file = slurp_bytes(path, &got);
            acp_test_checks++;
            if (!file || got != m[i].size || memcmp(file, m[i].bytes, got) != 0)
                ACP_FAIL_("%s differs from the case it pins (rewrite: ACP_WRITE_SNAPSHOT_FIXTURES=1 build/native/acphys_tests snapshot)",
                          path);
            free(file);
        }
        free(m[i].bytes);
    }
    if (manifest) {
        fprintf(manifest, "  ]\n}\n");
        fclose(manifest);
    }
    free(good);
    free(fx_good);
    acp_run_destroy(base);
    acp_run_destroy(fx_base);
}

/* ---- enter_at across a snapshot ----
 * events-and-activity (conformance/v1): 6 objects, ids 10..15; object 4 (id 14) has enter_at 0.5
 * and its frames are t = 0.01 + k/30 (k = 1..30), so it enters before frame k = 15 (0.51, the first
 * >= 0.5) and is out of the world through k = 14 (0.4767). A snapshot after 10 frames records it
 * as not entered (the runner's section, scenario.objects.entered, after its 16-byte header, the 3 counts and 6 ids);
 * the resumed run's world lacks it for 4 more frames and holds it after the 5th. Flipping the flag
 * of an object that enters at the start, or of object 4, is refused. */
static void enter_at_survives_a_snapshot(void)
{
    const char *dir = SRC("conformance/v1/scenarios"), *name = "events-and-activity.json";
    acp_run *a = make_run(dir, name);
    ENSURE(a && acp_run_start(a));
    if (!a || acp_run_error(a)) {
        acp_run_destroy(a);
        return;
    }
    for (int f = 0; f < 10; f++) ENSURE(acp_run_step_next(a));
    ENSURE(acp_world_object(acp_run_world(a), 14) == NULL && acp_world_object(acp_run_world(a), 13) != NULL);
    uint8_t *snap = NULL;
    size_t size = 0;
    char err[400] = "";
    ENSURE(acp_run_snapshot(a, &snap, &size, err, sizeof err));
    if (!snap) {
        acp_run_destroy(a);
        return;
    }
    acp_run *b = make_run(dir, name);
    ENSURE(b && acp_run_resume(b, snap, size));
    ENSURE(acp_run_frames_done(b) == 10);
    ENSURE(acp_world_object(acp_run_world(b), 14) == NULL);
    for (int f = 0; f < 4; f++) ENSURE(acp_run_step_next(b));
    ENSURE(acp_world_object(acp_run_world(b), 14) == NULL); /* k = 14, t = 0.4767 */
    ENSURE(acp_run_step_next(b));
    ENSURE(acp_world_object(acp_run_world(b), 14) != NULL); /* k = 15, t = 0.51 */
    acp_run_destroy(b);
    acp_snap_io io;
    io.find_at = SIZE_MAX;
    io.find_field = io.find_where = NULL;
    acp_snapshot_write_world(&io, acp_run_world(a), 0, true);
    size_t entered = io.len + 16 + 3 * 4 + 6 * 4; /* the runner's section: tag, version, scenario digest, 3 counts, 6 ids, then the flags */
    acp_snap_io_free(&io);
    ENSURE(entered + 6 + 8 < size && snap[entered] == 1 && snap[entered + 4] == 0);
    char want[300];
    snap[entered] = 0; /* object 0 (id 10) enters at the start */
    fix_sum(snap, size);
    b = make_run(dir, name);
    ENSURE(!acp_run_resume(b, snap, size));
    snprintf(want, sizeof want, "resume: the snapshot is refused: offset %zu, runner scenario.objects.entered: object 0 "
             "(0x0000000A) is not in the snapshot's world, but it enters at the start", entered);
    ENSURE(acp_run_error(b) && strcmp(acp_run_error(b), want) == 0);
    if (acp_run_error(b) && strcmp(acp_run_error(b), want) != 0) fprintf(stderr, "  got: %s\n", acp_run_error(b));
    acp_run_destroy(b);
    snap[entered] = 1;
    snap[entered + 4] = 1; /* object 4 (id 14) said to be in the world, which lacks it */
    fix_sum(snap, size);
    b = make_run(dir, name);
    ENSURE(!acp_run_resume(b, snap, size));
    ENSURE(acp_run_error(b) && strcmp(acp_run_error(b), "resume: the snapshot lacks one of the scenario's objects") == 0);
    acp_run_destroy(b);
    free(snap);
    acp_run_destroy(a);
}

/* ---- a snapshot of another scenario ----
 * scripts-and-particles (data/scenarios) snapshotted after frame 120 (t = 2 s) resumes to the
 * straight run's digest; the same file edited (object 1's origin moved 5 m in x, the frame
 * generator's jitter 0.5 ms made 0.4 ms, the event at 3.75 s, after the snapshot, moved to 3.8 s)
 * refuses it at the runner's scenario_digest (after the world, its tag and version), naming the
 * snapshot's digest (the bytes there) and this scenario's, which differs. */
static char *edited(const char *text, const char *from, const char *to)
{
    const char *at = strstr(text, from);
    ENSURE(at != NULL);
    if (!at) return NULL;
    size_t n = strlen(text), a = (size_t)(at - text), f = strlen(from), t = strlen(to);
    char *out = malloc(n - f + t + 1);
    memcpy(out, text, a);
    memcpy(out + a, to, t);
    memcpy(out + a + t, at + f, n - a - f + 1);
    return out;
}

static void another_scenarios_snapshot_refused(void)
{
    const char *dir = SRC("data/scenarios");
    char path[1024];
    snprintf(path, sizeof path, "%s/scripts-and-particles.json", dir);
    size_t n = 0;
    char *text = (char *)slurp_bytes(path, &n);
    ENSURE(text != NULL);
    if (!text) return;
    char *t0 = realloc(text, n + 1);
    if (!t0) {
        free(text);
        return;
    }
    text = t0;
    text[n] = 0;
    acp_run *straight = make_run_text(dir, text, n), *a = make_run_text(dir, text, n);
    ENSURE(straight && a && acp_run_start(a) && acp_run_start(straight));
    while (straight && !acp_run_error(straight) && acp_run_step_next(straight)) {}
    for (int f = 0; a && f < 120; f++) ENSURE(acp_run_step_next(a));
    uint8_t *snap = NULL;
    size_t size = 0;
    char err[400] = "";
    ENSURE(a && acp_run_snapshot(a, &snap, &size, err, sizeof err));
    if (!snap || !straight) {
        acp_run_destroy(a), acp_run_destroy(straight), free(text);
        return;
    }
    acp_snap_io io;
    io.find_at = SIZE_MAX;
    io.find_field = io.find_where = NULL;
    acp_snapshot_write_world(&io, acp_run_world(a), 0, true);
    size_t at = io.len + 8; /* the runner's tag and version, then the scenario's digest */
    acp_snap_io_free(&io);
    uint64_t theirs = 0;
    for (int i = 0; i < 8; i++) theirs |= (uint64_t)snap[at + (size_t)i] << (8 * i);
    acp_run *b = make_run_text(dir, text, n);
    ENSURE(b && acp_run_resume(b, snap, size));
    while (b && !acp_run_error(b) && acp_run_step_next(b)) {}
    ENSURE(b && !acp_run_error(b) && acp_run_digest(b) == acp_run_digest(straight));
    acp_run_destroy(b);
    const char *edits[][2] = {{"118.6824", "123.6824"}, {"\"ms\": 0.5", "\"ms\": 0.4"}, {"\"t\": 3.75", "\"t\": 3.8"}};
    for (int e = 0; e < 3; e++) {
        char *other = edited(text, edits[e][0], edits[e][1]);
        if (!other) continue;
        b = make_run_text(dir, other, strlen(other));
        ENSURE(b && !acp_run_resume(b, snap, size));
        const char *got = b ? acp_run_error(b) : NULL;
        char want[300];
        snprintf(want, sizeof want, "resume: the snapshot is refused: offset %zu, runner scenario_digest: the snapshot was "
                 "taken from another scenario (%016llx), not this one (", at, (unsigned long long)theirs);
        unsigned long long mine = 0;
        acp_test_checks++;
        if (!got || strncmp(got, want, strlen(want)) != 0 || sscanf(got + strlen(want), "%16llx", &mine) != 1 ||
            mine == theirs || !strstr(got, "): resume it with the scenario it was taken from, unedited"))
            ACP_FAIL_("edit %s -> %s: got \"%s\", want \"%s...\"", edits[e][0], edits[e][1], got ? got : "(accepted)", want);
        acp_run_destroy(b);
        free(other);
    }
    free(snap);
    free(text);
    acp_run_destroy(a);
    acp_run_destroy(straight);
}

void suite_snapshot(void)
{
    RUN(malformed_snapshots_refused_at_offset_and_field);
    RUN(bundled_scenarios_resume_bit_for_bit);
    RUN(conformance_cases_resume_bit_for_bit);
    RUN(enter_at_survives_a_snapshot);
    RUN(another_scenarios_snapshot_refused);
}
