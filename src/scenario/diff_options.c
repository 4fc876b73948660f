/* acphys — a trace comparison's fields and options (--fields, --ulps, --abs): their names, their
 * parsing and their messages. See diff.h. */
#include "diff.h"

#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "text.h"

/* ---- fields and options ---- */

const char *const ACP_TRACE_FIELD_NAMES[ACP_TRACE_FIELD_COUNT] = {
    "frame", "now", "gate", "objects", "digest", "id", "elapsed", "quanta", "pending", "update_time",
    "active", "state", "transient", "cell", "origin", "orientation", "velocity", "hooks", "skipped",
    "hooks_unrecorded", "position_nodes", "offset_from", "moveto", "collisions", "collision_ends", "scripts",
    "particles", "env_collisions", "cells_dropped", "quantum", "cached_velocity", "contact_plane", "transition_state"};

const char ACP_DIFF_OPTIONS_USAGE[] = "[--fields a,b,c] [--ulps N | --ulps float=N,double=M] [--abs X]";

uint64_t acp_trace_field_bit(const char *name, size_t len)
{
    for (uint32_t i = 0; i < ACP_TRACE_FIELD_COUNT; i++)
        if (strlen(ACP_TRACE_FIELD_NAMES[i]) == len && memcmp(ACP_TRACE_FIELD_NAMES[i], name, len) == 0) return (uint64_t)1 << i;
    return 0;
}

bool acp_trace_fields_parse(const char *csv, uint64_t *mask, char *err, size_t err_size)
{
    uint64_t m = ACP_TRACE_FIELDS_STRUCTURAL;
    for (const char *p = csv;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        uint64_t bit = acp_trace_field_bit(p, len);
        if (!bit) {
            acp_text t;
            acp_text_fixed(&t, err, err_size);
            acp_text_put(&t, "unknown trace field \"");
            acp_text_put_n(&t, p, len > 40 ? 40 : len);
            acp_text_put(&t, "\" (known: ");
            acp_trace_fields_put(&t, ACP_TRACE_FIELDS_ALL);
            acp_text_put(&t, ")");
            return false;
        }
        m |= bit;
        if (!comma) break;
        p = comma + 1;
    }
    *mask = m;
    return true;
}

void acp_trace_fields_put(acp_text *t, uint64_t mask)
{
    bool first = true;
    for (uint32_t i = 0; i < ACP_TRACE_FIELD_COUNT; i++) {
        if (!(mask & (uint64_t)1 << i)) continue;
        if (!first) acp_text_put(t, ", ");
        acp_text_put(t, ACP_TRACE_FIELD_NAMES[i]);
        first = false;
    }
}

void acp_diff_options_init(acp_diff_options *o)
{
    memset(o, 0, sizeof *o);
    o->fields = ACP_TRACE_FIELDS_ALL;
}

bool acp_diff_option_takes_value(const char *name)
{
    return !strcmp(name, "--fields") || !strcmp(name, "--ulps") || !strcmp(name, "--abs");
}

bool acp_diff_option_known(const char *name) { return acp_diff_option_takes_value(name) || !strcmp(name, "--all"); }

/* A count of ulps: decimal digits only, at most 2^53. */
static bool parse_ulps_count(const char *s, size_t len, uint64_t *out)
{
    if (len == 0 || len > 16) return false;
    uint64_t v = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] < '0' || s[i] > '9') return false;
        v = v * 10 + (uint64_t)(s[i] - '0');
    }
    *out = v;
    return v <= (1ull << 53);
}

static bool parse_ulps(acp_diff_options *o, const char *v)
{
    uint64_t n;
    if (parse_ulps_count(v, strlen(v), &n)) {
        o->ulps_f32 = o->ulps_f64 = n;
        return true;
    }
    for (const char *p = v;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        const char *eq = memchr(p, '=', len);
        if (!eq) return false;
        size_t key = (size_t)(eq - p);
        if (!parse_ulps_count(eq + 1, len - key - 1, &n)) return false;
        if (key == 5 && !memcmp(p, "float", 5)) o->ulps_f32 = n;
        else if (key == 6 && !memcmp(p, "double", 6)) o->ulps_f64 = n;
        else return false;
        if (!comma) return true;
        p = comma + 1;
    }
}

static bool option_error(char *err, size_t err_size, const char *name, const char *what)
{
    acp_text t;
    acp_text_fixed(&t, err, err_size);
    acp_text_put(&t, name);
    acp_text_put(&t, ": ");
    acp_text_put(&t, what);
    return false;
}

bool acp_diff_options_set(acp_diff_options *o, const char *name, const char *value, char *err, size_t err_size)
{
    if (!strcmp(name, "--all")) return o->all = true;
    if (!acp_diff_option_takes_value(name)) return option_error(err, err_size, name, "unknown option");
    if (!value) return option_error(err, err_size, name, "a value is needed");
    if (!strcmp(name, "--fields")) {
        char why[512];
        if (!acp_trace_fields_parse(value, &o->fields, why, sizeof why)) return option_error(err, err_size, name, why);
        o->fields_asked = true;
        return true;
    }
    if (!strcmp(name, "--ulps")) {
        if (parse_ulps(o, value)) return true;
        return option_error(err, err_size, name, "expected a whole number of ulps (N), or float=N,double=M");
    }
    char *end = NULL;
    double x = strtod(value, &end);
    if (!*value || *end || !(x >= 0.0) || !isfinite(x))
        return option_error(err, err_size, name, "expected a finite number of at least 0");
    o->abs = x;
    return true;
}
