/* MoveToManager tests (issue 13): TurnToHeading at 60 Hz and 144 Hz quanta, MoveToPosition's
 * arrival, fail_distance, the movement-type dispatch and cancel reasons. The humanoid stand-in
 * (a fixture shaped as data/portal-default.dat's 0x09000001: WalkForward 3.12 m/s, the TurnRight
 * modifier ω −1.5 rad/s) stands on fixture ground (Contact + OnWalkable, gravity off). Expected
 * values follow the retail rules of PORTAL/canim/CMoveToManager.c; comments give the arithmetic. */
#include "test.h"

#include <float.h>
#include <math.h>
#include <string.h>

#include "dat/recfixture.h"
#include "physics/anim/movement_manager.h"
#include "physics/anim/moveto_manager.h"
#include "physics/object/partarray.h"
#include "physics/object/physobj.h"
#include "physics/object/physobj_motion.h"
#include "physics/object/physobj_position.h"
#include "physics/object/physobj_target.h"
#include "physics/object/target_manager.h"
#include "bench/alloc_count.h"
#include "physics/position/position_manager.h"
#include "physics/world/physics.h"

#define NC ACP_STYLE_NONCOMBAT
#define KEY(style, m) (((uint32_t)(style) << 16) | ((m) & 0xFFFFFFu))
#define READY_ANIM 0x03000100u
#define RUN_ANIM 0x03000101u
#define WALK_ANIM 0x03000103u
#define SETUP_ID 0x02000001u
#define MTABLE_ID 0x09000001u
#define RADIUS 0.475f
#define HEIGHT 1.8f

static acp_motion_table *humanoid(acp_fixture *fx)
{
    acp_fixture_animation(fx, READY_ANIM, 10, 2, NULL);
    acp_fixture_animation(fx, WALK_ANIM, 10, 2, NULL);
    acp_fixture_animation(fx, RUN_ANIM, 10, 2, NULL);
    acp_motion_table *mt = acp_fixture_motion_table(fx, MTABLE_ID, NC);
    acp_fixture_style_default(mt, NC, ACP_MOTION_READY);
    acp_motion_data *ready = acp_fixture_motion(mt, ACP_FIXTURE_CYCLE, 0, KEY(NC, ACP_MOTION_READY));
    acp_fixture_motion_anim(ready, READY_ANIM, 0, -1, 30.0f);
    acp_motion_data *walk = acp_fixture_motion(mt, ACP_FIXTURE_CYCLE, 0, KEY(NC, ACP_MOTION_WALK_FORWARD));
    acp_fixture_motion_anim(walk, WALK_ANIM, 0, -1, 30.0f);
    walk->velocity = (acp_vec3){0.0f, 3.12f, 0.0f};
    acp_motion_data *run = acp_fixture_motion(mt, ACP_FIXTURE_CYCLE, 0, KEY(NC, ACP_MOTION_RUN_FORWARD));
    acp_fixture_motion_anim(run, RUN_ANIM, 0, -1, 30.0f);
    run->velocity = (acp_vec3){0.0f, 4.0f, 0.0f};
    acp_fixture_motion(mt, ACP_FIXTURE_MODIFIER, 0, ACP_MOTION_TURN_RIGHT & 0xFFFFFFu)->omega = (acp_vec3){0.0f, 0.0f, -1.5f};
    return mt;
}

typedef struct rig {
    acp_world *w;
    acp_physobj *o;
    acp_fixture *fx;
} rig;

/* The humanoid at (100, 100, 0) of 0xA9B40019, heading 0 (north), on fixture ground. */
#define HAND_COMBAT 0x8000003Cu
#define STYLE_LINK_ANIM 0x03000104u

/* The humanoid; with `styles`, its motion table also has the HandCombat style (default Ready). */
static void rig_init_with(rig *r, bool styles)
{
    static const acp_sphere spheres[2] = {{{0.0f, 0.0f, 0.475f}, 0.475f}, {{0.0f, 0.0f, 1.35f}, 0.475f}};
    r->fx = acp_fixture_create();
    acp_motion_table *mt = humanoid(r->fx);
    if (styles) {
        acp_fixture_style_default(mt, HAND_COMBAT, ACP_MOTION_READY);
        acp_fixture_motion_anim(acp_fixture_motion(mt, ACP_FIXTURE_CYCLE, 0, KEY(HAND_COMBAT, ACP_MOTION_READY)),
                                READY_ANIM, 0, -1, 30.0f);
        /* the links between the two styles' Ready: a 3-frame animation each way */
        acp_fixture_animation(r->fx, STYLE_LINK_ANIM, 3, 2, NULL);
        acp_fixture_motion_anim(acp_fixture_motion(mt, ACP_FIXTURE_LINK, KEY(NC, ACP_MOTION_READY), HAND_COMBAT),
                                STYLE_LINK_ANIM, 0, -1, 30.0f);
        acp_fixture_motion_anim(acp_fixture_motion(mt, ACP_FIXTURE_LINK, KEY(HAND_COMBAT, ACP_MOTION_READY), NC),
                                STYLE_LINK_ANIM, 0, -1, 30.0f);
    }
    acp_setup *s = acp_fixture_setup(r->fx, SETUP_ID, 2, spheres, 2);
    s->default_motion_table = MTABLE_ID;
    s->radius = RADIUS;
    s->height = HEIGHT;
    r->w = acp_world_create(ACP_PROFILE_RETAIL, 4);
    r->o = acp_world_add_object(r->w, 1);
    r->o->state = 0;
    acp_record_source src = acp_fixture_source(r->fx);
    ENSURE(acp_physobj_set_setup(r->o, s, &src));
    ENSURE(acp_physobj_set_motion_table(r->o, MTABLE_ID));
    acp_position p = {0xA9B40019u, acp_frame_identity()};
    p.frame.origin = (acp_vec3){100.0f, 100.0f, 0.0f};
    acp_world_place_object(r->w, r->o, &p, ACP_CONTACT_TS | ACP_ON_WALKABLE_TS, 0.0);
}

static void rig_init(rig *r) { rig_init_with(r, false); }

static void rig_free(rig *r)
{
    acp_world_destroy(r->w);
    acp_fixture_destroy(r->fx);
}

static acp_moveto_manager *mtm(rig *r) { return &r->o->movement_manager->moveto; }

/* One quantum of the object at the world's clock (UseTime's CheckProgressMade reads it). */
static void step(rig *r, float q)
{
    r->w->now += q;
    acp_physobj_update_object_internal(r->o, q);
}

static double heading(const rig *r) { return acp_frame_get_heading(&r->o->position.frame); }

/* TurnToHeading 90 from heading 0: TurnRight (diff 90 <= 180), at the modifier's 1.5 rad/s
 * (85.94 degrees a second; the sequence turns by whole 30 Hz animation frames, so the heading
 * steps on every other 60 Hz quantum), never past 90, and on passing it the heading is set to
 * exactly 90 and the turn stopped. The same at 144 Hz. */
static void turn_to_heading_stops_at_90(void)
{
    const float hzs[2] = {60.0f, 144.0f};
    for (int k = 0; k < 2; k++) {
        rig r;
        rig_init(&r);
        const float q = (float)(1.0 / hzs[k]);
        acp_movement_params p = acp_movement_params_default();
        p.desired_heading = 90.0f;
        ENSURE_EQ(acp_physobj_move_to(r.o, ACP_TURNTO_HEADING, 0, NULL, &p), 0);
        ENSURE(acp_physobj_is_moving_to(r.o));
        ENSURE_EQ(mtm(&r)->movement_type, ACP_TURNTO_HEADING);
        double prev = heading(&r), first_t = -1.0, last_t = 0.0, last_h = 0.0;
        int quanta = 0, turning = 0;
        while (acp_physobj_is_moving_to(r.o) && quanta < 2000) {
            double t0 = r.w->now;
            step(&r, q);
            quanta++;
            double h = heading(&r);
            ENSURE(h >= prev - 1e-9 && h <= 90.0 + 1e-4); /* monotone, no overshoot */
            if (h > prev + 1e-6 && acp_physobj_is_moving_to(r.o)) {
                if (first_t < 0.0) first_t = t0;
                turning++;
                last_t = r.w->now;
                last_h = h;
            }
            prev = h;
        }
        /* The average rate while turning: 1.5 rad/s, within one animation frame's step. */
        ENSURE_NEAR(last_h / (last_t - first_t), 1.5 * ACP_RAD_TO_DEG, 1.5 * ACP_RAD_TO_DEG / 30.0 / (last_t - first_t) + 1e-6);
        ENSURE(!acp_physobj_is_moving_to(r.o));
        ENSURE(turning > 10);
        acp_frame want = r.o->position.frame;
        acp_frame_set_heading(&want, 90.0f);
        ENSURE_FBITS(r.o->position.frame.qw, want.qw);
        ENSURE_FBITS(r.o->position.frame.qz, want.qz);
        ENSURE_EQ(mtm(&r)->current_command, 0);
        ENSURE_EQ(acp_physobj_motion_interp(r.o)->interpreted_state.turn_command, 0);
        /* 90 degrees at 85.94 degrees a second: just over a second of quanta. */
        ENSURE(quanta >= (int)(90.0 / (1.5 * ACP_RAD_TO_DEG) * hzs[k]));
        for (int i = 0; i < 20; i++) step(&r, q);
        ENSURE_FBITS(r.o->position.frame.qw, want.qw); /* stays */
        rig_free(&r);
    }
}

/* MoveToPosition 10 m north: the turn node finds 0 degrees to turn and goes; WalkForward (run
 * only past walk_run_threshhold 15 m + distance_to_object) at 3.12 m/s; use_spheres measures the
 * cylinder gap (centre distance − 0.475 − 0), arrival at <= distance_to_object 0.6, i.e. a
 * centre distance <= 1.075, within one quantum's 0.052 m of walk; then it stops (Ready). */
static void move_to_position_arrives_and_stops(void)
{
    rig r;
    rig_init(&r);
    acp_position target = r.o->position;
    target.frame.origin.y = 110.0f;
    acp_movement_params p = acp_movement_params_default();
    ENSURE_EQ(acp_physobj_move_to(r.o, ACP_MOVETO_POSITION, 0, &target, &p), 0);
    ENSURE_EQ(mtm(&r)->movement_type, ACP_MOVETO_POSITION);
    const float q = (float)(1.0 / 60.0);
    int quanta = 0;
    while (acp_physobj_is_moving_to(r.o) && quanta < 2000) {
        step(&r, q);
        quanta++;
        if (quanta == 60) ENSURE_EQ(acp_physobj_motion_interp(r.o)->interpreted_state.forward_command, ACP_MOTION_WALK_FORWARD);
    }
    ENSURE(!acp_physobj_is_moving_to(r.o));
    double d = acp_position_distance(&r.o->position, &target);
    ENSURE(d <= 1.075 + 1e-5);
    ENSURE(d > 1.075 - 3.12 / 60.0 - 1e-3);
    ENSURE_NEAR(r.o->position.frame.origin.x, 100.0, 1e-3);
    ENSURE_EQ(acp_physobj_motion_interp(r.o)->interpreted_state.forward_command, ACP_MOTION_READY);
    ENSURE_EQ(mtm(&r)->last_cancel, 0);
    /* About (10 − 1.075) / 3.12 s of walking. */
    ENSURE(quanta > (int)((10.0 - 1.075) / 3.12 * 60.0) - 2);
    acp_vec3 at = r.o->position.frame.origin;
    for (int i = 0; i < 60; i++) step(&r, q);
    ENSURE_FBITS(r.o->position.frame.origin.y, at.y); /* stopped: it stays */
    rig_free(&r);
}

/* fail_distance 5: walking to a point 50 m away, the first quantum that ends more than 5 m from
 * the start cancels with 0x3D (retail's "too far" WeenieError) and stops the object. */
static void move_to_position_fail_distance(void)
{
    rig r;
    rig_init(&r);
    acp_position start = r.o->position, target = r.o->position;
    target.frame.origin.y = 150.0f;
    acp_movement_params p = acp_movement_params_default();
    p.fail_distance = 5.0f;
    acp_physobj_move_to(r.o, ACP_MOVETO_POSITION, 0, &target, &p);
    const float q = (float)(1.0 / 60.0);
    int quanta = 0;
    double before = 0.0;
    while (acp_physobj_is_moving_to(r.o) && quanta < 2000) {
        before = acp_position_distance(&start, &r.o->position);
        step(&r, q);
        quanta++;
    }
    ENSURE(!acp_physobj_is_moving_to(r.o));
    ENSURE_EQ(mtm(&r)->last_cancel, ACP_MOVETO_ERR_TOO_FAR);
    double moved = acp_position_distance(&start, &r.o->position);
    ENSURE(moved > 5.0);
    ENSURE(before <= 5.0 + 1e-6);
    ENSURE_EQ(acp_physobj_motion_interp(r.o)->interpreted_state.forward_command, ACP_MOTION_READY);
    rig_free(&r);
}

/* A new motion state (the server's interpreted motion) cancels a running move-to with 0x36;
 * a teleport with 0x3C; a new move-to cancels the old one with 0x36. */
static void cancel_reasons(void)
{
    rig r;
    rig_init(&r);
    acp_position target = r.o->position;
    target.frame.origin.y = 120.0f;
    acp_movement_params p = acp_movement_params_default();
    acp_physobj_move_to(r.o, ACP_MOVETO_POSITION, 0, &target, &p);
    for (int i = 0; i < 10; i++) step(&r, (float)(1.0 / 60.0));
    ENSURE(acp_physobj_is_moving_to(r.o));
    acp_interpreted_motion m = acp_interpreted_motion_default();
    acp_physobj_apply_interpreted_motion(r.o, &m);
    ENSURE(!acp_physobj_is_moving_to(r.o));
    ENSURE_EQ(mtm(&r)->last_cancel, ACP_MOVETO_ERR_ACTION_CANCELLED);
    acp_physobj_move_to(r.o, ACP_MOVETO_POSITION, 0, &target, &p);
    ENSURE(acp_physobj_is_moving_to(r.o));
    acp_physobj_teleport_hook(r.o);
    ENSURE(!acp_physobj_is_moving_to(r.o));
    ENSURE_EQ(mtm(&r)->last_cancel, ACP_MOVETO_ERR_TELEPORTED);
    rig_free(&r);
}

/* MoveToObject with sticky: on arrival the MoveToManager hands the object to the StickyManager
 * (StickTo the target with its radius), and IsMovingTo turns false; nothing allocates. */
static void move_to_object_sticky_hand_off(void)
{
    rig r;
    rig_init(&r);
    acp_physobj *t = acp_world_add_object(r.w, 2);
    acp_position tp = r.o->position;
    tp.frame.origin.y = 104.0f;
    acp_world_place_object(r.w, t, &tp, ACP_CONTACT_TS, 0.0);
    acp_movement_params p = acp_movement_params_default();
    p.bitfield |= ACP_MP_STICKY;
    acp_physobj_move_to(r.o, ACP_MOVETO_OBJECT, 2, NULL, &p);
    ENSURE_EQ(mtm(&r)->movement_type, ACP_MOVETO_OBJECT);
    ENSURE(mtm(&r)->initialized);
    ENSURE(r.o->position_manager != NULL); /* made now for the hand-off */
    uint64_t a0 = acp_alloc_count();
    int quanta = 0;
    while (acp_physobj_is_moving_to(r.o) && quanta < 2000) {
        step(&r, (float)(1.0 / 60.0));
        quanta++;
    }
    ENSURE(!acp_physobj_is_moving_to(r.o));
    ENSURE_EQ(acp_physobj_get_sticky_object_id(r.o), 2);
    /* The hand-off: CleanUp's clear_target removed the voyeur entry, StickTo's set_target
     * (radius 0.5, quantum 0.5) re-added it in the same room and was answered at once. */
    ENSURE_EQ(acp_alloc_count() - a0, 0);
    ENSURE(r.o->position_manager->sticky.initialized);
    const acp_voyeur_info *v = acp_target_manager_voyeur(t->target_manager, 1);
    ENSURE(v != NULL);
    ENSURE_DBITS(v->quantum, 0.5);
    ENSURE_EQ(t->target_manager->num_voyeurs, 1);
    acp_world_destroy(r.w);
    acp_fixture_destroy(r.fx);
}

/* A target with one sphere, so its sweep moves it and its cached_velocity is offset / quantum;
 * no gravity. It stands on walkable ground, where friction slows it: step_pair sets its velocity
 * again before every quantum while it is driven. */
static acp_physobj *glider(rig *r, uint32_t id, float x, float y)
{
    static const acp_sphere one = {{0.0f, 0.0f, 0.5f}, 0.5f};
    acp_physobj *t = acp_world_add_object(r->w, id);
    t->state = 0;
    t->part_array = acp_partarray_create_spheres(t, &one, 1);
    acp_position p = r->o->position;
    p.frame.origin.x = x;
    p.frame.origin.y = y;
    acp_world_place_object(r->w, t, &p, ACP_CONTACT_TS, 0.0);
    return t;
}

/* The target's position extrapolated q seconds along its velocity, as GetInterpolatedPosition
 * stores it: x, y one double expression, z through a float product. */
static acp_position extrapolated(const acp_physobj *t, double quantum)
{
    acp_position p = t->position;
    float q = (float)quantum;
    p.frame.origin.x = (float)((double)q * t->cached_velocity.x + p.frame.origin.x);
    p.frame.origin.y = (float)((double)q * t->cached_velocity.y + p.frame.origin.y);
    p.frame.origin.z = (float)((double)(float)((double)q * t->cached_velocity.z) + p.frame.origin.z);
    return p;
}

typedef struct pass_log {
    int passes, sends;
    double last_send_t;
    acp_vec3 drive;                   /* the target's velocity, set before each of its quanta */
} pass_log;

/* One quantum of the target, then of the mover, on the world's clocks (physics time = now, as
 * the ladder makes it for a quantum that ends now). Checks the target's HandleTargetting against
 * the retail rule: a pass when 0.5 s of physics time went by since the last, an Ok update when
 * the extrapolated position is farther than 0.5 m from the last one sent, and what the mover's
 * TargetManager then holds. */
static void step_pair(rig *r, acp_physobj *t, float q, pass_log *log)
{
    r->w->now += q;
    r->w->physics_time = r->w->now;
    acp_target_manager *ttm = t->target_manager;
    const acp_voyeur_info *v = acp_target_manager_voyeur(ttm, r->o->id);
    double last = ttm->last_update_time;
    uint32_t sent = ttm->updates_sent;
    acp_position last_sent = v ? v->last_sent_position : (acp_position){0, acp_frame_identity()};
    double vq = v ? v->quantum : 0.0;
    acp_physobj_set_velocity(t, log->drive);
    acp_physobj_update_object_internal(t, q);
    bool pass = r->w->physics_time - last >= 0.5;
    ENSURE_DBITS(ttm->last_update_time, pass ? r->w->physics_time : last);
    acp_position interp = extrapolated(t, vq);
    bool send = pass && v && acp_position_distance(&interp, &last_sent) > 0.5;
    ENSURE_EQ(ttm->updates_sent - sent, send ? 1 : 0);
    if (pass) log->passes++;
    if (send) {
        log->sends++;
        log->last_send_t = r->w->now;
        const acp_target_info *ti = &r->o->target_manager->target_info;
        ENSURE_EQ(ti->status, ACP_TARGET_OK);
        ENSURE_FBITS(ti->target_position.frame.origin.x, t->position.frame.origin.x);
        ENSURE_FBITS(ti->interpolated_position.frame.origin.x, interp.frame.origin.x);
        ENSURE_FBITS(ti->interpolated_position.frame.origin.y, interp.frame.origin.y);
        ENSURE_FBITS(ti->velocity.x, t->cached_velocity.x);
        ENSURE_DBITS(ti->last_update_time, r->w->now);
        if (mtm(r)->movement_type == ACP_MOVETO_OBJECT) { /* re-aimed */
            ENSURE_FBITS(mtm(r)->current_target_position.frame.origin.x, t->position.frame.origin.x);
            ENSURE_FBITS(mtm(r)->sought_position.frame.origin.x, interp.frame.origin.x);
            ENSURE_FBITS(mtm(r)->previous_distance, FLT_MAX);
        }
    }
    acp_physobj_update_object_internal(r->o, q);
}

/* MoveToObject of a target 8 m north that glides east at about 2 m/s for 2 s, then stops. set_target
 * (radius 0.5, quantum 0) makes the mover the target's voyeur, which answers Ok at once (the
 * move-to starts: turn, walk). The target's HandleTargetting passes every 0.5 s of physics time
 * and sends an update when its position, extrapolated by the voyeur's quantum, moved more than
 * 0.5 m; each re-aims the move-to. Walking at ~3.12 m/s, the mover sets the target quantum to
 * distance / speed (it differs from 0 by more than 1 s), which the target's entry takes as a
 * float. On arrival the cylinder gap to the target's final position (its last update) is within
 * distance_to_object 0.6, far from where the target was when the move-to began. Nothing
 * allocates on the way (the managers were made by the move_to call). */
static void move_to_object_follows_moving_target(void)
{
    rig r;
    rig_init(&r);
    acp_physobj *t = glider(&r, 2, 100.0f, 108.0f);
    acp_position start = t->position;
    acp_movement_params p = acp_movement_params_default();
    ENSURE_EQ(acp_physobj_move_to(r.o, ACP_MOVETO_OBJECT, 2, NULL, &p), 0);
    ENSURE(mtm(&r)->initialized); /* the Ok answer of AddVoyeur, at once */
    ENSURE(t->target_manager != NULL && r.o->target_manager != NULL);
    const acp_voyeur_info *v = acp_target_manager_voyeur(t->target_manager, 1);
    ENSURE(v != NULL);
    ENSURE_FBITS(v->radius, 0.5f);
    ENSURE_DBITS(v->quantum, 0.0);
    ENSURE_FBITS(v->last_sent_position.frame.origin.y, 108.0f);
    ENSURE_EQ(t->target_manager->updates_sent, 1);
    ENSURE_FBITS(mtm(&r)->current_target_position.frame.origin.y, 108.0f);
    const float q = (float)(1.0 / 60.0);
    pass_log log = {0, 0, 0.0, {2.0f, 0.0f, 0.0f}};
    uint64_t a0 = acp_alloc_count();
    int quanta = 0;
    bool quantum_seen = false;
    double tq = 0.0;
    while (acp_physobj_is_moving_to(r.o) && quanta < 2000) {
        if (quanta == 120) log.drive = (acp_vec3){0.0f, 0.0f, 0.0f};
        step_pair(&r, t, q, &log);
        quanta++;
        v = acp_target_manager_voyeur(t->target_manager, 1);
        if (v && r.o->target_manager->has_target) {
            double now_q = r.o->target_manager->target_info.quantum;
            ENSURE_DBITS(v->quantum, (double)(float)now_q);
            if (now_q != tq) {
                /* SetTargetQuantum only when it differs by more than 1 s; an update's copy
                 * (ReceiveUpdate) brings back the entry's float. */
                if (now_q != (double)(float)tq) {
                    quantum_seen = true;
                    ENSURE(fabs(now_q - tq) > 1.0);
                }
                tq = now_q;
            }
        }
    }
    ENSURE_EQ(acp_alloc_count() - a0, 0);
    ENSURE(!acp_physobj_is_moving_to(r.o));
    ENSURE_EQ(mtm(&r)->last_cancel, 0);
    ENSURE(quantum_seen);
    ENSURE(log.passes >= 4);
    ENSURE(log.sends >= 4); /* 2 m/s × 0.5 s = 1 m > 0.5 m: every pass while it glides */
    ENSURE(log.last_send_t > 2.0); /* the update of the stopped target */
    /* The move-to ended: clear_target removed the voyeur entry. */
    ENSURE(!r.o->target_manager->has_target);
    ENSURE_EQ(t->target_manager->num_voyeurs, 0);
    acp_vec3 d = acp_position_get_offset(&r.o->position, &t->position);
    double gap = sqrt((double)d.x * d.x + (double)d.y * d.y + (double)d.z * d.z) - RADIUS;
    ENSURE(gap <= 0.6 + 1e-5);
    ENSURE(gap > 0.6 - 3.12 / 30.0);
    ENSURE(acp_position_distance(&r.o->position, &start) > 2.5); /* not where it began */
    ENSURE(t->position.frame.origin.x > 103.5f); /* it glided nearly 4 m */
    rig_free(&r);
}

/* TurnToObject of a target due east (heading 90), which then glides north at 5 m/s: the turn
 * node takes the heading of the first answer (TurnToObject_Internal); later Ok updates arrive
 * (2.5 m per pass) but MoveToManager::HandleUpdateTarget re-aims only a move to an object
 * (movement type 6), so the turn stops at exactly 90, not at the target's new bearing. */
static void turn_to_object_keeps_first_answer(void)
{
    rig r;
    rig_init(&r);
    acp_physobj *t = glider(&r, 2, 110.0f, 100.0f);
    acp_movement_params p = acp_movement_params_default();
    ENSURE_EQ(acp_physobj_move_to(r.o, ACP_TURNTO_OBJECT, 2, NULL, &p), 0);
    ENSURE(mtm(&r)->initialized);
    ENSURE_EQ(mtm(&r)->num_nodes, 1);
    ENSURE_FBITS(mtm(&r)->nodes[0].heading, 90.0f);
    pass_log log = {0, 0, 0.0, {0.0f, 5.0f, 0.0f}};
    int quanta = 0;
    while (acp_physobj_is_moving_to(r.o) && quanta < 2000) {
        step_pair(&r, t, (float)(1.0 / 60.0), &log);
        quanta++;
        if (acp_physobj_is_moving_to(r.o)) ENSURE_FBITS(mtm(&r)->nodes[0].heading, 90.0f);
    }
    ENSURE(log.sends >= 2);
    ENSURE_EQ(mtm(&r)->last_cancel, 0);
    acp_frame want = r.o->position.frame;
    acp_frame_set_heading(&want, 90.0f);
    ENSURE_FBITS(r.o->position.frame.qw, want.qw);
    ENSURE_FBITS(r.o->position.frame.qz, want.qz);
    ENSURE(t->position.frame.origin.y > 104.0f); /* the target's bearing is now well under 70 */
    ENSURE_EQ(t->target_manager->num_voyeurs, 0);
    rig_free(&r);
}

/* TurnToObject_Internal (CMoveToManager.c, 0x0052A550) stores the turn's heading to a float only
 * after fmod(Position::heading (double) + the float heading of sought_position (0 here), 360).
 * The target 1e-5 m west of due north, 50 m away (99.99999237f - 100 = -7.63e-6 m): the bearing
 * is 360 - atan(7.63e-6 / 50) in degrees = 359.99999126, under 360 in double, so fmod leaves it
 * and the float store rounds it up to 360.0f (float spacing there is 3.05e-5). Rounding the
 * bearing to float first (360.0f) and then taking fmod gives 0.0f. The mover faces east (90), so
 * the turn node stays queued (TurnLeft) rather than completing at once. */
static void turn_to_object_heading_stored_after_fmod(void)
{
    rig r;
    rig_init(&r);
    acp_frame_set_heading(&r.o->position.frame, 90.0f);
    (void)glider(&r, 2, 100.0f - 0.00001f, 150.0f);
    acp_movement_params p = acp_movement_params_default();
    ENSURE_EQ(acp_physobj_move_to(r.o, ACP_TURNTO_OBJECT, 2, NULL, &p), 0);
    ENSURE(mtm(&r)->initialized);
    ENSURE_EQ(mtm(&r)->num_nodes, 1);
    ENSURE_FBITS(mtm(&r)->nodes[0].heading, 360.0f);
    rig_free(&r);
}

/* MovementManager::unpack_movement (0x00524440, CMovementManager.c:434-437) cancels the move-to
 * and unsticks before it decodes any movement. A (the humanoid, radius 0.475) sticks to B (radius
 * 0.5) 10 m north: B answers at once and A closes at 5 x 4 = 20 m/s (0.6666667 m a 30 Hz
 * quantum). After 3 quanta (A about 2 m on) an interpreted motion (Ready) arrives: A is unstuck
 * (sticky id 0, its target cleared, B's voyeur gone) and stays where it is. Retail would not pull
 * A on to the 0.3 m standoff (y about 108.7) as a missing unstick does. The same message's sticky
 * object id then sticks A to B again after the state (CMovementManager.c:476-477), and its
 * standing_longjump flag is stored either way (a message without it clears a standing long jump). */
static void interpreted_motion_unsticks_first(void)
{
    rig r;
    rig_init(&r);
    acp_physobj *b = glider(&r, 2, 100.0f, 110.0f);
    (void)b;
    ENSURE(acp_physobj_stick_to_object(r.o, 2));
    ENSURE_EQ(acp_physobj_get_sticky_object_id(r.o), 2);
    const float q = (float)(1.0 / 30.0);
    for (int i = 0; i < 3; i++) step(&r, q);
    float y = r.o->position.frame.origin.y;
    ENSURE_NEAR(y, 100.0 + 3.0 * 20.0 * q, 1e-4);
    acp_motion_interp *mi = acp_movement_manager_get_minterp(r.o->movement_manager);
    mi->standing_longjump = true;
    acp_interpreted_motion im = acp_interpreted_motion_default();
    acp_physobj_apply_interpreted_motion(r.o, &im);
    ENSURE_EQ(acp_physobj_get_sticky_object_id(r.o), 0);
    ENSURE(!r.o->target_manager->has_target);
    ENSURE_EQ(b->target_manager->num_voyeurs, 0);
    ENSURE(!mi->standing_longjump);
    for (int i = 0; i < 10; i++) step(&r, q);
    ENSURE_FBITS(r.o->position.frame.origin.y, y);
    /* The message's sticky object: stuck again after the state; its flag sets standing_longjump. */
    im.sticky_object_id = 2;
    im.standing_longjump = true;
    acp_physobj_apply_interpreted_motion(r.o, &im);
    ENSURE_EQ(acp_physobj_get_sticky_object_id(r.o), 2);
    ENSURE(r.o->position_manager->sticky.initialized);
    ENSURE(mi->standing_longjump);
    step(&r, q);
    ENSURE(r.o->position.frame.origin.y > y);
    rig_free(&r);
}

static acp_moveto_message moveto_message(uint32_t type, uint32_t object_id)
{
    acp_moveto_message m;
    memset(&m, 0, sizeof m);
    m.type = type;
    m.object_id = object_id;
    m.origin = (acp_position){0xA9B40019u, acp_frame_identity()};
    m.params = acp_movement_params_default();
    m.run_rate = 1.0f;
    return m;
}

/* MovementManager::unpack_movement (0x00524440), types 6-9 (CMovementManager.c:482-526):
 * - 6, an object the client does not know (not in the world): my_run_rate = the packet's, then
 *   MoveToManager::MoveToPosition to the packed origin (the turn node toward it is queued at
 *   once); no target is asked for. The MovementStruct path (acp_physobj_move_to) would instead
 *   set a target and wait for its answer.
 * - 8, an unknown object: TurnToHeading with the packed heading (params.desired_heading).
 * - 6, a known object: CPhysicsObj::MoveToObject (the target is asked for), my_run_rate set.
 * - the client's CPhysicsObj::MoveToObject / TurnToObject of an unknown object do nothing. */
static void moveto_message_fallbacks(void)
{
    rig r;
    rig_init(&r);
    acp_moveto_message m = moveto_message(ACP_MOVETO_OBJECT, 9);
    m.has_origin = true;
    m.origin.frame.origin = (acp_vec3){110.0f, 100.0f, 0.0f};
    m.run_rate = 1.25f;
    acp_physobj_unpack_moveto(r.o, &m);
    acp_motion_interp *mi = acp_movement_manager_get_minterp(r.o->movement_manager);
    ENSURE_FBITS(mi->my_run_rate, 1.25f);
    ENSURE(acp_physobj_is_moving_to(r.o));
    ENSURE_EQ(mtm(&r)->movement_type, ACP_MOVETO_POSITION);
    ENSURE_FBITS(mtm(&r)->sought_position.frame.origin.x, 110.0f);
    ENSURE(r.o->target_manager == NULL || !r.o->target_manager->has_target);
    ENSURE(mtm(&r)->num_nodes >= 1);
    ENSURE_EQ(mtm(&r)->nodes[0].type, ACP_TURNTO_HEADING);
    ENSURE_FBITS(mtm(&r)->nodes[0].heading, 90.0f); /* due east */
    /* Without a packed origin nothing is started (after the cancel of the running move-to). */
    m.has_origin = false;
    acp_physobj_unpack_moveto(r.o, &m);
    ENSURE(!acp_physobj_is_moving_to(r.o));
    ENSURE_EQ(mtm(&r)->last_cancel, ACP_MOVETO_ERR_ACTION_CANCELLED);
    /* 8 to an unknown object: TurnToHeading(packed heading). */
    acp_moveto_message t = moveto_message(ACP_TURNTO_OBJECT, 9);
    t.has_heading = true;
    t.heading = 45.0f;
    acp_physobj_unpack_moveto(r.o, &t);
    ENSURE(acp_physobj_is_moving_to(r.o));
    ENSURE_EQ(mtm(&r)->movement_type, ACP_TURNTO_HEADING);
    ENSURE_FBITS(mtm(&r)->nodes[0].heading, 45.0f);
    ENSURE_FBITS(mi->my_run_rate, 1.25f); /* a turn carries no run rate */
    /* The client's MoveToObject / TurnToObject of an unknown object: nothing (the turn above
     * is left running). */
    acp_movement_params p = acp_movement_params_default();
    acp_physobj_move_to_object(r.o, 9, &p);
    acp_physobj_turn_to_object(r.o, 9, &p);
    ENSURE_EQ(mtm(&r)->movement_type, ACP_TURNTO_HEADING);
    ENSURE(r.o->target_manager == NULL || !r.o->target_manager->has_target);
    /* 6 to a known object: MoveToObject (a target is asked for), my_run_rate from the packet. */
    (void)glider(&r, 2, 100.0f, 120.0f);
    acp_moveto_message k = moveto_message(ACP_MOVETO_OBJECT, 2);
    k.run_rate = 1.5f;
    acp_physobj_unpack_moveto(r.o, &k);
    ENSURE_FBITS(mi->my_run_rate, 1.5f);
    ENSURE_EQ(mtm(&r)->movement_type, ACP_MOVETO_OBJECT);
    ENSURE_EQ(mtm(&r)->sought_object_id, 2);
    ENSURE(r.o->target_manager && r.o->target_manager->has_target);
    ENSURE_EQ(mi->interpreted_state.current_style, ACP_STYLE_NONCOMBAT); /* no style sent: the interpreter's kept */
    rig_free(&r);
}

static uint32_t pending_of(const acp_motion_interp *mi, uint32_t motion)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < mi->num_pending; i++) n += mi->pending[i].motion == motion;
    return n;
}

static uint32_t current_anim(const rig *r)
{
    const acp_sequence *seq = &r->o->part_array->sequence;
    const acp_anim_node *n = acp_sequence_node(seq, seq->curr_anim);
    return n && n->anim ? n->anim->id : 0;
}

/* MovementManager::unpack_movement (0x00524440, CMovementManager.c:452-455): after the cancel and
 * the unstick, and before the type is looked at, the header's style is compared with
 * CMotionInterp::InqStyle (the interpreted state's current_style) and, when it differs, played
 * with DoMotion and a default MovementParameters: the motion table changes style (the link
 * NonCombat Ready → HandCombat, then HandCombat's Ready), the interpreted state's style becomes
 * it and the style waits as a pending motion while its link plays (1 animation: link + cycle
 * - 1). Then the move-to itself starts as always. A message with the interpreter's own style (or
 * none: the scenario's default) plays nothing: still one pending HandCombat, its link still the
 * animation playing (a second style change would restart the sequence). Back to NonCombat the
 * same way. */
static void moveto_message_style(void)
{
    rig r;
    rig_init_with(&r, true);
    acp_moveto_message m = moveto_message(ACP_MOVETO_POSITION, 0);
    m.has_origin = true;
    m.origin.frame.origin = (acp_vec3){100.0f, 110.0f, 0.0f};
    m.has_style = true;
    m.style = HAND_COMBAT;
    acp_physobj_unpack_moveto(r.o, &m);
    acp_motion_interp *mi = acp_movement_manager_get_minterp(r.o->movement_manager);
    ENSURE_EQ(mi->interpreted_state.current_style, HAND_COMBAT);
    ENSURE_EQ(pending_of(mi, HAND_COMBAT), 1);
    ENSURE_EQ(current_anim(&r), STYLE_LINK_ANIM);
    ENSURE(acp_physobj_is_moving_to(r.o));
    ENSURE_EQ(mtm(&r)->movement_type, ACP_MOVETO_POSITION);
    /* The same style again, then no style: nothing is played. */
    acp_physobj_unpack_moveto(r.o, &m);
    m.has_style = false;
    acp_physobj_unpack_moveto(r.o, &m);
    ENSURE_EQ(mi->interpreted_state.current_style, HAND_COMBAT);
    ENSURE_EQ(pending_of(mi, HAND_COMBAT), 1);
    ENSURE_EQ(current_anim(&r), STYLE_LINK_ANIM);
    ENSURE(acp_physobj_is_moving_to(r.o));
    /* A turn to a heading in NonCombat: the style changes back first. */
    acp_moveto_message t = moveto_message(ACP_TURNTO_HEADING, 0);
    t.params.desired_heading = 90.0f;
    t.has_style = true;
    t.style = NC;
    uint32_t nc_before = pending_of(mi, NC);
    acp_physobj_unpack_moveto(r.o, &t);
    ENSURE_EQ(mi->interpreted_state.current_style, NC);
    ENSURE_EQ(pending_of(mi, NC), nc_before + 1);
    ENSURE_EQ(mtm(&r)->movement_type, ACP_TURNTO_HEADING);
    rig_free(&r);
}

/* A type-0 UpdateMotion plays its header's style first (CMovementManager.c:452-455:
 * DoMotion(command_ids_0[header u16]) when it differs from InqStyle, before the state is read);
 * move_to_interpreted_state then copies the state's own style with its movement
 * (InterpretedMotionState::copy_movement_from copies current_style) and applies it.
 * Header HandCombat over a state that left its style out (NonCombat by default), in NonCombat:
 * HandCombat is played (one pending HandCombat; reading the state's style alone plays none),
 * then the state's NonCombat brings the style back. Header NonCombat over a state saying
 * HandCombat: no header motion; the state's HandCombat is what is played. */
static void interpreted_motion_plays_the_header_style(void)
{
    rig r;
    rig_init_with(&r, true);
    acp_motion_interp *mi = acp_movement_manager_get_minterp(r.o->movement_manager);
    acp_interpreted_motion im = acp_interpreted_motion_default(); /* state style NonCombat */
    im.has_message_style = true;
    im.message_style = HAND_COMBAT;
    acp_physobj_apply_interpreted_motion(r.o, &im);
    ENSURE_EQ(pending_of(mi, HAND_COMBAT), 1);
    ENSURE_EQ(mi->interpreted_state.current_style, NC);
    ENSURE_EQ(mi->raw_state.current_style, NC);
    rig_free(&r);

    rig_init_with(&r, true);
    mi = acp_movement_manager_get_minterp(r.o->movement_manager);
    im = acp_interpreted_motion_default();
    im.style = HAND_COMBAT;
    im.has_message_style = true;
    im.message_style = NC;
    acp_physobj_apply_interpreted_motion(r.o, &im);
    ENSURE_EQ(mi->interpreted_state.current_style, HAND_COMBAT);
    ENSURE_EQ(mi->raw_state.current_style, HAND_COMBAT);
    ENSURE_EQ(pending_of(mi, HAND_COMBAT), 1);
    rig_free(&r);
}

/* Every move-to message unsticks first: stuck to B, a TurnToHeading message leaves no sticky
 * object (MoveToManager::TurnToHeading alone would not unstick). */
static void moveto_message_unsticks(void)
{
    rig r;
    rig_init(&r);
    (void)glider(&r, 2, 100.0f, 110.0f);
    ENSURE(acp_physobj_stick_to_object(r.o, 2));
    acp_moveto_message m = moveto_message(ACP_TURNTO_HEADING, 0);
    m.params.desired_heading = 90.0f;
    acp_physobj_unpack_moveto(r.o, &m);
    ENSURE_EQ(acp_physobj_get_sticky_object_id(r.o), 0);
    ENSURE_EQ(mtm(&r)->movement_type, ACP_TURNTO_HEADING);
    rig_free(&r);
}

/* A target that leaves the world while a started move-to runs: ExitWorld cancels with 0x37
 * (ObjectGone). A target that never answers (not in the world): the move-to waits, no nodes,
 * until the mover's own HandleTargetting, at a pass with now > last_update_time + 10, marks it
 * TimedOut and the move-to cancels with 0x38 (NoObject). */
static void move_to_object_target_gone_or_silent(void)
{
    rig r;
    rig_init(&r);
    acp_physobj *t = glider(&r, 2, 100.0f, 108.0f);
    acp_movement_params p = acp_movement_params_default();
    acp_physobj_move_to(r.o, ACP_MOVETO_OBJECT, 2, NULL, &p);
    pass_log log = {0, 0, 0.0, {0.0f, 0.0f, 0.0f}};
    for (int i = 0; i < 20; i++) step_pair(&r, t, (float)(1.0 / 60.0), &log);
    ENSURE(acp_physobj_is_moving_to(r.o));
    acp_physobj_exit_world(t);
    ENSURE(!acp_physobj_is_moving_to(r.o));
    ENSURE_EQ(mtm(&r)->last_cancel, ACP_MOVETO_ERR_OBJECT_GONE);
    ENSURE(!r.o->target_manager->has_target);
    ENSURE_EQ(t->target_manager->num_voyeurs, 0);

    acp_physobj_move_to(r.o, ACP_MOVETO_OBJECT, 9, NULL, &p);
    ENSURE(acp_physobj_is_moving_to(r.o));
    ENSURE(!mtm(&r)->initialized);
    ENSURE_EQ(mtm(&r)->num_nodes, 0);
    acp_target_info *ti = &r.o->target_manager->target_info;
    ENSURE_EQ(ti->status, ACP_TARGET_UNDEF);
    double asked = r.w->now;
    ENSURE_DBITS(ti->last_update_time, asked);
    const float q = (float)(1.0 / 60.0);
    int quanta = 0;
    while (acp_physobj_is_moving_to(r.o) && quanta < 2000) {
        double before = r.o->target_manager->last_update_time;
        r.w->now += q;
        r.w->physics_time = r.w->now;
        acp_physobj_update_object_internal(r.o, q);
        quanta++;
        bool pass = r.w->physics_time - before >= 0.5;
        bool timed_out = pass && asked + 10.0 < r.w->now;
        ENSURE_EQ(acp_physobj_is_moving_to(r.o), !timed_out);
    }
    ENSURE_EQ(mtm(&r)->last_cancel, ACP_MOVETO_ERR_NO_OBJECT);
    ENSURE(r.w->now > asked + 10.0 && r.w->now <= asked + 10.5 + 1e-9);
    ENSURE(!r.o->target_manager->has_target);
    rig_free(&r);
}

/* get_command: toward beyond distance_to_object, nothing within it; the run key past
 * walk_run_threshhold (15 m beyond distance_to_object) or with can_charge. */
static void get_command_rules(void)
{
    acp_movement_params p = acp_movement_params_default();
    uint32_t cmd = 1, key = 0;
    bool away = true;
    acp_movement_params_get_command(&p, 0.6f, 0.0f, &cmd, &key, &away);
    ENSURE_EQ(cmd, 0); /* 0.6f is not > 0.6f */
    ENSURE_EQ(key, ACP_HOLD_KEY_NONE);
    acp_movement_params_get_command(&p, nextafterf(0.6f, 1.0f), 0.0f, &cmd, &key, &away);
    ENSURE_EQ(cmd, ACP_MOTION_WALK_FORWARD);
    ENSURE(!away);
    /* d − 0.6f > 15 (in double) first holds at the float 15.6f = 15.6000004: the float below
     * walks. */
    acp_movement_params_get_command(&p, nextafterf(15.6f, 0.0f), 0.0f, &cmd, &key, &away);
    ENSURE_EQ(key, ACP_HOLD_KEY_NONE);
    acp_movement_params_get_command(&p, 15.6f, 0.0f, &cmd, &key, &away);
    ENSURE_EQ(key, ACP_HOLD_KEY_RUN);
    p.bitfield |= ACP_MP_CAN_CHARGE;
    acp_movement_params_get_command(&p, 1.0f, 0.0f, &cmd, &key, &away);
    ENSURE_EQ(key, ACP_HOLD_KEY_RUN);
    /* move_away alone: walk forward (away) while nearer than min_distance. */
    p = acp_movement_params_default();
    p.bitfield = (p.bitfield & ~(uint32_t)ACP_MP_MOVE_TOWARDS) | ACP_MP_MOVE_AWAY;
    p.min_distance = 5.0f;
    acp_movement_params_get_command(&p, 4.0f, 0.0f, &cmd, &key, &away);
    ENSURE_EQ(cmd, ACP_MOTION_WALK_FORWARD);
    ENSURE(away);
    acp_movement_params_get_command(&p, 5.0f, 0.0f, &cmd, &key, &away);
    ENSURE_EQ(cmd, 0);
    /* both: within distance_to_object and nearer than min_distance + EPSILON: back off. */
    p.bitfield |= ACP_MP_MOVE_TOWARDS;
    p.distance_to_object = 6.0f;
    acp_movement_params_get_command(&p, 5.0f, 0.0f, &cmd, &key, &away);
    ENSURE_EQ(cmd, ACP_MOTION_WALK_BACKWARDS);
    ENSURE(away);
    /* heading_diff / heading_greater. */
    ENSURE_DBITS(acp_heading_diff(90.0f, 0.0f, ACP_MOTION_TURN_RIGHT), 90.0);
    ENSURE_DBITS(acp_heading_diff(90.0f, 0.0f, ACP_MOTION_TURN_LEFT), 270.0);
    ENSURE_DBITS(acp_heading_diff(0.0f, 90.0f, ACP_MOTION_TURN_RIGHT), 270.0);
    ENSURE(acp_heading_greater(90.5f, 90.0f, ACP_MOTION_TURN_RIGHT));
    ENSURE(!acp_heading_greater(90.0f, 90.0f, ACP_MOTION_TURN_RIGHT));
    ENSURE(acp_heading_greater(1.0f, 359.0f, ACP_MOTION_TURN_RIGHT)); /* across north */
    ENSURE(acp_heading_greater(89.0f, 90.0f, ACP_MOTION_TURN_LEFT));
}

void suite_moveto(void)
{
    RUN(get_command_rules);
    RUN(turn_to_heading_stops_at_90);
    RUN(move_to_position_arrives_and_stops);
    RUN(move_to_position_fail_distance);
    RUN(cancel_reasons);
    RUN(move_to_object_sticky_hand_off);
    RUN(move_to_object_follows_moving_target);
    RUN(turn_to_object_keeps_first_answer);
    RUN(turn_to_object_heading_stored_after_fmod);
    RUN(interpreted_motion_unsticks_first);
    RUN(moveto_message_fallbacks);
    RUN(moveto_message_style);
    RUN(moveto_message_unsticks);
    RUN(interpreted_motion_plays_the_header_style);
    RUN(move_to_object_target_gone_or_silent);
}
