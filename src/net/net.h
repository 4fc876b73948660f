/* acphys — the network layer, all of it: reading captures (capture.h), the AC transport
 * (transport.h, isaac.h), the game messages physics needs (messages.h), a capture's decoded
 * stream (stream.h), the player's run and jump inputs found in it (player.h) and the encoder
 * that writes captures (writer.h). Status codes: status.h.
 *
 *   acp_capture cap; acp_net_stream s;
 *   acp_capture_read(bytes, size, NULL, &cap);          // JSONL, pcap or pcapng
 *   acp_net_decode(cap.datagrams, cap.count, &s);        // checksums, fragments, messages
 *   for (size_t i = 0; i < s.count; i++) if (s.messages[i].msg.kind == ACP_MSG_MOVE_TO_STATE) ...
 *   acp_net_stream_free(&s); acp_capture_free(&cap);
 */
#ifndef ACP_NET_NET_H
#define ACP_NET_NET_H

#include "net/capture.h"
#include "net/isaac.h"
#include "net/messages.h"
#include "net/player.h"
#include "net/status.h"
#include "net/stream.h"
#include "net/transport.h"
#include "net/writer.h"

#endif
