/* acphys — `acphys conform <dir-of-your-traces> [--suite DIR] [--group G] [--fields a,b,c]
 * [--ulps N] [--abs X]`: every case of the conformance suite (conformance/v1/manifest.json) whose
 * trace the port wrote as <dir>/<case>.jsonl (or <case>.quanta.jsonl), compared with the suite's golden
 * trace: frames records with the frames golden, per-quantum records with the case's quanta golden
 * (or with the frames golden as `acphys diff` compares the two kinds). The rows and
 * the report are src/scenario/conform.h; bin/conform.mjs does the same through the .wasm. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cjson_bridge.h"
#include "commands.h"
#include "scenario/conform.h"
#include "scenario/dereth.h"

#ifndef ACP_SUITE_DIR
#define ACP_SUITE_DIR "conformance/v1"
#endif

static int conform_usage(void)
{
    fprintf(stderr, "usage: acphys conform <dir-of-your-traces> [--suite DIR] [--group G] %s\n"
                    "       acphys conform <dir-of-your-traces> --format dereth [--exact] [--suite DIR] [--group G]\n",
            ACP_DIFF_OPTIONS_USAGE);
    return 2;
}

/* "dir/name" into a fresh string. */
static char *join_path(const char *dir, const char *name, const char *ext)
{
    size_t n = strlen(dir) + strlen(name) + strlen(ext) + 2;
    char *p = malloc(n);
    if (p) snprintf(p, n, "%s/%s%s", dir, name, ext);
    return p;
}

/* A manifest string member, or NULL. */
static const char *str_of(const acp_jsonv *o, const char *key)
{
    const acp_jsonv *v = acp_jsonv_get(o, key);
    return v && v->type == ACP_JSONV_STRING ? v->string : NULL;
}

/* The case's "fields" array as "a,b,c" into buf; false when it is not an array of strings. */
static bool fields_csv(const acp_jsonv *c, char *buf, size_t size)
{
    const acp_jsonv *f = acp_jsonv_get(c, "fields");
    if (!f || f->type != ACP_JSONV_ARRAY) return false;
    acp_text t;
    acp_text_fixed(&t, buf, size);
    for (uint32_t i = 0; i < f->count; i++) {
        if (f->items[i].type != ACP_JSONV_STRING) return false;
        if (i) acp_text_put_char(&t, ',');
        acp_text_put(&t, f->items[i].string);
    }
    return true;
}

/* How conform judges: the suite's traces and options, or dereth's record shape and rule. */
typedef struct judging {
    bool dereth;                     /* --format dereth: the cases' "dereth" goldens */
    bool exact;                      /* --exact: dereth records bit for bit */
} judging;

/* Judge an acphys trace t of either record kind (its first record decides): a quanta trace
 * against the case's "quanta" golden when it has one, else against the frames golden g as `acphys
 * diff` judges frames against quanta; a dereth trace gets the --format dereth hint. False when out
 * of memory; *status 2 after printing why a quanta golden the manifest names cannot be read. */
static bool judge_acphys(acp_trace_diff *d, const char *suite, const acp_jsonv *kase, char *g, size_t lg, char *t,
                         size_t lt, const char *tpath, int *status)
{
    acp_trace_shape shape = acp_cli_text_shape(t, lt);
    const char *quanta = str_of(kase, "quanta");
    if (shape == ACP_TRACE_SHAPE_DERETH) {
        d->error = true;
        snprintf(d->message, sizeof d->message, "dereth records (\"t\" and \"transition_state\", no "
                 "\"frame\"): judge them with --format dereth");
        return true;
    }
    if (shape != ACP_TRACE_SHAPE_QUANTA || !quanta) return acp_cli_diff_shaped(d, g, lg, t, lt, NULL, false);
    char err[640];
    size_t lq = 0;
    char *qpath = join_path(suite, quanta, "");
    char *q = qpath ? acp_read_file(qpath, ACP_CLI_MAX_TEXT_FILE, &lq, err, sizeof err) : NULL;
    bool ok = true;
    if (!q) {
        fprintf(stderr, "acphys: conform: %s: cannot read the quanta golden trace: %s\n", qpath ? qpath : quanta, err);
        *status = 2;
    } else {
        ok = acp_cli_diff_texts(d, q, lq, t, lt, NULL);
        if (d->error) acp_trace_diff_name_sides(d, qpath, tpath);
    }
    free(q);
    free(qpath);
    return ok;
}

/* Judge one case into c. Returns 0, or 2 after printing why the suite is unusable. */
static int judge_case(acp_conform *c, const char *suite, const char *dir, const acp_jsonv *kase, uint32_t index,
                      const judging *how)
{
    const char *group = str_of(kase, "group"), *name = str_of(kase, "trace");
    const char *golden = str_of(kase, how->dereth ? "dereth" : "golden");
    if (how->dereth && !golden) return 0; /* no dereth golden: not judged in that shape */
    char csv[512], err[640];
    acp_diff_options o;
    if (!group || !name || !golden || !fields_csv(kase, csv, sizeof csv)) {
        fprintf(stderr, "acphys: conform: %s/manifest.json: cases[%u] lacks \"group\", \"trace\", \"golden\" or \"fields\"\n",
                suite, index);
        return 2;
    }
    if (!acp_conform_case_options(c, csv, &o, err, sizeof err)) {
        fprintf(stderr, "acphys: conform: %s/manifest.json: cases[%u].fields: %s\n", suite, index, err);
        return 2;
    }
    char *gpath = join_path(suite, golden, ""), *tpath = join_path(dir, name, ".jsonl");
    size_t lg = 0, lt = 0;
    char *g = gpath ? acp_read_file(gpath, ACP_CLI_MAX_TEXT_FILE, &lg, err, sizeof err) : NULL;
    int status = 0;
    if (!g) {
        fprintf(stderr, "acphys: conform: %s: cannot read the golden trace: %s\n", gpath ? gpath : golden, err);
        status = 2;
    } else {
        struct stat st;
        bool absent = tpath && stat(tpath, &st) != 0 && (errno == ENOENT || errno == ENOTDIR);
        if (absent && !how->dereth) { /* a per-quantum trace may be named <case>.quanta.jsonl */
            char *qpath = join_path(dir, name, ".quanta.jsonl");
            if (qpath && stat(qpath, &st) == 0) {
                free(tpath);
                tpath = qpath;
                absent = false;
            } else {
                free(qpath);
            }
        }
        char *t = tpath && !absent ? acp_read_file(tpath, ACP_CLI_MAX_TEXT_FILE, &lt, err, sizeof err) : NULL;
        acp_trace_diff d;
        acp_trace_diff_init_with(&d, &o);
        if (absent) {
            acp_conform_add(c, group, name, NULL);
        } else if (!t) {
            d.error = true;
            snprintf(d.message, sizeof d.message, "cannot read %s: %s", tpath, err);
            acp_conform_add(c, group, name, &d);
        } else if (!acp_trace_text_opens_object(t, lt)) {
            /* A DAT, a README: no trace at all (wasm/conform.mjs conform says the same). */
            acp_trace_diff_not_a_trace(&d, 'b', (const unsigned char *)t, lt, lt);
            acp_conform_add(c, group, name, &d);
        } else {
            bool ok = how->dereth ? acp_cli_diff_shaped(&d, g, lg, t, lt, NULL, how->exact)
                                  : judge_acphys(&d, suite, kase, g, lg, t, lt, tpath, &status);
            if (d.error) acp_trace_diff_name_sides(&d, gpath, tpath);
            if (!ok && status == 0) status = 2;
            else if (status == 0) acp_conform_add(c, group, name, &d);
        }
        free(t);
    }
    free(g);
    free(gpath);
    free(tpath);
    return status;
}

/* A usage error naming the argument: "acphys conform: <what>" and the usage. */
static int conform_usage_error(const char *what, const char *arg)
{
    fprintf(stderr, "acphys conform: ");
    fprintf(stderr, what, arg);
    fprintf(stderr, "\n");
    return conform_usage();
}

int acp_cli_conform(int argc, char **argv)
{
    acp_diff_options o;
    acp_diff_options_init(&o);
    const char *dir = NULL, *suite = ACP_SUITE_DIR, *group = NULL, *format = NULL;
    const char *bad_what = NULL, *bad_arg = NULL; /* the first argument that is wrong, named after the loop */
    judging how = {false, false};
    /* The diff options first (the first bad one is the error), then the first other wrong
     * argument: bin/acphys.mjs conformCmd checks in the same order. */
    for (int i = 0; i < argc; i++) {
        bool has_value = i + 1 < argc;
        const char *a = argv[i], *what = NULL;
        if (!strcmp(a, "--suite") && has_value) suite = argv[++i];
        else if (!strcmp(a, "--format") && has_value && !format) format = argv[++i];
        else if (!strcmp(a, "--exact") && !how.exact) how.exact = true;
        else if (!strcmp(a, "--group") && has_value) group = argv[++i];
        else if (!strcmp(a, "--suite") || !strcmp(a, "--group") || (!strcmp(a, "--format") && !format))
            what = "%s: a value is needed";
        else if (!strcmp(a, "--format") || !strcmp(a, "--exact")) what = "%s given twice";
        else if (!strcmp(a, "--all")) what = "%s is diff's option (conform lists every failing case)";
        else if (acp_diff_option_known(a)) {
            if (acp_cli_parse_diff_option(&o, argc, argv, &i)) return 2;
        } else if (a[0] == '-' && a[1]) what = "unknown option \"%s\"";
        else if (dir) what = "unexpected argument \"%s\" (conform takes one folder of traces)";
        else dir = a;
        if (what && !bad_what) {
            bad_what = what;
            bad_arg = a;
        }
    }
    if (bad_what) return conform_usage_error(bad_what, bad_arg);
    if (!dir) return conform_usage_error("%sno folder of traces", "");
    if (format && strcmp(format, "dereth") && strcmp(format, "acphys")) {
        fprintf(stderr, "acphys: conform: --format: \"%s\" is not acphys or dereth\n", format);
        return 2;
    }
    how.dereth = format && !strcmp(format, "dereth");
    if (how.exact && !how.dereth) {
        fprintf(stderr, "acphys: conform: --exact judges dereth records: add --format dereth (acphys traces are "
                        "judged bit for bit unless --ulps or --abs is given)\n");
        return 2;
    }
    if (how.dereth && (o.fields_asked || o.ulps_f32 || o.ulps_f64 || o.abs > 0.0)) {
        fprintf(stderr, "acphys: conform: --format dereth judges by dereth's own rule (or --exact): --fields, --ulps "
                        "and --abs do not apply\n");
        return 2;
    }
    struct stat dst;
    if (stat(dir, &dst) != 0 || !S_ISDIR(dst.st_mode)) {
        fprintf(stderr, "acphys: conform: %s is not a folder of traces (%s)\n", dir,
                stat(dir, &dst) != 0 ? strerror(errno) : "not a directory");
        return 2;
    }
    char err[256];
    char *mpath = join_path(suite, "manifest.json", "");
    size_t lm = 0;
    char *mtext = mpath ? acp_read_file(mpath, ACP_CLI_MAX_TEXT_FILE, &lm, err, sizeof err) : NULL;
    if (!mtext) {
        fprintf(stderr, "acphys: conform: %s: cannot read the suite's manifest: %s (give the suite's folder with "
                        "--suite DIR: conformance/v1 in the acphys repository or package)\n",
                mpath ? mpath : suite, err);
        free(mpath);
        return 2;
    }
    acp_jsonv_doc *doc = acp_cjson_parse(mtext, lm, err, sizeof err);
    const acp_jsonv *cases = doc ? acp_jsonv_get(acp_jsonv_root(doc), "cases") : NULL;
    int status = 2;
    if (!cases || cases->type != ACP_JSONV_ARRAY) {
        fprintf(stderr, "acphys: conform: %s: %s\n", mpath, doc ? "no \"cases\" array" : err);
    } else {
        acp_conform c;
        acp_conform_init(&c, &o);
        status = 0;
        for (uint32_t i = 0; i < cases->count && status == 0; i++) {
            const char *g = str_of(&cases->items[i], "group");
            if (group && (!g || strcmp(g, group))) continue;
            status = judge_case(&c, suite, dir, &cases->items[i], i, &how);
        }
        if (status == 0 && c.count == 0 && how.dereth) {
            fprintf(stderr, "acphys: conform: --format dereth: no case%s%s has a dereth golden (the dereth-gate group has)\n",
                    group ? " of group " : "", group ? group : "");
            status = 2;
        } else if (status == 0 && c.count == 0) {
            fprintf(stderr, "acphys: conform: --group %s: no case of the suite is in that group\n", group ? group : "");
            status = 2;
        } else if (status == 0) {
            acp_text t;
            acp_text_init(&t);
            acp_conform_report(&c, &t);
            fputs(t.oom ? "acphys: out of memory\n" : t.data, stdout);
            status = acp_conform_passed(&c) && !t.oom ? 0 : 1;
            acp_text_free(&t);
        }
        acp_conform_free(&c);
    }
    acp_jsonv_doc_destroy(doc);
    free(mtext);
    free(mpath);
    return status;
}
