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
                                           acp_sphere_path *path, const acp_terrain_poly_memo *memo)
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
        if (!acp_landcell_point_in_cell_memo(c, local, memo)) continue; /* S25 */
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
    acp_objcell_find_cell_list_swept(terrain, p, num_sphere, spheres, ca, curr_cell, path, NULL);
}

void acp_objcell_find_cell_list_swept(const acp_terrain *terrain, const acp_position *p, uint32_t num_sphere,
                                      const acp_sphere *spheres, acp_cell_array *ca, const acp_landcell **curr_cell,
                                      acp_sphere_path *path, const acp_terrain_poly_memo *memo)
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
    } else if (ACP_SHORTCUTS && acp_landcell_spheres_inside_cell(id, num_sphere, spheres)) {
        /* docs/SHORTCUTS.md S23: every sphere lies inside the check cell, clear of its edges:
         * add_all_outside_cells would add that cell alone. */
        ca->added_outside = true;
        ca->cells[0].cell_id = id; /* acp_cell_array_add on the empty array (capacity >= 1) */
        ca->cells[0].cell = cell;
        ca->num_cells = 1;
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
    if (curr_cell) *curr_cell = containing_cell(ca, p, &spheres[0], path, memo);
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

/* docs/SHORTCUTS.md S26: the same spheres' vertical capsule, unscaled (acp_partarray's
 * reach_axis, reach_zlo, reach_zhi; reach_axis < 0 without spheres). */
static void unscaled_axis(acp_partarray *pa)
{
    double axis = -1.0, zlo = INFINITY, zhi = -INFINITY;
    for (uint32_t i = 0; i < pa->num_spheres; i++) {
        const acp_sphere *s = &pa->spheres[i];
        double h = sqrt((double)s->center.x * s->center.x + (double)s->center.y * s->center.y);
        if (h + s->radius > axis) axis = h + s->radius;
        if (s->center.z < zlo) zlo = s->center.z;
        if (s->center.z > zhi) zhi = s->center.z;
    }
    pa->reach_axis = axis;
    pa->reach_zlo = zlo;
    pa->reach_zhi = zhi;
}

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
        unscaled_axis(pa);
        pa->reach_spheres = pa->spheres;
        pa->reach_num_spheres = pa->num_spheres;
        pa->reach_cylspheres = pa->cylspheres;
        pa->reach_num_cylspheres = pa->num_cylspheres;
        pa->reach_valid = true;
    }
    return pa->reach < 0.0 ? -1.0 : pa->reach * fabs((double)other->scale);
}

#if ACP_SHORTCUTS
/* x rounded to a float no larger (down) or no smaller (up) than x. */
static float float_down(double x)
{
    float f = (float)x;
    return (double)f > x ? nextafterf(f, -INFINITY) : f;
}

static float float_up(double x)
{
    float f = (float)x;
    return (double)f < x ? nextafterf(f, INFINITY) : f;
}

/* docs/SHORTCUTS.md S26: an upright object with spheres only (no cylinders) gets its capsule:
 * the test places each sphere's centre at the origin + the frame's matrix × the scaled centre
 * (CSphere::intersects_sphere from CPhysicsObj::FindObjCollisions, physics/shapes/sphere.c
 * acp_sphere_intersects_sphere_at), and an upright matrix (its z row and column (0, 0, 1))
 * keeps the centre's height (z × scale) and turns its horizontal offset about z. */
static void axis_bound(const acp_physobj *obj, acp_shadow_reach *r)
{
    const acp_partarray *pa = obj->part_array;
    if (!r->upright || r->cylinders != 0.0f || !(r->reach < INFINITY) || !pa || !pa->num_spheres ||
        !(pa->reach_axis >= 0.0))
        return;
    const double scale = (double)obj->scale;
    const double axis = pa->reach_axis * fabs(scale), z0 = pa->reach_zlo * scale, z1 = pa->reach_zhi * scale;
    if (!(axis <= r->reach) || !(fabs(z0) <= ACP_REACH_BOUND_MAX) || !(fabs(z1) <= ACP_REACH_BOUND_MAX)) return;
    r->reach = axis;
    r->zlo = float_down(z0 < z1 ? z0 : z1);
    r->zhi = float_up(z0 < z1 ? z1 : z0);
}

#endif

acp_shadow_reach acp_objcell_shadow_reach_of(const acp_physobj *obj)
{
    const acp_vec3 o = obj->position.frame.origin;
    acp_shadow_reach r = {-1.0, o.x, o.y, o.z, obj->position.objcell_id, -INFINITY, 0.0f, 0.0f, 0.0f, 0};
    r.upright = acp_objcell_copy_form(&obj->position.frame); /* S26: which form the copy has */
    if (obj->has_parent) return r; /* find_obj_collisions passes parented objects */
    if (obj->state & ACP_HAS_PHYSICS_BSP_PS) {
        r.reach = INFINITY; /* always tested */
    } else {
        r.reach = shape_reach(obj);
        /* NaN (a NaN scale or shape), or too large for the bounds' slack: always tested */
        if (!(r.reach <= ACP_REACH_BOUND_MAX)) r.reach = INFINITY;
        if (obj->part_array && obj->part_array->num_cylspheres) r.cylinders = 1.0f;
#if ACP_SHORTCUTS
        if (r.reach >= 0.0) axis_bound(obj, &r);
#endif
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

void acp_objcell_refresh_shadow_form(acp_physobj *obj)
{
#if ACP_SHORTCUTS
    if (!obj->num_shadow_objects || !obj->shadow_objects || !obj->world) return;
    const acp_shadow_obj *s = &obj->shadow_objects[0];
    const acp_shadow_block *b = entry_block(&obj->world->shadows, s);
    if (b && ((b->upright >> (s->index % ACP_SHADOW_BLOCK)) & 1u) != acp_objcell_copy_form(&obj->position.frame))
        acp_objcell_refresh_shadow_reach(obj);
#else
    (void)obj;
#endif
}

void acp_objcell_refresh_shadow_origin(acp_physobj *obj)
{
    acp_shadow_pool *pool = &obj->world->shadows;
    const acp_vec3 o = obj->position.frame.origin;
    const uint32_t id = obj->position.objcell_id;
    const uint32_t up = acp_objcell_copy_form(&obj->position.frame);
    for (uint32_t i = 0; i < obj->num_shadow_objects && i < obj->cap_shadow_objects; i++) {
        const acp_shadow_obj *s = &obj->shadow_objects[i];
        acp_shadow_block *b = entry_block(pool, s);
        if (!b) continue;
        if (!acp_shadow_block_move_reach_as(b, s->index % ACP_SHADOW_BLOCK, o, id, up)) {
            acp_objcell_refresh_shadow_reach(obj); /* S26: it turned upright or away from it: whole copies */
            return;
        }
    }
}

/* Equal, or both NaN (the same answers either way). */
static bool same_d(double a, double b) { return a == b || (a != a && b != b); }

static bool same_reach(const acp_shadow_reach *a, const acp_shadow_reach *b)
{
    return (same_d(a->reach, b->reach) || (a->reach < 0.0 && b->reach < 0.0)) && same_d(a->x, b->x) && same_d(a->y, b->y) && same_d(a->z, b->z) &&
           a->cell_id == b->cell_id && same_d(a->lim, b->lim) && a->cylinders == b->cylinders &&
           same_d(a->zlo, b->zlo) && same_d(a->zhi, b->zhi) && a->upright == b->upright;
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
/* Sanitizer builds: entry k sits in the grid where its copy puts it now, and the block's blim
 * bounds its lim (S18). */
static void check_grid(const acp_shadow_block *blk, uint32_t k)
{
    acp_shadow_block b = *blk;
    acp_shadow_grid_place(&b, k);
    if (b.gcol[k] == blk->gcol[k] && b.grow[k] == blk->grow[k] && b.blim == blk->blim && b.always == blk->always)
        return;
    fprintf(stderr, "acphys: shadow grid out of step (entry %u)\n", (unsigned)k);
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
 * lies up to R + h + 2r from the low point) + 1 cm of its axis: its origin, or for an upright
 * object with spheres only (S26) the vertical segment from origin + zlo to origin + zhi (each of
 * its spheres lies within reach of it), the origin moved into check_pos's landblock frame
 * (LandDefs::get_block_offset). The radii are the box's (b); an
 * open box (a NaN, infinite or huge sphere) has no bound. A NaN distance is within. */
static bool within_reach(const acp_shadow_reach *r, const acp_sphere_path *sp, const sweep_box *b)
{
    if (b->open) return true;
    acp_vec3 bo = {0.0f, 0.0f, 0.0f}; /* LandDefs::get_block_offset's answer within one landblock */
    if ((sp->check_pos.objcell_id >> 16) != (r->cell_id >> 16))
        bo = acp_landdefs_get_block_offset(sp->check_pos.objcell_id, r->cell_id);
    double ox = (double)r->x + bo.x, oy = (double)r->y + bo.y, oz = (double)r->z + bo.z;
    const double z0 = oz + r->zlo, z1 = oz + r->zhi; /* S26: the axis (a point unless upright) */
    for (uint32_t i = 0; i < b->num_sphere; i++) {
        const acp_sphere *g = &sp->global_sphere[i];
        double reach = r->reach + (double)b->radius[i] * (1.0 + r->cylinders) + 0.01;
        double dx = g->center.x - ox, dy = g->center.y - oy;
        /* below z0, above z1 or beside the axis; a NaN height (or axis) gives NaN: within */
        double dz = g->center.z >= z0 ? (g->center.z <= z1 ? 0.0 : g->center.z - z1) : g->center.z - z0;
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
    _Static_assert(sizeof a->w == 40, "sweep_key: five 64-bit words");
    uint64_t x[5], y[5];
    memcpy(x, a->w, sizeof x);
    memcpy(y, b->w, sizeof y);
    return ((x[0] ^ y[0]) | (x[1] ^ y[1]) | (x[2] ^ y[2]) | (x[3] ^ y[3]) | (x[4] ^ y[4])) == 0;
}

/* Whether the box rules entry k of blk out: its origin lies farther outside the box than its
 * lim (with cylinders, + the box's largest sweep radius) in the box's landblock. The float
 * operations of the pre-test S6 made four entries at a time (issue 20 item 9); an open box's
 * infinite bounds rule nothing out, and a NaN rules nothing out. */
static inline bool lane_out(const sweep_box *b, const acp_shadow_block *blk, uint32_t k)
{
    float lim = blk->lim[k];
    if ((blk->cylinders >> k) & 1u) lim = lim + b->max_radius;
    const float x = blk->x[k], y = blk->y[k];
    return ((x + lim < b->min_x) | (x - lim > b->max_x) | (y + lim < b->min_y) | (y - lim > b->max_y)) &
           ((blk->cell_id[k] >> 16) == b->landblock);
}

/* Sixteen bytes at a time (GNU C vectors: SSE2 natively, SIMD128 in the WebAssembly build). */
typedef uint8_t v16u __attribute__((vector_size(16), aligned(1)));
typedef int8_t v16i __attribute__((vector_size(16), aligned(1)));

/* docs/SHORTCUTS.md S18: the grid squares an entry placed in the grid must lie in to pass
 * lane_out and within_reach, for a block whose entries' lims are at most blim: columns c0 ..
 * c0 + nx - 1 and rows r0 .. r0 + ny - 1, mod ACP_SHADOW_GRID (nx, ny >= ACP_SHADOW_GRID: all). */
typedef struct {
    float blim;                  /* m: the blim it was made for (-1: none yet) */
    uint32_t c0, nx, r0, ny;
    v16u vc0, vnx, vr0, vny;     /* c0, nx, r0, ny in every byte (grid_mask's operands, made once) */
} grid_query;

/* The squares from lo to hi (m, world coordinates): the first (mod ACP_SHADOW_GRID) and their
 * count, every square (count ACP_SHADOW_GRID) when the range is not finite, is empty or is as
 * wide as the period. acp_shadow_grid_index is monotone, so a value between lo and hi lies in a
 * square between theirs. */
static inline void grid_range(double lo, double hi, uint32_t *first, uint32_t *count)
{
    *first = 0;
    *count = ACP_SHADOW_GRID;
    if (!(lo >= -1.0e6 && hi <= 1.0e6 && lo <= hi)) return;
    const int32_t a = acp_shadow_grid_index(lo), z = acp_shadow_grid_index(hi);
    if (z - a >= (int32_t)ACP_SHADOW_GRID - 1) return;
    *first = (uint32_t)a & (ACP_SHADOW_GRID - 1u);
    *count = (uint32_t)(z - a + 1);
}

/* The query for box b and a block lim. An entry placed in the grid that within_reach lets
 * through lies, in x, within (its reach + the sphere's radius + 1 cm) of a sweep sphere's centre,
 * which lies within the box (min_x <= centre - radius, to float rounding): so within lim + 1 cm
 * - 6 cm of the box (lim >= reach + 6 cm), in world coordinates 192 m × the landblock + the
 * local coordinate, exactly as get_block_offset moves it. The range takes blim + 25 cm around
 * the box; the float and double rounding is below a millimetre in the world's range. */
static inline grid_query grid_query_of(const sweep_box *b, float blim)
{
    grid_query q = {blim, 0, ACP_SHADOW_GRID, 0, ACP_SHADOW_GRID, {0}, {0}, {0}, {0}};
    if (b->open) return q;
    const double ox = 192.0 * (double)(b->landblock >> 8), oy = 192.0 * (double)(b->landblock & 0xFFu);
    const double m = (double)blim + 0.25;
    grid_range(ox + (double)b->min_x - m, ox + (double)b->max_x + m, &q.c0, &q.nx);
    grid_range(oy + (double)b->min_y - m, oy + (double)b->max_y + m, &q.r0, &q.ny);
    q.vc0 = (v16u){0} + (uint8_t)q.c0;
    q.vnx = (v16u){0} + (uint8_t)q.nx;
    q.vr0 = (v16u){0} + (uint8_t)q.r0;
    q.vny = (v16u){0} + (uint8_t)q.ny;
    return q;
}

/* Bit k: byte k of m is set (all ones). */
static inline uint32_t byte_bits(v16i m)
{
#if defined(__SSE2__)
    return (uint32_t)__builtin_ia32_pmovmskb128((__attribute__((vector_size(16))) char)m);
#elif defined(__wasm_simd128__)
    return (uint32_t)__builtin_wasm_bitmask_i8x16(m);
#else
    uint32_t r = 0;
    for (int k = 0; k < 16; k++) r |= (uint32_t)(m[k] & 1) << k;
    return r;
#endif
}

_Static_assert(ACP_SHADOW_BLOCK == 16 && ACP_SHADOW_GRID == 32, "grid_mask: 16 entries, squares mod 32 in a byte");

/* The entries of blk in the query's squares ((g - first) mod 32 < count, in x and in y), and
 * those in no square (always). "None" and unused lanes may come out either way: the walk skips
 * the first (lim -INFINITY) and masks off the second. */
static inline uint32_t grid_mask(const acp_shadow_block *blk, const grid_query *q)
{
    const v16u m31 = (v16u){31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31, 31};
    uint32_t in = 0xFFFFu;
    if (q->nx < ACP_SHADOW_GRID) in = byte_bits((v16i)((((*(const v16u *)blk->gcol) - q->vc0) & m31) < q->vnx));
    if (q->ny < ACP_SHADOW_GRID) in &= byte_bits((v16i)((((*(const v16u *)blk->grow) - q->vr0) & m31) < q->vny));
    return in | blk->always;
}

/* Entries from..n-1 of a block (bit k: entry k). */
static inline uint32_t lanes(uint32_t from, uint32_t n)
{
    const uint32_t upto = n >= 32 ? 0xFFFFFFFFu : (1u << n) - 1u;
    return upto & ~((1u << from) - 1u);
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

/* docs/SHORTCUTS.md S19: whether obj's FindObjCollisions would answer OK at once, before
 * anything it changes, for this sweep: an object ETHEREAL and IGNORE_COLLISIONS, or one the
 * sweep meets as ethereal (ETHEREAL, or not STATIC under an ethereal mover) while the sweep
 * steps down (CPhysicsObj::FindObjCollisions 0x0050F050's first two tests,
 * physics/object/physobj_collide.c). The walk asks it only of an ethereal mover stepping down
 * (the dense ethereal rooms of the indoor workload: there it passes almost every entry without
 * the reach test), so other sweeps read no object they would not have read. */
static inline bool passes_ethereal(const acp_physobj *obj, const acp_transition *t)
{
    const uint32_t st = obj->state;
    if ((st & ACP_ETHEREAL_PS) && (st & ACP_IGNORE_COLLISIONS_PS)) return true;
    const bool ethereal = (st & ACP_ETHEREAL_PS) || (t->object_info.ethereal && !(st & ACP_STATIC_PS));
    return ethereal && t->sphere_path.step_down;
}

/* The entries in order: each one the mover is not, whose object can reach the sweep (its copy
 * says), gets FindObjCollisions; the first answer that is not OK ends the walk. The retail walk
 * (acp_objcell_find_obj_collisions' docstring) visits every entry; this one visits, in the
 * list's order, only the entries of each block that lie in the grid squares around the sweep
 * (S18) or in none (always), and of those calls only the ones lane_out, S19's ethereal test and
 * within_reach cannot rule out (S6). */
static __attribute__((noinline)) acp_transition_state find_in_list(acp_world *w, const acp_shadow_list *list,
                                                                  acp_transition *t)
{
    const acp_shadow_pool *pool = &w->shadows;
    const uintptr_t own = (uintptr_t)t->object_info.object->shadow_objects;
    const uintptr_t own_size = (uintptr_t)t->object_info.object->cap_shadow_objects * sizeof(acp_shadow_obj);
    sweep_box box = box_of(&t->sphere_path);
    sweep_key key = key_of(&t->sphere_path);
    grid_query q = {-1.0f, 0, ACP_SHADOW_GRID, 0, ACP_SHADOW_GRID, {0}, {0}, {0}, {0}};
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
            if (blk->gridded) check_grid(blk, k);
        }
#endif
        uint32_t maybe = lanes(0, n);
        if (blk->gridded) {
            if (blk->blim != q.blim) q = grid_query_of(&box, blk->blim);
            maybe &= grid_mask(blk, &q);
        }
        while (maybe) {
            const uint32_t k = (uint32_t)__builtin_ctz(maybe);
            maybe &= maybe - 1u;
            if (lane_out(&box, blk, k)) continue;
            const acp_shadow_reach r = acp_shadow_block_reach(blk, k);
            if (r.reach < 0.0) continue;
            const acp_shadow_obj *s = blk->items[k];
            if ((uintptr_t)s - own < own_size) continue; /* the mover's own */
            if (t->object_info.ethereal && t->sphere_path.step_down && passes_ethereal(blk->far[k].obj, t)) continue;
            if (r.reach != INFINITY && !within_reach(&r, &t->sphere_path, &box)) continue;
            acp_transition_state ts = (acp_transition_state)acp_physobj_find_obj_collisions(blk->far[k].obj, t);
            if (ts != ACP_TS_OK) return ts;
            const sweep_key now = key_of(&t->sphere_path);
            if (same_key(&now, &key)) continue;
            key = now; /* the sweep moved: its box, its squares, and the rest of the block again */
            box = box_of(&t->sphere_path);
            maybe = lanes(k + 1, n);
            q.blim = -1.0f;
            if (blk->gridded) {
                q = grid_query_of(&box, blk->blim);
                maybe &= grid_mask(blk, &q);
            }
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
