/* acphys — retail CEnvCell, CCellStruct's cell tests and CCellPortal::GetOtherCell. See
 * envcell.h. Read against PORTAL/ccell/CEnvCell.c, CCellStruct.c, CEnvironment.c, CObjCell.c. */
#include "envcell.h"

#include <stdlib.h>

#include "objcell.h"
#include "terrain.h"
#include "physics/geometry/frame.h"
#include "physics/geometry/plane.h"
#include "physics/shapes/gfxobj.h"

/* Retail CEnvironment::get_cellstruct (0x00530BF0): the CellStruct at `index` (retail reads past
 * the end unchecked; here NULL, which the build reports). */
static const acp_cell_struct *get_cellstruct(const acp_environment *env, uint32_t index)
{
    return index < env->num_cell_structs ? &env->cell_structs[index] : NULL;
}

static acp_position position_of(uint32_t id, const acp_aframe *f)
{
    acp_position p;
    p.objcell_id = id;
    p.frame = acp_frame_identity();
    acp_frame_set_rotate(&p.frame, f->qw, f->qx, f->qy, f->qz);
    p.frame.origin = f->origin;
    return p;
}

acp_env_cell_status acp_env_cell_build(acp_env_cell *c, const acp_envcell *rec, const acp_environment *env,
                                       uint32_t *bad)
{
    *c = (acp_env_cell){0};
    const acp_cell_struct *cs = get_cellstruct(env, rec->cell_struct);
    if (!cs) return ACP_ENV_CELL_NO_CELL_STRUCT;
    c->base.id = rec->id;
    c->base.env = c;
    c->base.pos = position_of(rec->id, &rec->position);
    uint32_t badp = 0;
    if (!acp_bsp_tree_build(&c->cell_tree, cs->cell_bsp, &cs->vertex_array, cs->num_polygons, cs->polygons, &badp)) {
        if (bad) *bad = badp;
        return ACP_ENV_CELL_BAD_POLYGON;
    }
    c->has_physics = cs->physics_bsp != NULL;
    if (c->has_physics && !acp_bsp_tree_build(&c->physics, cs->physics_bsp, &cs->vertex_array,
                                              cs->num_physics_polygons, cs->physics_polygons, &badp)) {
        acp_env_cell_free(c);
        if (bad) *bad = badp;
        return ACP_ENV_CELL_BAD_POLYGON;
    }
    c->record = rec;
    c->num_portals = rec->num_portals;
    c->portals = rec->portals;
    if (c->num_portals) {
        c->portal_polys = calloc(c->num_portals, sizeof *c->portal_polys);
        if (!c->portal_polys) {
            acp_env_cell_free(c);
            return ACP_ENV_CELL_NO_MEMORY;
        }
    }
    for (uint32_t i = 0; i < c->num_portals; i++) {
        if (rec->portals[i].polygon >= c->cell_tree.num_polygons) {
            acp_env_cell_free(c);
            if (bad) *bad = i;
            return ACP_ENV_CELL_BAD_PORTAL;
        }
        c->portal_polys[i] = &c->cell_tree.polygons[rec->portals[i].polygon];
    }
    return ACP_ENV_CELL_OK;
}

void acp_env_cell_free(acp_env_cell *c)
{
    if (!c) return;
    acp_bsp_tree_free(&c->physics);
    acp_bsp_tree_free(&c->cell_tree);
    free(c->portal_polys);
    c->portal_polys = NULL;
    c->num_portals = 0;
    c->has_physics = false;
}

bool acp_env_cell_point_in_cell(const acp_env_cell *c, acp_vec3 point)
{
    if (!c->num_portals) return false;
    acp_vec3 local = acp_frame_globaltolocal(&c->base.pos.frame, point);
    return acp_bsp_tree_point_inside_cell_bsp(&c->cell_tree, local);
}

bool acp_env_cell_sphere_intersects_cell(const acp_env_cell *c, const acp_sphere *sphere)
{
    return acp_bsp_tree_sphere_intersects_cell_bsp(&c->cell_tree, sphere) != 0;
}

acp_transition_state acp_env_cell_find_env_collisions(const acp_env_cell *c, acp_transition *t)
{
    acp_transition_state ts = acp_objcell_check_entry_restrictions(t);
    if (ts != ACP_TS_OK) return ts;
    t->sphere_path.obstruction_ethereal = false;
    if (!c->has_physics) return ts;
    acp_spherepath_cache_localspace_sphere(&t->sphere_path, &c->base.pos, 1.0f);
    if (t->sphere_path.insert_type == ACP_INITIAL_PLACEMENT_INSERT)
        ts = acp_bsp_tree_placement_insert(&c->physics, t);
    else
        ts = acp_bsp_tree_find_collisions(&c->physics, t, 1.0f);
    if (ts != ACP_TS_OK && !(t->object_info.state & ACP_CONTACT_OI)) t->collision_info.collided_with_environment = true;
    return ts;
}

acp_transition_state acp_env_cell_find_collisions(const acp_env_cell *c, acp_transition *t)
{
    acp_transition_state ts = acp_env_cell_find_env_collisions(c, t);
    if (ts != ACP_TS_OK) return ts;
    return acp_objcell_find_obj_collisions(&c->base, t);
}

/* An outside portal (other cell id 0xFFFFFFFF): whether a sphere straddles its plane within its
 * radius + EPSILON (the float store retail makes), the centre in the cell's axes by the inline
 * Frame::globaltolocal retail writes (x and y stored as floats, z kept in double). */
static bool straddles_outside_portal(const acp_env_cell *c, const acp_plane *pl, const acp_sphere *s)
{
    const acp_frame *f = &c->base.pos.frame;
    double dx = (double)s->center.x - f->origin.x;
    double dy = (double)s->center.y - f->origin.y;
    double dz = (double)s->center.z - f->origin.z;
    float lx = (float)(dx * f->m[0] + dz * f->m[2] + dy * f->m[1]);
    float ly = (float)(dx * f->m[3] + dz * f->m[5] + dy * f->m[4]);
    float reach = (float)((double)s->radius + ACP_F_EPSILON);
    double lz = dz * f->m[8] + dy * f->m[7] + dx * f->m[6];
    double dist = lz * pl->n.z + (double)ly * pl->n.y + (double)lx * pl->n.x + pl->d;
    return dist > -(double)reach && dist < (double)reach;
}

/* An unloaded other cell: whether a sphere is on the portal's inner side, within radius + EPSILON. */
static bool reaches_portal(const acp_env_cell *c, const acp_plane *pl, bool portal_side, const acp_sphere *s)
{
    acp_vec3 l = acp_frame_globaltolocal(&c->base.pos.frame, s->center);
    double reach = (double)s->radius + ACP_F_EPSILON;
    double dist = (double)l.y * pl->n.y + (double)l.z * pl->n.z + (double)l.x * pl->n.x + pl->d;
    if (dist > -reach && portal_side) return true;
    return dist < reach && !portal_side;
}

/* A loaded other cell: whether a sphere (moved into its axes) meets its cell BSP. */
static bool reaches_cell(const acp_env_cell *other, const acp_sphere *s)
{
    acp_sphere local = {acp_frame_globaltolocal(&other->base.pos.frame, s->center), s->radius};
    return acp_env_cell_sphere_intersects_cell(other, &local);
}

void acp_env_cell_find_transit_cells(const acp_env_cell *c, const acp_terrain *terrain, const acp_position *p,
                                     uint32_t num_sphere, const acp_sphere *spheres, acp_cell_array *ca)
{
    bool check_outside = false;
    for (uint32_t i = 0; i < c->num_portals; i++) {
        const acp_cell_portal *portal = &c->portals[i];
        const acp_plane *pl = &c->portal_polys[i]->plane;
        if (portal->other_cell_id == 0xFFFFFFFFu) {
            for (uint32_t k = 0; k < num_sphere; k++)
                if (straddles_outside_portal(c, pl, &spheres[k])) {
                    check_outside = true;
                    break;
                }
            continue;
        }
        const acp_env_cell *other = acp_terrain_get_envcell(terrain, portal->other_cell_id);
        for (uint32_t k = 0; k < num_sphere; k++) {
            bool hit = other ? reaches_cell(other, &spheres[k]) : reaches_portal(c, pl, portal->portal_side, &spheres[k]);
            if (!hit) continue;
            acp_cell_array_add(ca, portal->other_cell_id, other ? &other->base : NULL);
            break;
        }
    }
    if (check_outside) acp_landcell_add_all_outside_cells(terrain, p, num_sphere, spheres, ca);
}

bool acp_env_cell_box_intersects_cell(const acp_env_cell *c, const acp_bbox *box)
{
    return acp_bsp_tree_box_intersects_cell_bsp(&c->cell_tree, box);
}

/* The sphere a part offers the portal tests: its GfxObj's physics sphere, else its drawing
 * sphere; NULL without either (or without a GfxObj). */
static const acp_sphere *part_sphere(const acp_gfxobj_physics *g)
{
    if (!g) return NULL;
    if (g->has_physics_bsp) return &g->physics_sphere;
    return g->has_drawing_sphere ? &g->drawing_sphere : NULL;
}

/* n·centre + d of the part's sphere centre moved into c's axes (retail: y, z, x). */
static double part_portal_dist(const acp_env_cell *c, const acp_plane *pl, const acp_position *part_pos,
                               const acp_sphere *s)
{
    acp_vec3 center = acp_position_localtolocal(&c->base.pos, part_pos, s->center);
    return (double)center.y * pl->n.y + (double)center.z * pl->n.z + (double)center.x * pl->n.x + pl->d;
}

void acp_env_cell_find_transit_parts(const acp_env_cell *c, const acp_terrain *terrain, const acp_cell_parts *parts,
                                     acp_cell_array *ca)
{
    bool check_outside = false;
    for (uint32_t i = 0; i < c->num_portals; i++) {
        const acp_cell_portal *portal = &c->portals[i];
        const acp_plane *pl = &c->portal_polys[i]->plane;
        const int side = portal->portal_side ? 1 : 0;
        for (uint32_t j = 0; j < parts->num_parts; j++) {
            const acp_gfxobj_physics *g = parts->gfx[j];
            const acp_sphere *s = part_sphere(g);
            if (!s) continue;
            const acp_position part_pos = {parts->cell_id, parts->frames[j]};
            const double dist = part_portal_dist(c, pl, &part_pos, s);
            const double reach = (double)s->radius + ACP_F_EPSILON;
            const float radius = (float)reach, neg_radius = (float)-reach;
            if (side == 0 ? !(dist <= radius) : dist < neg_radius) continue;
            const acp_bbox part_box = {g->bound_min, g->bound_max};
            const acp_bbox box = acp_bbox_local_to_local(&part_box, &part_pos, &c->base.pos);
            if (acp_plane_intersect_box(pl, &box) == side) continue;
            if (portal->other_cell_id == 0xFFFFFFFFu) {
                check_outside = true;
                break;
            }
            const acp_env_cell *other = acp_terrain_get_envcell(terrain, portal->other_cell_id);
            if (!other) {
                acp_cell_array_add(ca, portal->other_cell_id, NULL);
                break;
            }
            const acp_bbox cell_box = acp_bbox_local_to_local(&part_box, &part_pos, &other->base.pos);
            if (acp_env_cell_box_intersects_cell(other, &cell_box)) {
                acp_cell_array_add(ca, portal->other_cell_id, &other->base);
                break;
            }
        }
    }
    if (check_outside) acp_landcell_add_all_outside_parts(terrain, parts, ca);
}

void acp_env_cell_check_building_transit_parts(const acp_env_cell *c, const acp_terrain *terrain, int portal_id,
                                               const acp_cell_parts *parts, acp_cell_array *ca)
{
    if (portal_id < 0) return;
    /* Not retail (DEVIATIONS C5): retail indexes its portals with any id >= 0 unchecked. */
    if ((uint32_t)portal_id >= c->num_portals) return;
    const acp_cell_portal *portal = &c->portals[portal_id];
    const acp_plane *pl = &c->portal_polys[portal_id]->plane;
    const int side = portal->portal_side ? 1 : 0;
    for (uint32_t j = 0; j < parts->num_parts; j++) {
        const acp_gfxobj_physics *g = parts->gfx[j];
        const acp_sphere *s = part_sphere(g);
        if (!s) continue;
        const acp_position part_pos = {parts->cell_id, parts->frames[j]};
        const double dist = part_portal_dist(c, pl, &part_pos, s);
        const double reach = (double)s->radius + ACP_F_EPSILON;
        const float radius = (float)reach, neg_radius = (float)-reach;
        if (side == 1 ? dist > radius : dist < neg_radius) continue;
        const acp_bbox part_box = {g->bound_min, g->bound_max};
        const acp_bbox box = acp_bbox_local_to_local(&part_box, &part_pos, &c->base.pos);
        const int where = acp_plane_intersect_box(pl, &box);
        if (where != 3 && where != side) continue;
        const acp_bbox cell_box = acp_bbox_local_to_local(&part_box, &part_pos, &c->base.pos);
        if (!acp_env_cell_box_intersects_cell(c, &cell_box)) continue;
        acp_cell_array_add(ca, c->base.id, &c->base);
        acp_env_cell_find_transit_parts(c, terrain, parts, ca); /* the cell's own, as retail's virtual call */
        return;
    }
}
