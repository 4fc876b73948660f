/* acphys — retail CCylSphere as an obstacle: a vertical cylinder of an object's Setup (low
 * point, radius, height) that sweeps of other objects collide with, step onto, slide along and
 * land on.
 *
 * CONVENTIONS
 *   The obstacle is global: low point in the landblock frame of the sweep's check_pos, metres
 *   (acp_cylsphere_intersects_sphere_at puts an object's cylinder there); its axis stays world
 *   z whatever the object's rotation (retail's). Results are acp_transition_state values.
 *   Arithmetic follows retail (frame.h).
 */
#ifndef ACP_CYLSPHERE_H
#define ACP_CYLSPHERE_H

#include <stdbool.h>

#include "dat/records.h"
#include "physics/world/transition.h"

/** Sphere `check` displaced by disp from the low point overlaps the cylinder: horizontally
 *  within radsum, vertically within the half height plus its radius less EPSILON.
 *  Retail: CCylSphere::collides_with_sphere (0x0053A880). */
bool acp_cylsphere_collides_with_sphere(const acp_cylsphere *c, const acp_sphere *check, acp_vec3 disp, float radsum);

/** The collision normal for sweep sphere n: horizontal (away from the axis) when its current
 *  centre is outside radsum, else ±z. *normal receives it (not normalized); returns whether
 *  it is certain ("definate": outside horizontally and overlapping vertically or not moving
 *  vertically, or inside). Retail: CCylSphere::normal_of_collision (0x0053AB50). */
bool acp_cylsphere_normal_of_collision(const acp_cylsphere *c, const acp_sphere_path *sp, const acp_sphere *check,
                                       acp_vec3 disp, float radsum, int n, acp_vec3 *normal);

/** The sweep against global cylinder c: placement or ethereal tests only overlap; a
 *  check_walkable probe overlap; stepping down onto its top; an object in contact steps up
 *  (within step_up_height) or slides along its side; a missile stops at it; an airborne object
 *  starts landing on it; in the "collide" landing it settles on the top. Retail:
 *  CCylSphere::intersects_sphere (0x0053B440). */
acp_transition_state acp_cylsphere_intersects_sphere(const acp_cylsphere *c, acp_transition *t);

/** The same for cylinder c of an object at p with scale (low point scale·low through p's frame
 *  into check_pos's landblock frame; radius and height × scale). Records p as the sweep's
 *  localspace_pos (SPHEREPATH::cache_localspace_sphere).
 *  Retail: CCylSphere::intersects_sphere (0x0053B8F0). */
acp_transition_state acp_cylsphere_intersects_sphere_at(const acp_cylsphere *c, const acp_position *p, float scale,
                                                        acp_transition *t);

#endif
