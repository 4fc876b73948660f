/* acphys — retail MovementManager. See movement_manager.h. Read against PORTAL/canim/CMovementManager.c. */
#include "movement_manager.h"

#include <stdlib.h>

#include "physics/object/physobj.h"
#include "physics/object/physobj_motion.h"
#include "physics/object/physobj_position.h"
#include "physics/world/physics.h"

acp_movement_manager *acp_movement_manager_create(struct acp_physobj *obj)
{
    acp_movement_manager *mm = calloc(1, sizeof *mm);
    if (!mm) return NULL;
    mm->physics_obj = obj;
    return mm;
}

void acp_movement_manager_destroy(acp_movement_manager *mm) { free(mm); }

/* Retail creates the interpreter and, with a physics object, enters its default state. */
static void make_interp(acp_movement_manager *mm)
{
    if (mm->has_interp) return;
    acp_motion_interp_init(&mm->interp, mm->physics_obj);
    mm->has_interp = true;
    if (mm->physics_obj) acp_motion_interp_enter_default_state(&mm->interp);
}

acp_motion_interp *acp_movement_manager_get_minterp(acp_movement_manager *mm)
{
    make_interp(mm);
    return &mm->interp;
}

void acp_movement_manager_enter_default_state(acp_movement_manager *mm)
{
    if (!mm->physics_obj) return;
    make_interp(mm);
    acp_motion_interp_enter_default_state(&mm->interp);
}

/* CMotionInterp::PerformMovement (0x00528E80): each type, then CheckForCompletedMotions. */
static uint32_t interp_perform(acp_motion_interp *mi, uint32_t type, uint32_t motion, const acp_movement_params *params)
{
    uint32_t r;
    switch (type) {
    case ACP_MOVE_RAW_COMMAND: r = acp_motion_interp_do_motion(mi, motion, params); break;
    case ACP_MOVE_INTERPRETED_COMMAND: r = acp_motion_interp_do_interpreted_motion(mi, motion, params); break;
    case ACP_MOVE_STOP_RAW_COMMAND: r = acp_motion_interp_stop_motion(mi, motion, params); break;
    case ACP_MOVE_STOP_INTERPRETED_COMMAND: r = acp_motion_interp_stop_interpreted_motion(mi, motion, params); break;
    case ACP_MOVE_STOP_COMPLETELY: r = acp_motion_interp_stop_completely(mi); break;
    default: return ACP_MERR_GENERAL_MOVEMENT_FAILURE;
    }
    acp_physobj_check_for_completed_motions(mi->physics_obj);
    return r;
}

uint32_t acp_movement_manager_perform_movement(acp_movement_manager *mm, uint32_t type, uint32_t motion,
                                               const acp_movement_params *params)
{
    acp_physobj_set_active(mm->physics_obj, true);
    if (type < ACP_MOVE_RAW_COMMAND || type > ACP_MOVE_STOP_COMPLETELY) return ACP_MERR_GENERAL_MOVEMENT_FAILURE;
    return interp_perform(acp_movement_manager_get_minterp(mm), type, motion, params);
}

void acp_movement_manager_apply_interpreted(acp_movement_manager *mm, const acp_interpreted_motion_state *state,
                                            uint32_t header_style, uint32_t sticky_object_id, bool standing_longjump)
{
    if (!mm->has_interp || !mm->physics_obj) return; /* unpack_movement needs both */
    acp_physobj_cancel_moveto(mm->physics_obj);
    acp_physobj_unstick_from_object(mm->physics_obj);
    acp_motion_interp *mi = &mm->interp;
    /* CMovementManager.c:452-455: the header's style, before the type is looked at. */
    if (mi->interpreted_state.current_style != header_style) {
        acp_movement_params params = acp_movement_params_default();
        acp_motion_interp_do_motion(mi, header_style, &params);
    }
    acp_motion_interp_move_to_interpreted_state(acp_movement_manager_get_minterp(mm), state);
    if (sticky_object_id) (void)acp_physobj_stick_to_object(mm->physics_obj, sticky_object_id);
    mi->standing_longjump = standing_longjump;
}

void acp_movement_manager_motion_done(acp_movement_manager *mm, uint32_t motion, bool success)
{
    (void)motion;
    if (mm->has_interp) acp_motion_interp_motion_done(&mm->interp, success);
}

void acp_movement_manager_leave_ground(acp_movement_manager *mm)
{
    if (mm->has_interp) acp_motion_interp_leave_ground(&mm->interp);
    /* MoveToManager::LeaveGround: an empty body (identical-code folding, see HandleEnterWorld). */
}

void acp_movement_manager_hit_ground(acp_movement_manager *mm)
{
    if (mm->has_interp) acp_motion_interp_hit_ground(&mm->interp);
    if (mm->has_moveto) acp_moveto_manager_hit_ground(&mm->moveto);
}

void acp_movement_manager_use_time(acp_movement_manager *mm)
{
    if (mm->has_moveto) acp_moveto_manager_use_time(&mm->moveto);
}

/* MovementManager::MakeMoveToManager (0x00524000). */
static void make_moveto_manager(acp_movement_manager *mm)
{
    if (mm->has_moveto) return;
    acp_moveto_manager_init(&mm->moveto, mm->physics_obj);
    mm->has_moveto = true;
    mm->physics_obj->has_moveto_manager = true;
}

uint32_t acp_movement_manager_perform_moveto(acp_movement_manager *mm, uint32_t type, uint32_t object_id,
                                             uint32_t top_level_id, const acp_position *pos,
                                             const acp_movement_params *params)
{
    acp_physobj_set_active(mm->physics_obj, true);
    if (type < ACP_MOVETO_OBJECT || type > ACP_TURNTO_HEADING) return ACP_MERR_GENERAL_MOVEMENT_FAILURE;
    make_moveto_manager(mm);
    return acp_moveto_manager_perform_movement(&mm->moveto, type, object_id, top_level_id, pos, params);
}

void acp_movement_manager_unpack_moveto(acp_movement_manager *mm, const acp_moveto_message *msg)
{
    acp_physobj *obj = mm->physics_obj;
    if (!mm->has_interp || !obj) return; /* unpack_movement needs both */
    acp_physobj_cancel_moveto(obj);
    acp_physobj_unstick_from_object(obj);
    /* CMovementManager.c:452-455: the header's style, before the type is looked at. */
    if (msg->has_style && mm->interp.interpreted_state.current_style != msg->style) {
        acp_movement_params style_params = acp_movement_params_default();
        acp_motion_interp_do_motion(&mm->interp, msg->style, &style_params);
    }
    if (msg->type < ACP_MOVETO_OBJECT || msg->type > ACP_TURNTO_HEADING) return;
    make_moveto_manager(mm);
    acp_movement_params params = msg->params;
    bool known = acp_world_object(obj->world, msg->object_id) != NULL; /* CPhysicsObj::GetObjectA */
    switch (msg->type) {
    case ACP_MOVETO_OBJECT:
        mm->interp.my_run_rate = msg->run_rate;
        if (known) acp_physobj_move_to_object(obj, msg->object_id, &params);
        else if (msg->has_origin) acp_moveto_manager_move_to_position(&mm->moveto, &msg->origin, &params);
        break;
    case ACP_MOVETO_POSITION:
        mm->interp.my_run_rate = msg->run_rate;
        acp_moveto_manager_move_to_position(&mm->moveto, &msg->origin, &params);
        break;
    case ACP_TURNTO_OBJECT:
        if (known) {
            acp_physobj_turn_to_object(obj, msg->object_id, &params);
        } else if (msg->has_heading) {
            params.desired_heading = msg->heading;
            acp_moveto_manager_turn_to_heading(&mm->moveto, &params);
        }
        break;
    default: acp_moveto_manager_turn_to_heading(&mm->moveto, &params); break;
    }
}

void acp_movement_manager_handle_update_target(acp_movement_manager *mm, const struct acp_target_info *info)
{
    if (mm->has_moveto) acp_moveto_manager_handle_update_target(&mm->moveto, info);
}

void acp_movement_manager_cancel_moveto(acp_movement_manager *mm, uint32_t reason)
{
    if (mm->has_moveto) acp_moveto_manager_cancel(&mm->moveto, reason);
}

bool acp_movement_manager_is_moving_to(const acp_movement_manager *mm)
{
    return mm->has_moveto && acp_moveto_manager_is_moving_to(&mm->moveto);
}

void acp_movement_manager_handle_enter_world(acp_movement_manager *mm)
{
    /* CMotionInterp::HandleEnterWorld: an empty function in this build (see movement_manager.h). */
    (void)mm;
}

void acp_movement_manager_handle_exit_world(acp_movement_manager *mm)
{
    if (mm->has_interp) acp_motion_interp_handle_exit_world(&mm->interp);
}
