/* acphys — the WebAssembly ABI, formatting, the JSON check and trace comparison (src/scenario/text.h, jsoncheck.h,
 * diff.h).
 * Conventions: wasm/abi/abi.h. */
#include "abi.h"

/* Formatting, for the tests that prove native and WASM print the same characters. */
static char g_format[1100];
/** v as C's %.{precision}g, exactly (src/scenario/text.h); the string stays valid until the next
 *  format call. */
ACP_ABI const char *acp_abi_format_g(double v, int precision)
{
    acp_text t;
    acp_text_fixed(&t, g_format, sizeof g_format);
    acp_text_put_g(&t, v, precision);
    return g_format;
}
/** v as C's %.{decimals}f, exactly. */
ACP_ABI const char *acp_abi_format_f(double v, int decimals)
{
    acp_text t;
    acp_text_fixed(&t, g_format, sizeof g_format);
    acp_text_put_f(&t, v, decimals);
    return g_format;
}

/** acp_text_format_digest(count), low and high 32 bits. */
ACP_ABI uint32_t acp_abi_format_digest_lo(uint32_t count) { return (uint32_t)acp_text_format_digest(count); }
ACP_ABI uint32_t acp_abi_format_digest_hi(uint32_t count) { return (uint32_t)(acp_text_format_digest(count) >> 32); }

/** Strict JSON syntax check of `len` bytes at `text` (src/scenario/jsoncheck.h): 1 when valid,
 *  else 0 and "line L, column C: <what>" written NUL-terminated to msg (msg_size bytes). */
ACP_ABI int acp_abi_json_check(const char *text, uint32_t len, char *msg, uint32_t msg_size)
{
    return acp_json_check(text, len, msg, msg_size);
}

/** The same check for a trace's line (src/scenario/jsoncheck.h acp_json_check_ex, trace mode):
 *  the trace's hint for NaN, Infinity, nan and inf, and a number beyond the double range refused. */
ACP_ABI int acp_abi_json_check_trace(const char *text, uint32_t len, char *msg, uint32_t msg_size)
{
    return acp_json_check_ex(text, len, true, msg, msg_size);
}

/** A trace comparison (src/scenario/diff.h); 0 when out of memory. */
ACP_ABI acp_trace_diff *acp_abi_diff_create(void)
{
    acp_trace_diff *d = malloc(sizeof *d);
    if (d) acp_trace_diff_init(d);
    return d;
}
ACP_ABI void acp_abi_diff_free(acp_trace_diff *d) { free(d); }
/** Compare line `line_no` (1-based) of a and b, each a binary JSON document. 1 while the traces
 *  agree, 0 after the first difference (acp_abi_diff_message). */
ACP_ABI int acp_abi_diff_line(acp_trace_diff *d, uint32_t line_no, const uint8_t *a, uint32_t a_size,
                              const uint8_t *b, uint32_t b_size)
{
    acp_jsonv_doc *da = acp_jsonv_decode(a, a_size, NULL, 0);
    acp_jsonv_doc *db = acp_jsonv_decode(b, b_size, NULL, 0);
    if (!da) acp_trace_diff_bad_line(d, line_no, 'a', NULL);
    else if (!db) acp_trace_diff_bad_line(d, line_no, 'b', NULL);
    else acp_trace_diff_line(d, line_no, acp_jsonv_root(da), acp_jsonv_root(db));
    acp_jsonv_doc_destroy(da);
    acp_jsonv_doc_destroy(db);
    return !d->different && !d->error;
}
/** Line `line_no` exists only in trace `which` ('a' = 97 or 'b' = 98), given as a binary JSON
 *  document: a difference unless it is a closing digest line. 1 while the traces agree. */
ACP_ABI int acp_abi_diff_extra_line(acp_trace_diff *d, uint32_t line_no, uint32_t which, const uint8_t *v,
                                    uint32_t size)
{
    acp_jsonv_doc *dv = acp_jsonv_decode(v, size, NULL, 0);
    char w = which == 'b' ? 'b' : 'a';
    if (!dv) acp_trace_diff_bad_line(d, line_no, w, NULL);
    else acp_trace_diff_extra_line(d, line_no, w, acp_jsonv_root(dv));
    acp_jsonv_doc_destroy(dv);
    return !d->different && !d->error;
}
/** 1 when the comparison stopped on input that is not a trace (a line that is not JSON, an
 *  empty trace): the report is then an error message. */
ACP_ABI int acp_abi_diff_error(const acp_trace_diff *d) { return d->error; }
/** Line `line_no` of trace `which` ('a' = 97 or 'b' = 98) is not JSON; `why` (a NUL-terminated
 *  string or 0) is the JSON check's message. */
ACP_ABI void acp_abi_diff_bad_line(acp_trace_diff *d, uint32_t line_no, uint32_t which, const char *why)
{
    acp_trace_diff_bad_line(d, line_no, which == 'b' ? 'b' : 'a', why);
}
/** After the last line: 1 when the traces are identical. */
ACP_ABI int acp_abi_diff_finish(acp_trace_diff *d, uint32_t a_lines, uint32_t b_lines)
{
    return acp_trace_diff_finish(d, a_lines, b_lines);
}
/** The report: the first difference with both values and their ulp distance, or "traces are
 *  identical (N lines)". */
ACP_ABI const char *acp_abi_diff_message(const acp_trace_diff *d) { return d->message; }
/* ==== end scenarios and traces ==== */
