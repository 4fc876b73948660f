/* acphys — retail CBuildingObj and CSortCell's building members: a building of a landblock's
 * LandBlockInfo, its shell's physics BSP (what a sweep collides with outside) and its portals
 * into its interior EnvCells (how a sweep enters them).
 *
 * CONVENTIONS
 *   Built once when the terrain loads the landblock's LandBlockInfo (terrain.h
 *   acp_terrain_add_landblock_info) and never moved. The building belongs to the one outdoor
 *   cell that holds its origin (CLandBlock::init_buildings); that cell's `building` points at it.
 *   Its position: that cell's id and the record's frame (metres, landblock frame). Its shell is
 *   its part array's first part (all CBuildingObj::find_building_collisions reads): a GfxObj
 *   shell (0x01......) is that part at the building's frame; a Setup shell (0x02......) places
 *   its part 0 by the Setup's Resting placement frame (else its default one) and default scale
 *   (building.h acp_building_shell). The building owns that part's GfxObj physics (the terrain
 *   has no world, so no GfxObj cache).
 */
#ifndef ACP_BUILDING_H
#define ACP_BUILDING_H

#include <stdbool.h>
#include <stdint.h>

#include "dat/records.h"
#include "landcell.h"
#include "physics/shapes/gfxobj.h"

struct acp_terrain;

/** The records of a building's shell (its model id, 0x01...... or 0x02......), as
 *  CPhysicsObj::InitPartArrayObject reads them: a GfxObj shell is `gfxobj` alone (setup NULL); a
 *  Setup shell is `setup` with `gfxobj` the GfxObj of setup->parts[0] (the only part the physics
 *  reads). gfxobj NULL: no shell to collide with. Records must outlive the terrain. */
typedef struct acp_building_shell {
    const acp_gfxobj *gfxobj;
    const acp_setup *setup;
} acp_building_shell;

/** Retail CBuildingObj (the fields the physics reads). */
typedef struct acp_building_obj {
    acp_position pos;                  /* the cell holding its origin, the record's frame */
    bool has_shell;                    /* shell built (a part 0 GfxObj with a physics BSP) */
    acp_gfxobj_physics shell;          /* the part's GfxObj physics (part_array->parts[0]) */
    acp_position shell_pos;            /* part 0's position: pos, or for a Setup shell pos's
                                          frame combined with the placement frame's part 0 */
    acp_vec3 shell_scale;              /* part 0's scale (a Setup's default scale, else 1) */
    uint32_t num_portals;
    const acp_bld_portal *portals;     /* the record's (not owned) */
} acp_building_obj;

/** Build the shell of `b` (whose pos is set) from `shell`: part 0's GfxObj physics, position
 *  and scale. A Setup shell's part array is made as CPartArray::CreateSetup makes it (default
 *  scales, placement frame Resting 0x65 else 0) and placed at the building's frame as
 *  CPhysicsObj::set_initial_frame places its parts (CPartArray::SetFrame → UpdateParts); only
 *  part 0 is kept. False for a malformed GfxObj or out of memory. Load time only.
 *  Retail: CBuildingObj::makeBuilding (0x006B53A0) → CPhysicsObj::InitPartArrayObject →
 *  CPartArray::CreateSetup (0x005195A0) / CreateMesh (0x00519640); CLandBlock::init_buildings →
 *  CPhysicsObj::set_initial_frame. */
bool acp_building_make_shell(acp_building_obj *b, const acp_building_shell *shell);

/** The shell: with a part, bldg_check set around CPhysicsPart::find_obj_collisions of part 0
 *  (only part 0, also of a Setup shell with more parts); anything but OK marks
 *  collided_with_environment unless in contact. OK without a shell.
 *  Retail: CBuildingObj::find_building_collisions (0x006B5300), CSortCell::find_collisions. */
acp_transition_state acp_building_find_collisions(const acp_building_obj *b, acp_transition *t);

/** Each portal whose EnvCell is loaded: CEnvCell::check_building_transit (a sphere meeting the
 *  cell's cell BSP adds the cell and marks hits_interior_cell).
 *  Retail: CBuildingObj::find_building_transit_cells (0x006B5230), CEnvCell::check_building_transit
 *  (0x0052C5D0), CBldPortal::GetOtherCell, CSortCell::find_transit_cells. */
void acp_building_find_transit_cells(const acp_building_obj *b, const struct acp_terrain *terrain, uint32_t num_sphere,
                                     const acp_sphere *spheres, acp_cell_array *ca, acp_sphere_path *path);

/** Each portal whose EnvCell is loaded: CEnvCell::check_building_transit over the parts (envcell.h
 *  acp_env_cell_check_building_transit_parts). Retail: CBuildingObj::find_building_transit_cells
 *  (0x006B52A0), the parts overload; CSortCell::find_transit_cells (0x00534080). */
void acp_building_find_transit_parts(const acp_building_obj *b, const struct acp_terrain *terrain,
                                     const acp_cell_parts *parts, acp_cell_array *ca);

#endif
