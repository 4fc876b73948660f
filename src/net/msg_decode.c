/* acphys — game message decoding: the envelopes, the client's movement messages and the server's
 * short object messages (see messages.h, which names the retail unpackers). */
#include <string.h>

#include "net/msg_read.h"

static const char *const kind_names[ACP_MSG_KIND_COUNT] = {
    "Other", "MoveToState", "AutonomousPosition", "Jump", "CreateObject", "PlayerCreate",
    "UpdatePosition", "UpdateMotion", "VectorUpdate", "SetState", "PlayerTeleport", "ParentEvent",
    "PlayerDescription",
};

const char *acp_msg_kind_name(acp_msg_kind kind)
{
    if ((unsigned)kind >= (unsigned)ACP_MSG_KIND_COUNT) return "Unknown";
    return kind_names[kind];
}

acp_net_status acp_msg_reader_status(const acp_reader *r)
{
    switch (r->status) {
    case ACP_DAT_OK: return ACP_NET_OK;
    case ACP_DAT_ERR_COUNT: return ACP_NET_ERR_COUNT;
    case ACP_DAT_ERR_LIMIT: return ACP_NET_ERR_LIMIT;
    case ACP_DAT_ERR_TRAILING_BYTES: return ACP_NET_ERR_TRAILING_BYTES;
    case ACP_DAT_ERR_FLOAT_NOT_FINITE: return ACP_NET_ERR_FLOAT_NOT_FINITE;
    case ACP_DAT_ERR_UNSUPPORTED_TYPE: return ACP_NET_ERR_MOVEMENT_TYPE;
    default: return ACP_NET_ERR_TRUNCATED;
    }
}

acp_net_position acp_msg_read_position(acp_reader *r, const char *field)
{
    acp_net_position p;
    p.cell = acp_reader_u32(r, field);
    p.origin = acp_reader_vec3_finite(r, field);
    p.qw = acp_reader_f32_finite(r, field);
    p.qx = acp_reader_f32_finite(r, field);
    p.qy = acp_reader_f32_finite(r, field);
    p.qz = acp_reader_f32_finite(r, field);
    return p;
}

acp_motion_item acp_msg_read_item(acp_reader *r, const char *field)
{
    acp_motion_item it;
    it.command = acp_reader_u16(r, field);
    uint16_t s = acp_reader_u16(r, field);
    it.sequence = s & 0x7FFF;
    it.autonomous = (s >> 15) != 0;
    it.speed = acp_reader_f32_finite(r, field);
    return it;
}

void acp_msg_expect_end(acp_reader *r, const char *field)
{
    if (acp_reader_ok(r) && r->pos != r->size) acp_reader_fail(r, ACP_DAT_ERR_TRAILING_BYTES, r->pos, field);
}

uint32_t acp_msg_check_items(acp_reader *r, uint32_t n, size_t at, const char *field)
{
    return acp_reader_check_count(r, n, 8, ACP_MSG_MAX_MOTION_ITEMS, at, field) ? n : 0;
}

static acp_net_sequences read_sequences(acp_reader *r, const char *field)
{
    acp_net_sequences s;
    s.instance = acp_reader_u16(r, field);
    s.server_control = acp_reader_u16(r, field);
    s.teleport = acp_reader_u16(r, field);
    s.force_position = acp_reader_u16(r, field);
    return s;
}

/* The RawMotionState's optional fields, in flag order: u32 for commands and hold keys, f32 for
 * speeds. */
static void read_raw_state(acp_reader *r, acp_net_raw_motion_state *s)
{
    size_t at = r->pos;
    uint32_t word = acp_reader_u32(r, "move_to_state.raw.flags");
    s->flags = word & 0x7FF;
    uint32_t n = word >> 11;
    uint32_t f = s->flags;
    if (f & ACP_RAW_CURRENT_HOLDKEY) s->current_holdkey = acp_reader_u32(r, "move_to_state.raw.current_holdkey");
    if (f & ACP_RAW_CURRENT_STYLE) s->current_style = acp_reader_u32(r, "move_to_state.raw.current_style");
    if (f & ACP_RAW_FORWARD_COMMAND) s->forward_command = acp_reader_u32(r, "move_to_state.raw.forward_command");
    if (f & ACP_RAW_FORWARD_HOLDKEY) s->forward_holdkey = acp_reader_u32(r, "move_to_state.raw.forward_holdkey");
    if (f & ACP_RAW_FORWARD_SPEED) s->forward_speed = acp_reader_f32_finite(r, "move_to_state.raw.forward_speed");
    if (f & ACP_RAW_SIDESTEP_COMMAND) s->sidestep_command = acp_reader_u32(r, "move_to_state.raw.sidestep_command");
    if (f & ACP_RAW_SIDESTEP_HOLDKEY) s->sidestep_holdkey = acp_reader_u32(r, "move_to_state.raw.sidestep_holdkey");
    if (f & ACP_RAW_SIDESTEP_SPEED) s->sidestep_speed = acp_reader_f32_finite(r, "move_to_state.raw.sidestep_speed");
    if (f & ACP_RAW_TURN_COMMAND) s->turn_command = acp_reader_u32(r, "move_to_state.raw.turn_command");
    if (f & ACP_RAW_TURN_HOLDKEY) s->turn_holdkey = acp_reader_u32(r, "move_to_state.raw.turn_holdkey");
    if (f & ACP_RAW_TURN_SPEED) s->turn_speed = acp_reader_f32_finite(r, "move_to_state.raw.turn_speed");
    s->item_count = acp_msg_check_items(r, n, at, "move_to_state.raw.item_count");
    for (uint32_t i = 0; i < s->item_count; i++) s->items[i] = acp_msg_read_item(r, "move_to_state.raw.items");
}

static void read_move_to_state(acp_reader *r, acp_msg_move_to_state *m)
{
    read_raw_state(r, &m->raw);
    m->position = acp_msg_read_position(r, "move_to_state.position");
    m->seq = read_sequences(r, "move_to_state.sequences");
    uint8_t b = acp_reader_u8(r, "move_to_state.contact");
    m->contact = (b & 1) != 0;
    m->standing_long_jump = (b & 2) != 0;
    acp_reader_align4(r, "move_to_state.padding");
    acp_msg_expect_end(r, "move_to_state.end");
}

static void read_autonomous_position(acp_reader *r, acp_msg_autonomous_position *m)
{
    m->position = acp_msg_read_position(r, "autonomous_position.position");
    m->seq = read_sequences(r, "autonomous_position.sequences");
    m->contact = (acp_reader_u8(r, "autonomous_position.contact") & 1) != 0;
    acp_reader_align4(r, "autonomous_position.padding");
    acp_msg_expect_end(r, "autonomous_position.end");
}

static void read_jump(acp_reader *r, acp_msg_jump *m)
{
    m->extent = acp_reader_f32_finite(r, "jump.extent");
    m->velocity = acp_reader_vec3_finite(r, "jump.velocity");
    m->position = acp_msg_read_position(r, "jump.position");
    m->seq = read_sequences(r, "jump.sequences");
    acp_msg_expect_end(r, "jump.end");
}

static void read_update_position(acp_reader *r, acp_msg_update_position *m)
{
    m->guid = acp_reader_u32(r, "update_position.guid");
    uint32_t f = m->flags = acp_reader_u32(r, "update_position.flags");
    m->position.cell = acp_reader_u32(r, "update_position.cell");
    m->position.origin = acp_reader_vec3_finite(r, "update_position.origin");
    if (!(f & ACP_UPOS_NO_QW)) m->position.qw = acp_reader_f32_finite(r, "update_position.qw");
    if (!(f & ACP_UPOS_NO_QX)) m->position.qx = acp_reader_f32_finite(r, "update_position.qx");
    if (!(f & ACP_UPOS_NO_QY)) m->position.qy = acp_reader_f32_finite(r, "update_position.qy");
    if (!(f & ACP_UPOS_NO_QZ)) m->position.qz = acp_reader_f32_finite(r, "update_position.qz");
    m->has_velocity = (f & ACP_UPOS_VELOCITY) != 0;
    if (m->has_velocity) m->velocity = acp_reader_vec3_finite(r, "update_position.velocity");
    m->has_placement = (f & ACP_UPOS_PLACEMENT) != 0;
    if (m->has_placement) m->placement = acp_reader_u32(r, "update_position.placement");
    m->grounded = (f & ACP_UPOS_GROUNDED) != 0;
    m->instance_seq = acp_reader_u16(r, "update_position.instance_seq");
    m->position_seq = acp_reader_u16(r, "update_position.position_seq");
    m->teleport_seq = acp_reader_u16(r, "update_position.teleport_seq");
    m->force_position_seq = acp_reader_u16(r, "update_position.force_position_seq");
    acp_msg_expect_end(r, "update_position.end");
}

static void read_update_motion(acp_reader *r, acp_msg_update_motion *m)
{
    m->guid = acp_reader_u32(r, "update_motion.guid");
    m->instance_seq = acp_reader_u16(r, "update_motion.instance_seq");
    m->movement_seq = acp_reader_u16(r, "update_motion.movement_seq");
    m->server_control_seq = acp_reader_u16(r, "update_motion.server_control_seq");
    m->autonomous = acp_reader_u8(r, "update_motion.autonomous") != 0;
    acp_reader_align4(r, "update_motion.padding");
    acp_msg_read_movement(r, &m->movement);
    acp_msg_expect_end(r, "update_motion.end");
}

static void read_vector_update(acp_reader *r, acp_msg_vector_update *m)
{
    m->guid = acp_reader_u32(r, "vector_update.guid");
    m->velocity = acp_reader_vec3_finite(r, "vector_update.velocity");
    m->omega = acp_reader_vec3_finite(r, "vector_update.omega");
    m->instance_seq = acp_reader_u16(r, "vector_update.instance_seq");
    m->vector_seq = acp_reader_u16(r, "vector_update.vector_seq");
    acp_msg_expect_end(r, "vector_update.end");
}

static void read_set_state(acp_reader *r, acp_msg_set_state *m)
{
    m->guid = acp_reader_u32(r, "set_state.guid");
    m->state = acp_reader_u32(r, "set_state.state");
    m->instance_seq = acp_reader_u16(r, "set_state.instance_seq");
    m->state_seq = acp_reader_u16(r, "set_state.state_seq");
    acp_msg_expect_end(r, "set_state.end");
}

static void read_player_teleport(acp_reader *r, acp_msg_player_teleport *m)
{
    m->teleport_seq = acp_reader_u16(r, "player_teleport.teleport_seq");
    acp_reader_align4(r, "player_teleport.padding");
    acp_msg_expect_end(r, "player_teleport.end");
}

static void read_parent_event(acp_reader *r, acp_msg_parent_event *m)
{
    m->parent = acp_reader_u32(r, "parent_event.parent");
    m->child = acp_reader_u32(r, "parent_event.child");
    m->location = acp_reader_u32(r, "parent_event.location");
    m->placement = acp_reader_u32(r, "parent_event.placement");
    m->parent_instance_seq = acp_reader_u16(r, "parent_event.parent_instance_seq");
    m->child_position_seq = acp_reader_u16(r, "parent_event.child_position_seq");
    acp_msg_expect_end(r, "parent_event.end");
}

/* The GameAction's action opcode to its kind. */
static acp_msg_kind action_kind(uint32_t action)
{
    switch (action) {
    case ACP_OP_MOVE_TO_STATE: return ACP_MSG_MOVE_TO_STATE;
    case ACP_OP_AUTONOMOUS_POSITION: return ACP_MSG_AUTONOMOUS_POSITION;
    case ACP_OP_JUMP: return ACP_MSG_JUMP;
    default: return ACP_MSG_OTHER;
    }
}

static acp_msg_kind opcode_kind(uint32_t op)
{
    switch (op) {
    case ACP_OP_CREATE_OBJECT: return ACP_MSG_CREATE_OBJECT;
    case ACP_OP_PLAYER_CREATE: return ACP_MSG_PLAYER_CREATE;
    case ACP_OP_UPDATE_POSITION: return ACP_MSG_UPDATE_POSITION;
    case ACP_OP_UPDATE_MOTION: return ACP_MSG_UPDATE_MOTION;
    case ACP_OP_VECTOR_UPDATE: return ACP_MSG_VECTOR_UPDATE;
    case ACP_OP_SET_STATE: return ACP_MSG_SET_STATE;
    case ACP_OP_PLAYER_TELEPORT: return ACP_MSG_PLAYER_TELEPORT;
    case ACP_OP_PARENT_EVENT: return ACP_MSG_PARENT_EVENT;
    default: return ACP_MSG_OTHER;
    }
}

/* The opcode, the envelope when there is one, and the kind. */
static void read_envelope(acp_reader *r, acp_game_msg *out)
{
    out->opcode = acp_reader_u32(r, "opcode");
    if (!acp_reader_ok(r)) return;
    if (out->opcode == ACP_OP_GAME_ACTION) {
        out->sequence = acp_reader_u32(r, "action.sequence");
        out->action = acp_reader_u32(r, "action.opcode");
        out->kind = acp_reader_ok(r) ? action_kind(out->action) : ACP_MSG_OTHER;
    } else if (out->opcode == ACP_OP_GAME_EVENT) {
        uint32_t guid = acp_reader_u32(r, "event.guid");
        out->sequence = acp_reader_u32(r, "event.sequence");
        out->action = acp_reader_u32(r, "event.type");
        if (acp_reader_ok(r) && out->action == ACP_EVENT_PLAYER_DESCRIPTION) {
            out->kind = ACP_MSG_PLAYER_DESCRIPTION;
            out->u.player_description.guid = guid;
        }
    } else {
        out->kind = opcode_kind(out->opcode);
    }
}

static void read_body(acp_reader *r, acp_game_msg *out)
{
    switch (out->kind) {
    case ACP_MSG_MOVE_TO_STATE: read_move_to_state(r, &out->u.move_to_state); break;
    case ACP_MSG_AUTONOMOUS_POSITION: read_autonomous_position(r, &out->u.autonomous_position); break;
    case ACP_MSG_JUMP: read_jump(r, &out->u.jump); break;
    case ACP_MSG_CREATE_OBJECT: acp_msg_read_create_object(r, &out->u.create_object); break;
    case ACP_MSG_PLAYER_CREATE:
        out->u.player_create.guid = acp_reader_u32(r, "player_create.guid");
        acp_msg_expect_end(r, "player_create.end");
        break;
    case ACP_MSG_UPDATE_POSITION: read_update_position(r, &out->u.update_position); break;
    case ACP_MSG_UPDATE_MOTION: read_update_motion(r, &out->u.update_motion); break;
    case ACP_MSG_VECTOR_UPDATE: read_vector_update(r, &out->u.vector_update); break;
    case ACP_MSG_SET_STATE: read_set_state(r, &out->u.set_state); break;
    case ACP_MSG_PLAYER_TELEPORT: read_player_teleport(r, &out->u.player_teleport); break;
    case ACP_MSG_PARENT_EVENT: read_parent_event(r, &out->u.parent_event); break;
    case ACP_MSG_PLAYER_DESCRIPTION: acp_msg_read_player_description(r, &out->u.player_description); break;
    default: break;
    }
}

acp_net_status acp_msg_decode(const uint8_t *data, size_t n, acp_game_msg *out, acp_net_diag *err)
{
    if (!out || (!data && n)) return ACP_NET_ERR_ARGUMENT;
    memset(out, 0, sizeof *out);
    acp_reader r = acp_reader_make(data, n);
    read_envelope(&r, out);
    if (acp_reader_ok(&r)) read_body(&r, out);
    acp_net_status st = acp_msg_reader_status(&r);
    if (st != ACP_NET_OK && err) {
        memset(err, 0, sizeof *err);
        err->status = st;
        err->message = acp_net_status_string(st);
        err->field = r.err_field;
        err->where = ACP_NET_AT_MESSAGE;
        err->offset = r.err_pos;
        err->datagram = -1;
        err->opcode = out->opcode == ACP_OP_GAME_ACTION ? out->action : out->opcode;
    }
    return st;
}
