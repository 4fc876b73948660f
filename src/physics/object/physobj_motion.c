/* acphys — retail CPhysicsObj, animation and motion members. See physobj_motion.h.
 * Read against PORTAL/cphysobj/CPhysicsObj.c.
 */
#include "physobj_motion.h"

#include <stddef.h>

#include "physics/anim/movement_manager.h"
#include "partarray.h"
#include "physics/world/physics.h"
#include "physobj.h"
#include "scripts.h"

#define PLACEMENT_RESTING 0x65u

acp_interpreted_motion acp_interpreted_motion_default(void)
{
    acp_interpreted_motion m = {ACP_STYLE_NONCOMBAT, ACP_MOTION_READY, 1.0f, 0, 1.0f, 0, 1.0f, 0, false, false, 0};
    return m;
}

acp_raw_motion acp_raw_motion_default(void)
{
    acp_raw_motion m = {ACP_MOTION_READY, 1.0f, 0, 1.0f, 0, 1.0f, false};
    return m;
}

/* ---- creation ---- */

bool acp_physobj_set_setup(struct acp_physobj *obj, const acp_setup *setup, const acp_record_source *records)
{
    acp_movement_manager_destroy(obj->movement_manager);
    obj->movement_manager = NULL;
    obj->has_moveto_manager = false;
    acp_partarray_destroy(obj->part_array);
    obj->part_array = NULL;
    /* CreateSetup runs InitDefaults before InitPartArrayObject stores the part array in the
     * object, so CPhysicsObj::InitDefaults' SetMotionTableID finds no part array (retail). */
    acp_partarray *pa = acp_partarray_create(obj, setup, records);
    if (!pa) return false;
    obj->part_array = pa;
    /* Each part's CGfxObj (its physics BSP, from the world's records); then, as retail after
     * CreateSetup, CPhysicsObj::CacheHasPhysicsBSP. */
    for (uint32_t i = 0; i < setup->num_parts && obj->world; i++)
        acp_partarray_set_part_physics(pa, i, acp_world_gfxobj_physics(obj->world, setup->parts[i]));
    acp_physobj_cache_has_physics_bsp(obj);
    acp_partarray_set_placement_frame(pa, PLACEMENT_RESTING); /* InitObjectEnd */
    if (!(obj->state & ACP_PARTICLE_EMITTER_PS)) acp_partarray_set_frame(pa, &obj->position.frame);
    return true;
}

void acp_physobj_init_defaults(struct acp_physobj *obj, const acp_setup *setup)
{
    /* Retail's order: the default script (play_script_internal), the motion table, the sound
     * table (not simulated), the physics script table. */
    if (setup->default_script) acp_physobj_play_script_internal(obj, setup->default_script);
    if (setup->default_motion_table) acp_physobj_set_motion_table(obj, setup->default_motion_table);
    if (setup->default_script_table)
        acp_physobj_set_script_table(obj, setup->default_script_table, obj->default_script, obj->default_script_intensity);
    if (!(obj->state & ACP_STATIC_PS)) return;
    if (setup->default_animation) obj->state |= ACP_HAS_DEFAULT_ANIM_PS;
    if (setup->default_script) obj->state |= ACP_HAS_DEFAULT_SCRIPT_PS;
    if ((obj->state & (ACP_HAS_DEFAULT_ANIM_PS | ACP_HAS_DEFAULT_SCRIPT_PS)) && obj->world)
        acp_world_add_static_animating(obj->world, obj);
}

bool acp_physobj_make_movement_manager(struct acp_physobj *obj, bool init_motion)
{
    if (obj->movement_manager) return true;
    obj->movement_manager = acp_movement_manager_create(obj);
    if (!obj->movement_manager) return false;
    if (init_motion) acp_movement_manager_enter_default_state(obj->movement_manager);
    if (obj->world) acp_physobj_set_active(obj, true);
    return true;
}

bool acp_physobj_set_motion_table(struct acp_physobj *obj, uint32_t table_id)
{
    if (!obj->part_array) return false;
    if (!acp_partarray_set_motion_table(obj->part_array, table_id)) return false;
    acp_movement_manager_destroy(obj->movement_manager);
    obj->movement_manager = NULL;
    obj->has_moveto_manager = false;
    if (!table_id) return true;
    return acp_physobj_make_movement_manager(obj, true);
}

bool acp_physobj_set_placement_frame(struct acp_physobj *obj, uint32_t id)
{
    bool ok = obj->part_array && acp_partarray_set_placement_frame(obj->part_array, id);
    if (!(obj->state & ACP_PARTICLE_EMITTER_PS) && obj->part_array)
        acp_partarray_set_frame(obj->part_array, &obj->position.frame);
    return ok;
}

/* ---- scenario events ---- */

void acp_physobj_apply_interpreted_motion(struct acp_physobj *obj, const acp_interpreted_motion *m)
{
    obj->last_move_was_autonomous = false;
    if (!obj->movement_manager) {
        obj->movement_manager = acp_movement_manager_create(obj);
        if (!obj->movement_manager) return;
        if (obj->world) acp_physobj_set_active(obj, true);
    }
    acp_interpreted_motion_state st;
    acp_interpreted_motion_state_init(&st);
    st.current_style = m->style;
    st.forward_command = m->forward_command;
    st.forward_speed = m->forward_speed;
    st.sidestep_command = m->sidestep_command;
    st.sidestep_speed = m->sidestep_speed;
    st.turn_command = m->turn_command;
    st.turn_speed = m->turn_speed;
    uint32_t header_style = m->has_message_style ? m->message_style : m->style;
    acp_movement_manager_apply_interpreted(obj->movement_manager, &st, header_style, m->sticky_object_id,
                                           m->standing_longjump);
}

void acp_physobj_apply_raw_motion(struct acp_physobj *obj, const acp_raw_motion *raw)
{
    if (!obj->movement_manager) return;
    acp_motion_interp *mi = acp_movement_manager_get_minterp(obj->movement_manager);
    acp_raw_motion_state *rs = &mi->raw_state;
    rs->forward_command = raw->forward_command;
    rs->forward_holdkey = ACP_HOLD_KEY_INVALID;
    rs->forward_speed = raw->forward_speed;
    rs->sidestep_command = raw->sidestep_command;
    rs->sidestep_holdkey = ACP_HOLD_KEY_INVALID;
    rs->sidestep_speed = raw->sidestep_speed;
    rs->turn_command = raw->turn_command;
    rs->turn_holdkey = ACP_HOLD_KEY_INVALID;
    rs->turn_speed = raw->turn_speed;
    rs->current_holdkey = raw->hold_run ? ACP_HOLD_KEY_RUN : ACP_HOLD_KEY_NONE;
    obj->last_move_was_autonomous = true;
    if (obj->world) acp_physobj_set_active(obj, true); /* MovementManager::PerformMovement */
    acp_motion_interp_apply_raw_movement(mi, true, false);
}

uint32_t acp_physobj_jump(struct acp_physobj *obj, float extent)
{
    if (!obj->movement_manager) return ACP_MERR_NO_PHYSICS_OBJECT;
    return acp_motion_interp_jump(acp_movement_manager_get_minterp(obj->movement_manager), extent);
}

void acp_physobj_set_run_rate(struct acp_physobj *obj, float run_rate)
{
    if (!obj->movement_manager) return;
    acp_motion_interp *mi = acp_movement_manager_get_minterp(obj->movement_manager);
    mi->run_rate = run_rate;
    mi->weenie_run_rate = true;
}

const acp_motion_interp *acp_physobj_motion_interp(const struct acp_physobj *obj)
{
    const acp_movement_manager *mm = obj->movement_manager;
    return mm && mm->has_interp ? &mm->interp : NULL;
}

/* ---- calls from the motion code ---- */

uint32_t acp_physobj_do_interpreted_motion(struct acp_physobj *obj, uint32_t motion, const acp_movement_params *params)
{
    if (!obj->part_array) return ACP_MERR_GENERAL_MOVEMENT_FAILURE;
    return acp_partarray_do_interpreted_motion(obj->part_array, motion, params->speed);
}

uint32_t acp_physobj_stop_interpreted_motion(struct acp_physobj *obj, uint32_t motion, const acp_movement_params *params)
{
    if (!obj->part_array) return ACP_MERR_GENERAL_MOVEMENT_FAILURE;
    return acp_partarray_stop_interpreted_motion(obj->part_array, motion, params->speed);
}

uint32_t acp_physobj_stop_completely_internal(struct acp_physobj *obj)
{
    if (obj->part_array) acp_partarray_stop_completely_internal(obj->part_array);
    return ACP_MERR_NONE;
}

void acp_physobj_remove_link_animations(struct acp_physobj *obj)
{
    if (obj->part_array) acp_partarray_handle_enter_world(obj->part_array);
}

void acp_physobj_initialize_motion_tables(struct acp_physobj *obj)
{
    if (obj->part_array) acp_partarray_initialize_motion_tables(obj->part_array);
}

void acp_physobj_check_for_completed_motions(struct acp_physobj *obj)
{
    if (obj->part_array) acp_partarray_check_for_completed_motions(obj->part_array);
}

void acp_physobj_motion_done(struct acp_physobj *obj, uint32_t motion, bool success)
{
    if (obj->movement_manager) acp_movement_manager_motion_done(obj->movement_manager, motion, success);
}

void acp_physobj_set_local_velocity(struct acp_physobj *obj, acp_vec3 v)
{
    const float *m = obj->position.frame.m;
    acp_vec3 g;
    g.x = (float)((double)m[0] * v.x + (double)m[3] * v.y + (double)m[6] * v.z);
    g.y = (float)((double)m[1] * v.x + (double)m[4] * v.y + (double)m[7] * v.z);
    g.z = (float)((double)m[2] * v.x + (double)m[5] * v.y + (double)m[8] * v.z);
    acp_physobj_set_velocity(obj, g);
}
