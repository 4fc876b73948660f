/* acphys — the DAT records a run reads. See excerpts.h.
 */
#include "excerpts.h"
#include "physics/world/snapshot.h"

#include <stdlib.h>
#include <string.h>

#include "text.h"

#include "dat/dat.h"
#include "physics/cell/building.h"
#include "physics/cell/envcell.h"
#include "physics/cell/terrain.h"

struct acp_excerpts {
    acp_datset *set;
    uint64_t digest;                 /* FNV-1a 64 of the DAT bytes added, in order (snapshots) */
};

acp_excerpts *acp_excerpts_create(void)
{
    acp_excerpts *ex = calloc(1, sizeof *ex);
    if (!ex) return NULL;
    ex->set = acp_datset_create();
    ex->digest = ACP_SNAP_FNV_BASIS;
    if (!ex->set) {
        free(ex);
        return NULL;
    }
    return ex;
}

uint64_t acp_excerpts_digest(const acp_excerpts *ex) { return ex->digest; }

void acp_excerpts_destroy(acp_excerpts *ex)
{
    if (!ex) return;
    acp_datset_destroy(ex->set);
    free(ex);
}

bool acp_excerpts_add(acp_excerpts *ex, const uint8_t *bytes, size_t size, char *msg, size_t msg_size)
{
    acp_dat_error err;
    memset(&err, 0, sizeof err);
    acp_dat_status st = acp_datset_add_dat_bytes(ex->set, bytes, size, &err);
    if (st == ACP_DAT_OK) {
        uint8_t len[8];
        for (int i = 0; i < 8; i++) len[i] = (uint8_t)((uint64_t)size >> (8 * i));
        ex->digest = acp_snap_fnv(acp_snap_fnv(ex->digest, len, sizeof len), bytes, size);
        return true;
    }
    if (msg && msg_size) {
        acp_text t;
        acp_text_fixed(&t, msg, msg_size);
        acp_text_put(&t, "not a readable DAT file: ");
        acp_text_put(&t, acp_dat_status_string(st));
        acp_text_put(&t, " (");
        if (err.record_id) {
            acp_text_put(&t, "record ");
            acp_text_put_hex32(&t, err.record_id);
            acp_text_put(&t, ", ");
        }
        acp_text_put(&t, "byte ");
        acp_text_put_u64(&t, err.offset);
        if (err.field && err.field[0]) {
            acp_text_put(&t, ", field ");
            acp_text_put(&t, err.field);
        }
        acp_text_put(&t, ")");
    }
    return false;
}

const acp_setup *acp_excerpts_setup(const acp_excerpts *ex, uint32_t id) { return acp_datset_setup(ex->set, id); }

const acp_animation *acp_excerpts_animation(const acp_excerpts *ex, uint32_t id)
{
    return acp_datset_animation(ex->set, id);
}

const acp_motion_table *acp_excerpts_motion_table(const acp_excerpts *ex, uint32_t id)
{
    return acp_datset_motion_table(ex->set, id);
}

const struct acp_datset *acp_excerpts_datset(const acp_excerpts *ex) { return ex->set; }

/* The buildings of info, each with its shell records when the excerpts hold them (a GfxObj
 * shell; a Setup shell: the Setup and its part 0 GfxObj; a missing one: no shell), in batches
 * of 64. */
static acp_terrain_status place_buildings(const acp_excerpts *ex, acp_terrain *t, const acp_landblock_info *info)
{
    acp_building_shell shells[64];
    acp_landblock_info part = *info;
    for (uint32_t first = 0; first < info->num_buildings; first += 64) {
        part.buildings = info->buildings + first;
        part.num_buildings = info->num_buildings - first < 64 ? info->num_buildings - first : 64;
        for (uint32_t k = 0; k < part.num_buildings; k++) {
            uint32_t id = part.buildings[k].model_id;
            shells[k] = (acp_building_shell){NULL, NULL};
            if ((id >> 24) == 0x01u) shells[k].gfxobj = acp_datset_gfxobj(ex->set, id);
            if ((id >> 24) == 0x02u) shells[k].setup = acp_datset_setup(ex->set, id);
            if (shells[k].setup && shells[k].setup->num_parts)
                shells[k].gfxobj = acp_datset_gfxobj(ex->set, shells[k].setup->parts[0]);
        }
        acp_terrain_status st = acp_terrain_add_landblock_info_shells(t, &part, shells);
        if (st != ACP_TERRAIN_OK) return st;
    }
    return ACP_TERRAIN_OK;
}

acp_excerpts_terrain_status acp_excerpts_build_terrain(const acp_excerpts *ex, struct acp_terrain **out)
{
    *out = NULL;
    size_t n = acp_datset_count(ex->set);
    uint32_t blocks = 0, cells = 0;
    for (size_t i = 0; i < n; i++) {
        int type = acp_datset_record_at(ex->set, i)->type;
        if (type == ACP_DAT_TYPE_LANDBLOCK) blocks++;
        if (type == ACP_DAT_TYPE_ENVCELL) cells++;
    }
    if (blocks == 0 && cells == 0) return ACP_EXCERPTS_TERRAIN_OK;
    const acp_region *region = acp_datset_region(ex->set, 0x13000000u);
    if (blocks && !region) return ACP_EXCERPTS_TERRAIN_NO_REGION;
    /* Room for every LandBlock, and for the EnvCells of blocks without one (a dungeon). */
    uint32_t slots = blocks + (cells + ACP_TERRAIN_ENVCELLS_PER_BLOCK - 1) / ACP_TERRAIN_ENVCELLS_PER_BLOCK;
    acp_terrain *t = acp_terrain_create(slots);
    if (!t) return ACP_EXCERPTS_TERRAIN_NO_MEMORY;
    for (size_t i = 0; i < n; i++) {
        const acp_dat_record *rec = acp_datset_record_at(ex->set, i);
        acp_terrain_status st = ACP_TERRAIN_OK;
        if (rec->type == ACP_DAT_TYPE_LANDBLOCK) st = acp_terrain_add_landblock(t, rec->as.landblock, region);
        if (rec->type == ACP_DAT_TYPE_ENVCELL) {
            /* An EnvCell whose Environment is not in the excerpts is not loaded (no cell). */
            const acp_environment *env = acp_datset_environment(ex->set, rec->as.envcell->environment_id);
            if (env) st = acp_terrain_add_envcell(t, rec->as.envcell, env, NULL);
        }
        if (st == ACP_TERRAIN_FULL || st == ACP_TERRAIN_BAD_ARGUMENT) {
            acp_terrain_destroy(t);
            return ACP_EXCERPTS_TERRAIN_NO_MEMORY;
        }
    }
    /* Then each LandBlockInfo's buildings on its loaded landblock (one without it is left out). */
    for (size_t i = 0; i < n; i++) {
        const acp_dat_record *rec = acp_datset_record_at(ex->set, i);
        if (rec->type != ACP_DAT_TYPE_LANDBLOCK_INFO || !acp_terrain_get_landblock(t, rec->as.landblock_info->id)) continue;
        if (place_buildings(ex, t, rec->as.landblock_info) == ACP_TERRAIN_FULL) {
            acp_terrain_destroy(t);
            return ACP_EXCERPTS_TERRAIN_NO_MEMORY;
        }
    }
    *out = t;
    return ACP_EXCERPTS_TERRAIN_OK;
}

/* Why EnvCell `rec` of the excerpts was not loaded. */
static void put_envcell_refusal(acp_text *t, const acp_datset *set, const acp_envcell *rec)
{
    uint32_t low = rec->id & 0xFFFFu;
    if (low < 0x100u || low > 0xFFFDu) {
        acp_text_put(t, "its id is not an EnvCell's (0xXXYY0100 to 0xXXYYFFFD)");
        return;
    }
    const acp_environment *env = acp_datset_environment(set, rec->environment_id);
    if (!env) {
        acp_text_put(t, "its Environment ");
        acp_text_put_hex32(t, rec->environment_id);
        acp_text_put(t, " is not in the excerpts");
        return;
    }
    acp_env_cell probe;
    uint32_t bad = 0;
    acp_env_cell_status st = acp_env_cell_build(&probe, rec, env, &bad);
    acp_env_cell_free(&probe);
    if (st == ACP_ENV_CELL_NO_CELL_STRUCT) {
        acp_text_put(t, "its Environment ");
        acp_text_put_hex32(t, rec->environment_id);
        acp_text_put(t, " has no CellStruct ");
        acp_text_put_u64(t, rec->cell_struct);
    } else if (st == ACP_ENV_CELL_BAD_POLYGON || st == ACP_ENV_CELL_BAD_PORTAL) {
        acp_text_put(t, st == ACP_ENV_CELL_BAD_POLYGON ? "a polygon of its CellStruct names a vertex it lacks (polygon "
                                                        : "its portal ");
        acp_text_put_u64(t, bad);
        acp_text_put(t, st == ACP_ENV_CELL_BAD_POLYGON ? ")" : " names a polygon its CellStruct lacks");
    } else {
        acp_text_put(t, "the terrain had no room for it");
    }
}

size_t acp_excerpts_warn_unloaded_envcells(const acp_excerpts *ex, const struct acp_terrain *t,
                                           void (*warn)(void *ctx, const char *message), void *ctx)
{
    size_t n = acp_datset_count(ex->set), warned = 0;
    for (size_t i = 0; i < n; i++) {
        const acp_dat_record *rec = acp_datset_record_at(ex->set, i);
        if (rec->type != ACP_DAT_TYPE_ENVCELL || acp_terrain_get_envcell(t, rec->as.envcell->id)) continue;
        char w[300];
        acp_text text;
        acp_text_fixed(&text, w, sizeof w);
        acp_text_put(&text, "excerpts: EnvCell ");
        acp_text_put_hex32(&text, rec->as.envcell->id);
        acp_text_put(&text, " is not loaded (no cell there: objects placed in it have none, sweeps pass where it "
                            "stands): ");
        put_envcell_refusal(&text, ex->set, rec->as.envcell);
        warn(ctx, w);
        warned++;
    }
    return warned;
}
