/* Shared by the network tests: sample messages and a session (see net_test_util.h). */
#include "net_test_util.h"

#include <stdlib.h>
#include <string.h>

#include "dat/reader.h"

static acp_net_position sample_position(void)
{
    acp_net_position p = {0xA9B4002Au, {126.5f, 37.25f, 94.0f}, 0.6f, 0.0f, 0.0f, -0.8f};
    return p;
}

static acp_net_sequences sample_sequences(void)
{
    acp_net_sequences s = {90, 3, 1, 2};
    return s;
}

static acp_movement sample_movement(void)
{
    acp_movement m;
    memset(&m, 0, sizeof m);
    m.type = ACP_MOVE_INTERPRETED;
    m.flags = ACP_MOVE_FLAG_STICKY;
    m.current_style = 0x3D;
    m.state.flags = ACP_INTERP_CURRENT_STYLE | ACP_INTERP_FORWARD_COMMAND | ACP_INTERP_FORWARD_SPEED |
                    ACP_INTERP_TURN_COMMAND | ACP_INTERP_TURN_SPEED;
    m.state.current_style = 0x3D;
    m.state.forward_command = 0x07;
    m.state.forward_speed = 1.975806f;
    m.state.turn_command = 0x0D;
    m.state.turn_speed = -1.5f;
    m.state.item_count = 1;
    m.state.items[0] = (acp_motion_item){0x0003, 0x1234, true, 1.0f};
    m.has_sticky_object = true;
    m.sticky_object = 0x800005AAu;
    return m;
}

static void sample_create(acp_msg_create_object *c)
{
    c->guid = NET_TEST_PLAYER;
    c->flags = ACP_PD_SETUP | ACP_PD_MTABLE | ACP_PD_MOVEMENT | ACP_PD_POSITION | ACP_PD_STABLE |
               ACP_PD_PETABLE | ACP_PD_PARENT | ACP_PD_CHILDREN | ACP_PD_SCALE | ACP_PD_FRICTION |
               ACP_PD_ELASTICITY | ACP_PD_TRANSLUCENCY | ACP_PD_VELOCITY | ACP_PD_ACCELERATION |
               ACP_PD_OMEGA | ACP_PD_DEFAULT_SCRIPT | ACP_PD_DEFAULT_SCRIPT_INTENSITY;
    c->state = 0x00404410u;
    c->has_movement = true;
    c->movement = sample_movement();
    c->movement_autonomous = true;
    c->position = sample_position();
    c->mtable = 0x09000001u;
    c->stable = 0x20000001u;
    c->petable = 0x34000004u;
    c->setup = 0x02000001u;
    c->parent = 0x80000430u;
    c->parent_location = 1;
    c->child_count = 2;
    c->children[0] = 0x80000501u;
    c->child_locations[0] = 1;
    c->children[1] = 0x80000502u;
    c->child_locations[1] = 2;
    c->scale = 1.25f;
    c->friction = 0.5f;
    c->elasticity = 0.05f;
    c->translucency = 0.25f;
    c->velocity = (acp_vec3){1.0f, -2.0f, 3.5f};
    c->acceleration = (acp_vec3){0.0f, 0.0f, -9.8f};
    c->omega = (acp_vec3){0.0f, 0.0f, 1.5f};
    c->default_script = 0x33000001u;
    c->default_script_intensity = 0.75f;
    for (int i = 0; i < 9; i++) c->timestamps[i] = (uint16_t)(100 + i);
}

static void sample_description(acp_msg_player_description *d)
{
    d->guid = NET_TEST_PLAYER;
    d->attributes[2] = (acp_net_attribute){true, 10, 100, 1234};  /* quickness */
    d->attributes[3] = (acp_net_attribute){true, 0, 60, 0};       /* coordination */
    d->run = (acp_net_skill){true, 5, 1, 2, 500, 10, 0, 0.5};
    d->jump = (acp_net_skill){true, 7, 1, 3, 700, 10, 0, 0.25};
}

acp_game_msg net_test_sample(acp_msg_kind kind)
{
    acp_game_msg m;
    memset(&m, 0, sizeof m);
    m.kind = kind;
    switch (kind) {
    case ACP_MSG_MOVE_TO_STATE: {
        acp_msg_move_to_state *x = &m.u.move_to_state;
        m.opcode = ACP_OP_GAME_ACTION; m.action = ACP_OP_MOVE_TO_STATE; m.sequence = 7;
        x->raw.flags = ACP_RAW_CURRENT_HOLDKEY | ACP_RAW_FORWARD_COMMAND | ACP_RAW_TURN_COMMAND | ACP_RAW_TURN_SPEED;
        x->raw.current_holdkey = 2;
        x->raw.forward_command = 0x45000005u;
        x->raw.turn_command = 0x6500000Eu;
        x->raw.turn_speed = 0.5f;
        x->raw.item_count = 1;
        x->raw.items[0] = (acp_motion_item){0x0005, 17, false, 1.0f};
        x->position = sample_position();
        x->seq = sample_sequences();
        x->contact = true;
        x->standing_long_jump = true;
        break;
    }
    case ACP_MSG_AUTONOMOUS_POSITION:
        m.opcode = ACP_OP_GAME_ACTION; m.action = ACP_OP_AUTONOMOUS_POSITION; m.sequence = 8;
        m.u.autonomous_position.position = sample_position();
        m.u.autonomous_position.seq = sample_sequences();
        m.u.autonomous_position.contact = true;
        break;
    case ACP_MSG_JUMP:
        m.opcode = ACP_OP_GAME_ACTION; m.action = ACP_OP_JUMP; m.sequence = 9;
        m.u.jump.extent = 0.508685f;
        m.u.jump.velocity = (acp_vec3){0.0f, 0.0f, 3.545640f};
        m.u.jump.position = sample_position();
        m.u.jump.seq = sample_sequences();
        break;
    case ACP_MSG_CREATE_OBJECT:
        m.opcode = ACP_OP_CREATE_OBJECT;
        sample_create(&m.u.create_object);
        break;
    case ACP_MSG_PLAYER_CREATE:
        m.opcode = ACP_OP_PLAYER_CREATE;
        m.u.player_create.guid = NET_TEST_PLAYER;
        break;
    case ACP_MSG_UPDATE_POSITION: {
        acp_msg_update_position *x = &m.u.update_position;
        m.opcode = ACP_OP_UPDATE_POSITION;
        x->guid = NET_TEST_PLAYER;
        x->flags = ACP_UPOS_VELOCITY | ACP_UPOS_PLACEMENT | ACP_UPOS_GROUNDED | ACP_UPOS_NO_QX | ACP_UPOS_NO_QY;
        x->position = sample_position();
        x->has_velocity = x->has_placement = x->grounded = true;
        x->velocity = (acp_vec3){4.0f, 0.5f, 0.0f};
        x->placement = 0x65;
        x->instance_seq = 90; x->position_seq = 11; x->teleport_seq = 1; x->force_position_seq = 2;
        break;
    }
    case ACP_MSG_UPDATE_MOTION: {
        acp_msg_update_motion *x = &m.u.update_motion;
        m.opcode = ACP_OP_UPDATE_MOTION;
        x->guid = NET_TEST_PLAYER;
        x->instance_seq = 90; x->movement_seq = 12; x->server_control_seq = 3;
        x->autonomous = true;
        x->movement = sample_movement();
        break;
    }
    case ACP_MSG_VECTOR_UPDATE:
        m.opcode = ACP_OP_VECTOR_UPDATE;
        m.u.vector_update = (acp_msg_vector_update){NET_TEST_PLAYER, {0.0f, 0.0f, 3.54564f}, {0.0f, 0.0f, 0.5f}, 90, 4};
        break;
    case ACP_MSG_SET_STATE:
        m.opcode = ACP_OP_SET_STATE;
        m.u.set_state = (acp_msg_set_state){NET_TEST_PLAYER, 0x00400408u, 90, 5};
        break;
    case ACP_MSG_PLAYER_TELEPORT:
        m.opcode = ACP_OP_PLAYER_TELEPORT;
        m.u.player_teleport.teleport_seq = 6;
        break;
    case ACP_MSG_PARENT_EVENT:
        m.opcode = ACP_OP_PARENT_EVENT;
        m.u.parent_event = (acp_msg_parent_event){NET_TEST_PLAYER, 0x80000501u, 1, 0x65, 90, 7};
        break;
    case ACP_MSG_PLAYER_DESCRIPTION:
        m.opcode = ACP_OP_GAME_EVENT; m.action = ACP_EVENT_PLAYER_DESCRIPTION; m.sequence = 3;
        sample_description(&m.u.player_description);
        break;
    default:
        break;
    }
    return m;
}

acp_net_dir net_test_dir(acp_msg_kind kind)
{
    return kind == ACP_MSG_MOVE_TO_STATE || kind == ACP_MSG_AUTONOMOUS_POSITION || kind == ACP_MSG_JUMP
               ? ACP_NET_C2S : ACP_NET_S2C;
}

void net_test_long_message(uint8_t out[1000])
{
    acp_put_u32(out, 0xF7DEu);
    for (int i = 4; i < 1000; i++) out[i] = (uint8_t)(i * 7 + 3);
}

void net_test_session(acp_net_writer *w)
{
    acp_net_writer_init(w, 0x0B);
    acp_net_writer_connect(w, 0.0, 0x1122334455667788ull, NET_TEST_SEED_C2S, NET_TEST_SEED_S2C);
    double t = 0.25;
    for (int k = ACP_MSG_MOVE_TO_STATE; k < ACP_MSG_KIND_COUNT; k++, t += 0.25) {
        acp_game_msg m = net_test_sample((acp_msg_kind)k);
        acp_net_writer_message(w, net_test_dir((acp_msg_kind)k), t, 4, &m);
    }
    uint8_t big[1000];
    net_test_long_message(big);
    acp_net_writer_bytes(w, ACP_NET_S2C, t, 9, big, sizeof big);
}

const char net_test_bad_lines[] =
        "{\"t\": 0.5, \"dir\": \"c2s\", \"len\": 2, \"data\": \"0a0B\"}\n"
        "{\"t\": 1, \"dir\": \"c2s\", \"len\": 2, \"data\": \"abc\"}\n"
        "{\"t\": 1, \"dir\": \"up\", \"len\": 1, \"data\": \"ab\"}\n"
        "{\"t\": 1, \"dir\": \"c2s\", \"len\": 3, \"data\": \"abcd\"}\n"
        "{\"t\": 1, \"dir\": \"c2s\", \"len\": 2, \"data\": \"zz00\"}\n"
        "{\"t\": 1, \"dir\": \"c2s\", \"len\": 0}\n"
        "{\"t\": 1 \"dir\": \"c2s\"}\n"
        "\n"
        "{\"dir\": \"s2c\", \"note\": [1], \"t\": 2, \"len\": 0, \"data\": \"\"}\n"
        "{\"dir\": \"s2c\", \"note\": null, \"t\": 2.25, \"len\": 1, \"data\": \"FF\", \"x\": true}\r\n";

void net_list_add(net_list *l, const acp_datagram *src)
{
    if (l->n >= sizeof l->d / sizeof l->d[0] || src->len > ACP_NET_MAX_DATAGRAM) return;
    l->d[l->n] = *src;
    memcpy(l->bytes[l->n], src->data, src->len);
    l->d[l->n].data = l->bytes[l->n];
    l->n++;
}

net_list *net_list_of(const acp_net_writer *w)
{
    net_list *l = calloc(1, sizeof *l);
    if (!l) return NULL;
    for (size_t i = 0; i < w->count; i++) net_list_add(l, &w->datagrams[i]);
    return l;
}

uint32_t net_carried_key(const uint8_t *d, size_t n)
{
    acp_packet p;
    uint32_t hh, bh;
    if (acp_packet_parse(d, n, &p, NULL) != ACP_NET_OK) return 0;
    acp_packet_hashes(d, n, &p, &hh, &bh);
    return (p.header.checksum - hh) ^ bh;
}

bool net_reseal(uint8_t *d, size_t n, uint32_t key)
{
    acp_packet p;
    uint32_t hh, bh;
    if (acp_packet_parse(d, n, &p, NULL) != ACP_NET_OK) return false;
    acp_packet_hashes(d, n, &p, &hh, &bh);
    acp_put_u32(d + 8, acp_packet_checksum(hh, bh, key));
    return true;
}

/* Change fragment field `at` (a u16 in datagram i) and reseal with the key it carried. */
static void set_fragment_u16(net_list *l, size_t i, size_t at, uint16_t v)
{
    uint32_t key = net_carried_key(l->bytes[i], l->d[i].len);
    acp_put_u16(l->bytes[i] + at, v);
    net_reseal(l->bytes[i], l->d[i].len, key);
}

static void add_short_messages(acp_net_writer *w)
{
    acp_game_msg mts = net_test_sample(ACP_MSG_MOVE_TO_STATE);
    uint8_t b[1024];
    (void)acp_msg_encode(&mts, b, sizeof b, NULL);
    acp_net_writer_bytes(w, ACP_NET_C2S, 5.0, 4, b, 46);
    /* 255 animation part changes (3 bytes each) push the physics description to 780. */
    memset(b, 0, sizeof b);
    acp_put_u32(b, ACP_OP_CREATE_OBJECT);
    acp_put_u32(b + 4, 0x80000999u);
    b[8] = 0x11;
    b[11] = 255;
    for (int i = 0; i < 255; i++) {
        b[12 + 3 * i] = (uint8_t)i;
        acp_put_u16(b + 13 + 3 * i, 0x0123);
    }
    acp_put_u32(b + 780, ACP_PD_POSITION);
    acp_put_u32(b + 784, 0x408);
    acp_put_u32(b + 788, 0xA9B4002Au);
    acp_net_writer_bytes(w, ACP_NET_S2C, 5.5, 4, b, 798);
    acp_game_msg ap = net_test_sample(ACP_MSG_AUTONOMOUS_POSITION);
    acp_net_writer_message(w, ACP_NET_C2S, 6.0, 4, &ap);
}

net_list *net_variant(const char *name)
{
    acp_net_writer w;
    net_test_session(&w);
    if (!strcmp(name, "lost-fragment")) {
        acp_game_msg tp = net_test_sample(ACP_MSG_PLAYER_TELEPORT);
        acp_net_writer_message(&w, ACP_NET_S2C, 9.0, 4, &tp);
    } else if (!strcmp(name, "short-message")) {
        add_short_messages(&w);
    }
    net_list *l = net_list_of(&w);
    acp_net_writer_free(&w);
    if (!l) return NULL;
    if (!strcmp(name, "session") || !strcmp(name, "short-message")) return l;
    if (!strcmp(name, "out-of-order") || !strcmp(name, "lost-fragment")) {
        net_list *r = calloc(1, sizeof *r);
        if (!r) { free(l); return NULL; }
        bool lost = !strcmp(name, "lost-fragment");
        for (size_t i = 0; i < 13; i++) net_list_add(r, &l->d[i]);
        if (lost) {
            net_list_add(r, &l->d[13]);
            net_list_add(r, &l->d[15]);
            net_list_add(r, &l->d[16]);
        } else {
            net_list_add(r, &l->d[15]);
            net_list_add(r, &l->d[13]);
            net_list_add(r, &l->d[14]);
        }
        free(l);
        return r;
    }
    if (!strcmp(name, "retransmit")) {
        net_list_add(l, &l->d[5]);
        net_list_add(l, &l->d[2]);
        uint8_t *re = l->bytes[l->n - 1];
        uint32_t key = net_carried_key(re, l->d[l->n - 1].len);
        acp_put_u32(re + 4, acp_get_u32(re + 4) | ACP_PKT_RETRANSMISSION);
        net_reseal(re, l->d[l->n - 1].len, key);
        return l;
    }
    if (!strcmp(name, "bad-checksum")) {
        l->bytes[4][ACP_PKT_HEADER_SIZE + ACP_FRAGMENT_HEADER_SIZE + 5] ^= 0x40;
        return l;
    }
    if (!strcmp(name, "truncated-datagram")) {
        l->d[6].len = 10;
        l->d[9].len -= 3;
        return l;
    }
    if (!strcmp(name, "fragment-count-lies")) {
        set_fragment_u16(l, 14, 28, 4);
        return l;
    }
    free(l);
    return NULL;
}
