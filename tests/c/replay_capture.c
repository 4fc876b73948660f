/* acphys C tests: a replay's messages written as a capture by the network layer's encoder
 * (src/net/writer.h): the bytes a capturing proxy would have saved of a client that did what the
 * messages say. */
#include "net/net.h"
#include "replay_capture.h"

#include <string.h>

#define HOLD_KEY_RUN 2u

static acp_net_position net_pos(const acp_replay_pos *p)
{
    return (acp_net_position){p->cell, {p->origin[0], p->origin[1], p->origin[2]}, p->q[0], p->q[1], p->q[2], p->q[3]};
}

static void raw_state(const acp_scenario_motion *m, acp_net_raw_motion_state *r)
{
    memset(r, 0, sizeof *r);
    if (m->hold_run) r->flags |= ACP_RAW_CURRENT_HOLDKEY, r->current_holdkey = HOLD_KEY_RUN;
    if (m->present & ACP_MOTION_FORWARD_COMMAND) r->flags |= ACP_RAW_FORWARD_COMMAND, r->forward_command = m->forward_command;
    if (m->present & ACP_MOTION_FORWARD_SPEED) r->flags |= ACP_RAW_FORWARD_SPEED, r->forward_speed = m->forward_speed;
    if (m->present & ACP_MOTION_TURN_COMMAND) r->flags |= ACP_RAW_TURN_COMMAND, r->turn_command = m->turn_command;
    if (m->present & ACP_MOTION_TURN_SPEED) r->flags |= ACP_RAW_TURN_SPEED, r->turn_speed = m->turn_speed;
}

/* One client report as its game message. */
static void report(const acp_replay_msg *m, uint32_t seq, acp_game_msg *g)
{
    memset(g, 0, sizeof *g);
    g->opcode = ACP_OP_GAME_ACTION;
    g->sequence = seq;
    if (m->kind == ACP_REPLAY_MOVE_TO_STATE) {
        g->kind = ACP_MSG_MOVE_TO_STATE;
        g->action = ACP_OP_MOVE_TO_STATE;
        raw_state(&m->motion, &g->u.move_to_state.raw);
        g->u.move_to_state.position = net_pos(&m->pos);
        g->u.move_to_state.contact = m->contact;
    } else if (m->kind == ACP_REPLAY_AUTONOMOUS_POSITION) {
        g->kind = ACP_MSG_AUTONOMOUS_POSITION;
        g->action = ACP_OP_AUTONOMOUS_POSITION;
        g->u.autonomous_position.position = net_pos(&m->pos);
        g->u.autonomous_position.contact = m->contact;
    } else {
        g->kind = ACP_MSG_JUMP;
        g->action = ACP_OP_JUMP;
        g->u.jump.extent = m->jump_extent;
        g->u.jump.position = net_pos(&m->pos);
    }
}

char *replay_test_capture(const acp_replay_msg *msgs, uint32_t n, uint32_t player, int format, size_t *size)
{
    acp_net_writer w;
    acp_net_writer_init(&w, 1);
    acp_net_writer_connect(&w, 0.0, 0x1122334455667788ull, 0x11111111u, 0x22222222u);
    acp_game_msg g;
    memset(&g, 0, sizeof g);
    g.kind = ACP_MSG_PLAYER_CREATE;
    g.opcode = ACP_OP_PLAYER_CREATE;
    g.u.player_create.guid = player;
    acp_net_writer_message(&w, ACP_NET_S2C, 0.0, 5, &g);
    /* the player's CreateObject: the humanoid at the first report */
    memset(&g, 0, sizeof g);
    g.kind = ACP_MSG_CREATE_OBJECT;
    g.opcode = ACP_OP_CREATE_OBJECT;
    acp_msg_create_object *c = &g.u.create_object;
    c->guid = player;
    c->flags = ACP_PD_SETUP | ACP_PD_MTABLE | ACP_PD_POSITION;
    c->state = 0x00400408u;
    c->setup = 0x02000001u;
    c->mtable = 0x09000001u;
    c->position = net_pos(&msgs[0].pos);
    acp_net_writer_message(&w, ACP_NET_S2C, 0.0, 5, &g);
    for (uint32_t i = 0; i < n; i++) {
        report(&msgs[i], i + 1, &g);
        acp_net_writer_message(&w, ACP_NET_C2S, msgs[i].t, 5, &g);
    }
    char *text = NULL;
    if (w.status == ACP_NET_OK && format == ACP_CAPTURE_JSONL) text = acp_capture_write_jsonl(w.datagrams, w.count, size);
    else if (w.status == ACP_NET_OK)
        text = (char *)acp_capture_write_pcap(w.datagrams, w.count, (acp_capture_format)format, 50000, 9000, size);
    acp_net_writer_free(&w);
    return text;
}
