/* acphys — `acphys replay`: a capture of the retail client replayed and compared (docs/REPLAY.md).
 * The capture → messages (src/replay/capture_adapter.h) → scenario (src/replay/replay.h) → the
 * one runner (src/scenario/run.h) → the comparison (src/replay/compare.h). */
#define _DEFAULT_SOURCE /* realpath */
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cjson_bridge.h"
#include "commands.h"
#include "outfile.h"
#include "replay/capture_adapter.h"
#include "replay/compare.h"
#include "replay/replay.h"
#include "scenario/excerpts.h"
#include "scenario/run.h"

#define REPLAY_USAGE \
    "usage: acphys replay <capture> [--portal <dat>] [--cell <dat>]... [--no-default] [--resync]\n" \
    "                     [--frames 60hz|datagrams] [--threshold <metres>] [--report <file.json>]\n" \
    "                     [--scenario <file.json>] [--quiet]\n"
#define MAX_DATS 62u                      /* + "default": the scenario's 64 excerpts at most */
#define MAX_CAPTURE ((size_t)1 << 30)

typedef struct replay_args {
    const char *capture, *report, *scenario;
    const char *dats[MAX_DATS];           /* --portal and --cell in the order given */
    uint32_t num_dats;
    bool no_default, resync, quiet;
    acp_replay_frames frames;
    bool has_frames, has_threshold;
    double threshold;
} replay_args;

static int replay_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int replay_usage(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("acphys replay: ", stderr);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputs("\n" REPLAY_USAGE, stderr);
    return 2;
}

static int parse_value(replay_args *a, const char *opt, const char *v)
{
    if (!strcmp(opt, "--report") || !strcmp(opt, "--scenario")) {
        const char **slot = opt[2] == 'r' ? &a->report : &a->scenario;
        if (*slot) return replay_usage("%s given twice", opt);
        if (!*v) return replay_usage("%s needs a file name, not \"\"", opt);
        *slot = v;
    } else if (!strcmp(opt, "--portal") || !strcmp(opt, "--cell")) {
        if (a->num_dats == MAX_DATS) return replay_usage("more than %u DAT files", MAX_DATS);
        if (!*v) return replay_usage("%s needs a file name, not \"\"", opt);
        a->dats[a->num_dats++] = v;
    } else if (!strcmp(opt, "--frames")) {
        if (a->has_frames) return replay_usage("--frames given twice");
        if (strcmp(v, "60hz") && strcmp(v, "datagrams"))
            return replay_usage("--frames must be 60hz or datagrams, not \"%s\"", v);
        a->has_frames = true;
        a->frames = v[0] == '6' ? ACP_REPLAY_FRAMES_60HZ : ACP_REPLAY_FRAMES_DATAGRAMS;
    } else { /* --threshold */
        if (a->has_threshold) return replay_usage("--threshold given twice");
        char *end = NULL;
        double d = strtod(v, &end);
        if (!*v || *end || !(d >= 0.0 && d <= 1.0e6))
            return replay_usage("--threshold must be a distance in metres from 0 to 1e6, not \"%s\"", v);
        a->has_threshold = true;
        a->threshold = d;
    }
    return 0;
}

static int parse_args(int argc, char **argv, replay_args *a)
{
    static const char *const VALUED[] = {"--report", "--scenario", "--portal", "--cell", "--frames", "--threshold"};
    for (int i = 0; i < argc; i++) {
        const char *s = argv[i];
        bool valued = false;
        for (size_t k = 0; k < sizeof VALUED / sizeof VALUED[0]; k++) valued |= !strcmp(s, VALUED[k]);
        if (valued) {
            if (i + 1 >= argc) return replay_usage("%s needs a value", s);
            if (parse_value(a, s, argv[++i])) return 2;
        } else if (!strcmp(s, "--resync") || !strcmp(s, "--no-default") || !strcmp(s, "--quiet")) {
            bool *flag = s[2] == 'r' ? &a->resync : s[2] == 'n' ? &a->no_default : &a->quiet;
            if (*flag) return replay_usage("%s given twice", s);
            *flag = true;
        } else if (s[0] == '-' && s[1]) {
            return replay_usage("unknown option \"%s\"", s);
        } else if (a->capture) {
            return replay_usage("a second capture \"%s\" (replay takes one)", s);
        } else {
            a->capture = s;
        }
    }
    if (!a->capture) return replay_usage("no capture file");
    if (!a->has_threshold) a->threshold = ACP_REPLAY_DEFAULT_THRESHOLD;
    return 0;
}

/* ---- the DATs ---- */

typedef struct dats {
    acp_excerpts *records;                /* every record the run will read, for the plan */
    uint8_t *bytes[MAX_DATS];
    size_t sizes[MAX_DATS];
    char *paths[MAX_DATS];                /* absolute: the written scenario names them so */
} dats;

static void dats_free(dats *d)
{
    acp_excerpts_destroy(d->records);
    for (uint32_t i = 0; i < MAX_DATS; i++) {
        free(d->bytes[i]);
        free(d->paths[i]);
    }
}

static int load_dats(const replay_args *a, dats *d)
{
    char msg[512];
    d->records = acp_excerpts_create();
    if (!d->records) return fprintf(stderr, "acphys replay: out of memory\n"), 1;
    uint32_t n_default = 0;
    const acp_embedded_excerpt *def = a->no_default ? NULL : acp_default_excerpts(&n_default);
    for (uint32_t i = 0; i < n_default; i++)
        if (!acp_excerpts_add(d->records, def[i].data, def[i].size, msg, sizeof msg))
            return fprintf(stderr, "acphys replay: the default excerpt %s: %s\n", def[i].name, msg), 1;
    for (uint32_t i = 0; i < a->num_dats; i++) {
        char err[ACP_OUTFILE_ERR_SIZE];
        size_t len = 0;
        d->bytes[i] = (uint8_t *)acp_read_file(a->dats[i], ACP_CLI_MAX_EXCERPT, &len, err, sizeof err);
        if (!d->bytes[i])
            return fprintf(stderr, "acphys replay: %s: cannot read the DAT: %s%s\n", a->dats[i], err,
                           strstr(err, "larger") ? " (cut the records you need out of it with acphys excerpt)" : ""), 1;
        d->sizes[i] = len;
        if (!acp_excerpts_add(d->records, d->bytes[i], len, msg, sizeof msg))
            return fprintf(stderr, "acphys replay: %s: %s\n", a->dats[i], msg), 1;
        d->paths[i] = realpath(a->dats[i], NULL);
        if (!d->paths[i]) return fprintf(stderr, "acphys replay: %s: cannot resolve its path\n", a->dats[i]), 1;
    }
    return 0;
}

/* ---- writing ---- */

static int write_file(const char *path, const char *what, const char *data, size_t len)
{
    char err[ACP_OUTFILE_ERR_SIZE];
    acp_outfile o = {0};
    if (acp_outfile_open(&o, path, err, sizeof err) != 0)
        return fprintf(stderr, "acphys replay: %s: cannot write the %s: %s\n", path, what, err), 1;
    fwrite(data, 1, len, o.fp);
    if (acp_outfile_commit(&o, err, sizeof err) != 0)
        return fprintf(stderr, "acphys replay: %s: cannot write the %s: %s\n", path, what, err), 1;
    return 0;
}

static int refuse_input(const replay_args *a, const char *out, const char *opt)
{
    if (!out) return 0;
    bool clash = acp_same_file(out, a->capture);
    for (uint32_t i = 0; i < a->num_dats && !clash; i++) clash = acp_same_file(out, a->dats[i]);
    if (!clash) return 0;
    fprintf(stderr, "acphys replay: %s %s is an input of the replay; write it to another file\n", opt, out);
    return 2;
}

/* ---- the run ---- */

static int run_plan(const replay_args *a, const dats *d, const acp_replay_plan *plan, acp_replay_outcome *out)
{
    char err[512];
    acp_jsonv_doc *doc = acp_cjson_parse(plan->scenario.data, plan->scenario.len, err, sizeof err);
    if (!doc) return fprintf(stderr, "acphys replay: %s: the scenario made: %s\n", a->capture, err), 1;
    acp_run *run = acp_run_create(acp_jsonv_root(doc), ACP_RUN_PROFILE_SCENARIO);
    acp_jsonv_doc_destroy(doc);
    if (!run) return fprintf(stderr, "acphys replay: out of memory\n"), 1;
    uint32_t first = a->no_default ? 0 : 1;
    for (uint32_t i = 0; i < a->num_dats && !acp_run_error(run); i++)
        acp_run_set_excerpt(run, first + i, d->bytes[i], d->sizes[i]);
    if (!acp_run_error(run)) acp_run_start(run);
    int status = 0;
    if (acp_run_error(run)) {
        fprintf(stderr, "acphys replay: %s: the scenario made: %s\n", a->capture, acp_run_error(run));
        status = 1;
    }
    for (uint32_t i = 0; !status && i < acp_run_warning_count(run); i++)
        fprintf(stderr, "acphys replay: warning: %s\n", acp_run_warning(run, i));
    if (!status && !acp_replay_compare(run, plan, a->threshold, out, err, sizeof err)) {
        fprintf(stderr, "acphys replay: %s: %s\n", a->capture, err);
        status = 1;
    }
    acp_run_destroy(run);
    return status;
}

static int replay(const replay_args *a, dats *d)
{
    char msg[512];
    size_t len = 0;
    char err[ACP_OUTFILE_ERR_SIZE];
    char *bytes = acp_read_file(a->capture, MAX_CAPTURE, &len, err, sizeof err);
    if (!bytes) return fprintf(stderr, "acphys replay: %s: cannot read the capture: %s\n", a->capture, err), 1;
    acp_replay_capture cap;
    acp_replay_read_info info;
    bool ok = acp_replay_capture_read((const uint8_t *)bytes, len, &cap, &info, msg, sizeof msg);
    free(bytes);
    if (!ok) return fprintf(stderr, "acphys replay: %s: %s\n", a->capture, msg), 1;
    if (info.first_problem[0])
        fprintf(stderr, "acphys replay: warning: %s: %zu bad checksums, %zu lost and %zu undecoded messages; the first: %s\n",
                a->capture, info.bad_checksums, info.lost, info.bad_messages, info.first_problem);
    if (info.unknown_commands)
        fprintf(stderr, "acphys replay: warning: %s: %zu motions name a command acphys does not widen (e.g. 0x%04X); their commands are left out\n",
                a->capture, info.unknown_commands, (unsigned)info.first_unknown);
    const char *names[MAX_DATS + 1];
    uint32_t n = 0;
    if (!a->no_default) names[n++] = "default";
    for (uint32_t i = 0; i < a->num_dats; i++) names[n++] = d->paths[i];
    acp_replay_options opt = {a->frames, a->resync, n, names, acp_replay_has_record, d->records};
    acp_replay_plan plan;
    ok = acp_replay_build(&cap, &opt, &plan, msg, sizeof msg);
    acp_replay_capture_free(&cap);
    if (!ok) return fprintf(stderr, "acphys replay: %s: %s\n", a->capture, msg), 1;
    int status = a->scenario ? write_file(a->scenario, "scenario", plan.scenario.data, plan.scenario.len) : 0;
    acp_replay_outcome out = {0};
    if (!status) status = run_plan(a, d, &plan, &out);
    acp_text t;
    acp_text_init(&t);
    if (!status && a->report) {
        acp_replay_report_json(&plan, &out, &t);
        status = t.oom ? (fprintf(stderr, "acphys replay: out of memory\n"), 1) : write_file(a->report, "report", t.data, t.len);
    }
    if (!status) {
        acp_text_clear(&t);
        acp_replay_table(&plan, &out, &t);
        if (a->quiet) {
            const char *last = t.len ? t.data + t.len - 1 : t.data;
            while (last > t.data && last[-1] != '\n') last--;
            const char *summary = strstr(t.data, " reports: ");
            while (summary && summary > t.data && summary[-1] != '\n') summary--;
            fputs(summary ? summary : last, stdout);
        } else {
            fwrite(t.data, 1, t.len, stdout);
        }
    }
    acp_text_free(&t);
    acp_replay_outcome_free(&out);
    acp_replay_plan_free(&plan);
    return status;
}

int acp_cli_replay(int argc, char **argv)
{
    replay_args a = {0};
    if (parse_args(argc, argv, &a)) return 2;
    int refused = refuse_input(&a, a.report, "--report");
    if (!refused) refused = refuse_input(&a, a.scenario, "--scenario");
    if (!refused && a.report && a.scenario && acp_same_file(a.report, a.scenario))
        refused = (fprintf(stderr, "acphys replay: --report and --scenario name one file\n"), 2);
    if (refused) return refused;
    dats d = {0};
    int status = load_dats(&a, &d);
    if (!status) status = replay(&a, &d);
    dats_free(&d);
    return status;
}
