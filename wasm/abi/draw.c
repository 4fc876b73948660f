/* acphys — the WebAssembly ABI, the draw side (src/draw/draw.h): matrices and terrain vertex
 * arrays for renderers, each call filling one caller-provided float array (16 floats per
 * matrix, column-major; positions in the landblock frame of `origin_cell`). They are float
 * arithmetic of cglm, not part of any trace: native and WASM agree within float rounding.
 * Conventions: wasm/abi/abi.h. */
#include "abi.h"

#include "draw/draw.h"

/** The object's part matrices (part order; draw.h acp_draw_part_matrices): writes
 *  min(count, capacity) matrices at out and returns the part count. */
ACP_ABI uint32_t acp_abi_draw_part_matrices(acp_physobj *obj, uint32_t origin_cell, float *out, uint32_t capacity)
{
    return acp_draw_part_matrices(obj, origin_cell, out, capacity);
}
/** The object's collision sphere matrices (the unit sphere mapped onto each); returns the count. */
ACP_ABI uint32_t acp_abi_draw_sphere_matrices(const acp_physobj *obj, uint32_t origin_cell, float *out,
                                             uint32_t capacity)
{
    return acp_draw_sphere_matrices(obj, origin_cell, out, capacity);
}
/** The Setup's collision cylinder matrices (the unit cylinder, z 0..1, mapped onto each). */
ACP_ABI uint32_t acp_abi_draw_cylsphere_matrices(const acp_physobj *obj, uint32_t origin_cell, float *out,
                                                uint32_t capacity)
{
    return acp_draw_cylsphere_matrices(obj, origin_cell, out, capacity);
}
/** The selection sphere's matrix (16 floats at out): 1, or 0 without a Setup. */
ACP_ABI uint32_t acp_abi_draw_selection_sphere_matrix(const acp_physobj *obj, uint32_t origin_cell, float *out)
{
    return acp_draw_selection_sphere_matrix(obj, origin_cell, out);
}
/** Every object's part matrices back to back (update order, then the static animating objects). */
ACP_ABI uint32_t acp_abi_draw_world_part_matrices(acp_world *w, uint32_t origin_cell, float *out, uint32_t capacity)
{
    return acp_draw_world_part_matrices(w, origin_cell, out, capacity);
}
/** Every object's sphere matrices back to back, in the same object order. */
ACP_ABI uint32_t acp_abi_draw_world_sphere_matrices(const acp_world *w, uint32_t origin_cell, float *out,
                                                   uint32_t capacity)
{
    return acp_draw_world_sphere_matrices(w, origin_cell, out, capacity);
}
/** The terrain's i-th loaded landblock as a triangle list: 384 vertices, x, y, z floats each;
 *  `capacity` counts floats (1152 for all). Returns 384, or 0 when i is out of range. */
ACP_ABI uint32_t acp_abi_draw_terrain_positions(const acp_terrain *t, uint32_t i, uint32_t origin_cell, float *out,
                                               uint32_t capacity)
{
    if (!t || i >= t->num_blocks) return 0;
    return acp_draw_terrain_positions(&t->blocks[i], origin_cell, out, capacity);
}
/** The normals of acp_abi_draw_terrain_positions (each triangle's plane normal, 3 floats per
 *  vertex; `capacity` counts floats). Returns 384, or 0 when i is out of range. */
ACP_ABI uint32_t acp_abi_draw_terrain_normals(const acp_terrain *t, uint32_t i, float *out, uint32_t capacity)
{
    if (!t || i >= t->num_blocks) return 0;
    return acp_draw_terrain_normals(&t->blocks[i], out, capacity);
}
/** The world's landblock statics' (and scenery's) collision spheres and cylinders as matrices
 *  (acp_draw_block_static_spheres / _cylspheres; `capacity` counts matrices). */
ACP_ABI uint32_t acp_abi_draw_block_static_spheres(const acp_world *w, uint32_t origin_cell, float *out, uint32_t capacity)
{
    return acp_draw_block_static_spheres(w, origin_cell, out, capacity);
}
ACP_ABI uint32_t acp_abi_draw_block_static_cylspheres(const acp_world *w, uint32_t origin_cell, float *out, uint32_t capacity)
{
    return acp_draw_block_static_cylspheres(w, origin_cell, out, capacity);
}
/** The world's landblock statics' physics polygons as a triangle list
 *  (acp_draw_block_static_physics_triangles; `capacity` counts floats). Returns the vertex count. */
ACP_ABI uint32_t acp_abi_draw_block_static_physics_triangles(const acp_world *w, uint32_t origin_cell, float *out, uint32_t capacity)
{
    return acp_draw_block_static_physics_triangles(w, origin_cell, out, capacity);
}
/** An object's parts from their GfxObjs' drawing polygons, the GfxObjs from the world's record
 *  store (acp_draw_part_triangles; `capacity` counts floats). Returns the vertex count. */
ACP_ABI uint32_t acp_abi_draw_part_triangles(acp_world *w, acp_physobj *obj, uint32_t origin_cell, float *out, uint32_t capacity)
{
    return w && obj ? acp_draw_part_triangles(w->dats, obj, origin_cell, out, capacity) : 0;
}
/** The world's records' buildings as a triangle list (acp_draw_building_triangles over the
 *  record store the world's objects use; `capacity` counts floats). Returns the vertex count. */
ACP_ABI uint32_t acp_abi_draw_building_triangles(const acp_world *w, uint32_t origin_cell, float *out, uint32_t capacity)
{
    return w ? acp_draw_building_triangles(w->dats, origin_cell, out, capacity) : 0;
}
/** The world's records' EnvCells as a triangle list (acp_draw_envcell_triangles; `capacity`
 *  counts floats). Returns the vertex count. */
ACP_ABI uint32_t acp_abi_draw_envcell_triangles(const acp_world *w, uint32_t origin_cell, float *out, uint32_t capacity)
{
    return w ? acp_draw_envcell_triangles(w->dats, origin_cell, out, capacity) : 0;
}
/** One EnvCell of the world's records as a triangle list (acp_draw_envcell_cell_triangles;
 *  `capacity` counts floats). Returns the vertex count (0: not an EnvCell of the records). */
ACP_ABI uint32_t acp_abi_draw_envcell_cell_triangles(const acp_world *w, uint32_t cell_id, uint32_t origin_cell, float *out,
                                                     uint32_t capacity)
{
    return w ? acp_draw_envcell_cell_triangles(w->dats, cell_id, origin_cell, out, capacity) : 0;
}
/** The world's records' static cylinders as matrices (acp_draw_static_cylinders; `capacity`
 *  counts matrices). Returns the cylinder count. */
ACP_ABI uint32_t acp_abi_draw_static_cylinders(const acp_world *w, uint32_t origin_cell, float *out, uint32_t capacity)
{
    return w ? acp_draw_static_cylinders(w->dats, origin_cell, out, capacity) : 0;
}
