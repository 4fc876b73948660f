/* acphys — retail MovementManager and CMotionInterp: what drives an object from motion commands.
 *
 * CONVENTIONS
 *   Speeds are the multipliers retail sends (1.0 = the animation's own speed); velocities m/s in
 *   object axes; turn rates rad/s. The manager belongs to one object and never allocates after
 *   creation.
 */
#ifndef ACP_MOTION_H
#define ACP_MOTION_H

#include <stdbool.h>
#include <stdint.h>

struct acp_physobj;

/** Retail MovementManager (with its CMotionInterp). */
typedef struct acp_movement_manager acp_movement_manager;

/** The object left walkable ground. Retail: MovementManager::LeaveGround. */
void acp_movement_manager_leave_ground(acp_movement_manager *mm);
/** The object landed on walkable ground. Retail: MovementManager::HitGround. */
void acp_movement_manager_hit_ground(acp_movement_manager *mm);
/** Per-quantum tail of UpdateObjectInternal. Retail: MovementManager::UseTime. */
void acp_movement_manager_use_time(acp_movement_manager *mm);

#endif
