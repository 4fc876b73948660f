/* acphys — retail CPhysicsObj, its animation and motion members: building the part array from a
 * Setup, InitDefaults (default animation and script, the static animating workset), the motion
 * table and movement manager, and the calls CMotionInterp and MotionTableManager make on the
 * object. The per-quantum update itself is in physobj.h.
 *
 * CONVENTIONS
 *   Units and frames as physobj.h. Records (Setup, animations, motion tables) are borrowed and
 *   must outlive the object; animations and motion tables are looked up by id in the
 *   acp_record_source given to acp_physobj_set_setup.
 *   Allocation happens only here, when an object gets its part array, motion table manager or
 *   movement manager, never during acp_world_use_time.
 *
 * SCENARIO API (what the scenario runner calls; everything else is retail's own call graph):
 *   1. obj = acp_world_add_object(world, id); set obj->state (InitDefaults reads STATIC_PS).
 *   2. acp_physobj_set_setup(obj, setup, &records): the part array and, through InitDefaults,
 *      the Setup's default animation and, for a STATIC_PS object with a default animation or
 *      script, the static animating workset (InitDefaults' motion table finds no part array
 *      yet: M14).
 *   3. acp_physobj_set_motion_table(obj, id) with the scenario's table or the Setup's default
 *      (0 removes it): retail's set_description sets the PhysicsDesc's table (M14).
 *   4. acp_physobj_set_scale(obj, scale, 0.0): set_description's object_scale (m_scale and the
 *      part array's scale); then friction (acp_physobj_set_description_friction: only within
 *      [0, 1]), elasticity (acp_physobj_set_elasticity: clamped to [0, 0.1]), velocity
 *      (acp_physobj_set_velocity).
 *   5. acp_world_enter_object(...) (retail enter_world: placement sweep, then the part array's
 *      and movement manager's HandleEnterWorld) or acp_world_place_object(...) (a fixture frame).
 *   6. Events: acp_physobj_apply_interpreted_motion, acp_physobj_apply_raw_motion,
 *      acp_physobj_jump, acp_physobj_set_run_rate (and acp_physobj_set_velocity).
 *   The part frames for drawing are acp_partarray_part_frames(obj->part_array) (num_parts world
 *   frames; placed when read, see partarray.h).
 */
#ifndef ACP_PHYSOBJ_MOTION_H
#define ACP_PHYSOBJ_MOTION_H

#include <stdbool.h>
#include <stdint.h>

#include "dat/records.h"
#include "physics/anim/motion_interp.h"
#include "dat/recsource.h"

struct acp_physobj;

/** An interpreted motion state as the server sends it (speeds final: no adjust_motion, no
 *  run conversion). A command of 0 means none (sidestep, turn). */
typedef struct acp_interpreted_motion {
    uint32_t style;                  /* e.g. 0x8000003D NonCombat */
    uint32_t forward_command;        /* e.g. 0x41000003 Ready, 0x44000007 RunForward */
    float forward_speed;
    uint32_t sidestep_command;       /* 0 or 0x6500000F SideStepRight */
    float sidestep_speed;
    uint32_t turn_command;           /* 0 or 0x6500000D TurnRight */
    float turn_speed;
    uint32_t sticky_object_id;       /* the message's sticky object (0: none): stick_to_object */
    bool standing_longjump;          /* the message's flag 0x200: CMotionInterp::standing_longjump */
    bool has_message_style;          /* false: the message's header style is `style` (the state's) */
    uint32_t message_style;          /* the movement header's style (command_ids_0 of its u16), which
                                        unpack_movement plays before it reads the state */
} acp_interpreted_motion;

/** Raw input as the keyboard makes it: commands may be WalkBackwards, TurnLeft, SideStepLeft;
 *  they go through adjust_motion and, with hold_run, apply_run_to_command. */
typedef struct acp_raw_motion {
    uint32_t forward_command;        /* e.g. 0x45000005 WalkForward, 0x45000006 WalkBackwards */
    float forward_speed;
    uint32_t sidestep_command;       /* 0, 0x6500000F SideStepRight or 0x65000010 SideStepLeft */
    float sidestep_speed;
    uint32_t turn_command;           /* 0, 0x6500000D TurnRight or 0x6500000E TurnLeft */
    float turn_speed;
    bool hold_run;
} acp_raw_motion;

/** Retail defaults for a state the scenario leaves partly unspecified: NonCombat, Ready at 1,
 *  no sidestep and no turn (speeds 1). */
acp_interpreted_motion acp_interpreted_motion_default(void);
/** Retail defaults for raw input: Ready at 1, no sidestep, no turn, hold_run false. */
acp_raw_motion acp_raw_motion_default(void);

/* ---- scenario API ---- */

/** Give obj a part array built from `setup` (parts, spheres, default scale) and run retail's
 *  creation: CPartArray::InitDefaults (the Setup's DefaultAnimation over frames 0..last at
 *  30 frames/s), CPhysicsObj::InitDefaults (the Setup's default motion table and movement
 *  manager; HAS_DEFAULT_ANIM_PS / HAS_DEFAULT_SCRIPT_PS and the static animating workset for a
 *  STATIC_PS object), placement frame Resting (0x65, else 0), and the part frames. An existing
 *  part array and movement manager are replaced. `records` is copied; what it points to must
 *  outlive the object. Returns false when out of memory (the object is then left without one).
 *  Retail: CPhysicsObj::InitPartArrayObject (0x005126B0) → CPartArray::CreateSetup (0x005195A0)
 *  → SetSetupID (0x00519330), then CPhysicsObj::InitObjectEnd (0x0050FFE0). */
bool acp_physobj_set_setup(struct acp_physobj *obj, const acp_setup *setup, const acp_record_source *records);

/** Use motion table `table_id` (looked up in the part array's records; 0 = none): a new
 *  MotionTableManager and a new movement manager in its default state. Needs a part array
 *  (false without one, as retail). Returns false also when out of memory.
 *  Retail: CPhysicsObj::SetMotionTableID (0x00512780). */
bool acp_physobj_set_motion_table(struct acp_physobj *obj, uint32_t table_id);

/** Apply the server's interpreted motion state: the object's movement is then not autonomous.
 *  Without a movement manager one is created without an interpreter, and nothing more happens,
 *  as in retail. Otherwise the move-to is cancelled and the object unstuck first, and it sticks
 *  to motion->sticky_object_id afterwards (acp_movement_manager_apply_interpreted). Retail: CPhysicsObj::unpack_movement (0x00512040) → MovementManager::
 *  unpack_movement (0x00524440), type 0. */
void acp_physobj_apply_interpreted_motion(struct acp_physobj *obj, const acp_interpreted_motion *motion);

/** Apply raw input: the raw state takes the commands (hold keys Invalid: the current hold key
 *  decides), the current hold key becomes Run or None, the movement becomes autonomous, and
 *  apply_raw_movement runs adjust_motion + apply_run_to_command and plays the result. Needs a
 *  movement manager (nothing happens without one).
 *  Retail: the player's input path, CMotionInterp::apply_raw_movement (0x005287E0). */
void acp_physobj_apply_raw_motion(struct acp_physobj *obj, const acp_raw_motion *raw);

/** Jump with extent 0..1. Returns 0 on success or retail's reason (36 in the air, 72 from this
 *  position, 8 without a movement manager). Retail: CMotionInterp::jump (0x00528780). */
uint32_t acp_physobj_jump(struct acp_physobj *obj, float extent);

/** Give the object a weenie whose InqRunRate answers `run_rate` (retail: the player's
 *  ACCWeenieObject, from its client qualities), used by apply_run_to_command, get_state_velocity,
 *  get_max_speed and get_adjusted_max_speed. Without this call InqRunRate fails, as for a
 *  non-player in retail, and they use `my_run_rate` (motion_interp.h). No effect without a
 *  movement manager. */
void acp_physobj_set_run_rate(struct acp_physobj *obj, float run_rate);

/** The interpreter, or NULL without a movement manager or before it has one (read-only use). */
const acp_motion_interp *acp_physobj_motion_interp(const struct acp_physobj *obj);

/* ---- retail's CPhysicsObj members used by the motion code ---- */

/** Setup defaults: the default script (not simulated), default motion table; for a STATIC_PS
 *  object HAS_DEFAULT_ANIM_PS / HAS_DEFAULT_SCRIPT_PS and, with either, the static animating
 *  workset. Retail: CPhysicsObj::InitDefaults (0x005139D0). */
void acp_physobj_init_defaults(struct acp_physobj *obj, const acp_setup *setup);

/** A movement manager (with init_motion: in its default state); a non-static object becomes
 *  active. Retail: CPhysicsObj::MakeMovementManager (0x00510270). */
bool acp_physobj_make_movement_manager(struct acp_physobj *obj, bool init_motion);

/** Retail: CPhysicsObj::DoInterpretedMotion (0x0050EA70): 71 without a part array. */
uint32_t acp_physobj_do_interpreted_motion(struct acp_physobj *obj, uint32_t motion, const acp_movement_params *params);
/** Retail: CPhysicsObj::StopInterpretedMotion (0x0050EA90). */
uint32_t acp_physobj_stop_interpreted_motion(struct acp_physobj *obj, uint32_t motion, const acp_movement_params *params);
/** Retail: CPhysicsObj::StopCompletely_Internal (0x0050EAD0). */
uint32_t acp_physobj_stop_completely_internal(struct acp_physobj *obj);
/** Drop link animations and complete pending motions. Retail: CPhysicsObj::RemoveLinkAnimations (0x0050FE20). */
void acp_physobj_remove_link_animations(struct acp_physobj *obj);
/** Retail: CPhysicsObj::InitializeMotionTables (0x0050EA60). */
void acp_physobj_initialize_motion_tables(struct acp_physobj *obj);
/** Retail: CPhysicsObj::CheckForCompletedMotions (0x0050FE30). */
void acp_physobj_check_for_completed_motions(struct acp_physobj *obj);
/** A motion of the motion table finished. Retail: CPhysicsObj::MotionDone (0x0050FDB0). */
void acp_physobj_motion_done(struct acp_physobj *obj, uint32_t motion, bool success);
/** Set the velocity from object axes (m/s). Retail: CPhysicsObj::set_local_velocity (0x005114D0). */
void acp_physobj_set_local_velocity(struct acp_physobj *obj, acp_vec3 local);
/** Choose a placement frame of the Setup and place the parts. Retail: CPhysicsObj::SetPlacementFrame
 *  (0x00511380). Returns false when neither `id` nor placement 0 exists. */
bool acp_physobj_set_placement_frame(struct acp_physobj *obj, uint32_t id);

#endif
