/* acphys — a per-record memory arena.
 *
 * Each parsed record lives in one arena: a short list of malloc'd chunks from which the parser
 * bumps zeroed, aligned pieces, and which is released as a whole. The first chunk is sized from
 * the record's byte size, so a record usually takes one or two allocations and parsing never
 * allocates per field. Allocation failure is reported (NULL), never fatal.
 */
#ifndef ACP_DAT_ARENA_H
#define ACP_DAT_ARENA_H

#include <stddef.h>

typedef struct acp_arena_chunk acp_arena_chunk;

typedef struct acp_arena {
    acp_arena_chunk *head;             /* newest chunk first */
    size_t next_size;                  /* capacity of the next chunk, bytes */
} acp_arena;

/** An empty arena whose first chunk will hold at least `hint` bytes. */
acp_arena acp_arena_make(size_t hint);
/** `size` zeroed bytes aligned to 8, owned by the arena; NULL when out of memory or when size
 *  overflows. A size of 0 returns a valid non-NULL pointer. */
void *acp_arena_alloc(acp_arena *a, size_t size);
/** `count` elements of `elem` bytes (overflow-checked); NULL for count 0 or on failure. */
void *acp_arena_array(acp_arena *a, size_t count, size_t elem);
/** Release every chunk; the arena is empty afterwards. */
void acp_arena_free(acp_arena *a);

/** The malloc'd array `arr` (holding `count` of *cap elements of `elem` bytes) with room for one
 *  more: itself when it has room, else reallocated to double the capacity (16 to start, *cap
 *  updated). NULL, with `arr` untouched, when memory runs out or the size would overflow. */
void *acp_grow(void *arr, size_t *cap, size_t count, size_t elem);

#endif
