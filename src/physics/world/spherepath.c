/* acphys — retail SPHEREPATH. See transition.h. Read against PORTAL/cphysics/CSpherePath.c and
 * the SPHEREPATH members compiled into CTransition.c and CSphere.c. */
#include <stddef.h>

#include "transition.h"

void acp_spherepath_init_sphere(acp_sphere_path *sp, uint32_t num_sphere, const acp_sphere *spheres, float scale)
{
    sp->num_sphere = num_sphere <= ACP_MAX_TRANSITION_SPHERES ? num_sphere : ACP_MAX_TRANSITION_SPHERES;
    for (uint32_t i = 0; i < sp->num_sphere; i++) {
        acp_sphere *s = &sp->local_sphere[i];
        s->center.x = (float)((double)scale * spheres[i].center.x);
        s->center.y = (float)((double)scale * spheres[i].center.y);
        s->center.z = (float)((double)scale * spheres[i].center.z);
        s->radius = (float)((double)scale * spheres[i].radius);
    }
    const acp_sphere *s0 = &sp->local_sphere[0];
    sp->local_low_point.x = s0->center.x;
    sp->local_low_point.y = s0->center.y;
    sp->local_low_point.z = (float)((double)s0->center.z - s0->radius);
}

/* The frame's rotation and origin as doubles, converted once for every sphere (not retail:
 * retail converts each float where it uses it; the same values). */
typedef struct frame_d {
    double m0, m1, m2, m3, m4, m5, m6, m7, m8, ox, oy, oz;
} frame_d;

static inline frame_d frame_to_d(const acp_frame *f)
{
    const float *m = f->m;
    frame_d d = {m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8], f->origin.x, f->origin.y, f->origin.z};
    return d;
}

void acp_spherepath_cache_global_curr_center(acp_sphere_path *sp)
{
    const frame_d f = frame_to_d(&sp->curr_pos.frame);
    const uint32_t n = sp->num_sphere;
    for (uint32_t i = 0; i < n; i++) {
        const acp_vec3 c = sp->local_sphere[i].center;
        acp_vec3 *g = &sp->global_curr_center[i];
        g->x = (float)((double)c.x * f.m0 + (double)c.y * f.m3 + (double)c.z * f.m6 + f.ox);
        g->y = (float)(f.m7 * c.z + (double)c.x * f.m1 + f.m4 * c.y + f.oy);
        double z = f.m8 * c.z + f.m5 * c.y;
        g->z = (float)(z + f.m2 * c.x + f.oz);
    }
}

static void move_global(acp_sphere_path *sp, const acp_vec3 *off)
{
    const double ox = off->x, oy = off->y, oz = off->z;
    const uint32_t n = sp->num_sphere;
    for (uint32_t i = 0; i < n; i++) {
        acp_vec3 *c = &sp->global_sphere[i].center;
        c->x = (float)((double)c->x + ox);
        c->y = (float)(oy + c->y);
        c->z = (float)(oz + c->z);
    }
    acp_vec3 *l = &sp->global_low_point;
    l->x = (float)(ox + l->x);
    l->y = (float)(oy + l->y);
    l->z = (float)(oz + l->z);
}

void acp_spherepath_cache_global_sphere(acp_sphere_path *sp, const acp_vec3 *offset)
{
    if (offset) {
        move_global(sp, offset);
        return;
    }
    const frame_d f = frame_to_d(&sp->check_pos.frame);
    const uint32_t n = sp->num_sphere;
    for (uint32_t i = 0; i < n; i++) {
        const acp_sphere *ls = &sp->local_sphere[i];
        const acp_vec3 c = ls->center;
        acp_sphere *g = &sp->global_sphere[i];
        g->radius = ls->radius;
        g->center.x = (float)((double)c.x * f.m0 + (double)c.y * f.m3 + (double)c.z * f.m6 + f.ox);
        g->center.y = (float)(f.m7 * c.z + (double)c.x * f.m1 + f.m4 * c.y + f.oy);
        double z = f.m8 * c.z + f.m2 * c.x;
        g->center.z = (float)(z + f.m5 * c.y + f.oz);
    }
    const acp_vec3 l = sp->local_low_point;
    sp->global_low_point.x = (float)(f.m6 * l.z + f.m0 * l.x + f.m3 * l.y + f.ox);
    sp->global_low_point.y = (float)(f.m7 * l.z + f.m1 * l.x + f.m4 * l.y + f.oy);
    sp->global_low_point.z = (float)(f.m8 * l.z + f.m2 * l.x + f.m5 * l.y + f.oz);
}

void acp_spherepath_cache_global_curr_center_and_sphere(acp_sphere_path *sp)
{
    const frame_d f = frame_to_d(&sp->curr_pos.frame);
    const uint32_t n = sp->num_sphere;
    for (uint32_t i = 0; i < n; i++) {
        const acp_sphere *ls = &sp->local_sphere[i];
        const acp_vec3 c = ls->center;
        acp_vec3 *cc = &sp->global_curr_center[i];
        acp_sphere *g = &sp->global_sphere[i];
        const float x = (float)((double)c.x * f.m0 + (double)c.y * f.m3 + (double)c.z * f.m6 + f.ox);
        const float y = (float)(f.m7 * c.z + (double)c.x * f.m1 + f.m4 * c.y + f.oy);
        cc->x = x;
        cc->y = y;
        double zc = f.m8 * c.z + f.m5 * c.y;
        cc->z = (float)(zc + f.m2 * c.x + f.oz);
        g->radius = ls->radius;
        g->center.x = x;
        g->center.y = y;
        double zg = f.m8 * c.z + f.m2 * c.x;
        g->center.z = (float)(zg + f.m5 * c.y + f.oz);
    }
    const acp_vec3 l = sp->local_low_point;
    sp->global_low_point.x = (float)(f.m6 * l.z + f.m0 * l.x + f.m3 * l.y + f.ox);
    sp->global_low_point.y = (float)(f.m7 * l.z + f.m1 * l.x + f.m4 * l.y + f.oy);
    sp->global_low_point.z = (float)(f.m8 * l.z + f.m2 * l.x + f.m5 * l.y + f.oz);
}

/* SPHEREPATH::init_path's stores (the insert type is set last, after the centre cache). */
static void init_path_positions(acp_sphere_path *sp, const struct acp_landcell *begin_cell,
                                const acp_position *begin_pos, const acp_position *end_pos)
{
    sp->begin_cell = begin_cell;
    sp->has_begin_pos = begin_pos != NULL;
    if (begin_pos) sp->begin_pos = *begin_pos;
    sp->end_pos = *end_pos;
    sp->curr_pos = begin_pos ? *begin_pos : *end_pos;
    sp->curr_cell = begin_cell;
}

void acp_spherepath_init_path(acp_sphere_path *sp, const struct acp_landcell *begin_cell,
                              const acp_position *begin_pos, const acp_position *end_pos)
{
    init_path_positions(sp, begin_cell, begin_pos, end_pos);
    acp_spherepath_cache_global_curr_center(sp);
    sp->insert_type = begin_pos ? ACP_TRANSITION_INSERT : ACP_PLACEMENT_INSERT;
}

void acp_spherepath_init_path_deferred(acp_sphere_path *sp, const struct acp_landcell *begin_cell,
                                       const acp_position *begin_pos, const acp_position *end_pos)
{
    init_path_positions(sp, begin_cell, begin_pos, end_pos);
    sp->curr_center_deferred = true;
    sp->insert_type = begin_pos ? ACP_TRANSITION_INSERT : ACP_PLACEMENT_INSERT;
}

void acp_spherepath_add_offset_to_check_pos(acp_sphere_path *sp, acp_vec3 offset)
{
    acp_vec3 *o = &sp->check_pos.frame.origin;
    sp->cell_array_valid = false;
    o->x = (float)((double)o->x + offset.x);
    o->y = (float)((double)offset.y + o->y);
    o->z = (float)((double)offset.z + o->z);
    acp_spherepath_cache_global_sphere(sp, &offset);
}

void acp_spherepath_set_check_pos(acp_sphere_path *sp, const acp_position *p, const struct acp_landcell *cell)
{
    sp->check_pos = *p;
    sp->check_cell = cell;
    sp->cell_array_valid = false;
    acp_spherepath_cache_global_sphere(sp, NULL);
}

void acp_spherepath_save_check_pos(acp_sphere_path *sp)
{
    sp->backup_cell = sp->check_cell;
    sp->backup_check_pos = sp->check_pos;
}

void acp_spherepath_restore_check_pos(acp_sphere_path *sp)
{
    sp->check_pos = sp->backup_check_pos;
    sp->check_cell = sp->backup_cell;
    sp->cell_array_valid = false;
    acp_spherepath_cache_global_sphere(sp, NULL);
}

void acp_spherepath_adjust_check_pos(acp_sphere_path *sp, uint32_t cell_id)
{
    if ((cell_id & 0xFFFFu) < 0x100u) {
        acp_vec3 off = acp_landdefs_get_block_offset(cell_id, sp->check_pos.objcell_id);
        acp_spherepath_cache_global_sphere(sp, &off);
        acp_vec3 *o = &sp->check_pos.frame.origin;
        o->x = (float)((double)off.x + o->x);
        o->y = (float)((double)off.y + o->y);
        o->z = (float)((double)off.z + o->z);
    }
    sp->check_pos.objcell_id = cell_id;
}

acp_transition_state acp_spherepath_step_up_slide(acp_sphere_path *sp, acp_collision_info *c)
{
    c->contact_plane_valid = false;
    c->contact_plane_is_water = false;
    sp->step_up = false;
    return acp_sphere_slide_sphere(&sp->global_sphere[0], sp, c, &sp->step_up_normal, sp->global_curr_center[0]);
}
