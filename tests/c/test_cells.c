/* acphys — indoor cells (issue 15): the dungeon stand-in's EnvCells (docs/DAT.md: a corridor
 * along +x about y = 116, floor z = -40; 0x3A11012A x 62..72, 0x3A11012B 72..82, 0x3A11012C
 * 82..90 over the pit 0x3A11012E, 0x3A11012D 90..100 to the end wall) loaded into a terrain, and
 * retail's CEnvCell::point_in_cell, find_transit_cells and CObjCell::find_cell_list over them. */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cjson_bridge.h"
#include "physics/object/physobj.h"
#include "scenario/jsonv.h"
#include "scenario/run.h"

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
    acp_cell_array_init(ca);
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

/* ---- whole runs (the scenario runner over the default excerpts) ---- */

/* The cottage's frame (docs/DAT.md): origin (120, 24, 94), turned by q = (0.468932, 0, 0,
 * -0.883235) about z; to_global / to_local between building and landblock coordinates. */
static const double COT_X = 120.0, COT_Y = 24.0;
static double cot_angle(void) { return 2.0 * atan2(-0.883235, 0.468932); }
static void to_global(double lx, double ly, double *gx, double *gy)
{
    double c = cos(cot_angle()), s = sin(cot_angle());
    *gx = COT_X + lx * c - ly * s;
    *gy = COT_Y + lx * s + ly * c;
}
static void to_local(double gx, double gy, double *lx, double *ly)
{
    double c = cos(cot_angle()), s = sin(cot_angle()), dx = gx - COT_X, dy = gy - COT_Y;
    *lx = dx * c + dy * s;
    *ly = -dx * s + dy * c;
}

static acp_run *run_text(const char *json)
{
    char err[256];
    acp_jsonv_doc *doc = acp_cjson_parse(json, strlen(json), err, sizeof err);
    ENSURE(doc != NULL);
    if (!doc) return NULL;
    acp_run *run = acp_run_create(acp_jsonv_root(doc), ACP_RUN_PROFILE_SCENARIO);
    acp_jsonv_doc_destroy(doc);
    if (run && !acp_run_error(run)) acp_run_start(run);
    ENSURE(run && !acp_run_error(run));
    return run;
}

static acp_run *run_path(const char *rel)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", ACP_SOURCE_DIR, rel);
    FILE *f = fopen(path, "rb");
    ENSURE(f != NULL);
    if (!f) return NULL;
    static char buf[1 << 16];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    return run_text(buf);
}

/* A player (+Moosier's Setup, MotionTable, state) at building frame (lx, ly), 0.3 m over the
 * floor (enter_world's placement of a sphere resting exactly on the BSP floor collides), facing
 * the cottage's axis turned by turn_deg (counter-clockwise), running forward, in cell `cell`. */
static acp_run *run_player(double lx, double ly, double turn_deg, const char *cell, int frames)
{
    double gx, gy, half = (cot_angle() + turn_deg * 3.14159265358979323846 / 180.0) / 2.0;
    to_global(lx, ly, &gx, &gy);
    static char json[2048];
    snprintf(json, sizeof json,
             "{\"version\":1,\"name\":\"t\",\"profile\":\"retail\",\"excerpts\":[\"default\"],\"player\":1,"
             "\"objects\":[{\"id\":1,\"name\":\"p\",\"setup\":\"0x02000001\",\"motion_table\":\"0x09000001\","
             "\"physics_state\":\"0x00400408\",\"position\":{\"cell\":\"%s\",\"origin\":[%.4f,%.4f,94.3],"
             "\"orientation\":[%.6f,0,0,%.6f]}}],"
             "\"events\":[{\"t\":0,\"object\":1,\"motion\":{\"style\":\"0x8000003D\",\"forward_command\":\"0x44000007\","
             "\"forward_speed\":2.0039682}}],\"frames\":{\"hz\":60,\"count\":%d,\"start\":0}}",
             cell, gx, gy, cos(half), sin(half), frames);
    return run_text(json);
}

/* Through the doorway: outdoors until the centre is past the doorway's plane, then the EnvCell
 * 0xA9B40100 for good (the cell id changes on crossing) and up the two 0.3 m steps (within the humanoid's step-up
 * height): the feet rise by exactly 0.3 and 0.6 m over the floor. */
static void into_the_cottage(void)
{
    acp_run *run = run_path("data/scenarios/into-the-cottage.json");
    if (!run) return;
    acp_physobj *o = acp_run_object(run, 0);
    float floor_z = o->position.frame.origin.z; /* standing on the plateau, outdoors */
    bool outdoor_before = true, indoor_after = true, entered = false;
    float top = floor_z;
    while (acp_run_step_next(run)) {
        uint32_t cell = o->position.objcell_id;
        double lx, ly;
        to_local(o->position.frame.origin.x, o->position.frame.origin.y, &lx, &ly);
        if (cell == 0xA9B40100u && !entered) {
            entered = true;
            outdoor_before = ly > -2.7 && (lx > -0.8 && lx < 0.8); /* past the doorway plane, in it */
        } else if (entered && cell != 0xA9B40100u) {
            indoor_after = false;
        }
        if (o->position.frame.origin.z > top) top = o->position.frame.origin.z;
    }
    ENSURE(entered);
    ENSURE(outdoor_before);
    ENSURE(indoor_after);
    ENSURE_EQ(o->position.objcell_id, 0xA9B40100u);
    ENSURE_NEAR(top - floor_z, 0.6, 1e-4);
    ENSURE(o->transient_state & ACP_ON_WALKABLE_TS);
    acp_run_destroy(run);
}

/* SetPosition into the cottage's EnvCell with the humanoid's foot sphere 0.005 m into the BSP
 * floor (origin z 94.0, floor 94.0, sphere 0 at 0.475 with r 0.48): retail's
 * BSPNODE::sphere_intersects_solid_poly (0x0053CD50) drops the hit its first child finds while
 * the sphere straddles a plane, so BSPTREE::placement_insert (0x00539960) adjusts nothing and the
 * first placement is accepted 0.005 m in; the placement ring search (find_placement_pos
 * 0x0050BA50) then collides with the floor at every heading inside (its rings have no z) and takes
 * the first spot outside: ring 3 (3 × 4/9 m), in land cell 0xA9B40022, lifted onto the plateau.
 * From 0.0048 m higher (94.005) the solid test passes and the object stays in the cell, where it
 * was put (x, y; z within a float step). */
static void floor_height_placement_indoors(void)
{
    static char json[1024];
    const double z[2] = {94.0, 94.005};
    for (int k = 0; k < 2; k++) {
        snprintf(json, sizeof json,
                 "{\"version\":1,\"name\":\"t\",\"profile\":\"retail\",\"excerpts\":[\"default\"],\"player\":1,"
                 "\"objects\":[{\"id\":1,\"name\":\"p\",\"setup\":\"0x02000001\",\"motion_table\":\"0x09000001\","
                 "\"physics_state\":\"0x00400408\",\"position\":{\"cell\":\"0xA9B40100\",\"origin\":[118.5,25.0,%.3f],"
                 "\"orientation\":[1,0,0,0]}}],\"frames\":{\"hz\":60,\"count\":1,\"start\":0}}",
                 z[k]);
        acp_run *run = run_text(json);
        if (!run) return;
        const acp_physobj *o = acp_run_object(run, 0);
        const acp_vec3 p = o->position.frame.origin;
        double moved = sqrt((p.x - 118.5) * (p.x - 118.5) + (p.y - 25.0) * (p.y - 25.0));
        if (k == 0) {
            ENSURE_EQ(o->position.objcell_id, 0xA9B40022u);
            ENSURE_NEAR(moved, 3.0 * (4.0 / 9.0), 1e-5);
            ENSURE_NEAR(p.z, 94.005, 1e-4);
        } else {
            ENSURE_EQ(o->position.objcell_id, 0xA9B40100u);
            ENSURE_NEAR(moved, 0.0, 1e-6);
            ENSURE_NEAR(p.z, 94.005, 1e-5);
        }
        acp_run_destroy(run);
    }
}

/* Out through the doorway: the EnvCell's outside portal brings the land cells back, and the
 * containing cell becomes outdoor again. */
static void walking_out_returns_to_land_cell(void)
{
    acp_run *run = run_player(0.0, -1.0, 180.0, "0xA9B40100", 90);
    if (!run) return;
    acp_physobj *o = acp_run_object(run, 0);
    ENSURE_EQ(o->position.objcell_id, 0xA9B40100u);
    acp_run_step_next(run);
    ENSURE_EQ(o->position.objcell_id, 0xA9B40100u);
    while (acp_run_step_next(run)) {}
    double lx, ly;
    to_local(o->position.frame.origin.x, o->position.frame.origin.y, &lx, &ly);
    ENSURE(ly < -4.0);
    uint32_t low = o->position.objcell_id & 0xFFFFu;
    ENSURE(low >= 1u && low <= 0x40u);
    ENSURE_EQ(o->position.objcell_id >> 16, 0xA9B4u);
    acp_run_destroy(run);
}

/* The recorded arrow: every frame in the dungeon's cells; it reaches the end wall (x = 100) and
 * stops there: INELASTIC zeroes its velocity on the hit, so x stays put afterwards. */
static void arrow_stops_at_end_wall(void)
{
    acp_run *run = run_path("data/scenarios/arrow-in-a-dungeon.json");
    if (!run) return;
    acp_physobj *o = acp_run_object(run, 0);
    bool in_dungeon = true;
    float last_x = 0.0f;
    int still = 0;
    while (acp_run_step_next(run)) {
        uint32_t c = o->position.objcell_id;
        if (c < 0x3A11012Au || c > 0x3A11012Eu) in_dungeon = false;
        if (o->position.frame.origin.x == last_x) still++;
        last_x = o->position.frame.origin.x;
    }
    ENSURE(in_dungeon);
    ENSURE_EQ(o->position.objcell_id, 0x3A11012Du);
    ENSURE(last_x < 100.0f && last_x > 99.0f);
    ENSURE(still > 20);
    ENSURE(o->velocity.x == 0.0f);
    ENSURE(o->velocity.y == 0.0f);
    ENSURE(o->state & ACP_INELASTIC_PS);
    acp_run_destroy(run);
}

/* A creature dropped 1 m over the corridor floor (z = -40) falls onto the CellStruct's floor and
 * rests on it: Contact and OnWalkable, feet on the floor. */
static void falls_onto_floor(void)
{
    acp_run *run = run_text(
        "{\"version\":1,\"name\":\"drop\",\"profile\":\"retail\",\"excerpts\":[\"default\"],"
        "\"objects\":[{\"id\":1,\"name\":\"d\",\"setup\":\"0x020007DD\",\"physics_state\":\"0x00000408\","
        "\"position\":{\"cell\":\"0x3A11012B\",\"origin\":[77,116,-39],\"orientation\":[1,0,0,0]}}],"
        "\"frames\":{\"hz\":60,\"count\":90,\"start\":0}}");
    if (!run) return;
    acp_physobj *o = acp_run_object(run, 0);
    while (acp_run_step_next(run)) {}
    ENSURE_EQ(o->position.objcell_id, 0x3A11012Bu);
    ENSURE(o->transient_state & ACP_CONTACT_TS);
    ENSURE(o->transient_state & ACP_ON_WALKABLE_TS);
    ENSURE_NEAR(o->position.frame.origin.z, -40.0, 0.02);
    acp_run_destroy(run);
}

void suite_cells(void)
{
    RUN(into_the_cottage);
    RUN(walking_out_returns_to_land_cell);
    RUN(floor_height_placement_indoors);
    RUN(arrow_stops_at_end_wall);
    RUN(falls_onto_floor);
    RUN(bad_envcell_refused);
    RUN(point_in_cell);
    RUN(portal_crossing_changes_cell);
    RUN(unloaded_other_cell);
    RUN(indoor_ids_in_landdefs);
}
