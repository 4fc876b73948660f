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

#endif
