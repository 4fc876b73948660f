/* acphys — scenario decoding and validation. See scenario.h. */
#include "scenario.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "scenario_read.h"
#include "text.h"

typedef acp_sr_ctx ctx;
typedef acp_path path;

static bool read_profile(ctx *c, const path *p, const acp_jsonv *v, acp_clock_profile *out)
{
    if (v->type != ACP_JSONV_STRING) return acp_sr_fail_type(c, p, "a profile name (\"retail\", \"acdream-r6\", \"ace\" or \"render-frame\")", v);
    if (strlen(v->string) == v->count && acp_clock_profile_from_name(v->string, out)) return true;
    acp_text t;
    if (acp_sr_fail_at(c, p, &t)) {
        acp_text_put(&t, "unknown profile ");
        acp_text_put_json_string(&t, v->string, v->count > 40 ? 40 : v->count);
        acp_text_put(&t, " (known: \"retail\", \"acdream-r6\", \"ace\", \"render-frame\")");
    }
    return false;
}

/* ---- objects ---- */

static bool check_id_kind(ctx *c, const path *p, uint32_t id, uint32_t top, const char *kind)
{
    if (id >> 24 == top) return true;
    acp_text t;
    if (acp_sr_fail_at(c, p, &t)) {
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
    if (v->type != ACP_JSONV_STRING) return acp_sr_fail_type(c, p, "\"set_position\" or \"frame\"", v);
    return acp_sr_fail(c, p, "expected \"set_position\" or \"frame\"");
}

static bool read_stamp(ctx *c, const path *p, const acp_jsonv *v, uint16_t *out);

/* "timestamps": the PhysicsDesc's stamps by name (CPhysicsObj::makeObject copies all nine into
 * update_times), each 0..65535, absent 0. */
static bool read_timestamps(ctx *c, path *p, const acp_jsonv *ts, uint16_t out[9])
{
    static const char *const FIELDS[] = {"position", "movement", "state", "vector", "teleport",
                                         "server_controlled_move", "force_position", "objdesc", "instance", NULL};
    if (!acp_sr_check_object(c, p, ts, FIELDS)) return false;
    for (int i = 0; i < 9; i++) WITH_MEMBER(c, p, ts, FIELDS[i], false, read_stamp(c, p, v, &out[i]));
    return true;
}

static bool read_object(ctx *c, path *p, const acp_jsonv *o, acp_scenario_object *out)
{
    static const char *const FIELDS[] = {"id", "name", "description", "setup", "motion_table", "physics_state",
                                         "position", "velocity", "omega", "scale", "friction", "elasticity",
                                         "run_rate", "enter_at", "placement", "transient_state", "timestamps", NULL};
    if (!acp_sr_check_object(c, p, o, FIELDS)) return false;
    out->physics_state = ACP_EDGE_SLIDE_PS | ACP_LIGHTING_ON_PS | ACP_GRAVITY_PS | ACP_REPORT_COLLISIONS_PS;
    out->scale = 1.0f;
    out->friction = ACP_DEFAULT_FRICTION;
    out->elasticity = ACP_DEFAULT_ELASTICITY;
    out->run_rate = 1.0f;
    out->placement = ACP_PLACEMENT_SET_POSITION;
    char *description = NULL;
    WITH_MEMBER(c, p, o, "id", true, acp_sr_read_u32(c, p, v, &out->id));
    WITH_MEMBER(c, p, o, "name", false, acp_sr_read_string(c, p, v, &out->name));
    WITH_MEMBER(c, p, o, "description", false, acp_sr_read_string(c, p, v, &description));
    free(description);
    WITH_MEMBER(c, p, o, "setup", false, acp_sr_read_u32(c, p, v, &out->setup) && check_id_kind(c, p, out->setup, 0x02, "Setup"));
    WITH_MEMBER(c, p, o, "motion_table", false,
                acp_sr_read_u32(c, p, v, &out->motion_table) && check_id_kind(c, p, out->motion_table, 0x09, "MotionTable"));
    WITH_MEMBER(c, p, o, "physics_state", false, acp_sr_read_u32(c, p, v, &out->physics_state));
    WITH_MEMBER(c, p, o, "position", true, acp_sr_read_position(c, p, v, &out->position));
    WITH_MEMBER(c, p, o, "velocity", false, acp_sr_read_vec3(c, p, v, &out->velocity));
    WITH_MEMBER(c, p, o, "omega", false, acp_sr_read_vec3(c, p, v, &out->omega));
    WITH_MEMBER(c, p, o, "scale", false,
                acp_sr_read_float(c, p, v, &out->scale) && (out->scale > 0.0f || acp_sr_fail(c, p, "expected a positive scale")));
    WITH_MEMBER(c, p, o, "friction", false, acp_sr_read_float(c, p, v, &out->friction));
    WITH_MEMBER(c, p, o, "elasticity", false, acp_sr_read_float(c, p, v, &out->elasticity));
    WITH_MEMBER(c, p, o, "run_rate", false, (out->has_run_rate = true, acp_sr_read_float(c, p, v, &out->run_rate)));
    WITH_MEMBER(c, p, o, "enter_at", false, acp_sr_read_time(c, p, v, &out->enter_at));
    WITH_MEMBER(c, p, o, "placement", false, read_placement(c, p, v, &out->placement));
    WITH_MEMBER(c, p, o, "timestamps", false, read_timestamps(c, p, v, out->timestamps));
    if (out->motion_table && !out->setup) {
        size_t old = acp_sr_path_key(p, "motion_table");
        acp_sr_fail(c, p, "needs a \"setup\": a motion table animates the Setup's parts (retail's SetMotionTableID needs a part array)");
        acp_sr_path_pop(p, old);
        return false;
    }
    const acp_jsonv *ts = acp_jsonv_get(o, "transient_state");
    if (ts && out->placement != ACP_PLACEMENT_FRAME) {
        size_t old = acp_sr_path_key(p, "transient_state");
        acp_sr_fail(c, p, "only with \"placement\": \"frame\" (set_position computes the transient bits)");
        acp_sr_path_pop(p, old);
        return false;
    }
    WITH_MEMBER(c, p, o, "transient_state", false, acp_sr_read_u32(c, p, v, &out->transient_state));
    return true;
}

/* ---- events ---- */

static bool read_motion(ctx *c, path *p, const acp_jsonv *m, bool raw, const acp_scenario *s, uint32_t self,
                        acp_scenario_motion *out)
{
    static const char *const INTERPRETED[] = {"style", "forward_command", "forward_speed", "sidestep_command",
                                              "sidestep_speed", "turn_command", "turn_speed", "sticky_object",
                                              "standing_longjump", "message_style", NULL};
    static const char *const RAW[] = {"forward_command", "forward_speed", "sidestep_command", "sidestep_speed",
                                      "turn_command", "turn_speed", "hold_run", NULL};
    if (!acp_sr_check_object(c, p, m, raw ? RAW : INTERPRETED)) return false;
    *out = (acp_scenario_motion){0, 0x8000003Du, 0x41000003u, 1.0f, 0, 1.0f, 0, 1.0f, false, 0, false, 0};
    uint32_t *present = &out->present;
#define FIELD(key, bit, reader) WITH_MEMBER(c, p, m, key, false, (*present |= (bit), reader))
    if (!raw) FIELD("style", ACP_MOTION_STYLE, acp_sr_read_u32(c, p, v, &out->style));
    FIELD("forward_command", ACP_MOTION_FORWARD_COMMAND, acp_sr_read_u32(c, p, v, &out->forward_command));
    FIELD("forward_speed", ACP_MOTION_FORWARD_SPEED, acp_sr_read_float(c, p, v, &out->forward_speed));
    FIELD("sidestep_command", ACP_MOTION_SIDESTEP_COMMAND, acp_sr_read_u32(c, p, v, &out->sidestep_command));
    FIELD("sidestep_speed", ACP_MOTION_SIDESTEP_SPEED, acp_sr_read_float(c, p, v, &out->sidestep_speed));
    FIELD("turn_command", ACP_MOTION_TURN_COMMAND, acp_sr_read_u32(c, p, v, &out->turn_command));
    FIELD("turn_speed", ACP_MOTION_TURN_SPEED, acp_sr_read_float(c, p, v, &out->turn_speed));
    if (raw) FIELD("hold_run", ACP_MOTION_HOLD_RUN, acp_sr_read_bool(c, p, v, &out->hold_run));
#undef FIELD
    if (raw) return true;
    WITH_MEMBER(c, p, m, "sticky_object", false,
                acp_sr_read_u32(c, p, v, &out->sticky_object) && acp_sr_check_object_id(c, p, s, out->sticky_object, NULL) &&
                (out->sticky_object != self || acp_sr_fail(c, p, "an object cannot stick to itself")));
    WITH_MEMBER(c, p, m, "standing_longjump", false, acp_sr_read_bool(c, p, v, &out->standing_longjump));
    WITH_MEMBER(c, p, m, "message_style", false,
                (out->present |= ACP_MOTION_MESSAGE_STYLE, acp_sr_read_u32(c, p, v, &out->message_style)));
    return true;
}

static bool read_jump(ctx *c, path *p, const acp_jsonv *j, float *extent)
{
    static const char *const FIELDS[] = {"extent", NULL};
    if (!acp_sr_check_object(c, p, j, FIELDS)) return false;
    WITH_MEMBER(c, p, j, "extent", true, acp_sr_read_float(c, p, v, extent));
    return true;
}

static bool read_stamp(ctx *c, const path *p, const acp_jsonv *v, uint16_t *out)
{
    double d; /* 16-bit stamps (CPhysicsObj::update_times) */
    return acp_sr_read_integer(c, p, v, 0.0, 65535.0, &d) && (*out = (uint16_t)d, true);
}

/* A field only the player's UpdatePosition reads (the forced position, the command interpreter). */
static bool player_only(ctx *c, const path *p, bool is_player)
{
    return is_player || acp_sr_fail(c, p, "only the player's UpdatePosition reads it (the scenario's \"player\")");
}

/* An UpdatePosition: the position's members sit in the same object. */
static bool read_server_position(ctx *c, path *p, const acp_jsonv *sp, bool is_player, acp_scenario_server_position *out)
{
    static const char *const FIELDS[] = {"cell", "origin", "orientation", "contact", "velocity", "teleport_timestamp",
                                         "position_timestamp", "force_position_timestamp", "instance_timestamp",
                                         "placement", "use_position_from_server", "keep_heading", NULL};
    memset(out, 0, sizeof *out);
    if (!acp_sr_check_object(c, p, sp, FIELDS) || !acp_sr_read_position_members(c, p, sp, &out->position)) return false;
    WITH_MEMBER(c, p, sp, "contact", true, acp_sr_read_bool(c, p, v, &out->contact));
    WITH_MEMBER(c, p, sp, "velocity", false, (out->has_velocity = true, acp_sr_read_vec3(c, p, v, &out->velocity)));
    WITH_MEMBER(c, p, sp, "teleport_timestamp", false,
                (out->has_teleport_timestamp = true, read_stamp(c, p, v, &out->teleport_timestamp)));
    WITH_MEMBER(c, p, sp, "position_timestamp", false,
                (out->has_position_timestamp = true, read_stamp(c, p, v, &out->position_timestamp)));
    WITH_MEMBER(c, p, sp, "force_position_timestamp", false,
                player_only(c, p, is_player) &&
                (out->has_force_position_timestamp = true, read_stamp(c, p, v, &out->force_position_timestamp)));
    WITH_MEMBER(c, p, sp, "instance_timestamp", false,
                (out->has_instance_timestamp = true, read_stamp(c, p, v, &out->instance_timestamp)));
    WITH_MEMBER(c, p, sp, "placement", false, (out->has_placement = true, acp_sr_read_u32(c, p, v, &out->placement)));
    WITH_MEMBER(c, p, sp, "use_position_from_server", false,
                player_only(c, p, is_player) && acp_sr_read_bool(c, p, v, &out->use_position_from_server));
    WITH_MEMBER(c, p, sp, "keep_heading", false, player_only(c, p, is_player) && acp_sr_read_bool(c, p, v, &out->keep_heading));
    return true;
}

static bool read_stick_to(ctx *c, path *p, const acp_jsonv *st, const acp_scenario *s, uint32_t self, uint32_t *target)
{
    static const char *const FIELDS[] = {"target", NULL};
    if (!acp_sr_check_object(c, p, st, FIELDS)) return false;
    WITH_MEMBER(c, p, st, "target", true,
                acp_sr_read_u32(c, p, v, target) && acp_sr_check_object_id(c, p, s, *target, NULL) &&
                (*target != self || acp_sr_fail(c, p, "an object cannot stick to itself")));
    return true;
}

static bool read_constraint(ctx *c, path *p, const acp_jsonv *ct, acp_scenario_constraint *out)
{
    static const char *const FIELDS[] = {"position", "start_distance", "max_distance", NULL};
    if (!acp_sr_check_object(c, p, ct, FIELDS)) return false;
    WITH_MEMBER(c, p, ct, "position", true, acp_sr_read_position(c, p, v, &out->position));
    WITH_MEMBER(c, p, ct, "start_distance", true,
                acp_sr_read_float(c, p, v, &out->start_distance) &&
                (out->start_distance >= 0.0f || acp_sr_fail(c, p, "expected a distance >= 0 (metres)")));
    WITH_MEMBER(c, p, ct, "max_distance", true,
                acp_sr_read_float(c, p, v, &out->max_distance) &&
                (out->max_distance > out->start_distance || acp_sr_fail(c, p, "expected more than start_distance (metres)")));
    return true;
}

#define NUM_ACTIONS 14

/* A holding frame: {"origin": [x, y, z], "orientation": [w, x, y, z]} (orientation optional),
 * the quaternion as given with its matrix cached, a unit one (Frame::IsValid). */
static bool read_holding_frame(ctx *c, path *p, const acp_jsonv *fr, acp_frame *out)
{
    static const char *const FIELDS[] = {"origin", "orientation", NULL};
    if (!acp_sr_check_object(c, p, fr, FIELDS)) return false;
    *out = acp_frame_identity();
    WITH_MEMBER(c, p, fr, "origin", true, acp_sr_read_vec3(c, p, v, &out->origin));
    float q[4] = {1.0f, 0.0f, 0.0f, 0.0f};
    WITH_MEMBER(c, p, fr, "orientation", false, acp_sr_read_floats(c, p, v, 4, q));
    out->qw = q[0];
    out->qx = q[1];
    out->qy = q[2];
    out->qz = q[3];
    acp_frame_cache(out);
    if (acp_frame_is_valid(out)) return true;
    size_t old = acp_sr_path_key(p, "orientation");
    acp_sr_fail(c, p, "not a unit quaternion (retail's Frame::IsValid accepts |q|² = 1 ± 0.001)");
    acp_sr_path_pop(p, old);
    return false;
}

/* "parent": {"to": id, "part": n, "frame": {...}} or {"to": id, "location": n}. */
static bool read_parent(ctx *c, path *p, const acp_jsonv *pv, const acp_scenario *s, uint32_t self,
                        acp_scenario_parent *out)
{
    static const char *const FIELDS[] = {"to", "part", "frame", "location", NULL};
    if (!acp_sr_check_object(c, p, pv, FIELDS)) return false;
    memset(out, 0, sizeof *out);
    out->frame = acp_frame_identity();
    WITH_MEMBER(c, p, pv, "to", true,
                acp_sr_read_u32(c, p, v, &out->to) && acp_sr_check_object_id(c, p, s, out->to, &out->to_index) &&
                (out->to != self || acp_sr_fail(c, p, "an object cannot hold itself")));
    out->by_location = acp_jsonv_get(pv, "location") != NULL;
    if (out->by_location) {
        if (acp_jsonv_get(pv, "part") || acp_jsonv_get(pv, "frame"))
            return acp_sr_fail(c, p, "has \"location\" and \"part\"/\"frame\"; give a holding location or a part and frame");
        WITH_MEMBER(c, p, pv, "location", true, acp_sr_read_u32(c, p, v, &out->location));
        return true;
    }
    double part = 0.0;
    WITH_MEMBER(c, p, pv, "part", true, acp_sr_read_integer(c, p, v, -1.0, 65535.0, &part));
    out->part = part < 0.0 ? 0xFFFFFFFFu : (uint32_t)part;
    WITH_MEMBER(c, p, pv, "frame", false, read_holding_frame(c, p, v, &out->frame));
    return true;
}

/* "play_script": {"script": id} or {"type": n, "mod": x}. */
static bool read_play_script(ctx *c, path *p, const acp_jsonv *v, acp_scenario_play_script *out)
{
    static const char *const FIELDS[] = {"script", "type", "mod", NULL};
    if (!acp_sr_check_object(c, p, v, FIELDS)) return false;
    memset(out, 0, sizeof *out);
    out->by_type = acp_jsonv_get(v, "script") == NULL;
    if (!out->by_type) {
        if (acp_jsonv_get(v, "type") || acp_jsonv_get(v, "mod"))
            return acp_sr_fail(c, p, "has \"script\" and \"type\"/\"mod\"; give a script id or a table entry");
        const acp_jsonv *e = v;
        WITH_MEMBER(c, p, e, "script", true, acp_sr_read_u32(c, p, v, &out->script_id));
        return true;
    }
    const acp_jsonv *e = v;
    WITH_MEMBER(c, p, e, "type", true, acp_sr_read_u32(c, p, v, &out->type));
    WITH_MEMBER(c, p, e, "mod", true, acp_sr_read_float(c, p, v, &out->mod));
    return true;
}

static bool read_event(ctx *c, path *p, const acp_jsonv *e, const acp_scenario *s, acp_scenario_event *out)
{
    static const char *const FIELDS[] = {"t", "object", "motion", "raw_motion", "jump", "set_velocity",
                                         "server_position", "stick_to", "unstick", "constrain_to", "unconstrain",
                                         "move_to", "play_script", "set_state", "parent", "unparent", "note", NULL};
    static const char *const ACTIONS[NUM_ACTIONS] = {"motion", "raw_motion", "jump", "set_velocity", "server_position",
                                                     "stick_to", "unstick", "constrain_to", "unconstrain", "move_to",
                                                     "play_script", "set_state", "parent", "unparent"};
    if (!acp_sr_check_object(c, p, e, FIELDS)) return false;
    WITH_MEMBER(c, p, e, "t", true, acp_sr_read_time(c, p, v, &out->t));
    WITH_MEMBER(c, p, e, "object", true,
                acp_sr_read_u32(c, p, v, &out->object) && acp_sr_check_object_id(c, p, s, out->object, &out->object_index));
    int which = -1;
    for (int k = 0; k < NUM_ACTIONS; k++) {
        if (!acp_jsonv_get(e, ACTIONS[k])) continue;
        if (which >= 0) {
            acp_text t;
            if (acp_sr_fail_at(c, p, &t)) {
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
        return acp_sr_fail(c, p, "expected one of \"motion\", \"raw_motion\", \"jump\", \"set_velocity\", "
                          "\"server_position\", \"stick_to\", \"unstick\", \"constrain_to\", \"unconstrain\", \"move_to\", "
                          "\"play_script\", \"set_state\", \"parent\", \"unparent\"");
    out->kind = (acp_event_kind)which;
    out->jump_extent = 0.0f;
    switch (out->kind) {
    case ACP_EVENT_MOTION: WITH_MEMBER(c, p, e, "motion", true, read_motion(c, p, v, false, s, out->object, &out->motion)); break;
    case ACP_EVENT_RAW_MOTION: WITH_MEMBER(c, p, e, "raw_motion", true, read_motion(c, p, v, true, s, out->object, &out->motion)); break;
    case ACP_EVENT_JUMP: WITH_MEMBER(c, p, e, "jump", true, read_jump(c, p, v, &out->jump_extent)); break;
    case ACP_EVENT_SET_VELOCITY: WITH_MEMBER(c, p, e, "set_velocity", true, acp_sr_read_vec3(c, p, v, &out->velocity)); break;
    case ACP_EVENT_SERVER_POSITION: WITH_MEMBER(c, p, e, "server_position", true, read_server_position(c, p, v, s->has_player && s->player == out->object, &out->server)); break;
    case ACP_EVENT_STICK_TO: WITH_MEMBER(c, p, e, "stick_to", true, read_stick_to(c, p, v, s, out->object, &out->target)); break;
    case ACP_EVENT_UNSTICK: WITH_MEMBER(c, p, e, "unstick", true, acp_sr_read_true(c, p, v)); break;
    case ACP_EVENT_CONSTRAIN_TO: WITH_MEMBER(c, p, e, "constrain_to", true, read_constraint(c, p, v, &out->constraint)); break;
    case ACP_EVENT_UNCONSTRAIN: WITH_MEMBER(c, p, e, "unconstrain", true, acp_sr_read_true(c, p, v)); break;
    case ACP_EVENT_MOVE_TO: WITH_MEMBER(c, p, e, "move_to", true, acp_sr_read_move_to(c, p, v, s, out->object, &out->move_to)); break;
    case ACP_EVENT_PLAY_SCRIPT: WITH_MEMBER(c, p, e, "play_script", true, read_play_script(c, p, v, &out->play_script)); break;
    case ACP_EVENT_SET_STATE: WITH_MEMBER(c, p, e, "set_state", true, acp_sr_read_u32(c, p, v, &out->new_state)); break;
    case ACP_EVENT_PARENT: WITH_MEMBER(c, p, e, "parent", true, read_parent(c, p, v, s, out->object, &out->parent)); break;
    case ACP_EVENT_UNPARENT: WITH_MEMBER(c, p, e, "unparent", true, acp_sr_read_true(c, p, v)); break;
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
    if (v->type != ACP_JSONV_ARRAY) return acp_sr_fail_type(c, p, "an array of frame times (seconds)", v);
    if (v->count == 0) return acp_sr_fail(c, p, "expected at least one frame time");
    if (v->count > ACP_SCENARIO_MAX_FRAMES) return acp_sr_fail(c, p, "more than 1000000 frames");
    f->times = malloc((size_t)v->count * sizeof *f->times);
    if (!f->times) return acp_sr_fail(c, p, "out of memory");
    for (uint32_t i = 0; i < v->count; i++) {
        size_t old = acp_sr_path_index(p, i);
        bool ok = acp_sr_read_time(c, p, &v->items[i], &f->times[i]);
        acp_sr_path_pop(p, old);
        if (!ok) return false;
        f->count = i + 1;
    }
    return true;
}

static bool read_jitter(ctx *c, path *p, const acp_jsonv *j, acp_scenario_frames *f)
{
    static const char *const FIELDS[] = {"seed", "ms", NULL};
    if (!acp_sr_check_object(c, p, j, FIELDS)) return false;
    f->jitter = true;
    WITH_MEMBER(c, p, j, "seed", true,
                acp_sr_read_u32(c, p, v, &f->seed) &&
                    (f->seed != 0 || acp_sr_fail(c, p, "0 is not a seed: xorshift32 would stay at 0 (use any other value)")));
    WITH_MEMBER(c, p, j, "ms", true,
                acp_sr_read_number(c, p, v, &f->jitter_ms) &&
                    ((f->jitter_ms >= 0.0 && f->jitter_ms <= ACP_SCENARIO_MAX_JITTER_MS) ||
                     acp_sr_fail(c, p, "expected a jitter from 0 to 1000 milliseconds")));
    return true;
}

static bool read_frames(ctx *c, path *p, const acp_jsonv *fr, acp_scenario_frames *f)
{
    static const char *const FIELDS[] = {"times", "hz", "count", "start", "jitter", NULL};
    if (!acp_sr_check_object(c, p, fr, FIELDS)) return false;
    const acp_jsonv *times = acp_jsonv_get(fr, "times");
    if (times) {
        for (int k = 1; FIELDS[k]; k++) {
            if (!acp_jsonv_get(fr, FIELDS[k])) continue;
            acp_text t;
            if (acp_sr_fail_at(c, p, &t)) {
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
        return acp_sr_fail(c, p, "expected \"times\" or the generator {hz, count, start, jitter}");
    double count = 0.0;
    f->generated = true;
    WITH_MEMBER(c, p, fr, "hz", true,
                acp_sr_read_number(c, p, v, &f->hz) &&
                    ((f->hz > 0.0 && f->hz <= ACP_SCENARIO_MAX_HZ) ||
                     acp_sr_fail(c, p, "expected a frame rate above 0 and at most 1000000 Hz")));
    WITH_MEMBER(c, p, fr, "count", true, acp_sr_read_integer(c, p, v, 1.0, (double)ACP_SCENARIO_MAX_FRAMES, &count));
    f->start = 0.0;
    WITH_MEMBER(c, p, fr, "start", false, acp_sr_read_time(c, p, v, &f->start));
    WITH_MEMBER(c, p, fr, "jitter", false, read_jitter(c, p, v, f));
    f->count = (uint32_t)count;
    f->times = malloc((size_t)f->count * sizeof *f->times);
    if (!f->times) return acp_sr_fail(c, p, "out of memory");
    acp_frames_generate(f->hz, f->count, f->start, f->jitter, f->seed, f->jitter_ms, f->times);
    for (uint32_t k = 0; k < f->count; k++) {
        if (fabs(f->times[k]) <= ACP_SCENARIO_MAX_TIME) continue;
        acp_text t;
        if (acp_sr_fail_at(c, p, &t)) {
            acp_text_put(&t, "frame ");
            acp_text_put_u64(&t, k + 1u);
            acp_text_put(&t, " would be at ");
            acp_sr_put_number(&t, f->times[k]);
            acp_text_put(&t, " s, outside the supported clock range of ±1e9 s");
        }
        return false;
    }
    return true;
}

/* ---- the top level ---- */

static bool read_excerpts(ctx *c, path *p, const acp_jsonv *v, acp_scenario *s)
{
    if (v->type != ACP_JSONV_ARRAY) return acp_sr_fail_type(c, p, "an array of excerpt names (\"default\" or a path)", v);
    if (v->count > ACP_SCENARIO_MAX_EXCERPTS) return acp_sr_fail(c, p, "more than 64 excerpts");
    s->excerpts = calloc(v->count ? v->count : 1, sizeof *s->excerpts);
    if (!s->excerpts) return acp_sr_fail(c, p, "out of memory");
    for (uint32_t i = 0; i < v->count; i++) {
        size_t old = acp_sr_path_index(p, i);
        bool ok = acp_sr_read_string(c, p, &v->items[i], &s->excerpts[i]);
        if (ok) s->num_excerpts = i + 1;
        if (ok && s->excerpts[i][0] == '\0') ok = acp_sr_fail(c, p, "an excerpt name must not be empty");
        acp_sr_path_pop(p, old);
        if (!ok) return false;
    }
    return true;
}

static bool read_compare_profiles(ctx *c, path *p, const acp_jsonv *v, acp_scenario *s)
{
    if (v->type != ACP_JSONV_ARRAY) return acp_sr_fail_type(c, p, "an array of profile names", v);
    if (v->count > 3) return acp_sr_fail(c, p, "expected at most 3 profiles");
    for (uint32_t i = 0; i < v->count; i++) {
        size_t old = acp_sr_path_index(p, i);
        bool ok = read_profile(c, p, &v->items[i], &s->compare_profiles[i]);
        for (uint32_t j = 0; ok && j < i; j++)
            if (s->compare_profiles[j] == s->compare_profiles[i]) ok = acp_sr_fail(c, p, "this profile is already listed");
        acp_sr_path_pop(p, old);
        if (!ok) return false;
        s->num_compare_profiles = i + 1;
    }
    return true;
}

/* objects[i]'s id (path p: that object): not 0 and none of objects[0..i)'s. */
static bool object_id_ok(ctx *c, path *p, const acp_scenario_object *objects, uint32_t i)
{
    bool ok = true;
    if (objects[i].id == 0) {
        /* Retail's id 0 is no object (a null IID: no target, no parent, no player). */
        size_t o2 = acp_sr_path_key(p, "id");
        acp_text t;
        if (acp_sr_fail_at(c, p, &t)) acp_text_put(&t, "0 is not an object id (retail's id 0 means no object)");
        acp_sr_path_pop(p, o2);
        ok = false;
    }
    for (uint32_t j = 0; ok && j < i; j++) {
        if (objects[j].id != objects[i].id) continue;
        size_t o2 = acp_sr_path_key(p, "id");
        acp_text t;
        if (acp_sr_fail_at(c, p, &t)) {
            acp_text_put_u64(&t, objects[i].id);
            acp_text_put(&t, " is already the id of objects[");
            acp_text_put_u64(&t, j);
            acp_text_put(&t, "]");
        }
        acp_sr_path_pop(p, o2);
        ok = false;
    }
    return ok;
}

static bool read_objects(ctx *c, path *p, const acp_jsonv *v, acp_scenario *s)
{
    if (v->type != ACP_JSONV_ARRAY) return acp_sr_fail_type(c, p, "an array of objects", v);
    if (v->count == 0) return acp_sr_fail(c, p, "expected at least one object");
    if (v->count > ACP_SCENARIO_MAX_OBJECTS) {
        acp_text t;
        if (acp_sr_fail_at(c, p, &t)) {
            acp_text_put(&t, "more than ");
            acp_text_put_u64(&t, ACP_SCENARIO_MAX_OBJECTS);
            acp_text_put(&t, " objects");
        }
        return false;
    }
    s->objects = calloc(v->count, sizeof *s->objects);
    if (!s->objects) return acp_sr_fail(c, p, "out of memory");
    for (uint32_t i = 0; i < v->count; i++) {
        size_t old = acp_sr_path_index(p, i);
        s->num_objects = i + 1;
        bool ok = read_object(c, p, &v->items[i], &s->objects[i]) && object_id_ok(c, p, s->objects, i);
        acp_sr_path_pop(p, old);
        if (!ok) return false;
    }
    return true;
}

/* In time order, no parent event may make an object hold itself through its holders (retail's
 * add_child refuses only the object itself; UpdateChild would recurse without end). */
static bool check_holding_cycles(ctx *c, path *p, const acp_scenario *s)
{
    uint32_t *holder = malloc((size_t)(s->num_objects ? s->num_objects : 1) * sizeof *holder); /* index + 1, 0: none */
    if (!holder) return acp_sr_fail(c, p, "out of memory");
    for (uint32_t i = 0; i < s->num_objects; i++) holder[i] = 0;
    bool ok = true;
    for (uint32_t e = 0; e < s->num_events && ok; e++) {
        const acp_scenario_event *ev = &s->events[e];
        if (ev->kind == ACP_EVENT_UNPARENT) holder[ev->object_index] = 0;
        if (ev->kind != ACP_EVENT_PARENT) continue;
        uint32_t at = ev->parent.to_index, steps = 0;
        while (at != ev->object_index && holder[at] && steps++ < s->num_objects) at = holder[at] - 1u;
        if (at != ev->object_index) {
            holder[ev->object_index] = ev->parent.to_index + 1u;
            continue;
        }
        size_t old = acp_sr_path_index(p, ev->index);
        size_t o2 = acp_sr_path_key(p, "parent");
        size_t o3 = acp_sr_path_key(p, "to");
        acp_text t;
        if (acp_sr_fail_at(c, p, &t)) {
            acp_text_put(&t, "a cycle: object ");
            acp_text_put_u64(&t, ev->parent.to);
            acp_text_put(&t, " is held, through its holders, by object ");
            acp_text_put_u64(&t, ev->object);
            acp_text_put(&t, " at that time");
        }
        acp_sr_path_pop(p, o3);
        acp_sr_path_pop(p, o2);
        acp_sr_path_pop(p, old);
        ok = false;
    }
    free(holder);
    return ok;
}

static bool read_events(ctx *c, path *p, const acp_jsonv *v, acp_scenario *s)
{
    if (v->type != ACP_JSONV_ARRAY) return acp_sr_fail_type(c, p, "an array of events", v);
    if (v->count > ACP_SCENARIO_MAX_EVENTS) return acp_sr_fail(c, p, "more than 1000000 events");
    s->events = calloc(v->count ? v->count : 1, sizeof *s->events);
    if (!s->events) return acp_sr_fail(c, p, "out of memory");
    for (uint32_t i = 0; i < v->count; i++) {
        size_t old = acp_sr_path_index(p, i);
        s->events[i].index = i;
        bool ok = read_event(c, p, &v->items[i], s, &s->events[i]);
        acp_sr_path_pop(p, old);
        if (!ok) return false;
        s->num_events = i + 1;
    }
    qsort(s->events, s->num_events, sizeof *s->events, event_order);
    return check_holding_cycles(c, p, s);
}

static bool read_player(ctx *c, const path *p, const acp_jsonv *v, acp_scenario *s)
{
    if (!acp_sr_read_u32(c, p, v, &s->player)) return false;
    for (uint32_t i = 0; i < s->num_objects; i++) {
        if (s->objects[i].id != s->player) continue;
        s->has_player = true;
        s->player_index = i;
        return true;
    }
    acp_text t;
    if (acp_sr_fail_at(c, p, &t)) {
        acp_text_put(&t, "no object with id ");
        acp_text_put_u64(&t, s->player);
    }
    return false;
}

/* Version 1 (docs/SCENARIOS.md). */
static bool decode_v1(ctx *c, path *p, const acp_jsonv *root, acp_scenario *s)
{
    static const char *const FIELDS[] = {"version", "name", "description", "profile", "compare_profiles", "excerpts",
                                         "player", "objects", "events", "frames", NULL};
    if (!acp_sr_check_object(c, p, root, FIELDS)) return false;
    char *description = NULL;
    WITH_MEMBER(c, p, root, "name", false, acp_sr_read_string(c, p, v, &s->name));
    WITH_MEMBER(c, p, root, "description", false, acp_sr_read_string(c, p, v, &description));
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
        if (!s->excerpts || !s->excerpts[0]) return acp_sr_fail(c, p, "out of memory");
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
        acp_sr_fail_type(&c, &p, "an object", root);
        return false;
    }
    const acp_jsonv *version = acp_jsonv_get(root, "version");
    double ver = 0.0;
    size_t old = acp_sr_path_key(&p, "version");
    bool ok = false;
    if (!version) acp_sr_fail(&c, &p, "required field is missing (this acphys reads version 1)");
    else if (acp_sr_read_integer(&c, &p, version, 1.0, 1.0e9, &ver) && ver > ACP_SCENARIO_VERSION) {
        acp_text t;
        if (acp_sr_fail_at(&c, &p, &t)) {
            acp_sr_put_number(&t, ver);
            acp_text_put(&t, " is newer than this acphys reads (1)");
        }
    }
    acp_sr_path_pop(&p, old);
    if (!c.failed) {
        out->version = (int)ver;
        switch (out->version) {
        case 1: ok = decode_v1(&c, &p, root, out); break;
        default: ok = false; break;
        }
    }
    if (!ok || c.failed) {
        acp_scenario_free(out);
        if (!c.failed) acp_sr_fail(&c, &p, "invalid scenario");
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

/* ---- events appended to a scenario while it runs (the page's keyboard) ---- */

bool acp_scenario_append_event(acp_scenario *s, const acp_jsonv *event, uint32_t *position,
                               acp_scenario_error *err)
{
    acp_scenario_error scratch;
    if (!err) err = &scratch;
    err->message[0] = '\0';
    ctx c = {err, false};
    path p = {{0}, 0};
    size_t old = acp_sr_path_key(&p, "events");
    acp_sr_path_index(&p, s->num_events);
    if (s->num_events >= ACP_SCENARIO_MAX_EVENTS) return acp_sr_fail(&c, &p, "more than 1000000 events");
    acp_scenario_event ev;
    memset(&ev, 0, sizeof ev);
    ev.index = s->num_events;
    if (!read_event(&c, &p, event, s, &ev)) return false;
    acp_sr_path_pop(&p, old);
    acp_scenario_event *grown = realloc(s->events, (s->num_events + 1u) * sizeof *grown);
    if (!grown) return acp_sr_fail(&c, &p, "out of memory");
    s->events = grown;
    uint32_t at = s->num_events;
    while (at > 0 && grown[at - 1].t > ev.t) at--; /* after every event with t <= ev.t */
    memmove(&grown[at + 1], &grown[at], (s->num_events - at) * sizeof *grown);
    grown[at] = ev;
    s->num_events++;
    if (position) *position = at;
    return true;
}

/* ---- objects appended to a scenario while it runs (the page's Add object and Copies) ---- */

bool acp_scenario_append_object(acp_scenario *s, const acp_jsonv *object, acp_scenario_error *err)
{
    acp_scenario_error scratch;
    if (!err) err = &scratch;
    err->message[0] = '\0';
    ctx c = {err, false};
    path p = {{0}, 0};
    (void)acp_sr_path_key(&p, "objects");
    acp_sr_path_index(&p, s->num_objects);
    if (s->num_objects >= ACP_SCENARIO_MAX_OBJECTS) {
        acp_text t;
        if (acp_sr_fail_at(&c, &p, &t)) {
            acp_text_put(&t, "more than ");
            acp_text_put_u64(&t, ACP_SCENARIO_MAX_OBJECTS);
            acp_text_put(&t, " objects");
        }
        return false;
    }
    acp_scenario_object *grown = realloc(s->objects, (s->num_objects + 1u) * sizeof *grown);
    if (!grown) return acp_sr_fail(&c, &p, "out of memory");
    s->objects = grown;
    acp_scenario_object *o = &grown[s->num_objects];
    memset(o, 0, sizeof *o);
    if (!read_object(&c, &p, object, o) || !object_id_ok(&c, &p, grown, s->num_objects)) {
        free(o->name);
        o->name = NULL;
        return false;
    }
    s->num_objects++;
    return true;
}
