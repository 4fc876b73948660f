/* acphys — retail CTransition: the collision sweep that moves an object's spheres from its
 * current position to the candidate of this quantum (SPHEREPATH, COLLISIONINFO, OBJECTINFO).
 *
 * CONVENTIONS
 *   Positions are cell-relative (acp_position); vectors are world axes, metres. A transition is
 *   scratch storage owned by the world (retail keeps a pool: CTransition::makeTransition); nothing
 *   here allocates.
 *   A world without terrain (no landblock loaded) is a fixture, not retail: the sweep succeeds
 *   at the requested position and the contact state the object had is carried over unchanged
 *   (docs/DEVIATIONS.md).
 */
#ifndef ACP_TRANSITION_H
#define ACP_TRANSITION_H

#include <stdbool.h>
#include <stdint.h>

#include "../dat/records.h"
#include "physobj.h"
#include "position.h"

#define ACP_MAX_TRANSITION_SPHERES 2     /* retail SPHEREPATH holds at most two spheres */

/** Retail COLLISIONINFO: what the sweep touched. */
typedef struct acp_collision_info {
    bool last_known_contact_plane_valid;
    acp_plane last_known_contact_plane;
    bool last_known_contact_plane_is_water;
    uint32_t last_known_contact_plane_cell_id;
    bool contact_plane_valid;
    acp_plane contact_plane;
    uint32_t contact_plane_cell_id;
    bool contact_plane_is_water;
    bool sliding_normal_valid;
    acp_vec3 sliding_normal;
    bool collision_normal_valid;
    acp_vec3 collision_normal;
    acp_vec3 adjust_offset;
    uint32_t num_collide_object;     /* object collisions: always 0 (out of scope) */
    bool collided_with_environment;
    int frames_stationary_fall;
} acp_collision_info;

/** Retail OBJECTINFO: the moving object's properties for the sweep. */
typedef struct acp_object_info {
    acp_physobj *object;
    uint32_t state;                  /* OBJECTINFO state bits (Contact 0x1, OnWalkable 0x2, ...) */
    float scale;
    float step_up_height;            /* metres */
    float step_down_height;          /* metres */
    bool ethereal;
    bool step_down;
} acp_object_info;

/** Retail SPHEREPATH (the part of it the commit reads; the sweep adds its own fields). */
typedef struct acp_sphere_path {
    uint32_t num_sphere;
    acp_sphere local_sphere[ACP_MAX_TRANSITION_SPHERES];
    acp_position begin_pos;
    acp_position end_pos;
    acp_position curr_pos;
    bool has_curr_cell;              /* retail curr_cell != NULL */
    uint32_t curr_cell_id;
} acp_sphere_path;

/** Retail CTransition. */
typedef struct acp_transition {
    acp_object_info object_info;
    acp_sphere_path sphere_path;
    acp_collision_info collision_info;
} acp_transition;

/** Sweep obj from old_pos to new_pos; on success *t holds the result and true is returned.
 *  Retail: CPhysicsObj::transition (0x00512DC0). */
bool acp_physobj_transition(acp_physobj *obj, const acp_position *old_pos, const acp_position *new_pos,
                            bool admin_move, acp_transition *t);

#endif
