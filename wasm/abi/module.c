/* acphys — the WebAssembly ABI, the module's own: linear memory, the version string, and the struct layouts JavaScript
 * reads and writes state through.
 * Conventions: wasm/abi/abi.h. */
#include "abi.h"
#include "acphys.h"

/* ---- memory ---- */

/** Allocate `size` bytes of linear memory (8-byte aligned); 0 when out of memory. */
ACP_ABI void *acp_abi_alloc(uint32_t size) { return malloc(size ? size : 1); }
/** Release memory from acp_abi_alloc; 0 is ignored. */
ACP_ABI void acp_abi_free(void *p) { free(p); }

/** The library version as a NUL-terminated string in linear memory. */
ACP_ABI const char *acp_abi_version(void) { return acp_version(); }

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

/* ---- motion: layouts 4..10 ---- */
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
    F(acp_motion_interp, weenie_run_rate, 5, 1),
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

/* ---- page: layout 11, one object of a run's last frame (src/scenario/trace.h) ---- */
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
    F(acp_trace_object, has_position_manager, 5, 1), /* server-driven objects (issue 13) */
    F(acp_trace_object, position_nodes, 1, 1),
    /* objects against objects (issue 14): the trace's "collisions" / "collision_ends" */
    F(acp_trace_object, num_collisions, 1, 1),
    F(acp_trace_object, collisions, 1, ACP_MAX_COLLISION_REPORTS),
    F(acp_trace_object, num_collision_ends, 1, 1),
    F(acp_trace_object, collision_ends, 1, ACP_MAX_COLLISION_REPORTS),
    F(acp_trace_object, has_fx, 5, 1), /* scripts and particles (issue 16) */
    F(acp_trace_object, num_scripts, 1, 1),
    F(acp_trace_object, scripts, 1, ACP_TRACE_MAX_SCRIPTS),
    F(acp_trace_object, particles, 1, 1),
    F(acp_trace_object, env_collisions, 1, 1), /* issue 32: environment reports, dropped cells */
    F(acp_trace_object, cells_dropped, 1, 1),
    {NULL, (uint32_t)sizeof(acp_trace_object), 0, 0},
};

/* ---- the public API's structs (include/acphys.h; wasm/abi/api.c): layouts 12, 13, 14 ---- */
static const acp_layout_field OBJECT_DEF_FIELDS[] = {
    F(acp_object_def, id, 1, 1),
    F(acp_object_def, setup, 1, 1),
    F(acp_object_def, motion_table, 1, 1),
    F(acp_object_def, physics_state, 1, 1),
    FN("cell", acp_object_def, pose.cell, 1, 1),
    FN("origin", acp_object_def, pose.origin, 3, 3),
    FN("orientation", acp_object_def, pose.orientation, 3, 4),
    F(acp_object_def, velocity, 3, 3),
    F(acp_object_def, omega, 3, 3),
    F(acp_object_def, scale, 3, 1),
    F(acp_object_def, friction, 3, 1),
    F(acp_object_def, elasticity, 3, 1),
    F(acp_object_def, run_rate, 3, 1),
    F(acp_object_def, enter_at, 4, 1),
    F(acp_object_def, placement, 1, 1),
    F(acp_object_def, transient_state, 1, 1),
    F(acp_object_def, has_run_rate, 5, 1),
    F(acp_object_def, timestamps, 7, 9), /* u16 stamps (read as i16: mask with 0xFFFF) */
    {NULL, (uint32_t)sizeof(acp_object_def), 0, 0},
};

static const acp_layout_field MOTION_FIELDS[] = {
    F(acp_motion, style, 1, 1),
    F(acp_motion, forward_command, 1, 1),
    F(acp_motion, forward_speed, 3, 1),
    F(acp_motion, sidestep_command, 1, 1),
    F(acp_motion, sidestep_speed, 3, 1),
    F(acp_motion, turn_command, 1, 1),
    F(acp_motion, turn_speed, 3, 1),
    F(acp_motion, hold_run, 5, 1),
    F(acp_motion, sticky_object, 1, 1),
    F(acp_motion, standing_longjump, 5, 1),
    F(acp_motion, has_message_style, 5, 1),
    F(acp_motion, message_style, 1, 1),
    {NULL, (uint32_t)sizeof(acp_motion), 0, 0},
};

static const acp_layout_field OBJECT_STATE_FIELDS[] = {
    F(acp_object_state, id, 1, 1),
    F(acp_object_state, has_cell, 5, 1),
    F(acp_object_state, cell, 1, 1),
    F(acp_object_state, origin, 3, 3),
    F(acp_object_state, orientation, 3, 4),
    F(acp_object_state, velocity, 3, 3),
    F(acp_object_state, omega, 3, 3),
    F(acp_object_state, heading, 4, 1),
    F(acp_object_state, physics_state, 1, 1),
    F(acp_object_state, transient_state, 1, 1),
    F(acp_object_state, active, 5, 1),
    F(acp_object_state, contact, 5, 1),
    F(acp_object_state, on_walkable, 5, 1),
    F(acp_object_state, update_time, 4, 1),
    F(acp_object_state, ran, 5, 1),
    F(acp_object_state, skipped, 1, 1),
    F(acp_object_state, has_elapsed, 5, 1),
    F(acp_object_state, elapsed, 4, 1),
    F(acp_object_state, num_quanta, 1, 1),
    F(acp_object_state, quanta, 3, ACP_OBJECT_MAX_QUANTA),
    F(acp_object_state, num_hooks, 1, 1),
    F(acp_object_state, hooks, 1, ACP_OBJECT_MAX_HOOKS),
    F(acp_object_state, hooks_unrecorded, 1, 1),
    F(acp_object_state, num_collisions, 1, 1),
    F(acp_object_state, collisions, 1, ACP_OBJECT_MAX_REPORTS),
    F(acp_object_state, num_collision_ends, 1, 1),
    F(acp_object_state, collision_ends, 1, ACP_OBJECT_MAX_REPORTS),
    F(acp_object_state, has_motion_table, 5, 1),
    F(acp_object_state, has_position_manager, 5, 1),
    F(acp_object_state, position_nodes, 1, 1),
    F(acp_object_state, offset_source, 1, 1),
    F(acp_object_state, has_move_to, 5, 1),
    F(acp_object_state, move_to_type, 1, 1),
    F(acp_object_state, move_to_nodes, 1, 1),
    F(acp_object_state, move_to_command, 1, 1),
    F(acp_object_state, has_fx, 5, 1),
    F(acp_object_state, num_scripts, 1, 1),
    F(acp_object_state, scripts, 1, ACP_OBJECT_MAX_SCRIPTS),
    F(acp_object_state, particles, 1, 1),
    {NULL, (uint32_t)sizeof(acp_object_state), 0, 0},
};

static const acp_layout_field SERVER_POSITION_FIELDS[] = {
    FN("cell", acp_server_position, pose.cell, 1, 1),
    FN("origin", acp_server_position, pose.origin, 3, 3),
    FN("orientation", acp_server_position, pose.orientation, 3, 4),
    F(acp_server_position, contact, 5, 1),
    F(acp_server_position, has_velocity, 5, 1),
    F(acp_server_position, velocity, 3, 3),
    F(acp_server_position, has_teleport_timestamp, 5, 1),
    F(acp_server_position, teleport_timestamp, 7, 1),
    F(acp_server_position, has_position_timestamp, 5, 1),
    F(acp_server_position, position_timestamp, 7, 1),
    F(acp_server_position, has_force_position_timestamp, 5, 1),
    F(acp_server_position, force_position_timestamp, 7, 1),
    F(acp_server_position, use_position_from_server, 5, 1),
    F(acp_server_position, keep_heading, 5, 1),
    F(acp_server_position, has_instance_timestamp, 5, 1),
    F(acp_server_position, instance_timestamp, 7, 1),
    F(acp_server_position, has_placement, 5, 1),
    F(acp_server_position, placement, 1, 1),
    {NULL, (uint32_t)sizeof(acp_server_position), 0, 0},
};

static const acp_layout_field MOVE_TO_FIELDS[] = {
    F(acp_move_to, type, 1, 1),
    F(acp_move_to, target, 1, 1),
    FN("cell", acp_move_to, pose.cell, 1, 1),
    FN("origin", acp_move_to, pose.origin, 3, 3),
    FN("orientation", acp_move_to, pose.orientation, 3, 4),
    F(acp_move_to, bitfield, 1, 1),
    F(acp_move_to, speed, 3, 1),
    F(acp_move_to, hold_key_to_apply, 1, 1),
    F(acp_move_to, context_id, 1, 1),
    F(acp_move_to, action_stamp, 1, 1),
    F(acp_move_to, distance_to_object, 3, 1),
    F(acp_move_to, min_distance, 3, 1),
    F(acp_move_to, fail_distance, 3, 1),
    F(acp_move_to, desired_heading, 3, 1),
    F(acp_move_to, walk_run_threshold, 3, 1),
    F(acp_move_to, has_pose, 5, 1),
    F(acp_move_to, has_fallback_heading, 5, 1),
    F(acp_move_to, fallback_heading, 3, 1),
    F(acp_move_to, run_rate, 3, 1),
    F(acp_move_to, has_style, 5, 1),
    F(acp_move_to, style, 1, 1),
    {NULL, (uint32_t)sizeof(acp_move_to), 0, 0},
};

static const acp_layout_field WORLD_INFO_FIELDS[] = {
    F(acp_world_info, now, 4, 1),
    F(acp_world_info, last_update, 4, 1),
    F(acp_world_info, gate_passed, 5, 1),
    F(acp_world_info, profile, 1, 1),
    F(acp_world_info, num_objects, 1, 1),
    F(acp_world_info, max_objects, 1, 1),
    F(acp_world_info, num_quanta, 0, 1), /* u64: read two u32 (little-endian) */
    F(acp_world_info, has_terrain, 5, 1),
    {NULL, (uint32_t)sizeof(acp_world_info), 0, 0},
};

static const acp_layout_field *const LAYOUTS[] = {PHYSOBJ_FIELDS, WORLD_FIELDS, FPHOOK_FIELDS, ANIM_HOOK_FIELDS,
    /* ---- motion ---- */
    SEQUENCE_FIELDS, ANIM_NODE_FIELDS, PARTARRAY_FIELDS, MOTION_INTERP_FIELDS, MOTION_STATE_FIELDS,
    MTABLE_MANAGER_FIELDS, ANIMATION_FIELDS,
    TRACE_OBJECT_FIELDS, /* page (issue 8) */
    OBJECT_DEF_FIELDS, MOTION_FIELDS, OBJECT_STATE_FIELDS, /* the public API (issue 37) */
    SERVER_POSITION_FIELDS, MOVE_TO_FIELDS, WORLD_INFO_FIELDS,
};

/** The field table of a struct: kind 0 physobj, 1 world, 2 fphook, 3 anim_hook, 4 sequence,
 *  5 anim_node, 6 partarray, 7 motion_interp, 8 motion_state, 9 mtable_manager, 10 animation,
 *  11 trace_object, 12 object_def, 13 motion, 14 object_state, 15 server_position, 16 move_to,
 *  17 world_info (type 0 fields: an embedded struct, read its offset only). An array of
 *  {name*, offset, type, count} (16 bytes each) ending with name 0, whose offset is the struct's
 *  size. 0 for an unknown kind. */
ACP_ABI const acp_layout_field *acp_abi_layout(uint32_t kind)
{
    return kind < sizeof LAYOUTS / sizeof LAYOUTS[0] ? LAYOUTS[kind] : NULL;
}
