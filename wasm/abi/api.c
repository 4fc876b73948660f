/* acphys — the WebAssembly ABI over the public C API (include/acphys.h, issue 37): worlds named by
 * ids, records, objects from a definition, the server's messages, UseTime and the read-back, each
 * export one call of the API (its status returned, its message from acp_abi_api_error). The
 * scenario runs of runs.c drive their worlds through the same API (src/scenario/run.c), so the
 * page, Node and a host that drives a world itself all go in one way.
 * Conventions: wasm/abi/abi.h. A world id crosses as one u32: index1 | generation << 16 (0: none).
 * Definitions and states cross by address, in the API's own struct layouts (acp_abi_layout kinds
 * 12 object_def, 13 motion, 14 object_state); fill a definition from acp_abi_api_default_object_def
 * or acp_abi_api_default_motion, then change fields. Statuses are acp_status values (0 ACP_OK). */
#include "abi.h"
#include "acphys.h"

static acp_world_id unpack(uint32_t w)
{
    acp_world_id id = {(uint16_t)(w & 0xFFFFu), (uint16_t)(w >> 16)};
    return id;
}

/** acp_create_world with profile (0 retail, 1 acdream-r6, 2 ace, 3 render-frame) and room for
 *  max_objects: the world's id, or 0 (acp_abi_api_error says why). */
ACP_ABI uint32_t acp_abi_api_create_world(uint32_t profile, uint32_t max_objects)
{
    acp_world_def d = acp_default_world_def();
    d.profile = profile;
    d.max_objects = max_objects;
    acp_world_id id;
    if (acp_create_world(&d, &id) != ACP_OK) return 0;
    return (uint32_t)id.index1 | ((uint32_t)id.generation << 16);
}
/** acp_destroy_world. */
ACP_ABI uint32_t acp_abi_api_destroy_world(uint32_t w) { return acp_destroy_world(unpack(w)); }
/** acp_error_message: the last failed call's message (NUL-terminated). */
ACP_ABI const char *acp_abi_api_error(void) { return acp_error_message(); }
/** acp_world_load_default_records, acp_world_load_records (size bytes at bytes, copied),
 *  acp_world_finish_records, acp_world_set_peer_rules, acp_world_set_player_object,
 *  acp_world_set_max_objects. */
ACP_ABI uint32_t acp_abi_api_load_default_records(uint32_t w) { return acp_world_load_default_records(unpack(w)); }
ACP_ABI uint32_t acp_abi_api_load_records(uint32_t w, const uint8_t *bytes, uint32_t size)
{
    return acp_world_load_records(unpack(w), bytes, size);
}
ACP_ABI uint32_t acp_abi_api_finish_records(uint32_t w) { return acp_world_finish_records(unpack(w)); }
ACP_ABI uint32_t acp_abi_api_set_peer_rules(uint32_t w, uint32_t rules) { return acp_world_set_peer_rules(unpack(w), rules); }
ACP_ABI uint32_t acp_abi_api_set_max_objects(uint32_t w, uint32_t max_objects)
{
    return acp_world_set_max_objects(unpack(w), max_objects);
}
ACP_ABI uint32_t acp_abi_api_set_player(uint32_t w, uint32_t object_id)
{
    return acp_world_set_player_object(unpack(w), object_id);
}
/** acp_world_set_time and acp_world_step (CPhysics::UseTime), seconds. */
ACP_ABI uint32_t acp_abi_api_set_time(uint32_t w, double now) { return acp_world_set_time(unpack(w), now); }
ACP_ABI uint32_t acp_abi_api_step(uint32_t w, double now) { return acp_world_step(unpack(w), now); }

/** acp_default_object_def into *out (layout kind 12), and acp_create_object from *def. */
ACP_ABI void acp_abi_api_default_object_def(acp_object_def *out)
{
    if (out) *out = acp_default_object_def();
}
ACP_ABI uint32_t acp_abi_api_create_object(uint32_t w, const acp_object_def *def) { return acp_create_object(unpack(w), def); }
/** acp_destroy_object. */
ACP_ABI uint32_t acp_abi_api_destroy_object(uint32_t w, uint32_t id) { return acp_destroy_object(unpack(w), id); }

/** acp_default_motion into *out (layout kind 13); acp_object_apply_motion and
 *  acp_object_apply_raw_motion from *motion. */
ACP_ABI void acp_abi_api_default_motion(acp_motion *out)
{
    if (out) *out = acp_default_motion();
}
ACP_ABI uint32_t acp_abi_api_apply_motion(uint32_t w, uint32_t id, const acp_motion *motion)
{
    return acp_object_apply_motion(unpack(w), id, motion);
}
ACP_ABI uint32_t acp_abi_api_apply_raw_motion(uint32_t w, uint32_t id, const acp_motion *motion)
{
    return acp_object_apply_raw_motion(unpack(w), id, motion);
}
/** acp_object_jump; *weenie_error (0: may be 0) receives retail's WeenieError. */
ACP_ABI uint32_t acp_abi_api_jump(uint32_t w, uint32_t id, float extent, uint32_t *weenie_error)
{
    return acp_object_jump(unpack(w), id, extent, weenie_error);
}
/** acp_object_set_velocity (m/s) and acp_object_set_omega (rad/s), world axes. */
ACP_ABI uint32_t acp_abi_api_set_velocity(uint32_t w, uint32_t id, float x, float y, float z)
{
    const float v[3] = {x, y, z};
    return acp_object_set_velocity(unpack(w), id, v);
}
ACP_ABI uint32_t acp_abi_api_set_omega(uint32_t w, uint32_t id, float x, float y, float z)
{
    const float v[3] = {x, y, z};
    return acp_object_set_omega(unpack(w), id, v);
}
/** acp_object_set_state, acp_object_stick_to, acp_object_unstick, acp_object_unconstrain,
 *  acp_object_play_script, acp_object_play_script_type. */
ACP_ABI uint32_t acp_abi_api_set_state(uint32_t w, uint32_t id, uint32_t state) { return acp_object_set_state(unpack(w), id, state); }
ACP_ABI uint32_t acp_abi_api_stick_to(uint32_t w, uint32_t id, uint32_t target) { return acp_object_stick_to(unpack(w), id, target); }
ACP_ABI uint32_t acp_abi_api_unstick(uint32_t w, uint32_t id) { return acp_object_unstick(unpack(w), id); }
ACP_ABI uint32_t acp_abi_api_unconstrain(uint32_t w, uint32_t id) { return acp_object_unconstrain(unpack(w), id); }
ACP_ABI uint32_t acp_abi_api_play_script(uint32_t w, uint32_t id, uint32_t script) { return acp_object_play_script(unpack(w), id, script); }
ACP_ABI uint32_t acp_abi_api_play_script_type(uint32_t w, uint32_t id, uint32_t type, float mod)
{
    return acp_object_play_script_type(unpack(w), id, type, mod);
}
/** acp_object_get_state into *out (layout kind 14). */
ACP_ABI uint32_t acp_abi_api_get_state(uint32_t w, uint32_t id, acp_object_state *out)
{
    return acp_object_get_state(unpack(w), id, out);
}

/** acp_object_server_position from *sp (layout kind 15, server_position; start from zeroes with
 *  orientation [1, 0, 0, 0]). */
ACP_ABI uint32_t acp_abi_api_server_position(uint32_t w, uint32_t id, const acp_server_position *sp)
{
    return acp_object_server_position(unpack(w), id, sp);
}
/** acp_object_constrain_to: the pose flat (cell, origin x y z in metres, quaternion w x y z). */
ACP_ABI uint32_t acp_abi_api_constrain_to(uint32_t w, uint32_t id, uint32_t cell, float x, float y, float z, float qw,
                                          float qx, float qy, float qz, float start_distance, float max_distance)
{
    acp_pose p = {cell, {x, y, z}, {qw, qx, qy, qz}};
    return acp_object_constrain_to(unpack(w), id, &p, start_distance, max_distance);
}
/** acp_default_move_to into *out (layout kind 16, move_to), and acp_object_move_to from *mt. */
ACP_ABI void acp_abi_api_default_move_to(acp_move_to *out)
{
    if (out) *out = acp_default_move_to();
}
ACP_ABI uint32_t acp_abi_api_move_to(uint32_t w, uint32_t id, const acp_move_to *mt) { return acp_object_move_to(unpack(w), id, mt); }
/** acp_world_get_info into *out (layout kind 17, world_info). */
ACP_ABI uint32_t acp_abi_api_world_info(uint32_t w, acp_world_info *out) { return acp_world_get_info(unpack(w), out); }

/* ---- snapshots and hand-offs (API 1.1, issue 38) ---- */
/** acp_world_snapshot: with buffer 0 only *size is set (the bytes needed); acphys.mjs
 *  Acphys.worldSnapshot sizes, allocates and copies. */
ACP_ABI uint32_t acp_abi_api_world_snapshot(uint32_t w, uint8_t *buffer, uint32_t capacity, uint32_t *size)
{
    size_t n = 0;
    acp_status st = acp_world_snapshot(unpack(w), buffer, capacity, &n);
    if (size) *size = n > 0xFFFFFFFFu ? 0xFFFFFFFFu : (uint32_t)n;
    return st;
}
/** acp_world_restore from size bytes at bytes (not kept). */
ACP_ABI uint32_t acp_abi_api_world_restore(uint32_t w, const uint8_t *bytes, uint32_t size)
{
    return acp_world_restore(unpack(w), bytes, size);
}
/** acp_object_export: with buffer 0 only *size is set and the object stays. */
ACP_ABI uint32_t acp_abi_api_object_export(uint32_t w, uint32_t id, uint8_t *buffer, uint32_t capacity, uint32_t *size)
{
    size_t n = 0;
    acp_status st = acp_object_export(unpack(w), id, buffer, capacity, &n);
    if (size) *size = n > 0xFFFFFFFFu ? 0xFFFFFFFFu : (uint32_t)n;
    return st;
}
/** acp_object_import from size bytes at bytes; *object_id (may be 0) receives its id. */
ACP_ABI uint32_t acp_abi_api_object_import(uint32_t w, const uint8_t *bytes, uint32_t size, uint32_t *object_id)
{
    return acp_object_import(unpack(w), bytes, size, object_id);
}
