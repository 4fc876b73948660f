/* CSequence / AnimSequenceNode tests (issue 6): frame bias, node resolution, the list
 * operations, frame-quantized root motion forward and backward, hooks by direction, moving on to
 * the next node, and bounded work at absurd framerates. Expected values follow the retail rules
 * (comments give the arithmetic); none is copied from our own output. */
#include "test.h"

#include "physics/world/physics.h"
#include "physics/object/physobj.h"
#include "dat/recfixture.h"
#include "physics/anim/sequence.h"
#include "physics/anim/root_motion_memo.h"

#include <math.h>
#include <string.h>

#define ANIM_TEN 0x03000010u   /* 10 frames, pos frames (0, 0.1, 0) each */
#define ANIM_THREE 0x03000003u /* 3 frames, no pos frames */
#define ANIM_FOUR 0x03000004u  /* 4 frames, no pos frames */

static acp_fixture *fixture(void)
{
    acp_fixture *fx = acp_fixture_create();
    acp_aframe pos[10];
    for (int i = 0; i < 10; i++) pos[i] = (acp_aframe){{0.0f, 0.1f, 0.0f}, 1.0f, 0.0f, 0.0f, 0.0f};
    acp_fixture_animation(fx, ANIM_TEN, 10, 1, pos);
    acp_fixture_animation(fx, ANIM_THREE, 3, 1, NULL);
    acp_fixture_animation(fx, ANIM_FOUR, 4, 1, NULL);
    return fx;
}

static void seq_with(acp_sequence *seq, const acp_fixture *fx)
{
    acp_record_source src = acp_fixture_source(fx);
    acp_sequence_init(seq, NULL, &src);
}

static void append(acp_sequence *seq, uint32_t id, int32_t low, int32_t high, float framerate)
{
    acp_anim_data ad = {id, low, high, framerate};
    acp_sequence_append_animation(seq, &ad);
}

static const acp_anim_node *curr(const acp_sequence *seq) { return acp_sequence_node(seq, seq->curr_anim); }

/* get_starting_frame / get_ending_frame: (high + 1) − (double)0.0002f on the far side. */
static void starting_and_ending_frames(void)
{
    acp_anim_node n = {0};
    n.low_frame = 2;
    n.high_frame = 9;
    n.framerate = 30.0f;
    ENSURE_DBITS(acp_anim_node_get_starting_frame(&n), 2.0);
    ENSURE_DBITS(acp_anim_node_get_ending_frame(&n), 10.0 - 0.00019999999494757503);
    n.framerate = 0.0f; /* not negative: forward rules */
    ENSURE_DBITS(acp_anim_node_get_starting_frame(&n), 2.0);
    n.framerate = -30.0f;
    ENSURE_DBITS(acp_anim_node_get_starting_frame(&n), 10.0 - 0.00019999999494757503);
    ENSURE_DBITS(acp_anim_node_get_ending_frame(&n), 2.0);
    /* multiply_framerate by a negative swaps low and high: −30 × −0.5 = 15. */
    acp_anim_node_multiply_framerate(&n, -0.5f);
    ENSURE_EQ(n.low_frame, 9);
    ENSURE_EQ(n.high_frame, 2);
    ENSURE_FBITS(n.framerate, 15.0f);
}

/* set_animation_id: high −1 → last; low and high compared unsigned against num_frames. */
static void node_frame_resolution(void)
{
    acp_fixture *fx = fixture();
    acp_sequence seq;
    seq_with(&seq, fx);
    append(&seq, ANIM_TEN, 0, -1, 30.0f);
    ENSURE_EQ(curr(&seq)->high_frame, 9);
    append(&seq, ANIM_TEN, 12, 15, 30.0f); /* both ≥ 10 → 9 */
    const acp_anim_node *n = acp_sequence_node(&seq, seq.tail);
    ENSURE_EQ(n->low_frame, 9);
    ENSURE_EQ(n->high_frame, 9);
    append(&seq, ANIM_TEN, -1, 3, 30.0f); /* low −1 is 0xFFFFFFFF ≥ 10 → 9; then high 3 < low → 9 */
    n = acp_sequence_node(&seq, seq.tail);
    ENSURE_EQ(n->low_frame, 9);
    ENSURE_EQ(n->high_frame, 9);
    append(&seq, ANIM_TEN, 5, 2, 30.0f); /* low > high → high = low */
    n = acp_sequence_node(&seq, seq.tail);
    ENSURE_EQ(n->low_frame, 5);
    ENSURE_EQ(n->high_frame, 5);
    append(&seq, 0x03FFFFFFu, 0, -1, 30.0f); /* unknown animation: nothing appended */
    ENSURE_EQ(acp_sequence_node(&seq, seq.tail)->low_frame, 5);
    acp_fixture_destroy(fx);
}

/* append_animation: the newest node is first_cyclic; the first node becomes current at its
 * starting frame; clear_animations empties the list and zeroes the frame. */
static void append_and_clear(void)
{
    acp_fixture *fx = fixture();
    acp_sequence seq;
    seq_with(&seq, fx);
    ENSURE(!acp_sequence_has_anims(&seq));
    append(&seq, ANIM_THREE, 0, -1, -30.0f);
    ENSURE_EQ(seq.curr_anim, seq.head);
    ENSURE_DBITS(seq.frame_number, 3.0 - 0.00019999999494757503);
    append(&seq, ANIM_FOUR, 0, -1, 30.0f);
    ENSURE_EQ(seq.first_cyclic, seq.tail);
    ENSURE(seq.first_cyclic != seq.head);
    ENSURE_EQ(seq.curr_anim, seq.head);
    acp_sequence_clear_animations(&seq);
    ENSURE(!acp_sequence_has_anims(&seq));
    ENSURE_EQ(seq.curr_anim, ACP_NO_NODE);
    ENSURE_EQ(seq.first_cyclic, ACP_NO_NODE);
    ENSURE_DBITS(seq.frame_number, 0.0);
    acp_fixture_destroy(fx);
}

/* remove_cyclic_anims hands the current node over to its predecessor at its ending frame;
 * remove_link_animations hands a removed current link over to first_cyclic. */
static void remove_cyclic_and_links(void)
{
    acp_fixture *fx = fixture();
    acp_sequence seq;
    seq_with(&seq, fx);
    append(&seq, ANIM_THREE, 0, -1, 30.0f); /* link */
    append(&seq, ANIM_FOUR, 0, -1, 30.0f);  /* cycle */
    int16_t link = seq.head;
    seq.curr_anim = seq.tail;
    acp_sequence_remove_cyclic_anims(&seq);
    ENSURE_EQ(seq.curr_anim, link);
    ENSURE_DBITS(seq.frame_number, 3.0 - 0.00019999999494757503);
    ENSURE_EQ(seq.first_cyclic, link); /* the new tail */
    append(&seq, ANIM_FOUR, 0, -1, 30.0f);
    acp_sequence_remove_link_animations(&seq, 5); /* only one link exists */
    ENSURE_EQ(seq.head, seq.first_cyclic);
    ENSURE_EQ(seq.curr_anim, seq.first_cyclic);
    ENSURE_DBITS(seq.frame_number, 0.0);
    acp_sequence_remove_link_animations(&seq, 1); /* none left: nothing happens */
    ENSURE(acp_sequence_has_anims(&seq));
    acp_fixture_destroy(fx);
}

/* Root motion is frame-quantized: 30 frames/s in quanta of the float 0.02 s. frame_quantum =
 * 30 × (double)0.02f = 0.5999999865889549, so the frame number runs 0.5999…, 1.1999…, 1.7999…,
 * 2.3999…, 2.9999999329 (still frame 2), 3.5999…, 4.1999…: boundaries are crossed in quanta 2, 4,
 * 6 and 7, each adding one pos frame (0, 0.1, 0). */
static void root_motion_is_frame_quantized(void)
{
    acp_fixture *fx = fixture();
    acp_sequence seq;
    seq_with(&seq, fx);
    append(&seq, ANIM_TEN, 0, -1, 30.0f);
    static const int crossed[7] = {0, 1, 0, 1, 0, 1, 1};
    for (int i = 0; i < 7; i++) {
        acp_frame off = acp_frame_identity();
        acp_sequence_update(&seq, 0.02f, &off);
        ENSURE_FBITS(off.origin.y, crossed[i] ? 0.1f : 0.0f);
        ENSURE_FBITS(off.origin.x, 0.0f);
    }
    /* The rule over many quanta: 0.1 per boundary crossed, boundaries from the frame number. */
    double fn = seq.frame_number, unwrapped = fn;
    for (int i = 0; i < 200; i++) {
        acp_frame off = acp_frame_identity();
        double before = floor(unwrapped);
        unwrapped += 30.0 * (double)0.02f;
        int n = (int)(floor(unwrapped) - before);
        acp_sequence_update(&seq, 0.02f, &off);
        float expect = 0.0f;
        for (int k = 0; k < n; k++) expect = (float)((double)expect + 0.1f);
        ENSURE_FBITS(off.origin.y, expect);
    }
    ENSURE_EQ(seq.capped, 0);
    acp_fixture_destroy(fx);
}

/* Reverse playback subtracts the pos frames (Frame::subtract1): −30 frames/s from 10 − ε:
 * 1/30 s later the frame is 9 − ε, one boundary down: origin −0.1. */
static void reverse_root_motion_subtracts(void)
{
    acp_fixture *fx = fixture();
    acp_sequence seq;
    seq_with(&seq, fx);
    append(&seq, ANIM_TEN, 0, -1, -30.0f);
    acp_frame off = acp_frame_identity();
    acp_sequence_update(&seq, 1.0 / 30.0, &off);
    ENSURE_FBITS(off.origin.y, -0.1f);
    ENSURE_NEAR(seq.frame_number, 9.0 - 0.00019999999494757503, 1e-12);
    acp_fixture_destroy(fx);
}

/* Velocity and omega are applied once per boundary with |1/framerate|: velocity (0, 3, 0) at
 * 30 frames/s (an animation without pos frames): a quantum that crosses no boundary moves
 * nothing; one that crosses one moves (float)((1/30) × 3). */
static void velocity_per_boundary(void)
{
    acp_fixture *fx = fixture();
    acp_sequence seq;
    seq_with(&seq, fx);
    append(&seq, ANIM_FOUR, 0, -1, 30.0f);
    acp_sequence_set_velocity(&seq, (acp_vec3){0.0f, 3.0f, 0.0f});
    acp_frame off = acp_frame_identity();
    acp_sequence_update(&seq, 0.02, &off); /* 0 → 0.6: no boundary, no motion */
    ENSURE_FBITS(off.origin.y, 0.0f);
    acp_sequence_update(&seq, 0.02, &off); /* 0.6 → 1.2: one boundary: (float)((1/30) × 3) */
    ENSURE_FBITS(off.origin.y, (float)(1.0 / 30.0 * 3.0f));
    acp_fixture_destroy(fx);
}

/* An empty list, or a framerate of zero, applies physics with the true quantum. */
static void true_quantum_without_frames(void)
{
    acp_fixture *fx = fixture();
    acp_sequence seq;
    seq_with(&seq, fx);
    acp_sequence_set_velocity(&seq, (acp_vec3){0.0f, 2.0f, 0.0f});
    acp_frame off = acp_frame_identity();
    acp_sequence_update(&seq, (double)0.05f, &off);
    ENSURE_FBITS(off.origin.y, (float)((double)0.05f * 2.0f));
    append(&seq, ANIM_FOUR, 0, -1, 0.0f);
    off = acp_frame_identity();
    acp_sequence_update(&seq, (double)0.05f, &off);
    ENSURE_FBITS(off.origin.y, (float)((double)0.05f * 2.0f));
    ENSURE_DBITS(seq.frame_number, 0.0);
    /* A quantum of at most EPSILON applies nothing on a zero framerate. */
    off = acp_frame_identity();
    acp_sequence_update(&seq, 0.0001, &off);
    ENSURE_FBITS(off.origin.y, 0.0f);
    acp_fixture_destroy(fx);
}

/* The end of a link node: clamped at high, AnimationDone queued (a link precedes first_cyclic),
 * the cycle entered at its starting frame with the overshoot time; apricot drops the link. A
 * cyclic node that wraps queues no AnimationDone. */
static void advance_to_next_node(void)
{
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 4);
    acp_physobj *o = acp_world_add_object(w, 1);
    acp_fixture *fx = fixture();
    acp_record_source src = acp_fixture_source(fx);
    acp_sequence seq;
    acp_sequence_init(&seq, o, &src);
    append(&seq, ANIM_THREE, 0, -1, 30.0f);
    append(&seq, ANIM_FOUR, 0, -1, 30.0f);
    int16_t cycle = seq.tail;
    /* 0.1 s at 30 frames/s: 0 → 3.0000000000000004 > high 2: overshoot
     * (3.0000000000000004 − 2 − 1)/30 s, played on the cycle from frame 0. */
    acp_sequence_update(&seq, 0.1, NULL);
    ENSURE_EQ(seq.curr_anim, cycle);
    ENSURE_EQ(seq.head, cycle); /* apricot */
    double fq = 30.0 * 0.1;
    double left = (fq - 2.0 - 1.0) / 30.0;
    ENSURE_DBITS(seq.frame_number, 30.0 * left);
    ENSURE_EQ(o->anim_hooks.count, 1);
    ENSURE_EQ(o->anim_hook_items[0]->type, ACP_HOOK_ANIMATION_DONE);
    o->anim_hooks.count = 0;
    acp_sequence_update(&seq, 0.2, NULL); /* wraps the cycle: no AnimationDone */
    ENSURE_EQ(o->anim_hooks.count, 0);
    ENSURE(seq.frame_number >= 0.0 && seq.frame_number < 4.0);
    acp_fixture_destroy(fx);
    acp_world_destroy(w);
}

/* Hooks are queued by direction: Forward and Both when playing forward, Backward and Both in
 * reverse; each frame's hooks when that frame's boundary is crossed. */
static void hooks_by_direction(void)
{
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 4);
    acp_physobj *o = acp_world_add_object(w, 1);
    acp_fixture *fx = fixture();
    acp_animation *a = acp_fixture_animation(fx, 0x03000020u, 4, 1, NULL);
    acp_anim_hook fwd = {.type = ACP_HOOK_SOUND, .direction = ACP_HOOK_FORWARD};
    acp_anim_hook back = {.type = ACP_HOOK_SOUND_TABLE, .direction = ACP_HOOK_BACKWARD};
    acp_anim_hook both = {.type = ACP_HOOK_NOOP, .direction = ACP_HOOK_BOTH};
    acp_fixture_animation_hook(a, 1, &fwd);
    acp_fixture_animation_hook(a, 1, &back);
    acp_fixture_animation_hook(a, 1, &both);
    acp_record_source src = acp_fixture_source(fx);
    acp_sequence seq;
    acp_sequence_init(&seq, o, &src);
    append(&seq, 0x03000020u, 0, -1, 30.0f);
    acp_sequence_update(&seq, 0.05, NULL); /* 0 → 1.5: frame 0 left, its hooks (none) */
    ENSURE_EQ(o->anim_hooks.count, 0);
    acp_sequence_update(&seq, 0.05, NULL); /* 1.5 → 3.0: frames 1 and 2 left */
    ENSURE_EQ(o->anim_hooks.count, 2);
    ENSURE_EQ(o->anim_hook_items[0]->type, ACP_HOOK_SOUND);
    ENSURE_EQ(o->anim_hook_items[1]->type, ACP_HOOK_NOOP);
    o->anim_hooks.count = 0;
    acp_sequence_clear_animations(&seq);
    append(&seq, 0x03000020u, 0, -1, -30.0f); /* from 4 − ε down */
    acp_sequence_update(&seq, 0.05, NULL);     /* 3.9998 → 2.4998: frame 3 left */
    ENSURE_EQ(o->anim_hooks.count, 0);
    acp_sequence_update(&seq, 0.05, NULL); /* 2.4998 → 0.9998: frames 2 and 1 left */
    ENSURE_EQ(o->anim_hooks.count, 2);
    ENSURE_EQ(o->anim_hook_items[0]->type, ACP_HOOK_SOUND_TABLE);
    ENSURE_EQ(o->anim_hook_items[1]->type, ACP_HOOK_NOOP);
    acp_fixture_destroy(fx);
    acp_world_destroy(w);
}

/* Absurd speeds: a 10-frame cycle at 30 × 1e20, 30 × −1e20 and 30 × −0.65 frames/s. Retail's
 * loop never ends at ±1e20 (the overshoot time stays 1/30 s because 1e20 + 10 == 1e20); acphys
 * stops after ACP_MAX_ANIM_ADVANCES nodes. The frame number stays in [low, high + 1]. */
static void extreme_speeds_are_bounded(void)
{
    acp_fixture *fx = fixture();
    static const float speeds[3] = {1e20f, -1e20f, -0.65f};
    for (int i = 0; i < 3; i++) {
        acp_sequence seq;
        seq_with(&seq, fx);
        append(&seq, ANIM_TEN, 0, -1, (float)(30.0 * speeds[i]));
        acp_frame off = acp_frame_identity();
        acp_sequence_update(&seq, 1.0 / 30.0, &off);
        ENSURE(seq.frame_number >= 0.0 && seq.frame_number <= 10.0);
        ENSURE_EQ(seq.capped, i < 2 ? 1 : 0);
        ENSURE(acp_frame_is_valid(&off));
    }
    /* −0.65: −19.5 × 1/30 = −0.65 frames from 10 − ε: 9.3498, no boundary crossed. */
    acp_sequence seq;
    seq_with(&seq, fx);
    append(&seq, ANIM_TEN, 0, -1, (float)(30.0 * -0.65f));
    acp_sequence_update(&seq, 1.0 / 30.0, NULL);
    ENSURE_DBITS(seq.frame_number, (double)(float)(30.0 * -0.65f) * (1.0 / 30.0) + (10.0 - 0.00019999999494757503));
    acp_fixture_destroy(fx);
}

/* The node pool is bounded: the 33rd node is refused and counted. */
static void node_pool_bound(void)
{
    acp_fixture *fx = fixture();
    acp_sequence seq;
    seq_with(&seq, fx);
    for (int i = 0; i < ACP_MAX_ANIM_NODES + 1; i++) append(&seq, ANIM_FOUR, 0, -1, 30.0f);
    ENSURE_EQ(seq.dropped, 1);
    acp_sequence_clear_animations(&seq);
    append(&seq, ANIM_FOUR, 0, -1, 30.0f);
    ENSURE(acp_sequence_has_anims(&seq));
    acp_fixture_destroy(fx);
}

/* ---- M7 (docs/DEVIATIONS.md): the NULL dereferences of the decompilation ---- */

/* update_internal (0x005255D0) crosses every frame boundary from floor(frame_number) on; for a
 * frame outside the animation AnimSequenceNode::get_pos_frame / get_part_frame (0x00525C10,
 * 0x00525C40) return NULL, and retail would pass that NULL to Frame::combine / subtract1 and
 * to execute_hooks (which reads animframe->hooks). acphys: a missing pos frame adds nothing (the
 * boundary still applies the velocity step, as every boundary does), a missing frame queues no
 * hook. Consistent records never put the frame number outside the node; the test puts it there.
 * ANIM_TEN: pos frames (0, 0.1, 0), frames 0..9; a Both hook on frames 0 and 9.
 * Forward at 30 frames/s from −2 for 3.5/30 s: frame −2 + 3.5 = 1.5, boundaries −2, −1 and 0
 * crossed: only frame 0's pos frame (y 0.1) and hook; velocity (3, 0, 0) applies three steps of
 * (1/30) × 3 m in x (float stores: x = (float)(d + x) each time).
 * Reverse at −30 frames/s from 12.5: 2/30 s → 10.5 crosses 12 and 11 (missing: nothing), 1/30 s
 * more → 9.5 crosses 10 (missing), 1/30 s more → 8.5 crosses 9: subtract1 of (0, 0.1, 0) and
 * frame 9's hook. */
static void missing_frames_add_nothing(void)
{
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 4);
    acp_physobj *o = acp_world_add_object(w, 1);
    acp_fixture *fx = acp_fixture_create();
    acp_aframe pos[10];
    for (int i = 0; i < 10; i++) pos[i] = (acp_aframe){{0.0f, 0.1f, 0.0f}, 1.0f, 0.0f, 0.0f, 0.0f};
    acp_animation *a = acp_fixture_animation(fx, ANIM_TEN, 10, 1, pos);
    acp_anim_hook h0 = {.type = ACP_HOOK_SOUND, .direction = ACP_HOOK_BOTH};
    acp_anim_hook h9 = {.type = ACP_HOOK_NOOP, .direction = ACP_HOOK_BOTH};
    acp_fixture_animation_hook(a, 0, &h0);
    acp_fixture_animation_hook(a, 9, &h9);
    acp_record_source src = acp_fixture_source(fx);
    acp_sequence seq;
    acp_sequence_init(&seq, o, &src);
    append(&seq, ANIM_TEN, 0, -1, 30.0f);
    ENSURE(acp_anim_node_get_pos_frame(curr(&seq), -1) == NULL);
    ENSURE(acp_anim_node_get_part_frame(curr(&seq), -1) == NULL);
    ENSURE(acp_anim_node_get_pos_frame(curr(&seq), 10) == NULL);
    ENSURE(acp_anim_node_get_part_frame(curr(&seq), 10) == NULL);
    acp_sequence_set_velocity(&seq, (acp_vec3){3.0f, 0.0f, 0.0f});
    seq.frame_number = -2.0;
    acp_frame off = acp_frame_identity();
    acp_sequence_update(&seq, 3.5 / 30.0, &off);
    ENSURE_EQ(acp_sequence_get_curr_frame_number(&seq), 1);
    ENSURE_FBITS(off.origin.y, 0.1f);
    double step = 1.0 / 30.0 * 3.0f; /* q × velocity.x, q = |1/framerate| signed as the quantum */
    float x = 0.0f;
    for (int k = 0; k < 3; k++) x = (float)(step + x);
    ENSURE_FBITS(off.origin.x, x);
    ENSURE_EQ(o->anim_hooks.count, 1);
    ENSURE_EQ(o->anim_hook_items[0]->type, ACP_HOOK_SOUND);
    o->anim_hooks.count = 0;

    acp_sequence_clear_animations(&seq);
    acp_sequence_clear_physics(&seq);
    append(&seq, ANIM_TEN, 0, -1, -30.0f);
    seq.frame_number = 12.5;
    off = acp_frame_identity();
    acp_sequence_update(&seq, 2.0 / 30.0, &off);
    ENSURE_EQ(acp_sequence_get_curr_frame_number(&seq), 10);
    acp_sequence_update(&seq, 1.0 / 30.0, &off);
    ENSURE_EQ(acp_sequence_get_curr_frame_number(&seq), 9);
    ENSURE_FBITS(off.origin.y, 0.0f);
    ENSURE_EQ(o->anim_hooks.count, 0);
    acp_sequence_update(&seq, 1.0 / 30.0, &off);
    ENSURE_EQ(acp_sequence_get_curr_frame_number(&seq), 8);
    ENSURE_FBITS(off.origin.y, -0.1f);
    ENSURE_EQ(o->anim_hooks.count, 1);
    ENSURE_EQ(o->anim_hook_items[0]->type, ACP_HOOK_NOOP);
    ENSURE(acp_frame_is_valid(&off));
    acp_fixture_destroy(fx);
    acp_world_destroy(w);
}

/* remove_link_animations (0x00524BE0) calls AnimSequenceNode::GetPrev(first_cyclic), which reads
 * first_cyclic->dllist_prev: with an empty list first_cyclic is NULL. acphys stops: nothing is
 * removed, the list stays empty; remove_all_link_animations likewise. */
static void remove_links_from_an_empty_list(void)
{
    acp_fixture *fx = fixture();
    acp_sequence seq;
    seq_with(&seq, fx);
    acp_sequence_remove_link_animations(&seq, 3);
    acp_sequence_remove_all_link_animations(&seq);
    ENSURE(!acp_sequence_has_anims(&seq));
    ENSURE_EQ(seq.head, ACP_NO_NODE);
    ENSURE_EQ(seq.tail, ACP_NO_NODE);
    ENSURE_EQ(seq.first_cyclic, ACP_NO_NODE);
    ENSURE_EQ(seq.curr_anim, ACP_NO_NODE);
    ENSURE_DBITS(seq.frame_number, 0.0);
    /* The list still works afterwards: a link and a cycle, the link removed. */
    append(&seq, ANIM_THREE, 0, -1, 30.0f);
    append(&seq, ANIM_FOUR, 0, -1, 30.0f);
    acp_sequence_remove_link_animations(&seq, 3);
    ENSURE_EQ(seq.head, seq.first_cyclic);
    ENSURE_EQ(curr(&seq)->anim->id, ANIM_FOUR);
    acp_fixture_destroy(fx);
}

/* ---- the root-motion memo (not retail: the same bits computed once; root_motion_memo.h) ---- */

#define ANIM_VARIED 0x03000020u /* 12 frames, each pos frame its own origin and turn */

/* Pos frames that differ frame to frame: origins and small turns about z (normalized in double,
 * stored as floats), so a memo keyed on anything less than the values would give wrong bits. */
static void varied_pos_frames(acp_aframe pos[12])
{
    for (int i = 0; i < 12; i++) {
        double half = 0.01 * (i + 1) * (i % 3 == 1 ? -1.0 : 1.0);
        pos[i] = (acp_aframe){{(float)(0.003 * i), (float)(0.09 + 0.004 * i), (float)(i % 4 == 0 ? 0.002 : 0.0)},
                              (float)cos(half), 0.0f, 0.0f, (float)sin(half)};
    }
}

static bool same_frame_bits(const acp_frame *a, const acp_frame *b) { return memcmp(a, b, sizeof *a) == 0; }

/* A sequence with an emptied memo playing animation `id` (all its frames at 30 frames/s). */
static void memo_sequence(acp_sequence *seq, const acp_fixture *fx, acp_root_memo *memo, uint32_t id)
{
    acp_root_memo_clear(memo);
    seq_with(seq, fx);
    seq->root_memo = memo;
    append(seq, id, 0, -1, 30.0f);
}

/* Two sequences fed the same updates, one with a memo and one without, give the same frame
 * bits after every update: forward and backward playback, a link node then the cycle (the
 * advance and the wrap), 0 to 4 frames a quantum, velocity and omega changing midway. Both the
 * memo's paths run (hits and misses: how many of each, the heap's addresses decide). */
static void root_memo_same_bits_as_computing(void)
{
    acp_fixture *fx = fixture();
    acp_aframe pos[12];
    varied_pos_frames(pos);
    acp_fixture_animation(fx, ANIM_VARIED, 12, 1, pos);
    static acp_root_memo memo;
    acp_root_memo_clear(&memo);
    acp_sequence a, b;
    seq_with(&a, fx);
    seq_with(&b, fx);
    a.root_memo = &memo;
    for (int k = 0; k < 2; k++) {
        acp_sequence *s = k ? &b : &a;
        append(s, ANIM_TEN, 0, 3, 30.0f);       /* a link */
        append(s, ANIM_VARIED, 0, -1, 61.5f);   /* the cycle: 2.05 frames per 1/30 s */
        acp_sequence_set_velocity(s, (acp_vec3){0.0f, 3.1f, 0.0f});
        acp_sequence_set_omega(s, (acp_vec3){0.0f, 0.0f, 1.5f});
    }
    static const double quanta[] = {1.0 / 30.0, 1.0 / 30.0, 0.05, 1.0 / 60.0, 0.0, 1.0 / 30.0, 0.04, 1.0 / 30.0};
    bool differed = false;
    for (int i = 0; i < 600; i++) {
        double q = quanta[i % 8];
        if (i >= 300 && i < 360) q = -q; /* backward for a while: subtract1 and the reverse advance */
        if (i == 200) {
            acp_sequence_set_omega(&a, (acp_vec3){0.0f, 0.0f, -0.75f});
            acp_sequence_set_omega(&b, (acp_vec3){0.0f, 0.0f, -0.75f});
        }
        if (i == 400) {
            acp_sequence_combine_physics(&a, (acp_vec3){0.5f, 0.0f, 0.0f}, (acp_vec3){0.0f, 0.0f, 0.0f});
            acp_sequence_combine_physics(&b, (acp_vec3){0.5f, 0.0f, 0.0f}, (acp_vec3){0.0f, 0.0f, 0.0f});
        }
        acp_frame fa = acp_frame_identity(), fb = acp_frame_identity();
        acp_sequence_update_offset(&a, q, &fa);
        acp_sequence_update_offset(&b, q, &fb);
        if (!same_frame_bits(&fa, &fb) || a.frame_number != b.frame_number) differed = true;
    }
    ENSURE(!differed);
    /* How many lookups hit depends on which keys share one of the memo's direct-mapped slots,
     * which the pos frames' heap addresses decide (the slot is hashed from them): 47 to 146 of
     * the 245 lookups over 400 runs here, so a fixed floor above a few fails now and then. That
     * both paths ran is what this test needs; the other root_memo tests pin exact counts. */
    ENSURE(memo.hits > 0);
    ENSURE(memo.misses > 10);
    acp_fixture_destroy(fx);
}

/* The memo compares values, not addresses: pos frames changed in place (a record freed and
 * another loaded at its address) are computed anew. Two frames of (0, 0.1f, 0) from the
 * identity: y = (float)(0.1f + 0.1f) (combine: m·b + a in double, stored as float); after the
 * frames become (0, 0.2f, 0): y = (float)(0.2f + 0.2f). Velocity and omega are zero. */
static void root_memo_keys_values_not_addresses(void)
{
    acp_fixture *fx = fixture();
    acp_aframe pos[10];
    for (int i = 0; i < 10; i++) pos[i] = (acp_aframe){{0.0f, 0.1f, 0.0f}, 1.0f, 0.0f, 0.0f, 0.0f};
    acp_animation *anim = acp_fixture_animation(fx, ANIM_VARIED, 10, 1, pos);
    static acp_root_memo memo;
    acp_sequence seq;
    memo_sequence(&seq, fx, &memo, ANIM_VARIED);
    acp_frame f = acp_frame_identity();
    acp_sequence_update_offset(&seq, 2.5 / 30.0, &f); /* 0 → 2.5: frames 0 and 1 */
    ENSURE_FBITS(f.origin.y, (float)((double)0.1f + (double)0.1f));
    ENSURE_EQ(memo.misses, 1);
    seq.frame_number = 0.5; /* the same two frames again */
    f = acp_frame_identity();
    acp_sequence_update_offset(&seq, 1.0 / 15.0, &f);
    ENSURE_FBITS(f.origin.y, (float)((double)0.1f + (double)0.1f));
    ENSURE_EQ(memo.hits, 1);
    for (uint32_t i = 0; i < anim->num_frames; i++) anim->pos_frames[i].origin.y = 0.2f;
    seq.frame_number = 0.5;
    f = acp_frame_identity();
    acp_sequence_update_offset(&seq, 1.0 / 15.0, &f);
    ENSURE_FBITS(f.origin.y, (float)((double)0.2f + (double)0.2f));
    ENSURE_EQ(memo.hits, 1);
    ENSURE_EQ(memo.misses, 2);
    acp_fixture_destroy(fx);
}

/* An update crossing more frames than the memo holds (7 > ACP_ROOT_MEMO_STEPS) is computed as
 * it goes, neither looked up nor stored: y = seven float sums of 0.1f, one at a time. */
static void root_memo_long_update_computed(void)
{
    acp_fixture *fx = fixture();
    static acp_root_memo memo;
    acp_sequence seq;
    memo_sequence(&seq, fx, &memo, ANIM_TEN);
    acp_frame f = acp_frame_identity();
    acp_sequence_update_offset(&seq, 7.5 / 30.0, &f); /* 0 → 7.5: frames 0..6 */
    float y = 0.0f;
    for (int i = 0; i < 7; i++) y = (float)((double)0.1f + y);
    ENSURE_FBITS(f.origin.y, y);
    ENSURE_EQ(memo.hits, 0);
    ENSURE_EQ(memo.misses, 0);
    acp_fixture_destroy(fx);
}

/* The slot is the top byte of the key's fold times K = 0x9E3779B97F4A7C15: keys whose folds
 * differ in one bit b take slots whose top bytes differ by t or t + 1 (a carry), or by −t or
 * −t − 1, where t is the top byte of 2^b × K mod 2^64, so they never share a slot unless t is 0
 * or 255, whatever else the key holds (the pos frames' addresses, which ASLR moves between
 * runs). Turning left or right flips omega.z's sign, bit 50 of the fold (t = 0xF0); -1.5 and
 * -0.75 rad/s differ in its exponent's lowest bit, bit 42 (t = 0x29); running forward or back
 * flips velocity.y's sign, bit 22 (t = 0x6E). The first hash took the product's bits 40-47,
 * which those bits never reached: such keys always shared a slot and evicted each other. (Keys
 * that differ in several bits, -1.5 and -3.0 say, share a slot for some addresses, as any two
 * keys may: a version of this test that expected them apart failed about once in 100 runs.) */
static void root_memo_slots_tell_signs_apart(void)
{
    static acp_root_memo memo;
    static const acp_aframe pf = {{0.0f, 0.1f, 0.0f}, 1.0f, 0.0f, 0.0f, 0.0f};
    acp_root_steps steps = {2, {{&pf, 60.0f, ACP_ROOT_STEP_POS | ACP_ROOT_STEP_FORWARD},
                                {&pf, 60.0f, ACP_ROOT_STEP_POS | ACP_ROOT_STEP_FORWARD}}};
    const float omegas[3] = {-1.5f, 1.5f, -0.75f};
    const acp_root_memo_entry *seen[3];
    for (int i = 0; i < 3; i++) {
        acp_vec3 phys[2] = {{0.0f, 4.0f, 0.0f}, {0.0f, 0.0f, omegas[i]}};
        seen[i] = acp_root_memo_slot(&memo, &steps, (const unsigned char *)phys);
    }
    ENSURE(seen[0] != seen[1]); /* the sign */
    ENSURE(seen[0] != seen[2]); /* the exponent's lowest bit */
    acp_vec3 fwd[2] = {{0.0f, 4.0f, 0.0f}, {0.0f, 0.0f, 0.0f}}, back[2] = {{0.0f, -4.0f, 0.0f}, {0.0f, 0.0f, 0.0f}};
    ENSURE(acp_root_memo_slot(&memo, &steps, (const unsigned char *)fwd) !=
           acp_root_memo_slot(&memo, &steps, (const unsigned char *)back));
}

/* A sequence whose updates never repeat (its velocity changes every update) asks the memo
 * ACP_ROOT_MEMO_MISS_STREAK times, then computes ACP_ROOT_MEMO_PAUSE updates without asking, and
 * so on: 720 updates are 10 rounds of 8 misses and 64 unasked updates; the frames are the same
 * bits as a twin without a memo. */
static void root_memo_backs_off_after_misses(void)
{
    acp_fixture *fx = fixture();
    static acp_root_memo memo;
    acp_sequence a, b;
    memo_sequence(&a, fx, &memo, ANIM_TEN);
    seq_with(&b, fx);
    append(&b, ANIM_TEN, 0, -1, 30.0f);
    bool differed = false;
    for (int i = 0; i < 720; i++) {
        acp_vec3 v = {0.0f, (float)i * 1e-3f, 0.0f};
        acp_sequence_set_velocity(&a, v);
        acp_sequence_set_velocity(&b, v);
        acp_frame fa = acp_frame_identity(), fb = acp_frame_identity();
        acp_sequence_update_offset(&a, 1.0 / 15.0, &fa);
        acp_sequence_update_offset(&b, 1.0 / 15.0, &fb);
        if (!same_frame_bits(&fa, &fb)) differed = true;
    }
    ENSURE(!differed);
    ENSURE_EQ(memo.hits, 0);
    ENSURE_EQ(memo.misses, 10 * ACP_ROOT_MEMO_MISS_STREAK);
    ENSURE_EQ(720 % (ACP_ROOT_MEMO_MISS_STREAK + ACP_ROOT_MEMO_PAUSE), 0);
    acp_fixture_destroy(fx);
}

/* CSequence::get_curr_frame_number: floor(frame) through a 64-bit fistp, low 32 bits kept.
 * Below zero floor goes down (−0.5 → −1), −0 is 0; past 2^31 the low half wraps (3e9 →
 * 3,000,000,000 − 2^32); past 2^63 and for NaN fistp stores 0x8000000000000000 (low half 0). */
static void frame_number_as_retail_integer(void)
{
    acp_sequence seq;
    acp_sequence_init(&seq, NULL, NULL);
    const double in[] = {2.9999, 3.0, -0.5, -0.0, -1.0, -2147483647.5, 2147483647.5, 3e9, -3e9, 1e300, NAN};
    const int64_t want[] = {2, 3, -1, 0, -1, -2147483648LL, 2147483647, 3000000000LL - 4294967296LL,
                            -3000000000LL + 4294967296LL, 0, 0};
    for (size_t i = 0; i < sizeof in / sizeof in[0]; i++) {
        seq.frame_number = in[i];
        ENSURE_EQ(acp_sequence_get_curr_frame_number(&seq), want[i]);
    }
}

void suite_sequence(void)
{
    RUN(starting_and_ending_frames);
    RUN(node_frame_resolution);
    RUN(append_and_clear);
    RUN(remove_cyclic_and_links);
    RUN(root_motion_is_frame_quantized);
    RUN(reverse_root_motion_subtracts);
    RUN(velocity_per_boundary);
    RUN(true_quantum_without_frames);
    RUN(advance_to_next_node);
    RUN(hooks_by_direction);
    RUN(extreme_speeds_are_bounded);
    RUN(node_pool_bound);
    RUN(missing_frames_add_nothing);
    RUN(remove_links_from_an_empty_list);
    RUN(root_memo_same_bits_as_computing);
    RUN(root_memo_keys_values_not_addresses);
    RUN(root_memo_long_update_computed);
    RUN(root_memo_slots_tell_signs_apart);
    RUN(root_memo_backs_off_after_misses);
    RUN(frame_number_as_retail_integer);
}
