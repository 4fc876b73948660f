/* acphys — a capture's datagrams to its game messages: checksums verified, fragments reassembled,
 * messages decoded.
 *
 * acp_net_decode walks the datagrams in capture order, for each:
 *   1. parses it (transport.h); a datagram that does not parse is listed (AT_DATAGRAM, its
 *      offset and field) and skipped whole;
 *   2. verifies its checksum. Plain: header + body. ISAAC-keyed (flag 0x2): the key it carries,
 *      (checksum - header hash) XOR body hash, must be one of the next ACP_NET_KEY_WINDOW unused
 *      words of its direction's stream (seeded by the first ConnectRequest: seed_c2s keys the
 *      client's datagrams, seed_s2c the server's), as a receiver that tolerates loss and
 *      reordering looks keys up; the key is then used up. A datagram repeating an earlier
 *      sequence of its direction (a retransmission, flag 0x1 or not) may carry the key that
 *      sequence already used. A bad checksum is listed (ERR_CHECKSUM at "header.checksum",
 *      offset 8) and the datagram's fragments are NOT used; ERR_NO_SEED likewise before any
 *      ConnectRequest;
 *   3. a retransmitted datagram (its direction's sequence seen before, and flag 0x1 or the
 *      same bytes as that datagram) is counted in `retransmits`. Any fragment that arrives
 *      again (retransmitted or not) is ignored once its message is complete; while the message
 *      is still being put together, a fragment whose index is already filled is ignored when
 *      its bytes are the same and listed (ERR_FRAGMENT_CONFLICT at "fragment.data", the
 *      fragment header's offset) when they differ, the first bytes kept;
 *   4. files each fragment under (direction, sequence, id): its count must agree with the
 *      message's first fragment (ERR_FRAGMENT_COUNT, at "fragment.count" in its datagram);
 *      when the last missing index arrives the message is joined in index order and decoded
 *      (messages.h). A message that fails to decode keeps its bytes and its kind, with
 *      `status` set and the problem listed (AT_MESSAGE, offset in the message, the datagram
 *      that carried that byte).
 * At the end every message still missing fragments is listed (ERR_FRAGMENT_LOST, AT_MESSAGE,
 * offset 0, the datagram of its first fragment seen, field "fragment.index") and counted in
 * `lost`; it is not in `messages`. Reading never stops at bad bytes.
 * Messages are in completion order (the datagram that completed each). The player's guid is the
 * first PlayerCreate's (0 when none).
 * Allocates (the stream owns its messages' bytes); no I/O.
 * Not one retail function: the reading side of the transport as a receiver that keeps every
 * message (the key window is how the servers look keys up: ACE's CryptoSystem.Search).
 */
#ifndef ACP_NET_STREAM_H
#define ACP_NET_STREAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "net/capture.h"
#include "net/isaac.h"
#include "net/messages.h"
#include "net/status.h"
#include "net/transport.h"

/** How many unused ISAAC words ahead a keyed checksum's key is looked for. */
#define ACP_NET_KEY_WINDOW 256
/** The longest message reassembled (count × fragment data); more: ERR_LIMIT at "fragment.count". */
#define ACP_NET_MAX_FRAGMENTS_PER_MESSAGE 1024u

/** How a datagram's checksum fared. */
typedef enum acp_checksum_kind {
    ACP_CHECKSUM_UNCHECKED = 0,  /* the datagram did not parse */
    ACP_CHECKSUM_PLAIN = 1,      /* verified, plain */
    ACP_CHECKSUM_ISAAC = 2,      /* verified, ISAAC-keyed */
    ACP_CHECKSUM_BAD = 3,        /* did not verify (or no seed for a keyed one) */
} acp_checksum_kind;

/** What became of one datagram (acp_net_stream.datagrams[i] for the capture's datagram i). */
typedef struct acp_datagram_info {
    acp_checksum_kind checksum;
    bool parsed;
    bool retransmit;             /* its direction's sequence was seen before */
    uint32_t sequence;           /* header.sequence (0 when it did not parse) */
    uint32_t flags;              /* header.flags */
    uint32_t fragments;          /* fragments it carried */
    uint32_t key;                /* ISAAC: the key it carried */
} acp_datagram_info;

/** One reassembled game message. */
typedef struct acp_net_message {
    acp_net_dir dir;
    uint32_t sequence, id;       /* the fragments' (sequence, id) */
    uint16_t group;              /* the first fragment's queue */
    uint16_t fragment_count;
    int32_t first_datagram;      /* the datagram of its first fragment seen */
    int32_t datagram;            /* the datagram that completed it */
    double t;                    /* that datagram's time, seconds */
    const uint8_t *data;         /* size bytes, owned by the stream */
    uint32_t size;
    acp_net_status status;       /* OK, or why `msg` could not be decoded (listed in diags) */
    acp_game_msg msg;            /* decoded; msg.kind is set even when status is not OK */
} acp_net_message;

/** Counts over a whole capture. */
typedef struct acp_net_stats {
    size_t datagrams;            /* handed in */
    size_t unparsed;             /* did not parse */
    size_t checksum_plain, checksum_isaac, checksum_bad;
    size_t retransmits;
    size_t fragments;            /* fragments of verified datagrams */
    size_t messages;             /* reassembled */
    size_t lost;                 /* messages missing fragments at the end */
    size_t bad_messages;         /* reassembled but not decoded */
    size_t by_kind[ACP_MSG_KIND_COUNT][2];  /* decoded messages per kind and direction (c2s, s2c) */
} acp_net_stats;

/** The decoded stream of one capture. */
typedef struct acp_net_stream {
    acp_datagram_info *datagrams;  /* one per datagram handed in */
    size_t datagram_count;
    acp_net_message *messages;
    size_t count;
    acp_net_diags diags;           /* every problem, in the order found */
    acp_net_stats stats;
    bool has_connect_request;
    acp_connect_request connect_request;  /* the first one */
    uint32_t player_guid;          /* the first PlayerCreate's guid; 0 when none */
    void *private_;                /* reassembly state and owned bytes */
} acp_net_stream;

/** Decode n datagrams (a capture's, in capture order) into *out. Returns OK (problems listed in
 *  out->diags), ERR_OUT_OF_MEMORY or ERR_ARGUMENT. out is always left freeable. */
acp_net_status acp_net_decode(const acp_datagram *dg, size_t n, acp_net_stream *out);
/** Release a stream (safe on a zeroed or already freed one). */
void acp_net_stream_free(acp_net_stream *s);

#endif
