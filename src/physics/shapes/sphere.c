/* acphys — retail CSphere::slide_sphere (the sweep's slide along two planes). See
 * transition.h. Read against PORTAL/cgeometry/CSphere.c. */
#include <stddef.h>

#include "physics/world/transition.h"

/* No collision normal: move half way back towards the current centre (ADJUSTED). */
static acp_transition_state slide_back(const acp_sphere *sphere, acp_sphere_path *path, acp_vec3 curr)
{
    double dx = (double)curr.x - sphere->center.x;
    float oy = (float)((double)curr.y - sphere->center.y);
    float oz = (float)((double)curr.z - sphere->center.z);
    oz = (float)((double)oz * 0.5);
    acp_vec3 d = {(float)(dx * 0.5), (float)((double)oy * 0.5), oz};
    acp_spherepath_add_offset_to_check_pos(path, d);
    return ACP_TS_ADJUSTED;
}

acp_transition_state acp_sphere_slide_sphere(const acp_sphere *sphere, acp_sphere_path *path, acp_collision_info *c,
                                             acp_vec3 *collision_normal, acp_vec3 curr)
{
    const acp_vec3 cn = *collision_normal;
    if (cn.x == 0.0f && cn.y == 0.0f && cn.z == 0.0f) return slide_back(sphere, path, curr);
    acp_collisioninfo_set_collision_normal(c, cn);
    acp_vec3 bo = acp_landdefs_get_block_offset(path->curr_pos.objcell_id, path->check_pos.objcell_id);
    double mx = (double)sphere->center.x - curr.x;
    double my = (double)sphere->center.y - curr.y;
    float mz = (float)((double)sphere->center.z - curr.z);
    float gx = (float)((double)bo.x + mx);
    float gy = (float)((double)bo.y + my);
    float gz = (float)((double)bo.z + mz);
    const acp_vec3 p = c->contact_plane_valid ? c->contact_plane.n : c->last_known_contact_plane.n;
    /* direction = collision normal × plane normal: the line where the two planes meet */
    float dx = (float)((double)cn.y * p.z - (double)cn.z * p.y);
    double dy = (double)p.x * cn.z - (double)p.z * cn.x;
    double vz = (double)p.y * cn.x - (double)p.x * cn.y;
    float dz = (float)vz;
    double len2 = vz * dz + dy * dy + (double)dx * dx;
    if (len2 >= ACP_F_EPSILON) {
        float len2_f = (float)len2;
        double t = (double)dz * gz + dy * gy + (double)dx * gx;
        float oy = (float)(dy * t);
        float oz = (float)((double)dz * t);
        double inv = 1.0 / len2_f;
        float inv_f = (float)inv;
        double sx = (double)dx * t * inv;
        float sy = (float)((double)oy * inv_f);
        float sz = (float)((double)oz * inv_f);
        if ((double)sz * sz + (double)sy * sy + sx * sx < ACP_F_EPSILON) return ACP_TS_COLLIDED;
        acp_vec3 off = {(float)(sx - gx), (float)((double)sy - gy), (float)((double)sz - gz)};
        acp_spherepath_add_offset_to_check_pos(path, off);
        return ACP_TS_SLID;
    }
    if ((double)cn.z * p.z + (double)cn.y * p.y + (double)p.x * cn.x >= 0.0) {
        float ny = (float)-cn.y;
        float nz = (float)-cn.z;
        float k = (float)((double)gx * cn.x + (double)gz * cn.z + (double)gy * cn.y);
        acp_vec3 off = {(float)(-(double)cn.x * k), (float)((double)ny * k), (float)((double)nz * k)};
        acp_spherepath_add_offset_to_check_pos(path, off);
        return ACP_TS_SLID;
    }
    /* Facing away from the contact plane: the normal becomes the way back (Hex-Rays prints the
     * copy before the y and z negations are stored; the whole negated vector is meant). */
    *collision_normal = (acp_vec3){-gx, -gy, -gz};
    if (!acp_vec3_normalize_check_small(collision_normal)) acp_collisioninfo_set_collision_normal(c, *collision_normal);
    return ACP_TS_COLLIDED;
}
