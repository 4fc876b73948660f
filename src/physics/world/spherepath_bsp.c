/* acphys — the SPHEREPATH members a BSP sweep uses: the sweep in a shape's axes
 * (cache_localspace_sphere), the walkable polygon (set_walkable, precipice_slide), the
 * negative-polygon flag (set_collide is in shapes/sphere.c). See transition.h. Read against
 * PORTAL/cphysics/CSpherePath.c, cgeometry/CBSPTree.c and cgeometry/CSphere.c. */
#include <stddef.h>

#include "physics/shapes/polygon.h"
#include "transition.h"

/* Retail: Position::localtolocal (0x004527F0): point v in `from`'s axes as a point in `to`'s
 * axes, across landblocks. */
static acp_vec3 position_localtolocal(const acp_position *to, const acp_position *from, acp_vec3 v)
{
    const float *m = from->frame.m;
    const acp_vec3 o = from->frame.origin;
    float gx = (float)((double)m[3] * v.y + (double)m[0] * v.x + (double)m[6] * v.z + o.x);
    float gy = (float)((double)m[4] * v.y + (double)m[1] * v.x + (double)m[7] * v.z + o.y);
    float gz = (float)((double)m[5] * v.y + (double)m[2] * v.x + (double)m[8] * v.z + o.z);
    acp_vec3 in = acp_landdefs_get_block_offset(to->objcell_id, from->objcell_id);
    in.z = (float)((double)in.z + gz);
    in.x = (float)((double)in.x + gx);
    in.y = (float)((double)in.y + gy);
    return acp_frame_globaltolocal(&to->frame, in);
}

static acp_vec3 scale_point(acp_vec3 v, float s)
{
    float z = (float)((double)s * v.z);
    double y = (double)s * v.y;
    return (acp_vec3){(float)((double)s * v.x), (float)y, z};
}

void acp_spherepath_cache_localspace_sphere(acp_sphere_path *sp, const acp_position *p, float scale)
{
    float inv = (float)(1.0 / scale);
    for (uint32_t i = 0; i < sp->num_sphere; i++) {
        sp->localspace_sphere[i].radius = (float)((double)inv * sp->local_sphere[i].radius);
        acp_vec3 c = position_localtolocal(p, &sp->check_pos, sp->local_sphere[i].center);
        sp->localspace_sphere[i].center = scale_point(c, inv);
        acp_vec3 cc = position_localtolocal(p, &sp->curr_pos, sp->local_sphere[i].center);
        sp->localspace_curr_center[i] = scale_point(cc, inv);
    }
    sp->localspace_pos = *p;
    const float *m = p->frame.m;
    /* The check frame's z axis in the shape's axes, as the listing folds it: (m1 + m0)·0 + m2. */
    sp->localspace_z.x = (float)(((double)m[1] + m[0]) * 0.0 + m[2]);
    sp->localspace_z.y = (float)(((double)m[4] + m[3]) * 0.0 + m[5]);
    sp->localspace_z.z = (float)(((double)m[7] + m[6]) * 0.0 + m[8]);
    const acp_sphere *s0 = &sp->localspace_sphere[0];
    const acp_vec3 lz = sp->localspace_z;
    float ly = (float)((double)s0->radius * lz.y);
    float lzz = (float)((double)s0->radius * lz.z);
    sp->localspace_low_point.x = (float)((double)s0->center.x - (double)s0->radius * lz.x);
    sp->localspace_low_point.y = (float)((double)s0->center.y - ly);
    sp->localspace_low_point.z = (float)((double)s0->center.z - lzz);
}

void acp_spherepath_set_walkable(acp_sphere_path *sp, const acp_sphere *sphere, const struct acp_cpolygon *poly,
                                 const acp_vec3 *zaxis, const acp_position *local_pos, float scale)
{
    sp->walkable_check_pos = *sphere;
    sp->walkable = poly;
    sp->walkable_up = *zaxis;
    sp->walkable_pos = *local_pos;
    sp->walkable_scale = scale;
}

void acp_spherepath_set_neg_poly_hit(acp_sphere_path *sp, bool step_up, acp_vec3 collision_normal)
{
    sp->neg_step_up = step_up;
    sp->neg_poly_hit = true;
    sp->neg_collision_normal = (acp_vec3){-collision_normal.x, -collision_normal.y, -collision_normal.z};
}

acp_transition_state acp_spherepath_precipice_slide(acp_sphere_path *sp, acp_collision_info *c)
{
    acp_vec3 n;
    if (!acp_cpolygon_find_crossed_edge(sp->walkable, &sp->walkable_check_pos, &sp->walkable_up, &n)) {
        sp->walkable = NULL;
        return ACP_TS_COLLIDED;
    }
    sp->walkable = NULL;
    sp->step_up = false;
    /* The edge's normal in the check frame; the listing stores the copy before z is computed
     * and reads y back after it: the original normal is meant (B3). */
    acp_vec3 g = acp_frame_localtoglobalvec(&sp->walkable_pos.frame, n);
    const acp_sphere *gs = &sp->global_sphere[0];
    const acp_vec3 gc = sp->global_curr_center[0];
    acp_vec3 bo = acp_landdefs_get_block_offset(sp->curr_pos.objcell_id, sp->check_pos.objcell_id);
    double mx = (double)gs->center.x - gc.x;
    double my = (double)gs->center.y - gc.y;
    float mz = (float)((double)gs->center.z - gc.z);
    float gx = (float)((double)bo.x + mx);
    if ((double)g.z * ((double)bo.z + mz) + ((double)bo.y + my) * g.y + (double)gx * g.x > 0.0)
        g = (acp_vec3){(float)((double)g.x * -1.0), (float)((double)g.y * -1.0), (float)((double)g.z * -1.0)};
    return acp_sphere_slide_sphere(gs, sp, c, &g, gc);
}

bool acp_spherepath_check_walkables(acp_sphere_path *sp)
{
    if (!sp->walkable) return true;
    sp->walkable_check_pos.radius = (float)((double)sp->walkable_check_pos.radius * 0.5);
    return acp_cpolygon_check_walkable(sp->walkable, &sp->walkable_check_pos, &sp->walkable_up);
}
