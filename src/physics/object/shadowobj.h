/* acphys — retail CShadowObj: an object's entry in the shadow list of one cell it overlaps, and
 * the storage that holds every cell's shadow list (retail's CObjCell::shadow_object_list).
 *
 * CONVENTIONS
 *   Retail keeps, per cell, a DArray of CShadowObj pointers (append at the end; a removal moves
 *   the last entry into the hole: CObjCell::add_shadow_object / remove_shadow_object, cell/
 *   objcell.c), and per object a DArray of CShadowObj, one per cell of its last cell array.
 *   Here the lists live in a pool the world allocates when terrain is attached, sized from the
 *   world (objects × ACP_MAX_SHADOW_CELLS shadows; blocks of ACP_SHADOW_BLOCK entries for the
 *   lists: at most one partly filled block per loaded cell besides the full ones; an object
 *   whose shapes can reach more cells gets wide slots and their blocks when it is placed,
 *   acp_shadow_pool_take_wide), so nothing allocates while objects move. A shadow the pool cannot hold is not added and is counted in
 *   `overflow` (docs/DEVIATIONS.md row O1). Each list keeps retail's order exactly: which object
 *   a sweep meets first decides its result.
 */
#ifndef ACP_SHADOWOBJ_H
#define ACP_SHADOWOBJ_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "base/shortcuts.h"
#include "base/types.h"

struct acp_physobj;
struct acp_landcell;

/** Cells one object's shadow slots hold unless the world gave it wide ones: its shapes bound its
 *  cell list past this (acp_world_fit_shadow_cells, acp_shadow_pool_take_wide; DEVIATIONS T3). */
#define ACP_MAX_SHADOW_CELLS 18
/** Entries per block of a cell's shadow list. */
#define ACP_SHADOW_BLOCK 16

/* docs/SHORTCUTS.md S18: the shadow walk's coarse grid (physics/cell/objcell.c find_in_list).
 * Squares of ACP_SHADOW_GRID_SIDE m in world coordinates, numbered mod ACP_SHADOW_GRID in x and
 * in y (a 32 m period: a 24 m cell and what reaches into it from beside it seldom alias). */
#define ACP_SHADOW_GRID 32u
#define ACP_SHADOW_GRID_SIDE 1.0
/** m: an entry whose lim is larger is not put in a square (always a candidate). */
#define ACP_SHADOW_GRID_MAX_LIM 16.0f
#define ACP_SHADOW_GRID_ALWAYS 0xFFu
#define ACP_SHADOW_GRID_NONE 0xFEu

/** S18: the grid index of world coordinate g (m; |g| < 2^20): floor(g / ACP_SHADOW_GRID_SIDE)
 *  + 2^15 taken by truncating a positive number. Every step (the product by a positive
 *  constant, the sum, the truncation of a non-negative value) is monotone, so g <= h gives
 *  index(g) <= index(h): an entry's square lies in any range of squares built from bounds
 *  around it. Not a libm call (the same on every target). */
static inline int32_t acp_shadow_grid_index(double g)
{
    return (int32_t)(g * (1.0 / ACP_SHADOW_GRID_SIDE) + 32768.0);
}

struct acp_shadow_list;

/** Retail CShadowObj: the object, its id, the cell id and the cell (NULL: not loaded). Not
 *  retail: list and index say where the entry sits in the list that holds it (kept by
 *  acp_shadow_list_append / remove), so a removal finds it without searching the list. */
typedef struct acp_shadow_obj {
    struct acp_physobj *physobj;
    uint32_t id;
    uint32_t cell_id;
    const struct acp_landcell *cell;
    struct acp_shadow_list *list;    /* the list holding it (NULL: none) */
    uint32_t index;                  /* its entry number in that list */
    uint32_t block;                  /* the block holding that entry (number + 1) */
} acp_shadow_obj;

/** Not retail: what CObjCell::find_obj_collisions' reach bound (physics/cell/objcell.c) needs of
 *  an entry's object, kept beside the entry so that a sweep walking a crowded cell reads the
 *  list's blocks in order and no object it cannot meet. reach (m): the object's shape reach
 *  (scaled), < 0 for an object the sweep skips (parented, or without shapes), INFINITY for a
 *  physics-BSP object or a reach that is NaN or past 1,000 m (always tested); x, y, z (m): its
 *  origin, local to the landblock of cell_id (its objcell_id). Kept in step with the object by the functions that move it, scale
 *  it or change its shapes (acp_objcell_refresh_shadow_reach). */
typedef struct acp_shadow_reach {
    double reach;
    float x, y, z;
    uint32_t cell_id;
    float lim;                       /* m: (float)reach + 0.06 (reach < 0: -INFINITY), the float pre-test's */
    float cylinders;                 /* 1: the object has cylinders (the sweep radius counts twice), else 0 */
    /* docs/SHORTCUTS.md S26: the bound is the points within reach of the vertical segment from
     * z + zlo to z + zhi (m; both 0: the sphere of radius reach about the origin, as before).
     * An upright object (its rotation about z alone) with spheres only gets its capsule:
     * reach its spheres' largest distance from the z axis plus radius, zlo and zhi its lowest
     * and highest centre (scaled; rounded outward to float). */
    float zlo, zhi;
    uint32_t upright;                /* 1: the copy was made from an upright frame (S26) */
} acp_shadow_reach;

/** The rest of an entry's copy, read only for the entries the pre-test cannot rule out, with
 *  the entry's object (its acp_shadow_obj's physobj, kept here so that a sweep reaches the
 *  object without reading the shadow first). */
typedef struct acp_shadow_far {
    double reach;
    float z;
    float zlo, zhi;                  /* S26: acp_shadow_reach's */
    struct acp_physobj *obj;
} acp_shadow_far;

/** One block of a cell's list; prev/next are block numbers + 1 (0: none). First the walk's grid
 *  (docs/SHORTCUTS.md S18: each entry's 1 m square as a column and a row byte, the entries in
 *  none, the block's lim bound and whether it is placed at all) beside prev and next: the line a
 *  walk reads of every block. Then entry k's acp_shadow_reach (cell shadow lists only; object
 *  lists leave it unread), split: the float pre-test's fields (x[k], y[k], lim[k] and cell_id[k]
 *  as in acp_shadow_reach), bit k of cylinders (the object has cylinders), then the entries and
 *  the rest of the copies (far[k]). A walk reads an entry's fields only where the grid says
 *  maybe, and an entry and the rest of its copy only where the float test says maybe too. */
typedef struct acp_shadow_block {
    /* docs/SHORTCUTS.md S18, the walk's coarse grid, read first by a walk (one line with next):
     * entry k's grid column and row (acp_shadow_grid_index mod ACP_SHADOW_GRID; gcol
     * ACP_SHADOW_GRID_ALWAYS or _NONE: in no square). */
    uint8_t gcol[ACP_SHADOW_BLOCK], grow[ACP_SHADOW_BLOCK];
    uint32_t prev, next;
    uint16_t always;                 /* S18: bit k: entry k is in no square (always a candidate) */
    uint16_t gridded;                /* S18: 1: the block's entries are placed in the grid (every
                                        block of a list that has held more than one block's worth
                                        since it took them; a one-block list's walk tests every
                                        entry and its moves place nothing) */
    float blim;                      /* S18: m, >= the lim of every entry placed in a square since
                                        the block joined its list */
    float x[ACP_SHADOW_BLOCK], y[ACP_SHADOW_BLOCK], lim[ACP_SHADOW_BLOCK];
    uint32_t cell_id[ACP_SHADOW_BLOCK];
    uint32_t cylinders;
    uint32_t upright;                /* S26: bit k: entry k's copy was made from an upright frame */
    acp_shadow_obj *items[ACP_SHADOW_BLOCK];
    acp_shadow_far far[ACP_SHADOW_BLOCK];
} acp_shadow_block;

/** S18: where entry k's copy puts it in the block's grid: a column and row of the world's
 *  ACP_SHADOW_GRID_SIDE m squares (mod ACP_SHADOW_GRID) from its origin in world coordinates
 *  (192 m × the landblock's x and y, plus the local origin: exact in double); "always" (gcol
 *  ACP_SHADOW_GRID_ALWAYS, bit k of `always`) for an entry the grid cannot bound (cylinders, a
 *  lim past ACP_SHADOW_GRID_MAX_LIM, NaN or INFINITY, a non-finite or huge origin, cell id 0);
 *  "none" (ACP_SHADOW_GRID_NONE) for an entry the walk never calls (lim -INFINITY: parented, or
 *  without shapes). Keeps blim the largest lim it placed. Called by every writer of an entry's
 *  copy. Compiled out in the twin (ACP_SHORTCUTS 0: the walk is retail's, no grid). */
static inline void acp_shadow_grid_place(acp_shadow_block *b, uint32_t k)
{
#if ACP_SHORTCUTS
    if (!b->gridded) return;
    const float lim = b->lim[k], x = b->x[k], y = b->y[k];
    const uint32_t id = b->cell_id[k];
    uint32_t col = ACP_SHADOW_GRID_NONE, row = 0;
    if (lim > -INFINITY) {
        col = ACP_SHADOW_GRID_ALWAYS;
        if (!((b->cylinders >> k) & 1u) && lim <= ACP_SHADOW_GRID_MAX_LIM && fabsf(x) <= 1.0e5f &&
            fabsf(y) <= 1.0e5f && id != 0) {
            col = (uint32_t)acp_shadow_grid_index(192.0 * (double)(id >> 24) + (double)x) & (ACP_SHADOW_GRID - 1u);
            row = (uint32_t)acp_shadow_grid_index(192.0 * (double)((id >> 16) & 0xFFu) + (double)y) &
                  (ACP_SHADOW_GRID - 1u);
            if (lim > b->blim) b->blim = lim;
        }
    }
    b->gcol[k] = (uint8_t)col;
    b->grow[k] = (uint8_t)row;
    b->always = (uint16_t)((b->always & ~(1u << k)) | ((uint32_t)(col == ACP_SHADOW_GRID_ALWAYS) << k));
#else
    (void)b;
    (void)k;
#endif
}

/** Entry k's copy, whole. */
static inline acp_shadow_reach acp_shadow_block_reach(const acp_shadow_block *b, uint32_t k)
{
    acp_shadow_reach r = {b->far[k].reach, b->x[k], b->y[k], b->far[k].z, b->cell_id[k], b->lim[k],
                          (float)((b->cylinders >> k) & 1u), b->far[k].zlo, b->far[k].zhi, (b->upright >> k) & 1u};
    return r;
}

/** Store r as entry k's copy. */
static inline void acp_shadow_block_set_reach(acp_shadow_block *b, uint32_t k, const acp_shadow_reach *r)
{
    b->x[k] = r->x;
    b->y[k] = r->y;
    b->lim[k] = r->lim;
    b->cell_id[k] = r->cell_id;
    b->cylinders = (b->cylinders & ~(1u << k)) | ((uint32_t)(r->cylinders != 0.0f) << k);
    b->upright = (b->upright & ~(1u << k)) | ((r->upright & 1u) << k);
    b->far[k].reach = r->reach;
    b->far[k].z = r->z;
    b->far[k].zlo = r->zlo;
    b->far[k].zhi = r->zhi;
    acp_shadow_grid_place(b, k);
}

/** A move's share of entry k's copy: the object's new origin (m, landblock frame) and cell id. */
static inline void acp_shadow_block_move_reach(acp_shadow_block *b, uint32_t k, acp_vec3 origin, uint32_t cell_id)
{
    b->x[k] = origin.x;
    b->y[k] = origin.y;
    b->cell_id[k] = cell_id;
    b->far[k].z = origin.z;
    acp_shadow_grid_place(b, k);
}

/** S26: acp_shadow_block_move_reach when entry k's copy has form `up` (1 upright, 0 not);
 *  false, and nothing changed, when it has the other (the caller then stores a whole copy). */
static inline bool acp_shadow_block_move_reach_as(acp_shadow_block *b, uint32_t k, acp_vec3 origin, uint32_t cell_id,
                                                  uint32_t up)
{
    if (((b->upright >> k) & 1u) != up) return false;
    acp_shadow_block_move_reach(b, k, origin, cell_id);
    return true;
}

/** Entry `from` of block fb into entry `to` of block tb: the entry and its copy. */
static inline void acp_shadow_block_copy_entry(acp_shadow_block *tb, uint32_t to, const acp_shadow_block *fb, uint32_t from)
{
    tb->items[to] = fb->items[from];
    tb->x[to] = fb->x[from];
    tb->y[to] = fb->y[from];
    tb->lim[to] = fb->lim[from];
    tb->cell_id[to] = fb->cell_id[from];
    tb->cylinders = (tb->cylinders & ~(1u << to)) | (((fb->cylinders >> from) & 1u) << to);
    tb->upright = (tb->upright & ~(1u << to)) | (((fb->upright >> from) & 1u) << to);
    tb->far[to] = fb->far[from];
    acp_shadow_grid_place(tb, to);
}

/** One cell's shadow list (retail num_shadow_objects + shadow_object_list), blocks head → tail. */
typedef struct acp_shadow_list {
    uint32_t num;
    uint32_t head, tail;             /* block numbers + 1 */
} acp_shadow_list;

/** The world's shadow storage. lists: one per cell slot (landblock slot × 64 + cell index);
 *  object_lists: the same slots' object lists (retail CObjCell::object_list: the objects whose
 *  cell it is, each through its acp_physobj::cell_entry), sharing the blocks. */
typedef struct acp_shadow_pool {
    uint32_t num_lists;
    acp_shadow_list *lists;
    acp_shadow_list *object_lists;
    uint32_t num_blocks, free_block;  /* free_block: first free block number + 1 */
    acp_shadow_block *blocks;
    uint32_t cap_objects, used_objects;
    acp_shadow_obj *object_shadows;   /* cap_objects × ACP_MAX_SHADOW_CELLS */
    uint32_t num_free_objects;        /* not retail: object slot sets given back (free_objects) */
    uint32_t cap_free_objects;        /* cap_objects + the reserves' objects */
    acp_shadow_obj **free_objects;    /* given-back slot sets (object_shadows' or a reserve's), a stack */
    struct acp_shadow_slots *wide;    /* not retail: the slots of objects whose shadow cell lists
                                         can exceed ACP_MAX_SHADOW_CELLS (acp_shadow_pool_take_wide) */
    acp_shadow_obj *spare;            /* acp_shadow_pool_reserve_objects: slots of objects the world
                                         grew to hold after the pool was made, spare_left of them */
    uint32_t spare_left;              /* sets of the last reserve chunk not handed out */
    uint32_t spare_owed;              /* of them, those the reserves promised (<= spare_left) */
    uint64_t overflow;                /* shadows not added: the pool was full */
} acp_shadow_pool;

/** Allocate the pool for `num_cells` cell slots and `num_objects` objects (blocks for their
 *  shadows and for one object-list entry each, plus one partly filled block per slot and list
 *  kind). False when out of
 *  memory (the pool is then empty: no object casts a shadow, each refusal counted). */
bool acp_shadow_pool_init(acp_shadow_pool *pool, uint32_t num_cells, uint32_t num_objects);

/** Not retail (snapshots): empty every cell's shadow and object list and give every block back to
 *  the free chain (in block order), keeping the storage and the object slots. */
void acp_shadow_pool_clear_lists(acp_shadow_pool *pool);

/** Release the pool's storage and empty it. */
void acp_shadow_pool_free(acp_shadow_pool *pool);

/** The ACP_MAX_SHADOW_CELLS shadow slots of a new object, NULL when the pool has none left
 *  (counted in overflow). */
acp_shadow_obj *acp_shadow_pool_take_object(acp_shadow_pool *pool);

/** Room for `n` more objects in a pool already made (a world grown to hold more objects while it
 *  runs, acp_world_reserve_objects: objects added to a running run): their ACP_MAX_SHADOW_CELLS
 *  slots each and the blocks acp_shadow_pool_init gives that many objects, allocated now (never
 *  in update_object), so that the pool holds what one made for them from the start holds and a
 *  run that grew replays like one made whole. False when out of memory (the pool as it was). */
bool acp_shadow_pool_reserve_objects(acp_shadow_pool *pool, uint32_t n);

/** Not retail (DEVIATIONS T3): `n` (> ACP_MAX_SHADOW_CELLS) shadow slots for one object whose
 *  cell list can be that long, allocated now (load time, never in update_object) and kept until
 *  the pool is freed, and blocks for n more list entries; NULL when out of memory. */
acp_shadow_obj *acp_shadow_pool_take_wide(acp_shadow_pool *pool, uint32_t n);

/** Not retail (object hand-off, snapshots): give an object's shadow slots (from
 *  acp_shadow_pool_take_object or acp_shadow_pool_take_wide) back to the pool, for the next
 *  object that takes slots; slots the pool did not hand out (a particle object's) are left alone.
 *  The object must have left every cell's list first. Allocates nothing. */
void acp_shadow_pool_give_back(acp_shadow_pool *pool, acp_shadow_obj *slots);

/** Entry i (< list->num) of a cell's list, in retail's order. */
acp_shadow_obj *acp_shadow_list_get(const acp_shadow_pool *pool, const acp_shadow_list *list, uint32_t i);

/** Append (false when no block is free: counted in overflow). */
bool acp_shadow_list_append(acp_shadow_pool *pool, acp_shadow_list *list, acp_shadow_obj *s);

/** Remove s: the last entry moves into its place (retail's order). False when absent. */
bool acp_shadow_list_remove(acp_shadow_pool *pool, acp_shadow_list *list, acp_shadow_obj *s);

/** What removing s from list and appending it again leaves: the last entry moves into s's
 *  place and s becomes the last, the blocks as they were (s not in list: appended). Each
 *  entry's copy moves with it. Returns the block now holding s (its entry: s->index %
 *  ACP_SHADOW_BLOCK; NULL when an append found no free block: counted in overflow). The common
 *  case inline: s already the last entry stays where it is. */
acp_shadow_block *acp_shadow_list_reappend_moved(acp_shadow_pool *pool, acp_shadow_list *list, acp_shadow_obj *s);

static inline acp_shadow_block *acp_shadow_list_reappend(acp_shadow_pool *pool, acp_shadow_list *list, acp_shadow_obj *s)
{
    if (s->list == list && s->index + 1 == list->num && s->block == list->tail && s->block &&
        s->block <= pool->num_blocks) {
        acp_shadow_block *b = &pool->blocks[s->block - 1];
        if (b->items[s->index % ACP_SHADOW_BLOCK] == s) return b;
    }
    return acp_shadow_list_reappend_moved(pool, list, s);
}

/** Point a shadow at its object. Retail: CShadowObj::set_physobj (0x0051BB30). */
void acp_shadowobj_set_physobj(acp_shadow_obj *s, struct acp_physobj *obj);

#endif
