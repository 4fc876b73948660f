/* acphys — the root-motion memo: CSequence's per-update root motion, computed once per distinct
 * input and looked up afterwards (not retail: retail recomputes it every quantum).
 *
 * CONVENTIONS
 *   One update of a sequence (CSequence::update from CPartArray::Update, whose offset frame starts
 *   as the identity) folds a short list of steps into that identity frame: each step is one
 *   animation frame's root motion (AFrame::combine forward, Frame::subtract1 backward, of its pos
 *   frame) followed by CSequence::apply_physics over 1/framerate with the quantum's sign. The
 *   result is a function of the steps' values alone (each pos frame's seven floats, the
 *   framerate, the direction and sign) and of the sequence's velocity and omega: it never
 *   depends on where the values are stored or on what was computed before.
 *   The memo keys every entry by all of those values, bit for bit, so a hit returns exactly the
 *   frame the steps would compute (the same bits as computing them, natively and in WebAssembly);
 *   a miss computes and stores. Pointers only choose the slot (a slot holding another key is a
 *   miss, never a wrong answer), so a record freed and another loaded at its address is harmless.
 *   A world owns one memo (fixed size, allocated with the world): nothing here allocates.
 *   Steps are float bits, so NaN and −0 inputs are told apart exactly as the arithmetic does.
 */
#ifndef ACP_ROOT_MOTION_MEMO_H
#define ACP_ROOT_MOTION_MEMO_H

#include <stdbool.h>
#include <stdint.h>

#include <stddef.h>
#include <string.h>

#include "base/types.h"
#include "physics/geometry/frame.h"

/** Steps one update may fold and still be memoized (two frames a quantum is the common case;
 *  a cycle's wrap adds the frames left and entered). Longer updates are computed directly. */
#define ACP_ROOT_MEMO_STEPS 4
/** Slots of a world's memo (direct-mapped: 2^ACP_ROOT_MEMO_SLOT_BITS). */
#define ACP_ROOT_MEMO_SLOT_BITS 8
#define ACP_ROOT_MEMO_SLOTS (1u << ACP_ROOT_MEMO_SLOT_BITS)
/** A sequence whose updates missed the memo this many times in a row stops asking it for
 *  ACP_ROOT_MEMO_PAUSE updates (computing as without a memo), then asks again: an object whose
 *  updates do not repeat pays the look-up and the store only now and then. */
#define ACP_ROOT_MEMO_MISS_STREAK 8
#define ACP_ROOT_MEMO_PAUSE 64

/** Step flags. */
#define ACP_ROOT_STEP_POS 1u       /* the step has a pos frame */
#define ACP_ROOT_STEP_FORWARD 2u   /* combine (else subtract1) */
#define ACP_ROOT_STEP_NEGATIVE 4u  /* the quantum's sign is negative (apply_physics' sign < 0) */

/** One recorded step: the pos frame (NULL: none), the node's framerate (frames/s) and flags. */
typedef struct acp_root_step {
    const acp_aframe *pos;
    float framerate;                 /* framerate and flags side by side, as in the key */
    uint32_t flags;
} acp_root_step;

/** The steps of one update, in order. */
typedef struct acp_root_steps {
    uint32_t n;
    acp_root_step step[ACP_ROOT_MEMO_STEPS];
} acp_root_steps;

/** One step of a key, by value. */
typedef struct acp_root_key_step {
    acp_aframe pos;                  /* zero when the step has none */
    float framerate;
    uint32_t flags;
} acp_root_key_step;

/** One slot: the key (n = 0: empty) and the frame the steps computed from the identity. */
typedef struct acp_root_memo_entry {
    uint32_t n;
    acp_vec3 velocity;               /* m/s, object axes */
    acp_vec3 omega;                  /* rad/s, object axes */
    acp_root_key_step step[ACP_ROOT_MEMO_STEPS];
    acp_frame result;                /* object axes */
} acp_root_memo_entry;

/** Slots of the first-step memo (docs/SHORTCUTS.md S22; direct-mapped, 2^bits). */
#define ACP_ROOT_FIRST_SLOT_BITS 8
#define ACP_ROOT_FIRST_SLOTS (1u << ACP_ROOT_FIRST_SLOT_BITS)

/** One first-step slot: a pos frame's seven floats and the direction (flags 0: empty; else
 *  ACP_ROOT_STEP_POS, with ACP_ROOT_STEP_FORWARD for AFrame::combine, without it for
 *  Frame::subtract1), and the identity frame with that pos frame folded in. */
typedef struct acp_root_first_entry {
    acp_aframe pos;
    uint32_t flags;
    acp_frame result;
} acp_root_first_entry;

/** A world's memo. */
typedef struct acp_root_memo {
    uint64_t hits, misses;           /* lookups answered from a slot / computed */
    acp_root_memo_entry slot[ACP_ROOT_MEMO_SLOTS];
    acp_root_first_entry first[ACP_ROOT_FIRST_SLOTS]; /* S22: first steps from the identity */
} acp_root_memo;

_Static_assert(sizeof(acp_aframe) == 28, "an AFrame is seven floats");
_Static_assert(offsetof(acp_root_memo_entry, omega) == offsetof(acp_root_memo_entry, velocity) + 12,
               "velocity and omega side by side");
_Static_assert(offsetof(acp_root_key_step, flags) == offsetof(acp_root_key_step, framerate) + 4, "framerate, flags");
_Static_assert(offsetof(acp_root_step, flags) == offsetof(acp_root_step, framerate) + 4, "framerate, flags");

/** Empty every slot and zero the counts. */
void acp_root_memo_clear(acp_root_memo *memo);

/** Make `slot` hold this key (`physics`: the 24 bytes of velocity then omega, six floats) and
 *  `result`. */
void acp_root_memo_store(acp_root_memo_entry *slot, const acp_root_steps *steps, const unsigned char *physics,
                         const acp_frame *result);

/* Loads of 4 and 8 bytes at any alignment (memcpy: no aliasing or alignment assumptions). */
static inline uint64_t acp_root_ld64(const void *p)
{
    uint64_t v;
    memcpy(&v, p, sizeof v);
    return v;
}
static inline uint32_t acp_root_ld32(const void *p)
{
    uint32_t v;
    memcpy(&v, p, sizeof v);
    return v;
}

static inline uint64_t acp_root_rotl(uint64_t x, unsigned r) { return (x << r) | (x >> (64u - r)); }

/** The slot for `steps` (1..ACP_ROOT_MEMO_STEPS of them) with `physics` (velocity then omega):
 *  the first and last steps' pos frame addresses, the step count, the first framerate and flags
 *  and the six physics floats, each word turned to its own bit positions and folded, times an odd
 *  constant; the slot is the product's top bits, which every bit of the fold reaches (so objects
 *  that differ only in a sign or an exponent, turning left or right, take different slots). */
static inline acp_root_memo_entry *acp_root_memo_slot(acp_root_memo *memo, const acp_root_steps *steps,
                                                      const unsigned char *physics)
{
    const acp_root_step *a = &steps->step[0], *z = &steps->step[steps->n - 1];
    uint64_t h = ((uint64_t)(uintptr_t)a->pos ^ acp_root_rotl((uint64_t)(uintptr_t)z->pos, 29) ^ steps->n) ^
                 acp_root_rotl(acp_root_ld64(&a->framerate), 11) ^ acp_root_rotl(acp_root_ld64(physics), 23) ^
                 acp_root_rotl(acp_root_ld64(physics + 8), 37) ^ acp_root_rotl(acp_root_ld64(physics + 16), 51);
    h *= 0x9E3779B97F4A7C15ull;
    return &memo->slot[h >> (64 - ACP_ROOT_MEMO_SLOT_BITS)];
}

/** True when `slot` holds exactly this key: every float compared by its bits. */
static inline bool acp_root_memo_matches(const acp_root_memo_entry *slot, const acp_root_steps *steps,
                                         const unsigned char *physics)
{
    const unsigned char *v = (const unsigned char *)&slot->velocity, *p = physics;
    if (slot->n != steps->n || ((acp_root_ld64(v) ^ acp_root_ld64(p)) | (acp_root_ld64(v + 8) ^ acp_root_ld64(p + 8)) |
                                (acp_root_ld64(v + 16) ^ acp_root_ld64(p + 16))) != 0)
        return false;
    for (uint32_t i = 0; i < steps->n; i++) {
        const acp_root_step *s = &steps->step[i];
        const acp_root_key_step *k = &slot->step[i];
        if (acp_root_ld64(&k->framerate) != acp_root_ld64(&s->framerate)) return false; /* and the flags */
        if (!s->pos) continue;
        const unsigned char *x = (const unsigned char *)&k->pos, *y = (const unsigned char *)s->pos;
        if (((acp_root_ld64(x) ^ acp_root_ld64(y)) | (acp_root_ld64(x + 8) ^ acp_root_ld64(y + 8)) |
             (acp_root_ld64(x + 16) ^ acp_root_ld64(y + 16)) | (uint64_t)(acp_root_ld32(x + 24) ^ acp_root_ld32(y + 24))) != 0)
            return false;
    }
    return true;
}

/** docs/SHORTCUTS.md S22. `frame` holds the identity (acp_frame_identity(), bit for bit: the
 *  first step of an update from CPartArray::Update's identity offset): fold the pos frame `pf`
 *  into it as retail does (Frame::combine(Frame*, AFrame*) 0x00525180 when `forward`, else
 *  Frame::subtract1 0x00535520, as CSequence::update_internal 0x005255D0 folds a crossed frame), or copy the
 *  frame that fold gave before for the same seven floats and direction. The result depends on
 *  the pos frame's values alone (the identity is fixed), so a slot holding another key is a
 *  miss, never a wrong answer; the pointer only chooses the slot. */
static inline void acp_root_memo_first_step(acp_root_memo *memo, acp_frame *frame, const acp_aframe *pf, bool forward)
{
    uint32_t flags = ACP_ROOT_STEP_POS | (forward ? ACP_ROOT_STEP_FORWARD : 0u);
    uint64_t h = ((uint64_t)(uintptr_t)pf ^ flags) * 0x9E3779B97F4A7C15ull;
    acp_root_first_entry *e = &memo->first[h >> (64 - ACP_ROOT_FIRST_SLOT_BITS)];
    const unsigned char *x = (const unsigned char *)&e->pos, *y = (const unsigned char *)pf;
    if (e->flags == flags && ((acp_root_ld64(x) ^ acp_root_ld64(y)) | (acp_root_ld64(x + 8) ^ acp_root_ld64(y + 8)) |
                              (acp_root_ld64(x + 16) ^ acp_root_ld64(y + 16)) |
                              (uint64_t)(acp_root_ld32(x + 24) ^ acp_root_ld32(y + 24))) == 0) {
        *frame = e->result;
        return;
    }
    if (forward) acp_frame_combine_aframe(frame, frame, pf);
    else acp_frame_subtract1(frame, frame, pf);
    e->pos = *pf;
    e->flags = flags;
    e->result = *frame;
}

#endif
