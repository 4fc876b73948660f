/* acphys — CPhysicsObj::obj_within_block. See physobj_block.h. */
#include "physobj_block.h"

#include "partarray.h"
#include "physics/geometry/frame.h"
#include "physobj.h"

/* 24.0 * 8.0 (flt_843D7C). */
#define BLOCK_LENGTH 192.0f

/* Retail LandDefs::within_block (0x0050E800): radius <= x, y < 192 − radius. */
static bool within_block(acp_vec3 v, float radius)
{
    if (!(v.x >= (double)radius && v.y >= (double)radius)) return false;
    double edge = BLOCK_LENGTH - radius;
    return edge > v.x && edge > v.y;
}

/* CPartArray::GetSortingSphere; no part array or Setup: retail's dummy_sphere (zero). */
static acp_sphere sorting_sphere(const acp_physobj *obj)
{
    const acp_partarray *pa = obj->part_array;
    if (pa && pa->setup) return pa->setup->sorting_sphere;
    return (acp_sphere){{0.0f, 0.0f, 0.0f}, 0.0f};
}

bool acp_physobj_obj_within_block(const acp_physobj *obj)
{
    const acp_partarray *pa = obj->part_array;
    const acp_frame *f = &obj->position.frame;
    if (obj->state & ACP_HAS_PHYSICS_BSP_PS) {
        acp_sphere s = sorting_sphere(obj);
        acp_vec3 c = acp_frame_localtoglobal(f, s.center);
        if (!(c.x >= (double)s.radius && c.y >= (double)s.radius)) return false;
        double edge = BLOCK_LENGTH - s.radius;
        return c.x < edge && !(c.y >= edge);
    }
    if (pa && pa->num_cylspheres) {
        for (uint32_t i = 0; i < pa->num_cylspheres; i++) {
            acp_vec3 l = pa->cylspheres[i].low_pt;
            double x = (double)f->m[3] * l.y + (double)l.z * f->m[6] + (double)f->m[0] * l.x + f->origin.x;
            float y = (float)((double)f->m[4] * l.y + (double)f->m[1] * l.x + (double)f->m[7] * l.z + f->origin.y);
            float r = pa->cylspheres[i].radius;
            if (x < r || y < r) return false;
            double edge = BLOCK_LENGTH - r;
            if (x >= edge || y >= edge) return false;
        }
        return true;
    }
    if (pa && pa->num_spheres) {
        acp_sphere s = sorting_sphere(obj);
        return within_block(acp_frame_localtoglobal(f, s.center), s.radius);
    }
    return within_block(f->origin, 0.0f);
}
