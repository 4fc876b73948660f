/* acphys — BSP trees as the DAT stores them: retail BSPTREE::UnPack (0x00539830),
 * BSPNODE::UnPackChild (0x0053C770), BSPNODE::UnPack (0x0053C540), BSPLEAF::UnPackLeaf
 * (0x0053D4A0), BSPPORTAL::UnPackPortal (0x0053DB70) and CSphere::UnPack (0x0051FD20). Read
 * against PORTAL/cgeometry/CBSPTree.c, CBSPNode.c, CBSPLeaf.c, CBSPPortal.c.
 *
 * Retail sets the global BSPNODE::pack_tree_type before a tree is read and the nodes read by
 * it; here it is the `kind` argument. Retail indexes BSPNODE::pack_poly with every polygon
 * index unchecked; here an index past the record's polygon list fails with ERR_INDEX. Retail
 * recurses without bound; here a tree deeper than ACP_MAX_BSP_DEPTH fails with ERR_LIMIT.
 */
#include "unpack.h"

typedef struct bsp_ctx {
    acp_reader *r;
    acp_arena *a;
    acp_bsp_kind kind;
    uint32_t num_polygons;             /* the polygon list the indices name */
    const char *field;
} bsp_ctx;

static acp_bsp_node *unpack_child(bsp_ctx *c, uint32_t depth);

/* Centre then radius, finite (a bounding sphere the sweep tests against).
 * Retail: CSphere::UnPack (0x0051FD20). */
static acp_sphere unpack_sphere(bsp_ctx *c)
{
    acp_sphere s;
    s.center = acp_reader_vec3_finite(c->r, "bsp.sphere.center");
    s.radius = acp_reader_f32_finite(c->r, "bsp.sphere.radius");
    return s;
}

/* A u32 count of u16 polygon indices, each checked against the polygon list. */
static uint16_t *unpack_poly_indices(bsp_ctx *c, uint32_t n, const char *field)
{
    uint16_t *out = acp_unpack_array(c->r, c->a, n, sizeof *out, field);
    for (uint32_t i = 0; out && i < n; i++) {
        size_t at = c->r->pos;
        out[i] = acp_reader_u16(c->r, field);
        if (acp_reader_ok(c->r) && out[i] >= c->num_polygons) acp_reader_fail(c->r, ACP_DAT_ERR_INDEX, at, field);
    }
    return out;
}

/* The splitting plane (normal, d) that nodes and portals start with. */
static void unpack_plane(bsp_ctx *c, acp_bsp_node *n)
{
    n->plane_n = acp_reader_vec3_finite(c->r, "bsp.plane.n");
    n->plane_d = acp_reader_f32_finite(c->r, "bsp.plane.d");
}

/* Which children a splitting node's type stores (BSPNODE::UnPack's switch): both, positive
 * only, negative only, or none for any other type. */
static void child_flags(uint32_t type, bool *pos, bool *neg)
{
    *pos = type == ACP_BSP_BPIN || type == ACP_BSP_BPNN_ || type == ACP_BSP_BPIn || type == ACP_BSP_BPnn;
    *neg = type == ACP_BSP_BPIN || type == ACP_BSP_BPNN_ || type == ACP_BSP_BpIN || type == ACP_BSP_BpnN;
}

/* Plane, the children the type names, then by tree kind the sphere (drawing, physics) and the
 * polygon list (drawing). Retail: BSPNODE::UnPack (0x0053C540). */
static void unpack_node(bsp_ctx *c, acp_bsp_node *n, uint32_t depth)
{
    unpack_plane(c, n);
    bool pos, neg;
    child_flags(n->type, &pos, &neg);
    if (pos) n->pos = unpack_child(c, depth + 1);
    if (neg) n->neg = unpack_child(c, depth + 1);
    if (c->kind == ACP_BSP_CELL) return;
    n->sphere = unpack_sphere(c);
    if (c->kind != ACP_BSP_DRAWING) return;
    n->num_polys = acp_reader_count(c->r, 2, ACP_MAX_GFX_POLYGONS, "bsp.node.num_polys");
    n->polys = unpack_poly_indices(c, n->num_polys, "bsp.node.polys");
}

/* The leaf index; in physics trees also solid, sphere and polygons.
 * Retail: BSPLEAF::UnPackLeaf (0x0053D4A0). */
static void unpack_leaf(bsp_ctx *c, acp_bsp_node *n)
{
    n->leaf_index = acp_reader_u32(c->r, "bsp.leaf.index");
    if (c->kind != ACP_BSP_PHYSICS) return;
    n->solid = acp_reader_u32(c->r, "bsp.leaf.solid");
    n->sphere = unpack_sphere(c);
    n->num_polys = acp_reader_count(c->r, 2, ACP_MAX_GFX_POLYGONS, "bsp.leaf.num_polys");
    n->polys = unpack_poly_indices(c, n->num_polys, "bsp.leaf.polys");
}

/* Plane, both children; in drawing trees also sphere, polygons and portal polygons (polygon
 * index, portal index). Retail: BSPPORTAL::UnPackPortal (0x0053DB70). */
static void unpack_portal(bsp_ctx *c, acp_bsp_node *n, uint32_t depth)
{
    unpack_plane(c, n);
    n->pos = unpack_child(c, depth + 1);
    n->neg = unpack_child(c, depth + 1);
    if (c->kind != ACP_BSP_DRAWING) return;
    n->sphere = unpack_sphere(c);
    n->num_polys = acp_reader_count(c->r, 2, ACP_MAX_GFX_POLYGONS, "bsp.portal.num_polys");
    n->num_portals = acp_reader_count(c->r, 4, ACP_MAX_GFX_POLYGONS, "bsp.portal.num_portals");
    n->polys = unpack_poly_indices(c, n->num_polys, "bsp.portal.polys");
    n->portals = acp_unpack_array(c->r, c->a, n->num_portals, sizeof *n->portals, "bsp.portal.portals");
    for (uint32_t i = 0; n->portals && i < n->num_portals; i++) {
        size_t at = c->r->pos;
        n->portals[i].polygon = acp_reader_u16(c->r, "bsp.portal.portals.polygon");
        if (acp_reader_ok(c->r) && n->portals[i].polygon >= c->num_polygons)
            acp_reader_fail(c->r, ACP_DAT_ERR_INDEX, at, "bsp.portal.portals.polygon");
        n->portals[i].portal_index = acp_reader_u16(c->r, "bsp.portal.portals.portal_index");
    }
}

/* The node's type word, then a portal, a leaf or a splitting node.
 * Retail: BSPNODE::UnPackChild (0x0053C770). */
static acp_bsp_node *unpack_child(bsp_ctx *c, uint32_t depth)
{
    size_t at = c->r->pos;
    if (depth > ACP_MAX_BSP_DEPTH) {
        acp_reader_fail(c->r, ACP_DAT_ERR_LIMIT, at, c->field);
        return NULL;
    }
    acp_bsp_node *n = acp_unpack_array(c->r, c->a, 1, sizeof *n, c->field);
    if (!n) return NULL;
    n->type = acp_reader_u32(c->r, "bsp.type");
    if (n->type == ACP_BSP_PORT) unpack_portal(c, n, depth);
    else if (n->type == ACP_BSP_LEAF) unpack_leaf(c, n);
    else unpack_node(c, n, depth);
    return acp_reader_ok(c->r) ? n : NULL;
}

/* Retail: BSPTREE::UnPack (0x00539830), with BSPNODE::pack_tree_type given as `kind`. */
acp_bsp_node *acp_unpack_bsp_tree(acp_reader *r, acp_arena *a, acp_bsp_kind kind, uint32_t num_polygons,
                                  const char *field)
{
    bsp_ctx c = {r, a, kind, num_polygons, field};
    return unpack_child(&c, 1);
}
