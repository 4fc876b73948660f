/* acphys — the player's run and jump inputs, gathered from a decoded stream (stream.h).
 *
 * Physics needs, besides the messages themselves, what the server told the client about its
 * own player: the run rate (the forward speed of a RunForward the server sends in the player's
 * UpdateMotion, or the run rate of a move-to movement) and the Run and Jump skills and the
 * attributes of the PlayerDescription. This finds them; it does no arithmetic on them.
 */
#ifndef ACP_NET_PLAYER_H
#define ACP_NET_PLAYER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "net/stream.h"

/** RunForward's low 16 bits (MotionCommand 0x44000007). */
#define ACP_NET_RUN_FORWARD 0x0007u

typedef struct acp_net_player_inputs {
    uint32_t guid;                       /* the stream's player_guid (0: none, nothing found) */
    bool has_description;
    size_t description_message;          /* index in stream->messages */
    acp_msg_player_description description;  /* the first PlayerDescription of that guid */
    bool has_run_rate;
    float run_rate;                      /* the first one the server sent */
    size_t run_rate_message;             /* index in stream->messages */
    size_t run_rate_count;               /* messages that carried one */
    bool run_rate_varies;                /* a later one differs from the first */
} acp_net_player_inputs;

/** Find the player's inputs in a decoded stream: the first PlayerDescription whose guid is the
 *  player's; every UpdateMotion of the player's guid whose movement is interpreted (type 0)
 *  with a forward command RunForward and a forward speed, or a move-to (types 6, 7) with its run
 *  rate. Messages that did not decode are skipped. Pure; *out is always filled. */
void acp_net_player_inputs_find(const acp_net_stream *s, acp_net_player_inputs *out);

#endif
