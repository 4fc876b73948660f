/* acphys — retail ParticleManager, ParticleEmitter, Particle and the run-time half of
 * ParticleEmitterInfo (PORTAL/cphysobj/CParticleManager.c, CParticleEmitter.c,
 * CParticleEmitterInfo.c): the emitters an object's CreateParticle hooks make, advanced at the
 * tail of every UpdateObjectInternal (active or not) and by animate_static_object.
 *
 * CONVENTIONS
 *   Times: PhysicsTimer::curr_time is acp_world.physics_time, Timer::cur_time acp_world.now
 *   (retail mixes both here, and so does acphys, call by call as the decompilation has them).
 *   Frames: a particle's frame is in the frame of its parent's position (the landblock of the
 *   parent's cell, as acp_physobj.position.frame); acp_particle_world_origin adds the block
 *   offset. Random draws come from the world's generator (acp_world_random) in retail's order.
 *   Storage: an object's emitters live in its acp_object_fx (object_fx.h), the particles in the
 *   world's particle pool; nothing here allocates. Retail allocates an emitter and its parts per
 *   CreateParticle hook; the fixed capacities and the overflow counts are DEVIATIONS P1.
 *   Drawing: retail's ShouldDrawParticles (0x0050FE60: viewer distance, cell visibility) has no viewer here:
 *   every emitter is drawn (DEVIATIONS P3).
 */
#ifndef ACP_PARTICLES_H
#define ACP_PARTICLES_H

#include <stdbool.h>
#include <stdint.h>

#include "dat/records.h"
#include "physics/geometry/frame.h"

#define ACP_MAX_EMITTERS_PER_OBJECT 8   /* emitters one ParticleManager holds */

struct acp_physobj;
struct acp_world;

/** Retail Particle: one particle's motion parameters and its part's frame, scale and
 *  translucency (the CPhysicsPart retail moves). */
typedef struct acp_particle {
    double birthtime;                /* seconds, physics clock (also last_update_time) */
    double lifespan;                 /* seconds */
    double lifetime;                 /* seconds */
    acp_frame start_frame;           /* the parent's (or part's) frame at birth */
    acp_vec3 offset, a, b, c;        /* offset: start_frame axes turned to the parent frame's */
    float start_scale, final_scale, start_trans, final_trans;
    acp_frame frame;                 /* the part's frame (parent position's frame) */
    float scale;                     /* the part's gfxobj_scale (all three axes) */
    float translucency;
    bool live;                       /* retail parts[i] != NULL */
} acp_particle;

/** Retail ParticleEmitter. */
typedef struct acp_particle_emitter {
    uint32_t id;                     /* 0: the slot is free */
    uint32_t serial;                 /* insertion order (newest first within a hash bucket) */
    uint32_t part_index;             /* 0xFFFFFFFF: the object's frame */
    acp_frame parent_offset;         /* the emitter's frame relative to that frame */
    const acp_particle_emitter_info *info;
    acp_particle *particles;         /* info->max_particles slots in the world's pool */
    uint32_t pool_at;                /* first slot in the pool */
    double creation_time;            /* seconds, Timer::cur_time */
    int32_t num_particles, total_emitted;
    double last_emit_time;           /* seconds (Timer::cur_time at creation, then the physics clock) */
    acp_vec3 last_emit_offset;       /* the emitter object's origin at the last emission */
    bool stopped;
    double last_update_time;
    struct acp_physobj *physobj;     /* retail physobj: its particle object (PARTICLE_EMITTER_PS |
                                        STATIC_PS, a child of the emitting object at part_index ∘
                                        parent_offset, in the emitting object's cell lists), from
                                        the world's pool; NULL when the pool had none (counted,
                                        DEVIATIONS P5) */
} acp_particle_emitter;

/** Retail ParticleManager: the object's emitters (retail: a LongNIHash of 2 buckets). */
typedef struct acp_particle_manager {
    uint32_t next_emitter_id;        /* 0xFFFF0000 and up (retail -65536) */
    uint32_t next_serial;
    uint32_t num_emitters;
    acp_particle_emitter emitters[ACP_MAX_EMITTERS_PER_OBJECT];
} acp_particle_manager;

/* ---- ParticleEmitterInfo (the random draws and the emission rule) ---- */

/** Retail Random::RollDice(float, float) (0x0042C600), PORTAL/random/Random.c: lo when lo == hi
 *  (no draw), else rand · (hi − lo) + lo with the bounds swapped when hi < lo; rand is the
 *  world's generator (DEVIATIONS row 8). */
double acp_roll_dice(struct acp_world *w, float lo, float hi);
/** Retail ParticleEmitterInfo::GetRandomStartScale (0x005170D0): RollDice(−1, 1) · scale_rand +
 *  start_scale, clamped to [0.1, 10]. */
double acp_emitter_info_random_start_scale(const acp_particle_emitter_info *e, struct acp_world *w);
/** Retail ParticleEmitterInfo::GetRandomFinalScale (0x00517120): the same about final_scale. */
double acp_emitter_info_random_final_scale(const acp_particle_emitter_info *e, struct acp_world *w);
/** Retail ParticleEmitterInfo::GetRandomStartTrans (0x00517170): RollDice(−1, 1) · trans_rand +
 *  start_trans, clamped to [0, 1]. */
double acp_emitter_info_random_start_trans(const acp_particle_emitter_info *e, struct acp_world *w);
/** Retail ParticleEmitterInfo::GetRandomFinalTrans (0x005171C0): the same about final_trans. */
double acp_emitter_info_random_final_trans(const acp_particle_emitter_info *e, struct acp_world *w);
/** Retail ParticleEmitterInfo::GetRandomLifespan (0x00517210): RollDice(−1, 1) · lifespan_rand +
 *  lifespan, ≥ 0. */
double acp_emitter_info_random_lifespan(const acp_particle_emitter_info *e, struct acp_world *w);
/** Retail ParticleEmitterInfo::GetRandomOffset (0x005174A0): three RollDice(−1, 1) (z, y, x),
 *  each stored as a float, the part along offset_dir removed (the dot in double, its y and z
 *  products stored as floats), normalised (zero when shorter than EPSILON, no fourth draw),
 *  scaled by RollDice(0, 1) · (max_offset − min_offset) + min_offset. Metres, emitter axes. */
acp_vec3 acp_emitter_info_random_offset(const acp_particle_emitter_info *e, struct acp_world *w);
/** Retail ParticleEmitterInfo::GetRandomA (0x00517610): the magnitude
 *  (max_a − min_a) · RollDice(0, 1) + min_a stored as a float, times a. */
acp_vec3 acp_emitter_info_random_a(const acp_particle_emitter_info *e, struct acp_world *w);
/** Retail ParticleEmitterInfo::GetRandomB (0x00517670): the same with b's range and vector. */
acp_vec3 acp_emitter_info_random_b(const acp_particle_emitter_info *e, struct acp_world *w);
/** Retail ParticleEmitterInfo::GetRandomC (0x005176D0): the same with c's range and vector. */
acp_vec3 acp_emitter_info_random_c(const acp_particle_emitter_info *e, struct acp_world *w);
/** Retail ParticleEmitterInfo::ShouldEmitParticle (0x00517420): below total_particles (when
 *  set) and max_particles, and per second: now − last_emit_time > birthrate (the timer's now);
 *  per metre: |emitter_offset| > birthrate (DEVIATIONS P4: the comparison's operands are
 *  reconstructed). */
bool acp_emitter_info_should_emit(const acp_particle_emitter_info *e, int32_t num_particles, int32_t total_emitted,
                                  acp_vec3 emitter_offset, double last_emit_time, double now);

/* ---- Particle ---- */

/** Retail Particle::Init (0x0051C930): birth at the physics clock, the start frame (the
 *  parent's or its part's), the offset turned into the parent's axes, a/b/c per type (turned
 *  by the start frame for the local types, Explode's two RollDice(−π, π) for its direction,
 *  Implode's offset scaled by c), the start scale and translucency, then one Update. */
void acp_particle_init(acp_particle *p, struct acp_world *w, const acp_frame *parent_frame,
                       const acp_frame *parent_offset, acp_vec3 offset, int32_t type, bool persistent, acp_vec3 a,
                       acp_vec3 b, acp_vec3 c, float start_scale, float final_scale, float start_trans,
                       float final_trans, double lifespan);
/** Retail Particle::Update (0x0051C290): lifetime from the physics clock (persistent
 *  particles accumulate it and rebirth), the part's frame by the type's closed form from
 *  `parent_frame`, its scale and translucency by lifetime / lifespan. */
void acp_particle_update(acp_particle *p, double physics_time, int32_t type, bool persistent,
                         const acp_frame *parent_frame);

/* ---- ParticleEmitter ---- */

/** Retail ParticleEmitter::UpdateParticles (0x0051D180) of the drawn branch: every live
 *  particle updated (from the parent's current frame when is_parent_local, else its start
 *  frame) and killed past its lifespan, then, unless stopped,
 *  ParticleEmitter::ShouldEmitParticle (0x0051C8B0): the emitter's travel since the last
 *  emission (each axis a float) to ParticleEmitterInfo's rule, → EmitParticle and StopEmitter. Returns false when the emitter is done (stopped, no particles). */
bool acp_particle_emitter_update(acp_particle_emitter *pe, struct acp_physobj *parent);
/** Retail ParticleEmitter::EmitParticle (0x0051D010): the first free slot, the draws in
 *  retail's order (lifespan, final trans, start trans, final scale, start scale, C, B, A,
 *  offset), Particle::Init, the emission recorded. Nothing when every slot is live. */
void acp_particle_emitter_emit(acp_particle_emitter *pe, struct acp_physobj *parent);
/** Retail ParticleEmitter::StopEmitter (0x0051C230): stop after total_seconds (creation_time +
 *  total_seconds < physics clock) or total_particles emitted. Returns stopped. */
bool acp_particle_emitter_stop(acp_particle_emitter *pe, double physics_time);
/** The frame particles of this emitter start from: the parent's frame or its part's frame. */
const acp_frame *acp_particle_emitter_parent_frame(const acp_particle_emitter *pe, struct acp_physobj *parent);

/* ---- ParticleManager ---- */

/** Retail ParticleManager::ParticleManager (0x0051B5D0). */
void acp_particle_manager_init(acp_particle_manager *pm);
/** Retail ParticleManager::CreateParticleEmitter (0x0051B6C0): an emitter_id replaces the
 *  emitter of that id; a missing info (or hw_gfxobj_id 0: SetInfo fails), a part index that is
 *  neither −1 nor below the object's parts (SetParenting → set_parent → add_child 0x0050F8F0
 *  fails), a full manager or a full pool give 0 (no draws, next_emitter_id unchanged); else
 *  SetInfo, SetParenting, InitEnd (initial particles) and the id (the given one, or
 *  next_emitter_id++). */
uint32_t acp_particle_manager_create(acp_particle_manager *pm, struct acp_physobj *obj, uint32_t info_id,
                                     uint32_t part_index, const acp_aframe *offset, uint32_t emitter_id);
/** Retail ParticleManager::CreateBlockingParticleEmitter (0x0051B8A0): 0 when an emitter of
 *  that id exists. */
uint32_t acp_particle_manager_create_blocking(acp_particle_manager *pm, struct acp_physobj *obj, uint32_t info_id,
                                              uint32_t part_index, const acp_aframe *offset, uint32_t emitter_id);
/** Retail ParticleManager::DestroyParticleEmitter (0x0051B770). */
bool acp_particle_manager_destroy(acp_particle_manager *pm, struct acp_physobj *obj, uint32_t emitter_id);
/** Retail ParticleManager::~ParticleManager (0x0051B620): every emitter destroyed
 *  (ParticleEmitter::Destroy 0x0051CDB0: its particle object out of the world and back to the
 *  pool, its particle slots freed) in the hash's order; the manager is left empty. */
void acp_particle_manager_release_all(acp_particle_manager *pm, struct acp_physobj *obj);
/** Not retail: an emitter handed over from another world (acp_object_import) takes a particle
 *  object of this world's pool and joins obj's child list, as its SetInfo (makeParticleObject
 *  0x00512640) and SetParenting (0x0051C190) made one there; none left: it goes on without
 *  (counted, DEVIATIONS P5). False when obj's child list is full. */
bool acp_particle_emitter_take_particle_object(acp_particle_emitter *pe, struct acp_physobj *obj);
/** Retail ParticleManager::StopParticleEmitter (0x0051B7B0): sets stopped. */
bool acp_particle_manager_stop(acp_particle_manager *pm, uint32_t emitter_id);
/** Retail ParticleManager::UpdateParticles (0x0051B800): every emitter in hash order (bucket
 *  (id ^ id >> 16) % 2, newest first), removing those that report done. */
void acp_particle_manager_update(acp_particle_manager *pm, struct acp_physobj *obj);
/** Live particles of all the manager's emitters. */
uint32_t acp_particle_manager_num_particles(const acp_particle_manager *pm);

#endif
