/* acphys — the AC transport: datagram parsing and the checksum (see transport.h). */
#include "net/transport.h"

#include <string.h>

#include "dat/reader.h"

uint32_t acp_hash32(const uint8_t *p, size_t n)
{
    uint32_t sum = (uint32_t)n << 16;
    size_t whole = n & ~(size_t)3;
    for (size_t i = 0; i < whole; i += 4) sum += acp_get_u32(p + i);
    unsigned shift = 24;
    for (size_t j = whole; j < n; j++, shift -= 8) sum += (uint32_t)p[j] << shift;
    return sum;
}

static acp_net_status fail(acp_net_diag *err, acp_net_status st, size_t at, const char *field)
{
    if (err) {
        memset(err, 0, sizeof *err);
        err->status = st;
        err->message = acp_net_status_string(st);
        err->field = field;
        err->where = ACP_NET_AT_DATAGRAM;
        err->offset = at;
        err->datagram = -1;
    }
    return st;
}

/* The reader's sticky failure as a network status. */
static acp_net_status reader_fail(const acp_reader *r, acp_net_diag *err)
{
    acp_net_status st = r->status == ACP_DAT_ERR_COUNT ? ACP_NET_ERR_COUNT : ACP_NET_ERR_TRUNCATED;
    return fail(err, st, r->err_pos, r->err_field);
}

/* A u32 count of u32s (retransmit lists), skipped. */
static uint32_t skip_u32_list(acp_reader *r, const char *field)
{
    uint32_t n = acp_reader_count(r, 4, UINT32_MAX, field);
    acp_reader_skip(r, (size_t)n * 4, field);
    return n;
}

static void read_optional(acp_reader *r, acp_packet *p)
{
    uint32_t f = p->header.flags;
    if (f & ACP_PKT_SERVER_SWITCH) acp_reader_skip(r, 8, "optional.server_switch");
    if (f & ACP_PKT_LOGON_SERVER_ADDR) acp_reader_skip(r, 16, "optional.logon_server_addr");
    if (f & ACP_PKT_REQUEST_RETRANSMIT)
        p->retransmit_request_count = skip_u32_list(r, "optional.request_retransmit.count");
    if (f & ACP_PKT_REJECT_RETRANSMIT) (void)skip_u32_list(r, "optional.reject_retransmit.count");
    if (f & ACP_PKT_ACK_SEQUENCE) {
        p->has_ack = true;
        p->ack_sequence = acp_reader_u32(r, "optional.ack_sequence");
    }
    if (f & ACP_PKT_LOGIN_REQUEST) acp_reader_skip(r, r->size - r->pos, "optional.login_request");
    if (f & ACP_PKT_WORLD_LOGIN_REQUEST) acp_reader_skip(r, 8, "optional.world_login_request");
    if (f & ACP_PKT_CONNECT_REQUEST) {
        acp_connect_request *c = &p->connect_request;
        uint8_t t[8];
        acp_reader_bytes(r, t, 8, "optional.connect_request.server_time");
        uint64_t bits = (uint64_t)acp_get_u32(t) | (uint64_t)acp_get_u32(t + 4) << 32;
        memcpy(&c->server_time, &bits, 8);
        uint32_t lo = acp_reader_u32(r, "optional.connect_request.cookie");
        c->cookie = lo | (uint64_t)acp_reader_u32(r, "optional.connect_request.cookie") << 32;
        c->net_id = acp_reader_u32(r, "optional.connect_request.net_id");
        c->seed_s2c = acp_reader_u32(r, "optional.connect_request.seed_s2c");
        c->seed_c2s = acp_reader_u32(r, "optional.connect_request.seed_c2s");
        c->pad = acp_reader_u32(r, "optional.connect_request.pad");
        p->has_connect_request = acp_reader_ok(r);
    }
    if (f & ACP_PKT_CONNECT_RESPONSE) acp_reader_skip(r, 8, "optional.connect_response");
    if (f & ACP_PKT_NET_ERROR) acp_reader_skip(r, 8, "optional.net_error");
    if (f & ACP_PKT_NET_ERROR_DISCONNECT) acp_reader_skip(r, 8, "optional.net_error_disconnect");
    if (f & ACP_PKT_CICMD_COMMAND) acp_reader_skip(r, 8, "optional.cicmd_command");
    if (f & ACP_PKT_TIME_SYNC) {
        uint8_t t[8];
        acp_reader_bytes(r, t, 8, "optional.time_sync");
        uint64_t bits = (uint64_t)acp_get_u32(t) | (uint64_t)acp_get_u32(t + 4) << 32;
        memcpy(&p->time_sync, &bits, 8);
        p->has_time_sync = acp_reader_ok(r);
    }
    if (f & ACP_PKT_ECHO_REQUEST) acp_reader_skip(r, 4, "optional.echo_request");
    if (f & ACP_PKT_ECHO_RESPONSE) acp_reader_skip(r, 8, "optional.echo_response");
    if (f & ACP_PKT_FLOW) acp_reader_skip(r, 6, "optional.flow");
}

static acp_net_status read_fragments(acp_reader *r, acp_packet *p, acp_net_diag *err)
{
    while (r->pos < r->size) {
        size_t at = r->pos;
        if (p->fragment_count == ACP_PKT_MAX_FRAGMENTS)
            return fail(err, ACP_NET_ERR_LIMIT, at, "fragment");
        acp_fragment fr;
        fr.at = (uint32_t)at;
        fr.sequence = acp_reader_u32(r, "fragment.sequence");
        fr.id = acp_reader_u32(r, "fragment.id");
        fr.count = acp_reader_u16(r, "fragment.count");
        fr.size = acp_reader_u16(r, "fragment.size");
        fr.index = acp_reader_u16(r, "fragment.index");
        fr.group = acp_reader_u16(r, "fragment.group");
        if (!acp_reader_ok(r)) return reader_fail(r, err);
        if (fr.size < ACP_FRAGMENT_HEADER_SIZE || fr.size - ACP_FRAGMENT_HEADER_SIZE > r->size - r->pos)
            return fail(err, ACP_NET_ERR_FRAGMENT_SIZE, at + 10, "fragment.size");
        if (fr.count == 0) return fail(err, ACP_NET_ERR_FRAGMENT_COUNT, at + 8, "fragment.count");
        if (fr.index >= fr.count) return fail(err, ACP_NET_ERR_FRAGMENT_COUNT, at + 12, "fragment.index");
        fr.data = r->data + r->pos;
        acp_reader_skip(r, fr.size - ACP_FRAGMENT_HEADER_SIZE, "fragment.data");
        p->fragments[p->fragment_count++] = fr;
    }
    return ACP_NET_OK;
}

acp_net_status acp_packet_parse(const uint8_t *d, size_t n, acp_packet *out, acp_net_diag *err)
{
    if (!out || (!d && n)) return fail(err, ACP_NET_ERR_ARGUMENT, 0, "");
    memset(out, 0, sizeof *out);
    if (n > ACP_NET_MAX_DATAGRAM) return fail(err, ACP_NET_ERR_TOO_LARGE, 0, "datagram");
    acp_reader r = acp_reader_make(d, n);
    acp_packet_header *h = &out->header;
    h->sequence = acp_reader_u32(&r, "header.sequence");
    h->flags = acp_reader_u32(&r, "header.flags");
    h->checksum = acp_reader_u32(&r, "header.checksum");
    h->id = acp_reader_u16(&r, "header.id");
    h->time = acp_reader_u16(&r, "header.time");
    h->size = acp_reader_u16(&r, "header.size");
    h->iteration = acp_reader_u16(&r, "header.iteration");
    if (!acp_reader_ok(&r)) return reader_fail(&r, err);
    if (h->size != n - ACP_PKT_HEADER_SIZE) return fail(err, ACP_NET_ERR_SIZE_MISMATCH, 16, "header.size");
    out->optional_at = ACP_PKT_HEADER_SIZE;
    read_optional(&r, out);
    if (!acp_reader_ok(&r)) return reader_fail(&r, err);
    out->optional_size = (uint32_t)(r.pos - ACP_PKT_HEADER_SIZE);
    if (!(h->flags & ACP_PKT_BLOB_FRAGMENTS)) {
        if (r.pos != n) return fail(err, ACP_NET_ERR_TRAILING_BYTES, r.pos, "datagram");
        return ACP_NET_OK;
    }
    return read_fragments(&r, out, err);
}

void acp_packet_hashes(const uint8_t *d, size_t n, const acp_packet *p, uint32_t *header_hash,
                       uint32_t *body_hash)
{
    uint8_t h[ACP_PKT_HEADER_SIZE];
    memcpy(h, d, n < sizeof h ? n : sizeof h);
    acp_put_u32(h + 8, ACP_PKT_CHECKSUM_SEED);
    *header_hash = acp_hash32(h, sizeof h);
    uint32_t body = acp_hash32(d + p->optional_at, p->optional_size);
    for (uint32_t i = 0; i < p->fragment_count; i++) {
        const acp_fragment *f = &p->fragments[i];
        body += acp_hash32(d + f->at, ACP_FRAGMENT_HEADER_SIZE);
        body += acp_hash32(f->data, f->size - ACP_FRAGMENT_HEADER_SIZE);
    }
    *body_hash = body;
}
