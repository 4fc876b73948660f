/* acphys — retail ConstraintManager: an object held on a leash to a position (the server's
 * correction of where this object may be): its offsets shrink as it nears max_distance and
 * stop there.
 *
 * CONVENTIONS
 *   Distances metres. constraint_pos_offset accumulates the length of every offset applied since
 *   ConstrainTo (it starts as the distance to the constraint position).
 *   Read against PORTAL/cpmanager/CConstraintManager.c.
 */
#ifndef ACP_CONSTRAINT_MANAGER_H
#define ACP_CONSTRAINT_MANAGER_H

#include <stdbool.h>
#include <stdint.h>

#include "physics/geometry/position.h"

struct acp_physobj;

/** Retail ConstraintManager. */
typedef struct acp_constraint_manager {
    struct acp_physobj *physics_obj;
    bool is_constrained;
    float constraint_pos_offset;      /* metres travelled (see above) */
    acp_position constraint_pos;
    float constraint_distance_start;  /* metres: offsets are scaled past this */
    float constraint_distance_max;    /* metres: offsets are zero past this */
} acp_constraint_manager;

/** Retail: ConstraintManager::Create (0x00556110). */
void acp_constraint_manager_init(acp_constraint_manager *cm, struct acp_physobj *obj);

/** Constrain to p: constraint_pos_offset = distance(p, object). Retail:
 *  ConstraintManager::ConstrainTo (0x00556240). */
void acp_constraint_manager_constrain_to(acp_constraint_manager *cm, const acp_position *p, float start_distance,
                                         float max_distance);

/** Retail: ConstraintManager::UnConstrain (0x005560C0). */
void acp_constraint_manager_unconstrain(acp_constraint_manager *cm);

/** max × 0.9 < constraint_pos_offset. Retail: ConstraintManager::IsFullyConstrained (0x005560D0). */
bool acp_constraint_manager_is_fully_constrained(const acp_constraint_manager *cm);

/** In Contact: an offset origin is scaled by (max − travelled) / (max − start) past start and
 *  zeroed at max; then (in Contact or not) its length is added to the distance travelled.
 *  Retail: ConstraintManager::adjust_offset (0x00556180). Returns true when it changed the offset. */
bool acp_constraint_manager_adjust_offset(acp_constraint_manager *cm, acp_frame *offset, double quantum);

#endif
