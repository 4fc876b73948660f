/* The random-world generator of the shortcut-free twin (src/scenario/worldgen.c,
 * docs/SHORTCUTS.md): deterministic, driven by its seed and bytes, every world a valid scenario
 * the runner takes and runs to its end, and the worlds together covering what the twin's lane
 * must see (every profile, every event kind, indoor, dungeon, frame placements, drops under and
 * over the cottage). */
#include <stdlib.h>

#include "cjson_bridge.h"
#include <math.h>

#include "dat/container.h"
#include "dat/dat.h"
#include "scenario/run.h"
#include "scenario/worldgen.h"
#include "test.h"

#define SEEDS 32u

static char *gen(uint32_t seed, const uint8_t *bytes, size_t size)
{
    size_t len = 0;
    char *text = acp_worldgen(seed, bytes, size, &len);
    ENSURE(text != NULL);
    if (text) ENSURE_EQ(strlen(text), len);
    return text;
}

static void same_seed_same_world(void)
{
    char *a = gen(7, NULL, 0), *b = gen(7, NULL, 0), *c = gen(8, NULL, 0);
    if (a && b && c) {
        ENSURE(strcmp(a, b) == 0);
        ENSURE(strcmp(a, c) != 0);
    }
    free(a);
    free(b);
    free(c);
}

static void bytes_drive_the_choices(void)
{
    const uint8_t x[8] = {1, 2, 3, 4, 5, 6, 7, 8}, y[8] = {1, 2, 3, 4, 5, 6, 7, 9};
    char *a = gen(7, x, sizeof x), *b = gen(7, x, sizeof x), *c = gen(7, y, sizeof y), *d = gen(7, NULL, 0);
    if (a && b && c && d) {
        ENSURE(strcmp(a, b) == 0);
        ENSURE(strcmp(a, c) != 0); /* the last byte is a draw of its own */
        ENSURE(strcmp(a, d) != 0);
    }
    free(a);
    free(b);
    free(c);
    free(d);
}

/* Every world parses, validates, builds and runs every frame without an error. */
static void every_world_runs(void)
{
    for (uint32_t seed = 1; seed <= SEEDS; seed++) {
        char *text = gen(seed, NULL, 0);
        if (!text) continue;
        char err[256] = "";
        acp_jsonv_doc *doc = acp_cjson_parse(text, strlen(text), err, sizeof err);
        ENSURE(doc != NULL);
        if (!doc) {
            fprintf(stderr, "seed %u: %s\n", seed, err);
            free(text);
            continue;
        }
        acp_run *run = acp_run_create(acp_jsonv_root(doc), ACP_RUN_PROFILE_SCENARIO);
        acp_jsonv_doc_destroy(doc);
        ENSURE(run != NULL);
        if (run) {
            const char *e = acp_run_error(run);
            ENSURE(e == NULL);
            if (e) fprintf(stderr, "seed %u: %s\n", seed, e);
            if (!e) {
                ENSURE(acp_run_start(run));
                uint32_t frames = acp_run_all(run, false);
                ENSURE(acp_run_error(run) == NULL);
                ENSURE_EQ(frames, acp_run_frames_total(run));
                ENSURE(frames >= 20 && frames <= 120);
            }
        }
        acp_run_destroy(run);
        free(text);
    }
}

/* What the lane needs the worlds to hold, found in the first SEEDS worlds' texts. */
static void worlds_cover_the_lane(void)
{
    static const char *const WANT[] = {
        "\"profile\": \"retail\"", "\"profile\": \"acdream-r6\"", "\"profile\": \"ace\"", "\"profile\": \"render-frame\"",
        "\"raw_motion\"", "\"motion\"", "\"jump\"", "\"set_velocity\"", "\"server_position\"", "\"move_to_object\"",
        "\"move_to_position\"", "\"turn_to_object\"", "\"turn_to_heading\"", "\"stick_to\"", "\"unstick\"",
        "\"constrain_to\"", "\"unconstrain\"", "\"play_script\"", "\"placement\": \"frame\"", "\"times\"", "\"hz\"",
        "\"jitter\"", "0xA9B40100", "0x3A11012", "0x0200012A", "0x0200054B", "0x020007DD", "\"omega\"", "\"scale\"",
        "\"enter_at\"",
    };
    char *all[SEEDS];
    for (uint32_t i = 0; i < SEEDS; i++) all[i] = gen(i + 1, NULL, 0);
    for (size_t w = 0; w < sizeof WANT / sizeof WANT[0]; w++) {
        bool found = false;
        for (uint32_t i = 0; i < SEEDS && !found; i++) found = all[i] && strstr(all[i], WANT[w]);
        if (!found) fprintf(stderr, "no world of seeds 1..%u holds %s\n", SEEDS, WANT[w]);
        ENSURE(found);
    }
    /* Sweeps along z alone over the cottage (audit D1): a frame-placed object whose velocity is
     * (0, 0, vz), in one of the cottage's land cells, under its floor (z < 94) in some world. */
    bool under = false;
    for (uint32_t i = 0; i < SEEDS && !under; i++) {
        for (const char *p = all[i]; p && !under && (p = strstr(p, "\"velocity\": [0, 0, ")); p++) {
            const char *start = p;
            while (start > all[i] && start[-1] != '\n') start--;
            const char *origin = strstr(start, "\"origin\": [");
            double x, y, z;
            if (origin && origin < p && sscanf(origin, "\"origin\": [%lf, %lf, %lf]", &x, &y, &z) == 3)
            {
                const char *cell = strstr(start, "\"cell\": \"0xA9B400");
                under = z < 94.0 && x > 114.0 && x < 126.0 && y > 18.0 && y < 30.0 && cell && cell < p;
            }
        }
    }
    ENSURE(under);
    for (uint32_t i = 0; i < SEEDS; i++) free(all[i]);
}

/* The added EnvCells 0xA9B40101.. of an excerpt, parsed as CEnvCell::UnPack (0x0052D470) reads
 * them: either no statics (flag 2 clear) or one or two of the tree Setup 0x0200F300 with the flag
 * set, standing on the floor (z 94, the cottage's frame) within 2.5 m of the cell's origin (the
 * generator's x ±2, y ±1.5 in the room: sqrt(2^2 + 1.5^2) = 2.5), counted into *stabbed or *bare. */
static void envcell_statics(const acp_dat_container *c, uint32_t *stabbed, uint32_t *bare)
{
    for (uint32_t id = 0xA9B40101u; id <= 0xA9B40103u; id++) {
        acp_dat_entry e;
        acp_dat_error err;
        if (acp_dat_container_find(c, id, &e, &err) != ACP_DAT_OK) continue;
        uint8_t *b = malloc(e.size);
        acp_dat_record rec = {0};
        ENSURE(b && acp_dat_container_read(c, &e, b, &err) == ACP_DAT_OK);
        ENSURE(b && acp_dat_record_parse(ACP_DAT_TYPE_ENVCELL, id, b, e.size, &rec, &err) == ACP_DAT_OK);
        const acp_envcell *ec = rec.as.envcell;
        if (ec) {
            ENSURE_EQ(ec->num_stabs ? 1u : 0u, (ec->flags & ACP_ENVCELL_HAS_STATICS) ? 1u : 0u);
            ENSURE(ec->num_stabs <= 2);
            *(ec->num_stabs ? stabbed : bare) += 1;
            for (uint32_t i = 0; i < ec->num_stabs; i++) {
                const acp_aframe *f = &ec->stabs[i].frame;
                ENSURE_EQ(ec->stabs[i].id, 0x0200F300u);
                ENSURE_EQ(f->origin.z, 94.0f);
                double dx = f->origin.x - ec->position.origin.x, dy = f->origin.y - ec->position.origin.y;
                ENSURE(sqrt(dx * dx + dy * dy) <= 2.5 + 1e-4);
            }
        }
        acp_dat_record_free(&rec);
        free(b);
    }
}

/* Worlds with buildings of their own: the same seed gives the same text and excerpt; half of
 * them have an excerpt, which holds LandBlockInfo 0xA9B4FFFE and one EnvCell per added cottage,
 * the scenario names it after "default", and the world runs with it; an object the generator
 * put into an added cottage's EnvCell is in that cell after the first frame (the cell loaded). */
static void worlds_with_their_own_buildings(void)
{
    uint32_t with = 0, indoors = 0, stabbed = 0, bare = 0;
    for (uint32_t seed = 1; seed <= SEEDS; seed++) {
        size_t len = 0, len2 = 0, size = 0, size2 = 0;
        uint8_t *cells = NULL, *cells2 = NULL;
        char *text = acp_worldgen_ex(seed, NULL, 0, "own.dat", &len, &cells, &size);
        char *text2 = acp_worldgen_ex(seed, NULL, 0, "own.dat", &len2, &cells2, &size2);
        ENSURE(text && text2);
        if (!text || !text2) continue;
        ENSURE(strcmp(text, text2) == 0);
        ENSURE_EQ(size, size2);
        if (cells && cells2 && size == size2) ENSURE(memcmp(cells, cells2, size) == 0);
        ENSURE((cells != NULL) == (strstr(text, "\"excerpts\": [\"default\", \"own.dat\"]") != NULL));
        if (cells) {
            with++;
            acp_dat_container c;
            acp_dat_error err;
            acp_dat_entry e;
            ENSURE_EQ(acp_dat_container_open(&c, acp_dat_source_memory(cells, size), &err), ACP_DAT_OK);
            ENSURE_EQ(acp_dat_container_find(&c, 0xA9B4FFFEu, &e, &err), ACP_DAT_OK);
            ENSURE_EQ(acp_dat_container_find(&c, 0xA9B40101u, &e, &err), ACP_DAT_OK);
            ENSURE(acp_dat_container_find(&c, 0xA9B40100u, &e, &err) != ACP_DAT_OK); /* the default's stays */
            envcell_statics(&c, &stabbed, &bare);
        }
        char err[256] = "";
        acp_jsonv_doc *doc = acp_cjson_parse(text, strlen(text), err, sizeof err);
        ENSURE(doc != NULL);
        acp_run *run = doc ? acp_run_create(acp_jsonv_root(doc), ACP_RUN_PROFILE_SCENARIO) : NULL;
        acp_jsonv_doc_destroy(doc);
        if (run && !acp_run_error(run)) {
            for (uint32_t i = 0; i < acp_run_excerpt_count(run); i++)
                if (acp_run_excerpt_needs_bytes(run, i)) ENSURE(cells && acp_run_set_excerpt(run, i, cells, size));
            ENSURE(acp_run_start(run));
            ENSURE(acp_run_step_next(run));
            /* Every object placed in an added cottage's EnvCell is in one after frame 1. */
            const char *line = acp_run_line(run, &len2);
            for (const char *p = text; (p = strstr(p, "\"cell\": \"0xA9B4010")) != NULL; p++) {
                const char *digit = p + strlen("\"cell\": \"0xA9B4010");
                if (*digit < '1' || *digit > '3' || digit[1] != '"') continue;
                indoors++;
                ENSURE(strstr(line, "\"cell\":\"0xA9B4010") != NULL);
            }
            acp_run_all(run, false);
            ENSURE(acp_run_error(run) == NULL);
        } else {
            ENSURE(run && acp_run_error(run) == NULL);
        }
        acp_run_destroy(run);
        free(text);
        free(text2);
        free(cells);
        free(cells2);
    }
    ENSURE(with > 0 && with < SEEDS);
    ENSURE(indoors > 0);
    ENSURE(stabbed > 0 && bare > 0); /* about half of the added EnvCells have statics (audit D3) */
}

void suite_worldgen(void)
{
    RUN(same_seed_same_world);
    RUN(bytes_drive_the_choices);
    RUN(every_world_runs);
    RUN(worlds_cover_the_lane);
    RUN(worlds_with_their_own_buildings);
}
