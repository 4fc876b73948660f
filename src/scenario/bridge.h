/* acphys — the runner's call sites into work that lands on other branches: motion (CMotionInterp,
 * MovementManager, motion tables) and terrain (retail's SetPosition placement sweep).
 *
 * CONVENTIONS
 *   Every function here is one INTEGRATION POINT, marked with the branch it waits for. Until that
 *   branch is merged the function does what its docstring says under "now", and
 *   acp_bridge_motion_wired() tells the runner whether motion events take effect (the runner
 *   warns once per kind of event when they do not). Nothing else in src/scenario calls the
 *   motion or terrain code, so wiring them is a change to bridge.c alone.
 *   Units: speeds are retail's multipliers; extents 0..1; times seconds.
 */
#ifndef ACP_BRIDGE_H
#define ACP_BRIDGE_H

#include <stdbool.h>
#include <stdint.h>

#include "../dat/records.h"
#include "physics.h"
#include "physobj.h"
#include "scenario.h"

/** True when motion events (motion, raw_motion, jump) and run_rate reach the motion code.
 *  INTEGRATION POINT (branch `motion`). Now: false. */
bool acp_bridge_motion_wired(void);

/** Give `obj` its part array from `setup` (parts, spheres, default scale, placement frame) and
 *  scale it. Wired: acp_partarray_create (src/core/partarray.h). False when out of memory. */
bool acp_bridge_attach_setup(acp_physobj *obj, const acp_setup *setup, float scale);

/** Give `obj` a movement manager driving motion table `mtable` (already resolved: the object's
 *  "motion_table" or its setup's default), with retail's run rate `run_rate`.
 *  INTEGRATION POINT (branch `motion`): create the MovementManager / CMotionInterp and the motion
 *  table manager, install the table's default style and substate, set the run rate.
 *  Now: nothing (the object has no movement manager); returns true. False only on failure. */
bool acp_bridge_attach_motion(acp_physobj *obj, const acp_motion_table *mtable, float run_rate);

/** Apply an interpreted motion state as the server sends it (speeds final).
 *  INTEGRATION POINT (branch `motion`): CMotionInterp::move_to_interpreted_state. Now: nothing. */
void acp_bridge_apply_motion(acp_physobj *obj, const acp_scenario_motion *motion);

/** Apply a raw motion state as the keyboard makes it (adjust_motion, apply_run_to_command with
 *  the object's run rate). INTEGRATION POINT (branch `motion`): CMotionInterp::
 *  apply_raw_movement. Now: nothing. */
void acp_bridge_apply_raw_motion(acp_physobj *obj, const acp_scenario_motion *motion);

/** Jump with `extent` (0..1, retail clamps). INTEGRATION POINT (branch `motion`):
 *  CMotionInterp::jump then the jump velocity. Now: nothing. */
void acp_bridge_jump(acp_physobj *obj, float extent);

/** Set the velocity (m/s, world axes). Wired: CPhysicsObj::set_velocity. */
void acp_bridge_set_velocity(acp_physobj *obj, acp_vec3 velocity);

/** Enter the world with placement "set_position" at `now` seconds.
 *  INTEGRATION POINT (branch `terrain`): retail's SetPosition (a placement transition that finds
 *  the contact plane and sets CONTACT / ON_WALKABLE), then prepare_to_enter_world.
 *  Now: as placement "frame" with no transient bits (the physics finds no contact without
 *  terrain): acp_world_place_object(world, obj, pos, 0, now). */
void acp_bridge_place_set_position(acp_world *world, acp_physobj *obj, const acp_position *pos, double now);

/** Enter the world with placement "frame": the frame and transient bits as given.
 *  Wired: acp_world_place_object. */
void acp_bridge_place_frame(acp_world *world, acp_physobj *obj, const acp_position *pos, uint32_t transient_state,
                            double now);

#endif
