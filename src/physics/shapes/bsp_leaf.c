/* acphys — retail BSPLEAF: a physics tree's leaf, its polygons and its solid flag. See bsp.h.
 * Read against PORTAL/cgeometry/CBSPLeaf.c. */
#include "physics/shapes/bsp.h"

static const acp_cpolygon *leaf_poly(const acp_bsp_tree *t, const acp_bsp_node *leaf, uint32_t i)
{
    return &t->polygons[leaf->polys[i]];
}

bool acp_bsp_leaf_sphere_intersects_poly(const acp_bsp_tree *t, const acp_bsp_node *leaf, const acp_sphere *check_pos,
                                         const acp_vec3 *movement, const acp_cpolygon **polygon,
                                         acp_vec3 *contact_pt)
{
    if (!leaf->num_polys || !acp_bsp_sphere_intersects(&leaf->sphere, check_pos)) return false;
    for (uint32_t i = 0; i < leaf->num_polys; i++)
        if (acp_cpolygon_pos_hits_sphere(leaf_poly(t, leaf, i), check_pos, movement, contact_pt, polygon)) return true;
    return false;
}

bool acp_bsp_leaf_sphere_intersects_solid(const acp_bsp_tree *t, const acp_bsp_node *leaf, const acp_sphere *check_pos,
                                          bool center_check)
{
    if (!leaf->num_polys) return false;
    if (center_check && leaf->solid) return true;
    if (!acp_bsp_sphere_intersects(&leaf->sphere, check_pos)) return false;
    for (uint32_t i = 0; i < leaf->num_polys; i++)
        if (acp_cpolygon_hits_sphere(leaf_poly(t, leaf, i), check_pos)) return true;
    return false;
}

bool acp_bsp_leaf_sphere_intersects_solid_poly(const acp_bsp_tree *t, const acp_bsp_node *leaf,
                                               const acp_sphere *check_pos, bool *center_solid,
                                               const acp_cpolygon **hit_poly, bool center_check)
{
    if (!leaf->num_polys) return false;
    if (center_check && leaf->solid) *center_solid = true;
    if (acp_bsp_sphere_intersects(&leaf->sphere, check_pos)) {
        for (uint32_t i = 0; i < leaf->num_polys; i++) {
            if (!acp_cpolygon_hits_sphere(leaf_poly(t, leaf, i), check_pos)) continue;
            *hit_poly = leaf_poly(t, leaf, i);
            return true;
        }
    }
    return *center_solid;
}

bool acp_bsp_leaf_hits_walkable(const acp_bsp_tree *t, const acp_bsp_node *leaf, acp_sphere_path *path,
                                const acp_sphere *valid_pos, const acp_vec3 *up)
{
    if (!leaf->num_polys || !acp_bsp_sphere_intersects(&leaf->sphere, valid_pos)) return false;
    for (uint32_t i = 0; i < leaf->num_polys; i++) {
        const acp_cpolygon *p = leaf_poly(t, leaf, i);
        if (acp_cpolygon_walkable_hits_sphere(p, path->walkable_allowance, valid_pos, up) &&
            acp_cpolygon_check_small_walkable(p, valid_pos, up))
            return true;
    }
    return false;
}

void acp_bsp_leaf_find_walkable(const acp_bsp_tree *t, const acp_bsp_node *leaf, acp_sphere_path *path,
                                acp_sphere *valid_pos, const acp_cpolygon **polygon, const acp_vec3 *movement,
                                const acp_vec3 *up, bool *changed)
{
    if (!leaf->num_polys || !acp_bsp_sphere_intersects(&leaf->sphere, valid_pos)) return;
    for (uint32_t i = 0; i < leaf->num_polys; i++) {
        const acp_cpolygon *p = leaf_poly(t, leaf, i);
        if (!acp_cpolygon_walkable_hits_sphere(p, path->walkable_allowance, valid_pos, up)) continue;
        if (!acp_cpolygon_adjust_sphere_to_plane(p, &path->walk_interp, valid_pos, movement)) continue;
        *changed = true;
        *polygon = p;
    }
}
