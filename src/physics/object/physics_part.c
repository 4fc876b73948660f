/* acphys — retail CPhysicsPart::find_obj_collisions (see physics_part.h). Read against
 * PORTAL/cphysobj/CPhysicsPart.c. */
#include "physics_part.h"

#include <stddef.h>

#include "physics/shapes/gfxobj.h"
#include "physics/world/transition.h"

int acp_physics_part_find_obj_collisions(const struct acp_gfxobj_physics *gfx, const acp_position *pos,
                                         acp_vec3 gfxobj_scale, struct acp_transition *t)
{
    if (!gfx || !gfx->has_physics_bsp) return ACP_TS_OK;
    acp_spherepath_cache_localspace_sphere(&t->sphere_path, pos, gfxobj_scale.z);
    return acp_gfxobj_find_obj_collisions(gfx, t, gfxobj_scale.z);
}
