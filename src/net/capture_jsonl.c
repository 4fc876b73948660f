/* acphys — the JSONL capture: one datagram per line (see capture.h). A small flat-object reader:
 * string values (escapes skipped over, not decoded: no key or value the reader uses has one),
 * numbers, true, false and null; anything else in a line is ERR_JSONL_SYNTAX at its byte. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "net/capture_internal.h"

typedef struct line_cursor {
    const uint8_t *p;            /* the line */
    size_t n, pos;
} line_cursor;

typedef struct jsonl_line {
    bool has_t, has_dir, has_len, has_data;
    double t;
    acp_net_dir dir;
    int32_t pair;
    uint64_t len;
    size_t len_at, data_at, data_len;  /* data: the hex digits' offset and count in the line */
} jsonl_line;

/* The first problem of a line: its status, offset in the line and field. */
typedef struct line_error {
    acp_net_status status;
    size_t at;
    const char *field;
} line_error;

static void ws(line_cursor *c)
{
    while (c->pos < c->n && (c->p[c->pos] == ' ' || c->p[c->pos] == '\t' || c->p[c->pos] == '\r')) c->pos++;
}

static bool err_set(line_error *e, acp_net_status st, size_t at, const char *field)
{
    if (e->status == ACP_NET_OK) *e = (line_error){st, at, field};
    return false;
}

/* A string: *at and *len get its contents' offset and length (escapes left as they are). */
static bool read_string(line_cursor *c, size_t *at, size_t *len, line_error *e, const char *field)
{
    if (c->pos >= c->n || c->p[c->pos] != '"') return err_set(e, ACP_NET_ERR_JSONL_SYNTAX, c->pos, field);
    size_t start = ++c->pos;
    while (c->pos < c->n && c->p[c->pos] != '"') {
        if (c->p[c->pos] == '\\') c->pos++;
        c->pos++;
    }
    if (c->pos >= c->n) return err_set(e, ACP_NET_ERR_JSONL_SYNTAX, c->n, field);
    *at = start;
    *len = c->pos - start;
    c->pos++;
    return true;
}

/* A number token, converted with strtod over a bounded copy. */
static bool read_number(line_cursor *c, double *v, line_error *e, const char *field)
{
    size_t start = c->pos;
    while (c->pos < c->n && strchr("+-0123456789.eE", c->p[c->pos]) && c->p[c->pos]) c->pos++;
    size_t len = c->pos - start;
    char buf[64];
    if (len == 0 || len >= sizeof buf) return err_set(e, ACP_NET_ERR_JSONL_SYNTAX, start, field);
    memcpy(buf, c->p + start, len);
    buf[len] = '\0';
    char *end;
    *v = strtod(buf, &end);
    if (end != buf + len || !isfinite(*v)) return err_set(e, ACP_NET_ERR_JSONL_SYNTAX, start, field);
    return true;
}

static bool literal(line_cursor *c, const char *word)
{
    size_t k = strlen(word);
    if (c->n - c->pos < k || memcmp(c->p + c->pos, word, k) != 0) return false;
    c->pos += k;
    return true;
}

static bool skip_value(line_cursor *c, line_error *e)
{
    if (c->pos < c->n && c->p[c->pos] == '"') {
        size_t at, len;
        return read_string(c, &at, &len, e, "value");
    }
    if (literal(c, "true") || literal(c, "false") || literal(c, "null")) return true;
    double v;
    return read_number(c, &v, e, "value");
}

static bool key_is(const line_cursor *c, size_t at, size_t len, const char *name)
{
    return len == strlen(name) && memcmp(c->p + at, name, len) == 0;
}

static bool read_integer(line_cursor *c, double *v, line_error *e, const char *field, double max)
{
    size_t at = c->pos;
    if (!read_number(c, v, e, field)) return false;
    if (*v < 0 || *v > max || floor(*v) != *v) return err_set(e, ACP_NET_ERR_JSONL_SYNTAX, at, field);
    return true;
}

static bool read_member(line_cursor *c, jsonl_line *l, line_error *e)
{
    size_t kat, klen;
    if (!read_string(c, &kat, &klen, e, "key")) return false;
    ws(c);
    if (c->pos >= c->n || c->p[c->pos] != ':') return err_set(e, ACP_NET_ERR_JSONL_SYNTAX, c->pos, "key");
    c->pos++;
    ws(c);
    if (key_is(c, kat, klen, "t")) {
        l->has_t = true;
        return read_number(c, &l->t, e, "t");
    }
    if (key_is(c, kat, klen, "dir")) {
        size_t at, len;
        if (!read_string(c, &at, &len, e, "dir")) return false;
        l->has_dir = true;
        if (key_is(c, at, len, "c2s")) l->dir = ACP_NET_C2S;
        else if (key_is(c, at, len, "s2c")) l->dir = ACP_NET_S2C;
        else return err_set(e, ACP_NET_ERR_JSONL_DIR, at, "dir");
        return true;
    }
    if (key_is(c, kat, klen, "pair")) {
        double v;
        if (!read_integer(c, &v, e, "pair", INT32_MAX)) return false;
        l->pair = (int32_t)v;
        return true;
    }
    if (key_is(c, kat, klen, "len")) {
        double v;
        l->len_at = c->pos;
        if (!read_integer(c, &v, e, "len", 1e15)) return false;
        l->has_len = true;
        l->len = (uint64_t)v;
        return true;
    }
    if (key_is(c, kat, klen, "data")) {
        l->has_data = true;
        return read_string(c, &l->data_at, &l->data_len, e, "data");
    }
    return skip_value(c, e);
}

static bool read_object(line_cursor *c, jsonl_line *l, line_error *e)
{
    ws(c);
    if (c->pos >= c->n || c->p[c->pos] != '{') return err_set(e, ACP_NET_ERR_JSONL_SYNTAX, c->pos, "line");
    c->pos++;
    ws(c);
    if (c->pos < c->n && c->p[c->pos] == '}') {
        c->pos++;
    } else {
        for (;;) {
            ws(c);
            if (!read_member(c, l, e)) return false;
            ws(c);
            if (c->pos < c->n && c->p[c->pos] == ',') { c->pos++; continue; }
            if (c->pos < c->n && c->p[c->pos] == '}') { c->pos++; break; }
            return err_set(e, ACP_NET_ERR_JSONL_SYNTAX, c->pos, "line");
        }
    }
    ws(c);
    if (c->pos != c->n) return err_set(e, ACP_NET_ERR_JSONL_SYNTAX, c->pos, "line");
    if (!l->has_t) return err_set(e, ACP_NET_ERR_JSONL_SYNTAX, 0, "t");
    if (!l->has_dir) return err_set(e, ACP_NET_ERR_JSONL_SYNTAX, 0, "dir");
    if (!l->has_len) return err_set(e, ACP_NET_ERR_JSONL_SYNTAX, 0, "len");
    if (!l->has_data) return err_set(e, ACP_NET_ERR_JSONL_SYNTAX, 0, "data");
    return true;
}

static int hex_digit(uint8_t ch)
{
    if (ch >= '0' && ch <= '9') return ch - '0';
    if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
    return -1;
}

/* The line's data as bytes, appended; false on a bad digit, a length mismatch or no memory. */
static bool take_data(acp_capture_builder *b, const line_cursor *c, const jsonl_line *l, line_error *e,
                      acp_datagram *dg)
{
    if (l->data_len & 1) return err_set(e, ACP_NET_ERR_HEX, l->data_at + l->data_len, "data");
    size_t n = l->data_len / 2;
    if (n != l->len) return err_set(e, ACP_NET_ERR_LEN_MISMATCH, l->len_at, "len");
    size_t off;
    uint8_t *out = acp_capture_reserve(b, n, &off);
    if (!out) return false;
    for (size_t i = 0; i < n; i++) {
        int hi = hex_digit(c->p[l->data_at + 2 * i]), lo = hex_digit(c->p[l->data_at + 2 * i + 1]);
        if (hi < 0 || lo < 0) {
            b->cap->bytes_size_ = off;
            return err_set(e, ACP_NET_ERR_HEX, l->data_at + 2 * i + (hi < 0 ? 0 : 1), "data");
        }
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    dg->len = (uint32_t)n;
    return acp_capture_add_reserved(b, dg, off);
}

acp_net_status acp_capture_read_jsonl(acp_capture_builder *b, const uint8_t *file, size_t size)
{
    size_t first = 0;
    while (first < size && (file[first] == ' ' || file[first] == '\t' || file[first] == '\r' || file[first] == '\n'))
        first++;
    if (first < size && file[first] != '{') return ACP_NET_ERR_CAPTURE_FORMAT;
    uint32_t line = 0;
    for (size_t start = 0; start < size && b->oom == ACP_NET_OK;) {
        const uint8_t *nl = memchr(file + start, '\n', size - start);
        size_t end = nl ? (size_t)(nl - file) : size;
        line++;
        line_cursor c = {file + start, end - start, 0};
        ws(&c);
        if (c.pos < c.n) {
            jsonl_line l;
            memset(&l, 0, sizeof l);
            l.pair = -1;
            line_error e = {ACP_NET_OK, 0, ""};
            acp_datagram dg;
            memset(&dg, 0, sizeof dg);
            if (read_object(&c, &l, &e)) {
                dg.t = l.t;
                dg.dir = l.dir;
                dg.pair = l.pair;
                dg.file_offset = start;
                dg.line = line;
                (void)take_data(b, &c, &l, &e, &dg);
            }
            if (e.status != ACP_NET_OK) acp_capture_diag(b, e.status, start + e.at, line, e.field);
        }
        start = end + 1;
    }
    return ACP_NET_OK;
}
