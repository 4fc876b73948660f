/* acphys — per-record memory arena (see arena.h). */
#include "arena.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct acp_arena_chunk {
    acp_arena_chunk *next;
    size_t used;
    size_t cap;
    /* followed by cap bytes, 8-aligned (the header is 3 words, padded by the union below) */
};

typedef union {
    acp_arena_chunk c;
    max_align_t align;
} chunk_header;

#define ARENA_MIN_CHUNK 256u

acp_arena acp_arena_make(size_t hint)
{
    acp_arena a = {NULL, hint < ARENA_MIN_CHUNK ? ARENA_MIN_CHUNK : hint};
    return a;
}

static uint8_t *chunk_data(acp_arena_chunk *c) { return (uint8_t *)c + sizeof(chunk_header); }

void *acp_arena_alloc(acp_arena *a, size_t size)
{
    if (size > SIZE_MAX - 7) return NULL;
    size_t need = (size + 7) & ~(size_t)7;
    acp_arena_chunk *c = a->head;
    if (!c || need > c->cap - c->used) {
        size_t cap = a->next_size;
        if (cap < need) cap = need;
        if (cap > SIZE_MAX - sizeof(chunk_header)) return NULL;
        c = malloc(sizeof(chunk_header) + cap);
        if (!c) return NULL;
        c->next = a->head;
        c->used = 0;
        c->cap = cap;
        a->head = c;
        a->next_size = cap <= SIZE_MAX / 2 ? cap * 2 : cap;
    }
    void *p = chunk_data(c) + c->used;
    c->used += need;
    memset(p, 0, size);
    return p;
}

void *acp_arena_array(acp_arena *a, size_t count, size_t elem)
{
    if (count == 0 || elem == 0) return NULL;
    if (count > SIZE_MAX / elem) return NULL;
    return acp_arena_alloc(a, count * elem);
}

void acp_arena_free(acp_arena *a)
{
    acp_arena_chunk *c = a->head;
    while (c) {
        acp_arena_chunk *next = c->next;
        free(c);
        c = next;
    }
    a->head = NULL;
}

void *acp_grow(void *arr, size_t *cap, size_t count, size_t elem)
{
    if (count < *cap) return arr;
    size_t n = *cap ? *cap * 2 : 16;
    if (n < *cap || elem == 0 || n > SIZE_MAX / elem) return NULL;
    void *p = realloc(arr, n * elem);
    if (p) *cap = n;
    return p;
}
