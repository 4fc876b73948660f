/* acphys — retail CPhysicsPart's sweep: one part of an object with a physics BSP (its CGfxObj)
 * tested against a transition. Read against PORTAL/cphysobj/CPhysicsPart.c.
 *
 * CONVENTIONS
 *   pos is the part's Position: the object's cell and the part's frame in it (the part array's
 *   part frame: metres, landblock frame). gfxobj_scale is the part's per-axis scale; retail
 *   sweeps with its z.
 */
#ifndef ACP_PHYSICS_PART_H
#define ACP_PHYSICS_PART_H

#include <stdbool.h>

#include "dat/records.h"
#include "physics/geometry/position.h"
struct acp_gfxobj_physics;
struct acp_transition;
struct acp_sphere_path;

/** Not retail (docs/SHORTCUTS.md S20): true only when no sphere of the sweep at
 *  sp->check_pos (local_sphere[0..num_sphere)) can meet `physics_sphere` (the part's GfxObj's,
 *  in its axes, unscaled) placed at pos with scale `scale` (> 0: the part's scale z) by the test
 *  CGfxObj::find_obj_collisions (0x00534700) makes on what SPHEREPATH::cache_localspace_sphere
 *  (0x0050C9D0) computes, whatever that computation's float roundings: the distance is taken in
 *  double, in the part's axes times the scale, against the radii's sum plus a margin four times
 *  the chain's worst rounding (2^-17 of twice the coordinates' magnitudes, about a centimetre in
 *  a landblock's coordinates). False (test as retail) for a scale outside [2^-10, 2^10], a
 *  matrix whose Σ m_ij² passes 3.5, a negative radius, NaN or infinite inputs, or coordinates
 *  past 2^60 m. Reads only; used by
 *  acp_physics_part_find_obj_collisions when ACP_SHORTCUTS is on. */
bool acp_physics_part_sweep_misses(const acp_sphere *physics_sphere, const acp_position *pos, float scale,
                                   const struct acp_sphere_path *sp);

/** With a GfxObj that has a physics BSP: the sweep's spheres in the part's axes
 *  (SPHEREPATH::cache_localspace_sphere with pos and scale z), then CGfxObj::find_obj_collisions;
 *  OK without one. Returns an acp_transition_state (world/transition.h). With ACP_SHORTCUTS,
 *  OK at once, without the cache, when acp_physics_part_sweep_misses says no sphere can meet the
 *  part (S20: the cache's localspace_* members are read only after their next cache).
 *  Retail: CPhysicsPart::find_obj_collisions (0x0050D8D0). */
int acp_physics_part_find_obj_collisions(const struct acp_gfxobj_physics *gfx, const acp_position *pos,
                                         acp_vec3 gfxobj_scale, struct acp_transition *t);

#endif
