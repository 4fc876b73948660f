/* acphys — the WebAssembly ABI, scenario runs (src/scenario/run.h) for Node and the page.
 * Conventions: wasm/abi/abi.h. */
#include "abi.h"

#include <stdio.h>

/* ==== scenarios and traces (issue 5) =====================================================
 * The one C runner (src/scenario/run.h) for Node and the page. JavaScript parses JSON with
 * JSON.parse and hands the tree over in the binary encoding of src/scenario/jsonv.h
 * (wasm/scenario.mjs: encodeJson). Strings come back NUL-terminated in linear memory, valid until
 * the next call on the same run. See wasm/scenario.mjs for the JavaScript API over these. */


/** A run from a binary JSON scenario (`size` bytes at `json`, not kept) and a profile override
 *  (-1: the scenario's; 0 retail, 1 acdream-r6, 2 ace, 3 render-frame). 0 only when out of memory; otherwise check
 *  acp_abi_run_error (a bad scenario, or bytes that do not decode, are reported there). */
ACP_ABI acp_run *acp_abi_run_create(const uint8_t *json, uint32_t size, int32_t profile_override)
{
    char err[256];
    acp_jsonv_doc *doc = acp_jsonv_decode(json, size, err, sizeof err);
    if (!doc) return acp_run_create_failed(err);
    acp_run *run = acp_run_create(acp_jsonv_root(doc), profile_override);
    acp_jsonv_doc_destroy(doc);
    return run;
}
/** Free a run and everything it owns. */
ACP_ABI void acp_abi_run_free(acp_run *run) { acp_run_destroy(run); }
/** The error message ("<field path>: <what is wrong>"), or 0 while the run is fine. */
ACP_ABI const char *acp_abi_run_error(const acp_run *run) { return acp_run_error(run); }
/** The profile the run uses (0 retail, 1 acdream-r6, 2 ace, 3 render-frame). */
ACP_ABI uint32_t acp_abi_run_profile(const acp_run *run) { return (uint32_t)acp_run_profile(run); }
/** Number of excerpt names in the scenario, the i-th name, and whether it needs bytes (1) or is
 *  "default" (0, embedded in the module). */
ACP_ABI uint32_t acp_abi_run_excerpt_count(const acp_run *run) { return acp_run_excerpt_count(run); }
ACP_ABI const char *acp_abi_run_excerpt_name(const acp_run *run, uint32_t i) { return acp_run_excerpt_name(run, i); }
ACP_ABI int acp_abi_run_excerpt_needs_bytes(const acp_run *run, uint32_t i)
{
    return acp_run_excerpt_needs_bytes(run, i);
}
/** Hand in excerpt i's DAT bytes (`size` bytes at `bytes`, copied). 1 ok, 0 out of range or memory. */
ACP_ABI int acp_abi_run_set_excerpt(acp_run *run, uint32_t i, const uint8_t *bytes, uint32_t size)
{
    return acp_run_set_excerpt(run, i, bytes, size);
}
/** Read the excerpts and build the world: 1 ok, 0 error (acp_abi_run_error). */
ACP_ABI int acp_abi_run_start(acp_run *run) { return acp_run_start(run); }
/** Comparison modes (physics.h acp_peer_rule bits), before start; 0 after start or for an
 *  unknown bit. */
ACP_ABI int acp_abi_run_set_peer_rules(acp_run *run, uint32_t rules) { return acp_run_set_peer_rules(run, rules); }
/** The records the trace keeps (acp_run_records: 0 frames, 1 quanta, 2 dereth), before start;
 *  0 after start or for an unknown kind. */
ACP_ABI int acp_abi_run_set_records(acp_run *run, uint32_t records)
{
    return records <= ACP_RUN_RECORDS_DERETH && acp_run_set_records(run, (acp_run_records)records);
}
/** One frame at `now` seconds (e.g. the page's requestAnimationFrame time): 1 ok, 0 error. */
ACP_ABI int acp_abi_run_step(acp_run *run, double now) { return acp_run_step(run, now); }
/** The scenario's next frame: 1 stepped, 0 none left (or an error). */
ACP_ABI int acp_abi_run_step_next(acp_run *run) { return acp_run_step_next(run); }
/** Every remaining frame; with keep_trace, the trace text accumulates (acp_abi_run_trace).
 *  Returns the number of frames run. */
ACP_ABI uint32_t acp_abi_run_all(acp_run *run, int keep_trace) { return acp_run_all(run, keep_trace != 0); }
/** The accumulated trace of acp_abi_run_all (lines and the closing digest line, each ending
 *  in '\n') and its length in bytes. */
ACP_ABI const char *acp_abi_run_trace(const acp_run *run) { return acp_run_trace(run, NULL); }
ACP_ABI uint32_t acp_abi_run_trace_length(const acp_run *run)
{
    size_t n;
    acp_run_trace(run, &n);
    return (uint32_t)n;
}
/** Frames run so far; the scenario's frame count; and its frame times (count doubles, seconds). */
ACP_ABI uint32_t acp_abi_run_frames_done(const acp_run *run) { return acp_run_frames_done(run); }
ACP_ABI uint32_t acp_abi_run_frames_total(const acp_run *run) { return acp_run_frames_total(run); }
ACP_ABI const double *acp_abi_run_frame_times(const acp_run *run) { return acp_run_scenario(run)->frames.times; }
/** The last frame's trace line (no newline) and its length; the table header and the last
 *  frame's table rows; the closing {"digest":...} line for the frames run so far. */
ACP_ABI const char *acp_abi_run_line(acp_run *run) { return acp_run_line(run, NULL); }
ACP_ABI uint32_t acp_abi_run_line_length(acp_run *run)
{
    size_t n;
    acp_run_line(run, &n);
    return (uint32_t)n;
}
ACP_ABI const char *acp_abi_run_table_header(acp_run *run) { return acp_run_table_header(run); }
ACP_ABI const char *acp_abi_run_table_rows(acp_run *run) { return acp_run_table_rows(run); }
ACP_ABI const char *acp_abi_run_digest_line(acp_run *run) { return acp_run_digest_line(run); }
/** The last frame's records (acp_run_records_text: each line '\n'-terminated) and their length;
 *  the records' closing line ("" for dereth records). */
ACP_ABI const char *acp_abi_run_records_text(acp_run *run) { return acp_run_records_text(run, NULL); }
ACP_ABI uint32_t acp_abi_run_records_length(acp_run *run)
{
    size_t n;
    acp_run_records_text(run, &n);
    return (uint32_t)n;
}
ACP_ABI const char *acp_abi_run_records_closing(acp_run *run) { return acp_run_records_closing(run); }
/** The running digest after the last frame, low and high 32 bits. */
ACP_ABI uint32_t acp_abi_run_digest_lo(const acp_run *run) { return (uint32_t)acp_run_digest(run); }
ACP_ABI uint32_t acp_abi_run_digest_hi(const acp_run *run) { return (uint32_t)(acp_run_digest(run) >> 32); }
/** The digest after every frame run so far: acp_abi_run_frames_done(run) uint64 values
 *  (little-endian) at this address, element k for frame k + 1. Read it as a BigUint64Array. */
ACP_ABI const uint64_t *acp_abi_run_frame_digests(const acp_run *run) { return acp_run_frame_digests(run, NULL); }
/** Warnings: count and the i-th message. */
ACP_ABI uint32_t acp_abi_run_warning_count(const acp_run *run) { return acp_run_warning_count(run); }
ACP_ABI const char *acp_abi_run_warning(const acp_run *run, uint32_t i) { return acp_run_warning(run, i); }
/** The world (layout kind 1; 0 before start) and the i-th scenario object (layout kind 0). */
ACP_ABI acp_world *acp_abi_run_world(const acp_run *run) { return acp_run_world(run); }
ACP_ABI acp_physobj *acp_abi_run_object(const acp_run *run, uint32_t i) { return acp_run_object(run, i); }
ACP_ABI uint32_t acp_abi_run_object_count(const acp_run *run) { return acp_run_scenario(run)->num_objects; }


/** The frame generator (docs/SCENARIOS.md, acp_frames_generate): `count` doubles (s) at out. */
ACP_ABI void acp_abi_frames_generate(double hz, uint32_t count, double start, int jitter, uint32_t seed, double ms,
                                     double *out)
{
    acp_frames_generate(hz, count, start, jitter != 0, seed, ms, out);
}
/* ==== page (issue 8): what the demo page reads and does each frame ======================== */

/** The objects of the run's last frame, as its trace line shows them: acp_abi_run_object_count
 *  acp_trace_object structs (layout kind 11) in scenario order; 0 before the first frame. One
 *  typed-array read per frame instead of a call per field. */
ACP_ABI const acp_trace_object *acp_abi_run_frame_objects(const acp_run *run)
{
    const acp_trace_frame *f = acp_run_last_frame(run);
    return f ? f->objects : NULL;
}
/** Add an event (binary JSON of one element of "events") to a started run: 1 added, 0 refused
 *  (acp_abi_run_event_error says why; the run goes on unchanged). */
ACP_ABI int acp_abi_run_add_event(acp_run *run, const uint8_t *json, uint32_t size)
{
    char err[256];
    acp_jsonv_doc *doc = acp_jsonv_decode(json, size, err, sizeof err);
    if (!doc) return 0;
    int ok = acp_run_add_event(run, acp_jsonv_root(doc));
    acp_jsonv_doc_destroy(doc);
    return ok;
}
/** Add an object (binary JSON of one element of "objects", its enter_at later than every frame
 *  run so far) to a started run: 1 added (it enters before the next frame whose time is >=
 *  enter_at), 0 refused (acp_abi_run_event_error says why; the run goes on unchanged). */
ACP_ABI int acp_abi_run_add_object(acp_run *run, const uint8_t *json, uint32_t size)
{
    char err[256];
    acp_jsonv_doc *doc = acp_jsonv_decode(json, size, err, sizeof err);
    if (!doc) return 0;
    int ok = acp_run_add_object(run, acp_jsonv_root(doc));
    acp_jsonv_doc_destroy(doc);
    return ok;
}
ACP_ABI const char *acp_abi_run_event_error(const acp_run *run) { return acp_run_event_error(run); }

/* ==== the quantum inspector (issue 36, src/physics/world/inspect.h) ======================== */

/** Record object `index`'s collision sweeps (scenario order) during frame `frame` (1-based, the
 *  trace's "frame"; not yet run): 1 armed, 0 refused (acp_abi_run_error names what is wrong). */
ACP_ABI int acp_abi_run_inspect(acp_run *run, uint32_t index, uint32_t frame) { return acp_run_inspect(run, index, frame); }
/** The record as JSON (src/scenario/inspect_json.h) once that frame has run, else 0; and its
 *  length in bytes. */
ACP_ABI const char *acp_abi_run_inspect_json(const acp_run *run) { return acp_run_inspect_json(run, NULL); }
ACP_ABI uint32_t acp_abi_run_inspect_json_length(const acp_run *run)
{
    size_t n = 0;
    acp_run_inspect_json(run, &n);
    return (uint32_t)n;
}

/* ==== snapshots (issue 38) ================================================================ */

/** Snapshot the run after its last frame: a malloc'd buffer (free it with acp_abi_free) whose
 *  length goes to *size; 0 on failure, with the message in `err` (err_size bytes). */
ACP_ABI uint8_t *acp_abi_run_snapshot(acp_run *run, uint32_t *size, char *err, uint32_t err_size)
{
    uint8_t *bytes = NULL;
    size_t n = 0;
    *size = 0;
    if (!acp_run_snapshot(run, &bytes, &n, err, err_size)) return NULL;
    if (n > 0xFFFFFFFFu) {
        free(bytes);
        snprintf(err, err_size, "the snapshot is larger than 4 GiB");
        return NULL;
    }
    *size = (uint32_t)n;
    return bytes;
}
/** Start the run from a snapshot (`size` bytes at `bytes`, not kept) instead of from its first
 *  frame: 1 ok, 0 error (acp_abi_run_error names the offset and field). */
ACP_ABI int acp_abi_run_resume(acp_run *run, const uint8_t *bytes, uint32_t size)
{
    return acp_run_resume(run, bytes, size);
}
