/* acphys — retail CMotionInterp: turns motion commands (raw input or the server's interpreted
 * state) into motion-table commands on the object's part array, and owns the object's raw and
 * interpreted motion states, its jump and its pending motions.
 *
 * CONVENTIONS
 *   Motion ids and speeds as in motion_table.h. Velocities m/s in object axes (+Y forward, +X
 *   right, +Z up). The interpreter belongs to one object's MovementManager (movement_manager.h).
 *   No weenie object (CWeenieObject) exists here. Where retail asks the weenie, acphys answers
 *   as retail does without one, except for the run rate. Every object the client creates has an
 *   ACCWeenieObject, whose InqRunRate answers only for the player (its client qualities): when
 *   `weenie_run_rate` is set (acp_physobj_set_run_rate: the player, or an object the caller
 *   gives a weenie's run rate) InqRunRate answers `run_rate`; otherwise it fails and retail's
 *   fallback `my_run_rate` is used (set by RunForward's speed in apply_interpreted_movement and
 *   by a move-to packet), as for a non-player (docs/DEVIATIONS.md M8).
 *   Storage: the action lists and the pending-motion queue are fixed arrays; an entry that does
 *   not fit is dropped and counted in `dropped` (docs/DEVIATIONS.md).
 *   Returns: retail's WeenieError (enum acp_motion_error in motion_table.h), 0 = success.
 */
#ifndef ACP_MOTION_INTERP_H
#define ACP_MOTION_INTERP_H

#include <stdbool.h>
#include <stdint.h>

#include "physics/geometry/frame.h"
#include "motion_table.h"

#define ACP_MAX_MOTION_ACTIONS 8
#define ACP_MAX_PENDING_MOTIONS 32

struct acp_physobj;

/** Retail HoldKey. */
enum acp_hold_key { ACP_HOLD_KEY_INVALID = 0, ACP_HOLD_KEY_NONE = 1, ACP_HOLD_KEY_RUN = 2 };

/** Retail MovementParameters bits (the interpreter's and the MoveToManager's). */
enum acp_movement_params_bits {
    ACP_MP_CAN_WALK = 0x1,
    ACP_MP_CAN_RUN = 0x2,
    ACP_MP_CAN_SIDESTEP = 0x4,
    ACP_MP_CAN_WALK_BACKWARDS = 0x8,
    ACP_MP_CAN_CHARGE = 0x10,
    ACP_MP_FAIL_WALK = 0x20,
    ACP_MP_USE_FINAL_HEADING = 0x40,
    ACP_MP_STICKY = 0x80,
    ACP_MP_MOVE_AWAY = 0x100,
    ACP_MP_MOVE_TOWARDS = 0x200,
    ACP_MP_USE_SPHERES = 0x400,
    ACP_MP_SET_HOLD_KEY = 0x800,
    ACP_MP_AUTONOMOUS = 0x1000,
    ACP_MP_MODIFY_RAW_STATE = 0x2000,
    ACP_MP_MODIFY_INTERPRETED_STATE = 0x4000,
    ACP_MP_CANCEL_MOVETO = 0x8000,
    ACP_MP_STOP_COMPLETELY = 0x10000,
    ACP_MP_DISABLE_JUMP_DURING_LINK = 0x20000,
    ACP_MP_DEFAULT_BITS = 0x1EE0F    /* MovementParameters::MovementParameters' normal bitfield */
};

/** Retail MovementParameters. */
typedef struct acp_movement_params {
    uint32_t bitfield;               /* enum acp_movement_params_bits */
    float speed;                     /* 1.0 by default */
    uint32_t hold_key_to_apply;      /* enum acp_hold_key */
    uint32_t context_id;
    uint32_t action_stamp;
    /* ---- the MoveToManager's (issue 13) ---- */
    float distance_to_object;        /* metres: arrived within this (0.6 by default) */
    float min_distance;              /* metres: a move away stops beyond this (0) */
    float fail_distance;             /* metres from the start that cancel (FLT_MAX) */
    float desired_heading;           /* degrees (0) */
    float walk_run_threshhold;       /* metres beyond distance_to_object that make it run (15) */
} acp_movement_params;

/** Retail ActionNode. */
typedef struct acp_action_node {
    uint32_t action;
    float speed;
    uint32_t stamp;
    bool autonomous;
} acp_action_node;

/** Retail RawMotionState: the input as the keyboard makes it. */
typedef struct acp_raw_motion_state {
    uint32_t current_holdkey;        /* acp_hold_key; None by default */
    uint32_t current_style;          /* NonCombat by default */
    uint32_t forward_command;        /* Ready by default */
    uint32_t forward_holdkey;
    float forward_speed;
    uint32_t sidestep_command;       /* 0 = none */
    uint32_t sidestep_holdkey;
    float sidestep_speed;
    uint32_t turn_command;           /* 0 = none */
    uint32_t turn_holdkey;
    float turn_speed;
    uint32_t num_actions;
    acp_action_node actions[ACP_MAX_MOTION_ACTIONS];
    uint32_t dropped;                /* actions that did not fit */
} acp_raw_motion_state;

/** Retail InterpretedMotionState: the motion as the server sends it (speeds final). */
typedef struct acp_interpreted_motion_state {
    uint32_t current_style;          /* NonCombat by default */
    uint32_t forward_command;        /* Ready by default */
    float forward_speed;
    uint32_t sidestep_command;
    float sidestep_speed;
    uint32_t turn_command;
    float turn_speed;
    uint32_t num_actions;
    acp_action_node actions[ACP_MAX_MOTION_ACTIONS];
    uint32_t dropped;                /* actions that did not fit */
} acp_interpreted_motion_state;

/** Retail CMotionInterp::MotionNode: a motion waiting for its animations. */
typedef struct acp_motion_node {
    uint32_t context_id;
    uint32_t motion;
    uint32_t jump_error_code;        /* 0 = a jump is allowed meanwhile */
} acp_motion_node;

/** Retail CMotionInterp. */
typedef struct acp_motion_interp {
    bool initted;
    struct acp_physobj *physics_obj;
    acp_raw_motion_state raw_state;
    acp_interpreted_motion_state interpreted_state;
    float current_speed_factor;
    bool standing_longjump;
    float jump_extent;               /* 0..1 */
    uint32_t server_action_stamp;
    float my_run_rate;               /* the fallback when InqRunRate fails (see above) */
    float run_rate;                  /* InqRunRate's answer when weenie_run_rate (see above) */
    bool weenie_run_rate;            /* InqRunRate answers (the player's weenie); false: my_run_rate */
    uint32_t num_pending;
    acp_motion_node pending[ACP_MAX_PENDING_MOTIONS]; /* [0] is the head */
    uint32_t dropped;
} acp_motion_interp;

/** Default MovementParameters. Retail: MovementParameters::MovementParameters (0x00524380). */
acp_movement_params acp_movement_params_default(void);

/** Top speed (m/s): InqRunRate's answer (`run_rate`), or `my_run_rate` when it fails, × 4.
 *  Retail: CMotionInterp::get_max_speed (0x00527CB0). */
double acp_motion_interp_get_max_speed(const acp_motion_interp *mi);

/** Top speed (m/s) of the current motion: `run_rate` (or `my_run_rate`, as get_max_speed), or while running forward the interpreted
 *  forward speed / current_speed_factor; × 4. Retail:
 *  CMotionInterp::get_adjusted_max_speed (0x00527D00). */
double acp_motion_interp_get_adjusted_max_speed(const acp_motion_interp *mi);

/** A new interpreter for `obj` (not yet initted: enter_default_state does that).
 *  Retail: CMotionInterp::Create (0x00528C00). */
void acp_motion_interp_init(acp_motion_interp *mi, struct acp_physobj *obj);

/** Default raw and interpreted states, the motion table's default state, a pending Ready, then
 *  LeaveGround. Retail: CMotionInterp::enter_default_state (0x00528C80). */
void acp_motion_interp_enter_default_state(acp_motion_interp *mi);

/** Canonicalise a command: TurnLeft → TurnRight × −1; WalkBackwards → WalkForward × −0.65;
 *  SideStepLeft → SideStepRight × −1; sidestep speed × 3.12/1.25 × 0.5; RunForward is left alone;
 *  then, when `key` (Invalid: the raw state's current hold key) is Run, apply_run_to_command.
 *  Retail: CMotionInterp::adjust_motion (0x00528010). */
void acp_motion_interp_adjust_motion(const acp_motion_interp *mi, uint32_t *motion, float *speed, uint32_t key);

/** Running: WalkForward (speed > 0) → RunForward, speed × run rate; TurnRight speed × 1.5;
 *  SideStepRight speed × run rate clamped to ±3.0. Retail: CMotionInterp::apply_run_to_command
 *  (0x00527BE0). */
void acp_motion_interp_apply_run_to_command(const acp_motion_interp *mi, uint32_t *motion, float *speed);

/** The velocity the interpreted state asks for (object axes, m/s): sidestep 1.25 × speed (x),
 *  walk 3.12 × speed or run 4.0 × speed (y), capped at run rate × 4.0 in magnitude.
 *  Retail: CMotionInterp::get_state_velocity (0x00527D50). */
acp_vec3 acp_motion_interp_get_state_velocity(const acp_motion_interp *mi);

/** Vertical jump speed (m/s): 0 below an extent of EPSILON, else 10 (no weenie).
 *  Retail: CMotionInterp::get_jump_v_z (0x00527AA0). */
double acp_motion_interp_get_jump_v_z(const acp_motion_interp *mi);

/** State velocity with z = the jump speed (object axes); when all three are below EPSILON, the
 *  object's own velocity expressed in object axes. Retail: CMotionInterp::get_leave_ground_velocity
 *  (0x005280C0). */
acp_vec3 acp_motion_interp_get_leave_ground_velocity(const acp_motion_interp *mi);

/** Whether motion may be played now: turns, Falling and 0x40000011 always; otherwise only on
 *  walkable contact for an object with gravity. Retail: CMotionInterp::contact_allows_move (0x00528240). */
bool acp_motion_interp_contact_allows_move(const acp_motion_interp *mi, uint32_t motion);

/** Play an interpreted command through the motion table and queue it as pending.
 *  Retail: CMotionInterp::DoInterpretedMotion (0x00528360). */
uint32_t acp_motion_interp_do_interpreted_motion(acp_motion_interp *mi, uint32_t motion, const acp_movement_params *params);

/** Stop an interpreted command. Retail: CMotionInterp::StopInterpretedMotion (0x00528470). */
uint32_t acp_motion_interp_stop_interpreted_motion(acp_motion_interp *mi, uint32_t motion, const acp_movement_params *params);

/** A raw command: hold key, adjust_motion, combat checks, the action limit (6), then
 *  DoInterpretedMotion and the raw state. Retail: CMotionInterp::DoMotion (0x00528D20). */
uint32_t acp_motion_interp_do_motion(acp_motion_interp *mi, uint32_t motion, const acp_movement_params *params);

/** Stop a raw command. Retail: CMotionInterp::StopMotion (0x00528530). */
uint32_t acp_motion_interp_stop_motion(acp_motion_interp *mi, uint32_t motion, const acp_movement_params *params);

/** Return to Ready with no sidestep or turn. Retail: CMotionInterp::StopCompletely (0x00527E40). */
uint32_t acp_motion_interp_stop_completely(acp_motion_interp *mi);

/** Play the whole interpreted state: style, forward (or Falling without contact), sidestep, turn.
 *  Retail: CMotionInterp::apply_interpreted_movement (0x00528600). */
void acp_motion_interp_apply_interpreted_movement(acp_motion_interp *mi, bool cancel_moveto, bool disallow_jump);

/** Copy the raw state into the interpreted state through adjust_motion, then play it.
 *  Retail: CMotionInterp::apply_raw_movement (0x005287E0). */
void acp_motion_interp_apply_raw_movement(acp_motion_interp *mi, bool cancel_moveto, bool disallow_jump);

/** Raw movement for an autonomous object, interpreted otherwise.
 *  Retail: CMotionInterp::apply_current_movement (0x00528870). */
void acp_motion_interp_apply_current_movement(acp_motion_interp *mi, bool cancel_moveto, bool disallow_jump);

/** Take the server's state (style, forward, sidestep, turn; its actions are not modelled) and
 *  play it. Retail: CMotionInterp::move_to_interpreted_state (0x005289C0). */
void acp_motion_interp_move_to_interpreted_state(acp_motion_interp *mi, const acp_interpreted_motion_state *state);

/** Set or clear HoldRun and replay the current movement. Retail: CMotionInterp::set_hold_run (0x00528B70). */
void acp_motion_interp_set_hold_run(acp_motion_interp *mi, bool run, bool cancel_moveto);

/** Retail: CMotionInterp::SetHoldKey (0x00528BB0). */
void acp_motion_interp_set_hold_key(acp_motion_interp *mi, uint32_t key, bool cancel_moveto);

/** Start charging a jump: 72 in a position that cannot jump; standing still on walkable ground
 *  it becomes a standing long jump. Retail: CMotionInterp::charge_jump (0x005281C0). */
uint32_t acp_motion_interp_charge_jump(acp_motion_interp *mi);

/** 0 when a jump of `extent` is allowed now, else the reason (36 in the air, 71 when the object
 *  is fully constrained (CPhysicsObj::IsFullyConstrained), then a pending motion's error, 72 ...).
 *  Retail: CMotionInterp::jump_is_allowed (0x005282B0). */
uint32_t acp_motion_interp_jump_is_allowed(const acp_motion_interp *mi, float extent);

/** Jump with extent 0..1: when allowed, jump_extent = extent and the object leaves the ground
 *  (set_on_walkable(0) → LeaveGround → the leave-ground velocity). Returns the reason otherwise.
 *  Retail: CMotionInterp::jump (0x00528780). */
uint32_t acp_motion_interp_jump(acp_motion_interp *mi, float extent);

/** The object landed. Retail: CMotionInterp::HitGround (0x00528AC0). */
void acp_motion_interp_hit_ground(acp_motion_interp *mi);

/** The object left the ground: the leave-ground velocity (object axes) becomes its velocity.
 *  Retail: CMotionInterp::LeaveGround (0x00528B00). */
void acp_motion_interp_leave_ground(acp_motion_interp *mi);

/** The head pending motion finished (an action also leaves both action lists).
 *  Retail: CMotionInterp::MotionDone (0x00527EC0). */
void acp_motion_interp_motion_done(acp_motion_interp *mi, bool success);

/** Complete every pending motion. Retail: CMotionInterp::HandleExitWorld (0x00527F30). */
void acp_motion_interp_handle_exit_world(acp_motion_interp *mi);

/** Standing still on walkable ground at Ready. Retail: CMotionInterp::is_standing_still (0x00527FA0). */
bool acp_motion_interp_is_standing_still(const acp_motion_interp *mi);

/** Retail: CMotionInterp::motion_allows_jump (0x005279E0): 0 when a jump may follow `substate`, else 72. */
uint32_t acp_motion_allows_jump(uint32_t substate);

/* ---- the motion states (retail CMInterpPrim) ---- */

/** Retail: RawMotionState::RawMotionState (0x0051E7F0). */
void acp_raw_motion_state_init(acp_raw_motion_state *s);
/** Retail: InterpretedMotionState::InterpretedMotionState (0x0051E8D0). */
void acp_interpreted_motion_state_init(acp_interpreted_motion_state *s);
/** Record a played command. Retail: InterpretedMotionState::ApplyMotion (0x0051EA40). */
void acp_interpreted_motion_state_apply_motion(acp_interpreted_motion_state *s, uint32_t motion, const acp_movement_params *params);
/** Copy style, forward, sidestep and turn (not the actions).
 *  Retail: InterpretedMotionState::copy_movement_from (0x0051E750). */
void acp_interpreted_motion_state_copy_movement_from(acp_interpreted_motion_state *s, const acp_interpreted_motion_state *from);
/** Forget a stopped command. Retail: InterpretedMotionState::RemoveMotion (0x0051E790). */
void acp_interpreted_motion_state_remove_motion(acp_interpreted_motion_state *s, uint32_t motion);
/** Record a raw command. Retail: RawMotionState::ApplyMotion (0x0051EB60). */
void acp_raw_motion_state_apply_motion(acp_raw_motion_state *s, uint32_t motion, const acp_movement_params *params);
/** Retail: RawMotionState::RemoveMotion (0x0051E6E0). */
void acp_raw_motion_state_remove_motion(acp_raw_motion_state *s, uint32_t motion);

#endif
