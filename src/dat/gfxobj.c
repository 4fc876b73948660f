/* acphys — the GfxObj record (0x01xxxxxx): retail CGfxObj::Serialize (0x00534970) in its
 * reading direction, with CVertexArray::UnPack (0x0053C030), CSWVertex::UnPack (0x0053DE50)
 * and CPolygon::UnPack (0x00538650). Read against PORTAL/gfxobj/CGfxObj.c and
 * PORTAL/cgeometry/CVertexArray.c, CVertex.c, CPolygon.c. The BSP trees are bsp.c.
 *
 * Layout: id, flags (u32), surfaces (compressed count, u32 ids), the vertex array (type u32,
 * count u32, CSWVertex each: id u16, uv count u16, origin, normal, uvs 2 floats each); with
 * HAS_PHYSICS the physics polygons (compressed count, CPolygon each) and the physics BSP; the
 * sort centre (3 floats); with HAS_DRAWING the drawing polygons and the drawing BSP; with
 * HAS_DEGRADE the degrade id (u32).
 */
#include "unpack.h"

/* Retail: SB_As32Bit_Compressed::Serialize (reading). One byte below 0x80; 0x80 set and 0x40 clear, two
 * bytes ((b0 & 0x7F) << 8 | b1); both set, four ((b0 & 0x3F) << 24 | b1 << 16 | a u16). */
static uint32_t unpack_compressed_u32(acp_reader *r, const char *field)
{
    uint8_t b0 = acp_reader_u8(r, field);
    if (!(b0 & 0x80u)) return b0;
    uint8_t b1 = acp_reader_u8(r, field);
    if (!(b0 & 0x40u)) return (uint32_t)(b0 & 0x7Fu) << 8 | b1;
    uint16_t low = acp_reader_u16(r, field);
    return ((uint32_t)(b0 & 0x3Fu) << 8 | b1) << 16 | low;
}

/* A compressed count checked like acp_reader_count (ERR_LIMIT, ERR_COUNT at its offset). */
static uint32_t unpack_compressed_count(acp_reader *r, uint64_t min_elem, uint32_t limit, const char *field)
{
    size_t at = r->pos;
    uint32_t n = unpack_compressed_u32(r, field);
    if (!acp_reader_ok(r) || !acp_reader_check_count(r, n, min_elem, limit, at, field)) return 0;
    return n;
}

/* Id, uv count, origin (finite: the physics reads it), normal, the uvs (drawing data, skipped).
 * Retail: CSWVertex::UnPack (0x0053DE50). */
static void unpack_vertex(acp_reader *r, acp_gfx_vertex *v)
{
    v->id = acp_reader_u16(r, "gfxobj.vertices.id");
    v->num_uvs = acp_reader_u16(r, "gfxobj.vertices.num_uvs");
    v->origin = acp_reader_vec3_finite(r, "gfxobj.vertices.origin");
    v->normal.x = acp_reader_f32(r, "gfxobj.vertices.normal");
    v->normal.y = acp_reader_f32(r, "gfxobj.vertices.normal");
    v->normal.z = acp_reader_f32(r, "gfxobj.vertices.normal");
    acp_reader_skip(r, (size_t)v->num_uvs * 8u, "gfxobj.vertices.uvs");
}

/* Type and count, then the vertices when the type is 1 (CSWVertex). Retail allocates and leaves
 * unread the vertices of any other type; acphys refuses it (ERR_VERTEX_TYPE, DEVIATIONS D12).
 * Retail: CVertexArray::UnPack (0x0053C030). */
static void unpack_vertex_array(acp_reader *r, acp_arena *a, acp_gfxobj *g)
{
    size_t at = r->pos;
    g->vertex_type = acp_reader_u32(r, "gfxobj.vertex_type");
    if (acp_reader_ok(r) && g->vertex_type != 1u) acp_reader_fail(r, ACP_DAT_ERR_VERTEX_TYPE, at, "gfxobj.vertex_type");
    g->num_vertices = acp_reader_count(r, 28, ACP_MAX_GFX_VERTICES, "gfxobj.num_vertices");
    g->vertices = acp_unpack_array(r, a, g->num_vertices, sizeof *g->vertices, "gfxobj.vertices");
    for (uint32_t i = 0; g->vertices && i < g->num_vertices; i++) unpack_vertex(r, &g->vertices[i]);
}

/* Retail: CPolygon::UnPack (0x00538650). Id, point count (u8), stippling (u8), sides (i32), surfaces, vertex ids
 * (each checked against the vertex array), the positive uv indices unless NO_POS_UVS, the
 * negative ones for clockwise polygons unless NO_NEG_UVS (both skipped); a two-sided polygon
 * takes its positive surface for its negative side, as retail. */
static void unpack_polygon(acp_reader *r, acp_arena *a, acp_gfx_polygon *p, uint32_t num_vertices)
{
    p->poly_id = acp_reader_u16(r, "gfxobj.polygons.poly_id");
    p->num_pts = acp_reader_u8(r, "gfxobj.polygons.num_pts");
    p->stippling = acp_reader_u8(r, "gfxobj.polygons.stippling");
    p->sides_type = acp_reader_i32(r, "gfxobj.polygons.sides_type");
    p->pos_surface = (int16_t)acp_reader_u16(r, "gfxobj.polygons.pos_surface");
    p->neg_surface = (int16_t)acp_reader_u16(r, "gfxobj.polygons.neg_surface");
    p->vertex_ids = acp_unpack_array(r, a, p->num_pts, sizeof *p->vertex_ids, "gfxobj.polygons.vertex_ids");
    for (uint32_t i = 0; p->vertex_ids && i < p->num_pts; i++) {
        size_t at = r->pos;
        p->vertex_ids[i] = acp_reader_u16(r, "gfxobj.polygons.vertex_ids");
        if (acp_reader_ok(r) && p->vertex_ids[i] >= num_vertices)
            acp_reader_fail(r, ACP_DAT_ERR_INDEX, at, "gfxobj.polygons.vertex_ids");
    }
    if (!(p->stippling & ACP_POLY_NO_POS_UVS)) acp_reader_skip(r, p->num_pts, "gfxobj.polygons.pos_uv_indices");
    if (p->sides_type == ACP_POLY_SIDES_CLOCKWISE && !(p->stippling & ACP_POLY_NO_NEG_UVS))
        acp_reader_skip(r, p->num_pts, "gfxobj.polygons.neg_uv_indices");
    if (p->sides_type == ACP_POLY_SIDES_BOTH) p->neg_surface = p->pos_surface;
}

/* A polygon list (compressed count; each polygon at least 12 bytes) and the BSP tree over it. */
static acp_gfx_polygon *unpack_polygons(acp_reader *r, acp_arena *a, const acp_gfxobj *g, uint32_t *n,
                                        const char *field)
{
    *n = unpack_compressed_count(r, 12, ACP_MAX_GFX_POLYGONS, field);
    acp_gfx_polygon *polys = acp_unpack_array(r, a, *n, sizeof *polys, field);
    for (uint32_t i = 0; polys && i < *n; i++) unpack_polygon(r, a, &polys[i], g->num_vertices);
    return polys;
}

/* Retail: CGfxObj::Serialize (0x00534970), reading. */
void acp_unpack_gfxobj(acp_reader *r, acp_arena *a, void *out)
{
    acp_gfxobj *g = out;
    g->id = acp_reader_u32(r, "gfxobj.id");
    g->flags = acp_reader_u32(r, "gfxobj.flags");
    g->num_surfaces = unpack_compressed_count(r, 4, ACP_MAX_GFX_SURFACES, "gfxobj.num_surfaces");
    g->surfaces = acp_unpack_array(r, a, g->num_surfaces, sizeof *g->surfaces, "gfxobj.surfaces");
    for (uint32_t i = 0; g->surfaces && i < g->num_surfaces; i++) g->surfaces[i] = acp_reader_u32(r, "gfxobj.surfaces");
    unpack_vertex_array(r, a, g);
    if (g->flags & ACP_GFX_HAS_PHYSICS) {
        g->physics_polygons = unpack_polygons(r, a, g, &g->num_physics_polygons, "gfxobj.physics_polygons");
        if (acp_reader_ok(r))
            g->physics_bsp = acp_unpack_bsp_tree(r, a, ACP_BSP_PHYSICS, g->num_physics_polygons, "gfxobj.physics_bsp");
    }
    g->sort_center = acp_reader_vec3_finite(r, "gfxobj.sort_center");
    if (g->flags & ACP_GFX_HAS_DRAWING) {
        g->polygons = unpack_polygons(r, a, g, &g->num_polygons, "gfxobj.polygons");
        if (acp_reader_ok(r))
            g->drawing_bsp = acp_unpack_bsp_tree(r, a, ACP_BSP_DRAWING, g->num_polygons, "gfxobj.drawing_bsp");
    }
    if (g->flags & ACP_GFX_HAS_DEGRADE) g->degrade_id = acp_reader_u32(r, "gfxobj.degrade_id");
    acp_unpack_expect_end(r);
}
