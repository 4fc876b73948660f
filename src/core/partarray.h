/* acphys — retail CPartArray: an object's parts (from its Setup), their frames, its collision
 * spheres, its animation sequence and its motion table manager.
 *
 * CONVENTIONS
 *   Part frames are world frames (the object frame combined with the current animation frame's
 *   part frame, or the Setup's placement frame). Spheres are in object axes before scaling.
 *   Scale is per axis (retail keeps a Vector3; objects set it uniformly).
 *   All storage is allocated when the part array is created, never during an update.
 */
#ifndef ACP_PARTARRAY_H
#define ACP_PARTARRAY_H

#include <stdbool.h>
#include <stdint.h>

#include "../dat/records.h"
#include "frame.h"
#include "sequence.h"

struct acp_physobj;
typedef struct acp_mtable_manager acp_mtable_manager;

/** Retail CPartArray. */
typedef struct acp_partarray {
    struct acp_physobj *owner;
    const acp_setup *setup;          /* NULL for a part array built by hand (tests) */
    uint32_t num_parts;
    acp_frame *part_frames;          /* num_parts world frames, updated by SetFrame */
    float *part_translucency;        /* num_parts values driven by part hooks */
    float *part_luminosity;
    float *part_diffusion;
    acp_vec3 scale;                  /* per-axis scale */
    uint32_t num_spheres;
    const acp_sphere *spheres;       /* the Setup's spheres, or the hand-built ones */
    acp_sequence sequence;
    acp_mtable_manager *motion_table_manager; /* NULL without a motion table */
} acp_partarray;

/** Create a part array from a Setup (parts, spheres, default scale, placement frame 0; the
 *  default animation is installed by acp_partarray_init_defaults). Returns NULL when out of
 *  memory. Retail: CPartArray::CreateSetup (0x00519E70 area) + SetSetupID. */
acp_partarray *acp_partarray_create(struct acp_physobj *owner, const acp_setup *setup);

/** Create a part array by hand: `num_spheres` spheres (copied), no parts, no Setup. For tests and
 *  objects that carry only collision spheres. */
acp_partarray *acp_partarray_create_spheres(struct acp_physobj *owner, const acp_sphere *spheres, uint32_t num_spheres);

/** Release a part array and everything it owns. */
void acp_partarray_destroy(acp_partarray *pa);

/** Number of collision spheres. Retail: CPartArray::GetNumSphere (0x00517AB0 area). */
static inline uint32_t acp_partarray_num_spheres(const acp_partarray *pa) { return pa ? pa->num_spheres : 0; }

/** Advance the animation by `quantum` seconds, accumulating root motion into offset_frame
 *  (object axes). Retail: CPartArray::Update (0x00517DB0). */
void acp_partarray_update(acp_partarray *pa, float quantum, acp_frame *offset_frame);

/** Place every part: the object frame combined with the current animation frame's part frame,
 *  scaled. Retail: CPartArray::SetFrame / UpdateParts. */
void acp_partarray_set_frame(acp_partarray *pa, const acp_frame *frame);

/** Per-quantum tail: the motion table manager checks for finished motions.
 *  Retail: CPartArray::HandleMovement. */
void acp_partarray_handle_movement(acp_partarray *pa);

/** The sequence reached the end of an animation (AnimationDone hook).
 *  Retail: CPartArray::AnimationDone. */
void acp_partarray_animation_done(acp_partarray *pa, bool success);

/** Set the per-axis scale. Retail: CPartArray::SetScaleInternal. */
void acp_partarray_set_scale(acp_partarray *pa, acp_vec3 scale);

/** Set one part's (or every part's, part = UINT32_MAX) translucency, luminosity or diffusion. */
void acp_partarray_set_part_value(acp_partarray *pa, float *values, uint32_t part, float value);

#endif
