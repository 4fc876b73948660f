/* Frame (retail Frame / AFrame) tests. Expected values come from the retail rules each case
 * names, worked out by hand (see the comments), not from running this code. */
#include "test.h"

#include "physics/geometry/frame.h"
#include "physics/geometry/mathx.h"

static const double SQRT_HALF = 0.70710678118654752440;

static acp_frame frame_with(float w, float x, float y, float z)
{
    acp_frame f = acp_frame_identity();
    acp_frame_set_rotate(&f, w, x, y, z);
    return f;
}

static double pitch_deg(acp_vec3 fwd) { return asin((double)fwd.z) * 180.0 / 3.14159265358979323846; }

/* Heading 90 (east) is a rotation of −90° about +Z: q = (cos −45°, 0, 0, sin −45°). Local
 * (0, 1, 0) must land on world (1, 0, 0); the rotation of a ∘ b is q_a · q_b. */
static void combine_order(void)
{
    acp_frame body = frame_with((float)SQRT_HALF, 0.0f, 0.0f, (float)-SQRT_HALF);
    body.origin = (acp_vec3){10.0f, 20.0f, 30.0f};
    acp_frame step = acp_frame_identity();
    step.origin = (acp_vec3){0.0f, 1.0f, 0.0f};
    acp_frame out = acp_frame_identity();
    acp_frame_combine(&out, &body, &step);
    ENSURE_NEAR(out.origin.x, 11.0, 1e-6);
    ENSURE_NEAR(out.origin.y, 20.0, 1e-6);
    ENSURE_NEAR(out.origin.z, 30.0, 1e-6);
    ENSURE_NEAR(out.qw, body.qw, 1e-7);
    ENSURE_NEAR(out.qz, body.qz, 1e-7);

    /* q_d: 90° about local X = (√½, √½, 0, 0). q_body·q_d = (½, ½, −½, −½);
     * q_d·q_body would be (½, ½, ½, −½): the y component tells them apart. */
    step = frame_with((float)SQRT_HALF, (float)SQRT_HALF, 0.0f, 0.0f);
    step.origin = (acp_vec3){0.0f, 1.0f, 0.0f};
    acp_frame_combine(&out, &body, &step);
    ENSURE_NEAR(out.qw, 0.5, 1e-6);
    ENSURE_NEAR(out.qx, 0.5, 1e-6);
    ENSURE_NEAR(out.qy, -0.5, 1e-6);
    ENSURE_NEAR(out.qz, -0.5, 1e-6);
    ENSURE_NEAR(out.origin.x, 11.0, 1e-6);

    /* The AFrame overload composes the same way. */
    acp_aframe as = {{0.0f, 1.0f, 0.0f}, step.qw, step.qx, step.qy, step.qz};
    acp_frame out2 = acp_frame_identity();
    acp_frame_combine_aframe(&out2, &body, &as);
    ENSURE_NEAR(out2.qy, -0.5, 1e-6);
    ENSURE_NEAR(out2.origin.x, 11.0, 1e-6);
}

/* combine with the identity changes nothing: every product is exact and every sum adds zero. */
static void combine_identity_is_exact(void)
{
    acp_frame a = frame_with(0.468932f, 0.0f, 0.0f, -0.883235f);
    a.origin = (acp_vec3){118.6824f, 58.51815f, 330.9344f};
    acp_frame id = acp_frame_identity();
    acp_frame out = acp_frame_identity();
    acp_frame_combine(&out, &a, &id);
    ENSURE_FBITS(out.origin.x, a.origin.x);
    ENSURE_FBITS(out.origin.y, a.origin.y);
    ENSURE_FBITS(out.origin.z, a.origin.z);
    ENSURE_FBITS(out.qw, a.qw);
    ENSURE_FBITS(out.qz, a.qz);
}

/* Retail set_heading builds (sin h, cos h, z) with z the current forward's z, then normalizes:
 * forward (0, 0.866, 0.5) and heading 90 → normalize(1, 0, 0.5) = (0.894427, 0, 0.447214),
 * heading 90 and pitch atan(0.5) = 26.565°, not 30°. */
static void set_heading_keeps_pitch_only_approximately(void)
{
    acp_frame f = acp_frame_identity();
    acp_frame_set_vector_heading(&f, (acp_vec3){0.0f, 0.8660254f, 0.5f});
    acp_vec3 fwd = acp_frame_get_vector_heading(&f);
    ENSURE_NEAR(fwd.y, 0.8660254, 1e-6);
    ENSURE_NEAR(fwd.z, 0.5, 1e-6);
    acp_frame_set_heading(&f, 90.0f);
    fwd = acp_frame_get_vector_heading(&f);
    ENSURE_NEAR(fwd.x, 2.0 / sqrt(5.0), 1e-6);
    ENSURE_NEAR(fwd.y, 0.0, 1e-6);
    ENSURE_NEAR(fwd.z, 1.0 / sqrt(5.0), 1e-6);
    ENSURE_NEAR(acp_frame_get_heading(&f), 90.0, 1e-4);
    ENSURE_NEAR(pitch_deg(fwd), 26.565051177077990, 1e-4);
    ENSURE(fabs(pitch_deg(fwd) - 30.0) > 3.0);
}

static void heading_units(void)
{
    acp_frame f = acp_frame_identity();
    ENSURE_NEAR(acp_frame_get_heading(&f), 0.0, 1e-12);

    acp_frame_set_heading(&f, 90.0f);
    acp_vec3 y = acp_frame_localtoglobalvec(&f, (acp_vec3){0.0f, 1.0f, 0.0f});
    ENSURE_NEAR(y.x, 1.0, 1e-6);
    ENSURE_NEAR(y.y, 0.0, 1e-6);
    ENSURE_NEAR(y.z, 0.0, 1e-6);
    ENSURE_NEAR(acp_frame_get_heading(&f), 90.0, 1e-4);

    /* West: rotate +90° about +Z: q = (cos 45°, 0, 0, sin 45°); local +Y → (−1, 0, 0). */
    acp_frame w = frame_with((float)SQRT_HALF, 0.0f, 0.0f, (float)SQRT_HALF);
    ENSURE_NEAR(acp_frame_get_heading(&w), 270.0, 1e-4);
    acp_vec3 wy = acp_frame_localtoglobalvec(&w, (acp_vec3){0.0f, 1.0f, 0.0f});
    ENSURE_NEAR(wy.x, -1.0, 1e-6);

    /* set_heading(get_heading(f)) on yaw-only frames leaves them unchanged. */
    static const float headings[] = {0.0f, 1.0f, 45.0f, 89.9f, 135.0f, 180.0f, 200.5f, 270.0f, 359.9f};
    for (size_t i = 0; i < sizeof headings / sizeof headings[0]; i++) {
        acp_frame g = acp_frame_identity();
        acp_frame_set_heading(&g, headings[i]);
        acp_frame h = g;
        acp_frame_set_heading(&h, (float)acp_frame_get_heading(&g));
        for (int k = 0; k < 9; k++) ENSURE_NEAR(h.m[k], g.m[k], 1e-6);
        ENSURE_NEAR(acp_frame_get_heading(&g), headings[i], 2e-4);
    }
}

/* grotate((0.5, 0, 0)) on identity: q = (cos 0.25, sin 0.25, 0, 0), a rotation about world X. */
static void grotate_about_world_x(void)
{
    acp_frame f = acp_frame_identity();
    acp_frame_grotate(&f, (acp_vec3){0.5f, 0.0f, 0.0f});
    ENSURE_NEAR(f.qw, cos(0.25), 1e-7);
    ENSURE_NEAR(f.qx, sin(0.25), 1e-7);
    ENSURE_FBITS(f.qy, 0.0f);
    ENSURE_FBITS(f.qz, 0.0f);
    /* Below EPSILON (|w|² < EPSILON²) nothing happens. */
    acp_frame g = acp_frame_identity();
    acp_frame_grotate(&g, (acp_vec3){0.0001f, 0.0001f, 0.0f});
    ENSURE_FBITS(g.qw, 1.0f);
    ENSURE_FBITS(g.qx, 0.0f);
    /* grotate is global, rotate is local: on a frame facing east, a local X turn (pitch) is a
     * global turn about −Y... local +X of heading 90 is world (0, −1, 0). */
    acp_frame e = frame_with((float)SQRT_HALF, 0.0f, 0.0f, (float)-SQRT_HALF);
    acp_frame_rotate(&e, (acp_vec3){0.5f, 0.0f, 0.0f});
    acp_vec3 fwd = acp_frame_get_vector_heading(&e);
    ENSURE_NEAR(fwd.x, cos(0.5), 1e-6);
    ENSURE_NEAR(fwd.z, sin(0.5), 1e-6);
}

static void set_rotate_rejects_invalid(void)
{
    acp_frame f = frame_with(0.5f, 0.5f, 0.5f, 0.5f);
    acp_frame before = f;
    acp_frame_set_rotate(&f, NAN, 0.0f, 0.0f, 0.0f);
    ENSURE(memcmp(&f, &before, sizeof f) == 0);
    acp_frame_set_rotate(&f, 0.0f, 0.0f, 0.0f, 0.0f);
    ENSURE(memcmp(&f, &before, sizeof f) == 0);
    acp_frame_set_rotate(&f, INFINITY, 0.0f, 0.0f, 0.0f);
    ENSURE(memcmp(&f, &before, sizeof f) == 0);
    /* A non-unit quaternion is normalized: (2, 0, 0, 0) → (1, 0, 0, 0). */
    acp_frame_set_rotate(&f, 2.0f, 0.0f, 0.0f, 0.0f);
    ENSURE_FBITS(f.qw, 1.0f);
    ENSURE_FBITS(f.m[0], 1.0f);
}

/* IsValid: |q|² (as a float) within 5 × EPSILON (0.00099999997) of 1. */
static void is_valid_bounds(void)
{
    acp_frame f = acp_frame_identity();
    ENSURE(acp_frame_is_valid(&f));
    f.qw = 1.0004f; /* |q|² = 1.00080016 → within 0.001 */
    ENSURE(acp_frame_is_valid(&f));
    f.qw = 1.0006f; /* |q|² = 1.00120036 → outside */
    ENSURE(!acp_frame_is_valid(&f));
    f = acp_frame_identity();
    f.origin.x = NAN;
    ENSURE(!acp_frame_is_valid(&f));
    ENSURE(!acp_frame_is_valid_except_for_heading(&f));
    f = acp_frame_identity();
    f.qx = NAN;
    ENSURE(!acp_frame_is_valid(&f));
    ENSURE(acp_frame_is_valid_except_for_heading(&f));
}

/* Local +Y of set_vector_heading(dir) is normalize(dir), and local +X stays horizontal. */
static void set_vector_heading_spread(void)
{
    static const float dirs[][3] = {
        {1, 0, 0}, {0, 1, 0}, {-1, 0, 0}, {0, -1, 0}, {3, 4, 0}, {-2, 7, 0},
        {1, 1, 1}, {0, 2, 1}, {-3, -1, 2}, {5, -5, 0.5f},                 /* elevated */
        {1, 1, -1}, {0, 3, -2}, {-1, -4, -0.25f}, {0.2f, -0.1f, -3},       /* downward */
        {0.05f, 0.03f, 1}, {0.0f, -0.06f, -1}, {0.2f, 0.2f, 5},           /* near vertical */
        {-31.741f, 37.134f, -10.658f},                                    /* the recorded quarrel */
    };
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        acp_frame f = acp_frame_identity();
        acp_vec3 d = {dirs[i][0], dirs[i][1], dirs[i][2]};
        acp_frame_set_vector_heading(&f, d);
        double len = sqrt((double)d.x * d.x + (double)d.y * d.y + (double)d.z * d.z);
        acp_vec3 y = acp_frame_localtoglobalvec(&f, (acp_vec3){0.0f, 1.0f, 0.0f});
        ENSURE_NEAR(y.x, d.x / len, 1e-6);
        ENSURE_NEAR(y.y, d.y / len, 1e-6);
        ENSURE_NEAR(y.z, d.z / len, 1e-6);
        acp_vec3 x = acp_frame_localtoglobalvec(&f, (acp_vec3){1.0f, 0.0f, 0.0f});
        ENSURE_NEAR(x.z, 0.0, 1e-6);
    }
    /* Within a milliradian of vertical retail's elevation, asin of a float z near 1, is
     * ill-conditioned (d asin / dz = 1/sqrt(1 − z²) ≈ 1000): +Y is only within ~3e-5 there. */
    acp_frame nv = acp_frame_identity();
    acp_frame_set_vector_heading(&nv, (acp_vec3){0.001f, 0.0f, 1.0f});
    acp_vec3 nvy = acp_frame_localtoglobalvec(&nv, (acp_vec3){0.0f, 1.0f, 0.0f});
    ENSURE_NEAR(nvy.x, 0.001, 5e-5);
    ENSURE_NEAR(nvy.z, 1.0, 1e-6);
    /* A near-zero vector (|v| < EPSILON) leaves the frame unchanged. */
    acp_frame f = frame_with(0.9f, 0.1f, 0.2f, 0.3f);
    acp_frame before = f;
    acp_frame_set_vector_heading(&f, (acp_vec3){0.0001f, 0.0001f, 0.0f});
    ENSURE(memcmp(&f, &before, sizeof f) == 0);
    /* Exactly vertical: atan2(0, 0) = 0, so the heading is fmod(450, 360) = 90 and local +X
     * points along world −Y. */
    acp_frame v = acp_frame_identity();
    acp_frame_set_vector_heading(&v, (acp_vec3){0.0f, 0.0f, 2.0f});
    acp_vec3 up = acp_frame_localtoglobalvec(&v, (acp_vec3){0.0f, 1.0f, 0.0f});
    ENSURE_NEAR(up.z, 1.0, 1e-6);
    acp_vec3 vx = acp_frame_localtoglobalvec(&v, (acp_vec3){1.0f, 0.0f, 0.0f});
    ENSURE_NEAR(vx.x, 0.0, 1e-6);
    ENSURE_NEAR(vx.y, -1.0, 1e-6);
}

/* subtract1 undoes combine_aframe; subtract2 expresses a frame in another's axes. */
static void subtract_inverts_combine(void)
{
    acp_frame a = frame_with(0.468932f, 0.0f, 0.0f, -0.883235f);
    a.origin = (acp_vec3){118.6824f, 58.51815f, 330.9344f};
    acp_aframe d = {{0.1f, 0.7f, -0.05f}, 0.99f, 0.01f, 0.02f, 0.1f};
    acp_frame c = acp_frame_identity();
    acp_frame_combine_aframe(&c, &a, &d);
    acp_frame back = acp_frame_identity();
    acp_frame_subtract1(&back, &c, &d);
    ENSURE_NEAR(back.origin.x, a.origin.x, 1e-4);
    ENSURE_NEAR(back.origin.y, a.origin.y, 1e-4);
    ENSURE_NEAR(back.origin.z, a.origin.z, 1e-4);
    ENSURE_NEAR(back.qw, a.qw, 1e-6);
    ENSURE_NEAR(back.qz, a.qz, 1e-6);

    acp_frame rel = acp_frame_identity();
    acp_frame_subtract2(&rel, &c, &a);
    ENSURE_NEAR(rel.origin.x, 0.1, 1e-4);
    ENSURE_NEAR(rel.origin.y, 0.7, 1e-4);
    ENSURE_NEAR(rel.origin.z, -0.05, 1e-4);
    double n = sqrt(0.99 * 0.99 + 0.01 * 0.01 + 0.02 * 0.02 + 0.1 * 0.1);
    ENSURE_NEAR(rel.qw, 0.99 / n, 1e-6);
    ENSURE_NEAR(rel.qz, 0.1 / n, 1e-6);
}

static void local_global_roundtrip(void)
{
    acp_frame f = frame_with(0.9f, 0.1f, 0.2f, 0.3f);
    f.origin = (acp_vec3){5.0f, -3.0f, 2.0f};
    acp_vec3 p = {1.5f, -2.0f, 0.25f};
    acp_vec3 g = acp_frame_localtoglobal(&f, p);
    acp_vec3 l = acp_frame_globaltolocal(&f, g);
    ENSURE_NEAR(l.x, p.x, 1e-5);
    ENSURE_NEAR(l.y, p.y, 1e-5);
    ENSURE_NEAR(l.z, p.z, 1e-5);
    acp_vec3 gv = acp_frame_localtoglobalvec(&f, p);
    ENSURE_NEAR(gv.x + f.origin.x, g.x, 1e-5);
    acp_vec3 lv = acp_frame_globaltolocalvec(&f, gv);
    ENSURE_NEAR(lv.y, p.y, 1e-5);
}

/* Slerp: halfway between identity and 90° about Z is 45° about Z; t = 0 and 1 give the ends;
 * opposite-sign quaternions take the short way. */
static void interpolate_rotation(void)
{
    acp_frame a = acp_frame_identity();
    acp_frame b = frame_with((float)SQRT_HALF, 0.0f, 0.0f, (float)SQRT_HALF);
    acp_frame out = acp_frame_identity();
    acp_frame_interpolate_rotation(&out, &a, &b, 0.5f);
    ENSURE_NEAR(out.qw, cos(3.14159265358979 / 8.0), 1e-6);
    ENSURE_NEAR(out.qz, sin(3.14159265358979 / 8.0), 1e-6);
    acp_frame_interpolate_rotation(&out, &a, &b, 1.0f);
    ENSURE_NEAR(out.qz, SQRT_HALF, 1e-6);
    acp_frame nb = b;
    nb.qw = -nb.qw;
    nb.qz = -nb.qz;
    acp_frame_interpolate_rotation(&out, &a, &nb, 0.5f);
    ENSURE_NEAR(out.qw, cos(3.14159265358979 / 8.0), 1e-6);
    ENSURE_NEAR(out.qz, sin(3.14159265358979 / 8.0), 1e-6);
}

/* Euler order 0 (static XYZ): x about X, then y about Y, then z about Z. */
static void euler_static_xyz(void)
{
    acp_frame f = acp_frame_identity();
    acp_frame_euler_set_rotate(&f, 0.0f, 0.0f, (float)(3.14159265358979 / 2.0), 0);
    ENSURE_NEAR(f.qw, SQRT_HALF, 1e-6);
    ENSURE_NEAR(f.qz, SQRT_HALF, 1e-6);
    acp_frame_euler_set_rotate(&f, (float)(3.14159265358979 / 2.0), 0.0f, (float)(3.14159265358979 / 2.0), 0);
    /* Local +Y → pitched up to +Z by X, then the Z turn keeps it vertical. Local +X → +Y. */
    acp_vec3 y = acp_frame_localtoglobalvec(&f, (acp_vec3){0.0f, 1.0f, 0.0f});
    ENSURE_NEAR(y.z, 1.0, 1e-6);
    acp_vec3 x = acp_frame_localtoglobalvec(&f, (acp_vec3){1.0f, 0.0f, 0.0f});
    ENSURE_NEAR(x.y, 1.0, 1e-6);
}

static void vec3_helpers(void)
{
    acp_vec3 v = {3.0f, 4.0f, 0.0f};
    ENSURE(!acp_vec3_normalize_check_small(&v));
    ENSURE_NEAR(v.x, 0.6, 1e-7);
    acp_vec3 s = {0.0001f, 0.0f, 0.0001f};
    ENSURE(acp_vec3_normalize_check_small(&s));
    ENSURE_FBITS(s.x, 0.0001f);
    ENSURE_NEAR(acp_vec3_get_heading((acp_vec3){1.0f, 0.0f, 5.0f}), 90.0, 1e-9);
    ENSURE_NEAR(acp_vec3_get_heading((acp_vec3){0.0f, -1.0f, 0.0f}), 180.0, 1e-9);
    ENSURE_DBITS(acp_vec3_get_heading((acp_vec3){0.0f, 0.0f, 1.0f}), 0.0);
    /* operator== is |Δ| <= EPSILON per axis; is_zero is strict <. */
    ENSURE(acp_vec3_close((acp_vec3){1.0f, 1.0f, 1.0f}, (acp_vec3){1.0001f, 1.0f, 1.0f}));
    ENSURE(!acp_vec3_close((acp_vec3){1.0f, 1.0f, 1.0f}, (acp_vec3){1.0003f, 1.0f, 1.0f}));
    ENSURE(acp_vec3_is_zero((acp_vec3){0.00019f, -0.00019f, 0.0f}));
    ENSURE(!acp_vec3_is_zero((acp_vec3){0.0002f, 0.0f, 0.0f}) == (0.0002f >= ACP_F_EPSILON));
}

/* grotate and rotate with a memo give the bits of the plain calls, whether the vector repeats
 * (the memo is used), changes, is tiny (no rotation) or is NaN. */
static void grotate_memo_same_bits(void)
{
    const acp_vec3 ws[] = {{0.0f, 0.0f, -0.0375f}, {0.0f, 0.0f, -0.0375f}, {0.1f, -0.2f, 0.3f},
                           {0.0f, 0.0f, 1e-5f}, {0.0f, 0.0f, -0.0375f}, {NAN, 0.0f, 0.0f},
                           {NAN, 0.0f, 0.0f}, {-0.0f, 0.0f, 0.5f}, {0.0f, 0.0f, 0.5f}};
    acp_grotate_memo memo;
    memset(&memo, 0, sizeof memo);
    acp_frame a = acp_frame_identity(), b = acp_frame_identity();
    acp_frame_set_heading(&a, 33.0f);
    acp_frame_set_heading(&b, 33.0f);
    for (int round = 0; round < 3; round++) {
        for (size_t i = 0; i < sizeof ws / sizeof ws[0]; i++) {
            if (round == 1) {
                acp_frame_rotate(&a, ws[i]);
                acp_frame_rotate_memo(&b, ws[i], &memo);
            } else {
                acp_frame_grotate(&a, ws[i]);
                acp_frame_grotate_memo(&b, ws[i], &memo);
            }
            ENSURE(memcmp(&a, &b, sizeof a) == 0);
        }
    }
}

void suite_frame(void)
{
    RUN(grotate_memo_same_bits);
    RUN(combine_order);
    RUN(combine_identity_is_exact);
    RUN(set_heading_keeps_pitch_only_approximately);
    RUN(heading_units);
    RUN(grotate_about_world_x);
    RUN(set_rotate_rejects_invalid);
    RUN(is_valid_bounds);
    RUN(set_vector_heading_spread);
    RUN(subtract_inverts_combine);
    RUN(local_global_roundtrip);
    RUN(interpolate_rotation);
    RUN(euler_static_xyz);
    RUN(vec3_helpers);
}
