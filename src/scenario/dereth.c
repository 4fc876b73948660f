/* acphys — dereth's trace records and gate rule. See dereth.h. */
#include "dereth.h"

#include <math.h>
#include <string.h>
#include <strings.h>

#include "text.h"

float acp_dereth_tolerance(uint32_t index) { return index < 100u ? 1e-5f : 1e-4f; }

bool acp_dereth_close(float a, float b, float rel)
{
    float scale = fmaxf(fmaxf(fabsf(a), fabsf(b)), 1.0f);
    float diff = fabsf((float)(a - b));
    return diff <= (float)(rel * scale);
}

/* ---- reading ---- */

static bool fail(char *err, size_t n, const char *field, const char *what)
{
    acp_text t;
    acp_text_fixed(&t, err, n);
    acp_text_put(&t, field);
    acp_text_put(&t, ": ");
    acp_text_put(&t, what);
    return false;
}

static bool read_double(const acp_jsonv *o, const char *key, double *out, char *err, size_t n)
{
    const acp_jsonv *v = acp_jsonv_get(o, key);
    if (!v || v->type != ACP_JSONV_NUMBER) return fail(err, n, key, v ? "not a number" : "absent");
    *out = v->number;
    return true;
}

static bool read_u32(const acp_jsonv *o, const char *key, uint32_t *out, char *err, size_t n)
{
    double d;
    if (!read_double(o, key, &d, err, n)) return false;
    if (!(d >= 0.0 && d <= 4294967295.0) || d != floor(d)) return fail(err, n, key, "not a whole number below 2^32");
    *out = (uint32_t)d;
    return true;
}

static bool read_floats(const acp_jsonv *o, const char *key, float *out, uint32_t count, char *err, size_t n)
{
    const acp_jsonv *v = acp_jsonv_get(o, key);
    if (!v || v->type != ACP_JSONV_ARRAY || v->count != count)
        return fail(err, n, key, count == 4 ? "not an array of 4 numbers" : "not an array of 3 numbers");
    for (uint32_t i = 0; i < count; i++) {
        if (v->items[i].type != ACP_JSONV_NUMBER) return fail(err, n, key, "holds something that is not a number");
        out[i] = (float)v->items[i].number;
    }
    return true;
}

static bool read_cell(const acp_jsonv *o, uint32_t *out, char *err, size_t n)
{
    const acp_jsonv *v = acp_jsonv_get(o, "cell");
    if (v && v->type == ACP_JSONV_STRING && v->count >= 3 && v->count <= 10 && v->string[0] == '0' &&
        (v->string[1] == 'x' || v->string[1] == 'X')) {
        uint32_t x = 0;
        for (uint32_t i = 2; i < v->count; i++) {
            char c = v->string[i];
            uint32_t d = c >= '0' && c <= '9' ? (uint32_t)(c - '0') : c >= 'a' && c <= 'f' ? (uint32_t)(c - 'a' + 10)
                       : c >= 'A' && c <= 'F' ? (uint32_t)(c - 'A' + 10) : 16u;
            if (d == 16u) return fail(err, n, "cell", "not a number or a \"0x\" hex string");
            x = x << 4 | d;
        }
        *out = x;
        return true;
    }
    return read_u32(o, "cell", out, err, n);
}

static bool read_transition_state(const acp_jsonv *o, uint32_t *out, char *err, size_t n)
{
    static const char *const NAMES[] = {"OK", "COLLIDED", "ADJUSTED", "SLID"};
    const acp_jsonv *v = acp_jsonv_get(o, "transition_state");
    if (v && v->type == ACP_JSONV_STRING) {
        for (uint32_t i = 0; i < 4; i++)
            if (!strcasecmp(v->string, NAMES[i])) {
                *out = i + 1u;
                return true;
            }
        return fail(err, n, "transition_state", "not OK, COLLIDED, ADJUSTED or SLID");
    }
    if (!read_u32(o, "transition_state", out, err, n)) return false;
    if (*out < 1u || *out > 4u) return fail(err, n, "transition_state", "not 1 to 4 (OK to SLID)");
    return true;
}

bool acp_dereth_record_read(const acp_jsonv *v, acp_dereth_record *r, char *err, size_t n)
{
    memset(r, 0, sizeof *r);
    if (v->type != ACP_JSONV_OBJECT) return fail(err, n, "(the line)", "not a JSON object");
    if (!read_double(v, "t", &r->t, err, n) || !read_double(v, "update_time", &r->update_time, err, n) ||
        !read_cell(v, &r->cell, err, n) || !read_floats(v, "origin", r->origin, 3, err, n) ||
        !read_floats(v, "quat", r->quat, 4, err, n) || !read_floats(v, "velocity", r->velocity, 3, err, n) ||
        !read_floats(v, "cached_velocity", r->cached_velocity, 3, err, n) ||
        !read_u32(v, "state", &r->state, err, n) || !read_u32(v, "transient_state", &r->transient_state, err, n) ||
        !read_transition_state(v, &r->transition_state, err, n))
        return false;
    const acp_jsonv *cp = acp_jsonv_get(v, "contact_plane");
    if (!cp) return fail(err, n, "contact_plane", "absent (null when there is none)");
    if (cp->type == ACP_JSONV_NULL) return true;
    if (cp->type != ACP_JSONV_OBJECT) return fail(err, n, "contact_plane", "not null or {\"normal\",\"d\"}");
    r->contact = true;
    double d;
    if (!read_floats(cp, "normal", r->normal, 3, err, n)) return fail(err, n, "contact_plane.normal", "not an array of 3 numbers");
    if (!read_double(cp, "d", &d, err, n)) return fail(err, n, "contact_plane.d", "not a number");
    r->d = (float)d;
    return true;
}

/* ---- comparing ---- */

typedef struct judge {
    acp_trace_diff *d;
    uint32_t index;
    float rel;
    bool exact;
} judge;

static bool report(judge *j, const char *field, const char *what_a, const char *what_b)
{
    acp_trace_diff *d = j->d;
    d->different = true;
    acp_text t;
    acp_text_fixed(&t, d->message, sizeof d->message);
    acp_text_put(&t, "traces differ at sub-step ");
    acp_text_put_u64(&t, j->index);
    acp_text_put(&t, " (line ");
    acp_text_put_u64(&t, j->index + 1u);
    acp_text_put(&t, "), field ");
    acp_text_put(&t, field);
    if (j->exact) {
        acp_text_put(&t, " (exact rule)");
    } else {
        acp_text_put(&t, " (dereth's tolerance, relative ");
        acp_text_put_g(&t, j->rel, 3);
        acp_text_put(&t, ")");
    }
    acp_text_put(&t, ":\n  a: ");
    acp_text_put(&t, what_a);
    acp_text_put(&t, "\n  b: ");
    acp_text_put(&t, what_b);
    acp_text_fixed(&t, d->summary, sizeof d->summary);
    acp_text_put(&t, "sub-step ");
    acp_text_put_u64(&t, j->index);
    acp_text_put(&t, ": ");
    acp_text_put(&t, field);
    acp_text_put(&t, ": a ");
    acp_text_put(&t, what_a);
    acp_text_put(&t, ", b ");
    acp_text_put(&t, what_b);
    return false;
}

static void put_u32(char *buf, size_t n, uint32_t v)
{
    acp_text t;
    acp_text_fixed(&t, buf, n);
    acp_text_put_u64(&t, v);
    acp_text_put(&t, " (");
    acp_text_put_hex32(&t, v);
    acp_text_put(&t, ")");
}

static void put_floats_s(char *buf, size_t n, const float *v, uint32_t count)
{
    acp_text t;
    acp_text_fixed(&t, buf, n);
    acp_text_put_char(&t, '[');
    for (uint32_t k = 0; k < count; k++) {
        if (k) acp_text_put_char(&t, ',');
        acp_text_put_g(&t, v[k], 9);
    }
    acp_text_put_char(&t, ']');
}

static bool same_u32(judge *j, const char *field, uint32_t a, uint32_t b)
{
    if (a == b) return true;
    char x[32], y[32];
    put_u32(x, sizeof x, a);
    put_u32(y, sizeof y, b);
    return report(j, field, x, y);
}

static bool same_float(judge *j, float a, float b)
{
    if (j->exact) {
        uint32_t x, y;
        memcpy(&x, &a, 4);
        memcpy(&y, &b, 4);
        return x == y;
    }
    return acp_dereth_close(a, b, j->rel);
}

static bool same_floats(judge *j, const char *field, const float *a, const float *b, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        if (same_float(j, a[i], b[i])) continue;
        char x[96], y[96];
        put_floats_s(x, sizeof x, a, n);
        put_floats_s(y, sizeof y, b, n);
        return report(j, field, x, y);
    }
    return true;
}

static bool same_double(judge *j, const char *field, double a, double b)
{
    if (!j->exact || memcmp(&a, &b, sizeof a) == 0) return true;
    char x[32], y[32];
    acp_text t;
    acp_text_fixed(&t, x, sizeof x);
    acp_text_put_g(&t, a, 17);
    acp_text_fixed(&t, y, sizeof y);
    acp_text_put_g(&t, b, 17);
    return report(j, field, x, y);
}

static bool same_plane(judge *j, const acp_dereth_record *a, const acp_dereth_record *b)
{
    if (!a->contact && !b->contact) return true;
    if (a->contact != b->contact) return report(j, "contact_plane", a->contact ? "a plane" : "null", b->contact ? "a plane" : "null");
    float pa[4] = {a->normal[0], a->normal[1], a->normal[2], a->d}, pb[4] = {b->normal[0], b->normal[1], b->normal[2], b->d};
    return same_floats(j, "contact_plane (normal, d)", pa, pb, 4);
}

static bool same_record(judge *j, const acp_dereth_record *a, const acp_dereth_record *b)
{
    static const char *const TS[] = {"INVALID", "OK", "COLLIDED", "ADJUSTED", "SLID"};
    if (!same_u32(j, "cell", a->cell, b->cell) || !same_u32(j, "state", a->state, b->state) ||
        !same_u32(j, "transient_state", a->transient_state, b->transient_state))
        return false;
    if (a->transition_state != b->transition_state)
        return report(j, "transition_state", TS[a->transition_state], TS[b->transition_state]);
    if (!same_floats(j, "origin", a->origin, b->origin, 3) || !same_floats(j, "velocity", a->velocity, b->velocity, 3) ||
        !same_floats(j, "cached_velocity", a->cached_velocity, b->cached_velocity, 3) || !same_plane(j, a, b))
        return false;
    if (!j->exact) return true;
    return same_double(j, "t", a->t, b->t) && same_double(j, "update_time", a->update_time, b->update_time) &&
           same_floats(j, "quat", a->quat, b->quat, 4);
}

bool acp_dereth_diff(acp_trace_diff *d, const acp_jsonv *const *a, uint32_t na, const acp_jsonv *const *b,
                     uint32_t nb, bool exact)
{
    judge j = {.d = d, .index = 0, .rel = acp_dereth_tolerance(0), .exact = exact};
    if (na == 0) {
        d->error = true;
        acp_text t;
        acp_text_fixed(&t, d->message, sizeof d->message);
        acp_text_put(&t, "the golden trace has no records");
        return false;
    }
    if (na != nb) {
        char x[32], y[32];
        acp_text t;
        acp_text_fixed(&t, x, sizeof x);
        acp_text_put_u64(&t, na);
        acp_text_put(&t, " sub-steps");
        acp_text_fixed(&t, y, sizeof y);
        acp_text_put_u64(&t, nb);
        acp_text_put(&t, " sub-steps");
        return report(&j, "length", x, y);
    }
    for (uint32_t i = 0; i < na; i++) {
        acp_dereth_record ra, rb;
        char err[200];
        if (!acp_dereth_record_read(a[i], &ra, err, sizeof err) || !acp_dereth_record_read(b[i], &rb, err, sizeof err)) {
            bool in_a = !acp_dereth_record_read(a[i], &ra, err, sizeof err);
            if (!in_a) acp_dereth_record_read(b[i], &rb, err, sizeof err);
            d->error = true;
            acp_text t;
            acp_text_fixed(&t, d->message, sizeof d->message);
            acp_text_put(&t, in_a ? "a" : "b");
            acp_text_put(&t, " line ");
            acp_text_put_u64(&t, i + 1u);
            acp_text_put(&t, " is not a dereth trace record: ");
            acp_text_put(&t, err);
            return false;
        }
        j.index = i;
        j.rel = acp_dereth_tolerance(i);
        d->lines = i + 1u;
        if (!same_record(&j, &ra, &rb)) return false;
    }
    return true;
}
