/* acphys — CPhysicsObj's object-against-object members. See physobj_collide.h. Read against
 * PORTAL/cphysobj/CPhysicsObj.c (FindObjCollisions, the shadow and collision-table members,
 * check_collision, ethereal_check_for_collisions, leave_world) and PORTAL/cphysics/
 * CTransition.c (check_collisions). */
#include "physobj_collide.h"

#include <stddef.h>

#include "base/shortcuts.h"
#include "childlist.h"
#include "partarray.h"
#include "physobj.h"
#include "physobj_cell.h"
#include "physics/anim/movement_manager.h"
#include "physics/cell/objcell.h"
#include "physics/cell/terrain.h"
#include "physics/shapes/cylsphere.h"
#include "physics/shapes/sphere.h"
#include "physics/world/physics.h"
#include "physics/world/transition.h"

/* ---- the host's reports ---- */

static acp_collision_report *reports_of(acp_physobj *obj)
{
    acp_collision_report *r = &obj->reports;
    uint64_t frame = obj->world->frame_serial;
    if (r->frame != frame) {
        r->frame = frame;
        r->num_begin = r->num_end = 0;
        r->dropped = 0;
        r->num_env = 0;
    }
    return r;
}

static void push_report(acp_physobj *obj, uint32_t other_id, bool end)
{
    acp_collision_report *r = reports_of(obj);
    uint32_t *n = end ? &r->num_end : &r->num_begin;
    if (*n >= ACP_MAX_COLLISION_REPORTS) {
        r->dropped++;
        return;
    }
    (end ? r->end : r->begin)[(*n)++] = other_id;
}

uint32_t acp_physobj_num_collisions(const acp_physobj *obj)
{
    return obj->reports.frame == obj->world->frame_serial ? obj->reports.num_begin : 0;
}

uint32_t acp_physobj_num_collision_ends(const acp_physobj *obj)
{
    return obj->reports.frame == obj->world->frame_serial ? obj->reports.num_end : 0;
}

uint32_t acp_physobj_num_env_collisions(const acp_physobj *obj)
{
    return obj->reports.frame == obj->world->frame_serial ? obj->reports.num_env : 0;
}

void acp_physobj_push_env_report(acp_physobj *obj)
{
    acp_collision_report *r = reports_of(obj);
    if (r->num_env == UINT32_MAX) return;
    r->num_env++;
}

/* ---- shadows ---- */

static const acp_landcell *own_cell(const acp_physobj *obj)
{
    const acp_terrain *t = obj->world->terrain;
    return t && obj->has_cell ? acp_terrain_get_landcell(t, obj->position.objcell_id) : NULL;
}

/* Retail CPhysicsObj::add_particle_shadow_to_cell (0x00514A70): one shadow, in its own cell. */
static void add_particle_shadow_to_cell(acp_physobj *obj)
{
    const acp_landcell *cell = own_cell(obj);
    if (!cell) return;
    obj->num_shadow_objects = 1;
    acp_shadowobj_set_physobj(&obj->shadow_objects[0], obj);
    obj->shadow_objects[0].cell_id = cell->id;
    acp_objcell_add_shadow_object(obj->world, cell, &obj->shadow_objects[0]);
}

static void add_own_shadows(acp_physobj *obj, const acp_cell_array *cells);

void acp_physobj_add_shadows_to_cells(acp_physobj *obj, const acp_cell_array *cells)
{
    add_own_shadows(obj, cells);
    const acp_childlist *cl = obj->children; /* the children take the parent's cells */
    for (uint16_t i = 0; cl && i < cl->num_objects; i++) acp_physobj_add_shadows_to_cells(cl->objects[i], cells);
}

static void add_own_shadows(acp_physobj *obj, const acp_cell_array *cells)
{
    acp_world *w = obj->world;
    if (!obj->part_array) return; /* no part array: no shadow (row O5) */
    if (!obj->shadow_objects) {
        obj->shadow_objects = acp_shadow_pool_take_object(&w->shadows);
        obj->cap_shadow_objects = ACP_MAX_SHADOW_CELLS;
    }
    if (!obj->shadow_objects) return;
    if (obj->state & ACP_PARTICLE_EMITTER_PS) {
        add_particle_shadow_to_cell(obj);
        return;
    }
    const uint32_t cap = obj->cap_shadow_objects;
    uint32_t n = cells->num_cells < cap ? cells->num_cells : cap;
    obj->cells_dropped += cells->dropped + (cells->num_cells - n);
    acp_shadow_obj *sh = obj->shadow_objects;
    obj->num_shadow_objects = n;
    for (uint32_t i = 0; i < n; i++) {
        acp_shadowobj_set_physobj(&sh[i], obj);
        sh[i].cell_id = cells->cells[i].cell_id;
    }
    for (uint32_t i = 0; i < n; i++) {
        const acp_landcell *cell = cells->cells[i].cell;
        if (cell) acp_objcell_add_shadow_object(w, cell, &sh[i]);
        else sh[i].cell = NULL;
    }
}

void acp_physobj_remove_shadows_from_cells(acp_physobj *obj)
{
    acp_shadow_obj *sh = obj->shadow_objects;
    for (uint32_t i = 0; i < obj->num_shadow_objects; i++)
        if (sh[i].cell) acp_objcell_remove_shadow_object(obj->world, sh[i].cell, &sh[i]);
    obj->num_shadow_objects = 0;
    const acp_childlist *cl = obj->children;
    for (uint16_t i = 0; cl && i < cl->num_objects; i++) acp_physobj_remove_shadows_from_cells(cl->objects[i]);
}

/* Whether the array lists obj's shadow cells as they are, in their order (n: its capped count). */
static bool same_shadow_cells(const acp_physobj *obj, const acp_cell_array *cells, uint32_t n)
{
    if (obj->num_shadow_objects != n) return false;
    const acp_shadow_obj *sh = obj->shadow_objects;
    for (uint32_t i = 0; i < n; i++)
        if (sh[i].cell_id != cells->cells[i].cell_id || sh[i].cell != cells->cells[i].cell) return false;
    return true;
}

void acp_physobj_replace_shadows(acp_physobj *obj, const acp_cell_array *cells)
{
    const uint32_t cap = obj->shadow_objects ? obj->cap_shadow_objects : ACP_MAX_SHADOW_CELLS;
    uint32_t n = cells->num_cells < cap ? cells->num_cells : cap;
    acp_shadow_obj *sh = obj->shadow_objects;
    /* docs/SHORTCUTS.md S8: without the shortcuts, retail's remove and add every time. */
    if (ACP_SHORTCUTS && sh && obj->part_array && !(obj->state & ACP_PARTICLE_EMITTER_PS) &&
        !(obj->children && obj->children->num_objects) && same_shadow_cells(obj, cells, n)) {
        /* The same cells: in each, removing the shadow and appending it again swaps it with
         * the list's last entry. */
        acp_shadow_pool *pool = &obj->world->shadows;
        const acp_vec3 o = obj->position.frame.origin; /* the move's copy (set_frame's share) */
        const uint32_t id = obj->position.objcell_id;
        obj->cells_dropped += cells->dropped; /* the same list: the same cells dropped again */
        const uint32_t up = acp_objcell_copy_form(&obj->position.frame); /* S26: the copies' form */
        bool whole = false;
        for (uint32_t i = 0; i < n; i++) {
            acp_shadow_obj *s = &sh[i];
            if (!s->cell || !s->list) continue;
            acp_shadow_block *b = acp_shadow_list_reappend(pool, s->list, s);
            if (b && !whole) whole = !acp_shadow_block_move_reach_as(b, s->index % ACP_SHADOW_BLOCK, o, id, up);
        }
        if (whole) acp_objcell_refresh_shadow_reach(obj); /* it turned upright or away from it */
        return;
    }
    acp_physobj_remove_shadows_from_cells(obj);
    acp_physobj_add_shadows_to_cells(obj, cells);
}

/* The transition of a zero-length sweep at obj's position: its spheres at check_pos = curr_pos
 * in its cell, with obj's object info. */
static void transition_in_place(acp_physobj *obj, acp_transition *t)
{
    acp_world *w = obj->world;
    acp_transition_init(t, w->terrain);
    acp_objectinfo_init(&t->object_info, obj, acp_physobj_get_object_info(obj, t, false));
    acp_transition_init_object_spheres(t, obj);
    acp_spherepath_init_path(&t->sphere_path, own_cell(obj), &obj->position, &obj->position);
    acp_sphere_path *sp = &t->sphere_path;
    sp->curr_cell = own_cell(obj);
    sp->check_pos = sp->curr_pos;
    sp->check_cell = sp->curr_cell;
    acp_spherepath_cache_global_sphere(sp, NULL);
    acp_spherepath_cache_global_curr_center(sp);
}

void acp_physobj_shadow_bsp_object(acp_physobj *obj)
{
    if (!obj->has_cell) return;
    acp_physobj_calc_cross_cells(obj); /* HAS_PHYSICS_BSP: find_bbox_cell_list (physobj_cell.c) */
}

void acp_physobj_shadow_in_place(acp_physobj *obj)
{
    acp_world *w = obj->world;
    if (obj->state & ACP_HAS_PHYSICS_BSP_PS) {
        acp_physobj_shadow_bsp_object(obj);
        return;
    }
    if (!w->terrain || !obj->has_cell) return;
    acp_transition *t = acp_transition_make(w); /* a slot of the world's pool (CTransition::makeTransition) */
    if (!t) return;
    transition_in_place(obj, t);
    acp_sphere_path *sp = &t->sphere_path;
    acp_objcell_find_cell_list(w->terrain, &sp->check_pos, sp->num_sphere, sp->global_sphere, &t->cell_array, NULL,
                               sp);
    acp_physobj_remove_shadows_from_cells(obj);
    acp_physobj_add_shadows_to_cells(obj, &t->cell_array);
    acp_transition_cleanup(w);
}

/* ---- FindObjCollisions ---- */

static acp_transition_state test_cylspheres(acp_physobj *obj, acp_transition *t)
{
    const acp_partarray *pa = obj->part_array;
    for (uint32_t i = 0; i < pa->num_cylspheres; i++) {
        acp_transition_state ts = acp_cylsphere_intersects_sphere_at(&pa->cylspheres[i], &obj->position, obj->scale, t);
        if (ts != ACP_TS_OK) return ts;
    }
    return ACP_TS_OK;
}

static acp_transition_state test_spheres(acp_physobj *obj, acp_transition *t, bool is_creature)
{
    const acp_partarray *pa = obj->part_array;
    for (uint32_t i = 0; i < pa->num_spheres; i++) {
        acp_transition_state ts =
            acp_sphere_intersects_sphere_at(&pa->spheres[i], &obj->position, obj->scale, t, is_creature);
        if (ts != ACP_TS_OK) return ts;
    }
    return ACP_TS_OK;
}

/* What a hit does to the sweep (retail's LABEL_57). */
static acp_transition_state record_hit(acp_physobj *obj, acp_transition *t, acp_transition_state ts, bool ethereal,
                                       bool is_creature)
{
    acp_collision_info *c = &t->collision_info;
    if (t->sphere_path.step_down) return ts;
    if (obj->state & ACP_STATIC_PS) {
        if (!(t->object_info.state & ACP_CONTACT_OI)) c->collided_with_environment = true;
        return ts;
    }
    if (ethereal || (is_creature && (t->object_info.state & ACP_IGNORE_CREATURES_OI))) {
        c->collision_normal_valid = false;
        acp_collisioninfo_add_object(c, obj, ACP_TS_OK);
        return ACP_TS_OK;
    }
    acp_collisioninfo_add_object(c, obj, ts);
    return ts;
}

int acp_physobj_find_obj_collisions(acp_physobj *obj, acp_transition *t)
{
    const uint32_t st = obj->state;
    acp_sphere_path *sp = &t->sphere_path;
    if ((st & ACP_ETHEREAL_PS) && (st & ACP_IGNORE_COLLISIONS_PS)) return ACP_TS_OK;
    /* (A viewer's sweep passes objects whose weenie says so: no weenie.) */
    bool ethereal = (st & ACP_ETHEREAL_PS) || (t->object_info.ethereal && !(st & ACP_STATIC_PS));
    if (ethereal && sp->step_down) return ACP_TS_OK;
    sp->obstruction_ethereal = ethereal;
    /* Retail skips the shapes for player/PK combinations its weenies decide: none here. A
     * creature is a MISSILE_PS object or a weenie that says so. */
    bool is_creature = (st & ACP_MISSILE_PS) != 0;
    const acp_partarray *pa = obj->part_array;
    bool ignore = acp_objectinfo_missile_ignore(&t->object_info, obj);
    acp_transition_state ts = ACP_TS_OK;
    if (!(st & ACP_HAS_PHYSICS_BSP_PS) || ignore) {
        if (pa && pa->num_cylspheres && !ignore) ts = test_cylspheres(obj, t);
        else if (pa && pa->num_spheres && !ignore) ts = test_spheres(obj, t, is_creature);
    } else if (pa) {
        ts = (acp_transition_state)acp_partarray_find_obj_collisions(obj->part_array, t);
    }
    if (ts != ACP_TS_OK) ts = record_hit(obj, t, ts, ethereal, is_creature);
    sp->obstruction_ethereal = false;
    return ts;
}

/* ---- the collision table ---- */

static uint32_t record_bucket(uint32_t id) { return (id ^ (id >> 8)) & 3u; }

/* Index of the record that comes first in the table's order among those not yet visited
 * (bucket ascending, newest first in a bucket); -1 when none. */
static int next_record(const acp_collision_table *tab, const bool *visited)
{
    int best = -1;
    for (uint32_t i = 0; i < tab->num; i++) {
        if (visited[i]) continue;
        if (best < 0) {
            best = (int)i;
            continue;
        }
        const acp_collision_record *a = &tab->records[i], *b = &tab->records[best];
        uint32_t ba = record_bucket(a->id), bb = record_bucket(b->id);
        if (ba < bb || (ba == bb && a->serial > b->serial)) best = (int)i;
    }
    return best;
}

/* The table's order, all of it (order[0..n), record indices): next_record again and again.
 * (Declared in the header for the tests.)
 * docs/SHORTCUTS.md S28: when the records' serials ascend (records are appended with the next
 * serial and removed without reordering the rest, so they always do unless a snapshot restored
 * other serials or the counter wrapped), bucket b's records in that order are its indices from
 * the last down, so four passes give the same order without next_record's n² visits. */
uint32_t acp_collision_table_order(const acp_collision_table *tab, uint8_t order[ACP_MAX_COLLISION_RECORDS])
{
    uint32_t n = 0;
#if ACP_SHORTCUTS
    const uint32_t num = tab->num < ACP_MAX_COLLISION_RECORDS ? tab->num : ACP_MAX_COLLISION_RECORDS;
    bool ascending = true;
    for (uint32_t i = 1; i < num; i++) ascending &= tab->records[i].serial > tab->records[i - 1].serial;
    if (ascending) {
        for (uint32_t b = 0; b < 4; b++)
            for (uint32_t i = num; i-- > 0;)
                if (record_bucket(tab->records[i].id) == b) order[n++] = (uint8_t)i;
        return n;
    }
#endif
    bool visited[ACP_MAX_COLLISION_RECORDS] = {false};
    for (int i = next_record(tab, visited); i >= 0; i = next_record(tab, visited)) {
        visited[i] = true;
        order[n++] = (uint8_t)i;
    }
    return n;
}

/* LongNIValHash::clobber: true when the key was present (its record replaced). */
static bool clobber(acp_collision_table *tab, uint32_t id, double touched_time, bool ethereal)
{
    for (uint32_t i = 0; i < tab->num; i++) {
        if (tab->records[i].id != id) continue;
        tab->records[i].touched_time = touched_time;
        tab->records[i].ethereal = ethereal;
        return true;
    }
    if (tab->num >= ACP_MAX_COLLISION_RECORDS) {
        tab->dropped++;
        return false;
    }
    acp_collision_record *r = &tab->records[tab->num++];
    r->id = id;
    r->serial = tab->next_serial++;
    r->touched_time = touched_time;
    r->ethereal = ethereal;
    return false;
}

bool acp_physobj_report_object_collision(acp_physobj *obj, acp_physobj *other, bool prev_contact)
{
    (void)prev_contact; /* the collision profiles a weenie receives carry it */
    if (other->state & ACP_REPORT_COLLISIONS_AS_ENVIRONMENT_PS) return acp_physobj_report_environment_collision(obj);
    bool told = false;
    bool missile = (obj->state & ACP_MISSILE_PS) != 0;
    if (!(other->state & ACP_IGNORE_COLLISIONS_PS)) {
        if (obj->state & ACP_REPORT_COLLISIONS_PS) {
            push_report(obj, other->id, false);
            told = true;
        }
        if (missile) obj->state &= ~(uint32_t)(ACP_MISSILE_PS | ACP_ALIGNPATH_PS | ACP_PATHCLIPPED_PS);
    }
    if ((other->state & ACP_REPORT_COLLISIONS_PS) && !(obj->state & ACP_IGNORE_COLLISIONS_PS)) {
        push_report(other, obj->id, false);
        told = true;
    }
    return told;
}

bool acp_physobj_track_object_collision(acp_physobj *obj, acp_physobj *other, bool prev_contact)
{
    if (other->state & ACP_STATIC_PS) return acp_physobj_report_environment_collision(obj);
    if (clobber(&obj->collision_table, other->id, obj->world->physics_time, (other->state & ACP_ETHEREAL_PS) != 0))
        return false;
    return acp_physobj_report_object_collision(obj, other, prev_contact);
}

bool acp_physobj_report_object_collision_end(acp_physobj *obj, uint32_t other_id)
{
    acp_physobj *other = acp_world_object(obj->world, other_id);
    if (!other) {
        if (obj->state & ACP_REPORT_COLLISIONS_PS) push_report(obj, other_id, true);
        return false;
    }
    if (!(other->state & ACP_REPORT_COLLISIONS_AS_ENVIRONMENT_PS)) {
        if (obj->state & ACP_REPORT_COLLISIONS_PS) push_report(obj, other_id, true);
        if (other->state & ACP_REPORT_COLLISIONS_PS) push_report(other, obj->id, true);
    }
    return true;
}

/* Whether CheckForCollisionEnd ends record r at physics time now: untouched for over a second,
 * or ethereal and not touched this instant. */
static inline bool record_ends(const acp_collision_record *r, double now)
{
    return now - r->touched_time > 1.0 || (r->ethereal && now - r->touched_time > 0.0);
}

void acp_physobj_report_collision_end(acp_physobj *obj, bool force_end)
{
    acp_collision_table *tab = &obj->collision_table;
    if (!tab->num) return;
    const double now = obj->world->physics_time;
    /* Not retail: when no record ends (most quanta of a crowd), the walk in the hash's order
     * below would end none and change nothing; the same test on each record decides that. */
    bool any = force_end || !ACP_SHORTCUTS; /* docs/SHORTCUTS.md S9 */
    for (uint32_t i = 0; i < tab->num && !any; i++)
        any = record_ends(&tab->records[i], now);
    if (!any) return;
    uint8_t order[ACP_MAX_COLLISION_RECORDS];
    const uint32_t n = acp_collision_table_order(tab, order);
    uint32_t ended[ACP_MAX_COLLISION_RECORDS];
    uint32_t num_ended = 0;
    for (uint32_t k = 0; k < n; k++) {
        const acp_collision_record *r = &tab->records[order[k]];
        if (record_ends(r, now) || force_end) ended[num_ended++] = r->id;
    }
    /* DeleteCurrent for each ended record (the others keep their order). */
    uint32_t kept = 0;
    for (uint32_t i = 0; i < tab->num; i++) {
        bool gone = false;
        for (uint32_t k = 0; k < num_ended && !gone; k++) gone = tab->records[i].id == ended[k];
        if (!gone) tab->records[kept++] = tab->records[i];
    }
    tab->num = kept;
    for (uint32_t k = 0; k < num_ended; k++) acp_physobj_report_object_collision_end(obj, ended[k]);
}

void acp_physobj_report_collision_start(acp_physobj *obj)
{
    acp_collision_table *tab = &obj->collision_table;
    const bool contact = (obj->transient_state & ACP_CONTACT_TS) != 0;
    uint8_t order[ACP_MAX_COLLISION_RECORDS];
    const uint32_t n = acp_collision_table_order(tab, order); /* reporting leaves obj's table as it is */
    for (uint32_t k = 0; k < n; k++) {
        acp_physobj *other = acp_world_object(obj->world, tab->records[order[k]].id);
        if (other) acp_physobj_report_object_collision(obj, other, contact);
    }
}

bool acp_physobj_track_collisions(acp_physobj *obj, const acp_collision_info *c, bool prev_contact)
{
    bool told = false;
    for (uint32_t i = 0; i < c->num_collide_object; i++) {
        acp_physobj *other = c->collide_object[i];
        if (other && acp_physobj_track_object_collision(obj, other, prev_contact)) told = true;
    }
    acp_physobj_report_collision_end(obj, false);
    return told;
}

/* ---- the ethereal test ---- */

/* Retail CTransition::check_collisions (0x0050AA00): a placement test of the sweep's spheres at
 * curr_pos against object. */
static bool transition_check_collisions(acp_transition *t, acp_physobj *object)
{
    acp_sphere_path *sp = &t->sphere_path;
    sp->insert_type = ACP_PLACEMENT_INSERT;
    sp->check_pos = sp->curr_pos;
    sp->check_cell = sp->curr_cell;
    sp->cell_array_valid = false;
    acp_spherepath_cache_global_sphere(sp, NULL);
    return acp_physobj_find_obj_collisions(object, t) != ACP_TS_OK;
}

bool acp_physobj_check_collision(acp_physobj *obj, acp_physobj *other)
{
    if (obj->state & ACP_STATIC_PS) return false;
    /* CTransition::makeTransition: the next slot of retail's pool (none free: no collision),
     * released by cleanupTransition before returning. */
    acp_transition *t = acp_transition_make(obj->world);
    if (!t) return false;
    transition_in_place(obj, t);
    bool hit = transition_check_collisions(t, other);
    acp_transition_cleanup(obj->world);
    return hit;
}

bool acp_physobj_ethereal_check_for_collisions(acp_physobj *obj)
{
    for (uint32_t i = 0; i < obj->num_shadow_objects; i++) {
        const acp_landcell *cell = obj->shadow_objects[i].cell;
        if (cell && acp_objcell_check_collisions(cell, obj)) return true;
    }
    return false;
}

/* ---- leaving the world ---- */

void acp_physobj_leave_world(acp_physobj *obj)
{
    acp_physobj_report_collision_end(obj, true);
    obj->transient_state &= ~(uint32_t)ACP_ACTIVE_TS;
    acp_physobj_remove_shadows_from_cells(obj);
    acp_physobj_leave_cell(obj, false);
    obj->has_cell = false;
    obj->position.objcell_id = 0;
    obj->transient_state &= ~(uint32_t)ACP_CONTACT_TS;
    acp_physobj_calc_acceleration(obj);
    bool was_walkable = (obj->transient_state & ACP_ON_WALKABLE_TS) != 0;
    obj->transient_state &= ~(uint32_t)(ACP_ON_WALKABLE_TS | ACP_WATER_CONTACT_TS);
    if (was_walkable && obj->movement_manager) acp_movement_manager_leave_ground(obj->movement_manager);
    acp_physobj_calc_acceleration(obj);
    obj->transient_state &= 0xFFFFFE0Bu; /* SLIDING, the STATIONARY bits, ACTIVE, CHECK_ETHEREAL */
}
