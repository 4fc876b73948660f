/* acphys — retail Frame / AFrame math. See frame.h for conventions.
 *
 * Every expression below follows the operand order of the retail decompilation
 * (Mag-nus/acclient-AI-RE, 2013-09 11.4186, PORTAL/cgeometry/CFrame.c and the overloads named in
 * each docstring). Products of two floats are exact in double, so only the order of the sums
 * matters; a (float) cast marks each place retail stores to a float (a float variable, a float
 * stack slot or a float field). Keep both exactly as they are.
 */
#include "frame.h"
#include "base/shortcuts.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

#include "mathx.h"

/* Frame::cache of the quaternion (w, x, y, z) into f->m. */
static inline void cache_rotation(acp_frame *f, float w, float x, float y, float z)
{
    double b2 = (double)x + x;
    double c2 = (double)y + y;
    double d2 = (double)z + z;
    double wx = w * b2;
    double wy = w * c2;
    double wz = w * d2;
    double xx = x * b2;
    double xy = x * c2;
    double xz = x * d2;
    double yy = y * c2;
    double yz = y * d2;
    double zz = z * d2;
    f->m[0] = (float)(1.0 - yy - zz);
    f->m[1] = (float)(xy + wz);
    f->m[2] = (float)(xz - wy);
    f->m[3] = (float)(xy - wz);
    double one_xx = 1.0 - xx;
    f->m[4] = (float)(one_xx - zz);
    f->m[5] = (float)(yz + wx);
    f->m[6] = (float)(xz + wy);
    f->m[7] = (float)(yz - wx);
    f->m[8] = (float)(one_xx - yy);
}

void acp_frame_cache(acp_frame *f) { cache_rotation(f, f->qw, f->qx, f->qy, f->qz); }

/* Frame::IsValid's quaternion half: |q|² (a float) within 5 EPSILON of 1. Retail also tests each
 * component for NaN; a NaN component makes the norm NaN, which fails here, so those tests decide
 * nothing and are left out. */
static inline bool rotation_is_valid(float w, float x, float y, float z)
{
    float norm = (float)((double)z * z + (double)y * y + (double)x * x + (double)w * w);
    return !(isnan(norm) || ACP_F_EPSILON * 5.0 < fabs((double)norm - 1.0));
}

static inline bool origin_is_valid(const acp_frame *f)
{
    return !(isnan(f->origin.x) || isnan(f->origin.y) || isnan(f->origin.z));
}

bool acp_frame_is_valid(const acp_frame *f) { return rotation_is_valid(f->qw, f->qx, f->qy, f->qz) && origin_is_valid(f); }

bool acp_frame_is_valid_except_for_heading(const acp_frame *f)
{
    return !isnan(f->origin.x) && !isnan(f->origin.y) && !isnan(f->origin.z) &&
           (isnan(f->qw) || isnan(f->qx) || isnan(f->qy) || isnan(f->qz));
}

/* Retail stores the normalized quaternion, runs IsValid on the frame and puts the old one back
 * when it fails; deciding on the new values first and storing only a valid one is the same. */
/* Frame::set_rotate; true when it stored (the rotation and origin valid). */
static inline bool set_rotate(acp_frame *f, float qw, float qx, float qy, float qz)
{
    double inv = 1.0 / sqrt((double)qw * qw + (double)qx * qx + (double)qy * qy + (double)qz * qz);
    float w = (float)(qw * inv);
    float x = (float)(qx * inv);
    float y = (float)(qy * inv);
    float z = (float)(inv * qz);
    if (!rotation_is_valid(w, x, y, z) || !origin_is_valid(f)) return false;
    f->qw = w;
    f->qx = x;
    f->qy = y;
    f->qz = z;
    cache_rotation(f, w, x, y, z);
    return true;
}

ACP_WASM_INLINE void acp_frame_set_rotate(acp_frame *f, float qw, float qx, float qy, float qz)
{
    (void)set_rotate(f, qw, qx, qy, qz);
}

_Static_assert(offsetof(acp_frame, qw) == 0 && offsetof(acp_frame, m) == 4 * sizeof(float),
               "the quaternion and its matrix lead the frame, 13 floats");

void acp_frame_set_rotate_memo(acp_frame *f, float qw, float qx, float qy, float qz, acp_set_rotate_memo *memo)
{
    const float in[4] = {qw, qx, qy, qz};
    uint64_t v[2], k[2];
    memcpy(v, in, sizeof v);
    memcpy(k, memo->in, sizeof k);
    /* The quaternion and the matrix, 13 floats from the frame's start. */
    if (memo->valid && ((k[0] ^ v[0]) | (k[1] ^ v[1])) == 0 && origin_is_valid(f)) {
        memcpy((unsigned char *)f, memo->qm, sizeof memo->qm);
        return;
    }
    memo->valid = set_rotate(f, qw, qx, qy, qz);
    if (!memo->valid) return;
    memcpy(memo->in, in, sizeof in);
    memcpy(memo->qm, (const unsigned char *)f, sizeof memo->qm);
}

/* Frame::combine's product into out, then set_rotate (through `memo` when not NULL). */
static inline void combine_into(acp_frame *out, const acp_frame *a, const acp_frame *b, acp_set_rotate_memo *memo)
{
    const float *m = a->m;
    float ox = (float)((double)m[6] * b->origin.z + (double)m[0] * b->origin.x +
                       (double)m[3] * b->origin.y + a->origin.x);
    float oy = (float)((double)m[7] * b->origin.z + (double)m[1] * b->origin.x +
                       (double)m[4] * b->origin.y + a->origin.y);
    double oz = (double)m[8] * b->origin.z + (double)m[2] * b->origin.x + (double)m[5] * b->origin.y +
                a->origin.z;
    float qz = (float)((double)b->qy * a->qx + (double)b->qz * a->qw - (double)a->qy * b->qx +
                       (double)a->qz * b->qw);
    float qy = (float)((double)b->qy * a->qw - (double)b->qz * a->qx + (double)a->qz * b->qx +
                       (double)a->qy * b->qw);
    float qx = (float)((double)a->qw * b->qx + (double)b->qz * a->qy + (double)b->qw * a->qx -
                       (double)b->qy * a->qz);
    float qw = (float)((double)a->qw * b->qw - (double)b->qx * a->qx - (double)b->qy * a->qy -
                       (double)b->qz * a->qz);
    out->origin.x = ox;
    out->origin.y = oy;
    out->origin.z = (float)oz;
    if (memo) acp_frame_set_rotate_memo(out, qw, qx, qy, qz, memo);
    else acp_frame_set_rotate(out, qw, qx, qy, qz);
}

ACP_WASM_INLINE void acp_frame_combine(acp_frame *out, const acp_frame *a, const acp_frame *b)
{
    combine_into(out, a, b, NULL);
}

ACP_WASM_INLINE void acp_frame_combine_memo(acp_frame *out, const acp_frame *a, const acp_frame *b,
                                            acp_set_rotate_memo *memo)
{
    combine_into(out, a, b, memo);
}

void acp_frame_combine_aframe(acp_frame *out, const acp_frame *a, const acp_aframe *b)
{
    const float *m = a->m;
    float ox = (float)((double)m[6] * b->origin.z + (double)m[0] * b->origin.x +
                       (double)m[3] * b->origin.y + a->origin.x);
    float oy = (float)((double)m[7] * b->origin.z + (double)m[1] * b->origin.x +
                       (double)m[4] * b->origin.y + a->origin.y);
    double oz = (double)m[8] * b->origin.z + (double)m[2] * b->origin.x + (double)m[5] * b->origin.y +
                a->origin.z;
    float qz = (float)((double)a->qx * b->qy + (double)b->qz * a->qw - (double)a->qy * b->qx +
                       (double)a->qz * b->qw);
    float qy = (float)((double)b->qy * a->qw - (double)a->qx * b->qz + (double)a->qz * b->qx +
                       (double)a->qy * b->qw);
    float qx = (float)((double)a->qx * b->qw + (double)a->qw * b->qx + (double)b->qz * a->qy -
                       (double)b->qy * a->qz);
    float qw = (float)((double)a->qw * b->qw - (double)a->qx * b->qx - (double)b->qy * a->qy -
                       (double)b->qz * a->qz);
    out->origin.x = ox;
    out->origin.y = oy;
    out->origin.z = (float)oz;
    acp_frame_set_rotate(out, qw, qx, qy, qz);
}

void acp_frame_combine_scaled(acp_frame *out, const acp_frame *a, const acp_aframe *b, acp_vec3 scale)
{
    const float *m = a->m;
    double sx = (double)b->origin.x * scale.x;
    double sy = (double)b->origin.y * scale.y;
    double sz = (double)b->origin.z * scale.z;
    float ox = (float)(sx * m[0] + sz * m[6] + sy * m[3] + a->origin.x);
    float oy = (float)(sx * m[1] + sz * m[7] + sy * m[4] + a->origin.y);
    double oz = sx * m[2] + sz * m[8] + sy * m[5] + a->origin.z;
    float qz = (float)((double)a->qw * b->qz + (double)a->qx * b->qy - (double)b->qx * a->qy +
                       (double)b->qw * a->qz);
    float qy = (float)((double)a->qw * b->qy - (double)a->qx * b->qz + (double)b->qx * a->qz +
                       (double)b->qw * a->qy);
    float qx = (float)((double)b->qx * a->qw + (double)b->qw * a->qx + (double)b->qz * a->qy -
                       (double)b->qy * a->qz);
    float qw = (float)((double)b->qw * a->qw - (double)b->qx * a->qx - (double)b->qy * a->qy -
                       (double)b->qz * a->qz);
    out->origin.x = ox;
    out->origin.y = oy;
    out->origin.z = (float)oz;
    acp_frame_set_rotate(out, qw, qx, qy, qz);
}

void acp_frame_subtract1(acp_frame *out, const acp_frame *a, const acp_aframe *b)
{
    float qz = (float)((double)a->qz * b->qw - ((double)a->qw * b->qz + (double)b->qy * a->qx) +
                       (double)a->qy * b->qx);
    float qy = (float)((double)a->qy * b->qw - (double)a->qw * b->qy + (double)b->qz * a->qx -
                       (double)b->qx * a->qz);
    float qx = (float)((double)a->qx * b->qw - (double)b->qx * a->qw - (double)a->qy * b->qz +
                       (double)a->qz * b->qy);
    float qw = (float)((double)a->qy * b->qy + (double)b->qx * a->qx + (double)a->qw * b->qw +
                       (double)b->qz * a->qz);
    double ax = a->origin.x, ay = a->origin.y, az = a->origin.z;
    double nx = -(double)b->origin.x, ny = -(double)b->origin.y, nz = -(double)b->origin.z;
    acp_frame_set_rotate(out, qw, qx, qy, qz);
    const float *m = out->m;
    float rx = (float)(nz * m[6] + nx * m[0] + ny * m[3]);
    float ry = (float)(nz * m[7] + nx * m[1] + ny * m[4]);
    double rz = nz * m[8] + nx * m[2] + ny * m[5];
    out->origin.x = (float)(rx + ax);
    out->origin.y = (float)(ry + ay);
    out->origin.z = (float)(rz + az);
}

void acp_frame_subtract2(acp_frame *out, const acp_frame *a, const acp_frame *b)
{
    acp_vec3 local = acp_frame_globaltolocal(b, a->origin);
    float qz = (float)((double)a->qz * b->qw - (double)a->qy * b->qx + (double)a->qx * b->qy -
                       (double)a->qw * b->qz);
    float qy = (float)((double)a->qz * b->qx + (double)b->qw * a->qy - (double)b->qy * a->qw -
                       (double)a->qx * b->qz);
    float qx = (float)((double)a->qx * b->qw - (double)a->qw * b->qx - (double)b->qy * a->qz +
                       (double)a->qy * b->qz);
    float qw = (float)((double)a->qw * b->qw + (double)b->qy * a->qy + (double)a->qx * b->qx +
                       (double)a->qz * b->qz);
    out->origin = local;
    acp_frame_set_rotate(out, qw, qx, qy, qz);
}

/* Retail reads a column as (c0 + c6) * 0.0 + c3 rather than c3: the product is kept so that a
 * non-finite column gives NaN exactly as retail's does. */
static double column_y(const float *m, int row)
{
    return ((double)m[6 + row] + m[0 + row]) * 0.0 + m[3 + row];
}

double acp_frame_get_heading(const acp_frame *f)
{
    double x = column_y(f->m, 0);
    double y = column_y(f->m, 1);
    return acp_fmod(450.0 - acp_atan2(y, x) * ACP_RAD_TO_DEG, 360.0);
}

acp_vec3 acp_frame_get_vector_heading(const acp_frame *f)
{
    acp_vec3 v = {(float)column_y(f->m, 0), (float)column_y(f->m, 1), (float)column_y(f->m, 2)};
    return v;
}

/* The part of Frame::grotate that depends on w alone. */
static void grotate_terms(acp_vec3 w, acp_grotate_memo *t)
{
    double len2 = (double)w.x * w.x + (double)w.y * w.y + (double)w.z * w.z;
    t->none = !(len2 >= ACP_F_EPSILON * ACP_F_EPSILON);
    if (t->none) return;
    double theta = sqrt(len2);
    float theta_inv = (float)(1.0 / theta);
    double half = theta * 0.5;
    double s = acp_sin(half);
    t->c = (float)acp_cos(half);
    t->fx = (float)(s * w.x * theta_inv);
    t->gy = (float)(theta_inv * s * w.y);
    t->hz = s * theta_inv * w.z;
}

/* The same bits (word by word: clang does not expand memcmp for WebAssembly, where it was a call). */
static bool same_vec3_bits(acp_vec3 a, acp_vec3 b)
{
    uint32_t x[3], y[3];
    memcpy(x, &a, sizeof x);
    memcpy(y, &b, sizeof y);
    return x[0] == y[0] && x[1] == y[1] && x[2] == y[2];
}

/* The part of Frame::grotate that applies the terms to the frame. */
static inline void grotate_apply(acp_frame *f, const acp_grotate_memo *t)
{
    if (t->none) return;
    const float fx = t->fx, gy = t->gy, c = t->c;
    const double hz = t->hz;
    float qz = (float)((double)fx * f->qy + (double)c * f->qz - (double)gy * f->qx + hz * f->qw);
    float qy = (float)((double)c * f->qy - (double)fx * f->qz + hz * f->qx + (double)gy * f->qw);
    float qx = (float)((double)c * f->qx + (double)gy * f->qz + (double)fx * f->qw - hz * f->qy);
    float qw = (float)((double)c * f->qw - (double)fx * f->qx - (double)gy * f->qy - hz * f->qz);
    acp_frame_set_rotate(f, qw, qx, qy, qz);
}

void acp_frame_grotate(acp_frame *f, acp_vec3 w)
{
    /* A zero vector (±0) gives |w|² = 0 < EPSILON²: no rotation (grotate_terms' `none`). */
    if (ACP_SHORTCUTS && w.x == 0.0f && w.y == 0.0f && w.z == 0.0f) return; /* docs/SHORTCUTS.md S11 */
    acp_grotate_memo t;
    grotate_terms(w, &t);
    grotate_apply(f, &t);
}

void acp_frame_grotate_memo(acp_frame *f, acp_vec3 w, acp_grotate_memo *memo)
{
    if (!memo) {
        acp_frame_grotate(f, w);
        return;
    }
    if (!memo->valid || !same_vec3_bits(memo->w, w)) {
        grotate_terms(w, memo);
        memo->w = w;
        memo->valid = true;
    }
    grotate_apply(f, memo);
}

void acp_frame_rotate(acp_frame *f, acp_vec3 w) { acp_frame_grotate(f, acp_frame_localtoglobalvec(f, w)); }

void acp_frame_rotate_memo(acp_frame *f, acp_vec3 w, acp_grotate_memo *memo)
{
    acp_frame_grotate_memo(f, acp_frame_localtoglobalvec(f, w), memo);
}

/* Shoemake's Euler-order decoding (Graphics Gems IV), as retail's EulGetOrd (0x00534D70). */
typedef struct euler_order { int i, j, k, h, n, s, f; } euler_order;

static euler_order euler_get_order(int order)
{
    static const int safe[4] = {0, 1, 2, 0};
    static const int next[4] = {1, 2, 0, 1};
    euler_order o;
    unsigned int u = (unsigned int)order;
    o.f = (int)(u & 1u);
    o.s = (int)((u >> 1) & 1u);
    o.n = (int)((u >> 2) & 1u);
    o.i = safe[(u >> 3) & 3u];
    o.j = next[o.i + o.n];
    o.k = next[o.i + 1 - o.n];
    o.h = o.s ? o.k : o.i;
    return o;
}

void acp_frame_euler_set_rotate(acp_frame *f, float x, float y, float z, int order)
{
    euler_order o = euler_get_order(order);
    double third = z;
    if (o.f == 1) {
        third = x;
        x = z;
    }
    if (o.n == 1) y = -y;
    double ti = (double)x * 0.5;
    double tj = (double)y * 0.5;
    float th = (float)(third * 0.5);
    float ci = (float)acp_cos(ti);
    float cj = (float)acp_cos(tj);
    float ch = (float)acp_cos(th);
    float si = (float)acp_sin(ti);
    double sj = acp_sin(tj);
    double sh = acp_sin(th);
    float cc = (float)((double)ch * ci);
    float cs = (float)(ci * sh);
    float sc = (float)((double)si * ch);
    float ss = (float)(sh * si);
    float a[3];
    float w;
    if (o.s == 1) {
        a[o.i] = (float)(((double)sc + cs) * cj);
        a[o.j] = (float)(((double)ss + cc) * sj);
        a[o.k] = (float)(((double)cs - sc) * sj);
        w = (float)(((double)cc - ss) * cj);
    } else {
        a[o.i] = (float)((double)sc * cj - cs * sj);
        a[o.j] = (float)(cc * sj + (double)ss * cj);
        a[o.k] = (float)((double)cs * cj - sc * sj);
        w = (float)(ss * sj + (double)cc * cj);
    }
    if (o.n == 1) a[o.j] = -a[o.j];
    acp_frame_set_rotate(f, w, a[0], a[1], a[2]);
}

void acp_frame_set_vector_heading(acp_frame *f, acp_vec3 dir)
{
    acp_vec3 n = dir;
    if (acp_vec3_normalize_check_small(&n)) return;
    float yaw = (float)(-acp_fmod(450.0 - acp_atan2(n.y, n.x) * ACP_RAD_TO_DEG, 360.0) * ACP_DEG_TO_RAD);
    float pitch = (float)(acp_asin(n.z) * ACP_RAD_TO_DEG * ACP_DEG_TO_RAD);
    acp_frame_euler_set_rotate(f, pitch, 0.0f, yaw, 0);
}

void acp_frame_set_heading(acp_frame *f, float degrees)
{
    acp_vec3 dir;
    dir.z = (float)column_y(f->m, 2);
    double rad = degrees * ACP_DEG_TO_RAD;
    dir.x = (float)acp_sin(rad);
    dir.y = (float)acp_cos(rad);
    acp_frame_set_vector_heading(f, dir);
}

acp_vec3 acp_frame_localtoglobal(const acp_frame *f, acp_vec3 p)
{
    const float *m = f->m;
    acp_vec3 r;
    r.x = (float)((double)m[6] * p.z + (double)m[0] * p.x + (double)m[3] * p.y + f->origin.x);
    r.y = (float)((double)m[7] * p.z + (double)m[1] * p.x + (double)m[4] * p.y + f->origin.y);
    r.z = (float)((double)m[8] * p.z + (double)m[2] * p.x + (double)m[5] * p.y + f->origin.z);
    return r;
}

acp_vec3 acp_frame_globaltolocal(const acp_frame *f, acp_vec3 p)
{
    const float *m = f->m;
    float dx = (float)((double)p.x - f->origin.x);
    float dy = (float)((double)p.y - f->origin.y);
    double dz = (double)p.z - f->origin.z;
    float dzf = (float)dz;
    acp_vec3 r;
    r.z = (float)(dz * m[8] + (double)dx * m[6] + (double)dy * m[7]);
    r.y = (float)((double)dzf * m[5] + (double)dx * m[3] + (double)dy * m[4]);
    r.x = (float)((double)dzf * m[2] + (double)dx * m[0] + (double)dy * m[1]);
    return r;
}

acp_vec3 acp_frame_localtoglobalvec(const acp_frame *f, acp_vec3 v)
{
    const float *m = f->m;
    acp_vec3 r;
    r.x = (float)((double)m[6] * v.z + (double)m[0] * v.x + (double)m[3] * v.y);
    r.y = (float)((double)m[7] * v.z + (double)m[1] * v.x + (double)m[4] * v.y);
    r.z = (float)((double)m[8] * v.z + (double)m[2] * v.x + (double)m[5] * v.y);
    return r;
}

acp_vec3 acp_frame_globaltolocalvec(const acp_frame *f, acp_vec3 v)
{
    const float *m = f->m;
    acp_vec3 r;
    r.x = (float)((double)m[2] * v.z + (double)m[0] * v.x + (double)m[1] * v.y);
    r.y = (float)((double)m[5] * v.z + (double)m[3] * v.x + (double)m[4] * v.y);
    r.z = (float)((double)m[8] * v.z + (double)m[6] * v.x + (double)m[7] * v.y);
    return r;
}

void acp_frame_interpolate_rotation(acp_frame *out, const acp_frame *from, const acp_frame *to, float t)
{
    double cosom = (double)from->qy * to->qy + (double)from->qw * to->qw + (double)from->qx * to->qx +
                   (double)from->qz * to->qz;
    float tw = to->qw, tx = to->qx, ty = to->qy, tz = to->qz;
    if (!(cosom >= 0.0)) {
        cosom = -cosom;
        tw = -tw;
        tx = -tx;
        ty = -ty;
        tz = -tz;
    }
    double w_from, w_to;
    if (1.0 - cosom <= ACP_F_EPSILON) {
        w_from = 1.0 - t;
        w_to = t;
    } else {
        double omega = acp_acos(cosom);
        double one_t = 1.0 - t;
        double sin_omega = acp_sin(omega);
        double inv_sin = 1.0 / sin_omega;
        if (t == 1.0f) {
            /* The whole way (a one-step sweep): omega·(1 − t) is +0 (omega = acos ≥ 0) and
             * sin(+0) = +0; t·omega is omega. The same two products, without the two sines. */
            w_from = inv_sin * 0.0;
            w_to = sin_omega * inv_sin;
        } else {
            w_from = inv_sin * acp_sin(omega * one_t);
            w_to = acp_sin(t * omega) * inv_sin;
        }
        if (w_from < 0.0 || w_from > 1.0 || w_to < 0.0 || w_to > 1.0) {
            w_from = one_t;
            w_to = t;
        }
    }
    float qz = (float)(tz * w_to + from->qz * w_from);
    float qy = (float)(from->qy * w_from + ty * w_to);
    float qx = (float)(from->qx * w_from + tx * w_to);
    float qw = (float)(w_from * from->qw + tw * w_to);
    acp_frame_set_rotate(out, qw, qx, qy, qz);
}

void acp_frame_interpolate_origin(acp_frame *out, const acp_frame *from, const acp_frame *to, float t)
{
    float ty = (float)((double)t * to->origin.y);
    float tz = (float)((double)t * to->origin.z);
    double one_t = 1.0 - t;
    float fx = (float)(one_t * from->origin.x);
    float fy = (float)(one_t * from->origin.y);
    float fz = (float)(one_t * from->origin.z);
    out->origin.z = (float)((double)fz + tz);
    out->origin.x = (float)((double)t * to->origin.x + fx);
    out->origin.y = (float)((double)fy + ty);
}

