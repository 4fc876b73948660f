/* acphys — retail CPhysics (the world) and the object table of CObjectMaint. See physics.h. */
#include "physics.h"

#include "physics/anim/root_motion_memo.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "physics/object/object_fx.h"
#include "physics/object/scripts.h"
#include "physics/anim/movement_manager.h"
#include "physics/object/partarray.h"
#include "physics/object/childlist.h"
#include "physics/object/physobj_children.h"
#include "physics/object/physobj_cell.h"
#include "physics/object/physobj_collide.h"
#include "physics/object/physobj_motion.h"
#include "dat/dat.h"
#include "physics/object/target_manager.h"
#include "physics/object/physobj_target.h"
#include "physics/object/physobj_collide.h"
#include "physics/position/position_manager.h"
#include "physics/cell/objcell.h"
#include "physics/cell/terrain.h"
#include "physics/shapes/gfxobj.h"

/* Retail MIN_QUANTUM_93/97 = 1.0/30.0 and MAX_QUANTUM_97 = 1.0/5.0 (doubles); EPSILON 0.0002f.
 * acdream-r6 reads the float constants 0x3D088889, 0x3E4CCCCD, 0x40000000. ACE: doubles 1/30,
 * 0.1, 2.0. */
static const char *const PROFILE_NAMES[] = {"retail", "acdream-r6", "ace", "render-frame"};

const char *acp_clock_profile_name(acp_clock_profile profile)
{
    return (unsigned)profile < 4u ? PROFILE_NAMES[profile] : NULL;
}

bool acp_clock_profile_from_name(const char *name, acp_clock_profile *out)
{
    for (int i = 0; i < 4; i++) {
        if (strcmp(name, PROFILE_NAMES[i]) == 0) {
            *out = (acp_clock_profile)i;
            return true;
        }
    }
    return false;
}

acp_world *acp_world_create(acp_clock_profile profile, uint32_t capacity)
{
    acp_world *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    w->profile = profile;
    w->obj_maint_active = true;
    w->rng = 0x2545F491u;
    w->sweep_detour = true; /* no terrain yet */
    for (int i = 0; i < ACP_TRANSITION_POOL; i++) acp_transition_construct(&w->transit[i], NULL);
    acp_slab_init(&w->slabs.objects, sizeof(acp_physobj));
    acp_slab_init(&w->slabs.part_arrays, sizeof(acp_partarray));
    acp_slab_init(&w->slabs.mtable_managers, sizeof(acp_mtable_manager));
    w->cap_objects = w->cap_static = capacity ? capacity : 1;
    w->objects = calloc(w->cap_objects, sizeof *w->objects);
    w->insert_serial = calloc(w->cap_objects, sizeof *w->insert_serial);
    w->static_objects = calloc(w->cap_static, sizeof *w->static_objects);
    /* The id index: a power of two at least twice the objects the world can hold (the table's
     * and as many static animating ones), so a probe always ends at an empty slot. */
    uint64_t slots = 4;
    while (slots < 2 * ((uint64_t)w->cap_objects + w->cap_static)) slots *= 2;
    if (slots > 0x80000000u) slots = 0; /* more than the 32-bit mask reaches: calloc fails below */
    w->index_mask = (uint32_t)(slots - 1);
    w->index = slots ? calloc((size_t)slots, sizeof *w->index) : NULL;
    w->root_memo = calloc(1, sizeof *w->root_memo);
    if (!w->objects || !w->insert_serial || !w->static_objects || !w->index || !w->root_memo) {
        acp_world_destroy(w);
        return NULL;
    }
    return w;
}

static void destroy_object(acp_world *w, acp_physobj *obj)
{
    if (!obj) return;
    acp_partarray_destroy(obj->part_array);
    acp_movement_manager_destroy(obj->movement_manager);
    acp_position_manager_destroy(obj->position_manager);
    acp_target_manager_destroy(obj->target_manager);
    if (obj->children && obj->children->heap) free(obj->children);
    acp_shadow_pool_give_back(&w->shadows, obj->shadow_objects); /* for the next object: hand-offs never run out */
    acp_slab_free(&w->slabs.objects, obj);
}

void acp_world_destroy(acp_world *w)
{
    if (!w) return;
    for (uint32_t i = 0; i < w->num_objects; i++) destroy_object(w, w->objects[i]);
    /* The landblock statics first (out of the static animating workset too). */
    for (uint32_t i = 0; i < w->num_block_statics; i++) acp_world_release_static_object(w, w->block_statics[i]);
    for (uint32_t i = 0; i < w->num_static; i++) destroy_object(w, w->static_objects[i]);
    acp_slab_release(&w->slabs.objects);
    acp_slab_release(&w->slabs.part_arrays);
    acp_slab_release(&w->slabs.mtable_managers);
    acp_world_free_fx(w);
    free(w->objects);
    free(w->insert_serial);
    free(w->static_objects);
    free(w->block_statics);
    free(w->simple_setups);
    free(w->index);
    free(w->root_memo);
    acp_shadow_pool_free(&w->shadows);
    free(w->shadow_cells);
    acp_world_free_gfxobjs(w);
    free(w);
}

static uint32_t bucket_of(uint32_t id) { return (id ^ (id >> 8)) & (ACP_OBJECT_BUCKETS - 1); }

/* Retail order: bucket ascending; within a bucket the newest object first. */
static bool goes_before(uint32_t id_a, uint32_t serial_a, uint32_t id_b, uint32_t serial_b)
{
    uint32_t ba = bucket_of(id_a), bb = bucket_of(id_b);
    if (ba != bb) return ba < bb;
    return serial_a > serial_b;
}

/* The id index's slot for id: the object's slot, or the empty slot where it would go. */
static uint32_t index_slot(const acp_world *w, uint32_t id)
{
    uint32_t i = (id * 0x9E3779B1u) & w->index_mask;
    while (w->index[i] && w->index[i]->id != id) i = (i + 1) & w->index_mask;
    return i;
}

acp_physobj *acp_world_object(const acp_world *w, uint32_t id) { return w->index[index_slot(w, id)]; }

/* Where an object of bucket-order key (id, serial) goes: the first slot it goes before. A new
 * object has the largest serial, so that is the first slot of a bucket not below its own
 * (binary search: the table is ordered by bucket). */
static uint32_t insertion_point(const acp_world *w, uint32_t id, uint32_t serial)
{
    uint32_t lo = 0, hi = w->num_objects;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (goes_before(id, serial, w->objects[mid]->id, w->insert_serial[mid])) hi = mid;
        else lo = mid + 1;
    }
    return lo;
}

acp_physobj *acp_world_add_object(acp_world *w, uint32_t id)
{
    if (w->num_objects >= w->cap_objects) return NULL;
    uint32_t slot = index_slot(w, id);
    if (w->index[slot]) return NULL;
    /* From the world's slab: the objects made in turn lie side by side, each starting a cache
     * line, apart from their cold storage (BENCHMARKS.md, optimization 10). */
    acp_physobj *obj = acp_slab_alloc(&w->slabs.objects);
    if (!obj) return NULL;
    acp_physobj_init(obj, w, id);
    w->index[slot] = obj;
    uint32_t serial = ++w->next_serial;
    uint32_t at = insertion_point(w, id, serial);
    memmove(&w->objects[at + 1], &w->objects[at], (w->num_objects - at) * sizeof *w->objects);
    memmove(&w->insert_serial[at + 1], &w->insert_serial[at], (w->num_objects - at) * sizeof *w->insert_serial);
    w->objects[at] = obj;
    w->insert_serial[at] = serial;
    w->num_objects++;
    return obj;
}

bool acp_world_reserve_objects(acp_world *w, uint32_t capacity)
{
    if (capacity <= w->cap_objects) return true;
    /* The shadow pool, once the terrain made it for cap_objects + cap_static objects (and the
     * statics), grows by as many: an object added to a running world gets the shadow slots and
     * blocks it would have had in a world made for it from the start (without them it cast no
     * shadow, so nothing collided with it and a replay of the run parted from it). */
    if (w->shadows.blocks && !acp_shadow_pool_reserve_objects(&w->shadows, 2u * (capacity - w->cap_objects))) return false;
    acp_physobj **objects = realloc(w->objects, (size_t)capacity * sizeof *objects);
    if (!objects) return false;
    w->objects = objects;
    uint32_t *serial = realloc(w->insert_serial, (size_t)capacity * sizeof *serial);
    if (!serial) return false;
    w->insert_serial = serial;
    acp_physobj **statics = realloc(w->static_objects, (size_t)capacity * sizeof *statics);
    if (!statics) return false;
    w->static_objects = statics;
    uint64_t slots = (uint64_t)w->index_mask + 1u;
    if (slots < 2 * ((uint64_t)capacity + capacity)) {
        while (slots < 2 * ((uint64_t)capacity + capacity)) slots *= 2;
        if (slots > 0x80000000u) return false;
        acp_physobj **index = calloc((size_t)slots, sizeof *index);
        if (!index) return false;
        acp_physobj **old = w->index;
        uint32_t old_slots = w->index_mask + 1u;
        w->index = index;
        w->index_mask = (uint32_t)(slots - 1);
        for (uint32_t i = 0; i < old_slots; i++)
            if (old[i]) w->index[index_slot(w, old[i]->id)] = old[i];
        free(old);
    }
    w->cap_objects = w->cap_static = capacity;
    return true;
}

void acp_world_set_player(acp_world *w, acp_physobj *obj) { w->player = obj; }

/* Take the index's entry at slot i out, shifting later entries of its probe run back so every
 * probe still ends at its object (linear probing's deletion). */
static void index_delete(acp_world *w, uint32_t i)
{
    uint32_t j = i;
    for (;;) {
        w->index[i] = NULL;
        for (;;) {
            j = (j + 1) & w->index_mask;
            if (!w->index[j]) return;
            uint32_t home = (w->index[j]->id * 0x9E3779B1u) & w->index_mask;
            /* entry j may move to i when its home is not cyclically within (i, j] */
            bool stays = i <= j ? (i < home && home <= j) : (i < home || home <= j);
            if (!stays) break;
        }
        w->index[i] = w->index[j];
        i = j;
    }
}

/* Take obj out of the object table: the later ones move up, with their insertion serials. */
static void remove_from_table(acp_world *w, const acp_physobj *obj)
{
    for (uint32_t i = 0; i < w->num_objects; i++) {
        if (w->objects[i] != obj) continue;
        memmove(&w->objects[i], &w->objects[i + 1], (w->num_objects - i - 1) * sizeof *w->objects);
        memmove(&w->insert_serial[i], &w->insert_serial[i + 1], (w->num_objects - i - 1) * sizeof *w->insert_serial);
        w->num_objects--;
        break;
    }
}

/* remove_from_table, and out of the player slot. */
static void take_out_of_table(acp_world *w, const acp_physobj *obj)
{
    if (w->player == obj) w->player = NULL;
    remove_from_table(w, obj);
}

/* The object's entry in CPhysics's static animating objects, or num_static when it is not there. */
static uint32_t static_index(const acp_world *w, const acp_physobj *obj)
{
    uint32_t i = 0;
    while (i < w->num_static && w->static_objects[i] != obj) i++;
    return i;
}

/* CPhysics::RemoveStaticAnimatingObject (0x00509760): out of the static animating objects, the
 * last entry taking the object's slot (also the first step of acp_world_add_static_animating). */
static void static_swap_out(acp_world *w, const acp_physobj *obj)
{
    uint32_t at = static_index(w, obj);
    if (at < w->num_static) w->static_objects[at] = w->static_objects[--w->num_static];
}

bool acp_world_remove_object(acp_world *w, uint32_t id)
{
    uint32_t slot = index_slot(w, id);
    acp_physobj *obj = w->index[slot];
    if (!obj) return false;
    acp_physobj_exit_world(obj);
    acp_physobj_leave_world(obj);
    /* Not the whole of CPhysicsObj::Destroy: it lets go of its holder and its children (each
     * as unset_parent does; retail's children are destroyed with it by the object maintainer). */
    acp_physobj_unset_parent(obj);
    while (obj->children && obj->children->num_objects) acp_physobj_unset_parent(obj->children->objects[0]);
    /* Its scripts and emitters (CPhysicsObj::Destroy 0x00513AD0 deletes the ParticleManager and
     * ScriptManager): the emitters' particle objects and slots and the fx block go back to the
     * world's pool, for the next object (hand-offs never run it out). */
    acp_physobj_release_fx(obj);
    take_out_of_table(w, obj);
    static_swap_out(w, obj);
    index_delete(w, slot);
    destroy_object(w, obj);
    return true;
}

bool acp_world_discard_object(acp_world *w, uint32_t id, uint32_t serial)
{
    uint32_t slot = index_slot(w, id);
    acp_physobj *obj = w->index[slot];
    if (!obj) return false;
    take_out_of_table(w, obj);
    index_delete(w, slot);
    /* Out of the static animating objects, where the reader's InitDefaults may have put it (a
     * STATIC object whose Setup has a default animation or script), the others' order kept. */
    uint32_t at = static_index(w, obj);
    if (at < w->num_static) {
        memmove(&w->static_objects[at], &w->static_objects[at + 1], (size_t)(w->num_static - at - 1u) * sizeof *w->static_objects);
        w->num_static--;
    }
    /* Only storage the reader made (its children list, if any, names no object yet). */
    if (obj->children) obj->children->num_objects = 0;
    obj->parent = NULL;
    if (obj->fx) acp_fx_pool_give(w->fx_pool, obj->fx); /* the block it took, as if never taken (its slots: the caller's) */
    obj->fx = NULL;
    destroy_object(w, obj);
    w->next_serial = serial;
    return true;
}

/* CSetup::makeSimpleSetup (0x00520090) into the next simple Setup; NULL when the GfxObj is not
 * among the records (CPhysicsPart::makePhysicsPart would fail, and CreateMesh with it) or none
 * is left. */
static const acp_setup *simple_setup(acp_world *w, uint32_t gfxobj_id)
{
    const acp_gfxobj *rec = acp_datset_gfxobj(w->dats, gfxobj_id);
    if (!rec || w->num_simple_setups >= w->cap_simple_setups) return NULL;
    acp_simple_setup *s = &w->simple_setups[w->num_simple_setups++];
    memset(s, 0, sizeof *s);
    s->part = gfxobj_id;
    s->part_frame = (acp_aframe){{0.0f, 0.0f, 0.0f}, 1.0f, 0.0f, 0.0f, 0.0f};
    s->placement.key = 0;
    s->placement.frame.parts = &s->part_frame;
    s->setup.id = 0;
    s->setup.flags = 0x4; /* allow_free_heading 1 */
    s->setup.num_parts = 1;
    s->setup.parts = &s->part;
    s->setup.num_placements = 1;
    s->setup.placements = &s->placement;
    /* The GfxObj's physics sphere, else its drawing sphere (each its BSP root's). */
    const acp_gfxobj_physics *g = acp_world_gfxobj_physics(w, gfxobj_id);
    if (g && g->has_physics_bsp) s->setup.sorting_sphere = g->physics_sphere;
    else if (rec->drawing_bsp) s->setup.sorting_sphere = rec->drawing_bsp->sphere;
    return &s->setup;
}

acp_physobj *acp_world_make_static_object(acp_world *w, uint32_t data_did)
{
    /* InitPartArrayObject: DivineType 7 (a Setup) → CPartArray::CreateSetup; 6 (a GfxObj) →
     * CreateMesh; anything else is no object here. */
    if (!w->dats) return NULL;
    const acp_setup *setup = NULL;
    if ((data_did >> 24) == 0x02u) setup = acp_datset_setup(w->dats, data_did);
    else if ((data_did >> 24) == 0x01u) setup = simple_setup(w, data_did);
    if (!setup) return NULL;
    acp_physobj *obj = acp_slab_alloc(&w->slabs.objects);
    if (!obj) return NULL;
    acp_physobj_init(obj, w, 0);
    /* InitObjectBegin(object_iid 0, bDynamic 0): STATIC, transient bit 0x80 cleared,
     * update_time = Timer::cur_time. */
    obj->state |= ACP_STATIC_PS;
    obj->transient_state &= ~0x80u;
    obj->update_time = w->now;
    acp_record_source src = acp_datset_source(w->dats);
    if (!acp_physobj_set_setup(obj, setup, &src)) {
        destroy_object(w, obj);
        return NULL;
    }
    return obj;
}

void acp_world_release_static_object(acp_world *w, acp_physobj *obj)
{
    static_swap_out(w, obj);
    destroy_object(w, obj);
}

/* CPhysics::AddStaticAnimatingObject (0x00509AF0), after the object leaves the object table:
 * an object already in the workset is first removed (the last entry takes its slot), then
 * appended. */
void acp_world_add_static_animating(acp_world *w, acp_physobj *obj)
{
    remove_from_table(w, obj);
    static_swap_out(w, obj);
    if (w->num_static < w->cap_static) w->static_objects[w->num_static++] = obj;
}

void acp_world_place_object(acp_world *w, acp_physobj *obj, const acp_position *pos,
                            uint32_t transient_state, double now)
{
    w->now = now;
    obj->position.objcell_id = pos->objcell_id;
    acp_objcell_refresh_shadow_reach(obj);
    obj->has_cell = !w->terrain || acp_terrain_get_landcell(w->terrain, pos->objcell_id) != NULL;
    obj->transient_state = transient_state;
    /* A fixture object placed in contact stands on the horizontal plane through its origin
     * (docs/DEVIATIONS.md M18), so the fixture sweep keeps it walkable. */
    if (!w->terrain && (transient_state & ACP_CONTACT_TS)) {
        obj->contact_plane.n = (acp_vec3){0.0f, 0.0f, 1.0f};
        obj->contact_plane.d = -pos->frame.origin.z;
        obj->contact_plane_cell_id = pos->objcell_id;
    }
    acp_physobj_set_frame(obj, &pos->frame);
    acp_world_fit_shadow_cells(w, obj); /* DEVIATIONS T3: its shadow list's room, at load */
    acp_physobj_calc_acceleration(obj);
    acp_physobj_prepare_to_enter_world(obj);
    const acp_landcell *cell = w->terrain ? acp_terrain_get_landcell(w->terrain, pos->objcell_id) : NULL;
    if (cell) acp_physobj_change_cell(obj, cell); /* its cell's object list (enter_cell) */
    /* ---- objects against objects (issue 14): its shadows, as a zero-length sweep would list
     * its cells (not retail: retail objects enter through SetPosition). ---- */
    acp_physobj_shadow_in_place(obj);
}

void acp_world_fit_shadow_cells(acp_world *w, acp_physobj *obj)
{
    if (!w || !obj || !w->terrain || (obj->state & ACP_PARTICLE_EMITTER_PS)) return;
    uint32_t need = acp_physobj_shadow_cells_bound(obj);
    if (w->shadow_cells_limit && need > w->shadow_cells_limit) need = w->shadow_cells_limit;
    if (need <= ACP_MAX_SHADOW_CELLS || need > ACP_MAX_FIT_SHADOW_CELLS) return;
    if (need > w->cap_shadow_cells) {
        acp_cell_info *cells = realloc(w->shadow_cells, (size_t)need * sizeof *cells);
        if (!cells) return;
        w->shadow_cells = cells;
        w->cap_shadow_cells = need;
    }
    if (obj->shadow_objects && obj->cap_shadow_objects >= need) return;
    acp_shadow_obj *slots = acp_shadow_pool_take_wide(&w->shadows, need);
    if (!slots) return;
    acp_physobj_remove_shadows_from_cells(obj); /* the caller shadows it again */
    acp_shadow_pool_give_back(&w->shadows, obj->shadow_objects);
    obj->shadow_objects = slots;
    obj->cap_shadow_objects = need;
}

double acp_world_random(acp_world *w)
{
    uint32_t x = w->rng;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    w->rng = x;
    return x / 4294967296.0;
}

/* Mark every record "did not run this frame", with no hooks (the table's objects only with
 * `table`: when the gate passes, update_object rewrites every one of those records anyway). The
 * render-frame profile's managers may record script hooks in a record that did not run. */
static void clear_record(acp_update_record *r)
{
    r->ran = false;
    r->num_hooks = 0;
}

static void clear_records(acp_world *w, bool table)
{
    if (table)
        for (uint32_t i = 0; i < w->num_objects; i++) clear_record(&w->objects[i]->record);
    for (uint32_t i = 0; i < w->num_static; i++) clear_record(&w->static_objects[i]->record);
}

/* The world gate of the profile: retail runs nothing until 1/30 s has passed since last_update
 * and rebases last_update when the clock goes backwards (render-frame: the same); acdream-r6 and
 * ACE have no gate. */
static bool world_gate(acp_world *w, double now)
{
    if (w->profile != ACP_PROFILE_RETAIL && w->profile != ACP_PROFILE_RENDER_FRAME) {
        w->last_update = now;
        return true;
    }
    double quantum = now - w->last_update;
    if (!(quantum >= 0.0)) {
        w->last_update = now;
        return false;
    }
    if (!(quantum >= 1.0 / 30.0)) return false;
    return true;
}

/* The render-frame profile: every object's particles, then its scripts, once per UseTime call
 * (gate open or not) on the frame's clock: seed 001's cadence, not retail's (TS-51). */
static void fx_per_render_frame(acp_world *w, double now)
{
    w->physics_time = now;
    if (!acp_fx_pool_gave_out(w->fx_pool)) return; /* no object has fx */
    for (int pass = 0; pass < 2; pass++) {
        uint32_t n = pass ? w->num_static : w->num_objects;
        acp_physobj **list = pass ? w->static_objects : w->objects;
        for (uint32_t i = 0; i < n; i++) {
            if (!list[i]->fx) continue;
            acp_physobj_update_particles(list[i]);
            acp_physobj_update_scripts(list[i]);
        }
    }
}

const char *acp_peer_rule_name(uint32_t i)
{
    static const char *const NAMES[ACP_PEER_RULE_COUNT] = {"ace-max-quantum", "ace-sled-friction",
                                                                  "ace-water-depth", "ace-moveto-defaults",
                                                                  "gdle-water-depth"};
    return i < ACP_PEER_RULE_COUNT ? NAMES[i] : NULL;
}

void acp_world_begin_frame(acp_world *w)
{
    if (w->frame_open) return;
    w->frame_serial++;
    w->frame_open = true;
}

void acp_world_use_time(acp_world *w, double now)
{
    bool run = isfinite(now);
    if (!w->frame_open) w->frame_serial++; /* the collision reports of the objects belong to this frame */
    w->frame_open = false;
    if (run) {
        w->now = now;
        run = world_gate(w, now);
    }
    clear_records(w, !run); /* when the objects run, each update_object marks its own record */
    w->gate_passed = run;
    if (run) {
        for (uint32_t i = 0; i < w->num_objects; i++) acp_physobj_update_object(w->objects[i]);
        w->last_update = now;
        for (uint32_t i = 0; i < w->num_static; i++) acp_physobj_animate_static_object(w->static_objects[i]);
    }
    if (w->profile == ACP_PROFILE_RENDER_FRAME && isfinite(now)) fx_per_render_frame(w, now);
}
