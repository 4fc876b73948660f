/* acphys — the ParticleEmitterInfo record (0x32xxxxxx): retail ParticleEmitterInfo::UnPack
 * (0x005179F0) and InitEnd (0x005173B0). Read against PORTAL/cphysobj/CParticleEmitterInfo.c
 * (the struct's field order in acclient.h; UnPack's Hex-Rays text addresses the fields through
 * the PackObj sub-object, 48 bytes in, so its names are shifted: the byte order below is the
 * one its 172-byte Pack writes after the id).
 *
 * Layout: id, unknown (u32), emitter_type, particle_type (i32), gfxobj_id, hw_gfxobj_id (u32),
 * birthrate (f64), max_particles, initial_particles, total_particles (i32), total_seconds,
 * lifespan, lifespan_rand (f64), offset_dir (3 f32), min_offset, max_offset, a, min_a, max_a,
 * b, min_b, max_b, c, min_c, max_c (3 + 2 f32 each), start_scale, final_scale, scale_rand,
 * start_trans, final_trans, trans_rand (f32), is_parent_local (i32): 176 bytes.
 *
 * Checks (retail has none): every float and double finite (ERR_FLOAT_NOT_FINITE), the particle
 * type in 0..12 (ERR_PARTICLE_TYPE: retail's Particle::Update moves no other type), the
 * particle counts in 0..ACP_MAX_PARTICLES (ERR_LIMIT: retail allocates max_particles parts).
 */
#include "unpack.h"

#include <math.h>
#include <string.h>

/* A little-endian double, finite (ERR_FLOAT_NOT_FINITE at its offset). */
static double read_f64_finite(acp_reader *r, const char *field)
{
    size_t at = r->pos;
    uint8_t b[8] = {0};
    acp_reader_bytes(r, b, sizeof b, field);
    uint64_t bits = 0;
    for (int i = 7; i >= 0; i--) bits = bits << 8 | b[i];
    double d;
    memcpy(&d, &bits, sizeof d);
    if (acp_reader_ok(r) && !isfinite(d)) acp_reader_fail(r, ACP_DAT_ERR_FLOAT_NOT_FINITE, at, field);
    return acp_reader_ok(r) ? d : 0.0;
}

static int32_t read_count(acp_reader *r, const char *field)
{
    size_t at = r->pos;
    int32_t n = acp_reader_i32(r, field);
    if (acp_reader_ok(r) && (n < 0 || (uint32_t)n > ACP_MAX_PARTICLES)) acp_reader_fail(r, ACP_DAT_ERR_LIMIT, at, field);
    return n;
}

/* Retail ParticleEmitterInfo::InitEnd (0x005173B0): the sorting sphere's radius is the larger
 * of max_offset and max_a · lifespan (a double product, stored as a float). */
static void init_end(acp_particle_emitter_info *e)
{
    double velocity_radius = (double)e->max_a * e->lifespan;
    double radius = e->max_offset;
    if (radius <= velocity_radius) radius = velocity_radius;
    e->sorting_radius = (float)radius;
}

/* Retail: ParticleEmitterInfo::UnPack (0x005179F0). */
void acp_unpack_particle_emitter_info(acp_reader *r, acp_arena *a, void *out)
{
    (void)a;
    acp_particle_emitter_info *e = out;
    e->id = acp_reader_u32(r, "particle_emitter_info.id");
    e->unknown = acp_reader_u32(r, "particle_emitter_info.unknown");
    e->emitter_type = acp_reader_i32(r, "particle_emitter_info.emitter_type");
    size_t at = r->pos;
    e->particle_type = acp_reader_i32(r, "particle_emitter_info.particle_type");
    if (acp_reader_ok(r) && (e->particle_type < 0 || e->particle_type >= ACP_PARTICLE_TYPE_COUNT))
        acp_reader_fail(r, ACP_DAT_ERR_PARTICLE_TYPE, at, "particle_emitter_info.particle_type");
    e->gfxobj_id = acp_reader_u32(r, "particle_emitter_info.gfxobj_id");
    e->hw_gfxobj_id = acp_reader_u32(r, "particle_emitter_info.hw_gfxobj_id");
    e->birthrate = read_f64_finite(r, "particle_emitter_info.birthrate");
    e->max_particles = read_count(r, "particle_emitter_info.max_particles");
    e->initial_particles = read_count(r, "particle_emitter_info.initial_particles");
    e->total_particles = read_count(r, "particle_emitter_info.total_particles");
    e->total_seconds = read_f64_finite(r, "particle_emitter_info.total_seconds");
    e->lifespan = read_f64_finite(r, "particle_emitter_info.lifespan");
    e->lifespan_rand = read_f64_finite(r, "particle_emitter_info.lifespan_rand");
    e->offset_dir = acp_reader_vec3_finite(r, "particle_emitter_info.offset_dir");
    e->min_offset = acp_reader_f32_finite(r, "particle_emitter_info.min_offset");
    e->max_offset = acp_reader_f32_finite(r, "particle_emitter_info.max_offset");
    e->a = acp_reader_vec3_finite(r, "particle_emitter_info.a");
    e->min_a = acp_reader_f32_finite(r, "particle_emitter_info.min_a");
    e->max_a = acp_reader_f32_finite(r, "particle_emitter_info.max_a");
    e->b = acp_reader_vec3_finite(r, "particle_emitter_info.b");
    e->min_b = acp_reader_f32_finite(r, "particle_emitter_info.min_b");
    e->max_b = acp_reader_f32_finite(r, "particle_emitter_info.max_b");
    e->c = acp_reader_vec3_finite(r, "particle_emitter_info.c");
    e->min_c = acp_reader_f32_finite(r, "particle_emitter_info.min_c");
    e->max_c = acp_reader_f32_finite(r, "particle_emitter_info.max_c");
    e->start_scale = acp_reader_f32_finite(r, "particle_emitter_info.start_scale");
    e->final_scale = acp_reader_f32_finite(r, "particle_emitter_info.final_scale");
    e->scale_rand = acp_reader_f32_finite(r, "particle_emitter_info.scale_rand");
    e->start_trans = acp_reader_f32_finite(r, "particle_emitter_info.start_trans");
    e->final_trans = acp_reader_f32_finite(r, "particle_emitter_info.final_trans");
    e->trans_rand = acp_reader_f32_finite(r, "particle_emitter_info.trans_rand");
    e->is_parent_local = acp_reader_i32(r, "particle_emitter_info.is_parent_local");
    acp_unpack_expect_end(r);
    if (acp_reader_ok(r)) init_end(e);
}
