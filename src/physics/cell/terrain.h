/* acphys — the loaded outdoor world (retail LScape): a set of landblocks keyed by id, built
 * from LandBlock records and the Region's height table. A world's `terrain` points at one.
 *
 * CONVENTIONS
 *   Landblocks are built when added and never move (their cells are referenced by sweeps).
 *   Storage for `capacity` landblocks is allocated by acp_terrain_create; nothing allocates
 *   afterwards. A cell whose landblock is not loaded does not exist (retail's missing cell:
 *   lookups return NULL). Cell ids and frames: position.h. Heights: metres.
 *   Errors are returned as acp_terrain_status values; nothing aborts.
 */
#ifndef ACP_TERRAIN_H
#define ACP_TERRAIN_H

#include <stdbool.h>
#include <stdint.h>

#include "dat/records.h"
#include "landblock_struct.h"
#include "landcell.h"

struct acp_world;

/** Result of acp_terrain_add_landblock. */
typedef enum acp_terrain_status {
    ACP_TERRAIN_OK = 0,
    ACP_TERRAIN_BAD_ARGUMENT = 1,    /* NULL record or region, or an id that names no landblock */
    ACP_TERRAIN_FULL = 2,            /* capacity reached */
    ACP_TERRAIN_BAD_RECORD = 3       /* an EnvCell its Environment cannot build (envcell.h status) */
} acp_terrain_status;

/** EnvCells a terrain holds per landblock slot (retail keeps every visible cell; a stand-in or
 *  a user's dungeon block needs far fewer). */
#define ACP_TERRAIN_ENVCELLS_PER_BLOCK 256u

struct acp_env_cell;
struct acp_building_obj;

/** Buildings a terrain holds per landblock slot. */
#define ACP_TERRAIN_BUILDINGS_PER_BLOCK 64u

/** Retail LScape (the landblocks the physics can reach). */
typedef struct acp_terrain {
    uint32_t num_blocks, cap_blocks;
    acp_landblock_struct *blocks;    /* cap_blocks slots; the first num_blocks are loaded */
    uint32_t *block_slot;            /* not retail: by landblock XXYY, 1 + its slot in blocks (0: not
                                      * loaded), so a cell's landblock is found without a search */
    uint32_t num_envcells, cap_envcells; /* cap_envcells = cap_blocks × ACP_TERRAIN_ENVCELLS_PER_BLOCK */
    struct acp_env_cell **envcells;  /* the loaded EnvCells (each allocated once, never moved) */
    uint32_t num_buildings, cap_buildings; /* cap_blocks × ACP_TERRAIN_BUILDINGS_PER_BLOCK */
    struct acp_building_obj **buildings; /* the loaded buildings (each allocated once) */
    const acp_region *region;        /* CRegionDesc::current_region: the last landblock's (its
                                      * scene tables place the scenery; not owned) */
} acp_terrain;

/** An empty terrain with room for `capacity` landblocks (at least 1); NULL when out of memory. */
acp_terrain *acp_terrain_create(uint32_t capacity);

/** Release the terrain. Detach it from every world first. NULL is ignored. */
void acp_terrain_destroy(acp_terrain *terrain);

/** Load (or reload, same id) the landblock `record` (id 0xXXYYFFFF, XX and YY below 0xFF),
 *  with vertex heights region->land_height_table[height index] (metres).
 *  Retail: CLandBlock::UnPack + CLandBlockStruct::Generate (vertices, polygons, water). */
acp_terrain_status acp_terrain_add_landblock(acp_terrain *terrain, const acp_landblock *record,
                                             const acp_region *region);

/** The loaded landblock holding cell_id (any cell of it), NULL when not loaded.
 *  Retail: LScape::get_landblock. */
const acp_landblock_struct *acp_terrain_get_landblock(const acp_terrain *terrain, uint32_t cell_id);

/** Load (or reload, same id) EnvCell `record` on Environment `env` (both must outlive the
 *  terrain). BAD_ARGUMENT for NULLs or a non-indoor id, FULL past cap_envcells, BAD_RECORD when
 *  the cell cannot be built (*why, may be NULL, gets the acp_env_cell_status). Load time only:
 *  a reload replaces the cell in place. Retail: CEnvCell::UnPack into the cell cache. */
acp_terrain_status acp_terrain_add_envcell(acp_terrain *terrain, const acp_envcell *record,
                                           const acp_environment *env, int *why);

/** Place the buildings of LandBlockInfo `info` (id 0xXXYYFFFE) on its loaded landblock: each in
 *  the outdoor cell holding its frame's origin (a building whose origin is off the landblock is
 *  left out, as retail deletes it), its shell shells[i] (a GfxObj record or NULL: no shell to
 *  collide with, its portals kept: docs/DEVIATIONS.md C4; records must outlive the terrain; a
 *  Setup shell: acp_terrain_add_landblock_info_shells) and its portals. The landblock keeps the
 *  record's static objects (info->objects, which must outlive the terrain): a world that
 *  attaches the terrain makes them physics objects (acp_terrain_attach). BAD_ARGUMENT when the
 *  landblock is not loaded, FULL past cap_buildings, BAD_RECORD for a malformed shell. Load the
 *  landblock first; reloading it drops its buildings. Retail: CLandBlock::init_buildings,
 *  CBuildingObj::makeBuilding (0x006B53A0), add_to_cell. */
acp_terrain_status acp_terrain_add_landblock_info(acp_terrain *terrain, const acp_landblock_info *info,
                                                  const acp_gfxobj *const *shells);

struct acp_building_shell;

/** acp_terrain_add_landblock_info with each building's shell records shells[i] (building.h
 *  acp_building_shell: a GfxObj shell, or a Setup shell with its part 0 GfxObj; NULL shells: no
 *  shell for any). A Setup shell's part 0 collides at its placement frame, with its default
 *  scale. Retail: CLandBlock::init_buildings, CBuildingObj::makeBuilding (0x006B53A0) →
 *  CPhysicsObj::InitPartArrayObject → CPartArray::CreateSetup (0x005195A0). */
acp_terrain_status acp_terrain_add_landblock_info_shells(acp_terrain *terrain, const acp_landblock_info *info,
                                                         const struct acp_building_shell *shells);

/** The loaded EnvCell cell_id, NULL when not loaded. Retail: CEnvCell::GetVisible (0x0052DC10). */
const struct acp_env_cell *acp_terrain_get_envcell(const acp_terrain *terrain, uint32_t cell_id);

/** The loaded cell cell_id: outdoor (1..64 low word) when its landblock is loaded, or an EnvCell's
 *  base (0x100..0xFFFD) when loaded; NULL otherwise. Retail: LScape::get_landcell (0x00505F10),
 *  CLandCell::Get, CEnvCell::GetVisible for indoor ids. */
const acp_landcell *acp_terrain_get_landcell(const acp_terrain *terrain, uint32_t cell_id);

/** The terrain height (metres) at (x, y) of cell_id's landblock frame: the plane of the
 *  triangle that holds the point, in the outdoor cell that holds it. False when the cell is
 *  not loaded or (x, y) lies outside the landblock. Not a retail function: for tests and pages
 *  (the same triangle find_env_collisions picks, Plane::set_height). */
bool acp_terrain_height(const acp_terrain *terrain, uint32_t cell_id, float x, float y, float *z);

/** The terrain normal (unit, world axes) of the triangle at (x, y) of cell_id's landblock;
 *  false as acp_terrain_height. */
bool acp_terrain_normal(const acp_terrain *terrain, uint32_t cell_id, float x, float y, acp_vec3 *n);

/** Give world `world` this terrain (NULL: the fixture world without terrain). Objects placed
 *  afterwards get a cell only where a landblock is loaded. The world's shadow pool is sized
 *  here (its objects, static animating ones and the landblocks' statics); the landblock statics
 *  of a previous terrain are destroyed, and with records (world->dats, set before) each loaded
 *  landblock's LandBlockInfo static objects become the world's block_statics, in its cells
 *  and shadowing them, landblock after landblock in load order. Load time only: allocates.
 *  Retail: LScape's init_buildings pass then CLandBlock::init_static_objs (0x00530A40) for each
 *  landblock. */
void acp_terrain_attach(struct acp_world *world, acp_terrain *terrain);

#endif
