/* Position and LandDefs tests: cell ids, landblock offsets and crossings. */
#include "test.h"

#include "physics/geometry/position.h"

static acp_position pos(uint32_t cell, float x, float y, float z)
{
    acp_position p;
    p.objcell_id = cell;
    p.frame = acp_frame_identity();
    p.frame.origin = (acp_vec3){x, y, z};
    return p;
}

/* From 0xA9B40039 (191, 10, 0) to 0xAAB40001 (1, 10, 0): one landblock east, 192 m + 1 − 191. */
static void get_offset_across_landblocks(void)
{
    acp_position a = pos(0xA9B40039u, 191.0f, 10.0f, 0.0f);
    acp_position b = pos(0xAAB40001u, 1.0f, 10.0f, 0.0f);
    acp_vec3 d = acp_position_get_offset(&a, &b);
    ENSURE_FBITS(d.x, 2.0f);
    ENSURE_FBITS(d.y, 0.0f);
    ENSURE_FBITS(d.z, 0.0f);
    ENSURE_DBITS(acp_position_distance(&a, &b), 2.0);
    d = acp_position_get_offset(&b, &a);
    ENSURE_FBITS(d.x, -2.0f);
    /* North: 0xA9B5 is one row north of 0xA9B4. */
    acp_position n = pos(0xA9B50001u, 0.0f, 0.5f, 3.0f);
    acp_position s = pos(0xA9B40008u, 0.0f, 191.5f, 0.0f);
    d = acp_position_get_offset(&s, &n);
    ENSURE_FBITS(d.y, 1.0f);
    ENSURE_FBITS(d.z, 3.0f);
    /* Same landblock: a plain difference. */
    acp_position c = pos(0xA9B40001u, 3.0f, 4.0f, 0.0f);
    acp_position o = pos(0xA9B40039u, 0.0f, 0.0f, 0.0f);
    ENSURE_DBITS(acp_position_distance(&o, &c), 5.0);
}

static void block_offset(void)
{
    acp_vec3 o = acp_landdefs_get_block_offset(0xA9B40039u, 0xA9B4FFFFu);
    ENSURE_FBITS(o.x, 0.0f);
    o = acp_landdefs_get_block_offset(0xA9B40039u, 0xA7B60001u);
    ENSURE_FBITS(o.x, -384.0f);
    ENSURE_FBITS(o.y, 384.0f);
    ENSURE_FBITS(o.z, 0.0f);
}

/* Outdoor cell − 1 = cx·8 + cy: (118.68, 58.52) is cx 4, cy 2 → 35 = 0x23. */
static void outdoor_cells(void)
{
    ENSURE_EQ(acp_cell_outdoor_from_local(0xD59A0000u, 118.6824f, 58.51815f), 0xD59A0023u);
    ENSURE_EQ(acp_cell_outdoor_from_local(0xD59A0000u, 0.0f, 0.0f), 0xD59A0001u);
    ENSURE_EQ(acp_cell_outdoor_from_local(0xD59A0000u, 191.99f, 191.99f), 0xD59A0040u);
    ENSURE_EQ(acp_cell_outdoor_from_local(0xD59A0000u, 192.0f, 0.0f), 0u);
    ENSURE_EQ(acp_cell_outdoor_from_local(0xD59A0000u, NAN, 0.0f), 0u);
    ENSURE(acp_cell_is_outdoor(0xD59A0040u));
    ENSURE(!acp_cell_is_outdoor(0xD59A0041u));
    ENSURE(!acp_cell_is_outdoor(0xD59A0000u));
    ENSURE(acp_cell_is_indoor(0x3A11012Bu));
    ENSURE(!acp_cell_is_indoor(0x3A11FFFFu));
    ENSURE_EQ(acp_cell_block_x(0xD59A0023u), 0xD5);
    ENSURE_EQ(acp_cell_block_y(0xD59A0023u), 0x9A);
    ENSURE_EQ(acp_cell_landblock_id(0xD59A0023u), 0xD59AFFFFu);
}

static void lcoords(void)
{
    int x = -1, y = -1;
    ENSURE(acp_landdefs_gid_to_lcoord(0xA9B40039u, &x, &y));
    ENSURE_EQ(x, 0xA9 * 8 + 7);
    ENSURE_EQ(y, 0xB4 * 8 + 0);
    ENSURE_EQ(acp_landdefs_lcoord_to_gid(x, y), 0xA9B40039u);
    ENSURE_EQ(acp_landdefs_lcoord_to_gid(x + 1, y), 0xAAB40001u);
    ENSURE_EQ(acp_landdefs_lcoord_to_gid(-1, 0), 0u);
    ENSURE_EQ(acp_landdefs_lcoord_to_gid(2040, 0), 0u);
    ENSURE_EQ(acp_landdefs_lcoord_to_gid(2039, 2039), 0xFEFE0040u);
    ENSURE(!acp_landdefs_gid_to_lcoord(0x3A11012Bu, &x, &y));
    ENSURE(!acp_landdefs_inbound_valid_cellid(0xA9B40041u));
    ENSURE(acp_landdefs_inbound_valid_cellid(0xA9B4FFFFu));
    ENSURE(!acp_landdefs_inbound_valid_cellid(0xFFB40001u)); /* x lcoord 2040 */
}

/* Crossing the east edge of 0xA9B4 at x = 192.4 lands in 0xAAB4, cell (0, 0) → 1, x 0.4. */
static void adjust_to_outside_crosses_landblocks(void)
{
    uint32_t cell = 0xA9B40039u;
    acp_vec3 loc = {192.4f, 10.0f, 5.0f};
    ENSURE(acp_landdefs_adjust_to_outside(&cell, &loc));
    ENSURE_EQ(cell, 0xAAB40001u);
    ENSURE_NEAR(loc.x, 0.4, 2e-5);
    ENSURE_FBITS(loc.y, 10.0f);
    ENSURE_FBITS(loc.z, 5.0f);
    /* West and south edges: −0.5 → previous landblock, 191.5. */
    cell = 0xA9B40001u;
    loc = (acp_vec3){-0.5f, -0.5f, 0.0f};
    ENSURE(acp_landdefs_adjust_to_outside(&cell, &loc));
    ENSURE_EQ(cell, 0xA8B30040u);
    ENSURE_FBITS(loc.x, 191.5f);
    ENSURE_FBITS(loc.y, 191.5f);
    /* Within EPSILON of zero snaps to 0 and stays in the landblock. */
    cell = 0xA9B40001u;
    loc = (acp_vec3){-0.0001f, 3.0f, 0.0f};
    ENSURE(acp_landdefs_adjust_to_outside(&cell, &loc));
    ENSURE_EQ(cell, 0xA9B40001u);
    ENSURE_FBITS(loc.x, 0.0f);
    /* Off the world's west edge, or an invalid cell: cell 0 and failure. */
    cell = 0x00100001u;
    loc = (acp_vec3){-1.0f, 3.0f, 0.0f};
    ENSURE(!acp_landdefs_adjust_to_outside(&cell, &loc));
    ENSURE_EQ(cell, 0u);
    cell = 0xA9B40050u;
    loc = (acp_vec3){1.0f, 1.0f, 0.0f};
    ENSURE(!acp_landdefs_adjust_to_outside(&cell, &loc));
    ENSURE_EQ(cell, 0u);
    cell = 0xA9B40001u;
    loc = (acp_vec3){NAN, 1.0f, 0.0f};
    ENSURE(!acp_landdefs_adjust_to_outside(&cell, &loc));
}

void suite_position(void)
{
    RUN(get_offset_across_landblocks);
    RUN(block_offset);
    RUN(outdoor_cells);
    RUN(lcoords);
    RUN(adjust_to_outside_crosses_landblocks);
}
