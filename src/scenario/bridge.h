/* acphys — the public API's call sites (src/api/acphys.c) into motion (part arrays from Setups
 * with their defaults, motion tables, CMotionInterp), terrain (retail's SetPosition placement
 * sweep) and the server's messages.
 *
 * CONVENTIONS
 *   The only calls into the motion (src/physics/object/physobj_motion.h) and terrain
 *   (src/physics/object/setposition.h) code that make and drive a world's objects: the public
 *   API makes them, and the scenario runner (run.c, run_events.c) goes through the API.
 *   Order (physobj_motion.h's scenario API): add the object and set its state, scale, friction
 *   and elasticity; attach_setup; attach_motion; place; then events.
 *   Units: speeds are retail's multipliers; extents 0..1; times seconds.
 */
#ifndef ACP_BRIDGE_H
#define ACP_BRIDGE_H

#include <stdbool.h>
#include <stdint.h>

#include "dat/records.h"
#include "excerpts.h"
#include "physics/world/physics.h"
#include "physics/object/physobj.h"
#include "scenario.h"

/** Give `obj` its part array from `setup` (parts, spheres, default scale, placement frame) and
 *  scale it. With motion: acp_physobj_set_setup (with retail's InitDefaults: the default
 *  animation, HAS_DEFAULT_ANIM_PS / HAS_DEFAULT_SCRIPT_PS and the static animating workset for a
 *  STATIC_PS object), animations and motion tables looked up in `records`. False when out of
 *  memory. */
bool acp_bridge_attach_setup(acp_physobj *obj, const acp_setup *setup, const acp_excerpts *records, float scale);

/** Give `obj` motion table `table_id` (the scenario's "motion_table", else its Setup's default;
 *  the caller found it in the excerpts) and, when `run_rate` is not NULL, the run rate its weenie
 *  answers InqRunRate with (NULL: none answers, my_run_rate is used). With motion:
 *  acp_physobj_set_motion_table (a MotionTableManager and a movement manager in its default
 *  state; needs the part array) and acp_physobj_set_run_rate. Without motion: nothing.
 *  False when it could not (out of memory). */
bool acp_bridge_attach_motion(acp_physobj *obj, uint32_t table_id, const float *run_rate);

/** Put a STATIC_PS object with a default animation or script (state bits, or its Setup's
 *  defaults) into the static animating workset, unless it is there already (with motion,
 *  InitDefaults has done it; docs/RETAIL-CONTRACT.md §5 item 8). */
void acp_bridge_static_workset(acp_world *world, acp_physobj *obj, const acp_setup *setup);

/** Apply an interpreted motion state as the server sends it (speeds final). Absent fields take
 *  retail's defaults. With motion: acp_physobj_apply_interpreted_motion. Without: nothing. */
void acp_bridge_apply_motion(acp_physobj *obj, const acp_scenario_motion *motion);

/** Apply a raw motion state as the keyboard makes it (adjust_motion, apply_run_to_command with
 *  the object's run rate). With motion: acp_physobj_apply_raw_motion. Without: nothing. */
void acp_bridge_apply_raw_motion(acp_physobj *obj, const acp_scenario_motion *motion);

/** Jump with `extent` (0..1, retail clamps). With motion: acp_physobj_jump; returns retail's
 *  WeenieError (0 = jumped). Without: nothing, returns 0. */
uint32_t acp_bridge_jump(acp_physobj *obj, float extent);

/** Set the velocity (m/s, world axes). Retail: CPhysicsObj::set_velocity. */
void acp_bridge_set_velocity(acp_physobj *obj, acp_vec3 velocity);

/** Enter the world with placement "set_position" at `now` seconds: retail's enter_world, a
 *  SetPosition placement sweep that lifts the object out of the ground and settles it within its
 *  step-down height (finding the contact plane, CONTACT and ON_WALKABLE), then activation.
 *  False when no valid position was found: the object then stays out of the world (no cell), and
 *  update_object skips it as retail does. acp_world_enter_object. */
bool acp_bridge_place_set_position(acp_world *world, acp_physobj *obj, const acp_position *pos, double now);

/** Enter the world with placement "frame": the frame and transient bits as given.
 *  acp_world_place_object. */
void acp_bridge_place_frame(acp_world *world, acp_physobj *obj, const acp_position *pos, uint32_t transient_state,
                            double now);

/* ---- server-driven objects (issue 13) ---- */
/** An UpdatePosition: SmartBox::UnpackPositionEvent's instance gate, then HandleReceivedPosition
 *  (acp_smartbox_unpack_position_event) with the event's stamps; absent, the position stamp is
 *  one newer than the object's, the teleport, forced-position and instance stamps the object's
 *  own (neither newer nor stale), the placement id the object's current placement frame's. */
void acp_bridge_server_position(acp_physobj *obj, const acp_scenario_server_position *sp);
/** CPhysicsObj::stick_to_object (out of memory is ignored: the object stays unstuck). */
void acp_bridge_stick_to(acp_physobj *obj, uint32_t target);
/** CPhysicsObj::unstick_from_object. */
void acp_bridge_unstick(acp_physobj *obj);
/** "play_script": CPhysicsObj::play_script by id, or by (type, mod) through the object's table. */
void acp_bridge_play_script(acp_physobj *obj, const acp_scenario_play_script *ps);

/** "set_state": the server's SetState, CPhysicsObj::set_state (0x00514DD0) with the bits (a
 *  change of HIDDEN hides or shows the object: CPhysicsObj::set_hidden 0x00514C60). */
void acp_bridge_set_state(acp_physobj *obj, uint32_t new_state);
/** "parent": CPhysicsObj::set_parent (0x00515B50, at a part and frame) or its holding-location
 *  overload (0x00515A90). Not retail: a hold that would make obj its own holder through the
 *  chain is ignored (the scenario reader refuses it; an event appended while running is checked
 *  here), as UpdateChild would recurse without end. A refused hold changes nothing. */
void acp_bridge_set_parent(acp_physobj *obj, acp_physobj *holder, const acp_scenario_parent *pe);
/** "unparent": CPhysicsObj::unset_parent (0x00513470). */
void acp_bridge_unset_parent(acp_physobj *obj);
/** CPhysicsObj::ConstrainTo. */
void acp_bridge_constrain_to(acp_physobj *obj, const acp_scenario_constraint *c);
/** PositionManager::UnConstrain. */
void acp_bridge_unconstrain(acp_physobj *obj);
/** A move-to message (acp_physobj_unpack_moveto: MovementManager::unpack_movement 6–9): the
 *  event's position is the packed origin (cell and origin), its heading a turn_to_object's packed
 *  heading, its run_rate the packet's. */
void acp_bridge_move_to(acp_physobj *obj, const acp_scenario_move_to *mt);

#endif
