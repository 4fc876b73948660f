/* acphys — retail CPhysicsObj: one simulated object and its per-quantum update.
 *
 * CONVENTIONS
 *   Units: metres, seconds, radians; m/s, rad/s, m/s². Vectors are in world axes unless a field
 *   says "object axes". Times are double seconds on the caller's clock (retail Timer::cur_time).
 *   The object never allocates, reads a clock or does I/O in its update: time comes from the world
 *   (acp_world.now and acp_world.physics_time, retail's Timer::cur_time and PhysicsTimer::curr_time).
 *   Arithmetic follows retail (see frame.h): double evaluation, float stores, retail operand order.
 *   Flags: acp_physics_state (PhysicsState) and acp_transient_state (TransientState) below.
 */
#ifndef ACP_PHYSOBJ_H
#define ACP_PHYSOBJ_H

#include <stdbool.h>
#include <stdint.h>

#include "physics/geometry/frame.h"
#include "physics/geometry/plane.h"
#include "physics/anim/anim_hook.h"
#include "physics/geometry/position.h"
#include "physobj_collide.h"

typedef struct acp_world acp_world;
typedef struct acp_partarray acp_partarray;
typedef struct acp_movement_manager acp_movement_manager;
typedef struct acp_position_manager acp_position_manager;
typedef struct acp_target_manager acp_target_manager;

/** PhysicsState bits (retail PhysicsState). */
enum acp_physics_state {
    ACP_STATIC_PS = 0x1,
    ACP_ETHEREAL_PS = 0x4,
    ACP_REPORT_COLLISIONS_PS = 0x8,
    ACP_IGNORE_COLLISIONS_PS = 0x10,
    ACP_NODRAW_PS = 0x20,
    ACP_MISSILE_PS = 0x40,
    ACP_PUSHABLE_PS = 0x80,
    ACP_ALIGNPATH_PS = 0x100,
    ACP_PATHCLIPPED_PS = 0x200,
    ACP_GRAVITY_PS = 0x400,
    ACP_LIGHTING_ON_PS = 0x800,
    ACP_PARTICLE_EMITTER_PS = 0x1000,
    ACP_HIDDEN_PS = 0x4000,
    ACP_SCRIPTED_COLLISION_PS = 0x8000,
    ACP_HAS_PHYSICS_BSP_PS = 0x10000,
    ACP_INELASTIC_PS = 0x20000,
    ACP_HAS_DEFAULT_ANIM_PS = 0x40000,
    ACP_HAS_DEFAULT_SCRIPT_PS = 0x80000,
    ACP_CLOAKED_PS = 0x100000,
    ACP_REPORT_COLLISIONS_AS_ENVIRONMENT_PS = 0x200000,
    ACP_EDGE_SLIDE_PS = 0x400000,
    ACP_SLEDDING_PS = 0x800000,
    ACP_FROZEN_PS = 0x1000000
};

/** TransientState bits (retail TransientState). */
enum acp_transient_state {
    ACP_CONTACT_TS = 0x1,
    ACP_ON_WALKABLE_TS = 0x2,
    ACP_SLIDING_TS = 0x4,
    ACP_WATER_CONTACT_TS = 0x8,
    ACP_STATIONARY_FALL_TS = 0x10,
    ACP_STATIONARY_STOP_TS = 0x20,
    ACP_STATIONARY_STUCK_TS = 0x40,
    ACP_ACTIVE_TS = 0x80,
    ACP_CHECK_ETHEREAL_TS = 0x100
};

/** Retail physics globals (PhysicsGlobals and literals of the update). */
#define ACP_GRAVITY (-9.8000002f)            /* m/s², PhysicsGlobals::gravity */
#define ACP_MAX_VELOCITY 50.0                 /* m/s */
#define ACP_SMALL_VELOCITY 0.25               /* m/s */
#define ACP_DEFAULT_FRICTION 0.95f
#define ACP_DEFAULT_ELASTICITY 0.05f
#define ACP_FLOOR_Z 0.66417414f               /* (float)cos(3437.7467707849396), walkable normal z */
#define ACP_LANDING_Z 0.0871557f              /* z_for_landing */
#define ACP_ACTIVITY_RADIUS 96.0              /* metres, update_object's player distance gate */
#define ACP_HUGE_QUANTUM 2.0                  /* seconds (literal 2.0 in update_object) */

/** Most quanta one update_object call can simulate: 2.0 s / 0.1 s (the ACE profile) + 1. */
#define ACP_MAX_QUANTA_PER_UPDATE 21

/** Why update_object did not run the clock ladder. */
typedef enum acp_skip_reason {
    ACP_SKIP_NONE = 0,
    ACP_SKIP_PARENTED = 1,     /* retail: parent != NULL */
    ACP_SKIP_NO_CELL = 2,      /* retail: cell == NULL (not in a loaded cell) */
    ACP_SKIP_FROZEN = 3        /* FROZEN_PS */
} acp_skip_reason;

/** What one update_object call did: the trace and the page's quanta plot read it. */
typedef struct acp_update_record {
    /* (The fields every call writes come first, in one or two cache lines.) */
    bool ran;                  /* update_object was called for this object this frame */
    bool active_before;        /* ACTIVE_TS when the call began */
    bool active_after;         /* ACTIVE_TS when it returned */
    acp_skip_reason skipped;   /* why the clock ladder did not run */
    uint32_t num_quanta;
    uint32_t num_hooks;        /* anim hooks executed during the call (see hooks_fired) */
    double now;                /* seconds: the caller's time of the call */
    double elapsed;            /* seconds: now − update_time as update_object computed it */
    double pending;            /* seconds: now − update_time after the call */
    double update_time;        /* seconds: update_time after the call */
    float quanta[ACP_MAX_QUANTA_PER_UPDATE]; /* seconds: what UpdateObjectInternal got, in order */
    uint32_t hooks_fired[ACP_MAX_HOOKS_RECORDED]; /* hook types (acp_hook_type), in order */
} acp_update_record;


/** Retail CPhysicsObj (the fields the update reads and writes).
 *
 *  Layout (not retail's): what every quantum of an animated object reads or writes comes first,
 *  in the first 244 bytes (four cache lines: the world's slab aligns objects to 64 bytes): the
 *  state bits, the position, the motion vectors, update_time, the part array, movement, position
 *  and target manager pointers, the hook counts and the head of the update record; then the
 *  fields a sweep commits (contact plane, sliding normal: terrain quanta); then the hook items,
 *  which a quantum touches only as far as it uses them; the rarely touched fields last. */
typedef struct acp_physobj {
    /* ---- every quantum ---- */
    acp_world *world;                /* the world that owns it */
    uint32_t id;                     /* object id (retail IID) */
    uint32_t state;                  /* acp_physics_state bits */
    uint32_t transient_state;        /* acp_transient_state bits */
    bool has_cell;                   /* retail cell != NULL: its cell is loaded */
    bool has_parent;                 /* retail parent != NULL (held by another object) */
    bool jumped_this_frame;
    bool has_moveto_manager;         /* its movement manager made its MoveToManager (mirrors
                                        movement_manager->has_moveto, so a quantum of an object
                                        that never moved-to reads no line of the manager) */
    acp_position position;           /* m_position: cell id + frame (origin relative to the landblock) */
    acp_vec3 velocity;               /* m_velocityVector, m/s */
    acp_vec3 acceleration;           /* m_accelerationVector, m/s² */
    acp_vec3 omega;                  /* m_omegaVector, rad/s, world axes */
    acp_vec3 cached_velocity;        /* m/s: offset / quantum of the last committed move */
    float scale;                     /* m_scale */
    double update_time;              /* seconds: physics clock of the last simulated quantum */
    acp_partarray *part_array;       /* NULL: no parts and no spheres (never translates) */
    acp_movement_manager *movement_manager; /* NULL: none */
    acp_position_manager *position_manager; /* NULL: none (interpolation, sticky, constraint) */
    acp_target_manager *target_manager; /* NULL: none (it targets or is targeted: target_manager.h) */
    acp_hook_list hooks;             /* persistent PhysicsObjHooks (FPHook): fp_hook_items */
    acp_anim_hook_bag anim_hooks;    /* one-shot anim hooks of the current quantum: anim_hook_items */
    acp_update_record record;        /* the last update_object call (its per-call fields first) */
    acp_set_rotate_memo combine_rotate_memo; /* update_position_internal's Frame::combine with an
                                        offset that does not rotate: its set_rotate's last input
                                        and result (not retail: docs/SHORTCUTS.md S24) */
    /* ---- a committed sweep (terrain quanta) ---- */
    acp_plane contact_plane;         /* last contact plane (world axes, cell-relative d) */
    uint32_t contact_plane_cell_id;
    acp_vec3 sliding_normal;
    float friction;
    float elasticity;
    bool contact_plane_is_water;
    bool colliding_with_environment;
    /* object collisions (issue 14): read by every sweep in a world with cells */
    uint32_t num_shadow_objects;     /* shadows in shadow_objects (retail num_shadow_objects) */
    uint32_t cells_dropped;          /* not retail: cells its shadows' cell lists could not hold
                                        (past cap_shadow_objects), summed over every
                                        shadowing (DEVIATIONS T3; the trace's "cells_dropped") */
    acp_shadow_obj *shadow_objects;  /* cap_shadow_objects slots from the world's pool, or NULL */
    uint32_t cap_shadow_objects;     /* not retail: ACP_MAX_SHADOW_CELLS, or the wide slots'
                                        count acp_world_fit_shadow_cells gave it (T3) */
    const struct acp_landcell *cell; /* retail cell: the loaded cell whose object list holds it
                                        (NULL: none, or no terrain; has_cell says whether it has
                                        a cell at all) */
    acp_collision_table collision_table; /* retail collision_table */
    /* ---- hook items: touched only as far as they are used ---- */
    const acp_anim_hook *anim_hook_items[ACP_MAX_ANIM_HOOKS]; /* the bag, in queue order */
    acp_fphook fp_hook_items[ACP_MAX_FP_HOOKS]; /* the FPHook list, head first */
    /* ---- rarely touched ---- */
    float translucency;              /* 0 opaque .. 1 invisible */
    float translucency_original;
    float luminosity;                /* driven by Luminous hooks (part array lighting) */
    float diffusion;                 /* driven by Diffuse hooks */
    acp_vec3 player_vector;          /* metres, from the player object to this one */
    float player_distance;           /* metres */
    bool last_move_was_autonomous;   /* retail: the movement came from this client's input (raw
                                        state) rather than the server (interpreted state) */
    /* ---- server positions (issue 13) ---- */
    uint16_t update_times[9];        /* PhysicsTimeStamp stamps (physobj_position.h) */
    /* ---- object collisions (issue 14) ---- */
    acp_collision_report reports;    /* this frame's begin / end reports (for the host) */
    acp_shadow_obj cell_entry;       /* its entry in that cell's object list */
    /* ---- end object collisions ---- */
    /* ---- scripts and particles (issue 16) ---- */
    struct acp_object_fx *fx;        /* NULL: no ScriptManager or ParticleManager
                                        (physics/object/scripts.h) */
    const struct acp_physics_script_table *physics_script_table; /* NULL: none */
    uint32_t default_script;         /* PScriptType play_default_script plays */
    float default_script_intensity;  /* its mod */
    /* ---- objects held by objects (issue 34) ---- */
    struct acp_physobj *parent;      /* retail parent: the object holding it (has_parent mirrors it) */
    struct acp_childlist *children;  /* retail children: NULL until the world reserves a list for
                                        it (acp_world_reserve_children, load time) */
} acp_physobj;

/** Per-object update. Skips (clearing ACTIVE_TS, keeping update_time) a parented, cell-less or
 *  FROZEN_PS object; with a player object applies the 96 m activity gate; then runs the clock
 *  ladder of the world's profile, calling UpdateObjectInternal per quantum
 *  (docs/RETAIL-CONTRACT.md §4). Fills obj->record. now = world->now.
 *  Retail: CPhysicsObj::update_object (0x00515D10). */
void acp_physobj_update_object(acp_physobj *obj);

/** One quantum (seconds, the float retail passes). Inactive objects (and active ones with a
 *  cell) end with ParticleManager::UpdateParticles and ScriptManager::UpdateScripts
 *  (scripts.h). Retail: CPhysicsObj::UpdateObjectInternal (0x005156B0). */
void acp_physobj_update_object_internal(acp_physobj *obj, float quantum);

/** Build the candidate frame of this quantum: animation root motion (scaled by m_scale on
 *  walkable ground, zeroed in the air), which the PositionManager may replace (interpolation,
 *  sticky, constraint: PositionManager::adjust_offset), combined with the current frame, then
 *  physics and hooks.
 *  out: world frame. Retail: CPhysicsObj::UpdatePositionInternal (0x00512C30). */
void acp_physobj_update_position_internal(acp_physobj *obj, float quantum, acp_frame *out);

/** Integrate velocity, acceleration and omega into `frame` (world) for `quantum` seconds:
 *  velocity clamp 50 m/s, friction, small-velocity snap, x += v·dt + ½·a·dt², v += a·dt,
 *  grotate(ω·dt). Retail: CPhysicsObj::UpdatePhysicsInternal (0x00510700). */
void acp_physobj_update_physics_internal(acp_physobj *obj, float quantum, acp_frame *frame);

/** Acceleration and omega from the state: zero on walkable contact (unless SLEDDING_PS), else
 *  gravity when GRAVITY_PS, else zero. Retail: CPhysicsObj::calc_acceleration (0x00510950). */
void acp_physobj_calc_acceleration(acp_physobj *obj);

/** Ground friction on walkable ground, with the SLEDDING_PS rules (friction 0.2 on slopes
 *  steeper than 10° at |v|² ≥ 6.25, full stop below |v|² 1.5625). velocity_mag2: |v|² (m²/s²)
 *  before friction. Retail: CPhysicsObj::calc_friction (0x0050EE70). */
void acp_physobj_calc_friction(acp_physobj *obj, float quantum, float velocity_mag2);

/** Set the object's elasticity (unitless: the share of the normal speed a bounce keeps) as
 *  retail clamps it: below 0 (and NaN, which no comparison passes) gives 0; above 0.1 (compared
 *  as a double, so 0.1f itself is above) gives 0.1f; 0..0.1 is kept, -0.0 as -0.0. Always true,
 *  as retail returns 1. Retail: CPhysicsObj::set_elasticity (0x0050FD40). */
bool acp_physobj_set_elasticity(acp_physobj *obj, float elasticity);

/** The friction step of a PhysicsDesc (unitless, calc_friction's factor): taken when within
 *  [0, 1] (-0.0 included), else (negative, above 1, NaN) the object keeps its own (0.95,
 *  DEFAULT_FRICTION, for a new one). Returns whether it was taken. Retail: the inline test of
 *  CPhysicsObj::set_description (0x00514F40), just before its set_elasticity call. */
bool acp_physobj_set_description_friction(acp_physobj *obj, float friction);

/** Set or clear ACTIVE_TS. Activating a non-static inactive object rebases update_time to now.
 *  Returns false when a STATIC_PS object refuses. Retail: CPhysicsObj::set_active (0x0050FC40). */
bool acp_physobj_set_active(acp_physobj *obj, bool active);

/** Enter the world at time now: update_time = now, and non-static objects become active.
 *  Retail: CPhysicsObj::prepare_to_enter_world (0x00511FA0). */
void acp_physobj_prepare_to_enter_world(acp_physobj *obj);

/** Set the object's frame; a frame invalid only in its rotation gets the zero quaternion (retail's
 *  NaN-heading rule). Updates the part frames. Retail: CPhysicsObj::set_frame (0x00514090). */
void acp_physobj_set_frame(acp_physobj *obj, const acp_frame *frame);

/** Store position p: an outdoor position is first moved into the landblock that holds its origin
 *  (LandDefs::adjust_to_outside), then the cell id and set_frame (the parts follow). The cell
 *  pointer is the caller's (has_cell). Retail: CPhysicsObj::store_position (0x005141A0). */
void acp_physobj_store_position(acp_physobj *obj, const acp_position *p);

/** Set or clear ETHEREAL_PS. Clearing it (an object in a cell, not parented) first asks
 *  ethereal_check_for_collisions: while another object overlaps, the object stays ETHEREAL_PS,
 *  gets CHECK_ETHEREAL_TS (UpdateObjectInternal tries again) and false is returned.
 *  Retail: CPhysicsObj::set_ethereal (0x00511C40). */
bool acp_physobj_set_ethereal(acp_physobj *obj, bool ethereal);

/** Set HAS_PHYSICS_BSP_PS when a part's GfxObj has a physics BSP (CPartArray::CacheHasPhysicsBSP),
 *  clear it otherwise (or without a part array); returns the bit.
 *  Retail: CPhysicsObj::CacheHasPhysicsBSP (0x0050F570). */
bool acp_physobj_cache_has_physics_bsp(acp_physobj *obj);

/** Set or clear ON_WALKABLE_TS, telling the movement manager about leaving or hitting the ground,
 *  then recompute the acceleration. Retail: CPhysicsObj::set_on_walkable. */
void acp_physobj_set_on_walkable(acp_physobj *obj, bool on_walkable);

/** Set the heading (degrees, 0 north, clockwise) of the object's frame.
 *  Retail: CPhysicsObj::set_heading. */
void acp_physobj_set_heading(acp_physobj *obj, float degrees);

/** Set the velocity (m/s, world), clamped to 50 m/s, and activate. Retail: CPhysicsObj::set_velocity. */
void acp_physobj_set_velocity(acp_physobj *obj, acp_vec3 velocity);

/** Set omega (rad/s, world). Retail: CPhysicsObj::set_omega (0x0050F6D0). */
void acp_physobj_set_omega(acp_physobj *obj, acp_vec3 omega);

/** Change the scale now (delta < EPSILON) or over `delta` seconds through an FPHook. Now means
 *  m_scale and CPartArray::SetScaleInternal (the part array's scale, which the step heights and
 *  part frames use), as CPhysicsObj::SetScaleStatic (0x00511BB0) does and as set_description
 *  (0x00514F40) applies a created object's PhysicsDesc object_scale: an object created with a
 *  scale gets it through this call with delta 0, after its Setup (setting obj->scale alone would
 *  leave the part array at 1). Retail: CPhysicsObj::SetScale (0x005136A0). */
void acp_physobj_set_scale(acp_physobj *obj, float new_scale, double delta);

/** Change the translucency now or over `delta` seconds. Retail: CPhysicsObj::SetTranslucency2 (0x0050FB50). */
void acp_physobj_set_translucency(acp_physobj *obj, float start, float end, double delta);

/** Apply the results of a successful collision sweep: cell, frame, contact plane, the CONTACT,
 *  ON_WALKABLE, WATER_CONTACT and SLIDING bits, then handle_all_collisions. A sweep that ended in
 *  no loaded cell stores its position (store_position: the parts follow), leaves the object
 *  without a cell and clears ACTIVE (prepare_to_leave_visibility, GotoLostCell).
 *  Retail: CPhysicsObj::SetPositionInternal(CTransition*) (0x00515330). */
struct acp_transition;
struct acp_collision_info;
void acp_physobj_set_position_internal(acp_physobj *obj, const struct acp_transition *t);

/** React to what a sweep touched: the objects it collided with go through the collision table
 *  (track_object_collision for each, then report_collision_end: physobj_collide.h), then bounce off collision_normal (v += −(v·n)(1 + elasticity)·n
 *  when approaching; zero with INELASTIC_PS; not while staying on walkable ground unless
 *  SLEDDING_PS), zero the velocity when frames_stationary_fall > 1, set the STATIONARY_* bits,
 *  and report an environment collision (a missile stops being one: MISSILE, ALIGNPATH and
 *  PATHCLIPPED cleared). Retail returns whether a weenie was told (never here).
 *  Retail: CPhysicsObj::handle_all_collisions (0x00514780). */
void acp_physobj_handle_all_collisions(acp_physobj *obj, const struct acp_collision_info *c, bool prev_contact,
                                      bool prev_on_walkable);

/** Retail CPhysicsObj::report_environment_collision (0x00512FC0): unless already colliding with
 *  the environment, a REPORT_COLLISIONS object's report is recorded for the host (where retail
 *  calls the weenie with an EnvCollisionProfile: acp_physobj_num_env_collisions, the trace's
 *  "env_collisions"); the object now collides with the environment, and a missile stops being
 *  one (MISSILE, ALIGNPATH and PATHCLIPPED cleared). Returns whether a report was made. */
bool acp_physobj_report_environment_collision(acp_physobj *obj);

/** Hide (hidden) or show the object. Hiding sets HIDDEN, plays the object's PS_Hidden (0x76)
 *  script at mod 1.0 (with a script table; no cell test, unlike play_script), ends every
 *  collision it records when it is REPORT_COLLISIONS (report_collision_end forced, then
 *  REPORT_COLLISIONS cleared), sets IGNORE_COLLISIONS and completes its pending animations
 *  (CPartArray::HandleEnterWorld). Showing clears HIDDEN, plays PS_UnHide (0x75), clears
 *  IGNORE_COLLISIONS, and when REPORT_COLLISIONS is clear sets it and reports a collision begin
 *  for every record of its table (report_collision_start), then HandleEnterWorld. Each child
 *  gets NODRAW_PS on hiding and loses it on showing (its parts' no-draw flag is drawing). Not
 *  simulated: the cell's voyeurs
 *  (CObjCell::hide_object / unhide_object: detection, DEVIATIONS row 11). send_event is not
 *  taken (retail ignores it). Retail: CPhysicsObj::set_hidden (0x00514C60). */
void acp_physobj_set_hidden(acp_physobj *obj, bool hidden);

/** The server's SetState: state = new_state; then a change of LIGHTING_ON (0x800) keeps the
 *  new bit (the part array's lights are drawing), a change of NODRAW (0x20) sets or clears it
 *  as set_nodraw does (the parts' no-draw flag is drawing), a change of HIDDEN (0x4000) runs
 *  set_hidden with the new bit. Returns true. Retail: CPhysicsObj::set_state (0x00514DD0). */
bool acp_physobj_set_state(acp_physobj *obj, uint32_t new_state);

/** One frame of a static animating object (the CPhysics::static_animating_objects workset):
 *  elapsed = now − update_time; ≤ EPSILON or > 2.0 s → stamp update_time and return; below
 *  1/30 s → nothing, not even the stamp; otherwise, with a part array, play the default
 *  animation for the whole elapsed time (HAS_DEFAULT_ANIM_PS), rotate by the stored omega
 *  applied raw (not multiplied by elapsed), place the parts, run the hooks; then stamp.
 *  Retail: CPhysicsObj::animate_static_object (0x00513DF0). */
void acp_physobj_animate_static_object(acp_physobj *obj);

/** The number of collision spheres (0 without a part array). Retail: CPartArray::GetNumSphere. */
uint32_t acp_physobj_num_spheres(const acp_physobj *obj);

/** Initialise an object with retail's constructor defaults: identity frame, friction 0.95,
 *  elasticity 0.05, scale 1, player distance FLT_MAX, update_time = world->now. */
void acp_physobj_init(acp_physobj *obj, acp_world *world, uint32_t id);

#endif
