/* acphys — retail CObjCell::find_cell_list (CELLARRAY::add_cell is world/cell_array.c), outdoor
 * cells and EnvCells (envcell.h), and the shadow lists (objcell.h). Read against PORTAL/ccell/CObjCell.c and PORTAL/cphysics/
 * CCellArray.c. */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "base/shortcuts.h"
#include "building.h"
#include "envcell.h"
#include "landcell.h"
#include "physics/object/partarray.h"
#include "objcell.h"
#include "terrain.h"
#include "physics/object/physobj.h"
#include "physics/object/physobj_collide.h"
#include "physics/world/transition.h"

/* The cell of the array that holds sphere 0's centre (expressed in each cell's landblock
 * frame): the first indoor one that does, else the last outdoor one; an indoor hit marks the
 * path's hits_interior_cell. */
static const acp_landcell *containing_cell(const acp_cell_array *ca, const acp_position *p, const acp_sphere *s,
                                           acp_sphere_path *path)
{
    const acp_landcell *found = NULL;
    for (uint32_t i = 0; i < ca->num_cells; i++) {
        const acp_landcell *c = ca->cells[i].cell;
        if (!c) continue;
        acp_vec3 off = acp_landdefs_get_block_offset(p->objcell_id, c->id);
        double z = (double)s->center.z - off.z;
        double y = (double)s->center.y - off.y;
        double x = (double)s->center.x - off.x;
        acp_vec3 local = {(float)x, (float)y, (float)z};
        if (!acp_landcell_point_in_cell(c, local)) continue;
        found = c;
        if ((c->id & 0xFFFFu) >= 0x100u) {
            if (path) path->hits_interior_cell = true;
            return found;
        }
    }
    return found;
}

void acp_objcell_find_cell_list(const acp_terrain *terrain, const acp_position *p, uint32_t num_sphere,
                                const acp_sphere *spheres, acp_cell_array *ca, const acp_landcell **curr_cell,
                                acp_sphere_path *path)
{
    ca->num_cells = 0;
    ca->dropped = 0;
    ca->added_outside = false;
    ca->reached_building = false;
    uint32_t id = p->objcell_id;
    const acp_landcell *cell = id ? acp_terrain_get_landcell(terrain, id) : NULL;
    if ((id & 0xFFFFu) >= 0x100u) {
        if (path) path->hits_interior_cell = true;
        acp_cell_array_add(ca, id, cell); /* CEnvCell::GetVisible */
    } else {
        acp_landcell_add_all_outside_cells(terrain, p, num_sphere, spheres, ca);
    }
    if (!cell || !num_sphere) return;
    /* Each cell's find_transit_cells (the array grows as it goes): an EnvCell's portals;
     * CLandCell's add_all_outside_cells (once: added_outside) and CSortCell::find_transit_cells
     * (its building's portals). */
    for (uint32_t i = 0; i < ca->num_cells; i++) {
        const acp_landcell *c = ca->cells[i].cell;
        if (!c) continue;
        if (c->env) {
            acp_env_cell_find_transit_cells(c->env, terrain, p, num_sphere, spheres, ca);
            continue;
        }
        if (!ca->added_outside) acp_landcell_add_all_outside_cells(terrain, p, num_sphere, spheres, ca);
        if (!c->building) continue;
        ca->reached_building = true;
        acp_building_find_transit_cells(c->building, terrain, num_sphere, spheres, ca, path);
    }
    if (curr_cell) *curr_cell = containing_cell(ca, p, &spheres[0], path);
}

/* ---- shadow lists (issue 14) ---- */

/* The cell's slot in the pool's lists (landblock slot × 64 + cell index, kept in the cell);
 * false when the world's terrain does not hold the cell there. */
static inline bool cell_slot(const acp_world *w, const acp_landcell *cell, size_t *slot)
{
    const acp_terrain *terrain = w->terrain;
    if (!terrain || !cell || !w->shadows.lists) return false;
    if (cell->env) { /* EnvCells: the slots after the landblocks' */
        size_t e = (size_t)terrain->cap_blocks * ACP_LANDBLOCK_CELLS + cell->env->slot;
        if (e >= w->shadows.num_lists) return false;
        *slot = e;
        return true;
    }
    if (!cell->block) return false;
    uint32_t s = cell->shadow_slot;
    if (s >= w->shadows.num_lists || s / ACP_LANDBLOCK_CELLS >= terrain->cap_blocks) return false;
    if (cell->block != &terrain->blocks[s / ACP_LANDBLOCK_CELLS] || &cell->block->cells[s % ACP_LANDBLOCK_CELLS] != cell)
        return false;
    *slot = s;
    return true;
}

acp_shadow_list *acp_objcell_shadow_list(acp_world *w, const acp_landcell *cell)
{
    size_t slot;
    return cell_slot(w, cell, &slot) ? &w->shadows.lists[slot] : NULL;
}

acp_shadow_list *acp_objcell_object_list(acp_world *w, const acp_landcell *cell)
{
    size_t slot;
    return cell_slot(w, cell, &slot) ? &w->shadows.object_lists[slot] : NULL;
}

void acp_objcell_add_object(acp_world *w, const acp_landcell *cell, acp_physobj *obj)
{
    acp_shadow_list *list = acp_objcell_object_list(w, cell);
    acp_shadowobj_set_physobj(&obj->cell_entry, obj);
    obj->cell_entry.cell_id = cell ? cell->id : 0;
    obj->cell_entry.cell = NULL;
    if (!list) {
        w->shadows.overflow++;
        return;
    }
    if (acp_shadow_list_append(&w->shadows, list, &obj->cell_entry)) obj->cell_entry.cell = cell;
    /* (The cell's voyeurs are told of a new object: no detection here.) */
}

void acp_objcell_remove_object(acp_world *w, const acp_landcell *cell, acp_physobj *obj)
{
    acp_shadow_list *list = acp_objcell_object_list(w, cell);
    if (list && acp_shadow_list_remove(&w->shadows, list, &obj->cell_entry)) obj->cell_entry.cell = NULL;
    /* (update_all_voyeur(LeftDetection): no detection here.) */
}

uint32_t acp_objcell_num_objects(acp_world *w, const acp_landcell *cell)
{
    const acp_shadow_list *list = acp_objcell_object_list(w, cell);
    return list ? list->num : 0;
}

acp_physobj *acp_objcell_object(acp_world *w, const acp_landcell *cell, uint32_t i)
{
    const acp_shadow_list *list = acp_objcell_object_list(w, cell);
    return list && i < list->num ? acp_shadow_list_get(&w->shadows, list, i)->physobj : NULL;
}

void acp_objcell_add_shadow_object(acp_world *w, const acp_landcell *cell, acp_shadow_obj *s)
{
    acp_shadow_list *list = acp_objcell_shadow_list(w, cell);
    if (!list) {
        w->shadows.overflow++;
        s->cell = NULL;
        return;
    }
    if (!acp_shadow_list_append(&w->shadows, list, s)) {
        s->cell = NULL;
        return;
    }
    s->cell = cell;
    acp_objcell_store_shadow_reach(w, s);
}

void acp_objcell_remove_shadow_object(acp_world *w, const acp_landcell *cell, acp_shadow_obj *s)
{
    acp_shadow_list *list = s->cell == cell && s->list ? s->list : acp_objcell_shadow_list(w, cell);
    if (list && acp_shadow_list_remove(&w->shadows, list, s)) s->cell = NULL;
}

/* Visit the list's entries in order until visit returns true; returns whether it did. */
typedef bool (*shadow_visit)(acp_physobj *other, void *ctx);

static bool walk_list(const acp_shadow_pool *pool, const acp_shadow_list *list, shadow_visit visit, void *ctx)
{
    uint32_t left = list->num;
    for (uint32_t b = list->head; b && left; b = pool->blocks[b - 1].next) {
        const acp_shadow_block *blk = &pool->blocks[b - 1];
        for (uint32_t k = 0; k < ACP_SHADOW_BLOCK && left; k++, left--)
            if (visit(blk->items[k]->physobj, ctx)) return true;
    }
    return false;
}

/* Not retail: a bound that skips FindObjCollisions for an object none of whose shapes can reach
 * the sweep's spheres. Every branch of CSphere / CCylSphere::intersects_sphere that does anything
 * needs a sweep sphere within the sum of the radii of a shape (less EPSILON; sphere 1 with sphere
 * 0's radius: box_of's radii), a cylinder's reaching R + r across and from -r to h + r up, and
 * FindObjCollisions changes nothing when every shape answers OK, so skipping such an object gives
 * the same result. The object's reach: each shape within scale × (|centre| + radius) (cylinders:
 * |low point| + height + radius) of its origin; the sweep adds its sphere's radius (twice with
 * cylinders) and 1 cm for float rounding (within_reach). */
/* Metres: the largest reach and sweep radius the bounds work with. Their slack (1 cm exact,
 * 5 cm in float) covers the float rounding of shapes within a landblock's coordinates; past
 * this an object is always tested and a sweep rules nothing out. */
#define ACP_REACH_BOUND_MAX 1000.0

static double unscaled_reach(const acp_partarray *pa)
{
    double reach = -1.0;
    for (uint32_t i = 0; i < pa->num_spheres; i++) {
        const acp_sphere *s = &pa->spheres[i];
        double c = sqrt((double)s->center.x * s->center.x + (double)s->center.y * s->center.y +
                        (double)s->center.z * s->center.z);
        if (c + s->radius > reach) reach = c + s->radius;
    }
    for (uint32_t i = 0; i < pa->num_cylspheres; i++) {
        const acp_cylsphere *cy = &pa->cylspheres[i];
        double c = sqrt((double)cy->low_pt.x * cy->low_pt.x + (double)cy->low_pt.y * cy->low_pt.y +
                        (double)cy->low_pt.z * cy->low_pt.z);
        if (c + cy->height + cy->radius > reach) reach = c + cy->height + cy->radius;
    }
    return reach;
}

/* The bound for `other`: its part array's unscaled reach (kept while its shapes are the same
 * arrays and counts) times |scale|; < 0 without shapes. */
static double shape_reach(const acp_physobj *other)
{
    acp_partarray *pa = other->part_array;
    if (!pa) return -1.0;
    if (!pa->reach_valid || pa->reach_spheres != pa->spheres || pa->reach_num_spheres != pa->num_spheres ||
        pa->reach_cylspheres != pa->cylspheres || pa->reach_num_cylspheres != pa->num_cylspheres) {
        pa->reach = unscaled_reach(pa);
        pa->reach_spheres = pa->spheres;
        pa->reach_num_spheres = pa->num_spheres;
        pa->reach_cylspheres = pa->cylspheres;
        pa->reach_num_cylspheres = pa->num_cylspheres;
        pa->reach_valid = true;
    }
    return pa->reach < 0.0 ? -1.0 : pa->reach * fabs((double)other->scale);
}

acp_shadow_reach acp_objcell_shadow_reach_of(const acp_physobj *obj)
{
    const acp_vec3 o = obj->position.frame.origin;
    acp_shadow_reach r = {-1.0, o.x, o.y, o.z, obj->position.objcell_id, -INFINITY, 0.0f};
    if (obj->has_parent) return r; /* find_obj_collisions passes parented objects */
    if (obj->state & ACP_HAS_PHYSICS_BSP_PS) {
        r.reach = INFINITY; /* always tested */
    } else {
        r.reach = shape_reach(obj);
        /* NaN (a NaN scale or shape), or too large for the bounds' slack: always tested */
        if (!(r.reach <= ACP_REACH_BOUND_MAX)) r.reach = INFINITY;
        if (obj->part_array && obj->part_array->num_cylspheres) r.cylinders = 1.0f;
    }
    if (r.reach >= 0.0) r.lim = (float)r.reach + 0.06f; /* INFINITY: INFINITY */
    return r;
}

/* The block holding entry s in pool (NULL: s in no list); its entry: s->index % ACP_SHADOW_BLOCK. */
static acp_shadow_block *entry_block(acp_shadow_pool *pool, const acp_shadow_obj *s)
{
    if (!s->list || s->block - 1u >= pool->num_blocks) return NULL;
    return &pool->blocks[s->block - 1];
}

/* Store r as entry s's copy. */
static void store_reach(acp_shadow_pool *pool, const acp_shadow_obj *s, const acp_shadow_reach *r)
{
    acp_shadow_block *b = entry_block(pool, s);
    if (b) acp_shadow_block_set_reach(b, s->index % ACP_SHADOW_BLOCK, r);
}

void acp_objcell_store_shadow_reach(acp_world *w, const acp_shadow_obj *s)
{
    if (!s->physobj) return;
    acp_shadow_reach r = acp_objcell_shadow_reach_of(s->physobj);
    store_reach(&w->shadows, s, &r);
}

void acp_objcell_refresh_shadow_reach(acp_physobj *obj)
{
    if (!obj->num_shadow_objects || !obj->shadow_objects || !obj->world) return;
    acp_shadow_reach r = acp_objcell_shadow_reach_of(obj);
    for (uint32_t i = 0; i < obj->num_shadow_objects && i < obj->cap_shadow_objects; i++)
        store_reach(&obj->world->shadows, &obj->shadow_objects[i], &r);
}

void acp_objcell_refresh_shadow_origin(acp_physobj *obj)
{
    acp_shadow_pool *pool = &obj->world->shadows;
    const acp_vec3 o = obj->position.frame.origin;
    const uint32_t id = obj->position.objcell_id;
    for (uint32_t i = 0; i < obj->num_shadow_objects && i < obj->cap_shadow_objects; i++) {
        const acp_shadow_obj *s = &obj->shadow_objects[i];
        acp_shadow_block *b = entry_block(pool, s);
        if (b) acp_shadow_block_move_reach(b, s->index % ACP_SHADOW_BLOCK, o, id);
    }
}

/* Equal, or both NaN (the same answers either way). */
static bool same_d(double a, double b) { return a == b || (a != a && b != b); }

static bool same_reach(const acp_shadow_reach *a, const acp_shadow_reach *b)
{
    return (same_d(a->reach, b->reach) || (a->reach < 0.0 && b->reach < 0.0)) && same_d(a->x, b->x) &&
           same_d(a->y, b->y) && same_d(a->z, b->z) && a->cell_id == b->cell_id && same_d(a->lim, b->lim) &&
           a->cylinders == b->cylinders;
}

uint32_t acp_objcell_stale_shadow_reach(const acp_world *w)
{
    const acp_shadow_pool *pool = &w->shadows;
    uint32_t stale = 0;
    for (uint32_t l = 0; l < pool->num_lists && pool->lists; l++) {
        const acp_shadow_list *list = &pool->lists[l];
        for (uint32_t i = 0; i < list->num; i++) {
            const acp_shadow_obj *s = acp_shadow_list_get(pool, list, i);
            acp_shadow_reach want = acp_objcell_shadow_reach_of(s->physobj);
            if (s->block < 1 || s->block > pool->num_blocks) {
                stale++;
                continue;
            }
            const acp_shadow_block *b = &pool->blocks[s->block - 1];
            acp_shadow_reach have = acp_shadow_block_reach(b, i % ACP_SHADOW_BLOCK);
            if (!same_reach(&have, &want) || b->far[i % ACP_SHADOW_BLOCK].obj != s->physobj) stale++;
        }
    }
    return stale;
}


/* Whether a sweep sphere comes within r's reach + the sphere's radius (twice for an object with
 * cylinders: CCylSphere meets a sphere up to R + r across and from -r to h + r up, whose corner
 * lies up to R + h + 2r from the low point) + 1 cm of its origin, the origin moved into
 * check_pos's landblock frame (LandDefs::get_block_offset). */
#ifdef ACP_CHECK_SHADOW_REACH
#include <stdio.h>
#include <stdlib.h>
/* Sanitizer builds: an entry's copy must be what its object says now. */
static void check_reach(const acp_shadow_reach *r, const acp_physobj *obj)
{
    acp_shadow_reach want = acp_objcell_shadow_reach_of(obj);
    if (same_reach(r, &want)) return;
    fprintf(stderr, "acphys: stale shadow reach copy of object 0x%08X\n", (unsigned)obj->id);
    abort();
}
#else
#define check_reach(r, obj) ((void)0)
#endif

/* A quick test before the others, in float: the box around the sweep's spheres (their centres
 * ± their radius in the shape tests, in x and y, in check_pos's landblock frame). An entry of the same
 * landblock whose origin lies farther outside it than the entry's lim (its reach + 1 cm + 5 cm
 * of float slack; with cylinders, + the largest sweep radius again) is out of within_reach's
 * reach too (a sphere within that reach of the origin has the origin within it of its own
 * centre, in x and in y); so is every entry whose lim is -INFINITY (parented, or without
 * shapes). "Maybe" (another landblock, NaN) goes on to the exact tests. */
typedef struct {
    uint32_t landblock;          /* check_pos.objcell_id >> 16 */
    float min_x, max_x, min_y, max_y;
    float max_radius;            /* the largest of radius[] */
    float radius[ACP_MAX_TRANSITION_SPHERES]; /* m: each sphere's radius in the shape tests */
    uint32_t num_sphere;         /* the spheres counted (at most ACP_MAX_TRANSITION_SPHERES) */
    bool open;                   /* a NaN, infinite or huge sphere: no bound at all */
} sweep_box;

static sweep_box box_of(const acp_sphere_path *sp)
{
    const uint32_t n = sp->num_sphere < ACP_MAX_TRANSITION_SPHERES ? sp->num_sphere : ACP_MAX_TRANSITION_SPHERES;
    sweep_box b = {sp->check_pos.objcell_id >> 16, INFINITY, -INFINITY, INFINITY, -INFINITY, 0.0f, {0.0f}, n, false};
    const float r0 = fabsf(sp->global_sphere[0].radius);
    bool open = false;
    for (uint32_t i = 0; i < n; i++) {
        const acp_sphere *g = &sp->global_sphere[i];
        /* The radius a shape test gives sweep sphere i: CSphere and CCylSphere::intersects_sphere
         * test sphere 1 against the radius sum made with sphere 0's radius (physics/shapes/
         * sphere.c, cylsphere.c), so sphere i > 0 counts the larger of the two; as magnitudes,
         * so that a negative scale's negative radii (the sums only shrink) still give a bound. */
        float radius = r0;
        if (i && fabsf(g->radius) >= r0) radius = fabsf(g->radius);
        b.radius[i] = radius;
        open |= !(radius <= ACP_REACH_BOUND_MAX) | !(fabsf(g->center.x) < INFINITY) |
                !(fabsf(g->center.y) < INFINITY);
        if (radius > b.max_radius) b.max_radius = radius;
        const float x0 = g->center.x - radius, x1 = g->center.x + radius;
        const float y0 = g->center.y - radius, y1 = g->center.y + radius;
        if (x0 < b.min_x) b.min_x = x0;
        if (x1 > b.max_x) b.max_x = x1;
        if (y0 < b.min_y) b.min_y = y0;
        if (y1 > b.max_y) b.max_y = y1;
    }
    if (open) {
        b.open = true;
        b.min_x = b.min_y = -INFINITY;
        b.max_x = b.max_y = INFINITY;
    }
    return b;
}

/* Whether a sweep sphere comes within r's reach + the sphere's radius (twice for an object with
 * cylinders: CCylSphere meets a sphere up to R + r across and from -r to h + r up, whose corner
 * lies up to R + h + 2r from the low point) + 1 cm of its origin, the origin moved into
 * check_pos's landblock frame (LandDefs::get_block_offset). The radii are the box's (b); an
 * open box (a NaN, infinite or huge sphere) has no bound. A NaN distance is within. */
static bool within_reach(const acp_shadow_reach *r, const acp_sphere_path *sp, const sweep_box *b)
{
    if (b->open) return true;
    acp_vec3 bo = {0.0f, 0.0f, 0.0f}; /* LandDefs::get_block_offset's answer within one landblock */
    if ((sp->check_pos.objcell_id >> 16) != (r->cell_id >> 16))
        bo = acp_landdefs_get_block_offset(sp->check_pos.objcell_id, r->cell_id);
    double ox = (double)r->x + bo.x, oy = (double)r->y + bo.y, oz = (double)r->z + bo.z;
    for (uint32_t i = 0; i < b->num_sphere; i++) {
        const acp_sphere *g = &sp->global_sphere[i];
        double reach = r->reach + (double)b->radius[i] * (1.0 + r->cylinders) + 0.01;
        double dx = g->center.x - ox, dy = g->center.y - oy, dz = g->center.z - oz;
        if (!(dx * dx + dy * dy + dz * dz > reach * reach)) return true;
    }
    return false;
}


/* What box_of reads of the sweep, bit for bit. A FindObjCollisions call that answers OK may
 * have moved the sweep (a step, a slide); while these are the same, so are the box and the mask
 * of the rest of the block. */
typedef struct {
    uint32_t w[2 + 4 * ACP_MAX_TRANSITION_SPHERES];
} sweep_key;

_Static_assert(sizeof ((acp_sphere_path *)0)->global_sphere == 16 * ACP_MAX_TRANSITION_SPHERES,
               "sweep_key holds the global spheres as 4 words each");

static inline sweep_key key_of(const acp_sphere_path *sp)
{
    sweep_key k;
    k.w[0] = sp->num_sphere;
    k.w[1] = sp->check_pos.objcell_id;
    memcpy(&k.w[2], sp->global_sphere, sizeof sp->global_sphere);
    return k;
}

static inline bool same_key(const sweep_key *a, const sweep_key *b)
{
    uint32_t diff = 0;
    for (uint32_t i = 0; i < sizeof a->w / sizeof a->w[0]; i++) diff |= a->w[i] ^ b->w[i];
    return diff == 0;
}

/* Four entries' columns at a time (GNU C vectors: SSE natively, SIMD128 in the WebAssembly
 * build, plain code elsewhere), each lane the same float operations as one entry alone. */
typedef float v4f __attribute__((vector_size(16), aligned(4)));
typedef int32_t v4i __attribute__((vector_size(16), aligned(4)));
typedef uint32_t v4u __attribute__((vector_size(16), aligned(4)));

/* Bit j: lane j of m is set (all ones). */
static inline uint32_t lane_bits(v4i m)
{
#if defined(__SSE2__)
    return (uint32_t)__builtin_ia32_movmskps((__attribute__((vector_size(16))) float)m);
#elif defined(__wasm_simd128__)
    return (uint32_t)__builtin_wasm_bitmask_i32x4(m);
#else
    return (uint32_t)((m[0] & 1) | (m[1] & 2) | (m[2] & 4) | (m[3] & 8));
#endif
}

/* Lanes k..k+3 of blk whose origin lies farther outside the box than `lim` (lane by lane) in the
 * box's landblock: bit j of the result is lane k + j. */
static inline uint32_t out_of_box(const sweep_box *b, const acp_shadow_block *blk, uint32_t k, v4f lim)
{
    const v4f min_x = {b->min_x, b->min_x, b->min_x, b->min_x}, max_x = {b->max_x, b->max_x, b->max_x, b->max_x};
    const v4f min_y = {b->min_y, b->min_y, b->min_y, b->min_y}, max_y = {b->max_y, b->max_y, b->max_y, b->max_y};
    const v4u lb = {b->landblock, b->landblock, b->landblock, b->landblock};
    const v4f x = *(const v4f *)&blk->x[k], y = *(const v4f *)&blk->y[k];
    const v4i o = ((x + lim < min_x) | (x - lim > max_x) | (y + lim < min_y) | (y - lim > max_y)) &
                  (v4i)((*(const v4u *)&blk->cell_id[k] >> 16) == lb);
    return lane_bits(o);
}

/* Lanes k..k+3 the box rules out, for entries without cylinders: their lim is the copy's lim
 * (lim + 0 × max_radius is the same number, a finite max_radius being what a box that is not
 * open has). */
static inline uint32_t out_plain(const sweep_box *b, const acp_shadow_block *blk, uint32_t k)
{
    return out_of_box(b, blk, k, *(const v4f *)&blk->lim[k]);
}

/* The same for lanes whose entries may have cylinders: their lim grows by the box's largest
 * sweep radius (the cylinders bit as 1.0f or 0.0f times max_radius, as the scalar bound). */
static inline uint32_t out_cylinders(const sweep_box *b, const acp_shadow_block *blk, uint32_t k)
{
    const v4f max_r = {b->max_radius, b->max_radius, b->max_radius, b->max_radius};
    const v4u bit = {1u, 2u, 4u, 8u};
    const v4f one = {1.0f, 1.0f, 1.0f, 1.0f};
    const uint32_t c = blk->cylinders >> k;
    const v4u cyl = (v4u){c, c, c, c} & bit; /* lane j: bit j of c */
    const v4f cylf = (v4f)((v4i)(cyl != 0) & (v4i)one); /* 1.0f or 0.0f, as the copy's cylinders */
    return out_of_box(b, blk, k, *(const v4f *)&blk->lim[k] + cylf * max_r);
}

_Static_assert(ACP_SHADOW_BLOCK == 16, "maybe_mask tests a block as four groups of four lanes");

/* The entries k of blk with from <= k < n that the box does not rule out (bit k: entry k),
 * their own shadows included. Four columns at a time, without branches: which entries pass is
 * not predictable, and this test is the whole cost of an entry the sweep cannot meet. Lanes
 * outside [from, n) (within the block: whatever it last held; the pool starts zeroed) are
 * masked off. An open box rules nothing out (its bounds are infinite: every lane's test is
 * false); a block none of whose entries in [from, n) has cylinders takes the plain test, its
 * groups written out (no loop: V8 puts a check on every loop's back edge). */
static inline uint32_t maybe_mask(const sweep_box *b, const acp_shadow_block *blk, uint32_t from, uint32_t n)
{
    const uint32_t upto = n >= 32 ? 0xFFFFFFFFu : (1u << n) - 1u;
    const uint32_t want = upto & ~((1u << from) - 1u);
    if (b->open) return want;
    uint32_t out = 0;
    if (!(blk->cylinders & want)) {
        out = out_plain(b, blk, 0);
        if (n > 4) {
            out |= out_plain(b, blk, 4) << 4;
            if (n > 8) out |= out_plain(b, blk, 8) << 8 | (n > 12 ? out_plain(b, blk, 12) << 12 : 0u);
        }
        return ~out & want;
    }
    for (uint32_t k = from & ~3u; k < n; k += 4) out |= out_cylinders(b, blk, k) << k;
    return ~out & want;
}

/* Retail's walk as written, for tests (acp_world::shadow_walk_plain): every entry's object
 * but the mover and parented ones gets FindObjCollisions, in order, until one answers other
 * than OK. find_in_list must give the same answers and leave the same state. */
static __attribute__((noinline, cold)) acp_transition_state plain_walk(acp_world *w, const acp_shadow_list *list,
                                                                        acp_transition *t)
{
    const acp_physobj *mover = t->object_info.object;
    for (uint32_t i = 0; i < list->num; i++) {
        acp_physobj *obj = acp_shadow_list_get(&w->shadows, list, i)->physobj;
        if (obj == mover || obj->has_parent) continue;
        acp_transition_state ts = (acp_transition_state)acp_physobj_find_obj_collisions(obj, t);
        if (ts != ACP_TS_OK) return ts;
    }
    return ACP_TS_OK;
}

/* The entries in order: each one the mover is not, whose object can reach the sweep (its copy
 * says), gets FindObjCollisions; the first answer that is not OK ends the walk. */
static __attribute__((noinline)) acp_transition_state find_in_list(acp_world *w, const acp_shadow_list *list,
                                                                  acp_transition *t)
{
    const acp_shadow_pool *pool = &w->shadows;
    const uintptr_t own = (uintptr_t)t->object_info.object->shadow_objects;
    const uintptr_t own_size = (uintptr_t)t->object_info.object->cap_shadow_objects * sizeof(acp_shadow_obj);
    sweep_box box = box_of(&t->sphere_path);
    sweep_key key = key_of(&t->sphere_path);
    uint32_t left = list->num;
    for (uint32_t b = list->head; b && left; b = pool->blocks[b - 1].next) {
        const acp_shadow_block *blk = &pool->blocks[b - 1];
        const uint32_t n = left < ACP_SHADOW_BLOCK ? left : ACP_SHADOW_BLOCK;
        left -= n;
#ifdef ACP_CHECK_SHADOW_REACH
        for (uint32_t k = 0; k < n; k++) {
            const acp_shadow_reach r = acp_shadow_block_reach(blk, k);
            check_reach(&r, blk->items[k]->physobj);
            if (blk->far[k].obj != blk->items[k]->physobj) abort(); /* the entry's object, kept */
        }
#endif
        for (uint32_t maybe = maybe_mask(&box, blk, 0, n); maybe;) {
            const uint32_t k = (uint32_t)__builtin_ctz(maybe);
            maybe &= maybe - 1u;
            const acp_shadow_reach r = acp_shadow_block_reach(blk, k);
            if (r.reach < 0.0) continue;
            const acp_shadow_obj *s = blk->items[k];
            if ((uintptr_t)s - own < own_size) continue; /* the mover's own */
            if (r.reach != INFINITY && !within_reach(&r, &t->sphere_path, &box)) continue;
            acp_transition_state ts = (acp_transition_state)acp_physobj_find_obj_collisions(blk->far[k].obj, t);
            if (ts != ACP_TS_OK) return ts;
            const sweep_key now = key_of(&t->sphere_path);
            if (same_key(&now, &key)) continue;
            key = now; /* the sweep moved: its box, and the rest of the block again */
            box = box_of(&t->sphere_path);
            maybe = maybe_mask(&box, blk, k + 1, n);
        }
    }
    return ACP_TS_OK;
}

/* A list holding nothing, or only the mover's own shadow (find_in_list skips it): nothing to meet. */
static inline bool nothing_to_meet(const acp_world *w, const acp_shadow_list *l, const acp_physobj *mover)
{
    return !l->num || (l->num == 1 && w->shadows.blocks[l->head - 1].items[0]->physobj == mover);
}

acp_transition_state acp_objcell_find_obj_collisions(const acp_landcell *cell, acp_transition *t)
{
    if (t->sphere_path.insert_type == ACP_INITIAL_PLACEMENT_INSERT) return ACP_TS_OK;
    acp_physobj *mover = t->object_info.object;
    if (!mover) return ACP_TS_OK;
    acp_world *w = mover->world;
#if !ACP_SHORTCUTS
    /* docs/SHORTCUTS.md S6, S7: retail's walk over every entry, no early out. */
    {
        size_t slot;
        if (!cell_slot(w, cell, &slot)) return ACP_TS_OK;
        return plain_walk(w, &w->shadows.lists[slot], t);
    }
#endif
    /* An outdoor cell with nothing to meet answers OK before cell_slot's checks of the cell (a
     * cell those checks refuse answers OK too; the slot is only bounded here). */
    if (!cell->env && w->shadows.lists && cell->shadow_slot < w->shadows.num_lists &&
        nothing_to_meet(w, &w->shadows.lists[cell->shadow_slot], mover))
        return ACP_TS_OK;
    size_t slot;
    if (!cell_slot(w, cell, &slot)) return ACP_TS_OK;
    const acp_shadow_list *list = &w->shadows.lists[slot];
    if (w->shadow_walk_plain) return plain_walk(w, list, t);
    if (nothing_to_meet(w, list, mover)) return ACP_TS_OK;
    return find_in_list(w, list, t);
}

typedef struct {
    acp_physobj *obj;
} check_ctx;

static bool check_one(acp_physobj *other, void *ctx)
{
    acp_physobj *obj = ((check_ctx *)ctx)->obj;
    return !other->has_parent && other != obj && acp_physobj_check_collision(other, obj);
}

bool acp_objcell_check_collisions(const acp_landcell *cell, acp_physobj *obj)
{
    acp_world *w = obj->world;
    const acp_shadow_list *list = acp_objcell_shadow_list(w, cell);
    if (!list) return false;
    check_ctx c = {obj};
    return walk_list(&w->shadows, list, check_one, &c);
}
