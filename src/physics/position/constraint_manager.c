/* acphys — retail ConstraintManager. See constraint_manager.h. Read against
 * PORTAL/cpmanager/CConstraintManager.c. */
#include "constraint_manager.h"

#include <math.h>
#include <stddef.h>

#include "physics/object/physobj.h"

void acp_constraint_manager_init(acp_constraint_manager *cm, struct acp_physobj *obj)
{
    cm->physics_obj = obj;
    cm->is_constrained = false;
    cm->constraint_pos_offset = 0.0f;
    cm->constraint_pos.objcell_id = 0;
    cm->constraint_pos.frame = acp_frame_identity();
    cm->constraint_distance_start = 0.0f;
    cm->constraint_distance_max = 0.0f;
}

void acp_constraint_manager_constrain_to(acp_constraint_manager *cm, const acp_position *p, float start_distance,
                                         float max_distance)
{
    cm->is_constrained = true;
    cm->constraint_pos = *p;
    cm->constraint_distance_start = start_distance;
    cm->constraint_distance_max = max_distance;
    cm->constraint_pos_offset = (float)acp_position_distance(p, &cm->physics_obj->position);
}

void acp_constraint_manager_unconstrain(acp_constraint_manager *cm) { cm->is_constrained = false; }

bool acp_constraint_manager_is_fully_constrained(const acp_constraint_manager *cm)
{
    return (double)cm->constraint_distance_max * 0.9 < (double)cm->constraint_pos_offset;
}

bool acp_constraint_manager_adjust_offset(acp_constraint_manager *cm, acp_frame *offset, double quantum)
{
    (void)quantum;
    if (!cm->physics_obj || !cm->is_constrained) return false;
    bool changed = false;
    if (cm->physics_obj->transient_state & ACP_CONTACT_TS) {
        float max = cm->constraint_distance_max, start = cm->constraint_distance_start;
        float travelled = cm->constraint_pos_offset;
        if ((double)travelled < (double)max) {
            if ((double)travelled > (double)start) {
                float k = (float)(((double)max - travelled) / ((double)max - start));
                offset->origin.x = (float)((double)offset->origin.x * k);
                offset->origin.y = (float)((double)offset->origin.y * k);
                offset->origin.z = (float)((double)offset->origin.z * k);
                changed = true;
            }
        } else {
            offset->origin = (acp_vec3){0.0f, 0.0f, 0.0f};
            changed = true;
        }
    }
    acp_vec3 o = offset->origin;
    cm->constraint_pos_offset =
        (float)(sqrt((double)o.x * o.x + (double)o.y * o.y + (double)o.z * o.z) + cm->constraint_pos_offset);
    return changed;
}
