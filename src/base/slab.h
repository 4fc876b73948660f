/* acphys — the world's slabs: fixed-size blocks for the blocks every quantum reads (objects, part
 * arrays, motion table managers), packed in allocation order.
 *
 * CONVENTIONS
 *   A slab hands out blocks of one size (rounded up to 64 bytes, so each block starts a cache
 *   line) from chunks it mallocs: the first chunk holds ACP_SLAB_FIRST_BLOCKS blocks, each next
 *   one twice as many, up to ACP_SLAB_MAX_BLOCKS. A freed block goes on the slab's free list and
 *   is the next one handed out; chunks are released only with the slab. Blocks allocated in turn
 *   lie side by side, so a sweep over objects created in turn streams through memory instead of
 *   hopping between the pages of their cold storage (part frames, drawing scales, movement
 *   manager), which stays on the heap. Not retail: retail news every object and part array.
 *   Nothing here is used during an update: blocks are taken when objects are built.
 */
#ifndef ACP_SLAB_H
#define ACP_SLAB_H

#include <stddef.h>
#include <stdint.h>

#define ACP_SLAB_ALIGN 64u           /* bytes: a block starts a cache line */
#define ACP_SLAB_FIRST_BLOCKS 16u    /* blocks in a slab's first chunk */
#define ACP_SLAB_MAX_BLOCKS 4096u    /* most blocks in one chunk (about 10 MB of objects) */

typedef struct acp_slab_chunk acp_slab_chunk;

/** One block size's chunks and free blocks. Zero-initialised = unusable; see acp_slab_init. */
typedef struct acp_slab {
    size_t size;                     /* bytes the caller uses of a block */
    size_t block_size;               /* bytes: size rounded up to ACP_SLAB_ALIGN */
    uint32_t next_blocks;            /* blocks in the next chunk */
    acp_slab_chunk *chunks;          /* newest first */
    unsigned char *next_block;       /* the newest chunk's first block never handed out */
    unsigned char *chunk_end;        /* the end of the newest chunk's blocks */
    void *free_list;                 /* freed blocks, last freed first, linked through their first bytes */
} acp_slab;

/** An empty slab of blocks of `size` bytes (> 0); it allocates nothing until asked. */
void acp_slab_init(acp_slab *slab, size_t size);

/** A zeroed block of slab->size bytes, 64-byte aligned: the last freed one, else the next unused
 *  one, else the first of a new chunk. NULL when out of memory. */
void *acp_slab_alloc(acp_slab *slab);

/** Give back a block of this slab (NULL is ignored). */
void acp_slab_free(acp_slab *slab, void *block);

/** Release every chunk (every block, handed out or not); the slab is empty afterwards. */
void acp_slab_release(acp_slab *slab);

/** A zeroed block of `size` bytes from `slab`, or from the heap (calloc) when slab is NULL (an
 *  object outside a world). `size` must be the slab's size. NULL when out of memory. */
void *acp_block_alloc(acp_slab *slab, size_t size);

/** Give back a block acp_block_alloc gave with the same `slab` (NULL: free). NULL is ignored. */
void acp_block_free(acp_slab *slab, void *block);

/** The slabs a world owns: one per kind of per-quantum block. */
typedef struct acp_world_slabs {
    acp_slab objects;                /* acp_physobj */
    acp_slab part_arrays;            /* acp_partarray */
    acp_slab mtable_managers;        /* acp_mtable_manager */
} acp_world_slabs;

#endif
