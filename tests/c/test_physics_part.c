/* acphys C tests — CPhysicsPart::find_obj_collisions' pre-test (docs/SHORTCUTS.md S20,
 * acp_physics_part_sweep_misses): it may skip a part only where retail's test (the spheres
 * carried into the part's axes by SPHEREPATH::cache_localspace_sphere 0x0050C9D0, then
 * CGfxObj::find_obj_collisions' overlap test 0x00534700) finds no overlap. The spheres are
 * placed at chosen distances from the part's physics sphere in world space (just touching, just
 * missing by a few float steps, clearly in, clearly out), with rotated and scaled parts, rotated
 * sweeps and sweeps from the next landblock; retail's answer is computed by the retail path
 * itself on a copy of the sweep. */
#include <math.h>
#include <string.h>

#include "base/shortcuts.h"
#include "physics/object/physics_part.h"
#include "physics/shapes/bsp.h"
#include "physics/shapes/gfxobj.h"
#include "physics/world/transition.h"
#include "test.h"

static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Uniform in [lo, hi). */
static double rng_in(uint64_t *s, double lo, double hi)
{
    return lo + (hi - lo) * (double)(rng_next(s) >> 11) * 0x1p-53;
}

/* A rotation: a random quaternion (set_rotate normalizes it). */
static acp_frame random_frame(uint64_t *s, acp_vec3 origin)
{
    acp_frame f = acp_frame_identity();
    acp_frame_set_rotate(&f, (float)rng_in(s, -1, 1), (float)rng_in(s, -1, 1), (float)rng_in(s, -1, 1),
                         (float)rng_in(s, -1, 1));
    f.origin = origin;
    return f;
}

/* Retail's answer: does any sweep sphere overlap the physics sphere, after the cache? */
static bool retail_meets(const acp_sphere *phys, const acp_position *pos, float scale, const acp_sphere_path *sp)
{
    acp_sphere_path copy = *sp;
    acp_spherepath_cache_localspace_sphere(&copy, pos, scale);
    for (uint32_t i = 0; i < copy.num_sphere; i++)
        if (acp_bsp_sphere_intersects(phys, &copy.localspace_sphere[i])) return true;
    return false;
}

typedef struct {
    acp_sphere phys;     /* the GfxObj's physics sphere, part axes, unscaled */
    acp_position part;   /* the part's position */
    float scale;         /* its scale z */
    acp_sphere_path sp;  /* the sweep: check_pos, local spheres */
    double gap;          /* intended world distance past the radii's sum (m; < 0: overlap) */
} part_case;

/* A case whose nearer sweep sphere `near` (of two) lies `gap` metres past touching the part's
 * physics sphere (world space, scaled), in a random direction; the other sphere 3 m farther
 * along it. The sweep's check_pos is in the part's landblock or the one north of it. */
static part_case make_case(uint64_t *s, double gap, uint32_t near)
{
    static const float SCALES[] = {0.25f, 0.8f, 1.0f, 1.3f, 2.5f, 7.0f};
    part_case c;
    memset(&c, 0, sizeof c);
    c.gap = gap;
    c.scale = SCALES[rng_next(s) % 6u];
    c.phys.center = (acp_vec3){(float)rng_in(s, -2, 2), (float)rng_in(s, -2, 2), (float)rng_in(s, 0, 4)};
    c.phys.radius = (float)rng_in(s, 0.2, 5.0);
    c.part.objcell_id = 0xA9B40001u + (uint32_t)(rng_next(s) % 64u);
    c.part.frame = random_frame(s, (acp_vec3){(float)rng_in(s, 0, 192), (float)rng_in(s, 0, 192), (float)rng_in(s, 0, 200)});
    /* The physics sphere in the part's landblock: origin + R (scale × centre). */
    const acp_vec3 sc = {c.scale * c.phys.center.x, c.scale * c.phys.center.y, c.scale * c.phys.center.z};
    const acp_vec3 p = acp_frame_localtoglobal(&c.part.frame, sc);
    double dx = rng_in(s, -1, 1), dy = rng_in(s, -1, 1), dz = rng_in(s, -1, 1);
    double dl = sqrt(dx * dx + dy * dy + dz * dz);
    dx /= dl, dy /= dl, dz /= dl;
    const double r = rng_in(s, 0.1, 1.5);
    const double sum = (double)c.scale * c.phys.radius + r;
    double d = sum + gap;
    if (d < 0.25 * sum) d = 0.25 * sum; /* a deep overlap: a quarter of the sum apart */
    c.gap = d - sum;
    /* The sweep: two spheres of radius r; check_pos rotated, in this landblock or the next north. */
    acp_sphere_path *sp = &c.sp;
    sp->num_sphere = 2;
    const bool north = (rng_next(s) & 1u) != 0;
    sp->check_pos.objcell_id = north ? 0xA9B50001u : c.part.objcell_id;
    const acp_vec3 g_near = {(float)(p.x + dx * d), (float)(p.y + dy * d - (north ? 192.0 : 0.0)), (float)(p.z + dz * d)};
    const acp_vec3 lc = {(float)rng_in(s, -0.3, 0.3), (float)rng_in(s, -0.3, 0.3), (float)rng_in(s, 0.3, 1.2)};
    sp->check_pos.frame = random_frame(s, (acp_vec3){0, 0, 0});
    const acp_vec3 rl = acp_frame_localtoglobalvec(&sp->check_pos.frame, lc);
    sp->check_pos.frame.origin = (acp_vec3){g_near.x - rl.x, g_near.y - rl.y, g_near.z - rl.z};
    const acp_vec3 away = acp_frame_globaltolocalvec(&sp->check_pos.frame, (acp_vec3){(float)(3 * dx), (float)(3 * dy), (float)(3 * dz)});
    sp->local_sphere[near] = (acp_sphere){lc, (float)r};
    sp->local_sphere[1u - near] = (acp_sphere){{lc.x + away.x, lc.y + away.y, lc.z + away.z}, (float)r};
    sp->curr_pos = sp->check_pos;
    return c;
}

/* Many cases at each gap: the pre-test never skips where retail meets; it skips every clear
 * miss (so the shortcut is taken where the bench needs it); retail meets every clear overlap
 * (the construction is right). Gaps of a few float steps either side of touching are where a
 * test without a margin for retail's float roundings would skip a meeting. */
static void skips_only_where_retail_misses(void)
{
    static const double GAPS[] = {-0.5, -1e-3, -1e-5, -1e-6, -1e-7, 0.0, 1e-7, 1e-6, 1e-5, 1e-4, 1e-3, 0.02, 0.05, 0.5, 5.0};
    uint64_t seed = 0x5320u;
    uint32_t near_meets = 0, skipped = 0, wrong = 0, clear_not_skipped = 0, overlap_missed = 0;
    for (unsigned g = 0; g < sizeof GAPS / sizeof GAPS[0]; g++) {
        for (int k = 0; k < 4000; k++) {
            part_case c = make_case(&seed, GAPS[g], (uint32_t)(k & 1));
            bool meets = retail_meets(&c.phys, &c.part, c.scale, &c.sp);
            bool skip = acp_physics_part_sweep_misses(&c.phys, &c.part, c.scale, &c.sp);
            if (skip && meets) wrong++;
            if (skip) skipped++;
            if (meets && fabs(c.gap) <= 1e-5) near_meets++;
            if (c.gap >= 0.05 && !skip) clear_not_skipped++;
            if (c.gap <= -1e-3 && !meets) overlap_missed++;
        }
    }
    ENSURE_EQ(wrong, 0);
    ENSURE_EQ(clear_not_skipped, 0);
    ENSURE_EQ(overlap_missed, 0);
    ENSURE(near_meets > 1000u); /* the boundary cases do meet in retail: a wrong skip would show */
    ENSURE(skipped >= 3u * 4000u); /* at least every case 5 cm or more out */
}

/* A part the pre-test must leave to retail: a zero, negative or NaN scale, one past its range,
 * a negative radius, a NaN in the sweep, a sphere with no margin to spare. */
static void refuses_what_it_cannot_bound(void)
{
    uint64_t seed = 0x5321u;
    part_case c = make_case(&seed, 1.0, 0);
    ENSURE(acp_physics_part_sweep_misses(&c.phys, &c.part, c.scale, &c.sp));
    const float bad_scales[] = {0.0f, -1.0f, NAN, INFINITY, 2048.0f, 1.0f / 2048.0f};
    for (unsigned i = 0; i < sizeof bad_scales / sizeof bad_scales[0]; i++)
        ENSURE(!acp_physics_part_sweep_misses(&c.phys, &c.part, bad_scales[i], &c.sp));
    part_case d = c;
    d.phys.radius = -0.5f;
    ENSURE(!acp_physics_part_sweep_misses(&d.phys, &d.part, d.scale, &d.sp));
    d = c;
    d.sp.local_sphere[1].radius = -0.1f;
    ENSURE(!acp_physics_part_sweep_misses(&d.phys, &d.part, d.scale, &d.sp));
    d = c;
    d.sp.local_sphere[0].center.y = NAN;
    ENSURE(!acp_physics_part_sweep_misses(&d.phys, &d.part, d.scale, &d.sp));
    d = c;
    d.part.frame.m[4] = INFINITY;
    ENSURE(!acp_physics_part_sweep_misses(&d.phys, &d.part, d.scale, &d.sp));
    d = c;
    d.part.frame.m[0] = 2.0f; /* not a rotation's matrix: Σ m_ij² past 3.5 */
    ENSURE(!acp_physics_part_sweep_misses(&d.phys, &d.part, d.scale, &d.sp));
    d = c;
    d.sp.check_pos.frame.m[8] = -2.0f;
    ENSURE(!acp_physics_part_sweep_misses(&d.phys, &d.part, d.scale, &d.sp));
    d = c;
    d.sp.check_pos.frame.origin.x = NAN;
    ENSURE(!acp_physics_part_sweep_misses(&d.phys, &d.part, d.scale, &d.sp));
    /* No sphere: nothing can meet (the retail loop tests none). */
    d = c;
    d.sp.num_sphere = 0;
    ENSURE(acp_physics_part_sweep_misses(&d.phys, &d.part, d.scale, &d.sp));
    ENSURE(!retail_meets(&d.phys, &d.part, d.scale, &d.sp));
}

/* Through acp_physics_part_find_obj_collisions: a clear miss answers OK either way; with the
 * shortcut it leaves the localspace members as they were (nothing reads them before the next
 * cache), without it they are the cache's. */
static void find_obj_collisions_answers_ok_on_a_miss(void)
{
    uint64_t seed = 0x5322u;
    part_case c = make_case(&seed, 2.0, 1);
    acp_gfxobj_physics g;
    memset(&g, 0, sizeof g);
    g.has_physics_bsp = true;
    g.physics_sphere = c.phys;
    acp_transition t;
    memset(&t, 0, sizeof t);
    t.sphere_path = c.sp;
    t.sphere_path.localspace_sphere[0].radius = 123.0f; /* a marker */
    ENSURE_EQ(acp_physics_part_find_obj_collisions(&g, &c.part, (acp_vec3){1.0f, 1.0f, c.scale}, &t), ACP_TS_OK);
    if (ACP_SHORTCUTS) ENSURE_FBITS(t.sphere_path.localspace_sphere[0].radius, 123.0f);
    else ENSURE(t.sphere_path.localspace_sphere[0].radius != 123.0f);
}

void suite_physics_part(void)
{
    RUN(skips_only_where_retail_misses);
    RUN(refuses_what_it_cannot_bound);
    RUN(find_obj_collisions_answers_ok_on_a_miss);
}
