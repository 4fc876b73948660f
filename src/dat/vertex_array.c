/* acphys — vertex arrays as GfxObjs and CellStructs store them: retail CVertexArray::UnPack
 * (0x0053C030) and CSWVertex::UnPack (0x0053DE50). Read against PORTAL/cgeometry/
 * CVertexArray.c and CVertex.c. */
#include "unpack.h"

/* Id, uv count, origin (finite: the physics reads it), normal, the uvs (drawing data, skipped).
 * Retail: CSWVertex::UnPack (0x0053DE50). */
static void unpack_vertex(acp_reader *r, acp_gfx_vertex *v)
{
    v->id = acp_reader_u16(r, "vertex_array.vertices.id");
    v->num_uvs = acp_reader_u16(r, "vertex_array.vertices.num_uvs");
    v->origin = acp_reader_vec3_finite(r, "vertex_array.vertices.origin");
    v->normal.x = acp_reader_f32(r, "vertex_array.vertices.normal");
    v->normal.y = acp_reader_f32(r, "vertex_array.vertices.normal");
    v->normal.z = acp_reader_f32(r, "vertex_array.vertices.normal");
    acp_reader_skip(r, (size_t)v->num_uvs * 8u, "vertex_array.vertices.uvs");
}

/* Type and count, then the vertices when the type is 1 (CSWVertex). Retail allocates and leaves
 * unread the vertices of any other type; acphys refuses it (ERR_VERTEX_TYPE, DEVIATIONS D12).
 * Retail: CVertexArray::UnPack (0x0053C030). */
void acp_unpack_vertex_array(acp_reader *r, acp_arena *a, acp_vertex_array *va)
{
    size_t at = r->pos;
    va->type = acp_reader_u32(r, "vertex_array.type");
    if (acp_reader_ok(r) && va->type != 1u) acp_reader_fail(r, ACP_DAT_ERR_VERTEX_TYPE, at, "vertex_array.type");
    va->num_vertices = acp_reader_count(r, 28, ACP_MAX_GFX_VERTICES, "vertex_array.num_vertices");
    va->vertices = acp_unpack_array(r, a, va->num_vertices, sizeof *va->vertices, "vertex_array.vertices");
    for (uint32_t i = 0; va->vertices && i < va->num_vertices; i++) unpack_vertex(r, &va->vertices[i]);
}
