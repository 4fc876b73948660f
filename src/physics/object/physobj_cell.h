/* acphys — CPhysicsObj's cell members: the cell it is in (CObjCell's object list: enter_cell,
 * leave_cell, change_cell), the cells it shadows when no sweep lists them (calc_cross_cells,
 * calc_cross_cells_static, find_bbox_cell_list), the shadows a committed sweep leaves
 * (SetPositionInternal's last step) and prepare_to_leave_visibility.
 *
 * CONVENTIONS
 *   obj->cell is retail's `cell`: the loaded land cell whose object list holds obj (the list in
 *   the world's shadow pool, cell/objcell.h). It is NULL without terrain (row 9: has_cell then
 *   says whether the object has a cell) and for an object without a part array (retail's
 *   enter_cell adds only objects with one). Shadows are per object (CPhysicsObj::
 *   shadow_objects, one CShadowObj per cell); the parts only join a cell's drawing lists
 *   (CPartArray::AddPartsShadow 0x00517E40, called by add_shadows_to_cells), which has no
 *   physics. Cell arrays built here live on the stack (retail: a static CELLARRAY each).
 */
#ifndef ACP_PHYSOBJ_CELL_H
#define ACP_PHYSOBJ_CELL_H

#include <stdint.h>
#include <stdbool.h>

struct acp_physobj;
struct acp_landcell;
struct acp_cell_array;
struct acp_frame;

/** Enter `cell` (NULL: nothing): with a part array, obj joins the cell's object list (appended),
 *  takes its id as its position's cell id and the cell as its own. Retail: CPhysicsObj::
 *  enter_cell (0x00510ED0) (no children, part cell ids or lights here). */
void acp_physobj_enter_cell(struct acp_physobj *obj, const struct acp_landcell *cell);

/** Leave obj's cell (none: nothing): out of the cell's object list (the last entry takes its
 *  place), no cell. is_changing_cell goes to the children in retail (none here). Retail:
 *  CPhysicsObj::leave_cell (0x00510F50). */
void acp_physobj_leave_cell(struct acp_physobj *obj, bool is_changing_cell);

/** Leave the cell obj is in (if any), then enter new_cell; NULL: cell id 0 and no cell.
 *  Retail: CPhysicsObj::change_cell (0x00513390). */
void acp_physobj_change_cell(struct acp_physobj *obj, const struct acp_landcell *new_cell);

/** Put a static object into `cell` at `frame` (landblock frame of the cell's landblock): it
 *  enters the cell (enter_cell), takes the frame, its parts follow (unless a particle
 *  emitter), it has a cell, and it shadows the cells calc_cross_cells_static lists (no
 *  children here). Retail: CPhysicsObj::add_obj_to_cell (0x005159E0), called by
 *  CLandBlock::init_static_objs. */
void acp_physobj_add_obj_to_cell(struct acp_physobj *obj, const struct acp_landcell *cell,
                                 const struct acp_frame *frame);

/** The cells of obj's bounding box: its own cell, then, with a part array, each listed cell's
 *  find_transit_cells over the parts (CPartArray::calc_cross_cells_static 0x00518160), the
 *  cells added on the way included (cell/landcell.h acp_landcell_find_transit_parts): an
 *  outdoor cell adds, once per array, the outdoor cells the parts' bounding boxes reach
 *  (CLandCell::add_all_outside_cells 0x00533360), then its building's EnvCells the parts reach
 *  through the building's portals (CSortCell → CBuildingObj::find_building_transit_cells →
 *  CEnvCell::check_building_transit); an EnvCell adds the cells behind its portals the parts
 *  reach (CEnvCell::find_transit_cells 0x0052CAE0). No part is Always2D here (no degrade
 *  records: docs/DEVIATIONS.md B5). Empty when obj has no cell (retail reads cell->m_DID
 *  unchecked). Retail: CPhysicsObj::find_bbox_cell_list (0x00510FC0). */
void acp_physobj_find_bbox_cell_list(const struct acp_physobj *obj, struct acp_cell_array *cells);

/** Not retail (DEVIATIONS T3): an upper bound on the cells obj's shadow cell list can hold as it
 *  stands (its Setup's parts, their bounding boxes and frames, its sorting sphere, cylinders and
 *  scale): per axis floor(2r / 24) + 2 outdoor cells for a reach r (m) from its origin, squared;
 *  a square wider than 3 × 3 adds every EnvCell of the world's terrain (a building's or portal
 *  chain's). A box's farthest corner counts from the part's origin; the sorting sphere and
 *  each cylinder by radius. NaN or a reach past 24 km: 2000² (past any capacity). 0 without a
 *  part array or terrain. Places nothing: a pending part's offset is its animation frame's
 *  origin × the pending scale, a placed one's its frame's origin less the array's frame's. */
uint32_t acp_physobj_shadow_cells_bound(const struct acp_physobj *obj);

/** Shadow the cells obj's shapes overlap where it stands: HAS_PHYSICS_BSP objects their
 *  bounding box's cells; else its CCylSpheres' (each base point as a sphere of the cylinder's
 *  radius, at most 10), or else its Setup's sorting sphere (no part array or Setup: a zero
 *  sphere at the origin), each placed by Position::localtoglobal at obj's position; then its
 *  shadows move there (remove_shadows_from_cells, add_shadows_to_cells). Nothing without
 *  terrain. Retail: CPhysicsObj::calc_cross_cells (0x00515230). */
void acp_physobj_calc_cross_cells(struct acp_physobj *obj);

/** As calc_cross_cells for a static object: do_not_load_cells set; its CCylSpheres' cells
 *  unless it is HAS_PHYSICS_BSP or has none, else its bounding box's cells. Retail:
 *  CPhysicsObj::calc_cross_cells_static (0x00515160). */
void acp_physobj_calc_cross_cells_static(struct acp_physobj *obj);

/** SetPositionInternal's last step after a committed sweep: when obj has a cell, a
 *  HAS_PHYSICS_BSP object recomputes its cells (calc_cross_cells); any other object's shadows
 *  move to the sweep's cell array when it lists any. Retail: CPhysicsObj::SetPositionInternal
 *  (0x00515330), after handle_all_collisions. */
void acp_physobj_shadows_after_sweep(struct acp_physobj *obj, const struct acp_cell_array *cells);

/** The shadows go and obj leaves its cell (the lost-cell list and the destruction queue are no
 *  object maintenance here). Retail: CPhysicsObj::prepare_to_leave_visibility (0x00511F40). */
void acp_physobj_prepare_to_leave_visibility(struct acp_physobj *obj);

#endif
