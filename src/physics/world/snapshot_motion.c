/* acphys — world snapshots (snapshot.h): an object's movement manager (its MotionInterpreter and
 * MoveToManager), written and read by the same transfer functions, and the bound of what clearing
 * an exported object can add to it. Not retail.
 *
 * One transfer function per structure serves both directions (io->writing): each field is named
 * once, in the order it is written. Reading checks every count. */
#include "snapshot.h"
#include "snapshot_internal.h"

#include <stdint.h>

#include "physics/anim/motion_interp.h"
#include "physics/anim/motion_table.h"
#include "physics/anim/movement_manager.h"
#include "physics/object/partarray.h"
#include "physics/object/physobj.h"
#include "physics/object/physobj_collide.h"

static void xfer_movement_params(acp_snap_io *io, acp_movement_params *p)
{
    acp_snap_u32(io, &p->bitfield, "params.bitfield");
    acp_snap_f32(io, &p->speed, "params.speed");
    acp_snap_u32(io, &p->hold_key_to_apply, "params.hold_key_to_apply");
    acp_snap_u32(io, &p->context_id, "params.context_id");
    acp_snap_u32(io, &p->action_stamp, "params.action_stamp");
    acp_snap_f32(io, &p->distance_to_object, "params.distance_to_object");
    acp_snap_f32(io, &p->min_distance, "params.min_distance");
    acp_snap_f32(io, &p->fail_distance, "params.fail_distance");
    acp_snap_f32(io, &p->desired_heading, "params.desired_heading");
    acp_snap_f32(io, &p->walk_run_threshhold, "params.walk_run_threshhold");
}

static void xfer_actions(acp_snap_io *io, uint32_t *num, acp_action_node *a, const char *field)
{
    acp_snap_count(io, num, ACP_MAX_MOTION_ACTIONS, field);
    for (uint32_t i = 0; i < *num && !io->failed; i++) {
        acp_snap_u32(io, &a[i].action, field);
        acp_snap_f32(io, &a[i].speed, field);
        acp_snap_u32(io, &a[i].stamp, field);
        acp_snap_bool(io, &a[i].autonomous, field);
    }
}

static void xfer_interp(acp_snap_io *io, acp_motion_interp *m)
{
    acp_snap_bool(io, &m->initted, "interp.initted");
    acp_raw_motion_state *r = &m->raw_state;
    acp_snap_u32(io, &r->current_holdkey, "interp.raw.current_holdkey");
    acp_snap_u32(io, &r->current_style, "interp.raw.current_style");
    acp_snap_u32(io, &r->forward_command, "interp.raw.forward_command");
    acp_snap_u32(io, &r->forward_holdkey, "interp.raw.forward_holdkey");
    acp_snap_f32(io, &r->forward_speed, "interp.raw.forward_speed");
    acp_snap_u32(io, &r->sidestep_command, "interp.raw.sidestep_command");
    acp_snap_u32(io, &r->sidestep_holdkey, "interp.raw.sidestep_holdkey");
    acp_snap_f32(io, &r->sidestep_speed, "interp.raw.sidestep_speed");
    acp_snap_u32(io, &r->turn_command, "interp.raw.turn_command");
    acp_snap_u32(io, &r->turn_holdkey, "interp.raw.turn_holdkey");
    acp_snap_f32(io, &r->turn_speed, "interp.raw.turn_speed");
    xfer_actions(io, &r->num_actions, r->actions, "interp.raw.actions");
    acp_snap_u32(io, &r->dropped, "interp.raw.dropped");
    acp_interpreted_motion_state *s = &m->interpreted_state;
    acp_snap_u32(io, &s->current_style, "interp.interpreted.current_style");
    acp_snap_u32(io, &s->forward_command, "interp.interpreted.forward_command");
    acp_snap_f32(io, &s->forward_speed, "interp.interpreted.forward_speed");
    acp_snap_u32(io, &s->sidestep_command, "interp.interpreted.sidestep_command");
    acp_snap_f32(io, &s->sidestep_speed, "interp.interpreted.sidestep_speed");
    acp_snap_u32(io, &s->turn_command, "interp.interpreted.turn_command");
    acp_snap_f32(io, &s->turn_speed, "interp.interpreted.turn_speed");
    xfer_actions(io, &s->num_actions, s->actions, "interp.interpreted.actions");
    acp_snap_u32(io, &s->dropped, "interp.interpreted.dropped");
    acp_snap_f32(io, &m->current_speed_factor, "interp.current_speed_factor");
    acp_snap_bool(io, &m->standing_longjump, "interp.standing_longjump");
    acp_snap_f32(io, &m->jump_extent, "interp.jump_extent");
    acp_snap_u32(io, &m->server_action_stamp, "interp.server_action_stamp");
    acp_snap_f32(io, &m->my_run_rate, "interp.my_run_rate");
    acp_snap_f32(io, &m->run_rate, "interp.run_rate");
    acp_snap_bool(io, &m->weenie_run_rate, "interp.weenie_run_rate");
    acp_snap_count(io, &m->num_pending, ACP_MAX_PENDING_MOTIONS, "interp.num_pending");
    for (uint32_t i = 0; i < m->num_pending && !io->failed; i++) {
        acp_snap_u32(io, &m->pending[i].context_id, "interp.pending.context_id");
        acp_snap_u32(io, &m->pending[i].motion, "interp.pending.motion");
        acp_snap_u32(io, &m->pending[i].jump_error_code, "interp.pending.jump_error_code");
    }
    acp_snap_u32(io, &m->dropped, "interp.dropped");
}

static void xfer_moveto(acp_snap_io *io, acp_moveto_manager *m)
{
    acp_snap_u32(io, &m->movement_type, "moveto.movement_type");
    snap_position(io, &m->sought_position, "moveto.sought_position");
    snap_position(io, &m->current_target_position, "moveto.current_target_position");
    snap_position(io, &m->starting_position, "moveto.starting_position");
    xfer_movement_params(io, &m->movement_params);
    acp_snap_f32(io, &m->previous_heading, "moveto.previous_heading");
    acp_snap_f32(io, &m->previous_distance, "moveto.previous_distance");
    acp_snap_f64(io, &m->previous_distance_time, "moveto.previous_distance_time");
    acp_snap_f32(io, &m->original_distance, "moveto.original_distance");
    acp_snap_f64(io, &m->original_distance_time, "moveto.original_distance_time");
    acp_snap_u32(io, &m->fail_progress_count, "moveto.fail_progress_count");
    acp_snap_u32(io, &m->sought_object_id, "moveto.sought_object_id");
    acp_snap_u32(io, &m->top_level_object_id, "moveto.top_level_object_id");
    acp_snap_f32(io, &m->sought_object_radius, "moveto.sought_object_radius");
    acp_snap_f32(io, &m->sought_object_height, "moveto.sought_object_height");
    acp_snap_u32(io, &m->current_command, "moveto.current_command");
    acp_snap_u32(io, &m->aux_command, "moveto.aux_command");
    acp_snap_bool(io, &m->moving_away, "moveto.moving_away");
    acp_snap_bool(io, &m->initialized, "moveto.initialized");
    acp_snap_count(io, &m->num_nodes, ACP_MOVETO_MAX_NODES, "moveto.num_nodes");
    for (uint32_t i = 0; i < m->num_nodes && !io->failed; i++) {
        acp_snap_u32(io, &m->nodes[i].type, "moveto.nodes.type");
        acp_snap_f32(io, &m->nodes[i].heading, "moveto.nodes.heading");
    }
    acp_snap_u32(io, &m->last_cancel, "moveto.last_cancel");
}

void snap_movement_manager(acp_snap_io *io, acp_physobj *obj)
{
    acp_movement_manager *mm = obj->movement_manager;
    acp_snap_bool(io, &mm->has_interp, "movement.has_interp");
    if (mm->has_interp) xfer_interp(io, &mm->interp);
    acp_snap_bool(io, &mm->has_moveto, "movement.has_moveto");
    if (mm->has_moveto) xfer_moveto(io, &mm->moveto);
    if (!io->writing) mm->interp.physics_obj = mm->moveto.physics_obj = mm->physics_obj = obj;
}

/* The bytes the movement side of an object's write can grow by when its move-to is cancelled
 * (MoveToManager::CancelMoveTo 0x00529930: _StopMotion and StopCompletely queue animations and
 * motions, and the MotionInterpreter is made when it was not): every list that can grow written
 * full. Collision-end reports (report_collision_end) can grow too: counted always. */
size_t acp_object_snapshot_clearing_bound(const acp_physobj *obj, bool cancels_moveto)
{
    size_t extra = (size_t)(ACP_MAX_COLLISION_REPORTS - obj->reports.num_end) * 4u; /* reports.end */
    if (!cancels_moveto) return extra;
    const acp_partarray *pa = obj->part_array;
    if (pa) {
        const acp_sequence *s = &pa->sequence;
        for (int i = 0; i < ACP_MAX_ANIM_NODES; i++) extra += s->nodes[i].in_use ? 0u : 20u; /* anim..next */
        extra += 8u; /* part_array.pending_anim.animation and .frame */
        const acp_mtable_manager *m = pa->motion_table_manager;
        if (m)
            extra += (size_t)(ACP_MAX_PENDING_ANIMS - m->num_pending) * 8u + (size_t)(ACP_MAX_MODIFIERS - m->state.num_modifiers) * 8u +
                     (size_t)(ACP_MAX_STATE_ACTIONS - m->state.num_actions) * 8u;
    }
    const acp_movement_manager *mm = obj->movement_manager;
    if (mm && mm->has_interp) {
        const acp_motion_interp *mi = &mm->interp;
        extra += (size_t)(ACP_MAX_MOTION_ACTIONS - mi->raw_state.num_actions) * 13u +
                 (size_t)(ACP_MAX_MOTION_ACTIONS - mi->interpreted_state.num_actions) * 13u +
                 (size_t)(ACP_MAX_PENDING_MOTIONS - mi->num_pending) * 12u;
    } else if (mm) { /* made: written whole */
        acp_snap_io io = {.writing = true, .find_at = SIZE_MAX, .field_at = SIZE_MAX};
        acp_motion_interp mi = {0};
        mi.raw_state.num_actions = mi.interpreted_state.num_actions = ACP_MAX_MOTION_ACTIONS;
        mi.num_pending = ACP_MAX_PENDING_MOTIONS;
        xfer_interp(&io, &mi);
        extra += io.failed ? 65536u : io.len;
        acp_snap_io_free(&io);
    }
    return extra;
}
