/* acphys — the WebAssembly ABI, synthetic records (the fixture), CSequence, CMotionTable, CMotionInterp and the object's
 * motion API.
 * Conventions: wasm/abi/abi.h. */
#include "abi.h"

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
    acp_interpreted_motion m = {style, forward_command, forward_speed, sidestep_command, sidestep_speed, turn_command, turn_speed, 0, false, false, 0};
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
    acp_transition t; /* a probe outside the world's pool */
    acp_transition_construct(&t, obj->world ? obj->world->terrain : NULL);
    uint32_t state = acp_physobj_get_object_info(obj, &t, admin_move != 0);
    const acp_collision_info *c = &t.collision_info;
    out[0] = c->contact_plane_valid;
    out[1] = c->contact_plane_is_water;
    out[2] = c->last_known_contact_plane_valid;
    out[3] = c->last_known_contact_plane_is_water;
    return state;
}
