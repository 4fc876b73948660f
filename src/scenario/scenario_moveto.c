/* acphys — the scenario's "move_to" event (issue 13): a move-to message (movement types 6–9 of
 * MovementManager::unpack_movement) with its MovementParameters by their retail names. See
 * scenario_read.h. */
#include <string.h>

#include "physics/anim/moveto_manager.h"
#include "scenario_read.h"

typedef acp_sr_ctx ctx;
typedef acp_path path;

/* MovementParameters' flag bits by their retail names. */
static const struct { const char *name; uint32_t bit; } FLAGS[] = {
    {"can_walk", ACP_MP_CAN_WALK}, {"can_run", ACP_MP_CAN_RUN}, {"can_sidestep", ACP_MP_CAN_SIDESTEP},
    {"can_walk_backwards", ACP_MP_CAN_WALK_BACKWARDS}, {"can_charge", ACP_MP_CAN_CHARGE}, {"fail_walk", ACP_MP_FAIL_WALK},
    {"use_final_heading", ACP_MP_USE_FINAL_HEADING}, {"sticky", ACP_MP_STICKY}, {"move_away", ACP_MP_MOVE_AWAY},
    {"move_towards", ACP_MP_MOVE_TOWARDS}, {"use_spheres", ACP_MP_USE_SPHERES}, {"set_hold_key", ACP_MP_SET_HOLD_KEY},
    {"autonomous", ACP_MP_AUTONOMOUS}, {"modify_raw_state", ACP_MP_MODIFY_RAW_STATE},
    {"modify_interpreted_state", ACP_MP_MODIFY_INTERPRETED_STATE}, {"cancel_moveto", ACP_MP_CANCEL_MOVETO},
    {"stop_completely", ACP_MP_STOP_COMPLETELY}, {"disable_jump_during_link", ACP_MP_DISABLE_JUMP_DURING_LINK},
};
#define NUM_FLAGS (sizeof FLAGS / sizeof FLAGS[0])

static const char *const TYPES[] = {"move_to_object", "move_to_position", "turn_to_object", "turn_to_heading"};

static bool read_flag(ctx *c, const path *p, const acp_jsonv *v, uint32_t bit, uint32_t *bits)
{
    bool on = false;
    if (!acp_sr_read_bool(c, p, v, &on)) return false;
    *bits = on ? (*bits | bit) : (*bits & ~bit);
    return true;
}

static bool read_distance(ctx *c, const path *p, const acp_jsonv *v, float *out)
{
    return acp_sr_read_float(c, p, v, out) && (*out >= 0.0f || acp_sr_fail(c, p, "expected a distance >= 0 (metres)"));
}

static bool read_heading(ctx *c, const path *p, const acp_jsonv *v, float *out)
{
    return acp_sr_read_float(c, p, v, out) &&
           ((*out >= 0.0f && *out < 360.0f) || acp_sr_fail(c, p, "expected degrees from 0 up to (not including) 360"));
}

static bool read_hold_key(ctx *c, const path *p, const acp_jsonv *v, uint32_t *out)
{
    double d;
    return acp_sr_read_integer(c, p, v, 0.0, 2.0, &d) && (*out = (uint32_t)d, true);
}

static bool read_params(ctx *c, path *p, const acp_jsonv *o, acp_movement_params *mp)
{
    const char *FIELDS[NUM_FLAGS + 10]; /* on the stack: no state shared between threads */
    static const char *const VALUES[] = {"distance_to_object", "min_distance", "fail_distance", "speed",
                                         "walk_run_threshhold", "desired_heading", "hold_key_to_apply",
                                         "context_id", "action_stamp"};
    for (size_t i = 0; i < 9; i++) FIELDS[i] = VALUES[i];
    for (size_t i = 0; i < NUM_FLAGS; i++) FIELDS[9 + i] = FLAGS[i].name;
    FIELDS[9 + NUM_FLAGS] = NULL;
    if (!acp_sr_check_object(c, p, o, FIELDS)) return false;
    WITH_MEMBER(c, p, o, "distance_to_object", false, read_distance(c, p, v, &mp->distance_to_object));
    WITH_MEMBER(c, p, o, "min_distance", false, read_distance(c, p, v, &mp->min_distance));
    WITH_MEMBER(c, p, o, "fail_distance", false, read_distance(c, p, v, &mp->fail_distance));
    WITH_MEMBER(c, p, o, "speed", false, acp_sr_read_float(c, p, v, &mp->speed));
    WITH_MEMBER(c, p, o, "walk_run_threshhold", false, read_distance(c, p, v, &mp->walk_run_threshhold));
    WITH_MEMBER(c, p, o, "desired_heading", false, read_heading(c, p, v, &mp->desired_heading));
    WITH_MEMBER(c, p, o, "hold_key_to_apply", false, read_hold_key(c, p, v, &mp->hold_key_to_apply));
    WITH_MEMBER(c, p, o, "context_id", false, acp_sr_read_u32(c, p, v, &mp->context_id));
    WITH_MEMBER(c, p, o, "action_stamp", false, acp_sr_read_u32(c, p, v, &mp->action_stamp));
    for (size_t i = 0; i < NUM_FLAGS; i++)
        WITH_MEMBER(c, p, o, FLAGS[i].name, false, read_flag(c, p, v, FLAGS[i].bit, &mp->bitfield));
    return true;
}

static bool read_type(ctx *c, const path *p, const acp_jsonv *v, uint32_t *out)
{
    if (v->type != ACP_JSONV_STRING)
        return acp_sr_fail_type(c, p, "\"move_to_object\", \"move_to_position\", \"turn_to_object\" or \"turn_to_heading\"", v);
    for (uint32_t i = 0; i < 4; i++) {
        if (strlen(TYPES[i]) == v->count && strcmp(TYPES[i], v->string) == 0) {
            *out = ACP_MOVETO_OBJECT + i;
            return true;
        }
    }
    return acp_sr_fail(c, p, "expected \"move_to_object\", \"move_to_position\", \"turn_to_object\" or \"turn_to_heading\"");
}

/* The member the type needs ("target", "position" or "heading"), or a field-named error. */
static bool require(ctx *c, path *p, const acp_jsonv *mt, const char *key, const char *type)
{
    if (acp_jsonv_get(mt, key)) return true;
    size_t old = acp_sr_path_key(p, key);
    acp_text t;
    if (acp_sr_fail_at(c, p, &t)) {
        acp_text_put(&t, "required for \"");
        acp_text_put(&t, type);
        acp_text_put(&t, "\"");
    }
    acp_sr_path_pop(p, old);
    return false;
}

bool acp_sr_read_move_to(ctx *c, path *p, const acp_jsonv *mt, const acp_scenario *s, uint32_t self,
                         acp_scenario_move_to *out)
{
    static const char *const FIELDS[] = {"type", "target", "position", "heading", "run_rate", "style", "params", NULL};
    if (!acp_sr_check_object(c, p, mt, FIELDS)) return false;
    out->params = acp_movement_params_default();
    out->target = 0;
    out->position = (acp_position){0, acp_frame_identity()};
    out->has_position = out->has_fallback_heading = false;
    out->fallback_heading = 0.0f;
    out->run_rate = 1.0f;
    out->has_style = false;
    out->style = 0;
    WITH_MEMBER(c, p, mt, "type", true, read_type(c, p, v, &out->type));
    WITH_MEMBER(c, p, mt, "style", false, (out->has_style = true, acp_sr_read_u32(c, p, v, &out->style)));
    const char *type = TYPES[out->type - ACP_MOVETO_OBJECT];
    bool needs_target = out->type == ACP_MOVETO_OBJECT || out->type == ACP_TURNTO_OBJECT;
    if (needs_target && !require(c, p, mt, "target", type)) return false;
    if (out->type == ACP_MOVETO_POSITION && !require(c, p, mt, "position", type)) return false;
    if (out->type == ACP_TURNTO_HEADING && !require(c, p, mt, "heading", type)) return false;
    WITH_MEMBER(c, p, mt, "params", false, read_params(c, p, v, &out->params));
    out->named_bits = 0;
    const acp_jsonv *params = acp_jsonv_get(mt, "params");
    for (size_t i = 0; params && i < NUM_FLAGS; i++)
        if (acp_jsonv_get(params, FLAGS[i].name)) out->named_bits |= FLAGS[i].bit;
    out->names_walk_run_threshhold = params && acp_jsonv_get(params, "walk_run_threshhold");
    /* A target the client does not know (no object of the scenario) is allowed only with the
     * message's fallback: move_to_object's position, turn_to_object's heading. */
    bool has_fallback = (out->type == ACP_MOVETO_OBJECT && acp_jsonv_get(mt, "position")) ||
                        (out->type == ACP_TURNTO_OBJECT && acp_jsonv_get(mt, "heading"));
    WITH_MEMBER(c, p, mt, "target", false,
                acp_sr_read_u32(c, p, v, &out->target) &&
                (has_fallback || acp_sr_check_object_id(c, p, s, out->target, NULL)) &&
                (out->target != self || acp_sr_fail(c, p, "an object cannot move to itself")));
    WITH_MEMBER(c, p, mt, "position", false, (out->has_position = true, acp_sr_read_position(c, p, v, &out->position)));
    if (out->type == ACP_TURNTO_OBJECT) /* the packed heading, apart from the parameters' */
        WITH_MEMBER(c, p, mt, "heading", false, (out->has_fallback_heading = true, read_heading(c, p, v, &out->fallback_heading)));
    else
        WITH_MEMBER(c, p, mt, "heading", false, read_heading(c, p, v, &out->params.desired_heading));
    bool carries_rate = out->type == ACP_MOVETO_OBJECT || out->type == ACP_MOVETO_POSITION;
    WITH_MEMBER(c, p, mt, "run_rate", false,
                (carries_rate || acp_sr_fail(c, p, "only move_to_object and move_to_position carry a run rate")) &&
                acp_sr_read_float(c, p, v, &out->run_rate));
    return true;
}

acp_scenario_move_to acp_scenario_move_to_ace_defaults(const acp_scenario_move_to *in)
{
    acp_scenario_move_to out = *in;
    if (!(in->named_bits & ACP_MP_CAN_CHARGE)) out.params.bitfield |= ACP_MP_CAN_CHARGE;
    if (!in->names_walk_run_threshhold) out.params.walk_run_threshhold = 1.0f;
    return out;
}
