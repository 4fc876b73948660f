/* acphys — a run's snapshot and its resumption (run.h acp_run_snapshot, acp_run_resume): the
 * world's snapshot (physics/world/snapshot.h) with the runner's own section (where the scenario
 * stands: which objects have entered the world (enter_at), its next frame and event, the trace's
 * digests). The resumption restores into the run's own API world (src/api/snapshot.c
 * acp_api_restore_hosted), as a host restores through acp_world_restore. Not retail. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/api_internal.h"
#include "physics/world/snapshot.h"
#include "run_internal.h"

/* The runner's section begins with its tag, its own format version and the scenario's digest
 * (acp_scenario_digest): the world's part of the snapshot keeps its format. Version 1 had no tag
 * (it began with the object count) and no digest; it is refused (take the snapshot again). */
#define RUNNER_TAG 0x524E5552u /* "RUNR" */
#define RUNNER_VERSION 2u

static bool runner_header(acp_snap_io *io, const acp_scenario *s)
{
    uint32_t tag = RUNNER_TAG, version = RUNNER_VERSION;
    uint64_t digest = acp_scenario_digest(s), mine = digest;
    acp_snap_u32(io, &tag, "tag");
    if (!io->writing && !io->failed && tag != RUNNER_TAG) {
        io->pos -= 4;
        return acp_snap_fail(io, "tag", "the runner's section does not begin \"RUNR\": a snapshot of runner format 1 "
                             "(before the scenario digest), or not a run's snapshot; take the snapshot again");
    }
    acp_snap_u32(io, &version, "version");
    if (!io->writing && !io->failed && version != RUNNER_VERSION) {
        io->pos -= 4;
        return acp_snap_fail(io, "version", "runner format %u; this library reads runner format %u", (unsigned)version,
                             (unsigned)RUNNER_VERSION);
    }
    acp_snap_u64(io, &digest, "scenario_digest");
    if (!io->writing && !io->failed && digest != mine) {
        io->pos -= 8;
        return acp_snap_fail(io, "scenario_digest", "the snapshot was taken from another scenario (%016llx), not this one "
                             "(%016llx): resume it with the scenario it was taken from, unedited",
                             (unsigned long long)digest, (unsigned long long)mine);
    }
    return !io->failed;
}

/* The runner's section. Reading, entered[i] receives whether object i was in the world. */
static void xfer_runner(acp_snap_io *io, acp_run *run, bool *entered)
{
    const acp_scenario *s = &run->scenario;
    uint32_t num_objects = s->num_objects, num_events = s->num_events, num_frames = s->frames.count;
    snprintf(io->where, sizeof io->where, "runner");
    if (!runner_header(io, s)) return;
    acp_snap_u32(io, &num_objects, "scenario.objects");
    acp_snap_u32(io, &num_events, "scenario.events");
    acp_snap_u32(io, &num_frames, "scenario.frames");
    if (!io->writing && !io->failed && (num_objects != s->num_objects || num_events != s->num_events || num_frames != s->frames.count)) {
        acp_snap_fail(io, "scenario.objects", "the snapshot's scenario has %u objects, %u events and %u frames; this one has %u, "
                                              "%u and %u (resume the scenario it was taken from)",
                      (unsigned)num_objects, (unsigned)num_events, (unsigned)num_frames, (unsigned)s->num_objects,
                      (unsigned)s->num_events, (unsigned)s->frames.count);
        return;
    }
    for (uint32_t i = 0; i < s->num_objects && !io->failed; i++) {
        uint32_t id = s->objects[i].id;
        acp_snap_u32(io, &id, "scenario.objects.id");
        if (!io->writing && !io->failed && id != s->objects[i].id)
            acp_snap_fail(io, "scenario.objects.id", "object %u is 0x%08X in the snapshot, 0x%08X here", (unsigned)i, (unsigned)id,
                          (unsigned)s->objects[i].id);
    }
    for (uint32_t i = 0; i < s->num_objects && !io->failed; i++) { /* the objects whose enter_at has come */
        bool in = io->writing ? run->objects[i] != NULL : false;
        acp_snap_bool(io, &in, "scenario.objects.entered");
        if (io->writing || io->failed) continue;
        entered[i] = in;
        if (in || acp_run_enters_later(&s->objects[i])) continue;
        io->pos--; /* the offset of the flag */
        acp_snap_fail(io, "scenario.objects.entered", "object %u (0x%08X) is not in the snapshot's world, but it enters "
                      "at the start", (unsigned)i, (unsigned)s->objects[i].id);
    }
    acp_snap_count(io, &run->next_frame, s->frames.count, "next_frame");
    acp_snap_count(io, &run->next_event, s->num_events, "next_event");
    acp_snap_u32(io, &run->frame.frame, "frame");
    acp_snap_f64(io, &run->frame.now, "frame.now");
    acp_snap_bool(io, &run->frame.gate, "frame.gate");
    acp_snap_bool(io, &run->have_frame, "have_frame");
    acp_snap_f64(io, &run->latest_now, "latest_now");
    acp_snap_u64(io, &run->digest, "digest");
    acp_snap_u64(io, &run->quanta_digest, "quanta_digest");
    uint32_t n = run->num_digests;
    /* A run stepped past its scenario's frames (acp_run_step: the page) has more digests than the
     * scenario has frames: reading, room for as many as the bytes left can hold, grown here. */
    size_t room = io->writing || io->pos > io->size ? run->cap_digests : (io->size - io->pos) / 8u;
    acp_snap_count(io, &n, room > UINT32_MAX ? UINT32_MAX : (uint32_t)(room > run->cap_digests ? room : run->cap_digests), "num_digests");
    if (!io->writing && !io->failed && n > run->cap_digests) {
        uint64_t *grown = realloc(run->digests, (size_t)n * sizeof *grown);
        if (!grown) {
            acp_snap_fail(io, "num_digests", "out of memory");
            return;
        }
        run->digests = grown;
        run->cap_digests = n;
    }
    for (uint32_t i = 0; i < n && !io->failed; i++) acp_snap_u64(io, &run->digests[i], "digests");
    if (!io->writing && !io->failed) run->num_digests = n;
    if (!io->writing && !io->failed && run->frame.frame != n)
        acp_snap_fail(io, "num_digests", "%u digests for %u frames", (unsigned)n, (unsigned)run->frame.frame);
}

bool acp_run_snapshot(acp_run *run, uint8_t **out, size_t *size, char *err, size_t err_size)
{
    *out = NULL;
    *size = 0;
    acp_snap_io io;
    io.find_at = SIZE_MAX;
    io.find_field = io.find_where = NULL;
    if (run->failed || !run->started) {
        snprintf(err, err_size, "the run has not started");
        return false;
    }
    bool ok = acp_snapshot_write_world(&io, run->world, acp_excerpts_digest(run->records), true);
    if (ok) xfer_runner(&io, run, NULL);
    if (ok) ok = !io.failed && acp_snapshot_finish(&io);
    if (!ok) {
        snprintf(err, err_size, "snapshot: %s", io.error);
        acp_snap_io_free(&io);
        return false;
    }
    *out = io.buf;
    *size = io.len;
    return true;
}

typedef struct resume_ctx {
    acp_run *run;
    bool *entered;
} resume_ctx;

static bool read_runner(acp_snap_io *io, void *user)
{
    resume_ctx *c = user;
    xfer_runner(io, c->run, c->entered);
    return !io->failed;
}

static bool refused(acp_run *run, const char *detail)
{
    char msg[600];
    snprintf(msg, sizeof msg, "resume: the snapshot is refused: %s", detail);
    return acp_run_internal_error(run, msg);
}

bool acp_run_resume(acp_run *run, const uint8_t *bytes, size_t size)
{
    if (!acp_run_start(run)) return false;
    if (run->have_frame) return acp_run_internal_error(run, "resume: the run has stepped already");
    const acp_scenario *s = &run->scenario;
    resume_ctx c = {run, calloc(s->num_objects ? s->num_objects : 1u, sizeof(bool))};
    if (!c.entered) return acp_run_internal_error(run, "out of memory");
    static const char *const FN = "resume";
    acp_status st = acp_api_restore_hosted(run->world_id, FN, bytes, size, read_runner, &c);
    if (st != ACP_OK) {
        free(c.entered);
        const char *m = acp_error_message();
        size_t n = strlen(FN);
        return st == ACP_ERR_MEMORY && !strstr(m, "offset") ? acp_run_internal_error(run, "out of memory")
                                                             : refused(run, strncmp(m, FN, n) == 0 && m[n] == ':' ? m + n + 2 : m);
    }
    run->world = acp_api_internal_world(run->world_id); /* the API world's new core world */
    run->num_waiting = 0;
    bool ok = true;
    for (uint32_t i = 0; i < s->num_objects && ok; i++) {
        run->objects[i] = acp_api_internal_object(run->world_id, s->objects[i].id);
        if (c.entered[i] && !run->objects[i])
            ok = acp_run_internal_error(run, "resume: the snapshot lacks one of the scenario's objects");
        else if (!c.entered[i] && run->objects[i])
            ok = refused(run, "the runner's section says an object has not entered the world, but the snapshot's world holds it");
        else if (!c.entered[i])
            run->num_waiting++; /* enter_due, at its frame */
    }
    free(c.entered);
    if (!ok) return false;
    run->frame.num_objects = s->num_objects;
    if (run->have_frame)
        for (uint32_t i = 0; i < s->num_objects; i++) {
            if (run->objects[i]) acp_trace_capture_object(&run->frame.objects[i], run->objects[i], run->frame.now);
            else acp_trace_absent_object(&run->frame.objects[i], s->objects[i].id);
        }
    run->line_valid = run->table_valid = run->records_valid = false;
    run->num_quanta = 0;
    return true;
}
