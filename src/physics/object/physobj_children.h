/* acphys — retail CPhysicsObj's parent and children members: objects held by objects.
 *
 * CONVENTIONS
 *   A child (a wielded weapon, a shield, a carried torch) is an ordinary object of the world
 *   whose parent is set: update_object skips it (its first bail-out), and every set_frame of its
 *   parent places it at the parent's part frame ∘ its holding frame (UpdateChildrenInternal →
 *   UpdateChild), then advances its particles and scripts. It is in its parent's cell: its cell
 *   object-list entry follows the parent's (enter_cell / leave_cell recurse into the children),
 *   and every re-shadow of the parent removes and re-appends the children's shadows with the
 *   parent's cell array (remove_shadows_from_cells / add_shadows_to_cells recurse).
 *   Part numbers: a part index of the parent's part array, or 0xFFFFFFFF (−1: the parent's own
 *   frame). Holding locations: the keys of the parent's Setup's holding locations.
 *   Frames: metres and unit quaternions; holding frames relative to the part.
 *   Storage: a parent holds children only in a list reserved for it at load time
 *   (acp_world_reserve_children); no call here allocates (docs/DEVIATIONS.md P60).
 */
#ifndef ACP_PHYSOBJ_CHILDREN_H
#define ACP_PHYSOBJ_CHILDREN_H

#include <stdbool.h>
#include <stdint.h>

#include "base/types.h"

struct acp_physobj;
struct acp_world;
struct acp_setup;
struct acp_location;

/** The part number retail uses for "the parent's own frame" (unsigned −1). */
#define ACP_CHILD_NO_PART 0xFFFFFFFFu

/** Make room for cap children of obj (1..65535; a list already there of that size or more is
 *  kept). Load time: a scenario reserves, before its first frame, as many as its parent events
 *  aim at obj. False when out of memory or cap is out of range. Not retail (retail's CHILDLIST is
 *  made by add_child and grows: DEVIATIONS P60). */
bool acp_world_reserve_children(struct acp_world *w, struct acp_physobj *obj, uint32_t cap);

/** The holding location `where` of a Setup (its key), or NULL. Retail: CSetup::GetHoldingLocation
 *  (a hash lookup; here a search of the Setup's list). */
const struct acp_location *acp_setup_get_holding_location(const struct acp_setup *setup, uint32_t where);

/** Whether part_index names a part obj can hold a child at: −1, or below its part array's parts
 *  (retail reads num_parts without a NULL test; an object without a part array refuses every
 *  index but −1, DEVIATIONS P6). */
bool acp_physobj_child_part_ok(const struct acp_physobj *obj, uint32_t part_index);

/** Add obj to parent's children at part_index with the holding frame `frame` (location id 0).
 *  False: obj is the parent, the part is refused (acp_physobj_child_part_ok), or the list is
 *  missing or full (counted in children_dropped). (The part-index overload.)
 *  Retail: CPhysicsObj::add_child (0x0050F8F0). */
bool acp_physobj_add_child(struct acp_physobj *parent, struct acp_physobj *obj, uint32_t part_index,
                           const acp_frame *frame);

/** Add obj at the holding location `where` of parent's Setup (its part and frame). False: obj
 *  is the parent, parent has no part array or Setup, the Setup has no such location, or the
 *  list is missing or full. (The holding-location overload.)
 *  Retail: CPhysicsObj::add_child (0x0050F870). */
bool acp_physobj_add_child_at_location(struct acp_physobj *parent, struct acp_physobj *obj, uint32_t where);

/** Hold child by parent at part_index and frame: add_child, then unset_parent (the old parent
 *  lets go), leave_world (child's collisions end, its shadows and cell entry go), parent set;
 *  with the parent in a cell, change_cell into it, UpdateChild (child placed, its particles and
 *  scripts advanced) and recalc_cross_cells (its shadows). False (nothing changed) when
 *  add_child refuses or parent is NULL. (The part-index overload.)
 *  Retail: CPhysicsObj::set_parent (0x00515B50). */
bool acp_physobj_set_parent(struct acp_physobj *child, struct acp_physobj *parent, uint32_t part_index,
                            const acp_frame *frame);

/** As acp_physobj_set_parent at the holding location `where` of parent's Setup; a child of a
 *  HIDDEN_PS parent gets NODRAW_PS. (The holding-location overload.)
 *  Retail: CPhysicsObj::set_parent (0x00515A90). */
bool acp_physobj_set_parent_at_location(struct acp_physobj *child, struct acp_physobj *parent, uint32_t where);

/** Let go: out of the parent's list, NODRAW_PS cleared when the parent is HIDDEN_PS,
 *  update_time = now, clear_transient_states. The child keeps its cell, frame and shadows (the
 *  server's next position moves it). Nothing without a parent.
 *  Retail: CPhysicsObj::unset_parent (0x00513470). */
void acp_physobj_unset_parent(struct acp_physobj *child);

/** Place child at parent's part (its frame when part_index is past the parts) ∘ frame
 *  (Frame::combine), through child's set_frame (so its own children follow), then
 *  UpdateParticles and UpdateScripts of the child. Retail: CPhysicsObj::UpdateChild (0x00512D50). */
void acp_physobj_update_child(struct acp_physobj *parent, struct acp_physobj *child, uint32_t part_index,
                              const acp_frame *frame);

/** UpdateChild for every child in list order (an object without a part array places none).
 *  Called by every set_frame, add_obj_to_cell, set_initial_frame and animate_static_object.
 *  Retail: CPhysicsObj::UpdateChildrenInternal (0x00513DA0). */
void acp_physobj_update_children_internal(struct acp_physobj *obj);

/** With a part array: calc_cross_cells in a cell, then recalc_cross_cells of every child.
 *  Retail: CPhysicsObj::recalc_cross_cells (0x00515A30). */
void acp_physobj_recalc_cross_cells(struct acp_physobj *obj);

/** The first child held at part_index plays its default script (the table's script for its
 *  default_script and intensity; true without a cell; false without a table); false when no child
 *  is held there (the DefaultScriptPart hook; the part-index overload).
 *  Retail: CPhysicsObj::play_default_script (0x00513300). */
bool acp_physobj_play_default_script_part(struct acp_physobj *obj, uint32_t part_index);

/** The object stick-to, move-to and turn-to aim at for a target: its parent when it has one
 *  (one level, as retail reads `parent`), else itself. Retail: the parent test of
 *  CPhysicsObj::stick_to_object (0x005127E0), MoveToObject (0x00512860), TurnToObject (0x00512940). */
const struct acp_physobj *acp_physobj_top_level(const struct acp_physobj *obj);

#endif
