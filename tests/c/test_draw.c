/* acphys C tests — the draw side (src/draw): the part, sphere and selection-sphere matrices equal
 * the same composition done independently in double (object frame ∘ the current animation
 * frame's part frame with its origin × scale, then the drawing scale) within 1e-6 relative, for
 * a humanoid mid-run and for a scaled one; the terrain arrays are the CPolygon vertices and plane
 * normals; the landblock shift; and no fill writes past its capacity.
 * Relative, per matrix column: |cglm − double| ≤ 1e-6 · max(|column|, 1) with |column| the
 * double column's largest element (the rotation columns are as long as the scale, the
 * translation column as the origin; the floor of 1 m keeps an origin near 0 from asking for
 * more than float holds). */
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench.h"
#include "draw/draw.h"
#include "physics/anim/sequence.h"
#include "physics/cell/terrain.h"
#include "physics/object/partarray.h"
#include "physics/object/physobj.h"
#include "physics/world/physics.h"
#include "dat_test_util.h"
#include "test.h"

#define REL_TOL 1e-6

static acp_bench *make_terrain_world(uint32_t n)
{
    size_t ps = 0, cs = 0;
    uint8_t *portal = dt_read_repo_file("data/portal-default.dat", &ps);
    uint8_t *cell = dt_read_repo_file("data/cell-default.dat", &cs);
    acp_bench_status st = ACP_BENCH_ERR_ARGUMENT;
    acp_bench *b = portal && cell ? acp_bench_create(ACP_BENCH_TERRAIN, n, portal, ps, cell, cs, &st) : NULL;
    ENSURE_EQ(st, ACP_BENCH_OK);
    free(portal);
    free(cell);
    return b;
}

/* Column-major 4×4 in double. */
typedef struct dmat4 { double m[16]; } dmat4;

static dmat4 d_identity(void)
{
    dmat4 r = {{0}};
    r.m[0] = r.m[5] = r.m[10] = r.m[15] = 1.0;
    return r;
}

static dmat4 d_mul(dmat4 a, dmat4 b)
{
    dmat4 r;
    for (int c = 0; c < 4; c++)
        for (int row = 0; row < 4; row++) {
            double s = 0;
            for (int k = 0; k < 4; k++) s += a.m[k * 4 + row] * b.m[c * 4 + k];
            r.m[c * 4 + row] = s;
        }
    return r;
}

/* T(t) · R(q), q = (w, x, y, z) normalized in double. */
static dmat4 d_rigid(double w, double x, double y, double z, double tx, double ty, double tz)
{
    double n = w * w + x * x + y * y + z * z, s = 2.0 / n;
    dmat4 r = d_identity();
    r.m[0] = 1 - s * (y * y + z * z); r.m[1] = s * (x * y + w * z);     r.m[2] = s * (x * z - w * y);
    r.m[4] = s * (x * y - w * z);     r.m[5] = 1 - s * (x * x + z * z); r.m[6] = s * (y * z + w * x);
    r.m[8] = s * (x * z + w * y);     r.m[9] = s * (y * z - w * x);     r.m[10] = 1 - s * (x * x + y * y);
    r.m[12] = tx; r.m[13] = ty; r.m[14] = tz;
    return r;
}

static dmat4 d_scale(double sx, double sy, double sz)
{
    dmat4 r = d_identity();
    r.m[0] = sx; r.m[5] = sy; r.m[10] = sz;
    return r;
}

static dmat4 d_object(const acp_physobj *obj, const double shift[3])
{
    const acp_frame *f = &obj->position.frame;
    return d_rigid(f->qw, f->qx, f->qy, f->qz, (double)f->origin.x + shift[0], (double)f->origin.y + shift[1],
                   (double)f->origin.z + shift[2]);
}

/* The largest relative column error of a float matrix against a double one (see the top). */
static double rel_error(const float *a, const dmat4 *b)
{
    double worst = 0;
    for (int c = 0; c < 4; c++) {
        double mag = 1.0, err = 0;
        for (int r = 0; r < 4; r++) {
            double v = fabs(b->m[c * 4 + r]);
            if (v > mag) mag = v;
            double e = fabs((double)a[c * 4 + r] - b->m[c * 4 + r]);
            if (e > err) err = e;
        }
        if (err / mag > worst) worst = err / mag;
    }
    return worst;
}

/* Part i in double: object frame ∘ (animation part frame, origin × part array scale), then the
 * drawing scale: the Setup's default scale × the part array scale. */
static dmat4 d_part(const acp_physobj *obj, const acp_aframe *part, uint32_t i, const double shift[3])
{
    const acp_partarray *pa = obj->part_array;
    const acp_vec3 s = pa->scale;
    dmat4 local = d_rigid(part->qw, part->qx, part->qy, part->qz, (double)part->origin.x * s.x,
                          (double)part->origin.y * s.y, (double)part->origin.z * s.z);
    const acp_vec3 *ds = pa->setup && pa->setup->default_scale ? &pa->setup->default_scale[i] : NULL;
    double gx = (ds ? ds->x : 1.0) * s.x, gy = (ds ? ds->y : 1.0) * s.y, gz = (ds ? ds->z : 1.0) * s.z;
    return d_mul(d_mul(d_object(obj, shift), local), d_scale(gx, gy, gz));
}

/* Every part, sphere and the selection sphere of obj against the double composition. Returns
 * the largest relative error seen. */
static double check_object(acp_physobj *obj, uint32_t origin_cell)
{
    double shift[3];
    acp_draw_landblock_offset(obj->position.objcell_id, origin_cell, shift);
    double worst = 0;
    uint32_t n = acp_draw_part_matrices(obj, origin_cell, NULL, 0);
    ENSURE_EQ(n, obj->part_array->num_parts);
    ENSURE(n > 0);
    float *out = calloc((size_t)n * 16, sizeof *out);
    ENSURE_EQ(acp_draw_part_matrices(obj, origin_cell, out, n), n);
    uint32_t anim_parts = 0;
    const acp_anim_frame *af = acp_sequence_get_curr_animframe(&obj->part_array->sequence, &anim_parts);
    ENSURE(af != NULL);
    ENSURE(anim_parts >= n);
    for (uint32_t i = 0; af && i < n && i < anim_parts; i++) {
        dmat4 want = d_part(obj, &af->parts[i], i, shift);
        double e = rel_error(out + 16 * i, &want);
        if (e > worst) worst = e;
        ENSURE_NEAR(e, 0, REL_TOL);
    }
    free(out);

    uint32_t ns = acp_draw_sphere_matrices(obj, origin_cell, NULL, 0);
    ENSURE_EQ(ns, acp_physobj_num_spheres(obj));
    float sm[16 * 4];
    ENSURE(ns <= 4);
    acp_draw_sphere_matrices(obj, origin_cell, sm, 4);
    double s = obj->scale;
    for (uint32_t k = 0; k < ns && k < 4; k++) {
        const acp_sphere *sp = &obj->part_array->spheres[k];
        dmat4 want = d_mul(d_mul(d_object(obj, shift), d_rigid(1, 0, 0, 0, s * sp->center.x, s * sp->center.y,
                                                                 s * sp->center.z)),
                           d_scale(s * sp->radius, s * sp->radius, s * sp->radius));
        double e = rel_error(sm + 16 * k, &want);
        if (e > worst) worst = e;
        ENSURE_NEAR(e, 0, REL_TOL);
    }

    float sel[16];
    ENSURE_EQ(acp_draw_selection_sphere_matrix(obj, origin_cell, sel), 1);
    const acp_sphere *ss = &obj->part_array->setup->selection_sphere;
    ENSURE(ss->radius > 0);
    dmat4 want = d_mul(d_mul(d_object(obj, shift), d_rigid(1, 0, 0, 0, s * ss->center.x, s * ss->center.y,
                                                             s * ss->center.z)),
                       d_scale(s * ss->radius, s * ss->radius, s * ss->radius));
    double e = rel_error(sel, &want);
    ENSURE_NEAR(e, 0, REL_TOL);
    return e > worst ? e : worst;
}


/* The default excerpt's animations hold identity part frames (made-up records): give every
 * animation the sequence holds distinct part frames (unit quaternions about varied axes, offsets
 * that differ by part and frame), so the composition is exercised. The records are shared by
 * every humanoid of the world; the test owns the world. */
static void scramble_animations(acp_physobj *obj)
{
    acp_sequence *seq = &obj->part_array->sequence;
    for (int n = 0; n < ACP_MAX_ANIM_NODES; n++) {
        if (!seq->nodes[n].in_use) continue;
        acp_animation *a = (acp_animation *)seq->nodes[n].anim;
        for (uint32_t f = 0; f < a->num_frames; f++)
            for (uint32_t p = 0; p < a->num_parts; p++) {
                double w = 1.0, x = 0.1 * p, y = 0.2 * sin(0.7 * f + p), z = 0.05 * ((double)p - f);
                double len = sqrt(w * w + x * x + y * y + z * z);
                a->part_frames[f].parts[p] = (acp_aframe){{(float)(0.1 * p), (float)(0.05 * f - 0.2), (float)(0.3 + 0.02 * p)},
                                                          (float)(w / len), (float)(x / len), (float)(y / len), (float)(z / len)};
            }
    }
}

/* How many different part matrices obj has (the scrambled frames give each part its own). */
static uint32_t distinct_parts(acp_physobj *obj)
{
    uint32_t n = acp_draw_part_matrices(obj, obj->position.objcell_id, NULL, 0), distinct = 0;
    float *m = malloc(sizeof(float) * 16 * n);
    acp_draw_part_matrices(obj, obj->position.objcell_id, m, n);
    for (uint32_t i = 0; i < n; i++) {
        bool seen = false;
        for (uint32_t j = 0; j < i && !seen; j++) seen = memcmp(m + 16 * i, m + 16 * j, 64) == 0;
        distinct += !seen;
    }
    free(m);
    return distinct;
}

/* A humanoid of the terrain benchmark (Setup 0x02000001 with its two spheres, running and
 * turning on landblocks A9B4..AAB5) after 20 frames: its legs are mid-stride. */
static void humanoid_mid_run_matches_double(void)
{
    acp_bench *b = make_terrain_world(4);
    if (!b) return;
    acp_bench_run(b, 20);
    acp_world *w = acp_bench_world(b);
    acp_physobj *obj = w->objects[0];
    scramble_animations(obj);
    acp_bench_run(b, 3);
    ENSURE(obj->part_array && obj->part_array->num_parts >= 10);
    ENSURE_EQ(acp_physobj_num_spheres(obj), 2);
    /* Mid-run: moving, and some part off its Resting placement (a non-identity local frame). */
    ENSURE(obj->part_array->sequence.curr_anim >= 0);
    ENSURE(obj->part_array->sequence.frame_number != floor(obj->part_array->sequence.frame_number));
    ENSURE_EQ(distinct_parts(obj), obj->part_array->num_parts);
    double worst = check_object(obj, obj->position.objcell_id);
    ENSURE(worst > 0); /* float against double: some rounding is seen, so the check compares */
    /* In a neighbouring landblock's frame: the translation moves by whole landblocks. */
    uint32_t east = obj->position.objcell_id + 0x01000000u; /* the landblock to the east */
    check_object(obj, east);
    float here[16], there[16];
    acp_draw_part_matrices(obj, obj->position.objcell_id, here, 1);
    acp_draw_part_matrices(obj, east, there, 1);
    ENSURE_NEAR((double)there[12], (double)here[12] - 192.0, 1e-2);
    ENSURE_FBITS(there[13], here[13]);
    ENSURE_FBITS(there[0], here[0]);
    acp_bench_destroy(b);
}

/* A humanoid at scale 1.7 (CPhysicsObj::SetScale now: m_scale and the part array's scale), run
 * on until its parts are placed at the new scale: part origins × 1.7, drawing scales × 1.7,
 * spheres and the selection sphere × 1.7. */
static void scaled_humanoid_matches_double(void)
{
    acp_bench *b = make_terrain_world(4);
    if (!b) return;
    acp_bench_run(b, 5);
    acp_world *w = acp_bench_world(b);
    acp_physobj *obj = w->objects[1];
    scramble_animations(obj);
    /* A default scale per part (Setup flag 0x2), as a scaled Setup has: drawing scale = default
     * × 1.7 (CPartArray::SetScaleInternal). */
    static acp_vec3 dflt[64];
    acp_setup *setup_rw = (acp_setup *)obj->part_array->setup;
    ENSURE(setup_rw->num_parts <= 64);
    for (uint32_t i = 0; i < 64; i++) dflt[i] = (acp_vec3){1.0f + 0.01f * i, 0.9f, 1.25f};
    acp_vec3 *saved = setup_rw->default_scale;
    setup_rw->default_scale = dflt;
    acp_physobj_set_scale(obj, 1.7f, 0.0);
    acp_bench_run(b, 12);
    ENSURE_FBITS(obj->scale, 1.7f);
    ENSURE_FBITS(obj->part_array->scale.x, 1.7f);
    check_object(obj, obj->position.objcell_id);
    /* The scale is visible: the first part's x axis is 1.7 (× its default scale) long. */
    float m[16];
    acp_draw_part_matrices(obj, obj->position.objcell_id, m, 1);
    const acp_setup *setup = obj->part_array->setup;
    double ds = setup->default_scale ? setup->default_scale[0].x : 1.0;
    ENSURE_NEAR(sqrt((double)m[0] * m[0] + (double)m[1] * m[1] + (double)m[2] * m[2]), 1.7 * ds, 1e-5);
    ENSURE_NEAR(sqrt((double)m[8] * m[8] + (double)m[9] * m[9] + (double)m[10] * m[10]), 1.7 * 1.25, 1e-5);
    ENSURE_EQ(distinct_parts(obj), obj->part_array->num_parts);
    setup_rw->default_scale = saved;
    acp_bench_destroy(b);
}

/* The terrain arrays are CPolygon's vertices and plane normals, polygon by polygon; shifted by
 * the landblock offset into another landblock's frame. */
static void terrain_arrays_are_the_polygons(void)
{
    acp_bench *b = make_terrain_world(1);
    if (!b) return;
    const acp_terrain *t = acp_bench_world(b)->terrain;
    ENSURE(t && t->num_blocks == 4);
    const acp_landblock_struct *lb = &t->blocks[0];
    static float pos[ACP_DRAW_TERRAIN_FLOATS], nrm[ACP_DRAW_TERRAIN_FLOATS], far[ACP_DRAW_TERRAIN_FLOATS];
    ENSURE_EQ(acp_draw_terrain_positions(lb, lb->id, pos, ACP_DRAW_TERRAIN_FLOATS), 384);
    ENSURE_EQ(acp_draw_terrain_normals(lb, nrm, ACP_DRAW_TERRAIN_FLOATS), 384);
    uint32_t origin = lb->id - 0x00010000u; /* one landblock south: y + 192 */
    acp_draw_terrain_positions(lb, origin, far, ACP_DRAW_TERRAIN_FLOATS);
    for (uint32_t p = 0; p < ACP_LANDBLOCK_POLYGONS; p++) {
        const acp_polygon *poly = &lb->polygons[p];
        for (uint32_t v = 0; v < 3; v++) {
            const float *q = pos + 9 * p + 3 * v, *n = nrm + 9 * p + 3 * v, *f = far + 9 * p + 3 * v;
            ENSURE_FBITS(q[0], poly->vertices[v].x);
            ENSURE_FBITS(q[1], poly->vertices[v].y);
            ENSURE_FBITS(q[2], poly->vertices[v].z);
            ENSURE_FBITS(n[0], poly->plane.n.x);
            ENSURE_FBITS(n[1], poly->plane.n.y);
            ENSURE_FBITS(n[2], poly->plane.n.z);
            ENSURE_FBITS(f[0], poly->vertices[v].x);
            ENSURE_FBITS(f[1], (float)((double)poly->vertices[v].y + 192.0));
        }
        ENSURE(poly->plane.n.z > 0); /* counter-clockwise from above: the normal points up */
    }
    /* The corners of the block: (0, 0) and (192, 192) are vertices of some triangle. */
    int lo = 0, hi = 0;
    for (uint32_t v = 0; v < 384; v++) {
        lo |= pos[3 * v] == 0.0f && pos[3 * v + 1] == 0.0f;
        hi |= pos[3 * v] == 192.0f && pos[3 * v + 1] == 192.0f;
    }
    ENSURE(lo && hi);
    acp_bench_destroy(b);
}

/* A fill writes min(count, capacity) matrices (or whole vertices) and never past them; capacity 0
 * only counts; the world fill is the objects' fills back to back. */
static void fills_stop_at_capacity(void)
{
    acp_bench *b = make_terrain_world(3);
    if (!b) return;
    acp_bench_run(b, 3);
    acp_world *w = acp_bench_world(b);
    uint32_t per = w->objects[0]->part_array->num_parts;
    uint32_t total = acp_draw_world_part_matrices(w, w->objects[0]->position.objcell_id, NULL, 0);
    ENSURE_EQ(total, 3 * per);
    float *all = malloc(sizeof(float) * 16 * (total + 1));
    for (uint32_t i = 0; i < 16 * (total + 1); i++) all[i] = -7.0f;
    uint32_t cap = per + 2; /* the second object's fill stops after two parts */
    ENSURE_EQ(acp_draw_world_part_matrices(w, w->objects[0]->position.objcell_id, all, cap), total);
    ENSURE(all[16 * cap - 1] == 1.0f);   /* the last written matrix's w */
    ENSURE(all[16 * cap] == -7.0f);      /* nothing after it */
    float one[16];
    acp_draw_part_matrices(w->objects[1], w->objects[0]->position.objcell_id, one, 1);
    for (int k = 0; k < 16; k++) ENSURE_FBITS(all[16 * per + k], one[k]);
    uint32_t spheres = acp_draw_world_sphere_matrices(w, w->objects[0]->position.objcell_id, NULL, 0);
    ENSURE_EQ(spheres, 6);
    float tv[8];
    for (int k = 0; k < 8; k++) tv[k] = -7.0f;
    ENSURE_EQ(acp_draw_terrain_positions(&w->terrain->blocks[0], w->terrain->blocks[0].id, tv, 7), 384);
    ENSURE(tv[5] != -7.0f && tv[6] == -7.0f && tv[7] == -7.0f); /* two whole vertices, no third */
    ENSURE_EQ(acp_draw_part_matrices(NULL, 0, NULL, 0), 0);
    ENSURE_EQ(acp_draw_selection_sphere_matrix(NULL, 0, one), 0);
    ENSURE_EQ(acp_draw_cylsphere_matrices(w->objects[0], 0, NULL, 0), w->objects[0]->part_array->setup->num_cylspheres);
    free(all);
    acp_bench_destroy(b);
}

/* Rotate v by unit quaternion (w, x, y, z) in double and add the origin. */
static void d_place(const acp_aframe *f, acp_vec3 v, double out[3])
{
    double w = f->qw, x = f->qx, y = f->qy, z = f->qz, n = sqrt(w * w + x * x + y * y + z * z);
    w /= n, x /= n, y /= n, z /= n;
    double t[3] = {2 * (y * v.z - z * v.y), 2 * (z * v.x - x * v.z), 2 * (x * v.y - y * v.x)};
    out[0] = v.x + w * t[0] + (y * t[2] - z * t[1]) + f->origin.x;
    out[1] = v.y + w * t[1] + (z * t[0] - x * t[2]) + f->origin.y;
    out[2] = v.z + w * t[2] + (x * t[1] - y * t[0]) + f->origin.z;
}

/* Every vertex of a polygon list's fans placed by frame f, against out from vertex `at`. */
static uint32_t check_fans(const acp_aframe *f, const double shift[3], const acp_vertex_array *va,
                           const acp_gfx_polygon *p, uint32_t n, const float *out, uint32_t at, int *wrong)
{
    for (uint32_t i = 0; i < n; i++)
        for (uint32_t t = 1; t + 1 < p[i].num_pts; t++) {
            const uint16_t c[3] = {p[i].vertex_ids[0], p[i].vertex_ids[t], p[i].vertex_ids[t + 1]};
            for (int k = 0; k < 3; k++, at++) {
                double g[3];
                d_place(f, va->vertices[c[k]].origin, g);
                for (int a = 0; a < 3; a++)
                    if (fabs(out[3 * at + a] - (g[a] + shift[a])) > 1e-4 * fmax(fabs(g[a] + shift[a]), 1.0)) (*wrong)++;
            }
        }
    return at;
}

/* The stand-in buildings, indoor cells and static cylinders of the default excerpts: every
 * building polygon's fan placed by its building frame, every EnvCell's CellStruct polygons by its
 * position (within float rounding of the same rotation in double), the counts those fans make,
 * the tree's cylinder; and no fill writes past its capacity. */
static void buildings_cells_and_statics_are_the_records(void)
{
    acp_datset *set = dt_load_default_excerpts();
    ENSURE(set != NULL);
    if (!set) return;
    const uint32_t origin = 0xA9B40001u;
    const acp_landblock_info *lb = acp_datset_landblock_info(set, 0xA9B4FFFEu);
    ENSURE(lb && lb->num_buildings == 1 && lb->num_objects == 1);
    uint32_t n = acp_draw_building_triangles(set, origin, NULL, 0);
    uint32_t want = 0;
    const acp_gfxobj *g = lb ? acp_datset_gfxobj(set, lb->buildings[0].model_id) : NULL;
    for (uint32_t i = 0; g && i < g->num_physics_polygons; i++) want += 3u * (g->physics_polygons[i].num_pts - 2u);
    ENSURE(want > 0);
    ENSURE_EQ(n, want);
    float *out = calloc((size_t)n * 3 + 3, sizeof *out);
    out[(size_t)n * 3] = 12345.0f;
    ENSURE_EQ(acp_draw_building_triangles(set, origin, out, n * 3), n);
    ENSURE_FBITS(out[(size_t)n * 3], 12345.0f);
    int wrong = 0;
    const double none[3] = {0, 0, 0};
    if (g) check_fans(&lb->buildings[0].frame, none, &g->vertex_array, g->physics_polygons, g->num_physics_polygons, out, 0, &wrong);
    ENSURE_EQ(wrong, 0);
    free(out);
    /* EnvCells: the cottage's (rotated) and the dungeon's (in landblock 0x3A11, shifted). */
    n = acp_draw_envcell_triangles(set, origin, NULL, 0);
    out = calloc((size_t)n * 3 + 1, sizeof *out);
    ENSURE_EQ(acp_draw_envcell_triangles(set, origin, out, n * 3), n);
    uint32_t at = 0, cells = 0;
    for (size_t r = 0; r < acp_datset_count(set); r++) {
        const acp_dat_record *rec = acp_datset_record_at(set, r);
        if (rec->type != ACP_DAT_TYPE_ENVCELL) continue;
        const acp_envcell *c = rec->as.envcell;
        const acp_environment *e = acp_datset_environment(set, c->environment_id);
        ENSURE(e && c->cell_struct < e->num_cell_structs);
        if (!e || c->cell_struct >= e->num_cell_structs) continue;
        const acp_cell_struct *cs = &e->cell_structs[c->cell_struct];
        double shift[3];
        acp_draw_landblock_offset(c->id, origin, shift);
        at = check_fans(&c->position, shift, &cs->vertex_array, cs->polygons, cs->num_polygons, out, at, &wrong);
        cells++;
    }
    ENSURE_EQ(cells, 6);
    ENSURE_EQ(at, n);
    ENSURE_EQ(wrong, 0);
    /* One cell at a time (the selected object's outline): each EnvCell's triangles are its run
     * of the full list, bit for bit, in record order; an outdoor or unknown id gives none. */
    uint32_t run = 0;
    for (size_t r = 0; r < acp_datset_count(set); r++) {
        const acp_dat_record *rec = acp_datset_record_at(set, r);
        if (rec->type != ACP_DAT_TYPE_ENVCELL) continue;
        uint32_t k = acp_draw_envcell_cell_triangles(set, rec->as.envcell->id, origin, NULL, 0);
        ENSURE(k > 0);
        ENSURE(run + k <= n);
        if (k == 0 || run + k > n) continue;
        float *one = calloc((size_t)k * 3, sizeof *one);
        ENSURE_EQ(acp_draw_envcell_cell_triangles(set, rec->as.envcell->id, origin, one, k * 3), k);
        ENSURE(memcmp(one, out + (size_t)run * 3, (size_t)k * 3 * sizeof *one) == 0);
        free(one);
        run += k;
    }
    ENSURE_EQ(run, n);
    ENSURE_EQ(acp_draw_envcell_cell_triangles(set, 0xA9B4002Au, origin, NULL, 0), 0);
    ENSURE_EQ(acp_draw_envcell_cell_triangles(set, 0xA9B40FFFu, origin, NULL, 0), 0);
    ENSURE_EQ(acp_draw_envcell_cell_triangles(NULL, 0xA9B40100u, origin, NULL, 0), 0);
    /* Capacity: a short array gets whole vertices only. */
    float small[8] = {0, 0, 0, 0, 0, 0, 0, 99.0f};
    ENSURE_EQ(acp_draw_envcell_triangles(set, origin, small, 7), n);
    ENSURE_FBITS(small[6], 0.0f);
    ENSURE_FBITS(small[7], 99.0f);
    free(out);
    /* The tree: one cylinder, at the static's frame, radius and height as the Setup stores. */
    float m[17] = {0};
    m[16] = 7.0f;
    ENSURE_EQ(acp_draw_static_cylinders(set, origin, m, 1), 1);
    ENSURE_FBITS(m[16], 7.0f);
    const acp_setup *tree = lb ? acp_datset_setup(set, lb->objects[0].id) : NULL;
    ENSURE(tree && tree->num_cylspheres == 1);
    if (tree && lb) {
        ENSURE(fabs(m[12] - lb->objects[0].frame.origin.x) < 1e-4 && fabs(m[13] - lb->objects[0].frame.origin.y) < 1e-4);
        ENSURE(fabs(hypot(m[0], hypot(m[1], m[2])) - tree->cylspheres[0].radius) < 1e-6);
        ENSURE(fabs(hypot(m[8], hypot(m[9], m[10])) - tree->cylspheres[0].height) < 1e-6);
    }
    ENSURE_EQ(acp_draw_static_cylinders(NULL, origin, NULL, 0), 0);
    acp_datset_destroy(set);
}

/* Distinct made-up animation frames for the pending placements below: frame f, part p (unit
 * quaternions about varied axes, one part of frame 0 left unnormalized, offsets by part and
 * frame). */
#define TEST_KEYFRAMES 20
static acp_aframe test_frames[TEST_KEYFRAMES][64];

static void make_test_frames(uint32_t parts)
{
    for (uint32_t f = 0; f < TEST_KEYFRAMES; f++)
        for (uint32_t p = 0; p < parts && p < 64; p++) {
            double w = 1.0, x = 0.03 * p - 0.2, y = 0.3 * sin(0.9 * f + 0.4 * p), z = 0.02 * f - 0.01 * p;
            double len = f == 0 && p == 3 ? 0.5 : sqrt(w * w + x * x + y * y + z * z); /* |q| = 2 |unit| */
            test_frames[f][p] = (acp_aframe){{(float)(0.07 * p - 0.3), (float)(0.01 * f), (float)(0.9 - 0.03 * p)},
                                             (float)(w / len), (float)(x / len), (float)(y / len), (float)(z / len)};
        }
}

/* Give obj a pending placement of made-up frame f (what SetFrame records: the object frame, the
 * animation frame's parts, the scale). */
static void set_test_pending(acp_physobj *obj, uint32_t f)
{
    acp_partarray *pa = obj->part_array;
    acp_partarray_part_frames(pa); /* place what SetFrame left pending */
    pa->pending_parts = pa->num_parts;
    pa->pending_anim = test_frames[f];
    pa->pending_frame = obj->position.frame;
    pa->pending_scale = pa->scale;
}

/* Twenty objects on twenty different animation frames (more than the world fill's keyframe
 * cache holds: it empties and refills): the world fill equals the per-object fills bit for bit
 * (the cache changes no arithmetic), every part equals the double composition within 1e-6, and
 * drawing leaves the placement pending (the physics' frames are not touched). */
static void world_fill_shares_keyframes_exactly(void)
{
    acp_bench *b = make_terrain_world(TEST_KEYFRAMES + 2);
    if (!b) return;
    acp_bench_run(b, 4);
    acp_world *w = acp_bench_world(b);
    uint32_t n = w->objects[0]->part_array->num_parts;
    ENSURE(n <= 64);
    make_test_frames(n);
    /* Objects 0..19 on frames 0..19, the last two on frames 5 and 0 again (cache hits). */
    for (uint32_t k = 0; k < w->num_objects; k++) set_test_pending(w->objects[k], k < TEST_KEYFRAMES ? k : (k == TEST_KEYFRAMES ? 5 : 0));
    uint32_t origin = w->objects[0]->position.objcell_id;
    uint32_t total = acp_draw_world_part_matrices(w, origin, NULL, 0);
    ENSURE_EQ(total, w->num_objects * n);
    float *all = malloc(sizeof(float) * 16 * total), one[16 * 64];
    ENSURE_EQ(acp_draw_world_part_matrices(w, origin, all, total), total);
    double worst = 0;
    for (uint32_t k = 0; k < w->num_objects; k++) {
        acp_physobj *obj = w->objects[k];
        ENSURE_EQ(obj->part_array->pending_parts, n); /* drawing placed nothing */
        ENSURE_EQ(acp_draw_part_matrices(obj, origin, one, 64), n);
        for (uint32_t i = 0; i < 16 * n; i++) ENSURE_FBITS(all[16 * k * n + i], one[i]);
        double shift[3];
        acp_draw_landblock_offset(obj->position.objcell_id, origin, shift);
        for (uint32_t i = 0; i < n; i++) {
            dmat4 want = d_part(obj, &obj->part_array->pending_anim[i], i, shift);
            double e = rel_error(one + 16 * i, &want);
            if (e > worst) worst = e;
            ENSURE_NEAR(e, 0, REL_TOL);
        }
    }
    ENSURE(worst > 0);
    /* The frames the physics places afterwards are the same parts (retail's bits, within float). */
    acp_physobj *obj = w->objects[7];
    acp_draw_part_matrices(obj, obj->position.objcell_id, one, 64);
    const acp_frame *placed = acp_partarray_part_frames(obj->part_array);
    ENSURE_EQ(obj->part_array->pending_parts, 0);
    for (uint32_t i = 0; i < n; i++) {
        ENSURE_NEAR(one[16 * i + 12], placed[i].origin.x, 1e-6 * fmax(1.0, fabs(placed[i].origin.x)));
        ENSURE_NEAR(one[16 * i + 13], placed[i].origin.y, 1e-6 * fmax(1.0, fabs(placed[i].origin.y)));
        ENSURE_NEAR(one[16 * i + 14], placed[i].origin.z, 1e-6 * fmax(1.0, fabs(placed[i].origin.z)));
        for (int c = 0; c < 3; c++)
            for (int r = 0; r < 3; r++)
                ENSURE_NEAR(one[16 * i + 4 * c + r], placed[i].m[3 * c + r] * (&obj->part_array->part_gfx_scale[i].x)[c], 1e-6);
    }
    free(all);
    acp_bench_destroy(b);
}

/* Where Frame::set_rotate could refuse a product (a part quaternion of zero norm: retail keeps
 * that part's previous rotation), the draw side does not compose: it carries out the placement
 * and draws the placed frames, bit for bit their cached matrices × the drawing scale. */
static void doubtful_placement_is_carried_out(void)
{
    acp_bench *b = make_terrain_world(2);
    if (!b) return;
    acp_bench_run(b, 4);
    acp_world *w = acp_bench_world(b);
    acp_physobj *obj = w->objects[1];
    uint32_t n = obj->part_array->num_parts;
    make_test_frames(n);
    set_test_pending(obj, 2);
    test_frames[2][5].qw = test_frames[2][5].qx = test_frames[2][5].qy = test_frames[2][5].qz = 0.0f;
    float m[16 * 64];
    uint32_t origin = obj->position.objcell_id;
    ENSURE_EQ(acp_draw_part_matrices(obj, origin, m, 64), n);
    ENSURE_EQ(obj->part_array->pending_parts, 0); /* placed */
    const acp_frame *f = obj->part_array->part_frames;
    for (uint32_t i = 0; i < n; i++) {
        const acp_vec3 g = obj->part_array->part_gfx_scale[i];
        for (int r = 0; r < 3; r++) {
            ENSURE_FBITS(m[16 * i + r], f[i].m[r] * g.x);
            ENSURE_FBITS(m[16 * i + 4 + r], f[i].m[3 + r] * g.y);
            ENSURE_FBITS(m[16 * i + 8 + r], f[i].m[6 + r] * g.z);
        }
        ENSURE_FBITS(m[16 * i + 12], f[i].origin.x);
        ENSURE_FBITS(m[16 * i + 13], f[i].origin.y);
        ENSURE_FBITS(m[16 * i + 14], f[i].origin.z);
        ENSURE_FBITS(m[16 * i + 15], 1.0f);
    }
    /* The same through the world fill (its keyframe cache refuses the frame too). */
    set_test_pending(obj, 2);
    uint32_t total = acp_draw_world_part_matrices(w, origin, NULL, 0);
    float *all = malloc(sizeof(float) * 16 * total);
    acp_draw_world_part_matrices(w, origin, all, total);
    ENSURE_EQ(obj->part_array->pending_parts, 0);
    for (uint32_t i = 0; i < 16 * n; i++) ENSURE_FBITS(all[16 * n + i], m[i]);
    free(all);
    acp_bench_destroy(b);
}

/* The humanoid's parts from their GfxObjs' drawing polygons: as many vertices as the fans of the
 * stand-in GfxObjs' polygons, each the part's matrix times the GfxObj vertex; the terrain world's
 * landblock statics (the tree and the scenery) give their cylinders and spheres. */
static void part_triangles_and_block_statics(void)
{
    acp_bench *b = make_terrain_world(1);
    if (!b) return;
    acp_bench_run(b, 5);
    acp_world *w = acp_bench_world(b);
    acp_physobj *obj = w->objects[0];
    const acp_setup *setup = obj->part_array ? obj->part_array->setup : NULL;
    ENSURE(w->dats != NULL && setup != NULL);
    if (!w->dats || !setup) { acp_bench_destroy(b); return; }
    uint32_t cell = obj->position.objcell_id, want = 0;
    for (uint32_t i = 0; i < setup->num_parts; i++) {
        const acp_gfxobj *g = acp_datset_gfxobj(w->dats, setup->parts[i]);
        for (uint32_t k = 0; g && k < g->num_polygons; k++) want += 3u * (g->polygons[k].num_pts - 2u);
    }
    ENSURE(want > 0);
    uint32_t n = acp_draw_part_triangles(w->dats, obj, cell, NULL, 0);
    ENSURE_EQ(n, want);
    float *out = calloc((size_t)n * 3 + 1, sizeof *out);
    out[(size_t)n * 3] = 77.0f;
    ENSURE_EQ(acp_draw_part_triangles(w->dats, obj, cell, out, n * 3), n);
    ENSURE_FBITS(out[(size_t)n * 3], 77.0f);
    /* The first vertex: part 0's matrix (column-major) times its GfxObj's first polygon's v0. */
    float m[16];
    acp_draw_part_matrices(obj, cell, m, 1);
    const acp_gfxobj *g0 = acp_datset_gfxobj(w->dats, setup->parts[0]);
    if (g0 && g0->num_polygons) {
        acp_vec3 v = g0->vertex_array.vertices[g0->polygons[0].vertex_ids[0]].origin;
        for (int r = 0; r < 3; r++)
            ENSURE_NEAR(out[r], (double)m[r] * v.x + (double)m[4 + r] * v.y + (double)m[8 + r] * v.z + m[12 + r], 1e-4);
    }
    free(out);
    ENSURE_EQ(acp_draw_part_triangles(w->dats, NULL, cell, NULL, 0), 0);
    /* Landblock statics: one cylinder and sphere count per static's Setup. */
    uint32_t cyl = 0, sph = 0;
    for (uint32_t i = 0; i < w->num_block_statics; i++) {
        const acp_physobj *st = w->block_statics[i];
        cyl += st->part_array && st->part_array->setup ? st->part_array->setup->num_cylspheres : 0;
        sph += acp_physobj_num_spheres(st);
    }
    ENSURE(w->num_block_statics >= 1 && cyl + sph >= 1);
    ENSURE_EQ(acp_draw_block_static_cylspheres(w, cell, NULL, 0), cyl);
    ENSURE_EQ(acp_draw_block_static_spheres(w, cell, NULL, 0), sph);
    ENSURE_EQ(acp_draw_block_static_cylspheres(NULL, cell, NULL, 0), 0);
    acp_bench_destroy(b);
}

void suite_draw(void)
{
    RUN(part_triangles_and_block_statics);
    RUN(humanoid_mid_run_matches_double);
    RUN(scaled_humanoid_matches_double);
    RUN(terrain_arrays_are_the_polygons);
    RUN(fills_stop_at_capacity);
    RUN(buildings_cells_and_statics_are_the_records);
    RUN(world_fill_shares_keyframes_exactly);
    RUN(doubtful_placement_is_carried_out);
}
