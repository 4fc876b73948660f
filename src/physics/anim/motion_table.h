/* acphys — retail CMotionTable (what a motion command does to a sequence), MotionState (an
 * object's current style, substate, modifiers and actions) and MotionTableManager (the queue of
 * motions waiting for their animations to finish).
 *
 * CONVENTIONS
 *   Motion ids are retail's command ids: bit 0x80000000 style, 0x40000000 substate (a cycle),
 *   0x20000000 modifier, 0x10000000 action. Table keys: cycles and modifiers
 *   (style << 16) | (motion & 0xFFFFFF) in 32-bit arithmetic (only the style's low 16 bits
 *   survive), unstyled modifiers motion & 0xFFFFFF; links outer key (style << 16) |
 *   (from & 0xFFFFFF) or style << 16, inner key the full 32-bit target motion.
 *   Speeds are float multipliers (1 = the animation's own speed; negative plays backwards).
 *   Velocities m/s and omegas rad/s, object axes.
 *   Storage: retail allocates list nodes (MotionList, AnimNode); here every list is a fixed array
 *   inside its owner. A node that does not fit is dropped and counted in `dropped`
 *   (docs/DEVIATIONS.md). Nested GetObjectSequence calls (re_modify → GetObjectSequence →
 *   re_modify ...) are limited to ACP_MAX_MOTION_DEPTH; a refused call does nothing, returns
 *   false and is counted in `capped`.
 *   Errors: functions return retail's result (false/0 = the table has no data for the request).
 */
#ifndef ACP_MOTIONTABLE_H
#define ACP_MOTIONTABLE_H

#include <stdbool.h>
#include <stdint.h>

#include "dat/records.h"
#include "dat/recsource.h"
#include "sequence.h"

#define ACP_MAX_MODIFIERS 16
#define ACP_MAX_STATE_ACTIONS 16
#define ACP_MAX_PENDING_ANIMS 32
#define ACP_MAX_MOTION_DEPTH 16

/* Motion command ids and bits used by the physics (retail command_ids). */
#define ACP_MOTION_STYLE_BIT 0x80000000u
#define ACP_MOTION_SUBSTATE_BIT 0x40000000u
#define ACP_MOTION_MODIFIER_BIT 0x20000000u
#define ACP_MOTION_ACTION_BIT 0x10000000u
#define ACP_MOTION_READY 0x41000003u
#define ACP_MOTION_WALK_FORWARD 0x45000005u
#define ACP_MOTION_WALK_BACKWARDS 0x45000006u
#define ACP_MOTION_RUN_FORWARD 0x44000007u
#define ACP_MOTION_TURN_RIGHT 0x6500000Du
#define ACP_MOTION_TURN_LEFT 0x6500000Eu
#define ACP_MOTION_SIDESTEP_RIGHT 0x6500000Fu
#define ACP_MOTION_SIDESTEP_LEFT 0x65000010u
#define ACP_MOTION_FALLING 0x40000015u
#define ACP_STYLE_NONCOMBAT 0x8000003Du

/** Retail WeenieError values the motion code returns. */
enum acp_motion_error {
    ACP_MERR_NONE = 0,
    ACP_MERR_NO_ANIMATION_TABLE = 7,
    ACP_MERR_NO_PHYSICS_OBJECT = 8,
    ACP_MERR_CANT_JUMP_IN_AIR = 36,
    ACP_MERR_CANT_CROUCH_IN_COMBAT = 63,
    ACP_MERR_CANT_SIT_IN_COMBAT = 64,
    ACP_MERR_CANT_LIE_DOWN_IN_COMBAT = 65,
    ACP_MERR_CANT_EMOTE_IN_COMBAT = 66,
    ACP_MERR_NO_MTABLE_DATA = 67,
    ACP_MERR_TOO_MANY_ACTIONS = 69,
    ACP_MERR_GENERAL_MOVEMENT_FAILURE = 71,
    ACP_MERR_CANT_JUMP_FROM_POSITION = 72,
    ACP_MERR_CANT_JUMP_LOADED = 73
};

/** Retail MovementStruct types. */
enum acp_movement_type {
    ACP_MOVE_RAW_COMMAND = 1,
    ACP_MOVE_INTERPRETED_COMMAND = 2,
    ACP_MOVE_STOP_RAW_COMMAND = 3,
    ACP_MOVE_STOP_INTERPRETED_COMMAND = 4,
    ACP_MOVE_STOP_COMPLETELY = 5
};

/** A MotionList entry: a motion and its speed. */
typedef struct acp_motion_entry_state {
    uint32_t motion;
    float speed_mod;
} acp_motion_entry_state;

/** Retail MotionState. */
typedef struct acp_motion_state {
    uint32_t style;                  /* 0 = none */
    uint32_t substate;               /* 0 = none */
    float substate_mod;              /* speed of the substate */
    uint32_t num_modifiers;
    acp_motion_entry_state modifiers[ACP_MAX_MODIFIERS]; /* [0] is the head (newest) */
    uint32_t num_actions;
    acp_motion_entry_state actions[ACP_MAX_STATE_ACTIONS]; /* [0] is the head (oldest) */
    uint32_t depth;                  /* GetObjectSequence nesting of the call in progress */
    uint32_t dropped;                /* modifiers or actions that did not fit */
    uint32_t capped;                 /* GetObjectSequence calls refused at ACP_MAX_MOTION_DEPTH */
} acp_motion_state;

/* ---- MotionState ---- */

/** Style 0, substate 0, speed 1, no modifiers or actions. Retail: MotionState::MotionState (0x00525FD0). */
void acp_motion_state_init(acp_motion_state *st);
/** Push a modifier at the head. Retail: MotionState::add_modifier_no_check (0x00525FF0). */
void acp_motion_state_add_modifier_no_check(acp_motion_state *st, uint32_t modifier, float speed_mod);
/** Push a modifier unless it is listed already or is the substate; true when pushed.
 *  Retail: MotionState::add_modifier (0x00526340). */
bool acp_motion_state_add_modifier(acp_motion_state *st, uint32_t modifier, float speed_mod);
/** Remove modifier `index` (0 = head). Retail: MotionState::remove_modifier (0x00526040). */
void acp_motion_state_remove_modifier(acp_motion_state *st, uint32_t index);
/** Retail: MotionState::clear_modifiers (0x00526070). */
void acp_motion_state_clear_modifiers(acp_motion_state *st);
/** Append an action at the tail. Retail: MotionState::add_action (0x005260A0). */
void acp_motion_state_add_action(acp_motion_state *st, uint32_t action, float speed_mod);
/** Retail: MotionState::clear_actions (0x005260F0). */
void acp_motion_state_clear_actions(acp_motion_state *st);
/** Remove the head action; returns its motion, 0 when none. Retail: MotionState::remove_action_head (0x00526120). */
uint32_t acp_motion_state_remove_action_head(acp_motion_state *st);

/* ---- CMotionTable ---- */

/** The default substate of `style`; false when the table has none. */
bool acp_motion_table_style_default(const acp_motion_table *mt, uint32_t style, uint32_t *substate);
/** The cycle at `key`, or NULL. */
const acp_motion_data *acp_motion_table_cycle(const acp_motion_table *mt, uint32_t key);
/** The modifier at `key`, or NULL. */
const acp_motion_data *acp_motion_table_modifier(const acp_motion_table *mt, uint32_t key);

/** The link animation from `substate` (at substate_speed) to `motion` (at speed) in `style`.
 *  Both speeds ≥ 0: Links[(style << 16) | (substate & 0xFFFFFF)][motion], else the "from any
 *  substate" row Links[style << 16][motion]. Either speed < 0 (reversed): Links[(style << 16) |
 *  (motion & 0xFFFFFF)][substate], else Links[(style << 16) | (substate & 0xFFFFFF)][the style's
 *  default substate]. NULL when none. Retail: CMotionTable::get_link (0x00522710). */
const acp_motion_data *acp_motion_table_get_link(const acp_motion_table *mt, uint32_t style, uint32_t substate,
                                                 float substate_speed, uint32_t motion, float speed);

/** Install a motion: sequence velocity = data.velocity × speed, omega = data.omega × speed
 *  (replacing both), then every animation appended with framerate × speed. NULL data: nothing.
 *  Retail: add_motion (0x005224B0). */
void acp_add_motion(acp_sequence *seq, const acp_motion_data *data, float speed);
/** Add data.velocity × speed and data.omega × speed. Retail: combine_motion (0x00522580). */
void acp_combine_motion(acp_sequence *seq, const acp_motion_data *data, float speed);
/** Subtract them. Retail: subtract_motion (0x00522600). */
void acp_subtract_motion(acp_sequence *seq, const acp_motion_data *data, float speed);
/** Rescale the cyclic animations from old_speed to new_speed (× new/old; |old| ≤ EPSILON: × 0
 *  only when |new| < EPSILON, else nothing). Retail: change_cycle_speed (0x00522290). */
void acp_change_cycle_speed(acp_sequence *seq, const acp_motion_data *data, float old_speed, float new_speed);

/** Apply `motion` at `speed` to the state and sequence: a style change, a new cycle (with its
 *  links), an action, or a modifier, tried in that order as retail does. num_anims receives the
 *  number of animations the sequence must finish before the motion is done (may wrap below 0 as
 *  retail's unsigned count does). stop_modifiers: called from StopSequenceMotion.
 *  Retail: CMotionTable::GetObjectSequence (0x00522860). */
bool acp_motion_table_get_object_sequence(const acp_motion_table *mt, uint32_t motion, acp_motion_state *st,
                                          acp_sequence *seq, float speed, uint32_t *num_anims, bool stop_modifiers);

/** GetObjectSequence without stop_modifiers. Retail: CMotionTable::DoObjectMotion (0x00523E90). */
bool acp_motion_table_do_object_motion(const acp_motion_table *mt, uint32_t motion, acp_motion_state *st,
                                       acp_sequence *seq, float speed, uint32_t *num_anims);

/** Stop `motion`: the current substate returns to the style's default substate; a listed
 *  modifier is subtracted and removed. False when neither. `speed` is unused, as in retail.
 *  Retail: CMotionTable::StopSequenceMotion (0x00522FC0); StopObjectMotion has no body of its
 *  own in the decompilation and is this function (docs/DEVIATIONS.md). */
bool acp_motion_table_stop_sequence_motion(const acp_motion_table *mt, uint32_t motion, float speed,
                                           acp_motion_state *st, acp_sequence *seq, uint32_t *num_anims);

/** Stop every modifier (head first), then the substate. Retail: CMotionTable::StopObjectCompletely
 *  (0x00523ED0); a modifier that cannot be stopped is removed instead of retried forever. */
bool acp_motion_table_stop_object_completely(const acp_motion_table *mt, acp_motion_state *st, acp_sequence *seq,
                                             uint32_t *num_anims);

/** The default style and its default substate's cycle at speed 1, replacing every animation.
 *  Retail: CMotionTable::SetDefaultState (0x005230A0). */
bool acp_motion_table_set_default_state(const acp_motion_table *mt, acp_motion_state *st, acp_sequence *seq,
                                        uint32_t *num_anims);

/** Re-apply every modifier after the physics was cleared, as retail does: as many times as there
 *  are modifiers, take the live head, remove it and GetObjectSequence it (which pushes it back at
 *  the head), so with two or more modifiers the head is applied repeatedly and the others are
 *  lost; the stops that follow subtract each once, which can leave omega or velocity behind with
 *  no modifier listed (docs/DEVIATIONS.md M19). Retail: CMotionTable::re_modify (0x005222E0). */
void acp_motion_table_re_modify(const acp_motion_table *mt, acp_sequence *seq, acp_motion_state *st);

/* ---- MotionTableManager ---- */

/** A pending motion: done when num_anims animations have finished. Retail MotionTableManager::AnimNode. */
typedef struct acp_pending_anim {
    uint32_t motion;
    uint32_t num_anims;
} acp_pending_anim;

/** Retail MotionTableManager. (The queue first: every quantum reads num_pending.) */
typedef struct acp_mtable_manager {
    uint32_t num_pending;
    acp_pending_anim pending[ACP_MAX_PENDING_ANIMS]; /* [0] is the head */
    uint32_t dropped;                /* pending motions that did not fit */
    struct acp_physobj *physics_obj; /* receives MotionDone; may be NULL */
    const acp_motion_table *table;   /* NULL when the id was not found */
    uint32_t table_id;
    uint32_t animation_counter;
    acp_motion_state state;
} acp_mtable_manager;

/** A manager for table `table_id` (looked up in `records`; a missing table leaves `table` NULL,
 *  as retail's failed DBObj::Get does). Retail: MotionTableManager::Create (0x0051BC50) with
 *  SetMotionTableID (0x0051BBD0). */
void acp_mtable_manager_init(acp_mtable_manager *m, struct acp_physobj *physics_obj, uint32_t table_id,
                             const acp_record_source *records);

/** Queue (motion, num_anims) at the tail, then remove_redundant_links.
 *  Retail: MotionTableManager::add_to_queue (0x0051BFE0). */
void acp_mtable_manager_add_to_queue(acp_mtable_manager *m, uint32_t motion, uint32_t num_anims, acp_sequence *seq);

/** When the newest entry with animations repeats an earlier motion still waiting for its
 *  animations, drop the link animations queued in between.
 *  Retail: MotionTableManager::remove_redundant_links (0x0051BF20). */
void acp_mtable_manager_remove_redundant_links(acp_mtable_manager *m, acp_sequence *seq);

/** SetDefaultState, then queue Ready with its animation count.
 *  Retail: MotionTableManager::initialize_state (0x0051C030). */
void acp_mtable_manager_initialize_state(acp_mtable_manager *m, acp_sequence *seq);

/** Run one movement (type ACP_MOVE_INTERPRETED_COMMAND: DoObjectMotion; STOP_INTERPRETED_COMMAND:
 *  StopObjectMotion; STOP_COMPLETELY: StopObjectCompletely) and queue it. Returns 0, 67 (no data),
 *  7 (no table) or 71 (another type). Retail: MotionTableManager::PerformMovement (0x0051C0B0). */
uint32_t acp_mtable_manager_perform_movement(acp_mtable_manager *m, uint32_t type, uint32_t motion, float speed,
                                             acp_sequence *seq);

/** One animation finished: count it and complete every head motion whose animations are all done
 *  (an action also leaves the state's action list), telling the object MotionDone.
 *  Retail: MotionTableManager::AnimationDone (0x0051BCE0). */
void acp_mtable_manager_animation_done(acp_mtable_manager *m, bool success);

/** Complete head motions that wait for no animation. Retail: MotionTableManager::
 *  CheckForCompletedMotions (0x0051BE00). */
void acp_mtable_manager_check_for_completed_motions(acp_mtable_manager *m);

/** The per-quantum tail. Retail: MotionTableManager::UseTime (called by CPartArray::HandleMovement
 *  0x00517D60); its body is not in the decompilation: CheckForCompletedMotions
 *  (docs/DEVIATIONS.md). */
void acp_mtable_manager_use_time(acp_mtable_manager *m);

/** Drop the link animations and complete every pending motion unsuccessfully.
 *  Retail: MotionTableManager::HandleEnterWorld (0x0051BDD0). */
void acp_mtable_manager_handle_enter_world(acp_mtable_manager *m, acp_sequence *seq);

/** Complete every pending motion unsuccessfully. Retail: MotionTableManager::HandleExitWorld (0x0051BDA0). */
void acp_mtable_manager_handle_exit_world(acp_mtable_manager *m);

#endif
