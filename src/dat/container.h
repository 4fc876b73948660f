/* acphys — the retail DAT container: header, block chains and the B-tree directory.
 *
 * CONVENTIONS
 *   Layout (docs/DAT.md; retail CLBlockAllocator, BTree, DiskController):
 *   an 80-byte header (DiskFileInfo_t) at 0x140 with magic 0x5442, then fixed-size blocks whose
 *   first 4 bytes link to the next block of the same chain and whose other blockSize − 4 bytes
 *   carry payload. A record, and each B-tree node (1716 bytes), is one chain. The directory is
 *   a B-tree of up to 61 entries per node, sorted by id, rooted at the header's btreeRoot_.
 *
 *   The container never reads a whole file. It asks for byte ranges through an acp_dat_source:
 *   a callback `read(ctx, offset, length, out)` that copies `length` bytes at file `offset` to
 *   `out` and returns ACP_DAT_READ_OK, ACP_DAT_READ_PENDING ("not loaded yet") or a negative
 *   value (I/O error). The native CLI answers synchronously with pread; an in-memory DAT uses
 *   acp_dat_source_memory; the browser uses acp_dat_cache below, which answers from ranges
 *   that JavaScript supplied (File.slice) and otherwise records the range it wants and pends.
 *   Every container call is restartable: on ACP_DAT_PENDING nothing is kept, and the caller
 *   supplies the wanted range and calls again (each retry gets further).
 *
 *   Checks (each its own status, see reader.h): header length and magic; block size in
 *   [ACP_DAT_MIN_BLOCK_SIZE, ACP_DAT_MAX_BLOCK_SIZE]; every block inside [0x190, file length);
 *   a link with bit 31 set (a free block: retail CLBlockAllocator::Load_Data fails there);
 *   a chain that revisits a block; a chain that ends early or links on after its last byte
 *   (both fail in Load_Data); node entry counts above 61; ids not strictly ascending; a node
 *   that is its own ancestor; depth above ACP_DAT_MAX_BTREE_DEPTH; an internal node with a
 *   null branch; an empty node below the root; and the compressed-entry flag (bit 0 of an
 *   entry's first word: zlib-compressed records arise only from patch writes and end-of-retail
 *   files hold none, so acphys reports ERR_COMPRESSED instead of inflating).
 *   Offsets in errors are file offsets. An error about a pointer (a block out of the file, a
 *   chain that revisits a block, a node that is its own ancestor, the tree too deep) gives where
 *   that pointer was read: the header's root field, a parent's branch, a directory entry's offset
 *   field (acp_dat_entry.offset_at) or the link of the block before; the bytes to mend. A
 *   compressed entry or one too large for the file points at its flags or size field
 *   (flags_at, size_at).
 */
#ifndef ACP_DAT_CONTAINER_H
#define ACP_DAT_CONTAINER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "reader.h"

#define ACP_DAT_HEADER_OFFSET 0x140u   /* DiskFileInfo_t */
#define ACP_DAT_HEADER_SIZE 0x50u      /* 80 bytes */
#define ACP_DAT_HEADER_END 0x190u      /* version string, journal and header: 400 bytes */
#define ACP_DAT_DATA_START 1024u       /* retail puts the first block here */
#define ACP_DAT_MAGIC 0x5442u          /* "BT" */
#define ACP_DAT_MIN_BLOCK_SIZE 8u
#define ACP_DAT_MAX_BLOCK_SIZE 65536u
#define ACP_DAT_NODE_SIZE 1716u        /* BTNode: 62 branches, a count, 61 entries of 24 bytes */
#define ACP_DAT_NODE_ENTRIES 61u
#define ACP_DAT_MAX_BTREE_DEPTH 16u    /* 61^16 ids: far beyond any DAT */
#define ACP_DAT_MAX_RECORD_SIZE (64u << 20) /* 64 MiB; the largest EoR records are textures */

#define ACP_DAT_PORTAL 1u              /* data_set of client_portal.dat (and highres) */
#define ACP_DAT_CELL 2u                /* data_set of client_cell_1.dat */
#define ACP_DAT_LOCAL 3u

#define ACP_DAT_READ_OK 0
#define ACP_DAT_READ_PENDING 1

/** Copy `length` bytes at file `offset` into `out`: ACP_DAT_READ_OK, ACP_DAT_READ_PENDING, or a
 *  negative value for an I/O error. */
typedef int (*acp_dat_read_fn)(void *ctx, uint64_t offset, uint32_t length, uint8_t *out);

/** Where the container's bytes come from. `length` is the real file length in bytes. */
typedef struct acp_dat_source {
    acp_dat_read_fn read;
    void *ctx;
    uint64_t length;
} acp_dat_source;

/** DiskFileInfo_t, the 80-byte header at 0x140 (retail names in comments). */
typedef struct acp_dat_header {
    uint32_t magic;                    /* magic_: 0x5442 */
    uint32_t block_size;               /* iBlockSize_: bytes per block including the 4-byte link */
    uint32_t file_size;                /* fileSize_ */
    uint32_t data_set;                 /* data_set_lm: 1 portal, 2 cell, 3 local */
    uint32_t data_subset;              /* data_subset_lm: cell region id, language, ... */
    uint32_t first_free;               /* firstFree_ */
    uint32_t final_free;               /* finalFree_ */
    uint32_t free_blocks;              /* iFreeBlocks_ */
    uint32_t btree_root;               /* btreeRoot_ */
    uint32_t young_lru, old_lru, use_lru;
    uint32_t master_map_id;            /* master_map_id_m */
    int32_t eng_pack_vnum;             /* EoR portal 110, cell 22 */
    int32_t game_pack_vnum;
    uint8_t guid[16];                  /* id_vnum._maj_vnum */
    uint32_t minor_vnum;               /* id_vnum._min_vnum */
} acp_dat_header;

/** BTEntry (24 bytes): one directory entry. */
typedef struct acp_dat_entry {
    uint32_t flags;                    /* bit 0 compressed; bits 16-31 pack version (ver_) */
    uint32_t id;                       /* GID_ */
    uint32_t offset;                   /* Offset_: file offset of the first block */
    uint32_t size;                     /* size_: record bytes */
    int32_t date;                      /* date_: Unix seconds */
    int32_t iteration;                 /* iter_: patch iteration */
    /* Not retail: where the entry's own fields lie in the file (in its B-tree node; a node's
     * fields may straddle two of its blocks, so each is kept: its first byte, the rest following
     * in the node's next block when the block payload is not a multiple of 4), where errors
     * about them point.
     * 0: unknown (an entry not read from a node); acp_dat_entry_at then gives `offset`. */
    uint64_t flags_at, offset_at, size_at;
} acp_dat_entry;

/** Where an error about entry e's field at `at` (e->flags_at, offset_at or size_at) points: `at`,
 *  or the record's first block when the entry did not come from a B-tree node (at 0). */
static inline uint64_t acp_dat_entry_at(const acp_dat_entry *e, uint64_t at) { return at ? at : e->offset; }

/** An opened container: the source and its parsed header. */
typedef struct acp_dat_container {
    acp_dat_source src;
    acp_dat_header header;
} acp_dat_container;

/** A source over bytes already in memory (not copied: they must outlive the source). */
acp_dat_source acp_dat_source_memory(const uint8_t *bytes, size_t size);

/** Parse the 80-byte header at bytes[0..80) (file offset 0x140) without validating it. */
acp_dat_header acp_dat_header_parse(const uint8_t bytes[ACP_DAT_HEADER_SIZE]);
/** Serialize a header to 80 bytes. */
void acp_dat_header_write(const acp_dat_header *h, uint8_t out[ACP_DAT_HEADER_SIZE]);

/** Read and check the header (magic, block size, root inside the file). Retail:
 *  CLBlockAllocator::OpenDataFile (0x00674980) and BTree::LoadTree (0x00672150).
 *  Errors: ERR_HEADER_TRUNCATED, ERR_BAD_MAGIC, ERR_BAD_BLOCK_SIZE, ERR_BLOCK_OUT_OF_RANGE,
 *  ERR_IO, PENDING. */
acp_dat_status acp_dat_container_open(acp_dat_container *c, acp_dat_source src, acp_dat_error *err);

/** Find the directory entry of `id` by descending the B-tree from the root (binary search in
 *  each node; at a miss descend into branch[i], i = the first entry whose id is greater).
 *  Retail: BTree::Lookup (0x00673800), BTree::Search (0x006731C0), BTree::HasEntry
 *  (0x00671D80).
 *  Errors: ERR_NOT_FOUND, the B-tree and chain errors of CONVENTIONS, ERR_IO, PENDING. */
acp_dat_status acp_dat_container_find(const acp_dat_container *c, uint32_t id, acp_dat_entry *out,
                                      acp_dat_error *err);

/** Whether `entry`'s record can be read before buffer room is made for it: ERR_COMPRESSED (at
 *  its flags) or ERR_RECORD_TOO_LARGE (above ACP_DAT_MAX_RECORD_SIZE or more blocks than the file
 *  holds; at its size), in that order; else OK. acp_dat_container_read makes the same checks. */
acp_dat_status acp_dat_container_check_entry(const acp_dat_container *c, const acp_dat_entry *entry,
                                             acp_dat_error *err);

/** Read the `entry->size` bytes of a record into out (which holds at least that many).
 *  Retail: CLBlockAllocator::Load_Data (0x006744E0) as called by DiskController::LoadDataEx
 *  (0x00670BC0). Errors: ERR_COMPRESSED, ERR_RECORD_TOO_LARGE, the chain errors, ERR_IO,
 *  PENDING. */
acp_dat_status acp_dat_container_read(const acp_dat_container *c, const acp_dat_entry *entry,
                                      uint8_t *out, acp_dat_error *err);

/** Called once per entry, in ascending id order; return false to stop early. */
typedef bool (*acp_dat_entry_fn)(void *ctx, const acp_dat_entry *entry);

/** Visit every entry in ascending id order (in-order traversal; retail BTree::Build_Id_List
 *  (0x00673D10)).
 *  Besides the lookup checks, ids must ascend across the whole tree (a node reached twice
 *  repeats ids: ERR_BTREE_UNSORTED), and the nodes read must fit in the file
 *  (ERR_BLOCKS_OVERCOMMITTED), which bounds the work by the file's size. *node_blocks (when
 *  not NULL) receives the blocks the nodes occupy, for callers that go on to read records. */
acp_dat_status acp_dat_container_enumerate(const acp_dat_container *c, acp_dat_entry_fn fn, void *ctx,
                                           uint64_t *node_blocks, acp_dat_error *err);

/** Blocks a chain of `size` payload bytes occupies. */
uint64_t acp_dat_container_chain_blocks(const acp_dat_container *c, uint64_t size);
/** Blocks the data area (file length − 0x190) can hold without overlap: every node and record
 *  of a well-formed file together need at most this many. */
uint64_t acp_dat_container_block_capacity(const acp_dat_container *c);

/* ---- A range cache for sources that answer asynchronously (the browser) ---- */

#define ACP_DAT_CACHE_WINDOW 65536u    /* bytes asked for per miss (rounded to this alignment) */
/* Cached bytes kept before the cache is emptied: more than the largest record plus a B-tree
 * path, so that one call's ranges always fit together and a retried call completes. */
#define ACP_DAT_CACHE_BUDGET (72u << 20)

typedef struct acp_dat_cache_range {
    uint64_t offset;
    uint32_t length;
    uint8_t *bytes;
} acp_dat_cache_range;

/** Byte ranges supplied by the caller, and the range the last miss wanted. */
typedef struct acp_dat_cache {
    uint64_t file_length;
    acp_dat_cache_range *ranges;
    size_t count, cap;
    size_t cached_bytes;
    bool wanting;                      /* a miss happened since the last supply */
    uint64_t want_offset;
    uint32_t want_length;
} acp_dat_cache;

/** An empty cache for a file of `file_length` bytes. */
acp_dat_cache acp_dat_cache_make(uint64_t file_length);
/** The read callback of a cache (ctx = the acp_dat_cache): copies from a supplied range that
 *  holds the whole request, else records the wanted window (ACP_DAT_CACHE_WINDOW-aligned,
 *  covering the request, clamped to the file) and returns ACP_DAT_READ_PENDING. */
int acp_dat_cache_read(void *ctx, uint64_t offset, uint32_t length, uint8_t *out);
/** Copy `length` bytes of the file starting at `offset` into the cache. When the cache holds
 *  more than ACP_DAT_CACHE_BUDGET bytes it is emptied first. Errors: ERR_ARGUMENT (range
 *  outside the file), ERR_OUT_OF_MEMORY. */
acp_dat_status acp_dat_cache_supply(acp_dat_cache *cache, uint64_t offset, const uint8_t *bytes,
                                    uint32_t length);
/** Release the cached ranges. */
void acp_dat_cache_free(acp_dat_cache *cache);

#endif
