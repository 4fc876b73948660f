/* Transition tests (issue 7): CTransition over outdoor terrain — sub-steps, offsets adjusted to
 * the contact plane, step down, walkable limit, edge slide, the commit with its impulse,
 * landblock crossings, placement (SetPosition), and the recorded retail states over real terrain.
 * Expected values come from the retail rules; comments give the arithmetic.
 *
 * Real terrain comes from the default cell excerpt (data/cell-default.dat) and the recorded
 * objects from the default portal excerpt's Setups and motion tables, through acp_datset; the
 * synthetic terrains (custom height tables) carry a synthetic one-sphere runner whose RunForward
 * goes through a motion table (terrain_helpers.h). Objects run under their movement manager,
 * which keeps them active (retail deactivates a standing object only without one). */
#include "test.h"

#include <stdlib.h>

#include "physics/cell/landcell.h"
#include "physics/geometry/mathx.h"
#include "terrain_helpers.h"
#include "physics/world/transition.h"

static const float Q30 = (float)(1.0 / 30.0);
static const acp_sphere BALL = {{0.0f, 0.0f, 0.5f}, 0.5f}; /* low point at the origin */

/* ---- building blocks ---- */

/* calc_num_steps: ceil(|offset| / radius) steps of offset / n; one step when that ratio is at
 * most 1; none without offset; our bound fails a sweep of more than ACP_MAX_TRANSITION_STEPS. */
static void calc_num_steps(void)
{
    acp_transition t;
    acp_transition_construct(&t, NULL);
    acp_sphere s = {{0.0f, 0.0f, 0.0f}, 0.3f};
    acp_spherepath_init_sphere(&t.sphere_path, 1, &s, 1.0f);
    acp_position a = {0xA9B40001u, acp_frame_identity()}, b = a;
    b.frame.origin.x = 1.0f;
    acp_spherepath_init_path(&t.sphere_path, NULL, &a, &b);
    acp_vec3 off, per;
    uint32_t n = 99;
    ENSURE(acp_transition_calc_num_steps(&t, &off, &per, &n)); /* 1 / 0.3 = 3.33 → 4 */
    ENSURE_EQ(n, 4);
    ENSURE_FBITS(per.x, (float)(1.0 / 4.0 * 1.0));
    t.sphere_path.local_sphere[0].radius = 1.0f; /* 1 / 1 = 1, not > 1: one step */
    ENSURE(acp_transition_calc_num_steps(&t, &off, &per, &n));
    ENSURE_EQ(n, 1);
    ENSURE_FBITS(per.x, 1.0f);
    t.sphere_path.end_pos = a; /* no offset: no step */
    ENSURE(acp_transition_calc_num_steps(&t, &off, &per, &n));
    ENSURE_EQ(n, 0);
    t.sphere_path.end_pos = b; /* 1 m in 1e-5 m steps = 100000 > ACP_MAX_TRANSITION_STEPS */
    t.sphere_path.local_sphere[0].radius = 1e-5f;
    ENSURE(!acp_transition_calc_num_steps(&t, &off, &per, &n));
    /* T1: the count is the low 32 bits of (unsigned __int64)ceil(steps). A zero radius gives
     * ceil(1 / 0) = ∞, the integer indefinite 0x8000000000000000: 0 steps of (1 / ∞) × 1 = 0,
     * and the sweep succeeds in place. 1 m in steps of 2⁻³² m is exactly 2³² steps: low half 0. */
    t.sphere_path.local_sphere[0].radius = 0.0f;
    n = 99;
    ENSURE(acp_transition_calc_num_steps(&t, &off, &per, &n));
    ENSURE_EQ(n, 0);
    ENSURE_FBITS(per.x, 0.0f);
    ENSURE_FBITS(off.x, 1.0f);
    t.sphere_path.local_sphere[0].radius = 0x1p-32f;
    n = 99;
    ENSURE(acp_transition_calc_num_steps(&t, &off, &per, &n));
    ENSURE_EQ(n, 0);
    t.sphere_path.local_sphere[0].radius = 0x1p-31f; /* 2³¹ steps: finite and far over the bound */
    ENSURE(!acp_transition_calc_num_steps(&t, &off, &per, &n));
    /* Across landblocks: Position::get_offset adds the block offset (AAB4 is 192 m east) in
     * double: (float)(192 + (double)0.4f − (double)191.9f) = 0.50000608, a hair over the radius
     * 0.5: ceil(1.0000122) = 2 steps of (float)(0.5 × 0.50000608). */
    t.sphere_path.local_sphere[0].radius = 0.5f;
    b.objcell_id = 0xAAB40001u;
    b.frame.origin.x = 0.4f;
    a.frame.origin.x = 191.9f;
    acp_spherepath_init_path(&t.sphere_path, NULL, &a, &b);
    ENSURE(acp_transition_calc_num_steps(&t, &off, &per, &n));
    ENSURE_FBITS(off.x, (float)(192.0 + (double)0.4f - (double)191.9f));
    ENSURE_FBITS(off.x, 0.50000608f);
    ENSURE_EQ(n, 2);
    ENSURE_FBITS(per.x, (float)(1.0 / 2.0 * off.x));
}

/* adjust_offset with a contact plane: moving into it drops the normal part (v − (v·n)n);
 * moving away snaps the offset into the plane (z = −(x·n.x + y·n.y)/n.z); with a sliding normal
 * met head-on, only the part along both planes' intersection line remains. */
static void adjust_offset(void)
{
    acp_transition t;
    acp_transition_construct(&t, NULL);
    acp_collision_info *c = &t.collision_info;
    c->contact_plane_valid = true;
    c->contact_plane = (acp_plane){{0.6f, 0.0f, 0.8f}, 0.0f};
    acp_vec3 v = acp_transition_adjust_offset(&t, (acp_vec3){-1.0f, 0.0f, 0.0f}); /* into: −0.6 */
    float into = (float)(-1.0 * 0.6f);
    ENSURE_FBITS(v.x, (float)(-1.0 - (double)into * 0.6f));
    ENSURE_FBITS(v.z, (float)(0.0 - (double)(float)((double)into * 0.8f)));
    v = acp_transition_adjust_offset(&t, (acp_vec3){1.0f, 0.0f, 0.0f}); /* away: snap */
    double inv = 1.0 / 0.8f;
    ENSURE_FBITS(v.x, 1.0f);
    ENSURE_FBITS(v.z, (float)(-(0.0 * 0.0 + 1.0 * 0.6f + 0.8f * 0.0 + 0.0) * inv - inv * -0.0));
    /* Flat ground, sliding normal −x (a wall to the east met head-on): along y only. The line
     * d = s × n = (0·0 − 0·1, −1·1 − 0·0, 0·0 − (−1)·0) = (0, −1, 0); k = d·v = −0.5; the offset
     * is d·k = (0·−0.5, 0.5, 0) — x is −0, as the product makes it. */
    c->contact_plane = (acp_plane){{0.0f, 0.0f, 1.0f}, 0.0f};
    c->sliding_normal_valid = true;
    c->sliding_normal = (acp_vec3){-1.0f, 0.0f, 0.0f};
    v = acp_transition_adjust_offset(&t, (acp_vec3){1.0f, 0.5f, 0.0f});
    ENSURE_FBITS(v.x, -0.0f);
    ENSURE_FBITS(v.y, 0.5f);
    ENSURE(c->sliding_normal_valid);
    v = acp_transition_adjust_offset(&t, (acp_vec3){-1.0f, 0.5f, 0.0f}); /* away from the wall */
    ENSURE_FBITS(v.x, -1.0f);
    ENSURE(!c->sliding_normal_valid);
}

/* A slide_sphere rig: BALL's path from (10, 10, 0) of cell 0xA9B40001 (current position) to
 * `check` (same cell), on the flat contact plane through z = 0. */
static void slide_rig(acp_transition *t, acp_vec3 check_origin)
{
    acp_transition_construct(t, NULL);
    acp_sphere_path *sp = &t->sphere_path;
    acp_sphere s = BALL;
    acp_spherepath_init_sphere(sp, 1, &s, 1.0f);
    acp_position curr = {0xA9B40001u, acp_frame_identity()};
    curr.frame.origin = (acp_vec3){10.0f, 10.0f, 0.0f};
    acp_spherepath_init_path(sp, NULL, &curr, &curr);
    acp_position check = curr;
    check.frame.origin = check_origin;
    acp_spherepath_set_check_pos(sp, &check, NULL);
    t->collision_info.contact_plane_valid = true;
    t->collision_info.contact_plane = (acp_plane){{0.0f, 0.0f, 1.0f}, 0.0f};
}

/* CSphere::slide_sphere: flat contact plane, a wall of normal (−1, 0, 0); the check sphere moved
 * (0.5, 0.3, 0) from the current one. direction = n × p = (0, 1, 0); the move along it keeps
 * (0, 0.3, 0), so check_pos goes back by (−0.5, 0, 0): SLID. A move straight into the wall
 * leaves nothing along it: COLLIDED. */
static void slide_sphere(void)
{
    acp_transition t;
    slide_rig(&t, (acp_vec3){10.5f, 10.3f, 0.0f});
    acp_sphere_path *sp = &t.sphere_path;
    acp_position check = sp->check_pos;
    acp_vec3 n = {-1.0f, 0.0f, 0.0f};
    ENSURE_EQ(acp_sphere_slide_sphere(&sp->global_sphere[0], sp, &t.collision_info, &n, sp->global_curr_center[0]),
              ACP_TS_SLID);
    ENSURE_FBITS(sp->check_pos.frame.origin.x, 10.0f);
    ENSURE_FBITS(sp->check_pos.frame.origin.y, 10.3f);
    ENSURE(t.collision_info.collision_normal_valid);
    ENSURE_FBITS(t.collision_info.collision_normal.x, -1.0f);
    check.frame.origin = (acp_vec3){10.5f, 10.0f, 0.0f};
    acp_spherepath_set_check_pos(sp, &check, NULL);
    ENSURE_EQ(acp_sphere_slide_sphere(&sp->global_sphere[0], sp, &t.collision_info, &n, sp->global_curr_center[0]),
              ACP_TS_COLLIDED);
}

/* validate_transition's stationary-fall failsafe: a GRAVITY_PS object whose step is rolled back
 * (COLLIDED) counts 1, 2, then 3 and gets a flat plane under its sphere: n = (0, 0, 1),
 * d = r − z = 0.5 − 10.5 = −10 (sphere centre z 10.5); not in contact → collision normal +Z. */
static void stationary_fall(void)
{
    acp_physobj obj;
    acp_physobj_init(&obj, NULL, 1);
    obj.state = ACP_GRAVITY_PS;
    acp_transition t;
    acp_transition_construct(&t, NULL);
    acp_objectinfo_init(&t.object_info, &obj, 0);
    acp_sphere s = BALL;
    acp_spherepath_init_sphere(&t.sphere_path, 1, &s, 1.0f);
    acp_position p = {0xA9B40001u, acp_frame_identity()};
    p.frame.origin = (acp_vec3){10.0f, 10.0f, 10.0f};
    acp_spherepath_init_path(&t.sphere_path, NULL, &p, &p);
    acp_spherepath_set_check_pos(&t.sphere_path, &p, NULL);
    for (int k = 1; k <= 3; k++) {
        ENSURE_EQ(acp_transition_validate_transition(&t, ACP_TS_COLLIDED), ACP_TS_OK);
        ENSURE_EQ(t.collision_info.frames_stationary_fall, k);
    }
    ENSURE(t.collision_info.contact_plane_valid);
    ENSURE_FBITS(t.collision_info.contact_plane.n.z, 1.0f);
    ENSURE_FBITS(t.collision_info.contact_plane.d, -10.0f);
    ENSURE(t.collision_info.collided_with_environment);
    ENSURE(t.object_info.state & ACP_CONTACT_OI);
    /* A step that moved resets the count. */
    acp_position moved = p;
    moved.frame.origin.x = 11.0f;
    acp_spherepath_set_check_pos(&t.sphere_path, &moved, NULL);
    acp_transition_validate_transition(&t, ACP_TS_OK);
    ENSURE_EQ(t.collision_info.frames_stationary_fall, 0);
}

/* ---- sweeps over terrain ---- */

/* One quantum of RunForward at speed 1 in the synthetic runner's table: its animation plays
 * 30 frames/s and 30 × (float)(1/30) = 1.00000005 frames per quantum, so a quantum crosses one
 * frame boundary, and CSequence::apply_physics adds the cycle's velocity for 1/30 s per boundary:
 * (float)(1/30 × 4) = 0.13333334 m along the object's +Y. */
static float runner_frame_step(void) { return (float)(1.0 / (double)RUNNER_FRAMERATE * RUNNER_SPEED); }

/* A sliding normal carried into the sweep (SLIDING_TS, CTransition::init_sliding_normal): met
 * head-on it leaves only the part of each step along the line where it meets the contact plane.
 * Flat ground, sliding normal (−1, 0, 0), running east: the first step's offset becomes zero,
 * |offset|² < EPSILON² ends the sweep at step 0 and the transition fails: the object keeps its
 * origin, and SLIDING_TS stays. Running north-east keeps the north part, 0.13333334 × cos 45° =
 * 0.0943 m; the step commits with no new collision, so SLIDING_TS is cleared. */
static void sliding_normal_blocks(void)
{
    const uint8_t flat[9] = {0};
    const float table[1] = {0.0f};
    acp_terrain *t = column_terrain(flat, table, 1);
    acp_setup *setup;
    acp_fixture *fx = runner_records(&BALL, 1, &setup);
    acp_physobj *o;
    acp_world *w = terrain_world(t, &o, ACP_GRAVITY_PS);
    runner_object(o, fx, setup);
    acp_position p = local_position(0xA9B40000u, 50.0f, 50.0f, 0.0f, 90.0f);
    ENSURE(acp_world_enter_object(w, o, &p, 0.0));
    start_running(o, 1.0f);
    o->transient_state |= ACP_SLIDING_TS;
    o->sliding_normal = (acp_vec3){-1.0f, 0.0f, 0.0f};
    uint64_t sweeps = w->num_sweeps;
    ENSURE_EQ(frames_crossed(o, Q30), 1);
    acp_physobj_update_object_internal(o, Q30);
    ENSURE_EQ(w->num_sweeps - sweeps, 1);
    ENSURE_FBITS(o->position.frame.origin.x, 50.0f);
    ENSURE_FBITS(o->position.frame.origin.y, 50.0f);
    ENSURE(o->transient_state & ACP_SLIDING_TS);
    ENSURE(o->transient_state & ACP_ACTIVE_TS);
    acp_frame_set_heading(&o->position.frame, 45.0f);
    ENSURE_EQ(frames_crossed(o, Q30), 1);
    acp_physobj_update_object_internal(o, Q30);
    ENSURE_FBITS(o->position.frame.origin.x, 50.0f);
    ENSURE_NEAR(o->position.frame.origin.y, 50.0 + runner_frame_step() * sqrt(0.5), 1e-5); /* float origins */
    ENSURE(!(o->transient_state & ACP_SLIDING_TS));
    acp_world_destroy(w);
    acp_terrain_destroy(t);
    acp_fixture_destroy(fx);
}

/* No staircase: terrain rising 0.25 m per metre eastwards (column x at height index x, table
 * k → 6k m: 6 m per 24 m). A grounded one-sphere runner (BALL: its low point at the origin, so
 * it rests 0 m above the surface) runs east under RunForward (4 m/s through its motion table)
 * in 1/30 s quanta for 1 s, with its movement manager. Each quantum: one frame boundary, one
 * sweep; the root motion (0.13333334 m along +Y, heading east) is projected into the contact
 * plane n ∝ (−1, 0, 4) (moving into it: v − (v·n)n): Δx = 0.13333334 × (1 − n.x²) = × 16/17;
 * the origin stays on the surface z = x/4. */
static void no_staircase(void)
{
    const uint8_t cols[9] = {0, 1, 2, 3, 4, 5, 6, 7, 8};
    float table[9];
    for (int k = 0; k < 9; k++) table[k] = (float)(6 * k);
    acp_terrain *t = column_terrain(cols, table, 9);
    acp_setup *setup;
    acp_fixture *fx = runner_records(&BALL, 1, &setup);
    acp_physobj *o;
    acp_world *w = terrain_world(t, &o, ACP_EDGE_SLIDE_PS | ACP_GRAVITY_PS | ACP_REPORT_COLLISIONS_PS);
    runner_object(o, fx, setup);
    acp_position p = local_position(0xA9B40000u, 30.0f, 10.0f, 7.5f, 90.0f);
    ENSURE(acp_world_enter_object(w, o, &p, 0.0));
    ENSURE_EQ(o->transient_state & (ACP_CONTACT_TS | ACP_ON_WALKABLE_TS), ACP_CONTACT_TS | ACP_ON_WALKABLE_TS);
    ENSURE_NEAR(resting_offset(o), 0.0, 0.0);
    start_running(o, 1.0f);
    const double step = (double)runner_frame_step() * 16.0 / 17.0;
    double max_dz = 0.0, max_dstep = 0.0;
    for (int i = 0; i < 30; i++) {
        uint64_t sweeps = w->num_sweeps;
        float x0 = o->position.frame.origin.x;
        ENSURE_EQ(frames_crossed(o, Q30), 1);
        acp_physobj_update_object_internal(o, Q30);
        ENSURE_EQ(w->num_sweeps - sweeps, 1);
        ENSURE(o->transient_state & ACP_ACTIVE_TS);
        ENSURE(o->transient_state & ACP_ON_WALKABLE_TS);
        double dz = fabs(o->position.frame.origin.z - (ground_z(t, o) + resting_offset(o)));
        double dstep = fabs(o->position.frame.origin.x - x0 - step);
        if (dz > max_dz) max_dz = dz;
        if (dstep > max_dstep) max_dstep = dstep;
        ENSURE_NEAR(o->position.frame.origin.z, 0.25 * o->position.frame.origin.x, 1e-3);
    }
    ENSURE(max_dz <= 1e-3);
    /* Origins near x = 32 m are floats 3.8e-6 apart; the step passes through the rounded plane
     * normal and offset: within two spacings. */
    ENSURE(max_dstep <= 8e-6);
    ENSURE_NEAR(o->position.frame.origin.x, 30.0 + 30.0 * step, 1e-3);
    acp_world_destroy(w);
    acp_terrain_destroy(t);
    acp_fixture_destroy(fx);
}

/* A slope in cell column 3 only: vertex columns 0..3 at height 0, 4..8 at H. Every triangle of
 * those cells has e1 × e2 = (−24H, 0, 576) (float products, exact here), so
 * n.z = (float)((float)(1/√(576² + 0 + (24H)²)) · 576). */
static acp_terrain *slope_terrain(float h)
{
    const uint8_t cols[9] = {0, 0, 0, 0, 1, 1, 1, 1, 1};
    const float table[2] = {0.0f, h};
    return column_terrain(cols, table, 2);
}

static float slope_nz(float h)
{
    double a = 24.0 * h;
    double inv = 1.0 / sqrt(576.0 * 576.0 + 0.0 * 0.0 + a * a);
    return (float)((double)(float)inv * 576.0);
}

typedef struct slope_run {
    bool always_walkable;        /* ON_WALKABLE_TS after every quantum */
    bool lost_on_slope;          /* some quantum ended on the slope (x > 72) without it */
    float max_x, final_x;
    bool slid_back;              /* x fell below its maximum after leaving walkable ground */
    uint32_t final_transient;    /* TransientState after the last quantum */
} slope_run;

/* The runner at x = 70 on the flat part runs east (RunForward, 4 m/s) towards the slope for
 * `n` quanta. */
static slope_run run_at_slope(float h, uint32_t state, int n)
{
    slope_run r = {true, false, 0.0f, 0.0f, false, 0u};
    acp_terrain *t = slope_terrain(h);
    acp_setup *setup;
    acp_fixture *fx = runner_records(&BALL, 1, &setup);
    acp_physobj *o;
    acp_world *w = terrain_world(t, &o, state);
    runner_object(o, fx, setup);
    acp_position p = local_position(0xA9B40000u, 70.0f, 12.0f, 0.0f, 90.0f);
    acp_world_enter_object(w, o, &p, 0.0);
    start_running(o, 1.0f);
    bool lost = false;
    for (int i = 0; i < n; i++) {
        acp_physobj_update_object_internal(o, Q30);
        float x = o->position.frame.origin.x;
        bool walk = (o->transient_state & ACP_ON_WALKABLE_TS) != 0;
        if (!walk) r.always_walkable = false;
        if (!walk && x > 72.0f) r.lost_on_slope = lost = true;
        if (lost && x < r.max_x - 0.05f) r.slid_back = true;
        if (x > r.max_x) r.max_x = x;
    }
    r.final_x = o->position.frame.origin.x;
    r.final_transient = o->transient_state;
    acp_world_destroy(w);
    acp_terrain_destroy(t);
    acp_fixture_destroy(fx);
    return r;
}

/* floor_z = 0.66417414: n.z ≥ floor_z is walkable (CPhysicsObj::is_valid_walkable).
 * H = 26.9375 m → n.z = 0.6652236 (walkable): the runner climbs, on walkable ground throughout.
 * H = 27.0847588 m → n.z = 0.66320002 (not walkable): an EDGE_SLIDE runner is held at the edge
 * (cliff slide) and stays on walkable ground. A runner without EDGE_SLIDE steps onto it (x >
 * 72) and loses ON_WALKABLE; its movement manager's LeaveGround (CMotionInterp::LeaveGround)
 * gives it the state velocity, 4 m/s east, which carries it into the slope: it bounces, keeps
 * the slope as contact plane and gets the horizontal sliding normal (−1, 0, 0). While its
 * offset still heads east, adjust_offset's sliding branch keeps only the part along the line
 * where the two planes meet, (−1, 0, 0) × n = (0, 0.66, 0): none, and the sweep stops at once
 * (|offset|² < EPSILON², row T5). In the air no friction ends the eastward velocity, so it stays
 * pinned against the slope where it hit it, in contact but not on walkable ground.
 * H = 27.0138016 m → n.z = 0.66417414 exactly: walkable. */
static void walkable_limit(void)
{
    ENSURE(acp_objectinfo_is_valid_walkable((acp_vec3){0.0f, 0.0f, ACP_FLOOR_Z}));
    ENSURE(!acp_objectinfo_is_valid_walkable((acp_vec3){0.0f, 0.0f, nextafterf(ACP_FLOOR_Z, 0.0f)}));
    const uint32_t player = ACP_EDGE_SLIDE_PS | ACP_GRAVITY_PS | ACP_REPORT_COLLISIONS_PS;
    const uint32_t creature = ACP_GRAVITY_PS | ACP_REPORT_COLLISIONS_PS;
    float above = 26.9375f, below = 27.0847588f, equal = 27.0138016f;
    ENSURE_NEAR(slope_nz(above), 0.6652236, 1e-7);
    ENSURE_NEAR(slope_nz(below), 0.6632, 1e-7);
    ENSURE_FBITS(slope_nz(equal), ACP_FLOOR_Z);
    acp_terrain *t = slope_terrain(equal);
    acp_vec3 n;
    ENSURE(acp_terrain_normal(t, 0xA9B40019u, 84.0f, 12.0f, &n));
    ENSURE_FBITS(n.z, ACP_FLOOR_Z);
    acp_terrain_destroy(t);
    t = slope_terrain(above);
    ENSURE(acp_terrain_normal(t, 0xA9B40019u, 84.0f, 12.0f, &n));
    ENSURE_FBITS(n.z, slope_nz(above));
    acp_terrain_destroy(t);

    slope_run r = run_at_slope(above, player, 40);
    ENSURE(r.always_walkable);
    ENSURE(r.final_x > 73.0f);
    r = run_at_slope(equal, player, 40);
    ENSURE(r.always_walkable);
    ENSURE(r.final_x > 73.0f);
    r = run_at_slope(below, creature, 40);
    ENSURE(r.lost_on_slope);
    ENSURE(!r.slid_back);
    ENSURE_FBITS(r.final_x, r.max_x);
    ENSURE(r.max_x < 72.5f); /* two quanta of 0.1333 m from x = 72 at the most */
    ENSURE_EQ(r.final_transient & (ACP_CONTACT_TS | ACP_ON_WALKABLE_TS | ACP_SLIDING_TS), ACP_CONTACT_TS | ACP_SLIDING_TS);
    r = run_at_slope(below, player, 40);
    ENSURE(r.always_walkable);
    ENSURE(r.max_x <= 72.0f);
}

/* The restitution impulse through a real sweep: flat ground at z = 0, the runner's Setup (no
 * motion table) 0.1 m above it falling at 5 m/s (no gravity, so v stays (0, 0, −5)), one 0.1 s
 * quantum. The step lands it (collision normal (0, 0, 1): it was not in contact); it was not on
 * walkable ground before, so the bounce applies: v += −(v·n)(1 + e)·n = −5 + 5 × (1 +
 * (double)0.05f) → (float) 0.25. INELASTIC_PS → 0. STATIONARY_STOP_TS before
 * (frames_stationary_fall 2) → 0. */
static void impulse_on_landing(void)
{
    const uint8_t flat[9] = {0};
    const float table[1] = {0.0f};
    acp_setup *setup;
    acp_fixture *fx = runner_records(&BALL, 1, &setup);
    acp_record_source src = acp_fixture_source(fx);
    for (int c = 0; c < 3; c++) {
        acp_terrain *t = column_terrain(flat, table, 1);
        acp_physobj *o;
        acp_world *w = terrain_world(t, &o, c == 1 ? ACP_INELASTIC_PS : 0u);
        build_object(o, setup, &src, 0, 1.0f);
        acp_position p = local_position(0xA9B40000u, 50.0f, 50.0f, 0.1f, 0.0f);
        acp_world_place_object(w, o, &p, c == 2 ? ACP_STATIONARY_STOP_TS : 0u, 0.0);
        o->velocity = (acp_vec3){0.0f, 0.0f, -5.0f};
        acp_physobj_update_object_internal(o, 0.1f);
        ENSURE_FBITS(o->velocity.z, c == 0 ? 0.25f : 0.0f);
        ENSURE_FBITS(o->velocity.x, 0.0f);
        ENSURE_NEAR(o->position.frame.origin.z, 0.0, ACP_F_EPSILON); /* touching, by retail's rule */
        ENSURE(o->transient_state & ACP_CONTACT_TS);
        ENSURE_EQ((o->transient_state & ACP_STATIONARY_STOP_TS) != 0, c == 2);
        acp_world_destroy(w);
        acp_terrain_destroy(t);
    }
    acp_fixture_destroy(fx);
}

/* Landblock crossing: Holtburg's cell 0xA9B40039 (cx 7, cy 0) at x = 191.9, y = 12, on the
 * terrain, heading east; the runner's RunForward quantum (one frame: r = 0.13333334 m east). The
 * terrain there rises eastwards and falls northwards (n ≈ (−0.081, 0.242, 0.967)), so the step,
 * moving into it, is r − (r·n)n: 0.1325 m east and 0.0026 m north. The sphere's cell becomes
 * AAB4's cell (0, 0) = 0xAAB40001 and the origin is re-expressed there: x = 191.9 + 0.1325 − 192
 * = 0.0325, on AAB4's terrain. Without AAB4 loaded the object moves into the missing cell: no
 * cell, inactive, skipped afterwards. */
static void landblock_crossing(void)
{
    LOAD_DEFAULT_EXCERPTS(dats);
    acp_setup *setup;
    acp_fixture *fx = runner_records(&BALL, 1, &setup);
    for (int loaded = 1; loaded >= 0; loaded--) {
        uint32_t ids[] = {0xA9B4FFFFu, 0xAAB4FFFFu};
        acp_terrain *t = dat_terrain(dats, ids, loaded ? 2u : 1u);
        acp_physobj *o;
        acp_world *w = terrain_world(t, &o, ACP_EDGE_SLIDE_PS | ACP_GRAVITY_PS | ACP_REPORT_COLLISIONS_PS);
        runner_object(o, fx, setup);
        float z;
        ENSURE(acp_terrain_height(t, 0xA9B40039u, 191.9f, 12.0f, &z));
        acp_position p = local_position(0xA9B40000u, 191.9f, 12.0f, z, 90.0f);
        ENSURE_EQ(p.objcell_id, 0xA9B40039u);
        ENSURE(acp_world_enter_object(w, o, &p, 0.0));
        start_running(o, 1.0f);
        ENSURE_EQ(frames_crossed(o, Q30), 1);
        const acp_vec3 n = o->contact_plane.n;
        ENSURE(n.x < 0.0f && n.y > 0.0f); /* rising east, falling north */
        const double r = runner_frame_step(), into = r * n.x;
        acp_physobj_update_object_internal(o, Q30);
        ENSURE_EQ(o->position.objcell_id, 0xAAB40001u);
        /* Origins near 192 m are floats 1.5e-5 apart: within two spacings. */
        ENSURE_NEAR(o->position.frame.origin.x, (double)191.9f + (r - into * n.x) - 192.0, 3e-5);
        ENSURE_NEAR(o->position.frame.origin.y, 12.0 - into * n.y, 3e-5);
        if (loaded) {
            ENSURE(o->has_cell);
            ENSURE(acp_terrain_get_landcell(t, o->position.objcell_id) != NULL);
            ENSURE_NEAR(o->position.frame.origin.z, ground_z(t, o), 1e-3);
            ENSURE(o->transient_state & ACP_ON_WALKABLE_TS);
            ENSURE_EQ(o->contact_plane_cell_id, 0xAAB40001u);
        } else {
            ENSURE(!o->has_cell);
            ENSURE(!(o->transient_state & ACP_ACTIVE_TS));
            w->now = 1.0;
            acp_physobj_update_object(o);
            ENSURE_EQ(o->record.skipped, ACP_SKIP_NO_CELL);
        }
        acp_world_destroy(w);
        acp_terrain_destroy(t);
    }
    acp_fixture_destroy(fx);
    acp_datset_destroy(dats);
}

/* ---- placement ---- */

/* SetPosition (enter_world: PLACEMENT | SLIDE): inserted where asked (lifted out of the ground
 * when below it), then stepped down by the step-down height (0.4 m) onto ground within reach;
 * higher, it stays where placed; missiles do not step down; an unloaded landblock leaves the
 * object without a cell; an all-water landblock refuses non-missiles. An object without parts
 * uses retail's dummy sphere (centre (0, 0, 0.1), radius 0.1) and still never translates. */
static void placement(void)
{
    LOAD_DEFAULT_EXCERPTS(dats);
    const uint8_t flat[9] = {0};
    const float table[1] = {0.0f};
    acp_setup *setup;
    acp_fixture *fx = runner_records(&BALL, 1, &setup);
    acp_record_source src = acp_fixture_source(fx);
    const float heights[4] = {0.3f, -0.2f, 0.5f, 0.3f};
    const uint32_t states[4] = {0u, 0u, 0u, ACP_MISSILE_PS};
    const float expect[4] = {0.0f, 0.0f, 0.5f, 0.3f};
    for (int c = 0; c < 4; c++) {
        acp_terrain *t = column_terrain(flat, table, 1);
        acp_physobj *o;
        acp_world *w = terrain_world(t, &o, states[c]);
        build_object(o, setup, &src, 0, 1.0f);
        acp_position p = local_position(0xA9B40000u, 40.0f, 40.0f, heights[c], 0.0f);
        ENSURE(acp_world_enter_object(w, o, &p, 0.0));
        ENSURE(o->has_cell);
        ENSURE(o->transient_state & ACP_ACTIVE_TS);
        ENSURE_NEAR(o->position.frame.origin.z, expect[c], 1e-6);
        ENSURE_EQ((o->transient_state & ACP_CONTACT_TS) != 0, expect[c] == 0.0f);
        acp_world_destroy(w);
        acp_terrain_destroy(t);
    }
    /* The fixture world (no terrain): put where asked, in its cell, with its acceleration. */
    {
        acp_physobj *fo;
        acp_world *fw = terrain_world(NULL, &fo, ACP_GRAVITY_PS);
        acp_position fp = local_position(0xA9B40000u, 40.0f, 40.0f, 7.0f, 0.0f);
        ENSURE(acp_world_enter_object(fw, fo, &fp, 0.5));
        ENSURE(fo->has_cell);
        ENSURE(fo->transient_state & ACP_ACTIVE_TS);
        ENSURE_DBITS(fo->update_time, 0.5);
        ENSURE_FBITS(fo->position.frame.origin.z, 7.0f);
        ENSURE_FBITS(fo->acceleration.z, ACP_GRAVITY);
        acp_world_destroy(fw);
    }
    /* Not loaded: OK without a cell. */
    uint32_t ids[] = {0xA9B4FFFFu};
    acp_terrain *t = dat_terrain(dats, ids, 1);
    acp_physobj *o;
    acp_world *w = terrain_world(t, &o, 0u);
    build_object(o, setup, &src, 0, 1.0f);
    acp_position p = local_position(0xAAB40000u, 10.0f, 10.0f, 100.0f, 0.0f);
    ENSURE_EQ(acp_physobj_set_position(o, &p, ACP_PLACEMENT_SPF | ACP_SLIDE_SPF), ACP_SPE_OK);
    ENSURE(!o->has_cell);
    ENSURE_EQ(o->position.objcell_id, 0xAAB40001u);
    acp_world_destroy(w);
    acp_terrain_destroy(t);
    /* All water. */
    t = all_water_terrain(dats, 0xAAB4FFFFu);
    w = terrain_world(t, &o, 0u);
    build_object(o, setup, &src, 0, 1.0f);
    float z;
    ENSURE(acp_terrain_height(t, 0xAAB40001u, 10.0f, 10.0f, &z));
    p = local_position(0xAAB40000u, 10.0f, 10.0f, z, 0.0f);
    ENSURE(!acp_world_enter_object(w, o, &p, 0.0));
    ENSURE(!o->has_cell);
    acp_world_destroy(w);
    acp_terrain_destroy(t);
    /* No parts: the dummy sphere; below the ground by 0.05 → lifted to it; never translates. */
    t = column_terrain(flat, table, 1);
    w = terrain_world(t, &o, ACP_GRAVITY_PS);
    p = local_position(0xA9B40000u, 40.0f, 40.0f, -0.05f, 0.0f);
    ENSURE(acp_world_enter_object(w, o, &p, 0.0));
    ENSURE_NEAR(o->position.frame.origin.z, 0.0, 1e-6);
    ENSURE(o->transient_state & ACP_CONTACT_TS);
    o->velocity = (acp_vec3){3.0f, 0.0f, 0.0f};
    uint64_t sweeps = w->num_sweeps;
    acp_vec3 before = o->position.frame.origin;
    acp_physobj_update_object_internal(o, Q30);
    ENSURE_FBITS(o->position.frame.origin.x, before.x);
    ENSURE_EQ(w->num_sweeps, sweeps);
    acp_world_destroy(w);
    acp_terrain_destroy(t);
    acp_fixture_destroy(fx);
    acp_datset_destroy(dats);
}

/* enter_world's tail (CPhysicsObj::enter_world 0x00516170): CPartArray::HandleEnterWorld →
 * MotionTableManager::HandleEnterWorld removes the sequence's link animations and completes
 * every pending motion-table animation as failed (AnimationDone(0) → MotionDone), and
 * MovementManager::HandleEnterWorld reaches an empty function. A humanoid created running (the
 * CreateObject motion state is unpacked in set_description, before enter_world) cannot start
 * RunForward in the air (CMotionInterp::contact_allows_move): the state holds it, the sequence
 * keeps Ready. The placement sweep sets it on the ground, and set_on_walkable's HitGround plays
 * the state: the Ready→RunForward link 0x0300F007, then the cycle 0x0300F003. enter_world then
 * drops the link: the humanoid enters the world straight in the RunForward cycle, nothing pending
 * in either queue. SetPosition alone (the same placement without enter_world's tail) keeps the
 * link and the pending motions. */
static void enter_world_handles_motion(void)
{
    LOAD_DEFAULT_EXCERPTS(dats);
    uint32_t ids[] = {0xD59AFFFFu};
    acp_terrain *t = dat_terrain(dats, ids, 1);
    for (int entered = 1; entered >= 0; entered--) {
        acp_physobj *o;
        acp_world *w = terrain_world(t, &o, 0x00400408u);
        excerpt_object(o, dats, 0x02000001u, 0x09000001u, 1.0f);
        start_running(o, 1.0f);
        const acp_sequence *seq = &o->part_array->sequence;
        const acp_mtable_manager *mtm = o->part_array->motion_table_manager;
        const acp_motion_interp *mi = acp_physobj_motion_interp(o);
        ENSURE_EQ(mi->interpreted_state.forward_command, ACP_MOTION_RUN_FORWARD);
        ENSURE(seq->head == seq->first_cyclic);
        ENSURE_EQ(acp_sequence_node(seq, seq->head)->anim->id, 0x0300F001u); /* still Ready */
        acp_position p = recorded_position(0xD59A0023u, 118.6824f, 58.51815f, 330.9344f, 0.468932f, -0.883235f);
        if (entered) {
            ENSURE(acp_world_enter_object(w, o, &p, 0.0));
            ENSURE(seq->head == seq->first_cyclic);
            ENSURE_EQ(acp_sequence_node(seq, seq->head)->anim->id, 0x0300F003u); /* RunForward's cycle */
            ENSURE_EQ(mtm->num_pending, 0);
            ENSURE_EQ(mi->num_pending, 0);
        } else {
            ENSURE_EQ(acp_physobj_set_position(o, &p, ACP_PLACEMENT_SPF | ACP_SLIDE_SPF), ACP_SPE_OK);
            ENSURE(o->transient_state & ACP_ON_WALKABLE_TS);
            ENSURE(seq->head != seq->first_cyclic);
            ENSURE_EQ(acp_sequence_node(seq, seq->head)->anim->id, 0x0300F007u); /* the link */
            ENSURE_EQ(acp_sequence_node(seq, seq->first_cyclic)->anim->id, 0x0300F003u);
            ENSURE(mtm->num_pending > 0);
            ENSURE(mi->num_pending > 0);
        }
        acp_world_destroy(w);
    }
    acp_terrain_destroy(t);
    acp_datset_destroy(dats);
}

/* The scale of a created object (PhysicsDesc object_scale, applied by set_description as
 * SetScaleStatic does: m_scale and CPartArray::SetScaleInternal): the part array's scale is what
 * GetStepUpHeight / GetStepDownHeight multiply (Setup 0x020007DD: 0.4 m × 1.5 = (float)0.6), and
 * the sweep's spheres take m_scale (radius 0.45 × 1.5). SetScale with no delta is that call;
 * setting m_scale alone (as a Setup change would leave it) leaves the part array at 1. */
static void scale_at_creation(void)
{
    LOAD_DEFAULT_EXCERPTS(dats);
    acp_physobj *o;
    acp_world *w = terrain_world(NULL, &o, 0x408u);
    excerpt_object(o, dats, 0x020007DDu, 0x09000008u, 1.5f);
    ENSURE_FBITS(o->scale, 1.5f);
    ENSURE_FBITS(o->part_array->scale.x, 1.5f);
    ENSURE_FBITS(o->part_array->scale.z, 1.5f);
    ENSURE_FBITS(o->part_array->part_gfx_scale[0].y, 1.5f); /* no default scale: the scale itself */
    acp_object_info oi;
    acp_objectinfo_init(&oi, o, 0);
    ENSURE_FBITS(oi.step_up_height, (float)((double)0.4f * 1.5f));
    ENSURE_FBITS(oi.step_down_height, (float)((double)0.4f * 1.5f));
    ENSURE_FBITS(oi.scale, 1.5f);
    acp_transition tr;
    acp_transition_construct(&tr, NULL);
    acp_transition_init_object_spheres(&tr, o);
    ENSURE_FBITS(tr.sphere_path.local_sphere[0].radius, (float)(1.5 * (double)0.45f));
    /* A later Setup keeps m_scale but builds its part array at scale 1, as retail's CreateSetup. */
    acp_record_source src = acp_datset_source(dats);
    ENSURE(acp_physobj_set_setup(o, acp_datset_setup(dats, 0x020007DDu), &src));
    ENSURE_FBITS(o->scale, 1.5f);
    ENSURE_FBITS(o->part_array->scale.z, 1.0f);
    acp_world_destroy(w);
    acp_datset_destroy(dats);
}

/* find_placement_pos's ring search and our bound on it: in an all-water landblock every spot
 * refuses a non-missile (COLLIDED). A 0.1 m sphere searches 4 / 0.1 × 0.5 = 20 rings (up to 2 m
 * away; check_pos ends at the last spot tried); a 1 mm sphere would need 2000 rings, more than
 * ACP_MAX_PLACEMENT_RINGS: it fails at once, check_pos still at the requested spot. */
static void placement_rings(void)
{
    LOAD_DEFAULT_EXCERPTS(dats);
    acp_terrain *t = all_water_terrain(dats, 0xAAB4FFFFu);
    const float radii[2] = {0.1f, 0.001f};
    for (int c = 0; c < 2; c++) {
        acp_physobj *o;
        acp_world *w = terrain_world(t, &o, 0u);
        acp_transition tr;
        acp_transition_construct(&tr, t);
        acp_objectinfo_init(&tr.object_info, o, 0);
        acp_sphere s = {{0.0f, 0.0f, radii[c]}, radii[c]};
        acp_spherepath_init_sphere(&tr.sphere_path, 1, &s, 1.0f);
        float z;
        ENSURE(acp_terrain_height(t, 0xAAB40000u, 100.0f, 100.0f, &z));
        acp_position p = local_position(0xAAB40000u, 100.0f, 100.0f, z, 0.0f);
        acp_spherepath_init_path(&tr.sphere_path, acp_terrain_get_landcell(t, p.objcell_id), NULL, &p);
        ENSURE(!acp_transition_find_placement_pos(&tr));
        float dx = tr.sphere_path.check_pos.frame.origin.x - 100.0f;
        float dy = tr.sphere_path.check_pos.frame.origin.y - 100.0f;
        if (c == 0) ENSURE_NEAR(sqrt((double)dx * dx + (double)dy * dy), 2.0, 1e-3);
        else ENSURE(dx == 0.0f && dy == 0.0f);
        acp_world_destroy(w);
    }
    acp_terrain_destroy(t);
    acp_datset_destroy(dats);
}

/* ---- recorded retail states over real terrain (data/excerpt-sources/retail-states.json) ---- */

/* Retail's 50 m/s clamp (CPhysicsObj::set_velocity and UpdatePhysicsInternal): |v|² above
 * (float)2500 scales v to 50 m/s through the float unit vector. */
static acp_vec3 clamp_velocity(acp_vec3 v)
{
    float mag2 = (float)((double)v.x * v.x + (double)v.y * v.y + (double)v.z * v.z);
    if ((double)mag2 > (double)(float)2500.0) {
        double len = sqrt((double)v.x * v.x + (double)v.y * v.y + (double)v.z * v.z);
        v.x = (float)(50.0 * (float)(1.0 / len * v.x));
        v.y = (float)(50.0 * (float)(1.0 / len * v.y));
        v.z = (float)(50.0 * (float)(1.0 / len * v.z));
    }
    return v;
}

/* Retail's velocity integration of one quantum in the air (UpdatePhysicsInternal): the clamp,
 * then v += a·dt with a = (0, 0, −9.8000002). */
static acp_vec3 airborne_velocity(acp_vec3 v, float dt)
{
    v = clamp_velocity(v);
    v.x = (float)((double)dt * 0.0 + v.x);
    v.y = (float)((double)dt * 0.0 + v.y);
    v.z = (float)((double)(float)((double)dt * ACP_GRAVITY) + v.z);
    return v;
}

/* The quarrel over Holtburg (36522 Greater Deadly Blunt Quarrel): Setup 0x0200012A of the
 * default portal excerpt (one sphere, centre (0, 0, 0), radius 0.1; step heights 0.01), created
 * as CreateObject creates it: makeObject(Setup), then set_description: PhysicsState 0x20748
 * (REPORT_COLLISIONS | MISSILE | ALIGNPATH | PATHCLIPPED | GRAVITY | INELASTIC), scale 1.1
 * (SetScaleInternal: sphere radius (float)(1.1 × 0.1) = 0.11 and the part array's scale),
 * friction 1, elasticity 0, the placement frame MissileFlight (0x34), and set_velocity with the
 * recorded (−31.741, 37.134, −10.658): |v|² = 2500.018 > 2500, so set_velocity already clamps
 * it to 50 m/s. Then enter_world at the recorded position, about 1.1 m above Holtburg's 94 m
 * plateau, as SmartBox::HandleCreateObject enters every object without a parent: the placement
 * sweep inserts a MISSILE_PS object where it is, without the step down, so it stays in flight.
 * At 60 frames/s: in the air its velocity follows retail's integration exactly and its origin the
 * candidate of each quantum (x += v·dt + ½a·dt²); ALIGNPATH turns its forward axis along the
 * displacement, pitch included. It lands within the first second; the environment collision ends
 * its missile state and INELASTIC stops it; it ends at rest on walkable ground, its origin the
 * sphere's radius above it. */
static void quarrel_over_holtburg(void)
{
    LOAD_DEFAULT_EXCERPTS(dats);
    uint32_t ids[] = {0xA9B4FFFFu};
    acp_terrain *t = dat_terrain(dats, ids, 1);
    acp_physobj *o;
    acp_world *w = terrain_world(t, &o, 0x00020748u);
    excerpt_object(o, dats, 0x0200012Au, 0, 1.1f);
    ENSURE_FBITS(o->scale, 1.1f);
    ENSURE_FBITS(o->part_array->scale.z, 1.1f);
    ENSURE(acp_physobj_set_placement_frame(o, 0x34u));
    o->friction = 1.0f;
    o->elasticity = 0.0f;
    const acp_vec3 recorded = {-31.741f, 37.134f, -10.658f};
    acp_physobj_set_velocity(o, recorded);
    acp_vec3 v50 = clamp_velocity(recorded);
    ENSURE_FBITS(o->velocity.x, v50.x);
    ENSURE_FBITS(o->velocity.y, v50.y);
    ENSURE_FBITS(o->velocity.z, v50.z);
    acp_position p = recorded_position(0xA9B40019u, 78.53821f, 1.935757f, 95.10242f, -0.623728f, -0.781642f);
    ENSURE(acp_world_enter_object(w, o, &p, 0.0));
    ENSURE(!(o->transient_state & ACP_CONTACT_TS));
    ENSURE_FBITS(o->position.frame.origin.z, 95.10242f); /* a missile is not stepped down */
    ENSURE_FBITS((float)resting_offset(o), (float)((double)1.1f * 0.1f));
    double landed_at = -1.0;
    int airborne_quanta = 0;
    for (int k = 1; k <= 120; k++) {
        acp_vec3 v0 = o->velocity, o0 = o->position.frame.origin;
        acp_world_use_time(w, k / 60.0);
        if (!o->record.ran || o->record.num_quanta == 0 || landed_at >= 0.0) continue;
        ENSURE_EQ(o->record.num_quanta, 1);
        float dt = o->record.quanta[0];
        if (o->transient_state & ACP_CONTACT_TS) {
            landed_at = k / 60.0;
            continue;
        }
        airborne_quanta++;
        acp_vec3 v = airborne_velocity(v0, dt);
        ENSURE_FBITS(o->velocity.x, v.x);
        ENSURE_FBITS(o->velocity.y, v.y);
        ENSURE_FBITS(o->velocity.z, v.z);
        acp_vec3 d = {o->position.frame.origin.x - o0.x, o->position.frame.origin.y - o0.y,
                      o->position.frame.origin.z - o0.z};
        double vx = v.x, vy = v.y, vz = (double)v.z - (double)dt * ACP_GRAVITY; /* v before += a·dt */
        /* The origins are floats near 80 m (spacing 7.6e-6) summed over the sweep's sub-steps. */
        ENSURE_NEAR(d.x, vx * dt, 1e-4);
        ENSURE_NEAR(d.y, vy * dt, 1e-4);
        ENSURE_NEAR(d.z, vz * dt + 0.5 * ACP_GRAVITY * dt * dt, 1e-4);
        double len = sqrt((double)d.x * d.x + (double)d.y * d.y + (double)d.z * d.z);
        acp_vec3 fwd = acp_frame_get_vector_heading(&o->position.frame);
        /* The heading is set from the float displacement, then rounded into a float quaternion
         * and matrix: well within 1e-3. */
        ENSURE_NEAR(fwd.x, d.x / len, 1e-3);
        ENSURE_NEAR(fwd.y, d.y / len, 1e-3);
        ENSURE_NEAR(fwd.z, d.z / len, 1e-3);
        ENSURE(fwd.z < -0.2f); /* pitched down along its path */
    }
    ENSURE(airborne_quanta >= 2);
    ENSURE(landed_at > 0.0 && landed_at <= 1.0);
    ENSURE_EQ(o->state & (ACP_MISSILE_PS | ACP_ALIGNPATH_PS | ACP_PATHCLIPPED_PS), 0);
    ENSURE_FBITS(o->velocity.x, 0.0f);
    ENSURE_FBITS(o->velocity.y, 0.0f);
    ENSURE_FBITS(o->velocity.z, 0.0f);
    ENSURE_EQ(o->transient_state & (ACP_CONTACT_TS | ACP_ON_WALKABLE_TS), ACP_CONTACT_TS | ACP_ON_WALKABLE_TS);
    ENSURE_NEAR(o->position.frame.origin.z, ground_z(t, o) + resting_offset(o), 1e-3);
    acp_world_destroy(w);
    acp_terrain_destroy(t);
    acp_datset_destroy(dats);
}

/* The falling creature (01464 Drudge Robber) over 0xC19A: Setup 0x020007DD and MotionTable
 * 0x09000008 of the default portal excerpt (spheres of radius 0.45 at heights 0.45 and 1.05:
 * it rests with its origin on the surface; step heights 0.4), PhysicsState 0x408
 * (REPORT_COLLISIONS | GRAVITY), its NonCombat motion state, velocity (0, 0, −7.366), 0.137 m above
 * the terrain (36.95 m there). Created as CreateObject creates it and entered with enter_world
 * (SetPosition's placement sweep), the step down (0.4 m ≥ 0.137 m) is its fall: it enters on
 * the ground, OnWalkable, and comes to rest there. Placed instead with its frame as recorded
 * (airborne: the fixture placement "frame"), it falls under gravity — its first quantum already
 * takes it 0.251 m down (v·dt + ½a·dt² at dt = 1/30 s), which lands it — and comes to rest on
 * walkable ground the same way. */
static void falling_creature(void)
{
    LOAD_DEFAULT_EXCERPTS(dats);
    uint32_t ids[] = {0xC19AFFFFu};
    for (int entered = 1; entered >= 0; entered--) {
        acp_terrain *t = dat_terrain(dats, ids, 1);
        acp_physobj *o;
        acp_world *w = terrain_world(t, &o, 0x408u);
        excerpt_object(o, dats, 0x020007DDu, 0x09000008u, 1.0f);
        ENSURE(o->movement_manager != NULL);
        acp_interpreted_motion idle = acp_interpreted_motion_default(); /* style NonCombat: Ready */
        acp_physobj_apply_interpreted_motion(o, &idle);
        acp_physobj_set_velocity(o, (acp_vec3){0.0f, 0.0f, -7.366f});
        acp_position p = recorded_position(0xC19A0032u, 148.3582f, 26.67754f, 37.08688f, -0.996418f, -0.084562f);
        float ground = NAN;
        ENSURE(acp_terrain_height(t, 0xC19A0032u, 148.3582f, 26.67754f, &ground));
        ENSURE_NEAR(37.08688 - ground, 0.137, 1e-3);
        ENSURE_NEAR(resting_offset(o), 0.0, 0.0);
        if (entered) {
            ENSURE(acp_world_enter_object(w, o, &p, 0.0));
            ENSURE_EQ(o->transient_state & (ACP_CONTACT_TS | ACP_ON_WALKABLE_TS), ACP_CONTACT_TS | ACP_ON_WALKABLE_TS);
            ENSURE_NEAR(o->position.frame.origin.z, ground, 1e-4);
        } else {
            acp_world_place_object(w, o, &p, 0u, 0.0);
            ENSURE(!(o->transient_state & ACP_CONTACT_TS));
        }
        bool fell = entered != 0;
        double max_dz_after = 0.0;
        for (int k = 1; k <= 180; k++) {
            float z0 = o->position.frame.origin.z;
            acp_world_use_time(w, k / 60.0);
            if (!fell && o->record.ran && o->record.num_quanta) {
                fell = o->position.frame.origin.z < z0 - 0.1f;
                ENSURE(o->transient_state & ACP_CONTACT_TS); /* landed in that quantum */
            }
            if (o->transient_state & ACP_ON_WALKABLE_TS) {
                double dz = fabs(o->position.frame.origin.z - (ground_z(t, o) + resting_offset(o)));
                if (dz > max_dz_after) max_dz_after = dz;
            }
        }
        ENSURE(fell);
        ENSURE(max_dz_after <= 1e-3); /* on walkable ground, on the surface */
        ENSURE_FBITS(o->velocity.x, 0.0f);
        ENSURE_FBITS(o->velocity.y, 0.0f);
        ENSURE_FBITS(o->velocity.z, 0.0f);
        ENSURE_EQ(o->transient_state & (ACP_CONTACT_TS | ACP_ON_WALKABLE_TS), ACP_CONTACT_TS | ACP_ON_WALKABLE_TS);
        ENSURE_NEAR(o->position.frame.origin.z, ground_z(t, o) + resting_offset(o), 1e-3);
        acp_vec3 rest = o->position.frame.origin;
        acp_world_use_time(w, 4.0);
        ENSURE_FBITS(o->position.frame.origin.x, rest.x);
        ENSURE_FBITS(o->position.frame.origin.z, rest.z);
        acp_world_destroy(w);
        acp_terrain_destroy(t);
    }
    acp_datset_destroy(dats);
}

/* The recorded motion of the running, turning player (retail-states.json running-turning-player):
 * NonCombat, RunForward at 2.0039682 (the run rate), TurnRight at 1.5. */
#define RUN_SPEED 2.0039682f
#define TURN_SPEED 1.5f

/* Its root motion per animation frame boundary, from MotionTable 0x09000001's RunForward cycle
 * (no MotionData velocity; animation 0x0300F003 moves the root (float)(4.0 / 30) = 0.13333334 m
 * forward per frame, 30 frames/s) and TurnRight modifier (omega (0, 0, −1.5)): the cycle plays at
 * framerate (float)(30 × 2.0039682) (the speed multiplies it; pos frames are not scaled), the
 * sequence's omega is (float)(−1.5 × 1.5); each boundary combines the pos frame into the offset
 * frame (AFrame::combine: turned by the offset's rotation so far) and CSequence::apply_physics
 * then turns the offset by omega × 1/framerate: 0.13333334 m and 0.0374 rad per boundary,
 * 8.016 m/s and 2.25 rad/s, a circle of radius v/ω = 8.0158728 / 2.25 = 3.5626 m. */
typedef struct run_motion {
    double framerate;     /* frames/s */
    float step;           /* metres per boundary, object +Y */
    float turn;           /* radians per boundary (clockwise: heading grows) */
} run_motion;

static run_motion recorded_run(void)
{
    run_motion m;
    m.framerate = (float)(30.0f * (double)RUN_SPEED);
    m.step = (float)(4.0 / 30.0);
    m.turn = -(float)(1.0 / m.framerate * (float)((double)TURN_SPEED * -1.5f));
    return m;
}

/* A humanoid (Setup 0x02000001 and MotionTable 0x09000001 of the default portal excerpt:
 * spheres of radius 0.48 at heights 0.475 and 1.35, so it rests with its origin
 * (float)0.48 − (float)0.475 = 5 mm above the surface; step heights 0.6 up, 1.5 down), PhysicsState 0x00400408 (REPORT_COLLISIONS | GRAVITY | EDGE_SLIDE), entered
 * with enter_world at p on 0xD59A, then given the recorded interpreted motion. */
static acp_world *recorded_runner(const acp_datset *dats, acp_terrain *t, const acp_position *p, acp_physobj **out)
{
    acp_physobj *o;
    acp_world *w = terrain_world(t, &o, 0x00400408u);
    excerpt_object(o, dats, 0x02000001u, 0x09000001u, 1.0f);
    ENSURE(acp_world_enter_object(w, o, p, 0.0));
    ENSURE_EQ(o->transient_state & (ACP_CONTACT_TS | ACP_ON_WALKABLE_TS), ACP_CONTACT_TS | ACP_ON_WALKABLE_TS);
    ENSURE_NEAR(resting_offset(o), (double)0.48f - (double)0.475f, 0.0);
    acp_interpreted_motion m = acp_interpreted_motion_default();
    m.forward_command = ACP_MOTION_RUN_FORWARD;
    m.forward_speed = RUN_SPEED;
    m.turn_command = ACP_MOTION_TURN_RIGHT;
    m.turn_speed = TURN_SPEED;
    acp_physobj_apply_interpreted_motion(o, &m);
    *out = o;
    return w;
}

/* True once the Ready→RunForward link (0x0300F007: six frames with root-motion pos frames) has
 * played out: only the cycle is left. */
static bool link_done(const acp_physobj *o)
{
    const acp_sequence *seq = &o->part_array->sequence;
    return seq->head == seq->first_cyclic;
}

/* Length of a plan-view vector (sqrt is exact everywhere; no libm transcendental). */
static double plan_length(double x, double y) { return sqrt(x * x + y * y); }

/* Heading change (radians, clockwise positive) from frame a to frame b, in (−π, π]. */
static double heading_change(const acp_frame *a, const acp_frame *b)
{
    double d = (acp_frame_get_heading(b) - acp_frame_get_heading(a)) * ACP_DEG_TO_RAD;
    while (d > 3.141592653589793) d -= 2.0 * 3.141592653589793;
    while (d <= -3.141592653589793) d += 2.0 * 3.141592653589793;
    return d;
}

/* What running the recorded motion did, quantum by quantum, against the motion's prediction. */
typedef struct run_stats {
    int predicted;            /* quanta after the link (checked against the prediction) */
    double max_dz;            /* metres: |z − (terrain + resting offset)| after a quantum */
    double max_dxy;           /* metres: plan-view distance from the predicted displacement */
    double max_dturn;         /* radians: |turn − predicted turn| */
    double min_shrink;        /* smallest plan-view displacement / plan-view root motion */
    double max_centre_drift;  /* metres: how far the centre of the chords' circle moved */
    double rho;               /* metres: radius of the circle of two-boundary chords */
    int boundary_changes;     /* quanta whose boundary count differs from the previous one */
    float zmin, zmax;         /* metres */
} run_stats;

/* Run `quanta` quanta of 1/30 s (UpdateObjectInternal, as update_object passes them) and check
 * each against the recorded motion: one sweep, OnWalkable and active, the origin on the terrain.
 * After the link, the prediction: the quantum's root motion r = R(start) · Σ_k R(k × turn) ·
 * (0, step, 0) over its n frame boundaries k = 0 … n − 1 (each pos frame is combined into the
 * offset frame, turned by the k turns before it); the sweep moves r along the contact plane n̂ of
 * the quantum's start as CTransition::adjust_offset does: into the plane (r·n̂ ≤ 0) r − (r·n̂)n̂,
 * away from it r (only z changes); the heading turns by n × turn. And the circle: a chord e of
 * length c followed by a turn α = n × turn is a chord of the circle of radius ρ = c / (2 sin(α/2))
 * about P + e/2 + (c / (2 tan(α/2)))·right(ê); while n stays the same, consecutive chords share
 * that circle. */
static run_stats run_recorded_motion(acp_world *w, acp_terrain *t, acp_physobj *o, int quanta)
{
    const run_motion rm = recorded_run();
    run_stats st = {0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0, 1e9f, -1e9f};
    double cx = 0.0, cy = 0.0;
    int last_n = -1;
    for (int i = 0; i < quanta; i++) {
        uint64_t sweeps = w->num_sweeps;
        const int n = frames_crossed(o, Q30);
        const bool cycle = link_done(o);
        const acp_frame f0 = o->position.frame;
        const acp_plane plane = o->contact_plane;
        acp_physobj_update_object_internal(o, Q30);
        ENSURE_EQ(w->num_sweeps - sweeps, 1);
        ENSURE(o->transient_state & ACP_ON_WALKABLE_TS);
        ENSURE(o->transient_state & ACP_ACTIVE_TS);
        const acp_vec3 at = o->position.frame.origin;
        double dz = fabs(at.z - (ground_z(t, o) + resting_offset(o)));
        if (dz > st.max_dz) st.max_dz = dz;
        if (at.z < st.zmin) st.zmin = at.z;
        if (at.z > st.zmax) st.zmax = at.z;
        if (!cycle) continue;
        st.predicted++;
        double lx = 0.0, ly = 0.0; /* object axes: +x right, +y forward */
        for (int k = 0; k < n; k++) {
            lx += (double)rm.step * acp_sin(k * (double)rm.turn);
            ly += (double)rm.step * acp_cos(k * (double)rm.turn);
        }
        acp_vec3 r = {(float)((double)f0.m[0] * lx + (double)f0.m[3] * ly),
                      (float)((double)f0.m[1] * lx + (double)f0.m[4] * ly),
                      (float)((double)f0.m[2] * lx + (double)f0.m[5] * ly)};
        double into = (double)r.x * plane.n.x + (double)r.y * plane.n.y + (double)r.z * plane.n.z;
        double ex = r.x, ey = r.y;
        if (into <= 0.0) {
            ex -= into * plane.n.x;
            ey -= into * plane.n.y;
        }
        double ax = (double)at.x - f0.origin.x, ay = (double)at.y - f0.origin.y;
        double dxy = plan_length(ax - ex, ay - ey);
        if (dxy > st.max_dxy) st.max_dxy = dxy;
        double shrink = plan_length(ax, ay) / plan_length(r.x, r.y);
        if (shrink < st.min_shrink) st.min_shrink = shrink;
        double dturn = fabs(heading_change(&f0, &o->position.frame) - n * (double)rm.turn);
        if (dturn > st.max_dturn) st.max_dturn = dturn;
        /* The centre of this chord's circle (the chord e = (ex, ey); right of it (ey, −ex)/c). */
        double half = 0.5 * n * (double)rm.turn, c = plan_length(ex, ey);
        double k = c / (2.0 * acp_sin(half)) * acp_cos(half);
        double qx = f0.origin.x + 0.5 * ex + k * ey / c;
        double qy = f0.origin.y + 0.5 * ey - k * ex / c;
        if (n != last_n) {
            if (last_n >= 0) st.boundary_changes++;
            cx = qx;
            cy = qy;
            if (n == 2) st.rho = c / (2.0 * acp_sin(half));
            last_n = n;
        }
        double drift = plan_length(qx - cx, qy - cy);
        if (drift > st.max_centre_drift) st.max_centre_drift = drift;
    }
    return st;
}

/* The running, turning player (00004 +Moosier) on the hills of 0xD59A (real terrain, the default
 * cell excerpt), from its recorded position in cell 0xD59A0023 on a 45° hillside (n.z 0.7022),
 * for 10 s of 1/30 s quanta (run_recorded_motion's checks): it follows the hills (one sweep per
 * quantum, OnWalkable throughout, its origin on the terrain, over metres of height) and every
 * quantum is the motion's prediction. Uphill, adjust_offset draws the plan-view step in (by up to
 * cos² 45° = 0.5 here), so on this hillside the plan-view path is the circle of radius v/ω only
 * downhill and the circles drift along the slope; runner_on_flat_ground shows the circle. */
static void runner_on_hills(void)
{
    LOAD_DEFAULT_EXCERPTS(dats);
    uint32_t ids[] = {0xD59AFFFFu};
    acp_terrain *t = dat_terrain(dats, ids, 1);
    acp_position p = recorded_position(0xD59A0023u, 118.6824f, 58.51815f, 330.9344f, 0.468932f, -0.883235f);
    acp_physobj *o;
    acp_world *w = recorded_runner(dats, t, &p, &o);
    ENSURE_NEAR(o->position.frame.origin.z, 330.9344, 0.01); /* the recorded z is on the terrain */
    run_stats st = run_recorded_motion(w, t, o, 300);
    ENSURE(st.predicted >= 290);          /* the link takes the first few quanta */
    ENSURE(st.max_dz <= 1e-3);
    /* Origins are floats near 120 m (spacing 7.6e-6) and the displacement passes through a few
     * float roundings (offset, plane projection, sphere centres): 2e-5 is a few spacings. */
    ENSURE(st.max_dxy <= 2e-5);
    ENSURE(st.max_dturn <= 1e-6);         /* float quaternions: ~1e-7 rad */
    ENSURE(st.min_shrink < 0.6);          /* uphill steps drawn in: cos² 45° = 0.5 at worst */
    ENSURE(st.max_centre_drift > 1.0);    /* the circles drift along the hillside */
    ENSURE(st.zmax - st.zmin > 5.0f);
    acp_world_destroy(w);
    acp_terrain_destroy(t);
    acp_datset_destroy(dats);
}

/* The same runner on flat ground of the same landblock: 0xD59A's cells (2, 5) and (2, 6)
 * (x 48..72, y 120..168) have every vertex at height index 140 (280 m), so the contact plane is
 * horizontal and the sweep leaves the root motion as it is. Entered heading north at
 * (60 − v/ω, 144), it runs circles to the right: every quantum is the motion's prediction, and
 * the two-boundary chords (0.13333334 m, a turn of a = 0.0374 rad, 0.13333334 m: the polygon of
 * pos frames, one per boundary) all lie on one circle of radius ρ = step / (2 sin(a/2)) =
 * v/ω × (a/2)/sin(a/2) = v/ω (1 + 5.8e-5), whose centre stays put until a quantum
 * crosses a third boundary (30 × 2.0039682 × (float)(1/30) = 2.004 boundaries per quantum: about
 * once every 250 quanta), which starts a new polygon of two-boundary chords (its circle lies
 * 7.5 mm from the last one's: measured, not asserted). */
static void runner_on_flat_ground(void)
{
    LOAD_DEFAULT_EXCERPTS(dats);
    uint32_t ids[] = {0xD59AFFFFu};
    acp_terrain *t = dat_terrain(dats, ids, 1);
    const double radius = (double)(float)((double)RUN_SPEED * 4.0f) / -(double)(float)((double)TURN_SPEED * -1.5f);
    ENSURE_NEAR(radius, 8.0158728 / 2.25, 1e-6);
    float z;
    ENSURE(acp_terrain_height(t, 0xD59A0000u, (float)(60.0 - radius), 144.0f, &z));
    ENSURE_FBITS(z, 280.0f);
    acp_position p = local_position(0xD59A0000u, (float)(60.0 - radius), 144.0f, z, 0.0f);
    acp_physobj *o;
    acp_world *w = recorded_runner(dats, t, &p, &o);
    run_stats st = run_recorded_motion(w, t, o, 300);
    ENSURE(st.predicted >= 290);
    /* On the flat, 5 mm above it (the resting offset) throughout: one float height. */
    ENSURE_FBITS(st.zmin, st.zmax);
    ENSURE_NEAR(st.zmin, 280.0 + resting_offset(o), 3.1e-5); /* floats near 280 are 3.05e-5 apart */
    ENSURE(st.max_dxy <= 2e-5);
    ENSURE(st.max_dturn <= 1e-6);
    ENSURE(st.min_shrink > 0.9999);
    const double a = recorded_run().turn;
    ENSURE_NEAR(st.rho, radius * (0.5 * a) / acp_sin(0.5 * a), 1e-4);
    ENSURE(st.boundary_changes <= 4);
    ENSURE(st.max_centre_drift <= 1e-3);
    acp_world_destroy(w);
    acp_terrain_destroy(t);
    acp_datset_destroy(dats);
}

/* Update o by `seconds` in quanta of 1/30 s and a last shorter one, as update_object hands them
 * over; returns the animation frame boundaries crossed (frames_crossed, summed). */
static int update_for(acp_physobj *o, double seconds)
{
    int crossed = 0;
    double left = seconds;
    while (left > 1e-12) {
        float q = left > (double)Q30 ? Q30 : (float)left;
        crossed += frames_crossed(o, q);
        acp_physobj_update_object_internal(o, q);
        left -= (double)q;
    }
    return crossed;
}

/* The humanoid of the default excerpts moves as the retail client of capture
 * first-login-walk-jump reported (issue 40; scripts/gen-excerpts.mjs runDerivation and
 * turnDerivation; the capture is not in the repository). On flat ground (0xD59A at 280 m), facing
 * north (+y), from
 * Ready, RunForward at the capture's run rate (float)1.97580647 for the runs' mean 0.707592 s
 * crosses floor(0.707592 × 30 × 1.97580647) = 41 frame boundaries: the Ready → RunForward link's
 * five pos frames of (5.033 − 36 × 4.0/30) / 5 m and 36 of the cycle's 4.0/30 m, 5.033 m
 * straight ahead, the heading unchanged. The stop (Ready) plays the RunForward → Ready link whole:
 * 3 × 0.7884/3 m more, then nothing. TurnLeft standing (TurnRight at −1.5: the TurnRight cycle
 * from Ready, omega −1.5 × −1.5) for 0.712533 s crosses floor(0.712533 × 45) = 32 boundaries of
 * 2.25/45 = 0.05 rad: 1.6 rad to the left; released, the heading stays. */
static void humanoid_moves_as_the_capture(void)
{
    LOAD_DEFAULT_EXCERPTS(dats);
    uint32_t ids[] = {0xD59AFFFFu};
    acp_terrain *t = dat_terrain(dats, ids, 1);
    acp_physobj *o;
    acp_world *w = terrain_world(t, &o, 0x00400408u);
    excerpt_object(o, dats, 0x02000001u, 0x09000001u, 1.0f);
    float z, z_end;
    ENSURE(acp_terrain_height(t, 0xD59A0000u, 58.0f, 139.0f, &z));
    ENSURE(acp_terrain_height(t, 0xD59A0000u, 58.0f, 145.0f, &z_end));
    ENSURE_FBITS(z, 280.0f);
    ENSURE_FBITS(z_end, 280.0f);
    acp_position p = local_position(0xD59A0000u, 58.0f, 139.0f, z, 0.0f);
    ENSURE(acp_world_enter_object(w, o, &p, 0.0));
    ENSURE_EQ(o->transient_state & (ACP_CONTACT_TS | ACP_ON_WALKABLE_TS), ACP_CONTACT_TS | ACP_ON_WALKABLE_TS);
    const acp_vec3 a = o->position.frame.origin;
    const double heading = acp_frame_get_heading(&o->position.frame);
    start_running(o, 1.97580647f);
    ENSURE_EQ(update_for(o, 0.707592), 41);
    const double run = (double)(float)((5.033 - 36 * (4.0 / 30)) / 5) * 5 + (double)(float)(4.0 / 30) * 36;
    ENSURE_NEAR(run, 5.033, 1e-6);
    acp_vec3 b = o->position.frame.origin;
    ENSURE_NEAR(b.x, a.x, 1e-5);
    ENSURE_NEAR((double)b.y - a.y, run, 1e-4); /* floats near 140 m are 1.5e-5 apart, 22 updates */
    ENSURE_NEAR(acp_frame_get_heading(&o->position.frame), heading, 1e-9);
    acp_interpreted_motion ready = acp_interpreted_motion_default();
    acp_physobj_apply_interpreted_motion(o, &ready);
    update_for(o, 1.0);
    acp_vec3 c = o->position.frame.origin;
    ENSURE_NEAR(c.x, a.x, 1e-5);
    ENSURE_NEAR((double)c.y - b.y, (double)(float)(0.7884 / 3) * 3, 1e-4);
    ENSURE_NEAR(acp_frame_get_heading(&o->position.frame), heading, 1e-9);
    acp_interpreted_motion turn = acp_interpreted_motion_default();
    turn.turn_command = ACP_MOTION_TURN_RIGHT;
    turn.turn_speed = -1.5f;
    acp_physobj_apply_interpreted_motion(o, &turn);
    ENSURE_EQ(o->part_array->motion_table_manager->state.substate, ACP_MOTION_TURN_RIGHT);
    ENSURE_EQ(update_for(o, 0.712533), -32); /* the cycle plays backwards at speed −1.5: boundaries count down */
    double left = (heading - acp_frame_get_heading(&o->position.frame)) * ACP_DEG_TO_RAD;
    while (left < 0.0) left += 2.0 * 3.141592653589793;
    ENSURE_NEAR(left, 32 * (1.5 / 30.0), 1e-5);
    const double h1 = acp_frame_get_heading(&o->position.frame);
    acp_physobj_apply_interpreted_motion(o, &ready);
    update_for(o, 1.0);
    ENSURE_NEAR(acp_frame_get_heading(&o->position.frame), h1, 1e-9);
    acp_vec3 d = o->position.frame.origin;
    ENSURE_NEAR(d.x, c.x, 1e-5);
    ENSURE_NEAR(d.y, c.y, 1e-5);
    acp_world_destroy(w);
    acp_terrain_destroy(t);
    acp_datset_destroy(dats);
}

/* ---- T6, T7, T11 (docs/DEVIATIONS.md) ---- */

/* T6. CSphere::slide_sphere (0x00537440) when the collision normal faces away from the contact
 * plane (n × p too short: parallel planes; n · p < 0): the new collision normal is the way back
 * from the check sphere to the current one, −(gx, gy, gz) with g = block offset + (check centre −
 * current centre), normalised, and the result is COLLIDED with check_pos untouched. Hex-Rays
 * prints `offset.x = -v23; *collision_normal = offset; offset.y = -v24; offset.z = -v25;`, which
 * read literally would keep the stale y and z (here (−0.75, 0, 0), normalised (−1, 0, 0)); acphys
 * negates the whole vector. Outdoors this branch is reached only through BSP polygons and object
 * spheres; the function is called directly.
 * Flat contact plane n (0, 0, 1), collision normal (0, 0, −1) (a ceiling), check sphere moved
 * (0.75, 1, 0) from the current one: |g| = 1.25, normal (−0.75, −1, −0) × (1/1.25).
 * COLLISIONINFO::set_collision_normal stores it normalised once more. */
static void slide_sphere_facing_away(void)
{
    acp_transition t;
    slide_rig(&t, (acp_vec3){10.75f, 11.0f, 0.0f});
    acp_sphere_path *sp = &t.sphere_path;
    acp_vec3 n = {0.0f, 0.0f, -1.0f};
    ENSURE_EQ(acp_sphere_slide_sphere(&sp->global_sphere[0], sp, &t.collision_info, &n, sp->global_curr_center[0]),
              ACP_TS_COLLIDED);
    const double inv = 1.0 / sqrt(0.75 * 0.75 + 1.0 * 1.0); /* 1 / 1.25 */
    const acp_vec3 expect = {(float)(inv * -0.75f), (float)(inv * -1.0f), -0.0f};
    ENSURE_FBITS(n.x, expect.x);
    ENSURE_FBITS(n.y, expect.y);
    ENSURE_FBITS(n.z, expect.z);
    ENSURE(n.y != 0.0f); /* not the literal reading's (−1, 0, 0) */
    const double inv2 = 1.0 / sqrt((double)expect.x * expect.x + (double)expect.y * expect.y + (double)expect.z * expect.z);
    ENSURE(t.collision_info.collision_normal_valid);
    ENSURE_FBITS(t.collision_info.collision_normal.x, (float)(inv2 * expect.x));
    ENSURE_FBITS(t.collision_info.collision_normal.y, (float)(inv2 * expect.y));
    ENSURE_FBITS(t.collision_info.collision_normal.z, (float)(inv2 * expect.z));
    ENSURE_FBITS(sp->check_pos.frame.origin.x, 10.75f);
    ENSURE_FBITS(sp->check_pos.frame.origin.y, 11.0f);
    ENSURE_FBITS(sp->check_pos.frame.origin.z, 0.0f);
}

/* T7. CPhysicsObj::get_object_info (0x00511CC0) passes `v6 & 8` (v6 an unnamed register) as
 * the is_water argument of CTransition::init_contact_plane / init_last_known_contact_plane;
 * acphys reads it as transient_state & WATER_CONTACT_TS (0x8). The flag is not an OBJECTINFO
 * bit: the returned state is EDGE_SLIDE (state 0x400000 → 0x200) | CONTACT | ON_WALKABLE either
 * way, and the water flag lands in the collision info's contact plane and last known contact
 * plane. Moving away from the plane (velocity · n > EPSILON: check_contact fails) seeds only the
 * last known plane, with the same flag. Without CONTACT_TS nothing is seeded, water or not. */
static void object_info_water_flag(void)
{
    for (int water = 0; water <= 1; water++) {
        acp_physobj obj;
        acp_physobj_init(&obj, NULL, 1);
        ENSURE(obj.state & ACP_EDGE_SLIDE_PS);
        obj.contact_plane = (acp_plane){{0.0f, 0.0f, 1.0f}, -5.0f};
        obj.contact_plane_cell_id = 0xA9B40013u;
        const uint32_t w = water ? (uint32_t)ACP_WATER_CONTACT_TS : 0u;
        obj.transient_state = ACP_CONTACT_TS | ACP_ON_WALKABLE_TS | w;
        acp_transition t;
        acp_transition_construct(&t, NULL);
        uint32_t st = acp_physobj_get_object_info(&obj, &t, false);
        ENSURE_EQ(st, ACP_EDGE_SLIDE_OI | ACP_CONTACT_OI | ACP_ON_WALKABLE_OI);
        ENSURE(t.collision_info.contact_plane_valid);
        ENSURE_EQ(t.collision_info.contact_plane_is_water, water);
        ENSURE(t.collision_info.last_known_contact_plane_valid);
        ENSURE_EQ(t.collision_info.last_known_contact_plane_is_water, water);
        ENSURE_EQ(t.collision_info.contact_plane_cell_id, 0xA9B40013u);
        ENSURE_FBITS(t.collision_info.contact_plane.d, -5.0f);
        /* Moving away from the plane. */
        obj.velocity = (acp_vec3){0.0f, 0.0f, 1.0f};
        acp_transition_construct(&t, NULL);
        st = acp_physobj_get_object_info(&obj, &t, false);
        ENSURE_EQ(st, ACP_EDGE_SLIDE_OI);
        ENSURE(!t.collision_info.contact_plane_valid);
        ENSURE(!t.collision_info.contact_plane_is_water);
        ENSURE(t.collision_info.last_known_contact_plane_valid);
        ENSURE_EQ(t.collision_info.last_known_contact_plane_is_water, water);
        /* Admin moves and objects out of contact seed nothing. */
        obj.velocity = (acp_vec3){0.0f, 0.0f, 0.0f};
        acp_transition_construct(&t, NULL);
        ENSURE_EQ(acp_physobj_get_object_info(&obj, &t, true), ACP_EDGE_SLIDE_OI);
        ENSURE(!t.collision_info.last_known_contact_plane_valid);
        ENSURE(!t.collision_info.last_known_contact_plane_is_water);
        obj.transient_state = w;
        acp_transition_construct(&t, NULL);
        ENSURE_EQ(acp_physobj_get_object_info(&obj, &t, false), ACP_EDGE_SLIDE_OI);
        ENSURE(!t.collision_info.contact_plane_valid);
        ENSURE(!t.collision_info.last_known_contact_plane_valid);
        ENSURE(!t.collision_info.last_known_contact_plane_is_water);
    }
}

/* T11. SetPosition in the fixture world (no terrain): no sweep; the object is put where asked,
 * the outdoor origin moved into its landblock and the cell taken from it
 * (LandDefs::adjust_to_outside), the frame's rotation kept, has_cell set (an object entering
 * the world without a cell first becomes active at now: prepare_to_enter_world), the contact
 * bits left as they were and the acceleration recomputed (calc_acceleration).
 * (200, 30, 7) in 0xA9B4: x ≥ 192 → landblock 0xAAB4 at x 200 − 192 = 8; cell column 8/24 → 0,
 * row 30/24 → 1: cell 0 × 8 + 1 + 1 = 0xAAB40002. GRAVITY_PS without contact: (0, 0, −9.8).
 * Then (50, 60, 1) given with cell 1 of 0xA9B4: cell 2 × 8 + 2 + 1 = 0x13; CONTACT |
 * ON_WALKABLE: acceleration and omega zero. Without GRAVITY_PS and contact: zero. */
static void placement_without_terrain(void)
{
    acp_physobj *o;
    acp_world *w = terrain_world(NULL, &o, ACP_GRAVITY_PS);
    ENSURE(!o->has_cell);
    w->now = 2.0;
    o->acceleration = (acp_vec3){1.0f, 2.0f, 3.0f};
    acp_position p = {0xA9B40001u, acp_frame_identity()};
    acp_frame_set_heading(&p.frame, 90.0f);
    p.frame.origin = (acp_vec3){200.0f, 30.0f, 7.0f};
    ENSURE_EQ(acp_physobj_set_position(o, &p, 0u), ACP_SPE_OK);
    ENSURE(o->has_cell);
    ENSURE_EQ(o->position.objcell_id, 0xAAB40002u);
    ENSURE_FBITS(o->position.frame.origin.x, 8.0f);
    ENSURE_FBITS(o->position.frame.origin.y, 30.0f);
    ENSURE_FBITS(o->position.frame.origin.z, 7.0f);
    ENSURE_FBITS(o->position.frame.qw, p.frame.qw);
    ENSURE_FBITS(o->position.frame.qz, p.frame.qz);
    ENSURE_FBITS(o->acceleration.x, 0.0f);
    ENSURE_FBITS(o->acceleration.y, 0.0f);
    ENSURE_FBITS(o->acceleration.z, ACP_GRAVITY);
    ENSURE(o->transient_state & ACP_ACTIVE_TS);
    ENSURE_EQ(o->transient_state & (ACP_CONTACT_TS | ACP_ON_WALKABLE_TS), 0);
    ENSURE_DBITS(o->update_time, 2.0);
    ENSURE_EQ(w->num_sweeps, 0);

    /* Already in a cell: update_time stays; in contact on walkable ground: no acceleration. */
    w->now = 3.0;
    o->transient_state |= ACP_CONTACT_TS | ACP_ON_WALKABLE_TS;
    o->omega = (acp_vec3){0.0f, 0.0f, 1.0f};
    acp_position q = {0xA9B40001u, acp_frame_identity()};
    q.frame.origin = (acp_vec3){50.0f, 60.0f, 1.0f};
    ENSURE_EQ(acp_physobj_set_position(o, &q, ACP_PLACEMENT_SPF | ACP_SLIDE_SPF), ACP_SPE_OK);
    ENSURE_EQ(o->position.objcell_id, 0xA9B40013u);
    ENSURE_FBITS(o->position.frame.origin.x, 50.0f);
    ENSURE_FBITS(o->position.frame.origin.y, 60.0f);
    ENSURE_FBITS(o->position.frame.origin.z, 1.0f);
    ENSURE_FBITS(o->position.frame.qw, 1.0f);
    ENSURE(o->has_cell);
    ENSURE_EQ(o->transient_state & (ACP_CONTACT_TS | ACP_ON_WALKABLE_TS), ACP_CONTACT_TS | ACP_ON_WALKABLE_TS);
    ENSURE_FBITS(o->acceleration.z, 0.0f);
    ENSURE_FBITS(o->omega.z, 0.0f);
    ENSURE_DBITS(o->update_time, 2.0);
    /* Neither gravity nor contact. */
    o->state = 0;
    o->transient_state &= ~(uint32_t)(ACP_CONTACT_TS | ACP_ON_WALKABLE_TS);
    o->acceleration = (acp_vec3){1.0f, 2.0f, 3.0f};
    ENSURE_EQ(acp_physobj_set_position(o, &q, 0u), ACP_SPE_OK);
    ENSURE_FBITS(o->acceleration.x, 0.0f);
    ENSURE_FBITS(o->acceleration.y, 0.0f);
    ENSURE_FBITS(o->acceleration.z, 0.0f);
    ENSURE_EQ(w->num_sweeps, 0);
    acp_world_destroy(w);
}

/* ---- issue 18: SetPositionInternal's lost cell, T1's zero count, T14's transition pool ---- */

/* CPhysicsObj::SetPositionInternal(CTransition*) (0x00515330), the sweep ends in no loaded cell:
 * prepare_to_leave_visibility, store_position (LandDefs::adjust_to_outside, then set_frame:
 * CPartArray::SetFrame places the parts at the new frame), GotoLostCell, ACTIVE cleared. A
 * humanoid flying east at 6 m/s (no gravity, not in contact) from x = 191.9 on 0xA9B4, the only
 * landblock loaded: one quantum of 1/30 s takes its origin (sphere 0's centre) to x = 192.1,
 * landblock 0xAAB4 (not loaded) at x = 0.1; it has no cell, is not active, and its 34 parts
 * (identity placements) stand at its new frame, not at the previous quantum's. */
static void lost_cell_places_the_parts(void)
{
    LOAD_DEFAULT_EXCERPTS(dats);
    const uint8_t column[9] = {0};
    const float table[1] = {0.0f};
    acp_terrain *t = column_terrain(column, table, 1);
    acp_physobj *o;
    acp_world *w = terrain_world(t, &o, 0u);
    excerpt_object(o, dats, 0x02000001u, 0u, 1.0f);
    acp_position p = local_position(0xA9B40000u, 191.9f, 100.0f, 5.0f, 90.0f);
    acp_world_place_object(w, o, &p, 0u, 0.0);
    ENSURE(o->has_cell);
    ENSURE(o->transient_state & ACP_ACTIVE_TS);
    acp_physobj_set_velocity(o, (acp_vec3){6.0f, 0.0f, 0.0f});
    acp_physobj_update_object_internal(o, Q30);
    ENSURE(!o->has_cell);
    ENSURE(!(o->transient_state & ACP_ACTIVE_TS));
    ENSURE_EQ(o->position.objcell_id >> 16, 0xAAB4u);
    ENSURE_NEAR(o->position.frame.origin.x, 0.1, 1e-4); /* 191.9 + 6/30 − 192 */
    ENSURE_FBITS(o->position.frame.origin.y, 100.0f);
    const acp_frame *parts = acp_partarray_part_frames(o->part_array);
    ENSURE(parts != NULL);
    for (uint32_t i = 0; parts && i < o->part_array->num_parts; i++) {
        ENSURE_FBITS(parts[i].origin.x, o->position.frame.origin.x);
        ENSURE_FBITS(parts[i].origin.y, o->position.frame.origin.y);
        ENSURE_FBITS(parts[i].origin.z, o->position.frame.origin.z);
    }
    acp_world_destroy(w);
    acp_terrain_destroy(t);
    acp_datset_destroy(dats);
}

/* T1 (docs/DEVIATIONS.md): a jumping humanoid whose ScaleHook has ended at 0. Its spheres have
 * radius 0, so calc_num_steps divides by zero: ceil(∞) converts to the integer indefinite, whose
 * low 32 bits are 0 steps; find_transitional_position succeeds in place (the end rotation, the
 * origin kept) and SetPositionInternal commits a sweep that met no contact plane (moving away
 * from its plane, get_object_info seeded only the last known one): Contact and OnWalkable are
 * cleared (LeaveGround) and the object falls under gravity from where it stood; cached_velocity
 * is the zero offset over the quantum. */
static void zero_scale_jump_commits_in_place(void)
{
    LOAD_DEFAULT_EXCERPTS(dats);
    const uint8_t column[9] = {0};
    const float table[1] = {0.0f};
    acp_terrain *t = column_terrain(column, table, 1);
    acp_physobj *o;
    acp_world *w = terrain_world(t, &o, ACP_GRAVITY_PS | ACP_EDGE_SLIDE_PS);
    /* With its motion table: a movement manager keeps a still object on the ground active. */
    excerpt_object(o, dats, 0x02000001u, 0x09000001u, 1.0f);
    acp_position p = local_position(0xA9B40000u, 100.0f, 100.0f, 0.0f, 0.0f);
    ENSURE(acp_world_enter_object(w, o, &p, 0.0));
    ENSURE_EQ(o->transient_state & (ACP_CONTACT_TS | ACP_ON_WALKABLE_TS), ACP_CONTACT_TS | ACP_ON_WALKABLE_TS);
    acp_physobj_set_scale(o, 0.0f, 0.1); /* a ScaleHook to 0 over 0.1 s */
    for (int k = 1; k <= 30 && o->scale != 0.0f; k++) acp_world_use_time(w, k / 30.0);
    ENSURE_FBITS(o->scale, 0.0f);
    ENSURE_EQ(o->transient_state & (ACP_CONTACT_TS | ACP_ON_WALKABLE_TS), ACP_CONTACT_TS | ACP_ON_WALKABLE_TS);
    acp_transition probe;
    acp_transition_construct(&probe, t);
    acp_transition_init_object_spheres(&probe, o);
    ENSURE_FBITS(probe.sphere_path.local_sphere[0].radius, 0.0f);
    const acp_vec3 at = o->position.frame.origin;
    acp_physobj_set_velocity(o, (acp_vec3){0.0f, 2.0f, 5.0f});
    uint64_t sweeps = w->num_sweeps;
    acp_physobj_update_object_internal(o, Q30);
    ENSURE_EQ(w->num_sweeps - sweeps, 1);
    ENSURE(o->has_cell);
    ENSURE_EQ(o->transient_state & (ACP_CONTACT_TS | ACP_ON_WALKABLE_TS), 0);
    ENSURE_FBITS(o->position.frame.origin.x, at.x);
    ENSURE_FBITS(o->position.frame.origin.y, at.y);
    ENSURE_FBITS(o->position.frame.origin.z, at.z);
    ENSURE_FBITS(o->cached_velocity.y, 0.0f);
    ENSURE_FBITS(o->acceleration.z, ACP_GRAVITY);
    acp_world_destroy(w);
    acp_terrain_destroy(t);
    acp_datset_destroy(dats);
}

/* A sweep of `o` from its position to `dx` east and `dz` up, committed as update_object commits
 * one (SetPositionInternal); returns the transition (NULL: it failed, nothing committed). */
static const acp_transition *sweep_and_commit(acp_physobj *o, float dx, float dz)
{
    acp_position to = o->position;
    to.frame.origin.x = (float)((double)to.frame.origin.x + dx);
    to.frame.origin.z = (float)((double)to.frame.origin.z + dz);
    const acp_transition *t = acp_physobj_transition(o, &o->position, &to, false);
    if (t) acp_physobj_set_position_internal(o, t);
    return t;
}

/* T14 (docs/DEVIATIONS.md): the world's sweeps share retail's pool, and CTransition::init does
 * not reset last_known_contact_plane_cell_id, which init_last_known_contact_plane does not set.
 * Flat ground at z = 0: landblock 0xA9B4 dry, 0xA9B5 north of it all water. B stands in contact
 * on the water landblock (cell 0xA9B50025, its plane z = 0) but moves away from its plane
 * (velocity (0, 0, 5)), so get_object_info seeds only the last known plane; its first step
 * collides (CLandCell::find_env_collisions: an entirely-water landblock stops any object that is
 * neither the camera nor a missile), and validate_transition's roll-back finds the current sphere
 * still on the last known plane (centre 0.475 above it, radius 0.48) and restores it with
 * contact_plane_cell_id = last_known_contact_plane_cell_id: whatever the slot's previous sweep
 * left. In a fresh world (CTransition::CTransition zeroed the slot) that is 0; after A, standing
 * in cell 0xA9B40001 of the dry landblock, walked a step, it is A's cell, and SetPositionInternal
 * commits it to B. */
static void stale_contact_plane_cell_id(void)
{
    LOAD_DEFAULT_EXCERPTS(dats);
    const uint8_t column[9] = {0};
    const float table[1] = {0.0f};
    acp_terrain *t = column_terrain(column, table, 1);
    acp_region region;
    memset(&region, 0, sizeof region);
    acp_landblock water;
    memset(&water, 0, sizeof water);
    water.id = 0xA9B5FFFFu;
    for (int i = 0; i < 81; i++) water.terrain[i] = 16u << 2;
    ENSURE_EQ(acp_terrain_add_landblock(t, &water, &region), ACP_TERRAIN_OK);
    for (int after_a = 0; after_a < 2; after_a++) {
        acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 4);
        acp_terrain_attach(w, t);
        acp_physobj *a = acp_world_add_object(w, 1), *b = acp_world_add_object(w, 2);
        a->state = b->state = ACP_GRAVITY_PS | ACP_EDGE_SLIDE_PS;
        excerpt_object(a, dats, 0x02000001u, 0u, 1.0f);
        excerpt_object(b, dats, 0x02000001u, 0u, 1.0f);
        acp_position pa = local_position(0xA9B40000u, 12.0f, 12.0f, 0.0f, 0.0f);
        ENSURE(acp_world_enter_object(w, a, &pa, 0.0));
        ENSURE_EQ(a->contact_plane_cell_id, 0xA9B40001u);
        acp_position pb = local_position(0xA9B50000u, 100.0f, 100.0f, 0.0f, 0.0f);
        ENSURE_EQ(pb.objcell_id, 0xA9B50025u);
        acp_world_place_object(w, b, &pb, ACP_CONTACT_TS | ACP_ON_WALKABLE_TS, 0.0);
        ENSURE(b->has_cell);
        b->contact_plane = (acp_plane){{0.0f, 0.0f, 1.0f}, 0.0f};
        b->contact_plane_cell_id = 0xA9B50025u;
        ENSURE_EQ(w->transition_level, 0);
        if (after_a) {
            ENSURE(sweep_and_commit(a, 0.1f, 0.0f) != NULL);
            ENSURE_EQ(a->contact_plane_cell_id, 0xA9B40001u);
            ENSURE_EQ(w->transit[0].collision_info.last_known_contact_plane_cell_id, 0xA9B40001u);
        }
        acp_physobj_set_velocity(b, (acp_vec3){0.0f, 0.0f, 5.0f});
        const acp_transition *tr = sweep_and_commit(b, 0.1f, -0.3f);
        ENSURE(tr == &w->transit[0]);
        ENSURE_EQ(w->transition_level, 0); /* cleanupTransition released it before the commit */
        ENSURE(tr && tr->collision_info.contact_plane_valid);
        ENSURE_EQ(b->contact_plane_cell_id, after_a ? 0xA9B40001u : 0u);
        ENSURE(b->transient_state & ACP_CONTACT_TS);
        ENSURE_FBITS(b->position.frame.origin.x, 100.0f); /* every step collided: in place */
        acp_world_destroy(w);
    }
    acp_terrain_destroy(t);
    acp_datset_destroy(dats);
}

/* The sphere caches read from one frame (acp_spherepath_cache_global_curr_center_and_sphere,
 * acp_spherepath_init_path_deferred) give the bits of retail's pair, SPHEREPATH::
 * cache_global_curr_center then cache_global_sphere(NULL) with check_pos = curr_pos: two spheres
 * off the axis, scaled, under a tilted and turned frame far from the landblock origin. */
static void sphere_caches_from_one_frame(void)
{
    static acp_transition a, b;
    acp_transition_construct(&a, NULL);
    acp_transition_construct(&b, NULL);
    const acp_sphere s[2] = {{{0.1f, -0.2f, 0.475f}, 0.48f}, {{0.3f, 0.05f, 1.35f}, 0.45f}};
    acp_position p = {0xA9B40012u, acp_frame_identity()};
    acp_frame_set_rotate(&p.frame, 0.83f, 0.11f, -0.07f, 0.54f);
    p.frame.origin = (acp_vec3){131.37f, 57.913f, 42.0625f};
    acp_spherepath_init_sphere(&a.sphere_path, 2, s, 1.3f);
    acp_spherepath_init_sphere(&b.sphere_path, 2, s, 1.3f);
    acp_spherepath_init_path(&a.sphere_path, NULL, &p, &p);
    a.sphere_path.check_pos = a.sphere_path.curr_pos;
    acp_spherepath_cache_global_sphere(&a.sphere_path, NULL);
    acp_spherepath_init_path_deferred(&b.sphere_path, NULL, &p, &p);
    ENSURE(b.sphere_path.curr_center_deferred);
    b.sphere_path.check_pos = b.sphere_path.curr_pos;
    acp_spherepath_cache_global_curr_center_and_sphere(&b.sphere_path);
    for (int i = 0; i < 2; i++) {
        ENSURE_FBITS(b.sphere_path.global_curr_center[i].x, a.sphere_path.global_curr_center[i].x);
        ENSURE_FBITS(b.sphere_path.global_curr_center[i].y, a.sphere_path.global_curr_center[i].y);
        ENSURE_FBITS(b.sphere_path.global_curr_center[i].z, a.sphere_path.global_curr_center[i].z);
        ENSURE_FBITS(b.sphere_path.global_sphere[i].center.x, a.sphere_path.global_sphere[i].center.x);
        ENSURE_FBITS(b.sphere_path.global_sphere[i].center.y, a.sphere_path.global_sphere[i].center.y);
        ENSURE_FBITS(b.sphere_path.global_sphere[i].center.z, a.sphere_path.global_sphere[i].center.z);
        ENSURE_FBITS(b.sphere_path.global_sphere[i].radius, a.sphere_path.global_sphere[i].radius);
    }
    ENSURE_FBITS(b.sphere_path.global_low_point.x, a.sphere_path.global_low_point.x);
    ENSURE_FBITS(b.sphere_path.global_low_point.y, a.sphere_path.global_low_point.y);
    ENSURE_FBITS(b.sphere_path.global_low_point.z, a.sphere_path.global_low_point.z);
}

void suite_transition(void)
{
    RUN(calc_num_steps);
    RUN(sphere_caches_from_one_frame);
    RUN(adjust_offset);
    RUN(slide_sphere);
    RUN(stationary_fall);
    RUN(sliding_normal_blocks);
    RUN(no_staircase);
    RUN(walkable_limit);
    RUN(impulse_on_landing);
    RUN(landblock_crossing);
    RUN(placement);
    RUN(placement_rings);
    RUN(enter_world_handles_motion);
    RUN(scale_at_creation);
    RUN(quarrel_over_holtburg);
    RUN(falling_creature);
    RUN(runner_on_hills);
    RUN(runner_on_flat_ground);
    RUN(humanoid_moves_as_the_capture);
    RUN(slide_sphere_facing_away);
    RUN(object_info_water_flag);
    RUN(placement_without_terrain);
    RUN(lost_cell_places_the_parts);
    RUN(zero_scale_jump_commits_in_place);
    RUN(stale_contact_plane_cell_id);
}
