/* acphys — the DAT excerpt writer: a new, valid DAT in the retail container format.
 *
 * CONVENTIONS
 *   The output is what retail's own allocator would accept and what other DAT readers (ACE,
 *   DatReaderWriter) open: a 1024-byte head (an empty version string, an empty transaction
 *   record "\0PL\0" at 0x100 as retail's ClearTransaction writes it, and the 80-byte
 *   DiskFileInfo_t at 0x140 with magic 0x5442), then blocks from offset 1024. The B-tree root
 *   sits at 1024 (where retail's BTree::CreateTree puts it), the other nodes follow level by
 *   level, then the records in id order; every node and record is one chain of consecutive
 *   blocks, the last link 0. One free block ends the file (its link 0x80000000, as retail's
 *   CLBlockAllocator::CreateDataFile tags free blocks), named by firstFree_ and finalFree_.
 *   The directory is a B-tree of at most 61 entries per node, bulk-built bottom-up so that every
 *   node but the root holds between 30 and 61 entries (retail's order-62 B-tree invariant); up
 *   to 61 records need a single leaf. Output is a pure function of the inputs: the same records
 *   and entry fields give the same bytes.
 */
#ifndef ACP_DAT_WRITER_H
#define ACP_DAT_WRITER_H

#include <stddef.h>
#include <stdint.h>

#include "container.h"

typedef struct acp_dat_writer acp_dat_writer;

/** A header for a new DAT of `data_set` (ACP_DAT_PORTAL or ACP_DAT_CELL): block size 1024 for
 *  portal and 256 for cell (the end-of-retail sizes), data subset 0 (portal) or 1 (cell, the
 *  region id), engine pack version 110 (portal) or 22 (cell) as end-of-retail files carry,
 *  everything else 0. The writer fills the layout fields itself. */
acp_dat_header acp_dat_header_default(uint32_t data_set);

/** A writer whose output copies these fields of `header`: block_size (8..65536), data_set,
 *  data_subset, master_map_id, eng_pack_vnum, game_pack_vnum, guid, minor_vnum.
 *  NULL when out of memory or the block size is out of range. */
acp_dat_writer *acp_dat_writer_create(const acp_dat_header *header);

/** Add a record: `size` bytes (copied) under entry->id, keeping entry->flags, date and
 *  iteration (offset and size are the writer's). ERR_DUPLICATE_ID for an id added before,
 *  ERR_OUT_OF_MEMORY, ERR_ARGUMENT for a size above ACP_DAT_MAX_RECORD_SIZE. */
acp_dat_status acp_dat_writer_add(acp_dat_writer *w, const acp_dat_entry *entry, const uint8_t *bytes,
                                  uint32_t size);

/** Number of records added. */
size_t acp_dat_writer_count(const acp_dat_writer *w);

/** Lay out and serialize the DAT: *out receives a malloc'd buffer (free it) of *out_size bytes.
 *  ERR_FILE_TOO_LARGE when the file would pass 2^31 − 1 bytes (retail offsets are int32),
 *  ERR_OUT_OF_MEMORY. The writer can be finished again or receive more records afterwards. */
acp_dat_status acp_dat_writer_finish(acp_dat_writer *w, uint8_t **out, size_t *out_size);

/** Free the writer and its copies of the records (NULL is ignored). */
void acp_dat_writer_destroy(acp_dat_writer *w);

#endif
