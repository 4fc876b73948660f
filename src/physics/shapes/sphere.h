/* acphys — retail CSphere as an obstacle: the test of a sweep's spheres against another
 * object's collision sphere and every response it reaches (step up, slide, land, stop, step
 * down), and the two helpers the cylinder shares (SPHEREPATH::set_collide, find_time_of_collision).
 *
 * CONVENTIONS
 *   The obstacle sphere is global: centre in the landblock frame of the sweep's check_pos,
 *   metres (acp_sphere_intersects_sphere_at puts an object's local sphere there). Results are
 *   acp_transition_state values. Arithmetic follows retail (frame.h): double evaluation, float
 *   stores, retail operand order.
 */
#ifndef ACP_SPHERE_H
#define ACP_SPHERE_H

#include <stdbool.h>

#include "physics/world/transition.h"

/** |disp|² ≤ radsum² (the body is lost in the decompilation: docs/DEVIATIONS.md row O6).
 *  Retail: CSphere::collides_with_sphere (0x005369E0). */
bool acp_sphere_collides_with_sphere(acp_vec3 disp, float radsum);

/** Fraction of `movement` at which a sphere displaced by disp from the obstacle first touches
 *  it at distance radsum; −1 when it already overlaps (within EPSILON), does not move, or
 *  misses. Retail: CSphere::find_time_of_collision (0x005368F0). */
double acp_sphere_find_time_of_collision(acp_vec3 movement, acp_vec3 disp, float radsum);

/** Start the "collide" landing: remember check_pos (backup), the normal as step_up_normal,
 *  walk_interp 1. Retail: SPHEREPATH::set_collide (0x005378A0). */
void acp_spherepath_set_collide(acp_sphere_path *sp, acp_vec3 collision_normal);

/** The sweep against obstacle sphere s (global): placement or ethereal tests only overlap;
 *  a check_walkable probe overlap; an object in contact steps up onto s (or slides along it);
 *  a missile (PATH_CLIPPED) stops at it (collide_with_point); an airborne object starts
 *  landing on it (land_on_sphere); in the "collide" landing it settles on s's top; stepping
 *  down it lands on s (not when s belongs to a creature).
 *  Retail: CSphere::intersects_sphere (0x00537A80). */
acp_transition_state acp_sphere_intersects_sphere(const acp_sphere *s, acp_transition *t, bool is_creature);

/** The same for sphere s of an object at p with scale: centre scale·c through p's frame into
 *  check_pos's landblock frame, radius scale·r.
 *  Retail: CSphere::intersects_sphere (0x00537FD0). */
acp_transition_state acp_sphere_intersects_sphere_at(const acp_sphere *s, const acp_position *p, float scale,
                                                     acp_transition *t, bool is_creature);

#endif
