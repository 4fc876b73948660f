/* acphys — scenario decoding and validation. See scenario.h. */
#include "scenario.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"

/* ---- field paths and errors ---- */

typedef acp_path path;

typedef struct ctx {
    acp_scenario_error *err;
    bool failed;
} ctx;

static size_t path_key(path *p, const char *key) { return acp_path_key(p, key, strlen(key)); }
static size_t path_index(path *p, uint32_t i) { return acp_path_index(p, i); }
static void path_pop(path *p, size_t old) { acp_path_pop(p, old); }

/* Start an error message "<path>: " and return the text to complete it (NULL after the first
 * error: only the first is reported). */
static acp_text *fail_at(ctx *c, const path *p, acp_text *t)
{
    if (c->failed) return NULL;
    c->failed = true;
    acp_text_fixed(t, c->err->message, sizeof c->err->message);
    acp_text_put(t, p->len ? p->s : "scenario");
    acp_text_put(t, ": ");
    return t;
}

static bool fail(ctx *c, const path *p, const char *what)
{
    acp_text t;
    if (fail_at(c, p, &t)) acp_text_put(&t, what);
    return false;
}

static bool fail_type(ctx *c, const path *p, const char *expected, const acp_jsonv *v)
{
    acp_text t;
    if (!fail_at(c, p, &t)) return false;
    acp_text_put(&t, "expected ");
    acp_text_put(&t, expected);
    acp_text_put(&t, ", got ");
    acp_text_put(&t, acp_jsonv_type_phrase(v->type));
    return false;
}

/* A number for messages, as short as it reads back: integers below 1e16 in full, other values
 * with the fewest significant digits (%.Ng, N ≤ 17) that strtod turns back into v (both C
 * libraries' strtod are correctly rounded, so native and WASM pick the same N). */
static void put_number(acp_text *t, double v)
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
static bool check_object(ctx *c, const path *p, const acp_jsonv *v, const char *const *allowed)
{
    if (v->type != ACP_JSONV_OBJECT) return fail_type(c, p, "an object", v);
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
static const acp_jsonv *member(ctx *c, path *p, const acp_jsonv *obj, const char *key, bool required)
{
    const acp_jsonv *v = acp_jsonv_get(obj, key);
    if (!v && required) {
        size_t old = path_key(p, key);
        fail(c, p, "required field is missing");
        path_pop(p, old);
    }
    return v;
}

static bool read_number(ctx *c, const path *p, const acp_jsonv *v, double *out)
{
    if (v->type != ACP_JSONV_NUMBER) return fail_type(c, p, "a finite number", v);
    if (!isfinite(v->number)) return fail(c, p, "expected a finite number");
    *out = v->number;
    return true;
}

/* A number stored as a float: finite, and finite once rounded to float. */
static bool read_float(ctx *c, const path *p, const acp_jsonv *v, float *out)
{
    double d = 0.0;
    if (!read_number(c, p, v, &d)) return false;
    float f = (float)d;
    if (!isfinite(f)) {
        acp_text t;
        if (fail_at(c, p, &t)) {
            put_number(&t, d);
            acp_text_put(&t, " does not fit a float (at most 3.40282347e+38 in magnitude)");
        }
        return false;
    }
    *out = f;
    return true;
}

/* A time in seconds: finite and within ±ACP_SCENARIO_MAX_TIME. */
static bool check_time(ctx *c, const path *p, double t)
{
    if (fabs(t) <= ACP_SCENARIO_MAX_TIME) return true;
    acp_text tx;
    if (fail_at(c, p, &tx)) {
        put_number(&tx, t);
        acp_text_put(&tx, " s is outside the supported clock range of ±1e9 s");
    }
    return false;
}

static bool read_time(ctx *c, const path *p, const acp_jsonv *v, double *out)
{
    return read_number(c, p, v, out) && check_time(c, p, *out);
}

/* An integer in [lo, hi]. */
static bool read_integer(ctx *c, const path *p, const acp_jsonv *v, double lo, double hi, double *out)
{
    double d = 0.0;
    if (v->type != ACP_JSONV_NUMBER) return fail_type(c, p, "an integer", v);
    if (!read_number(c, p, v, &d)) return false;
    if (d != floor(d) || d < lo || d > hi) {
        acp_text t;
        if (fail_at(c, p, &t)) {
            acp_text_put(&t, "expected an integer from ");
            put_number(&t, lo);
            acp_text_put(&t, " to ");
            put_number(&t, hi);
            acp_text_put(&t, ", got ");
            put_number(&t, d);
        }
        return false;
    }
    *out = d;
    return true;
}

/* A uint32: an integer 0..4294967295 or a string "0x" + 1..8 hex digits. */
static bool read_u32(ctx *c, const path *p, const acp_jsonv *v, uint32_t *out)
{
    if (v->type == ACP_JSONV_NUMBER) {
        double d;
        if (!read_integer(c, p, v, 0.0, 4294967295.0, &d)) return false;
        *out = (uint32_t)d;
        return true;
    }
    if (v->type != ACP_JSONV_STRING)
        return fail_type(c, p, "a 32-bit value (an integer, or a hex string such as \"0x02000001\")", v);
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
        if (fail_at(c, p, &t)) {
            acp_text_put(&t, "expected a hex string \"0x\" + 1 to 8 hex digits, got ");
            acp_text_put_json_string(&t, s, n > 40 ? 40 : n);
        }
        return false;
    }
    *out = x;
    return true;
}

/* A string without NUL characters, copied (malloc). */
static bool read_string(ctx *c, const path *p, const acp_jsonv *v, char **out)
{
    if (v->type != ACP_JSONV_STRING) return fail_type(c, p, "a string", v);
    if (strlen(v->string) != v->count) return fail(c, p, "a string must not contain NUL characters");
    *out = malloc((size_t)v->count + 1u);
    if (!*out) return fail(c, p, "out of memory");
    memcpy(*out, v->string, (size_t)v->count + 1u);
    return true;
}

static bool read_bool(ctx *c, const path *p, const acp_jsonv *v, bool *out)
{
    if (v->type != ACP_JSONV_BOOL) return fail_type(c, p, "true or false", v);
    *out = v->boolean;
    return true;
}

/* An array of exactly n floats. */
static bool read_floats(ctx *c, path *p, const acp_jsonv *v, uint32_t n, float *out)
{
    if (v->type != ACP_JSONV_ARRAY) {
        acp_text t;
        if (fail_at(c, p, &t)) {
            acp_text_put(&t, "expected an array of ");
            acp_text_put_u64(&t, n);
            acp_text_put(&t, " numbers, got ");
            acp_text_put(&t, acp_jsonv_type_phrase(v->type));
        }
        return false;
    }
    if (v->count != n) {
        acp_text t;
        if (fail_at(c, p, &t)) {
            acp_text_put(&t, "expected an array of ");
            acp_text_put_u64(&t, n);
            acp_text_put(&t, " numbers, got ");
            acp_text_put_u64(&t, v->count);
        }
        return false;
    }
    for (uint32_t i = 0; i < n; i++) {
        size_t old = path_index(p, i);
        bool ok = read_float(c, p, &v->items[i], &out[i]);
        path_pop(p, old);
        if (!ok) return false;
    }
    return true;
}

static bool read_vec3(ctx *c, path *p, const acp_jsonv *v, acp_vec3 *out)
{
    float f[3];
    if (!read_floats(c, p, v, 3, f)) return false;
    *out = (acp_vec3){f[0], f[1], f[2]};
    return true;
}

/* Optional member helpers: each returns false only on an error; absent members keep *out. */
#define WITH_MEMBER(c, p, obj, key, required, body) \
    do { \
        const acp_jsonv *mv_ = member(c, p, obj, key, required); \
        if ((c)->failed) return false; \
        if (mv_) { \
            size_t old_ = path_key(p, key); \
            const acp_jsonv *v = mv_; \
            bool ok_ = (body); \
            path_pop(p, old_); \
            if (!ok_) return false; \
        } \
    } while (0)

static bool read_profile(ctx *c, const path *p, const acp_jsonv *v, acp_clock_profile *out)
{
    if (v->type != ACP_JSONV_STRING) return fail_type(c, p, "a profile name (\"retail\", \"acdream-r6\" or \"ace\")", v);
    if (strlen(v->string) == v->count && acp_clock_profile_from_name(v->string, out)) return true;
    acp_text t;
    if (fail_at(c, p, &t)) {
        acp_text_put(&t, "unknown profile ");
        acp_text_put_json_string(&t, v->string, v->count > 40 ? 40 : v->count);
        acp_text_put(&t, " (known: \"retail\", \"acdream-r6\", \"ace\")");
    }
    return false;
}

/* ---- objects ---- */

static bool check_id_kind(ctx *c, const path *p, uint32_t id, uint32_t top, const char *kind)
{
    if (id >> 24 == top) return true;
    acp_text t;
    if (fail_at(c, p, &t)) {
        acp_text_put_hex32(&t, id);
        acp_text_put(&t, " is not a ");
        acp_text_put(&t, kind);
        acp_text_put(&t, " id (0x");
        acp_text_put_char(&t, (char)('0' + (top >> 4)));
        acp_text_put_char(&t, (char)('0' + (top & 0xFu)));
        acp_text_put(&t, "xxxxxx)");
    }
    return false;
}

static bool check_cell(ctx *c, const path *p, uint32_t cell)
{
    uint32_t low = cell & 0xFFFFu;
    if (acp_landdefs_inbound_valid_cellid(cell) && low < 0xFFFEu) return true;
    acp_text t;
    if (fail_at(c, p, &t)) {
        acp_text_put_hex32(&t, cell);
        acp_text_put(&t, " is not a cell id (0xXXYYCCCC: outdoor cells CCCC = 0x0001..0x0040, "
                         "indoor 0x0100..0xFFFD)");
    }
    return false;
}

/* cell, origin and orientation of an object already checked for unknown members. */
static bool read_position_members(ctx *c, path *p, const acp_jsonv *pos, acp_position *out)
{
    out->frame = acp_frame_identity();
    WITH_MEMBER(c, p, pos, "cell", true, read_u32(c, p, v, &out->objcell_id) && check_cell(c, p, out->objcell_id));
    WITH_MEMBER(c, p, pos, "origin", true, read_vec3(c, p, v, &out->frame.origin));
    float q[4] = {1.0f, 0.0f, 0.0f, 0.0f};
    WITH_MEMBER(c, p, pos, "orientation", false, read_floats(c, p, v, 4, q));
    /* The quaternion as given (retail's Position::UnPack keeps it), its matrix cached. */
    out->frame.qw = q[0];
    out->frame.qx = q[1];
    out->frame.qy = q[2];
    out->frame.qz = q[3];
    acp_frame_cache(&out->frame);
    if (!acp_frame_is_valid(&out->frame)) {
        size_t old = path_key(p, "orientation");
        acp_text t;
        if (fail_at(c, p, &t)) {
            double n2 = (double)q[0] * q[0] + (double)q[1] * q[1] + (double)q[2] * q[2] + (double)q[3] * q[3];
            acp_text_put(&t, "not a unit quaternion: |q|² = ");
            acp_text_put_g(&t, n2, 9);
            acp_text_put(&t, " (retail's Frame::IsValid accepts 1 ± 0.001)");
        }
        path_pop(p, old);
        return false;
    }
    return true;
}

static bool read_position(ctx *c, path *p, const acp_jsonv *pos, acp_position *out)
{
    static const char *const FIELDS[] = {"cell", "origin", "orientation", NULL};
    return check_object(c, p, pos, FIELDS) && read_position_members(c, p, pos, out);
}

static bool read_placement(ctx *c, const path *p, const acp_jsonv *v, acp_scenario_placement *out)
{
    if (v->type == ACP_JSONV_STRING && strcmp(v->string, "set_position") == 0 && v->count == 12) {
        *out = ACP_PLACEMENT_SET_POSITION;
        return true;
    }
    if (v->type == ACP_JSONV_STRING && strcmp(v->string, "frame") == 0 && v->count == 5) {
        *out = ACP_PLACEMENT_FRAME;
        return true;
    }
    if (v->type != ACP_JSONV_STRING) return fail_type(c, p, "\"set_position\" or \"frame\"", v);
    return fail(c, p, "expected \"set_position\" or \"frame\"");
}

static bool read_object(ctx *c, path *p, const acp_jsonv *o, acp_scenario_object *out)
{
    static const char *const FIELDS[] = {"id", "name", "description", "setup", "motion_table", "physics_state",
                                         "position", "velocity", "omega", "scale", "friction", "elasticity",
                                         "run_rate", "enter_at", "placement", "transient_state", NULL};
    if (!check_object(c, p, o, FIELDS)) return false;
    out->physics_state = ACP_EDGE_SLIDE_PS | ACP_LIGHTING_ON_PS | ACP_GRAVITY_PS | ACP_REPORT_COLLISIONS_PS;
    out->scale = 1.0f;
    out->friction = ACP_DEFAULT_FRICTION;
    out->elasticity = ACP_DEFAULT_ELASTICITY;
    out->run_rate = 1.0f;
    out->placement = ACP_PLACEMENT_SET_POSITION;
    char *description = NULL;
    WITH_MEMBER(c, p, o, "id", true, read_u32(c, p, v, &out->id));
    WITH_MEMBER(c, p, o, "name", false, read_string(c, p, v, &out->name));
    WITH_MEMBER(c, p, o, "description", false, read_string(c, p, v, &description));
    free(description);
    WITH_MEMBER(c, p, o, "setup", false, read_u32(c, p, v, &out->setup) && check_id_kind(c, p, out->setup, 0x02, "Setup"));
    WITH_MEMBER(c, p, o, "motion_table", false,
                read_u32(c, p, v, &out->motion_table) && check_id_kind(c, p, out->motion_table, 0x09, "MotionTable"));
    WITH_MEMBER(c, p, o, "physics_state", false, read_u32(c, p, v, &out->physics_state));
    WITH_MEMBER(c, p, o, "position", true, read_position(c, p, v, &out->position));
    WITH_MEMBER(c, p, o, "velocity", false, read_vec3(c, p, v, &out->velocity));
    WITH_MEMBER(c, p, o, "omega", false, read_vec3(c, p, v, &out->omega));
    WITH_MEMBER(c, p, o, "scale", false,
                read_float(c, p, v, &out->scale) && (out->scale > 0.0f || fail(c, p, "expected a positive scale")));
    WITH_MEMBER(c, p, o, "friction", false, read_float(c, p, v, &out->friction));
    WITH_MEMBER(c, p, o, "elasticity", false, read_float(c, p, v, &out->elasticity));
    WITH_MEMBER(c, p, o, "run_rate", false, read_float(c, p, v, &out->run_rate));
    WITH_MEMBER(c, p, o, "enter_at", false, read_time(c, p, v, &out->enter_at));
    WITH_MEMBER(c, p, o, "placement", false, read_placement(c, p, v, &out->placement));
    if (out->motion_table && !out->setup) {
        size_t old = path_key(p, "motion_table");
        fail(c, p, "needs a \"setup\": a motion table animates the Setup's parts (retail's SetMotionTableID needs a part array)");
        path_pop(p, old);
        return false;
    }
    const acp_jsonv *ts = acp_jsonv_get(o, "transient_state");
    if (ts && out->placement != ACP_PLACEMENT_FRAME) {
        size_t old = path_key(p, "transient_state");
        fail(c, p, "only with \"placement\": \"frame\" (set_position computes the transient bits)");
        path_pop(p, old);
        return false;
    }
    WITH_MEMBER(c, p, o, "transient_state", false, read_u32(c, p, v, &out->transient_state));
    return true;
}

/* ---- events ---- */

static bool read_motion(ctx *c, path *p, const acp_jsonv *m, bool raw, acp_scenario_motion *out)
{
    static const char *const INTERPRETED[] = {"style", "forward_command", "forward_speed", "sidestep_command",
                                              "sidestep_speed", "turn_command", "turn_speed", NULL};
    static const char *const RAW[] = {"forward_command", "forward_speed", "sidestep_command", "sidestep_speed",
                                      "turn_command", "turn_speed", "hold_run", NULL};
    if (!check_object(c, p, m, raw ? RAW : INTERPRETED)) return false;
    *out = (acp_scenario_motion){0, 0x8000003Du, 0x41000003u, 1.0f, 0, 1.0f, 0, 1.0f, false};
    uint32_t *present = &out->present;
#define FIELD(key, bit, reader) WITH_MEMBER(c, p, m, key, false, (*present |= (bit), reader))
    if (!raw) FIELD("style", ACP_MOTION_STYLE, read_u32(c, p, v, &out->style));
    FIELD("forward_command", ACP_MOTION_FORWARD_COMMAND, read_u32(c, p, v, &out->forward_command));
    FIELD("forward_speed", ACP_MOTION_FORWARD_SPEED, read_float(c, p, v, &out->forward_speed));
    FIELD("sidestep_command", ACP_MOTION_SIDESTEP_COMMAND, read_u32(c, p, v, &out->sidestep_command));
    FIELD("sidestep_speed", ACP_MOTION_SIDESTEP_SPEED, read_float(c, p, v, &out->sidestep_speed));
    FIELD("turn_command", ACP_MOTION_TURN_COMMAND, read_u32(c, p, v, &out->turn_command));
    FIELD("turn_speed", ACP_MOTION_TURN_SPEED, read_float(c, p, v, &out->turn_speed));
    if (raw) FIELD("hold_run", ACP_MOTION_HOLD_RUN, read_bool(c, p, v, &out->hold_run));
#undef FIELD
    return true;
}

static bool read_jump(ctx *c, path *p, const acp_jsonv *j, float *extent)
{
    static const char *const FIELDS[] = {"extent", NULL};
    if (!check_object(c, p, j, FIELDS)) return false;
    WITH_MEMBER(c, p, j, "extent", true, read_float(c, p, v, extent));
    return true;
}

/* An object id of the scenario, or a field-named error. */
static bool check_object_id(ctx *c, const path *p, const acp_scenario *s, uint32_t id, uint32_t *index)
{
    for (uint32_t i = 0; i < s->num_objects; i++)
        if (s->objects[i].id == id) return index ? (*index = i, true) : true;
    acp_text t;
    if (fail_at(c, p, &t)) acp_text_put(&t, "no object with id "), acp_text_put_u64(&t, id);
    return false;
}

static bool read_stamp(ctx *c, const path *p, const acp_jsonv *v, uint16_t *out)
{
    double d;
    return read_integer(c, p, v, 0.0, 65535.0, &d) && (*out = (uint16_t)d, true);
}

/* An UpdatePosition: the position's members sit in the same object. */
static bool read_server_position(ctx *c, path *p, const acp_jsonv *sp, acp_scenario_server_position *out)
{
    static const char *const FIELDS[] = {"cell", "origin", "orientation", "contact", "velocity", "teleport_timestamp", NULL};
    out->has_velocity = out->has_teleport_timestamp = false;
    if (!check_object(c, p, sp, FIELDS) || !read_position_members(c, p, sp, &out->position)) return false;
    WITH_MEMBER(c, p, sp, "contact", true, read_bool(c, p, v, &out->contact));
    WITH_MEMBER(c, p, sp, "velocity", false, (out->has_velocity = true, read_vec3(c, p, v, &out->velocity)));
    WITH_MEMBER(c, p, sp, "teleport_timestamp", false,
                (out->has_teleport_timestamp = true, read_stamp(c, p, v, &out->teleport_timestamp)));
    return true;
}

static bool read_stick_to(ctx *c, path *p, const acp_jsonv *st, const acp_scenario *s, uint32_t self, uint32_t *target)
{
    static const char *const FIELDS[] = {"target", NULL};
    if (!check_object(c, p, st, FIELDS)) return false;
    WITH_MEMBER(c, p, st, "target", true,
                read_u32(c, p, v, target) && check_object_id(c, p, s, *target, NULL) &&
                (*target != self || fail(c, p, "an object cannot stick to itself")));
    return true;
}

static bool read_true(ctx *c, const path *p, const acp_jsonv *v)
{
    bool b = false;
    return read_bool(c, p, v, &b) && (b || fail(c, p, "expected true (leave the event out for no change)"));
}

static bool read_constraint(ctx *c, path *p, const acp_jsonv *ct, acp_scenario_constraint *out)
{
    static const char *const FIELDS[] = {"position", "start_distance", "max_distance", NULL};
    if (!check_object(c, p, ct, FIELDS)) return false;
    WITH_MEMBER(c, p, ct, "position", true, read_position(c, p, v, &out->position));
    WITH_MEMBER(c, p, ct, "start_distance", true,
                read_float(c, p, v, &out->start_distance) &&
                (out->start_distance >= 0.0f || fail(c, p, "expected a distance >= 0 (metres)")));
    WITH_MEMBER(c, p, ct, "max_distance", true,
                read_float(c, p, v, &out->max_distance) &&
                (out->max_distance > out->start_distance || fail(c, p, "expected more than start_distance (metres)")));
    return true;
}

#define NUM_ACTIONS 9

static bool read_event(ctx *c, path *p, const acp_jsonv *e, const acp_scenario *s, acp_scenario_event *out)
{
    static const char *const FIELDS[] = {"t", "object", "motion", "raw_motion", "jump", "set_velocity",
                                         "server_position", "stick_to", "unstick", "constrain_to", "unconstrain",
                                         "note", NULL};
    static const char *const ACTIONS[NUM_ACTIONS] = {"motion", "raw_motion", "jump", "set_velocity", "server_position",
                                                     "stick_to", "unstick", "constrain_to", "unconstrain"};
    if (!check_object(c, p, e, FIELDS)) return false;
    WITH_MEMBER(c, p, e, "t", true, read_time(c, p, v, &out->t));
    WITH_MEMBER(c, p, e, "object", true,
                read_u32(c, p, v, &out->object) && check_object_id(c, p, s, out->object, &out->object_index));
    int which = -1;
    for (int k = 0; k < NUM_ACTIONS; k++) {
        if (!acp_jsonv_get(e, ACTIONS[k])) continue;
        if (which >= 0) {
            acp_text t;
            if (fail_at(c, p, &t)) {
                acp_text_put(&t, "has both \"");
                acp_text_put(&t, ACTIONS[which]);
                acp_text_put(&t, "\" and \"");
                acp_text_put(&t, ACTIONS[k]);
                acp_text_put(&t, "\"; an event does one thing");
            }
            return false;
        }
        which = k;
    }
    if (which < 0)
        return fail(c, p, "expected one of \"motion\", \"raw_motion\", \"jump\", \"set_velocity\", "
                          "\"server_position\", \"stick_to\", \"unstick\", \"constrain_to\", \"unconstrain\"");
    out->kind = (acp_event_kind)which;
    out->jump_extent = 0.0f;
    switch (out->kind) {
    case ACP_EVENT_MOTION: WITH_MEMBER(c, p, e, "motion", true, read_motion(c, p, v, false, &out->motion)); break;
    case ACP_EVENT_RAW_MOTION: WITH_MEMBER(c, p, e, "raw_motion", true, read_motion(c, p, v, true, &out->motion)); break;
    case ACP_EVENT_JUMP: WITH_MEMBER(c, p, e, "jump", true, read_jump(c, p, v, &out->jump_extent)); break;
    case ACP_EVENT_SET_VELOCITY: WITH_MEMBER(c, p, e, "set_velocity", true, read_vec3(c, p, v, &out->velocity)); break;
    case ACP_EVENT_SERVER_POSITION: WITH_MEMBER(c, p, e, "server_position", true, read_server_position(c, p, v, &out->server)); break;
    case ACP_EVENT_STICK_TO: WITH_MEMBER(c, p, e, "stick_to", true, read_stick_to(c, p, v, s, out->object, &out->target)); break;
    case ACP_EVENT_UNSTICK: WITH_MEMBER(c, p, e, "unstick", true, read_true(c, p, v)); break;
    case ACP_EVENT_CONSTRAIN_TO: WITH_MEMBER(c, p, e, "constrain_to", true, read_constraint(c, p, v, &out->constraint)); break;
    case ACP_EVENT_UNCONSTRAIN: WITH_MEMBER(c, p, e, "unconstrain", true, read_true(c, p, v)); break;
    }
    return true;
}

static int event_order(const void *pa, const void *pb)
{
    const acp_scenario_event *a = pa, *b = pb;
    if (a->t != b->t) return a->t < b->t ? -1 : 1;
    return a->index < b->index ? -1 : a->index > b->index;
}

/* ---- frames ---- */

uint32_t acp_xorshift32(uint32_t x)
{
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return x;
}

void acp_frames_generate(double hz, uint32_t count, double start, bool jitter, uint32_t seed, double ms, double *out)
{
    uint32_t x = seed;
    for (uint32_t k = 1; k <= count; k++) {
        double t = start + (double)k / hz;
        if (jitter) {
            x = acp_xorshift32(x);
            double u = (double)x / 4294967296.0;
            t = t + (2.0 * u - 1.0) * ms / 1000.0;
        }
        out[k - 1] = t;
    }
}

static bool read_times(ctx *c, path *p, const acp_jsonv *v, acp_scenario_frames *f)
{
    if (v->type != ACP_JSONV_ARRAY) return fail_type(c, p, "an array of frame times (seconds)", v);
    if (v->count == 0) return fail(c, p, "expected at least one frame time");
    if (v->count > ACP_SCENARIO_MAX_FRAMES) return fail(c, p, "more than 1000000 frames");
    f->times = malloc((size_t)v->count * sizeof *f->times);
    if (!f->times) return fail(c, p, "out of memory");
    for (uint32_t i = 0; i < v->count; i++) {
        size_t old = path_index(p, i);
        bool ok = read_time(c, p, &v->items[i], &f->times[i]);
        path_pop(p, old);
        if (!ok) return false;
        f->count = i + 1;
    }
    return true;
}

static bool read_jitter(ctx *c, path *p, const acp_jsonv *j, acp_scenario_frames *f)
{
    static const char *const FIELDS[] = {"seed", "ms", NULL};
    if (!check_object(c, p, j, FIELDS)) return false;
    f->jitter = true;
    WITH_MEMBER(c, p, j, "seed", true,
                read_u32(c, p, v, &f->seed) &&
                    (f->seed != 0 || fail(c, p, "0 is not a seed: xorshift32 would stay at 0 (use any other value)")));
    WITH_MEMBER(c, p, j, "ms", true,
                read_number(c, p, v, &f->jitter_ms) &&
                    ((f->jitter_ms >= 0.0 && f->jitter_ms <= ACP_SCENARIO_MAX_JITTER_MS) ||
                     fail(c, p, "expected a jitter from 0 to 1000 milliseconds")));
    return true;
}

static bool read_frames(ctx *c, path *p, const acp_jsonv *fr, acp_scenario_frames *f)
{
    static const char *const FIELDS[] = {"times", "hz", "count", "start", "jitter", NULL};
    if (!check_object(c, p, fr, FIELDS)) return false;
    const acp_jsonv *times = acp_jsonv_get(fr, "times");
    if (times) {
        for (int k = 1; FIELDS[k]; k++) {
            if (!acp_jsonv_get(fr, FIELDS[k])) continue;
            acp_text t;
            if (fail_at(c, p, &t)) {
                acp_text_put(&t, "has both \"times\" and \"");
                acp_text_put(&t, FIELDS[k]);
                acp_text_put(&t, "\": give explicit times or the generator {hz, count, start, jitter}");
            }
            return false;
        }
        WITH_MEMBER(c, p, fr, "times", true, read_times(c, p, v, f));
        return true;
    }
    if (!acp_jsonv_get(fr, "hz") && !acp_jsonv_get(fr, "count"))
        return fail(c, p, "expected \"times\" or the generator {hz, count, start, jitter}");
    double count = 0.0;
    f->generated = true;
    WITH_MEMBER(c, p, fr, "hz", true,
                read_number(c, p, v, &f->hz) &&
                    ((f->hz > 0.0 && f->hz <= ACP_SCENARIO_MAX_HZ) ||
                     fail(c, p, "expected a frame rate above 0 and at most 1000000 Hz")));
    WITH_MEMBER(c, p, fr, "count", true, read_integer(c, p, v, 1.0, (double)ACP_SCENARIO_MAX_FRAMES, &count));
    f->start = 0.0;
    WITH_MEMBER(c, p, fr, "start", false, read_time(c, p, v, &f->start));
    WITH_MEMBER(c, p, fr, "jitter", false, read_jitter(c, p, v, f));
    f->count = (uint32_t)count;
    f->times = malloc((size_t)f->count * sizeof *f->times);
    if (!f->times) return fail(c, p, "out of memory");
    acp_frames_generate(f->hz, f->count, f->start, f->jitter, f->seed, f->jitter_ms, f->times);
    for (uint32_t k = 0; k < f->count; k++) {
        if (fabs(f->times[k]) <= ACP_SCENARIO_MAX_TIME) continue;
        acp_text t;
        if (fail_at(c, p, &t)) {
            acp_text_put(&t, "frame ");
            acp_text_put_u64(&t, k + 1u);
            acp_text_put(&t, " would be at ");
            put_number(&t, f->times[k]);
            acp_text_put(&t, " s, outside the supported clock range of ±1e9 s");
        }
        return false;
    }
    return true;
}

/* ---- the top level ---- */

static bool read_excerpts(ctx *c, path *p, const acp_jsonv *v, acp_scenario *s)
{
    if (v->type != ACP_JSONV_ARRAY) return fail_type(c, p, "an array of excerpt names (\"default\" or a path)", v);
    if (v->count > ACP_SCENARIO_MAX_EXCERPTS) return fail(c, p, "more than 64 excerpts");
    s->excerpts = calloc(v->count ? v->count : 1, sizeof *s->excerpts);
    if (!s->excerpts) return fail(c, p, "out of memory");
    for (uint32_t i = 0; i < v->count; i++) {
        size_t old = path_index(p, i);
        bool ok = read_string(c, p, &v->items[i], &s->excerpts[i]);
        if (ok) s->num_excerpts = i + 1;
        if (ok && s->excerpts[i][0] == '\0') ok = fail(c, p, "an excerpt name must not be empty");
        path_pop(p, old);
        if (!ok) return false;
    }
    return true;
}

static bool read_compare_profiles(ctx *c, path *p, const acp_jsonv *v, acp_scenario *s)
{
    if (v->type != ACP_JSONV_ARRAY) return fail_type(c, p, "an array of profile names", v);
    if (v->count > 3) return fail(c, p, "expected at most 3 profiles");
    for (uint32_t i = 0; i < v->count; i++) {
        size_t old = path_index(p, i);
        bool ok = read_profile(c, p, &v->items[i], &s->compare_profiles[i]);
        for (uint32_t j = 0; ok && j < i; j++)
            if (s->compare_profiles[j] == s->compare_profiles[i]) ok = fail(c, p, "this profile is already listed");
        path_pop(p, old);
        if (!ok) return false;
        s->num_compare_profiles = i + 1;
    }
    return true;
}

static bool read_objects(ctx *c, path *p, const acp_jsonv *v, acp_scenario *s)
{
    if (v->type != ACP_JSONV_ARRAY) return fail_type(c, p, "an array of objects", v);
    if (v->count == 0) return fail(c, p, "expected at least one object");
    if (v->count > ACP_SCENARIO_MAX_OBJECTS) {
        acp_text t;
        if (fail_at(c, p, &t)) {
            acp_text_put(&t, "more than ");
            acp_text_put_u64(&t, ACP_SCENARIO_MAX_OBJECTS);
            acp_text_put(&t, " objects");
        }
        return false;
    }
    s->objects = calloc(v->count, sizeof *s->objects);
    if (!s->objects) return fail(c, p, "out of memory");
    for (uint32_t i = 0; i < v->count; i++) {
        size_t old = path_index(p, i);
        s->num_objects = i + 1;
        bool ok = read_object(c, p, &v->items[i], &s->objects[i]);
        for (uint32_t j = 0; ok && j < i; j++) {
            if (s->objects[j].id != s->objects[i].id) continue;
            size_t o2 = path_key(p, "id");
            acp_text t;
            if (fail_at(c, p, &t)) {
                acp_text_put_u64(&t, s->objects[i].id);
                acp_text_put(&t, " is already the id of objects[");
                acp_text_put_u64(&t, j);
                acp_text_put(&t, "]");
            }
            path_pop(p, o2);
            ok = false;
        }
        path_pop(p, old);
        if (!ok) return false;
    }
    return true;
}

static bool read_events(ctx *c, path *p, const acp_jsonv *v, acp_scenario *s)
{
    if (v->type != ACP_JSONV_ARRAY) return fail_type(c, p, "an array of events", v);
    if (v->count > ACP_SCENARIO_MAX_EVENTS) return fail(c, p, "more than 1000000 events");
    s->events = calloc(v->count ? v->count : 1, sizeof *s->events);
    if (!s->events) return fail(c, p, "out of memory");
    for (uint32_t i = 0; i < v->count; i++) {
        size_t old = path_index(p, i);
        s->events[i].index = i;
        bool ok = read_event(c, p, &v->items[i], s, &s->events[i]);
        path_pop(p, old);
        if (!ok) return false;
        s->num_events = i + 1;
    }
    qsort(s->events, s->num_events, sizeof *s->events, event_order);
    return true;
}

static bool read_player(ctx *c, const path *p, const acp_jsonv *v, acp_scenario *s)
{
    if (!read_u32(c, p, v, &s->player)) return false;
    for (uint32_t i = 0; i < s->num_objects; i++) {
        if (s->objects[i].id != s->player) continue;
        s->has_player = true;
        s->player_index = i;
        return true;
    }
    acp_text t;
    if (fail_at(c, p, &t)) {
        acp_text_put(&t, "no object with id ");
        acp_text_put_u64(&t, s->player);
    }
    return false;
}

/* Version 1 (SPEC §6). */
static bool decode_v1(ctx *c, path *p, const acp_jsonv *root, acp_scenario *s)
{
    static const char *const FIELDS[] = {"version", "name", "description", "profile", "compare_profiles", "excerpts",
                                         "player", "objects", "events", "frames", NULL};
    if (!check_object(c, p, root, FIELDS)) return false;
    char *description = NULL;
    WITH_MEMBER(c, p, root, "name", false, read_string(c, p, v, &s->name));
    WITH_MEMBER(c, p, root, "description", false, read_string(c, p, v, &description));
    free(description);
    s->profile = ACP_PROFILE_RETAIL;
    WITH_MEMBER(c, p, root, "profile", false, read_profile(c, p, v, &s->profile));
    WITH_MEMBER(c, p, root, "compare_profiles", false, read_compare_profiles(c, p, v, s));
    const acp_jsonv *ex = acp_jsonv_get(root, "excerpts");
    if (ex) {
        WITH_MEMBER(c, p, root, "excerpts", true, read_excerpts(c, p, v, s));
    } else { /* default: ["default"] */
        s->excerpts = calloc(1, sizeof *s->excerpts);
        if (s->excerpts) s->excerpts[0] = malloc(8);
        if (!s->excerpts || !s->excerpts[0]) return fail(c, p, "out of memory");
        memcpy(s->excerpts[0], "default", 8);
        s->num_excerpts = 1;
    }
    WITH_MEMBER(c, p, root, "objects", true, read_objects(c, p, v, s));
    WITH_MEMBER(c, p, root, "player", false, read_player(c, p, v, s));
    WITH_MEMBER(c, p, root, "events", false, read_events(c, p, v, s));
    WITH_MEMBER(c, p, root, "frames", true, read_frames(c, p, v, &s->frames));
    return true;
}

bool acp_scenario_decode(const acp_jsonv *root, acp_scenario *out, acp_scenario_error *err)
{
    acp_scenario_error scratch;
    if (!err) err = &scratch;
    err->message[0] = '\0';
    memset(out, 0, sizeof *out);
    ctx c = {err, false};
    path p = {{0}, 0};
    if (root->type != ACP_JSONV_OBJECT) {
        fail_type(&c, &p, "an object", root);
        return false;
    }
    const acp_jsonv *version = acp_jsonv_get(root, "version");
    double ver = 0.0;
    size_t old = path_key(&p, "version");
    bool ok = false;
    if (!version) fail(&c, &p, "required field is missing (this acphys reads version 1)");
    else if (read_integer(&c, &p, version, 1.0, 1.0e9, &ver) && ver > ACP_SCENARIO_VERSION) {
        acp_text t;
        if (fail_at(&c, &p, &t)) {
            put_number(&t, ver);
            acp_text_put(&t, " is newer than this acphys reads (1)");
        }
    }
    path_pop(&p, old);
    if (!c.failed) {
        out->version = (int)ver;
        switch (out->version) {
        case 1: ok = decode_v1(&c, &p, root, out); break;
        default: ok = false; break;
        }
    }
    if (!ok || c.failed) {
        acp_scenario_free(out);
        if (!c.failed) fail(&c, &p, "invalid scenario");
        return false;
    }
    return true;
}

void acp_scenario_free(acp_scenario *s)
{
    free(s->name);
    for (uint32_t i = 0; i < s->num_excerpts; i++) free(s->excerpts[i]);
    free(s->excerpts);
    if (s->objects)
        for (uint32_t i = 0; i < s->num_objects; i++) free(s->objects[i].name);
    free(s->objects);
    free(s->events);
    free(s->frames.times);
    memset(s, 0, sizeof *s);
}

/* ---- page (issue 8): events appended to a scenario while it runs ---- */

bool acp_scenario_append_event(acp_scenario *s, const acp_jsonv *event, uint32_t *position,
                               acp_scenario_error *err)
{
    acp_scenario_error scratch;
    if (!err) err = &scratch;
    err->message[0] = '\0';
    ctx c = {err, false};
    path p = {{0}, 0};
    size_t old = path_key(&p, "events");
    path_index(&p, s->num_events);
    if (s->num_events >= ACP_SCENARIO_MAX_EVENTS) return fail(&c, &p, "more than 1000000 events");
    acp_scenario_event ev;
    memset(&ev, 0, sizeof ev);
    ev.index = s->num_events;
    if (!read_event(&c, &p, event, s, &ev)) return false;
    path_pop(&p, old);
    acp_scenario_event *grown = realloc(s->events, (s->num_events + 1u) * sizeof *grown);
    if (!grown) return fail(&c, &p, "out of memory");
    s->events = grown;
    uint32_t at = s->num_events;
    while (at > 0 && grown[at - 1].t > ev.t) at--; /* after every event with t <= ev.t */
    memmove(&grown[at + 1], &grown[at], (s->num_events - at) * sizeof *grown);
    grown[at] = ev;
    s->num_events++;
    if (position) *position = at;
    return true;
}
/* ---- end page ---- */
