/* Transition tests (issue 7): CTransition over outdoor terrain — sub-steps, offsets adjusted to
 * the contact plane, step down, walkable limit, edge slide, the commit with its impulse,
 * landblock crossings, placement (SetPosition), and the recorded retail states over real terrain.
 * Expected values come from the retail rules; comments give the arithmetic.
 *
 * Objects that "run" use their sequence's velocity as root motion (CSequence::apply_physics with
 * no animations) until the motion branch provides RunForward; run_quantum keeps them ACTIVE_TS as
 * their movement manager would (terrain_helpers.h). Setups are hand-built (synthetic spheres and
 * step heights) until the DAT branch's default excerpts land. */
#include "test.h"

#include <stdlib.h>

#include "landcell.h"
#include "terrain_helpers.h"
#include "transition.h"

static const float Q30 = (float)(1.0 / 30.0);
static const acp_sphere BALL = {{0.0f, 0.0f, 0.5f}, 0.5f}; /* low point at the origin */

/* ---- building blocks ---- */

/* calc_num_steps: ceil(|offset| / radius) steps of offset / n; one step when that ratio is at
 * most 1; none without offset; our bound fails a sweep of more than ACP_MAX_TRANSITION_STEPS. */
static void calc_num_steps(void)
{
    acp_transition t;
    acp_transition_init(&t, NULL);
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
    acp_transition_init(&t, NULL);
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

/* CSphere::slide_sphere: flat contact plane, a wall of normal (−1, 0, 0); the check sphere moved
 * (0.5, 0.3, 0) from the current one. direction = n × p = (0, 1, 0); the move along it keeps
 * (0, 0.3, 0), so check_pos goes back by (−0.5, 0, 0): SLID. A move straight into the wall
 * leaves nothing along it: COLLIDED. */
static void slide_sphere(void)
{
    acp_transition t;
    acp_transition_init(&t, NULL);
    acp_sphere_path *sp = &t.sphere_path;
    acp_sphere s = BALL;
    acp_spherepath_init_sphere(sp, 1, &s, 1.0f);
    acp_position curr = {0xA9B40001u, acp_frame_identity()};
    curr.frame.origin = (acp_vec3){10.0f, 10.0f, 0.0f};
    acp_spherepath_init_path(sp, NULL, &curr, &curr);
    acp_position check = curr;
    check.frame.origin = (acp_vec3){10.5f, 10.3f, 0.0f};
    acp_spherepath_set_check_pos(sp, &check, NULL);
    t.collision_info.contact_plane_valid = true;
    t.collision_info.contact_plane = (acp_plane){{0.0f, 0.0f, 1.0f}, 0.0f};
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
    acp_transition_init(&t, NULL);
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

/* A sliding normal carried into the sweep (SLIDING_TS, CTransition::init_sliding_normal): met
 * head-on it leaves only the part of each step along the line where it meets the contact plane.
 * Flat ground, sliding normal (−1, 0, 0), running east: the first step's offset becomes zero,
 * |offset|² < EPSILON² ends the sweep at step 0 and the transition fails: the object keeps its
 * origin, and SLIDING_TS stays. Running north-east keeps the north part; the step commits with no
 * new collision, so SLIDING_TS is cleared. */
static void sliding_normal_blocks(void)
{
    const uint8_t flat[9] = {0};
    const float table[1] = {0.0f};
    acp_terrain *t = column_terrain(flat, table, 1);
    acp_setup setup = sphere_setup(&BALL, 1, 0.4f, 0.4f);
    acp_physobj *o;
    acp_world *w = terrain_world(t, &o, ACP_GRAVITY_PS, &setup);
    acp_position p = local_position(0xA9B40000u, 50.0f, 50.0f, 0.0f, 90.0f);
    ENSURE(acp_world_enter_object(w, o, &p, 0.0));
    o->transient_state |= ACP_SLIDING_TS;
    o->sliding_normal = (acp_vec3){-1.0f, 0.0f, 0.0f};
    o->part_array->sequence.velocity = (acp_vec3){0.0f, 4.0f, 0.0f};
    uint64_t sweeps = w->num_sweeps;
    run_quantum(o, Q30);
    ENSURE_EQ(w->num_sweeps - sweeps, 1);
    ENSURE_FBITS(o->position.frame.origin.x, 50.0f);
    ENSURE_FBITS(o->position.frame.origin.y, 50.0f);
    ENSURE(o->transient_state & ACP_SLIDING_TS);
    acp_frame_set_heading(&o->position.frame, 45.0f);
    run_quantum(o, Q30);
    ENSURE_FBITS(o->position.frame.origin.x, 50.0f);
    ENSURE(o->position.frame.origin.y > 50.09f);
    ENSURE(!(o->transient_state & ACP_SLIDING_TS));
    acp_world_destroy(w);
    acp_terrain_destroy(t);
}

/* No staircase: terrain rising 0.25 m per metre eastwards (column x at height index x, table
 * k → 6k m: 6 m per 24 m). A grounded ball runs east at 4 m/s in 1/30 s quanta for 1 s. Each
 * quantum: one sweep; the root motion (4 × (float)(1/30), 0, 0) is projected into the contact
 * plane n ∝ (−1, 0, 4): Δx = 0.1333… × (1 − n.x²) = 0.1333… × 16/17; the sphere's low point
 * (its resting offset: 0, centre (0, 0, 0.5), radius 0.5) stays on the surface within 1e-3. */
static void no_staircase(void)
{
    const uint8_t cols[9] = {0, 1, 2, 3, 4, 5, 6, 7, 8};
    float table[9];
    for (int k = 0; k < 9; k++) table[k] = (float)(6 * k);
    acp_terrain *t = column_terrain(cols, table, 9);
    acp_setup setup = sphere_setup(&BALL, 1, 0.4f, 0.4f);
    acp_physobj *o;
    acp_world *w = terrain_world(t, &o, ACP_EDGE_SLIDE_PS | ACP_GRAVITY_PS | ACP_REPORT_COLLISIONS_PS, &setup);
    acp_position p = local_position(0xA9B40000u, 30.0f, 10.0f, 7.5f, 90.0f);
    ENSURE(acp_world_enter_object(w, o, &p, 0.0));
    ENSURE_EQ(o->transient_state & (ACP_CONTACT_TS | ACP_ON_WALKABLE_TS), ACP_CONTACT_TS | ACP_ON_WALKABLE_TS);
    o->part_array->sequence.velocity = (acp_vec3){0.0f, 4.0f, 0.0f};
    double step = (double)(float)(4.0 * Q30) * 16.0 / 17.0;
    for (int i = 0; i < 30; i++) {
        uint64_t sweeps = w->num_sweeps;
        float x0 = o->position.frame.origin.x;
        run_quantum(o, Q30);
        ENSURE_EQ(w->num_sweeps - sweeps, 1);
        ENSURE_NEAR(o->position.frame.origin.z, 0.25 * o->position.frame.origin.x, 1e-3);
        ENSURE_NEAR(o->position.frame.origin.z, ground_z(t, o), 1e-3);
        ENSURE_NEAR(o->position.frame.origin.x - x0, step, 2e-5);
        ENSURE(o->transient_state & ACP_ON_WALKABLE_TS);
    }
    ENSURE_NEAR(o->position.frame.origin.x, 30.0 + 30.0 * step, 1e-3);
    acp_world_destroy(w);
    acp_terrain_destroy(t);
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
} slope_run;

/* A ball at x = 70 on the flat part runs east (4 m/s) towards the slope for `n` quanta. */
static slope_run run_at_slope(float h, uint32_t state, int n)
{
    slope_run r = {true, false, 0.0f, 0.0f, false};
    acp_terrain *t = slope_terrain(h);
    acp_setup setup = sphere_setup(&BALL, 1, 0.4f, 0.4f);
    acp_physobj *o;
    acp_world *w = terrain_world(t, &o, state, &setup);
    acp_position p = local_position(0xA9B40000u, 70.0f, 12.0f, 0.0f, 90.0f);
    acp_world_enter_object(w, o, &p, 0.0);
    o->part_array->sequence.velocity = (acp_vec3){0.0f, 4.0f, 0.0f};
    bool lost = false;
    for (int i = 0; i < n; i++) {
        run_quantum(o, Q30);
        float x = o->position.frame.origin.x;
        bool walk = (o->transient_state & ACP_ON_WALKABLE_TS) != 0;
        if (!walk) r.always_walkable = false;
        if (!walk && x > 72.0f) r.lost_on_slope = lost = true;
        if (lost && x < r.max_x - 0.05f) r.slid_back = true;
        if (x > r.max_x) r.max_x = x;
    }
    r.final_x = o->position.frame.origin.x;
    acp_world_destroy(w);
    acp_terrain_destroy(t);
    return r;
}

/* floor_z = 0.66417414: n.z ≥ floor_z is walkable (CPhysicsObj::is_valid_walkable).
 * H = 26.9375 m → n.z = 0.6652236 (walkable): the runner climbs, on walkable ground throughout.
 * H = 27.0847588 m → n.z = 0.66320002 (not walkable): a runner without EDGE_SLIDE climbs onto it,
 * loses ON_WALKABLE and slides back down; an EDGE_SLIDE runner is held at the edge (cliff slide)
 * and stays on walkable ground. H = 27.0138016 m → n.z = 0.66417414 exactly: walkable. */
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
    ENSURE(r.slid_back);
    r = run_at_slope(below, player, 40);
    ENSURE(r.always_walkable);
    ENSURE(r.max_x <= 72.0f);
}

/* The restitution impulse through a real sweep: flat ground at z = 0, a ball 0.1 m above it
 * falling at 5 m/s (no gravity, so v stays (0, 0, −5)), one 0.1 s quantum. The step lands it
 * (collision normal (0, 0, 1): it was not in contact); it was not on walkable ground before, so
 * the bounce applies: v += −(v·n)(1 + e)·n = −5 + 5 × (1 + (double)0.05f) → (float) 0.25.
 * INELASTIC_PS → 0. STATIONARY_STOP_TS before (frames_stationary_fall 2) → 0. */
static void impulse_on_landing(void)
{
    const uint8_t flat[9] = {0};
    const float table[1] = {0.0f};
    acp_setup setup = sphere_setup(&BALL, 1, 0.4f, 0.4f);
    for (int c = 0; c < 3; c++) {
        acp_terrain *t = column_terrain(flat, table, 1);
        acp_physobj *o;
        acp_world *w = terrain_world(t, &o, c == 1 ? ACP_INELASTIC_PS : 0u, &setup);
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
}

/* Landblock crossing: Holtburg's cell 0xA9B40039 (cx 7, cy 0) at x = 191.9, y = 12, on the
 * terrain, heading east; one quantum of 15 m/s root motion (0.5 m). The sphere's cell becomes
 * AAB4's cell (0, 0) = 0xAAB40001 and the origin is re-expressed there: x ≈ 191.9 + 0.5 − 192
 * (a little less: the offset follows the ground's slope), on AAB4's terrain. Without AAB4
 * loaded the object moves into the missing cell: no cell, inactive, skipped afterwards. */
static void landblock_crossing(void)
{
    acp_setup setup = sphere_setup(&BALL, 1, 0.4f, 0.4f);
    for (int loaded = 1; loaded >= 0; loaded--) {
        uint32_t ids[] = {0xA9B4FFFFu, 0xAAB4FFFFu};
        acp_terrain *t = fixture_terrain(ids, loaded ? 2u : 1u);
        acp_physobj *o;
        acp_world *w = terrain_world(t, &o, ACP_EDGE_SLIDE_PS | ACP_GRAVITY_PS | ACP_REPORT_COLLISIONS_PS, &setup);
        float z;
        ENSURE(acp_terrain_height(t, 0xA9B40039u, 191.9f, 12.0f, &z));
        acp_position p = local_position(0xA9B40000u, 191.9f, 12.0f, z, 90.0f);
        ENSURE_EQ(p.objcell_id, 0xA9B40039u);
        ENSURE(acp_world_enter_object(w, o, &p, 0.0));
        o->part_array->sequence.velocity = (acp_vec3){0.0f, 15.0f, 0.0f};
        run_quantum(o, Q30);
        ENSURE_EQ(o->position.objcell_id, 0xAAB40001u);
        ENSURE_NEAR(o->position.frame.origin.x, 0.4, 0.01);
        ENSURE_NEAR(o->position.frame.origin.y, 12.0, 0.02);
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
}

/* ---- placement ---- */

/* SetPosition (enter_world: PLACEMENT | SLIDE): inserted where asked (lifted out of the ground
 * when below it), then stepped down by the step-down height (0.4 m) onto ground within reach;
 * higher, it stays where placed; missiles do not step down; an unloaded landblock leaves the
 * object without a cell; an all-water landblock refuses non-missiles. An object without parts
 * uses retail's dummy sphere (centre (0, 0, 0.1), radius 0.1) and still never translates. */
static void placement(void)
{
    const uint8_t flat[9] = {0};
    const float table[1] = {0.0f};
    acp_setup setup = sphere_setup(&BALL, 1, 0.4f, 0.4f);
    const float heights[4] = {0.3f, -0.2f, 0.5f, 0.3f};
    const uint32_t states[4] = {0u, 0u, 0u, ACP_MISSILE_PS};
    const float expect[4] = {0.0f, 0.0f, 0.5f, 0.3f};
    for (int c = 0; c < 4; c++) {
        acp_terrain *t = column_terrain(flat, table, 1);
        acp_physobj *o;
        acp_world *w = terrain_world(t, &o, states[c], &setup);
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
        acp_world *fw = acp_world_create(ACP_PROFILE_RETAIL, 1);
        acp_physobj *fo = acp_world_add_object(fw, 1);
        fo->state = ACP_GRAVITY_PS;
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
    acp_terrain *t = fixture_terrain(ids, 1);
    acp_physobj *o;
    acp_world *w = terrain_world(t, &o, 0u, &setup);
    acp_position p = local_position(0xAAB40000u, 10.0f, 10.0f, 100.0f, 0.0f);
    ENSURE_EQ(acp_physobj_set_position(o, &p, ACP_PLACEMENT_SPF | ACP_SLIDE_SPF), ACP_SPE_OK);
    ENSURE(!o->has_cell);
    ENSURE_EQ(o->position.objcell_id, 0xAAB40001u);
    acp_world_destroy(w);
    acp_terrain_destroy(t);
    /* All water. */
    acp_region region = fixture_region();
    acp_landblock rec = fixture_record(0xAAB4FFFFu);
    for (int i = 0; i < 81; i++) rec.terrain[i] = 16u << 2;
    t = acp_terrain_create(1);
    acp_terrain_add_landblock(t, &rec, &region);
    w = terrain_world(t, &o, 0u, &setup);
    float z;
    ENSURE(acp_terrain_height(t, 0xAAB40001u, 10.0f, 10.0f, &z));
    p = local_position(0xAAB40000u, 10.0f, 10.0f, z, 0.0f);
    ENSURE(!acp_world_enter_object(w, o, &p, 0.0));
    ENSURE(!o->has_cell);
    acp_world_destroy(w);
    acp_terrain_destroy(t);
    /* No parts: the dummy sphere; below the ground by 0.05 → lifted to it; never translates. */
    t = column_terrain(flat, table, 1);
    w = terrain_world(t, &o, ACP_GRAVITY_PS, NULL);
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
}

/* find_placement_pos's ring search and our bound on it: in an all-water landblock every spot
 * refuses a non-missile (COLLIDED). A 0.1 m sphere searches 4 / 0.1 × 0.5 = 20 rings (up to 2 m
 * away; check_pos ends at the last spot tried); a 1 mm sphere would need 2000 rings, more than
 * ACP_MAX_PLACEMENT_RINGS: it fails at once, check_pos still at the requested spot. */
static void placement_rings(void)
{
    acp_region region = fixture_region();
    acp_landblock rec = fixture_record(0xAAB4FFFFu);
    for (int i = 0; i < 81; i++) rec.terrain[i] = 16u << 2;
    acp_terrain *t = acp_terrain_create(1);
    acp_terrain_add_landblock(t, &rec, &region);
    const float radii[2] = {0.1f, 0.001f};
    for (int c = 0; c < 2; c++) {
        acp_physobj *o;
        acp_world *w = terrain_world(t, &o, 0u, NULL);
        acp_transition tr;
        acp_transition_init(&tr, t);
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
}

/* ---- recorded retail states over real terrain (../shared/data/retail-states.json) ---- */

/* Retail's velocity integration of one quantum in the air (UpdatePhysicsInternal): the 50 m/s
 * clamp through a normalized vector, then v += a·dt with a = (0, 0, −9.8000002). */
static acp_vec3 airborne_velocity(acp_vec3 v, float dt)
{
    float mag2 = (float)((double)v.x * v.x + (double)v.y * v.y + (double)v.z * v.z);
    if ((double)mag2 > (double)(float)2500.0) {
        double len = sqrt((double)v.x * v.x + (double)v.y * v.y + (double)v.z * v.z);
        v.x = (float)(50.0 * (float)(1.0 / len * v.x));
        v.y = (float)(50.0 * (float)(1.0 / len * v.y));
        v.z = (float)(50.0 * (float)(1.0 / len * v.z));
    }
    v.x = (float)((double)dt * 0.0 + v.x);
    v.y = (float)((double)dt * 0.0 + v.y);
    v.z = (float)((double)(float)((double)dt * ACP_GRAVITY) + v.z);
    return v;
}

/* The quarrel over Holtburg (36522 Greater Deadly Blunt Quarrel): PhysicsState 0x20748
 * (REPORT_COLLISIONS | MISSILE | ALIGNPATH | PATHCLIPPED | GRAVITY | INELASTIC), scale 1.1,
 * friction 1, elasticity 0, velocity (−31.741, 37.134, −10.658) (|v|² = 2500.018: clamped to
 * 50 m/s in its first quantum), about 1.1 m above Holtburg's 94 m plateau. Its sphere (synthetic
 * setup 0x0200012A: one sphere, centre (0, 0, 0), radius 0.1 → 0.11 scaled). At 60 frames/s:
 * in the air its velocity follows retail's integration exactly and its origin the candidate of
 * each quantum (x += v·dt + ½a·dt², summed over the sweep's sub-steps); ALIGNPATH turns its
 * forward axis along the displacement, pitch included. It lands within the first second; the
 * environment collision ends its missile state and INELASTIC stops it; it ends at rest on the
 * ground (origin 0.11 above it), on walkable ground. */
static void quarrel_over_holtburg(void)
{
    uint32_t ids[] = {0xA9B4FFFFu};
    acp_terrain *t = fixture_terrain(ids, 1);
    static const acp_sphere QUARREL = {{0.0f, 0.0f, 0.0f}, 0.1f};
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 2);
    acp_terrain_attach(w, t);
    acp_physobj *o = acp_world_add_object(w, 1);
    o->part_array = acp_partarray_create_spheres(o, &QUARREL, 1);
    o->state = 0x00020748u;
    o->scale = 1.1f;
    o->friction = 1.0f;
    o->elasticity = 0.0f;
    acp_position p = {0xA9B40019u, acp_frame_identity()};
    acp_frame_set_rotate(&p.frame, -0.623728f, 0.0f, 0.0f, -0.781642f);
    p.frame.origin = (acp_vec3){78.53821f, 1.935757f, 95.10242f};
    o->velocity = (acp_vec3){-31.741f, 37.134f, -10.658f};
    ENSURE(acp_world_enter_object(w, o, &p, 0.0));
    ENSURE(!(o->transient_state & ACP_CONTACT_TS));
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
        ENSURE_NEAR(d.x, vx * dt, 1e-4);
        ENSURE_NEAR(d.y, vy * dt, 1e-4);
        ENSURE_NEAR(d.z, vz * dt + 0.5 * ACP_GRAVITY * dt * dt, 1e-4);
        double len = sqrt((double)d.x * d.x + (double)d.y * d.y + (double)d.z * d.z);
        acp_vec3 fwd = acp_frame_get_vector_heading(&o->position.frame);
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
    ENSURE_NEAR(o->position.frame.origin.z, ground_z(t, o) + 0.11, 1e-3);
    acp_world_destroy(w);
    acp_terrain_destroy(t);
}

/* The falling creature (01464 Drudge Robber) over 0xC19A: PhysicsState 0x408 (REPORT_COLLISIONS
 * | GRAVITY), velocity (0, 0, −7.366), 0.137 m above the terrain (36.95 m there). Synthetic setup
 * 0x020007DD: two spheres of radius 0.5 at heights 0.5 and 1.3, step heights 0.35. Placed with
 * its frame as recorded (airborne), it falls, lands (its first quantum already takes it 0.24 m
 * down: v·dt + ½a·dt²), bounces off with elasticity 0.05 and friction and comes to rest on
 * walkable ground; entered with SetPosition instead, the placement's step-down (0.35 m) sets it
 * on the ground at once, and it comes to rest the same way. */
static void falling_creature(void)
{
    uint32_t ids[] = {0xC19AFFFFu};
    static const acp_sphere DRUDGE[2] = {{{0.0f, 0.0f, 0.5f}, 0.5f}, {{0.0f, 0.0f, 1.3f}, 0.5f}};
    acp_setup setup = sphere_setup(DRUDGE, 2, 0.35f, 0.35f);
    for (int entered = 0; entered < 2; entered++) {
        acp_terrain *t = fixture_terrain(ids, 1);
        acp_physobj *o;
        acp_world *w = terrain_world(t, &o, 0x408u, &setup);
        acp_position p = {0xC19A0032u, acp_frame_identity()};
        acp_frame_set_rotate(&p.frame, -0.996418f, 0.0f, 0.0f, -0.084562f);
        p.frame.origin = (acp_vec3){148.3582f, 26.67754f, 37.08688f};
        float ground = NAN;
        ENSURE(acp_terrain_height(t, 0xC19A0032u, 148.3582f, 26.67754f, &ground));
        ENSURE_NEAR(37.08688 - ground, 0.137, 1e-3);
        o->velocity = (acp_vec3){0.0f, 0.0f, -7.366f};
        if (entered) {
            ENSURE(acp_world_enter_object(w, o, &p, 0.0));
            ENSURE(o->transient_state & ACP_ON_WALKABLE_TS);
            ENSURE_NEAR(o->position.frame.origin.z, ground, 1e-4);
        } else {
            acp_world_place_object(w, o, &p, 0u, 0.0);
            ENSURE(!(o->transient_state & ACP_CONTACT_TS));
        }
        bool fell = entered != 0;
        for (int k = 1; k <= 180; k++) {
            float z0 = o->position.frame.origin.z;
            acp_world_use_time(w, k / 60.0);
            if (!fell && o->record.ran && o->record.num_quanta) {
                fell = o->position.frame.origin.z < z0 - 0.1f;
                ENSURE(o->transient_state & ACP_CONTACT_TS); /* landed in that quantum */
            }
        }
        ENSURE(fell);
        ENSURE_FBITS(o->velocity.x, 0.0f);
        ENSURE_FBITS(o->velocity.y, 0.0f);
        ENSURE_FBITS(o->velocity.z, 0.0f);
        ENSURE_EQ(o->transient_state & (ACP_CONTACT_TS | ACP_ON_WALKABLE_TS), ACP_CONTACT_TS | ACP_ON_WALKABLE_TS);
        ENSURE_NEAR(o->position.frame.origin.z, ground_z(t, o), 1e-3);
        acp_vec3 rest = o->position.frame.origin;
        acp_world_use_time(w, 4.0);
        ENSURE_FBITS(o->position.frame.origin.x, rest.x);
        ENSURE_FBITS(o->position.frame.origin.z, rest.z);
        acp_world_destroy(w);
        acp_terrain_destroy(t);
    }
}

/* The running, turning player (00004 +Moosier) on the hills of 0xD59A: RunForward at run rate
 * 2.0039682 (4 × 2.0039682 m/s of root motion) and TurnRight at 1.5 (−1.5 × 1.5 rad/s), from
 * the recorded position in cell 0xD59A0023. Synthetic humanoid setup: spheres of radius 0.475 at
 * heights 0.475 and 1.35, step heights 0.4. For 10 s of 1/30 s quanta it runs circles of
 * 8.0159 / 2.25 = 3.56 m over slopes of up to 45°: one sweep per quantum, always on walkable
 * ground, its origin on the terrain within 1e-3, and the ground under it spans metres. */
static void runner_on_hills(void)
{
    uint32_t ids[] = {0xD59AFFFFu};
    acp_terrain *t = fixture_terrain(ids, 1);
    static const acp_sphere HUMAN[2] = {{{0.0f, 0.0f, 0.475f}, 0.475f}, {{0.0f, 0.0f, 1.35f}, 0.475f}};
    acp_setup setup = sphere_setup(HUMAN, 2, 0.4f, 0.4f);
    acp_physobj *o;
    acp_world *w = terrain_world(t, &o, 0x00400408u, &setup);
    acp_position p = {0xD59A0023u, acp_frame_identity()};
    acp_frame_set_rotate(&p.frame, 0.468932f, 0.0f, 0.0f, -0.883235f);
    p.frame.origin = (acp_vec3){118.6824f, 58.51815f, 330.9344f};
    ENSURE(acp_world_enter_object(w, o, &p, 0.0));
    ENSURE_NEAR(o->position.frame.origin.z, 330.9344, 0.01); /* the recorded z is on the terrain */
    o->part_array->sequence.velocity = (acp_vec3){0.0f, (float)(4.0 * 2.0039682f), 0.0f};
    o->part_array->sequence.omega = (acp_vec3){0.0f, 0.0f, (float)(-1.5 * 1.5)};
    float zmin = 1e9f, zmax = -1e9f;
    for (int i = 0; i < 300; i++) {
        uint64_t sweeps = w->num_sweeps;
        run_quantum(o, Q30);
        ENSURE_EQ(w->num_sweeps - sweeps, 1);
        ENSURE(o->transient_state & ACP_ON_WALKABLE_TS);
        ENSURE_NEAR(o->position.frame.origin.z, ground_z(t, o), 1e-3);
        float z = o->position.frame.origin.z;
        if (z < zmin) zmin = z;
        if (z > zmax) zmax = z;
    }
    ENSURE(zmax - zmin > 5.0f);
    acp_world_destroy(w);
    acp_terrain_destroy(t);
}

void suite_transition(void)
{
    RUN(calc_num_steps);
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
    RUN(quarrel_over_holtburg);
    RUN(falling_creature);
    RUN(runner_on_hills);
}
