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

#include "base/shortcuts.h"
#include <stdbool.h>
#include <stdint.h>

#include "physics/geometry/frame.h"
#include "physics/geometry/plane.h"
#include "dat/records.h"

#define ACP_MAX_POLYGON_POINTS 3   /* terrain triangles */

/** Retail CPolygon (terrain subset). */
typedef struct acp_polygon {
    uint32_t num_pts;                          /* 3 */
    acp_vec3 vertices[ACP_MAX_POLYGON_POINTS]; /* metres, landblock frame */
    acp_plane plane;                           /* from acp_polygon_make_plane */
    /* point_in_poly2D's edge lines, in its loop order (edge k runs from q to e: q = vertices[0]
     * then the e before, e = vertices[num_pts − 1 − k]): dx = e.x − q.x, dy = q.y − e.y and the
     * first two terms of its sum, c = −(dy·e.x) − dx·e.y, all doubles as retail evaluates them.
     * Not retail: retail recomputes them at every call; the values and the sum's order are the
     * same (acp_polygon_make_plane fills them). */
    double edge_dx[ACP_MAX_POLYGON_POINTS], edge_dy[ACP_MAX_POLYGON_POINTS], edge_c[ACP_MAX_POLYGON_POINTS];
} acp_polygon;

/** The plane through the vertices: Newell-style sum of fan cross products (float stores as
 *  retail), normalized; d = −mean(n·v); and the edge lines point_in_poly2D reads (edge_dx,
 *  edge_dy, edge_c). Retail: CPolygon::make_plane (0x005383D0). */
void acp_polygon_make_plane(acp_polygon *p);

/** True when point (x, y only) lies inside or on the polygon's edges; side 0 for polygons
 *  wound counter-clockwise seen from above (terrain), 1 for the other winding. Each edge's
 *  value c + dx·point.y + dy·point.x, summed in retail's order from the edge lines
 *  acp_polygon_make_plane keeps (static inline: the terrain sweep calls it a few times a step).
 *  Retail: CPolygon::point_in_poly2D (0x00538060). */
static inline bool acp_polygon_point_in_poly2d(const acp_polygon *p, acp_vec3 point, int side)
{
#if ACP_SHORTCUTS
    for (uint32_t k = 0; k < p->num_pts; k++) {
        double s = p->edge_c[k] + p->edge_dx[k] * point.y + p->edge_dy[k] * point.x;
        if (side ? s < 0.0 : s > 0.0) return false;
    }
#else
    /* docs/SHORTCUTS.md S14: retail's loop, every edge line computed at the call. */
    const acp_vec3 *q = &p->vertices[0];
    for (int i = (int)p->num_pts - 1; i >= 0; i--) {
        const acp_vec3 *e = &p->vertices[i];
        double dy = (double)q->y - e->y;
        double dx = (double)e->x - q->x;
        double s = -(dy * e->x) - dx * e->y + dx * point.y + dy * point.x;
        if (side ? s < 0.0 : s > 0.0) return false;
        q = e;
    }
#endif
    return true;
}

/** Retail CPolygon of a GfxObj or CellStruct (any number of points): the vertices in the
 *  record's order, by pointer into the shape's vertex pool (acp_bsp_tree_build), metres in the
 *  shape's axes; the plane from CPolygon::make_plane. */
typedef struct acp_cpolygon {
    uint32_t num_pts;
    const acp_vec3 *vertices;                  /* num_pts points */
    acp_plane plane;
    int32_t sides_type;                        /* ACP_POLY_SIDES_* (dat/records.h) */
    uint16_t poly_id;
} acp_cpolygon;

/** The plane through n points (the fan rule of acp_polygon_make_plane). Retail:
 *  CPolygon::make_plane (0x005383D0). */
acp_plane acp_polygon_plane_of(const acp_vec3 *vertices, uint32_t n);

/** Whether `object` (sphere, shape axes) touches the polygon: within radius − EPSILON of the
 *  plane, and its centre's projection (*contact_pt) inside every edge, or within that reach of
 *  an edge or a vertex. Retail: CPolygon::polygon_hits_sphere_slow_but_sure (0x00538A10). */
bool acp_cpolygon_hits_sphere_slow_but_sure(const acp_cpolygon *p, const acp_sphere *object, acp_vec3 *contact_pt);

/** Retail: CPolygon::hits_sphere (0x00539540). */
bool acp_cpolygon_hits_sphere(const acp_cpolygon *p, const acp_sphere *object);

/** A touch (slow_but_sure) records p in *struck_poly; it counts as a hit only while moving
 *  into the front face (n·movement < 0). Retail: CPolygon::pos_hits_sphere (0x005394F0). */
bool acp_cpolygon_pos_hits_sphere(const acp_cpolygon *p, const acp_sphere *object, const acp_vec3 *movement,
                                  acp_vec3 *contact_pt, const acp_cpolygon **struck_poly);

/** Time (fraction of movement, from curr_pos) at which a sphere of check_pos's radius touches
 *  the plane: 1 when curr_pos is already within the radius, 0 when moving parallel to it.
 *  Retail: CPolygon::adjust_sphere_to_poly (0x00538170). */
double acp_cpolygon_adjust_sphere_to_poly(const acp_cpolygon *p, const acp_sphere *check_pos, acp_vec3 curr_pos,
                                          acp_vec3 movement);

/** Push struck_sphere and other_sphere along the plane normal so struck_sphere sits `radius`
 *  off the plane (on the side solid_check and center_solid give). Retail:
 *  CPolygon::adjust_to_placement_poly (0x00538CE0). */
void acp_cpolygon_adjust_to_placement_poly(const acp_cpolygon *p, acp_sphere *struck_sphere, acp_sphere *other_sphere,
                                           float radius, bool center_solid, bool solid_check);

/** Whether point (on the plane) is inside every edge.
 *  Retail: CPolygon::point_in_polygon (0x00538D90). */
bool acp_cpolygon_point_in_polygon(const acp_cpolygon *p, acp_vec3 point);

/** Whether the sphere projected along `up` onto the plane overlaps the polygon within its
 *  radius. Retail: CPolygon::check_walkable (0x00538E60). */
bool acp_cpolygon_check_walkable(const acp_cpolygon *p, const acp_sphere *sphere, const acp_vec3 *up);
/** The same within half the radius. Retail: CPolygon::check_small_walkable (0x005390B0). */
bool acp_cpolygon_check_small_walkable(const acp_cpolygon *p, const acp_sphere *sphere, const acp_vec3 *up);

/** The first edge the sphere's centre (projected along up) is outside of: its outward normal
 *  (unit, in the plane) in *normal. Retail: CPolygon::find_crossed_edge (0x00539300). */
bool acp_cpolygon_find_crossed_edge(const acp_cpolygon *p, const acp_sphere *sphere, const acp_vec3 *up,
                                    acp_vec3 *normal);

/** n·up > walk allowance and the sphere touches the polygon. Retail:
 *  CPolygon::walkable_hits_sphere (0x00539560). */
bool acp_cpolygon_walkable_hits_sphere(const acp_cpolygon *p, float walkable_allowance, const acp_sphere *object,
                                       const acp_vec3 *up);

/** Move valid_pos back along movement until it touches the plane from the side it came,
 *  shrinking *walk_interp; false when the move would not shrink it or goes past −0.5.
 *  Retail: CPolygon::adjust_sphere_to_plane (0x00538210). */
bool acp_cpolygon_adjust_sphere_to_plane(const acp_cpolygon *p, float *walk_interp, acp_sphere *valid_pos,
                                         const acp_vec3 *movement);

#endif
