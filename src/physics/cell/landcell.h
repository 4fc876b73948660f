/* acphys — retail CLandCell: one 24 m outdoor cell of a landblock, its two terrain triangles,
 * and the outdoor cell bookkeeping of a sweep (which cells a set of spheres overlaps).
 *
 * CONVENTIONS
 *   Cell ids 0xXXYYCCCC with CCCC = cx·8 + cy + 1 (position.h). Points handed to a cell are in
 *   the landblock frame of that cell (metres from the landblock's south-west corner).
 *   A cell belongs to a landblock of the terrain (terrain.h) and never moves once built.
 *   Arithmetic follows retail (frame.h).
 */
#ifndef ACP_LANDCELL_H
#define ACP_LANDCELL_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "base/shortcuts.h"

#include "physics/shapes/polygon.h"
#include "physics/geometry/position.h"
#include "physics/world/transition.h"

struct acp_landblock_struct;
struct acp_terrain;
struct acp_env_cell;
struct acp_building_obj;
struct acp_gfxobj_physics;

/** Retail LandDefs::WaterType. */
typedef enum acp_water_type {
    ACP_NOT_WATER = 0,
    ACP_PARTIALLY_WATER = 1,
    ACP_ENTIRELY_WATER = 2
} acp_water_type;

/** Retail CLandCell (the fields the physics reads). */
typedef struct acp_landcell {
    uint32_t id;                               /* outdoor cell id; 0 when off the world grid */
    uint32_t water_type;                       /* acp_water_type, from its four corners */
    const acp_polygon *polygons[2];            /* the cell's triangles, in retail's order */
    const struct acp_landblock_struct *block;  /* myLandBlock_ */
    acp_position pos;                          /* the cell centre (12 m into the cell), z 0; an
                                                  EnvCell's frame in its landblock */
    const struct acp_env_cell *env;            /* an indoor cell's EnvCell (envcell.h), else NULL */
    const struct acp_building_obj *building;   /* CSortCell::building (building.h), or NULL */
    uint32_t shadow_slot;                      /* not retail: its lists' slot in a world's shadow
                                                  pool (landblock slot × 64 + cell index; set by
                                                  acp_terrain_add_landblock) */
} acp_landcell;

/** The triangle of the cell under `origin` (x, y; landblock frame): the first of its two
 *  polygons that holds the point (edges included). Retail: CLandCell::find_terrain_poly
 *  (0x00532CF0). */
bool acp_landcell_find_terrain_poly(const acp_landcell *cell, acp_vec3 origin, const acp_polygon **walkable);

/** True when point (x, y; landblock frame) lies in the cell's triangles; an EnvCell answers
 *  CEnvCell::point_in_cell (the virtual call retail makes). Retail: CLandCell::point_in_cell
 *  (0x00532D40). */
bool acp_landcell_point_in_cell(const acp_landcell *cell, acp_vec3 point);

/** acp_landcell_point_in_cell of a land or EnvCell, answered from memo (may be NULL) when memo
 *  holds cell (a land cell) and the point's x and y bits. Not retail: docs/SHORTCUTS.md S25
 *  (CLandCell::point_in_cell 0x00532D40, from CObjCell::find_cell_list 0x0052B4E0). A land
 *  cell's point_in_cell is find_terrain_poly's answer, which reads only x and y
 *  (point_in_poly2D); the memo holds that answer (the polygon, or NULL for none) for its cell and
 *  x, y bits (S4): it is reset with the transition, and a cell's triangles do not change while
 *  it is loaded. Inline: the test costs a call where the memo does not hold the cell. */
static inline bool acp_landcell_point_in_cell_memo(const acp_landcell *cell, acp_vec3 point,
                                                   const acp_terrain_poly_memo *memo)
{
#if ACP_SHORTCUTS
    uint32_t xb, yb;
    memcpy(&xb, &point.x, sizeof xb);
    memcpy(&yb, &point.y, sizeof yb);
    if (memo && memo->cell == cell && !cell->env && memo->x_bits == xb && memo->y_bits == yb) return memo->poly != NULL;
#else
    (void)memo;
#endif
    return acp_landcell_point_in_cell(cell, point);
}

/** Collide the sweep's spheres with this cell: its terrain (find_env_collisions), its building
 *  (CSortCell::find_collisions), then the objects shadowed in it (CObjCell::find_obj_collisions); an EnvCell
 *  answers CEnvCell::find_collisions (retail's virtual call). Retail: CLandCell::find_collisions
 *  (0x00532D60). */
acp_transition_state acp_landcell_find_collisions(const acp_landcell *cell, acp_transition *t);

/** The terrain test: the triangle under the spheres' low point; a wholly water landblock
 *  stops everything but missiles; validate_walkable against the triangle's plane with the
 *  water depth. Retail: CLandCell::find_env_collisions (0x00532F20). */
acp_transition_state acp_landcell_find_env_collisions(const acp_landcell *cell, acp_transition *t);

/** Water depth (metres) at point (landblock frame): 0 in a dry cell, 0.9 in an all-water one,
 *  else CLandBlockStruct::calc_water_depth. peer_rules: the world's comparison modes (0 for
 *  retail); ace-water-depth and gdle-water-depth take those peers' corners
 *  (acp_landblock_struct_calc_water_depth_ace, _gdle). Retail: CObjCell::get_water_depth (0x0052B8A0). */
double acp_landcell_get_water_depth(const acp_landcell *cell, acp_vec3 point, uint32_t peer_rules);

/** The water type of the cell's landblock. Retail: CObjCell::get_block_water_type (0x0052AD90). */
uint32_t acp_landcell_get_block_water_type(const acp_landcell *cell);

/** Add the outdoor cell at world lcoords (x, y) (loaded or not) unless off the world.
 *  Retail: CLandCell::add_outside_cell (0x00532EC0). */
void acp_landcell_add_outside_cell(const struct acp_terrain *terrain, acp_cell_array *ca, int x, int y);

/** Add the neighbours of cell (x, y) that a sphere at in-cell point pt reaches: pt beyond
 *  incell_max (24 − r) or below incell_min (r) on each axis. Retail:
 *  CLandCell::check_add_cell_boundary (0x00533260). */
void acp_landcell_check_add_cell_boundary(const struct acp_terrain *terrain, acp_cell_array *ca, float pt_x,
                                          float pt_y, int x, int y, float incell_max, float incell_min);

/** Add every outdoor cell the spheres (p's landblock frame) overlap, or p's own cell without
 *  spheres; once per cell array. Retail: CLandCell::add_all_outside_cells (0x00533630). */
void acp_landcell_add_all_outside_cells(const struct acp_terrain *terrain, const acp_position *p,
                                        uint32_t num_sphere, const acp_sphere *spheres, acp_cell_array *ca);

/** Whether add_all_outside_cells(p, num_sphere, spheres) on an empty array would add exactly
 *  the cell p names (cell_id) and nothing else: cell_id is an outdoor cell on the world, and
 *  every sphere's centre x and y (p's landblock frame) lies in that cell at least its radius
 *  (≥ EPSILON) inside each edge, as the boundary tests see it (x − 24·col ≥ r and ≤ (float)(24 − r),
 *  in double, the same for y). Not retail: docs/SHORTCUTS.md S23 (CLandCell::add_all_outside_cells
 *  0x00533630, from CObjCell::find_cell_list 0x0052B4E0). */
bool acp_landcell_spheres_inside_cell(uint32_t cell_id, uint32_t num_sphere, const acp_sphere *spheres);

/** Add every loaded-or-not outdoor cell of world lcoords [min_x, max_x] × [min_y, max_y] that is
 *  on the world (x and y ascending, y inner), each once. Retail:
 *  CLandCell::add_cell_block (0x005331D0). */
void acp_landcell_add_cell_block(const struct acp_terrain *terrain, acp_cell_array *ca, int min_x, int min_y,
                                 int max_x, int max_y);

/** An object's parts as the cells' find_transit_cells over the parts read them (retail's
 *  CPhysicsPart **parts): each part's Position is (cell_id, frames[i]) — the owner's cell and
 *  the part's frame — and gfx[i] its GfxObj (NULL: no part). */
typedef struct acp_cell_parts {
    uint32_t num_parts;
    uint32_t cell_id;
    const acp_frame *frames;
    const struct acp_gfxobj_physics *const *gfx;
} acp_cell_parts;

/** The outdoor cells an object's parts reach, once per cell array: the cell holding the first
 *  part's origin (adjust_to_outside of the parts' cell id), then the block of cells
 *  from it that covers each part's bounding box (gfx_bound_box placed by BBox::LocalToGlobal at
 *  the part's frame, expressed in that cell's landblock), never less than that cell. A part with
 *  no GfxObj (gfx[i] NULL) is skipped. Parts whose degrade info says Always2D take their
 *  physics sphere's radius about their origin in retail; no degrade info is read here, so every
 *  part takes its box (docs/DEVIATIONS.md B5). Retail: CLandCell::add_all_outside_cells
 *  (0x00533360), the parts overload. */
void acp_landcell_add_all_outside_parts(const struct acp_terrain *terrain, const acp_cell_parts *parts,
                                        acp_cell_array *ca);

/** A land cell's find_transit_cells over the parts: add_all_outside_parts, then the cell's
 *  building's (CSortCell::find_transit_cells over the parts 0x00534080 → building.h
 *  acp_building_find_transit_parts); an EnvCell answers CEnvCell's (envcell.h
 *  acp_env_cell_find_transit_parts), as retail's virtual call. Retail:
 *  CLandCell::find_transit_cells (0x00533840), the parts overload. */
void acp_landcell_find_transit_parts(const acp_landcell *cell, const struct acp_terrain *terrain,
                                     const acp_cell_parts *parts, acp_cell_array *ca);

#endif
