/* acphys — the encoder: game messages to datagrams, so that the project writes its own captures.
 *
 * A writer is one connection seen from the wire: it numbers each direction's datagrams and
 * fragment sequences, splits each message into fragments of at most ACP_NET_MAX_FRAGMENT_DATA
 * bytes (one datagram per fragment), and gives every datagram its checksum: plain until
 * acp_net_writer_connect, ISAAC-keyed (flag 0x2, the next word of that direction's stream)
 * after it, as the retail client and servers do. The datagrams it makes accumulate in the
 * writer (their bytes owned by it) in the order made; a test may then reorder, repeat, drop or
 * damage them before handing them to acp_net_decode (stream.h) or a capture writer
 * (capture.h). Allocates; no I/O.
 */
#ifndef ACP_NET_WRITER_H
#define ACP_NET_WRITER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "net/capture.h"
#include "net/isaac.h"
#include "net/messages.h"
#include "net/status.h"
#include "net/transport.h"

/** Fragment data per datagram (a retail datagram of 484 bytes: 20 header + 16 fragment header). */
#define ACP_NET_MAX_FRAGMENT_DATA 448u

typedef struct acp_net_writer {
    acp_datagram *datagrams;     /* made so far; data owned by the writer */
    size_t count, capacity;
    uint32_t packet_seq[2];      /* the next datagram sequence per direction */
    uint32_t fragment_seq[2];    /* the next message (fragment) sequence per direction */
    uint16_t id;                 /* the connection id written in every header */
    bool keyed;                  /* after acp_net_writer_connect */
    acp_isaac isaac[2];          /* [ACP_NET_C2S] seeded with seed_c2s, [ACP_NET_S2C] with seed_s2c */
    acp_net_status status;       /* first failure (out of memory), sticky */
} acp_net_writer;

/** A writer with no datagrams; connection id `id`. */
void acp_net_writer_init(acp_net_writer *w, uint16_t id);
/** Release a writer's datagrams (safe twice). */
void acp_net_writer_free(acp_net_writer *w);

/** Build one datagram into out (cap bytes): header fields from h (size and checksum computed),
 *  `optional` bytes (optional_size, written as given after the header: the caller lays out the
 *  optional headers h->flags names), then `nfrag` fragments (their `at` ignored, `size`
 *  recomputed as 16 + data bytes given in sizes[i]). The checksum is header + (body XOR key).
 *  Returns the datagram's length, or 0 when it does not fit cap. */
size_t acp_packet_build(const acp_packet_header *h, const uint8_t *optional, size_t optional_size,
                        const acp_fragment *frags, const uint16_t *sizes, size_t nfrag, uint32_t key,
                        uint8_t *out, size_t cap);

/** Append a server→client datagram carrying a ConnectRequest (plain checksum) with these
 *  seeds, and key every later datagram of the writer. t: seconds. */
acp_net_status acp_net_writer_connect(acp_net_writer *w, double t, uint64_t cookie, uint32_t seed_c2s,
                                      uint32_t seed_s2c);
/** Append the datagrams of one message's bytes (fragmented when longer than
 *  ACP_NET_MAX_FRAGMENT_DATA), direction dir, queue `group`, all at time t. */
acp_net_status acp_net_writer_bytes(acp_net_writer *w, acp_net_dir dir, double t, uint16_t group,
                                    const uint8_t *msg, size_t size);
/** Encode m (acp_msg_encode) and append it as acp_net_writer_bytes does. */
acp_net_status acp_net_writer_message(acp_net_writer *w, acp_net_dir dir, double t, uint16_t group,
                                      const acp_game_msg *m);
/** Append one datagram as given (bytes copied): for tests that build damaged datagrams. */
acp_net_status acp_net_writer_raw(acp_net_writer *w, acp_net_dir dir, double t, const uint8_t *d,
                                  size_t n);

#endif
