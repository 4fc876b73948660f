"""ctypes declarations of include/acphys.h (API 1.x): the structs field for field, every
function's argument and result types. Nothing here is called by users directly."""
import ctypes as C

from . import _lib


class WorldId(C.Structure):
    _fields_ = [('index1', C.c_uint16), ('generation', C.c_uint16)]


class WorldDef(C.Structure):
    _fields_ = [('profile', C.c_uint32), ('max_objects', C.c_uint32)]


class WorldInfo(C.Structure):
    _fields_ = [('now', C.c_double), ('last_update', C.c_double), ('gate_passed', C.c_bool),
                ('profile', C.c_uint32), ('num_objects', C.c_uint32), ('max_objects', C.c_uint32),
                ('num_quanta', C.c_uint64), ('has_terrain', C.c_bool)]


class Pose(C.Structure):
    _fields_ = [('cell', C.c_uint32), ('origin', C.c_float * 3), ('orientation', C.c_float * 4)]


class ObjectDef(C.Structure):
    _fields_ = [('id', C.c_uint32), ('setup', C.c_uint32), ('motion_table', C.c_uint32),
                ('physics_state', C.c_uint32), ('pose', Pose), ('velocity', C.c_float * 3),
                ('omega', C.c_float * 3), ('scale', C.c_float), ('friction', C.c_float),
                ('elasticity', C.c_float), ('run_rate', C.c_float), ('enter_at', C.c_double),
                ('placement', C.c_uint32), ('transient_state', C.c_uint32), ('has_run_rate', C.c_bool),
                ('timestamps', C.c_uint16 * 9)]


class Motion(C.Structure):
    _fields_ = [('style', C.c_uint32), ('forward_command', C.c_uint32), ('forward_speed', C.c_float),
                ('sidestep_command', C.c_uint32), ('sidestep_speed', C.c_float),
                ('turn_command', C.c_uint32), ('turn_speed', C.c_float), ('hold_run', C.c_bool),
                ('sticky_object', C.c_uint32), ('standing_longjump', C.c_bool),
                ('has_message_style', C.c_bool), ('message_style', C.c_uint32)]


class ServerPosition(C.Structure):
    _fields_ = [('pose', Pose), ('contact', C.c_bool), ('has_velocity', C.c_bool),
                ('velocity', C.c_float * 3), ('has_teleport_timestamp', C.c_bool),
                ('teleport_timestamp', C.c_uint16), ('has_position_timestamp', C.c_bool),
                ('position_timestamp', C.c_uint16), ('has_force_position_timestamp', C.c_bool),
                ('force_position_timestamp', C.c_uint16), ('use_position_from_server', C.c_bool),
                ('keep_heading', C.c_bool), ('has_instance_timestamp', C.c_bool), ('instance_timestamp', C.c_uint16),
                ('has_placement', C.c_bool), ('placement', C.c_uint32)]


class MoveTo(C.Structure):
    _fields_ = [('type', C.c_uint32), ('target', C.c_uint32), ('pose', Pose), ('bitfield', C.c_uint32),
                ('speed', C.c_float), ('hold_key_to_apply', C.c_uint32), ('context_id', C.c_uint32),
                ('action_stamp', C.c_uint32), ('distance_to_object', C.c_float),
                ('min_distance', C.c_float), ('fail_distance', C.c_float),
                ('desired_heading', C.c_float), ('walk_run_threshold', C.c_float), ('has_pose', C.c_bool),
                ('has_fallback_heading', C.c_bool), ('fallback_heading', C.c_float), ('run_rate', C.c_float),
                ('has_style', C.c_bool), ('style', C.c_uint32)]


MAX_QUANTA, MAX_HOOKS, MAX_REPORTS, MAX_SCRIPTS = 21, 32, 8, 8


class ObjectState(C.Structure):
    _fields_ = [('id', C.c_uint32), ('has_cell', C.c_bool), ('cell', C.c_uint32),
                ('origin', C.c_float * 3), ('orientation', C.c_float * 4), ('velocity', C.c_float * 3),
                ('omega', C.c_float * 3), ('heading', C.c_double), ('physics_state', C.c_uint32),
                ('transient_state', C.c_uint32), ('active', C.c_bool), ('contact', C.c_bool),
                ('on_walkable', C.c_bool), ('update_time', C.c_double), ('ran', C.c_bool),
                ('skipped', C.c_uint32), ('has_elapsed', C.c_bool), ('elapsed', C.c_double),
                ('num_quanta', C.c_uint32), ('quanta', C.c_float * MAX_QUANTA),
                ('num_hooks', C.c_uint32), ('hooks', C.c_uint32 * MAX_HOOKS),
                ('hooks_unrecorded', C.c_uint32), ('num_collisions', C.c_uint32),
                ('collisions', C.c_uint32 * MAX_REPORTS), ('num_collision_ends', C.c_uint32),
                ('collision_ends', C.c_uint32 * MAX_REPORTS), ('has_motion_table', C.c_bool),
                ('has_position_manager', C.c_bool), ('position_nodes', C.c_uint32),
                ('offset_source', C.c_uint32), ('has_move_to', C.c_bool), ('move_to_type', C.c_uint32),
                ('move_to_nodes', C.c_uint32), ('move_to_command', C.c_uint32), ('has_fx', C.c_bool),
                ('num_scripts', C.c_uint32), ('scripts', C.c_uint32 * MAX_SCRIPTS),
                ('particles', C.c_uint32)]


class ScenarioResult(C.Structure):
    _fields_ = [('frames', C.c_uint32), ('digest', C.c_uint64), ('warnings', C.c_uint32)]


S = C.c_int  # acp_status
U32, F32, F64, P = C.c_uint32, C.c_float, C.c_double, C.POINTER
SIGNATURES = {
    'acp_api_version': (C.c_char_p, []),
    'acp_library_version': (C.c_char_p, []),
    'acp_build_digest': (C.c_char_p, []),
    'acp_error_message': (C.c_char_p, []),
    'acp_status_name': (C.c_char_p, [S]),
    'acp_default_world_def': (WorldDef, []),
    'acp_create_world': (S, [P(WorldDef), P(WorldId)]),
    'acp_destroy_world': (S, [WorldId]),
    'acp_world_is_valid': (C.c_bool, [WorldId]),
    'acp_world_load_records': (S, [WorldId, C.c_void_p, C.c_size_t]),
    'acp_world_load_default_records': (S, [WorldId]),
    'acp_world_load_records_file': (S, [WorldId, C.c_char_p]),
    'acp_world_set_player_object': (S, [WorldId, U32]),
    'acp_world_step': (S, [WorldId, F64]),
    'acp_world_set_time': (S, [WorldId, F64]),
    'acp_world_get_info': (S, [WorldId, P(WorldInfo)]),
    'acp_world_finish_records': (S, [WorldId]),
    'acp_world_set_peer_rules': (S, [WorldId, U32]),
    'acp_world_set_max_objects': (S, [WorldId, U32]),
    'acp_default_object_def': (ObjectDef, []),
    'acp_create_object': (S, [WorldId, P(ObjectDef)]),
    'acp_destroy_object': (S, [WorldId, U32]),
    'acp_object_exists': (C.c_bool, [WorldId, U32]),
    'acp_default_motion': (Motion, []),
    'acp_object_apply_motion': (S, [WorldId, U32, P(Motion)]),
    'acp_object_apply_raw_motion': (S, [WorldId, U32, P(Motion)]),
    'acp_object_jump': (S, [WorldId, U32, F32, P(U32)]),
    'acp_object_set_velocity': (S, [WorldId, U32, P(F32)]),
    'acp_object_set_omega': (S, [WorldId, U32, P(F32)]),
    'acp_object_server_position': (S, [WorldId, U32, P(ServerPosition)]),
    'acp_object_stick_to': (S, [WorldId, U32, U32]),
    'acp_object_unstick': (S, [WorldId, U32]),
    'acp_object_set_state': (S, [WorldId, U32, U32]),
    'acp_object_set_parent': (S, [WorldId, U32, U32, C.c_int32, P(F32), P(F32)]),
    'acp_object_set_parent_location': (S, [WorldId, U32, U32, U32]),
    'acp_object_unset_parent': (S, [WorldId, U32]),
    'acp_object_constrain_to': (S, [WorldId, U32, P(Pose), F32, F32]),
    'acp_object_unconstrain': (S, [WorldId, U32]),
    'acp_default_move_to': (MoveTo, []),
    'acp_object_move_to': (S, [WorldId, U32, P(MoveTo)]),
    'acp_object_play_script': (S, [WorldId, U32, U32]),
    'acp_object_play_script_type': (S, [WorldId, U32, U32, F32]),
    'acp_object_get_state': (S, [WorldId, U32, P(ObjectState)]),
    'acp_object_get_reports': (S, [WorldId, U32, P(U32), P(U32)]),
    'acp_hook_name': (C.c_char_p, [U32]),
    'acp_offset_source_name': (C.c_char_p, [U32]),
    'acp_move_to_type_name': (C.c_char_p, [U32]),
    'acp_world_snapshot': (S, [WorldId, C.c_void_p, C.c_size_t, P(C.c_size_t)]),
    'acp_world_restore': (S, [WorldId, C.c_void_p, C.c_size_t]),
    'acp_object_export': (S, [WorldId, U32, C.c_void_p, C.c_size_t, P(C.c_size_t)]),
    'acp_object_import': (S, [WorldId, C.c_void_p, C.c_size_t, P(U32)]),
    'acp_run_scenario_file': (S, [C.c_char_p, C.c_int32, P(ScenarioResult)]),
    'acp_run_scenario_json': (S, [C.c_char_p, C.c_size_t, C.c_char_p, C.c_int32, P(ScenarioResult)]),
}

_lib_handle = None


def lib():
    """The library with every signature declared (loaded, and built if needed, on first use)."""
    global _lib_handle
    if _lib_handle is None:
        handle = _lib.load()
        for name, (res, args) in SIGNATURES.items():
            fn = getattr(handle, name)
            fn.restype = res
            fn.argtypes = args
        _lib_handle = handle
    return _lib_handle
