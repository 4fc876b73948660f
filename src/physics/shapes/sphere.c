/* acphys — retail CSphere: slide_sphere (the sweep's slide along two planes, transition.h) and
 * the sphere as an obstacle (sphere.h). Read against PORTAL/cgeometry/CSphere.c. */
#include "sphere.h"

#include <math.h>
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

/* ---- the sphere as an obstacle (issue 14) ---- */

static const double EPS = ACP_F_EPSILON;

/* a - b, stored as floats (AC1Legacy::Vector3::operator-). */
static acp_vec3 sub(acp_vec3 a, acp_vec3 b)
{
    acp_vec3 r = {(float)((double)a.x - b.x), (float)((double)a.y - b.y), (float)((double)a.z - b.z)};
    return r;
}

bool acp_sphere_collides_with_sphere(acp_vec3 disp, float radsum)
{
    return (double)radsum * radsum >= (double)disp.x * disp.x + (double)disp.y * disp.y + (double)disp.z * disp.z;
}

double acp_sphere_find_time_of_collision(acp_vec3 movement, acp_vec3 disp, float radsum)
{
    const acp_vec3 m = movement, d = disp;
    double a = (double)m.x * m.x + (double)m.y * m.y + (double)m.z * m.z;
    double b = -((double)d.z * m.z + (double)d.y * m.y + (double)m.x * d.x);
    double c = (double)d.x * d.x + (double)d.y * d.y + (double)d.z * d.z - (double)radsum * radsum;
    if (c < EPS) return -1.0;
    double disc = b * b - c * a;
    if (a < EPS || disc < 0.0) return -1.0;
    double root = sqrt(disc);
    if (b - root < 0.0) return (root - ((double)d.z * m.z + (double)d.y * m.y + (double)m.x * d.x)) / a;
    return (b - root) / a;
}

void acp_spherepath_set_collide(acp_sphere_path *sp, acp_vec3 collision_normal)
{
    sp->collide = true;
    sp->backup_cell = sp->check_cell;
    sp->backup_check_pos = sp->check_pos;
    sp->step_up_normal = collision_normal;
    sp->walk_interp = 1.0f;
}

/* Plane::Plane (0x00536A20): normal n through point p. */
static acp_plane plane_through(acp_vec3 n, acp_vec3 p)
{
    acp_plane pl;
    pl.n = n;
    pl.d = (float)-((double)p.z * n.z + (double)p.y * n.y + (double)p.x * n.x);
    return pl;
}

/* Retail CSphere::step_sphere_down (0x00536D20): stepping down onto obstacle s. */
static acp_transition_state step_sphere_down(const acp_sphere *s, acp_transition *t, acp_vec3 disp, float radsum)
{
    acp_sphere_path *sp = &t->sphere_path;
    float ty = (float)((double)disp.y * disp.y);
    float tx = (float)((double)disp.x * disp.x);
    if ((double)radsum * radsum < (double)disp.z * disp.z + tx + ty) {
        if (sp->num_sphere <= 1) return ACP_TS_OK;
        if (!acp_sphere_collides_with_sphere(sub(sp->global_sphere[1].center, s->center), radsum)) return ACP_TS_OK;
    }
    double amt = (double)sp->step_down_amt * sp->walk_interp;
    float amt_f = (float)amt;
    if (fabs(amt) < EPS) return ACP_TS_COLLIDED;
    double r = (double)radsum + EPS;
    float r_f = (float)r;
    double time = (sqrt(r * r_f - ((double)tx + ty)) - disp.z) / amt_f;
    double interp = (1.0 - time) * sp->walk_interp;
    if (interp >= sp->walk_interp || interp < -0.1) return ACP_TS_COLLIDED;
    float dz = (float)((double)amt_f * time);
    double z = (double)dz + disp.z;
    disp.z = (float)z;
    double inv = 1.0 / r_f;
    disp.x = (float)(inv * disp.x);
    disp.y = (float)(inv * disp.y);
    double nz = z * inv;
    disp.z = (float)nz;
    if (nz <= sp->walkable_allowance) return ACP_TS_OK;
    acp_vec3 rn = {(float)((double)s->radius * disp.x), (float)((double)s->radius * disp.y),
                   (float)((double)s->radius * disp.z)};
    acp_vec3 pt = {(float)((double)s->center.x + rn.x), (float)((double)s->center.y + rn.y),
                   (float)((double)s->center.z + rn.z)};
    acp_plane pl = plane_through(disp, pt);
    acp_collisioninfo_set_contact_plane(&t->collision_info, &pl, true);
    t->collision_info.contact_plane_cell_id = sp->check_pos.objcell_id;
    sp->walk_interp = (float)interp;
    acp_spherepath_add_offset_to_check_pos(sp, (acp_vec3){0.0f, 0.0f, dz});
    return ACP_TS_ADJUSTED;
}

/* Retail CSphere::slide_sphere (0x00536F40): slide sphere `n` of the sweep along obstacle s. */
static acp_transition_state slide_along(const acp_sphere *s, acp_transition *t, acp_vec3 disp, int n)
{
    acp_sphere_path *sp = &t->sphere_path;
    acp_collision_info *c = &t->collision_info;
    const acp_sphere *g = &sp->global_sphere[n];
    const acp_vec3 cc = sp->global_curr_center[n];
    acp_vec3 cn = sub(cc, s->center);
    if (acp_vec3_normalize_check_small(&cn)) return ACP_TS_COLLIDED;
    acp_collisioninfo_set_collision_normal(c, cn);
    const acp_vec3 pn = c->contact_plane_valid ? c->contact_plane.n : c->last_known_contact_plane.n;
    acp_vec3 dir = {(float)((double)pn.z * cn.y - (double)pn.y * cn.z),
                    (float)((double)cn.z * pn.x - (double)pn.z * cn.x),
                    (float)((double)pn.y * cn.x - (double)cn.y * pn.x)};
    acp_vec3 bo = acp_landdefs_get_block_offset(sp->curr_pos.objcell_id, sp->check_pos.objcell_id);
    double mx = (double)g->center.x - cc.x;
    double my = (double)g->center.y - cc.y;
    float mz = (float)((double)g->center.z - cc.z);
    float ox = (float)((double)bo.x + mx), oy = (float)((double)bo.y + my), oz = (float)((double)bo.z + mz);
    double len2 = (double)dir.z * dir.z + (double)dir.y * dir.y + (double)dir.x * dir.x;
    acp_vec3 off;
    if (len2 >= EPS) {
        double k = (double)oz * dir.z + (double)oy * dir.y + (double)ox * dir.x;
        float kx = (float)(dir.x * k), ky = (float)(dir.y * k), kz = (float)(dir.z * k);
        double inv = 1.0 / len2;
        float px = (float)(kx * inv), py = (float)(ky * inv), pz = (float)(kz * inv);
        /* The comparison that follows is lost (x87 flags): the slide is refused when it is
         * shorter than EPSILON, as CSphere::slide_sphere (0x00537440) reads (row O6). */
        if ((double)pz * pz + (double)py * py + (double)px * px < EPS) return ACP_TS_COLLIDED;
        off = (acp_vec3){(float)((double)px - ox), (float)((double)py - oy), (float)((double)pz - oz)};
    } else {
        if ((double)pn.z * disp.z + (double)pn.y * disp.y + (double)pn.x * disp.x < 0.0) return ACP_TS_COLLIDED;
        float ny = -cn.y, nz = -cn.z;
        float k = (float)((double)oz * cn.z + (double)oy * cn.y + (double)ox * cn.x);
        off = (acp_vec3){(float)((double)-cn.x * k), (float)((double)ny * k), (float)((double)nz * k)};
    }
    acp_spherepath_add_offset_to_check_pos(sp, off);
    return ACP_TS_SLID;
}

/* Retail CSphere::collide_with_point (0x00537230): a missile stops at s (a PERFECT_CLIP one
 * exactly where it first touches it). */
static acp_transition_state collide_with_point(const acp_sphere *s, acp_transition *t, const acp_sphere *check,
                                               float radsum, int n)
{
    acp_sphere_path *sp = &t->sphere_path;
    acp_collision_info *c = &t->collision_info;
    const acp_vec3 cc = sp->global_curr_center[n];
    if (!(t->object_info.state & ACP_PERFECT_CLIP_OI)) {
        acp_vec3 off = sub(cc, s->center);
        if (!acp_vec3_normalize_check_small(&off)) acp_collisioninfo_set_collision_normal(c, off);
        return ACP_TS_COLLIDED;
    }
    float r = (float)((double)radsum + EPS);
    acp_vec3 old_disp = sub(cc, s->center);
    acp_vec3 bo = acp_landdefs_get_block_offset(sp->curr_pos.objcell_id, sp->check_pos.objcell_id);
    double mx = (double)check->center.x - cc.x;
    double my = (double)check->center.y - cc.y;
    float mz = (float)((double)check->center.z - cc.z);
    acp_vec3 off = {(float)((double)bo.x + mx), (float)((double)bo.y + my), (float)((double)bo.z + mz)};
    double time = acp_sphere_find_time_of_collision(off, old_disp, r);
    if (time < EPS || time > 1.0) return ACP_TS_COLLIDED;
    old_disp.y = (float)((double)off.y * time);
    old_disp.z = (float)((double)off.z * time);
    double bx = (double)off.x * time - off.x;
    double bz = (double)old_disp.z - off.z;
    float bz_f = (float)bz;
    off.x = (float)bx;
    double by = (double)old_disp.y - off.y;
    off.y = (float)by;
    off.z = (float)bz;
    old_disp.x = (float)(bx + check->center.x);
    double py = by + check->center.y;
    double pz = (double)bz_f + check->center.z;
    old_disp.x = (float)((double)old_disp.x - s->center.x);
    old_disp.y = (float)(py - s->center.y);
    double nz = pz - s->center.z;
    double inv = 1.0 / r;
    acp_vec3 cn = {(float)(old_disp.x * inv), (float)(old_disp.y * inv), (float)(nz * inv)};
    acp_collisioninfo_set_collision_normal(c, cn);
    acp_spherepath_add_offset_to_check_pos(sp, off);
    return ACP_TS_ADJUSTED;
}

/* Retail CSphere::step_sphere_up (0x00537900). */
static acp_transition_state step_sphere_up(const acp_sphere *s, acp_transition *t, acp_vec3 disp, float radsum)
{
    double r = (double)radsum + EPS;
    if ((double)t->object_info.step_up_height < r - disp.z) return slide_along(s, t, disp, 0);
    const acp_vec3 cc = t->sphere_path.global_curr_center[0];
    acp_vec3 cn = sub(cc, s->center);
    if (acp_transition_step_up(t, cn)) return ACP_TS_OK;
    return acp_spherepath_step_up_slide(&t->sphere_path, &t->collision_info);
}

/* Retail CSphere::land_on_sphere (0x005379A0). */
static acp_transition_state land_on_sphere(const acp_sphere *s, acp_transition *t)
{
    acp_sphere_path *sp = &t->sphere_path;
    acp_vec3 cn = sub(sp->global_curr_center[0], s->center);
    if (acp_vec3_normalize_check_small(&cn)) return ACP_TS_COLLIDED;
    acp_spherepath_set_collide(sp, cn);
    sp->walkable_allowance = ACP_LANDING_Z;
    return ACP_TS_ADJUSTED;
}

/* Retail CSphere::slide_sphere (0x00537A10): sweep sphere n slides along s (CSphere::
 * slide_sphere of the path, 0x00537440). */
static acp_transition_state slide_sphere_n(const acp_sphere *s, acp_transition *t, int n)
{
    acp_sphere_path *sp = &t->sphere_path;
    acp_vec3 cn = sub(sp->global_curr_center[n], s->center);
    if (acp_vec3_normalize_check_small(&cn)) return ACP_TS_COLLIDED;
    return acp_sphere_slide_sphere(&sp->global_sphere[n], sp, &t->collision_info, &cn, sp->global_curr_center[n]);
}

/* Overlap only (placement, ethereal obstruction, check_walkable probes): COLLIDED or OK. */
static acp_transition_state overlap_only(const acp_sphere *s, const acp_sphere_path *sp, acp_vec3 disp, float radsum)
{
    if (acp_sphere_collides_with_sphere(disp, radsum)) return ACP_TS_COLLIDED;
    if (sp->num_sphere > 1 && acp_sphere_collides_with_sphere(sub(sp->global_sphere[1].center, s->center), radsum))
        return ACP_TS_COLLIDED;
    return ACP_TS_OK;
}

/* The "collide" landing on the top of s (retail's inline part of intersects_sphere). */
static acp_transition_state settle_on_sphere(acp_transition *t, acp_vec3 disp, float radsum)
{
    acp_sphere_path *sp = &t->sphere_path;
    const acp_sphere *g = &sp->global_sphere[0];
    acp_vec3 bo = acp_landdefs_get_block_offset(sp->curr_pos.objcell_id, sp->check_pos.objcell_id);
    acp_vec3 m = sub(sub(sp->global_curr_center[0], g->center), bo);
    float r = (float)((double)radsum + EPS);
    double a = (double)m.z * m.z + (double)m.y * m.y + (double)m.x * m.x;
    double b = -((double)m.y * disp.y + (double)m.x * disp.x + (double)m.z * disp.z);
    if (fabs(a) < EPS) return ACP_TS_COLLIDED;
    double c = (double)disp.y * disp.y + (double)disp.x * disp.x + (double)disp.z * disp.z - (double)r * r;
    double time = sqrt(b * b - c * a) - ((double)m.y * disp.y + (double)m.x * disp.x + (double)m.z * disp.z);
    if (time > 1.0) time = b + b - time;
    time = time / a;
    double interp = (1.0 - time) * sp->walk_interp;
    if (!(interp < sp->walk_interp && interp >= -0.1)) return ACP_TS_COLLIDED;
    m.x = (float)((double)m.x * time);
    m.y = (float)((double)m.y * time);
    m.z = (float)((double)m.z * time);
    disp.x = (float)((double)m.x + disp.x);
    disp.y = (float)((double)m.y + disp.y);
    disp.z = (float)((double)m.z + disp.z);
    disp.x = (float)((double)disp.x / r);
    disp.y = (float)((double)disp.y / r);
    disp.z = (float)((double)disp.z / r);
    if (!((double)disp.z > sp->walkable_allowance)) return ACP_TS_OK; /* SPHEREPATH::is_walkable_allowable */
    acp_vec3 rn = {(float)((double)g->radius * disp.x), (float)((double)g->radius * disp.y),
                   (float)((double)g->radius * disp.z)};
    acp_plane pl = plane_through(disp, sub(g->center, rn));
    acp_collisioninfo_set_contact_plane(&t->collision_info, &pl, true);
    t->collision_info.contact_plane_cell_id = sp->check_pos.objcell_id;
    sp->walk_interp = (float)interp;
    acp_spherepath_add_offset_to_check_pos(sp, m);
    return ACP_TS_ADJUSTED;
}

acp_transition_state acp_sphere_intersects_sphere(const acp_sphere *s, acp_transition *t, bool is_creature)
{
    acp_sphere_path *sp = &t->sphere_path;
    const acp_sphere *g = sp->global_sphere;
    acp_vec3 disp = sub(g[0].center, s->center);
    float radsum = (float)((double)s->radius + g[0].radius - EPS);
    if (sp->obstruction_ethereal || sp->insert_type == ACP_PLACEMENT_INSERT) {
        if ((double)radsum * radsum >= (double)disp.y * disp.y + (double)disp.x * disp.x + (double)disp.z * disp.z)
            return ACP_TS_COLLIDED;
        /* (Hex-Rays prints sphere 1's displacement copied before its y and z are stored; the
         * whole vector is meant, row O6.) */
        if (sp->num_sphere > 1 && acp_sphere_collides_with_sphere(sub(g[1].center, s->center), radsum))
            return ACP_TS_COLLIDED;
        return ACP_TS_OK;
    }
    if (sp->step_down) return is_creature ? ACP_TS_OK : step_sphere_down(s, t, disp, radsum);
    if (sp->check_walkable) return overlap_only(s, sp, disp, radsum);
    if (sp->collide) {
        if (is_creature) return ACP_TS_OK;
        if (!acp_sphere_collides_with_sphere(disp, radsum) &&
            !(sp->num_sphere > 1 && acp_sphere_collides_with_sphere(sub(g[1].center, s->center), radsum)))
            return ACP_TS_OK;
        return settle_on_sphere(t, disp, radsum);
    }
    const uint32_t state = t->object_info.state;
    bool hit0 = acp_sphere_collides_with_sphere(disp, radsum);
    if (state & (ACP_CONTACT_OI | ACP_ON_WALKABLE_OI)) {
        if (hit0) return step_sphere_up(s, t, disp, radsum);
        if (sp->num_sphere > 1 && acp_sphere_collides_with_sphere(sub(g[1].center, s->center), radsum))
            return slide_sphere_n(s, t, 1);
        return ACP_TS_OK;
    }
    if (state & ACP_PATH_CLIPPED_OI) return hit0 ? collide_with_point(s, t, &g[0], radsum, 0) : ACP_TS_OK;
    if (hit0) return land_on_sphere(s, t);
    if (sp->num_sphere > 1) {
        acp_vec3 d1 = sub(g[1].center, s->center);
        if (acp_sphere_collides_with_sphere(d1, radsum)) return collide_with_point(s, t, &g[1], radsum, 1);
    }
    return ACP_TS_OK;
}

acp_transition_state acp_sphere_intersects_sphere_at(const acp_sphere *s, const acp_position *p, float scale,
                                                     acp_transition *t, bool is_creature)
{
    acp_sphere gs;
    gs.radius = (float)((double)scale * s->radius);
    acp_vec3 v = {(float)((double)scale * s->center.x), (float)((double)scale * s->center.y),
                  (float)((double)scale * s->center.z)};
    const float *m = p->frame.m;
    const acp_vec3 o = p->frame.origin;
    float lx = (float)((double)m[3] * v.y + (double)m[0] * v.x + (double)m[6] * v.z + o.x);
    float ly = (float)((double)m[4] * v.y + (double)m[1] * v.x + (double)m[7] * v.z + o.y);
    float lz = (float)((double)m[5] * v.y + (double)m[2] * v.x + (double)m[8] * v.z + o.z);
    acp_vec3 bo = acp_landdefs_get_block_offset(t->sphere_path.check_pos.objcell_id, p->objcell_id);
    gs.center = (acp_vec3){(float)((double)bo.x + lx), (float)((double)bo.y + ly), (float)((double)bo.z + lz)};
    return acp_sphere_intersects_sphere(&gs, t, is_creature);
}
