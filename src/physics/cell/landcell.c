/* acphys — retail CLandCell. See landcell.h. Read against PORTAL/ccell/CLandCell.c and the
 * CObjCell functions it inherits (PORTAL/ccell/CObjCell.c). */
#include "landcell.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

#include "base/shortcuts.h"
#include "building.h"
#include "envcell.h"
#include "landblock_struct.h"
#include "objcell.h"
#include "terrain.h"
#include "physics/geometry/bbox.h"
#include "physics/geometry/frame.h"
#include "physics/geometry/mathx.h"
#include "physics/shapes/gfxobj.h"
#include "physics/world/physics.h"

bool acp_landcell_find_terrain_poly(const acp_landcell *cell, acp_vec3 origin, const acp_polygon **walkable)
{
    for (int i = 0; i < 2; i++) {
        if (acp_polygon_point_in_poly2d(cell->polygons[i], origin, 0)) {
            *walkable = cell->polygons[i];
            return true;
        }
    }
    return false;
}

bool acp_landcell_point_in_cell(const acp_landcell *cell, acp_vec3 point)
{
    if (cell->env) return acp_env_cell_point_in_cell(cell->env, point);
    const acp_polygon *poly;
    return acp_landcell_find_terrain_poly(cell, point, &poly);
}

uint32_t acp_landcell_get_block_water_type(const acp_landcell *cell)
{
    return cell->block ? cell->block->water_type : ACP_NOT_WATER;
}

double acp_landcell_get_water_depth(const acp_landcell *cell, acp_vec3 point, uint32_t peer_rules)
{
    switch (cell->water_type) {
    case ACP_NOT_WATER: return 0.0;
    case ACP_PARTIALLY_WATER:
        if (!cell->block) return 0.1f;
        if (peer_rules & ACP_PEER_ACE_WATER_DEPTH) return acp_landblock_struct_calc_water_depth_ace(cell->block, cell->id, point);
        if (peer_rules & ACP_PEER_GDLE_WATER_DEPTH)
            return acp_landblock_struct_calc_water_depth_gdle(cell->block, cell->id, point);
        return acp_landblock_struct_calc_water_depth(cell->block, cell->id, point);
    case ACP_ENTIRELY_WATER: return 0.9f;
    default: return 0.0;
    }
}

static uint32_t float_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

/* find_terrain_poly through the sweep's memo (acp_terrain_poly_memo); NULL when no triangle
 * holds the point. */
static const acp_polygon *memo_terrain_poly(const acp_landcell *cell, acp_vec3 p, acp_terrain_poly_memo *m)
{
    uint32_t xb = float_bits(p.x), yb = float_bits(p.y);
#if !ACP_SHORTCUTS
    m->cell = NULL; /* docs/SHORTCUTS.md S4: retail asks find_terrain_poly every time */
#endif
    if (m->cell == cell && m->x_bits == xb && m->y_bits == yb) return m->poly;
    const acp_polygon *poly = NULL;
    if (!acp_landcell_find_terrain_poly(cell, p, &poly)) poly = NULL;
    m->cell = cell;
    m->x_bits = xb;
    m->y_bits = yb;
    m->poly = poly;
    return poly;
}

acp_transition_state acp_landcell_find_env_collisions(const acp_landcell *cell, acp_transition *t)
{
    acp_transition_state ts = acp_objcell_check_entry_restrictions(t);
    if (ts != ACP_TS_OK) return ts;
    acp_sphere_path *sp = &t->sphere_path;
    acp_vec3 off = acp_landdefs_get_block_offset(sp->check_pos.objcell_id, cell->id);
    double lz = (double)sp->global_low_point.z - off.z;
    double ly = (double)sp->global_low_point.y - off.y;
    acp_vec3 local;
    local.x = (float)((double)sp->global_low_point.x - off.x);
    local.y = (float)ly;
    local.z = (float)lz;
    const acp_polygon *poly = memo_terrain_poly(cell, local, &t->terrain_poly);
    if (!poly) return ts;
    if (acp_landcell_get_block_water_type(cell) == ACP_ENTIRELY_WATER &&
        !(t->object_info.state & ACP_IS_VIEWER_OI) && !(t->object_info.object->state & ACP_MISSILE_PS))
        return ACP_TS_COLLIDED;
    const acp_world *world = t->object_info.object->world;
    float water_depth = (float)acp_landcell_get_water_depth(cell, local, world ? world->peer_rules : 0u);
    acp_sphere check = sp->global_sphere[0];
    /* Retail asks get_block_offset again with the same two ids: the same offset. */
    check.center.x = (float)((double)check.center.x - off.x);
    check.center.y = (float)((double)check.center.y - off.y);
    check.center.z = (float)((double)check.center.z - off.z);
    return acp_objectinfo_validate_walkable(&t->object_info, &check, &poly->plane, cell->water_type != ACP_NOT_WATER,
                                            water_depth, sp, &t->collision_info, cell->id);
}

acp_transition_state acp_landcell_find_collisions(const acp_landcell *cell, acp_transition *t)
{
    if (cell->env) return acp_env_cell_find_collisions(cell->env, t);
    acp_transition_state ts = acp_landcell_find_env_collisions(cell, t);
    if (ts != ACP_TS_OK) return ts;
    if (cell->building) { /* CSortCell::find_collisions */
        ts = acp_building_find_collisions(cell->building, t);
        if (ts != ACP_TS_OK) return ts;
    }
    return acp_objcell_find_obj_collisions(cell, t);
}

/* add_outside_cell from the id lcoord_to_gid gives for its (on-world) lcoords. */
static void add_outside_cell_id(const acp_terrain *terrain, acp_cell_array *ca, uint32_t id)
{
    for (uint32_t i = 0; i < ca->num_cells; i++)
        if (ca->cells[i].cell_id == id) return; /* present: add_cell would not add it again */
    acp_cell_array_add(ca, id, acp_terrain_get_landcell(terrain, id));
}

void acp_landcell_add_outside_cell(const acp_terrain *terrain, acp_cell_array *ca, int x, int y)
{
    if (x < 0 || y < 0 || x >= ACP_LCOORD_LIMIT || y >= ACP_LCOORD_LIMIT) return;
    add_outside_cell_id(terrain, ca, acp_landdefs_lcoord_to_gid(x, y));
}

void acp_landcell_check_add_cell_boundary(const acp_terrain *terrain, acp_cell_array *ca, float pt_x, float pt_y,
                                          int x, int y, float incell_max, float incell_min)
{
    if (pt_x > incell_max) {
        acp_landcell_add_outside_cell(terrain, ca, x + 1, y);
        if (pt_y > incell_max) acp_landcell_add_outside_cell(terrain, ca, x + 1, y + 1);
        if (pt_y < incell_min) acp_landcell_add_outside_cell(terrain, ca, x + 1, y - 1);
    }
    if (pt_x < incell_min) {
        acp_landcell_add_outside_cell(terrain, ca, x - 1, y);
        if (pt_y > incell_max) acp_landcell_add_outside_cell(terrain, ca, x - 1, y + 1);
        if (pt_y < incell_min) acp_landcell_add_outside_cell(terrain, ca, x - 1, y - 1);
    }
    if (pt_y > incell_max) acp_landcell_add_outside_cell(terrain, ca, x, y + 1);
    if (pt_y < incell_min) acp_landcell_add_outside_cell(terrain, ca, x, y - 1);
}

/* What add_all_outside_cells worked out for one sphere: its centre's x and y (bits), radius
 * (bits), and whether its centre was on the world, its cell's lcoords (when any) and its place
 * in the cell. */
typedef struct sphere_cells {
    uint32_t x_bits, y_bits, r_bits;
    bool on_world, has_lcoord;
    int x, y;
    float pt_x, pt_y;
} sphere_cells;

/* One sphere: its cell and the neighbours it reaches. False when its centre is off the world
 * (retail stops adding at that sphere). `prev` (NULL for the first sphere) is the sphere before
 * it: not retail, a sphere with the same centre x and y (a humanoid's spheres are stacked) has
 * the same cell and place in it (adjust_to_outside reads only x and y and the position's cell),
 * so that work is taken from prev, and adding its own cell again would change nothing (the cell
 * is in the array, or the array was full and still is); with the same radius too, every
 * neighbour it would add is already asked for. */
static bool add_sphere_cells(const acp_terrain *terrain, const acp_position *p, const acp_sphere *s,
                             acp_cell_array *ca, const sphere_cells *prev, sphere_cells *out)
{
    out->x_bits = float_bits(s->center.x);
    out->y_bits = float_bits(s->center.y);
    out->r_bits = float_bits(s->radius);
    float min_rad = s->radius;
    float max_rad = (float)(24.0 - min_rad);
#if !ACP_SHORTCUTS
    prev = NULL; /* docs/SHORTCUTS.md S5: every sphere's cells computed as retail does */
#endif
    if (prev && prev->on_world && prev->x_bits == out->x_bits && prev->y_bits == out->y_bits) {
        out->on_world = true;
        out->has_lcoord = prev->has_lcoord;
        out->x = prev->x;
        out->y = prev->y;
        out->pt_x = prev->pt_x;
        out->pt_y = prev->pt_y;
        if (out->has_lcoord && prev->r_bits != out->r_bits)
            acp_landcell_check_add_cell_boundary(terrain, ca, out->pt_x, out->pt_y, out->x, out->y, max_rad, min_rad);
        return true;
    }
    acp_vec3 point = s->center;
    uint32_t pt_cell = p->objcell_id;
    /* Retail's gid_to_lcoord(pt_cell) next gives the lcoords adjust_to_outside found (pt_cell
     * is lcoord_to_gid of them, on the world grid), and add_outside_cell of them asks for
     * pt_cell: both taken as they are (acp_outside_cell). */
    acp_outside_cell oc;
    out->on_world = acp_landdefs_adjust_to_outside_cell(&pt_cell, &point, &oc);
    if (!out->on_world) return false;
    out->x = oc.x;
    out->y = oc.y;
    /* floor(v / 24) of an x or y adjust_to_outside kept is the one it computed. */
    double xc = ACP_SHORTCUTS && oc.kept_xy ? (double)oc.dx : floor((double)point.x / 24.0); /* S13 */
    double yc = ACP_SHORTCUTS && oc.kept_xy ? (double)oc.dy : floor((double)point.y / 24.0);
    out->pt_x = (float)((double)point.x - xc * 24.0);
    out->pt_y = (float)((double)point.y - yc * 24.0);
    out->has_lcoord = true;
#if ACP_SHORTCUTS
    add_outside_cell_id(terrain, ca, pt_cell);
#else
    /* docs/SHORTCUTS.md S17: retail's gid_to_lcoord of the id, then add_outside_cell of them. */
    {
        int gx = 0, gy = 0;
        out->has_lcoord = acp_landdefs_gid_to_lcoord(pt_cell, &gx, &gy);
        if (!out->has_lcoord) return true;
        out->x = gx;
        out->y = gy;
        acp_landcell_add_outside_cell(terrain, ca, gx, gy);
    }
#endif
    acp_landcell_check_add_cell_boundary(terrain, ca, out->pt_x, out->pt_y, out->x, out->y, max_rad, min_rad);
    return true;
}

void acp_landcell_add_all_outside_cells(const acp_terrain *terrain, const acp_position *p, uint32_t num_sphere,
                                        const acp_sphere *spheres, acp_cell_array *ca)
{
    if (ca->added_outside) return;
    ca->added_outside = true;
    if (num_sphere) {
        sphere_cells memo[2];
        for (uint32_t i = 0; i < num_sphere; i++)
            if (!add_sphere_cells(terrain, p, &spheres[i], ca, i ? &memo[(i - 1) & 1u] : NULL, &memo[i & 1u])) break;
        return;
    }
    acp_vec3 point = p->frame.origin;
    uint32_t id = p->objcell_id;
    int x, y;
    if (acp_landdefs_adjust_to_outside(&id, &point) && acp_landdefs_gid_to_lcoord(id, &x, &y))
        acp_landcell_add_outside_cell(terrain, ca, x, y);
}

/* docs/SHORTCUTS.md S23. For each sphere, retail's road (LandDefs::adjust_to_outside, then
 * add_all_outside_cells' in-cell point and check_add_cell_boundary) gives, when the tests below
 * pass:
 * - no snap to 0 (|x| ≥ r ≥ EPSILON) and floor(x / 24) = col: x/24 lies in [col + r/24,
 *   col + 1 − 4·10⁻⁶] (max_rad ≤ 24 − r + 2^-19 and r ≥ EPSILON), so the rounded quotient cannot
 *   reach either integer; the cell found is lcoord_to_gid(block + col, block + row) = cell_id
 *   (on the world: checked), and floor(x / 192) = 0, so x is kept;
 * - the in-cell point pt = (float)(x − col·24), whose double difference is exact (x is a float
 *   under 192, col·24 an integer) and lies in [r, max_rad]: rounding to float is monotone and r
 *   and max_rad are floats, so pt lies there too, and neither pt > max_rad nor pt < r holds: no
 *   neighbour is added.
 * Every sphere adds cell_id (once: add_cell skips a present id) and nothing else. */
bool acp_landcell_spheres_inside_cell(uint32_t cell_id, uint32_t num_sphere, const acp_sphere *spheres)
{
    const uint32_t c = (cell_id & 0xFFFFu) - 1u; /* the cell part 1..64 as 0..63 */
    if (c > 0x3Fu || num_sphere == 0) return false;
    const uint32_t col = c >> 3, row = c & 7u;
    /* On the world: 8 × the landblock's x (or y) + col (row) < ACP_LCOORD_LIMIT (2040), which
     * fails for landblock x (y) 0xFF alone (8 × 0xFE + 7 = 2039). */
    _Static_assert(ACP_LCOORD_LIMIT == 8 * 0xFF, "lcoords end with landblock 0xFE");
    if ((cell_id >> 24) == 0xFFu || ((cell_id >> 16) & 0xFFu) == 0xFFu) return false;
    /* The compares in float, of the exact differences: for x in [12·col, 48·col] (col ≥ 1),
     * x − 24·col is exact in float (Sterbenz), and for col 0 it is x; outside that range the
     * exact difference is above 24·col ≥ 24 or below −12·col ≤ −12, and its rounding (monotone)
     * stays beyond max_rad < 24 or below r ≥ EPSILON > 0, so the test fails either way.
     * (float)(24 − r) is the float subtraction (double rounding is innocuous for a difference of
     * two floats) and EPSILON is a float (0.0002f). */
    const float x0 = (float)(24u * col), y0 = (float)(24u * row), eps = (float)ACP_F_EPSILON;
    for (uint32_t i = 0; i < num_sphere; i++) {
        const acp_sphere *s = &spheres[i];
        /* A sphere with the bits of the one before it (a humanoid's stacked spheres) passes as it did. */
        if (i && float_bits(s->center.x) == float_bits(s[-1].center.x) &&
            float_bits(s->center.y) == float_bits(s[-1].center.y) && float_bits(s->radius) == float_bits(s[-1].radius))
            continue;
        const float r = s->radius;
        const float max_rad = (float)(24.0 - r);
        const float dx = s->center.x - x0, dy = s->center.y - y0;
        if (!(r >= eps && dx >= r && dx <= max_rad && dy >= r && dy <= max_rad)) return false;
    }
    return true;
}

void acp_landcell_add_cell_block(const acp_terrain *terrain, acp_cell_array *ca, int min_x, int min_y, int max_x,
                                 int max_y)
{
    for (int i = min_x; i <= max_x; i++) {
        for (int j = min_y; j <= max_y; j++) {
            if (i < 0 || j < 0 || i >= ACP_LCOORD_LIMIT || j >= ACP_LCOORD_LIMIT) continue;
            uint32_t id = acp_landdefs_lcoord_to_gid(i, j);
            acp_cell_array_add(ca, id, acp_terrain_get_landcell(terrain, id));
        }
    }
}

/* (unsigned __int64)floor(v / 24.0) kept as a 32-bit int. */
static int cell_of(float v) { return (int)acp_x87_int64_low32(floor((double)v / 24.0)); }

void acp_landcell_add_all_outside_parts(const acp_terrain *terrain, const acp_cell_parts *parts, acp_cell_array *ca)
{
    if (ca->added_outside) return;
    ca->added_outside = true;
    const uint32_t n = parts->num_parts;
    if (!n) return;
    uint32_t first = 0;
    while (first < n && !parts->gfx[first]) first++;
    if (first == n) return;
    uint32_t id = parts->cell_id;
    acp_vec3 loc = parts->frames[first].origin;
    if (!acp_landdefs_adjust_to_outside(&id, &loc)) id = 0;
    const acp_landcell *cell = acp_terrain_get_landcell(terrain, id);
    int x, y;
    if (!cell || !acp_landdefs_gid_to_lcoord(id, &x, &y)) return;
    const int lx = (int)(((id & 0xFFFFu) - 1u) >> 3), ly = (int)(((id & 0xFFu) - 1u) & 7u);
    int min_x = 0, min_y = 0, max_x = 0, max_y = 0;
    for (uint32_t i = 0; i < n; i++) {
        const acp_gfxobj_physics *g = parts->gfx[i];
        if (!g) continue;
        /* CPhysicsPart::Always2D: no degrade info here, never (DEVIATIONS B5); the box
         * (CPhysicsPart::GetBoundingBox) placed by BBox::LocalToGlobal into the cell's block. */
        const acp_bbox part_box = {g->bound_min, g->bound_max};
        const acp_position part_pos = {parts->cell_id, parts->frames[i]};
        const acp_bbox box = acp_bbox_local_to_global(&part_box, &part_pos, &cell->pos);
        int x0 = cell_of(box.min.x) - lx, y0 = cell_of(box.min.y) - ly;
        int x1 = cell_of(box.max.x) - lx, y1 = cell_of(box.max.y) - ly;
        if (x0 < min_x) min_x = x0;
        if (y0 < min_y) min_y = y0;
        if (x1 > max_x) max_x = x1;
        if (y1 > max_y) max_y = y1;
    }
    acp_landcell_add_cell_block(terrain, ca, min_x + x, min_y + y, x + max_x, y + max_y);
}

void acp_landcell_find_transit_parts(const acp_landcell *cell, const acp_terrain *terrain, const acp_cell_parts *parts,
                                     acp_cell_array *ca)
{
    if (cell->env) {
        acp_env_cell_find_transit_parts(cell->env, terrain, parts, ca);
        return;
    }
    acp_landcell_add_all_outside_parts(terrain, parts, ca);
    if (cell->building) acp_building_find_transit_parts(cell->building, terrain, parts, ca);
}
