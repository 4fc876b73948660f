/* acphys — retail CCylSphere. See cylsphere.h. Read against PORTAL/cgeometry/CCylSphere.c. */
#include "cylsphere.h"

#include <math.h>

#include "sphere.h"

static const double EPS = ACP_F_EPSILON;

static acp_vec3 sub(acp_vec3 a, acp_vec3 b)
{
    acp_vec3 r = {(float)((double)a.x - b.x), (float)((double)a.y - b.y), (float)((double)a.z - b.z)};
    return r;
}

bool acp_cylsphere_collides_with_sphere(const acp_cylsphere *c, const acp_sphere *check, acp_vec3 disp, float radsum)
{
    return (double)radsum * radsum >= (double)disp.x * disp.x + (double)disp.y * disp.y &&
           (double)check->radius - EPS + (double)c->height * 0.5 >= fabs((double)c->height * 0.5 - disp.z);
}

bool acp_cylsphere_normal_of_collision(const acp_cylsphere *c, const acp_sphere_path *sp, const acp_sphere *check,
                                       acp_vec3 disp, float radsum, int n, acp_vec3 *normal)
{
    const acp_vec3 cc = sp->global_curr_center[n];
    double dx = (double)cc.x - c->low_pt.x;
    double dy = (double)cc.y - c->low_pt.y;
    float dz = (float)((double)cc.z - c->low_pt.z);
    if ((double)radsum * radsum < dy * dy + dx * dx) {
        *normal = (acp_vec3){(float)dx, (float)dy, 0.0f};
        return (double)check->radius - EPS + (double)c->height * 0.5 >= fabs((double)c->height * 0.5 - dz) ||
               fabs((double)dz - disp.z) <= EPS;
    }
    *normal = (acp_vec3){0.0f, 0.0f, (double)disp.z - dz <= 0.0 ? 1.0f : -1.0f};
    return true;
}

/* Retail CCylSphere::step_sphere_down (0x0053A9B0): stepping down onto the top. */
static acp_transition_state step_sphere_down(const acp_cylsphere *c, acp_transition *t, acp_vec3 disp, float radsum)
{
    acp_sphere_path *sp = &t->sphere_path;
    const acp_sphere *g = sp->global_sphere;
    if (!acp_cylsphere_collides_with_sphere(c, &g[0], disp, radsum) &&
        !(sp->num_sphere > 1 && acp_cylsphere_collides_with_sphere(c, &g[1], sub(g[1].center, c->low_pt), radsum)))
        return ACP_TS_OK;
    double amt = (double)sp->step_down_amt * sp->walk_interp;
    if (fabs(amt) < EPS) return ACP_TS_COLLIDED;
    double up = (double)c->height + g[0].radius - disp.z;
    double interp = (1.0 - up / amt) * sp->walk_interp;
    if (interp >= sp->walk_interp || interp < -0.1) return ACP_TS_COLLIDED;
    float up_f = (float)up;
    double above = (double)up_f - g[0].radius;
    acp_vec3 pt = {g[0].center.x, g[0].center.y, (float)(above + g[0].center.z)};
    acp_plane pl = {{0.0f, 0.0f, 1.0f}, (float)-((double)pt.z * 1.0f + (double)pt.y * 0.0f + (double)pt.x * 0.0f)};
    acp_collisioninfo_set_contact_plane(&t->collision_info, &pl, true);
    t->collision_info.contact_plane_cell_id = sp->check_pos.objcell_id;
    sp->walk_interp = (float)interp;
    acp_spherepath_add_offset_to_check_pos(sp, (acp_vec3){0.0f, 0.0f, up_f});
    return ACP_TS_ADJUSTED;
}

/* Retail CCylSphere::slide_sphere (0x0053B2A0). */
static acp_transition_state slide_sphere(const acp_cylsphere *c, acp_transition *t, const acp_sphere *check,
                                         acp_vec3 disp, float radsum, int n)
{
    acp_sphere_path *sp = &t->sphere_path;
    acp_vec3 cn;
    acp_cylsphere_normal_of_collision(c, sp, check, disp, radsum, n, &cn);
    if (acp_vec3_normalize_check_small(&cn)) return ACP_TS_COLLIDED;
    return acp_sphere_slide_sphere(check, sp, &t->collision_info, &cn, sp->global_curr_center[n]);
}

/* Retail CCylSphere::collide_with_point (0x0053ACB0). Its PERFECT_CLIP_OI branch (the exact
 * point of first contact) is not written: only the camera's sweep sets PERFECT_CLIP_OI
 * (docs/DEVIATIONS.md row O7); every object's sweep takes the branch below. */
static acp_transition_state collide_with_point(const acp_cylsphere *c, acp_transition *t, const acp_sphere *check,
                                               acp_vec3 disp, float radsum, int n)
{
    acp_vec3 cn;
    acp_cylsphere_normal_of_collision(c, &t->sphere_path, check, disp, radsum, n, &cn);
    if (acp_vec3_normalize_check_small(&cn)) return ACP_TS_COLLIDED;
    acp_collisioninfo_set_collision_normal(&t->collision_info, cn);
    return ACP_TS_COLLIDED;
}

/* Retail CCylSphere::step_sphere_up (0x0053B310). */
static acp_transition_state step_sphere_up(const acp_cylsphere *c, acp_transition *t, const acp_sphere *check,
                                           acp_vec3 disp, float radsum)
{
    acp_sphere_path *sp = &t->sphere_path;
    if ((double)t->object_info.step_up_height < (double)check->radius + c->height - disp.z)
        return slide_sphere(c, t, check, disp, radsum, 0);
    acp_vec3 cn;
    acp_cylsphere_normal_of_collision(c, sp, check, disp, radsum, 0, &cn);
    if (acp_vec3_normalize_check_small(&cn)) return ACP_TS_COLLIDED;
    /* Position::localtoglobalvec of the cylinder's owner (localspace_pos). */
    const float *m = sp->localspace_pos.frame.m;
    acp_vec3 g = {(float)((double)m[3] * cn.y + (double)m[0] * cn.x + (double)m[6] * cn.z),
                  (float)((double)m[4] * cn.y + (double)m[1] * cn.x + (double)m[7] * cn.z),
                  (float)((double)m[5] * cn.y + (double)m[2] * cn.x + (double)m[8] * cn.z)};
    if (acp_transition_step_up(t, g)) return ACP_TS_OK;
    return acp_spherepath_step_up_slide(sp, &t->collision_info);
}

/* Retail CCylSphere::land_on_cylinder (0x0053B3D0). */
static acp_transition_state land_on_cylinder(const acp_cylsphere *c, acp_transition *t, const acp_sphere *check,
                                             acp_vec3 disp, float radsum)
{
    acp_sphere_path *sp = &t->sphere_path;
    acp_vec3 cn;
    acp_cylsphere_normal_of_collision(c, sp, check, disp, radsum, 0, &cn);
    if (acp_vec3_normalize_check_small(&cn)) return ACP_TS_COLLIDED;
    acp_spherepath_set_collide(sp, cn);
    sp->walkable_allowance = ACP_LANDING_Z;
    return ACP_TS_ADJUSTED;
}

static acp_transition_state overlap_only(const acp_cylsphere *c, const acp_sphere_path *sp, acp_vec3 disp,
                                         float radsum)
{
    const acp_sphere *g = sp->global_sphere;
    if (acp_cylsphere_collides_with_sphere(c, &g[0], disp, radsum)) return ACP_TS_COLLIDED;
    if (sp->num_sphere > 1 && acp_cylsphere_collides_with_sphere(c, &g[1], sub(g[1].center, c->low_pt), radsum))
        return ACP_TS_COLLIDED;
    return ACP_TS_OK;
}

/* The "collide" landing on the top (retail's inline part of intersects_sphere). */
static acp_transition_state settle_on_top(const acp_cylsphere *c, acp_transition *t, acp_vec3 disp, float radsum)
{
    acp_sphere_path *sp = &t->sphere_path;
    const acp_sphere *g = &sp->global_sphere[0];
    acp_vec3 bo = acp_landdefs_get_block_offset(sp->curr_pos.objcell_id, sp->check_pos.objcell_id);
    acp_vec3 m = sub(sub(sp->global_curr_center[0], g->center), bo);
    if (fabs((double)m.z) < EPS) return ACP_TS_COLLIDED;
    double time = ((double)c->height + g->radius - disp.z) / m.z;
    float time_f = (float)time;
    acp_vec3 off = {(float)((double)m.x * time_f), (float)((double)m.y * time_f), (float)((double)m.z * time_f)};
    double hx = (double)off.x + disp.x, hy = (double)off.y + disp.y;
    if ((double)radsum * radsum < hy * hy + hx * hx) return ACP_TS_OK;
    double interp = (1.0 - time) * sp->walk_interp;
    if (!(interp < sp->walk_interp && interp >= -0.1)) return ACP_TS_COLLIDED;
    acp_vec3 p = {(float)((double)g->center.x + off.x), (float)((double)g->center.y + off.y),
                  (float)((double)g->center.z + off.z)};
    p.z = (float)((double)p.z - g->radius);
    acp_plane pl = {{0.0f, 0.0f, 1.0f}, (float)-((double)p.z * 1.0f + (double)p.y * 0.0f + (double)p.x * 0.0f)};
    acp_collisioninfo_set_contact_plane(&t->collision_info, &pl, true);
    t->collision_info.contact_plane_cell_id = sp->check_pos.objcell_id;
    sp->walk_interp = (float)interp;
    acp_spherepath_add_offset_to_check_pos(sp, off);
    return ACP_TS_ADJUSTED;
}

acp_transition_state acp_cylsphere_intersects_sphere(const acp_cylsphere *c, acp_transition *t)
{
    acp_sphere_path *sp = &t->sphere_path;
    const acp_sphere *g = sp->global_sphere;
    acp_vec3 disp = sub(g[0].center, c->low_pt);
    float radsum = (float)((double)c->radius - EPS + g[0].radius);
    if (sp->insert_type == ACP_PLACEMENT_INSERT || sp->obstruction_ethereal) return overlap_only(c, sp, disp, radsum);
    if (sp->step_down) return step_sphere_down(c, t, disp, radsum);
    if (sp->check_walkable) return overlap_only(c, sp, disp, radsum);
    bool hit0 = acp_cylsphere_collides_with_sphere(c, &g[0], disp, radsum);
    acp_vec3 d1 = sp->num_sphere > 1 ? sub(g[1].center, c->low_pt) : (acp_vec3){0.0f, 0.0f, 0.0f};
    bool hit1 = sp->num_sphere > 1 && !hit0 && acp_cylsphere_collides_with_sphere(c, &g[1], d1, radsum);
    if (sp->collide) return hit0 || hit1 ? settle_on_top(c, t, disp, radsum) : ACP_TS_OK;
    const uint32_t state = t->object_info.state;
    if (state & (ACP_CONTACT_OI | ACP_ON_WALKABLE_OI)) {
        if (hit0) return step_sphere_up(c, t, &g[0], disp, radsum);
        if (hit1) return slide_sphere(c, t, &g[1], d1, radsum, 1);
        return ACP_TS_OK;
    }
    if (state & ACP_PATH_CLIPPED_OI) return hit0 ? collide_with_point(c, t, &g[0], disp, radsum, 0) : ACP_TS_OK;
    if (hit0) return land_on_cylinder(c, t, &g[0], disp, radsum);
    if (hit1) return collide_with_point(c, t, &g[1], d1, radsum, 1);
    return ACP_TS_OK;
}

acp_transition_state acp_cylsphere_intersects_sphere_at(const acp_cylsphere *c, const acp_position *p, float scale,
                                                        acp_transition *t)
{
    t->sphere_path.localspace_pos = *p;
    acp_cylsphere gc;
    gc.radius = (float)((double)scale * c->radius);
    gc.height = (float)((double)scale * c->height);
    acp_vec3 v = {(float)((double)scale * c->low_pt.x), (float)((double)scale * c->low_pt.y),
                  (float)((double)scale * c->low_pt.z)};
    const float *m = p->frame.m;
    const acp_vec3 o = p->frame.origin;
    float lx = (float)((double)m[3] * v.y + (double)m[0] * v.x + (double)m[6] * v.z + o.x);
    float ly = (float)((double)m[4] * v.y + (double)m[1] * v.x + (double)m[7] * v.z + o.y);
    float lz = (float)((double)m[5] * v.y + (double)m[2] * v.x + (double)m[8] * v.z + o.z);
    acp_vec3 bo = acp_landdefs_get_block_offset(t->sphere_path.check_pos.objcell_id, p->objcell_id);
    gc.low_pt = (acp_vec3){(float)((double)bo.x + lx), (float)((double)bo.y + ly), (float)((double)bo.z + lz)};
    return acp_cylsphere_intersects_sphere(&gc, t);
}
