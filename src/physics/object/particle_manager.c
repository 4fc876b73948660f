/* acphys — retail ParticleManager (PORTAL/cphysobj/CParticleManager.c) and the emitter set-up
 * of ParticleEmitter (SetInfo 0x0051CE90, SetParenting 0x0051C190, InitEnd 0x0051D400,
 * Destroy 0x0051CDB0). The LongNIHash of 2 buckets is a fixed array walked in the hash's order.
 * See particles.h. */
#include "particles.h"

#include <string.h>

#include "object_fx.h"
#include "childlist.h"
#include "partarray.h"
#include "physobj_children.h"
#include "physobj_collide.h"
#include "physobj.h"
#include "physics/world/physics.h"
#include "dat/dat.h"

void acp_particle_manager_init(acp_particle_manager *pm)
{
    memset(pm, 0, sizeof *pm);
    pm->next_emitter_id = 0xFFFF0000u;
}

static uint32_t bucket_of(uint32_t key) { return (key ^ (key >> 16)) % 2u; }

static acp_particle_emitter *find(acp_particle_manager *pm, uint32_t id)
{
    if (!id) return NULL;
    for (uint32_t i = 0; i < ACP_MAX_EMITTERS_PER_OBJECT; i++)
        if (pm->emitters[i].id == id) return &pm->emitters[i];
    return NULL;
}

/* Retail: ParticleEmitter::Destroy (0x0051CDB0): its particle object lets go of the emitting
 * object and leaves the world (unset_parent, leave_world: out of the cell lists), then its parts
 * go back to the pool. */
static void release(acp_particle_manager *pm, acp_particle_emitter *pe, acp_physobj *obj)
{
    if (pe->physobj) {
        acp_physobj_unset_parent(pe->physobj);
        acp_physobj_leave_world(pe->physobj);
        if (obj->world->fx_pool) acp_fx_pool_give_pobj(obj->world->fx_pool, pe->physobj);
    }
    if (pe->info && pe->info->max_particles) {
        acp_fx_pool *pool = obj->world->fx_pool;
        if (pool) acp_fx_pool_free_particles(pool, pe->pool_at, (uint32_t)pe->info->max_particles);
    }
    memset(pe, 0, sizeof *pe);
    pm->num_emitters--;
}

static acp_particle_emitter *free_slot(acp_particle_manager *pm)
{
    for (uint32_t i = 0; i < ACP_MAX_EMITTERS_PER_OBJECT; i++)
        if (!pm->emitters[i].id) return &pm->emitters[i];
    return NULL;
}

/* Retail: ParticleEmitter::SetInfo (0x0051CE90) for the particle slots,
 * ParticleEmitter::SetParenting (0x0051C190) for the part index and parent_offset kept, and
 * the clocks of ParticleEmitter::ParticleEmitter (0x0051C7E0). */
static bool setup_emitter(acp_particle_emitter *pe, acp_physobj *obj, const acp_particle_emitter_info *info,
                          uint32_t part_index, const acp_aframe *offset)
{
    acp_fx_pool *pool = acp_world_fx_pool(obj->world);
    if (!pool) return false;
    memset(pe, 0, sizeof *pe);
    if (!acp_fx_pool_alloc_particles(pool, (uint32_t)info->max_particles, &pe->pool_at)) return false;
    pe->particles = info->max_particles ? &pool->particles[pe->pool_at] : NULL;
    pe->info = info;
    pe->last_update_time = obj->world->now;
    pe->last_emit_time = obj->world->now;
    pe->part_index = part_index;
    pe->parent_offset = acp_frame_identity();
    if (offset) {
        pe->parent_offset.origin = offset->origin;
        acp_frame_set_rotate(&pe->parent_offset, offset->qw, offset->qx, offset->qy, offset->qz);
    }
    return true;
}

/* Retail: the refusal of ParticleEmitter::SetParenting (0x0051C190) →
 * CPhysicsObj::set_parent (0x00515B50) → CPhysicsObj::add_child (0x0050F8F0). The particle
 * object is a child of obj only for part index −1 (the object's frame) or an index below its
 * part array's parts; otherwise set_parent fails and CreateParticleEmitter destroys the new
 * emitter. Retail reads part_array->num_parts unchecked (every retail object has a part array); an
 * acphys object without one (row O5) refuses any index but −1. */
static bool can_parent(const acp_physobj *obj, uint32_t part_index)
{
    return acp_physobj_child_part_ok(obj, part_index);
}

/* The emitting object's child list: its reserved one, else the one its fx block holds. */
static void give_child_list(acp_physobj *obj)
{
    acp_object_fx *fx = obj->fx;
    if (obj->children || !fx) return;
    acp_childlist_init_fixed(&fx->kids, ACP_MAX_EMITTERS_PER_OBJECT, fx->kid_objects, fx->kid_frames, fx->kid_parts,
                             fx->kid_locations);
    obj->children = &fx->kids;
}

/* Retail: CPhysicsObj::makeParticleObject (0x00512640) in ParticleEmitter::SetInfo, then
 * ParticleEmitter::SetParenting (0x0051C190) → CPhysicsObj::set_parent (0x00515B50): the
 * particle object joins obj's children, obj's cell (change_cell → CObjCell::add_object) and,
 * through recalc_cross_cells, that cell's shadow list (add_particle_shadow_to_cell), placed by
 * UpdateChild at the part's frame ∘ parent_offset. False when set_parent fails (obj's child list
 * full: DEVIATIONS P60). No particle object left in the pool: the emitter goes on without one
 * (counted, DEVIATIONS P5). */
static bool make_particle_object(acp_particle_emitter *pe, acp_physobj *obj)
{
    acp_fx_pool *pool = acp_world_fx_pool(obj->world);
    acp_physobj *pobj = pool ? acp_fx_pool_take_pobj(pool, obj->world) : NULL;
    if (!pobj) return true;
    give_child_list(obj);
    if (!acp_physobj_set_parent(pobj, obj, pe->part_index, &pe->parent_offset)) {
        acp_fx_pool_give_pobj(pool, pobj);
        return false;
    }
    pe->physobj = pobj;
    return true;
}

bool acp_particle_emitter_take_particle_object(acp_particle_emitter *pe, acp_physobj *obj)
{
    pe->physobj = NULL;
    return make_particle_object(pe, obj);
}

uint32_t acp_particle_manager_create(acp_particle_manager *pm, acp_physobj *obj, uint32_t info_id,
                                     uint32_t part_index, const acp_aframe *offset, uint32_t emitter_id)
{
    acp_particle_emitter *old = find(pm, emitter_id);
    if (old) release(pm, old, obj);
    const acp_particle_emitter_info *info =
        (info_id && obj->world->dats) ? acp_datset_particle_emitter_info(obj->world->dats, info_id) : NULL;
    if (!info || !info->hw_gfxobj_id) return 0; /* SetInfo fails */
    if (!can_parent(obj, part_index)) return 0; /* SetParenting fails: no draw, no id taken */
    acp_particle_emitter *pe = free_slot(pm);
    if (!pe) {
        acp_fx_pool *pool = acp_world_fx_pool(obj->world);
        if (pool) pool->overflow_emitters++;
        return 0;
    }
    if (!setup_emitter(pe, obj, info, part_index, offset)) {
        memset(pe, 0, sizeof *pe);
        return 0;
    }
    pm->num_emitters++;
    if (!make_particle_object(pe, obj)) {
        release(pm, pe, obj);
        return 0;
    }
    pe->id = 1; /* taken while InitEnd runs; the real id below */
    pe->creation_time = obj->world->now; /* InitEnd */
    for (int32_t i = 0; i < info->initial_particles; i++) acp_particle_emitter_emit(pe, obj);
    uint32_t id = emitter_id ? emitter_id : pm->next_emitter_id++;
    pe->id = id;
    pe->serial = pm->next_serial++;
    return id;
}

uint32_t acp_particle_manager_create_blocking(acp_particle_manager *pm, acp_physobj *obj, uint32_t info_id,
                                              uint32_t part_index, const acp_aframe *offset, uint32_t emitter_id)
{
    if (emitter_id && find(pm, emitter_id)) return 0;
    return acp_particle_manager_create(pm, obj, info_id, part_index, offset, emitter_id);
}

bool acp_particle_manager_destroy(acp_particle_manager *pm, acp_physobj *obj, uint32_t emitter_id)
{
    acp_particle_emitter *pe = find(pm, emitter_id);
    if (!pe) return false;
    release(pm, pe, obj);
    return true;
}

bool acp_particle_manager_stop(acp_particle_manager *pm, uint32_t emitter_id)
{
    acp_particle_emitter *pe = find(pm, emitter_id);
    if (!pe) return false;
    pe->stopped = true;
    return true;
}

/* The emitters of one bucket, newest first (LongNIHash::add inserts at the chain's head). */
static uint32_t bucket_order(acp_particle_manager *pm, uint32_t bucket, acp_particle_emitter **out)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < ACP_MAX_EMITTERS_PER_OBJECT; i++) {
        acp_particle_emitter *pe = &pm->emitters[i];
        if (!pe->id || bucket_of(pe->id) != bucket) continue;
        uint32_t k = n++;
        while (k > 0 && out[k - 1]->serial < pe->serial) {
            out[k] = out[k - 1];
            k--;
        }
        out[k] = pe;
    }
    return n;
}

void acp_particle_manager_update(acp_particle_manager *pm, acp_physobj *obj)
{
    if (!pm->num_emitters) return;
    acp_particle_emitter *order[ACP_MAX_EMITTERS_PER_OBJECT];
    uint32_t n = bucket_order(pm, 0, order);
    n += bucket_order(pm, 1, order + n);
    for (uint32_t i = 0; i < n; i++)
        if (!acp_particle_emitter_update(order[i], obj)) release(pm, order[i], obj);
}

void acp_particle_manager_release_all(acp_particle_manager *pm, acp_physobj *obj)
{
    if (!pm->num_emitters) return;
    acp_particle_emitter *order[ACP_MAX_EMITTERS_PER_OBJECT];
    uint32_t n = bucket_order(pm, 0, order);
    n += bucket_order(pm, 1, order + n);
    for (uint32_t i = 0; i < n; i++) release(pm, order[i], obj);
}

uint32_t acp_particle_manager_num_particles(const acp_particle_manager *pm)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < ACP_MAX_EMITTERS_PER_OBJECT; i++)
        if (pm->emitters[i].id) n += (uint32_t)pm->emitters[i].num_particles;
    return n;
}
