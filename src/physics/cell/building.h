/* acphys — retail CBuildingObj and CSortCell's building members: a building of a landblock's
 * LandBlockInfo, its shell's physics BSP (what a sweep collides with outside) and its portals
 * into its interior EnvCells (how a sweep enters them).
 *
 * CONVENTIONS
 *   Built once when the terrain loads the landblock's LandBlockInfo (terrain.h
 *   acp_terrain_add_landblock_info) and never moved. The building belongs to the one outdoor
 *   cell that holds its origin (CLandBlock::init_buildings); that cell's `building` points at it.
 *   Its position: that cell's id and the record's frame (metres, landblock frame). Only shells
 *   that are a GfxObj (0x01......) carry a physics BSP here; a Setup shell collides with nothing
 *   (docs/DEVIATIONS.md C4).
 */
#ifndef ACP_BUILDING_H
#define ACP_BUILDING_H

#include <stdbool.h>
#include <stdint.h>

#include "dat/records.h"
#include "landcell.h"
#include "physics/shapes/gfxobj.h"

struct acp_terrain;

/** Retail CBuildingObj (the fields the physics reads). */
typedef struct acp_building_obj {
    acp_position pos;                  /* the cell holding its origin, the record's frame */
    bool has_shell;                    /* shell built (a GfxObj with a physics BSP) */
    acp_gfxobj_physics shell;          /* the part's GfxObj physics (part_array->parts[0]) */
    uint32_t num_portals;
    const acp_bld_portal *portals;     /* the record's (not owned) */
} acp_building_obj;

/** The shell: with a part, bldg_check set around CPhysicsPart::find_obj_collisions of part 0;
 *  anything but OK marks collided_with_environment unless in contact. OK without a shell.
 *  Retail: CBuildingObj::find_building_collisions (0x006B5310), CSortCell::find_collisions. */
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
