/* acphys — retail CMotionInterp and the motion states of CMInterpPrim. See motion_interp.h.
 *
 * Read against PORTAL/canim/CMotionInterp.c and CMInterpPrim.c. Float constants printed by
 * Hex-Rays with 8 digits (3.1199999, -0.64999998) are the float literals 3.12f and -0.65f
 * promoted to double; expressions are evaluated in double and stored as float where retail
 * stores to a float. Every weenie query takes retail's no-weenie branch (motion_interp.h).
 * CPhysicsObj::cancel_moveto and unstick_from_object reach the MoveToManager and the sticky
 * PositionManager (issue 13) where retail calls them.
 */
#include "motion_interp.h"

#include <float.h>

#include <math.h>
#include <string.h>

#include "physics/object/physobj.h"
#include "physics/object/physobj_motion.h"
#include "physics/object/physobj_position.h"

#define SIDESTEP_FACTOR ((double)3.12f / 1.25 * 0.5) /* 3.1199999 / 1.25 * 0.5 */

/* ---- the motion states ---- */

void acp_raw_motion_state_init(acp_raw_motion_state *s)
{
    memset(s, 0, sizeof *s);
    s->current_holdkey = ACP_HOLD_KEY_NONE;
    s->current_style = ACP_STYLE_NONCOMBAT;
    s->forward_command = ACP_MOTION_READY;
    s->forward_speed = 1.0f;
    s->sidestep_speed = 1.0f;
    s->turn_speed = 1.0f;
}

void acp_interpreted_motion_state_init(acp_interpreted_motion_state *s)
{
    memset(s, 0, sizeof *s);
    s->current_style = ACP_STYLE_NONCOMBAT;
    s->forward_command = ACP_MOTION_READY;
    s->forward_speed = 1.0f;
    s->sidestep_speed = 1.0f;
    s->turn_speed = 1.0f;
}

/* InterpretedMotionState::AddAction (0x0051E9E0) / RawMotionState::AddAction: append. */
static void add_action(acp_action_node *list, uint32_t *count, uint32_t *dropped, uint32_t action,
                       const acp_movement_params *params)
{
    if (*count >= ACP_MAX_MOTION_ACTIONS) {
        (*dropped)++;
        return;
    }
    list[(*count)++] = (acp_action_node){action, params->speed, params->action_stamp,
                                         (params->bitfield & ACP_MP_AUTONOMOUS) != 0};
}

/* InterpretedMotionState::RemoveAction (0x0051EAD0) / RawMotionState::RemoveAction: drop the head. */
static void remove_action(acp_action_node *list, uint32_t *count)
{
    if (!*count) return;
    memmove(&list[0], &list[1], (*count - 1) * sizeof list[0]);
    (*count)--;
}

void acp_interpreted_motion_state_apply_motion(acp_interpreted_motion_state *s, uint32_t motion,
                                               const acp_movement_params *params)
{
    if (motion == ACP_MOTION_TURN_RIGHT) {
        s->turn_command = motion;
        s->turn_speed = params->speed;
    } else if (motion == ACP_MOTION_SIDESTEP_RIGHT) {
        s->sidestep_command = motion;
        s->sidestep_speed = params->speed;
    } else if (motion & ACP_MOTION_SUBSTATE_BIT) {
        s->forward_command = motion;
        s->forward_speed = params->speed;
    } else if (motion & ACP_MOTION_STYLE_BIT) {
        s->forward_command = ACP_MOTION_READY;
        s->current_style = motion;
    } else if (motion & ACP_MOTION_ACTION_BIT) {
        add_action(s->actions, &s->num_actions, &s->dropped, motion, params);
    }
}

void acp_interpreted_motion_state_copy_movement_from(acp_interpreted_motion_state *s, const acp_interpreted_motion_state *from)
{
    s->current_style = from->current_style;
    s->forward_command = from->forward_command;
    s->forward_speed = from->forward_speed;
    s->sidestep_command = from->sidestep_command;
    s->sidestep_speed = from->sidestep_speed;
    s->turn_command = from->turn_command;
    s->turn_speed = from->turn_speed;
}

void acp_interpreted_motion_state_remove_motion(acp_interpreted_motion_state *s, uint32_t motion)
{
    if (motion == ACP_MOTION_TURN_RIGHT) {
        s->turn_command = 0;
    } else if (motion == ACP_MOTION_SIDESTEP_RIGHT) {
        s->sidestep_command = 0;
    } else if (motion & ACP_MOTION_SUBSTATE_BIT) {
        if (motion != s->forward_command) return;
        s->forward_command = ACP_MOTION_READY;
        s->forward_speed = 1.0f;
    } else if ((motion & ACP_MOTION_STYLE_BIT) && motion == s->current_style) {
        s->current_style = ACP_STYLE_NONCOMBAT;
    }
}

/* RawMotionState keeps the hold key of each command unless the parameters set one globally. */
static void raw_set(uint32_t *command, uint32_t *holdkey, float *speed, uint32_t motion, const acp_movement_params *p)
{
    *command = motion;
    *holdkey = (p->bitfield & ACP_MP_SET_HOLD_KEY) ? ACP_HOLD_KEY_INVALID : p->hold_key_to_apply;
    *speed = p->speed;
}

void acp_raw_motion_state_apply_motion(acp_raw_motion_state *s, uint32_t motion, const acp_movement_params *params)
{
    if (motion == ACP_MOTION_SIDESTEP_RIGHT || motion == ACP_MOTION_SIDESTEP_LEFT) {
        raw_set(&s->sidestep_command, &s->sidestep_holdkey, &s->sidestep_speed, motion, params);
    } else if (motion == ACP_MOTION_TURN_RIGHT || motion == ACP_MOTION_TURN_LEFT) {
        raw_set(&s->turn_command, &s->turn_holdkey, &s->turn_speed, motion, params);
    } else if (motion & ACP_MOTION_SUBSTATE_BIT) {
        if (motion != ACP_MOTION_RUN_FORWARD) raw_set(&s->forward_command, &s->forward_holdkey, &s->forward_speed, motion, params);
    } else if (!(motion & ACP_MOTION_STYLE_BIT)) {
        if (motion & ACP_MOTION_ACTION_BIT) add_action(s->actions, &s->num_actions, &s->dropped, motion, params);
    } else if (s->current_style != motion) {
        s->forward_command = ACP_MOTION_READY;
        s->current_style = motion;
    }
}

void acp_raw_motion_state_remove_motion(acp_raw_motion_state *s, uint32_t motion)
{
    if (motion == ACP_MOTION_SIDESTEP_RIGHT || motion == ACP_MOTION_SIDESTEP_LEFT) {
        s->sidestep_command = 0;
    } else if (motion == ACP_MOTION_TURN_RIGHT || motion == ACP_MOTION_TURN_LEFT) {
        s->turn_command = 0;
    } else if (motion & ACP_MOTION_SUBSTATE_BIT) {
        if (motion != s->forward_command) return;
        s->forward_command = ACP_MOTION_READY;
        s->forward_speed = 1.0f;
    } else if ((motion & ACP_MOTION_STYLE_BIT) && motion == s->current_style) {
        s->current_style = ACP_STYLE_NONCOMBAT;
    }
}

/* ---- creation ---- */

acp_movement_params acp_movement_params_default(void)
{
    acp_movement_params p = {ACP_MP_DEFAULT_BITS, 1.0f, ACP_HOLD_KEY_INVALID, 0, 0, 0.6f, 0.0f, FLT_MAX, 0.0f, 15.0f};
    return p;
}

void acp_motion_interp_init(acp_motion_interp *mi, struct acp_physobj *obj)
{
    memset(mi, 0, sizeof *mi);
    mi->physics_obj = obj;
    acp_raw_motion_state_init(&mi->raw_state);
    acp_interpreted_motion_state_init(&mi->interpreted_state);
    mi->current_speed_factor = 1.0f;
    mi->my_run_rate = 1.0f;
    mi->run_rate = 1.0f;
    mi->weenie_run_rate = false; /* a non-player's weenie: InqRunRate fails */
}

/* CMotionInterp::add_to_queue (0x00527B80). */
static void add_to_queue(acp_motion_interp *mi, uint32_t context_id, uint32_t motion, uint32_t jump_error_code)
{
    if (mi->num_pending >= ACP_MAX_PENDING_MOTIONS) {
        mi->dropped++;
        return;
    }
    mi->pending[mi->num_pending++] = (acp_motion_node){context_id, motion, jump_error_code};
}

void acp_motion_interp_enter_default_state(acp_motion_interp *mi)
{
    acp_raw_motion_state_init(&mi->raw_state);
    acp_interpreted_motion_state_init(&mi->interpreted_state);
    acp_physobj_initialize_motion_tables(mi->physics_obj);
    add_to_queue(mi, 0, ACP_MOTION_READY, 0);
    mi->initted = true;
    acp_motion_interp_leave_ground(mi);
}

/* ---- commands ---- */

/* The run factor of apply_run_to_command, get_state_velocity, get_max_speed and
 * get_adjusted_max_speed: the weenie's InqRunRate answer, else my_run_rate (motion_interp.h). */
static double inq_run_rate(const acp_motion_interp *mi)
{
    return mi->weenie_run_rate ? (double)mi->run_rate : (double)mi->my_run_rate;
}

void acp_motion_interp_apply_run_to_command(const acp_motion_interp *mi, uint32_t *motion, float *speed)
{
    double rate = inq_run_rate(mi);
    switch (*motion) {
    case ACP_MOTION_WALK_FORWARD:
        if (*speed > 0.0f) *motion = ACP_MOTION_RUN_FORWARD;
        *speed = (float)(rate * *speed);
        break;
    case ACP_MOTION_TURN_RIGHT: *speed = (float)(1.5 * *speed); break;
    case ACP_MOTION_SIDESTEP_RIGHT: {
        double s = rate * *speed;
        *speed = (float)s;
        if (fabs(s) > 3.0) *speed = s <= 0.0 ? (float)(-1.0 * 3.0) : (float)(1.0 * 3.0);
        break;
    }
    default: break;
    }
}

void acp_motion_interp_adjust_motion(const acp_motion_interp *mi, uint32_t *motion, float *speed, uint32_t key)
{
    uint32_t m = *motion;
    if (m == ACP_MOTION_RUN_FORWARD) return;
    if (m == ACP_MOTION_TURN_LEFT) {
        *motion = ACP_MOTION_TURN_RIGHT;
        *speed = (float)(*speed * -1.0);
    } else if (m == ACP_MOTION_WALK_BACKWARDS) {
        *motion = ACP_MOTION_WALK_FORWARD;
        *speed = (float)((double)-0.65f * *speed);
    } else if (m == ACP_MOTION_SIDESTEP_RIGHT || m == ACP_MOTION_SIDESTEP_LEFT) {
        if (m == ACP_MOTION_SIDESTEP_LEFT) {
            *motion = ACP_MOTION_SIDESTEP_RIGHT;
            *speed = (float)(*speed * -1.0);
        }
        *speed = (float)(SIDESTEP_FACTOR * *speed);
    }
    if (key == ACP_HOLD_KEY_INVALID) key = mi->raw_state.current_holdkey;
    if (key == ACP_HOLD_KEY_RUN) acp_motion_interp_apply_run_to_command(mi, motion, speed);
}

acp_vec3 acp_motion_interp_get_state_velocity(const acp_motion_interp *mi)
{
    const acp_interpreted_motion_state *s = &mi->interpreted_state;
    acp_vec3 v;
    v.x = s->sidestep_command == ACP_MOTION_SIDESTEP_RIGHT ? (float)(1.25 * s->sidestep_speed) : 0.0f;
    if (s->forward_command == ACP_MOTION_WALK_FORWARD) v.y = (float)((double)3.12f * s->forward_speed);
    else if (s->forward_command == ACP_MOTION_RUN_FORWARD) v.y = (float)(4.0 * s->forward_speed);
    else v.y = 0.0f;
    v.z = 0.0f;
    double max = inq_run_rate(mi) * 4.0;
    double len = sqrt((double)v.x * v.x + (double)v.y * v.y + (double)v.z * v.z);
    if (len > max) {
        v.x = (float)(1.0 / len * v.x * max);
        v.y = (float)(1.0 / len * v.y * max);
        v.z = (float)(1.0 / len * v.z * max);
    }
    return v;
}

double acp_motion_interp_get_jump_v_z(const acp_motion_interp *mi)
{
    float extent = mi->jump_extent;
    if ((double)extent < ACP_F_EPSILON) return 0.0;
    return 10.0; /* no weenie: extent (clamped to 1) is not consulted */
}

acp_vec3 acp_motion_interp_get_leave_ground_velocity(const acp_motion_interp *mi)
{
    acp_vec3 v = acp_motion_interp_get_state_velocity(mi);
    float vz = (float)acp_motion_interp_get_jump_v_z(mi);
    v.z = vz;
    if (!(fabs((double)v.x) < ACP_F_EPSILON && fabs((double)v.y) < ACP_F_EPSILON && fabs((double)vz) < ACP_F_EPSILON))
        return v;
    const acp_frame *f = &mi->physics_obj->position.frame;
    const acp_vec3 w = mi->physics_obj->velocity;
    v.x = (float)((double)f->m[1] * w.y + (double)f->m[0] * w.x + (double)f->m[2] * w.z);
    v.y = (float)((double)f->m[4] * w.y + (double)f->m[3] * w.x + (double)f->m[5] * w.z);
    v.z = (float)((double)f->m[7] * w.y + (double)f->m[6] * w.x + (double)f->m[8] * w.z);
    return v;
}

static bool on_walkable_contact(const struct acp_physobj *obj)
{
    return (obj->transient_state & ACP_CONTACT_TS) && (obj->transient_state & ACP_ON_WALKABLE_TS);
}

bool acp_motion_interp_contact_allows_move(const acp_motion_interp *mi, uint32_t motion)
{
    const struct acp_physobj *obj = mi->physics_obj;
    if (!obj) return false;
    if (motion > ACP_MOTION_FALLING) {
        if (motion >= ACP_MOTION_TURN_RIGHT && motion <= ACP_MOTION_TURN_LEFT) return true;
    } else if (motion == ACP_MOTION_FALLING || motion == 0x40000011u) {
        return true;
    }
    if (!(obj->state & ACP_GRAVITY_PS)) return true;
    return on_walkable_contact(obj);
}

uint32_t acp_motion_allows_jump(uint32_t substate)
{
    if (substate > 0x40000018u) {
        if (substate > 0x41000014u || (substate < 0x41000012u && (substate < 0x4000001Eu || substate > 0x40000039u)))
            return ACP_MERR_NONE;
    } else if (substate < 0x40000016u) {
        if (substate > 0x10000131u) {
            if (substate != 0x40000008u) return ACP_MERR_NONE;
        } else if (substate < 0x10000128u && (substate < 0x1000006Fu || substate > 0x10000078u)) {
            return ACP_MERR_NONE;
        }
    }
    return ACP_MERR_CANT_JUMP_FROM_POSITION;
}

static bool is_locomotion(uint32_t motion)
{
    return motion == ACP_MOTION_WALK_FORWARD || motion == ACP_MOTION_RUN_FORWARD || motion == ACP_MOTION_SIDESTEP_RIGHT;
}

/* The tail of every command: an object outside any cell drops its link animations. */
static void cell_check(acp_motion_interp *mi)
{
    if (mi->physics_obj && !mi->physics_obj->has_cell) acp_physobj_remove_link_animations(mi->physics_obj);
}

static uint32_t jump_error_after(const acp_motion_interp *mi, uint32_t motion, const acp_movement_params *params)
{
    if (params->bitfield & ACP_MP_DISABLE_JUMP_DURING_LINK) return ACP_MERR_CANT_JUMP_FROM_POSITION;
    uint32_t e = acp_motion_allows_jump(motion);
    if (!e && !(motion & ACP_MOTION_ACTION_BIT)) e = acp_motion_allows_jump(mi->interpreted_state.forward_command);
    return e;
}

static uint32_t play_interpreted(acp_motion_interp *mi, uint32_t motion, const acp_movement_params *params)
{
    if (motion == 0x40000011u) acp_physobj_remove_link_animations(mi->physics_obj);
    uint32_t r = acp_physobj_do_interpreted_motion(mi->physics_obj, motion, params);
    if (r) return r;
    add_to_queue(mi, params->context_id, motion, jump_error_after(mi, motion, params));
    if (params->bitfield & ACP_MP_MODIFY_INTERPRETED_STATE)
        acp_interpreted_motion_state_apply_motion(&mi->interpreted_state, motion, params);
    return ACP_MERR_NONE;
}

uint32_t acp_motion_interp_do_interpreted_motion(acp_motion_interp *mi, uint32_t motion, const acp_movement_params *params)
{
    if (!mi->physics_obj) return ACP_MERR_NO_PHYSICS_OBJECT;
    uint32_t r = ACP_MERR_NONE;
    bool allowed = acp_motion_interp_contact_allows_move(mi, motion);
    if (allowed && !(mi->standing_longjump && is_locomotion(motion))) {
        r = play_interpreted(mi, motion, params);
    } else if (!allowed && (motion & ACP_MOTION_ACTION_BIT)) {
        r = ACP_MERR_CANT_JUMP_IN_AIR;
    } else if (params->bitfield & ACP_MP_MODIFY_INTERPRETED_STATE) {
        acp_interpreted_motion_state_apply_motion(&mi->interpreted_state, motion, params);
    }
    cell_check(mi);
    return r;
}

uint32_t acp_motion_interp_stop_interpreted_motion(acp_motion_interp *mi, uint32_t motion, const acp_movement_params *params)
{
    if (!mi->physics_obj) return ACP_MERR_NO_PHYSICS_OBJECT;
    uint32_t r = ACP_MERR_NONE;
    if (!acp_motion_interp_contact_allows_move(mi, motion) || (mi->standing_longjump && is_locomotion(motion))) {
        if (params->bitfield & ACP_MP_MODIFY_INTERPRETED_STATE)
            acp_interpreted_motion_state_remove_motion(&mi->interpreted_state, motion);
    } else {
        r = acp_physobj_stop_interpreted_motion(mi->physics_obj, motion, params);
        if (!r) {
            add_to_queue(mi, params->context_id, ACP_MOTION_READY, 0);
            if (params->bitfield & ACP_MP_MODIFY_INTERPRETED_STATE)
                acp_interpreted_motion_state_remove_motion(&mi->interpreted_state, motion);
        }
    }
    cell_check(mi);
    return r;
}

/* Out of NonCombat, sitting, lying down and emotes are refused. */
static uint32_t combat_refusal(const acp_motion_interp *mi, uint32_t motion)
{
    if (mi->interpreted_state.current_style == ACP_STYLE_NONCOMBAT) return ACP_MERR_NONE;
    if (motion == 0x41000012u) return ACP_MERR_CANT_CROUCH_IN_COMBAT;
    if (motion == 0x41000013u) return ACP_MERR_CANT_SIT_IN_COMBAT;
    if (motion == 0x41000014u) return ACP_MERR_CANT_LIE_DOWN_IN_COMBAT;
    if (motion & 0x02000000u) return ACP_MERR_CANT_EMOTE_IN_COMBAT;
    return ACP_MERR_NONE;
}

uint32_t acp_motion_interp_do_motion(acp_motion_interp *mi, uint32_t motion, const acp_movement_params *params)
{
    if (!mi->physics_obj) return ACP_MERR_NO_PHYSICS_OBJECT;
    acp_movement_params adjusted = *params;
    if (params->bitfield & ACP_MP_CANCEL_MOVETO) acp_physobj_cancel_moveto(mi->physics_obj);
    if (params->bitfield & ACP_MP_SET_HOLD_KEY)
        acp_motion_interp_set_hold_key(mi, params->hold_key_to_apply, (params->bitfield >> 15) & 1);
    uint32_t m = motion;
    acp_motion_interp_adjust_motion(mi, &m, &adjusted.speed, params->hold_key_to_apply);
    uint32_t refusal = combat_refusal(mi, motion);
    if (refusal) return refusal;
    if ((motion & ACP_MOTION_ACTION_BIT) && mi->interpreted_state.num_actions >= 6) return ACP_MERR_TOO_MANY_ACTIONS;
    uint32_t r = acp_motion_interp_do_interpreted_motion(mi, m, &adjusted);
    if (!r && (params->bitfield & ACP_MP_MODIFY_RAW_STATE)) acp_raw_motion_state_apply_motion(&mi->raw_state, motion, params);
    return r;
}

uint32_t acp_motion_interp_stop_motion(acp_motion_interp *mi, uint32_t motion, const acp_movement_params *params)
{
    if (!mi->physics_obj) return ACP_MERR_NO_PHYSICS_OBJECT;
    if (params->bitfield & ACP_MP_CANCEL_MOVETO) acp_physobj_cancel_moveto(mi->physics_obj);
    acp_movement_params adjusted = *params;
    uint32_t m = motion;
    acp_motion_interp_adjust_motion(mi, &m, &adjusted.speed, params->hold_key_to_apply);
    uint32_t r = acp_motion_interp_stop_interpreted_motion(mi, m, &adjusted);
    if (!r && (params->bitfield & ACP_MP_MODIFY_RAW_STATE)) acp_raw_motion_state_remove_motion(&mi->raw_state, motion);
    return r;
}

uint32_t acp_motion_interp_stop_completely(acp_motion_interp *mi)
{
    if (!mi->physics_obj) return ACP_MERR_NO_PHYSICS_OBJECT;
    acp_physobj_cancel_moveto(mi->physics_obj);
    uint32_t jump_error = acp_motion_allows_jump(mi->interpreted_state.forward_command);
    mi->raw_state.forward_command = ACP_MOTION_READY;
    mi->raw_state.forward_speed = 1.0f;
    mi->raw_state.sidestep_command = 0;
    mi->raw_state.turn_command = 0;
    mi->interpreted_state.forward_command = ACP_MOTION_READY;
    mi->interpreted_state.forward_speed = 1.0f;
    mi->interpreted_state.sidestep_command = 0;
    mi->interpreted_state.turn_command = 0;
    acp_physobj_stop_completely_internal(mi->physics_obj);
    add_to_queue(mi, 0, ACP_MOTION_READY, jump_error);
    cell_check(mi);
    return ACP_MERR_NONE;
}

/* ---- whole states ---- */

static void apply_forward_and_sidestep(acp_motion_interp *mi, acp_movement_params *params)
{
    const acp_interpreted_motion_state *s = &mi->interpreted_state;
    if (mi->standing_longjump) {
        params->speed = 1.0f;
        acp_motion_interp_do_interpreted_motion(mi, ACP_MOTION_READY, params);
        acp_motion_interp_stop_interpreted_motion(mi, ACP_MOTION_SIDESTEP_RIGHT, params);
        return;
    }
    params->speed = s->forward_speed;
    acp_motion_interp_do_interpreted_motion(mi, s->forward_command, params);
    if (s->sidestep_command) {
        params->speed = s->sidestep_speed;
        acp_motion_interp_do_interpreted_motion(mi, s->sidestep_command, params);
    } else {
        acp_motion_interp_stop_interpreted_motion(mi, ACP_MOTION_SIDESTEP_RIGHT, params);
    }
}

static void apply_turn(acp_motion_interp *mi, acp_movement_params *params)
{
    const acp_interpreted_motion_state *s = &mi->interpreted_state;
    if (s->turn_command) {
        params->speed = s->turn_speed;
        acp_motion_interp_do_interpreted_motion(mi, s->turn_command, params);
        return;
    }
    if (!acp_physobj_stop_interpreted_motion(mi->physics_obj, ACP_MOTION_TURN_RIGHT, params)) {
        add_to_queue(mi, params->context_id, ACP_MOTION_READY, 0);
        if (params->bitfield & ACP_MP_MODIFY_INTERPRETED_STATE)
            acp_interpreted_motion_state_remove_motion(&mi->interpreted_state, ACP_MOTION_TURN_RIGHT);
    }
    cell_check(mi);
}

void acp_motion_interp_apply_interpreted_movement(acp_motion_interp *mi, bool cancel_moveto, bool disallow_jump)
{
    if (!mi->physics_obj) return;
    acp_movement_params params = acp_movement_params_default();
    params.bitfield = (params.bitfield & 0xFFFD37FFu) | (((uint32_t)cancel_moveto | 4u * (uint32_t)disallow_jump) << 15);
    if (mi->interpreted_state.forward_command == ACP_MOTION_RUN_FORWARD) mi->my_run_rate = mi->interpreted_state.forward_speed;
    acp_motion_interp_do_interpreted_motion(mi, mi->interpreted_state.current_style, &params);
    if (acp_motion_interp_contact_allows_move(mi, mi->interpreted_state.forward_command)) {
        apply_forward_and_sidestep(mi, &params);
    } else {
        params.speed = 1.0f;
        acp_motion_interp_do_interpreted_motion(mi, ACP_MOTION_FALLING, &params);
    }
    apply_turn(mi, &params);
}

void acp_motion_interp_apply_raw_movement(acp_motion_interp *mi, bool cancel_moveto, bool disallow_jump)
{
    if (!mi->physics_obj) return;
    const acp_raw_motion_state *r = &mi->raw_state;
    acp_interpreted_motion_state *s = &mi->interpreted_state;
    s->current_style = r->current_style;
    s->forward_command = r->forward_command;
    s->forward_speed = r->forward_speed;
    s->sidestep_command = r->sidestep_command;
    s->sidestep_speed = r->sidestep_speed;
    s->turn_command = r->turn_command;
    s->turn_speed = r->turn_speed;
    acp_motion_interp_adjust_motion(mi, &s->forward_command, &s->forward_speed, r->forward_holdkey);
    acp_motion_interp_adjust_motion(mi, &s->sidestep_command, &s->sidestep_speed, r->sidestep_holdkey);
    acp_motion_interp_adjust_motion(mi, &s->turn_command, &s->turn_speed, r->turn_holdkey);
    acp_motion_interp_apply_interpreted_movement(mi, cancel_moveto, disallow_jump);
}

void acp_motion_interp_apply_current_movement(acp_motion_interp *mi, bool cancel_moveto, bool disallow_jump)
{
    if (!mi->physics_obj || !mi->initted) return;
    if (mi->physics_obj->last_move_was_autonomous) acp_motion_interp_apply_raw_movement(mi, cancel_moveto, disallow_jump);
    else acp_motion_interp_apply_interpreted_movement(mi, cancel_moveto, disallow_jump);
}

/* The server's actions newer than the last one played (15-bit stamps, wrapping). */
static bool stamp_is_newer(uint32_t stamp, uint32_t last)
{
    uint32_t a = stamp & 0x7FFFu, b = last & 0x7FFFu;
    uint32_t diff = a <= b ? b - a : a - b;
    return diff <= 0x3FFFu ? b < a : a < b;
}

void acp_motion_interp_move_to_interpreted_state(acp_motion_interp *mi, const acp_interpreted_motion_state *state)
{
    if (!mi->physics_obj) return;
    mi->raw_state.current_style = state->current_style;
    acp_physobj_cancel_moveto(mi->physics_obj);
    bool disallow_jump = acp_motion_allows_jump(mi->interpreted_state.forward_command) != 0;
    acp_interpreted_motion_state_copy_movement_from(&mi->interpreted_state, state);
    acp_motion_interp_apply_current_movement(mi, true, disallow_jump);
    acp_movement_params params = acp_movement_params_default();
    for (uint32_t i = 0; i < state->num_actions; i++) {
        const acp_action_node *a = &state->actions[i];
        if (!stamp_is_newer(a->stamp, mi->server_action_stamp) || a->autonomous) continue;
        mi->server_action_stamp = a->stamp;
        params.speed = a->speed;
        params.bitfield &= ~(uint32_t)ACP_MP_AUTONOMOUS;
        acp_motion_interp_do_interpreted_motion(mi, a->action, &params);
    }
}

void acp_motion_interp_set_hold_run(acp_motion_interp *mi, bool run, bool cancel_moveto)
{
    if (run == (mi->raw_state.current_holdkey == ACP_HOLD_KEY_RUN)) return;
    mi->raw_state.current_holdkey = run ? ACP_HOLD_KEY_RUN : ACP_HOLD_KEY_NONE;
    acp_motion_interp_apply_current_movement(mi, cancel_moveto, false);
}

void acp_motion_interp_set_hold_key(acp_motion_interp *mi, uint32_t key, bool cancel_moveto)
{
    uint32_t cur = mi->raw_state.current_holdkey;
    if (key == cur) return;
    if (key == ACP_HOLD_KEY_NONE && cur == ACP_HOLD_KEY_RUN) {
        mi->raw_state.current_holdkey = ACP_HOLD_KEY_NONE;
        acp_motion_interp_apply_current_movement(mi, cancel_moveto, false);
    } else if (key == ACP_HOLD_KEY_RUN) {
        mi->raw_state.current_holdkey = ACP_HOLD_KEY_RUN;
        acp_motion_interp_apply_current_movement(mi, cancel_moveto, false);
    }
}

/* ---- jumping ---- */

/* CMotionInterp::jump_charge_is_allowed (0x00527A50), no weenie: crouching, sitting and lying
 * down cannot jump. */
static uint32_t jump_charge_is_allowed(const acp_motion_interp *mi)
{
    uint32_t f = mi->interpreted_state.forward_command;
    if (f == 0x40000008u || (f > 0x41000011u && f <= 0x41000014u)) return ACP_MERR_CANT_JUMP_FROM_POSITION;
    return ACP_MERR_NONE;
}

uint32_t acp_motion_interp_charge_jump(acp_motion_interp *mi)
{
    uint32_t r = jump_charge_is_allowed(mi);
    if (r) return r;
    if (acp_motion_interp_is_standing_still(mi)) mi->standing_longjump = true;
    return ACP_MERR_NONE;
}

uint32_t acp_motion_interp_jump_is_allowed(const acp_motion_interp *mi, float extent)
{
    (void)extent; /* read only by the weenie's stamina check */
    const struct acp_physobj *obj = mi->physics_obj;
    if (!obj || ((obj->state & ACP_GRAVITY_PS) && !on_walkable_contact(obj))) return ACP_MERR_CANT_JUMP_IN_AIR;
    if (acp_physobj_is_fully_constrained(obj)) return ACP_MERR_GENERAL_MOVEMENT_FAILURE;
    if (mi->num_pending && mi->pending[0].jump_error_code) return mi->pending[0].jump_error_code;
    uint32_t r = jump_charge_is_allowed(mi);
    if (r) return r;
    return acp_motion_allows_jump(mi->interpreted_state.forward_command);
}

uint32_t acp_motion_interp_jump(acp_motion_interp *mi, float extent)
{
    if (!mi->physics_obj) return ACP_MERR_NO_PHYSICS_OBJECT;
    acp_physobj_cancel_moveto(mi->physics_obj);
    uint32_t r = acp_motion_interp_jump_is_allowed(mi, extent);
    if (r) {
        mi->standing_longjump = false;
        return r;
    }
    mi->jump_extent = extent;
    acp_physobj_set_on_walkable(mi->physics_obj, false);
    return ACP_MERR_NONE;
}

void acp_motion_interp_hit_ground(acp_motion_interp *mi)
{
    if (!mi->physics_obj || !(mi->physics_obj->state & ACP_GRAVITY_PS)) return;
    acp_physobj_remove_link_animations(mi->physics_obj);
    acp_motion_interp_apply_current_movement(mi, false, false);
}

void acp_motion_interp_leave_ground(acp_motion_interp *mi)
{
    if (!mi->physics_obj || !(mi->physics_obj->state & ACP_GRAVITY_PS)) return;
    acp_vec3 v = acp_motion_interp_get_leave_ground_velocity(mi);
    acp_physobj_set_local_velocity(mi->physics_obj, v);
    mi->standing_longjump = false;
    mi->jump_extent = 0.0f;
    acp_physobj_remove_link_animations(mi->physics_obj);
    acp_motion_interp_apply_current_movement(mi, false, false);
}

/* ---- pending motions ---- */

static void pop_pending(acp_motion_interp *mi)
{
    if (mi->pending[0].motion & ACP_MOTION_ACTION_BIT) {
        if (mi->physics_obj) acp_physobj_unstick_from_object(mi->physics_obj);
        remove_action(mi->interpreted_state.actions, &mi->interpreted_state.num_actions);
        remove_action(mi->raw_state.actions, &mi->raw_state.num_actions);
    }
    memmove(&mi->pending[0], &mi->pending[1], (mi->num_pending - 1) * sizeof mi->pending[0]);
    mi->num_pending--;
}

void acp_motion_interp_motion_done(acp_motion_interp *mi, bool success)
{
    (void)success;
    if (!mi->physics_obj || !mi->num_pending) return;
    pop_pending(mi);
}

void acp_motion_interp_handle_exit_world(acp_motion_interp *mi)
{
    while (mi->num_pending) pop_pending(mi);
}

bool acp_motion_interp_is_standing_still(const acp_motion_interp *mi)
{
    const acp_interpreted_motion_state *s = &mi->interpreted_state;
    return on_walkable_contact(mi->physics_obj) && s->forward_command == ACP_MOTION_READY && !s->sidestep_command &&
           !s->turn_command;
}

/* The weenie branch: InqRunRate's answer, or my_run_rate when it fails (motion_interp.h). */
double acp_motion_interp_get_max_speed(const acp_motion_interp *mi)
{
    return inq_run_rate(mi) * 4.0;
}

double acp_motion_interp_get_adjusted_max_speed(const acp_motion_interp *mi)
{
    double rate = inq_run_rate(mi);
    if (mi->interpreted_state.forward_command == ACP_MOTION_RUN_FORWARD)
        rate = (double)mi->interpreted_state.forward_speed / mi->current_speed_factor;
    return rate * 4.0;
}
