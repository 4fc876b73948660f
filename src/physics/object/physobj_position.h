/* acphys — retail CPhysicsObj, the members through which the server moves an object: the
 * UpdatePosition entry (MoveOrTeleport), the placements it makes (SetPositionSimple) and the
 * PositionManager calls (interpolation, sticky, constraint).
 *
 * CONVENTIONS
 *   Positions are cell-relative (geometry/position.h), distances metres, headings degrees.
 *   The PositionManager is made on first use (outside the update: it is the one allocation);
 *   an object without one pays a NULL check per quantum.
 *   Read against PORTAL/cphysobj/CPhysicsObj.c.
 */
#ifndef ACP_PHYSOBJ_POSITION_H
#define ACP_PHYSOBJ_POSITION_H

#include <stdbool.h>
#include <stdint.h>

#include "physobj.h"

/** Retail PhysicsTimeStamp indices of update_times. */
enum acp_physics_timestamp {
    ACP_POSITION_TS = 0, ACP_MOVEMENT_TS = 1, ACP_STATE_TS = 2, ACP_VECTOR_TS = 3, ACP_TELEPORT_TS = 4,
    ACP_SERVER_CONTROLLED_MOVE_TS = 5, ACP_FORCE_POSITION_TS = 6, ACP_OBJDESC_TS = 7, ACP_INSTANCE_TS = 8
};

/** True when stamp `a` is older than `b` in 16-bit wraparound order (a difference over 0x7FFF
 *  counts the other way), as retail's inlined stamp comparisons (SmartBox::HandleReceivedPosition,
 *  CPhysicsObj::MoveOrTeleport) test it. */
bool acp_timestamp_older(uint16_t a, uint16_t b);

/** True when new_time is newer than update_times[stamp] in 16-bit wraparound order (a difference
 *  over 0x7FFF counts the other way), and then stores it. 
 *  Retail: CPhysicsObj::newer_event (SmartBox.c) (0x00451B10). */
bool acp_physobj_newer_event(acp_physobj *obj, uint32_t stamp, uint16_t new_time);

/** An UpdatePosition: ignored (false) when teleport_timestamp is older than update_times[TELEPORT]
 *  (16-bit wraparound); a newer teleport stamp or no cell → teleport_hook and SetPosition with
 *  flags 0x1012 (TELEPORT | SLIDE | SEND_POSITION_EVENT); else not in contact → false; else
 *  player_distance >= 96 → StopInterpolating and SetPositionSimple; else InterpolateTo(p,
 *  IsMovingTo()). `velocity` (m/s, may be NULL) is taken and not used, as retail does.
 *  Retail: CPhysicsObj::MoveOrTeleport (0x00516330). */
bool acp_physobj_move_or_teleport(acp_physobj *obj, const acp_position *p, uint16_t teleport_timestamp, bool contact,
                                  const acp_vec3 *velocity);

/** SetPosition with TELEPORT | SEND_POSITION_EVENT (0x1002), | SLIDE (0x1012) when sliding.
 *  Returns the SetPositionError (0 = placed). Retail: CPhysicsObj::SetPositionSimple (0x005162B0). */
uint32_t acp_physobj_set_position_simple(acp_physobj *obj, const acp_position *p, bool sliding);

/** Make the PositionManager if needed (and activate a non-static object, rebasing update_time);
 *  false when out of memory. Retail: CPhysicsObj::MakePositionManager (0x00510210). */
bool acp_physobj_make_position_manager(acp_physobj *obj);

/** Retail: CPhysicsObj::InterpolateTo (0x005104F0). */
bool acp_physobj_interpolate_to(acp_physobj *obj, const acp_position *p, bool keep_heading);
/** Retail: CPhysicsObj::StopInterpolating (0x0050EB40). */
void acp_physobj_stop_interpolating(acp_physobj *obj);
/** Stick to the object `object_id` of the world with its part array's radius (0 without one)
 *  and height; a held object's holder instead (its id, radius and height: CPhysicsObj.c:4186).
 *  Retail: CPhysicsObj::stick_to_object (0x005127E0). */
bool acp_physobj_stick_to_object(acp_physobj *obj, uint32_t object_id);
/** Retail: CPhysicsObj::unstick_from_object (0x0050EAE0). */
void acp_physobj_unstick_from_object(acp_physobj *obj);
/** Retail: CPhysicsObj::get_sticky_object_id (0x0050EAF0). */
uint32_t acp_physobj_get_sticky_object_id(const acp_physobj *obj);
/** Retail: CPhysicsObj::ConstrainTo (0x00510520). */
bool acp_physobj_constrain_to(acp_physobj *obj, const acp_position *p, float start_distance, float max_distance);
/** PositionManager::UnConstrain (0x005552B0) when the object has one (retail has no
 *  CPhysicsObj member for it: teleport_hook calls the PositionManager directly). */
void acp_physobj_unconstrain(acp_physobj *obj);
/** Retail: CPhysicsObj::IsFullyConstrained (0x0050EC60). */
bool acp_physobj_is_fully_constrained(const acp_physobj *obj);

/** Metres an object constrained by a server position moves freely (5 indoors: cell low word
 *  >= 0x100; 10 outdoors), the player and every other object alike.
 *  Retail: CPhysicsObj::GetStartConstraintDistance (0x0050EBC0). */
double acp_physobj_get_start_constraint_distance(const acp_physobj *obj);

/** Metres at which that constraint stops the object (20 indoors, 50 outdoors).
 *  Retail: CPhysicsObj::GetMaxConstraintDistance (0x0050EC10). */
double acp_physobj_get_max_constraint_distance(const acp_physobj *obj);

/** Metres an InterpolateTo may walk before it blips: the player 25 indoors / 100 outdoors,
 *  others 20 / 100. Retail: CPhysicsObj::GetAutonomyBlipDistance (0x0050EB70). */
double acp_physobj_get_autonomy_blip_distance(const acp_physobj *obj);

/** A MoveTo is running. Retail: CPhysicsObj::IsMovingTo (0x0050EB10). */
bool acp_physobj_is_moving_to(const acp_physobj *obj);

/** Metres: the part array's Setup radius × scale.z, 0 without a Setup. Retail:
 *  CPhysicsObj::GetRadius (0x0050E9C0), CPartArray::GetRadius (0x005180A0). */
double acp_physobj_get_radius(const acp_physobj *obj);
/** Metres: as GetRadius, the Setup's height. Retail: CPhysicsObj::GetHeight (0x0050E9E0). */
double acp_physobj_get_height(const acp_physobj *obj);

/** The motion interpreter's max speed (m/s) for the position managers: get_adjusted_max_speed
 *  (adjusted) or get_max_speed. Retail's get_minterp makes a MovementManager when the object has
 *  none (an allocation in the update); acphys answers what that fresh interpreter would, 4.0,
 *  without making one (docs/DEVIATIONS.md). Retail: CPhysicsObj::get_minterp (0x005120C0). */
double acp_physobj_interp_max_speed(const acp_physobj *obj, bool adjusted);

/** The interpreter of the object's MovementManager (made on first use; NULL without a
 *  MovementManager). Retail: CPhysicsObj::get_minterp (0x005120C0). */
struct acp_motion_interp *acp_physobj_get_minterp(acp_physobj *obj);
/** Pending motions in the interpreter. Retail: CPhysicsObj::motions_pending (0x0050EAB0). */
bool acp_physobj_motions_pending(const acp_physobj *obj);
/** The interpolation queue is not empty. Retail: CPhysicsObj::IsInterpolating (0x0050EB50). */
bool acp_physobj_is_interpolating(const acp_physobj *obj);
/** A StopCompletely movement (type 5) through the MovementManager, when it has one.
 *  Retail: CPhysicsObj::StopCompletely (0x00510180). */
void acp_physobj_stop_completely(acp_physobj *obj);
/** Cancel a running MoveTo with 0x36 (ActionCancelled). Retail:
 *  CPhysicsObj::cancel_moveto (0x005101F0). */
void acp_physobj_cancel_moveto(acp_physobj *obj);
/** PositionManager::StickTo on the object's PositionManager (made if needed: the MoveToManager's
 *  sticky hand-off, whose manager was made when the move-to began). Retail:
 *  CPhysicsObj::get_position_manager (0x00512130) + PositionManager::StickTo (0x00555230). */
void acp_physobj_stick_to(acp_physobj *obj, uint32_t object_id, float radius, float height);
struct acp_movement_params;
struct acp_moveto_message;
/** A move-to of type 6–9 (acp_moveto_type) through the MovementManager (made if needed, in its
 *  default state), as a MovementStruct: the object need not be known (a move to an unknown object
 *  waits for its target's answer). object_id: types 6, 8; pos: type 7; params:
 *  MovementParameters. The MovementStruct's top_level_id is object_id (a caller that knows the
 *  target's parent uses acp_physobj_move_to_object). Returns the WeenieError (0). Retail:
 *  CPhysicsObj::MoveToObject_Internal (0x005102E0), CPhysicsObj::TurnToObject_Internal (0x005103F0),
 *  CPhysicsObj::TurnToHeading (0x00512980) → MovementManager::PerformMovement (0x005240D0). */
uint32_t acp_physobj_move_to(acp_physobj *obj, uint32_t type, uint32_t object_id, const acp_position *pos,
                             const struct acp_movement_params *params);
/** Move to object `object_id`: the MovementManager is made (in its default state, the object
 *  activated) if needed; an object not in the world: nothing more; else a move-to of type 6
 *  with the target's own radius and height and, as top_level_id, its parent's id when it is held
 *  (an item wielded by another object: the target manager follows the holder).
 *  Retail: CPhysicsObj::MoveToObject (0x00512860). */
void acp_physobj_move_to_object(acp_physobj *obj, uint32_t object_id, const struct acp_movement_params *params);
/** Turn to object `object_id`: an object not in the world: nothing; else a move-to of type 8
 *  whose top_level_id is the target's parent's id when it is held, else object_id. Retail: CPhysicsObj::TurnToObject (0x00512940). */
void acp_physobj_turn_to_object(acp_physobj *obj, uint32_t object_id, const struct acp_movement_params *params);
/** A move-to message (types 6–9) from the server: the MovementManager is made (without an
 *  interpreter, the object activated) if needed, then acp_movement_manager_unpack_moveto.
 *  Retail: CPhysicsObj::unpack_movement (0x00512040) → MovementManager::unpack_movement
 *  (0x00524440). */
void acp_physobj_unpack_moveto(acp_physobj *obj, const struct acp_moveto_message *msg);

/** Cancel a MoveTo (0x3C), unstick, stop interpolating, unconstrain, drop the target and tell
 *  every voyeur Teleported, then end every collision record (report_collision_end, forced).
 *  Retail: CPhysicsObj::teleport_hook (0x00514ED0). */
void acp_physobj_teleport_hook(acp_physobj *obj);

#endif
