/* acphys — CPhysicsObj's cell members. See physobj_cell.h. Read against PORTAL/cphysobj/
 * CPhysicsObj.c (enter_cell, leave_cell, change_cell, find_bbox_cell_list, calc_cross_cells,
 * calc_cross_cells_static, SetPositionInternal, prepare_to_leave_visibility; enter_cell and
 * leave_cell recurse into the children) and PORTAL/ccell/
 * CObjCell.c (add_object, remove_object, the find_cell_list overloads). */
#include "physobj_cell.h"

#include <math.h>
#include <stddef.h>

#include "childlist.h"
#include "partarray.h"
#include "physobj_children.h"
#include "physobj.h"
#include "physobj_collide.h"
#include "physics/cell/landcell.h"
#include "physics/cell/objcell.h"
#include "physics/cell/terrain.h"
#include "physics/shapes/gfxobj.h"
#include "physics/world/physics.h"
#include "physics/world/transition.h"

void acp_physobj_enter_cell(acp_physobj *obj, const acp_landcell *cell)
{
    if (!obj->part_array || !cell) return;
    acp_objcell_add_object(obj->world, cell, obj);
    const acp_childlist *cl = obj->children; /* the children enter right after their parent */
    for (uint16_t i = 0; cl && i < cl->num_objects; i++) {
        acp_physobj_enter_cell(cl->objects[i], cell);
        cl->objects[i]->has_cell = cl->objects[i]->cell != NULL;
    }
    obj->position.objcell_id = cell->id;
    obj->cell = cell;
    acp_objcell_refresh_shadow_reach(obj);
}

void acp_physobj_leave_cell(acp_physobj *obj, bool is_changing_cell)
{
    (void)is_changing_cell;
    if (!obj->cell) return;
    acp_objcell_remove_object(obj->world, obj->cell, obj);
    const acp_childlist *cl = obj->children; /* and its children leave after it */
    for (uint16_t i = 0; cl && i < cl->num_objects; i++) {
        acp_physobj_leave_cell(cl->objects[i], is_changing_cell);
        cl->objects[i]->has_cell = false;
    }
    obj->cell = NULL;
}

void acp_physobj_change_cell(acp_physobj *obj, const acp_landcell *new_cell)
{
    if (obj->cell) acp_physobj_leave_cell(obj, true);
    if (new_cell) {
        acp_physobj_enter_cell(obj, new_cell);
        return;
    }
    obj->position.objcell_id = 0;
    obj->cell = NULL;
    acp_objcell_refresh_shadow_reach(obj);
}

void acp_physobj_add_obj_to_cell(acp_physobj *obj, const acp_landcell *cell, const acp_frame *frame)
{
    acp_physobj_enter_cell(obj, cell);
    obj->position.frame = *frame;
    if (obj->num_shadow_objects) acp_objcell_refresh_shadow_origin(obj); /* enter_cell refreshed the rest */
    obj->has_cell = obj->cell != NULL;
    if (!(obj->state & ACP_PARTICLE_EMITTER_PS) && obj->part_array)
        acp_partarray_set_frame(obj->part_array, &obj->position.frame);
    acp_physobj_update_children_internal(obj);
    acp_world_fit_shadow_cells(obj->world, obj); /* DEVIATIONS T3: load time */
    acp_physobj_calc_cross_cells_static(obj);
}

void acp_physobj_find_bbox_cell_list(const acp_physobj *obj, acp_cell_array *cells)
{
    cells->num_cells = 0;
    cells->dropped = 0;
    cells->added_outside = false;
    if (!obj->cell) return;
    acp_cell_array_add(cells, obj->cell->id, obj->cell);
    acp_partarray *pa = obj->part_array;
    const acp_terrain *t = obj->world->terrain;
    if (!pa || !t) return;
    /* Each listed cell (the list grows as it goes): CPartArray::calc_cross_cells_static
     * (0x00518160) → the cell's find_transit_cells over the parts. */
    const acp_cell_parts parts = {pa->num_parts, obj->position.objcell_id, acp_partarray_part_frames(pa),
                                  pa->part_physics};
    for (uint32_t i = 0; i < cells->num_cells; i++) {
        const acp_landcell *c = cells->cells[i].cell;
        if (c) acp_landcell_find_transit_parts(c, t, &parts, cells);
    }
}

static acp_sphere sorting_sphere(const acp_physobj *obj);

/* Outdoor cells a span of 2·r metres can meet along one axis (24 m cells); NaN or past 24 km:
 * 2000, a bound past ACP_MAX_FIT_SHADOW_CELLS, so the object is counted rather than sized for. */
static uint32_t span_cells(double r)
{
    if (!(r >= 0.0) || r > 24.0 * 1000.0) return 2000u;
    return (uint32_t)floor(2.0 * r / 24.0) + 2u;
}

/* Cells a sphere of radius r reaches: its square of land cells, then (a square wider than the
 * 3 × 3 the common capacity assumes) every loaded EnvCell besides. */
static uint32_t square_bound(double r, uint32_t envcells)
{
    const uint32_t n = span_cells(r);
    return n <= 3u ? n * n : n * n + envcells;
}

static double vec_norm(acp_vec3 v) { return sqrt((double)v.x * v.x + (double)v.y * v.y + (double)v.z * v.z); }

uint32_t acp_physobj_shadow_cells_bound(const acp_physobj *obj)
{
    const acp_partarray *pa = obj->part_array;
    const acp_terrain *t = obj->world ? obj->world->terrain : NULL;
    if (!pa || !t) return 0;
    const uint32_t envcells = t->num_envcells;
    double sc = obj->scale > 1.0f ? obj->scale : 1.0;
    const double ps = fmax(fmax(fabs((double)pa->scale.x), fabs((double)pa->scale.y)), fabs((double)pa->scale.z));
    if (ps > sc) sc = ps;
    /* The parts' boxes (find_bbox_cell_list): each box's farthest corner from the object's
     * origin, its part's offset read without placing anything: a pending part's from the
     * animation frame and scale, a placed one's from the frame the array was placed with. */
    double r = 0.0;
    const acp_vec3 o = pa->pending_frame.origin;
    for (uint32_t i = 0; i < pa->num_parts; i++) {
        const acp_gfxobj_physics *g = pa->part_physics ? pa->part_physics[i] : NULL;
        if (!g) continue;
        acp_vec3 d;
        if (i < pa->pending_parts) {
            const acp_vec3 a = pa->pending_anim[i].origin, k = pa->pending_scale;
            d = (acp_vec3){a.x * k.x, a.y * k.y, a.z * k.z};
        } else {
            const acp_vec3 f = pa->part_frames[i].origin;
            d = (acp_vec3){f.x - o.x, f.y - o.y, f.z - o.z};
        }
        const double corner = fmax(vec_norm(g->bound_min), vec_norm(g->bound_max)) * sc;
        if (vec_norm(d) + corner > r) r = vec_norm(d) + corner;
    }
    uint32_t bound = square_bound(r, envcells);
    /* The sorting sphere and each cylinder (at most 10), as find_cell_list's spheres. */
    const acp_sphere s = sorting_sphere(obj);
    const uint32_t sb = square_bound((double)s.radius * sc, envcells);
    if (sb > bound) bound = sb;
    uint32_t cyl = 0;
    for (uint32_t i = 0; i < pa->num_cylspheres && i < 10; i++)
        cyl += square_bound((double)pa->cylspheres[i].radius * sc, envcells);
    return cyl > bound ? cyl : bound;
}

/* CObjCell::find_cell_list (0x0052B990): one sphere, its centre placed by
 * Position::localtoglobal (0x00456180) at p (m[3]·y + m[0]·x + m[6]·z, a grouping of its own). */
static void sphere_cell_list(const acp_world *w, const acp_position *p, const acp_sphere *sphere, acp_cell_array *cells)
{
    acp_sphere global = {acp_position_localtoglobal_from(p, p, sphere->center), sphere->radius};
    acp_objcell_find_cell_list(w->terrain, p, 1, &global, cells, NULL, NULL);
}

/* CObjCell::find_cell_list (0x0052B9F0): at most 10 cylinders, each its base point as a sphere
 * of its radius. */
static void cylsphere_cell_list(const acp_world *w, const acp_position *p, uint32_t num, const acp_cylsphere *cyl,
                                acp_cell_array *cells)
{
    acp_sphere spheres[10];
    if (num > 10) num = 10;
    for (uint32_t i = 0; i < num; i++) {
        spheres[i].center = acp_position_localtoglobal_from(p, p, cyl[i].low_pt); /* Position::localtoglobal */
        spheres[i].radius = cyl[i].radius;
    }
    acp_objcell_find_cell_list(w->terrain, p, num, spheres, cells, NULL, NULL);
}

/* CPartArray::GetSortingSphere (0x00518B00); no part array: retail's dummy_sphere (zero). */
static acp_sphere sorting_sphere(const acp_physobj *obj)
{
    const acp_partarray *pa = obj->part_array;
    if (pa && pa->setup) return pa->setup->sorting_sphere;
    return (acp_sphere){{0.0f, 0.0f, 0.0f}, 0.0f};
}

void acp_physobj_calc_cross_cells(acp_physobj *obj)
{
    acp_world *w = obj->world;
    if (!w->terrain) return;
    acp_cell_array cells;
    acp_cell_array_use(&cells, w->shadow_cells, w->cap_shadow_cells); /* DEVIATIONS T3 */
    const acp_partarray *pa = obj->part_array;
    if (obj->state & ACP_HAS_PHYSICS_BSP_PS) {
        acp_physobj_find_bbox_cell_list(obj, &cells);
    } else if (pa && pa->num_cylspheres) {
        cylsphere_cell_list(w, &obj->position, pa->num_cylspheres, pa->cylspheres, &cells);
    } else {
        acp_sphere s = sorting_sphere(obj);
        sphere_cell_list(w, &obj->position, &s, &cells);
    }
    acp_physobj_remove_shadows_from_cells(obj);
    acp_physobj_add_shadows_to_cells(obj, &cells);
}

void acp_physobj_calc_cross_cells_static(acp_physobj *obj)
{
    acp_world *w = obj->world;
    if (!w->terrain) return;
    acp_cell_array cells;
    acp_cell_array_use(&cells, w->shadow_cells, w->cap_shadow_cells); /* DEVIATIONS T3 */
    cells.do_not_load_cells = true;
    const acp_partarray *pa = obj->part_array;
    if (!(obj->state & ACP_HAS_PHYSICS_BSP_PS) && pa && pa->num_cylspheres)
        cylsphere_cell_list(w, &obj->position, pa->num_cylspheres, pa->cylspheres, &cells);
    else
        acp_physobj_find_bbox_cell_list(obj, &cells);
    acp_physobj_remove_shadows_from_cells(obj);
    acp_physobj_add_shadows_to_cells(obj, &cells);
}

void acp_physobj_shadows_after_sweep(acp_physobj *obj, const acp_cell_array *cells)
{
    if (obj->cell && (obj->state & ACP_HAS_PHYSICS_BSP_PS)) {
        acp_physobj_calc_cross_cells(obj); /* re-adds its shadows, with terrain */
    } else if (obj->cell && cells->num_cells) {
        acp_physobj_replace_shadows(obj, cells);
        return;
    }
    if (obj->num_shadow_objects) acp_objcell_refresh_shadow_origin(obj); /* set_frame's share */
}

void acp_physobj_prepare_to_leave_visibility(acp_physobj *obj)
{
    acp_physobj_remove_shadows_from_cells(obj);
    acp_physobj_leave_cell(obj, false);
}
