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
#include "scenario/dereth.h"
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

/* Every line of a text parsed (a line that is not JSON: *bad its index, the docs so far kept). */
typedef struct parsed_lines {
    acp_jsonv_doc **docs;
    const acp_jsonv **roots;
    uint32_t count;
    uint32_t bad;                    /* UINT32_MAX: none */
    char err[256];
} parsed_lines;

static bool parse_all(parsed_lines *p, char **starts, const size_t *lens, uint32_t n)
{
    p->docs = calloc(n ? n : 1u, sizeof *p->docs);
    p->roots = calloc(n ? n : 1u, sizeof *p->roots);
    p->count = 0;
    p->bad = UINT32_MAX;
    if (!p->docs || !p->roots) return false;
    for (uint32_t i = 0; i < n; i++) {
        p->docs[i] = acp_cjson_parse_ex(starts[i], lens[i], true, p->err, sizeof p->err);
        if (!p->docs[i]) {
            p->bad = i;
            return true;
        }
        p->roots[i] = acp_jsonv_root(p->docs[i]);
        p->count++;
    }
    return true;
}

static void free_parsed(parsed_lines *p)
{
    for (uint32_t i = 0; p->docs && i < p->count; i++) acp_jsonv_doc_destroy(p->docs[i]);
    free(p->docs);
    free(p->roots);
}

/* The shape of a text's first line that is not a closing line (NONE when it does not parse). */
static acp_trace_shape text_shape(char **starts, const size_t *lens, uint32_t n)
{
    char err[64];
    for (uint32_t i = 0; i < n; i++) {
        acp_jsonv_doc *doc = acp_cjson_parse_ex(starts[i], lens[i], true, err, sizeof err);
        if (!doc) return ACP_TRACE_SHAPE_NONE;
        const acp_jsonv *v = acp_jsonv_root(doc);
        acp_trace_shape s = acp_trace_is_closing_line(v) ? ACP_TRACE_SHAPE_NONE : acp_trace_line_shape(v);
        bool closing = acp_trace_is_closing_line(v);
        acp_jsonv_doc_destroy(doc);
        if (!closing) return s;
    }
    return ACP_TRACE_SHAPE_NONE;
}

acp_trace_shape acp_cli_text_shape(char *text, size_t len)
{
    char **s = NULL;
    size_t *n = NULL;
    uint32_t c = split_lines(text, len, &s, &n);
    acp_trace_shape shape = c == UINT32_MAX ? ACP_TRACE_SHAPE_NONE : text_shape(s, n, c);
    free(s);
    free(n);
    return shape;
}

/* Traces of two shapes (frames against quanta: diff.h acp_trace_diff_shapes) or two dereth
 * traces (dereth.h, bit for bit; conform --format dereth applies dereth's tolerance). */
static bool diff_parsed(acp_trace_diff *d, char **sa, const size_t *na, uint32_t ca, char **sb, const size_t *nb,
                        uint32_t cb, acp_trace_shape shape_a, acp_trace_shape shape_b, bool exact)
{
    parsed_lines pa, pb;
    bool ok = parse_all(&pa, sa, na, ca) && parse_all(&pb, sb, nb, cb);
    if (ok && pa.bad != UINT32_MAX) acp_trace_diff_bad_line(d, pa.bad + 1u, 'a', pa.err);
    else if (ok && pb.bad != UINT32_MAX) acp_trace_diff_bad_line(d, pb.bad + 1u, 'b', pb.err);
    else if (ok && shape_a == ACP_TRACE_SHAPE_DERETH && shape_b == ACP_TRACE_SHAPE_DERETH)
        acp_dereth_diff(d, pa.roots, pa.count, pb.roots, pb.count, exact);
    else if (ok && (shape_a == ACP_TRACE_SHAPE_DERETH || shape_b == ACP_TRACE_SHAPE_DERETH)) {
        d->error = true;
        snprintf(d->message, sizeof d->message, "%s is a dereth trace and %s is not: a dereth trace compares only "
                 "with a dereth trace (acphys run --records quanta --format dereth writes one)",
                 shape_a == ACP_TRACE_SHAPE_DERETH ? "a" : "b", shape_a == ACP_TRACE_SHAPE_DERETH ? "b" : "a");
    } else if (ok && shape_a == ACP_TRACE_SHAPE_FRAMES)
        acp_trace_diff_shapes(d, pa.roots, pa.count, pb.roots, pb.count);
    else if (ok && shape_b == ACP_TRACE_SHAPE_FRAMES)
        acp_trace_diff_shapes(d, pb.roots, pb.count, pa.roots, pa.count);
    if (ok && !d->different && !d->error)
        snprintf(d->message, sizeof d->message, "the traces agree (%s)",
                 shape_a == ACP_TRACE_SHAPE_DERETH ? (exact ? "dereth records, bit for bit" : "dereth records, dereth's tolerance")
                                                   : "frames against quanta: every quantum, and each frame's last");
    free_parsed(&pa);
    free_parsed(&pb);
    return ok;
}

bool acp_cli_diff_shaped(acp_trace_diff *d, char *a, size_t la, char *b, size_t lb, FILE *all_out, bool exact)
{
    char **sa = NULL, **sb = NULL;
    size_t *na = NULL, *nb = NULL;
    uint32_t ca = split_lines(a, la, &sa, &na);
    uint32_t cb = split_lines(b, lb, &sb, &nb);
    bool ok = ca != UINT32_MAX && cb != UINT32_MAX;
    acp_trace_shape ta = ok ? text_shape(sa, na, ca) : ACP_TRACE_SHAPE_NONE;
    acp_trace_shape tb = ok ? text_shape(sb, nb, cb) : ACP_TRACE_SHAPE_NONE;
    bool special = ta == ACP_TRACE_SHAPE_DERETH || tb == ACP_TRACE_SHAPE_DERETH ||
                   (ta == ACP_TRACE_SHAPE_FRAMES && tb == ACP_TRACE_SHAPE_QUANTA) ||
                   (ta == ACP_TRACE_SHAPE_QUANTA && tb == ACP_TRACE_SHAPE_FRAMES);
    if (ok && special) {
        ok = diff_parsed(d, sa, na, ca, sb, nb, cb, ta, tb, exact);
        free(sa);
        free(sb);
        free(na);
        free(nb);
        return ok;
    }
    free(sa);
    free(sb);
    free(na);
    free(nb);
    return acp_cli_diff_texts(d, a, la, b, lb, all_out);
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
        acp_jsonv_doc *db = acp_cjson_parse_ex(sb[i], nb[i], true, err_b, sizeof err_b);
        if (db) acp_trace_diff_scan_b(d, acp_jsonv_root(db));
        else d->scanned = true;
        acp_jsonv_doc_destroy(db);
    }
    uint32_t n = ca > cb ? ca : cb;
    for (uint32_t i = 0; ok && i < n && !d->different && !d->error; i++) {
        acp_jsonv_doc *da = i < ca ? acp_cjson_parse_ex(sa[i], na[i], true, err, sizeof err) : NULL;
        acp_jsonv_doc *db = i < cb ? acp_cjson_parse_ex(sb[i], nb[i], true, err_b, sizeof err_b) : NULL;
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
    } else if (!acp_cli_diff_shaped(&d, a, la, b, lb, stdout, true)) {
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
