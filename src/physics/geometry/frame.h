/* acphys — retail Frame / AFrame: an origin, a unit quaternion and its cached rotation matrix.
 *
 * CONVENTIONS
 *   Units: metres for origins, radians for axis-angle vectors, degrees for headings.
 *   World axes: +X east, +Y north, +Z up, right-handed. Heading 0 = north (+Y), 90 = east:
 *   headings increase clockwise seen from above.
 *   Quaternions are stored (w, x, y, z) as retail does (qw, qx, qy, qz).
 *   m[9] is retail's m_fl2gv, the local-to-global rotation, stored column by column:
 *   the image of local +X is (m[0], m[1], m[2]), of local +Y (m[3], m[4], m[5]), of local +Z
 *   (m[6], m[7], m[8]). It is rebuilt by acp_frame_cache whenever the quaternion changes.
 *   Arithmetic: as retail under ClientMain::ConfigureFPU (x87, 53-bit mantissa): every expression
 *   is evaluated in double in retail's operand order and rounded to float only where retail
 *   stores to a float. Do not "simplify" an expression here: the order is part of the result.
 *   Errors: none of these functions fail; invalid inputs follow retail's rules, which each
 *   docstring states (set_rotate keeps the previous rotation, for instance).
 */
#ifndef ACP_FRAME_H
#define ACP_FRAME_H

#include <stdbool.h>

#include "base/types.h"

/** Degrees to radians and back as retail's constants (π/180 and 180/π in double). */
#define ACP_DEG_TO_RAD 0.017453292519943295
#define ACP_RAD_TO_DEG 57.29577951308232

/** The identity frame: origin 0, q = (1, 0, 0, 0), cached matrix the identity. (Inline: every
 *  quantum starts its offset and candidate frames from it.) */
static inline acp_frame acp_frame_identity(void)
{
    acp_frame f = {1.0f, 0.0f, 0.0f, 0.0f, {1.0f, 0.0f, 0.0f, 0.0f, 1.0f, 0.0f, 0.0f, 0.0f, 1.0f}, {0.0f, 0.0f, 0.0f}};
    return f;
}

/** Rebuild the cached matrix m from the quaternion. Retail: Frame::cache (0x00534DF0). */
void acp_frame_cache(acp_frame *f);

/** True when no component is NaN and |q|² is within 5 × EPSILON of 1.
 *  Retail: Frame::IsValid (0x00534ED0); AFrame::IsValid (0x005A9E30) is the same test. */
bool acp_frame_is_valid(const acp_frame *f);

/** True when the origin has no NaN but the quaternion has one.
 *  Retail: Frame::IsValidExceptForHeading (0x00534FE0). */
bool acp_frame_is_valid_except_for_heading(const acp_frame *f);

/** Set the rotation to normalize(qw, qx, qy, qz) (floats, computed in double) and re-cache.
 *  When the normalized quaternion fails acp_frame_is_valid (NaN, infinite or zero length), the
 *  previous quaternion is kept and the matrix is not touched. Retail: Frame::set_rotate
 *  (0x00535080). */
void acp_frame_set_rotate(acp_frame *f, float qw, float qx, float qy, float qz);

/** out = a ∘ b: b's origin rotated by a and added to a's origin; out.q = a.q · b.q (Hamilton),
 *  normalized by set_rotate. b is expressed in a's local frame, out in a's parent frame.
 *  out may alias a or b (every input is read before out is written).
 *  Retail: Frame::combine(Frame*, Frame*) (0x005122E0), used by UpdatePositionInternal. */
void acp_frame_combine(acp_frame *out, const acp_frame *a, const acp_frame *b);

/** Frame::set_rotate's last input quaternion (four floats, bit for bit) and what it stored for it,
 *  kept for the next call with the same input (docs/SHORTCUTS.md S24; not retail). valid false:
 *  nothing kept (zeroed: empty). */
typedef struct acp_set_rotate_memo {
    float in[4];                      /* qw, qx, qy, qz as passed */
    float qm[13];                     /* the normalized quaternion stored, then its matrix */
    bool valid;
} acp_set_rotate_memo;

/** acp_frame_set_rotate, answered from `memo` when it holds the same input bits and f's origin is
 *  valid (set_rotate would store what it stored then); otherwise computed, and kept when it
 *  stored. docs/SHORTCUTS.md S24. */
void acp_frame_set_rotate_memo(acp_frame *f, float qw, float qx, float qy, float qz, acp_set_rotate_memo *memo);

/** acp_frame_combine with its set_rotate through `memo` (acp_frame_set_rotate_memo; S24). */
void acp_frame_combine_memo(acp_frame *out, const acp_frame *a, const acp_frame *b, acp_set_rotate_memo *memo);

/** As acp_frame_combine with an AFrame b; retail's compiled sum order for the quaternion's x
 *  differs from the Frame overload, so the last bit can differ. Retail: Frame::combine(Frame*,
 *  AFrame*) (0x00525180), used by CSequence to accumulate root motion. */
void acp_frame_combine_aframe(acp_frame *out, const acp_frame *a, const acp_aframe *b);

/** As acp_frame_combine_aframe but with b's origin scaled component-wise by `scale` first (the
 *  part placement of CPartArray). Retail: Frame::combine(Frame*, AFrame*, Vector3*) (0x00518FD0). */
void acp_frame_combine_scaled(acp_frame *out, const acp_frame *a, const acp_aframe *b, acp_vec3 scale);

/** out = a ∘ b⁻¹ for a relative AFrame b (the reverse-playback step of CSequence):
 *  out.q = a.q · conj(b.q), then out.origin = a.origin − R(out.q) · b.origin.
 *  out may alias a. Retail: Frame::subtract1 (0x00535520). */
void acp_frame_subtract1(acp_frame *out, const acp_frame *a, const acp_aframe *b);

/** out = b⁻¹ ∘ a: a expressed in b's local frame (origin globaltolocal, q = conj(b.q) · a.q).
 *  Retail: Frame::subtract2 (0x00535650). */
void acp_frame_subtract2(acp_frame *out, const acp_frame *a, const acp_frame *b);

/** Heading of local +Y in degrees in [0, 360): 0 = north, 90 = east.
 *  Retail: Frame::get_heading (0x00535760). */
double acp_frame_get_heading(const acp_frame *f);

/** Image of local +Y in the parent frame (unit vector). Retail: Frame::get_vector_heading. */
acp_vec3 acp_frame_get_vector_heading(const acp_frame *f);

/** Rotate by the axis-angle vector w (radians, parent/global frame): q ← q_w · q.
 *  |w|² below EPSILON² is a no-op. Retail: Frame::grotate (0x005357A0). */
void acp_frame_grotate(acp_frame *f, acp_vec3 w);

/** Rotate by the axis-angle vector w given in the frame's local axes (radians): w is lifted to
 *  the parent frame by m and passed to grotate. Retail: Frame::rotate (0x004525B0). */
void acp_frame_rotate(acp_frame *f, acp_vec3 w);

/** What Frame::grotate derives from its axis-angle vector alone (the angle's square root, sine,
 *  cosine and reciprocal), kept for the next call with the same vector, bit for bit: an object
 *  turning at a steady rate rotates by the same vector every animation frame. Not retail: the
 *  results are the same bits as computing them again. Start it zeroed. */
typedef struct acp_grotate_memo {
    bool valid;
    acp_vec3 w;                       /* the vector (radians) the values below belong to */
    bool none;                        /* |w| below EPSILON: no rotation */
    float fx, gy, c;                  /* the quaternion's x, y (float stores) and w parts */
    double hz;                        /* its z part (kept in double, as retail) */
} acp_grotate_memo;

/** acp_frame_grotate, reusing (and refreshing) `memo` (NULL: none). */
void acp_frame_grotate_memo(acp_frame *f, acp_vec3 w, acp_grotate_memo *memo);
/** acp_frame_rotate, reusing (and refreshing) `memo` (NULL: none). */
void acp_frame_rotate_memo(acp_frame *f, acp_vec3 w, acp_grotate_memo *memo);

/** Set the rotation from Euler angles (radians) in Shoemake's order `order` (retail passes 0,
 *  static XYZ: x about X first, then y about Y, then z about Z, all about fixed axes).
 *  Retail: Frame::euler_set_rotate (0x00535BF0) with EulGetOrd (0x00534D70). */
void acp_frame_euler_set_rotate(acp_frame *f, float x, float y, float z, int order);

/** Turn the frame so local +Y points along normalize(dir) with zero roll (local +X horizontal).
 *  Elevation is asin(dir.z); heading from atan2(x, y). A vector shorter than EPSILON leaves the
 *  frame unchanged. An exactly vertical vector takes heading 90 (atan2(0, 0) = 0), retail's
 *  deterministic fallback. dir: parent frame, any length. Retail: Frame::set_vector_heading
 *  (0x00535DB0). */
void acp_frame_set_vector_heading(acp_frame *f, acp_vec3 dir);

/** Set the heading in degrees (0 = north, clockwise): the direction (sin h, cos h, z), where z
 *  is the current forward vector's z, goes to set_vector_heading, so pitch is kept only
 *  approximately. Retail: Frame::set_heading (0x00535E40). */
void acp_frame_set_heading(acp_frame *f, float degrees);

/** Point from local to parent coordinates: m · p + origin. Retail: Frame::localtoglobal. */
acp_vec3 acp_frame_localtoglobal(const acp_frame *f, acp_vec3 p);
/** Point from parent to local coordinates: mᵀ · (p − origin). Retail: Frame::globaltolocal. */
acp_vec3 acp_frame_globaltolocal(const acp_frame *f, acp_vec3 p);
/** Vector from local to parent axes: m · v. Retail: Frame::localtoglobalvec. */
acp_vec3 acp_frame_localtoglobalvec(const acp_frame *f, acp_vec3 v);
/** Vector from parent to local axes: mᵀ · v. Retail: Frame::globaltolocalvec. */
acp_vec3 acp_frame_globaltolocalvec(const acp_frame *f, acp_vec3 v);

/** Spherical interpolation of the rotation from `from` (t = 0) to `to` (t = 1), taking the
 *  short way; falls back to linear weights when the angle is below EPSILON or the slerp
 *  weights leave [0, 1]. Only the rotation of `out` changes. Retail: Frame::interpolate_rotation
 *  (0x00535390). */
void acp_frame_interpolate_rotation(acp_frame *out, const acp_frame *from, const acp_frame *to, float t);

/** Linear interpolation of the origin: (1 − t)·from + t·to. Retail: Frame::interpolate_origin. */
void acp_frame_interpolate_origin(acp_frame *out, const acp_frame *from, const acp_frame *to, float t);

/* ---- AC1Legacy::Vector3 helpers used with frames ---- */

/** Normalize v in place unless |v| < EPSILON; returns true when v was too small (unchanged).
 *  Retail: AC1Legacy::Vector3::normalize_check_small (0x00452460). */
bool acp_vec3_normalize_check_small(acp_vec3 *v);
/** Heading (degrees, 0 = north, clockwise) of v's horizontal part; 0 for a near-zero vector.
 *  Retail: AC1Legacy::Vector3::get_heading (0x004575D0). */
double acp_vec3_get_heading(acp_vec3 v);
/** Retail's tolerant equality: every axis within EPSILON. Retail: AC1Legacy::Vector3::operator==
 *  (0x00509F10). */
bool acp_vec3_close(acp_vec3 a, acp_vec3 b);
/** Every axis strictly below EPSILON in magnitude. Retail: AC1Legacy::Vector3::is_zero. */
bool acp_vec3_is_zero(acp_vec3 v);

/** v / d as retail divides: the double reciprocal 1/d scales x, its float copy scales y and z.
 *  Retail: Vector3::operator/(float) (0x00455DE0), used for cached_velocity = offset / quantum. */
acp_vec3 acp_vec3_div(acp_vec3 v, float d);

#endif
