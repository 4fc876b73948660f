/* acphys — retail BSPTREE, BSPNODE, BSPLEAF (physics and cell trees) and the CPolygon members
 * they call: the sweep against a GfxObj's or a CellStruct's physics BSP, and the cell BSP's
 * point and sphere tests. One retail class per file: bsp_tree.c (BSPTREE), bsp_node.c
 * (BSPNODE, dispatching to BSPLEAF for leaves), bsp_leaf.c (BSPLEAF), polygon.c (CPolygon).
 * Read against PORTAL/cgeometry/CBSPTree.c, CBSPNode.c, CBSPLeaf.c, CPolygon.c.
 *
 * CONVENTIONS
 *   The nodes are the DAT parser's (dat/records.h acp_bsp_node: splitting plane, children,
 *   bounding sphere, leaf solid flag and polygon indices), used as read. What the physics adds
 *   is built once when the shape is loaded (acp_bsp_tree_build): the polygons with their
 *   vertices and planes (CPolygon::make_plane), in the shape's axes. Nothing here allocates
 *   during a sweep.
 *   Coordinates: metres in the shape's own axes ("local space": the GfxObj's or the
 *   CellStruct's), unscaled; SPHEREPATH's localspace_* fields (transition.h) hold the sweep's
 *   spheres in those axes, divided by the part's scale (SPHEREPATH::cache_localspace_sphere);
 *   what goes back into the sweep (offsets, normals, planes) is turned to the check position's
 *   frame with localspace_pos and multiplied by the scale, as retail does.
 *   Node dispatch: retail calls virtual functions; here a node of type ACP_BSP_LEAF runs the
 *   BSPLEAF member, every other type (splitting nodes, BSPPORTAL, which overrides none of
 *   these) the BSPNODE member. A child the node's type does not store (NULL) is read as an
 *   empty leaf; retail calls through the NULL pointer (docs/DEVIATIONS.md B1).
 *   Arithmetic follows retail (frame.h): double evaluation, float stores, retail operand
 *   order; ACP_F_EPSILON is retail's EPSILON (0.0002f).
 */
#ifndef ACP_BSP_H
#define ACP_BSP_H

#include <stdbool.h>
#include <stdint.h>

#include "dat/records.h"
#include "physics/geometry/bbox.h"
#include "physics/shapes/polygon.h"
#include "physics/world/transition.h"

/** A physics or cell BSP ready for the sweep: the parsed nodes and the polygons they index
 *  (polygons[i] is the record's polygon i, its vertices copied in order from the vertex array).
 *  Owned by whoever built it (acp_bsp_tree_free). */
typedef struct acp_bsp_tree {
    const acp_bsp_node *root;          /* the record's tree (not owned); NULL: an empty tree */
    uint32_t num_polygons;
    acp_cpolygon *polygons;            /* num_polygons, planes made */
    acp_vec3 *points;                  /* the polygons' vertices, back to back */
} acp_bsp_tree;

/* ---- building (not retail: the load-time form) ---- */

/** Build t over root (a physics or cell tree parsed with the same polygon list) from the
 *  record's vertex array and polygons: every polygon's vertices by index (checked against the
 *  vertex array: false, with *bad_polygon set to the polygon, when one is out of range or a
 *  polygon has fewer than 3 points), its plane by CPolygon::make_plane (0x005383D0) and its
 *  sides type. On failure t is left empty (acp_bsp_tree_free is still safe). Allocates.
 *  A GfxObj's physics tree: (physics_bsp, vertex_array, physics_polygons) (shapes/gfxobj.h).
 *  A CellStruct's physics tree: (physics_bsp, vertex_array, physics_polygons); its cell tree
 *  (planes and leaves only, for point_inside_cell_bsp / sphere_intersects_cell_bsp):
 *  (cell_bsp, vertex_array, polygons), or root alone with no polygons (t->root = cell_bsp). */
bool acp_bsp_tree_build(acp_bsp_tree *t, const acp_bsp_node *root, const acp_vertex_array *va,
                        uint32_t num_polygons, const acp_gfx_polygon *polygons, uint32_t *bad_polygon);

/** Release what acp_bsp_tree_build allocated (t zeroed; NULL ignored). */
void acp_bsp_tree_free(acp_bsp_tree *t);

/* ---- BSPTREE (bsp_tree.c) ---- */

/** The root's bounding sphere (zero sphere for an empty tree).
 *  Retail: BSPTREE::GetSphere (0x005397E0). */
acp_sphere acp_bsp_tree_get_sphere(const acp_bsp_tree *t);

/** Sweep the transition's spheres (sphere_path.localspace_sphere / localspace_curr_center,
 *  set by SPHEREPATH::cache_localspace_sphere) against the tree: placements and ethereal
 *  obstructions test solids (COLLIDED); check_walkable probes, step_down lands, collide lands
 *  on a walkable polygon (ADJUSTED); an object in contact steps up onto what it hits, or slides
 *  along its second sphere's hit, or records a negative-polygon hit; others in flight get the
 *  collide flag (ADJUSTED) or a collision normal (COLLIDED); PERFECT_CLIP objects are moved to
 *  the touching point (collide_with_pt). scale: the part's scale (z). OK when nothing is hit.
 *  Retail: BSPTREE::find_collisions (0x0053A440). */
acp_transition_state acp_bsp_tree_find_collisions(const acp_bsp_tree *t, acp_transition *tr, float scale);

/** Placement: nudge localspace_sphere 0 (and 1) out of the solids up to 20 times
 *  (CPolygon::adjust_to_placement_poly); OK when it fits at once, ADJUSTED (check_pos moved by
 *  the nudge, turned to the check frame) when it fits after nudging, COLLIDED after 20 tries.
 *  Retail: BSPTREE::placement_insert (0x00539960). */
acp_transition_state acp_bsp_tree_placement_insert(const acp_bsp_tree *t, acp_transition *tr);

/** Move check_pos back along curr_pos → check_pos to where it just touches hit_poly: up to 15
 *  steps of CPolygon::adjust_sphere_to_poly, then bisection to 0.02 of the movement. False
 *  when 15 steps did not get clear. Retail: BSPTREE::adjust_to_plane (0x00539BF0). */
bool acp_bsp_tree_adjust_to_plane(const acp_bsp_tree *t, acp_sphere *check_pos, acp_vec3 curr_pos,
                                  const acp_cpolygon *hit_poly, acp_vec3 *contact_pt);

/** CSphere::slide_sphere of the global sphere 0 with the local collision_normal turned to the
 *  check frame. Retail: BSPTREE::slide_sphere (0x00539E50). */
acp_transition_state acp_bsp_tree_slide_sphere(acp_sphere_path *path, acp_collision_info *c,
                                               acp_vec3 collision_normal);

/** OK (1) when check_pos hits no walkable polygon under it, COLLIDED (2) when it does.
 *  Retail: BSPTREE::check_walkable (0x00539ED0). */
acp_transition_state acp_bsp_tree_check_walkable(const acp_bsp_tree *t, acp_sphere_path *path,
                                                 const acp_sphere *check_pos, float scale);

/** CTransition::step_up with the local collision_normal turned to the check frame; when that
 *  fails SPHEREPATH::step_up_slide. Retail: BSPTREE::step_sphere_up (0x00539F20). */
acp_transition_state acp_bsp_tree_step_sphere_up(acp_transition *tr, acp_vec3 collision_normal);

/** Probe step_down_amt × walk_interp down localspace_z for a walkable polygon; found: lift
 *  check_pos onto it, set the contact plane and the walkable (ADJUSTED); else OK.
 *  Retail: BSPTREE::step_sphere_down (0x0053A210). */
acp_transition_state acp_bsp_tree_step_sphere_down(const acp_bsp_tree *t, acp_sphere_path *path,
                                                   acp_collision_info *c, const acp_sphere *check_pos, float scale);

/** PERFECT_CLIP objects: move check_pos to where it touches hit_poly (ADJUSTED, the polygon's
 *  normal as collision normal); others, or when that fails, COLLIDED with the normal.
 *  Retail: BSPTREE::collide_with_pt (0x0053A090). */
acp_transition_state acp_bsp_tree_collide_with_pt(const acp_bsp_tree *t, acp_object_info *oi, acp_sphere_path *path,
                                                  acp_collision_info *c, const acp_sphere *check_pos,
                                                  acp_vec3 curr_pos, const acp_cpolygon *hit_poly,
                                                  acp_vec3 *contact_pt, float scale);

/** Cell trees: true when point (cell axes) is on the inner side of (or within EPSILON of)
 *  every plane down the positive branch to a leaf.
 *  Retail: BSPTREE::point_inside_cell_bsp (0x005398C0) → BSPNODE (0x0053C1F0). */
bool acp_bsp_tree_point_inside_cell_bsp(const acp_bsp_tree *t, acp_vec3 point);

/** Cell trees: 0 outside, 1 crossing a plane, 2 wholly inside (sphere grown by 0.01 m).
 *  Retail: BSPTREE::sphere_intersects_cell_bsp (0x005398D0) → BSPNODE (0x0053C260). */
int acp_bsp_tree_sphere_intersects_cell_bsp(const acp_bsp_tree *t, const acp_sphere *sphere);

/** Whether a box (the tree's axes) may reach the cell: false when, at some node down the
 *  positive chain, its min corner is behind the plane by more than EPSILON and so is every other
 *  corner (which_side 1); true otherwise (an empty tree: false, as the other cell tests). Retail:
 *  BSPTREE::box_intersects_cell_bsp (0x005398B0) → BSPNODE (0x0053C880). */
bool acp_bsp_tree_box_intersects_cell_bsp(const acp_bsp_tree *t, const acp_bbox *box);

/* ---- BSPNODE (bsp_node.c; leaves go to BSPLEAF) ---- */

/** The first polygon check_pos (moving by movement) hits: *polygon, *contact_pt set; a
 *  polygon touched from behind is recorded in *polygon without a hit.
 *  Retail: BSPNODE::sphere_intersects_poly (0x0053CA30), BSPLEAF (0x0053D580). */
bool acp_bsp_node_sphere_intersects_poly(const acp_bsp_tree *t, const acp_bsp_node *n, const acp_sphere *check_pos,
                                         const acp_vec3 *movement, const acp_cpolygon **polygon,
                                         acp_vec3 *contact_pt);

/** Whether check_pos overlaps a solid leaf (center_check) or a polygon.
 *  Retail: BSPNODE::sphere_intersects_solid (0x0053CAF0), BSPLEAF (0x0053D5F0). */
bool acp_bsp_node_sphere_intersects_solid(const acp_bsp_tree *t, const acp_bsp_node *n, const acp_sphere *check_pos,
                                          bool center_check);

/** As sphere_intersects_solid, splitting by `radius` and reporting the polygon hit and whether
 *  the centre is in a solid leaf. Retail: BSPNODE::sphere_intersects_solid_poly (0x0053CD50),
 *  BSPLEAF (0x0053D780). */
bool acp_bsp_node_sphere_intersects_solid_poly(const acp_bsp_tree *t, const acp_bsp_node *n,
                                               const acp_sphere *check_pos, float radius, bool *center_solid,
                                               const acp_cpolygon **hit_poly, bool center_check);

/** Whether valid_pos stands on a walkable polygon (up: the walkable direction, local axes).
 *  Retail: BSPNODE::hits_walkable (0x0053CBD0), BSPLEAF (0x0053D670). */
bool acp_bsp_node_hits_walkable(const acp_bsp_tree *t, const acp_bsp_node *n, acp_sphere_path *path,
                                const acp_sphere *valid_pos, const acp_vec3 *up);

/** Move valid_pos back along movement onto every walkable polygon it hits (walk_interp
 *  shrinks); *changed and *polygon record the last one.
 *  Retail: BSPNODE::find_walkable (0x0053CC80), BSPLEAF (0x0053D6F0). */
void acp_bsp_node_find_walkable(const acp_bsp_tree *t, const acp_bsp_node *n, acp_sphere_path *path,
                                acp_sphere *valid_pos, const acp_cpolygon **polygon, const acp_vec3 *movement,
                                const acp_vec3 *up, bool *changed);

/** Retail: BSPNODE::point_intersects_solid (0x0053C310), BSPLEAF (0x0053D3F0). */
bool acp_bsp_node_point_intersects_solid(const acp_bsp_node *n, acp_vec3 point);

/** Cell trees from node n (never NULL). Retail: BSPNODE::point_inside_cell_bsp (0x0053C1F0). */
bool acp_bsp_node_point_inside_cell_bsp(const acp_bsp_node *n, acp_vec3 point);
/** Cell trees from node n (never NULL). Retail: BSPNODE::sphere_intersects_cell_bsp (0x0053C260). */
int acp_bsp_node_sphere_intersects_cell_bsp(const acp_bsp_node *n, const acp_sphere *sphere);
/** Cell trees from node n (never NULL). Retail: BSPNODE::box_intersects_cell_bsp (0x0053C880). */
bool acp_bsp_node_box_intersects_cell_bsp(const acp_bsp_node *n, const acp_bbox *box);

/** Whether two spheres overlap: centre distance² < (r₁ + r₂)² (the listing's lost test, read
 *  as less-or-unordered: docs/DEVIATIONS.md B2). Retail: CSphere::intersects (0x005344A0). */
bool acp_bsp_sphere_intersects(const acp_sphere *a, const acp_sphere *b);

/* ---- BSPLEAF (bsp_leaf.c): the members above for a leaf node (type ACP_BSP_LEAF) ---- */

/** Retail: BSPLEAF::sphere_intersects_poly (0x0053D580). */
bool acp_bsp_leaf_sphere_intersects_poly(const acp_bsp_tree *t, const acp_bsp_node *leaf, const acp_sphere *check_pos,
                                         const acp_vec3 *movement, const acp_cpolygon **polygon,
                                         acp_vec3 *contact_pt);
/** Retail: BSPLEAF::sphere_intersects_solid (0x0053D5F0). */
bool acp_bsp_leaf_sphere_intersects_solid(const acp_bsp_tree *t, const acp_bsp_node *leaf, const acp_sphere *check_pos,
                                          bool center_check);
/** Retail: BSPLEAF::sphere_intersects_solid_poly (0x0053D780). */
bool acp_bsp_leaf_sphere_intersects_solid_poly(const acp_bsp_tree *t, const acp_bsp_node *leaf,
                                               const acp_sphere *check_pos, bool *center_solid,
                                               const acp_cpolygon **hit_poly, bool center_check);
/** Retail: BSPLEAF::hits_walkable (0x0053D670). */
bool acp_bsp_leaf_hits_walkable(const acp_bsp_tree *t, const acp_bsp_node *leaf, acp_sphere_path *path,
                                const acp_sphere *valid_pos, const acp_vec3 *up);
/** Retail: BSPLEAF::find_walkable (0x0053D6F0). */
void acp_bsp_leaf_find_walkable(const acp_bsp_tree *t, const acp_bsp_node *leaf, acp_sphere_path *path,
                                acp_sphere *valid_pos, const acp_cpolygon **polygon, const acp_vec3 *movement,
                                const acp_vec3 *up, bool *changed);

#endif
