/* acphys — retail OBJECTINFO. See transition.h. Read against PORTAL/cphysics/CObjectInfo.c and
 * the CPhysicsObj / CPartArray getters it calls. */
#include <math.h>

#include "physics/object/partarray.h"
#include "transition.h"

/* Retail CPhysicsObj::GetStepUpHeight / GetStepDownHeight (0x0050EA00, 0x0050EA20) with
 * CPartArray::GetStepUpHeight / GetStepDownHeight (0x005180D0, 0x005180F0): the Setup's height
 * times the part array's z scale, 0.01 m for a part array without a Setup, 0 without parts. */
static double step_height(const acp_physobj *obj, bool up)
{
    const acp_partarray *pa = obj->part_array;
    if (!pa) return 0.0;
    if (!pa->setup) return 0.0099999998f;
    double h = up ? pa->setup->step_up_height : pa->setup->step_down_height;
    return h * pa->scale.z;
}

void acp_objectinfo_init(acp_object_info *oi, acp_physobj *obj, uint32_t state)
{
    oi->object = obj;
    oi->state = state;
    oi->scale = obj->scale;
    oi->step_up_height = (float)step_height(obj, true);
    oi->step_down_height = (float)step_height(obj, false);
    oi->ethereal = (obj->state & ACP_ETHEREAL_PS) != 0;
    oi->step_down = !(obj->state & ACP_MISSILE_PS);
    /* The weenie bits (impenetrable, player, PK, PK-lite) need a weenie: none here. */
}

bool acp_objectinfo_missile_ignore(const acp_object_info *oi, const acp_physobj *other)
{
    if (other->state & ACP_MISSILE_PS) return true;
    /* A missile (oi->object MISSILE_PS) ignores a non-target that is ethereal with a weenie, or a
     * creature (weenie IsCreature) when it has a target: both need the other's weenie. */
    (void)oi;
    return false;
}

bool acp_objectinfo_is_valid_walkable(acp_vec3 normal) { return normal.z >= ACP_FLOOR_Z; }

void acp_objectinfo_kill_velocity(acp_object_info *oi)
{
    acp_physobj_set_velocity(oi->object, (acp_vec3){0.0f, 0.0f, 0.0f});
}

/* Touching (|dist| ≤ EPSILON): record the plane when it may stand on it. */
static acp_transition_state touching(acp_object_info *oi, const acp_plane *plane, bool is_water,
                                     acp_sphere_path *path, acp_collision_info *c, uint32_t cell_id)
{
    bool walkable = acp_objectinfo_is_valid_walkable(plane->n);
    if (path->step_down || !(oi->state & ACP_ON_WALKABLE_OI) || walkable) {
        acp_collisioninfo_set_contact_plane(c, plane, is_water);
        c->contact_plane_cell_id = cell_id;
    }
    if (!(oi->state & ACP_CONTACT_OI) && !path->step_down) {
        acp_collisioninfo_set_collision_normal(c, plane->n);
        c->collided_with_environment = true;
    }
    return ACP_TS_OK;
}

/* Penetrating by dist (< −EPSILON): lift check_pos out along z by −dist/n.z. */
static acp_transition_state penetrating(acp_object_info *oi, const acp_plane *plane, bool is_water, double dist,
                                        acp_sphere_path *path, acp_collision_info *c, uint32_t cell_id)
{
    if (path->check_walkable) return ACP_TS_COLLIDED;
    acp_transition_state ts = ACP_TS_OK;
    float dz = (float)(dist / plane->n.z); /* negative: how deep, along z */
    bool walkable = acp_objectinfo_is_valid_walkable(plane->n);
    if (path->step_down || !(oi->state & ACP_ON_WALKABLE_OI) || walkable) {
        acp_collisioninfo_set_contact_plane(c, plane, is_water);
        c->contact_plane_cell_id = cell_id;
        if (path->step_down) {
            double interp = (1.0 - -1.0 / ((double)path->step_down_amt * path->walk_interp) * dz) * path->walk_interp;
            if (interp >= path->walk_interp || interp < -0.1) return ACP_TS_COLLIDED;
            path->walk_interp = (float)interp;
        }
        acp_vec3 offset = {0.0f, 0.0f, -dz};
        acp_spherepath_add_offset_to_check_pos(path, offset);
        ts = ACP_TS_ADJUSTED;
    }
    if (!(oi->state & ACP_CONTACT_OI) && !path->step_down) {
        acp_collisioninfo_set_collision_normal(c, plane->n);
        c->collided_with_environment = true;
    }
    return ts;
}

acp_transition_state acp_objectinfo_validate_walkable(acp_object_info *oi, const acp_sphere *check_pos,
                                                      const acp_plane *contact_plane, bool is_water,
                                                      float water_depth, acp_sphere_path *path,
                                                      acp_collision_info *collisions, uint32_t land_cell_id)
{
    /* IS_VIEWER_OI (the camera's sweep) takes another branch; no object here is a viewer. */
    const acp_vec3 n = contact_plane->n;
    const acp_vec3 c = check_pos->center;
    double dist = (double)c.y * n.y + ((double)c.z - check_pos->radius) * n.z + (double)c.x * n.x +
                  contact_plane->d + water_depth;
    if (dist >= -ACP_F_EPSILON) {
        if (dist > ACP_F_EPSILON) return ACP_TS_OK;
        return touching(oi, contact_plane, is_water, path, collisions, land_cell_id);
    }
    return penetrating(oi, contact_plane, is_water, dist, path, collisions, land_cell_id);
}
