//! Raw FFI to libacphys: include/acphys.h (API 1.x) declared field for field. Use the `acphys`
//! crate for a safe interface; everything here is `unsafe` to call.
#![allow(non_camel_case_types)]
use std::os::raw::{c_char, c_int};

pub type acp_status = c_int;
pub const ACP_OK: acp_status = 0;
pub const ACP_ERR_NULL: acp_status = 1;
pub const ACP_ERR_ARGUMENT: acp_status = 2;
pub const ACP_ERR_WORLD: acp_status = 3;
pub const ACP_ERR_OBJECT: acp_status = 4;
pub const ACP_ERR_EXISTS: acp_status = 5;
pub const ACP_ERR_FULL: acp_status = 6;
pub const ACP_ERR_RECORDS: acp_status = 7;
pub const ACP_ERR_STATE: acp_status = 8;
pub const ACP_ERR_NO_MOTION: acp_status = 9;
pub const ACP_ERR_IO: acp_status = 10;
pub const ACP_ERR_SCENARIO: acp_status = 11;
pub const ACP_ERR_MEMORY: acp_status = 12;

pub const ACP_MAX_WORLDS: u32 = 4096;
pub const ACP_OBJECT_MAX_QUANTA: usize = 21;
pub const ACP_OBJECT_MAX_HOOKS: usize = 32;
pub const ACP_OBJECT_MAX_REPORTS: usize = 8;
pub const ACP_OBJECT_MAX_SCRIPTS: usize = 8;

#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct acp_world_id {
    pub index1: u16,
    pub generation: u16,
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct acp_world_def {
    pub profile: u32,
    pub max_objects: u32,
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct acp_world_info {
    pub now: f64,
    pub last_update: f64,
    pub gate_passed: bool,
    pub profile: u32,
    pub num_objects: u32,
    pub max_objects: u32,
    pub num_quanta: u64,
    pub has_terrain: bool,
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct acp_pose {
    pub cell: u32,
    pub origin: [f32; 3],
    pub orientation: [f32; 4],
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct acp_object_def {
    pub id: u32,
    pub setup: u32,
    pub motion_table: u32,
    pub physics_state: u32,
    pub pose: acp_pose,
    pub velocity: [f32; 3],
    pub omega: [f32; 3],
    pub scale: f32,
    pub friction: f32,
    pub elasticity: f32,
    pub run_rate: f32,
    pub enter_at: f64,
    pub placement: u32,
    pub transient_state: u32,
    /// true: its weenie answers InqRunRate with run_rate (set it for the player).
    pub has_run_rate: bool,
    /// update_times as the PhysicsDesc gives them (PhysicsTimeStamp order); default 0.
    pub timestamps: [u16; 9],
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct acp_motion {
    pub style: u32,
    pub forward_command: u32,
    pub forward_speed: f32,
    pub sidestep_command: u32,
    pub sidestep_speed: f32,
    pub turn_command: u32,
    pub turn_speed: f32,
    pub hold_run: bool,
    pub sticky_object: u32,
    pub standing_longjump: bool,
    pub has_message_style: bool,
    pub message_style: u32,
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct acp_server_position {
    pub pose: acp_pose,
    pub contact: bool,
    pub has_velocity: bool,
    pub velocity: [f32; 3],
    pub has_teleport_timestamp: bool,
    pub teleport_timestamp: u16,
    pub has_position_timestamp: bool,
    pub position_timestamp: u16,
    pub has_force_position_timestamp: bool,
    pub force_position_timestamp: u16,
    pub use_position_from_server: bool,
    pub keep_heading: bool,
    pub has_instance_timestamp: bool,
    pub instance_timestamp: u16,
    pub has_placement: bool,
    pub placement: u32,
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct acp_move_to {
    pub type_: u32,
    pub target: u32,
    pub pose: acp_pose,
    pub bitfield: u32,
    pub speed: f32,
    pub hold_key_to_apply: u32,
    pub context_id: u32,
    pub action_stamp: u32,
    pub distance_to_object: f32,
    pub min_distance: f32,
    pub fail_distance: f32,
    pub desired_heading: f32,
    pub walk_run_threshold: f32,
    pub has_pose: bool,
    pub has_fallback_heading: bool,
    pub fallback_heading: f32,
    pub run_rate: f32,
    pub has_style: bool,
    pub style: u32,
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct acp_object_state {
    pub id: u32,
    pub has_cell: bool,
    pub cell: u32,
    pub origin: [f32; 3],
    pub orientation: [f32; 4],
    pub velocity: [f32; 3],
    pub omega: [f32; 3],
    pub heading: f64,
    pub physics_state: u32,
    pub transient_state: u32,
    pub active: bool,
    pub contact: bool,
    pub on_walkable: bool,
    pub update_time: f64,
    pub ran: bool,
    pub skipped: u32,
    pub has_elapsed: bool,
    pub elapsed: f64,
    pub num_quanta: u32,
    pub quanta: [f32; ACP_OBJECT_MAX_QUANTA],
    pub num_hooks: u32,
    pub hooks: [u32; ACP_OBJECT_MAX_HOOKS],
    pub hooks_unrecorded: u32,
    pub num_collisions: u32,
    pub collisions: [u32; ACP_OBJECT_MAX_REPORTS],
    pub num_collision_ends: u32,
    pub collision_ends: [u32; ACP_OBJECT_MAX_REPORTS],
    pub has_motion_table: bool,
    pub has_position_manager: bool,
    pub position_nodes: u32,
    pub offset_source: u32,
    pub has_move_to: bool,
    pub move_to_type: u32,
    pub move_to_nodes: u32,
    pub move_to_command: u32,
    pub has_fx: bool,
    pub num_scripts: u32,
    pub scripts: [u32; ACP_OBJECT_MAX_SCRIPTS],
    pub particles: u32,
}

#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
pub struct acp_scenario_result {
    pub frames: u32,
    pub digest: u64,
    pub warnings: u32,
}

extern "C" {
    pub fn acp_api_version() -> *const c_char;
    pub fn acp_library_version() -> *const c_char;
    pub fn acp_build_digest() -> *const c_char;
    pub fn acp_error_message() -> *const c_char;
    pub fn acp_status_name(status: acp_status) -> *const c_char;
    pub fn acp_default_world_def() -> acp_world_def;
    pub fn acp_create_world(def: *const acp_world_def, out: *mut acp_world_id) -> acp_status;
    pub fn acp_destroy_world(world: acp_world_id) -> acp_status;
    pub fn acp_world_is_valid(world: acp_world_id) -> bool;
    pub fn acp_world_load_records(world: acp_world_id, bytes: *const u8, size: usize) -> acp_status;
    pub fn acp_world_load_default_records(world: acp_world_id) -> acp_status;
    pub fn acp_world_load_records_file(world: acp_world_id, path: *const c_char) -> acp_status;
    pub fn acp_world_set_player_object(world: acp_world_id, object_id: u32) -> acp_status;
    pub fn acp_world_step(world: acp_world_id, now: f64) -> acp_status;
    pub fn acp_world_set_time(world: acp_world_id, now: f64) -> acp_status;
    pub fn acp_world_finish_records(world: acp_world_id) -> acp_status;
    pub fn acp_world_set_peer_rules(world: acp_world_id, rules: u32) -> acp_status;
    pub fn acp_world_set_max_objects(world: acp_world_id, max_objects: u32) -> acp_status;
    pub fn acp_world_get_info(world: acp_world_id, out: *mut acp_world_info) -> acp_status;
    pub fn acp_default_object_def() -> acp_object_def;
    pub fn acp_create_object(world: acp_world_id, def: *const acp_object_def) -> acp_status;
    pub fn acp_destroy_object(world: acp_world_id, object_id: u32) -> acp_status;
    pub fn acp_object_exists(world: acp_world_id, object_id: u32) -> bool;
    pub fn acp_default_motion() -> acp_motion;
    pub fn acp_object_apply_motion(world: acp_world_id, object_id: u32, motion: *const acp_motion) -> acp_status;
    pub fn acp_object_apply_raw_motion(world: acp_world_id, object_id: u32, motion: *const acp_motion) -> acp_status;
    pub fn acp_object_jump(world: acp_world_id, object_id: u32, extent: f32, weenie_error: *mut u32) -> acp_status;
    pub fn acp_object_set_velocity(world: acp_world_id, object_id: u32, velocity: *const f32) -> acp_status;
    pub fn acp_object_set_omega(world: acp_world_id, object_id: u32, omega: *const f32) -> acp_status;
    pub fn acp_object_server_position(world: acp_world_id, object_id: u32, sp: *const acp_server_position) -> acp_status;
    pub fn acp_object_stick_to(world: acp_world_id, object_id: u32, target_id: u32) -> acp_status;
    pub fn acp_object_unstick(world: acp_world_id, object_id: u32) -> acp_status;
    pub fn acp_object_set_state(world: acp_world_id, object_id: u32, state: u32) -> acp_status;
    pub fn acp_object_set_parent(world: acp_world_id, object_id: u32, parent_id: u32, part: i32, origin: *const f32,
                                 orientation: *const f32) -> acp_status;
    pub fn acp_object_set_parent_location(world: acp_world_id, object_id: u32, parent_id: u32, location: u32)
                                          -> acp_status;
    pub fn acp_object_unset_parent(world: acp_world_id, object_id: u32) -> acp_status;
    pub fn acp_object_constrain_to(world: acp_world_id, object_id: u32, pose: *const acp_pose, start_distance: f32,
                                   max_distance: f32) -> acp_status;
    pub fn acp_object_unconstrain(world: acp_world_id, object_id: u32) -> acp_status;
    pub fn acp_default_move_to() -> acp_move_to;
    pub fn acp_object_move_to(world: acp_world_id, object_id: u32, move_to: *const acp_move_to) -> acp_status;
    pub fn acp_object_play_script(world: acp_world_id, object_id: u32, script_id: u32) -> acp_status;
    pub fn acp_object_play_script_type(world: acp_world_id, object_id: u32, type_: u32, mod_: f32) -> acp_status;
    pub fn acp_object_get_state(world: acp_world_id, object_id: u32, out: *mut acp_object_state) -> acp_status;
    pub fn acp_object_get_reports(world: acp_world_id, object_id: u32, env_collisions: *mut u32,
                                  cells_dropped: *mut u32) -> acp_status;
    pub fn acp_hook_name(type_: u32) -> *const c_char;
    pub fn acp_offset_source_name(source: u32) -> *const c_char;
    pub fn acp_move_to_type_name(type_: u32) -> *const c_char;
    pub fn acp_world_snapshot(world: acp_world_id, buffer: *mut u8, capacity: usize, size: *mut usize) -> acp_status;
    pub fn acp_world_restore(world: acp_world_id, bytes: *const u8, size: usize) -> acp_status;
    pub fn acp_object_export(world: acp_world_id, object_id: u32, buffer: *mut u8, capacity: usize, size: *mut usize)
                             -> acp_status;
    pub fn acp_object_import(world: acp_world_id, bytes: *const u8, size: usize, object_id: *mut u32) -> acp_status;
    pub fn acp_run_scenario_file(path: *const c_char, profile: i32, out: *mut acp_scenario_result) -> acp_status;
    pub fn acp_run_scenario_json(json: *const c_char, len: usize, base_dir: *const c_char, profile: i32,
                                 out: *mut acp_scenario_result) -> acp_status;
}
