/* acphys — retail CPhysicsObj, its targeting members: the calls through which an object targets
 * another (set_target, clear_target, the target quantum), is targeted (add_voyeur,
 * remove_voyeur, receive_target_update), hears of its target (HandleUpdateTarget, to the
 * MoveToManager and the StickyManager) and leaves the world (exit_world tells its voyeurs).
 *
 * CONVENTIONS
 *   Ids are object ids of the object's world (CPhysicsObj::GetObjectA: acp_world_object);
 *   radii metres, quanta seconds. The TargetManager is made on first use (target_manager.h:
 *   where that happens and why it never happens inside the update in the paths acphys runs);
 *   an object without one pays a NULL check per quantum.
 *   Read against PORTAL/cphysobj/CPhysicsObj.c.
 */
#ifndef ACP_PHYSOBJ_TARGET_H
#define ACP_PHYSOBJ_TARGET_H

#include <stdbool.h>
#include <stdint.h>

#include "physobj.h"
#include "target_manager.h"

/** The object's TargetManager, made if it has none (retail's `operator new(0x18)` in set_target
 *  and add_voyeur); NULL when out of memory. */
acp_target_manager *acp_physobj_make_target_manager(acp_physobj *obj);

/** Target object_id through the TargetManager (made if needed). Retail: CPhysicsObj::set_target (0x0050ED30). */
void acp_physobj_set_target(acp_physobj *obj, uint32_t context_id, uint32_t object_id, float radius, double quantum);
/** Retail: CPhysicsObj::clear_target (0x0050ED90). Nothing without a TargetManager. */
void acp_physobj_clear_target(acp_physobj *obj);
/** Retail: CPhysicsObj::set_target_quantum (0x0050EDA0). Nothing without a TargetManager. */
void acp_physobj_set_target_quantum(acp_physobj *obj, double quantum);
/** The current target's quantum, 0 without one. Retail: CPhysicsObj::get_target_quantum (0x0050EDC0). */
double acp_physobj_get_target_quantum(const acp_physobj *obj);
/** Retail: CPhysicsObj::receive_target_update (0x0050EDE0). Nothing without a TargetManager. */
void acp_physobj_receive_target_update(acp_physobj *obj, const acp_target_info *info);
/** Make object_id a voyeur of obj (quantum: retail's float parameter). Retail:
 *  CPhysicsObj::add_voyeur (0x0050EE00). */
void acp_physobj_add_voyeur(acp_physobj *obj, uint32_t object_id, float radius, float quantum);
/** false when it was none. Retail: CPhysicsObj::remove_voyeur (0x0050EE50). */
bool acp_physobj_remove_voyeur(acp_physobj *obj, uint32_t object_id);

/** A target's news (context 0 only): to the MovementManager (MoveToManager::HandleUpdateTarget),
 *  then the PositionManager (StickyManager::HandleUpdateTarget). Retail:
 *  CPhysicsObj::HandleUpdateTarget (0x00512BC0). */
void acp_physobj_handle_update_target(acp_physobj *obj, const acp_target_info *info);

/** Leave the world: the part array's and MovementManager's HandleExitWorld, unstick, drop the
 *  target and tell every voyeur ExitWorld, then end every collision record (report_collision_end,
 *  forced). (Retail's DetectionManager::DestroyDetectionCylsphere serves detection: none here.)
 *  The cell and position stay: leave_world, a separate call (acp_physobj_leave_world), takes the
 *  object out of its cell.
 *  Retail: CPhysicsObj::exit_world (0x00514E60). */
void acp_physobj_exit_world(acp_physobj *obj);

#endif
