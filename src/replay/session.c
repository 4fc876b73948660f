/* acphys — one replay without its files. See session.h. */
#include "session.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "capture_adapter.h"
#include "compare.h"
#include "scenario/excerpts.h"
#include "scenario/run.h"

#define MAX_DATS 63u                      /* + "default": a scenario's 64 excerpts */
#define MAX_WARNINGS 64u

struct acp_replay_session {
    bool no_default, resync, failed, built, ran;
    acp_replay_frames frames;
    double threshold;
    char error[1024];
    char *warnings[MAX_WARNINGS];
    uint32_t num_warnings;
    acp_excerpts *records;                /* every record the run reads, for the plan */
    uint32_t num_dats;
    char *dat_names[MAX_DATS];
    uint8_t *dat_bytes[MAX_DATS];
    size_t dat_sizes[MAX_DATS];
    char *capture_name;
    acp_replay_capture capture;
    bool has_capture;
    acp_replay_plan plan;
    acp_replay_outcome outcome;
    acp_text table, totals, report;
};

static bool fail(acp_replay_session *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool fail(acp_replay_session *s, const char *fmt, ...)
{
    if (s->failed) return false;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->error, sizeof s->error, fmt, ap);
    va_end(ap);
    s->failed = true;
    return false;
}

static void warn(acp_replay_session *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void warn(acp_replay_session *s, const char *fmt, ...)
{
    if (s->num_warnings == MAX_WARNINGS) return;
    char line[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    char *copy = malloc(strlen(line) + 1);
    if (!copy) return;
    memcpy(copy, line, strlen(line) + 1);
    s->warnings[s->num_warnings++] = copy;
}

static char *dup_str(const char *v)
{
    size_t n = strlen(v) + 1;
    char *c = malloc(n);
    if (c) memcpy(c, v, n);
    return c;
}

acp_replay_session *acp_replay_session_create(bool no_default, acp_replay_frames frames, bool resync, double threshold)
{
    acp_replay_session *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->no_default = no_default;
    s->frames = frames;
    s->resync = resync;
    s->threshold = threshold;
    acp_text_init(&s->table);
    acp_text_init(&s->totals);
    acp_text_init(&s->report);
    s->records = acp_excerpts_create();
    if (!s->records) return acp_replay_session_destroy(s), NULL;
    uint32_t n = 0;
    const acp_embedded_excerpt *def = no_default ? NULL : acp_default_excerpts(&n);
    char msg[512];
    for (uint32_t i = 0; i < n; i++)
        if (!acp_excerpts_add(s->records, def[i].data, def[i].size, msg, sizeof msg))
            fail(s, "the default excerpt %s: %s", def[i].name, msg);
    return s;
}

void acp_replay_session_destroy(acp_replay_session *s)
{
    if (!s) return;
    for (uint32_t i = 0; i < s->num_warnings; i++) free(s->warnings[i]);
    for (uint32_t i = 0; i < s->num_dats; i++) {
        free(s->dat_names[i]);
        free(s->dat_bytes[i]);
    }
    acp_excerpts_destroy(s->records);
    free(s->capture_name);
    if (s->has_capture) acp_replay_capture_free(&s->capture);
    acp_replay_plan_free(&s->plan);
    acp_replay_outcome_free(&s->outcome);
    acp_text_free(&s->table);
    acp_text_free(&s->totals);
    acp_text_free(&s->report);
    free(s);
}

const char *acp_replay_session_error(const acp_replay_session *s) { return s->failed ? s->error : NULL; }
uint32_t acp_replay_session_warning_count(const acp_replay_session *s) { return s->num_warnings; }
const char *acp_replay_session_warning(const acp_replay_session *s, uint32_t i)
{
    return i < s->num_warnings ? s->warnings[i] : NULL;
}

bool acp_replay_session_add_dat(acp_replay_session *s, const char *shown, const char *name, const uint8_t *bytes,
                                size_t size)
{
    if (s->failed) return false;
    if (s->num_dats == MAX_DATS) return fail(s, "%s: more than %u DAT files", shown, MAX_DATS);
    char msg[512];
    if (!acp_excerpts_add(s->records, bytes, size, msg, sizeof msg)) return fail(s, "%s: %s", shown, msg);
    uint32_t i = s->num_dats;
    s->dat_names[i] = dup_str(name);
    s->dat_bytes[i] = malloc(size ? size : 1);
    if (!s->dat_names[i] || !s->dat_bytes[i]) {
        free(s->dat_names[i]);
        free(s->dat_bytes[i]);
        return fail(s, "out of memory");
    }
    if (size) memcpy(s->dat_bytes[i], bytes, size);
    s->dat_sizes[i] = size;
    s->num_dats++;
    return true;
}

bool acp_replay_session_read_capture(acp_replay_session *s, const char *name, const uint8_t *bytes, size_t size)
{
    if (s->failed) return false;
    free(s->capture_name);
    s->capture_name = dup_str(name);
    if (!s->capture_name) return fail(s, "out of memory");
    acp_replay_read_info info;
    char msg[512];
    if (!acp_replay_capture_read(bytes, size, &s->capture, &info, msg, sizeof msg)) return fail(s, "%s: %s", name, msg);
    s->has_capture = true;
    if (info.first_problem[0])
        warn(s, "%s: %zu unreadable lines or records, %zu bad checksums, %zu lost and %zu undecoded messages; the first: %s",
             name, info.unreadable, info.bad_checksums, info.lost, info.bad_messages, info.first_problem);
    if (info.unknown_commands)
        warn(s, "%s: %zu motions name a command acphys does not widen (e.g. 0x%04X); their commands are left out", name,
             info.unknown_commands, (unsigned)info.first_unknown);
    return true;
}

bool acp_replay_session_build(acp_replay_session *s)
{
    if (s->failed) return false;
    if (!s->has_capture) return fail(s, "no capture was read");
    const char *names[MAX_DATS + 1];
    uint32_t n = 0;
    if (!s->no_default) names[n++] = "default";
    for (uint32_t i = 0; i < s->num_dats; i++) names[n++] = s->dat_names[i];
    acp_replay_options opt = {.frames = s->frames, .resync = s->resync, .set_state_events = acp_replay_scenario_has_set_state(),
                              .num_excerpts = n, .excerpts = names, .has_record = acp_replay_has_record, .ctx = s->records};
    char msg[512];
    if (!acp_replay_build(&s->capture, &opt, &s->plan, msg, sizeof msg)) return fail(s, "%s: %s", s->capture_name, msg);
    s->built = true;
    if (s->plan.num_long_gaps)
        warn(s, "%s: --frames datagrams: %u steps between datagrams are longer than %.1f s (the longest %.3f s, ending at "
                "%.3f s): the world runs once per datagram, so it follows the client only where datagrams come about as "
                "often as the client's frames (every 1/60 s or so; retail's MinQuantum is 1/30 s); a sparse capture "
                "gets metres of error from that alone: replay it at the default 60 Hz",
             s->capture_name, (unsigned)s->plan.num_long_gaps, ACP_REPLAY_SPARSE_GAP, s->plan.max_gap, s->plan.max_gap_at);
    return true;
}

const char *acp_replay_session_scenario(const acp_replay_session *s, size_t *len)
{
    if (len) *len = s->built ? s->plan.scenario.len : 0;
    return s->built ? s->plan.scenario.data : "";
}

/* The guid of the scenario's objects[i] (its "id": a number or "0x..." text), or false. */
static bool object_guid(const acp_jsonv *root, unsigned long i, uint32_t *guid)
{
    const acp_jsonv *objs = acp_jsonv_get(root, "objects");
    if (!objs || objs->type != ACP_JSONV_ARRAY || i >= objs->count) return false;
    const acp_jsonv *id = acp_jsonv_get(&objs->items[i], "id");
    if (id && id->type == ACP_JSONV_NUMBER) *guid = (uint32_t)id->number;
    else if (id && id->type == ACP_JSONV_STRING) *guid = (uint32_t)strtoul(id->string, NULL, 0);
    else return false;
    return true;
}

/* A run's warning, with an object the scenario names by place ("objects[1].position.cell: the
 * object has no cell ...") named by its guid as the capture knows it ("object 0x7A9B4024: the
 * object has no cell ..."): the replay's scenario is made, the capture is the user's. */
static void warn_by_guid(acp_replay_session *s, const acp_jsonv *root, const char *w)
{
    char *end = NULL;
    unsigned long i = strncmp(w, "objects[", 8) ? 0 : strtoul(w + 8, &end, 10);
    const char *rest = end && end[0] == ']' ? strstr(end, ": ") : NULL;
    uint32_t guid = 0;
    if (!rest || !object_guid(root, i, &guid)) {
        warn(s, "%s", w);
        return;
    }
    warn(s, "object 0x%08X: %s", (unsigned)guid, rest + 2);
}

bool acp_replay_session_run(acp_replay_session *s, const acp_jsonv *root)
{
    if (s->failed) return false;
    if (!s->built) return fail(s, "the scenario was not built");
    acp_run *run = acp_run_create(root, ACP_RUN_PROFILE_SCENARIO);
    if (!run) return fail(s, "out of memory");
    uint32_t first = s->no_default ? 0 : 1;
    for (uint32_t i = 0; i < s->num_dats && !acp_run_error(run); i++)
        acp_run_set_excerpt(run, first + i, s->dat_bytes[i], s->dat_sizes[i]);
    if (!acp_run_error(run)) acp_run_start(run);
    if (acp_run_error(run)) {
        fail(s, "%s: the scenario made: %s", s->capture_name, acp_run_error(run));
        acp_run_destroy(run);
        return false;
    }
    for (uint32_t i = 0; i < acp_run_warning_count(run); i++) warn_by_guid(s, root, acp_run_warning(run, i));
    char msg[512];
    bool ok = acp_replay_compare(run, &s->plan, s->threshold, &s->outcome, msg, sizeof msg);
    acp_run_destroy(run);
    if (!ok) return fail(s, "%s: %s", s->capture_name, msg);
    s->ran = true;
    return true;
}

const char *acp_replay_session_table(acp_replay_session *s)
{
    if (!s->ran) return NULL;
    if (!s->table.len) acp_replay_table(&s->plan, &s->outcome, &s->table);
    return s->table.oom ? NULL : s->table.data;
}

/* The table's closing lines: from the "N reports:" line on. */
const char *acp_replay_session_totals(acp_replay_session *s)
{
    const char *t = acp_replay_session_table(s);
    if (!t) return NULL;
    if (!s->totals.len) {
        const char *from = t;
        for (const char *line = t; *line;) {
            const char *nl = strchr(line, '\n');
            const char *p = line;
            while (*p >= '0' && *p <= '9') p++;
            if (p > line && !strncmp(p, " reports: ", 10)) from = line;
            if (!nl) break;
            line = nl + 1;
        }
        acp_text_put(&s->totals, from);
    }
    return s->totals.oom ? NULL : s->totals.data;
}

const char *acp_replay_session_report(acp_replay_session *s)
{
    if (!s->ran) return NULL;
    if (!s->report.len) acp_replay_report_json(&s->plan, &s->outcome, &s->report);
    return s->report.oom ? NULL : s->report.data;
}
