/* acphys — the draw side (see draw.h): part, sphere and cylinder matrices and terrain vertex
 * arrays with cglm. The only translation unit of acphys that includes cglm. */
#include "draw/draw.h"

#include <stddef.h>

#include <cglm/cglm.h>

#include "physics/geometry/frame.h"
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

/* ---- buildings, statics and indoor cells, from the records (draw.h) ---- */

/* T(origin + shift) · R of a stored frame (a building's frame, an EnvCell's position, a static's
 * frame): R as the physics caches it from the quaternion (acp_frame_set_rotate, Frame::cache). */
static void aframe_mat4(const acp_aframe *a, const double shift[3], mat4 out)
{
    acp_frame f = acp_frame_identity();
    acp_frame_set_rotate(&f, a->qw, a->qx, a->qy, a->qz);
    f.origin = a->origin;
    frame_mat4(&f, shift, out);
}

/* The triangle fans of `n` polygons over `va`, each vertex M · v, written from vertex `at` on
 * while room remains; returns the vertex count after them. */
static uint32_t fan_triangles(mat4 m, const acp_vertex_array *va, const acp_gfx_polygon *p, uint32_t n,
                              float *out, uint32_t cap_vertices, uint32_t at)
{
    for (uint32_t i = 0; i < n; i++) {
        for (uint32_t t = 1; t + 1 < p[i].num_pts; t++) {
            const uint16_t corner[3] = {p[i].vertex_ids[0], p[i].vertex_ids[t], p[i].vertex_ids[t + 1]};
            for (int c = 0; c < 3; c++, at++) {
                if (at >= cap_vertices) continue;
                const acp_vec3 v = va->vertices[corner[c]].origin;
                vec3 w;
                glm_mat4_mulv3(m, (vec3){v.x, v.y, v.z}, 1.0f, w);
                glm_vec3_copy(w, out + (size_t)at * 3);
            }
        }
    }
    return at;
}

uint32_t acp_draw_building_triangles(const acp_datset *set, uint32_t origin_cell, float *out, uint32_t capacity)
{
    uint32_t at = 0, cap = out ? capacity / 3 : 0;
    for (size_t r = 0; set && r < acp_datset_count(set); r++) {
        const acp_dat_record *rec = acp_datset_record_at(set, r);
        if (!rec || rec->type != ACP_DAT_TYPE_LANDBLOCK_INFO) continue;
        const acp_landblock_info *lb = rec->as.landblock_info;
        double shift[3];
        acp_draw_landblock_offset(lb->id, origin_cell, shift);
        for (uint32_t b = 0; b < lb->num_buildings; b++) {
            const acp_gfxobj *g = acp_datset_gfxobj(set, lb->buildings[b].model_id);
            if (!g) continue;
            mat4 m;
            aframe_mat4(&lb->buildings[b].frame, shift, m);
            bool physics = g->num_physics_polygons > 0;
            at = fan_triangles(m, &g->vertex_array, physics ? g->physics_polygons : g->polygons,
                               physics ? g->num_physics_polygons : g->num_polygons, out, cap, at);
        }
    }
    return at;
}

uint32_t acp_draw_envcell_triangles(const acp_datset *set, uint32_t origin_cell, float *out, uint32_t capacity)
{
    uint32_t at = 0, cap = out ? capacity / 3 : 0;
    for (size_t r = 0; set && r < acp_datset_count(set); r++) {
        const acp_dat_record *rec = acp_datset_record_at(set, r);
        if (!rec || rec->type != ACP_DAT_TYPE_ENVCELL) continue;
        const acp_envcell *c = rec->as.envcell;
        const acp_environment *e = acp_datset_environment(set, c->environment_id);
        const acp_cell_struct *cs = NULL;
        for (uint32_t k = 0; e && k < e->num_cell_structs; k++)
            if (e->cell_structs[k].id == c->cell_struct) cs = &e->cell_structs[k];
        if (!cs) continue;
        double shift[3];
        acp_draw_landblock_offset(c->id, origin_cell, shift);
        mat4 m;
        aframe_mat4(&c->position, shift, m);
        at = fan_triangles(m, &cs->vertex_array, cs->polygons, cs->num_polygons, out, cap, at);
    }
    return at;
}

uint32_t acp_draw_static_cylinders(const acp_datset *set, uint32_t origin_cell, float *out, uint32_t capacity)
{
    uint32_t at = 0;
    for (size_t r = 0; set && r < acp_datset_count(set); r++) {
        const acp_dat_record *rec = acp_datset_record_at(set, r);
        if (!rec || rec->type != ACP_DAT_TYPE_LANDBLOCK_INFO) continue;
        const acp_landblock_info *lb = rec->as.landblock_info;
        double shift[3];
        acp_draw_landblock_offset(lb->id, origin_cell, shift);
        for (uint32_t o = 0; o < lb->num_objects; o++) {
            const acp_setup *s = acp_datset_setup(set, lb->objects[o].id);
            mat4 m;
            aframe_mat4(&lb->objects[o].frame, shift, m);
            for (uint32_t k = 0; s && k < s->num_cylspheres; k++, at++) {
                if (!out || at >= capacity) continue;
                const acp_cylsphere *c = &s->cylspheres[k];
                place_unit(m, 1.0f, c->low_pt, (acp_vec3){c->radius, c->radius, c->height}, out + (size_t)at * ACP_DRAW_MAT4_FLOATS);
            }
        }
    }
    return at;
}
