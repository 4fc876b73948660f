/* acphys — the public API's file helper and scenario runs (include/acphys.h): the only part of
 * the library that reads files. The physics core never does I/O; this reads a DAT file or a
 * scenario and its excerpts into memory, then hands the bytes to the core, as the CLI does
 * (src/cli/run_cmd.c: the same messages, the same runner, so the same digest). */
#include "acphys.h"
#include "api_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cjson_bridge.h"
#include "scenario/diff.h"
#include "scenario/run.h"

#define MAX_RECORDS_FILE ((size_t)2 << 30)   /* a whole client_cell_1.dat */

acp_status acp_api_world_add_file_bytes(acp_world_id world, const char *fn, const void *bytes, size_t size,
                                        const char *path);

ACP_API acp_status acp_world_load_records_file(acp_world_id world, const char *path)
{
    static const char *const FN = "acp_world_load_records_file";
    if (!acp_world_is_valid(world)) return acp_api_world_add_file_bytes(world, FN, NULL, 0, ""); /* the world's error */
    if (!path) return acp_api_fail(ACP_ERR_NULL, FN, "path: NULL");
    char err[256];
    size_t len = 0;
    char *bytes = acp_read_file(path, MAX_RECORDS_FILE, &len, err, sizeof err);
    if (!bytes) return acp_api_fail(ACP_ERR_IO, FN, "path: cannot read \"%s\": %s", path, err);
    acp_status st = acp_api_world_add_file_bytes(world, FN, bytes, len, path);
    free(bytes);
    return st;
}

/* base_dir + "/" + name, or name when it is absolute or base_dir is NULL or empty. */
static char *join_path(const char *base_dir, const char *name)
{
    size_t nb = base_dir && name[0] != '/' ? strlen(base_dir) : 0, nn = strlen(name);
    char *p = malloc(nb + 1 + nn + 1);
    if (!p) return NULL;
    size_t k = 0;
    if (nb) {
        memcpy(p, base_dir, nb);
        k = nb;
        if (p[k - 1] != '/') p[k++] = '/';
    }
    memcpy(p + k, name, nn + 1);
    return p;
}

/* The scenario of a document: itself, or a page run file's "scenario" member (NULL: none). */
static const acp_jsonv *scenario_of(const acp_jsonv *root)
{
    if (root->type != ACP_JSONV_OBJECT || !acp_jsonv_get(root, "acphys_run")) return root;
    const acp_jsonv *s = acp_jsonv_get(root, "scenario");
    return s && s->type == ACP_JSONV_OBJECT ? s : NULL;
}

static acp_status run_fail(acp_run *run, acp_status st, const char *fn, const char *where, const char *msg)
{
    st = acp_api_fail(st, fn, "%s: %s", where, msg);
    acp_run_destroy(run);
    return st;
}

static acp_status give_excerpts(acp_run *run, const char *fn, const char *where, const char *base_dir)
{
    for (uint32_t i = 0; i < acp_run_excerpt_count(run); i++) {
        if (!acp_run_excerpt_needs_bytes(run, i)) continue;
        const char *name = acp_run_excerpt_name(run, i);
        char *path = join_path(base_dir, name);
        char err[256] = "out of memory";
        size_t len = 0;
        char *bytes = path ? acp_read_file(path, ACP_CLI_MAX_EXCERPT, &len, err, sizeof err) : NULL;
        free(path);
        if (!bytes)
            return acp_api_fail(ACP_ERR_IO, fn, "%s: excerpts[%u]: cannot read \"%s\": %s (paths are relative to the scenario "
                                                "file)", where, (unsigned)i, name, err);
        bool ok = acp_run_set_excerpt(run, i, (const uint8_t *)bytes, len);
        free(bytes);
        if (!ok) break;
    }
    return ACP_OK;
}

static acp_status run_text(const char *fn, const char *where, const char *text, size_t len, const char *base_dir,
                           int32_t profile, acp_scenario_result *out)
{
    if (!acp_trace_text_opens_object(text, len))
        return acp_api_fail(ACP_ERR_SCENARIO, fn, "%s is not a scenario (a JSON object {\"version\": 1, ...}, or a run file the "
                                                  "page saved)", where);
    char err[256];
    acp_jsonv_doc *doc = acp_cjson_parse(text, len, err, sizeof err);
    if (!doc) return acp_api_fail(ACP_ERR_SCENARIO, fn, "%s: %s", where, err);
    const acp_jsonv *scenario = scenario_of(acp_jsonv_root(doc));
    if (!scenario) {
        acp_jsonv_doc_destroy(doc);
        return acp_api_fail(ACP_ERR_SCENARIO, fn, "%s: a run file of the page (\"acphys_run\") without its \"scenario\" object",
                            where);
    }
    acp_run *run = acp_run_create(scenario, profile < 0 ? ACP_RUN_PROFILE_SCENARIO : profile);
    acp_jsonv_doc_destroy(doc);
    if (!run) return acp_api_fail(ACP_ERR_MEMORY, fn, "out of memory");
    if (acp_run_error(run)) return run_fail(run, ACP_ERR_SCENARIO, fn, where, acp_run_error(run));
    acp_status st = give_excerpts(run, fn, where, base_dir);
    if (st != ACP_OK) {
        acp_run_destroy(run);
        return st;
    }
    if (!acp_run_start(run)) return run_fail(run, ACP_ERR_SCENARIO, fn, where, acp_run_error(run));
    while (acp_run_step_next(run)) {
    }
    if (acp_run_error(run)) return run_fail(run, ACP_ERR_SCENARIO, fn, where, acp_run_error(run));
    out->frames = acp_run_frames_done(run);
    out->digest = acp_run_digest(run);
    out->warnings = acp_run_warning_count(run);
    acp_run_destroy(run);
    return ACP_OK;
}

static acp_status check_profile(const char *fn, int32_t profile)
{
    if (profile < -1 || profile > ACP_PROFILE_ID_RENDER_FRAME)
        return acp_api_fail(ACP_ERR_ARGUMENT, fn, "profile: %d is not -1 (the scenario's) or a profile (0 retail, 1 acdream-r6, "
                                                  "2 ace, 3 render-frame)", (int)profile);
    return ACP_OK;
}

ACP_API acp_status acp_run_scenario_file(const char *path, int32_t profile, acp_scenario_result *out)
{
    static const char *const FN = "acp_run_scenario_file";
    if (!path) return acp_api_fail(ACP_ERR_NULL, FN, "path: NULL");
    if (!out) return acp_api_fail(ACP_ERR_NULL, FN, "out: NULL");
    acp_status st = check_profile(FN, profile);
    if (st != ACP_OK) return st;
    char err[256];
    size_t len = 0;
    char *text = acp_read_file(path, ACP_CLI_MAX_TEXT_FILE, &len, err, sizeof err);
    if (!text) return acp_api_fail(ACP_ERR_IO, FN, "path: cannot read the scenario \"%s\": %s", path, err);
    /* excerpts relative to the file's folder */
    const char *slash = strrchr(path, '/');
    char *dir = NULL;
    if (slash) {
        size_t n = (size_t)(slash - path) + 1;
        dir = malloc(n + 1);
        if (dir) {
            memcpy(dir, path, n);
            dir[n] = '\0';
        }
    }
    st = (slash && !dir) ? acp_api_fail(ACP_ERR_MEMORY, FN, "out of memory")
                         : run_text(FN, path, text, len, dir, profile, out);
    free(dir);
    free(text);
    return st;
}

ACP_API acp_status acp_run_scenario_json(const char *json, size_t len, const char *base_dir, int32_t profile,
                                         acp_scenario_result *out)
{
    static const char *const FN = "acp_run_scenario_json";
    if (!json) return acp_api_fail(ACP_ERR_NULL, FN, "json: NULL");
    if (!out) return acp_api_fail(ACP_ERR_NULL, FN, "out: NULL");
    acp_status st = check_profile(FN, profile);
    if (st != ACP_OK) return st;
    return run_text(FN, "json", json, len, base_dir, profile, out);
}
