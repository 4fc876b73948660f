/* acphys — the WebAssembly ABI: an object's physics scripts and live particles (issue 16), for
 * the page's drawing and its list of running scripts. See abi.h. */
#include "abi.h"

#include "physics/object/object_fx.h"
#include "physics/object/scripts.h"

/** Live particles of the object (all its emitters). */
ACP_ABI uint32_t acp_abi_object_particle_count(const acp_physobj *obj)
{
    if (!obj || !obj->fx || !obj->fx->has_particles) return 0;
    return acp_particle_manager_num_particles(&obj->fx->particles);
}

/** Up to `cap` live particles of the object, 5 floats each at `out`: world x, y, z (metres:
 *  the block's offset (block x · 192, block y · 192) plus the particle's origin, which is in the
 *  frame of the parent's landblock), scale, translucency (0 opaque .. 1 invisible). Emitters in
 *  their slot order, particles in slot order. Returns how many it wrote. */
ACP_ABI uint32_t acp_abi_object_particles(const acp_physobj *obj, float *out, uint32_t cap)
{
    if (!obj || !obj->fx || !obj->fx->has_particles || !out) return 0;
    const acp_particle_manager *pm = &obj->fx->particles;
    double bx = (double)acp_cell_block_x(obj->position.objcell_id) * 192.0;
    double by = (double)acp_cell_block_y(obj->position.objcell_id) * 192.0;
    uint32_t n = 0;
    for (uint32_t e = 0; e < ACP_MAX_EMITTERS_PER_OBJECT; e++) {
        const acp_particle_emitter *pe = &pm->emitters[e];
        if (!pe->id || !pe->info) continue;
        for (int32_t i = 0; i < pe->info->max_particles && n < cap; i++) {
            const acp_particle *p = &pe->particles[i];
            if (!p->live) continue;
            float *o = out + 5u * n++;
            o[0] = (float)(bx + p->frame.origin.x);
            o[1] = (float)(by + p->frame.origin.y);
            o[2] = p->frame.origin.z;
            o[3] = p->scale;
            o[4] = p->translucency;
        }
    }
    return n;
}

/** Scripts the object's ScriptManager holds (the running one first). */
ACP_ABI uint32_t acp_abi_object_script_count(const acp_physobj *obj)
{
    if (!obj || !obj->fx || !obj->fx->has_scripts) return 0;
    return acp_script_manager_count(&obj->fx->scripts);
}

/** The i-th script's id (0 past the end). */
ACP_ABI uint32_t acp_abi_object_script_id(const acp_physobj *obj, uint32_t i)
{
    const acp_script_data *d = obj && obj->fx && obj->fx->has_scripts ? acp_script_manager_at(&obj->fx->scripts, i) : NULL;
    return d ? d->script->id : 0;
}

/** The i-th script's start (s, Timer::cur_time) and the running script's next hook time (s, −1
 *  for none): `out` gets 2 doubles. 0 when there is no such script. */
ACP_ABI int acp_abi_object_script_times(const acp_physobj *obj, uint32_t i, double *out)
{
    const acp_script_data *d = obj && obj->fx && obj->fx->has_scripts ? acp_script_manager_at(&obj->fx->scripts, i) : NULL;
    if (!d || !out) return 0;
    out[0] = d->start_time;
    out[1] = obj->fx->scripts.next_hook_time;
    return 1;
}

/** Reserve the world's script and particle pools (acp_world_reserve_fx): 1 done, 0 refused. */
ACP_ABI int acp_abi_world_reserve_fx(acp_world *w, uint32_t fx_blocks, uint32_t particles)
{
    return w && acp_world_reserve_fx(w, fx_blocks, particles);
}

/** The world's pool counters at `out` (5 doubles): fx blocks in use, fx overflows, particle
 *  overflows, emitter overflows, Particle::Update calls. 0 before any pool exists. */
ACP_ABI int acp_abi_world_fx_stats(const acp_world *w, double *out)
{
    if (!w || !w->fx_pool || !out) return 0;
    const acp_fx_pool *p = w->fx_pool;
    out[0] = p->num_fx;
    out[1] = (double)p->overflow_fx;
    out[2] = (double)p->overflow_particles;
    out[3] = (double)p->overflow_emitters;
    out[4] = (double)p->particle_updates;
    return 1;
}
