/* acphys — retail CPhysicsObj: the per-object update. See physobj.h.
 *
 * Read against the retail decompilation (PORTAL/cphysobj/CPhysicsObj.c); every expression keeps
 * retail's operand order and float stores (frame.h explains why).
 */
#include "physobj.h"

#include <float.h>
#include <math.h>
#include <string.h>

#include "base/shortcuts.h"
#include "physics/cell/objcell.h"
#include "physics/geometry/mathx.h"
#include "physics/anim/movement_manager.h"
#include "physics/position/position_manager.h"
#include "target_manager.h"
#include "partarray.h"
#include "childlist.h"
#include "physobj_cell.h"
#include "physobj_children.h"
#include "scripts.h"
#include "object_fx.h"
#include "physics/world/physics.h"
#include "physics/world/transition.h"

void acp_physobj_init(acp_physobj *obj, acp_world *world, uint32_t id)
{
    memset(obj, 0, sizeof *obj);
    obj->id = id;
    obj->world = world;
    obj->state = ACP_EDGE_SLIDE_PS | ACP_LIGHTING_ON_PS | ACP_GRAVITY_PS | ACP_REPORT_COLLISIONS_PS;
    obj->position.frame = acp_frame_identity();
    obj->player_vector = (acp_vec3){0.0f, 0.0f, 1.0f};
    obj->player_distance = FLT_MAX;
    obj->scale = 1.0f;
    obj->friction = ACP_DEFAULT_FRICTION;
    obj->elasticity = ACP_DEFAULT_ELASTICITY;
    obj->update_time = world ? world->now : 0.0;
}

uint32_t acp_physobj_num_spheres(const acp_physobj *obj)
{
    return acp_partarray_num_spheres(obj->part_array);
}

/* ---- activity ---- */

bool acp_physobj_set_active(acp_physobj *obj, bool active)
{
    if (!active) {
        obj->transient_state &= ~(uint32_t)ACP_ACTIVE_TS;
        return true;
    }
    if (obj->state & ACP_STATIC_PS) return false;
    if (!(obj->transient_state & ACP_ACTIVE_TS)) obj->update_time = obj->world->now;
    obj->transient_state |= ACP_ACTIVE_TS;
    return true;
}

void acp_physobj_prepare_to_enter_world(acp_physobj *obj)
{
    obj->update_time = obj->world->now;
    if (obj->state & ACP_STATIC_PS) return;
    if (!(obj->transient_state & ACP_ACTIVE_TS)) obj->update_time = obj->world->now;
    obj->transient_state |= ACP_ACTIVE_TS;
}

/* ---- simple setters ---- */

/* set_frame without the shadow entries' copies (SetPositionInternal's sweep brings them up to
 * date with its shadows: acp_physobj_shadows_after_sweep). */
static void set_frame_parts(acp_physobj *obj, const acp_frame *frame)
{
    bool heading_only = !acp_frame_is_valid(frame) && acp_frame_is_valid_except_for_heading(frame);
    if (frame != &obj->position.frame) obj->position.frame = *frame;
    if (heading_only) {
        obj->position.frame.qw = 0.0f;
        obj->position.frame.qx = 0.0f;
        obj->position.frame.qy = 0.0f;
        obj->position.frame.qz = 0.0f;
    }
    if (!(obj->state & ACP_PARTICLE_EMITTER_PS) && obj->part_array)
        acp_partarray_set_frame(obj->part_array, &obj->position.frame);
    acp_physobj_update_children_internal(obj); /* UpdateChildrenInternal (0x00513DA0) */
}

void acp_physobj_set_frame(acp_physobj *obj, const acp_frame *frame)
{
    set_frame_parts(obj, frame);
    if (obj->num_shadow_objects) acp_objcell_refresh_shadow_origin(obj);
}

void acp_physobj_store_position(acp_physobj *obj, const acp_position *p)
{
    acp_position q = *p;
    if ((q.objcell_id & 0xFFFFu) < 0x100u) acp_landdefs_adjust_to_outside(&q.objcell_id, &q.frame.origin);
    obj->position.objcell_id = q.objcell_id;
    acp_physobj_set_frame(obj, &q.frame);
}

bool acp_physobj_set_ethereal(acp_physobj *obj, bool ethereal)
{
    if (ethereal) {
        obj->state |= ACP_ETHEREAL_PS;
        obj->transient_state &= ~(uint32_t)ACP_CHECK_ETHEREAL_TS;
        return true;
    }
    obj->state &= ~(uint32_t)ACP_ETHEREAL_PS;
    if (!obj->has_parent && obj->has_cell && acp_physobj_ethereal_check_for_collisions(obj)) {
        /* Another object overlaps: stay ethereal and try again next quantum. */
        obj->state |= ACP_ETHEREAL_PS;
        obj->transient_state |= ACP_CHECK_ETHEREAL_TS;
        return false;
    }
    obj->transient_state &= ~(uint32_t)ACP_CHECK_ETHEREAL_TS;
    return true;
}

void acp_physobj_calc_acceleration(acp_physobj *obj)
{
    uint32_t ts = obj->transient_state;
    if ((ts & ACP_CONTACT_TS) && (ts & ACP_ON_WALKABLE_TS) && !(obj->state & ACP_SLEDDING_PS)) {
        obj->acceleration = (acp_vec3){0.0f, 0.0f, 0.0f};
        obj->omega = (acp_vec3){0.0f, 0.0f, 0.0f};
        return;
    }
    if (obj->state & ACP_GRAVITY_PS) {
        obj->acceleration = (acp_vec3){0.0f, 0.0f, ACP_GRAVITY};
        return;
    }
    obj->acceleration = (acp_vec3){0.0f, 0.0f, 0.0f};
}

void acp_physobj_set_on_walkable(acp_physobj *obj, bool on_walkable)
{
    bool was = (obj->transient_state & ACP_ON_WALKABLE_TS) != 0;
    if (on_walkable) obj->transient_state |= ACP_ON_WALKABLE_TS;
    else obj->transient_state &= ~(uint32_t)ACP_ON_WALKABLE_TS;
    if (was && !on_walkable && obj->movement_manager) acp_movement_manager_leave_ground(obj->movement_manager);
    else if (!was && on_walkable && obj->movement_manager) acp_movement_manager_hit_ground(obj->movement_manager);
    acp_physobj_calc_acceleration(obj);
}

void acp_physobj_set_heading(acp_physobj *obj, float degrees)
{
    acp_frame f = obj->position.frame;
    acp_frame_set_heading(&f, degrees);
    acp_physobj_set_frame(obj, &f);
}

void acp_physobj_set_velocity(acp_physobj *obj, acp_vec3 v)
{
    acp_vec3 *cur = &obj->velocity;
    bool changed = fabs((double)v.x - cur->x) > ACP_F_EPSILON || fabs((double)v.y - cur->y) > ACP_F_EPSILON ||
                   fabs((double)v.z - cur->z) > ACP_F_EPSILON;
    if (changed) {
        *cur = v;
        double mag2 = (double)cur->x * cur->x + (double)cur->y * cur->y + (double)cur->z * cur->z;
        if (mag2 > ACP_MAX_VELOCITY * ACP_MAX_VELOCITY) {
            double len = sqrt(mag2);
            float nx = (float)(1.0 / len * cur->x);
            cur->y = (float)(1.0 / len * cur->y);
            cur->z = (float)(1.0 / len * cur->z);
            cur->x = nx;
            cur->x = (float)(50.0 * cur->x);
            cur->y = (float)(50.0 * cur->y);
            cur->z = (float)(50.0 * cur->z);
        }
        obj->jumped_this_frame = true;
    }
    if (obj->state & ACP_STATIC_PS) return;
    if (!(obj->transient_state & ACP_ACTIVE_TS)) obj->update_time = obj->world->now;
    obj->transient_state |= ACP_ACTIVE_TS;
}

void acp_physobj_set_omega(acp_physobj *obj, acp_vec3 omega)
{
    obj->omega = omega;
}

void acp_physobj_set_scale(acp_physobj *obj, float new_scale, double delta)
{
    if (delta >= ACP_F_EPSILON) {
        acp_fphook h = {ACP_FPHOOK_SCALE, obj->world->physics_time, delta, obj->scale, new_scale, 0, 0};
        acp_physobj_add_fp_hook(obj, h);
        return;
    }
    acp_physobj_process_fp_hook(obj, ACP_FPHOOK_SCALE, new_scale, 0);
}

void acp_physobj_set_translucency(acp_physobj *obj, float start, float end, double delta)
{
    if (delta >= ACP_F_EPSILON) {
        acp_fphook h = {ACP_FPHOOK_TRANSLUCENCY, obj->world->physics_time, delta, start, end, 0, 0};
        acp_physobj_add_fp_hook(obj, h);
        return;
    }
    acp_physobj_process_fp_hook(obj, ACP_FPHOOK_TRANSLUCENCY, end, 0);
}

/* ---- surface (PhysicsDesc) ---- */

bool acp_physobj_set_elasticity(acp_physobj *obj, float elasticity)
{
    if (!((double)elasticity >= 0.0)) {
        obj->elasticity = 0.0f;
        return true;
    }
    obj->elasticity = (double)elasticity <= 0.1 ? elasticity : 0.1f;
    return true;
}

bool acp_physobj_set_description_friction(acp_physobj *obj, float friction)
{
    if (!((double)friction >= 0.0 && (double)friction <= 1.0)) return false;
    obj->friction = friction;
    return true;
}

/* ---- the quantum ---- */

/* A fast sledder keeps its own friction on ground no steeper than 10° (retail: cos 10° <= the
 * normal's z, evaluated only when |v|² >= 6.25, as retail's || does); under the comparison mode
 * ace-sled-friction, on ground not nearly flat (ACE's normal z > 0.99999536 gives 0.2). */
static bool sled_keeps_friction(const acp_physobj *obj, float nz)
{
    if (obj->world && (obj->world->peer_rules & ACP_PEER_ACE_SLED_FRICTION)) return !(nz > 0.99999536f);
    return acp_cos(0.1745329251994329) <= nz;
}

void acp_physobj_calc_friction(acp_physobj *obj, float quantum, float velocity_mag2)
{
    if (!(obj->transient_state & ACP_ON_WALKABLE_TS)) return;
    acp_vec3 *v = &obj->velocity;
    const acp_vec3 n = obj->contact_plane.n;
    double frict;
    if (obj->state & ACP_SLEDDING_PS) {
        double dot = (double)v->z * n.z + (double)v->y * n.y + (double)v->x * n.x;
        if (dot >= 0.25) return;
        float f = 0.2f;
        double nx = dot * n.x;
        double ny = dot * n.y;
        float nz = (float)(dot * n.z);
        v->x = (float)(v->x - nx);
        v->y = (float)(v->y - ny);
        v->z = (float)((double)v->z - nz);
        if (velocity_mag2 >= 1.5625f) {
            if (velocity_mag2 < 6.25f || sled_keeps_friction(obj, n.z)) f = obj->friction;
            frict = f;
        } else {
            frict = 1.0;
        }
    } else {
        double dot = (double)n.z * v->z + (double)n.y * v->y + (double)n.x * v->x;
        if (dot >= 0.25) return;
        double nx = dot * n.x;
        double ny = dot * n.y;
        float nz = (float)(dot * n.z);
        v->x = (float)(v->x - nx);
        v->y = (float)(v->y - ny);
        v->z = (float)((double)v->z - nz);
        frict = obj->friction;
    }
    double k = acp_pow(1.0 - frict, quantum);
    v->x = (float)(k * v->x);
    v->y = (float)(k * v->y);
    v->z = (float)(k * v->z);
}

ACP_WASM_INLINE void acp_physobj_update_physics_internal(acp_physobj *obj, float quantum, acp_frame *frame)
{
    acp_vec3 *v = &obj->velocity;
    const acp_vec3 a = obj->acceleration;
    float mag2 = (float)((double)v->x * v->x + (double)v->y * v->y + (double)v->z * v->z);
    if (mag2 <= 0.0f) {
        if (!obj->movement_manager && (obj->transient_state & ACP_ON_WALKABLE_TS))
            obj->transient_state &= ~(uint32_t)ACP_ACTIVE_TS;
    } else {
        const float max2 = (float)(ACP_MAX_VELOCITY * ACP_MAX_VELOCITY);
        if ((double)mag2 > (double)max2) {
            double len = sqrt((double)v->x * v->x + (double)v->y * v->y + (double)v->z * v->z);
            v->x = (float)(1.0 / len * v->x);
            v->y = (float)(1.0 / len * v->y);
            v->z = (float)(1.0 / len * v->z);
            mag2 = max2;
            v->x = (float)(50.0 * v->x);
            v->y = (float)(50.0 * v->y);
            v->z = (float)(50.0 * v->z);
        }
        acp_physobj_calc_friction(obj, quantum, mag2);
        if ((double)mag2 - ACP_SMALL_VELOCITY * ACP_SMALL_VELOCITY < ACP_F_EPSILON) *v = (acp_vec3){0.0f, 0.0f, 0.0f};
        double hx = a.x * 0.5;
        double hy = a.y * 0.5;
        float hz = (float)(a.z * 0.5);
        float ax_q = (float)(hx * quantum);
        float ax_qq = (float)((double)ax_q * quantum);
        float ay_qq = (float)(hy * quantum * quantum);
        double vx_q = (double)quantum * v->x;
        double vy_q = (double)quantum * v->y;
        float vz_q = (float)((double)quantum * v->z);
        float dx = (float)(vx_q + ax_qq);
        float dz = (float)((double)vz_q + (double)hz * quantum * quantum);
        frame->origin.x = (float)((double)dx + frame->origin.x);
        frame->origin.y = (float)(vy_q + ay_qq + frame->origin.y);
        frame->origin.z = (float)((double)dz + frame->origin.z);
    }
    double ax = (double)quantum * a.x;
    double ay = (double)quantum * a.y;
    float az = (float)((double)quantum * a.z);
    v->x = (float)(ax + v->x);
    v->y = (float)(ay + v->y);
    v->z = (float)((double)az + v->z);
    const acp_vec3 o = obj->omega;
    /* A zero omega (±0) makes w (±0, or NaN for a non-finite quantum) and grotate then does
     * nothing (|w|² < EPSILON², or NaN): skipping it is the same bits. */
    if (ACP_SHORTCUTS && o.x == 0.0f && o.y == 0.0f && o.z == 0.0f) return; /* docs/SHORTCUTS.md S11 */
    acp_vec3 w;
    w.x = (float)((double)quantum * o.x);
    w.y = (float)((double)quantum * o.y);
    w.z = (float)((double)quantum * o.z);
    acp_frame_grotate(frame, w);
}

#if ACP_SHORTCUTS
/* The quaternion is (1, +0, +0, +0), bit for bit: the offset of a quantum whose root motion did
 * not rotate (S24 asks its memo only then: a turning object's rotation never repeats). */
static inline bool no_rotation(const acp_frame *f)
{
    uint64_t wx, yz;
    memcpy(&wx, &f->qw, sizeof wx);
    memcpy(&yz, &f->qy, sizeof yz);
    return wx == 0x3F800000u && yz == 0;
}
#endif

void acp_physobj_update_position_internal(acp_physobj *obj, float quantum, acp_frame *out)
{
    acp_frame offset = acp_frame_identity();
    bool hidden = (obj->state & ACP_HIDDEN_PS) != 0;
    if (!hidden) {
        if (obj->part_array) acp_partarray_update(obj->part_array, quantum, &offset);
        double k = (obj->transient_state & ACP_ON_WALKABLE_TS) ? (double)obj->scale : 0.0;
        offset.origin.x = (float)(offset.origin.x * k);
        offset.origin.y = (float)(offset.origin.y * k);
        offset.origin.z = (float)(offset.origin.z * k);
    }
    if (obj->position_manager) acp_position_manager_adjust_offset(obj->position_manager, &offset, quantum);
#if ACP_SHORTCUTS
    if (no_rotation(&offset)) /* docs/SHORTCUTS.md S24 */
        acp_frame_combine_memo(out, &obj->position.frame, &offset, &obj->combine_rotate_memo);
    else
#endif
        acp_frame_combine(out, &obj->position.frame, &offset);
    if (!hidden) acp_physobj_update_physics_internal(obj, quantum, out);
    acp_physobj_process_hooks(obj);
}

/* Keep the new rotation but the old origin (retail's "no move" and "sweep failed" paths). */
static void keep_origin(acp_physobj *obj, acp_frame *candidate)
{
    candidate->origin = obj->position.frame.origin;
    set_frame_parts(obj, candidate); /* set_frame: the same origin and cell, the shadows' copies as they are */
    if (obj->num_shadow_objects) acp_objcell_refresh_shadow_form(obj); /* S26: unless it turned upright or away */
    obj->cached_velocity = (acp_vec3){0.0f, 0.0f, 0.0f};
}

static void align_candidate(acp_physobj *obj, acp_frame *candidate)
{
    if (obj->state & ACP_ALIGNPATH_PS) {
        const acp_vec3 o = obj->position.frame.origin;
        acp_vec3 d;
        d.z = (float)((double)candidate->origin.z - o.z);
        d.y = (float)((double)candidate->origin.y - o.y);
        d.x = (float)((double)candidate->origin.x - o.x);
        double len = sqrt((double)d.x * d.x + (double)d.y * d.y + (double)d.z * d.z);
        d.x = (float)(1.0 / len * d.x);
        d.y = (float)(1.0 / len * d.y);
        d.z = (float)(1.0 / len * d.z);
        acp_frame_set_vector_heading(candidate, d);
    } else if ((obj->state & ACP_SLEDDING_PS) && !acp_vec3_is_zero(obj->velocity)) {
        acp_frame_set_heading(candidate, (float)acp_vec3_get_heading(obj->velocity));
    }
}

static void move_with_spheres(acp_physobj *obj, float quantum, acp_position *candidate)
{
    if (acp_vec3_close(candidate->frame.origin, obj->position.frame.origin)) {
        keep_origin(obj, &candidate->frame);
        return;
    }
    align_candidate(obj, &candidate->frame);
    const acp_transition *t = acp_physobj_transition(obj, &obj->position, candidate, false);
    if (!t) {
        keep_origin(obj, &candidate->frame);
        return;
    }
    acp_vec3 d = acp_position_get_offset(&obj->position, &t->sphere_path.curr_pos);
    obj->cached_velocity = acp_vec3_div(d, quantum);
    acp_physobj_set_position_internal(obj, t);
}

/* The active part of UpdateObjectInternal: the move, then the managers. */
static void update_active(acp_physobj *obj, float quantum)
{
    if (obj->transient_state & ACP_CHECK_ETHEREAL_TS) acp_physobj_set_ethereal(obj, false);
    obj->jumped_this_frame = false;
    acp_position candidate;
    candidate.objcell_id = obj->position.objcell_id;
    candidate.frame = acp_frame_identity();
    acp_physobj_update_position_internal(obj, quantum, &candidate.frame);
    if (obj->part_array && acp_partarray_num_spheres(obj->part_array)) {
        move_with_spheres(obj, quantum, &candidate);
    } else {
        if (!obj->movement_manager && (obj->transient_state & ACP_ON_WALKABLE_TS))
            obj->transient_state &= ~(uint32_t)ACP_ACTIVE_TS;
        keep_origin(obj, &candidate.frame);
    }
    /* DetectionManager: none (it serves the weenie's detection). */
    if (obj->target_manager) acp_target_manager_handle_targetting(obj->target_manager);
    /* MovementManager::UseTime does nothing without a MoveToManager. */
#if ACP_SHORTCUTS
    if (obj->has_moveto_manager) acp_movement_manager_use_time(obj->movement_manager);
#else
    if (obj->movement_manager) acp_movement_manager_use_time(obj->movement_manager); /* S16 */
#endif
    if (obj->part_array) acp_partarray_handle_movement(obj->part_array);
    if (obj->position_manager) acp_position_manager_use_time(obj->position_manager);
}

/* (Inlined into the clock ladders in the .wasm: once a quantum, and V8 does not inline
 * WebAssembly calls; BENCHMARKS.md, item 13.) */
ACP_WASM_INLINE void acp_physobj_update_object_internal(acp_physobj *obj, float quantum)
{
    if (obj->transient_state & ACP_ACTIVE_TS) {
        if (!obj->has_cell) return;
        update_active(obj, quantum);
    }
    /* (An object without a world has no fx: acp_physobj_fx gives none without one. In a world
     * whose pool gave none out, no object's fx is read.) */
    if (!obj->world || !acp_fx_pool_gave_out(obj->world->fx_pool) || !obj->fx ||
        obj->world->profile == ACP_PROFILE_RENDER_FRAME)
        return; /* that profile: per frame */
    acp_physobj_update_particles(obj);
    acp_physobj_update_scripts(obj);
}

/* ---- update_object and its clock ladders ---- */

static void record_quantum(acp_physobj *obj, float quantum)
{
    acp_update_record *r = &obj->record;
    obj->world->num_quanta++;
    if (r->num_quanta < ACP_MAX_QUANTA_PER_UPDATE) r->quanta[r->num_quanta++] = quantum;
}

static void run_quantum(acp_physobj *obj, float quantum)
{
    record_quantum(obj, quantum);
    acp_physobj_update_object_internal(obj, quantum);
    acp_world *w = obj->world;
    if (w->quantum_hook) w->quantum_hook(w->quantum_hook_user, obj, quantum); /* recording only */
}

/* Retail (Hex-Rays reading) and acdream-r6 share the ladder's shape; r6 uses float constants and
 * also requires elapsed > MIN_QUANTUM when elapsed ≤ MAX_QUANTUM. */
static void ladder_retail(acp_physobj *obj, const acp_clock_constants *k, bool min_gate_whole)
{
    acp_world *w = obj->world;
    double elapsed = w->now - obj->update_time;
    w->physics_time = obj->update_time;
    obj->record.elapsed = elapsed;
    if (!(elapsed > k->epsilon) || !(elapsed <= k->huge_quantum)) {
        obj->update_time = w->now;
        return;
    }
    bool remainder = true;
    if (elapsed > k->max_quantum) {
        do {
            w->physics_time += k->max_quantum;
            run_quantum(obj, (float)k->max_quantum);
            elapsed -= k->max_quantum;
        } while (elapsed > k->max_quantum);
        remainder = elapsed > k->min_quantum;
    } else if (min_gate_whole) {
        remainder = elapsed > k->min_quantum;
    }
    if (remainder) {
        w->physics_time += elapsed;
        run_quantum(obj, (float)elapsed);
    }
    obj->update_time = w->physics_time;
}

/* ACE's PhysicsObj.update_object: no EPSILON test; below MinQuantum nothing is consumed. */
static void ladder_ace(acp_physobj *obj, const acp_clock_constants *k)
{
    acp_world *w = obj->world;
    double elapsed = w->now - obj->update_time;
    w->physics_time = obj->update_time;
    obj->record.elapsed = elapsed;
    if (elapsed < k->min_quantum) return;
    if (elapsed > k->huge_quantum) {
        obj->update_time = w->now;
        return;
    }
    while (elapsed > k->max_quantum) {
        w->physics_time += k->max_quantum;
        run_quantum(obj, (float)k->max_quantum);
        elapsed -= k->max_quantum;
    }
    if (elapsed > k->min_quantum) {
        w->physics_time += elapsed;
        run_quantum(obj, (float)elapsed);
    }
    obj->update_time = w->physics_time;
}

static void activity_gate(acp_physobj *obj)
{
    acp_world *w = obj->world;
    if (!w->player || w->profile == ACP_PROFILE_ACE) return;
    acp_vec3 pv = acp_position_get_offset(&w->player->position, &obj->position);
    obj->player_vector = pv;
    double dist = sqrt((double)pv.x * pv.x + (double)pv.y * pv.y + (double)pv.z * pv.z);
    obj->player_distance = (float)dist;
    bool far = dist > ACP_ACTIVITY_RADIUS;
    if (w->profile == ACP_PROFILE_ACDREAM_R6) far = far && obj->part_array != NULL;
    else far = far && w->obj_maint_active;
    if (far) obj->transient_state &= ~(uint32_t)ACP_ACTIVE_TS;
    else acp_physobj_set_active(obj, true);
}

static void record_begin(acp_physobj *obj)
{
    acp_update_record *r = &obj->record;
    r->ran = true;
    r->skipped = ACP_SKIP_NONE;
    r->now = obj->world->now;
    r->elapsed = NAN;
    r->num_quanta = 0;
    r->num_hooks = 0;
    r->active_before = (obj->transient_state & ACP_ACTIVE_TS) != 0;
}

static void record_end(acp_physobj *obj)
{
    acp_update_record *r = &obj->record;
    r->update_time = obj->update_time;
    r->pending = obj->world->now - obj->update_time;
    r->active_after = (obj->transient_state & ACP_ACTIVE_TS) != 0;
}

static acp_skip_reason skip_reason(const acp_physobj *obj)
{
    if (obj->has_parent) return ACP_SKIP_PARENTED;
    if (!obj->has_cell) return ACP_SKIP_NO_CELL;
    if (obj->state & ACP_FROZEN_PS) return ACP_SKIP_FROZEN;
    return ACP_SKIP_NONE;
}

void acp_physobj_update_object(acp_physobj *obj)
{
    record_begin(obj);
    acp_skip_reason skip = skip_reason(obj);
    if (skip != ACP_SKIP_NONE) {
        obj->record.skipped = skip;
        obj->transient_state &= ~(uint32_t)ACP_ACTIVE_TS;
        record_end(obj);
        return;
    }
    activity_gate(obj);
    acp_clock_constants k = acp_clock_profile_constants(obj->world->profile);
    if (obj->world->peer_rules & ACP_PEER_ACE_MAX_QUANTUM) k.max_quantum = (double)0.1f; /* comparison mode */
    switch (obj->world->profile) {
    case ACP_PROFILE_ACE: ladder_ace(obj, &k); break;
    case ACP_PROFILE_ACDREAM_R6: ladder_retail(obj, &k, true); break;
    default: ladder_retail(obj, &k, false); break;
    }
    record_end(obj);
}

/* ---- committing a sweep ---- */

/* Retail CPhysicsObj::report_environment_collision (0x00512FC0): not already colliding with
 * the environment, a REPORT_COLLISIONS object's weenie is told (here: the host's report, the
 * trace's "env_collisions", row O3); the object now collides with the environment, and a
 * missile stops being one (MISSILE, ALIGNPATH and PATHCLIPPED cleared). */
bool acp_physobj_report_environment_collision(acp_physobj *obj)
{
    if (obj->colliding_with_environment) return false;
    bool told = false;
    if (obj->state & ACP_REPORT_COLLISIONS_PS) {
        acp_physobj_push_env_report(obj);
        told = true;
    }
    obj->colliding_with_environment = true;
    if (obj->state & ACP_MISSILE_PS)
        obj->state &= ~(uint32_t)(ACP_MISSILE_PS | ACP_ALIGNPATH_PS | ACP_PATHCLIPPED_PS);
    return told;
}

/* Retail CPhysicsObj::handle_all_collisions (0x00514780): the object loop and the collision
 * ends (physobj_collide.c), the environment report, then the bounce and the stationary bits. */
void acp_physobj_handle_all_collisions(acp_physobj *obj, const acp_collision_info *c, bool prev_contact,
                                      bool prev_on_walkable)
{
    bool apply_bounce = !prev_on_walkable || !(obj->transient_state & ACP_ON_WALKABLE_TS) ||
                        (obj->state & ACP_SLEDDING_PS);
    (void)acp_physobj_track_collisions(obj, c, prev_contact);
    if (obj->colliding_with_environment) obj->colliding_with_environment = c->collided_with_environment;
    else if (c->collided_with_environment || (!prev_on_walkable && (obj->transient_state & ACP_ON_WALKABLE_TS)))
        acp_physobj_report_environment_collision(obj);
    int fsf = c->frames_stationary_fall;
    acp_vec3 *v = &obj->velocity;
    if (fsf <= 1) {
        if (apply_bounce && c->collision_normal_valid) {
            if (obj->state & ACP_INELASTIC_PS) {
                *v = (acp_vec3){0.0f, 0.0f, 0.0f};
            } else {
                const acp_vec3 n = c->collision_normal;
                double dot = (double)v->z * n.z + (double)v->y * n.y + (double)n.x * v->x;
                if (dot < 0.0) {
                    double k = -(dot * ((double)obj->elasticity + 1.0));
                    float ky = (float)(k * n.y);
                    float kz = (float)(k * n.z);
                    v->x = (float)(k * n.x + v->x);
                    v->y = (float)((double)ky + v->y);
                    v->z = (float)((double)kz + v->z);
                }
            }
        }
    } else {
        *v = (acp_vec3){0.0f, 0.0f, 0.0f};
    }
    const uint32_t stationary = ACP_STATIONARY_FALL_TS | ACP_STATIONARY_STOP_TS | ACP_STATIONARY_STUCK_TS;
    if (fsf == 0 || fsf == 3) obj->transient_state &= ~stationary;
    else if (fsf == 1) obj->transient_state |= ACP_STATIONARY_FALL_TS;
    else if (fsf == 2) obj->transient_state |= ACP_STATIONARY_STOP_TS;
    else obj->transient_state |= ACP_STATIONARY_STUCK_TS;
}

void acp_physobj_set_position_internal(acp_physobj *obj, const acp_transition *t)
{
    bool prev_on_walkable = (obj->transient_state & ACP_ON_WALKABLE_TS) != 0;
    bool prev_contact = (obj->transient_state & ACP_CONTACT_TS) != 0;
    const acp_sphere_path *sp = &t->sphere_path;
    if (!sp->has_curr_cell) {
        /* prepare_to_leave_visibility, store_position (the parts follow the frame),
         * GotoLostCell, ACTIVE cleared. */
        acp_physobj_prepare_to_leave_visibility(obj);
        acp_physobj_store_position(obj, &sp->curr_pos);
        obj->has_cell = false;
        obj->transient_state &= ~(uint32_t)ACP_ACTIVE_TS;
        return;
    }
    if (sp->curr_cell && sp->curr_cell != obj->cell) {
        acp_physobj_change_cell(obj, sp->curr_cell);
    } else if (obj->children) { /* the same cell: the children's cell ids too (not recursive) */
        for (uint16_t i = 0; i < obj->children->num_objects; i++)
            obj->children->objects[i]->position.objcell_id = sp->curr_pos.objcell_id;
    }
    obj->position.objcell_id = sp->curr_pos.objcell_id; /* SetCellID (change_cell's, or without a cell) */
    obj->has_cell = true;
    set_frame_parts(obj, &sp->curr_pos.frame); /* set_frame: the shadows' copies at the end */
    const acp_collision_info *c = &t->collision_info;
    obj->contact_plane_cell_id = c->contact_plane_cell_id;
    obj->contact_plane = c->contact_plane;
    if (c->contact_plane_valid) obj->transient_state |= ACP_CONTACT_TS;
    else obj->transient_state &= ~(uint32_t)ACP_CONTACT_TS;
    acp_physobj_calc_acceleration(obj);
    if (c->contact_plane_is_water) obj->transient_state |= ACP_WATER_CONTACT_TS;
    else obj->transient_state &= ~(uint32_t)ACP_WATER_CONTACT_TS;
    if (obj->transient_state & ACP_CONTACT_TS) {
        acp_physobj_set_on_walkable(obj, !(obj->contact_plane.n.z < ACP_FLOOR_Z));
    } else {
        bool was = (obj->transient_state & ACP_ON_WALKABLE_TS) != 0;
        obj->transient_state &= ~(uint32_t)ACP_ON_WALKABLE_TS;
        if (was && obj->movement_manager) acp_movement_manager_leave_ground(obj->movement_manager);
        acp_physobj_calc_acceleration(obj);
    }
    obj->sliding_normal = c->sliding_normal;
    if (c->sliding_normal_valid) obj->transient_state |= ACP_SLIDING_TS;
    else obj->transient_state &= ~(uint32_t)ACP_SLIDING_TS;
    acp_physobj_handle_all_collisions(obj, c, prev_contact, prev_on_walkable);
    acp_physobj_shadows_after_sweep(obj, &t->cell_array);
}

/* ---- static animating objects ---- */

void acp_physobj_animate_static_object(acp_physobj *obj)
{
    if (!obj->has_cell) return;
    acp_world *w = obj->world;
    record_begin(obj);
    w->physics_time = w->now;
    double elapsed = w->now - obj->update_time;
    obj->record.elapsed = elapsed;
    if (!(elapsed > ACP_F_EPSILON)) {
        obj->update_time = w->now;
    } else if (elapsed >= 1.0 / 30.0) {
        if (elapsed <= ACP_HUGE_QUANTUM && obj->part_array) {
            if (obj->state & ACP_HAS_DEFAULT_ANIM_PS) {
                float quantum = (float)elapsed;
                record_quantum(obj, quantum);
                acp_partarray_update(obj->part_array, quantum, NULL);
                acp_frame_grotate(&obj->position.frame, obj->omega); /* omega applied raw */
                if (obj->num_shadow_objects) acp_objcell_refresh_shadow_form(obj); /* S26 */
                if (!(obj->state & ACP_PARTICLE_EMITTER_PS))
                    acp_partarray_set_frame(obj->part_array, &obj->position.frame);
                acp_physobj_update_children_internal(obj);
            }
            if (w->profile != ACP_PROFILE_RENDER_FRAME) {
                if (obj->state & ACP_HAS_DEFAULT_SCRIPT_PS) acp_physobj_update_scripts(obj);
                acp_physobj_update_particles(obj);
            }
            acp_physobj_process_hooks(obj);
        }
        obj->update_time = w->now;
    }
    record_end(obj);
}

bool acp_physobj_cache_has_physics_bsp(acp_physobj *obj)
{
    if (obj->part_array && acp_partarray_cache_has_physics_bsp(obj->part_array)) {
        obj->state |= ACP_HAS_PHYSICS_BSP_PS;
        acp_objcell_refresh_shadow_reach(obj);
        return true;
    }
    obj->state &= ~(uint32_t)ACP_HAS_PHYSICS_BSP_PS;
    acp_objcell_refresh_shadow_reach(obj);
    return false;
}

/* ---- hiding and the server's SetState ---- */

enum { PS_UNHIDE = 0x75, PS_HIDDEN = 0x76 }; /* PlayScript values (retail enum PScriptType) */

/* Each child's NODRAW_PS (its parts' no-draw flag is drawing). */
static void set_children_nodraw(acp_physobj *obj, bool nodraw)
{
    const acp_childlist *cl = obj->children;
    for (uint16_t i = 0; cl && i < cl->num_objects; i++) {
        if (nodraw) cl->objects[i]->state |= ACP_NODRAW_PS;
        else cl->objects[i]->state &= ~(uint32_t)ACP_NODRAW_PS;
    }
}

/* Retail CPhysicsObj::set_hidden (0x00514C60). */
void acp_physobj_set_hidden(acp_physobj *obj, bool hidden)
{
    if (hidden) {
        obj->state |= ACP_HIDDEN_PS;
        if (obj->physics_script_table)
            acp_physobj_play_script_internal(obj, acp_physics_script_table_get_script(obj->physics_script_table, PS_HIDDEN, 1.0f));
        set_children_nodraw(obj, true);
        if (obj->state & ACP_REPORT_COLLISIONS_PS) {
            acp_physobj_report_collision_end(obj, true);
            obj->state &= ~(uint32_t)ACP_REPORT_COLLISIONS_PS;
        }
        obj->state |= ACP_IGNORE_COLLISIONS_PS;
        if (obj->part_array) acp_partarray_handle_enter_world(obj->part_array);
        return;
    }
    obj->state &= ~(uint32_t)ACP_HIDDEN_PS;
    if (obj->physics_script_table)
        acp_physobj_play_script_internal(obj, acp_physics_script_table_get_script(obj->physics_script_table, PS_UNHIDE, 1.0f));
    set_children_nodraw(obj, false);
    obj->state &= ~(uint32_t)ACP_IGNORE_COLLISIONS_PS;
    if (!(obj->state & ACP_REPORT_COLLISIONS_PS)) {
        obj->state |= ACP_REPORT_COLLISIONS_PS;
        acp_physobj_report_collision_start(obj);
    }
    if (obj->part_array) acp_partarray_handle_enter_world(obj->part_array);
}

/* Retail CPhysicsObj::set_state (0x00514DD0). */
bool acp_physobj_set_state(acp_physobj *obj, uint32_t new_state)
{
    const uint32_t changed = new_state ^ obj->state;
    obj->state = new_state;
    /* LIGHTING_ON: retail stores new_state with the bit it already has, and makes or destroys
     * the part array's lights (drawing); NODRAW: CPhysicsObj::set_nodraw (0x0050FCA0) stores
     * the bit it already has and sets the parts' no-draw flag (drawing). */
    if (changed & ACP_HIDDEN_PS) acp_physobj_set_hidden(obj, (obj->state & ACP_HIDDEN_PS) != 0);
    return true;
}
