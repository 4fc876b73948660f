/* acphys — retail ParticleEmitterInfo's run-time members: the GetRandom* draws and
 * ShouldEmitParticle (PORTAL/cphysobj/CParticleEmitterInfo.c). See particles.h. */
#include "particles.h"

#include <math.h>

#include "physics/world/physics.h"

double acp_roll_dice(acp_world *w, float lo, float hi)
{
    if (lo == hi) return lo;
    float real_lo = lo, real_hi = hi;
    if ((double)hi < (double)lo) {
        real_hi = lo;
        real_lo = hi;
    }
    return acp_world_random(w) * ((double)real_hi - (double)real_lo) + real_lo;
}

static double clamp(double v, double lo, double hi)
{
    if (v < lo) return lo;
    return v > hi ? hi : v;
}

double acp_emitter_info_random_start_scale(const acp_particle_emitter_info *e, acp_world *w)
{
    return clamp(acp_roll_dice(w, -1.0f, 1.0f) * e->scale_rand + e->start_scale, 0.1, 10.0);
}

double acp_emitter_info_random_final_scale(const acp_particle_emitter_info *e, acp_world *w)
{
    return clamp(acp_roll_dice(w, -1.0f, 1.0f) * e->scale_rand + e->final_scale, 0.1, 10.0);
}

double acp_emitter_info_random_start_trans(const acp_particle_emitter_info *e, acp_world *w)
{
    return clamp(acp_roll_dice(w, -1.0f, 1.0f) * e->trans_rand + e->start_trans, 0.0, 1.0);
}

double acp_emitter_info_random_final_trans(const acp_particle_emitter_info *e, acp_world *w)
{
    return clamp(acp_roll_dice(w, -1.0f, 1.0f) * e->trans_rand + e->final_trans, 0.0, 1.0);
}

double acp_emitter_info_random_lifespan(const acp_particle_emitter_info *e, acp_world *w)
{
    double r = acp_roll_dice(w, -1.0f, 1.0f) * e->lifespan_rand + e->lifespan;
    return r < 0.0 ? 0.0 : r;
}

/* Retail ParticleEmitterInfo::GetRandomOffset (0x005174A0). The three draws (z, y, x) are float
 * stack temporaries (ST20_4, ST1C_4 and [sp+18h]): each is rounded to float before the next
 * RollDice call. The projection dot·dir is a double; its x product stays in the register (v10)
 * while its y and z products are float locals ([sp+28h], [sp+2Ch]) before the subtraction. The
 * magnitude is a double; x and y are stored scaled, z is the product mag·z stored once. */
acp_vec3 acp_emitter_info_random_offset(const acp_particle_emitter_info *e, acp_world *w)
{
    const acp_vec3 d = e->offset_dir;
    float rz = (float)acp_roll_dice(w, -1.0f, 1.0f);
    float ry = (float)acp_roll_dice(w, -1.0f, 1.0f);
    float rx = (float)acp_roll_dice(w, -1.0f, 1.0f);
    double dot = ((double)ry * d.y + (double)rz * d.z) + (double)rx * d.x;
    float dot_y = (float)(dot * d.y);
    float dot_z = (float)(dot * d.z);
    acp_vec3 o;
    o.x = (float)((double)rx - dot * d.x);
    o.y = (float)((double)ry - dot_y);
    o.z = (float)((double)rz - dot_z);
    if (acp_vec3_normalize_check_small(&o)) return (acp_vec3){0.0f, 0.0f, 0.0f};
    double mag = acp_roll_dice(w, 0.0f, 1.0f) * ((double)e->max_offset - e->min_offset) + e->min_offset;
    o.x = (float)(o.x * mag);
    o.y = (float)(o.y * mag);
    o.z = (float)(mag * o.z);
    return o;
}

/* Retail ParticleEmitterInfo::GetRandomA/B/C (0x00517610, 0x00517670, 0x005176D0): the magnitude
 * (hi − lo)·RollDice(0, 1) + lo is the float a_mag / b_mag / c_mag (ST0C_4), then each component
 * is mag·v in double, stored as a float. */
static acp_vec3 random_scaled(acp_world *w, acp_vec3 v, float lo, float hi)
{
    double r = acp_roll_dice(w, 0.0f, 1.0f);
    float mag = (float)(((double)hi - lo) * r + lo);
    return (acp_vec3){(float)((double)mag * v.x), (float)((double)mag * v.y), (float)((double)mag * v.z)};
}

acp_vec3 acp_emitter_info_random_a(const acp_particle_emitter_info *e, acp_world *w)
{
    return random_scaled(w, e->a, e->min_a, e->max_a);
}

acp_vec3 acp_emitter_info_random_b(const acp_particle_emitter_info *e, acp_world *w)
{
    return random_scaled(w, e->b, e->min_b, e->max_b);
}

acp_vec3 acp_emitter_info_random_c(const acp_particle_emitter_info *e, acp_world *w)
{
    return random_scaled(w, e->c, e->min_c, e->max_c);
}

bool acp_emitter_info_should_emit(const acp_particle_emitter_info *e, int32_t num_particles, int32_t total_emitted,
                                  acp_vec3 emitter_offset, double last_emit_time, double now)
{
    if (e->total_particles > 0 && total_emitted >= e->total_particles) return false;
    if (num_particles >= e->max_particles) return false;
    if (e->emitter_type & ACP_EMITTER_BIRTHRATE_PER_SEC) return now - last_emit_time > e->birthrate;
    if (e->emitter_type & ACP_EMITTER_BIRTHRATE_PER_METER) {
        const acp_vec3 d = emitter_offset;
        double mag = sqrt((double)d.x * d.x + (double)d.y * d.y + (double)d.z * d.z);
        return mag > e->birthrate;
    }
    return false;
}
