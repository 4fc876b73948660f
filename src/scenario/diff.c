/* acphys — trace comparison. See diff.h. */
#include "diff.h"

#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "diff_walk.h"
#include "text.h"


/* ---- ulps ---- */

static uint64_t ordered32(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return (u >> 31) ? (uint64_t)(~u) : (uint64_t)u | 0x80000000u;
}

static uint64_t ordered64(double v)
{
    uint64_t u;
    memcpy(&u, &v, sizeof u);
    return (u >> 63) ? ~u : u | 0x8000000000000000ull;
}

uint64_t acp_ulps_f32(float a, float b)
{
    if (a != a && b != b) return 0;
    uint64_t x = ordered32(a), y = ordered32(b);
    return x > y ? x - y : y - x;
}

uint64_t acp_ulps_f64(double a, double b)
{
    if (a != a && b != b) return 0;
    uint64_t x = ordered64(a), y = ordered64(b);
    return x > y ? x - y : y - x;
}

static bool tolerant(const acp_diff_options *o) { return o->ulps_f32 || o->ulps_f64 || o->abs > 0.0; }

/* ---- values ---- */

static num_kind kind_of(const char *key)
{
    static const char *const F32[] = {"quanta", "origin", "orientation", "velocity", "cached_velocity", "normal", "d"};
    for (size_t i = 0; i < sizeof F32 / sizeof F32[0]; i++)
        if (strcmp(key, F32[i]) == 0) return KIND_F32;
    static const char *const INT[] = {"frame", "id", "state", "transient", "position_nodes", "collisions",
                                      "collision_ends", "particles", "env_collisions", "cells_dropped",
                                      "quantum"};
    for (size_t i = 0; i < sizeof INT / sizeof INT[0]; i++)
        if (strcmp(key, INT[i]) == 0) return KIND_INT;
    if (strcmp(key, "cell") == 0) return KIND_CELL;
    return KIND_F64;
}

/* A number, or one of the strings "NaN", "Infinity", "-Infinity"; false otherwise. */
static bool as_number(const acp_jsonv *v, double *out)
{
    if (v->type == ACP_JSONV_NUMBER) {
        *out = v->number;
        return true;
    }
    if (v->type != ACP_JSONV_STRING) return false;
    if (strcmp(v->string, "NaN") == 0) *out = NAN;
    else if (strcmp(v->string, "Infinity") == 0) *out = INFINITY;
    else if (strcmp(v->string, "-Infinity") == 0) *out = -INFINITY;
    else return false;
    return true;
}

/* A cell: "0x" + hex digits (any case) or an integer. */
static bool as_cell(const acp_jsonv *v, uint32_t *out)
{
    if (v->type == ACP_JSONV_NUMBER) {
        if (!(v->number >= 0.0 && v->number <= 4294967295.0) || v->number != floor(v->number)) return false;
        *out = (uint32_t)v->number;
        return true;
    }
    if (v->type != ACP_JSONV_STRING || v->count < 3 || v->count > 10) return false;
    if (v->string[0] != '0' || (v->string[1] != 'x' && v->string[1] != 'X')) return false;
    uint32_t x = 0;
    for (uint32_t i = 2; i < v->count; i++) {
        char c = v->string[i];
        uint32_t d;
        if (c >= '0' && c <= '9') d = (uint32_t)(c - '0');
        else if (c >= 'a' && c <= 'f') d = (uint32_t)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F') d = (uint32_t)(c - 'A' + 10);
        else return false;
        x = x << 4 | d;
    }
    *out = x;
    return true;
}

/* Compact JSON of a value, cut after ~160 bytes. */
static void put_json(acp_text *t, const acp_jsonv *v, size_t limit_at)
{
    if (t->len > limit_at) {
        acp_text_put(t, "…");
        return;
    }
    switch (v->type) {
    case ACP_JSONV_NULL: acp_text_put(t, "null"); break;
    case ACP_JSONV_BOOL: acp_text_put(t, v->boolean ? "true" : "false"); break;
    case ACP_JSONV_NUMBER: acp_text_put_g(t, v->number, 17); break;
    case ACP_JSONV_STRING: acp_text_put_json_string(t, v->string, v->count > 80 ? 80 : v->count); break;
    case ACP_JSONV_ARRAY:
        acp_text_put_char(t, '[');
        for (uint32_t i = 0; i < v->count; i++) {
            if (i) acp_text_put_char(t, ',');
            put_json(t, &v->items[i], limit_at);
            if (t->len > limit_at && i + 1 < v->count) {
                acp_text_put(t, ",…"); /* cut: more items follow */
                break;
            }
        }
        acp_text_put_char(t, ']');
        break;
    case ACP_JSONV_OBJECT:
        acp_text_put_char(t, '{');
        for (uint32_t i = 0; i < v->count; i++) {
            if (i) acp_text_put_char(t, ',');
            acp_text_put_json_string(t, v->members[i].key, v->members[i].key_len);
            acp_text_put_char(t, ':');
            put_json(t, &v->members[i].value, limit_at);
            if (t->len > limit_at && i + 1 < v->count) {
                acp_text_put(t, ",…"); /* cut: more members follow */
                break;
            }
        }
        acp_text_put_char(t, '}');
        break;
    }
}

/* ---- the report ---- */

static void put_where(cmp *c, acp_text *t)
{
    const acp_jsonv *frame = acp_jsonv_get(c->line_a, "frame");
    acp_text_put(t, "traces differ at ");
    if (frame && frame->type == ACP_JSONV_NUMBER) {
        acp_text_put(t, "frame ");
        acp_text_put_g(t, frame->number, 17);
        acp_text_put(t, " (line ");
        acp_text_put_u64(t, c->line_no);
        acp_text_put(t, ")");
    } else if (acp_jsonv_get(c->line_a, "digest") && c->line_a->count == 1) {
        acp_text_put(t, "the closing digest line (line ");
        acp_text_put_u64(t, c->line_no);
        acp_text_put(t, ")");
    } else {
        acp_text_put(t, "line ");
        acp_text_put_u64(t, c->line_no);
    }
    acp_text_put(t, ", field ");
    acp_text_put(t, c->path.len ? c->path.s : "(the line)");
    if (c->in_object && c->object_id) {
        acp_text_put(t, " (object id ");
        put_json(t, c->object_id, t->len + 64);
        acp_text_put(t, ")");
    }
    acp_text_put(t, ":\n");
}

static void put_value(acp_text *t, const char *label, const acp_jsonv *v, num_kind kind)
{
    acp_text_put(t, label);
    if (!v) {
        acp_text_put(t, "(absent)\n");
        return;
    }
    double d;
    if (as_number(v, &d) && kind == KIND_INT) {
        acp_text_put_g(t, d, 17);
        if (d >= 0.0 && d <= 4294967295.0 && d == floor(d)) {
            acp_text_put(t, " (");
            acp_text_put_hex32(t, (uint32_t)d);
            acp_text_put(t, ")");
        }
        acp_text_put_char(t, '\n');
        return;
    }
    if (as_number(v, &d) && kind != KIND_CELL) {
        bool f32 = kind == KIND_F32;
        float f = (float)d;
        uint32_t u32;
        uint64_t u64;
        memcpy(&u32, &f, sizeof u32);
        memcpy(&u64, &d, sizeof u64);
        acp_text_put_g(t, f32 ? (double)f : d, f32 ? 9 : 17);
        acp_text_put(t, f32 ? " (float32 " : " (float64 0x");
        if (f32) acp_text_put_hex32(t, u32);
        else acp_text_put_hex64(t, u64);
        acp_text_put(t, ")\n");
        return;
    }
    size_t start = t->len;
    put_json(t, v, start + 160);
    acp_text_put_char(t, '\n');
}

/* The one-line form of a difference: "frame F: P (object id I): N ulps (float32)". */
static void put_summary(cmp *c, const acp_jsonv *a, const acp_jsonv *b, num_kind kind)
{
    acp_text t;
    acp_text_fixed(&t, c->d->summary, sizeof c->d->summary);
    const acp_jsonv *frame = acp_jsonv_get(c->line_a, "frame");
    if (frame && frame->type == ACP_JSONV_NUMBER) {
        acp_text_put(&t, "frame ");
        acp_text_put_g(&t, frame->number, 17);
    } else {
        acp_text_put(&t, "line ");
        acp_text_put_u64(&t, c->line_no);
    }
    acp_text_put(&t, ": ");
    acp_text_put(&t, c->path.len ? c->path.s : "(the line)");
    if (c->in_object && c->object_id) {
        acp_text_put(&t, " (object id ");
        put_json(&t, c->object_id, t.len + 32);
        acp_text_put(&t, ")");
    }
    acp_text_put(&t, ": ");
    double x, y;
    if (!a || !b) {
        acp_text_put(&t, a ? "b does not have it" : "only b has it");
        return;
    }
    if (kind == KIND_INT && as_number(a, &x) && as_number(b, &y)) {
        acp_text_put(&t, "differs by ");
        acp_text_put_g(&t, y - x, 17);
    } else if (kind != KIND_CELL && as_number(a, &x) && as_number(b, &y) && x == x && y == y) {
        uint64_t ulps = kind == KIND_F32 ? acp_ulps_f32((float)x, (float)y) : acp_ulps_f64(x, y);
        acp_text_put_u64(&t, ulps);
        acp_text_put(&t, ulps == 1 ? " ulp" : " ulps");
        acp_text_put(&t, kind == KIND_F32 ? " (float32)" : " (float64)");
    } else {
        acp_text_put(&t, "a ");
        put_json(&t, a, t.len + 48);
        acp_text_put(&t, ", b ");
        put_json(&t, b, t.len + 48);
    }
}

static bool report(cmp *c, const acp_jsonv *a, const acp_jsonv *b, num_kind kind)
{
    acp_trace_diff *d = c->d;
    d->different = true;
    acp_text t;
    acp_text_fixed(&t, d->message, sizeof d->message);
    put_where(c, &t);
    put_value(&t, "  a: ", a, kind);
    put_value(&t, "  b: ", b, kind);
    double x, y;
    if (a && b && kind == KIND_INT && as_number(a, &x) && as_number(b, &y)) {
        acp_text_put(&t, "  difference: ");
        acp_text_put_g(&t, y - x, 17);
        if (x >= 0.0 && x <= 4294967295.0 && y >= 0.0 && y <= 4294967295.0 && x == floor(x) && y == floor(y)) {
            acp_text_put(&t, " (bits ");
            acp_text_put_hex32(&t, (uint32_t)x ^ (uint32_t)y);
            acp_text_put(&t, " differ)");
        }
        acp_text_put_char(&t, '\n');
    } else if (a && b && kind != KIND_CELL && as_number(a, &x) && as_number(b, &y) && (x != x || y != y)) {
        acp_text_put(&t, "  distance: none (NaN is no distance from a number)\n");
    } else if (a && b && kind != KIND_CELL && as_number(a, &x) && as_number(b, &y)) {
        uint64_t ulps = kind == KIND_F32 ? acp_ulps_f32((float)x, (float)y) : acp_ulps_f64(x, y);
        acp_text_put(&t, "  distance: ");
        acp_text_put_u64(&t, ulps);
        acp_text_put(&t, ulps == 1 ? " ulp" : " ulps");
        acp_text_put(&t, kind == KIND_F32 ? " (float32)\n" : " (float64)\n");
    }
    if (t.len && d->message[t.len - 1] == '\n') d->message[t.len - 1] = '\0';
    put_summary(c, a, b, kind);
    return false;
}

/* ---- the walk ---- */

static size_t push_key(cmp *c, const char *key, uint32_t len) { return acp_path_key(&c->path, key, len); }
static size_t push_index(cmp *c, uint32_t i) { return acp_path_index(&c->path, i); }
static void pop(cmp *c, size_t old) { acp_path_pop(&c->path, old); }

static bool same_value(cmp *c, const acp_jsonv *a, const acp_jsonv *b, num_kind kind, bool objects_array);

static bool is_digest(const acp_jsonv_member *m) { return m->key_len == 6 && memcmp(m->key, "digest", 6) == 0; }

static const acp_jsonv *member_of(const acp_jsonv *o, const acp_jsonv_member *m)
{
    for (uint32_t j = 0; j < o->count; j++)
        if (o->members[j].key_len == m->key_len && memcmp(o->members[j].key, m->key, m->key_len) == 0)
            return &o->members[j].value;
    return NULL;
}

/* "digest" is compared last and only when both lines carry one: a port's trace may have none,
 * and a digest only repeats that something before it differs. */
static bool same_digest(cmp *c, const acp_jsonv *a, const acp_jsonv *b)
{
    const acp_diff_options *o = &c->d->opt;
    if (o->fields != ACP_TRACE_FIELDS_ALL || tolerant(o) || c->d->not_written) return true;
    for (uint32_t i = 0; i < a->count; i++) {
        const acp_jsonv_member *m = &a->members[i];
        const acp_jsonv *bv = is_digest(m) ? member_of(b, m) : NULL;
        if (!bv) continue;
        size_t old = push_key(c, m->key, m->key_len);
        bool ok = same_value(c, &m->value, bv, KIND_F64, false);
        pop(c, old);
        return ok;
    }
    return true;
}

/* Whether a member is compared: a known field the options judge, or any other field. */
static bool judged(const cmp *c, const acp_jsonv_member *m)
{
    uint64_t bit = acp_trace_field_bit(m->key, m->key_len);
    return !bit || (c->d->opt.fields & bit);
}

/* A field a has and b lacks on this line that b never writes: noted, not judged (unless
 * --fields asks for it). */
static bool not_written(cmp *c, const acp_jsonv_member *m)
{
    acp_trace_diff *d = c->d;
    uint64_t bit = acp_trace_field_bit(m->key, m->key_len);
    if (!d->scanned || !bit || (bit & ACP_TRACE_FIELDS_STRUCTURAL) || (d->b_written & bit)) return false;
    if (d->opt.fields_asked) return false;
    d->not_written |= bit;
    return true;
}

static bool same_object(cmp *c, const acp_jsonv *a, const acp_jsonv *b)
{
    for (uint32_t i = 0; i < a->count; i++) {
        const acp_jsonv_member *m = &a->members[i];
        if (is_digest(m) || !judged(c, m)) continue;
        const acp_jsonv *bv = member_of(b, m);
        if (!bv && not_written(c, m)) continue;
        size_t old = push_key(c, m->key, m->key_len);
        num_kind kind = kind_of(m->key);
        bool ok = bv ? same_value(c, &m->value, bv, kind, strcmp(m->key, "objects") == 0 && c->path.len == 7)
                     : report(c, &m->value, NULL, kind);
        pop(c, old);
        if (!ok) return false;
    }
    for (uint32_t j = 0; j < b->count; j++) {
        const acp_jsonv_member *m = &b->members[j];
        if (is_digest(m) || member_of(a, m) || !judged(c, m)) continue;
        if (c->d->scanned && !acp_trace_field_bit(m->key, m->key_len)) continue; /* a port's own field */
        size_t old = push_key(c, m->key, m->key_len);
        report(c, NULL, &m->value, kind_of(m->key));
        pop(c, old);
        return false;
    }
    return same_digest(c, a, b);
}

/* b's element of the objects array with a's element's "id", or NULL. `hint`, the position of a's
 * element, is tried first (traces of one scenario list objects in the same order). */
static const acp_jsonv *object_with_id(const acp_jsonv *b_objects, const acp_jsonv *a_obj, uint32_t hint)
{
    const acp_jsonv *id = acp_jsonv_get(a_obj, "id");
    if (!id) return NULL;
    double x, y;
    if (hint < b_objects->count) {
        const acp_jsonv *bid = acp_jsonv_get(&b_objects->items[hint], "id");
        if (bid && as_number(id, &x) && as_number(bid, &y) && x == y) return &b_objects->items[hint];
    }
    for (uint32_t j = 0; j < b_objects->count; j++) {
        const acp_jsonv *bid = acp_jsonv_get(&b_objects->items[j], "id");
        if (bid && as_number(id, &x) && as_number(bid, &y) && x == y) return &b_objects->items[j];
    }
    return NULL;
}

/* The trace's "objects" array: objects are matched by "id", not by position. */
static bool same_objects(cmp *c, const acp_jsonv *a, const acp_jsonv *b)
{
    for (uint32_t i = 0; i < a->count; i++) {
        size_t old = push_index(c, i);
        c->in_object = true;
        c->object_id = acp_jsonv_get(&a->items[i], "id");
        const acp_jsonv *bo = object_with_id(b, &a->items[i], i);
        bool ok = bo ? same_value(c, &a->items[i], bo, KIND_F64, false) : report(c, &a->items[i], NULL, KIND_F64);
        c->in_object = false;
        c->object_id = NULL;
        pop(c, old);
        if (!ok) return false;
    }
    for (uint32_t j = 0; j < b->count; j++) {
        if (object_with_id(a, &b->items[j], j)) continue;
        size_t old = push_index(c, j);
        report(c, NULL, &b->items[j], KIND_F64);
        pop(c, old);
        return false;
    }
    return true;
}

/* Two different numbers of one kind that the tolerances let agree (never NaN with a number). */
static bool within(const acp_diff_options *o, double x, double y, num_kind kind)
{
    if (x != x || y != y) return false;
    if (o->abs > 0.0 && fabs(x - y) <= o->abs) return true;
    uint64_t tol = kind == KIND_F32 ? o->ulps_f32 : o->ulps_f64;
    if (!tol) return false;
    uint64_t ulps = kind == KIND_F32 ? acp_ulps_f32((float)x, (float)y) : acp_ulps_f64(x, y);
    return ulps <= tol;
}

static bool same_value(cmp *c, const acp_jsonv *a, const acp_jsonv *b, num_kind kind, bool objects_array)
{
    double x, y;
    if (kind == KIND_CELL) {
        uint32_t p, q;
        if (as_cell(a, &p) && as_cell(b, &q)) return p == q || report(c, a, b, kind);
    }
    if (as_number(a, &x) && as_number(b, &y)) {
        if (kind == KIND_F32) {
            float f = (float)x, g = (float)y;
            if (memcmp(&f, &g, sizeof f) == 0 || (f != f && g != g) || within(&c->d->opt, f, g, kind)) return true;
            return report(c, a, b, kind);
        }
        if (memcmp(&x, &y, sizeof x) == 0 || (x != x && y != y)) return true;
        if (kind != KIND_INT && within(&c->d->opt, x, y, KIND_F64)) return true;
        return report(c, a, b, kind == KIND_INT ? KIND_INT : KIND_F64);
    }
    if (a->type != b->type) return report(c, a, b, kind);
    switch (a->type) {
    case ACP_JSONV_NULL: return true;
    case ACP_JSONV_BOOL: return a->boolean == b->boolean || report(c, a, b, kind);
    case ACP_JSONV_NUMBER: return true; /* handled above */
    case ACP_JSONV_STRING:
        return (a->count == b->count && memcmp(a->string, b->string, a->count) == 0) || report(c, a, b, kind);
    case ACP_JSONV_ARRAY: {
        if (objects_array) return same_objects(c, a, b);
        uint32_t n = a->count < b->count ? a->count : b->count;
        for (uint32_t i = 0; i < n; i++) {
            size_t old = push_index(c, i);
            bool ok = same_value(c, &a->items[i], &b->items[i], kind, false);
            pop(c, old);
            if (!ok) return false;
        }
        if (a->count == b->count) return true;
        size_t old = push_index(c, n);
        report(c, a->count > n ? &a->items[n] : NULL, b->count > n ? &b->items[n] : NULL, kind);
        pop(c, old);
        return false;
    }
    case ACP_JSONV_OBJECT: return same_object(c, a, b);
    }
    return true;
}

/* ---- what a trace line is ---- */

static int by_double(const void *pa, const void *pb)
{
    double a = *(const double *)pa, b = *(const double *)pb;
    return (a > b) - (a < b);
}

/* The "objects" array of a frame line: objects, each with a whole-number "id", no id twice.
 * Writes the path of the first fault into t; true when there is none. */
static bool objects_shape(const acp_jsonv *objects, acp_text *t)
{
    if (objects->type != ACP_JSONV_ARRAY) return acp_text_put(t, "\"objects\" is not an array"), false;
    double *ids = objects->count ? malloc((size_t)objects->count * sizeof *ids) : NULL;
    if (objects->count && !ids) return acp_text_put(t, "out of memory"), false;
    bool ok = true;
    for (uint32_t i = 0; i < objects->count && ok; i++) {
        const acp_jsonv *o = &objects->items[i], *id = acp_jsonv_get(o, "id");
        ok = o->type == ACP_JSONV_OBJECT && id && id->type == ACP_JSONV_NUMBER && id->number >= 0.0 &&
             id->number <= 4294967295.0 && id->number == floor(id->number);
        if (ok) ids[i] = id->number;
        else {
            acp_text_put(t, "objects[");
            acp_text_put_u64(t, i);
            acp_text_put(t, o->type != ACP_JSONV_OBJECT ? "] is not an object"
                            : !id ? "] has no \"id\"" : "] has an \"id\" that is not a whole number from 0 to 4294967295");
        }
    }
    if (ok && objects->count > 1) {
        qsort(ids, objects->count, sizeof *ids, by_double);
        for (uint32_t i = 1; i < objects->count && ok; i++) {
            ok = ids[i] != ids[i - 1];
            if (!ok) {
                acp_text_put(t, "two objects have \"id\" ");
                acp_text_put_g(t, ids[i], 17);
            }
        }
    }
    free(ids);
    return ok;
}

/* A trace line (schema/trace.v1.schema.json, as loosely as a port's trace may be written): the
 * closing line, or an object with a number "frame" and an "objects" array (objects_shape). */
static bool trace_line_shape(const acp_jsonv *v, acp_text *t)
{
    if (v->type != ACP_JSONV_OBJECT) {
        acp_text_put(t, "it is ");
        acp_text_put(t, acp_jsonv_type_phrase(v->type));
        acp_text_put(t, ", not an object");
        return false;
    }
    if (acp_trace_is_closing_line(v)) return true;
    const acp_jsonv *frame = acp_jsonv_get(v, "frame"), *objects = acp_jsonv_get(v, "objects");
    if (!frame || frame->type != ACP_JSONV_NUMBER)
        return acp_text_put(t, frame ? "\"frame\" is not a number" : "it has no \"frame\" (nor is it a closing {\"digest\"} line)"), false;
    if (!objects) return acp_text_put(t, "it has no \"objects\""), false;
    return objects_shape(objects, t);
}

/* False (and d->error with the reason) when line `line_no` of `which` is not a trace line. */
/* Mark the comparison as failed on input that is not a trace and start its message, "line N of
 * <which> is <what>", in t. */
static void begin_input_error(acp_trace_diff *d, acp_text *t, uint32_t line_no, char which, const char *what)
{
    d->error = true;
    acp_text_fixed(t, d->message, sizeof d->message);
    acp_text_put(t, "line ");
    acp_text_put_u64(t, line_no);
    acp_text_put(t, " of ");
    acp_text_put_char(t, which);
    acp_text_put(t, what);
}

static bool check_line(acp_trace_diff *d, uint32_t line_no, char which, const acp_jsonv *v)
{
    char why[256];
    acp_text w;
    acp_text_fixed(&w, why, sizeof why);
    if (trace_line_shape(v, &w)) return true;
    acp_text t;
    begin_input_error(d, &t, line_no, which, " is not a trace line: ");
    acp_text_put(&t, why);
    return false;
}

/* ---- the public functions ---- */

void acp_trace_diff_init(acp_trace_diff *d)
{
    acp_diff_options o;
    acp_diff_options_init(&o);
    acp_trace_diff_init_with(d, &o);
}

void acp_trace_diff_init_with(acp_trace_diff *d, const acp_diff_options *o)
{
    memset(d, 0, sizeof *d);
    d->opt = *o;
}

/* The known fields of one object (a line or an element of "objects") into *mask. */
static void scan_members(const acp_jsonv *v, uint64_t *mask)
{
    if (!v || v->type != ACP_JSONV_OBJECT) return;
    for (uint32_t i = 0; i < v->count; i++) *mask |= acp_trace_field_bit(v->members[i].key, v->members[i].key_len);
}

void acp_trace_diff_scan_b(acp_trace_diff *d, const acp_jsonv *b)
{
    d->scanned = true;
    if (!b || b->type != ACP_JSONV_OBJECT || acp_trace_is_closing_line(b)) return;
    scan_members(b, &d->b_written);
    const acp_jsonv *objects = acp_jsonv_get(b, "objects");
    if (objects && objects->type == ACP_JSONV_ARRAY)
        for (uint32_t i = 0; i < objects->count; i++) scan_members(&objects->items[i], &d->b_written);
}

void acp_trace_diff_next(acp_trace_diff *d)
{
    if (!d->opt.all || !d->different || d->error) return;
    d->different = false;
    if (!d->differing_lines++) d->first_differing_line = d->lines;
}

bool acp_trace_diff_line(acp_trace_diff *d, uint32_t line_no, const acp_jsonv *a, const acp_jsonv *b)
{
    if (d->different || d->error) return false;
    d->lines = line_no;
    if (!check_line(d, line_no, 'a', a) || !check_line(d, line_no, 'b', b)) return false;
    /* Judging chosen fields, the closing line (the run's profile and digest) is not one of them. */
    if (d->opt.fields != ACP_TRACE_FIELDS_ALL && acp_trace_is_closing_line(a) && acp_trace_is_closing_line(b)) return true;
    cmp c;
    memset(&c, 0, sizeof c);
    c.d = d;
    c.line_no = line_no;
    c.line_a = a;
    return same_value(&c, a, b, KIND_F64, false);
}

void acp_trace_diff_bad_line(acp_trace_diff *d, uint32_t line_no, char which, const char *why)
{
    if (d->different || d->error) return;
    acp_text t;
    begin_input_error(d, &t, line_no, which, " is not valid JSON");
    if (!why || !*why) return;
    /* The checker's "line 1, column C: what" (after the hosts' "not valid JSON: "): the line is
     * the trace's, said above. */
    static const char host[] = "not valid JSON: ", first[] = "line 1, ";
    if (!strncmp(why, host, sizeof host - 1)) why += sizeof host - 1;
    if (!strncmp(why, first, sizeof first - 1)) why += sizeof first - 1;
    acp_text_put(&t, ": ");
    acp_text_put(&t, why);
}

static bool line_opens_object(const unsigned char *p, size_t n)
{
    size_t i = n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF ? 3 : 0;
    while (i < n && (p[i] == ' ' || p[i] == '\t')) i++;
    return i < n && p[i] == '{';
}

bool acp_trace_text_opens_object(const char *text, size_t len)
{
    for (size_t pos = 0; pos < len;) {
        const char *nl = memchr(text + pos, '\n', len - pos);
        size_t end = nl ? (size_t)(nl - text) : len;
        size_t l = end - pos;
        if (l && text[pos + l - 1] == '\r') l--;
        for (size_t i = 0; i < l; i++)
            if (text[pos + i] != ' ' && text[pos + i] != '\t') return line_opens_object((const unsigned char *)text + pos, l);
        pos = end + 1;
    }
    return true;
}

void acp_trace_diff_not_a_trace(acp_trace_diff *d, char which, const unsigned char *head, size_t head_len,
                                size_t total_len)
{
    if (d->different || d->error) return;
    static const char hex[] = "0123456789abcdef";
    size_t n = head_len < ACP_TRACE_NOT_A_TRACE_BYTES ? head_len : ACP_TRACE_NOT_A_TRACE_BYTES;
    d->error = true;
    acp_text t;
    acp_text_fixed(&t, d->message, sizeof d->message);
    acp_text_put_char(&t, which);
    acp_text_put(&t, " is not a trace file (its first line does not open a JSON object): its first bytes are");
    for (size_t i = 0; i < n; i++) {
        acp_text_put_char(&t, ' ');
        acp_text_put_char(&t, hex[head[i] >> 4]);
        acp_text_put_char(&t, hex[head[i] & 15]);
    }
    acp_text_put(&t, " \"");
    for (size_t i = 0; i < n; i++) {
        unsigned char c = head[i];
        if (c == '\n') acp_text_put(&t, "\\n");
        else if (c == '\r') acp_text_put(&t, "\\r");
        else if (c == '\t') acp_text_put(&t, "\\t");
        else if (c == '"' || c == '\\') { acp_text_put_char(&t, '\\'); acp_text_put_char(&t, (char)c); }
        else acp_text_put_char(&t, c >= 0x20 && c < 0x7f ? (char)c : '.');
    }
    acp_text_put_char(&t, '"');
    if (total_len > n) acp_text_put(&t, "...");
}

bool acp_trace_is_closing_line(const acp_jsonv *v)
{
    if (!v || v->type != ACP_JSONV_OBJECT || !acp_jsonv_get(v, "digest")) return false;
    for (uint32_t i = 0; i < v->count; i++) {
        const acp_jsonv_member *m = &v->members[i];
        bool known = is_digest(m) || (m->key_len == 7 && memcmp(m->key, "profile", 7) == 0) ||
                     (m->key_len == 7 && memcmp(m->key, "records", 7) == 0); /* quanta traces */
        if (!known) return false;
    }
    return true;
}

void acp_trace_diff_extra_line(acp_trace_diff *d, uint32_t line_no, char which, const acp_jsonv *v)
{
    if (d->different || d->error) return;
    d->lines = line_no;
    if (!check_line(d, line_no, which, v) || acp_trace_is_closing_line(v)) return;
    d->different = true;
    acp_text t;
    acp_text_fixed(&t, d->message, sizeof d->message);
    const acp_jsonv *frame = acp_jsonv_get(v, "frame");
    acp_text_put(&t, "traces differ at line ");
    acp_text_put_u64(&t, line_no);
    if (frame && frame->type == ACP_JSONV_NUMBER) {
        acp_text_put(&t, " (frame ");
        acp_text_put_g(&t, frame->number, 17);
        acp_text_put(&t, ")");
    }
    acp_text_put(&t, ": only ");
    acp_text_put_char(&t, which);
    acp_text_put(&t, " has it");
    acp_text_fixed(&t, d->summary, sizeof d->summary);
    acp_text_put(&t, "line ");
    acp_text_put_u64(&t, line_no);
    acp_text_put(&t, which == 'a' ? ": the trace ends early (only a has this line)" : ": only b has this line");
}

bool acp_trace_diff_finish(acp_trace_diff *d, uint32_t a_lines, uint32_t b_lines)
{
    acp_text t;
    if ((a_lines == 0 || b_lines == 0) && !d->error) { /* not a trace: overrides any difference */
        acp_text_fixed(&t, d->message, sizeof d->message);
        d->different = false;
        d->error = true;
        acp_text_put(&t, a_lines == 0 ? "trace a" : "trace b");
        acp_text_put(&t, " has no lines");
        return false;
    }
    if (d->error) return false;
    if (d->different && d->opt.all) acp_trace_diff_next(d);
    if (d->differing_lines) {
        d->different = true;
        acp_text_fixed(&t, d->message, sizeof d->message);
        acp_text_put_u64(&t, d->differing_lines);
        acp_text_put(&t, d->differing_lines == 1 ? " line differs" : " lines differ");
        acp_text_put(&t, " (the first: line ");
        acp_text_put_u64(&t, d->first_differing_line);
        acp_text_put(&t, ")");
        return false;
    }
    if (d->different) return false;
    acp_text_fixed(&t, d->message, sizeof d->message);
    const acp_diff_options *o = &d->opt;
    bool plain = o->fields == ACP_TRACE_FIELDS_ALL && !tolerant(o) && !d->not_written;
    acp_text_put(&t, plain ? "traces are identical (" : "traces agree (");
    acp_text_put_u64(&t, a_lines < b_lines ? a_lines : b_lines);
    acp_text_put(&t, " lines compared");
    if (o->fields != ACP_TRACE_FIELDS_ALL) {
        acp_text_put(&t, "; judged: ");
        acp_trace_fields_put(&t, o->fields & ~(ACP_TRACE_FIELDS_STRUCTURAL | d->not_written));
    }
    if (tolerant(o)) {
        acp_text_put(&t, "; within ");
        if (o->ulps_f32 || o->ulps_f64) {
            acp_text_put_u64(&t, o->ulps_f32);
            acp_text_put(&t, " float32 / ");
            acp_text_put_u64(&t, o->ulps_f64);
            acp_text_put(&t, " float64 ulps");
        }
        if (o->abs > 0.0) {
            acp_text_put(&t, o->ulps_f32 || o->ulps_f64 ? " or " : "");
            acp_text_put(&t, "an absolute ");
            acp_text_put_g(&t, o->abs, 17);
        }
    }
    if (d->not_written) {
        acp_text_put(&t, "; not written: ");
        acp_trace_fields_put(&t, d->not_written);
    }
    acp_text_put(&t, ")");
    return true;
}

/* ---- for diff_shapes.c (diff_walk.h) ---- */

bool acp_diff_walk_report(cmp *c, const acp_jsonv *a, const acp_jsonv *b, num_kind kind) { return report(c, a, b, kind); }
bool acp_diff_walk_same_value(cmp *c, const acp_jsonv *a, const acp_jsonv *b, num_kind k) { return same_value(c, a, b, k, false); }
bool acp_diff_walk_same_object(cmp *c, const acp_jsonv *a, const acp_jsonv *b) { return same_object(c, a, b); }
bool acp_diff_walk_check_line(acp_trace_diff *d, uint32_t n, char which, const acp_jsonv *v) { return check_line(d, n, which, v); }

void acp_trace_diff_name_sides(acp_trace_diff *d, const char *a_name, const char *b_name)
{
    const char *m = d->message;
    size_t digits = 0;
    char side = 0;
    size_t head = 0, tail = 0; /* the letter's place: before it head bytes, after it the rest */
    if (!strncmp(m, "line ", 5)) {
        while (m[5 + digits] >= '0' && m[5 + digits] <= '9') digits++;
        const char *of = m + 5 + digits;
        if (digits && !strncmp(of, " of ", 4) && (of[4] == 'a' || of[4] == 'b') && (of[5] == ' ' || of[5] == ':')) {
            side = of[4];
            head = (size_t)(of + 4 - m);
            tail = head + 1;
        }
    } else if ((m[0] == 'a' || m[0] == 'b') && !strncmp(m + 1, " line ", 6)) {
        side = m[0];
        head = 0;
        tail = 1;
    }
    if (!side) return;
    char out[sizeof d->message];
    snprintf(out, sizeof out, "%.*s%s%s", (int)head, m, side == 'a' ? a_name : b_name, m + tail);
    memcpy(d->message, out, sizeof out);
}
