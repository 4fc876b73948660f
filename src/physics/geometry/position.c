/* acphys — retail Position (LandDefs is landdefs.c). See position.h. Operand order and float stores follow
 * the retail decompilation (PORTAL/cphysics/CTransition.c Position::get_offset,
 * ENGINE/render_base/SceneTool.c LandDefs::get_block_offset, PORTAL/geometry/LandDefs.c). */
#include "position.h"

#include <math.h>

acp_vec3 acp_position_get_offset(const acp_position *from, const acp_position *to)
{
    acp_vec3 bo = acp_landdefs_get_block_offset(from->objcell_id, to->objcell_id);
    double x = (double)bo.x + to->frame.origin.x;
    float y = (float)((double)bo.y + to->frame.origin.y);
    float z = (float)((double)bo.z + to->frame.origin.z);
    acp_vec3 r;
    r.y = (float)((double)y - from->frame.origin.y);
    r.x = (float)(x - from->frame.origin.x);
    r.z = (float)((double)z - from->frame.origin.z);
    return r;
}

double acp_position_distance(const acp_position *from, const acp_position *to)
{
    acp_vec3 d = acp_position_get_offset(from, to);
    return sqrt((double)d.x * d.x + (double)d.y * d.y + (double)d.z * d.z);
}


/* from's frame applied to v, each axis in retail's operand order, stored as floats. */
static acp_vec3 frame_apply(const acp_frame *f, acp_vec3 v)
{
    const float *m = f->m;
    acp_vec3 r;
    r.x = (float)((double)m[3] * v.y + (double)m[0] * v.x + (double)m[6] * v.z + f->origin.x);
    r.y = (float)((double)m[4] * v.y + (double)m[1] * v.x + (double)m[7] * v.z + f->origin.y);
    r.z = (float)((double)m[5] * v.y + (double)m[2] * v.x + (double)m[8] * v.z + f->origin.z);
    return r;
}

acp_vec3 acp_position_localtoglobal_from(const acp_position *to, const acp_position *from, acp_vec3 v)
{
    acp_vec3 g = frame_apply(&from->frame, v);
    acp_vec3 off = acp_landdefs_get_block_offset(to->objcell_id, from->objcell_id);
    return (acp_vec3){(float)((double)off.x + g.x), (float)((double)off.y + g.y), (float)((double)off.z + g.z)};
}

acp_vec3 acp_position_localtolocal(const acp_position *to, const acp_position *from, acp_vec3 v)
{
    return acp_frame_globaltolocal(&to->frame, acp_position_localtoglobal_from(to, from, v));
}
