/* acphys — what the record parsers share (private to src/dat): arena arrays that fail the
 * reader, the end-of-record check, and the parsers that live outside records.c. */
#ifndef ACP_DAT_UNPACK_H
#define ACP_DAT_UNPACK_H

#include "dat.h"

/** count × elem zeroed bytes from the arena, or NULL (count 0, an earlier failure, or out of
 *  memory, which then fails the reader with ERR_OUT_OF_MEMORY at `field`). */
void *acp_unpack_array(acp_reader *r, acp_arena *a, size_t count, size_t elem, const char *field);
/** A record parsed completely must end at its last field: ERR_TRAILING_BYTES otherwise. */
void acp_unpack_expect_end(acp_reader *r);

/** A vertex array (vertex_array.c: CVertexArray::UnPack). */
void acp_unpack_vertex_array(acp_reader *r, acp_arena *a, acp_vertex_array *va);
/** One polygon over a vertex array of `num_vertices` (polygon.c: CPolygon::UnPack). */
void acp_unpack_polygon(acp_reader *r, acp_arena *a, acp_gfx_polygon *p, uint32_t num_vertices);
/** n polygons (the count already checked by the caller) into a new array. */
acp_gfx_polygon *acp_unpack_polygons(acp_reader *r, acp_arena *a, uint32_t n, uint32_t num_vertices, const char *field);
/** A compressed u32 (SB_As32Bit_Compressed) checked as a count: ERR_LIMIT, ERR_COUNT. */
uint32_t acp_unpack_compressed_count(acp_reader *r, uint64_t min_elem, uint32_t limit, const char *field);

/** One CellStruct (cell_struct.c). */
void acp_unpack_cell_struct(acp_reader *r, acp_arena *a, acp_cell_struct *c);
/** n static objects (id, frame) into a new array (envcell.c). */
acp_stab *acp_unpack_stabs(acp_reader *r, acp_arena *a, uint32_t n, const char *field);

/** The record parsers outside records.c: each fills the record struct at `out`. */
void acp_unpack_gfxobj(acp_reader *r, acp_arena *a, void *out);
void acp_unpack_environment(acp_reader *r, acp_arena *a, void *out);
void acp_unpack_envcell(acp_reader *r, acp_arena *a, void *out);
void acp_unpack_landblock_info(acp_reader *r, acp_arena *a, void *out);
void acp_unpack_particle_emitter_info(acp_reader *r, acp_arena *a, void *out);
void acp_unpack_physics_script(acp_reader *r, acp_arena *a, void *out);
void acp_unpack_physics_script_table(acp_reader *r, acp_arena *a, void *out);
void acp_unpack_scene(acp_reader *r, acp_arena *a, void *out);
/** The Region past its height table through its terrain types (region_scenes.c). */
void acp_unpack_region_scenes(acp_reader *r, acp_arena *a, acp_region *g);
/** One animation hook (records.c: CAnimHook::UnPackHook 0x005271D0), aligned to 4 after it. */
void acp_unpack_hook(acp_reader *r, acp_anim_hook *h);
/** One BSP tree of `kind` (bsp.c): the root node, or NULL on failure. Polygon indices must be
 *  below num_polygons (ERR_INDEX), and the tree no deeper than ACP_MAX_BSP_DEPTH (ERR_LIMIT). */
acp_bsp_node *acp_unpack_bsp_tree(acp_reader *r, acp_arena *a, acp_bsp_kind kind, uint32_t num_polygons,
                                  const char *field);

#endif
