/* acphys — a capture file → a replay's messages, through src/net. See capture_adapter.h. */
#include "capture_adapter.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net/net.h"
#include "net/player.h"
#include "physics/geometry/frame.h"

#define HOLD_KEY_RUN 2u
#define ATTR_QUICKNESS 2 /* attributes[2] is attribute 3, Quickness */

uint32_t acp_replay_command(uint16_t low)
{
    /* The MotionCommand values (retail's command_ids table; ACE's MotionCommand enum): the
     * class bits sit in the high byte, the index in the low 16. */
    static const uint32_t KNOWN[] = {
        0x41000003u, /* Ready */
        0x45000005u, /* WalkForward */
        0x45000006u, /* WalkBackwards */
        0x44000007u, /* RunForward */
        0x40000008u, /* Fallen */
        0x40000009u, /* Interpolating */
        0x4000000Au, /* Hover */
        0x4000000Bu, /* On */
        0x4000000Cu, /* Off */
        0x6500000Du, /* TurnRight */
        0x6500000Eu, /* TurnLeft */
        0x6500000Fu, /* SideStepRight */
        0x65000010u, /* SideStepLeft */
        0x40000011u, /* Dead */
        0x41000012u, /* Crouch */
        0x41000013u, /* Sitting */
        0x41000014u, /* Sleeping */
        0x40000015u, /* Falling */
    };
    for (size_t i = 0; i < sizeof KNOWN / sizeof KNOWN[0]; i++)
        if ((KNOWN[i] & 0xFFFFu) == low) return KNOWN[i];
    if (low >= 0x003Cu && low <= 0x0049u) return 0x80000000u | low; /* the stances (HandCombat ..) */
    return 0;
}

/* A raw command: the full u32 when the wire has its class bits, else widened. */
static uint32_t raw_command(uint32_t v)
{
    return (v & 0xFFFF0000u) ? v : acp_replay_command((uint16_t)v);
}

static acp_replay_pos pos_of(const acp_net_position *p)
{
    return (acp_replay_pos){p->cell, {p->origin.x, p->origin.y, p->origin.z}, {p->qw, p->qx, p->qy, p->qz}};
}

static bool raw_motion(const acp_net_raw_motion_state *r, acp_scenario_motion *m, uint32_t *unknown)
{
    memset(m, 0, sizeof *m);
    bool known = true;
#define CMD(flag, bit, field, value)                     \
    if (r->flags & (flag)) {                             \
        m->field = raw_command(value);                   \
        if (m->field) m->present |= (bit);               \
        else known = false, *unknown = (value);          \
    }
    CMD(ACP_RAW_FORWARD_COMMAND, ACP_MOTION_FORWARD_COMMAND, forward_command, r->forward_command);
    CMD(ACP_RAW_SIDESTEP_COMMAND, ACP_MOTION_SIDESTEP_COMMAND, sidestep_command, r->sidestep_command);
    CMD(ACP_RAW_TURN_COMMAND, ACP_MOTION_TURN_COMMAND, turn_command, r->turn_command);
#undef CMD
    if (r->flags & ACP_RAW_FORWARD_SPEED) m->present |= ACP_MOTION_FORWARD_SPEED, m->forward_speed = r->forward_speed;
    if (r->flags & ACP_RAW_SIDESTEP_SPEED) m->present |= ACP_MOTION_SIDESTEP_SPEED, m->sidestep_speed = r->sidestep_speed;
    if (r->flags & ACP_RAW_TURN_SPEED) m->present |= ACP_MOTION_TURN_SPEED, m->turn_speed = r->turn_speed;
    m->hold_run = (r->flags & ACP_RAW_CURRENT_HOLDKEY) && r->current_holdkey == HOLD_KEY_RUN;
    if (m->hold_run) m->present |= ACP_MOTION_HOLD_RUN;
    return known;
}

static bool interpreted_motion(const acp_net_interpreted_motion_state *s, acp_scenario_motion *m, uint32_t *unknown)
{
    memset(m, 0, sizeof *m);
    bool known = true;
#define CMD(flag, bit, field, value)                          \
    if (s->flags & (flag)) {                                  \
        m->field = acp_replay_command(value);                 \
        if (m->field) m->present |= (bit);                    \
        else known = false, *unknown = (value);               \
    }
    CMD(ACP_INTERP_CURRENT_STYLE, ACP_MOTION_STYLE, style, s->current_style);
    CMD(ACP_INTERP_FORWARD_COMMAND, ACP_MOTION_FORWARD_COMMAND, forward_command, s->forward_command);
    CMD(ACP_INTERP_SIDESTEP_COMMAND, ACP_MOTION_SIDESTEP_COMMAND, sidestep_command, s->sidestep_command);
    CMD(ACP_INTERP_TURN_COMMAND, ACP_MOTION_TURN_COMMAND, turn_command, s->turn_command);
#undef CMD
    if (s->flags & ACP_INTERP_FORWARD_SPEED) m->present |= ACP_MOTION_FORWARD_SPEED, m->forward_speed = s->forward_speed;
    if (s->flags & ACP_INTERP_SIDESTEP_SPEED) m->present |= ACP_MOTION_SIDESTEP_SPEED, m->sidestep_speed = s->sidestep_speed;
    if (s->flags & ACP_INTERP_TURN_SPEED) m->present |= ACP_MOTION_TURN_SPEED, m->turn_speed = s->turn_speed;
    return known;
}

static float heading_0_360(float h)
{
    float r = fmodf(h, 360.0f);
    if (r < 0.0f) r += 360.0f;
    return r >= 360.0f ? 0.0f : r;
}

/* The movement header of a type-0 UpdateMotion: its style, which unpack_movement plays before it
 * reads the state (CMovementManager.c:452-455; an index the command table lacks is left out: the
 * state's style stands in), the sticky object (flag 0x01) and the standing long jump (0x02). */
static void movement_header(const acp_movement *mv, acp_scenario_motion *m)
{
    uint32_t style = acp_replay_command(mv->current_style);
    if (style) m->present |= ACP_MOTION_MESSAGE_STYLE, m->message_style = style;
    m->sticky_object = mv->has_sticky_object ? mv->sticky_object : 0u;
    m->standing_longjump = (mv->flags & ACP_MOVE_FLAG_STANDING_LONG_JUMP) != 0;
}

/* An UpdateMotion of types 6–9 → the scenario's move_to (MovementStruct). */
static void move_to(const acp_movement *mv, acp_scenario_move_to *mt)
{
    memset(mt, 0, sizeof *mt);
    mt->type = mv->type;
    mt->target = mv->target;
    mt->run_rate = 1.0f; /* the turns carry none (the scenario's default) */
    /* The header's style (command_ids_0 of its u16), which unpack_movement plays with DoMotion when
     * it is not the interpreter's; an index the command table lacks is left out (the style kept). */
    mt->style = acp_replay_command(mv->current_style);
    mt->has_style = mt->style != 0;
    acp_movement_params *p = &mt->params;
    p->hold_key_to_apply = 0;
    if (mv->type == ACP_MOVE_TO_OBJECT || mv->type == ACP_MOVE_TO_POSITION) {
        const acp_net_position *o = &mv->origin;
        mt->position.objcell_id = o->cell;
        acp_frame_set_rotate(&mt->position.frame, o->qw, o->qx, o->qy, o->qz);
        mt->position.frame.origin = o->origin;
        p->bitfield = mv->moveto.flags;
        p->distance_to_object = mv->moveto.distance_to_object;
        p->min_distance = mv->moveto.min_distance;
        p->fail_distance = mv->moveto.fail_distance;
        p->speed = mv->moveto.speed;
        p->walk_run_threshhold = mv->moveto.walk_run_threshold;
        p->desired_heading = heading_0_360(mv->moveto.desired_heading);
        mt->run_rate = mv->run_rate; /* unpack_movement stores it in my_run_rate (CMovementManager.c:489, :501) */
    } else {
        p->bitfield = mv->turnto.flags;
        p->speed = mv->turnto.speed;
        p->distance_to_object = 0.6f; /* MovementParameters' defaults for what TurnTo leaves out */
        p->fail_distance = 3.40282347e38f;
        p->walk_run_threshhold = 15.0f;
        p->desired_heading = heading_0_360(mv->type == ACP_MOVE_TURN_TO_OBJECT ? mv->desired_heading : mv->turnto.desired_heading);
    }
}

static void create_object(const acp_msg_create_object *c, acp_replay_msg *m)
{
    m->guid = c->guid;
    m->has_position = (c->flags & ACP_PD_POSITION) != 0;
    if (m->has_position) m->pos = pos_of(&c->position);
    m->setup = (c->flags & ACP_PD_SETUP) ? c->setup : 0;
    m->motion_table = (c->flags & ACP_PD_MTABLE) ? c->mtable : 0;
    m->has_state = true;
    m->physics_state = c->state;
    m->has_scale = (c->flags & ACP_PD_SCALE) != 0, m->scale = c->scale;
    m->has_friction = (c->flags & ACP_PD_FRICTION) != 0, m->friction = c->friction;
    m->has_elasticity = (c->flags & ACP_PD_ELASTICITY) != 0, m->elasticity = c->elasticity;
    m->has_velocity = (c->flags & ACP_PD_VELOCITY) != 0;
    m->velocity[0] = c->velocity.x, m->velocity[1] = c->velocity.y, m->velocity[2] = c->velocity.z;
    m->parent = (c->flags & ACP_PD_PARENT) ? c->parent : 0;
    memcpy(m->timestamps, c->timestamps, sizeof m->timestamps);
}

/* The run rate of a Run skill (ACE's MovementSystem.GetRunRate without burden: (s / (s + 200) · 11
 * + 4) / 4), the skill being Quickness + the skill's ranks + its initial level + 5 when trained
 * (advancement class 2) or 10 when specialized (3), as ACE's CreatureSkill counts it. 0 when not
 * known. The server's own UpdateMotion of the player's RunForward (or a move-to's run rate), when
 * the capture has one, gives the rate it computed and is taken instead
 * (acp_net_player_inputs_find). */
static float run_rate(const acp_msg_player_description *pd)
{
    const acp_net_attribute *q = &pd->attributes[ATTR_QUICKNESS];
    if (!pd->run.present || !q->present) return 0.0f;
    double bonus = pd->run.advancement_class == 3 ? 10.0 : pd->run.advancement_class == 2 ? 5.0 : 0.0;
    double skill = (double)q->start + (double)q->ranks + (double)pd->run.ranks + (double)pd->run.init_level + bonus;
    return (float)((skill / (skill + 200.0) * 11.0 + 4.0) / 4.0);
}

/* One decoded message → *m; false when the replay does not read it. */
static bool convert(const acp_net_message *nm, acp_replay_msg *m, acp_replay_capture *cap, acp_replay_read_info *info)
{
    const acp_game_msg *g = &nm->msg;
    memset(m, 0, sizeof *m);
    m->t = nm->t;
    bool c2s = nm->dir == ACP_NET_C2S;
    switch (g->kind) {
    case ACP_MSG_MOVE_TO_STATE:
        if (!c2s) return false;
        m->kind = ACP_REPLAY_MOVE_TO_STATE;
        m->pos = pos_of(&g->u.move_to_state.position);
        m->contact = g->u.move_to_state.contact;
        if (!raw_motion(&g->u.move_to_state.raw, &m->motion, &info->first_unknown)) info->unknown_commands++;
        return true;
    case ACP_MSG_AUTONOMOUS_POSITION:
        if (!c2s) return false;
        m->kind = ACP_REPLAY_AUTONOMOUS_POSITION;
        m->pos = pos_of(&g->u.autonomous_position.position);
        m->contact = g->u.autonomous_position.contact;
        return true;
    case ACP_MSG_JUMP:
        if (!c2s) return false;
        m->kind = ACP_REPLAY_JUMP;
        m->pos = pos_of(&g->u.jump.position);
        m->contact = true; /* a jump leaves the ground: the client was on it */
        m->jump_extent = g->u.jump.extent;
        m->has_velocity = true;
        m->velocity[0] = g->u.jump.velocity.x, m->velocity[1] = g->u.jump.velocity.y, m->velocity[2] = g->u.jump.velocity.z;
        return true;
    case ACP_MSG_CREATE_OBJECT:
        if (c2s) return false;
        m->kind = ACP_REPLAY_CREATE_OBJECT;
        create_object(&g->u.create_object, m);
        return true;
    case ACP_MSG_UPDATE_POSITION: {
        const acp_msg_update_position *u = &g->u.update_position;
        if (c2s) return false;
        m->kind = ACP_REPLAY_UPDATE_POSITION;
        m->guid = u->guid;
        m->pos = pos_of(&u->position);
        m->contact = u->grounded;
        m->has_velocity = u->has_velocity;
        m->velocity[0] = u->velocity.x, m->velocity[1] = u->velocity.y, m->velocity[2] = u->velocity.z;
        m->timestamps[0] = u->position_seq;
        m->timestamps[4] = u->teleport_seq;
        m->timestamps[6] = u->force_position_seq;
        m->timestamps[8] = u->instance_seq;
        m->has_placement = u->has_placement;
        m->placement = u->has_placement ? u->placement : 0u; /* PositionPack::UnPack: 0 without the flag */
        return true;
    }
    case ACP_MSG_UPDATE_MOTION: {
        const acp_msg_update_motion *u = &g->u.update_motion;
        if (c2s) return false;
        m->kind = ACP_REPLAY_UPDATE_MOTION;
        m->guid = u->guid;
        m->movement_type = u->movement.type;
        if (u->movement.type == ACP_MOVE_INTERPRETED) {
            if (!interpreted_motion(&u->movement.state, &m->motion, &info->first_unknown)) info->unknown_commands++;
            movement_header(&u->movement, &m->motion);
        } else {
            move_to(&u->movement, &m->move_to);
        }
        return true;
    }
    case ACP_MSG_VECTOR_UPDATE:
        if (c2s) return false;
        m->kind = ACP_REPLAY_VECTOR_UPDATE;
        m->guid = g->u.vector_update.guid;
        m->has_velocity = true;
        m->velocity[0] = g->u.vector_update.velocity.x, m->velocity[1] = g->u.vector_update.velocity.y;
        m->velocity[2] = g->u.vector_update.velocity.z;
        return true;
    case ACP_MSG_SET_STATE:
        if (c2s) return false;
        m->kind = ACP_REPLAY_SET_STATE;
        m->guid = g->u.set_state.guid;
        m->has_state = true;
        m->physics_state = g->u.set_state.state;
        return true;
    case ACP_MSG_PLAYER_TELEPORT:
        if (c2s) return false;
        m->kind = ACP_REPLAY_PLAYER_TELEPORT;
        return true;
    case ACP_MSG_PLAYER_DESCRIPTION:
        if (!c2s && run_rate(&g->u.player_description) > 0.0f) cap->run_rate = run_rate(&g->u.player_description);
        return false;
    default:
        return false;
    }
}

static void note_problem(acp_replay_read_info *info, const acp_net_diags *d)
{
    if (info->first_problem[0] || !d->count) return;
    acp_net_diag_format(&d->items[0], info->first_problem, sizeof info->first_problem);
}

bool acp_replay_capture_read(const uint8_t *bytes, size_t size, acp_replay_capture *cap, acp_replay_read_info *info,
                             char *msg, size_t msg_size)
{
    memset(cap, 0, sizeof *cap);
    memset(info, 0, sizeof *info);
    acp_capture file = {0};
    acp_net_status st = acp_capture_read(bytes, size, NULL, &file);
    if (st != ACP_NET_OK) {
        if (st == ACP_NET_ERR_CAPTURE_FORMAT) snprintf(msg, msg_size, "%s", acp_net_status_string(st)); /* says it all */
        else snprintf(msg, msg_size, "not a capture (JSONL, pcap or pcapng): %s", acp_net_status_string(st));
        acp_capture_free(&file);
        return false;
    }
    note_problem(info, &file.diags);
    for (size_t i = 0; i < file.diags.count; i++) info->unreadable += file.diags.items[i].where == ACP_NET_AT_FILE;
    if (!file.count) {
        if (file.skipped)
            snprintf(msg, msg_size, "the capture holds no AC datagram: none of its %zu packet%s is UDP to or from ports "
                     "%u-%u (the AC server's)%s%s", file.skipped, file.skipped == 1 ? "" : "s", ACP_CAPTURE_PORT_MIN,
                     ACP_CAPTURE_PORT_MAX,
                     info->first_problem[0] ? "; the first problem: " : "", info->first_problem);
        else
            snprintf(msg, msg_size, "the capture holds no datagram%s%s", info->first_problem[0] ? "; the first problem: " : "",
                     info->first_problem);
        acp_capture_free(&file);
        return false;
    }
    acp_net_stream s = {0};
    st = acp_net_decode(file.datagrams, file.count, &s);
    double *times = st == ACP_NET_OK ? malloc(file.count * sizeof *times) : NULL;
    cap->msgs = st == ACP_NET_OK ? calloc(s.count ? s.count : 1, sizeof *cap->msgs) : NULL;
    if (!times || !cap->msgs) {
        snprintf(msg, msg_size, "%s", st == ACP_NET_OK ? "out of memory" : acp_net_status_string(st));
        free(times);
        acp_net_stream_free(&s);
        acp_capture_free(&file);
        acp_replay_capture_free(cap);
        return false;
    }
    for (size_t i = 0; i < file.count; i++) times[i] = file.datagrams[i].t;
    cap->times = times;
    cap->num_times = (uint32_t)file.count;
    info->datagrams = file.count;
    info->messages = s.count;
    info->bad_checksums = s.stats.checksum_bad;
    info->lost = s.stats.lost;
    info->bad_messages = s.stats.bad_messages;
    note_problem(info, &s.diags);
    for (size_t i = 0; i < s.count; i++) {
        if (s.messages[i].status != ACP_NET_OK) continue;
        if (convert(&s.messages[i], &cap->msgs[cap->num_msgs], cap, info)) cap->num_msgs++;
    }
    cap->player = s.player_guid;
    acp_net_player_inputs inputs;
    acp_net_player_inputs_find(&s, &inputs);
    if (inputs.has_run_rate && inputs.run_rate > 0.0f) cap->run_rate = inputs.run_rate;
    acp_net_stream_free(&s);
    acp_capture_free(&file);
    return true;
}

void acp_replay_capture_free(acp_replay_capture *cap)
{
    free(cap->msgs);
    free((void *)cap->times);
    memset(cap, 0, sizeof *cap);
}
