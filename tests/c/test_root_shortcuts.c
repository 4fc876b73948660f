/* acphys C tests — the root motion's and the position combine's shortcuts of issue 39
 * (docs/SHORTCUTS.md S22 and S24), each against retail's road on many inputs, boundaries
 * included (±0, subnormals, FLT_MIN, huge values, infinities, NaN, quaternions that are not unit,
 * zero or invalid, origins that are not valid):
 *   S22  the first step of an update from the identity frame (Frame::combine(Frame*, AFrame*)
 *        0x00525180 / Frame::subtract1 0x00535520 of the identity and a pos frame) answered from
 *        the world's first-step memo (acp_root_memo_first_step), and CSequence::apply_physics
 *        (0x00524AB0) leaving out Frame::rotate (0x004525B0) when q·omega is zeros;
 *   S24  Frame::set_rotate (0x00535080, in Frame::combine 0x005122E0 from
 *        CPhysicsObj::UpdatePositionInternal 0x00512C30) answered from the object's last input.
 * Retail's road is computed by the retail functions themselves on a copy. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/shortcuts.h"
#include "physics/anim/root_motion_memo.h"
#include "physics/anim/sequence.h"
#include "physics/geometry/frame.h"
#include "test.h"

static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static float rng_unit(uint64_t *s) { return (float)((double)(rng_next(s) >> 11) * 0x1p-53 * 2.0 - 1.0); }

static float bits_float(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

/* A float: most often an ordinary value in [-2, 2), else a boundary (either sign). */
static float draw_float(uint64_t *s)
{
    uint64_t r = rng_next(s);
    float sign = (r & 1u) ? -1.0f : 1.0f;
    switch ((r >> 1) % 16u) {
    case 0: return sign * 0.0f;
    case 1: return sign * bits_float(1u);            /* the smallest subnormal */
    case 2: return sign * FLT_MIN;
    case 3: return sign * 1.0f;
    case 4: return sign * 1e-7f;
    case 5: return sign * 3.0e38f;
    case 6: return sign * INFINITY;
    case 7: return NAN;
    case 8: return bits_float((uint32_t)rng_next(s)); /* any bits */
    default: return 2.0f * rng_unit(s);
    }
}

/* A unit quaternion (the rotation by a random angle about a random axis, as the DAT holds). */
static void draw_rotation(uint64_t *s, float q[4])
{
    double ax = rng_unit(s), ay = rng_unit(s), az = rng_unit(s);
    double n = sqrt(ax * ax + ay * ay + az * az);
    if (n < 1e-3) ax = 1.0, ay = az = 0.0, n = 1.0;
    double half = 0.5 * 3.14159265358979 * rng_unit(s);
    q[0] = (float)cos(half);
    q[1] = (float)(sin(half) * ax / n);
    q[2] = (float)(sin(half) * ay / n);
    q[3] = (float)(sin(half) * az / n);
}

/* A pos frame: ordinary (a unit quaternion, centimetres to metres of origin; sometimes the
 * identity rotation as the humanoid's run frames, or zeros of either sign), or any boundary. */
static acp_aframe draw_aframe(uint64_t *s)
{
    acp_aframe a;
    float q[4];
    uint64_t kind = rng_next(s) % 4u;
    if (kind == 0) {
        a.origin = (acp_vec3){draw_float(s), draw_float(s), draw_float(s)};
        a.qw = draw_float(s), a.qx = draw_float(s), a.qy = draw_float(s), a.qz = draw_float(s);
        return a;
    }
    draw_rotation(s, q);
    if (kind == 1) q[0] = 1.0f, q[1] = q[2] = q[3] = (rng_next(s) & 1u) ? -0.0f : 0.0f;
    a.qw = q[0], a.qx = q[1], a.qy = q[2], a.qz = q[3];
    a.origin = (acp_vec3){0.05f * rng_unit(s), 0.5f * rng_unit(s), (rng_next(s) & 1u) ? -0.0f : 0.01f * rng_unit(s)};
    return a;
}

/* Any frame: a valid one (a unit quaternion and its matrix, an origin within a landblock), or
 * every float drawn from the boundaries (invalid rotations, NaN origins, matrices with inf). */
static acp_frame draw_frame(uint64_t *s)
{
    acp_frame f = acp_frame_identity();
    if (rng_next(s) % 3u == 0) {
        float *p = &f.qw;
        for (size_t i = 0; i < sizeof f / sizeof(float); i++) p[i] = draw_float(s);
        return f;
    }
    float q[4];
    draw_rotation(s, q);
    f.origin = (acp_vec3){192.0f * rng_unit(s), 192.0f * rng_unit(s), 100.0f * rng_unit(s)};
    acp_frame_set_rotate(&f, q[0], q[1], q[2], q[3]);
    return f;
}

static bool same_frame(const acp_frame *a, const acp_frame *b) { return memcmp(a, b, sizeof *a) == 0; }

/* S22: acp_root_memo_first_step against AFrame::combine / subtract1 of the identity, over pos
 * frames kept at 512 addresses (so slots collide and addresses are reused for new values),
 * each looked up several times (misses, then hits). */
static void first_step_same_bits_as_folding(void)
{
    acp_root_memo *memo = calloc(1, sizeof *memo);
    ENSURE(memo != NULL);
    if (!memo) return;
    enum { N = 512 };
    static acp_aframe pos[N];
    uint64_t s = 22;
    for (int i = 0; i < N; i++) pos[i] = draw_aframe(&s);
    uint32_t wrong = 0, cases = 0, hits = 0;
    for (int pass = 0; pass < 40; pass++) {
        for (int j = 0; j < N; j++) {
            int i = (int)(rng_next(&s) % N);
            if (rng_next(&s) % 8u == 0) pos[i] = draw_aframe(&s); /* a new value at an old address */
            bool forward = (rng_next(&s) % 4u) != 0;
            acp_frame want = acp_frame_identity(), got = acp_frame_identity();
            if (forward) acp_frame_combine_aframe(&want, &want, &pos[i]);
            else acp_frame_subtract1(&want, &want, &pos[i]);
            const acp_root_first_entry *e = NULL;
            for (uint32_t k = 0; k < ACP_ROOT_FIRST_SLOTS && !e; k++)
                if (memo->first[k].flags == (ACP_ROOT_STEP_POS | (forward ? ACP_ROOT_STEP_FORWARD : 0u)) &&
                    !memcmp(&memo->first[k].pos, &pos[i], sizeof pos[i]))
                    e = &memo->first[k];
            acp_root_memo_first_step(memo, &got, &pos[i], forward);
            if (e && same_frame(&e->result, &got)) hits++;
            cases++;
            if (!same_frame(&want, &got)) wrong++;
        }
    }
    ENSURE_EQ(wrong, 0);
    ENSURE(cases == 40u * N);
    ENSURE(hits > cases / 4); /* the memo answered a good share of them */
    free(memo);
}

/* CSequence::apply_physics by retail's road: its origin sums (apply_physics itself on a copy of
 * the sequence without omega: the shortcut does not touch them, and NaN signs then come from the
 * same compiled sums), then Frame::rotate by q·omega with its terms computed (a fresh memo is
 * Frame::grotate's own computation). */
static void apply_physics_retail(const acp_sequence *seq, acp_frame *frame, double quantum, double sign)
{
    static acp_sequence still;
    still = *seq;
    still.omega = (acp_vec3){0.0f, 0.0f, 0.0f};
    acp_frame moved = *frame;
    acp_sequence_apply_physics(&still, &moved, quantum, sign);
    frame->origin = moved.origin;
    double q = fabs(quantum);
    if (sign < 0.0) q = -q;
    acp_vec3 w = {(float)(q * seq->omega.x), (float)(q * seq->omega.y), (float)(q * seq->omega.z)};
    acp_grotate_memo fresh = {0};
    acp_frame_rotate_memo(frame, w, &fresh);
}

/* S22's second half: apply_physics with q·omega zeros (omega zeros of either sign, or products
 * that round to zero in float) leaves Frame::rotate out; every frame, NaN and infinite matrices
 * included, comes out as retail's road leaves it, and turning sequences still turn. */
static void zero_turn_same_bits_as_rotating(void)
{
    static acp_sequence seq;
    acp_sequence_init(&seq, NULL, NULL);
    uint64_t s = 2222;
    uint32_t wrong = 0, skipped = 0, turned = 0;
    for (int i = 0; i < 40000; i++) {
        acp_frame f = draw_frame(&s);
        seq.velocity = (acp_vec3){draw_float(&s), draw_float(&s), draw_float(&s)};
        uint64_t r = rng_next(&s);
        switch (r % 5u) {
        case 0: /* zeros of any signs */
            seq.omega = (acp_vec3){(r & 8) ? -0.0f : 0.0f, (r & 16) ? -0.0f : 0.0f, (r & 32) ? -0.0f : 0.0f};
            break;
        case 1: /* tiny: q·omega underflows to ±0 in float, or just does not */
            seq.omega = (acp_vec3){(r & 8) ? -1e-38f : 0.0f, FLT_MIN * ((r & 16) ? 1.0f : 0.0f), bits_float(1u)};
            break;
        case 2: /* a humanoid's turn */
            seq.omega = (acp_vec3){0.0f, 0.0f, (r & 8) ? -1.5f : 1.5f};
            break;
        default:
            seq.omega = (acp_vec3){draw_float(&s), draw_float(&s), draw_float(&s)};
        }
        double quantum;
        switch ((r >> 8) % 4u) {
        case 0: quantum = 1.0 / 30.0; break;
        case 1: quantum = 1e-30; break;
        case 2: quantum = -1.0 / 90.0; break;
        default: quantum = (double)draw_float(&s);
        }
        double sign = (r & 64) ? -1.0 : 1.0;
        acp_frame want = f, got = f;
        apply_physics_retail(&seq, &want, quantum, sign);
        acp_sequence_apply_physics(&seq, &got, quantum, sign);
        if (!same_frame(&want, &got)) wrong++;
        double q = (sign < 0.0) ? -fabs(quantum) : fabs(quantum);
        if ((float)(q * seq.omega.x) == 0.0f && (float)(q * seq.omega.y) == 0.0f && (float)(q * seq.omega.z) == 0.0f)
            skipped++;
        else if (memcmp(&want.qw, &f.qw, 16 + 36) != 0)
            turned++;
    }
    ENSURE_EQ(wrong, 0);
    ENSURE(skipped > 10000);
    ENSURE(turned > 5000);
}

/* S24: acp_frame_set_rotate_memo against Frame::set_rotate, on frames of any prior content, with
 * inputs from a small pool (so they repeat: hits), invalid quaternions (zero, NaN, infinite, far
 * from unit: set_rotate keeps the old rotation and stores nothing) and invalid origins (NaN:
 * set_rotate stores nothing even for an input the memo holds). */
static void set_rotate_memo_same_bits(void)
{
    enum { POOL = 24 };
    float pool[POOL][4];
    uint64_t s = 24;
    for (int i = 0; i < POOL; i++) {
        if (i < 12) draw_rotation(&s, pool[i]);
        else
            for (int k = 0; k < 4; k++) pool[i][k] = draw_float(&s);
    }
    pool[12][0] = pool[12][1] = pool[12][2] = pool[12][3] = 0.0f;
    pool[13][0] = 1.0f, pool[13][1] = -0.0f, pool[13][2] = 0.0f, pool[13][3] = -0.0f;
    pool[14][0] = 2.0f, pool[14][1] = pool[14][2] = pool[14][3] = 0.0f; /* normalizes to the identity */
    pool[15][0] = NAN;
    acp_set_rotate_memo memo = {0};
    uint32_t wrong = 0, hits = 0;
    acp_frame f = draw_frame(&s);
    for (int i = 0; i < 100000; i++) {
        uint64_t r = rng_next(&s);
        if (r % 5u == 0) f = draw_frame(&s);               /* another frame, any content */
        if ((r >> 4) % 9u == 0) f.origin.y = NAN;           /* an invalid origin */
        else if ((r >> 4) % 9u == 1) f.origin.y = 1.0f;
        static const float *q;
        if (!q || (r >> 8) % 2u) q = pool[(r >> 16) % POOL]; /* else the last input again */
        uint64_t k[2], v[2];
        memcpy(k, memo.in, sizeof k);
        memcpy(v, q, sizeof v);
        if (memo.valid && k[0] == v[0] && k[1] == v[1] && !isnan(f.origin.x) && !isnan(f.origin.y) && !isnan(f.origin.z))
            hits++;
        acp_frame want = f, got = f;
        acp_frame_set_rotate(&want, q[0], q[1], q[2], q[3]);
        acp_frame_set_rotate_memo(&got, q[0], q[1], q[2], q[3], &memo);
        if (!same_frame(&want, &got)) wrong++;
        f = want;
    }
    ENSURE_EQ(wrong, 0);
    ENSURE(hits > 20000);
}

/* S24 as UpdatePositionInternal uses it: an object's frame combined quantum after quantum with
 * offsets that do not rotate (then with some that do), memo road against retail's, both
 * carried forward: the frames never part. */
static void combine_memo_follows_combine(void)
{
    uint64_t s = 2424;
    uint32_t wrong = 0;
    for (int obj = 0; obj < 200; obj++) {
        acp_set_rotate_memo memo = {0};
        acp_frame want = draw_frame(&s), got = want;
        for (int quantum = 0; quantum < 200; quantum++) {
            acp_frame offset = acp_frame_identity();
            uint64_t r = rng_next(&s);
            offset.origin = (acp_vec3){0.1f * rng_unit(&s), 0.3f * rng_unit(&s), (r & 1) ? -0.0f : 0.0f};
            if (r % 7u == 0) {
                float q[4];
                draw_rotation(&s, q);
                acp_frame_set_rotate(&offset, q[0], q[1], q[2], q[3]);
            } else if (r % 11u == 0) {
                offset.origin.x = draw_float(&s);
            }
            acp_frame_combine(&want, &want, &offset);
            acp_frame_combine_memo(&got, &got, &offset, &memo);
            if (!same_frame(&want, &got)) wrong++;
            got = want;
        }
    }
    ENSURE_EQ(wrong, 0);
}

void suite_root_shortcuts(void)
{
    RUN(first_step_same_bits_as_folding);
    RUN(zero_turn_same_bits_as_rotating);
    RUN(set_rotate_memo_same_bits);
    RUN(combine_memo_follows_combine);
}
