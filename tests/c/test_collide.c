/* acphys C tests — objects against objects (issue 14): the shadow lists of the cells, the sweep
 * against other objects' CSpheres and CCylSpheres, FindObjCollisions' rules, the collision
 * table's begin and end reports, and ethereal_check_for_collisions.
 *
 * Every case runs on landblock 0xA9B4 made flat at z = 0 (column_terrain), so that the only
 * obstacles are the objects. Objects carry hand-built spheres (no Setup: step heights 0.01 m)
 * or the synthetic runner (terrain_helpers.h: step heights 0.4 m, RunForward 4 m/s). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "physics/cell/objcell.h"
#include "physics/object/physobj_collide.h"
#include "physics/shapes/cylsphere.h"
#include "physics/shapes/sphere.h"
#include "collide_helpers.h"

static const float Q30 = (float)(1.0 / 30.0);

static acp_shadow_list *list_of(acp_world *w, uint32_t cell_id)
{
    return acp_objcell_shadow_list(w, acp_terrain_get_landcell(w->terrain, cell_id));
}

static acp_physobj *entry(acp_world *w, uint32_t cell_id, uint32_t i)
{
    return acp_shadow_list_get(&w->shadows, list_of(w, cell_id), i)->physobj;
}

/* ---- shadow lists ---- */

/* A sphere of radius 0.5 centred on the corner (24, 24) of cells (0,0), (0,1), (1,0), (1,1):
 * CLandCell::add_all_outside_cells lists the cell holding the centre (floor(24/24) = 1: cell
 * (1,1), id 0x0A) first, then check_add_cell_boundary's neighbours: x below incell_min → (0,1)
 * (0x02) and, y also below, (0,0) (0x01); y below → (1,0) (0x09). The object's shadows follow
 * that order and each of the four lists holds it once. */
static void corner_in_four_cells(void)
{
    acp_terrain *t = flat_terrain();
    acp_world *w = world_on(t);
    acp_physobj *o = ball(w, 1, 0, &BALL, 24.0f, 24.0f, 0.0f);
    ENSURE_EQ(o->num_shadow_objects, 4);
    const uint32_t want[4] = {0xA9B4000Au, 0xA9B40002u, 0xA9B40001u, 0xA9B40009u};
    for (uint32_t i = 0; i < 4 && i < o->num_shadow_objects; i++) {
        ENSURE_EQ(o->shadow_objects[i].cell_id, want[i]);
        ENSURE(o->shadow_objects[i].cell == acp_terrain_get_landcell(t, want[i]));
        ENSURE_EQ(list_of(w, want[i])->num, 1);
        ENSURE(entry(w, want[i], 0) == o);
    }
    ENSURE_EQ(list_of(w, 0xA9B40003u)->num, 0);
    ENSURE_EQ(w->shadows.overflow, 0);
    acp_world_destroy(w);
    acp_terrain_destroy(t);
}

/* "placement": "frame" (acp_world_place_object, not retail's path) shadows the object where it
 * is put, in the order a zero-length sweep lists the cells: the corner's four, as above. */
static void frame_placement_shadows(void)
{
    acp_terrain *t = flat_terrain();
    acp_world *w = world_on(t);
    acp_physobj *o = acp_world_add_object(w, 1);
    o->part_array = acp_partarray_create_spheres(o, &BALL, 1);
    acp_position p = local_position(BLOCK, 24.0f, 24.0f, 0.0f, 0.0f);
    acp_world_place_object(w, o, &p, ACP_CONTACT_TS | ACP_ON_WALKABLE_TS, 0.0);
    const uint32_t want[4] = {0xA9B4000Au, 0xA9B40002u, 0xA9B40001u, 0xA9B40009u};
    ENSURE_EQ(o->num_shadow_objects, 4);
    for (uint32_t i = 0; i < 4 && i < o->num_shadow_objects; i++) {
        ENSURE_EQ(o->shadow_objects[i].cell_id, want[i]);
        ENSURE(entry(w, want[i], 0) == o);
    }
    acp_world_destroy(w);
    acp_terrain_destroy(t);
}

/* Three objects in cell 0x0A (1,1) enter as A, B, C: the list is [A, B, C]. A moves to cell
 * 0x13 (2,2) (SetPosition: remove_shadows_from_cells, then add_shadows_to_cells): retail's
 * remove_shadow_object moves the last entry into the hole, [C, B]; A coming back is appended,
 * [C, B, A]. Leaving the world empties every list A was in. */
static void moving_updates_lists(void)
{
    acp_terrain *t = flat_terrain();
    acp_world *w = world_on(t);
    acp_physobj *a = ball(w, 1, 0, &BALL, 30.0f, 30.0f, 0.0f);
    acp_physobj *b = ball(w, 2, 0, &BALL, 33.0f, 30.0f, 0.0f);
    acp_physobj *c = ball(w, 3, 0, &BALL, 36.0f, 30.0f, 0.0f);
    const uint32_t cell = 0xA9B4000Au;
    ENSURE_EQ(list_of(w, cell)->num, 3);
    ENSURE(entry(w, cell, 0) == a && entry(w, cell, 1) == b && entry(w, cell, 2) == c);
    acp_position away = local_position(BLOCK, 60.0f, 60.0f, 0.0f, 0.0f);
    ENSURE_EQ(acp_physobj_set_position(a, &away, ACP_PLACEMENT_SPF | ACP_SLIDE_SPF), ACP_SPE_OK);
    ENSURE_EQ(list_of(w, cell)->num, 2);
    ENSURE(entry(w, cell, 0) == c && entry(w, cell, 1) == b);
    ENSURE_EQ(list_of(w, 0xA9B40013u)->num, 1);
    ENSURE(entry(w, 0xA9B40013u, 0) == a);
    acp_position back = local_position(BLOCK, 30.0f, 30.0f, 0.0f, 0.0f);
    ENSURE_EQ(acp_physobj_set_position(a, &back, ACP_PLACEMENT_SPF | ACP_SLIDE_SPF), ACP_SPE_OK);
    ENSURE_EQ(list_of(w, 0xA9B40013u)->num, 0);
    ENSURE_EQ(list_of(w, cell)->num, 3);
    ENSURE(entry(w, cell, 0) == c && entry(w, cell, 1) == b && entry(w, cell, 2) == a);
    acp_physobj_leave_world(a);
    ENSURE_EQ(a->num_shadow_objects, 0);
    ENSURE(!a->has_cell);
    ENSURE_EQ(list_of(w, cell)->num, 2);
    ENSURE(entry(w, cell, 0) == c && entry(w, cell, 1) == b);
    acp_world_destroy(w);
    acp_terrain_destroy(t);
}

/* An object on the corner leaves the world: all four lists are empty, and so is its shadow
 * array. */
static void leaving_empties_lists(void)
{
    acp_terrain *t = flat_terrain();
    acp_world *w = world_on(t);
    acp_physobj *o = ball(w, 1, 0, &BALL, 24.0f, 24.0f, 0.0f);
    acp_physobj_leave_world(o);
    const uint32_t cells[4] = {0xA9B4000Au, 0xA9B40002u, 0xA9B40001u, 0xA9B40009u};
    for (int i = 0; i < 4; i++) ENSURE_EQ(list_of(w, cells[i])->num, 0);
    ENSURE_EQ(o->num_shadow_objects, 0);
    ENSURE_EQ(o->position.objcell_id, 0);
    ENSURE(!(o->transient_state & ACP_ACTIVE_TS));
    acp_world_destroy(w);
    acp_terrain_destroy(t);
}

/* ---- sphere against sphere ---- */

/* A missile (MISSILE | INELASTIC | REPORT_COLLISIONS, no gravity) of radius 0.5 at x = 7, 1 m
 * above the ground, flies +x at 25 m/s: one 0.1 s quantum asks for x = 9.5, five steps of
 * 0.5 m (ceil(2.5 / 0.5)). The obstacle's sphere (radius 0.5) is centred at x = obstacle_x.
 * Returns the missile after the quantum. */
static acp_physobj *fire(acp_world *w, float obstacle_x, uint32_t obstacle_state, acp_physobj **obstacle)
{
    const uint32_t missile = ACP_MISSILE_PS | ACP_INELASTIC_PS | ACP_REPORT_COLLISIONS_PS;
    *obstacle = ball(w, 2, obstacle_state, &CENTERED, obstacle_x, 10.0f, 1.0f);
    acp_physobj *m = ball(w, 1, missile, &CENTERED, 7.0f, 10.0f, 1.0f);
    ENSURE_FBITS(m->position.frame.origin.x, 7.0f);
    acp_physobj_set_velocity(m, (acp_vec3){25.0f, 0.0f, 0.0f});
    w->frame_serial++;
    acp_physobj_update_object_internal(m, 0.1f);
    return m;
}

/* Head-on: the sweep stops at the last step whose spheres do not overlap by more than
 * EPSILON (radsum = r1 + r2 − 0.0002): with the obstacle at x = 10 that is x = 9, centres exactly
 * r1 + r2 = 1 apart (the step to 9.5 overlaps); with it at 10 − 0.0001 the step to 9 overlaps
 * by 0.0001 < EPSILON and passes too; at 10 − 0.0003 it overlaps by more and the missile stops
 * at 8.5. The collision normal is −x (CSphere::collide_with_point: curr centre − obstacle), and
 * INELASTIC zeroes the velocity (handle_all_collisions). The missile reported the obstacle and
 * stopped being a missile (report_object_collision); the obstacle has no REPORT_COLLISIONS. */
static void sphere_stops_at_radius_sum(void)
{
    const float xs[3] = {10.0f, 10.0f - 0.0001f, 10.0f - 0.0003f};
    const float stop[3] = {9.0f, 9.0f, 8.5f};
    for (int k = 0; k < 3; k++) {
        acp_terrain *t = flat_terrain();
        acp_world *w = world_on(t);
        acp_physobj *obstacle;
        acp_physobj *m = fire(w, xs[k], 0, &obstacle);
        ENSURE_FBITS(m->position.frame.origin.x, stop[k]);
        ENSURE_FBITS(m->position.frame.origin.y, 10.0f);
        ENSURE_FBITS(m->velocity.x, 0.0f);
        ENSURE(!(m->state & ACP_MISSILE_PS));
        ENSURE_EQ(acp_physobj_num_collisions(m), 1);
        ENSURE_EQ(m->reports.begin[0], 2);
        ENSURE_EQ(acp_physobj_num_collisions(obstacle), 0);
        ENSURE_EQ(m->collision_table.num, 1);
        ENSURE_FBITS(obstacle->position.frame.origin.x, xs[k]);
        acp_world_destroy(w);
        acp_terrain_destroy(t);
    }
}

/* ETHEREAL | IGNORE_COLLISIONS: FindObjCollisions answers OK at once; the missile reaches 9.5
 * and nothing is recorded. ETHEREAL alone: an obstruction_ethereal test, the overlap is recorded
 * with the state OK and no collision normal (COLLISIONINFO::add_object): the missile passes,
 * keeps flying (no bounce), and reports the collision (and stops being a missile). */
static void ethereal_and_ignored_pass(void)
{
    const uint32_t states[2] = {ACP_ETHEREAL_PS | ACP_IGNORE_COLLISIONS_PS, ACP_ETHEREAL_PS};
    for (int k = 0; k < 2; k++) {
        acp_terrain *t = flat_terrain();
        acp_world *w = world_on(t);
        acp_physobj *obstacle;
        acp_physobj *m = fire(w, 10.0f, states[k], &obstacle);
        ENSURE_FBITS(m->position.frame.origin.x, 9.5f);
        ENSURE_FBITS(m->velocity.x, 25.0f);
        ENSURE_EQ(acp_physobj_num_collisions(m), k == 0 ? 0 : 1);
        ENSURE_EQ(!!(m->state & ACP_MISSILE_PS), k == 0);
        acp_world_destroy(w);
        acp_terrain_destroy(t);
    }
}

/* The missile's own launcher: with no weenie, OBJECTINFO::missile_ignore ignores only MISSILE_PS
 * objects, so a launcher (id 2) standing in the path stops its missile like any object (the
 * target / creature rules need a weenie: DEVIATIONS row O2). The launcher running through its
 * missile ignores it (the missile is MISSILE_PS), and a parented object (held by another) is
 * skipped by CObjCell::find_obj_collisions, as is the mover's own shadow. */
static void missile_and_launcher(void)
{
    acp_terrain *t = flat_terrain();
    acp_world *w = world_on(t);
    /* A missile resting at x = 10 (velocity 0) and its launcher flying through it. */
    acp_physobj *missile = ball(w, 2, ACP_MISSILE_PS, &CENTERED, 10.0f, 10.0f, 1.0f);
    acp_physobj *launcher = ball(w, 1, ACP_INELASTIC_PS, &CENTERED, 7.0f, 10.0f, 1.0f);
    acp_physobj_set_velocity(launcher, (acp_vec3){25.0f, 0.0f, 0.0f});
    acp_physobj_update_object_internal(launcher, 0.1f);
    ENSURE_FBITS(launcher->position.frame.origin.x, 9.5f);
    ENSURE_EQ(launcher->collision_table.num, 0);
    /* Held by another object: skipped. */
    missile->state = 0;
    missile->has_parent = true;
    acp_objcell_refresh_shadow_reach(missile); /* fields written directly: refresh their copies */
    acp_position p = local_position(BLOCK, 7.0f, 10.0f, 1.0f, 0.0f);
    ENSURE_EQ(acp_physobj_set_position(launcher, &p, ACP_PLACEMENT_SPF), ACP_SPE_OK);
    acp_physobj_set_velocity(launcher, (acp_vec3){25.0f, 0.0f, 0.0f});
    acp_physobj_update_object_internal(launcher, 0.1f);
    ENSURE_FBITS(launcher->position.frame.origin.x, 9.5f);
    acp_world_destroy(w);
    acp_terrain_destroy(t);
    /* The launcher in its missile's path stops it (no weenie to say otherwise). */
    t = flat_terrain();
    w = acp_world_create(ACP_PROFILE_RETAIL, 4);
    acp_terrain_attach(w, t);
    acp_physobj *obstacle;
    acp_physobj *m = fire(w, 10.0f, 0, &obstacle);
    ENSURE_FBITS(m->position.frame.origin.x, 9.0f);
    acp_world_destroy(w);
    acp_terrain_destroy(t);
}

/* A grounded runner (step-up 0.4 m) at (10, 10) runs east (+x) past a resting ball whose centre
 * is 0.3 m north of its path at x = 12: the spheres (radius 0.5) meet off-centre. Too high to
 * step over (step_up_height 0.4 < radsum + EPS − disp.z = 1), CSphere::step_sphere_up slides:
 * the step becomes its projection on contact normal × collision normal, the tangent of the
 * obstacle: the committed move is perpendicular to the line from the obstacle's
 * centre to the runner's (to float rounding) on the first contact; later steps begin with the
 * sliding normal that collision left (adjust_offset) and never head into the obstacle; the
 * spheres never overlap by more than EPSILON, and the runner ends south of its path, past the
 * obstacle. */
static void glancing_hit_slides(void)
{
    acp_terrain *t = flat_terrain();
    acp_world *w = world_on(t);
    acp_setup *setup;
    acp_fixture *fx = runner_records(&BALL, 1, &setup);
    acp_physobj *obstacle = ball(w, 2, ACP_REPORT_COLLISIONS_PS, &BALL, 12.0f, 10.3f, 0.0f);
    acp_physobj *r = acp_world_add_object(w, 1);
    r->state = ACP_GRAVITY_PS | ACP_REPORT_COLLISIONS_PS;
    runner_object(r, fx, setup);
    acp_position p = local_position(BLOCK, 10.0f, 10.0f, 0.0f, 90.0f);
    ENSURE(acp_world_enter_object(w, r, &p, 0.0));
    start_running(r, 1.0f);
    int slid = 0;
    for (int i = 0; i < 60; i++) {
        acp_vec3 before = r->position.frame.origin;
        acp_physobj_update_object_internal(r, Q30);
        acp_vec3 after = r->position.frame.origin;
        double dx = (double)after.x - 12.0, dy = (double)after.y - 10.3;
        double dist = sqrt(dx * dx + dy * dy);
        ENSURE(dist >= 1.0 - ACP_F_EPSILON);
        double bx = (double)before.x - 12.0, by = (double)before.y - 10.3;
        /* The quantum's one step (0.13333 m east, less than the radius) would overlap: it slid. */
        double fx0 = (double)before.x + RUNNER_SPEED / RUNNER_FRAMERATE - 12.0;
        if (sqrt(fx0 * fx0 + by * by) < 1.0 - ACP_F_EPSILON) {
            double mx = (double)after.x - before.x, my = (double)after.y - before.y;
            double radial = (mx * bx + my * by) / sqrt(bx * bx + by * by);
            ENSURE(fabs(mx) + fabs(my) > 0.0);
            /* The first slide (no sliding normal yet) is along the tangent; later ones start
             * from the last sliding normal's projection (adjust_offset) and never head in. */
            if (slid++ == 0) ENSURE_NEAR(radial, 0.0, 1e-5);
            else ENSURE(radial >= -1e-5);
        }
    }
    ENSURE(slid > 0);
    ENSURE(r->position.frame.origin.x > 13.0f);
    ENSURE(r->position.frame.origin.y < 10.0f);
    ENSURE_FBITS(obstacle->position.frame.origin.x, 12.0f);
    acp_world_destroy(w);
    acp_terrain_destroy(t);
    acp_fixture_destroy(fx);
}

/* Begin once, end once: in the glancing run both objects report the begin once (the runner as
 * the mover, the obstacle as the other side: both REPORT_COLLISIONS), however many quanta they
 * touch (track_object_collision: a record already in the table only has its touched time
 * refreshed); the end comes once, with the first sweep more than 1 s after the last touch
 * (report_collision_end), on both sides. */
static void reports_begin_and_end_once(void)
{
    acp_terrain *t = flat_terrain();
    acp_world *w = world_on(t);
    acp_setup *setup;
    acp_fixture *fx = runner_records(&BALL, 1, &setup);
    acp_physobj *obstacle = ball(w, 2, ACP_REPORT_COLLISIONS_PS, &BALL, 12.0f, 10.3f, 0.0f);
    acp_physobj *r = acp_world_add_object(w, 1);
    r->state = ACP_GRAVITY_PS | ACP_REPORT_COLLISIONS_PS;
    runner_object(r, fx, setup);
    acp_position p = local_position(BLOCK, 10.0f, 10.0f, 0.0f, 90.0f);
    ENSURE(acp_world_enter_object(w, r, &p, 0.0));
    start_running(r, 1.0f);
    int begins = 0, ends = 0, obstacle_begins = 0, obstacle_ends = 0;
    double last_touch = -1.0, end_time = -1.0;
    for (int i = 0; i < 120; i++) {
        w->frame_serial++;
        w->physics_time = (i + 1) * (double)Q30;
        uint32_t before = r->collision_table.num;
        acp_physobj_update_object_internal(r, Q30);
        begins += (int)acp_physobj_num_collisions(r);
        ends += (int)acp_physobj_num_collision_ends(r);
        obstacle_begins += (int)acp_physobj_num_collisions(obstacle);
        obstacle_ends += (int)acp_physobj_num_collision_ends(obstacle);
        if (r->collision_table.num) last_touch = r->collision_table.records[0].touched_time;
        if (before && !r->collision_table.num) end_time = w->physics_time;
    }
    ENSURE_EQ(begins, 1);
    ENSURE_EQ(obstacle_begins, 1);
    ENSURE_EQ(ends, 1);
    ENSURE_EQ(obstacle_ends, 1);
    ENSURE(end_time - last_touch > 1.0);
    ENSURE(end_time - last_touch <= 1.0 + Q30 + 1e-9);
    acp_world_destroy(w);
    acp_terrain_destroy(t);
    acp_fixture_destroy(fx);
}

/* ---- cylinders ---- */

/* An object whose only shape is a cylinder (hand-set cylspheres: a Setup's would be the same). */
static acp_physobj *post(acp_world *w, uint32_t id, const acp_cylsphere *c, float x, float y)
{
    acp_physobj *o = acp_world_add_object(w, id);
    o->state = ACP_STATIC_PS;
    o->part_array = acp_partarray_create_spheres(o, NULL, 0);
    o->part_array->num_cylspheres = 1;
    o->part_array->cylspheres = c;
    acp_position p = local_position(BLOCK, x, y, 0.0f, 0.0f);
    ENSURE(acp_world_enter_object(w, o, &p, 0.0));
    /* No spheres: the placement sweep used the dummy sphere; shadow it where its cylinder is. */
    acp_physobj_shadow_in_place(o);
    return o;
}

/* Side hit: the missile at height 1 flies +x into a 2 m post of radius 0.5 at x = 10.
 * CCylSphere::collides_with_sphere: horizontal distance ≤ radsum (0.5 + 0.5 − EPS) and within
 * the height; the missile's sweep (PATH_CLIPPED) gets the horizontal normal −x
 * (normal_of_collision) and stops at 9.0, the last step clear of the side. The post is STATIC:
 * the hit counts as the environment (FindObjCollisions), not an object. */
static void cylinder_side_hit(void)
{
    acp_terrain *t = flat_terrain();
    acp_world *w = world_on(t);
    acp_physobj *c = post(w, 2, &POST, 10.0f, 10.0f);
    (void)c;
    acp_physobj *m = ball(w, 1, ACP_MISSILE_PS | ACP_INELASTIC_PS | ACP_REPORT_COLLISIONS_PS, &CENTERED, 7.0f, 10.0f,
                          1.0f);
    acp_physobj_set_velocity(m, (acp_vec3){25.0f, 0.0f, 0.0f});
    acp_physobj_update_object_internal(m, 0.1f);
    ENSURE_FBITS(m->position.frame.origin.x, 9.0f);
    ENSURE_FBITS(m->velocity.x, 0.0f);
    ENSURE(m->colliding_with_environment);
    ENSURE_EQ(m->collision_table.num, 0);
    acp_world_destroy(w);
    acp_terrain_destroy(t);
}

/* Top landing: a ball (radius 0.5, low point at the origin, GRAVITY) falls from z = 3 onto a
 * 1 m post of radius 1 under it. land_on_cylinder starts the "collide" landing, the top settles
 * it (the contact plane z = 1: n = (0, 0, 1), d = −1) and it stands there: origin z = 1, in
 * contact and on walkable ground, where the terrain (z = 0) would not hold it. */
static void cylinder_top_landing(void)
{
    static const acp_cylsphere low_post = {{0.0f, 0.0f, 0.0f}, 1.0f, 1.0f};
    acp_terrain *t = flat_terrain();
    acp_world *w = world_on(t);
    post(w, 2, &low_post, 10.0f, 10.0f);
    acp_physobj *o = ball(w, 1, ACP_GRAVITY_PS, &BALL, 10.0f, 10.0f, 3.0f);
    for (int i = 0; i < 60; i++) acp_physobj_update_object_internal(o, Q30);
    ENSURE_NEAR(o->position.frame.origin.z, 1.0, 1e-5);
    ENSURE(o->transient_state & ACP_CONTACT_TS);
    ENSURE(o->transient_state & ACP_ON_WALKABLE_TS);
    ENSURE_FBITS(o->contact_plane.n.z, 1.0f);
    ENSURE_NEAR(o->contact_plane.d, -1.0, 1e-5);
    acp_world_destroy(w);
    acp_terrain_destroy(t);
}

/* Step-up: the runner (step-up 0.4 m) runs east onto a post of radius 1 and height 0.3 centred at
 * x = 13: step_sphere_up steps (0.4 ≥ r + h − disp.z = 0.3) and CCylSphere::step_sphere_down puts
 * it on the top: over the post it stands at z = 0.3 on the plane n = (0, 0, 1), d = −0.3. A
 * post of height 0.6 (0.6 > 0.4) stops it: it never climbs (z stays 0) and stays west of it. */
static void cylinder_step_up(void)
{
    static const acp_cylsphere low = {{0.0f, 0.0f, 0.0f}, 1.0f, 0.3f};
    static const acp_cylsphere high = {{0.0f, 0.0f, 0.0f}, 1.0f, 0.6f};
    const acp_cylsphere *posts[2] = {&low, &high};
    for (int k = 0; k < 2; k++) {
        acp_terrain *t = flat_terrain();
        acp_world *w = world_on(t);
        acp_setup *setup;
        acp_fixture *fx = runner_records(&BALL, 1, &setup);
        post(w, 2, posts[k], 13.0f, 10.0f);
        acp_physobj *r = acp_world_add_object(w, 1);
        r->state = ACP_GRAVITY_PS;
        runner_object(r, fx, setup);
        acp_position p = local_position(BLOCK, 10.0f, 10.0f, 0.0f, 90.0f);
        ENSURE(acp_world_enter_object(w, r, &p, 0.0));
        start_running(r, 1.0f);
        float max_z = 0.0f;
        for (int i = 0; i < 24; i++) {
            acp_physobj_update_object_internal(r, Q30);
            if (r->position.frame.origin.z > max_z) max_z = r->position.frame.origin.z;
        }
        if (k == 0) {
            ENSURE(r->position.frame.origin.x > 12.5f && r->position.frame.origin.x < 14.0f);
            ENSURE_NEAR(r->position.frame.origin.z, 0.3, 1e-5);
            ENSURE_FBITS(r->contact_plane.n.z, 1.0f);
            ENSURE_NEAR(r->contact_plane.d, -0.3, 1e-5);
        } else {
            ENSURE_FBITS(max_z, 0.0f);
            ENSURE(r->position.frame.origin.x <= 11.5f + 1e-4f);
        }
        acp_world_destroy(w);
        acp_terrain_destroy(t);
        acp_fixture_destroy(fx);
    }
}

/* ---- ethereal ---- */

/* Two balls overlapping (centres 0.5 apart, radii 0.5): clearing ETHEREAL on one refuses while
 * the other overlaps (ethereal_check_for_collisions → CObjCell::check_collisions →
 * check_collision's placement test): it stays ETHEREAL with CHECK_ETHEREAL_TS and set_ethereal
 * answers false. Moved 2 m apart, it becomes solid. A STATIC other never blocks
 * (check_collision answers false for a static object). */
static void ethereal_refused_while_overlapping(void)
{
    acp_terrain *t = flat_terrain();
    acp_world *w = world_on(t);
    acp_physobj *a = ball(w, 1, ACP_ETHEREAL_PS, &BALL, 30.0f, 30.0f, 0.0f);
    acp_physobj *b = ball(w, 2, 0, &BALL, 30.5f, 30.0f, 0.0f);
    ENSURE_FBITS(b->position.frame.origin.x, 30.5f); /* a is ethereal: b was placed overlapping */
    ENSURE(!acp_physobj_set_ethereal(a, false));
    ENSURE(a->state & ACP_ETHEREAL_PS);
    ENSURE(a->transient_state & ACP_CHECK_ETHEREAL_TS);
    b->state |= ACP_STATIC_PS;
    ENSURE(acp_physobj_set_ethereal(a, false));
    ENSURE(!(a->state & ACP_ETHEREAL_PS));
    b->state &= ~(uint32_t)ACP_STATIC_PS;
    acp_physobj_set_ethereal(a, true);
    ENSURE(!acp_physobj_set_ethereal(a, false));
    acp_position away = local_position(BLOCK, 32.5f, 30.0f, 0.0f, 0.0f);
    ENSURE_EQ(acp_physobj_set_position(b, &away, ACP_PLACEMENT_SPF), ACP_SPE_OK);
    ENSURE(acp_physobj_set_ethereal(a, false));
    ENSURE(!(a->state & ACP_ETHEREAL_PS));
    ENSURE(!(a->transient_state & ACP_CHECK_ETHEREAL_TS));
    acp_world_destroy(w);
    acp_terrain_destroy(t);
}

/* The bound that lets CObjCell::find_obj_collisions skip objects whose shapes cannot reach the
 * sweep (physics/cell/objcell.c, and the copies of it its shadow entries keep) skips none that
 * retail's shape tests meet. CSphere::intersects_sphere tests the sweep's sphere 1 against the
 * radius sum made with sphere 0's radius: a mover whose small sphere 1 (r 0.1) would stand
 * 1.118 m from a ball (r 0.5) overlaps it by that rule (1.0 + 0.5 − EPSILON), so placement moves
 * it on until both its spheres are that far from the ball's centre. (The bound once used sphere
 * 1's own radius and left the mover overlapping at (30, 26).) */
static void second_sphere_meets_with_sphere_0s_radius(void)
{
    acp_terrain *t = flat_terrain();
    acp_world *w = world_on(t);
    acp_physobj *ob = acp_world_add_object(w, 1);
    const acp_sphere os = {{0.0f, 0.0f, 1.0f}, 0.5f};
    ob->part_array = acp_partarray_create_spheres(ob, &os, 1);
    acp_position p = local_position(BLOCK, 30.0f, 30.0f, 0.0f, 0.0f);
    ENSURE(acp_world_enter_object(w, ob, &p, 0.0));
    acp_physobj *m = acp_world_add_object(w, 2);
    const acp_sphere ms[2] = {{{0.0f, 0.0f, 1.5f}, 1.0f}, {{0.0f, 3.0f, 1.5f}, 0.1f}};
    m->part_array = acp_partarray_create_spheres(m, ms, 2);
    acp_position q = local_position(BLOCK, 30.0f, 26.0f, 0.0f, 0.0f);
    ENSURE(acp_world_enter_object(w, m, &q, 0.0));
    const acp_vec3 ball = {30.0f, 30.0f, 1.0f};
    for (int i = 0; i < 2; i++) {
        acp_vec3 c = acp_frame_localtoglobal(&m->position.frame, ms[i].center);
        double dx = (double)c.x - ball.x, dy = (double)c.y - ball.y, dz = (double)c.z - ball.z;
        ENSURE(dx * dx + dy * dy + dz * dz >= (1.5 - ACP_F_EPSILON) * (1.5 - ACP_F_EPSILON));
    }
    ENSURE(m->position.frame.origin.x != 30.0f || m->position.frame.origin.y != 26.0f);
    acp_world_destroy(w);
    acp_terrain_destroy(t);
}

/* The same for a small cylinder: CCylSphere::collides_with_sphere meets a sphere up to R + r
 * across and from −r to h + r up, so a corner lies up to R + h + 2r from the low point, beyond
 * |low| + h + R + r when r² > 2Rh. A humanoid-size sphere (r 0.48) asked to stand 0.55 m across
 * and 0.6 m up from a post of R 0.1, h 0.2 meets it there (0.55 ≤ 0.58 − EPSILON; |0.1 − 0.6| ≤
 * 0.48 − EPSILON + 0.1), so placement moves it to where it does not. (The bound once left it
 * there.) */
static void small_cylinder_meets_sphere_at_its_corner(void)
{
    static const acp_cylsphere small = {{0.0f, 0.0f, 0.0f}, 0.1f, 0.2f};
    acp_terrain *t = flat_terrain();
    acp_world *w = world_on(t);
    (void)post(w, 1, &small, 30.0f, 30.0f);
    acp_physobj *m = acp_world_add_object(w, 2);
    const acp_sphere ms = {{0.0f, 0.0f, 0.48f}, 0.48f};
    m->part_array = acp_partarray_create_spheres(m, &ms, 1);
    acp_position q = local_position(BLOCK, 30.55f, 30.0f, 0.12f, 0.0f);
    ENSURE(acp_world_enter_object(w, m, &q, 0.0));
    acp_sphere at = {acp_frame_localtoglobal(&m->position.frame, ms.center), 0.48f};
    acp_vec3 disp = {at.center.x - 30.0f, at.center.y - 30.0f, at.center.z};
    ENSURE(!acp_cylsphere_collides_with_sphere(&small, &at, disp, (float)(0.1 + 0.48 - ACP_F_EPSILON)));
    ENSURE(m->position.frame.origin.x != 30.55f || m->position.frame.origin.y != 30.0f);
    acp_world_destroy(w);
    acp_terrain_destroy(t);
}

/* An object whose reach is NaN (a NaN scale) is always tested, as retail tests every object:
 * its entries' copies say INFINITY. */
static void nan_scale_always_tested(void)
{
    acp_terrain *t = flat_terrain();
    acp_world *w = world_on(t);
    acp_physobj *ob = ball(w, 1, 0, &BALL, 30.0f, 30.0f, 0.0f);
    /* the ball (centre z 0.5, radius 0.5) upright: S26's capsule 0.5 from the axis, else the sphere's 1 */
    ENSURE(acp_objcell_shadow_reach_of(ob).reach == (ACP_SHORTCUTS ? 0.5 : 1.0));
    acp_physobj_set_scale(ob, NAN, 0.0);
    ENSURE(acp_objcell_shadow_reach_of(ob).reach == INFINITY);
    ENSURE_EQ(acp_objcell_stale_shadow_reach(w), 0u);
    acp_world_destroy(w);
    acp_terrain_destroy(t);
}

/* The walk's pre-test takes a block's entries four at a time, each entry's cylinders flag a bit
 * of its block: a post listed 20th in its cell (the second block's fourth entry, behind 19 balls
 * off the path) stops the missile at 9.0 as it does alone (cylinder_side_hit); and so it does
 * after a ball's removal moved it into the first block (the list's last entry fills the hole:
 * its copy and flag move with it). */
static void post_found_in_either_block(void)
{
    for (int remove = 0; remove < 2; remove++) {
        acp_terrain *t = flat_terrain();
        acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 24);
        acp_terrain_attach(w, t);
        acp_physobj *balls[19];
        for (uint32_t i = 0; i < 19; i++) balls[i] = ball(w, 10 + i, 0, &BALL, 2.0f + (float)i, 20.0f, 0.0f);
        acp_physobj *c = post(w, 2, &POST, 10.0f, 10.0f);
        const uint32_t cell = BLOCK | 1u;
        ENSURE_EQ(list_of(w, cell)->num, 20u);
        ENSURE(entry(w, cell, 19) == c);
        if (remove) {
            acp_physobj_leave_world(balls[2]);
            ENSURE(entry(w, cell, 2) == c);
        }
        ENSURE_EQ(acp_objcell_stale_shadow_reach(w), 0u);
        acp_physobj *m = ball(w, 1, ACP_MISSILE_PS | ACP_INELASTIC_PS | ACP_REPORT_COLLISIONS_PS, &CENTERED, 7.0f,
                              10.0f, 1.0f);
        acp_physobj_set_velocity(m, (acp_vec3){25.0f, 0.0f, 0.0f});
        acp_physobj_update_object_internal(m, 0.1f);
        ENSURE_FBITS(m->position.frame.origin.x, 9.0f);
        ENSURE(m->colliding_with_environment);
        ENSURE_EQ(acp_objcell_stale_shadow_reach(w), 0u);
        acp_world_destroy(w);
        acp_terrain_destroy(t);
    }
}

/* A block without cylinders takes the pre-test's plain path, its four groups of four lanes
 * written out and only as many as the block holds (n > 4, > 8, > 12). The obstacle of
 * sphere_stops_at_radius_sum (a centred ball at x = 10) listed at every lane of the first
 * block, behind `lane` balls off the path, followed by the missile's own entry (the block then
 * holds lane + 2 entries; at lane 15 the missile's goes to the next block) or by balls filling
 * the block: the missile stops at 9.0 every time, and reports it. */
static void ball_met_at_every_lane(void)
{
    const uint32_t missile = ACP_MISSILE_PS | ACP_INELASTIC_PS | ACP_REPORT_COLLISIONS_PS;
    for (uint32_t lane = 0; lane < 16; lane++) {
        for (int fill = 0; fill < 2; fill++) {
            acp_terrain *t = flat_terrain();
            acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 24);
            acp_terrain_attach(w, t);
            uint32_t id = 10;
            for (uint32_t i = 0; i < lane; i++, id++) ball(w, id, 0, &BALL, 2.0f + (float)i, 20.0f, 0.0f);
            acp_physobj *obstacle = ball(w, 2, 0, &CENTERED, 10.0f, 10.0f, 1.0f);
            for (uint32_t i = lane + 1; fill && i < 16; i++, id++) ball(w, id, 0, &BALL, 2.0f + (float)i, 20.0f, 0.0f);
            const uint32_t cell = BLOCK | 1u;
            ENSURE_EQ(list_of(w, cell)->num, fill ? 16u : lane + 1u);
            ENSURE(entry(w, cell, lane) == obstacle);
            acp_physobj *m = ball(w, 1, missile, &CENTERED, 7.0f, 10.0f, 1.0f);
            acp_physobj_set_velocity(m, (acp_vec3){25.0f, 0.0f, 0.0f});
            w->frame_serial++;
            acp_physobj_update_object_internal(m, 0.1f);
            ENSURE_FBITS(m->position.frame.origin.x, 9.0f);
            ENSURE_EQ(acp_physobj_num_collisions(m), 1);
            ENSURE_EQ(m->reports.begin[0], 2);
            ENSURE_EQ(acp_objcell_stale_shadow_reach(w), 0u);
            acp_world_destroy(w);
            acp_terrain_destroy(t);
        }
    }
}

/* ---- the walk's bounds against retail's walk as written, at random ---- */

static uint64_t rnd(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static float rnd_in(uint64_t *s, float lo, float hi)
{
    return lo + (hi - lo) * (float)((double)(rnd(s) >> 40) / 16777216.0);
}

static const acp_sphere RND_ONE[4] = {
    {{0.0f, 0.0f, 0.5f}, 0.5f}, {{0.0f, 0.0f, 0.0f}, 0.3f}, {{0.3f, 0.2f, 1.0f}, 1.2f}, {{0.0f, 0.0f, 0.1f}, 0.1f}};
static const acp_sphere RND_TWO[2] = {{{0.0f, 0.0f, 0.5f}, 0.5f}, {{0.0f, 0.0f, 1.4f}, 0.4f}};
static const acp_cylsphere RND_CYL[2] = {{{0.0f, 0.0f, 0.0f}, 0.5f, 2.0f}, {{0.2f, 0.0f, 0.0f}, 1.5f, 0.5f}};
static const acp_setup RND_STEPPER = {.step_up_height = 0.7f, .step_down_height = 0.7f};
#define RND_OBJECTS 70

/* Two flat landblocks side by side (0xA9B4, 0xAAB4), so that lists hold entries of both. */
static acp_terrain *two_flat_blocks(void)
{
    acp_region region;
    memset(&region, 0, sizeof region);
    acp_terrain *t = acp_terrain_create(4);
    const uint32_t ids[2] = {0xA9B4FFFFu, 0xAAB4FFFFu};
    for (int i = 0; i < 2; i++) {
        acp_landblock rec;
        memset(&rec, 0, sizeof rec);
        rec.id = ids[i];
        acp_terrain_add_landblock(t, &rec, &region);
    }
    return t;
}

/* A crowded cell (24.5-31.5 m), the landblock edge x = 192, or a 60 m square. */
static acp_position rnd_position(uint64_t *s)
{
    uint32_t mode = (uint32_t)(rnd(s) % 4), block = BLOCK;
    float x, y;
    if (mode == 1) {
        x = rnd_in(s, 186.0f, 195.0f);
        y = rnd_in(s, 24.0f, 34.0f);
        if (x >= 192.0f) {
            x -= 192.0f;
            block = 0xAAB40000u;
        }
    } else if (mode == 2) {
        x = rnd_in(s, 10.0f, 70.0f);
        y = rnd_in(s, 10.0f, 70.0f);
    } else {
        x = rnd_in(s, 24.5f, 31.5f);
        y = rnd_in(s, 24.5f, 31.5f);
    }
    float z = rnd_in(s, 0.0f, 1.0f) < 0.7f ? 0.0f : rnd_in(s, 0.0f, 2.0f);
    return local_position(block, x, y, z, rnd_in(s, 0.0f, 360.0f));
}

static void rnd_enter(acp_world *w, acp_physobj *o, uint64_t *s)
{
    acp_position p = rnd_position(s);
    if (!acp_world_enter_object(w, o, &p, 0.0)) return;
    if (o->part_array && o->part_array->num_cylspheres) acp_physobj_shadow_in_place(o);
}

/* Balls of four sizes, two-sphere objects, posts, posts with a sphere; static, missiles,
 * inelastic, reporting, ethereal; some moving, some stepping up (a Setup's step heights). */
static void rnd_world(acp_world *w, uint64_t seed, acp_physobj **objs)
{
    static const uint32_t states[6] = {ACP_STATIC_PS, ACP_MISSILE_PS | ACP_INELASTIC_PS | ACP_REPORT_COLLISIONS_PS,
                                       ACP_INELASTIC_PS, ACP_REPORT_COLLISIONS_PS,
                                       ACP_ETHEREAL_PS | ACP_REPORT_COLLISIONS_PS, 0};
    uint64_t s = seed;
    for (uint32_t i = 0; i < RND_OBJECTS; i++) {
        acp_physobj *o = objs[i] = acp_world_add_object(w, 100 + i);
        uint32_t kind = (uint32_t)(rnd(&s) % 8);
        o->state = states[rnd(&s) % 6];
        if (kind < 4) {
            o->part_array = acp_partarray_create_spheres(o, &RND_ONE[kind], 1);
        } else if (kind == 4) {
            o->part_array = acp_partarray_create_spheres(o, RND_TWO, 2);
        } else {
            o->part_array = acp_partarray_create_spheres(o, kind == 7 ? RND_ONE : NULL, kind == 7 ? 1 : 0);
            o->part_array->num_cylspheres = 1;
            o->part_array->cylspheres = &RND_CYL[kind & 1];
        }
        rnd_enter(w, o, &s);
        if (rnd(&s) % 3 == 0) {
            if (kind < 5 && (rnd(&s) & 1)) {
                o->part_array->setup = &RND_STEPPER;
                o->state |= ACP_GRAVITY_PS;
            }
            acp_physobj_set_velocity(o, (acp_vec3){rnd_in(&s, -8.0f, 8.0f), rnd_in(&s, -8.0f, 8.0f), 0.0f});
        }
    }
}

/* Up to five changes: leave, enter, SetPosition, a scale (NaN, 0, 40, 1e30, -1.5, or 0.3-3.3,
 * at once or animated), a velocity, parenting, a shape's sphere count, ethereal. */
static void rnd_change(acp_world *w, uint64_t *s, acp_physobj **objs)
{
    static const float odd_scales[5] = {NAN, 0.0f, 40.0f, 1e30f, -1.5f};
    for (uint32_t m = (uint32_t)(rnd(s) % 6); m > 0; m--) {
        acp_physobj *o = objs[rnd(s) % RND_OBJECTS];
        uint32_t op = (uint32_t)(rnd(s) % 10);
        acp_position p = rnd_position(s);
        float a = rnd_in(s, -20.0f, 20.0f), b = rnd_in(s, -20.0f, 20.0f), c = rnd_in(s, 0.0f, 1.0f);
        if (op == 0 && o->has_cell) acp_physobj_leave_world(o);
        if (op == 1 && !o->has_cell) rnd_enter(w, o, s);
        if (op == 2 && o->has_cell) acp_physobj_set_position(o, &p, ACP_PLACEMENT_SPF | ACP_SLIDE_SPF);
        if (op == 3) acp_physobj_set_scale(o, c < 0.5f ? odd_scales[rnd(s) % 5] : 0.3f + 3.0f * c, 0.0);
        if (op == 4) acp_physobj_set_velocity(o, (acp_vec3){a, b, 0.0f});
        if (op == 5) {
            o->has_parent = !o->has_parent;
            acp_objcell_refresh_shadow_reach(o);
        }
        if (op == 6 && o->part_array) {
            o->part_array->num_spheres = o->part_array->num_spheres ? 0u : (o->part_array->spheres ? 1u : 0u);
            acp_objcell_refresh_shadow_reach(o);
        }
        if (op == 7) o->state ^= ACP_ETHEREAL_PS;
        if (op == 8) acp_physobj_set_scale(o, 0.3f + 2.0f * c, 0.2 + c);
    }
}

static bool same_objects(acp_physobj **x, acp_physobj **y)
{
    for (uint32_t i = 0; i < RND_OBJECTS; i++)
        if (memcmp(&x[i]->position, &y[i]->position, sizeof x[i]->position) ||
            memcmp(&x[i]->velocity, &y[i]->velocity, sizeof x[i]->velocity) ||
            x[i]->collision_table.num != y[i]->collision_table.num || x[i]->has_cell != y[i]->has_cell ||
            x[i]->transient_state != y[i]->transient_state)
            return false;
    return true;
}

/* Two worlds built and changed alike, one walking with the bounds and one as retail's walk is
 * written (shadow_walk_plain): 70 objects on two landblocks (lists of up to ~50 entries, four
 * blocks; entries of the other landblock), 150 steps of random changes (odd scales included:
 * negative, NaN, huge), each step every object's quantum (odd seeds: UseTime). Every object's
 * position, velocity, cell, transient state and collision records are the same bit for bit
 * after every step, and every copy is in step. ACP_WALK_SEEDS runs more seeds (a review ran
 * ~6,000). */
static void bounds_against_plain_walk_at_random(void)
{
    const char *env = getenv("ACP_WALK_SEEDS");
    const uint32_t seeds = env ? (uint32_t)strtoul(env, NULL, 10) : 24;
    for (uint32_t seed = 1; seed <= seeds; seed++) {
        acp_terrain *t = two_flat_blocks();
        acp_world *wa = acp_world_create(ACP_PROFILE_RETAIL, RND_OBJECTS + 4);
        acp_world *wb = acp_world_create(ACP_PROFILE_RETAIL, RND_OBJECTS + 4);
        acp_terrain_attach(wa, t);
        acp_terrain_attach(wb, t);
        wb->shadow_walk_plain = true;
        acp_physobj *oa[RND_OBJECTS], *ob[RND_OBJECTS];
        const uint64_t start = 0x9E3779B97F4A7C15ull * seed + 1;
        rnd_world(wa, start, oa);
        rnd_world(wb, start, ob);
        uint64_t sa = start ^ 0x1234u, sb = sa;
        bool same = true;
        for (int step = 0; step < 150 && same; step++) {
            rnd_change(wa, &sa, oa);
            rnd_change(wb, &sb, ob);
            if (seed & 1) {
                acp_world_use_time(wa, (step + 1) * (1.0 / 30.0));
                acp_world_use_time(wb, (step + 1) * (1.0 / 30.0));
            } else {
                for (uint32_t i = 0; i < RND_OBJECTS; i++) {
                    if (oa[i]->has_cell) acp_physobj_update_object_internal(oa[i], Q30);
                    if (ob[i]->has_cell) acp_physobj_update_object_internal(ob[i], Q30);
                }
            }
            ENSURE_EQ(acp_objcell_stale_shadow_reach(wa), 0u);
            same = same_objects(oa, ob);
            if (!same) printf("  seed %u, step %d: the walks differ\n", seed, step);
        }
        ENSURE(same);
        acp_world_destroy(wa);
        acp_world_destroy(wb);
        acp_terrain_destroy(t);
    }
}

/* A mover of negative scale (its sweep spheres' radii negative) flying +x into a resting ball
 * stops where retail's walk as written stops it: the bounds take the radii's magnitudes (they
 * took them as signed, an inverted box that ruled every entry out). */
static void negative_scale_mover_meets_as_retail(void)
{
    static const acp_sphere SMALL = {{0.0f, 0.0f, 0.0f}, 0.3f};
    static const acp_sphere BIG = {{0.3f, 0.2f, 1.0f}, 1.2f};
    float x[2], vx[2];
    for (int plain = 0; plain < 2; plain++) {
        acp_terrain *t = flat_terrain();
        acp_world *w = world_on(t);
        w->shadow_walk_plain = plain != 0;
        (void)ball(w, 2, 0, &SMALL, 7.5f, 10.0f, 0.0f);
        acp_physobj *m = ball(w, 1, 0, &BIG, 7.0f, 10.0f, 0.5f);
        acp_physobj_set_scale(m, -1.5f, 0.0);
        acp_physobj_set_velocity(m, (acp_vec3){5.0f, 0.0f, 0.0f});
        for (int i = 0; i < 10; i++) acp_physobj_update_object_internal(m, Q30);
        x[plain] = m->position.frame.origin.x;
        vx[plain] = m->velocity.x;
        acp_world_destroy(w);
        acp_terrain_destroy(t);
    }
    ENSURE(vx[1] != 5.0f); /* retail's walk meets the ball */
    ENSURE_FBITS(x[0], x[1]);
    ENSURE_FBITS(vx[0], vx[1]);
}

/* ---- environment reports (row O3) ---- */

/* A ball (the hand-built BALL: r 0.5 centred 0.5 over its origin) dropped 1 m over flat ground
 * under gravity lands: handle_all_collisions (0x00514780) calls report_environment_collision
 * (0x00512FC0) on the quantum it becomes OnWalkable from not (landing), which tells a
 * ReportCollisions object's weenie once (colliding_with_environment then holds it until a
 * quantum without an environment collision clears it; resting on the ground is no new
 * landing). The host's stand-in: one env report in the landing quantum's frame, none after;
 * the same drop without ReportCollisions reports nothing and lands the same. */
static void landing_reports_environment_once(void)
{
    float landed_z[2];
    for (int k = 0; k < 2; k++) {
        acp_terrain *t = flat_terrain();
        acp_world *w = world_on(t);
        const uint32_t state = ACP_GRAVITY_PS | (k == 0 ? ACP_REPORT_COLLISIONS_PS : 0);
        acp_physobj *o = ball(w, 1, state, &BALL, 40.0f, 40.0f, 1.0f);
        ENSURE(!(o->transient_state & ACP_ON_WALKABLE_TS));
        int reports = 0, frames_reported = 0, landing_frame = -1, reported_frame = -1;
        for (int i = 0; i < 60; i++) {
            w->frame_serial++;
            w->physics_time = (i + 1) * (double)Q30;
            const bool was = (o->transient_state & ACP_ON_WALKABLE_TS) != 0;
            acp_physobj_update_object_internal(o, Q30);
            const uint32_t n = acp_physobj_num_env_collisions(o);
            reports += (int)n;
            if (n) {
                frames_reported++;
                reported_frame = i;
            }
            if (!was && (o->transient_state & ACP_ON_WALKABLE_TS)) landing_frame = i;
        }
        ENSURE(landing_frame >= 0);
        ENSURE(o->transient_state & ACP_ON_WALKABLE_TS);
        ENSURE_EQ(reports, k == 0 ? 1 : 0);
        ENSURE_EQ(frames_reported, k == 0 ? 1 : 0);
        if (k == 0) ENSURE_EQ(reported_frame, landing_frame);
        landed_z[k] = o->position.frame.origin.z;
        acp_world_destroy(w);
        acp_terrain_destroy(t);
    }
    ENSURE_FBITS(landed_z[0], landed_z[1]);
}

void suite_collide(void)
{
    RUN(corner_in_four_cells);
    RUN(frame_placement_shadows);
    RUN(moving_updates_lists);
    RUN(leaving_empties_lists);
    RUN(sphere_stops_at_radius_sum);
    RUN(ethereal_and_ignored_pass);
    RUN(missile_and_launcher);
    RUN(glancing_hit_slides);
    RUN(reports_begin_and_end_once);
    RUN(landing_reports_environment_once);
    RUN(cylinder_side_hit);
    RUN(cylinder_top_landing);
    RUN(cylinder_step_up);
    RUN(ethereal_refused_while_overlapping);
    RUN(second_sphere_meets_with_sphere_0s_radius);
    RUN(small_cylinder_meets_sphere_at_its_corner);
    RUN(nan_scale_always_tested);
    RUN(post_found_in_either_block);
    RUN(ball_met_at_every_lane);
    RUN(negative_scale_mover_meets_as_retail);
    RUN(bounds_against_plain_walk_at_random);
}
