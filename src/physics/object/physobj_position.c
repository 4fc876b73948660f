/* acphys — retail CPhysicsObj, its server-position members. See physobj_position.h.
 * Read against PORTAL/cphysobj/CPhysicsObj.c and PORTAL/smartbox/SmartBox.c (newer_event). */
#include "physobj_position.h"

#include <stdlib.h>

#include "partarray.h"
#include "physics/anim/movement_manager.h"
#include "physics/anim/moveto_manager.h"
#include "physobj_children.h"
#include "physobj_collide.h"
#include "physobj_motion.h"
#include "physics/position/position_manager.h"
#include "physics/world/physics.h"
#include "setposition.h"
#include "target_manager.h"

#define SET_POSITION_SIMPLE_FLAGS (ACP_TELEPORT_SPF | ACP_SEND_POSITION_EVENT_SPF)
#define TELEPORT_FLAGS (ACP_TELEPORT_SPF | ACP_SLIDE_SPF | ACP_SEND_POSITION_EVENT_SPF) /* 0x1012 */

bool acp_timestamp_older(uint16_t a, uint16_t b)
{
    int diff = abs((int)a - (int)b);
    return diff > 0x7FFF ? b < a : a < b;
}

static bool older(uint16_t a, uint16_t b) { return acp_timestamp_older(a, b); }

bool acp_physobj_newer_event(acp_physobj *obj, uint32_t stamp, uint16_t new_time)
{
    if (!older(obj->update_times[stamp], new_time)) return false;
    obj->update_times[stamp] = new_time;
    return true;
}

uint32_t acp_physobj_set_position_simple(acp_physobj *obj, const acp_position *p, bool sliding)
{
    uint32_t flags = SET_POSITION_SIMPLE_FLAGS | (sliding ? ACP_SLIDE_SPF : 0u);
    return (uint32_t)acp_physobj_set_position(obj, p, flags);
}

bool acp_physobj_move_or_teleport(acp_physobj *obj, const acp_position *p, uint16_t teleport_timestamp, bool contact,
                                  const acp_vec3 *velocity)
{
    (void)velocity; /* retail takes it and does not read it */
    if (older(teleport_timestamp, obj->update_times[ACP_TELEPORT_TS])) return false;
    if (acp_physobj_newer_event(obj, ACP_TELEPORT_TS, teleport_timestamp) || !obj->has_cell) {
        acp_physobj_teleport_hook(obj);
        acp_physobj_set_position(obj, p, TELEPORT_FLAGS);
        return true;
    }
    if (!contact) return false;
    if ((double)obj->player_distance >= ACP_ACTIVITY_RADIUS) {
        if (obj->position_manager) acp_position_manager_stop_interpolating(obj->position_manager);
        acp_physobj_set_position_simple(obj, p, true);
        return true;
    }
    return acp_physobj_interpolate_to(obj, p, acp_physobj_is_moving_to(obj));
}

bool acp_physobj_make_position_manager(acp_physobj *obj)
{
    if (!obj->position_manager) {
        obj->position_manager = acp_position_manager_create(obj);
        if (!obj->position_manager) return false;
    }
    if (!(obj->state & ACP_STATIC_PS)) {
        if (!(obj->transient_state & ACP_ACTIVE_TS)) obj->update_time = obj->world->now;
        obj->transient_state |= ACP_ACTIVE_TS;
    }
    return true;
}

bool acp_physobj_interpolate_to(acp_physobj *obj, const acp_position *p, bool keep_heading)
{
    if (!acp_physobj_make_position_manager(obj)) return false;
    acp_position_manager_interpolate_to(obj->position_manager, p, keep_heading);
    return true;
}

void acp_physobj_stop_interpolating(acp_physobj *obj)
{
    if (obj->position_manager) acp_position_manager_stop_interpolating(obj->position_manager);
}

/* The Setup's radius or height × scale.z (CPartArray::GetRadius / GetHeight). */
static double setup_extent(const acp_physobj *obj, bool height)
{
    const acp_partarray *pa = obj->part_array;
    if (!pa || !pa->setup) return 0.0;
    return (double)(height ? pa->setup->height : pa->setup->radius) * pa->scale.z;
}

double acp_physobj_get_radius(const acp_physobj *obj) { return setup_extent(obj, false); }
double acp_physobj_get_height(const acp_physobj *obj) { return setup_extent(obj, true); }

bool acp_physobj_stick_to_object(acp_physobj *obj, uint32_t object_id)
{
    if (!acp_physobj_make_position_manager(obj)) return false;
    const acp_physobj *target = acp_world_object(obj->world, object_id);
    if (!target) return true;
    target = acp_physobj_top_level(target); /* a held item: its holder (CPhysicsObj.c:4186) */
    float height = (float)acp_physobj_get_height(target);
    float radius = target->part_array ? (float)acp_physobj_get_radius(target) : 0.0f;
    acp_position_manager_stick_to(obj->position_manager, target->id, radius, height);
    return true;
}

void acp_physobj_unstick_from_object(acp_physobj *obj)
{
    if (obj->position_manager) acp_position_manager_unstick(obj->position_manager);
}

uint32_t acp_physobj_get_sticky_object_id(const acp_physobj *obj)
{
    return obj->position_manager ? acp_position_manager_get_sticky_object_id(obj->position_manager) : 0;
}

bool acp_physobj_constrain_to(acp_physobj *obj, const acp_position *p, float start_distance, float max_distance)
{
    if (!acp_physobj_make_position_manager(obj)) return false;
    acp_position_manager_constrain_to(obj->position_manager, p, start_distance, max_distance);
    return true;
}

void acp_physobj_unconstrain(acp_physobj *obj)
{
    if (obj->position_manager) acp_position_manager_unconstrain(obj->position_manager);
}

bool acp_physobj_is_fully_constrained(const acp_physobj *obj)
{
    return obj->position_manager && acp_position_manager_is_fully_constrained(obj->position_manager);
}

/* The player's and every other object's distances are the same in this build. */
double acp_physobj_get_start_constraint_distance(const acp_physobj *obj)
{
    return (obj->position.objcell_id & 0xFFFFu) >= 0x100u ? 5.0 : 10.0;
}

double acp_physobj_get_max_constraint_distance(const acp_physobj *obj)
{
    return (obj->position.objcell_id & 0xFFFFu) >= 0x100u ? 20.0 : 50.0;
}

double acp_physobj_get_autonomy_blip_distance(const acp_physobj *obj)
{
    bool indoor = (obj->position.objcell_id & 0xFFFFu) >= 0x100u;
    if (obj == obj->world->player) return indoor ? 25.0 : 100.0;
    return indoor ? 20.0 : 100.0;
}

bool acp_physobj_is_moving_to(const acp_physobj *obj)
{
    return obj->movement_manager && acp_movement_manager_is_moving_to(obj->movement_manager);
}

struct acp_motion_interp *acp_physobj_get_minterp(acp_physobj *obj)
{
    return obj->movement_manager ? acp_movement_manager_get_minterp(obj->movement_manager) : NULL;
}

bool acp_physobj_motions_pending(const acp_physobj *obj)
{
    const acp_movement_manager *mm = obj->movement_manager;
    return mm && mm->has_interp && mm->interp.num_pending != 0;
}

bool acp_physobj_is_interpolating(const acp_physobj *obj)
{
    return obj->position_manager && acp_position_manager_is_interpolating(obj->position_manager);
}

void acp_physobj_stop_completely(acp_physobj *obj)
{
    if (!obj->movement_manager) return;
    acp_movement_params p = acp_movement_params_default();
    acp_movement_manager_perform_movement(obj->movement_manager, ACP_MOVE_STOP_COMPLETELY, 0, &p);
}

void acp_physobj_cancel_moveto(acp_physobj *obj)
{
    if (obj->movement_manager) acp_movement_manager_cancel_moveto(obj->movement_manager, ACP_MOVETO_ERR_ACTION_CANCELLED);
}

void acp_physobj_stick_to(acp_physobj *obj, uint32_t object_id, float radius, float height)
{
    if (!acp_physobj_make_position_manager(obj)) return;
    acp_position_manager_stick_to(obj->position_manager, object_id, radius, height);
}

static uint32_t move_to_top(acp_physobj *obj, uint32_t type, uint32_t object_id, uint32_t top_level_id,
                            const acp_position *pos, const struct acp_movement_params *params)
{
    if (!obj->movement_manager && !acp_physobj_make_movement_manager(obj, true)) return ACP_MERR_GENERAL_MOVEMENT_FAILURE;
    /* The sticky hand-off at the end runs inside the update: make its PositionManager now. */
    if ((params->bitfield & ACP_MP_STICKY) && !acp_physobj_make_position_manager(obj)) return ACP_MERR_GENERAL_MOVEMENT_FAILURE;
    acp_physobj_set_active(obj, true);
    return acp_movement_manager_perform_moveto(obj->movement_manager, type, object_id, top_level_id, pos, params);
}

uint32_t acp_physobj_move_to(acp_physobj *obj, uint32_t type, uint32_t object_id, const acp_position *pos,
                             const struct acp_movement_params *params)
{
    return move_to_top(obj, type, object_id, object_id, pos, params);
}

void acp_physobj_move_to_object(acp_physobj *obj, uint32_t object_id, const acp_movement_params *params)
{
    if (!obj->movement_manager && !acp_physobj_make_movement_manager(obj, true)) return;
    const acp_physobj *target = acp_world_object(obj->world, object_id);
    if (!target) return;
    (void)move_to_top(obj, ACP_MOVETO_OBJECT, object_id, acp_physobj_top_level(target)->id, NULL, params);
}

void acp_physobj_turn_to_object(acp_physobj *obj, uint32_t object_id, const acp_movement_params *params)
{
    const acp_physobj *target = acp_world_object(obj->world, object_id);
    if (!target) return;
    (void)move_to_top(obj, ACP_TURNTO_OBJECT, object_id, acp_physobj_top_level(target)->id, NULL, params);
}

void acp_physobj_unpack_moveto(acp_physobj *obj, const acp_moveto_message *msg)
{
    if (!obj->movement_manager) {
        obj->movement_manager = acp_movement_manager_create(obj);
        if (!obj->movement_manager) return;
        if (obj->world) acp_physobj_set_active(obj, true);
    }
    acp_movement_manager_unpack_moveto(obj->movement_manager, msg);
}

double acp_physobj_interp_max_speed(const acp_physobj *obj, bool adjusted)
{
    if (!obj->movement_manager) return 4.0;
    const acp_motion_interp *mi = acp_movement_manager_get_minterp(obj->movement_manager);
    return adjusted ? acp_motion_interp_get_adjusted_max_speed(mi) : acp_motion_interp_get_max_speed(mi);
}

void acp_physobj_teleport_hook(acp_physobj *obj)
{
    if (obj->movement_manager) acp_movement_manager_cancel_moveto(obj->movement_manager, ACP_MOVETO_ERR_TELEPORTED);
    acp_position_manager *pm = obj->position_manager;
    if (pm) {
        acp_position_manager_unstick(pm);
        acp_position_manager_stop_interpolating(pm);
        acp_position_manager_unconstrain(pm);
    }
    if (obj->target_manager) {
        acp_target_manager_clear_target(obj->target_manager);
        acp_target_manager_notify_voyeur_of_event(obj->target_manager, ACP_TARGET_TELEPORTED);
    }
    acp_physobj_report_collision_end(obj, true);
}
