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

#include "physics/geometry/position.h"
struct acp_gfxobj_physics;
struct acp_transition;

/** With a GfxObj that has a physics BSP: the sweep's spheres in the part's axes
 *  (SPHEREPATH::cache_localspace_sphere with pos and scale z), then CGfxObj::find_obj_collisions;
 *  OK without one. Returns an acp_transition_state (world/transition.h).
 *  Retail: CPhysicsPart::find_obj_collisions (0x0050D8D0). */
int acp_physics_part_find_obj_collisions(const struct acp_gfxobj_physics *gfx, const acp_position *pos,
                                         acp_vec3 gfxobj_scale, struct acp_transition *t);

#endif
