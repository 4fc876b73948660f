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
