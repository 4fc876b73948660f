/* acphys — writing captures: JSONL text, and pcap / pcapng files of IPv4 + UDP packets (see
 * capture.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dat/reader.h"
#include "net/capture.h"

/* The line's text before the hex digits (at most ~360 characters: %.6f of the largest double
 * has 309 digits before the point). */
static int line_head(char *buf, size_t cap, const acp_datagram *d)
{
    const char *dir = d->dir == ACP_NET_S2C ? "s2c" : "c2s";
    if (d->pair >= 0)
        return snprintf(buf, cap, "{\"t\": %.6f, \"dir\": \"%s\", \"pair\": %d, \"len\": %u, \"data\": \"", d->t, dir,
                        (int)d->pair, (unsigned)d->len);
    return snprintf(buf, cap, "{\"t\": %.6f, \"dir\": \"%s\", \"len\": %u, \"data\": \"", d->t, dir, (unsigned)d->len);
}

char *acp_capture_write_jsonl(const acp_datagram *dg, size_t n, size_t *size)
{
    char head[512];
    size_t cap = 1;
    for (size_t i = 0; i < n; i++) {
        if (!isfinite(dg[i].t)) return NULL;
        int k = line_head(head, sizeof head, &dg[i]);
        if (k < 0 || (size_t)k >= sizeof head) return NULL;
        cap += (size_t)k + 2 * (size_t)dg[i].len + 3;
    }
    char *out = malloc(cap);
    if (!out) return NULL;
    size_t pos = 0;
    static const char hex[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        const acp_datagram *d = &dg[i];
        int k = line_head(head, sizeof head, d);
        memcpy(out + pos, head, (size_t)k);
        pos += (size_t)k;
        for (uint32_t b = 0; b < d->len; b++) {
            out[pos++] = hex[d->data[b] >> 4];
            out[pos++] = hex[d->data[b] & 15];
        }
        memcpy(out + pos, "\"}\n", 3);
        pos += 3;
    }
    out[pos] = '\0';
    if (size) *size = pos;
    return out;
}

static void be16(uint8_t *p, uint16_t v) { p[0] = (uint8_t)(v >> 8); p[1] = (uint8_t)v; }

/* An IPv4 + UDP packet (28 bytes of headers) of datagram d into p. */
static size_t ip_udp(uint8_t *p, const acp_datagram *d, uint16_t client_port, uint16_t server_port)
{
    size_t total = 28 + (size_t)d->len;
    bool c2s = d->dir == ACP_NET_C2S;
    memset(p, 0, 28);
    p[0] = 0x45;
    be16(p + 2, (uint16_t)total);
    be16(p + 6, 0x4000); /* don't fragment */
    p[8] = 64;
    p[9] = 17;
    const uint8_t client[4] = {127, 0, 0, 1}, server[4] = {127, 0, 0, 2};
    memcpy(p + 12, c2s ? client : server, 4);
    memcpy(p + 16, c2s ? server : client, 4);
    uint32_t sum = 0;
    for (int i = 0; i < 20; i += 2) sum += (uint32_t)(p[i] << 8 | p[i + 1]);
    while (sum >> 16) sum = (sum & 0xFFFF) + (sum >> 16);
    be16(p + 10, (uint16_t)~sum);
    be16(p + 20, c2s ? client_port : server_port);
    be16(p + 22, c2s ? server_port : client_port);
    be16(p + 24, (uint16_t)(8 + d->len));
    if (d->len) memcpy(p + 28, d->data, d->len);
    return total;
}

static void time_parts(double t, uint32_t *sec, uint32_t *usec)
{
    if (!(t > 0)) t = 0;
    double whole = (double)(uint64_t)t;
    uint64_t us = (uint64_t)((t - whole) * 1e6 + 0.5);
    *sec = (uint32_t)whole + (uint32_t)(us / 1000000);
    *usec = (uint32_t)(us % 1000000);
}

uint8_t *acp_capture_write_pcap(const acp_datagram *dg, size_t n, acp_capture_format format,
                                uint16_t client_port, uint16_t server_port, size_t *size)
{
    if (format == ACP_CAPTURE_JSONL) return NULL;
    bool ng = format == ACP_CAPTURE_PCAPNG;
    size_t cap = 64;
    for (size_t i = 0; i < n; i++) {
        if (dg[i].len > 0xFFFF - 28) return NULL;
        cap += 32 + 14 + 28 + (size_t)dg[i].len + 8;
    }
    uint8_t *out = calloc(1, cap);
    if (!out) return NULL;
    size_t pos = 0;
    if (!ng) { /* classic pcap, microseconds, LINKTYPE_IPV4 (228) */
        acp_put_u32(out, 0xA1B2C3D4u);
        acp_put_u16(out + 4, 2);
        acp_put_u16(out + 6, 4);
        acp_put_u32(out + 16, 65535);
        acp_put_u32(out + 20, 228);
        pos = 24;
    } else { /* section header, then one Ethernet interface (microseconds by default) */
        acp_put_u32(out, 0x0A0D0D0Au);
        acp_put_u32(out + 4, 28);
        acp_put_u32(out + 8, 0x1A2B3C4Du);
        acp_put_u16(out + 12, 1);
        acp_put_u16(out + 14, 0);
        acp_put_u32(out + 16, 0xFFFFFFFFu);
        acp_put_u32(out + 20, 0xFFFFFFFFu);
        acp_put_u32(out + 24, 28);
        acp_put_u32(out + 28, 1);
        acp_put_u32(out + 32, 20);
        acp_put_u16(out + 36, 1);
        acp_put_u32(out + 40, 65535);
        acp_put_u32(out + 44, 20);
        pos = 48;
    }
    for (size_t i = 0; i < n; i++) {
        uint32_t sec, usec;
        time_parts(dg[i].t, &sec, &usec);
        if (!ng) {
            size_t len = ip_udp(out + pos + 16, &dg[i], client_port, server_port);
            acp_put_u32(out + pos, sec);
            acp_put_u32(out + pos + 4, usec);
            acp_put_u32(out + pos + 8, (uint32_t)len);
            acp_put_u32(out + pos + 12, (uint32_t)len);
            pos += 16 + len;
            continue;
        }
        uint8_t *frame = out + pos + 28;
        memset(frame, 0, 12);
        frame[0] = 0x02; frame[6] = 0x02; frame[11] = 1; /* locally administered MACs */
        be16(frame + 12, 0x0800);
        size_t len = 14 + ip_udp(frame + 14, &dg[i], client_port, server_port);
        size_t padded = (len + 3) & ~(size_t)3;
        size_t total = 32 + padded;
        uint64_t ts = (uint64_t)sec * 1000000u + usec;
        acp_put_u32(out + pos, 6);
        acp_put_u32(out + pos + 4, (uint32_t)total);
        acp_put_u32(out + pos + 8, 0);
        acp_put_u32(out + pos + 12, (uint32_t)(ts >> 32));
        acp_put_u32(out + pos + 16, (uint32_t)ts);
        acp_put_u32(out + pos + 20, (uint32_t)len);
        acp_put_u32(out + pos + 24, (uint32_t)len);
        memset(out + pos + 28 + len, 0, padded - len);
        acp_put_u32(out + pos + 28 + padded, (uint32_t)total);
        pos += total;
    }
    if (size) *size = pos;
    return out;
}
