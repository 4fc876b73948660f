/* acphys — CPhysicsObj's script and particle members (PORTAL/cphysobj/CPhysicsObj.c:
 * play_script_internal, play_script, play_default_script, CallPES, CallPESInternal,
 * create_particle_emitter, create_blocking_particle_emitter, destroy_particle_emitter,
 * stop_particle_emitter, and the script/particle tail of UpdateObjectInternal). See scripts.h. */
#include "scripts.h"

#include "object_fx.h"
#include "physobj.h"
#include "physics/world/physics.h"
#include "dat/dat.h"

acp_object_fx *acp_physobj_fx(acp_physobj *obj)
{
    if (obj->fx) return obj->fx;
    if (!obj->world) return NULL;
    acp_fx_pool *pool = acp_world_fx_pool(obj->world);
    if (!pool) return NULL;
    obj->fx = acp_fx_pool_take(pool);
    return obj->fx;
}

void acp_physobj_release_fx(acp_physobj *obj)
{
    acp_object_fx *fx = obj->fx;
    if (!fx) return;
    if (fx->has_particles) acp_particle_manager_release_all(&fx->particles, obj);
    if (obj->children == &fx->kids) obj->children = NULL;
    obj->fx = NULL;
    if (obj->world) acp_fx_pool_give(obj->world->fx_pool, fx);
}

static acp_script_manager *script_manager(acp_physobj *obj)
{
    acp_object_fx *fx = acp_physobj_fx(obj);
    if (!fx) return NULL;
    if (!fx->has_scripts) {
        acp_script_manager_init(&fx->scripts);
        fx->has_scripts = true;
    }
    return &fx->scripts;
}

static acp_particle_manager *particle_manager(acp_physobj *obj)
{
    acp_object_fx *fx = acp_physobj_fx(obj);
    if (!fx) return NULL;
    if (!fx->has_particles) {
        acp_particle_manager_init(&fx->particles);
        fx->has_particles = true;
    }
    return &fx->particles;
}

bool acp_physobj_play_script_internal(acp_physobj *obj, uint32_t script_id)
{
    if (!script_id || !obj->world) return false;
    /* Retail makes the ScriptManager before AddScript's DBObj::Get; a script the DATs lack then
     * leaves an empty manager, which behaves as none: acphys looks the script up first, so that
     * such an object takes no fx block. */
    const acp_physics_script *s = obj->world->dats ? acp_datset_physics_script(obj->world->dats, script_id) : NULL;
    if (!s) return false;
    acp_script_manager *sm = script_manager(obj);
    return sm && acp_script_manager_add_internal(sm, s, obj->world->now);
}

bool acp_physobj_play_script(acp_physobj *obj, uint32_t script_id)
{
    if (!obj->has_cell) return true;
    return acp_physobj_play_script_internal(obj, script_id);
}

bool acp_physobj_play_script_type(acp_physobj *obj, uint32_t type, float mod)
{
    if (!obj->has_cell) return true;
    if (!obj->physics_script_table) return false;
    return acp_physobj_play_script_internal(obj, acp_physics_script_table_get_script(obj->physics_script_table, type, mod));
}

bool acp_physobj_play_default_script(acp_physobj *obj)
{
    if (!obj->has_cell) return true;
    if (!obj->physics_script_table) return false;
    uint32_t id = acp_physics_script_table_get_script(obj->physics_script_table, obj->default_script,
                                                      obj->default_script_intensity);
    return acp_physobj_play_script_internal(obj, id);
}

bool acp_physobj_set_script_table(acp_physobj *obj, uint32_t table_id, uint32_t default_type, float intensity)
{
    const acp_physics_script_table *t =
        (table_id && obj->world && obj->world->dats) ? acp_datset_physics_script_table(obj->world->dats, table_id) : NULL;
    obj->physics_script_table = t; /* InitDefaults releases the old table first: NULL when missing */
    if (!t) return false;
    obj->default_script = default_type;
    obj->default_script_intensity = intensity;
    return true;
}

void acp_physobj_call_pes(acp_physobj *obj, uint32_t script_id, float pause)
{
    if ((double)pause >= ACP_F_EPSILON) {
        float roll = (float)acp_roll_dice(obj->world, 0.0f, pause);
        acp_fphook h = {ACP_FPHOOK_CALL_PES, obj->world->physics_time, roll, 0.0f, 1.0f, script_id, 0};
        acp_physobj_add_fp_hook(obj, h);
        return;
    }
    if (obj->has_cell) acp_physobj_play_script_internal(obj, script_id);
}

void acp_physobj_call_pes_internal(acp_physobj *obj, uint32_t script_id, float cur_value)
{
    if (cur_value >= 1.0f && obj->has_cell) acp_physobj_play_script_internal(obj, script_id);
}

uint32_t acp_physobj_create_particle_emitter(acp_physobj *obj, uint32_t info_id, uint32_t part_index,
                                             const acp_aframe *offset, uint32_t emitter_id, bool blocking)
{
    acp_particle_manager *pm = particle_manager(obj);
    if (!pm) return 0;
    if (blocking) return acp_particle_manager_create_blocking(pm, obj, info_id, part_index, offset, emitter_id);
    return acp_particle_manager_create(pm, obj, info_id, part_index, offset, emitter_id);
}

bool acp_physobj_destroy_particle_emitter(acp_physobj *obj, uint32_t emitter_id)
{
    if (!obj->fx || !obj->fx->has_particles) return false;
    return acp_particle_manager_destroy(&obj->fx->particles, obj, emitter_id);
}

bool acp_physobj_stop_particle_emitter(acp_physobj *obj, uint32_t emitter_id)
{
    if (!obj->fx || !obj->fx->has_particles) return false;
    return acp_particle_manager_stop(&obj->fx->particles, emitter_id);
}

void acp_physobj_update_particles(acp_physobj *obj)
{
    if (obj->fx && obj->fx->has_particles) acp_particle_manager_update(&obj->fx->particles, obj);
}

void acp_physobj_update_scripts(acp_physobj *obj)
{
    if (obj->fx && obj->fx->has_scripts) acp_script_manager_update(&obj->fx->scripts, obj);
}
