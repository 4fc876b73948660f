/* Per-quantum records (issue 35): acphys run --records quanta and --format dereth, the diff of a
 * frames trace against a quanta trace of one run, and dereth's gate rule (dereth-network/dereth
 * core/physics/src/trace.rs) as conform --format dereth applies it. */
#include "test.h"

#include <dirent.h>
#include <stdlib.h>

#include "cli/cjson_bridge.h"
#include "scenario/dereth.h"
#include "scenario/diff.h"
#include "scenario/jsonv.h"
#include "scenario/run.h"
#include "scenario/text.h"
#include "physics/geometry/mathx.h"
#include "physics/anim/movement_manager.h"
#include "physics/cell/landcell.h"
#include "physics/cell/terrain.h"
#include "scenario/scenario.h"

#define SUITE ACP_SOURCE_DIR "/conformance/v1/"

static char *slurp(const char *path, size_t *len)
{
    char err[256];
    size_t n = 0;
    char *text = acp_read_file(path, ACP_CLI_MAX_TEXT_FILE, &n, err, sizeof err);
    if (!text) ACP_FAIL_("cannot read %s: %s", path, err);
    if (len) *len = n;
    return text;
}

static acp_run *start_case(const char *scenario, const char *profile, acp_run_records records, uint32_t peers);

/* The run of a suite scenario (its excerpt files read relative to it) under `profile` with
 * `records`, every frame run with the trace kept; NULL on failure (reported). */
static acp_run *run_case(const char *scenario, const char *profile, acp_run_records records)
{
    acp_run *run = start_case(scenario, profile, records, 0);
    if (!run) return NULL;
    acp_run_all(run, true);
    if (acp_run_error(run)) {
        ACP_FAIL_("%s: %s", scenario, acp_run_error(run));
        acp_run_destroy(run);
        return NULL;
    }
    return run;
}

/* The run of a suite scenario started (no frame run yet) with comparison modes `peers`. */
static acp_run *start_case(const char *scenario, const char *profile, acp_run_records records, uint32_t peers)
{
    char path[512], err[256];
    snprintf(path, sizeof path, SUITE "%s", scenario);
    size_t n;
    char *text = slurp(path, &n);
    if (!text) return NULL;
    acp_jsonv_doc *doc = acp_cjson_parse(text, n, err, sizeof err);
    free(text);
    acp_clock_profile p = ACP_PROFILE_RETAIL;
    if (!doc || (profile && !acp_clock_profile_from_name(profile, &p))) {
        ACP_FAIL_("%s: %s", path, doc ? "unknown profile" : err);
        acp_jsonv_doc_destroy(doc);
        return NULL;
    }
    acp_run *run = acp_run_create(acp_jsonv_root(doc), profile ? (int)p : ACP_RUN_PROFILE_SCENARIO);
    acp_jsonv_doc_destroy(doc);
    ENSURE(acp_run_set_records(run, records));
    ENSURE(acp_run_set_peer_rules(run, peers));
    for (uint32_t i = 0; i < acp_run_excerpt_count(run); i++) {
        if (!acp_run_excerpt_needs_bytes(run, i)) continue;
        char dat[1024];
        const char *slash = strrchr(path, '/');
        snprintf(dat, sizeof dat, "%.*s/%s", (int)(slash - path), path, acp_run_excerpt_name(run, i));
        char *bytes = acp_read_file(dat, ACP_CLI_MAX_EXCERPT, &n, err, sizeof err);
        if (bytes) acp_run_set_excerpt(run, i, (const uint8_t *)bytes, n);
        free(bytes);
    }
    acp_run_start(run);
    if (acp_run_error(run)) {
        ACP_FAIL_("%s: %s", path, acp_run_error(run));
        acp_run_destroy(run);
        return NULL;
    }
    return run;
}

/* A trace text's lines parsed. */
typedef struct lines {
    acp_jsonv_doc *docs[4096];
    const acp_jsonv *v[4096];
    uint32_t n;
} lines;

static void parse_lines(lines *l, const char *text, size_t len)
{
    l->n = 0;
    for (size_t pos = 0; pos < len && l->n < 4096;) {
        const char *nl = memchr(text + pos, '\n', len - pos);
        size_t end = nl ? (size_t)(nl - text) : len;
        char err[128];
        if (end > pos) {
            l->docs[l->n] = acp_cjson_parse(text + pos, end - pos, err, sizeof err);
            if (!l->docs[l->n]) {
                ACP_FAIL_("a trace line does not parse: %s", err);
                return;
            }
            l->v[l->n] = acp_jsonv_root(l->docs[l->n]);
            l->n++;
        }
        pos = end + 1;
    }
}

static void free_lines(lines *l)
{
    for (uint32_t i = 0; i < l->n; i++) acp_jsonv_doc_destroy(l->docs[i]);
    l->n = 0;
}

static const char *str_of(const acp_jsonv *o, const char *key)
{
    const acp_jsonv *v = acp_jsonv_get(o, key);
    return v && v->type == ACP_JSONV_STRING ? v->string : NULL;
}

/* A golden file of the suite holds exactly `text`. */
static void same_as_golden(const char *rel, const char *text, size_t len)
{
    char path[512];
    snprintf(path, sizeof path, SUITE "%s", rel);
    size_t n;
    char *golden = slurp(path, &n);
    acp_test_checks++;
    if (golden && (n != len || memcmp(golden, text, n) != 0)) {
        ACP_FAIL_("%s differs from a fresh run (npm run golden)", rel);
    }
    free(golden);
}

/* ---- every golden case: one record per quantum the frame records count; the shapes agree ---- */

static void quanta_records_match_every_case(void)
{
    size_t n;
    char *text = slurp(SUITE "manifest.json", &n);
    char err[256];
    acp_jsonv_doc *doc = text ? acp_cjson_parse(text, n, err, sizeof err) : NULL;
    free(text);
    const acp_jsonv *cases = doc ? acp_jsonv_get(acp_jsonv_root(doc), "cases") : NULL;
    ENSURE(cases && cases->count > 30);
    static lines f, q;
    uint64_t env_total = 0; /* the cases have environment reports to compare */
    for (uint32_t i = 0; cases && i < cases->count; i++) {
        const char *scenario = str_of(&cases->items[i], "scenario"), *profile = str_of(&cases->items[i], "profile");
        acp_run *rf = run_case(scenario, profile, ACP_RUN_RECORDS_FRAMES);
        acp_run *rq = run_case(scenario, profile, ACP_RUN_RECORDS_QUANTA);
        if (!rf || !rq) {
            acp_run_destroy(rf);
            acp_run_destroy(rq);
            continue;
        }
        /* Frames records install no hook: recording costs nothing when off. */
        ENSURE(acp_run_world(rf)->quantum_hook == NULL);
        ENSURE(acp_run_world(rq)->quantum_hook != NULL);
        ENSURE_EQ(acp_run_digest(rf), acp_run_digest(rq)); /* the frames are the same */
        size_t lf, lq;
        const char *tf = acp_run_trace(rf, &lf), *tq = acp_run_trace(rq, &lq);
        parse_lines(&f, tf, lf);
        parse_lines(&q, tq, lq);
        uint64_t counted = 0, env_f = 0, env_q = 0;
        for (uint32_t k = 0; k + 1 < f.n; k++) {
            const acp_jsonv *objs = acp_jsonv_get(f.v[k], "objects");
            for (uint32_t o = 0; objs && o < objs->count; o++) {
                counted += acp_jsonv_get(&objs->items[o], "quanta")->count;
                const acp_jsonv *e = acp_jsonv_get(&objs->items[o], "env_collisions");
                if (e) env_f += (uint64_t)e->number;
            }
        }
        /* A record carries the environment reports its quantum added: a frame's records sum to
         * the frame's env_collisions (report_environment_collision counts per frame). */
        for (uint32_t k = 0; k + 1 < q.n; k++) {
            const acp_jsonv *objs = acp_jsonv_get(q.v[k], "objects");
            const acp_jsonv *e = objs && objs->count ? acp_jsonv_get(&objs->items[0], "env_collisions") : NULL;
            if (e) env_q += (uint64_t)e->number;
        }
        env_total += env_f;
        if (env_f != env_q) ACP_FAIL_("%s: %llu environment reports in the frames, %llu in the records", scenario,
                                      (unsigned long long)env_f, (unsigned long long)env_q);
        acp_test_checks++;
        ENSURE(q.n >= 1 && acp_trace_is_closing_line(q.v[q.n - 1]));
        if (counted != q.n - 1u) ACP_FAIL_("%s: %llu quanta in the frames, %u records", scenario,
                                           (unsigned long long)counted, q.n - 1u);
        /* The case's per-quantum goldens (npm run golden), byte for byte. */
        const char *qg = str_of(&cases->items[i], "quanta"), *dg = str_of(&cases->items[i], "dereth");
        if (qg) same_as_golden(qg, tq, lq);
        if (dg) {
            acp_run *rd = run_case(scenario, profile, ACP_RUN_RECORDS_DERETH);
            size_t ld = 0;
            const char *td = rd ? acp_run_trace(rd, &ld) : NULL;
            if (td) same_as_golden(dg, td, ld);
            acp_run_destroy(rd);
        }
        acp_trace_diff d;
        acp_trace_diff_init(&d);
        bool agree = acp_trace_diff_shapes(&d, f.v, f.n, q.v, q.n);
        if (!agree) ACP_FAIL_("%s: the shapes differ: %s", scenario, d.message);
        acp_test_checks++;
        free_lines(&f);
        free_lines(&q);
        acp_run_destroy(rf);
        acp_run_destroy(rq);
    }
    ENSURE(env_total > 0);
    acp_jsonv_doc_destroy(doc);
}

/* The default scenarios (data/scenarios, goldens in tests/golden) under their own profile: one
 * record per quantum their frames count, and the two shapes agree. */
static void quanta_records_match_every_default_scenario(void)
{
    static lines f, q;
    DIR *dir = opendir(ACP_SOURCE_DIR "/data/scenarios");
    ENSURE(dir != NULL);
    uint32_t ran = 0;
    for (struct dirent *e = dir ? readdir(dir) : NULL; e; e = readdir(dir)) {
        size_t len = strlen(e->d_name);
        if (len < 6 || strcmp(e->d_name + len - 5, ".json") != 0) continue;
        char rel[320];
        snprintf(rel, sizeof rel, "../../data/scenarios/%s", e->d_name);
        ran++;
        acp_run *rf = start_case(rel, NULL, ACP_RUN_RECORDS_FRAMES, 0);
        acp_run *rq = start_case(rel, NULL, ACP_RUN_RECORDS_QUANTA, 0);
        if (rf) acp_run_all(rf, true);
        if (rq) acp_run_all(rq, true);
        if (!rf || !rq || acp_run_error(rf) || acp_run_error(rq)) {
            ACP_FAIL_("%s did not run", rel);
            acp_run_destroy(rf);
            acp_run_destroy(rq);
            continue;
        }
        size_t lf, lq;
        const char *tf = acp_run_trace(rf, &lf), *tq = acp_run_trace(rq, &lq);
        parse_lines(&f, tf, lf);
        parse_lines(&q, tq, lq);
        uint64_t counted = 0;
        for (uint32_t k = 0; k + 1 < f.n; k++) {
            const acp_jsonv *objs = acp_jsonv_get(f.v[k], "objects");
            for (uint32_t o = 0; objs && o < objs->count; o++) counted += acp_jsonv_get(&objs->items[o], "quanta")->count;
        }
        if (counted != q.n - 1u) ACP_FAIL_("%s: %llu quanta in the frames, %u records", rel, (unsigned long long)counted, q.n - 1u);
        acp_trace_diff d;
        acp_trace_diff_init(&d);
        if (!acp_trace_diff_shapes(&d, f.v, f.n, q.v, q.n)) ACP_FAIL_("%s: the shapes differ: %s", rel, d.message);
        acp_test_checks += 2;
        free_lines(&f);
        free_lines(&q);
        acp_run_destroy(rf);
        acp_run_destroy(rq);
    }
    if (dir) closedir(dir);
    ENSURE(ran >= 10);
}

/* A quanta trace that lost a record, or whose last record of a frame moved, no longer agrees. */
static void shapes_catch_a_lost_or_moved_record(void)
{
    acp_run *rf = run_case("scenarios/quarrel-hits-drudge.json", "retail", ACP_RUN_RECORDS_FRAMES);
    acp_run *rq = run_case("scenarios/quarrel-hits-drudge.json", "retail", ACP_RUN_RECORDS_QUANTA);
    if (!rf || !rq) return;
    static lines f, q;
    size_t lf, lq;
    const char *tf = acp_run_trace(rf, &lf), *tq = acp_run_trace(rq, &lq);
    parse_lines(&f, tf, lf);
    parse_lines(&q, tq, lq);
    acp_trace_diff d;
    acp_trace_diff_init(&d);
    ENSURE(acp_trace_diff_shapes(&d, f.v, f.n, q.v, q.n));
    /* Without record 5 (the quanta of its frame run short). */
    const acp_jsonv *fewer[4096];
    for (uint32_t i = 0, k = 0; i < q.n; i++)
        if (i != 4) fewer[k++] = q.v[i];
    acp_trace_diff_init(&d);
    ENSURE(!acp_trace_diff_shapes(&d, f.v, f.n, fewer, q.n - 1u));
    ENSURE(d.different);
    /* The first record's origin x moved by one float32 ulp: its frame has one quantum, so the
     * record is the frame's last and must hold the frame's origin. */
    char *moved = malloc(lq + 64);
    const char *at = strstr(tq, "\"origin\":[");
    ENSURE(at != NULL);
    if (moved && at) {
        const acp_jsonv *o = &acp_jsonv_get(q.v[0], "objects")->items[0];
        float x = (float)acp_jsonv_get(o, "origin")->items[0].number;
        float y = nextafterf(x, INFINITY);
        size_t head = (size_t)(at - tq) + 10;
        const char *comma = strchr(tq + head, ',');
        int w = snprintf(moved, lq + 64, "%.*s%.9g%s", (int)head, tq, (double)y, comma);
        static lines m;
        parse_lines(&m, moved, (size_t)w);
        acp_trace_diff_init(&d);
        ENSURE(!acp_trace_diff_shapes(&d, f.v, f.n, m.v, m.n));
        ENSURE(strstr(d.summary, "origin") != NULL);
        ENSURE(strstr(d.summary, "1 ulp (float32)") != NULL);
        free_lines(&m);
    }
    free(moved);
    free_lines(&f);
    free_lines(&q);
    acp_run_destroy(rf);
    acp_run_destroy(rq);
}

/* The quarrel's hit on the drudge: the one record of the quantum whose sweep reached the drudge
 * says COLLIDED (FindObjCollisions of a missile against an object it hits), reports the
 * collision with object 2, and every other quantum's sweep stood (OK). */
static void a_hit_is_collided(void)
{
    acp_run *rq = run_case("scenarios/quarrel-hits-drudge.json", "retail", ACP_RUN_RECORDS_QUANTA);
    if (!rq) return;
    static lines q;
    size_t lq;
    const char *tq = acp_run_trace(rq, &lq);
    parse_lines(&q, tq, lq);
    uint32_t collided = 0, ok = 0;
    for (uint32_t i = 0; i + 1 < q.n; i++) {
        const acp_jsonv *o = &acp_jsonv_get(q.v[i], "objects")->items[0];
        const char *ts = str_of(o, "transition_state");
        if (ts && !strcmp(ts, "COLLIDED")) {
            collided++;
            const acp_jsonv *c = acp_jsonv_get(o, "collisions");
            ENSURE(c && c->count == 1 && c->items[0].number == 2.0);
        } else if (ts && !strcmp(ts, "OK")) {
            ok++;
        }
    }
    ENSURE_EQ(collided, 1);
    ENSURE_EQ(collided + ok, q.n - 1u);
    free_lines(&q);
    acp_run_destroy(rq);
}

/* ---- dereth's rule ---- */

static void dereth_tolerance_and_close(void)
{
    ENSURE(acp_dereth_tolerance(0) == 1e-5f);
    ENSURE(acp_dereth_tolerance(99) == 1e-5f);
    ENSURE(acp_dereth_tolerance(100) == 1e-4f);
    /* trace.rs's own test values: 20 vs 20.00002 agree at 1e-5, 20.02 does not. */
    ENSURE(acp_dereth_close(20.0f, 20.00002f, 1e-5f));
    ENSURE(!acp_dereth_close(20.0f, 20.02f, 1e-5f));
    /* The scale is at least 1: near zero the tolerance is absolute. */
    ENSURE(acp_dereth_close(0.0f, 9e-6f, 1e-5f));
    ENSURE(!acp_dereth_close(0.0f, 2e-5f, 1e-5f));
}

/* The dereth trace of the walk at 250 frames per second (166 sub-steps: more than 100). */
static acp_run *dereth_run(void)
{
    return run_case("dereth/same_walk_at_250fps.input.json", "retail", ACP_RUN_RECORDS_DERETH);
}

/* Record `index`'s origin x scaled by (1 + rel), the trace re-parsed into m. */
static void perturb_origin(lines *m, const lines *src, const char *text, size_t len, uint32_t index, double rel)
{
    (void)src;
    const char *line = text;
    for (uint32_t i = 0; i < index; i++) line = strchr(line, '\n') + 1;
    const char *at = strstr(line, "\"origin\":[") + 10;
    const char *comma = strchr(at, ',');
    float x = strtof(at, NULL);
    float y = (float)((double)x * (1.0 + rel));
    size_t cap = len + 64;
    char *out = malloc(cap);
    int w = snprintf(out, cap, "%.*s%.9g%s", (int)(at - text), text, (double)y, comma);
    parse_lines(m, out, (size_t)w);
    free(out);
}

/* A field of record `index` replaced: "key":<old> → "key":<value>. */
static void replace_field(lines *m, const char *text, size_t len, uint32_t index, const char *key, const char *value)
{
    const char *line = text;
    for (uint32_t i = 0; i < index; i++) line = strchr(line, '\n') + 1;
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\":", key);
    const char *at = strstr(line, pat) + strlen(pat);
    const char *end = at;
    if (*end == '"') end = strchr(end + 1, '"') + 1;
    else while (*end != ',' && *end != '}') end++;
    size_t cap = len + 64;
    char *out = malloc(cap);
    int w = snprintf(out, cap, "%.*s%s%s", (int)(at - text), text, value, end);
    parse_lines(m, out, (size_t)w);
    free(out);
}

static bool judge(const lines *a, const lines *b, bool exact, acp_trace_diff *d)
{
    acp_trace_diff_init(d);
    return acp_dereth_diff(d, a->v, a->n, b->v, b->n, exact);
}

static void dereth_rule_on_a_golden_run(void)
{
    acp_run *run = dereth_run();
    if (!run) return;
    size_t len;
    const char *text = acp_run_trace(run, &len);
    static lines g, m;
    parse_lines(&g, text, len);
    ENSURE(g.n > 150);
    acp_trace_diff d;
    ENSURE(judge(&g, &g, false, &d));
    ENSURE(judge(&g, &g, true, &d));
    /* 2e-5 relative at sub-step 50 (origin x is far above 1 m: the scale is |x|): fails the
     * 1e-5 of the first 100 sub-steps; at sub-step 150 it passes the 1e-4 after them. */
    perturb_origin(&m, &g, text, len, 50, 2e-5);
    ENSURE(!judge(&g, &m, false, &d));
    ENSURE(strstr(d.summary, "sub-step 50: origin") != NULL);
    free_lines(&m);
    perturb_origin(&m, &g, text, len, 150, 2e-5);
    ENSURE(judge(&g, &m, false, &d));
    ENSURE(!judge(&g, &m, true, &d)); /* the exact rule sees it */
    ENSURE(strstr(d.summary, "sub-step 150: origin") != NULL);
    free_lines(&m);
    /* 5e-6 relative in the first 100 passes the tolerance. */
    perturb_origin(&m, &g, text, len, 10, 5e-6);
    ENSURE(judge(&g, &m, false, &d));
    free_lines(&m);
    /* The cell, both state words and the transition state compare exactly, at any sub-step. */
    const acp_jsonv *r = g.v[120];
    char v[32];
    snprintf(v, sizeof v, "%.0f", acp_jsonv_get(r, "cell")->number + 1.0);
    replace_field(&m, text, len, 120, "cell", v);
    ENSURE(!judge(&g, &m, false, &d));
    ENSURE(strstr(d.summary, "sub-step 120: cell") != NULL);
    free_lines(&m);
    snprintf(v, sizeof v, "%.0f", (double)((uint32_t)acp_jsonv_get(r, "state")->number ^ 0x1u));
    replace_field(&m, text, len, 120, "state", v);
    ENSURE(!judge(&g, &m, false, &d));
    ENSURE(strstr(d.summary, "sub-step 120: state") != NULL);
    free_lines(&m);
    snprintf(v, sizeof v, "%.0f", (double)((uint32_t)acp_jsonv_get(r, "transient_state")->number ^ 0x100u));
    replace_field(&m, text, len, 120, "transient_state", v);
    ENSURE(!judge(&g, &m, false, &d));
    ENSURE(strstr(d.summary, "sub-step 120: transient_state") != NULL);
    free_lines(&m);
    replace_field(&m, text, len, 120, "transition_state", "\"SLID\"");
    ENSURE(!judge(&g, &m, false, &d));
    ENSURE(strstr(d.summary, "sub-step 120: transition_state") != NULL);
    free_lines(&m);
    /* dereth's discriminant (1 = Ok) reads as OK. */
    replace_field(&m, text, len, 120, "transition_state", "1");
    ENSURE(judge(&g, &m, true, &d));
    free_lines(&m);
    /* One record short: the length differs. */
    ENSURE(!acp_dereth_diff(&d, g.v, g.n, g.v, g.n - 1u, false));
    ENSURE(strstr(d.summary, "length") != NULL);
    free_lines(&g);
    acp_run_destroy(run);
}

/* A record missing a field is no record: an error naming the field, not a difference. */
static void dereth_record_errors(void)
{
    static const char line[] = "{\"t\":0.1,\"update_time\":0.1,\"cell\":\"0xA9B40001\",\"origin\":[1,2,3],"
                               "\"quat\":[1,0,0,0],\"velocity\":[0,0,0],\"cached_velocity\":[0,0,0],"
                               "\"contact_plane\":{\"normal\":[0,0,1],\"d\":-3},\"state\":1032,"
                               "\"transient_state\":129,\"transition_state\":\"Ok\"}";
    char err[200];
    acp_jsonv_doc *doc = acp_cjson_parse(line, sizeof line - 1, err, sizeof err);
    acp_dereth_record r;
    ENSURE(doc && acp_dereth_record_read(acp_jsonv_root(doc), &r, err, sizeof err));
    ENSURE_EQ(r.cell, 0xA9B40001u);
    ENSURE_EQ(r.transition_state, 1);
    ENSURE(r.contact && r.d == -3.0f);
    acp_jsonv_doc_destroy(doc);
    static const char bad[] = "{\"t\":0.1,\"update_time\":0.1,\"cell\":1,\"origin\":[1,2],\"quat\":[1,0,0,0]}";
    doc = acp_cjson_parse(bad, sizeof bad - 1, err, sizeof err);
    ENSURE(doc && !acp_dereth_record_read(acp_jsonv_root(doc), &r, err, sizeof err));
    ENSURE(strstr(err, "origin: not an array of 3 numbers") != NULL);
    acp_jsonv_doc_destroy(doc);
}

/* ---- peers' departures (comparison modes) ---- */

/* ace-max-quantum: a 4 fps frame's 0.25 s goes to UpdateObjectInternal as ACE's MaxQuantum
 * slices (float 0.1f, PhysicsGlobals.cs) — 0.1f, 0.1f and the remainder elapsed − 0.1f − 0.1f
 * (above MIN_QUANTUM 1/30) — where retail's ladder cuts one 0.2 slice and the remainder
 * elapsed − 0.2. The expected quanta are the ladder's arithmetic on each frame's elapsed. */
static void peer_ace_max_quantum(void)
{
    acp_run *retail = start_case("dereth/same_walk_at_4fps.input.json", "retail", ACP_RUN_RECORDS_FRAMES, 0);
    acp_run *ace = start_case("dereth/same_walk_at_4fps.input.json", "retail", ACP_RUN_RECORDS_FRAMES,
                              ACP_PEER_ACE_MAX_QUANTUM);
    if (!retail || !ace) return;
    ENSURE_EQ(acp_run_world(retail)->peer_rules, 0);
    uint32_t checked = 0;
    while (acp_run_step_next(retail) && acp_run_step_next(ace)) {
        const acp_trace_object *r = &acp_run_last_frame(retail)->objects[0], *a = &acp_run_last_frame(ace)->objects[0];
        if (!r->has_elapsed || !(r->elapsed > 0.2)) continue;
        ENSURE_EQ(r->num_quanta, 2);
        ENSURE_FBITS(r->quanta[0], 0.2);
        ENSURE_FBITS(r->quanta[1], r->elapsed - 0.2);
        ENSURE(a->has_elapsed && a->elapsed > 0.2);
        ENSURE_EQ(a->num_quanta, 3);
        ENSURE_FBITS(a->quanta[0], 0.1f);
        ENSURE_FBITS(a->quanta[1], 0.1f);
        ENSURE_FBITS(a->quanta[2], a->elapsed - (double)0.1f - (double)0.1f);
        checked++;
    }
    ENSURE(checked >= 20); /* every frame after the first: 0.25 s each */
    acp_run_destroy(retail);
    acp_run_destroy(ace);
}

/* ace-sled-friction: a sledder on flat ground (normal z 1) at 5 m/s (|v|² 25 ≥ 6.25). Retail
 * keeps its own friction 0.95 there (0.2 only below cos 10°), ACE takes 0.2 (z > 0.99999536):
 * the first quantum q scales v.x by pow(1 − friction, q) (the velocity's normal part is 0). */
static void peer_ace_sled_friction(void)
{
    acp_run *retail = start_case("scenarios/sled-on-flat-ground.json", "retail", ACP_RUN_RECORDS_FRAMES, 0);
    acp_run *ace = start_case("scenarios/sled-on-flat-ground.json", "retail", ACP_RUN_RECORDS_FRAMES,
                              ACP_PEER_ACE_SLED_FRICTION);
    if (!retail || !ace) return;
    while (acp_run_step_next(retail) && acp_run_step_next(ace)) {
        const acp_trace_object *r = &acp_run_last_frame(retail)->objects[0], *a = &acp_run_last_frame(ace)->objects[0];
        if (r->num_quanta == 0) continue;
        ENSURE_EQ(r->num_quanta, 1);
        ENSURE_FBITS(r->velocity[0], acp_pow(1.0 - (double)0.95f, r->quanta[0]) * 5.0f);
        ENSURE_FBITS(a->velocity[0], acp_pow(1.0 - (double)0.2f, a->quanta[0]) * 5.0f);
        ENSURE(a->velocity[0] > r->velocity[0]);
        break;
    }
    acp_run_destroy(retail);
    acp_run_destroy(ace);
}

/* ace-water-depth: the sledder of wade-on-the-midline slides north along x = 36 exactly, the
 * midline of cell 0xA9B5000F (flat ground at z 28), whose west corners (1, 6) and (1, 7) are land
 * and east corners (2, 6), (2, 7) water. Retail's corner on the midline is the west one (x ≤ mid):
 * depth 0.1; ACE's x % 24 >= 12 takes the east one: 0.45. OBJECTINFO::validate_walkable keeps the
 * low point of the foot sphere (origin z + 0.475 − 0.48) that depth below the terrain plane, so
 * in each run, at each frame in contact in that cell, n·low + d is −depth (to float rounding,
 * 1e-4), and x stays 36 exactly. The plane is the cell's terrain triangle under the point. */
static double plane_gap(acp_run *run, const acp_trace_object *o)
{
    const acp_terrain *t = acp_run_world(run)->terrain;
    const acp_landcell *c = acp_terrain_get_landcell(t, o->cell);
    const acp_polygon *poly = NULL;
    acp_vec3 low = {o->origin[0], o->origin[1], (float)((double)o->origin[2] + 0.475f - 0.48f)};
    if (!c || !acp_landcell_find_terrain_poly(c, low, &poly)) return NAN;
    return (double)poly->plane.n.x * low.x + (double)poly->plane.n.y * low.y + (double)poly->plane.n.z * low.z +
           poly->plane.d;
}

static void peer_ace_water_depth(void)
{
    acp_run *retail = start_case("scenarios/wade-on-the-midline.json", "retail", ACP_RUN_RECORDS_FRAMES, 0);
    acp_run *ace = start_case("scenarios/wade-on-the-midline.json", "retail", ACP_RUN_RECORDS_FRAMES,
                              ACP_PEER_ACE_WATER_DEPTH);
    if (!retail || !ace) return;
    uint32_t checked = 0;
    while (acp_run_step_next(retail) && acp_run_step_next(ace)) {
        const acp_trace_object *r = &acp_run_last_frame(retail)->objects[0], *a = &acp_run_last_frame(ace)->objects[0];
        ENSURE_FBITS(r->origin[0], 36.0f);
        ENSURE_FBITS(a->origin[0], 36.0f);
        bool wading = r->cell == 0xA9B5000Fu && a->cell == r->cell && (r->transient & 1u) && (a->transient & 1u);
        if (!wading) continue;
        ENSURE(fabs(plane_gap(retail, r) + 0.1) < 1e-4);
        ENSURE(fabs(plane_gap(ace, a) + 0.45) < 1e-4);
        checked++;
    }
    ENSURE(checked >= 50);
    acp_run_destroy(retail);
    acp_run_destroy(ace);
}

/* gdle-water-depth: the sledder of wade-on-the-cell-edge slides north along x = 48 exactly, the
 * edge between the columns of cells 0xA9B5000F (its cell, column 1) and 0xA9B50017; its sphere
 * overlaps both, and each cell asks for the depth with its own id. Retail: column 1's nearest
 * corner for x 48 > 36 is the east one (2, 6), water, and column 2's for x 48 <= 60 the west one,
 * the same vertex: 0.45. PhatSDK's fmod(48, 24) = 0 > 12 is false: column 1 reads its west
 * corner (1, 6), land: 0.1, and the shallower depth holds the sphere up. As for ace-water-depth,
 * n·low + d of the foot sphere's low point is −depth (1e-4), x stays 48 exactly. */
static void peer_gdle_water_depth(void)
{
    acp_run *retail = start_case("scenarios/wade-on-the-cell-edge.json", "retail", ACP_RUN_RECORDS_FRAMES, 0);
    acp_run *gdle = start_case("scenarios/wade-on-the-cell-edge.json", "retail", ACP_RUN_RECORDS_FRAMES,
                               ACP_PEER_GDLE_WATER_DEPTH);
    if (!retail || !gdle) return;
    uint32_t checked = 0;
    while (acp_run_step_next(retail) && acp_run_step_next(gdle)) {
        const acp_trace_object *r = &acp_run_last_frame(retail)->objects[0], *g = &acp_run_last_frame(gdle)->objects[0];
        ENSURE_FBITS(r->origin[0], 48.0f);
        ENSURE_FBITS(g->origin[0], 48.0f);
        if (r->cell != 0xA9B5000Fu || g->cell != r->cell || !(r->transient & 1u) || !(g->transient & 1u)) continue;
        ENSURE(fabs(plane_gap(retail, r) + 0.45) < 1e-4);
        ENSURE(fabs(plane_gap(gdle, g) + 0.1) < 1e-4);
        checked++;
    }
    ENSURE(checked >= 50);
    acp_run_destroy(retail);
    acp_run_destroy(gdle);
}

/* ace-moveto-defaults: moveto-walk-or-run's move_to_position 8 m east names no parameter.
 * Retail's defaults (bitfield 0x1EE0F, walk_run_threshhold 15): get_command gives WalkForward
 * and, can_charge clear and 8 − 0.6 ≤ 15, hold key None: the interpreted forward command is
 * WalkForward. ACE's (CanCharge set, threshold 1): hold key Run, which the interpreter makes
 * RunForward. The scenario's own can_charge false and threshold 15, named, stand under ACE's. */
static uint32_t interpreted_forward(acp_run *run)
{
    acp_physobj *o = acp_run_object(run, 0);
    return o && o->movement_manager ? acp_movement_manager_get_minterp(o->movement_manager)->interpreted_state.forward_command
                                    : 0;
}

static void peer_ace_moveto_defaults(void)
{
    acp_run *retail = start_case("scenarios/moveto-walk-or-run.json", "retail", ACP_RUN_RECORDS_FRAMES, 0);
    acp_run *ace = start_case("scenarios/moveto-walk-or-run.json", "retail", ACP_RUN_RECORDS_FRAMES,
                              ACP_PEER_ACE_MOVETO_DEFAULTS);
    if (!retail || !ace) return;
    uint32_t checked = 0;
    while (acp_run_step_next(retail) && acp_run_step_next(ace)) {
        const acp_trace_object *r = &acp_run_last_frame(retail)->objects[0], *a = &acp_run_last_frame(ace)->objects[0];
        if (!r->has_moveto || !a->has_moveto || !r->moveto_command) continue;
        ENSURE_EQ(interpreted_forward(retail), 0x45000005u); /* WalkForward */
        ENSURE_EQ(interpreted_forward(ace), 0x44000007u);    /* RunForward */
        checked++;
    }
    ENSURE(checked >= 10);
    acp_run_destroy(retail);
    acp_run_destroy(ace);
    /* Named fields stand: the ACE values apply only to what the scenario leaves out. */
    acp_scenario_move_to in;
    memset(&in, 0, sizeof in);
    in.params = acp_movement_params_default();
    acp_scenario_move_to out = acp_scenario_move_to_ace_defaults(&in);
    ENSURE_EQ(out.params.bitfield, 0x1EE1Fu);
    ENSURE_FBITS(out.params.walk_run_threshhold, 1.0f);
    in.named_bits = ACP_MP_CAN_CHARGE;
    in.names_walk_run_threshhold = true;
    out = acp_scenario_move_to_ace_defaults(&in);
    ENSURE_EQ(out.params.bitfield, 0x1EE0Fu);
    ENSURE_FBITS(out.params.walk_run_threshhold, 15.0f);
}

/* walk_through_portal_into_dungeon: the walker's cell is the EnvCell whose cell BSP holds its
 * origin once a portal has put that cell in its list (CObjCell::find_cell_list), so it changes
 * from land cell 0x3E3E001C to the interior 0x3E3E0100 in the first frame whose origin is past
 * the doorway's plane (y 84 − 2.7 = 81.3; the house stands at (84, 84) unturned), and to the
 * dungeon 0x3E3E0101 in the first past the passage's (y 84 + 2.7 = 86.7); in that order, no other
 * cell. walk_off_narrow_ledge: the ledge's north edge is at y 100.5 (the room at y 100, the
 * ledge 1 m wide): the walker goes past it (edge_slide keeps the sphere's centre beyond the edge)
 * but never by the foot sphere's radius 0.48 (which would leave the ledge), and stays on the
 * ledge top: z 3.005 (3 + the foot sphere's 0.48 − its centre's 0.475) in every frame. */
static void dereth_standin_portal_and_ledge(void)
{
    acp_run *run = start_case("dereth/walk_through_portal_into_dungeon.input.json", NULL, ACP_RUN_RECORDS_FRAMES, 0);
    if (!run) return;
    const uint32_t cells[3] = {0x3E3E001Cu, 0x3E3E0100u, 0x3E3E0101u};
    const float planes[2] = {81.3f, 86.7f};
    uint32_t k = 0;
    float prev_y = 0.0f;
    while (acp_run_step_next(run)) {
        const acp_trace_object *o = &acp_run_last_frame(run)->objects[0];
        if (k < 2 && o->cell == cells[k + 1]) {
            ENSURE(prev_y <= planes[k] && o->origin[1] > planes[k]);
            k++;
        }
        ENSURE_EQ(o->cell, cells[k]);
        prev_y = o->origin[1];
    }
    ENSURE_EQ(k, 2);
    acp_run_destroy(run);
    run = start_case("dereth/walk_off_narrow_ledge.input.json", NULL, ACP_RUN_RECORDS_FRAMES, 0);
    if (!run) return;
    float max_y = 0.0f;
    while (acp_run_step_next(run)) {
        const acp_trace_object *o = &acp_run_last_frame(run)->objects[0];
        ENSURE_EQ(o->cell, 0x3C3C0105u);
        ENSURE_FBITS(o->origin[2], (float)(3.0 + (double)0.48f - (double)0.475f));
        if (o->origin[1] > max_y) max_y = o->origin[1];
    }
    ENSURE(max_y > 100.5f && max_y < 100.5f + 0.48f);
    acp_run_destroy(run);
}

void suite_records(void)
{
    RUN(quanta_records_match_every_case);
    RUN(quanta_records_match_every_default_scenario);
    RUN(shapes_catch_a_lost_or_moved_record);
    RUN(a_hit_is_collided);
    RUN(dereth_tolerance_and_close);
    RUN(dereth_rule_on_a_golden_run);
    RUN(dereth_record_errors);
    RUN(peer_ace_max_quantum);
    RUN(peer_ace_sled_friction);
    RUN(peer_ace_water_depth);
    RUN(peer_ace_moveto_defaults);
    RUN(peer_gdle_water_depth);
    RUN(dereth_standin_portal_and_ledge);
}
