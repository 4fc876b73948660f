/* acphys — retail CGfxObj's physics (see gfxobj.h). Read against PORTAL/gfxobj/CGfxObj.c. */
#include "physics/shapes/gfxobj.h"

#include "physics/geometry/bbox.h"

#include <string.h>

bool acp_gfxobj_physics_build(acp_gfxobj_physics *g, const acp_gfxobj *record, uint32_t *bad_polygon)
{
    memset(g, 0, sizeof *g);
    g->id = record->id;
    if (record->drawing_bsp) {
        g->has_drawing_sphere = true;
        g->drawing_sphere = record->drawing_bsp->sphere;
    }
    const acp_vertex_array *va = &record->vertex_array;
    if (va->num_vertices) {
        acp_bbox box = {va->vertices[0].origin, va->vertices[0].origin};
        for (uint32_t i = 1; i < va->num_vertices; i++) acp_bbox_adjust(&box, va->vertices[i].origin);
        g->bound_min = box.min;
        g->bound_max = box.max;
    }
    if (!record->physics_bsp) return true;
    if (!acp_bsp_tree_build(&g->physics_bsp, record->physics_bsp, &record->vertex_array,
                            record->num_physics_polygons, record->physics_polygons, bad_polygon))
        return false;
    g->has_physics_bsp = true;
    g->physics_sphere = acp_bsp_tree_get_sphere(&g->physics_bsp);
    return true;
}

void acp_gfxobj_physics_free(acp_gfxobj_physics *g)
{
    if (!g) return;
    acp_bsp_tree_free(&g->physics_bsp);
    memset(g, 0, sizeof *g);
}

acp_transition_state acp_gfxobj_find_obj_collisions(const acp_gfxobj_physics *g, acp_transition *t, float scale)
{
    const acp_sphere_path *sp = &t->sphere_path;
    for (uint32_t i = 0; i < sp->num_sphere; i++) {
        /* The listing's overlap test (operands lost, B2) read as CSphere::intersects. */
        if (!acp_bsp_sphere_intersects(&g->physics_sphere, &sp->localspace_sphere[i])) continue;
        if (sp->insert_type == ACP_INITIAL_PLACEMENT_INSERT) return acp_bsp_tree_placement_insert(&g->physics_bsp, t);
        return acp_bsp_tree_find_collisions(&g->physics_bsp, t, scale);
    }
    return ACP_TS_OK;
}
