/* acphys — `acphys world <cell dat> <landblock id> [--portal <portal dat>]`: the static world of
 * one landblock as JSON: its buildings (CLandBlock::init_buildings), then the static objects of
 * CLandBlock::init_static_objs' first pass in the order it makes them (the LandBlockInfo's
 * objects, then get_land_scenes' scenery), then, listed last, the static objects the world made
 * for its EnvCells (CEnvCell::init_static_objects, run for every EnvCell the world loaded, after
 * the landblocks': a static whose record is missing is not made, so not listed).
 * Records come from the given DATs (read lazily through the host, block by block), else from the
 * default excerpts. The command does no I/O of its own (src/cli/dat_cmd.h's host): natively
 * pread and stdio (src/cli/dat_host.c), in the .wasm Node's fs (`npx acphys world`) or a
 * caller's bytes in memory (`acp.world`, wasm/abi/cli.c), so all print the same bytes. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "dat/dat.h"
#include "dat_cmd.h"
#include "world_cmd.h"
#include "physics/cell/building.h"
#include "physics/cell/scene.h"
#include "physics/cell/terrain.h"
#include "physics/geometry/position.h"
#include "physics/object/partarray.h"
#include "physics/world/physics.h"
#include "scenario/excerpts.h"

#define MAX_IDS 65536u

typedef struct closure {
    uint32_t *ids;
    size_t n;
    uint32_t block; /* 0xXXYY0000 */
} closure;

static void push(closure *c, uint32_t id)
{
    if (!id || c->n >= MAX_IDS) return;
    for (size_t i = 0; i < c->n; i++)
        if (c->ids[i] == id) return;
    c->ids[c->n++] = id;
}

static acp_dat_type type_of(const closure *c, uint32_t id)
{
    bool cell = (id & 0xFFFF0000u) == c->block && id != 0x13000000u;
    return acp_dat_type_of(cell ? ACP_DAT_CELL : ACP_DAT_PORTAL, id);
}

/* The Scenes the landblock's terrain words can pick (every Scene of each vertex's scene type). */
static void push_scenes(closure *c, const acp_landblock *lb, const acp_region *region)
{
    for (int v = 0; v < 81; v++) {
        uint32_t terrain = (lb->terrain[v] >> 2) & 0x1Fu, st = (uint32_t)lb->terrain[v] >> 11;
        if (st >= acp_region_num_scene_type(region, terrain)) continue;
        uint32_t n = acp_region_scene_count(region, terrain, st);
        for (uint32_t k = 0; k < n; k++) push(c, acp_region_get_scene(region, terrain, st, k));
    }
}

/* Load the landblock, its LandBlockInfo and EnvCells, the Region, the Scenes and everything
 * they name (acp_dat_record_refs), breadth first. A record that no DAT holds is skipped (not
 * made, as retail); one that a DAT holds but that fails to parse is an error: the status, its id,
 * field and offset in *err, *bad_id its id. */
static acp_dat_status load_closure(acp_datset *set, closure *c, acp_dat_error *err, uint32_t *bad_id)
{
    push(c, c->block | 0xFFFFu);
    push(c, c->block | 0xFFFEu);
    push(c, 0x13000000u);
    acp_dat_ref refs[512];
    for (size_t i = 0; i < c->n; i++) {
        uint32_t id = c->ids[i];
        acp_dat_status st = acp_datset_require(set, id, err);
        if (st != ACP_DAT_OK && st != ACP_DAT_ERR_NOT_FOUND) {
            *bad_id = id;
            return st;
        }
        const acp_dat_record *rec = acp_datset_record(set, type_of(c, id), id);
        if (!rec) continue;
        size_t n = acp_dat_record_refs(rec, refs, 512);
        for (size_t k = 0; k < n && k < 512; k++) push(c, refs[k].id);
        if (rec->type == ACP_DAT_TYPE_LANDBLOCK_INFO)
            for (uint32_t k = 0; k < rec->as.landblock_info->num_cells && k < 0xFEFDu; k++) push(c, c->block | (0x0100u + k));
        if (rec->type == ACP_DAT_TYPE_REGION || rec->type == ACP_DAT_TYPE_LANDBLOCK) {
            const acp_landblock *lb = acp_datset_landblock(set, c->block | 0xFFFFu);
            const acp_region *region = acp_datset_region(set, 0x13000000u);
            if (lb && region) push_scenes(c, lb, region);
        }
    }
    return ACP_DAT_OK;
}

/* The JSON, built whole before it is printed (a command that fails prints none of it). */
typedef struct text {
    char *bytes;
    size_t len, cap;
    bool failed; /* out of memory */
} text;

static void put(text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || t->failed) return;
    if (t->len + (size_t)n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 4096;
        while (cap < t->len + (size_t)n + 1) cap *= 2;
        char *b = realloc(t->bytes, cap);
        if (!b) {
            t->failed = true;
            return;
        }
        t->bytes = b;
        t->cap = cap;
    }
    va_start(ap, fmt);
    vsnprintf(t->bytes + t->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    t->len += (size_t)n;
}

/* A message on the host's standard error. */
static void say(const acp_dat_cli_host *host, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    host->print(2, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

static void print_frame(text *t, const acp_vec3 *o, float qw, float qx, float qy, float qz)
{
    put(t, "\"origin\":[%.9g,%.9g,%.9g],\"orientation\":[%.9g,%.9g,%.9g,%.9g]", (double)o->x, (double)o->y, (double)o->z,
           (double)qw, (double)qx, (double)qy, (double)qz);
}

static uint32_t outside_cell(uint32_t block, acp_vec3 loc)
{
    uint32_t cell = block | 0xFFFFu;
    return acp_landdefs_adjust_to_outside(&cell, &loc) ? cell : 0;
}

/* The buildings as CLandBlock::init_buildings makes them (a shell from its records when loaded). */
static void add_buildings(acp_terrain *t, const acp_datset *set, const acp_landblock_info *info)
{
    acp_building_shell shells[64];
    acp_landblock_info part = *info;
    for (uint32_t first = 0; first < info->num_buildings; first += 64) {
        part.buildings = info->buildings + first;
        part.num_buildings = info->num_buildings - first < 64 ? info->num_buildings - first : 64;
        for (uint32_t k = 0; k < part.num_buildings; k++) {
            uint32_t id = part.buildings[k].model_id;
            shells[k] = (acp_building_shell){NULL, NULL};
            if ((id >> 24) == 0x01u) shells[k].gfxobj = acp_datset_gfxobj(set, id);
            if ((id >> 24) == 0x02u) shells[k].setup = acp_datset_setup(set, id);
            if (shells[k].setup && shells[k].setup->num_parts) shells[k].gfxobj = acp_datset_gfxobj(set, shells[k].setup->parts[0]);
        }
        acp_terrain_add_landblock_info_shells(t, &part, shells);
    }
}

/* The landblock's EnvCells, each on its Environment (one whose Environment is missing is not
 * loaded, as the excerpts' loader leaves it out), so that attaching the terrain makes their statics. */
static void add_envcells(acp_terrain *t, const acp_datset *set, const acp_landblock_info *info, uint32_t block)
{
    for (uint32_t k = 0; info && k < info->num_cells && k < 0xFEFDu; k++) {
        const acp_envcell *e = acp_datset_envcell(set, block | (0x0100u + k));
        const acp_environment *env = e ? acp_datset_environment(set, e->environment_id) : NULL;
        if (env && acp_terrain_add_envcell(t, e, env, NULL) == ACP_TERRAIN_FULL) return;
    }
}

static uint32_t data_id(const acp_physobj *o)
{
    const acp_setup *s = o->part_array ? o->part_array->setup : NULL;
    if (!s) return 0;
    return s->id ? s->id : (s->num_parts ? s->parts[0] : 0);
}

static void print_world(text *t, const acp_world *w, const acp_landblock_info *info, const closure *c)
{
    bool first = true;
    put(t, "{\"landblock\":\"0x%08X\",\"objects\":[", c->block | 0xFFFFu);
    for (uint32_t i = 0; info && i < info->num_buildings; i++) {
        const acp_building *b = &info->buildings[i];
        put(t, "%s\n {\"kind\":\"building\",\"id\":\"0x%08X\",\"cell\":\"0x%08X\",", first ? "" : ",", b->model_id,
               outside_cell(c->block, b->frame.origin));
        print_frame(t, &b->frame.origin, b->frame.qw, b->frame.qx, b->frame.qy, b->frame.qz);
        put(t, ",\"scale\":1}");
        first = false;
    }
    /* init_static_objs' statics: the LandBlockInfo's first (those without a cell were
     * dropped: matched by id and origin), then the scenery. */
    uint32_t next = 0;
    for (uint32_t i = 0; i < w->num_block_statics; i++) {
        const acp_physobj *o = w->block_statics[i];
        uint32_t id = data_id(o);
        const char *kind = "scenery";
        if ((o->position.objcell_id & 0xFFFFu) >= 0x100u) { /* CEnvCell::init_static_objects' */
            const acp_frame *f = &o->position.frame;
            put(t, "%s\n {\"kind\":\"envcell\",\"id\":\"0x%08X\",\"cell\":\"0x%08X\",", first ? "" : ",", id, o->position.objcell_id);
            print_frame(t, &f->origin, f->qw, f->qx, f->qy, f->qz);
            put(t, ",\"scale\":%.9g}", (double)o->scale);
            first = false;
            continue;
        }
        while (info && next < info->num_objects &&
               !(info->objects[next].id == id && !memcmp(&info->objects[next].frame.origin, &o->position.frame.origin, sizeof(acp_vec3))))
            next++;
        if (info && next < info->num_objects) {
            kind = "landblock_info";
            next++;
        }
        const acp_frame *f = &o->position.frame;
        put(t, "%s\n {\"kind\":\"%s\",\"id\":\"0x%08X\",\"cell\":\"0x%08X\",", first ? "" : ",", kind, id, o->position.objcell_id);
        print_frame(t, &f->origin, f->qw, f->qx, f->qy, f->qz);
        put(t, ",\"scale\":%.9g}", (double)o->scale);
        first = false;
    }
    put(t, "\n]}\n");
}

static int add_file(const acp_dat_cli_host *host, acp_datset *set, acp_dat_source *src, bool *opened, const char *path)
{
    acp_dat_error err;
    char why[256] = "";
    if (host->open(path, src, why, sizeof why) != 0) {
        say(host, "acphys world: cannot open %s\n", path);
        return 1;
    }
    *opened = true;
    acp_dat_status st = acp_datset_add_source(set, *src, NULL, &err);
    if (st != ACP_DAT_OK) {
        say(host, "acphys world: %s: %s (%s at offset %llu)\n", path, acp_dat_status_string(st), err.field ? err.field : "",
            (unsigned long long)err.offset);
        return 1;
    }
    return 0;
}

/* 0 when the DAT at `src` alone holds record `id` and it parses (read lazily in a set of its own,
 * so the embedded stand-ins cannot answer for it), else 1 with a message: the record's id, status,
 * field and offset, or, when it lacks the record and `what` is not NULL, that it holds no `what`. */
static int file_holds(const acp_dat_cli_host *host, acp_dat_source src, const char *path, uint32_t id, const char *what)
{
    acp_datset *own = acp_datset_create();
    acp_dat_error err;
    acp_dat_status st = own ? acp_datset_add_source(own, src, NULL, &err) : ACP_DAT_ERR_OUT_OF_MEMORY;
    if (st == ACP_DAT_OK) {
        st = acp_datset_require(own, id, &err);
    }
    acp_datset_destroy(own);
    if (st == ACP_DAT_OK || (st == ACP_DAT_ERR_NOT_FOUND && !what)) return 0;
    if (st == ACP_DAT_ERR_NOT_FOUND)
        say(host, "acphys world: %s holds no %s 0x%08X\n", path, what, id);
    else
        say(host, "acphys world: %s: record 0x%08X: %s (%s at offset %llu)\n", path, id, acp_dat_status_string(st),
            err.field ? err.field : "", (unsigned long long)err.offset);
    return 1;
}

/* Build the world of the landblock and print its JSON: 0, or 1 with a message. */
static int world_json(const acp_dat_cli_host *host, acp_datset *set, closure *c, const char *cell_path)
{
    acp_dat_error err;
    uint32_t bad = 0;
    acp_dat_status st = load_closure(set, c, &err, &bad);
    if (st != ACP_DAT_OK) {
        say(host, "acphys world: record 0x%08X: %s (%s at offset %llu)\n", bad, acp_dat_status_string(st),
            err.field ? err.field : "", (unsigned long long)err.offset);
        return 1;
    }
    const acp_landblock *lb = acp_datset_landblock(set, c->block | 0xFFFFu);
    const acp_region *region = acp_datset_region(set, 0x13000000u);
    if (!lb || !region) {
        say(host, "acphys world: %s holds no LandBlock 0x%08X%s\n", cell_path, c->block | 0xFFFFu,
            lb ? " Region 0x13000000 is missing" : "");
        return 1;
    }
    const acp_landblock_info *info = acp_datset_landblock_info(set, c->block | 0xFFFEu);
    acp_terrain *t = acp_terrain_create(1);
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 4);
    text out = {NULL, 0, 0, false};
    int rc = 1;
    if (t && w && acp_terrain_add_landblock(t, lb, region) == ACP_TERRAIN_OK) {
        if (info) add_buildings(t, set, info);
        add_envcells(t, set, info, c->block);
        w->dats = set;
        acp_terrain_attach(w, t);
        print_world(&out, w, info, c);
        if (!out.failed) {
            host->print(1, out.bytes, out.len);
            rc = 0;
        }
    }
    if (rc) say(host, "acphys world: out of memory\n");
    free(out.bytes);
    acp_world_destroy(w);
    acp_terrain_destroy(t);
    return rc;
}

int acp_world_cli(const acp_dat_cli_host *host, int argc, char **argv)
{
    const char *portal = NULL;
    if (argc == 4 && !strcmp(argv[2], "--portal")) portal = argv[3];
    if (!(argc == 2 || portal)) {
        say(host, "usage: acphys world <cell dat> <landblock id> [--portal <portal dat>]\n");
        return 2;
    }
    char *end = NULL;
    /* strtoull: the same on a 32-bit long (WebAssembly), where strtoul saturates at 0xFFFFFFFF. */
    unsigned long long v = strtoull(argv[1], &end, 16);
    if (!end || *end || end == argv[1] || v > 0xFFFFFFFFull) {
        say(host, "acphys world: the landblock id must be hex (0xXXYY or 0xXXYYFFFF), not \"%s\"\n", argv[1]);
        return 2;
    }
    uint32_t id = (uint32_t)v;
    closure c = {calloc(MAX_IDS, sizeof(uint32_t)), 0, (id <= 0xFFFFu ? id << 16 : id) & 0xFFFF0000u};
    acp_datset *set = acp_datset_create();
    acp_dat_source cell = {NULL, NULL, 0}, port = {NULL, NULL, 0};
    bool cell_open = false, port_open = false;
    int rc = 1;
    if (!c.ids || !set) {
        say(host, "acphys world: out of memory\n");
        goto out;
    }
    uint32_t n = 0;
    const acp_embedded_excerpt *ex = acp_default_excerpts(&n);
    acp_dat_error err;
    for (uint32_t i = 0; i < n; i++) acp_datset_add_dat_bytes(set, ex[i].data, ex[i].size, &err);
    if (add_file(host, set, &cell, &cell_open, argv[0]) || (portal && add_file(host, set, &port, &port_open, portal)))
        goto out;
    /* The LandBlockInfo first: a malformed one is named even in an excerpt that lacks the LandBlock. */
    if (file_holds(host, cell, argv[0], c.block | 0xFFFEu, NULL) || file_holds(host, cell, argv[0], c.block | 0xFFFFu, "LandBlock") ||
        (portal && file_holds(host, port, portal, 0x13000000u, "Region")))
        goto out;
    rc = world_json(host, set, &c, argv[0]);
out:
    /* The sources go after the set that reads them. */
    acp_datset_destroy(set);
    if (cell_open) host->close(&cell);
    if (port_open) host->close(&port);
    free(c.ids);
    return rc;
}

int acp_cli_world(int argc, char **argv) { return acp_world_cli(acp_cli_native_host(), argc, argv); }
