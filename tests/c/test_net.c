/* The network layer's pure parts (src/net): ISAAC, Hash32, the datagram parser and the game
 * messages, each against values derived by hand from the published layouts. */
#include "test.h"

#include <stdlib.h>

#include "dat/reader.h"
#include "net_test_util.h"
/* The physics' motion headers with the network's in one file: no name is defined twice (the
 * wire's motion states are acp_net_*, the physics' acp_raw_motion_state and
 * acp_interpreted_motion_state; RunForward's low 16 bits are ACP_NET_RUN_FORWARD, the physics'
 * whole command ACP_MOTION_RUN_FORWARD). */
#include "physics/anim/motion_interp.h"
#include "physics/anim/motion_table.h"

/* ---- ISAAC ---- */

static void isaac_matches_jenkins_vectors(void)
{
    /* With seed 0, AC's setup is Jenkins' randinit(flag TRUE) over an all-zero randrsl (a = b = c
     * = 0), and words are handed out from the end of each block: word 256 + k is the k-th from
     * last of the second generated block, the first block of Jenkins' randvect.txt (whose first
     * sixteen words are below, as published with ISAAC and reproduced by BouncyCastle's test). */
    static const uint32_t randvect[16] = {
        0xf650e4c8u, 0xe448e96du, 0x98db2fb4u, 0xf5fad54fu, 0x433f1afbu, 0xedec154au, 0xd8370487u, 0x46ca4f9au,
        0x5de3743eu, 0x88381097u, 0xf1d444ebu, 0x823cedb6u, 0x6a83e1e0u, 0x4a5f6355u, 0xc7442433u, 0x25890e2eu,
    };
    acp_isaac s;
    acp_isaac_seed(&s, 0);
    uint32_t words[512];
    for (int i = 0; i < 512; i++) words[i] = acp_isaac_next(&s);
    for (int j = 0; j < 16; j++) ENSURE_EQ(words[511 - j], randvect[j]);
    /* A seed enters as a, b and c: the first word already differs. */
    acp_isaac t;
    acp_isaac_seed(&t, 1);
    ENSURE(acp_isaac_next(&t) != words[0]);
}

/* ---- Hash32 and the checksum ---- */

static void hash32_by_hand(void)
{
    /* (5 << 16) + 0x04030201 + (0x05 << 24) */
    const uint8_t five[] = {1, 2, 3, 4, 5};
    ENSURE_EQ(acp_hash32(five, 5), 0x09080201u);
    /* Tail of three: the bytes land at bits 24, 16 and 8. */
    const uint8_t seven[] = {0, 0, 0, 0, 0xAA, 0xBB, 0xCC};
    ENSURE_EQ(acp_hash32(seven, 7), (7u << 16) + 0xAA000000u + 0x00BB0000u + 0x0000CC00u);
    ENSURE_EQ(acp_hash32(NULL, 0), 0);
    /* Sums wrap modulo 2^32. */
    const uint8_t ff[] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
    ENSURE_EQ(acp_hash32(ff, 8), (uint32_t)((8u << 16) + 0xFFFFFFFEu));
}

/* A datagram with one optional header, the AckSequence (flag 0x4000), its checksum by hand:
 * header hash = (20 << 16) + 1 + 0x4000 + 0xBADD70DD + 0 + 4 = 0xBAF1B0E2; body = (4 << 16) +
 * 5 = 0x40005; plain checksum = 0xBAF5B0E7. */
static void checksum_by_hand(void)
{
    uint8_t d[24] = {0};
    acp_put_u32(d, 1);
    acp_put_u32(d + 4, ACP_PKT_ACK_SEQUENCE);
    acp_put_u32(d + 8, 0xBAF5B0E7u);
    acp_put_u16(d + 16, 4);
    acp_put_u32(d + 20, 5);
    acp_packet p;
    acp_net_diag err;
    ENSURE_EQ(acp_packet_parse(d, sizeof d, &p, &err), ACP_NET_OK);
    ENSURE(p.has_ack);
    ENSURE_EQ(p.ack_sequence, 5);
    uint32_t hh, bh;
    acp_packet_hashes(d, sizeof d, &p, &hh, &bh);
    ENSURE_EQ(hh, 0xBAF1B0E2u);
    ENSURE_EQ(bh, 0x40005u);
    ENSURE_EQ(acp_packet_checksum(hh, bh, 0), 0xBAF5B0E7u);
    /* Keyed: header + (body XOR key). */
    ENSURE_EQ(acp_packet_checksum(hh, bh, 0xFFFFFFFFu), (uint32_t)(0xBAF1B0E2u + (0x40005u ^ 0xFFFFFFFFu)));
    /* The builder writes the same bytes. */
    acp_packet_header h = {1, ACP_PKT_ACK_SEQUENCE, 0, 0, 0, 0, 0};
    uint8_t opt[4], out[64];
    acp_put_u32(opt, 5);
    ENSURE_EQ(acp_packet_build(&h, opt, 4, NULL, NULL, 0, 0, out, sizeof out), 24);
    ENSURE(memcmp(out, d, 24) == 0);
    ENSURE_EQ(acp_packet_build(&h, opt, 4, NULL, NULL, 0, 0, out, 23), 0); /* does not fit */
}

static void connect_request_fields(void)
{
    acp_net_writer w;
    acp_net_writer_init(&w, 0x0B);
    ENSURE_EQ(acp_net_writer_connect(&w, 2.5, 0x1122334455667788ull, 0xAAAA0001u, 0xBBBB0002u), ACP_NET_OK);
    ENSURE_EQ(w.count, 1);
    ENSURE_EQ(w.datagrams[0].len, 52);
    acp_packet p;
    ENSURE_EQ(acp_packet_parse(w.datagrams[0].data, 52, &p, NULL), ACP_NET_OK);
    ENSURE(p.has_connect_request);
    ENSURE_DBITS(p.connect_request.server_time, 2.5);
    ENSURE(p.connect_request.cookie == 0x1122334455667788ull);
    ENSURE_EQ(p.connect_request.seed_c2s, 0xAAAA0001u);
    ENSURE_EQ(p.connect_request.seed_s2c, 0xBBBB0002u);
    ENSURE_EQ(p.header.flags, ACP_PKT_CONNECT_REQUEST); /* the connect itself is plain */
    ENSURE_EQ(p.header.id, 0x0B);
    acp_net_writer_free(&w);
}

/* Every way a datagram can be malformed, each at its field's first byte. */
static void malformed_datagrams(void)
{
    uint8_t frag_msg[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    acp_fragment f = {1, 0x80000001u, 1, 0, 0, 4, 0, frag_msg};
    uint16_t size = 8;
    acp_packet_header h = {3, 0, 0, 0x0B, 0, 0, 0};
    uint8_t d[64];
    size_t n = acp_packet_build(&h, NULL, 0, &f, &size, 1, 0, d, sizeof d);
    ENSURE_EQ(n, 44);
    acp_packet p;
    acp_net_diag err;
    ENSURE_EQ(acp_packet_parse(d, n, &p, &err), ACP_NET_OK);
    ENSURE_EQ(p.fragment_count, 1);
    ENSURE_EQ(p.fragments[0].at, 20);

    /* Truncated inside the header: the checksum field (bytes 8..11) is the first one cut. */
    ENSURE_EQ(acp_packet_parse(d, 10, &p, &err), ACP_NET_ERR_TRUNCATED);
    ENSURE_EQ(err.offset, 8);
    ENSURE(!strcmp(err.field, "header.checksum"));
    ENSURE_EQ(err.where, ACP_NET_AT_DATAGRAM);
    /* Cut after the header: the size field disagrees. */
    ENSURE_EQ(acp_packet_parse(d, 30, &p, &err), ACP_NET_ERR_SIZE_MISMATCH);
    ENSURE_EQ(err.offset, 16);
    ENSURE(!strcmp(err.field, "header.size"));
    /* Cut inside the fragment header with the size fixed: the fragment's count field. */
    uint8_t c[64];
    memcpy(c, d, n);
    acp_put_u16(c + 16, 9);
    ENSURE_EQ(acp_packet_parse(c, 29, &p, &err), ACP_NET_ERR_TRUNCATED);
    ENSURE_EQ(err.offset, 28);
    ENSURE(!strcmp(err.field, "fragment.count"));
    /* A fragment size below 16 and one past the end. */
    memcpy(c, d, n);
    acp_put_u16(c + 30, 15);
    ENSURE_EQ(acp_packet_parse(c, n, &p, &err), ACP_NET_ERR_FRAGMENT_SIZE);
    ENSURE_EQ(err.offset, 30);
    acp_put_u16(c + 30, 25);
    ENSURE_EQ(acp_packet_parse(c, n, &p, &err), ACP_NET_ERR_FRAGMENT_SIZE);
    ENSURE(!strcmp(err.field, "fragment.size"));
    /* Count 0; index not below count. */
    memcpy(c, d, n);
    acp_put_u16(c + 28, 0);
    ENSURE_EQ(acp_packet_parse(c, n, &p, &err), ACP_NET_ERR_FRAGMENT_COUNT);
    ENSURE_EQ(err.offset, 28);
    ENSURE(!strcmp(err.field, "fragment.count"));
    memcpy(c, d, n);
    acp_put_u16(c + 32, 1);
    ENSURE_EQ(acp_packet_parse(c, n, &p, &err), ACP_NET_ERR_FRAGMENT_COUNT);
    ENSURE_EQ(err.offset, 32);
    ENSURE(!strcmp(err.field, "fragment.index"));
    /* A retransmit request whose list is longer than the bytes. */
    uint8_t opt[4];
    acp_put_u32(opt, 1000);
    acp_packet_header hr = {3, ACP_PKT_REQUEST_RETRANSMIT, 0, 0, 0, 0, 0};
    size_t nr = acp_packet_build(&hr, opt, 4, NULL, NULL, 0, 0, c, sizeof c);
    ENSURE_EQ(acp_packet_parse(c, nr, &p, &err), ACP_NET_ERR_COUNT);
    ENSURE_EQ(err.offset, 20);
    ENSURE(!strcmp(err.field, "optional.request_retransmit.count"));
    /* Bytes after the optional headers of a datagram without fragments. */
    acp_packet_header ha = {3, ACP_PKT_ACK_SEQUENCE, 0, 0, 0, 0, 0};
    uint8_t opt8[8] = {5, 0, 0, 0, 9, 9, 9, 9};
    size_t na = acp_packet_build(&ha, opt8, 8, NULL, NULL, 0, 0, c, sizeof c);
    ENSURE_EQ(acp_packet_parse(c, na, &p, &err), ACP_NET_ERR_TRAILING_BYTES);
    ENSURE_EQ(err.offset, 24);
    /* 33 empty fragments: the 33rd is past the limit, at its header (20 + 32 × 16). */
    acp_fragment many[33];
    uint16_t zero[33];
    for (int i = 0; i < 33; i++) {
        many[i] = (acp_fragment){(uint32_t)i, (uint32_t)i, 1, 0, 0, 4, 0, NULL};
        zero[i] = 0;
    }
    uint8_t big33[20 + 33 * 16];
    size_t n33 = acp_packet_build(&h, NULL, 0, many, zero, 33, 0, big33, sizeof big33);
    ENSURE_EQ(n33, sizeof big33);
    ENSURE_EQ(acp_packet_parse(big33, n33, &p, &err), ACP_NET_ERR_LIMIT);
    ENSURE_EQ(err.offset, 20 + 32 * 16);
    ENSURE(!strcmp(err.field, "fragment"));
    size_t n32 = acp_packet_build(&h, NULL, 0, many, zero, 32, 0, big33, sizeof big33);
    ENSURE_EQ(acp_packet_parse(big33, n32, &p, &err), ACP_NET_OK);
    ENSURE_EQ(p.fragment_count, 32);
    /* Too long a datagram. */
    static uint8_t big[ACP_NET_MAX_DATAGRAM + 1];
    ENSURE_EQ(acp_packet_parse(big, sizeof big, &p, &err), ACP_NET_ERR_TOO_LARGE);
    /* the warning a user reads says how long a datagram may be, not only the constant's name */
    ENSURE(!strcmp(err.message, "the datagram is longer than 1024 bytes, the most an AC datagram holds (ACP_NET_MAX_DATAGRAM)"));
}

/* ---- messages ---- */

static size_t encode(const acp_game_msg *m, uint8_t *buf, size_t cap)
{
    size_t need = 0;
    size_t n = acp_msg_encode(m, buf, cap, &need);
    ENSURE_EQ(n, need);
    return n;
}

/* Encode, decode, re-encode: the same bytes; the decoded kind and envelope. */
static acp_game_msg round_trip(acp_msg_kind kind, size_t want_size)
{
    acp_game_msg m = net_test_sample(kind), back;
    uint8_t a[512], b[512];
    size_t n = encode(&m, a, sizeof a);
    ENSURE_EQ(n, want_size);
    acp_net_diag err;
    ENSURE_EQ(acp_msg_decode(a, n, &back, &err), ACP_NET_OK);
    ENSURE_EQ(back.kind, kind);
    ENSURE_EQ(back.opcode, m.opcode);
    ENSURE_EQ(back.action, m.action);
    ENSURE_EQ(back.sequence, m.sequence);
    ENSURE_EQ(encode(&back, b, sizeof b), n);
    ENSURE(memcmp(a, b, n) == 0);
    return back;
}

static void position_equals_sample(const acp_net_position *p)
{
    ENSURE_EQ(p->cell, 0xA9B4002Au);
    ENSURE_FBITS(p->origin.x, 126.5f);
    ENSURE_FBITS(p->origin.y, 37.25f);
    ENSURE_FBITS(p->origin.z, 94.0f);
    ENSURE_FBITS(p->qw, 0.6f);
    ENSURE_FBITS(p->qz, -0.8f);
}

/* The sizes follow from the layouts (messages.h); those the retail capture also shows are
 * noted: MoveToState with a hold key and a forward command 68, AutonomousPosition 56, Jump 68,
 * UpdatePosition with flags 0x34 44, UpdateMotion with a forward command and speed 32,
 * VectorUpdate 36, SetState 16, PlayerCreate 8. */
static void client_messages_round_trip(void)
{
    /* 12 envelope + 4 raw word + 4 × 4 fields + 8 item + 32 position + 8 sequences + 1, padded */
    acp_game_msg m = round_trip(ACP_MSG_MOVE_TO_STATE, 84);
    const acp_msg_move_to_state *x = &m.u.move_to_state;
    ENSURE_EQ(x->raw.flags, 0x505);
    ENSURE_EQ(x->raw.current_holdkey, 2);
    ENSURE_EQ(x->raw.forward_command, 0x45000005u);
    ENSURE_EQ(x->raw.turn_command, 0x6500000Eu);
    ENSURE_FBITS(x->raw.turn_speed, 0.5f);
    ENSURE_EQ(x->raw.item_count, 1);
    ENSURE_EQ(x->raw.items[0].command, 5);
    ENSURE_EQ(x->raw.items[0].sequence, 17);
    position_equals_sample(&x->position);
    ENSURE_EQ(x->seq.instance, 90);
    ENSURE_EQ(x->seq.force_position, 2);
    ENSURE(x->contact && x->standing_long_jump);

    m = round_trip(ACP_MSG_AUTONOMOUS_POSITION, 56);
    position_equals_sample(&m.u.autonomous_position.position);
    ENSURE(m.u.autonomous_position.contact);

    m = round_trip(ACP_MSG_JUMP, 68);
    ENSURE_FBITS(m.u.jump.extent, 0.508685f);
    ENSURE_FBITS(m.u.jump.velocity.z, 3.545640f);
    position_equals_sample(&m.u.jump.position);
    ENSURE_EQ(m.u.jump.seq.server_control, 3);

    /* The retail size of a MoveToState with a hold key and a forward command: 68. */
    acp_game_msg r = net_test_sample(ACP_MSG_MOVE_TO_STATE);
    r.u.move_to_state.raw.flags = ACP_RAW_CURRENT_HOLDKEY | ACP_RAW_FORWARD_COMMAND;
    r.u.move_to_state.raw.item_count = 0;
    uint8_t buf[128];
    ENSURE_EQ(encode(&r, buf, sizeof buf), 68);
}

static void server_messages_round_trip(void)
{
    acp_game_msg m = round_trip(ACP_MSG_UPDATE_POSITION, 60);
    const acp_msg_update_position *p = &m.u.update_position;
    ENSURE(p->has_velocity && p->has_placement && p->grounded);
    ENSURE_FBITS(p->position.qx, 0.0f);
    ENSURE_FBITS(p->position.qz, -0.8f);
    ENSURE_FBITS(p->velocity.x, 4.0f);
    ENSURE_EQ(p->placement, 0x65);
    ENSURE_EQ(p->position_seq, 11);

    /* 16 header + 4 movement head + 4 state word + 6 commands + 8 speeds + 8 item, padded to
     * 48, + 4 sticky object */
    m = round_trip(ACP_MSG_UPDATE_MOTION, 52);
    const acp_movement *mv = &m.u.update_motion.movement;
    ENSURE_EQ(m.u.update_motion.movement_seq, 12);
    ENSURE(m.u.update_motion.autonomous);
    ENSURE_EQ(mv->state.forward_command, 7);
    ENSURE_FBITS(mv->state.forward_speed, 1.975806f);
    ENSURE_FBITS(mv->state.turn_speed, -1.5f);
    ENSURE_EQ(mv->state.items[0].sequence, 0x1234);
    ENSURE(mv->state.items[0].autonomous);
    ENSURE(mv->has_sticky_object);
    ENSURE_EQ(mv->sticky_object, 0x800005AAu);

    m = round_trip(ACP_MSG_VECTOR_UPDATE, 36);
    ENSURE_FBITS(m.u.vector_update.omega.z, 0.5f);
    m = round_trip(ACP_MSG_SET_STATE, 16);
    ENSURE_EQ(m.u.set_state.state, 0x00400408u);
    m = round_trip(ACP_MSG_PLAYER_TELEPORT, 8);
    ENSURE_EQ(m.u.player_teleport.teleport_seq, 6);
    m = round_trip(ACP_MSG_PARENT_EVENT, 24);
    ENSURE_EQ(m.u.parent_event.child, 0x80000501u);
    ENSURE_EQ(m.u.parent_event.child_position_seq, 7);
    m = round_trip(ACP_MSG_PLAYER_CREATE, 8);
    ENSURE_EQ(m.u.player_create.guid, NET_TEST_PLAYER);

    /* The retail UpdateMotion of a run: forward command and speed only, 32 bytes. */
    acp_game_msg r = net_test_sample(ACP_MSG_UPDATE_MOTION);
    r.u.update_motion.movement.flags = 0;
    r.u.update_motion.movement.state.flags = ACP_INTERP_FORWARD_COMMAND | ACP_INTERP_FORWARD_SPEED;
    r.u.update_motion.movement.state.item_count = 0;
    uint8_t buf[128];
    ENSURE_EQ(encode(&r, buf, sizeof buf), 32);
}

static void create_object_round_trip(void)
{
    /* 12 + 8 flags and state + 4 length + 36 movement + 4 autonomous + 32 position + 16 table
     * ids + 8 parent + 20 children + 16 scalars + 36 vectors + 8 script + 18 timestamps, padded */
    acp_game_msg m = round_trip(ACP_MSG_CREATE_OBJECT, 220);
    const acp_msg_create_object *c = &m.u.create_object;
    ENSURE_EQ(c->guid, NET_TEST_PLAYER);
    ENSURE_EQ(c->movement_size, 36);
    ENSURE(c->has_movement && c->movement_autonomous);
    ENSURE_FBITS(c->movement.state.forward_speed, 1.975806f);
    position_equals_sample(&c->position);
    ENSURE_EQ(c->setup, 0x02000001u);
    ENSURE_EQ(c->mtable, 0x09000001u);
    ENSURE_EQ(c->parent, 0x80000430u);
    ENSURE_EQ(c->child_count, 2);
    ENSURE_EQ(c->children[1], 0x80000502u);
    ENSURE_EQ(c->child_locations[1], 2);
    ENSURE_FBITS(c->scale, 1.25f);
    ENSURE_FBITS(c->acceleration.z, -9.8f);
    ENSURE_FBITS(c->default_script_intensity, 0.75f);
    ENSURE_EQ(c->timestamps[8], 108);

    /* The move-to and turn-to movements (types 6 to 9), inside UpdateMotion, sized as retail's
     * MovementManager::unpack_movement reads them: the target (6, 8), the origin without rotation
     * (16 bytes: Position::UnPackOrigin), MovementParameters::UnPackNet's 28 (6, 7) or 12 bytes
     * (8, 9), the run rate (6, 7); type 8's desired heading before its parameters. */
    static const struct { uint8_t type; size_t size; } kinds[] = {
        {ACP_MOVE_TO_OBJECT, 20 + 4 + 16 + 28 + 4}, {ACP_MOVE_TO_POSITION, 20 + 16 + 28 + 4},
        {ACP_MOVE_TURN_TO_OBJECT, 20 + 8 + 12}, {ACP_MOVE_TURN_TO_HEADING, 20 + 12},
    };
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        acp_game_msg u = net_test_sample(ACP_MSG_UPDATE_MOTION), back;
        acp_movement *mv = &u.u.update_motion.movement;
        mv->type = kinds[i].type;
        mv->flags = 0;
        mv->target = 0x80000777u;
        mv->origin.cell = 0xA9B40031u;
        mv->origin.origin = (acp_vec3){10.0f, 20.5f, 30.25f};
        mv->origin.qw = 1.0f; /* the origin carries no rotation: it reads back as the identity */
        mv->moveto = (acp_moveto_params){0x1EE0Fu, 0.6f, 0.0f, 3.4e38f, 1.0f, 15.0f, 90.0f};
        mv->run_rate = 2.82563f;
        mv->desired_heading = 180.0f;
        mv->turnto = (acp_turnto_params){0x1u, 1.5f, 270.0f};
        uint8_t buf[256];
        size_t n = encode(&u, buf, sizeof buf);
        ENSURE_EQ(n, kinds[i].size);
        ENSURE_EQ(acp_msg_decode(buf, n, &back, NULL), ACP_NET_OK);
        const acp_movement *b = &back.u.update_motion.movement;
        ENSURE_EQ(b->type, kinds[i].type);
        if (kinds[i].type == ACP_MOVE_TO_OBJECT || kinds[i].type == ACP_MOVE_TURN_TO_OBJECT)
            ENSURE_EQ(b->target, 0x80000777u);
        if (kinds[i].type <= ACP_MOVE_TO_POSITION) {
            ENSURE_EQ(b->origin.cell, 0xA9B40031u);
            ENSURE_FBITS(b->origin.origin.z, 30.25f);
            ENSURE_FBITS(b->origin.qw, 1.0f);
            ENSURE_FBITS(b->moveto.walk_run_threshold, 15.0f);
            ENSURE_FBITS(b->run_rate, 2.82563f);
        } else {
            ENSURE_FBITS(b->turnto.desired_heading, 270.0f);
        }
        if (kinds[i].type == ACP_MOVE_TURN_TO_OBJECT) ENSURE_FBITS(b->desired_heading, 180.0f);
    }
}

static void player_description_round_trip(void)
{
    /* 16 envelope + 16 flags, weenie type, vector flags, health + 4 attribute flags + 2 × 12 +
     * 4 table header + 2 × 32 */
    acp_game_msg m = round_trip(ACP_MSG_PLAYER_DESCRIPTION, 128);
    const acp_msg_player_description *d = &m.u.player_description;
    ENSURE_EQ(d->guid, NET_TEST_PLAYER);
    ENSURE(d->attributes[2].present && !d->attributes[0].present);
    ENSURE_EQ(d->attributes[2].start, 100);
    ENSURE_EQ(d->attributes[2].ranks, 10);
    ENSURE(d->run.present && d->jump.present);
    ENSURE_EQ(d->run.ranks, 5);
    ENSURE_EQ(d->run.init_level, 10);
    ENSURE_EQ(d->jump.ranks, 7);
    ENSURE_DBITS(d->jump.last_used, 0.25);

    /* Property tables before the vectors are skipped by their counts: a string table of one
     * entry ("Ab": u32 key, u16 2, 2 bytes, no padding since 2 + 2 is 4) and an int table. */
    uint8_t buf[256];
    size_t n = encode(&m, buf, sizeof buf);
    uint8_t t[300];
    memcpy(t, buf, 16);
    acp_put_u32(t + 16, 0x10 | 0x01);
    acp_put_u32(t + 20, 0);
    size_t pos = 24;
    acp_put_u16(t + pos, 1); acp_put_u16(t + pos + 2, 64); acp_put_u32(t + pos + 4, 25); acp_put_u32(t + pos + 8, 7);
    pos += 12;
    acp_put_u16(t + pos, 1); acp_put_u16(t + pos + 2, 16); acp_put_u32(t + pos + 4, 1);
    acp_put_u16(t + pos + 8, 2); t[pos + 10] = 'A'; t[pos + 11] = 'b';
    pos += 12;
    memcpy(t + pos, buf + 24, n - 24);
    acp_game_msg back;
    ENSURE_EQ(acp_msg_decode(t, pos + n - 24, &back, NULL), ACP_NET_OK);
    ENSURE_EQ(back.u.player_description.jump.ranks, 7);
    ENSURE_EQ(back.u.player_description.attributes[3].start, 60);
}

/* Decode bytes and check the status, offset and field of the failure. */
static void expect_fail(const uint8_t *b, size_t n, acp_net_status st, uint64_t at, const char *field,
                        acp_msg_kind kind)
{
    acp_game_msg m;
    acp_net_diag err;
    ENSURE_EQ(acp_msg_decode(b, n, &m, &err), st);
    ENSURE_EQ(err.offset, at);
    ENSURE_EQ(err.where, ACP_NET_AT_MESSAGE);
    if (strcmp(err.field, field) != 0) ENSURE(!strcmp(err.field, field));
    ENSURE_EQ(m.kind, kind);
}

static void malformed_messages(void)
{
    uint8_t b[512];
    acp_game_msg m = net_test_sample(ACP_MSG_MOVE_TO_STATE);
    size_t n = encode(&m, b, sizeof b);
    /* Shorter than its fields: the position starts at 40, its origin's x at 44. */
    expect_fail(b, 46, ACP_NET_ERR_TRUNCATED, 44, "move_to_state.position", ACP_MSG_MOVE_TO_STATE);
    expect_fail(b, 2, ACP_NET_ERR_TRUNCATED, 0, "opcode", ACP_MSG_OTHER);
    expect_fail(b, 10, ACP_NET_ERR_TRUNCATED, 8, "action.opcode", ACP_MSG_OTHER);
    /* Bytes left over. */
    memset(b + n, 0, 4);
    expect_fail(b, n + 4, ACP_NET_ERR_TRAILING_BYTES, n, "move_to_state.end", ACP_MSG_MOVE_TO_STATE);
    /* A motion list longer than the limit, and one longer than the bytes (at the packed word). */
    uint8_t c[512];
    memcpy(c, b, n);
    acp_put_u32(c + 12, 0x505u | 17u << 11);
    expect_fail(c, n, ACP_NET_ERR_LIMIT, 12, "move_to_state.raw.item_count", ACP_MSG_MOVE_TO_STATE);
    acp_put_u32(c + 12, 0x505u | 7u << 11);
    expect_fail(c, n, ACP_NET_ERR_COUNT, 12, "move_to_state.raw.item_count", ACP_MSG_MOVE_TO_STATE);
    /* A NaN turn speed (at 28: the word, hold key, forward command, turn command). */
    memcpy(c, b, n);
    acp_put_u32(c + 28, 0x7FC00000u);
    expect_fail(c, n, ACP_NET_ERR_FLOAT_NOT_FINITE, 28, "move_to_state.raw.turn_speed", ACP_MSG_MOVE_TO_STATE);

    /* UpdateMotion: a movement type the client does not read, at 16. */
    m = net_test_sample(ACP_MSG_UPDATE_MOTION);
    n = encode(&m, b, sizeof b);
    b[16] = 5;
    expect_fail(b, n, ACP_NET_ERR_MOVEMENT_TYPE, 16, "movement.type", ACP_MSG_UPDATE_MOTION);

    /* CreateObject: children count above the limit (at 120: 12 + 8 flags and state + 44 movement
     * + 32 position + 16 table ids + 8 parent), a movement length past the end (at 20). */
    m = net_test_sample(ACP_MSG_CREATE_OBJECT);
    n = encode(&m, b, sizeof b);
    memcpy(c, b, n);
    acp_put_u32(c + 120, ACP_MSG_MAX_CHILDREN + 1);
    expect_fail(c, n, ACP_NET_ERR_LIMIT, 120, "create_object.children.count", ACP_MSG_CREATE_OBJECT);
    memcpy(c, b, n);
    acp_put_u32(c + 20, 1000);
    expect_fail(c, n, ACP_NET_ERR_COUNT, 20, "create_object.movement.length", ACP_MSG_CREATE_OBJECT);
    /* A movement length shorter than its movement (10 of 36 bytes, from 24): the movement ends
     * inside its state, after the style (32..33), at the forward command. */
    memcpy(c, b, n);
    acp_put_u32(c + 20, 10);
    expect_fail(c, n, ACP_NET_ERR_TRUNCATED, 34, "movement.state.forward_command", ACP_MSG_CREATE_OBJECT);
    /* Cut in the timestamps. */
    expect_fail(b, 205, ACP_NET_ERR_TRUNCATED, 204, "create_object.physics.timestamps", ACP_MSG_CREATE_OBJECT);

    /* UpdatePosition cut in its velocity (at 36: 4 + 4 + 4 + 4 + 12 + qw and qz). */
    m = net_test_sample(ACP_MSG_UPDATE_POSITION);
    n = encode(&m, b, sizeof b);
    expect_fail(b, 38, ACP_NET_ERR_TRUNCATED, 36, "update_position.velocity", ACP_MSG_UPDATE_POSITION);

    /* PlayerDescription: a skills table claiming more entries than bytes (at 60). */
    m = net_test_sample(ACP_MSG_PLAYER_DESCRIPTION);
    n = encode(&m, b, sizeof b);
    acp_put_u16(b + 60, 3);
    expect_fail(b, n, ACP_NET_ERR_COUNT, 60, "player_description.skills.count", ACP_MSG_PLAYER_DESCRIPTION);

    /* Other opcodes are kept without reading; a GameAction of another action too. */
    uint8_t other[8] = {0xDE, 0xF7, 0, 0, 1, 2, 3, 4};
    acp_game_msg o;
    ENSURE_EQ(acp_msg_decode(other, 8, &o, NULL), ACP_NET_OK);
    ENSURE_EQ(o.kind, ACP_MSG_OTHER);
    ENSURE_EQ(o.opcode, 0xF7DEu);
}

static void status_names_and_format(void)
{
    ENSURE_EQ(ACP_NET_RUN_FORWARD, ACP_MOTION_RUN_FORWARD & 0xFFFFu);
    ENSURE(!strcmp(acp_net_status_name(ACP_NET_ERR_CHECKSUM), "ACP_NET_ERR_CHECKSUM"));
    ENSURE(!strcmp(acp_net_status_string(ACP_NET_STATUS_COUNT), "unknown status"));
    ENSURE(!strcmp(acp_msg_kind_name(ACP_MSG_JUMP), "Jump"));
    acp_net_diag d = {ACP_NET_ERR_CHECKSUM, acp_net_status_string(ACP_NET_ERR_CHECKSUM), "header.checksum",
                      ACP_NET_AT_DATAGRAM, 8, 12, 0, 0};
    char buf[200];
    ENSURE(!strcmp(acp_net_diag_format(&d, buf, sizeof buf),
                   "ACP_NET_ERR_CHECKSUM at datagram 12 offset 8 (field header.checksum): the datagram's checksum does not verify"));
    /* The list's cap: past it, problems are counted. */
    acp_net_diags list = {0};
    for (int i = 0; i < ACP_NET_MAX_DIAGS + 5; i++)
        acp_net_diags_add(&list, ACP_NET_ERR_HEX, ACP_NET_AT_FILE, -1, (uint64_t)i, "data");
    ENSURE_EQ(list.count, ACP_NET_MAX_DIAGS);
    ENSURE_EQ(list.dropped, 5);
    acp_net_diags_free(&list);
}

void suite_net_transport(void)
{
    RUN(isaac_matches_jenkins_vectors);
    RUN(hash32_by_hand);
    RUN(checksum_by_hand);
    RUN(connect_request_fields);
    RUN(malformed_datagrams);
    RUN(status_names_and_format);
}

void suite_net_messages(void)
{
    RUN(client_messages_round_trip);
    RUN(server_messages_round_trip);
    RUN(create_object_round_trip);
    RUN(player_description_round_trip);
    RUN(malformed_messages);
}
