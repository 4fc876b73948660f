/* acphys — retail CPartArray: an object's parts (from its Setup), their frames, its collision
 * spheres, its animation sequence and its motion table manager.
 *
 * CONVENTIONS
 *   Part frames are world frames: the object frame combined with the current animation frame's
 *   part frame (scaled by the object's scale), or with the Setup's placement frame when no
 *   animation plays (retail CPartArray::UpdateParts). They are what a renderer draws, and
 *   nothing in the physics reads them, so SetFrame only records what to place and
 *   acp_partarray_part_frames places it when the frames are read: a renderer pays for the
 *   frames it draws, not for every quantum (retail places them at every SetFrame). The frames
 *   read are bit for bit those retail's eager placement leaves (see acp_partarray_set_frame).
 *   Spheres are in object axes before scaling. Scale is per axis (retail keeps a Vector3;
 *   objects set it uniformly).
 *   All storage is allocated when the part array is created (or its motion table set), never
 *   during an update. The part array and its motion table manager are blocks of the owner's
 *   world's slabs (slab.h: side by side with the other objects' ones); the per-part arrays are
 *   on the heap.
 */
#ifndef ACP_PARTARRAY_H
#define ACP_PARTARRAY_H

#include <stdbool.h>
#include <stdint.h>

#include "dat/records.h"
#include "physics/geometry/frame.h"
#include "physics/anim/motion_table.h"
#include "dat/recsource.h"
#include "physics/anim/sequence.h"
#include "base/slab.h"

struct acp_physobj;

/** Retail CPartArray.
 *  Layout (not retail's): what every quantum reads or writes first (the deferred placement, the
 *  sphere count, the motion table manager), then the sequence (its hot fields and node pool
 *  first: sequence.h), the rest last: a quantum of an animated object touches its first ~280
 *  bytes (the node it plays is slot 1 of the pool once the link animation is gone). */
struct acp_gfxobj_physics;
struct acp_transition;

/** Animations (or placement frames) a part array remembers having checked, besides its last. */
#define ACP_PARTARRAY_CHECKED 7

typedef struct acp_partarray {
    /* ---- every quantum ---- */
    uint32_t num_parts;
    uint32_t num_spheres;
    /* The placement SetFrame deferred (acp_partarray_part_frames carries it out). */
    uint32_t pending_parts;          /* parts it places (0: nothing pending) */
    bool checked_valid;              /* whether all part frames of checked_source combine validly */
    acp_mtable_manager *motion_table_manager; /* NULL without a motion table */
    const acp_aframe *pending_anim;  /* the animation (or placement) frame's parts */
    const void *checked_source;      /* the animation (or placement frame) last checked */
    acp_vec3 scale;                  /* per-axis scale */
    acp_vec3 pending_scale;          /* the scale at the time */
    acp_frame pending_frame;         /* the object frame it combines them with */
    acp_sequence sequence;           /* (its hot fields first: sequence.h) */
    /* ---- the rest ---- */
    /* (every sweep that meets the object reads num_cylspheres, then cylspheres, or num_spheres
     * and spheres; the mover's own sweeps read spheres and setup: these five fields share one
     * line, on 64-bit targets and on wasm32 with the padding below; partarray.c asserts it) */
#if UINTPTR_MAX <= 0xFFFFFFFFu
    uint32_t line_pad[2];            /* 32-bit targets: the five fields start a line (wasm32: 1,024) */
#endif
    const acp_sphere *spheres;       /* a copy of the Setup's spheres, or the hand-built ones */
    uint32_t num_cylspheres;         /* the Setup's CCylSpheres (others collide with them) */
    const acp_cylsphere *cylspheres; /* the Setup's (not copied), or set by hand (tests) */
    const struct acp_gfxobj_physics **part_physics; /* num_parts: each part's GfxObj physics
                                        (retail CPhysicsPart::gfxobj: its physics BSP, if any,
                                        and bounding box), or NULL without a record */
    const acp_setup *setup;          /* NULL for a part array built by hand (tests) */
    struct acp_physobj *owner;
    /* The sources checked before checked_source (most recent first) and their answers: an
     * object whose motions change goes back and forth between a few animations (links and
     * cycles), each checked once rather than at every change. */
    const void *checked_before[ACP_PARTARRAY_CHECKED];
    bool checked_before_valid[ACP_PARTARRAY_CHECKED];
    acp_frame *part_frames;          /* num_parts world frames as last placed: read them through
                                        acp_partarray_part_frames, which places what is pending */
    acp_vec3 *part_gfx_scale;        /* num_parts: the Setup's default scale × scale (drawing) */
    float *part_translucency;        /* num_parts values driven by part hooks */
    float *part_luminosity;
    float *part_diffusion;
    acp_record_source records;       /* animation and motion table lookups */
    acp_world_slabs *slabs;          /* its owner's world's slabs, which hold it and its motion
                                        table manager; NULL: both are on the heap (no world) */
    /* The reach of its spheres and cylinders from the object's origin, unscaled (metres; < 0: no
     * shapes), as CObjCell::find_obj_collisions' bound computes it (objcell.c), kept for the
     * shapes it was computed from (not retail: a cache; recomputed when they change). */
    const acp_sphere *reach_spheres;
    const acp_cylsphere *reach_cylspheres;
    uint32_t reach_num_spheres, reach_num_cylspheres;
    double reach;
    /* docs/SHORTCUTS.md S26: for an upright object with spheres only, the same shapes' bound as a
     * vertical capsule, unscaled (metres): every sphere lies within reach_axis of the segment
     * from (0, 0, reach_zlo) to (0, 0, reach_zhi) (reach_axis: the largest horizontal distance of
     * a centre from the z axis plus its radius; reach_zlo, reach_zhi: the lowest and highest
     * centre). Kept with reach. */
    double reach_axis, reach_zlo, reach_zhi;
    bool reach_valid;
} acp_partarray;

/** Create a part array from a Setup: its parts (default scales), spheres, and the CSequence
 *  hooked to `owner`; then InitDefaults (which reaches CPhysicsObj::InitDefaults through the
 *  owner) and the placement frame Resting (0x65). `records` (may be NULL) is copied. NULL when
 *  out of memory. Retail: CPartArray::CreateSetup (0x005195A0) with SetSetupID (0x00519330) and
 *  InitParts (0x00517F40). */
acp_partarray *acp_partarray_create(struct acp_physobj *owner, const acp_setup *setup, const acp_record_source *records);

/** Create a part array by hand: `num_spheres` spheres (copied), no parts, no Setup. For tests and
 *  objects that carry only collision spheres. */
acp_partarray *acp_partarray_create_spheres(struct acp_physobj *owner, const acp_sphere *spheres, uint32_t num_spheres);

/** Give part `part` the physics of its GfxObj (borrowed: it must outlive the part array; NULL
 *  clears it); then CacheHasPhysicsBSP on the owner. Load time only. False for a part out of
 *  range. */
bool acp_partarray_set_part_physics(acp_partarray *pa, uint32_t part, const struct acp_gfxobj_physics *gfx);

/** Whether some part's GfxObj has a physics BSP. Retail: CPartArray::CacheHasPhysicsBSP
 *  (0x00518110). */
bool acp_partarray_cache_has_physics_bsp(const acp_partarray *pa);

/** Sweep t against each part's physics BSP in turn (CPhysicsPart::find_obj_collisions at the
 *  part's frame in the owner's cell, with the part's scale), stopping at the first state other
 *  than OK; OK without parts. Returns an acp_transition_state (world/transition.h).
 *  Retail: CPartArray::FindObjCollisions (0x00518180). */
int acp_partarray_find_obj_collisions(acp_partarray *pa, struct acp_transition *t);

/** Release a part array and everything it owns (NULL is ignored). */
void acp_partarray_destroy(acp_partarray *pa);

/** Number of collision spheres. Retail: CPartArray::GetNumSphere (0x00518060). */
static inline uint32_t acp_partarray_num_spheres(const acp_partarray *pa) { return pa ? pa->num_spheres : 0; }

/** Number of collision cylinders. Retail: CPartArray::GetNumCylsphere (0x00518080). */
static inline uint32_t acp_partarray_num_cylspheres(const acp_partarray *pa) { return pa ? pa->num_cylspheres : 0; }

/** The Setup's DefaultAnimation, when it has one, replaces the animations: frames 0..last at
 *  30 frames/s; then the owner's InitDefaults. Retail: CPartArray::InitDefaults (0x00518980). */
void acp_partarray_init_defaults(acp_partarray *pa);

/** Advance the animation by `quantum` seconds, accumulating root motion into offset_frame
 *  (object axes), which must hold acp_frame_identity() as UpdatePositionInternal makes it (NULL:
 *  pose only); the world's root-motion memo answers updates it has seen
 *  (acp_sequence_update_offset). Retail: CPartArray::Update (0x00517DB0). */
void acp_partarray_update(acp_partarray *pa, float quantum, acp_frame *offset_frame);

/** Place every part: part_frames[i] = frame ∘ (animation frame's part i, origin × scale) for the
 *  parts the current animation frame (or placement frame) holds; the others keep their frames,
 *  and with no current frame nothing moves. Retail: CPartArray::SetFrame (0x00519310) →
 *  UpdateParts (0x005190F0).
 *  The placement is recorded (frame, animation frame and scale as they are now) and carried out
 *  by acp_partarray_part_frames. A later placement replaces a pending one only where it gives
 *  the same bits as placing both in turn: when it covers at least the same parts and every one
 *  of its rotations is certain to be valid (Frame::set_rotate keeps the previous rotation of a
 *  part whose new one is not: then the pending placement is carried out first). */
void acp_partarray_set_frame(acp_partarray *pa, const acp_frame *frame);

/** The num_parts part frames (world), after carrying out the pending placement. Valid until the
 *  part array changes or is destroyed. Retail: the CPhysicsPart::pos frames UpdateParts sets. */
const acp_frame *acp_partarray_part_frames(acp_partarray *pa);

/** Choose the Setup's placement frame `id`, else placement 0, else none (returns false).
 *  Retail: CPartArray::SetPlacementFrame (0x005193D0). */
bool acp_partarray_set_placement_frame(acp_partarray *pa, uint32_t id);

/** Use motion table `table_id` (0: none): an existing manager of the same id is kept; otherwise
 *  a new manager replaces the old. False when out of memory.
 *  Retail: CPartArray::SetMotionTableID (0x005186E0). */
bool acp_partarray_set_motion_table(acp_partarray *pa, uint32_t table_id);

/** Per-quantum tail: the motion table manager completes motions.
 *  Retail: CPartArray::HandleMovement (0x00517D60). */
void acp_partarray_handle_movement(acp_partarray *pa);

/** An animation finished (AnimationDone hook). Retail: CPartArray::AnimationDone (0x00517D30). */
void acp_partarray_animation_done(acp_partarray *pa, bool success);

/** Retail: CPartArray::InitializeMotionTables (0x00517D10). */
void acp_partarray_initialize_motion_tables(acp_partarray *pa);
/** Retail: CPartArray::CheckForCompletedMotions (0x00517D50). */
void acp_partarray_check_for_completed_motions(acp_partarray *pa);
/** Drop link animations, complete pending motions. Retail: CPartArray::HandleEnterWorld (0x00517D70). */
void acp_partarray_handle_enter_world(acp_partarray *pa);
/** Retail: CPartArray::HandleExitWorld (0x00517D90). */
void acp_partarray_handle_exit_world(acp_partarray *pa);

/** An interpreted command through the motion table (7 without one).
 *  Retail: CPartArray::DoInterpretedMotion (0x00518750). */
uint32_t acp_partarray_do_interpreted_motion(acp_partarray *pa, uint32_t motion, float speed);
/** Retail: CPartArray::StopInterpretedMotion (0x005187F0). */
uint32_t acp_partarray_stop_interpreted_motion(acp_partarray *pa, uint32_t motion, float speed);
/** Retail: CPartArray::StopCompletelyInternal (0x00518890). */
uint32_t acp_partarray_stop_completely_internal(acp_partarray *pa);

/** Set the per-axis scale and each part's drawing scale (default scale × scale).
 *  Retail: CPartArray::SetScaleInternal (0x00518A00). */
void acp_partarray_set_scale(acp_partarray *pa, acp_vec3 scale);

/** Set one part's (or every part's, part = UINT32_MAX) translucency, luminosity or diffusion. */
void acp_partarray_set_part_value(acp_partarray *pa, float *values, uint32_t part, float value);

#endif
