/* acphys C tests: a replay's messages written as a capture (replay_capture.c). */
#ifndef ACP_TEST_REPLAY_CAPTURE_H
#define ACP_TEST_REPLAY_CAPTURE_H

#include <stddef.h>
#include <stdint.h>

#include "replay/replay.h"

/** The capture (malloc'd, *size bytes; format: ACP_CAPTURE_JSONL 0, PCAP 1, PCAPNG 2, client port
 *  50000, server port 9000) of a session in which the server creates `player`
 *  (PlayerCreate, then its CreateObject: the humanoid 0x02000001 / 0x09000001, state 0x00400408,
 *  at msgs[0]'s position) and the client sends msgs (client reports only: MoveToState,
 *  AutonomousPosition, Jump) at their times; ISAAC-keyed after a ConnectRequest at 0. NULL when
 *  out of memory. */
char *replay_test_capture(const acp_replay_msg *msgs, uint32_t n, uint32_t player, int format, size_t *size);

#endif
