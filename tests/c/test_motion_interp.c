/* CMotionInterp / MovementManager tests (issue 6): adjust_motion, apply_run_to_command,
 * get_state_velocity, jumping, the interpreted and raw paths through an object, MotionDone, and
 * the recorded running-turning player on flat walkable ground (a fixture: placement "frame" with
 * Contact and OnWalkable, gravity off). Expected values follow the retail rules. */
#include "test.h"

#include "physics/geometry/mathx.h"
#include "physics/anim/movement_manager.h"
#include "physics/object/partarray.h"
#include "physics/world/physics.h"
#include "physics/object/physobj.h"
#include "physics/object/physobj_motion.h"
#include "physics/object/physobj_position.h"
#include "physics/position/position_manager.h"
#include "dat/recfixture.h"

#define NC ACP_STYLE_NONCOMBAT
#define KEY(style, m) (((uint32_t)(style) << 16) | ((m) & 0xFFFFFFu))
#define READY_ANIM 0x03000100u
#define RUN_ANIM 0x03000101u
#define WALK_ANIM 0x03000103u
#define SETUP_ID 0x02000001u
#define MTABLE_ID 0x09000001u

/* The recorded running-turning player (retail-states.json). */
#define RUN_SPEED 2.0039682f
#define TURN_SPEED 1.5f

/* Humanoid stand-in, shaped as data/portal-default.dat's 0x09000001: Ready, WalkForward
 * (3.12 m/s), RunForward (4.0 m/s) and SideStepRight (1.25 m/s, bitfield 2: allowed only from
 * Ready) cycles at 30 frames/s over 10 frames, the styled SideStepRight modifier (1.25 m/s: a
 * sidestep from Walk or Run falls through to it) and the global TurnRight modifier ω −1.5. */
static void humanoid(acp_fixture *fx)
{
    acp_fixture_animation(fx, READY_ANIM, 10, 2, NULL);
    acp_fixture_animation(fx, RUN_ANIM, 10, 2, NULL);
    acp_fixture_animation(fx, WALK_ANIM, 10, 2, NULL);
    acp_motion_table *mt = acp_fixture_motion_table(fx, MTABLE_ID, NC);
    acp_fixture_style_default(mt, NC, ACP_MOTION_READY);
    static const struct { uint32_t motion, anim; float vx, vy; } cycles[] = {
        {ACP_MOTION_READY, READY_ANIM, 0.0f, 0.0f},
        {ACP_MOTION_WALK_FORWARD, WALK_ANIM, 0.0f, 3.12f},
        {ACP_MOTION_RUN_FORWARD, RUN_ANIM, 0.0f, 4.0f},
        {ACP_MOTION_SIDESTEP_RIGHT, WALK_ANIM, 1.25f, 0.0f},
    };
    for (size_t i = 0; i < sizeof cycles / sizeof cycles[0]; i++) {
        acp_motion_data *md = acp_fixture_motion(mt, ACP_FIXTURE_CYCLE, 0, KEY(NC, cycles[i].motion));
        acp_fixture_motion_anim(md, cycles[i].anim, 0, -1, 30.0f);
        md->velocity = (acp_vec3){cycles[i].vx, cycles[i].vy, 0.0f};
        if (cycles[i].motion == ACP_MOTION_SIDESTEP_RIGHT) md->bitfield = 2;
    }
    acp_fixture_motion(mt, ACP_FIXTURE_MODIFIER, 0, KEY(NC, ACP_MOTION_SIDESTEP_RIGHT))->velocity = (acp_vec3){1.25f, 0.0f, 0.0f};
    acp_fixture_motion(mt, ACP_FIXTURE_MODIFIER, 0, ACP_MOTION_TURN_RIGHT & 0xFFFFFFu)->omega = (acp_vec3){0.0f, 0.0f, -1.5f};
}

typedef struct rig {
    acp_world *w;
    acp_physobj *o;
    acp_fixture *fx;
} rig;

/* World, object with the Humanoid stand-in, placed at the recorded position with the given
 * transient bits. state: PhysicsState. */
static void rig_init(rig *r, uint32_t state, uint32_t transient)
{
    static const acp_sphere spheres[2] = {{{0.0f, 0.0f, 0.475f}, 0.475f}, {{0.0f, 0.0f, 1.35f}, 0.475f}};
    r->fx = acp_fixture_create();
    humanoid(r->fx);
    acp_setup *s = acp_fixture_setup(r->fx, SETUP_ID, 2, spheres, 2);
    s->default_motion_table = MTABLE_ID;
    r->w = acp_world_create(ACP_PROFILE_RETAIL, 4);
    r->o = acp_world_add_object(r->w, 1);
    r->o->state = state;
    acp_record_source src = acp_fixture_source(r->fx);
    ENSURE(acp_physobj_set_setup(r->o, s, &src));
    ENSURE(r->o->part_array->motion_table_manager == NULL); /* retail: InitDefaults ran too early */
    ENSURE(acp_physobj_set_motion_table(r->o, MTABLE_ID));
    acp_position p = {0xD59A0023u, acp_frame_identity()};
    acp_frame_set_rotate(&p.frame, 0.468932f, 0.0f, 0.0f, -0.883235f);
    p.frame.origin = (acp_vec3){118.6824f, 58.51815f, 330.9344f};
    acp_world_place_object(r->w, r->o, &p, transient, 0.0);
}

static void rig_free(rig *r)
{
    acp_world_destroy(r->w);
    acp_fixture_destroy(r->fx);
}

static acp_motion_interp *minterp(rig *r) { return acp_movement_manager_get_minterp(r->o->movement_manager); }
static acp_sequence *sequence(rig *r) { return &r->o->part_array->sequence; }

/* adjust_motion(motion, speed, key) must give (want_motion, want_speed), bit for bit. */
static void expect_adjust(const acp_motion_interp *mi, uint32_t motion, float speed, uint32_t key, uint32_t want_motion,
                          float want_speed)
{
    acp_motion_interp_adjust_motion(mi, &motion, &speed, key);
    ENSURE_EQ(motion, want_motion);
    ENSURE_FBITS(speed, want_speed);
}

/* adjust_motion without HoldRun: TurnLeft → TurnRight × −1; WalkBackwards → WalkForward ×
 * (double)−0.65f; SideStepLeft → SideStepRight × −1 × (3.12f/1.25 × 0.5); RunForward untouched. */
static void adjust_motion_rules(void)
{
    acp_motion_interp mi;
    acp_motion_interp_init(&mi, NULL);
    const double k = (double)3.12f / 1.25 * 0.5;
    ENSURE_FBITS(k, 1.2479999542236328); /* the report's 1.24799996 */
    const uint32_t none = ACP_HOLD_KEY_INVALID;
    expect_adjust(&mi, ACP_MOTION_TURN_LEFT, 1.0f, none, ACP_MOTION_TURN_RIGHT, -1.0f);
    expect_adjust(&mi, ACP_MOTION_WALK_BACKWARDS, 1.0f, none, ACP_MOTION_WALK_FORWARD, -0.65f);
    expect_adjust(&mi, ACP_MOTION_SIDESTEP_LEFT, 1.0f, none, ACP_MOTION_SIDESTEP_RIGHT, (float)(k * -1.0f));
    expect_adjust(&mi, ACP_MOTION_SIDESTEP_RIGHT, 0.5f, none, ACP_MOTION_SIDESTEP_RIGHT, (float)(k * 0.5f));
    /* RunForward returns before the hold key is looked at. */
    expect_adjust(&mi, ACP_MOTION_RUN_FORWARD, 1.0f, ACP_HOLD_KEY_RUN, ACP_MOTION_RUN_FORWARD, 1.0f);
}

/* HoldRun: WalkForward → RunForward × run rate; TurnRight × 1.5; SideStepRight × run rate,
 * clamped to ±3.0. A backwards walk (speed ≤ 0) stays WalkForward, scaled by the run rate. */
static void run_to_command_rules(void)
{
    acp_motion_interp mi;
    acp_motion_interp_init(&mi, NULL);
    mi.raw_state.current_holdkey = ACP_HOLD_KEY_RUN;
    mi.run_rate = RUN_SPEED;
    mi.weenie_run_rate = true; /* the player's weenie answers InqRunRate */
    const uint32_t current = ACP_HOLD_KEY_INVALID;
    expect_adjust(&mi, ACP_MOTION_WALK_FORWARD, 1.0f, current, ACP_MOTION_RUN_FORWARD, RUN_SPEED);
    expect_adjust(&mi, ACP_MOTION_TURN_LEFT, 1.0f, current, ACP_MOTION_TURN_RIGHT, -1.5f);
    expect_adjust(&mi, ACP_MOTION_WALK_BACKWARDS, 1.0f, current, ACP_MOTION_WALK_FORWARD,
                  (float)((double)RUN_SPEED * -0.65f));
    /* SideStepRight 1: 1.248 × 2.0039682 = 2.5009 (< 3); at speed 2: 5.0019 → 3.0; −2: −3.0. */
    const double k = (double)3.12f / 1.25 * 0.5;
    expect_adjust(&mi, ACP_MOTION_SIDESTEP_RIGHT, 1.0f, current, ACP_MOTION_SIDESTEP_RIGHT,
                  (float)((double)RUN_SPEED * (float)(k * 1.0f)));
    expect_adjust(&mi, ACP_MOTION_SIDESTEP_RIGHT, 2.0f, current, ACP_MOTION_SIDESTEP_RIGHT, 3.0f);
    expect_adjust(&mi, ACP_MOTION_SIDESTEP_RIGHT, -2.0f, current, ACP_MOTION_SIDESTEP_RIGHT, -3.0f);
    /* An explicit HoldKey None overrides the current Run. */
    expect_adjust(&mi, ACP_MOTION_WALK_FORWARD, 1.0f, ACP_HOLD_KEY_NONE, ACP_MOTION_WALK_FORWARD, 1.0f);
}

/* get_state_velocity: sidestep 1.25 × speed (x), walk 3.12f × speed or run 4 × speed (y),
 * capped at run rate × 4. RunForward at 2.0039682 with run rate 1: 8.016 > 4, scaled to 4. */
static void state_velocity(void)
{
    acp_motion_interp mi;
    acp_motion_interp_init(&mi, NULL);
    mi.interpreted_state.forward_command = ACP_MOTION_RUN_FORWARD;
    mi.interpreted_state.forward_speed = RUN_SPEED;
    acp_vec3 v = acp_motion_interp_get_state_velocity(&mi);
    float y = (float)(4.0 * RUN_SPEED);
    ENSURE_FBITS(v.y, (float)(1.0 / (double)y * y * 4.0));
    ENSURE_FBITS(v.x, 0.0f);
    mi.run_rate = RUN_SPEED;
    mi.weenie_run_rate = true;
    v = acp_motion_interp_get_state_velocity(&mi);
    ENSURE_FBITS(v.y, y);
    mi.interpreted_state.forward_command = ACP_MOTION_WALK_FORWARD;
    mi.interpreted_state.forward_speed = 1.0f;
    mi.interpreted_state.sidestep_command = ACP_MOTION_SIDESTEP_RIGHT;
    mi.interpreted_state.sidestep_speed = -1.0f;
    v = acp_motion_interp_get_state_velocity(&mi);
    ENSURE_FBITS(v.y, 3.12f);
    ENSURE_FBITS(v.x, -1.25f);
}

/* Jumping: get_jump_v_z is 0 below an extent of EPSILON, else 10 (no weenie); the leave-ground
 * velocity is the state velocity with z = 10. In the air (gravity, no contact) a jump is refused
 * with 36; on walkable ground it is allowed and the object leaves the ground with that velocity
 * (object axes → world by the frame). */
static void jumping(void)
{
    rig r;
    rig_init(&r, ACP_GRAVITY_PS, ACP_CONTACT_TS | ACP_ON_WALKABLE_TS);
    acp_motion_interp *mi = minterp(&r);
    ENSURE_DBITS(acp_motion_interp_get_jump_v_z(mi), 0.0);
    mi->jump_extent = 0.0001f;
    ENSURE_DBITS(acp_motion_interp_get_jump_v_z(mi), 0.0);
    mi->jump_extent = 0.5f;
    ENSURE_DBITS(acp_motion_interp_get_jump_v_z(mi), 10.0);
    mi->jump_extent = 0.0f;
    /* Standing still on the ground: a charged jump is a standing long jump. */
    ENSURE_EQ(acp_motion_interp_charge_jump(mi), 0);
    ENSURE(mi->standing_longjump);
    ENSURE_EQ(acp_physobj_jump(r.o, 1.0f), 0);
    ENSURE_EQ(r.o->transient_state & ACP_ON_WALKABLE_TS, 0);
    ENSURE(!mi->standing_longjump);
    ENSURE_FBITS(mi->jump_extent, 0.0f); /* LeaveGround resets it */
    /* v = R · (0, 0, 10): the frame only turns about z, so z stays (float)(m[8] × 10). */
    ENSURE_FBITS(r.o->velocity.z, (float)((double)r.o->position.frame.m[8] * 10.0f));
    ENSURE_NEAR(r.o->velocity.x, 0.0, 1e-6);
    /* Now in the air: 36. */
    r.o->transient_state &= ~(uint32_t)ACP_CONTACT_TS;
    ENSURE_EQ(acp_physobj_jump(r.o, 1.0f), 36);
    rig_free(&r);
    /* A crouching forward command cannot jump (72). */
    acp_motion_interp m2;
    acp_motion_interp_init(&m2, NULL);
    m2.interpreted_state.forward_command = 0x41000012u;
    ENSURE_EQ(acp_motion_interp_charge_jump(&m2), 72);
    ENSURE_EQ(acp_motion_allows_jump(0x41000012u), 72);
    ENSURE_EQ(acp_motion_allows_jump(ACP_MOTION_READY), 0);
    ENSURE_EQ(acp_motion_allows_jump(ACP_MOTION_RUN_FORWARD), 0);
}

/* A non-player's weenie (ACCWeenieObject::InqRunRate) fails, so get_max_speed,
 * get_adjusted_max_speed, get_state_velocity and apply_run_to_command use my_run_rate
 * (CMotionInterp.c:210-257), which apply_interpreted_movement sets from RunForward's speed
 * (CMotionInterp.c:887). RunForward at 1.5 then Ready: my_run_rate 1.5, max speed 1.5 * 4 = 6
 * (the interpolation's 2 * 6 = 12 m/s, the sticky's 5 * 6 = 30 m/s). The player's weenie answers
 * (acp_physobj_set_run_rate 1.0): 4 whatever my_run_rate holds. */
static void non_player_speed_uses_my_run_rate(void)
{
    for (int player = 0; player < 2; player++) {
        rig r;
        rig_init(&r, 0, ACP_CONTACT_TS | ACP_ON_WALKABLE_TS);
        if (player) acp_physobj_set_run_rate(r.o, 1.0f);
        acp_motion_interp *mi = minterp(&r);
        acp_interpreted_motion im = acp_interpreted_motion_default();
        im.forward_command = ACP_MOTION_RUN_FORWARD;
        im.forward_speed = 1.5f;
        acp_physobj_apply_interpreted_motion(r.o, &im);
        ENSURE_FBITS(mi->my_run_rate, 1.5f);
        im.forward_command = ACP_MOTION_READY;
        im.forward_speed = 1.0f;
        acp_physobj_apply_interpreted_motion(r.o, &im);
        ENSURE_FBITS(mi->my_run_rate, 1.5f);
        double want = player ? 4.0 : 6.0;
        ENSURE_DBITS(acp_motion_interp_get_max_speed(mi), want);
        ENSURE_DBITS(acp_motion_interp_get_adjusted_max_speed(mi), want);
        ENSURE_DBITS(acp_physobj_interp_max_speed(r.o, true), want);
        /* apply_run_to_command: WalkForward 1 → RunForward at the run factor. */
        uint32_t m = ACP_MOTION_WALK_FORWARD;
        float sp = 1.0f;
        acp_motion_interp_apply_run_to_command(mi, &m, &sp);
        ENSURE_EQ(m, ACP_MOTION_RUN_FORWARD);
        ENSURE_FBITS(sp, player ? 1.0f : 1.5f);
        rig_free(&r);
    }
}

/* CMotionInterp::jump_is_allowed (0x005282B0, CMotionInterp.c:666-669): on walkable ground, a
 * fully constrained object (CPhysicsObj::IsFullyConstrained: max * 0.9 < the distance travelled
 * since ConstrainTo) is refused with 71 before the pending motions are looked at; the jump then
 * leaves OnWalkable and jump_extent alone. ConstrainTo at its own position, start 1, max 2:
 * 0.9 * 2 = 1.8 (double); travelled 1.8f (1.79999995) is not past it, the next float is. */
static void jump_refused_when_fully_constrained(void)
{
    rig r;
    rig_init(&r, ACP_GRAVITY_PS, ACP_CONTACT_TS | ACP_ON_WALKABLE_TS);
    acp_motion_interp *mi = minterp(&r);
    ENSURE(acp_physobj_constrain_to(r.o, &r.o->position, 1.0f, 2.0f));
    acp_constraint_manager *cm = &r.o->position_manager->constraint;
    ENSURE_FBITS(cm->constraint_pos_offset, 0.0f);
    cm->constraint_pos_offset = 1.8f;
    ENSURE_EQ(acp_motion_interp_jump_is_allowed(mi, 1.0f), 0);
    cm->constraint_pos_offset = nextafterf(1.8f, 2.0f);
    ENSURE(acp_physobj_is_fully_constrained(r.o));
    ENSURE_EQ(acp_motion_interp_jump_is_allowed(mi, 1.0f), 71);
    ENSURE_EQ(acp_physobj_jump(r.o, 0.5f), 71);
    ENSURE(r.o->transient_state & ACP_ON_WALKABLE_TS);
    ENSURE_FBITS(mi->jump_extent, 0.0f);
    /* In the air the 36 comes first (the outer test). */
    r.o->transient_state &= ~(uint32_t)ACP_CONTACT_TS;
    ENSURE_EQ(acp_motion_interp_jump_is_allowed(mi, 1.0f), 36);
    rig_free(&r);
}

/* Creation: set_motion_table makes the movement manager in its default state, the object
 * active. MovementManager::EnterDefaultState creates the interpreter, which enters its default
 * state, then enters it once more: Ready is queued twice in both queues. The next quantum's
 * HandleMovement completes both (0 animations each) and MotionDone pops the interpreter's. */
static void default_state_and_motion_done(void)
{
    rig r;
    rig_init(&r, 0, ACP_CONTACT_TS | ACP_ON_WALKABLE_TS);
    acp_motion_interp *mi = minterp(&r);
    ENSURE(mi->initted);
    ENSURE_EQ(mi->interpreted_state.current_style, NC);
    ENSURE_EQ(mi->interpreted_state.forward_command, ACP_MOTION_READY);
    ENSURE_EQ(mi->num_pending, 2);
    ENSURE_EQ(mi->pending[0].motion, ACP_MOTION_READY);
    ENSURE_EQ(mi->pending[1].motion, ACP_MOTION_READY);
    ENSURE(r.o->transient_state & ACP_ACTIVE_TS);
    acp_mtable_manager *m = r.o->part_array->motion_table_manager;
    ENSURE_EQ(m->state.substate, ACP_MOTION_READY);
    ENSURE_EQ(m->num_pending, 2);
    r.w->now = 0.05;
    acp_physobj_update_object(r.o);
    ENSURE_EQ(m->num_pending, 0);
    ENSURE_EQ(mi->num_pending, 0);
    rig_free(&r);
}

/* The recorded player's interpreted state (retail-states.json running-turning-player) on an
 * object standing on flat walkable ground without gravity (PhysicsState 0x00400408 less
 * GRAVITY_PS): NonCombat, RunForward 2.0039682, TurnRight 1.5. */
static acp_interpreted_motion recorded_player(rig *r)
{
    rig_init(r, 0x00400008u, ACP_CONTACT_TS | ACP_ON_WALKABLE_TS);
    acp_interpreted_motion im = acp_interpreted_motion_default();
    im.forward_command = ACP_MOTION_RUN_FORWARD;
    im.forward_speed = RUN_SPEED;
    im.turn_command = ACP_MOTION_TURN_RIGHT;
    im.turn_speed = TURN_SPEED;
    acp_physobj_apply_interpreted_motion(r->o, &im);
    return im;
}

/* The interpreted state of the recorded player gives the sequence velocity
 * (0, 4 × 2.0039682, 0) and omega (0, 0, −1.5 × 1.5). */
static void interpreted_running_turning(void)
{
    rig r;
    acp_interpreted_motion im = recorded_player(&r);
    acp_sequence *seq = sequence(&r);
    ENSURE_FBITS(seq->velocity.y, (float)((double)RUN_SPEED * 4.0f));
    ENSURE_FBITS(seq->omega.z, (float)((double)TURN_SPEED * -1.5f));
    ENSURE_FBITS(seq->omega.z, -2.25f);
    const acp_anim_node *node = acp_sequence_node(seq, seq->curr_anim);
    ENSURE_EQ(node->anim->id, RUN_ANIM);
    ENSURE_FBITS(node->framerate, (float)(30.0f * (double)RUN_SPEED));
    acp_motion_interp *mi = minterp(&r);
    ENSURE_FBITS(mi->my_run_rate, RUN_SPEED);
    ENSURE(!r.o->last_move_was_autonomous);
    /* Stopping the turn (turn_command 0) removes the modifier's omega. */
    im.turn_command = 0;
    acp_physobj_apply_interpreted_motion(r.o, &im);
    ENSURE_FBITS(seq->omega.z, 0.0f);
    ENSURE_FBITS(seq->velocity.y, (float)((double)RUN_SPEED * 4.0f));
    rig_free(&r);
}

/* Raw input: WalkForward 1 with HoldRun and run rate 2.0039682 becomes RunForward 2.0039682;
 * TurnLeft 1 becomes TurnRight −1.5; the sequence turns the other way. */
static void raw_walk_with_hold_run(void)
{
    rig r;
    rig_init(&r, 0x00400008u, ACP_CONTACT_TS | ACP_ON_WALKABLE_TS);
    acp_physobj_set_run_rate(r.o, RUN_SPEED);
    acp_raw_motion raw = acp_raw_motion_default();
    raw.forward_command = ACP_MOTION_WALK_FORWARD;
    raw.turn_command = ACP_MOTION_TURN_LEFT;
    raw.hold_run = true;
    acp_physobj_apply_raw_motion(r.o, &raw);
    acp_motion_interp *mi = minterp(&r);
    ENSURE_EQ(mi->interpreted_state.forward_command, ACP_MOTION_RUN_FORWARD);
    ENSURE_FBITS(mi->interpreted_state.forward_speed, RUN_SPEED);
    ENSURE_EQ(mi->interpreted_state.turn_command, ACP_MOTION_TURN_RIGHT);
    ENSURE_FBITS(mi->interpreted_state.turn_speed, -1.5f);
    ENSURE_EQ(mi->raw_state.forward_command, ACP_MOTION_WALK_FORWARD);
    ENSURE(r.o->last_move_was_autonomous);
    acp_sequence *seq = sequence(&r);
    ENSURE_FBITS(seq->velocity.y, (float)((double)RUN_SPEED * 4.0f));
    ENSURE_FBITS(seq->omega.z, (float)(-1.5 * -1.5f));
    /* Releasing HoldRun walks: WalkForward 1 at 3.12 m/s, TurnRight −1. */
    raw.hold_run = false;
    acp_physobj_apply_raw_motion(r.o, &raw);
    ENSURE_EQ(mi->interpreted_state.forward_command, ACP_MOTION_WALK_FORWARD);
    ENSURE_FBITS(seq->velocity.y, 3.12f);
    ENSURE_FBITS(seq->omega.z, 1.5f);
    rig_free(&r);
}

/* The running-turning player on flat walkable ground: every quantum moves the object by
 * (4 × 2.0039682)/framerate per animation boundary along its heading at the start of the quantum,
 * and turns it by (1.5 × 1.5)/framerate per boundary, framerate = 30 × 2.0039682: 4/30 m and
 * 0.075/2.0039682 = 0.0374 rad per boundary, 8.016 m/s and 2.25 rad/s, a circle of radius
 * 8.016/2.25 = 3.563 m. The boundaries come from the frame numbers (framerate × quantum). */
static void running_turning_player(void)
{
    rig r;
    recorded_player(&r);
    acp_sequence *seq = sequence(&r);
    const double fr = (float)(30.0f * (double)RUN_SPEED);
    const double step = (double)(float)((double)RUN_SPEED * 4.0f) / fr;
    const double turn = -(double)(float)((double)TURN_SPEED * -1.5f) / fr;
    double heading = acp_frame_get_heading(&r.o->position.frame) * ACP_DEG_TO_RAD;
    double x = r.o->position.frame.origin.x, y = r.o->position.frame.origin.y;
    double unwrapped = seq->frame_number;
    const double x0 = x, y0 = y, h0 = heading;
    int total = 0;
    for (int k = 1; k <= 300; k++) {
        acp_world_use_time(r.w, k / 60.0);
        const acp_update_record *rec = &r.o->record;
        for (uint32_t q = 0; rec->ran && q < rec->num_quanta; q++) {
            double before = floor(unwrapped);
            unwrapped += fr * (double)rec->quanta[q];
            int n = (int)(floor(unwrapped) - before);
            x += n * step * acp_sin(heading);
            y += n * step * acp_cos(heading);
            heading += n * turn;
            total += n;
        }
    }
    double got_h = acp_frame_get_heading(&r.o->position.frame) * ACP_DEG_TO_RAD;
    double want_h = acp_fmod(heading, 2.0 * 3.141592653589793);
    /* Within float rounding of the prediction (positions near 100 m have a spacing of 8e-6). */
    ENSURE_NEAR(got_h, want_h, 1e-5);
    ENSURE_NEAR(r.o->position.frame.origin.x, x, 1e-4);
    ENSURE_NEAR(r.o->position.frame.origin.y, y, 1e-4);
    ENSURE_FBITS(r.o->position.frame.origin.z, 330.9344f);
    /* 5 s at 60.119 boundaries/s: about 300 boundaries, 2.25 rad/s × 5 s = 11.25 rad. */
    ENSURE(total >= 298 && total <= 302);
    ENSURE_NEAR(heading - h0, total * turn, 1e-9);
    /* Near the circle of radius v/ω about the centre to the right of the start; the quantized
     * path (straight within a quantum, turning between quanta) strays from it by less than one
     * quantum's travel, 2 × 0.133 m. */
    double radius = step / turn;
    double cx = x0 + radius * acp_cos(h0), cy = y0 - radius * acp_sin(h0);
    double d = sqrt((r.o->position.frame.origin.x - cx) * (r.o->position.frame.origin.x - cx) +
                    (r.o->position.frame.origin.y - cy) * (r.o->position.frame.origin.y - cy));
    ENSURE_NEAR(radius, 8.0158728 / 2.25, 1e-5);
    ENSURE_NEAR(d, radius, 0.27);
    ENSURE(r.o->transient_state & ACP_ON_WALKABLE_TS);
    rig_free(&r);
}

/* ---- retail's re_modify with two modifiers (docs/DEVIATIONS.md M19) ---- */

static const acp_motion_state *mstate(rig *r) { return &r->o->part_array->motion_table_manager->state; }

/* The server's run + strafe + turn (RunForward 2.0039682, SideStepRight 1 when `strafe`,
 * TurnRight 1.5) on flat walkable ground, then 0.5 s of 60 Hz frames. From Run the SideStepRight
 * cycle (bitfield 2) is refused and the styled modifier combines; TurnRight has no cycle and
 * combines as the global modifier: modifiers [TurnRight 1.5, SideStepRight 1], newest first;
 * v = (1.25, 4 × 2.0039682, 0), ω = (0, 0, 1.5 × −1.5). Returns the frame count so far. */
static int strafe_turn(rig *r, bool strafe)
{
    rig_init(r, 0x00400008u, ACP_CONTACT_TS | ACP_ON_WALKABLE_TS);
    acp_interpreted_motion im = acp_interpreted_motion_default();
    im.forward_command = ACP_MOTION_RUN_FORWARD;
    im.forward_speed = RUN_SPEED;
    if (strafe) {
        im.sidestep_command = ACP_MOTION_SIDESTEP_RIGHT;
        im.sidestep_speed = 1.0f;
    }
    im.turn_command = ACP_MOTION_TURN_RIGHT;
    im.turn_speed = TURN_SPEED;
    acp_physobj_apply_interpreted_motion(r->o, &im);
    const acp_motion_state *st = mstate(r);
    const acp_sequence *seq = sequence(r);
    ENSURE_EQ(st->substate, ACP_MOTION_RUN_FORWARD);
    ENSURE_EQ(st->num_modifiers, strafe ? 2 : 1);
    ENSURE_EQ(st->modifiers[0].motion, ACP_MOTION_TURN_RIGHT);
    ENSURE_FBITS(st->modifiers[0].speed_mod, TURN_SPEED);
    if (strafe) ENSURE_EQ(st->modifiers[1].motion, ACP_MOTION_SIDESTEP_RIGHT);
    ENSURE_FBITS(seq->velocity.x, strafe ? 1.25f : 0.0f);
    ENSURE_FBITS(seq->velocity.y, (float)((double)RUN_SPEED * 4.0f));
    ENSURE_FBITS(seq->omega.z, -2.25f);
    int k = 1;
    for (; k <= 30; k++) acp_world_use_time(r->w, k / 60.0);
    return k;
}

/* Frames k0..k1 at 60 Hz; the object's origin and heading predicted from the boundaries of the
 * sequence's 30 frames/s cycle: per boundary the sequence's velocity and omega over 1/30 s, in
 * the object's axes at the start of the quantum (a quantum's root motion is straight). */
static void follow(rig *r, int k0, int k1, double *x, double *y, double *heading, int *boundaries)
{
    const acp_sequence *seq = sequence(r);
    const double q = 1.0 / 30.0, vx = seq->velocity.x, vy = seq->velocity.y, turn = -(double)seq->omega.z * q;
    double unwrapped = seq->frame_number;
    for (int k = k0; k <= k1; k++) {
        acp_world_use_time(r->w, k / 60.0);
        const acp_update_record *rec = &r->o->record;
        for (uint32_t i = 0; rec->ran && i < rec->num_quanta; i++) {
            double before = floor(unwrapped);
            unwrapped += 30.0 * (double)rec->quanta[i];
            int n = (int)(floor(unwrapped) - before);
            double s = acp_sin(*heading), c = acp_cos(*heading);
            *x += n * q * (vx * c + vy * s);
            *y += n * q * (vy * c - vx * s);
            *heading += n * turn;
            *boundaries += n;
        }
    }
}

/* Run + strafe + turn, then the server's stop ({NonCombat}: Ready, no sidestep, no turn), as
 * retail runs it. apply_interpreted_movement: DoInterpretedMotion(Ready) starts the Ready cycle
 * (clear_physics) and re_modify re-applies the modifiers: two passes, each taking the live head
 * TurnRight, which GetObjectSequence pushes back: ω = 2 × −2.25 = −4.5 and no SideStepRight
 * velocity (v = 0), both still listed. StopInterpretedMotion(SideStepRight) subtracts it once:
 * v.x = 0 − 1.25; the turn stop subtracts TurnRight once: ω = −4.5 + 2.25 = −2.25. Ready, no
 * modifiers, and the object turns on at 2.25 rad/s (0.075 rad per boundary, clockwise) sliding
 * left at 1.25 m/s. Without the strafe (one modifier) the stop leaves v = ω = 0 and the heading
 * stays. */
static void strafe_turn_then_stop(void)
{
    for (int strafe = 1; strafe >= 0; strafe--) {
        rig r;
        int k = strafe_turn(&r, strafe);
        acp_physobj_apply_interpreted_motion(r.o, &(acp_interpreted_motion){ACP_STYLE_NONCOMBAT, ACP_MOTION_READY, 1.0f,
                                                                           0, 1.0f, 0, 1.0f, 0, false, false, 0});
        const acp_motion_state *st = mstate(&r);
        const acp_sequence *seq = sequence(&r);
        const acp_motion_interp *mi = minterp(&r);
        ENSURE_EQ(mi->interpreted_state.forward_command, ACP_MOTION_READY);
        ENSURE_EQ(mi->interpreted_state.sidestep_command, 0);
        ENSURE_EQ(mi->interpreted_state.turn_command, 0);
        ENSURE_EQ(st->substate, ACP_MOTION_READY);
        ENSURE_EQ(st->num_modifiers, 0);
        ENSURE_FBITS(seq->velocity.x, strafe ? -1.25f : 0.0f);
        ENSURE_FBITS(seq->velocity.y, 0.0f);
        ENSURE_FBITS(seq->omega.z, strafe ? -2.25f : 0.0f);
        ENSURE_EQ(acp_sequence_node(seq, seq->curr_anim)->anim->id, READY_ANIM);
        /* 3 s more: about 90 boundaries, 6.75 rad with the strafe. */
        double x = r.o->position.frame.origin.x, y = r.o->position.frame.origin.y;
        double h = acp_frame_get_heading(&r.o->position.frame) * ACP_DEG_TO_RAD;
        const double h0 = h;
        int total = 0;
        follow(&r, k, k + 179, &x, &y, &h, &total);
        ENSURE(total >= 89 && total <= 91);
        double got = acp_frame_get_heading(&r.o->position.frame) * ACP_DEG_TO_RAD;
        ENSURE_NEAR(got, acp_fmod(h, 2.0 * 3.141592653589793), 1e-5);
        ENSURE_NEAR(h - h0, strafe ? total * 0.075 : 0.0, 1e-9);
        ENSURE_NEAR(r.o->position.frame.origin.x, x, 1e-4);
        ENSURE_NEAR(r.o->position.frame.origin.y, y, 1e-4);
        if (!strafe) ENSURE_NEAR(got, h0, 1e-9);
        rig_free(&r);
    }
}

/* After run + strafe + turn, the server keeps the turn only: {NonCombat, Ready, TurnRight s}.
 * Ready leaves ω = −4.5 with [TurnRight 1.5, SideStepRight 1] listed (re_modify, above); the
 * sidestep stop leaves v.x = −1.25; DoInterpretedMotion(TurnRight, s) finds TurnRight listed:
 * StopSequenceMotion subtracts the listed 1.5 × −1.5 (ω = −2.25) and the modifier is re-added at
 * s: ω = −2.25 + s × −1.5. s = −1.5 (a left turn): ω = 0, no turn; s = 1.5: ω = −4.5, twice
 * the speed. A raw TurnLeft 1 without HoldRun is TurnRight −1 (adjust_motion), the same path:
 * ω = −2.25 + 1.5 = −0.75, a clockwise turn at 0.75 rad/s for a left-turn key. Without the strafe
 * each gives ω = s × −1.5: 2.25, −2.25 and 1.5. */
static void turning_after_strafe_turn(void)
{
    static const struct { float speed; bool raw; float want, want_alone; } cases[] = {
        {-1.5f, false, 0.0f, 2.25f},
        {1.5f, false, -4.5f, -2.25f},
        {-1.0f, true, -0.75f, 1.5f},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        for (int strafe = 1; strafe >= 0; strafe--) {
            rig r;
            strafe_turn(&r, strafe);
            if (cases[i].raw) {
                acp_raw_motion raw = acp_raw_motion_default();
                raw.turn_command = ACP_MOTION_TURN_LEFT;
                acp_physobj_apply_raw_motion(r.o, &raw);
            } else {
                acp_interpreted_motion im = acp_interpreted_motion_default();
                im.turn_command = ACP_MOTION_TURN_RIGHT;
                im.turn_speed = cases[i].speed;
                acp_physobj_apply_interpreted_motion(r.o, &im);
            }
            const acp_motion_state *st = mstate(&r);
            const acp_sequence *seq = sequence(&r);
            ENSURE_EQ(minterp(&r)->interpreted_state.turn_command, ACP_MOTION_TURN_RIGHT);
            ENSURE_FBITS(minterp(&r)->interpreted_state.turn_speed, cases[i].speed);
            ENSURE_EQ(st->substate, ACP_MOTION_READY);
            ENSURE_EQ(st->num_modifiers, 1);
            ENSURE_EQ(st->modifiers[0].motion, ACP_MOTION_TURN_RIGHT);
            ENSURE_FBITS(st->modifiers[0].speed_mod, cases[i].speed);
            ENSURE_FBITS(seq->omega.z, strafe ? cases[i].want : cases[i].want_alone);
            ENSURE_FBITS(seq->velocity.x, strafe ? -1.25f : 0.0f);
            rig_free(&r);
        }
    }
}

/* AnimationDone through the object: RunForward behind a 3-frame Ready→Run link at 30 frames/s.
 * At 0.05 s the link is at frame 1.5 and HandleMovement completes the motions that wait for no
 * animation (Ready, Ready, NonCombat); at 0.1 s the link ends (frame 3 > high 2): its
 * AnimationDone hook runs in process_hooks, completes RunForward (1 animation) and MotionDone
 * pops it from the interpreter; apricot has dropped the link. */
static void animation_done_completes_the_motion(void)
{
    rig r;
    rig_init(&r, 0x00400008u, ACP_CONTACT_TS | ACP_ON_WALKABLE_TS);
    acp_fixture_animation(r.fx, 0x03000104u, 3, 2, NULL);
    acp_motion_table *mt = (acp_motion_table *)r.o->part_array->motion_table_manager->table;
    acp_fixture_motion_anim(acp_fixture_motion(mt, ACP_FIXTURE_LINK, KEY(NC, ACP_MOTION_READY), ACP_MOTION_RUN_FORWARD),
                            0x03000104u, 0, -1, 30.0f);
    acp_interpreted_motion im = acp_interpreted_motion_default();
    im.forward_command = ACP_MOTION_RUN_FORWARD;
    acp_physobj_apply_interpreted_motion(r.o, &im);
    acp_mtable_manager *m = r.o->part_array->motion_table_manager;
    acp_motion_interp *mi = minterp(&r);
    ENSURE_EQ(m->num_pending, 4);
    ENSURE_EQ(m->pending[3].motion, ACP_MOTION_RUN_FORWARD);
    ENSURE_EQ(m->pending[3].num_anims, 1);
    ENSURE_EQ(mi->num_pending, 4);
    r.w->now = 0.05;
    acp_physobj_update_object(r.o);
    ENSURE_EQ(m->num_pending, 1);
    ENSURE_EQ(mi->num_pending, 1);
    ENSURE_EQ(mi->pending[0].motion, ACP_MOTION_RUN_FORWARD);
    r.w->now = 0.1;
    acp_physobj_update_object(r.o);
    ENSURE_EQ(r.o->record.num_hooks, 1);
    ENSURE_EQ(r.o->record.hooks_fired[0], ACP_HOOK_ANIMATION_DONE);
    ENSURE_EQ(m->num_pending, 0);
    ENSURE_EQ(mi->num_pending, 0);
    const acp_sequence *seq = sequence(&r);
    ENSURE_EQ(acp_sequence_node(seq, seq->head)->anim->id, RUN_ANIM);
    rig_free(&r);
}

/* The interpreter's pending motions: ACP_MAX_PENDING_MOTIONS; 40 TurnRight commands after the
 * two Ready of the default state: 42 queued, 32 kept, 10 dropped (counted). */
static void pending_motions_bound(void)
{
    rig r;
    rig_init(&r, 0, ACP_CONTACT_TS | ACP_ON_WALKABLE_TS);
    acp_motion_interp *mi = minterp(&r);
    acp_movement_params p = acp_movement_params_default();
    for (int i = 0; i < 40; i++) acp_motion_interp_do_interpreted_motion(mi, ACP_MOTION_TURN_RIGHT, &p);
    ENSURE_EQ(mi->num_pending, ACP_MAX_PENDING_MOTIONS);
    ENSURE_EQ(mi->dropped, 10);
    ENSURE_EQ(r.o->part_array->motion_table_manager->dropped, 10);
    rig_free(&r);
}

void suite_motion_interp(void)
{
    RUN(adjust_motion_rules);
    RUN(run_to_command_rules);
    RUN(state_velocity);
    RUN(jumping);
    RUN(jump_refused_when_fully_constrained);
    RUN(non_player_speed_uses_my_run_rate);
    RUN(default_state_and_motion_done);
    RUN(interpreted_running_turning);
    RUN(raw_walk_with_hold_run);
    RUN(running_turning_player);
    RUN(strafe_turn_then_stop);
    RUN(turning_after_strafe_turn);
    RUN(animation_done_completes_the_motion);
    RUN(pending_motions_bound);
}
