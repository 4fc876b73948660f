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
    pool->free_objects = calloc(num_objects ? num_objects : 1, sizeof *pool->free_objects);
    pool->cap_free_objects = num_objects;
    if (!pool->lists || !pool->object_lists || !pool->blocks || !pool->object_shadows || !pool->free_objects) {
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

/* One wide object's slots, chained for acp_shadow_pool_free. */
typedef struct acp_shadow_slots {
    struct acp_shadow_slots *next;
    uint32_t n;     /* slots */
    bool in_use;    /* false: given back, for the next wide object of at most n */
    bool spare;     /* acp_shadow_pool_reserve_objects' slots: handed out and given back by the
                       object (ACP_MAX_SHADOW_CELLS each), never reused whole */
    acp_shadow_obj slots[];
} acp_shadow_slots;

/* n slots (chained for acp_shadow_pool_free) and `more` blocks at the front of the free chain. */
static acp_shadow_obj *take_slots(acp_shadow_pool *pool, uint32_t n, uint32_t more)
{
    if (pool->num_blocks > 0x7FFFFFFFu - more) return NULL;
    acp_shadow_slots *w = calloc(1, sizeof *w + (size_t)n * sizeof(acp_shadow_obj));
    if (!w) return NULL;
    acp_shadow_block *blocks = realloc(pool->blocks, ((size_t)pool->num_blocks + more) * sizeof *blocks);
    if (!blocks) {
        free(w);
        return NULL;
    }
    /* Blocks are named by number, so moving them leaves every list as it was; the new ones
     * go to the front of the free chain. */
    memset(&blocks[pool->num_blocks], 0, (size_t)more * sizeof *blocks);
    for (uint32_t k = 0; k < more; k++)
        blocks[pool->num_blocks + k].next = k + 1 < more ? pool->num_blocks + k + 2 : pool->free_block;
    pool->free_block = pool->num_blocks + 1;
    pool->blocks = blocks;
    pool->num_blocks += more;
    w->n = n;
    w->in_use = true;
    w->next = pool->wide;
    pool->wide = w;
    return w->slots;
}

acp_shadow_obj *acp_shadow_pool_take_wide(acp_shadow_pool *pool, uint32_t n)
{
    if (n > 0x100000u) return NULL;
    for (acp_shadow_slots *g = pool->wide; g; g = g->next)
        if (!g->spare && !g->in_use && g->n >= n) { /* its blocks were added with it and are free again */
            g->in_use = true;
            memset(g->slots, 0, (size_t)g->n * sizeof(acp_shadow_obj));
            return g->slots;
        }
    return take_slots(pool, n, (n + ACP_SHADOW_BLOCK - 1) / ACP_SHADOW_BLOCK + 1); /* and one partly filled */
}

bool acp_shadow_pool_reserve_objects(acp_shadow_pool *pool, uint32_t n)
{
    if (n == 0) return true;
    if (n > 0x100000u || pool->spare_owed > 0x100000u) return false;
    const uint32_t owed = pool->spare_owed + n;
    if (owed <= pool->spare_left) { /* the last chunk has room: a world grown one object at a time */
        pool->spare_owed = owed;
        return true;
    }
    /* A new chunk of twice what is owed, or half the sets the pool holds if more (the last chunk's
     * sets not handed out are left in it), so that growing one object at a time costs amortized
     * constant time and memory. As
     * acp_shadow_pool_init counts them: the shadows' blocks and the object lists' (the cells' own
     * partly filled blocks are there already). */
    const uint32_t half = pool->cap_free_objects / 2u; /* the pool grows by half of all it holds, at least */
    const uint32_t sets = 2u * owed > half ? 2u * owed : half;
    const uint64_t shadows = (uint64_t)sets * ACP_MAX_SHADOW_CELLS;
    const uint32_t more = (uint32_t)((shadows + ACP_SHADOW_BLOCK - 1) / ACP_SHADOW_BLOCK + (sets + ACP_SHADOW_BLOCK - 1) / ACP_SHADOW_BLOCK);
    /* the given-back stack holds every object's slot set at most once: room for the chunk's */
    if (pool->cap_free_objects > 0xFFFFFFFFu - sets) return false;
    acp_shadow_obj **stack = realloc(pool->free_objects, ((size_t)pool->cap_free_objects + sets) * sizeof *stack);
    if (!stack) return false;
    pool->free_objects = stack;
    pool->cap_free_objects += sets;
    acp_shadow_obj *slots = take_slots(pool, (uint32_t)shadows, more);
    if (!slots) return false;
    pool->wide->spare = true;
    pool->spare = slots;
    pool->spare_left = sets;
    pool->spare_owed = owed;
    return true;
}

void acp_shadow_pool_clear_lists(acp_shadow_pool *pool)
{
    for (uint32_t i = 0; i < pool->num_lists; i++) {
        pool->lists[i] = (acp_shadow_list){0, 0, 0};
        pool->object_lists[i] = (acp_shadow_list){0, 0, 0};
    }
    for (uint32_t b = 0; b < pool->num_blocks; b++) {
        pool->blocks[b].prev = 0;
        pool->blocks[b].next = b + 1 < pool->num_blocks ? b + 2 : 0;
    }
    pool->free_block = pool->num_blocks ? 1 : 0;
}

void acp_shadow_pool_free(acp_shadow_pool *pool)
{
    for (acp_shadow_slots *w = pool->wide, *next; w; w = next) {
        next = w->next;
        free(w);
    }
    free(pool->lists);
    free(pool->object_lists);
    free(pool->blocks);
    free(pool->object_shadows);
    free(pool->free_objects);
    uint64_t overflow = pool->overflow;
    memset(pool, 0, sizeof *pool);
    pool->overflow = overflow;
}

acp_shadow_obj *acp_shadow_pool_take_object(acp_shadow_pool *pool)
{
    if (pool->num_free_objects) {
        acp_shadow_obj *s = pool->free_objects[--pool->num_free_objects];
        memset(s, 0, ACP_MAX_SHADOW_CELLS * sizeof *s);
        return s;
    }
    if (pool->used_objects >= pool->cap_objects) {
        if (pool->spare_left) {
            acp_shadow_obj *s = pool->spare;
            pool->spare += ACP_MAX_SHADOW_CELLS;
            pool->spare_left--;
            if (pool->spare_owed) pool->spare_owed--;
            return s;
        }
        pool->overflow++;
        return NULL;
    }
    return &pool->object_shadows[(size_t)pool->used_objects++ * ACP_MAX_SHADOW_CELLS];
}

void acp_shadow_pool_give_back(acp_shadow_pool *pool, acp_shadow_obj *slots)
{
    if (!slots) return;
    const size_t total = (size_t)pool->used_objects * ACP_MAX_SHADOW_CELLS;
    if (pool->object_shadows && slots >= pool->object_shadows && slots < pool->object_shadows + total) {
        uint32_t k = (uint32_t)((size_t)(slots - pool->object_shadows) / ACP_MAX_SHADOW_CELLS);
        if (k + 1u == pool->used_objects) pool->used_objects--; /* the last taken: as if never taken */
        else if (pool->num_free_objects < pool->cap_free_objects) pool->free_objects[pool->num_free_objects++] = slots;
        return;
    }
    for (acp_shadow_slots *g = pool->wide; g; g = g->next) {
        if (g->spare && slots >= g->slots && slots < g->slots + g->n) { /* one object's set of a reserve */
            if (pool->num_free_objects < pool->cap_free_objects) pool->free_objects[pool->num_free_objects++] = slots;
            return;
        }
        if (!g->spare && g->slots == slots) {
            g->in_use = false;
            return;
        }
    }
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

/* docs/SHORTCUTS.md S18: a list taking its second block (or more) has every block placed in
 * the grid: the blocks it holds (the first time: each entry placed) and the new one. */
static void grid_blocks(acp_shadow_pool *pool, const acp_shadow_list *list, acp_shadow_block *nb)
{
#if ACP_SHORTCUTS
    nb->gridded = 1;
    for (uint32_t b = list->head; b; b = block(pool, b)->next) {
        acp_shadow_block *blk = block(pool, b);
        if (blk->gridded) continue;
        blk->gridded = 1;
        blk->blim = 0.0f;
        for (uint32_t k = 0; k < ACP_SHADOW_BLOCK; k++) acp_shadow_grid_place(blk, k);
    }
#else
    (void)pool;
    (void)list;
    (void)nb;
#endif
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
        nb->blim = 0.0f; /* S18: a bound of the lims placed since the block joined this list */
        nb->gridded = 0;
        if (list->num >= ACP_SHADOW_BLOCK) grid_blocks(pool, list, nb);
        nb->prev = list->tail;
        nb->next = 0;
        if (list->tail) block(pool, list->tail)->next = b;
        else list->head = b;
        list->tail = b;
    }
    acp_shadow_block *tb = block(pool, list->tail);
    tb->items[slot] = s;
    tb->far[slot].obj = s->physobj;
    s->list = list;
    s->index = list->num++;
    s->block = list->tail;
    return true;
}

/* The block holding s in list, with its entry number and slot; NULL when absent. The entry's
 * kept index and block first (exactly what the list holds there), else a search. */
static acp_shadow_block *find_entry(const acp_shadow_pool *pool, const acp_shadow_list *list, const acp_shadow_obj *s,
                                    uint32_t *index, uint32_t *slot)
{
    if (s->list == list && s->index < list->num && s->block >= 1 && s->block <= pool->num_blocks) {
        acp_shadow_block *b = block(pool, s->block);
        if (b->items[s->index % ACP_SHADOW_BLOCK] == s) {
            *index = s->index;
            *slot = s->index % ACP_SHADOW_BLOCK;
            return b;
        }
    }
    for (uint32_t i = 0; i < list->num; i++) {
        acp_shadow_block *b = block_of(pool, list, i, slot);
        if (b->items[*slot] == s) {
            *index = i;
            return b;
        }
    }
    return NULL;
}

/* Move the list's last entry into (found, slot), entry number i. */
static void fill_hole(acp_shadow_pool *pool, const acp_shadow_list *list, acp_shadow_block *found, uint32_t slot, uint32_t i)
{
    uint32_t last = (list->num - 1) % ACP_SHADOW_BLOCK;
    acp_shadow_block *tail = block(pool, list->tail);
    acp_shadow_obj *moved = tail->items[last];
    acp_shadow_block_copy_entry(found, slot, tail, last);
    moved->index = i;
    moved->block = (uint32_t)(found - pool->blocks) + 1;
}

bool acp_shadow_list_remove(acp_shadow_pool *pool, acp_shadow_list *list, acp_shadow_obj *s)
{
    uint32_t i, slot;
    acp_shadow_block *found = find_entry(pool, list, s, &i, &slot);
    if (!found) return false;
    fill_hole(pool, list, found, slot, i);
    s->list = NULL;
    uint32_t last = --list->num;
    if (last % ACP_SHADOW_BLOCK == 0) { /* the tail block emptied: back to the free blocks */
        acp_shadow_block *tail = block(pool, list->tail);
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

acp_shadow_block *acp_shadow_list_reappend_moved(acp_shadow_pool *pool, acp_shadow_list *list, acp_shadow_obj *s)
{
    uint32_t i, slot;
    acp_shadow_block *found = find_entry(pool, list, s, &i, &slot);
    if (!found) {
        if (!acp_shadow_list_append(pool, list, s)) return NULL;
        return block(pool, s->block);
    }
    uint32_t last = list->num - 1;
    acp_shadow_block *tail = block(pool, list->tail);
    if (i == last) return tail;
    const acp_shadow_reach keep = acp_shadow_block_reach(found, slot);
    fill_hole(pool, list, found, slot, i);
    tail->items[last % ACP_SHADOW_BLOCK] = s; /* a removal that frees the tail block and the
                                                 append that takes it back leave the blocks */
    tail->far[last % ACP_SHADOW_BLOCK].obj = s->physobj;
    acp_shadow_block_set_reach(tail, last % ACP_SHADOW_BLOCK, &keep);
    s->list = list;
    s->index = last;
    s->block = list->tail;
    return tail;
}

void acp_shadowobj_set_physobj(acp_shadow_obj *s, acp_physobj *obj)
{
    s->physobj = obj;
    s->id = obj->id;
}
