/* acphys — the WebAssembly ABI: every function a JavaScript caller may use.
 *
 * CONVENTIONS
 *   Arguments are flat: 32-bit integers, float, double, and byte offsets into the module's
 *   linear memory ("pointers"). No struct crosses by value. Memory for inputs and outputs is
 *   obtained with acp_abi_alloc and released with acp_abi_free.
 *   A frame in memory is retail's Frame layout, 16 floats (64 bytes): qw, qx, qy, qz, m[9]
 *   (cached rotation, column-major), origin x, y, z. A vec3 is 3 floats. A position is a
 *   uint32 cell id followed by a frame (68 bytes).
 *   Units and frames: as the core (metres, seconds, radians; headings in degrees, 0 = north,
 *   clockwise; +X east, +Y north, +Z up).
 *   The names are listed in exports.txt; the build exports nothing else but the memory.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bench/alloc_count.h"
#include "bench/bench.h"
#include "dat/dat.h"
#include "physics/geometry/frame.h"
#include "physics/anim/anim_hook.h"
#include "physics/geometry/mathx.h"
/* ---- motion (issue 6) ---- */
#include "physics/anim/movement_manager.h"
#include "physics/anim/motion_table.h"
#include "physics/object/physobj_motion.h"
#include "dat/recfixture.h"
/* ---- end motion ---- */
#include "physics/object/partarray.h"
#include "physics/world/physics.h"
#include "physics/object/physobj.h"
#include "physics/geometry/position.h"
#include "physics/object/setposition.h"
#include "physics/cell/terrain.h"
#include "physics/world/transition.h"
#include "base/version.h"
#include "dat/writer.h"

#define ACP_ABI __attribute__((used, visibility("default")))

/* ---- memory ---- */

/** Allocate `size` bytes of linear memory (8-byte aligned); 0 when out of memory. */
ACP_ABI void *acp_abi_alloc(uint32_t size) { return malloc(size ? size : 1); }
/** Release memory from acp_abi_alloc; 0 is ignored. */
ACP_ABI void acp_abi_free(void *p) { free(p); }

/** The library version as a NUL-terminated string in linear memory. */
ACP_ABI const char *acp_abi_version(void) { return acp_version(); }

/* ---- Frame (retail Frame / AFrame): thin wrappers, see src/physics/geometry/frame.h ---- */

/** Write the identity frame to f. */
ACP_ABI void acp_abi_frame_identity(acp_frame *f) { *f = acp_frame_identity(); }
/** Frame::set_rotate: normalize and set (keeps the old rotation when invalid). */
ACP_ABI void acp_abi_frame_set_rotate(acp_frame *f, float w, float x, float y, float z)
{
    acp_frame_set_rotate(f, w, x, y, z);
}
/** Frame::cache. */
ACP_ABI void acp_abi_frame_cache(acp_frame *f) { acp_frame_cache(f); }
/** Frame::IsValid (1/0). */
ACP_ABI int acp_abi_frame_is_valid(const acp_frame *f) { return acp_frame_is_valid(f); }
/** Frame::IsValidExceptForHeading (1/0). */
ACP_ABI int acp_abi_frame_is_valid_except_for_heading(const acp_frame *f)
{
    return acp_frame_is_valid_except_for_heading(f);
}
/** Frame::combine(Frame, Frame): out = a ∘ b. */
ACP_ABI void acp_abi_frame_combine(acp_frame *out, const acp_frame *a, const acp_frame *b)
{
    acp_frame_combine(out, a, b);
}

static acp_aframe aframe_of(const acp_frame *f)
{
    acp_aframe r = {f->origin, f->qw, f->qx, f->qy, f->qz};
    return r;
}

/** Frame::combine(Frame, AFrame): b's matrix is ignored. */
ACP_ABI void acp_abi_frame_combine_aframe(acp_frame *out, const acp_frame *a, const acp_frame *b)
{
    acp_aframe ab = aframe_of(b);
    acp_frame_combine_aframe(out, a, &ab);
}
/** Frame::subtract1(Frame, AFrame): out = a ∘ b⁻¹; b's matrix is ignored. */
ACP_ABI void acp_abi_frame_subtract1(acp_frame *out, const acp_frame *a, const acp_frame *b)
{
    acp_aframe ab = aframe_of(b);
    acp_frame_subtract1(out, a, &ab);
}
/** Frame::subtract2: out = b⁻¹ ∘ a. */
ACP_ABI void acp_abi_frame_subtract2(acp_frame *out, const acp_frame *a, const acp_frame *b)
{
    acp_frame_subtract2(out, a, b);
}
/** Frame::get_heading, degrees. */
ACP_ABI double acp_abi_frame_get_heading(const acp_frame *f) { return acp_frame_get_heading(f); }
/** Frame::set_heading, degrees. */
ACP_ABI void acp_abi_frame_set_heading(acp_frame *f, float degrees) { acp_frame_set_heading(f, degrees); }
/** Frame::set_vector_heading. */
ACP_ABI void acp_abi_frame_set_vector_heading(acp_frame *f, float x, float y, float z)
{
    acp_vec3 v = {x, y, z};
    acp_frame_set_vector_heading(f, v);
}
/** Frame::grotate: global axis-angle, radians. */
ACP_ABI void acp_abi_frame_grotate(acp_frame *f, float x, float y, float z)
{
    acp_vec3 v = {x, y, z};
    acp_frame_grotate(f, v);
}
/** Frame::rotate: local axis-angle, radians. */
ACP_ABI void acp_abi_frame_rotate(acp_frame *f, float x, float y, float z)
{
    acp_vec3 v = {x, y, z};
    acp_frame_rotate(f, v);
}
/** Frame::euler_set_rotate, radians, Shoemake order. */
ACP_ABI void acp_abi_frame_euler_set_rotate(acp_frame *f, float x, float y, float z, int order)
{
    acp_frame_euler_set_rotate(f, x, y, z, order);
}
/** Frame::localtoglobal (kind 0), globaltolocal (1), localtoglobalvec (2), globaltolocalvec (3):
 *  reads the vec3 at io and overwrites it with the result. */
ACP_ABI void acp_abi_frame_transform(const acp_frame *f, int kind, acp_vec3 *io)
{
    switch (kind) {
    case 0: *io = acp_frame_localtoglobal(f, *io); break;
    case 1: *io = acp_frame_globaltolocal(f, *io); break;
    case 2: *io = acp_frame_localtoglobalvec(f, *io); break;
    default: *io = acp_frame_globaltolocalvec(f, *io); break;
    }
}
/** Frame::interpolate_rotation. */
ACP_ABI void acp_abi_frame_interpolate_rotation(acp_frame *out, const acp_frame *from,
                                                const acp_frame *to, float t)
{
    acp_frame_interpolate_rotation(out, from, to, t);
}

/* ---- Position / LandDefs ---- */

/** Position::get_offset: writes the vec3 from `from` to `to` (metres, world axes) to out. */
ACP_ABI void acp_abi_position_get_offset(const acp_position *from, const acp_position *to, acp_vec3 *out)
{
    *out = acp_position_get_offset(from, to);
}
/** Position::distance, metres. */
ACP_ABI double acp_abi_position_distance(const acp_position *from, const acp_position *to)
{
    return acp_position_distance(from, to);
}
/** LandDefs::adjust_to_outside on (cell, origin) in place; returns 1 on success. */
ACP_ABI int acp_abi_landdefs_adjust_to_outside(uint32_t *cell_id, acp_vec3 *loc)
{
    return acp_landdefs_adjust_to_outside(cell_id, loc);
}

/* ---- determinism ---- */

/** Low and high 32 bits of acp_math_digest(count). */
ACP_ABI uint32_t acp_abi_math_digest_lo(uint32_t count) { return (uint32_t)acp_math_digest(count); }
ACP_ABI uint32_t acp_abi_math_digest_hi(uint32_t count) { return (uint32_t)(acp_math_digest(count) >> 32); }

/* ---- struct layouts: JS reads and writes state through typed views at these offsets ---- */

/** One field of a struct in linear memory. type: 1 u32, 2 i32, 3 f32, 4 f64, 5 u8 (bool),
 *  6 pointer (u32), 7 i16. count: elements (3 for a vec3, 16 for a frame...). */
typedef struct acp_layout_field {
    const char *name;
    uint32_t offset;
    uint32_t type;
    uint32_t count;
} acp_layout_field;

#define F(st, field, ty, n) {#field, (uint32_t)offsetof(st, field), ty, n}
#define FN(name, st, field, ty, n) {name, (uint32_t)offsetof(st, field), ty, n}

static const acp_layout_field PHYSOBJ_FIELDS[] = {
    F(acp_physobj, id, 1, 1),
    F(acp_physobj, state, 1, 1),
    F(acp_physobj, transient_state, 1, 1),
    FN("cell", acp_physobj, position.objcell_id, 1, 1),
    FN("frame", acp_physobj, position.frame, 3, 16),
    FN("origin", acp_physobj, position.frame.origin, 3, 3),
    FN("quaternion", acp_physobj, position.frame.qw, 3, 4),
    F(acp_physobj, has_cell, 5, 1),
    F(acp_physobj, has_parent, 5, 1),
    F(acp_physobj, velocity, 3, 3),
    F(acp_physobj, acceleration, 3, 3),
    F(acp_physobj, omega, 3, 3),
    F(acp_physobj, cached_velocity, 3, 3),
    F(acp_physobj, scale, 3, 1),
    F(acp_physobj, friction, 3, 1),
    F(acp_physobj, elasticity, 3, 1),
    F(acp_physobj, translucency, 3, 1),
    F(acp_physobj, translucency_original, 3, 1),
    F(acp_physobj, luminosity, 3, 1),
    F(acp_physobj, diffusion, 3, 1),
    F(acp_physobj, update_time, 4, 1),
    F(acp_physobj, player_vector, 3, 3),
    F(acp_physobj, player_distance, 3, 1),
    FN("contact_plane_normal", acp_physobj, contact_plane.n, 3, 3),
    FN("contact_plane_d", acp_physobj, contact_plane.d, 3, 1),
    F(acp_physobj, contact_plane_cell_id, 1, 1), /* terrain sweep (issue 7) */
    F(acp_physobj, sliding_normal, 3, 3),
    F(acp_physobj, part_array, 6, 1),
    F(acp_physobj, movement_manager, 6, 1),
    FN("num_fp_hooks", acp_physobj, hooks.count, 1, 1),
    FN("fp_hooks", acp_physobj, fp_hook_items, 0, ACP_MAX_FP_HOOKS),
    FN("num_anim_hooks", acp_physobj, anim_hooks.count, 1, 1),
    FN("record_ran", acp_physobj, record.ran, 5, 1),
    FN("record_skipped", acp_physobj, record.skipped, 1, 1),
    FN("record_now", acp_physobj, record.now, 4, 1),
    FN("record_elapsed", acp_physobj, record.elapsed, 4, 1),
    FN("record_num_quanta", acp_physobj, record.num_quanta, 1, 1),
    FN("record_quanta", acp_physobj, record.quanta, 3, ACP_MAX_QUANTA_PER_UPDATE),
    FN("record_pending", acp_physobj, record.pending, 4, 1),
    FN("record_update_time", acp_physobj, record.update_time, 4, 1),
    FN("record_active_before", acp_physobj, record.active_before, 5, 1),
    FN("record_active_after", acp_physobj, record.active_after, 5, 1),
    FN("record_num_hooks", acp_physobj, record.num_hooks, 1, 1),
    FN("record_hooks", acp_physobj, record.hooks_fired, 1, ACP_MAX_HOOKS_RECORDED),
    {NULL, (uint32_t)sizeof(acp_physobj), 0, 0},
};

static const acp_layout_field WORLD_FIELDS[] = {
    F(acp_world, profile, 1, 1),
    F(acp_world, now, 4, 1),
    F(acp_world, last_update, 4, 1),
    F(acp_world, physics_time, 4, 1),
    F(acp_world, gate_passed, 5, 1),
    F(acp_world, num_objects, 1, 1),
    F(acp_world, objects, 6, 1),
    F(acp_world, num_static, 1, 1),
    F(acp_world, static_objects, 6, 1),
    F(acp_world, player, 6, 1),
    {NULL, (uint32_t)sizeof(acp_world), 0, 0},
};

static const acp_layout_field FPHOOK_FIELDS[] = {
    F(acp_fphook, hook_type, 1, 1),
    F(acp_fphook, time_created, 4, 1),
    F(acp_fphook, interpolation_time, 4, 1),
    F(acp_fphook, start_value, 3, 1),
    F(acp_fphook, end_value, 3, 1),
    F(acp_fphook, user_data, 1, 1),
    F(acp_fphook, executions, 1, 1),
    {NULL, (uint32_t)sizeof(acp_fphook), 0, 0},
};

static const acp_layout_field ANIM_HOOK_FIELDS[] = {
    F(acp_anim_hook, type, 1, 1),
    F(acp_anim_hook, direction, 2, 1),
    FN("flag", acp_anim_hook, p.flag, 1, 1),
    FN("omega", acp_anim_hook, p.omega, 3, 3),
    FN("fade_part", acp_anim_hook, p.fade.part, 1, 1),
    FN("fade", acp_anim_hook, p.fade.start, 3, 3),
    FN("scale", acp_anim_hook, p.scale.end, 3, 2),
    {NULL, (uint32_t)sizeof(acp_anim_hook), 0, 0},
};

/* ---- motion (issue 6): layouts 4..10 ---- */
static const acp_layout_field SEQUENCE_FIELDS[] = {
    F(acp_sequence, head, 7, 1),
    F(acp_sequence, tail, 7, 1),
    F(acp_sequence, first_cyclic, 7, 1),
    F(acp_sequence, curr_anim, 7, 1),
    F(acp_sequence, velocity, 3, 3),
    F(acp_sequence, omega, 3, 3),
    F(acp_sequence, frame_number, 4, 1),
    F(acp_sequence, placement_frame_id, 1, 1),
    F(acp_sequence, dropped, 1, 1),
    F(acp_sequence, capped, 1, 1),
    {NULL, (uint32_t)sizeof(acp_sequence), 0, 0},
};

static const acp_layout_field ANIM_NODE_FIELDS[] = {
    F(acp_anim_node, anim, 6, 1),
    F(acp_anim_node, framerate, 3, 1),
    F(acp_anim_node, low_frame, 2, 1),
    F(acp_anim_node, high_frame, 2, 1),
    F(acp_anim_node, prev, 7, 1),
    F(acp_anim_node, next, 7, 1),
    F(acp_anim_node, in_use, 5, 1),
    {NULL, (uint32_t)sizeof(acp_anim_node), 0, 0},
};

static const acp_layout_field PARTARRAY_FIELDS[] = {
    F(acp_partarray, num_parts, 1, 1),
    F(acp_partarray, part_frames, 6, 1), /* as last placed: acp_abi_partarray_part_frames places them */
    F(acp_partarray, part_gfx_scale, 6, 1),
    F(acp_partarray, scale, 3, 3),
    F(acp_partarray, num_spheres, 1, 1),
    F(acp_partarray, motion_table_manager, 6, 1),
    F(acp_partarray, sequence, 0, 1),
    {NULL, (uint32_t)sizeof(acp_partarray), 0, 0},
};

static const acp_layout_field MOTION_INTERP_FIELDS[] = {
    F(acp_motion_interp, initted, 5, 1),
    FN("raw_holdkey", acp_motion_interp, raw_state.current_holdkey, 1, 1),
    FN("raw_style", acp_motion_interp, raw_state.current_style, 1, 1),
    FN("raw_forward_command", acp_motion_interp, raw_state.forward_command, 1, 1),
    FN("raw_forward_speed", acp_motion_interp, raw_state.forward_speed, 3, 1),
    FN("raw_sidestep_command", acp_motion_interp, raw_state.sidestep_command, 1, 1),
    FN("raw_sidestep_speed", acp_motion_interp, raw_state.sidestep_speed, 3, 1),
    FN("raw_turn_command", acp_motion_interp, raw_state.turn_command, 1, 1),
    FN("raw_turn_speed", acp_motion_interp, raw_state.turn_speed, 3, 1),
    FN("style", acp_motion_interp, interpreted_state.current_style, 1, 1),
    FN("forward_command", acp_motion_interp, interpreted_state.forward_command, 1, 1),
    FN("forward_speed", acp_motion_interp, interpreted_state.forward_speed, 3, 1),
    FN("sidestep_command", acp_motion_interp, interpreted_state.sidestep_command, 1, 1),
    FN("sidestep_speed", acp_motion_interp, interpreted_state.sidestep_speed, 3, 1),
    FN("turn_command", acp_motion_interp, interpreted_state.turn_command, 1, 1),
    FN("turn_speed", acp_motion_interp, interpreted_state.turn_speed, 3, 1),
    F(acp_motion_interp, standing_longjump, 5, 1),
    F(acp_motion_interp, jump_extent, 3, 1),
    F(acp_motion_interp, my_run_rate, 3, 1),
    F(acp_motion_interp, run_rate, 3, 1),
    F(acp_motion_interp, num_pending, 1, 1),
    FN("pending", acp_motion_interp, pending, 1, 3 * ACP_MAX_PENDING_MOTIONS),
    {NULL, (uint32_t)sizeof(acp_motion_interp), 0, 0},
};

static const acp_layout_field MOTION_STATE_FIELDS[] = {
    F(acp_motion_state, style, 1, 1),
    F(acp_motion_state, substate, 1, 1),
    F(acp_motion_state, substate_mod, 3, 1),
    F(acp_motion_state, num_modifiers, 1, 1),
    FN("modifier_words", acp_motion_state, modifiers, 1, 2 * ACP_MAX_MODIFIERS),
    FN("modifier_floats", acp_motion_state, modifiers, 3, 2 * ACP_MAX_MODIFIERS),
    F(acp_motion_state, num_actions, 1, 1),
    F(acp_motion_state, dropped, 1, 1),
    F(acp_motion_state, capped, 1, 1),
    {NULL, (uint32_t)sizeof(acp_motion_state), 0, 0},
};

static const acp_layout_field MTABLE_MANAGER_FIELDS[] = {
    F(acp_mtable_manager, table, 6, 1),
    F(acp_mtable_manager, table_id, 1, 1),
    F(acp_mtable_manager, state, 0, 1),
    F(acp_mtable_manager, animation_counter, 1, 1),
    F(acp_mtable_manager, num_pending, 1, 1),
    FN("pending", acp_mtable_manager, pending, 1, 2 * ACP_MAX_PENDING_ANIMS),
    F(acp_mtable_manager, dropped, 1, 1),
    {NULL, (uint32_t)sizeof(acp_mtable_manager), 0, 0},
};

static const acp_layout_field ANIMATION_FIELDS[] = {
    F(acp_animation, id, 1, 1),
    F(acp_animation, num_parts, 1, 1),
    F(acp_animation, num_frames, 1, 1),
    {NULL, (uint32_t)sizeof(acp_animation), 0, 0},
};
/* ---- end motion ---- */

/* ---- page (issue 8): layout 11, one object of a run's last frame (src/scenario/trace.h) ---- */
#include "scenario/trace.h"
static const acp_layout_field TRACE_OBJECT_FIELDS[] = {
    F(acp_trace_object, id, 1, 1),
    F(acp_trace_object, has_elapsed, 5, 1),
    F(acp_trace_object, elapsed, 4, 1),
    F(acp_trace_object, num_quanta, 1, 1),
    F(acp_trace_object, quanta, 3, ACP_MAX_QUANTA_PER_UPDATE),
    F(acp_trace_object, pending, 4, 1),
    F(acp_trace_object, update_time, 4, 1),
    F(acp_trace_object, active, 5, 1),
    F(acp_trace_object, state, 1, 1),
    F(acp_trace_object, transient, 1, 1),
    F(acp_trace_object, cell, 1, 1),
    F(acp_trace_object, origin, 3, 3),
    F(acp_trace_object, orientation, 3, 4),
    F(acp_trace_object, velocity, 3, 3),
    F(acp_trace_object, num_hooks, 1, 1),
    F(acp_trace_object, hooks, 1, ACP_MAX_HOOKS_RECORDED),
    F(acp_trace_object, hooks_unrecorded, 1, 1),
    F(acp_trace_object, skipped, 1, 1),
    F(acp_trace_object, heading, 4, 1),
    /* objects against objects (issue 14): the trace's "collisions" / "collision_ends" */
    F(acp_trace_object, num_collisions, 1, 1),
    F(acp_trace_object, collisions, 1, ACP_MAX_COLLISION_REPORTS),
    F(acp_trace_object, num_collision_ends, 1, 1),
    F(acp_trace_object, collision_ends, 1, ACP_MAX_COLLISION_REPORTS),
    {NULL, (uint32_t)sizeof(acp_trace_object), 0, 0},
};
/* ---- end page ---- */

static const acp_layout_field *const LAYOUTS[] = {PHYSOBJ_FIELDS, WORLD_FIELDS, FPHOOK_FIELDS, ANIM_HOOK_FIELDS,
    /* ---- motion (issue 6) ---- */
    SEQUENCE_FIELDS, ANIM_NODE_FIELDS, PARTARRAY_FIELDS, MOTION_INTERP_FIELDS, MOTION_STATE_FIELDS,
    MTABLE_MANAGER_FIELDS, ANIMATION_FIELDS,
    /* ---- end motion ---- */
    TRACE_OBJECT_FIELDS, /* page (issue 8) */
};

/** The field table of a struct: kind 0 physobj, 1 world, 2 fphook, 3 anim_hook, 4 sequence,
 *  5 anim_node, 6 partarray, 7 motion_interp, 8 motion_state, 9 mtable_manager, 10 animation,
 *  11 trace_object (type 0 fields: an embedded struct, read its offset only). An array of
 *  {name*, offset, type, count} (16 bytes each) ending with name 0, whose offset is the struct's
 *  size. 0 for an unknown kind. */
ACP_ABI const acp_layout_field *acp_abi_layout(uint32_t kind)
{
    return kind < sizeof LAYOUTS / sizeof LAYOUTS[0] ? LAYOUTS[kind] : NULL;
}

/* ---- the world (retail CPhysics) and its objects (CPhysicsObj) ---- */

/** Create a world: profile 0 retail, 1 acdream-r6, 2 ace; room for `capacity` objects. 0 on failure. */
ACP_ABI acp_world *acp_abi_world_create(uint32_t profile, uint32_t capacity)
{
    if (profile > ACP_PROFILE_ACE) return NULL;
    return acp_world_create((acp_clock_profile)profile, capacity);
}
/** Destroy a world and its objects. */
ACP_ABI void acp_abi_world_destroy(acp_world *w) { acp_world_destroy(w); }
/** Add an object with retail defaults; 0 when the id is taken or the world is full. */
ACP_ABI acp_physobj *acp_abi_world_add_object(acp_world *w, uint32_t id) { return acp_world_add_object(w, id); }
/** Find an object by id (0 when absent). */
ACP_ABI acp_physobj *acp_abi_world_object(acp_world *w, uint32_t id) { return acp_world_object(w, id); }
/** Set the player object (0 for none). */
ACP_ABI void acp_abi_world_set_player(acp_world *w, acp_physobj *obj) { acp_world_set_player(w, obj); }
/** Move an object to the static animating workset. */
ACP_ABI void acp_abi_world_add_static_animating(acp_world *w, acp_physobj *obj)
{
    acp_world_add_static_animating(w, obj);
}
/** Place an object at the position `pos` (cell + frame, 68 bytes) with the given transient
 *  bits, entering the world at `now` seconds. */
ACP_ABI void acp_abi_world_place_object(acp_world *w, acp_physobj *obj, const acp_position *pos,
                                        uint32_t transient_state, double now)
{
    acp_world_place_object(w, obj, pos, transient_state, now);
}
/** CPhysics::UseTime at `now` seconds. */
ACP_ABI void acp_abi_world_use_time(acp_world *w, double now) { acp_world_use_time(w, now); }
/** Set Timer::cur_time without running anything (for calling update_object directly). */
ACP_ABI void acp_abi_world_set_now(acp_world *w, double now) { w->now = now; }

/** CPhysicsObj::update_object at the world's now. */
ACP_ABI void acp_abi_physobj_update_object(acp_physobj *obj) { acp_physobj_update_object(obj); }
/** CPhysicsObj::UpdateObjectInternal for one quantum (seconds). */
ACP_ABI void acp_abi_physobj_update_object_internal(acp_physobj *obj, float quantum)
{
    acp_physobj_update_object_internal(obj, quantum);
}
/** Give the object a hand-built part array holding `n` spheres (16 bytes each: centre xyz,
 *  radius; object axes, metres). Returns 1, or 0 when out of memory. */
ACP_ABI int acp_abi_physobj_set_spheres(acp_physobj *obj, const acp_sphere *spheres, uint32_t n)
{
    acp_partarray *pa = acp_partarray_create_spheres(obj, spheres, n);
    if (!pa) return 0;
    acp_partarray_destroy(obj->part_array);
    obj->part_array = pa;
    return 1;
}
/** CPhysicsObj::calc_friction. */
ACP_ABI void acp_abi_physobj_calc_friction(acp_physobj *obj, float quantum, float velocity_mag2)
{
    acp_physobj_calc_friction(obj, quantum, velocity_mag2);
}
/** CPhysicsObj::calc_acceleration. */
ACP_ABI void acp_abi_physobj_calc_acceleration(acp_physobj *obj) { acp_physobj_calc_acceleration(obj); }
/** CPhysicsObj::SetScale: now (delta < EPSILON) or over delta seconds. */
ACP_ABI void acp_abi_physobj_set_scale(acp_physobj *obj, float scale, double delta)
{
    acp_physobj_set_scale(obj, scale, delta);
}
/** CPhysicsObj::set_velocity (m/s, world): clamped to 50 m/s, and the object becomes active. */
ACP_ABI void acp_abi_physobj_set_velocity(acp_physobj *obj, float x, float y, float z)
{
    acp_physobj_set_velocity(obj, (acp_vec3){x, y, z});
}
/** CPhysicsObj::set_active; returns 1 when it took effect. */
ACP_ABI int acp_abi_physobj_set_active(acp_physobj *obj, int active) { return acp_physobj_set_active(obj, active != 0); }
/** CPhysicsObj::add_anim_hook: `hook` (an acp_anim_hook in linear memory, layout kind 3) must
 *  stay valid until the next quantum has run. Returns 1, or 0 when the bag is full. */
ACP_ABI int acp_abi_physobj_add_anim_hook(acp_physobj *obj, const acp_anim_hook *hook)
{
    return acp_physobj_add_anim_hook(obj, hook);
}
/** Commit a sweep result that stays in place and touched a surface of normal n (world axes,
 *  unit) with the given frames_stationary_fall: SetPositionInternal → handle_all_collisions. */
ACP_ABI void acp_abi_physobj_commit_collision(acp_physobj *obj, float nx, float ny, float nz, int frames_stationary_fall)
{
    acp_transition *t = &obj->world->transition;
    memset(t, 0, sizeof *t);
    t->sphere_path.curr_pos = obj->position;
    t->sphere_path.has_curr_cell = obj->has_cell;
    t->collision_info.collision_normal_valid = true;
    t->collision_info.collision_normal = (acp_vec3){nx, ny, nz};
    t->collision_info.frames_stationary_fall = frames_stationary_fall;
    acp_physobj_set_position_internal(obj, t);
}
/** Retail name of an anim hook type ("AnimationDone", ...). */
ACP_ABI const char *acp_abi_hook_type_name(uint32_t type) { return acp_hook_type_name(type); }

/* ==== motion (issue 6): synthetic records, CSequence, CMotionTable, CMotionInterp and the
 * object's motion API. Frames passed as float arrays use 7 floats per frame: origin x, y, z then
 * the quaternion w, x, y, z (retail AFrame). Motion ids are uint32 (JS: pass them as numbers;
 * read results with >>> 0). ==== */

/** A fixture holding synthetic records (animations, motion tables, Setups); 0 when out of memory. */
ACP_ABI acp_fixture *acp_abi_fixture_create(void) { return acp_fixture_create(); }
/** Free a fixture and every record made through it. */
ACP_ABI void acp_abi_fixture_destroy(acp_fixture *fx) { acp_fixture_destroy(fx); }

static void aframes_from(acp_aframe *out, const float *f, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++, f += 7) out[i] = (acp_aframe){{f[0], f[1], f[2]}, f[3], f[4], f[5], f[6]};
}

/** An animation of num_frames frames for num_parts parts; pos_frames: num_frames × 7 floats, or 0
 *  for none. Returns the record (0 when out of memory). */
ACP_ABI acp_animation *acp_abi_fixture_animation(acp_fixture *fx, uint32_t id, uint32_t num_frames,
                                                 uint32_t num_parts, const float *pos_frames)
{
    if (!pos_frames) return acp_fixture_animation(fx, id, num_frames, num_parts, NULL);
    acp_aframe *frames = malloc((num_frames ? num_frames : 1) * sizeof *frames);
    if (!frames) return NULL;
    aframes_from(frames, pos_frames, num_frames);
    acp_animation *a = acp_fixture_animation(fx, id, num_frames, num_parts, frames);
    free(frames);
    return a;
}
/** Add a hook of `type` (acp_hook_type) and direction (−1, 0, 1) to a frame; 1 on success. */
ACP_ABI int acp_abi_fixture_animation_hook(acp_animation *anim, uint32_t frame, uint32_t type, int32_t direction)
{
    acp_anim_hook h = {.type = type, .direction = direction};
    return acp_fixture_animation_hook(anim, frame, &h);
}
/** An empty motion table. */
ACP_ABI acp_motion_table *acp_abi_fixture_motion_table(acp_fixture *fx, uint32_t id, uint32_t default_style)
{
    return acp_fixture_motion_table(fx, id, default_style);
}
/** Set a style's default substate; 1 on success. */
ACP_ABI int acp_abi_fixture_style_default(acp_motion_table *mt, uint32_t style, uint32_t substate)
{
    return acp_fixture_style_default(mt, style, substate);
}
/** Create or update a MotionData: map 0 cycle / 1 modifier at `key`, 2 link at Links[outer][key];
 *  velocity (m/s) and omega (rad/s) at speed 1, bitfield. Returns the MotionData (valid until
 *  the next addition to the same map), 0 when out of memory. */
ACP_ABI acp_motion_data *acp_abi_fixture_motion(acp_motion_table *mt, uint32_t map, uint32_t outer, uint32_t key,
                                                float vx, float vy, float vz, float ox, float oy, float oz,
                                                uint32_t bitfield)
{
    acp_motion_data *md = acp_fixture_motion(mt, (acp_fixture_map)map, outer, key);
    if (!md) return NULL;
    md->velocity = (acp_vec3){vx, vy, vz};
    md->omega = (acp_vec3){ox, oy, oz};
    md->bitfield = (uint8_t)bitfield;
    md->flags = (uint8_t)((vx != 0.0f || vy != 0.0f || vz != 0.0f) | ((ox != 0.0f || oy != 0.0f || oz != 0.0f) << 1));
    return md;
}
/** Append an animation (frames low..high, −1 = last, at framerate frames/s) to a MotionData. */
ACP_ABI int acp_abi_fixture_motion_anim(acp_motion_data *md, uint32_t anim_id, int32_t low, int32_t high, float framerate)
{
    return acp_fixture_motion_anim(md, anim_id, low, high, framerate);
}
/** A Setup of num_parts parts with `num_spheres` spheres (16 bytes each: centre, radius) and
 *  its default animation, script and motion table ids (0 = none). */
ACP_ABI acp_setup *acp_abi_fixture_setup(acp_fixture *fx, uint32_t id, uint32_t num_parts, const acp_sphere *spheres,
                                         uint32_t num_spheres, uint32_t default_animation, uint32_t default_script,
                                         uint32_t default_motion_table)
{
    acp_setup *s = acp_fixture_setup(fx, id, num_parts, spheres, num_spheres);
    if (!s) return NULL;
    s->default_animation = default_animation;
    s->default_script = default_script;
    s->default_motion_table = default_motion_table;
    return s;
}
/** Set a fixture Setup's step-up and step-down heights (metres). */
ACP_ABI void acp_abi_fixture_setup_step_heights(acp_setup *setup, float step_up, float step_down)
{
    setup->step_up_height = step_up;
    setup->step_down_height = step_down;
}
/** Add a placement (0x65 Resting, 0 Default ...) with num_parts × 7 floats; 1 on success. */
ACP_ABI int acp_abi_fixture_setup_placement(acp_setup *setup, uint32_t key, const float *frames)
{
    acp_aframe *f = malloc((setup->num_parts ? setup->num_parts : 1) * sizeof *f);
    if (!f) return 0;
    aframes_from(f, frames, setup->num_parts);
    int ok = acp_fixture_setup_placement(setup, key, f);
    free(f);
    return ok;
}

/** A standalone CSequence (no hook object) reading the fixture's animations; 0 when out of memory. */
ACP_ABI acp_sequence *acp_abi_sequence_create(const acp_fixture *fx)
{
    acp_sequence *seq = malloc(sizeof *seq);
    if (!seq) return NULL;
    acp_record_source src = acp_fixture_source(fx);
    acp_sequence_init(seq, NULL, &src);
    return seq;
}
/** Free a standalone sequence. */
ACP_ABI void acp_abi_sequence_destroy(acp_sequence *seq) { free(seq); }
/** CSequence::append_animation. */
ACP_ABI void acp_abi_sequence_append_animation(acp_sequence *seq, uint32_t anim_id, int32_t low, int32_t high, float framerate)
{
    acp_anim_data ad = {anim_id, low, high, framerate};
    acp_sequence_append_animation(seq, &ad);
}
/** CSequence::update by `quantum` seconds into `frame` (a Frame, 64 bytes; 0 = none). */
ACP_ABI void acp_abi_sequence_update(acp_sequence *seq, double quantum, acp_frame *frame)
{
    acp_sequence_update(seq, quantum, frame);
}
/** CSequence::set_velocity (m/s) and set_omega (rad/s), object axes. */
ACP_ABI void acp_abi_sequence_set_physics(acp_sequence *seq, float vx, float vy, float vz, float ox, float oy, float oz)
{
    acp_sequence_set_velocity(seq, (acp_vec3){vx, vy, vz});
    acp_sequence_set_omega(seq, (acp_vec3){ox, oy, oz});
}
/** The node at pool index `index` (layout kind 5), 0 for −1. */
ACP_ABI const acp_anim_node *acp_abi_sequence_node(const acp_sequence *seq, int32_t index)
{
    return acp_sequence_node(seq, (int16_t)index);
}

/** A MotionState (layout kind 8) in its initial state; 0 when out of memory. */
ACP_ABI acp_motion_state *acp_abi_motion_state_create(void)
{
    acp_motion_state *st = malloc(sizeof *st);
    if (st) acp_motion_state_init(st);
    return st;
}
/** Free a MotionState. */
ACP_ABI void acp_abi_motion_state_destroy(acp_motion_state *st) { free(st); }
/** CMotionTable::SetDefaultState; writes num_anims; 1 on success. */
ACP_ABI int acp_abi_motion_table_set_default_state(const acp_motion_table *mt, acp_motion_state *st, acp_sequence *seq,
                                                   uint32_t *num_anims)
{
    return acp_motion_table_set_default_state(mt, st, seq, num_anims);
}
/** CMotionTable::DoObjectMotion; writes num_anims; 1 on success. */
ACP_ABI int acp_abi_motion_table_do_object_motion(const acp_motion_table *mt, uint32_t motion, acp_motion_state *st,
                                                  acp_sequence *seq, float speed, uint32_t *num_anims)
{
    return acp_motion_table_do_object_motion(mt, motion, st, seq, speed, num_anims);
}
/** CMotionTable::StopSequenceMotion; writes num_anims; 1 on success. */
ACP_ABI int acp_abi_motion_table_stop_sequence_motion(const acp_motion_table *mt, uint32_t motion, acp_motion_state *st,
                                                      acp_sequence *seq, uint32_t *num_anims)
{
    return acp_motion_table_stop_sequence_motion(mt, motion, 1.0f, st, seq, num_anims);
}
/** CMotionTable::get_link: the MotionData, or 0. */
ACP_ABI const acp_motion_data *acp_abi_motion_table_get_link(const acp_motion_table *mt, uint32_t style, uint32_t substate,
                                                             float substate_speed, uint32_t motion, float speed)
{
    return acp_motion_table_get_link(mt, style, substate, substate_speed, motion, speed);
}

/** A standalone CMotionInterp (no object; layout kind 7) for the pure rules; 0 when out of memory. */
ACP_ABI acp_motion_interp *acp_abi_motion_interp_create(void)
{
    acp_motion_interp *mi = malloc(sizeof *mi);
    if (mi) acp_motion_interp_init(mi, NULL);
    return mi;
}
/** Free a standalone interpreter. */
ACP_ABI void acp_abi_motion_interp_destroy(acp_motion_interp *mi) { free(mi); }
/** CMotionInterp::adjust_motion on the uint32 at `motion` and the float at `speed` (in place);
 *  key: 0 Invalid (use the current hold key), 1 None, 2 Run. */
ACP_ABI void acp_abi_motion_interp_adjust_motion(const acp_motion_interp *mi, uint32_t *motion, float *speed, uint32_t key)
{
    acp_motion_interp_adjust_motion(mi, motion, speed, key);
}
/** CMotionInterp::get_state_velocity into the vec3 at `out` (m/s, object axes). */
ACP_ABI void acp_abi_motion_interp_get_state_velocity(const acp_motion_interp *mi, acp_vec3 *out)
{
    *out = acp_motion_interp_get_state_velocity(mi);
}

/** Build the object's part array from a fixture Setup (records from the fixture); 1 on success.
 *  See acp_physobj_set_setup. */
ACP_ABI int acp_abi_physobj_set_setup(acp_physobj *obj, const acp_setup *setup, const acp_fixture *fx)
{
    if (!fx) return acp_physobj_set_setup(obj, setup, NULL);
    acp_record_source src = acp_fixture_source(fx);
    return acp_physobj_set_setup(obj, setup, &src);
}
/** CPhysicsObj::SetMotionTableID; 1 on success. */
ACP_ABI int acp_abi_physobj_set_motion_table(acp_physobj *obj, uint32_t table_id)
{
    return acp_physobj_set_motion_table(obj, table_id);
}
/** Apply an interpreted motion state (speeds final). See acp_physobj_apply_interpreted_motion. */
ACP_ABI void acp_abi_physobj_apply_interpreted_motion(acp_physobj *obj, uint32_t style, uint32_t forward_command,
                                                      float forward_speed, uint32_t sidestep_command, float sidestep_speed,
                                                      uint32_t turn_command, float turn_speed)
{
    acp_interpreted_motion m = {style, forward_command, forward_speed, sidestep_command, sidestep_speed, turn_command, turn_speed};
    acp_physobj_apply_interpreted_motion(obj, &m);
}
/** Apply raw input (adjust_motion + apply_run_to_command). See acp_physobj_apply_raw_motion. */
ACP_ABI void acp_abi_physobj_apply_raw_motion(acp_physobj *obj, uint32_t forward_command, float forward_speed,
                                              uint32_t sidestep_command, float sidestep_speed, uint32_t turn_command,
                                              float turn_speed, int hold_run)
{
    acp_raw_motion m = {forward_command, forward_speed, sidestep_command, sidestep_speed, turn_command, turn_speed, hold_run != 0};
    acp_physobj_apply_raw_motion(obj, &m);
}
/** CMotionInterp::jump with extent 0..1: 0 or retail's error (36, 72, 8 ...). */
ACP_ABI uint32_t acp_abi_physobj_jump(acp_physobj *obj, float extent) { return acp_physobj_jump(obj, extent); }
/** The run rate standing in for the weenie's InqRunRate. */
ACP_ABI void acp_abi_physobj_set_run_rate(acp_physobj *obj, float run_rate) { acp_physobj_set_run_rate(obj, run_rate); }
/** The part array's num_parts part frames (world; 64-byte frames), placed now: a part array's
 *  part_frames field holds them only as of the last call (see src/physics/object/partarray.h). */
ACP_ABI const acp_frame *acp_abi_partarray_part_frames(acp_partarray *pa) { return acp_partarray_part_frames(pa); }
/** The object's interpreter (layout kind 7), 0 without one. */
ACP_ABI const acp_motion_interp *acp_abi_physobj_motion_interp(const acp_physobj *obj)
{
    return acp_physobj_motion_interp(obj);
}
/* ==== end motion ==== */
/* ---- deviation pins (docs/DEVIATIONS.md M6, M7, T7): entry points the Node mirrors of those
 * rows' tests call ---- */
/** MotionState::add_modifier_no_check: push (motion, speed) at the head of the modifier list. */
ACP_ABI void acp_abi_motion_state_add_modifier_no_check(acp_motion_state *st, uint32_t motion, float speed)
{
    acp_motion_state_add_modifier_no_check(st, motion, speed);
}
/** CMotionTable::StopObjectCompletely; writes num_anims; 1 or 0 as retail. */
ACP_ABI int acp_abi_motion_table_stop_object_completely(const acp_motion_table *mt, acp_motion_state *st,
                                                        acp_sequence *seq, uint32_t *num_anims)
{
    return acp_motion_table_stop_object_completely(mt, st, seq, num_anims);
}
/** CMotionTable::re_modify. */
ACP_ABI void acp_abi_motion_table_re_modify(const acp_motion_table *mt, acp_sequence *seq, acp_motion_state *st)
{
    acp_motion_table_re_modify(mt, seq, st);
}
/** CSequence::remove_link_animations(n). */
ACP_ABI void acp_abi_sequence_remove_link_animations(acp_sequence *seq, uint32_t n)
{
    acp_sequence_remove_link_animations(seq, n);
}
/** CPhysicsObj::get_object_info into a fresh transition: returns the OBJECTINFO state and writes
 *  4 bytes at `out` (0/1): the collision info's contact_plane_valid, contact_plane_is_water,
 *  last_known_contact_plane_valid, last_known_contact_plane_is_water. */
ACP_ABI uint32_t acp_abi_physobj_get_object_info(const acp_physobj *obj, int admin_move, uint8_t *out)
{
    acp_transition t;
    acp_transition_init(&t, obj->world ? obj->world->terrain : NULL);
    uint32_t state = acp_physobj_get_object_info(obj, &t, admin_move != 0);
    const acp_collision_info *c = &t.collision_info;
    out[0] = c->contact_plane_valid;
    out[1] = c->contact_plane_is_water;
    out[2] = c->last_known_contact_plane_valid;
    out[3] = c->last_known_contact_plane_is_water;
    return state;
}
/* ---- end deviation pins ---- */
/* ---- terrain and the collision sweep (issue 7): see src/physics/cell/terrain.h, setposition.h ---- */

/** Create an empty terrain (retail LScape) for `capacity` landblocks; 0 when out of memory. */
ACP_ABI acp_terrain *acp_abi_terrain_create(uint32_t capacity) { return acp_terrain_create(capacity); }
/** Destroy a terrain (detach it from its worlds first). */
ACP_ABI void acp_abi_terrain_destroy(acp_terrain *t) { acp_terrain_destroy(t); }
/** Load landblock `id` (0xXXYYFFFF): `heights` 81 height indices and `terrain_words` 81 u16
 *  terrain words (0: all zero), element x·9 + y; `height_table` 256 floats (metres per index,
 *  the Region's LandHeightTable). Returns an acp_terrain_status (0 OK, 1 bad argument, 2 full). */
ACP_ABI uint32_t acp_abi_terrain_add_landblock(acp_terrain *t, uint32_t id, const uint8_t *heights,
                                               const uint16_t *terrain_words, const float *height_table)
{
    if (!heights || !height_table) return ACP_TERRAIN_BAD_ARGUMENT;
    acp_landblock rec;
    memset(&rec, 0, sizeof rec);
    rec.id = id;
    memcpy(rec.height, heights, sizeof rec.height);
    if (terrain_words) memcpy(rec.terrain, terrain_words, sizeof rec.terrain);
    acp_region region;
    memset(&region, 0, sizeof region);
    memcpy(region.land_height_table, height_table, sizeof region.land_height_table);
    return acp_terrain_add_landblock(t, &rec, &region);
}
/** Give world `w` the terrain (0: the fixture world without terrain). */
ACP_ABI void acp_abi_terrain_attach(acp_world *w, acp_terrain *t) { acp_terrain_attach(w, t); }
/** Terrain height (metres) at (x, y) of cell's landblock frame, written to *out; 1, or 0 when
 *  not loaded / outside. */
ACP_ABI int acp_abi_terrain_height(const acp_terrain *t, uint32_t cell, float x, float y, float *out)
{
    return acp_terrain_height(t, cell, x, y, out);
}
/** Terrain normal (unit vec3) at (x, y) of cell's landblock frame, written to *out; 1 or 0. */
ACP_ABI int acp_abi_terrain_normal(const acp_terrain *t, uint32_t cell, float x, float y, acp_vec3 *out)
{
    return acp_terrain_normal(t, cell, x, y, out);
}
/** Water type of a loaded outdoor cell (0 none, 1 partial, 2 entire); 0xFFFFFFFF when missing. */
ACP_ABI uint32_t acp_abi_terrain_cell_water_type(const acp_terrain *t, uint32_t cell)
{
    const acp_landcell *c = acp_terrain_get_landcell(t, cell);
    return c ? c->water_type : 0xFFFFFFFFu;
}
/** CLandBlockStruct::ConstructPolygons' split of the cell at global vertex (gx, gy): 1 SW–NE. */
ACP_ABI int acp_abi_terrain_split_sw_to_ne(uint32_t gx, uint32_t gy) { return acp_landblock_split_sw_to_ne(gx, gy); }

/** CPhysicsObj::enter_world at position `pos` (68 bytes) at `now` seconds: a placement sweep
 *  (PLACEMENT | SLIDE). 1 when the object entered. */
ACP_ABI int acp_abi_world_enter_object(acp_world *w, acp_physobj *obj, const acp_position *pos, double now)
{
    return acp_world_enter_object(w, obj, pos, now);
}
/** CPhysicsObj::SetPosition with SetPositionFlag bits; returns the SetPositionError (0 OK). */
ACP_ABI uint32_t acp_abi_physobj_set_position(acp_physobj *obj, const acp_position *pos, uint32_t flags)
{
    return acp_physobj_set_position(obj, pos, flags);
}
/** Number of terrain sweeps (CPhysicsObj::transition) the world has run. */
ACP_ABI double acp_abi_world_num_sweeps(const acp_world *w) { return (double)w->num_sweeps; }
/* ---- DAT records (src/dat/dat.h, writer.h) ----
 * A record store is reached through a handle (a pointer) that also keeps the last error, so
 * JavaScript reads the failing code, offset and field after any call that returned non-zero.
 * Statuses are acp_dat_status values: 0 ok, 1 pending, 2+ errors (acp_abi_dat_status_name).
 * File offsets cross as doubles (exact below 2^53). */

typedef struct abi_dat {
    acp_datset *set;
    acp_dat_error err;
} abi_dat;

static int abi_dat_status(abi_dat *d, acp_dat_status st)
{
    if (st != ACP_DAT_OK && d->err.status != st) acp_dat_fail(&d->err, st, 0, "", 0, false);
    if (st == ACP_DAT_OK) acp_dat_error_clear(&d->err);
    return (int)st;
}

/** A new, empty record store; 0 when out of memory. Free it with acp_abi_dat_destroy. */
ACP_ABI abi_dat *acp_abi_dat_create(void)
{
    abi_dat *d = calloc(1, sizeof *d);
    if (!d) return NULL;
    d->set = acp_datset_create();
    if (!d->set) {
        free(d);
        return NULL;
    }
    acp_dat_error_clear(&d->err);
    return d;
}
/** Free a record store and every record it holds. */
ACP_ABI void acp_abi_dat_destroy(abi_dat *d)
{
    if (!d) return;
    acp_datset_destroy(d->set);
    free(d);
}
/** Parse every record of the DAT at bytes[0..size) (an excerpt) into the store: all or none.
 *  The bytes may be freed afterwards. Returns a status. */
ACP_ABI int acp_abi_dat_add_bytes(abi_dat *d, const uint8_t *bytes, uint32_t size)
{
    return abi_dat_status(d, acp_datset_add_dat_bytes(d->set, bytes, size, &d->err));
}
/** Register a DAT of `length` bytes read lazily: its bytes are supplied on demand with
 *  acp_abi_dat_supply. Returns the source index (>= 0) or −status. */
ACP_ABI int acp_abi_dat_add_lazy(abi_dat *d, double length)
{
    uint32_t index = 0;
    if (!(length >= 0) || length > 9007199254740992.0) return -abi_dat_status(d, ACP_DAT_ERR_ARGUMENT);
    acp_dat_status st = acp_datset_add_cached_source(d->set, (uint64_t)length, &index, &d->err);
    return st == ACP_DAT_OK ? (int)index : -abi_dat_status(d, st);
}
/** Load record `id` from the lazy sources if a newer copy exists: 0 ok, 1 pending (read
 *  acp_abi_dat_wanted_*, supply that range, call again), else an error status. */
ACP_ABI int acp_abi_dat_require(abi_dat *d, uint32_t id)
{
    return abi_dat_status(d, acp_datset_require(d->set, id, &d->err));
}
/** The lazy source whose bytes the last pending call wants, or −1. */
ACP_ABI int acp_abi_dat_wanted_source(abi_dat *d)
{
    uint32_t index;
    return acp_datset_wanted(d->set, &index, NULL, NULL) ? (int)index : -1;
}
/** File offset of the wanted range (bytes). */
ACP_ABI double acp_abi_dat_wanted_offset(abi_dat *d)
{
    uint64_t offset = 0;
    acp_datset_wanted(d->set, NULL, &offset, NULL);
    return (double)offset;
}
/** Length of the wanted range (bytes). */
ACP_ABI uint32_t acp_abi_dat_wanted_length(abi_dat *d)
{
    uint32_t length = 0;
    acp_datset_wanted(d->set, NULL, NULL, &length);
    return length;
}
/** Supply bytes[0..length) as the file's bytes at `offset` of lazy source `source` (copied). */
ACP_ABI int acp_abi_dat_supply(abi_dat *d, uint32_t source, double offset, const uint8_t *bytes, uint32_t length)
{
    if (!(offset >= 0) || offset > 9007199254740992.0) return abi_dat_status(d, ACP_DAT_ERR_ARGUMENT);
    return abi_dat_status(d, acp_datset_supply(d->set, source, (uint64_t)offset, bytes, length));
}
/** The last error's status (0 after a successful call). */
ACP_ABI int acp_abi_dat_error_status(abi_dat *d) { return (int)d->err.status; }
/** The last error's byte offset: within the record when acp_abi_dat_error_in_record is 1, else
 *  within the file. */
ACP_ABI double acp_abi_dat_error_offset(abi_dat *d) { return (double)d->err.offset; }
/** 1 when the last error's offset counts from the record's first byte. */
ACP_ABI int acp_abi_dat_error_in_record(abi_dat *d) { return d->err.in_record ? 1 : 0; }
/** The last error's field name (static string, "" when none). */
ACP_ABI const char *acp_abi_dat_error_field(abi_dat *d) { return d->err.field ? d->err.field : ""; }
/** The id of the record the last error was about (0 for file-level errors). */
ACP_ABI uint32_t acp_abi_dat_error_record(abi_dat *d) { return d->err.record_id; }
/** Static message of a status. */
ACP_ABI const char *acp_abi_dat_status_string(int status) { return acp_dat_status_string((acp_dat_status)status); }
/** Static name of a status, e.g. "ACP_DAT_ERR_FREE_BLOCK". */
ACP_ABI const char *acp_abi_dat_status_name(int status) { return acp_dat_status_name((acp_dat_status)status); }
/** Number of records held. */
ACP_ABI uint32_t acp_abi_dat_count(abi_dat *d) { return (uint32_t)acp_datset_count(d->set); }
/** Id of the index-th record in (type, id) order (0 past the end). */
ACP_ABI uint32_t acp_abi_dat_record_id(abi_dat *d, uint32_t index)
{
    const acp_dat_record *r = acp_datset_record_at(d->set, index);
    return r ? r->id : 0;
}
/** Type (acp_dat_type: 1 Setup, 2 Animation, 3 MotionTable, 4 LandBlock, 5 Region) of the
 *  index-th record (0 past the end). */
ACP_ABI int acp_abi_dat_record_type(abi_dat *d, uint32_t index)
{
    const acp_dat_record *r = acp_datset_record_at(d->set, index);
    return r ? (int)r->type : 0;
}
/** Record (type, id) as JSON (see acp_dat_record_json; a LandBlock lists "z" when the store
 *  holds Region 0x13000000): a NUL-terminated string to release with acp_abi_free, or 0 when the
 *  record is absent or memory ran out. */
ACP_ABI char *acp_abi_dat_json(abi_dat *d, int type, uint32_t id)
{
    const acp_dat_record *r = acp_datset_record(d->set, (acp_dat_type)type, id);
    if (!r) return NULL;
    return acp_dat_record_json(r, acp_datset_region(d->set, 0x13000000u), NULL);
}
/** LandBlock `id` in memory (0 when absent): u32 id at +0, u32 has_objects at +4, u16
 *  terrain[81] at +8, u8 height[81] at +170 (element x*9 + y). */
ACP_ABI const acp_landblock *acp_abi_dat_landblock(abi_dat *d, uint32_t id) { return acp_datset_landblock(d->set, id); }
/** The 256-float LandHeightTable (metres) of Region `id`, or 0 when absent. */
ACP_ABI const float *acp_abi_dat_land_height_table(abi_dat *d, uint32_t id)
{
    const acp_region *g = acp_datset_region(d->set, id);
    return g ? g->land_height_table : NULL;
}

/* ---- terrain and objects from a record store: the DAT, motion and terrain pieces together ---- */

/** Load landblock `id` (0xXXYYFFFF) of record store `d` into terrain t, its heights through the
 *  store's Region 0x13000000 (acp_terrain_add_landblock on the parsed records). Returns an
 *  acp_terrain_status: 1 (bad argument) when the store lacks either record. */
ACP_ABI uint32_t acp_abi_terrain_add_dat_landblock(acp_terrain *t, abi_dat *d, uint32_t id)
{
    return acp_terrain_add_landblock(t, acp_datset_landblock(d->set, id), acp_datset_region(d->set, 0x13000000u));
}
/** Give obj Setup `setup_id` of record store `d`, with the store as the source of its animations
 *  and motion tables (acp_datset_source): acp_physobj_set_setup. 1 on success, 0 when the store
 *  has no such Setup or memory ran out. The store must outlive the object. */
ACP_ABI int acp_abi_physobj_set_setup_dat(acp_physobj *obj, abi_dat *d, uint32_t setup_id)
{
    const acp_setup *setup = acp_datset_setup(d->set, setup_id);
    if (!setup) return 0;
    acp_record_source src = acp_datset_source(d->set);
    return acp_physobj_set_setup(obj, setup, &src);
}

typedef struct abi_writer {
    acp_dat_writer *w;
    uint8_t *out;
    size_t out_size;
} abi_writer;

/** A DAT writer for data set 1 (portal) or 2 (cell) with the default header of
 *  acp_dat_header_default; block_size 0 keeps its size (1024 portal, 256 cell). 0 on failure. */
ACP_ABI abi_writer *acp_abi_dat_writer_create(uint32_t data_set, uint32_t block_size)
{
    acp_dat_header h = acp_dat_header_default(data_set);
    if (block_size) h.block_size = block_size;
    abi_writer *aw = calloc(1, sizeof *aw);
    if (!aw) return NULL;
    aw->w = acp_dat_writer_create(&h);
    if (!aw->w) {
        free(aw);
        return NULL;
    }
    return aw;
}
/** Add record `id` (bytes copied) with entry flags (bit 0 compressed, bits 16-31 version), date
 *  (Unix seconds) and iteration. Returns a status (ERR_DUPLICATE_ID, ...). */
ACP_ABI int acp_abi_dat_writer_add(abi_writer *aw, uint32_t id, const uint8_t *bytes, uint32_t size, uint32_t flags,
                                   int32_t date, int32_t iteration)
{
    acp_dat_entry e = {flags, id, 0, size, date, iteration};
    return (int)acp_dat_writer_add(aw->w, &e, bytes, size);
}
/** Lay out the DAT; then acp_abi_dat_writer_bytes / _size give it. Returns a status. */
ACP_ABI int acp_abi_dat_writer_finish(abi_writer *aw)
{
    free(aw->out);
    aw->out = NULL;
    aw->out_size = 0;
    return (int)acp_dat_writer_finish(aw->w, &aw->out, &aw->out_size);
}
/** The finished DAT's bytes (valid until the next finish or destroy). */
ACP_ABI const uint8_t *acp_abi_dat_writer_bytes(abi_writer *aw) { return aw->out; }
/** The finished DAT's size in bytes. */
ACP_ABI uint32_t acp_abi_dat_writer_size(abi_writer *aw) { return (uint32_t)aw->out_size; }
/** Free the writer and its output. */
ACP_ABI void acp_abi_dat_writer_destroy(abi_writer *aw)
{
    if (!aw) return;
    acp_dat_writer_destroy(aw->w);
    free(aw->out);
    free(aw);
}

/* ==== scenarios and traces (issue 5) =====================================================
 * The one C runner (src/scenario/run.h) for Node and the page. JavaScript parses JSON with
 * JSON.parse and hands the tree over in the binary encoding of src/scenario/jsonv.h
 * (wasm/scenario.mjs: encodeJson). Strings come back NUL-terminated in linear memory, valid until
 * the next call on the same run. See wasm/scenario.mjs for the JavaScript API over these. */

#include "scenario/diff.h"
#include "scenario/jsonv.h"
#include "scenario/jsoncheck.h"
#include "scenario/run.h"
#include "scenario/scenario.h"
#include "scenario/text.h"

/** A run from a binary JSON scenario (`size` bytes at `json`, not kept) and a profile override
 *  (-1: the scenario's; 0 retail, 1 acdream-r6, 2 ace). 0 only when out of memory; otherwise check
 *  acp_abi_run_error (a bad scenario, or bytes that do not decode, are reported there). */
ACP_ABI acp_run *acp_abi_run_create(const uint8_t *json, uint32_t size, int32_t profile_override)
{
    char err[256];
    acp_jsonv_doc *doc = acp_jsonv_decode(json, size, err, sizeof err);
    if (!doc) return acp_run_create_failed(err);
    acp_run *run = acp_run_create(acp_jsonv_root(doc), profile_override);
    acp_jsonv_doc_destroy(doc);
    return run;
}
/** Free a run and everything it owns. */
ACP_ABI void acp_abi_run_free(acp_run *run) { acp_run_destroy(run); }
/** The error message ("<field path>: <what is wrong>"), or 0 while the run is fine. */
ACP_ABI const char *acp_abi_run_error(const acp_run *run) { return acp_run_error(run); }
/** The profile the run uses (0 retail, 1 acdream-r6, 2 ace). */
ACP_ABI uint32_t acp_abi_run_profile(const acp_run *run) { return (uint32_t)acp_run_profile(run); }
/** Number of excerpt names in the scenario, the i-th name, and whether it needs bytes (1) or is
 *  "default" (0, embedded in the module). */
ACP_ABI uint32_t acp_abi_run_excerpt_count(const acp_run *run) { return acp_run_excerpt_count(run); }
ACP_ABI const char *acp_abi_run_excerpt_name(const acp_run *run, uint32_t i) { return acp_run_excerpt_name(run, i); }
ACP_ABI int acp_abi_run_excerpt_needs_bytes(const acp_run *run, uint32_t i)
{
    return acp_run_excerpt_needs_bytes(run, i);
}
/** Hand in excerpt i's DAT bytes (`size` bytes at `bytes`, copied). 1 ok, 0 out of range or memory. */
ACP_ABI int acp_abi_run_set_excerpt(acp_run *run, uint32_t i, const uint8_t *bytes, uint32_t size)
{
    return acp_run_set_excerpt(run, i, bytes, size);
}
/** Read the excerpts and build the world: 1 ok, 0 error (acp_abi_run_error). */
ACP_ABI int acp_abi_run_start(acp_run *run) { return acp_run_start(run); }
/** One frame at `now` seconds (e.g. the page's requestAnimationFrame time): 1 ok, 0 error. */
ACP_ABI int acp_abi_run_step(acp_run *run, double now) { return acp_run_step(run, now); }
/** The scenario's next frame: 1 stepped, 0 none left (or an error). */
ACP_ABI int acp_abi_run_step_next(acp_run *run) { return acp_run_step_next(run); }
/** Every remaining frame; with keep_trace, the trace text accumulates (acp_abi_run_trace).
 *  Returns the number of frames run. */
ACP_ABI uint32_t acp_abi_run_all(acp_run *run, int keep_trace) { return acp_run_all(run, keep_trace != 0); }
/** The accumulated trace of acp_abi_run_all (lines and the closing digest line, each ending
 *  in '\n') and its length in bytes. */
ACP_ABI const char *acp_abi_run_trace(const acp_run *run) { return acp_run_trace(run, NULL); }
ACP_ABI uint32_t acp_abi_run_trace_length(const acp_run *run)
{
    size_t n;
    acp_run_trace(run, &n);
    return (uint32_t)n;
}
/** Frames run so far; the scenario's frame count; and its frame times (count doubles, seconds). */
ACP_ABI uint32_t acp_abi_run_frames_done(const acp_run *run) { return acp_run_frames_done(run); }
ACP_ABI uint32_t acp_abi_run_frames_total(const acp_run *run) { return acp_run_frames_total(run); }
ACP_ABI const double *acp_abi_run_frame_times(const acp_run *run) { return acp_run_scenario(run)->frames.times; }
/** The last frame's trace line (no newline) and its length; the table header and the last
 *  frame's table rows; the closing {"digest":...} line for the frames run so far. */
ACP_ABI const char *acp_abi_run_line(acp_run *run) { return acp_run_line(run, NULL); }
ACP_ABI uint32_t acp_abi_run_line_length(acp_run *run)
{
    size_t n;
    acp_run_line(run, &n);
    return (uint32_t)n;
}
ACP_ABI const char *acp_abi_run_table_header(acp_run *run) { return acp_run_table_header(run); }
ACP_ABI const char *acp_abi_run_table_rows(acp_run *run) { return acp_run_table_rows(run); }
ACP_ABI const char *acp_abi_run_digest_line(acp_run *run) { return acp_run_digest_line(run); }
/** The running digest after the last frame, low and high 32 bits. */
ACP_ABI uint32_t acp_abi_run_digest_lo(const acp_run *run) { return (uint32_t)acp_run_digest(run); }
ACP_ABI uint32_t acp_abi_run_digest_hi(const acp_run *run) { return (uint32_t)(acp_run_digest(run) >> 32); }
/** The digest after every frame run so far: acp_abi_run_frames_done(run) uint64 values
 *  (little-endian) at this address, element k for frame k + 1. Read it as a BigUint64Array. */
ACP_ABI const uint64_t *acp_abi_run_frame_digests(const acp_run *run) { return acp_run_frame_digests(run, NULL); }
/** Warnings: count and the i-th message. */
ACP_ABI uint32_t acp_abi_run_warning_count(const acp_run *run) { return acp_run_warning_count(run); }
ACP_ABI const char *acp_abi_run_warning(const acp_run *run, uint32_t i) { return acp_run_warning(run, i); }
/** The world (layout kind 1; 0 before start) and the i-th scenario object (layout kind 0). */
ACP_ABI acp_world *acp_abi_run_world(const acp_run *run) { return acp_run_world(run); }
ACP_ABI acp_physobj *acp_abi_run_object(const acp_run *run, uint32_t i) { return acp_run_object(run, i); }
ACP_ABI uint32_t acp_abi_run_object_count(const acp_run *run) { return acp_run_scenario(run)->num_objects; }


/** The frame generator of SPEC §6 (acp_frames_generate): writes `count` doubles (seconds) at out. */
ACP_ABI void acp_abi_frames_generate(double hz, uint32_t count, double start, int jitter, uint32_t seed, double ms,
                                     double *out)
{
    acp_frames_generate(hz, count, start, jitter != 0, seed, ms, out);
}

/* Formatting, for the tests that prove native and WASM print the same characters. */
static char g_format[1100];
/** v as C's %.{precision}g, exactly (src/scenario/text.h); the string stays valid until the next
 *  format call. */
ACP_ABI const char *acp_abi_format_g(double v, int precision)
{
    acp_text t;
    acp_text_fixed(&t, g_format, sizeof g_format);
    acp_text_put_g(&t, v, precision);
    return g_format;
}
/** v as C's %.{decimals}f, exactly. */
ACP_ABI const char *acp_abi_format_f(double v, int decimals)
{
    acp_text t;
    acp_text_fixed(&t, g_format, sizeof g_format);
    acp_text_put_f(&t, v, decimals);
    return g_format;
}

/** acp_text_format_digest(count), low and high 32 bits. */
ACP_ABI uint32_t acp_abi_format_digest_lo(uint32_t count) { return (uint32_t)acp_text_format_digest(count); }
ACP_ABI uint32_t acp_abi_format_digest_hi(uint32_t count) { return (uint32_t)(acp_text_format_digest(count) >> 32); }

/** Strict JSON syntax check of `len` bytes at `text` (src/scenario/jsoncheck.h): 1 when valid,
 *  else 0 and "line L, column C: <what>" written NUL-terminated to msg (msg_size bytes). */
ACP_ABI int acp_abi_json_check(const char *text, uint32_t len, char *msg, uint32_t msg_size)
{
    return acp_json_check(text, len, msg, msg_size);
}

/** A trace comparison (src/scenario/diff.h); 0 when out of memory. */
ACP_ABI acp_trace_diff *acp_abi_diff_create(void)
{
    acp_trace_diff *d = malloc(sizeof *d);
    if (d) acp_trace_diff_init(d);
    return d;
}
ACP_ABI void acp_abi_diff_free(acp_trace_diff *d) { free(d); }
/** Compare line `line_no` (1-based) of a and b, each a binary JSON document. 1 while the traces
 *  agree, 0 after the first difference (acp_abi_diff_message). */
ACP_ABI int acp_abi_diff_line(acp_trace_diff *d, uint32_t line_no, const uint8_t *a, uint32_t a_size,
                              const uint8_t *b, uint32_t b_size)
{
    acp_jsonv_doc *da = acp_jsonv_decode(a, a_size, NULL, 0);
    acp_jsonv_doc *db = acp_jsonv_decode(b, b_size, NULL, 0);
    if (!da) acp_trace_diff_bad_line(d, line_no, 'a', NULL);
    else if (!db) acp_trace_diff_bad_line(d, line_no, 'b', NULL);
    else acp_trace_diff_line(d, line_no, acp_jsonv_root(da), acp_jsonv_root(db));
    acp_jsonv_doc_destroy(da);
    acp_jsonv_doc_destroy(db);
    return !d->different && !d->error;
}
/** Line `line_no` exists only in trace `which` ('a' = 97 or 'b' = 98), given as a binary JSON
 *  document: a difference unless it is a closing digest line. 1 while the traces agree. */
ACP_ABI int acp_abi_diff_extra_line(acp_trace_diff *d, uint32_t line_no, uint32_t which, const uint8_t *v,
                                    uint32_t size)
{
    acp_jsonv_doc *dv = acp_jsonv_decode(v, size, NULL, 0);
    char w = which == 'b' ? 'b' : 'a';
    if (!dv) acp_trace_diff_bad_line(d, line_no, w, NULL);
    else acp_trace_diff_extra_line(d, line_no, w, acp_jsonv_root(dv));
    acp_jsonv_doc_destroy(dv);
    return !d->different && !d->error;
}
/** 1 when the comparison stopped on input that is not a trace (a line that is not JSON, an
 *  empty trace): the report is then an error message. */
ACP_ABI int acp_abi_diff_error(const acp_trace_diff *d) { return d->error; }
/** Line `line_no` of trace `which` ('a' = 97 or 'b' = 98) is not JSON; `why` (a NUL-terminated
 *  string or 0) is the JSON check's message. */
ACP_ABI void acp_abi_diff_bad_line(acp_trace_diff *d, uint32_t line_no, uint32_t which, const char *why)
{
    acp_trace_diff_bad_line(d, line_no, which == 'b' ? 'b' : 'a', why);
}
/** After the last line: 1 when the traces are identical. */
ACP_ABI int acp_abi_diff_finish(acp_trace_diff *d, uint32_t a_lines, uint32_t b_lines)
{
    return acp_trace_diff_finish(d, a_lines, b_lines);
}
/** The report: the first difference with both values and their ulp distance, or "traces are
 *  identical (N lines)". */
ACP_ABI const char *acp_abi_diff_message(const acp_trace_diff *d) { return d->message; }
/* ==== end scenarios and traces ==== */

/* ==== page (issue 8): what the demo page reads and does each frame ======================== */

/** The objects of the run's last frame, as its trace line shows them: acp_abi_run_object_count
 *  acp_trace_object structs (layout kind 11) in scenario order; 0 before the first frame. One
 *  typed-array read per frame instead of a call per field. */
ACP_ABI const acp_trace_object *acp_abi_run_frame_objects(const acp_run *run)
{
    const acp_trace_frame *f = acp_run_last_frame(run);
    return f ? f->objects : NULL;
}
/** Add an event (binary JSON of one element of "events") to a started run: 1 added, 0 refused
 *  (acp_abi_run_event_error says why; the run goes on unchanged). */
ACP_ABI int acp_abi_run_add_event(acp_run *run, const uint8_t *json, uint32_t size)
{
    char err[256];
    acp_jsonv_doc *doc = acp_jsonv_decode(json, size, err, sizeof err);
    if (!doc) return 0;
    int ok = acp_run_add_event(run, acp_jsonv_root(doc));
    acp_jsonv_doc_destroy(doc);
    return ok;
}
ACP_ABI const char *acp_abi_run_event_error(const acp_run *run) { return acp_run_event_error(run); }

/** The world's terrain (0 for the fixture world without one). */
ACP_ABI acp_terrain *acp_abi_world_terrain(const acp_world *world) { return world ? world->terrain : NULL; }
/** Number of loaded landblocks, and the i-th one's id (0xXXYYFFFF; 0 out of range). */
ACP_ABI uint32_t acp_abi_terrain_count(const acp_terrain *terrain) { return terrain ? terrain->num_blocks : 0; }
ACP_ABI uint32_t acp_abi_terrain_block_id(const acp_terrain *terrain, uint32_t i)
{
    return terrain && i < terrain->num_blocks ? terrain->blocks[i].id : 0;
}
/** The i-th landblock's 81 vertices (x, y, z floats in metres, landblock frame; element x·9 + y,
 *  x east, y north): 0 out of range. */
ACP_ABI const acp_vec3 *acp_abi_terrain_block_vertices(const acp_terrain *terrain, uint32_t i)
{
    return terrain && i < terrain->num_blocks ? terrain->blocks[i].vertices : NULL;
}
/** The object's collision spheres: count, and sphere i (centre x, y, z in object axes before
 *  scaling, radius; 4 floats, metres) or 0. */
ACP_ABI uint32_t acp_abi_physobj_sphere_count(const acp_physobj *obj) { return acp_physobj_num_spheres(obj); }
ACP_ABI const acp_sphere *acp_abi_physobj_sphere(const acp_physobj *obj, uint32_t i)
{
    return obj && obj->part_array && i < obj->part_array->num_spheres ? &obj->part_array->spheres[i] : NULL;
}

/* A user's full client_portal.dat / client_cell_1.dat, read lazily (the page's File.slice):
 * copy a record's raw bytes and directory entry out of it, so the page writes the records a
 * scenario needs into an excerpt (acp_abi_dat_writer_*) and hands that to the run. Reads follow
 * the DatSet protocol: a call that returns 1 (pending) names the byte range it wants
 * (acp_abi_lazydat_wanted_*); supply it and call again. Errors: acp_abi_dat_status_* names. */
typedef struct abi_lazydat {
    acp_dat_cache cache;
    acp_dat_container c;
    bool opened;
    acp_dat_error err;
    acp_dat_entry entry;             /* the last record read */
    uint8_t *bytes;                  /* its bytes */
    char *json;                      /* its parse as JSON (acp_dat_record_json), for the page's
                                        walk from Setup to MotionTable to Animation ids */
} abi_lazydat;

/** A lazy DAT of `length` bytes (a double: files above 4 GiB are fine); 0 when out of memory. */
ACP_ABI abi_lazydat *acp_abi_lazydat_create(double length)
{
    abi_lazydat *d = calloc(1, sizeof *d);
    if (!d) return NULL;
    d->cache = acp_dat_cache_make((uint64_t)length);
    acp_dat_error_clear(&d->err);
    return d;
}
ACP_ABI void acp_abi_lazydat_destroy(abi_lazydat *d)
{
    if (!d) return;
    acp_dat_cache_free(&d->cache);
    free(d->bytes);
    free(d->json);
    free(d);
}
static int lazydat_status(abi_lazydat *d, acp_dat_status st)
{
    if (st == ACP_DAT_OK) acp_dat_error_clear(&d->err);
    else if (d->err.status != st) acp_dat_fail(&d->err, st, 0, "", 0, false);
    return (int)st;
}
/** Open the container (read and check its header): 0 ok, 1 pending, else an error status. */
ACP_ABI int acp_abi_lazydat_open(abi_lazydat *d)
{
    if (d->opened) return 0;
    acp_dat_source src = {acp_dat_cache_read, &d->cache, d->cache.file_length};
    acp_dat_status st = acp_dat_container_open(&d->c, src, &d->err);
    if (st == ACP_DAT_OK) d->opened = true;
    return lazydat_status(d, st);
}
/** The header's data set (1 portal, 2 cell) and block size; 0 before the container is open. */
ACP_ABI uint32_t acp_abi_lazydat_data_set(const abi_lazydat *d) { return d->opened ? d->c.header.data_set : 0; }
ACP_ABI uint32_t acp_abi_lazydat_block_size(const abi_lazydat *d) { return d->opened ? d->c.header.block_size : 0; }
/** Read record `id` and check that it parses (a type acphys parses must): 0 ok (bytes, entry
 *  and JSON below), 1 pending, else an error status (ERR_NOT_FOUND when the DAT lacks it). */
ACP_ABI int acp_abi_lazydat_read(abi_lazydat *d, uint32_t id)
{
    int st = acp_abi_lazydat_open(d);
    if (st != 0) return st;
    free(d->bytes);
    free(d->json);
    d->bytes = NULL;
    d->json = NULL;
    acp_dat_entry e;
    acp_dat_status s = acp_dat_container_find(&d->c, id, &e, &d->err);
    if (s != ACP_DAT_OK) return lazydat_status(d, s);
    if (e.size > ACP_DAT_MAX_RECORD_SIZE)
        return lazydat_status(d, acp_dat_fail(&d->err, ACP_DAT_ERR_RECORD_TOO_LARGE, e.offset, "entry.size", id, false));
    uint8_t *buf = malloc(e.size ? e.size : 1);
    if (!buf) return lazydat_status(d, acp_dat_fail(&d->err, ACP_DAT_ERR_OUT_OF_MEMORY, 0, "", id, false));
    s = acp_dat_container_read(&d->c, &e, buf, &d->err);
    if (s != ACP_DAT_OK) {
        free(buf);
        return lazydat_status(d, s);
    }
    acp_dat_type type = acp_dat_type_of(d->c.header.data_set, id);
    if (type != ACP_DAT_TYPE_UNKNOWN) {
        acp_dat_record rec;
        s = acp_dat_record_parse(type, id, buf, e.size, &rec, &d->err);
        if (s != ACP_DAT_OK) {
            free(buf);
            return lazydat_status(d, s);
        }
        d->json = acp_dat_record_json(&rec, NULL, NULL);
        acp_dat_record_free(&rec);
    }
    d->entry = e;
    d->bytes = buf;
    return lazydat_status(d, ACP_DAT_OK);
}
/** The range a pending call wants (offset as a double, length in bytes). */
ACP_ABI double acp_abi_lazydat_wanted_offset(const abi_lazydat *d) { return (double)d->cache.want_offset; }
ACP_ABI uint32_t acp_abi_lazydat_wanted_length(const abi_lazydat *d) { return d->cache.want_length; }
/** Supply file bytes [offset, offset + length): 0 ok, else an error status. */
ACP_ABI int acp_abi_lazydat_supply(abi_lazydat *d, double offset, const uint8_t *bytes, uint32_t length)
{
    return lazydat_status(d, acp_dat_cache_supply(&d->cache, (uint64_t)offset, bytes, length));
}
/** The last record read: its bytes and size, its entry's flags, date and iteration, and its
 *  JSON (0 for a type acphys does not parse). */
ACP_ABI const uint8_t *acp_abi_lazydat_bytes(const abi_lazydat *d) { return d->bytes; }
ACP_ABI uint32_t acp_abi_lazydat_size(const abi_lazydat *d) { return d->bytes ? d->entry.size : 0; }
ACP_ABI uint32_t acp_abi_lazydat_flags(const abi_lazydat *d) { return d->entry.flags; }
ACP_ABI int32_t acp_abi_lazydat_date(const abi_lazydat *d) { return d->entry.date; }
ACP_ABI int32_t acp_abi_lazydat_iteration(const abi_lazydat *d) { return d->entry.iteration; }
ACP_ABI const char *acp_abi_lazydat_json(const abi_lazydat *d) { return d->json; }
/** The last error: status, file or record offset, whether in a record, field, record id. */
ACP_ABI int acp_abi_lazydat_error_status(const abi_lazydat *d) { return (int)d->err.status; }
ACP_ABI double acp_abi_lazydat_error_offset(const abi_lazydat *d) { return (double)d->err.offset; }
ACP_ABI int acp_abi_lazydat_error_in_record(const abi_lazydat *d) { return d->err.in_record ? 1 : 0; }
ACP_ABI const char *acp_abi_lazydat_error_field(const abi_lazydat *d) { return d->err.field ? d->err.field : ""; }
ACP_ABI uint32_t acp_abi_lazydat_error_record(const abi_lazydat *d) { return d->err.record_id; }
/* ==== end page ==== */
/* ---- benchmarks (issue 9): src/bench/bench.h, src/bench/alloc_count.h ----
 * The host times these calls (performance.now); nothing here reads a clock. 64-bit counts cross
 * as doubles (exact below 2^53). */

/** Calls to malloc, calloc, realloc and free the module has made since it started. */
ACP_ABI double acp_abi_alloc_count(void) { return (double)acp_alloc_count(); }

static acp_bench_status bench_last_status;

/** A benchmark world (kind 0 motion, 1 terrain, 2 static) of `num_objects` objects built from
 *  the portal and cell excerpts at portal[0..portal_size) and cell[0..cell_size) (the bytes may
 *  be freed afterwards). 0 on failure: acp_abi_bench_status tells why. */
ACP_ABI acp_bench *acp_abi_bench_create(uint32_t kind, uint32_t num_objects, const uint8_t *portal,
                                        uint32_t portal_size, const uint8_t *cell, uint32_t cell_size)
{
    return acp_bench_create((acp_bench_kind)kind, num_objects, portal, portal_size, cell, cell_size,
                            &bench_last_status);
}
/** The acp_bench_status of the last acp_abi_bench_create (0 ok). */
ACP_ABI uint32_t acp_abi_bench_status(void) { return (uint32_t)bench_last_status; }
/** Static message of a bench status. */
ACP_ABI const char *acp_abi_bench_status_string(uint32_t status)
{
    return acp_bench_status_string((acp_bench_status)status);
}
/** Release a benchmark world. */
ACP_ABI void acp_abi_bench_destroy(acp_bench *b) { acp_bench_destroy(b); }
/** Run the next `frames` frames (CPhysics::UseTime at k · 34953/2^20 s). */
ACP_ABI void acp_abi_bench_run(acp_bench *b, uint32_t frames) { acp_bench_run(b, frames); }
/** Run `frames` frames checking the quanta counter against the records; the frames that failed. */
ACP_ABI uint32_t acp_abi_bench_verify(acp_bench *b, uint32_t frames) { return acp_bench_verify(b, frames); }
/** Object-quanta simulated so far. */
ACP_ABI double acp_abi_bench_quanta(const acp_bench *b) { return (double)acp_bench_quanta(b); }
/** Frames run so far. */
ACP_ABI double acp_abi_bench_frames(const acp_bench *b) { return (double)acp_bench_frames(b); }
/** Terrain sweeps run so far. */
ACP_ABI double acp_abi_bench_sweeps(const acp_bench *b) { return (double)acp_bench_sweeps(b); }
/** Objects still active and in a cell. */
ACP_ABI uint32_t acp_abi_bench_active(const acp_bench *b) { return acp_bench_active_objects(b); }
/** The benchmark's world (layout kind 1). */
ACP_ABI acp_world *acp_abi_bench_world(acp_bench *b) { return acp_bench_world(b); }
/** Low and high 32 bits of the world's state digest (same bits native and WASM). */
ACP_ABI uint32_t acp_abi_bench_digest_lo(acp_bench *b) { return (uint32_t)acp_bench_digest(b); }
ACP_ABI uint32_t acp_abi_bench_digest_hi(acp_bench *b) { return (uint32_t)(acp_bench_digest(b) >> 32); }

/** The bare kernel over `num_objects` objects; 0 when out of memory. */
ACP_ABI acp_bench_kernel *acp_abi_bench_kernel_create(uint32_t num_objects) { return acp_bench_kernel_create(num_objects); }
/** Release a kernel. */
ACP_ABI void acp_abi_bench_kernel_destroy(acp_bench_kernel *k) { acp_bench_kernel_destroy(k); }
/** Run `quanta` quanta on every kernel object. */
ACP_ABI void acp_abi_bench_kernel_run(acp_bench_kernel *k, uint32_t quanta) { acp_bench_kernel_run(k, quanta); }
/** Low and high 32 bits of the kernel objects' digest. */
ACP_ABI uint32_t acp_abi_bench_kernel_digest_lo(const acp_bench_kernel *k) { return (uint32_t)acp_bench_kernel_digest(k); }
ACP_ABI uint32_t acp_abi_bench_kernel_digest_hi(const acp_bench_kernel *k)
{
    return (uint32_t)(acp_bench_kernel_digest(k) >> 32);
}

/** Read and parse every record of the DAT at bytes[0..size): returns a status (0 ok) and writes
 *  records, record bytes and skipped entries as three doubles to out. */
ACP_ABI int acp_abi_bench_dat_read(const uint8_t *bytes, uint32_t size, double *out)
{
    acp_bench_dat_result r;
    acp_dat_error err;
    acp_dat_status st = acp_bench_dat_read(acp_dat_source_memory(bytes, size), &r, &err);
    out[0] = (double)r.records;
    out[1] = (double)r.bytes;
    out[2] = (double)r.skipped;
    return (int)st;
}
/* ==== retail arithmetic vectors (tests/node/retail_vectors.test.mjs): the functions the
 * vectors pin that have no wrapper above, each a thin call into the core ==== */
#include "physics/anim/sequence.h"

/** acphys's own libm: kind 1 sin, 2 cos, 3 atan2(a, b), 4 asin, 5 acos, 6 pow(a, b), 7 fmod(a, b). */
ACP_ABI double acp_abi_rv_libm(uint32_t kind, double a, double b)
{
    switch (kind) {
    case 1: return acp_sin(a);
    case 2: return acp_cos(a);
    case 3: return acp_atan2(a, b);
    case 4: return acp_asin(a);
    case 5: return acp_acos(a);
    case 6: return acp_pow(a, b);
    default: return acp_fmod(a, b);
    }
}
/** Frame::combine(Frame, AFrame, Vector3 scale): b's matrix is ignored. */
ACP_ABI void acp_abi_rv_frame_combine_scaled(acp_frame *out, const acp_frame *a, const acp_frame *b, float sx,
                                             float sy, float sz)
{
    acp_aframe ab = aframe_of(b);
    acp_vec3 s = {sx, sy, sz};
    acp_frame_combine_scaled(out, a, &ab, s);
}
/** AC1Legacy::Vector3::normalize_check_small on the vec3 at v, in place; 1 when too small. */
ACP_ABI int acp_abi_rv_vec3_normalize_check_small(acp_vec3 *v) { return acp_vec3_normalize_check_small(v); }
/** Vector3::operator/(float) on the vec3 at v, in place. */
ACP_ABI void acp_abi_rv_vec3_div(acp_vec3 *v, float d) { *v = acp_vec3_div(*v, d); }
/** Reset an object to retail defaults (acp_physobj_init), keeping its world and id. */
ACP_ABI void acp_abi_rv_physobj_reset(acp_physobj *obj) { acp_physobj_init(obj, obj->world, obj->id); }
/** CPhysicsObj::set_velocity; returns jumped_this_frame. */
ACP_ABI int acp_abi_rv_physobj_set_velocity(acp_physobj *obj, float x, float y, float z)
{
    acp_vec3 v = {x, y, z};
    obj->jumped_this_frame = false;
    acp_physobj_set_velocity(obj, v);
    return obj->jumped_this_frame;
}
/** CPhysicsObj::UpdatePhysicsInternal on the frame at f. */
ACP_ABI void acp_abi_rv_physobj_update_physics_internal(acp_physobj *obj, float quantum, acp_frame *f)
{
    acp_physobj_update_physics_internal(obj, quantum, f);
}
/** CPhysicsObj::UpdatePositionInternal into the frame at out. */
ACP_ABI void acp_abi_rv_physobj_update_position_internal(acp_physobj *obj, float quantum, acp_frame *out)
{
    acp_physobj_update_position_internal(obj, quantum, out);
}
/** CPhysicsObj::handle_all_collisions with no collided object and no environment collision. */
ACP_ABI void acp_abi_rv_physobj_handle_all_collisions(acp_physobj *obj, float nx, float ny, float nz, int normal_valid,
                                                      int frames_stationary_fall, int prev_on_walkable)
{
    acp_collision_info c;
    memset(&c, 0, sizeof c);
    c.collision_normal = (acp_vec3){nx, ny, nz};
    c.collision_normal_valid = normal_valid != 0;
    c.frames_stationary_fall = frames_stationary_fall;
    acp_physobj_handle_all_collisions(obj, &c, false, prev_on_walkable != 0);
}
/** CSequence::apply_physics of a sequence with this velocity and omega (object axes). */
ACP_ABI void acp_abi_rv_sequence_apply_physics(acp_frame *f, double quantum, double sign, float vx, float vy,
                                               float vz, float ox, float oy, float oz)
{
    static acp_sequence seq; /* zeroed once; only velocity and omega are read */
    seq.velocity = (acp_vec3){vx, vy, vz};
    seq.omega = (acp_vec3){ox, oy, oz};
    acp_sequence_apply_physics(&seq, f, quantum, sign);
}
/** FPHook::Execute of a Scale hook at physics time `now`; the value lands in the object's scale.
 *  Returns 1 when done. */
ACP_ABI int acp_abi_rv_fphook_execute(acp_physobj *obj, double time_created, double interpolation_time, float start,
                                      float end, double now)
{
    acp_fphook h = {ACP_FPHOOK_SCALE, time_created, interpolation_time, start, end, 0, 0};
    return acp_fphook_execute(&h, obj, now);
}
/* ==== end retail arithmetic vectors ==== */
