/* acphys — the AC transport: one UDP datagram's header, optional headers, fragments and checksum.
 *
 * A datagram is a 20-byte header (u32 sequence, u32 flags, u32 checksum, u16 id, u16 time,
 * u16 size = bytes after the header, u16 iteration), then the optional headers its flags name
 * (in flag order, ACP_PKT_* below), then, with flag 0x4, fragments: a 16-byte header (u32
 * sequence, u32 id, u16 count, u16 size including the header, u16 index, u16 group) and
 * size - 16 data bytes each, to the datagram's end. A game message is the fragments of one
 * direction that share (sequence, id), joined in index order (stream.h reassembles them).
 *
 * The checksum: Hash32(bytes) = (length << 16) + the sum of the bytes as little-endian u32
 * words, a tail of 1-3 bytes shifted into the high end of one last word (modulo 2^32). The
 * header's hash is Hash32 of the 20 header bytes with the checksum field replaced by
 * 0xBADD70DD. The body's hash is Hash32(optional headers) + for each fragment Hash32(its
 * header) + Hash32(its data). Without flag 0x2 the checksum is header + body; with flag 0x2
 * (ACP_PKT_ENCRYPTED_CHECKSUM) it is header + (body XOR key), the key being a word of the
 * sender's ISAAC stream (isaac.h), seeded by the ConnectRequest.
 * Every function here is pure: no allocation, no I/O; the packet's pointers point into the
 * caller's datagram bytes.
 */
#ifndef ACP_NET_TRANSPORT_H
#define ACP_NET_TRANSPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "net/status.h"

/* Datagram header flags (the ones that change the layout or the checksum, and the rest named). */
#define ACP_PKT_RETRANSMISSION        0x00000001u
#define ACP_PKT_ENCRYPTED_CHECKSUM    0x00000002u
#define ACP_PKT_BLOB_FRAGMENTS        0x00000004u
#define ACP_PKT_SERVER_SWITCH         0x00000100u  /* 8 bytes */
#define ACP_PKT_LOGON_SERVER_ADDR     0x00000200u  /* 16 bytes */
#define ACP_PKT_EMPTY_HEADER1         0x00000400u
#define ACP_PKT_REFERRAL              0x00000800u
#define ACP_PKT_REQUEST_RETRANSMIT    0x00001000u  /* u32 n + n u32 sequences */
#define ACP_PKT_REJECT_RETRANSMIT     0x00002000u  /* u32 n + n u32 */
#define ACP_PKT_ACK_SEQUENCE          0x00004000u  /* u32 */
#define ACP_PKT_DISCONNECT            0x00008000u
#define ACP_PKT_LOGIN_REQUEST         0x00010000u  /* the rest of the datagram */
#define ACP_PKT_WORLD_LOGIN_REQUEST   0x00020000u  /* 8 bytes */
#define ACP_PKT_CONNECT_REQUEST       0x00040000u  /* 32 bytes (acp_connect_request) */
#define ACP_PKT_CONNECT_RESPONSE      0x00080000u  /* 8 bytes */
#define ACP_PKT_NET_ERROR             0x00100000u  /* 8 bytes */
#define ACP_PKT_NET_ERROR_DISCONNECT  0x00200000u  /* 8 bytes */
#define ACP_PKT_CICMD_COMMAND         0x00400000u  /* 8 bytes */
#define ACP_PKT_TIME_SYNC             0x01000000u  /* f64 */
#define ACP_PKT_ECHO_REQUEST          0x02000000u  /* f32 */
#define ACP_PKT_ECHO_RESPONSE         0x04000000u  /* 2 f32 */
#define ACP_PKT_FLOW                  0x08000000u  /* u32 + u16 */

#define ACP_PKT_HEADER_SIZE 20u
#define ACP_FRAGMENT_HEADER_SIZE 16u
/** The header's checksum field is hashed as this value. */
#define ACP_PKT_CHECKSUM_SEED 0xBADD70DDu
/** The most fragments one datagram may carry (a retail datagram of 484 bytes holds at most 29,
 *  empty ones; a datagram with more is refused with ERR_LIMIT at the first fragment past it). */
#define ACP_PKT_MAX_FRAGMENTS 32
/** The longest datagram read (the AC client sends at most 484 bytes). */
#define ACP_NET_MAX_DATAGRAM 1024u

typedef struct acp_packet_header {
    uint32_t sequence;
    uint32_t flags;          /* ACP_PKT_* */
    uint32_t checksum;
    uint16_t id;             /* the connection's id */
    uint16_t time;
    uint16_t size;           /* bytes after the header */
    uint16_t iteration;
} acp_packet_header;

/** The ConnectRequest optional header (server → client, flag 0x40000), 32 bytes. */
typedef struct acp_connect_request {
    double server_time;      /* f64 */
    uint64_t cookie;
    uint32_t net_id;
    uint32_t seed_s2c;       /* seeds the server→client ISAAC stream */
    uint32_t seed_c2s;       /* seeds the client→server ISAAC stream */
    uint32_t pad;
} acp_connect_request;

/** One fragment of a datagram. */
typedef struct acp_fragment {
    uint32_t sequence;       /* the message's fragment sequence */
    uint32_t id;             /* the message's id */
    uint16_t count;          /* fragments in the message */
    uint16_t size;           /* bytes including the 16-byte header */
    uint16_t index;          /* this fragment's place, 0 .. count-1 */
    uint16_t group;          /* the message queue */
    uint32_t at;             /* offset of the fragment's header in the datagram */
    const uint8_t *data;     /* size - 16 bytes, inside the datagram */
} acp_fragment;

/** A parsed datagram. Optional headers not present read 0 / false. */
typedef struct acp_packet {
    acp_packet_header header;
    uint32_t optional_at;    /* the optional headers' first byte (20) */
    uint32_t optional_size;  /* their bytes (hashed together) */
    bool has_connect_request;
    acp_connect_request connect_request;
    bool has_ack;
    uint32_t ack_sequence;
    uint32_t retransmit_request_count;   /* sequences asked for (flag 0x1000), not stored */
    bool has_time_sync;
    double time_sync;
    uint32_t fragment_count;
    acp_fragment fragments[ACP_PKT_MAX_FRAGMENTS];
} acp_packet;

/** Hash32 over n bytes (see above). Pure; p may be NULL when n is 0.
 *  Retail: PortalChecksum::CalcChecksum32 (0x0065F6A0). */
uint32_t acp_hash32(const uint8_t *p, size_t n);

/** Parse one datagram of n bytes: the header, the optional headers and the fragments. Fails,
 *  filling *err (AT_DATAGRAM, offset from the datagram's first byte, err->datagram left -1 for
 *  the caller to set) with the first problem: ERR_TRUNCATED (a header or field past the end),
 *  ERR_SIZE_MISMATCH (header.size != n - 20, at offset 16 "header.size"), ERR_COUNT (a
 *  retransmit list longer than the bytes), ERR_FRAGMENT_SIZE ("fragment.size" below 16 or past
 *  the end), ERR_FRAGMENT_COUNT ("fragment.count" 0 or "fragment.index" >= count), ERR_LIMIT
 *  (more than ACP_PKT_MAX_FRAGMENTS), ERR_TOO_LARGE (n > ACP_NET_MAX_DATAGRAM). The checksum is
 *  not tested here (acp_packet_checksum). err may be NULL. */
acp_net_status acp_packet_parse(const uint8_t *d, size_t n, acp_packet *out, acp_net_diag *err);

/** Retail: SharedNet::ChecksumHeader (0x00541990), NetPacket::ComputeChecksum (0x005492B0).
 *  The two halves of a parsed datagram's checksum: *header_hash (Hash32 of the header with the
 *  checksum field as 0xBADD70DD) and *body_hash (optional headers + every fragment's header
 *  and data). d and n are the bytes acp_packet_parse read. */
void acp_packet_hashes(const uint8_t *d, size_t n, const acp_packet *p, uint32_t *header_hash,
                       uint32_t *body_hash);
/** The checksum a datagram with these hashes carries: header + (body XOR key); key 0 for a
 *  plain checksum, the sender's next ISAAC word for flag 0x2. Retail: FlowQueue::EncryptChecksum
 *  (0x005470B0). */
static inline uint32_t acp_packet_checksum(uint32_t header_hash, uint32_t body_hash, uint32_t key)
{
    return header_hash + (body_hash ^ key);
}

#endif
