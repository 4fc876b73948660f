/* acphys — retail CTransition. See transition.h. */
#include "transition.h"

#include <string.h>

#include "partarray.h"
#include "physics.h"

/* The fixture world (no terrain loaded): nothing to collide with, so the sweep ends where it was
 * asked to, in the object's cell, touching what the object touched (docs/DEVIATIONS.md). */
static bool fixture_sweep(acp_physobj *obj, acp_transition *t)
{
    acp_collision_info *c = &t->collision_info;
    t->sphere_path.curr_pos = t->sphere_path.end_pos;
    t->sphere_path.has_curr_cell = true;
    t->sphere_path.curr_cell_id = t->sphere_path.end_pos.objcell_id;
    c->contact_plane_valid = (obj->transient_state & ACP_CONTACT_TS) != 0;
    c->contact_plane = obj->contact_plane;
    c->contact_plane_cell_id = obj->contact_plane_cell_id;
    c->contact_plane_is_water = obj->contact_plane_is_water;
    return true;
}

static void init_spheres(acp_physobj *obj, acp_transition *t)
{
    acp_sphere_path *sp = &t->sphere_path;
    uint32_t n = acp_physobj_num_spheres(obj);
    if (n == 0) {
        /* Retail dummy_sphere: centre (0, 0, 0.1), radius 0.1, scale 1. */
        sp->num_sphere = 1;
        sp->local_sphere[0] = (acp_sphere){{0.0f, 0.0f, 0.1f}, 0.1f};
        return;
    }
    if (n > ACP_MAX_TRANSITION_SPHERES) n = ACP_MAX_TRANSITION_SPHERES;
    sp->num_sphere = n;
    for (uint32_t i = 0; i < n; i++) {
        acp_sphere s = obj->part_array->spheres[i];
        s.center.x = (float)((double)s.center.x * obj->scale);
        s.center.y = (float)((double)s.center.y * obj->scale);
        s.center.z = (float)((double)s.center.z * obj->scale);
        s.radius = (float)((double)s.radius * obj->scale);
        sp->local_sphere[i] = s;
    }
}

bool acp_physobj_transition(acp_physobj *obj, const acp_position *old_pos, const acp_position *new_pos,
                            bool admin_move, acp_transition *t)
{
    (void)admin_move;
    memset(t, 0, sizeof *t);
    t->object_info.object = obj;
    t->object_info.state = obj->transient_state & (ACP_CONTACT_TS | ACP_ON_WALKABLE_TS);
    t->object_info.scale = obj->scale;
    init_spheres(obj, t);
    t->sphere_path.begin_pos = *old_pos;
    t->sphere_path.end_pos = *new_pos;
    t->sphere_path.curr_pos = *old_pos;
    uint32_t ts = obj->transient_state;
    if (ts & ACP_STATIONARY_STUCK_TS) t->collision_info.frames_stationary_fall = 3;
    else if (ts & ACP_STATIONARY_STOP_TS) t->collision_info.frames_stationary_fall = 2;
    else if (ts & ACP_STATIONARY_FALL_TS) t->collision_info.frames_stationary_fall = 1;
    if (!obj->world->terrain) return fixture_sweep(obj, t);
    return fixture_sweep(obj, t); /* the terrain sweep is issue 7's: CTransition::find_valid_position */
}
