/* acphys — the runner's state, shared by run.c and run_records.c (not part of the API: run.h).
 */
#ifndef ACP_RUN_INTERNAL_H
#define ACP_RUN_INTERNAL_H

#include "acphys.h"
#include "excerpts.h"
#include "run.h"

struct acp_run {
    acp_scenario scenario;
    acp_clock_profile profile;
    bool failed;
    char error[512];
    /* Host-supplied excerpt bytes, until start reads them. */
    uint8_t **excerpt_bytes;
    size_t *excerpt_sizes;
    bool *excerpt_given;
    /* The world, made and driven through the public API (include/acphys.h); the pointers below
     * are the API's read-only views of it (src/api/api_internal.h), owned by the API world. */
    acp_world_id world_id;           /* {0, 0} before start */
    const acp_excerpts *records;     /* the world's records */
    const struct acp_terrain *terrain; /* the excerpts' landblocks; NULL: the fixture world */
    acp_world *world;                /* read by the trace, the records' hook, the inspector, the ABI */
    acp_physobj **objects;           /* scenario order (read only, as world); NULL while an object
                                        waits to enter */
    uint32_t num_waiting;            /* objects whose enter_at is still ahead (enter_due) */
    bool started;
    uint32_t next_frame;             /* index into scenario.frames.times */
    uint32_t next_event;             /* index into scenario.events (sorted) */
    acp_trace_frame frame;           /* the last frame's snapshot */
    bool have_frame;
    uint64_t digest;
    uint64_t *digests;
    uint32_t num_digests, cap_digests;
    acp_text line, table, header, digest_line, trace;
    bool line_valid, table_valid;
    char **warnings;
    uint32_t num_warnings;
    uint32_t warnings_dropped;       /* warnings beyond ACP_RUN_MAX_WARNINGS, summarized */
    char warnings_more[160];         /* the summary line, when any were dropped */
    double latest_now;               /* the latest frame time run so far (acp_run_add_event) */
    char event_error[512];           /* acp_run_add_event's or acp_run_add_object's last refusal */
    /* ---- per-quantum records (acp_run_set_records) ---- */
    acp_run_records record_kind;
    acp_trace_quantum *quanta;       /* this frame's records (cap_quanta, sized at start) */
    uint32_t num_quanta, cap_quanta;
    uint32_t quanta_dropped;         /* records beyond cap_quanta this frame (none expected) */
    uint32_t traced_id;              /* dereth records: the traced object's id */
    uint64_t quanta_digest;          /* running digest of the quanta records */
    acp_text records_text;
    bool records_valid;
    uint32_t peer_rules;             /* comparison modes (acp_run_set_peer_rules) */
    struct acp_run_inspector *inspector; /* the quantum inspector (acp_run_inspect), or NULL */
};

/** Object i's records (its Setup and motion table), checked: false, with the run in its error
 *  state naming the field, when one is missing (run.c). */
bool acp_run_resolve_object(acp_run *run, uint32_t i, const acp_setup **setup, const acp_motion_table **table);

/** Whether an object waits to enter the world: its enter_at is after the run's start (0), so it
 *  enters before the first frame whose time is >= enter_at (run.c enter_due). */
static inline bool acp_run_enters_later(const acp_scenario_object *so) { return so->enter_at > 0.0; }

/** Whether event ev comes before an object it names enters the world (the object, or a parent
 *  event's holder: its enter_at is after ev's t); the reason, "events[i]: object N enters the
 *  world at ...", into t when so (run_add.c). */
bool acp_run_event_before_entering(const acp_scenario *s, const acp_scenario_event *ev, acp_text *t);

/** Put the run in its error state with `message` (run.c); returns false. */
bool acp_run_internal_error(acp_run *run, const char *message);
/** Install the quantum hook and the records' storage at start (run_records.c); false when out of
 *  memory. */
bool acp_run_start_records(acp_run *run);
/** The parent events' parts and holding locations against the holders' Setups (a field-named
 *  error, false), then each holder's child list reserved (run_parents.c). */
bool acp_run_check_parents(acp_run *run);
/** Object i's child list reserved for the parent events aimed at it (run_parents.c): at the start
 *  for the objects in the world, when it enters for one that enters later. */
bool acp_run_reserve_holder(acp_run *run, uint32_t i);
/** After a frame: continue the quanta records' running digest over the frame's records. */
void acp_run_hash_records(acp_run *run);
/** A scenario position as the API's pose (run_events.c). */
acp_pose acp_run_pose_of(const acp_position *p);
/** Apply one event through the API call for it (run_events.c); the API's status. */
acp_status acp_run_apply_event(acp_run *run, const acp_scenario_event *ev);

#endif
