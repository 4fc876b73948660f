/* acphys — CPhysicsObj's cell members. See physobj_cell.h. Read against PORTAL/cphysobj/
 * CPhysicsObj.c (enter_cell, leave_cell, change_cell, find_bbox_cell_list, calc_cross_cells,
 * calc_cross_cells_static, SetPositionInternal, prepare_to_leave_visibility) and PORTAL/ccell/
 * CObjCell.c (add_object, remove_object, the find_cell_list overloads). */
#include "physobj_cell.h"

#include <stddef.h>

#include "partarray.h"
#include "physobj.h"
#include "physobj_collide.h"
#include "physics/cell/landcell.h"
#include "physics/cell/objcell.h"
#include "physics/cell/terrain.h"
#include "physics/world/physics.h"
#include "physics/world/transition.h"

void acp_physobj_enter_cell(acp_physobj *obj, const acp_landcell *cell)
{
    if (!obj->part_array || !cell) return;
    acp_objcell_add_object(obj->world, cell, obj);
    obj->position.objcell_id = cell->id;
    obj->cell = cell;
    acp_objcell_refresh_shadow_reach(obj);
}

void acp_physobj_leave_cell(acp_physobj *obj, bool is_changing_cell)
{
    (void)is_changing_cell;
    if (!obj->cell) return;
    acp_objcell_remove_object(obj->world, obj->cell, obj);
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
    cells.num_cells = 0;
    cells.dropped = 0;
    cells.added_outside = false;
    cells.do_not_load_cells = false;
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
    cells.num_cells = 0;
    cells.dropped = 0;
    cells.added_outside = false;
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
