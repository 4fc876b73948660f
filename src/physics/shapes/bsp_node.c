/* acphys — retail BSPNODE: a splitting node of a physics or cell tree (BSPPORTAL overrides none
 * of these members). A leaf runs BSPLEAF's member (bsp_leaf.c); a missing child is an empty
 * leaf (docs/DEVIATIONS.md B1). See bsp.h. Read against PORTAL/cgeometry/CBSPNode.c. */
#include "physics/shapes/bsp.h"
#include "physics/geometry/plane.h"

#include <stddef.h>

/* The float 0.0099999998 (0.01f) the cell tests grow a sphere by. */
#define CELL_SPHERE_PAD ((double)0.01f)

static bool is_leaf(const acp_bsp_node *n) { return n->type == ACP_BSP_LEAF; }

/* The splitting plane's value at c in the order most members use: z, y, then x with the
 * point's coordinate first. */
static double dist_zy_xn(const acp_bsp_node *n, acp_vec3 c)
{
    return (double)n->plane_n.z * c.z + (double)n->plane_n.y * c.y + (double)c.x * n->plane_n.x + n->plane_d;
}

bool acp_bsp_sphere_intersects(const acp_sphere *a, const acp_sphere *b)
{
    double dx = (double)a->center.x - b->center.x;
    double dy = (double)a->center.y - b->center.y;
    double dz = (double)a->center.z - b->center.z;
    double rs = (double)b->radius + a->radius;
    return !(dx * dx + dy * dy + dz * dz >= rs * rs);
}

bool acp_bsp_node_sphere_intersects_poly(const acp_bsp_tree *t, const acp_bsp_node *n, const acp_sphere *check_pos,
                                         const acp_vec3 *movement, const acp_cpolygon **polygon,
                                         acp_vec3 *contact_pt)
{
    if (!n) return false;
    if (is_leaf(n)) return acp_bsp_leaf_sphere_intersects_poly(t, n, check_pos, movement, polygon, contact_pt);
    if (!acp_bsp_sphere_intersects(&n->sphere, check_pos)) return false;
    double dist = dist_zy_xn(n, check_pos->center);
    double reach = (double)check_pos->radius - ACP_F_EPSILON;
    if (dist >= reach) return acp_bsp_node_sphere_intersects_poly(t, n->pos, check_pos, movement, polygon, contact_pt);
    if (dist <= -reach) return acp_bsp_node_sphere_intersects_poly(t, n->neg, check_pos, movement, polygon, contact_pt);
    if (acp_bsp_node_sphere_intersects_poly(t, n->pos, check_pos, movement, polygon, contact_pt)) return true;
    return acp_bsp_node_sphere_intersects_poly(t, n->neg, check_pos, movement, polygon, contact_pt);
}

bool acp_bsp_node_sphere_intersects_solid(const acp_bsp_tree *t, const acp_bsp_node *n, const acp_sphere *check_pos,
                                          bool center_check)
{
    if (!n) return false;
    if (is_leaf(n)) return acp_bsp_leaf_sphere_intersects_solid(t, n, check_pos, center_check);
    if (!acp_bsp_sphere_intersects(&n->sphere, check_pos)) return false;
    const acp_vec3 c = check_pos->center;
    double dist = (double)n->plane_n.z * c.z + (double)n->plane_n.y * c.y + (double)n->plane_n.x * c.x + n->plane_d;
    double reach = (double)check_pos->radius - ACP_F_EPSILON;
    if (dist >= reach) return acp_bsp_node_sphere_intersects_solid(t, n->pos, check_pos, center_check);
    if (dist <= -reach) return acp_bsp_node_sphere_intersects_solid(t, n->neg, check_pos, center_check);
    if (dist < 0.0) {
        if (acp_bsp_node_sphere_intersects_solid(t, n->pos, check_pos, false)) return true;
        return acp_bsp_node_sphere_intersects_solid(t, n->neg, check_pos, center_check);
    }
    if (acp_bsp_node_sphere_intersects_solid(t, n->pos, check_pos, center_check)) return true;
    return acp_bsp_node_sphere_intersects_solid(t, n->neg, check_pos, false);
}

bool acp_bsp_node_sphere_intersects_solid_poly(const acp_bsp_tree *t, const acp_bsp_node *n,
                                               const acp_sphere *check_pos, float radius, bool *center_solid,
                                               const acp_cpolygon **hit_poly, bool center_check)
{
    if (!n) return false;
    if (is_leaf(n)) return acp_bsp_leaf_sphere_intersects_solid_poly(t, n, check_pos, center_solid, hit_poly, center_check);
    if (!acp_bsp_sphere_intersects(&n->sphere, check_pos)) return false;
    double dist = dist_zy_xn(n, check_pos->center);
    double reach = (double)radius - ACP_F_EPSILON;
    if (dist >= reach)
        return acp_bsp_node_sphere_intersects_solid_poly(t, n->pos, check_pos, radius, center_solid, hit_poly,
                                                         center_check);
    if (dist <= -reach)
        return acp_bsp_node_sphere_intersects_solid_poly(t, n->neg, check_pos, radius, center_solid, hit_poly,
                                                         center_check);
    const acp_bsp_node *first = dist < 0.0 ? n->neg : n->pos;
    const acp_bsp_node *second = dist < 0.0 ? n->pos : n->neg;
    acp_bsp_node_sphere_intersects_solid_poly(t, first, check_pos, radius, center_solid, hit_poly, center_check);
    if (!*hit_poly)
        return acp_bsp_node_sphere_intersects_solid_poly(t, second, check_pos, radius, center_solid, hit_poly, false);
    return *center_solid;
}

bool acp_bsp_node_hits_walkable(const acp_bsp_tree *t, const acp_bsp_node *n, acp_sphere_path *path,
                                const acp_sphere *valid_pos, const acp_vec3 *up)
{
    if (!n) return false;
    if (is_leaf(n)) return acp_bsp_leaf_hits_walkable(t, n, path, valid_pos, up);
    if (!acp_bsp_sphere_intersects(&n->sphere, valid_pos)) return false;
    double dist = dist_zy_xn(n, valid_pos->center);
    double reach = (double)valid_pos->radius - ACP_F_EPSILON;
    if (dist >= reach) return acp_bsp_node_hits_walkable(t, n->pos, path, valid_pos, up);
    if (dist <= -reach) return acp_bsp_node_hits_walkable(t, n->neg, path, valid_pos, up);
    if (acp_bsp_node_hits_walkable(t, n->pos, path, valid_pos, up)) return true;
    return acp_bsp_node_hits_walkable(t, n->neg, path, valid_pos, up);
}

void acp_bsp_node_find_walkable(const acp_bsp_tree *t, const acp_bsp_node *n, acp_sphere_path *path,
                                acp_sphere *valid_pos, const acp_cpolygon **polygon, const acp_vec3 *movement,
                                const acp_vec3 *up, bool *changed)
{
    if (!n) return;
    if (is_leaf(n)) {
        acp_bsp_leaf_find_walkable(t, n, path, valid_pos, polygon, movement, up, changed);
        return;
    }
    if (!acp_bsp_sphere_intersects(&n->sphere, valid_pos)) return;
    double dist = dist_zy_xn(n, valid_pos->center);
    double reach = (double)valid_pos->radius - ACP_F_EPSILON;
    if (dist >= reach) {
        acp_bsp_node_find_walkable(t, n->pos, path, valid_pos, polygon, movement, up, changed);
        return;
    }
    if (dist <= -reach) {
        acp_bsp_node_find_walkable(t, n->neg, path, valid_pos, polygon, movement, up, changed);
        return;
    }
    acp_bsp_node_find_walkable(t, n->pos, path, valid_pos, polygon, movement, up, changed);
    acp_bsp_node_find_walkable(t, n->neg, path, valid_pos, polygon, movement, up, changed);
}

bool acp_bsp_node_point_intersects_solid(const acp_bsp_node *n, acp_vec3 point)
{
    while (n && !is_leaf(n)) {
        double dist = (double)n->plane_n.z * point.z + (double)n->plane_n.y * point.y +
                      (double)n->plane_n.x * point.x + n->plane_d;
        n = dist < 0.0 ? n->neg : n->pos;
    }
    return n && n->num_polys != 0;
}

/* A leaf's plane is zero (on it), so reaching one continues to its missing positive child:
 * inside. Retail never sets a leaf's splitting_plane and reads it here (DEVIATIONS B6). */
bool acp_bsp_node_point_inside_cell_bsp(const acp_bsp_node *n, acp_vec3 o)
{
    for (;;) {
        double dist =
            (double)n->plane_n.y * o.y + (double)n->plane_n.z * o.z + (double)n->plane_n.x * o.x + n->plane_d;
        if (dist < -ACP_F_EPSILON) return false;
        if (!n->pos) return true;
        n = n->pos;
    }
}

/* n's plane as a Plane (for which_side). */
static acp_plane node_plane(const acp_bsp_node *n) { return (acp_plane){n->plane_n, n->plane_d}; }

bool acp_bsp_node_box_intersects_cell_bsp(const acp_bsp_node *n, const acp_bbox *box)
{
    const acp_vec3 lo = box->min, hi = box->max;
    for (;;) {
        double dist = (double)lo.z * n->plane_n.z + (double)lo.y * n->plane_n.y + (double)lo.x * n->plane_n.x +
                      n->plane_d;
        if (dist <= ACP_F_EPSILON && dist < -ACP_F_EPSILON) {
            /* The other seven corners in retail's order, each behind the plane: outside. */
            const acp_plane pl = node_plane(n);
            const acp_vec3 corners[7] = {
                {hi.x, hi.y, hi.z}, {lo.x, lo.y, hi.z}, {lo.x, hi.y, lo.z}, {hi.x, lo.y, lo.z},
                {hi.x, lo.y, hi.z}, {lo.x, hi.y, hi.z}, {hi.x, hi.y, lo.z},
            };
            int k = 0;
            while (k < 7 && acp_plane_which_side(&pl, corners[k], ACP_F_EPSILON) == 1) k++;
            if (k == 7) return false;
        }
        if (!n->pos) return true;
        n = n->pos;
    }
}

static double cell_dist(const acp_bsp_node *n, acp_vec3 c)
{
    return (double)n->plane_n.y * c.y + (double)n->plane_n.z * c.z + (double)n->plane_n.x * c.x + n->plane_d;
}

/* The first plane is tested with the grown radius in double, the ones down the positive chain
 * with it stored as a float. */
int acp_bsp_node_sphere_intersects_cell_bsp(const acp_bsp_node *n, const acp_sphere *s)
{
    double dist = cell_dist(n, s->center);
    double reach = (double)s->radius + CELL_SPHERE_PAD;
    float reach_f = (float)reach;
    if (dist <= -reach) return 0;
    for (;;) {
        n = n->pos;
        if (dist < reach) break;
        if (!n) return 2;
        dist = cell_dist(n, s->center);
        reach = reach_f;
        if (dist <= -(double)reach_f) return 0;
    }
    if (n) return acp_bsp_node_sphere_intersects_cell_bsp(n, s) != 0;
    return 1;
}
