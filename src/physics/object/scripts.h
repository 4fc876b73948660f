/* acphys — retail ScriptManager (PORTAL/cphysobj/CScriptManager.c), PhysicsScriptTable::GetScript
 * (PORTAL/canim/CPhysicsScriptTable.c) and the CPhysicsObj script and particle members
 * (play_script_internal, play_script, play_default_script, CallPES, CallPESInternal,
 * create/destroy/stop_particle_emitter): physics scripts, whose hooks run through
 * CAnimHook::Execute on the object, in retail's places.
 *
 * CONVENTIONS
 *   Scripts are timed on Timer::cur_time (acp_world.now), as AddScriptInternal and UpdateScripts
 *   read it: within one update_object call every quantum sees the same now, so a hook falls due
 *   in the first quantum of the first call whose now has reached its time.
 *   Storage: an object's scripts and emitters live in its acp_object_fx, taken from the world's
 *   pool on first use (object_fx.h); an object without scripts or particles has fx == NULL and
 *   pays one pointer test per quantum. Fixed capacities (scripts queued per object, emitters per
 *   object, fx blocks and particles per world) replace retail's heap: DEVIATIONS P1.
 */
#ifndef ACP_SCRIPTS_H
#define ACP_SCRIPTS_H

#include <stdbool.h>
#include <stdint.h>

#include "dat/records.h"
#include "physics/object/childlist.h"
#include "physics/object/particles.h"

#define ACP_MAX_SCRIPTS_QUEUED 8        /* ScriptData per object */

struct acp_physobj;
struct acp_world;

/** Retail ScriptData: a queued script and its start time (Timer::cur_time seconds). */
typedef struct acp_script_data {
    double start_time;
    const acp_physics_script *script;
} acp_script_data;

/** Retail ScriptManager: the queue (curr_data = queue[head], last_data the newest). */
typedef struct acp_script_manager {
    acp_script_data queue[ACP_MAX_SCRIPTS_QUEUED];
    uint32_t head, count;
    int32_t hook_index;
    double next_hook_time;           /* seconds; −1 when the queue is empty (retail's -1.0) */
    uint32_t dropped;                /* scripts refused because the queue was full */
    uint32_t hooks_run;              /* script hooks executed (for tests and the page) */
} acp_script_manager;

/** An object's scripts and particles (retail: CPhysicsObj's script_manager and
 *  particle_manager; its physics_script_table, default_script and default_script_intensity are
 *  fields of acp_physobj). */
typedef struct acp_object_fx {
    bool has_scripts;                /* retail script_manager != NULL */
    bool has_particles;              /* retail particle_manager != NULL */
    acp_script_manager scripts;
    acp_particle_manager particles;
    /* The object's child list when it has none reserved: room for its emitters' particle
     * objects (physobj_children.h; docs/DEVIATIONS.md P60). */
    acp_childlist kids;
    struct acp_physobj *kid_objects[ACP_MAX_EMITTERS_PER_OBJECT];
    acp_frame kid_frames[ACP_MAX_EMITTERS_PER_OBJECT];
    uint32_t kid_parts[ACP_MAX_EMITTERS_PER_OBJECT];
    uint32_t kid_locations[ACP_MAX_EMITTERS_PER_OBJECT];
} acp_object_fx;

/* ---- ScriptManager ---- */

/** Retail ScriptManager::ScriptManager (0x0051B2F0). */
void acp_script_manager_init(acp_script_manager *sm);
/** Retail ScriptManager::AddScriptInternal (0x0051B310): start at the last queued script's start + length, or
 *  now when none; the first script sets next_hook_time to its first hook's time. False when the
 *  queue is full (counted) or the script has no hooks (retail reads its first hook regardless:
 *  DEVIATIONS P2). */
bool acp_script_manager_add_internal(acp_script_manager *sm, const acp_physics_script *script, double now);
/** Retail ScriptManager::NextHook (0x0051B3F0): the current script's next hook, advancing next_hook_time to the
 *  hook after it (or the next script's first, or −1); NULL past the last hook. */
const acp_anim_hook *acp_script_manager_next_hook(acp_script_manager *sm);
/** Retail ScriptManager::UpdateScripts (0x0051B480): while a script is queued and now ≥
 *  next_hook_time, run the next hook on the object (the hook's Execute: acp_anim_hook_execute)
 *  or, past its last hook, drop the script. */
void acp_script_manager_update(acp_script_manager *sm, struct acp_physobj *obj);
/** Scripts queued (the current one included). */
static inline uint32_t acp_script_manager_count(const acp_script_manager *sm) { return sm ? sm->count : 0; }
/** The i-th queued script (0 = current), or NULL. */
const acp_script_data *acp_script_manager_at(const acp_script_manager *sm, uint32_t i);

/** Retail PhysicsScriptTable::GetScript (0x00521E40) with
 *  PhysicsScriptTableData::GetScript (0x00521A20): the type's first script whose mod is not below `mod`; 0 when the type or such
 *  a script is missing. */
uint32_t acp_physics_script_table_get_script(const acp_physics_script_table *t, uint32_t type, float mod);

/* ---- CPhysicsObj members ---- */

/** The object's fx block, taken from the world's pool on first use; NULL when the pool is full
 *  (counted in the pool's overflow). */
acp_object_fx *acp_physobj_fx(struct acp_physobj *obj);
/** Give the object's fx block back to its world's pool (an object leaving the world for good:
 *  removed or exported). Retail CPhysicsObj::Destroy (0x00513AD0) deletes the ParticleManager
 *  (~ParticleManager 0x0051B620: each emitter destroyed, its particle object out of the world)
 *  and the ScriptManager; here the emitters are released the same way and the block goes back
 *  (acp_fx_pool_give). The object's child list, when it is the block's, is dropped too (its
 *  particle objects let go first). Nothing for an object without fx. */
void acp_physobj_release_fx(struct acp_physobj *obj);
/** Retail CPhysicsObj::play_script_internal (0x00510CD0): 0 id → false; else the
 *  ScriptManager (made on first use) adds the script read from the world's DATs (AddScript:
 *  false when the DATs do not hold it). */
bool acp_physobj_play_script_internal(struct acp_physobj *obj, uint32_t script_id);
/** Retail CPhysicsObj::play_script(script_id) (0x00510D30): only with a cell (true without one). */
bool acp_physobj_play_script(struct acp_physobj *obj, uint32_t script_id);
/** Retail CPhysicsObj::play_script(type, mod) (0x00513260): the table's script for (type, mod). */
bool acp_physobj_play_script_type(struct acp_physobj *obj, uint32_t type, float mod);
/** Retail CPhysicsObj::play_default_script (0x005132B0): the table's script for (default_script,
 *  default_script_intensity); true without a cell. */
bool acp_physobj_play_default_script(struct acp_physobj *obj);
/** Set the object's PhysicsScriptTable (InitDefaults' default_phstable_id, CPhysicsObj::InitDefaults
 *  0x005139D0, or a PhysicsDesc's)
 *  and its default script type and intensity. False when the DATs do not hold the table: the
 *  object then has none (InitDefaults releases the old table before DBObj::Get returns NULL). */
bool acp_physobj_set_script_table(struct acp_physobj *obj, uint32_t table_id, uint32_t default_type, float intensity);
/** Retail CPhysicsObj::CallPES (0x00511AF0): a pause ≥ EPSILON queues an FPHook over
 *  RollDice(0, pause) seconds (its end plays the script: CallPESInternal), else play now with
 *  a cell. */
void acp_physobj_call_pes(struct acp_physobj *obj, uint32_t script_id, float pause);
/** Retail CPhysicsObj::CallPESInternal (0x00511AC0): at cur_value ≥ 1 play the script, with a cell. */
void acp_physobj_call_pes_internal(struct acp_physobj *obj, uint32_t script_id, float cur_value);
/** Retail CPhysicsObj::create_particle_emitter (0x0050F360) and, with `blocking`,
 *  CPhysicsObj::create_blocking_particle_emitter (0x0050F3B0): through the ParticleManager (made
 *  on first use). */
uint32_t acp_physobj_create_particle_emitter(struct acp_physobj *obj, uint32_t info_id, uint32_t part_index,
                                             const acp_aframe *offset, uint32_t emitter_id, bool blocking);
/** Retail CPhysicsObj::destroy_particle_emitter (0x0050F400): false without a manager. */
bool acp_physobj_destroy_particle_emitter(struct acp_physobj *obj, uint32_t emitter_id);
/** Retail CPhysicsObj::stop_particle_emitter (0x0050F420): false without a manager. */
bool acp_physobj_stop_particle_emitter(struct acp_physobj *obj, uint32_t emitter_id);
/** ParticleManager::UpdateParticles on the object's manager (the tail of
 *  UpdateObjectInternal 0x005156B0, and animate_static_object). Nothing without one. */
void acp_physobj_update_particles(struct acp_physobj *obj);
/** ScriptManager::UpdateScripts on the object's manager (its call in UpdateObjectInternal and
 *  animate_static_object). Nothing without one. */
void acp_physobj_update_scripts(struct acp_physobj *obj);

#endif
