/* acphys C tests — landblock static objects (issue 15, retail CLandBlock::init_static_objs) and
 * the cells a HAS_PHYSICS_BSP object's parts reach (CPhysicsObj::find_bbox_cell_list).
 *
 * The stand-in LandBlockInfo 0xA9B4FFFE (scripts/gen-buildings.mjs, data/excerpts.manifest.json)
 * holds one tree: Setup 0x0200F300 at frame origin (132, 12, 94) of Holtburg's landblock 0xA9B4,
 * identity orientation, whose only shape is one cylinder (low point (0, 0, 0), radius 0.4 m,
 * height 5 m). The plateau there is flat at z = 94. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dat_test_util.h"
#include "physics/cell/objcell.h"
#include "physics/object/physobj_cell.h"
#include "physics/object/physobj_collide.h"
#include "terrain_helpers.h"

static const uint32_t HOLTBURG = 0xA9B40000u;
static const acp_sphere CENTERED = {{0.0f, 0.0f, 0.0f}, 0.5f};

/* Holtburg's landblock (its real terrain) with its stand-in LandBlockInfo: the cottage and the tree. */
static acp_terrain *holtburg(const acp_datset *set)
{
    acp_terrain *t = acp_terrain_create(1);
    const acp_landblock *lb = acp_datset_landblock(set, 0xA9B4FFFFu);
    const acp_region *region = acp_datset_region(set, 0x13000000u);
    const acp_landblock_info *info = acp_datset_landblock_info(set, 0xA9B4FFFEu);
    ENSURE(lb && region && info);
    if (!lb || !region || !info) return t;
    ENSURE_EQ(info->num_objects, 1);
    ENSURE_EQ(acp_terrain_add_landblock(t, lb, region), ACP_TERRAIN_OK);
    const acp_gfxobj *shells[1] = {acp_datset_gfxobj(set, info->buildings[0].model_id)};
    ENSURE_EQ(acp_terrain_add_landblock_info(t, info, shells), ACP_TERRAIN_OK);
    return t;
}

static acp_world *world_on(const acp_datset *set, acp_terrain *t)
{
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 4);
    w->dats = set;
    acp_terrain_attach(w, t);
    return w;
}

/* A missile (MISSILE | INELASTIC | REPORT_COLLISIONS) with one sphere of radius 0.5 about its
 * origin, entered at (x, y, z) of 0xA9B4. */
static acp_physobj *missile(acp_world *w, uint32_t id, float x, float y, float z)
{
    acp_physobj *o = acp_world_add_object(w, id);
    ENSURE(o != NULL);
    if (!o) return NULL;
    o->state = ACP_MISSILE_PS | ACP_INELASTIC_PS | ACP_REPORT_COLLISIONS_PS;
    o->part_array = acp_partarray_create_spheres(o, &CENTERED, 1);
    acp_position p = local_position(HOLTBURG, x, y, z, 0.0f);
    ENSURE(acp_world_enter_object(w, o, &p, 0.0));
    return o;
}

/* init_static_objs: the tree is made (makeObject(0x0200F300, 0, 0): id 0, STATIC), its cell is
 * the outdoor cell holding (132, 12): cx = 5, cy = 0, id 0xA9B40000 | (5·8 + 0 + 1) = 0xA9B40029,
 * at the record's frame, in that cell's object list; not in the object table and not static
 * animating (its Setup has no default animation or script). Its shadows (calc_cross_cells_static,
 * not HAS_PHYSICS_BSP, one cylinder): CObjCell::find_cell_list for the sphere at the cylinder's
 * low point (132, 12, 94), radius 0.4: the cell holding it, and no neighbour, as the point lies
 * 12 m from every edge (check_add_cell_boundary: 0.4 ≤ 12 ≤ 23.6 on both axes); the cell has no
 * building. So one shadow, in 0xA9B40029, and that cell's shadow list holds it. */
static void tree_placed_in_its_cell(void)
{
    acp_datset *set = dt_load_default_excerpts();
    acp_terrain *t = holtburg(set);
    acp_world *w = world_on(set, t);
    ENSURE_EQ(w->num_block_statics, 1);
    if (w->num_block_statics != 1) goto done;
    acp_physobj *tree = w->block_statics[0];
    ENSURE_EQ(tree->id, 0);
    ENSURE(tree->state & ACP_STATIC_PS);
    ENSURE(!(tree->state & ACP_HAS_PHYSICS_BSP_PS));
    ENSURE_EQ(w->num_objects, 0);
    ENSURE_EQ(w->num_static, 0);
    ENSURE_EQ(tree->position.objcell_id, 0xA9B40029u);
    ENSURE(tree->has_cell);
    ENSURE_FBITS(tree->position.frame.origin.x, 132.0f);
    ENSURE_FBITS(tree->position.frame.origin.y, 12.0f);
    ENSURE_FBITS(tree->position.frame.origin.z, 94.0f);
    const acp_landcell *cell = acp_terrain_get_landcell(t, 0xA9B40029u);
    ENSURE(tree->cell == cell);
    ENSURE_EQ(acp_objcell_num_objects(w, cell), 1);
    ENSURE(acp_objcell_object(w, cell, 0) == tree);
    ENSURE_EQ(tree->num_shadow_objects, 1);
    ENSURE_EQ(tree->shadow_objects[0].cell_id, 0xA9B40029u);
    const acp_shadow_list *list = acp_objcell_shadow_list(w, cell);
    ENSURE_EQ(list->num, 1);
    ENSURE(acp_shadow_list_get(&w->shadows, list, 0)->physobj == tree);
    /* The neighbours hold nothing. */
    ENSURE_EQ(acp_objcell_shadow_list(w, acp_terrain_get_landcell(t, 0xA9B40021u))->num, 0);
    ENSURE_EQ(acp_objcell_shadow_list(w, acp_terrain_get_landcell(t, 0xA9B4002Au))->num, 0);
    /* Attaching again (or another terrain) makes them anew; no records: none. */
    acp_terrain_attach(w, t);
    ENSURE_EQ(w->num_block_statics, 1);
    w->dats = NULL;
    acp_terrain_attach(w, t);
    ENSURE_EQ(w->num_block_statics, 0);
done:
    acp_world_destroy(w);
    acp_terrain_destroy(t);
    acp_datset_destroy(set);
}

/* A missile of radius 0.5 flies +x at 25 m/s for 0.1 s at height 95.5 (within the trunk's 94..99)
 * from x = 128.6f straight at the trunk (y = 12). CTransition::calc_num_steps: 2.5 m over the
 * radius 0.5 is 5 steps of 0.5 m: 129.1, 129.6, 130.1, 130.6, 131.1 (float sums of 128.6f and
 * halves, exact: 128.600006103515625 + 2.5 = 131.100006103515625 = 131.1f). At the last step the
 * centres are 0.899993896484375 m apart in x, more than the cylinder's radsum 0.4 + 0.5 − EPSILON
 * (0.8998), so nothing collides on the way: the 2.5 m sweep ends there with the spheres
 * touching (centre distance = the sum of the radii to float precision). A further 0.5 m (a second
 * update) would overlap (0.4 apart): the sweep stops at 131.1f, the INELASTIC missile loses its
 * velocity, and the hit is an environment collision (a STATIC object: COLLISIONINFO gets
 * collided_with_environment, not an object record). */
static void missile_stops_at_tree(void)
{
    acp_datset *set = dt_load_default_excerpts();
    acp_terrain *t = holtburg(set);
    acp_world *w = world_on(set, t);
    acp_physobj *m = missile(w, 1, 128.6f, 12.0f, 95.5f);
    if (!m) goto done;
    acp_physobj_set_velocity(m, (acp_vec3){25.0f, 0.0f, 0.0f});
    w->frame_serial++;
    acp_physobj_update_object_internal(m, 0.1f);
    ENSURE_FBITS(m->position.frame.origin.x, 131.1f);
    ENSURE_FBITS(m->velocity.x, 25.0f);
    ENSURE(!m->colliding_with_environment);
    w->frame_serial++;
    acp_physobj_update_object_internal(m, 0.02f); /* 0.5 m: one step, into the trunk */
    ENSURE_FBITS(m->position.frame.origin.x, 131.1f);
    ENSURE_FBITS(m->position.frame.origin.y, 12.0f);
    ENSURE_FBITS(m->velocity.x, 0.0f);
    ENSURE(m->colliding_with_environment);
    ENSURE_EQ(m->collision_table.num, 0);
    ENSURE_FBITS(w->block_statics[0]->position.frame.origin.x, 132.0f);
done:
    acp_world_destroy(w);
    acp_terrain_destroy(t);
    acp_datset_destroy(set);
}

/* The same flight 4 m to the side (y = 16): it passes x = 132 with the centres 4 m apart, and
 * ends at 130.6f + 2.5 = 133.100006103515625 (= 133.1f) untouched, velocity kept. */
static void far_missile_unaffected(void)
{
    acp_datset *set = dt_load_default_excerpts();
    acp_terrain *t = holtburg(set);
    acp_world *w = world_on(set, t);
    acp_physobj *m = missile(w, 1, 130.6f, 16.0f, 95.5f);
    if (!m) goto done;
    acp_physobj_set_velocity(m, (acp_vec3){25.0f, 0.0f, 0.0f});
    w->frame_serial++;
    acp_physobj_update_object_internal(m, 0.1f);
    ENSURE_FBITS(m->position.frame.origin.x, 133.1f);
    ENSURE_FBITS(m->velocity.x, 25.0f);
    ENSURE(!m->colliding_with_environment);
done:
    acp_world_destroy(w);
    acp_terrain_destroy(t);
    acp_datset_destroy(set);
}

void suite_statics(void)
{
    RUN(tree_placed_in_its_cell);
    RUN(missile_stops_at_tree);
    RUN(far_missile_unaffected);
}
