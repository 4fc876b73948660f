/* acphys — a capture's messages → a scenario and its client reports (the builder; the checks and
 * measures are replay_checks.c). See replay.h. */
#include "replay.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "physics/anim/motion_table.h"
#include "physics/anim/moveto_manager.h"

#define STAND_IN_SETUP 0x02000001u        /* the humanoid (the default excerpts' stand-in) */
#define STAND_IN_MOTION_TABLE 0x09000001u
#define ACE_FIRST_PLAYER 0x50000001u
#define REPLAY_HZ 60.0
#define HOLD_KEY_RUN 2u

/* ---- small helpers ---- */

static void fail(char *msg, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void fail(char *msg, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, n, fmt, ap);
    va_end(ap);
}

static bool is_report(acp_replay_kind k)
{
    return k == ACP_REPLAY_MOVE_TO_STATE || k == ACP_REPLAY_AUTONOMOUS_POSITION || k == ACP_REPLAY_JUMP;
}

/* 16-bit stamp order (retail's newer_event): true when a is newer than b. */
static bool stamp_newer(uint16_t a, uint16_t b)
{
    int diff = abs((int)a - (int)b);
    return diff > 0x7FFF ? a < b : a > b;
}

/* ---- JSON writing ---- */

static void put_f(acp_text *t, float v) { acp_text_put_g(t, (double)v, 9); }
static void put_d(acp_text *t, double v) { acp_text_put_g(t, v, 17); }

static void put_hex(acp_text *t, uint32_t v)
{
    acp_text_put_char(t, '"');
    acp_text_put_hex32(t, v);
    acp_text_put_char(t, '"');
}

static void put_vec(acp_text *t, const float *v, int n)
{
    acp_text_put_char(t, '[');
    for (int i = 0; i < n; i++) {
        if (i) acp_text_put_char(t, ',');
        put_f(t, v[i]);
    }
    acp_text_put_char(t, ']');
}

/* "cell": ..., "origin": [...], "orientation": [...] (no braces). */
static void put_pos_fields(acp_text *t, const acp_replay_pos *p)
{
    acp_text_put(t, "\"cell\":");
    put_hex(t, p->cell);
    acp_text_put(t, ",\"origin\":");
    put_vec(t, p->origin, 3);
    acp_text_put(t, ",\"orientation\":");
    put_vec(t, p->q, 4);
}

/* The events' text and what the builder tracks while it walks the messages. */
typedef struct builder {
    const acp_replay_capture *cap;
    const acp_replay_options *opt;
    acp_replay_plan *plan;
    acp_text objects, events;
    uint32_t *guids;                      /* scenario objects' guids, the player first */
    uint16_t (*ts)[9];                    /* each object's stamps (PhysicsTimeStamp order) as the
                                             capture gives them: its CreateObject's, advanced by each
                                             newer one of its UpdatePositions */
    bool *has_motion;                     /* the object has a motion table */
    uint32_t cap_skipped;
    bool oom;
    /* the player's state, for "doing" */
    acp_scenario_motion raw;
    bool has_raw, jumped, moving_to;
    uint32_t moveto_type;
    bool teleporting;                     /* a PlayerTeleport not yet followed by its position */
    const acp_replay_msg *const *early;   /* the messages before t0, in time order */
    uint32_t num_early;
    uint16_t resyncs;                     /* resync teleports so far: the player's position and
                                             teleport stamps in the scenario are the capture's
                                             plus this (DEVIATIONS R5) */
} builder;

static void begin_event(builder *b, double t, uint32_t guid)
{
    acp_text *e = &b->events;
    if (e->len) acp_text_put_char(e, ',');
    acp_text_put(e, "\n    {\"t\":");
    put_d(e, t);
    acp_text_put(e, ",\"object\":");
    put_hex(e, guid);
    b->plan->num_events++;
}

static int object_index(const builder *b, uint32_t guid)
{
    for (uint32_t i = 0; i < b->plan->num_objects; i++)
        if (b->guids[i] == guid) return (int)i;
    return -1;
}

static void skip(builder *b, uint32_t guid, acp_replay_skip why, uint32_t id, double t)
{
    acp_replay_plan *p = b->plan;
    if (p->num_skipped == b->cap_skipped) {
        uint32_t cap = b->cap_skipped ? b->cap_skipped * 2 : 16;
        acp_replay_skipped *n = realloc(p->skipped, cap * sizeof *n);
        if (!n) {
            b->oom = true;
            return;
        }
        p->skipped = n;
        b->cap_skipped = cap;
    }
    p->skipped[p->num_skipped++] = (acp_replay_skipped){guid, why, id, t};
}

static bool has_record(const builder *b, uint32_t id)
{
    return !b->opt->has_record || b->opt->has_record(b->opt->ctx, id);
}

/* A Setup (0x02xxxxxx) the run will have. */
static bool has_setup(const builder *b, uint32_t id) { return (id >> 24) == 0x02u && has_record(b, id); }
/* A motion table (0x09xxxxxx) the run will have. */
static bool has_motion_table(const builder *b, uint32_t id) { return (id >> 24) == 0x09u && has_record(b, id); }

/* ---- the player's "doing" ---- */

static const char *raw_doing(const acp_scenario_motion *m)
{
    bool fwd = (m->present & ACP_MOTION_FORWARD_COMMAND) && m->forward_command != ACP_MOTION_READY;
    bool side = (m->present & ACP_MOTION_SIDESTEP_COMMAND) && m->sidestep_command;
    bool turn = (m->present & ACP_MOTION_TURN_COMMAND) && m->turn_command;
    bool back = fwd && m->forward_command == ACP_MOTION_WALK_BACKWARDS;
    bool run = fwd && (m->hold_run || m->forward_command == ACP_MOTION_RUN_FORWARD);
    if (fwd && turn) return back ? "walking backwards and turning" : run ? "running and turning" : "walking and turning";
    if (fwd && side) return back ? "walking backwards and side-stepping" : run ? "running and side-stepping" : "walking and side-stepping";
    if (fwd) return back ? (run ? "running backwards" : "walking backwards") : run ? "running" : "walking";
    if (side && turn) return "side-stepping and turning";
    if (side) return "side-stepping";
    if (turn) return "turning";
    return "standing";
}

static const char *doing(const builder *b, const acp_replay_msg *m)
{
    if (m->kind == ACP_REPLAY_JUMP) return "jumping";
    if (b->jumped && !m->contact) return "in the air after a jump";
    if (!m->contact) return "in the air";
    if (b->moving_to)
        return b->moveto_type == ACP_MOVETO_OBJECT || b->moveto_type == ACP_MOVETO_POSITION ? "moving to (server)" : "turning to (server)";
    return b->has_raw ? raw_doing(&b->raw) : "standing";
}

/* ---- events ---- */

static void put_motion_fields(acp_text *e, const acp_scenario_motion *m, bool raw)
{
    bool first = true;
#define FIELD(bit, name, put)                                   \
    if (m->present & (bit)) {                                   \
        acp_text_put(e, first ? "\"" name "\":" : ",\"" name "\":"); \
        first = false;                                          \
        put;                                                    \
    }
    if (!raw) FIELD(ACP_MOTION_STYLE, "style", put_hex(e, m->style));
    FIELD(ACP_MOTION_FORWARD_COMMAND, "forward_command", put_hex(e, m->forward_command));
    FIELD(ACP_MOTION_FORWARD_SPEED, "forward_speed", put_f(e, m->forward_speed));
    FIELD(ACP_MOTION_SIDESTEP_COMMAND, "sidestep_command", put_hex(e, m->sidestep_command));
    FIELD(ACP_MOTION_SIDESTEP_SPEED, "sidestep_speed", put_f(e, m->sidestep_speed));
    FIELD(ACP_MOTION_TURN_COMMAND, "turn_command", put_hex(e, m->turn_command));
    FIELD(ACP_MOTION_TURN_SPEED, "turn_speed", put_f(e, m->turn_speed));
#undef FIELD
    if (raw && m->hold_run) acp_text_put(e, first ? "\"hold_run\":true" : ",\"hold_run\":true");
    if (raw) return;
    if (m->sticky_object) {
        acp_text_put(e, first ? "\"sticky_object\":" : ",\"sticky_object\":");
        first = false;
        put_hex(e, m->sticky_object);
    }
    if (m->standing_longjump) {
        acp_text_put(e, first ? "\"standing_longjump\":true" : ",\"standing_longjump\":true");
        first = false;
    }
    if (m->present & ACP_MOTION_MESSAGE_STYLE) {
        acp_text_put(e, first ? "\"message_style\":" : ",\"message_style\":");
        put_hex(e, m->message_style);
    }
}

static void put_stamp(acp_text *e, const char *name, uint16_t v)
{
    acp_text_put(e, ",\"");
    acp_text_put(e, name);
    acp_text_put(e, "\":");
    acp_text_put_u64(e, v);
}

/* --resync for the player: a teleporting "server_position" whose position and teleport stamps
 * are one past the player's newest, every later stamp of the player shifted by one more. */
static void resync_event(builder *b, double t, const acp_replay_pos *pos, bool contact)
{
    acp_text *e = &b->events;
    begin_event(b, t, b->plan->player);
    acp_text_put(e, ",\"note\":\"resync: the client's report\",\"server_position\":{");
    put_pos_fields(e, pos);
    acp_text_put(e, contact ? ",\"contact\":true" : ",\"contact\":false");
    b->resyncs++;
    put_stamp(e, "position_timestamp", (uint16_t)(b->ts[0][0] + b->resyncs));
    put_stamp(e, "teleport_timestamp", (uint16_t)(b->ts[0][4] + b->resyncs));
    acp_text_put(e, "}}");
}

/* Fold an UpdatePosition's position, teleport and force-position stamps into an object's newest. */
static void advance_stamps(uint16_t ts[9], const acp_replay_msg *m)
{
    static const int WHICH[] = {0, 4, 6};
    for (size_t i = 0; i < 3; i++)
        if (stamp_newer(m->timestamps[WHICH[i]], ts[WHICH[i]])) ts[WHICH[i]] = m->timestamps[WHICH[i]];
}

/* An object's stamps when it enters at t0: its CreateObject's (none: 0), advanced by its
 * UpdatePositions of that instance before t0, which the client had handled (DEVIATIONS R1). */
static void initial_stamps(const builder *b, uint32_t guid, const acp_replay_msg *create, uint16_t out[9])
{
    if (create) memcpy(out, create->timestamps, 9 * sizeof *out);
    else memset(out, 0, 9 * sizeof *out);
    for (uint32_t i = 0; i < b->num_early; i++) {
        const acp_replay_msg *m = b->early[i];
        if (m->kind == ACP_REPLAY_UPDATE_POSITION && m->guid == guid && m->timestamps[8] == out[8]) advance_stamps(out, m);
    }
}

/* An UpdatePosition with every stamp it carries, the player's shifted by the resyncs so far
 * (SmartBox::UnpackPositionEvent and HandleReceivedPosition decide what it does: the player's
 * path, or MoveOrTeleport; docs/DEVIATIONS.md S7, R1, R5). The forced-position stamp only for
 * the player (the only object whose UpdatePosition reads it). */
static void position_event(builder *b, double t, const acp_replay_msg *m, bool player, const char *note)
{
    acp_text *e = &b->events;
    uint16_t shift = player ? b->resyncs : 0;
    begin_event(b, t, m->guid);
    if (note) {
        acp_text_put(e, ",\"note\":");
        acp_text_put_json_string(e, note, strlen(note));
    }
    acp_text_put(e, ",\"server_position\":{");
    put_pos_fields(e, &m->pos);
    acp_text_put(e, m->contact ? ",\"contact\":true" : ",\"contact\":false");
    if (m->has_velocity) {
        acp_text_put(e, ",\"velocity\":");
        put_vec(e, m->velocity, 3);
    }
    acp_text_put(e, ",\"placement\":");
    acp_text_put_u64(e, m->placement);
    put_stamp(e, "instance_timestamp", m->timestamps[8]);
    put_stamp(e, "position_timestamp", (uint16_t)(m->timestamps[0] + shift));
    put_stamp(e, "teleport_timestamp", (uint16_t)(m->timestamps[4] + shift));
    if (player) put_stamp(e, "force_position_timestamp", m->timestamps[6]);
    acp_text_put(e, "}}");
}

static void move_to_event(builder *b, double t, const acp_replay_msg *m)
{
    static const char *const TYPES[] = {"move_to_object", "move_to_position", "turn_to_object", "turn_to_heading"};
    static const struct { const char *name; uint32_t bit; } FLAGS[] = {
        {"can_walk", ACP_MP_CAN_WALK}, {"can_run", ACP_MP_CAN_RUN}, {"can_sidestep", ACP_MP_CAN_SIDESTEP},
        {"can_walk_backwards", ACP_MP_CAN_WALK_BACKWARDS}, {"can_charge", ACP_MP_CAN_CHARGE},
        {"fail_walk", ACP_MP_FAIL_WALK}, {"use_final_heading", ACP_MP_USE_FINAL_HEADING}, {"sticky", ACP_MP_STICKY},
        {"move_away", ACP_MP_MOVE_AWAY}, {"move_towards", ACP_MP_MOVE_TOWARDS}, {"use_spheres", ACP_MP_USE_SPHERES},
        {"set_hold_key", ACP_MP_SET_HOLD_KEY}, {"autonomous", ACP_MP_AUTONOMOUS},
        {"modify_raw_state", ACP_MP_MODIFY_RAW_STATE}, {"modify_interpreted_state", ACP_MP_MODIFY_INTERPRETED_STATE},
        {"cancel_moveto", ACP_MP_CANCEL_MOVETO}, {"stop_completely", ACP_MP_STOP_COMPLETELY},
        {"disable_jump_during_link", ACP_MP_DISABLE_JUMP_DURING_LINK},
    };
    const acp_scenario_move_to *mt = &m->move_to;
    const acp_movement_params *mp = &mt->params;
    acp_text *e = &b->events;
    begin_event(b, t, m->guid);
    acp_text_put(e, ",\"move_to\":{\"type\":\"");
    acp_text_put(e, TYPES[mt->type - 6]);
    acp_text_put(e, "\"");
    if (mt->has_style) {
        acp_text_put(e, ",\"style\":");
        put_hex(e, mt->style);
    }
    if (mt->type == ACP_MOVETO_OBJECT || mt->type == 8) {
        acp_text_put(e, ",\"target\":");
        put_hex(e, mt->target);
    }
    if (mt->type == 9) {
        acp_text_put(e, ",\"heading\":");
        put_f(e, mp->desired_heading);
    }
    if (mt->type == ACP_MOVETO_OBJECT || mt->type == ACP_MOVETO_POSITION) {
        acp_text_put(e, ",\"run_rate\":");
        put_f(e, mt->run_rate);
    }
    if (mt->type == ACP_MOVETO_POSITION) {
        acp_replay_pos p = {mt->position.objcell_id,
                            {mt->position.frame.origin.x, mt->position.frame.origin.y, mt->position.frame.origin.z},
                            {mt->position.frame.qw, mt->position.frame.qx, mt->position.frame.qy, mt->position.frame.qz}};
        acp_text_put(e, ",\"position\":{");
        put_pos_fields(e, &p);
        acp_text_put(e, "}");
    }
    acp_text_put(e, ",\"params\":{\"distance_to_object\":");
    put_f(e, mp->distance_to_object);
    acp_text_put(e, ",\"min_distance\":");
    put_f(e, mp->min_distance);
    acp_text_put(e, ",\"fail_distance\":");
    put_f(e, mp->fail_distance);
    acp_text_put(e, ",\"speed\":");
    put_f(e, mp->speed);
    acp_text_put(e, ",\"walk_run_threshhold\":");
    put_f(e, mp->walk_run_threshhold);
    acp_text_put(e, ",\"desired_heading\":");
    put_f(e, mp->desired_heading);
    acp_text_put(e, ",\"hold_key_to_apply\":");
    acp_text_put_u64(e, mp->hold_key_to_apply);
    acp_text_put(e, ",\"context_id\":");
    acp_text_put_u64(e, mp->context_id);
    acp_text_put(e, ",\"action_stamp\":");
    acp_text_put_u64(e, mp->action_stamp);
    for (size_t i = 0; i < sizeof FLAGS / sizeof FLAGS[0]; i++) {
        acp_text_put(e, ",\"");
        acp_text_put(e, FLAGS[i].name);
        acp_text_put(e, (mp->bitfield & FLAGS[i].bit) ? "\":true" : "\":false");
    }
    acp_text_put(e, "}}}");
}

/* A move-to whose target is not in the scenario, or whose values the scenario refuses, is left
 * out (named). */
static bool move_to_ok(const builder *b, const acp_replay_msg *m)
{
    const acp_scenario_move_to *mt = &m->move_to;
    if (mt->type < 6 || mt->type > 9) return false;
    if (!isfinite(mt->run_rate)) return false;
    if ((mt->type == 6 || mt->type == 8) && (object_index(b, mt->target) < 0 || mt->target == m->guid)) return false;
    if (mt->type == ACP_MOVETO_POSITION) {
        const acp_frame *f = &mt->position.frame;
        acp_replay_pos p = {mt->position.objcell_id, {f->origin.x, f->origin.y, f->origin.z}, {f->qw, f->qx, f->qy, f->qz}};
        if (!acp_replay_pos_valid(&p)) return false;
    }
    const acp_movement_params *mp = &mt->params;
    if (!(mp->desired_heading >= 0.0f && mp->desired_heading < 360.0f)) return false;
    if (!(mp->distance_to_object >= 0.0f && mp->min_distance >= 0.0f && mp->fail_distance >= 0.0f &&
          mp->walk_run_threshhold >= 0.0f))
        return false;
    return mp->hold_key_to_apply <= 2u;
}

/* ---- objects ---- */

static bool grow_objects(builder *b, uint32_t n)
{
    uint32_t *g = realloc(b->guids, n * sizeof *g);
    if (g) b->guids = g;
    uint16_t(*ts)[9] = realloc(b->ts, n * sizeof *ts);
    if (ts) b->ts = ts;
    bool *h = realloc(b->has_motion, n * sizeof *h);
    if (h) b->has_motion = h;
    return g && ts && h;
}

/* The object's JSON: id, setup, motion table, state, position, physics fields. */
static void put_object(builder *b, uint32_t guid, uint32_t setup, uint32_t mtable, const acp_replay_msg *c,
                       const acp_replay_pos *pos, double enter_at, float run_rate, const char *name,
                       const uint16_t *stamps)
{
    acp_text *o = &b->objects;
    if (o->len) acp_text_put_char(o, ',');
    acp_text_put(o, "\n    {\"id\":");
    put_hex(o, guid);
    acp_text_put(o, ",\"name\":");
    acp_text_put_json_string(o, name, strlen(name));
    if (setup) {
        acp_text_put(o, ",\"setup\":");
        put_hex(o, setup);
    }
    if (setup && mtable) {
        acp_text_put(o, ",\"motion_table\":");
        put_hex(o, mtable);
    }
    if (c && c->has_state) {
        acp_text_put(o, ",\"physics_state\":");
        put_hex(o, c->physics_state);
    }
    acp_text_put(o, ",\"position\":{");
    put_pos_fields(o, pos);
    acp_text_put(o, "}");
    if (c && c->has_scale && c->scale > 0.0f) {
        acp_text_put(o, ",\"scale\":");
        put_f(o, c->scale);
    }
    if (c && c->has_friction) {
        acp_text_put(o, ",\"friction\":");
        put_f(o, c->friction);
    }
    if (c && c->has_elasticity) {
        acp_text_put(o, ",\"elasticity\":");
        put_f(o, c->elasticity);
    }
    if (c && c->has_velocity) {
        acp_text_put(o, ",\"velocity\":");
        put_vec(o, c->velocity, 3);
    }
    if (run_rate > 0.0f) {
        acp_text_put(o, ",\"run_rate\":");
        put_f(o, run_rate);
    }
    if (enter_at != 0.0) {
        acp_text_put(o, ",\"enter_at\":");
        put_d(o, enter_at);
    }
    if (stamps) {
        static const char *const NAMES[9] = {"position", "movement", "state", "vector", "teleport",
                                             "server_controlled_move", "force_position", "objdesc", "instance"};
        acp_text_put(o, ",\"timestamps\":{");
        for (int i = 0; i < 9; i++) {
            if (i) acp_text_put_char(o, ',');
            acp_text_put_char(o, '"');
            acp_text_put(o, NAMES[i]);
            acp_text_put(o, "\":");
            acp_text_put_u64(o, stamps[i]);
        }
        acp_text_put(o, "}");
    }
    acp_text_put(o, "}");
}

static void add_object(builder *b, uint32_t guid, const uint16_t stamps[9], bool motion)
{
    uint32_t i = b->plan->num_objects;
    if (!grow_objects(b, i + 1)) {
        b->oom = true;
        return;
    }
    b->guids[i] = guid;
    memcpy(b->ts[i], stamps, sizeof b->ts[i]);
    b->has_motion[i] = motion;
    b->plan->num_objects++;
}

/* A CreateObject of another object: one scenario object when its records are loaded. */
static void create_other(builder *b, const acp_replay_msg *m, double t)
{
    if (!m->guid || object_index(b, m->guid) >= 0) return; /* no object (retail's id 0), or created again: the first stands */
    if (!m->has_position || m->parent) {
        skip(b, m->guid, ACP_REPLAY_SKIP_NO_POSITION, 0, t);
        return;
    }
    if (!acp_replay_pos_valid(&m->pos)) {
        skip(b, m->guid, ACP_REPLAY_SKIP_BAD_POSITION, m->pos.cell, t);
        return;
    }
    if (!m->setup || !has_setup(b, m->setup)) {
        skip(b, m->guid, ACP_REPLAY_SKIP_NO_SETUP, m->setup, t);
        return;
    }
    if (m->motion_table && !has_motion_table(b, m->motion_table)) {
        skip(b, m->guid, ACP_REPLAY_SKIP_NO_MOTION_TABLE, m->motion_table, t);
        return;
    }
    char name[32];
    snprintf(name, sizeof name, "object 0x%08X", (unsigned)m->guid);
    uint16_t stamps[9];
    initial_stamps(b, m->guid, m, stamps);
    put_object(b, m->guid, m->setup, m->motion_table, m, &m->pos, 0.0, 0.0f, name, stamps);
    add_object(b, m->guid, stamps, m->motion_table != 0);
}

/* ---- the walk over the messages ---- */

static int by_time(const void *a, const void *b)
{
    const acp_replay_msg *const *x = a, *const *y = b;
    if ((*x)->t != (*y)->t) return (*x)->t < (*y)->t ? -1 : 1;
    return *x < *y ? -1 : *x > *y;
}

static void add_report(builder *b, const acp_replay_msg *m, double t)
{
    acp_replay_plan *p = b->plan;
    acp_replay_report *r = &p->reports[p->num_reports++];
    *r = (acp_replay_report){t, m->kind, m->pos, m->contact, b->teleporting, doing(b, m)};
}

/* A client report: compared (add_report), then resync, then its motion. */
static void client_report(builder *b, const acp_replay_msg *m, double t, bool first)
{
    add_report(b, m, t);
    if (m->contact && m->kind != ACP_REPLAY_JUMP) b->jumped = false;
    /* on the ground only: a teleport in the air would stop the fall (the server's teleport of the
     * player zeroes its velocity) */
    if (b->opt->resync && !first && !b->teleporting && m->contact && acp_replay_pos_valid(&m->pos)) resync_event(b, t, &m->pos, m->contact);
    acp_text *e = &b->events;
    if (m->kind == ACP_REPLAY_MOVE_TO_STATE) {
        begin_event(b, t, b->plan->player);
        acp_text_put(e, ",\"raw_motion\":{");
        put_motion_fields(e, &m->motion, true);
        acp_text_put(e, "}}");
        b->raw = m->motion;
        b->has_raw = true;
        b->moving_to = false;
    } else if (m->kind == ACP_REPLAY_JUMP) {
        begin_event(b, t, b->plan->player);
        acp_text_put(e, ",\"jump\":{\"extent\":");
        put_f(e, m->jump_extent);
        acp_text_put(e, "}}");
        b->jumped = true;
    }
}

static void server_message(builder *b, const acp_replay_msg *m, double t)
{
    bool player = m->guid == b->plan->player;
    if (m->kind == ACP_REPLAY_CREATE_OBJECT) return; /* every one was read before the walk */
    if (m->kind == ACP_REPLAY_PLAYER_TELEPORT) {
        b->teleporting = true;
        return;
    }
    if (m->kind == ACP_REPLAY_SET_STATE) {
        if (object_index(b, m->guid) < 0) return;
        if (!b->opt->set_state_events) {
            skip(b, m->guid, ACP_REPLAY_SKIP_SET_STATE, m->physics_state, t);
            return;
        }
        begin_event(b, t, m->guid);
        acp_text_put(&b->events, ",\"set_state\":");
        put_hex(&b->events, m->physics_state);
        acp_text_put_char(&b->events, '}');
        return;
    }
    int idx = object_index(b, m->guid);
    if (idx < 0) return; /* an object not in the scenario (named when it was created) */
    acp_text *e = &b->events;
    if (m->kind == ACP_REPLAY_UPDATE_POSITION) {
        if (!acp_replay_pos_valid(&m->pos)) {
            skip(b, m->guid, ACP_REPLAY_SKIP_BAD_POSITION, m->pos.cell, t);
            return;
        }
        /* a message of another instance is not handled (UnpackPositionEvent): no stamp moves */
        bool own = m->timestamps[8] == b->ts[idx][8];
        bool newer = own && stamp_newer(m->timestamps[4], b->ts[idx][4]);
        position_event(b, t, m, player,
                       !newer ? NULL : player ? "teleport (UpdatePosition)" : "UpdatePosition, a newer teleport stamp");
        if (own) advance_stamps(b->ts[idx], m);
        if (player && newer) b->teleporting = false;
    } else if (m->kind == ACP_REPLAY_UPDATE_MOTION) {
        if (!b->has_motion[idx]) return;
        if (m->movement_type >= 6 && m->movement_type <= 9) {
            if (!move_to_ok(b, m)) return;
            move_to_event(b, t, m);
            if (player) {
                b->moving_to = true;
                b->moveto_type = m->movement_type;
            }
        } else if (m->movement_type == 0 && !player) { /* the player's own motion echoes back */
            acp_scenario_motion mo = m->motion;
            /* CPhysicsObj::stick_to_object finds no such object (GetObjectA): nothing to stick to */
            if (mo.sticky_object && (object_index(b, mo.sticky_object) < 0 || mo.sticky_object == m->guid))
                mo.sticky_object = 0;
            begin_event(b, t, m->guid);
            acp_text_put(e, ",\"motion\":{");
            put_motion_fields(e, &mo, false);
            acp_text_put(e, "}}");
        }
    } else if (m->kind == ACP_REPLAY_VECTOR_UPDATE && !player && m->has_velocity) {
        begin_event(b, t, m->guid);
        acp_text_put(e, ",\"set_velocity\":");
        put_vec(e, m->velocity, 3);
        acp_text_put(e, "}");
    }
}

/* The player: guid, its CreateObject (NULL when none), created at the first report. */
static const acp_replay_msg *find_player(const acp_replay_capture *cap, const acp_replay_msg *first, uint32_t *guid)
{
    const acp_replay_msg *best = NULL;
    double best_d = INFINITY;
    for (uint32_t i = 0; i < cap->num_msgs; i++) {
        const acp_replay_msg *m = &cap->msgs[i];
        if (m->kind != ACP_REPLAY_CREATE_OBJECT || !m->guid) continue;
        if (cap->player) {
            if (m->guid == cap->player) return *guid = m->guid, m;
            continue;
        }
        if (!m->has_position || (m->pos.cell >> 16) != (first->pos.cell >> 16)) continue;
        double d = acp_replay_distance(&m->pos, &first->pos);
        if (d < best_d) best = m, best_d = d;
    }
    *guid = cap->player ? cap->player : best ? best->guid : ACE_FIRST_PLAYER;
    return best;
}

static void put_player(builder *b, const acp_replay_msg *create, const acp_replay_msg *first)
{
    uint32_t setup = create ? create->setup : 0, mtable = create ? create->motion_table : 0;
    if (!setup || !has_setup(b, setup) || (mtable && !has_motion_table(b, mtable))) {
        bool no_setup = !has_setup(b, setup);
        if (create) skip(b, b->plan->player, no_setup ? ACP_REPLAY_SKIP_NO_SETUP : ACP_REPLAY_SKIP_NO_MOTION_TABLE,
                         no_setup ? setup : mtable, 0.0);
        setup = STAND_IN_SETUP;
        mtable = STAND_IN_MOTION_TABLE;
    }
    uint16_t stamps[9];
    initial_stamps(b, b->plan->player, create, stamps);
    put_object(b, b->plan->player, setup, mtable, create, &first->pos, 0.0, b->cap->run_rate, "player", stamps);
    add_object(b, b->plan->player, stamps, true);
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void put_frames(builder *b, const acp_replay_msg *const *sorted, uint32_t n, double t0, double last)
{
    acp_text *s = &b->plan->scenario;
    if (b->opt->frames == ACP_REPLAY_FRAMES_60HZ) {
        double span = last - t0, want = span > 0.0 ? ceil(span * REPLAY_HZ) : 1.0;
        uint32_t count = want > (double)ACP_SCENARIO_MAX_FRAMES ? ACP_SCENARIO_MAX_FRAMES + 1u : (uint32_t)want;
        if (count == 0) count = 1;
        acp_text_put(s, "{\"hz\":60,\"count\":");
        acp_text_put_u64(s, count);
        acp_text_put(s, "}");
        b->plan->num_frames = count;
        return;
    }
    acp_text_put(s, "{\"times\":[");
    uint32_t count = 0;
    double prev = 0.0;
    uint32_t total = b->cap->num_times ? b->cap->num_times : n;
    double *times = malloc((total ? total : 1) * sizeof *times);
    if (!times) {
        b->oom = true;
        return;
    }
    for (uint32_t i = 0; i < total; i++) times[i] = (b->cap->num_times ? b->cap->times[i] : sorted[i]->t) - t0;
    qsort(times, total, sizeof *times, by_value); /* the two directions' receive times interleave */
    for (uint32_t i = 0; i < total; i++) {
        double t = times[i];
        if (t <= prev) continue; /* after the creation, distinct, in order */
        if (count++) acp_text_put_char(s, ',');
        put_d(s, t);
        if (t - prev > b->plan->max_gap) {
            b->plan->max_gap = t - prev;
            b->plan->max_gap_at = t;
        }
        if (t - prev > ACP_REPLAY_SPARSE_GAP) b->plan->num_long_gaps++;
        prev = t;
    }
    free(times);
    if (!count) {
        acp_text_put(s, "0.016666666666666666");
        count = 1;
    }
    acp_text_put(s, "]}");
    b->plan->num_frames = count;
}

static void assemble(builder *b, const acp_replay_msg *const *sorted, uint32_t n, double t0, double last)
{
    acp_text *s = &b->plan->scenario;
    acp_text_put(s, "{\n  \"version\": 1,\n  \"name\": \"replay\",\n  \"description\": \"Made by acphys replay from a capture (docs/REPLAY.md); times are the capture's minus ");
    put_d(s, t0);
    acp_text_put(s, " s.\",\n  \"excerpts\": [");
    for (uint32_t i = 0; i < b->opt->num_excerpts; i++) {
        if (i) acp_text_put(s, ", ");
        acp_text_put_json_string(s, b->opt->excerpts[i], strlen(b->opt->excerpts[i]));
    }
    acp_text_put(s, "],\n  \"player\": ");
    put_hex(s, b->plan->player);
    acp_text_put(s, ",\n  \"objects\": [");
    acp_text_put_n(s, b->objects.data ? b->objects.data : "", b->objects.len);
    acp_text_put(s, "\n  ],\n  \"events\": [");
    acp_text_put_n(s, b->events.data ? b->events.data : "", b->events.len);
    acp_text_put(s, "\n  ],\n  \"frames\": ");
    put_frames(b, sorted, n, t0, last);
    acp_text_put(s, "\n}\n");
}

bool acp_replay_build(const acp_replay_capture *cap, const acp_replay_options *opt, acp_replay_plan *plan, char *msg,
                      size_t msg_size)
{
    memset(plan, 0, sizeof *plan);
    acp_text_init(&plan->scenario);
    const acp_replay_msg **sorted = malloc((cap->num_msgs ? cap->num_msgs : 1) * sizeof *sorted);
    plan->reports = malloc((cap->num_msgs ? cap->num_msgs : 1) * sizeof *plan->reports);
    if (!sorted || !plan->reports) {
        free(sorted);
        acp_replay_plan_free(plan);
        fail(msg, msg_size, "out of memory");
        return false;
    }
    for (uint32_t i = 0; i < cap->num_msgs; i++) sorted[i] = &cap->msgs[i];
    qsort(sorted, cap->num_msgs, sizeof *sorted, by_time);
    const acp_replay_msg *first = NULL;
    for (uint32_t i = 0; i < cap->num_msgs && !first; i++)
        if (is_report(sorted[i]->kind)) first = sorted[i];
    if (!first) {
        free(sorted);
        acp_replay_plan_free(plan);
        fail(msg, msg_size, "the capture has no client report (MoveToState, AutonomousPosition or Jump): nothing places the player");
        return false;
    }
    if (!acp_replay_pos_valid(&first->pos)) {
        fail(msg, msg_size, "the first client report (%s at %.6f s) has no position a scenario takes: cell 0x%08X, "
             "quaternion (%.9g, %.9g, %.9g, %.9g)", acp_replay_kind_name(first->kind), first->t, (unsigned)first->pos.cell,
             (double)first->pos.q[0], (double)first->pos.q[1], (double)first->pos.q[2], (double)first->pos.q[3]);
        free(sorted);
        acp_replay_plan_free(plan);
        return false;
    }
    builder b = {.cap = cap, .opt = opt, .plan = plan};
    acp_text_init(&b.objects);
    acp_text_init(&b.events);
    const acp_replay_msg *create = find_player(cap, first, &plan->player);
    plan->player_created = create != NULL;
    plan->t0 = first->t;
    b.early = sorted;
    while (b.num_early < cap->num_msgs && sorted[b.num_early]->t < first->t) b.num_early++;
    put_player(&b, create, first);
    /* Objects created before the player's first report enter with it; later ones are created
     * where the walk meets them (every object enters before the first frame: the scenario has
     * no later entry). */
    for (uint32_t i = 0; i < cap->num_msgs; i++)
        if (sorted[i]->kind == ACP_REPLAY_CREATE_OBJECT && sorted[i]->guid != plan->player)
            create_other(&b, sorted[i], sorted[i]->t - first->t);
    double last = first->t;
    for (uint32_t i = 0; i < cap->num_msgs; i++) {
        const acp_replay_msg *m = sorted[i];
        if (m->t > last) last = m->t;
        bool early_state = m->kind == ACP_REPLAY_SET_STATE && m->t < first->t; /* the state at creation */
        if (m->t < first->t && !early_state) continue; /* before the player exists */
        double t = early_state ? 0.0 : m->t - first->t;
        if (is_report(m->kind)) client_report(&b, m, t, m == first);
        else server_message(&b, m, t);
    }
    assemble(&b, sorted, cap->num_msgs, first->t, last);
    free(sorted);
    if (!b.oom && (plan->num_frames > ACP_SCENARIO_MAX_FRAMES || plan->num_events > ACP_SCENARIO_MAX_EVENTS ||
                   plan->num_objects > ACP_SCENARIO_MAX_OBJECTS)) {
        fail(msg, msg_size, "the capture makes more than a scenario holds (%u frames, %u events, %u objects; at most "
             "%u, %u and %u): replay a shorter capture%s", plan->num_frames, plan->num_events, plan->num_objects,
             ACP_SCENARIO_MAX_FRAMES, ACP_SCENARIO_MAX_EVENTS, ACP_SCENARIO_MAX_OBJECTS,
             opt->frames == ACP_REPLAY_FRAMES_60HZ ? ", or with --frames datagrams" : "");
        acp_text_free(&b.objects);
        acp_text_free(&b.events);
        free(b.guids);
        free(b.ts);
        free(b.has_motion);
        acp_replay_plan_free(plan);
        return false;
    }
    bool oom = b.oom || b.objects.oom || b.events.oom || plan->scenario.oom;
    acp_text_free(&b.objects);
    acp_text_free(&b.events);
    free(b.guids);
    free(b.ts);
    free(b.has_motion);
    if (oom) {
        acp_replay_plan_free(plan);
        fail(msg, msg_size, "out of memory");
        return false;
    }
    return true;
}

void acp_replay_plan_free(acp_replay_plan *plan)
{
    acp_text_free(&plan->scenario);
    free(plan->reports);
    free(plan->skipped);
    memset(plan, 0, sizeof *plan);
}
