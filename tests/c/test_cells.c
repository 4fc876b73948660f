/* acphys — indoor cells (issue 15): the dungeon stand-in's EnvCells (docs/DAT.md: a corridor
 * along +x about y = 116, floor z = -40; 0x3A11012A x 62..72, 0x3A11012B 72..82, 0x3A11012C
 * 82..90 over the pit 0x3A11012E, 0x3A11012D 90..100 to the end wall) loaded into a terrain, and
 * retail's CEnvCell::point_in_cell, find_transit_cells and CObjCell::find_cell_list over them. */
#include <stddef.h>

#include "dat_test_util.h"
#include "physics/cell/envcell.h"
#include "physics/cell/terrain.h"
#include "physics/geometry/position.h"
#include "test.h"

static acp_terrain *dungeon(acp_datset *set, bool with_012c)
{
    acp_terrain *t = acp_terrain_create(1);
    for (uint32_t id = 0x3A11012Au; id <= 0x3A11012Eu; id++) {
        if (id == 0x3A11012Cu && !with_012c) continue;
        const acp_envcell *rec = acp_datset_envcell(set, id);
        ENSURE(rec != NULL);
        if (!rec) continue;
        const acp_environment *env = acp_datset_environment(set, rec->environment_id);
        ENSURE(env != NULL);
        ENSURE_EQ(acp_terrain_add_envcell(t, rec, env, NULL), ACP_TERRAIN_OK);
    }
    return t;
}

static const acp_env_cell *cell(const acp_terrain *t, uint32_t id)
{
    const acp_env_cell *c = acp_terrain_get_envcell(t, id);
    ENSURE(c != NULL);
    return c;
}

/* CEnvCell::point_in_cell: the cell BSP of the cell's CellStruct, in the cell's axes. */
static void point_in_cell(void)
{
    acp_datset *set = dt_load_default_excerpts();
    acp_terrain *t = dungeon(set, true);
    const acp_vec3 arrow = {77.75602f, 115.2018f, -38.20677f}; /* the recorded arrow */
    ENSURE(acp_env_cell_point_in_cell(cell(t, 0x3A11012Bu), arrow));
    ENSURE(!acp_env_cell_point_in_cell(cell(t, 0x3A11012Au), arrow));
    ENSURE(!acp_env_cell_point_in_cell(cell(t, 0x3A11012Cu), arrow));
    const acp_vec3 pit_corridor = {85.0f, 116.0f, -39.0f};
    ENSURE(acp_env_cell_point_in_cell(cell(t, 0x3A11012Cu), pit_corridor));
    ENSURE(!acp_env_cell_point_in_cell(cell(t, 0x3A11012Bu), pit_corridor));
    const acp_vec3 in_pit = {86.0f, 116.0f, -41.5f}; /* below the corridor floor, in the pit */
    ENSURE(acp_env_cell_point_in_cell(cell(t, 0x3A11012Eu), in_pit));
    ENSURE(!acp_env_cell_point_in_cell(cell(t, 0x3A11012Cu), in_pit));
    const acp_vec3 beyond_wall = {100.5f, 116.0f, -39.0f}; /* past the end wall: no cell */
    for (uint32_t id = 0x3A11012Au; id <= 0x3A11012Eu; id++)
        ENSURE(!acp_env_cell_point_in_cell(cell(t, id), beyond_wall));
    /* The terrain's cell lookup answers indoor ids with the EnvCell's base. */
    ENSURE(acp_terrain_get_landcell(t, 0x3A11012Bu) == &cell(t, 0x3A11012Bu)->base);
    ENSURE(acp_terrain_get_landcell(t, 0x3A110130u) == NULL);
    acp_terrain_destroy(t);
    acp_datset_destroy(set);
}

static bool has_cell(const acp_cell_array *ca, uint32_t id)
{
    for (uint32_t i = 0; i < ca->num_cells; i++)
        if (ca->cells[i].cell_id == id) return true;
    return false;
}

static void find_list(const acp_terrain *t, uint32_t id, acp_vec3 c, float r, acp_cell_array *ca,
                      const acp_landcell **curr, acp_sphere_path *sp)
{
    acp_position p = {.objcell_id = id};
    p.frame = acp_frame_identity();
    p.frame.origin = c;
    acp_sphere s = {c, r};
    *curr = NULL;
    acp_objcell_find_cell_list(t, &p, 1, &s, ca, curr, sp);
}

/* CObjCell::find_cell_list from an EnvCell: the cell, then the cells its portals reach
 * (CEnvCell::find_transit_cells: a loaded other cell when the sphere meets its cell BSP), the
 * containing cell the first indoor one holding the centre; hits_interior_cell set. */
static void portal_crossing_changes_cell(void)
{
    acp_datset *set = dt_load_default_excerpts();
    acp_terrain *t = dungeon(set, true);
    static acp_cell_array ca;
    static acp_sphere_path sp;
    const acp_landcell *curr;
    /* Mid-corridor: only the arrow's cell. */
    find_list(t, 0x3A11012Bu, (acp_vec3){77.0f, 116.0f, -38.0f}, 0.3f, &ca, &curr, &sp);
    ENSURE_EQ(ca.num_cells, 1);
    ENSURE(curr != NULL && curr->id == 0x3A11012Bu);
    ENSURE(sp.hits_interior_cell);
    /* 0.2 m before the east portal (x = 82) with a 0.3 m sphere: the next cell joins, the
     * centre stays in 0x3A11012B. */
    find_list(t, 0x3A11012Bu, (acp_vec3){81.8f, 116.0f, -38.0f}, 0.3f, &ca, &curr, &sp);
    ENSURE_EQ(ca.num_cells, 2);
    ENSURE(has_cell(&ca, 0x3A11012Cu));
    ENSURE(curr != NULL && curr->id == 0x3A11012Bu);
    /* Across the portal: the containing cell is the next EnvCell (the cell id changes). */
    find_list(t, 0x3A11012Bu, (acp_vec3){82.2f, 116.0f, -38.0f}, 0.3f, &ca, &curr, &sp);
    ENSURE(has_cell(&ca, 0x3A11012Cu));
    ENSURE(curr != NULL && curr->id == 0x3A11012Cu);
    /* 0.1 m short of the portal with a 0.3 m sphere... but 0.5 m away it does not reach. */
    find_list(t, 0x3A11012Bu, (acp_vec3){81.5f, 116.0f, -38.0f}, 0.3f, &ca, &curr, &sp);
    ENSURE_EQ(ca.num_cells, 1);
    acp_terrain_destroy(t);
    acp_datset_destroy(set);
}

/* A portal to a cell that is not loaded: its id joins (with no cell) when the sphere is within
 * radius + EPSILON of the portal's plane on its side (CEnvCell::find_transit_cells' third case). */
static void unloaded_other_cell(void)
{
    acp_datset *set = dt_load_default_excerpts();
    acp_terrain *t = dungeon(set, false);
    static acp_cell_array ca;
    static acp_sphere_path sp;
    const acp_landcell *curr;
    find_list(t, 0x3A11012Bu, (acp_vec3){81.8f, 116.0f, -38.0f}, 0.3f, &ca, &curr, &sp);
    ENSURE(has_cell(&ca, 0x3A11012Cu));
    for (uint32_t i = 0; i < ca.num_cells; i++)
        if (ca.cells[i].cell_id == 0x3A11012Cu) ENSURE(ca.cells[i].cell == NULL);
    ENSURE(curr != NULL && curr->id == 0x3A11012Bu);
    find_list(t, 0x3A11012Bu, (acp_vec3){81.0f, 116.0f, -38.0f}, 0.3f, &ca, &curr, &sp);
    ENSURE(!has_cell(&ca, 0x3A11012Cu));
    acp_terrain_destroy(t);
    acp_datset_destroy(set);
}

/* LandDefs with indoor ids: valid and in bounds, no lcoord, no offset within the landblock. */
static void indoor_ids_in_landdefs(void)
{
    ENSURE(acp_landdefs_inbound_valid_cellid(0x3A11012Bu));
    ENSURE(acp_landdefs_inbound_valid_cellid(0xA9B40100u));
    ENSURE(!acp_landdefs_inbound_valid_cellid(0xA9B400FFu)); /* 0x41..0xFF: no cell */
    int x, y;
    ENSURE(!acp_landdefs_gid_to_lcoord(0x3A11012Bu, &x, &y));
    acp_vec3 off = acp_landdefs_get_block_offset(0x3A11012Bu, 0x3A11012Cu);
    ENSURE(off.x == 0.0f && off.y == 0.0f && off.z == 0.0f);
    /* An EnvCell on landblock 0xA9B4 to the outdoor cell of the next landblock east: 192 m. */
    off = acp_landdefs_get_block_offset(0xA9B40100u, 0xAAB40001u);
    ENSURE_FBITS(off.x, 192.0f);
    ENSURE_FBITS(off.y, 0.0f);
    /* adjust_to_outside of an EnvCell's id with a landblock-frame point gives the outdoor cell
     * under it (the cottage at (120, 24): cell x 5, y 1 → 0xA9B4002A). */
    uint32_t id = 0xA9B40100u;
    acp_vec3 p = {120.5f, 24.5f, 94.0f};
    ENSURE(acp_landdefs_adjust_to_outside(&id, &p));
    ENSURE_EQ(id, 0xA9B4002Au);
    ENSURE_FBITS(p.x, 120.5f);
}

/* A CellStruct index past the Environment's, a portal past the CellStruct's polygons: the cell
 * is refused (docs/DEVIATIONS.md C2), the terrain keeps no cell for it. */
static void bad_envcell_refused(void)
{
    acp_datset *set = dt_load_default_excerpts();
    const acp_envcell *rec = acp_datset_envcell(set, 0x3A11012Bu);
    const acp_environment *env = acp_datset_environment(set, rec->environment_id);
    acp_envcell bad = *rec;
    bad.cell_struct = (uint16_t)env->num_cell_structs;
    acp_env_cell c;
    ENSURE_EQ(acp_env_cell_build(&c, &bad, env, NULL), ACP_ENV_CELL_NO_CELL_STRUCT);
    acp_terrain *t = acp_terrain_create(1);
    int why = -1;
    ENSURE_EQ(acp_terrain_add_envcell(t, &bad, env, &why), ACP_TERRAIN_BAD_RECORD);
    ENSURE_EQ(why, ACP_ENV_CELL_NO_CELL_STRUCT);
    ENSURE(acp_terrain_get_landcell(t, 0x3A11012Bu) == NULL);
    acp_cell_portal portals[8];
    bad = *rec;
    ENSURE(bad.num_portals >= 1 && bad.num_portals <= 8);
    for (uint32_t i = 0; i < bad.num_portals && i < 8; i++) portals[i] = rec->portals[i];
    portals[0].polygon = 0xFFFFu;
    bad.portals = portals;
    uint32_t which = 99;
    ENSURE_EQ(acp_env_cell_build(&c, &bad, env, &which), ACP_ENV_CELL_BAD_PORTAL);
    ENSURE_EQ(which, 0);
    acp_terrain_destroy(t);
    acp_datset_destroy(set);
}

void suite_cells(void)
{
    RUN(bad_envcell_refused);
    RUN(point_in_cell);
    RUN(portal_crossing_changes_cell);
    RUN(unloaded_other_cell);
    RUN(indoor_ids_in_landdefs);
}
