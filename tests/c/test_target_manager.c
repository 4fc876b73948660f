/* TargetManager tests (issue 13): the voyeur table and its iteration order, HandleTargetting's
 * 0.5 s cadence and 0.5 m radius (boundaries), the extrapolation by the quantum, the answer
 * timeout, sticky following of a target that moves, and what leaving the world or teleporting
 * tells the voyeurs. Expected values follow the retail rules of PORTAL/cphysobj/CTargetting.c,
 * PORTAL/cpmanager/CStickyManager.c and CPhysicsObj::exit_world / teleport_hook (0x00514E60,
 * 0x00514ED0); comments give the arithmetic. Fixture world: no terrain. */
#include "test.h"

#include <float.h>
#include <math.h>

#include "bench/alloc_count.h"
#include "physics/anim/movement_manager.h"
#include "physics/anim/moveto_manager.h"
#include "physics/object/partarray.h"
#include "physics/object/physobj.h"
#include "physics/object/physobj_motion.h"
#include "physics/object/physobj_position.h"
#include "physics/object/physobj_target.h"
#include "physics/object/target_manager.h"
#include "physics/position/position_manager.h"
#include "physics/world/physics.h"

static const acp_sphere ONE_SPHERE = {{0.0f, 0.0f, 0.5f}, 0.5f};
static const uint32_t CELL = 0xA9B40019u;

static acp_position at(float x, float y, float z)
{
    acp_position p = {CELL, acp_frame_identity()};
    p.frame.origin = (acp_vec3){x, y, z};
    return p;
}

/* A placed object in Contact with one sphere and a movement manager (max speed 4.0 m/s). */
static acp_physobj *add(acp_world *w, uint32_t id, acp_position p)
{
    acp_physobj *o = acp_world_add_object(w, id);
    o->part_array = acp_partarray_create_spheres(o, &ONE_SPHERE, 1);
    acp_physobj_make_movement_manager(o, false);
    acp_world_place_object(w, o, &p, ACP_CONTACT_TS, 0.0);
    return o;
}

static acp_target_manager *tm_of(acp_physobj *o) { return o->target_manager; }

/* set_target: the target makes a voyeur entry (radius 0.5, quantum as a float) and answers Ok at
 * once with its position; last_sent_position is that position. HandleTargetting passes when
 * physics_time − last_update_time >= 0.5 (0.5 exactly passes, 0.4999999 does not) and sends
 * when the extrapolated position is farther than the radius from the last sent: 0.5 m exactly
 * is not, the next float is. The extrapolation: origin + (float)quantum × cached_velocity. */
static void voyeur_cadence_and_radius(void)
{
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 4);
    acp_physobj *a = add(w, 1, at(10.0f, 20.0f, 0.0f));
    acp_physobj *t = add(w, 2, at(10.0f, 30.0f, 0.0f));
    w->now = 3.0;
    acp_physobj_set_target(a, 0, 2, 0.5f, 0.1);
    ENSURE(tm_of(a)->has_target);
    const acp_target_info *ti = &tm_of(a)->target_info;
    ENSURE_EQ(ti->status, ACP_TARGET_OK);
    ENSURE_EQ(ti->object_id, 2);
    ENSURE_DBITS(ti->last_update_time, 3.0);
    ENSURE_FBITS(ti->target_position.frame.origin.y, 30.0f);
    ENSURE_DBITS(ti->quantum, (double)0.1f); /* the entry's float came back with the answer */
    /* interpolated_heading: the unit offset from a to the interpolated position, due north. */
    ENSURE_FBITS(ti->interpolated_heading.y, 1.0f);
    ENSURE_FBITS(ti->interpolated_heading.x, 0.0f);
    acp_target_manager *ttm = tm_of(t);
    ENSURE_EQ(ttm->num_voyeurs, 1);
    const acp_voyeur_info *v = acp_target_manager_voyeur(ttm, 1);
    ENSURE_FBITS(v->radius, 0.5f);
    ENSURE_DBITS(v->quantum, (double)0.1f);
    ENSURE_FBITS(v->last_sent_position.frame.origin.y, 30.0f);
    ENSURE_EQ(ttm->updates_sent, 1);
    /* Not yet 0.5 s of physics time since 0 (the manager's start). */
    w->physics_time = nextafter(0.5, 0.0);
    acp_target_manager_handle_targetting(ttm);
    ENSURE_DBITS(ttm->last_update_time, 0.0);
    /* 0.5: a pass; the target stands (cached_velocity 0): no update, the pass is stamped. */
    w->physics_time = 0.5;
    acp_target_manager_handle_targetting(ttm);
    ENSURE_DBITS(ttm->last_update_time, 0.5);
    ENSURE_EQ(ttm->updates_sent, 1);
    /* Moved exactly 0.5 m: not farther than the radius. */
    t->position.frame.origin.y = 30.5f;
    w->physics_time = 1.0;
    acp_target_manager_handle_targetting(ttm);
    ENSURE_DBITS(ttm->last_update_time, 1.0);
    ENSURE_EQ(ttm->updates_sent, 1);
    t->position.frame.origin.y = nextafterf(30.5f, 31.0f);
    w->physics_time = 1.4;
    acp_target_manager_handle_targetting(ttm); /* 0.4 s after the last pass: none */
    ENSURE_EQ(ttm->updates_sent, 1);
    w->physics_time = 1.5;
    w->now = 4.5;
    acp_target_manager_handle_targetting(ttm);
    ENSURE_EQ(ttm->updates_sent, 2);
    ENSURE_FBITS(ti->target_position.frame.origin.y, nextafterf(30.5f, 31.0f));
    ENSURE_DBITS(ti->last_update_time, 4.5);
    /* Extrapolation: velocity (3, −2, 1) m/s and quantum (float)0.1. */
    t->cached_velocity = (acp_vec3){3.0f, -2.0f, 1.0f};
    t->position.frame.origin = (acp_vec3){10.0f, 30.0f, 0.0f};
    float q = 0.1f;
    acp_position p = acp_target_manager_get_interpolated_position(ttm, 0.1);
    ENSURE_FBITS(p.frame.origin.x, (float)((double)q * 3.0 + 10.0));
    ENSURE_FBITS(p.frame.origin.y, (float)((double)q * -2.0 + 30.0));
    ENSURE_FBITS(p.frame.origin.z, (float)(double)(float)((double)q * 1.0));
    w->physics_time = 2.0;
    acp_target_manager_handle_targetting(ttm);
    ENSURE_EQ(ttm->updates_sent, 3); /* (10.3, 29.8, 0.1) is 0.77 m from (10, 30.5, 0) */
    ENSURE_FBITS(ti->interpolated_position.frame.origin.x, p.frame.origin.x);
    ENSURE_FBITS(ti->velocity.y, -2.0f);
    /* set_target_quantum: stored, and the target's entry takes it as a float (no update). */
    acp_physobj_set_target_quantum(a, 2.25);
    ENSURE_DBITS(acp_physobj_get_target_quantum(a), 2.25);
    ENSURE_DBITS(acp_target_manager_voyeur(ttm, 1)->quantum, 2.25);
    ENSURE_EQ(ttm->updates_sent, 3);
    /* clear_target: the entry goes; the target's table stays (empty). */
    acp_physobj_clear_target(a);
    ENSURE(!tm_of(a)->has_target);
    ENSURE_EQ(ttm->num_voyeurs, 0);
    ENSURE(ttm->has_voyeur_table);
    ENSURE(!acp_physobj_remove_voyeur(t, 1));
    acp_world_destroy(w);
}

/* The table's order: bucket (id ^ id >> 16) % 4, newest first within a bucket. Ids 1, 3, 5,
 * 0x10001 fall in buckets 1, 3, 1, (0x10001 ^ 1) % 4 = 0: order 0x10001, 5, 1, 3. Adding an
 * existing voyeur only changes its radius and quantum and sends nothing. set_target(0): the
 * object is told TimedOut at once (no target kept). */
static void voyeur_order_and_re_add(void)
{
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 8);
    acp_physobj *t = add(w, 2, at(10.0f, 30.0f, 0.0f));
    const uint32_t ids[4] = {1, 3, 5, 0x10001};
    for (int i = 0; i < 4; i++) {
        add(w, ids[i], at(10.0f + (float)i, 20.0f, 0.0f));
        acp_physobj_add_voyeur(t, ids[i], 0.5f, 0.0f);
    }
    acp_target_manager *ttm = tm_of(t);
    ENSURE_EQ(ttm->num_voyeurs, 4);
    ENSURE_EQ(ttm->updates_sent, 4);
    ENSURE_EQ(ttm->voyeurs[0].object_id, 0x10001);
    ENSURE_EQ(ttm->voyeurs[1].object_id, 5);
    ENSURE_EQ(ttm->voyeurs[2].object_id, 1);
    ENSURE_EQ(ttm->voyeurs[3].object_id, 3);
    acp_physobj_add_voyeur(t, 5, 2.0f, 1.5f);
    ENSURE_EQ(ttm->num_voyeurs, 4);
    ENSURE_EQ(ttm->updates_sent, 4);
    ENSURE_FBITS(acp_target_manager_voyeur(ttm, 5)->radius, 2.0f);
    ENSURE_DBITS(acp_target_manager_voyeur(ttm, 5)->quantum, 1.5);
    ENSURE(acp_physobj_remove_voyeur(t, 5));
    ENSURE_EQ(ttm->voyeurs[1].object_id, 1);
    /* A voyeur without a TargetManager of its own ignores the update (receive_target_update). */
    ENSURE(acp_world_object(w, 1)->target_manager == NULL);
    /* set_target(0): TimedOut to HandleUpdateTarget; a waiting move-to there would cancel. */
    acp_physobj *a = acp_world_object(w, 1);
    acp_physobj_set_target(a, 0, 0, 0.5f, 0.0);
    ENSURE(!tm_of(a)->has_target);
    acp_world_destroy(w);
}

/* Sticky following of a target that walks north at 3 m/s (its velocity, as its sweep makes
 * cached_velocity): StickTo's set_target (radius 0.5, quantum 0.5) is answered Ok at once
 * (initialized); every pass of the target's HandleTargetting (0.5 s) that finds its position
 * 0.5 s ahead more than 0.5 m from the last sent sends Ok, and target_position becomes its
 * position then. The follower (20 m/s: 5 × 4.0) closes to 0.3 m between the cylinders (radius
 * 0 without a Setup) and never comes nearer, each quantum; it re-aims its heading at the target.
 * Nothing allocates in these quanta. */
static void sticky_follows_moving_target(void)
{
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 4);
    acp_physobj *a = add(w, 1, at(10.0f, 20.0f, 0.0f));
    acp_physobj *b = add(w, 2, at(12.0f, 24.0f, 0.0f));
    ENSURE(acp_physobj_stick_to_object(a, 2));
    ENSURE(a->position_manager->sticky.initialized);
    ENSURE(tm_of(a)->has_target);
    ENSURE_FBITS(acp_target_manager_voyeur(tm_of(b), 1)->radius, 0.5f);
    ENSURE_DBITS(acp_target_manager_voyeur(tm_of(b), 1)->quantum, 0.5);
    const float q = (float)(1.0 / 60.0);
    uint64_t a0 = acp_alloc_count();
    int sends = 0;
    double prev_pass = 0.0;
    for (int i = 0; i < 54; i++) { /* 0.9 s: inside the 1 s stick */
        w->now += q;
        w->physics_time = w->now;
        acp_physobj_set_velocity(b, (acp_vec3){0.0f, i < 36 ? 3.0f : 0.0f, 0.0f});
        uint32_t sent = tm_of(b)->updates_sent;
        acp_position last_sent = acp_target_manager_voyeur(tm_of(b), 1)->last_sent_position;
        acp_physobj_update_object_internal(b, q);
        bool pass = w->physics_time - prev_pass >= 0.5;
        if (pass) prev_pass = w->physics_time;
        acp_position ahead = acp_target_manager_get_interpolated_position(tm_of(b), 0.5);
        bool send = pass && acp_position_distance(&ahead, &last_sent) > 0.5;
        ENSURE_EQ(tm_of(b)->updates_sent - sent, send ? 1 : 0);
        if (send) {
            sends++;
            ENSURE_FBITS(a->position_manager->sticky.target_position.frame.origin.y, b->position.frame.origin.y);
        }
        acp_physobj_update_object_internal(a, q);
        ENSURE_EQ(a->position_manager->last_offset_source, ACP_OFFSET_STICKY);
        double dist = acp_position_distance(&a->position, &b->position);
        ENSURE(dist >= 0.3 - 1e-5);
    }
    ENSURE_EQ(acp_alloc_count() - a0, 0);
    ENSURE_EQ(sends, 1); /* the pass at 0.5 s: 1.5 m along, 1.5 m ahead */
    ENSURE(b->position.frame.origin.y > 25.5f);
    ENSURE_NEAR(acp_position_distance(&a->position, &b->position), 0.3, 1e-5);
    acp_vec3 d = acp_position_get_offset(&a->position, &b->position);
    ENSURE_NEAR(acp_frame_get_heading(&a->position.frame), acp_vec3_get_heading(d), 1e-3);
    ENSURE_EQ(acp_physobj_get_sticky_object_id(a), 2);
    acp_world_destroy(w);
}

/* exit_world of a target with three voyeurs, in table order 5, 1, 3 (buckets 1, 1, 3): A (1) moves
 * to it (started: ExitWorld cancels with 0x37), B (3) is stuck to it (unstuck), C (5) only
 * targets it (ReceiveUpdate stores ExitWorld, then drops the target). Each removes its own
 * entry while the table is walked; the target's own target goes too. A teleport (teleport_hook)
 * tells Teleported: a bare voyeur keeps the target with that status. */
static void exit_world_and_teleport_notify_voyeurs(void)
{
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 8);
    acp_physobj *t = add(w, 2, at(10.0f, 30.0f, 0.0f));
    acp_physobj *a = add(w, 1, at(10.0f, 20.0f, 0.0f));
    acp_physobj *b = add(w, 3, at(10.0f, 29.0f, 0.0f));
    acp_physobj *c = add(w, 5, at(14.0f, 30.0f, 0.0f));
    acp_physobj *other = add(w, 7, at(20.0f, 30.0f, 0.0f));
    acp_movement_params p = acp_movement_params_default();
    acp_physobj_move_to(a, ACP_MOVETO_OBJECT, 2, NULL, &p);
    ENSURE(a->movement_manager->moveto.initialized);
    ENSURE(acp_physobj_stick_to_object(b, 2));
    acp_physobj_set_target(c, 0, 2, 0.5f, 0.0);
    acp_physobj_set_target(t, 0, 7, 0.5f, 0.0); /* the target's own target */
    ENSURE_EQ(tm_of(t)->num_voyeurs, 3);
    ENSURE_EQ(tm_of(t)->voyeurs[0].object_id, 5);
    ENSURE_EQ(tm_of(t)->voyeurs[1].object_id, 1);
    ENSURE_EQ(tm_of(t)->voyeurs[2].object_id, 3);
    ENSURE_EQ(tm_of(other)->num_voyeurs, 1);
    uint32_t sent = tm_of(t)->updates_sent;
    acp_physobj_exit_world(t);
    ENSURE_EQ(tm_of(t)->updates_sent - sent, 3);
    ENSURE(!acp_physobj_is_moving_to(a));
    ENSURE_EQ(a->movement_manager->moveto.last_cancel, ACP_MOVETO_ERR_OBJECT_GONE);
    ENSURE(!tm_of(a)->has_target);
    ENSURE_EQ(acp_physobj_get_sticky_object_id(b), 0);
    ENSURE(!tm_of(b)->has_target);
    ENSURE(!tm_of(c)->has_target);
    ENSURE_EQ(tm_of(t)->num_voyeurs, 0);
    ENSURE(!tm_of(t)->has_target);
    ENSURE_EQ(tm_of(other)->num_voyeurs, 0);
    /* Teleported. */
    acp_physobj_set_target(c, 0, 2, 0.5f, 0.0);
    ENSURE_EQ(tm_of(c)->target_info.status, ACP_TARGET_OK);
    acp_physobj_teleport_hook(t);
    ENSURE(tm_of(c)->has_target);
    ENSURE_EQ(tm_of(c)->target_info.status, ACP_TARGET_TELEPORTED);
    ENSURE_EQ(tm_of(t)->num_voyeurs, 1);
    /* A later pass does not send to it again while the target stands (0 m from the last sent). */
    sent = tm_of(t)->updates_sent;
    w->physics_time = 5.0;
    acp_target_manager_handle_targetting(tm_of(t));
    ENSURE_EQ(tm_of(t)->updates_sent, sent);
    acp_world_destroy(w);
}

/* An object that never targets and is never targeted gets no TargetManager from its updates. */
static void no_target_manager_no_cost(void)
{
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 4);
    acp_physobj *o = add(w, 1, at(10.0f, 20.0f, 0.0f));
    for (int i = 0; i < 60; i++) {
        w->now += 1.0 / 60.0;
        w->physics_time = w->now;
        acp_physobj_update_object_internal(o, (float)(1.0 / 60.0));
    }
    ENSURE(o->target_manager == NULL);
    ENSURE_DBITS(acp_physobj_get_target_quantum(o), 0.0);
    acp_world_destroy(w);
}

void suite_target_manager(void)
{
    RUN(voyeur_cadence_and_radius);
    RUN(voyeur_order_and_re_add);
    RUN(sticky_follows_moving_target);
    RUN(exit_world_and_teleport_notify_voyeurs);
    RUN(no_target_manager_no_cost);
}
