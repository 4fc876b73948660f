/* acphys — the runner's call sites into motion and terrain. See bridge.h: each INTEGRATION
 * POINT below is where the lead wires the merged branch in. */
#include "bridge.h"

#include "partarray.h"

bool acp_bridge_motion_wired(void) { return false; /* INTEGRATION POINT (motion): true once wired */ }

bool acp_bridge_attach_setup(acp_physobj *obj, const acp_setup *setup, float scale)
{
    acp_partarray *pa = acp_partarray_create(obj, setup);
    if (!pa) return false;
    acp_partarray_destroy(obj->part_array);
    obj->part_array = pa;
    acp_partarray_set_scale(pa, (acp_vec3){scale, scale, scale});
    return true;
}

bool acp_bridge_attach_motion(acp_physobj *obj, const acp_motion_table *mtable, float run_rate)
{
    /* INTEGRATION POINT (motion): create obj->movement_manager from mtable, set run_rate. */
    (void)obj;
    (void)mtable;
    (void)run_rate;
    return true;
}

void acp_bridge_apply_motion(acp_physobj *obj, const acp_scenario_motion *motion)
{
    /* INTEGRATION POINT (motion): CMotionInterp::move_to_interpreted_state. */
    (void)obj;
    (void)motion;
}

void acp_bridge_apply_raw_motion(acp_physobj *obj, const acp_scenario_motion *motion)
{
    /* INTEGRATION POINT (motion): CMotionInterp::apply_raw_movement. */
    (void)obj;
    (void)motion;
}

void acp_bridge_jump(acp_physobj *obj, float extent)
{
    /* INTEGRATION POINT (motion): CMotionInterp::jump. */
    (void)obj;
    (void)extent;
}

void acp_bridge_set_velocity(acp_physobj *obj, acp_vec3 velocity) { acp_physobj_set_velocity(obj, velocity); }

void acp_bridge_place_set_position(acp_world *world, acp_physobj *obj, const acp_position *pos, double now)
{
    /* INTEGRATION POINT (terrain): retail's SetPosition placement sweep. */
    acp_world_place_object(world, obj, pos, 0, now);
}

void acp_bridge_place_frame(acp_world *world, acp_physobj *obj, const acp_position *pos, uint32_t transient_state,
                            double now)
{
    acp_world_place_object(world, obj, pos, transient_state, now);
}
