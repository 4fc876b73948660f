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

/** The GfxObj parser (gfxobj.c): fills the acp_gfxobj at `out`. */
void acp_unpack_gfxobj(acp_reader *r, acp_arena *a, void *out);
/** One BSP tree of `kind` (bsp.c): the root node, or NULL on failure. Polygon indices must be
 *  below num_polygons (ERR_INDEX), and the tree no deeper than ACP_MAX_BSP_DEPTH (ERR_LIMIT). */
acp_bsp_node *acp_unpack_bsp_tree(acp_reader *r, acp_arena *a, acp_bsp_kind kind, uint32_t num_polygons,
                                  const char *field);

#endif
