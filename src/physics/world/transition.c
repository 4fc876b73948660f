/* acphys — retail CTransition and CPhysicsObj::transition. See transition.h.
 *
 * Read against PORTAL/cphysics/CTransition.c and PORTAL/cphysobj/CPhysicsObj.c; every
 * expression keeps retail's operand order (where it matters: sums of three or more terms) and
 * float stores (frame.h explains why). Branches that only indoor cells or the camera reach are
 * left out and say so; the BSP branches (precipice_slide, check_walkable's probe, the
 * negative-polygon step-up, the collide landing) are in.
 */
#include "transition.h"

#include <math.h>
#include <string.h>

#include "base/shortcuts.h"
#include "physics/cell/landcell.h"
#include "physics/object/partarray.h"
#include "physics.h"
#include "physics/cell/terrain.h"
#include "physics/geometry/mathx.h"
#include "inspect.h"

/* Retail dummy_sphere: centre (0, 0, DUMMY_SPHERE_RADIUS), radius 0.1f. */
static const acp_sphere DUMMY_SPHERE = {{0.0f, 0.0f, 0.1f}, 0.1f};
/* 0.039999999: the float 0.04f (step-down height off walkable ground). */
static const float STEP_DOWN_OFF_WALKABLE = 0.04f;

/* ---- small helpers ---- */

static void clear_contact_plane(acp_collision_info *c)
{
    c->contact_plane_valid = false;
    c->contact_plane_is_water = false;
}

/* Retail Frame::is_equal (0x00424C30): origins within EPSILON (inclusive), quaternions within
 * EPSILON (strict). */
static bool frame_is_equal(const acp_frame *a, const acp_frame *b)
{
    const double e = ACP_F_EPSILON;
    if (!(fabs((double)a->origin.x - b->origin.x) <= e && fabs((double)a->origin.y - b->origin.y) <= e &&
          fabs((double)a->origin.z - b->origin.z) <= e))
        return false;
    return fabs((double)a->qw - b->qw) < e && fabs((double)a->qx - b->qx) < e && fabs((double)a->qy - b->qy) < e &&
           fabs((double)a->qz - b->qz) < e;
}

static bool on_walkable(const acp_transition *t) { return (t->object_info.state & ACP_ON_WALKABLE_OI) != 0; }

/* check_pos = curr_pos in curr_cell (the start of a step sequence). */
static void check_from_curr(acp_sphere_path *sp)
{
    sp->check_pos = sp->curr_pos;
    sp->check_cell = sp->curr_cell;
    sp->cell_array_valid = false;
    acp_spherepath_cache_global_sphere(sp, NULL);
}

/* curr_pos = check_pos in check_cell. */
static void curr_from_check(acp_sphere_path *sp)
{
    sp->curr_pos = sp->check_pos;
    sp->curr_cell = sp->check_cell;
    acp_spherepath_cache_global_curr_center(sp);
}

/* validate_transition's caches left to be made (S12): in the sanitizer builds
 * (ACP_CHECK_DEFERRED_CACHES) the caches are filled with NaN meanwhile, so that a read before
 * they are made (or after the sweep dropped them) shows in the traces the lane compares. */
static inline void defer_caches(acp_sphere_path *sp)
{
    sp->caches_deferred = true;
#ifdef ACP_CHECK_DEFERRED_CACHES
    const float nan = NAN;
    for (uint32_t i = 0; i < ACP_MAX_TRANSITION_SPHERES; i++) {
        sp->global_curr_center[i] = (acp_vec3){nan, nan, nan};
        sp->global_sphere[i] = (acp_sphere){{nan, nan, nan}, nan};
    }
    sp->global_low_point = (acp_vec3){nan, nan, nan};
#endif
}

/* check_pos += global_offset (the inline form in find_transitional_position). */
static void step_check_pos(acp_sphere_path *sp)
{
    acp_vec3 *o = &sp->check_pos.frame.origin;
    const acp_vec3 g = sp->global_offset;
    sp->cell_array_valid = false;
    o->x = (float)((double)g.x + o->x);
    o->y = (float)((double)g.y + o->y);
    o->z = (float)((double)g.z + o->z);
    acp_spherepath_cache_global_sphere(sp, &sp->global_offset);
}

static bool offset_is_tiny(acp_vec3 v)
{
    return (double)v.x * v.x + (double)v.y * v.y + (double)v.z * v.z < ACP_F_EPSILON * ACP_F_EPSILON;
}

/* Defined by transition_sweep.inc (included below, twice). */
static acp_transition_state insert_into_cell(acp_transition *t, const struct acp_landcell *cell, int attempts);

/* ---- init ---- */

void acp_transition_construct(acp_transition *t, const acp_terrain *terrain)
{
    memset(t, 0, sizeof *t);
    acp_sphere_path *sp = &t->sphere_path;
    acp_position *identity[] = {&sp->begin_pos, &sp->end_pos, &sp->curr_pos, &sp->check_pos, &sp->backup_check_pos};
    for (size_t i = 0; i < sizeof identity / sizeof identity[0]; i++) identity[i]->frame = acp_frame_identity();
    acp_cell_array_init(&t->cell_array); /* its own ACP_MAX_TRANSITION_CELLS cells, for good */
    acp_transition_init(t, terrain);
}

/* SPHEREPATH::init (0x0050C330): what a sweep must not inherit of the sphere path. */
static void spherepath_init(acp_sphere_path *sp)
{
    sp->num_sphere = 0;
    sp->begin_cell = NULL;
    sp->has_begin_pos = false;
    sp->curr_cell = NULL;
    sp->check_cell = NULL;
    sp->insert_type = ACP_TRANSITION_INSERT;
    sp->step_down = false;
    sp->step_up = false;
    sp->collide = false;
    sp->hits_interior_cell = false;
    sp->obstruction_ethereal = false;
    sp->backup_cell = NULL;
    sp->walkable_allowance = 0.0f;
    sp->walkable = false;
    sp->check_walkable = false;
    sp->cell_array_valid = false;
    sp->neg_step_up = false;
    sp->neg_poly_hit = false;
    sp->placement_allows_sliding = true;
    sp->has_curr_cell = false; /* acphys's own: set after the sweep */
    sp->curr_center_deferred = false;
    sp->caches_deferred = false;
    sp->curr_cell_id = 0;
}

void acp_transition_init(acp_transition *t, const acp_terrain *terrain)
{
    t->object_info.object = NULL;
    t->object_info.state = 0;
    t->object_info.target_id = 0;
    spherepath_init(&t->sphere_path);
    acp_collision_info *c = &t->collision_info;
    c->last_known_contact_plane_valid = false;
    c->contact_plane_valid = false;
    c->sliding_normal_valid = false;
    c->collision_normal_valid = false;
    c->num_collide_object = 0;
    c->collided_with_environment = false;
    c->contact_plane_cell_id = 0;
    c->frames_stationary_fall = 0;
    t->insert_state = ACP_TS_INVALID;
    t->cell_array.num_cells = 0; /* its storage and capacity: acp_transition_construct */
    t->cell_array.dropped = 0;
    t->cell_array.reached_building = false;
    t->cell_array.added_outside = false;
    t->cell_array.do_not_load_cells = false;
    t->terrain = terrain;
    t->cell_list_key.valid = false; /* the cells it described are gone with num_cells */
    t->terrain_poly.cell = NULL;
}

acp_transition *acp_transition_make(acp_world *w)
{
    if (w->transition_level < 0 || w->transition_level >= ACP_TRANSITION_POOL) return NULL;
    acp_transition *t = &w->transit[w->transition_level++];
    acp_transition_init(t, w->terrain);
    return t;
}

void acp_transition_cleanup(acp_world *w) { w->transition_level--; }

/* ---- cells ---- */

/* The inputs of an outdoor find_cell_list (see acp_cell_list_key; a list holding an EnvCell is
 * never kept). */
static acp_cell_list_key cell_list_key_of(const acp_sphere_path *sp)
{
    acp_cell_list_key k = {0};
    k.valid = (sp->check_pos.objcell_id & 0xFFFFu) < 0x100u && sp->num_sphere <= ACP_MAX_TRANSITION_SPHERES;
    k.cell_id = sp->check_pos.objcell_id;
    k.num_sphere = sp->num_sphere;
    for (uint32_t i = 0; k.valid && i < sp->num_sphere; i++) {
        k.xyr[i][0] = sp->global_sphere[i].center.x;
        k.xyr[i][1] = sp->global_sphere[i].center.y;
        k.xyr[i][2] = sp->global_sphere[i].radius;
    }
    return k;
}

/* Whether two floats have the same bits. Clang does not expand a memcmp for WebAssembly (each
 * was a call into the module's memcmp, ~45 instructions, ~6 per terrain quantum); gcc expands
 * memcmp itself, and its code for the word compare written out runs ~13 more instructions per
 * terrain quantum, so each compiler gets its own. */
#if defined(__wasm__)
static inline bool same_float_bits(const float *a, const float *b)
{
    uint32_t x, y;
    memcpy(&x, a, sizeof x);
    memcpy(&y, b, sizeof y);
    return x == y;
}
#define DIFFERENT_FLOAT_BITS(a, b) (!same_float_bits(a, b))
#else
#define DIFFERENT_FLOAT_BITS(a, b) memcmp(a, b, sizeof(float))
#endif

/* Whether cell_list_key_of(sp) would be a valid key equal to last (a valid key) bit for bit:
 * the same outdoor cell, sphere count and, sphere by sphere, the bits of x, y and r (the
 * entries past num_sphere are zero in both). */
static bool same_cell_list_key(const acp_sphere_path *sp, const acp_cell_list_key *last)
{
    if ((sp->check_pos.objcell_id & 0xFFFFu) >= 0x100u || sp->num_sphere > ACP_MAX_TRANSITION_SPHERES ||
        sp->check_pos.objcell_id != last->cell_id || sp->num_sphere != last->num_sphere)
        return false;
    for (uint32_t i = 0; i < sp->num_sphere; i++) {
        const acp_sphere *g = &sp->global_sphere[i];
        if (DIFFERENT_FLOAT_BITS(&g->center.x, &last->xyr[i][0]) || DIFFERENT_FLOAT_BITS(&g->center.y, &last->xyr[i][1]) ||
            DIFFERENT_FLOAT_BITS(&g->radius, &last->xyr[i][2]))
            return false;
    }
    return true;
}

/* Retail CTransition::build_cell_array (0x00509EE0). Not retail: the cells are rebuilt only
 * when their inputs changed (bit for bit) since the last build of this transition, and only
 * while every list since then was 2-D (acp_cell_list_key): the same inputs give the same cells
 * and containing cell. */
static void build_cell_array(acp_transition *t, const acp_landcell **new_cell)
{
    acp_sphere_path *sp = &t->sphere_path;
    sp->cell_array_valid = true;
    sp->hits_interior_cell = false;
    acp_cell_list_key *last = &t->cell_list_key;
#if !ACP_SHORTCUTS
    /* docs/SHORTCUTS.md S3: retail rebuilds every time. */
    acp_objcell_find_cell_list(t->terrain, &sp->check_pos, sp->num_sphere, sp->global_sphere, &t->cell_array, new_cell,
                               sp);
    last->valid = false;
    return;
#endif
    if (last->valid && (last->has_curr || !new_cell) && same_cell_list_key(sp, last)) {
        if (new_cell && last->wrote_curr) *new_cell = last->curr;
        return;
    }
    const acp_landcell *probe = NULL, *const sentinel = (const acp_landcell *)&probe;
    if (new_cell) probe = sentinel; /* tells whether find_cell_list writes it */
    acp_objcell_find_cell_list_swept(t->terrain, &sp->check_pos, sp->num_sphere, sp->global_sphere, &t->cell_array,
                                     new_cell ? &probe : NULL, sp, &t->terrain_poly); /* S25: the memo */
    /* The key of the inputs (find_cell_list changes none of them). */
    *last = cell_list_key_of(sp);
    last->has_curr = new_cell != NULL;
    last->wrote_curr = new_cell && probe != sentinel;
    last->curr = last->wrote_curr ? probe : NULL;
    if (last->wrote_curr) *new_cell = probe;
    /* A building's portal adds its EnvCell by a 3-D test (CEnvCell::check_building_transit):
     * a list where a building was tested depends on more than x, y and r, and is not kept
     * (nor one that holds an EnvCell). */
    if (sp->hits_interior_cell || t->cell_array.reached_building) last->valid = false;
}

/* No loaded cell holds the spheres: outside the loaded world the position moves on without a
 * cell (retail's missing cell), except when stepping down. */
static acp_transition_state move_without_cell(acp_transition *t, acp_transition_state ts)
{
    acp_sphere_path *sp = &t->sphere_path;
    if (sp->step_down) return ACP_TS_COLLIDED;
    acp_position p = sp->check_pos;
    if ((p.objcell_id & 0xFFFFu) < 0x100u) acp_landdefs_adjust_to_outside(&p.objcell_id, &p.frame.origin);
    if (!p.objcell_id) return ACP_TS_COLLIDED;
    acp_spherepath_adjust_check_pos(sp, p.objcell_id);
    sp->check_pos = p;
    sp->check_cell = NULL;
    sp->cell_array_valid = false;
    acp_spherepath_cache_global_sphere(sp, NULL);
    sp->cell_array_valid = true;
    return ts;
}

/* Retail CTransition::check_other_cells (0x0050AE50): collide with every other cell the
 * spheres overlap, then make the cell holding sphere 0 the check cell. */
static acp_transition_state check_other_cells(acp_transition *t, const acp_landcell *curr_cell)
{
    acp_sphere_path *sp = &t->sphere_path;
    const acp_landcell *new_cell = NULL;
    build_cell_array(t, &new_cell);
    acp_transition_state ts = ACP_TS_OK;
    for (uint32_t i = 0; i < t->cell_array.num_cells; i++) {
        const acp_landcell *cell = t->cell_array.cells[i].cell;
        if (!cell || cell == curr_cell) continue;
        ts = acp_landcell_find_collisions(cell, t);
        if (ts == ACP_TS_SLID) {
            clear_contact_plane(&t->collision_info);
            return ts;
        }
        if (ts == ACP_TS_COLLIDED || ts == ACP_TS_ADJUSTED) return ts;
    }
    sp->check_cell = new_cell;
    if (!new_cell) return move_without_cell(t, ts);
    acp_spherepath_adjust_check_pos(sp, new_cell->id);
    return ts;
}

/* ---- the step machinery ---- */

bool acp_transition_calc_num_steps(const acp_transition *t, acp_vec3 *offset, acp_vec3 *offset_per_step,
                                   uint32_t *num_steps)
{
    const acp_sphere_path *sp = &t->sphere_path;
    const acp_vec3 zero = {0.0f, 0.0f, 0.0f};
    if (!sp->has_begin_pos) {
        *offset = zero;
        *offset_per_step = zero;
        *num_steps = 1;
        return true;
    }
    *offset = acp_position_get_offset(&sp->begin_pos, &sp->end_pos);
    const acp_vec3 o = *offset;
    double radius = sp->local_sphere[0].radius;
    double dist = sqrt((double)o.x * o.x + (double)o.y * o.y + (double)o.z * o.z);
    /* IS_VIEWER_OI (the camera) takes floor(dist / radius) + 1 steps; no viewer here. */
    double steps = dist / (1.0 * radius);
    if (steps > 1.0) {
        double n = ceil(steps);
        offset_per_step->x = (float)(1.0 / n * o.x);
        offset_per_step->y = (float)(1.0 / n * o.y);
        offset_per_step->z = (float)(1.0 / n * o.z);
        /* (unsigned __int64)n into the 32-bit count: ∞ converts to the integer indefinite, 0. */
        uint32_t count = acp_x87_int64_low32(n);
        if (count > ACP_MAX_TRANSITION_STEPS) return false;
        *num_steps = count;
    } else if (o.x != 0.0f || o.y != 0.0f || o.z != 0.0f) {
        *offset_per_step = o;
        *num_steps = 1;
    } else {
        *offset_per_step = zero;
        *num_steps = 0;
    }
    return true;
}

/* Moving into both the contact and the sliding plane: along their intersection line. */
static acp_vec3 along_both_planes(const acp_collision_info *c, acp_vec3 v)
{
    const acp_vec3 s = c->sliding_normal, n = c->contact_plane.n;
    acp_vec3 d;
    d.x = (float)((double)s.z * n.y - (double)s.y * n.z);
    d.y = (float)((double)s.x * n.z - (double)s.z * n.x);
    d.z = (float)((double)s.y * n.x - (double)s.x * n.y);
    if (acp_vec3_normalize_check_small(&d)) return (acp_vec3){0.0f, 0.0f, 0.0f};
    double k = (double)d.z * v.z + (double)d.y * v.y + (double)d.x * v.x;
    float z = (float)(d.z * k);
    acp_vec3 r = {(float)(d.x * k), (float)(d.y * k), z};
    return r;
}

/* The check sphere sinks into the contact plane: push check_pos up (along z) out of it. */
static void lift_out_of_contact_plane(acp_transition *t)
{
    const acp_collision_info *c = &t->collision_info;
    acp_sphere_path *sp = &t->sphere_path;
    if (c->contact_plane_is_water || !c->contact_plane_cell_id) return;
    acp_vec3 bo = acp_landdefs_get_block_offset(sp->check_pos.objcell_id, c->contact_plane_cell_id);
    const acp_sphere *g = &sp->global_sphere[0];
    const acp_vec3 n = c->contact_plane.n;
    double dist = ((double)g->center.z - bo.z) * n.z + ((double)g->center.y - bo.y) * n.y +
                  ((double)g->center.x - bo.x) * n.x + c->contact_plane.d;
    if (!(dist < (double)g->radius - ACP_F_EPSILON)) return;
    double dz = ((double)g->radius - dist) / n.z;
    if (!((double)g->radius > fabs(dz))) return;
    acp_vec3 up = {0.0f, 0.0f, (float)dz};
    acp_spherepath_add_offset_to_check_pos(sp, up);
}

acp_vec3 acp_transition_adjust_offset(acp_transition *t, acp_vec3 offset)
{
    acp_collision_info *c = &t->collision_info;
    acp_vec3 v = offset;
    bool sliding = false;
    if (c->sliding_normal_valid) {
        const acp_vec3 s = c->sliding_normal;
        if ((double)v.z * s.z + (double)v.y * s.y + (double)v.x * s.x < 0.0) sliding = true;
        else c->sliding_normal_valid = false;
    }
    if (c->contact_plane_valid) {
        const acp_vec3 n = c->contact_plane.n;
        float into = (float)((double)v.z * n.z + (double)v.y * n.y + (double)v.x * n.x);
        if (sliding) {
            v = along_both_planes(c, v);
        } else if (into <= 0.0f) {
            float nz = (float)((double)into * n.z);
            v.x = (float)((double)v.x - (double)into * n.x);
            v.y = (float)((double)v.y - (double)into * n.y);
            v.z = (float)((double)v.z - nz);
        } else {
            acp_plane_snap_to_plane(&c->contact_plane, &v);
        }
        lift_out_of_contact_plane(t);
        return v;
    }
    if (sliding) {
        const acp_vec3 s = c->sliding_normal;
        double k = (double)v.x * s.x + (double)v.z * s.z + (double)v.y * s.y;
        float ky = (float)(k * s.y);
        float kz = (float)(k * s.z);
        v.x = (float)((double)v.x - k * s.x);
        v.y = (float)((double)v.y - ky);
        v.z = (float)((double)v.z - kz);
    }
    return v;
}

acp_transition_state acp_transition_cliff_slide(acp_transition *t, const acp_plane *contact_plane)
{
    acp_collision_info *c = &t->collision_info;
    acp_sphere_path *sp = &t->sphere_path;
    const acp_vec3 a = contact_plane->n, b = c->last_known_contact_plane.n;
    double cx = (double)a.y * b.z - (double)a.z * b.y;
    double cy = (double)b.x * a.z - (double)b.z * a.x;
    double cz = ((double)a.x * b.y - (double)a.y * b.x) * 0.0;
    acp_vec3 n = {(float)(cz - cy), (float)(cx - cz), (float)(cy * 0.0 - cx * 0.0)};
    if (acp_vec3_normalize_check_small(&n)) return ACP_TS_OK;
    acp_vec3 bo = acp_landdefs_get_block_offset(sp->curr_pos.objcell_id, sp->check_pos.objcell_id);
    const acp_vec3 g = sp->global_sphere[0].center, cc = sp->global_curr_center[0];
    double mx = (double)g.x - cc.x;
    double my = (double)g.y - cc.y;
    float mz = (float)((double)g.z - cc.z);
    float wx = (float)((double)bo.x + mx);
    double k = ((double)bo.z + mz) * n.z + ((double)bo.y + my) * n.y + (double)wx * n.x;
    if (k > 0.0) {
        k = -k;
        n = (acp_vec3){-n.x, -n.y, -n.z};
        acp_vec3 off = {(float)((double)-n.x * k), (float)((double)-n.y * k), (float)((double)-n.z * k)};
        acp_spherepath_add_offset_to_check_pos(sp, off);
    } else {
        acp_vec3 off = {(float)((double)n.x * k), (float)((double)n.y * k), (float)((double)n.z * k)};
        acp_spherepath_add_offset_to_check_pos(sp, off);
    }
    acp_collisioninfo_set_collision_normal(c, n);
    return ACP_TS_ADJUSTED;
}

/* Retail CTransition::check_walkable (0x0050AFF0): off walkable ground, or while the walkable
 * polygon a BSP recorded still holds a half-radius sphere (acp_spherepath_check_walkables), the
 * position passes; otherwise probe down by the step-down height (halved for spheres wider than
 * it, a lone sphere's by half its radius) for walkable ground steeper than z_chk allows. */
static bool check_walkable(acp_transition *t, float z_chk)
{
    acp_sphere_path *sp = &t->sphere_path;
    if (!on_walkable(t) || acp_spherepath_check_walkables(sp)) return true;
    const acp_position backup = sp->check_pos;
    const struct acp_landcell *cell = sp->check_cell;
    double ht = t->object_info.step_down_height;
    sp->walkable_allowance = z_chk;
    sp->check_walkable = true;
    const acp_sphere *g = &sp->global_sphere[0];
    if (sp->num_sphere < 2 && ht > (double)g->radius + g->radius) ht = (double)g->radius * 0.5;
    if (ht > (double)g->radius + g->radius) ht = ht * 0.5;
    acp_spherepath_add_offset_to_check_pos(sp, (acp_vec3){0.0f, 0.0f, (float)-ht});
    acp_transition_state ts = acp_transition_transitional_insert(t, 1);
    sp->check_walkable = false;
    acp_spherepath_set_check_pos(sp, &backup, cell);
    return ts != ACP_TS_OK;
}

bool acp_transition_step_down(acp_transition *t, float step_down_ht, float z_val)
{
    acp_sphere_path *sp = &t->sphere_path;
    acp_collision_info *c = &t->collision_info;
    sp->neg_poly_hit = false;
    sp->step_down = true;
    sp->step_down_amt = step_down_ht;
    sp->walk_interp = 1.0f;
    if (!sp->step_up) {
        sp->cell_array_valid = false;
        acp_vec3 off = {0.0f, 0.0f, -step_down_ht};
        sp->check_pos.frame.origin.z = (float)((double)off.z + sp->check_pos.frame.origin.z);
        acp_spherepath_cache_global_sphere(sp, &off);
    }
    acp_transition_state ts = acp_transition_transitional_insert(t, 5);
    sp->step_down = false;
    if (ts != ACP_TS_OK || !c->contact_plane_valid || !((double)c->contact_plane.n.z >= (double)z_val)) return false;
    if ((t->object_info.state & ACP_EDGE_SLIDE_OI) && !sp->step_up && !check_walkable(t, z_val)) return false;
    sp->backup = sp->insert_type;
    sp->insert_type = ACP_PLACEMENT_INSERT;
    ts = acp_transition_transitional_insert(t, 1);
    sp->insert_type = sp->backup;
    return ts == ACP_TS_OK;
}

bool acp_transition_edge_slide(acp_transition *t, acp_transition_state *ts, float step_down_ht, float z_val)
{
    acp_sphere_path *sp = &t->sphere_path;
    acp_collision_info *c = &t->collision_info;
    uint32_t state = t->object_info.state;
    if (!(state & ACP_ON_WALKABLE_OI) || !(state & ACP_EDGE_SLIDE_OI)) {
        sp->walkable = false;
        acp_spherepath_restore_check_pos(sp);
        clear_contact_plane(c);
        sp->cell_array_valid = true;
        *ts = ACP_TS_OK;
        return true;
    }
    if (c->contact_plane_valid && (double)c->contact_plane.n.z < (double)z_val) {
        sp->walkable = false;
        acp_spherepath_restore_check_pos(sp);
        *ts = acp_transition_cliff_slide(t, &c->contact_plane);
        clear_contact_plane(c);
        return false;
    }
    if (sp->walkable) {
        acp_spherepath_restore_check_pos(sp);
        clear_contact_plane(c);
        *ts = acp_spherepath_precipice_slide(sp, c);
        return *ts == ACP_TS_COLLIDED;
    }
    if (c->contact_plane_valid) {
        sp->walkable = false;
        acp_spherepath_restore_check_pos(sp);
        sp->cell_array_valid = true;
        clear_contact_plane(c);
        *ts = ACP_TS_OK;
        return true;
    }
    const acp_vec3 cc = sp->global_curr_center[0], g = sp->global_sphere[0].center;
    double mz = (double)cc.z - g.z;
    double my = (double)cc.y - g.y;
    acp_vec3 back = {(float)((double)cc.x - g.x), (float)my, (float)mz};
    acp_spherepath_add_offset_to_check_pos(sp, back);
    acp_transition_step_down(t, step_down_ht, z_val);
    clear_contact_plane(c);
    acp_spherepath_restore_check_pos(sp);
    if (sp->walkable) {
        clear_contact_plane(c);
        const acp_position walkable_pos = sp->walkable_pos;
        acp_spherepath_cache_localspace_sphere(sp, &walkable_pos, sp->walkable_scale);
        sp->walkable_check_pos = sp->localspace_sphere[0];
        *ts = acp_spherepath_precipice_slide(sp, c);
        return *ts == ACP_TS_COLLIDED;
    }
    sp->walkable = NULL;
    *ts = ACP_TS_COLLIDED;
    sp->cell_array_valid = true;
    return true;
}

bool acp_transition_step_up(acp_transition *t, acp_vec3 collision_normal)
{
    acp_sphere_path *sp = &t->sphere_path;
    clear_contact_plane(&t->collision_info);
    sp->step_up = true;
    sp->step_up_normal = collision_normal;
    float step_ht = STEP_DOWN_OFF_WALKABLE;
    float z = ACP_LANDING_Z;
    if (on_walkable(t)) {
        z = ACP_FLOOR_Z;
        step_ht = t->object_info.step_up_height;
    }
    sp->walkable_allowance = z;
    sp->backup_cell = sp->check_cell;
    sp->backup_check_pos = sp->check_pos;
    bool ok = acp_transition_step_down(t, step_ht, z);
    if (t->inspect) acp_inspect_mark(t, ACP_INSPECT_STEP_UP | (ok ? ACP_INSPECT_STEP_UP_OK : 0u));
    sp->step_up = false;
    sp->walkable = false;
    if (ok) return true;
    acp_spherepath_restore_check_pos(sp);
    return false;
}

/* Roll back a step that collided (or moved nothing): keep the last known contact plane when
 * the current sphere still touches it. Returns whether the object may count as having moved
 * (redo) for frames_stationary_fall. */
static bool roll_back(acp_transition *t)
{
    acp_sphere_path *sp = &t->sphere_path;
    acp_collision_info *c = &t->collision_info;
    bool redo = false;
    if (c->last_known_contact_plane_valid) {
        acp_objectinfo_kill_velocity(&t->object_info);
        const acp_vec3 g = sp->global_curr_center[0];
        const acp_plane *p = &c->last_known_contact_plane;
        double dist = (double)g.z * p->n.z + (double)g.y * p->n.y + (double)g.x * p->n.x + p->d;
        if ((double)sp->global_sphere[0].radius + ACP_F_EPSILON > fabs(dist)) {
            acp_collisioninfo_set_contact_plane(c, p, c->last_known_contact_plane_is_water);
            c->contact_plane_cell_id = c->last_known_contact_plane_cell_id;
            if (t->object_info.state & ACP_ON_WALKABLE_OI) redo = true;
        }
    }
    if (!c->collision_normal_valid) acp_collisioninfo_set_collision_normal(c, (acp_vec3){0.0f, 0.0f, 1.0f});
    acp_spherepath_set_check_pos(sp, &sp->curr_pos, sp->curr_cell);
    build_cell_array(t, NULL);
    return redo;
}

/* The stationary-fall failsafe: a GRAVITY_PS object that made no progress counts frames; on
 * the third a flat plane under its sphere holds it. */
static void count_stationary_fall(acp_transition *t, bool redo)
{
    acp_collision_info *c = &t->collision_info;
    acp_sphere_path *sp = &t->sphere_path;
    if (redo) {
        c->frames_stationary_fall = 0;
        return;
    }
    if (c->frames_stationary_fall == 0) {
        c->frames_stationary_fall = 1;
        return;
    }
    if (c->frames_stationary_fall == 1) {
        c->frames_stationary_fall = 2;
        return;
    }
    if (sp->caches_deferred) { /* validate_transition's caches, made before they are read (S12) */
        sp->caches_deferred = false;
        acp_spherepath_cache_global_curr_center_and_sphere(sp);
    }
    const acp_sphere *g = &sp->global_sphere[0];
    c->frames_stationary_fall = 3;
    double sum = (double)g->center.y + g->center.x;
    double z = sum * 0.0 + g->center.z;
    acp_plane plane = {{0.0f, 0.0f, 1.0f}, (float)((double)g->radius - z)};
    acp_collisioninfo_set_contact_plane(c, &plane, false);
    c->contact_plane_cell_id = sp->check_pos.objcell_id;
    if (!(t->object_info.state & ACP_CONTACT_OI)) {
        acp_collisioninfo_set_collision_normal(c, plane.n);
        c->collided_with_environment = true;
    }
}

acp_transition_state acp_transition_validate_transition(acp_transition *t, acp_transition_state ts)
{
    acp_sphere_path *sp = &t->sphere_path;
    acp_collision_info *c = &t->collision_info;
    acp_object_info *oi = &t->object_info;
    bool redo = true;
    bool still = sp->check_pos.objcell_id == sp->curr_pos.objcell_id &&
                 frame_is_equal(&sp->check_pos.frame, &sp->curr_pos.frame);
    if (ts != ACP_TS_OK || still) redo = false;
    if (ts != ACP_TS_OK) {
        if (ts > ACP_TS_OK && ts <= ACP_TS_SLID) {
            redo = roll_back(t);
            ts = ACP_TS_OK;
        }
    } else if (!ACP_SHORTCUTS) {
        curr_from_check(sp); /* docs/SHORTCUTS.md S12: retail's two calls */
        check_from_curr(sp);
    } else {
        /* curr_from_check then check_from_curr: check_pos and check_cell stay what they are
         * (copied to curr and back); the two caches read the one frame, and are made when
         * first needed: by the next step (find_transitional_position), or by the stationary
         * fall's plane below; a sweep that ends here never reads them (caches_deferred). */
        sp->curr_pos = sp->check_pos;
        sp->curr_cell = sp->check_cell;
        sp->cell_array_valid = false;
        defer_caches(sp);
    }
    if (c->collision_normal_valid) acp_collisioninfo_set_sliding_normal(c, c->collision_normal);
    if (!(oi->state & ACP_IS_VIEWER_OI) && (oi->object->state & ACP_GRAVITY_PS)) count_stationary_fall(t, redo);
    c->last_known_contact_plane_valid = c->contact_plane_valid;
    if (c->contact_plane_valid) {
        c->last_known_contact_plane = c->contact_plane;
        c->last_known_contact_plane_cell_id = c->contact_plane_cell_id;
        c->last_known_contact_plane_is_water = c->contact_plane_is_water;
        oi->state |= ACP_CONTACT_OI;
        if (acp_objectinfo_is_valid_walkable(c->contact_plane.n)) oi->state |= ACP_ON_WALKABLE_OI;
        else oi->state &= ~(uint32_t)ACP_ON_WALKABLE_OI;
    } else {
        oi->state &= ~(uint32_t)(ACP_CONTACT_OI | ACP_ON_WALKABLE_OI);
    }
    return ts;
}

/* ---- placement ---- */

/* Retail CTransition::validate_placement_transition (0x0050ADC0). */
static acp_transition_state validate_placement_transition(acp_transition *t, acp_transition_state ts)
{
    acp_sphere_path *sp = &t->sphere_path;
    if (!sp->check_cell) return ACP_TS_COLLIDED;
    if (ts == ACP_TS_OK) curr_from_check(sp);
    else if (ts > ACP_TS_OK && ts <= ACP_TS_SLID && sp->placement_allows_sliding)
        acp_collisioninfo_init(&t->collision_info);
    return ts;
}

/* Retail CTransition::placement_insert (0x0050B1D0). */
static acp_transition_state placement_insert(acp_transition *t)
{
    const acp_landcell *cell = t->sphere_path.check_cell;
    if (!cell) return ACP_TS_COLLIDED;
    acp_transition_state ts = insert_into_cell(t, cell, 3);
    if (ts == ACP_TS_OK) ts = check_other_cells(t, cell);
    return ts;
}

/* Retail CTransition::validate_placement (0x0050B210). */
static acp_transition_state validate_placement(acp_transition *t, acp_transition_state ts, bool adjust)
{
    acp_sphere_path *sp = &t->sphere_path;
    if (!sp->check_cell) return ACP_TS_COLLIDED;
    if (ts == ACP_TS_OK) curr_from_check(sp);
    else if (ts > ACP_TS_COLLIDED && ts <= ACP_TS_SLID && adjust) return validate_placement(t, placement_insert(t), false);
    return ts;
}

static bool try_placement_offset(acp_transition *t, acp_vec3 offset)
{
    acp_sphere_path *sp = &t->sphere_path;
    acp_collision_info *c = &t->collision_info;
    check_from_curr(sp);
    sp->global_offset = acp_transition_adjust_offset(t, offset);
    if (offset_is_tiny(sp->global_offset)) return false;
    step_check_pos(sp);
    c->sliding_normal_valid = false;
    clear_contact_plane(c);
    return validate_placement_transition(t, acp_transition_transitional_insert(t, 3)) == ACP_TS_OK;
}

/* One ring of the search: num_rad positions `distance` metres away, at even headings. */
static bool try_placement_ring(acp_transition *t, float distance, uint32_t num_rad)
{
    acp_frame offset_frame = acp_frame_identity();
    float angle_offset = (float)(360.0 / (double)num_rad);
    for (uint32_t j = 0; j < num_rad; j++) {
        acp_frame_set_heading(&offset_frame, (float)((double)j * angle_offset));
        acp_vec3 h = acp_frame_get_vector_heading(&offset_frame);
        acp_vec3 off = {(float)((double)distance * h.x), (float)((double)distance * h.y),
                        (float)((double)distance * h.z)};
        if (try_placement_offset(t, off)) return true;
    }
    return false;
}

bool acp_transition_find_placement_pos(acp_transition *t)
{
    acp_sphere_path *sp = &t->sphere_path;
    acp_collision_info *c = &t->collision_info;
    check_from_curr(sp);
    c->sliding_normal_valid = false;
    clear_contact_plane(c);
    if (validate_placement_transition(t, acp_transition_transitional_insert(t, 3)) == ACP_TS_OK) return true;
    if (!sp->placement_allows_sliding) return false;
    float r = sp->local_sphere[0].radius;
    bool small = false;
    float adjust_rad = 4.0f;
    if (r >= 0.125f) {
        if (r < 0.47999999f) r = 0.47999999f;
    } else {
        small = true;
        adjust_rad = 2.0f;
    }
    double rings = 4.0 / (1.0 * r);
    if (small) rings = rings * 0.5;
    if (rings <= 1.0) return false;
    double num_steps = ceil(rings);
    if (!(num_steps <= ACP_MAX_PLACEMENT_RINGS)) return false;
    float dist_per_step = (float)((double)adjust_rad / num_steps);
    float d_num_radial = (float)((double)dist_per_step / r * 3.1416f);
    float distance = 0.0f, adjust_rada = 0.0f;
    for (uint32_t i = 0; i < (uint32_t)num_steps; i++) {
        distance = (float)((double)distance + dist_per_step);
        double a = (double)d_num_radial + adjust_rada;
        adjust_rada = (float)a;
        if (try_placement_ring(t, distance, 2u * (uint32_t)ceil(a))) return true;
    }
    return false;
}

/* Settle a placed object onto the ground below (not missiles): step down by its step-down
 * height, keeping the placed position when nothing is there. */
static void placement_step_down(acp_transition *t)
{
    acp_sphere_path *sp = &t->sphere_path;
    float height = t->object_info.step_down_height;
    sp->walkable_allowance = ACP_LANDING_Z;
    acp_spherepath_save_check_pos(sp);
    sp->backup = sp->insert_type;
    sp->insert_type = ACP_TRANSITION_INSERT;
    const acp_sphere *g = &sp->global_sphere[0];
    if (sp->num_sphere < 2 && (double)g->radius + g->radius < (double)height) height = (float)((double)g->radius * 0.5);
    bool ok;
    if ((double)g->radius + g->radius >= (double)height) {
        ok = acp_transition_step_down(t, height, ACP_LANDING_Z);
    } else {
        float half = (float)((double)height * 0.5);
        ok = acp_transition_step_down(t, half, ACP_LANDING_Z) || acp_transition_step_down(t, half, ACP_LANDING_Z);
    }
    if (!ok) {
        acp_spherepath_restore_check_pos(sp);
        clear_contact_plane(&t->collision_info);
    }
    sp->insert_type = sp->backup;
    sp->walkable = false;
}

bool acp_transition_find_placement_position(acp_transition *t)
{
    acp_sphere_path *sp = &t->sphere_path;
    check_from_curr(sp);
    if (t->inspect) acp_inspect_mark(t, ACP_INSPECT_PLACEMENT);
    sp->insert_type = ACP_INITIAL_PLACEMENT_INSERT;
    if (validate_placement(t, placement_insert(t), true) != ACP_TS_OK) return false;
    sp->insert_type = ACP_PLACEMENT_INSERT;
    if (!acp_transition_find_placement_pos(t)) return false;
    if (t->object_info.step_down) placement_step_down(t);
    return validate_placement(t, ACP_TS_OK, true) == ACP_TS_OK;
}

/* ---- the transitional sweep ---- */

#define SWEEP_INSPECTING 0
#include "transition_sweep.inc"
#undef SWEEP_INSPECTING
#define SWEEP_INSPECTING 1
#include "transition_sweep.inc"
#undef SWEEP_INSPECTING

bool acp_transition_find_valid_position(acp_transition *t)
{
    if (t->sphere_path.insert_type != ACP_TRANSITION_INSERT) return acp_transition_find_placement_position(t);
    return acp_transition_find_transitional_position(t);
}

/* ---- CPhysicsObj::transition ---- */

/* Retail CPhysicsObj::check_contact (0x0050F5B0): in contact unless moving away from the plane. */
static bool check_contact(const acp_physobj *obj)
{
    const acp_vec3 v = obj->velocity, n = obj->contact_plane.n;
    return !((obj->transient_state & ACP_CONTACT_TS) &&
             (double)v.z * n.z + (double)v.y * n.y + (double)v.x * n.x > ACP_F_EPSILON);
}

uint32_t acp_physobj_get_object_info(const acp_physobj *obj, acp_transition *t, bool admin_move)
{
    uint32_t state = (obj->state & ACP_EDGE_SLIDE_PS) ? ACP_EDGE_SLIDE_OI : 0u;
    acp_collision_info *c = &t->collision_info;
    if (!admin_move) {
        if (obj->transient_state & ACP_CONTACT_TS) {
            /* Hex-Rays prints the water flag as an unnamed register & 8: transient_state &
             * WATER_CONTACT_TS, the byte check_contact left loaded. */
            bool is_water = (obj->transient_state & ACP_WATER_CONTACT_TS) != 0;
            c->last_known_contact_plane_valid = true;
            c->last_known_contact_plane = obj->contact_plane;
            c->last_known_contact_plane_is_water = is_water;
            if (check_contact(obj)) {
                /* CTransition::init_contact_plane (0x0050E850) */
                c->last_known_contact_plane_cell_id = obj->contact_plane_cell_id;
                acp_collisioninfo_set_contact_plane(c, &obj->contact_plane, is_water);
                c->contact_plane_cell_id = obj->contact_plane_cell_id;
                state |= ACP_CONTACT_OI;
                if (obj->transient_state & ACP_ON_WALKABLE_TS) state |= ACP_ON_WALKABLE_OI;
            } else {
                /* CTransition::init_last_known_contact_plane (0x0050E8E0) stores the cell id in
                 * contact_plane_cell_id, not the last known one, which keeps what the pool slot's
                 * previous sweep left (docs/DEVIATIONS.md T14). */
                c->contact_plane_cell_id = obj->contact_plane_cell_id;
            }
        }
        if (obj->transient_state & ACP_SLIDING_TS) acp_collisioninfo_set_sliding_normal(c, obj->sliding_normal);
    }
    const acp_partarray *pa = obj->part_array;
    if (pa && pa->setup && (pa->setup->flags & 0x4u)) state |= ACP_FREE_ROTATE_OI; /* AllowsFreeHeading */
    if (obj->state & ACP_MISSILE_PS) state |= ACP_PATH_CLIPPED_OI;
    return state;
}

void acp_transition_init_object_spheres(acp_transition *t, const acp_physobj *obj)
{
    uint32_t n = acp_physobj_num_spheres(obj);
    if (n == 0) {
        acp_spherepath_init_sphere(&t->sphere_path, 1, &DUMMY_SPHERE, 1.0f);
        return;
    }
    acp_spherepath_init_sphere(&t->sphere_path, n, obj->part_array->spheres, obj->scale);
}

/* frames_stationary_fall from the STATIONARY_* bits: STUCK 3, STOP 2, FALL 1. */
static void seed_stationary_fall(acp_collision_info *c, uint32_t transient_state)
{
    if (transient_state & ACP_STATIONARY_STUCK_TS) c->frames_stationary_fall = 3;
    else if (transient_state & ACP_STATIONARY_STOP_TS) c->frames_stationary_fall = 2;
    else if (transient_state & ACP_STATIONARY_FALL_TS) c->frames_stationary_fall = 1;
}

/* The fixture world (no terrain loaded): nothing to collide with, so the sweep ends where it was
 * asked to, in the object's cell, touching what the object touched (docs/DEVIATIONS.md). */
static bool fixture_sweep(acp_physobj *obj, const acp_position *old_pos, const acp_position *new_pos,
                          acp_transition *t)
{
    acp_collision_info *c = &t->collision_info;
    memset(t, 0, sizeof *t);
    t->object_info.object = obj;
    t->object_info.state = obj->transient_state & (ACP_CONTACT_TS | ACP_ON_WALKABLE_TS);
    t->object_info.scale = obj->scale;
    t->sphere_path.begin_pos = *old_pos;
    t->sphere_path.end_pos = *new_pos;
    t->sphere_path.curr_pos = *new_pos;
    t->sphere_path.has_curr_cell = true;
    t->sphere_path.curr_cell_id = new_pos->objcell_id;
    seed_stationary_fall(c, obj->transient_state);
    c->contact_plane_valid = (obj->transient_state & ACP_CONTACT_TS) != 0;
    c->contact_plane = obj->contact_plane;
    c->contact_plane_cell_id = obj->contact_plane_cell_id;
    c->contact_plane_is_water = obj->contact_plane_is_water;
    return true;
}

/* acp_transition_find_valid_position while the quantum inspector records a frame (inspect.h):
 * the inspected object's sweep runs the recording copy (transition_sweep.inc) and leaves
 * t->inspect NULL again; any other object's sweep runs as always. */
static bool find_valid_position_inspected(acp_transition *t, acp_inspect *in)
{
    if (in->object != t->object_info.object) return acp_transition_find_valid_position(t);
    t->inspect = in;
    acp_inspect_sweep_begin(t);
    bool ok = t->sphere_path.insert_type != ACP_TRANSITION_INSERT ? acp_transition_find_placement_position(t)
                                                                  : acp_transition_find_transitional_position_inspected(t);
    acp_inspect_sweep_end(t, ok);
    t->inspect = NULL;
    return ok;
}

/* CPhysicsObj::transition's set-up: OBJECTINFO, the spheres, init_path, the stationary-fall
 * count. Inlined into both of its callers below (the usual sweep's code stays as it was). */
static inline __attribute__((always_inline)) void begin_sweep(acp_world *w, acp_physobj *obj, const acp_position *old_pos,
                                                              const acp_position *new_pos, bool admin_move, acp_transition *t)
{
    uint32_t state = acp_physobj_get_object_info(obj, t, admin_move);
    acp_objectinfo_init(&t->object_info, obj, state);
    acp_transition_init_object_spheres(t, obj);
    const acp_landcell *cell = obj->has_cell ? acp_terrain_get_landcell(w->terrain, obj->position.objcell_id) : NULL;
    /* init_path; its global_curr_center is cached at the first step (no step: end_sweep). */
    if (old_pos && ACP_SHORTCUTS) acp_spherepath_init_path_deferred(&t->sphere_path, cell, old_pos, new_pos);
    else acp_spherepath_init_path(&t->sphere_path, cell, old_pos, new_pos);
    seed_stationary_fall(&t->collision_info, obj->transient_state);
    w->num_sweeps++;
}

/* The rest of CPhysicsObj::transition after find_valid_position returned ok. */
static inline __attribute__((always_inline)) acp_transition *end_sweep(acp_world *w, acp_transition *t, bool ok)
{
    if (t->sphere_path.curr_center_deferred) { /* the sweep stopped before its first step */
        t->sphere_path.curr_center_deferred = false;
        acp_spherepath_cache_global_curr_center(&t->sphere_path);
    }
    /* The last validate_transition's caches, never read after the sweep (S12): not made. The
     * next sweep of this slot makes its own before it reads any. */
    t->sphere_path.caches_deferred = false;
    acp_transition_cleanup(w);
    t->sphere_path.has_curr_cell = t->sphere_path.curr_cell != NULL;
    t->sphere_path.curr_cell_id = t->sphere_path.curr_cell ? t->sphere_path.curr_cell->id : 0;
    return ok ? t : NULL;
}

/* The sweep of a world whose quantum inspector is recording (w->inspect set, with terrain). */
static __attribute__((noinline)) acp_transition *inspected_transition(acp_world *w, acp_physobj *obj,
                                                                     const acp_position *old_pos,
                                                                     const acp_position *new_pos, bool admin_move,
                                                                     acp_transition *t)
{
    begin_sweep(w, obj, old_pos, new_pos, admin_move, t);
    return end_sweep(w, t, find_valid_position_inspected(t, w->inspect));
}

acp_transition *acp_physobj_transition(acp_physobj *obj, const acp_position *old_pos, const acp_position *new_pos,
                                       bool admin_move)
{
    acp_world *w = obj->world;
    acp_transition *t = acp_transition_make(w);
    if (!t) return NULL;
    if (__builtin_expect(w->sweep_detour, 0)) { /* not the usual sweep: the fixture world or the inspector */
        if (w->terrain) return inspected_transition(w, obj, old_pos, new_pos, admin_move, t);
        bool done = fixture_sweep(obj, old_pos, new_pos, t);
        acp_transition_cleanup(w);
        return done ? t : NULL;
    }
    begin_sweep(w, obj, old_pos, new_pos, admin_move, t);
    return end_sweep(w, t, acp_transition_find_valid_position(t));
}
