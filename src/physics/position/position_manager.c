/* acphys — retail PositionManager. See position_manager.h. Read against
 * PORTAL/cpmanager/CPositionManager.c. */
#include "position_manager.h"

#include <stdlib.h>

acp_position_manager *acp_position_manager_create(struct acp_physobj *obj)
{
    acp_position_manager *pm = calloc(1, sizeof *pm);
    if (!pm) return NULL;
    pm->physics_obj = obj;
    return pm;
}

void acp_position_manager_destroy(acp_position_manager *pm) { free(pm); }

void acp_position_manager_adjust_offset(acp_position_manager *pm, acp_frame *offset, double quantum)
{
    pm->last_offset_source = ACP_OFFSET_ANIMATION;
    if (pm->has_interpolation && acp_interpolation_manager_adjust_offset(&pm->interpolation, offset, quantum))
        pm->last_offset_source = ACP_OFFSET_INTERPOLATION;
    if (pm->has_sticky && acp_sticky_manager_adjust_offset(&pm->sticky, offset, quantum))
        pm->last_offset_source = ACP_OFFSET_STICKY;
    if (pm->has_constraint && acp_constraint_manager_adjust_offset(&pm->constraint, offset, quantum))
        pm->last_offset_source = ACP_OFFSET_CONSTRAINT;
}

void acp_position_manager_use_time(acp_position_manager *pm)
{
    if (pm->has_interpolation) acp_interpolation_manager_use_time(&pm->interpolation);
    /* ConstraintManager::UseTime: an empty body (see the header). */
    if (pm->has_sticky) acp_sticky_manager_use_time(&pm->sticky);
}

void acp_position_manager_interpolate_to(acp_position_manager *pm, const acp_position *p, bool keep_heading)
{
    if (!pm->has_interpolation) {
        acp_interpolation_manager_init(&pm->interpolation, pm->physics_obj);
        pm->has_interpolation = true;
    }
    acp_interpolation_manager_interpolate_to(&pm->interpolation, p, keep_heading);
}

void acp_position_manager_stop_interpolating(acp_position_manager *pm)
{
    if (pm->has_interpolation) acp_interpolation_manager_stop_interpolating(&pm->interpolation);
}

bool acp_position_manager_is_interpolating(const acp_position_manager *pm)
{
    return pm->has_interpolation && pm->interpolation.count != 0;
}

uint32_t acp_position_manager_num_nodes(const acp_position_manager *pm)
{
    return pm->has_interpolation ? pm->interpolation.count : 0;
}

void acp_position_manager_stick_to(acp_position_manager *pm, uint32_t object_id, float radius, float height)
{
    if (!pm->has_sticky) {
        acp_sticky_manager_init(&pm->sticky, pm->physics_obj);
        pm->has_sticky = true;
    }
    acp_sticky_manager_stick_to(&pm->sticky, object_id, radius, height);
}

void acp_position_manager_unstick(acp_position_manager *pm)
{
    if (pm->has_sticky) acp_sticky_manager_unstick(&pm->sticky);
}

uint32_t acp_position_manager_get_sticky_object_id(const acp_position_manager *pm)
{
    return pm->has_sticky ? pm->sticky.target_id : 0;
}

void acp_position_manager_handle_update_target(acp_position_manager *pm, const struct acp_target_info *info)
{
    if (pm->has_sticky) acp_sticky_manager_handle_update_target(&pm->sticky, info);
}

void acp_position_manager_constrain_to(acp_position_manager *pm, const acp_position *p, float start_distance,
                                       float max_distance)
{
    if (!pm->has_constraint) {
        acp_constraint_manager_init(&pm->constraint, pm->physics_obj);
        pm->has_constraint = true;
    }
    acp_constraint_manager_constrain_to(&pm->constraint, p, start_distance, max_distance);
}

void acp_position_manager_unconstrain(acp_position_manager *pm)
{
    if (pm->has_constraint) acp_constraint_manager_unconstrain(&pm->constraint);
}

bool acp_position_manager_is_fully_constrained(const acp_position_manager *pm)
{
    return pm->has_constraint && acp_constraint_manager_is_fully_constrained(&pm->constraint);
}
