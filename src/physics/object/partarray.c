/* acphys — retail CPartArray. See partarray.h. Read against PORTAL/cphysobj/CPartArray.c. */
#include "partarray.h"
#include "base/shortcuts.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "physics/shapes/gfxobj.h"
#include "physics/world/physics.h"
#include "physics/world/transition.h"
#include "physics_part.h"
#include "physobj.h"
#include "physobj_motion.h"

/* The sweep's fields (partarray.h) in one cache line: a part array in a world starts a line
 * (base/slab.h; one made without a world comes from the heap, unaligned). Every sweep that meets
 * the object reads num_cylspheres and then cylspheres or spheres (physobj_collide.c); the mover's
 * get_object_info and init_sphere read setup and spheres. The span checked is spheres to setup,
 * declared in that order; on 64-bit targets it ends on the line's last byte, so a field added
 * before it (or a larger acp_sequence) fails here rather than splitting the line unseen. */
#define ACP_PA_LINE(field) (offsetof(acp_partarray, field) / 64u)
#define ACP_PA_LAST_LINE(field) ((offsetof(acp_partarray, field) + sizeof ((acp_partarray *)0)->field - 1u) / 64u)
_Static_assert(offsetof(acp_partarray, spheres) < offsetof(acp_partarray, num_cylspheres) &&
                   offsetof(acp_partarray, num_cylspheres) < offsetof(acp_partarray, cylspheres) &&
                   offsetof(acp_partarray, cylspheres) < offsetof(acp_partarray, part_physics) &&
                   offsetof(acp_partarray, part_physics) < offsetof(acp_partarray, setup),
               "acp_partarray: the sweep's fields in the order the line check assumes");
_Static_assert(ACP_PA_LINE(spheres) == ACP_PA_LAST_LINE(setup),
               "acp_partarray: spheres, num_cylspheres, cylspheres, part_physics and setup share one line");

#define PLACEMENT_RESTING 0x65u

static bool alloc_arrays(acp_partarray *pa, uint32_t num_parts, uint32_t num_spheres)
{
    size_t n = num_parts ? num_parts : 1;
    pa->part_frames = calloc(n, sizeof *pa->part_frames);
    pa->part_gfx_scale = calloc(n, sizeof *pa->part_gfx_scale);
    pa->part_translucency = calloc(n, sizeof(float));
    pa->part_luminosity = calloc(n, sizeof(float));
    pa->part_diffusion = calloc(n, sizeof(float));
    pa->part_physics = calloc(n, sizeof *pa->part_physics);
    if (num_spheres) pa->spheres = calloc(num_spheres, sizeof *pa->spheres);
    return pa->part_frames && pa->part_gfx_scale && pa->part_translucency && pa->part_luminosity &&
           pa->part_diffusion && pa->part_physics && (!num_spheres || pa->spheres);
}

/* The slab of part arrays, and of motion table managers, of a part array's world (NULL: heap). */
static acp_slab *part_array_slab(acp_world_slabs *slabs) { return slabs ? &slabs->part_arrays : NULL; }
static acp_slab *manager_slab(acp_world_slabs *slabs) { return slabs ? &slabs->mtable_managers : NULL; }

static acp_partarray *alloc_partarray(struct acp_physobj *owner, uint32_t num_parts, uint32_t num_spheres,
                                      const acp_record_source *records)
{
    acp_world_slabs *slabs = owner && owner->world ? &owner->world->slabs : NULL;
    acp_partarray *pa = acp_block_alloc(part_array_slab(slabs), sizeof *pa);
    if (!pa) return NULL;
    pa->slabs = slabs;
    pa->owner = owner;
    pa->num_parts = num_parts;
    pa->scale = (acp_vec3){1.0f, 1.0f, 1.0f};
    if (records) pa->records = *records;
    acp_sequence_init(&pa->sequence, owner, &pa->records);
    pa->sequence.root_memo = owner && owner->world ? owner->world->root_memo : NULL;
    if (!alloc_arrays(pa, num_parts, num_spheres)) {
        acp_partarray_destroy(pa);
        return NULL;
    }
    for (uint32_t i = 0; i < num_parts; i++) {
        pa->part_frames[i] = acp_frame_identity();
        pa->part_gfx_scale[i] = (acp_vec3){1.0f, 1.0f, 1.0f};
    }
    return pa;
}

acp_partarray *acp_partarray_create_spheres(struct acp_physobj *owner, const acp_sphere *spheres, uint32_t num_spheres)
{
    acp_partarray *pa = alloc_partarray(owner, 0, num_spheres, NULL);
    if (!pa) return NULL;
    if (num_spheres) memcpy((acp_sphere *)pa->spheres, spheres, num_spheres * sizeof *spheres);
    pa->num_spheres = num_spheres;
    return pa;
}

acp_partarray *acp_partarray_create(struct acp_physobj *owner, const acp_setup *setup, const acp_record_source *records)
{
    acp_partarray *pa = alloc_partarray(owner, setup->num_parts, setup->num_spheres, records);
    if (!pa) return NULL;
    pa->setup = setup;
    if (setup->num_spheres) memcpy((acp_sphere *)pa->spheres, setup->spheres, setup->num_spheres * sizeof *setup->spheres);
    pa->num_spheres = setup->num_spheres;
    pa->num_cylspheres = setup->num_cylspheres;
    pa->cylspheres = setup->cylspheres;
    if (setup->default_scale)
        for (uint32_t i = 0; i < setup->num_parts; i++) pa->part_gfx_scale[i] = setup->default_scale[i];
    acp_partarray_init_defaults(pa);
    acp_partarray_set_placement_frame(pa, PLACEMENT_RESTING);
    return pa;
}

void acp_partarray_destroy(acp_partarray *pa)
{
    if (!pa) return;
    free(pa->part_frames);
    free(pa->part_gfx_scale);
    free(pa->part_translucency);
    free(pa->part_luminosity);
    free(pa->part_diffusion);
    free(pa->part_physics);
    free((acp_sphere *)pa->spheres);
    acp_block_free(manager_slab(pa->slabs), pa->motion_table_manager);
    acp_block_free(part_array_slab(pa->slabs), pa);
}

void acp_partarray_init_defaults(acp_partarray *pa)
{
    if (pa->setup && pa->setup->default_animation) {
        acp_sequence_clear_animations(&pa->sequence);
        acp_anim_data ad = {pa->setup->default_animation, 0, -1, 30.0f};
        acp_sequence_append_animation(&pa->sequence, &ad);
    }
    if (pa->owner && pa->setup) acp_physobj_init_defaults(pa->owner, pa->setup);
}

/* (Inlined into UpdatePositionInternal in the .wasm: once a quantum, and V8 does not inline
 * WebAssembly calls; BENCHMARKS.md, item 13.) */
ACP_WASM_INLINE void acp_partarray_update(acp_partarray *pa, float quantum, acp_frame *offset_frame)
{
    acp_sequence_update_offset(&pa->sequence, quantum, offset_frame);
}

const acp_frame *acp_partarray_part_frames(acp_partarray *pa)
{
    for (uint32_t i = 0; i < pa->pending_parts; i++)
        acp_frame_combine_scaled(&pa->part_frames[i], &pa->pending_frame, &pa->pending_anim[i], pa->pending_scale);
    pa->pending_parts = 0;
    return pa->part_frames;
}

static bool finite3(acp_vec3 v) { return isfinite(v.x) && isfinite(v.y) && isfinite(v.z); }

/* Whether Frame::combine(frame, parts[i] scaled) is certain to give every part a valid rotation,
 * so that no earlier placement can show through Frame::set_rotate's fallback (which keeps the
 * previous rotation and matrix of a part whose new rotation is not valid). A sufficient test in
 * two halves: the frame and scale are finite and the frame's quaternion has a norm² in
 * [0.25, 4]; every part's origin is finite and its quaternion has a finite norm² in
 * [10^-20, 10^30]. Then every origin is finite or infinite, never NaN (double sums of float
 * products cannot overflow), and every quaternion product is finite, of norm |a|·|b| far from
 * zero in float, and normalizes to a unit quaternion. */
static bool frame_combines_validly(const acp_frame *frame, acp_vec3 scale)
{
    double a2 = (double)frame->qw * frame->qw + (double)frame->qx * frame->qx + (double)frame->qy * frame->qy +
                (double)frame->qz * frame->qz;
    return a2 >= 0.25 && a2 <= 4.0 && finite3(frame->origin) && finite3(scale);
}

/* The parts' half: acp_aframes_combine_validly (dat/records.h, shared with the DAT reader's
 * check of each animation record, SHORTCUTS S21). */
static bool parts_combine_validly(const acp_aframe *parts, uint32_t n) { return acp_aframes_combine_validly(parts, n); }

/* current_parts_combine_validly for a source other than the last checked: a source checked
 * before moves to the front with its answer (the ones before it shift back one); a new one is
 * checked. Records do not change while objects use them (recsource.h). */
static __attribute__((noinline)) void recheck_source(acp_partarray *pa, const void *source, const acp_anim_node *node,
                                                     const acp_anim_frame *af, uint32_t frame_parts)
{
    /* docs/SHORTCUTS.md S21: an animation read from a DAT carries the answer, found once when it
     * was read (the same test over every frame); one built by hand, or a placement frame, is
     * looked up in the memo and checked here. */
    if (node && node->anim->parts_check != ACP_ANIM_PARTS_UNKNOWN) {
        pa->checked_source = source;
        pa->checked_valid = node->anim->parts_check == ACP_ANIM_PARTS_VALID;
        return;
    }
    const void *prev = pa->checked_source;
    bool prev_valid = pa->checked_valid;
    for (uint32_t i = 0; i < ACP_PARTARRAY_CHECKED && prev; i++) {
        const void *s = pa->checked_before[i];
        bool v = pa->checked_before_valid[i];
        pa->checked_before[i] = prev;
        pa->checked_before_valid[i] = prev_valid;
        if (s == source) {
            pa->checked_source = source;
            pa->checked_valid = v;
            return;
        }
        prev = s;
        prev_valid = v;
    }
    bool ok = true;
    if (node) {
        const acp_animation *a = node->anim;
        for (uint32_t f = 0; f < a->num_frames && ok; f++) ok = parts_combine_validly(a->part_frames[f].parts, a->num_parts);
    } else {
        ok = parts_combine_validly(af->parts, frame_parts);
    }
    pa->checked_source = source;
    pa->checked_valid = ok;
}

/* The part-frame half for the current animation (every frame of it) or placement frame,
 * remembered per record for the last ACP_PARTARRAY_CHECKED + 1 records. */
static bool current_parts_combine_validly(acp_partarray *pa, const acp_anim_frame *af, uint32_t frame_parts)
{
    const acp_anim_node *node = acp_sequence_node(&pa->sequence, pa->sequence.curr_anim);
    const void *source = node ? (const void *)node->anim : (const void *)af;
    if (source != pa->checked_source) recheck_source(pa, source, node, af, frame_parts);
    return pa->checked_valid;
}

ACP_WASM_INLINE void acp_partarray_set_frame(acp_partarray *pa, const acp_frame *frame)
{
    uint32_t frame_parts;
    const acp_anim_frame *af = acp_sequence_get_curr_animframe(&pa->sequence, &frame_parts);
    if (!af) return;
    uint32_t n = pa->num_parts < frame_parts ? pa->num_parts : frame_parts;
    /* Placing the pending parts first is what retail does; skipping that is only allowed where
     * this placement overwrites every bit of it. */
    if (pa->pending_parts && (n < pa->pending_parts || !frame_combines_validly(frame, pa->scale) ||
                              !current_parts_combine_validly(pa, af, frame_parts)))
        acp_partarray_part_frames(pa);
    pa->pending_parts = n;
    pa->pending_anim = af->parts;
    pa->pending_frame = *frame;
    pa->pending_scale = pa->scale;
#if !ACP_SHORTCUTS
    acp_partarray_part_frames(pa); /* docs/SHORTCUTS.md S15: retail places the parts now */
#endif
}

static const acp_placement *find_placement(const acp_setup *setup, uint32_t id)
{
    for (uint32_t i = 0; i < setup->num_placements; i++)
        if (setup->placements[i].key == id) return &setup->placements[i];
    return NULL;
}

bool acp_partarray_set_placement_frame(acp_partarray *pa, uint32_t id)
{
    if (!pa->setup) return false;
    const acp_placement *p = find_placement(pa->setup, id);
    if (!p) p = find_placement(pa->setup, 0);
    if (!p) {
        acp_sequence_set_placement_frame(&pa->sequence, NULL, 0, 0);
        return false;
    }
    acp_sequence_set_placement_frame(&pa->sequence, &p->frame, p->key, pa->setup->num_parts);
    return true;
}

bool acp_partarray_set_motion_table(acp_partarray *pa, uint32_t table_id)
{
    if (pa->motion_table_manager) {
        /* MotionTableManager::GetMotionTableID: the loaded table's id, 0 when none was found. */
        const acp_motion_table *t = pa->motion_table_manager->table;
        if ((t ? t->id : 0u) == table_id) return true;
        acp_block_free(manager_slab(pa->slabs), pa->motion_table_manager);
        pa->motion_table_manager = NULL;
    }
    if (!table_id) return true;
    pa->motion_table_manager = acp_block_alloc(manager_slab(pa->slabs), sizeof *pa->motion_table_manager);
    if (!pa->motion_table_manager) return false;
    acp_mtable_manager_init(pa->motion_table_manager, pa->owner, table_id, &pa->records);
    return true;
}

void acp_partarray_handle_movement(acp_partarray *pa)
{
    if (pa->motion_table_manager) acp_mtable_manager_use_time(pa->motion_table_manager);
}

void acp_partarray_animation_done(acp_partarray *pa, bool success)
{
    if (pa->motion_table_manager) acp_mtable_manager_animation_done(pa->motion_table_manager, success);
}

void acp_partarray_initialize_motion_tables(acp_partarray *pa)
{
    if (pa->motion_table_manager) acp_mtable_manager_initialize_state(pa->motion_table_manager, &pa->sequence);
}

void acp_partarray_check_for_completed_motions(acp_partarray *pa)
{
    if (pa->motion_table_manager) acp_mtable_manager_check_for_completed_motions(pa->motion_table_manager);
}

void acp_partarray_handle_enter_world(acp_partarray *pa)
{
    if (pa->motion_table_manager) acp_mtable_manager_handle_enter_world(pa->motion_table_manager, &pa->sequence);
}

void acp_partarray_handle_exit_world(acp_partarray *pa)
{
    if (pa->motion_table_manager) acp_mtable_manager_handle_exit_world(pa->motion_table_manager);
}

static uint32_t perform(acp_partarray *pa, uint32_t type, uint32_t motion, float speed)
{
    if (!pa->motion_table_manager) return ACP_MERR_NO_ANIMATION_TABLE;
    return acp_mtable_manager_perform_movement(pa->motion_table_manager, type, motion, speed, &pa->sequence);
}

uint32_t acp_partarray_do_interpreted_motion(acp_partarray *pa, uint32_t motion, float speed)
{
    return perform(pa, ACP_MOVE_INTERPRETED_COMMAND, motion, speed);
}

uint32_t acp_partarray_stop_interpreted_motion(acp_partarray *pa, uint32_t motion, float speed)
{
    return perform(pa, ACP_MOVE_STOP_INTERPRETED_COMMAND, motion, speed);
}

uint32_t acp_partarray_stop_completely_internal(acp_partarray *pa)
{
    return perform(pa, ACP_MOVE_STOP_COMPLETELY, 0, 1.0f);
}

void acp_partarray_set_scale(acp_partarray *pa, acp_vec3 scale)
{
    pa->scale = scale;
    const acp_vec3 *dflt = pa->setup ? pa->setup->default_scale : NULL;
    for (uint32_t i = 0; i < pa->num_parts; i++) {
        if (!dflt) {
            pa->part_gfx_scale[i] = scale;
            continue;
        }
        pa->part_gfx_scale[i].x = (float)((double)dflt[i].x * scale.x);
        pa->part_gfx_scale[i].y = (float)((double)dflt[i].y * scale.y);
        pa->part_gfx_scale[i].z = (float)((double)dflt[i].z * scale.z);
    }
}

void acp_partarray_set_part_value(acp_partarray *pa, float *values, uint32_t part, float value)
{
    if (part == UINT32_MAX) {
        for (uint32_t i = 0; i < pa->num_parts; i++) values[i] = value;
        return;
    }
    if (part < pa->num_parts) values[part] = value;
}

bool acp_partarray_set_part_physics(acp_partarray *pa, uint32_t part, const struct acp_gfxobj_physics *gfx)
{
    if (part >= pa->num_parts) return false;
    pa->part_physics[part] = gfx;
    if (pa->owner) acp_physobj_cache_has_physics_bsp(pa->owner);
    return true;
}

bool acp_partarray_cache_has_physics_bsp(const acp_partarray *pa)
{
    for (uint32_t i = 0; i < pa->num_parts; i++)
        if (pa->part_physics[i] && pa->part_physics[i]->has_physics_bsp) return true;
    return false;
}

int acp_partarray_find_obj_collisions(acp_partarray *pa, struct acp_transition *t)
{
    int ts = ACP_TS_OK;
    if (!pa->num_parts) return ts;
    const acp_frame *frames = acp_partarray_part_frames(pa);
    const uint32_t cell = pa->owner ? pa->owner->position.objcell_id : 0;
    for (uint32_t i = 0; i < pa->num_parts; i++) {
        const acp_position pos = {cell, frames[i]};
        ts = acp_physics_part_find_obj_collisions(pa->part_physics[i], &pos, pa->part_gfx_scale[i], t);
        if (ts != ACP_TS_OK) break;
    }
    return ts;
}
