/* PositionManager tests (issue 13): interpolation, blips, keep_heading, MoveOrTeleport's far
 * placement and teleport stamps, sticky standoff and timeout, constraint scaling. Expected
 * values follow the retail rules of the PORTAL/cpmanager files and CPhysicsObj::MoveOrTeleport
 * (0x00516330); comments give the arithmetic. Fixture world: no terrain, so a sweep ends where
 * it is asked to and an object without spheres never translates (a "blocked" body). */
#include "test.h"

#include "physics/object/partarray.h"
#include "physics/object/physobj.h"
#include "physics/object/physobj_motion.h"
#include "physics/object/physobj_position.h"
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
