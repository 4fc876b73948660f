/* libFuzzer target: the network layer (src/net) over arbitrary bytes, three ways: as a capture
 * file (JSONL, pcap or pcapng: acp_capture_read), its datagrams then decoded as a session
 * (acp_net_decode: checksums, reassembly, messages); as one datagram (acp_packet_parse); and as
 * one game message (acp_msg_decode), re-encoded and decoded again when it decodes. Any crash,
 * hang, leak, out-of-bounds access or undefined behaviour is a finding (ASan + UBSan); so is a
 * problem listed without a status, a message or a field, or a message that decodes but does not
 * read back the same.
 *   node scripts/build.mjs fuzz && build/fuzz/fuzz_net -max_total_time=60 tests/data/net */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "net/net.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_diags(const acp_net_diags *d)
{
    char buf[256];
    for (size_t i = 0; i < d->count; i++) {
        const acp_net_diag *x = &d->items[i];
        if (x->status == ACP_NET_OK || !x->message || !x->field) abort();
        acp_net_diag_format(x, buf, sizeof buf);
        if (!memchr(buf, '\0', sizeof buf)) abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* An exact-size copy, so that ASan sees any read one byte past the input. */
    uint8_t *b = malloc(size ? size : 1);
    if (!b) return 0;
    if (size) memcpy(b, data, size);

    acp_capture cap;
    if (acp_capture_read(b, size, NULL, &cap) == ACP_NET_OK) {
        check_diags(&cap.diags);
        acp_net_stream s;
        if (acp_net_decode(cap.datagrams, cap.count, &s) == ACP_NET_OK) check_diags(&s.diags);
        acp_net_stream_free(&s);
    }
    acp_capture_free(&cap);

    acp_packet p;
    (void)acp_packet_parse(b, size, &p, NULL);

    acp_game_msg m, back;
    acp_net_diag err;
    if (acp_msg_decode(b, size, &m, &err) == ACP_NET_OK && m.kind != ACP_MSG_OTHER) {
        size_t need = 0;
        (void)acp_msg_encode(&m, NULL, 0, &need);
        uint8_t *e = malloc(need ? need : 1);
        if (!e) abort();
        size_t n = acp_msg_encode(&m, e, need, NULL);
        if (n != need || acp_msg_decode(e, n, &back, NULL) != ACP_NET_OK || back.kind != m.kind) abort();
        free(e);
    }
    free(b);
    return 0;
}
