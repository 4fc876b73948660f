/* The network fixtures in tests/data/net (the fuzz target's seeds, and captures for anyone to
 * try): every file is what the encoder writes today (ACP_NET_WRITE_FIXTURES=1 acphys_tests
 * net_fixtures rewrites them), and each malformed one reads back to its pinned first problem. */
#include "test.h"

#include <stdlib.h>

#include "net_test_util.h"

#ifndef ACP_SOURCE_DIR
#define ACP_SOURCE_DIR "."
#endif

/* A capture fixture: the variant it holds, its format, and what reading it gives. */
typedef struct capture_fixture {
    const char *file;
    const char *variant;
    acp_capture_format format;
    size_t messages;
    acp_net_status status;       /* the first problem (OK: none) */
    acp_net_where where;
    int32_t datagram;
    uint64_t offset;
    const char *field;
} capture_fixture;

static const capture_fixture captures[] = {
    {"session.jsonl", "session", ACP_CAPTURE_JSONL, 13, ACP_NET_OK, 0, 0, 0, ""},
    {"session.pcap", "session", ACP_CAPTURE_PCAP, 13, ACP_NET_OK, 0, 0, 0, ""},
    {"session.pcapng", "session", ACP_CAPTURE_PCAPNG, 13, ACP_NET_OK, 0, 0, 0, ""},
    {"out-of-order.jsonl", "out-of-order", ACP_CAPTURE_JSONL, 13, ACP_NET_OK, 0, 0, 0, ""},
    {"retransmit.jsonl", "retransmit", ACP_CAPTURE_JSONL, 13, ACP_NET_OK, 0, 0, 0, ""},
    {"lost-fragment.jsonl", "lost-fragment", ACP_CAPTURE_JSONL, 13, ACP_NET_ERR_FRAGMENT_LOST, ACP_NET_AT_MESSAGE, 13, 0, "fragment.index"},
    {"bad-checksum.jsonl", "bad-checksum", ACP_CAPTURE_JSONL, 12, ACP_NET_ERR_CHECKSUM, ACP_NET_AT_DATAGRAM, 4, 8, "header.checksum"},
    {"truncated-datagram.jsonl", "truncated-datagram", ACP_CAPTURE_JSONL, 11, ACP_NET_ERR_TRUNCATED, ACP_NET_AT_DATAGRAM, 6, 8, "header.checksum"},
    {"fragment-count-lies.jsonl", "fragment-count-lies", ACP_CAPTURE_JSONL, 12, ACP_NET_ERR_FRAGMENT_COUNT, ACP_NET_AT_DATAGRAM, 14, 28, "fragment.count"},
    {"short-message.jsonl", "short-message", ACP_CAPTURE_JSONL, 16, ACP_NET_ERR_TRUNCATED, ACP_NET_AT_MESSAGE, 16, 44, "move_to_state.position"},
};

/* The bytes a fixture should hold (malloc'd). */
static uint8_t *fixture_bytes(const capture_fixture *f, size_t *size)
{
    net_list *l = net_variant(f->variant);
    if (!l) return NULL;
    uint8_t *out = f->format == ACP_CAPTURE_JSONL
                       ? (uint8_t *)acp_capture_write_jsonl(l->d, l->n, size)
                       : acp_capture_write_pcap(l->d, l->n, f->format, 50123, 9000, size);
    free(l);
    return out;
}

static uint8_t *read_file(const char *path, size_t *size)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) return NULL;
    uint8_t *buf = NULL;
    size_t n = 0, cap = 0;
    for (;;) {
        if (n == cap) {
            cap = cap ? cap * 2 : 65536;
            uint8_t *b = realloc(buf, cap);
            if (!b) { free(buf); fclose(fp); return NULL; }
            buf = b;
        }
        size_t got = fread(buf + n, 1, cap - n, fp);
        n += got;
        if (got == 0) break;
    }
    fclose(fp);
    *size = n;
    return buf;
}

static bool write_file(const char *path, const void *data, size_t size)
{
    FILE *fp = fopen(path, "wb");
    if (!fp) return false;
    bool ok = fwrite(data, 1, size, fp) == size;
    return fclose(fp) == 0 && ok;
}

/* Compare (or, with ACP_NET_WRITE_FIXTURES=1, write) one fixture file. */
static void check_or_write(const char *file, const uint8_t *want, size_t want_size)
{
    char path[512];
    snprintf(path, sizeof path, "%s/tests/data/net/%s", ACP_SOURCE_DIR, file);
    const char *w = getenv("ACP_NET_WRITE_FIXTURES");
    if (w && !strcmp(w, "1")) {
        ENSURE(write_file(path, want, want_size));
        return;
    }
    size_t size = 0;
    uint8_t *have = read_file(path, &size);
    ENSURE(have != NULL);
    if (!have) { fprintf(stderr, "  missing %s (ACP_NET_WRITE_FIXTURES=1 writes it)\n", path); return; }
    ENSURE_EQ(size, want_size);
    bool same = size == want_size && memcmp(have, want, size) == 0;
    if (!same) fprintf(stderr, "  %s differs from the encoder's output (ACP_NET_WRITE_FIXTURES=1 rewrites it)\n", path);
    ENSURE(same);
    free(have);
}

static void capture_fixtures_are_current_and_pinned(void)
{
    for (size_t i = 0; i < sizeof captures / sizeof captures[0]; i++) {
        const capture_fixture *f = &captures[i];
        acp_test_case = f->file;
        size_t size;
        uint8_t *bytes = fixture_bytes(f, &size);
        ENSURE(bytes != NULL);
        if (!bytes) continue;
        check_or_write(f->file, bytes, size);
        acp_capture c;
        acp_net_stream s;
        ENSURE_EQ(acp_capture_read(bytes, size, NULL, &c), ACP_NET_OK);
        ENSURE_EQ(c.format, f->format);
        ENSURE_EQ(c.diags.count, 0);
        ENSURE_EQ(acp_net_decode(c.datagrams, c.count, &s), ACP_NET_OK);
        ENSURE_EQ(s.count, f->messages);
        if (f->status == ACP_NET_OK) {
            ENSURE_EQ(s.diags.count, 0);
        } else if (s.diags.count == 0) {
            ENSURE(s.diags.count > 0);
        } else {
            const acp_net_diag *d = &s.diags.items[0];
            ENSURE_EQ(d->status, f->status);
            ENSURE_EQ(d->where, f->where);
            ENSURE_EQ(d->datagram, f->datagram);
            ENSURE_EQ(d->offset, f->offset);
            ENSURE(!strcmp(d->field, f->field));
        }
        acp_net_stream_free(&s);
        acp_capture_free(&c);
        free(bytes);
    }
    acp_test_case = "capture_fixtures_are_current_and_pinned";
}

/* One message of each kind, as bytes (the fuzz target decodes its input as a message too). */
static void message_fixtures_are_current(void)
{
    for (int k = ACP_MSG_MOVE_TO_STATE; k < ACP_MSG_KIND_COUNT; k++) {
        acp_game_msg m = net_test_sample((acp_msg_kind)k);
        uint8_t buf[512];
        size_t n = acp_msg_encode(&m, buf, sizeof buf, NULL);
        ENSURE(n > 0);
        char file[64];
        snprintf(file, sizeof file, "message-%s.bin", acp_msg_kind_name((acp_msg_kind)k));
        check_or_write(file, buf, n);
    }
}

/* The JSONL with malformed lines (net_capture's malformed_jsonl pins each problem). */
static void bad_lines_fixture_is_current(void)
{
    check_or_write("malformed-lines.jsonl", (const uint8_t *)net_test_bad_lines, strlen(net_test_bad_lines));
}

void suite_net_fixtures(void)
{
    RUN(bad_lines_fixture_is_current);
    RUN(capture_fixtures_are_current_and_pinned);
    RUN(message_fixtures_are_current);
}
