/* acphys — a capture file's bytes → the messages a replay reads (replay.h), through the network
 * layer (src/net: datagrams of a JSONL, pcap or pcapng capture, the AC transport, the game
 * messages). The only file of src/replay that knows src/net's types.
 *
 * CONVENTIONS
 *   The capture's messages in completion order, with their datagram's time. The player's guid is
 *   the capture's PlayerCreate's; the run rate is the one the server gives the player's
 *   RunForward (its UpdateMotion's forward speed), else the PlayerDescription's Run skill and
 *   Quickness through ACE's formula (docs/REPLAY.md). Commands on the wire are the low 16 bits of
 *   their MotionCommand: the known ones are widened (acp_replay_command); a motion whose command
 *   is not known is left out and counted.
 */
#ifndef ACP_REPLAY_CAPTURE_ADAPTER_H
#define ACP_REPLAY_CAPTURE_ADAPTER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "replay.h"

/** What the reader noticed. */
typedef struct acp_replay_read_info {
    size_t datagrams, messages, bad_checksums, lost, bad_messages;
    size_t unreadable;                    /* the file's own problems: lines or records not read as datagrams */
    size_t unknown_commands;              /* motions left out: a command not widened */
    uint32_t first_unknown;               /* the last such command as the wire gave it */
    char first_problem[256];              /* the network layer's first diagnostic, or "" */
} acp_replay_read_info;

/** Decode a capture file held in memory into *cap (owned: acp_replay_capture_free). False, with
 *  a one-line message naming what is wrong (not a capture: its format; no datagrams), or out of
 *  memory. Problems inside a capture (a bad checksum, a lost fragment) are counted in info, not
 *  fatal. */
bool acp_replay_capture_read(const uint8_t *bytes, size_t size, acp_replay_capture *cap, acp_replay_read_info *info,
                             char *msg, size_t msg_size);
void acp_replay_capture_free(acp_replay_capture *cap);

/** The full MotionCommand of a command's low 16 bits as the wire carries it; 0 when not known. */
uint32_t acp_replay_command(uint16_t low);

#endif
