/* acphys — private to the capture readers (capture*.c): the capture being filled. */
#ifndef ACP_NET_CAPTURE_INTERNAL_H
#define ACP_NET_CAPTURE_INTERNAL_H

#include "net/capture.h"

/** The capture being read: datagrams are appended with their bytes' offset in bytes_, turned
 *  into pointers once reading ends (the byte store may move while it grows). */
typedef struct acp_capture_builder {
    acp_capture *cap;
    size_t *offsets;
    size_t dg_cap;
    acp_net_status oom;          /* ERR_OUT_OF_MEMORY once an allocation failed */
} acp_capture_builder;

/** Append a datagram (bytes copied); its `data` is set at the end. Returns false when out of
 *  memory (b->oom set). */
bool acp_capture_add(acp_capture_builder *b, const acp_datagram *dg, const uint8_t *bytes, size_t n);
/** Reserve n bytes for a datagram's data (to be filled at once); NULL when out of memory. The
 *  pointer is valid until the next reserve or add. *offset gets its offset. */
uint8_t *acp_capture_reserve(acp_capture_builder *b, size_t n, size_t *offset);
/** Append a datagram whose bytes were reserved at `offset`. */
bool acp_capture_add_reserved(acp_capture_builder *b, const acp_datagram *dg, size_t offset);
/** A file-level problem at file offset `at` (line: JSONL line or 0). */
void acp_capture_diag(acp_capture_builder *b, acp_net_status st, uint64_t at, uint32_t line, const char *field);

/** The format readers. */
acp_net_status acp_capture_read_jsonl(acp_capture_builder *b, const uint8_t *file, size_t size);
acp_net_status acp_capture_read_pcap(acp_capture_builder *b, const uint8_t *file, size_t size,
                                     uint16_t port_min, uint16_t port_max);
acp_net_status acp_capture_read_pcapng(acp_capture_builder *b, const uint8_t *file, size_t size,
                                       uint16_t port_min, uint16_t port_max);

/** One link-layer frame to a datagram when it is UDP with a port in range: *dir, and the UDP
 *  payload at *payload (*n bytes, inside frame). Returns 1 when kept, 0 when not UDP in range
 *  (skipped), -1 when malformed (*field names what). */
int acp_capture_udp(uint32_t link_type, const uint8_t *frame, size_t len, uint16_t port_min,
                    uint16_t port_max, acp_net_dir *dir, const uint8_t **payload, size_t *n,
                    const char **field);

#endif
