/* acphys — counting wrappers around the C heap (see alloc_count.h). */
#include "alloc_count.h"

#include <stddef.h>

static uint64_t calls;

void *__real_malloc(size_t size);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t size);
void __real_free(void *p);

void *__wrap_malloc(size_t size);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t size);
void __wrap_free(void *p);

void *__wrap_malloc(size_t size)
{
    calls++;
    return __real_malloc(size);
}

void *__wrap_calloc(size_t n, size_t size)
{
    calls++;
    return __real_calloc(n, size);
}

void *__wrap_realloc(void *p, size_t size)
{
    calls++;
    return __real_realloc(p, size);
}

void __wrap_free(void *p)
{
    calls++;
    __real_free(p);
}

uint64_t acp_alloc_count(void) { return calls; }
