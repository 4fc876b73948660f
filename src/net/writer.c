/* acphys — the encoder: messages to datagrams with their checksums (see writer.h). */
#include "net/writer.h"

#include <stdlib.h>
#include <string.h>

#include "dat/reader.h"

size_t acp_packet_build(const acp_packet_header *h, const uint8_t *optional, size_t optional_size,
                        const acp_fragment *frags, const uint16_t *sizes, size_t nfrag, uint32_t key,
                        uint8_t *out, size_t cap)
{
    size_t total = ACP_PKT_HEADER_SIZE + optional_size;
    for (size_t i = 0; i < nfrag; i++) total += ACP_FRAGMENT_HEADER_SIZE + (size_t)sizes[i];
    if (!out || total > cap || total - ACP_PKT_HEADER_SIZE > 0xFFFF) return 0;
    uint32_t flags = h->flags | (nfrag ? ACP_PKT_BLOB_FRAGMENTS : 0);
    acp_put_u32(out, h->sequence);
    acp_put_u32(out + 4, flags);
    acp_put_u32(out + 8, ACP_PKT_CHECKSUM_SEED);
    acp_put_u16(out + 12, h->id);
    acp_put_u16(out + 14, h->time);
    acp_put_u16(out + 16, (uint16_t)(total - ACP_PKT_HEADER_SIZE));
    acp_put_u16(out + 18, h->iteration);
    uint32_t header_hash = acp_hash32(out, ACP_PKT_HEADER_SIZE);
    size_t pos = ACP_PKT_HEADER_SIZE;
    if (optional_size) memcpy(out + pos, optional, optional_size);
    uint32_t body = acp_hash32(out + pos, optional_size);
    pos += optional_size;
    for (size_t i = 0; i < nfrag; i++) {
        const acp_fragment *f = &frags[i];
        uint8_t *fh = out + pos;
        acp_put_u32(fh, f->sequence);
        acp_put_u32(fh + 4, f->id);
        acp_put_u16(fh + 8, f->count);
        acp_put_u16(fh + 10, (uint16_t)(ACP_FRAGMENT_HEADER_SIZE + sizes[i]));
        acp_put_u16(fh + 12, f->index);
        acp_put_u16(fh + 14, f->group);
        if (sizes[i]) memcpy(fh + ACP_FRAGMENT_HEADER_SIZE, f->data, sizes[i]);
        body += acp_hash32(fh, ACP_FRAGMENT_HEADER_SIZE);
        body += acp_hash32(fh + ACP_FRAGMENT_HEADER_SIZE, sizes[i]);
        pos += ACP_FRAGMENT_HEADER_SIZE + sizes[i];
    }
    acp_put_u32(out + 8, acp_packet_checksum(header_hash, body, key));
    return total;
}

void acp_net_writer_init(acp_net_writer *w, uint16_t id)
{
    memset(w, 0, sizeof *w);
    w->id = id;
}

void acp_net_writer_free(acp_net_writer *w)
{
    if (!w) return;
    for (size_t i = 0; i < w->count; i++) free((void *)w->datagrams[i].data);
    free(w->datagrams);
    w->datagrams = NULL;
    w->count = w->capacity = 0;
}

acp_net_status acp_net_writer_raw(acp_net_writer *w, acp_net_dir dir, double t, const uint8_t *d, size_t n)
{
    if (w->status != ACP_NET_OK) return w->status;
    if ((!d && n) || n > UINT32_MAX) return ACP_NET_ERR_ARGUMENT;
    if (w->count == w->capacity) {
        size_t cap = w->capacity ? w->capacity * 2 : 64;
        acp_datagram *g = realloc(w->datagrams, cap * sizeof *g);
        if (!g) return w->status = ACP_NET_ERR_OUT_OF_MEMORY;
        w->datagrams = g;
        w->capacity = cap;
    }
    uint8_t *copy = malloc(n ? n : 1);
    if (!copy) return w->status = ACP_NET_ERR_OUT_OF_MEMORY;
    if (n) memcpy(copy, d, n);
    acp_datagram *g = &w->datagrams[w->count++];
    memset(g, 0, sizeof *g);
    g->t = t;
    g->dir = dir;
    g->pair = -1;
    g->len = (uint32_t)n;
    g->data = copy;
    return ACP_NET_OK;
}

/* One datagram of this writer: its next sequence, the writer's id, keyed after the connect. */
static acp_net_status emit(acp_net_writer *w, acp_net_dir dir, double t, uint32_t flags, const uint8_t *opt,
                           size_t opt_size, const acp_fragment *f, const uint16_t *size, size_t nfrag)
{
    acp_packet_header h;
    memset(&h, 0, sizeof h);
    h.sequence = w->packet_seq[dir]++;
    h.flags = flags | (w->keyed ? ACP_PKT_ENCRYPTED_CHECKSUM : 0);
    h.id = w->id;
    uint32_t key = w->keyed ? acp_isaac_next(&w->isaac[dir]) : 0;
    uint8_t buf[ACP_NET_MAX_DATAGRAM];
    size_t n = acp_packet_build(&h, opt, opt_size, f, size, nfrag, key, buf, sizeof buf);
    if (!n) return ACP_NET_ERR_ARGUMENT;
    return acp_net_writer_raw(w, dir, t, buf, n);
}

acp_net_status acp_net_writer_connect(acp_net_writer *w, double t, uint64_t cookie, uint32_t seed_c2s,
                                      uint32_t seed_s2c)
{
    uint8_t opt[32];
    uint64_t bits;
    memcpy(&bits, &t, 8);
    acp_put_u32(opt, (uint32_t)bits);
    acp_put_u32(opt + 4, (uint32_t)(bits >> 32));
    acp_put_u32(opt + 8, (uint32_t)cookie);
    acp_put_u32(opt + 12, (uint32_t)(cookie >> 32));
    acp_put_u32(opt + 16, w->id);
    acp_put_u32(opt + 20, seed_s2c);
    acp_put_u32(opt + 24, seed_c2s);
    acp_put_u32(opt + 28, 0);
    w->keyed = false;
    acp_net_status st = emit(w, ACP_NET_S2C, t, ACP_PKT_CONNECT_REQUEST, opt, sizeof opt, NULL, NULL, 0);
    if (st != ACP_NET_OK) return st;
    acp_isaac_seed(&w->isaac[ACP_NET_C2S], seed_c2s);
    acp_isaac_seed(&w->isaac[ACP_NET_S2C], seed_s2c);
    w->keyed = true;
    return ACP_NET_OK;
}

acp_net_status acp_net_writer_bytes(acp_net_writer *w, acp_net_dir dir, double t, uint16_t group,
                                    const uint8_t *msg, size_t size)
{
    if (w->status != ACP_NET_OK) return w->status;
    if (!msg && size) return ACP_NET_ERR_ARGUMENT;
    size_t count = size ? (size + ACP_NET_MAX_FRAGMENT_DATA - 1) / ACP_NET_MAX_FRAGMENT_DATA : 1;
    if (count > 0xFFFF) return ACP_NET_ERR_LIMIT;
    uint32_t seq = ++w->fragment_seq[dir];
    for (size_t i = 0; i < count; i++) {
        size_t at = i * ACP_NET_MAX_FRAGMENT_DATA;
        size_t n = size - at < ACP_NET_MAX_FRAGMENT_DATA ? size - at : ACP_NET_MAX_FRAGMENT_DATA;
        acp_fragment f;
        memset(&f, 0, sizeof f);
        f.sequence = seq;
        f.id = 0x80000000u | seq;
        f.count = (uint16_t)count;
        f.index = (uint16_t)i;
        f.group = group;
        f.data = size ? msg + at : NULL;
        uint16_t fs = (uint16_t)n;
        acp_net_status st = emit(w, dir, t, 0, NULL, 0, &f, &fs, 1);
        if (st != ACP_NET_OK) return st;
    }
    return ACP_NET_OK;
}

acp_net_status acp_net_writer_message(acp_net_writer *w, acp_net_dir dir, double t, uint16_t group,
                                      const acp_game_msg *m)
{
    size_t need;
    (void)acp_msg_encode(m, NULL, 0, &need);
    if (!need) return ACP_NET_ERR_ARGUMENT;
    uint8_t *buf = malloc(need);
    if (!buf) return w->status = ACP_NET_ERR_OUT_OF_MEMORY;
    size_t n = acp_msg_encode(m, buf, need, NULL);
    acp_net_status st = n == need ? acp_net_writer_bytes(w, dir, t, group, buf, n) : ACP_NET_ERR_ARGUMENT;
    free(buf);
    return st;
}
