/* acphys — world snapshots (snapshot.h). Not retail: an acphys facility.
 *
 * One transfer function per structure serves both directions (io->writing): each field is named
 * once, in the order it is written. Reading checks every count, index, boolean and record id. */
#include "snapshot.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dat/dat.h"
#include "physics/anim/movement_manager.h"
#include "physics/cell/terrain.h"
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
#define NO_INDEX 0xFFFFFFFFu
#define CELL_ENTRY 0xFFFFFFFFu

uint64_t acp_snap_fnv(uint64_t h, const void *bytes, size_t n)
{
    const uint8_t *p = bytes;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

bool acp_snap_fail(acp_snap_io *io, const char *field, const char *fmt, ...)
{
    if (io->failed) return false;
    io->failed = true;
    int n = snprintf(io->error, sizeof io->error, "offset %zu, %s%s%s: ", io->writing ? io->len : io->pos, io->where,
                     io->where[0] ? " " : "", field);
    if (n < 0 || (size_t)n >= sizeof io->error) return false;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(io->error + n, sizeof io->error - (size_t)n, fmt, ap);
    va_end(ap);
    return false;
}

static void set_where(acp_snap_io *io, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void set_where(acp_snap_io *io, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(io->where, sizeof io->where, fmt, ap);
    va_end(ap);
}

/* ---- bytes ---- */

static bool put(acp_snap_io *io, const uint8_t *b, size_t n, const char *field)
{
    if (io->failed) return false;
    if (io->len + n > io->cap) {
        size_t cap = io->cap ? io->cap : 4096;
        while (cap < io->len + n) cap *= 2;
        uint8_t *grown = realloc(io->buf, cap);
        if (!grown) return acp_snap_fail(io, field, "out of memory writing the snapshot");
        io->buf = grown;
        io->cap = cap;
    }
    memcpy(io->buf + io->len, b, n);
    if (io->find_at >= io->len && io->find_at < io->len + n) snprintf(io->found, sizeof io->found, "%s %s", io->where, field);
    if (io->find_field && io->field_at == SIZE_MAX && !strcmp(field, io->find_field) &&
        (!io->find_where || strstr(io->where, io->find_where)))
        io->field_at = io->len;
    io->len += n;
    return true;
}

static bool get(acp_snap_io *io, uint8_t *b, size_t n, const char *field)
{
    if (io->failed) return false;
    if (io->size - io->pos < n)
        return acp_snap_fail(io, field, "the snapshot ends here (%zu bytes needed, %zu left): truncated", n, io->size - io->pos);
    memcpy(b, io->in + io->pos, n);
    io->pos += n;
    return true;
}

static void xfer_le(acp_snap_io *io, uint64_t *v, size_t n, const char *field)
{
    uint8_t b[8];
    if (io->writing) {
        for (size_t i = 0; i < n; i++) b[i] = (uint8_t)(*v >> (8 * i));
        put(io, b, n, field);
        return;
    }
    if (!get(io, b, n, field)) return;
    uint64_t x = 0;
    for (size_t i = 0; i < n; i++) x |= (uint64_t)b[i] << (8 * i);
    *v = x;
}

void acp_snap_u8(acp_snap_io *io, uint8_t *v, const char *field)
{
    uint64_t x = *v;
    xfer_le(io, &x, 1, field);
    if (!io->writing && !io->failed) *v = (uint8_t)x;
}

void acp_snap_bool(acp_snap_io *io, bool *v, const char *field)
{
    uint64_t x = *v ? 1u : 0u;
    xfer_le(io, &x, 1, field);
    if (io->writing || io->failed) return;
    if (x > 1) {
        io->pos--;
        acp_snap_fail(io, field, "%u is not a boolean (0 or 1)", (unsigned)x);
        return;
    }
    *v = x != 0;
}

void acp_snap_u16(acp_snap_io *io, uint16_t *v, const char *field)
{
    uint64_t x = *v;
    xfer_le(io, &x, 2, field);
    if (!io->writing && !io->failed) *v = (uint16_t)x;
}

void acp_snap_i16(acp_snap_io *io, int16_t *v, const char *field)
{
    uint64_t x = (uint16_t)*v;
    xfer_le(io, &x, 2, field);
    if (!io->writing && !io->failed) *v = (int16_t)(uint16_t)x;
}

void acp_snap_u32(acp_snap_io *io, uint32_t *v, const char *field)
{
    uint64_t x = *v;
    xfer_le(io, &x, 4, field);
    if (!io->writing && !io->failed) *v = (uint32_t)x;
}

void acp_snap_i32(acp_snap_io *io, int32_t *v, const char *field)
{
    uint64_t x = (uint32_t)*v;
    xfer_le(io, &x, 4, field);
    if (!io->writing && !io->failed) *v = (int32_t)(uint32_t)x;
}

void acp_snap_u64(acp_snap_io *io, uint64_t *v, const char *field) { xfer_le(io, v, 8, field); }

void acp_snap_f32(acp_snap_io *io, float *v, const char *field)
{
    uint32_t bits;
    memcpy(&bits, v, 4);
    acp_snap_u32(io, &bits, field);
    if (!io->writing && !io->failed) memcpy(v, &bits, 4);
}

void acp_snap_f64(acp_snap_io *io, double *v, const char *field)
{
    uint64_t bits;
    memcpy(&bits, v, 8);
    acp_snap_u64(io, &bits, field);
    if (!io->writing && !io->failed) memcpy(v, &bits, 8);
}

void acp_snap_count(acp_snap_io *io, uint32_t *v, uint32_t max, const char *field)
{
    acp_snap_u32(io, v, field);
    if (io->writing || io->failed || *v <= max) return;
    io->pos -= 4;
    acp_snap_fail(io, field, "%u is more than %u", (unsigned)*v, (unsigned)max);
}

/* An index below n (or NO_INDEX when allow_none). */
static void xfer_index(acp_snap_io *io, uint32_t *v, uint32_t n, bool allow_none, const char *field)
{
    acp_snap_u32(io, v, field);
    if (io->writing || io->failed || *v < n || (allow_none && *v == NO_INDEX)) return;
    io->pos -= 4;
    acp_snap_fail(io, field, "%u is not an index below %u", (unsigned)*v, (unsigned)n);
}

void acp_snap_io_free(acp_snap_io *io)
{
    free(io->buf);
    io->buf = NULL;
    io->len = io->cap = 0;
}

/* ---- geometry ---- */

static void xfer_vec3(acp_snap_io *io, acp_vec3 *v, const char *field)
{
    acp_snap_f32(io, &v->x, field);
    acp_snap_f32(io, &v->y, field);
    acp_snap_f32(io, &v->z, field);
}

static void xfer_frame(acp_snap_io *io, acp_frame *f, const char *field)
{
    acp_snap_f32(io, &f->qw, field);
    acp_snap_f32(io, &f->qx, field);
    acp_snap_f32(io, &f->qy, field);
    acp_snap_f32(io, &f->qz, field);
    for (int i = 0; i < 9; i++) acp_snap_f32(io, &f->m[i], field);
    xfer_vec3(io, &f->origin, field);
}

static void xfer_position(acp_snap_io *io, acp_position *p, const char *field)
{
    acp_snap_u32(io, &p->objcell_id, field);
    xfer_frame(io, &p->frame, field);
}

/* ---- the context: objects by index, records by id ---- */

typedef struct obj_slot {
    const acp_physobj *obj;
    uint32_t index;
} obj_slot;

typedef struct snap_ctx {
    acp_snap_io *io;
    acp_world *w;
    acp_physobj **all;               /* table objects, static-only objects, block statics */
    obj_slot *by_address;            /* writing: all, sorted by address (object_index) */
    uint32_t num_all, num_table, num_static_only;
    bool object_mode;                /* one object handed over (acp_object_*): fx and particles travel inline */
} snap_ctx;

static uint32_t object_index(const snap_ctx *c, const acp_physobj *obj)
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

static int by_address_cmp(const void *a, const void *b)
{
    uintptr_t x = (uintptr_t)((const obj_slot *)a)->obj, y = (uintptr_t)((const obj_slot *)b)->obj;
    return x < y ? -1 : x > y;
}

static void xfer_object_ref(snap_ctx *c, acp_physobj **obj, const char *field)
{
    uint32_t i = c->io->writing ? object_index(c, *obj) : 0;
    if (c->io->writing && *obj && i == NO_INDEX) {
        acp_snap_fail(c->io, field, "names an object outside the world");
        return;
    }
    xfer_index(c->io, &i, c->num_all, true, field);
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

static void xfer_mtable_manager(snap_ctx *c, acp_partarray *pa)
{
    acp_snap_io *io = c->io;
    acp_mtable_manager *m = pa->motion_table_manager;
    acp_snap_count(io, &m->num_pending, ACP_MAX_PENDING_ANIMS, "mtable.num_pending");
    for (uint32_t i = 0; i < m->num_pending && !io->failed; i++) {
        acp_snap_u32(io, &m->pending[i].motion, "mtable.pending.motion");
        acp_snap_u32(io, &m->pending[i].num_anims, "mtable.pending.num_anims");
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
    xfer_vec3(io, &s->velocity, "sequence.velocity");
    xfer_vec3(io, &s->omega, "sequence.omega");
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
    /* The links must name nodes in use (or none). */
    if (!io->writing && !io->failed) {
        int16_t links[4] = {s->head, s->tail, s->first_cyclic, s->curr_anim};
        for (int k = 0; k < 4 && !io->failed; k++)
            if (links[k] != ACP_NO_NODE && (links[k] < 0 || links[k] >= ACP_MAX_ANIM_NODES || !s->nodes[links[k]].in_use))
                acp_snap_fail(io, "sequence.head", "link %d names node %d, which is not in use", k, (int)links[k]);
        for (int i = 0; i < ACP_MAX_ANIM_NODES && !io->failed; i++) {
            const acp_anim_node *n = &s->nodes[i];
            if (!n->in_use) continue;
            if ((n->prev != ACP_NO_NODE && (n->prev < 0 || n->prev >= ACP_MAX_ANIM_NODES || !s->nodes[n->prev].in_use)) ||
                (n->next != ACP_NO_NODE && (n->next < 0 || n->next >= ACP_MAX_ANIM_NODES || !s->nodes[n->next].in_use)))
                acp_snap_fail(io, "sequence.nodes.next", "node %d links to a node not in use", i);
        }
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
    acp_snap_u32(io, &pa->num_parts, "part_array.num_parts");
    xfer_vec3(io, &pa->scale, "part_array.scale");
    xfer_vec3(io, &pa->pending_scale, "part_array.pending_scale");
    xfer_frame(io, &pa->pending_frame, "part_array.pending_frame");
    xfer_sequence(c, pa);
    acp_snap_count(io, &pa->pending_parts, pa->num_parts, "part_array.pending_parts");
    xfer_pending_anim(c, pa);
    if (!io->writing) pa->checked_source = NULL; /* a cache: recomputed from the same source */
    for (uint32_t i = 0; i < pa->num_parts && !io->failed; i++) {
        /* a part whose placement is pending is placed before anything reads its frame
         * (acp_partarray_part_frames): its frame is not written */
        if (i >= pa->pending_parts) xfer_frame(io, &pa->part_frames[i], "part_array.part_frames");
        xfer_vec3(io, &pa->part_gfx_scale[i], "part_array.part_gfx_scale");
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
        if (!has_mtm && pa->motion_table_manager) acp_snap_fail(io, "part_array.motion_table_manager", "the object's Setup made one");
    }
    if (has_mtm && !io->failed) xfer_mtable_manager(c, pa);
}

static void xfer_movement_params(acp_snap_io *io, acp_movement_params *p)
{
    acp_snap_u32(io, &p->bitfield, "params.bitfield");
    acp_snap_f32(io, &p->speed, "params.speed");
    acp_snap_u32(io, &p->hold_key_to_apply, "params.hold_key_to_apply");
    acp_snap_u32(io, &p->context_id, "params.context_id");
    acp_snap_u32(io, &p->action_stamp, "params.action_stamp");
    acp_snap_f32(io, &p->distance_to_object, "params.distance_to_object");
    acp_snap_f32(io, &p->min_distance, "params.min_distance");
    acp_snap_f32(io, &p->fail_distance, "params.fail_distance");
    acp_snap_f32(io, &p->desired_heading, "params.desired_heading");
    acp_snap_f32(io, &p->walk_run_threshhold, "params.walk_run_threshhold");
}

static void xfer_actions(acp_snap_io *io, uint32_t *num, acp_action_node *a, const char *field)
{
    acp_snap_count(io, num, ACP_MAX_MOTION_ACTIONS, field);
    for (uint32_t i = 0; i < *num && !io->failed; i++) {
        acp_snap_u32(io, &a[i].action, field);
        acp_snap_f32(io, &a[i].speed, field);
        acp_snap_u32(io, &a[i].stamp, field);
        acp_snap_bool(io, &a[i].autonomous, field);
    }
}

static void xfer_interp(acp_snap_io *io, acp_motion_interp *m)
{
    acp_snap_bool(io, &m->initted, "interp.initted");
    acp_raw_motion_state *r = &m->raw_state;
    acp_snap_u32(io, &r->current_holdkey, "interp.raw.current_holdkey");
    acp_snap_u32(io, &r->current_style, "interp.raw.current_style");
    acp_snap_u32(io, &r->forward_command, "interp.raw.forward_command");
    acp_snap_u32(io, &r->forward_holdkey, "interp.raw.forward_holdkey");
    acp_snap_f32(io, &r->forward_speed, "interp.raw.forward_speed");
    acp_snap_u32(io, &r->sidestep_command, "interp.raw.sidestep_command");
    acp_snap_u32(io, &r->sidestep_holdkey, "interp.raw.sidestep_holdkey");
    acp_snap_f32(io, &r->sidestep_speed, "interp.raw.sidestep_speed");
    acp_snap_u32(io, &r->turn_command, "interp.raw.turn_command");
    acp_snap_u32(io, &r->turn_holdkey, "interp.raw.turn_holdkey");
    acp_snap_f32(io, &r->turn_speed, "interp.raw.turn_speed");
    xfer_actions(io, &r->num_actions, r->actions, "interp.raw.actions");
    acp_snap_u32(io, &r->dropped, "interp.raw.dropped");
    acp_interpreted_motion_state *s = &m->interpreted_state;
    acp_snap_u32(io, &s->current_style, "interp.interpreted.current_style");
    acp_snap_u32(io, &s->forward_command, "interp.interpreted.forward_command");
    acp_snap_f32(io, &s->forward_speed, "interp.interpreted.forward_speed");
    acp_snap_u32(io, &s->sidestep_command, "interp.interpreted.sidestep_command");
    acp_snap_f32(io, &s->sidestep_speed, "interp.interpreted.sidestep_speed");
    acp_snap_u32(io, &s->turn_command, "interp.interpreted.turn_command");
    acp_snap_f32(io, &s->turn_speed, "interp.interpreted.turn_speed");
    xfer_actions(io, &s->num_actions, s->actions, "interp.interpreted.actions");
    acp_snap_u32(io, &s->dropped, "interp.interpreted.dropped");
    acp_snap_f32(io, &m->current_speed_factor, "interp.current_speed_factor");
    acp_snap_bool(io, &m->standing_longjump, "interp.standing_longjump");
    acp_snap_f32(io, &m->jump_extent, "interp.jump_extent");
    acp_snap_u32(io, &m->server_action_stamp, "interp.server_action_stamp");
    acp_snap_f32(io, &m->my_run_rate, "interp.my_run_rate");
    acp_snap_f32(io, &m->run_rate, "interp.run_rate");
    acp_snap_bool(io, &m->weenie_run_rate, "interp.weenie_run_rate");
    acp_snap_count(io, &m->num_pending, ACP_MAX_PENDING_MOTIONS, "interp.num_pending");
    for (uint32_t i = 0; i < m->num_pending && !io->failed; i++) {
        acp_snap_u32(io, &m->pending[i].context_id, "interp.pending.context_id");
        acp_snap_u32(io, &m->pending[i].motion, "interp.pending.motion");
        acp_snap_u32(io, &m->pending[i].jump_error_code, "interp.pending.jump_error_code");
    }
    acp_snap_u32(io, &m->dropped, "interp.dropped");
}

static void xfer_moveto(acp_snap_io *io, acp_moveto_manager *m)
{
    acp_snap_u32(io, &m->movement_type, "moveto.movement_type");
    xfer_position(io, &m->sought_position, "moveto.sought_position");
    xfer_position(io, &m->current_target_position, "moveto.current_target_position");
    xfer_position(io, &m->starting_position, "moveto.starting_position");
    xfer_movement_params(io, &m->movement_params);
    acp_snap_f32(io, &m->previous_heading, "moveto.previous_heading");
    acp_snap_f32(io, &m->previous_distance, "moveto.previous_distance");
    acp_snap_f64(io, &m->previous_distance_time, "moveto.previous_distance_time");
    acp_snap_f32(io, &m->original_distance, "moveto.original_distance");
    acp_snap_f64(io, &m->original_distance_time, "moveto.original_distance_time");
    acp_snap_u32(io, &m->fail_progress_count, "moveto.fail_progress_count");
    acp_snap_u32(io, &m->sought_object_id, "moveto.sought_object_id");
    acp_snap_u32(io, &m->top_level_object_id, "moveto.top_level_object_id");
    acp_snap_f32(io, &m->sought_object_radius, "moveto.sought_object_radius");
    acp_snap_f32(io, &m->sought_object_height, "moveto.sought_object_height");
    acp_snap_u32(io, &m->current_command, "moveto.current_command");
    acp_snap_u32(io, &m->aux_command, "moveto.aux_command");
    acp_snap_bool(io, &m->moving_away, "moveto.moving_away");
    acp_snap_bool(io, &m->initialized, "moveto.initialized");
    acp_snap_count(io, &m->num_nodes, ACP_MOVETO_MAX_NODES, "moveto.num_nodes");
    for (uint32_t i = 0; i < m->num_nodes && !io->failed; i++) {
        acp_snap_u32(io, &m->nodes[i].type, "moveto.nodes.type");
        acp_snap_f32(io, &m->nodes[i].heading, "moveto.nodes.heading");
    }
    acp_snap_u32(io, &m->last_cancel, "moveto.last_cancel");
}

static void xfer_movement_manager(acp_snap_io *io, acp_physobj *obj)
{
    acp_movement_manager *mm = obj->movement_manager;
    acp_snap_bool(io, &mm->has_interp, "movement.has_interp");
    if (mm->has_interp) xfer_interp(io, &mm->interp);
    acp_snap_bool(io, &mm->has_moveto, "movement.has_moveto");
    if (mm->has_moveto) xfer_moveto(io, &mm->moveto);
    if (!io->writing) mm->interp.physics_obj = mm->moveto.physics_obj = mm->physics_obj = obj;
}

/* ---- position manager ---- */

static void xfer_position_manager(acp_snap_io *io, acp_physobj *obj)
{
    acp_position_manager *pm = obj->position_manager;
    acp_snap_bool(io, &pm->has_interpolation, "position.has_interpolation");
    acp_snap_bool(io, &pm->has_sticky, "position.has_sticky");
    acp_snap_bool(io, &pm->has_constraint, "position.has_constraint");
    acp_interpolation_manager *im = &pm->interpolation;
    xfer_index(io, &im->head, ACP_INTERP_MAX_NODES, false, "interpolation.head");
    acp_snap_count(io, &im->count, ACP_INTERP_MAX_NODES, "interpolation.count");
    for (uint32_t k = 0; k < im->count && !io->failed; k++) {
        acp_interp_node *n = &im->nodes[(im->head + k) % ACP_INTERP_MAX_NODES];
        acp_snap_u32(io, &n->type, "interpolation.nodes.type");
        xfer_position(io, &n->p, "interpolation.nodes.p");
        xfer_vec3(io, &n->velocity, "interpolation.nodes.velocity");
    }
    acp_snap_bool(io, &im->keep_heading, "interpolation.keep_heading");
    acp_snap_u32(io, &im->frame_counter, "interpolation.frame_counter");
    acp_snap_f32(io, &im->original_distance, "interpolation.original_distance");
    acp_snap_f32(io, &im->progress_quantum, "interpolation.progress_quantum");
    acp_snap_u32(io, &im->node_fail_counter, "interpolation.node_fail_counter");
    xfer_position(io, &im->blipto_position, "interpolation.blipto_position");
    acp_sticky_manager *sm = &pm->sticky;
    acp_snap_u32(io, &sm->target_id, "sticky.target_id");
    acp_snap_f32(io, &sm->target_radius, "sticky.target_radius");
    xfer_position(io, &sm->target_position, "sticky.target_position");
    acp_snap_bool(io, &sm->initialized, "sticky.initialized");
    acp_snap_f64(io, &sm->sticky_timeout_time, "sticky.sticky_timeout_time");
    acp_constraint_manager *cm = &pm->constraint;
    acp_snap_bool(io, &cm->is_constrained, "constraint.is_constrained");
    acp_snap_f32(io, &cm->constraint_pos_offset, "constraint.constraint_pos_offset");
    xfer_position(io, &cm->constraint_pos, "constraint.constraint_pos");
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
    xfer_position(io, &t->target_position, "target.info.target_position");
    xfer_position(io, &t->interpolated_position, "target.info.interpolated_position");
    xfer_vec3(io, &t->interpolated_heading, "target.info.interpolated_heading");
    xfer_vec3(io, &t->velocity, "target.info.velocity");
    acp_snap_u32(io, &t->status, "target.info.status");
    acp_snap_f64(io, &t->last_update_time, "target.info.last_update_time");
    acp_snap_bool(io, &tm->has_voyeur_table, "target.has_voyeur_table");
    uint32_t n = tm->num_voyeurs;
    acp_snap_count(io, &n, 1u << 20, "target.num_voyeurs");
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
        xfer_position(io, &v->last_sent_position, "target.voyeurs.last_sent_position");
    }
    acp_snap_f64(io, &tm->last_update_time, "target.last_update_time");
    acp_snap_u32(io, &tm->updates_sent, "target.updates_sent");
    if (!io->writing) tm->physobj = obj;
}

/* ---- scripts and particles ---- */

static void xfer_particle(acp_snap_io *io, acp_particle *p)
{
    acp_snap_f64(io, &p->birthtime, "particle.birthtime");
    acp_snap_f64(io, &p->lifespan, "particle.lifespan");
    acp_snap_f64(io, &p->lifetime, "particle.lifetime");
    xfer_frame(io, &p->start_frame, "particle.start_frame");
    xfer_vec3(io, &p->offset, "particle.offset");
    xfer_vec3(io, &p->a, "particle.a");
    xfer_vec3(io, &p->b, "particle.b");
    xfer_vec3(io, &p->c, "particle.c");
    acp_snap_f32(io, &p->start_scale, "particle.start_scale");
    acp_snap_f32(io, &p->final_scale, "particle.final_scale");
    acp_snap_f32(io, &p->start_trans, "particle.start_trans");
    acp_snap_f32(io, &p->final_trans, "particle.final_trans");
    xfer_frame(io, &p->frame, "particle.frame");
    acp_snap_f32(io, &p->scale, "particle.scale");
    acp_snap_f32(io, &p->translucency, "particle.translucency");
    acp_snap_bool(io, &p->live, "particle.live");
}

static void xfer_fx(snap_ctx *c, acp_object_fx *fx)
{
    acp_snap_io *io = c->io;
    acp_fx_pool *pool = c->w->fx_pool;
    acp_snap_bool(io, &fx->has_scripts, "fx.has_scripts");
    acp_snap_bool(io, &fx->has_particles, "fx.has_particles");
    acp_script_manager *sm = &fx->scripts;
    xfer_index(io, &sm->head, ACP_MAX_SCRIPTS_QUEUED, false, "scripts.head");
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
        xfer_frame(io, &e->parent_offset, "emitter.parent_offset");
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
            for (uint32_t k = 0; k < need && !io->failed; k++) xfer_particle(io, &e->particles[k]);
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
        xfer_vec3(io, &e->last_emit_offset, "emitter.last_emit_offset");
        acp_snap_bool(io, &e->stopped, "emitter.stopped");
        acp_snap_f64(io, &e->last_update_time, "emitter.last_update_time");
        if (!io->writing && !io->failed && e->info && (e->num_particles < 0 || e->num_particles > (int32_t)e->info->max_particles))
            acp_snap_fail(io, "emitter.num_particles", "%d is outside 0..%d", (int)e->num_particles, (int)e->info->max_particles);
    }
}

static void xfer_fx_pool(snap_ctx *c)
{
    acp_snap_io *io = c->io;
    acp_world *w = c->w;
    bool has_pool = w->fx_pool != NULL;
    uint32_t cap_fx = has_pool ? w->fx_pool->cap_fx : 0, cap_particles = has_pool ? w->fx_pool->cap_particles : 0;
    acp_snap_bool(io, &has_pool, "fx_pool");
    acp_snap_count(io, &cap_fx, 1u << 24, "fx_pool.cap_fx");
    acp_snap_count(io, &cap_particles, 1u << 26, "fx_pool.cap_particles");
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
    acp_snap_u32(io, &p->hint, "fx_pool.hint");
    acp_snap_u64(io, &p->overflow_fx, "fx_pool.overflow_fx");
    acp_snap_u64(io, &p->overflow_particles, "fx_pool.overflow_particles");
    acp_snap_u64(io, &p->overflow_emitters, "fx_pool.overflow_emitters");
    acp_snap_u64(io, &p->particle_updates, "fx_pool.particle_updates");
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
        xfer_particle(io, &p->particles[i]);
    }
}

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

static void xfer_object_body(snap_ctx *c, acp_physobj *obj, bool block_static)
{
    acp_snap_io *io = c->io;
    acp_world *w = c->w;
    acp_snap_u32(io, &obj->state, "state");
    acp_snap_u32(io, &obj->transient_state, "transient_state");
    acp_snap_bool(io, &obj->has_cell, "has_cell");
    acp_snap_bool(io, &obj->has_parent, "has_parent");
    acp_snap_bool(io, &obj->jumped_this_frame, "jumped_this_frame");
    xfer_position(io, &obj->position, "position");
    xfer_vec3(io, &obj->velocity, "velocity");
    xfer_vec3(io, &obj->acceleration, "acceleration");
    xfer_vec3(io, &obj->omega, "omega");
    xfer_vec3(io, &obj->cached_velocity, "cached_velocity");
    acp_snap_f32(io, &obj->scale, "scale");
    acp_snap_f64(io, &obj->update_time, "update_time");
    /* the part array: its Setup's id (a fresh object gets it made); a landblock static's exists */
    bool has_pa = obj->part_array != NULL;
    uint32_t setup_id = has_pa && obj->part_array->setup ? obj->part_array->setup->id : 0;
    if (io->writing && has_pa && !obj->part_array->setup) {
        acp_snap_fail(io, "part_array", "was built by hand, without a Setup: no snapshot names it");
        return;
    }
    acp_snap_bool(io, &has_pa, "part_array");
    acp_snap_u32(io, &setup_id, "part_array.setup");
    if (!io->writing && !io->failed) {
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
    if (has_pa && !io->failed) {
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
    if (has_mm && !io->failed) xfer_movement_manager(io, obj);
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
    xfer_vec3(io, &obj->contact_plane.n, "contact_plane.n");
    acp_snap_f32(io, &obj->contact_plane.d, "contact_plane.d");
    acp_snap_u32(io, &obj->contact_plane_cell_id, "contact_plane_cell_id");
    xfer_vec3(io, &obj->sliding_normal, "sliding_normal");
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
        if (cap > ACP_MAX_SHADOW_CELLS) slots = acp_shadow_pool_take_wide(&w->shadows, cap);
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
    xfer_vec3(io, &obj->player_vector, "player_vector");
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
        xfer_index(io, &fx_index, w->fx_pool ? w->fx_pool->num_fx : 0, true, "fx");
        if (!io->writing && !io->failed) obj->fx = fx_index == NO_INDEX ? NULL : &w->fx_pool->fx[fx_index];
    }
    if (obj->fx && !io->failed) xfer_fx(c, obj->fx);
    xfer_record(c, (const void **)&obj->physics_script_table, obj->physics_script_table ? obj->physics_script_table->id : 0,
                find_script_table, NULL, "PhysicsScriptTable", "physics_script_table");
    acp_snap_u32(io, &obj->default_script, "default_script");
    acp_snap_f32(io, &obj->default_script_intensity, "default_script_intensity");
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
        xfer_object_ref(c, &obj, "shadows.entry.object");
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
            xfer_index(io, &at, pool->num_lists, false, "shadows.list.cell_slot");
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
    c->all = malloc(((size_t)w->num_objects + w->num_static + w->num_block_statics + 1) * sizeof *c->all);
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
    c->num_all = n;
    c->by_address = malloc(((size_t)n + 1) * sizeof *c->by_address);
    if (!c->by_address) return false;
    for (uint32_t i = 0; i < n; i++) c->by_address[i] = (obj_slot){c->all[i], i};
    qsort(c->by_address, n, sizeof *c->by_address, by_address_cmp);
    return true;
}

/* What the world's transitions keep from one sweep to the next (retail's static transit[]: a
 * sweep sets only the fields it finds, and the commit copies the others as they were). */
static void xfer_transits(acp_snap_io *io, acp_world *w)
{
    for (int i = 0; i < ACP_TRANSITION_POOL && !io->failed; i++) {
        acp_collision_info *c = &w->transit[i].collision_info;
        xfer_vec3(io, &c->last_known_contact_plane.n, "transit.last_known_contact_plane.n");
        acp_snap_f32(io, &c->last_known_contact_plane.d, "transit.last_known_contact_plane.d");
        acp_snap_bool(io, &c->last_known_contact_plane_is_water, "transit.last_known_contact_plane_is_water");
        acp_snap_u32(io, &c->last_known_contact_plane_cell_id, "transit.last_known_contact_plane_cell_id");
        xfer_vec3(io, &c->contact_plane.n, "transit.contact_plane.n");
        acp_snap_f32(io, &c->contact_plane.d, "transit.contact_plane.d");
        acp_snap_bool(io, &c->contact_plane_is_water, "transit.contact_plane_is_water");
        xfer_vec3(io, &c->sliding_normal, "transit.sliding_normal");
        xfer_vec3(io, &c->collision_normal, "transit.collision_normal");
        xfer_vec3(io, &c->adjust_offset, "transit.adjust_offset");
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

static void xfer_world_body(snap_ctx *c)
{
    acp_snap_io *io = c->io;
    acp_world *w = c->w;
    set_where(io, "world");
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
        c->num_all = c->num_table + c->num_static_only + num_blocks;
        c->all = calloc((size_t)c->num_all + 1, sizeof *c->all);
        if (!c->all) {
            acp_snap_fail(io, "world.num_objects", "out of memory");
            return;
        }
        for (uint32_t i = 0; i < num_blocks; i++) c->all[c->num_table + c->num_static_only + i] = w->block_statics[i];
    }
    /* the objects' ids, and the table's serials */
    uint32_t made = c->num_table + c->num_static_only;
    for (uint32_t i = 0; i < made && !io->failed; i++) {
        uint32_t id = io->writing ? c->all[i]->id : 0;
        uint32_t serial = io->writing && i < c->num_table ? w->insert_serial[i] : 0;
        set_where(io, "object %u", (unsigned)i);
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
        if (!io->writing && !io->failed && i < c->num_table) w->insert_serial[i] = serial; /* the table in the saved order below */
    }
    if (io->failed) return;
    if (!io->writing) {
        for (uint32_t i = 0; i < c->num_table; i++) w->objects[i] = c->all[i];
        w->num_objects = c->num_table;
    }
    set_where(io, "world");
    acp_snap_u32(io, &w->next_serial, "world.next_serial");
    uint32_t num_static = w->num_static;
    acp_snap_count(io, &num_static, w->cap_static, "world.num_static");
    for (uint32_t i = 0; i < num_static && !io->failed; i++) xfer_object_ref(c, &w->static_objects[i], "world.static_objects");
    if (!io->writing && !io->failed) {
        w->num_static = num_static;
        for (uint32_t i = 0; i < num_static && !io->failed; i++)
            if (!w->static_objects[i]) acp_snap_fail(io, "world.static_objects", "entry %u names no object", (unsigned)i);
    }
    xfer_object_ref(c, &w->player, "world.player");
    xfer_fx_pool(c);
    for (uint32_t i = 0; i < c->num_all && !io->failed; i++) {
        acp_physobj *obj = c->all[i];
        set_where(io, "object %u (0x%08X)", (unsigned)i, (unsigned)obj->id);
        if (!io->writing)
            for (uint32_t k = 0; obj->shadow_objects && k < obj->cap_shadow_objects; k++) obj->shadow_objects[k].list = NULL;
        xfer_object_body(c, obj, i >= made);
    }
    set_where(io, "world");
    if (!io->failed) xfer_shadows(c);
}

static void write_header(acp_snap_io *io, const uint8_t *magic, uint64_t records_digest, uint32_t profile, uint32_t flags)
{
    put(io, magic, 8, "magic");
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
    snap_ctx c = {io, w, NULL, NULL, 0, 0, 0, false};
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
    return open_stream(io, MAGIC, "an acphys snapshot (it begins \"ACPSNAP\\0\")", bytes, size, records_digest, profile,
                       check_sum, has_host);
}

static bool open_stream(acp_snap_io *io, const uint8_t *magic_want, const char *what, const uint8_t *bytes, size_t size,
                        uint64_t records_digest, uint32_t profile, bool check_sum, bool *has_host)
{
    memset(io, 0, sizeof *io);
    io->in = bytes;
    io->size = size;
    *has_host = false;
    uint8_t magic[8];
    if (!get(io, magic, sizeof magic, "magic")) return false;
    if (memcmp(magic, magic_want, sizeof magic) != 0) {
        io->pos = 0;
        return acp_snap_fail(io, "magic", "not %s", what);
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
    snap_ctx c = {io, w, NULL, NULL, 0, 0, 0, false};
    xfer_world_body(&c);
    free(c.all);
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
    snap_ctx c = {io, w, NULL, NULL, 0, 0, 0, true};
    uint32_t id = obj->id;
    bool in_static = static_only(w, obj);
    set_where(io, "object 0x%08X", (unsigned)id);
    acp_snap_u32(io, &id, "id");
    acp_snap_bool(io, &in_static, "static_animating");
    xfer_object_body(&c, obj, false);
    io->where[0] = 0;
    return !io->failed && acp_snapshot_finish(io);
}

acp_physobj *acp_object_snapshot_read(acp_snap_io *io, acp_world *w, const uint8_t *bytes, size_t size, uint64_t records_digest,
                                      bool *exists)
{
    bool has_host = false;
    *exists = false;
    if (!open_stream(io, OBJECT_MAGIC, "an acphys object (it begins \"ACPOBJ\\0\\0\")", bytes, size, records_digest,
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
    set_where(io, "object 0x%08X", (unsigned)id);
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
    acp_physobj *obj = acp_world_add_object(w, id);
    if (!obj) {
        acp_snap_fail(io, "id", "out of memory making the object");
        return NULL;
    }
    snap_ctx c = {io, w, NULL, NULL, 0, 0, 0, true};
    xfer_object_body(&c, obj, false);
    if (!io->failed) acp_snapshot_close(io);
    if (io->failed) {
        acp_world_remove_object(w, id);
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
    return obj;
}
