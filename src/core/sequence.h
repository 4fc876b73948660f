/* acphys — retail CSequence: the list of animations an object plays, its root motion and the
 * velocity and omega of its current motion.
 *
 * CONVENTIONS
 *   Frame numbers are doubles (retail long double on the x87 at 53 bits); framerates are frames
 *   per second (negative plays backwards); quanta are seconds. Root motion accumulates into a
 *   caller's frame in object axes. Velocity (m/s) and omega (rad/s) are object axes.
 *   Nodes live in a fixed pool inside the sequence (retail allocates AnimSequenceNodes); see
 *   docs/DEVIATIONS.md for the bound.
 */
#ifndef ACP_SEQUENCE_H
#define ACP_SEQUENCE_H

#include <stdbool.h>
#include <stdint.h>

#include "../dat/records.h"
#include "frame.h"

#define ACP_MAX_ANIM_NODES 32
#define ACP_NO_NODE (-1)

struct acp_physobj;

/** Retail AnimSequenceNode: one animation over low..high at framerate. */
typedef struct acp_anim_node {
    const acp_animation *anim;
    float framerate;                 /* frames per second; negative = reverse */
    int32_t low_frame;
    int32_t high_frame;              /* resolved: −1 became num_frames − 1 */
    int16_t prev, next;              /* list links (pool indices), ACP_NO_NODE at the ends */
    bool in_use;
} acp_anim_node;

/** Retail CSequence. */
typedef struct acp_sequence {
    acp_anim_node nodes[ACP_MAX_ANIM_NODES];
    int16_t head, tail;              /* anim_list */
    int16_t first_cyclic;            /* first node of the cyclic tail; ACP_NO_NODE if none */
    int16_t curr_anim;               /* ACP_NO_NODE if none */
    acp_vec3 velocity;               /* m/s, object axes */
    acp_vec3 omega;                  /* rad/s, object axes */
    struct acp_physobj *hook_obj;    /* receives the anim hooks; NULL = none */
    double frame_number;
    const acp_anim_frame *placement_frame;
    uint32_t placement_frame_id;
    uint32_t dropped;                /* nodes refused because the pool was full */
} acp_sequence;

/** An empty sequence (no animations, zero velocity and omega). Retail: CSequence::CSequence. */
void acp_sequence_init(acp_sequence *seq, struct acp_physobj *hook_obj);

/** Add velocity·|quantum| (signed like `sign`) to frame's origin and rotate it by
 *  omega·|quantum| (signed) about local axes. quantum, sign: seconds. frame: object axes.
 *  Retail: CSequence::apply_physics (0x00524AB0). */
void acp_sequence_apply_physics(const acp_sequence *seq, acp_frame *frame, double quantum, double sign);

/** Advance the sequence by `quantum` seconds, accumulating root motion into `frame` (may be NULL)
 *  and queueing the hooks of the frames crossed on hook_obj. With no animations, applies physics
 *  with the true quantum. Retail: CSequence::update (0x005259D0). */
void acp_sequence_update(acp_sequence *seq, double quantum, acp_frame *frame);

/** True when the sequence holds animations. Retail: CSequence::has_anims. */
bool acp_sequence_has_anims(const acp_sequence *seq);

/** The current animation frame (per-part frames and hooks), or the placement frame when no
 *  animation plays; NULL when neither. Retail: CSequence::get_curr_animframe (0x00524970). */
const acp_anim_frame *acp_sequence_get_curr_animframe(const acp_sequence *seq);

#endif
