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

#include "frame.h"
#include "hooks.h"
#include "mathx.h"
#include "partarray.h"
#include "physics.h"
#include "physobj.h"
#include "position.h"
#include "transition.h"
#include "version.h"

#define ACP_ABI __attribute__((used, visibility("default")))

/* ---- memory ---- */

/** Allocate `size` bytes of linear memory (8-byte aligned); 0 when out of memory. */
ACP_ABI void *acp_abi_alloc(uint32_t size) { return malloc(size ? size : 1); }
/** Release memory from acp_abi_alloc; 0 is ignored. */
ACP_ABI void acp_abi_free(void *p) { free(p); }

/** The library version as a NUL-terminated string in linear memory. */
ACP_ABI const char *acp_abi_version(void) { return acp_version(); }

/* ---- Frame (retail Frame / AFrame): thin wrappers, see src/core/frame.h ---- */

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
    F(acp_physobj, sliding_normal, 3, 3),
    F(acp_physobj, part_array, 6, 1),
    F(acp_physobj, movement_manager, 6, 1),
    FN("num_fp_hooks", acp_physobj, hooks.count, 1, 1),
    FN("fp_hooks", acp_physobj, hooks.items, 0, ACP_MAX_FP_HOOKS),
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

static const acp_layout_field *const LAYOUTS[] = {PHYSOBJ_FIELDS, WORLD_FIELDS, FPHOOK_FIELDS, ANIM_HOOK_FIELDS};

/** The field table of a struct: kind 0 physobj, 1 world, 2 fphook, 3 anim_hook. An array of
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


/* ==== scenarios and traces (issue 5) =====================================================
 * The one C runner (src/scenario/run.h) for Node and the page. JavaScript parses JSON with
 * JSON.parse and hands the tree over in the binary encoding of src/scenario/jsonv.h
 * (wasm/scenario.mjs: encodeJson). Strings come back NUL-terminated in linear memory, valid until
 * the next call on the same run. See wasm/scenario.mjs for the JavaScript API over these. */

#include "diff.h"
#include "jsonv.h"
#include "run.h"
#include "scenario.h"
#include "text.h"

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
    if (!da) acp_trace_diff_bad_line(d, line_no, 'a');
    else if (!db) acp_trace_diff_bad_line(d, line_no, 'b');
    else acp_trace_diff_line(d, line_no, acp_jsonv_root(da), acp_jsonv_root(db));
    acp_jsonv_doc_destroy(da);
    acp_jsonv_doc_destroy(db);
    return !d->different;
}
/** Line `line_no` of trace `which` ('a' = 97 or 'b' = 98) is not JSON. */
ACP_ABI void acp_abi_diff_bad_line(acp_trace_diff *d, uint32_t line_no, uint32_t which)
{
    acp_trace_diff_bad_line(d, line_no, which == 'b' ? 'b' : 'a');
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
