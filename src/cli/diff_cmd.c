/* acphys — `acphys diff <a.jsonl> <b.jsonl>`: the first frame and field where two traces differ.
 * The comparison is src/scenario/diff.h; bin/acphys.mjs reads and splits the files the same way
 * and hands JSON.parse trees to the same C code through the .wasm. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cjson_bridge.h"
#include "commands.h"
#include "scenario/diff.h"

/* The lines of a JSON Lines text: split at '\n', a trailing '\r' removed, lines that are empty
 * or only spaces and tabs skipped. Returns the count; starts[i], lens[i] describe line i. */
static uint32_t split_lines(char *text, size_t len, char ***starts, size_t **lens)
{
    uint32_t cap = 64, n = 0;
    *starts = malloc(cap * sizeof **starts);
    *lens = malloc(cap * sizeof **lens);
    size_t pos = 0;
    while (*starts && *lens && pos < len) {
        char *nl = memchr(text + pos, '\n', len - pos);
        size_t end = nl ? (size_t)(nl - text) : len;
        size_t l = end - pos;
        if (l && text[pos + l - 1] == '\r') l--;
        bool blank = true;
        for (size_t i = 0; i < l && blank; i++) blank = text[pos + i] == ' ' || text[pos + i] == '\t';
        if (!blank) {
            if (n == cap) {
                cap *= 2;
                char **s2 = realloc(*starts, cap * sizeof **starts);
                if (s2) *starts = s2;
                size_t *l2 = realloc(*lens, cap * sizeof **lens);
                if (l2) *lens = l2;
                if (!s2 || !l2) return UINT32_MAX;
            }
            (*starts)[n] = text + pos;
            (*lens)[n] = l;
            n++;
        }
        pos = end + 1;
    }
    return *starts && *lens ? n : UINT32_MAX;
}

/* How many of a file's first bytes a "not a trace file" message shows. */
#define NOT_TRACE_BYTES 16

/* A file whose first line does not open a JSON object is not a trace (a text, a DAT): say so,
 * with its first bytes in hex and as text (printable ASCII as it is, \n \r \t escaped, any
 * other byte a '.'). bin/acphys.mjs notTraceFile prints the same. */
static void not_a_trace_file(const char *path, const unsigned char *bytes, size_t len)
{
    size_t n = len < NOT_TRACE_BYTES ? len : NOT_TRACE_BYTES;
    fprintf(stderr, "acphys: diff: %s is not a trace file (JSON Lines, one {\"frame\": ...} object per line, "
                    "as acphys run --trace writes): its first bytes are", path);
    for (size_t i = 0; i < n; i++) fprintf(stderr, " %02x", bytes[i]);
    fputs(" \"", stderr);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = bytes[i];
        if (c == '\n') fputs("\\n", stderr);
        else if (c == '\r') fputs("\\r", stderr);
        else if (c == '\t') fputs("\\t", stderr);
        else if (c == '"' || c == '\\') fprintf(stderr, "\\%c", c);
        else fputc(c >= 0x20 && c < 0x7f ? c : '.', stderr);
    }
    fprintf(stderr, "\"%s\n", len > n ? "..." : "");
}

/* True when a file has no lines or its first line opens a JSON object ('{' after spaces, tabs or
 * a UTF-8 byte order mark), as every trace line does: a file that fails this is no trace at all,
 * while a trace line that is malformed further on gets the line's own message (its column). */
static bool first_line_opens_object(char **starts, const size_t *lens, uint32_t count)
{
    if (count == 0) return true;
    const unsigned char *p = (const unsigned char *)starts[0];
    size_t n = lens[0], i = 0;
    if (n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF) i = 3;
    while (i < n && (p[i] == ' ' || p[i] == '\t')) i++;
    return i < n && p[i] == '{';
}

int acp_cli_diff(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "acphys diff: needs two trace files, not %d\nusage: acphys diff <a.jsonl> <b.jsonl>\n", argc);
        return 2;
    }
    char err[256];
    size_t la = 0, lb = 0;
    char *a = acp_read_file(argv[0], ACP_CLI_MAX_TEXT_FILE, &la, err, sizeof err);
    if (!a) {
        fprintf(stderr, "acphys: %s: cannot read the trace: %s\n", argv[0], err);
        return 2;
    }
    char *b = acp_read_file(argv[1], ACP_CLI_MAX_TEXT_FILE, &lb, err, sizeof err);
    if (!b) {
        fprintf(stderr, "acphys: %s: cannot read the trace: %s\n", argv[1], err);
        free(a);
        return 2;
    }
    char **sa = NULL, **sb = NULL;
    size_t *na = NULL, *nb = NULL;
    uint32_t ca = split_lines(a, la, &sa, &na);
    uint32_t cb = split_lines(b, lb, &sb, &nb);
    int status = 2;
    if (ca == UINT32_MAX || cb == UINT32_MAX) {
        fprintf(stderr, "acphys: out of memory\n");
    } else if (!first_line_opens_object(sa, na, ca)) {
        not_a_trace_file(argv[0], (const unsigned char *)a, la);
    } else if (!first_line_opens_object(sb, nb, cb)) {
        not_a_trace_file(argv[1], (const unsigned char *)b, lb);
    } else {
        acp_trace_diff d;
        acp_trace_diff_init(&d);
        uint32_t n = ca > cb ? ca : cb;
        for (uint32_t i = 0; i < n && !d.different && !d.error; i++) {
            char err_b[256];
            acp_jsonv_doc *da = i < ca ? acp_cjson_parse(sa[i], na[i], err, sizeof err) : NULL;
            acp_jsonv_doc *db = i < cb ? acp_cjson_parse(sb[i], nb[i], err_b, sizeof err_b) : NULL;
            if (i < ca && !da) acp_trace_diff_bad_line(&d, i + 1, 'a', err);
            else if (i < cb && !db) acp_trace_diff_bad_line(&d, i + 1, 'b', err_b);
            else if (!db) acp_trace_diff_extra_line(&d, i + 1, 'a', acp_jsonv_root(da));
            else if (!da) acp_trace_diff_extra_line(&d, i + 1, 'b', acp_jsonv_root(db));
            else acp_trace_diff_line(&d, i + 1, acp_jsonv_root(da), acp_jsonv_root(db));
            acp_jsonv_doc_destroy(da);
            acp_jsonv_doc_destroy(db);
        }
        bool same = acp_trace_diff_finish(&d, ca, cb);
        if (d.error) fprintf(stderr, "acphys: diff: %s\n", d.message);
        else printf("%s\n", d.message);
        status = same ? 0 : d.error ? 2 : 1;
    }
    free(sa);
    free(sb);
    free(na);
    free(nb);
    free(a);
    free(b);
    return status;
}
