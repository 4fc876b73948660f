/* acphys — the public API's read-back (include/acphys.h, "reading objects back"): an object's
 * state after the last step, exactly what a scenario's trace captures (src/scenario/trace.c
 * acp_trace_capture_object), and the names a trace uses. Not retail itself: the fields are
 * CPhysicsObj's and the last CPhysicsObj::update_object's (0x00515D10) record. */
#include "acphys.h"
#include "api_internal.h"

#include <string.h>

#include "physics/anim/anim_hook.h"
#include "physics/object/partarray.h"
#include "physics/object/physobj.h"
#include "physics/world/physics.h"
#include "scenario/trace.h"


ACP_API acp_status acp_object_get_reports(acp_world_id world, uint32_t object_id, uint32_t *env_collisions,
                                          uint32_t *cells_dropped)
{
    acp_status st;
    const acp_physobj *obj = acp_api_object(world, object_id, "acp_object_get_reports", &st);
    if (!obj) return st;
    acp_trace_object t;
    acp_trace_capture_object(&t, obj, obj->world ? obj->world->now : 0.0);
    if (env_collisions) *env_collisions = t.env_collisions;
    if (cells_dropped) *cells_dropped = t.cells_dropped;
    return ACP_OK;
}

ACP_API acp_status acp_object_get_state(acp_world_id world, uint32_t object_id, acp_object_state *out)
{
    static const char *const FN = "acp_object_get_state";
    acp_status st;
    const acp_physobj *obj = acp_api_object(world, object_id, FN, &st);
    if (!obj) return st;
    if (!out) return acp_api_fail(ACP_ERR_NULL, FN, "out: NULL");
    /* Exactly what a scenario's trace captures (src/scenario/trace.c), so a host that hashes
     * these fields as the trace does gets acphys run's digest. */
    acp_trace_object t;
    acp_trace_capture_object(&t, obj, obj->world ? obj->world->now : 0.0);
    memset(out, 0, sizeof *out);
    out->id = t.id;
    out->has_cell = obj->has_cell;
    out->cell = t.cell;
    memcpy(out->origin, t.origin, sizeof out->origin);
    memcpy(out->orientation, t.orientation, sizeof out->orientation);
    memcpy(out->velocity, t.velocity, sizeof out->velocity);
    out->omega[0] = obj->omega.x, out->omega[1] = obj->omega.y, out->omega[2] = obj->omega.z;
    out->heading = t.heading; /* acp_frame_get_heading, as the capture computed it */
    out->physics_state = t.state;
    out->transient_state = t.transient;
    out->active = t.active;
    out->contact = (obj->transient_state & ACP_CONTACT_TS) != 0;
    out->on_walkable = (obj->transient_state & ACP_ON_WALKABLE_TS) != 0;
    out->update_time = t.update_time;
    out->ran = obj->record.ran;
    out->skipped = (uint32_t)t.skipped;
    out->has_elapsed = t.has_elapsed;
    out->elapsed = t.elapsed;
    out->num_quanta = t.num_quanta;
    memcpy(out->quanta, t.quanta, t.num_quanta * sizeof t.quanta[0]);
    out->num_hooks = t.num_hooks;
    memcpy(out->hooks, t.hooks, t.num_hooks * sizeof t.hooks[0]);
    out->hooks_unrecorded = t.hooks_unrecorded;
    out->num_collisions = t.num_collisions;
    memcpy(out->collisions, t.collisions, t.num_collisions * sizeof t.collisions[0]);
    out->num_collision_ends = t.num_collision_ends;
    memcpy(out->collision_ends, t.collision_ends, t.num_collision_ends * sizeof t.collision_ends[0]);
    out->has_position_manager = t.has_position_manager;
    out->position_nodes = t.position_nodes;
    out->offset_source = t.offset_from;
    out->has_move_to = t.has_moveto;
    out->move_to_type = t.moveto_type;
    out->move_to_nodes = t.moveto_nodes;
    out->move_to_command = t.moveto_command;
    out->has_fx = t.has_fx;
    out->num_scripts = t.num_scripts;
    memcpy(out->scripts, t.scripts, t.num_scripts * sizeof t.scripts[0]);
    out->particles = t.particles;
    out->has_motion_table = obj->part_array && obj->part_array->motion_table_manager && obj->movement_manager;
    return ACP_OK;
}

ACP_API const char *acp_hook_name(uint32_t type)
{
    const char *name = acp_hook_type_name(type);
    return name ? name : "Unknown";
}

ACP_API const char *acp_offset_source_name(uint32_t source) { return acp_trace_offset_source_name(source); }
ACP_API const char *acp_move_to_type_name(uint32_t type) { return acp_trace_moveto_name(type); }
