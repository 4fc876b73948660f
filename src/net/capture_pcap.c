/* acphys — pcap and pcapng captures, and the IP and UDP headers inside them (see capture.h).
 * Formats: the libpcap file format and the pcapng draft (IETF opsawg), as published. */
#include <string.h>

#include "net/capture_internal.h"

static uint32_t rd32(const uint8_t *p, bool swap)
{
    uint32_t v = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
    return swap ? (v >> 24) | ((v >> 8) & 0xFF00u) | ((v << 8) & 0xFF0000u) | (v << 24) : v;
}

static uint16_t rd16(const uint8_t *p, bool swap)
{
    uint16_t v = (uint16_t)(p[0] | p[1] << 8);
    return swap ? (uint16_t)(v >> 8 | v << 8) : v;
}

static uint16_t be16(const uint8_t *p) { return (uint16_t)(p[0] << 8 | p[1]); }

static bool link_supported(uint32_t lt)
{
    return lt == 0 || lt == 1 || lt == 101 || lt == 113 || lt == 228 || lt == 229 || lt == 276;
}

/* UDP over IPv4 or IPv6 at ip[0..len). */
static int ip_udp(const uint8_t *ip, size_t len, uint16_t lo, uint16_t hi, acp_net_dir *dir,
                  const uint8_t **payload, size_t *n, const char **field)
{
    if (len < 1) { *field = "ip.version"; return -1; }
    const uint8_t *udp;
    size_t avail;
    unsigned version = ip[0] >> 4;
    if (version == 4) {
        if (len < 20) { *field = "ip.header"; return -1; }
        size_t ihl = (size_t)(ip[0] & 15) * 4;
        size_t total = be16(ip + 2);
        if (ihl < 20 || ihl > len) { *field = "ip.ihl"; return -1; }
        if (total < ihl) { *field = "ip.total_length"; return -1; }
        if (ip[9] != 17) return 0;
        if (be16(ip + 6) & 0x3FFF) return 0; /* a fragment of a larger datagram: not read */
        udp = ip + ihl;
        avail = (total < len ? total : len) - ihl;
    } else if (version == 6) {
        if (len < 40) { *field = "ip.header"; return -1; }
        if (ip[6] != 17) return 0;
        udp = ip + 40;
        size_t plen = be16(ip + 4);
        avail = plen < len - 40 ? plen : len - 40;
    } else {
        return 0;
    }
    if (avail < 8) { *field = "udp.header"; return -1; }
    uint16_t sport = be16(udp), dport = be16(udp + 2), ulen = be16(udp + 4);
    if (ulen < 8 || ulen > avail) { *field = "udp.length"; return -1; }
    if (dport >= lo && dport <= hi) *dir = ACP_NET_C2S;
    else if (sport >= lo && sport <= hi) *dir = ACP_NET_S2C;
    else return 0;
    *payload = udp + 8;
    *n = (size_t)ulen - 8;
    return 1;
}

int acp_capture_udp(uint32_t lt, const uint8_t *f, size_t len, uint16_t lo, uint16_t hi,
                    acp_net_dir *dir, const uint8_t **payload, size_t *n, const char **field)
{
    size_t off = 0;
    uint16_t ethertype = 0;
    switch (lt) {
    case 1: /* Ethernet, with 802.1Q tags */
        if (len < 14) { *field = "ethernet.header"; return -1; }
        off = 12;
        ethertype = be16(f + off);
        while (ethertype == 0x8100 || ethertype == 0x88A8) {
            if (len < off + 6) { *field = "ethernet.vlan"; return -1; }
            off += 4;
            ethertype = be16(f + off);
        }
        off += 2;
        if (ethertype != 0x0800 && ethertype != 0x86DD) return 0;
        break;
    case 0: /* BSD loopback: a 4-byte address family in the capturing host's order */
        if (len < 4) { *field = "loopback.family"; return -1; }
        off = 4;
        break;
    case 113: /* Linux cooked capture v1: the protocol at 14 */
        if (len < 16) { *field = "sll.header"; return -1; }
        ethertype = be16(f + 14);
        off = 16;
        if (ethertype != 0x0800 && ethertype != 0x86DD) return 0;
        break;
    case 276: /* Linux cooked capture v2: the protocol at 0 */
        if (len < 20) { *field = "sll2.header"; return -1; }
        ethertype = be16(f);
        off = 20;
        if (ethertype != 0x0800 && ethertype != 0x86DD) return 0;
        break;
    default: /* raw IP (101, 228, 229) */
        break;
    }
    return ip_udp(f + off, len - off, lo, hi, dir, payload, n, field);
}

/* One captured frame: kept (a datagram), skipped, or listed as malformed at file offset `at`. */
static void take_frame(acp_capture_builder *b, uint32_t lt, const uint8_t *frame, size_t len, double t,
                       uint64_t at, uint16_t lo, uint16_t hi, bool *have_t0, double *t0)
{
    acp_net_dir dir;
    const uint8_t *payload;
    size_t n;
    const char *field = "";
    int r = acp_capture_udp(lt, frame, len, lo, hi, &dir, &payload, &n, &field);
    if (r < 0) {
        acp_capture_diag(b, ACP_NET_ERR_PACKET, at, 0, field);
        return;
    }
    if (r == 0) {
        b->cap->skipped++;
        return;
    }
    if (!*have_t0) {
        *have_t0 = true;
        *t0 = t;
    }
    acp_datagram dg;
    memset(&dg, 0, sizeof dg);
    dg.t = t - *t0;
    dg.dir = dir;
    dg.pair = -1;
    dg.len = (uint32_t)n;
    dg.file_offset = at;
    (void)acp_capture_add(b, &dg, payload, n);
}

acp_net_status acp_capture_read_pcap(acp_capture_builder *b, const uint8_t *file, size_t size,
                                     uint16_t lo, uint16_t hi)
{
    if (size < 24) {
        acp_capture_diag(b, ACP_NET_ERR_CAPTURE_TRUNCATED, 0, 0, "pcap.header");
        return ACP_NET_OK;
    }
    uint32_t magic = rd32(file, false);
    bool swap = magic == 0xD4C3B2A1u || magic == 0x4D3CB2A1u;
    bool nano = magic == 0xA1B23C4Du || magic == 0x4D3CB2A1u;
    uint32_t lt = rd32(file + 20, swap) & 0x0FFFFFFFu;
    if (!link_supported(lt)) return ACP_NET_ERR_LINK_TYPE;
    bool have_t0 = false;
    double t0 = 0;
    size_t pos = 24;
    while (pos < size && b->oom == ACP_NET_OK) {
        if (size - pos < 16) {
            acp_capture_diag(b, ACP_NET_ERR_CAPTURE_TRUNCATED, pos, 0, "pcap.record");
            break;
        }
        uint32_t sec = rd32(file + pos, swap), frac = rd32(file + pos + 4, swap);
        uint32_t incl = rd32(file + pos + 8, swap);
        if (incl > size - pos - 16) {
            acp_capture_diag(b, ACP_NET_ERR_CAPTURE_TRUNCATED, pos + 8, 0, "pcap.record.incl_len");
            break;
        }
        double t = (double)sec + (double)frac / (nano ? 1e9 : 1e6);
        take_frame(b, lt, file + pos + 16, incl, t, pos, lo, hi, &have_t0, &t0);
        pos += 16 + (size_t)incl;
    }
    return ACP_NET_OK;
}

/* ---- pcapng ---- */

#define PCAPNG_MAX_IF 64

typedef struct ng_if {
    uint32_t link_type;
    double unit;                 /* seconds per timestamp tick */
} ng_if;

typedef struct ng_state {
    bool swap;
    ng_if ifs[PCAPNG_MAX_IF];
    size_t nif;
    bool have_t0;
    double t0, last_t;
} ng_state;

/* An interface description block's link type and if_tsresol option. */
static void ng_interface(acp_capture_builder *b, ng_state *s, const uint8_t *body, size_t n, size_t at)
{
    if (n < 8) {
        acp_capture_diag(b, ACP_NET_ERR_CAPTURE_TRUNCATED, at, 0, "pcapng.interface");
        return;
    }
    if (s->nif == PCAPNG_MAX_IF) {
        acp_capture_diag(b, ACP_NET_ERR_LIMIT, at, 0, "pcapng.interface");
        return;
    }
    ng_if *i = &s->ifs[s->nif++];
    i->link_type = rd16(body, s->swap);
    i->unit = 1e-6;
    for (size_t o = 8; o + 4 <= n;) {
        uint16_t code = rd16(body + o, s->swap), len = rd16(body + o + 2, s->swap);
        if (code == 0 || len > n - o - 4) break;
        if (code == 9 && len >= 1) {
            uint8_t v = body[o + 4];
            double base = (v & 0x80) ? 2.0 : 10.0;
            double unit = 1.0;
            for (unsigned k = 0; k < (v & 0x7Fu) && k < 64; k++) unit /= base;
            i->unit = unit;
        }
        o += 4 + (((size_t)len + 3) & ~(size_t)3);
    }
}

static void ng_packet(acp_capture_builder *b, ng_state *s, uint32_t type, const uint8_t *body, size_t n,
                      size_t at, uint16_t lo, uint16_t hi)
{
    uint32_t ifid = 0;
    const uint8_t *frame;
    size_t caplen;
    double t = s->last_t;
    if (type == 6) { /* enhanced packet */
        if (n < 20) { acp_capture_diag(b, ACP_NET_ERR_CAPTURE_TRUNCATED, at, 0, "pcapng.packet"); return; }
        ifid = rd32(body, s->swap);
        uint64_t ts = (uint64_t)rd32(body + 4, s->swap) << 32 | rd32(body + 8, s->swap);
        caplen = rd32(body + 12, s->swap);
        if (caplen > n - 20) { acp_capture_diag(b, ACP_NET_ERR_CAPTURE_TRUNCATED, at + 20, 0, "pcapng.packet.captured_length"); return; }
        frame = body + 20;
        if (ifid < s->nif) t = (double)ts * s->ifs[ifid].unit;
    } else { /* simple packet: the original length, the frame up to the block's end */
        if (n < 4) { acp_capture_diag(b, ACP_NET_ERR_CAPTURE_TRUNCATED, at, 0, "pcapng.packet"); return; }
        uint32_t orig = rd32(body, s->swap);
        caplen = orig < n - 4 ? orig : n - 4;
        frame = body + 4;
    }
    if (ifid >= s->nif) { acp_capture_diag(b, ACP_NET_ERR_PACKET, at + 8, 0, "pcapng.packet.interface"); return; }
    s->last_t = t;
    take_frame(b, s->ifs[ifid].link_type, frame, caplen, t, at, lo, hi, &s->have_t0, &s->t0);
}

acp_net_status acp_capture_read_pcapng(acp_capture_builder *b, const uint8_t *file, size_t size,
                                       uint16_t lo, uint16_t hi)
{
    ng_state s;
    memset(&s, 0, sizeof s);
    size_t pos = 0;
    while (pos < size && b->oom == ACP_NET_OK) {
        if (size - pos < 12) {
            acp_capture_diag(b, ACP_NET_ERR_CAPTURE_TRUNCATED, pos, 0, "pcapng.block");
            break;
        }
        uint32_t type = rd32(file + pos, false);
        if (type == 0x0A0D0D0Au) {
            uint32_t bom = rd32(file + pos + 8, false);
            if (bom != 0x1A2B3C4Du && bom != 0x4D3C2B1Au) {
                acp_capture_diag(b, ACP_NET_ERR_CAPTURE_FORMAT, pos + 8, 0, "pcapng.byte_order");
                break;
            }
            s.swap = bom == 0x4D3C2B1Au;
            s.nif = 0;
        } else {
            type = rd32(file + pos, s.swap);
        }
        uint32_t total = rd32(file + pos + 4, s.swap);
        if (total < 12 || (total & 3) || total > size - pos) {
            acp_capture_diag(b, ACP_NET_ERR_CAPTURE_TRUNCATED, pos + 4, 0, "pcapng.block.length");
            break;
        }
        const uint8_t *body = file + pos + 8;
        size_t n = total - 12;
        if (type == 1) {
            ng_interface(b, &s, body, n, pos);
            if (s.nif && !link_supported(s.ifs[s.nif - 1].link_type)) return ACP_NET_ERR_LINK_TYPE;
        } else if (type == 6 || type == 3) {
            ng_packet(b, &s, type, body, n, pos, lo, hi);
        }
        pos += total;
    }
    return ACP_NET_OK;
}
