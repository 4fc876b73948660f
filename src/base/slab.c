/* acphys — the world's slabs. See slab.h. */
#include "slab.h"

#include <stdlib.h>
#include <string.h>

/* Under AddressSanitizer (the sanitizer lane) the parts of a chunk no caller owns (free blocks
 * beyond their link, blocks never handed out, the padding after each block's size) are poisoned,
 * so a stray access into them is reported as one into freed heap memory would be. */
#if defined(__SANITIZE_ADDRESS__)
#define ACP_SLAB_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ACP_SLAB_ASAN 1
#endif
#endif
#ifdef ACP_SLAB_ASAN
#include <sanitizer/asan_interface.h>
#define POISON(p, n) ASAN_POISON_MEMORY_REGION((p), (n))
#define UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION((p), (n))
#else
#define POISON(p, n) ((void)(p), (void)(n))
#define UNPOISON(p, n) ((void)(p), (void)(n))
#endif

/* A chunk: this header, padding to the next 64-byte boundary, then its blocks. */
struct acp_slab_chunk {
    acp_slab_chunk *next;            /* the next older chunk */
    size_t bytes;                    /* bytes malloc gave, this header included */
};

void acp_slab_init(acp_slab *slab, size_t size)
{
    memset(slab, 0, sizeof *slab);
    slab->size = size;
    slab->block_size = (size + ACP_SLAB_ALIGN - 1) / ACP_SLAB_ALIGN * ACP_SLAB_ALIGN;
    slab->next_blocks = ACP_SLAB_FIRST_BLOCKS;
}

/* Start a new chunk of slab->next_blocks blocks; false when out of memory. */
static int add_chunk(acp_slab *slab)
{
    size_t n = slab->next_blocks;
    if (slab->block_size > (SIZE_MAX - sizeof(acp_slab_chunk) - ACP_SLAB_ALIGN) / n) return 0;
    size_t bytes = sizeof(acp_slab_chunk) + ACP_SLAB_ALIGN - 1 + n * slab->block_size;
    acp_slab_chunk *c = malloc(bytes);
    if (!c) return 0;
    c->next = slab->chunks;
    c->bytes = bytes;
    slab->chunks = c;
    uintptr_t first = ((uintptr_t)(c + 1) + ACP_SLAB_ALIGN - 1) & ~(uintptr_t)(ACP_SLAB_ALIGN - 1);
    slab->next_block = (unsigned char *)first;
    slab->chunk_end = slab->next_block + n * slab->block_size;
    POISON(slab->next_block, n * slab->block_size);
    if (slab->next_blocks < ACP_SLAB_MAX_BLOCKS) slab->next_blocks *= 2;
    return 1;
}

void *acp_slab_alloc(acp_slab *slab)
{
    void *block = slab->free_list;
    if (block) {
        UNPOISON(block, sizeof(void *));
        memcpy(&slab->free_list, block, sizeof(void *));
    } else {
        if (slab->next_block == slab->chunk_end && !add_chunk(slab)) return NULL;
        block = slab->next_block;
        slab->next_block += slab->block_size;
    }
    UNPOISON(block, slab->size);
    memset(block, 0, slab->size);
    return block;
}

void acp_slab_free(acp_slab *slab, void *block)
{
    if (!block) return;
    POISON(block, slab->block_size);
    UNPOISON(block, sizeof(void *));
    memcpy(block, &slab->free_list, sizeof(void *));
    POISON(block, sizeof(void *));
    slab->free_list = block;
}

void acp_slab_release(acp_slab *slab)
{
    for (acp_slab_chunk *c = slab->chunks, *next; c; c = next) {
        next = c->next;
        UNPOISON(c, c->bytes); /* (ASan only) the chunk goes back to malloc whole */
        free(c);
    }
    acp_slab_init(slab, slab->size);
}

void *acp_block_alloc(acp_slab *slab, size_t size) { return slab ? acp_slab_alloc(slab) : calloc(1, size); }

void acp_block_free(acp_slab *slab, void *block)
{
    if (slab) acp_slab_free(slab, block);
    else free(block);
}
