/* acphys — `acphys replay`: a capture of the retail client replayed and compared (docs/REPLAY.md).
 * Files in and out and the scenario's JSON parse here; everything else, and every line printed but
 * the file errors, is src/replay/session.h's, which bin/acphys.mjs drives the same way. */
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
#include "replay/compare.h"
#include "replay/session.h"

#define REPLAY_USAGE \
    "usage: acphys replay <capture> [--portal <dat>] [--cell <dat>]... [--no-default] [--resync]\n" \
    "                     [--frames 60hz|datagrams] [--threshold <metres>] [--report <file.json>]\n" \
    "                     [--scenario <file.json>] [--quiet]\n"
#define MAX_DATS 63u                      /* + "default": the scenario's 64 excerpts at most */
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

/* The session's error, or 0. */
static int session_status(const acp_replay_session *s)
{
    const char *e = acp_replay_session_error(s);
    if (!e) return 0;
    fprintf(stderr, "acphys replay: %s\n", e);
    return 1;
}

static void print_warnings(const acp_replay_session *s, uint32_t *printed)
{
    for (; *printed < acp_replay_session_warning_count(s); (*printed)++)
        fprintf(stderr, "acphys replay: warning: %s\n", acp_replay_session_warning(s, *printed));
}

/* Read every DAT into the session, in the order given. */
static int give_dats(const replay_args *a, acp_replay_session *s)
{
    for (uint32_t i = 0; i < a->num_dats; i++) {
        char err[ACP_OUTFILE_ERR_SIZE];
        size_t len = 0;
        char *bytes = acp_read_file(a->dats[i], ACP_CLI_MAX_EXCERPT, &len, err, sizeof err);
        if (!bytes)
            return fprintf(stderr, "acphys replay: %s: cannot read the DAT: %s%s\n", a->dats[i], err,
                           strstr(err, "larger") ? " (cut the records you need out of it with acphys excerpt)" : ""), 1;
        char *path = realpath(a->dats[i], NULL);
        if (path) acp_replay_session_add_dat(s, a->dats[i], path, (const uint8_t *)bytes, len);
        free(bytes);
        free(path);
        if (!path) return fprintf(stderr, "acphys replay: %s: cannot resolve its path\n", a->dats[i]), 1;
        if (session_status(s)) return 1;
    }
    return 0;
}

/* The capture, the scenario (written with --scenario), the run. */
static int replay(const replay_args *a, acp_replay_session *s)
{
    size_t len = 0;
    char err[ACP_OUTFILE_ERR_SIZE];
    char *bytes = acp_read_file(a->capture, MAX_CAPTURE, &len, err, sizeof err);
    if (!bytes) return fprintf(stderr, "acphys replay: %s: cannot read the capture: %s\n", a->capture, err), 1;
    acp_replay_session_read_capture(s, a->capture, (const uint8_t *)bytes, len);
    free(bytes);
    uint32_t printed = 0;
    print_warnings(s, &printed);
    if (!acp_replay_session_build(s)) return session_status(s);
    size_t n = 0;
    const char *text = acp_replay_session_scenario(s, &n);
    if (a->scenario && write_file(a->scenario, "scenario", text, n)) return 1;
    acp_jsonv_doc *doc = acp_cjson_parse(text, n, err, sizeof err);
    if (!doc) return fprintf(stderr, "acphys replay: %s: the scenario made: %s\n", a->capture, err), 1;
    acp_replay_session_run(s, acp_jsonv_root(doc));
    acp_jsonv_doc_destroy(doc);
    print_warnings(s, &printed);
    if (session_status(s)) return 1;
    const char *report = acp_replay_session_report(s);
    const char *table = a->quiet ? acp_replay_session_totals(s) : acp_replay_session_table(s);
    if (!report || !table) return fprintf(stderr, "acphys replay: out of memory\n"), 1;
    if (a->report && write_file(a->report, "report", report, strlen(report))) return 1;
    fputs(table, stdout);
    return 0;
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
    acp_replay_session *s = acp_replay_session_create(a.no_default, a.frames, a.resync, a.threshold);
    if (!s) return fprintf(stderr, "acphys replay: out of memory\n"), 1;
    int status = session_status(s);
    if (!status) status = give_dats(&a, s);
    if (!status) status = replay(&a, s);
    acp_replay_session_destroy(s);
    return status;
}
