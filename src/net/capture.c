/* acphys — reading captures: the format sniffing and the datagram store (see capture.h). */
#include "net/capture.h"

#include <stdlib.h>
#include <string.h>

#include "dat/reader.h"
#include "net/capture_internal.h"

static bool reserve_bytes(acp_capture_builder *b, size_t n)
{
    acp_capture *c = b->cap;
    if (c->bytes_ && n <= c->bytes_cap_ - c->bytes_size_) return true;
    size_t cap = c->bytes_cap_ ? c->bytes_cap_ : 4096;
    while (cap - c->bytes_size_ < n) {
        if (cap > SIZE_MAX / 2) { b->oom = ACP_NET_ERR_OUT_OF_MEMORY; return false; }
        cap *= 2;
    }
    uint8_t *p = realloc(c->bytes_, cap);
    if (!p) { b->oom = ACP_NET_ERR_OUT_OF_MEMORY; return false; }
    c->bytes_ = p;
    c->bytes_cap_ = cap;
    return true;
}

uint8_t *acp_capture_reserve(acp_capture_builder *b, size_t n, size_t *offset)
{
    if (!reserve_bytes(b, n)) return NULL;
    *offset = b->cap->bytes_size_;
    b->cap->bytes_size_ += n;
    return b->cap->bytes_ + *offset;
}

bool acp_capture_add_reserved(acp_capture_builder *b, const acp_datagram *dg, size_t offset)
{
    acp_capture *c = b->cap;
    if (c->count == b->dg_cap) {
        size_t cap = b->dg_cap ? b->dg_cap * 2 : 256;
        acp_datagram *d = realloc(c->datagrams, cap * sizeof *d);
        if (!d) { b->oom = ACP_NET_ERR_OUT_OF_MEMORY; return false; }
        c->datagrams = d;
        size_t *o = realloc(b->offsets, cap * sizeof *o);
        if (!o) { b->oom = ACP_NET_ERR_OUT_OF_MEMORY; return false; }
        b->offsets = o;
        b->dg_cap = cap;
    }
    c->datagrams[c->count] = *dg;
    c->datagrams[c->count].data = NULL;
    b->offsets[c->count] = offset;
    c->count++;
    return true;
}

bool acp_capture_add(acp_capture_builder *b, const acp_datagram *dg, const uint8_t *bytes, size_t n)
{
    size_t off;
    uint8_t *p = acp_capture_reserve(b, n, &off);
    if (!p) return false;
    if (n) memcpy(p, bytes, n);
    return acp_capture_add_reserved(b, dg, off);
}

void acp_capture_diag(acp_capture_builder *b, acp_net_status st, uint64_t at, uint32_t line, const char *field)
{
    acp_net_diags *d = &b->cap->diags;
    size_t before = d->count;
    acp_net_diags_add(d, st, ACP_NET_AT_FILE, -1, at, field);
    if (d->count > before) d->items[before].line = line;
}

static bool is_pcap_magic(uint32_t m)
{
    return m == 0xA1B2C3D4u || m == 0xD4C3B2A1u || m == 0xA1B23C4Du || m == 0x4D3CB2A1u;
}

acp_net_status acp_capture_read(const uint8_t *file, size_t size, const acp_capture_options *opt,
                                acp_capture *out)
{
    if (!out) return ACP_NET_ERR_ARGUMENT;
    memset(out, 0, sizeof *out);
    if (!file && size) return ACP_NET_ERR_ARGUMENT;
    uint16_t lo = ACP_CAPTURE_PORT_MIN, hi = ACP_CAPTURE_PORT_MAX;
    if (opt && (opt->port_min || opt->port_max)) {
        lo = opt->port_min;
        hi = opt->port_max;
    }
    acp_capture_builder b = {out, NULL, 0, ACP_NET_OK};
    acp_net_status st;
    uint32_t magic = size >= 4 ? acp_get_u32(file) : 0;
    if (size >= 4 && is_pcap_magic(magic)) {
        out->format = ACP_CAPTURE_PCAP;
        st = acp_capture_read_pcap(&b, file, size, lo, hi);
    } else if (size >= 4 && magic == 0x0A0D0D0Au) {
        out->format = ACP_CAPTURE_PCAPNG;
        st = acp_capture_read_pcapng(&b, file, size, lo, hi);
    } else {
        out->format = ACP_CAPTURE_JSONL;
        st = acp_capture_read_jsonl(&b, file, size);
    }
    if (st == ACP_NET_OK && b.oom != ACP_NET_OK) st = b.oom;
    static const uint8_t none[1] = {0};
    for (size_t i = 0; i < out->count; i++)
        out->datagrams[i].data = out->bytes_ ? out->bytes_ + b.offsets[i] : none;
    free(b.offsets);
    return st;
}

void acp_capture_free(acp_capture *cap)
{
    if (!cap) return;
    free(cap->datagrams);
    free(cap->bytes_);
    acp_net_diags_free(&cap->diags);
    memset(cap, 0, sizeof *cap);
}
