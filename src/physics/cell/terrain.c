/* acphys — the loaded landblocks (retail LScape). See terrain.h. */
#include "terrain.h"

#include <stdlib.h>

#include "building.h"
#include "envcell.h"
#include "land_scenes.h"
#include "physics/geometry/frame.h"
#include "physics/object/physobj_cell.h"
#include "physics/world/physics.h"

acp_terrain *acp_terrain_create(uint32_t capacity)
{
    acp_terrain *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    t->cap_blocks = capacity ? capacity : 1;
    t->blocks = calloc(t->cap_blocks, sizeof *t->blocks);
    t->cap_envcells = t->cap_blocks * ACP_TERRAIN_ENVCELLS_PER_BLOCK;
    t->envcells = calloc(t->cap_envcells, sizeof *t->envcells);
    t->cap_buildings = t->cap_blocks * ACP_TERRAIN_BUILDINGS_PER_BLOCK;
    t->buildings = calloc(t->cap_buildings, sizeof *t->buildings);
    t->block_slot = calloc(0x10000u, sizeof *t->block_slot);
    if (!t->blocks || !t->envcells || !t->buildings || !t->block_slot) {
        free(t->block_slot);
        free(t->blocks);
        free(t->envcells);
        free(t->buildings);
        free(t);
        return NULL;
    }
    return t;
}

void acp_terrain_destroy(acp_terrain *t)
{
    if (!t) return;
    for (uint32_t i = 0; i < t->num_envcells; i++) {
        acp_env_cell_free(t->envcells[i]);
        free(t->envcells[i]);
    }
    free(t->envcells);
    for (uint32_t i = 0; i < t->num_buildings; i++) {
        acp_gfxobj_physics_free(&t->buildings[i]->shell);
        free(t->buildings[i]);
    }
    free(t->buildings);
    free(t->blocks);
    free(t->block_slot);
    free(t);
}

static acp_landblock_struct *find_block(const acp_terrain *t, uint32_t cell_id)
{
    if (!t) return NULL;
    uint32_t s = t->block_slot[cell_id >> 16];
    return s ? &t->blocks[s - 1] : NULL;
}

acp_terrain_status acp_terrain_add_landblock(acp_terrain *t, const acp_landblock *record, const acp_region *region)
{
    if (!t || !record || !region) return ACP_TERRAIN_BAD_ARGUMENT;
    if (acp_cell_block_x(record->id) >= 0xFFu || acp_cell_block_y(record->id) >= 0xFFu)
        return ACP_TERRAIN_BAD_ARGUMENT;
    acp_landblock_struct *b = find_block(t, record->id);
    if (!b) {
        if (t->num_blocks >= t->cap_blocks) return ACP_TERRAIN_FULL;
        b = &t->blocks[t->num_blocks++];
    }
    t->block_slot[record->id >> 16] = (uint32_t)(b - t->blocks + 1);
    acp_landblock_struct_build(b, record, region->land_height_table);
    t->region = region;
    for (uint32_t k = 0; k < ACP_LANDBLOCK_CELLS; k++)
        b->cells[k].shadow_slot = (uint32_t)(b - t->blocks) * ACP_LANDBLOCK_CELLS + k;
    return ACP_TERRAIN_OK;
}

const acp_landblock_struct *acp_terrain_get_landblock(const acp_terrain *t, uint32_t cell_id)
{
    return find_block(t, cell_id);
}

static acp_env_cell *find_envcell(const acp_terrain *t, uint32_t cell_id)
{
    if (!t) return NULL;
    for (uint32_t i = 0; i < t->num_envcells; i++)
        if (t->envcells[i]->base.id == cell_id) return t->envcells[i];
    return NULL;
}

const acp_env_cell *acp_terrain_get_envcell(const acp_terrain *t, uint32_t cell_id)
{
    return find_envcell(t, cell_id);
}

acp_terrain_status acp_terrain_add_envcell(acp_terrain *t, const acp_envcell *record, const acp_environment *env,
                                           int *why)
{
    if (!t || !record || !env) return ACP_TERRAIN_BAD_ARGUMENT;
    uint32_t low = record->id & 0xFFFFu;
    if (low < 0x100u || low > 0xFFFDu) return ACP_TERRAIN_BAD_ARGUMENT;
    acp_env_cell built;
    acp_env_cell_status st = acp_env_cell_build(&built, record, env, NULL);
    if (st != ACP_ENV_CELL_OK) {
        if (why) *why = (int)st;
        return ACP_TERRAIN_BAD_RECORD;
    }
    acp_env_cell *slot = find_envcell(t, record->id);
    if (slot) {
        acp_env_cell_free(slot);
    } else {
        if (t->num_envcells >= t->cap_envcells || !(slot = malloc(sizeof *slot))) {
            acp_env_cell_free(&built);
            return ACP_TERRAIN_FULL;
        }
        t->envcells[t->num_envcells++] = slot;
    }
    uint32_t index = 0;
    while (t->envcells[index] != slot) index++;
    *slot = built;
    slot->base.env = slot;
    slot->slot = index;
    return ACP_TERRAIN_OK;
}

/* One building: its cell (the outdoor cell holding its origin), shell and portals. The cell
 * keeps the first building whose origin it holds: CBuildingObj::add_to_cell (0x006B5550) →
 * CSortCell::add_building (0x00534030) sets the cell's building only when it has none; a later
 * one is still made and kept in the landblock's list (CLandBlock::init_buildings 0x0052FD80),
 * but no cell leads to it. */
static acp_terrain_status add_building(acp_terrain *t, acp_landblock_struct *b, const acp_building *rec,
                                       const acp_building_shell *shell)
{
    uint32_t cell_id = b->id;
    acp_vec3 loc = rec->frame.origin;
    if (!acp_landdefs_adjust_to_outside(&cell_id, &loc) || (cell_id >> 16) != (b->id >> 16)) return ACP_TERRAIN_OK;
    acp_landcell *cell = (acp_landcell *)acp_landblock_struct_get_landcell(b, cell_id);
    if (!cell) return ACP_TERRAIN_OK;
    if (t->num_buildings >= t->cap_buildings) return ACP_TERRAIN_FULL;
    acp_building_obj *o = calloc(1, sizeof *o);
    if (!o) return ACP_TERRAIN_FULL;
    o->pos.objcell_id = cell_id;
    o->pos.frame = acp_frame_identity();
    acp_frame_set_rotate(&o->pos.frame, rec->frame.qw, rec->frame.qx, rec->frame.qy, rec->frame.qz);
    o->pos.frame.origin = rec->frame.origin;
    o->num_portals = rec->num_portals;
    o->portals = rec->portals;
    if (!acp_building_make_shell(o, shell)) {
        free(o);
        return ACP_TERRAIN_BAD_RECORD;
    }
    t->buildings[t->num_buildings++] = o;
    if (!cell->building) cell->building = o; /* CSortCell::add_building: the first one stays */
    return ACP_TERRAIN_OK;
}

/* Both entry points: shells (GfxObj records) or setup_shells (shell records), either or both NULL. */
static acp_terrain_status add_info(acp_terrain *t, const acp_landblock_info *info, const acp_gfxobj *const *shells,
                                   const acp_building_shell *setup_shells)
{
    if (!t || !info) return ACP_TERRAIN_BAD_ARGUMENT;
    acp_landblock_struct *b = find_block(t, info->id);
    if (!b) return ACP_TERRAIN_BAD_ARGUMENT;
    for (uint32_t i = 0; i < info->num_buildings; i++) {
        acp_building_shell shell = {shells ? shells[i] : NULL, NULL};
        if (setup_shells) shell = setup_shells[i];
        acp_terrain_status st = add_building(t, b, &info->buildings[i], &shell);
        if (st != ACP_TERRAIN_OK) return st;
    }
    /* CLandBlock::lbi: its static objects become physics objects when a world attaches the
     * terrain (init_static_objs below). */
    b->num_statics = info->num_objects;
    b->statics = info->objects;
    return ACP_TERRAIN_OK;
}

acp_terrain_status acp_terrain_add_landblock_info(acp_terrain *t, const acp_landblock_info *info,
                                                  const acp_gfxobj *const *shells)
{
    return add_info(t, info, shells, NULL);
}

acp_terrain_status acp_terrain_add_landblock_info_shells(acp_terrain *t, const acp_landblock_info *info,
                                                         const acp_building_shell *shells)
{
    return add_info(t, info, NULL, shells);
}

const acp_landcell *acp_terrain_get_landcell(const acp_terrain *t, uint32_t cell_id)
{
    if ((cell_id & 0xFFFFu) >= 0x100u) {
        const acp_env_cell *e = find_envcell(t, cell_id);
        return e ? &e->base : NULL;
    }
    const acp_landblock_struct *b = find_block(t, cell_id);
    return b ? acp_landblock_struct_get_landcell(b, cell_id) : NULL;
}

static const acp_polygon *poly_at(const acp_terrain *t, uint32_t cell_id, float x, float y)
{
    uint32_t id = acp_cell_outdoor_from_local(cell_id, x, y);
    const acp_landcell *cell = id ? acp_terrain_get_landcell(t, id) : NULL;
    const acp_polygon *poly = NULL;
    if (!cell || !acp_landcell_find_terrain_poly(cell, (acp_vec3){x, y, 0.0f}, &poly)) return NULL;
    return poly;
}

bool acp_terrain_height(const acp_terrain *t, uint32_t cell_id, float x, float y, float *z)
{
    const acp_polygon *poly = poly_at(t, cell_id, x, y);
    acp_vec3 p = {x, y, 0.0f};
    if (!poly || !acp_plane_set_height(&poly->plane, &p)) return false;
    *z = p.z;
    return true;
}

bool acp_terrain_normal(const acp_terrain *t, uint32_t cell_id, float x, float y, acp_vec3 *n)
{
    const acp_polygon *poly = poly_at(t, cell_id, x, y);
    if (!poly) return false;
    *n = poly->plane.n;
    return true;
}

/* Forget every object's shadows and cell (their cells belong to the old terrain). */
static void drop_shadows(acp_physobj **objs, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        objs[i]->num_shadow_objects = 0;
        objs[i]->shadow_objects = NULL;
        objs[i]->cell = NULL; /* and their cells' object lists */
    }
}

/* Retail CLandBlock::init_static_objs (0x00530A40), its first pass (no static objects yet):
 * each LandBlockInfo object made (CPhysicsObj::makeObject(id, 0, 0)), its cell the outdoor cell
 * of this landblock holding its frame's origin (LandDefs::adjust_to_outside of the landblock id
 * and the origin; CLandBlock::get_landcell), added there at the record's frame
 * (CPhysicsObj::add_obj_to_cell) and kept by CLandBlock::add_static_object (0x0052F910); one
 * without a cell is deleted; then, use_scene_files being set, get_land_scenes (the procedural
 * scenery: land_scenes.h). The restriction table (GetRestrictionIID) is not simulated. */
static void init_static_objs(acp_world *w, const acp_landblock_struct *b)
{
    for (uint32_t i = 0; i < b->num_statics; i++) {
        acp_physobj *obj = acp_world_make_static_object(w, b->statics[i].id);
        if (!obj) continue;
        const acp_aframe *f = &b->statics[i].frame;
        acp_frame frame = acp_frame_identity();
        acp_frame_set_rotate(&frame, f->qw, f->qx, f->qy, f->qz);
        frame.origin = f->origin;
        uint32_t cell_id = b->id;
        acp_vec3 loc = frame.origin;
        const acp_landcell *cell =
            acp_landblock_struct_get_landcell(b, acp_landdefs_adjust_to_outside(&cell_id, &loc) ? cell_id : 0);
        if (!cell || w->num_block_statics >= w->cap_block_statics) {
            acp_world_release_static_object(w, obj);
            continue;
        }
        acp_physobj_add_obj_to_cell(obj, cell, &frame);
        w->block_statics[w->num_block_statics++] = obj;
    }
    acp_land_scenes_init(w, b, w->terrain->region);
}

/* An EnvCell's statics. The client calls this (virtually) as it flushes each visible EnvCell,
 * before the cell's objects are initialised; here every loaded EnvCell's run after the
 * landblocks' statics, in the terrain's EnvCell order. A static that cannot be made (its record
 * missing) is skipped, as makeObject's NULL is.
 * Retail CEnvCell::init_static_objects (0x0052C350), its first pass (no static objects yet):
 * each of the EnvCell's static objects with a non-zero id made (CPhysicsObj::makeObject(id, 0,
 * 0)) and added to this cell at its frame (CPhysicsObj::add_obj_to_cell: enter_cell, the frame
 * (landblock frame, as every position), calc_cross_cells_static's shadows). */
static void init_env_static_objects(acp_world *w, const acp_env_cell *env)
{
    const acp_envcell *rec = env->record;
    if (!rec) return;
    for (uint32_t i = 0; i < rec->num_stabs; i++) {
        if (!rec->stabs[i].id) continue;
        acp_physobj *obj = acp_world_make_static_object(w, rec->stabs[i].id);
        if (!obj) continue;
        if (w->num_block_statics >= w->cap_block_statics) {
            acp_world_release_static_object(w, obj);
            continue;
        }
        const acp_aframe *f = &rec->stabs[i].frame;
        acp_frame frame = acp_frame_identity();
        acp_frame_set_rotate(&frame, f->qw, f->qx, f->qy, f->qz);
        frame.origin = f->origin;
        acp_physobj_add_obj_to_cell(obj, &env->base, &frame);
        w->block_statics[w->num_block_statics++] = obj;
    }
}

/* The world's landblock and EnvCell statics go (they belong to the terrain they were made for). */
static void release_statics(acp_world *w)
{
    for (uint32_t i = 0; i < w->num_block_statics; i++) acp_world_release_static_object(w, w->block_statics[i]);
    free(w->block_statics);
    free(w->simple_setups);
    w->block_statics = NULL;
    w->simple_setups = NULL;
    w->num_block_statics = w->cap_block_statics = 0;
    w->num_simple_setups = w->cap_simple_setups = 0;
}

void acp_terrain_attach(acp_world *w, acp_terrain *t)
{
    release_statics(w);
    drop_shadows(w->objects, w->num_objects);
    drop_shadows(w->static_objects, w->num_static);
    acp_shadow_pool_free(&w->shadows);
    w->terrain = t;
    w->sweep_detour = !t || w->inspect;
    if (!t) return;
    uint32_t statics = 0;
    for (uint32_t i = 0; i < t->num_blocks; i++)
        statics += t->blocks[i].num_statics + acp_land_scenes_count(&t->blocks[i], t->region, w->dats);
    for (uint32_t i = 0; i < t->num_envcells; i++)
        if (t->envcells[i]->record) statics += t->envcells[i]->record->num_stabs;
    if (statics && w->dats) {
        w->block_statics = calloc(statics, sizeof *w->block_statics);
        w->simple_setups = calloc(statics, sizeof *w->simple_setups);
        w->cap_block_statics = w->block_statics ? statics : 0;
        w->cap_simple_setups = w->simple_setups ? statics : 0;
    }
    if (!acp_shadow_pool_init(&w->shadows, t->cap_blocks * ACP_LANDBLOCK_CELLS + t->cap_envcells,
                              w->cap_objects + w->cap_static + w->cap_block_statics))
        return;
    /* Retail LScape: every landblock's buildings (placed with the LandBlockInfo here), then
     * each landblock's static objects, landblock by landblock. */
    for (uint32_t i = 0; i < t->num_blocks; i++) init_static_objs(w, &t->blocks[i]);
    for (uint32_t i = 0; i < t->num_envcells; i++) init_env_static_objects(w, t->envcells[i]);
}
