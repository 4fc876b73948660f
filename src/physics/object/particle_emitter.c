/* acphys — retail ParticleEmitter (PORTAL/cphysobj/CParticleEmitter.c): emission, the update of
 * its particles, the end. The emitter's own CPhysicsObj (the particle object retail parents to
 * the emitting object) is its parent frame and parent_offset here. See particles.h. */
#include "particles.h"

#include "object_fx.h"
#include "partarray.h"
#include "physobj.h"
#include "physics/world/physics.h"

static bool persistent(const acp_particle_emitter_info *e)
{
    return !e->total_particles && e->total_seconds == 0.0;
}

/* The frame the particle object hangs from: the part's (CreateParticleEmitter admits only −1 or
 * an index below the parts, as add_child does), the object's for −1 (or for a part array that
 * has since lost the part). */
const acp_frame *acp_particle_emitter_parent_frame(const acp_particle_emitter *pe, acp_physobj *parent)
{
    if (pe->part_index != 0xFFFFFFFFu && parent->part_array && pe->part_index < parent->part_array->num_parts)
        return &acp_partarray_part_frames(parent->part_array)[pe->part_index];
    return &parent->position.frame;
}

/* The emitter object's origin: its parent's (part's) frame combined with parent_offset
 * (CPhysicsObj::set_parent and UpdateChild keep the particle object there). */
static acp_vec3 emitter_origin(const acp_particle_emitter *pe, acp_physobj *parent)
{
    return acp_frame_localtoglobal(acp_particle_emitter_parent_frame(pe, parent), pe->parent_offset.origin);
}

/* Retail ParticleEmitter::RecordParticleEmission (0x0051C870) and EmitParticle's tail. */
static void record_emission(acp_particle_emitter *pe, acp_physobj *parent)
{
    pe->num_particles++;
    pe->total_emitted++;
    pe->last_emit_offset = emitter_origin(pe, parent);
    pe->last_emit_time = parent->world->physics_time;
}

void acp_particle_emitter_emit(acp_particle_emitter *pe, acp_physobj *parent)
{
    const acp_particle_emitter_info *e = pe->info;
    int32_t slot = 0;
    while (slot < e->max_particles && pe->particles[slot].live) slot++;
    if (slot == e->max_particles) return;
    acp_world *w = parent->world;
    double lifespan = acp_emitter_info_random_lifespan(e, w);
    float final_trans = (float)acp_emitter_info_random_final_trans(e, w);
    float start_trans = (float)acp_emitter_info_random_start_trans(e, w);
    float final_scale = (float)acp_emitter_info_random_final_scale(e, w);
    float start_scale = (float)acp_emitter_info_random_start_scale(e, w);
    acp_vec3 c = acp_emitter_info_random_c(e, w);
    acp_vec3 b = acp_emitter_info_random_b(e, w);
    acp_vec3 a = acp_emitter_info_random_a(e, w);
    acp_vec3 offset = acp_emitter_info_random_offset(e, w);
    acp_particle_init(&pe->particles[slot], w, acp_particle_emitter_parent_frame(pe, parent), &pe->parent_offset,
                      offset, e->particle_type, persistent(e), a, b, c, start_scale, final_scale, start_trans,
                      final_trans, lifespan);
    record_emission(pe, parent);
}

bool acp_particle_emitter_stop(acp_particle_emitter *pe, double physics_time)
{
    if (pe->stopped) return true;
    const acp_particle_emitter_info *e = pe->info;
    if (e->total_seconds > 0.0 && pe->creation_time + e->total_seconds < physics_time) pe->stopped = true;
    if (e->total_particles && pe->total_emitted >= e->total_particles) pe->stopped = true;
    return pe->stopped;
}

/* Retail ParticleEmitter::KillParticle (0x0051C1E0). */
static void kill_particle(acp_particle_emitter *pe, int32_t i)
{
    acp_particle *p = &pe->particles[i];
    if (p->lifetime < p->lifespan) return;
    p->live = false;
    pe->num_particles--;
}

bool acp_particle_emitter_update(acp_particle_emitter *pe, acp_physobj *parent)
{
    const acp_particle_emitter_info *e = pe->info;
    acp_world *w = parent->world;
    const acp_frame *local = e->is_parent_local ? acp_particle_emitter_parent_frame(pe, parent) : NULL;
    bool keep = persistent(e);
    uint64_t updates = 0;
    for (int32_t i = 0; i < e->max_particles; i++) {
        acp_particle *p = &pe->particles[i];
        if (!p->live) continue;
        acp_particle_update(p, w->physics_time, e->particle_type, keep, local ? local : &p->start_frame);
        updates++;
        kill_particle(pe, i);
    }
    if (w->fx_pool) w->fx_pool->particle_updates += updates;
    bool alive = true;
    if (pe->stopped) {
        alive = pe->num_particles != 0;
    } else {
        acp_vec3 d = {0.0f, 0.0f, 0.0f};
        if (e->emitter_type & ACP_EMITTER_BIRTHRATE_PER_METER) {
            acp_vec3 o = emitter_origin(pe, parent);
            d.x = (float)((double)o.x - pe->last_emit_offset.x);
            d.y = (float)((double)o.y - pe->last_emit_offset.y);
            d.z = (float)((double)o.z - pe->last_emit_offset.z);
        }
        if (acp_emitter_info_should_emit(e, pe->num_particles, pe->total_emitted, d, pe->last_emit_time, w->now))
            acp_particle_emitter_emit(pe, parent);
        acp_particle_emitter_stop(pe, w->physics_time);
    }
    pe->last_update_time = w->physics_time;
    return alive;
}
