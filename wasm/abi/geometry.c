/* acphys — the WebAssembly ABI, retail Frame / AFrame, Position, LandDefs and the math digest
 * (src/physics/geometry: frame.h, position.h, mathx.h).
 * Conventions: wasm/abi/abi.h. */
#include "abi.h"

/* ---- Frame (retail Frame / AFrame): thin wrappers, see src/physics/geometry/frame.h ---- */

/** Write the identity frame to f. */
ACP_ABI void acp_abi_frame_identity(acp_frame *f) { *f = acp_frame_identity(); }
/** Frame::set_rotate: normalize and set (keeps the old rotation when invalid). */
ACP_ABI void acp_abi_frame_set_rotate(acp_frame *f, float w, float x, float y, float z)
{
    acp_frame_set_rotate(f, w, x, y, z);
}
/** Frame::cache. */
ACP_ABI void acp_abi_frame_cache(acp_frame *f) { acp_frame_cache(f); }
/** Frame::IsValid (1/0). */
ACP_ABI int acp_abi_frame_is_valid(const acp_frame *f) { return acp_frame_is_valid(f); }
/** Frame::IsValidExceptForHeading (1/0). */
ACP_ABI int acp_abi_frame_is_valid_except_for_heading(const acp_frame *f)
{
    return acp_frame_is_valid_except_for_heading(f);
}
/** Frame::combine(Frame, Frame): out = a ∘ b. */
ACP_ABI void acp_abi_frame_combine(acp_frame *out, const acp_frame *a, const acp_frame *b)
{
    acp_frame_combine(out, a, b);
}


/** Frame::combine(Frame, AFrame): b's matrix is ignored. */
ACP_ABI void acp_abi_frame_combine_aframe(acp_frame *out, const acp_frame *a, const acp_frame *b)
{
    acp_aframe ab = acp_abi_aframe_of(b);
    acp_frame_combine_aframe(out, a, &ab);
}
/** Frame::subtract1(Frame, AFrame): out = a ∘ b⁻¹; b's matrix is ignored. */
ACP_ABI void acp_abi_frame_subtract1(acp_frame *out, const acp_frame *a, const acp_frame *b)
{
    acp_aframe ab = acp_abi_aframe_of(b);
    acp_frame_subtract1(out, a, &ab);
}
/** Frame::subtract2: out = b⁻¹ ∘ a. */
ACP_ABI void acp_abi_frame_subtract2(acp_frame *out, const acp_frame *a, const acp_frame *b)
{
    acp_frame_subtract2(out, a, b);
}
/** Frame::get_heading, degrees. */
ACP_ABI double acp_abi_frame_get_heading(const acp_frame *f) { return acp_frame_get_heading(f); }
/** Frame::set_heading, degrees. */
ACP_ABI void acp_abi_frame_set_heading(acp_frame *f, float degrees) { acp_frame_set_heading(f, degrees); }
/** Frame::set_vector_heading. */
ACP_ABI void acp_abi_frame_set_vector_heading(acp_frame *f, float x, float y, float z)
{
    acp_vec3 v = {x, y, z};
    acp_frame_set_vector_heading(f, v);
}
/** Frame::grotate: global axis-angle, radians. */
ACP_ABI void acp_abi_frame_grotate(acp_frame *f, float x, float y, float z)
{
    acp_vec3 v = {x, y, z};
    acp_frame_grotate(f, v);
}
/** Frame::rotate: local axis-angle, radians. */
ACP_ABI void acp_abi_frame_rotate(acp_frame *f, float x, float y, float z)
{
    acp_vec3 v = {x, y, z};
    acp_frame_rotate(f, v);
}
/** Frame::euler_set_rotate, radians, Shoemake order. */
ACP_ABI void acp_abi_frame_euler_set_rotate(acp_frame *f, float x, float y, float z, int order)
{
    acp_frame_euler_set_rotate(f, x, y, z, order);
}
/** Frame::localtoglobal (kind 0), globaltolocal (1), localtoglobalvec (2), globaltolocalvec (3):
 *  reads the vec3 at io and overwrites it with the result. */
ACP_ABI void acp_abi_frame_transform(const acp_frame *f, int kind, acp_vec3 *io)
{
    switch (kind) {
    case 0: *io = acp_frame_localtoglobal(f, *io); break;
    case 1: *io = acp_frame_globaltolocal(f, *io); break;
    case 2: *io = acp_frame_localtoglobalvec(f, *io); break;
    default: *io = acp_frame_globaltolocalvec(f, *io); break;
    }
}
/** Frame::interpolate_rotation. */
ACP_ABI void acp_abi_frame_interpolate_rotation(acp_frame *out, const acp_frame *from,
                                                const acp_frame *to, float t)
{
    acp_frame_interpolate_rotation(out, from, to, t);
}

/* ---- Position / LandDefs ---- */

/** Position::get_offset: writes the vec3 from `from` to `to` (metres, world axes) to out. */
ACP_ABI void acp_abi_position_get_offset(const acp_position *from, const acp_position *to, acp_vec3 *out)
{
    *out = acp_position_get_offset(from, to);
}
/** Position::distance, metres. */
ACP_ABI double acp_abi_position_distance(const acp_position *from, const acp_position *to)
{
    return acp_position_distance(from, to);
}
/** LandDefs::adjust_to_outside on (cell, origin) in place; returns 1 on success. */
ACP_ABI int acp_abi_landdefs_adjust_to_outside(uint32_t *cell_id, acp_vec3 *loc)
{
    return acp_landdefs_adjust_to_outside(cell_id, loc);
}

/* ---- determinism ---- */

/** Low and high 32 bits of acp_math_digest(count). */
ACP_ABI uint32_t acp_abi_math_digest_lo(uint32_t count) { return (uint32_t)acp_math_digest(count); }
ACP_ABI uint32_t acp_abi_math_digest_hi(uint32_t count) { return (uint32_t)(acp_math_digest(count) >> 32); }
