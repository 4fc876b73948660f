/* acphys — retail PhysicsObjHook / FPHook (persistent interpolating hooks) and the one-shot
 * anim-hook bag of CPhysicsObj, both run by process_hooks once per quantum.
 *
 * CONVENTIONS
 *   Times are seconds on the physics clock (retail PhysicsTimer::curr_time, acp_world.physics_time).
 *   Storage is fixed-size and lives inside the object: nothing here allocates. Retail allocates a
 *   hook per call and grows the bag without bound; the capacities below bound that (see
 *   docs/DEVIATIONS.md): a hook that does not fit is dropped and counted in `dropped`.
 *   The counts (acp_hook_list, acp_anim_hook_bag) sit among the object's per-quantum fields and
 *   the items (acp_physobj.fp_hook_items, .anim_hook_items) in its rarely touched tail, so an
 *   idle list or bag costs a quantum no cache line (physobj.h).
 */
#ifndef ACP_HOOKS_H
#define ACP_HOOKS_H

#include <stdbool.h>
#include <stdint.h>

#include "dat/records.h"

#define ACP_MAX_FP_HOOKS 32          /* persistent hooks per object */
#define ACP_MAX_ANIM_HOOKS 64        /* anim hooks queued per quantum per object */
#define ACP_MAX_HOOKS_RECORDED 32    /* anim hooks recorded per update_object call */

struct acp_physobj;

/** What an FPHook drives (retail PhysicsObjHook::HookType). */
typedef enum acp_fphook_type {
    ACP_FPHOOK_SCALE = 0,
    ACP_FPHOOK_TRANSLUCENCY = 1,
    ACP_FPHOOK_PART_TRANSLUCENCY = 2,
    ACP_FPHOOK_LUMINOSITY = 3,
    ACP_FPHOOK_DIFFUSION = 4,
    ACP_FPHOOK_PART_LUMINOSITY = 5,
    ACP_FPHOOK_PART_DIFFUSION = 6,
    ACP_FPHOOK_CALL_PES = 7
} acp_fphook_type;

/** Retail FPHook: interpolates a value from start to end over interpolation_time seconds,
 *  starting at time_created on the physics clock. */
typedef struct acp_fphook {
    uint32_t hook_type;              /* acp_fphook_type */
    double time_created;             /* seconds, physics clock */
    double interpolation_time;       /* seconds */
    float start_value;
    float end_value;
    uint32_t user_data;              /* part index (part hooks) or script id (CallPES) */
    uint32_t executions;             /* times Execute ran (for tests and the page) */
} acp_fphook;

/** The persistent hook list's counts. Its items, head first (retail inserts new hooks at the
 *  head), are the owner's fp_hook_items[0 .. count). */
typedef struct acp_hook_list {
    uint32_t count;
    uint32_t dropped;                /* hooks refused because the list was full */
} acp_hook_list;

/** The anim-hook bag's counts: hooks queued by the animation in the current quantum, the
 *  owner's anim_hook_items[0 .. count). */
typedef struct acp_anim_hook_bag {
    uint32_t count;
    uint32_t dropped;
} acp_anim_hook_bag;

/** The AnimationDone hook the sequencer queues when an animation ends (retail anim_done_hook). */
extern const acp_anim_hook acp_anim_done_hook;

/** Insert an FPHook at the head of the object's list. Returns false (and counts it) when full.
 *  Retail: the `new FPHook` + list insertion of CPhysicsObj::SetScale and its siblings. */
bool acp_physobj_add_fp_hook(struct acp_physobj *obj, acp_fphook hook);

/** Queue an anim hook for this quantum. Returns false (and counts it) when the bag is full.
 *  Retail: CPhysicsObj::add_anim_hook (0x00514C20). */
bool acp_physobj_add_anim_hook(struct acp_physobj *obj, const acp_anim_hook *hook);

/** Run one FPHook at physics time `now`: progress t = (now − created)/interpolation_time clamped
 *  to [0, 1], value = (end − start)·t + start, applied through process_fp_hook. Returns true when
 *  t == 1 (done). Retail: FPHook::Execute (0x0051BAA0). */
bool acp_fphook_execute(acp_fphook *hook, struct acp_physobj *obj, double now);

/** Apply an interpolated value to the object. Retail: CPhysicsObj::process_fp_hook (0x005135C0). */
void acp_physobj_process_fp_hook(struct acp_physobj *obj, uint32_t type, float value, uint32_t user_data);

/** Execute one anim hook on the object. Hooks with no physics effect (sound, attack, texture
 *  velocity: DEVIATIONS M9, P9, P10) are only recorded. Retail: CAnimHook::Execute, the virtual
 *  of each CAnimHook subclass (CAnimHook.c, 0x00526A20–0x00526FD0). */
void acp_anim_hook_execute(const acp_anim_hook *hook, struct acp_physobj *obj);

/** Run the persistent hooks (removing those that report done), then every anim hook of this
 *  quantum, then empty the bag. Retail: CPhysicsObj::process_hooks (0x00511550). */
void acp_physobj_process_hooks(struct acp_physobj *obj);

/** Retail hook names ("AnimationDone", "SoundTable", ...) for traces. "Unknown" out of range. */
const char *acp_hook_type_name(uint32_t type);

#endif
