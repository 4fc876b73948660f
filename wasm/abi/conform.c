/* acphys — the WebAssembly ABI of conformance (issue 23): the diff options (src/scenario/diff.h
 * OPTIONS) and `acphys conform` (src/scenario/conform.h); wasm/conform.mjs is the JavaScript over
 * these, and the page's comparison of dereth records (web/src/compare.ts). Conventions: wasm/abi/abi.h. */
#include "abi.h"

#include <stdio.h>

#include "scenario/conform.h"
#include "scenario/dereth.h"

/** Diff options (src/scenario/diff.h OPTIONS), every field bit for bit; 0 when out of memory. */
ACP_ABI acp_diff_options *acp_abi_diff_options_create(void)
{
    acp_diff_options *o = malloc(sizeof *o);
    if (o) acp_diff_options_init(o);
    return o;
}
ACP_ABI void acp_abi_diff_options_free(acp_diff_options *o) { free(o); }
/** Apply one option (NUL-terminated name, value or 0): 1, or 0 with the message in err. */
ACP_ABI int acp_abi_diff_options_set(acp_diff_options *o, const char *name, const char *value, char *err,
                                     uint32_t err_size)
{
    return acp_diff_options_set(o, name, value, err, err_size);
}
/** 1 when the option name takes a value (--fields, --ulps, --abs); 2 when it takes none (--all);
 *  0 for a name that is no diff option. */
ACP_ABI int acp_abi_diff_option_kind(const char *name)
{
    return acp_diff_option_takes_value(name) ? 1 : acp_diff_option_known(name) ? 2 : 0;
}
/** The options' usage text. */
ACP_ABI const char *acp_abi_diff_options_usage(void) { return ACP_DIFF_OPTIONS_USAGE; }
/** A comparison with options (copied); 0 when out of memory. Free with acp_abi_diff_free. */
ACP_ABI acp_trace_diff *acp_abi_diff_create_with(const acp_diff_options *o)
{
    acp_trace_diff *d = malloc(sizeof *d);
    if (d) acp_trace_diff_init_with(d, o);
    return d;
}
/** One line of trace b (a binary JSON document, or 0 for a line that is not JSON), before the
 *  comparison: which fields b writes. */
ACP_ABI void acp_abi_diff_scan_b(acp_trace_diff *d, const uint8_t *b, uint32_t size)
{
    acp_jsonv_doc *db = b ? acp_jsonv_decode(b, size, NULL, 0) : NULL;
    if (db) acp_trace_diff_scan_b(d, acp_jsonv_root(db));
    else d->scanned = true;
    acp_jsonv_doc_destroy(db);
}
/** 1 when --all is on and the last line differed: the host prints acp_abi_diff_summary and
 *  calls acp_abi_diff_next to go on. */
ACP_ABI int acp_abi_diff_go_on(const acp_trace_diff *d) { return d->opt.all && d->different && !d->error; }
ACP_ABI void acp_abi_diff_next(acp_trace_diff *d) { acp_trace_diff_next(d); }
/** The one-line form of the last difference. */
ACP_ABI const char *acp_abi_diff_summary(const acp_trace_diff *d) { return d->summary; }

typedef struct abi_conform {
    acp_conform c;
    acp_text report;
} abi_conform;

/** A conformance run with the command line's options (copied); 0 when out of memory. */
ACP_ABI abi_conform *acp_abi_conform_create(const acp_diff_options *o)
{
    abi_conform *c = malloc(sizeof *c);
    if (!c) return NULL;
    acp_conform_init(&c->c, o);
    acp_text_init(&c->report);
    return c;
}
ACP_ABI void acp_abi_conform_free(abi_conform *c)
{
    if (!c) return;
    acp_conform_free(&c->c);
    acp_text_free(&c->report);
    free(c);
}
/** A comparison for one case judging `fields_csv` (unless --fields was given), or 0 with the
 *  reason in err (an unknown field; an empty err: out of memory). Free with acp_abi_diff_free. */
ACP_ABI acp_trace_diff *acp_abi_conform_case_diff(const abi_conform *c, const char *fields_csv, char *err,
                                                  uint32_t err_size)
{
    acp_diff_options o;
    if (err_size) err[0] = '\0';
    if (!acp_conform_case_options(&c->c, fields_csv, &o, err, err_size)) return NULL;
    return acp_abi_diff_create_with(&o);
}
/** Record a case: d finished, or 0 when the port's trace is missing. 1, or 0 when out of memory. */
ACP_ABI int acp_abi_conform_add(abi_conform *c, const char *group, const char *name, const acp_trace_diff *d)
{
    return acp_conform_add(&c->c, group, name, d);
}
/** A case whose trace could not be read: a failing row with `why`. */
ACP_ABI int acp_abi_conform_add_unreadable(abi_conform *c, const char *group, const char *name, const char *why)
{
    acp_trace_diff d;
    acp_trace_diff_init(&d);
    d.error = true;
    acp_text t;
    acp_text_fixed(&t, d.message, sizeof d.message);
    acp_text_put(&t, "cannot read ");
    acp_text_put(&t, name);
    acp_text_put(&t, ".jsonl: ");
    acp_text_put(&t, why);
    return acp_conform_add(&c->c, group, name, &d);
}
/** A case that fails with `message` as it is (a trace of a kind conform cannot judge here, a file
 *  it cannot read named by its path): a failing row, as src/cli/conform_cmd.c judge_case. */
ACP_ABI int acp_abi_conform_add_error(abi_conform *c, const char *group, const char *name, const char *message)
{
    acp_trace_diff d;
    acp_trace_diff_init(&d);
    d.error = true;
    acp_text t;
    acp_text_fixed(&t, d.message, sizeof d.message);
    acp_text_put(&t, message);
    return acp_conform_add(&c->c, group, name, &d);
}
/** Name d's sides by their files (acp_trace_diff_name_sides): conform's golden and trace paths. */
ACP_ABI void acp_abi_diff_name_sides(acp_trace_diff *d, const char *a_name, const char *b_name)
{
    acp_trace_diff_name_sides(d, a_name, b_name);
}
/** Mark d: trace `which` ('a' 97 or 'b' 98) is not a trace file (acp_trace_diff_not_a_trace):
 *  `head` its first head_len bytes (at most 16 are shown), total_len its size. */
ACP_ABI void acp_abi_diff_not_a_trace(acp_trace_diff *d, int which, const uint8_t *head, uint32_t head_len,
                                      double total_len)
{
    acp_trace_diff_not_a_trace(d, (char)which, head, head_len, (size_t)total_len);
}
/** Cases recorded so far. */
ACP_ABI uint32_t acp_abi_conform_count(const abi_conform *c) { return c->c.count; }
/** The report (acp_conform_report), or 0 when out of memory. */
ACP_ABI const char *acp_abi_conform_report(abi_conform *c)
{
    acp_text_clear(&c->report);
    acp_conform_report(&c->c, &c->report);
    return c->report.oom ? NULL : c->report.data;
}
/** 1 when at least one case was judged and all passed. */
ACP_ABI int acp_abi_conform_passed(const abi_conform *c) { return acp_conform_passed(&c->c); }

/** Two traces in dereth's record shape (src/scenario/dereth.h acp_dereth_diff: dereth's
 *  tolerance rule, or bit for bit with exact 1), for the page's comparison of a dropped trace
 *  with a case's golden: the golden's na and the port's nb records, each a binary JSON document
 *  (src/scenario/jsonv.h) laid end to end at a and b, their byte sizes in a_sizes and b_sizes.
 *  The verdict goes into d (acp_abi_diff_message, acp_abi_diff_summary, acp_abi_diff_error):
 *  "sub-step I (line L), field F: ..." at the first divergence, "the traces agree (...)" when
 *  none. 1 they agree, 0 they differ or a record does not read (d's error), -1 out of memory. */
ACP_ABI int acp_abi_dereth_diff(acp_trace_diff *d, const uint8_t *a, const uint32_t *a_sizes, uint32_t na,
                                const uint8_t *b, const uint32_t *b_sizes, uint32_t nb, int exact)
{
    uint32_t n = na + nb;
    acp_jsonv_doc **docs = calloc(n ? n : 1u, sizeof *docs);
    const acp_jsonv **roots = calloc(n ? n : 1u, sizeof *roots);
    int result = -1;
    if (!docs || !roots) goto done;
    for (uint32_t i = 0, at = 0; i < n; i++) {
        const uint8_t *base = i < na ? a : b;
        uint32_t size = i < na ? a_sizes[i] : b_sizes[i - na];
        if (i == na) at = 0;
        docs[i] = acp_jsonv_decode(base + at, size, NULL, 0);
        if (!docs[i]) goto done;
        roots[i] = acp_jsonv_root(docs[i]);
        at += size;
    }
    bool same = acp_dereth_diff(d, roots, na, roots + na, nb, exact != 0);
    if (same && !d->different && !d->error)
        snprintf(d->message, sizeof d->message, "the traces agree (%s)",
                 exact ? "dereth records, bit for bit" : "dereth records, dereth's tolerance");
    result = same && !d->different && !d->error ? 1 : 0;
done:
    for (uint32_t i = 0; docs && i < n; i++) acp_jsonv_doc_destroy(docs[i]);
    free(docs);
    free(roots);
    return result;
}
