/* acphys — the public API's default definitions (include/acphys.h): a world, an object, a motion
 * state and a move-to as retail's constructors leave them. */
#include "acphys.h"

#include <string.h>

#include "physics/anim/motion_interp.h"
#include "physics/object/physobj.h"

ACP_API acp_world_def acp_default_world_def(void)
{
    acp_world_def d = {ACP_PROFILE_ID_RETAIL, 1024};
    return d;
}

ACP_API acp_object_def acp_default_object_def(void)
{
    acp_object_def d;
    memset(&d, 0, sizeof d);
    d.physics_state = ACP_EDGE_SLIDE_PS | ACP_LIGHTING_ON_PS | ACP_GRAVITY_PS | ACP_REPORT_COLLISIONS_PS;
    d.pose.orientation[0] = 1.0f;
    d.scale = 1.0f;
    d.friction = ACP_DEFAULT_FRICTION;
    d.elasticity = ACP_DEFAULT_ELASTICITY;
    d.run_rate = 1.0f;
    d.placement = ACP_PLACE_SET_POSITION;
    return d;
}

ACP_API acp_motion acp_default_motion(void)
{
    acp_motion m = {0x8000003Du, 0x41000003u, 1.0f, 0u, 1.0f, 0u, 1.0f, false, 0u, false, false, 0u};
    return m;
}

ACP_API acp_move_to acp_default_move_to(void)
{
    acp_movement_params p = acp_movement_params_default();
    acp_move_to m;
    memset(&m, 0, sizeof m);
    m.type = ACP_MOVE_TYPE_TO_POSITION;
    m.pose.orientation[0] = 1.0f;
    m.bitfield = p.bitfield;
    m.speed = p.speed;
    m.hold_key_to_apply = p.hold_key_to_apply;
    m.context_id = p.context_id;
    m.action_stamp = p.action_stamp;
    m.distance_to_object = p.distance_to_object;
    m.min_distance = p.min_distance;
    m.fail_distance = p.fail_distance;
    m.desired_heading = p.desired_heading;
    m.walk_run_threshold = p.walk_run_threshhold;
    m.run_rate = 1.0f;
    return m;
}
