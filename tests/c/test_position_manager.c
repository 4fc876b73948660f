/* PositionManager tests (issue 13): interpolation, blips, keep_heading, MoveOrTeleport's far
 * placement and teleport stamps, sticky standoff and timeout, constraint scaling. Expected
 * values follow the retail rules of the PORTAL/cpmanager files and CPhysicsObj::MoveOrTeleport
 * (0x00516330); comments give the arithmetic. Fixture world: no terrain, so a sweep ends where
 * it is asked to and an object without spheres never translates (a "blocked" body). */
#include "test.h"

#include <string.h>

#include "dat/recfixture.h"
#include "physics/object/partarray.h"
#include "physics/object/physobj.h"
#include "physics/object/physobj_motion.h"
#include "physics/object/physobj_position.h"
#include "physics/position/position_manager.h"
#include "physics/world/physics.h"
#include "physics/world/smartbox.h"

static const acp_sphere ONE_SPHERE = {{0.0f, 0.0f, 0.5f}, 0.5f};
static const uint32_t CELL = 0xA9B40019u;

static acp_position at(float x, float y, float z)
{
    acp_position p = {CELL, acp_frame_identity()};
    p.frame.origin = (acp_vec3){x, y, z};
    return p;
}

/* A placed object in Contact with a movement manager (as every creature the server drives has:
 * without one an object on walkable ground goes inactive); with spheres it translates. Its
 * interpreter's max speed: run rate 1.0 × 4 = 4.0 m/s (not running forward). */
static acp_physobj *add(acp_world *w, uint32_t id, bool spheres, acp_position p)
{
    acp_physobj *o = acp_world_add_object(w, id);
    if (spheres) o->part_array = acp_partarray_create_spheres(o, &ONE_SPHERE, 1);
    acp_physobj_make_movement_manager(o, false);
    acp_world_place_object(w, o, &p, ACP_CONTACT_TS, 0.0);
    return o;
}

static acp_interpolation_manager *im_of(acp_physobj *o) { return &o->position_manager->interpolation; }

/* In Contact, 6 m from the target: each quantum moves by min(distance, 2 × 4.0 × quantum), the clamp k = step / d as a
 * float, y' = d × k; the node completes within 0.05 m. */
static void interp_steps_toward_target(void)
{
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 4);
    acp_physobj *o = add(w, 1, true, at(10.0f, 20.0f, 0.0f));
    acp_position target = at(10.0f, 26.0f, 0.0f);
    ENSURE(acp_physobj_interpolate_to(o, &target, false));
    ENSURE_EQ(acp_position_manager_num_nodes(o->position_manager), 1);
    const float q = (float)(1.0 / 60.0);
    const float step = (float)(8.0 * (double)q); /* my_max_speed × quantum */
    int quanta = 0;
    while (acp_position_manager_num_nodes(o->position_manager) && quanta < 100) {
        float y = o->position.frame.origin.y;
        float d = (float)(26.0 - (double)y);
        acp_physobj_update_object_internal(o, q);
        quanta++;
        bool reached = (double)d < (double)ACP_INTERP_NODE_REACHED;
        float moved_expect = reached ? 0.0f
                             : (double)d > (double)step ? (float)((double)d * (float)((double)step / d)) : d;
        ENSURE_FBITS(o->position.frame.origin.y, (float)((double)y + moved_expect));
        ENSURE_FBITS(o->position.frame.origin.x, 10.0f);
        ENSURE_EQ(o->position_manager->last_offset_source, reached ? ACP_OFFSET_ANIMATION : ACP_OFFSET_INTERPOLATION);
    }
    /* 45 clamped steps of 0.13333334 m leave 5.7e-6 m (the 45th saw 0.133338928 > the step);
     * the 46th quantum finds the node within 0.05 m and completes it without a move. */
    ENSURE_EQ(quanta, 46);
    ENSURE_FBITS(o->position.frame.origin.y, 25.9999943f);
    ENSURE_EQ(o->position_manager->interpolation.node_fail_counter, 0);
    acp_world_destroy(w);
}

/* Not in Contact: adjust_offset leaves the offset (the animation's) as it was, bit for bit. */
static void interp_needs_contact(void)
{
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 4);
    acp_physobj *o = add(w, 1, true, at(10.0f, 20.0f, 0.0f));
    acp_position target = at(10.0f, 26.0f, 0.0f);
    acp_physobj_interpolate_to(o, &target, false);
    o->transient_state &= ~(uint32_t)ACP_CONTACT_TS;
    acp_frame off = acp_frame_identity();
    off.origin = (acp_vec3){0.125f, -0.25f, 0.5f};
    acp_frame before = off;
    acp_position_manager_adjust_offset(o->position_manager, &off, 1.0 / 60.0);
    ENSURE(memcmp(&off, &before, sizeof off) == 0);
    ENSURE_EQ(o->position_manager->last_offset_source, ACP_OFFSET_ANIMATION);
    ENSURE_EQ(acp_position_manager_num_nodes(o->position_manager), 1);
    ENSURE_EQ(o->position_manager->interpolation.frame_counter, 0);
    acp_world_destroy(w);
}

/* A blocked body (no spheres: never translates) with five nodes 2 m apart. The first audit
 * (quantum 5) passes against BIG_DISTANCE and measures; every later audit (quanta 10, 15, 20,
 * 25) sees no progress at 2 m or more and fails the head node. The fourth failure makes
 * node_fail_counter 4 > 3, and UseTime of that same quantum blips to the tail (y + 10). */
static void interp_blocked_blips_after_four_failures(void)
{
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 4);
    acp_physobj *o = add(w, 1, false, at(10.0f, 20.0f, 0.0f));
    for (int i = 1; i <= 5; i++) {
        acp_position p = at(10.0f, 20.0f + 2.0f * (float)i, 0.0f);
        acp_physobj_interpolate_to(o, &p, false);
    }
    ENSURE_EQ(acp_position_manager_num_nodes(o->position_manager), 5);
    const float q = (float)(1.0 / 60.0);
    for (int i = 1; i <= 24; i++) acp_physobj_update_object_internal(o, q);
    ENSURE_EQ(im_of(o)->node_fail_counter, 3);
    ENSURE_EQ(acp_position_manager_num_nodes(o->position_manager), 2);
    ENSURE_FBITS(o->position.frame.origin.y, 20.0f);
    ENSURE_FBITS(im_of(o)->original_distance, 8.0f); /* measured when node 4 became the head */
    acp_physobj_update_object_internal(o, q);
    ENSURE_FBITS(o->position.frame.origin.y, 30.0f);
    ENSURE_EQ(acp_position_manager_num_nodes(o->position_manager), 0);
    ENSURE_EQ(im_of(o)->node_fail_counter, 0);
    acp_world_destroy(w);
}

/* One node, blocked: its failure (quantum 10) leaves the queue empty with blipto_position =
 * the node, and node_fail_counter 1 > 0 with an empty queue blips in the same UseTime. */
static void interp_last_node_failure_blips(void)
{
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 4);
    acp_physobj *o = add(w, 1, false, at(10.0f, 20.0f, 0.0f));
    acp_position p = at(10.0f, 22.0f, 0.0f);
    acp_physobj_interpolate_to(o, &p, false);
    const float q = (float)(1.0 / 60.0);
    for (int i = 1; i <= 9; i++) acp_physobj_update_object_internal(o, q);
    ENSURE_FBITS(o->position.frame.origin.y, 20.0f);
    ENSURE_EQ(im_of(o)->frame_counter, 4);
    acp_physobj_update_object_internal(o, q);
    ENSURE_FBITS(o->position.frame.origin.y, 22.0f);
    ENSURE_EQ(acp_position_manager_num_nodes(o->position_manager), 0);
    ENSURE_EQ(im_of(o)->node_fail_counter, 0);
    acp_world_destroy(w);
}

/* A blocked body within 0.2 m of the node completes it at the audit instead of failing. */
static void interp_audit_close_completes(void)
{
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 4);
    acp_physobj *o = add(w, 1, false, at(10.0f, 20.0f, 0.0f));
    acp_position p = at(10.0f, 20.125f, 0.0f);
    acp_physobj_interpolate_to(o, &p, false);
    const float q = (float)(1.0 / 60.0);
    for (int i = 1; i <= 10; i++) acp_physobj_update_object_internal(o, q);
    ENSURE_EQ(acp_position_manager_num_nodes(o->position_manager), 0);
    ENSURE_EQ(im_of(o)->node_fail_counter, 0);
    ENSURE_FBITS(o->position.frame.origin.y, 20.0f);
    acp_world_destroy(w);
}

/* keep_heading: the node takes the object's heading and the step's heading is zeroed, so the
 * body does not turn; a near InterpolateTo sets the manager's keep_heading, a far one does not;
 * the already-close branch (within 0.05 m) sets only the heading (unless keep_heading). */
static void interp_keep_heading(void)
{
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 4);
    acp_physobj *o = add(w, 1, true, at(10.0f, 20.0f, 0.0f));
    acp_position target = at(13.0f, 24.0f, 0.0f);
    acp_frame_set_heading(&target.frame, 90.0f);
    acp_physobj_interpolate_to(o, &target, true);
    ENSURE(im_of(o)->keep_heading);
    const float q = (float)(1.0 / 60.0);
    for (int i = 0; i < 10; i++) {
        acp_physobj_update_object_internal(o, q);
        ENSURE_FBITS(o->position.frame.qw, 1.0f);
        ENSURE_FBITS(o->position.frame.qz, 0.0f);
    }
    ENSURE(o->position.frame.origin.y > 20.5f); /* it moved */
    /* A near target without keep_heading replaces it for the whole manager. */
    acp_position near = at(13.0f, 26.0f, 0.0f);
    acp_physobj_interpolate_to(o, &near, false);
    ENSURE(!im_of(o)->keep_heading);
    /* A far one (past the 100 m blip distance outdoors) queues without touching it. */
    acp_position far = at(13.0f, 160.0f, 0.0f);
    acp_physobj_interpolate_to(o, &far, true);
    ENSURE(!im_of(o)->keep_heading);
    ENSURE_EQ(im_of(o)->node_fail_counter, 4);
    acp_physobj_stop_interpolating(o);
    /* Already there (0.04 m): heading only, then StopInterpolating. */
    acp_vec3 here = o->position.frame.origin;
    acp_position close = at(here.x, (float)((double)here.y + 0.04), here.z);
    acp_frame_set_heading(&close.frame, 90.0f);
    acp_physobj_interpolate_to(o, &close, false);
    acp_frame expect = o->position.frame;
    ENSURE_FBITS(o->position.frame.origin.y, here.y);
    acp_frame h = close.frame;
    ENSURE_FBITS(expect.qw, h.qw);
    ENSURE_FBITS(expect.qz, h.qz);
    ENSURE_EQ(acp_position_manager_num_nodes(o->position_manager), 0);
    acp_frame_set_heading(&close.frame, 180.0f);
    acp_physobj_interpolate_to(o, &close, true);
    ENSURE_FBITS(o->position.frame.qw, h.qw); /* keep_heading: unchanged */
    /* A fresh manager's keep_heading (uninitialised in retail, false here: DEVIATIONS S12): a far
     * position first, asked with keep_heading, is blipped to with the server's heading (90). */
    acp_physobj *f = add(w, 2, true, at(10.0f, 20.0f, 0.0f));
    acp_position far2 = at(10.0f, 150.0f, 0.0f);
    acp_frame_set_heading(&far2.frame, 90.0f);
    acp_physobj_interpolate_to(f, &far2, true);
    ENSURE(!im_of(f)->keep_heading);
    acp_physobj_update_object_internal(f, q);
    ENSURE_FBITS(f->position.frame.origin.y, 150.0f);
    ENSURE_NEAR(acp_frame_get_heading(&f->position.frame), 90.0, 1e-4);
    acp_world_destroy(w);
}

/* The queue holds 20: the 21st near InterpolateTo drops the oldest. */
static void interp_queue_cap(void)
{
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 4);
    acp_physobj *o = add(w, 1, true, at(10.0f, 20.0f, 0.0f));
    for (int i = 1; i <= 21; i++) {
        acp_position p = at(10.0f, 20.0f + 0.5f * (float)i, 0.0f);
        acp_physobj_interpolate_to(o, &p, false);
    }
    ENSURE_EQ(acp_position_manager_num_nodes(o->position_manager), 20);
    ENSURE_FBITS(acp_interpolation_manager_head(im_of(o))->p.frame.origin.y, 21.0f);
    ENSURE_FBITS(acp_interpolation_manager_tail(im_of(o))->p.frame.origin.y, 30.5f);
    /* A target within 0.05 m of the tail replaces it. */
    acp_position p = at(10.0f, 30.53f, 0.0f);
    acp_physobj_interpolate_to(o, &p, false);
    ENSURE_EQ(acp_position_manager_num_nodes(o->position_manager), 20);
    ENSURE_FBITS(acp_interpolation_manager_tail(im_of(o))->p.frame.origin.y, 30.53f);
    acp_world_destroy(w);
}

/* UseTime: a velocity head node sets the velocity and completes; behind a velocity tail the blip
 * goes to the last position node and takes the tail's velocity. */
static void interp_velocity_and_jump_nodes(void)
{
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 4);
    acp_physobj *o = add(w, 1, true, at(10.0f, 20.0f, 0.0f));
    acp_physobj_make_position_manager(o);
    acp_position_manager_interpolate_to(o->position_manager, &(acp_position){CELL, acp_frame_identity()}, false);
    acp_interpolation_manager *im = im_of(o);
    acp_interpolation_manager_stop_interpolating(im);
    acp_position here = o->position;
    acp_interp_node *n = acp_interpolation_manager_push(im, ACP_INTERP_VELOCITY_NODE, &here);
    n->velocity = (acp_vec3){1.0f, 2.0f, 0.0f};
    acp_interpolation_manager_push(im, ACP_INTERP_JUMP_NODE, &here);
    acp_interpolation_manager_use_time(im);
    ENSURE_FBITS(o->velocity.y, 2.0f);
    ENSURE_EQ(im->count, 1);
    acp_interpolation_manager_use_time(im);
    ENSURE_EQ(im->count, 0);
    acp_position a = at(12.0f, 21.0f, 0.0f);
    acp_interpolation_manager_push(im, ACP_INTERP_POSITION_NODE, &a);
    n = acp_interpolation_manager_push(im, ACP_INTERP_VELOCITY_NODE, &here);
    n->velocity = (acp_vec3){0.0f, 3.0f, 0.0f};
    im->node_fail_counter = 4;
    acp_interpolation_manager_use_time(im);
    ENSURE_FBITS(o->position.frame.origin.x, 12.0f);
    ENSURE_FBITS(o->velocity.y, 3.0f);
    ENSURE_EQ(im->count, 0);
    acp_world_destroy(w);
}

/* GetAutonomyBlipDistance: the player 25 indoors / 100 outdoors, others 20 / 100. */
static void blip_distances(void)
{
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 4);
    acp_physobj *o = add(w, 1, false, at(10.0f, 20.0f, 0.0f));
    ENSURE_DBITS(acp_physobj_get_autonomy_blip_distance(o), 100.0);
    o->position.objcell_id = 0xA9B40100u;
    ENSURE_DBITS(acp_physobj_get_autonomy_blip_distance(o), 20.0);
    acp_world_set_player(w, o);
    ENSURE_DBITS(acp_physobj_get_autonomy_blip_distance(o), 25.0);
    o->position.objcell_id = 0xA9B400FFu;
    ENSURE_DBITS(acp_physobj_get_autonomy_blip_distance(o), 100.0);
    acp_world_destroy(w);
}

/* MoveOrTeleport: player_distance >= 96 places (SetPositionSimple), below interpolates; a stale
 * teleport stamp is ignored, a newer one teleports, 0xFFFF → 0 is newer, 0 → 0xFFFF stale; not
 * in contact nothing. */
static void move_or_teleport_rules(void)
{
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 4);
    acp_physobj *o = add(w, 1, true, at(10.0f, 20.0f, 0.0f));
    acp_position p = at(10.0f, 25.0f, 0.0f);
    o->player_distance = 96.0f;
    ENSURE(acp_physobj_move_or_teleport(o, &p, 0, true, NULL));
    ENSURE_FBITS(o->position.frame.origin.y, 25.0f);
    ENSURE(o->position_manager == NULL);
    o->player_distance = 95.999992f; /* the float below 96 */
    acp_position q = at(10.0f, 30.0f, 0.0f);
    ENSURE(acp_physobj_move_or_teleport(o, &q, 0, true, NULL));
    ENSURE_FBITS(o->position.frame.origin.y, 25.0f);
    ENSURE_EQ(acp_position_manager_num_nodes(o->position_manager), 1);
    /* Not in contact: nothing. */
    ENSURE(!acp_physobj_move_or_teleport(o, &p, 0, false, NULL));
    ENSURE_EQ(acp_position_manager_num_nodes(o->position_manager), 1);
    /* Stamps. */
    o->update_times[ACP_TELEPORT_TS] = 5;
    ENSURE(!acp_physobj_move_or_teleport(o, &p, 4, true, NULL));
    ENSURE_FBITS(o->position.frame.origin.y, 25.0f);
    acp_position t = at(40.0f, 40.0f, 0.0f);
    ENSURE(acp_physobj_move_or_teleport(o, &t, 6, true, NULL));
    ENSURE_FBITS(o->position.frame.origin.x, 40.0f);
    ENSURE_EQ(o->update_times[ACP_TELEPORT_TS], 6);
    ENSURE_EQ(acp_position_manager_num_nodes(o->position_manager), 0); /* teleport_hook */
    o->update_times[ACP_TELEPORT_TS] = 0xFFFF;
    acp_position t2 = at(50.0f, 40.0f, 0.0f);
    ENSURE(acp_physobj_move_or_teleport(o, &t2, 0, true, NULL));
    ENSURE_FBITS(o->position.frame.origin.x, 50.0f);
    ENSURE_EQ(o->update_times[ACP_TELEPORT_TS], 0);
    ENSURE(!acp_physobj_move_or_teleport(o, &t, 0xFFFF, true, NULL));
    ENSURE_FBITS(o->position.frame.origin.x, 50.0f);
    /* 0x8000 from 0 is a difference of exactly 0x8000 > 0x7FFF: wraps, so it is older. */
    ENSURE(!acp_physobj_move_or_teleport(o, &t, 0x8000, true, NULL));
    /* 0x7FFF from 0 is newer. */
    ENSURE(acp_physobj_move_or_teleport(o, &t, 0x7FFF, true, NULL));
    ENSURE_FBITS(o->position.frame.origin.x, 40.0f);
    acp_world_destroy(w);
}

/* Sticky: A (20 m/s: 5 × 4.0) follows B, which walks north 0.05 m a quantum, and keeps 0.3 m
 * between their cylinders (radius 0 without a Setup) without ever coming closer; its heading
 * aims at B. The stick times out 1 s after StickTo (now > timeout, strictly). */
static void sticky_follows_at_standoff(void)
{
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 4);
    acp_physobj *a = add(w, 1, true, at(10.0f, 20.0f, 0.0f));
    acp_physobj *b = add(w, 2, true, at(13.0f, 24.0f, 0.0f));
    w->now = 0.0;
    ENSURE(acp_physobj_stick_to_object(a, 2));
    ENSURE_EQ(acp_physobj_get_sticky_object_id(a), 2);
    ENSURE(a->position_manager->sticky.initialized);
    const float q = (float)(1.0 / 60.0);
    acp_physobj_update_object_internal(a, q);
    ENSURE_NEAR(acp_frame_get_heading(&a->position.frame), 36.869897645844, 1e-3); /* atan2(3, 4) */
    ENSURE_EQ(a->position_manager->last_offset_source, ACP_OFFSET_STICKY);
    double dist = acp_position_distance(&a->position, &b->position);
    ENSURE_NEAR(dist, 5.0 - 20.0 * q, 1e-5);
    for (int i = 0; i < 50; i++) {
        b->position.frame.origin.y = (float)((double)b->position.frame.origin.y + 0.05);
        acp_physobj_update_object_internal(a, q);
        dist = acp_position_distance(&a->position, &b->position);
        ENSURE(dist >= 0.3 - 1e-5);
    }
    ENSURE_NEAR(dist, 0.3, 1e-5);
    w->now = 1.0;
    acp_physobj_update_object_internal(a, q);
    ENSURE_EQ(acp_physobj_get_sticky_object_id(a), 2);
    w->now = 1.0000001;
    acp_physobj_update_object_internal(a, q);
    ENSURE_EQ(acp_physobj_get_sticky_object_id(a), 0);
    ENSURE(!a->position_manager->sticky.initialized);
    acp_world_destroy(w);
}

/* Constraint (start 1, max 2): offsets pass whole up to 1 m travelled, then scale by
 * (2 − travelled) / (2 − 1), and are zero from 2 m; not in contact they pass but still count. */
static void constraint_scales_and_stops(void)
{
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 4);
    acp_physobj *o = add(w, 1, true, at(10.0f, 20.0f, 0.0f));
    acp_physobj_constrain_to(o, &o->position, 1.0f, 2.0f);
    acp_constraint_manager *cm = &o->position_manager->constraint;
    ENSURE_FBITS(cm->constraint_pos_offset, 0.0f);
    /* travelled 0, 0.5, 1.0 (not > 1): whole; 1.5: × 0.5; 1.75: × 0.25. */
    const float expect[] = {0.5f, 0.5f, 0.5f, 0.25f, 0.125f};
    const float seen_before[] = {0.0f, 0.5f, 1.0f, 1.5f, 1.75f};
    for (int i = 0; i < 5; i++) {
        ENSURE_FBITS(cm->constraint_pos_offset, seen_before[i]);
        acp_frame off = acp_frame_identity();
        off.origin.x = 0.5f;
        acp_position_manager_adjust_offset(o->position_manager, &off, 1.0 / 60.0);
        ENSURE_FBITS(off.origin.x, expect[i]);
    }
    ENSURE_FBITS(cm->constraint_pos_offset, 1.875f);
    ENSURE(acp_physobj_is_fully_constrained(o)); /* 2 × 0.9 = 1.8 < 1.875 */
    cm->constraint_pos_offset = 2.0f;
    acp_frame off = acp_frame_identity();
    off.origin = (acp_vec3){0.5f, 0.25f, 0.125f};
    acp_position_manager_adjust_offset(o->position_manager, &off, 1.0 / 60.0);
    ENSURE_FBITS(off.origin.x, 0.0f);
    ENSURE_FBITS(off.origin.z, 0.0f);
    ENSURE_EQ(o->position_manager->last_offset_source, ACP_OFFSET_CONSTRAINT);
    o->transient_state &= ~(uint32_t)ACP_CONTACT_TS;
    off.origin = (acp_vec3){0.5f, 0.0f, 0.0f};
    acp_position_manager_adjust_offset(o->position_manager, &off, 1.0 / 60.0);
    ENSURE_FBITS(off.origin.x, 0.5f);
    ENSURE_FBITS(cm->constraint_pos_offset, 2.5f);
    acp_physobj_unconstrain(o);
    ENSURE(!cm->is_constrained);
    cm->constraint_pos_offset = 1.8f;
    ENSURE(!acp_physobj_is_fully_constrained(o)); /* 1.8 < (float)1.8 as doubles: 1.8000000000000000444 vs 1.7999999523 */
    acp_world_destroy(w);
}

/* An UpdatePosition for a non-player, with a newer position stamp and its own teleport stamp. */
static acp_received_position received(acp_position p, uint16_t position_ts)
{
    acp_received_position m;
    memset(&m, 0, sizeof m);
    m.position = p;
    m.has_contact = true;
    m.position_timestamp = position_ts;
    return m;
}

/* SmartBox::HandleReceivedPosition (0x00453FD0, SmartBox.c:2227-2232): after MoveOrTeleport
 * accepts a non-player's position, the object is constrained at its OWN position (m_position),
 * with GetStartConstraintDistance / GetMaxConstraintDistance: 5 / 20 indoors (cell low word
 * >= 0x100). An indoor object (4.0 m/s max speed, so the interpolation walks 2 x 4 = 8 m/s,
 * 0.26666667 m a 30 Hz quantum) gets a position 18 m ahead (under the 20 m blip distance: queued).
 * Retail (audit server-driven D1): whole steps while the distance travelled is not past 5 m,
 * then each step scaled by (20 - travelled) / 15; the 5-quantum audit needs 0.3 of 8 m/s, so it
 * fails once the factor has fallen under 0.3 (travelled about 15.5-16 m, near quantum 90, 3 s),
 * more than 0.2 m short: node_fail_counter 1, NodeCompleted(0) leaves blipto = the target, and
 * the next UseTime blips the rest (about 2.2 m) with SetPositionSimple. Without the constraint
 * the object walks the 18 m at 8 m/s (about 68 quanta) with no blip. */
static void received_position_constrains_non_player(void)
{
    const uint32_t indoor = 0xA9B40100u;
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 4);
    acp_position start = at(10.0f, 20.0f, 0.0f);
    start.objcell_id = indoor;
    acp_physobj *o = add(w, 1, true, start);
    o->player_distance = 10.0f; /* within 96 m of the player */
    ENSURE(o->has_cell);
    ENSURE_DBITS(acp_physobj_get_start_constraint_distance(o), 5.0);
    ENSURE_DBITS(acp_physobj_get_max_constraint_distance(o), 20.0);
    acp_position target = at(10.0f, 38.0f, 0.0f);
    target.objcell_id = indoor;
    acp_received_position m = received(target, 1);
    ENSURE_EQ(acp_smartbox_handle_received_position(w, o, &m), ACP_RECEIVED_MOVED);
    ENSURE_EQ(o->update_times[ACP_POSITION_TS], 1);
    ENSURE_EQ(acp_position_manager_num_nodes(o->position_manager), 1);
    const acp_constraint_manager *cm = &o->position_manager->constraint;
    ENSURE(cm->is_constrained);
    ENSURE_FBITS(cm->constraint_pos.frame.origin.y, 20.0f); /* its own position, not the target */
    ENSURE_FBITS(cm->constraint_distance_start, 5.0f);
    ENSURE_FBITS(cm->constraint_distance_max, 20.0f);
    ENSURE_FBITS(cm->constraint_pos_offset, 0.0f);
    const float q = (float)(1.0 / 30.0);
    const double step = (double)(float)(8.0 * (double)q);
    int quanta = 0, blip_at = 0, scaled = 0;
    double travelled_before_blip = 0.0, blip_length = 0.0;
    while (quanta < 200 && o->position.frame.origin.y != 38.0f) {
        double y0 = o->position.frame.origin.y;
        float travelled = cm->constraint_pos_offset;
        w->now += q;
        acp_physobj_update_object_internal(o, q);
        quanta++;
        double moved = (double)o->position.frame.origin.y - y0;
        if (moved > 1.0) { /* the blip */
            blip_at = quanta;
            travelled_before_blip = y0 - 20.0;
            blip_length = moved;
            break;
        }
        if (moved == 0.0) continue; /* the audit's failing quantum: no offset */
        if ((double)travelled <= 5.0) {
            ENSURE_NEAR(moved, step, 1e-5);
        } else {
            ENSURE_NEAR(moved, step * (20.0 - travelled) / 15.0, 1e-5);
            scaled++;
        }
    }
    ENSURE(scaled > 30);
    ENSURE(blip_at >= 85 && blip_at <= 96);
    ENSURE(travelled_before_blip > 15.7 && travelled_before_blip < 15.8); /* the audit: 15.7 m, 2.25 m left */
    ENSURE_NEAR(blip_length, 18.0 - travelled_before_blip, 1e-5);
    ENSURE_FBITS(o->position.frame.origin.y, 38.0f);
    acp_world_destroy(w);
}

/* GetStart/MaxConstraintDistance outdoors: 10 / 50 (cell low word < 0x100), for the player too;
 * the constraint an outdoor server position leaves is at the object's own position. A position
 * that is not newer (the same stamp) changes nothing; one whose teleport stamp is older rolls the
 * position stamp back (SmartBox.c:2181). */
static void received_position_stamps_and_outdoor_distances(void)
{
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 4);
    acp_physobj *o = add(w, 1, true, at(10.0f, 20.0f, 0.0f));
    acp_physobj *pl = add(w, 2, true, at(50.0f, 20.0f, 0.0f));
    acp_world_set_player(w, pl);
    o->player_distance = 40.0f;
    ENSURE_DBITS(acp_physobj_get_start_constraint_distance(o), 10.0);
    ENSURE_DBITS(acp_physobj_get_max_constraint_distance(o), 50.0);
    ENSURE_DBITS(acp_physobj_get_start_constraint_distance(pl), 10.0);
    ENSURE_DBITS(acp_physobj_get_max_constraint_distance(pl), 50.0);
    acp_received_position m = received(at(10.0f, 25.0f, 0.0f), 3);
    ENSURE_EQ(acp_smartbox_handle_received_position(w, o, &m), ACP_RECEIVED_MOVED);
    const acp_constraint_manager *cm = &o->position_manager->constraint;
    ENSURE_FBITS(cm->constraint_pos.frame.origin.y, 20.0f);
    ENSURE_FBITS(cm->constraint_distance_start, 10.0f);
    ENSURE_FBITS(cm->constraint_distance_max, 50.0f);
    /* The same stamp again: stale, nothing queued. */
    m.position = at(10.0f, 30.0f, 0.0f);
    ENSURE_EQ(acp_smartbox_handle_received_position(w, o, &m), ACP_RECEIVED_STALE);
    ENSURE_EQ(acp_position_manager_num_nodes(o->position_manager), 1);
    /* A newer position stamp with an older teleport stamp: rolled back to 3. */
    o->update_times[ACP_TELEPORT_TS] = 7;
    m.position_timestamp = 4;
    m.teleport_timestamp = 6;
    ENSURE_EQ(acp_smartbox_handle_received_position(w, o, &m), ACP_RECEIVED_ROLLED_BACK);
    ENSURE_EQ(o->update_times[ACP_POSITION_TS], 3);
    ENSURE_EQ(acp_position_manager_num_nodes(o->position_manager), 1);
    /* Not in contact (and not a teleport): MoveOrTeleport refuses, no constraint is made. */
    acp_physobj *n = add(w, 3, true, at(30.0f, 20.0f, 0.0f));
    acp_received_position nc = received(at(30.0f, 25.0f, 0.0f), 1);
    nc.has_contact = false;
    n->player_distance = 20.0f;
    ENSURE_EQ(acp_smartbox_handle_received_position(w, n, &nc), ACP_RECEIVED_IGNORED);
    ENSURE(n->position_manager == NULL);
    /* 96 m or more from the player: placed at once (SetPositionSimple), then constrained there. */
    n->player_distance = 96.0f;
    nc.has_contact = true;
    nc.position_timestamp = 2;
    ENSURE_EQ(acp_smartbox_handle_received_position(w, n, &nc), ACP_RECEIVED_MOVED);
    ENSURE_FBITS(n->position.frame.origin.y, 25.0f);
    ENSURE(n->position_manager != NULL);
    if (!n->position_manager) {
        acp_world_destroy(w);
        return;
    }
    ENSURE_FBITS(n->position_manager->constraint.constraint_pos.frame.origin.y, 25.0f);
    ENSURE_FBITS(n->position_manager->constraint.constraint_pos_offset, 0.0f);
    acp_world_destroy(w);
}

/* The player's own UpdatePosition never goes through MoveOrTeleport (SmartBox.c:2198-2225):
 * - not a teleport: ConstrainTo the SERVER's position (the offset = its distance from the player)
 *   and, only when the command interpreter uses positions from the server (autonomy level != 2)
 *   and has_contact, InterpolateTo; by default (the interpreter's constructor: level 2) nothing
 *   is queued, where MoveOrTeleport would have queued a node;
 * - a newer teleport stamp: TeleportPlayer (SetPositionSimple), ConstrainTo there (offset 0),
 *   velocity 0, and no teleport_hook (a player's interpolation survives);
 * - a newer forced-position stamp with a teleport stamp not older: BlipPlayer, keeping the
 *   player's heading, and the position stamp set to the message's. */
static void received_position_player_path(void)
{
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 4);
    acp_physobj *pl = add(w, 2, true, at(50.0f, 20.0f, 0.0f));
    acp_world_set_player(w, pl);
    acp_received_position m = received(at(50.0f, 26.0f, 0.0f), 1);
    ENSURE_EQ(acp_smartbox_handle_received_position(w, pl, &m), ACP_RECEIVED_PLAYER);
    ENSURE_FBITS(pl->position.frame.origin.y, 20.0f);
    ENSURE(pl->position_manager != NULL); /* made by ConstrainTo */
    if (!pl->position_manager) {
        acp_world_destroy(w);
        return;
    }
    ENSURE_EQ(acp_position_manager_num_nodes(pl->position_manager), 0);
    const acp_constraint_manager *cm = &pl->position_manager->constraint;
    ENSURE(cm->is_constrained);
    ENSURE_FBITS(cm->constraint_pos.frame.origin.y, 26.0f);
    ENSURE_FBITS(cm->constraint_pos_offset, 6.0f);
    ENSURE_FBITS(cm->constraint_distance_start, 10.0f);
    ENSURE_FBITS(cm->constraint_distance_max, 50.0f);
    /* The interpreter uses server positions: interpolated too, keep_heading as it answers. */
    m.position_timestamp = 2;
    m.use_position_from_server = true;
    m.keep_heading = true;
    ENSURE_EQ(acp_smartbox_handle_received_position(w, pl, &m), ACP_RECEIVED_PLAYER);
    ENSURE_EQ(acp_position_manager_num_nodes(pl->position_manager), 1);
    ENSURE(pl->position_manager->interpolation.keep_heading);
    /* Without contact: constrained, not interpolated. */
    m.position_timestamp = 3;
    m.has_contact = false;
    m.position = at(50.0f, 27.0f, 0.0f);
    ENSURE_EQ(acp_smartbox_handle_received_position(w, pl, &m), ACP_RECEIVED_PLAYER);
    ENSURE_EQ(acp_position_manager_num_nodes(pl->position_manager), 1);
    ENSURE_FBITS(cm->constraint_pos.frame.origin.y, 27.0f);
    /* A teleport: placed, constrained there, stopped; the queued node is not dropped. */
    acp_physobj_set_velocity(pl, (acp_vec3){1.0f, 2.0f, 0.0f});
    m.position_timestamp = 4;
    m.teleport_timestamp = 1;
    m.has_contact = true;
    m.position = at(70.0f, 40.0f, 0.0f);
    ENSURE_EQ(acp_smartbox_handle_received_position(w, pl, &m), ACP_RECEIVED_TELEPORT_PLAYER);
    ENSURE_FBITS(pl->position.frame.origin.x, 70.0f);
    ENSURE_FBITS(pl->position.frame.origin.y, 40.0f);
    ENSURE_EQ(pl->update_times[ACP_TELEPORT_TS], 1);
    ENSURE_FBITS(cm->constraint_pos.frame.origin.x, 70.0f);
    ENSURE_FBITS(cm->constraint_pos_offset, 0.0f);
    ENSURE_FBITS(pl->velocity.x, 0.0f);
    ENSURE_FBITS(pl->velocity.y, 0.0f);
    ENSURE_EQ(acp_position_manager_num_nodes(pl->position_manager), 1);
    /* A forced position: the heading (90 here) is kept, the message's position stamp taken even
     * when it is not newer. */
    acp_frame_set_heading(&pl->position.frame, 90.0f);
    m.force_position_timestamp = 1;
    m.position_timestamp = 2;
    m.position = at(80.0f, 40.0f, 0.0f);
    ENSURE_EQ(acp_smartbox_handle_received_position(w, pl, &m), ACP_RECEIVED_BLIP_PLAYER);
    ENSURE_FBITS(pl->position.frame.origin.x, 80.0f);
    ENSURE_NEAR(acp_frame_get_heading(&pl->position.frame), 90.0, 1e-4);
    ENSURE_EQ(pl->update_times[ACP_POSITION_TS], 2);
    ENSURE_EQ(pl->update_times[ACP_FORCE_POSITION_TS], 1);
    /* The same forced stamp again is not newer: the ordinary path (stamp 3 is newer than 2). */
    m.position_timestamp = 3;
    ENSURE_EQ(acp_smartbox_handle_received_position(w, pl, &m), ACP_RECEIVED_PLAYER);
    acp_world_destroy(w);
}

/* SmartBox::UnpackPositionEvent (0x004542C0): the message's instance stamp against the object's
 * update_times[INSTANCE_TS] (8), with newer_event's wraparound test (|d| > 0x7FFF: the smaller
 * number is the newer): equal → HandleReceivedPosition (1); the message's newer, or no object →
 * 4 (ACSmartBox queues it for the object's CreateObject); the message's older → 2 (dropped).
 * At a distance of exactly 0x8000 the rule is not symmetric: own 0, message 0x8000 → the message
 * is not newer (0x8000 < 0 is false) → 2; own 0x8000, message 0 → newer (0 < 0x8000) → 4. */
static void position_event_instance_stamp(void)
{
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 4);
    acp_physobj *o = add(w, 1, true, at(10.0f, 20.0f, 0.0f));
    o->player_distance = 200.0f; /* past 96 m: an accepted position is placed at once */
    o->update_times[ACP_INSTANCE_TS] = 5;
    acp_received_position m = received(at(10.0f, 22.0f, 0.0f), 1);
    uint32_t handled = 99;
    m.instance_timestamp = 4;
    ENSURE_EQ(acp_smartbox_unpack_position_event(w, o, &m, &handled), ACP_POSITION_EVENT_OLD_INSTANCE);
    m.instance_timestamp = 6;
    ENSURE_EQ(acp_smartbox_unpack_position_event(w, o, &m, &handled), ACP_POSITION_EVENT_QUEUED);
    ENSURE_EQ(handled, 99);
    ENSURE_EQ(o->update_times[ACP_POSITION_TS], 0); /* neither touched the object */
    ENSURE_FBITS(o->position.frame.origin.y, 20.0f);
    ENSURE(o->position_manager == NULL);
    ENSURE_EQ(acp_smartbox_unpack_position_event(w, NULL, &m, &handled), ACP_POSITION_EVENT_QUEUED);
    m.instance_timestamp = 5;
    ENSURE_EQ(acp_smartbox_unpack_position_event(w, o, &m, &handled), ACP_POSITION_EVENT_HANDLED);
    ENSURE_EQ(handled, ACP_RECEIVED_MOVED);
    ENSURE_EQ(o->update_times[ACP_POSITION_TS], 1);
    ENSURE_FBITS(o->position.frame.origin.y, 22.0f);
    /* Wraparound and the 0x8000 boundary. */
    static const struct { uint16_t own, msg; uint32_t want; } CASES[] = {
        {0xFFFFu, 0x0000u, ACP_POSITION_EVENT_QUEUED},       {0x0000u, 0xFFFFu, ACP_POSITION_EVENT_OLD_INSTANCE},
        {0x0000u, 0x7FFFu, ACP_POSITION_EVENT_QUEUED},       {0x7FFFu, 0x0000u, ACP_POSITION_EVENT_OLD_INSTANCE},
        {0x0000u, 0x8000u, ACP_POSITION_EVENT_OLD_INSTANCE}, {0x8000u, 0x0000u, ACP_POSITION_EVENT_QUEUED},
    };
    for (size_t i = 0; i < sizeof CASES / sizeof CASES[0]; i++) {
        o->update_times[ACP_INSTANCE_TS] = CASES[i].own;
        m.instance_timestamp = CASES[i].msg;
        m.position_timestamp = (uint16_t)(o->update_times[ACP_POSITION_TS] + 1u);
        ENSURE_EQ(acp_smartbox_unpack_position_event(w, o, &m, NULL), CASES[i].want);
    }
    ENSURE_EQ(o->update_times[ACP_POSITION_TS], 1); /* none of them was handled */
    acp_world_destroy(w);
}

/* HandleReceivedPosition (SmartBox.c:2195-2196): an accepted position (newer stamp, teleport
 * stamp not older) of an object whose sequence holds no animations (CPhysicsObj::HasAnims)
 * first gets CPhysicsObj::SetPlacementFrame(placement_id): the Setup's placement of that id, else
 * placement 0, and the parts placed at the object's frame. A one-part Setup with placements 0x65
 * (part at z 1, the one InitObjectEnd chooses) and 0 (part at z 2), the object at (10, 20, 0)
 * heading north: placement 0 puts the part at (10, 20, 2); 7 (absent) falls back to 0; a stale
 * message changes nothing; with a default animation (HasAnims) the placement stays 0x65 — for
 * the player too (the player's branch comes after it). */
static void received_position_placement_frame(void)
{
    acp_fixture *fx = acp_fixture_create();
    acp_fixture_animation(fx, 0x03000001u, 4, 1, NULL);
    acp_setup *s = acp_fixture_setup(fx, 0x02000001u, 1, &ONE_SPHERE, 1);
    acp_aframe rest = {{0.0f, 0.0f, 1.0f}, 1.0f, 0.0f, 0.0f, 0.0f};
    acp_aframe dflt = {{0.0f, 0.0f, 2.0f}, 1.0f, 0.0f, 0.0f, 0.0f};
    ENSURE(acp_fixture_setup_placement(s, 0x65u, &rest));
    ENSURE(acp_fixture_setup_placement(s, 0u, &dflt));
    acp_setup *animated = acp_fixture_setup(fx, 0x02000002u, 1, &ONE_SPHERE, 1);
    ENSURE(acp_fixture_setup_placement(animated, 0x65u, &rest));
    ENSURE(acp_fixture_setup_placement(animated, 0u, &dflt));
    animated->default_animation = 0x03000001u;
    acp_record_source src = acp_fixture_source(fx);
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 4);
    acp_position p = at(10.0f, 20.0f, 0.0f);
    acp_physobj *o = acp_world_add_object(w, 1);
    ENSURE(acp_physobj_set_setup(o, s, &src));
    acp_world_place_object(w, o, &p, ACP_CONTACT_TS, 0.0);
    o->player_distance = 200.0f;
    ENSURE(!acp_sequence_has_anims(&o->part_array->sequence));
    ENSURE_EQ(o->part_array->sequence.placement_frame_id, 0x65u);
    ENSURE_FBITS(acp_partarray_part_frames(o->part_array)[0].origin.z, 1.0f);
    acp_received_position m = received(p, 1);
    m.placement_id = 0;
    ENSURE_EQ(acp_smartbox_handle_received_position(w, o, &m), ACP_RECEIVED_MOVED);
    ENSURE_EQ(o->part_array->sequence.placement_frame_id, 0u);
    const acp_frame *part = acp_partarray_part_frames(o->part_array);
    ENSURE_FBITS(part[0].origin.x, 10.0f);
    ENSURE_FBITS(part[0].origin.y, 20.0f);
    ENSURE_FBITS(part[0].origin.z, 2.0f);
    /* A stale message (stamp 1 again) with placement 0x65: nothing. */
    m.placement_id = 0x65u;
    ENSURE_EQ(acp_smartbox_handle_received_position(w, o, &m), ACP_RECEIVED_STALE);
    ENSURE_EQ(o->part_array->sequence.placement_frame_id, 0u);
    /* Newer: back to Resting; then 7, which the Setup lacks: placement 0. */
    m.position_timestamp = 2;
    ENSURE_EQ(acp_smartbox_handle_received_position(w, o, &m), ACP_RECEIVED_MOVED);
    ENSURE_EQ(o->part_array->sequence.placement_frame_id, 0x65u);
    ENSURE_FBITS(acp_partarray_part_frames(o->part_array)[0].origin.z, 1.0f);
    m.position_timestamp = 3;
    m.placement_id = 7;
    ENSURE_EQ(acp_smartbox_handle_received_position(w, o, &m), ACP_RECEIVED_MOVED);
    ENSURE_EQ(o->part_array->sequence.placement_frame_id, 0u);
    ENSURE_FBITS(acp_partarray_part_frames(o->part_array)[0].origin.z, 2.0f);
    /* An animated object (the player here) keeps its placement. */
    acp_physobj *pl = acp_world_add_object(w, 2);
    ENSURE(acp_physobj_set_setup(pl, animated, &src));
    acp_position q = at(30.0f, 20.0f, 0.0f);
    acp_world_place_object(w, pl, &q, ACP_CONTACT_TS, 0.0);
    acp_world_set_player(w, pl);
    ENSURE(acp_sequence_has_anims(&pl->part_array->sequence));
    acp_received_position mp = received(q, 1);
    mp.placement_id = 0;
    ENSURE_EQ(acp_smartbox_handle_received_position(w, pl, &mp), ACP_RECEIVED_PLAYER);
    ENSURE_EQ(pl->part_array->sequence.placement_frame_id, 0x65u);
    acp_world_destroy(w);
    acp_fixture_destroy(fx);
}

/* An object without a PositionManager never gets one from the update. */
static void no_manager_no_cost(void)
{
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 4);
    acp_physobj *o = add(w, 1, true, at(10.0f, 20.0f, 0.0f));
    for (int i = 0; i < 5; i++) acp_physobj_update_object_internal(o, (float)(1.0 / 60.0));
    ENSURE(o->position_manager == NULL);
    ENSURE_FBITS(o->position.frame.origin.y, 20.0f);
    acp_world_destroy(w);
}

void suite_position_manager(void)
{
    RUN(interp_steps_toward_target);
    RUN(received_position_constrains_non_player);
    RUN(received_position_stamps_and_outdoor_distances);
    RUN(received_position_player_path);
    RUN(position_event_instance_stamp);
    RUN(received_position_placement_frame);
    RUN(interp_needs_contact);
    RUN(interp_blocked_blips_after_four_failures);
    RUN(interp_last_node_failure_blips);
    RUN(interp_audit_close_completes);
    RUN(interp_keep_heading);
    RUN(interp_queue_cap);
    RUN(interp_velocity_and_jump_nodes);
    RUN(blip_distances);
    RUN(move_or_teleport_rules);
    RUN(sticky_follows_at_standoff);
    RUN(constraint_scales_and_stops);
    RUN(no_manager_no_cost);
}
