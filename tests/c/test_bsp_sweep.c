/* acphys C tests — physics BSPs in the real sweep (issue 15): objects whose part has a GfxObj
 * physics BSP (HAS_PHYSICS_BSP_PS) met by CPhysicsObj::transition through the object sweep
 * (CObjCell::find_obj_collisions → CPhysicsObj::FindObjCollisions → CPartArray →
 * CPhysicsPart → CGfxObj → BSPTREE::find_collisions).
 *
 * Every case runs on landblock 0xA9B4 made flat at z = 0. The BSP objects are static, have a
 * one-part Setup without spheres (Default and Resting placements: the part at the object's
 * frame) and the identity rotation, so their part's axes are the world's. The mover is the
 * synthetic runner (terrain_helpers.h: one sphere of radius 0.5 centred 0.5 above its origin,
 * step-up and step-down heights 0.4 m), or the runner's records with the humanoid Setup
 * 0x02000001's spheres and step heights (the step-up cases). Sweeps of d metres take
 * ceil(d / r) equal steps, r the first sphere's radius (CTransition::calc_num_steps). */
#include <math.h>
#include <string.h>

#include "dat_test_util.h"
#include "physics/cell/building.h"
#include "physics/cell/envcell.h"
#include "physics/cell/objcell.h"
#include "physics/object/physobj_cell.h"
#include "physics/object/shadowobj.h"
#include "physics/shapes/gfxobj.h"
#include "terrain_helpers.h"

static const acp_sphere BALL = {{0.0f, 0.0f, 0.5f}, 0.5f};
static const uint32_t BLOCK = 0xA9B40000u;
#define SHAPE_SETUP 0x0200B500u

/* A hand-built GfxObj physics: up to 4 quads in one leaf (bounding sphere 100 m). */
typedef struct rig_shape {
    acp_gfx_vertex verts[16];
    uint16_t vids[4][4];
    acp_gfx_polygon polys[4];
    uint16_t leaf_polys[4];
    acp_bsp_node leaf;
    acp_gfxobj rec;
    acp_gfxobj_physics phys;
} rig_shape;

static void quad(rig_shape *s, acp_vec3 a, acp_vec3 b, acp_vec3 c, acp_vec3 d)
{
    uint32_t p = s->rec.num_physics_polygons++;
    const acp_vec3 q[4] = {a, b, c, d};
    for (uint32_t k = 0; k < 4; k++) {
        uint32_t v = s->rec.vertex_array.num_vertices++;
        s->verts[v].origin = q[k];
        s->vids[p][k] = (uint16_t)v;
    }
    s->polys[p].num_pts = 4;
    s->polys[p].vertex_ids = s->vids[p];
    s->leaf_polys[p] = (uint16_t)p;
}

static void shape_begin(rig_shape *s)
{
    memset(s, 0, sizeof *s);
    s->rec.id = 0x0100B500u;
    s->rec.vertex_array.type = 1;
    s->rec.vertex_array.vertices = s->verts;
    s->rec.physics_polygons = s->polys;
}

static void shape_end(rig_shape *s)
{
    s->leaf.type = ACP_BSP_LEAF;
    s->leaf.sphere = (acp_sphere){{0, 0, 0}, 100.0f};
    s->leaf.num_polys = s->rec.num_physics_polygons;
    s->leaf.polys = s->leaf_polys;
    s->rec.physics_bsp = &s->leaf;
    s->rec.flags = ACP_GFX_HAS_PHYSICS;
    uint32_t bad = 0;
    ENSURE(acp_gfxobj_physics_build(&s->phys, &s->rec, &bad));
}

/* A wall in the part's plane x = 0 facing −x, 10 m wide, 5 m tall. */
static void wall(rig_shape *s)
{
    shape_begin(s);
    quad(s, (acp_vec3){0, -5, 0}, (acp_vec3){0, -5, 5}, (acp_vec3){0, 5, 5}, (acp_vec3){0, 5, 0});
    shape_end(s);
}

/* A step of height h: its riser in x = 0 facing −x, its top at z = h over x in [0, 8]. */
static void step(rig_shape *s, float h)
{
    shape_begin(s);
    quad(s, (acp_vec3){0, -5, 0}, (acp_vec3){0, -5, h}, (acp_vec3){0, 5, h}, (acp_vec3){0, 5, 0});
    quad(s, (acp_vec3){0, -5, h}, (acp_vec3){8, -5, h}, (acp_vec3){8, 5, h}, (acp_vec3){0, 5, h});
    shape_end(s);
}

/* A floor at z = 0 of the part, 8 m square, its normal (−√(1 − nz²), 0, nz) (tilted about y). */
static void floor_shape(rig_shape *s, double nz)
{
    shape_begin(s);
    double h = 4.0 * sqrt(1.0 - nz * nz) / nz;
    quad(s, (acp_vec3){-4, -4, (float)-h}, (acp_vec3){4, -4, (float)h}, (acp_vec3){4, 4, (float)h},
         (acp_vec3){-4, 4, (float)-h});
    shape_end(s);
}

typedef struct sweep_world {
    acp_terrain *terrain;
    acp_world *w;
    acp_fixture *fx;
    acp_setup *runner_setup;
    acp_physobj *mover;
    acp_physobj *shape;
} sweep_world;

/* The mover's Setup values: its spheres and step heights. */
typedef struct mover_spec {
    const acp_sphere *spheres;
    uint32_t num_spheres;
    float step_up_height, step_down_height;
} mover_spec;

static const mover_spec RUNNER = {&BALL, 1, RUNNER_STEP, RUNNER_STEP};

/* The flat world, the shape object (id 2, STATIC_PS) at local `at` and the mover (id 1,
 * GRAVITY_PS, the runner's records with m's spheres and step heights) entered at local `mover`. */
static bool sweep_world_make_with(sweep_world *sw, const acp_gfxobj_physics *phys, acp_vec3 at, acp_vec3 mover,
                                  const mover_spec *m)
{
    memset(sw, 0, sizeof *sw);
    const uint8_t flat[9] = {0};
    const float table[1] = {0.0f};
    sw->terrain = column_terrain(flat, table, 1);
    sw->fx = runner_records(m->spheres, m->num_spheres, &sw->runner_setup);
    sw->runner_setup->step_up_height = m->step_up_height;
    sw->runner_setup->step_down_height = m->step_down_height;
    acp_setup *shape_setup = acp_fixture_setup(sw->fx, SHAPE_SETUP, 1, NULL, 0);
    /* Its part at the object's frame: the Default and Resting placements, identity. */
    const acp_aframe identity = {{0, 0, 0}, 1, 0, 0, 0};
    ENSURE(acp_fixture_setup_placement(shape_setup, 0x0, &identity));
    ENSURE(acp_fixture_setup_placement(shape_setup, 0x65, &identity));
    sw->w = terrain_world(sw->terrain, &sw->mover, ACP_GRAVITY_PS);
    runner_object(sw->mover, sw->fx, sw->runner_setup);
    sw->shape = acp_world_add_object(sw->w, 2);
    ENSURE(sw->shape != NULL);
    if (!sw->shape) return false;
    sw->shape->state = ACP_STATIC_PS;
    acp_record_source src = acp_fixture_source(sw->fx);
    ENSURE(acp_physobj_set_setup(sw->shape, shape_setup, &src));
    ENSURE(acp_partarray_set_part_physics(sw->shape->part_array, 0, phys));
    ENSURE(sw->shape->state & ACP_HAS_PHYSICS_BSP_PS);
    acp_position sp = local_position(BLOCK, at.x, at.y, at.z, 0.0f);
    sp.frame = acp_frame_identity();
    sp.frame.origin = (acp_vec3){at.x, at.y, at.z};
    acp_world_place_object(sw->w, sw->shape, &sp, 0, 0.0);
    const acp_frame *pf = acp_partarray_part_frames(sw->shape->part_array);
    ENSURE_FBITS(pf[0].origin.x, at.x);
    ENSURE_FBITS(pf[0].origin.y, at.y);
    /* find_bbox_cell_list: its own cell, then the cells its part's bounding box reaches
     * (CLandCell::add_all_outside_cells over the parts). Every shape here spans y ± 5 (the
     * floor ± 4) about y = 50, so its box reaches y = 45 (46): cell row floor(45 / 24) = 1, one
     * below its own row floor(50 / 24) = 2, and stays in its own column (x 62..70: column 2; x
     * 76..84: column 3). So two shadows: its own cell, then the one south of it (add_cell_block
     * adds row 1 then row 2, already listed). */
    const uint32_t own = acp_cell_outdoor_from_local(BLOCK, at.x, at.y);
    ENSURE_EQ(sw->shape->num_shadow_objects, 2);
    ENSURE_EQ(sw->shape->shadow_objects[0].cell_id, own);
    ENSURE_EQ(sw->shape->shadow_objects[1].cell_id, own - 1u);
    acp_position mp = local_position(BLOCK, mover.x, mover.y, mover.z, 0.0f);
    ENSURE(acp_world_enter_object(sw->w, sw->mover, &mp, 0.0));
    return true;
}

/* The flat world with the synthetic runner (one 0.5 m sphere, step heights 0.4 m). */
static bool sweep_world_make(sweep_world *sw, const acp_gfxobj_physics *phys, acp_vec3 at, acp_vec3 mover)
{
    return sweep_world_make_with(sw, phys, at, mover, &RUNNER);
}

static void sweep_world_free(sweep_world *sw)
{
    acp_world_destroy(sw->w);
    acp_terrain_destroy(sw->terrain);
    acp_fixture_destroy(sw->fx);
}

/* One sweep of the mover from where it is to local (x, y, z) (same cell), committed. */
static const acp_transition *sweep_to(sweep_world *sw, float x, float y, float z)
{
    acp_physobj *o = sw->mover;
    acp_position to = o->position;
    to.frame.origin = (acp_vec3){x, y, z};
    const acp_position from = o->position;
    acp_transition *t = acp_physobj_transition(o, &from, &to, false);
    ENSURE(t != NULL);
    if (t) acp_physobj_set_position_internal(o, t);
    return t;
}

/* The runner walks (in contact with the flat ground) 3 m east into the wall x = 62: six steps
 * of 0.5 m, the fourth (centre at x 62) hits it, cannot step up (the wall is 5 m tall: the
 * step-down probe from the step-up finds no walkable polygon and the placement insert still
 * overlaps the wall) and slides head-on, which is no slide: COLLIDED, back to x 61.5, the
 * sphere exactly its radius from the wall's plane. */
static void wall_stops_walker_at_radius(void)
{
    rig_shape s;
    wall(&s);
    sweep_world sw;
    if (sweep_world_make(&sw, &s.phys, (acp_vec3){62, 50, 0}, (acp_vec3){60, 50, 0})) {
        ENSURE(sw.mover->transient_state & ACP_CONTACT_TS);
        const acp_transition *t = sweep_to(&sw, 63.0f, 50.0f, 0.0f);
        ENSURE_FBITS(sw.mover->position.frame.origin.x, 61.5f);
        ENSURE_FBITS(sw.mover->position.frame.origin.y, 50.0f);
        ENSURE(t && t->collision_info.collision_normal_valid);
        if (t) ENSURE_FBITS(t->collision_info.collision_normal.x, -1.0f);
        ENSURE(sw.mover->transient_state & ACP_ON_WALKABLE_TS);
    }
    sweep_world_free(&sw);
    acp_gfxobj_physics_free(&s.phys);
}

/* Row B5: the wall at (62, 50) reaches the cell south of its own (y 45..48 lies in row 1:
 * 0xA9B40012, its own cell 0xA9B40013), so it shadows that cell too. The runner at (60, 46)
 * stands in 0xA9B40012 alone (its sphere, radius 0.5 about (60, 46, 0.5), is 22 m into the row
 * and 0.5 ≤ 22 ≤ 23.5: no neighbour row; column: 12 m in), and walks 3 m east as in
 * wall_stops_walker_at_radius: its sweep lists only its own cell, meets the wall there, and
 * stops exactly as there, at x 61.5 (its radius from the wall's plane). */
static void wall_in_neighbour_cell_stops_walker(void)
{
    rig_shape s;
    wall(&s);
    sweep_world sw;
    if (sweep_world_make(&sw, &s.phys, (acp_vec3){62, 50, 0}, (acp_vec3){60, 46, 0})) {
        ENSURE_EQ(sw.mover->position.objcell_id, 0xA9B40012u);
        ENSURE_EQ(sw.mover->num_shadow_objects, 1);
        const acp_transition *t = sweep_to(&sw, 63.0f, 46.0f, 0.0f);
        ENSURE(t && t->cell_array.num_cells == 1);
        if (t) ENSURE_EQ(t->cell_array.cells[0].cell_id, 0xA9B40012u);
        ENSURE_FBITS(sw.mover->position.frame.origin.x, 61.5f);
        ENSURE_FBITS(sw.mover->position.frame.origin.y, 46.0f);
        ENSURE(t && t->collision_info.collision_normal_valid);
        if (t) ENSURE_FBITS(t->collision_info.collision_normal.x, -1.0f);
    }
    sweep_world_free(&sw);
    acp_gfxobj_physics_free(&s.phys);
}

/* Row B5 indoors: the dungeon stand-in's corridor (docs/DAT.md: EnvCells 0x3A11012B x 72..82 and
 * 0x3A11012C x 82..90 about y = 116, floor z = −40, joined by coincident portals at x = 82, each
 * facing into its own cell: portal_side 0). A flat 8 m square platform (floor_shape, part box
 * x, y ±4, z 0) at (81, 116, −39.5) in 0x3A11012B reaches x 77..85. find_bbox_cell_list: its
 * own cell; then 0x3A11012B's portals over the part (its physics sphere, the leaf's 100 m,
 * reaches every portal plane): at x = 72 the box lies wholly in front (intersect_box 0 = the
 * portal side: skipped); at x = 82 it straddles (3), 0x3A11012C is loaded and the box reaches
 * its cell BSP: it joins. 0x3A11012C's own portals add nothing new (x = 82 back to 0x3A11012B;
 * x = 90 and the pit below, z = −40: the box wholly in front). So two shadows, 0x3A11012B then
 * 0x3A11012C. A missile (sphere of radius 0.5) at (87.6, 116, −39.5) in 0x3A11012C flying −x at
 * 25 m/s for 0.1 s lists 0x3A11012C alone (its sphere reaches x 84.6 at most, short of the
 * portal at 82) and meets the platform there: of its five 0.5 m steps 87.1, 86.6, 86.1, 85.6,
 * 85.1 the last overlaps the platform's edge x = 85 (the centre in its plane), so it stops at
 * 85.6f (87.6f − 2, exact), its velocity gone. */
static void platform_shadows_next_envcell(void)
{
    rig_shape s;
    floor_shape(&s, 1.0);
    acp_datset *set = dt_load_default_excerpts();
    acp_terrain *t = acp_terrain_create(1);
    for (uint32_t id = 0x3A11012Au; id <= 0x3A11012Eu; id++) {
        const acp_envcell *rec = acp_datset_envcell(set, id);
        const acp_environment *env = rec ? acp_datset_environment(set, rec->environment_id) : NULL;
        ENSURE(env != NULL);
        if (env) ENSURE_EQ(acp_terrain_add_envcell(t, rec, env, NULL), ACP_TERRAIN_OK);
    }
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 4);
    acp_terrain_attach(w, t);
    acp_setup *runner_setup = NULL;
    acp_fixture *fx = runner_records(&BALL, 1, &runner_setup);
    acp_setup *shape_setup = acp_fixture_setup(fx, SHAPE_SETUP, 1, NULL, 0);
    const acp_aframe identity = {{0, 0, 0}, 1, 0, 0, 0};
    ENSURE(acp_fixture_setup_placement(shape_setup, 0x0, &identity));
    ENSURE(acp_fixture_setup_placement(shape_setup, 0x65, &identity));
    acp_physobj *shape = acp_world_add_object(w, 2);
    shape->state = ACP_STATIC_PS;
    acp_record_source src = acp_fixture_source(fx);
    ENSURE(acp_physobj_set_setup(shape, shape_setup, &src));
    ENSURE(acp_partarray_set_part_physics(shape->part_array, 0, &s.phys));
    acp_position sp = {0x3A11012Bu, acp_frame_identity()};
    sp.frame.origin = (acp_vec3){81.0f, 116.0f, -39.5f};
    acp_world_place_object(w, shape, &sp, 0, 0.0);
    ENSURE_EQ(shape->num_shadow_objects, 2);
    ENSURE_EQ(shape->shadow_objects[0].cell_id, 0x3A11012Bu);
    ENSURE_EQ(shape->shadow_objects[1].cell_id, 0x3A11012Cu);
    acp_physobj *m = acp_world_add_object(w, 1);
    m->state = ACP_MISSILE_PS | ACP_INELASTIC_PS | ACP_REPORT_COLLISIONS_PS;
    static const acp_sphere centred = {{0.0f, 0.0f, 0.0f}, 0.5f};
    m->part_array = acp_partarray_create_spheres(m, &centred, 1);
    acp_position mp = {0x3A11012Cu, acp_frame_identity()};
    mp.frame.origin = (acp_vec3){87.6f, 116.0f, -39.5f};
    ENSURE(acp_world_enter_object(w, m, &mp, 0.0));
    ENSURE_EQ(m->position.objcell_id, 0x3A11012Cu);
    acp_physobj_set_velocity(m, (acp_vec3){-25.0f, 0.0f, 0.0f});
    w->frame_serial++;
    acp_physobj_update_object_internal(m, 0.1f);
    ENSURE_FBITS(m->position.frame.origin.x, 85.6f);
    ENSURE_FBITS(m->velocity.x, 0.0f);
    ENSURE(m->colliding_with_environment);
    acp_world_destroy(w);
    acp_fixture_destroy(fx);
    acp_terrain_destroy(t);
    acp_datset_destroy(set);
    acp_gfxobj_physics_free(&s.phys);
}

/* Row B5 through a building: Holtburg's stand-in cottage (origin (120, 24), turned by
 * 2·atan2(−0.883235, 0.468932); its doorway in the building's −y wall, the interior EnvCell
 * 0xA9B40100 behind it) and the same flat 8 m platform 0.5 m in front of the doorway, at
 * building (0, −3.5), 0.5 m over the plateau (z 94.5): global (120 + 3.5 sin a, 24 − 3.5 cos a)
 * = (117.10, 25.96), in land cell (4, 1) = 0xA9B40022. Its box x 113.1..121.1, y 21.96..29.96
 * covers columns 4..5 and rows 0..1: add_cell_block lists (4, 0) 0x21, (4, 1) (listed), (5, 0)
 * 0x29, (5, 1) 0x2A. Cell 0x2A holds the cottage: CSortCell → CBuildingObj's portal → the
 * EnvCell's doorway portal (portal_side 0): the part's sphere (100 m) is not behind it by more
 * than its radius, its box (in the cell's axes) straddles the doorway plane and reaches the cell
 * BSP, so 0xA9B40100 joins (its own portals over the part add nothing new: the doorway leads
 * outside, already added). Shadows: 0x22, 0x21, 0x29, 0x2A, 0xA9B40100. */
static void platform_reaches_into_cottage(void)
{
    rig_shape s;
    floor_shape(&s, 1.0);
    acp_datset *set = dt_load_default_excerpts();
    acp_terrain *t = acp_terrain_create(1);
    const acp_landblock_info *info = acp_datset_landblock_info(set, 0xA9B4FFFEu);
    const acp_envcell *rec = acp_datset_envcell(set, 0xA9B40100u);
    const acp_environment *env = rec ? acp_datset_environment(set, rec->environment_id) : NULL;
    ENSURE(info && env);
    if (!info || !env) goto done_set;
    ENSURE_EQ(acp_terrain_add_landblock(t, acp_datset_landblock(set, 0xA9B4FFFFu), acp_datset_region(set, 0x13000000u)),
              ACP_TERRAIN_OK);
    ENSURE_EQ(acp_terrain_add_envcell(t, rec, env, NULL), ACP_TERRAIN_OK);
    const acp_gfxobj *shells[1] = {acp_datset_gfxobj(set, info->buildings[0].model_id)};
    ENSURE_EQ(acp_terrain_add_landblock_info(t, info, shells), ACP_TERRAIN_OK);
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 4); /* no records: no statics */
    acp_terrain_attach(w, t);
    acp_setup *runner_setup = NULL;
    acp_fixture *fx = runner_records(&BALL, 1, &runner_setup);
    acp_setup *shape_setup = acp_fixture_setup(fx, SHAPE_SETUP, 1, NULL, 0);
    const acp_aframe identity = {{0, 0, 0}, 1, 0, 0, 0};
    ENSURE(acp_fixture_setup_placement(shape_setup, 0x0, &identity));
    ENSURE(acp_fixture_setup_placement(shape_setup, 0x65, &identity));
    acp_physobj *shape = acp_world_add_object(w, 2);
    shape->state = ACP_STATIC_PS;
    acp_record_source src = acp_fixture_source(fx);
    ENSURE(acp_physobj_set_setup(shape, shape_setup, &src));
    ENSURE(acp_partarray_set_part_physics(shape->part_array, 0, &s.phys));
    const double a = 2.0 * atan2(-0.883235, 0.468932);
    acp_position sp = {0xA9B40022u, acp_frame_identity()};
    sp.frame.origin = (acp_vec3){(float)(120.0 + 3.5 * sin(a)), (float)(24.0 - 3.5 * cos(a)), 94.5f};
    acp_world_place_object(w, shape, &sp, 0, 0.0);
    static const uint32_t expect[5] = {0xA9B40022u, 0xA9B40021u, 0xA9B40029u, 0xA9B4002Au, 0xA9B40100u};
    ENSURE_EQ(shape->num_shadow_objects, 5);
    for (uint32_t i = 0; i < 5 && i < shape->num_shadow_objects; i++)
        ENSURE_EQ(shape->shadow_objects[i].cell_id, expect[i]);
    acp_world_destroy(w);
    acp_fixture_destroy(fx);
done_set:
    acp_terrain_destroy(t);
    acp_datset_destroy(set);
    acp_gfxobj_physics_free(&s.phys);
}

/* At 30° to the wall's surface, 4 m: eight steps of (0.25, 0.4330127); the seventh reaches the
 * wall (x 61.75) and slides: the step along the line where the wall meets the ground keeps its
 * tangential part (0, 0.4330127) and loses the normal one. The runner ends at x 61.5 (its
 * radius from the wall) having kept every step's y: y 50 + 4·cos 30°. */
static void wall_slide_at_30_degrees(void)
{
    rig_shape s;
    wall(&s);
    sweep_world sw;
    if (sweep_world_make(&sw, &s.phys, (acp_vec3){62, 50, 0}, (acp_vec3){60, 50, 0})) {
        sweep_to(&sw, 62.0f, (float)(50.0 + 4.0 * sqrt(3.0) / 2.0), 0.0f);
        ENSURE_FBITS(sw.mover->position.frame.origin.x, 61.5f);
        ENSURE_NEAR(sw.mover->position.frame.origin.y, 50.0 + 4.0 * sqrt(3.0) / 2.0, 2e-5);
        ENSURE_FBITS(sw.mover->position.frame.origin.z, 0.0f);
    }
    sweep_world_free(&sw);
    acp_gfxobj_physics_free(&s.phys);
}

/* Issue 15's "a step of 0.3 m is climbed within the Setup's step-up height; 0.7 m is not", for
 * the synthetic runner (step_up_height 0.4 m). A riser of h at x 62 met at the fourth step
 * (centre x 62, the top in reach): step_up probes down by the step-up height 0.4 from the stuck
 * position; the top (z = h) is taken when the probe's walk-back fraction stays at or above −0.5
 * (CPolygon::adjust_sphere_to_plane): 1 − h / 0.4 ≥ −0.5, h ≤ 0.6 = 1.5 × step_up_height (the
 * rule, with retail's addresses, at humanoid_climbs_one_and_a_half_step_up). A 0.3 m step is
 * climbed (the runner ends on its top, origin z 0.3, x 64); a 0.7 m step is not (it stops at
 * x 61.5, on the ground). With the humanoid's 0.6 m a 0.7 m step IS climbed when its top is in
 * reach (below). */
static void steps_by_height(void)
{
    const float hs[2] = {0.3f, 0.7f};
    for (int k = 0; k < 2; k++) {
        rig_shape s;
        step(&s, hs[k]);
        sweep_world sw;
        if (sweep_world_make(&sw, &s.phys, (acp_vec3){62, 50, 0}, (acp_vec3){60, 50, 0})) {
            const acp_transition *t = sweep_to(&sw, 64.0f, 50.0f, 0.0f);
            const acp_vec3 o = sw.mover->position.frame.origin;
            if (k == 0) {
                ENSURE_FBITS(o.x, 64.0f);
                ENSURE_NEAR(o.z, 0.3, 1e-6);
                ENSURE(t && t->collision_info.contact_plane_valid);
                if (t) ENSURE_NEAR(t->collision_info.contact_plane.d, -0.3, 1e-6);
            } else {
                ENSURE_FBITS(o.x, 61.5f);
                ENSURE_FBITS(o.z, 0.0f);
            }
            ENSURE(sw.mover->transient_state & ACP_ON_WALKABLE_TS);
        }
        sweep_world_free(&sw);
        acp_gfxobj_physics_free(&s.phys);
    }
}

/* Where a walk into a step ends: the mover's origin, its contact plane and walkable flag. */
typedef struct step_result {
    acp_vec3 start, end;
    bool contact_plane_valid, on_walkable;
    float contact_d;
} step_result;

/* The mover m entered at local (from_x, 50, 0) on the flat ground (where it rests) sweeps to
 * (to_x, 50) at that height (one step when |to_x − from_x| ≤ its radius) toward the riser of a
 * step of height h at x 62. */
static step_result walk_into_step(const mover_spec *m, float h, float from_x, float to_x)
{
    step_result r;
    memset(&r, 0, sizeof r);
    rig_shape s;
    step(&s, h);
    sweep_world sw;
    if (sweep_world_make_with(&sw, &s.phys, (acp_vec3){62, 50, 0}, (acp_vec3){from_x, 50, 0}, m)) {
        r.start = sw.mover->position.frame.origin;
        const acp_transition *t = sweep_to(&sw, to_x, 50.0f, r.start.z);
        r.end = sw.mover->position.frame.origin;
        r.contact_plane_valid = t && t->collision_info.contact_plane_valid;
        if (r.contact_plane_valid) r.contact_d = t->collision_info.contact_plane.d;
        r.on_walkable = (sw.mover->transient_state & ACP_ON_WALKABLE_TS) != 0;
    }
    sweep_world_free(&sw);
    acp_gfxobj_physics_free(&s.phys);
    return r;
}

/* The humanoid Setup 0x02000001 of the default excerpts: its two spheres and step heights (the
 * stand-in's values, sourced in data/excerpts.manifest.json: a dump of the retail record gives
 * StepUpHeight 0.6, StepDownHeight 1.5). */
static bool humanoid_spec(mover_spec *m, acp_sphere spheres[2])
{
    acp_datset *dats = dt_load_default_excerpts();
    ENSURE(dats != NULL);
    if (!dats) return false;
    const acp_setup *h = acp_datset_setup(dats, 0x02000001u);
    bool ok = h && h->num_spheres == 2;
    ENSURE(ok);
    if (ok) {
        spheres[0] = h->spheres[0];
        spheres[1] = h->spheres[1];
        *m = (mover_spec){spheres, 2, h->step_up_height, h->step_down_height};
        ENSURE_FBITS(spheres[0].center.z, 0.475f);
        ENSURE_FBITS(spheres[0].radius, 0.48f);
        ENSURE_FBITS(spheres[1].center.z, 1.35f);
        ENSURE_FBITS(spheres[1].radius, 0.48f);
        ENSURE_FBITS(h->step_up_height, 0.6f);
        ENSURE_FBITS(h->step_down_height, 1.5f);
    }
    acp_datset_destroy(dats);
    return ok;
}

/* A climbed step: the mover ends on its top at x, its origin risen by h (its foot sphere rests on
 * the top as it rested on the ground), its contact plane the top (d = −h). */
static void ensure_climbed(step_result r, float h, float x)
{
    ENSURE_FBITS(r.end.x, x);
    ENSURE_NEAR(r.end.z - r.start.z, h, 1e-6);
    ENSURE(r.contact_plane_valid);
    ENSURE_FBITS(r.contact_d, -h);
    ENSURE(r.on_walkable);
}

/* A refused step: step_up fails, SPHEREPATH::step_up_slide slides head-on, which is no slide
 * (COLLIDED): the mover is back where the sweep began, on the ground. */
static void ensure_refused(step_result r, float from_x)
{
    ENSURE_FBITS(r.end.x, from_x);
    ENSURE_FBITS(r.end.z, r.start.z);
    ENSURE(r.on_walkable);
}

/* Retail's step-up against a BSP (issue 15's stairs), with the humanoid Setup 0x02000001 of the
 * default excerpts: foot sphere centre 0.475 m, head sphere 1.35 m, both radius 0.48 m,
 * step_up_height 0.6 m (step_down_height 1.5 m). On the flat ground the foot sphere rests on it:
 * the origin at z 0.005, the foot sphere's centre 0.48 m above the ground, its bottom on it.
 *
 * The rule, read off the listing. A sweep step whose foot sphere meets a riser (BSPTREE::
 * find_collisions 0x0053A440, in contact: sphere 0 first) calls BSPTREE::step_sphere_up
 * (0x00539F20) → CTransition::step_up (0x0050B610): on walkable ground the probe is the
 * object's step_up_height (OBJECTINFO::init 0x0050CF30 ← CPhysicsObj::GetStepUpHeight 0x0050EA00
 * ← CPartArray::GetStepUpHeight 0x005180D0: the Setup's step_up_height × the part array's
 * scale.z) and the walkable z floor_z (OBJECTINFO::get_walkable_z 0x0050CF20). CTransition::
 * step_down (0x0050B2A0) with step_up set leaves the sphere where it hit the riser (walk_interp
 * 1) and inserts it; BSPTREE::step_sphere_down (0x0053A210) moves it by −step_down_amt ×
 * walk_interp along z through BSPNODE/BSPLEAF::find_walkable (0x0053CC80, 0x0053D6F0): each
 * polygon with n·z > walkable_allowance that the sphere, where it stands, reaches within its
 * radius − 0.0002 (CPolygon::walkable_hits_sphere 0x00539560 → polygon_hits_sphere_slow_but_sure)
 * is offered to CPolygon::adjust_sphere_to_plane (0x00538210): the sphere moves along the probe
 * until it rests on the plane, t = (dist − r) / (−h) = rise / h, and the new walk_interp
 * (float)(1 − t) must not fall below −0.5. Then the contact plane must be walkable (n.z ≥ floor_z)
 * and the raised spheres clear (placement insert). So a step is climbed when
 *   (1) rise ≤ 1.5 × step_up_height, the rise measured from the foot sphere's bottom (here the
 *       ground) to the top: for the humanoid h ≤ 0.9 m; and
 *   (2) the foot sphere, where the step-up is tried, reaches the top polygon: for a top above
 *       its centre, g² + (h − 0.48)² ≤ (0.48 − 0.0002)², g the centre's distance from the riser
 *       (a top below the centre is reached together with the riser).
 * Retail's own walk-back limit is 1.5 × step_up_height, not step_up_height; object spheres and
 * cylinders (CSphere / CCylSphere::step_sphere_up) refuse a rise above step_up_height first and
 * cap their walk_interp at −0.1, but BSP polygons have neither. */

/* Rule (1): the centre reaches the riser's plane (one 0.48 m step from x 61.52 to 62: g = 0), so
 * the top is within reach for any h < 0.9598; 0.3, 0.7 and 0.899 m are climbed, 0.901 m is not
 * (t = 0.901 / 0.6 > 1.5). */
static void humanoid_climbs_one_and_a_half_step_up(void)
{
    acp_sphere sph[2];
    mover_spec hu;
    if (!humanoid_spec(&hu, sph)) return;
    const float climbed[3] = {0.3f, 0.7f, 0.899f};
    for (int k = 0; k < 3; k++) {
        step_result r = walk_into_step(&hu, climbed[k], 61.52f, 62.0f);
        ENSURE_FBITS(r.start.z, 0.48f - 0.475f);
        ensure_climbed(r, climbed[k], 62.0f);
    }
    ensure_refused(walk_into_step(&hu, 0.901f, 61.52f, 62.0f), 61.52f);
}

/* Rule (2) for the cottage's 0.7 m hearth at the humanoid's 0.6 m: its top is 0.22 m above the
 * foot sphere's centre, so it is reached only with the centre within √(0.4798² − 0.22²) =
 * 0.42639 m of the riser; the riser itself is met from 0.4798 m. One step from 0.48 m to 0.426 m
 * climbs it; to 0.427 m does not (the sphere overlaps the riser but not the top: the probe finds
 * no walkable polygon, the placement overlaps the riser). A mover that reaches the riser in
 * steps shorter than 0.4798 − 0.42639 = 0.0534 m never climbs it: each refusal puts it back
 * before the riser's reach, and the next step ends in the same band. */
static void humanoid_hearth_needs_the_top_within_reach(void)
{
    acp_sphere sph[2];
    mover_spec hu;
    if (!humanoid_spec(&hu, sph)) return;
    ensure_climbed(walk_into_step(&hu, 0.7f, 61.52f, 62.0f - 0.426f), 0.7f, 62.0f - 0.426f);
    ensure_refused(walk_into_step(&hu, 0.7f, 61.52f, 62.0f - 0.427f), 61.52f);
}

/* The same hearth approached in sweeps of 0.05 m from 0.7 m off its riser (x 61.3): the fifth
 * sweep ends 0.45 m off it (x 61.55), inside the riser's reach (0.4798 m) but not the top's
 * (0.42639 m), and is refused back to x 61.5 with the riser's normal as its sliding normal
 * (SLIDING_TS). Pushing on, each sweep's offset loses its part into that normal
 * (CTransition::adjust_offset) and is nothing: the transition fails (15 of 20) and the humanoid
 * stays at x 61.5 on the ground. So the first step to meet the riser decides: the hearth is
 * climbed only if that step ends within 0.42639 m, which a step shorter than 0.4798 − 0.42639 =
 * 0.0534 m never does. */
static void humanoid_refused_hearth_stays_refused(void)
{
    acp_sphere sph[2];
    mover_spec hu;
    if (!humanoid_spec(&hu, sph)) return;
    rig_shape s;
    step(&s, 0.7f);
    sweep_world sw;
    if (sweep_world_make_with(&sw, &s.phys, (acp_vec3){62, 50, 0}, (acp_vec3){61.3f, 50, 0}, &hu)) {
        acp_physobj *o = sw.mover;
        const float z0 = o->position.frame.origin.z;
        int failed = 0;
        for (int k = 1; k <= 20; k++) {
            acp_position to = o->position;
            to.frame.origin = (acp_vec3){(float)((double)o->position.frame.origin.x + 0.05), 50.0f, z0};
            const acp_position from = o->position;
            acp_transition *t = acp_physobj_transition(o, &from, &to, false);
            if (t) acp_physobj_set_position_internal(o, t);
            else failed++;
            if (k == 4) ENSURE_NEAR(o->position.frame.origin.x, 61.5, 2e-5);
        }
        ENSURE_EQ(failed, 15);
        ENSURE_NEAR(o->position.frame.origin.x, 61.5, 2e-5);
        ENSURE_FBITS(o->position.frame.origin.z, z0);
        ENSURE(o->transient_state & ACP_SLIDING_TS);
        ENSURE_FBITS(o->sliding_normal.x, -1.0f);
        ENSURE(o->transient_state & ACP_ON_WALKABLE_TS);
    }
    sweep_world_free(&sw);
    acp_gfxobj_physics_free(&s.phys);
}

/* Rule (1) for the 0.7 m step with the humanoid's spheres and other Setup step_up_heights: even
 * with the top in reach (g = 0) it is refused below 0.7 / 1.5 = 0.46667 m: at 0.466 m
 * (t = 1.5021), climbed at 0.467 m (t = 1.4989). */
static void seven_tenths_refused_below_step_up_of_0_4667(void)
{
    acp_sphere sph[2];
    mover_spec hu;
    if (!humanoid_spec(&hu, sph)) return;
    mover_spec m = hu;
    m.step_up_height = 0.466f;
    ensure_refused(walk_into_step(&m, 0.7f, 61.52f, 62.0f), 61.52f);
    m.step_up_height = 0.467f;
    ensure_climbed(walk_into_step(&m, 0.7f, 61.52f, 62.0f), 0.7f, 62.0f);
}

/* Falling 2.2 m onto a floor at z 1 (five steps of 0.44 m): the fifth reaches the floor in
 * flight (collide), the next insert moves the sphere back along its movement onto the floor
 * (BSPTREE::find_collisions' collide branch: find_walkable, contact plane, walkable), the
 * third lands it (collide_landing). It rests with its centre r above the floor: origin z 1.
 * A flat floor is walkable (ON_WALKABLE); one with n.z 0.66 < floor_z is contact only, one with
 * 0.67 walkable again. */
static void fall_onto_floor(void)
{
    const double nzs[3] = {1.0, 0.66, 0.67};
    for (int k = 0; k < 3; k++) {
        rig_shape s;
        floor_shape(&s, nzs[k]);
        sweep_world sw;
        if (sweep_world_make(&sw, &s.phys, (acp_vec3){80, 50, 1}, (acp_vec3){80, 50, 3})) {
            ENSURE(!(sw.mover->transient_state & ACP_CONTACT_TS));
            const acp_transition *t = sweep_to(&sw, 80.0f, 50.0f, 0.8f);
            ENSURE(t && t->collision_info.contact_plane_valid);
            if (t) ENSURE_NEAR(t->collision_info.contact_plane.n.z, nzs[k], 1e-6);
            ENSURE(sw.mover->transient_state & ACP_CONTACT_TS);
            bool walkable = (sw.mover->transient_state & ACP_ON_WALKABLE_TS) != 0;
            ENSURE_EQ(walkable, k != 1);
            if (k == 0) ENSURE_NEAR(sw.mover->position.frame.origin.z, 1.0, 1e-6);
            /* The sphere rests on the plane: its centre r above it. */
            const acp_vec3 o = sw.mover->position.frame.origin;
            if (t) {
                const acp_plane *p = &t->collision_info.contact_plane;
                double dist = p->n.x * o.x + p->n.y * o.y + p->n.z * (o.z + 0.5) + p->d;
                ENSURE_NEAR(dist, 0.5, 2e-5);
            }
        }
        sweep_world_free(&sw);
        acp_gfxobj_physics_free(&s.phys);
    }
}


/* Issue 15, DEVIATIONS C4 (now retail): a building whose shell is a Setup. On the flat block, a
 * LandBlockInfo building of model 0x0200B501 at (50, 50, 0), unturned: its origin lies in
 * column floor(50 / 24) = 2, row 2, so it belongs to land cell 2·8 + 2 + 1 = 0x13. The Setup has
 * two parts, both the wall above (plane x = 0 of the part facing −x, y −5..5, z 0..5); its
 * Resting placement (0x65) puts part 0 at (12, 0, 0) and part 1 at (12, 20, 0), unturned, its
 * Default placement (0) both at the origin. CPartArray::CreateSetup takes Resting, and
 * set_initial_frame places the parts at the building's frame: part 0 at 50 + 12 = 62 and y 50,
 * part 1 at (62, 70), exact float sums, the identity turn (1·1 normalises to 1). Its portals are
 * the stand-in cottage's (into EnvCell 0xA9B40100, loaded from the excerpts).
 *  - CBuildingObj::find_building_collisions sweeps part 0 alone (*part_array->parts). The
 *    runner at (60, 50) walking 3 m east meets part 0's wall, plane x = 62, as in
 *    wall_stops_walker_at_radius: six 0.5 m steps, the fourth (centre at x 62) hits, no step-up
 *    over 5 m, a head-on slide that is none: back to x 61.5, its radius 0.5 from the plane,
 *    normal (−1, 0, 0). (With the Default placement the wall would stand at x 50, behind it.)
 *  - Part 1's wall (plane x = 62 over y 65..75) is not swept: the runner at (60, 70) walks the
 *    same 3 m to x 63 (0.5 m steps, exact) untouched.
 *  - The building keeps its portals: cell 0x13's building is it, with the cottage's portal,
 *    and a 0.5 m sphere at the cottage cell's (0, 0, 1.5) (in its room, 8 × 6 m, 3 m high) adds
 *    0xA9B40100 through it (CEnvCell::check_building_transit), marking hits_interior_cell.
 *  - A second building of the same Setup at (100, 50, 0) (column 4, row 2: cell 4·8 + 2 + 1 =
 *    0x23) whose part 0 GfxObj is not given (DEVIATIONS C4: retail's makeBuilding would fail
 *    and place nothing) is placed with its portals and no shell. */
static void setup_shell_sweeps_its_part_0(void)
{
    rig_shape s;
    wall(&s);
    LOAD_DEFAULT_EXCERPTS(dats);
    const uint8_t flat[9] = {0};
    const float table[1] = {0.0f};
    acp_terrain *t = column_terrain(flat, table, 1);
    const acp_landblock_info *cottage = acp_datset_landblock_info(dats, 0xA9B4FFFEu);
    const acp_envcell *rec = acp_datset_envcell(dats, 0xA9B40100u);
    const acp_environment *env = rec ? acp_datset_environment(dats, rec->environment_id) : NULL;
    ENSURE(cottage && cottage->num_buildings == 1 && env);
    if (!cottage || cottage->num_buildings != 1 || !env) goto done_set;
    ENSURE_EQ(acp_terrain_add_envcell(t, rec, env, NULL), ACP_TERRAIN_OK);
    acp_setup *runner_setup = NULL;
    acp_fixture *fx = runner_records(&BALL, 1, &runner_setup);
    acp_setup *shell_setup = acp_fixture_setup(fx, 0x0200B501u, 2, NULL, 0);
    shell_setup->parts[0] = shell_setup->parts[1] = s.rec.id;
    const acp_aframe origin[2] = {{{0, 0, 0}, 1, 0, 0, 0}, {{0, 0, 0}, 1, 0, 0, 0}};
    const acp_aframe resting[2] = {{{12, 0, 0}, 1, 0, 0, 0}, {{12, 20, 0}, 1, 0, 0, 0}};
    ENSURE(acp_fixture_setup_placement(shell_setup, 0x0, origin));
    ENSURE(acp_fixture_setup_placement(shell_setup, 0x65, resting));
    static acp_building bld[2];
    bld[0] = bld[1] = cottage->buildings[0];
    bld[0].model_id = bld[1].model_id = shell_setup->id;
    bld[0].frame = (acp_aframe){{50, 50, 0}, 1, 0, 0, 0};
    bld[1].frame = (acp_aframe){{100, 50, 0}, 1, 0, 0, 0};
    static acp_landblock_info info;
    memset(&info, 0, sizeof info);
    info.id = 0xA9B4FFFEu;
    info.num_buildings = 2;
    info.buildings = bld;
    const acp_building_shell shells[2] = {{&s.rec, shell_setup}, {NULL, shell_setup}};
    ENSURE_EQ(acp_terrain_add_landblock_info_shells(t, &info, shells), ACP_TERRAIN_OK);
    const acp_landcell *cell = acp_terrain_get_landcell(t, 0xA9B40013u);
    const acp_building_obj *b = cell ? cell->building : NULL;
    ENSURE(b != NULL);
    if (!b) goto done_fx;
    ENSURE(b->has_shell);
    ENSURE_FBITS(b->shell_pos.frame.origin.x, 62.0f);
    ENSURE_FBITS(b->shell_pos.frame.origin.y, 50.0f);
    ENSURE_FBITS(b->shell_pos.frame.qw, 1.0f);
    ENSURE_EQ(b->shell_pos.objcell_id, 0xA9B40013u);
    ENSURE_EQ(b->num_portals, cottage->buildings[0].num_portals);
    ENSURE(b->num_portals >= 1 && b->portals[0].other_cell_id == 0xA9B40100u);
    const acp_landcell *bare_cell = acp_terrain_get_landcell(t, 0xA9B40023u);
    const acp_building_obj *bare = bare_cell ? bare_cell->building : NULL;
    ENSURE(bare != NULL && !bare->has_shell && bare->num_portals == b->num_portals);
    const acp_env_cell *room = acp_terrain_get_envcell(t, 0xA9B40100u);
    ENSURE(room != NULL);
    if (room) {
        acp_cell_array ca;
        acp_cell_array_init(&ca);
        acp_sphere_path path;
        memset(&path, 0, sizeof path);
        acp_sphere in_room = {acp_frame_localtoglobal(&room->base.pos.frame, (acp_vec3){0, 0, 1.5f}), 0.5f};
        for (int k = 0; k < 2; k++) {
            if (k && !bare) break;
            acp_cell_array_init(&ca);
            memset(&path, 0, sizeof path);
            acp_building_find_transit_cells(k ? bare : b, t, 1, &in_room, &ca, &path);
            ENSURE_EQ(ca.num_cells, 1);
            ENSURE_EQ(ca.cells[0].cell_id, 0xA9B40100u);
            ENSURE(path.hits_interior_cell);
        }
    }
    for (int lane = 0; lane < 2; lane++) {
        acp_physobj *mover = NULL;
        acp_world *w = terrain_world(t, &mover, ACP_GRAVITY_PS);
        runner_object(mover, fx, runner_setup);
        const float y = lane ? 70.0f : 50.0f;
        acp_position mp = local_position(BLOCK, 60.0f, y, 0.0f, 0.0f);
        ENSURE(acp_world_enter_object(w, mover, &mp, 0.0));
        ENSURE_EQ(mover->position.objcell_id, 0xA9B40013u);
        acp_position to = mover->position;
        to.frame.origin = (acp_vec3){63.0f, y, 0.0f};
        const acp_position from = mover->position;
        acp_transition *tr = acp_physobj_transition(mover, &from, &to, false);
        ENSURE(tr != NULL);
        if (tr) acp_physobj_set_position_internal(mover, tr);
        ENSURE_FBITS(mover->position.frame.origin.x, (lane ? 63.0f : 61.5f));
        ENSURE_FBITS(mover->position.frame.origin.y, y);
        ENSURE(tr && tr->collision_info.collision_normal_valid == (lane == 0));
        if (tr && lane == 0) ENSURE_FBITS(tr->collision_info.collision_normal.x, -1.0f);
        acp_world_destroy(w);
    }
done_fx:
    acp_fixture_destroy(fx);
done_set:
    acp_terrain_destroy(t);
    acp_datset_destroy(dats);
    acp_gfxobj_physics_free(&s.phys);
}

/* The stand-in GfxObj with a physics BSP among the default excerpts (0x0100F300, 42 physics
 * polygons) builds (every polygon at least a triangle, planes of unit normal), the world keeps
 * one build per id, and a GfxObj without HAS_PHYSICS (0x0100F000) has no physics BSP. */
static void standin_gfxobj_physics(void)
{
    LOAD_DEFAULT_EXCERPTS(dats);
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 1);
    w->dats = dats;
    const acp_gfxobj_physics *g = acp_world_gfxobj_physics(w, 0x0100F300u);
    ENSURE(g != NULL);
    if (g) {
        ENSURE(g->has_physics_bsp);
        ENSURE_EQ(g->physics_bsp.num_polygons, 42);
        for (uint32_t i = 0; i < g->physics_bsp.num_polygons; i++) {
            const acp_vec3 n = g->physics_bsp.polygons[i].plane.n;
            ENSURE_NEAR(sqrt((double)n.x * n.x + (double)n.y * n.y + (double)n.z * n.z), 1.0, 1e-6);
        }
        ENSURE(g->physics_sphere.radius > 0.0f);
        ENSURE_FBITS(g->physics_sphere.radius, g->physics_bsp.root->sphere.radius);
    }
    ENSURE(acp_world_gfxobj_physics(w, 0x0100F300u) == g);
    ENSURE_EQ(w->num_gfxobjs, 1);
    /* Kept too (its bounding box is what find_bbox_cell_list reads), without physics. */
    const acp_gfxobj_physics *plain = acp_world_gfxobj_physics(w, 0x0100F000u);
    ENSURE(plain != NULL && !plain->has_physics_bsp);
    ENSURE_EQ(w->num_gfxobjs, 2);
    ENSURE(acp_world_gfxobj_physics(w, 0x01DEAD00u) == NULL);
    acp_world_destroy(w);
    acp_datset_destroy(dats);
}

/* Two buildings whose origins lie in one outdoor cell (0x13: column 2, row 2 of the block):
 * retail's CSortCell::add_building (0x00534030) keeps the first (`if (!building) building =
 * _object`), so the cell's building is building 0, a wall shell whose plane is x = 52 (its
 * frame's origin; the wall faces −x, y 45..55, 5 m tall), and CSortCell::find_collisions sweeps
 * it: the runner at (49, 50) walking 3 m east takes six 0.5 m steps, the sixth (centre at x 52)
 * hits the wall, no step-up over 5 m, the head-on slide is none: back to x 51.5, its radius
 * from the plane, normal (−1, 0, 0). Building 1 (the same wall at (64, 60), in the same cell)
 * is never swept: a runner at (61, 60) walks through x 64 untouched to (65, 60). */
static void first_building_of_a_cell_wins(void)
{
    rig_shape s;
    wall(&s);
    const uint8_t flat[9] = {0};
    const float table[1] = {0.0f};
    acp_terrain *t = column_terrain(flat, table, 1);
    acp_setup *runner_setup = NULL;
    acp_fixture *fx = runner_records(&BALL, 1, &runner_setup);
    static acp_building bld[2];
    memset(bld, 0, sizeof bld);
    bld[0].model_id = bld[1].model_id = s.rec.id;
    bld[0].frame = (acp_aframe){{52, 50, 0}, 1, 0, 0, 0};
    bld[1].frame = (acp_aframe){{64, 60, 0}, 1, 0, 0, 0};
    static acp_landblock_info info;
    memset(&info, 0, sizeof info);
    info.id = 0xA9B4FFFEu;
    info.num_buildings = 2;
    info.buildings = bld;
    const acp_gfxobj *shells[2] = {&s.rec, &s.rec};
    ENSURE_EQ(acp_terrain_add_landblock_info(t, &info, shells), ACP_TERRAIN_OK);
    ENSURE_EQ(acp_cell_outdoor_from_local(BLOCK, 52.0f, 50.0f), 0xA9B40013u);
    ENSURE_EQ(acp_cell_outdoor_from_local(BLOCK, 64.0f, 60.0f), 0xA9B40013u);
    const acp_landcell *cell = acp_terrain_get_landcell(t, 0xA9B40013u);
    const acp_building_obj *b = cell ? cell->building : NULL;
    ENSURE(b != NULL);
    if (b) ENSURE_FBITS(b->pos.frame.origin.x, 52.0f);
    for (int lane = 0; lane < 2; lane++) {
        acp_physobj *mover = NULL;
        acp_world *w = terrain_world(t, &mover, ACP_GRAVITY_PS);
        runner_object(mover, fx, runner_setup);
        const float x0 = lane ? 61.0f : 49.0f, y = lane ? 60.0f : 50.0f;
        acp_position mp = local_position(BLOCK, x0, y, 0.0f, 0.0f);
        ENSURE(acp_world_enter_object(w, mover, &mp, 0.0));
        ENSURE_EQ(mover->position.objcell_id, 0xA9B40013u);
        acp_position to = mover->position;
        to.frame.origin = (acp_vec3){x0 + 4.0f, y, 0.0f};
        if (!lane) to.frame.origin.x = x0 + 3.0f;
        const acp_position from = mover->position;
        acp_transition *tr = acp_physobj_transition(mover, &from, &to, false);
        ENSURE(tr != NULL);
        if (tr) acp_physobj_set_position_internal(mover, tr);
        ENSURE_FBITS(mover->position.frame.origin.x, (lane ? 65.0f : 51.5f));
        ENSURE_FBITS(mover->position.frame.origin.y, y);
        ENSURE(tr && tr->collision_info.collision_normal_valid == (lane == 0));
        if (tr && lane == 0) ENSURE_FBITS(tr->collision_info.collision_normal.x, -1.0f);
        acp_world_destroy(w);
    }
    acp_fixture_destroy(fx);
    acp_terrain_destroy(t);
    acp_gfxobj_physics_free(&s.phys);
}

/* CBldPortal::UnPack (0x0053BC40) sign-extends the stored other_portal_id word (an __int16 into
 * the int field), and CEnvCell::check_building_transit (0x0052C5D0) starts `if (portal_id >= 0)`:
 * a word with its top bit set (0xFFFF = −1, 0x8000 = −32768) lists nothing through that portal,
 * even for a sphere in the middle of the cottage's room (its cell's (0, 0, 1.5), r 0.5, which
 * the stored word 0 and the largest non-negative 0x7FFF both list, marking hits_interior_cell:
 * the sphere overload never indexes the cell's portals). */
static void negative_portal_id_lists_nothing(void)
{
    LOAD_DEFAULT_EXCERPTS(dats);
    const acp_landblock_info *cottage = acp_datset_landblock_info(dats, 0xA9B4FFFEu);
    const acp_envcell *rec = acp_datset_envcell(dats, 0xA9B40100u);
    const acp_environment *env = rec ? acp_datset_environment(dats, rec->environment_id) : NULL;
    ENSURE(cottage && cottage->num_buildings == 1 && cottage->buildings[0].num_portals == 1 && env);
    if (!cottage || cottage->num_buildings != 1 || cottage->buildings[0].num_portals != 1 || !env) {
        acp_datset_destroy(dats);
        return;
    }
    static const uint16_t words[4] = {0x0000u, 0x7FFFu, 0x8000u, 0xFFFFu};
    for (int k = 0; k < 4; k++) {
        const uint8_t flat[9] = {0};
        const float table[1] = {0.0f};
        acp_terrain *t = column_terrain(flat, table, 1);
        ENSURE_EQ(acp_terrain_add_envcell(t, rec, env, NULL), ACP_TERRAIN_OK);
        static acp_building bld;
        static acp_bld_portal portal;
        bld = cottage->buildings[0];
        portal = cottage->buildings[0].portals[0];
        portal.other_portal_id = words[k];
        bld.portals = &portal;
        static acp_landblock_info info;
        memset(&info, 0, sizeof info);
        info.id = 0xA9B4FFFEu;
        info.num_buildings = 1;
        info.buildings = &bld;
        ENSURE_EQ(acp_terrain_add_landblock_info(t, &info, NULL), ACP_TERRAIN_OK);
        const acp_landcell *cell = acp_terrain_get_landcell(t, acp_cell_outdoor_from_local(BLOCK, bld.frame.origin.x,
                                                                                            bld.frame.origin.y));
        const acp_building_obj *b = cell ? cell->building : NULL;
        const acp_env_cell *room = acp_terrain_get_envcell(t, 0xA9B40100u);
        ENSURE(b != NULL && room != NULL);
        if (b && room) {
            acp_cell_array ca;
            acp_cell_array_init(&ca);
            acp_sphere_path path;
            memset(&path, 0, sizeof path);
            acp_sphere in_room = {acp_frame_localtoglobal(&room->base.pos.frame, (acp_vec3){0, 0, 1.5f}), 0.5f};
            acp_building_find_transit_cells(b, t, 1, &in_room, &ca, &path);
            const bool listed = words[k] < 0x8000u;
            ENSURE_EQ(ca.num_cells, listed ? 1u : 0u);
            ENSURE_EQ(path.hits_interior_cell, listed);
            if (listed && ca.num_cells) ENSURE_EQ(ca.cells[0].cell_id, 0xA9B40100u);
        }
        acp_terrain_destroy(t);
    }
    acp_datset_destroy(dats);
}

/* A fall straight down onto the cottage's room from above (audit D1: the cell list is not 2-D).
 * The cottage building (its shell a GfxObj without a physics BSP, 0x0100F000: the building's
 * sweep finds nothing) sits in land cell 0x29 with its portal into EnvCell
 * 0xA9B40100, whose frame is (120, 24, 94) and whose room is 3 m high (ceiling plane z = 97);
 * the land around is flat at z = 0. The runner (one sphere r 0.5, centre 0.5 over its origin)
 * falls, airborne, from (120, 24, 100) towards z 94.5: ceil(5.5 / 0.5) = 11 steps of 0.5 m.
 * Retail's CTransition::build_cell_array (0x00509EE0) rebuilds the list at every step, and the
 * land cell's building tests each step's sphere against the EnvCell's cell BSP in 3-D
 * (CEnvCell::check_building_transit 0x0052C5D0): from the step whose sphere reaches the
 * ceiling's plane (centre 97.5, distance 0.5 > −(0.5 + 0.01)) the EnvCell is listed and its
 * physics BSP swept; the next step (centre 97, the sphere through the ceiling polygon) hits it,
 * and the airborne sweep stops at the last clear step: origin z 97 exactly, still in land cell
 * 0x29 (the centre never entered the room). A memo keyed on x, y and r alone reuses the first
 * step's list {land cells} all the way down and falls through the ceiling to 94.5. */
static void fall_onto_building_room_from_above(void)
{
    LOAD_DEFAULT_EXCERPTS(dats);
    const acp_landblock_info *cottage = acp_datset_landblock_info(dats, 0xA9B4FFFEu);
    const acp_envcell *rec = acp_datset_envcell(dats, 0xA9B40100u);
    const acp_environment *env = rec ? acp_datset_environment(dats, rec->environment_id) : NULL;
    ENSURE(cottage && cottage->num_buildings == 1 && env);
    if (!cottage || cottage->num_buildings != 1 || !env) {
        acp_datset_destroy(dats);
        return;
    }
    const uint8_t flat[9] = {0};
    const float table[1] = {0.0f};
    acp_terrain *t = column_terrain(flat, table, 1);
    ENSURE_EQ(acp_terrain_add_envcell(t, rec, env, NULL), ACP_TERRAIN_OK);
    /* The shell: a GfxObj without a physics BSP (retail's makeBuilding succeeds; its sweep is OK). */
    const acp_gfxobj *plain = acp_datset_gfxobj(dats, 0x0100F000u);
    ENSURE(plain != NULL && !(plain->flags & ACP_GFX_HAS_PHYSICS));
    const acp_gfxobj *shells[1] = {plain};
    ENSURE_EQ(acp_terrain_add_landblock_info(t, cottage, shells), ACP_TERRAIN_OK);
    const acp_env_cell *room = acp_terrain_get_envcell(t, 0xA9B40100u);
    ENSURE(room != NULL);
    if (room) {
        ENSURE_FBITS(room->base.pos.frame.origin.x, 120.0f);
        ENSURE_FBITS(room->base.pos.frame.origin.y, 24.0f);
        ENSURE_FBITS(room->base.pos.frame.origin.z, 94.0f);
    }
    acp_setup *runner_setup = NULL;
    acp_fixture *fx = runner_records(&BALL, 1, &runner_setup);
    acp_physobj *mover = NULL;
    acp_world *w = terrain_world(t, &mover, ACP_GRAVITY_PS);
    runner_object(mover, fx, runner_setup);
    acp_position mp = local_position(BLOCK, 120.0f, 24.0f, 100.0f, 0.0f);
    ENSURE(acp_world_enter_object(w, mover, &mp, 0.0));
    ENSURE_EQ(mover->position.objcell_id, 0xA9B40029u);
    ENSURE_FBITS(mover->position.frame.origin.z, 100.0f);
    acp_position to = mover->position;
    to.frame.origin.z = 94.5f;
    const acp_position from = mover->position;
    acp_transition *tr = acp_physobj_transition(mover, &from, &to, false);
    ENSURE(tr != NULL);
    if (tr) acp_physobj_set_position_internal(mover, tr);
    ENSURE_EQ(mover->position.objcell_id, 0xA9B40029u);
    ENSURE_FBITS(mover->position.frame.origin.x, 120.0f);
    ENSURE_FBITS(mover->position.frame.origin.y, 24.0f);
    ENSURE_FBITS(mover->position.frame.origin.z, 97.0f);
    acp_world_destroy(w);
    acp_fixture_destroy(fx);
    acp_terrain_destroy(t);
    acp_datset_destroy(dats);
}

/* A platform too large for the sweep's cell array (audit D5): one quad 80 m (x) by 100 m (y) at
 * the part's z = 0, its object static at (70, 80) of the flat block, so its box covers x 30..110
 * (columns 1..4) and y 30..130 (rows 1..5): 20 outdoor cells. Retail's
 * CPhysicsObj::find_bbox_cell_list (0x00510FC0) lists its own cell (column 2, row 3: 0x14) and
 * then CLandCell::add_all_outside_cells' block (x outer, y inner; 0x14 again is not added), and
 * CELLARRAY::add_cell grows without bound, so it shadows all 20 in that order. `limit` 0: the
 * world sizes the object's shadow list from its shapes when it is placed (DEVIATIONS T3); else
 * the most cells a list may hold (a test's). */
static acp_physobj *place_large_platform(acp_world *w, acp_fixture **fx, rig_shape *s, uint32_t limit)
{
    shape_begin(s);
    quad(s, (acp_vec3){-40, -50, 0}, (acp_vec3){40, -50, 0}, (acp_vec3){40, 50, 0}, (acp_vec3){-40, 50, 0});
    shape_end(s);
    w->shadow_cells_limit = limit;
    acp_setup *runner_setup = NULL;
    *fx = runner_records(&BALL, 1, &runner_setup);
    acp_setup *shape_setup = acp_fixture_setup(*fx, SHAPE_SETUP, 1, NULL, 0);
    const acp_aframe identity = {{0, 0, 0}, 1, 0, 0, 0};
    ENSURE(acp_fixture_setup_placement(shape_setup, 0x0, &identity));
    ENSURE(acp_fixture_setup_placement(shape_setup, 0x65, &identity));
    acp_physobj *shape = acp_world_add_object(w, 2);
    shape->state = ACP_STATIC_PS;
    acp_record_source src = acp_fixture_source(*fx);
    ENSURE(acp_physobj_set_setup(shape, shape_setup, &src));
    ENSURE(acp_partarray_set_part_physics(shape->part_array, 0, &s->phys));
    acp_position sp = local_position(BLOCK, 70.0f, 80.0f, 0.0f, 0.0f);
    sp.frame = acp_frame_identity();
    sp.frame.origin = (acp_vec3){70.0f, 80.0f, 0.0f};
    acp_world_place_object(w, shape, &sp, 0, 0.0);
    ENSURE_EQ(shape->position.objcell_id, 0xA9B40014u);
    return shape;
}

/* find_bbox_cell_list's order for the platform: its cell, then columns 1..4 (x outer), rows 1..5
 * (y inner), cell id 1 + 8·column + row. */
static const uint32_t LARGE_PLATFORM_CELLS[20] = {
    0x14, 0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x12, 0x13, 0x15, 0x16,
    0x1A, 0x1B, 0x1C, 0x1D, 0x1E, 0x22, 0x23, 0x24, 0x25, 0x26,
};

/* Loaded as any object is, the platform gets a shadow list that holds its 20 cells: all
 * shadowed, in retail's order, nothing dropped. Its bound (acp_physobj_shadow_cells_bound): the
 * box's farthest corner is sqrt(40² + 50²) = 64.03 m from the origin, floor(128.06 / 24) + 2 = 7
 * cells per axis, 49 (the column terrain has no EnvCells). A walker in the last cell of the
 * order (column 4, row 5: 0x26) meets the platform's shadow there. */
static void large_platform_shadows_all_its_cells(void)
{
    const uint8_t flat[9] = {0};
    const float table[1] = {0.0f};
    acp_terrain *t = column_terrain(flat, table, 1);
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 4);
    acp_terrain_attach(w, t);
    rig_shape s;
    acp_fixture *fx = NULL;
    acp_physobj *shape = place_large_platform(w, &fx, &s, 0);
    ENSURE_EQ(acp_physobj_shadow_cells_bound(shape), 49);
    ENSURE_EQ(shape->cap_shadow_objects, 49);
    ENSURE_EQ(w->cap_shadow_cells, 49);
    ENSURE_EQ(shape->num_shadow_objects, 20);
    ENSURE_EQ(shape->cells_dropped, 0);
    for (uint32_t i = 0; i < 20 && i < shape->num_shadow_objects; i++)
        ENSURE_EQ(shape->shadow_objects[i].cell_id, 0xA9B40000u | LARGE_PLATFORM_CELLS[i]);
    const acp_landcell *last = acp_terrain_get_landcell(t, 0xA9B40026u);
    ENSURE(last != NULL);
    if (last) {
        const acp_shadow_list *l = acp_objcell_shadow_list(w, last);
        ENSURE(l != NULL && l->num == 1);
        if (l && l->num == 1) ENSURE(acp_shadow_list_get(&w->shadows, l, 0)->physobj == shape);
    }
    /* Placed again (the same cells): the list is rebuilt in the same slots, nothing dropped. */
    acp_shadow_obj *slots = shape->shadow_objects;
    acp_physobj_calc_cross_cells_static(shape);
    ENSURE(shape->shadow_objects == slots);
    ENSURE_EQ(shape->num_shadow_objects, 20);
    ENSURE_EQ(shape->cells_dropped, 0);
    acp_world_destroy(w);
    acp_fixture_destroy(fx);
    acp_terrain_destroy(t);
    acp_gfxobj_physics_free(&s.phys);
}

/* A capacity forced below the platform's 20 cells (shadow_cells_limit 18, the sweep's array):
 * the first 18 of the order are shadowed, the last two (column 4 rows 4 and 5: 0x25, 0x26) are
 * not, and the object counts them in cells_dropped (2), which the trace shows. 19: one dropped. */
static void large_platform_counts_dropped_cells(void)
{
    const uint8_t flat[9] = {0};
    const float table[1] = {0.0f};
    acp_terrain *t = column_terrain(flat, table, 1);
    for (uint32_t limit = 18; limit <= 19; limit++) {
        acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 4);
        acp_terrain_attach(w, t);
        rig_shape s;
        acp_fixture *fx = NULL;
        acp_physobj *shape = place_large_platform(w, &fx, &s, limit);
        ENSURE_EQ(shape->num_shadow_objects, limit);
        ENSURE_EQ(shape->cells_dropped, 20 - limit);
        for (uint32_t i = 0; i < limit && i < shape->num_shadow_objects; i++)
            ENSURE_EQ(shape->shadow_objects[i].cell_id, 0xA9B40000u | LARGE_PLATFORM_CELLS[i]);
        const acp_landcell *last = acp_terrain_get_landcell(t, 0xA9B40026u);
        const acp_shadow_list *l = last ? acp_objcell_shadow_list(w, last) : NULL;
        ENSURE(l != NULL && l->num == 0);
        acp_world_destroy(w);
        acp_fixture_destroy(fx);
        acp_gfxobj_physics_free(&s.phys);
    }
    acp_terrain_destroy(t);
}

void suite_bsp_sweep(void)
{
    RUN(wall_stops_walker_at_radius);
    RUN(wall_in_neighbour_cell_stops_walker);
    RUN(platform_shadows_next_envcell);
    RUN(platform_reaches_into_cottage);
    RUN(wall_slide_at_30_degrees);
    RUN(steps_by_height);
    RUN(humanoid_climbs_one_and_a_half_step_up);
    RUN(humanoid_hearth_needs_the_top_within_reach);
    RUN(humanoid_refused_hearth_stays_refused);
    RUN(seven_tenths_refused_below_step_up_of_0_4667);
    RUN(fall_onto_floor);
    RUN(standin_gfxobj_physics);
    RUN(setup_shell_sweeps_its_part_0);
    RUN(first_building_of_a_cell_wins);
    RUN(negative_portal_id_lists_nothing);
    RUN(fall_onto_building_room_from_above);
    RUN(large_platform_shadows_all_its_cells);
    RUN(large_platform_counts_dropped_cells);
}
