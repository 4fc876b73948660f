/* acphys — retail CGfxObj's physics: a GfxObj record's physics BSP and bounding sphere, built
 * once at load (acp_gfxobj_physics_build), and the sweep against them
 * (CGfxObj::find_obj_collisions). Read against PORTAL/gfxobj/CGfxObj.c.
 *
 * CONVENTIONS
 *   Coordinates: metres in the GfxObj's axes, unscaled (the part's scale divides the sweep's
 *   spheres: SPHEREPATH::cache_localspace_sphere). Nothing here allocates during a sweep.
 */
#ifndef ACP_GFXOBJ_PHYSICS_H
#define ACP_GFXOBJ_PHYSICS_H

#include <stdbool.h>
#include <stdint.h>

#include "dat/records.h"
#include "physics/shapes/bsp.h"

/** A GfxObj's physics (retail CGfxObj's physics_sphere and physics_bsp). */
typedef struct acp_gfxobj_physics {
    uint32_t id;                       /* the record's id */
    bool has_physics_bsp;              /* the record had HAS_PHYSICS */
    acp_sphere physics_sphere;         /* the physics tree's root sphere (BSPTREE::GetSphere) */
    acp_bsp_tree physics_bsp;          /* over the record's physics polygons */
    bool has_drawing_sphere;           /* the record has a drawing BSP */
    acp_sphere drawing_sphere;         /* its root's sphere (BSPTREE::GetSphere of the drawing
                                          tree), when has_drawing_sphere */
    acp_vec3 bound_min, bound_max;     /* gfx_bound_box: every vertex's extent (zero without
                                          vertices); CGfxObj::init_end (0x00534200) */
} acp_gfxobj_physics;

/** Build g from record (kept borrowed: its tree nodes are used as read). A record without a
 *  physics BSP gives has_physics_bsp false (true is returned). The bounding box is that of all
 *  the record's vertices (CGfxObj::init_end 0x00534200: the first vertex, then
 *  BBox::AdjustBBox with each further one); the drawing sphere the drawing BSP root's. False when a physics polygon
 *  is malformed (acp_bsp_tree_build; *bad_polygon names it). Allocates.
 *  Retail: the physics part of CGfxObj::Serialize (0x00534970): physics_sphere =
 *  BSPTREE::GetSphere of the physics tree. */
bool acp_gfxobj_physics_build(acp_gfxobj_physics *g, const acp_gfxobj *record, uint32_t *bad_polygon);

/** Release what acp_gfxobj_physics_build allocated (NULL ignored). */
void acp_gfxobj_physics_free(acp_gfxobj_physics *g);

/** When a sphere of the sweep (localspace_sphere, already in the GfxObj's axes) overlaps the
 *  physics sphere, the physics BSP's response: BSPTREE::placement_insert for an initial
 *  placement, BSPTREE::find_collisions (with scale) otherwise; OK when none overlaps.
 *  Retail: CGfxObj::find_obj_collisions (0x00534700). */
acp_transition_state acp_gfxobj_find_obj_collisions(const acp_gfxobj_physics *g, acp_transition *t, float scale);

#endif
