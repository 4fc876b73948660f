/* acphys — retail CLandBlockStruct / CLandBlock. See landblock_struct.h. Read against PORTAL/ccell/
 * CLandBlockStruct.c and CLandBlock.c. */
#include "landblock_struct.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

/* Retail TERRAIN_SURF_CHAR: terrain types 16..20 are water (SURFCHAR WATER = 1). */
static int surf_char(uint16_t terrain_word)
{
    unsigned type = ((unsigned)(terrain_word & 0xFFu) >> 2) & 0x1Fu;
    return type >= 16u && type <= 20u;
}

bool acp_landblock_split_sw_to_ne(uint32_t gx, uint32_t gy)
{
    uint32_t h = gy * (214614067u * gx + 1813693831u) - 1109124029u * gx - 1369149221u;
    return (double)h * (double)0x1p-32f >= 0.5;
}

static void construct_vertices(acp_landblock_struct *b, const float height_table[256])
{
    const float poly_size = (float)(192.0 / 8.0);
    for (int ix = 0; ix < 9; ix++) {
        for (int iy = 0; iy < 9; iy++) {
            acp_vec3 *v = &b->vertices[ix * 9 + iy];
            v->x = (float)((double)ix * poly_size);
            v->y = (float)((double)iy * poly_size);
            v->z = height_table[b->height[ix * 9 + iy]];
        }
    }
}

static const acp_polygon *add_polygon(acp_landblock_struct *b, int index, int v0, int v1, int v2)
{
    acp_polygon *p = &b->polygons[index];
    p->num_pts = 3;
    p->vertices[0] = b->vertices[v0];
    p->vertices[1] = b->vertices[v1];
    p->vertices[2] = b->vertices[v2];
    acp_polygon_make_plane(p);
    return p;
}

static void construct_cell(acp_landblock_struct *b, int x, int y, uint32_t gx, uint32_t gy)
{
    int k = x * 8 + y;
    int sw = x * 9 + y, se = (x + 1) * 9 + y;
    acp_landcell *c = &b->cells[k];
    bool cut = acp_landblock_split_sw_to_ne(gx, gy);
    b->sw_to_ne_cut[k] = cut;
    if (cut) {
        c->polygons[0] = add_polygon(b, 2 * k, sw, se, se + 1);
        c->polygons[1] = add_polygon(b, 2 * k + 1, sw, se + 1, sw + 1);
    } else {
        c->polygons[0] = add_polygon(b, 2 * k, sw, se, sw + 1);
        c->polygons[1] = add_polygon(b, 2 * k + 1, se + 1, sw + 1, se);
    }
    c->id = acp_landdefs_lcoord_to_gid((int)gx, (int)gy);
    c->block = b;
    c->pos.objcell_id = c->id;
    c->pos.frame = acp_frame_identity();
    c->pos.frame.origin.x = (float)((double)(2 * x + 1) * (24.0f * 0.5f));
    c->pos.frame.origin.y = (float)((double)(2 * y + 1) * (24.0f * 0.5f));
}

static void construct_polygons(acp_landblock_struct *b)
{
    uint32_t block_x = (b->id >> 21) & 0x7F8u;
    uint32_t block_y = 8u * ((b->id >> 16) & 0xFFu);
    for (int x = 0; x < 8; x++)
        for (int y = 0; y < 8; y++) construct_cell(b, x, y, (uint32_t)x + block_x, (uint32_t)y + block_y);
}

/* A cell's four corners: has water when any is water, all water when every one is. */
static uint32_t cell_water(const acp_landblock_struct *b, int x, int y)
{
    int water = 0;
    for (int vx = x; vx <= x + 1; vx++)
        for (int vy = y; vy <= y + 1; vy++) water += surf_char(b->terrain[vx * 9 + vy]);
    if (water == 0) return ACP_NOT_WATER;
    return water == 4 ? ACP_ENTIRELY_WATER : ACP_PARTIALLY_WATER;
}

static void calc_water(acp_landblock_struct *b)
{
    bool has_water = false, all_water = true;
    for (int x = 0; x < 8; x++) {
        for (int y = 0; y < 8; y++) {
            uint32_t w = cell_water(b, x, y);
            b->cells[x * 8 + y].water_type = w;
            if (w != ACP_NOT_WATER) has_water = true;
            if (w != ACP_ENTIRELY_WATER) all_water = false;
        }
    }
    b->water_type = has_water ? (all_water ? ACP_ENTIRELY_WATER : ACP_PARTIALLY_WATER) : ACP_NOT_WATER;
}

void acp_landblock_struct_build(acp_landblock_struct *b, const acp_landblock *rec, const float height_table[256])
{
    memset(b, 0, sizeof *b);
    b->id = (rec->id & 0xFFFF0000u) | 0xFFFFu;
    memcpy(b->terrain, rec->terrain, sizeof b->terrain);
    memcpy(b->height, rec->height, sizeof b->height);
    construct_vertices(b, height_table);
    construct_polygons(b);
    calc_water(b);
}

double acp_landblock_struct_calc_water_depth(const acp_landblock_struct *b, uint32_t cell_id, acp_vec3 point)
{
    uint32_t c = cell_id & 0xFFFFu;
    if (!acp_landdefs_inbound_valid_cellid(cell_id) || c < 1u || c > 64u) return 0.1f;
    uint32_t cx = (c - 1u) >> 3, cy = (c - 1u) & 7u;
    /* The listing's two x87 tests (operands lost): c0|c2 clear (ordered, ≥) takes the west
     * column, c0|c3 set (≤ or unordered) the south row; as nearest-corner tests against the
     * cell's midpoint in the landblock frame (docs/DEVIATIONS.md T4). */
    const double mid_x = 24.0 * cx + 12.0, mid_y = 24.0 * cy + 12.0;
    uint32_t vx = mid_x >= (double)point.x ? cx : cx + 1u; /* x ≤ mid: west; x > mid or NaN: east */
    uint32_t vy = (double)point.y > mid_y ? cy + 1u : cy;  /* y > mid: north; y ≤ mid or NaN: south */
    return surf_char(b->terrain[vx * 9u + vy]) ? 0.45f : 0.1f;
}

double acp_landblock_struct_calc_water_depth_ace(const acp_landblock_struct *b, uint32_t cell_id, acp_vec3 point)
{
    uint32_t c = cell_id & 0xFFFFu;
    if (!acp_landdefs_inbound_valid_cellid(cell_id) || c < 1u || c > 64u) return 0.1f;
    uint32_t cx = (c - 1u) >> 3, cy = (c - 1u) & 7u;
    uint32_t vx = fmodf(point.x, 24.0f) >= 12.0f ? cx + 1u : cx; /* LandblockStruct.cs:664 */
    uint32_t vy = fmodf(point.y, 24.0f) >= 12.0f ? cy + 1u : cy; /* LandblockStruct.cs:667 */
    return surf_char(b->terrain[vx * 9u + vy]) ? 0.45f : 0.1f;
}

double acp_landblock_struct_calc_water_depth_gdle(const acp_landblock_struct *b, uint32_t cell_id, acp_vec3 point)
{
    uint32_t c = cell_id & 0xFFFFu;
    if (!acp_landdefs_inbound_valid_cellid(cell_id) || c < 1u || c > 64u) return 0.1f;
    uint32_t cx = (c - 1u) >> 3, cy = (c - 1u) & 7u;
    uint32_t vx = fmod((double)point.x, 24.0) > 12.0 ? cx + 1u : cx; /* LandBlockStruct.cpp:813 */
    uint32_t vy = fmod((double)point.y, 24.0) > 12.0 ? cy + 1u : cy;
    return surf_char(b->terrain[vx * 9u + vy]) ? 0.45f : 0.1f;
}

const acp_landcell *acp_landblock_struct_get_landcell(const acp_landblock_struct *b, uint32_t cell_id)
{
    /* Outdoor cell c (1..64) of a landblock is its cell (c − 1) = (x & 7)·8 + (y & 7); the id
     * check rejects every other id (a built cell's id is a valid one). */
    if (!acp_cell_is_outdoor(cell_id)) return NULL;
    const acp_landcell *c = &b->cells[(cell_id & 0xFFFFu) - 1u];
    return c->id == cell_id ? c : NULL;
}
