/* libFuzzer target: the readers of the per-quantum and dereth trace shapes (issue 35) over any
 * tree: src/scenario/dereth.h (acp_dereth_record_read, acp_dereth_diff by both rules) and
 * src/scenario/diff.h acp_trace_diff_shapes (frames against quanta records). The input is the
 * binary JSON the hosts hand the C code (src/scenario/jsonv.h); an array's items are the lines
 * (its first half the frames or golden lines, its second half the port's). Every call must end in
 * agreement, a difference or an error with a terminated message, never in a read past a tree
 * (ASan) or undefined behaviour.
 *   node scripts/build.mjs fuzz && build/fuzz/fuzz_trace_shapes -max_total_time=60 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "scenario/dereth.h"
#include "scenario/diff.h"
#include "scenario/jsonv.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void terminated(const acp_trace_diff *d)
{
    if (!memchr(d->message, '\0', sizeof d->message) || !memchr(d->summary, '\0', sizeof d->summary)) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[160];
    acp_jsonv_doc *doc = acp_jsonv_decode(data, size, err, sizeof err);
    if (!doc) return 0;
    const acp_jsonv *root = acp_jsonv_root(doc);
    uint32_t n = root->type == ACP_JSONV_ARRAY ? root->count : 1;
    const acp_jsonv **lines = malloc((n ? n : 1) * sizeof *lines);
    if (!lines) {
        acp_jsonv_doc_destroy(doc);
        return 0;
    }
    for (uint32_t i = 0; i < n; i++) lines[i] = root->type == ACP_JSONV_ARRAY ? &root->items[i] : root;
    acp_dereth_record r;
    for (uint32_t i = 0; i < n; i++) {
        memset(err, 'x', sizeof err);
        if (!acp_dereth_record_read(lines[i], &r, err, sizeof err) && !memchr(err, '\0', sizeof err)) abort();
    }
    uint32_t half = n / 2;
    for (int exact = 0; exact < 2; exact++) {
        acp_trace_diff d;
        acp_trace_diff_init(&d);
        acp_dereth_diff(&d, lines, half, lines + half, n - half, exact != 0);
        terminated(&d);
        acp_trace_diff_init(&d);
        acp_dereth_diff(&d, lines, n, lines, n, exact != 0);
        terminated(&d);
    }
    acp_trace_diff d;
    acp_trace_diff_init(&d);
    acp_trace_diff_shapes(&d, lines, half, lines + half, n - half);
    terminated(&d);
    free(lines);
    acp_jsonv_doc_destroy(doc);
    return 0;
}
