/* acphys — the draw side: what a renderer needs of the physics' state, as 4×4 matrices and
 * vertex arrays, built with cglm (spheres, cylinders, selection sphere) and the compiler's
 * 4-float vectors (the part matrices, the hot path: see draw.c). Not part of the physics: nothing
 * under the physics folders includes this header or cglm (cmake/check_no_cglm.cmake fails the
 * build when one does), and nothing here writes physics state except, rarely, carrying out a
 * deferred part placement (physics/object/partarray.h) where composing it here could differ
 * from retail's (acp_draw_part_matrices).
 *
 * CONVENTIONS
 *   A matrix is 16 floats, column-major (OpenGL, WebGL and three.js Matrix4.fromArray order):
 *   columns 0-2 the rotated and scaled axes, column 3 the translation (metres).
 *   World frame of every output: the landblock frame of `origin_cell` (any cell id of the
 *   landblock, only its top 16 bits 0xXXYY count), +X east, +Y north, +Z up, metres. An object
 *   in landblock (X, Y) is shifted by ((X − origin X) · 192, (Y − origin Y) · 192, 0) m, added in
 *   double to its landblock-frame origin and then rounded to float: a renderer near the origin
 *   landblock keeps millimetre precision where global coordinates (up to 49,000 m) would not.
 *   Every fill function writes into one caller-provided float array and allocates nothing. It
 *   returns how many matrices (or vertices) the object, world or landblock has and writes the
 *   first min(count, capacity) of them: call with capacity 0 (out may then be NULL) to size the
 *   array once, then fill it every frame.
 *   The numbers are float arithmetic (cglm's and the compiler's vectors, SIMD where the compiler
 *   enables it: SSE natively, SIMD128 in the .wasm for draw.c alone), not retail's:
 *   within a few float ulps of the same composition in double, not bit-identical across builds,
 *   and never part of a trace or digest.
 */
#ifndef ACP_DRAW_H
#define ACP_DRAW_H

#include <stdbool.h>
#include <stdint.h>

#include "dat/dat.h"
#include "physics/cell/landblock_struct.h"
#include "physics/object/physobj.h"
#include "physics/world/physics.h"

/** Floats per matrix. */
#define ACP_DRAW_MAT4_FLOATS 16
/** Vertices of a landblock's terrain triangle list: 128 triangles × 3 (no index buffer, so each
 *  triangle has its own flat normal). */
#define ACP_DRAW_TERRAIN_VERTICES (ACP_LANDBLOCK_POLYGONS * 3)
/** Floats of a landblock's position (or normal) array: 3 per vertex. */
#define ACP_DRAW_TERRAIN_FLOATS (ACP_DRAW_TERRAIN_VERTICES * 3)

/** The shift (metres, double) from the landblock frame of cell_id to that of origin_cell:
 *  ((X − X₀) · 192, (Y − Y₀) · 192, 0) with X = cell_id >> 24, Y = (cell_id >> 16) & 0xFF. */
void acp_draw_landblock_offset(uint32_t cell_id, uint32_t origin_cell, double out[3]);

/** The object's part matrices, in part order: part i's world frame as the physics places it
 *  (CPartArray::UpdateParts: object frame ∘ the current animation or placement frame's part i,
 *  its origin × the object's scale; retail's CPhysicsPart::pos) times a scale by the part's
 *  drawing scale (the Setup's default scale × the object's scale; CPhysicsPart::gfxobj_scale):
 *  T(origin) · R · S(gfx scale). Returns the part count (0 without a part array).
 *  Where a placement is pending (SetFrame records it and the physics defers it to the first read,
 *  partarray.h), the matrix is composed here from what SetFrame recorded, in float: R = R(object
 *  frame) · R(part quaternion / |quaternion|), origin = object origin + R(object frame) · (scale ∘
 *  part origin): the same frame within a few float ulps, and the placement stays pending (the
 *  physics' frames are not touched). Where Frame::set_rotate could refuse a product (partarray.c's
 *  sufficient test fails: retail then keeps a part's previous rotation), the placement is carried
 *  out and the placed frames are drawn. Parts without a pending placement: their placed frames
 *  (T(origin) · the frame's cached rotation matrix · S). */
uint32_t acp_draw_part_matrices(acp_physobj *obj, uint32_t origin_cell, float *out, uint32_t capacity);

/** The object's collision spheres (object axes before scaling, as the Setup holds them): sphere
 *  k is T(object origin) · R(object frame) · T(m_scale · centre) · S(m_scale · radius), the unit
 *  sphere at the origin mapped onto it (the scale SPHEREPATH::init_sphere applies). Returns the
 *  sphere count. */
uint32_t acp_draw_sphere_matrices(const acp_physobj *obj, uint32_t origin_cell, float *out, uint32_t capacity);

/** The Setup's collision cylinders (CCylSphere: low point, radius, height): cylinder k is
 *  T(object origin) · R(object frame) · T(m_scale · low point) · S(m_scale · (radius, radius,
 *  height)), the unit cylinder (radius 1, z from 0 to 1) mapped onto it. Returns the count
 *  (0 without a Setup). */
uint32_t acp_draw_cylsphere_matrices(const acp_physobj *obj, uint32_t origin_cell, float *out, uint32_t capacity);

/** The Setup's selection sphere, scaled as the collision spheres (one matrix, 16 floats).
 *  Returns 1, or 0 (nothing written) without a Setup. */
uint32_t acp_draw_selection_sphere_matrix(const acp_physobj *obj, uint32_t origin_cell, float *out);

/** acp_draw_part_matrices of every object of the world, back to back: the world's objects in
 *  update order, then its static animating objects. Returns the total part count. The same
 *  numbers, bit for bit, as one acp_draw_part_matrices per object; objects showing the same
 *  animation frame share its part rotations within the call (computed once, on the stack). */
uint32_t acp_draw_world_part_matrices(acp_world *w, uint32_t origin_cell, float *out, uint32_t capacity);

/** acp_draw_sphere_matrices of every object of the world, in the order of
 *  acp_draw_world_part_matrices. Returns the total sphere count. */
uint32_t acp_draw_world_sphere_matrices(const acp_world *w, uint32_t origin_cell, float *out, uint32_t capacity);

/** acp_draw_sphere_matrices and acp_draw_cylsphere_matrices of each of the world's landblock
 *  static objects (w->block_statics: the LandBlockInfos' objects and the scenery
 *  get_land_scenes made, acp_land_scenes_init), in their order: their collision shapes. Return
 *  the total count; `capacity` counts matrices. */
uint32_t acp_draw_block_static_spheres(const acp_world *w, uint32_t origin_cell, float *out, uint32_t capacity);
uint32_t acp_draw_block_static_cylspheres(const acp_world *w, uint32_t origin_cell, float *out, uint32_t capacity);

/** The world's landblock statics' (and scenery's) physics polygons, the ones their physics BSPs
 *  collide with (a rock's; CGfxObj's physics_polygons, retail CGfxObj::find_obj_collisions
 *  0x00534700 sweeps them through the physics BSP), as a triangle list like acp_draw_part_triangles:
 *  fans (v0, v[t], v[t+1]) of every part's GfxObj (from w->dats) placed by its part's matrix in
 *  origin_cell's landblock frame; x, y, z floats per vertex. Returns the vertex count; `capacity`
 *  counts floats and min(count, capacity / 3) whole vertices are written. */
uint32_t acp_draw_block_static_physics_triangles(const acp_world *w, uint32_t origin_cell, float *out, uint32_t capacity);

/** The object's parts drawn from their GfxObjs' drawing polygons (the Setup's part ids looked up
 *  in `set`; a part whose GfxObj is not there is skipped) as a triangle list: fans (v0, v[t],
 *  v[t+1]), each vertex placed by its part's matrix (acp_draw_part_matrices: the part's world
 *  frame × its drawing scale) in origin_cell's landblock frame; x, y, z floats per vertex. Returns
 *  the vertex count; `capacity` counts floats and min(count, capacity / 3) whole vertices are
 *  written. The first 256 parts of a Setup are drawn. */
uint32_t acp_draw_part_triangles(const acp_datset *set, acp_physobj *obj, uint32_t origin_cell, float *out, uint32_t capacity);

/** The landblock's terrain as a triangle list: polygon p's three vertices (CPolygon vertices,
 *  the winding retail gives them: counter-clockwise seen from above) at floats 9p..9p + 8, x, y,
 *  z each, shifted into origin_cell's landblock frame. Returns ACP_DRAW_TERRAIN_VERTICES; writes
 *  min(that, capacity / 3) whole vertices. */
uint32_t acp_draw_terrain_positions(const acp_landblock_struct *b, uint32_t origin_cell, float *out, uint32_t capacity);

/** The normals for acp_draw_terrain_positions: polygon p's plane normal (CPolygon::make_plane,
 *  unit, up) for each of its three vertices. Returns ACP_DRAW_TERRAIN_VERTICES. */
uint32_t acp_draw_terrain_normals(const acp_landblock_struct *b, float *out, uint32_t capacity);

/** The buildings of every LandBlockInfo of `set` (in record order, each building in its order)
 *  as a triangle list: each building's model GfxObj's physics polygons (its drawing polygons when
 *  it has none) as fans (v0, v[t], v[t+1]), every vertex placed by the building's frame
 *  (CLandBlockInfo's BuildInfo: origin in the landblock, rotation as Frame::cache derives it) and
 *  shifted into origin_cell's landblock frame; x, y, z floats per vertex. A model that is not a
 *  GfxObj of the set is skipped. Returns the vertex count; `capacity` counts floats and
 *  min(count, capacity / 3) whole vertices are written (out may be NULL with capacity 0). */
uint32_t acp_draw_building_triangles(const acp_datset *set, uint32_t origin_cell, float *out, uint32_t capacity);

/** Every EnvCell of `set` as a triangle list, as acp_draw_building_triangles: the polygons of
 *  the cell's CellStruct (the Environment's struct whose id the cell names; portals included) as
 *  fans, placed by the cell's position (CEnvCell pos: landblock frame). A cell whose Environment
 *  or CellStruct is not in the set is skipped. Returns the vertex count. */
uint32_t acp_draw_envcell_triangles(const acp_datset *set, uint32_t origin_cell, float *out, uint32_t capacity);

/** One EnvCell of `set` (cell_id, 0xXXYY0100 and up) as acp_draw_envcell_triangles draws it: its
 *  CellStruct's polygons as fans placed by the cell's position, the same vertices in the same
 *  order as that cell's run in the full list. 0 when the id is not an indoor cell, not an EnvCell
 *  of the set, or its CellStruct is missing. Used for the selected object's cell outline. */
uint32_t acp_draw_envcell_cell_triangles(const acp_datset *set, uint32_t cell_id, uint32_t origin_cell, float *out,
                                         uint32_t capacity);

/** The static objects of every LandBlockInfo of `set` that are Setups with cylinders: cylinder
 *  k of a static is T(static frame) · T(low point) · S(radius, radius, height), the unit cylinder
 *  (radius 1, z from 0 to 1) mapped onto it, as acp_draw_cylsphere_matrices does for an object.
 *  Returns the cylinder count; `capacity` counts matrices. */
uint32_t acp_draw_static_cylinders(const acp_datset *set, uint32_t origin_cell, float *out, uint32_t capacity);

#endif
