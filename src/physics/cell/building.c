/* acphys — retail CBuildingObj. See building.h. Read against PORTAL/cphysobj/CBuildingObj.c,
 * PORTAL/ccell/CSortCell.c, CEnvCell.c (check_building_transit), PORTAL/cgeometry/CBldPortal.c. */
#include "building.h"

#include "envcell.h"
#include "terrain.h"
#include "physics/geometry/frame.h"
#include "physics/object/physics_part.h"

acp_transition_state acp_building_find_collisions(const acp_building_obj *b, acp_transition *t)
{
    if (!b->has_shell) return ACP_TS_OK;
    t->sphere_path.bldg_check = true;
    acp_transition_state ts = (acp_transition_state)acp_physics_part_find_obj_collisions(
        &b->shell, &b->pos, (acp_vec3){1.0f, 1.0f, 1.0f}, t);
    t->sphere_path.bldg_check = false;
    if (ts != ACP_TS_OK && !(t->object_info.state & ACP_CONTACT_OI)) t->collision_info.collided_with_environment = true;
    return ts;
}

/* Retail CEnvCell::check_building_transit (0x0052C5D0). */
static void check_building_transit(const acp_env_cell *c, int portal_id, uint32_t num_sphere, const acp_sphere *spheres,
                                   acp_cell_array *ca, acp_sphere_path *path)
{
    if (portal_id < 0) return;
    for (uint32_t k = 0; k < num_sphere; k++) {
        acp_sphere local = {acp_frame_globaltolocal(&c->base.pos.frame, spheres[k].center), spheres[k].radius};
        if (!acp_env_cell_sphere_intersects_cell(c, &local)) continue;
        if (path) path->hits_interior_cell = true;
        acp_cell_array_add(ca, c->base.id, &c->base);
        return;
    }
}

void acp_building_find_transit_cells(const acp_building_obj *b, const acp_terrain *terrain, uint32_t num_sphere,
                                     const acp_sphere *spheres, acp_cell_array *ca, acp_sphere_path *path)
{
    for (uint32_t i = 0; i < b->num_portals; i++) {
        const acp_env_cell *c = acp_terrain_get_envcell(terrain, b->portals[i].other_cell_id);
        /* other_portal_id is a u16 read into an int (never negative). */
        if (c) check_building_transit(c, (int)b->portals[i].other_portal_id, num_sphere, spheres, ca, path);
    }
}

void acp_building_find_transit_parts(const acp_building_obj *b, const acp_terrain *terrain, const acp_cell_parts *parts,
                                     acp_cell_array *ca)
{
    for (uint32_t i = 0; i < b->num_portals; i++) {
        const acp_env_cell *c = acp_terrain_get_envcell(terrain, b->portals[i].other_cell_id);
        if (c) acp_env_cell_check_building_transit_parts(c, terrain, (int)b->portals[i].other_portal_id, parts, ca);
    }
}
