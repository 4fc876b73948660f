/* acphys — the conformance run's rows and report. See conform.h. */
#include "conform.h"

#include <stdlib.h>
#include <string.h>

void acp_conform_init(acp_conform *c, const acp_diff_options *o)
{
    memset(c, 0, sizeof *c);
    c->opt = *o;
}

void acp_conform_free(acp_conform *c)
{
    free(c->rows);
    c->rows = NULL;
    c->count = c->cap = 0;
}

bool acp_conform_case_options(const acp_conform *c, const char *fields_csv, acp_diff_options *out, char *err,
                              size_t err_size)
{
    *out = c->opt;
    out->all = false;
    if (c->opt.fields_asked) return true;
    return acp_trace_fields_parse(fields_csv, &out->fields, err, err_size);
}

static void copy_cut(char *dst, size_t size, const char *src)
{
    size_t n = strlen(src);
    if (n >= size) n = size - 1;
    memcpy(dst, src, n);
    dst[n] = '\0';
}

bool acp_conform_add(acp_conform *c, const char *group, const char *name, const acp_trace_diff *d)
{
    if (c->count == c->cap) {
        uint32_t cap = c->cap ? c->cap * 2 : 32;
        acp_conform_row *rows = realloc(c->rows, cap * sizeof *rows);
        if (!rows) return !(c->oom = true);
        c->rows = rows;
        c->cap = cap;
    }
    acp_conform_row *r = &c->rows[c->count++];
    copy_cut(r->group, sizeof r->group, group);
    copy_cut(r->name, sizeof r->name, name);
    acp_text t;
    acp_text_fixed(&t, r->detail, sizeof r->detail);
    if (!d) {
        r->status = ACP_CONFORM_MISSING;
        acp_text_put(&t, "missing (no ");
        acp_text_put(&t, name);
        acp_text_put(&t, ".jsonl)");
        return true;
    }
    if (d->error) {
        r->status = ACP_CONFORM_FAIL;
        acp_text_put(&t, "FAIL not a trace: ");
        const char *nl = strchr(d->message, '\n');
        acp_text_put_n(&t, d->message, nl ? (size_t)(nl - d->message) : strlen(d->message));
        return true;
    }
    if (d->different) {
        r->status = ACP_CONFORM_FAIL;
        acp_text_put(&t, "FAIL ");
        acp_text_put(&t, d->summary);
        return true;
    }
    r->status = ACP_CONFORM_PASS;
    acp_text_put(&t, "pass");
    if (d->not_written) {
        acp_text_put(&t, " (not written: ");
        acp_trace_fields_put(&t, d->not_written);
        acp_text_put(&t, ")");
    }
    return true;
}

static void put_padded(acp_text *t, const char *s, size_t width)
{
    acp_text_put(t, s);
    size_t n = strlen(s);
    acp_text_put_repeat(t, ' ', n < width ? width - n : 1);
}

static void put_counts(acp_text *t, const char *label, size_t width, const uint32_t n[3])
{
    acp_text_put(t, "  ");
    put_padded(t, label, width);
    acp_text_put_u64(t, n[ACP_CONFORM_PASS]);
    acp_text_put(t, " pass, ");
    acp_text_put_u64(t, n[ACP_CONFORM_FAIL]);
    acp_text_put(t, " fail, ");
    acp_text_put_u64(t, n[ACP_CONFORM_MISSING]);
    acp_text_put(t, " missing (of ");
    acp_text_put_u64(t, (uint64_t)n[0] + n[1] + n[2]);
    acp_text_put(t, ")\n");
}

void acp_conform_report(const acp_conform *c, acp_text *t)
{
    size_t gw = strlen("group") + 2, nw = strlen("case") + 2;
    for (uint32_t i = 0; i < c->count; i++) {
        size_t g = strlen(c->rows[i].group) + 2, n = strlen(c->rows[i].name) + 2;
        if (g > gw) gw = g;
        if (n > nw) nw = n;
    }
    put_padded(t, "group", gw);
    put_padded(t, "case", nw);
    acp_text_put(t, "result\n");
    for (uint32_t i = 0; i < c->count; i++) {
        put_padded(t, c->rows[i].group, gw);
        put_padded(t, c->rows[i].name, nw);
        acp_text_put(t, c->rows[i].detail);
        acp_text_put_char(t, '\n');
    }
    acp_text_put(t, "summary:\n");
    uint32_t total[3] = {0, 0, 0};
    for (uint32_t i = 0; i < c->count; i++) {
        total[c->rows[i].status]++;
        bool seen = false;
        for (uint32_t j = 0; j < i && !seen; j++) seen = !strcmp(c->rows[j].group, c->rows[i].group);
        if (seen) continue;
        uint32_t n[3] = {0, 0, 0};
        for (uint32_t j = i; j < c->count; j++)
            if (!strcmp(c->rows[j].group, c->rows[i].group)) n[c->rows[j].status]++;
        put_counts(t, c->rows[i].group, gw, n);
    }
    put_counts(t, "all", gw, total);
    acp_text_put(t, acp_conform_passed(c) ? "conform: PASS (every judged case agrees)\n"
                                          : "conform: FAIL\n");
}

bool acp_conform_passed(const acp_conform *c)
{
    if (c->oom || c->count == 0) return false;
    for (uint32_t i = 0; i < c->count; i++)
        if (c->rows[i].status != ACP_CONFORM_PASS) return false;
    return true;
}
