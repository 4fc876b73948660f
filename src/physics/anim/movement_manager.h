/* acphys — retail MovementManager: an object's motion interpreter (CMotionInterp) and, in retail,
 * its MoveToManager (server-driven move-to and turn-to: moveto_manager.h).
 *
 * CONVENTIONS
 *   Speeds are the multipliers retail sends (1.0 = the animation's own speed); velocities m/s in
 *   object axes; turn rates rad/s. The manager belongs to one object, is allocated when the object
 *   gets a motion table (CPhysicsObj::MakeMovementManager) and never allocates afterwards: the
 *   interpreter is stored inside it (retail creates it on first use; `has_interp` says whether
 *   it exists yet). Returns: retail's WeenieError (motion_table.h), 0 = success.
 */
#ifndef ACP_MOTION_H
#define ACP_MOTION_H

#include <stdbool.h>
#include <stdint.h>

#include "motion_interp.h"
#include "moveto_manager.h"

struct acp_physobj;
struct acp_target_info;

/** Retail MovementManager. */
typedef struct acp_movement_manager {
    struct acp_physobj *physics_obj;
    bool has_interp;                 /* retail motion_interpreter != NULL */
    acp_motion_interp interp;
    bool has_moveto;                 /* retail moveto_manager != NULL (made by the first move-to) */
    acp_moveto_manager moveto;
} acp_movement_manager;

/** A move-to (types 6–9): the MoveToManager, made on first use, performs it.
 *  Retail: MovementManager::PerformMovement (0x005240D0) types 6–9. */
uint32_t acp_movement_manager_perform_moveto(acp_movement_manager *mm, uint32_t type, uint32_t object_id,
                                             uint32_t top_level_id, const acp_position *pos,
                                             const acp_movement_params *params);
/** A move-to message from the server (movement types 6–9 of an UpdateMotion), as unpacked. */
typedef struct acp_moveto_message {
    uint32_t type;                   /* acp_moveto_type: 6 object, 7 position, 8 turn to object, 9 heading */
    uint32_t object_id;              /* 6, 8 */
    bool has_origin;                 /* 6: the packed origin (the fallback for an unknown object); 7 */
    acp_position origin;             /* cell and origin; the orientation is the identity */
    bool has_heading;                /* 8: the packed heading (the fallback for an unknown object) */
    float heading;                   /* degrees */
    acp_movement_params params;      /* MovementParameters::UnPackNet */
    float run_rate;                  /* 6, 7: the packet's run rate, stored in my_run_rate */
    bool has_style;                  /* false: the message's style is the interpreter's own */
    uint32_t style;                  /* the movement header's style (command_ids_0 of its u16) */
} acp_moveto_message;

/** A move-to message: the move-to is cancelled (0x36) and the object unstuck, as before every
 *  movement; a style (has_style) other than the interpreter's (CMotionInterp::InqStyle) is played
 *  with DoMotion and default MovementParameters; then, with the MoveToManager made if needed: 6 → my_run_rate = run_rate and, when
 *  the object is known, CPhysicsObj::MoveToObject (acp_physobj_move_to_object), else
 *  MoveToManager::MoveToPosition to the packed origin (when the message has one); 7 →
 *  my_run_rate = run_rate, MoveToPosition; 8 → a known object: CPhysicsObj::TurnToObject,
 *  else TurnToHeading with params.desired_heading = the packed heading (when it has one);
 *  9 → TurnToHeading. Nothing without an interpreter or an object, as retail.
 *  Retail: MovementManager::unpack_movement (0x00524440), types 6–9. */
void acp_movement_manager_unpack_moveto(acp_movement_manager *mm, const acp_moveto_message *msg);

/** Retail: MovementManager::CancelMoveTo (0x005241B0). */
void acp_movement_manager_cancel_moveto(acp_movement_manager *mm, uint32_t reason);
/** A target's news, to the MoveToManager when there is one.
 *  Retail: MovementManager::HandleUpdateTarget (0x00524790). */
void acp_movement_manager_handle_update_target(acp_movement_manager *mm, const struct acp_target_info *info);
/** Retail: MovementManager::IsMovingTo (0x00524260). */
bool acp_movement_manager_is_moving_to(const acp_movement_manager *mm);

/** A manager for `obj` with no interpreter yet; NULL when out of memory.
 *  Retail: MovementManager::Create (0x00524050). */
acp_movement_manager *acp_movement_manager_create(struct acp_physobj *obj);

/** Release a manager (NULL is ignored). Retail: MovementManager::Destroy (0x005243F0). */
void acp_movement_manager_destroy(acp_movement_manager *mm);

/** The interpreter, created and put in its default state on first use.
 *  Retail: MovementManager::get_minterp (0x005242A0). */
acp_motion_interp *acp_movement_manager_get_minterp(acp_movement_manager *mm);

/** Create the interpreter if needed, then enter its default state.
 *  Retail: MovementManager::EnterDefaultState (0x005241C0). */
void acp_movement_manager_enter_default_state(acp_movement_manager *mm);

/** Activate the object, then run a movement of type 1..5 (enum acp_movement_type) through the
 *  interpreter; 71 for other types (move-to types 6–9: acp_movement_manager_perform_moveto).
 *  Retail: MovementManager::PerformMovement (0x005240D0) → CMotionInterp::PerformMovement (0x00528E80). */
uint32_t acp_movement_manager_perform_movement(acp_movement_manager *mm, uint32_t type, uint32_t motion,
                                               const acp_movement_params *params);

/** The server's interpreted motion state (speeds final). As every movement message: the
 *  object's move-to is cancelled (0x36) and it is unstuck (unstick_from_object); then the
 *  movement header's style `header_style`, when it differs from the interpreter's (InqStyle), is
 *  played with DoMotion (CMovementManager.c:452-455: before the type is read, so the state's own
 *  style only reaches raw_state.current_style), the state is taken over and played,
 *  the object sticks to `sticky_object_id` when not 0 (CPhysicsObj::stick_to_object), and
 *  standing_longjump is set to the message's flag. Nothing without an interpreter or an object.
 *  Retail: MovementManager::unpack_movement (0x00524440), the common prefix and movement type 0
 *  (interpreted), with move_to_interpreted_state (0x00524170). */
void acp_movement_manager_apply_interpreted(acp_movement_manager *mm, const acp_interpreted_motion_state *state,
                                            uint32_t header_style, uint32_t sticky_object_id, bool standing_longjump);

/** A motion of the object's motion table finished. Retail: MovementManager::MotionDone (0x005242D0). */
void acp_movement_manager_motion_done(acp_movement_manager *mm, uint32_t motion, bool success);
/** The object left walkable ground. Retail: MovementManager::LeaveGround (0x00524320). */
void acp_movement_manager_leave_ground(acp_movement_manager *mm);
/** The object landed on walkable ground: the interpreter, then the MoveToManager.
 *  Retail: MovementManager::HitGround (0x00524300). */
void acp_movement_manager_hit_ground(acp_movement_manager *mm);
/** Per-quantum tail of UpdateObjectInternal: services the MoveToManager.
 *  Retail: MovementManager::UseTime (0x005242F0). */
void acp_movement_manager_use_time(acp_movement_manager *mm);
/** The object entered the world: the interpreter's HandleEnterWorld, whose body in this build
 *  is empty (Hex-Rays shows the call going to an empty function that identical-code folding
 *  shares with gmNoticeHandler::RecvNotice_PrevSpellSelection), so nothing changes.
 *  Retail: MovementManager::HandleEnterWorld (0x00524340). */
void acp_movement_manager_handle_enter_world(acp_movement_manager *mm);
/** Complete every pending motion. Retail: MovementManager::HandleExitWorld (0x00524350). */
void acp_movement_manager_handle_exit_world(acp_movement_manager *mm);

#endif
