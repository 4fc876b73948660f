/* Scenarios and traces (issue 5): exact number formatting against the C library, the binary JSON
 * tree and its decoder, cJSON → tree, the scenario validator over the bad-scenario corpus
 * (tests/scenarios/bad/manifest.json), the frame generator, the digest's byte order, trace
 * lines, the golden traces (tests/golden) and the trace differ. */
#include "test.h"

#include <dirent.h>
#include <float.h>
#include <stdlib.h>

#include "cli/cjson_bridge.h"
#include "scenario/diff.h"
#include "scenario/jsonv.h"
#include "scenario/run.h"
#include "physics/object/physobj_position.h"
#include "physics/position/position_manager.h"
#include "scenario/scenario.h"
#include "scenario/text.h"
#include "scenario/trace.h"

#define SRC(path) ACP_SOURCE_DIR "/" path

/* ---- helpers ---- */

static char *slurp(const char *path, size_t *len)
{
    char err[256];
    size_t n = 0;
    char *text = acp_read_file(path, ACP_CLI_MAX_TEXT_FILE, &n, err, sizeof err);
    if (!text) ACP_FAIL_("cannot read %s: %s", path, err);
    if (len) *len = n;
    return text;
}

static acp_jsonv_doc *parse_file(const char *path)
{
    size_t n;
    char *text = slurp(path, &n);
    if (!text) return NULL;
    char err[256];
    acp_jsonv_doc *doc = acp_cjson_parse(text, n, err, sizeof err);
    free(text);
    return doc;
}

/* A run of a scenario file with no excerpt bytes given, started; NULL when the file is unreadable. */
static acp_run *run_file(const char *path, int profile)
{
    acp_jsonv_doc *doc = parse_file(path);
    if (!doc) return NULL;
    acp_run *run = acp_run_create(acp_jsonv_root(doc), profile);
    acp_jsonv_doc_destroy(doc);
    if (run && !acp_run_error(run)) acp_run_start(run);
    return run;
}

static const char *fmt_g(char *buf, size_t n, double v, int p)
{
    acp_text t;
    acp_text_fixed(&t, buf, n);
    acp_text_put_g(&t, v, p);
    return buf;
}

/* ---- text: formatting is the C library's %.*g / %.*f, character for character ---- */

static void format_matches_libc(void)
{
    uint64_t state = 0x9E3779B97F4A7C15ull;
    char mine[1200], libc[1200];
    int bad = 0;
    for (uint32_t i = 0; i < 100000u && bad < 10; i++) {
        double v = acp_text_format_sample(&state, i);
        for (size_t k = 0; k < 8; k++) {
            acp_text t;
            acp_text_fixed(&t, mine, sizeof mine);
            int d = ACP_TEXT_FORMATS[k].digits;
            if (ACP_TEXT_FORMATS[k].kind == 'g') {
                acp_text_put_g(&t, v, d);
                snprintf(libc, sizeof libc, "%.*g", d, v);
            } else {
                acp_text_put_f(&t, v, d);
                snprintf(libc, sizeof libc, "%.*f", d, v);
            }
            acp_test_checks++;
            if (strcmp(mine, libc) != 0) {
                ACP_FAIL_("%%.%d%c of bits 0x%016llx: %s vs libc %s", d, ACP_TEXT_FORMATS[k].kind,
                          (unsigned long long)acp_test_dbits(v), mine, libc);
                bad++;
            }
        }
    }
}

static void format_edge_cases(void)
{
    static const double V[] = {0.0, -0.0, 1.0, -1.0, 0.5, 1.5, 2.5, 0.125, 0.000122070312500, 1e21, 1e-7, 0.1,
                               2.0039682, 118.6824, 5e-324, 2.2250738585072014e-308, DBL_MAX, -DBL_MAX,
                               1234567890123456.25, 9.5, 99.5, 999999.5, 0.0001, 0.00001, 123456789.0,
                               0.05, 1.0 / 3.0, 1e16, 1e17, 4294967295.0};
    static const int P[] = {1, 2, 6, 9, 15, 16, 17, 20};
    char mine[1200], libc[1200];
    for (size_t i = 0; i < sizeof V / sizeof V[0]; i++) {
        for (size_t k = 0; k < sizeof P / sizeof P[0]; k++) {
            fmt_g(mine, sizeof mine, V[i], P[k]);
            snprintf(libc, sizeof libc, "%.*g", P[k], V[i]);
            acp_test_checks++;
            if (strcmp(mine, libc)) ACP_FAIL_("%%.%dg of %.17g: %s vs %s", P[k], V[i], mine, libc);
            acp_text t;
            acp_text_fixed(&t, mine, sizeof mine);
            acp_text_put_f(&t, V[i], P[k]);
            snprintf(libc, sizeof libc, "%.*f", P[k], V[i]);
            acp_test_checks++;
            if (strcmp(mine, libc)) ACP_FAIL_("%%.%df of %.17g: %s vs %s", P[k], V[i], mine, libc);
        }
    }
    /* Floats as the trace prints them: %.9g of the float round-trips. */
    float fs[] = {118.6824f, -31.741f, 2.0039682f, 1e-7f, 3.4028235e38f, 1.17549435e-38f, 1.4e-45f};
    for (size_t i = 0; i < sizeof fs / sizeof fs[0]; i++) {
        fmt_g(mine, sizeof mine, fs[i], 9);
        ENSURE_FBITS(strtof(mine, NULL), fs[i]);
    }
    ENSURE(strcmp(fmt_g(mine, sizeof mine, 0.000122070312500, 9), "0.000122070312") == 0); /* a tie: to even */
}

static void text_buffers(void)
{
    char small[8];
    acp_text t;
    acp_text_fixed(&t, small, sizeof small);
    acp_text_put(&t, "abcdefghijk");
    ENSURE_EQ(t.len, 7);
    ENSURE(strcmp(small, "abcdefg") == 0);
    acp_text g;
    acp_text_init(&g);
    for (int i = 0; i < 1000; i++) acp_text_put_u64(&g, (uint64_t)i);
    ENSURE(!g.oom);
    ENSURE(strncmp(g.data, "0123456789101112", 16) == 0);
    acp_text_clear(&g);
    acp_text_put_hex32(&g, 0xD59A0023u);
    acp_text_put_char(&g, ' ');
    acp_text_put_hex64(&g, 0xcbf29ce484222325ull);
    acp_text_put_char(&g, ' ');
    acp_text_put_json_string(&g, "a\"b\\\n", 5);
    acp_text_put_char(&g, ' ');
    acp_text_put_i64(&g, INT64_MIN);
    ENSURE(strcmp(g.data, "0xD59A0023 cbf29ce484222325 \"a\\\"b\\\\\\u000a\" -9223372036854775808") == 0);
    acp_text_free(&g);
}

void suite_text(void)
{
    RUN(format_matches_libc);
    RUN(format_edge_cases);
    RUN(text_buffers);
}

/* ---- jsonv: the binary tree encoding and cJSON's tree ---- */

typedef struct bin {
    uint8_t b[4096];
    size_t n;
} bin;

static void b_u8(bin *x, uint8_t v) { x->b[x->n++] = v; }
static void b_u32(bin *x, uint32_t v)
{
    for (int i = 0; i < 4; i++) b_u8(x, (uint8_t)(v >> (8 * i)));
}
static void b_f64(bin *x, double v)
{
    uint64_t u = acp_test_dbits(v);
    for (int i = 0; i < 8; i++) b_u8(x, (uint8_t)(u >> (8 * i)));
}
static void b_str(bin *x, const char *s)
{
    b_u32(x, (uint32_t)strlen(s));
    memcpy(x->b + x->n, s, strlen(s));
    x->n += strlen(s);
}

/* {"a":[1.5,"x",true,null],"b":{"c":-0},"a":false} : "a" repeated */
static bin sample_doc(void)
{
    bin x = {{0}, 0};
    b_u32(&x, ACP_JSONV_MAGIC);
    b_u8(&x, 6);
    b_u32(&x, 3);
    b_str(&x, "a");
    b_u8(&x, 5);
    b_u32(&x, 4);
    b_u8(&x, 3);
    b_f64(&x, 1.5);
    b_u8(&x, 4);
    b_str(&x, "x");
    b_u8(&x, 2);
    b_u8(&x, 0);
    b_str(&x, "b");
    b_u8(&x, 6);
    b_u32(&x, 1);
    b_str(&x, "c");
    b_u8(&x, 3);
    b_f64(&x, -0.0);
    b_str(&x, "a");
    b_u8(&x, 1);
    return x;
}

static void binary_decode(void)
{
    bin x = sample_doc();
    char err[256];
    acp_jsonv_doc *doc = acp_jsonv_decode(x.b, x.n, err, sizeof err);
    ENSURE(doc != NULL);
    if (!doc) return;
    const acp_jsonv *root = acp_jsonv_root(doc);
    ENSURE_EQ(root->type, ACP_JSONV_OBJECT);
    ENSURE_EQ(root->count, 2); /* "a" merged: first position, last value */
    ENSURE(strcmp(root->members[0].key, "a") == 0);
    ENSURE_EQ(root->members[0].value.type, ACP_JSONV_BOOL);
    ENSURE(!root->members[0].value.boolean);
    const acp_jsonv *c = acp_jsonv_get(acp_jsonv_get(root, "b"), "c");
    ENSURE(c && c->type == ACP_JSONV_NUMBER);
    if (c) ENSURE_DBITS(c->number, -0.0);
    acp_jsonv_doc_destroy(doc);
}

static void binary_rejects(void)
{
    bin x = sample_doc();
    char err[256];
    /* Every proper prefix is truncated; none crashes. */
    for (size_t n = 0; n < x.n; n++) {
        acp_jsonv_doc *doc = acp_jsonv_decode(x.b, n, err, sizeof err);
        ENSURE(doc == NULL);
        acp_jsonv_doc_destroy(doc);
    }
    uint8_t trailing[4100];
    memcpy(trailing, x.b, x.n);
    trailing[x.n] = 0;
    ENSURE(acp_jsonv_decode(trailing, x.n + 1, err, sizeof err) == NULL);
    ENSURE(strstr(err, "bytes are left") != NULL);
    bin bad = {{0}, 0};
    b_u32(&bad, 0x12345678u);
    b_u8(&bad, 0);
    ENSURE(acp_jsonv_decode(bad.b, bad.n, err, sizeof err) == NULL);
    ENSURE(strstr(err, "bad magic") != NULL);
    bad.n = 0;
    b_u32(&bad, ACP_JSONV_MAGIC);
    b_u8(&bad, 9);
    ENSURE(acp_jsonv_decode(bad.b, bad.n, err, sizeof err) == NULL);
    ENSURE(strstr(err, "unknown value tag") != NULL);
    bad.n = 0;
    b_u32(&bad, ACP_JSONV_MAGIC);
    b_u8(&bad, 5);
    b_u32(&bad, 0xFFFFFFFFu); /* four billion items in a few bytes */
    ENSURE(acp_jsonv_decode(bad.b, bad.n, err, sizeof err) == NULL);
    ENSURE(strstr(err, "count is larger") != NULL);
    bad.n = 0;
    b_u32(&bad, ACP_JSONV_MAGIC);
    b_u8(&bad, 6);
    b_u32(&bad, 1);
    b_u32(&bad, 0xFFFFFF00u); /* a key longer than the data */
    ENSURE(acp_jsonv_decode(bad.b, bad.n, err, sizeof err) == NULL);
    /* Nesting: 64 levels decode, 65 do not. */
    for (int depth = 64; depth <= 65; depth++) {
        bad.n = 0;
        b_u32(&bad, ACP_JSONV_MAGIC);
        for (int i = 0; i < depth; i++) {
            b_u8(&bad, 5);
            b_u32(&bad, i + 1 < depth ? 1u : 0u);
        }
        acp_jsonv_doc *doc = acp_jsonv_decode(bad.b, bad.n, err, sizeof err);
        ENSURE((doc != NULL) == (depth == 64));
        acp_jsonv_doc_destroy(doc);
    }
    ENSURE(strstr(err, "nesting deeper than 64 levels") != NULL);
}

static void binary_mutations(void)
{
    /* Random byte flips of a valid document: decode or fail, never crash (ASan watches). */
    bin x = sample_doc();
    uint32_t r = 12345u;
    char err[128];
    for (int i = 0; i < 20000; i++) {
        bin y = x;
        for (int k = 0; k < 3; k++) {
            r = acp_xorshift32(r);
            y.b[r % y.n] ^= (uint8_t)(r >> 24);
        }
        acp_jsonv_doc *doc = acp_jsonv_decode(y.b, y.n, err, sizeof err);
        acp_jsonv_doc_destroy(doc);
    }
    ENSURE(1);
}

static void cjson_tree(void)
{
    /* A repeated member name is refused where it stands (both hosts' strict check), not merged. */
    const char *twice = "{\"k\":1,\n \"k\":{\"x\":null}}";
    char err[160];
    ENSURE(acp_cjson_parse(twice, strlen(twice), err, sizeof err) == NULL);
    ENSURE(strcmp(err, "not valid JSON: line 2, column 2: a member name that this object already has "
                       "(JSON.parse would keep the last one silently)") == 0);
    const char *text = "{\"n\":[2.0039682,1e-7,0.1,1e999,-0,12345678901234567890,-1.5e-300],"
                       "\"s\":\"\\u00e9t\\u00e9\",\"k\":{\"x\":null},\"t\":true}";
    acp_jsonv_doc *doc = acp_cjson_parse(text, strlen(text), err, sizeof err);
    ENSURE(doc != NULL);
    if (!doc) return;
    const acp_jsonv *root = acp_jsonv_root(doc);
    ENSURE_EQ(root->count, 4);
    ENSURE(strcmp(root->members[2].key, "k") == 0);
    ENSURE_EQ(root->members[2].value.type, ACP_JSONV_OBJECT);
    const acp_jsonv *n = acp_jsonv_get(root, "n");
    ENSURE(n && n->count == 7);
    if (n && n->count == 7) {
        ENSURE_DBITS(n->items[0].number, 2.0039682);
        ENSURE_DBITS(n->items[1].number, 1e-7);
        ENSURE_DBITS(n->items[2].number, 0.1);
        ENSURE(isinf(n->items[3].number));
        ENSURE_DBITS(n->items[4].number, -0.0);
        ENSURE_DBITS(n->items[5].number, 12345678901234567890.0);
        ENSURE_DBITS(n->items[6].number, -1.5e-300);
    }
    const acp_jsonv *s = acp_jsonv_get(root, "s");
    ENSURE(s && s->count == 5 && strcmp(s->string, "\xc3\xa9t\xc3\xa9") == 0);
    acp_jsonv_doc_destroy(doc);
    ENSURE(acp_cjson_parse("{\"a\":1} x", 9, err, sizeof err) == NULL);
    ENSURE(strcmp(err, "not valid JSON: line 1, column 9: text after the JSON value") == 0);
    ENSURE(acp_cjson_parse("{\"a\":01}", 8, err, sizeof err) == NULL); /* cJSON alone takes it */
    ENSURE(strcmp(err, "not valid JSON: line 1, column 7: a number may not have leading zeros") == 0);
    ENSURE(acp_cjson_parse("{\"s\":\"\\u0000\"}", 14, err, sizeof err) == NULL);
    ENSURE(strstr(err, "a \\u0000 escape") != NULL);
    ENSURE(acp_cjson_parse("{\"a\":NaN}", 9, err, sizeof err) == NULL);
    ENSURE(acp_cjson_parse("{\"a\":1}\0{", 9, err, sizeof err) == NULL);
    char deep[200];
    memset(deep, '[', 65);
    memset(deep + 65, ']', 65);
    ENSURE(acp_cjson_parse(deep, 130, err, sizeof err) == NULL);
    ENSURE(strcmp(err, "not valid JSON: line 1, column 65: nesting deeper than 64 levels") == 0);
    memset(deep, '[', 64); /* 64 levels are fine */
    memset(deep + 64, ']', 64);
    acp_jsonv_doc *ok64 = acp_cjson_parse(deep, 128, err, sizeof err);
    ENSURE(ok64 != NULL);
    acp_jsonv_doc_destroy(ok64);
}

void suite_jsonv(void)
{
    RUN(binary_decode);
    RUN(binary_rejects);
    RUN(binary_mutations);
    RUN(cjson_tree);
}

/* ---- scenario: the decoder, the generator and the bad corpus ---- */

static void default_scenarios_decode(void)
{
    acp_jsonv_doc *doc = parse_file(SRC("data/scenarios/quarrel-over-holtburg.json"));
    ENSURE(doc != NULL);
    if (!doc) return;
    acp_scenario s;
    acp_scenario_error err;
    bool ok = acp_scenario_decode(acp_jsonv_root(doc), &s, &err);
    acp_jsonv_doc_destroy(doc);
    ENSURE(ok);
    if (!ok) {
        fprintf(stderr, "%s\n", err.message);
        return;
    }
    ENSURE_EQ(s.num_objects, 1);
    const acp_scenario_object *o = &s.objects[0];
    ENSURE_EQ(o->setup, 0x0200012A);
    ENSURE_EQ(o->physics_state, 0x00020748);
    ENSURE_EQ(o->position.objcell_id, 0xA9B40019u);
    ENSURE_FBITS(o->position.frame.origin.x, 78.53821f);
    ENSURE_FBITS(o->position.frame.qw, -0.623728f);
    ENSURE_FBITS(o->position.frame.qz, -0.781642f);
    ENSURE_FBITS(o->velocity.y, 37.134f);
    ENSURE_FBITS(o->scale, 1.1f);
    ENSURE_FBITS(o->friction, 1.0f);
    ENSURE_FBITS(o->elasticity, 0.0f);
    ENSURE_EQ(o->placement, ACP_PLACEMENT_SET_POSITION);
    ENSURE_EQ(s.frames.count, 60);
    ENSURE_EQ(s.num_excerpts, 1);
    ENSURE(strcmp(s.excerpts[0], "default") == 0);
    acp_scenario_free(&s);

    doc = parse_file(SRC("data/scenarios/running-turning-player.json"));
    ok = doc && acp_scenario_decode(acp_jsonv_root(doc), &s, &err);
    acp_jsonv_doc_destroy(doc);
    ENSURE(ok);
    if (!ok) return;
    ENSURE(s.has_player && s.player == 1);
    ENSURE_EQ(s.num_events, 1);
    const acp_scenario_motion *m = &s.events[0].motion;
    ENSURE_EQ(s.events[0].kind, ACP_EVENT_MOTION);
    ENSURE_EQ(m->present, ACP_MOTION_STYLE | ACP_MOTION_FORWARD_COMMAND | ACP_MOTION_FORWARD_SPEED |
                              ACP_MOTION_TURN_COMMAND | ACP_MOTION_TURN_SPEED);
    ENSURE_EQ(m->forward_command, 0x44000007u);
    ENSURE_FBITS(m->forward_speed, 2.0039682f);
    ENSURE_EQ(m->turn_command, 0x6500000Du);
    ENSURE_FBITS(m->turn_speed, 1.5f);
    ENSURE_FBITS(m->sidestep_speed, 1.0f); /* absent: retail's default */
    acp_scenario_free(&s);
}

static void defaults_and_order(void)
{
    const char *text = "{\"version\":1,\"objects\":[{\"id\":\"0x10\",\"position\":{\"cell\":\"0xa9b40019\",\"origin\":[1,2,3]}},"
                       "{\"id\":3,\"position\":{\"cell\":1337,\"origin\":[0,0,0]}}],"
                       "\"events\":[{\"t\":2,\"object\":3,\"set_velocity\":[0,0,2]},{\"t\":1,\"object\":16,\"jump\":{\"extent\":1}},"
                       "{\"t\":1,\"object\":3,\"set_velocity\":[0,0,1]}],\"frames\":{\"times\":[0.5,-1,0.25]}}";
    char err[128];
    acp_jsonv_doc *doc = acp_cjson_parse(text, strlen(text), err, sizeof err);
    acp_scenario s;
    acp_scenario_error e;
    bool ok = doc && acp_scenario_decode(acp_jsonv_root(doc), &s, &e);
    acp_jsonv_doc_destroy(doc);
    ENSURE(ok);
    if (!ok) {
        fprintf(stderr, "%s\n", e.message);
        return;
    }
    ENSURE_EQ(s.profile, ACP_PROFILE_RETAIL);
    ENSURE(s.num_excerpts == 1 && strcmp(s.excerpts[0], "default") == 0);
    ENSURE_EQ(s.objects[0].id, 16);
    ENSURE_EQ(s.objects[0].position.objcell_id, 0xA9B40019u);
    ENSURE_EQ(s.objects[0].physics_state, 0x00400C08u); /* retail's constructor */
    ENSURE_FBITS(s.objects[0].friction, 0.95f);
    ENSURE_FBITS(s.objects[0].elasticity, 0.05f);
    ENSURE_FBITS(s.objects[0].scale, 1.0f);
    ENSURE_FBITS(s.objects[0].run_rate, 1.0f);
    ENSURE_FBITS(s.objects[0].position.frame.qw, 1.0f);
    ENSURE_EQ(s.objects[1].position.objcell_id, 1337);
    /* Events by t, then file order. */
    ENSURE_EQ(s.events[0].index, 1);
    ENSURE_EQ(s.events[1].index, 2);
    ENSURE_EQ(s.events[2].index, 0);
    ENSURE_EQ(s.events[0].object_index, 0);
    ENSURE_DBITS(s.frames.times[1], -1.0);
    acp_scenario_free(&s);
}

static void frame_generator(void)
{
    ENSURE_EQ(acp_xorshift32(1), 270369);
    double t[4];
    acp_frames_generate(60.0, 4, 0.0, false, 0, 0.0, t);
    for (int k = 1; k <= 4; k++) ENSURE_DBITS(t[k - 1], 0.0 + (double)k / 60.0);
    acp_frames_generate(60.0, 4, 2.5, true, 1, 0.5, t);
    uint32_t x = 1;
    for (int k = 1; k <= 4; k++) {
        x = acp_xorshift32(x);
        double u = (double)x / 4294967296.0;
        double expect = 2.5 + (double)k / 60.0;
        expect = expect + (2.0 * u - 1.0) * 0.5 / 1000.0;
        ENSURE_DBITS(t[k - 1], expect);
    }
    /* Frame 1 of seed 1: x = 270369, u = 6.295e-5, jitter ≈ −0.49994 ms. */
    ENSURE_NEAR(t[0] - (2.5 + 1.0 / 60.0), -0.00049993705, 1e-12);
}

/* A scenario of `n` objects (ids 1..n, no Setup) and one frame, as JSON text (caller frees). */
static char *many_objects_json(uint32_t n)
{
    const char *head = "{\"version\":1,\"frames\":{\"times\":[0.05]},\"objects\":[";
    const char *obj = "{\"id\":%u,\"position\":{\"cell\":\"0xA9B40019\",\"origin\":[1,2,3]}}";
    size_t cap = strlen(head) + (size_t)n * 80u + 8u, len = 0;
    char *text = malloc(cap);
    if (!text) return NULL;
    len += (size_t)snprintf(text + len, cap - len, "%s", head);
    for (uint32_t i = 1; i <= n; i++) {
        if (i > 1) text[len++] = ',';
        len += (size_t)snprintf(text + len, cap - len, obj, (unsigned)i);
    }
    snprintf(text + len, cap - len, "]}");
    return text;
}

/* ACP_SCENARIO_MAX_OBJECTS (16,384: the page's 10,000-object runs fit) objects decode and run;
 * one more is refused with the limit in the message. */
static void object_limit(void)
{
    ENSURE_EQ(ACP_SCENARIO_MAX_OBJECTS, 16384u);
    for (uint32_t n = ACP_SCENARIO_MAX_OBJECTS; n <= ACP_SCENARIO_MAX_OBJECTS + 1u; n++) {
        char *text = many_objects_json(n);
        ENSURE(text != NULL);
        if (!text) return;
        char err[256];
        acp_jsonv_doc *doc = acp_cjson_parse(text, strlen(text), err, sizeof err);
        free(text);
        ENSURE(doc != NULL);
        if (!doc) return;
        acp_run *run = acp_run_create(acp_jsonv_root(doc), ACP_RUN_PROFILE_SCENARIO);
        acp_jsonv_doc_destroy(doc);
        ENSURE(run != NULL);
        if (!run) return;
        if (n == ACP_SCENARIO_MAX_OBJECTS) {
            ENSURE(acp_run_error(run) == NULL);
            if (!acp_run_error(run)) ENSURE(acp_run_start(run) && acp_run_step(run, 0.05));
            ENSURE(acp_run_error(run) == NULL);
            if (acp_run_error(run)) fprintf(stderr, "%s\n", acp_run_error(run));
        } else {
            const char *e = acp_run_error(run);
            ENSURE(e != NULL && strcmp(e, "objects: more than 16384 objects") == 0);
        }
        acp_run_destroy(run);
    }
}

/* Every case of tests/scenarios/bad/manifest.json gives its message. */
static void bad_corpus(void)
{
    acp_jsonv_doc *manifest = parse_file(SRC("tests/scenarios/bad/manifest.json"));
    ENSURE(manifest != NULL);
    if (!manifest) return;
    const acp_jsonv *cases = acp_jsonv_get(acp_jsonv_root(manifest), "cases");
    ENSURE(cases && cases->count >= 20);
    for (uint32_t i = 0; cases && i < cases->count; i++) {
        const acp_jsonv *c = &cases->items[i];
        const char *file = acp_jsonv_get(c, "file")->string;
        const char *stage = acp_jsonv_get(c, "stage")->string;
        const char *expect = acp_jsonv_get(c, "message")->string;
        char path[512];
        snprintf(path, sizeof path, "%s/tests/scenarios/bad/%s", ACP_SOURCE_DIR, file);
        size_t n;
        char *text = slurp(path, &n);
        if (!text) continue;
        char err[256];
        acp_jsonv_doc *doc = acp_cjson_parse(text, n, err, sizeof err);
        free(text);
        const char *got = err;
        acp_run *run = NULL;
        bool decoded = false;
        if (doc) {
            run = acp_run_create(acp_jsonv_root(doc), ACP_RUN_PROFILE_SCENARIO);
            acp_jsonv_doc_destroy(doc);
            decoded = !acp_run_error(run);
            if (decoded) acp_run_start(run);
            got = acp_run_error(run) ? acp_run_error(run) : "(no error)";
        }
        const char *got_stage = !doc ? "json" : !decoded ? "decode" : "start";
        acp_test_checks++;
        if (strcmp(got, expect) != 0 || strcmp(got_stage, stage) != 0)
            ACP_FAIL_("%s: got [%s] %s\n   expected [%s] %s", file, got_stage, got, stage, expect);
        acp_run_destroy(run);
    }
    acp_jsonv_doc_destroy(manifest);
}

/* The default player (Setup 0x02000001, MotionTable 0x09000001) at `origin` in cell 0xD59A0023,
 * with one event `event` (JSON members after "t" and "object"; "" for none), started. */
static acp_run *player_run(const char *origin, const char *event)
{
    char text[1024];
    snprintf(text, sizeof text,
             "{\"version\":1,\"excerpts\":[\"default\"],\"objects\":[{\"id\":1,\"setup\":\"0x02000001\","
             "\"motion_table\":\"0x09000001\",\"position\":{\"cell\":\"0xD59A0023\",\"origin\":%s}}],"
             "\"events\":[%s%s%s],\"frames\":{\"times\":[0.05]}}",
             origin, *event ? "{\"t\":0,\"object\":1," : "", event, *event ? "}" : "");
    char err[128];
    acp_jsonv_doc *doc = acp_cjson_parse(text, strlen(text), err, sizeof err);
    if (!doc) ACP_FAIL_("bad test scenario: %s", err);
    acp_run *run = doc ? acp_run_create(acp_jsonv_root(doc), ACP_RUN_PROFILE_SCENARIO) : NULL;
    acp_jsonv_doc_destroy(doc);
    if (run && !acp_run_error(run)) acp_run_start(run);
    if (run && acp_run_error(run)) ACP_FAIL_("%s: %s", event, acp_run_error(run));
    return run;
}

/* Exactly the warnings `want` (NULL-terminated) for the player at `origin` with `event`. */
static void expect_warnings(const char *origin, const char *event, const char *const *want)
{
    acp_run *run = player_run(origin, event);
    if (!run) return;
    uint32_t n = 0;
    while (want[n]) n++;
    acp_test_checks++;
    if (acp_run_warning_count(run) != n)
        ACP_FAIL_("%s %s: %u warnings, expected %u (first: %s)", origin, event, (unsigned)acp_run_warning_count(run),
                  (unsigned)n, acp_run_warning_count(run) ? acp_run_warning(run, 0) : "none");
    for (uint32_t i = 0; i < n && i < acp_run_warning_count(run); i++) {
        acp_test_checks++;
        if (strcmp(acp_run_warning(run, i), want[i]) != 0)
            ACP_FAIL_("%s %s:\n   got      %s\n   expected %s", origin, event, acp_run_warning(run, i), want[i]);
    }
    acp_run_destroy(run);
}

/* Issue 17: a command the motion table does not have, a speed beyond ±100, an origin outside its
 * landblock are warned about, naming the field; the commands and speeds retail uses are not. */
static void motion_and_origin_warnings(void)
{
    static const char *const none[] = {NULL};
    const char *here = "[118.6824,58.51815,330.9344]";
    /* Known to MotionTable 0x09000001: Ready, WalkForward, RunForward, TurnRight, SideStepRight;
     * raw WalkBackwards, TurnLeft, SideStepLeft stand for WalkForward, TurnRight, SideStepRight
     * (adjust_motion); a turn or side step of 0 is none. Speeds of ±100 are the limit, inside. */
    expect_warnings(here, "\"motion\":{\"forward_command\":\"0x44000007\",\"forward_speed\":100,"
                          "\"turn_command\":\"0x6500000D\",\"turn_speed\":-100}", none);
    expect_warnings(here, "\"motion\":{\"forward_command\":\"0x41000003\",\"sidestep_command\":\"0x6500000F\","
                          "\"sidestep_speed\":3,\"turn_command\":0}", none);
    expect_warnings(here, "\"motion\":{\"forward_command\":\"0x45000005\",\"sidestep_command\":0}", none);
    expect_warnings(here, "\"raw_motion\":{\"forward_command\":\"0x45000006\",\"turn_command\":\"0x6500000E\","
                          "\"sidestep_command\":\"0x65000010\",\"hold_run\":true}", none);
    expect_warnings(here, "\"jump\":{\"extent\":0.5}", none);

    static const char *const unknown_forward[] = {
        "events[0].motion.forward_command: 0x12345678 is not a command of MotionTable 0x09000001 (no cycle, modifier "
        "or link for it in any of the table's styles), so it plays nothing", NULL};
    expect_warnings(here, "\"motion\":{\"forward_command\":\"0x12345678\"}", unknown_forward);
    static const char *const unknown_raw_turn[] = {
        "events[0].raw_motion.turn_command: 0x65001234 is not a command of MotionTable 0x09000001 (no cycle, modifier "
        "or link for it in any of the table's styles), so it plays nothing", NULL};
    expect_warnings(here, "\"raw_motion\":{\"turn_command\":\"0x65001234\"}", unknown_raw_turn);
    /* A style is no forward command: 0x8000003D (NonCombat) has no cycle of its own. */
    static const char *const style_as_forward[] = {
        "events[0].motion.forward_command: 0x8000003D is not a command of MotionTable 0x09000001 (no cycle, modifier "
        "or link for it in any of the table's styles), so it plays nothing", NULL};
    expect_warnings(here, "\"motion\":{\"forward_command\":\"0x8000003D\"}", style_as_forward);
    /* An interpreted TurnLeft has the raw-command warning only. */
    acp_run *run = player_run(here, "\"motion\":{\"turn_command\":\"0x6500000E\"}");
    ENSURE(run && acp_run_warning_count(run) == 1 && strstr(acp_run_warning(run, 0), "is a raw command") != NULL);
    acp_run_destroy(run);

    static const char *const huge_speed[] = {
        "events[0].motion.forward_speed: 3e+38 is not a sensible speed (beyond 100): it multiplies the animation's "
        "pace, and retail's are a few at most (a run rate below 4, turns 1.5, side steps within 3)", NULL};
    expect_warnings(here, "\"motion\":{\"forward_command\":\"0x44000007\",\"forward_speed\":3e38}", huge_speed);
    /* Just beyond the limit (100.00001 is float 100.000008), negative, and on a raw turn. */
    static const char *const just_beyond[] = {
        "events[0].raw_motion.turn_speed: -100.00001 is not a sensible speed (beyond 100): it multiplies the animation's "
        "pace, and retail's are a few at most (a run rate below 4, turns 1.5, side steps within 3)", NULL};
    expect_warnings(here, "\"raw_motion\":{\"turn_command\":\"0x6500000D\",\"turn_speed\":-100.00001}", just_beyond);

    static const char *const off_map[] = {
        "objects[0].position.origin: the object has no cell, so update_object skips it every frame: its origin "
        "[1e+38, 58.5, 330.9] is outside landblock 0xD59AFFFF (x and y from 0 to 192 m) and off the world's map, so "
        "no cell holds it", NULL};
    expect_warnings("[1e38,58.5,330.9]", "", off_map);
    /* x = 192 is the next landblock's first metre (0xD69A, not in the default excerpts). */
    static const char *const next_block[] = {
        "objects[0].position.origin: the object has no cell, so update_object skips it every frame: its origin "
        "[192, 58.5, 330.9] is outside landblock 0xD59AFFFF (x and y from 0 to 192 m): it lies in landblock "
        "0xD69AFFFF, which is not in the excerpts", NULL};
    expect_warnings("[192,58.5,330.9]", "", next_block);
    static const char *const south[] = {
        "objects[0].position.origin: the object has no cell, so update_object skips it every frame: its origin "
        "[100, -0.5, 330.9] is outside landblock 0xD59AFFFF (x and y from 0 to 192 m): it lies in landblock "
        "0xD599FFFF, which is not in the excerpts", NULL};
    expect_warnings("[100,-0.5,330.9]", "", south);
    /* Inside (191.9 m): the object enters its cell, no warning. */
    expect_warnings("[191.9,58.5,330.9]", "", none);
}

void suite_scenario(void)
{
    RUN(motion_and_origin_warnings);
    RUN(default_scenarios_decode);
    RUN(defaults_and_order);
    RUN(frame_generator);
    RUN(bad_corpus);
    RUN(object_limit);
}

/* ---- trace: digest, lines, golden traces, stepping, diff ---- */

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

/* The documented byte order of the digest, spelled out by hand (little-endian host). */
static void digest_definition(void)
{
    acp_trace_object o;
    memset(&o, 0, sizeof o);
    o.id = 7;
    o.has_elapsed = true;
    o.elapsed = 0.05;
    o.num_quanta = 1;
    o.quanta[0] = 0.05f;
    o.pending = 0.0;
    o.update_time = 0.05;
    o.active = true;
    o.state = 0x400;
    o.transient = 0x80;
    o.cell = 0xA9B40019u;
    o.origin[0] = 1.0f;
    o.orientation[0] = 1.0f;
    o.velocity[2] = NAN;
    o.num_hooks = 1;
    o.hooks[0] = 4; /* AnimationDone */
    acp_trace_frame f = {3, 0.05, true, 1, &o};
    uint64_t h = 0xcbf29ce484222325ull;
    uint32_t u32;
    uint8_t u8;
    float f32;
    double f64;
#define PUT(var, val) (var = (val), h = fnv(h, &var, sizeof var))
    PUT(u32, 3);
    PUT(f64, 0.05);
    PUT(u8, 1);
    PUT(u32, 1);
    PUT(u32, 7);
    PUT(u8, 1);
    PUT(f64, 0.05);
    PUT(u32, 1);
    PUT(f32, 0.05f);
    PUT(f64, 0.0);
    PUT(f64, 0.05);
    PUT(u8, 1);
    PUT(u32, 0x400);
    PUT(u32, 0x80);
    PUT(u32, 0xA9B40019u);
    PUT(f32, 1.0f);
    PUT(f32, 0.0f);
    PUT(f32, 0.0f);
    PUT(f32, 1.0f);
    PUT(f32, 0.0f);
    PUT(f32, 0.0f);
    PUT(f32, 0.0f);
    PUT(f32, 0.0f);
    PUT(f32, 0.0f);
    PUT(u32, 0x7FC00000u); /* NaN, canonical */
    PUT(u32, 1);
#undef PUT
    h = fnv(h, "AnimationDone", 14);
    ENSURE_EQ(acp_trace_hash_frame(0xcbf29ce484222325ull, &f), h);
    /* The line shows what was hashed. */
    acp_text t;
    acp_text_init(&t);
    acp_trace_write_line(&t, &f, h);
    char expect[600];
    snprintf(expect, sizeof expect,
             "{\"frame\":3,\"now\":0.050000000000000003,\"gate\":true,\"objects\":[{\"id\":7,"
             "\"elapsed\":0.050000000000000003,\"quanta\":[0.0500000007],\"pending\":0,"
             "\"update_time\":0.050000000000000003,\"active\":true,\"state\":1024,\"transient\":128,"
             "\"cell\":\"0xA9B40019\",\"origin\":[1,0,0],\"orientation\":[1,0,0,0],\"velocity\":[0,0,\"NaN\"],"
             "\"hooks\":[\"AnimationDone\"]}],\"digest\":\"%016llx\"}",
             (unsigned long long)h);
    ENSURE(t.data && strcmp(t.data, expect) == 0);
    if (t.data && strcmp(t.data, expect)) fprintf(stderr, "%s\n%s\n", t.data, expect);
    /* No elapsed when the ladder did not run; a skip reason is named but not hashed. */
    o.has_elapsed = false;
    o.skipped = ACP_SKIP_FROZEN;
    o.origin[1] = -0.0f;
    acp_text_clear(&t);
    acp_trace_write_line(&t, &f, 0);
    ENSURE(strstr(t.data, "\"elapsed\"") == NULL);
    ENSURE(strstr(t.data, "\"skipped\":\"frozen\"") != NULL);
    ENSURE(strstr(t.data, "\"origin\":[1,-0,0]") != NULL);
    acp_text_free(&t);
}

/* The golden trace of each default scenario (one per profile it lists) is what runs today. */
static void golden_traces(void)
{
    DIR *dir = opendir(SRC("data/scenarios"));
    ENSURE(dir != NULL);
    if (!dir) return;
    int compared = 0;
    struct dirent *e;
    while ((e = readdir(dir)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len < 6 || strcmp(e->d_name + len - 5, ".json") != 0) continue;
        char path[512], base[256];
        snprintf(path, sizeof path, "%s/data/scenarios/%s", ACP_SOURCE_DIR, e->d_name);
        snprintf(base, sizeof base, "%.*s", (int)(len - 5), e->d_name);
        acp_jsonv_doc *doc = parse_file(path);
        if (!doc) continue;
        const acp_jsonv *root = acp_jsonv_root(doc);
        const acp_jsonv *prof = acp_jsonv_get(root, "profile");
        acp_clock_profile primary = ACP_PROFILE_RETAIL;
        if (prof) acp_clock_profile_from_name(prof->string, &primary);
        const acp_jsonv *cmp = acp_jsonv_get(root, "compare_profiles");
        acp_clock_profile list[4] = {primary};
        uint32_t n = 1;
        for (uint32_t i = 0; cmp && i < cmp->count && n < 4; i++) {
            acp_clock_profile p;
            if (acp_clock_profile_from_name(cmp->items[i].string, &p) && p != primary) list[n++] = p;
        }
        for (uint32_t i = 0; i < n; i++) {
            char golden[600];
            if (i == 0) snprintf(golden, sizeof golden, "%s/tests/golden/%s.jsonl", ACP_SOURCE_DIR, base);
            else snprintf(golden, sizeof golden, "%s/tests/golden/%s.%s.jsonl", ACP_SOURCE_DIR, base, acp_clock_profile_name(list[i]));
            acp_run *run = acp_run_create(root, (int)list[i]);
            ENSURE(run && !acp_run_error(run) && acp_run_start(run));
            acp_run_all(run, true);
            size_t tn = 0, gn = 0;
            const char *trace = acp_run_trace(run, &tn);
            char *want = slurp(golden, &gn);
            acp_test_checks++;
            if (want && (tn != gn || memcmp(trace, want, gn) != 0))
                ACP_FAIL_("%s: the run differs from the golden trace (npm run golden regenerates it; say why in the commit)", golden);
            free(want);
            acp_run_destroy(run);
            compared++;
        }
        acp_jsonv_doc_destroy(doc);
    }
    closedir(dir);
    ENSURE(compared >= 5);
}

/* Lines carry the running digest; events apply before the first frame whose time is >= t. */
static void stepping(void)
{
    acp_run *run = run_file(SRC("tests/scenarios/bad/../backwards-clock.json"), ACP_RUN_PROFILE_SCENARIO);
    ENSURE(run && !acp_run_error(run));
    if (!run) return;
    ENSURE_EQ(acp_run_digest(run), 0xcbf29ce484222325ull);
    ENSURE(strcmp(acp_run_digest_line(run), "{\"digest\":\"cbf29ce484222325\",\"profile\":\"retail\"}") == 0);
    char want[64];
    while (acp_run_step_next(run)) {
        snprintf(want, sizeof want, "\"digest\":\"%016llx\"}", (unsigned long long)acp_run_digest(run));
        size_t n;
        const char *line = acp_run_line(run, &n);
        ENSURE(n > strlen(want) && strcmp(line + n - strlen(want), want) == 0);
    }
    uint32_t count;
    const uint64_t *d = acp_run_frame_digests(run, &count);
    ENSURE_EQ(count, 21);
    ENSURE_EQ(d[count - 1], acp_run_digest(run));
    /* The page steps past the scenario's frames; the digest list grows. */
    for (int i = 0; i < 100; i++) ENSURE(acp_run_step(run, 5.0 + i / 60.0));
    acp_run_frame_digests(run, &count);
    ENSURE_EQ(count, 121);
    ENSURE(!acp_run_step(run, NAN));
    ENSURE(acp_run_error(run) && strstr(acp_run_error(run), "frame 122: the time nan is not a finite number") != NULL);
    acp_run_destroy(run);

    const char *text = "{\"version\":1,\"excerpts\":[],\"objects\":[{\"id\":1,\"physics_state\":0,\"placement\":\"frame\","
                       "\"position\":{\"cell\":\"0xA9B40019\",\"origin\":[0,0,0]}}],"
                       "\"events\":[{\"t\":0.05,\"object\":1,\"set_velocity\":[0,2,0]}],\"frames\":{\"times\":[0.0166,0.0334,0.05]}}";
    char err[128];
    acp_jsonv_doc *doc = acp_cjson_parse(text, strlen(text), err, sizeof err);
    run = acp_run_create(acp_jsonv_root(doc), ACP_RUN_PROFILE_SCENARIO);
    acp_jsonv_doc_destroy(doc);
    ENSURE(acp_run_start(run));
    acp_run_step_next(run);
    acp_run_step_next(run);
    ENSURE_FBITS(acp_run_object(run, 0)->velocity.y, 0.0f);
    acp_run_step_next(run);
    ENSURE_FBITS(acp_run_object(run, 0)->velocity.y, 2.0f);
    ENSURE_EQ(acp_run_warning_count(run), 0);
    acp_run_destroy(run);
}

/* A scenario object's friction and elasticity are a PhysicsDesc's, as CPhysicsObj::set_description
 * takes them: friction 2 and -0.5 leave 0.95, 0.5 is taken; elasticity 0.25 and 1e30 give 0.1f,
 * -1 gives 0, 0.08 is kept. */
static void description_surface(void)
{
    const char *text =
        "{\"version\":1,\"excerpts\":[],\"objects\":["
        "{\"id\":1,\"placement\":\"frame\",\"friction\":2,\"elasticity\":0.25,\"position\":{\"cell\":\"0xA9B40019\",\"origin\":[1,1,0]}},"
        "{\"id\":2,\"placement\":\"frame\",\"friction\":-0.5,\"elasticity\":1e30,\"position\":{\"cell\":\"0xA9B40019\",\"origin\":[3,1,0]}},"
        "{\"id\":3,\"placement\":\"frame\",\"friction\":0.5,\"elasticity\":-1,\"position\":{\"cell\":\"0xA9B40019\",\"origin\":[5,1,0]}},"
        "{\"id\":4,\"placement\":\"frame\",\"elasticity\":0.08,\"position\":{\"cell\":\"0xA9B40019\",\"origin\":[7,1,0]}}],"
        "\"events\":[],\"frames\":{\"times\":[0.0166]}}";
    char err[128];
    acp_jsonv_doc *doc = acp_cjson_parse(text, strlen(text), err, sizeof err);
    ENSURE(doc != NULL);
    if (!doc) return;
    acp_run *run = acp_run_create(acp_jsonv_root(doc), ACP_RUN_PROFILE_SCENARIO);
    acp_jsonv_doc_destroy(doc);
    ENSURE(run && acp_run_start(run));
    if (!run) return;
    const float friction[4] = {0.95f, 0.95f, 0.5f, 0.95f}, elasticity[4] = {0.1f, 0.1f, 0.0f, 0.08f};
    for (uint32_t i = 0; i < 4; i++) {
        ENSURE_FBITS(acp_run_object(run, i)->friction, friction[i]);
        ENSURE_FBITS(acp_run_object(run, i)->elasticity, elasticity[i]);
    }
    acp_run_destroy(run);
}

/* Server-driven events (issue 13) through a run: an UpdatePosition 3 m away queues one node
 * (interpolation writes the offset: "offset_from":"interpolation"), a newer teleport stamp
 * places the object and empties the queue, a stick_to makes the other follow ("sticky"); an
 * object without a PositionManager has neither trace field. */
static void server_events(void)
{
    const char *text =
        "{\"version\":1,\"excerpts\":[],\"player\":3,\"objects\":["
        "{\"id\":1,\"physics_state\":0,\"placement\":\"frame\",\"transient_state\":1,\"position\":{\"cell\":\"0xA9B40019\",\"origin\":[10,20,0]}},"
        "{\"id\":2,\"physics_state\":0,\"placement\":\"frame\",\"transient_state\":1,\"position\":{\"cell\":\"0xA9B40019\",\"origin\":[14,20,0]}},"
        "{\"id\":3,\"physics_state\":0,\"placement\":\"frame\",\"position\":{\"cell\":\"0xA9B40019\",\"origin\":[0,0,0]}}],"
        "\"events\":[{\"t\":0.05,\"object\":1,\"server_position\":{\"cell\":\"0xA9B40019\",\"origin\":[10,23,0],\"contact\":true,\"velocity\":[0,4,0]}},"
        "{\"t\":0.05,\"object\":2,\"stick_to\":{\"target\":1}},"
        "{\"t\":0.09,\"object\":1,\"server_position\":{\"cell\":\"0xA9B40019\",\"origin\":[30,40,0],\"contact\":true,\"teleport_timestamp\":1}}],"
        "\"frames\":{\"times\":[0.034,0.068,0.102]}}";
    char err[128];
    acp_jsonv_doc *doc = acp_cjson_parse(text, strlen(text), err, sizeof err);
    acp_run *run = acp_run_create(acp_jsonv_root(doc), ACP_RUN_PROFILE_SCENARIO);
    acp_jsonv_doc_destroy(doc);
    ENSURE(run && !acp_run_error(run));
    if (!run || acp_run_error(run)) {
        if (run) fprintf(stderr, "%s\n", acp_run_error(run));
        acp_run_destroy(run);
        return;
    }
    ENSURE(acp_run_start(run));
    size_t n;
    ENSURE(acp_run_step_next(run));
    ENSURE(strstr(acp_run_line(run, &n), "position_nodes") == NULL);
    ENSURE(acp_run_step_next(run));
    const char *line = acp_run_line(run, &n);
    ENSURE(strstr(line, "\"hooks\":[],\"position_nodes\":1,\"offset_from\":\"interpolation\"}") != NULL);
    ENSURE(strstr(line, "\"hooks\":[],\"position_nodes\":0,\"offset_from\":\"sticky\"}") != NULL);
    const char *third = strstr(line, "{\"id\":3,");
    ENSURE(third && strstr(third, "position_nodes") == NULL);
    ENSURE_EQ(acp_run_object(run, 1)->position_manager->sticky.target_id, 1);
    ENSURE(acp_run_step_next(run));
    const acp_physobj *o = acp_run_object(run, 0);
    ENSURE_FBITS(o->position.frame.origin.x, 30.0f);
    ENSURE_EQ(o->update_times[4], 1);
    ENSURE(strstr(acp_run_line(run, &n), "\"position_nodes\":0,\"offset_from\":\"animation\"}") != NULL);
    acp_run_destroy(run);
}

/* The server's messages as scenario events (audit server-driven D1, D2): a non-player's
 * server_position without stamps takes a position stamp one newer than its own (1) and, accepted,
 * constrains it at its own position outdoors (10 / 50 m); the player's (id 3) is not moved and is
 * constrained to the message's position (offset 5 m) with no node queued (use_position_from_server
 * false); then with use_position_from_server and keep_heading it is interpolated too. Decoding:
 * a motion's sticky_object and standing_longjump, a move_to's run_rate and origin, and a
 * turn_to_object's packed heading for a target id that is no object of the scenario. */
static void server_messages_as_events(void)
{
    const char *text =
        "{\"version\":1,\"excerpts\":[],\"player\":3,\"objects\":["
        "{\"id\":1,\"physics_state\":0,\"placement\":\"frame\",\"transient_state\":1,\"position\":{\"cell\":\"0xA9B40019\",\"origin\":[10,20,0]}},"
        "{\"id\":2,\"physics_state\":0,\"placement\":\"frame\",\"transient_state\":1,\"position\":{\"cell\":\"0xA9B40019\",\"origin\":[14,20,0]}},"
        "{\"id\":3,\"physics_state\":0,\"placement\":\"frame\",\"transient_state\":1,\"position\":{\"cell\":\"0xA9B40019\",\"origin\":[0,0,0]}}],"
        "\"events\":[{\"t\":0.05,\"object\":1,\"server_position\":{\"cell\":\"0xA9B40019\",\"origin\":[10,23,0],\"contact\":true}},"
        "{\"t\":0.05,\"object\":3,\"server_position\":{\"cell\":\"0xA9B40019\",\"origin\":[0,5,0],\"contact\":true}},"
        "{\"t\":0.09,\"object\":3,\"server_position\":{\"cell\":\"0xA9B40019\",\"origin\":[0,6,0],\"contact\":true,"
        "\"position_timestamp\":9,\"use_position_from_server\":true,\"keep_heading\":true}}],"
        "\"frames\":{\"times\":[0.034,0.068,0.102]}}";
    char err[128];
    acp_jsonv_doc *doc = acp_cjson_parse(text, strlen(text), err, sizeof err);
    acp_run *run = acp_run_create(acp_jsonv_root(doc), ACP_RUN_PROFILE_SCENARIO);
    acp_jsonv_doc_destroy(doc);
    ENSURE(run && !acp_run_error(run));
    if (!run || acp_run_error(run)) {
        if (run) fprintf(stderr, "%s\n", acp_run_error(run));
        acp_run_destroy(run);
        return;
    }
    ENSURE(acp_run_start(run));
    ENSURE(acp_run_step_next(run));
    ENSURE(acp_run_step_next(run)); /* the 0.05 events were applied before this frame */
    const acp_physobj *o = acp_run_object(run, 0);
    const acp_physobj *pl = acp_run_object(run, 2);
    ENSURE_EQ(o->update_times[ACP_POSITION_TS], 1);
    ENSURE(o->position_manager && o->position_manager->constraint.is_constrained);
    if (!o->position_manager || !pl->position_manager) {
        acp_run_destroy(run);
        return;
    }
    ENSURE_FBITS(o->position_manager->constraint.constraint_pos.frame.origin.y, 20.0f);
    ENSURE_FBITS(o->position_manager->constraint.constraint_distance_start, 10.0f);
    ENSURE_FBITS(o->position_manager->constraint.constraint_distance_max, 50.0f);
    ENSURE_FBITS(pl->position.frame.origin.y, 0.0f);
    ENSURE_FBITS(pl->position_manager->constraint.constraint_pos.frame.origin.y, 5.0f);
    ENSURE_FBITS(pl->position_manager->constraint.constraint_pos_offset, 5.0f);
    ENSURE_EQ(acp_position_manager_num_nodes(pl->position_manager), 0);
    ENSURE(acp_run_step_next(run));
    ENSURE_EQ(pl->update_times[ACP_POSITION_TS], 9);
    ENSURE(pl->position_manager->interpolation.keep_heading);
    ENSURE_FBITS(pl->position_manager->constraint.constraint_pos.frame.origin.y, 6.0f);
    acp_run_destroy(run);
    /* Decoding: the motion's sticky_object and standing_longjump, the move_to's run_rate and origin. */
    const char *text2 =
        "{\"version\":1,\"excerpts\":[],\"objects\":["
        "{\"id\":1,\"position\":{\"cell\":\"0xA9B40019\",\"origin\":[10,20,0]}},"
        "{\"id\":2,\"position\":{\"cell\":\"0xA9B40019\",\"origin\":[14,20,0]}}],"
        "\"events\":[{\"t\":0,\"object\":2,\"motion\":{\"sticky_object\":1,\"standing_longjump\":true}},"
        "{\"t\":0,\"object\":2,\"move_to\":{\"type\":\"move_to_object\",\"target\":1,\"run_rate\":1.25,"
        "\"position\":{\"cell\":\"0xA9B40019\",\"origin\":[3,4,5]}}},"
        "{\"t\":0,\"object\":2,\"move_to\":{\"type\":\"turn_to_object\",\"target\":99,\"heading\":45}}],"
        "\"frames\":{\"times\":[0.034]}}";
    acp_scenario sc;
    acp_scenario_error se;
    doc = acp_cjson_parse(text2, strlen(text2), err, sizeof err);
    ENSURE(acp_scenario_decode(acp_jsonv_root(doc), &sc, &se));
    acp_jsonv_doc_destroy(doc);
    ENSURE_EQ(sc.events[0].motion.sticky_object, 1);
    ENSURE(sc.events[0].motion.standing_longjump);
    ENSURE_FBITS(sc.events[1].move_to.run_rate, 1.25f);
    ENSURE(sc.events[1].move_to.has_position);
    ENSURE_FBITS(sc.events[1].move_to.position.frame.origin.z, 5.0f);
    ENSURE_EQ(sc.events[2].move_to.target, 99); /* unknown to the client: allowed with the packed heading */
    ENSURE(sc.events[2].move_to.has_fallback_heading);
    ENSURE_FBITS(sc.events[2].move_to.fallback_heading, 45.0f);
    ENSURE_FBITS(sc.events[2].move_to.params.desired_heading, 0.0f); /* the packed heading is apart */
    ENSURE_FBITS(sc.events[2].move_to.run_rate, 1.0f);
    acp_scenario_free(&sc);
}

/* An object's "timestamps" are its update_times from the start (CPhysicsObj::makeObject copies
 * the PhysicsDesc's); a server_position's instance_timestamp is weighed against the object's
 * instance stamp (SmartBox::UnpackPositionEvent): 6 and 8 against 7 are not handled (the position
 * stamp stays 100, the object is not moved), the default (its own, 7) with position stamp 101 is;
 * a position stamp 100 (not newer) is stale. The player's force_position_timestamp is weighed
 * against its own (2): 3 is newer → blipped there. Decoding: the events' instance_timestamp,
 * placement and a move_to's style. */
static void server_stamps_as_events(void)
{
    const char *text =
        "{\"version\":1,\"excerpts\":[],\"player\":3,\"objects\":["
        "{\"id\":1,\"physics_state\":0,\"placement\":\"frame\",\"transient_state\":1,"
        "\"timestamps\":{\"instance\":7,\"position\":100,\"teleport\":3,\"objdesc\":65535},"
        "\"position\":{\"cell\":\"0xA9B40019\",\"origin\":[10,20,0]}},"
        "{\"id\":3,\"physics_state\":0,\"placement\":\"frame\",\"transient_state\":1,"
        "\"timestamps\":{\"force_position\":2,\"teleport\":5},"
        "\"position\":{\"cell\":\"0xA9B40019\",\"origin\":[0,0,0]}}],"
        "\"events\":[{\"t\":0.05,\"object\":1,\"server_position\":{\"cell\":\"0xA9B40019\",\"origin\":[10,23,0],"
        "\"contact\":true,\"instance_timestamp\":6,\"position_timestamp\":101}},"
        "{\"t\":0.05,\"object\":1,\"server_position\":{\"cell\":\"0xA9B40019\",\"origin\":[10,23,0],"
        "\"contact\":true,\"instance_timestamp\":8,\"position_timestamp\":101,\"placement\":0}},"
        "{\"t\":0.05,\"object\":3,\"server_position\":{\"cell\":\"0xA9B40019\",\"origin\":[0,5,0],"
        "\"contact\":true,\"force_position_timestamp\":3}},"
        "{\"t\":0.09,\"object\":1,\"server_position\":{\"cell\":\"0xA9B40019\",\"origin\":[10,23,0],"
        "\"contact\":true,\"position_timestamp\":101}}],"
        "\"frames\":{\"times\":[0.034,0.068,0.102]}}";
    char err[128];
    acp_jsonv_doc *doc = acp_cjson_parse(text, strlen(text), err, sizeof err);
    acp_scenario sc;
    acp_scenario_error se;
    ENSURE(doc && acp_scenario_decode(acp_jsonv_root(doc), &sc, &se));
    ENSURE_EQ(sc.objects[0].timestamps[8], 7);
    ENSURE_EQ(sc.objects[0].timestamps[7], 65535);
    ENSURE_EQ(sc.objects[0].timestamps[1], 0);
    ENSURE(sc.events[0].server.has_instance_timestamp);
    ENSURE_EQ(sc.events[0].server.instance_timestamp, 6);
    ENSURE(!sc.events[0].server.has_placement);
    ENSURE(sc.events[1].server.has_placement);
    ENSURE_EQ(sc.events[1].server.placement, 0);
    ENSURE(!sc.events[3].server.has_instance_timestamp);
    acp_scenario_free(&sc);
    acp_run *run = acp_run_create(acp_jsonv_root(doc), ACP_RUN_PROFILE_SCENARIO);
    acp_jsonv_doc_destroy(doc);
    ENSURE(run && !acp_run_error(run));
    if (!run || acp_run_error(run)) {
        if (run) fprintf(stderr, "%s\n", acp_run_error(run));
        acp_run_destroy(run);
        return;
    }
    ENSURE(acp_run_start(run));
    const acp_physobj *o = acp_run_object(run, 0);
    const acp_physobj *pl = acp_run_object(run, 1);
    ENSURE_EQ(o->update_times[ACP_INSTANCE_TS], 7);
    ENSURE_EQ(o->update_times[ACP_POSITION_TS], 100);
    ENSURE_EQ(o->update_times[ACP_TELEPORT_TS], 3);
    ENSURE_EQ(pl->update_times[ACP_FORCE_POSITION_TS], 2);
    ENSURE(acp_run_step_next(run));
    ENSURE(acp_run_step_next(run)); /* the 0.05 events were applied before this frame */
    ENSURE_EQ(o->update_times[ACP_POSITION_TS], 100); /* neither instance 6 nor 8 was handled */
    ENSURE(o->position_manager == NULL);
    ENSURE_EQ(pl->update_times[ACP_FORCE_POSITION_TS], 3);
    ENSURE_FBITS(pl->position.frame.origin.y, 5.0f); /* BlipPlayer */
    ENSURE(acp_run_step_next(run));
    ENSURE_EQ(o->update_times[ACP_POSITION_TS], 101); /* its own instance */
    ENSURE(o->position_manager && o->position_manager->constraint.is_constrained);
    acp_run_destroy(run);
    /* A move_to's style. */
    const char *text2 =
        "{\"version\":1,\"excerpts\":[],\"objects\":["
        "{\"id\":1,\"position\":{\"cell\":\"0xA9B40019\",\"origin\":[10,20,0]}}],"
        "\"events\":[{\"t\":0,\"object\":1,\"move_to\":{\"type\":\"turn_to_heading\",\"heading\":90,\"style\":\"0x8000003C\"}},"
        "{\"t\":0,\"object\":1,\"move_to\":{\"type\":\"turn_to_heading\",\"heading\":90}}],"
        "\"frames\":{\"times\":[0.034]}}";
    doc = acp_cjson_parse(text2, strlen(text2), err, sizeof err);
    ENSURE(doc && acp_scenario_decode(acp_jsonv_root(doc), &sc, &se));
    acp_jsonv_doc_destroy(doc);
    ENSURE(sc.events[0].move_to.has_style);
    ENSURE_EQ(sc.events[0].move_to.style, 0x8000003Cu);
    ENSURE(!sc.events[1].move_to.has_style);
    acp_scenario_free(&sc);
}

/* The move_to event: MovementParameters by their retail names over the defaults (0x1EE0F, 0.6 m,
 * FLT_MAX, 15 m), "heading" as desired_heading; the trace's moveto field while it runs, and the
 * turn ends at 90 degrees. */
static void move_to_event(void)
{
    const char *text =
        "{\"version\":1,\"objects\":[{\"id\":1,\"setup\":\"0x02000001\",\"motion_table\":\"0x09000001\",\"physics_state\":0,"
        "\"placement\":\"frame\",\"transient_state\":3,\"position\":{\"cell\":\"0xA9B40019\",\"origin\":[10,20,0]}}],"
        "\"events\":[{\"t\":0.05,\"object\":1,\"move_to\":{\"type\":\"turn_to_heading\",\"heading\":90,"
        "\"params\":{\"can_charge\":true,\"stop_completely\":false,\"fail_distance\":7,\"speed\":1.5}}}],"
        "\"frames\":{\"hz\":30,\"count\":90,\"start\":0}}";
    char err[128];
    acp_jsonv_doc *doc = acp_cjson_parse(text, strlen(text), err, sizeof err);
    acp_run *run = acp_run_create(acp_jsonv_root(doc), ACP_RUN_PROFILE_SCENARIO);
    acp_jsonv_doc_destroy(doc);
    ENSURE(run && !acp_run_error(run));
    if (!run || acp_run_error(run)) {
        if (run) fprintf(stderr, "%s\n", acp_run_error(run));
        acp_run_destroy(run);
        return;
    }
    const acp_scenario_event *ev = &acp_run_scenario(run)->events[0];
    ENSURE_EQ(ev->kind, ACP_EVENT_MOVE_TO);
    ENSURE_EQ(ev->move_to.type, 9);
    ENSURE_EQ(ev->move_to.params.bitfield, (0x1EE0Fu | 0x10u) & ~0x10000u);
    ENSURE_FBITS(ev->move_to.params.fail_distance, 7.0f);
    ENSURE_FBITS(ev->move_to.params.distance_to_object, 0.6f);
    ENSURE_FBITS(ev->move_to.params.walk_run_threshhold, 15.0f);
    ENSURE_FBITS(ev->move_to.params.speed, 1.5f);
    ENSURE_FBITS(ev->move_to.params.desired_heading, 90.0f);
    ENSURE(acp_run_start(run));
    size_t n;
    ENSURE(acp_run_step_next(run));
    ENSURE(strstr(acp_run_line(run, &n), "moveto") == NULL);
    ENSURE(acp_run_step_next(run));
    ENSURE(strstr(acp_run_line(run, &n), ",\"moveto\":{\"type\":\"turn_to_heading\",\"nodes\":1,\"command\":1694498829}") != NULL);
    while (acp_run_step_next(run)) {}
    const acp_physobj *o = acp_run_object(run, 0);
    ENSURE(strstr(acp_run_line(run, &n), "moveto") == NULL);
    acp_frame want = o->position.frame;
    acp_frame_set_heading(&want, 90.0f);
    ENSURE_FBITS(o->position.frame.qw, want.qw);
    ENSURE_FBITS(o->position.frame.qz, want.qz);
    acp_run_destroy(run);
}

/* The set_state event (conformance case hidden-runner): the west runner (id 2, not reporting
 * collisions) has met the east one (id 1, reporting) by t 1.3; at t 2.0 a SetState adds HIDDEN:
 * set_hidden (0x00514C60) ends nothing (REPORT_COLLISIONS is clear), sets IGNORE_COLLISIONS
 * (state 0x00404410) and from then the runner neither animates nor moves (UpdatePositionInternal
 * skips a hidden object's parts and physics). No report of either runner until t 2.5, where a
 * SetState of 0x00400400 shows it: IGNORE_COLLISIONS cleared, REPORT_COLLISIONS set (0x00400408)
 * and report_collision_start (0x00513FD0) reports its record of runner 1, telling both sides in
 * the frame that follows the message: runner 2 "collisions":[1], runner 1 "collisions":[2]. */
static void set_state_event(void)
{
    char path[512];
    snprintf(path, sizeof path, "%s/conformance/v1/scenarios/hidden-runner.json", ACP_SOURCE_DIR);
    acp_run *run = run_file(path, ACP_RUN_PROFILE_SCENARIO);
    ENSURE(run && !acp_run_error(run));
    if (!run || acp_run_error(run)) {
        acp_run_destroy(run);
        return;
    }
    const acp_physobj *east = acp_run_object(run, 0), *west = acp_run_object(run, 1);
    bool hidden_seen = false, shown_seen = false, quiet = true;
    acp_vec3 hidden_at = {0, 0, 0};
    while (acp_run_step_next(run)) {
        const double now = acp_run_object(run, 0)->world->now;
        size_t n;
        const char *line = acp_run_line(run, &n);
        if (now >= 2.0 && now < 2.5) {
            if (!hidden_seen) hidden_at = west->position.frame.origin;
            hidden_seen = true;
            ENSURE_EQ(west->state, 0x00404410u);
            ENSURE_FBITS(west->position.frame.origin.x, hidden_at.x);
            ENSURE_FBITS(west->position.frame.origin.y, hidden_at.y);
            if (strstr(line, "\"collisions\"") || strstr(line, "\"collision_ends\"")) quiet = false;
        } else if (now >= 2.5 && !shown_seen) {
            shown_seen = true;
            ENSURE_EQ(west->state, 0x00400408u);
            ENSURE_EQ(acp_physobj_num_collisions(west), 1);
            ENSURE_EQ(west->reports.begin[0], 1);
            ENSURE_EQ(acp_physobj_num_collisions(east), 1);
            ENSURE_EQ(east->reports.begin[0], 2);
            ENSURE(strstr(line, "\"collisions\":[1]") != NULL);
            ENSURE(strstr(line, "\"collisions\":[2]") != NULL);
        }
    }
    ENSURE(hidden_seen && shown_seen && quiet);
    acp_run_destroy(run);
}

static acp_jsonv_doc *json(const char *text)
{
    char err[128];
    return acp_cjson_parse(text, strlen(text), err, sizeof err);
}

static bool diff_pair(const char *a, const char *b, acp_trace_diff *d)
{
    acp_jsonv_doc *da = json(a), *db = json(b);
    acp_trace_diff_init(d);
    bool same = acp_trace_diff_line(d, 1, acp_jsonv_root(da), acp_jsonv_root(db));
    acp_jsonv_doc_destroy(da);
    acp_jsonv_doc_destroy(db);
    return same;
}

/* One-line traces a and b compared with options (b scanned first, as the hosts do). */
static bool diff_with(const char *a, const char *b, const char *const *opts, acp_trace_diff *d)
{
    acp_diff_options o;
    acp_diff_options_init(&o);
    char err[640];
    for (; opts && opts[0]; opts += 2)
        if (!acp_diff_options_set(&o, opts[0], opts[1], err, sizeof err)) return false;
    acp_jsonv_doc *da = json(a), *db = json(b);
    acp_trace_diff_init_with(d, &o);
    acp_trace_diff_scan_b(d, acp_jsonv_root(db));
    acp_trace_diff_line(d, 1, acp_jsonv_root(da), acp_jsonv_root(db));
    bool same = acp_trace_diff_finish(d, 1, 1);
    acp_jsonv_doc_destroy(da);
    acp_jsonv_doc_destroy(db);
    return same;
}

/* diff.h OPTIONS: tolerances per kind, --fields, fields a port never writes, a port's own fields. */
static void trace_diff_options(void)
{
    acp_trace_diff d;
    const char *a = "{\"frame\":1,\"now\":0.1,\"objects\":[{\"id\":1,\"origin\":[1,2,3],\"state\":7}]}";
    /* origin[0] one float32 ulp above 1 (1.00000012), now one float64 ulp above 0.1. */
    const char *b1 = "{\"frame\":1,\"now\":0.1,\"objects\":[{\"id\":1,\"origin\":[1.00000012,2,3],\"state\":7}]}";
    const char *b2 = "{\"frame\":1,\"now\":0.10000000000000002,\"objects\":[{\"id\":1,\"origin\":[1,2,3],\"state\":7}]}";
    ENSURE(!diff_with(a, b1, NULL, &d));
    ENSURE(strcmp(d.summary, "frame 1: objects[0].origin[0] (object id 1): 1 ulp (float32)") == 0);
    const char *const ulps1[] = {"--ulps", "1", NULL};
    ENSURE(diff_with(a, b1, ulps1, &d) && diff_with(a, b2, ulps1, &d));
    ENSURE(strstr(d.message, "traces agree (1 lines compared; within 1 float32 / 1 float64 ulps)") != NULL);
    const char *const f32only[] = {"--ulps", "float=1", NULL};
    ENSURE(diff_with(a, b1, f32only, &d) && !diff_with(a, b2, f32only, &d));
    ENSURE(strcmp(d.summary, "frame 1: now: 1 ulp (float64)") == 0);
    const char *const abs[] = {"--abs", "2e-7", NULL};
    ENSURE(diff_with(a, b1, abs, &d) && diff_with(a, b2, abs, &d));
    const char *const abs_small[] = {"--abs", "1e-7", NULL};
    ENSURE(!diff_with(a, b1, abs_small, &d)); /* 1.00000012 − 1 = 1.19e-7 */
    /* Integers are exact under any tolerance. */
    ENSURE(!diff_with(a, "{\"frame\":1,\"now\":0.1,\"objects\":[{\"id\":1,\"origin\":[1,2,3],\"state\":8}]}", abs, &d));
    /* --fields: only those are judged. */
    const char *const origin_only[] = {"--fields", "origin", NULL};
    ENSURE(diff_with(a, b2, origin_only, &d) && !diff_with(a, b1, origin_only, &d));
    /* A field b never writes: "not written", unless --fields asks for it. */
    const char *bare = "{\"frame\":1,\"objects\":[{\"id\":1,\"origin\":[1,2,3]}]}";
    ENSURE(diff_with(a, bare, NULL, &d));
    ENSURE(strcmp(d.message, "traces agree (1 lines compared; not written: now, state)") == 0);
    const char *const ask_now[] = {"--fields", "now,origin", NULL};
    ENSURE(!diff_with(a, bare, ask_now, &d));
    ENSURE(strcmp(d.summary, "frame 1: now: b does not have it") == 0);
    /* A port's own field is ignored; a known field only b has is a difference. */
    ENSURE(diff_with(a, "{\"frame\":1,\"now\":0.1,\"mine\":3,\"objects\":[{\"id\":1,\"origin\":[1,2,3],\"state\":7}]}", NULL, &d));
    ENSURE(!diff_with(a, "{\"frame\":1,\"now\":0.1,\"objects\":[{\"id\":1,\"elapsed\":0.1,\"origin\":[1,2,3],\"state\":7}]}", NULL, &d));
    ENSURE(strcmp(d.summary, "frame 1: objects[0].elapsed (object id 1): only b has it") == 0);
    /* Bad option values name the option. */
    acp_diff_options o;
    acp_diff_options_init(&o);
    char err[640];
    ENSURE(!acp_diff_options_set(&o, "--ulps", "-1", err, sizeof err) && strncmp(err, "--ulps: ", 8) == 0);
    ENSURE(!acp_diff_options_set(&o, "--abs", "x", err, sizeof err) && strncmp(err, "--abs: ", 7) == 0);
    ENSURE(!acp_diff_options_set(&o, "--fields", "origin,nope", err, sizeof err) && strstr(err, "unknown trace field \"nope\""));
    ENSURE(acp_diff_options_set(&o, "--ulps", "float=2,double=3", err, sizeof err) && o.ulps_f32 == 2 && o.ulps_f64 == 3);
}

static void trace_diff(void)
{
    ENSURE_EQ(acp_ulps_f32(1.0f, nextafterf(1.0f, 2.0f)), 1);
    ENSURE_EQ(acp_ulps_f32(0.0f, -0.0f), 1);
    ENSURE_EQ(acp_ulps_f32(-1.0f, 1.0f), 2130706433ull); /* 2 × 0x3F800000, and −0 to +0 */
    ENSURE_EQ(acp_ulps_f64(0.1, nextafter(0.1, 1.0)), 1);
    acp_trace_diff d;
    /* A port that prints shorter floats: the same float32 is no difference. */
    ENSURE(diff_pair("{\"frame\":1,\"objects\":[{\"id\":1,\"origin\":[118.682404,1,2]}]}",
                     "{\"frame\":1,\"objects\":[{\"id\":1,\"origin\":[118.6824,1,2]}]}", &d));
    ENSURE(!diff_pair("{\"frame\":4,\"objects\":[{\"id\":9,\"origin\":[330.934387,1,2]}]}",
                      "{\"frame\":4,\"objects\":[{\"id\":9,\"origin\":[330.934357,1,2]}]}", &d));
    ENSURE(strstr(d.message, "traces differ at frame 4 (line 1), field objects[0].origin[0] (object id 9):") != NULL);
    ENSURE(strstr(d.message, "distance: 1 ulp (float32)") != NULL);
    if (!strstr(d.message, "distance: 1 ulp (float32)")) fprintf(stderr, "%s\n", d.message);
    ENSURE(!diff_pair("{\"frame\":2,\"now\":0.1,\"objects\":[]}", "{\"frame\":2,\"now\":0.10000000000000002,\"objects\":[]}", &d));
    ENSURE(strstr(d.message, "field now:") && strstr(d.message, "distance: 1 ulp (float64)"));
    ENSURE(!diff_pair("{\"frame\":2,\"objects\":[{\"id\":1,\"elapsed\":0.5}]}", "{\"frame\":2,\"objects\":[{\"id\":1}]}", &d));
    ENSURE(strstr(d.message, "objects[0].elapsed") && strstr(d.message, "b: (absent)"));
    ENSURE(diff_pair("{\"frame\":1,\"objects\":[{\"id\":1,\"cell\":\"0xd59a0023\"}]}",
                     "{\"frame\":1,\"objects\":[{\"id\":1,\"cell\":\"0xD59A0023\"}]}", &d));
    ENSURE(!diff_pair("{\"frame\":1,\"objects\":[{\"id\":1,\"hooks\":[\"A\"]}]}",
                      "{\"frame\":1,\"objects\":[{\"id\":1,\"hooks\":[\"A\",\"B\"]}]}", &d));
    ENSURE(strstr(d.message, "hooks[1]") != NULL);
    /* Objects are matched by id; integers report their difference and the differing bits. */
    ENSURE(diff_pair("{\"frame\":1,\"objects\":[{\"id\":1,\"state\":7},{\"id\":2,\"state\":5}]}",
                     "{\"frame\":1,\"objects\":[{\"id\":2,\"state\":5},{\"id\":1,\"state\":7}]}", &d));
    ENSURE(!diff_pair("{\"frame\":3,\"objects\":[{\"id\":1,\"transient\":131}]}",
                      "{\"frame\":3,\"objects\":[{\"id\":1,\"transient\":130}]}", &d));
    ENSURE(strstr(d.message, "a: 131 (0x00000083)") && strstr(d.message, "difference: -1 (bits 0x00000001 differ)"));
    ENSURE(!diff_pair("{\"frame\":1,\"objects\":[{\"id\":1}]}", "{\"frame\":1,\"objects\":[{\"id\":3}]}", &d));
    ENSURE(strstr(d.message, "objects[0] (object id 1)") && strstr(d.message, "b: (absent)"));
    /* Digests: compared last, only when both lines have one. */
    ENSURE(diff_pair("{\"frame\":1,\"now\":0.5,\"objects\":[],\"digest\":\"ab\"}", "{\"frame\":1,\"now\":0.5,\"objects\":[]}", &d));
    ENSURE(!diff_pair("{\"frame\":1,\"now\":0.5,\"objects\":[],\"digest\":\"ab\"}",
                      "{\"frame\":1,\"now\":0.25,\"objects\":[],\"digest\":\"cd\"}", &d));
    ENSURE(strstr(d.message, "field now:") != NULL);
    ENSURE(!diff_pair("{\"frame\":1,\"objects\":[],\"digest\":\"ab\"}", "{\"frame\":1,\"objects\":[],\"digest\":\"cd\"}", &d));
    ENSURE(strstr(d.message, "field digest:") != NULL);
    /* A closing line only one trace has is no difference; a frame line is. */
    acp_jsonv_doc *closing = json("{\"digest\":\"0123456789abcdef\",\"profile\":\"retail\"}");
    acp_jsonv_doc *frame = json("{\"frame\":5,\"now\":1,\"objects\":[]}");
    acp_trace_diff_init(&d);
    acp_trace_diff_extra_line(&d, 4, 'a', acp_jsonv_root(closing));
    ENSURE(acp_trace_diff_finish(&d, 4, 3));
    ENSURE(strcmp(d.message, "traces are identical (3 lines compared)") == 0);
    acp_trace_diff_init(&d);
    acp_trace_diff_extra_line(&d, 5, 'b', acp_jsonv_root(frame));
    ENSURE(!acp_trace_diff_finish(&d, 4, 5));
    ENSURE(strcmp(d.message, "traces differ at line 5 (frame 5): only b has it") == 0);
    acp_jsonv_doc_destroy(closing);
    acp_jsonv_doc_destroy(frame);
    /* Not a trace: an error, not a difference. */
    acp_trace_diff_init(&d);
    acp_trace_diff_bad_line(&d, 2, 'b', NULL);
    ENSURE(!acp_trace_diff_finish(&d, 3, 3) && d.error && !d.different);
    ENSURE(strcmp(d.message, "line 2 of b is not valid JSON") == 0);
    acp_trace_diff_init(&d);
    acp_trace_diff_bad_line(&d, 6, 'a', "not valid JSON: line 1, column 13: a member name in double quotes was expected");
    ENSURE(strcmp(d.message, "line 6 of a is not valid JSON: column 13: a member name in double quotes was expected") == 0);
    /* Valid JSON that is not a trace line: an error naming the line and what is wrong. */
    static const struct { const char *line, *why; } NOT_TRACE[] = {
        {"[1,2]", "line 1 of a is not a trace line: it is an array, not an object"},
        {"{}", "line 1 of a is not a trace line: it has no \"frame\" (nor is it a closing {\"digest\"} line)"},
        {"{\"frame\":\"1\",\"objects\":[]}", "line 1 of a is not a trace line: \"frame\" is not a number"},
        {"{\"frame\":1}", "line 1 of a is not a trace line: it has no \"objects\""},
        {"{\"frame\":1,\"objects\":{}}", "line 1 of a is not a trace line: \"objects\" is not an array"},
        {"{\"frame\":1,\"objects\":[3]}", "line 1 of a is not a trace line: objects[0] is not an object"},
        {"{\"frame\":1,\"objects\":[{\"id\":1},{\"x\":1}]}", "line 1 of a is not a trace line: objects[1] has no \"id\""},
        {"{\"frame\":1,\"objects\":[{\"id\":1.5}]}",
         "line 1 of a is not a trace line: objects[0] has an \"id\" that is not a whole number from 0 to 4294967295"},
        {"{\"frame\":1,\"objects\":[{\"id\":2},{\"id\":1},{\"id\":2}]}", "line 1 of a is not a trace line: two objects have \"id\" 2"},
    };
    for (size_t i = 0; i < sizeof NOT_TRACE / sizeof NOT_TRACE[0]; i++) {
        ENSURE(!diff_pair(NOT_TRACE[i].line, NOT_TRACE[i].line, &d) && d.error && !d.different);
        ENSURE(strcmp(d.message, NOT_TRACE[i].why) == 0);
        if (strcmp(d.message, NOT_TRACE[i].why) != 0) fprintf(stderr, "%s\n", d.message);
    }
    /* A NaN is no number of ulps from a number; an integer field holding a fraction shows no bits. */
    ENSURE(!diff_pair("{\"frame\":1,\"now\":0,\"objects\":[]}", "{\"frame\":1,\"now\":\"NaN\",\"objects\":[]}", &d));
    ENSURE(strstr(d.message, "distance: none (NaN is no distance from a number)") != NULL);
    ENSURE(!diff_pair("{\"frame\":1,\"objects\":[{\"id\":1,\"state\":132936}]}",
                      "{\"frame\":1,\"objects\":[{\"id\":1,\"state\":132936.5}]}", &d));
    ENSURE(strstr(d.message, "difference: 0.5\n") || (strstr(d.message, "difference: 0.5") && !strstr(d.message, "bits")));
    /* A value cut short in the report ends in an ellipsis. */
    ENSURE(!diff_pair("{\"frame\":1,\"objects\":[{\"id\":1,\"hooks\":[\"A\"]}]}",
                      "{\"frame\":1,\"objects\":[{\"id\":1,\"hooks\":[\"A\",[\"0123456789012345678901234567890123456789\","
                      "\"0123456789012345678901234567890123456789\",\"0123456789012345678901234567890123456789\","
                      "\"0123456789012345678901234567890123456789\",\"0123456789012345678901234567890123456789\"]]}]}", &d));
    ENSURE(strstr(d.message, "\",…]") != NULL);
    acp_trace_diff_init(&d);
    ENSURE(!acp_trace_diff_finish(&d, 0, 0) && d.error);
    ENSURE(strcmp(d.message, "trace a has no lines") == 0);
}

/* A text that is no trace at all: its first line that is not blank does not open a JSON object
 * (acp_trace_text_opens_object), and the error names the trace and shows its first 16 bytes. */
static void trace_not_a_trace(void)
{
    static const struct { const char *text; size_t len; bool opens; } cases[] = {
        {"", 0, true},                              /* no lines: the empty trace's own error */
        {" \t\n\r\n  \n", 8, true},                 /* only blank lines */
        {"{\"frame\":1}", 11, true},
        {"\n\n  \t{", 6, true},                     /* blank lines, then spaces and a tab */
        {"\xEF\xBB\xBF {\"frame\":1}", 15, true},   /* a byte order mark, a space */
        {"{\r\n", 3, true},
        {" \xEF\xBB\xBF{", 5, false},               /* the mark only opens a line */
        {"\xEF\xBB\xBF", 3, false},
        {"[1]\n{", 5, false},                       /* the first line decides */
        {"\0{", 2, false},
        {"# notes\n{", 9, false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        ENSURE_EQ(acp_trace_text_opens_object(cases[i].text, cases[i].len), cases[i].opens);
    acp_trace_diff d;
    acp_trace_diff_init(&d);
    const unsigned char head[17] = {0, 1, 0x7f, 0x80, 0xff, '"', '\\', '\n', '\r', '\t', 'A', '~', ' ', '{', '[', '0', '1'};
    acp_trace_diff_not_a_trace(&d, 'b', head, sizeof head, 4096);
    ENSURE(d.error && !d.different);
    ENSURE(strcmp(d.message, "b is not a trace file (its first line does not open a JSON object): its first bytes are "
                             "00 01 7f 80 ff 22 5c 0a 0d 09 41 7e 20 7b 5b 30 \".....\\\"\\\\\\n\\r\\tA~ {[0\"...") == 0);
    acp_trace_diff_init(&d);
    acp_trace_diff_not_a_trace(&d, 'a', (const unsigned char *)"PK\x03", 3, 3); /* all of it: no "..." */
    ENSURE(strcmp(d.message, "a is not a trace file (its first line does not open a JSON object): its first bytes are "
                             "50 4b 03 \"PK.\"") == 0);
    /* After an error or a difference, nothing more is recorded. */
    acp_trace_diff_not_a_trace(&d, 'b', head, 1, 1);
    ENSURE(d.message[0] == 'a');
}

/* enter_at (docs/SCENARIOS.md): an object whose enter_at is > 0 is not in the world (no object,
 * not in the line or the digest) until the first frame whose time is >= enter_at; one added to a
 * running run (acp_run_add_object) grows the world's table, which still finds every object. */
static void objects_enter_later(void)
{
    static const char json[] =
        "{\"version\":1,\"excerpts\":[],\"player\":1,\"objects\":["
        "{\"id\":1,\"placement\":\"frame\",\"position\":{\"cell\":\"0xA9B40019\",\"origin\":[78,2,95]}},"
        "{\"id\":2,\"placement\":\"frame\",\"enter_at\":0.25,\"position\":{\"cell\":\"0xA9B40019\",\"origin\":[70,2,95]}}],"
        "\"frames\":{\"times\":[0.1,0.2,0.3]}}";
    char err[256];
    acp_jsonv_doc *doc = acp_cjson_parse(json, sizeof json - 1, err, sizeof err);
    ENSURE(doc != NULL);
    acp_run *run = acp_run_create(acp_jsonv_root(doc), ACP_RUN_PROFILE_SCENARIO);
    acp_jsonv_doc_destroy(doc);
    ENSURE(run && !acp_run_error(run) && acp_run_start(run));
    ENSURE(acp_run_object(run, 0) != NULL && acp_run_object(run, 1) == NULL);
    ENSURE(acp_run_step_next(run) && acp_run_step_next(run));
    ENSURE(acp_run_object(run, 1) == NULL);
    ENSURE(acp_world_object(acp_run_world(run), 2) == NULL);
    ENSURE(strstr(acp_run_line(run, NULL), "\"id\":2") == NULL);
    ENSURE(acp_run_last_frame(run)->objects[1].absent);
    ENSURE(acp_run_step_next(run));
    const acp_physobj *late = acp_run_object(run, 1);
    ENSURE(late != NULL && acp_world_object(acp_run_world(run), 2) == late);
    ENSURE(strstr(acp_run_line(run, NULL), "\"id\":2") != NULL);
    /* It entered with update_time 0.25 and ran its frame: elapsed 0.3 - 0.25 (doubles). */
    ENSURE(acp_run_last_frame(run)->objects[1].has_elapsed);
    ENSURE_DBITS(acp_run_last_frame(run)->objects[1].elapsed, 0.3 - 0.25);
    /* An object added while it runs: the world's table grows from 2 to 3 (the id index with it). */
    ENSURE(acp_run_world(run)->cap_objects == 2);
    static const char more[] = "{\"id\":300,\"placement\":\"frame\",\"enter_at\":0.35,"
                               "\"position\":{\"cell\":\"0xA9B40019\",\"origin\":[60,2,95]}}";
    doc = acp_cjson_parse(more, sizeof more - 1, err, sizeof err);
    ENSURE(doc != NULL);
    ENSURE(acp_run_add_object(run, acp_jsonv_root(doc)));
    ENSURE(!acp_run_add_object(run, acp_jsonv_root(doc))); /* its id is taken now */
    ENSURE(strcmp(acp_run_event_error(run), "objects[3].id: 300 is already the id of objects[2]") == 0);
    acp_jsonv_doc_destroy(doc);
    ENSURE(acp_run_step(run, 0.4));
    ENSURE(acp_run_world(run)->cap_objects == 3 && acp_run_world(run)->num_objects == 3);
    for (uint32_t id = 1; id <= 300; id++) {
        const acp_physobj *o = acp_world_object(acp_run_world(run), id);
        ENSURE((o != NULL) == (id == 1 || id == 2 || id == 300));
    }
    acp_run_destroy(run);
}

/* The player entering later is the player (the world's player_object) once it enters; a parent
 * event whose holder enters after its t is refused when the run starts, naming the holder. */
static void objects_enter_later_player_and_holder(void)
{
    static const char json[] =
        "{\"version\":1,\"excerpts\":[],\"player\":2,\"objects\":["
        "{\"id\":1,\"placement\":\"frame\",\"position\":{\"cell\":\"0xA9B40019\",\"origin\":[78,2,95]}},"
        "{\"id\":2,\"placement\":\"frame\",\"enter_at\":0.25,\"position\":{\"cell\":\"0xA9B40019\",\"origin\":[70,2,95]}}],"
        "\"frames\":{\"times\":[0.1,0.2,0.3]}}";
    char err[256];
    acp_jsonv_doc *doc = acp_cjson_parse(json, sizeof json - 1, err, sizeof err);
    ENSURE(doc != NULL);
    acp_run *run = acp_run_create(acp_jsonv_root(doc), ACP_RUN_PROFILE_SCENARIO);
    acp_jsonv_doc_destroy(doc);
    ENSURE(run && !acp_run_error(run) && acp_run_start(run));
    ENSURE(acp_run_world(run)->player == NULL);
    ENSURE(acp_run_step_next(run) && acp_run_step_next(run) && acp_run_world(run)->player == NULL);
    ENSURE(acp_run_step_next(run) && acp_run_world(run)->player == acp_run_object(run, 1));
    ENSURE(acp_run_object(run, 1) != NULL);
    acp_run_destroy(run);

    static const char held[] =
        "{\"version\":1,\"excerpts\":[],\"objects\":["
        "{\"id\":1,\"placement\":\"frame\",\"enter_at\":0.25,\"position\":{\"cell\":\"0xA9B40019\",\"origin\":[78,2,95]}},"
        "{\"id\":2,\"placement\":\"frame\",\"position\":{\"cell\":\"0xA9B40019\",\"origin\":[70,2,95]}}],"
        "\"events\":[{\"t\":0.2,\"object\":2,\"parent\":{\"to\":1,\"part\":-1}}],"
        "\"frames\":{\"times\":[0.1,0.2,0.3]}}";
    doc = acp_cjson_parse(held, sizeof held - 1, err, sizeof err);
    ENSURE(doc != NULL);
    run = acp_run_create(acp_jsonv_root(doc), ACP_RUN_PROFILE_SCENARIO);
    acp_jsonv_doc_destroy(doc);
    ENSURE(run && !acp_run_error(run) && !acp_run_start(run));
    ENSURE(strcmp(acp_run_error(run), "events[0].parent.to: object 1 enters the world at 0.25 s (its enter_at), after "
                                      "this event's t 0.20000000000000001") == 0);
    acp_run_destroy(run);
}

void suite_trace(void)
{
    RUN(objects_enter_later);
    RUN(objects_enter_later_player_and_holder);
    RUN(digest_definition);
    RUN(golden_traces);
    RUN(stepping);
    RUN(description_surface);
    RUN(server_events);
    RUN(server_messages_as_events);
    RUN(server_stamps_as_events);
    RUN(move_to_event);
    RUN(set_state_event);
    RUN(trace_diff);
    RUN(trace_diff_options);
    RUN(trace_not_a_trace);
}
