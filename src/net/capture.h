/* acphys — reading captures: the datagrams of a JSONL, pcap or pcapng file, in file order.
 *
 * Formats (sniffed from the first bytes):
 *   JSONL: one UDP datagram per line, {"t": seconds, "dir": "c2s"|"s2c", "pair"?: n, "len": n,
 *          "data": "hex"} (keys in any order; other keys ignored; blank lines skipped).
 *   pcap:  classic libpcap, either byte order, microsecond (0xA1B2C3D4) or nanosecond
 *          (0xA1B23C4D) times; link types Ethernet (1, with 802.1Q tags), raw IP (101, 228,
 *          229), BSD loopback (0) and Linux cooked (113, 276).
 *   pcapng: section header, interface description (each interface's link type and time
 *          resolution), enhanced and simple packet blocks; other blocks skipped.
 * A pcap packet becomes a datagram when it is UDP over IPv4 (unfragmented) or IPv6 and one of its
 * ports is in the server's range: destination in range is c2s, else source in range is s2c.
 * Other packets are counted in `skipped`, not listed as problems. `t` counts from the first
 * datagram kept (JSONL: the file's own t). A bad line or record is listed in `diags` (AT_FILE,
 * its file offset, the JSONL line) and reading goes on at the next line or record; a record
 * whose length runs past the file's end ends the reading (ERR_CAPTURE_TRUNCATED).
 * No I/O: the caller hands over the file's bytes. The capture owns copies of the datagrams.
 */
#ifndef ACP_NET_CAPTURE_H
#define ACP_NET_CAPTURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "net/status.h"

typedef enum acp_net_dir { ACP_NET_C2S = 0, ACP_NET_S2C = 1 } acp_net_dir;

/** One UDP datagram of a capture. */
typedef struct acp_datagram {
    double t;                /* seconds since the capture's start */
    acp_net_dir dir;
    int32_t pair;            /* JSONL "pair", else -1 (pcap: -1) */
    uint32_t len;            /* bytes */
    const uint8_t *data;     /* len bytes, owned by the capture (or the caller, for writers) */
    uint64_t file_offset;    /* where its line / record starts in the file */
    uint32_t line;           /* JSONL line (1-based); 0 for pcap */
} acp_datagram;

typedef enum acp_capture_format {
    ACP_CAPTURE_JSONL = 0,
    ACP_CAPTURE_PCAP = 1,
    ACP_CAPTURE_PCAPNG = 2,
} acp_capture_format;

/** Reading options. Zeroed options mean the defaults. */
typedef struct acp_capture_options {
    uint16_t port_min, port_max;  /* the server's UDP ports; 0, 0 = ACP_CAPTURE_PORT_MIN..MAX */
} acp_capture_options;
#define ACP_CAPTURE_PORT_MIN 9000u
#define ACP_CAPTURE_PORT_MAX 9013u

typedef struct acp_capture {
    acp_capture_format format;
    acp_datagram *datagrams;
    size_t count;
    size_t skipped;          /* pcap packets that are not UDP in the port range */
    acp_net_diags diags;     /* file-level problems, in file order */
    uint8_t *bytes_;         /* private: the datagrams' bytes */
    size_t bytes_size_, bytes_cap_;
} acp_capture;

/** Read a capture file's bytes. Returns OK when the format was recognised and read to its
 *  end (problems in out->diags), ERR_CAPTURE_FORMAT when the bytes are none of the three,
 *  ERR_LINK_TYPE for a pcap of another link type, ERR_OUT_OF_MEMORY or ERR_ARGUMENT. out is
 *  always left freeable. */
acp_net_status acp_capture_read(const uint8_t *file, size_t size, const acp_capture_options *opt,
                                acp_capture *out);
/** Release a capture (safe on a zeroed or already freed one). */
void acp_capture_free(acp_capture *cap);

/** The JSONL text of n datagrams (one line each, keys t, dir, pair when >= 0, len, data; t
 *  with 6 decimals), malloc'd and NUL-terminated; *size gets its length. NULL when out of
 *  memory or a time is NaN or infinite. */
char *acp_capture_write_jsonl(const acp_datagram *dg, size_t n, size_t *size);
/** A pcap (ACP_CAPTURE_PCAP, microseconds, link type 228 raw IPv4) or pcapng (one interface,
 *  link type 1 Ethernet, microseconds) file of n datagrams: each an IPv4 + UDP packet between client
 *  127.0.0.1:client_port and server 127.0.0.2:server_port in the datagram's direction.
 *  malloc'd; *size gets its length. NULL when out of memory or format is JSONL. */
uint8_t *acp_capture_write_pcap(const acp_datagram *dg, size_t n, acp_capture_format format,
                                uint16_t client_port, uint16_t server_port, size_t *size);

#endif
