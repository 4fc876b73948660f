/* acphys — retail CPhysicsPart::find_obj_collisions (see physics_part.h). Read against
 * PORTAL/cphysobj/CPhysicsPart.c and gfxobj/CGfxObj.c. */
#include "physics_part.h"

#include <math.h>
#include <stddef.h>

#include "base/shortcuts.h"
#include "physics/shapes/gfxobj.h"
#include "physics/world/transition.h"

/* Σ m_ij² of a frame's matrix, in float (a NaN or infinite entry makes it NaN or infinite). */
static float frobenius2(const float *m)
{
    return m[0] * m[0] + m[1] * m[1] + m[2] * m[2] + m[3] * m[3] + m[4] * m[4] + m[5] * m[5] + m[6] * m[6] +
           m[7] * m[7] + m[8] * m[8];
}

/* |x| + |y| + |z| (≥ each component's magnitude), in float. */
static float norm1(acp_vec3 v) { return fabsf(v.x) + fabsf(v.y) + fabsf(v.z); }

/* The scales the bound below is made for: within them 1/scale and the spheres' coordinates
 * divided by it stay far from float's overflow and underflow. */
#define SWEEP_MISS_SCALE_MIN 0x1p-10
#define SWEEP_MISS_SCALE_MAX 0x1p10
/* Metres: past this (coordinates, radii) no skip (float's range, with 2^68 of room). */
#define SWEEP_MISS_BOUND_MAX 0x1p60
/* The matrices the bound is made for: Σ m_ij² at most this (a rotation's is 3), so that every
 * |m_ij| < 1.9 and each row's |.|₁ < 3.3 (√(3 · 3.5)). */
#define SWEEP_MISS_FROBENIUS2_MAX 3.5f

bool acp_physics_part_sweep_misses(const acp_sphere *physics_sphere, const acp_position *pos, float scale,
                                   const acp_sphere_path *sp)
{
    /* Retail's test, per sweep sphere i (cache_localspace_sphere, then CGfxObj::find_obj_collisions'
     * CSphere::intersects): L = float((globaltolocal(pos, block offset + float(check_pos ·
     * local centre))) × float(1/s)), R = float(float(1/s) × r_i); it meets when
     * |c - L|² < (R + r)², c and r the physics sphere's (part axes, unscaled). Times s > 0 that
     * is |s·c - s·L| < s·r + s·R, where s·L is m^T w (w = block offset + G - o, G the centre
     * at check_pos, m and o the part frame's) to within the float roundings of the chain: each
     * at most 2^-24 of a magnitude the chain meets (|G|, |bo + G|, |w|, and |m^T w|, at most
     * 3.3 |w|), each carried through m (3.3 again): less than 2^-19 · B in all, where
     * B = 2 (|oc|₁ + |bo|₁ + |o|₁ + 6 |centre|₁) bounds them all with room (|G| ≤ |oc| + 3 · 1.9
     * |centre|); and s·R is r_i within 2^-23 of it. The skip asks for |s·c - m^T w| (in double)
     * past s·r + r_i + 2^-17 (B + r_i + s·r) + 2^-60: four times that error and more, so that
     * retail's test, whatever its roundings, finds no overlap either. NaN or infinite inputs
     * make a comparison false: no skip. */
    const double s = scale;
    if (!(s >= SWEEP_MISS_SCALE_MIN && s <= SWEEP_MISS_SCALE_MAX)) return false;
    const uint32_t n = sp->num_sphere;
    if (n > ACP_MAX_TRANSITION_SPHERES) return false;
    const float *mc = sp->check_pos.frame.m, *m = pos->frame.m;
    if (!(frobenius2(m) <= SWEEP_MISS_FROBENIUS2_MAX && frobenius2(mc) <= SWEEP_MISS_FROBENIUS2_MAX)) return false;
    const acp_vec3 oc = sp->check_pos.frame.origin, o = pos->frame.origin;
    const acp_vec3 bo = acp_landdefs_get_block_offset(pos->objcell_id, sp->check_pos.objcell_id);
    const double cx = s * physics_sphere->center.x, cy = s * physics_sphere->center.y,
                 cz = s * physics_sphere->center.z, pr = s * physics_sphere->radius;
    if (!(pr >= 0.0)) return false;
    const double ox = (double)bo.x - o.x + oc.x, oy = (double)bo.y - o.y + oc.y, oz = (double)bo.z - o.z + oc.z;
    const float base = norm1(oc) + norm1(bo) + norm1(o);
    for (uint32_t i = 0; i < n; i++) {
        const acp_sphere *ls = &sp->local_sphere[i];
        const acp_vec3 c = ls->center;
        const double r = ls->radius;
        const double b = 2.0 * ((double)base + 6.0 * norm1(c)) + r + pr;
        if (!(r >= 0.0 && b < SWEEP_MISS_BOUND_MAX)) return false;
        /* w = block offset + G - o: the centre at check_pos in the part's landblock, from the part's origin. */
        const double wx = (double)mc[0] * c.x + (double)mc[3] * c.y + (double)mc[6] * c.z + ox;
        const double wy = (double)mc[1] * c.x + (double)mc[4] * c.y + (double)mc[7] * c.z + oy;
        const double wz = (double)mc[2] * c.x + (double)mc[5] * c.y + (double)mc[8] * c.z + oz;
        /* m^T w (Frame::globaltolocal's rows) against s·c. */
        const double dx = cx - ((double)m[0] * wx + (double)m[1] * wy + (double)m[2] * wz);
        const double dy = cy - ((double)m[3] * wx + (double)m[4] * wy + (double)m[5] * wz);
        const double dz = cz - ((double)m[6] * wx + (double)m[7] * wy + (double)m[8] * wz);
        const double lim = pr + r + 0x1p-17 * b + 0x1p-60;
        if (!(dx * dx + dy * dy + dz * dz > lim * lim)) return false;
    }
    return true;
}

int acp_physics_part_find_obj_collisions(const struct acp_gfxobj_physics *gfx, const acp_position *pos,
                                         acp_vec3 gfxobj_scale, struct acp_transition *t)
{
    if (!gfx || !gfx->has_physics_bsp) return ACP_TS_OK;
#if ACP_SHORTCUTS
    /* docs/SHORTCUTS.md S20: no sweep sphere can meet the part's physics sphere, so
     * CGfxObj::find_obj_collisions would answer OK, and what cache_localspace_sphere would have
     * written (the localspace_* members) is read only after the next cache of them. */
    if (acp_physics_part_sweep_misses(&gfx->physics_sphere, pos, gfxobj_scale.z, &t->sphere_path)) return ACP_TS_OK;
#endif
    acp_spherepath_cache_localspace_sphere(&t->sphere_path, pos, gfxobj_scale.z);
    return acp_gfxobj_find_obj_collisions(gfx, t, gfxobj_scale.z);
}
