/* acphys — `acphys diff <a.jsonl> <b.jsonl>`: the first frame and field where two traces differ.
 * The comparison is src/scenario/diff.h; bin/acphys.mjs reads and splits the files the same way
 * and hands JSON.parse trees to the same C code through the .wasm. Options: diff.h OPTIONS;
 * --all prints one line per differing trace line before the closing message. A file whose first
 * line does not open a JSON object is "not a trace file", with its first 16 bytes. */
#include <stdbool.h>
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
#define NOT_TRACE_BYTES ACP_TRACE_NOT_A_TRACE_BYTES

/* A file whose first line does not open a JSON object is not a trace (a text, a DAT): say so,
 * with its first bytes in hex and as text (printable ASCII as it is, \n \r \t escaped, any
 * other byte a '.'). bin/acphys.mjs notTraceFile prints the same. */
void acp_cli_print_first_bytes(FILE *f, const unsigned char *bytes, size_t len)
{
    size_t n = len < NOT_TRACE_BYTES ? len : NOT_TRACE_BYTES;
    fputs(" its first bytes are", f);
    for (size_t i = 0; i < n; i++) fprintf(f, " %02x", bytes[i]);
    fputs(" \"", f);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = bytes[i];
        if (c == '\n') fputs("\\n", f);
        else if (c == '\r') fputs("\\r", f);
        else if (c == '\t') fputs("\\t", f);
        else if (c == '"' || c == '\\') fprintf(f, "\\%c", c);
        else fputc(c >= 0x20 && c < 0x7f ? c : '.', f);
    }
    fprintf(f, "\"%s\n", len > n ? "..." : "");
}

static void not_a_trace_file(const char *path, const unsigned char *bytes, size_t len)
{
    fprintf(stderr, "acphys: diff: %s is not a trace file (JSON Lines, one {\"frame\": ...} object per line, "
                    "as acphys run --trace writes):", path);
    acp_cli_print_first_bytes(stderr, bytes, len);
}

bool acp_cli_diff_texts(acp_trace_diff *d, char *a, size_t la, char *b, size_t lb, FILE *all_out)
{
    char **sa = NULL, **sb = NULL;
    size_t *na = NULL, *nb = NULL;
    uint32_t ca = split_lines(a, la, &sa, &na);
    uint32_t cb = split_lines(b, lb, &sb, &nb);
    bool ok = ca != UINT32_MAX && cb != UINT32_MAX;
    char err[256], err_b[256];
    /* First which fields b writes anywhere (a field it never writes is "not written"). */
    for (uint32_t i = 0; ok && i < cb; i++) {
        acp_jsonv_doc *db = acp_cjson_parse(sb[i], nb[i], err_b, sizeof err_b);
        if (db) acp_trace_diff_scan_b(d, acp_jsonv_root(db));
        else d->scanned = true;
        acp_jsonv_doc_destroy(db);
    }
    uint32_t n = ca > cb ? ca : cb;
    for (uint32_t i = 0; ok && i < n && !d->different && !d->error; i++) {
        acp_jsonv_doc *da = i < ca ? acp_cjson_parse(sa[i], na[i], err, sizeof err) : NULL;
        acp_jsonv_doc *db = i < cb ? acp_cjson_parse(sb[i], nb[i], err_b, sizeof err_b) : NULL;
        if (i < ca && !da) acp_trace_diff_bad_line(d, i + 1, 'a', err);
        else if (i < cb && !db) acp_trace_diff_bad_line(d, i + 1, 'b', err_b);
        else if (!db) acp_trace_diff_extra_line(d, i + 1, 'a', acp_jsonv_root(da));
        else if (!da) acp_trace_diff_extra_line(d, i + 1, 'b', acp_jsonv_root(db));
        else acp_trace_diff_line(d, i + 1, acp_jsonv_root(da), acp_jsonv_root(db));
        acp_jsonv_doc_destroy(da);
        acp_jsonv_doc_destroy(db);
        if (d->different && d->opt.all && !d->error) {
            if (all_out) fprintf(all_out, "%s\n", d->summary);
            acp_trace_diff_next(d);
        }
    }
    if (ok) acp_trace_diff_finish(d, ca, cb);
    free(sa);
    free(sb);
    free(na);
    free(nb);
    return ok;
}

int acp_cli_parse_diff_option(acp_diff_options *o, int argc, char **argv, int *i)
{
    const char *name = argv[*i];
    const char *value = NULL;
    if (acp_diff_option_takes_value(name)) {
        if (*i + 1 >= argc) {
            fprintf(stderr, "acphys: %s: a value is needed\n", name);
            return 2;
        }
        value = argv[++*i];
    }
    char err[640];
    if (!acp_diff_options_set(o, name, value, err, sizeof err)) {
        fprintf(stderr, "acphys: %s\n", err);
        return 2;
    }
    return 0;
}

/* The usage line of diff (its options from diff.h); bin/acphys.mjs DIFF_USAGE prints the same. */
#define DIFF_USAGE_FMT "usage: acphys diff <a.jsonl> <b.jsonl> %s [--all]\n"

int acp_cli_diff(int argc, char **argv)
{
    acp_diff_options o;
    acp_diff_options_init(&o);
    const char *files[2] = { NULL, NULL };
    const char *unknown = NULL;
    int nfiles = 0;
    /* The options first (the first bad one is the error), then the first unknown option, then
     * the count of files: bin/acphys.mjs diff checks in the same order. */
    for (int i = 0; i < argc; i++) {
        if (acp_diff_option_known(argv[i])) {
            if (acp_cli_parse_diff_option(&o, argc, argv, &i)) return 2;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            if (!unknown) unknown = argv[i];
        } else {
            if (nfiles < 2) files[nfiles] = argv[i];
            nfiles++;
        }
    }
    if (unknown) {
        fprintf(stderr, "acphys diff: unknown option \"%s\"\n" DIFF_USAGE_FMT, unknown, ACP_DIFF_OPTIONS_USAGE);
        return 2;
    }
    if (nfiles != 2) {
        fprintf(stderr, "acphys diff: needs two trace files, not %d\n" DIFF_USAGE_FMT, nfiles, ACP_DIFF_OPTIONS_USAGE);
        return 2;
    }
    char err[256];
    size_t la = 0, lb = 0;
    char *a = acp_read_file(files[0], ACP_CLI_MAX_TEXT_FILE, &la, err, sizeof err);
    if (!a) {
        fprintf(stderr, "acphys: %s: cannot read the trace: %s\n", files[0], err);
        return 2;
    }
    char *b = acp_read_file(files[1], ACP_CLI_MAX_TEXT_FILE, &lb, err, sizeof err);
    if (!b) {
        fprintf(stderr, "acphys: %s: cannot read the trace: %s\n", files[1], err);
        free(a);
        return 2;
    }
    acp_trace_diff d;
    acp_trace_diff_init_with(&d, &o);
    int status = 2;
    if (!acp_trace_text_opens_object(a, la)) {
        not_a_trace_file(files[0], (const unsigned char *)a, la);
    } else if (!acp_trace_text_opens_object(b, lb)) {
        not_a_trace_file(files[1], (const unsigned char *)b, lb);
    } else if (!acp_cli_diff_texts(&d, a, la, b, lb, stdout)) {
        fprintf(stderr, "acphys: out of memory\n");
    } else {
        bool same = !d.different && !d.error;
        if (d.error) fprintf(stderr, "acphys: diff: %s\n", d.message);
        else printf("%s\n", d.message);
        status = same ? 0 : d.error ? 2 : 1;
    }
    free(a);
    free(b);
    return status;
}
