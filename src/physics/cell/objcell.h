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

/** Whether an object shadowed in cell (not parented, not obj) overlaps obj
 *  (CPhysicsObj::check_collision). Retail: CObjCell::check_collisions (0x0052B7B0). */
bool acp_objcell_check_collisions(const acp_landcell *cell, acp_physobj *obj);

#endif
