/* acphys — retail CPhysicsObj::SetPosition and enter_world: how an object enters the world at a
 * position, through a placement sweep (a CTransition of insert type PLACEMENT) that finds a
 * free spot and settles the object on the ground below it.
 *
 * CONVENTIONS
 *   Positions are cell-relative (position.h); an outdoor origin outside its landblock is moved
 *   into the right landblock first (LandDefs::adjust_to_outside). The sweep uses the world's
 *   transition storage and allocates nothing. Times: the world's now.
 *   In a world without terrain (the fixture) the object is put where asked, in its cell.
 *   Scatter placements (SCATTER_SPF, RANDOMSCATTER_SPF) and weenie-forced cells are out of
 *   scope: those flags are ignored.
 */
#ifndef ACP_SETPOSITION_H
#define ACP_SETPOSITION_H

#include <stdbool.h>
#include <stdint.h>

#include "physobj.h"
#include "physics/geometry/position.h"

struct acp_world;

/** Retail SetPositionFlag. */
enum acp_set_position_flag {
    ACP_PLACEMENT_SPF = 0x1,
    ACP_TELEPORT_SPF = 0x2,
    ACP_RESTORE_SPF = 0x4,
    ACP_SLIDE_SPF = 0x10,
    ACP_DONOTCREATECELLS_SPF = 0x20,
    ACP_SCATTER_SPF = 0x100,
    ACP_RANDOMSCATTER_SPF = 0x200,
    ACP_LINE_SPF = 0x400,
    ACP_SEND_POSITION_EVENT_SPF = 0x1000
};

/** Retail SetPositionError. */
typedef enum acp_set_position_error {
    ACP_SPE_OK = 0,
    ACP_SPE_GENERAL_FAILURE = 1,
    ACP_SPE_NO_VALID_POSITION = 2,   /* the placement sweep found no free spot */
    ACP_SPE_NO_CELL = 3,
    ACP_SPE_COLLIDED = 4
} acp_set_position_error;

/** Place obj at pos through a placement sweep with the given flags (acp_set_position_flag):
 *  its spheres (retail's dummy sphere, centre (0, 0, 0.1) radius 0.1, when it has none) are
 *  inserted at pos; with SLIDE_SPF rings of spots up to 4 m around are tried when it collides;
 *  then (not for missiles) it steps down by its step-down height onto the ground, keeping the
 *  placed height when nothing is within reach. Without SLIDE_SPF the spot must stay within
 *  0.05 m (x and y, signed as retail compares) in the same cell. On success the object takes
 *  the cell, frame, contact plane and CONTACT / ON_WALKABLE bits (SetPositionInternal). When pos's
 *  landblock is not loaded the object keeps the position without a cell (retail's lost cell;
 *  update_object then skips it) and OK is returned, as retail does.
 *  Retail: CPhysicsObj::SetPosition (0x005160C0), SetPositionInternal(SetPositionStruct*)
 *  (0x00516040), SetPositionInternal(Position*, ...) (0x00515BD0), AdjustPosition (0x00511D80),
 *  CheckPositionInternal (0x00511E90). */
acp_set_position_error acp_physobj_set_position(acp_physobj *obj, const acp_position *pos, uint32_t flags);

/** Enter the world at pos as a server-created object does: store the position, update_time =
 *  now, SetPosition with PLACEMENT_SPF | SLIDE_SPF, then become active (not STATIC_PS), then
 *  CPartArray::HandleEnterWorld (link animations removed, pending motion-table animations
 *  completed as failed: MotionTableManager::HandleEnterWorld) and MovementManager::
 *  HandleEnterWorld (nothing: see movement_manager.h). Every object the server creates without a parent
 *  enters this way, a missile in flight included (SmartBox::HandleCreateObject after
 *  set_description): a MISSILE_PS object is inserted where it is, without the step down.
 *  False when parented or the placement failed (the object stays out of the world).
 *  Retail: CPhysicsObj::enter_world(Position*) (0x00516310), enter_world(int) (0x00516170),
 *  store_position (0x005141A0). */
bool acp_physobj_enter_world(acp_physobj *obj, const acp_position *pos);

/** Set the world's now (seconds) and enter obj at pos (acp_physobj_enter_world): the scenario
 *  runner's "placement": "set_position". */
bool acp_world_enter_object(struct acp_world *world, acp_physobj *obj, const acp_position *pos, double now);

#endif
