/* acphys — the WebAssembly ABI's shared private header: every function a JavaScript caller may
 * use is marked ACP_ABI in one of the files of wasm/abi, by concern:
 *   module.c    linear memory, the version, the struct layouts (acp_abi_layout)
 *   geometry.c  Frame / AFrame, Position, LandDefs, the math digest
 *   world.c     the world (CPhysics), its objects (CPhysicsObj), terrain and the collision sweep
 *   motion.c    synthetic records, CSequence, CMotionTable, CMotionInterp, the motion API
 *   dat.c       the DAT record store, the DAT writer, a full DAT read lazily
 *   runs.c      scenario runs (the page and the Node tests)
 *   traces.c    number formatting, the JSON check, trace comparison
 *   bench.c     the benchmark entry points
 *   vectors.c   the retail arithmetic vectors' entry points
 *   draw.c      the draw side (src/draw): part, sphere and cylinder matrices, terrain arrays
 * Nothing outside wasm/abi includes this header.
 *
 * CONVENTIONS
 *   Arguments are flat: 32-bit integers, float, double, and byte offsets into the module's
 *   linear memory ("pointers"). No struct crosses by value. Memory for inputs and outputs is
 *   obtained with acp_abi_alloc and released with acp_abi_free.
 *   A frame in memory is retail's Frame layout, 16 floats (64 bytes): qw, qx, qy, qz, m[9]
 *   (cached rotation, column-major), origin x, y, z. A vec3 is 3 floats. A position is a
 *   uint32 cell id followed by a frame (68 bytes).
 *   Units and frames: as the core (metres, seconds, radians; headings in degrees, 0 = north,
 *   clockwise; +X east, +Y north, +Z up).
 *   The exported names are the ACP_ABI lines of the files in wasm/abi (wasm/CMakeLists.txt collects
 *   them); the build exports nothing else but the memory and _initialize.
 */
#ifndef ACP_WASM_ABI_H
#define ACP_WASM_ABI_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/bench/alloc_count.h"
#include "../../src/bench/bench.h"
#include "dat.h"
#include "diff.h"
#include "frame.h"
#include "hooks.h"
#include "jsoncheck.h"
#include "jsonv.h"
#include "mathx.h"
#include "motion.h"
#include "motiontable.h"
#include "partarray.h"
#include "physics.h"
#include "physobj.h"
#include "physobj_motion.h"
#include "position.h"
#include "recfixture.h"
#include "run.h"
#include "scenario.h"
#include "sequence.h"
#include "setposition.h"
#include "terrain.h"
#include "text.h"
#include "trace.h"
#include "transition.h"
#include "version.h"
#include "writer.h"

/** Marks an exported function: wasm/CMakeLists.txt exports every line that starts with it. */
#define ACP_ABI __attribute__((used, visibility("default")))

/** A Frame's rotation and origin as an AFrame (its cached matrix is ignored). */
static inline acp_aframe acp_abi_aframe_of(const acp_frame *f)
{
    acp_aframe r = {f->origin, f->qw, f->qx, f->qy, f->qz};
    return r;
}

#endif
