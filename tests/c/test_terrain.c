/* Terrain tests (issue 7): landblocks built from LandBlock records as retail builds them
 * (CLandBlockStruct::ConstructVertices / ConstructPolygons / CalcWater), land cells, the cell
 * lists of a sweep, and the loaded-landblock set. The real landblocks and the Region's height
 * table come from the default cell excerpt, data/cell-default.dat (read through acp_datset).
 * Expected values are worked out from the retail rules; the comments give the arithmetic. */
#include "test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "physics/cell/landblock_struct.h"
#include "physics/cell/landcell.h"
#include "physics/shapes/polygon.h"
#include "physics/cell/terrain.h"
#include "terrain_helpers.h"
#include "physics/world/transition.h"

/* The split hash of retail's ConstructPolygons, computed here from its formula (mod 2³²). */
static uint32_t split_hash(uint32_t gx, uint32_t gy)
{
    return gy * (214614067u * gx + 1813693831u) - 1109124029u * gx - 1369149221u;
}

/* hash × (float)2⁻³² ≥ 0.5 ⇔ hash ≥ 2³¹. (0, 0): 0 − 0 − 1369149221 ≡ 2925818075 ≥ 2³¹ → SW–NE.
 * Over the whole 2040 × 2040 vertex grid the hashes closest to 2³¹ are 2³¹ + 440 at (657, 1857)
 * and 2³¹ − 1504 at (2015, 514); ACE's double literal 2.3283064e-10 (slightly below 2⁻³²) moves
 * the boundary to 2147483681.7, which no cell's hash falls between, so ACE agrees everywhere. */
static void split_rule(void)
{
    ENSURE_EQ(split_hash(0, 0), 2925818075u);
    ENSURE(acp_landblock_split_sw_to_ne(0, 0));
    ENSURE_EQ(split_hash(657, 1857), 2147483648u + 440u);
    ENSURE(acp_landblock_split_sw_to_ne(657, 1857));
    ENSURE_EQ(split_hash(2015, 514), 2147483648u - 1504u);
    ENSURE(!acp_landblock_split_sw_to_ne(2015, 514));
    /* The triangles of A9B4's cells follow the rule: cell (cx, cy) has global vertex
     * (0xA9·8 + cx, 0xB4·8 + cy). */
    LOAD_DEFAULT_EXCERPTS(dats);
    uint32_t ids[] = {0xA9B4FFFFu};
    acp_terrain *t = dat_terrain(dats, ids, 1);
    const acp_landblock_struct *b = acp_terrain_get_landblock(t, 0xA9B40001u);
    ENSURE(b != NULL);
    for (int cx = 0; cx < 8; cx++) {
        for (int cy = 0; cy < 8; cy++) {
            bool cut = split_hash(0xA9u * 8u + (uint32_t)cx, 0xB4u * 8u + (uint32_t)cy) >= 2147483648u;
            const acp_landcell *c = &b->cells[cx * 8 + cy];
            ENSURE_EQ(b->sw_to_ne_cut[cx * 8 + cy], cut);
            /* SW–NE: {(x,y),(x+1,y),(x+1,y+1)}, {(x,y),(x+1,y+1),(x,y+1)}; otherwise
             * {(x,y),(x+1,y),(x,y+1)}, {(x+1,y+1),(x,y+1),(x+1,y)}. */
            ENSURE_FBITS(c->polygons[1]->vertices[0].x, cut ? 24.0f * cx : 24.0f * (cx + 1));
            ENSURE_FBITS(c->polygons[0]->vertices[2].x, cut ? 24.0f * (cx + 1) : 24.0f * cx);
        }
    }
    acp_terrain_destroy(t);
    acp_datset_destroy(dats);
}

/* Vertex (x, y) at (24x, 24y, table[height[x·9 + y]]). Holtburg (A9B4) column x = 3 reads
 * 47 47 47 41 …: vertices (3, 0), (4, 0), (3, 1), (4, 1) are all index 47 = 94 m, so cell (3, 0)
 * is flat at 94 with plane n = (0, 0, 1), d = −94. Column 0 reads 45 42 …, column 1 45 42 …:
 * cell (0, 0) falls 6 m northwards: z = 90 − y/4, n ∝ (0, 6, 24), n.z = 24/√612. */
static void vertices_and_planes(void)
{
    LOAD_DEFAULT_EXCERPTS(dats);
    uint32_t ids[] = {0xA9B4FFFFu};
    acp_terrain *t = dat_terrain(dats, ids, 1);
    const acp_landblock_struct *b = acp_terrain_get_landblock(t, 0xA9B4FFFFu);
    ENSURE_FBITS(b->vertices[3 * 9 + 0].x, 72.0f);
    ENSURE_FBITS(b->vertices[3 * 9 + 0].y, 0.0f);
    ENSURE_FBITS(b->vertices[3 * 9 + 0].z, 94.0f);
    ENSURE_FBITS(b->vertices[8 * 9 + 8].z, 30.0f); /* index 15 */
    float z = 0.0f;
    ENSURE(acp_terrain_height(t, 0xA9B40019u, 84.0f, 12.0f, &z));
    ENSURE_FBITS(z, 94.0f);
    const acp_landcell *c = acp_terrain_get_landcell(t, 0xA9B40019u); /* 0x19 − 1 = 24 = 3·8 + 0 */
    ENSURE(c && c->id == 0xA9B40019u);
    ENSURE_FBITS(c->polygons[0]->plane.n.z, 1.0f);
    ENSURE_FBITS(c->polygons[0]->plane.d, -94.0f);
    ENSURE(acp_terrain_height(t, 0xA9B40001u, 12.0f, 12.0f, &z));
    ENSURE_NEAR(z, 87.0, 1e-5);
    acp_vec3 n;
    ENSURE(acp_terrain_normal(t, 0xA9B40001u, 12.0f, 12.0f, &n));
    ENSURE_NEAR(n.x, 0.0, 1e-7);
    ENSURE_NEAR(n.y, 6.0 / sqrt(612.0), 1e-7);
    ENSURE_NEAR(n.z, 24.0 / sqrt(612.0), 1e-7);
    /* Cell centres: (2cx + 1) · 12 m. */
    ENSURE_FBITS(c->pos.frame.origin.x, 84.0f);
    ENSURE_FBITS(c->pos.frame.origin.y, 12.0f);
    acp_terrain_destroy(t);
    acp_datset_destroy(dats);
}

/* CPolygon::make_plane on (0, 0, 0), (24, 0, 6), (24, 24, 6): e1 = (24, 0, 6), e2 = (24, 24, 6),
 * e1 × e2 = (0·6 − 6·24, 6·24 − 6·24, 24·24 − 0·24) = (−144, 0, 576); inv = 1/√(576² + 0 + 144²)
 * = 1/√352512; n.x = (float)(inv·−144), n.z = (float)((float)inv · 576); d = −Σ(n·v)/3. */
static void make_plane_bits(void)
{
    acp_polygon p;
    memset(&p, 0, sizeof p);
    p.num_pts = 3;
    p.vertices[0] = (acp_vec3){0.0f, 0.0f, 0.0f};
    p.vertices[1] = (acp_vec3){24.0f, 0.0f, 6.0f};
    p.vertices[2] = (acp_vec3){24.0f, 24.0f, 6.0f};
    acp_polygon_make_plane(&p);
    double inv = 1.0 / sqrt(352512.0);
    float inv_f = (float)inv;
    float nx = (float)(inv * -144.0), nz = (float)((double)inv_f * 576.0);
    ENSURE_FBITS(p.plane.n.x, nx);
    ENSURE_FBITS(p.plane.n.y, 0.0f);
    ENSURE_FBITS(p.plane.n.z, nz);
    double sum = 0.0;
    sum = sum + (double)nz * 0.0 + 0.0 * 0.0 + (double)nx * 0.0;
    sum = sum + (double)nz * 6.0 + 0.0 * 0.0 + (double)nx * 24.0;
    sum = sum + (double)nz * 6.0 + 0.0 * 24.0 + (double)nx * 24.0;
    ENSURE_FBITS(p.plane.d, (float)(-(sum / 3.0)));
    /* point_in_poly2D counts the edges in: the diagonal point (12, 12) lies in the first of
     * two triangles that share it, and a point just outside is refused. */
    ENSURE(acp_polygon_point_in_poly2d(&p, (acp_vec3){12.0f, 12.0f, 0.0f}, 0));
    ENSURE(acp_polygon_point_in_poly2d(&p, (acp_vec3){24.0f, 0.0f, 0.0f}, 0));
    ENSURE(!acp_polygon_point_in_poly2d(&p, (acp_vec3){11.0f, 12.0f, 0.0f}, 0));
}

/* CalcWater: a cell's four corners; AAB4 cell (7, 7) has corners (7,7) and (7,8) type 5, (8,7)
 * and (8,8) type 16 (water): partially water; the landblock has water but not only water.
 * calc_water_depth takes the corner nearest the point (docs/DEVIATIONS.md T4; the cell's
 * midpoint is (180, 180)): (190, 170) → (8, 7), water, 0.45; (170, 190) → (7, 8), solid, 0.1;
 * (180, 180), a tie both ways → west and south, (7, 7), 0.1. A dry cell: 0. */
static void water(void)
{
    LOAD_DEFAULT_EXCERPTS(dats);
    uint32_t ids[] = {0xAAB4FFFFu};
    acp_terrain *t = dat_terrain(dats, ids, 1);
    const acp_landcell *c = acp_terrain_get_landcell(t, 0xAAB40040u);
    ENSURE(c != NULL);
    ENSURE_EQ(c->water_type, ACP_PARTIALLY_WATER);
    ENSURE_EQ(acp_landcell_get_block_water_type(c), ACP_PARTIALLY_WATER);
    ENSURE_FBITS(acp_landcell_get_water_depth(c, (acp_vec3){190.0f, 170.0f, 0.0f}, 0u), 0.45f);
    ENSURE_FBITS(acp_landcell_get_water_depth(c, (acp_vec3){170.0f, 190.0f, 0.0f}, 0u), 0.1f);
    ENSURE_FBITS(acp_landcell_get_water_depth(c, (acp_vec3){180.0f, 180.0f, 0.0f}, 0u), 0.1f);
    const acp_landcell *dry = acp_terrain_get_landcell(t, 0xAAB40001u);
    ENSURE_EQ(dry->water_type, ACP_NOT_WATER);
    ENSURE_FBITS(acp_landcell_get_water_depth(dry, (acp_vec3){10.0f, 10.0f, 0.0f}, 0u), 0.0f);
    acp_terrain_destroy(t);
    /* Every corner water: every cell ENTIRELY, the block too; depth 0.9. */
    t = all_water_terrain(dats, 0xAAB4FFFFu);
    c = acp_terrain_get_landcell(t, 0xAAB40001u);
    ENSURE_EQ(c->water_type, ACP_ENTIRELY_WATER);
    ENSURE_EQ(acp_landcell_get_block_water_type(c), ACP_ENTIRELY_WATER);
    ENSURE_FBITS(acp_landcell_get_water_depth(c, (acp_vec3){10.0f, 10.0f, 0.0f}, 0u), 0.9f);
    acp_terrain_destroy(t);
    acp_datset_destroy(dats);
}

/* CLandBlockStruct::calc_water_depth (0x005315F0), the corner of a partly-water cell
 * (docs/DEVIATIONS.md T4): the listing's first flag test (c0|c2 clear: ordered, ST ≥ operand)
 * takes the west column, the second (c0|c3 set: ST ≤ operand or unordered) the south row; as the
 * nearest-corner tests against the cell's midpoint in the landblock frame, x ≤ mid → west
 * (x > mid or NaN → east) and y ≤ mid or NaN → south (y > mid → north). Cell (2, 3) of 0xA9B4
 * (id 0xA9B40014) spans x 48..72, y 72..96: midpoint (60, 84); its corners are vertices
 * (2, 3) SW, (2, 4) NW, (3, 3) SE, (3, 4) NE. For each point, each corner in turn is the only
 * water vertex (type 16): 0.45 exactly when it is the point's corner, else 0.1. The points fail
 * the other readings: (60, 80) a tie in x (ACE's x % 24 >= 12 → east; x against y → NW);
 * (72, 80) on the east edge (ACE's and PhatSDK's remainder 0 → west); (50, 84) a tie in y
 * (ACE's >= 12 → north); NaN x (PhatSDK's fmod > 12 and ACE's >= are false → west); NaN y
 * (a `<=` midpoint test → north). */
static void water_depth_nearest_corner(void)
{
    enum { SW, NW, SE, NE };
    const uint32_t vertex[4] = {2u * 9u + 3u, 2u * 9u + 4u, 3u * 9u + 3u, 3u * 9u + 4u};
    const struct {
        float x, y;
        int corner;
    } cases[] = {
        {60.0f, 80.0f, SW}, {72.0f, 80.0f, SE}, {50.0f, 84.0f, SW}, {70.0f, 95.0f, NE},
        {61.0f, 85.0f, NE}, {59.0f, 85.0f, NW}, {NAN, 80.0f, SE},   {50.0f, NAN, SW},
        {NAN, NAN, SE},
    };
    acp_landblock_struct *b = calloc(1, sizeof *b);
    ENSURE(b != NULL);
    if (!b) return;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        for (int k = 0; k < 4; k++) {
            memset(b->terrain, 0, sizeof b->terrain);
            b->terrain[vertex[k]] = 16u << 2; /* WaterRunning: SURFCHAR water */
            double d = acp_landblock_struct_calc_water_depth(b, 0xA9B40014u, (acp_vec3){cases[i].x, cases[i].y, 0.0f});
            ENSURE_FBITS((float)d, k == cases[i].corner ? 0.45f : 0.1f);
        }
    }
    free(b);
}

/* The comparison modes' corners (docs/DEVIATIONS.md PE100, PE102) in the same cell (2, 3) of
 * 0xA9B4 (x 48..72, y 72..96, midpoint (60, 84)): ACE's x % 24 >= 12 east, y % 24 >= 12 north;
 * PhatSDK's fmod > 12. (60, 80), on the x midline: retail and PhatSDK west (SW), ACE east (SE).
 * (72, 80), on the cell's east edge (remainder 0): retail east (SE), ACE and PhatSDK west (SW).
 * (50, 84), on the y midline: retail and PhatSDK south (SW), ACE north (NW). (70, 95): all NE. */
static void water_depth_peer_corners(void)
{
    enum { SW, NW, SE, NE };
    const uint32_t vertex[4] = {2u * 9u + 3u, 2u * 9u + 4u, 3u * 9u + 3u, 3u * 9u + 4u};
    const struct {
        float x, y;
        int retail, ace, gdle;
    } cases[] = {{60.0f, 80.0f, SW, SE, SW}, {72.0f, 80.0f, SE, SW, SW}, {50.0f, 84.0f, SW, NW, SW}, {70.0f, 95.0f, NE, NE, NE}};
    acp_landblock_struct *b = calloc(1, sizeof *b);
    ENSURE(b != NULL);
    if (!b) return;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        for (int k = 0; k < 4; k++) {
            memset(b->terrain, 0, sizeof b->terrain);
            b->terrain[vertex[k]] = 16u << 2;
            acp_vec3 pt = {cases[i].x, cases[i].y, 0.0f};
            ENSURE_FBITS((float)acp_landblock_struct_calc_water_depth(b, 0xA9B40014u, pt), k == cases[i].retail ? 0.45f : 0.1f);
            ENSURE_FBITS((float)acp_landblock_struct_calc_water_depth_ace(b, 0xA9B40014u, pt), k == cases[i].ace ? 0.45f : 0.1f);
            ENSURE_FBITS((float)acp_landblock_struct_calc_water_depth_gdle(b, 0xA9B40014u, pt), k == cases[i].gdle ? 0.45f : 0.1f);
        }
    }
    free(b);
}

static void cells_of(acp_cell_array *ca, const acp_terrain *t, acp_position p, acp_sphere s, const acp_landcell **curr)
{
    acp_cell_array_init(ca);
    *curr = NULL;
    acp_objcell_find_cell_list(t, &p, 1, &s, ca, curr, NULL);
}

/* CLandCell::add_all_outside_cells and find_cell_list: a sphere adds its cell, then the
 * neighbours its radius reaches (in-cell coordinate > 24 − r or < r); the containing cell is the
 * last listed cell that holds the centre. A centre exactly on the boundary x = 24 lies in cell 1
 * (floor(24/24) = 1), whose in-cell x = 0 < r adds cell 0 after it; both hold the point
 * (edges count), so cell 0 — listed last — wins. */
static void cell_lists(void)
{
    LOAD_DEFAULT_EXCERPTS(dats);
    uint32_t ids[] = {0xA9B4FFFFu};
    acp_terrain *t = dat_terrain(dats, ids, 1);
    const acp_landcell *curr;
    acp_position p = local_position(0xA9B40000u, 12.0f, 12.0f, 0.0f, 0.0f);
    acp_cell_array ca;
    cells_of(&ca, t, p, (acp_sphere){{12.0f, 12.0f, 90.0f}, 0.5f}, &curr);
    ENSURE_EQ(ca.num_cells, 1);
    ENSURE(curr && curr->id == 0xA9B40001u);
    cells_of(&ca, t, p, (acp_sphere){{23.7f, 12.0f, 90.0f}, 0.5f}, &curr); /* 23.7 > 23.5: east too */
    ENSURE_EQ(ca.num_cells, 2);
    ENSURE_EQ(ca.cells[1].cell_id, 0xA9B40009u);
    ENSURE(curr && curr->id == 0xA9B40001u);
    cells_of(&ca, t, p, (acp_sphere){{24.0f, 12.0f, 90.0f}, 0.5f}, &curr);
    ENSURE_EQ(ca.num_cells, 2);
    ENSURE_EQ(ca.cells[0].cell_id, 0xA9B40009u);
    ENSURE_EQ(ca.cells[1].cell_id, 0xA9B40001u);
    ENSURE(curr && curr->id == 0xA9B40001u);
    /* A corner: (23.8, 23.8) reaches east, north-east and north: 4 cells. */
    cells_of(&ca, t, p, (acp_sphere){{23.8f, 23.8f, 90.0f}, 0.5f}, &curr);
    ENSURE_EQ(ca.num_cells, 4);
    /* Across the landblock edge x = 192 (A9B4 → AAB4): AAB4 is not loaded, so its cell is listed
     * without a cell; the centre (191.8) is still in A9B4's cell 0x39. */
    p = local_position(0xA9B40000u, 191.8f, 12.0f, 0.0f, 0.0f);
    cells_of(&ca, t, p, (acp_sphere){{191.8f, 12.0f, 90.0f}, 0.5f}, &curr);
    ENSURE_EQ(ca.num_cells, 2);
    ENSURE_EQ(ca.cells[1].cell_id, 0xAAB40001u);
    ENSURE(ca.cells[1].cell == NULL);
    ENSURE(curr && curr->id == 0xA9B40039u);
    /* A centre past the edge (192.3 in A9B4's frame) belongs to AAB4's cell 1: none loaded. */
    cells_of(&ca, t, p, (acp_sphere){{192.3f, 12.0f, 90.0f}, 0.5f}, &curr);
    ENSURE_EQ(ca.cells[0].cell_id, 0xAAB40001u);
    ENSURE(curr == NULL);
    acp_terrain_destroy(t);
    acp_datset_destroy(dats);
}

/* CPolygon::point_in_poly2D as retail evaluates it (0x00538060): e from the last vertex down to
 * the first, q the vertex before it in that walk (the first vertex at the start),
 * s = −(dy·e.x) − dx·e.y + dx·p.y + dy·p.x with dy = q.y − e.y, dx = e.x − q.x in double; side
 * 0 refuses s > 0. The edge lines make_plane keeps must answer the same for every point: a grid
 * over the landblock's cells in 1/8 m steps (vertices, edges and the diagonal included) and
 * points a float step off the diagonal of every triangle. */
static bool retail_point_in_poly2d(const acp_polygon *p, acp_vec3 pt)
{
    const acp_vec3 *q = &p->vertices[0];
    for (int i = (int)p->num_pts - 1; i >= 0; i--) {
        const acp_vec3 *e = &p->vertices[i];
        double dy = (double)q->y - e->y;
        double dx = (double)e->x - q->x;
        double sum = -(dy * e->x) - dx * e->y + dx * pt.y + dy * pt.x;
        if (sum > 0.0) return false;
        q = e;
    }
    return true;
}

static void point_in_poly2d_edge_lines(void)
{
    LOAD_DEFAULT_EXCERPTS(dats);
    uint32_t ids[] = {0xA9B4FFFFu};
    acp_terrain *t = dat_terrain(dats, ids, 1);
    const acp_landblock_struct *b = acp_terrain_get_landblock(t, 0xA9B40001u);
    ENSURE(b != NULL);
    if (!b) return;
    uint32_t mismatches = 0, inside = 0;
    for (uint32_t k = 0; k < ACP_LANDBLOCK_POLYGONS; k += 9) { /* every 9th triangle: both windings */
        const acp_polygon *poly = &b->polygons[k];
        float x0 = poly->vertices[0].x, y0 = poly->vertices[0].y;
        for (int i = -8; i <= 200; i++) {
            for (int j = -8; j <= 200; j++) {
                acp_vec3 pt = {(float)((double)x0 - 1.0 + i / 8.0), (float)((double)y0 - 1.0 + j / 8.0), 0.0f};
                bool r = retail_point_in_poly2d(poly, pt);
                inside += r;
                mismatches += r != acp_polygon_point_in_poly2d(poly, pt, 0);
            }
        }
        for (int v = 0; v < 3; v++) { /* a float step either side of each vertex */
            acp_vec3 c = poly->vertices[v];
            acp_vec3 pts[4] = {{nextafterf(c.x, 1e9f), c.y, 0.0f}, {nextafterf(c.x, -1e9f), c.y, 0.0f},
                               {c.x, nextafterf(c.y, 1e9f), 0.0f}, {c.x, nextafterf(c.y, -1e9f), 0.0f}};
            for (int n = 0; n < 4; n++) mismatches += retail_point_in_poly2d(poly, pts[n]) != acp_polygon_point_in_poly2d(poly, pts[n], 0);
        }
    }
    ENSURE_EQ(mismatches, 0);
    ENSURE(inside > 0);
    acp_terrain_destroy(t);
    acp_datset_destroy(dats);
}

/* Two stacked spheres (the same centre x and y, as a humanoid's): the second adds what retail's
 * add_all_outside_cells adds for it by the same rule as the first (its own radius). At x = 23.3
 * in cell 1: a 0.5 m sphere stays in (23.3 ≤ 24 − 0.5), a 0.8 m one reaches east (23.3 > 23.2)
 * and adds cell 9; the same 0.5 m twice lists cell 1 alone; a 0.8 m first and 0.5 m second lists
 * cells 1 and 9 (the second adds nothing). */
static void stacked_spheres_cell_list(void)
{
    LOAD_DEFAULT_EXCERPTS(dats);
    uint32_t ids[] = {0xA9B4FFFFu};
    acp_terrain *t = dat_terrain(dats, ids, 1);
    acp_position p = local_position(0xA9B40000u, 23.3f, 12.0f, 0.0f, 0.0f);
    const struct { float r0, r1; uint32_t n; } cases[] = {{0.5f, 0.8f, 2}, {0.5f, 0.5f, 1}, {0.8f, 0.5f, 2}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        acp_sphere s[2] = {{{23.3f, 12.0f, 90.0f}, cases[i].r0}, {{23.3f, 12.0f, 91.0f}, cases[i].r1}};
        acp_cell_array ca;
        acp_cell_array_init(&ca);
        const acp_landcell *curr = NULL;
        acp_objcell_find_cell_list(t, &p, 2, s, &ca, &curr, NULL);
        ENSURE_EQ(ca.num_cells, cases[i].n);
        ENSURE_EQ(ca.cells[0].cell_id, 0xA9B40001u);
        if (cases[i].n == 2) ENSURE_EQ(ca.cells[1].cell_id, 0xA9B40009u);
        ENSURE(curr && curr->id == 0xA9B40001u);
    }
    acp_terrain_destroy(t);
    acp_datset_destroy(dats);
}

/* The loaded set: add, reload the same id, capacity, bad arguments; missing landblocks have no
 * cells, and an object placed there has no cell (update_object skips it). */
static void loaded_set(void)
{
    LOAD_DEFAULT_EXCERPTS(dats);
    acp_terrain *t = acp_terrain_create(1);
    const acp_region *region = acp_datset_region(dats, REGION_ID);
    const acp_landblock *a = acp_datset_landblock(dats, 0xA9B4FFFFu), *b = acp_datset_landblock(dats, 0xAAB4FFFFu);
    ENSURE_EQ(acp_terrain_add_landblock(t, a, region), ACP_TERRAIN_OK);
    ENSURE_EQ(acp_terrain_add_landblock(t, a, region), ACP_TERRAIN_OK); /* reload */
    ENSURE_EQ(t->num_blocks, 1);
    ENSURE_EQ(acp_terrain_add_landblock(t, b, region), ACP_TERRAIN_FULL);
    ENSURE_EQ(acp_terrain_add_landblock(t, NULL, region), ACP_TERRAIN_BAD_ARGUMENT);
    ENSURE_EQ(acp_terrain_add_landblock(t, b, NULL), ACP_TERRAIN_BAD_ARGUMENT);
    ENSURE(acp_terrain_get_landcell(t, 0xA9B40001u) != NULL);
    ENSURE(acp_terrain_get_landcell(t, 0xA9B40041u) == NULL); /* 65: not outdoor */
    ENSURE(acp_terrain_get_landcell(t, 0xA9B40100u) == NULL); /* indoor */
    ENSURE(acp_terrain_get_landcell(t, 0xAAB40001u) == NULL); /* not loaded */
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 2);
    acp_terrain_attach(w, t);
    acp_physobj *in = acp_world_add_object(w, 1), *out = acp_world_add_object(w, 2);
    acp_position p = local_position(0xA9B40000u, 12.0f, 12.0f, 90.0f, 0.0f);
    acp_world_place_object(w, in, &p, 0, 0.0);
    ENSURE(in->has_cell);
    p.objcell_id = 0xAAB40001u;
    acp_world_place_object(w, out, &p, 0, 0.0);
    ENSURE(!out->has_cell);
    w->now = 0.1;
    acp_physobj_update_object(out);
    ENSURE_EQ(out->record.skipped, ACP_SKIP_NO_CELL);
    ENSURE_EQ(out->record.num_quanta, 0);
    acp_world_destroy(w);
    acp_terrain_destroy(t);
    acp_datset_destroy(dats);
}

/* The split of ACE's physics copy (LandblockStruct.cs:221, `splitDir * 2.3283064e-10 < 0.5f`:
 * a double constant a little under retail's float 2^-32: hashes 2^31 to 2^31 + 33) and GDLE
 * PhatSDK's (`(float)h * 2.3283064e-10 < 0.5`: 2^31 to 2^31 + 128) read those hashes the other
 * way from retail's
 * (double)h * 2^-32 >= 0.5 (CLandBlockStruct::ConstructPolygons, 0x00531D10): 2^31 itself is
 * SW-NE in retail, not in either. No cell of the 2040 x 2040 world grid hashes there, so every
 * cell's split agrees with both (why docs/DEVIATIONS.md has no comparison mode for it). */
static bool ace_split(uint32_t h) { return !((double)h * 2.3283064e-10 < 0.5f); }
static bool phat_split(uint32_t h) { return !((double)(float)h * 2.3283064e-10 < 0.5); }

static void split_of_ace_physics_copy_agrees_over_the_world(void)
{
    ENSURE((double)0x80000000u * (double)0x1p-32f >= 0.5);
    ENSURE(!ace_split(0x80000000u) && !ace_split(0x80000021u) && ace_split(0x80000022u));
    ENSURE(!phat_split(0x80000000u) && !phat_split(0x80000080u) && phat_split(0x80000081u));
    uint32_t disagree = 0, sw_ne = 0;
    for (uint32_t gx = 0; gx < 2040u; gx++) {
        for (uint32_t gy = 0; gy < 2040u; gy++) {
            uint32_t h = gy * (214614067u * gx + 1813693831u) - 1109124029u * gx - 1369149221u;
            bool retail = acp_landblock_split_sw_to_ne(gx, gy);
            sw_ne += retail;
            disagree += (retail != ((double)h * (double)0x1p-32f >= 0.5)) + (retail != ace_split(h)) +
                        (retail != phat_split(h));
        }
    }
    ENSURE_EQ(disagree, 0);
    ENSURE(sw_ne > 2040u * 2040u / 3u && sw_ne < 2040u * 2040u * 2u / 3u); /* both diagonals occur */
}

void suite_terrain(void)
{
    RUN(split_rule);
    RUN(vertices_and_planes);
    RUN(make_plane_bits);
    RUN(water);
    RUN(water_depth_nearest_corner);
    RUN(cell_lists);
    RUN(point_in_poly2d_edge_lines);
    RUN(stacked_spheres_cell_list);
    RUN(loaded_set);
    RUN(split_of_ace_physics_copy_agrees_over_the_world);
    RUN(water_depth_peer_corners);
}
