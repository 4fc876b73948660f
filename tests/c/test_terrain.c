/* Terrain tests (issue 7): landblocks built from LandBlock records as retail builds them
 * (CLandBlockStruct::ConstructVertices / ConstructPolygons / CalcWater), land cells, the cell
 * lists of a sweep, and the loaded-landblock set. The real landblocks and the Region's height
 * table come from the default cell excerpt, data/cell-default.dat (read through acp_datset).
 * Expected values are worked out from the retail rules; the comments give the arithmetic. */
#include "test.h"

#include <stdlib.h>

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
 * calc_water_depth compares the point's x with its y (landblock frame): x > y → corner (8, 7),
 * water, 0.45; x < y → (7, 8), solid, 0.1; x = y → (7, 7), 0.1. A dry cell: 0. */
static void water(void)
{
    LOAD_DEFAULT_EXCERPTS(dats);
    uint32_t ids[] = {0xAAB4FFFFu};
    acp_terrain *t = dat_terrain(dats, ids, 1);
    const acp_landcell *c = acp_terrain_get_landcell(t, 0xAAB40040u);
    ENSURE(c != NULL);
    ENSURE_EQ(c->water_type, ACP_PARTIALLY_WATER);
    ENSURE_EQ(acp_landcell_get_block_water_type(c), ACP_PARTIALLY_WATER);
    ENSURE_FBITS(acp_landcell_get_water_depth(c, (acp_vec3){190.0f, 170.0f, 0.0f}), 0.45f);
    ENSURE_FBITS(acp_landcell_get_water_depth(c, (acp_vec3){170.0f, 190.0f, 0.0f}), 0.1f);
    ENSURE_FBITS(acp_landcell_get_water_depth(c, (acp_vec3){180.0f, 180.0f, 0.0f}), 0.1f);
    const acp_landcell *dry = acp_terrain_get_landcell(t, 0xAAB40001u);
    ENSURE_EQ(dry->water_type, ACP_NOT_WATER);
    ENSURE_FBITS(acp_landcell_get_water_depth(dry, (acp_vec3){10.0f, 10.0f, 0.0f}), 0.0f);
    acp_terrain_destroy(t);
    /* Every corner water: every cell ENTIRELY, the block too; depth 0.9. */
    t = all_water_terrain(dats, 0xAAB4FFFFu);
    c = acp_terrain_get_landcell(t, 0xAAB40001u);
    ENSURE_EQ(c->water_type, ACP_ENTIRELY_WATER);
    ENSURE_EQ(acp_landcell_get_block_water_type(c), ACP_ENTIRELY_WATER);
    ENSURE_FBITS(acp_landcell_get_water_depth(c, (acp_vec3){10.0f, 10.0f, 0.0f}), 0.9f);
    acp_terrain_destroy(t);
    acp_datset_destroy(dats);
}

static acp_cell_array cells_of(const acp_terrain *t, acp_position p, acp_sphere s, const acp_landcell **curr)
{
    acp_cell_array ca;
    memset(&ca, 0, sizeof ca);
    *curr = NULL;
    acp_objcell_find_cell_list(t, &p, 1, &s, &ca, curr, NULL);
    return ca;
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
    acp_cell_array ca = cells_of(t, p, (acp_sphere){{12.0f, 12.0f, 90.0f}, 0.5f}, &curr);
    ENSURE_EQ(ca.num_cells, 1);
    ENSURE(curr && curr->id == 0xA9B40001u);
    ca = cells_of(t, p, (acp_sphere){{23.7f, 12.0f, 90.0f}, 0.5f}, &curr); /* 23.7 > 23.5: east too */
    ENSURE_EQ(ca.num_cells, 2);
    ENSURE_EQ(ca.cells[1].cell_id, 0xA9B40009u);
    ENSURE(curr && curr->id == 0xA9B40001u);
    ca = cells_of(t, p, (acp_sphere){{24.0f, 12.0f, 90.0f}, 0.5f}, &curr);
    ENSURE_EQ(ca.num_cells, 2);
    ENSURE_EQ(ca.cells[0].cell_id, 0xA9B40009u);
    ENSURE_EQ(ca.cells[1].cell_id, 0xA9B40001u);
    ENSURE(curr && curr->id == 0xA9B40001u);
    /* A corner: (23.8, 23.8) reaches east, north-east and north: 4 cells. */
    ca = cells_of(t, p, (acp_sphere){{23.8f, 23.8f, 90.0f}, 0.5f}, &curr);
    ENSURE_EQ(ca.num_cells, 4);
    /* Across the landblock edge x = 192 (A9B4 → AAB4): AAB4 is not loaded, so its cell is listed
     * without a cell; the centre (191.8) is still in A9B4's cell 0x39. */
    p = local_position(0xA9B40000u, 191.8f, 12.0f, 0.0f, 0.0f);
    ca = cells_of(t, p, (acp_sphere){{191.8f, 12.0f, 90.0f}, 0.5f}, &curr);
    ENSURE_EQ(ca.num_cells, 2);
    ENSURE_EQ(ca.cells[1].cell_id, 0xAAB40001u);
    ENSURE(ca.cells[1].cell == NULL);
    ENSURE(curr && curr->id == 0xA9B40039u);
    /* A centre past the edge (192.3 in A9B4's frame) belongs to AAB4's cell 1: none loaded. */
    ca = cells_of(t, p, (acp_sphere){{192.3f, 12.0f, 90.0f}, 0.5f}, &curr);
    ENSURE_EQ(ca.cells[0].cell_id, 0xAAB40001u);
    ENSURE(curr == NULL);
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

void suite_terrain(void)
{
    RUN(split_rule);
    RUN(vertices_and_planes);
    RUN(make_plane_bits);
    RUN(water);
    RUN(cell_lists);
    RUN(loaded_set);
}
