/* acphys — retail CShadowObj: an object's entry in the shadow list of one cell it overlaps, and
 * the storage that holds every cell's shadow list (retail's CObjCell::shadow_object_list).
 *
 * CONVENTIONS
 *   Retail keeps, per cell, a DArray of CShadowObj pointers (append at the end; a removal moves
 *   the last entry into the hole: CObjCell::add_shadow_object / remove_shadow_object, cell/
 *   objcell.c), and per object a DArray of CShadowObj, one per cell of its last cell array.
 *   Here the lists live in a pool the world allocates when terrain is attached, sized from the
 *   world (objects × ACP_MAX_SHADOW_CELLS shadows; blocks of ACP_SHADOW_BLOCK entries for the
 *   lists: at most one partly filled block per loaded cell besides the full ones), so nothing
 *   allocates while objects move. A shadow the pool cannot hold is not added and is counted in
 *   `overflow` (docs/DEVIATIONS.md row O1). Each list keeps retail's order exactly: which object
 *   a sweep meets first decides its result.
 */
#ifndef ACP_SHADOWOBJ_H
#define ACP_SHADOWOBJ_H

#include <stdbool.h>
#include <stdint.h>

struct acp_physobj;
struct acp_landcell;

/** Most cells one object shadows: its last cell array (ACP_MAX_TRANSITION_CELLS). */
#define ACP_MAX_SHADOW_CELLS 18
/** Entries per block of a cell's shadow list. */
#define ACP_SHADOW_BLOCK 16

/** Retail CShadowObj: the object, its id, the cell id and the cell (NULL: not loaded). */
typedef struct acp_shadow_obj {
    struct acp_physobj *physobj;
    uint32_t id;
    uint32_t cell_id;
    const struct acp_landcell *cell;
} acp_shadow_obj;

/** One block of a cell's list; prev/next are block numbers + 1 (0: none). */
typedef struct acp_shadow_block {
    acp_shadow_obj *items[ACP_SHADOW_BLOCK];
    uint32_t prev, next;
} acp_shadow_block;

/** One cell's shadow list (retail num_shadow_objects + shadow_object_list), blocks head → tail. */
typedef struct acp_shadow_list {
    uint32_t num;
    uint32_t head, tail;             /* block numbers + 1 */
} acp_shadow_list;

/** The world's shadow storage. lists: one per cell slot (landblock slot × 64 + cell index). */
typedef struct acp_shadow_pool {
    uint32_t num_lists;
    acp_shadow_list *lists;
    uint32_t num_blocks, free_block;  /* free_block: first free block number + 1 */
    acp_shadow_block *blocks;
    uint32_t cap_objects, used_objects;
    acp_shadow_obj *object_shadows;   /* cap_objects × ACP_MAX_SHADOW_CELLS */
    uint64_t overflow;                /* shadows not added: the pool was full */
} acp_shadow_pool;

/** Allocate the pool for `num_cells` cell slots and `num_objects` objects. False when out of
 *  memory (the pool is then empty: no object casts a shadow, each refusal counted). */
bool acp_shadow_pool_init(acp_shadow_pool *pool, uint32_t num_cells, uint32_t num_objects);

/** Release the pool's storage and empty it. */
void acp_shadow_pool_free(acp_shadow_pool *pool);

/** The ACP_MAX_SHADOW_CELLS shadow slots of a new object, NULL when the pool has none left
 *  (counted in overflow). */
acp_shadow_obj *acp_shadow_pool_take_object(acp_shadow_pool *pool);

/** Entry i (< list->num) of a cell's list, in retail's order. */
acp_shadow_obj *acp_shadow_list_get(const acp_shadow_pool *pool, const acp_shadow_list *list, uint32_t i);

/** Append (false when no block is free: counted in overflow). */
bool acp_shadow_list_append(acp_shadow_pool *pool, acp_shadow_list *list, acp_shadow_obj *s);

/** Remove s: the last entry moves into its place (retail's order). False when absent. */
bool acp_shadow_list_remove(acp_shadow_pool *pool, acp_shadow_list *list, const acp_shadow_obj *s);

/** Point a shadow at its object. Retail: CShadowObj::set_physobj (0x0051BB30). */
void acp_shadowobj_set_physobj(acp_shadow_obj *s, struct acp_physobj *obj);

#endif
