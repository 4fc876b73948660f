/* acphys — the draw side (see draw.h): part, sphere and cylinder matrices and terrain vertex
 * arrays with cglm. The only translation unit of acphys that includes cglm. */
#include "draw/draw.h"

#include <stddef.h>

#include <cglm/cglm.h>

#include "physics/object/partarray.h"

#define LANDBLOCK_METRES 192.0

void acp_draw_landblock_offset(uint32_t cell_id, uint32_t origin_cell, double out[3])
{
    out[0] = ((double)(cell_id >> 24) - (double)(origin_cell >> 24)) * LANDBLOCK_METRES;
    out[1] = ((double)((cell_id >> 16) & 0xFFu) - (double)((origin_cell >> 16) & 0xFFu)) * LANDBLOCK_METRES;
    out[2] = 0.0;
}

/* T(origin + shift) · R of a frame: R is the frame's cached rotation matrix (column-major, as
 * mat4's; Frame::cache derives it from the quaternion in double and the physics keeps the two in
 * step), so no square root or division per part, and closer to the quaternion than a float
 * re-derivation (glm_quat_mat4) would be. The translation is summed in double. */
static void frame_mat4(const acp_frame *f, const double shift[3], mat4 out)
{
    const float *m = f->m;
    glm_vec4_copy((vec4){m[0], m[1], m[2], 0.0f}, out[0]);
    glm_vec4_copy((vec4){m[3], m[4], m[5], 0.0f}, out[1]);
    glm_vec4_copy((vec4){m[6], m[7], m[8], 0.0f}, out[2]);
    glm_vec4_copy((vec4){(float)((double)f->origin.x + shift[0]), (float)((double)f->origin.y + shift[1]),
                         (float)((double)f->origin.z + shift[2]), 1.0f},
                  out[3]);
}

static void store(mat4 m, float *out) { glm_mat4_ucopy(m, (vec4 *)out); }

static const acp_setup *setup_of(const acp_physobj *obj)
{
    return obj && obj->part_array ? obj->part_array->setup : NULL;
}

/* M · T(s · centre) · S(s · size), written to out. */
static void place_unit(mat4 object, float s, acp_vec3 centre, acp_vec3 size, float *out)
{
    mat4 m;
    glm_mat4_copy(object, m);
    glm_translate(m, (vec3){s * centre.x, s * centre.y, s * centre.z});
    glm_scale(m, (vec3){s * size.x, s * size.y, s * size.z});
    store(m, out);
}

uint32_t acp_draw_part_matrices(acp_physobj *obj, uint32_t origin_cell, float *out, uint32_t capacity)
{
    if (!obj || !obj->part_array) return 0;
    acp_partarray *pa = obj->part_array;
    uint32_t n = pa->num_parts;
    if (capacity == 0 || n == 0) return n;
    const acp_frame *frames = acp_partarray_part_frames(pa);
    double shift[3];
    acp_draw_landblock_offset(obj->position.objcell_id, origin_cell, shift);
    uint32_t k = n < capacity ? n : capacity;
    for (uint32_t i = 0; i < k; i++) {
        mat4 m;
        frame_mat4(&frames[i], shift, m);
        const acp_vec3 g = pa->part_gfx_scale[i];
        glm_scale(m, (vec3){g.x, g.y, g.z});
        store(m, out + (size_t)i * ACP_DRAW_MAT4_FLOATS);
    }
    return n;
}

uint32_t acp_draw_sphere_matrices(const acp_physobj *obj, uint32_t origin_cell, float *out, uint32_t capacity)
{
    uint32_t n = acp_physobj_num_spheres(obj);
    if (capacity == 0 || n == 0) return n;
    double shift[3];
    acp_draw_landblock_offset(obj->position.objcell_id, origin_cell, shift);
    mat4 object;
    frame_mat4(&obj->position.frame, shift, object);
    uint32_t k = n < capacity ? n : capacity;
    for (uint32_t i = 0; i < k; i++) {
        const acp_sphere *sp = &obj->part_array->spheres[i];
        acp_vec3 size = {sp->radius, sp->radius, sp->radius};
        place_unit(object, obj->scale, sp->center, size, out + (size_t)i * ACP_DRAW_MAT4_FLOATS);
    }
    return n;
}

uint32_t acp_draw_cylsphere_matrices(const acp_physobj *obj, uint32_t origin_cell, float *out, uint32_t capacity)
{
    const acp_setup *setup = setup_of(obj);
    uint32_t n = setup ? setup->num_cylspheres : 0;
    if (capacity == 0 || n == 0) return n;
    double shift[3];
    acp_draw_landblock_offset(obj->position.objcell_id, origin_cell, shift);
    mat4 object;
    frame_mat4(&obj->position.frame, shift, object);
    uint32_t k = n < capacity ? n : capacity;
    for (uint32_t i = 0; i < k; i++) {
        const acp_cylsphere *c = &setup->cylspheres[i];
        acp_vec3 size = {c->radius, c->radius, c->height};
        place_unit(object, obj->scale, c->low_pt, size, out + (size_t)i * ACP_DRAW_MAT4_FLOATS);
    }
    return n;
}

uint32_t acp_draw_selection_sphere_matrix(const acp_physobj *obj, uint32_t origin_cell, float *out)
{
    const acp_setup *setup = setup_of(obj);
    if (!setup || !out) return 0;
    double shift[3];
    acp_draw_landblock_offset(obj->position.objcell_id, origin_cell, shift);
    mat4 object;
    frame_mat4(&obj->position.frame, shift, object);
    const acp_sphere *sp = &setup->selection_sphere;
    acp_vec3 size = {sp->radius, sp->radius, sp->radius};
    place_unit(object, obj->scale, sp->center, size, out);
    return 1;
}

/* The i-th object of the world in draw order: update order, then the static animating ones. */
static acp_physobj *world_object(const acp_world *w, uint32_t i)
{
    return i < w->num_objects ? w->objects[i] : w->static_objects[i - w->num_objects];
}

uint32_t acp_draw_world_part_matrices(acp_world *w, uint32_t origin_cell, float *out, uint32_t capacity)
{
    if (!w) return 0;
    uint32_t total = 0;
    for (uint32_t i = 0; i < w->num_objects + w->num_static; i++) {
        acp_physobj *obj = world_object(w, i);
        uint32_t room = total < capacity ? capacity - total : 0;
        float *at = room ? out + (size_t)total * ACP_DRAW_MAT4_FLOATS : NULL;
        total += acp_draw_part_matrices(obj, origin_cell, at, room);
    }
    return total;
}

uint32_t acp_draw_world_sphere_matrices(const acp_world *w, uint32_t origin_cell, float *out, uint32_t capacity)
{
    if (!w) return 0;
    uint32_t total = 0;
    for (uint32_t i = 0; i < w->num_objects + w->num_static; i++) {
        const acp_physobj *obj = world_object(w, i);
        uint32_t room = total < capacity ? capacity - total : 0;
        float *at = room ? out + (size_t)total * ACP_DRAW_MAT4_FLOATS : NULL;
        total += acp_draw_sphere_matrices(obj, origin_cell, at, room);
    }
    return total;
}

uint32_t acp_draw_terrain_positions(const acp_landblock_struct *b, uint32_t origin_cell, float *out, uint32_t capacity)
{
    if (!b) return 0;
    double shift[3];
    acp_draw_landblock_offset(b->id, origin_cell, shift);
    uint32_t k = capacity / 3 < ACP_DRAW_TERRAIN_VERTICES ? capacity / 3 : ACP_DRAW_TERRAIN_VERTICES;
    for (uint32_t v = 0; v < k; v++) {
        const acp_vec3 p = b->polygons[v / 3].vertices[v % 3];
        out[3 * v + 0] = (float)((double)p.x + shift[0]);
        out[3 * v + 1] = (float)((double)p.y + shift[1]);
        out[3 * v + 2] = (float)((double)p.z + shift[2]);
    }
    return ACP_DRAW_TERRAIN_VERTICES;
}

uint32_t acp_draw_terrain_normals(const acp_landblock_struct *b, float *out, uint32_t capacity)
{
    if (!b) return 0;
    uint32_t k = capacity / 3 < ACP_DRAW_TERRAIN_VERTICES ? capacity / 3 : ACP_DRAW_TERRAIN_VERTICES;
    for (uint32_t v = 0; v < k; v++) {
        const acp_vec3 n = b->polygons[v / 3].plane.n;
        out[3 * v + 0] = n.x;
        out[3 * v + 1] = n.y;
        out[3 * v + 2] = n.z;
    }
    return ACP_DRAW_TERRAIN_VERTICES;
}
