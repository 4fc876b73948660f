/* acphys — the draw side (see draw.h): part, sphere and cylinder matrices and terrain vertex
 * arrays with cglm. The only translation unit of acphys that includes cglm. */
#include "draw/draw.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

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

/* ---- part matrices: the hot path (every part of every object, every frame) ----
 * Written with the compiler's 4-float vectors (GCC and Clang vector extensions: SSE natively,
 * WebAssembly SIMD128 where draw.c alone is built with -msimd128) rather than cglm's mat4
 * calls: Debian's cglm 0.8.8 has no WebAssembly SIMD path, and a part needs one 3×3 product,
 * not a 4×4 one. A vector is a matrix column (x, y, z, w). */
typedef float v4f __attribute__((vector_size(16)));

static bool finite3(acp_vec3 v) { return isfinite(v.x) && isfinite(v.y) && isfinite(v.z); }

static inline v4f splat(float x) { return (v4f){x, x, x, x}; }
static inline v4f lane(v4f v, int i) { return splat(v[i]); }

static inline void store4(float *out, v4f c0, v4f c1, v4f c2, v4f c3)
{
    memcpy(out, &c0, 16);
    memcpy(out + 4, &c1, 16);
    memcpy(out + 8, &c2, 16);
    memcpy(out + 12, &c3, 16);
}

/* Placed frames: part i is T(origin + shift) · R(cached) · S(gfx scale) of its frame. */
static void placed_part_matrices(const acp_partarray *pa, const double shift[3], uint32_t from, uint32_t to,
                                 float *out)
{
    for (uint32_t i = from; i < to; i++) {
        const acp_frame *f = &pa->part_frames[i];
        const float *m = f->m;
        const acp_vec3 g = pa->part_gfx_scale[i];
        v4f c0 = {m[0], m[1], m[2], 0.0f}, c1 = {m[3], m[4], m[5], 0.0f}, c2 = {m[6], m[7], m[8], 0.0f};
        v4f c3 = {(float)((double)f->origin.x + shift[0]), (float)((double)f->origin.y + shift[1]),
                  (float)((double)f->origin.z + shift[2]), 1.0f};
        store4(out + (size_t)i * ACP_DRAW_MAT4_FLOATS, c0 * g.x, c1 * g.y, c2 * g.z, c3);
    }
}

/* One animation part frame b as the composition needs it: the columns of R(b), the rotation of
 * its quaternion over its norm² (k = 2 / |b|², no square root), and its origin. Depends on b
 * alone, so the objects showing the same animation frame share it (keyframe_cache). */
typedef struct part_local {
    v4f col[3];
    v4f origin;
} part_local;

/* The part_local of parts[0..n); false when a quaternion's norm² is outside [1e-19, 1e29]
 * (float) or an origin is not finite: see pending_object. */
static bool part_locals(const acp_aframe *parts, uint32_t n, part_local *out)
{
    int ok = 1;
    float inf_or_nan = 0.0f;
    for (uint32_t i = 0; i < n; i++) {
        const acp_aframe *b = &parts[i];
        float w = b->qw, x = b->qx, y = b->qy, z = b->qz;
        float n2 = w * w + x * x + y * y + z * z;
        ok &= (n2 >= 1e-19f) & (n2 <= 1e29f);
        inf_or_nan += (b->origin.x - b->origin.x) + (b->origin.y - b->origin.y) + (b->origin.z - b->origin.z);
        float k = 2.0f / n2, xk = x * k, yk = y * k, zk = z * k;
        float xx = x * xk, yy = y * yk, zz = z * zk, xy = x * yk, xz = x * zk, yz = y * zk;
        float wx = w * xk, wy = w * yk, wz = w * zk;
        out[i].col[0] = (v4f){1.0f - yy - zz, xy + wz, xz - wy, 0.0f};
        out[i].col[1] = (v4f){xy - wz, 1.0f - xx - zz, yz + wx, 0.0f};
        out[i].col[2] = (v4f){xz + wy, yz - wx, 1.0f - xx - yy, 0.0f};
        out[i].origin = (v4f){b->origin.x, b->origin.y, b->origin.z, 0.0f};
    }
    return ok && inf_or_nan == 0.0f;
}

/* The object half of a pending placement (object frame a, scale s): R(a)'s columns, the same
 * columns × s (for the part origins: R(a) · (s ∘ origin)) and T(a's origin + shift). */
typedef struct object_frame {
    v4f c[3], cs[3], t;
} object_frame;

/* Whether the pending placement's object half is certain to combine validly (the object
 * quaternion's norm² in [0.25, 4], its origin and scale finite): acp_partarray_set_frame's
 * test. With every part_local valid as well, Frame::set_rotate accepts every product and the
 * placed rotation is that of the normalized product, which R(a) · R(b) is. */
static bool pending_object(const acp_partarray *pa, const double shift[3], object_frame *o)
{
    const acp_frame *a = &pa->pending_frame;
    const acp_vec3 s = pa->pending_scale;
    double a2 = (double)a->qw * a->qw + (double)a->qx * a->qx + (double)a->qy * a->qy + (double)a->qz * a->qz;
    if (!(a2 >= 0.25 && a2 <= 4.0) || !finite3(a->origin) || !finite3(s)) return false;
    const float *m = a->m;
    o->c[0] = (v4f){m[0], m[1], m[2], 0.0f};
    o->c[1] = (v4f){m[3], m[4], m[5], 0.0f};
    o->c[2] = (v4f){m[6], m[7], m[8], 0.0f};
    o->cs[0] = o->c[0] * s.x;
    o->cs[1] = o->c[1] * s.y;
    o->cs[2] = o->c[2] * s.z;
    o->t = (v4f){(float)((double)a->origin.x + shift[0]), (float)((double)a->origin.y + shift[1]),
                 (float)((double)a->origin.z + shift[2]), 1.0f};
    return true;
}

/* Parts from..to of a pending placement: part i is T(t + R(a) · (s ∘ origin_i)) · R(a) · R(b_i)
 * · S(gfx scale i), in float: within a few float ulps of the frame CPartArray::UpdateParts
 * (0x005190F0) gives the part through Frame::combine (0x005122E0), which sums the origin in
 * double and normalizes the quaternion product. False when a translation is not finite (the
 * caller then places the parts and draws the placed frames). */
static bool compose_parts(const acp_partarray *pa, const object_frame *o, const part_local *loc, uint32_t from,
                          uint32_t to, float *out)
{
    v4f inf_or_nan = splat(0.0f);
    for (uint32_t i = from; i < to; i++) {
        const part_local *l = &loc[i - from];
        const acp_vec3 g = pa->part_gfx_scale[i];
        v4f r0 = (o->c[0] * lane(l->col[0], 0) + o->c[1] * lane(l->col[0], 1) + o->c[2] * lane(l->col[0], 2)) * g.x;
        v4f r1 = (o->c[0] * lane(l->col[1], 0) + o->c[1] * lane(l->col[1], 1) + o->c[2] * lane(l->col[1], 2)) * g.y;
        v4f r2 = (o->c[0] * lane(l->col[2], 0) + o->c[1] * lane(l->col[2], 1) + o->c[2] * lane(l->col[2], 2)) * g.z;
        v4f r3 = o->t + o->cs[0] * lane(l->origin, 0) + o->cs[1] * lane(l->origin, 1) + o->cs[2] * lane(l->origin, 2);
        inf_or_nan += r3 - r3;
        store4(out + (size_t)i * ACP_DRAW_MAT4_FLOATS, r0, r1, r2, r3);
    }
    return inf_or_nan[0] == 0.0f && inf_or_nan[1] == 0.0f && inf_or_nan[2] == 0.0f;
}

/* Part locals of the animation frames already seen in one world fill, keyed by the frame's
 * part array (records do not change while objects use them: dat/recsource.h). On the stack of
 * acp_draw_world_part_matrices; emptied when full. */
#define KEYFRAMES 16
#define KEYFRAME_SLOTS 1024
typedef struct keyframe_cache {
    const acp_aframe *key[KEYFRAMES];
    uint32_t parts[KEYFRAMES], first[KEYFRAMES];
    bool valid[KEYFRAMES];
    uint32_t count, used;
    part_local slot[KEYFRAME_SLOTS];
} keyframe_cache;

/* The part locals of parts[0..n) from the cache (computed and kept on a miss); NULL when n does
 * not fit. *valid: part_locals' verdict. */
static const part_local *cached_locals(keyframe_cache *kc, const acp_aframe *parts, uint32_t n, bool *valid)
{
    for (uint32_t e = 0; e < kc->count; e++)
        if (kc->key[e] == parts && kc->parts[e] >= n) {
            *valid = kc->valid[e];
            return &kc->slot[kc->first[e]];
        }
    if (n > KEYFRAME_SLOTS) return NULL;
    if (kc->count == KEYFRAMES || kc->used + n > KEYFRAME_SLOTS) kc->count = kc->used = 0;
    uint32_t e = kc->count++;
    kc->key[e] = parts;
    kc->parts[e] = n;
    kc->first[e] = kc->used;
    kc->valid[e] = part_locals(parts, n, &kc->slot[kc->used]);
    kc->used += n;
    *valid = kc->valid[e];
    return &kc->slot[kc->first[e]];
}

/* Parts 0..n of a pending placement without a cache: in chunks of locals on the stack. */
static bool pending_uncached(const acp_partarray *pa, const object_frame *o, uint32_t n, float *out)
{
    part_local loc[64];
    for (uint32_t from = 0; from < n; from += 64) {
        uint32_t to = n - from < 64 ? n : from + 64;
        if (!part_locals(pa->pending_anim + from, to - from, loc) || !compose_parts(pa, o, loc, from, to, out))
            return false;
    }
    return true;
}

static uint32_t fan_triangles(mat4 m, const acp_vertex_array *va, const acp_gfx_polygon *p, uint32_t n,
                              float *out, uint32_t cap_vertices, uint32_t at);

/* acp_draw_part_matrices with an optional keyframe cache (NULL: none). */
static uint32_t part_matrices(acp_physobj *obj, uint32_t origin_cell, float *out, uint32_t capacity,
                              keyframe_cache *kc)
{
    if (!obj || !obj->part_array) return 0;
    acp_partarray *pa = obj->part_array;
    uint32_t n = pa->num_parts;
    if (capacity == 0 || n == 0) return n;
    double shift[3];
    acp_draw_landblock_offset(obj->position.objcell_id, origin_cell, shift);
    uint32_t k = n < capacity ? n : capacity;
    /* The parts a pending placement covers are composed from it (the physics' frames stay
     * pending: reading them later places them as before); the others keep their placed frames. */
    uint32_t pending = pa->pending_parts < k ? pa->pending_parts : k;
    object_frame o;
    if (pending) {
        bool ok = pending_object(pa, shift, &o);
        if (ok) {
            bool valid = false;
            const part_local *loc = kc ? cached_locals(kc, pa->pending_anim, pending, &valid) : NULL;
            ok = loc ? valid && compose_parts(pa, &o, loc, 0, pending, out) : pending_uncached(pa, &o, pending, out);
        }
        if (!ok) {
            acp_partarray_part_frames(pa);
            pending = 0;
        }
    }
    placed_part_matrices(pa, shift, pending, k, out);
    return n;
}

uint32_t acp_draw_part_matrices(acp_physobj *obj, uint32_t origin_cell, float *out, uint32_t capacity)
{
    return part_matrices(obj, origin_cell, out, capacity, NULL);
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

/* Read one float of every 64-byte line of the object's drawing scales (the per-part heap array a
 * fill reads; the objects' arrays lie apart, so each is a fresh cache miss): done one object
 * ahead, the misses overlap the current object's work instead of stalling the next one's.
 * WebAssembly has no prefetch instruction, so these are plain loads whose sum is kept. */
static float touch_gfx_scales(const acp_physobj *obj)
{
    const acp_partarray *pa = obj ? obj->part_array : NULL;
    if (!pa || !pa->part_gfx_scale) return 0.0f;
    const float *g = (const float *)pa->part_gfx_scale;
    float sum = 0.0f;
    for (uint32_t f = 0; f < 3 * pa->num_parts; f += 16) sum += g[f];
    return sum;
}

uint32_t acp_draw_world_part_matrices(acp_world *w, uint32_t origin_cell, float *out, uint32_t capacity)
{
    if (!w) return 0;
    keyframe_cache kc;
    kc.count = kc.used = 0;
    volatile float touched = 0.0f;
    uint32_t total = 0, count = w->num_objects + w->num_static;
    for (uint32_t i = 0; i < count; i++) {
        acp_physobj *obj = world_object(w, i);
        if (i + 2 < count) touched = touch_gfx_scales(world_object(w, i + 2));
        uint32_t room = total < capacity ? capacity - total : 0;
        float *at = room ? out + (size_t)total * ACP_DRAW_MAT4_FLOATS : NULL;
        total += part_matrices(obj, origin_cell, at, room, &kc);
    }
    (void)touched;
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

uint32_t acp_draw_block_static_spheres(const acp_world *w, uint32_t origin_cell, float *out, uint32_t capacity)
{
    if (!w) return 0;
    uint32_t total = 0;
    for (uint32_t i = 0; i < w->num_block_statics; i++) {
        uint32_t room = total < capacity ? capacity - total : 0;
        float *at = room ? out + (size_t)total * ACP_DRAW_MAT4_FLOATS : NULL;
        total += acp_draw_sphere_matrices(w->block_statics[i], origin_cell, at, room);
    }
    return total;
}

uint32_t acp_draw_block_static_cylspheres(const acp_world *w, uint32_t origin_cell, float *out, uint32_t capacity)
{
    if (!w) return 0;
    uint32_t total = 0;
    for (uint32_t i = 0; i < w->num_block_statics; i++) {
        uint32_t room = total < capacity ? capacity - total : 0;
        float *at = room ? out + (size_t)total * ACP_DRAW_MAT4_FLOATS : NULL;
        total += acp_draw_cylsphere_matrices(w->block_statics[i], origin_cell, at, room);
    }
    return total;
}

/* The parts' matrices acp_draw_part_triangles places polygons by (on the stack: a Setup of more
 * parts draws its first ones). */
#define PART_TRIANGLE_PARTS 256

uint32_t acp_draw_part_triangles(const acp_datset *set, acp_physobj *obj, uint32_t origin_cell, float *out, uint32_t capacity)
{
    const acp_setup *setup = setup_of(obj);
    if (!set || !setup) return 0;
    float mats[PART_TRIANGLE_PARTS * ACP_DRAW_MAT4_FLOATS];
    uint32_t n = acp_draw_part_matrices(obj, origin_cell, mats, PART_TRIANGLE_PARTS);
    if (n > PART_TRIANGLE_PARTS) n = PART_TRIANGLE_PARTS;
    if (n > setup->num_parts) n = setup->num_parts;
    uint32_t at = 0, cap = out ? capacity / 3 : 0;
    for (uint32_t i = 0; i < n; i++) {
        const acp_gfxobj *g = acp_datset_gfxobj(set, setup->parts[i]);
        if (!g) continue;
        mat4 m;
        memcpy(m, mats + (size_t)i * ACP_DRAW_MAT4_FLOATS, sizeof m);
        at = fan_triangles(m, &g->vertex_array, g->polygons, g->num_polygons, out, cap, at);
    }
    return at;
}

uint32_t acp_draw_block_static_physics_triangles(const acp_world *w, uint32_t origin_cell, float *out, uint32_t capacity)
{
    if (!w || !w->dats) return 0;
    uint32_t at = 0, cap = out ? capacity / 3 : 0;
    float mats[PART_TRIANGLE_PARTS * ACP_DRAW_MAT4_FLOATS];
    for (uint32_t i = 0; i < w->num_block_statics; i++) {
        acp_physobj *obj = w->block_statics[i];
        const acp_setup *setup = setup_of(obj);
        if (!setup) continue;
        uint32_t n = acp_draw_part_matrices(obj, origin_cell, mats, PART_TRIANGLE_PARTS);
        if (n > PART_TRIANGLE_PARTS) n = PART_TRIANGLE_PARTS;
        if (n > setup->num_parts) n = setup->num_parts;
        for (uint32_t k = 0; k < n; k++) {
            const acp_gfxobj *g = acp_datset_gfxobj(w->dats, setup->parts[k]);
            if (!g || !g->num_physics_polygons) continue;
            mat4 m;
            memcpy(m, mats + (size_t)k * ACP_DRAW_MAT4_FLOATS, sizeof m);
            at = fan_triangles(m, &g->vertex_array, g->physics_polygons, g->num_physics_polygons, out, cap, at);
        }
    }
    return at;
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

/* One EnvCell's CellStruct polygons as fans after `at` (the cell skipped when its Environment
 * or CellStruct is not in the set). */
static uint32_t envcell_fans(const acp_datset *set, const acp_envcell *c, uint32_t origin_cell, float *out, uint32_t cap,
                             uint32_t at)
{
    const acp_environment *e = acp_datset_environment(set, c->environment_id);
    const acp_cell_struct *cs = NULL;
    for (uint32_t k = 0; e && k < e->num_cell_structs; k++)
        if (e->cell_structs[k].id == c->cell_struct) cs = &e->cell_structs[k];
    if (!cs) return at;
    double shift[3];
    acp_draw_landblock_offset(c->id, origin_cell, shift);
    mat4 m;
    aframe_mat4(&c->position, shift, m);
    return fan_triangles(m, &cs->vertex_array, cs->polygons, cs->num_polygons, out, cap, at);
}

uint32_t acp_draw_envcell_triangles(const acp_datset *set, uint32_t origin_cell, float *out, uint32_t capacity)
{
    uint32_t at = 0, cap = out ? capacity / 3 : 0;
    for (size_t r = 0; set && r < acp_datset_count(set); r++) {
        const acp_dat_record *rec = acp_datset_record_at(set, r);
        if (!rec || rec->type != ACP_DAT_TYPE_ENVCELL) continue;
        at = envcell_fans(set, rec->as.envcell, origin_cell, out, cap, at);
    }
    return at;
}

uint32_t acp_draw_envcell_cell_triangles(const acp_datset *set, uint32_t cell_id, uint32_t origin_cell, float *out,
                                         uint32_t capacity)
{
    const acp_envcell *c = set && (cell_id & 0xFFFFu) >= 0x100u ? acp_datset_envcell(set, cell_id) : NULL;
    return c ? envcell_fans(set, c, origin_cell, out, out ? capacity / 3 : 0, 0) : 0;
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
