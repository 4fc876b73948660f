/* acphys — retail CPolygon (Plane is geometry/plane.c). See polygon.h. Read against PORTAL/cgeometry/
 * CPolygon.c and the Plane functions in PORTAL/cphysics/CTransition.c and ccell/CLandBlock.c. */
#include "polygon.h"

#include <math.h>

acp_plane acp_polygon_plane_of(const acp_vec3 *vertices, uint32_t n)
{
    const acp_vec3 *v0 = &vertices[0];
    double nx = 0.0, ny = 0.0;
    float nz = 0.0f;
    for (uint32_t i = 1; i + 1 < n; i++) {
        const acp_vec3 *a = &vertices[i], *b = &vertices[i + 1];
        double bx = (double)b->x - v0->x;
        double by = (double)b->y - v0->y;
        double bz = (double)b->z - v0->z;
        float ax = (float)((double)a->x - v0->x);
        float ay = (float)((double)a->y - v0->y);
        double az = (double)a->z - v0->z;
        float cx = (float)(ay * bz - az * by);
        float cy = (float)(az * bx - bz * ax);
        nx = nx + cx;
        ny = ny + cy;
        nz = (float)(by * ax - ay * bx + nz);
    }
    double inv = 1.0 / sqrt((double)nz * nz + ny * ny + nx * nx);
    float inv_f = (float)inv;
    float n0 = (float)(inv * nx);
    float n1 = (float)(inv_f * ny);
    float n2 = (float)((double)inv_f * nz);
    double sum = 0.0;
    for (uint32_t i = 0; i < n; i++) {
        const acp_vec3 *v = &vertices[i];
        sum = sum + (double)n2 * v->z + (double)n1 * v->y + (double)n0 * v->x;
    }
    acp_plane out;
    out.d = (float)(-(sum / (double)n));
    out.n = (acp_vec3){n0, n1, n2};
    return out;
}

/* point_in_poly2D's loop (0x00538060) runs e from the last vertex down to the first, q being
 * the vertex before it in that walk (vertices[0] at the start): its sum
 * −(dy·e.x) − dx·e.y + dx·point.y + dy·point.x, left to right, starts with the two terms that
 * do not depend on the point; they are kept with dx and dy. */
static void cache_edges(acp_polygon *p)
{
    const acp_vec3 *q = &p->vertices[0];
    uint32_t k = 0;
    for (int i = (int)p->num_pts - 1; i >= 0 && k < ACP_MAX_POLYGON_POINTS; i--, k++) {
        const acp_vec3 *e = &p->vertices[i];
        double dy = (double)q->y - e->y;
        double dx = (double)e->x - q->x;
        p->edge_dx[k] = dx;
        p->edge_dy[k] = dy;
        p->edge_c[k] = -(dy * e->x) - dx * e->y;
        q = e;
    }
}

void acp_polygon_make_plane(acp_polygon *p)
{
    p->plane = acp_polygon_plane_of(p->vertices, p->num_pts);
    cache_edges(p);
}


/* ---- CPolygon of GfxObjs and CellStructs (acp_cpolygon) ----
 * The edge loops run vertex i against the one before it (the last vertex for i = 0), as retail:
 * edge = v[i] − v[i−1], disp = point − v[i−1], and the edge's inward test disp·(N × edge) ≥ 0.
 * Where the listing makes an x87 flag test whose operands Hex-Rays lost (docs/DEVIATIONS.md
 * B2), the reading is named at the test. */

/* The plane's value at point: n·p + d in retail's order (y, z, x for a sphere centre). */
static double plane_dist_yzx(const acp_plane *pl, acp_vec3 c)
{
    return (double)pl->n.y * c.y + (double)pl->n.z * c.z + (double)c.x * pl->n.x + pl->d;
}

/* One edge of the edge loops: edge (floats, z also kept in double as retail's register), disp
 * (floats, z in double) and disp·(N × edge) as retail evaluates it. */
typedef struct edge_test {
    float ex, ey, ez, dx, dy, dz;
    double ez_d, dz_d, dot;
} edge_test;

static edge_test edge_at(const acp_plane *pl, const acp_vec3 *last, const acp_vec3 *cur, acp_vec3 pt)
{
    edge_test e;
    e.ex = (float)((double)cur->x - last->x);
    e.ey = (float)((double)cur->y - last->y);
    e.ez_d = (double)cur->z - last->z;
    e.ez = (float)e.ez_d;
    e.dx = (float)((double)pt.x - last->x);
    e.dy = (float)((double)pt.y - last->y);
    e.dz_d = (double)pt.z - last->z;
    e.dz = (float)e.dz_d;
    const acp_vec3 n = pl->n;
    e.dot = e.dz_d * ((double)e.ey * n.x - (double)e.ex * n.y) + (double)e.dy * ((double)e.ex * n.z - (double)e.ez * n.x) +
            (double)e.dx * (e.ez_d * n.y - (double)e.ey * n.z);
    return e;
}

/* The lost test of the edge loops (B2): the point is farther outside the edge's line than the
 * reach: (disp·(N×edge))² > |N×edge|²·reach², read as !(|N×edge|²·reach² >= dot²) (c0|c2:
 * less or unordered). */
static bool beyond_edge(const acp_plane *pl, const edge_test *e, float reach_sq)
{
    const acp_vec3 n = pl->n;
    double cx = e->ez_d * n.y - (double)e->ey * n.z;
    double cy = (double)e->ex * n.z - (double)e->ez * n.x;
    double cz = (double)e->ey * n.x - (double)e->ex * n.y;
    double cross_sq = cx * cx + cy * cy + cz * cz;
    return !(cross_sq * reach_sq >= e->dot * e->dot);
}

static bool within_edge_span(const edge_test *e)
{
    double along = (double)e->dz * e->ez + (double)e->dy * e->ey + (double)e->dx * e->ex;
    return along >= 0.0 && along <= (double)e->ez * e->ez + (double)e->ey * e->ey + (double)e->ex * e->ex;
}

static bool near_vertex(const edge_test *e, float reach_sq)
{
    return (double)e->dz * e->dz + (double)e->dy * e->dy + (double)e->dx * e->dx <= reach_sq;
}

/* The second loop of slow_but_sure and of check_walkable: 1 on a touch, 0 when the point is
 * beyond an edge's reach; `fallback` otherwise (slow_but_sure 0; check_walkable 1 unless an
 * edge was failed). */
static bool edges_reach(const acp_cpolygon *p, acp_vec3 pt, float reach_sq, bool clear_on_fail, bool fallback)
{
    bool result = fallback;
    const acp_vec3 *last = &p->vertices[p->num_pts - 1];
    for (uint32_t i = 0; i < p->num_pts; i++) {
        const acp_vec3 *cur = &p->vertices[i];
        edge_test e = edge_at(&p->plane, last, cur, pt);
        last = cur;
        if (e.dot < 0.0) {
            if (beyond_edge(&p->plane, &e, reach_sq)) return false;
            if (within_edge_span(&e)) return true;
            if (clear_on_fail) result = false;
        }
        if (near_vertex(&e, reach_sq)) return true;
    }
    return result;
}

bool acp_cpolygon_hits_sphere_slow_but_sure(const acp_cpolygon *p, const acp_sphere *object, acp_vec3 *contact_pt)
{
    const acp_vec3 n = p->plane.n, c = object->center;
    double dist = plane_dist_yzx(&p->plane, c);
    double reach = (double)object->radius - ACP_F_EPSILON;
    if (!(reach >= fabs(dist))) return false;
    float reach_sq = (float)(reach * reach - dist * dist);
    float dz = (float)(dist * n.z);
    contact_pt->x = (float)((double)c.x - dist * n.x);
    contact_pt->y = (float)((double)c.y - dist * n.y);
    contact_pt->z = (float)((double)c.z - dz);
    if (p->num_pts == 0) return true;
    /* First pass: inside every edge is a touch. */
    const acp_vec3 *last = &p->vertices[p->num_pts - 1];
    bool outside = false;
    for (uint32_t i = 0; i < p->num_pts && !outside; i++) {
        const acp_vec3 *cur = &p->vertices[i];
        double ex = (double)cur->x - last->x, ey = (double)cur->y - last->y, ez = (double)cur->z - last->z;
        float cx = (float)(ez * n.y - ey * n.z);
        float cy = (float)(ex * n.z - ez * n.x);
        double dot = ((double)contact_pt->z - last->z) * (ey * n.x - ex * n.y) +
                     ((double)contact_pt->y - last->y) * cy + ((double)contact_pt->x - last->x) * cx;
        outside = dot < 0.0;
        last = cur;
    }
    if (!outside) return true;
    return edges_reach(p, *contact_pt, reach_sq, false, false);
}

bool acp_cpolygon_hits_sphere(const acp_cpolygon *p, const acp_sphere *object)
{
    acp_vec3 contact_pt;
    return acp_cpolygon_hits_sphere_slow_but_sure(p, object, &contact_pt);
}

bool acp_cpolygon_pos_hits_sphere(const acp_cpolygon *p, const acp_sphere *object, const acp_vec3 *movement,
                                  acp_vec3 *contact_pt, const acp_cpolygon **struck_poly)
{
    bool hit = acp_cpolygon_hits_sphere_slow_but_sure(p, object, contact_pt);
    if (hit) *struck_poly = p;
    const acp_vec3 n = p->plane.n;
    if ((double)n.z * movement->z + (double)n.y * movement->y + (double)n.x * movement->x >= 0.0) return false;
    return hit;
}

double acp_cpolygon_adjust_sphere_to_poly(const acp_cpolygon *p, const acp_sphere *check_pos, acp_vec3 curr_pos,
                                          acp_vec3 movement)
{
    const acp_vec3 n = p->plane.n;
    float dist = (float)((double)n.z * curr_pos.z + (double)n.y * curr_pos.y + (double)curr_pos.x * n.x + p->plane.d);
    if (!((double)check_pos->radius <= fabs((double)dist))) return 1.0;
    double dm = (double)n.z * movement.z + (double)n.y * movement.y + (double)movement.x * n.x;
    if (!(fabs(dm) >= ACP_F_EPSILON)) return 0.0;
    /* The sign test's operands are lost (B2): the touching distance is −radius when the sphere
     * starts behind the plane (dist ≤ 0, c0|c3). */
    double r = check_pos->radius;
    if (dist <= 0.0f) r = -r;
    return (r - dist) / dm;
}

void acp_cpolygon_adjust_to_placement_poly(const acp_cpolygon *p, acp_sphere *struck_sphere, acp_sphere *other_sphere,
                                           float radius, bool center_solid, bool solid_check)
{
    const acp_vec3 n = p->plane.n;
    double dist = plane_dist_yzx(&p->plane, struck_sphere->center);
    double push;
    if (solid_check) {
        double r = radius;
        if (center_solid) r = r * -1.0;
        if (dist <= 0.0) r = -r;
        push = r - dist;
    } else {
        push = (double)radius - dist;
    }
    float py = (float)(push * n.y);
    double px = push * n.x;
    float pz = (float)(push * n.z);
    struck_sphere->center.x = (float)(px + struck_sphere->center.x);
    struck_sphere->center.y = (float)((double)py + struck_sphere->center.y);
    struck_sphere->center.z = (float)((double)pz + struck_sphere->center.z);
    other_sphere->center.x = (float)(px + other_sphere->center.x);
    other_sphere->center.y = (float)((double)py + other_sphere->center.y);
    other_sphere->center.z = (float)((double)pz + other_sphere->center.z);
}

bool acp_cpolygon_point_in_polygon(const acp_cpolygon *p, acp_vec3 point)
{
    const acp_vec3 n = p->plane.n;
    const acp_vec3 *last = &p->vertices[p->num_pts ? p->num_pts - 1 : 0];
    for (uint32_t i = 0; i < p->num_pts; i++) {
        const acp_vec3 *cur = &p->vertices[i];
        double ex = (double)cur->x - last->x, ey = (double)cur->y - last->y, ez = (double)cur->z - last->z;
        float cx = (float)(ez * n.y - ey * n.z);
        float cy = (float)(ex * n.z - ez * n.x);
        double dot = ((double)point.z - last->z) * (ey * n.x - ex * n.y) + ((double)point.y - last->y) * cy +
                     ((double)point.x - last->x) * cx;
        if (dot < 0.0) return false;
        last = cur;
    }
    return true;
}

/* The sphere's centre moved along up onto the plane; false when up lies in the plane. */
static bool project_along_up(const acp_cpolygon *p, const acp_sphere *sphere, const acp_vec3 *up, acp_vec3 *center)
{
    const acp_vec3 n = p->plane.n, c = sphere->center;
    double nu = (double)n.y * up->y + (double)n.z * up->z + (double)up->x * n.x;
    if (fabs(nu) < ACP_F_EPSILON) return false;
    double num = (double)n.z * c.z + (double)n.y * c.y;
    double t = (num + (double)c.x * n.x + p->plane.d) / nu;
    float ty = (float)(t * up->y);
    float tz = (float)(t * up->z);
    center->x = (float)((double)c.x - t * up->x);
    center->y = (float)((double)c.y - ty);
    center->z = (float)((double)c.z - tz);
    return true;
}

bool acp_cpolygon_check_walkable(const acp_cpolygon *p, const acp_sphere *sphere, const acp_vec3 *up)
{
    acp_vec3 center;
    if (!project_along_up(p, sphere, up, &center)) return false;
    float reach_sq = (float)((double)sphere->radius * sphere->radius);
    if (p->num_pts == 0) return true;
    return edges_reach(p, center, reach_sq, true, true);
}

bool acp_cpolygon_check_small_walkable(const acp_cpolygon *p, const acp_sphere *sphere, const acp_vec3 *up)
{
    acp_vec3 center;
    if (!project_along_up(p, sphere, up, &center)) return false;
    float reach_sq = (float)((double)sphere->radius * sphere->radius * 0.25);
    if (p->num_pts == 0) return true;
    return edges_reach(p, center, reach_sq, true, true);
}

bool acp_cpolygon_find_crossed_edge(const acp_cpolygon *p, const acp_sphere *sphere, const acp_vec3 *up,
                                    acp_vec3 *normal)
{
    const acp_vec3 n = p->plane.n, c = sphere->center;
    double nu = (double)n.y * up->y + (double)n.z * up->z + (double)n.x * up->x;
    if (!(fabs(nu) >= ACP_F_EPSILON)) return false;
    double t = ((double)n.z * c.z + (double)n.y * c.y + (double)n.x * c.x + p->plane.d) / nu;
    float ty = (float)(t * up->y);
    float tz = (float)(t * up->z);
    acp_vec3 center = {(float)((double)c.x - t * up->x), (float)((double)c.y - ty), (float)((double)c.z - tz)};
    const acp_vec3 *last = &p->vertices[p->num_pts ? p->num_pts - 1 : 0];
    for (uint32_t i = 0; i < p->num_pts; i++) {
        const acp_vec3 *cur = &p->vertices[i];
        edge_test e = edge_at(&p->plane, last, cur, center);
        /* Here the centre's offsets stay in registers (no float stores, unlike edge_at's). */
        double dot = ((double)center.z - last->z) * ((double)e.ey * n.x - (double)e.ex * n.y) +
                     ((double)center.y - last->y) * ((double)e.ex * n.z - (double)e.ez * n.x) +
                     ((double)center.x - last->x) * (e.ez_d * n.y - (double)e.ey * n.z);
        last = cur;
        /* The test's operand is lost (B2): the centre is outside this edge (dot < 0, c0|c2). */
        if (dot >= 0.0) continue;
        float nx = (float)((double)e.ez * n.y - (double)e.ey * n.z);
        float ny = (float)((double)e.ex * n.z - (double)e.ez * n.x);
        double a = (double)e.ey * n.x;
        double b = (double)e.ex * n.y;
        float nz = (float)(a - b);
        double len = sqrt((double)nx * nx + (double)ny * ny + (double)nz * nz);
        normal->x = (float)(1.0 / len * nx);
        normal->y = (float)(1.0 / len * ny);
        normal->z = (float)(1.0 / len * nz);
        return true;
    }
    return false;
}

bool acp_cpolygon_walkable_hits_sphere(const acp_cpolygon *p, float walkable_allowance, const acp_sphere *object,
                                       const acp_vec3 *up)
{
    const acp_vec3 n = p->plane.n;
    if (!((double)n.z * up->z + (double)n.y * up->y + (double)up->x * n.x > walkable_allowance)) return false;
    /* Retail then compares with CPolygon::polygon_hits_sphere and, when they differ, calls both
     * again; the results are dropped, so the answer is slow_but_sure's. */
    acp_vec3 contact_pt;
    return acp_cpolygon_hits_sphere_slow_but_sure(p, object, &contact_pt);
}

bool acp_cpolygon_adjust_sphere_to_plane(const acp_cpolygon *p, float *walk_interp, acp_sphere *valid_pos,
                                         const acp_vec3 *movement)
{
    const acp_vec3 n = p->plane.n;
    double dist = plane_dist_yzx(&p->plane, valid_pos->center);
    double dm = (double)n.z * movement->z + (double)n.y * movement->y + (double)n.x * movement->x;
    double gap;
    if (dm <= ACP_F_EPSILON) {
        if (dm >= -ACP_F_EPSILON) return false;
        gap = dist - valid_pos->radius;
    } else {
        gap = -(double)valid_pos->radius - dist;
    }
    double t = gap / dm;
    double interp = (1.0 - t) * *walk_interp;
    float interp_f = (float)interp;
    if (interp >= (double)*walk_interp || interp_f < -0.5f) return false;
    float my = (float)(t * movement->y);
    float mz = (float)(t * movement->z);
    valid_pos->center.x = (float)((double)valid_pos->center.x - t * movement->x);
    valid_pos->center.y = (float)((double)valid_pos->center.y - my);
    valid_pos->center.z = (float)((double)valid_pos->center.z - mz);
    *walk_interp = interp_f;
    return true;
}
