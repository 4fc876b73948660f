/* acphys — polygons as GfxObjs and CellStructs store them: retail CPolygon::UnPack
 * (0x00538650). Read against PORTAL/cgeometry/CPolygon.c. */
#include "unpack.h"

/* Retail: CPolygon::UnPack (0x00538650). Id, point count (u8), stippling (u8), sides (i32),
 * surfaces, vertex ids (each checked against the vertex array: D13), the positive uv indices
 * unless NO_POS_UVS, the negative ones for clockwise polygons unless NO_NEG_UVS (both skipped);
 * a two-sided polygon takes its positive surface for its negative side, as retail. */
void acp_unpack_polygon(acp_reader *r, acp_arena *a, acp_gfx_polygon *p, uint32_t num_vertices)
{
    p->poly_id = acp_reader_u16(r, "polygon.poly_id");
    p->num_pts = acp_reader_u8(r, "polygon.num_pts");
    p->stippling = acp_reader_u8(r, "polygon.stippling");
    p->sides_type = acp_reader_i32(r, "polygon.sides_type");
    p->pos_surface = (int16_t)acp_reader_u16(r, "polygon.pos_surface");
    p->neg_surface = (int16_t)acp_reader_u16(r, "polygon.neg_surface");
    p->vertex_ids = acp_unpack_array(r, a, p->num_pts, sizeof *p->vertex_ids, "polygon.vertex_ids");
    for (uint32_t i = 0; p->vertex_ids && i < p->num_pts; i++) {
        size_t at = r->pos;
        p->vertex_ids[i] = acp_reader_u16(r, "polygon.vertex_ids");
        if (acp_reader_ok(r) && p->vertex_ids[i] >= num_vertices) acp_reader_fail(r, ACP_DAT_ERR_INDEX, at, "polygon.vertex_ids");
    }
    if (!(p->stippling & ACP_POLY_NO_POS_UVS)) acp_reader_skip(r, p->num_pts, "polygon.pos_uv_indices");
    if (p->sides_type == ACP_POLY_SIDES_CLOCKWISE && !(p->stippling & ACP_POLY_NO_NEG_UVS))
        acp_reader_skip(r, p->num_pts, "polygon.neg_uv_indices");
    if (p->sides_type == ACP_POLY_SIDES_BOTH) p->neg_surface = p->pos_surface;
}

/* n polygons (each at least 12 bytes: checked before the allocation) over `num_vertices`. */
acp_gfx_polygon *acp_unpack_polygons(acp_reader *r, acp_arena *a, uint32_t n, uint32_t num_vertices, const char *field)
{
    acp_gfx_polygon *polys = acp_unpack_array(r, a, n, sizeof *polys, field);
    for (uint32_t i = 0; polys && i < n; i++) acp_unpack_polygon(r, a, &polys[i], num_vertices);
    return polys;
}
