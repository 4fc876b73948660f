/* acphys — a frames trace against a quanta trace of one run (diff.h: acp_trace_line_shape,
 * acp_trace_diff_shapes). */
#include <string.h>

#include "diff_walk.h"

acp_trace_shape acp_trace_line_shape(const acp_jsonv *v)
{
    if (!v || v->type != ACP_JSONV_OBJECT) return ACP_TRACE_SHAPE_NONE;
    if (acp_jsonv_get(v, "frame") && acp_jsonv_get(v, "objects"))
        return acp_jsonv_get(v, "quantum") ? ACP_TRACE_SHAPE_QUANTA : ACP_TRACE_SHAPE_FRAMES;
    if (acp_jsonv_get(v, "t") && acp_jsonv_get(v, "transition_state")) return ACP_TRACE_SHAPE_DERETH;
    return ACP_TRACE_SHAPE_NONE;
}

/* The fields a frame's object and its last quantum record both hold after the frame. */
static uint64_t shared_fields(void)
{
    static const char *const NAMES[] = {"elapsed", "pending", "update_time", "active", "state", "transient",
                                        "cell", "origin", "orientation", "velocity"};
    uint64_t m = ACP_TRACE_FIELDS_STRUCTURAL;
    for (size_t i = 0; i < sizeof NAMES / sizeof NAMES[0]; i++) m |= acp_trace_field_bit(NAMES[i], strlen(NAMES[i]));
    return m;
}

static bool shape_error(acp_trace_diff *d, uint32_t line_no, const char *what)
{
    d->error = true;
    acp_text t;
    acp_text_fixed(&t, d->message, sizeof d->message);
    acp_text_put(&t, "the quanta trace's line ");
    acp_text_put_u64(&t, line_no);
    acp_text_put(&t, what);
    return false;
}

/* The one object of a quanta record, or NULL. */
static const acp_jsonv *record_object(const acp_jsonv *q)
{
    const acp_jsonv *objs = acp_jsonv_get(q, "objects");
    return objs && objs->type == ACP_JSONV_ARRAY && objs->count == 1 ? &objs->items[0] : NULL;
}

/* One object of frame line `fl` against its records q[*k ..]. */
static bool object_quanta(cmp *c, const acp_jsonv *fo, const acp_jsonv *const *q, uint32_t nq, uint32_t *k)
{
    const acp_jsonv *quanta = acp_jsonv_get(fo, "quanta"), *id = acp_jsonv_get(fo, "id");
    const acp_jsonv *frame = acp_jsonv_get(c->line_a, "frame");
    if (!quanta || quanta->type != ACP_JSONV_ARRAY || quanta->count == 0) return true;
    const acp_jsonv *hooks = acp_jsonv_get(fo, "hooks");
    uint32_t hook_at = 0;
    const acp_jsonv *last = NULL;
    c->in_object = true;
    c->object_id = id;
    for (uint32_t i = 0; i < quanta->count; i++, (*k)++) {
        while (*k < nq && acp_trace_is_closing_line(q[*k])) (*k)++;
        const acp_jsonv *rec = *k < nq ? q[*k] : NULL, *ro = rec ? record_object(rec) : NULL;
        const acp_jsonv *rf = rec ? acp_jsonv_get(rec, "frame") : NULL, *rid = ro ? acp_jsonv_get(ro, "id") : NULL;
        size_t old = acp_path_key(&c->path, "quanta", 6);
        acp_path_index(&c->path, i);
        if (!ro || !rf || !rid || rf->type != ACP_JSONV_NUMBER || rid->type != ACP_JSONV_NUMBER ||
            rf->number != frame->number || rid->number != id->number) {
            acp_diff_walk_report(c, &quanta->items[i], NULL, KIND_F32); /* "b does not have it": no record */
            return false;
        }
        const acp_jsonv *rq = acp_jsonv_get(ro, "quanta");
        bool ok = rq && rq->type == ACP_JSONV_ARRAY && rq->count == 1 &&
                  acp_diff_walk_same_value(c, &quanta->items[i], &rq->items[0], KIND_F32);
        if (ok && !(rq && rq->count == 1)) ok = acp_diff_walk_report(c, &quanta->items[i], rq, KIND_F32);
        acp_path_pop(&c->path, old);
        if (!ok) return false;
        const acp_jsonv *rh = acp_jsonv_get(ro, "hooks");
        for (uint32_t h = 0; rh && rh->type == ACP_JSONV_ARRAY && h < rh->count; h++, hook_at++) {
            old = acp_path_key(&c->path, "hooks", 5);
            acp_path_index(&c->path, hook_at);
            ok = hooks && hooks->type == ACP_JSONV_ARRAY && hook_at < hooks->count
                     ? acp_diff_walk_same_value(c, &hooks->items[hook_at], &rh->items[h], KIND_F64)
                     : acp_diff_walk_report(c, NULL, &rh->items[h], KIND_F64);
            acp_path_pop(&c->path, old);
            if (!ok) return false;
        }
        last = ro;
    }
    if (hooks && hooks->type == ACP_JSONV_ARRAY && hook_at < hooks->count) {
        size_t old = acp_path_key(&c->path, "hooks", 5);
        acp_path_index(&c->path, hook_at);
        acp_diff_walk_report(c, &hooks->items[hook_at], NULL, KIND_F64);
        acp_path_pop(&c->path, old);
        return false;
    }
    acp_diff_options saved = c->d->opt;
    c->d->opt.fields = shared_fields();
    bool ok = acp_diff_walk_same_object(c, fo, last);
    c->d->opt = saved;
    c->in_object = false;
    c->object_id = NULL;
    return ok;
}

bool acp_trace_diff_shapes(acp_trace_diff *d, const acp_jsonv *const *f, uint32_t nf, const acp_jsonv *const *q,
                           uint32_t nq)
{
    uint32_t k = 0;
    for (uint32_t i = 0; i < nf && !d->different && !d->error; i++) {
        if (acp_trace_is_closing_line(f[i])) continue;
        if (!acp_diff_walk_check_line(d, i + 1u, 'a', f[i])) return false;
        cmp c;
        memset(&c, 0, sizeof c);
        c.d = d;
        c.line_no = i + 1u;
        c.line_a = f[i];
        d->lines = i + 1u;
        const acp_jsonv *objs = acp_jsonv_get(f[i], "objects");
        for (uint32_t o = 0; o < objs->count; o++) {
            size_t old = acp_path_key(&c.path, "objects", 7);
            acp_path_index(&c.path, o);
            bool ok = object_quanta(&c, &objs->items[o], q, nq, &k);
            acp_path_pop(&c.path, old);
            if (!ok) return false;
        }
    }
    while (k < nq && acp_trace_is_closing_line(q[k])) k++;
    if (!d->different && !d->error && k < nq) return shape_error(d, k + 1u, " is a record no frame's quanta account for");
    return !d->different && !d->error;
}
