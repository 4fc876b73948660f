/* CMotionTable / MotionState / MotionTableManager tests (issue 6): keys, styled-then-unstyled
 * modifiers (TurnRight through the table), get_link and both fallbacks, add_motion scaling,
 * speed changes in place, stopping, re_modify as retail runs it, the pending queue. Expected
 * values follow the retail rules (comments give the arithmetic). */
#include "test.h"

#include "physics/geometry/mathx.h"
#include "physics/anim/motion_table.h"
#include "dat/recfixture.h"

#define NC ACP_STYLE_NONCOMBAT
#define KEY(style, m) (((uint32_t)(style) << 16) | ((m) & 0xFFFFFFu))
#define READY_ANIM 0x03000100u
#define RUN_ANIM 0x03000101u
#define LINK_ANIM 0x03000102u

static acp_motion_data *motion(acp_motion_table *mt, acp_fixture_map map, uint32_t outer, uint32_t key)
{
    return acp_fixture_motion(mt, map, outer, key);
}

/* A Humanoid-like table: NonCombat, Ready (10 frames at 30/s) and RunForward (10 frames at
 * 30/s, 4 m/s) cycles; TurnRight modifiers styled (ω −1.5) and/or unstyled (ω −3.0). */
static acp_motion_table *humanoid(acp_fixture *fx, bool styled_turn, bool unstyled_turn)
{
    acp_fixture_animation(fx, READY_ANIM, 10, 1, NULL);
    acp_fixture_animation(fx, RUN_ANIM, 10, 1, NULL);
    acp_fixture_animation(fx, LINK_ANIM, 3, 1, NULL);
    acp_motion_table *mt = acp_fixture_motion_table(fx, 0x09000001u, NC);
    acp_fixture_style_default(mt, NC, ACP_MOTION_READY);
    acp_fixture_motion_anim(motion(mt, ACP_FIXTURE_CYCLE, 0, KEY(NC, ACP_MOTION_READY)), READY_ANIM, 0, -1, 30.0f);
    acp_motion_data *run = motion(mt, ACP_FIXTURE_CYCLE, 0, KEY(NC, ACP_MOTION_RUN_FORWARD));
    acp_fixture_motion_anim(run, RUN_ANIM, 0, -1, 30.0f);
    run->velocity = (acp_vec3){0.0f, 4.0f, 0.0f};
    if (styled_turn) motion(mt, ACP_FIXTURE_MODIFIER, 0, KEY(NC, ACP_MOTION_TURN_RIGHT))->omega = (acp_vec3){0.0f, 0.0f, -1.5f};
    if (unstyled_turn) motion(mt, ACP_FIXTURE_MODIFIER, 0, ACP_MOTION_TURN_RIGHT & 0xFFFFFFu)->omega = (acp_vec3){0.0f, 0.0f, -3.0f};
    return mt;
}

typedef struct rig {
    acp_fixture *fx;
    acp_motion_table *mt;
    acp_sequence seq;
    acp_motion_state st;
} rig;

static void rig_init(rig *r, bool styled_turn, bool unstyled_turn)
{
    r->fx = acp_fixture_create();
    r->mt = humanoid(r->fx, styled_turn, unstyled_turn);
    acp_record_source src = acp_fixture_source(r->fx);
    acp_sequence_init(&r->seq, NULL, &src);
    acp_motion_state_init(&r->st);
    uint32_t n = 99;
    ENSURE(acp_motion_table_set_default_state(r->mt, &r->st, &r->seq, &n));
    ENSURE_EQ(n, 0); /* the Ready cycle's one animation − 1 */
}

static uint32_t count_nodes(const acp_sequence *seq)
{
    uint32_t n = 0;
    for (int16_t i = seq->head; i != ACP_NO_NODE; i = seq->nodes[i].next) n++;
    return n;
}

/* Keys keep only the style's low 16 bits: NonCombat 0x8000003D → 0x003D0000. */
static void keys_and_defaults(void)
{
    rig r;
    rig_init(&r, true, false);
    ENSURE_EQ(KEY(NC, ACP_MOTION_READY), 0x003D0003u);
    ENSURE(acp_motion_table_cycle(r.mt, 0x003D0003u) != NULL);
    ENSURE_EQ(r.st.style, NC);
    ENSURE_EQ(r.st.substate, ACP_MOTION_READY);
    ENSURE_FBITS(r.st.substate_mod, 1.0f);
    ENSURE(acp_sequence_has_anims(&r.seq));
    ENSURE_FBITS(acp_sequence_node(&r.seq, r.seq.curr_anim)->framerate, 30.0f);
    /* No default for the table's default style: SetDefaultState fails. */
    acp_motion_table *bare = acp_fixture_motion_table(r.fx, 0x09000002u, 0x80000001u);
    acp_motion_state st;
    acp_motion_state_init(&st);
    uint32_t n;
    ENSURE(!acp_motion_table_set_default_state(bare, &st, &r.seq, &n));
    acp_fixture_destroy(r.fx);
}

/* TurnRight (0x6500000D) with no TurnRight cycle falls through the substate branch to the
 * modifiers: the styled key (NonCombat << 16) | 0x0D wins over the unstyled 0x0D. */
static void turn_right_through_the_table(void)
{
    for (int styled = 1; styled >= 0; styled--) {
        rig r;
        rig_init(&r, styled, true);
        uint32_t n = 99;
        ENSURE(acp_motion_table_do_object_motion(r.mt, ACP_MOTION_TURN_RIGHT, &r.st, &r.seq, 1.0f, &n));
        ENSURE_EQ(n, 0);
        ENSURE_FBITS(r.seq.omega.z, styled ? -1.5f : -3.0f);
        ENSURE_FBITS(r.seq.omega.x, 0.0f);
        ENSURE_EQ(r.st.num_modifiers, 1);
        ENSURE_EQ(r.st.modifiers[0].motion, ACP_MOTION_TURN_RIGHT);
        ENSURE_EQ(r.st.substate, ACP_MOTION_READY); /* the cycle keeps playing */
        acp_fixture_destroy(r.fx);
    }
    /* Heading: each boundary of the 30 frames/s Ready cycle applies ω/30 = −0.05 rad about local
     * z, a clockwise turn. Quanta of 0.05 s cross 1.5 boundaries on average; the count comes
     * from the frame numbers. After N boundaries the heading is N × 1.5/30 rad. */
    rig r;
    rig_init(&r, true, false);
    uint32_t n;
    acp_motion_table_do_object_motion(r.mt, ACP_MOTION_TURN_RIGHT, &r.st, &r.seq, 1.0f, &n);
    acp_frame f = acp_frame_identity();
    double unwrapped = r.seq.frame_number;
    int crossed = 0;
    for (int i = 0; i < 12; i++) {
        double before = floor(unwrapped);
        unwrapped += 30.0 * 0.05;
        crossed += (int)(floor(unwrapped) - before);
        acp_sequence_update(&r.seq, 0.05, &f);
        double expect = crossed * (1.5 / 30.0) * ACP_RAD_TO_DEG;
        ENSURE_NEAR(acp_frame_get_heading(&f), expect, 1e-4);
    }
    ENSURE_EQ(crossed, 18);
    acp_fixture_destroy(r.fx);
}

/* get_link: Links[(S << 16) | A] = {B → L1}, Links[S << 16] = {C → L2}. From A to C at speed 1:
 * no direct entry, the "any substate" row gives L2. At speed −1 the lookup is reversed:
 * Links[(S << 16) | C][A] (absent), then Links[(S << 16) | A][default substate of S]; with the
 * default B that is L1. With Links[(S << 16) | C] = {A → L3} the reversed lookup finds L3, also
 * when only the substate speed is negative. A style without a default: NULL. */
static void link_fallbacks(void)
{
    acp_fixture *fx = acp_fixture_create();
    const uint32_t S = 0x80000044u, S2 = 0x80000045u;
    const uint32_t A = 0x4100000Au, B = 0x4100000Bu, C = 0x4100000Cu;
    acp_motion_table *mt = acp_fixture_motion_table(fx, 0x09000003u, S);
    acp_fixture_style_default(mt, S, B);
    motion(mt, ACP_FIXTURE_LINK, KEY(S, A), B)->velocity.x = 1.0f;
    motion(mt, ACP_FIXTURE_LINK, S << 16, C)->velocity.x = 2.0f;
    motion(mt, ACP_FIXTURE_LINK, S2 << 16, C)->velocity.x = 4.0f;
    const acp_motion_data *L1 = motion(mt, ACP_FIXTURE_LINK, KEY(S, A), B);
    const acp_motion_data *L2 = motion(mt, ACP_FIXTURE_LINK, S << 16, C);
    ENSURE(acp_motion_table_get_link(mt, S, A, 1.0f, C, 1.0f) == L2);
    ENSURE(acp_motion_table_get_link(mt, S, A, 1.0f, B, 1.0f) == L1);
    ENSURE(acp_motion_table_get_link(mt, S, A, 1.0f, C, -1.0f) == L1);
    ENSURE(acp_motion_table_get_link(mt, S2, A, 1.0f, C, -1.0f) == NULL);       /* S2: no default */
    ENSURE(acp_motion_table_get_link(mt, S, B, 1.0f, C, 1.0f) == L2);           /* from any substate */
    ENSURE(acp_motion_table_get_link(mt, S, B, 1.0f, A, 1.0f) == NULL);
    motion(mt, ACP_FIXTURE_LINK, KEY(S, C), A)->velocity.x = 3.0f;
    const acp_motion_data *L3 = motion(mt, ACP_FIXTURE_LINK, KEY(S, C), A);
    L1 = motion(mt, ACP_FIXTURE_LINK, KEY(S, A), B); /* the link map array may have moved */
    ENSURE(acp_motion_table_get_link(mt, S, A, 1.0f, C, -1.0f) == L3);
    ENSURE(acp_motion_table_get_link(mt, S, A, -1.0f, C, 1.0f) == L3);
    ENSURE(acp_motion_table_get_link(mt, S, A, 1.0f, B, 1.0f) == L1);
    acp_fixture_destroy(fx);
}

/* add_motion: velocity × speed, omega × speed, every framerate × speed (float stores). */
static void add_motion_scales(void)
{
    rig r;
    rig_init(&r, false, true);
    const float s = 2.0039682f;
    uint32_t n = 99;
    ENSURE(acp_motion_table_do_object_motion(r.mt, ACP_MOTION_RUN_FORWARD, &r.st, &r.seq, s, &n));
    ENSURE_EQ(n, 0); /* no links: 0 + 1 + 0 − 1 */
    ENSURE_FBITS(r.seq.velocity.y, (float)((double)s * 4.0f));
    const acp_anim_node *node = acp_sequence_node(&r.seq, r.seq.curr_anim);
    ENSURE_EQ(node->anim->id, RUN_ANIM);
    ENSURE_FBITS(node->framerate, (float)(30.0f * (double)s));
    ENSURE_EQ(count_nodes(&r.seq), 1); /* the Ready cycle was removed */
    ENSURE_EQ(r.st.substate, ACP_MOTION_RUN_FORWARD);
    ENSURE_FBITS(r.st.substate_mod, s);
    /* The same cycle at speed 1 (same sign): change_cycle_speed multiplies the framerate by
     * (float)(1/s); the velocity loses 4s and gains 4: exactly 4. */
    ENSURE(acp_motion_table_do_object_motion(r.mt, ACP_MOTION_RUN_FORWARD, &r.st, &r.seq, 1.0f, &n));
    ENSURE_EQ(n, 0);
    float mult = (float)(1.0 / (double)s);
    ENSURE_FBITS(node->framerate, (float)((double)mult * (float)(30.0f * (double)s)));
    ENSURE_FBITS(r.seq.velocity.y, 4.0f);
    /* The opposite sign restarts the cycle: no link either way, add_motion(cycle, −1). */
    ENSURE(acp_motion_table_do_object_motion(r.mt, ACP_MOTION_RUN_FORWARD, &r.st, &r.seq, -1.0f, &n));
    node = acp_sequence_node(&r.seq, r.seq.curr_anim);
    ENSURE_FBITS(node->framerate, -30.0f);
    ENSURE_FBITS(r.seq.velocity.y, -4.0f);
    ENSURE_DBITS(r.seq.frame_number, 10.0 - 0.00019999999494757503);
    acp_fixture_destroy(r.fx);
}

/* Stopping: a modifier is subtracted and removed; the substate returns to the style default. */
static void stop_sequence_motion(void)
{
    rig r;
    rig_init(&r, true, false);
    uint32_t n;
    acp_motion_table_do_object_motion(r.mt, ACP_MOTION_TURN_RIGHT, &r.st, &r.seq, 1.5f, &n);
    ENSURE_FBITS(r.seq.omega.z, (float)(1.5f * -1.5));
    /* Again at another speed: the listed modifier is stopped and re-added at the new speed. */
    acp_motion_table_do_object_motion(r.mt, ACP_MOTION_TURN_RIGHT, &r.st, &r.seq, 1.0f, &n);
    ENSURE_FBITS(r.seq.omega.z, -1.5f);
    ENSURE_EQ(r.st.num_modifiers, 1);
    ENSURE(acp_motion_table_stop_sequence_motion(r.mt, ACP_MOTION_TURN_RIGHT, 1.0f, &r.st, &r.seq, &n));
    ENSURE_FBITS(r.seq.omega.z, 0.0f);
    ENSURE_EQ(r.st.num_modifiers, 0);
    ENSURE(!acp_motion_table_stop_sequence_motion(r.mt, ACP_MOTION_TURN_RIGHT, 1.0f, &r.st, &r.seq, &n));
    acp_motion_table_do_object_motion(r.mt, ACP_MOTION_RUN_FORWARD, &r.st, &r.seq, 1.0f, &n);
    ENSURE(acp_motion_table_stop_sequence_motion(r.mt, ACP_MOTION_RUN_FORWARD, 1.0f, &r.st, &r.seq, &n));
    ENSURE_EQ(r.st.substate, ACP_MOTION_READY);
    ENSURE_FBITS(r.seq.velocity.y, 0.0f);
    ENSURE_EQ(acp_sequence_node(&r.seq, r.seq.curr_anim)->anim->id, READY_ANIM);
    /* Not the substate, not a modifier: false. */
    ENSURE(!acp_motion_table_stop_sequence_motion(r.mt, ACP_MOTION_RUN_FORWARD, 1.0f, &r.st, &r.seq, &n));
    acp_fixture_destroy(r.fx);
}

/* re_modify as retail runs it: with modifiers [SideStepRight, TurnRight] (head first), a new
 * cycle clears the physics and re-applies "the head" twice: SideStepRight's (1, 0, 0) is added
 * twice and TurnRight's omega is lost, while both stay listed. */
static void re_modify_repeats_the_head(void)
{
    rig r;
    rig_init(&r, false, true);
    motion(r.mt, ACP_FIXTURE_MODIFIER, 0, ACP_MOTION_SIDESTEP_RIGHT & 0xFFFFFFu)->velocity = (acp_vec3){1.0f, 0.0f, 0.0f};
    uint32_t n;
    acp_motion_table_do_object_motion(r.mt, ACP_MOTION_TURN_RIGHT, &r.st, &r.seq, 1.0f, &n);
    acp_motion_table_do_object_motion(r.mt, ACP_MOTION_SIDESTEP_RIGHT, &r.st, &r.seq, 1.0f, &n);
    ENSURE_EQ(r.st.num_modifiers, 2);
    ENSURE_EQ(r.st.modifiers[0].motion, ACP_MOTION_SIDESTEP_RIGHT);
    ENSURE_FBITS(r.seq.velocity.x, 1.0f);
    ENSURE_FBITS(r.seq.omega.z, -3.0f);
    acp_motion_table_do_object_motion(r.mt, ACP_MOTION_RUN_FORWARD, &r.st, &r.seq, 1.0f, &n);
    ENSURE_FBITS(r.seq.velocity.x, 2.0f);
    ENSURE_FBITS(r.seq.velocity.y, 4.0f);
    ENSURE_FBITS(r.seq.omega.z, 0.0f);
    ENSURE_EQ(r.st.num_modifiers, 2);
    ENSURE_EQ(r.st.modifiers[0].motion, ACP_MOTION_SIDESTEP_RIGHT);
    ENSURE_EQ(r.st.modifiers[1].motion, ACP_MOTION_TURN_RIGHT);
    acp_fixture_destroy(r.fx);
}

/* The pending queue: initialize_state queues Ready (0 animations), completed at the next
 * UseTime; a cycle behind a one-animation link waits for one AnimationDone. Repeating RunForward
 * with Ready in between makes the links queued in between redundant: they leave the sequence. */
static void pending_motions_and_animation_done(void)
{
    acp_fixture *fx = acp_fixture_create();
    acp_motion_table *mt = humanoid(fx, false, true);
    acp_fixture_motion_anim(motion(mt, ACP_FIXTURE_LINK, KEY(NC, ACP_MOTION_READY), ACP_MOTION_RUN_FORWARD), LINK_ANIM, 0, -1, 30.0f);
    acp_fixture_motion_anim(motion(mt, ACP_FIXTURE_LINK, KEY(NC, ACP_MOTION_RUN_FORWARD), ACP_MOTION_READY), LINK_ANIM, 0, -1, 30.0f);
    acp_record_source src = acp_fixture_source(fx);
    acp_sequence seq;
    acp_sequence_init(&seq, NULL, &src);
    acp_mtable_manager m;
    acp_mtable_manager_init(&m, NULL, 0x09000001u, &src);
    ENSURE(m.table == mt);
    acp_mtable_manager_initialize_state(&m, &seq);
    ENSURE_EQ(m.num_pending, 1);
    acp_mtable_manager_use_time(&m);
    ENSURE_EQ(m.num_pending, 0);
    ENSURE_EQ(acp_mtable_manager_perform_movement(&m, ACP_MOVE_INTERPRETED_COMMAND, ACP_MOTION_RUN_FORWARD, 1.0f, &seq), 0);
    ENSURE_EQ(m.pending[0].num_anims, 1); /* link 1 + cycle 1 − 1 */
    ENSURE_EQ(count_nodes(&seq), 2);
    acp_mtable_manager_use_time(&m);
    ENSURE_EQ(m.num_pending, 1);
    acp_mtable_manager_perform_movement(&m, ACP_MOVE_INTERPRETED_COMMAND, ACP_MOTION_READY, 1.0f, &seq);
    ENSURE_EQ(count_nodes(&seq), 3); /* link, link, Ready */
    acp_mtable_manager_perform_movement(&m, ACP_MOVE_INTERPRETED_COMMAND, ACP_MOTION_RUN_FORWARD, 1.0f, &seq);
    /* Queue Run(1), Ready(1), Run(1): the newest Run repeats the first, so Ready and the newest
     * Run give up their animations (2 links removed). */
    ENSURE_EQ(m.num_pending, 3);
    ENSURE_EQ(m.pending[0].num_anims, 1);
    ENSURE_EQ(m.pending[1].num_anims, 0);
    ENSURE_EQ(m.pending[2].num_anims, 0);
    ENSURE_EQ(count_nodes(&seq), 2);
    acp_mtable_manager_animation_done(&m, true);
    ENSURE_EQ(m.num_pending, 0);
    ENSURE_EQ(m.animation_counter, 0);
    /* Without a table: NoAnimationTable (7); unknown data: NoMtableData (67). */
    ENSURE_EQ(acp_mtable_manager_perform_movement(&m, ACP_MOVE_INTERPRETED_COMMAND, 0x41000099u, 1.0f, &seq), 67);
    acp_mtable_manager m2;
    acp_mtable_manager_init(&m2, NULL, 0x09FFFFFFu, &src);
    ENSURE_EQ(acp_mtable_manager_perform_movement(&m2, ACP_MOVE_INTERPRETED_COMMAND, ACP_MOTION_READY, 1.0f, &seq), 7);
    acp_fixture_destroy(fx);
}

/* Fixed-size lists: the 17th modifier is dropped and counted. */
static void state_bounds(void)
{
    acp_motion_state st;
    acp_motion_state_init(&st);
    for (uint32_t i = 0; i < ACP_MAX_MODIFIERS + 1; i++) acp_motion_state_add_modifier_no_check(&st, 0x20000000u + i, 1.0f);
    ENSURE_EQ(st.num_modifiers, ACP_MAX_MODIFIERS);
    ENSURE_EQ(st.dropped, 1);
    ENSURE_EQ(st.modifiers[0].motion, 0x20000000u + ACP_MAX_MODIFIERS - 1);
    acp_motion_state_add_action(&st, 0x10000001u, 1.0f);
    acp_motion_state_add_action(&st, 0x10000002u, 1.0f);
    ENSURE_EQ(acp_motion_state_remove_action_head(&st), 0x10000001u);
    ENSURE_EQ(acp_motion_state_remove_action_head(&st), 0x10000002u);
    ENSURE_EQ(acp_motion_state_remove_action_head(&st), 0);
    /* add_modifier refuses the substate and a listed modifier. */
    st.substate = 0x6500000Du;
    ENSURE(!acp_motion_state_add_modifier(&st, 0x6500000Du, 1.0f));
    acp_motion_state_clear_modifiers(&st);
    ENSURE(acp_motion_state_add_modifier(&st, 0x6500000Fu, 1.0f));
    ENSURE(!acp_motion_state_add_modifier(&st, 0x6500000Fu, 2.0f));
}

/* Two cycles that are also modifiers (TurnRight and SideStepRight have both the substate and the
 * modifier bits): from TurnRight, SideStepRight pushes TurnRight as a modifier; re_modify plays it
 * as a cycle again, which pushes SideStepRight, whose re_modify plays SideStepRight ... retail
 * recurses without end. acphys refuses the call at depth ACP_MAX_MOTION_DEPTH and counts it. */
static void nesting_is_bounded(void)
{
    rig r;
    rig_init(&r, false, false);
    acp_fixture_motion_anim(motion(r.mt, ACP_FIXTURE_CYCLE, 0, KEY(NC, ACP_MOTION_TURN_RIGHT)), READY_ANIM, 0, -1, 30.0f);
    acp_fixture_motion_anim(motion(r.mt, ACP_FIXTURE_CYCLE, 0, KEY(NC, ACP_MOTION_SIDESTEP_RIGHT)), RUN_ANIM, 0, -1, 30.0f);
    uint32_t n;
    ENSURE(acp_motion_table_do_object_motion(r.mt, ACP_MOTION_TURN_RIGHT, &r.st, &r.seq, 1.0f, &n));
    ENSURE_EQ(r.st.substate, ACP_MOTION_TURN_RIGHT);
    ENSURE_EQ(r.st.capped, 0);
    ENSURE(acp_motion_table_do_object_motion(r.mt, ACP_MOTION_SIDESTEP_RIGHT, &r.st, &r.seq, 1.0f, &n));
    ENSURE_EQ(r.st.capped, 1);
    ENSURE_EQ(r.st.depth, 0);
    ENSURE(r.st.num_modifiers <= ACP_MAX_MODIFIERS);
    ENSURE(acp_sequence_has_anims(&r.seq));
    acp_fixture_destroy(r.fx);
}

/* The pending queue holds ACP_MAX_PENDING_ANIMS motions; more are dropped and counted. */
static void pending_queue_bound(void)
{
    acp_mtable_manager m;
    acp_mtable_manager_init(&m, NULL, 0, NULL);
    acp_sequence seq;
    acp_sequence_init(&seq, NULL, NULL);
    for (uint32_t i = 0; i < ACP_MAX_PENDING_ANIMS + 3; i++) acp_mtable_manager_add_to_queue(&m, ACP_MOTION_READY, 0, &seq);
    ENSURE_EQ(m.num_pending, ACP_MAX_PENDING_ANIMS);
    ENSURE_EQ(m.dropped, 3);
    acp_mtable_manager_check_for_completed_motions(&m);
    ENSURE_EQ(m.num_pending, 0);
}

/* ---- departures and readings pinned (docs/DEVIATIONS.md M6, M7, M12) ---- */

/* M6. StopObjectCompletely stops the modifier list head first until it is empty (0x00523ED0:
 * `for (; v4; v4 = curr_state->modifier_head)`), then the substate. StopSequenceMotion fails on a
 * listed modifier whose data the table lacks (no styled, no unstyled entry) and leaves it at the
 * head, so retail would call it again forever. acphys removes it and goes on.
 * State: RunForward at 1, then modifiers [SideStepLeft (no data), TurnRight (styled ω −1.5),
 * SideStepRight (no data)]. The stop: SideStepLeft dropped; TurnRight subtracted (ω −1.5 + 1.5 =
 * 0) and removed; SideStepRight dropped; then StopSequenceMotion(RunForward) plays the style's
 * default Ready with stop_modifiers: no links in this table, so clear_physics, the Run cycle
 * leaves, the Ready cycle enters at speed 1 (velocity 0), num_anims = 0 + 1 + 0 − 1 = 0; the
 * result is 1 because the substate stop succeeded. */
static void stop_completely_drops_a_modifier_without_data(void)
{
    rig r;
    rig_init(&r, true, false);
    uint32_t n = 99;
    ENSURE(acp_motion_table_do_object_motion(r.mt, ACP_MOTION_RUN_FORWARD, &r.st, &r.seq, 1.0f, &n));
    acp_motion_state_add_modifier_no_check(&r.st, ACP_MOTION_SIDESTEP_RIGHT, 1.0f);
    ENSURE(acp_motion_table_do_object_motion(r.mt, ACP_MOTION_TURN_RIGHT, &r.st, &r.seq, 1.0f, &n));
    acp_motion_state_add_modifier_no_check(&r.st, ACP_MOTION_SIDESTEP_LEFT, 1.0f);
    ENSURE_EQ(r.st.num_modifiers, 3);
    ENSURE_EQ(r.st.modifiers[0].motion, ACP_MOTION_SIDESTEP_LEFT);
    ENSURE_EQ(r.st.modifiers[1].motion, ACP_MOTION_TURN_RIGHT);
    ENSURE_EQ(r.st.modifiers[2].motion, ACP_MOTION_SIDESTEP_RIGHT);
    ENSURE_FBITS(r.seq.velocity.y, 4.0f);
    ENSURE_FBITS(r.seq.omega.z, -1.5f);
    /* The head retail would retry: StopSequenceMotion alone fails and leaves it listed. */
    ENSURE(!acp_motion_table_stop_sequence_motion(r.mt, ACP_MOTION_SIDESTEP_LEFT, 1.0f, &r.st, &r.seq, &n));
    ENSURE_EQ(r.st.num_modifiers, 3);
    ENSURE_EQ(r.st.modifiers[0].motion, ACP_MOTION_SIDESTEP_LEFT);
    n = 99;
    ENSURE(acp_motion_table_stop_object_completely(r.mt, &r.st, &r.seq, &n)); /* returns: the loop ended */
    ENSURE_EQ(r.st.num_modifiers, 0);
    ENSURE_EQ(r.st.style, NC);
    ENSURE_EQ(r.st.substate, ACP_MOTION_READY);
    ENSURE_FBITS(r.st.substate_mod, 1.0f);
    ENSURE_EQ(n, 0);
    ENSURE_FBITS(r.seq.velocity.y, 0.0f);
    ENSURE_FBITS(r.seq.omega.z, 0.0f);
    ENSURE_EQ(count_nodes(&r.seq), 1);
    ENSURE_EQ(acp_sequence_node(&r.seq, r.seq.curr_anim)->anim->id, READY_ANIM);
    ENSURE_FBITS(acp_sequence_node(&r.seq, r.seq.curr_anim)->framerate, 30.0f);
    /* Through the manager (PerformMovement, StopCompletely): Ready is queued with that count. */
    acp_record_source src = acp_fixture_source(r.fx);
    acp_mtable_manager m;
    acp_mtable_manager_init(&m, NULL, 0x09000001u, &src);
    acp_mtable_manager_initialize_state(&m, &r.seq);
    acp_mtable_manager_use_time(&m);
    acp_motion_state_add_modifier_no_check(&m.state, ACP_MOTION_SIDESTEP_LEFT, 1.0f);
    ENSURE_EQ(acp_mtable_manager_perform_movement(&m, ACP_MOVE_STOP_COMPLETELY, 0, 1.0f, &r.seq), ACP_MERR_NONE);
    ENSURE_EQ(m.state.num_modifiers, 0);
    ENSURE_EQ(m.state.substate, ACP_MOTION_READY);
    ENSURE_EQ(m.num_pending, 1);
    ENSURE_EQ(m.pending[0].motion, ACP_MOTION_READY);
    ENSURE_EQ(m.pending[0].num_anims, 0);
    acp_fixture_destroy(r.fx);
}

/* M7, re_modify (0x005222E0): it counts the modifiers on a copy and, once per copy, takes the head
 * of the live list. When GetObjectSequence of a head empties the live list, retail's next pass
 * reads `v3->modifier_head->motion` from NULL; acphys stops there.
 * TurnRight is here also a cycle (key NonCombat|0x0D, ω (0, 0, −2), bitfield 1: clears and
 * forbids modifiers). Modifiers [TurnRight 0.5, SideStepRight 1] (head first) on Ready:
 * pass 1 removes TurnRight and plays it as a new cycle (substate branch before the modifier
 * branch): clear_modifiers empties the list, no links (0 + cycle at 0.5), the cycle's physics
 * replace the sequence's: ω.z = (float)(0.5 × −2) = −1, framerate 30 × 0.5 = 15. Pass 2 finds the
 * live list empty: stop. SideStepRight (velocity (1.25, 0, 0)) is never applied. */
static void re_modify_stops_at_an_empty_list(void)
{
    rig r;
    rig_init(&r, false, true);
    acp_motion_data *turn = motion(r.mt, ACP_FIXTURE_CYCLE, 0, KEY(NC, ACP_MOTION_TURN_RIGHT));
    acp_fixture_motion_anim(turn, RUN_ANIM, 0, -1, 30.0f);
    turn->omega = (acp_vec3){0.0f, 0.0f, -2.0f};
    turn->bitfield = 1;
    motion(r.mt, ACP_FIXTURE_MODIFIER, 0, ACP_MOTION_SIDESTEP_RIGHT & 0xFFFFFFu)->velocity = (acp_vec3){1.25f, 0.0f, 0.0f};
    acp_motion_state_add_modifier_no_check(&r.st, ACP_MOTION_SIDESTEP_RIGHT, 1.0f);
    acp_motion_state_add_modifier_no_check(&r.st, ACP_MOTION_TURN_RIGHT, 0.5f);
    acp_motion_table_re_modify(r.mt, &r.seq, &r.st);
    ENSURE_EQ(r.st.num_modifiers, 0);
    ENSURE_EQ(r.st.substate, ACP_MOTION_TURN_RIGHT);
    ENSURE_FBITS(r.st.substate_mod, 0.5f);
    ENSURE_EQ(r.st.depth, 0);
    ENSURE_EQ(r.st.capped, 0);
    ENSURE_FBITS(r.seq.omega.z, -1.0f);
    ENSURE_FBITS(r.seq.velocity.x, 0.0f);
    ENSURE_EQ(count_nodes(&r.seq), 1);
    const acp_anim_node *node = acp_sequence_node(&r.seq, r.seq.curr_anim);
    ENSURE_EQ(node->anim->id, RUN_ANIM);
    ENSURE_FBITS(node->framerate, 15.0f);
    acp_fixture_destroy(r.fx);
}

/* M7, remove_link_animations (0x00524BE0) on an empty list, reached through the manager: a table
 * whose cycles and links name animations the records lack. Every add_motion appends nothing
 * (append_animation deletes a node without its animation), yet the counts are the table's: Run
 * (link Ready→Run + cycle − 1 = 1), Ready (1), Run (1). The newest Run repeats the first, so
 * remove_redundant_links truncates the two entries after it: remove_link_animations(seq, 1 + 1)
 * on a list whose first_cyclic is NULL, where retail's AnimSequenceNode::GetPrev(first_cyclic)
 * reads NULL. acphys removes nothing; the entries still give up their counts. */
static void links_of_missing_animations(void)
{
    acp_fixture *fx = acp_fixture_create();
    acp_motion_table *mt = acp_fixture_motion_table(fx, 0x09000001u, NC);
    acp_fixture_style_default(mt, NC, ACP_MOTION_READY);
    acp_fixture_motion_anim(motion(mt, ACP_FIXTURE_CYCLE, 0, KEY(NC, ACP_MOTION_READY)), 0x03FF0001u, 0, -1, 30.0f);
    acp_fixture_motion_anim(motion(mt, ACP_FIXTURE_CYCLE, 0, KEY(NC, ACP_MOTION_RUN_FORWARD)), 0x03FF0002u, 0, -1, 30.0f);
    acp_fixture_motion_anim(motion(mt, ACP_FIXTURE_LINK, KEY(NC, ACP_MOTION_READY), ACP_MOTION_RUN_FORWARD), 0x03FF0003u, 0, -1, 30.0f);
    acp_fixture_motion_anim(motion(mt, ACP_FIXTURE_LINK, KEY(NC, ACP_MOTION_RUN_FORWARD), ACP_MOTION_READY), 0x03FF0004u, 0, -1, 30.0f);
    acp_record_source src = acp_fixture_source(fx);
    acp_sequence seq;
    acp_sequence_init(&seq, NULL, &src);
    acp_mtable_manager m;
    acp_mtable_manager_init(&m, NULL, 0x09000001u, &src);
    acp_mtable_manager_initialize_state(&m, &seq);
    acp_mtable_manager_use_time(&m);
    ENSURE_EQ(m.num_pending, 0);
    ENSURE_EQ(acp_mtable_manager_perform_movement(&m, ACP_MOVE_INTERPRETED_COMMAND, ACP_MOTION_RUN_FORWARD, 1.0f, &seq), 0);
    ENSURE_EQ(acp_mtable_manager_perform_movement(&m, ACP_MOVE_INTERPRETED_COMMAND, ACP_MOTION_READY, 1.0f, &seq), 0);
    ENSURE_EQ(acp_mtable_manager_perform_movement(&m, ACP_MOVE_INTERPRETED_COMMAND, ACP_MOTION_RUN_FORWARD, 1.0f, &seq), 0);
    ENSURE(!acp_sequence_has_anims(&seq));
    ENSURE_EQ(seq.first_cyclic, ACP_NO_NODE);
    ENSURE_EQ(seq.curr_anim, ACP_NO_NODE);
    ENSURE_EQ(m.num_pending, 3);
    ENSURE_EQ(m.pending[0].num_anims, 1);
    ENSURE_EQ(m.pending[1].num_anims, 0);
    ENSURE_EQ(m.pending[2].num_anims, 0);
    ENSURE_EQ(m.state.substate, ACP_MOTION_RUN_FORWARD);
    acp_fixture_destroy(fx);
}

/* Put the rig in (style, substate) at speed 1 by hand, the sequence holding only `cycle`. */
static void set_state_by_hand(rig *r, uint32_t style, uint32_t substate, const acp_motion_data *cycle)
{
    acp_sequence_clear(&r->seq);
    acp_motion_state_init(&r->st);
    r->st.style = style;
    r->st.substate = substate;
    acp_add_motion(&r->seq, cycle, 1.0f);
}

/* The state at speed 1 in (style, substate), the sequence's velocity.y and its node count. */
static void ensure_state(const rig *r, uint32_t style, uint32_t substate, float vy, uint32_t nodes)
{
    ENSURE_EQ(r->st.style, style);
    ENSURE_EQ(r->st.substate, substate);
    ENSURE_FBITS(r->st.substate_mod, 1.0f);
    ENSURE_FBITS(r->seq.velocity.y, vy);
    ENSURE_EQ(count_nodes(&r->seq), nodes);
}

/* M12. A style without a default substate: GetObjectSequence's `new_substate` and
 * StopSequenceMotion's motion are 0 (retail: an uninitialised stack slot, and the address of the
 * caller's num_anims). No motion command is 0, and no call builds such a state (SetDefaultState
 * and the style branch both need the default), so the state is set by hand: style S (0x80000044,
 * no default) with substate A (0x4100000A, a cycle of S with velocity (0, 2, 0)). */
static void style_without_default_substate(void)
{
    const uint32_t S = 0x80000044u, A = 0x4100000Au;
    rig r;
    rig_init(&r, false, true);
    acp_motion_data *a = motion(r.mt, ACP_FIXTURE_CYCLE, 0, KEY(S, A));
    acp_fixture_motion_anim(a, RUN_ANIM, 0, -1, 30.0f);
    a->velocity = (acp_vec3){0.0f, 2.0f, 0.0f};
    /* Links[S << 16][NonCombat]: the "from any substate" row, one 3-frame animation. */
    acp_fixture_motion_anim(motion(r.mt, ACP_FIXTURE_LINK, S << 16, NC), LINK_ANIM, 0, -1, 30.0f);
    uint32_t dflt = 12345;
    ENSURE(!acp_motion_table_style_default(r.mt, S, &dflt));
    ENSURE_EQ(dflt, 12345);
    const acp_motion_data *cycle_a = acp_motion_table_cycle(r.mt, KEY(S, A));

    /* StopSequenceMotion(A) with A the substate: GetObjectSequence(0, stop_modifiers) matches no
     * branch (0 has none of the style, substate, action, modifier bits) and returns 0, which
     * StopSequenceMotion ignores: it returns 1, num_anims 0, nothing else changes. */
    set_state_by_hand(&r, S, A, cycle_a);
    uint32_t n = 99;
    ENSURE(acp_motion_table_stop_sequence_motion(r.mt, A, 1.0f, &r.st, &r.seq, &n));
    ENSURE_EQ(n, 0);
    ensure_state(&r, S, A, 2.0f, 1);
    ENSURE_EQ(acp_sequence_node(&r.seq, r.seq.curr_anim)->anim->id, RUN_ANIM);

    /* GetObjectSequence(NonCombat) from S: the style branch. new_substate 0 ≠ A, so pre_link =
     * get_link(S, A, 1, 0, 1): Links[S|A] and Links[S << 16] hold no entry for 0: none. The
     * target style's default is Ready (cycle found). The link get_link(S, 0, 1, NonCombat, 1)
     * reads Links[(S << 16) | 0][NonCombat], which is the "any substate" row: LINK_ANIM. The
     * sequence: physics cleared, A's cycle removed, the link, then Ready (velocity 0);
     * num_anims = link 1 + cycle 1 − 1 = 1; state NonCombat / Ready at speed 1. */
    n = 99;
    ENSURE(acp_motion_table_do_object_motion(r.mt, NC, &r.st, &r.seq, 1.0f, &n));
    ENSURE_EQ(n, 1);
    ensure_state(&r, NC, ACP_MOTION_READY, 0.0f, 2);
    ENSURE_EQ(acp_sequence_node(&r.seq, r.seq.head)->anim->id, LINK_ANIM);
    ENSURE_EQ(acp_sequence_node(&r.seq, r.seq.first_cyclic)->anim->id, READY_ANIM);
    ENSURE_EQ(r.seq.curr_anim, r.seq.head);

    /* The first test of GetObjectSequence, `motion == new_substate && !stop_modifiers &&
     * substate & modifier bit → 1`: with new_substate 0 only motion 0 meets it. Substate
     * TurnRight (a cycle of S here, modifier bit set): DoObjectMotion(0) returns 1 and changes
     * nothing; with stop_modifiers (StopSequenceMotion's call) the same 0 returns 0. */
    acp_fixture_motion_anim(motion(r.mt, ACP_FIXTURE_CYCLE, 0, KEY(S, ACP_MOTION_TURN_RIGHT)), RUN_ANIM, 0, -1, 30.0f);
    set_state_by_hand(&r, S, ACP_MOTION_TURN_RIGHT, acp_motion_table_cycle(r.mt, KEY(S, ACP_MOTION_TURN_RIGHT)));
    n = 99;
    ENSURE(acp_motion_table_do_object_motion(r.mt, 0, &r.st, &r.seq, 1.0f, &n));
    ENSURE_EQ(n, 0);
    ENSURE(!acp_motion_table_get_object_sequence(r.mt, 0, &r.st, &r.seq, 1.0f, &n, true));
    ENSURE_EQ(r.st.substate, ACP_MOTION_TURN_RIGHT);
    ENSURE_EQ(r.st.num_modifiers, 0);
    ENSURE_EQ(count_nodes(&r.seq), 1);
    /* Stopping that substate: 1, nothing changes (as for A above). */
    ENSURE(acp_motion_table_stop_sequence_motion(r.mt, ACP_MOTION_TURN_RIGHT, 1.0f, &r.st, &r.seq, &n));
    ENSURE_EQ(r.st.substate, ACP_MOTION_TURN_RIGHT);
    ENSURE_EQ(count_nodes(&r.seq), 1);
    acp_fixture_destroy(r.fx);
}

void suite_motiontable(void)
{
    RUN(keys_and_defaults);
    RUN(turn_right_through_the_table);
    RUN(link_fallbacks);
    RUN(add_motion_scales);
    RUN(stop_sequence_motion);
    RUN(re_modify_repeats_the_head);
    RUN(pending_motions_and_animation_done);
    RUN(state_bounds);
    RUN(nesting_is_bounded);
    RUN(pending_queue_bound);
    RUN(stop_completely_drops_a_modifier_without_data);
    RUN(re_modify_stops_at_an_empty_list);
    RUN(links_of_missing_animations);
    RUN(style_without_default_substate);
}
