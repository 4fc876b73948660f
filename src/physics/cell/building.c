/* acphys — retail CBuildingObj. See building.h. Read against PORTAL/cphysobj/CBuildingObj.c,
 * PORTAL/ccell/CSortCell.c, CEnvCell.c (check_building_transit), PORTAL/cgeometry/CBldPortal.c. */
#include "building.h"

#include <string.h>

#include "envcell.h"
#include "terrain.h"
#include "physics/geometry/frame.h"
#include "physics/object/partarray.h"
#include "physics/object/physics_part.h"

bool acp_building_make_shell(acp_building_obj *b, const acp_building_shell *shell)
{
    b->shell_pos = b->pos;
    b->shell_scale = (acp_vec3){1.0f, 1.0f, 1.0f};
    b->has_shell = false;
    if (!shell || !shell->gfxobj) return true;
    /* A GfxObj shell: CreateMesh's one-part Setup (CSetup::makeSimpleSetup 0x00520090: the part
     * at the identity under placement 0), placed like a Setup's below. */
    uint32_t part = shell->gfxobj->id;
    acp_aframe part_frame = {{0.0f, 0.0f, 0.0f}, 1.0f, 0.0f, 0.0f, 0.0f};
    acp_placement placement;
    memset(&placement, 0, sizeof placement);
    placement.frame.parts = &part_frame;
    acp_setup simple;
    memset(&simple, 0, sizeof simple);
    simple.flags = 0x4; /* allow_free_heading */
    simple.num_parts = 1;
    simple.parts = &part;
    simple.num_placements = 1;
    simple.placements = &placement;
    const acp_setup *setup = shell->setup ? shell->setup : &simple;
    /* InitPartArrayObject → CreateSetup or CreateMesh (the placement frame Resting, else 0);
     * then set_initial_frame places the parts at the building's frame (CPartArray::UpdateParts:
     * Frame::combine with each part's frame). A Setup without parts has no part 0 to collide
     * with. */
    if (!setup->num_parts) return true;
    acp_partarray *pa = acp_partarray_create(NULL, setup, NULL);
    if (!pa) return false;
    acp_partarray_set_frame(pa, &b->pos.frame);
    b->shell_pos.frame = acp_partarray_part_frames(pa)[0];
    b->shell_scale = pa->part_gfx_scale[0];
    acp_partarray_destroy(pa);
    uint32_t bad = 0;
    if (!acp_gfxobj_physics_build(&b->shell, shell->gfxobj, &bad)) return false;
    b->has_shell = b->shell.has_physics_bsp;
    return true;
}

acp_transition_state acp_building_find_collisions(const acp_building_obj *b, acp_transition *t)
{
    if (!b->has_shell) return ACP_TS_OK;
    t->sphere_path.bldg_check = true;
    acp_transition_state ts = (acp_transition_state)acp_physics_part_find_obj_collisions(
        &b->shell, &b->shell_pos, b->shell_scale, t);
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

/* The portal's other_portal_id as retail holds it: CBldPortal::UnPack (0x0053BC40) reads the
 * stored word as an __int16 and sign-extends it into the int field, so a word of 0x8000 or more
 * is negative (and check_building_transit then does nothing). */
static int other_portal_id(const acp_bld_portal *p)
{
    return (int)(int16_t)p->other_portal_id;
}

void acp_building_find_transit_cells(const acp_building_obj *b, const acp_terrain *terrain, uint32_t num_sphere,
                                     const acp_sphere *spheres, acp_cell_array *ca, acp_sphere_path *path)
{
    for (uint32_t i = 0; i < b->num_portals; i++) {
        const acp_env_cell *c = acp_terrain_get_envcell(terrain, b->portals[i].other_cell_id);
        if (c) check_building_transit(c, other_portal_id(&b->portals[i]), num_sphere, spheres, ca, path);
    }
}

void acp_building_find_transit_parts(const acp_building_obj *b, const acp_terrain *terrain, const acp_cell_parts *parts,
                                     acp_cell_array *ca)
{
    for (uint32_t i = 0; i < b->num_portals; i++) {
        const acp_env_cell *c = acp_terrain_get_envcell(terrain, b->portals[i].other_cell_id);
        if (c) acp_env_cell_check_building_transit_parts(c, terrain, other_portal_id(&b->portals[i]), parts, ca);
    }
}
