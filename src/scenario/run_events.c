/* acphys — the runner's events through the public API (issue 37): a scenario event as the
 * include/acphys.h call for it (what the server's message does), its structs as the API's. Not
 * retail itself: each call names its retail function in acphys.h. See run.h. */
#include <string.h>

#include "acphys.h"
#include "run_internal.h"

/* A scenario position as the API's pose: the quaternion as given (the API caches its matrix as
 * the scenario reader did). */
acp_pose acp_run_pose_of(const acp_position *p)
{
    acp_pose q;
    q.cell = p->objcell_id;
    q.origin[0] = p->frame.origin.x, q.origin[1] = p->frame.origin.y, q.origin[2] = p->frame.origin.z;
    q.orientation[0] = p->frame.qw, q.orientation[1] = p->frame.qx, q.orientation[2] = p->frame.qy,
    q.orientation[3] = p->frame.qz;
    return q;
}

/* A scenario motion as the API's: retail's defaults for the fields the event leaves out (the
 * bridge's reading of `present`). */
static acp_motion motion_of(const acp_scenario_motion *m)
{
    acp_motion r = acp_default_motion();
    if (m->present & ACP_MOTION_STYLE) r.style = m->style;
    if (m->present & ACP_MOTION_FORWARD_COMMAND) r.forward_command = m->forward_command;
    if (m->present & ACP_MOTION_FORWARD_SPEED) r.forward_speed = m->forward_speed;
    if (m->present & ACP_MOTION_SIDESTEP_COMMAND) r.sidestep_command = m->sidestep_command;
    if (m->present & ACP_MOTION_SIDESTEP_SPEED) r.sidestep_speed = m->sidestep_speed;
    if (m->present & ACP_MOTION_TURN_COMMAND) r.turn_command = m->turn_command;
    if (m->present & ACP_MOTION_TURN_SPEED) r.turn_speed = m->turn_speed;
    if (m->present & ACP_MOTION_HOLD_RUN) r.hold_run = m->hold_run;
    r.sticky_object = m->sticky_object;
    r.standing_longjump = m->standing_longjump;
    r.has_message_style = (m->present & ACP_MOTION_MESSAGE_STYLE) != 0;
    r.message_style = m->message_style;
    return r;
}

static acp_server_position server_position_of(const acp_scenario_server_position *e)
{
    acp_server_position sp;
    memset(&sp, 0, sizeof sp);
    sp.pose = acp_run_pose_of(&e->position);
    sp.contact = e->contact;
    sp.has_velocity = e->has_velocity;
    sp.velocity[0] = e->velocity.x, sp.velocity[1] = e->velocity.y, sp.velocity[2] = e->velocity.z;
    sp.has_teleport_timestamp = e->has_teleport_timestamp;
    sp.teleport_timestamp = e->teleport_timestamp;
    sp.has_position_timestamp = e->has_position_timestamp;
    sp.position_timestamp = e->position_timestamp;
    sp.has_force_position_timestamp = e->has_force_position_timestamp;
    sp.force_position_timestamp = e->force_position_timestamp;
    sp.use_position_from_server = e->use_position_from_server;
    sp.keep_heading = e->keep_heading;
    sp.has_instance_timestamp = e->has_instance_timestamp;
    sp.instance_timestamp = e->instance_timestamp;
    sp.has_placement = e->has_placement;
    sp.placement = e->placement;
    return sp;
}

static acp_move_to move_to_of(const acp_scenario_move_to *e)
{
    acp_move_to m = acp_default_move_to();
    m.type = e->type;
    m.target = e->target;
    m.has_pose = e->has_position;
    if (e->has_position) m.pose = acp_run_pose_of(&e->position);
    m.has_fallback_heading = e->has_fallback_heading;
    m.fallback_heading = e->fallback_heading;
    m.run_rate = e->run_rate;
    m.bitfield = e->params.bitfield;
    m.speed = e->params.speed;
    m.hold_key_to_apply = e->params.hold_key_to_apply;
    m.context_id = e->params.context_id;
    m.action_stamp = e->params.action_stamp;
    m.distance_to_object = e->params.distance_to_object;
    m.min_distance = e->params.min_distance;
    m.fail_distance = e->params.fail_distance;
    m.desired_heading = e->params.desired_heading;
    m.walk_run_threshold = e->params.walk_run_threshhold;
    m.has_style = e->has_style;
    m.style = e->style;
    return m;
}

/* One event, through the API's call for it (what the server's message does). */
acp_status acp_run_apply_event(acp_run *run, const acp_scenario_event *ev)
{
    acp_world_id w = run->world_id;
    uint32_t id = run->scenario.objects[ev->object_index].id;
    switch (ev->kind) {
    case ACP_EVENT_MOTION: {
        acp_motion m = motion_of(&ev->motion);
        return acp_object_apply_motion(w, id, &m);
    }
    case ACP_EVENT_RAW_MOTION: {
        acp_motion m = motion_of(&ev->motion);
        return acp_object_apply_raw_motion(w, id, &m);
    }
    case ACP_EVENT_JUMP: return acp_object_jump(w, id, ev->jump_extent, NULL); /* a refusal is retail's WeenieError */
    case ACP_EVENT_SET_VELOCITY: {
        const float v[3] = {ev->velocity.x, ev->velocity.y, ev->velocity.z};
        return acp_object_set_velocity(w, id, v);
    }
    case ACP_EVENT_SERVER_POSITION: {
        acp_server_position sp = server_position_of(&ev->server);
        return acp_object_server_position(w, id, &sp);
    }
    case ACP_EVENT_STICK_TO: return acp_object_stick_to(w, id, ev->target);
    case ACP_EVENT_UNSTICK: return acp_object_unstick(w, id);
    case ACP_EVENT_CONSTRAIN_TO: {
        acp_pose p = acp_run_pose_of(&ev->constraint.position);
        return acp_object_constrain_to(w, id, &p, ev->constraint.start_distance, ev->constraint.max_distance);
    }
    case ACP_EVENT_UNCONSTRAIN: return acp_object_unconstrain(w, id);
    case ACP_EVENT_MOVE_TO: {
        /* comparison mode: ACE's defaults for the fields the scenario does not name */
        const acp_world *core = run->world;
        acp_scenario_move_to ace;
        const acp_scenario_move_to *e = &ev->move_to;
        if (core->peer_rules & ACP_PEER_ACE_MOVETO_DEFAULTS) ace = acp_scenario_move_to_ace_defaults(e), e = &ace;
        acp_move_to m = move_to_of(e);
        return acp_object_move_to(w, id, &m);
    }
    case ACP_EVENT_PLAY_SCRIPT:
        return ev->play_script.by_type ? acp_object_play_script_type(w, id, ev->play_script.type, ev->play_script.mod)
                                       : acp_object_play_script(w, id, ev->play_script.script_id);
    case ACP_EVENT_SET_STATE: return acp_object_set_state(w, id, ev->new_state);
    case ACP_EVENT_PARENT: {
        const acp_scenario_parent *pe = &ev->parent;
        uint32_t holder = run->scenario.objects[pe->to_index].id;
        if (pe->by_location) return acp_object_set_parent_location(w, id, holder, pe->location);
        const acp_frame *f = &pe->frame;
        const float origin[3] = {f->origin.x, f->origin.y, f->origin.z};
        const float orientation[4] = {f->qw, f->qx, f->qy, f->qz};
        return acp_object_set_parent(w, id, holder, (int32_t)pe->part, origin, orientation);
    }
    case ACP_EVENT_UNPARENT: return acp_object_unset_parent(w, id);
    }
    return ACP_OK;
}
