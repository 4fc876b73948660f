/* acphys — one CellStruct of an Environment: retail CCellStruct::UnPack (0x00533D00). Read
 * against PORTAL/ccell/CCellStruct.c.
 *
 * Layout: id, polygon count, physics polygon count, portal count (u32 each), the vertex array,
 * the polygons, the portal polygon indices (u16 each), align to 4, the cell BSP (over the
 * polygons), the physics polygons, the physics BSP (over them), a u32 that says whether a
 * drawing BSP (over the polygons) follows, align to 4.
 */
#include "unpack.h"

/* Retail: CCellStruct::UnPack (0x00533D00). */
void acp_unpack_cell_struct(acp_reader *r, acp_arena *a, acp_cell_struct *c)
{
    c->id = acp_reader_u32(r, "cell_struct.id");
    c->num_polygons = acp_reader_count(r, 12, ACP_MAX_GFX_POLYGONS, "cell_struct.num_polygons");
    c->num_physics_polygons = acp_reader_count(r, 12, ACP_MAX_GFX_POLYGONS, "cell_struct.num_physics_polygons");
    c->num_portals = acp_reader_count(r, 2, ACP_MAX_GFX_POLYGONS, "cell_struct.num_portals");
    acp_unpack_vertex_array(r, a, &c->vertex_array);
    uint32_t nv = c->vertex_array.num_vertices;
    c->polygons = acp_unpack_polygons(r, a, c->num_polygons, nv, "cell_struct.polygons");
    c->portals = acp_unpack_array(r, a, c->num_portals, sizeof *c->portals, "cell_struct.portals");
    for (uint32_t i = 0; c->portals && i < c->num_portals; i++) {
        size_t at = r->pos;
        c->portals[i] = acp_reader_u16(r, "cell_struct.portals");
        if (acp_reader_ok(r) && c->portals[i] >= c->num_polygons) acp_reader_fail(r, ACP_DAT_ERR_INDEX, at, "cell_struct.portals");
    }
    acp_reader_align4(r, "cell_struct.portals");
    if (!acp_reader_ok(r)) return;
    c->cell_bsp = acp_unpack_bsp_tree(r, a, ACP_BSP_CELL, c->num_polygons, "cell_struct.cell_bsp");
    c->physics_polygons = acp_unpack_polygons(r, a, c->num_physics_polygons, nv, "cell_struct.physics_polygons");
    if (!acp_reader_ok(r)) return;
    c->physics_bsp = acp_unpack_bsp_tree(r, a, ACP_BSP_PHYSICS, c->num_physics_polygons, "cell_struct.physics_bsp");
    uint32_t has_drawing = acp_reader_u32(r, "cell_struct.has_drawing_bsp");
    if (has_drawing && acp_reader_ok(r))
        c->drawing_bsp = acp_unpack_bsp_tree(r, a, ACP_BSP_DRAWING, c->num_polygons, "cell_struct.drawing_bsp");
    acp_reader_align4(r, "cell_struct.end");
}
