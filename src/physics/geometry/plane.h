/* acphys — retail Plane (PORTAL/geometry/Plane.c): n·p + d = 0, n the unit normal.
 * Arithmetic follows retail (frame.h): double evaluation, float stores, retail operand order. */
#ifndef ACP_PLANE_H
#define ACP_PLANE_H

#include <stdbool.h>

#include "bbox.h"
#include "frame.h"

/** A plane n·p + d = 0 (retail Plane): n unit normal, world axes; d metres. */
typedef struct acp_plane {
    acp_vec3 n;
    float d;
} acp_plane;

/** Rewrite offset.z so that the offset lies in the plane's direction (n·offset = 0) when
 *  |n.z| > EPSILON; unchanged otherwise. Retail: Plane::snap_to_plane (0x00509C50). */
void acp_plane_snap_to_plane(const acp_plane *plane, acp_vec3 *offset);

/** The plane's z at (x, y) (metres): false when |n.z| ≤ EPSILON. Retail: Plane::set_height
 *  (0x0052F050). */
bool acp_plane_set_height(const acp_plane *plane, acp_vec3 *point);

/** Which side of the plane v is: 0 in front (n·v + d > epsilon), 1 behind (< −epsilon), 2 on
 *  it. Retail: Plane::which_side (0x00444720). */
int acp_plane_which_side(const acp_plane *plane, acp_vec3 v, float epsilon);

/** Which side of the plane the box is: 0 wholly in front, 1 wholly behind (every corner on the
 *  side of the min corner, by EPSILON), 3 when a corner is on the plane or across it.
 *  Retail: Plane::intersect_box (0x005AA170). */
int acp_plane_intersect_box(const acp_plane *plane, const acp_bbox *box);

#endif
