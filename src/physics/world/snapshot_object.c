/* acphys — world snapshots (snapshot.h): one object's fields (its part array and sequence, motion
 * table manager, movement, position and target managers, scripts and particles, the rest of
 * CPhysicsObj), written and read by the same transfer functions. Not retail.
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
#include "physics/cell/terrain.h"
#include "physics/object/childlist.h"
#include "physics/object/object_fx.h"
#include "physics/object/physobj_children.h"
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

/* ---- the context: objects by index, records by id ---- */



uint32_t snap_object_index(const snap_ctx *c, const acp_physobj *obj)
{
    if (!obj) return NO_INDEX;
    if (!c->by_address) {
        for (uint32_t i = 0; i < c->num_all; i++)
            if (c->all[i] == obj) return i;
        return NO_INDEX;
    }
    uint32_t lo = 0, hi = c->num_all;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if ((uintptr_t)c->by_address[mid].obj < (uintptr_t)obj) lo = mid + 1;
        else hi = mid;
    }
    return lo < c->num_all && c->by_address[lo].obj == obj ? c->by_address[lo].index : NO_INDEX;
}

int snap_by_address_cmp(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t)((const obj_slot *)a)->obj, y = (uintptr_t)((const obj_slot *)b)->obj;
    return x < y ? -1 : x > y;
}

void snap_object_ref(snap_ctx *c, acp_physobj **obj, const char *field)
{
    uint32_t i = c->io->writing ? snap_object_index(c, *obj) : 0;
    if (c->io->writing && *obj && i == NO_INDEX) {
        acp_snap_fail(c->io, field, "names an object outside the world");
        return;
    }
    snap_index(c->io, &i, c->num_all, true, field);
    if (!c->io->writing && !c->io->failed) *obj = i == NO_INDEX ? NULL : c->all[i];
}

/* A record pointer as its id (0: none), looked up with find on reading. */
typedef const void *(*find_fn)(const acp_world *w, const acp_partarray *pa, uint32_t id);

static const void *find_animation(const acp_world *w, const acp_partarray *pa, uint32_t id)
{
    (void)w;
    return acp_records_animation(&pa->records, id);
}
static const void *find_motion_table(const acp_world *w, const acp_partarray *pa, uint32_t id)
{
    (void)w;
    return acp_records_motion_table(&pa->records, id);
}
static const void *find_script(const acp_world *w, const acp_partarray *pa, uint32_t id)
{
    (void)pa;
    return w->dats ? acp_datset_physics_script(w->dats, id) : NULL;
}
static const void *find_emitter_info(const acp_world *w, const acp_partarray *pa, uint32_t id)
{
    (void)pa;
    return w->dats ? acp_datset_particle_emitter_info(w->dats, id) : NULL;
}
static const void *find_script_table(const acp_world *w, const acp_partarray *pa, uint32_t id)
{
    (void)pa;
    return w->dats ? acp_datset_physics_script_table(w->dats, id) : NULL;
}

static void xfer_record(snap_ctx *c, const void **rec, uint32_t id_when_writing, find_fn find, const acp_partarray *pa,
                        const char *kind, const char *field)
{
    uint32_t id = c->io->writing ? (*rec ? id_when_writing : 0u) : 0u;
    size_t at = c->io->pos;
    acp_snap_u32(c->io, &id, field);
    if (c->io->writing || c->io->failed) return;
    if (!id) {
        *rec = NULL;
        return;
    }
    *rec = find(c->w, pa, id);
    if (!*rec) {
        c->io->pos = at;
        acp_snap_fail(c->io, field, "%s 0x%08X is not in the world's records", kind, (unsigned)id);
    }
}

/* ---- motion ---- */

static void xfer_motion_state(acp_snap_io *io, acp_motion_state *s)
{
    acp_snap_u32(io, &s->style, "motion_state.style");
    acp_snap_u32(io, &s->substate, "motion_state.substate");
    acp_snap_f32(io, &s->substate_mod, "motion_state.substate_mod");
    acp_snap_count(io, &s->num_modifiers, ACP_MAX_MODIFIERS, "motion_state.num_modifiers");
    for (uint32_t i = 0; i < s->num_modifiers && !io->failed; i++) {
        acp_snap_u32(io, &s->modifiers[i].motion, "motion_state.modifiers.motion");
        acp_snap_f32(io, &s->modifiers[i].speed_mod, "motion_state.modifiers.speed_mod");
    }
    acp_snap_count(io, &s->num_actions, ACP_MAX_STATE_ACTIONS, "motion_state.num_actions");
    for (uint32_t i = 0; i < s->num_actions && !io->failed; i++) {
        acp_snap_u32(io, &s->actions[i].motion, "motion_state.actions.motion");
        acp_snap_f32(io, &s->actions[i].speed_mod, "motion_state.actions.speed_mod");
    }
    acp_snap_u32(io, &s->depth, "motion_state.depth");
    acp_snap_u32(io, &s->dropped, "motion_state.dropped");
    acp_snap_u32(io, &s->capped, "motion_state.capped");
}

#define MAX_PENDING_NUM_ANIMS (4u * 255u)

static void xfer_mtable_manager(snap_ctx *c, acp_partarray *pa)
{
    acp_snap_io *io = c->io;
    acp_mtable_manager *m = pa->motion_table_manager;
    acp_snap_count(io, &m->num_pending, ACP_MAX_PENDING_ANIMS, "mtable.num_pending");
    for (uint32_t i = 0; i < m->num_pending && !io->failed; i++) {
        acp_snap_u32(io, &m->pending[i].motion, "mtable.pending.motion");
        acp_snap_u32(io, &m->pending[i].num_anims, "mtable.pending.num_anims");
        /* at most four motion data's animations queue for one motion (link, second link, cycle,
         * pre-link: GetObjectSequence 0x00522860), each MotionData's count a byte (MotionData::UnPack
         * 0x00525E50); exit_world counts them down one at a time */
        if (!io->writing && !io->failed && m->pending[i].num_anims > MAX_PENDING_NUM_ANIMS) {
            io->pos -= 4;
            acp_snap_fail(io, "mtable.pending.num_anims", "%u is more than the %u animations a motion can queue",
                          (unsigned)m->pending[i].num_anims, MAX_PENDING_NUM_ANIMS);
        }
    }
    acp_snap_u32(io, &m->dropped, "mtable.dropped");
    xfer_record(c, (const void **)&m->table, m->table ? m->table->id : 0, find_motion_table, pa, "MotionTable", "mtable.table");
    acp_snap_u32(io, &m->table_id, "mtable.table_id");
    acp_snap_u32(io, &m->animation_counter, "mtable.animation_counter");
    xfer_motion_state(io, &m->state);
}

static void xfer_sequence(snap_ctx *c, acp_partarray *pa)
{
    acp_snap_io *io = c->io;
    acp_sequence *s = &pa->sequence;
    acp_snap_i16(io, &s->head, "sequence.head");
    acp_snap_i16(io, &s->tail, "sequence.tail");
    acp_snap_i16(io, &s->first_cyclic, "sequence.first_cyclic");
    acp_snap_i16(io, &s->curr_anim, "sequence.curr_anim");
    snap_vec3(io, &s->velocity, "sequence.velocity");
    snap_vec3(io, &s->omega, "sequence.omega");
    if (!io->writing) s->memo_misses = s->memo_pause = 0; /* the memo's (a cache: not written) */
    acp_snap_f64(io, &s->frame_number, "sequence.frame_number");
    if (!io->writing) s->rotation_memo.valid = false; /* a cache of the same bits: not written */
    for (int i = 0; i < ACP_MAX_ANIM_NODES && !io->failed; i++) {
        acp_anim_node *n = &s->nodes[i];
        acp_snap_bool(io, &n->in_use, "sequence.nodes.in_use");
        if (!n->in_use) {
            if (!io->writing) memset(n, 0, sizeof *n);
            continue;
        }
        xfer_record(c, (const void **)&n->anim, n->anim ? n->anim->id : 0, find_animation, pa, "Animation", "sequence.nodes.anim");
        if (!io->writing && !io->failed && !n->anim) acp_snap_fail(io, "sequence.nodes.anim", "a node in use has no animation");
        acp_snap_f32(io, &n->framerate, "sequence.nodes.framerate");
        acp_snap_i32(io, &n->low_frame, "sequence.nodes.low_frame");
        acp_snap_i32(io, &n->high_frame, "sequence.nodes.high_frame");
        acp_snap_i16(io, &n->prev, "sequence.nodes.prev");
        acp_snap_i16(io, &n->next, "sequence.nodes.next");
        if (!io->writing && !io->failed && n->anim &&
            (n->low_frame < 0 || n->high_frame < n->low_frame || (uint32_t)n->high_frame >= n->anim->num_frames + 1u))
            acp_snap_fail(io, "sequence.nodes.high_frame", "frames %d..%d are outside animation 0x%08X's %u frames",
                          (int)n->low_frame, (int)n->high_frame, (unsigned)n->anim->id, (unsigned)n->anim->num_frames);
    }
    /* The links must name nodes in use (or none), and make one proper list: from head by next,
     * each node's prev the one before, ending at tail, every node in use on it once (no cycle:
     * the sequence's walks would never end), first_cyclic and curr_anim on it. */
    if (!io->writing && !io->failed) {
        int16_t links[4] = {s->head, s->tail, s->first_cyclic, s->curr_anim};
        for (int k = 0; k < 4 && !io->failed; k++)
            if (links[k] != ACP_NO_NODE && (links[k] < 0 || links[k] >= ACP_MAX_ANIM_NODES || !s->nodes[links[k]].in_use))
                acp_snap_fail(io, "sequence.head", "link %d names node %d, which is not in use", k, (int)links[k]);
        int in_use = 0;
        for (int i = 0; i < ACP_MAX_ANIM_NODES && !io->failed; i++) {
            const acp_anim_node *n = &s->nodes[i];
            if (!n->in_use) continue;
            in_use++;
            if ((n->prev != ACP_NO_NODE && (n->prev < 0 || n->prev >= ACP_MAX_ANIM_NODES || !s->nodes[n->prev].in_use)) ||
                (n->next != ACP_NO_NODE && (n->next < 0 || n->next >= ACP_MAX_ANIM_NODES || !s->nodes[n->next].in_use)))
                acp_snap_fail(io, "sequence.nodes.next", "node %d links to a node not in use", i);
        }
        int walked = 0;
        bool met_first = s->first_cyclic == ACP_NO_NODE, met_curr = s->curr_anim == ACP_NO_NODE;
        int16_t prev = ACP_NO_NODE, i = s->head;
        for (; i != ACP_NO_NODE && !io->failed; prev = i, i = s->nodes[i].next) {
            if (++walked > in_use) {
                acp_snap_fail(io, "sequence.nodes.next", "the list from head %d comes back to node %d: a cycle", (int)s->head, (int)i);
                break;
            }
            if (s->nodes[i].prev != prev)
                acp_snap_fail(io, "sequence.nodes.prev", "node %d's prev is %d, but node %d comes before it", (int)i,
                              (int)s->nodes[i].prev, (int)prev);
            met_first |= i == s->first_cyclic;
            met_curr |= i == s->curr_anim;
        }
        if (!io->failed && prev != s->tail)
            acp_snap_fail(io, "sequence.tail", "%d, but the list from head %d ends at %d", (int)s->tail, (int)s->head, (int)prev);
        else if (!io->failed && walked != in_use)
            acp_snap_fail(io, "sequence.nodes.in_use", "%d nodes in use, but %d on the list", in_use, walked);
        else if (!io->failed && (!met_first || !met_curr))
            acp_snap_fail(io, met_first ? "sequence.curr_anim" : "sequence.first_cyclic", "names a node not on the list");
    }
    bool has_placement = s->placement_frame != NULL;
    acp_snap_bool(io, &has_placement, "sequence.placement_frame");
    acp_snap_u32(io, &s->placement_frame_id, "sequence.placement_frame_id");
    acp_snap_u32(io, &s->placement_num_parts, "sequence.placement_num_parts");
    if (!io->writing && !io->failed) {
        s->placement_frame = NULL;
        if (has_placement) {
            const acp_setup *setup = pa->setup;
            for (uint32_t i = 0; setup && i < setup->num_placements; i++)
                if (setup->placements[i].key == s->placement_frame_id) s->placement_frame = &setup->placements[i].frame;
            if (!s->placement_frame)
                acp_snap_fail(io, "sequence.placement_frame_id", "the Setup has no placement frame %u", (unsigned)s->placement_frame_id);
            else if (s->placement_num_parts != setup->num_parts)
                acp_snap_fail(io, "sequence.placement_num_parts", "%u, but the Setup has %u parts", (unsigned)s->placement_num_parts,
                              (unsigned)setup->num_parts);
        }
    }
    acp_snap_u32(io, &s->dropped, "sequence.dropped");
    acp_snap_u32(io, &s->capped, "sequence.capped");
}

/* The animation among a motion data's whose part frames hold `parts`; its frame in *frame. */
static const acp_animation *anim_of_data(const acp_partarray *pa, const acp_motion_data *d, const acp_aframe *parts,
                                         uint32_t *frame)
{
    for (uint32_t a = 0; a < d->num_anims; a++) {
        const acp_animation *anim = acp_records_animation(&pa->records, d->anims[a].anim_id);
        for (uint32_t f = 0; anim && f < anim->num_frames; f++)
            if (anim->part_frames[f].parts == parts) {
                *frame = f;
                return anim;
            }
    }
    return NULL;
}

/* The animation whose frame's parts pending_anim names: a node's, else any its motion table lists. */
static const acp_animation *pending_animation(const acp_partarray *pa, uint32_t *frame)
{
    const acp_sequence *s = &pa->sequence;
    for (int i = 0; i < ACP_MAX_ANIM_NODES; i++) {
        const acp_anim_node *n = &s->nodes[i];
        if (!n->in_use) continue;
        for (uint32_t f = 0; f < n->anim->num_frames; f++)
            if (n->anim->part_frames[f].parts == pa->pending_anim) {
                *frame = f;
                return n->anim;
            }
    }
    const acp_motion_table *mt = pa->motion_table_manager ? pa->motion_table_manager->table : NULL;
    const acp_animation *found = NULL;
    for (uint32_t i = 0; mt && i < mt->num_cycles && !found; i++) found = anim_of_data(pa, &mt->cycles[i].data, pa->pending_anim, frame);
    for (uint32_t i = 0; mt && i < mt->num_modifiers && !found; i++)
        found = anim_of_data(pa, &mt->modifiers[i].data, pa->pending_anim, frame);
    for (uint32_t i = 0; mt && i < mt->num_links && !found; i++)
        for (uint32_t k = 0; k < mt->links[i].num_entries && !found; k++)
            found = anim_of_data(pa, &mt->links[i].entries[k].data, pa->pending_anim, frame);
    return found;
}

/* pending_anim: the parts of an animation's frame (by the animation's id), or of the placement
 * frame; only while parts are pending (else nothing reads it). */
static void xfer_pending_anim(snap_ctx *c, acp_partarray *pa)
{
    acp_snap_io *io = c->io;
    uint32_t kind = 0, anim_id = 0, frame = 0;
    if (io->writing && pa->pending_anim && pa->pending_parts) {
        const acp_sequence *s = &pa->sequence;
        const acp_animation *anim = NULL;
        if (s->placement_frame && s->placement_frame->parts == pa->pending_anim) kind = 1;
        else if ((anim = pending_animation(pa, &frame)) != NULL) kind = 2, anim_id = anim->id;
        if (!kind) {
            acp_snap_fail(io, "part_array.pending_anim", "names parts of no animation or placement frame the object holds");
            return;
        }
    }
    acp_snap_count(io, &kind, 2, "part_array.pending_anim.kind");
    if (kind == 2) {
        acp_snap_u32(io, &anim_id, "part_array.pending_anim.animation");
        acp_snap_u32(io, &frame, "part_array.pending_anim.frame");
    }
    if (io->writing || io->failed) return;
    const acp_sequence *s = &pa->sequence;
    pa->pending_anim = NULL;
    if (kind == 1) {
        if (!s->placement_frame) acp_snap_fail(io, "part_array.pending_anim.kind", "the placement frame, but there is none");
        else pa->pending_anim = s->placement_frame->parts;
    } else if (kind == 2) {
        const acp_animation *anim = acp_records_animation(&pa->records, anim_id);
        if (!anim || frame >= anim->num_frames || anim->num_parts < pa->pending_parts)
            acp_snap_fail(io, "part_array.pending_anim.frame", "animation 0x%08X has no frame %u of %u parts", (unsigned)anim_id,
                          (unsigned)frame, (unsigned)pa->pending_parts);
        else pa->pending_anim = anim->part_frames[frame].parts;
    }
    if (kind == 0 && pa->pending_parts) acp_snap_fail(io, "part_array.pending_anim.kind", "parts are pending, but no frame is named");
}

static void xfer_part_array(snap_ctx *c, acp_partarray *pa)
{
    acp_snap_io *io = c->io;
    uint32_t num_parts = pa->num_parts; /* the Setup made the arrays: a snapshot cannot resize them */
    acp_snap_u32(io, &num_parts, "part_array.num_parts");
    if (!io->writing && !io->failed && num_parts != pa->num_parts) {
        io->pos -= 4; /* the error names the field's own offset */
        acp_snap_fail(io, "part_array.num_parts", "not the part count of the object's Setup");
    }
    if (io->failed) return;
    snap_vec3(io, &pa->scale, "part_array.scale");
    snap_vec3(io, &pa->pending_scale, "part_array.pending_scale");
    snap_frame(io, &pa->pending_frame, "part_array.pending_frame");
    xfer_sequence(c, pa);
    acp_snap_count(io, &pa->pending_parts, pa->num_parts, "part_array.pending_parts");
    xfer_pending_anim(c, pa);
    if (!io->writing) pa->checked_source = NULL; /* a cache: recomputed from the same source */
    for (uint32_t i = 0; i < pa->num_parts && !io->failed; i++) {
        /* a part whose placement is pending is placed before anything reads its frame
         * (acp_partarray_part_frames): its frame is not written */
        if (i >= pa->pending_parts) snap_frame(io, &pa->part_frames[i], "part_array.part_frames");
        snap_vec3(io, &pa->part_gfx_scale[i], "part_array.part_gfx_scale");
        acp_snap_f32(io, &pa->part_translucency[i], "part_array.part_translucency");
        acp_snap_f32(io, &pa->part_luminosity[i], "part_array.part_luminosity");
        acp_snap_f32(io, &pa->part_diffusion[i], "part_array.part_diffusion");
    }
    bool has_mtm = pa->motion_table_manager != NULL;
    uint32_t mt_id = has_mtm ? pa->motion_table_manager->table_id : 0;
    acp_snap_bool(io, &has_mtm, "part_array.motion_table_manager");
    acp_snap_u32(io, &mt_id, "part_array.motion_table_manager.table_id");
    if (!io->writing && !io->failed) {
        if (has_mtm && !pa->motion_table_manager && !acp_partarray_set_motion_table(pa, mt_id))
            acp_snap_fail(io, "part_array.motion_table_manager", "out of memory");
        else if (has_mtm && !pa->motion_table_manager) { /* a table id the records lack (or 0) makes none */
            io->pos -= 4; /* the error names the field's own offset */
            acp_snap_fail(io, "part_array.motion_table_manager.table_id", "no motion table the records hold");
        }
        if (!has_mtm && pa->motion_table_manager) {
            io->pos -= 5; /* the flag's own offset, before the table id */
            acp_snap_fail(io, "part_array.motion_table_manager", "the object's Setup made one");
        }
    }
    if (has_mtm && !io->failed) xfer_mtable_manager(c, pa);
}

/* ---- position manager ---- */

static void xfer_position_manager(acp_snap_io *io, acp_physobj *obj)
{
    acp_position_manager *pm = obj->position_manager;
    acp_snap_bool(io, &pm->has_interpolation, "position.has_interpolation");
    acp_snap_bool(io, &pm->has_sticky, "position.has_sticky");
    acp_snap_bool(io, &pm->has_constraint, "position.has_constraint");
    acp_interpolation_manager *im = &pm->interpolation;
    snap_index(io, &im->head, ACP_INTERP_MAX_NODES, false, "interpolation.head");
    acp_snap_count(io, &im->count, ACP_INTERP_MAX_NODES, "interpolation.count");
    for (uint32_t k = 0; k < im->count && !io->failed; k++) {
        acp_interp_node *n = &im->nodes[(im->head + k) % ACP_INTERP_MAX_NODES];
        acp_snap_u32(io, &n->type, "interpolation.nodes.type");
        snap_position(io, &n->p, "interpolation.nodes.p");
        snap_vec3(io, &n->velocity, "interpolation.nodes.velocity");
    }
    acp_snap_bool(io, &im->keep_heading, "interpolation.keep_heading");
    acp_snap_u32(io, &im->frame_counter, "interpolation.frame_counter");
    acp_snap_f32(io, &im->original_distance, "interpolation.original_distance");
    acp_snap_f32(io, &im->progress_quantum, "interpolation.progress_quantum");
    acp_snap_u32(io, &im->node_fail_counter, "interpolation.node_fail_counter");
    snap_position(io, &im->blipto_position, "interpolation.blipto_position");
    acp_sticky_manager *sm = &pm->sticky;
    acp_snap_u32(io, &sm->target_id, "sticky.target_id");
    acp_snap_f32(io, &sm->target_radius, "sticky.target_radius");
    snap_position(io, &sm->target_position, "sticky.target_position");
    acp_snap_bool(io, &sm->initialized, "sticky.initialized");
    acp_snap_f64(io, &sm->sticky_timeout_time, "sticky.sticky_timeout_time");
    acp_constraint_manager *cm = &pm->constraint;
    acp_snap_bool(io, &cm->is_constrained, "constraint.is_constrained");
    acp_snap_f32(io, &cm->constraint_pos_offset, "constraint.constraint_pos_offset");
    snap_position(io, &cm->constraint_pos, "constraint.constraint_pos");
    acp_snap_f32(io, &cm->constraint_distance_start, "constraint.constraint_distance_start");
    acp_snap_f32(io, &cm->constraint_distance_max, "constraint.constraint_distance_max");
    uint32_t src = (uint32_t)pm->last_offset_source;
    acp_snap_count(io, &src, ACP_OFFSET_CONSTRAINT, "position.last_offset_source");
    if (!io->writing) {
        pm->last_offset_source = (acp_offset_source)src;
        pm->physics_obj = im->physics_obj = sm->physics_obj = cm->physics_obj = obj;
    }
}

/* ---- target manager ---- */

static void xfer_target_manager(acp_snap_io *io, acp_physobj *obj)
{
    acp_target_manager *tm = obj->target_manager;
    acp_snap_bool(io, &tm->has_target, "target.has_target");
    acp_target_info *t = &tm->target_info;
    acp_snap_u32(io, &t->context_id, "target.info.context_id");
    acp_snap_u32(io, &t->object_id, "target.info.object_id");
    acp_snap_f32(io, &t->radius, "target.info.radius");
    acp_snap_f64(io, &t->quantum, "target.info.quantum");
    snap_position(io, &t->target_position, "target.info.target_position");
    snap_position(io, &t->interpolated_position, "target.info.interpolated_position");
    snap_vec3(io, &t->interpolated_heading, "target.info.interpolated_heading");
    snap_vec3(io, &t->velocity, "target.info.velocity");
    acp_snap_u32(io, &t->status, "target.info.status");
    acp_snap_f64(io, &t->last_update_time, "target.info.last_update_time");
    acp_snap_bool(io, &tm->has_voyeur_table, "target.has_voyeur_table");
    uint32_t n = tm->num_voyeurs;
    acp_snap_count(io, &n, 1u << 20, "target.num_voyeurs");
    snap_fits(io, n, 16, "target.num_voyeurs"); /* (each at least an id, a quantum and a radius) */
    if (!io->writing && !io->failed && n > tm->cap_voyeurs) {
        acp_voyeur_info *v = realloc(tm->voyeurs, (size_t)n * sizeof *v);
        if (!v) {
            acp_snap_fail(io, "target.num_voyeurs", "out of memory for %u voyeurs", (unsigned)n);
            return;
        }
        tm->voyeurs = v;
        tm->cap_voyeurs = n;
    }
    if (!io->writing) tm->num_voyeurs = io->failed ? 0 : n;
    for (uint32_t i = 0; i < tm->num_voyeurs && !io->failed; i++) {
        acp_voyeur_info *v = &tm->voyeurs[i];
        acp_snap_u32(io, &v->object_id, "target.voyeurs.object_id");
        acp_snap_f64(io, &v->quantum, "target.voyeurs.quantum");
        acp_snap_f32(io, &v->radius, "target.voyeurs.radius");
        snap_position(io, &v->last_sent_position, "target.voyeurs.last_sent_position");
    }
    if (!io->writing && !io->failed && tm->num_voyeurs && !tm->has_voyeur_table)
        acp_snap_fail(io, "target.has_voyeur_table", "0, but the object has %u voyeurs", (unsigned)tm->num_voyeurs);
    acp_snap_f64(io, &tm->last_update_time, "target.last_update_time");
    acp_snap_u32(io, &tm->updates_sent, "target.updates_sent");
    if (!io->writing) tm->physobj = obj;
}

/* ---- scripts and particles ---- */

static void xfer_fx(snap_ctx *c, acp_object_fx *fx)
{
    acp_snap_io *io = c->io;
    acp_fx_pool *pool = c->w->fx_pool;
    acp_snap_bool(io, &fx->has_scripts, "fx.has_scripts");
    acp_snap_bool(io, &fx->has_particles, "fx.has_particles");
    acp_script_manager *sm = &fx->scripts;
    snap_index(io, &sm->head, ACP_MAX_SCRIPTS_QUEUED, false, "scripts.head");
    acp_snap_count(io, &sm->count, ACP_MAX_SCRIPTS_QUEUED, "scripts.count");
    for (uint32_t k = 0; k < sm->count && !io->failed; k++) {
        acp_script_data *d = &sm->queue[(sm->head + k) % ACP_MAX_SCRIPTS_QUEUED];
        acp_snap_f64(io, &d->start_time, "scripts.queue.start_time");
        xfer_record(c, (const void **)&d->script, d->script ? d->script->id : 0, find_script, NULL, "PhysicsScript",
                    "scripts.queue.script");
    }
    acp_snap_i32(io, &sm->hook_index, "scripts.hook_index");
    acp_snap_f64(io, &sm->next_hook_time, "scripts.next_hook_time");
    acp_snap_u32(io, &sm->dropped, "scripts.dropped");
    acp_snap_u32(io, &sm->hooks_run, "scripts.hooks_run");
    acp_particle_manager *pm = &fx->particles;
    acp_snap_u32(io, &pm->next_emitter_id, "particles.next_emitter_id");
    acp_snap_u32(io, &pm->next_serial, "particles.next_serial");
    acp_snap_count(io, &pm->num_emitters, ACP_MAX_EMITTERS_PER_OBJECT, "particles.num_emitters");
    for (int i = 0; i < ACP_MAX_EMITTERS_PER_OBJECT && !io->failed; i++) {
        acp_particle_emitter *e = &pm->emitters[i];
        acp_snap_u32(io, &e->id, "emitter.id");
        if (!e->id) {
            if (!io->writing) memset(e, 0, sizeof *e);
            continue;
        }
        acp_snap_u32(io, &e->serial, "emitter.serial");
        acp_snap_u32(io, &e->part_index, "emitter.part_index");
        snap_frame(io, &e->parent_offset, "emitter.parent_offset");
        xfer_record(c, (const void **)&e->info, e->info ? e->info->id : 0, find_emitter_info, NULL, "ParticleEmitterInfo",
                    "emitter.info");
        bool has_particles = e->particles != NULL;
        acp_snap_bool(io, &has_particles, "emitter.particles");
        acp_snap_u32(io, &e->pool_at, "emitter.pool_at");
        if (c->object_mode && has_particles && !io->failed) { /* the emitter's particles inline */
            uint32_t need = e->info ? (uint32_t)e->info->max_particles : 0u;
            if (!io->writing) {
                uint32_t at = 0;
                if (!pool || !acp_fx_pool_alloc_particles(pool, need, &at)) {
                    acp_snap_fail(io, "emitter.particles", "the world's particle pool has no %u free slots in a row", (unsigned)need);
                    return;
                }
                e->pool_at = at;
                e->particles = &pool->particles[at];
            }
            for (uint32_t k = 0; k < need && !io->failed; k++) snap_particle(io, &e->particles[k]);
        } else if (!io->writing && !io->failed) {
            uint32_t need = e->info ? (uint32_t)e->info->max_particles : 0u;
            e->particles = NULL;
            if (has_particles) {
                if (!pool || e->pool_at > pool->cap_particles || need > pool->cap_particles - e->pool_at)
                    acp_snap_fail(io, "emitter.pool_at", "slots %u..+%u are outside the particle pool", (unsigned)e->pool_at,
                                  (unsigned)need);
                else e->particles = &pool->particles[e->pool_at];
            }
        }
        acp_snap_f64(io, &e->creation_time, "emitter.creation_time");
        acp_snap_i32(io, &e->num_particles, "emitter.num_particles");
        acp_snap_i32(io, &e->total_emitted, "emitter.total_emitted");
        acp_snap_f64(io, &e->last_emit_time, "emitter.last_emit_time");
        snap_vec3(io, &e->last_emit_offset, "emitter.last_emit_offset");
        acp_snap_bool(io, &e->stopped, "emitter.stopped");
        if (!c->object_mode) snap_object_ref(c, &e->physobj, "emitter.physobj");
        else if (!io->writing) e->physobj = NULL;
        acp_snap_f64(io, &e->last_update_time, "emitter.last_update_time");
        if (!io->writing && !io->failed && e->info && (e->num_particles < 0 || e->num_particles > (int32_t)e->info->max_particles))
            acp_snap_fail(io, "emitter.num_particles", "%d is outside 0..%d", (int)e->num_particles, (int)e->info->max_particles);
    }
    /* the flags say the managers exist (CPhysicsObj's script and particle managers are made on
     * first use): queued scripts without the script manager would never run, emitters without the
     * particle manager would never be updated nor released */
    if (!io->writing && !io->failed) {
        uint32_t ids = 0;
        for (int i = 0; i < ACP_MAX_EMITTERS_PER_OBJECT; i++) ids += pm->emitters[i].id != 0;
        if (ids != pm->num_emitters)
            acp_snap_fail(io, "particles.num_emitters", "%u, but %u emitter slots are in use", (unsigned)pm->num_emitters, (unsigned)ids);
        else if (ids && !fx->has_particles)
            acp_snap_fail(io, "fx.has_particles", "0, but the object has %u emitters", (unsigned)ids);
        else if (sm->count && !fx->has_scripts)
            acp_snap_fail(io, "fx.has_scripts", "0, but the object has %u scripts queued", (unsigned)sm->count);
    }
}

_Static_assert(ACP_MAX_EMITTERS_PER_OBJECT == sizeof ((snap_ctx *)0)->pobj_slots, "snap_ctx.pobj_slots: one per emitter");

/* ---- one object ---- */

static void xfer_update_record(acp_snap_io *io, acp_update_record *r)
{
    acp_snap_bool(io, &r->ran, "record.ran");
    acp_snap_bool(io, &r->active_before, "record.active_before");
    acp_snap_bool(io, &r->active_after, "record.active_after");
    uint32_t skipped = (uint32_t)r->skipped;
    acp_snap_count(io, &skipped, ACP_SKIP_FROZEN, "record.skipped");
    if (!io->writing) r->skipped = (acp_skip_reason)skipped;
    acp_snap_count(io, &r->num_quanta, ACP_MAX_QUANTA_PER_UPDATE, "record.num_quanta");
    acp_snap_u32(io, &r->num_hooks, "record.num_hooks");
    acp_snap_f64(io, &r->now, "record.now");
    acp_snap_f64(io, &r->elapsed, "record.elapsed");
    acp_snap_f64(io, &r->pending, "record.pending");
    acp_snap_f64(io, &r->update_time, "record.update_time");
    /* the quanta and hooks the record holds (the slots past them are never read) */
    for (uint32_t i = 0; i < r->num_quanta && !io->failed; i++) acp_snap_f32(io, &r->quanta[i], "record.quanta");
    uint32_t hooks = r->num_hooks < ACP_MAX_HOOKS_RECORDED ? r->num_hooks : ACP_MAX_HOOKS_RECORDED;
    for (uint32_t i = 0; i < hooks && !io->failed; i++) acp_snap_u32(io, &r->hooks_fired[i], "record.hooks_fired");
}

static void xfer_cell_ptr(snap_ctx *c, const acp_landcell **cell, uint32_t cell_id, const char *field)
{
    bool has = *cell != NULL;
    acp_snap_bool(c->io, &has, field);
    if (c->io->writing || c->io->failed) return;
    *cell = NULL;
    if (!has) return;
    *cell = c->w->terrain ? acp_terrain_get_landcell(c->w->terrain, cell_id) : NULL;
    if (!*cell) acp_snap_fail(c->io, field, "cell 0x%08X is not loaded in the world", (unsigned)cell_id);
}

void snap_object_body(snap_ctx *c, acp_physobj *obj, bool block_static)
{
    acp_snap_io *io = c->io;
    acp_world *w = c->w;
    acp_snap_u32(io, &obj->state, "state");
    acp_snap_u32(io, &obj->transient_state, "transient_state");
    acp_snap_bool(io, &obj->has_cell, "has_cell");
    acp_snap_bool(io, &obj->has_parent, "has_parent");
    if (!io->writing && !io->failed && c->object_mode && obj->has_parent) { /* (held objects do not travel alone) */
        io->pos -= 1;
        acp_snap_fail(io, "has_parent", "1, but an object handed over alone is held by none");
    }
    acp_snap_bool(io, &obj->jumped_this_frame, "jumped_this_frame");
    snap_position(io, &obj->position, "position");
    snap_vec3(io, &obj->velocity, "velocity");
    snap_vec3(io, &obj->acceleration, "acceleration");
    snap_vec3(io, &obj->omega, "omega");
    snap_vec3(io, &obj->cached_velocity, "cached_velocity");
    acp_snap_f32(io, &obj->scale, "scale");
    acp_snap_f64(io, &obj->update_time, "update_time");
    /* the part array: its Setup's id (a fresh object gets it made); a landblock static's exists */
    bool has_pa = obj->part_array != NULL;
    uint32_t setup_id = has_pa && obj->part_array->setup ? obj->part_array->setup->id : 0;
    /* a particle object's part array: the pool's shared empty one (nothing of its own to write) */
    const bool pool_parts = has_pa && w->fx_pool && obj->part_array == w->fx_pool->pobj_parts;
    if (pool_parts) setup_id = POOL_PARTS;
    if (io->writing && has_pa && !pool_parts && !obj->part_array->setup) {
        acp_snap_fail(io, "part_array", "was built by hand, without a Setup: no snapshot names it");
        return;
    }
    acp_snap_bool(io, &has_pa, "part_array");
    acp_snap_u32(io, &setup_id, "part_array.setup");
    if (!io->writing && !io->failed && (setup_id == POOL_PARTS) != pool_parts) {
        acp_snap_fail(io, "part_array.setup", "a particle object's part array for an object that is none, or the reverse");
        return;
    }
    if (pool_parts) {
        /* nothing of the part array */
    } else if (!io->writing && !io->failed) {
        if (has_pa && !obj->part_array) {
            const acp_setup *setup = (!block_static && w->dats) ? acp_datset_setup(w->dats, setup_id) : NULL;
            acp_record_source src = w->dats ? acp_datset_source(w->dats) : (acp_record_source){0};
            if (!setup) acp_snap_fail(io, "part_array.setup", "Setup 0x%08X is not in the world's records", (unsigned)setup_id);
            else if (!acp_physobj_set_setup(obj, setup, &src)) acp_snap_fail(io, "part_array.setup", "out of memory");
            else if (obj->part_array->num_parts != setup->num_parts) acp_snap_fail(io, "part_array.setup", "parts differ");
        } else if (has_pa != (obj->part_array != NULL) ||
                   (has_pa && (obj->part_array->setup ? obj->part_array->setup->id : 0) != setup_id)) {
            acp_snap_fail(io, "part_array.setup", "Setup 0x%08X differs from the landblock static's own", (unsigned)setup_id);
        }
    }
    if (has_pa && !pool_parts && !io->failed) {
        uint32_t num_parts = obj->part_array->num_parts;
        xfer_part_array(c, obj->part_array);
        if (!io->writing && !io->failed && obj->part_array->num_parts != num_parts)
            acp_snap_fail(io, "part_array.num_parts", "%u, but Setup 0x%08X has %u parts", (unsigned)obj->part_array->num_parts,
                          (unsigned)setup_id, (unsigned)num_parts);
    }
    /* the managers */
    bool has_mm = obj->movement_manager != NULL, has_pm = obj->position_manager != NULL, has_tm = obj->target_manager != NULL;
    acp_snap_bool(io, &has_mm, "movement_manager");
    if (!io->writing && !io->failed && has_mm && !obj->movement_manager &&
        !(obj->movement_manager = acp_movement_manager_create(obj)))
        acp_snap_fail(io, "movement_manager", "out of memory");
    if (has_mm && !io->failed) snap_movement_manager(io, obj);
    acp_snap_bool(io, &has_pm, "position_manager");
    if (!io->writing && !io->failed && has_pm && !obj->position_manager &&
        !(obj->position_manager = acp_position_manager_create(obj)))
        acp_snap_fail(io, "position_manager", "out of memory");
    if (has_pm && !io->failed) xfer_position_manager(io, obj);
    acp_snap_bool(io, &has_tm, "target_manager");
    if (!io->writing && !io->failed && has_tm && !obj->target_manager && !(obj->target_manager = acp_target_manager_create(obj)))
        acp_snap_fail(io, "target_manager", "out of memory");
    if (has_tm && !io->failed) xfer_target_manager(io, obj);
    if (!io->writing && !io->failed &&
        ((!has_mm && obj->movement_manager) || (!has_pm && obj->position_manager) || (!has_tm && obj->target_manager)))
        acp_snap_fail(io, "movement_manager", "the fresh object made a manager the saved one did not have");
    acp_snap_bool(io, &obj->has_moveto_manager, "has_moveto_manager");
    /* the flag is the movement manager's MoveToManager (MakeMoveToManager 0x00524000 sets both):
     * update_object runs it through the movement manager when set */
    if (!io->writing && !io->failed && obj->has_moveto_manager != (obj->movement_manager && obj->movement_manager->has_moveto)) {
        io->pos -= 1;
        acp_snap_fail(io, "has_moveto_manager", "%u, but the object %s", (unsigned)obj->has_moveto_manager,
                      !obj->movement_manager ? "has no movement manager" : obj->movement_manager->has_moveto
                                                                                ? "has a MoveToManager" : "has no MoveToManager");
    }
    /* hooks */
    acp_snap_count(io, &obj->hooks.count, ACP_MAX_FP_HOOKS, "hooks.count");
    acp_snap_u32(io, &obj->hooks.dropped, "hooks.dropped");
    for (uint32_t i = 0; i < obj->hooks.count && !io->failed; i++) {
        acp_fphook *h = &obj->fp_hook_items[i];
        acp_snap_u32(io, &h->hook_type, "hooks.items.hook_type");
        acp_snap_f64(io, &h->time_created, "hooks.items.time_created");
        acp_snap_f64(io, &h->interpolation_time, "hooks.items.interpolation_time");
        acp_snap_f32(io, &h->start_value, "hooks.items.start_value");
        acp_snap_f32(io, &h->end_value, "hooks.items.end_value");
        acp_snap_u32(io, &h->user_data, "hooks.items.user_data");
        acp_snap_u32(io, &h->executions, "hooks.items.executions");
    }
    if (io->writing && obj->anim_hooks.count) {
        acp_snap_fail(io, "anim_hooks.count", "%u one-shot anim hooks are pending mid-quantum", (unsigned)obj->anim_hooks.count);
        return;
    }
    acp_snap_count(io, &obj->anim_hooks.count, 0, "anim_hooks.count");
    acp_snap_u32(io, &obj->anim_hooks.dropped, "anim_hooks.dropped");
    xfer_update_record(io, &obj->record);
    /* a committed sweep */
    snap_vec3(io, &obj->contact_plane.n, "contact_plane.n");
    acp_snap_f32(io, &obj->contact_plane.d, "contact_plane.d");
    acp_snap_u32(io, &obj->contact_plane_cell_id, "contact_plane_cell_id");
    snap_vec3(io, &obj->sliding_normal, "sliding_normal");
    acp_snap_f32(io, &obj->friction, "friction");
    acp_snap_f32(io, &obj->elasticity, "elasticity");
    acp_snap_bool(io, &obj->contact_plane_is_water, "contact_plane_is_water");
    acp_snap_bool(io, &obj->colliding_with_environment, "colliding_with_environment");
    /* shadows: the slots (the lists are written with the pool) */
    bool has_slots = obj->shadow_objects != NULL;
    uint32_t cap = obj->cap_shadow_objects;
    acp_snap_bool(io, &has_slots, "shadow_objects");
    acp_snap_count(io, &cap, ACP_MAX_FIT_SHADOW_CELLS, "cap_shadow_objects");
    if (!io->writing && !io->failed && has_slots && (!obj->shadow_objects || obj->cap_shadow_objects != cap)) {
        acp_shadow_obj *slots = NULL;
        if (cap > ACP_MAX_SHADOW_CELLS) slots = acp_shadow_pool_take_wide(&w->shadows, cap); /* a fresh object: none yet */
        else if (cap == ACP_MAX_SHADOW_CELLS && !obj->shadow_objects) slots = acp_shadow_pool_take_object(&w->shadows);
        if (!slots) acp_snap_fail(io, "cap_shadow_objects", "no %u shadow slots for the object (pool full or %u not %u)",
                                  (unsigned)cap, (unsigned)cap, ACP_MAX_SHADOW_CELLS);
        obj->shadow_objects = slots;
        obj->cap_shadow_objects = cap;
    }
    if (!io->writing && !has_slots && !io->failed) {
        obj->shadow_objects = NULL;
        obj->cap_shadow_objects = cap;
    }
    acp_snap_count(io, &obj->num_shadow_objects, has_slots ? cap : 0, "num_shadow_objects");
    acp_snap_u32(io, &obj->cells_dropped, "cells_dropped");
    for (uint32_t i = 0; i < obj->num_shadow_objects && !io->failed; i++) {
        acp_shadow_obj *s = &obj->shadow_objects[i];
        acp_snap_u32(io, &s->cell_id, "shadow_objects.cell_id");
        xfer_cell_ptr(c, &s->cell, s->cell_id, "shadow_objects.cell");
        if (!io->writing) {
            acp_shadowobj_set_physobj(s, obj);
            s->list = NULL;
        }
    }
    xfer_cell_ptr(c, &obj->cell, obj->position.objcell_id, "cell");
    /* the collision table */
    acp_collision_table *ct = &obj->collision_table;
    acp_snap_count(io, &ct->num, ACP_MAX_COLLISION_RECORDS, "collision_table.num");
    acp_snap_u32(io, &ct->next_serial, "collision_table.next_serial");
    acp_snap_u32(io, &ct->dropped, "collision_table.dropped");
    for (uint32_t i = 0; i < ct->num && !io->failed; i++) {
        acp_snap_u32(io, &ct->records[i].id, "collision_table.records.id");
        acp_snap_u32(io, &ct->records[i].serial, "collision_table.records.serial");
        acp_snap_f64(io, &ct->records[i].touched_time, "collision_table.records.touched_time");
        acp_snap_bool(io, &ct->records[i].ethereal, "collision_table.records.ethereal");
    }
    acp_snap_f32(io, &obj->translucency, "translucency");
    acp_snap_f32(io, &obj->translucency_original, "translucency_original");
    acp_snap_f32(io, &obj->luminosity, "luminosity");
    acp_snap_f32(io, &obj->diffusion, "diffusion");
    snap_vec3(io, &obj->player_vector, "player_vector");
    acp_snap_f32(io, &obj->player_distance, "player_distance");
    acp_snap_bool(io, &obj->last_move_was_autonomous, "last_move_was_autonomous");
    for (int i = 0; i < 9; i++) acp_snap_u16(io, &obj->update_times[i], "update_times");
    acp_collision_report *r = &obj->reports;
    acp_snap_u64(io, &r->frame, "reports.frame");
    acp_snap_count(io, &r->num_begin, ACP_MAX_COLLISION_REPORTS, "reports.num_begin");
    acp_snap_count(io, &r->num_end, ACP_MAX_COLLISION_REPORTS, "reports.num_end");
    for (uint32_t i = 0; i < r->num_begin && !io->failed; i++) acp_snap_u32(io, &r->begin[i], "reports.begin");
    for (uint32_t i = 0; i < r->num_end && !io->failed; i++) acp_snap_u32(io, &r->end[i], "reports.end");
    acp_snap_u32(io, &r->dropped, "reports.dropped");
    acp_snap_u32(io, &r->num_env, "reports.num_env");
    acp_snap_u32(io, &obj->cell_entry.cell_id, "cell_entry.cell_id");
    xfer_cell_ptr(c, &obj->cell_entry.cell, obj->cell_entry.cell_id, "cell_entry.cell");
    if (!io->writing) {
        acp_shadowobj_set_physobj(&obj->cell_entry, obj);
        obj->cell_entry.list = NULL;
    }
    /* scripts and particles: the fx block by its index in the world's pool */
    if (c->object_mode) { /* a block of the target world's pool */
        bool has_fx = obj->fx != NULL;
        acp_snap_bool(io, &has_fx, "fx");
        if (!io->writing && !io->failed) {
            obj->fx = NULL;
            acp_fx_pool *pool = has_fx ? acp_world_fx_pool(w) : NULL;
            if (has_fx && !(obj->fx = pool ? acp_fx_pool_take(pool) : NULL))
                acp_snap_fail(io, "fx", "the world's script and particle pool has no block left");
        }
    } else {
        uint32_t fx_index = obj->fx && w->fx_pool ? (uint32_t)(obj->fx - w->fx_pool->fx) : NO_INDEX;
        snap_index(io, &fx_index, w->fx_pool ? w->fx_pool->num_fx : 0, true, "fx");
        if (!io->writing && !io->failed && fx_index != NO_INDEX && c->fx_use) {
            if (c->fx_use[fx_index]) { /* (a block on the free stack would be handed out again while this object holds it) */
                io->pos -= 4;
                acp_snap_fail(io, "fx", "block %u is %s", (unsigned)fx_index,
                              c->fx_use[fx_index] == 1 ? "on the pool's free stack" : "another object's");
            } else {
                c->fx_use[fx_index] = 2;
                c->fx_used++;
            }
        }
        if (!io->writing && !io->failed) obj->fx = fx_index == NO_INDEX ? NULL : &w->fx_pool->fx[fx_index];
    }
    if (obj->fx && !io->failed) xfer_fx(c, obj->fx);
    xfer_record(c, (const void **)&obj->physics_script_table, obj->physics_script_table ? obj->physics_script_table->id : 0,
                find_script_table, NULL, "PhysicsScriptTable", "physics_script_table");
    acp_snap_u32(io, &obj->default_script, "default_script");
    acp_snap_f32(io, &obj->default_script_intensity, "default_script_intensity");
    /* held and holding (issue 34): the holder, and the held objects with their holding frames */
    if (c->object_mode) { /* only its emitters' particle objects (snapshot.c) */
        snap_particle_objects(c, obj);
        return;
    }
    snap_object_ref(c, &obj->parent, "parent");
    uint32_t kind = !obj->children ? 0u : (obj->fx && obj->children == &obj->fx->kids) ? 2u : 1u;
    uint32_t child_cap = obj->children ? obj->children->cap : 0, num = obj->children ? obj->children->num_objects : 0;
    acp_snap_count(io, &kind, 2, "children");
    if (!kind || io->failed) return;
    /* a list is made for the children a holder had and its emitters' particle objects (the API
     * and the runner reserve that many and 1 more): never more than the world can hold */
    uint64_t most_kids = (uint64_t)w->cap_objects + w->num_block_statics + (w->fx_pool ? w->fx_pool->cap_pobjs : 0u) + 1u +
                         ACP_MAX_EMITTERS_PER_OBJECT;
    acp_snap_count(io, &child_cap, most_kids < 65535u ? (uint32_t)most_kids : 65535u, "children.cap");
    if (!io->writing && !io->failed) {
        if (kind == 2) {
            if (!obj->fx) {
                acp_snap_fail(io, "children", "the fx block's list, but the object has no fx block");
                return;
            }
            acp_object_fx *fx = obj->fx;
            acp_childlist_init_fixed(&fx->kids, ACP_MAX_EMITTERS_PER_OBJECT, fx->kid_objects, fx->kid_frames, fx->kid_parts,
                                     fx->kid_locations);
            obj->children = &fx->kids;
        } else if (!obj->children && (!child_cap || !acp_world_reserve_children(w, obj, child_cap))) {
            acp_snap_fail(io, "children.cap", "no child list of %u for the object", (unsigned)child_cap);
            return;
        }
        if (obj->children->cap != child_cap) {
            acp_snap_fail(io, "children.cap", "%u, but its list holds %u", (unsigned)child_cap, (unsigned)obj->children->cap);
            return;
        }
    }
    acp_snap_count(io, &num, child_cap, "children.num_objects");
    acp_childlist *cl = obj->children;
    if (!io->writing && !io->failed) cl->num_objects = (uint16_t)num;
    for (uint32_t i = 0; i < num && !io->failed; i++) {
        snap_object_ref(c, &cl->objects[i], "children.objects");
        snap_frame(io, &cl->frames[i], "children.frames");
        acp_snap_u32(io, &cl->part_numbers[i], "children.part_numbers");
        acp_snap_u32(io, &cl->location_ids[i], "children.location_ids");
        if (!io->writing && !io->failed && !cl->objects[i]) acp_snap_fail(io, "children.objects", "child %u names no object", (unsigned)i);
    }
}

