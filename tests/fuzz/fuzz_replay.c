/* libFuzzer target: the replay's scenario builder (src/replay/replay.h) over arbitrary decoded
 * messages. The bytes are read as a run of messages (each a kind, a time, an object, a position,
 * motion fields, a move-to, a state; values drawn from the ranges the network decoder lets
 * through: finite floats, any u32), the scenario built with and without resync and set_state
 * events, and the scenario text must then parse and pass the scenario decoder: every capture
 * the decoder reads makes a scenario `acphys run` takes, or a build error with a message. Any
 * crash, leak or undefined behaviour (ASan + UBSan) is a finding; so is a scenario the decoder
 * refuses (abort, with the decoder's message on stderr).
 *   node scripts/build.mjs fuzz && build/fuzz/fuzz_replay -max_total_time=60
 * The C suite `replay` (tests/c/test_replay.c, builder_property) runs it over seeded random
 * inputs in every ctest run. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cjson_bridge.h"
#include "replay/replay.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_MSGS 48u

typedef struct reader {
    const uint8_t *p;
    size_t n;
} reader;

static uint32_t take(reader *r, unsigned bytes)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < bytes; i++) {
        v |= (uint32_t)(r->n ? *r->p : 0) << (8 * i);
        if (r->n) r->p++, r->n--;
    }
    return v;
}

/* A finite float: mostly small values, sometimes large or odd ones. */
static float take_float(reader *r)
{
    uint32_t v = take(r, 4);
    if ((v & 3u) != 0) return (float)(int16_t)(v >> 16) / 64.0f;
    float f;
    memcpy(&f, &v, 4);
    return (f == f && f - f == 0.0f) ? f : 1.0f;
}

static uint32_t take_guid(reader *r)
{
    static const uint32_t GUIDS[] = {0x50000001u, 0x80000001u, 0x80000002u, 0x80000003u};
    uint32_t v = take(r, 1);
    return v < 240 ? GUIDS[v & 3u] : take(r, 4);
}

static void take_pos(reader *r, acp_replay_pos *p)
{
    static const uint32_t CELLS[] = {0xD59A0023u, 0xA9B4002Au, 0xA9B40141u, 0x01010001u, 0xD59B0001u};
    uint32_t c = take(r, 1);
    p->cell = c < 240 ? CELLS[c % 5u] : take(r, 4);
    for (int i = 0; i < 3; i++) p->origin[i] = take_float(r);
    if (take(r, 1) < 200) {
        p->q[0] = 1.0f, p->q[1] = p->q[2] = 0.0f, p->q[3] = 0.0f;
    } else {
        for (int i = 0; i < 4; i++) p->q[i] = take_float(r);
    }
}

static uint32_t take_command(reader *r)
{
    static const uint32_t CMDS[] = {0x41000003u, 0x45000005u, 0x45000006u, 0x44000007u, 0x6500000Du, 0x6500000Eu,
                                    0x6500000Fu, 0x65000010u, 0x8000003Du, 0};
    uint32_t v = take(r, 1);
    return v < 240 ? CMDS[v % 10u] : take(r, 4);
}

static void take_motion(reader *r, acp_scenario_motion *m)
{
    memset(m, 0, sizeof *m);
    m->present = take(r, 1);
    m->style = take_command(r);
    m->forward_command = take_command(r);
    m->forward_speed = take_float(r);
    m->sidestep_command = take_command(r);
    m->sidestep_speed = take_float(r);
    m->turn_command = take_command(r);
    m->turn_speed = take_float(r);
    m->hold_run = take(r, 1) & 1u;
}

static void take_move_to(reader *r, acp_scenario_move_to *mt)
{
    memset(mt, 0, sizeof *mt);
    mt->type = 6 + take(r, 1) % 4u;
    mt->target = take_guid(r);
    mt->has_style = take(r, 1) & 1u;
    mt->style = mt->has_style ? 0x80000000u | (0x3Cu + take(r, 1) % 14u) : 0u;
    acp_replay_pos p;
    take_pos(r, &p);
    mt->position.objcell_id = p.cell;
    mt->position.frame.origin = (acp_vec3){p.origin[0], p.origin[1], p.origin[2]};
    mt->position.frame.qw = p.q[0], mt->position.frame.qx = p.q[1];
    mt->position.frame.qy = p.q[2], mt->position.frame.qz = p.q[3];
    acp_movement_params *mp = &mt->params;
    mp->bitfield = take(r, 4);
    mp->distance_to_object = take_float(r);
    mp->min_distance = take_float(r);
    mp->fail_distance = take_float(r);
    mp->speed = take_float(r);
    mp->walk_run_threshhold = take_float(r);
    mp->desired_heading = take_float(r);
    mp->hold_key_to_apply = take(r, 1) % 4u;
}

static void take_msg(reader *r, double *t, acp_replay_msg *m)
{
    memset(m, 0, sizeof *m);
    m->kind = (acp_replay_kind)(take(r, 1) % 9u);
    *t += (double)take(r, 2) / 1000.0;
    m->t = *t;
    m->guid = take_guid(r);
    m->has_position = take(r, 1) < 230;
    take_pos(r, &m->pos);
    m->contact = take(r, 1) & 1u;
    take_motion(r, &m->motion);
    m->jump_extent = take_float(r);
    m->has_velocity = take(r, 1) & 1u;
    for (int i = 0; i < 3; i++) m->velocity[i] = take_float(r);
    m->movement_type = take(r, 1) < 128 ? 0 : 6 + take(r, 1) % 4u;
    if (m->movement_type) take_move_to(r, &m->move_to);
    for (int i = 0; i < 9; i++) m->timestamps[i] = (uint16_t)(take(r, 1) < 128 ? take(r, 1) % 4u : take(r, 2));
    m->has_placement = take(r, 1) & 1u;
    m->placement = m->has_placement ? take(r, 4) : 0u;
    m->setup = take(r, 1) < 200 ? 0x02000001u : take(r, 4);
    m->motion_table = take(r, 1) < 200 ? 0x09000001u : take(r, 4);
    m->has_state = true;
    m->physics_state = take(r, 4);
    m->has_scale = take(r, 1) & 1u, m->scale = take_float(r);
    m->has_friction = take(r, 1) & 1u, m->friction = take_float(r);
    m->has_elasticity = take(r, 1) & 1u, m->elasticity = take_float(r);
    m->parent = take(r, 1) < 230 ? 0 : take(r, 4);
}

static bool every_record(void *ctx, uint32_t id)
{
    (void)ctx;
    return (id >> 24) == 0x02 || (id >> 24) == 0x09;
}

static void check(const acp_replay_capture *cap, bool resync, bool set_state_events, acp_replay_frames frames)
{
    static const char *const DEFAULT[] = {"default"};
    acp_replay_options opt = {.frames = frames, .resync = resync, .set_state_events = set_state_events,
                              .num_excerpts = 1, .excerpts = DEFAULT, .has_record = every_record};
    acp_replay_plan plan;
    char msg[512];
    if (!acp_replay_build(cap, &opt, &plan, msg, sizeof msg)) {
        if (!msg[0]) abort();
        return;
    }
    char err[512];
    acp_jsonv_doc *doc = acp_cjson_parse(plan.scenario.data, plan.scenario.len, err, sizeof err);
    if (!doc) {
        fprintf(stderr, "replay made JSON that does not parse: %s\n%s\n", err, plan.scenario.data);
        abort();
    }
    acp_scenario sc;
    acp_scenario_error e;
    if (!acp_scenario_decode(acp_jsonv_root(doc), &sc, &e)) {
        /* set_state events only where the decoder has them */
        if (!(set_state_events && !acp_replay_scenario_has_set_state())) {
            fprintf(stderr, "replay made a scenario the decoder refuses: %s\n%s\n", e.message, plan.scenario.data);
            abort();
        }
    } else {
        acp_scenario_free(&sc);
    }
    acp_jsonv_doc_destroy(doc);
    acp_replay_plan_free(&plan);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    reader r = {data, size};
    acp_replay_msg msgs[MAX_MSGS];
    uint32_t n = 0;
    double t = 0.0;
    uint32_t flags = take(&r, 1);
    while (r.n && n < MAX_MSGS) take_msg(&r, &t, &msgs[n++]);
    acp_replay_capture cap = {.num_msgs = n, .msgs = msgs, .player = (flags & 1u) ? 0x50000001u : 0,
                              .run_rate = (flags & 2u) ? 2.5f : 0.0f};
    check(&cap, (flags & 4u) != 0, (flags & 8u) != 0, (flags & 16u) ? ACP_REPLAY_FRAMES_DATAGRAMS : ACP_REPLAY_FRAMES_60HZ);
    return 0;
}
