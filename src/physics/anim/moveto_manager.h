/* acphys — retail MoveToManager: the server's "move to" and "turn to" requests (movement types
 * 6–9), which it carries out by issuing the object's own motions (walk, run, turn) and watching
 * its position and heading every quantum.
 *
 * CONVENTIONS
 *   Headings degrees (0 north, 90 east, clockwise), distances metres, times seconds on the
 *   world's clock (retail Timer::cur_time). The manager lives inside the MovementManager (retail
 *   allocates it on the first move-to); its pending actions are a fixed list of
 *   ACP_MOVETO_MAX_NODES (retail's DLList never holds more than three: turn, move, final turn).
 *   Objects are looked up in the object's world. MoveToObject and TurnToObject target the object
 *   through the object's TargetManager (set_target, radius 0.5 m, quantum 0): its first answer
 *   (at once, when the target is in the world) starts the movement (HandleUpdateTarget); later
 *   answers, at most every 0.5 s once the target moved more than 0.5 m, re-aim a move to an
 *   object; a target that leaves, teleports or never answers cancels it (object/target_manager.h).
 *   Read against PORTAL/canim/CMoveToManager.c and CMovementDefs.c (MovementParameters).
 */
#ifndef ACP_MOVETO_MANAGER_H
#define ACP_MOVETO_MANAGER_H

#include <stdbool.h>
#include <stdint.h>

#include "motion_interp.h"
#include "physics/geometry/position.h"

struct acp_physobj;
struct acp_target_info;

/** Retail MovementTypes of a move-to. */
enum acp_moveto_type {
    ACP_MOVETO_NONE = 0,
    ACP_MOVETO_OBJECT = 6,
    ACP_MOVETO_POSITION = 7,
    ACP_TURNTO_OBJECT = 8,
    ACP_TURNTO_HEADING = 9
};

/** Retail WeenieError codes a move-to is cancelled with. */
enum acp_moveto_error {
    ACP_MOVETO_ERR_NO_PHYSICS_OBJECT = 0x8,
    ACP_MOVETO_ERR_ACTION_CANCELLED = 0x36,   /* a new movement, cancel_moveto */
    ACP_MOVETO_ERR_OBJECT_GONE = 0x37,        /* the target left while moving to it */
    ACP_MOVETO_ERR_NO_OBJECT = 0x38,          /* the target did not answer */
    ACP_MOVETO_ERR_TELEPORTED = 0x3C,         /* teleport_hook */
    ACP_MOVETO_ERR_TOO_FAR = 0x3D             /* moved farther than fail_distance from the start */
};

#define ACP_MOVETO_MAX_NODES 4
/** The set_target of MoveToObject and TurnToObject: update radius, metres (literal 0.5; quantum 0). */
#define ACP_MOVETO_TARGET_RADIUS 0.5f
/** m/s: HandleMoveToPosition sets the target quantum only above this speed (literal 0.1). */
#define ACP_MOVETO_QUANTUM_MIN_SPEED 0.1
/** Seconds: ... and only when the new quantum differs from the current by more (literal 1.0). */
#define ACP_MOVETO_QUANTUM_CHANGE 1.0

/** A pending action: MoveToPosition (type 7) or TurnToHeading (type 9, heading degrees). */
typedef struct acp_moveto_node {
    uint32_t type;
    float heading;
} acp_moveto_node;

/** Retail MoveToManager. */
typedef struct acp_moveto_manager {
    struct acp_physobj *physics_obj;
    uint32_t movement_type;               /* acp_moveto_type; 0 = none */
    acp_position sought_position;
    acp_position current_target_position;
    acp_position starting_position;
    acp_movement_params movement_params;
    float previous_heading;
    float previous_distance;
    double previous_distance_time;
    float original_distance;
    double original_distance_time;
    uint32_t fail_progress_count;
    uint32_t sought_object_id, top_level_object_id;
    float sought_object_radius, sought_object_height;
    uint32_t current_command, aux_command;
    bool moving_away, initialized;
    uint32_t num_nodes;
    acp_moveto_node nodes[ACP_MOVETO_MAX_NODES]; /* [0] is the head */
    uint32_t last_cancel;                 /* the last CancelMoveTo reason (not retail: the trace) */
} acp_moveto_manager;

/** Retail: MoveToManager::MoveToManager (0x005293B0), Create (0x00529470). */
void acp_moveto_manager_init(acp_moveto_manager *m, struct acp_physobj *obj);

/** Cancel any move-to (0x36), unstick, then start the movement of `type` (6–9).
 *  Retail: MoveToManager::PerformMovement (0x0052A900). */
uint32_t acp_moveto_manager_perform_movement(acp_moveto_manager *m, uint32_t type, uint32_t object_id,
                                             uint32_t top_level_id, const acp_position *pos,
                                             const acp_movement_params *params);

/** Walk or run to p (arrive within distance_to_object, or beyond min_distance moving away),
 *  turning to it first and to desired_heading after with use_final_heading.
 *  Retail: MoveToManager::MoveToPosition (0x0052A240). */
void acp_moveto_manager_move_to_position(acp_moveto_manager *m, const acp_position *p, const acp_movement_params *params);

/** Turn to params->desired_heading. Retail: MoveToManager::TurnToHeading (0x0052A630). */
void acp_moveto_manager_turn_to_heading(acp_moveto_manager *m, const acp_movement_params *params);

/** Move to the object's position (its cylinder with use_spheres), handing over to the sticky
 *  manager on arrival when sticky: set_target, whose answer starts MoveToObject_Internal
 *  (0x0052A400). top_level_id: the object the target manager follows (the target's parent when
 *  it is held, else object_id); equal to the mover's own id, the move-to ends at once.
 *  Retail: MoveToManager::MoveToObject (0x00529680). */
void acp_moveto_manager_move_to_object(acp_moveto_manager *m, uint32_t object_id, uint32_t top_level_id,
                                       const acp_movement_params *params);

/** Turn toward the object: set_target on top_level_id (as move_to_object), whose answer starts
 *  TurnToObject_Internal (0x0052A550). Retail: MoveToManager::TurnToObject (0x005297D0). */
void acp_moveto_manager_turn_to_object(acp_moveto_manager *m, uint32_t object_id, uint32_t top_level_id,
                                       const acp_movement_params *params);

/** The target's news: the first Ok answer starts a move or turn to the object (an answer for
 *  the object itself ends it; any other status cancels with 0x38); once started, Ok re-aims a
 *  move to an object (sought_position, current_target_position, the progress clocks) and any
 *  other status cancels with 0x37. No physics object: cancel with 0x8.
 *  Retail: MoveToManager::HandleUpdateTarget (0x0052A7D0). */
void acp_moveto_manager_handle_update_target(acp_moveto_manager *m, const struct acp_target_info *info);

/** Per quantum, in Contact: service the head action. Retail: MoveToManager::UseTime (0x0052A780). */
void acp_moveto_manager_use_time(acp_moveto_manager *m);

/** Landed: begin the head action again. Retail: MoveToManager::HitGround (0x00529D70). */
void acp_moveto_manager_hit_ground(acp_moveto_manager *m);

/** Drop every pending action, stop the motions and StopCompletely (when a move-to runs).
 *  Retail: MoveToManager::CancelMoveTo (0x00529930). */
void acp_moveto_manager_cancel(acp_moveto_manager *m, uint32_t reason);

/** Retail: MoveToManager::is_moving_to (0x00529220). */
bool acp_moveto_manager_is_moving_to(const acp_moveto_manager *m);

/** Which command a move-to issues at curr_distance: WalkForward toward, WalkBackwards away (or
 *  0 when there), and the hold key (Run when it may charge, or run farther than
 *  walk_run_threshhold past distance_to_object). Retail:
 *  MovementParameters::get_command (0x0052AA00), towards_and_away (0x0052A9A0). */
void acp_movement_params_get_command(const acp_movement_params *p, float curr_distance, float curr_heading,
                                     uint32_t *command, uint32_t *key, bool *moving_away);

/** The heading difference x − y in [0, 360) (360 − it for a left turn). 
 *  Retail: heading_diff (0x00528FB0). */
double acp_heading_diff(float x, float y, uint32_t motion);
/** x is past y in the direction of the turn. Retail: heading_greater (0x00528F60). */
bool acp_heading_greater(float x, float y, uint32_t motion);

#endif
