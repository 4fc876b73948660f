/* acphys — `acphys run`: run a scenario natively, print the per-frame table, write the trace.
 * bin/acphys.mjs does the same through the .wasm; every line both print comes from the C runner
 * (src/scenario/run.h), so their output is the same. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cjson_bridge.h"
#include "commands.h"
#include "outfile.h"
#include "physics/world/physics.h"
#include "scenario/diff.h"
#include "scenario/run.h"

#define RUN_USAGE \
    "usage: acphys run <scenario.json> [--trace <out.jsonl>] [--records frames|quanta] [--format acphys|dereth] " \
    "[--profile retail|acdream-r6|ace|render-frame] [--peer ace-max-quantum|ace-sled-friction|ace-water-depth|ace-moveto-defaults|gdle-water-depth]... [--quiet] [--force]\n" \
    "       [--inspect <object>:<frame>]   (print that frame's collision sweeps of the object as JSON)\n" \
    "       [--snapshot-at <frame> --snapshot <file>]   (write the world's snapshot after that frame)\n" \
    "       [--resume <file>]   (continue from a snapshot: the frames after it)\n"

/* The trace's size, estimated before it is written: TRACE_FRAME_BYTES a line (frame, now, gate,
 * digest) and TRACE_OBJECT_BYTES an object in it (the recorded scenarios' traces have 200 to 340).
 * Above TRACE_LIMIT_BYTES (2 GB) run refuses to write it without --force. bin/acphys.mjs has the
 * same numbers. */
#define TRACE_FRAME_BYTES 128u
#define TRACE_OBJECT_BYTES 300u
#define TRACE_LIMIT_BYTES 2000000000ull

/* A usage error: "acphys run: <what is wrong>", then the usage line; returns 2. bin/acphys.mjs
 * prints the same words. */
static int run_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int run_usage(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("acphys run: ", stderr);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputs("\n" RUN_USAGE, stderr);
    return 2;
}

/* The arguments after "run" into the paths and flags; 0, or 2 after a usage error naming the
 * argument (an unknown option, one given twice or without its value, a second scenario). */
static int parse_run_args(int argc, char **argv, const char **scenario, const char **trace, const char **profile,
                          const char **records, const char **format, uint32_t *peers, const char **inspect, bool *quiet,
                          bool *force)
{
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--peer")) { /* a comparison mode (physics.h acp_peer_rule), repeatable */
            if (i + 1 >= argc) return run_usage("--peer needs a rule name (ace-max-quantum, ace-sled-friction, ace-water-depth, ace-moveto-defaults, gdle-water-depth)");
            const char *name = argv[++i];
            uint32_t k = 0;
            while (acp_peer_rule_name(k) && strcmp(acp_peer_rule_name(k), name)) k++;
            if (!acp_peer_rule_name(k))
                return run_usage("--peer: unknown rule \"%s\" (known: ace-max-quantum, ace-sled-friction, ace-water-depth, ace-moveto-defaults, gdle-water-depth)", name);
            *peers |= 1u << k;
            continue;
        }
        bool is_trace = !strcmp(a, "--trace"), is_profile = !strcmp(a, "--profile");
        bool is_records = !strcmp(a, "--records"), is_format = !strcmp(a, "--format"), is_inspect = !strcmp(a, "--inspect");
        if (is_trace || is_profile || is_records || is_format || is_inspect) {
            const char **slot = is_trace ? trace : is_profile ? profile : is_records ? records : is_format ? format : inspect;
            if (*slot) return run_usage("%s given twice", a);
            if (i + 1 >= argc)
                return run_usage("%s needs %s", a, is_trace ? "a file name" : is_profile ? "a profile name"
                                                   : is_records ? "frames or quanta" : is_format ? "acphys or dereth"
                                                                : "<object>:<frame>");
            *slot = argv[++i];
        } else if (!strcmp(a, "--quiet") || !strcmp(a, "--force")) {
            bool *flag = a[2] == 'q' ? quiet : force;
            if (*flag) return run_usage("%s given twice", a);
            *flag = true;
        } else if (a[0] == '-') {
            return run_usage("unknown option \"%s\"", a);
        } else if (*scenario) {
            return run_usage("a second scenario file \"%s\" (run takes one)", a);
        } else {
            *scenario = a;
        }
    }
    if (!*scenario) return run_usage("no scenario file");
    if (*trace && !**trace) return run_usage("--trace needs a file name, not \"\"");
    if (*records && strcmp(*records, "frames") && strcmp(*records, "quanta"))
        return run_usage("--records: \"%s\" is not frames or quanta", *records);
    if (*format && strcmp(*format, "acphys") && strcmp(*format, "dereth"))
        return run_usage("--format: \"%s\" is not acphys or dereth", *format);
    if (*format && !strcmp(*format, "dereth") && !(*records && !strcmp(*records, "quanta")))
        return run_usage("--format dereth writes per-quantum records: add --records quanta");
    return 0;
}

/* 2 (reported) when the run's trace would be larger than TRACE_LIMIT_BYTES, else 0. */
static int trace_too_large(const acp_run *run, const char *trace_path)
{
    uint64_t objects = acp_run_scenario(run)->num_objects, frames = acp_run_frames_total(run);
    uint64_t bytes = frames * (TRACE_FRAME_BYTES + TRACE_OBJECT_BYTES * objects);
    if (bytes <= TRACE_LIMIT_BYTES) return 0;
    uint64_t tenths = (bytes + 99999999u) / 100000000u; /* GB to one decimal, rounded up */
    fprintf(stderr,
            "acphys run: --trace %s: the trace would be about %llu.%llu GB (%llu objects x %llu frames at about %u "
            "bytes an object a frame), more than the 2 GB written without --force; add --force to write it, or run "
            "fewer frames or objects\n",
            trace_path, (unsigned long long)(tenths / 10), (unsigned long long)(tenths % 10),
            (unsigned long long)objects, (unsigned long long)frames, TRACE_OBJECT_BYTES);
    return 2;
}

/* True when the text's first line is a trace's record (a frame, a quantum, a dereth record) or
 * its closing digest line, and more follows: a trace given where a scenario belongs
 * (bin/acphys.mjs isTraceText says the same). */
static bool is_trace_text(const char *text, size_t len)
{
    const char *nl = memchr(text, '\n', len);
    if (!nl || nl + 1 >= text + len) return false;
    char err[64];
    acp_jsonv_doc *doc = acp_cjson_parse_ex(text, (size_t)(nl - text), true, err, sizeof err);
    if (!doc) return false;
    const acp_jsonv *v = acp_jsonv_root(doc);
    bool trace = acp_trace_line_shape(v) != ACP_TRACE_SHAPE_NONE || acp_trace_is_closing_line(v);
    acp_jsonv_doc_destroy(doc);
    return trace;
}

/* The excerpt's file: absolute as given, else relative to the scenario file's folder. */
static char *excerpt_path(const char *scenario_path, const char *name)
{
    size_t dir = 0;
    const char *slash = strrchr(scenario_path, '/');
    if (name[0] != '/' && slash) dir = (size_t)(slash - scenario_path) + 1;
    size_t n = strlen(name);
    char *p = malloc(dir + n + 1);
    if (!p) return NULL;
    memcpy(p, scenario_path, dir);
    memcpy(p + dir, name, n + 1);
    return p;
}

/* The trace would overwrite an input of the run: refuse (exit status 2), as excerpt -o does. */
static int trace_is_input(const char *trace_path, const char *input, const char *what)
{
    if (!trace_path || !acp_same_file(trace_path, input)) return 0;
    fprintf(stderr, "acphys: run: --trace %s is %s; write the trace to another file\n", trace_path, what);
    return 2;
}

/* Read every excerpt file the scenario names into the run. */
static int give_excerpts(acp_run *run, const char *scenario_path, const char *trace_path)
{
    for (uint32_t i = 0; i < acp_run_excerpt_count(run); i++) {
        if (!acp_run_excerpt_needs_bytes(run, i)) continue;
        const char *name = acp_run_excerpt_name(run, i);
        char *path = excerpt_path(scenario_path, name);
        int refused = path ? trace_is_input(trace_path, path, "an excerpt the scenario reads") : 0;
        if (refused) {
            free(path);
            return refused;
        }
        size_t len = 0;
        char err[256];
        snprintf(err, sizeof err, "out of memory");
        char *bytes = path ? acp_read_file(path, ACP_CLI_MAX_EXCERPT, &len, err, sizeof err) : NULL;
        free(path);
        if (!bytes) {
            fprintf(stderr, "acphys: %s: excerpts[%u]: cannot read \"%s\": %s (paths are relative to the scenario file%s)\n",
                    scenario_path, (unsigned)i, name, err,
                    strstr(err, "larger") ? "; cut the records you need out of a whole client DAT with acphys excerpt" : "");
            return 1;
        }
        bool ok = acp_run_set_excerpt(run, i, (const uint8_t *)bytes, len);
        free(bytes);
        if (!ok) break;
    }
    return 0;
}

/* The scenario of a file: the file itself, or, for a run file the page saved ({"acphys_run": 1,
 * "scenario": {...}, "frames", "digest", ...}: web/src/link.ts), its scenario member, after a note
 * saying so (and what the page recorded, to compare with the closing line). NULL after an error.
 * bin/acphys.mjs runFileScenario says the same words. */
static const acp_jsonv *run_file_scenario(const acp_jsonv *root, const char *path, uint32_t *rec_frames,
                                          char rec_digest[17])
{
    *rec_frames = 0;
    rec_digest[0] = '\0';
    if (root->type != ACP_JSONV_OBJECT || !acp_jsonv_get(root, "acphys_run")) return root;
    const acp_jsonv *version = acp_jsonv_get(root, "acphys_run");
    if (version->type != ACP_JSONV_NUMBER || version->number != 1) { /* as the page refuses it (web/src/link.ts) */
        fprintf(stderr, "acphys: %s is not an acphys run (version 1): \"acphys_run\" is not 1\n", path);
        return NULL;
    }
    const acp_jsonv *scenario = acp_jsonv_get(root, "scenario");
    if (!scenario || scenario->type != ACP_JSONV_OBJECT) {
        fprintf(stderr, "acphys: %s: a run file of the page (\"acphys_run\") without its \"scenario\" object\n", path);
        return NULL;
    }
    const acp_jsonv *frames = acp_jsonv_get(root, "frames"), *digest = acp_jsonv_get(root, "digest");
    fprintf(stderr, "acphys: note: %s is a run file of the page: running its scenario", path);
    bool hex = digest && digest->type == ACP_JSONV_STRING && digest->count == 16;
    for (uint32_t i = 0; hex && i < 16; i++) hex = strchr("0123456789abcdef", digest->string[i]) && digest->string[i];
    if (frames && frames->type == ACP_JSONV_NUMBER && frames->number >= 1 && frames->number <= 1e6 &&
        frames->number == (double)(uint32_t)frames->number && hex) {
        fprintf(stderr, " (the page recorded %u frames, digest %s)", (unsigned)frames->number, digest->string);
        *rec_frames = (uint32_t)frames->number;
        memcpy(rec_digest, digest->string, 17);
    }
    fputc('\n', stderr);
    return scenario;
}

/* "<object>:<frame>": the object as its scenario index (decimal), its id (0x... hex) or its name;
 * the frame 1-based as the trace's. Arms the run's inspector; 2 after a usage error naming what is
 * wrong. */
static int arm_inspect(acp_run *run, const char *arg)
{
    const char *colon = strrchr(arg, ':');
    if (!colon || colon == arg || !colon[1])
        return run_usage("--inspect \"%s\": give <object>:<frame> (an object index, 0x id or name; a frame from 1)", arg);
    char *end = NULL;
    unsigned long frame = strtoul(colon + 1, &end, 10);
    if (*end || colon[1] < '0' || colon[1] > '9' || frame == 0 || frame > 0xFFFFFFFFul)
        return run_usage("--inspect \"%s\": the frame \"%s\" is not a whole number from 1", arg, colon + 1);
    const acp_scenario *s = acp_run_scenario(run);
    size_t n = (size_t)(colon - arg);
    char key[128];
    if (n >= sizeof key) return run_usage("--inspect: the object \"%.*s\" is too long", (int)n, arg);
    memcpy(key, arg, n);
    key[n] = 0;
    uint32_t index = UINT32_MAX;
    unsigned long v = strtoul(key, &end, key[0] == '0' && (key[1] == 'x' || key[1] == 'X') ? 16 : 10);
    bool number = !*end && key[0] >= '0' && key[0] <= '9';
    bool hex = number && (key[1] == 'x' || key[1] == 'X');
    for (uint32_t i = 0; i < s->num_objects && index == UINT32_MAX; i++) {
        if (hex ? s->objects[i].id == v : number ? i == v : (s->objects[i].name && !strcmp(s->objects[i].name, key)))
            index = i;
    }
    if (index == UINT32_MAX)
        return run_usage("--inspect \"%s\": no object %s in the scenario (%u objects: give an index from 0, a 0x id or a name)",
                         arg, key, (unsigned)s->num_objects);
    acp_run_inspect(run, index, (uint32_t)frame);
    return 0;
}

/* The snapshot options (issue 38), taken out of argv before the others are read. */
typedef struct snap_opts {
    const char *at, *path, *resume;
    uint32_t frame;
} snap_opts;

static int take_snap_opts(int *argc, char **argv, snap_opts *o)
{
    int n = 0;
    for (int i = 0; i < *argc; i++) {
        const char *a = argv[i];
        const char **slot = !strcmp(a, "--snapshot-at") ? &o->at : !strcmp(a, "--snapshot") ? &o->path
                          : !strcmp(a, "--resume") ? &o->resume : NULL;
        if (!slot) {
            argv[n++] = argv[i];
            continue;
        }
        if (*slot) return run_usage("%s given twice", a);
        if (i + 1 >= *argc || !argv[i + 1][0]) return run_usage("%s needs %s", a, slot == &o->at ? "a frame number" : "a file name");
        *slot = argv[++i];
    }
    *argc = n;
    if (!o->at != !o->path) return run_usage("--snapshot-at and --snapshot go together (the frame, and the file to write)");
    if (o->at) {
        char *end = NULL;
        unsigned long v = strtoul(o->at, &end, 10);
        bool digits = true; /* digits only, as npx's /^[0-9]+$/ (strtoul would take " 5" or "+5") */
        for (const char *q = o->at; *q; q++) digits = digits && *q >= '0' && *q <= '9';
        if (!*o->at || *end || !digits || v > 0xFFFFFFFFul)
            return run_usage("--snapshot-at \"%s\": give a frame number (0 before the first frame)", o->at);
        o->frame = (uint32_t)v;
    }
    return 0;
}

/* A whole file (at most 1 GiB) into memory; NULL with a message. */
static uint8_t *read_bytes(const char *path, size_t *size, char *err, size_t err_size)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, err_size, "cannot open it");
        return NULL;
    }
    uint8_t *buf = NULL;
    size_t n = 0, cap = 0;
    for (;;) {
        if (n == cap) {
            cap = cap ? cap * 2 : 65536;
            uint8_t *grown = cap <= (1u << 30) ? realloc(buf, cap) : NULL;
            if (!grown) {
                snprintf(err, err_size, cap > (1u << 30) ? "larger than 1 GiB" : "out of memory");
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = grown;
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0) break;
    }
    bool bad = ferror(f);
    fclose(f);
    if (bad) {
        snprintf(err, err_size, "cannot read it");
        free(buf);
        return NULL;
    }
    *size = n;
    return buf;
}

static int write_snapshot(acp_run *run, const char *path)
{
    uint8_t *bytes = NULL;
    size_t size = 0;
    char err[ACP_OUTFILE_ERR_SIZE + 400];
    if (!acp_run_snapshot(run, &bytes, &size, err, sizeof err)) {
        fprintf(stderr, "acphys: --snapshot %s: %s\n", path, err);
        return 1;
    }
    acp_outfile out = {0};
    int status = 0;
    if (acp_outfile_open(&out, path, err, sizeof err) != 0) {
        fprintf(stderr, "acphys: --snapshot %s: cannot write it: %s\n", path, err);
        status = 1;
    } else if (fwrite(bytes, 1, size, out.fp) != size) {
        acp_outfile_abort(&out);
        fprintf(stderr, "acphys: --snapshot %s: cannot write it\n", path);
        status = 1;
    } else if (acp_outfile_commit(&out, err, sizeof err) != 0) {
        fprintf(stderr, "acphys: --snapshot %s: %s\n", path, err);
        status = 1;
    }
    free(bytes);
    return status;
}

int acp_cli_run(int argc, char **argv)
{
    snap_opts snap = {0};
    if (take_snap_opts(&argc, argv, &snap)) return 2;
    const char *scenario_path = NULL, *trace_path = NULL, *profile_name = NULL, *records = NULL, *format = NULL;
    const char *inspect = NULL;
    bool quiet = false, force = false;
    uint32_t peers = 0;
    if (parse_run_args(argc, argv, &scenario_path, &trace_path, &profile_name, &records, &format, &peers, &inspect, &quiet,
                       &force))
        return 2;
    if (inspect) quiet = true; /* stdout is the inspector's JSON */
    acp_run_records kind = !records || !strcmp(records, "frames") ? ACP_RUN_RECORDS_FRAMES
                         : format && !strcmp(format, "dereth") ? ACP_RUN_RECORDS_DERETH
                                                                : ACP_RUN_RECORDS_QUANTA;
    int override = ACP_RUN_PROFILE_SCENARIO;
    if (profile_name) {
        acp_clock_profile p;
        if (!acp_clock_profile_from_name(profile_name, &p)) {
            fprintf(stderr, "acphys: --profile: unknown profile \"%s\" (known: retail, acdream-r6, ace, render-frame)\n", profile_name);
            return 2;
        }
        override = (int)p;
    }
    if (trace_is_input(trace_path, scenario_path, "the scenario file")) return 2;
    char err[ACP_OUTFILE_ERR_SIZE];
    size_t len = 0;
    char *text = acp_read_file(scenario_path, ACP_CLI_MAX_TEXT_FILE, &len, err, sizeof err);
    if (!text) {
        fprintf(stderr, "acphys: %s: cannot read the scenario: %s\n", scenario_path, err);
        return 1;
    }
    if (!acp_trace_text_opens_object(text, len)) { /* a DAT, a trace line list, a text: no scenario at all */
        fprintf(stderr, "acphys: run: %s is not a scenario file (a JSON object {\"version\": 1, ...}, or a run file the "
                        "page saved):", scenario_path);
        acp_cli_print_first_bytes(stderr, (const unsigned char *)text, len);
        free(text);
        return 1;
    }
    acp_jsonv_doc *doc = acp_cjson_parse(text, len, err, sizeof err);
    bool a_trace = !doc && is_trace_text(text, len);
    free(text);
    if (a_trace) {
        fprintf(stderr, "acphys: run: %s is a trace (JSON lines, a record a line), not a scenario file: diff and "
                        "conform read traces; run takes a scenario ({\"version\": 1, ...}) or a run file the page saved\n",
                scenario_path);
        return 1;
    }
    if (!doc) {
        fprintf(stderr, "acphys: %s: %s\n", scenario_path, err);
        return 1;
    }
    uint32_t rec_frames;
    char rec_digest[17];
    const acp_jsonv *scenario = run_file_scenario(acp_jsonv_root(doc), scenario_path, &rec_frames, rec_digest);
    if (!scenario) {
        acp_jsonv_doc_destroy(doc);
        return 1;
    }
    acp_run *run = acp_run_create(scenario, override);
    acp_jsonv_doc_destroy(doc);
    if (!run) {
        fprintf(stderr, "acphys: out of memory\n");
        return 1;
    }
    int status = 0;
    if (!acp_run_error(run) && trace_path && !force) status = trace_too_large(run, trace_path);
    if (status == 0 && !acp_run_error(run)) status = give_excerpts(run, scenario_path, trace_path);
    if (status == 0 && !acp_run_error(run)) acp_run_set_records(run, kind);
    if (status == 0 && !acp_run_error(run)) acp_run_set_peer_rules(run, peers);
    if (status == 0 && !acp_run_error(run) && snap.resume) {
        size_t size = 0;
        uint8_t *bytes = read_bytes(snap.resume, &size, err, sizeof err);
        if (!bytes) {
            fprintf(stderr, "acphys: --resume %s: %s\n", snap.resume, err);
            acp_run_destroy(run);
            return 1;
        }
        acp_run_resume(run, bytes, size);
        free(bytes);
    }
    if (status == 0 && !acp_run_error(run)) acp_run_start(run);
    if (status == 0 && !acp_run_error(run) && snap.at && snap.frame > acp_run_frames_total(run)) {
        fprintf(stderr, "acphys run: --snapshot-at %u: the scenario has %u frames\n", (unsigned)snap.frame,
                (unsigned)acp_run_frames_total(run));
        status = 2;
    }
    if (status == 0 && !acp_run_error(run) && snap.at && snap.frame < acp_run_frames_done(run)) {
        fprintf(stderr, "acphys run: --snapshot-at %u: the run resumes after frame %u\n", (unsigned)snap.frame,
                (unsigned)acp_run_frames_done(run));
        status = 2;
    }
    if (status == 0 && !acp_run_error(run) && snap.at && snap.frame == acp_run_frames_done(run))
        status = write_snapshot(run, snap.path);
    if (status == 0 && !acp_run_error(run) && inspect) status = arm_inspect(run, inspect);
    if (status == 0 && acp_run_error(run)) {
        fprintf(stderr, "acphys: %s: %s\n", scenario_path, acp_run_error(run));
        status = 1;
    }
    if (status) {
        acp_run_destroy(run);
        return status;
    }
    for (uint32_t i = 0; i < acp_run_warning_count(run); i++)
        fprintf(stderr, "acphys: warning: %s\n", acp_run_warning(run, i));
    acp_outfile trace = {0};
    if (trace_path && acp_outfile_open(&trace, trace_path, err, sizeof err) != 0) {
        fprintf(stderr, "acphys: %s: cannot write the trace: %s\n", trace_path, err);
        acp_run_destroy(run);
        return 1;
    }
    if (!quiet) fputs(acp_run_table_header(run), stdout);
    while (acp_run_step_next(run)) {
        if (snap.at && acp_run_frames_done(run) == snap.frame && write_snapshot(run, snap.path)) {
            status = 1;
            break;
        }
        if (inspect && !trace.fp && acp_run_inspect_json(run, NULL)) break; /* nothing more to print */
        if (!quiet) fputs(acp_run_table_rows(run), stdout);
        if (trace.fp) {
            size_t n;
            const char *text = acp_run_records_text(run, &n);
            fwrite(text, 1, n, trace.fp);
        }
    }
    if (acp_run_error(run)) {
        fprintf(stderr, "acphys: %s: %s\n", scenario_path, acp_run_error(run));
        status = 1;
    } else {
        const char *last = acp_run_records_closing(run);
        if (trace.fp && *last) {
            fputs(last, trace.fp);
            fputc('\n', trace.fp);
        }
    }
    /* A run that failed keeps the file that was there; a finished one replaces it whole. */
    if (trace.fp && status) acp_outfile_abort(&trace);
    else if (trace.fp && acp_outfile_commit(&trace, err, sizeof err) != 0) {
        fprintf(stderr, "acphys: %s: %s\n", trace_path, err);
        status = 1;
    }
    if (status == 0 && inspect) {
        size_t n = 0;
        const char *json = acp_run_inspect_json(run, &n);
        if (json) {
            fwrite(json, 1, n, stdout);
            fputc('\n', stdout);
        } else {
            fprintf(stderr, "acphys run: --inspect %s: the scenario has %u frames\n", inspect,
                    (unsigned)acp_run_frames_total(run));
            status = 1;
        }
        acp_run_destroy(run);
        return status;
    }
    /* The closing line only for a run whose trace (if any) is written whole, as npx does. */
    if (status == 0)
        printf("%u frames, digest %016llx\n", (unsigned)acp_run_frames_done(run), (unsigned long long)acp_run_digest(run));
    /* A run file's recorded digest, after as many frames, must be this run's (bin/acphys.mjs says the same). */
    char mine[17];
    snprintf(mine, sizeof mine, "%016llx", (unsigned long long)acp_run_digest(run));
    if (status == 0 && rec_frames && rec_frames == acp_run_frames_done(run) && strcmp(mine, rec_digest)) {
        fflush(stdout);
        fprintf(stderr, "acphys: note: this run's digest %s differs from the recorded %s (after %u frames)\n", mine,
                rec_digest, (unsigned)rec_frames);
        status = 1;
    }
    acp_run_destroy(run);
    return status;
}
