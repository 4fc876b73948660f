/* acphys — the WebAssembly ABI, the retail arithmetic vectors' entry points (tests/node/retail_vectors.test.mjs).
 * Conventions: wasm/abi/abi.h. */
#include "abi.h"

/* ==== retail arithmetic vectors (tests/node/retail_vectors.test.mjs): the functions the
 * vectors pin that have no wrapper above, each a thin call into the core ==== */

/** acphys's own libm: kind 1 sin, 2 cos, 3 atan2(a, b), 4 asin, 5 acos, 6 pow(a, b), 7 fmod(a, b). */
ACP_ABI double acp_abi_rv_libm(uint32_t kind, double a, double b)
{
    switch (kind) {
    case 1: return acp_sin(a);
    case 2: return acp_cos(a);
    case 3: return acp_atan2(a, b);
    case 4: return acp_asin(a);
    case 5: return acp_acos(a);
    case 6: return acp_pow(a, b);
    default: return acp_fmod(a, b);
    }
}
/** Frame::combine(Frame, AFrame, Vector3 scale): b's matrix is ignored. */
ACP_ABI void acp_abi_rv_frame_combine_scaled(acp_frame *out, const acp_frame *a, const acp_frame *b, float sx,
                                             float sy, float sz)
{
    acp_aframe ab = acp_abi_aframe_of(b);
    acp_vec3 s = {sx, sy, sz};
    acp_frame_combine_scaled(out, a, &ab, s);
}
/** AC1Legacy::Vector3::normalize_check_small on the vec3 at v, in place; 1 when too small. */
ACP_ABI int acp_abi_rv_vec3_normalize_check_small(acp_vec3 *v) { return acp_vec3_normalize_check_small(v); }
/** Vector3::operator/(float) on the vec3 at v, in place. */
ACP_ABI void acp_abi_rv_vec3_div(acp_vec3 *v, float d) { *v = acp_vec3_div(*v, d); }
/** Reset an object to retail defaults (acp_physobj_init), keeping its world and id. */
ACP_ABI void acp_abi_rv_physobj_reset(acp_physobj *obj) { acp_physobj_init(obj, obj->world, obj->id); }
/** CPhysicsObj::set_velocity; returns jumped_this_frame. */
ACP_ABI int acp_abi_rv_physobj_set_velocity(acp_physobj *obj, float x, float y, float z)
{
    acp_vec3 v = {x, y, z};
    obj->jumped_this_frame = false;
    acp_physobj_set_velocity(obj, v);
    return obj->jumped_this_frame;
}
/** CPhysicsObj::UpdatePhysicsInternal on the frame at f. */
ACP_ABI void acp_abi_rv_physobj_update_physics_internal(acp_physobj *obj, float quantum, acp_frame *f)
{
    acp_physobj_update_physics_internal(obj, quantum, f);
}
/** CPhysicsObj::UpdatePositionInternal into the frame at out. */
ACP_ABI void acp_abi_rv_physobj_update_position_internal(acp_physobj *obj, float quantum, acp_frame *out)
{
    acp_physobj_update_position_internal(obj, quantum, out);
}
/** CPhysicsObj::handle_all_collisions with no collided object and no environment collision. */
ACP_ABI void acp_abi_rv_physobj_handle_all_collisions(acp_physobj *obj, float nx, float ny, float nz, int normal_valid,
                                                      int frames_stationary_fall, int prev_on_walkable)
{
    acp_collision_info c;
    memset(&c, 0, sizeof c);
    c.collision_normal = (acp_vec3){nx, ny, nz};
    c.collision_normal_valid = normal_valid != 0;
    c.frames_stationary_fall = frames_stationary_fall;
    acp_physobj_handle_all_collisions(obj, &c, false, prev_on_walkable != 0);
}
/** CSequence::apply_physics of a sequence with this velocity and omega (object axes). */
ACP_ABI void acp_abi_rv_sequence_apply_physics(acp_frame *f, double quantum, double sign, float vx, float vy,
                                               float vz, float ox, float oy, float oz)
{
    static acp_sequence seq; /* zeroed once; only velocity and omega are read */
    seq.velocity = (acp_vec3){vx, vy, vz};
    seq.omega = (acp_vec3){ox, oy, oz};
    acp_sequence_apply_physics(&seq, f, quantum, sign);
}
/** FPHook::Execute of a Scale hook at physics time `now`; the value lands in the object's scale.
 *  Returns 1 when done. */
ACP_ABI int acp_abi_rv_fphook_execute(acp_physobj *obj, double time_created, double interpolation_time, float start,
                                      float end, double now)
{
    acp_fphook h = {ACP_FPHOOK_SCALE, time_created, interpolation_time, start, end, 0, 0};
    return acp_fphook_execute(&h, obj, now);
}
/* ==== end retail arithmetic vectors ==== */
