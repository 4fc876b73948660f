/* World snapshots (issue 38): every bundled scenario (data/scenarios) and every conformance case
 * (conformance/v1/scenarios), snapshotted after a third and after two thirds of its frames and
 * resumed in a fresh run, ends with the straight run's digest and per-frame digests; and bad
 * snapshots are refused with the offset and field. */
#include "test.h"

#include <dirent.h>
#include <stdlib.h>

#include "cli/cjson_bridge.h"
#include "physics/world/snapshot.h"
#include "scenario/jsonv.h"
#include "scenario/run.h"
#include "scenario/text.h"

#define SRC(path) ACP_SOURCE_DIR "/" path

static uint8_t *slurp_bytes(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *b = malloc(n > 0 ? (size_t)n : 1);
    if (b && fread(b, 1, (size_t)n, f) != (size_t)n) {
        free(b);
        b = NULL;
    }
    fclose(f);
    *len = (size_t)n;
    return b;
}

/* A run of the scenario at dir/name with its excerpts read relative to dir; not started. */
static acp_run *make_run(const char *dir, const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    size_t n = 0;
    uint8_t *text = slurp_bytes(path, &n);
    if (!text) return NULL;
    char err[256];
    acp_jsonv_doc *doc = acp_cjson_parse((const char *)text, n, err, sizeof err);
    free(text);
    if (!doc) return NULL;
    acp_run *run = acp_run_create(acp_jsonv_root(doc), ACP_RUN_PROFILE_SCENARIO);
    acp_jsonv_doc_destroy(doc);
    for (uint32_t i = 0; run && !acp_run_error(run) && i < acp_run_excerpt_count(run); i++) {
        if (!acp_run_excerpt_needs_bytes(run, i)) continue;
        snprintf(path, sizeof path, "%s/%s", dir, acp_run_excerpt_name(run, i));
        size_t m = 0;
        uint8_t *bytes = slurp_bytes(path, &m);
        if (bytes) acp_run_set_excerpt(run, i, bytes, m);
        free(bytes);
    }
    return run;
}

static int resumed_cases;

/* Step a and b together while their worlds' snapshots agree; name the first field that differs. */
static void lockstep(acp_run *a, acp_run *b, const char *name)
{
    for (int f = 0; f < 100000; f++) {
        acp_snap_io x, y;
        x.find_at = y.find_at = SIZE_MAX;
        acp_snapshot_write_world(&x, acp_run_world(a), 0, false);
        acp_snapshot_write_world(&y, acp_run_world(b), 0, false);
        size_t i = 0;
        while (i < x.len && i < y.len && x.buf[i] == y.buf[i]) i++;
        bool same = x.len == y.len && i == x.len;
        acp_snap_io_free(&x);
        acp_snap_io_free(&y);
        if (!same) {
            x.find_at = i;
            acp_snapshot_write_world(&x, acp_run_world(a), 0, false);
            ACP_FAIL_("%s: %d frames after the snapshot the worlds differ at byte %zu: %s", name, f, i, x.found);
            acp_snap_io_free(&x);
            return;
        }
        if (!acp_run_step_next(a)) return;
        acp_run_step_next(b);
    }
}

/* The straight run against runs snapshotted after `cut` frames and resumed. */
static void check_file(const char *dir, const char *name)
{
    acp_run *straight = make_run(dir, name);
    if (!straight || acp_run_error(straight) || !acp_run_start(straight)) {
        /* a scenario that does not start (a bad case) has nothing to resume */
        acp_run_destroy(straight);
        return;
    }
    acp_run_all(straight, false);
    if (acp_run_error(straight)) {
        acp_run_destroy(straight);
        return;
    }
    uint32_t frames = acp_run_frames_done(straight);
    uint64_t digest = acp_run_digest(straight);
    uint32_t nd = 0;
    const uint64_t *digests = acp_run_frame_digests(straight, &nd);
    for (int third = 1; third <= 2; third++) {
        uint32_t cut = frames * (uint32_t)third / 3u;
        acp_run *a = make_run(dir, name);
        ENSURE(a && acp_run_start(a));
        for (uint32_t f = 0; f < cut; f++) acp_run_step_next(a);
        uint8_t *snap = NULL;
        size_t size = 0;
        char err[400] = "";
        bool ok = acp_run_snapshot(a, &snap, &size, err, sizeof err);
        if (!ok) ACP_FAIL_("%s after %u frames: %s", name, (unsigned)cut, err);
        acp_run *b = make_run(dir, name);
        if (ok && !acp_run_resume(b, snap, size)) ACP_FAIL_("%s after %u frames: %s", name, (unsigned)cut, acp_run_error(b));
        if (ok && !acp_run_error(b)) {
            lockstep(a, b, name);
            acp_run_all(b, false);
            acp_run_all(a, false);
            uint32_t nb = 0;
            const uint64_t *db = acp_run_frame_digests(b, &nb);
            acp_test_checks++;
            if (acp_run_digest(b) != digest || acp_run_digest(a) != digest || nb != nd ||
                memcmp(db, digests, nd * sizeof *db) != 0) {
                uint32_t first = 0;
                while (first < nb && first < nd && db[first] == digests[first]) first++;
                ACP_FAIL_("%s resumed after %u of %u frames: digest %016llx, straight %016llx (first differing frame %u)", name,
                          (unsigned)cut, (unsigned)frames, (unsigned long long)acp_run_digest(b), (unsigned long long)digest,
                          (unsigned)first + 1u);
            }
            resumed_cases++;
        }
        free(snap);
        acp_run_destroy(a);
        acp_run_destroy(b);
    }
    acp_run_destroy(straight);
}

static void check_dir(const char *dir)
{
    DIR *d = opendir(dir);
    ENSURE(d != NULL);
    if (!d) return;
    struct dirent *e;
    char names[256][128];
    int n = 0;
    while ((e = readdir(d)) && n < 256) {
        size_t len = strlen(e->d_name);
        if (len > 5 && len < 128 && strcmp(e->d_name + len - 5, ".json") == 0) snprintf(names[n++], 128, "%s", e->d_name);
    }
    closedir(d);
    for (int i = 0; i < n; i++) check_file(dir, names[i]);
}

static void bundled_scenarios_resume_bit_for_bit(void)
{
    resumed_cases = 0;
    check_dir(SRC("data/scenarios"));
    ENSURE(resumed_cases >= 2 * 14);
}

static void conformance_cases_resume_bit_for_bit(void)
{
    resumed_cases = 0;
    check_dir(SRC("conformance/v1/scenarios"));
    ENSURE(resumed_cases >= 2 * 30);
}

void suite_snapshot(void)
{
    RUN(bundled_scenarios_resume_bit_for_bit);
    RUN(conformance_cases_resume_bit_for_bit);
}
