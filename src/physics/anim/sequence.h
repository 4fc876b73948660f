/* acphys — retail CSequence: the list of animations an object plays, its root motion and the
 * velocity and omega of its current motion; and AnimSequenceNode, one entry of that list.
 *
 * CONVENTIONS
 *   Frame numbers are doubles (retail long double on the x87 at 53 bits); framerates are frames
 *   per second (negative plays backwards) stored as float, as retail stores them; quanta are
 *   seconds. Root motion accumulates into a caller's frame in object axes. Velocity (m/s) and
 *   omega (rad/s) are object axes.
 *   The list (retail anim_list, a DLList of AnimSequenceNodes allocated with operator new) lives
 *   in a fixed pool inside the sequence: ACP_MAX_ANIM_NODES nodes, linked by pool index, free
 *   slots taken lowest first. An animation appended to a full pool is dropped and counted in
 *   `dropped` (docs/DEVIATIONS.md). Nothing here allocates.
 *   Animations are found by id through `records` (retail DBObj::Get); a node whose animation is
 *   not found is discarded, as retail's append_animation does.
 *   Bounded work: one update moves on to the next node at most ACP_MAX_ANIM_ADVANCES times; at
 *   absurd framerates retail's loop never ends (docs/DEVIATIONS.md). Each cap is counted in
 *   `capped`.
 */
#ifndef ACP_SEQUENCE_H
#define ACP_SEQUENCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dat/records.h"
#include "physics/geometry/frame.h"
#include "dat/recsource.h"

#define ACP_MAX_ANIM_NODES 32
#define ACP_MAX_ANIM_ADVANCES 1024
#define ACP_NO_NODE (-1)

struct acp_physobj;

/** Retail AnimSequenceNode (28 bytes): one animation over low..high at framerate. */
typedef struct acp_anim_node {
    const acp_animation *anim;       /* never NULL for a node in the list */
    float framerate;                 /* frames per second; negative = reverse */
    int32_t low_frame;
    int32_t high_frame;              /* resolved by set_animation_id: −1 became num_frames − 1 */
    int16_t prev, next;              /* list links (pool indices), ACP_NO_NODE at the ends */
    bool in_use;
} acp_anim_node;

/** Retail CSequence. */
typedef struct acp_sequence {
    /* (What every update reads comes first, then the node pool, whose low slots the list uses
     *  most, the cold fields last: fewer cache lines a quantum.) */
    int16_t head, tail;              /* anim_list */
    int16_t first_cyclic;            /* first node of the cyclic tail; ACP_NO_NODE if none */
    int16_t curr_anim;               /* ACP_NO_NODE if none */
    acp_vec3 velocity;               /* m/s, object axes */
    acp_vec3 omega;                  /* rad/s, object axes */
    struct acp_physobj *hook_obj;    /* receives the anim hooks; NULL = none */
    struct acp_root_memo *root_memo; /* its world's root-motion memo (root_motion_memo.h; not
                                        retail); NULL = none: root motion computed every time */
    uint16_t memo_misses;            /* memo look-ups missed in a row */
    uint16_t memo_pause;             /* updates left before it asks the memo again */
    double frame_number;             /* frames, within curr_anim's low..high + 1 */
    acp_grotate_memo rotation_memo;  /* apply_physics' last rotation (frame.h; not retail) */
    acp_anim_node nodes[ACP_MAX_ANIM_NODES];
    const acp_anim_frame *placement_frame;
    uint32_t placement_frame_id;
    uint32_t placement_num_parts;    /* parts in placement_frame (its Setup's num_parts) */
    acp_record_source records;       /* where animation ids are looked up */
    uint32_t dropped;                /* animations refused because the pool was full */
    uint32_t capped;                 /* updates stopped at ACP_MAX_ANIM_ADVANCES */
} acp_sequence;

_Static_assert(offsetof(acp_sequence, omega) == offsetof(acp_sequence, velocity) + sizeof(acp_vec3),
               "the root-motion memo reads velocity and omega as six floats");

/* ---- AnimSequenceNode ---- */

/** Frame playback starts at: low_frame for framerate ≥ 0, else (high_frame + 1) − EPSILON
 *  (EPSILON = (double)0.0002f). Retail: AnimSequenceNode::get_starting_frame (0x00525C80). */
double acp_anim_node_get_starting_frame(const acp_anim_node *node);

/** Frame playback ends at: (high_frame + 1) − EPSILON for framerate ≥ 0, else low_frame.
 *  Retail: AnimSequenceNode::get_ending_frame (0x00525CB0). */
double acp_anim_node_get_ending_frame(const acp_anim_node *node);

/** Multiply the framerate by `multiplier` (float store); a negative multiplier also swaps
 *  low_frame and high_frame. Retail: AnimSequenceNode::multiply_framerate (0x00525BE0). */
void acp_anim_node_multiply_framerate(acp_anim_node *node, float multiplier);

/** The root-motion frame of animation frame `fn` (object axes), or NULL when the animation has
 *  no such frame or no pos frames. Retail: AnimSequenceNode::get_pos_frame (0x00525C10). */
const acp_aframe *acp_anim_node_get_pos_frame(const acp_anim_node *node, int32_t fn);

/** The part frames and hooks of animation frame `fn`, or NULL when out of range.
 *  Retail: AnimSequenceNode::get_part_frame (0x00525C40). */
const acp_anim_frame *acp_anim_node_get_part_frame(const acp_anim_node *node, int32_t fn);

/* ---- CSequence ---- */

/** An empty sequence (no animations, zero velocity and omega, no placement frame) whose hooks
 *  go to hook_obj (may be NULL) and whose animations come from `records` (may be NULL: no
 *  animation is then ever found). Retail: CSequence::CSequence (0x005249F0) + set_object. */
void acp_sequence_init(acp_sequence *seq, struct acp_physobj *hook_obj, const acp_record_source *records);

/** True when the sequence holds animations. Retail: CSequence::has_anims (0x00524BD0). */
bool acp_sequence_has_anims(const acp_sequence *seq);

/** The node at pool index `index`, or NULL for ACP_NO_NODE. */
const acp_anim_node *acp_sequence_node(const acp_sequence *seq, int16_t index);

/** Append the animation `data` (framerate already multiplied by the motion's speed) at the tail;
 *  it becomes first_cyclic; with no current animation the head becomes current at its starting
 *  frame. The node's frames are resolved as AnimSequenceNode::set_animation_id (0x00525D60)
 *  does: high −1 → last frame; low ≥ num_frames (compared unsigned) → last; high likewise;
 *  low > high → high = low. An animation id not found, or a full pool, appends nothing.
 *  Retail: CSequence::append_animation (0x00525510). */
void acp_sequence_append_animation(acp_sequence *seq, const acp_anim_data *data);

/** Remove every animation; first_cyclic and curr_anim none, frame 0.
 *  Retail: CSequence::clear_animations (0x00524DC0). */
void acp_sequence_clear_animations(acp_sequence *seq);

/** Velocity and omega to zero. Retail: CSequence::clear_physics (0x00524D50). */
void acp_sequence_clear_physics(acp_sequence *seq);

/** clear_animations, clear_physics, and no placement frame. Retail: CSequence::clear (0x005255B0). */
void acp_sequence_clear(acp_sequence *seq);

/** Remove first_cyclic and every node after it; a removed current node hands over to its
 *  predecessor at that node's ending frame (frame 0 without one); first_cyclic becomes the
 *  new tail. Retail: CSequence::remove_cyclic_anims (0x00524E40). */
void acp_sequence_remove_cyclic_anims(acp_sequence *seq);

/** Remove up to n link nodes just before first_cyclic (a removed current node hands over to
 *  first_cyclic at its starting frame). Retail: CSequence::remove_link_animations (0x00524BE0). */
void acp_sequence_remove_link_animations(acp_sequence *seq, uint32_t n);

/** Remove every node before first_cyclic likewise.
 *  Retail: CSequence::remove_all_link_animations (0x00524CA0). */
void acp_sequence_remove_all_link_animations(acp_sequence *seq);

/** Remove finished nodes from the head, stopping at curr_anim or first_cyclic.
 *  Retail: CSequence::apricot (0x00524B40). */
void acp_sequence_apricot(acp_sequence *seq);

/** multiply_framerate on first_cyclic and every node after it.
 *  Retail: CSequence::multiply_cyclic_animation_fr (0x00524940). */
void acp_sequence_multiply_cyclic_animation_framerate(acp_sequence *seq, float multiplier);

/** Replace the velocity (m/s). Retail: CSequence::set_velocity (0x00524880). */
void acp_sequence_set_velocity(acp_sequence *seq, acp_vec3 v);
/** Replace omega (rad/s). Retail: CSequence::set_omega (0x005248A0). */
void acp_sequence_set_omega(acp_sequence *seq, acp_vec3 o);
/** velocity += v, omega += o (float stores). Retail: CSequence::combine_physics (0x005248C0). */
void acp_sequence_combine_physics(acp_sequence *seq, acp_vec3 v, acp_vec3 o);
/** velocity −= v, omega −= o. Retail: CSequence::subtract_physics (0x00524900). */
void acp_sequence_subtract_physics(acp_sequence *seq, acp_vec3 v, acp_vec3 o);

/** Add velocity·q to frame's origin and rotate it by omega·q about its local axes, where
 *  q = |quantum| with the sign of `sign`. quantum, sign: seconds. frame: object axes.
 *  Retail: CSequence::apply_physics (0x00524AB0). */
void acp_sequence_apply_physics(acp_sequence *seq, acp_frame *frame, double quantum, double sign);

/** Advance the sequence by `quantum` seconds (negative plays the list backwards), accumulating
 *  root motion into `frame` (object axes; may be NULL: pose only) and queueing the hooks of the
 *  frames crossed on hook_obj: update_internal from curr_anim, then apricot. With no animations,
 *  apply_physics with the true quantum. Retail: CSequence::update (0x00525B80). */
void acp_sequence_update(acp_sequence *seq, double quantum, acp_frame *frame);

/** acp_sequence_update into `offset`, which must hold acp_frame_identity() (CPartArray::Update's
 *  offset: UpdatePositionInternal makes it so), or be NULL (pose only). The same bits as acp_sequence_update; with a
 *  root-motion memo (seq->root_memo) an update whose steps the memo holds copies their frame
 *  instead of computing it (root_motion_memo.h). Retail: CSequence::update (0x00525B80). */
void acp_sequence_update_offset(acp_sequence *seq, double quantum, acp_frame *offset);

/** The current animation frame (per-part frames and hooks), NULL when the current frame number
 *  is outside the animation; the placement frame when no animation plays. `num_parts` (may be
 *  NULL) receives the number of part frames it holds. Retail: CSequence::get_curr_animframe
 *  (0x00524970). */
const acp_anim_frame *acp_sequence_get_curr_animframe(const acp_sequence *seq, uint32_t *num_parts);

/** floor(frame_number) as retail's integer. Retail: CSequence::get_curr_frame_number (0x005249D0). */
int32_t acp_sequence_get_curr_frame_number(const acp_sequence *seq);

/** Use `frame` (num_parts part frames, may be NULL) when no animation plays.
 *  Retail: CSequence::set_placement_frame (0x005249B0). */
void acp_sequence_set_placement_frame(acp_sequence *seq, const acp_anim_frame *frame, uint32_t id, uint32_t num_parts);

#endif
