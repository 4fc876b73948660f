/* acphys — the GfxObj record (0x01xxxxxx): retail CGfxObj::Serialize (0x00534970) in its
 * reading direction. Read against PORTAL/gfxobj/CGfxObj.c. The vertex array is vertex_array.c,
 * the polygons polygon.c, the BSP trees bsp.c.
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
uint32_t acp_unpack_compressed_count(acp_reader *r, uint64_t min_elem, uint32_t limit, const char *field)
{
    size_t at = r->pos;
    uint32_t n = unpack_compressed_u32(r, field);
    if (!acp_reader_ok(r) || !acp_reader_check_count(r, n, min_elem, limit, at, field)) return 0;
    return n;
}

/* A polygon list: a compressed count (each polygon at least 12 bytes), then the polygons. */
static acp_gfx_polygon *unpack_polygons(acp_reader *r, acp_arena *a, const acp_gfxobj *g, uint32_t *n,
                                        const char *field)
{
    *n = acp_unpack_compressed_count(r, 12, ACP_MAX_GFX_POLYGONS, field);
    return acp_unpack_polygons(r, a, *n, g->vertex_array.num_vertices, field);
}

/* Retail: CGfxObj::Serialize (0x00534970), reading. */
void acp_unpack_gfxobj(acp_reader *r, acp_arena *a, void *out)
{
    acp_gfxobj *g = out;
    g->id = acp_reader_u32(r, "gfxobj.id");
    g->flags = acp_reader_u32(r, "gfxobj.flags");
    g->num_surfaces = acp_unpack_compressed_count(r, 4, ACP_MAX_GFX_SURFACES, "gfxobj.num_surfaces");
    g->surfaces = acp_unpack_array(r, a, g->num_surfaces, sizeof *g->surfaces, "gfxobj.surfaces");
    for (uint32_t i = 0; g->surfaces && i < g->num_surfaces; i++) g->surfaces[i] = acp_reader_u32(r, "gfxobj.surfaces");
    acp_unpack_vertex_array(r, a, &g->vertex_array);
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
