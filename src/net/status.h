/* acphys — network status codes and diagnostics (captures, transport, game messages).
 *
 * CONVENTIONS
 *   Every src/net function that can fail returns an acp_net_status. ACP_NET_OK is 0; every other
 *   code is one specific failure with a static message (acp_net_status_string) and a stable name
 *   (acp_net_status_name). A failure is described by an acp_net_diag: the code, WHERE it was
 *   found (the capture file, one datagram, or one reassembled game message), the datagram's
 *   index, the byte offset inside that unit, and a static field name such as "fragment.count" or
 *   "update_motion.movement_type".
 *   Bad bytes never assert or abort: reading a capture goes on past a bad datagram, fragment or
 *   message and lists each problem (acp_net_diags); only a bad argument or running out of memory
 *   stops it. The list has a fixed cap (ACP_NET_MAX_DIAGS); problems past it are counted in
 *   `dropped`, never silently lost.
 *   The decoders do no I/O: the CLI reads files and hands their bytes over.
 */
#ifndef ACP_NET_STATUS_H
#define ACP_NET_STATUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* X(name, message): the one list of network status codes, in a fixed order. Append only. */
#define ACP_NET_STATUS_LIST(X) \
    X(OK, "ok") \
    X(ERR_TRUNCATED, "the bytes end before this field") \
    X(ERR_COUNT, "a count is larger than the bytes left can hold") \
    X(ERR_LIMIT, "a count exceeds the reader's named limit") \
    X(ERR_TRAILING_BYTES, "bytes are left over after a message that was read completely") \
    X(ERR_FLOAT_NOT_FINITE, "a physics value is NaN or infinite") \
    X(ERR_SIZE_MISMATCH, "the datagram header's size differs from the bytes after the header") \
    X(ERR_CHECKSUM, "the datagram's checksum does not verify") \
    X(ERR_NO_SEED, "an ISAAC-keyed checksum comes before any ConnectRequest gave the seeds") \
    X(ERR_FRAGMENT_SIZE, "a fragment's size is below its 16-byte header or past the datagram's end") \
    X(ERR_FRAGMENT_COUNT, "a fragment's count is 0, its index is not below its count, or its count differs from its message's other fragments") \
    X(ERR_FRAGMENT_LOST, "a message never received all its fragments") \
    X(ERR_FRAGMENT_CONFLICT, "a fragment arrived twice with different bytes") \
    X(ERR_MOVEMENT_TYPE, "a movement's type is not one the client reads (0 interpreted, 6-9 move-to and turn-to)") \
    X(ERR_CAPTURE_FORMAT, "not a capture: neither pcap, pcapng nor JSONL datagrams") \
    X(ERR_CAPTURE_TRUNCATED, "the capture file ends inside a record") \
    X(ERR_LINK_TYPE, "the capture's link type is not Ethernet, raw IP, Linux cooked capture or BSD loopback") \
    X(ERR_PACKET, "a captured packet's IP or UDP header is malformed") \
    X(ERR_JSONL_SYNTAX, "a JSONL line is not an object with \"t\", \"dir\", \"len\" and \"data\"") \
    X(ERR_JSONL_DIR, "a JSONL line's \"dir\" is neither \"c2s\" nor \"s2c\"") \
    X(ERR_HEX, "a datagram's hex data has an odd length or a character that is not a hex digit") \
    X(ERR_LEN_MISMATCH, "a JSONL line's \"len\" differs from the length of its data") \
    X(ERR_TOO_LARGE, "the datagram is longer than 1024 bytes, the most an AC datagram holds (ACP_NET_MAX_DATAGRAM)") \
    X(ERR_OUT_OF_MEMORY, "out of memory") \
    X(ERR_ARGUMENT, "invalid argument")

#define ACP_NET_ENUM_(name, msg) ACP_NET_##name,
typedef enum acp_net_status { ACP_NET_STATUS_LIST(ACP_NET_ENUM_) ACP_NET_STATUS_COUNT } acp_net_status;
#undef ACP_NET_ENUM_

/** Static message for a status ("unknown status" outside the list). */
const char *acp_net_status_string(acp_net_status status);
/** Static name of a status as spelled in C, e.g. "ACP_NET_ERR_CHECKSUM". */
const char *acp_net_status_name(acp_net_status status);

/** What an acp_net_diag's offset counts from. */
typedef enum acp_net_where {
    ACP_NET_AT_FILE = 0,      /* the capture file's first byte (`line` is set for JSONL) */
    ACP_NET_AT_DATAGRAM = 1,  /* the datagram's first byte (its 20-byte header's first byte) */
    ACP_NET_AT_MESSAGE = 2,   /* the reassembled game message's first byte (its opcode) */
} acp_net_where;

/** One problem found while reading a capture. */
typedef struct acp_net_diag {
    acp_net_status status;
    const char *message;      /* acp_net_status_string(status) */
    const char *field;        /* static, e.g. "header.checksum"; "" if none */
    acp_net_where where;
    uint64_t offset;          /* bytes from the start of the unit `where` names */
    int32_t datagram;         /* index in the capture's datagrams; -1 when none (file level).
                               * AT_MESSAGE: the datagram that carried the byte at `offset`
                               * (for a lost fragment: the datagram of the message's first fragment seen) */
    uint32_t line;            /* JSONL line (1-based) for file-level problems of a JSONL capture; else 0 */
    uint32_t opcode;          /* AT_MESSAGE: the message's opcode (for a GameAction, the action's); else 0 */
} acp_net_diag;

/** Problems are listed up to this many; later ones only count in `dropped`. */
#define ACP_NET_MAX_DIAGS 4096

/** A growable list of problems (heap, freed by acp_net_diags_free). */
typedef struct acp_net_diags {
    acp_net_diag *items;
    size_t count;
    size_t capacity;
    size_t dropped;           /* problems past ACP_NET_MAX_DIAGS (or past a failed allocation) */
} acp_net_diags;

/** Append one problem (message filled from status). Past the cap, or when the list cannot grow,
 *  counts it in `dropped` instead. Returns `status`. */
acp_net_status acp_net_diags_add(acp_net_diags *list, acp_net_status status, acp_net_where where,
                                 int32_t datagram, uint64_t offset, const char *field);
/** Release the list's memory and empty it. */
void acp_net_diags_free(acp_net_diags *list);
/** Write "STATUS_NAME at datagram D offset O (field F): message" (or "line L, file offset O",
 *  "message offset O, datagram D") into buf (always terminated when cap > 0). Returns buf. */
char *acp_net_diag_format(const acp_net_diag *d, char *buf, size_t cap);

#endif
