/* acphys — retail StickyManager: an object that keeps itself at 0.3 m from another's cylinder
 * (a creature stuck to its melee target), re-aiming its heading at it every quantum.
 *
 * CONVENTIONS
 *   Distances metres, speeds m/s, times seconds on the world's clock (retail Timer::cur_time).
 *   The target is looked up in the object's world by id each quantum (CPhysicsObj::GetObjectA);
 *   target_position is its last reported position, used when it is gone.
 *   Retail learns that the target exists through its TargetManager: set_target makes the target
 *   add this object as a voyeur, and AddVoyeur at once sends an Ok TargetInfo back, which
 *   HandleUpdateTarget turns into `initialized`. acphys has no TargetManager: StickTo takes that
 *   immediate answer itself when the target is in the world (docs/DEVIATIONS.md).
 *   Read against PORTAL/cpmanager/CStickyManager.c.
 */
#ifndef ACP_STICKY_MANAGER_H
#define ACP_STICKY_MANAGER_H

#include <stdbool.h>
#include <stdint.h>

#include "physics/geometry/position.h"

struct acp_physobj;

/** Metres between the two cylinders a stuck object keeps (0.30000001f). */
#define ACP_STICKY_STANDOFF 0.30000001f
/** Seconds a StickTo lasts before UseTime unsticks (Timer::cur_time + 1.0). */
#define ACP_STICKY_TIMEOUT 1.0
/** m/s when the object's own max speed × 5 is under EPSILON. */
#define ACP_STICKY_DEFAULT_SPEED 15.0

/** Retail StickyManager. */
typedef struct acp_sticky_manager {
    struct acp_physobj *physics_obj;
    uint32_t target_id;               /* 0: not stuck */
    float target_radius;              /* metres */
    acp_position target_position;     /* the target's last reported position */
    bool initialized;                 /* the target answered (see above) */
    double sticky_timeout_time;       /* seconds */
} acp_sticky_manager;

/** Retail: StickyManager::Create (0x00555800). */
void acp_sticky_manager_init(acp_sticky_manager *sm, struct acp_physobj *obj);

/** Unstick from any current target, then stick to target_id (radius: the target's, metres) for
 *  1 s from now. Retail: StickyManager::StickTo (0x00555710) with
 *  CPhysicsObj::set_target (0x0050ED30) → TargetManager::SetTarget (0x0051AC30) → AddVoyeur's Ok update (0x0051A830) →
 *  StickyManager::HandleUpdateTarget (0x00555780). */
void acp_sticky_manager_stick_to(acp_sticky_manager *sm, uint32_t target_id, float radius, float height);

/** Unstick: target 0, not initialized; clear_target and cancel_moveto (no TargetManager and no
 *  MoveToManager here: nothing more). Retail: StickyManager::HandleExitWorld (0x00555400), the
 *  body PositionManager::UnStick (0x005551E0) calls. */
void acp_sticky_manager_unstick(acp_sticky_manager *sm);

/** Replace the offset's origin (object axes, z 0) by the step toward the standoff: the cylinder
 *  distance minus 0.3 m, clamped to 5 × get_max_speed × quantum (15 m/s under EPSILON), and its
 *  rotation by the heading toward the target relative to the object's own.
 *  Retail: StickyManager::adjust_offset (0x00555430). Returns true when it wrote the offset. */
bool acp_sticky_manager_adjust_offset(acp_sticky_manager *sm, acp_frame *offset, double quantum);

/** Unstick once the world's clock passes sticky_timeout_time. 
 *  Retail: StickyManager::UseTime (0x00555610). */
void acp_sticky_manager_use_time(acp_sticky_manager *sm);

#endif
