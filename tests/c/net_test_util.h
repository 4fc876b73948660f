/* Shared by the network tests (test_net*.c): sample messages of every kind with distinctive
 * values, and a whole session written with the encoder (src/net/writer.h). */
#ifndef ACP_NET_TEST_UTIL_H
#define ACP_NET_TEST_UTIL_H

#include "net/net.h"

/* The player's guid in every sample. */
#define NET_TEST_PLAYER 0x50000002u
/* The session's seeds. */
#define NET_TEST_SEED_C2S 0x1234ABCDu
#define NET_TEST_SEED_S2C 0x9E3779B9u

/** A sample message of `kind` (every field of it set to a distinctive value). */
acp_game_msg net_test_sample(acp_msg_kind kind);
/** The direction a kind travels in. */
acp_net_dir net_test_dir(acp_msg_kind kind);
/** A session: the ConnectRequest (datagram 0), then one sample of every kind in kind order (one
 *  datagram each, t = 0.25 s apart), then a 1000-byte message of opcode 0xF7DE in three
 *  fragments (datagrams 13, 14, 15). */
void net_test_session(acp_net_writer *w);
/** The 1000 bytes of that message. */
void net_test_long_message(uint8_t out[1000]);

/** A JSONL capture of ten lines: good (line 1), odd hex digits (2), dir "up" (3), len 3 for 2
 *  bytes (4), "zz" digits (5), no data (6), a missing comma (7), blank (8), an array value (9),
 *  good with other keys and CRLF (10). */
extern const char net_test_bad_lines[];

/** A list of datagrams owning their bytes, to reorder, repeat, cut and damage. */
typedef struct net_list {
    acp_datagram d[64];
    uint8_t bytes[64][ACP_NET_MAX_DATAGRAM];
    size_t n;
} net_list;

/** Append a copy of a datagram. */
void net_list_add(net_list *l, const acp_datagram *src);
/** A new list (calloc'd) of a writer's datagrams. */
net_list *net_list_of(const acp_net_writer *w);
/** The key a datagram's checksum carries: (checksum - header hash) XOR body hash; 0 when it
 *  does not parse. */
uint32_t net_carried_key(const uint8_t *d, size_t n);
/** Recompute a datagram's checksum after an edit, with key `key`; false when it does not parse. */
bool net_reseal(uint8_t *d, size_t n, uint32_t key);

/** The session of net_test_session changed one way (a new list, calloc'd), by name:
 *    "session"             unchanged (16 datagrams)
 *    "out-of-order"        the long message's fragments arrive last, first, middle
 *    "retransmit"          datagram 5 repeated exactly (16), datagram 2 again flagged 0x1 (17)
 *    "lost-fragment"       the long message's middle fragment (datagram 14) dropped, then a
 *                          PlayerTeleport (datagram 15)
 *    "bad-checksum"        a byte of datagram 4's message changed
 *    "truncated-datagram"  datagram 6 cut to 10 bytes, datagram 9 three bytes short
 *    "fragment-count-lies" the middle fragment (14) says 4 fragments where the others say 3
 *    "short-message"       after the session: a MoveToState of 46 bytes (datagram 16), a
 *                          CreateObject of 798 cut in its position in its second fragment
 *                          (datagrams 17, 18), an AutonomousPosition (19)
 *  NULL for another name. */
net_list *net_variant(const char *name);

#endif
