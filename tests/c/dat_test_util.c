/* Helpers shared by the DAT test suites (see dat_test_util.h). */
#include "dat_test_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/dat_file.h"

#ifndef ACP_SOURCE_DIR
#error "ACP_SOURCE_DIR must name the source tree"
#endif

uint8_t *dt_read_repo_file(const char *relative, size_t *size)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", ACP_SOURCE_DIR, relative);
    uint8_t *b = acp_read_whole_file(path, size);
    if (!b) fprintf(stderr, "cannot read %s\n", path);
    return b;
}

acp_datset *dt_load_default_excerpts(void)
{
    acp_datset *set = acp_datset_create();
    const char *files[] = {"data/portal-default.dat", "data/cell-default.dat"};
    for (int i = 0; set && i < 2; i++) {
        size_t size = 0;
        uint8_t *b = dt_read_repo_file(files[i], &size);
        acp_dat_error err;
        if (!b || acp_datset_add_dat_bytes(set, b, size, &err) != ACP_DAT_OK) {
            if (b) fprintf(stderr, "cannot parse %s: %s\n", files[i], acp_dat_status_name(err.status));
            acp_datset_destroy(set);
            set = NULL;
        }
        free(b);
    }
    return set;
}

uint8_t *dt_build_dat(uint32_t data_set, uint32_t block_size, size_t n, const uint32_t *ids,
                      const uint8_t *const *bytes, const uint32_t *sizes, size_t *out_size)
{
    acp_dat_header h = acp_dat_header_default(data_set);
    if (block_size) h.block_size = block_size;
    acp_dat_writer *w = acp_dat_writer_create(&h);
    if (!w) return NULL;
    for (size_t i = 0; i < n; i++) {
        acp_dat_entry e = {1u << 16, ids[i], 0, sizes[i], 1377993600, 1, 0, 0, 0};
        if (acp_dat_writer_add(w, &e, bytes[i], sizes[i]) != ACP_DAT_OK) {
            acp_dat_writer_destroy(w);
            return NULL;
        }
    }
    uint8_t *out = NULL;
    if (acp_dat_writer_finish(w, &out, out_size) != ACP_DAT_OK) out = NULL;
    acp_dat_writer_destroy(w);
    return out;
}

static const char *skip_ws(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t')) p++;
    return p;
}

/* One past the string starting at p (a '"'), honouring backslash escapes. */
static const char *skip_string(const char *p, const char *end)
{
    for (p++; p < end && *p != '"'; p++)
        if (*p == '\\') p++;
    return p < end ? p + 1 : end;
}

const char *mj_find(const char *p, const char *end, const char *key)
{
    size_t n = strlen(key);
    while (p < end) {
        if (*p == '"') {
            const char *s = skip_string(p, end);
            if ((size_t)(s - p) == n + 2 && !memcmp(p + 1, key, n)) {
                const char *q = skip_ws(s, end);
                if (q < end && *q == ':') return skip_ws(q + 1, end);
            }
            p = s;
        } else {
            p++;
        }
    }
    return NULL;
}

const char *mj_skip(const char *p, const char *end)
{
    int depth = 0;
    while (p < end) {
        if (*p == '"') {
            p = skip_string(p, end);
            continue;
        }
        if (*p == '{' || *p == '[') depth++;
        else if (*p == '}' || *p == ']') {
            if (--depth == 0) return p + 1;
        }
        p++;
    }
    return end;
}

bool mj_string(const char *p, char *out, size_t cap)
{
    if (!p || *p != '"' || cap == 0) return false;
    size_t n = 0;
    for (p++; *p && *p != '"' && n + 1 < cap; p++) out[n++] = *p;
    out[n] = 0;
    return *p == '"';
}

bool mj_number(const char *p, double *out)
{
    if (!p) return false;
    char *e;
    *out = strtod(p, &e);
    return e != p;
}

bool mj_bool(const char *p, bool *out)
{
    if (!p) return false;
    if (!strncmp(p, "true", 4)) *out = true;
    else if (!strncmp(p, "false", 5)) *out = false;
    else return false;
    return true;
}

int mj_numbers(const char *p, const char *end, double *out, int cap)
{
    if (!p || *p != '[') return -1;
    int n = 0;
    p++;
    for (;;) {
        p = skip_ws(p, end);
        if (p >= end) return -1;
        if (*p == ']') return n;
        if (n == cap) return -1;
        char *e;
        out[n++] = strtod(p, &e);
        if (e == p) return -1;
        p = skip_ws(e, end);
        if (p < end && *p == ',') p++;
    }
}
