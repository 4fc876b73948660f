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

/* A LandBlockInfo whose one static is a GfxObj: the cottage shell GfxObj 0x0100F300 (a physics
 * BSP; its vertices span x −4..4, y −3..3: the 8 × 6 m walls) placed, unturned, at (48, 100) of
 * Holtburg on the ground there. makeObject builds it with CPartArray::CreateMesh (one part, the
 * GfxObj, at the object's frame): HAS_PHYSICS_BSP, STATIC, in cell (2, 4) = 0xA9B40015.
 * calc_cross_cells_static (no cylinders) → find_bbox_cell_list: its own cell, then the cells its
 * part's box x 44..52, y 97..103 reaches: columns floor(44/24) = 1 .. floor(52/24) = 2, row 4
 * only; add_cell_block from (1, 4) to (2, 4) adds (1, 4) = 0xA9B4000D ((2, 4) is listed). */
static acp_terrain *holtburg_with(const acp_datset *set, const acp_stab *stab, float *ground)
{
    acp_terrain *t = acp_terrain_create(1);
    const acp_landblock *lb = acp_datset_landblock(set, 0xA9B4FFFFu);
    const acp_region *region = acp_datset_region(set, 0x13000000u);
    ENSURE(lb && region);
    if (!lb || !region) return t;
    ENSURE_EQ(acp_terrain_add_landblock(t, lb, region), ACP_TERRAIN_OK);
    ENSURE(acp_terrain_height(t, 0xA9B40015u, 48.0f, 100.0f, ground));
    static acp_landblock_info info;
    memset(&info, 0, sizeof info);
    info.id = 0xA9B4FFFEu;
    info.num_objects = 1;
    info.objects = (acp_stab *)stab;
    ENSURE_EQ(acp_terrain_add_landblock_info(t, &info, NULL), ACP_TERRAIN_OK);
    return t;
}

static void gfxobj_static_shadows_its_box(void)
{
    acp_datset *set = dt_load_default_excerpts();
    float ground = 0.0f;
    static acp_stab stab;
    stab.id = 0x0100F300u;
    acp_terrain *t = holtburg_with(set, &stab, &ground);
    /* The terrain keeps the record's objects (not a copy): the frame is read at attach. */
    stab.frame = (acp_aframe){{48.0f, 100.0f, ground}, 1.0f, 0.0f, 0.0f, 0.0f};
    acp_world *w = world_on(set, t);
    ENSURE_EQ(w->num_block_statics, 1);
    if (w->num_block_statics != 1) goto done;
    acp_physobj *shell = w->block_statics[0];
    ENSURE(shell->state & ACP_STATIC_PS);
    ENSURE(shell->state & ACP_HAS_PHYSICS_BSP_PS);
    ENSURE_EQ(shell->part_array->num_parts, 1);
    ENSURE_EQ(shell->position.objcell_id, 0xA9B40015u);
    ENSURE_EQ(shell->num_shadow_objects, 2);
    ENSURE_EQ(shell->shadow_objects[0].cell_id, 0xA9B40015u);
    ENSURE_EQ(shell->shadow_objects[1].cell_id, 0xA9B4000Du);
    ENSURE_EQ(w->num_simple_setups, 1);
    /* A missile (radius 0.5, 1.5 m over the ground at the shell's origin) from 40.6f in cell
     * 0xA9B4000D flies +x at 25 m/s: 0.1 s is five 0.5 m steps to 40.6f + 2.5 = 43.1f (exact
     * float sums), its sphere 0.4 m short of the wall's outer face x = 44 and wholly in
     * 0xA9B4000D (19.1 m into its column, under incell_max 23.5), so its sweep lists that cell
     * alone. The next 0.5 m step (0.02 s) would reach 44.1: the shell, met through its shadow
     * in 0xA9B4000D, stops it at 43.1f, the inelastic missile's velocity gone, an environment
     * collision (a STATIC object). Without the static (no records at attach) the same flight
     * ends at 43.6f. */
    for (int with_static = 1; with_static >= 0; with_static--) {
        if (!with_static) { /* a fresh world, no records at attach: no statics */
            acp_world_destroy(w);
            w = acp_world_create(ACP_PROFILE_RETAIL, 4);
            acp_terrain_attach(w, t);
            ENSURE_EQ(w->num_block_statics, 0);
        }
        acp_physobj *m = missile(w, 1, 40.6f, 100.0f, ground + 1.5f);
        if (!m) goto done;
        ENSURE_EQ(m->position.objcell_id, 0xA9B4000Du);
        acp_physobj_set_velocity(m, (acp_vec3){25.0f, 0.0f, 0.0f});
        w->frame_serial++;
        acp_physobj_update_object_internal(m, 0.1f);
        ENSURE_FBITS(m->position.frame.origin.x, 43.1f);
        ENSURE(!m->colliding_with_environment);
        w->frame_serial++;
        acp_physobj_update_object_internal(m, 0.02f);
        ENSURE_FBITS(m->position.frame.origin.x, with_static ? 43.1f : 43.6f);
        ENSURE_FBITS(m->velocity.x, with_static ? 0.0f : 25.0f);
        ENSURE(m->colliding_with_environment == (with_static != 0));
    }
done:
    acp_world_destroy(w);
    acp_terrain_destroy(t);
    acp_datset_destroy(set);
}

/* CEnvCell::init_static_objects (0x0052C350): an EnvCell's static objects become physics objects
 * in that cell. The cottage's EnvCell 0xA9B40100 (frame origin (120, 24, 94)) with one static
 * added: the tree Setup 0x0200F300 (one cylinder: radius 0.4, 5 m tall) as a pillar at
 * (120, 24, 94), identity. Attaching the terrain makes it after the landblock's tree
 * (makeObject(id, 0, 0): id 0, STATIC) and adds it to the EnvCell at that frame
 * (add_obj_to_cell): its cell is 0xA9B40100, in that cell's object list, and its first shadow
 * (calc_cross_cells_static → the cylinder's find_cell_list, indoor branch: the cell itself
 * first) is there. A missile (r 0.5, MISSILE | INELASTIC | REPORT_COLLISIONS) in the room at
 * (118.6f, 24, 95.5) flying +x at 25 m/s: 0.02 s is one 0.5 m step to 119.1f, whose centre is
 * 120 − 119.0999985 = 0.9000015 m from the cylinder's axis, more than the radius sum 0.9 minus
 * EPSILON: untouched. A further 0.5 m would put it 0.4 m away: the sweep stops at 119.1f, the
 * INELASTIC missile loses its velocity, and the static hit is an environment collision (one
 * env report: it reports collisions). */
static void envcell_static_objects_collide(void)
{
    acp_datset *set = dt_load_default_excerpts();
    acp_terrain *t = holtburg(set);
    const acp_envcell *rec = acp_datset_envcell(set, 0xA9B40100u);
    const acp_environment *env = rec ? acp_datset_environment(set, rec->environment_id) : NULL;
    ENSURE(rec && env && rec->num_stabs == 0);
    if (!rec || !env) {
        acp_terrain_destroy(t);
        acp_datset_destroy(set);
        return;
    }
    static acp_envcell with_pillar;
    static acp_stab pillar_stab;
    with_pillar = *rec;
    pillar_stab.id = 0x0200F300u;
    pillar_stab.frame = (acp_aframe){{120.0f, 24.0f, 94.0f}, 1, 0, 0, 0};
    with_pillar.flags |= ACP_ENVCELL_HAS_STATICS;
    with_pillar.num_stabs = 1;
    with_pillar.stabs = &pillar_stab;
    ENSURE_EQ(acp_terrain_add_envcell(t, &with_pillar, env, NULL), ACP_TERRAIN_OK);
    acp_world *w = world_on(set, t);
    ENSURE_EQ(w->num_block_statics, 2);
    if (w->num_block_statics != 2) goto done;
    acp_physobj *pillar = w->block_statics[1];
    ENSURE_EQ(pillar->id, 0);
    ENSURE(pillar->state & ACP_STATIC_PS);
    ENSURE_EQ(pillar->position.objcell_id, 0xA9B40100u);
    ENSURE_FBITS(pillar->position.frame.origin.x, 120.0f);
    ENSURE_FBITS(pillar->position.frame.origin.y, 24.0f);
    ENSURE_FBITS(pillar->position.frame.origin.z, 94.0f);
    const acp_landcell *room = acp_terrain_get_landcell(t, 0xA9B40100u);
    ENSURE(pillar->cell == room);
    ENSURE_EQ(acp_objcell_num_objects(w, room), 1);
    ENSURE(pillar->num_shadow_objects >= 1);
    ENSURE_EQ(pillar->shadow_objects[0].cell_id, 0xA9B40100u);
    acp_physobj *m = acp_world_add_object(w, 1);
    ENSURE(m != NULL);
    if (!m) goto done;
    m->state = ACP_MISSILE_PS | ACP_INELASTIC_PS | ACP_REPORT_COLLISIONS_PS;
    m->part_array = acp_partarray_create_spheres(m, &CENTERED, 1);
    acp_position p = recorded_position(0xA9B40100u, 118.6f, 24.0f, 95.5f, 1.0f, 0.0f);
    ENSURE(acp_world_enter_object(w, m, &p, 0.0));
    ENSURE_EQ(m->position.objcell_id, 0xA9B40100u);
    ENSURE_FBITS(m->position.frame.origin.x, 118.6f);
    acp_physobj_set_velocity(m, (acp_vec3){25.0f, 0.0f, 0.0f});
    w->frame_serial++;
    acp_physobj_update_object_internal(m, 0.02f);
    ENSURE_FBITS(m->position.frame.origin.x, 119.1f);
    ENSURE_FBITS(m->velocity.x, 25.0f);
    ENSURE(!m->colliding_with_environment);
    w->frame_serial++;
    acp_physobj_update_object_internal(m, 0.02f);
    ENSURE_FBITS(m->position.frame.origin.x, 119.1f);
    ENSURE_FBITS(m->position.frame.origin.y, 24.0f);
    ENSURE_FBITS(m->velocity.x, 0.0f);
    ENSURE(m->colliding_with_environment);
    ENSURE_EQ(acp_physobj_num_env_collisions(m), 1);
    ENSURE_EQ(m->position.objcell_id, 0xA9B40100u);
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
    RUN(gfxobj_static_shadows_its_box);
    RUN(envcell_static_objects_collide);
}
