/* acphys — the one scenario runner (docs/SCENARIOS.md) that the native CLI, Node and the page
 * all use: JSON tree → validated scenario → world → per frame: events, CPhysics::UseTime,
 * trace line, running digest → closing digest line.
 *
 * CONVENTIONS
 *   Lifecycle: acp_run_create (decode + validate; no world yet) → for every excerpt that is not
 *   "default", acp_run_set_excerpt (the host's bytes: the CLI reads files, JavaScript passes
 *   what it fetched or read) → acp_run_start (read the excerpts, build the world) → acp_run_step
 *   or acp_run_step_next, any number of times → acp_run_destroy. Any failure puts the run in an
 *   error state: acp_run_error returns the message (a field path and what is wrong, e.g.
 *   `objects[0].setup: no Setup 0x02000001 in the excerpts`) and every later call does nothing.
 *   Frame semantics: before frame k at time `now`, world.now = now and every event not yet
 *   applied with t <= now is applied (in t order, then file order: "before the first frame whose
 *   time is >= t"); then acp_world_use_time(now); then the frame is captured. Times may go
 *   backwards (retail's gate handles it); they must be finite and within ±1e9 s.
 *   Objects whose enter_at is <= 0 enter the world in scenario order at the start; one whose
 *   enter_at is > 0 enters before the first frame whose time is >= enter_at (before that
 *   frame's events; those due at one frame in scenario order): until then it is not in the
 *   world, and the trace line, table and digest leave it out. Either way placement runs at
 *   enter_at and update_time starts there. The world's last_update starts at 0.
 *   Memory: everything a run needs is allocated by create and start (the snapshot of one frame,
 *   the line buffer sized for the scenario, the per-frame digests for the scenario's frames). A
 *   step allocates only to grow the digest list past the scenario's frame count or a line
 *   longer than estimated, or to make an object whose enter_at has come (before the frame's
 *   events), and never inside acp_world_use_time.
 */
#ifndef ACP_RUN_H
#define ACP_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "jsonv.h"
#include "physics/world/physics.h"
#include "scenario.h"
#include "text.h"
#include "trace.h"

typedef struct acp_run acp_run;

/** No profile override (use the scenario's). */
#define ACP_RUN_PROFILE_SCENARIO (-1)

/** Decode and validate `root`; profile_override is ACP_RUN_PROFILE_SCENARIO or an
 *  acp_clock_profile (the CLI's --profile). Returns NULL only when out of memory; a run whose
 *  scenario is invalid reports it through acp_run_error. */
acp_run *acp_run_create(const acp_jsonv *root, int profile_override);
/** A run that failed before its scenario could be decoded (e.g. its JSON did not parse): every
 *  call reports `message`. NULL only when out of memory. */
acp_run *acp_run_create_failed(const char *message);
/** Free the run, its world and its records (NULL is ignored). */
void acp_run_destroy(acp_run *run);

/** The error message, or NULL while the run is fine. */
const char *acp_run_error(const acp_run *run);
/** The decoded scenario (valid unless acp_run_error). */
const acp_scenario *acp_run_scenario(const acp_run *run);
/** The profile the world runs (the override or the scenario's). */
acp_clock_profile acp_run_profile(const acp_run *run);

/** Number of excerpt names the scenario lists, and the i-th ("default" or a host name). */
uint32_t acp_run_excerpt_count(const acp_run *run);
const char *acp_run_excerpt_name(const acp_run *run, uint32_t i);
/** True when excerpt i needs bytes from the host (it is not "default"). */
bool acp_run_excerpt_needs_bytes(const acp_run *run, uint32_t i);
/** Hand in the bytes of excerpt i (copied). False when i is out of range or out of memory. */
bool acp_run_set_excerpt(acp_run *run, uint32_t i, const uint8_t *bytes, size_t size);

/** What a run's trace records (acphys run --records, --format): one line per frame (the default),
 *  one per quantum in acphys's shape, or one per quantum of the traced object in dereth's shape
 *  (trace.h, "per-quantum records"). */
typedef enum acp_run_records {
    ACP_RUN_RECORDS_FRAMES = 0,
    ACP_RUN_RECORDS_QUANTA = 1,
    ACP_RUN_RECORDS_DERETH = 2
} acp_run_records;

/** Choose the records before acp_run_start (false after it, or for an unknown kind). With quanta
 *  or dereth records the world's quantum_hook captures every quantum (into storage sized at start
 *  for the objects' most quanta a frame: no allocation while the physics runs); frames records
 *  install no hook. The frame snapshot, the table and acp_run_digest are the same whatever the
 *  records. */
bool acp_run_set_records(acp_run *run, acp_run_records records);
/** Comparison modes (physics.h acp_peer_rule bits) the world runs, before acp_run_start (false
 *  after it, or for an unknown bit). 0, retail, by default. */
bool acp_run_set_peer_rules(acp_run *run, uint32_t rules);

/** The records' text of the last frame: each record a line ending in '\n' (frames: the frame's
 *  line; quanta and dereth: one line per quantum, none when no quantum ran). */
const char *acp_run_records_text(acp_run *run, size_t *len);
/** The closing line of the records (no newline): frames and quanta their digest line (quanta:
 *  with "records":"quanta"), dereth "" (its shape has none). */
const char *acp_run_records_closing(acp_run *run);
/** The quanta recorded in the last frame (0 with frames records). */
uint32_t acp_run_frame_quanta(const acp_run *run);

/** Read the excerpts (in listed order: later records replace earlier ones) and build the world.
 *  Errors: an excerpt without bytes (`excerpts[1]: no bytes were given for "x.dat"`), a DAT that
 *  does not read, a Setup or MotionTable id that no excerpt holds, a motion event for an object
 *  without a motion table. */
bool acp_run_start(acp_run *run);

/** Run one frame at `now` seconds (the page's requestAnimationFrame time). False, with an error,
 *  when now is not finite or outside ±1e9 s, or the run has not started. */
bool acp_run_step(acp_run *run, double now);
/** Run the scenario's next frame; false when all its frames have run (not an error) or on error. */
bool acp_run_step_next(acp_run *run);
/** Run every remaining frame of the scenario. With keep_trace, each frame's records
 *  (acp_run_records_text) and then the closing line (each ending in '\n'; dereth records have
 *  none) are appended to the run's trace text (acp_run_trace).
 *  Returns the number of frames run. */
uint32_t acp_run_all(acp_run *run, bool keep_trace);
/** The trace text acp_run_all kept ("" when none) and its length in bytes. */
const char *acp_run_trace(const acp_run *run, size_t *len);

/** Frames run so far, and the scenario's frame count. */
uint32_t acp_run_frames_done(const acp_run *run);
uint32_t acp_run_frames_total(const acp_run *run);
/** The last frame's snapshot (NULL before the first frame). */
const acp_trace_frame *acp_run_last_frame(const acp_run *run);

/** The trace line of the last frame (no newline; "" before the first frame). */
const char *acp_run_line(acp_run *run, size_t *len);
/** The table rows of the last frame ("" before the first frame) and the table header. */
const char *acp_run_table_rows(acp_run *run);
const char *acp_run_table_header(acp_run *run);
/** The closing line {"digest":"..."} for the frames run so far. */
const char *acp_run_digest_line(acp_run *run);

/** The running digest after the last frame (the FNV offset basis before any). */
uint64_t acp_run_digest(const acp_run *run);
/** The digest after each frame run: element k is frame k + 1's. *count receives the number. */
const uint64_t *acp_run_frame_digests(const acp_run *run, uint32_t *count);

/** The warnings kept one by one; beyond them one closing line counts the rest. */
#define ACP_RUN_MAX_WARNINGS 20u

/** Warnings (things the run could not do as asked: an object without a cell, a raw command in an
 *  interpreted motion, an event after the last frame): the first ACP_RUN_MAX_WARNINGS, then one
 *  line "and N more warnings (only the first 20 are listed)" when there were more. */
uint32_t acp_run_warning_count(const acp_run *run);
const char *acp_run_warning(const acp_run *run, uint32_t i);

/** The world (NULL before start), and the i-th scenario object in it (NULL out of range). */
acp_world *acp_run_world(const acp_run *run);
acp_physobj *acp_run_object(const acp_run *run, uint32_t i);

/* ---- events appended while the run goes (the page's keyboard) ---- */

/** Add an event (the JSON of one element of "events") to a started run's scenario, as its last
 *  listed event: the page's keyboard makes events as it goes. Its t must be later than every
 *  frame time run so far, so that a replay of the whole scenario applies it before the same frame
 *  as this run will (the next frame whose time is >= t). Motion, raw_motion and jump events need
 *  an object with a motion table. False, with the reason in acp_run_event_error, leaves the run
 *  and its scenario as they were (a refused event does not put the run in an error state). */
bool acp_run_add_event(acp_run *run, const acp_jsonv *event);
/** Add an object (the JSON of one element of "objects") to a started run's scenario, as its
 *  last object: the page adds objects and copies so while a run plays, without replaying it.
 *  Its enter_at must be later than every frame time run so far (and > 0): it enters the world
 *  before the next frame whose time is >= enter_at, as a replay of the whole scenario has it
 *  enter, so the digests agree frame by frame. Its records are checked now. False, with the
 *  reason in acp_run_event_error, leaves the run and its scenario as they were. */
bool acp_run_add_object(acp_run *run, const acp_jsonv *object);
/** Why the last acp_run_add_event or acp_run_add_object refused ("" after one that succeeded). */
const char *acp_run_event_error(const acp_run *run);

/* ---- the quantum inspector (issue 36, src/physics/world/inspect.h) ---- */

/** Record object `object_index`'s collision sweeps (scenario order) during frame `frame` (1-based,
 *  the trace's "frame"), which has not run yet: the frame runs as it would without it (the
 *  record reads the sweep, changes nothing). False with the run's error (`inspect: object 7 is
 *  not in the scenario (it has 3 objects, indices from 0)`, `inspect: frame 0 (frames count from
 *  1, ...)`, `inspect: frame 12 has already run`, and for an object whose enter_at puts it in the
 *  world only from a later frame `inspect: object 2 enters at frame 121 (t = 2.01677038 s, its
 *  enter_at 2 s), after frame 5`). */
bool acp_run_inspect(acp_run *run, uint32_t object_index, uint32_t frame);
/** The record as JSON (src/scenario/inspect_json.h) once the frame has run; NULL before. */
const char *acp_run_inspect_json(const acp_run *run, size_t *len);

/** Snapshot the run after its last frame (physics/world/snapshot.h, with the runner's section:
 *  its next frame and event, the trace's digests): *out (malloc'd, the caller frees it) and
 *  *size. False with a message in err (a state no snapshot names). Not inside a step. */
bool acp_run_snapshot(acp_run *run, uint8_t **out, size_t *size, char *err, size_t err_size);

/** Start the run (acp_run_start) and continue it from a snapshot acp_run_snapshot wrote of the same
 *  scenario, records and profile: its world is replaced by the restored one and the next
 *  acp_run_step_next runs the frame after the snapshot's. False (acp_run_error: the offset and
 *  field) for a snapshot of other records, another scenario, or damaged bytes. */
bool acp_run_resume(acp_run *run, const uint8_t *bytes, size_t size);

#endif
