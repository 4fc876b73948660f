/* acphys — retail BSPTREE: the sweep against a physics BSP (find_collisions and the responses it
 * picks), placement, and the cell tree's tests; and the load-time form (acp_bsp_tree_build).
 * See bsp.h. Read against PORTAL/cgeometry/CBSPTree.c and geometry/Plane.c.
 *
 * The listing turns local vectors to the check frame with three groupings of the same sum (x87
 * additions are not associative): Position::localtoglobalvec's (m3·y + m0·x) + m6·z, the inline
 * (m6·z + m0·x) + m3·y of slide_sphere and step_sphere_up, and (m6·z + m3·y) + m0·x of
 * step_sphere_down and Plane::localtoglobal. Each site uses the one it has.
 */
#include "physics/shapes/bsp.h"
#include "physics/shapes/sphere.h"

#include <stdlib.h>
#include <string.h>

/* ---- the load-time form ---- */

bool acp_bsp_tree_build(acp_bsp_tree *t, const acp_bsp_node *root, const acp_vertex_array *va,
                        uint32_t num_polygons, const acp_gfx_polygon *polygons, uint32_t *bad_polygon)
{
    memset(t, 0, sizeof *t);
    size_t total = 0;
    for (uint32_t i = 0; i < num_polygons; i++) {
        bool ok = polygons[i].num_pts >= 3;
        for (uint32_t k = 0; ok && k < polygons[i].num_pts; k++) ok = polygons[i].vertex_ids[k] < va->num_vertices;
        if (!ok) {
            if (bad_polygon) *bad_polygon = i;
            return false;
        }
        total += polygons[i].num_pts;
    }
    t->polygons = num_polygons ? calloc(num_polygons, sizeof *t->polygons) : NULL;
    t->points = total ? calloc(total, sizeof *t->points) : NULL;
    if ((num_polygons && !t->polygons) || (total && !t->points)) {
        acp_bsp_tree_free(t);
        if (bad_polygon) *bad_polygon = UINT32_MAX;
        return false;
    }
    acp_vec3 *pt = t->points;
    for (uint32_t i = 0; i < num_polygons; i++) {
        const acp_gfx_polygon *g = &polygons[i];
        acp_cpolygon *p = &t->polygons[i];
        for (uint32_t k = 0; k < g->num_pts; k++) pt[k] = va->vertices[g->vertex_ids[k]].origin;
        p->num_pts = g->num_pts;
        p->vertices = pt;
        p->plane = acp_polygon_plane_of(pt, g->num_pts);
        p->sides_type = g->sides_type;
        p->poly_id = g->poly_id;
        pt += g->num_pts;
    }
    t->num_polygons = num_polygons;
    t->root = root;
    return true;
}

void acp_bsp_tree_free(acp_bsp_tree *t)
{
    if (!t) return;
    free(t->polygons);
    free(t->points);
    memset(t, 0, sizeof *t);
}

/* ---- local → check frame ---- */

/* Retail: Position::localtoglobalvec (0x00456220): (m3·y + m0·x) + m6·z. */
static acp_vec3 rot_pos(const acp_frame *f, acp_vec3 v)
{
    const float *m = f->m;
    acp_vec3 r;
    r.z = (float)((double)m[5] * v.y + (double)m[2] * v.x + (double)m[8] * v.z);
    r.y = (float)((double)m[4] * v.y + (double)m[1] * v.x + (double)m[7] * v.z);
    r.x = (float)((double)m[3] * v.y + (double)m[0] * v.x + (double)m[6] * v.z);
    return r;
}

/* (m6·z + m3·y) + m0·x. */
static acp_vec3 rot_zyx(const acp_frame *f, double x, double y, double z)
{
    const float *m = f->m;
    acp_vec3 r;
    r.x = (float)(z * m[6] + y * m[3] + x * m[0]);
    r.y = (float)(z * m[7] + y * m[4] + x * m[1]);
    r.z = (float)(z * m[8] + y * m[5] + x * m[2]);
    return r;
}

static acp_vec3 scaled(acp_vec3 v, float scale)
{
    return (acp_vec3){(float)((double)v.x * scale), (float)((double)v.y * scale), (float)((double)v.z * scale)};
}

/* Retail: Position::localtoglobal (0x00456180): v in `from`'s axes to a point in `to`'s
 * landblock frame. */
static acp_vec3 pos_localtoglobal(const acp_position *to, const acp_position *from, acp_vec3 v)
{
    const float *m = from->frame.m;
    const acp_vec3 o = from->frame.origin;
    float x = (float)((double)m[3] * v.y + (double)m[0] * v.x + (double)m[6] * v.z + o.x);
    float y = (float)((double)m[4] * v.y + (double)m[1] * v.x + (double)m[7] * v.z + o.y);
    float z = (float)((double)m[5] * v.y + (double)m[2] * v.x + (double)m[8] * v.z + o.z);
    acp_vec3 b = acp_landdefs_get_block_offset(to->objcell_id, from->objcell_id);
    return (acp_vec3){(float)((double)b.x + x), (float)((double)b.y + y), (float)((double)b.z + z)};
}

/* Retail: Plane::localtoglobal (0x005AA0A0): a plane in `from`'s axes as a plane in `to`'s
 * landblock frame. */
static acp_plane plane_localtoglobal(const acp_position *to, const acp_position *from, const acp_plane *local)
{
    double nd = -(double)local->d;
    acp_vec3 point = {(float)(nd * local->n.x), (float)(nd * local->n.y), (float)(nd * local->n.z)};
    acp_vec3 n = rot_zyx(&from->frame, local->n.x, local->n.y, local->n.z);
    acp_vec3 g = pos_localtoglobal(to, from, point);
    double yz = (double)n.z * g.z + (double)n.y * g.y;
    double x = (double)n.x * g.x;
    acp_plane out;
    out.n = n;
    out.d = (float)(-(yz + x));
    return out;
}

/* ---- BSPTREE ---- */

acp_sphere acp_bsp_tree_get_sphere(const acp_bsp_tree *t)
{
    if (!t->root) return (acp_sphere){{0.0f, 0.0f, 0.0f}, 0.0f};
    return t->root->sphere;
}

bool acp_bsp_tree_box_intersects_cell_bsp(const acp_bsp_tree *t, const acp_bbox *box)
{
    return t->root && acp_bsp_node_box_intersects_cell_bsp(t->root, box);
}

bool acp_bsp_tree_point_inside_cell_bsp(const acp_bsp_tree *t, acp_vec3 point)
{
    return t->root && acp_bsp_node_point_inside_cell_bsp(t->root, point);
}

int acp_bsp_tree_sphere_intersects_cell_bsp(const acp_bsp_tree *t, const acp_sphere *sphere)
{
    return t->root ? acp_bsp_node_sphere_intersects_cell_bsp(t->root, sphere) : 0;
}

acp_transition_state acp_bsp_tree_slide_sphere(acp_sphere_path *path, acp_collision_info *c,
                                               acp_vec3 collision_normal)
{
    acp_vec3 n = acp_frame_localtoglobalvec(&path->localspace_pos.frame, collision_normal);
    return acp_sphere_slide_sphere(&path->global_sphere[0], path, c, &n, path->global_curr_center[0]);
}

acp_transition_state acp_bsp_tree_check_walkable(const acp_bsp_tree *t, acp_sphere_path *path,
                                                 const acp_sphere *check_pos, float scale)
{
    (void)scale;
    acp_sphere valid_pos = *check_pos;
    bool hit = acp_bsp_node_hits_walkable(t, t->root, path, &valid_pos, &path->localspace_z);
    return hit ? ACP_TS_COLLIDED : ACP_TS_OK;
}

acp_transition_state acp_bsp_tree_step_sphere_up(acp_transition *tr, acp_vec3 collision_normal)
{
    acp_vec3 n = acp_frame_localtoglobalvec(&tr->sphere_path.localspace_pos.frame, collision_normal);
    if (acp_transition_step_up(tr, n)) return ACP_TS_OK;
    return acp_spherepath_step_up_slide(&tr->sphere_path, &tr->collision_info);
}

acp_transition_state acp_bsp_tree_step_sphere_down(const acp_bsp_tree *t, acp_sphere_path *path,
                                                   acp_collision_info *c, const acp_sphere *check_pos, float scale)
{
    const acp_vec3 lz = path->localspace_z;
    double down = -((double)path->step_down_amt * path->walk_interp);
    acp_sphere valid_pos = *check_pos;
    float nx = (float)(down * lz.x);
    float ny = (float)(down * lz.y);
    double dz = down * lz.z;
    double inv = 1.0 / scale;
    float inv_f = (float)inv;
    acp_vec3 trans = {(float)(inv * nx), (float)((double)ny * inv_f), (float)(dz * inv_f)};
    const acp_cpolygon *poly = NULL;
    bool changed = false;
    acp_bsp_node_find_walkable(t, t->root, path, &valid_pos, &poly, &trans, &path->localspace_z, &changed);
    if (!changed) return ACP_TS_OK;
    double ox = (double)valid_pos.center.x - check_pos->center.x;
    double oy = (double)valid_pos.center.y - check_pos->center.y;
    double oz = (double)valid_pos.center.z - check_pos->center.z;
    acp_vec3 off = scaled(rot_zyx(&path->localspace_pos.frame, ox, oy, oz), scale);
    acp_spherepath_add_offset_to_check_pos(path, off);
    acp_plane p = plane_localtoglobal(&path->check_pos, &path->localspace_pos, &poly->plane);
    p.d = (float)((double)p.d * scale);
    c->contact_plane_valid = true;
    c->contact_plane = p;
    c->contact_plane_is_water = false;
    c->contact_plane_cell_id = path->check_pos.objcell_id;
    acp_spherepath_set_walkable(path, &valid_pos, poly, &path->localspace_z, &path->localspace_pos, scale);
    return ACP_TS_ADJUSTED;
}

bool acp_bsp_tree_adjust_to_plane(const acp_bsp_tree *t, acp_sphere *check_pos, acp_vec3 curr_pos,
                                  const acp_cpolygon *hit_poly, acp_vec3 *contact_pt)
{
    acp_vec3 movement = {(float)((double)check_pos->center.x - curr_pos.x),
                         (float)((double)check_pos->center.y - curr_pos.y),
                         (float)((double)check_pos->center.z - curr_pos.z)};
    double lower = 0.0, upper = 1.0;
    int i = 0;
    for (;;) {
        double touch = acp_cpolygon_adjust_sphere_to_poly(hit_poly, check_pos, curr_pos, movement);
        /* The listing's exit test lost its operand (B2): a touch time of 1 (the sphere already
         * within its radius at curr_pos: backing off cannot help) ends the walk-back. */
        if (touch == 1.0 || touch != touch) break;
        float px = (float)((double)movement.x * touch);
        float py = (float)((double)movement.y * touch);
        check_pos->center.x = (float)((double)px + curr_pos.x);
        check_pos->center.y = (float)((double)py + curr_pos.y);
        check_pos->center.z = (float)(touch * movement.z + curr_pos.z);
        if (!acp_bsp_node_sphere_intersects_poly(t, t->root, check_pos, &movement, &hit_poly, contact_pt)) {
            lower = touch;
            break;
        }
        i++;
        upper = touch;
        if (i >= 15) return false;
    }
    for (; i < 15; i++) {
        double mid = (lower + upper) * 0.5;
        float px = (float)((double)movement.x * mid);
        float py = (float)((double)movement.y * mid);
        check_pos->center.x = (float)((double)px + curr_pos.x);
        check_pos->center.y = (float)((double)py + curr_pos.y);
        check_pos->center.z = (float)(mid * movement.z + curr_pos.z);
        if (acp_bsp_node_sphere_intersects_poly(t, t->root, check_pos, &movement, &hit_poly, contact_pt))
            upper = (lower + upper) * 0.5;
        else
            lower = (lower + upper) * 0.5;
        if (upper - lower < 0.02) break;
    }
    float px = (float)((double)movement.x * lower);
    float py = (float)((double)movement.y * lower);
    check_pos->center.x = (float)((double)px + curr_pos.x);
    check_pos->center.y = (float)((double)py + curr_pos.y);
    check_pos->center.z = (float)(lower * movement.z + curr_pos.z);
    return true;
}

acp_transition_state acp_bsp_tree_collide_with_pt(const acp_bsp_tree *t, acp_object_info *oi, acp_sphere_path *path,
                                                  acp_collision_info *c, const acp_sphere *check_pos,
                                                  acp_vec3 curr_pos, const acp_cpolygon *hit_poly,
                                                  acp_vec3 *contact_pt, float scale)
{
    const acp_frame *lf = &path->localspace_pos.frame;
    if (!(oi->state & ACP_PERFECT_CLIP_OI)) {
        acp_vec3 n = hit_poly->plane.n;
        const float *m = lf->m;
        acp_vec3 g = {(float)((double)m[0] * n.x + (double)m[3] * n.y + (double)m[6] * n.z),
                      (float)((double)m[1] * n.x + (double)m[4] * n.y + (double)m[7] * n.z),
                      (float)((double)m[2] * n.x + (double)m[5] * n.y + (double)m[8] * n.z)};
        acp_collisioninfo_set_collision_normal(c, g);
        return ACP_TS_COLLIDED;
    }
    acp_sphere valid_pos = *check_pos;
    if (!acp_bsp_tree_adjust_to_plane(t, &valid_pos, curr_pos, hit_poly, contact_pt)) return ACP_TS_COLLIDED;
    acp_collisioninfo_set_collision_normal(c, rot_pos(lf, hit_poly->plane.n));
    acp_vec3 d = {(float)((double)valid_pos.center.x - check_pos->center.x),
                  (float)((double)valid_pos.center.y - check_pos->center.y),
                  (float)((double)valid_pos.center.z - check_pos->center.z)};
    acp_spherepath_add_offset_to_check_pos(path, scaled(rot_pos(lf, d), scale));
    return ACP_TS_ADJUSTED;
}

/* Whether a placement or an ethereal obstruction tests solid leaves by their centre: always,
 * except for a building's shell when the sweep hits an interior cell. */
static bool solid_center_check(const acp_sphere_path *sp)
{
    return sp->bldg_check ? !sp->hits_interior_cell : true;
}

acp_transition_state acp_bsp_tree_placement_insert(const acp_bsp_tree *t, acp_transition *tr)
{
    acp_sphere_path *sp = &tr->sphere_path;
    const acp_sphere *ls = sp->localspace_sphere;
    acp_sphere valid_pos = ls[0];
    acp_sphere valid_pos2 = {{0.0f, 0.0f, 0.0f}, 0.0f};
    float radius = ls[0].radius;
    if (sp->num_sphere > 1) valid_pos2 = ls[1];
    const acp_cpolygon *hit_poly = NULL;
    bool center_check = solid_center_check(sp);
    int i = 0;
    for (;;) {
        bool center_solid = false;
        bool nudged = false;
        if (acp_bsp_node_sphere_intersects_solid_poly(t, t->root, &valid_pos, radius, &center_solid, &hit_poly,
                                                      center_check)) {
            if (hit_poly) {
                acp_cpolygon_adjust_to_placement_poly(hit_poly, &valid_pos, &valid_pos2, radius, center_solid,
                                                      center_check);
                nudged = true;
            }
        } else {
            if (sp->num_sphere <= 1) break;
            if (!acp_bsp_node_sphere_intersects_solid_poly(t, t->root, &valid_pos2, radius, &center_solid, &hit_poly,
                                                           center_check)) {
                if (!i) return ACP_TS_OK;
                acp_vec3 d = {(float)((double)valid_pos.center.x - ls[0].center.x),
                              (float)((double)valid_pos.center.y - ls[0].center.y),
                              (float)((double)valid_pos.center.z - ls[0].center.z)};
                acp_spherepath_add_offset_to_check_pos(sp, rot_pos(&sp->localspace_pos.frame, d));
                return ACP_TS_ADJUSTED;
            }
            if (hit_poly) {
                acp_cpolygon_adjust_to_placement_poly(hit_poly, &valid_pos2, &valid_pos, radius, center_solid,
                                                      center_check);
                nudged = true;
            }
        }
        if (nudged) {
            hit_poly = NULL;
            radius = valid_pos.radius;
        } else {
            radius = (float)((double)radius + radius);
        }
        if (++i >= 20) return ACP_TS_COLLIDED;
    }
    if (!i) return ACP_TS_OK;
    /* One sphere: the nudge (centre differences kept in double) turned to the check frame and
     * added as SPHEREPATH::add_offset_to_check_pos does (the listing copies the offset for
     * cache_global_sphere before its y and z are stored: the whole offset is meant, B3). */
    const float *m = sp->localspace_pos.frame.m;
    double dz = (double)valid_pos.center.z - ls[0].center.z;
    double dy = (double)valid_pos.center.y - ls[0].center.y;
    double dx = (double)valid_pos.center.x - ls[0].center.x;
    acp_vec3 off = {(float)(dx * m[0] + dy * m[3] + dz * m[6]), (float)(dx * m[1] + dy * m[4] + dz * m[7]),
                    (float)(dx * m[2] + dy * m[5] + dz * m[8])};
    acp_spherepath_add_offset_to_check_pos(sp, off);
    return ACP_TS_ADJUSTED;
}

/* Placements and ethereal obstructions: any solid overlap collides. */
static acp_transition_state solid_test(const acp_bsp_tree *t, const acp_sphere_path *sp)
{
    bool cc = solid_center_check(sp);
    if (acp_bsp_node_sphere_intersects_solid(t, t->root, &sp->localspace_sphere[0], cc)) return ACP_TS_COLLIDED;
    if (sp->num_sphere > 1 && acp_bsp_node_sphere_intersects_solid(t, t->root, &sp->localspace_sphere[1], cc))
        return ACP_TS_COLLIDED;
    return ACP_TS_OK;
}

/* An airborne sphere that collides lands on a walkable polygon it reaches along its movement. */
static acp_transition_state collide_land(const acp_bsp_tree *t, acp_transition *tr, const acp_vec3 *movement,
                                         float scale)
{
    acp_sphere_path *sp = &tr->sphere_path;
    const acp_sphere *s0 = &sp->localspace_sphere[0];
    acp_sphere valid_pos = *s0;
    const acp_cpolygon *poly = NULL;
    bool changed = false;
    acp_bsp_node_find_walkable(t, t->root, sp, &valid_pos, &poly, movement, &sp->localspace_z, &changed);
    if (!changed) return ACP_TS_OK;
    acp_vec3 d = {(float)((double)valid_pos.center.x - s0->center.x), (float)((double)valid_pos.center.y - s0->center.y),
                  (float)((double)valid_pos.center.z - s0->center.z)};
    acp_spherepath_add_offset_to_check_pos(sp, scaled(rot_pos(&sp->localspace_pos.frame, d), scale));
    acp_plane p = plane_localtoglobal(&sp->check_pos, &sp->localspace_pos, &poly->plane);
    p.d = (float)((double)p.d * scale);
    acp_collisioninfo_set_contact_plane(&tr->collision_info, &p, false);
    tr->collision_info.contact_plane_cell_id = sp->check_pos.objcell_id;
    acp_spherepath_set_walkable(sp, &valid_pos, poly, &sp->localspace_z, &sp->localspace_pos, scale);
    return ACP_TS_ADJUSTED;
}

/* In contact: step up onto what sphere 0 hits; sphere 1's hit slides; a polygon touched from
 * behind is a negative-polygon hit (stepped onto for sphere 0, slid along for sphere 1). */
static acp_transition_state contact_sweep(const acp_bsp_tree *t, acp_transition *tr, const acp_vec3 *movement)
{
    acp_sphere_path *sp = &tr->sphere_path;
    const acp_cpolygon *hit_poly = NULL, *hit_poly1 = NULL;
    acp_vec3 contact_pt;
    if (acp_bsp_node_sphere_intersects_poly(t, t->root, &sp->localspace_sphere[0], movement, &hit_poly, &contact_pt))
        return acp_bsp_tree_step_sphere_up(tr, hit_poly->plane.n);
    if (sp->num_sphere <= 1) return ACP_TS_OK;
    if (acp_bsp_node_sphere_intersects_poly(t, t->root, &sp->localspace_sphere[1], movement, &hit_poly1, &contact_pt))
        return acp_bsp_tree_slide_sphere(sp, &tr->collision_info, hit_poly1->plane.n);
    if (hit_poly1) {
        acp_spherepath_set_neg_poly_hit(sp, false, rot_pos(&sp->localspace_pos.frame, hit_poly1->plane.n));
        return ACP_TS_OK;
    }
    if (hit_poly) {
        acp_spherepath_set_neg_poly_hit(sp, true, rot_pos(&sp->localspace_pos.frame, hit_poly->plane.n));
        return ACP_TS_OK;
    }
    return ACP_TS_OK;
}

/* In flight (not PATH_CLIPPED): sphere 0 touching anything sets collide (land later); sphere 1
 * collides with the polygon's normal. */
static acp_transition_state flight_sweep(const acp_bsp_tree *t, acp_transition *tr, const acp_vec3 *movement)
{
    acp_sphere_path *sp = &tr->sphere_path;
    const acp_cpolygon *hit_poly = NULL;
    acp_vec3 contact_pt;
    if (acp_bsp_node_sphere_intersects_poly(t, t->root, &sp->localspace_sphere[0], movement, &hit_poly, &contact_pt) ||
        hit_poly) {
        acp_spherepath_set_collide(sp, rot_pos(&sp->localspace_pos.frame, hit_poly->plane.n));
        sp->walkable_allowance = ACP_LANDING_Z;
        return ACP_TS_ADJUSTED;
    }
    if (sp->num_sphere > 1 && (acp_bsp_node_sphere_intersects_poly(t, t->root, &sp->localspace_sphere[1], movement,
                                                                    &hit_poly, &contact_pt) ||
                               hit_poly)) {
        acp_collisioninfo_set_collision_normal(&tr->collision_info,
                                               rot_pos(&sp->localspace_pos.frame, hit_poly->plane.n));
        return ACP_TS_COLLIDED;
    }
    return ACP_TS_OK;
}

acp_transition_state acp_bsp_tree_find_collisions(const acp_bsp_tree *t, acp_transition *tr, float scale)
{
    acp_sphere_path *sp = &tr->sphere_path;
    const acp_sphere *s0 = &sp->localspace_sphere[0];
    const acp_vec3 cc = sp->localspace_curr_center[0];
    acp_vec3 movement = {(float)((double)s0->center.x - cc.x), (float)((double)s0->center.y - cc.y),
                         (float)((double)s0->center.z - cc.z)};
    if (sp->insert_type == ACP_PLACEMENT_INSERT || sp->obstruction_ethereal) return solid_test(t, sp);
    if (sp->check_walkable) return acp_bsp_tree_check_walkable(t, sp, s0, scale);
    if (sp->step_down) return acp_bsp_tree_step_sphere_down(t, sp, &tr->collision_info, s0, scale);
    if (sp->collide) return collide_land(t, tr, &movement, scale);
    uint32_t state = tr->object_info.state;
    if (state & ACP_CONTACT_OI) return contact_sweep(t, tr, &movement);
    if (!(state & ACP_PATH_CLIPPED_OI)) return flight_sweep(t, tr, &movement);
    const acp_cpolygon *hit_poly = NULL;
    acp_vec3 contact_pt;
    if (acp_bsp_node_sphere_intersects_poly(t, t->root, s0, &movement, &hit_poly, &contact_pt) || hit_poly)
        return acp_bsp_tree_collide_with_pt(t, &tr->object_info, sp, &tr->collision_info, s0, cc, hit_poly,
                                            &contact_pt, scale);
    return ACP_TS_OK;
}
