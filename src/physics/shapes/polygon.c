/* acphys — retail CPolygon (Plane is geometry/plane.c). See polygon.h. Read against PORTAL/cgeometry/
 * CPolygon.c and the Plane functions in PORTAL/cphysics/CTransition.c and ccell/CLandBlock.c. */
#include "polygon.h"

#include <math.h>

void acp_polygon_make_plane(acp_polygon *p)
{
    const acp_vec3 *v0 = &p->vertices[0];
    double nx = 0.0, ny = 0.0;
    float nz = 0.0f;
    for (uint32_t i = 1; i + 1 < p->num_pts; i++) {
        const acp_vec3 *a = &p->vertices[i], *b = &p->vertices[i + 1];
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
    for (uint32_t i = 0; i < p->num_pts; i++) {
        const acp_vec3 *v = &p->vertices[i];
        sum = sum + (double)n2 * v->z + (double)n1 * v->y + (double)n0 * v->x;
    }
    p->plane.d = (float)(-(sum / (double)p->num_pts));
    p->plane.n = (acp_vec3){n0, n1, n2};
}

bool acp_polygon_point_in_poly2d(const acp_polygon *p, acp_vec3 point, int side)
{
    const acp_vec3 *q = &p->vertices[0];
    for (int i = (int)p->num_pts - 1; i >= 0; i--) {
        const acp_vec3 *e = &p->vertices[i];
        double dy = (double)q->y - e->y;
        double dx = (double)e->x - q->x;
        double s = -(dy * e->x) - dx * e->y + dx * point.y + dy * point.x;
        if (side ? s < 0.0 : s > 0.0) return false;
        q = e;
    }
    return true;
}

