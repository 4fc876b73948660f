/* acphys — retail StickyManager: an object that keeps itself at 0.3 m from another's cylinder
 * (a creature stuck to its melee target), re-aiming its heading at it every quantum.
 *
 * CONVENTIONS
 *   Distances metres, speeds m/s, times seconds on the world's clock (retail Timer::cur_time).
 *   The target is looked up in the object's world by id each quantum (CPhysicsObj::GetObjectA);
 *   target_position is its last reported position, used when it is gone.
 *   The manager learns of the target through the object's TargetManager: StickTo's set_target
 *   makes the target add this object as a voyeur (radius 0.5 m, quantum 0.5 s), and AddVoyeur
 *   at once sends an Ok TargetInfo back, which HandleUpdateTarget turns into `initialized`;
 *   later Ok updates refresh target_position, any other status (the target left the world,
 *   teleported, timed out) unsticks (object/target_manager.h).
 *   Read against PORTAL/cpmanager/CStickyManager.c.
 */
#ifndef ACP_STICKY_MANAGER_H
#define ACP_STICKY_MANAGER_H

#include <stdbool.h>
#include <stdint.h>

#include "physics/geometry/position.h"

struct acp_physobj;
struct acp_target_info;

/** Metres between the two cylinders a stuck object keeps (0.30000001f). */
#define ACP_STICKY_STANDOFF 0.30000001f
/** Seconds a StickTo lasts before UseTime unsticks (Timer::cur_time + 1.0). */
#define ACP_STICKY_TIMEOUT 1.0
/** The set_target StickTo makes: update radius (metres) and quantum (seconds), literals 0.5. */
#define ACP_STICKY_TARGET_RADIUS 0.5f
#define ACP_STICKY_TARGET_QUANTUM 0.5
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
 *  the object's set_target (the target's Ok answer arrives at once when it is in the world). */
void acp_sticky_manager_stick_to(acp_sticky_manager *sm, uint32_t target_id, float radius, float height);

/** Unstick (when stuck): target 0, not initialized, clear_target, cancel_moveto. Retail: StickyManager::HandleExitWorld (0x00555400), the
 *  body PositionManager::UnStick (0x005551E0) calls. */
void acp_sticky_manager_unstick(acp_sticky_manager *sm);

/** Replace the offset's origin (object axes, z 0) by the step toward the standoff: the cylinder
 *  distance minus 0.3 m, clamped to 5 × get_max_speed × quantum (15 m/s under EPSILON), and its
 *  rotation by the heading toward the target relative to the object's own.
 *  Retail: StickyManager::adjust_offset (0x00555430). Returns true when it wrote the offset. */
bool acp_sticky_manager_adjust_offset(acp_sticky_manager *sm, acp_frame *offset, double quantum);

/** A TargetInfo from the target (other ids are ignored): Ok → initialized and target_position;
 *  any other status → unstick. Retail: StickyManager::HandleUpdateTarget (0x00555780). */
void acp_sticky_manager_handle_update_target(acp_sticky_manager *sm, const struct acp_target_info *info);

/** Unstick once the world's clock passes sticky_timeout_time. 
 *  Retail: StickyManager::UseTime (0x00555610). */
void acp_sticky_manager_use_time(acp_sticky_manager *sm);

#endif
