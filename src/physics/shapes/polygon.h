/* acphys — retail CPolygon (the parts terrain collision uses) and Plane helpers.
 *
 * CONVENTIONS
 *   A polygon holds its vertices by value (retail points into the landblock's vertex array; the
 *   values are the same) in the order retail's AddPolygon gives them, counter-clockwise seen from
 *   above for terrain. Coordinates: metres in the landblock frame. The plane is n·p + d = 0 with
 *   n the unit normal (up for terrain).
 *   Arithmetic follows retail (frame.h): double evaluation, float stores, retail operand order.
 */
#ifndef ACP_POLYGON_H
#define ACP_POLYGON_H

#include <stdbool.h>
#include <stdint.h>

#include "physics/geometry/frame.h"
#include "physics/geometry/plane.h"

#define ACP_MAX_POLYGON_POINTS 3   /* terrain triangles */

/** Retail CPolygon (terrain subset). */
typedef struct acp_polygon {
    uint32_t num_pts;                          /* 3 */
    acp_vec3 vertices[ACP_MAX_POLYGON_POINTS]; /* metres, landblock frame */
    acp_plane plane;                           /* from acp_polygon_make_plane */
} acp_polygon;

/** The plane through the vertices: Newell-style sum of fan cross products (float stores as
 *  retail), normalized; d = −mean(n·v). Retail: CPolygon::make_plane (0x005383D0). */
void acp_polygon_make_plane(acp_polygon *p);

/** True when point (x, y only) lies inside or on the polygon's edges; side 0 for polygons
 *  wound counter-clockwise seen from above (terrain), 1 for the other winding.
 *  Retail: CPolygon::point_in_poly2D (0x00538060). */
bool acp_polygon_point_in_poly2d(const acp_polygon *p, acp_vec3 point, int side);

#endif
