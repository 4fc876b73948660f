/* The network layer over whole captures (src/net/stream.h, capture.h): sessions written with the
 * project's own encoder, then reordered, repeated, cut, damaged, and read back. */
#include "test.h"

#include <stdlib.h>

#include "dat/reader.h"
#include "net_test_util.h"

/* The session's datagrams: 0 the ConnectRequest, 1..12 one message of each kind (kind k at
 * datagram k), 13..15 the three fragments of the 1000-byte message. */
enum { SESSION_DATAGRAMS = 16, LONG_FIRST = 13 };

static const acp_net_diag *diag(const acp_net_stream *s, size_t i)
{
    static const acp_net_diag none = {0};
    return i < s->diags.count ? &s->diags.items[i] : &none;
}

static void expect_diag(const acp_net_stream *s, size_t i, acp_net_status st, acp_net_where where, int32_t dg,
                        uint64_t offset, const char *field)
{
    const acp_net_diag *d = diag(s, i);
    ENSURE_EQ(d->status, st);
    ENSURE_EQ(d->where, where);
    ENSURE_EQ(d->datagram, dg);
    ENSURE_EQ(d->offset, offset);
    ENSURE(d->field && !strcmp(d->field, field));
}

static void session_decodes_every_kind(void)
{
    acp_net_writer w;
    net_test_session(&w);
    ENSURE_EQ(w.count, SESSION_DATAGRAMS);
    acp_net_stream s;
    ENSURE_EQ(acp_net_decode(w.datagrams, w.count, &s), ACP_NET_OK);
    ENSURE_EQ(s.diags.count, 0);
    ENSURE_EQ(s.stats.checksum_plain, 1);
    ENSURE_EQ(s.stats.checksum_isaac, 15);
    ENSURE_EQ(s.stats.checksum_bad, 0);
    ENSURE_EQ(s.stats.fragments, 15);
    ENSURE_EQ(s.stats.messages, 13);
    ENSURE_EQ(s.count, 13);
    ENSURE_EQ(s.player_guid, NET_TEST_PLAYER);
    ENSURE(s.has_connect_request);
    ENSURE_EQ(s.connect_request.seed_c2s, NET_TEST_SEED_C2S);
    for (int k = ACP_MSG_MOVE_TO_STATE; k < ACP_MSG_KIND_COUNT; k++) {
        acp_net_dir dir = net_test_dir((acp_msg_kind)k);
        ENSURE_EQ(s.stats.by_kind[k][dir], 1);
        ENSURE_EQ(s.stats.by_kind[k][!dir], 0);
        const acp_net_message *m = &s.messages[k - 1];
        ENSURE_EQ(m->msg.kind, k);
        ENSURE_EQ(m->datagram, k);
        ENSURE_DBITS(m->t, 0.25 * k);
        ENSURE_EQ(m->status, ACP_NET_OK);
    }
    ENSURE_EQ(s.stats.by_kind[ACP_MSG_OTHER][ACP_NET_S2C], 1);
    /* The three-fragment message, joined. */
    const acp_net_message *big = &s.messages[12];
    uint8_t want[1000];
    net_test_long_message(want);
    ENSURE_EQ(big->size, 1000);
    ENSURE(memcmp(big->data, want, 1000) == 0);
    ENSURE_EQ(big->fragment_count, 3);
    ENSURE_EQ(big->first_datagram, LONG_FIRST);
    ENSURE_EQ(big->datagram, LONG_FIRST + 2);
    ENSURE_EQ(big->group, 9);
    ENSURE_EQ(big->msg.opcode, 0xF7DEu);
    /* The keys are the streams' words in order: the client's first datagram carries the first
     * word of the stream seeded with seed_c2s, the server's first keyed one the first of seed_s2c's. */
    acp_isaac c2s, s2c;
    acp_isaac_seed(&c2s, NET_TEST_SEED_C2S);
    acp_isaac_seed(&s2c, NET_TEST_SEED_S2C);
    ENSURE_EQ(s.datagrams[0].checksum, ACP_CHECKSUM_PLAIN);
    ENSURE_EQ(s.datagrams[1].checksum, ACP_CHECKSUM_ISAAC);
    ENSURE_EQ(s.datagrams[1].key, acp_isaac_next(&c2s));
    ENSURE_EQ(s.datagrams[2].key, acp_isaac_next(&c2s));
    ENSURE_EQ(s.datagrams[4].key, acp_isaac_next(&s2c));
    ENSURE_EQ(s.datagrams[5].key, acp_isaac_next(&s2c));
    acp_net_stream_free(&s);
    acp_net_stream_free(&s); /* safe twice */
    acp_net_writer_free(&w);
}

static void fragments_out_of_order(void)
{
    /* The last fragment first, then the first, then the middle one. */
    net_list *r = net_variant("out-of-order");
    acp_net_stream s;
    ENSURE_EQ(acp_net_decode(r->d, r->n, &s), ACP_NET_OK);
    ENSURE_EQ(s.diags.count, 0);
    ENSURE_EQ(s.stats.checksum_isaac, 15); /* keys out of order, within the window */
    ENSURE_EQ(s.count, 13);
    uint8_t want[1000];
    net_test_long_message(want);
    ENSURE_EQ(s.messages[12].size, 1000);
    ENSURE(memcmp(s.messages[12].data, want, 1000) == 0);
    ENSURE_EQ(s.messages[12].first_datagram, 13);
    ENSURE_EQ(s.messages[12].datagram, 15);
    acp_net_stream_free(&s);
    free(r);
}

/* Two messages' fragments sharing datagrams (plain checksums, no connect): message 1 in two
 * fragments, its second first and beside message 2's only fragment. */
static void fragments_share_datagrams(void)
{
    const uint8_t m1[] = {0x4B, 0xF7, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0}; /* SetState: guid 1, state 2 ... */
    const uint8_t m1_tail[] = {3, 0, 4, 0};                            /* ... sequences 3 and 4 */
    const uint8_t m2[] = {0x46, 0xF7, 0, 0, 0x02, 0, 0, 0x50};         /* PlayerCreate 0x50000002 */
    acp_fragment a[2] = {{5, 0x80000005u, 2, 0, 1, 4, 0, m1_tail}, {6, 0x80000006u, 1, 0, 0, 4, 0, m2}};
    uint16_t as[2] = {sizeof m1_tail, sizeof m2};
    acp_fragment b[1] = {{5, 0x80000005u, 2, 0, 0, 4, 0, m1}};
    uint16_t bs[1] = {sizeof m1};
    acp_packet_header h = {1, 0, 0, 0x0B, 0, 0, 0};
    uint8_t d0[128], d1[128];
    size_t n0 = acp_packet_build(&h, NULL, 0, a, as, 2, 0, d0, sizeof d0);
    h.sequence = 2;
    size_t n1 = acp_packet_build(&h, NULL, 0, b, bs, 1, 0, d1, sizeof d1);
    acp_datagram dg[2] = {{0.0, ACP_NET_S2C, -1, (uint32_t)n0, d0, 0, 0}, {0.5, ACP_NET_S2C, -1, (uint32_t)n1, d1, 0, 0}};
    acp_net_stream s;
    ENSURE_EQ(acp_net_decode(dg, 2, &s), ACP_NET_OK);
    ENSURE_EQ(s.diags.count, 0);
    ENSURE_EQ(s.stats.checksum_plain, 2);
    ENSURE_EQ(s.count, 2);
    ENSURE_EQ(s.messages[0].msg.kind, ACP_MSG_PLAYER_CREATE);
    ENSURE_EQ(s.messages[0].datagram, 0);
    ENSURE_EQ(s.messages[1].msg.kind, ACP_MSG_SET_STATE);
    ENSURE_EQ(s.messages[1].datagram, 1);
    ENSURE_EQ(s.messages[1].first_datagram, 0);
    ENSURE_EQ(s.messages[1].msg.u.set_state.state, 2);
    ENSURE_EQ(s.messages[1].msg.u.set_state.state_seq, 4);
    ENSURE_EQ(s.player_guid, 0x50000002u);
    acp_net_stream_free(&s);
}

/* A fragment arriving twice, with other bytes the second time, while its message waits for its
 * other fragment: listed at the second one, the first bytes kept. */
static void conflicting_fragment(void)
{
    const uint8_t first[4] = {0x4B, 0xF7, 0, 0}, other[4] = {0x4C, 0xF7, 0, 0};
    const uint8_t rest[12] = {1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 4, 0};
    const uint8_t *parts[3] = {first, other, rest};
    uint8_t d[3][64];
    acp_datagram dg[3];
    for (int i = 0; i < 3; i++) {
        acp_fragment f = {5, 0x80000005u, 2, 0, (uint16_t)(i == 2 ? 1 : 0), 4, 0, parts[i]};
        uint16_t size = i == 2 ? 12 : 4;
        acp_packet_header h = {(uint32_t)(i + 1), 0, 0, 0x0B, 0, 0, 0};
        size_t n = acp_packet_build(&h, NULL, 0, &f, &size, 1, 0, d[i], sizeof d[i]);
        dg[i] = (acp_datagram){0.1 * i, ACP_NET_S2C, -1, (uint32_t)n, d[i], 0, 0};
    }
    acp_net_stream s;
    ENSURE_EQ(acp_net_decode(dg, 3, &s), ACP_NET_OK);
    ENSURE_EQ(s.diags.count, 1);
    expect_diag(&s, 0, ACP_NET_ERR_FRAGMENT_CONFLICT, ACP_NET_AT_DATAGRAM, 1, 20, "fragment.data");
    ENSURE_EQ(s.count, 1);
    ENSURE_EQ(s.messages[0].msg.kind, ACP_MSG_SET_STATE); /* 0xF74B: the first bytes */
    ENSURE_EQ(s.messages[0].msg.u.set_state.state_seq, 4);
    ENSURE_EQ(s.stats.retransmits, 0);
    acp_net_stream_free(&s);
}

/* A fragment claiming more fragments than a message may have (1025 > 1024): listed at its count,
 * and so is every later fragment of that message. */
static void fragment_count_over_the_limit(void)
{
    const uint8_t part[4] = {0xDE, 0xF7, 0, 0};
    uint8_t d[2][64];
    acp_datagram dg[2];
    for (int i = 0; i < 2; i++) {
        acp_fragment f = {7, 0x80000007u, ACP_NET_MAX_FRAGMENTS_PER_MESSAGE + 1, 0, (uint16_t)i, 4, 0, part};
        uint16_t size = sizeof part;
        acp_packet_header h = {(uint32_t)(i + 1), 0, 0, 0x0B, 0, 0, 0};
        size_t n = acp_packet_build(&h, NULL, 0, &f, &size, 1, 0, d[i], sizeof d[i]);
        dg[i] = (acp_datagram){0.1 * i, ACP_NET_S2C, -1, (uint32_t)n, d[i], 0, 0};
    }
    acp_net_stream s;
    ENSURE_EQ(acp_net_decode(dg, 2, &s), ACP_NET_OK);
    ENSURE_EQ(s.diags.count, 2);
    expect_diag(&s, 0, ACP_NET_ERR_LIMIT, ACP_NET_AT_DATAGRAM, 0, 28, "fragment.count");
    expect_diag(&s, 1, ACP_NET_ERR_LIMIT, ACP_NET_AT_DATAGRAM, 1, 28, "fragment.count");
    ENSURE_EQ(s.count, 0);
    ENSURE_EQ(s.stats.lost, 0);
    acp_net_stream_free(&s);
}

static void retransmitted_datagrams(void)
{
    /* An exact repeat of datagram 5, and datagram 2 again with the retransmission flag (its
     * checksum resealed with the key it first carried). */
    net_list *l = net_variant("retransmit");
    acp_net_stream s;
    ENSURE_EQ(acp_net_decode(l->d, l->n, &s), ACP_NET_OK);
    ENSURE_EQ(s.diags.count, 0);
    ENSURE_EQ(s.stats.retransmits, 2);
    ENSURE(s.datagrams[16].retransmit && s.datagrams[17].retransmit && !s.datagrams[5].retransmit);
    ENSURE_EQ(s.stats.checksum_isaac, 17);
    ENSURE_EQ(s.count, 13); /* nothing decoded twice */
    acp_net_stream_free(&s);
    /* A repeat of a sequence with different bytes and no flag is not a retransmission, and a key
     * that is no word of the window does not verify. */
    net_list_add(l, &l->d[6]);
    l->bytes[l->n - 1][ACP_PKT_HEADER_SIZE + ACP_FRAGMENT_HEADER_SIZE + 4] ^= 1;
    ENSURE(net_reseal(l->bytes[l->n - 1], l->d[l->n - 1].len, net_carried_key(l->bytes[6], l->d[6].len) ^ 0x55u));
    ENSURE_EQ(acp_net_decode(l->d, l->n, &s), ACP_NET_OK);
    ENSURE_EQ(s.stats.retransmits, 2);
    ENSURE_EQ(s.diags.count, 1);
    expect_diag(&s, 0, ACP_NET_ERR_CHECKSUM, ACP_NET_AT_DATAGRAM, 18, 8, "header.checksum");
    acp_net_stream_free(&s);
    free(l);
}

static void lost_fragment_is_named(void)
{
    /* The long message's middle fragment never arrives; a PlayerTeleport follows. */
    net_list *l = net_variant("lost-fragment");
    acp_net_stream s;
    ENSURE_EQ(acp_net_decode(l->d, l->n, &s), ACP_NET_OK);
    ENSURE_EQ(s.diags.count, 1);
    expect_diag(&s, 0, ACP_NET_ERR_FRAGMENT_LOST, ACP_NET_AT_MESSAGE, 13, 0, "fragment.index");
    ENSURE_EQ(s.stats.lost, 1);
    ENSURE_EQ(s.count, 13); /* the twelve kinds and the teleport after the loss */
    ENSURE_EQ(s.messages[12].msg.kind, ACP_MSG_PLAYER_TELEPORT);
    ENSURE_EQ(s.stats.checksum_isaac, 15); /* the lost datagram's key skipped over */
    acp_net_stream_free(&s);
    free(l);
}

/* Three messages each missing its second fragment, their ids falling while their datagrams
 * rise: named in the order of their first datagram. */
static void lost_messages_in_datagram_order(void)
{
    const uint8_t part[4] = {0xDE, 0xF7, 0, 0};
    uint8_t d[3][64];
    acp_datagram dg[3];
    for (int i = 0; i < 3; i++) {
        acp_fragment f = {(uint32_t)(9 - i), 0x80000000u | (uint32_t)(9 - i), 2, 0, 0, 4, 0, part};
        uint16_t size = sizeof part;
        acp_packet_header h = {(uint32_t)(i + 1), 0, 0, 0x0B, 0, 0, 0};
        size_t n = acp_packet_build(&h, NULL, 0, &f, &size, 1, 0, d[i], sizeof d[i]);
        dg[i] = (acp_datagram){0.1 * i, ACP_NET_S2C, -1, (uint32_t)n, d[i], 0, 0};
    }
    acp_net_stream s;
    ENSURE_EQ(acp_net_decode(dg, 3, &s), ACP_NET_OK);
    ENSURE_EQ(s.diags.count, 3);
    for (int i = 0; i < 3; i++)
        expect_diag(&s, (size_t)i, ACP_NET_ERR_FRAGMENT_LOST, ACP_NET_AT_MESSAGE, i, 0, "fragment.index");
    ENSURE_EQ(s.stats.lost, 3);
    ENSURE_EQ(s.count, 0);
    acp_net_stream_free(&s);
}

static void bad_checksums(void)
{
    /* A byte of datagram 4's message changed: its checksum no longer verifies; its message is
     * not used; the next datagrams verify. */
    net_list *l = net_variant("bad-checksum");
    acp_net_stream s;
    ENSURE_EQ(acp_net_decode(l->d, l->n, &s), ACP_NET_OK);
    ENSURE_EQ(s.diags.count, 1);
    expect_diag(&s, 0, ACP_NET_ERR_CHECKSUM, ACP_NET_AT_DATAGRAM, 4, 8, "header.checksum");
    ENSURE_EQ(s.datagrams[4].checksum, ACP_CHECKSUM_BAD);
    ENSURE_EQ(s.stats.checksum_bad, 1);
    ENSURE_EQ(s.stats.checksum_isaac, 14);
    ENSURE_EQ(s.count, 12);
    ENSURE_EQ(s.stats.by_kind[ACP_MSG_CREATE_OBJECT][ACP_NET_S2C], 0);
    acp_net_stream_free(&s);
    free(l);
    /* The ConnectRequest's plain checksum broken: no seeds, so every keyed datagram after it is
     * named ERR_NO_SEED. */
    l = net_variant("session");
    l->bytes[0][8] ^= 1;
    ENSURE_EQ(acp_net_decode(l->d, l->n, &s), ACP_NET_OK);
    ENSURE_EQ(s.diags.count, 16);
    expect_diag(&s, 0, ACP_NET_ERR_CHECKSUM, ACP_NET_AT_DATAGRAM, 0, 8, "header.checksum");
    expect_diag(&s, 1, ACP_NET_ERR_NO_SEED, ACP_NET_AT_DATAGRAM, 1, 8, "header.checksum");
    expect_diag(&s, 15, ACP_NET_ERR_NO_SEED, ACP_NET_AT_DATAGRAM, 15, 8, "header.checksum");
    ENSURE_EQ(s.count, 0);
    acp_net_stream_free(&s);
    free(l);
}

static void truncated_datagram(void)
{
    net_list *l = net_variant("truncated-datagram");
    acp_net_stream s;
    ENSURE_EQ(acp_net_decode(l->d, l->n, &s), ACP_NET_OK);
    ENSURE_EQ(s.diags.count, 2);
    expect_diag(&s, 0, ACP_NET_ERR_TRUNCATED, ACP_NET_AT_DATAGRAM, 6, 8, "header.checksum");
    expect_diag(&s, 1, ACP_NET_ERR_SIZE_MISMATCH, ACP_NET_AT_DATAGRAM, 9, 16, "header.size");
    ENSURE_EQ(s.stats.unparsed, 2);
    ENSURE(!s.datagrams[6].parsed);
    ENSURE_EQ(s.datagrams[6].checksum, ACP_CHECKSUM_UNCHECKED);
    ENSURE_EQ(s.count, 11);
    ENSURE_EQ(s.stats.checksum_isaac, 13);
    acp_net_stream_free(&s);
    free(l);
}

static void fragment_count_lies(void)
{
    /* The middle fragment says 4 where its message's first said 3: named at its count field, the
     * message then never completes. */
    net_list *l = net_variant("fragment-count-lies");
    acp_net_stream s;
    ENSURE_EQ(acp_net_decode(l->d, l->n, &s), ACP_NET_OK);
    ENSURE_EQ(s.diags.count, 2);
    expect_diag(&s, 0, ACP_NET_ERR_FRAGMENT_COUNT, ACP_NET_AT_DATAGRAM, 14, 28, "fragment.count");
    expect_diag(&s, 1, ACP_NET_ERR_FRAGMENT_LOST, ACP_NET_AT_MESSAGE, 13, 0, "fragment.index");
    ENSURE_EQ(s.count, 12);
    acp_net_stream_free(&s);
    /* All three say 4: one fragment is missing at the end. */
    for (int i = 13; i <= 15; i += 2) {
        uint32_t key = net_carried_key(l->bytes[i], l->d[i].len);
        acp_put_u16(l->bytes[i] + 28, 4);
        ENSURE(net_reseal(l->bytes[i], l->d[i].len, key));
    }
    ENSURE_EQ(acp_net_decode(l->d, l->n, &s), ACP_NET_OK);
    ENSURE_EQ(s.diags.count, 1);
    expect_diag(&s, 0, ACP_NET_ERR_FRAGMENT_LOST, ACP_NET_AT_MESSAGE, 13, 0, "fragment.index");
    acp_net_stream_free(&s);
    /* An index not below its count is refused by the parser (the whole datagram). */
    acp_put_u16(l->bytes[15] + 32, 4);
    ENSURE_EQ(acp_net_decode(l->d, l->n, &s), ACP_NET_OK);
    expect_diag(&s, 0, ACP_NET_ERR_FRAGMENT_COUNT, ACP_NET_AT_DATAGRAM, 15, 32, "fragment.index");
    acp_net_stream_free(&s);
    free(l);
}

static void message_shorter_than_its_fields(void)
{
    /* After the session: a MoveToState of 46 bytes (its position's origin starts at 44), a
     * CreateObject of 798 bytes in two fragments cut in its position's origin (at 796, in the
     * second fragment: 448..895), then a good AutonomousPosition: reading goes on. */
    net_list *l = net_variant("short-message");
    ENSURE_EQ(l->n, 20);
    acp_net_stream s;
    ENSURE_EQ(acp_net_decode(l->d, l->n, &s), ACP_NET_OK);
    ENSURE_EQ(s.diags.count, 2);
    expect_diag(&s, 0, ACP_NET_ERR_TRUNCATED, ACP_NET_AT_MESSAGE, 16, 44, "move_to_state.position");
    ENSURE_EQ(diag(&s, 0)->opcode, ACP_OP_MOVE_TO_STATE);
    expect_diag(&s, 1, ACP_NET_ERR_TRUNCATED, ACP_NET_AT_MESSAGE, 18, 796, "create_object.physics.position");
    ENSURE_EQ(diag(&s, 1)->opcode, ACP_OP_CREATE_OBJECT);
    ENSURE_EQ(s.stats.bad_messages, 2);
    ENSURE_EQ(s.count, 16);
    ENSURE_EQ(s.messages[13].status, ACP_NET_ERR_TRUNCATED);
    ENSURE_EQ(s.messages[13].msg.kind, ACP_MSG_MOVE_TO_STATE);
    ENSURE_EQ(s.messages[13].size, 46);
    ENSURE_EQ(s.messages[14].size, 798);
    ENSURE_EQ(s.messages[15].msg.kind, ACP_MSG_AUTONOMOUS_POSITION);
    ENSURE_EQ(s.messages[15].status, ACP_NET_OK);
    ENSURE_EQ(s.stats.by_kind[ACP_MSG_AUTONOMOUS_POSITION][ACP_NET_C2S], 2);
    ENSURE_EQ(s.stats.by_kind[ACP_MSG_MOVE_TO_STATE][ACP_NET_C2S], 1);
    char text[256];
    acp_net_diag_format(diag(&s, 0), text, sizeof text);
    ENSURE(!strcmp(text, "ACP_NET_ERR_TRUNCATED at message offset 44 (field move_to_state.position, opcode 0xF61C, "
                         "datagram 16): the bytes end before this field"));
    acp_net_stream_free(&s);
    free(l);
}

/* The session's player inputs: its UpdateMotion runs at 1.975806, its PlayerDescription has
 * Run 5 ranks and Jump 7. A second UpdateMotion at another rate, one of another guid and one
 * that is not a run are told apart. */
static void player_inputs(void)
{
    acp_net_writer w;
    net_test_session(&w);
    acp_game_msg u = net_test_sample(ACP_MSG_UPDATE_MOTION);
    u.u.update_motion.guid = 0x80000777u;
    u.u.update_motion.movement.state.forward_speed = 3.0f;
    acp_net_writer_message(&w, ACP_NET_S2C, 7.0, 4, &u); /* another object */
    u = net_test_sample(ACP_MSG_UPDATE_MOTION);
    u.u.update_motion.movement.state.forward_command = 0x0005; /* WalkForward */
    acp_net_writer_message(&w, ACP_NET_S2C, 7.25, 4, &u);
    acp_net_stream s;
    ENSURE_EQ(acp_net_decode(w.datagrams, w.count, &s), ACP_NET_OK);
    acp_net_player_inputs in;
    acp_net_player_inputs_find(&s, &in);
    ENSURE_EQ(in.guid, NET_TEST_PLAYER);
    ENSURE(in.has_run_rate);
    ENSURE_FBITS(in.run_rate, 1.975806f);
    ENSURE_EQ(in.run_rate_message, 6);
    ENSURE_EQ(in.run_rate_count, 1);
    ENSURE(!in.run_rate_varies);
    ENSURE(in.has_description);
    ENSURE_EQ(in.description_message, 11);
    ENSURE_EQ(in.description.run.ranks, 5);
    ENSURE_EQ(in.description.jump.ranks, 7);
    ENSURE_EQ(in.description.attributes[2].start, 100);
    acp_net_stream_free(&s);
    /* A move-to at another run rate: counted, and the rate varies. */
    u = net_test_sample(ACP_MSG_UPDATE_MOTION);
    u.u.update_motion.movement.type = ACP_MOVE_TO_POSITION;
    u.u.update_motion.movement.flags = 0;
    u.u.update_motion.movement.run_rate = 2.82563f;
    acp_net_writer_message(&w, ACP_NET_S2C, 7.5, 4, &u);
    ENSURE_EQ(acp_net_decode(w.datagrams, w.count, &s), ACP_NET_OK);
    acp_net_player_inputs_find(&s, &in);
    ENSURE_EQ(in.run_rate_count, 2);
    ENSURE(in.run_rate_varies);
    ENSURE_FBITS(in.run_rate, 1.975806f);
    acp_net_stream_free(&s);
    /* No player: nothing. */
    acp_net_stream none;
    memset(&none, 0, sizeof none);
    acp_net_player_inputs_find(&none, &in);
    ENSURE(!in.has_run_rate && !in.has_description && in.guid == 0);
    acp_net_writer_free(&w);
}

/* ---- captures ---- */

static void same_datagrams(const acp_capture *c, const acp_net_writer *w)
{
    ENSURE_EQ(c->count, w->count);
    for (size_t i = 0; i < c->count && i < w->count; i++) {
        ENSURE_EQ(c->datagrams[i].len, w->datagrams[i].len);
        ENSURE(memcmp(c->datagrams[i].data, w->datagrams[i].data, w->datagrams[i].len) == 0);
        ENSURE_EQ(c->datagrams[i].dir, w->datagrams[i].dir);
        ENSURE_DBITS(c->datagrams[i].t, w->datagrams[i].t);
    }
}

static void decodes_like_the_session(const acp_capture *c)
{
    acp_net_stream s;
    ENSURE_EQ(acp_net_decode(c->datagrams, c->count, &s), ACP_NET_OK);
    ENSURE_EQ(s.diags.count, 0);
    ENSURE_EQ(s.count, 13);
    ENSURE_EQ(s.stats.checksum_isaac, 15);
    ENSURE_EQ(s.player_guid, NET_TEST_PLAYER);
    acp_net_stream_free(&s);
}

static void jsonl_round_trip(void)
{
    acp_net_writer w;
    net_test_session(&w);
    w.datagrams[3].pair = 7;
    size_t size;
    char *text = acp_capture_write_jsonl(w.datagrams, w.count, &size);
    ENSURE(text != NULL);
    static const char first[] = "{\"t\": 0.000000, \"dir\": \"s2c\", \"len\": 52, \"data\": \"0000000000000400";
    ENSURE(!strncmp(text, first, sizeof first - 1));
    ENSURE(strstr(text, "{\"t\": 0.750000, \"dir\": \"c2s\", \"pair\": 7, \"len\": ") != NULL);
    acp_capture c;
    ENSURE_EQ(acp_capture_read((const uint8_t *)text, size, NULL, &c), ACP_NET_OK);
    ENSURE_EQ(c.format, ACP_CAPTURE_JSONL);
    ENSURE_EQ(c.diags.count, 0);
    same_datagrams(&c, &w);
    ENSURE_EQ(c.datagrams[3].pair, 7);
    ENSURE_EQ(c.datagrams[4].pair, -1);
    ENSURE_EQ(c.datagrams[2].line, 3);
    decodes_like_the_session(&c);
    acp_capture_free(&c);
    acp_capture_free(&c);
    free(text);
    acp_net_writer_free(&w);
}

static void pcap_round_trips(void)
{
    acp_net_writer w;
    net_test_session(&w);
    for (int ng = 0; ng < 2; ng++) {
        acp_capture_format fmt = ng ? ACP_CAPTURE_PCAPNG : ACP_CAPTURE_PCAP;
        size_t size;
        uint8_t *file = acp_capture_write_pcap(w.datagrams, w.count, fmt, 50123, 9000, &size);
        ENSURE(file != NULL);
        acp_capture c;
        ENSURE_EQ(acp_capture_read(file, size, NULL, &c), ACP_NET_OK);
        ENSURE_EQ(c.format, fmt);
        ENSURE_EQ(c.diags.count, 0);
        ENSURE_EQ(c.skipped, 0);
        same_datagrams(&c, &w);
        decodes_like_the_session(&c);
        acp_capture_free(&c);
        /* Another server port: nothing is in the default range, all in {9050, 9050}. */
        free(file);
        file = acp_capture_write_pcap(w.datagrams, w.count, fmt, 50123, 9050, &size);
        ENSURE_EQ(acp_capture_read(file, size, NULL, &c), ACP_NET_OK);
        ENSURE_EQ(c.count, 0);
        ENSURE_EQ(c.skipped, w.count);
        acp_capture_free(&c);
        acp_capture_options opt = {9050, 9050};
        ENSURE_EQ(acp_capture_read(file, size, &opt, &c), ACP_NET_OK);
        ENSURE_EQ(c.count, w.count);
        acp_capture_free(&c);
        free(file);
    }
    /* pcap: the third packet made TCP is skipped; its UDP length made too long is malformed. */
    size_t size;
    uint8_t *file = acp_capture_write_pcap(w.datagrams, 3, ACP_CAPTURE_PCAP, 50123, 9000, &size);
    size_t rec2 = 24 + (16 + 28 + w.datagrams[0].len) + (16 + 28 + w.datagrams[1].len);
    file[rec2 + 16 + 9] = 6;
    acp_capture c;
    ENSURE_EQ(acp_capture_read(file, size, NULL, &c), ACP_NET_OK);
    ENSURE_EQ(c.count, 2);
    ENSURE_EQ(c.skipped, 1);
    acp_capture_free(&c);
    file[rec2 + 16 + 9] = 17;
    file[rec2 + 16 + 24] = 0xFF;
    ENSURE_EQ(acp_capture_read(file, size, NULL, &c), ACP_NET_OK);
    ENSURE_EQ(c.count, 2);
    ENSURE_EQ(c.diags.count, 1);
    ENSURE_EQ(c.diags.items[0].status, ACP_NET_ERR_PACKET);
    ENSURE_EQ(c.diags.items[0].offset, rec2);
    ENSURE(!strcmp(c.diags.items[0].field, "udp.length"));
    acp_capture_free(&c);
    /* Cut 5 bytes short: the last record's length runs past the end. */
    file[rec2 + 16 + 24] = 0;
    ENSURE_EQ(acp_capture_read(file, size - 5, NULL, &c), ACP_NET_OK);
    ENSURE_EQ(c.count, 2);
    ENSURE_EQ(c.diags.count, 1);
    ENSURE_EQ(c.diags.items[0].status, ACP_NET_ERR_CAPTURE_TRUNCATED);
    ENSURE_EQ(c.diags.items[0].offset, rec2 + 8);
    ENSURE(!strcmp(c.diags.items[0].field, "pcap.record.incl_len"));
    acp_capture_free(&c);
    /* A link type the reader does not know (147, user-defined). */
    acp_put_u32(file + 20, 147);
    ENSURE_EQ(acp_capture_read(file, size, NULL, &c), ACP_NET_ERR_LINK_TYPE);
    acp_capture_free(&c);
    free(file);
    /* pcapng: a block length past the end. */
    file = acp_capture_write_pcap(w.datagrams, 2, ACP_CAPTURE_PCAPNG, 50123, 9000, &size);
    ENSURE_EQ(acp_capture_read(file, size - 4, NULL, &c), ACP_NET_OK);
    ENSURE_EQ(c.count, 1);
    ENSURE_EQ(c.diags.count, 1);
    ENSURE_EQ(c.diags.items[0].status, ACP_NET_ERR_CAPTURE_TRUNCATED);
    ENSURE(!strcmp(c.diags.items[0].field, "pcapng.block.length"));
    acp_capture_free(&c);
    free(file);
    acp_net_writer_free(&w);
}

/* A pcap file (microseconds) of one link type and its frames. */
static size_t pcap_of(uint8_t *out, uint32_t link_type, uint8_t frames[][128], const size_t *lens, size_t n)
{
    memset(out, 0, 24);
    acp_put_u32(out, 0xA1B2C3D4u);
    acp_put_u16(out + 4, 2);
    acp_put_u16(out + 6, 4);
    acp_put_u32(out + 16, 65535);
    acp_put_u32(out + 20, link_type);
    size_t pos = 24;
    for (size_t i = 0; i < n; i++) {
        acp_put_u32(out + pos, 100);
        acp_put_u32(out + pos + 4, (uint32_t)(250000 * i));
        acp_put_u32(out + pos + 8, (uint32_t)lens[i]);
        acp_put_u32(out + pos + 12, (uint32_t)lens[i]);
        memcpy(out + pos + 16, frames[i], lens[i]);
        pos += 16 + lens[i];
    }
    return pos;
}

static void put_be16(uint8_t *p, uint16_t v) { p[0] = (uint8_t)(v >> 8); p[1] = (uint8_t)v; }

/* An IP (4 or 6) + UDP packet of the 4 payload bytes {0xA, 0xB, 0xC, dir}, from port sport to dport. */
static size_t ip_udp_packet(uint8_t *p, int version, uint16_t sport, uint16_t dport, uint8_t tag)
{
    size_t ip = version == 4 ? 20 : 40;
    memset(p, 0, ip + 12);
    if (version == 4) {
        p[0] = 0x45;
        put_be16(p + 2, (uint16_t)(ip + 12));
        p[9] = 17;
    } else {
        p[0] = 0x60;
        put_be16(p + 4, 12);
        p[6] = 17;
    }
    put_be16(p + ip, sport);
    put_be16(p + ip + 2, dport);
    put_be16(p + ip + 4, 12);
    p[ip + 8] = 0xA; p[ip + 9] = 0xB; p[ip + 10] = 0xC; p[ip + 11] = tag;
    return ip + 12;
}

static void swap32_at(uint8_t *p)
{
    uint8_t t = p[0]; p[0] = p[3]; p[3] = t;
    t = p[1]; p[1] = p[2]; p[2] = t;
}

/* The same pcap written big-endian, and with nanosecond times (magic 0xA1B23C4D): the same
 * datagrams at the same times. */
static void pcap_byte_orders_and_nanoseconds(void)
{
    acp_net_writer w;
    net_test_session(&w);
    size_t size;
    uint8_t *file = acp_capture_write_pcap(w.datagrams, w.count, ACP_CAPTURE_PCAP, 50123, 9000, &size);
    for (int variant = 0; variant < 2; variant++) {
        uint8_t *f = malloc(size);
        memcpy(f, file, size);
        if (variant == 1) acp_put_u32(f, 0xA1B23C4Du);
        for (size_t pos = 24; pos < size;) {
            uint32_t incl = acp_get_u32(f + pos + 8);
            if (variant == 1) acp_put_u32(f + pos + 4, acp_get_u32(f + pos + 4) * 1000u);
            if (variant == 0) for (int k = 0; k < 4; k++) swap32_at(f + pos + 4 * k);
            pos += 16 + incl;
        }
        if (variant == 0) {
            swap32_at(f);
            f[4] ^= f[5]; f[5] ^= f[4]; f[4] ^= f[5];
            f[6] ^= f[7]; f[7] ^= f[6]; f[6] ^= f[7];
            for (int k = 2; k < 6; k++) swap32_at(f + 4 * k);
        }
        acp_capture c;
        ENSURE_EQ(acp_capture_read(f, size, NULL, &c), ACP_NET_OK);
        ENSURE_EQ(c.format, ACP_CAPTURE_PCAP);
        ENSURE_EQ(c.diags.count, 0);
        same_datagrams(&c, &w);
        acp_capture_free(&c);
        free(f);
    }
    free(file);
    acp_net_writer_free(&w);
}

/* The link layers the reader knows, each with a client→server and a server→client packet. */
static void pcap_link_types(void)
{
    static const struct { uint32_t lt; size_t head; int version; } links[] = {
        {0, 4, 4}, {1, 18, 6}, {101, 0, 6}, {113, 16, 4}, {228, 0, 4}, {229, 0, 6}, {276, 20, 4},
    };
    for (size_t k = 0; k < sizeof links / sizeof links[0]; k++) {
        uint8_t frames[3][128];
        size_t lens[3];
        for (int i = 0; i < 3; i++) {
            uint8_t *f = frames[i];
            memset(f, 0, links[k].head);
            uint16_t proto = links[k].version == 4 ? 0x0800 : 0x86DD;
            if (links[k].lt == 0) acp_put_u32(f, links[k].version == 4 ? 2 : 24);
            if (links[k].lt == 1) { put_be16(f + 12, 0x8100); put_be16(f + 16, proto); } /* one VLAN tag */
            if (links[k].lt == 113) put_be16(f + 14, proto);
            if (links[k].lt == 276) put_be16(f, proto);
            uint16_t sport = i == 0 ? 50000 : i == 1 ? 9001 : 53, dport = i == 0 ? 9001 : i == 1 ? 50000 : 53;
            lens[i] = links[k].head + ip_udp_packet(f + links[k].head, links[k].version, sport, dport, (uint8_t)i);
        }
        uint8_t file[1024];
        size_t size = pcap_of(file, links[k].lt, frames, lens, 3);
        acp_capture c;
        ENSURE_EQ(acp_capture_read(file, size, NULL, &c), ACP_NET_OK);
        ENSURE_EQ(c.count, 2);
        ENSURE_EQ(c.skipped, 1); /* port 53 to 53 */
        ENSURE_EQ(c.diags.count, 0);
        if (c.count == 2) {
            ENSURE_EQ(c.datagrams[0].dir, ACP_NET_C2S);
            ENSURE_EQ(c.datagrams[1].dir, ACP_NET_S2C);
            ENSURE_EQ(c.datagrams[1].len, 4);
            ENSURE_EQ(c.datagrams[1].data[3], 1);
            ENSURE_DBITS(c.datagrams[1].t, 0.25);
        }
        acp_capture_free(&c);
    }
}

static void expect_file_diag(const acp_capture *c, size_t i, acp_net_status st, const char *text, const char *at,
                             uint32_t line, const char *field)
{
    const acp_net_diag *d = i < c->diags.count ? &c->diags.items[i] : NULL;
    ENSURE(d != NULL);
    if (!d) return;
    ENSURE_EQ(d->status, st);
    ENSURE_EQ(d->where, ACP_NET_AT_FILE);
    ENSURE_EQ(d->offset, (uint64_t)(at - text));
    ENSURE_EQ(d->line, line);
    ENSURE(!strcmp(d->field, field));
}

static void malformed_jsonl(void)
{
    const char *text = net_test_bad_lines;
    acp_capture c;
    ENSURE_EQ(acp_capture_read((const uint8_t *)text, strlen(text), NULL, &c), ACP_NET_OK);
    ENSURE_EQ(c.count, 2);
    ENSURE_EQ(c.datagrams[0].data[1], 0x0B);
    ENSURE_EQ(c.datagrams[0].line, 1);
    ENSURE_EQ(c.datagrams[1].line, 10);
    ENSURE_EQ(c.datagrams[1].dir, ACP_NET_S2C);
    ENSURE_DBITS(c.datagrams[1].t, 2.25);
    ENSURE_EQ(c.datagrams[1].data[0], 0xFF);
    ENSURE_EQ(c.diags.count, 7);
    const char *l2 = strstr(text, "\"abc\"") + 4;              /* the odd digit count, at the data's end */
    expect_file_diag(&c, 0, ACP_NET_ERR_HEX, text, l2, 2, "data");
    expect_file_diag(&c, 1, ACP_NET_ERR_JSONL_DIR, text, strstr(text, "up\""), 3, "dir");
    expect_file_diag(&c, 2, ACP_NET_ERR_LEN_MISMATCH, text, strstr(text, "3, \"data\": \"abcd"), 4, "len");
    expect_file_diag(&c, 3, ACP_NET_ERR_HEX, text, strstr(text, "zz00"), 5, "data");
    expect_file_diag(&c, 4, ACP_NET_ERR_JSONL_SYNTAX, text, strstr(text, "{\"t\": 1, \"dir\": \"c2s\", \"len\": 0}"), 6, "data");
    expect_file_diag(&c, 5, ACP_NET_ERR_JSONL_SYNTAX, text, strstr(text, " \"dir\": \"c2s\"}") + 1, 7, "line");
    expect_file_diag(&c, 6, ACP_NET_ERR_JSONL_SYNTAX, text, strstr(text, "1], \"t\": 2") - 1, 9, "value");
    acp_capture_free(&c);
    /* A first datagram of no bytes (once an offset added to the byte store's NULL: fuzz_net,
     * tests/data/net/fuzz-empty-first-datagram.jsonl). */
    const char *empty = "{\"t\": 0, \"dir\": \"c2s\", \"len\": 0, \"data\": \"\"}\n";
    ENSURE_EQ(acp_capture_read((const uint8_t *)empty, strlen(empty), NULL, &c), ACP_NET_OK);
    ENSURE_EQ(c.count, 1);
    ENSURE_EQ(c.datagrams[0].len, 0);
    ENSURE(c.datagrams[0].data != NULL);
    acp_net_stream s;
    ENSURE_EQ(acp_net_decode(c.datagrams, c.count, &s), ACP_NET_OK);
    expect_diag(&s, 0, ACP_NET_ERR_TRUNCATED, ACP_NET_AT_DATAGRAM, 0, 0, "header.sequence");
    acp_net_stream_free(&s);
    acp_capture_free(&c);
    /* Not a capture at all; an empty file is an empty JSONL capture. */
    const uint8_t junk[] = {0x00, 0x01, 'x', 'y', 'z'};
    ENSURE_EQ(acp_capture_read(junk, sizeof junk, NULL, &c), ACP_NET_ERR_CAPTURE_FORMAT);
    acp_capture_free(&c);
    ENSURE_EQ(acp_capture_read(junk, 0, NULL, &c), ACP_NET_OK);
    ENSURE_EQ(c.count, 0);
    acp_capture_free(&c);
}

void suite_net_stream(void)
{
    RUN(session_decodes_every_kind);
    RUN(fragments_out_of_order);
    RUN(fragments_share_datagrams);
    RUN(retransmitted_datagrams);
    RUN(conflicting_fragment);
    RUN(fragment_count_over_the_limit);
    RUN(lost_fragment_is_named);
    RUN(lost_messages_in_datagram_order);
    RUN(bad_checksums);
    RUN(truncated_datagram);
    RUN(fragment_count_lies);
    RUN(message_shorter_than_its_fields);
    RUN(player_inputs);
}

void suite_net_capture(void)
{
    RUN(jsonl_round_trip);
    RUN(pcap_round_trips);
    RUN(pcap_link_types);
    RUN(pcap_byte_orders_and_nanoseconds);
    RUN(malformed_jsonl);
}
