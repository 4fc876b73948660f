/* acphys C tests — the BSP geometry (shapes/bsp.h): CPolygon's sphere tests, the BSP nodes'
 * and leaves' members, BSPTREE's responses, the cell tree's point test, and SPHEREPATH's BSP
 * members, on small hand-built trees (a wall, a floor, steep floors, a box room). Expected
 * values follow from the retail rules the docstrings cite: EPSILON = 0.0002f, a polygon is
 * touched within radius − EPSILON of its plane, floor_z = 0.66417414 the walkable limit. */
#include <string.h>

#include "physics/shapes/bsp.h"
#include "physics/geometry/position.h"
#include "test.h"

#define CELL 0xA9B40001u            /* an outdoor cell of Holtburg's landblock */

/* A hand-built physics shape: up to 8 polygons of up to 4 vertices, in one leaf or split by one
 * node, and its tree. */
typedef struct shape {
    acp_gfx_vertex verts[32];
    uint16_t vids[8][4];
    acp_gfx_polygon polys[8];
    uint16_t leaf_polys[2][8];
    acp_bsp_node nodes[3];
    acp_vertex_array va;
    acp_bsp_tree tree;
    uint32_t npolys;
} shape;

static void add_poly(shape *s, const acp_vec3 *pts, uint32_t n)
{
    uint32_t p = s->npolys++;
    for (uint32_t k = 0; k < n; k++) {
        uint32_t v = s->va.num_vertices++;
        s->verts[v].id = (uint16_t)v;
        s->verts[v].origin = pts[k];
        s->vids[p][k] = (uint16_t)v;
    }
    s->polys[p].poly_id = (uint16_t)p;
    s->polys[p].num_pts = (uint8_t)n;
    s->polys[p].vertex_ids = s->vids[p];
}

static void shape_init(shape *s)
{
    memset(s, 0, sizeof *s);
    s->va.type = 1;
    s->va.vertices = s->verts;
}

/* Every polygon in one leaf (the root), bounding sphere of radius 100 m at the origin. */
static void finish_leaf(shape *s, bool solid)
{
    acp_bsp_node *leaf = &s->nodes[0];
    leaf->type = ACP_BSP_LEAF;
    leaf->solid = solid;
    leaf->sphere = (acp_sphere){{0.0f, 0.0f, 0.0f}, 100.0f};
    leaf->num_polys = s->npolys;
    leaf->polys = s->leaf_polys[0];
    for (uint32_t i = 0; i < s->npolys; i++) s->leaf_polys[0][i] = (uint16_t)i;
    uint32_t bad = 0;
    ENSURE(acp_bsp_tree_build(&s->tree, leaf, &s->va, s->npolys, s->polys, &bad));
}

/* The wall x = 2 facing −x (y, z in [−5, 5] × [0, 5]): plane −x + 2 = 0. */
static void wall_shape(shape *s)
{
    shape_init(s);
    const acp_vec3 q[4] = {{2, -5, 0}, {2, -5, 5}, {2, 5, 5}, {2, 5, 0}};
    add_poly(s, q, 4);
}

/* A floor square [x0, x1] × [y0, y1] at height z facing up. */
static void add_floor(shape *s, float x0, float y0, float x1, float y1, float z)
{
    const acp_vec3 q[4] = {{x0, y0, z}, {x1, y0, z}, {x1, y1, z}, {x0, y1, z}};
    add_poly(s, q, 4);
}

/* A floor through the y axis tilted about it so that its normal is (−sin a, 0, cos a) with
 * cos a = nz, x in [−10, 10]. */
static void add_tilted_floor(shape *s, double nz)
{
    double sa = sqrt(1.0 - nz * nz);
    float h = (float)(10.0 * sa / nz);
    const acp_vec3 q[4] = {{-10, -10, -h}, {10, -10, h}, {10, 10, h}, {-10, 10, -h}};
    add_poly(s, q, 4);
}


/* ---- CPolygon ---- */

static void wall_plane(void)
{
    shape s;
    wall_shape(&s);
    finish_leaf(&s, false);
    const acp_cpolygon *p = &s.tree.polygons[0];
    ENSURE_FBITS(p->plane.n.x, -1.0f);
    ENSURE_FBITS(p->plane.n.y, 0.0f);
    ENSURE_FBITS(p->plane.n.z, 0.0f);
    ENSURE_FBITS(p->plane.d, 2.0f);
    acp_bsp_tree_free(&s.tree);
}

/* Touching needs the centre within radius − EPSILON of the plane. */
static void polygon_touch_epsilon(void)
{
    shape s;
    wall_shape(&s);
    finish_leaf(&s, false);
    const acp_cpolygon *p = &s.tree.polygons[0];
    acp_vec3 cp;
    ENSURE(!acp_cpolygon_hits_sphere(p, &(acp_sphere){{1.5f, 0, 2}, 0.5f}));       /* dist 0.5 */
    ENSURE(!acp_cpolygon_hits_sphere(p, &(acp_sphere){{1.5001f, 0, 2}, 0.5f}));    /* 0.4999 > 0.4998 */
    ENSURE(acp_cpolygon_hits_sphere_slow_but_sure(p, &(acp_sphere){{1.5003f, 1, 2}, 0.5f}, &cp)); /* 0.4997 */
    ENSURE_FBITS(cp.x, 2.0f);
    ENSURE_FBITS(cp.y, 1.0f);
    ENSURE_FBITS(cp.z, 2.0f);
    /* Behind the wall the same reach counts. */
    ENSURE(acp_cpolygon_hits_sphere(p, &(acp_sphere){{2.4997f, 0, 2}, 0.5f}));
    acp_bsp_tree_free(&s.tree);
}

/* Past an edge the sphere touches when its circle on the plane reaches the edge:
 * reach² = (r − EPSILON)² − dist². With dist 0.1: reach² = 0.4998² − 0.01 = 0.23980004, the
 * edge y = 5 reached from y = 5.3 (0.09) and 5.48 (0.2304), not from 5.49 (0.2401). */
static void polygon_edge_reach(void)
{
    shape s;
    wall_shape(&s);
    finish_leaf(&s, false);
    const acp_cpolygon *p = &s.tree.polygons[0];
    ENSURE(acp_cpolygon_hits_sphere(p, &(acp_sphere){{1.9f, 5.3f, 2}, 0.5f}));
    ENSURE(acp_cpolygon_hits_sphere(p, &(acp_sphere){{1.9f, 5.48f, 2}, 0.5f}));
    ENSURE(!acp_cpolygon_hits_sphere(p, &(acp_sphere){{1.9f, 5.49f, 2}, 0.5f}));
    /* Near the corner (y = 5, z = 5) the vertex test decides: 0.3² + 0.3² = 0.18 ≤ 0.2398. */
    ENSURE(acp_cpolygon_hits_sphere(p, &(acp_sphere){{1.9f, 5.3f, 5.3f}, 0.5f}));
    ENSURE(!acp_cpolygon_hits_sphere(p, &(acp_sphere){{1.9f, 5.4f, 5.4f}, 0.5f})); /* 0.32 */
    acp_bsp_tree_free(&s.tree);
}

/* A touch records the polygon, but counts only when moving into its front face. */
static void pos_hits_sphere_direction(void)
{
    shape s;
    wall_shape(&s);
    finish_leaf(&s, false);
    const acp_cpolygon *p = &s.tree.polygons[0];
    const acp_sphere ball = {{1.6f, 0, 2}, 0.5f};
    acp_vec3 cp;
    const acp_cpolygon *struck = NULL;
    ENSURE(!acp_cpolygon_pos_hits_sphere(p, &ball, &(acp_vec3){-0.1f, 0, 0}, &cp, &struck));
    ENSURE(struck == p);
    struck = NULL;
    ENSURE(acp_cpolygon_pos_hits_sphere(p, &ball, &(acp_vec3){0.1f, 0, 0}, &cp, &struck));
    ENSURE(struck == p);
    /* Moving along the wall (n·m = 0) is not into it. */
    ENSURE(!acp_cpolygon_pos_hits_sphere(p, &ball, &(acp_vec3){0, 0.1f, 0}, &cp, &struck));
    acp_bsp_tree_free(&s.tree);
}

/* The edge a sphere's centre crossed, and its normal N × edge: the one the inside test uses,
 * pointing into the polygon (−x for the floor's x = 2 edge; precipice_slide turns it). */
static void crossed_edge(void)
{
    shape s;
    shape_init(&s);
    add_floor(&s, 0, 0, 2, 2, 0);
    finish_leaf(&s, false);
    const acp_cpolygon *p = &s.tree.polygons[0];
    const acp_vec3 up = {0, 0, 1};
    acp_vec3 n = {0, 0, 0};
    ENSURE(acp_cpolygon_find_crossed_edge(p, &(acp_sphere){{2.3f, 1, 0.5f}, 0.5f}, &up, &n));
    ENSURE_FBITS(n.x, -1.0f);
    ENSURE_FBITS(n.y, 0.0f);
    ENSURE_FBITS(n.z, 0.0f);
    ENSURE(acp_cpolygon_find_crossed_edge(p, &(acp_sphere){{1, -0.1f, 0.5f}, 0.5f}, &up, &n));
    ENSURE_FBITS(n.y, 1.0f);
    ENSURE(!acp_cpolygon_find_crossed_edge(p, &(acp_sphere){{1, 1, 0.5f}, 0.5f}, &up, &n));
    /* up in the plane of the polygon: no projection. */
    ENSURE(!acp_cpolygon_find_crossed_edge(p, &(acp_sphere){{2.3f, 1, 0.5f}, 0.5f}, &(acp_vec3){1, 0, 0}, &n));
    acp_bsp_tree_free(&s.tree);
}

/* check_walkable: the centre projected along up must lie within the radius of the polygon
 * (check_small_walkable: half the radius). */
static void walkable_probes(void)
{
    shape s;
    shape_init(&s);
    add_floor(&s, 0, 0, 2, 2, 0);
    finish_leaf(&s, false);
    const acp_cpolygon *p = &s.tree.polygons[0];
    const acp_vec3 up = {0, 0, 1};
    ENSURE(acp_cpolygon_check_walkable(p, &(acp_sphere){{2.4f, 1, 3}, 0.5f}, &up));       /* 0.4 from the edge */
    ENSURE(!acp_cpolygon_check_walkable(p, &(acp_sphere){{2.6f, 1, 3}, 0.5f}, &up));
    ENSURE(acp_cpolygon_check_small_walkable(p, &(acp_sphere){{2.2f, 1, 3}, 0.5f}, &up));  /* 0.2 ≤ 0.25 */
    ENSURE(!acp_cpolygon_check_small_walkable(p, &(acp_sphere){{2.3f, 1, 3}, 0.5f}, &up));
    /* walkable_hits_sphere: n·up must exceed the walkable allowance. */
    const acp_sphere on = {{1, 1, 0.4f}, 0.5f};
    ENSURE(acp_cpolygon_walkable_hits_sphere(p, 0.66417414f, &on, &up));
    ENSURE(!acp_cpolygon_walkable_hits_sphere(p, 1.0f, &on, &up));
    acp_bsp_tree_free(&s.tree);
}

/* adjust_sphere_to_plane moves the sphere back along the movement to touch the plane, the
 * walk interpolation shrinking by the fraction moved back. Sphere r 0.5 at z 0.49 moved by
 * (0, 0, −0.04): gap −0.01, t 0.25, interp 0.75, the sphere at z 0.5. */
static void adjust_to_floor(void)
{
    shape s;
    shape_init(&s);
    add_floor(&s, -5, -5, 5, 5, 0);
    finish_leaf(&s, false);
    const acp_cpolygon *p = &s.tree.polygons[0];
    acp_sphere v = {{0, 0, 0.49f}, 0.5f};
    float interp = 1.0f;
    ENSURE(acp_cpolygon_adjust_sphere_to_plane(p, &interp, &v, &(acp_vec3){0, 0, -0.04f}));
    ENSURE_NEAR(v.center.z, 0.5, 1e-6);
    ENSURE_NEAR(interp, 0.75, 1e-6);
    /* A movement along the plane cannot adjust. */
    acp_sphere w = {{0, 0, 0.49f}, 0.5f};
    interp = 1.0f;
    ENSURE(!acp_cpolygon_adjust_sphere_to_plane(p, &interp, &w, &(acp_vec3){0.1f, 0, 0}));
    acp_bsp_tree_free(&s.tree);
}

/* ---- the cell tree ---- */

/* A box room [0, 4] × [0, 4] × [0, 3] as a chain of six inward planes down the positive side. */
static void box_cell(acp_bsp_node nodes[7], acp_bsp_tree *t)
{
    static const float planes[6][4] = {{1, 0, 0, 0}, {-1, 0, 0, 4}, {0, 1, 0, 0},
                                       {0, -1, 0, 4}, {0, 0, 1, 0}, {0, 0, -1, 3}};
    memset(nodes, 0, 7 * sizeof *nodes);
    for (int i = 0; i < 6; i++) {
        nodes[i].type = ACP_BSP_BPIn;
        nodes[i].plane_n = (acp_vec3){planes[i][0], planes[i][1], planes[i][2]};
        nodes[i].plane_d = planes[i][3];
        nodes[i].pos = &nodes[i + 1];
    }
    nodes[6].type = ACP_BSP_LEAF;
    memset(t, 0, sizeof *t);
    t->root = &nodes[0];
}

/* Inside, outside, and the boundary: on a plane or within EPSILON outside of it is inside. */
static void point_inside_cell(void)
{
    acp_bsp_node nodes[7];
    acp_bsp_tree t;
    box_cell(nodes, &t);
    ENSURE(acp_bsp_tree_point_inside_cell_bsp(&t, (acp_vec3){2, 2, 1}));
    ENSURE(!acp_bsp_tree_point_inside_cell_bsp(&t, (acp_vec3){5, 2, 1}));
    ENSURE(!acp_bsp_tree_point_inside_cell_bsp(&t, (acp_vec3){2, 2, -1}));
    ENSURE(acp_bsp_tree_point_inside_cell_bsp(&t, (acp_vec3){4, 2, 1}));        /* on the wall */
    ENSURE(acp_bsp_tree_point_inside_cell_bsp(&t, (acp_vec3){4.0001f, 2, 1}));  /* −0.0001 ≥ −EPSILON */
    ENSURE(!acp_bsp_tree_point_inside_cell_bsp(&t, (acp_vec3){4.0003f, 2, 1})); /* −0.0003 */
    ENSURE(acp_bsp_tree_point_inside_cell_bsp(&t, (acp_vec3){0, 0, 0}));        /* a corner */
    ENSURE(!acp_bsp_tree_point_inside_cell_bsp(&t, (acp_vec3){2, 2, 3.0003f})); /* above the ceiling */
}

/* The cell sphere test grows the sphere by 0.01 m: beyond r + 0.01 outside a plane is out;
 * inside (reaching the leaf) and crossing a wall both report 1 (a leaf has no positive child). */
static void sphere_in_cell(void)
{
    acp_bsp_node nodes[7];
    acp_bsp_tree t;
    box_cell(nodes, &t);
    ENSURE_EQ(acp_bsp_tree_sphere_intersects_cell_bsp(&t, &(acp_sphere){{2, 2, 1}, 0.5f}), 1);
    ENSURE_EQ(acp_bsp_tree_sphere_intersects_cell_bsp(&t, &(acp_sphere){{4.2f, 2, 1}, 0.5f}), 1);
    ENSURE_EQ(acp_bsp_tree_sphere_intersects_cell_bsp(&t, &(acp_sphere){{4.505f, 2, 1}, 0.5f}), 1); /* −0.505 > −0.51 */
    ENSURE_EQ(acp_bsp_tree_sphere_intersects_cell_bsp(&t, &(acp_sphere){{4.52f, 2, 1}, 0.5f}), 0);
    /* A chain ending in a node without a positive child (no leaf) reports 2: wholly inside. */
    nodes[5].pos = NULL;
    ENSURE_EQ(acp_bsp_tree_sphere_intersects_cell_bsp(&t, &(acp_sphere){{2, 2, 1}, 0.5f}), 2);
}

/* ---- nodes and leaves ---- */

/* A node splitting at the wall's plane sends a sphere wholly in front to the positive child,
 * one straddling it to both; a missing child is empty (B1). */
static void node_dispatch(void)
{
    shape s;
    wall_shape(&s);
    finish_leaf(&s, false);
    acp_bsp_node *leaf = &s.nodes[0];
    acp_bsp_node root = {0};
    root.type = ACP_BSP_BPNN_;
    root.plane_n = (acp_vec3){-1, 0, 0};
    root.plane_d = 2.0f;
    root.sphere = (acp_sphere){{0, 0, 0}, 100.0f};
    root.neg = leaf;                  /* the wall's polygon on the back side */
    s.tree.root = &root;
    const acp_cpolygon *hit = NULL;
    acp_vec3 cp;
    const acp_vec3 into = {0.1f, 0, 0};
    /* Far in front: only the (missing) positive child is asked. */
    ENSURE(!acp_bsp_node_sphere_intersects_poly(&s.tree, &root, &(acp_sphere){{0, 0, 2}, 0.5f}, &into, &hit, &cp));
    ENSURE(hit == NULL);
    /* Straddling: both; the negative child's polygon is hit. */
    ENSURE(acp_bsp_node_sphere_intersects_poly(&s.tree, &root, &(acp_sphere){{1.8f, 0, 2}, 0.5f}, &into, &hit, &cp));
    ENSURE(hit == &s.tree.polygons[0]);
    /* Outside the node's bounding sphere nothing is asked. */
    root.sphere = (acp_sphere){{50, 0, 0}, 1.0f};
    hit = NULL;
    ENSURE(!acp_bsp_node_sphere_intersects_poly(&s.tree, &root, &(acp_sphere){{1.8f, 0, 2}, 0.5f}, &into, &hit, &cp));
    acp_bsp_tree_free(&s.tree);
}

/* A solid leaf holds any sphere whose centre reaches it when center_check is set; otherwise
 * only the polygons count. */
static void solid_leaf(void)
{
    shape s;
    wall_shape(&s);
    finish_leaf(&s, true);
    const acp_sphere far = {{-3, 0, 2}, 0.5f};
    ENSURE(acp_bsp_node_sphere_intersects_solid(&s.tree, s.tree.root, &far, true));
    ENSURE(!acp_bsp_node_sphere_intersects_solid(&s.tree, s.tree.root, &far, false));
    ENSURE(acp_bsp_node_sphere_intersects_solid(&s.tree, s.tree.root, &(acp_sphere){{1.7f, 0, 2}, 0.5f}, false));
    bool center_solid = false;
    const acp_cpolygon *hit = NULL;
    ENSURE(acp_bsp_node_sphere_intersects_solid_poly(&s.tree, s.tree.root, &far, 0.5f, &center_solid, &hit, true));
    ENSURE(center_solid);
    ENSURE(hit == NULL);
    ENSURE(acp_bsp_node_point_intersects_solid(s.tree.root, (acp_vec3){0, 0, 0}));
    acp_bsp_tree_free(&s.tree);
}

/* ---- BSPTREE responses on a hand-set sweep ---- */

/* A one-sphere sweep of radius 0.5 (centre 0.5 above the origin) from curr to check in CELL,
 * the shape at the identity frame in the same cell. */
static void rig(acp_transition *t, acp_vec3 curr, acp_vec3 check)
{
    acp_transition_construct(t, NULL);
    acp_sphere_path *sp = &t->sphere_path;
    const acp_sphere ball = {{0, 0, 0.5f}, 0.5f};
    acp_spherepath_init_sphere(sp, 1, &ball, 1.0f);
    sp->curr_pos.objcell_id = sp->check_pos.objcell_id = CELL;
    sp->curr_pos.frame.origin = curr;
    sp->check_pos.frame.origin = check;
    acp_spherepath_cache_global_sphere(sp, NULL);
    acp_spherepath_cache_global_curr_center(sp);
    acp_position part = {CELL, acp_frame_identity()};
    acp_spherepath_cache_localspace_sphere(sp, &part, 1.0f);
}

/* cache_localspace_sphere with the part at (10, 0, 0) turned 90° about z and scale 2: the
 * sphere's centre in the part's axes, divided by 2. */
static void localspace_sphere(void)
{
    acp_transition t;
    rig(&t, (acp_vec3){10, 4, 0}, (acp_vec3){10, 6, 0});
    acp_position part = {CELL, acp_frame_identity()};
    part.frame.origin = (acp_vec3){10, 0, 0};
    acp_frame_set_heading(&part.frame, 90.0f);
    acp_spherepath_cache_localspace_sphere(&t.sphere_path, &part, 2.0f);
    const acp_sphere_path *sp = &t.sphere_path;
    ENSURE_FBITS(sp->localspace_sphere[0].radius, 0.25f);
    /* World (10, 6, 0.5) is 6 m along the part's local axis that heading 90 points north. */
    acp_vec3 local = acp_frame_globaltolocal(&part.frame, (acp_vec3){10, 6, 0.5f});
    ENSURE_NEAR(sp->localspace_sphere[0].center.x, local.x * 0.5, 1e-6);
    ENSURE_NEAR(sp->localspace_sphere[0].center.y, local.y * 0.5, 1e-6);
    ENSURE_NEAR(sp->localspace_sphere[0].center.z, 0.25, 1e-6);
    ENSURE_NEAR(fabs(local.x) + fabs(local.y), 6.0, 1e-5);
    ENSURE_NEAR(sp->localspace_z.z, 1.0, 0.0);
    ENSURE_NEAR(sp->localspace_low_point.z, 0.0, 1e-6);
}

/* step_sphere_down onto a floor: the probe lands the sphere exactly on the plane (centre r
 * above it), records the contact plane (z = 0, global) and the walkable polygon. */
static void step_down_onto_floor(void)
{
    shape s;
    shape_init(&s);
    add_floor(&s, -20, -20, 20, 20, 0);
    finish_leaf(&s, false);
    acp_transition t;
    rig(&t, (acp_vec3){1, 1, 0.03f}, (acp_vec3){1, 1, -0.01f});
    acp_sphere_path *sp = &t.sphere_path;
    sp->step_down = true;
    sp->step_down_amt = 0.04f;
    sp->walk_interp = 1.0f;
    sp->walkable_allowance = ACP_FLOOR_Z;
    ENSURE_EQ(acp_bsp_tree_find_collisions(&s.tree, &t, 1.0f), ACP_TS_ADJUSTED);
    ENSURE_NEAR(sp->check_pos.frame.origin.z, 0.0, 2e-7);
    ENSURE(t.collision_info.contact_plane_valid);
    ENSURE_FBITS(t.collision_info.contact_plane.n.z, 1.0f);
    /* Plane::localtoglobal: d = −(n·p) with p = −d·n = (−0, −0, −0) moved to the frame: −0. */
    ENSURE_FBITS(t.collision_info.contact_plane.d, -0.0f);
    ENSURE_EQ(t.collision_info.contact_plane_cell_id, CELL);
    ENSURE(sp->walkable == &s.tree.polygons[0]);
    ENSURE_NEAR(sp->walk_interp, 0.75, 1e-6);
    acp_bsp_tree_free(&s.tree);
}

/* A floor whose normal is just below floor_z is never a walkable for step_down; just above
 * it is. */
static void steep_floor_not_walkable(void)
{
    const double nzs[2] = {0.664, 0.665};
    for (int k = 0; k < 2; k++) {
        shape s;
        shape_init(&s);
        add_tilted_floor(&s, nzs[k]);
        finish_leaf(&s, false);
        const acp_cpolygon *p = &s.tree.polygons[0];
        /* The sphere 0.49 above the plane along its normal, at x = 0 (where the plane has z 0). */
        acp_vec3 c = {(float)(0.49 * p->plane.n.x), 0, (float)(0.49 * p->plane.n.z)};
        acp_transition t;
        rig(&t, (acp_vec3){c.x, c.y, (float)(c.z - 0.5 + 0.04)}, (acp_vec3){c.x, c.y, (float)(c.z - 0.5)});
        acp_sphere_path *sp = &t.sphere_path;
        sp->step_down = true;
        sp->step_down_amt = 0.04f;
        sp->walk_interp = 1.0f;
        sp->walkable_allowance = ACP_FLOOR_Z;
        acp_transition_state ts = acp_bsp_tree_find_collisions(&s.tree, &t, 1.0f);
        if (k == 0) {
            ENSURE_EQ(ts, ACP_TS_OK);
            ENSURE(!t.collision_info.contact_plane_valid);
            ENSURE(sp->walkable == NULL);
        } else {
            ENSURE_EQ(ts, ACP_TS_ADJUSTED);
            ENSURE(t.collision_info.contact_plane_valid);
            ENSURE_NEAR(t.collision_info.contact_plane.n.z, 0.665, 1e-6);
        }
        acp_bsp_tree_free(&s.tree);
    }
}

/* PERFECT_CLIP objects are moved back to where they touch the wall: from x 1 to x 1.8 the
 * touch time is (0.5 − 1)/(−0.8) = 0.625, the centre at x 1.5, its radius from the plane. */
static void perfect_clip_stops_at_radius(void)
{
    shape s;
    wall_shape(&s);
    finish_leaf(&s, false);
    acp_transition t;
    rig(&t, (acp_vec3){1.0f, 0, 1}, (acp_vec3){1.8f, 0, 1});
    t.object_info.state = ACP_PATH_CLIPPED_OI | ACP_PERFECT_CLIP_OI;
    ENSURE_EQ(acp_bsp_tree_find_collisions(&s.tree, &t, 1.0f), ACP_TS_ADJUSTED);
    ENSURE_FBITS(t.sphere_path.check_pos.frame.origin.x, 1.5f);
    ENSURE_FBITS(t.sphere_path.global_sphere[0].center.x, 1.5f);
    ENSURE(t.collision_info.collision_normal_valid);
    ENSURE_FBITS(t.collision_info.collision_normal.x, -1.0f);
    /* Without PERFECT_CLIP: COLLIDED with the wall's normal, the check position kept. */
    rig(&t, (acp_vec3){1.0f, 0, 1}, (acp_vec3){1.8f, 0, 1});
    t.object_info.state = ACP_PATH_CLIPPED_OI;
    ENSURE_EQ(acp_bsp_tree_find_collisions(&s.tree, &t, 1.0f), ACP_TS_COLLIDED);
    ENSURE_FBITS(t.sphere_path.check_pos.frame.origin.x, 1.8f);
    ENSURE_FBITS(t.collision_info.collision_normal.x, -1.0f);
    acp_bsp_tree_free(&s.tree);
}

/* In flight a sphere that reaches the wall sets collide: the check position saved, the
 * wall's normal as the step-up normal, the walk allowance z_for_landing (ADJUSTED). */
static void flight_sets_collide(void)
{
    shape s;
    wall_shape(&s);
    finish_leaf(&s, false);
    acp_transition t;
    rig(&t, (acp_vec3){1.0f, 0, 1}, (acp_vec3){1.8f, 0, 1});
    t.object_info.state = 0;
    ENSURE_EQ(acp_bsp_tree_find_collisions(&s.tree, &t, 1.0f), ACP_TS_ADJUSTED);
    ENSURE(t.sphere_path.collide);
    ENSURE_FBITS(t.sphere_path.step_up_normal.x, -1.0f);
    ENSURE_FBITS(t.sphere_path.walkable_allowance, ACP_LANDING_Z);
    ENSURE_FBITS(t.sphere_path.backup_check_pos.frame.origin.x, 1.8f);
    ENSURE_FBITS(t.sphere_path.walk_interp, 1.0f);
    /* Short of the wall: nothing. */
    rig(&t, (acp_vec3){0.5f, 0, 1}, (acp_vec3){1.4f, 0, 1});
    ENSURE_EQ(acp_bsp_tree_find_collisions(&s.tree, &t, 1.0f), ACP_TS_OK);
    ENSURE(!t.sphere_path.collide);
    acp_bsp_tree_free(&s.tree);
}

/* Placement: a sphere 0.2 m into the wall is pushed out along its normal to sit exactly its
 * radius off the plane (ADJUSTED, the check position moved by −0.2 in x). */
static void placement_pushes_out(void)
{
    shape s;
    wall_shape(&s);
    finish_leaf(&s, false);
    acp_transition t;
    rig(&t, (acp_vec3){1.7f, 0, 1}, (acp_vec3){1.7f, 0, 1});
    ENSURE_EQ(acp_bsp_tree_placement_insert(&s.tree, &t), ACP_TS_ADJUSTED);
    ENSURE_NEAR(t.sphere_path.check_pos.frame.origin.x, 1.5, 1e-6);
    /* Clear of the wall: OK at once. */
    rig(&t, (acp_vec3){1.2f, 0, 1}, (acp_vec3){1.2f, 0, 1});
    ENSURE_EQ(acp_bsp_tree_placement_insert(&s.tree, &t), ACP_TS_OK);
    /* A placement insert of the sweep tests the solid: the overlap collides. */
    rig(&t, (acp_vec3){1.7f, 0, 1}, (acp_vec3){1.7f, 0, 1});
    t.sphere_path.insert_type = ACP_PLACEMENT_INSERT;
    ENSURE_EQ(acp_bsp_tree_find_collisions(&s.tree, &t, 1.0f), ACP_TS_COLLIDED);
    acp_bsp_tree_free(&s.tree);
}

/* BSPTREE::slide_sphere at 30° into the wall on a flat floor: the step keeps its component
 * along the wall, d·cos 30°, and loses the one into it. */
static void slide_at_30_degrees(void)
{
    acp_transition t;
    const double d = 0.4;
    acp_vec3 step = {(float)(d * 0.5), (float)(d * sqrt(3.0) / 2.0), 0};
    rig(&t, (acp_vec3){1.3f, 0, 0}, (acp_vec3){(float)(1.3 + step.x), step.y, 0});
    acp_plane floor = {{0, 0, 1}, 0};
    acp_collisioninfo_set_contact_plane(&t.collision_info, &floor, false);
    ENSURE_EQ(acp_bsp_tree_slide_sphere(&t.sphere_path, &t.collision_info, (acp_vec3){-1, 0, 0}), ACP_TS_SLID);
    ENSURE_NEAR(t.sphere_path.check_pos.frame.origin.x, 1.3, 1e-6);
    ENSURE_NEAR(t.sphere_path.check_pos.frame.origin.y, d * sqrt(3.0) / 2.0, 1e-6);
    ENSURE_FBITS(t.collision_info.collision_normal.x, -1.0f);
}

/* check_walkable over a floor: a probe sphere on a walkable polygon is COLLIDED (found),
 * beyond its edge OK. */
static void check_walkable_probe(void)
{
    shape s;
    shape_init(&s);
    add_floor(&s, 0, 0, 2, 2, 0);
    finish_leaf(&s, false);
    acp_transition t;
    rig(&t, (acp_vec3){1, 1, 0}, (acp_vec3){1, 1, -0.1f});
    t.sphere_path.check_walkable = true;
    t.sphere_path.walkable_allowance = ACP_FLOOR_Z;
    ENSURE_EQ(acp_bsp_tree_find_collisions(&s.tree, &t, 1.0f), ACP_TS_COLLIDED);
    rig(&t, (acp_vec3){3, 1, 0}, (acp_vec3){3, 1, -0.1f});
    t.sphere_path.check_walkable = true;
    t.sphere_path.walkable_allowance = ACP_FLOOR_Z;
    ENSURE_EQ(acp_bsp_tree_find_collisions(&s.tree, &t, 1.0f), ACP_TS_OK);
    acp_bsp_tree_free(&s.tree);
}

/* precipice_slide: stepping off the floor's x = 2 edge slides along that edge (normal +x,
 * turned to face the movement's way back): the x component of the step goes, y stays. */
static void precipice_slide(void)
{
    shape s;
    shape_init(&s);
    add_floor(&s, 0, 0, 2, 2, 0);
    finish_leaf(&s, false);
    acp_transition t;
    rig(&t, (acp_vec3){1.9f, 1, 0}, (acp_vec3){2.2f, 1.1f, 0});
    acp_sphere_path *sp = &t.sphere_path;
    acp_plane floor = {{0, 0, 1}, 0};
    acp_collisioninfo_set_contact_plane(&t.collision_info, &floor, false);
    acp_position part = {CELL, acp_frame_identity()};
    acp_sphere probe = {{2.2f, 1.1f, 0.5f}, 0.5f};
    acp_spherepath_set_walkable(sp, &probe, &s.tree.polygons[0], &(acp_vec3){0, 0, 1}, &part, 1.0f);
    ENSURE_EQ(acp_spherepath_precipice_slide(sp, &t.collision_info), ACP_TS_SLID);
    ENSURE(sp->walkable == NULL);
    ENSURE_NEAR(sp->check_pos.frame.origin.x, 1.9, 1e-6);
    ENSURE_NEAR(sp->check_pos.frame.origin.y, 1.1, 1e-6);
    /* Over the polygon (no edge crossed): COLLIDED, the walkable dropped. */
    acp_sphere inside = {{1, 1, 0.5f}, 0.5f};
    acp_spherepath_set_walkable(sp, &inside, &s.tree.polygons[0], &(acp_vec3){0, 0, 1}, &part, 1.0f);
    ENSURE_EQ(acp_spherepath_precipice_slide(sp, &t.collision_info), ACP_TS_COLLIDED);
    ENSURE(sp->walkable == NULL);
    acp_bsp_tree_free(&s.tree);
}

/* A polygon with fewer than 3 points or a vertex id past the array is refused at build. */
static void build_refuses_bad_polygons(void)
{
    shape s;
    wall_shape(&s);
    s.polys[0].vertex_ids[2] = 40;
    acp_bsp_tree t;
    uint32_t bad = 99;
    ENSURE(!acp_bsp_tree_build(&t, NULL, &s.va, 1, s.polys, &bad));
    ENSURE_EQ(bad, 0);
    ENSURE(t.polygons == NULL);
    wall_shape(&s);
    s.polys[0].num_pts = 2;
    ENSURE(!acp_bsp_tree_build(&t, NULL, &s.va, 1, s.polys, &bad));
    acp_bsp_tree_free(&t);
}


/* In contact, sphere 0 touching the wall from its back (behind the plane, moving the way the
 * wall faces: recorded, no hit) and sphere 1 (6 m up) clear of it: a negative-polygon hit to
 * step up onto, the normal reversed (SPHEREPATH::set_neg_poly_hit); the response itself is
 * transitional_insert's. */
static void contact_negative_polygon(void)
{
    shape s;
    wall_shape(&s);
    finish_leaf(&s, false);
    acp_transition t;
    acp_transition_construct(&t, NULL);
    acp_sphere_path *sp = &t.sphere_path;
    const acp_sphere two[2] = {{{0, 0, 0.5f}, 0.5f}, {{0, 0, 6.5f}, 0.5f}};
    acp_spherepath_init_sphere(sp, 2, two, 1.0f);
    sp->curr_pos.objcell_id = sp->check_pos.objcell_id = CELL;
    sp->curr_pos.frame.origin = (acp_vec3){2.2f, 0, 0};
    sp->check_pos.frame.origin = (acp_vec3){2.1f, 0, 0};
    acp_spherepath_cache_global_sphere(sp, NULL);
    acp_spherepath_cache_global_curr_center(sp);
    acp_position part = {CELL, acp_frame_identity()};
    acp_spherepath_cache_localspace_sphere(sp, &part, 1.0f);
    t.object_info.state = ACP_CONTACT_OI | ACP_ON_WALKABLE_OI;
    ENSURE_EQ(acp_bsp_tree_find_collisions(&s.tree, &t, 1.0f), ACP_TS_OK);
    ENSURE(sp->neg_poly_hit);
    ENSURE(sp->neg_step_up);
    ENSURE_FBITS(sp->neg_collision_normal.x, 1.0f);
    ENSURE_FBITS(sp->neg_collision_normal.y, -0.0f);
    acp_bsp_tree_free(&s.tree);
}

/* SPHEREPATH::check_walkables halves the probe's radius in place, then asks the walkable
 * polygon (CPolygon::check_walkable); without a walkable polygon it passes. */
static void check_walkables_halves(void)
{
    shape s;
    shape_init(&s);
    add_floor(&s, 0, 0, 2, 2, 0);
    finish_leaf(&s, false);
    acp_transition t;
    acp_transition_construct(&t, NULL);
    acp_sphere_path *sp = &t.sphere_path;
    ENSURE(acp_spherepath_check_walkables(sp));
    acp_position part = {CELL, acp_frame_identity()};
    acp_sphere probe = {{2.4f, 1, 0.5f}, 1.0f};
    acp_spherepath_set_walkable(sp, &probe, &s.tree.polygons[0], &(acp_vec3){0, 0, 1}, &part, 1.0f);
    ENSURE(acp_spherepath_check_walkables(sp));          /* r 0.5: 0.4 from the edge */
    ENSURE_FBITS(sp->walkable_check_pos.radius, 0.5f);
    ENSURE(!acp_spherepath_check_walkables(sp));         /* r 0.25 */
    ENSURE_FBITS(sp->walkable_check_pos.radius, 0.25f);
    acp_bsp_tree_free(&s.tree);
}

/* CTransition::edge_slide with a walkable polygon and no contact plane: back to the check
 * position saved, then precipice_slide along the crossed edge (SLID: not a stop). */
static void edge_slide_takes_precipice(void)
{
    shape s;
    shape_init(&s);
    add_floor(&s, 0, 0, 2, 2, 0);
    finish_leaf(&s, false);
    acp_transition t;
    rig(&t, (acp_vec3){1.9f, 1, 0}, (acp_vec3){2.2f, 1.1f, 0});
    acp_sphere_path *sp = &t.sphere_path;
    acp_spherepath_save_check_pos(sp);
    t.object_info.state = ACP_CONTACT_OI | ACP_ON_WALKABLE_OI | ACP_EDGE_SLIDE_OI;
    acp_plane floor = {{0, 0, 1}, 0};
    t.collision_info.last_known_contact_plane_valid = true;
    t.collision_info.last_known_contact_plane = floor;
    acp_position part = {CELL, acp_frame_identity()};
    acp_sphere probe = {{2.2f, 1.1f, 0.5f}, 0.5f};
    acp_spherepath_set_walkable(sp, &probe, &s.tree.polygons[0], &(acp_vec3){0, 0, 1}, &part, 1.0f);
    acp_transition_state ts = ACP_TS_INVALID;
    ENSURE(!acp_transition_edge_slide(&t, &ts, 0.4f, ACP_FLOOR_Z));
    ENSURE_EQ(ts, ACP_TS_SLID);
    ENSURE(sp->walkable == NULL);
    ENSURE_NEAR(sp->check_pos.frame.origin.x, 1.9, 1e-6);
    ENSURE_NEAR(sp->check_pos.frame.origin.y, 1.1, 1e-6);
    ENSURE(!t.collision_info.contact_plane_valid);
    acp_bsp_tree_free(&s.tree);
}

void suite_bsp(void)
{
    RUN(wall_plane);
    RUN(polygon_touch_epsilon);
    RUN(polygon_edge_reach);
    RUN(pos_hits_sphere_direction);
    RUN(crossed_edge);
    RUN(walkable_probes);
    RUN(adjust_to_floor);
    RUN(point_inside_cell);
    RUN(sphere_in_cell);
    RUN(node_dispatch);
    RUN(solid_leaf);
    RUN(localspace_sphere);
    RUN(step_down_onto_floor);
    RUN(steep_floor_not_walkable);
    RUN(perfect_clip_stops_at_radius);
    RUN(flight_sets_collide);
    RUN(placement_pushes_out);
    RUN(slide_at_30_degrees);
    RUN(check_walkable_probe);
    RUN(precipice_slide);
    RUN(build_refuses_bad_polygons);
    RUN(contact_negative_polygon);
    RUN(check_walkables_halves);
    RUN(edge_slide_takes_precipice);
}
