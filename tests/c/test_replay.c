/* acphys C tests: replays of captures (issue 40, docs/REPLAY.md).
 *
 * The loop: a run of acphys's own (a humanoid on the default excerpts' landblock 0xD59A running,
 * turning, jumping, stopping) is written as the client would report it (MoveToState at each
 * input, AutonomousPosition between, Jump), each report carrying acphys's own position after the
 * last frame before it; the replay of those reports must find distance 0 at every one. */
#include <stdlib.h>
#include <string.h>

#include "cjson_bridge.h"
#include "net/net.h"
#include "physics/object/physobj.h"
#include "physics/world/physics.h"
#include "replay/capture_adapter.h"
#include "replay/compare.h"
#include "replay/replay.h"
#include "replay/session.h"
#include "scenario/excerpts.h"
#include "scenario/run.h"
#include "replay_capture.h"
#include "test.h"

/* The source run: the input, at times between frames (k + 0.5) / 60 given to 6 decimals, as a
 * JSONL capture prints them. */
#define SRC_FRAMES 240u
typedef struct src_input {
    double t;
    acp_replay_kind kind;                 /* MOVE_TO_STATE (raw), JUMP or AUTONOMOUS_POSITION */
    uint32_t forward, turn;               /* raw commands (0: none) */
    bool hold_run;
    float turn_speed;
} src_input;

static const src_input INPUTS[] = {
    {0.008333, ACP_REPLAY_MOVE_TO_STATE, 0x45000005u, 0, true, 0.0f},             /* run */
    {0.508333, ACP_REPLAY_AUTONOMOUS_POSITION, 0, 0, false, 0.0f},
    {0.841667, ACP_REPLAY_MOVE_TO_STATE, 0x45000005u, 0x6500000Du, true, 1.5f},  /* run, turn right */
    {1.341667, ACP_REPLAY_MOVE_TO_STATE, 0x45000005u, 0, false, 0.0f},          /* walk */
    {1.675000, ACP_REPLAY_JUMP, 0, 0, false, 0.0f},
    {2.175000, ACP_REPLAY_AUTONOMOUS_POSITION, 0, 0, false, 0.0f},
    {2.675000, ACP_REPLAY_MOVE_TO_STATE, 0, 0, false, 0.0f},                     /* stop */
    {3.341667, ACP_REPLAY_AUTONOMOUS_POSITION, 0, 0, false, 0.0f},
};
#define NUM_INPUTS (sizeof INPUTS / sizeof INPUTS[0])
#define JUMP_EXTENT 0.5f

static const char *const START =
    "{\"version\":1,\"excerpts\":[\"default\"],\"player\":1,"
    "\"objects\":[{\"id\":1,\"setup\":\"0x02000001\",\"motion_table\":\"0x09000001\",\"physics_state\":\"0x00400408\","
    "\"position\":{\"cell\":\"0xD59A0023\",\"origin\":[118.6824,58.51815,330.9344],\"orientation\":[0.468932,0,0,-0.883235]}}],";

static acp_run *run_text(const char *text)
{
    char err[512];
    acp_jsonv_doc *doc = acp_cjson_parse(text, strlen(text), err, sizeof err);
    if (!doc) {
        fprintf(stderr, "%s\n", err);
        return NULL;
    }
    acp_run *run = acp_run_create(acp_jsonv_root(doc), ACP_RUN_PROFILE_SCENARIO);
    acp_jsonv_doc_destroy(doc);
    if (run && !acp_run_error(run)) acp_run_start(run);
    if (run && acp_run_error(run)) fprintf(stderr, "run: %s\n", acp_run_error(run));
    return run;
}

/* The source scenario's text (the events of INPUTS). */
static char *source_text(void)
{
    acp_text t;
    acp_text_init(&t);
    acp_text_put(&t, START);
    acp_text_put(&t, "\"events\":[");
    bool first = true;
    for (size_t i = 0; i < NUM_INPUTS; i++) {
        const src_input *in = &INPUTS[i];
        if (in->kind == ACP_REPLAY_AUTONOMOUS_POSITION) continue;
        if (!first) acp_text_put_char(&t, ',');
        first = false;
        acp_text_put(&t, "{\"t\":");
        acp_text_put_g(&t, in->t, 17);
        acp_text_put(&t, ",\"object\":1,");
        if (in->kind == ACP_REPLAY_JUMP) {
            acp_text_put(&t, "\"jump\":{\"extent\":0.5}}");
            continue;
        }
        acp_text_put(&t, "\"raw_motion\":{");
        bool f = false;
        if (in->forward) {
            acp_text_put(&t, "\"forward_command\":");
            acp_text_put_u64(&t, in->forward);
            f = true;
        }
        if (in->turn) {
            acp_text_put(&t, f ? ",\"turn_command\":" : "\"turn_command\":");
            acp_text_put_u64(&t, in->turn);
            acp_text_put(&t, ",\"turn_speed\":");
            acp_text_put_g(&t, in->turn_speed, 9);
            f = true;
        }
        if (in->hold_run) acp_text_put(&t, f ? ",\"hold_run\":true" : "\"hold_run\":true");
        acp_text_put(&t, "}}");
    }
    acp_text_put(&t, "],\"frames\":{\"hz\":60,\"count\":");
    acp_text_put_u64(&t, SRC_FRAMES);
    acp_text_put(&t, "}}");
    return t.data;
}

static acp_replay_pos player_pos(const acp_run *run, bool *contact)
{
    const acp_physobj *p = acp_run_object(run, 0);
    const acp_frame *f = &p->position.frame;
    *contact = (p->transient_state & ACP_CONTACT_TS) != 0;
    return (acp_replay_pos){p->position.objcell_id, {f->origin.x, f->origin.y, f->origin.z}, {f->qw, f->qx, f->qy, f->qz}};
}

/* The capture a client running the source would make: a first AutonomousPosition at 0 where it
 * stands, then one report per input with the position after the last frame before it. */
static uint32_t source_capture(acp_replay_msg *msgs)
{
    char *text = source_text();
    acp_run *run = run_text(text);
    free(text);
    ENSURE(run && !acp_run_error(run));
    if (!run || acp_run_error(run)) return 0;
    uint32_t n = 0;
    bool contact;
    msgs[n++] = (acp_replay_msg){.t = 0.0, .kind = ACP_REPLAY_AUTONOMOUS_POSITION, .pos = player_pos(run, &contact)};
    msgs[0].contact = contact;
    const double *times = acp_run_scenario(run)->frames.times;
    for (size_t i = 0; i < NUM_INPUTS; i++) {
        const src_input *in = &INPUTS[i];
        while (acp_run_frames_done(run) < SRC_FRAMES && times[acp_run_frames_done(run)] < in->t) acp_run_step_next(run);
        acp_replay_msg *m = &msgs[n++];
        *m = (acp_replay_msg){.t = in->t, .kind = in->kind, .pos = player_pos(run, &contact)};
        m->contact = contact;
        if (in->kind == ACP_REPLAY_JUMP) m->jump_extent = JUMP_EXTENT;
        if (in->kind != ACP_REPLAY_MOVE_TO_STATE) continue;
        if (in->forward) m->motion.present |= ACP_MOTION_FORWARD_COMMAND, m->motion.forward_command = in->forward;
        if (in->turn) {
            m->motion.present |= ACP_MOTION_TURN_COMMAND | ACP_MOTION_TURN_SPEED;
            m->motion.turn_command = in->turn;
            m->motion.turn_speed = in->turn_speed;
        }
        m->motion.hold_run = in->hold_run;
    }
    acp_run_destroy(run);
    return n;
}

/* Build, run and compare a capture's messages. */
static acp_excerpts *default_records(void)
{
    uint32_t count = 0;
    const acp_embedded_excerpt *def = acp_default_excerpts(&count);
    acp_excerpts *ex = acp_excerpts_create();
    char msg[256];
    for (uint32_t i = 0; ex && i < count; i++) ENSURE(acp_excerpts_add(ex, def[i].data, def[i].size, msg, sizeof msg));
    return ex;
}

static bool replay_capture(const acp_replay_capture *capture, bool resync, acp_replay_frames frames, acp_replay_plan *plan,
                           acp_replay_outcome *out)
{
    static const char *const DEFAULT[] = {"default"};
    acp_replay_capture cap = *capture;
    acp_excerpts *records = default_records();
    acp_replay_options opt = {.frames = frames, .resync = resync, .num_excerpts = 1, .excerpts = DEFAULT,
                              .has_record = acp_replay_has_record, .ctx = records};
    char msg[512];
    memset(out, 0, sizeof *out);
    bool built = acp_replay_build(&cap, &opt, plan, msg, sizeof msg);
    acp_excerpts_destroy(records);
    if (!built) {
        fprintf(stderr, "build: %s\n", msg);
        return false;
    }
    acp_run *run = run_text(plan->scenario.data);
    bool ok = run && !acp_run_error(run) && acp_replay_compare(run, plan, 0.5, out, msg, sizeof msg);
    if (!ok) fprintf(stderr, "compare: %s\n%s\n", msg, plan->scenario.data);
    acp_run_destroy(run);
    return ok;
}

static bool replay(acp_replay_msg *msgs, uint32_t n, uint32_t player, bool resync, acp_replay_plan *plan,
                   acp_replay_outcome *out)
{
    acp_replay_capture cap = {.num_msgs = n, .msgs = msgs, .player = player};
    return replay_capture(&cap, resync, ACP_REPLAY_FRAMES_60HZ, plan, out);
}

/* The loop closes: every report at distance 0, same cell, same heading. */
static void loop_closes(void)
{
    acp_replay_msg msgs[NUM_INPUTS + 1];
    uint32_t n = source_capture(msgs);
    ENSURE_EQ(n, NUM_INPUTS + 1);
    for (int resync = 0; resync < 2; resync++) {
        acp_replay_plan plan;
        acp_replay_outcome out;
        ENSURE(replay(msgs, n, 0, resync, &plan, &out));
        ENSURE_EQ(out.num_results, n);
        ENSURE_EQ(out.compared, n);
        ENSURE_EQ(out.skipped, 0);
        ENSURE_EQ(out.cells_agree, n);
        for (uint32_t i = 0; i < out.num_results; i++) {
            ENSURE_DBITS(out.results[i].distance, 0.0);
            ENSURE_DBITS(out.results[i].heading_diff, 0.0);
        }
        ENSURE(!out.has_beyond);
        /* the source moved: the loop is not closed by standing still */
        ENSURE(acp_replay_distance(&msgs[0].pos, &msgs[n - 1].pos) > 5.0);
        /* what the player did in the interval each report ends */
        ENSURE(!strcmp(plan.reports[1].doing, "standing"));
        ENSURE(!strcmp(plan.reports[2].doing, "running"));
        ENSURE(!strcmp(plan.reports[4].doing, "running and turning"));
        ENSURE(!strcmp(plan.reports[5].doing, "jumping"));
        ENSURE(!strcmp(plan.reports[6].doing, "in the air after a jump"));
        acp_replay_outcome_free(&out);
        acp_replay_plan_free(&plan);
    }
}

/* A report in a landblock the excerpts lack, one in an indoor cell they lack, and the reports
 * after a PlayerTeleport are skipped and named, in segments; an object whose Setup is missing is
 * left out and named. */
static void skipped_segments(void)
{
    acp_replay_msg msgs[NUM_INPUTS + 8];
    uint32_t n = source_capture(msgs);
    ENSURE_EQ(n, NUM_INPUTS + 1);
    acp_replay_pos far = msgs[1].pos;
    far.cell = 0x01010001u;
    msgs[n++] = (acp_replay_msg){.t = 3.5, .kind = ACP_REPLAY_AUTONOMOUS_POSITION, .pos = far, .contact = true};
    msgs[n++] = (acp_replay_msg){.t = 3.6, .kind = ACP_REPLAY_AUTONOMOUS_POSITION, .pos = far, .contact = true};
    acp_replay_pos inside = msgs[1].pos;
    inside.cell = 0xD59A0150u;
    msgs[n++] = (acp_replay_msg){.t = 3.7, .kind = ACP_REPLAY_AUTONOMOUS_POSITION, .pos = inside, .contact = true};
    msgs[n++] = (acp_replay_msg){.t = 3.75, .kind = ACP_REPLAY_PLAYER_TELEPORT};
    msgs[n++] = (acp_replay_msg){.t = 3.8, .kind = ACP_REPLAY_AUTONOMOUS_POSITION, .pos = msgs[1].pos, .contact = true};
    acp_replay_msg create = {.t = 0.5, .kind = ACP_REPLAY_CREATE_OBJECT, .guid = 0x80000001u, .has_position = true,
                             .pos = msgs[1].pos, .setup = 0x02FFFFFFu};
    acp_replay_msg all[NUM_INPUTS + 9];
    memcpy(all, msgs, n * sizeof *msgs);
    all[n] = create;
    acp_replay_plan plan;
    acp_replay_outcome out;
    ENSURE(replay(all, n + 1, 0x50000001u, false, &plan, &out));
    ENSURE_EQ(out.num_results, n - 1); /* the teleport is no report */
    ENSURE_EQ(out.skipped, 4);
    ENSURE_EQ(out.num_segments, 3);
    if (out.num_segments == 3) {
        ENSURE(!strcmp(out.segments[0].reason, "cell 0x01010001: landblock 0x0101 is not in the excerpts"));
        ENSURE_EQ(out.segments[0].last - out.segments[0].first, 1);
        ENSURE(!strcmp(out.segments[1].reason, "indoor cell 0xD59A0150: its EnvCell is not in the excerpts"));
        ENSURE(!strncmp(out.segments[2].reason, "teleport", 8));
    }
    ENSURE_EQ(plan.num_skipped, 1);
    if (plan.num_skipped == 1) {
        ENSURE_EQ(plan.skipped[0].guid, 0x80000001u);
        ENSURE_EQ(plan.skipped[0].why, ACP_REPLAY_SKIP_NO_SETUP);
        ENSURE_EQ(plan.skipped[0].id, 0x02FFFFFFu);
    }
    acp_text t;
    acp_text_init(&t);
    acp_replay_report_json(&plan, &out, &t);
    ENSURE(strstr(t.data, "\"distance\":null,\"skipped\":\"cell 0x01010001: landblock 0x0101 is not in the excerpts\"") != NULL);
    ENSURE(strstr(t.data, "\"summary\":{\"reports\":13,\"compared\":9,\"skipped\":4") != NULL);
    acp_text_free(&t);
    acp_replay_outcome_free(&out);
    acp_replay_plan_free(&plan);
}

/* A capture without a client report makes no scenario, and says why. */
static void no_report(void)
{
    acp_replay_msg m = {.t = 1.0, .kind = ACP_REPLAY_PLAYER_TELEPORT};
    acp_replay_capture cap = {.num_msgs = 1, .msgs = &m};
    acp_replay_options opt = {0};
    acp_replay_plan plan;
    char msg[256];
    ENSURE(!acp_replay_build(&cap, &opt, &plan, msg, sizeof msg));
    ENSURE(!strcmp(msg, "the capture has no client report (MoveToState, AutonomousPosition or Jump): nothing places the player"));
}

/* Distances add the landblocks' 192 m; headings are retail's. */
static void distance_and_heading(void)
{
    acp_replay_pos a = {0xA9B40001u, {190.0f, 10.0f, 5.0f}, {1, 0, 0, 0}};
    acp_replay_pos b = {0xAAB40001u, {1.0f, 10.0f, 5.0f}, {1, 0, 0, 0}};
    ENSURE_DBITS(acp_replay_distance(&a, &b), 3.0);
    float east[4] = {0.70710678f, 0, 0, -0.70710678f}; /* −90° about +Z: local +Y to +X, east */
    ENSURE_NEAR(acp_replay_heading(east), 90.0, 1e-4);
}

/* The file tests/data/replay/loop.jsonl (the Node tests' capture) is what the encoder writes now;
 * ACPHYS_UPDATE_REPLAY_FIXTURE=1 rewrites it. */
static void check_fixture(const char *text, size_t size)
{
    const char *path = ACP_SOURCE_DIR "/tests/data/replay/loop.jsonl";
    if (getenv("ACPHYS_UPDATE_REPLAY_FIXTURE")) {
        FILE *f = fopen(path, "wb");
        ENSURE(f && fwrite(text, 1, size, f) == size && fclose(f) == 0);
        return;
    }
    FILE *f = fopen(path, "rb");
    ENSURE(f != NULL);
    if (!f) return;
    char *have = malloc(size + 2);
    size_t got = have ? fread(have, 1, size + 1, f) : 0;
    fclose(f);
    ENSURE_EQ(got, size);
    ENSURE(have && got == size && !memcmp(have, text, size));
    free(have);
}

/* The loop through the wire: the reports written by src/net's encoder as a capture (JSONL, pcap
 * and pcapng; keyed checksums), read back by the capture adapter, replay at distance 0 at every
 * report; and in the datagram-times mode with resync, every report is compared. */
static void loop_closes_through_capture(void)
{
    acp_replay_msg msgs[NUM_INPUTS + 1];
    uint32_t n = source_capture(msgs);
    for (int format = 0; format < 3; format++) {
        size_t size = 0;
        char *bytes = replay_test_capture(msgs, n, 0x50000001u, format, &size);
        ENSURE(bytes != NULL);
        if (!bytes) return;
        if (format == 0) check_fixture(bytes, size);
        acp_replay_capture cap;
        acp_replay_read_info info;
        char msg[256];
        bool read = acp_replay_capture_read((const uint8_t *)bytes, size, &cap, &info, msg, sizeof msg);
        ENSURE(read);
        free(bytes);
        if (!read) continue;
        ENSURE_EQ(cap.player, 0x50000001u);
        ENSURE_EQ(cap.num_msgs, n + 1); /* the reports and the player's CreateObject */
        ENSURE_EQ(info.bad_checksums, 0);
        ENSURE_EQ(info.unknown_commands, 0);
        for (int mode = 0; mode < 2; mode++) {
            acp_replay_plan plan;
            acp_replay_outcome out;
            ENSURE(replay_capture(&cap, mode == 1, mode == 0 ? ACP_REPLAY_FRAMES_60HZ : ACP_REPLAY_FRAMES_DATAGRAMS, &plan, &out));
            ENSURE(plan.player_created);
            ENSURE_EQ(out.num_results, n);
            ENSURE_EQ(out.compared, n);
            for (uint32_t i = 0; i < out.num_results && mode == 0; i++) ENSURE_DBITS(out.results[i].distance, 0.0);
            acp_replay_outcome_free(&out);
            acp_replay_plan_free(&plan);
        }
        acp_replay_capture_free(&cap);
    }
}

/* The probe says what this build's decoder does: a scenario with one set_state event decodes
 * exactly when acp_replay_scenario_has_set_state says so, and the same scenario without the
 * event always decodes (the probe fails on the event alone). */
static bool decodes(const char *text)
{
    char err[256];
    acp_jsonv_doc *doc = acp_cjson_parse(text, strlen(text), err, sizeof err);
    if (!doc) return false;
    acp_scenario sc;
    acp_scenario_error e;
    bool ok = acp_scenario_decode(acp_jsonv_root(doc), &sc, &e);
    if (ok) acp_scenario_free(&sc);
    acp_jsonv_doc_destroy(doc);
    return ok;
}

static void set_state_probe(void)
{
    static const char *const WITH =
        "{\"version\":1,\"objects\":[{\"id\":1,\"position\":{\"cell\":\"0x01010001\",\"origin\":[1,1,1]}}],"
        "\"events\":[{\"t\":0,\"object\":1,\"set_state\":\"0x00400408\"}],\"frames\":{\"times\":[1]}}";
    static const char *const WITHOUT =
        "{\"version\":1,\"objects\":[{\"id\":1,\"position\":{\"cell\":\"0x01010001\",\"origin\":[1,1,1]}}],"
        "\"events\":[],\"frames\":{\"times\":[1]}}";
    ENSURE(decodes(WITHOUT));
    ENSURE_EQ(acp_replay_scenario_has_set_state(), decodes(WITH));
}

/* SetStates: events when the decoder has them (one before the player's creation at time 0),
 * else named and left out with their state and time. */
static void set_states(void)
{
    acp_replay_pos p = {0xD59A0023u, {118.6824f, 58.51815f, 330.9344f}, {1, 0, 0, 0}};
    acp_replay_msg msgs[] = {
        {.t = 9.0, .kind = ACP_REPLAY_SET_STATE, .guid = 0x50000001u, .has_state = true, .physics_state = 0x00404410u},
        {.t = 10.0, .kind = ACP_REPLAY_AUTONOMOUS_POSITION, .pos = p, .contact = true},
        {.t = 12.5, .kind = ACP_REPLAY_SET_STATE, .guid = 0x50000001u, .has_state = true, .physics_state = 0x00400408u},
        {.t = 13.0, .kind = ACP_REPLAY_AUTONOMOUS_POSITION, .pos = p, .contact = true},
    };
    acp_replay_capture cap = {.num_msgs = 4, .msgs = msgs, .player = 0x50000001u};
    for (int events = 0; events < 2; events++) {
        acp_replay_options opt = {.set_state_events = events};
        acp_replay_plan plan;
        char msg[256];
        ENSURE(acp_replay_build(&cap, &opt, &plan, msg, sizeof msg));
        const char *text = plan.scenario.data;
        if (events) {
            ENSURE_EQ(plan.num_skipped, 0);
            ENSURE(strstr(text, "{\"t\":0,\"object\":\"0x50000001\",\"set_state\":\"0x00404410\"}") != NULL);
            ENSURE(strstr(text, "{\"t\":2.5,\"object\":\"0x50000001\",\"set_state\":\"0x00400408\"}") != NULL);
        } else {
            ENSURE(strstr(text, "set_state") == NULL);
            ENSURE_EQ(plan.num_skipped, 2);
            if (plan.num_skipped == 2) {
                ENSURE_EQ(plan.skipped[0].why, ACP_REPLAY_SKIP_SET_STATE);
                ENSURE_EQ(plan.skipped[0].id, 0x00404410u);
                ENSURE_DBITS(plan.skipped[0].t, 0.0);
                ENSURE_EQ(plan.skipped[1].id, 0x00400408u);
                ENSURE_DBITS(plan.skipped[1].t, 2.5);
            }
        }
        acp_replay_plan_free(&plan);
    }
}

/* Positions a scenario does not take: the first report's is an error naming it; an object's or
 * an UpdatePosition's is left out and named. */
static void bad_positions(void)
{
    acp_replay_pos good = {0xD59A0023u, {118.6824f, 58.51815f, 330.9344f}, {1, 0, 0, 0}};
    acp_replay_pos zero_q = good, no_cell = good;
    zero_q.q[0] = 0.0f;
    no_cell.cell = 0x00000000u;
    acp_replay_msg first_bad = {.t = 2.0, .kind = ACP_REPLAY_MOVE_TO_STATE, .pos = zero_q};
    acp_replay_capture cap = {.num_msgs = 1, .msgs = &first_bad};
    acp_replay_options opt = {0};
    acp_replay_plan plan;
    char msg[256];
    ENSURE(!acp_replay_build(&cap, &opt, &plan, msg, sizeof msg));
    ENSURE(!strcmp(msg, "the first client report (MoveToState at 2.000000 s) has no position a scenario takes: "
                        "cell 0xD59A0023, quaternion (0, 0, 0, 0)"));
    acp_replay_msg msgs[] = {
        {.t = 1.0, .kind = ACP_REPLAY_AUTONOMOUS_POSITION, .pos = good, .contact = true},
        {.t = 1.0, .kind = ACP_REPLAY_CREATE_OBJECT, .guid = 0x80000001u, .has_position = true, .pos = no_cell, .setup = 0x02000001u},
        {.t = 1.0, .kind = ACP_REPLAY_CREATE_OBJECT, .guid = 0x80000002u, .has_position = true, .pos = good, .setup = 0x02000001u},
        {.t = 1.5, .kind = ACP_REPLAY_UPDATE_POSITION, .guid = 0x80000002u, .pos = zero_q, .contact = true},
        {.t = 1.6, .kind = ACP_REPLAY_UPDATE_POSITION, .guid = 0x80000002u, .pos = good, .contact = true},
    };
    cap = (acp_replay_capture){.num_msgs = 5, .msgs = msgs, .player = 0x50000001u};
    ENSURE(acp_replay_build(&cap, &opt, &plan, msg, sizeof msg));
    ENSURE_EQ(plan.num_objects, 2);
    ENSURE_EQ(plan.num_events, 1);
    ENSURE_EQ(plan.num_skipped, 2);
    if (plan.num_skipped == 2) {
        ENSURE_EQ(plan.skipped[0].guid, 0x80000001u);
        ENSURE_EQ(plan.skipped[0].why, ACP_REPLAY_SKIP_BAD_POSITION);
        ENSURE_EQ(plan.skipped[1].guid, 0x80000002u);
        ENSURE_EQ(plan.skipped[1].why, ACP_REPLAY_SKIP_BAD_POSITION);
        ENSURE_DBITS(plan.skipped[1].t, 0.5);
    }
    ENSURE(decodes(plan.scenario.data));
    acp_replay_plan_free(&plan);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size); /* tests/fuzz/fuzz_replay.c */

/* The fuzz target's property over seeded random inputs: every message run the builder takes
 * makes a scenario that parses and decodes (the target aborts otherwise), or a build error with
 * a message. */
static void builder_property(void)
{
    uint32_t x = 0x2545F491u;
    uint8_t buf[4096];
    for (int round = 0; round < 1500; round++) {
        x = acp_xorshift32(x);
        size_t n = x % sizeof buf;
        for (size_t i = 0; i < n; i++) {
            x = acp_xorshift32(x);
            buf[i] = (uint8_t)(x >> 11);
        }
        ENSURE_EQ(LLVMFuzzerTestOneInput(buf, n), 0);
    }
}

/* A player created hidden whose showing SetState is left out (a build without set_state events):
 * every report after that SetState is skipped, naming it, not compared with a player that
 * cannot move. */
static void hidden_player_skipped(void)
{
    acp_replay_msg msgs[NUM_INPUTS + 3];
    uint32_t n = source_capture(msgs);
    msgs[n++] = (acp_replay_msg){.t = 0.0, .kind = ACP_REPLAY_CREATE_OBJECT, .guid = 0x50000001u, .has_position = true,
                                 .pos = msgs[0].pos, .setup = 0x02000001u, .motion_table = 0x09000001u,
                                 .has_state = true, .physics_state = 0x00404410u};
    msgs[n++] = (acp_replay_msg){.t = 0.2, .kind = ACP_REPLAY_SET_STATE, .guid = 0x50000001u, .has_state = true,
                                 .physics_state = 0x00400408u};
    acp_replay_plan plan;
    acp_replay_outcome out;
    ENSURE(replay(msgs, n, 0x50000001u, false, &plan, &out));
    ENSURE_EQ(out.num_results, NUM_INPUTS + 1);
    ENSURE_EQ(out.compared, 2); /* at 0 and 0.008 s, before the SetState */
    ENSURE_EQ(out.num_segments, 1);
    if (out.num_segments == 1)
        ENSURE(!strcmp(out.segments[0].reason,
                       "acphys's player is hidden: the SetState 0x00400408 at 0.200 s that shows it was left out"));
    acp_replay_outcome_free(&out);
    acp_replay_plan_free(&plan);
}

/* A replayed object that enters no loaded cell is named by its guid, as the capture knows it,
 * not by its place in the scenario the replay made (docs/REPLAY.md: objects left out are named). */
static void no_cell_named_by_guid(void)
{
    acp_replay_msg msgs[2] = {
        {.t = 0.0, .kind = ACP_REPLAY_AUTONOMOUS_POSITION, .pos = {0x12340001u, {10.0f, 10.0f, 0.0f}, {1.0f, 0.0f, 0.0f, 0.0f}}},
        {.t = 0.5, .kind = ACP_REPLAY_AUTONOMOUS_POSITION, .pos = {0x12340001u, {10.0f, 10.0f, 0.0f}, {1.0f, 0.0f, 0.0f, 0.0f}}},
    };
    size_t size = 0;
    char *bytes = replay_test_capture(msgs, 2, 0x7A9B4024u, 0, &size);
    acp_replay_session *s = acp_replay_session_create(false, ACP_REPLAY_FRAMES_60HZ, false, 0.5);
    ENSURE(bytes && s);
    if (!bytes || !s) {
        free(bytes);
        acp_replay_session_destroy(s);
        return;
    }
    ENSURE(acp_replay_session_read_capture(s, "nocell.jsonl", (const uint8_t *)bytes, size));
    ENSURE(acp_replay_session_build(s));
    size_t len = 0;
    const char *text = acp_replay_session_scenario(s, &len);
    char err[256];
    acp_jsonv_doc *doc = acp_cjson_parse(text, len, err, sizeof err);
    ENSURE(doc != NULL);
    if (doc) acp_replay_session_run(s, acp_jsonv_root(doc));
    bool named = false, by_place = false;
    for (uint32_t i = 0; i < acp_replay_session_warning_count(s); i++) {
        const char *w = acp_replay_session_warning(s, i);
        named |= !strcmp(w, "object 0x7A9B4024: the object has no cell, so update_object skips it every frame: its "
                            "landblock 0x1234FFFF is not in the excerpts");
        by_place |= !strncmp(w, "objects[", 8);
    }
    ENSURE(named);
    ENSURE(!by_place);
    /* every report skipped (the player has no cell): no distance to speak of */
    const char *totals = acp_replay_session_totals(s);
    ENSURE(totals && strstr(totals, "2 reports: 0 compared, 2 skipped; cells agree 0/0; distance n/a (no report compared)\n"));
    acp_jsonv_doc_destroy(doc);
    acp_replay_session_destroy(s);
    free(bytes);
}

/* The warnings of a session over `bytes` in frames mode `frames`; 0 when it could not run. */
static uint32_t session_warnings(const char *bytes, size_t size, acp_replay_frames frames, acp_replay_session **out)
{
    acp_replay_session *s = acp_replay_session_create(false, frames, false, 0.5);
    *out = s;
    if (!s || !acp_replay_session_read_capture(s, "sparse.jsonl", (const uint8_t *)bytes, size) ||
        !acp_replay_session_build(s))
        return 0;
    return acp_replay_session_warning_count(s);
}

/* --frames datagrams on a capture whose datagrams come 0.4 s apart: warned, with what the mode
 * needs; at 60 Hz, and with datagrams 0.1 s apart (ACP_REPLAY_SPARSE_GAP, not above it), not. */
static void sparse_datagrams_warned(void)
{
    const float q[4] = {1.0f, 0.0f, 0.0f, 0.0f};
    for (int k = 0; k < 3; k++) {
        double step = k == 2 ? 0.1 : 0.4;
        acp_replay_msg msgs[4];
        for (int i = 0; i < 4; i++)
            msgs[i] = (acp_replay_msg){.t = i * step, .kind = ACP_REPLAY_AUTONOMOUS_POSITION,
                                       .pos = {0xD59A0023u, {100.0f, 80.0f, 330.0f}, {q[0], q[1], q[2], q[3]}}};
        size_t size = 0;
        char *bytes = replay_test_capture(msgs, 4, 0x50000001u, 0, &size);
        ENSURE(bytes != NULL);
        if (!bytes) return;
        acp_replay_session *s = NULL;
        uint32_t n = session_warnings(bytes, size, k == 1 ? ACP_REPLAY_FRAMES_60HZ : ACP_REPLAY_FRAMES_DATAGRAMS, &s);
        bool warned = false;
        for (uint32_t i = 0; i < n; i++) {
            const char *w = acp_replay_session_warning(s, i);
            warned |= strstr(w, "sparse.jsonl: --frames datagrams: 3 steps between datagrams are longer than 0.1 s "
                                "(the longest 0.400 s, ending at ") == w &&
                      strstr(w, "replay it at the default 60 Hz") != NULL;
        }
        ENSURE(s && acp_replay_session_error(s) == NULL);
        ENSURE_EQ(warned, k == 0);
        if (k != 0) ENSURE_EQ(n, 0);
        acp_replay_session_destroy(s);
        free(bytes);
    }
}

/* What the builder makes of each message where retail's client would do otherwise
 * (docs/DEVIATIONS.md R1, R3-R5; the player's UpdatePositions are retail's). */
static void replay_conventions(void)
{
    acp_replay_pos p = {0xD59A0023u, {118.6824f, 58.51815f, 330.9344f}, {1, 0, 0, 0}};
    acp_replay_pos q = p;
    q.origin[0] = 120.0f;
    acp_replay_msg msgs[] = {
        {.t = 1.0, .kind = ACP_REPLAY_CREATE_OBJECT, .guid = 0x50000001u, .has_position = true, .pos = p,
         .setup = 0x02000001u, .motion_table = 0x09000001u,
         .timestamps = {10, 0, 0, 0, 7, 0, 2, 0, 1}},
        {.t = 1.0, .kind = ACP_REPLAY_AUTONOMOUS_POSITION, .pos = p, .contact = true},
        {.t = 6.0, .kind = ACP_REPLAY_CREATE_OBJECT, .guid = 0x80000001u, .has_position = true, .pos = q, .setup = 0x02000001u},
        {.t = 6.5, .kind = ACP_REPLAY_VECTOR_UPDATE, .guid = 0x80000001u, .has_velocity = true, .velocity = {1, 2, 3}},
        {.t = 7.0, .kind = ACP_REPLAY_UPDATE_POSITION, .guid = 0x50000001u, .pos = q, .contact = true,
         .timestamps = {11, 0, 0, 0, 7, 0, 2, 0, 1}},
        {.t = 7.5, .kind = ACP_REPLAY_JUMP, .pos = p, .contact = true, .jump_extent = 0.5f, .has_velocity = true,
         .velocity = {0, 0, 4}},
        {.t = 8.0, .kind = ACP_REPLAY_AUTONOMOUS_POSITION, .pos = p, .contact = true},
        {.t = 8.5, .kind = ACP_REPLAY_AUTONOMOUS_POSITION, .pos = p, .contact = false},
        {.t = 9.0, .kind = ACP_REPLAY_UPDATE_POSITION, .guid = 0x50000001u, .pos = q, .contact = true,
         .timestamps = {12, 0, 0, 0, 8, 0, 2, 0, 1}, .has_placement = true, .placement = 0x65u},
        {.t = 10.0, .kind = ACP_REPLAY_AUTONOMOUS_POSITION, .pos = q, .contact = true},
    };
    acp_replay_capture cap = {.num_msgs = sizeof msgs / sizeof msgs[0], .msgs = msgs, .player = 0x50000001u};
    acp_replay_options opt = {.resync = true};
    acp_replay_plan plan;
    char msg[256];
    ENSURE(acp_replay_build(&cap, &opt, &plan, msg, sizeof msg));
    const char *text = plan.scenario.data;
    /* R1: created at 5 s (scenario time), it is an object from the start, where it was created */
    ENSURE(strstr(text, "{\"id\":\"0x80000001\",\"name\":\"object 0x80000001\",\"setup\":\"0x02000001\","
                        "\"position\":{\"cell\":\"0xD59A0023\",\"origin\":[120,") != NULL);
    ENSURE(strstr(text, "enter_at") == NULL);
    /* The player's UpdatePositions, as retail's (its starting stamps: R1): it starts with its
     * CreateObject's stamps; each of its UpdatePositions is a server_position with every stamp it
     * carries (placement 0 when the wire has none), which HandleReceivedPosition's player path
     * weighs: at 6 s position 11 (newer than 10), teleport 7 (its own): constrained there. */
    ENSURE(strstr(text, "\"timestamps\":{\"position\":10,\"movement\":0,\"state\":0,\"vector\":0,\"teleport\":7,"
                        "\"server_controlled_move\":0,\"force_position\":2,\"objdesc\":0,\"instance\":1}") != NULL);
    ENSURE(strstr(text, "{\"t\":6,\"object\":\"0x50000001\",\"server_position\":{\"cell\":\"0xD59A0023\",\"origin\":[120,"
                        "58.5181503,330.934387],\"orientation\":[1,0,0,0],\"contact\":true,\"placement\":0,"
                        "\"instance_timestamp\":1,\"position_timestamp\":11,\"teleport_timestamp\":7,"
                        "\"force_position_timestamp\":2}}") != NULL);
    /* R3: a VectorUpdate sets the velocity (its omega is not applied) */
    ENSURE(strstr(text, "{\"t\":5.5,\"object\":\"0x80000001\",\"set_velocity\":[1,2,3]}") != NULL);
    /* R4: a Jump is its extent; the velocity the client computed is not used */
    ENSURE(strstr(text, "{\"t\":6.5,\"object\":\"0x50000001\",\"jump\":{\"extent\":0.5}}") != NULL);
    /* R5: a resync (on the ground) is a teleport one past the player's newest position and
     * teleport stamps, each later stamp of the player shifted by the resyncs so far: at 6.5 s
     * (the Jump) 11 + 1, 7 + 1; at 7 s 11 + 2, 7 + 2; none in the air (7.5 s); the capture's
     * teleport at 8 s (position 12, teleport 8, placement 0x65) becomes 12 + 2, 8 + 2, newer than
     * the player's 13 and 9: TeleportPlayer; at 9 s 12 + 3, 8 + 3. */
    ENSURE(strstr(text, "{\"t\":6.5,\"object\":\"0x50000001\",\"note\":\"resync: the client's report\",\"server_position\":{"
                        "\"cell\":\"0xD59A0023\",\"origin\":[118.682404,58.5181503,330.934387],\"orientation\":[1,0,0,0],"
                        "\"contact\":true,\"position_timestamp\":12,\"teleport_timestamp\":8}}") != NULL);
    ENSURE(strstr(text, "{\"t\":7,\"object\":\"0x50000001\",\"note\":\"resync: the client's report\",\"server_position\":{"
                        "\"cell\":\"0xD59A0023\",\"origin\":[118.682404,58.5181503,330.934387],\"orientation\":[1,0,0,0],"
                        "\"contact\":true,\"position_timestamp\":13,\"teleport_timestamp\":9}}") != NULL);
    ENSURE(strstr(text, "{\"t\":8,\"object\":\"0x50000001\",\"note\":\"teleport (UpdatePosition)\",\"server_position\":{"
                        "\"cell\":\"0xD59A0023\",\"origin\":[120,58.5181503,330.934387],\"orientation\":[1,0,0,0],"
                        "\"contact\":true,\"placement\":101,\"instance_timestamp\":1,\"position_timestamp\":14,"
                        "\"teleport_timestamp\":10,\"force_position_timestamp\":2}}") != NULL);
    ENSURE(strstr(text, "{\"t\":9,\"object\":\"0x50000001\",\"note\":\"resync: the client's report\",\"server_position\":{"
                        "\"cell\":\"0xD59A0023\",\"origin\":[120,58.5181503,330.934387],\"orientation\":[1,0,0,0],"
                        "\"contact\":true,\"position_timestamp\":15,\"teleport_timestamp\":11}}") != NULL);
    ENSURE(strstr(text, "{\"t\":7.5,") == NULL);
    ENSURE(decodes(text));
    acp_replay_plan_free(&plan);
}

/* The writer's datagrams as a JSONL capture, read back and made into a replay plan (the writer
 * is freed); false (and a failed check) when any step fails. */
static bool plan_of_writer(acp_net_writer *w, acp_replay_capture *cap, acp_replay_plan *plan)
{
    size_t size = 0;
    char *bytes = w->status == ACP_NET_OK ? acp_capture_write_jsonl(w->datagrams, w->count, &size) : NULL;
    acp_net_writer_free(w);
    ENSURE(bytes != NULL);
    if (!bytes) return false;
    acp_replay_read_info info;
    char msg[256];
    bool read = acp_replay_capture_read((const uint8_t *)bytes, size, cap, &info, msg, sizeof msg);
    free(bytes);
    ENSURE(read);
    if (!read) return false;
    acp_replay_options opt = {0};
    bool built = acp_replay_build(cap, &opt, plan, msg, sizeof msg);
    ENSURE(built);
    if (!built) acp_replay_capture_free(cap);
    return built;
}

/* The server's stamps and styles through the wire (src/net's encoder → the capture adapter →
 * the builder): the player's CreateObject's nine stamps become its "timestamps"; its
 * UpdatePosition (instance 90, position 11, teleport 1, force position 2, placement 0x65) is a
 * server_position with each of them; an UpdateMotion turn-to-heading whose header style is 0x3C
 * (HandCombat, MotionCommand 0x8000003C) is a move_to with that style, and one whose header has
 * a style index the command table lacks (0x2000) carries none (the interpreter's kept); a move to
 * a position carries its packet's run rate (MovementManager::unpack_movement: my_run_rate). */
static void server_stamps_through_capture(void)
{
    const uint32_t player = 0x50000001u;
    const acp_net_position at = {0xD59A0023u, {118.6824f, 58.51815f, 330.9344f}, 1.0f, 0.0f, 0.0f, 0.0f};
    acp_net_writer w;
    acp_net_writer_init(&w, 1);
    acp_net_writer_connect(&w, 0.0, 0x1122334455667788ull, 0x11111111u, 0x22222222u);
    acp_game_msg g;
    memset(&g, 0, sizeof g);
    g.kind = ACP_MSG_PLAYER_CREATE;
    g.opcode = ACP_OP_PLAYER_CREATE;
    g.u.player_create.guid = player;
    acp_net_writer_message(&w, ACP_NET_S2C, 0.0, 5, &g);
    memset(&g, 0, sizeof g);
    g.kind = ACP_MSG_CREATE_OBJECT;
    g.opcode = ACP_OP_CREATE_OBJECT;
    acp_msg_create_object *c = &g.u.create_object;
    c->guid = player;
    c->flags = ACP_PD_SETUP | ACP_PD_MTABLE | ACP_PD_POSITION;
    c->state = 0x00400408u;
    c->setup = 0x02000001u;
    c->mtable = 0x09000001u;
    c->position = at;
    for (int i = 0; i < 9; i++) c->timestamps[i] = (uint16_t)(i == 8 ? 90 : 10 + i); /* 10..17, instance 90 */
    acp_net_writer_message(&w, ACP_NET_S2C, 0.0, 5, &g);
    memset(&g, 0, sizeof g);
    g.kind = ACP_MSG_AUTONOMOUS_POSITION;
    g.opcode = ACP_OP_GAME_ACTION;
    g.action = ACP_OP_AUTONOMOUS_POSITION;
    g.sequence = 1;
    g.u.autonomous_position.position = at;
    g.u.autonomous_position.contact = true;
    acp_net_writer_message(&w, ACP_NET_C2S, 1.0, 5, &g);
    memset(&g, 0, sizeof g);
    g.kind = ACP_MSG_UPDATE_POSITION;
    g.opcode = ACP_OP_UPDATE_POSITION;
    acp_msg_update_position *u = &g.u.update_position;
    u->guid = player;
    u->flags = ACP_UPOS_PLACEMENT | ACP_UPOS_GROUNDED;
    u->position = at;
    u->has_placement = u->grounded = true;
    u->placement = 0x65;
    u->instance_seq = 90, u->position_seq = 11, u->teleport_seq = 14, u->force_position_seq = 2;
    acp_net_writer_message(&w, ACP_NET_S2C, 2.0, 5, &g);
    for (int k = 0; k < 2; k++) {
        memset(&g, 0, sizeof g);
        g.kind = ACP_MSG_UPDATE_MOTION;
        g.opcode = ACP_OP_UPDATE_MOTION;
        acp_msg_update_motion *um = &g.u.update_motion;
        um->guid = player;
        um->instance_seq = 90, um->movement_seq = (uint16_t)(12 + k);
        um->movement.type = ACP_MOVE_TURN_TO_HEADING;
        um->movement.current_style = k == 0 ? 0x3C : 0x2000;
        um->movement.turnto.flags = 0x1EE0Fu;
        um->movement.turnto.speed = 1.0f;
        um->movement.turnto.desired_heading = 90.0f;
        acp_net_writer_message(&w, ACP_NET_S2C, 3.0 + k, 5, &g);
    }
    memset(&g, 0, sizeof g);
    g.kind = ACP_MSG_UPDATE_MOTION;
    g.opcode = ACP_OP_UPDATE_MOTION;
    acp_msg_update_motion *um = &g.u.update_motion;
    um->guid = player;
    um->instance_seq = 90, um->movement_seq = 14;
    um->movement.type = ACP_MOVE_TO_POSITION;
    um->movement.current_style = 0x3D;
    um->movement.origin = at;
    um->movement.moveto = (acp_moveto_params){0x1EE0Fu, 0.6f, 0.0f, 3.40282347e38f, 1.0f, 15.0f, 0.0f};
    um->movement.run_rate = 1.25f;
    acp_net_writer_message(&w, ACP_NET_S2C, 5.0, 5, &g);
    acp_replay_capture cap;
    acp_replay_plan plan;
    if (!plan_of_writer(&w, &cap, &plan)) return;
    const char *text = plan.scenario.data;
    ENSURE(strstr(text, "\"timestamps\":{\"position\":10,\"movement\":11,\"state\":12,\"vector\":13,\"teleport\":14,"
                        "\"server_controlled_move\":15,\"force_position\":16,\"objdesc\":17,\"instance\":90}") != NULL);
    ENSURE(strstr(text, "{\"t\":1,\"object\":\"0x50000001\",\"server_position\":{\"cell\":\"0xD59A0023\","
                        "\"origin\":[118.682404,58.5181503,330.934387],\"orientation\":[1,0,0,0],\"contact\":true,"
                        "\"placement\":101,\"instance_timestamp\":90,\"position_timestamp\":11,\"teleport_timestamp\":14,"
                        "\"force_position_timestamp\":2}}") != NULL);
    ENSURE(strstr(text, "{\"t\":2,\"object\":\"0x50000001\",\"move_to\":{\"type\":\"turn_to_heading\",\"style\":\"0x8000003C\","
                        "\"heading\":90,") != NULL);
    ENSURE(strstr(text, "{\"t\":3,\"object\":\"0x50000001\",\"move_to\":{\"type\":\"turn_to_heading\",\"heading\":90,") != NULL);
    /* a move to a position carries the packet's run rate (my_run_rate), its style NonCombat */
    ENSURE(strstr(text, "{\"t\":4,\"object\":\"0x50000001\",\"move_to\":{\"type\":\"move_to_position\",\"style\":\"0x8000003D\","
                        "\"run_rate\":1.25,\"position\":{\"cell\":\"0xD59A0023\",") != NULL);
    ENSURE(decodes(text));
    acp_replay_plan_free(&plan);
    acp_replay_capture_free(&cap);
}

/* A type-0 UpdateMotion of another object keeps its movement header: the header's style
 * (command_ids_0[0x3C] = 0x8000003C, played first by unpack_movement) as message_style, the
 * sticky object (flag 0x01, an object of the replay) and the standing long jump (flag 0x02,
 * retail's 0x200 of the header's first u16); a sticky id the replay does not hold is left out
 * (stick_to_object finds no object). The state left its style out. */
static void motion_header_through_capture(void)
{
    const uint32_t player = 0x50000001u, drudge = 0x80000101u;
    const acp_net_position at = {0xD59A0023u, {118.6824f, 58.51815f, 330.9344f}, 1.0f, 0.0f, 0.0f, 0.0f};
    acp_net_writer w;
    acp_net_writer_init(&w, 1);
    acp_net_writer_connect(&w, 0.0, 0x1122334455667788ull, 0x11111111u, 0x22222222u);
    acp_game_msg g;
    memset(&g, 0, sizeof g);
    g.kind = ACP_MSG_PLAYER_CREATE;
    g.opcode = ACP_OP_PLAYER_CREATE;
    g.u.player_create.guid = player;
    acp_net_writer_message(&w, ACP_NET_S2C, 0.0, 5, &g);
    for (int k = 0; k < 2; k++) {
        memset(&g, 0, sizeof g);
        g.kind = ACP_MSG_CREATE_OBJECT;
        g.opcode = ACP_OP_CREATE_OBJECT;
        acp_msg_create_object *c = &g.u.create_object;
        c->guid = k == 0 ? player : drudge;
        c->flags = ACP_PD_SETUP | ACP_PD_MTABLE | ACP_PD_POSITION;
        c->state = 0x00400408u;
        c->setup = 0x02000001u;
        c->mtable = 0x09000001u;
        c->position = at;
        c->position.origin.x += (float)(4 * k);
        acp_net_writer_message(&w, ACP_NET_S2C, 0.0, 5, &g);
    }
    memset(&g, 0, sizeof g);
    g.kind = ACP_MSG_AUTONOMOUS_POSITION;
    g.opcode = ACP_OP_GAME_ACTION;
    g.action = ACP_OP_AUTONOMOUS_POSITION;
    g.sequence = 1;
    g.u.autonomous_position.position = at;
    g.u.autonomous_position.contact = true;
    acp_net_writer_message(&w, ACP_NET_C2S, 1.0, 5, &g);
    for (int k = 0; k < 2; k++) {
        memset(&g, 0, sizeof g);
        g.kind = ACP_MSG_UPDATE_MOTION;
        g.opcode = ACP_OP_UPDATE_MOTION;
        acp_msg_update_motion *um = &g.u.update_motion;
        um->guid = drudge;
        um->movement_seq = (uint16_t)(1 + k);
        um->movement.type = ACP_MOVE_INTERPRETED;
        um->movement.flags = ACP_MOVE_FLAG_STICKY | ACP_MOVE_FLAG_STANDING_LONG_JUMP;
        um->movement.current_style = 0x3C;
        um->movement.has_sticky_object = true;
        um->movement.sticky_object = k == 0 ? player : 0x80000999u;
        acp_net_writer_message(&w, ACP_NET_S2C, 2.0 + k, 5, &g);
    }
    acp_replay_capture cap;
    acp_replay_plan plan;
    if (!plan_of_writer(&w, &cap, &plan)) return;
    const char *text = plan.scenario.data;
    ENSURE(strstr(text, "\"object\":\"0x80000101\",\"motion\":{\"sticky_object\":\"0x50000001\",\"standing_longjump\":true,"
                        "\"message_style\":\"0x8000003C\"}}") != NULL);
    ENSURE(strstr(text, "\"object\":\"0x80000101\",\"motion\":{\"standing_longjump\":true,"
                        "\"message_style\":\"0x8000003C\"}}") != NULL);
    ENSURE(decodes(text));
    acp_replay_plan_free(&plan);
    acp_replay_capture_free(&cap);
}

/* A capture longer than a scenario's million frames at 60 Hz is refused with the way out. */
static void too_long(void)
{
    acp_replay_pos p = {0xD59A0023u, {118.6824f, 58.51815f, 330.9344f}, {1, 0, 0, 0}};
    acp_replay_msg msgs[] = {
        {.t = 0.0, .kind = ACP_REPLAY_AUTONOMOUS_POSITION, .pos = p, .contact = true},
        {.t = 1000000.0 / 60.0 + 1.0, .kind = ACP_REPLAY_AUTONOMOUS_POSITION, .pos = p, .contact = true},
    };
    acp_replay_capture cap = {.num_msgs = 2, .msgs = msgs};
    acp_replay_options opt = {0};
    acp_replay_plan plan;
    char msg[512];
    ENSURE(!acp_replay_build(&cap, &opt, &plan, msg, sizeof msg));
    ENSURE(!strcmp(msg, "the capture makes more than a scenario holds (1000001 frames, 0 events, 1 objects; at most "
                        "1000000, 1000000 and 16384): replay a shorter capture, or with --frames datagrams"));
    opt.frames = ACP_REPLAY_FRAMES_DATAGRAMS;
    ENSURE(acp_replay_build(&cap, &opt, &plan, msg, sizeof msg));
    ENSURE_EQ(plan.num_frames, 1);
    acp_replay_plan_free(&plan);
}

void suite_replay(void)
{
    RUN(distance_and_heading);
    RUN(no_report);
    RUN(loop_closes);
    RUN(skipped_segments);
    RUN(loop_closes_through_capture);
    RUN(set_state_probe);
    RUN(set_states);
    RUN(bad_positions);
    RUN(builder_property);
    RUN(too_long);
    RUN(hidden_player_skipped);
    RUN(replay_conventions);
    RUN(server_stamps_through_capture);
    RUN(motion_header_through_capture);
    RUN(no_cell_named_by_guid);
    RUN(sparse_datagrams_warned);
}
