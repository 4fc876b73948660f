/* acphys — retail SmartBox, the part of it that places objects: the UpdatePosition message
 * (SmartBox::UnpackPositionEvent's instance stamp, then SmartBox::HandleReceivedPosition) with its
 * position, teleport and forced-position stamps, the placement frame of an object without
 * animations, the
 * player's own path (TeleportPlayer, BlipPlayer, the constraint) and every other object's
 * (CPhysicsObj::MoveOrTeleport, then the constraint at the position it is left at).
 *
 * CONVENTIONS
 *   Positions are cell-relative (geometry/position.h), distances metres, stamps 16-bit with
 *   wraparound (CPhysicsObj::newer_event). The player is `world->player`
 *   (CPhysicsObj::player_object / SmartBox::player).
 *   A newer position first lets a held object go (CPhysicsObj::unset_parent).
 *   Not modelled (docs/DEVIATIONS.md S7): the queue of a message for a newer instance
 *   (SmartBox::QueueBlobForObject: no object is created again), PlayerPositionUpdated (the camera
 *   and the cell manager), the command interpreter's call after BlipPlayer, the error counter.
 *   Read against PORTAL/smartbox/SmartBox.c.
 */
#ifndef ACP_SMARTBOX_H
#define ACP_SMARTBOX_H

#include <stdbool.h>
#include <stdint.h>

#include "physics/object/physobj.h"

/** An UpdatePosition as HandleReceivedPosition receives it, and the player's command
 *  interpreter's two answers it asks (there is no command interpreter in acphys). */
typedef struct acp_received_position {
    acp_position position;
    bool has_contact;
    acp_vec3 velocity;                 /* m/s, world axes: passed to MoveOrTeleport, unread */
    uint32_t placement_id;             /* PositionPack::placement_id: the message's (flag 0x2),
                                          else 0 (PositionPack::UnPack) */
    uint16_t instance_timestamp;       /* update_times[INSTANCE_TS]: UnpackPositionEvent's gate */
    uint16_t position_timestamp;       /* update_times[POSITION_TS] */
    uint16_t teleport_timestamp;       /* update_times[TELEPORT_TS] */
    uint16_t force_position_timestamp; /* the player's update_times[FORCE_POSITION_TS] */
    bool use_position_from_server;     /* the command interpreter's vtable slot 8, read as
                                          UsePositionFromServer: autonomy level != 2 (the
                                          constructor's level is 2: false); DEVIATIONS S7 */
    bool keep_heading;                 /* its slot 15's answer passed to InterpolateTo (unidentified) */
} acp_received_position;

/** An UpdatePosition for `obj` in `world` (the stamps are weighed with CPhysicsObj::newer_event's
 *  16-bit wraparound):
 *  - the player with a newer force_position_timestamp and a teleport stamp not older than its
 *    own: BlipPlayer (SetPositionSimple at the message's position with the player's heading
 *    kept), update_times[POSITION_TS] = position_timestamp;
 *  - otherwise, when position_timestamp is newer (newer_event) and the teleport stamp not older
 *    than the object's (else the position stamp is rolled back):
 *    - unset_parent (a hook: no object has a parent yet), then, when the object's sequence holds
 *      no animations (CPhysicsObj::HasAnims), SetPlacementFrame(placement_id) (the Setup's
 *      placement, else placement 0; the parts placed at the object's frame);
 *    - the player: a newer teleport stamp → TeleportPlayer (SetPositionSimple, sliding),
 *      ConstrainTo(position, start, max), set_velocity(0); else ConstrainTo(position, start, max)
 *      and, when use_position_from_server and has_contact, InterpolateTo(position, keep_heading);
 *    - any other object: MoveOrTeleport (acp_physobj_move_or_teleport), and when it returns true
 *      ConstrainTo at the object's own position after it (m_position).
 *  start and max are GetStartConstraintDistance / GetMaxConstraintDistance of the object's cell
 *  (acp_physobj_get_start_constraint_distance). Returns what it did (enum
 *  acp_received_position_result). Retail: SmartBox::HandleReceivedPosition (0x00453FD0). */
uint32_t acp_smartbox_handle_received_position(acp_world *world, acp_physobj *obj, const acp_received_position *msg);

/** What SmartBox::UnpackPositionEvent answers (its caller, ACSmartBox's dispatch, queues the
 *  message for the object on ACP_POSITION_EVENT_QUEUED). */
enum acp_position_event_result {
    ACP_POSITION_EVENT_HANDLED = 1,    /* the object's instance: HandleReceivedPosition ran */
    ACP_POSITION_EVENT_OLD_INSTANCE = 2, /* an older instance's message: dropped */
    ACP_POSITION_EVENT_QUEUED = 4      /* no such object, or a newer instance's message: kept for
                                          its CreateObject (never comes in acphys: dropped) */
};

/** An UpdatePosition message for `obj` (NULL: an object the client does not know): its instance
 *  stamp equal to the object's update_times[INSTANCE_TS] → acp_smartbox_handle_received_position,
 *  whose answer is stored in *handled (when not NULL; untouched otherwise); an older one (newer
 *  than the message's, with wraparound) → ACP_POSITION_EVENT_OLD_INSTANCE; a newer one, or no
 *  object → ACP_POSITION_EVENT_QUEUED. Nothing of the object changes unless handled.
 *  The message is as PositionPack::UnPack leaves it (placement_id 0 without the flag).
 *  Retail: SmartBox::UnpackPositionEvent (0x004542C0). */
uint32_t acp_smartbox_unpack_position_event(acp_world *world, acp_physobj *obj, const acp_received_position *msg,
                                            uint32_t *handled);

/** What acp_smartbox_handle_received_position did. */
enum acp_received_position_result {
    ACP_RECEIVED_STALE = 0,            /* the position stamp was not newer */
    ACP_RECEIVED_ROLLED_BACK = 1,      /* the teleport stamp was older: the position stamp restored */
    ACP_RECEIVED_BLIP_PLAYER = 2,      /* the player's forced position */
    ACP_RECEIVED_TELEPORT_PLAYER = 3,  /* the player's newer teleport */
    ACP_RECEIVED_PLAYER = 4,           /* the player constrained (and perhaps interpolated) */
    ACP_RECEIVED_MOVED = 5,            /* MoveOrTeleport returned true: constrained */
    ACP_RECEIVED_IGNORED = 6           /* MoveOrTeleport returned false */
};

#endif
