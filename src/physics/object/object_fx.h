/* acphys — the world's fixed pools for scripts and particles (not a retail class: retail takes
 * each ScriptManager, ParticleManager, emitter and particle part from the heap).
 *
 * CONVENTIONS
 *   A world reserves its pools before it runs (acp_world_reserve_fx: the scenario runner does
 *   for objects whose Setup has a default script or script table, the bench for its emitters);
 *   a world that never reserved gets the default capacities at its first use (one allocation,
 *   DEVIATIONS P1). Requests beyond a pool's capacity fail and are counted: fx blocks
 *   (overflow_fx), particle slots (overflow_particles), emitters per object
 *   (overflow_emitters). Particle slots are handed out as contiguous runs of an emitter's
 *   max_particles. An fx block an object no longer needs (the object removed or exported:
 *   acp_fx_pool_give) goes back to a free stack, taken again first (the last given back first);
 *   the block handed out last, given back, is as if never taken (num_fx falls), so a refused
 *   import leaves the pool as it was.
 */
#ifndef ACP_OBJECT_FX_H
#define ACP_OBJECT_FX_H

#include "base/shortcuts.h"
#include <stdbool.h>
#include <stdint.h>

#include "physics/object/scripts.h"

#define ACP_DEFAULT_FX_BLOCKS 64
#define ACP_DEFAULT_PARTICLES 4096
#define ACP_PARTICLE_OBJECTS_PER_FX 2 /* particle objects the pool holds per fx block */

struct acp_world;

typedef struct acp_fx_pool {
    uint32_t cap_fx, num_fx;         /* num_fx: blocks handed out so far (in use or on free_fx) */
    acp_object_fx *fx;
    uint32_t num_free_fx;            /* blocks below num_fx given back: a stack, taken from the top */
    uint32_t *free_fx;
    uint32_t cap_particles;
    acp_particle *particles;
    uint8_t *used;                   /* per particle slot: taken by an emitter */
    uint32_t hint;                   /* first slot to try */
    uint64_t overflow_fx, overflow_particles, overflow_emitters;
    /* The emitters' particle objects (CPhysicsObj::makeParticleObject 0x00512640): a fixed set,
     * ACP_PARTICLE_OBJECTS_PER_FX per fx block, each with one shadow slot, sharing one empty part
     * array (the particles are the emitter's, not parts here); a free stack. */
    uint32_t cap_pobjs, num_free_pobjs;
    struct acp_physobj *pobjs;
    uint32_t *free_pobjs;
    struct acp_shadow_obj *pobj_shadows;
    struct acp_partarray *pobj_parts;
    uint64_t overflow_pobjs;          /* emitters made without a particle object (DEVIATIONS P5) */
    uint64_t particle_updates;       /* Particle::Update calls (the bench's particle updates) */
} acp_fx_pool;

/** Make the world's pools hold at least `fx_blocks` objects' scripts and particles and
 *  `particles` particle slots. Only before any is in use (false otherwise, or out of memory). */
bool acp_world_reserve_fx(struct acp_world *w, uint32_t fx_blocks, uint32_t particles);
/** Free the world's pools (acp_world_destroy). */
void acp_world_free_fx(struct acp_world *w);
/** The world's pool, made with the default capacities when the world reserved none; NULL when
 *  out of memory. */
acp_fx_pool *acp_world_fx_pool(struct acp_world *w);
/** A cleared fx block from the pool (the top of its free stack, else the next never taken), or
 *  NULL (counted) when full. */
acp_object_fx *acp_fx_pool_take(acp_fx_pool *pool);
/** Give a block back (its emitters released first: acp_physobj_release_fx). The block handed
 *  out last goes back as if never taken; any other goes on the free stack. A block not of this
 *  pool is ignored. */
void acp_fx_pool_give(acp_fx_pool *pool, acp_object_fx *fx);
/** Whether `pool` (NULL: none) has given out an fx block (num_fx: not all given back as if never
 *  taken; blocks on the free stack count). Every object's fx comes from its world's pool, which
 *  is not replaced while num_fx is above 0 (acp_world_reserve_fx), so while this is false no
 *  object of the world has fx and none need be read (a cold line of each). */
static inline bool acp_fx_pool_gave_out(const acp_fx_pool *pool)
{
#if ACP_SHORTCUTS
    return pool && pool->num_fx;
#else
    (void)pool;
    return true; /* docs/SHORTCUTS.md S10: every object's fx asked, as retail */
#endif
}
/** A particle object for a new emitter: made as retail's makeParticleObject makes one (id 0,
 *  the constructor's defaults, state | STATIC_PS | PARTICLE_EMITTER_PS, the pool's empty part
 *  array, one shadow slot), world w; NULL (counted in overflow_pobjs) when all are in use. */
struct acp_physobj *acp_fx_pool_take_pobj(acp_fx_pool *pool, struct acp_world *w);
/** Give a particle object back (out of every list already: ParticleEmitter::Destroy). */
void acp_fx_pool_give_pobj(acp_fx_pool *pool, struct acp_physobj *pobj);
/** n contiguous particle slots (cleared): their first index in *at; false (counted) when no run
 *  of n is free. n = 0 succeeds with no slots. */
bool acp_fx_pool_alloc_particles(acp_fx_pool *pool, uint32_t n, uint32_t *at);
/** Return n slots from `at`. */
void acp_fx_pool_free_particles(acp_fx_pool *pool, uint32_t at, uint32_t n);

#endif
