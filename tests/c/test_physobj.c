/* CPhysicsObj / CPhysics tests (issue 3): the clock ladders of both profiles, the world gate,
 * gravity as retail integrates it, activity, friction, hooks and the no-sphere rule.
 * Expected values are worked out from the retail rules (comments give the arithmetic). */
#include "test.h"

#include <stdlib.h>

#include "physics/object/partarray.h"
#include "physics/world/physics.h"
#include "physics/object/physobj.h"
#include "base/slab.h"
#include "physics/world/transition.h"

static const acp_sphere ONE_SPHERE = {{0.0f, 0.0f, 0.5f}, 0.5f};

/* A world of the given profile with one placed object (fixture world: no terrain). */
static acp_world *world_with(acp_clock_profile profile, acp_physobj **out, uint32_t state, bool sphere)
{
    acp_world *w = acp_world_create(profile, 8);
    acp_physobj *o = acp_world_add_object(w, 1);
    o->state = state;
    if (sphere) o->part_array = acp_partarray_create_spheres(o, &ONE_SPHERE, 1);
    acp_position p = {0xA9B40019u, acp_frame_identity()};
    p.frame.origin = (acp_vec3){78.0f, 2.0f, 95.0f};
    acp_world_place_object(w, o, &p, 0, 0.0);
    *out = o;
    return w;
}

/* update_object called directly (the world gate would hide the small rows) on a fresh object
 * whose update_time is 0, at now = elapsed. */
static acp_update_record ladder(acp_clock_profile profile, double now)
{
    acp_physobj *o;
    acp_world *w = world_with(profile, &o, 0, true);
    w->now = now;
    acp_physobj_update_object(o);
    acp_update_record r = o->record;
    ENSURE_EQ(w->num_quanta, r.num_quanta); /* the world counts the quanta the record lists */
    acp_world_destroy(w);
    return r;
}

static void ladder_retail(void)
{
    acp_update_record r = ladder(ACP_PROFILE_RETAIL, 0.0001); /* ≤ EPSILON: stamp now */
    ENSURE_EQ(r.num_quanta, 0);
    ENSURE_DBITS(r.update_time, 0.0001);
    r = ladder(ACP_PROFILE_RETAIL, 0.03); /* ≤ MAX: the whole elapsed, no MIN test */
    ENSURE_EQ(r.num_quanta, 1);
    ENSURE_FBITS(r.quanta[0], 0.03f);
    ENSURE_DBITS(r.update_time, 0.03);
    r = ladder(ACP_PROFILE_RETAIL, 0.21); /* one slice; 0.01 stays pending */
    ENSURE_EQ(r.num_quanta, 1);
    ENSURE_FBITS(r.quanta[0], 0.2f);
    ENSURE_DBITS(r.update_time, 0.2);
    ENSURE_NEAR(r.pending, 0.01, 1e-15);
    r = ladder(ACP_PROFILE_RETAIL, 0.45); /* 0.2, 0.2, then 0.45 − 0.2 − 0.2 = 0.0499999… > 1/30 */
    ENSURE_EQ(r.num_quanta, 3);
    ENSURE_FBITS(r.quanta[0], 0.2f);
    ENSURE_FBITS(r.quanta[1], 0.2f);
    ENSURE_FBITS(r.quanta[2], 0.05f);
    ENSURE_DBITS(r.update_time, 0.45);
    r = ladder(ACP_PROFILE_RETAIL, 2.0); /* 2.0 − 9 × 0.2 = 0.2000000000000003 > 0.2: ten slices */
    ENSURE_EQ(r.num_quanta, 10);
    for (int i = 0; i < 10; i++) ENSURE_FBITS(r.quanta[i], 0.2f);
    ENSURE_DBITS(r.update_time, 1.9999999999999998);
    r = ladder(ACP_PROFILE_RETAIL, 2.5); /* > HUGE: stamp now */
    ENSURE_EQ(r.num_quanta, 0);
    ENSURE_DBITS(r.update_time, 2.5);
}

static void ladder_acdream_r6(void)
{
    acp_update_record r = ladder(ACP_PROFILE_ACDREAM_R6, 0.03); /* ≤ MIN: pending */
    ENSURE_EQ(r.num_quanta, 0);
    ENSURE_DBITS(r.update_time, 0.0);
    ENSURE_DBITS(r.pending, 0.03);
    r = ladder(ACP_PROFILE_ACDREAM_R6, 0.21);
    ENSURE_EQ(r.num_quanta, 1);
    ENSURE_FBITS(r.quanta[0], 0.2f);
    ENSURE_DBITS(r.update_time, 0.20000000298023224);
    r = ladder(ACP_PROFILE_ACDREAM_R6, 0.45); /* 0.45 − 2 × (double)0.2f = 0.0499999932… */
    ENSURE_EQ(r.num_quanta, 3);
    ENSURE_FBITS(r.quanta[2], 0.049999993f);
    ENSURE_DBITS(r.update_time, 0.45);
    r = ladder(ACP_PROFILE_ACDREAM_R6, 2.0); /* 2.0 − 9 × 0.2f = 0.19999997… < 0.2f: nine + rest */
    ENSURE_EQ(r.num_quanta, 10);
    for (int i = 0; i < 9; i++) ENSURE_FBITS(r.quanta[i], 0.2f);
    ENSURE_FBITS(r.quanta[9], 0.19999997f);
    ENSURE_DBITS(r.update_time, 2.0);
}

/* Each profile at exactly its own MIN, MAX and HUGE constants. */
static void ladder_exact_constants(void)
{
    acp_update_record r = ladder(ACP_PROFILE_RETAIL, 1.0 / 30.0); /* ≤ MAX: simulated whole */
    ENSURE_EQ(r.num_quanta, 1);
    ENSURE_FBITS(r.quanta[0], (float)(1.0 / 30.0));
    r = ladder(ACP_PROFILE_ACDREAM_R6, (double)(1.0f / 30.0f)); /* not > MIN: pending */
    ENSURE_EQ(r.num_quanta, 0);
    ENSURE_DBITS(r.update_time, 0.0);
    r = ladder(ACP_PROFILE_RETAIL, 0.2); /* not > MAX: one quantum */
    ENSURE_EQ(r.num_quanta, 1);
    ENSURE_FBITS(r.quanta[0], 0.2f);
    ENSURE_DBITS(r.update_time, 0.2);
    r = ladder(ACP_PROFILE_ACDREAM_R6, (double)0.2f);
    ENSURE_EQ(r.num_quanta, 1);
    ENSURE_FBITS(r.quanta[0], 0.2f);
    ENSURE_DBITS(r.update_time, (double)0.2f);
    r = ladder(ACP_PROFILE_RETAIL, 2.0 + 4.440892098500626e-16); /* just above HUGE: discarded */
    ENSURE_EQ(r.num_quanta, 0);
    r = ladder(ACP_PROFILE_ACDREAM_R6, 2.0 + 4.440892098500626e-16);
    ENSURE_EQ(r.num_quanta, 0);
    /* EPSILON itself (0.0002f as double) is consumed without a quantum; just above runs one. */
    r = ladder(ACP_PROFILE_RETAIL, ACP_F_EPSILON);
    ENSURE_EQ(r.num_quanta, 0);
    ENSURE_DBITS(r.update_time, ACP_F_EPSILON);
    r = ladder(ACP_PROFILE_RETAIL, 0.0003);
    ENSURE_EQ(r.num_quanta, 1);
    ENSURE_FBITS(r.quanta[0], 0.0003f);
}

/* ACE (ACEmulator/ACE Source/ACE.Server/Physics/PhysicsObj.cs, update_object): MaxQuantum 0.1,
 * nothing consumed below 1/30. */
static void ladder_ace(void)
{
    acp_update_record r = ladder(ACP_PROFILE_ACE, 0.0001);
    ENSURE_EQ(r.num_quanta, 0);
    ENSURE_DBITS(r.update_time, 0.0);
    r = ladder(ACP_PROFILE_ACE, 0.25); /* 0.1, 0.1, then 0.05 > 1/30 */
    ENSURE_EQ(r.num_quanta, 3);
    ENSURE_FBITS(r.quanta[0], 0.1f);
    ENSURE_FBITS(r.quanta[2], (float)(0.25 - 0.1 - 0.1));
}

static void world_gate_retail(void)
{
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 4);
    acp_position p = {0xA9B40019u, acp_frame_identity()};
    acp_physobj *a = acp_world_add_object(w, 1), *b = acp_world_add_object(w, 2);
    acp_world_place_object(w, a, &p, 0, 0.0);
    acp_world_place_object(w, b, &p, 0, 0.0);
    acp_world_use_time(w, 0.02); /* 0.02 < 1/30: nothing runs */
    ENSURE(!w->gate_passed);
    ENSURE(!a->record.ran && !b->record.ran);
    ENSURE_DBITS(w->last_update, 0.0);
    acp_world_use_time(w, 0.04);
    ENSURE(w->gate_passed);
    ENSURE(a->record.ran && b->record.ran);
    ENSURE_EQ(a->record.num_quanta, 1);
    ENSURE_DBITS(w->last_update, 0.04);
    /* The clock goes backwards: last_update = now, nothing runs. */
    acp_world_use_time(w, 0.01);
    ENSURE(!w->gate_passed && !a->record.ran);
    ENSURE_DBITS(w->last_update, 0.01);
    /* NaN time: ignored. */
    acp_world_use_time(w, NAN);
    ENSURE(!w->gate_passed);
    ENSURE_DBITS(w->last_update, 0.01);
    acp_world_destroy(w);
    /* acdream-r6: no gate; update_object runs every frame. */
    w = acp_world_create(ACP_PROFILE_ACDREAM_R6, 4);
    a = acp_world_add_object(w, 1);
    acp_world_place_object(w, a, &p, 0, 0.0);
    acp_world_use_time(w, 0.0167);
    ENSURE(w->gate_passed && a->record.ran);
    ENSURE_EQ(a->record.num_quanta, 0);
    acp_world_destroy(w);
}

/* Retail's hash order: bucket (id ^ id >> 8) & 127 ascending, newest first within a bucket. */
static void world_object_order(void)
{
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 8);
    acp_world_add_object(w, 5);     /* bucket 5 */
    acp_world_add_object(w, 0x80);  /* bucket 0 */
    acp_world_add_object(w, 0x100); /* 0x100 ^ 1 = bucket 1 */
    acp_world_add_object(w, 0x85);  /* bucket 5, newer than 5 */
    ENSURE_EQ(w->objects[0]->id, 0x80);
    ENSURE_EQ(w->objects[1]->id, 0x100);
    ENSURE_EQ(w->objects[2]->id, 0x85);
    ENSURE_EQ(w->objects[3]->id, 5);
    ENSURE(acp_world_add_object(w, 5) == NULL); /* duplicate id */
    acp_world_destroy(w);
}

/* The object table: the binary-searched insertion gives retail's order (bucket (id ^ id >> 8) &
 * 127 ascending, newest first within a bucket), checked against a direct reading of that rule
 * for ids inserted in a scrambled order; every object is found by id, static ones too. */
static void world_object_table_at_scale(void)
{
    enum { N = 700 };
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, N);
    uint32_t ids[N], order[N];
    uint32_t x = 12345u;
    for (uint32_t i = 0; i < N; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        ids[i] = (x % 5000u) * N + i + 1; /* distinct */
    }
    for (uint32_t i = 0; i < N; i++) ENSURE(acp_world_add_object(w, ids[i]) != NULL);
    ENSURE(acp_world_add_object(w, ids[17]) == NULL); /* taken */
    /* Expected order: by bucket, then by insertion index descending. */
    uint32_t k = 0;
    for (uint32_t bucket = 0; bucket < ACP_OBJECT_BUCKETS; bucket++)
        for (uint32_t i = N; i-- > 0;)
            if (((ids[i] ^ (ids[i] >> 8)) & 127u) == bucket) order[k++] = ids[i];
    ENSURE_EQ(k, N);
    ENSURE_EQ(w->num_objects, N);
    for (uint32_t i = 0; i < N && i < w->num_objects; i++) ENSURE_EQ(w->objects[i]->id, order[i]);
    acp_physobj *o = acp_world_object(w, ids[300]);
    ENSURE(o != NULL && o->id == ids[300]);
    acp_world_add_static_animating(w, o);
    ENSURE(acp_world_object(w, ids[300]) == o);
    ENSURE_EQ(w->num_objects, N - 1);
    ENSURE(acp_world_object(w, 0xFFFFFFF0u) == NULL);
    acp_world_destroy(w);
}

/* Gravity as retail integrates it, quanta of 0.1f: a body at rest is not displaced in its first
 * quantum (|v|² = 0), then x += v·dt + ½·a·dt² with float stores. */
static void gravity_integration(void)
{
    acp_physobj *o;
    acp_world *w = world_with(ACP_PROFILE_RETAIL, &o, ACP_GRAVITY_PS, true);
    ENSURE_FBITS(o->acceleration.z, -9.8000002f);
    acp_physobj_update_object_internal(o, 0.1f);
    ENSURE_FBITS(o->position.frame.origin.z, 95.0f);
    ENSURE_FBITS(o->velocity.z, -0.98000002f);
    acp_physobj_update_object_internal(o, 0.1f);
    ENSURE_FBITS(o->position.frame.origin.z, (float)(95.0 + -0.14699999988079071));
    ENSURE_FBITS(o->velocity.z, -1.96000004f);
    acp_physobj_update_object_internal(o, 0.1f);
    ENSURE_FBITS(o->position.frame.origin.z, 94.607994f); /* 94.853 + (float)(−0.19600001 − 0.049) */
    acp_world_destroy(w);
    /* From z = 0 the same steps give exactly −0.14699999988f and −0.39200002f. */
    w = world_with(ACP_PROFILE_RETAIL, &o, ACP_GRAVITY_PS, true);
    o->position.frame.origin.z = 0.0f;
    for (int i = 0; i < 2; i++) acp_physobj_update_object_internal(o, 0.1f);
    ENSURE_FBITS(o->position.frame.origin.z, -0.14699999988f);
    acp_physobj_update_object_internal(o, 0.1f);
    ENSURE_FBITS(o->position.frame.origin.z, -0.39200002f);
    /* cached_velocity = get_offset / quantum (Vector3::operator/: z uses the float reciprocal). */
    float dz = (float)((double)-0.39200002f - -0.14699999988f);
    ENSURE_FBITS(o->cached_velocity.z, (float)((double)(float)(1.0 / 0.1f) * dz));
    acp_world_destroy(w);
}

/* Speed is clamped to 50 m/s: (60, 80, 0) (|v| = 100) is normalized to floats (0.6f, 0.8f) and
 * scaled by 50, so x becomes 30.000002, not 30; a speed below 0.25 m/s snaps to zero. */
static void velocity_clamp_and_snap(void)
{
    acp_physobj *o;
    acp_world *w = world_with(ACP_PROFILE_RETAIL, &o, 0, true);
    o->velocity = (acp_vec3){60.0f, 80.0f, 0.0f};
    float x0 = o->position.frame.origin.x;
    acp_physobj_update_object_internal(o, 0.1f);
    ENSURE_FBITS(o->velocity.x, (float)(50.0 * (float)(1.0 / 100.0 * 60.0)));
    ENSURE_FBITS(o->velocity.y, (float)(50.0 * (float)(1.0 / 100.0 * 80.0)));
    ENSURE(o->velocity.x != 30.0f);
    ENSURE_NEAR(o->position.frame.origin.x - x0, 3.0, 1e-5);
    o->velocity = (acp_vec3){0.2f, 0.0f, 0.0f}; /* |v|² − 0.0625 = −0.0225 < EPSILON */
    x0 = o->position.frame.origin.x;
    acp_physobj_update_object_internal(o, 0.1f);
    ENSURE_FBITS(o->velocity.x, 0.0f);
    ENSURE_FBITS(o->position.frame.origin.x, x0);
    acp_world_destroy(w);
}

/* 96 m activity gate from the player object: strictly greater deactivates. */
static void activity_gate(void)
{
    static const float distances[] = {97.0f, 95.0f, 96.0f};
    static const bool active[] = {false, true, true};
    for (int i = 0; i < 3; i++) {
        acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 4);
        acp_physobj *player = acp_world_add_object(w, 1);
        acp_physobj *o = acp_world_add_object(w, 2);
        acp_position pp = {0xA9B40019u, acp_frame_identity()};
        pp.frame.origin = (acp_vec3){10.0f, 10.0f, 0.0f};
        acp_position po = pp;
        po.frame.origin.x = 10.0f + distances[i];
        o->state = 0;
        o->part_array = acp_partarray_create_spheres(o, &ONE_SPHERE, 1);
        acp_world_place_object(w, player, &pp, 0, 0.0);
        acp_world_place_object(w, o, &po, 0, 0.0);
        o->velocity = (acp_vec3){-1.0f, 0.0f, 0.0f};
        acp_world_set_player(w, player);
        acp_world_use_time(w, 0.05);
        ENSURE_EQ((o->transient_state & ACP_ACTIVE_TS) != 0, active[i]);
        ENSURE_FBITS(o->player_distance, distances[i]);
        ENSURE_EQ(o->record.num_quanta, 1); /* the ladder runs; only an active object moves */
        if (active[i]) ENSURE(o->position.frame.origin.x < po.frame.origin.x);
        else ENSURE_FBITS(o->position.frame.origin.x, po.frame.origin.x);
        acp_world_destroy(w);
    }
}

static void set_active_rebases(void)
{
    acp_physobj *o;
    acp_world *w = world_with(ACP_PROFILE_RETAIL, &o, 0, true);
    o->transient_state &= ~(uint32_t)ACP_ACTIVE_TS;
    o->update_time = 1.0;
    w->now = 5.0;
    ENSURE(acp_physobj_set_active(o, true));
    ENSURE_DBITS(o->update_time, 5.0);
    w->now = 6.0;
    ENSURE(acp_physobj_set_active(o, true)); /* already active: no rebase */
    ENSURE_DBITS(o->update_time, 5.0);
    o->state |= ACP_STATIC_PS;
    o->transient_state = 0;
    ENSURE(!acp_physobj_set_active(o, true));
    ENSURE_EQ(o->transient_state & ACP_ACTIVE_TS, 0);
    ENSURE(acp_physobj_set_active(o, false));
    /* prepare_to_enter_world: stamps now; a static object stays inactive. */
    w->now = 7.0;
    acp_physobj_prepare_to_enter_world(o);
    ENSURE_DBITS(o->update_time, 7.0);
    ENSURE_EQ(o->transient_state & ACP_ACTIVE_TS, 0);
    acp_world_destroy(w);
}

/* Skipped objects: ACTIVE cleared, update_time untouched. */
static void update_object_skips(void)
{
    acp_physobj *o;
    acp_world *w = world_with(ACP_PROFILE_RETAIL, &o, ACP_FROZEN_PS, true);
    w->now = 0.5;
    acp_physobj_update_object(o);
    ENSURE_EQ(o->record.skipped, ACP_SKIP_FROZEN);
    ENSURE_EQ(o->transient_state & ACP_ACTIVE_TS, 0);
    ENSURE_DBITS(o->update_time, 0.0);
    o->state = 0;
    o->has_cell = false;
    acp_physobj_update_object(o);
    ENSURE_EQ(o->record.skipped, ACP_SKIP_NO_CELL);
    o->has_cell = true;
    o->has_parent = true;
    acp_physobj_update_object(o);
    ENSURE_EQ(o->record.skipped, ACP_SKIP_PARENTED);
    acp_world_destroy(w);
}

/* Without a part array or without spheres the object never translates: only its rotation
 * changes (retail restores the origin), cached velocity is 0; resting on walkable ground with no
 * movement manager it deactivates. */
static void no_spheres_never_translate(void)
{
    for (int with_array = 0; with_array < 2; with_array++) {
        acp_physobj *o;
        acp_world *w = world_with(ACP_PROFILE_RETAIL, &o, ACP_GRAVITY_PS, false);
        if (with_array) o->part_array = acp_partarray_create_spheres(o, NULL, 0);
        o->velocity = (acp_vec3){5.0f, 0.0f, 0.0f};
        o->omega = (acp_vec3){0.0f, 0.0f, 1.0f};
        acp_vec3 before = o->position.frame.origin;
        acp_physobj_update_object_internal(o, 0.1f);
        ENSURE_FBITS(o->position.frame.origin.x, before.x);
        ENSURE_FBITS(o->position.frame.origin.z, before.z);
        ENSURE(o->position.frame.qz != 0.0f);
        ENSURE_NEAR(acp_frame_get_heading(&o->position.frame), 360.0 - 0.1 * 180.0 / 3.14159265358979, 1e-3);
        ENSURE_FBITS(o->cached_velocity.x, 0.0f);
        ENSURE(o->transient_state & ACP_ACTIVE_TS);
        o->transient_state |= ACP_ON_WALKABLE_TS;
        acp_physobj_update_object_internal(o, 0.1f);
        ENSURE_EQ(o->transient_state & ACP_ACTIVE_TS, 0);
        acp_world_destroy(w);
    }
}

/* A move inside retail's tolerance (every axis within EPSILON) is no move. */
static void tiny_move_is_no_move(void)
{
    acp_physobj *o;
    acp_world *w = world_with(ACP_PROFILE_RETAIL, &o, 0, true);
    o->velocity = (acp_vec3){0.3f, 0.0f, 0.0f};
    acp_vec3 before = o->position.frame.origin;
    acp_physobj_update_object_internal(o, 0.0005f); /* 0.3 × 0.0005 = 0.00015 < EPSILON */
    ENSURE_FBITS(o->position.frame.origin.x, before.x);
    ENSURE_FBITS(o->cached_velocity.x, 0.0f);
    acp_physobj_update_object_internal(o, 0.001f); /* 0.0003 > EPSILON: moves */
    ENSURE(o->position.frame.origin.x != before.x);
    acp_world_destroy(w);
}

/* calc_acceleration: walkable contact zeroes acceleration and omega unless sledding. */
static void calc_acceleration_branches(void)
{
    acp_physobj *o;
    acp_world *w = world_with(ACP_PROFILE_RETAIL, &o, ACP_GRAVITY_PS, true);
    o->omega = (acp_vec3){0.0f, 0.0f, 2.0f};
    o->transient_state |= ACP_CONTACT_TS | ACP_ON_WALKABLE_TS;
    acp_physobj_calc_acceleration(o);
    ENSURE_FBITS(o->acceleration.z, 0.0f);
    ENSURE_FBITS(o->omega.z, 0.0f);
    o->state |= ACP_SLEDDING_PS;
    o->omega = (acp_vec3){0.0f, 0.0f, 2.0f};
    acp_physobj_calc_acceleration(o);
    ENSURE_FBITS(o->acceleration.z, -9.8000002f);
    ENSURE_FBITS(o->omega.z, 2.0f);
    o->state = 0;
    o->transient_state = ACP_CONTACT_TS;
    acp_physobj_calc_acceleration(o);
    ENSURE_FBITS(o->acceleration.z, 0.0f);
    ENSURE_FBITS(o->omega.z, 2.0f); /* gravity off: omega kept */
    acp_world_destroy(w);
}

/* calc_friction: sledding at |v|² 9 ≥ 6.25 on a slope steeper than 10° (n.z 0.95 < cos 10°)
 * keeps friction 0.2: v × (1 − 0.2)^0.2; below |v|² 1.5625 friction 1 stops it. */
static void sledding_friction(void)
{
    acp_physobj *o;
    acp_world *w = world_with(ACP_PROFILE_RETAIL, &o, ACP_SLEDDING_PS, true);
    o->transient_state |= ACP_ON_WALKABLE_TS;
    o->contact_plane.n = (acp_vec3){0.0f, 0.3122f, 0.95f};
    o->velocity = (acp_vec3){3.0f, 0.0f, 0.0f};
    acp_physobj_calc_friction(o, 0.2f, 9.0f);
    ENSURE_FBITS(o->velocity.x, (float)(pow(1.0 - (double)0.2f, (double)0.2f) * 3.0));
    ENSURE_FBITS(o->velocity.y, 0.0f);
    o->velocity = (acp_vec3){1.0f, 0.0f, 0.0f};
    acp_physobj_calc_friction(o, 0.2f, 1.0f);
    ENSURE_FBITS(o->velocity.x, 0.0f);
    /* Flat (n.z 1 ≥ cos 10°) at |v|² 9: the object's own friction 0.95. */
    o->contact_plane.n = (acp_vec3){0.0f, 0.0f, 1.0f};
    o->velocity = (acp_vec3){3.0f, 0.0f, 0.0f};
    acp_physobj_calc_friction(o, 0.2f, 9.0f);
    ENSURE_FBITS(o->velocity.x, (float)(pow(1.0 - (double)0.95f, (double)0.2f) * 3.0));
    /* Not sledding: the normal component is removed, then friction 0.95. */
    o->state = 0;
    o->contact_plane.n = (acp_vec3){0.0f, 0.0f, 1.0f};
    o->velocity = (acp_vec3){2.0f, 0.0f, -1.0f};
    acp_physobj_calc_friction(o, 0.1f, 5.0f);
    ENSURE_FBITS(o->velocity.z, 0.0f);
    ENSURE_FBITS(o->velocity.x, (float)(pow(1.0 - (double)0.95f, (double)0.1f) * 2.0));
    /* Moving away from the plane (v·n ≥ 0.25): untouched. */
    o->velocity = (acp_vec3){2.0f, 0.0f, 1.0f};
    acp_physobj_calc_friction(o, 0.1f, 5.0f);
    ENSURE_FBITS(o->velocity.x, 2.0f);
    /* Off walkable ground: no friction. */
    o->transient_state &= ~(uint32_t)ACP_ON_WALKABLE_TS;
    o->velocity = (acp_vec3){2.0f, 0.0f, -1.0f};
    acp_physobj_calc_friction(o, 0.1f, 5.0f);
    ENSURE_FBITS(o->velocity.x, 2.0f);
    acp_world_destroy(w);
}

/* AlignPath turns the frame along the move, pitch included; Sledding yaws to the velocity. */
static void heading_rules(void)
{
    acp_physobj *o;
    acp_world *w = world_with(ACP_PROFILE_RETAIL, &o, ACP_ALIGNPATH_PS, true);
    o->velocity = (acp_vec3){3.0f, 4.0f, -5.0f};
    acp_physobj_update_object_internal(o, 0.1f);
    acp_vec3 fwd = acp_frame_get_vector_heading(&o->position.frame);
    /* The direction is taken from float positions near (78, 2, 95), whose spacing (7.6e-6) is
     * large next to a 0.7 m step: within 2e-5 of the true direction, as retail computes it. */
    double n = sqrt(50.0);
    ENSURE_NEAR(fwd.x, 3.0 / n, 2e-5);
    ENSURE_NEAR(fwd.y, 4.0 / n, 2e-5);
    ENSURE_NEAR(fwd.z, -5.0 / n, 2e-5);
    acp_world_destroy(w);
    w = world_with(ACP_PROFILE_RETAIL, &o, ACP_SLEDDING_PS, true);
    o->velocity = (acp_vec3){-2.0f, 0.0f, 0.0f};
    acp_physobj_update_object_internal(o, 0.1f);
    ENSURE_NEAR(acp_frame_get_heading(&o->position.frame), 270.0, 1e-4);
    acp_world_destroy(w);
}

/* set_frame: a frame whose rotation alone is NaN gets the zero quaternion (retail's rule);
 * set_ethereal(0) clears CHECK_ETHEREAL. */
static void set_frame_and_ethereal(void)
{
    acp_physobj *o;
    acp_world *w = world_with(ACP_PROFILE_RETAIL, &o, 0, true);
    acp_frame f = acp_frame_identity();
    f.origin = (acp_vec3){1.0f, 2.0f, 3.0f};
    f.qx = NAN;
    acp_physobj_set_frame(o, &f);
    ENSURE_FBITS(o->position.frame.qw, 0.0f);
    ENSURE_FBITS(o->position.frame.qx, 0.0f);
    ENSURE_FBITS(o->position.frame.origin.z, 3.0f);
    o->state |= ACP_ETHEREAL_PS;
    o->transient_state |= ACP_CHECK_ETHEREAL_TS;
    acp_physobj_update_object_internal(o, 0.05f);
    ENSURE_EQ(o->state & ACP_ETHEREAL_PS, 0);
    ENSURE_EQ(o->transient_state & ACP_CHECK_ETHEREAL_TS, 0);
    acp_world_destroy(w);
}

/* An FPHook over 0.5 s created at physics time 0, run once per 0.2 s quantum: t = 0.4, 0.8,
 * then 1.0 on the third run, which reports done and removes it. */
static void fp_hook_runs_until_done(void)
{
    acp_physobj *o;
    acp_world *w = world_with(ACP_PROFILE_RETAIL, &o, 0, true);
    w->physics_time = 0.0;
    acp_physobj_set_scale(o, 2.0f, 0.5);
    ENSURE_EQ(o->hooks.count, 1);
    static const float expect[] = {1.4f, 1.8f, 2.0f};
    for (int i = 0; i < 3; i++) {
        w->now = 0.2 * (i + 1);
        acp_physobj_update_object(o);
        ENSURE_EQ(o->record.num_quanta, 1);
        ENSURE_FBITS(o->scale, expect[i]);
        ENSURE_EQ(o->hooks.count, i < 2 ? 1 : 0);
        if (i < 2) ENSURE_EQ(o->fp_hook_items[0].executions, i + 1);
    }
    w->now = 0.8;
    acp_physobj_update_object(o);
    ENSURE_FBITS(o->scale, 2.0f);
    /* delta below EPSILON: immediate. */
    acp_physobj_set_scale(o, 3.0f, 0.0001);
    ENSURE_FBITS(o->scale, 3.0f);
    ENSURE_EQ(o->hooks.count, 0);
    acp_world_destroy(w);
}

/* Anim hooks queued for a quantum run in that quantum's process_hooks; the bag is then empty. */
static void anim_hooks_run_and_clear(void)
{
    acp_physobj *o;
    acp_world *w = world_with(ACP_PROFILE_RETAIL, &o, 0, true);
    acp_anim_hook omega = {.type = ACP_HOOK_SET_OMEGA, .direction = ACP_HOOK_BOTH};
    omega.p.omega = (acp_vec3){0.0f, 0.0f, -1.5f};
    acp_anim_hook sound = {.type = ACP_HOOK_SOUND_TABLE, .direction = ACP_HOOK_FORWARD};
    ENSURE(acp_physobj_add_anim_hook(o, &omega));
    ENSURE(acp_physobj_add_anim_hook(o, &sound));
    w->now = 0.05;
    acp_physobj_update_object(o);
    ENSURE_FBITS(o->omega.z, -1.5f);
    ENSURE_EQ(o->anim_hooks.count, 0);
    ENSURE_EQ(o->record.num_hooks, 2);
    ENSURE_EQ(o->record.hooks_fired[0], ACP_HOOK_SET_OMEGA);
    ENSURE_EQ(o->record.hooks_fired[1], ACP_HOOK_SOUND_TABLE);
    ENSURE(strcmp(acp_hook_type_name(ACP_HOOK_ANIMATION_DONE), "AnimationDone") == 0);
    w->now = 0.1;
    acp_physobj_update_object(o);
    ENSURE_EQ(o->record.num_hooks, 0);
    /* A Transparent hook over 0.3 s becomes a persistent FPHook. */
    acp_anim_hook tr = {.type = ACP_HOOK_TRANSPARENT, .direction = ACP_HOOK_BOTH};
    tr.p.fade.part = UINT32_MAX;
    tr.p.fade.start = 0.0f;
    tr.p.fade.end = 1.0f;
    tr.p.fade.time = 0.3f;
    acp_physobj_add_anim_hook(o, &tr);
    w->now = 0.15;
    acp_physobj_update_object(o);
    ENSURE_EQ(o->hooks.count, 1);
    ENSURE_FBITS(o->translucency, 0.0f);
    w->now = 0.3;
    acp_physobj_update_object(o);
    ENSURE_FBITS(o->translucency, (float)((0.3 - 0.15) / (double)0.3f)); /* created at 0.15 */
    acp_world_destroy(w);
}

/* handle_all_collisions through the commit: (0, 0, −5) onto a flat floor, elasticity 0.05 →
 * v += −(v·n)(1 + e)·n = (0, 0, 0.25); INELASTIC → 0; frames_stationary_fall 2 → 0. */
static void collision_impulse(void)
{
    for (int c = 0; c < 3; c++) {
        acp_physobj *o;
        acp_world *w = world_with(ACP_PROFILE_RETAIL, &o, c == 1 ? ACP_INELASTIC_PS : 0, true);
        o->velocity = (acp_vec3){0.0f, 0.0f, -5.0f};
        acp_transition tr; /* a result made up here, outside the world's pool */
        acp_transition *t = &tr;
        memset(t, 0, sizeof *t);
        t->sphere_path.curr_pos = o->position;
        t->sphere_path.has_curr_cell = true;
        t->collision_info.collision_normal_valid = true;
        t->collision_info.collision_normal = (acp_vec3){0.0f, 0.0f, 1.0f};
        t->collision_info.frames_stationary_fall = c == 2 ? 2 : 0;
        acp_physobj_set_position_internal(o, t);
        ENSURE_FBITS(o->velocity.z, c == 0 ? 0.25f : 0.0f);
        ENSURE_FBITS(o->velocity.x, 0.0f);
        ENSURE_EQ((o->transient_state & ACP_STATIONARY_STOP_TS) != 0, c == 2);
        ENSURE_EQ(o->transient_state & ACP_ON_WALKABLE_TS, 0);
        acp_world_destroy(w);
    }
}

/* Static animating objects: stamp and return at ≤ EPSILON or > 2 s, nothing below 1/30 s,
 * omega applied raw (not × elapsed). */
static void static_animating(void)
{
    acp_physobj *o;
    acp_world *w = world_with(ACP_PROFILE_RETAIL, &o, ACP_STATIC_PS | ACP_HAS_DEFAULT_ANIM_PS, true);
    acp_world_add_static_animating(w, o);
    ENSURE_EQ(w->num_objects, 0);
    ENSURE_EQ(w->num_static, 1);
    o->omega = (acp_vec3){0.0f, 0.0f, 0.5f};
    acp_world_use_time(w, 0.02); /* gate closed */
    ENSURE(!o->record.ran);
    acp_world_use_time(w, 0.034);
    ENSURE_DBITS(o->update_time, 0.034);
    ENSURE_NEAR(o->position.frame.qz, sin(0.25), 1e-7); /* grotate by 0.5 rad, not 0.5 × 0.034 */
    o->update_time = 0.05;
    acp_world_use_time(w, 0.07); /* elapsed 0.02 < 1/30: not even the stamp */
    ENSURE_DBITS(o->update_time, 0.05);
    acp_world_use_time(w, 3.0); /* > 2 s: stamp only */
    ENSURE_DBITS(o->update_time, 3.0);
    ENSURE_NEAR(o->position.frame.qz, sin(0.25), 1e-7);
    acp_world_destroy(w);
}

/* Fixed capacities (docs/DEVIATIONS.md): the 33rd persistent hook and the 65th anim hook of a
 * quantum are refused and counted; nothing else changes. */
static void hook_capacities(void)
{
    acp_physobj *o;
    acp_world *w = world_with(ACP_PROFILE_RETAIL, &o, 0, true);
    for (int i = 0; i < ACP_MAX_FP_HOOKS + 1; i++) acp_physobj_set_scale(o, 2.0f, 1.0);
    ENSURE_EQ(o->hooks.count, ACP_MAX_FP_HOOKS);
    ENSURE_EQ(o->hooks.dropped, 1);
    static const acp_anim_hook noop = {.type = ACP_HOOK_NOOP, .direction = ACP_HOOK_BOTH};
    for (int i = 0; i < ACP_MAX_ANIM_HOOKS; i++) ENSURE(acp_physobj_add_anim_hook(o, &noop));
    ENSURE(!acp_physobj_add_anim_hook(o, &noop));
    ENSURE_EQ(o->anim_hooks.dropped, 1);
    acp_world_destroy(w);
}

/* A slab (slab.h): zeroed 64-byte-aligned blocks side by side in allocation order, across
 * chunks of doubling size; a freed block is the next one handed out, zeroed again. */
static void slab_blocks(void)
{
    acp_slab s;
    acp_slab_init(&s, 100);
    ENSURE_EQ(s.block_size, 128);
    enum { N = 3 * ACP_SLAB_FIRST_BLOCKS + 5 }; /* three chunks: 16, 32, then 64 blocks */
    unsigned char *b[N];
    for (int i = 0; i < N; i++) {
        b[i] = acp_slab_alloc(&s);
        ENSURE(b[i] != NULL);
        ENSURE_EQ((uintptr_t)b[i] % ACP_SLAB_ALIGN, 0);
        ENSURE_EQ(b[i][0] | b[i][99], 0);
        memset(b[i], 0xA5, 100);
    }
    ENSURE(b[1] == b[0] + 128);
    ENSURE(b[ACP_SLAB_FIRST_BLOCKS + 1] == b[ACP_SLAB_FIRST_BLOCKS] + 128); /* within the second chunk */
    ENSURE(b[N - 1] == b[N - 2] + 128);
    acp_slab_free(&s, b[3]);
    acp_slab_free(&s, b[7]);
    acp_slab_free(&s, NULL);
    unsigned char *again = acp_slab_alloc(&s);
    ENSURE(again == b[7]); /* the last freed first */
    ENSURE_EQ(again[0] | again[50] | again[99], 0);
    ENSURE(acp_slab_alloc(&s) == b[3]);
    ENSURE(acp_slab_alloc(&s) == b[N - 1] + 128); /* then the next unused block */
    acp_slab_release(&s);
    ENSURE(s.chunks == NULL && s.free_list == NULL);
    ENSURE(acp_slab_alloc(&s) != NULL); /* usable again after a release */
    acp_slab_release(&s);
}

/* The world's objects and their part arrays come from its slabs in the order they are made; a
 * replaced part array's block is reused; a part array without a world is on the heap. */
static void world_slabs(void)
{
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 8);
    acp_physobj *a = acp_world_add_object(w, 1), *b = acp_world_add_object(w, 2);
    ENSURE((unsigned char *)b == (unsigned char *)a + w->slabs.objects.block_size);
    ENSURE_EQ((uintptr_t)a % ACP_SLAB_ALIGN, 0);
    a->part_array = acp_partarray_create_spheres(a, &ONE_SPHERE, 1);
    b->part_array = acp_partarray_create_spheres(b, &ONE_SPHERE, 1);
    ENSURE(a->part_array && b->part_array && a->part_array->slabs == &w->slabs);
    ENSURE((unsigned char *)b->part_array == (unsigned char *)a->part_array + w->slabs.part_arrays.block_size);
    acp_partarray *old = a->part_array;
    acp_partarray_destroy(old);
    a->part_array = acp_partarray_create_spheres(a, NULL, 0);
    ENSURE(a->part_array == old); /* the freed block, zeroed and rebuilt */
    ENSURE_EQ(a->part_array->num_spheres, 0);
    ENSURE(acp_partarray_set_motion_table(a->part_array, 0x09000001u)); /* not found: an empty manager */
    acp_mtable_manager *m = a->part_array->motion_table_manager;
    ENSURE(m != NULL);
    ENSURE(acp_partarray_set_motion_table(a->part_array, 0x09000002u)); /* replaced in place */
    ENSURE(a->part_array->motion_table_manager == m);
    ENSURE_EQ(a->part_array->motion_table_manager->table_id, 0x09000002u);
    acp_partarray *heap = acp_partarray_create_spheres(NULL, &ONE_SPHERE, 1);
    ENSURE(heap && heap->slabs == NULL);
    ENSURE(acp_partarray_set_motion_table(heap, 0x09000001u));
    acp_partarray_destroy(heap);
    acp_world_destroy(w); /* frees every block (the sanitizer lane checks for leaks) */
}

/* The world's stand-in for retail's Random: xorshift32 from 0x2545F491, u = x / 2^32. */
static void world_random(void)
{
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 1);
    uint32_t x = 0x2545F491u;
    for (int i = 0; i < 5; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        ENSURE_DBITS(acp_world_random(w), x / 4294967296.0);
    }
    acp_world_destroy(w);
}

/* CPhysicsObj::set_elasticity (0x0050FD40): 0..0.1 kept bit for bit (-0.0 as -0.0); below 0 and
 * NaN give 0; above 0.1 as a double gives 0.1f, which is itself above (0.100000001490116 > 0.1). */
static void set_elasticity_clamps_as_retail(void)
{
    acp_physobj obj;
    acp_physobj_init(&obj, NULL, 1);
    ENSURE_FBITS(obj.elasticity, 0.05f);
    const struct { float in, out; } cases[] = {
        {0.0f, 0.0f}, {-0.0f, -0.0f}, {1e-45f, 1e-45f}, {0.05f, 0.05f},
        {0.099999994f, 0.099999994f}, /* the float below 0.1f: kept */
        {0.1f, 0.1f}, {0.10000001f, 0.1f}, {0.25f, 0.1f}, {1.0f, 0.1f}, {1e30f, 0.1f}, {INFINITY, 0.1f},
        {-1e-45f, 0.0f}, {-0.05f, 0.0f}, {-1e30f, 0.0f}, {-INFINITY, 0.0f}, {NAN, 0.0f},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        obj.elasticity = 0.05f;
        ENSURE(acp_physobj_set_elasticity(&obj, cases[i].in));
        ENSURE_FBITS(obj.elasticity, cases[i].out);
    }
}

/* CPhysicsObj::set_description (0x00514F40): a PhysicsDesc's friction replaces the object's only
 * within [0, 1]; any other keeps what the object had (not the default: 0.5 stays 0.5). */
static void description_friction_only_within_unit_range(void)
{
    acp_physobj obj;
    acp_physobj_init(&obj, NULL, 1);
    ENSURE_FBITS(obj.friction, 0.95f);
    const float taken[] = {0.0f, -0.0f, 1e-45f, 0.5f, 0.99999994f, 1.0f};
    for (size_t i = 0; i < sizeof taken / sizeof taken[0]; i++) {
        obj.friction = 0.95f;
        ENSURE(acp_physobj_set_description_friction(&obj, taken[i]));
        ENSURE_FBITS(obj.friction, taken[i]);
    }
    const float refused[] = {1.0000001f, 2.0f, 1e30f, INFINITY, -1e-45f, -0.5f, -INFINITY, NAN};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        obj.friction = 0.5f;
        ENSURE(!acp_physobj_set_description_friction(&obj, refused[i]));
        ENSURE_FBITS(obj.friction, 0.5f);
    }
}

void suite_physobj(void)
{
    RUN(set_elasticity_clamps_as_retail);
    RUN(description_friction_only_within_unit_range);
    RUN(hook_capacities);
    RUN(world_random);
    RUN(slab_blocks);
    RUN(world_slabs);
    RUN(ladder_retail);
    RUN(ladder_acdream_r6);
    RUN(ladder_exact_constants);
    RUN(ladder_ace);
    RUN(world_gate_retail);
    RUN(world_object_order);
    RUN(world_object_table_at_scale);
    RUN(gravity_integration);
    RUN(velocity_clamp_and_snap);
    RUN(activity_gate);
    RUN(set_active_rebases);
    RUN(update_object_skips);
    RUN(no_spheres_never_translate);
    RUN(tiny_move_is_no_move);
    RUN(calc_acceleration_branches);
    RUN(sledding_friction);
    RUN(heading_rules);
    RUN(set_frame_and_ethereal);
    RUN(fp_hook_runs_until_done);
    RUN(anim_hooks_run_and_clear);
    RUN(collision_impulse);
    RUN(static_animating);
}
