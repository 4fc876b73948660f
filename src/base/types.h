/* acphys — the plain types DAT records and the physics share: vectors, quaternion frames.
 *
 * Units and axes: see physics/geometry/frame.h (metres, +X east, +Y north, +Z up; quaternions
 * (w, x, y, z)). Nothing here computes: the functions are in physics/geometry.
 */
#ifndef ACP_TYPES_H
#define ACP_TYPES_H

#include <stdbool.h>

/** A 3-vector of floats (retail AC1Legacy::Vector3). Frame depends on the use. */
typedef struct acp_vec3 {
    float x, y, z;
} acp_vec3;

/** Retail Frame (64 bytes, retail's field order: quaternion, matrix, origin). */
typedef struct acp_frame {
    float qw, qx, qy, qz;     /* Unit rotation quaternion, local to parent. */
    float m[9];               /* m_fl2gv: cached rotation matrix, column-major (see above). */
    acp_vec3 origin;          /* m_fOrigin: metres, in the frame's parent (cell or world). */
} acp_frame;

/** Retail AFrame (28 bytes): origin and quaternion without the cached matrix; the form frames
 *  take in DAT records (animation pos frames, part frames, placement frames). */
typedef struct acp_aframe {
    acp_vec3 origin;          /* Metres, in the parent frame. */
    float qw, qx, qy, qz;     /* Rotation quaternion (w, x, y, z). */
} acp_aframe;

/* Inline this function at every call in the WebAssembly build (nothing natively): V8 compiles
 * each WebAssembly function on its own, so a call costs a frame, a stack check, spills and a
 * reload of the memory base. On the few functions every quantum calls once or twice. */
#if defined(__wasm__)
#define ACP_WASM_INLINE __attribute__((always_inline))
#else
#define ACP_WASM_INLINE
#endif

/** EPSILON of retail: the float 0.0002f (0x3951B717) promoted to double. */
#define ACP_F_EPSILON 0.00019999999494757503

#endif
