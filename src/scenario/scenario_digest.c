/* acphys — a scenario's digest (scenario.h acp_scenario_digest): what a run snapshot's runner
 * section names so that a resume refuses a snapshot of another scenario. Not retail. */
#include <string.h>

#include "physics/world/snapshot.h"
#include "scenario.h"

/* Each value is hashed as its little-endian bytes (floats and doubles as their IEEE-754 bits),
 * never a struct's memory: the same bits natively and in WebAssembly. */
static uint64_t h_u32(uint64_t h, uint32_t v)
{
    uint8_t b[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
    return acp_snap_fnv(h, b, 4);
}
static uint64_t h_u64(uint64_t h, uint64_t v) { return h_u32(h_u32(h, (uint32_t)v), (uint32_t)(v >> 32)); }
static uint64_t h_f32(uint64_t h, float f)
{
    uint32_t v;
    memcpy(&v, &f, 4);
    return h_u32(h, v);
}
static uint64_t h_f64(uint64_t h, double d)
{
    uint64_t v;
    memcpy(&v, &d, 8);
    return h_u64(h, v);
}
static uint64_t h_vec(uint64_t h, acp_vec3 v) { return h_f32(h_f32(h_f32(h, v.x), v.y), v.z); }
static uint64_t h_str(uint64_t h, const char *s)
{
    size_t n = s ? strlen(s) : 0;
    h = h_u32(h, s ? (uint32_t)n : 0xFFFFFFFFu);
    return acp_snap_fnv(h, s ? s : "", n);
}
/* A frame: its quaternion and origin (the matrix is derived from the quaternion). */
static uint64_t h_frame(uint64_t h, const acp_frame *f)
{
    h = h_f32(h_f32(h_f32(h_f32(h, f->qw), f->qx), f->qy), f->qz);
    return h_vec(h, f->origin);
}
static uint64_t h_pos(uint64_t h, const acp_position *p) { return h_frame(h_u32(h, p->objcell_id), &p->frame); }

static uint64_t h_object(uint64_t h, const acp_scenario_object *o)
{
    h = h_u32(h_u32(h_u32(h_u32(h, o->id), o->setup), o->motion_table), o->physics_state);
    h = h_vec(h_vec(h_pos(h, &o->position), o->velocity), o->omega);
    h = h_f32(h_f32(h_f32(h_f32(h, o->scale), o->friction), o->elasticity), o->run_rate);
    h = h_f64(h_u32(h, o->has_run_rate), o->enter_at);
    h = h_u32(h_u32(h, (uint32_t)o->placement), o->transient_state);
    for (int i = 0; i < 9; i++) h = h_u32(h, o->timestamps[i]);
    return h;
}

static uint64_t h_motion(uint64_t h, const acp_scenario_motion *m)
{
    h = h_u32(h_u32(h_u32(h, m->present), m->style), m->forward_command);
    h = h_u32(h_f32(h, m->forward_speed), m->sidestep_command);
    h = h_u32(h_f32(h, m->sidestep_speed), m->turn_command);
    h = h_u32(h_u32(h_f32(h, m->turn_speed), m->hold_run), m->sticky_object);
    return h_u32(h_u32(h, m->standing_longjump), m->message_style);
}

static uint64_t h_server(uint64_t h, const acp_scenario_server_position *s)
{
    h = h_vec(h_u32(h_u32(h_pos(h, &s->position), s->contact), s->has_velocity), s->velocity);
    h = h_u32(h_u32(h_u32(h_u32(h, s->has_teleport_timestamp), s->teleport_timestamp), s->has_position_timestamp),
              s->position_timestamp);
    h = h_u32(h_u32(h_u32(h_u32(h, s->has_force_position_timestamp), s->force_position_timestamp),
                    s->has_instance_timestamp), s->instance_timestamp);
    h = h_u32(h_u32(h_u32(h, s->has_placement), s->placement), s->use_position_from_server);
    return h_u32(h, s->keep_heading);
}

static uint64_t h_move_to(uint64_t h, const acp_scenario_move_to *m)
{
    h = h_pos(h_u32(h_u32(h_u32(h, m->type), m->target), m->has_position), &m->position);
    h = h_f32(h_f32(h_u32(h, m->has_fallback_heading), m->fallback_heading), m->run_rate);
    h = h_u32(h_u32(h, m->has_style), m->style);
    const acp_movement_params *p = &m->params;
    h = h_u32(h_u32(h_u32(h_f32(h_u32(h, p->bitfield), p->speed), p->hold_key_to_apply), p->context_id), p->action_stamp);
    h = h_f32(h_f32(h_f32(h_f32(h_f32(h, p->distance_to_object), p->min_distance), p->fail_distance), p->desired_heading),
              p->walk_run_threshhold);
    return h_u32(h_u32(h, m->named_bits), m->names_walk_run_threshhold);
}

/* An event: its time, object and kind, and the payload its kind reads. */
static uint64_t h_event(uint64_t h, const acp_scenario_event *e)
{
    h = h_u32(h_u32(h_u32(h_f64(h, e->t), e->object), e->index), (uint32_t)e->kind);
    switch (e->kind) {
    case ACP_EVENT_MOTION:
    case ACP_EVENT_RAW_MOTION: return h_motion(h, &e->motion);
    case ACP_EVENT_JUMP: return h_f32(h, e->jump_extent);
    case ACP_EVENT_SET_VELOCITY: return h_vec(h, e->velocity);
    case ACP_EVENT_SERVER_POSITION: return h_server(h, &e->server);
    case ACP_EVENT_STICK_TO: return h_u32(h, e->target);
    case ACP_EVENT_CONSTRAIN_TO:
        return h_f32(h_f32(h_pos(h, &e->constraint.position), e->constraint.start_distance), e->constraint.max_distance);
    case ACP_EVENT_MOVE_TO: return h_move_to(h, &e->move_to);
    case ACP_EVENT_PLAY_SCRIPT:
        return h_f32(h_u32(h_u32(h_u32(h, e->play_script.by_type), e->play_script.script_id), e->play_script.type),
                     e->play_script.mod);
    case ACP_EVENT_SET_STATE: return h_u32(h, e->new_state);
    case ACP_EVENT_PARENT:
        h = h_u32(h_u32(h_u32(h, e->parent.to), e->parent.by_location), e->parent.location);
        return h_frame(h_u32(h, e->parent.part), &e->parent.frame);
    case ACP_EVENT_UNSTICK:
    case ACP_EVENT_UNCONSTRAIN:
    case ACP_EVENT_UNPARENT: return h;
    }
    return h;
}

uint64_t acp_scenario_digest(const acp_scenario *s)
{
    uint64_t h = h_u32(ACP_SNAP_FNV_BASIS, (uint32_t)s->profile);
    h = h_u32(h, s->num_compare_profiles);
    for (uint32_t i = 0; i < s->num_compare_profiles && i < 3; i++) h = h_u32(h, (uint32_t)s->compare_profiles[i]);
    h = h_u32(h, s->num_excerpts);
    for (uint32_t i = 0; i < s->num_excerpts; i++) h = h_str(h, s->excerpts[i]);
    h = h_u32(h_u32(h_u32(h, s->has_player), s->player), s->num_objects);
    for (uint32_t i = 0; i < s->num_objects; i++) h = h_object(h, &s->objects[i]);
    h = h_u32(h, s->num_events);
    for (uint32_t i = 0; i < s->num_events; i++) h = h_event(h, &s->events[i]);
    h = h_u32(h, s->frames.count);
    for (uint32_t i = 0; i < s->frames.count; i++) h = h_f64(h, s->frames.times[i]);
    return h;
}
