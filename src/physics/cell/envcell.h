/* acphys — retail CEnvCell (with the CCellStruct and CCellPortal members it calls): an indoor
 * cell of a landblock, its CellStruct's physics BSP (what a sweep collides with indoors) and
 * cell BSP (which points and spheres are in the cell), and its portals to the cells beside it.
 *
 * CONVENTIONS
 *   Built once from an EnvCell record and its Environment (acp_env_cell_build) when the terrain
 *   loads it (terrain.h acp_terrain_add_envcell), and never moved afterwards. `base` is the
 *   CObjCell part every sweep handles (cell id, position); base.env points back at the EnvCell,
 *   which is how landcell.c tells an indoor cell from an outdoor one.
 *   Coordinates: the cell's position is a frame in its landblock (metres); the CellStruct's
 *   trees are in the cell's axes; spheres handed in are in the landblock frame of the sweep.
 *   Arithmetic follows retail (frame.h).
 */
#ifndef ACP_ENVCELL_H
#define ACP_ENVCELL_H

#include <stdbool.h>
#include <stdint.h>

#include "dat/records.h"
#include "landcell.h"
#include "physics/shapes/bsp.h"

struct acp_terrain;

/** Retail CEnvCell (the fields the physics reads). */
typedef struct acp_env_cell {
    acp_landcell base;                 /* id, pos (the cell's frame in its landblock), env = self */
    uint32_t num_portals;
    const acp_cell_portal *portals;    /* the record's portals (not owned) */
    const acp_envcell *record;         /* the record (not owned): flags, visible cells */
    const acp_cpolygon **portal_polys; /* num_portals: each portal's polygon (of cell_tree) */
    acp_bsp_tree physics;              /* CCellStruct::physics_bsp (empty root: none) */
    acp_bsp_tree cell_tree;            /* CCellStruct::cell_bsp over the CellStruct's polygons */
    bool has_physics;                  /* the CellStruct has a physics BSP */
    uint32_t slot;                     /* its index in the terrain (the shadow list it owns) */
} acp_env_cell;

/** Result of acp_env_cell_build. */
typedef enum acp_env_cell_status {
    ACP_ENV_CELL_OK = 0,
    ACP_ENV_CELL_NO_CELL_STRUCT = 1,   /* the Environment has no CellStruct with the EnvCell's index */
    ACP_ENV_CELL_BAD_POLYGON = 2,      /* a polygon names a vertex the CellStruct lacks */
    ACP_ENV_CELL_BAD_PORTAL = 3,       /* a portal names a polygon the CellStruct lacks */
    ACP_ENV_CELL_NO_MEMORY = 4
} acp_env_cell_status;

/** Build c from EnvCell record rec on Environment env (both kept referenced: they must outlive
 *  c): its position, portals and the CellStruct's physics and cell trees. *bad (may be NULL) gets
 *  the polygon or portal index a BAD_* status names. Allocates (load time).
 *  Retail: CEnvCell::UnPack (0x0052D470) with CEnvironment::get_cellstruct (0x00530BF0). */
acp_env_cell_status acp_env_cell_build(acp_env_cell *c, const acp_envcell *rec, const acp_environment *env,
                                       uint32_t *bad);

/** Release what acp_env_cell_build allocated (NULL ignored). */
void acp_env_cell_free(acp_env_cell *c);

/** Whether point (landblock frame) lies in the cell: false without portals, else the point in
 *  the cell's axes inside the cell BSP. Retail: CEnvCell::point_in_cell (0x0052C300),
 *  CCellStruct::point_in_cell (0x005338F0). */
bool acp_env_cell_point_in_cell(const acp_env_cell *c, acp_vec3 point);

/** Whether sphere (the cell's axes) meets the cell BSP (1 crossing, 2 inside).
 *  Retail: CCellStruct::sphere_intersects_cell (0x00533900). */
bool acp_env_cell_sphere_intersects_cell(const acp_env_cell *c, const acp_sphere *sphere);

/** The entry test without weenies: a sweep with an object enters, one without collides.
 *  Retail: CObjCell::check_entry_restrictions (0x0052B6D0). */
static inline acp_transition_state acp_objcell_check_entry_restrictions(const acp_transition *t)
{
    return t->object_info.object ? ACP_TS_OK : ACP_TS_COLLIDED; /* static inline: every cell's collisions ask it */
}

/** The CellStruct's physics BSP: the entry test, obstruction_ethereal cleared, the sweep's
 *  spheres in the cell's axes (scale 1), placement_insert for an initial placement, else
 *  find_collisions; anything but OK marks collided_with_environment unless in contact.
 *  Retail: CEnvCell::find_env_collisions (0x0052C130). */
acp_transition_state acp_env_cell_find_env_collisions(const acp_env_cell *c, acp_transition *t);

/** find_env_collisions, then (when OK) the objects shadowed in the cell.
 *  Retail: CEnvCell::find_collisions (0x0052C100). */
acp_transition_state acp_env_cell_find_collisions(const acp_env_cell *c, acp_transition *t);

/** Add the cells beside c that the spheres (landblock frame) reach through its portals: an
 *  outside portal whose plane a sphere straddles (within radius + EPSILON) makes the outdoor
 *  cells join (CLandCell::add_all_outside_cells, once, after the portals); a loaded other cell
 *  joins when a sphere meets its cell BSP; an unloaded one (id only) when a sphere is on the
 *  portal's inner side within radius + EPSILON.
 *  Retail: CEnvCell::find_transit_cells (0x0052C820), CCellPortal::GetOtherCell. */
void acp_env_cell_find_transit_cells(const acp_env_cell *c, const struct acp_terrain *terrain, const acp_position *p,
                                     uint32_t num_sphere, const acp_sphere *spheres, acp_cell_array *ca);

/** Whether a box (the cell's axes) may reach the cell: its cell BSP's box test.
 *  Retail: CCellStruct::box_intersects_cell (0x00533910). */
bool acp_env_cell_box_intersects_cell(const acp_env_cell *c, const acp_bbox *box);

/** The cells beside c that an object's parts reach through its portals. For each portal, the
 *  first part (in order) that has a sphere (its GfxObj's physics sphere, else its drawing
 *  sphere) reaching the portal's plane on the cell's side (centre moved into the cell's axes by
 *  Position::localtolocal; within radius + EPSILON, the float store retail makes) and whose box
 *  (BBox::LocalToLocal into the cell) is not wholly on the portal's side (Plane::intersect_box)
 *  decides it: an outside portal makes the outdoor cells join once, after the portals
 *  (CLandCell::add_all_outside_cells over the parts); an unloaded other cell joins by id; a
 *  loaded one joins when the part's box (moved into its axes) reaches its cell BSP, else the next
 *  part is tried. Retail: CEnvCell::find_transit_cells (0x0052CAE0), the parts overload. */
void acp_env_cell_find_transit_parts(const acp_env_cell *c, const struct acp_terrain *terrain,
                                     const acp_cell_parts *parts, acp_cell_array *ca);

/** From outside through building portal → c's portal portal_id (negative: nothing): the first
 *  part whose sphere reaches the portal's plane from outside (within radius + EPSILON) and whose
 *  box straddles the plane or lies on the portal's side, and whose box reaches c's cell BSP,
 *  makes c join the array, followed by c's own find_transit_cells over the parts. Retail:
 *  CEnvCell::check_building_transit (0x0052C680), the parts overload. */
void acp_env_cell_check_building_transit_parts(const acp_env_cell *c, const struct acp_terrain *terrain,
                                               int portal_id, const acp_cell_parts *parts, acp_cell_array *ca);

#endif
