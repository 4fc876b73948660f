/* acphys — retail CPhysicsObj's parent and children members. See physobj_children.h. Read
 * against PORTAL/cphysobj/CPhysicsObj.c (add_child, set_parent, unset_parent, UpdateChild,
 * UpdateChildrenInternal, recalc_cross_cells, play_default_script, clear_transient_states). */
#include "physobj_children.h"

#include <stdlib.h>

#include "childlist.h"
#include "partarray.h"
#include "physobj.h"
#include "physobj_cell.h"
#include "physobj_collide.h"
#include "scripts.h"
#include "physics/anim/movement_manager.h"
#include "physics/cell/objcell.h"
#include "physics/world/physics.h"

bool acp_world_reserve_children(acp_world *w, acp_physobj *obj, uint32_t cap)
{
    (void)w;
    if (cap == 0 || cap > 0xFFFFu) return false;
    if (obj->children && obj->children->cap >= cap) return true;
    acp_childlist *cl = acp_childlist_create(cap);
    if (!cl) return false;
    if (obj->children) { /* a larger list, with the children it holds */
        for (uint16_t i = 0; i < obj->children->num_objects; i++)
            (void)acp_childlist_add_child(cl, obj->children->objects[i], &obj->children->frames[i],
                                          obj->children->part_numbers[i], obj->children->location_ids[i]);
        if (obj->children->heap) free(obj->children);
    }
    obj->children = cl;
    return true;
}

const acp_location *acp_setup_get_holding_location(const acp_setup *setup, uint32_t where)
{
    if (!setup) return NULL;
    for (uint32_t i = 0; i < setup->num_holding_locations; i++)
        if (setup->holding_locations[i].key == where) return &setup->holding_locations[i];
    return NULL;
}

bool acp_physobj_child_part_ok(const acp_physobj *obj, uint32_t part_index)
{
    return part_index == ACP_CHILD_NO_PART || (obj->part_array && part_index < obj->part_array->num_parts);
}

/* CHILDLIST::add_child into the parent's reserved list; a missing or full one is counted. */
static bool list_add(acp_physobj *parent, acp_physobj *obj, const acp_frame *frame, uint32_t part_no, uint32_t where)
{
    if (parent->children && acp_childlist_add_child(parent->children, obj, frame, part_no, where)) return true;
    if (parent->world) parent->world->children_dropped++;
    return false;
}

bool acp_physobj_add_child(acp_physobj *parent, acp_physobj *obj, uint32_t part_index, const acp_frame *frame)
{
    if (obj == parent) return false;
    if (!acp_physobj_child_part_ok(parent, part_index)) return false;
    return list_add(parent, obj, frame, part_index, 0);
}

/* A holding location's frame as retail's LocationType keeps it (Frame::UnPack: origin and
 * quaternion as stored, the matrix cached). */
static acp_frame location_frame(const acp_location *loc)
{
    acp_frame f = acp_frame_identity();
    f.origin = loc->frame.origin;
    f.qw = loc->frame.qw;
    f.qx = loc->frame.qx;
    f.qy = loc->frame.qy;
    f.qz = loc->frame.qz;
    acp_frame_cache(&f);
    return f;
}

bool acp_physobj_add_child_at_location(acp_physobj *parent, acp_physobj *obj, uint32_t where)
{
    if (obj == parent) return false;
    const acp_partarray *pa = parent->part_array;
    const acp_location *loc = pa ? acp_setup_get_holding_location(pa->setup, where) : NULL;
    if (!loc) return false;
    const acp_frame f = location_frame(loc);
    return list_add(parent, obj, &f, loc->part_id, where);
}

/* Retail CPhysicsObj::clear_transient_states (0x00511BF0). */
static void clear_transient_states(acp_physobj *obj)
{
    obj->transient_state &= ~(uint32_t)ACP_CONTACT_TS;
    acp_physobj_calc_acceleration(obj);
    const bool was_walkable = (obj->transient_state & ACP_ON_WALKABLE_TS) != 0;
    obj->transient_state &= 0xFFFFFFF5u; /* ON_WALKABLE, WATER_CONTACT */
    if (was_walkable && obj->movement_manager) acp_movement_manager_leave_ground(obj->movement_manager);
    acp_physobj_calc_acceleration(obj);
    obj->transient_state &= 0xFFFFFE0Bu; /* SLIDING, the STATIONARY bits, ACTIVE, CHECK_ETHEREAL */
}

void acp_physobj_unset_parent(acp_physobj *child)
{
    acp_physobj *parent = child->parent;
    if (!parent) return;
    if (parent->children) acp_childlist_remove_child(parent->children, child);
    if (parent->state & ACP_HIDDEN_PS) child->state &= ~(uint32_t)ACP_NODRAW_PS; /* and the parts' no-draw */
    child->parent = NULL;
    child->has_parent = false;
    acp_objcell_refresh_shadow_reach(child); /* not retail: its shadows' copies, no longer "held" */
    child->update_time = child->world ? child->world->now : child->update_time;
    clear_transient_states(child);
}

/* The common tail of both set_parent overloads: the old parent lets go, the child leaves the
 * world, the new parent holds it and, in a cell, places it there. */
static void take_child(acp_physobj *child, acp_physobj *parent, bool by_location, uint32_t part_index,
                       const acp_frame *frame)
{
    acp_physobj_unset_parent(child);
    acp_physobj_leave_world(child);
    child->parent = parent;
    child->has_parent = true;
    if (!parent->has_cell) return;
    if (parent->cell) acp_physobj_change_cell(child, parent->cell);
    else child->position.objcell_id = parent->position.objcell_id; /* the fixture world: no cells */
    child->has_cell = child->cell != NULL || !parent->world->terrain;
    uint16_t i;
    if (by_location) {
        if (!parent->children || !acp_childlist_find_child_index(parent->children, child, &i)) return;
        part_index = parent->children->part_numbers[i];
        frame = &parent->children->frames[i];
    }
    acp_physobj_update_child(parent, child, part_index, frame);
    acp_physobj_recalc_cross_cells(child);
}

bool acp_physobj_set_parent(acp_physobj *child, acp_physobj *parent, uint32_t part_index, const acp_frame *frame)
{
    if (!parent || !acp_physobj_add_child(parent, child, part_index, frame)) return false;
    const acp_frame held = *frame; /* the caller's frame may be the list's entry, which moves */
    take_child(child, parent, false, part_index, &held);
    return true;
}

bool acp_physobj_set_parent_at_location(acp_physobj *child, acp_physobj *parent, uint32_t where)
{
    if (!parent || !acp_physobj_add_child_at_location(parent, child, where)) return false;
    take_child(child, parent, true, 0, NULL);
    if (parent->state & ACP_HIDDEN_PS) child->state |= ACP_NODRAW_PS; /* and the parts' no-draw */
    return true;
}

void acp_physobj_update_child(acp_physobj *parent, acp_physobj *child, uint32_t part_index, const acp_frame *frame)
{
    acp_partarray *pa = parent->part_array;
    acp_frame placed;
    /* (Retail reads num_parts without a NULL test: a part array-less parent holding at −1 would
     *  crash there; here it is the parent's own frame, as −1 asks.) */
    if (!pa || part_index >= pa->num_parts) acp_frame_combine(&placed, &parent->position.frame, frame);
    else acp_frame_combine(&placed, &acp_partarray_part_frames(pa)[part_index], frame);
    acp_physobj_set_frame(child, &placed);
    acp_physobj_update_particles(child);
    acp_physobj_update_scripts(child);
}

void acp_physobj_update_children_internal(acp_physobj *obj)
{
    if (!obj->part_array) return;
    acp_childlist *cl = obj->children;
    for (uint16_t i = 0; cl && i < cl->num_objects; i++)
        acp_physobj_update_child(obj, cl->objects[i], cl->part_numbers[i], &cl->frames[i]);
}

void acp_physobj_recalc_cross_cells(acp_physobj *obj)
{
    if (!obj->part_array) return;
    /* (An object without a cell id shadows only as an examination particle object: the
     *  examination view is not simulated.) */
    if (!obj->position.objcell_id) return;
    acp_physobj_calc_cross_cells(obj);
    acp_childlist *cl = obj->children;
    for (uint16_t i = 0; cl && i < cl->num_objects; i++) acp_physobj_recalc_cross_cells(cl->objects[i]);
}

bool acp_physobj_play_default_script_part(acp_physobj *obj, uint32_t part_index)
{
    const acp_childlist *cl = obj->children;
    for (uint16_t i = 0; cl && i < cl->num_objects; i++) {
        if (cl->part_numbers[i] != part_index || !cl->objects[i]) continue;
        return acp_physobj_play_default_script(cl->objects[i]);
    }
    return false;
}

const acp_physobj *acp_physobj_top_level(const acp_physobj *obj) { return obj->parent ? obj->parent : obj; }
