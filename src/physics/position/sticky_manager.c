/* acphys — retail StickyManager. See sticky_manager.h. Read against PORTAL/cpmanager/CStickyManager.c. */
#include "sticky_manager.h"

#include <math.h>
#include <stddef.h>

#include "physics/object/physobj.h"
#include "physics/object/physobj_position.h"
#include "physics/object/physobj_target.h"
#include "physics/object/target_manager.h"
#include "physics/world/physics.h"

void acp_sticky_manager_init(acp_sticky_manager *sm, struct acp_physobj *obj)
{
    sm->physics_obj = obj;
    sm->target_id = 0;
    sm->target_radius = 0.0f;
    sm->target_position.objcell_id = 0;
    sm->target_position.frame = acp_frame_identity();
    sm->initialized = false;
    sm->sticky_timeout_time = 0.0;
}

void acp_sticky_manager_unstick(acp_sticky_manager *sm)
{
    if (!sm->target_id) return;
    sm->target_id = 0;
    sm->initialized = false;
    acp_physobj_clear_target(sm->physics_obj);
    acp_physobj_cancel_moveto(sm->physics_obj);
}

void acp_sticky_manager_stick_to(acp_sticky_manager *sm, uint32_t target_id, float radius, float height)
{
    (void)height; /* retail takes it and does not store it */
    acp_sticky_manager_unstick(sm);
    sm->target_radius = radius;
    sm->target_id = target_id;
    sm->initialized = false;
    acp_physobj *obj = sm->physics_obj;
    sm->sticky_timeout_time = obj->world->now + ACP_STICKY_TIMEOUT;
    /* A target in the world adds us as its voyeur and answers Ok at once (HandleUpdateTarget). */
    acp_physobj_set_target(obj, 0, target_id, ACP_STICKY_TARGET_RADIUS, ACP_STICKY_TARGET_QUANTUM);
}

void acp_sticky_manager_handle_update_target(acp_sticky_manager *sm, const acp_target_info *info)
{
    if (info->object_id != sm->target_id) return;
    if (info->status == ACP_TARGET_OK) {
        sm->initialized = true;
        sm->target_position = info->target_position;
        return;
    }
    acp_sticky_manager_unstick(sm);
}

/* Position::cylinder_distance_no_z (0x005A98B0): despite its name 3-D in this build
 * (Position.c:351-358): the centre distance less both radii, in double. */
static double cylinder_distance_no_z(float r1, const acp_position *p1, float r2, const acp_position *p2)
{
    acp_vec3 d = acp_position_get_offset(p1, p2);
    return sqrt((double)d.x * d.x + (double)d.y * d.y + (double)d.z * d.z) - ((double)r1 + r2);
}

/* Position::heading (0x005A9520): the bearing (degrees, double) from p1 to p2. */
static double position_heading(const acp_position *p1, const acp_position *p2)
{
    return acp_vec3_get_heading(acp_position_get_offset(p1, p2));
}

bool acp_sticky_manager_adjust_offset(acp_sticky_manager *sm, acp_frame *offset, double quantum)
{
    if (!sm->target_id || !sm->initialized) return false;
    acp_physobj *obj = sm->physics_obj;
    const acp_position *me = &obj->position;
    const acp_physobj *target = acp_world_object(obj->world, sm->target_id);
    const acp_position *tp = target ? &target->position : &sm->target_position;
    acp_vec3 o = acp_position_get_offset(me, tp);
    o = acp_frame_globaltolocalvec(&me->frame, o);
    o.z = 0.0f;
    float r1 = (float)acp_physobj_get_radius(obj);
    double cyl = cylinder_distance_no_z(r1, me, sm->target_radius, tp);
    float mag = (float)(cyl - (double)ACP_STICKY_STANDOFF);
    if (acp_vec3_normalize_check_small(&o)) o = (acp_vec3){0.0f, 0.0f, 0.0f};
    double speed = acp_physobj_interp_max_speed(obj, false) * 5.0;
    if (speed < ACP_F_EPSILON) speed = ACP_STICKY_DEFAULT_SPEED;
    double step = speed * quantum;
    if (step >= fabs((double)mag)) {
        o.x = (float)((double)mag * o.x);
        o.y = (float)((double)mag * o.y);
        step = mag;
    } else {
        o.x = (float)(step * o.x);
        o.y = (float)(step * o.y);
    }
    o.z = (float)(step * o.z);
    offset->origin = o;
    float sought = (float)position_heading(me, tp);
    double delta = (double)sought - acp_frame_get_heading(&me->frame);
    float heading = (float)delta;
    if (fabs(delta) < ACP_F_EPSILON) heading = 0.0f;
    if (-ACP_F_EPSILON > (double)heading) heading = (float)((double)heading + 360.0);
    acp_frame_set_heading(offset, heading);
    return true;
}

void acp_sticky_manager_use_time(acp_sticky_manager *sm)
{
    if (!sm->target_id) return;
    if (sm->physics_obj->world->now > sm->sticky_timeout_time) acp_sticky_manager_unstick(sm);
}
