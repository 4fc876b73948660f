/* acphys — retail Plane (PORTAL/geometry/Plane.c). See plane.h. */
#include "plane.h"
#include <math.h>

void acp_plane_snap_to_plane(const acp_plane *plane, acp_vec3 *offset)
{
    const acp_vec3 n = plane->n;
    if (!(fabs((double)n.z) > ACP_F_EPSILON)) return;
    offset->z = 0.0f;
    double inv = 1.0 / n.z;
    offset->z = (float)(-((double)offset->y * n.y + (double)offset->x * n.x + n.z * 0.0 + plane->d) * inv -
                        inv * -(double)plane->d);
}

bool acp_plane_set_height(const acp_plane *plane, acp_vec3 *point)
{
    const acp_vec3 n = plane->n;
    if (fabs((double)n.z) <= ACP_F_EPSILON) return false;
    point->z = (float)(-(((double)point->y * n.y + (double)point->x * n.x + plane->d) / n.z));
    return true;
}

int acp_plane_which_side(const acp_plane *p, acp_vec3 v, float epsilon)
{
    double dist = (double)v.z * p->n.z + (double)v.y * p->n.y + (double)v.x * p->n.x + p->d;
    if (dist > epsilon) return 0;
    return dist >= -(double)epsilon ? 2 : 1;
}

int acp_plane_intersect_box(const acp_plane *p, const acp_bbox *b)
{
    const acp_vec3 lo = b->min, hi = b->max;
    double dist = (double)lo.z * p->n.z + (double)lo.y * p->n.y + (double)lo.x * p->n.x + p->d;
    int side;
    if (dist <= ACP_F_EPSILON) {
        if (dist >= -ACP_F_EPSILON) return 3;
        side = 1;
    } else {
        side = 0;
    }
    /* The other seven corners in retail's order; any on another side (or on the plane): 3. */
    const acp_vec3 corners[7] = {
        {hi.x, hi.y, hi.z}, {hi.x, lo.y, lo.z}, {lo.x, hi.y, lo.z}, {lo.x, lo.y, hi.z},
        {hi.x, hi.y, lo.z}, {hi.x, lo.y, hi.z}, {lo.x, hi.y, hi.z},
    };
    for (int k = 0; k < 7; k++)
        if (acp_plane_which_side(p, corners[k], ACP_F_EPSILON) != side) return 3;
    return side;
}
