/* acphys — the world's script and particle pools (see object_fx.h). Not retail. */
#include "object_fx.h"

#include <stdlib.h>
#include <string.h>

#include "partarray.h"
#include "physobj.h"
#include "shadowobj.h"
#include "physics/world/physics.h"

static void pool_free(acp_fx_pool *p);

static acp_fx_pool *pool_make(uint32_t fx_blocks, uint32_t particles)
{
    acp_fx_pool *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    const uint64_t pobjs = (uint64_t)fx_blocks * ACP_PARTICLE_OBJECTS_PER_FX;
    if (pobjs && pobjs <= 0x1000000u) {
        p->pobjs = calloc((size_t)pobjs, sizeof *p->pobjs);
        p->free_pobjs = calloc((size_t)pobjs, sizeof *p->free_pobjs);
        p->pobj_shadows = calloc((size_t)pobjs, sizeof *p->pobj_shadows);
        p->pobj_parts = acp_partarray_create_spheres(NULL, NULL, 0);
        if (!p->pobjs || !p->free_pobjs || !p->pobj_shadows || !p->pobj_parts) {
            pool_free(p);
            return NULL;
        }
        p->cap_pobjs = p->num_free_pobjs = (uint32_t)pobjs;
        for (uint32_t i = 0; i < p->cap_pobjs; i++) p->free_pobjs[i] = p->cap_pobjs - 1u - i; /* 0 on top */
    }
    p->fx = fx_blocks ? calloc(fx_blocks, sizeof *p->fx) : NULL;
    p->free_fx = fx_blocks ? calloc(fx_blocks, sizeof *p->free_fx) : NULL;
    p->particles = particles ? calloc(particles, sizeof *p->particles) : NULL;
    p->used = particles ? calloc(particles, 1) : NULL;
    if ((fx_blocks && (!p->fx || !p->free_fx)) || (particles && (!p->particles || !p->used))) {
        pool_free(p);
        return NULL;
    }
    p->cap_fx = fx_blocks;
    p->cap_particles = particles;
    return p;
}

static void pool_free(acp_fx_pool *p)
{
    if (!p) return;
    free(p->pobjs);
    free(p->free_pobjs);
    free(p->pobj_shadows);
    acp_partarray_destroy(p->pobj_parts);
    free(p->fx);
    free(p->free_fx);
    free(p->particles);
    free(p->used);
    free(p);
}

bool acp_world_reserve_fx(acp_world *w, uint32_t fx_blocks, uint32_t particles)
{
    acp_fx_pool *old = w->fx_pool;
    if (old && old->num_fx) return old->cap_fx >= fx_blocks && old->cap_particles >= particles;
    if (old && old->cap_fx >= fx_blocks && old->cap_particles >= particles) return true;
    acp_fx_pool *p = pool_make(fx_blocks, particles);
    if (!p) return false;
    if (old) {
        p->overflow_fx = old->overflow_fx;
        p->overflow_particles = old->overflow_particles;
        p->overflow_emitters = old->overflow_emitters;
        p->overflow_pobjs = old->overflow_pobjs;
    }
    pool_free(old);
    w->fx_pool = p;
    return true;
}

void acp_world_free_fx(acp_world *w)
{
    pool_free(w->fx_pool);
    w->fx_pool = NULL;
}

acp_fx_pool *acp_world_fx_pool(acp_world *w)
{
    if (!w->fx_pool) acp_world_reserve_fx(w, ACP_DEFAULT_FX_BLOCKS, ACP_DEFAULT_PARTICLES);
    return w->fx_pool;
}

acp_object_fx *acp_fx_pool_take(acp_fx_pool *pool)
{
    acp_object_fx *fx;
    if (pool->num_free_fx) fx = &pool->fx[pool->free_fx[--pool->num_free_fx]];
    else if (pool->num_fx < pool->cap_fx) fx = &pool->fx[pool->num_fx++];
    else {
        pool->overflow_fx++;
        return NULL;
    }
    memset(fx, 0, sizeof *fx);
    return fx;
}

void acp_fx_pool_give(acp_fx_pool *pool, acp_object_fx *fx)
{
    if (!pool || !fx || fx < pool->fx || fx >= pool->fx + pool->num_fx) return;
    const uint32_t i = (uint32_t)(fx - pool->fx);
    if (i + 1u == pool->num_fx && !pool->num_free_fx) pool->num_fx--; /* as if never taken */
    else pool->free_fx[pool->num_free_fx++] = i;
}

acp_physobj *acp_fx_pool_take_pobj(acp_fx_pool *pool, acp_world *w)
{
    if (!pool->num_free_pobjs) {
        pool->overflow_pobjs++;
        return NULL;
    }
    const uint32_t i = pool->free_pobjs[--pool->num_free_pobjs];
    acp_physobj *o = &pool->pobjs[i];
    acp_physobj_init(o, w, 0);
    o->state |= ACP_STATIC_PS | ACP_PARTICLE_EMITTER_PS; /* makeParticleObject: | 0x1001 */
    o->part_array = pool->pobj_parts;
    o->shadow_objects = &pool->pobj_shadows[i];
    o->cap_shadow_objects = 1;
    memset(o->shadow_objects, 0, sizeof *o->shadow_objects);
    return o;
}

void acp_fx_pool_give_pobj(acp_fx_pool *pool, acp_physobj *pobj)
{
    if (!pobj || pobj < pool->pobjs || pobj >= pool->pobjs + pool->cap_pobjs) return;
    pool->free_pobjs[pool->num_free_pobjs++] = (uint32_t)(pobj - pool->pobjs);
}

static bool run_free(const acp_fx_pool *pool, uint32_t at, uint32_t n)
{
    if (at > pool->cap_particles || n > pool->cap_particles - at) return false;
    for (uint32_t i = 0; i < n; i++)
        if (pool->used[at + i]) return false;
    return true;
}

bool acp_fx_pool_alloc_particles(acp_fx_pool *pool, uint32_t n, uint32_t *at)
{
    *at = 0;
    if (n == 0) return true;
    uint32_t start = pool->hint;
    if (!run_free(pool, start, n)) {
        for (start = 0; start + n <= pool->cap_particles; start++)
            if (run_free(pool, start, n)) break;
        if (start + n > pool->cap_particles) {
            pool->overflow_particles++;
            return false;
        }
    }
    memset(pool->used + start, 1, n);
    memset(pool->particles + start, 0, sizeof *pool->particles * n);
    pool->hint = start + n;
    *at = start;
    return true;
}

void acp_fx_pool_free_particles(acp_fx_pool *pool, uint32_t at, uint32_t n)
{
    if (!n || at >= pool->cap_particles) return;
    memset(pool->used + at, 0, n);
    if (at < pool->hint) pool->hint = at;
}
