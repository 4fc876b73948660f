/* acphys — retail CSequence and AnimSequenceNode. See sequence.h.
 *
 * Read against PORTAL/canim/CSequence.c and CSeqPrim.c of the retail decompilation. Frame
 * numbers stay double (x87 registers and the long double field); framerates are floats.
 */
#include "sequence.h"

#include <math.h>
#include <string.h>

#include "anim_hook.h"
#include "base/shortcuts.h"
#include "root_motion_memo.h"
#include "physics/geometry/mathx.h"

/* ---- AnimSequenceNode ---- */

double acp_anim_node_get_starting_frame(const acp_anim_node *node)
{
    if (node->framerate < 0.0f) return (double)(node->high_frame + 1) - ACP_F_EPSILON;
    return (double)node->low_frame;
}

double acp_anim_node_get_ending_frame(const acp_anim_node *node)
{
    if (node->framerate < 0.0f) return (double)node->low_frame;
    return (double)(node->high_frame + 1) - ACP_F_EPSILON;
}

void acp_anim_node_multiply_framerate(acp_anim_node *node, float multiplier)
{
    if (multiplier < 0.0f) {
        int32_t low = node->low_frame;
        node->low_frame = node->high_frame;
        node->high_frame = low;
    }
    node->framerate = (float)((double)multiplier * node->framerate);
}

const acp_aframe *acp_anim_node_get_pos_frame(const acp_anim_node *node, int32_t fn)
{
    const acp_animation *a = node->anim;
    if (!a || (uint32_t)fn >= a->num_frames || !a->pos_frames) return NULL; /* fn < 0 too */
    return &a->pos_frames[fn];
}

const acp_anim_frame *acp_anim_node_get_part_frame(const acp_anim_node *node, int32_t fn)
{
    const acp_animation *a = node->anim;
    if (!a || (uint32_t)fn >= a->num_frames || !a->part_frames) return NULL; /* fn < 0 too */
    return &a->part_frames[fn];
}

/* AnimSequenceNode::set_animation_id (0x00525D60): the low and high comparisons against the
 * unsigned num_frames are unsigned, so a negative low frame becomes the last frame. */
static void resolve_frames(acp_anim_node *node)
{
    uint32_t n = node->anim->num_frames;
    if (node->high_frame < 0) node->high_frame = (int32_t)(n - 1);
    if ((uint32_t)node->low_frame >= n) node->low_frame = (int32_t)(n - 1);
    if ((uint32_t)node->high_frame >= n) node->high_frame = (int32_t)(n - 1);
    if (node->low_frame > node->high_frame) node->high_frame = node->low_frame;
}

/* floor(x) as an int32 for |x| < 2^31: the truncation, less one below a negative fraction (false
 * outside that range and for NaN). */
static inline bool floor_small(double x, int32_t *out)
{
    if (!(x > -2147483648.0 && x < 2147483648.0)) return false;
    int32_t i = (int32_t)x;
    *out = (double)i > x ? i - 1 : i;
    return true;
}

/* Retail converts floor(frame) to a 64-bit integer (fistp) and keeps its low 32 bits; outside
 * the 64-bit range fistp stores the integer indefinite 0x8000000000000000, whose low half is 0. */
static inline int32_t frame_index(double frame_number)
{
    int32_t i;
    return floor_small(frame_number, &i) ? i : (int32_t)acp_x87_int64_low32(floor(frame_number));
}

/* floor(frame_number) for the comparisons of play_forward and play_backward (the same value,
 * but +0 for floor's −0, which compares equal). */
static inline double frame_floor(double frame_number)
{
    int32_t i;
    return floor_small(frame_number, &i) ? (double)i : floor(frame_number);
}

/* ---- the list ---- */

void acp_sequence_init(acp_sequence *seq, struct acp_physobj *hook_obj, const acp_record_source *records)
{
    memset(seq, 0, sizeof *seq);
    seq->head = seq->tail = ACP_NO_NODE;
    seq->first_cyclic = seq->curr_anim = ACP_NO_NODE;
    seq->hook_obj = hook_obj;
    if (records) seq->records = *records;
}

bool acp_sequence_has_anims(const acp_sequence *seq) { return seq->head != ACP_NO_NODE; }

const acp_anim_node *acp_sequence_node(const acp_sequence *seq, int16_t index)
{
    return index == ACP_NO_NODE ? NULL : &seq->nodes[index];
}

static int16_t alloc_node(acp_sequence *seq)
{
    for (int16_t i = 0; i < ACP_MAX_ANIM_NODES; i++)
        if (!seq->nodes[i].in_use) return i;
    return ACP_NO_NODE;
}

static void unlink_node(acp_sequence *seq, int16_t i)
{
    acp_anim_node *n = &seq->nodes[i];
    if (n->prev != ACP_NO_NODE) seq->nodes[n->prev].next = n->next;
    else seq->head = n->next;
    if (n->next != ACP_NO_NODE) seq->nodes[n->next].prev = n->prev;
    else seq->tail = n->prev;
    memset(n, 0, sizeof *n);
    n->prev = n->next = ACP_NO_NODE;
}

void acp_sequence_append_animation(acp_sequence *seq, const acp_anim_data *data)
{
    const acp_animation *anim = acp_records_animation(&seq->records, data->anim_id);
    if (!anim) return; /* has_anim fails: retail deletes the node */
    int16_t i = alloc_node(seq);
    if (i == ACP_NO_NODE) {
        seq->dropped++;
        return;
    }
    acp_anim_node *n = &seq->nodes[i];
    *n = (acp_anim_node){anim, data->framerate, data->low_frame, data->high_frame, seq->tail, ACP_NO_NODE, true};
    resolve_frames(n);
    if (seq->tail != ACP_NO_NODE) seq->nodes[seq->tail].next = i;
    else seq->head = i;
    seq->tail = i;
    seq->first_cyclic = i;
    if (seq->curr_anim != ACP_NO_NODE) return;
    seq->curr_anim = seq->head;
    seq->frame_number = acp_anim_node_get_starting_frame(&seq->nodes[seq->head]);
}

void acp_sequence_clear_animations(acp_sequence *seq)
{
    while (seq->head != ACP_NO_NODE) unlink_node(seq, seq->head);
    seq->first_cyclic = ACP_NO_NODE;
    seq->frame_number = 0.0;
    seq->curr_anim = ACP_NO_NODE;
}

void acp_sequence_clear_physics(acp_sequence *seq)
{
    seq->velocity = (acp_vec3){0.0f, 0.0f, 0.0f};
    seq->omega = (acp_vec3){0.0f, 0.0f, 0.0f};
}

void acp_sequence_clear(acp_sequence *seq)
{
    acp_sequence_clear_animations(seq);
    acp_sequence_clear_physics(seq);
    seq->placement_frame = NULL;
    seq->placement_frame_id = 0;
    seq->placement_num_parts = 0;
}

void acp_sequence_remove_cyclic_anims(acp_sequence *seq)
{
    for (int16_t i = seq->first_cyclic; i != ACP_NO_NODE;) {
        int16_t next = seq->nodes[i].next;
        if (seq->curr_anim == i) {
            int16_t prev = seq->nodes[i].prev;
            seq->curr_anim = prev;
            seq->frame_number = prev != ACP_NO_NODE ? acp_anim_node_get_ending_frame(&seq->nodes[prev]) : 0.0;
        }
        unlink_node(seq, i);
        i = next;
    }
    seq->first_cyclic = seq->tail;
}

/* Remove the node before first_cyclic; false when there is none. Retail dereferences a NULL
 * first_cyclic here; an empty list simply has no link to remove. */
static bool remove_one_link(acp_sequence *seq)
{
    if (seq->first_cyclic == ACP_NO_NODE) return false;
    int16_t prev = seq->nodes[seq->first_cyclic].prev;
    if (prev == ACP_NO_NODE) return false;
    if (prev == seq->curr_anim) {
        seq->curr_anim = seq->first_cyclic;
        seq->frame_number = acp_anim_node_get_starting_frame(&seq->nodes[seq->first_cyclic]);
    }
    unlink_node(seq, prev);
    return true;
}

void acp_sequence_remove_link_animations(acp_sequence *seq, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (!remove_one_link(seq)) return;
}

void acp_sequence_remove_all_link_animations(acp_sequence *seq)
{
    while (remove_one_link(seq)) {
    }
}

void acp_sequence_apricot(acp_sequence *seq)
{
    while (seq->head != ACP_NO_NODE && seq->head != seq->curr_anim && seq->head != seq->first_cyclic)
        unlink_node(seq, seq->head);
}

void acp_sequence_multiply_cyclic_animation_framerate(acp_sequence *seq, float multiplier)
{
    for (int16_t i = seq->first_cyclic; i != ACP_NO_NODE; i = seq->nodes[i].next)
        acp_anim_node_multiply_framerate(&seq->nodes[i], multiplier);
}

/* ---- physics ---- */

void acp_sequence_set_velocity(acp_sequence *seq, acp_vec3 v) { seq->velocity = v; }

void acp_sequence_set_omega(acp_sequence *seq, acp_vec3 o) { seq->omega = o; }

void acp_sequence_combine_physics(acp_sequence *seq, acp_vec3 v, acp_vec3 o)
{
    seq->velocity.x = (float)((double)seq->velocity.x + v.x);
    seq->velocity.y = (float)((double)v.y + seq->velocity.y);
    seq->velocity.z = (float)((double)v.z + seq->velocity.z);
    seq->omega.x = (float)((double)seq->omega.x + o.x);
    seq->omega.y = (float)((double)o.y + seq->omega.y);
    seq->omega.z = (float)((double)o.z + seq->omega.z);
}

void acp_sequence_subtract_physics(acp_sequence *seq, acp_vec3 v, acp_vec3 o)
{
    seq->velocity.x = (float)((double)seq->velocity.x - v.x);
    seq->velocity.y = (float)((double)seq->velocity.y - v.y);
    seq->velocity.z = (float)((double)seq->velocity.z - v.z);
    seq->omega.x = (float)((double)seq->omega.x - o.x);
    seq->omega.y = (float)((double)seq->omega.y - o.y);
    seq->omega.z = (float)((double)seq->omega.z - o.z);
}

void acp_sequence_apply_physics(acp_sequence *seq, acp_frame *frame, double quantum, double sign)
{
    double q = fabs(quantum);
    if (sign < 0.0) q = -q;
    double dx = q * seq->velocity.x;
    float dy = (float)(q * seq->velocity.y);
    float dz = (float)(q * seq->velocity.z);
    frame->origin.x = (float)(dx + frame->origin.x);
    frame->origin.y = (float)((double)dy + frame->origin.y);
    frame->origin.z = (float)((double)dz + frame->origin.z);
    acp_vec3 w;
    w.x = (float)(q * seq->omega.x);
    w.y = (float)(q * seq->omega.y);
    w.z = (float)(q * seq->omega.z);
#if ACP_SHORTCUTS
    /* docs/SHORTCUTS.md S24: a vector of zeros (either sign) turns into one of zeros or NaN in the
     * frame's axes, |w|² below EPSILON² or NaN: Frame::grotate's "no rotation". */
    if (w.x == 0.0f && w.y == 0.0f && w.z == 0.0f) return;
    acp_frame_rotate_memo(frame, w, &seq->rotation_memo);
#else
    acp_frame_rotate(frame, w); /* docs/SHORTCUTS.md S2: the terms computed every time */
#endif
}

/* ---- update ---- */

/* CSequence::execute_hooks (0x00524830): every hook whose direction is Both or `dir`. */
static inline void execute_hooks(const acp_sequence *seq, const acp_anim_frame *af, int32_t dir)
{
    if (!af || !af->num_hooks || !seq->hook_obj) return;
    for (uint32_t i = 0; i < af->num_hooks; i++) {
        const acp_anim_hook *h = &af->hooks[i];
        if (h->direction == ACP_HOOK_BOTH || h->direction == dir) acp_physobj_add_anim_hook(seq->hook_obj, h);
    }
}

/* Where one update's root motion goes: straight into `frame`, or, while `recording`, into
 * `steps`, folded into the identity `frame` when the update ends (the world's root-motion memo,
 * root_motion_memo.h) or as soon as a step does not fit. `frame` NULL: no root motion (pose only). */
typedef struct root_out {
    acp_frame *frame;
    bool recording;
    bool fresh;                      /* `frame` still holds the identity and the world has a memo (S22) */
    acp_root_steps steps;
} root_out;

/* One step of root motion: combine (forward) or subtract1 (reverse) the pos frame `pf` (NULL:
 * none), then one frame of velocity and omega, |1/framerate| signed like `sign`. */
static void root_step(acp_sequence *seq, root_out *out, const acp_aframe *pf, bool forward, float framerate,
                      double sign)
{
    acp_frame *frame = out->frame;
#if ACP_SHORTCUTS
    if (pf && out->fresh) acp_root_memo_first_step(seq->root_memo, frame, pf, forward); /* docs/SHORTCUTS.md S22 */
    else
#endif
    if (pf && forward) acp_frame_combine_aframe(frame, frame, pf);
    else if (pf) acp_frame_subtract1(frame, frame, pf);
    out->fresh = false;
    double rate = framerate;
    if (fabs(rate) > ACP_F_EPSILON) acp_sequence_apply_physics(seq, frame, 1.0 / rate, sign);
}

/* Carry out the recorded steps on the (identity) frame and stop recording. */
static void root_flush(acp_sequence *seq, root_out *out)
{
    out->recording = false;
    for (uint32_t i = 0; i < out->steps.n; i++) {
        const acp_root_step *s = &out->steps.step[i];
        root_step(seq, out, s->pos, (s->flags & ACP_ROOT_STEP_FORWARD) != 0, s->framerate,
                  (s->flags & ACP_ROOT_STEP_NEGATIVE) ? -1.0 : 1.0);
    }
}

/* One frame's root motion carried out at once (root_step), after any recorded steps. */
static void frame_motion_now(acp_sequence *seq, const acp_aframe *pf, bool forward, float framerate, double quantum,
                             root_out *out)
{
    if (out->recording) root_flush(seq, out);
    root_step(seq, out, pf, forward, framerate, quantum);
}

/* One frame's root motion: its pos frame (retail dereferences a missing one; an out-of-range
 * frame adds no pos frame here), then one frame of velocity and omega, |1/framerate| signed like
 * the quantum; recorded while the update records and the steps fit. */
static inline void frame_motion(acp_sequence *seq, const acp_anim_node *node, int32_t fn, bool forward,
                                double quantum, root_out *out)
{
    const acp_aframe *pf = node->anim->pos_frames ? acp_anim_node_get_pos_frame(node, fn) : NULL;
    if (out->recording && out->steps.n < ACP_ROOT_MEMO_STEPS) {
        acp_root_step *s = &out->steps.step[out->steps.n++];
        s->pos = pf;
        s->framerate = node->framerate;
        s->flags = (pf ? ACP_ROOT_STEP_POS : 0u) | (forward ? ACP_ROOT_STEP_FORWARD : 0u) |
                   (quantum < 0.0 ? ACP_ROOT_STEP_NEGATIVE : 0u);
        return;
    }
    frame_motion_now(seq, pf, forward, node->framerate, quantum, out);
}

/* CSequence::advance_to_next_animation (0x005252B0): leave the current node (a node played
 * against the list direction takes its pos frame back), move to the next node (forward: next
 * or first_cyclic; backward: prev or tail) at its starting/ending frame, and enter it (a node
 * played along the list direction applies its first pos frame at once). */
static void advance_to_next_animation(acp_sequence *seq, double quantum, root_out *out)
{
    acp_anim_node *node = &seq->nodes[seq->curr_anim];
    if (quantum < 0.0) {
        if (node->framerate >= 0.0f && out) frame_motion(seq, node, frame_index(seq->frame_number), false, quantum, out);
        seq->curr_anim = node->prev != ACP_NO_NODE ? node->prev : seq->tail;
        node = &seq->nodes[seq->curr_anim];
        seq->frame_number = acp_anim_node_get_ending_frame(node);
        if (node->framerate < 0.0f && out) frame_motion(seq, node, frame_index(seq->frame_number), true, quantum, out);
        return;
    }
    if (node->framerate < 0.0f && out) frame_motion(seq, node, frame_index(seq->frame_number), false, quantum, out);
    seq->curr_anim = node->next != ACP_NO_NODE ? node->next : seq->first_cyclic;
    node = &seq->nodes[seq->curr_anim];
    seq->frame_number = acp_anim_node_get_starting_frame(node);
    if (node->framerate > 0.0f && out) frame_motion(seq, node, frame_index(seq->frame_number), true, quantum, out);
}

/* Forward half of update_internal: past high_frame the frame number is clamped to high_frame and
 * the overshoot time returned in *time_left; then every frame boundary from `last` up is
 * crossed. Returns true when the node is finished. */
static bool play_forward(acp_sequence *seq, double framerate, double quantum, int32_t last, double *time_left,
                         root_out *out)
{
    const acp_anim_node *node = &seq->nodes[seq->curr_anim];
    bool advance = false;
    /* The loop's bound is floor(frame_number) after the clamp: neither the root motion nor the
     * hooks change frame_number, and a clamped frame number is the integer high_frame. */
    double boundary = frame_floor(seq->frame_number);
    if ((double)node->high_frame < boundary) {
        double over = seq->frame_number - (double)node->high_frame - 1.0;
        if (over < 0.0) over = 0.0;
        *time_left = fabs(framerate) <= ACP_F_EPSILON ? 0.0 : over / framerate;
        advance = true;
        seq->frame_number = (double)node->high_frame;
        boundary = seq->frame_number;
    }
    for (; boundary > (double)last; ++last) {
        if (out) frame_motion(seq, node, last, true, quantum, out);
        execute_hooks(seq, acp_anim_node_get_part_frame(node, last), ACP_HOOK_FORWARD);
    }
    return advance;
}

/* Reverse half: clamped at low_frame, boundaries crossed downwards with subtract1. */
static bool play_backward(acp_sequence *seq, double framerate, double quantum, int32_t last, double *time_left,
                          root_out *out)
{
    const acp_anim_node *node = &seq->nodes[seq->curr_anim];
    bool advance = false;
    double boundary = frame_floor(seq->frame_number); /* as play_forward's */
    if ((double)node->low_frame > boundary) {
        double over = seq->frame_number - (double)node->low_frame;
        if (over > 0.0) over = 0.0;
        *time_left = fabs(framerate) <= ACP_F_EPSILON ? 0.0 : over / framerate;
        advance = true;
        seq->frame_number = (double)node->low_frame;
        boundary = seq->frame_number;
    }
    for (; boundary < (double)last; --last) {
        if (out) frame_motion(seq, node, last, false, quantum, out);
        execute_hooks(seq, acp_anim_node_get_part_frame(node, last), ACP_HOOK_BACKWARD);
    }
    return advance;
}

/* CSequence::update_internal (0x005255D0): frame_number += framerate × quantum; each integer
 * boundary crossed applies that frame's root motion and queues its hooks; a finished node queues
 * AnimationDone (while link nodes precede first_cyclic), moves on and plays the overshoot time
 * on the next node. framerate × quantum == 0 applies physics with the true quantum. */
ACP_WASM_INLINE static inline void update_internal(acp_sequence *seq, double quantum, root_out *out)
{
    for (uint32_t advances = 0;; advances++) {
        double framerate = seq->nodes[seq->curr_anim].framerate;
        double frame_quantum = framerate * quantum;
        int32_t last = frame_index(seq->frame_number);
        double time_left = 0.0;
        seq->frame_number = frame_quantum + seq->frame_number;
        bool advance;
        if (frame_quantum > 0.0) {
            advance = play_forward(seq, framerate, quantum, last, &time_left, out);
        } else if (!(frame_quantum >= 0.0)) {
            advance = play_backward(seq, framerate, quantum, last, &time_left, out);
        } else {
            if (out && fabs(quantum) > ACP_F_EPSILON) {
                if (out->recording) root_flush(seq, out);
                out->fresh = false;
                acp_sequence_apply_physics(seq, out->frame, quantum, quantum);
            }
            return;
        }
        if (!advance) return;
        if (seq->hook_obj && seq->head != seq->first_cyclic) acp_physobj_add_anim_hook(seq->hook_obj, &acp_anim_done_hook);
        advance_to_next_animation(seq, quantum, out);
        quantum = time_left;
        if (advances + 1 >= ACP_MAX_ANIM_ADVANCES) {
            seq->capped++;
            return;
        }
    }
}

/* The recorded steps' root motion from the identity: from the memo when it holds them, else
 * computed (and stored). */
static void root_finish(acp_sequence *seq, root_out *out)
{
    if (!out->recording || out->steps.n == 0) return;
    acp_root_memo *memo = seq->root_memo;
    const unsigned char *physics = (const unsigned char *)seq + offsetof(acp_sequence, velocity); /* and omega */
    acp_root_memo_entry *slot = acp_root_memo_slot(memo, &out->steps, physics);
    if (acp_root_memo_matches(slot, &out->steps, physics)) {
        *out->frame = slot->result;
        memo->hits++;
        seq->memo_misses = 0;
        return;
    }
    root_flush(seq, out);
    acp_root_memo_store(slot, &out->steps, physics, out->frame);
    memo->misses++;
    if (++seq->memo_misses >= ACP_ROOT_MEMO_MISS_STREAK) {
        seq->memo_misses = 0;
        seq->memo_pause = ACP_ROOT_MEMO_PAUSE;
    }
}

ACP_WASM_INLINE static inline void sequence_update(acp_sequence *seq, double quantum, acp_frame *frame, bool from_identity)
{
    if (seq->head == ACP_NO_NODE) {
        if (frame) acp_sequence_apply_physics(seq, frame, quantum, quantum);
        return;
    }
    if (seq->curr_anim == ACP_NO_NODE) return; /* not reachable through the list operations */
    if (!frame) {
        update_internal(seq, quantum, NULL);
    } else {
        root_out out;
        out.frame = frame;
#if ACP_SHORTCUTS
        out.recording = from_identity && seq->root_memo && !seq->memo_pause;
        out.fresh = from_identity && seq->root_memo;
#else
        (void)from_identity;
        out.recording = false; /* docs/SHORTCUTS.md S1: every step folded as it comes */
        out.fresh = false;     /* S22: the first step folded as the others */
#endif
        if (seq->memo_pause) seq->memo_pause--;
        out.steps.n = 0;
        update_internal(seq, quantum, &out);
        root_finish(seq, &out);
    }
    acp_sequence_apricot(seq);
}

void acp_sequence_update(acp_sequence *seq, double quantum, acp_frame *frame)
{
    sequence_update(seq, quantum, frame, false);
}

void acp_sequence_update_offset(acp_sequence *seq, double quantum, acp_frame *offset)
{
    sequence_update(seq, quantum, offset, true);
}

const acp_anim_frame *acp_sequence_get_curr_animframe(const acp_sequence *seq, uint32_t *num_parts)
{
    const acp_anim_node *node = acp_sequence_node(seq, seq->curr_anim);
    if (!node) {
        if (num_parts) *num_parts = seq->placement_frame ? seq->placement_num_parts : 0;
        return seq->placement_frame;
    }
    const acp_anim_frame *af = acp_anim_node_get_part_frame(node, frame_index(seq->frame_number));
    if (num_parts) *num_parts = af ? node->anim->num_parts : 0;
    return af;
}

int32_t acp_sequence_get_curr_frame_number(const acp_sequence *seq) { return frame_index(seq->frame_number); }

void acp_sequence_set_placement_frame(acp_sequence *seq, const acp_anim_frame *frame, uint32_t id, uint32_t num_parts)
{
    seq->placement_frame = frame;
    seq->placement_frame_id = id;
    seq->placement_num_parts = num_parts;
}
