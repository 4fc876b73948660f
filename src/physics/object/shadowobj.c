/* acphys — retail CShadowObj and the shadow lists' storage. See shadowobj.h. Read against
 * PORTAL/cphysobj/CShadowObj.c and the DArray use of PORTAL/ccell/CObjCell.c. */
#include "shadowobj.h"

#include <stdlib.h>
#include <string.h>

#include "physobj.h"

bool acp_shadow_pool_init(acp_shadow_pool *pool, uint32_t num_cells, uint32_t num_objects)
{
    memset(pool, 0, sizeof *pool);
    uint64_t shadows = (uint64_t)num_objects * ACP_MAX_SHADOW_CELLS;
    uint64_t blocks = (shadows + ACP_SHADOW_BLOCK - 1) / ACP_SHADOW_BLOCK + num_cells +
                      ((uint64_t)num_objects + ACP_SHADOW_BLOCK - 1) / ACP_SHADOW_BLOCK + num_cells;
    if (blocks > 0x7FFFFFFFu) return false;
    pool->lists = calloc(num_cells ? num_cells : 1, sizeof *pool->lists);
    pool->object_lists = calloc(num_cells ? num_cells : 1, sizeof *pool->object_lists);
    pool->blocks = calloc((size_t)(blocks ? blocks : 1), sizeof *pool->blocks);
    pool->object_shadows = calloc((size_t)(shadows ? shadows : 1), sizeof *pool->object_shadows);
    if (!pool->lists || !pool->object_lists || !pool->blocks || !pool->object_shadows) {
        acp_shadow_pool_free(pool);
        return false;
    }
    pool->num_lists = num_cells;
    pool->num_blocks = (uint32_t)blocks;
    pool->cap_objects = num_objects;
    for (uint32_t b = 0; b + 1 < pool->num_blocks; b++) pool->blocks[b].next = b + 2;
    pool->free_block = pool->num_blocks ? 1 : 0;
    return true;
}

void acp_shadow_pool_free(acp_shadow_pool *pool)
{
    free(pool->lists);
    free(pool->object_lists);
    free(pool->blocks);
    free(pool->object_shadows);
    uint64_t overflow = pool->overflow;
    memset(pool, 0, sizeof *pool);
    pool->overflow = overflow;
}

acp_shadow_obj *acp_shadow_pool_take_object(acp_shadow_pool *pool)
{
    if (pool->used_objects >= pool->cap_objects) {
        pool->overflow++;
        return NULL;
    }
    return &pool->object_shadows[(size_t)pool->used_objects++ * ACP_MAX_SHADOW_CELLS];
}

static acp_shadow_block *block(const acp_shadow_pool *pool, uint32_t number) { return &pool->blocks[number - 1]; }

/* The block holding entry i and the entry's slot in it. */
static acp_shadow_block *block_of(const acp_shadow_pool *pool, const acp_shadow_list *list, uint32_t i, uint32_t *slot)
{
    uint32_t b = list->head;
    for (uint32_t k = i / ACP_SHADOW_BLOCK; k > 0; k--) b = block(pool, b)->next;
    *slot = i % ACP_SHADOW_BLOCK;
    return block(pool, b);
}

acp_shadow_obj *acp_shadow_list_get(const acp_shadow_pool *pool, const acp_shadow_list *list, uint32_t i)
{
    uint32_t slot;
    return block_of(pool, list, i, &slot)->items[slot];
}

bool acp_shadow_list_append(acp_shadow_pool *pool, acp_shadow_list *list, acp_shadow_obj *s)
{
    uint32_t slot = list->num % ACP_SHADOW_BLOCK;
    if (slot == 0) {
        uint32_t b = pool->free_block;
        if (!b) {
            pool->overflow++;
            return false;
        }
        acp_shadow_block *nb = block(pool, b);
        pool->free_block = nb->next;
        nb->prev = list->tail;
        nb->next = 0;
        if (list->tail) block(pool, list->tail)->next = b;
        else list->head = b;
        list->tail = b;
    }
    block(pool, list->tail)->items[slot] = s;
    s->list = list;
    s->index = list->num++;
    return true;
}

/* The entry number of s in list, UINT32_MAX when absent (its kept index, else a search). */
static uint32_t index_of(const acp_shadow_pool *pool, const acp_shadow_list *list, const acp_shadow_obj *s)
{
    if (s->list == list && s->index < list->num && acp_shadow_list_get(pool, list, s->index) == s) return s->index;
    for (uint32_t i = 0; i < list->num; i++)
        if (acp_shadow_list_get(pool, list, i) == s) return i;
    return UINT32_MAX;
}

bool acp_shadow_list_remove(acp_shadow_pool *pool, acp_shadow_list *list, acp_shadow_obj *s)
{
    uint32_t i = index_of(pool, list, s);
    if (i == UINT32_MAX) return false;
    uint32_t slot;
    acp_shadow_block *found = block_of(pool, list, i, &slot);
    uint32_t last = list->num - 1;
    acp_shadow_block *tail = block(pool, list->tail);
    acp_shadow_obj *moved = tail->items[last % ACP_SHADOW_BLOCK];
    found->items[slot] = moved;
    moved->index = i;
    s->list = NULL;
    list->num = last;
    if (last % ACP_SHADOW_BLOCK == 0) { /* the tail block emptied: back to the free blocks */
        uint32_t t = list->tail;
        list->tail = tail->prev;
        if (list->tail) block(pool, list->tail)->next = 0;
        else list->head = 0;
        tail->next = pool->free_block;
        tail->prev = 0;
        pool->free_block = t;
    }
    return true;
}

void acp_shadow_list_remove_append(acp_shadow_pool *pool, acp_shadow_list *list, acp_shadow_obj *s,
                                   acp_shadow_obj *with)
{
    /* s already the list's last entry, appended again: every store below writes what is there. */
    if (with == s && s->list == list && list->num && s->index == list->num - 1 &&
        block(pool, list->tail)->items[s->index % ACP_SHADOW_BLOCK] == s && acp_shadow_list_get(pool, list, s->index) == s)
        return;
    uint32_t i = index_of(pool, list, s);
    if (i == UINT32_MAX) {
        (void)acp_shadow_list_append(pool, list, with);
        return;
    }
    uint32_t last = list->num - 1, slot;
    acp_shadow_block *tail = block(pool, list->tail);
    acp_shadow_obj *moved = tail->items[last % ACP_SHADOW_BLOCK];
    block_of(pool, list, i, &slot)->items[slot] = moved;
    moved->index = i;
    tail->items[last % ACP_SHADOW_BLOCK] = with; /* a removal that frees the tail block and the
                                                    append that takes it back leave the blocks */
    if (with != s) s->list = NULL;
    with->list = list;
    with->index = last;
}

void acp_shadowobj_set_physobj(acp_shadow_obj *s, acp_physobj *obj)
{
    s->physobj = obj;
    s->id = obj->id;
}
