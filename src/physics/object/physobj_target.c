/* acphys — retail CPhysicsObj, its targeting members. See physobj_target.h.
 * Read against PORTAL/cphysobj/CPhysicsObj.c. */
#include "physobj_target.h"

#include "partarray.h"
#include "physobj_collide.h"
#include "physics/anim/movement_manager.h"
#include "physics/position/position_manager.h"

acp_target_manager *acp_physobj_make_target_manager(acp_physobj *obj)
{
    if (!obj->target_manager) obj->target_manager = acp_target_manager_create(obj);
    return obj->target_manager;
}

void acp_physobj_set_target(acp_physobj *obj, uint32_t context_id, uint32_t object_id, float radius, double quantum)
{
    acp_target_manager *tm = acp_physobj_make_target_manager(obj);
    if (tm) acp_target_manager_set_target(tm, context_id, object_id, radius, quantum);
}

void acp_physobj_clear_target(acp_physobj *obj)
{
    if (obj->target_manager) acp_target_manager_clear_target(obj->target_manager);
}

void acp_physobj_set_target_quantum(acp_physobj *obj, double quantum)
{
    if (obj->target_manager) acp_target_manager_set_target_quantum(obj->target_manager, quantum);
}

double acp_physobj_get_target_quantum(const acp_physobj *obj)
{
    const acp_target_manager *tm = obj->target_manager;
    return tm && tm->has_target ? tm->target_info.quantum : 0.0;
}

void acp_physobj_receive_target_update(acp_physobj *obj, const acp_target_info *info)
{
    if (obj->target_manager) acp_target_manager_receive_update(obj->target_manager, info);
}

void acp_physobj_add_voyeur(acp_physobj *obj, uint32_t object_id, float radius, float quantum)
{
    acp_target_manager *tm = acp_physobj_make_target_manager(obj);
    if (tm) acp_target_manager_add_voyeur(tm, object_id, radius, quantum);
}

bool acp_physobj_remove_voyeur(acp_physobj *obj, uint32_t object_id)
{
    return obj->target_manager && acp_target_manager_remove_voyeur(obj->target_manager, object_id);
}

void acp_physobj_handle_update_target(acp_physobj *obj, const acp_target_info *info)
{
    if (info->context_id) return;
    if (obj->movement_manager) acp_movement_manager_handle_update_target(obj->movement_manager, info);
    if (obj->position_manager) acp_position_manager_handle_update_target(obj->position_manager, info);
}

void acp_physobj_exit_world(acp_physobj *obj)
{
    if (obj->part_array) acp_partarray_handle_exit_world(obj->part_array);
    if (obj->movement_manager) acp_movement_manager_handle_exit_world(obj->movement_manager);
    if (obj->position_manager) acp_position_manager_unstick(obj->position_manager);
    if (obj->target_manager) {
        acp_target_manager_clear_target(obj->target_manager);
        acp_target_manager_notify_voyeur_of_event(obj->target_manager, ACP_TARGET_EXIT_WORLD);
    }
    acp_physobj_report_collision_end(obj, true);
}
