/* acphys — retail CObjCell's object members: the shadow list of a cell (the objects whose
 * spheres overlap it) and the two walks over it, a sweep's find_obj_collisions and the
 * ethereal test's check_collisions.
 *
 * CONVENTIONS
 *   A cell's list lives in its world's shadow pool (object/shadowobj.h), not in the cell: a
 *   terrain's cells are shared, read-only geometry. The list keeps retail's order: appended at
 *   the end, a removal moves the last entry into the hole.
 */
#ifndef ACP_OBJCELL_H
#define ACP_OBJCELL_H

#include <stdbool.h>
#include <stdint.h>

#include "landcell.h"
#include "physics/object/shadowobj.h"
#include "physics/world/physics.h"

/** The shadow list of a loaded cell in world w (NULL when the world has no pool for it). */
acp_shadow_list *acp_objcell_shadow_list(acp_world *w, const acp_landcell *cell);

/** The object list of a loaded cell in world w (NULL when the world has no pool for it). */
acp_shadow_list *acp_objcell_object_list(acp_world *w, const acp_landcell *cell);

/** Append obj (its cell_entry) to cell's object list: the objects whose cell it is. A cell the
 *  pool has no list or block for is counted in the pool's overflow (row O1) and obj is not
 *  listed (cell_entry.cell NULL). Retail: CObjCell::add_object (0x0052BF60) (without the
 *  voyeur table: no detection). */
void acp_objcell_add_object(acp_world *w, const acp_landcell *cell, acp_physobj *obj);

/** Remove obj from cell's object list: the last entry takes its place. Nothing when absent.
 *  Retail: CObjCell::remove_object (0x0052C040) (without update_all_voyeur). */
void acp_objcell_remove_object(acp_world *w, const acp_landcell *cell, acp_physobj *obj);

/** Entries of cell's object list, and entry i in retail's order (NULL past the end). */
uint32_t acp_objcell_num_objects(acp_world *w, const acp_landcell *cell);
acp_physobj *acp_objcell_object(acp_world *w, const acp_landcell *cell, uint32_t i);

/** Append shadow s to cell's list and point s at the cell. Retail: CObjCell::add_shadow_object
 *  (0x0052B280). */
void acp_objcell_add_shadow_object(acp_world *w, const acp_landcell *cell, acp_shadow_obj *s);

/** Remove shadow s from cell's list (the last entry takes its place) and clear its cell.
 *  Nothing when absent. Retail: CObjCell::remove_shadow_object (0x0052B2D0). */
void acp_objcell_remove_shadow_object(acp_world *w, const acp_landcell *cell, acp_shadow_obj *s);

/** Test the sweep against every object shadowed in cell, in the list's order, skipping
 *  parented objects and the mover itself, until one answers other than OK (none for an initial
 *  placement). Retail: CObjCell::find_obj_collisions (0x0052B750). */
acp_transition_state acp_objcell_find_obj_collisions(const acp_landcell *cell, acp_transition *t);

/** Not retail: the copy of obj's reach bound that its shadow entries keep (object/shadowobj.h
 *  acp_shadow_reach): its origin (m, landblock frame) and cell id, and its shape reach (m; < 0
 *  parented or without shapes; INFINITY with a physics BSP). */
acp_shadow_reach acp_objcell_shadow_reach_of(const struct acp_physobj *obj);

/** Not retail: store entry s's copy (s in a cell's shadow list; nothing otherwise). */
void acp_objcell_store_shadow_reach(acp_world *w, const acp_shadow_obj *s);

/** Not retail: bring the copies beside every shadow of obj up to date. Called by whatever moves
 *  obj (set_frame, a cell change), scales it or changes its shapes or parts; without shadows,
 *  nothing. */
void acp_objcell_refresh_shadow_reach(struct acp_physobj *obj);

/** Not retail: the same for a move alone (obj's origin and cell id; its reach as it was):
 *  CPhysicsObj::set_frame's share. obj must have a world. */
void acp_objcell_refresh_shadow_origin(struct acp_physobj *obj);

/** Not retail, for tests: how many entries of w's shadow lists hold a copy that differs from
 *  what their objects say now (0 when every copy is in step). */
uint32_t acp_objcell_stale_shadow_reach(const acp_world *w);

/** Whether an object shadowed in cell (not parented, not obj) overlaps obj
 *  (CPhysicsObj::check_collision). Retail: CObjCell::check_collisions (0x0052B7B0). */
bool acp_objcell_check_collisions(const acp_landcell *cell, acp_physobj *obj);

#endif
