/* acphys — world snapshots (snapshot.h). Not retail: an acphys facility.
 *
 * One transfer function per structure serves both directions (io->writing): each field is named
 * once, in the order it is written. Reading checks every count, index, boolean and record id. */
#include "snapshot.h"
#include "snapshot_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dat/dat.h"
#include "physics/anim/movement_manager.h"
#include "physics/cell/objcell.h"
#include "physics/cell/terrain.h"
#include "physics/object/childlist.h"
#include "physics/object/object_fx.h"
#include "physics/object/partarray.h"
#include "physics/object/particles.h"
#include "physics/object/physobj_cell.h"
#include "physics/object/physobj_collide.h"
#include "physics/object/physobj_motion.h"
#include "physics/object/physobj.h"
#include "physics/object/scripts.h"
#include "physics/object/shadowobj.h"
#include "physics/object/target_manager.h"
#include "physics/position/position_manager.h"
#include "physics.h"

static const uint8_t MAGIC[8] = {'A', 'C', 'P', 'S', 'N', 'A', 'P', 0};
static const uint8_t OBJECT_MAGIC[8] = {'A', 'C', 'P', 'O', 'B', 'J', 0, 0};

/* The fx blocks a world can use at once: one per object it can hold (table, static-only and
 * landblock statics), and never fewer than the default pool's. */
static uint32_t fx_block_bound(const acp_world *w)
{
    uint64_t n = (uint64_t)w->cap_objects + w->num_block_statics;
    return n < ACP_DEFAULT_FX_BLOCKS ? ACP_DEFAULT_FX_BLOCKS : n > (1u << 24) ? (1u << 24) : (uint32_t)n;
}

/* The largest max_particles of the world's ParticleEmitterInfo records (0 without records; the
 * DAT loader's ACP_MAX_PARTICLES when records are read on demand from DAT sources). */
static uint32_t records_max_particles(const acp_world *w)
{
    if (w->dats && acp_datset_num_sources(w->dats)) return ACP_MAX_PARTICLES;
    uint32_t most = 0;
    for (size_t i = 0; w->dats; i++) {
        const acp_dat_record *r = acp_datset_record_at(w->dats, i);
        if (!r) break;
        if (r->type != ACP_DAT_TYPE_PARTICLE_EMITTER_INFO) continue;
        const acp_particle_emitter_info *e = r->as.particle_emitter_info;
        if (e && e->max_particles > 0 && (uint32_t)e->max_particles > most) most = (uint32_t)e->max_particles;
    }
    return most;
}

static void xfer_fx_pool(snap_ctx *c)
{
    acp_snap_io *io = c->io;
    acp_world *w = c->w;
    bool has_pool = w->fx_pool != NULL;
    uint32_t cap_fx = has_pool ? w->fx_pool->cap_fx : 0, cap_particles = has_pool ? w->fx_pool->cap_particles : 0;
    acp_snap_bool(io, &has_pool, "fx_pool");
    if (!io->writing && !io->failed && !has_pool && c->num_pobjs) { /* particle objects come from the pool */
        io->pos = c->pobjs_at;
        acp_snap_fail(io, "world.num_particle_objects", "%u particle objects in use, but the world has no fx pool",
                      (unsigned)c->num_pobjs);
        return;
    }
    /* The caps bound what is allocated: no more blocks than the world has objects (each holds one
     * at most; the default pool's 64 always), no more particle slots than those blocks' emitters
     * can hold at the records' largest ParticleEmitterInfo (the default 4096 always). */
    acp_snap_count(io, &cap_fx, fx_block_bound(w), "fx_pool.cap_fx");
    acp_snap_u32(io, &cap_particles, "fx_pool.cap_particles");
    if (!io->writing && !io->failed && cap_particles > ACP_DEFAULT_PARTICLES) {
        uint64_t most = (uint64_t)cap_fx * ACP_MAX_EMITTERS_PER_OBJECT * records_max_particles(w);
        if (most < ACP_DEFAULT_PARTICLES) most = ACP_DEFAULT_PARTICLES;
        if (cap_particles > most) {
            io->pos -= 4;
            acp_snap_fail(io, "fx_pool.cap_particles", "%u is more than the %llu slots %u fx blocks' emitters can use",
                          (unsigned)cap_particles, (unsigned long long)most, (unsigned)cap_fx);
        }
    }
    if (!has_pool || io->failed) return;
    if (!io->writing && !acp_world_reserve_fx(w, cap_fx, cap_particles)) {
        acp_snap_fail(io, "fx_pool.cap_particles", "out of memory for %u fx blocks and %u particles", (unsigned)cap_fx,
                      (unsigned)cap_particles);
        return;
    }
    acp_fx_pool *p = w->fx_pool;
    if (!io->writing && (p->cap_fx != cap_fx || p->cap_particles != cap_particles)) {
        acp_snap_fail(io, "fx_pool.cap_fx", "the world's pool is %u blocks and %u particles already", (unsigned)p->cap_fx,
                      (unsigned)p->cap_particles);
        return;
    }
    acp_snap_count(io, &p->num_fx, p->cap_fx, "fx_pool.num_fx");
    /* the blocks given back (removed or exported objects'): the free stack as it stands, bottom
     * first (its order decides which block the next object takes) */
    c->fx_free_at = io->writing ? io->len : io->pos;
    acp_snap_count(io, &p->num_free_fx, p->num_fx, "fx_pool.num_free_fx");
    if (!io->writing && !io->failed && !(c->fx_use = calloc((size_t)p->num_fx + 1u, 1))) {
        acp_snap_fail(io, "fx_pool.num_free_fx", "out of memory");
        return;
    }
    for (uint32_t k = 0; k < p->num_free_fx && !io->failed; k++) {
        snap_index(io, &p->free_fx[k], p->num_fx, false, "fx_pool.free_fx");
        if (io->writing || io->failed) continue;
        if (c->fx_use[p->free_fx[k]]) {
            io->pos -= 4;
            acp_snap_fail(io, "fx_pool.free_fx", "block %u is there twice", (unsigned)p->free_fx[k]);
        }
        c->fx_use[p->free_fx[k]] = 1;
    }
    if (io->failed) return;
    acp_snap_u32(io, &p->hint, "fx_pool.hint");
    acp_snap_u64(io, &p->overflow_fx, "fx_pool.overflow_fx");
    acp_snap_u64(io, &p->overflow_particles, "fx_pool.overflow_particles");
    acp_snap_u64(io, &p->overflow_emitters, "fx_pool.overflow_emitters");
    acp_snap_u64(io, &p->particle_updates, "fx_pool.particle_updates");
    /* the particle objects: the free stack as it stands (its order decides which one is taken next) */
    uint32_t cap_pobjs = p->cap_pobjs;
    acp_snap_u32(io, &cap_pobjs, "fx_pool.cap_particle_objects");
    if (!io->writing && !io->failed && cap_pobjs != p->cap_pobjs) {
        acp_snap_fail(io, "fx_pool.cap_particle_objects", "%u, but the world's pool holds %u", (unsigned)cap_pobjs, (unsigned)p->cap_pobjs);
        return;
    }
    acp_snap_u64(io, &p->overflow_pobjs, "fx_pool.overflow_particle_objects");
    acp_snap_count(io, &p->num_free_pobjs, p->cap_pobjs, "fx_pool.num_free_particle_objects");
    if (!io->writing && !io->failed && p->num_free_pobjs + c->num_pobjs != p->cap_pobjs) {
        acp_snap_fail(io, "fx_pool.num_free_particle_objects", "%u free and %u in use are not the pool's %u", (unsigned)p->num_free_pobjs,
                      (unsigned)c->num_pobjs, (unsigned)p->cap_pobjs);
        return;
    }
    uint8_t *is_free = p->cap_pobjs ? calloc(p->cap_pobjs, 1) : NULL;
    for (uint32_t k = 0; k < p->num_free_pobjs && !io->failed; k++) {
        snap_index(io, &p->free_pobjs[k], p->cap_pobjs, false, "fx_pool.free_particle_objects");
        if (!io->failed && is_free) {
            if (is_free[p->free_pobjs[k]]) acp_snap_fail(io, "fx_pool.free_particle_objects", "%u is there twice", (unsigned)p->free_pobjs[k]);
            is_free[p->free_pobjs[k]] = 1;
        }
    }
    if (!io->writing && !io->failed) { /* the ones in use, by slot: as acp_fx_pool_take_pobj made them */
        uint32_t k = 0;
        for (uint32_t i = 0; i < p->cap_pobjs; i++) {
            if (is_free[i]) continue;
            acp_physobj *o = &p->pobjs[i];
            acp_physobj_init(o, w, 0);
            o->part_array = p->pobj_parts;
            o->shadow_objects = &p->pobj_shadows[i];
            o->cap_shadow_objects = 1;
            memset(o->shadow_objects, 0, sizeof *o->shadow_objects);
            c->all[c->pobj_base + k++] = o;
        }
    }
    free(is_free);
    if (io->failed) return;
    /* the taken particle slots: how many, then each one's index (rising) and particle */
    uint32_t used = 0;
    if (io->writing)
        for (uint32_t i = 0; i < p->cap_particles; i++) used += p->used[i] != 0;
    acp_snap_count(io, &used, p->cap_particles, "fx_pool.used");
    if (!io->writing && !io->failed) {
        memset(p->used, 0, p->cap_particles);
        memset(p->particles, 0, (size_t)p->cap_particles * sizeof *p->particles);
    }
    for (uint32_t k = 0, i = 0, prev = 0; k < used && !io->failed; k++, i++) {
        if (io->writing)
            while (!p->used[i]) i++;
        acp_snap_u32(io, &i, "fx_pool.used.slot");
        if (!io->writing && !io->failed && (i >= p->cap_particles || (k && i <= prev))) {
            io->pos -= 4;
            acp_snap_fail(io, "fx_pool.used.slot", "%u is not a slot above %u and below %u", (unsigned)i, (unsigned)prev,
                          (unsigned)p->cap_particles);
            break;
        }
        prev = i;
        if (!io->writing) p->used[i] = 1;
        snap_particle(io, &p->particles[i]);
    }
}

/* ---- the shadow lists ---- */

static void xfer_shadow_list(snap_ctx *c, acp_shadow_list *list, uint32_t list_index, bool object_list)
{
    acp_snap_io *io = c->io;
    acp_shadow_pool *pool = &c->w->shadows;
    uint32_t num = list->num;
    acp_snap_count(io, &num, pool->num_blocks * (uint32_t)ACP_SHADOW_BLOCK, "shadows.list.num");
    for (uint32_t i = 0; i < num && !io->failed; i++) {
        acp_physobj *obj = NULL;
        uint32_t slot = CELL_ENTRY;
        acp_shadow_reach reach = {0};
        if (io->writing) {
            uint32_t k;
            acp_shadow_block *b = NULL;
            acp_shadow_obj *s = acp_shadow_list_get(pool, list, i);
            b = &pool->blocks[s->block - 1];
            k = s->index % ACP_SHADOW_BLOCK;
            reach = acp_shadow_block_reach(b, k);
            obj = s->physobj;
            if (s != &obj->cell_entry) slot = (uint32_t)(s - obj->shadow_objects);
        }
        snap_object_ref(c, &obj, "shadows.entry.object");
        acp_snap_u32(io, &slot, "shadows.entry.slot");
        acp_snap_f64(io, &reach.reach, "shadows.entry.reach");
        acp_snap_f32(io, &reach.x, "shadows.entry.x");
        acp_snap_f32(io, &reach.y, "shadows.entry.y");
        acp_snap_f32(io, &reach.z, "shadows.entry.z");
        acp_snap_u32(io, &reach.cell_id, "shadows.entry.cell_id");
        acp_snap_f32(io, &reach.lim, "shadows.entry.lim");
        acp_snap_f32(io, &reach.cylinders, "shadows.entry.cylinders");
        if (io->writing || io->failed) continue;
        if (!obj) {
            acp_snap_fail(io, "shadows.entry.object", "no object");
            return;
        }
        acp_shadow_obj *s = NULL;
        if (slot == CELL_ENTRY) {
            if (!object_list) acp_snap_fail(io, "shadows.entry.slot", "a cell's object entry in a shadow list");
            s = &obj->cell_entry;
        } else if (object_list || slot >= obj->num_shadow_objects) {
            acp_snap_fail(io, "shadows.entry.slot", "%u is not one of the object's %u shadows", (unsigned)slot,
                          (unsigned)obj->num_shadow_objects);
        } else {
            s = &obj->shadow_objects[slot];
        }
        if (io->failed) return;
        if (s->list) {
            acp_snap_fail(io, "shadows.entry.slot", "the object's entry is in a list already (list %u)", (unsigned)list_index);
            return;
        }
        if (!acp_shadow_list_append(pool, list, s)) {
            acp_snap_fail(io, "shadows.list.num", "the world's shadow pool has no block left");
            return;
        }
        /* A cell list's copy is the object's (objects come before the lists): made again from it,
         * so that a snapshot holds the fields above but not the bound's form (S26), which follows
         * the build. (An object list's entries keep no copy: zeros.) */
        if (!object_list) {
            acp_shadow_reach want = acp_objcell_shadow_reach_of(obj);
            if (reach.reach >= 0.0 || want.reach >= 0.0) reach = want;
            else reach.upright = want.upright;
        }
        acp_shadow_block_set_reach(&pool->blocks[s->block - 1], s->index % ACP_SHADOW_BLOCK, &reach);
    }
}

static void xfer_shadows(snap_ctx *c)
{
    acp_snap_io *io = c->io;
    acp_shadow_pool *pool = &c->w->shadows;
    uint32_t num_lists = pool->num_lists;
    acp_snap_u32(io, &num_lists, "shadows.num_lists");
    if (!io->writing && !io->failed && num_lists != pool->num_lists) {
        io->pos -= 4;
        acp_snap_fail(io, "shadows.num_lists", "%u, but the world's terrain has %u cell slots", (unsigned)num_lists,
                      (unsigned)pool->num_lists);
        return;
    }
    acp_snap_u64(io, &pool->overflow, "shadows.overflow");
    if (!io->writing && !io->failed) acp_shadow_pool_clear_lists(pool);
    for (int kind = 0; kind < 2 && !io->failed; kind++) {
        acp_shadow_list *lists = kind ? pool->object_lists : pool->lists;
        uint32_t used = 0;
        if (io->writing)
            for (uint32_t i = 0; i < pool->num_lists; i++) used += lists[i].num != 0;
        acp_snap_count(io, &used, pool->num_lists, kind ? "shadows.object_lists" : "shadows.lists");
        uint32_t prev = NO_INDEX;
        for (uint32_t i = 0, k = 0; k < used && !io->failed; k++) {
            uint32_t at = 0;
            if (io->writing) {
                while (lists[i].num == 0) i++;
                at = i++;
            }
            snap_index(io, &at, pool->num_lists, false, "shadows.list.cell_slot");
            if (!io->writing && !io->failed && prev != NO_INDEX && at <= prev)
                acp_snap_fail(io, "shadows.list.cell_slot", "%u after %u: the slots must rise", (unsigned)at, (unsigned)prev);
            prev = at;
            if (!io->failed) xfer_shadow_list(c, &lists[at], at, kind == 1);
        }
    }
}

/* ---- the world ---- */

static bool gather(snap_ctx *c)
{
    acp_world *w = c->w;
    c->num_table = w->num_objects;
    c->num_static_only = 0;
    const acp_fx_pool *fp = w->fx_pool;
    uint32_t cap_pobjs = fp ? fp->cap_pobjs : 0;
    c->all = malloc(((size_t)w->num_objects + w->num_static + w->num_block_statics + cap_pobjs + 1) * sizeof *c->all);
    if (!c->all) return false;
    uint32_t n = 0;
    for (uint32_t i = 0; i < w->num_objects; i++) c->all[n++] = w->objects[i];
    for (uint32_t i = 0; i < w->num_static; i++) {
        acp_physobj *o = w->static_objects[i];
        bool block = false;
        for (uint32_t k = 0; k < w->num_block_statics && !block; k++) block = w->block_statics[k] == o;
        if (!block) c->all[n++] = o, c->num_static_only++;
    }
    for (uint32_t i = 0; i < w->num_block_statics; i++) c->all[n++] = w->block_statics[i];
    c->num_pobjs = 0;
    if (cap_pobjs) { /* the emitters' particle objects in use, by pool slot */
        uint8_t *is_free = calloc(cap_pobjs, 1);
        if (!is_free) return false;
        for (uint32_t k = 0; k < fp->num_free_pobjs; k++)
            if (fp->free_pobjs[k] < cap_pobjs) is_free[fp->free_pobjs[k]] = 1;
        for (uint32_t i = 0; i < cap_pobjs; i++)
            if (!is_free[i]) c->all[n++] = &fp->pobjs[i], c->num_pobjs++;
        free(is_free);
    }
    c->num_all = n;
    c->by_address = malloc(((size_t)n + 1) * sizeof *c->by_address);
    if (!c->by_address) return false;
    for (uint32_t i = 0; i < n; i++) c->by_address[i] = (obj_slot){c->all[i], i};
    qsort(c->by_address, n, sizeof *c->by_address, snap_by_address_cmp);
    return true;
}

/* What the world's transitions keep from one sweep to the next (retail's static transit[]: a
 * sweep sets only the fields it finds, and the commit copies the others as they were). */
static void xfer_transits(acp_snap_io *io, acp_world *w)
{
    for (int i = 0; i < ACP_TRANSITION_POOL && !io->failed; i++) {
        acp_collision_info *c = &w->transit[i].collision_info;
        snap_vec3(io, &c->last_known_contact_plane.n, "transit.last_known_contact_plane.n");
        acp_snap_f32(io, &c->last_known_contact_plane.d, "transit.last_known_contact_plane.d");
        acp_snap_bool(io, &c->last_known_contact_plane_is_water, "transit.last_known_contact_plane_is_water");
        acp_snap_u32(io, &c->last_known_contact_plane_cell_id, "transit.last_known_contact_plane_cell_id");
        snap_vec3(io, &c->contact_plane.n, "transit.contact_plane.n");
        acp_snap_f32(io, &c->contact_plane.d, "transit.contact_plane.d");
        acp_snap_bool(io, &c->contact_plane_is_water, "transit.contact_plane_is_water");
        snap_vec3(io, &c->sliding_normal, "transit.sliding_normal");
        snap_vec3(io, &c->collision_normal, "transit.collision_normal");
        snap_vec3(io, &c->adjust_offset, "transit.adjust_offset");
        acp_snap_u32(io, &c->collide_object_dropped, "transit.collide_object_dropped");
    }
}

static void xfer_clock(acp_snap_io *io, acp_world *w)
{
    acp_snap_f64(io, &w->now, "world.now");
    acp_snap_f64(io, &w->last_update, "world.last_update");
    acp_snap_f64(io, &w->physics_time, "world.physics_time");
    acp_snap_bool(io, &w->gate_passed, "world.gate_passed");
    acp_snap_bool(io, &w->obj_maint_active, "world.obj_maint_active");
    acp_snap_u32(io, &w->rng, "world.rng");
    acp_snap_u64(io, &w->num_sweeps, "world.num_sweeps");
    acp_snap_u64(io, &w->num_quanta, "world.num_quanta");
    acp_snap_u32(io, &w->peer_rules, "world.peer_rules");
    acp_snap_u64(io, &w->frame_serial, "world.frame_serial");
    acp_snap_bool(io, &w->frame_open, "world.frame_open");
    xfer_transits(io, w);
}

/* The static-only objects as the static animating workset, each once (until the snapshot's own
 * list is read and checked). */
static void provisional_statics(snap_ctx *c)
{
    acp_world *w = c->w;
    w->num_static = 0;
    for (uint32_t k = 0; k < c->num_static_only && w->num_static < w->cap_static; k++)
        w->static_objects[w->num_static++] = c->all[c->num_table + k];
}

/* Held and holding, read: each holder's child list and each held object's parent agree (a
 * child is held by the object whose list names it, once; has_parent says so), and no object
 * holds itself, directly or through others (the world's walks up the parents would not end). */
static void check_holding(snap_ctx *c)
{
    acp_snap_io *io = c->io;
    for (uint32_t i = 0; i < c->num_all && !io->failed; i++) {
        acp_physobj *obj = c->all[i];
        snap_set_where(io, "object %u (0x%08X)", (unsigned)i, (unsigned)obj->id);
        if (obj->has_parent != (obj->parent != NULL)) {
            acp_snap_fail(io, "has_parent", "%u, but the object %s", (unsigned)obj->has_parent,
                          obj->parent ? "names a parent" : "names no parent");
            return;
        }
        uint32_t up = 0;
        for (const acp_physobj *p = obj->parent; p && !io->failed; p = p->parent)
            if (p == obj || ++up > c->num_all) acp_snap_fail(io, "parent", "the object holds itself (through %u holders)", (unsigned)up);
        const acp_childlist *pl = obj->parent ? obj->parent->children : NULL;
        uint32_t named = 0;
        for (uint32_t k = 0; pl && k < pl->num_objects; k++) named += pl->objects[k] == obj;
        if (!io->failed && obj->parent && named != 1)
            acp_snap_fail(io, "parent", "its holder's child list names it %u times", (unsigned)named);
        const acp_childlist *cl = obj->children;
        for (uint32_t k = 0; cl && k < cl->num_objects && !io->failed; k++)
            if (cl->objects[k]->parent != obj)
                acp_snap_fail(io, "children.objects", "child %u (object 0x%08X) is not held by the object", (unsigned)k,
                              (unsigned)cl->objects[k]->id);
    }
}

static void xfer_world_body(snap_ctx *c)
{
    acp_snap_io *io = c->io;
    acp_world *w = c->w;
    snap_set_where(io, "world");
    uint32_t cap = w->cap_objects;
    acp_snap_u32(io, &cap, "world.cap_objects");
    if (!io->writing && !io->failed && cap != w->cap_objects) {
        io->pos -= 4;
        acp_snap_fail(io, "world.cap_objects", "%u, but the world holds up to %u objects", (unsigned)cap, (unsigned)w->cap_objects);
        return;
    }
    xfer_clock(io, w);
    uint32_t num_blocks = w->num_block_statics;
    acp_snap_count(io, &c->num_table, w->cap_objects, "world.num_objects");
    acp_snap_count(io, &c->num_static_only, w->cap_static, "world.num_static_only");
    acp_snap_u32(io, &num_blocks, "world.num_block_statics");
    c->pobjs_at = io->pos;
    acp_snap_count(io, &c->num_pobjs, fx_block_bound(w) * ACP_PARTICLE_OBJECTS_PER_FX, "world.num_particle_objects");
    if (io->failed) return;
    if (!io->writing) {
        if (num_blocks != w->num_block_statics) {
            io->pos -= 4;
            acp_snap_fail(io, "world.num_block_statics", "%u, but the world's terrain made %u", (unsigned)num_blocks,
                          (unsigned)w->num_block_statics);
            return;
        }
        if ((uint64_t)c->num_table + c->num_static_only > w->cap_objects) {
            acp_snap_fail(io, "world.num_static_only", "%u objects and %u static ones are more than the world's %u",
                          (unsigned)c->num_table, (unsigned)c->num_static_only, (unsigned)w->cap_objects);
            return;
        }
        c->num_all = c->num_table + c->num_static_only + num_blocks + c->num_pobjs;
        c->all = calloc((size_t)c->num_all + 1, sizeof *c->all);
        if (!c->all) {
            acp_snap_fail(io, "world.num_objects", "out of memory");
            return;
        }
        for (uint32_t i = 0; i < num_blocks; i++) c->all[c->num_table + c->num_static_only + i] = w->block_statics[i];
    }
    /* the objects' ids, and the table's serials. Reading, the serials are kept aside and set
     * once the table is in the saved order: acp_world_add_object inserts each object at its
     * bucket's place with a fresh serial, moving the serials after it, so object i's slot is not
     * slot i until the table is rewritten below. */
    uint32_t made = c->num_table + c->num_static_only;
    uint32_t *serials = NULL;
    if (!io->writing && !(serials = calloc((size_t)c->num_table + 1u, sizeof *serials))) {
        acp_snap_fail(io, "world.num_objects", "out of memory");
        return;
    }
    for (uint32_t i = 0; i < made && !io->failed; i++) {
        uint32_t id = io->writing ? c->all[i]->id : 0;
        uint32_t serial = io->writing && i < c->num_table ? w->insert_serial[i] : 0;
        snap_set_where(io, "object %u", (unsigned)i);
        acp_snap_u32(io, &id, "id");
        if (!io->writing && !io->failed) {
            bool twice = id && acp_world_object(w, id);
            acp_physobj *obj = id && !twice ? acp_world_add_object(w, id) : NULL;
            if (!obj) {
                io->pos -= 4;
                if (!id) acp_snap_fail(io, "id", "0 is not an object id");
                else if (twice) acp_snap_fail(io, "id", "0x%08X is there twice", (unsigned)id);
                else acp_snap_fail(io, "id", "out of memory making object 0x%08X", (unsigned)id);
                break;
            }
            c->all[i] = obj;
        }
        if (i < c->num_table) acp_snap_u32(io, &serial, "insert_serial");
        if (!io->writing && !io->failed && i < c->num_table) serials[i] = serial; /* set with the table's order below */
    }
    if (io->failed) {
        free(serials);
        return;
    }
    if (!io->writing) {
        for (uint32_t i = 0; i < c->num_table; i++) {
            w->objects[i] = c->all[i];
            w->insert_serial[i] = serials[i];
        }
        free(serials);
        w->num_objects = c->num_table;
        provisional_statics(c); /* (the world destroys them, should the rest be refused) */
    }
    snap_set_where(io, "world");
    acp_snap_u64(io, &w->children_dropped, "world.children_dropped");
    c->pobj_base = c->num_table + c->num_static_only + num_blocks;
    xfer_fx_pool(c); /* (the particle objects in use: in c->all from pobj_base) */
    if (io->failed) return;
    acp_snap_u32(io, &w->next_serial, "world.next_serial");
    uint32_t num_static = w->num_static;
    acp_snap_count(io, &num_static, w->cap_static, "world.num_static");
    for (uint32_t i = 0; i < num_static && !io->failed; i++) snap_object_ref(c, &w->static_objects[i], "world.static_objects");
    if (!io->writing && !io->failed) {
        /* Each static-only object once, landblock statics at most once, no table object and no
         * particle object: the world destroys each list's objects (a double entry would be freed
         * twice). */
        w->num_static = num_static;
        uint8_t *seen = calloc((size_t)c->num_all + 1, 1);
        for (uint32_t i = 0; i < num_static && !io->failed; i++) {
            uint32_t k = 0;
            while (k < c->num_all && c->all[k] != w->static_objects[i]) k++;
            if (!seen || k >= c->num_all || k < c->num_table || k >= c->pobj_base || seen[k])
                acp_snap_fail(io, "world.static_objects", "entry %u names %s", (unsigned)i,
                              !seen ? "(out of memory)" : k >= c->num_all ? "no object" : seen[k] ? "an object twice"
                                                                          : "an object of the object table or a particle object");
            else seen[k] = 1;
        }
        for (uint32_t k = c->num_table; k < c->num_table + c->num_static_only && !io->failed && seen; k++)
            if (!seen[k]) acp_snap_fail(io, "world.static_objects", "static object %u is in no list", (unsigned)k);
        free(seen);
        if (io->failed) provisional_statics(c);
    }
    snap_object_ref(c, &w->player, "world.player");
    for (uint32_t i = 0; i < c->num_all && !io->failed; i++) {
        acp_physobj *obj = c->all[i];
        snap_set_where(io, "object %u (0x%08X)", (unsigned)i, (unsigned)obj->id);
        if (!io->writing)
            for (uint32_t k = 0; obj->shadow_objects && k < obj->cap_shadow_objects; k++) obj->shadow_objects[k].list = NULL;
        snap_object_body(c, obj, i >= made);
    }
    if (!io->writing && !io->failed) check_holding(c);
    snap_set_where(io, "world");
    const acp_fx_pool *fp = w->fx_pool;
    if (!io->writing && !io->failed && fp && c->fx_use && fp->num_free_fx + c->fx_used != fp->num_fx) {
        io->pos = c->fx_free_at; /* named at the free stack's count */
        acp_snap_fail(io, "fx_pool.num_free_fx", "%u blocks free and %u in use, but %u were handed out", (unsigned)fp->num_free_fx,
                      (unsigned)c->fx_used, (unsigned)fp->num_fx);
    }
    if (!io->failed) xfer_shadows(c);
}

static void write_header(acp_snap_io *io, const uint8_t *magic, uint64_t records_digest, uint32_t profile, uint32_t flags)
{
    snap_put(io, magic, 8, "magic");
    uint32_t version = ACP_SNAPSHOT_VERSION, header = ACP_SNAPSHOT_HEADER_BYTES;
    acp_snap_u32(io, &version, "version");
    acp_snap_u32(io, &header, "header_bytes");
    acp_snap_u64(io, &records_digest, "records_digest");
    acp_snap_u32(io, &profile, "profile");
    acp_snap_u32(io, &flags, "flags");
}

bool acp_snapshot_write_world(acp_snap_io *io, const acp_world *cw, uint64_t records_digest, bool has_host)
{
    acp_world *w = (acp_world *)cw; /* the transfers take non-const pointers; writing changes nothing */
    size_t find_at = io->find_at;
    const char *find_field = io->find_field, *find_where = io->find_where;
    memset(io, 0, sizeof *io);
    io->writing = true;
    io->find_at = find_at;
    io->find_field = find_field;
    io->find_where = find_where;
    io->field_at = SIZE_MAX;
    if (w->transition_level) return acp_snap_fail(io, "world.transition_level", "a sweep is in progress");
    write_header(io, MAGIC, records_digest, (uint32_t)w->profile, has_host ? 1u : 0u);
    snap_ctx c = {.io = io, .w = w, .object_mode = false};
    if (!gather(&c)) {
        free(c.all);
        return acp_snap_fail(io, "objects", "out of memory");
    }
    xfer_world_body(&c);
    free(c.all);
    free(c.by_address);
    io->where[0] = 0;
    return !io->failed;
}

bool acp_snapshot_finish(acp_snap_io *io)
{
    uint64_t sum = acp_snap_fnv(ACP_SNAP_FNV_BASIS, io->buf, io->len);
    io->where[0] = 0;
    acp_snap_u64(io, &sum, "checksum");
    return !io->failed;
}

static bool open_stream(acp_snap_io *io, const uint8_t *magic_want, const char *what, const uint8_t *bytes, size_t size,
                        uint64_t records_digest, uint32_t profile, bool check_sum, bool *has_host);

bool acp_snapshot_open(acp_snap_io *io, const uint8_t *bytes, size_t size, uint64_t records_digest, uint32_t profile,
                       bool check_sum, bool *has_host)
{
    return open_stream(io, MAGIC, "an acphys snapshot", bytes, size, records_digest, profile,
                       check_sum, has_host);
}

/* The 8 magic bytes as C-escaped text (printable ASCII kept, \0 and \xNN otherwise) into out (33 bytes). */
static void magic_text(const uint8_t *m, char *out)
{
    size_t n = 0;
    for (int i = 0; i < 8; i++) {
        if (m[i] >= 0x20 && m[i] < 0x7F && m[i] != '"' && m[i] != '\\') out[n++] = (char)m[i];
        else if (!m[i]) out[n++] = '\\', out[n++] = '0';
        else n += (size_t)snprintf(out + n, 5, "\\x%02X", (unsigned)m[i]);
    }
    out[n] = 0;
}

static bool open_stream(acp_snap_io *io, const uint8_t *magic_want, const char *what, const uint8_t *bytes, size_t size,
                        uint64_t records_digest, uint32_t profile, bool check_sum, bool *has_host)
{
    memset(io, 0, sizeof *io);
    io->in = bytes;
    io->size = size;
    *has_host = false;
    uint8_t magic[8];
    if (!snap_get(io, magic, sizeof magic, "magic")) return false;
    if (memcmp(magic, magic_want, sizeof magic) != 0) {
        io->pos = 0;
        char got[8 * 4 + 1], want[8 * 4 + 1];
        magic_text(magic, got);
        magic_text(magic_want, want);
        const uint8_t *other = magic_want == MAGIC ? OBJECT_MAGIC : MAGIC;
        const char *kind = memcmp(magic, other, sizeof magic) != 0 ? ""
                           : other == MAGIC ? " (an acphys world snapshot: restore it with acp_world_restore)"
                                            : " (an acphys object: import it with acp_object_import)";
        return acp_snap_fail(io, "magic", "not %s: it begins \"%s\"%s, but %s begins \"%s\"", what, got, kind, what, want);
    }
    uint32_t version = 0, header = 0, prof = 0, flags = 0;
    uint64_t digest = 0;
    acp_snap_u32(io, &version, "version");
    if (!io->failed && version != ACP_SNAPSHOT_VERSION) {
        io->pos -= 4;
        return acp_snap_fail(io, "version", "snapshot format %u; this library reads format %u", (unsigned)version,
                             ACP_SNAPSHOT_VERSION);
    }
    acp_snap_u32(io, &header, "header_bytes");
    if (!io->failed && header != ACP_SNAPSHOT_HEADER_BYTES) {
        io->pos -= 4;
        return acp_snap_fail(io, "header_bytes", "%u, expected %u", (unsigned)header, ACP_SNAPSHOT_HEADER_BYTES);
    }
    acp_snap_u64(io, &digest, "records_digest");
    if (!io->failed && digest != records_digest) {
        io->pos -= 8;
        return acp_snap_fail(io, "records_digest", "the snapshot was taken over records %016llx, but the world holds records "
                                                   "%016llx (load the same records, in the same order)",
                             (unsigned long long)digest, (unsigned long long)records_digest);
    }
    acp_snap_u32(io, &prof, "profile");
    if (!io->failed && prof != profile) {
        io->pos -= 4;
        return acp_snap_fail(io, "profile", "clock profile %u, but the world runs profile %u", (unsigned)prof, (unsigned)profile);
    }
    acp_snap_u32(io, &flags, "flags");
    if (!io->failed && flags > 1u) {
        io->pos -= 4;
        return acp_snap_fail(io, "flags", "0x%08X has unknown bits", (unsigned)flags);
    }
    if (io->failed) return false;
    *has_host = flags & 1u;
    if (size < io->pos + 8u) {
        io->pos = size;
        return acp_snap_fail(io, "checksum", "the snapshot ends before its checksum: truncated");
    }
    if (check_sum) {
        size_t at = size - 8u;
        uint64_t want = 0;
        for (int i = 0; i < 8; i++) want |= (uint64_t)bytes[at + (size_t)i] << (8 * i);
        uint64_t got = acp_snap_fnv(ACP_SNAP_FNV_BASIS, bytes, at);
        if (got != want) {
            io->pos = at;
            return acp_snap_fail(io, "checksum", "%016llx, but the bytes before it sum to %016llx: the snapshot is damaged "
                                                 "(or truncated)",
                                 (unsigned long long)want, (unsigned long long)got);
        }
    }
    io->size = size - 8u; /* the sections end at the trailer */
    return true;
}

bool acp_snapshot_read_world(acp_snap_io *io, acp_world *w)
{
    if (io->failed) return false;
    if (w->num_objects != 0 || w->num_static > w->num_block_statics)
        return acp_snap_fail(io, "world", "the world must be fresh (it holds %u objects)", (unsigned)w->num_objects);
    snap_ctx c = {.io = io, .w = w, .object_mode = false};
    xfer_world_body(&c);
    free(c.all);
    free(c.fx_use);
    io->where[0] = 0;
    return !io->failed;
}

bool acp_snapshot_close(acp_snap_io *io)
{
    if (io->failed) return false;
    io->where[0] = 0;
    if (io->pos != io->size)
        return acp_snap_fail(io, "checksum", "%zu bytes follow the last section before the checksum", io->size - io->pos);
    return true;
}

/* ---- one object handed from world to world ---- */

/* An object handed over: its emitters' particle objects, as the emitter slots in its child
 * list's order (remade from the importing world's pool once it is in its cell); any other child,
 * or a holder, keeps it home (format 2). */
void snap_particle_objects(snap_ctx *c, acp_physobj *obj)
{
    acp_snap_io *io = c->io;
    uint32_t num = 0;
    if (io->writing) {
        const acp_childlist *cl = obj->children;
        bool other = obj->parent != NULL;
        for (uint32_t i = 0; cl && i < cl->num_objects && !other; i++) {
            uint32_t k = 0;
            while (k < ACP_MAX_EMITTERS_PER_OBJECT &&
                   !(obj->fx && obj->fx->particles.emitters[k].id && obj->fx->particles.emitters[k].physobj == cl->objects[i]))
                k++;
            other = k == ACP_MAX_EMITTERS_PER_OBJECT || cl->part_numbers[i] != obj->fx->particles.emitters[k].part_index;
            if (!other) c->pobj_slots[num++] = (uint8_t)k;
        }
        for (int k = 0; obj->fx && k < ACP_MAX_EMITTERS_PER_OBJECT && !other; k++) /* each one in the list */
            other = obj->fx->particles.emitters[k].id && obj->fx->particles.emitters[k].physobj &&
                    !(obj->children && acp_childlist_find_child_index(obj->children, obj->fx->particles.emitters[k].physobj,
                                                                       &(uint16_t){0}));
        if (other) {
            acp_snap_fail(io, "children", "an object that holds others or is held does not travel alone: hand over the "
                                          "world, or let go first");
            return;
        }
    }
    acp_snap_count(io, &num, ACP_MAX_EMITTERS_PER_OBJECT, "particle_objects");
    for (uint32_t i = 0; i < num && !io->failed; i++) {
        uint32_t k = c->pobj_slots[i];
        snap_index(io, &k, ACP_MAX_EMITTERS_PER_OBJECT, false, "particle_objects.emitter");
        if (io->writing || io->failed) continue;
        bool twice = false;
        for (uint32_t j = 0; j < i; j++) twice |= c->pobj_slots[j] == k;
        if (!obj->fx || !obj->fx->particles.emitters[k].id || twice) {
            io->pos -= 4;
            acp_snap_fail(io, "particle_objects.emitter", "%u is %s", (unsigned)k, twice ? "there twice" : "no emitter's slot");
        }
        c->pobj_slots[i] = (uint8_t)k;
    }
    c->num_pobj_slots = num;
}

static bool static_only(const acp_world *w, const acp_physobj *obj)
{
    for (uint32_t i = 0; i < w->num_static; i++)
        if (w->static_objects[i] == obj) return true;
    return false;
}

bool acp_object_snapshot_write(acp_snap_io *io, const acp_world *cw, const acp_physobj *cobj, uint64_t records_digest)
{
    acp_world *w = (acp_world *)cw;
    acp_physobj *obj = (acp_physobj *)cobj;
    size_t find_at = io->find_at;
    memset(io, 0, sizeof *io);
    io->writing = true;
    io->find_at = find_at;
    io->field_at = SIZE_MAX;
    if (w->transition_level) return acp_snap_fail(io, "world.transition_level", "a sweep is in progress");
    write_header(io, OBJECT_MAGIC, records_digest, (uint32_t)w->profile, 0);
    snap_ctx c = {.io = io, .w = w, .object_mode = true};
    uint32_t id = obj->id;
    bool in_static = static_only(w, obj);
    snap_set_where(io, "object 0x%08X", (unsigned)id);
    acp_snap_u32(io, &id, "id");
    acp_snap_bool(io, &in_static, "static_animating");
    snap_object_body(&c, obj, false);
    io->where[0] = 0;
    return !io->failed && acp_snapshot_finish(io);
}

/* What reading an object into world w may change besides the object: kept before the read and put
 * back by refused() so a refused import leaves the world exactly as it was (docs/EMBEDDING.md). */
typedef struct world_marks {
    uint32_t serial;
    bool had_fx_pool;
    uint32_t fx_hint;
    uint64_t overflow_fx, overflow_particles, shadow_overflow;
} world_marks;

static world_marks mark(const acp_world *w)
{
    world_marks m = {w->next_serial, w->fx_pool != NULL, 0, 0, 0, w->shadows.overflow};
    if (w->fx_pool) {
        m.fx_hint = w->fx_pool->hint;
        m.overflow_fx = w->fx_pool->overflow_fx;
        m.overflow_particles = w->fx_pool->overflow_particles;
    }
    return m;
}

/* Discard the half-read object `obj` (its storage freed directly: no exit-world logic over
 * state the reader left inconsistent) and put back what the read changed. */
static void refused(acp_world *w, acp_physobj *obj, const world_marks *m)
{
    acp_fx_pool *pool = w->fx_pool;
    for (int i = 0; pool && obj->fx && i < ACP_MAX_EMITTERS_PER_OBJECT; i++) {
        acp_particle_emitter *e = &obj->fx->particles.emitters[i];
        if (e->particles && e->info) acp_fx_pool_free_particles(pool, e->pool_at, (uint32_t)e->info->max_particles);
    }
    acp_world_discard_object(w, obj->id, m->serial);
    w->shadows.overflow = m->shadow_overflow;
    if (!m->had_fx_pool) acp_world_free_fx(w); /* the read made it */
    else if (pool) {
        pool->hint = m->fx_hint;
        pool->overflow_fx = m->overflow_fx;
        pool->overflow_particles = m->overflow_particles;
    }
}

acp_physobj *acp_object_snapshot_read(acp_snap_io *io, acp_world *w, const uint8_t *bytes, size_t size, uint64_t records_digest,
                                      bool *exists)
{
    bool has_host = false;
    *exists = false;
    if (!open_stream(io, OBJECT_MAGIC, "an acphys object", bytes, size, records_digest,
                     (uint32_t)w->profile, true, &has_host))
        return NULL;
    if (has_host) {
        io->pos = 28; /* the flags field */
        acp_snap_fail(io, "flags", "an object carries no host section");
        return NULL;
    }
    uint32_t id = 0;
    bool in_static = false;
    acp_snap_u32(io, &id, "id");
    if (io->failed) return NULL;
    snap_set_where(io, "object 0x%08X", (unsigned)id);
    if (!id || acp_world_object(w, id)) {
        *exists = id != 0;
        io->pos -= 4;
        acp_snap_fail(io, "id", id ? "the world has an object 0x%08X already" : "%u is not an object id", (unsigned)id);
        return NULL;
    }
    acp_snap_bool(io, &in_static, "static_animating");
    if (io->failed) return NULL;
    if (w->num_objects + 1u > w->cap_objects) {
        acp_snap_fail(io, "id", "the world holds %u objects, its most", (unsigned)w->cap_objects);
        return NULL;
    }
    const world_marks marks = mark(w);
    acp_physobj *obj = acp_world_add_object(w, id);
    if (!obj) {
        acp_snap_fail(io, "id", "out of memory making the object");
        return NULL;
    }
    snap_ctx c = {.io = io, .w = w, .object_mode = true};
    snap_object_body(&c, obj, false);
    if (!io->failed) acp_snapshot_close(io);
    if (io->failed) {
        refused(w, obj, &marks);
        return NULL;
    }
    io->where[0] = 0;
    if (in_static) acp_world_add_static_animating(w, obj);
    /* Into its cell of this world (retail change_cell's enter_cell) and the cells its shapes
     * overlap there (the shadows a sweep that ended there would list). */
    const acp_landcell *cell = w->terrain ? acp_terrain_get_landcell(w->terrain, obj->position.objcell_id) : NULL;
    obj->cell = NULL;
    obj->num_shadow_objects = 0;
    if (obj->has_cell && w->terrain && !cell) {
        obj->has_cell = false; /* no such cell loaded here: as a sweep into an unloaded cell leaves it */
        obj->transient_state &= ~(uint32_t)ACP_ACTIVE_TS;
    }
    if (cell && obj->has_cell) {
        acp_world_fit_shadow_cells(w, obj);
        acp_physobj_change_cell(obj, cell);
        acp_physobj_shadow_in_place(obj);
    }
    /* Its emitters' particle objects, from this world's pool, into its child list in the order
     * they were held (as ParticleEmitter::SetInfo and SetParenting made them there). */
    for (uint32_t i = 0; i < c.num_pobj_slots && obj->fx; i++)
        acp_particle_emitter_take_particle_object(&obj->fx->particles.emitters[c.pobj_slots[i]], obj);
    return obj;
}
