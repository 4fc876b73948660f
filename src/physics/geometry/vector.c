/* acphys — retail Vector3 helpers (PORTAL/geometry/Vector.c). See frame.h. */
#include "frame.h"
#include <math.h>
#include <string.h>
#include "mathx.h"

bool acp_vec3_normalize_check_small(acp_vec3 *v)
{
    double len = sqrt((double)v->x * v->x + (double)v->y * v->y + (double)v->z * v->z);
    if (!(len >= ACP_F_EPSILON)) return true;
    v->x = (float)(1.0 / len * v->x);
    v->y = (float)(1.0 / len * v->y);
    v->z = (float)(1.0 / len * v->z);
    return false;
}

double acp_vec3_get_heading(acp_vec3 v)
{
    acp_vec3 n = {v.x, v.y, 0.0f};
    if (acp_vec3_normalize_check_small(&n)) return 0.0;
    return acp_fmod(450.0 - acp_atan2(n.y, n.x) * ACP_RAD_TO_DEG, 360.0);
}

bool acp_vec3_close(acp_vec3 a, acp_vec3 b)
{
    return fabs((double)a.x - b.x) <= ACP_F_EPSILON && fabs((double)a.y - b.y) <= ACP_F_EPSILON &&
           fabs((double)a.z - b.z) <= ACP_F_EPSILON;
}

bool acp_vec3_is_zero(acp_vec3 v)
{
    return fabs((double)v.x) < ACP_F_EPSILON && fabs((double)v.y) < ACP_F_EPSILON &&
           fabs((double)v.z) < ACP_F_EPSILON;
}

acp_vec3 acp_vec3_div(acp_vec3 v, float d)
{
    double inv = 1.0 / d;
    float inv_f = (float)inv;
    acp_vec3 r;
    r.y = (float)((double)inv_f * v.y);
    r.x = (float)(inv * v.x);
    r.z = (float)((double)inv_f * v.z);
    return r;
}
