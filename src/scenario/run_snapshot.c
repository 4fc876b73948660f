/* acphys — a run's snapshot and its resumption (run.h acp_run_snapshot, acp_run_resume): the
 * world's snapshot (physics/world/snapshot.h) with the runner's own section (where the scenario
 * stands: its next frame and event, the trace's digests). Not retail. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "physics/cell/terrain.h"
#include "physics/world/snapshot.h"
#include "run_internal.h"

static void xfer_runner(acp_snap_io *io, acp_run *run)
{
    const acp_scenario *s = &run->scenario;
    uint32_t num_objects = s->num_objects, num_events = s->num_events, num_frames = s->frames.count;
    snprintf(io->where, sizeof io->where, "runner");
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
    acp_snap_count(io, &n, run->cap_digests, "num_digests");
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
    if (ok) xfer_runner(&io, run);
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

bool acp_run_resume(acp_run *run, const uint8_t *bytes, size_t size)
{
    if (!acp_run_start(run)) return false;
    if (run->have_frame) return acp_run_internal_error(run, "resume: the run has stepped already");
    const acp_scenario *s = &run->scenario;
    acp_world *old = run->world;
    acp_world *w = acp_world_create(run->profile, s->num_objects);
    if (!w) return acp_run_internal_error(run, "out of memory");
    w->dats = old->dats;
    w->peer_rules = old->peer_rules;
    w->quantum_hook = old->quantum_hook;
    w->quantum_hook_user = old->quantum_hook_user;
    acp_terrain_attach(w, run->terrain);
    acp_snap_io io;
    bool has_host = false;
    bool ok = acp_snapshot_open(&io, bytes, size, acp_excerpts_digest(run->records), (uint32_t)run->profile, true, &has_host);
    if (ok && !has_host) ok = acp_snap_fail(&io, "flags", "a world's snapshot without a runner's section (acphys run writes both)");
    if (ok) ok = acp_snapshot_read_world(&io, w);
    if (ok) {
        xfer_runner(&io, run);
        ok = !io.failed && acp_snapshot_close(&io);
    }
    if (!ok) {
        acp_world_destroy(w);
        char msg[400];
        snprintf(msg, sizeof msg, "resume: the snapshot is refused: %s", io.error);
        return acp_run_internal_error(run, msg);
    }
    for (uint32_t i = 0; i < s->num_objects; i++) {
        run->objects[i] = acp_world_object(w, s->objects[i].id);
        if (!run->objects[i]) {
            acp_world_destroy(w);
            return acp_run_internal_error(run, "resume: the snapshot lacks one of the scenario's objects");
        }
    }
    acp_world_destroy(old);
    run->world = w;
    run->frame.num_objects = s->num_objects;
    if (run->have_frame)
        for (uint32_t i = 0; i < s->num_objects; i++) acp_trace_capture_object(&run->frame.objects[i], run->objects[i], run->frame.now);
    run->line_valid = run->table_valid = run->records_valid = false;
    run->num_quanta = 0;
    return true;
}
