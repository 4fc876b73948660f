/* acphys — retail PositionManager: the managers that move an object the server drives, called
 * from the object's own per-quantum update (CPhysicsObj::UpdatePositionInternal's adjust_offset
 * between CPartArray::Update and Frame::combine, UpdateObjectInternal's UseTime at its tail).
 *
 * CONVENTIONS
 *   Retail allocates each sub-manager on first use; acphys keeps all three inside the
 *   PositionManager (one allocation when the object first gets one: CPhysicsObj::
 *   MakePositionManager, outside the update) and `has_*` says which retail would have made.
 *   Frames, distances, times: see the three managers' headers.
 *   Read against PORTAL/cpmanager/CPositionManager.c.
 */
#ifndef ACP_POSITION_MANAGER_H
#define ACP_POSITION_MANAGER_H

#include <stdbool.h>
#include <stdint.h>

#include "constraint_manager.h"
#include "interpolation_manager.h"
#include "sticky_manager.h"

struct acp_physobj;
struct acp_target_info;

/** Which manager last wrote the offset of a quantum (the trace's "offset_from"). */
typedef enum acp_offset_source {
    ACP_OFFSET_ANIMATION = 0,
    ACP_OFFSET_INTERPOLATION = 1,
    ACP_OFFSET_STICKY = 2,
    ACP_OFFSET_CONSTRAINT = 3
} acp_offset_source;

/** Retail PositionManager. */
typedef struct acp_position_manager {
    struct acp_physobj *physics_obj;
    bool has_interpolation, has_sticky, has_constraint;
    acp_interpolation_manager interpolation;
    acp_sticky_manager sticky;
    acp_constraint_manager constraint;
    acp_offset_source last_offset_source; /* of the last adjust_offset (not retail) */
} acp_position_manager;

/** A manager for obj with no sub-managers; NULL when out of memory.
 *  Retail: PositionManager::Create (0x005552D0). */
acp_position_manager *acp_position_manager_create(struct acp_physobj *obj);
/** Release (NULL is ignored). Retail: PositionManager::Destroy (0x00555340). */
void acp_position_manager_destroy(acp_position_manager *pm);

/** Interpolation, sticky, constraint, in that order. Retail:
 *  PositionManager::adjust_offset (0x00555190). offset: object axes; quantum seconds. */
void acp_position_manager_adjust_offset(acp_position_manager *pm, acp_frame *offset, double quantum);
/** Interpolation, constraint (an empty body in this build: identical-code folding shares it with
 *  gmNoticeHandler::RecvNotice_PrevSpellSelection), sticky.
 *  Retail: PositionManager::UseTime (0x00555160). */
void acp_position_manager_use_time(acp_position_manager *pm);

/** Retail: PositionManager::InterpolateTo (0x005551F0) (creates the InterpolationManager). */
void acp_position_manager_interpolate_to(acp_position_manager *pm, const acp_position *p, bool keep_heading);
/** Retail: PositionManager::StopInterpolating (0x00555220). */
void acp_position_manager_stop_interpolating(acp_position_manager *pm);
/** The queue is not empty. Retail: PositionManager::IsInterpolating (0x005553B0). */
bool acp_position_manager_is_interpolating(const acp_position_manager *pm);
/** Queued nodes (0 without an InterpolationManager). */
uint32_t acp_position_manager_num_nodes(const acp_position_manager *pm);
/** Retail: PositionManager::StickTo (0x00555230). */
void acp_position_manager_stick_to(acp_position_manager *pm, uint32_t object_id, float radius, float height);
/** Retail: PositionManager::UnStick (0x005551E0). */
void acp_position_manager_unstick(acp_position_manager *pm);
/** 0 when not stuck. Retail: PositionManager::GetStickyObjectID (0x00555270). */
uint32_t acp_position_manager_get_sticky_object_id(const acp_position_manager *pm);
/** A target's news, to the StickyManager when there is one.
 *  Retail: PositionManager::HandleUpdateTarget (0x005553D0). */
void acp_position_manager_handle_update_target(acp_position_manager *pm, const struct acp_target_info *info);
/** Retail: PositionManager::ConstrainTo (0x00555280). */
void acp_position_manager_constrain_to(acp_position_manager *pm, const acp_position *p, float start_distance,
                                       float max_distance);
/** Retail: PositionManager::UnConstrain (0x005552B0). */
void acp_position_manager_unconstrain(acp_position_manager *pm);
/** Retail: PositionManager::IsFullyConstrained (0x005552C0). */
bool acp_position_manager_is_fully_constrained(const acp_position_manager *pm);

#endif
