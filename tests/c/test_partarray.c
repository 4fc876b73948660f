/* CPartArray / CPhysicsObj::InitDefaults tests (issue 6): the Setup's DefaultAnimation at
 * 30 frames/s over 0..last, part placement from the animation frame or the placement frame,
 * static animating objects (registration and animate_static_object), and the retail order in
 * which a motion table replaces the default animation. */
#include "test.h"

#include "physics/geometry/mathx.h"
#include "physics/anim/motion_table.h"
#include "physics/object/partarray.h"
#include "physics/world/physics.h"
#include "physics/object/physobj.h"
#include "physics/object/physobj_motion.h"
#include "dat/recfixture.h"

#define DEFAULT_ANIM 0x03000200u
#define READY_ANIM 0x03000201u
#define SETUP_ID 0x02000099u
#define MTABLE_ID 0x09000009u

typedef struct rig {
    acp_world *w;
    acp_physobj *o;
    acp_fixture *fx;
    acp_setup *setup;
    acp_animation *anim;
} rig;

static const acp_sphere SPHERE = {{0.0f, 0.0f, 0.5f}, 0.5f};

/* A two-part Setup with a Resting placement (part 0 at (0, 0, 1), part 1 at (0.5, 0, 0)), a
 * 12-frame default animation for one part, and a one-cycle motion table. */
static void rig_init(rig *r, uint32_t state, bool default_anim, uint32_t default_script)
{
    r->fx = acp_fixture_create();
    r->anim = acp_fixture_animation(r->fx, DEFAULT_ANIM, 12, 1, NULL);
    acp_fixture_animation(r->fx, READY_ANIM, 5, 2, NULL);
    acp_motion_table *mt = acp_fixture_motion_table(r->fx, MTABLE_ID, ACP_STYLE_NONCOMBAT);
    acp_fixture_style_default(mt, ACP_STYLE_NONCOMBAT, ACP_MOTION_READY);
    acp_fixture_motion_anim(acp_fixture_motion(mt, ACP_FIXTURE_CYCLE, 0, 0x003D0003u), READY_ANIM, 0, -1, 30.0f);
    r->setup = acp_fixture_setup(r->fx, SETUP_ID, 2, &SPHERE, 1);
    acp_aframe rest[2] = {{{0.0f, 0.0f, 1.0f}, 1.0f, 0.0f, 0.0f, 0.0f}, {{0.5f, 0.0f, 0.0f}, 1.0f, 0.0f, 0.0f, 0.0f}};
    acp_fixture_setup_placement(r->setup, 0x65u, rest);
    if (default_anim) r->setup->default_animation = DEFAULT_ANIM;
    r->setup->default_script = default_script;
    r->w = acp_world_create(ACP_PROFILE_RETAIL, 4);
    r->o = acp_world_add_object(r->w, 7);
    r->o->state = state;
    acp_position p = {0xA9B40019u, acp_frame_identity()};
    acp_frame_set_heading(&p.frame, 90.0f);
    p.frame.origin = (acp_vec3){10.0f, 20.0f, 30.0f};
    r->o->position = p;
    acp_record_source src = acp_fixture_source(r->fx);
    ENSURE(acp_physobj_set_setup(r->o, r->setup, &src));
    acp_world_place_object(r->w, r->o, &p, 0, 0.0);
}

static void rig_free(rig *r)
{
    acp_world_destroy(r->w);
    acp_fixture_destroy(r->fx);
}

/* CPartArray::InitDefaults: the DefaultAnimation over frames 0..11 at 30 frames/s. */
static void default_animation_installed(void)
{
    rig r;
    rig_init(&r, 0, true, 0);
    const acp_sequence *seq = &r.o->part_array->sequence;
    const acp_anim_node *n = acp_sequence_node(seq, seq->curr_anim);
    ENSURE(n != NULL);
    ENSURE_EQ(n->anim->id, DEFAULT_ANIM);
    ENSURE_EQ(n->low_frame, 0);
    ENSURE_EQ(n->high_frame, 11);
    ENSURE_FBITS(n->framerate, 30.0f);
    ENSURE_EQ(seq->placement_frame_id, 0x65u);
    /* A dynamic object is not registered and gets no HAS_DEFAULT_ANIM. */
    ENSURE_EQ(r.o->state & ACP_HAS_DEFAULT_ANIM_PS, 0);
    ENSURE_EQ(r.w->num_static, 0);
    ENSURE_EQ(r.w->num_objects, 1);
    rig_free(&r);
}

/* SetFrame: with the default animation's frame (one part) only part 0 follows it; part 1 keeps
 * its frame. Without an animation the Resting placement places both parts: object frame
 * (10, 20, 30) facing east, scale 2: part 0 at (0, 0, 1) × 2 → (10, 20, 32); part 1 at
 * (0.5, 0, 0) × 2: local +X points south → (10, 19, 30). */
static void parts_follow_the_frame(void)
{
    rig r;
    rig_init(&r, 0, true, 0);
    acp_partarray *pa = r.o->part_array;
    ENSURE_EQ(pa->num_parts, 2);
    r.anim->part_frames[0].parts[0].origin = (acp_vec3){0.0f, 0.25f, 0.0f};
    acp_partarray_set_scale(pa, (acp_vec3){2.0f, 2.0f, 2.0f});
    acp_physobj_set_frame(r.o, &r.o->position.frame);
    ENSURE_NEAR(acp_partarray_part_frames(pa)[0].origin.x, 10.5, 1e-5); /* 0.25 forward × 2 = 0.5 east */
    ENSURE_NEAR(acp_partarray_part_frames(pa)[0].origin.y, 20.0, 1e-5);
    ENSURE_NEAR(acp_partarray_part_frames(pa)[1].origin.x, 0.0, 1e-6); /* untouched: still the identity */
    acp_sequence_clear_animations(&pa->sequence);
    acp_physobj_set_frame(r.o, &r.o->position.frame);
    ENSURE_NEAR(acp_partarray_part_frames(pa)[0].origin.x, 10.0, 1e-5);
    ENSURE_NEAR(acp_partarray_part_frames(pa)[0].origin.y, 20.0, 1e-5);
    ENSURE_NEAR(acp_partarray_part_frames(pa)[0].origin.z, 32.0, 1e-5);
    ENSURE_NEAR(acp_partarray_part_frames(pa)[1].origin.x, 10.0, 1e-5);
    ENSURE_NEAR(acp_partarray_part_frames(pa)[1].origin.y, 19.0, 1e-5);
    ENSURE_NEAR(acp_partarray_part_frames(pa)[1].origin.z, 30.0, 1e-5);
    ENSURE_NEAR(acp_frame_get_heading(&acp_partarray_part_frames(pa)[1]), 90.0, 1e-3);
    /* The part's drawing scale: the Setup has no default scale, so the object's scale. */
    ENSURE_FBITS(pa->part_gfx_scale[1].x, 2.0f);
    rig_free(&r);
}

/* CPhysicsObj::InitDefaults on a STATIC_PS object: HAS_DEFAULT_ANIM_PS, the static workset;
 * animate_static_object plays the animation at 30 frames/s for the whole elapsed time and applies
 * omega raw. A default script alone also registers (HAS_DEFAULT_SCRIPT_PS). */
static void static_animating_object(void)
{
    rig r;
    rig_init(&r, ACP_STATIC_PS, true, 0);
    ENSURE(r.o->state & ACP_HAS_DEFAULT_ANIM_PS);
    ENSURE_EQ(r.o->state & ACP_HAS_DEFAULT_SCRIPT_PS, 0);
    ENSURE_EQ(r.w->num_static, 1);
    ENSURE_EQ(r.w->num_objects, 0);
    ENSURE(r.w->static_objects[0] == r.o);
    const acp_sequence *seq = &r.o->part_array->sequence;
    acp_world_use_time(r.w, 0.1); /* elapsed 0.1 s: 3 frames */
    ENSURE_DBITS(seq->frame_number, 30.0 * (double)0.1f);
    ENSURE_EQ(r.o->record.num_quanta, 1);
    ENSURE_FBITS(r.o->record.quanta[0], 0.1f);
    r.o->omega = (acp_vec3){0.0f, 0.0f, -0.1f};
    acp_world_use_time(r.w, 0.2); /* another 0.1 s; omega −0.1 rad applied once, raw */
    ENSURE_NEAR(acp_frame_get_heading(&r.o->position.frame), 90.0 + 0.1 * ACP_RAD_TO_DEG, 1e-3);
    ENSURE_NEAR(seq->frame_number, 6.0, 1e-6);
    /* Adding it again keeps one entry (retail removes, then appends). */
    acp_world_add_static_animating(r.w, r.o);
    ENSURE_EQ(r.w->num_static, 1);
    rig_free(&r);
    rig_init(&r, ACP_STATIC_PS, false, 0x33000001u);
    ENSURE(r.o->state & ACP_HAS_DEFAULT_SCRIPT_PS);
    ENSURE_EQ(r.o->state & ACP_HAS_DEFAULT_ANIM_PS, 0);
    ENSURE_EQ(r.w->num_static, 1);
    rig_free(&r);
    rig_init(&r, ACP_STATIC_PS, false, 0); /* neither: not registered */
    ENSURE_EQ(r.w->num_static, 0);
    rig_free(&r);
}

/* CPhysics's static animating workset removes an entry as RemoveStaticAnimatingObject
 * (0x00509760) does, the last entry taking its slot, and AddStaticAnimatingObject (0x00509AF0)
 * removes an object already there that way before appending it. Workset [A, B, C, D]: adding B
 * again gives [A, D, C, B]; removing A from the world then gives [B, D, C]. */
static void static_workset_swaps_with_last(void)
{
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 8);
    acp_physobj *o[4];
    for (uint32_t i = 0; i < 4; i++) {
        o[i] = acp_world_add_object(w, 11u + i);
        o[i]->state |= ACP_STATIC_PS;
        acp_world_add_static_animating(w, o[i]);
    }
    ENSURE_EQ(w->num_static, 4);
    for (uint32_t i = 0; i < 4; i++) ENSURE(w->static_objects[i] == o[i]);
    acp_world_add_static_animating(w, o[1]);
    ENSURE_EQ(w->num_static, 4);
    ENSURE(w->static_objects[0] == o[0]);
    ENSURE(w->static_objects[1] == o[3]);
    ENSURE(w->static_objects[2] == o[2]);
    ENSURE(w->static_objects[3] == o[1]);
    ENSURE(acp_world_remove_object(w, 11u));
    ENSURE_EQ(w->num_static, 3);
    ENSURE(w->static_objects[0] == o[1]);
    ENSURE(w->static_objects[1] == o[3]);
    ENSURE(w->static_objects[2] == o[2]);
    acp_world_destroy(w);
}

/* The Setup's default motion table is not installed when the part array is created (retail's
 * InitDefaults runs before the object holds the part array); setting it afterwards replaces the
 * default animation with the table's default cycle. */
static void motion_table_after_setup(void)
{
    rig r;
    rig_init(&r, 0, true, 0);
    r.setup->default_motion_table = MTABLE_ID;
    acp_record_source src = acp_fixture_source(r.fx);
    ENSURE(acp_physobj_set_setup(r.o, r.setup, &src));
    ENSURE(r.o->part_array->motion_table_manager == NULL);
    ENSURE(r.o->movement_manager == NULL);
    ENSURE(acp_physobj_set_motion_table(r.o, MTABLE_ID));
    ENSURE(r.o->movement_manager != NULL);
    const acp_sequence *seq = &r.o->part_array->sequence;
    ENSURE_EQ(acp_sequence_node(seq, seq->curr_anim)->anim->id, READY_ANIM);
    ENSURE_EQ(acp_sequence_node(seq, seq->head)->next, ACP_NO_NODE); /* the default animation is gone */
    /* The same table again keeps the manager but makes a new movement manager. */
    acp_mtable_manager *m = r.o->part_array->motion_table_manager;
    ENSURE(acp_physobj_set_motion_table(r.o, MTABLE_ID));
    ENSURE(r.o->part_array->motion_table_manager == m);
    ENSURE(acp_physobj_set_motion_table(r.o, 0));
    ENSURE(r.o->part_array->motion_table_manager == NULL);
    ENSURE(r.o->movement_manager == NULL);
    rig_free(&r);
}

/* Deferred placement (partarray.h): whatever the order of placements and reads, the frames
 * read are bit for bit those of placing every part at every SetFrame (retail), checked against
 * that eager placement done alongside. The placements mix rotated frames, fewer parts, scale
 * changes and frames whose rotations Frame::set_rotate refuses (a zero or NaN quaternion, a NaN
 * origin: the part then keeps its previous rotation, which the deferral must not change). */
static void deferred_placement_matches_eager(void)
{
    enum { P = 3, STEPS = 400 };
    acp_fixture *fx = acp_fixture_create();
    acp_setup *setup = acp_fixture_setup(fx, SETUP_ID, P, NULL, 0);
    acp_partarray *pa = acp_partarray_create(NULL, setup, NULL);
    ENSURE(pa != NULL);
    if (!pa) {
        acp_fixture_destroy(fx);
        return;
    }
    /* Animation frames: ordinary ones, then one with a zero quaternion, one with a NaN origin. */
    static acp_aframe parts[6][P];
    static acp_anim_frame frames[6];
    for (int f = 0; f < 6; f++) {
        for (int i = 0; i < P; i++) {
            acp_frame t = acp_frame_identity();
            acp_frame_euler_set_rotate(&t, 0.3f * (float)(f + i), 0.1f * (float)f, -0.7f * (float)i, 0);
            parts[f][i] = (acp_aframe){{0.1f * (float)(i + f), -0.2f * (float)i, 0.5f}, t.qw, t.qx, t.qy, t.qz};
        }
        frames[f].parts = parts[f];
    }
    parts[4][1].qw = parts[4][1].qx = parts[4][1].qy = parts[4][1].qz = 0.0f;
    parts[5][2].origin.y = NAN;
    /* Object frames: rotated ones, one with a zeroed quaternion, one with a NaN origin. */
    acp_frame objs[6];
    for (int k = 0; k < 6; k++) {
        objs[k] = acp_frame_identity();
        acp_frame_set_heading(&objs[k], 37.0f * (float)k);
        objs[k].origin = (acp_vec3){10.0f + (float)k, 20.0f - (float)k, 30.0f};
    }
    objs[4].qw = objs[4].qx = objs[4].qy = objs[4].qz = 0.0f;
    objs[5].origin.x = NAN;
    acp_frame eager[P];
    for (int i = 0; i < P; i++) eager[i] = acp_frame_identity();
    uint32_t x = 2463534242u;
    int reads = 0;
    for (int step = 0; step < STEPS; step++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        /* Mostly ordinary placements, sometimes a refused one, sometimes fewer parts. */
        int f = (int)(x % 16u) < 13 ? (int)(x % 4u) : 4 + (int)(x % 2u);
        int k = (int)((x >> 8) % 16u) < 14 ? (int)((x >> 8) % 4u) : 4 + (int)((x >> 8) % 2u);
        uint32_t nparts = (x >> 16) % 5u == 0 ? 1u + (x >> 20) % P : P;
        if ((x >> 24) % 7u == 0) pa->scale = (acp_vec3){1.0f + 0.5f * (float)((x >> 27) % 3u), 1.0f, 0.75f};
        acp_sequence_set_placement_frame(&pa->sequence, &frames[f], 0x65u, nparts);
        acp_partarray_set_frame(pa, &objs[k]);
        for (uint32_t i = 0; i < nparts; i++) acp_frame_combine_scaled(&eager[i], &objs[k], &parts[f][i], pa->scale);
        if ((x >> 29) == 0 || step == STEPS - 1) {
            reads++;
            ENSURE(memcmp(acp_partarray_part_frames(pa), eager, sizeof eager) == 0);
        }
    }
    ENSURE(reads > 20);
    acp_partarray_destroy(pa);
    acp_fixture_destroy(fx);
}

void suite_partarray(void)
{
    RUN(default_animation_installed);
    RUN(parts_follow_the_frame);
    RUN(deferred_placement_matches_eager);
    RUN(static_animating_object);
    RUN(static_workset_swaps_with_last);
    RUN(motion_table_after_setup);
}
