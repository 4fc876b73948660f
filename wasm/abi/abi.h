/* acphys — the WebAssembly ABI's shared private header: every function a JavaScript caller may
 * use is marked ACP_ABI in one of the files of wasm/abi, by concern:
 *   module.c    linear memory, the version, the struct layouts (acp_abi_layout)
 *   geometry.c  Frame / AFrame, Position, LandDefs, the math digest
 *   world.c     the world (CPhysics), its objects (CPhysicsObj), terrain and the collision sweep
 *   motion.c    synthetic records, CSequence, CMotionTable, CMotionInterp, the motion API
 *   dat.c       the DAT record store, the DAT writer, a full DAT read lazily
 *   runs.c      scenario runs (the page and the Node tests)
 *   traces.c    number formatting, the JSON check, trace comparison
 *   conform.c   the diff options, `acphys conform` (the conformance suite), dereth's records (the page)
 *   bench.c     the benchmark entry points
 *   vectors.c   the retail arithmetic vectors' entry points
 *   draw.c      the draw side (src/draw): part, sphere and cylinder matrices, terrain arrays
 *   fx.c        an object's physics scripts and live particles, the world's fx pools (issue 16)
 *   replay.c    capture replays (src/replay/session.h, issue 40)
 *   cli.c       the DAT commands (list, dump, excerpt) on the host's files (issue 33)
 *   api.c       the public C API (include/acphys.h), one export per call (issue 37): the way in
 *               for a host that drives a world itself; runs.c's scenario runner drives its world
 *               through the same API. world.c, motion.c, geometry.c ... are probes of the core's
 *               own functions for the Node tests that pin them, not a way to drive a world.
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

#include "base/version.h"
#include "bench/alloc_count.h"
#include "bench/bench.h"
#include "dat/dat.h"
#include "dat/recfixture.h"
#include "dat/writer.h"
#include "physics/anim/anim_hook.h"
#include "physics/anim/motion_table.h"
#include "physics/anim/movement_manager.h"
#include "physics/anim/sequence.h"
#include "physics/cell/objcell.h"
#include "physics/cell/terrain.h"
#include "physics/geometry/frame.h"
#include "physics/geometry/mathx.h"
#include "physics/geometry/position.h"
#include "physics/object/partarray.h"
#include "physics/object/physobj.h"
#include "physics/object/physobj_motion.h"
#include "physics/object/setposition.h"
#include "physics/world/physics.h"
#include "physics/world/transition.h"
#include "scenario/diff.h"
#include "scenario/jsoncheck.h"
#include "scenario/jsonv.h"
#include "scenario/run.h"
#include "scenario/scenario.h"
#include "scenario/text.h"
#include "scenario/trace.h"

/** Marks an exported function: wasm/CMakeLists.txt exports every line that starts with it. */
#define ACP_ABI __attribute__((used, visibility("default")))

/** A Frame's rotation and origin as an AFrame (its cached matrix is ignored). */
static inline acp_aframe acp_abi_aframe_of(const acp_frame *f)
{
    acp_aframe r = {f->origin, f->qw, f->qx, f->qy, f->qz};
    return r;
}

#endif
