/* acphys — the scenario decoder's shared field readers. See scenario_read.h. */
#include "scenario_read.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef acp_sr_ctx ctx;
typedef acp_path path;

/* ---- field paths and errors ---- */

size_t acp_sr_path_key(path *p, const char *key) { return acp_path_key(p, key, strlen(key)); }
size_t acp_sr_path_index(path *p, uint32_t i) { return acp_path_index(p, i); }
void acp_sr_path_pop(path *p, size_t old) { acp_path_pop(p, old); }

/* Start an error message "<path>: " and return the text to complete it (NULL after the first
 * error: only the first is reported). */
acp_text *acp_sr_fail_at(ctx *c, const path *p, acp_text *t)
{
    if (c->failed) return NULL;
    c->failed = true;
    acp_text_fixed(t, c->err->message, sizeof c->err->message);
    acp_text_put(t, p->len ? p->s : "scenario");
    acp_text_put(t, ": ");
    return t;
}

bool acp_sr_fail(ctx *c, const path *p, const char *what)
{
    acp_text t;
    if (acp_sr_fail_at(c, p, &t)) acp_text_put(&t, what);
    return false;
}

bool acp_sr_fail_type(ctx *c, const path *p, const char *expected, const acp_jsonv *v)
{
    acp_text t;
    if (!acp_sr_fail_at(c, p, &t)) return false;
    acp_text_put(&t, "expected ");
    acp_text_put(&t, expected);
    acp_text_put(&t, ", got ");
    acp_text_put(&t, acp_jsonv_type_phrase(v->type));
    return false;
}

/* A number for messages, as short as it reads back: integers below 1e16 in full, other values
 * with the fewest significant digits (%.Ng, N ≤ 17) that strtod turns back into v (both C
 * libraries' strtod are correctly rounded, so native and WASM pick the same N). */
void acp_sr_put_number(acp_text *t, double v)
{
    if (v == floor(v) && fabs(v) < 1e16) {
        acp_text_put_i64(t, (int64_t)v);
        return;
    }
    char buf[40];
    for (int p = 1; p <= 17; p++) {
        acp_text tx;
        acp_text_fixed(&tx, buf, sizeof buf);
        acp_text_put_g(&tx, v, p);
        if (!isfinite(v) || strtod(buf, NULL) == v) break;
    }
    acp_text_put(t, buf);
}

/* ---- field readers ---- */

/* `v` must be an object whose keys are all in `allowed` (NULL-terminated). */
bool acp_sr_check_object(ctx *c, const path *p, const acp_jsonv *v, const char *const *allowed)
{
    if (v->type != ACP_JSONV_OBJECT) return acp_sr_fail_type(c, p, "an object", v);
    for (uint32_t i = 0; i < v->count; i++) {
        const acp_jsonv_member *m = &v->members[i];
        bool known = false;
        for (const char *const *a = allowed; *a && !known; a++)
            known = strlen(*a) == m->key_len && memcmp(*a, m->key, m->key_len) == 0;
        if (known) continue;
        acp_text t;
        if (c->failed) return false;
        c->failed = true;
        acp_text_fixed(&t, c->err->message, sizeof c->err->message);
        acp_text_put(&t, "unknown field ");
        acp_text_put_json_string(&t, m->key, m->key_len);
        acp_text_put(&t, " in ");
        acp_text_put(&t, p->len ? p->s : "the scenario");
        return false;
    }
    return true;
}

/* Member `key` of `obj`; when absent and required, an error "<path>.<key>: required field is
 * missing". *found tells the caller whether to read it. */
const acp_jsonv *acp_sr_member(ctx *c, path *p, const acp_jsonv *obj, const char *key, bool required)
{
    const acp_jsonv *v = acp_jsonv_get(obj, key);
    if (!v && required) {
        size_t old = acp_sr_path_key(p, key);
        acp_sr_fail(c, p, "required field is missing");
        acp_sr_path_pop(p, old);
    }
    return v;
}

bool acp_sr_read_number(ctx *c, const path *p, const acp_jsonv *v, double *out)
{
    if (v->type != ACP_JSONV_NUMBER) return acp_sr_fail_type(c, p, "a finite number", v);
    if (!isfinite(v->number)) return acp_sr_fail(c, p, "expected a finite number");
    *out = v->number;
    return true;
}

/* A number stored as a float: finite, and finite once rounded to float. */
bool acp_sr_read_float(ctx *c, const path *p, const acp_jsonv *v, float *out)
{
    double d = 0.0;
    if (!acp_sr_read_number(c, p, v, &d)) return false;
    float f = (float)d;
    if (!isfinite(f)) {
        acp_text t;
        if (acp_sr_fail_at(c, p, &t)) {
            acp_sr_put_number(&t, d);
            acp_text_put(&t, " does not fit a float (at most 3.40282347e+38 in magnitude)");
        }
        return false;
    }
    *out = f;
    return true;
}

/* A time in seconds: finite and within ±ACP_SCENARIO_MAX_TIME. */
bool acp_sr_check_time(ctx *c, const path *p, double t)
{
    if (fabs(t) <= ACP_SCENARIO_MAX_TIME) return true;
    acp_text tx;
    if (acp_sr_fail_at(c, p, &tx)) {
        acp_sr_put_number(&tx, t);
        acp_text_put(&tx, " s is outside the supported clock range of ±1e9 s");
    }
    return false;
}

bool acp_sr_read_time(ctx *c, const path *p, const acp_jsonv *v, double *out)
{
    return acp_sr_read_number(c, p, v, out) && acp_sr_check_time(c, p, *out);
}

/* An integer in [lo, hi]. */
bool acp_sr_read_integer(ctx *c, const path *p, const acp_jsonv *v, double lo, double hi, double *out)
{
    double d = 0.0;
    if (v->type != ACP_JSONV_NUMBER) return acp_sr_fail_type(c, p, "an integer", v);
    if (!acp_sr_read_number(c, p, v, &d)) return false;
    if (d != floor(d) || d < lo || d > hi) {
        acp_text t;
        if (acp_sr_fail_at(c, p, &t)) {
            acp_text_put(&t, "expected an integer from ");
            acp_sr_put_number(&t, lo);
            acp_text_put(&t, " to ");
            acp_sr_put_number(&t, hi);
            acp_text_put(&t, ", got ");
            acp_sr_put_number(&t, d);
        }
        return false;
    }
    *out = d;
    return true;
}

/* A uint32: an integer 0..4294967295 or a string "0x" + 1..8 hex digits. */
bool acp_sr_read_u32(ctx *c, const path *p, const acp_jsonv *v, uint32_t *out)
{
    if (v->type == ACP_JSONV_NUMBER) {
        double d;
        if (!acp_sr_read_integer(c, p, v, 0.0, 4294967295.0, &d)) return false;
        *out = (uint32_t)d;
        return true;
    }
    if (v->type != ACP_JSONV_STRING)
        return acp_sr_fail_type(c, p, "a 32-bit value (an integer, or a hex string such as \"0x02000001\")", v);
    const char *s = v->string;
    uint32_t n = v->count;
    uint32_t x = 0;
    bool ok = n >= 3 && n <= 10 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    for (uint32_t i = 2; ok && i < n; i++) {
        char ch = s[i];
        uint32_t digit;
        if (ch >= '0' && ch <= '9') digit = (uint32_t)(ch - '0');
        else if (ch >= 'a' && ch <= 'f') digit = (uint32_t)(ch - 'a' + 10);
        else if (ch >= 'A' && ch <= 'F') digit = (uint32_t)(ch - 'A' + 10);
        else ok = false, digit = 0;
        x = x << 4 | digit;
    }
    if (!ok) {
        acp_text t;
        if (acp_sr_fail_at(c, p, &t)) {
            acp_text_put(&t, "expected a hex string \"0x\" + 1 to 8 hex digits, got ");
            acp_text_put_json_string(&t, s, n > 40 ? 40 : n);
        }
        return false;
    }
    *out = x;
    return true;
}

/* A string without NUL characters, copied (malloc). */
bool acp_sr_read_string(ctx *c, const path *p, const acp_jsonv *v, char **out)
{
    if (v->type != ACP_JSONV_STRING) return acp_sr_fail_type(c, p, "a string", v);
    if (strlen(v->string) != v->count) return acp_sr_fail(c, p, "a string must not contain NUL characters");
    *out = malloc((size_t)v->count + 1u);
    if (!*out) return acp_sr_fail(c, p, "out of memory");
    memcpy(*out, v->string, (size_t)v->count + 1u);
    return true;
}

bool acp_sr_read_bool(ctx *c, const path *p, const acp_jsonv *v, bool *out)
{
    if (v->type != ACP_JSONV_BOOL) return acp_sr_fail_type(c, p, "true or false", v);
    *out = v->boolean;
    return true;
}

/* An array of exactly n floats. */
bool acp_sr_read_floats(ctx *c, path *p, const acp_jsonv *v, uint32_t n, float *out)
{
    if (v->type != ACP_JSONV_ARRAY) {
        acp_text t;
        if (acp_sr_fail_at(c, p, &t)) {
            acp_text_put(&t, "expected an array of ");
            acp_text_put_u64(&t, n);
            acp_text_put(&t, " numbers, got ");
            acp_text_put(&t, acp_jsonv_type_phrase(v->type));
        }
        return false;
    }
    if (v->count != n) {
        acp_text t;
        if (acp_sr_fail_at(c, p, &t)) {
            acp_text_put(&t, "expected an array of ");
            acp_text_put_u64(&t, n);
            acp_text_put(&t, " numbers, got ");
            acp_text_put_u64(&t, v->count);
        }
        return false;
    }
    for (uint32_t i = 0; i < n; i++) {
        size_t old = acp_sr_path_index(p, i);
        bool ok = acp_sr_read_float(c, p, &v->items[i], &out[i]);
        acp_sr_path_pop(p, old);
        if (!ok) return false;
    }
    return true;
}

bool acp_sr_read_vec3(ctx *c, path *p, const acp_jsonv *v, acp_vec3 *out)
{
    float f[3];
    if (!acp_sr_read_floats(c, p, v, 3, f)) return false;
    *out = (acp_vec3){f[0], f[1], f[2]};
    return true;
}

bool acp_sr_check_cell(ctx *c, const path *p, uint32_t cell)
{
    uint32_t low = cell & 0xFFFFu;
    if (acp_landdefs_inbound_valid_cellid(cell) && low < 0xFFFEu) return true;
    acp_text t;
    if (acp_sr_fail_at(c, p, &t)) {
        acp_text_put_hex32(&t, cell);
        acp_text_put(&t, " is not a cell id (0xXXYYCCCC: outdoor cells CCCC = 0x0001..0x0040, "
                         "indoor 0x0100..0xFFFD)");
    }
    return false;
}

/* cell, origin and orientation of an object already checked for unknown members. */
bool acp_sr_read_position_members(ctx *c, path *p, const acp_jsonv *pos, acp_position *out)
{
    out->frame = acp_frame_identity();
    WITH_MEMBER(c, p, pos, "cell", true, acp_sr_read_u32(c, p, v, &out->objcell_id) && acp_sr_check_cell(c, p, out->objcell_id));
    WITH_MEMBER(c, p, pos, "origin", true, acp_sr_read_vec3(c, p, v, &out->frame.origin));
    float q[4] = {1.0f, 0.0f, 0.0f, 0.0f};
    WITH_MEMBER(c, p, pos, "orientation", false, acp_sr_read_floats(c, p, v, 4, q));
    /* The quaternion as given (retail's Position::UnPack keeps it), its matrix cached. */
    out->frame.qw = q[0];
    out->frame.qx = q[1];
    out->frame.qy = q[2];
    out->frame.qz = q[3];
    acp_frame_cache(&out->frame);
    if (!acp_frame_is_valid(&out->frame)) {
        size_t old = acp_sr_path_key(p, "orientation");
        acp_text t;
        if (acp_sr_fail_at(c, p, &t)) {
            double n2 = (double)q[0] * q[0] + (double)q[1] * q[1] + (double)q[2] * q[2] + (double)q[3] * q[3];
            acp_text_put(&t, "not a unit quaternion: |q|² = ");
            acp_text_put_g(&t, n2, 9);
            acp_text_put(&t, " (retail's Frame::IsValid accepts 1 ± 0.001)");
        }
        acp_sr_path_pop(p, old);
        return false;
    }
    return true;
}

bool acp_sr_read_position(ctx *c, path *p, const acp_jsonv *pos, acp_position *out)
{
    static const char *const FIELDS[] = {"cell", "origin", "orientation", NULL};
    return acp_sr_check_object(c, p, pos, FIELDS) && acp_sr_read_position_members(c, p, pos, out);
}

/* An object id of the scenario, or a field-named error. */
bool acp_sr_check_object_id(ctx *c, const path *p, const acp_scenario *s, uint32_t id, uint32_t *index)
{
    for (uint32_t i = 0; i < s->num_objects; i++)
        if (s->objects[i].id == id) return index ? (*index = i, true) : true;
    acp_text t;
    if (acp_sr_fail_at(c, p, &t)) acp_text_put(&t, "no object with id "), acp_text_put_u64(&t, id);
    return false;
}

bool acp_sr_read_true(ctx *c, const path *p, const acp_jsonv *v)
{
    bool b = false;
    return acp_sr_read_bool(c, p, v, &b) && (b || acp_sr_fail(c, p, "expected true (leave the event out for no change)"));
}

