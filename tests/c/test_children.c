/* Objects held by objects (issue 34): CHILDLIST, set_parent / add_child (both overloads),
 * unset_parent, UpdateChild / UpdateChildrenInternal, the stick-to and move-to redirection to a
 * held target's holder. A humanoid stand-in (two parts; the Ready and RunForward animations put
 * (and WalkForward and TurnRight, which a move-to of 10 m takes) part 1 at (0.3, 0, 1.2) of the object, identity rotation) runs on fixture ground (Contact +
 * OnWalkable, gravity off); a one-sphere object is held at part 1 with the holding frame
 * (0, 0.5, 0). Expected values follow PORTAL/cphysobj/CPhysicsObj.c; comments give the arithmetic. */
#include "test.h"

#include <math.h>
#include <string.h>

#include "bench/alloc_count.h"
#include "dat/recfixture.h"
#include "physics/anim/movement_manager.h"
#include "physics/anim/moveto_manager.h"
#include "physics/object/childlist.h"
#include "physics/object/partarray.h"
#include "physics/object/physobj.h"
#include "physics/object/physobj_children.h"
#include "physics/object/physobj_motion.h"
#include "physics/object/physobj_position.h"
#include "physics/object/target_manager.h"
#include "physics/position/position_manager.h"
#include "physics/world/physics.h"
#include "physics/world/smartbox.h"

#define NC ACP_STYLE_NONCOMBAT
#define KEY(style, m) (((uint32_t)(style) << 16) | ((m) & 0xFFFFFFu))
#define READY_ANIM 0x03000100u
#define RUN_ANIM 0x03000101u
#define WALK_ANIM 0x03000103u
#define SETUP_ID 0x02000001u
#define MTABLE_ID 0x09000001u
#define HAND_LOCATION 1u /* holding location key (retail ParentLocation RightHand = 1) */

typedef struct rig {
    acp_world *w;
    acp_fixture *fx;
    acp_physobj *o;     /* the holder, id 1 */
    acp_physobj *held;  /* the held object, id 2 */
} rig;

/* Part 1 of every frame at (0.3, 0, 1.2), part 0 at the object's origin. */
static void hand_forward(acp_animation *a)
{
    for (uint32_t f = 0; f < a->num_frames; f++) a->part_frames[f].parts[1].origin = (acp_vec3){0.3f, 0.0f, 1.2f};
}

static acp_setup *humanoid(acp_fixture *fx)
{
    static const acp_sphere spheres[2] = {{{0.0f, 0.0f, 0.475f}, 0.475f}, {{0.0f, 0.0f, 1.35f}, 0.475f}};
    hand_forward(acp_fixture_animation(fx, READY_ANIM, 10, 2, NULL));
    hand_forward(acp_fixture_animation(fx, RUN_ANIM, 10, 2, NULL));
    hand_forward(acp_fixture_animation(fx, WALK_ANIM, 10, 2, NULL));
    acp_motion_table *mt = acp_fixture_motion_table(fx, MTABLE_ID, NC);
    acp_fixture_style_default(mt, NC, ACP_MOTION_READY);
    acp_fixture_motion_anim(acp_fixture_motion(mt, ACP_FIXTURE_CYCLE, 0, KEY(NC, ACP_MOTION_READY)), READY_ANIM, 0, -1,
                            30.0f);
    acp_motion_data *run = acp_fixture_motion(mt, ACP_FIXTURE_CYCLE, 0, KEY(NC, ACP_MOTION_RUN_FORWARD));
    acp_fixture_motion_anim(run, RUN_ANIM, 0, -1, 30.0f);
    run->velocity = (acp_vec3){0.0f, 4.0f, 0.0f};
    acp_motion_data *walk = acp_fixture_motion(mt, ACP_FIXTURE_CYCLE, 0, KEY(NC, ACP_MOTION_WALK_FORWARD));
    acp_fixture_motion_anim(walk, WALK_ANIM, 0, -1, 30.0f);
    walk->velocity = (acp_vec3){0.0f, 3.12f, 0.0f};
    acp_fixture_motion(mt, ACP_FIXTURE_MODIFIER, 0, ACP_MOTION_TURN_RIGHT & 0xFFFFFFu)->omega = (acp_vec3){0.0f, 0.0f, -1.5f};
    acp_setup *s = acp_fixture_setup(fx, SETUP_ID, 2, spheres, 2);
    s->default_motion_table = MTABLE_ID;
    s->radius = 0.475f;
    s->height = 1.8f;
    return s;
}

static acp_position at(float x, float y)
{
    acp_position p = {0xA9B40019u, acp_frame_identity()};
    p.frame.origin = (acp_vec3){x, y, 0.0f};
    return p;
}

/* A one-sphere object (radius 0.25, height 0.6: a sword-sized thing) at (x, y). */
static acp_physobj *item(rig *r, uint32_t id, float x, float y)
{
    static const acp_sphere one = {{0.0f, 0.0f, 0.25f}, 0.25f};
    acp_physobj *t = acp_world_add_object(r->w, id);
    t->state = 0;
    t->part_array = acp_partarray_create_spheres(t, &one, 1);
    acp_position p = at(x, y);
    acp_world_place_object(r->w, t, &p, ACP_CONTACT_TS, 0.0);
    return t;
}

static void rig_init(rig *r)
{
    r->fx = acp_fixture_create();
    acp_setup *s = humanoid(r->fx);
    r->w = acp_world_create(ACP_PROFILE_RETAIL, 4);
    r->o = acp_world_add_object(r->w, 1);
    r->o->state = 0;
    acp_record_source src = acp_fixture_source(r->fx);
    ENSURE(acp_physobj_set_setup(r->o, s, &src));
    ENSURE(acp_physobj_set_motion_table(r->o, MTABLE_ID));
    acp_position p = at(100.0f, 100.0f);
    acp_world_place_object(r->w, r->o, &p, ACP_CONTACT_TS | ACP_ON_WALKABLE_TS, 0.0);
    r->held = item(r, 2, 110.0f, 100.0f);
}

static void rig_free(rig *r)
{
    acp_world_destroy(r->w);
    acp_fixture_destroy(r->fx);
}

static acp_frame holding_frame(void)
{
    acp_frame f = acp_frame_identity();
    f.origin = (acp_vec3){0.0f, 0.5f, 0.0f};
    return f;
}

/* The child's frame is Frame::combine(part 1's frame, the holding frame): the same bits. */
static void ensure_at_part(rig *r, uint32_t part)
{
    const acp_frame h = holding_frame();
    acp_frame want;
    acp_frame_combine(&want, &acp_partarray_part_frames(r->o->part_array)[part], &h);
    const acp_frame *got = &r->held->position.frame;
    ENSURE_FBITS(got->origin.x, want.origin.x);
    ENSURE_FBITS(got->origin.y, want.origin.y);
    ENSURE_FBITS(got->origin.z, want.origin.z);
    ENSURE_FBITS(got->qw, want.qw);
    ENSURE_FBITS(got->qz, want.qz);
}

/* CHILDLIST: append; a removal shifts the later children down (not a swap with the last); a
 * full list refuses (the fixed capacity, DEVIATIONS P60) and the holder counts it. */
static void childlist_order_and_capacity(void)
{
    rig r;
    rig_init(&r);
    acp_physobj *c = item(&r, 3, 120.0f, 100.0f);
    acp_physobj *d = item(&r, 4, 130.0f, 100.0f);
    const acp_frame h = holding_frame();
    ENSURE(!acp_physobj_add_child(r.o, r.held, 1, &h)); /* no list reserved: refused, counted */
    ENSURE_EQ(r.w->children_dropped, 1);
    ENSURE(acp_world_reserve_children(r.w, r.o, 2));
    ENSURE(acp_physobj_set_parent(r.held, r.o, 1, &h));
    ENSURE(acp_physobj_set_parent(c, r.o, ACP_CHILD_NO_PART, &h));
    ENSURE(!acp_physobj_set_parent(d, r.o, 0, &h)); /* full */
    ENSURE_EQ(r.w->children_dropped, 2);
    ENSURE(!d->has_parent);
    ENSURE(acp_world_reserve_children(r.w, r.o, 3)); /* a larger list keeps the two in order */
    ENSURE(acp_physobj_set_parent(d, r.o, 0, &h));
    const acp_childlist *cl = r.o->children;
    ENSURE_EQ(cl->num_objects, 3);
    ENSURE(cl->objects[0] == r.held && cl->objects[1] == c && cl->objects[2] == d);
    ENSURE_EQ(cl->part_numbers[1], ACP_CHILD_NO_PART);
    acp_physobj_unset_parent(r.held);
    ENSURE_EQ(cl->num_objects, 2);
    ENSURE(cl->objects[0] == c && cl->objects[1] == d); /* shifted, not swapped */
    ENSURE_EQ(cl->part_numbers[0], ACP_CHILD_NO_PART);
    ENSURE_EQ(cl->part_numbers[1], 0);
    /* add_child refuses the holder itself and a part past the parts (2 parts: 0, 1, and −1). */
    ENSURE(!acp_physobj_add_child(r.o, r.o, 0, &h));
    ENSURE(!acp_physobj_add_child(r.o, r.held, 2, &h));
    ENSURE(!acp_physobj_set_parent(r.held, NULL, 0, &h));
    rig_free(&r);
}

/* set_parent at part 1: the child leaves the world (ACTIVE cleared, its contact gone), takes the
 * parent's cell id and is placed at part 1 ∘ (0, 0.5, 0): the parent at (100, 100, 0) with its
 * identity rotation puts part 1 at (100.3, 100, 1.2), so the child is at (100.3, 100.5, 1.2)
 * exactly (a ∘ b with an identity matrix adds the origins: 100.3f + 0, 100 + 0.5, 0 + 1.2f).
 * Running north at 4 m/s the parent moves and the child stays at part 1 ∘ the holding frame to
 * the bit, frame after frame, while update_object skips the child (parent != 0: no quantum,
 * ACTIVE cleared, update_time kept). Turned to heading 90 the child swings east of the part:
 * R(90°) takes the holding offset (0, 0.5) to (0.5, 0) (cos 90° rounds to ~−4.4e-8 in float). */
static void child_follows_parent_part(void)
{
    rig r;
    rig_init(&r);
    ENSURE(acp_world_reserve_children(r.w, r.o, 1));
    const acp_frame h = holding_frame();
    r.held->transient_state |= ACP_ACTIVE_TS;
    double stamp = r.held->update_time;
    ENSURE(acp_physobj_set_parent(r.held, r.o, 1, &h));
    ENSURE(r.held->has_parent && r.held->parent == r.o);
    ENSURE(!(r.held->transient_state & (ACP_ACTIVE_TS | ACP_CONTACT_TS)));
    ENSURE_EQ(r.held->position.objcell_id, 0xA9B40019u);
    ENSURE_FBITS(r.held->position.frame.origin.x, 100.3f);
    ENSURE_FBITS(r.held->position.frame.origin.y, 100.5f);
    ENSURE_FBITS(r.held->position.frame.origin.z, 1.2f);
    ensure_at_part(&r, 1);
    acp_movement_params p = acp_movement_params_default();
    ENSURE_EQ(acp_physobj_do_interpreted_motion(r.o, ACP_MOTION_RUN_FORWARD, &p), 0);
    uint64_t a0 = acp_alloc_count();
    double now = 0.0;
    for (int k = 0; k < 30; k++) {
        now += 1.0 / 30.0;
        acp_world_use_time(r.w, now);
        ensure_at_part(&r, 1);
        ENSURE_EQ(r.held->record.skipped, ACP_SKIP_PARENTED);
        ENSURE_EQ(r.held->record.num_quanta, 0);
    }
    ENSURE_EQ(acp_alloc_count() - a0, 0);
    ENSURE_DBITS(r.held->update_time, stamp);
    ENSURE(r.o->position.frame.origin.y > 103.0f); /* about 4 m in a second */
    ENSURE_NEAR(r.held->position.frame.origin.y, (double)r.o->position.frame.origin.y + 0.5, 1e-5);
    ENSURE_NEAR(r.held->position.frame.origin.x, 100.3, 1e-5);
    /* Turned to heading 90 (east): part 1 (0.3, 0, 1.2) goes to (0, −0.3) of the origin, the
     * holding offset (0, 0.5) to (+0.5, 0). */
    acp_physobj_set_heading(r.o, 90.0f);
    ensure_at_part(&r, 1);
    const acp_vec3 o = r.o->position.frame.origin;
    ENSURE_NEAR(r.held->position.frame.origin.x, (double)o.x + 0.5, 1e-5);
    ENSURE_NEAR(r.held->position.frame.origin.y, (double)o.y - 0.3, 1e-5);
    ENSURE_NEAR(acp_frame_get_heading(&r.held->position.frame), 90.0, 1e-4);
    for (int k = 0; k < 10; k++) {
        now += 1.0 / 30.0;
        acp_world_use_time(r.w, now);
        ensure_at_part(&r, 1);
    }
    ENSURE(r.o->position.frame.origin.x > o.x + 1.0f); /* running east now */
    rig_free(&r);
}

/* The holding-location overload: the Setup's location 1 (part 1, frame (0, 0.5, 0)) places the
 * child exactly as the part overload did; the list keeps the location id. A location the Setup
 * lacks is refused. A HIDDEN parent's child gets NODRAW (set_hidden sets and clears it too),
 * cleared by unset_parent, which also
 * stamps update_time with now; the child keeps its frame and is updated again by update_object. */
static void holding_location_and_unset(void)
{
    rig r;
    rig_init(&r);
    acp_setup *s = (acp_setup *)r.o->part_array->setup;
    static acp_location loc[1];
    loc[0].key = HAND_LOCATION;
    loc[0].part_id = 1;
    loc[0].frame = (acp_aframe){{0.0f, 0.5f, 0.0f}, 1.0f, 0.0f, 0.0f, 0.0f};
    s->holding_locations = loc;
    s->num_holding_locations = 1;
    ENSURE(acp_world_reserve_children(r.w, r.o, 1));
    ENSURE(!acp_physobj_set_parent_at_location(r.held, r.o, 2)); /* no location 2 */
    ENSURE(!r.held->has_parent);
    r.o->state |= ACP_HIDDEN_PS;
    ENSURE(acp_physobj_set_parent_at_location(r.held, r.o, HAND_LOCATION));
    ENSURE_EQ(r.o->children->location_ids[0], HAND_LOCATION);
    ENSURE_EQ(r.o->children->part_numbers[0], 1);
    ENSURE(r.held->state & ACP_NODRAW_PS);
    ENSURE_FBITS(r.held->position.frame.origin.x, 100.3f);
    ENSURE_FBITS(r.held->position.frame.origin.y, 100.5f);
    ENSURE_FBITS(r.held->position.frame.origin.z, 1.2f);
    /* set_hidden (0x00514C60) sets and clears each child's NODRAW. */
    acp_physobj_set_hidden(r.o, false);
    ENSURE(!(r.held->state & ACP_NODRAW_PS));
    acp_physobj_set_hidden(r.o, true);
    ENSURE(r.held->state & ACP_NODRAW_PS);
    r.w->now = 5.0;
    acp_physobj_unset_parent(r.held);
    ENSURE(!r.held->has_parent && r.held->parent == NULL);
    ENSURE(!(r.held->state & ACP_NODRAW_PS));
    ENSURE_EQ(r.o->children->num_objects, 0);
    ENSURE_DBITS(r.held->update_time, 5.0);
    ENSURE_FBITS(r.held->position.frame.origin.y, 100.5f); /* where it was let go */
    rig_free(&r);
}

/* stick_to_object aimed at a held object sticks to its holder: the holder's id, radius 0.475
 * and height 1.8 (CPhysicsObj.c:4186-4188), not the item's. MoveToObject and TurnToObject
 * aimed at it keep the item as the sought object (its own radius: 0, no Setup) but follow the holder: the
 * MoveToManager's top-level id and the target manager's target are object 1. */
static void stick_and_move_to_a_held_object(void)
{
    rig r;
    rig_init(&r);
    ENSURE(acp_world_reserve_children(r.w, r.o, 1));
    const acp_frame h = holding_frame();
    ENSURE(acp_physobj_set_parent(r.held, r.o, 1, &h));
    static const acp_sphere one = {{0.0f, 0.0f, 0.5f}, 0.5f};
    acp_physobj *m = acp_world_add_object(r.w, 3);
    m->state = 0;
    m->part_array = acp_partarray_create_spheres(m, &one, 1);
    acp_position mp = at(90.0f, 100.0f); /* west of the holder, facing north */
    acp_world_place_object(r.w, m, &mp, ACP_CONTACT_TS | ACP_ON_WALKABLE_TS, 0.0);
    ENSURE(acp_physobj_stick_to_object(m, 2));
    ENSURE_EQ(acp_physobj_get_sticky_object_id(m), 1);
    ENSURE_FBITS(m->position_manager->sticky.target_radius, 0.475f);
    acp_physobj_unstick_from_object(m);

    rig r2;
    rig_init(&r2);
    ENSURE(acp_world_reserve_children(r2.w, r2.o, 1));
    ENSURE(acp_physobj_set_parent(r2.held, r2.o, 1, &h));
    acp_physobj *n = acp_world_add_object(r2.w, 3);
    n->state = 0;
    acp_record_source src = acp_fixture_source(r2.fx);
    ENSURE(acp_physobj_set_setup(n, r2.o->part_array->setup, &src));
    ENSURE(acp_physobj_set_motion_table(n, MTABLE_ID));
    acp_world_place_object(r2.w, n, &mp, ACP_CONTACT_TS | ACP_ON_WALKABLE_TS, 0.0);
    acp_movement_params p = acp_movement_params_default();
    acp_physobj_move_to_object(n, 2, &p);
    const acp_moveto_manager *mt = &n->movement_manager->moveto;
    ENSURE_EQ(mt->movement_type, ACP_MOVETO_OBJECT);
    ENSURE_EQ(mt->sought_object_id, 2);
    ENSURE_EQ(mt->top_level_object_id, 1);
    ENSURE_FBITS(mt->sought_object_radius, 0.0f); /* the item's own (a part array without a Setup: 0), not 0.475 */
    ENSURE(n->target_manager && n->target_manager->has_target);
    ENSURE_EQ(n->target_manager->target_info.object_id, 1);
    acp_physobj_turn_to_object(n, 2, &p);
    ENSURE_EQ(mt->movement_type, ACP_TURNTO_OBJECT);
    ENSURE_EQ(mt->top_level_object_id, 1);
    ENSURE_EQ(n->target_manager->target_info.object_id, 1);
    /* The holder itself moving to its own item: the top-level id is its own, the move ends. */
    acp_physobj_move_to_object(r2.o, 2, &p);
    ENSURE(!acp_physobj_is_moving_to(r2.o));
    rig_free(&r2);
    rig_free(&r);
}

/* SmartBox::HandleReceivedPosition (SmartBox.c:2194): a newer position of a held object first
 * lets it go (unset_parent), then places it (MoveOrTeleport: in contact, beyond the 96 m the
 * player distance defaults to, SetPositionSimple): the item is at (120, 100, 0), no longer held. */
static void server_position_lets_go(void)
{
    rig r;
    rig_init(&r);
    ENSURE(acp_world_reserve_children(r.w, r.o, 1));
    const acp_frame h = holding_frame();
    ENSURE(acp_physobj_set_parent(r.held, r.o, 1, &h));
    acp_received_position m;
    memset(&m, 0, sizeof m);
    m.position = at(120.0f, 100.0f);
    m.has_contact = true;
    m.position_timestamp = (uint16_t)(r.held->update_times[ACP_POSITION_TS] + 1u);
    m.teleport_timestamp = r.held->update_times[ACP_TELEPORT_TS];
    (void)acp_smartbox_handle_received_position(r.w, r.held, &m);
    ENSURE(!r.held->has_parent && r.held->parent == NULL);
    ENSURE_EQ(r.o->children->num_objects, 0);
    ENSURE_FBITS(r.held->position.frame.origin.x, 120.0f);
    ENSURE_FBITS(r.held->position.frame.origin.y, 100.0f);
    rig_free(&r);
}

void suite_children(void)
{
    RUN(childlist_order_and_capacity);
    RUN(child_follows_parent_part);
    RUN(holding_location_and_unset);
    RUN(stick_and_move_to_a_held_object);
    RUN(server_position_lets_go);
}
