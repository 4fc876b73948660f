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

