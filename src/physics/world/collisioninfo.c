/* acphys — retail COLLISIONINFO. See transition.h. Read against PORTAL/cphysics/CTransition.c
 * (the COLLISIONINFO members are compiled there). */
#include "transition.h"

#include <stddef.h>

void acp_collisioninfo_init(acp_collision_info *c)
{
    c->last_known_contact_plane_valid = false;
    c->contact_plane_valid = false;
    c->sliding_normal_valid = false;
    c->collision_normal_valid = false;
    c->num_collide_object = 0;
    c->last_collided_object = NULL;
    c->collided_with_environment = false;
    c->contact_plane_cell_id = 0;
    c->frames_stationary_fall = 0;
}

void acp_collisioninfo_set_collision_normal(acp_collision_info *c, acp_vec3 normal)
{
    c->collision_normal_valid = true;
    c->collision_normal = normal;
    if (acp_vec3_normalize_check_small(&c->collision_normal)) c->collision_normal = (acp_vec3){0.0f, 0.0f, 0.0f};
}

void acp_collisioninfo_set_sliding_normal(acp_collision_info *c, acp_vec3 normal)
{
    c->sliding_normal_valid = true;
    c->sliding_normal = (acp_vec3){normal.x, normal.y, 0.0f};
    if (acp_vec3_normalize_check_small(&c->sliding_normal)) c->sliding_normal = (acp_vec3){0.0f, 0.0f, 0.0f};
}

void acp_collisioninfo_add_object(acp_collision_info *c, acp_physobj *object, acp_transition_state ts)
{
    for (uint32_t i = 0; i < c->num_collide_object; i++)
        if (c->collide_object[i] == object) return;
    if (c->num_collide_object >= ACP_MAX_COLLIDE_OBJECTS) {
        c->collide_object_dropped++;
        return;
    }
    c->collide_object[c->num_collide_object++] = object;
    if (ts != ACP_TS_OK) c->last_collided_object = object;
}
