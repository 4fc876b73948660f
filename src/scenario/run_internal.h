/* acphys — the runner's state, shared by run.c and run_records.c (not part of the API: run.h).
 */
#ifndef ACP_RUN_INTERNAL_H
#define ACP_RUN_INTERNAL_H

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
    acp_excerpts *records;
    struct acp_terrain *terrain;     /* the excerpts' landblocks; NULL: the fixture world */
    acp_world *world;
    acp_physobj **objects;           /* scenario order */
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
    char event_error[512];           /* acp_run_add_event's last refusal */
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

/** Put the run in its error state with `message` (run.c); returns false. */
bool acp_run_internal_error(acp_run *run, const char *message);
/** Install the quantum hook and the records' storage at start (run_records.c); false when out of
 *  memory. */
bool acp_run_start_records(acp_run *run);
/** The parent events' parts and holding locations against the holders' Setups (a field-named
 *  error, false), then each holder's child list reserved (run_parents.c). */
bool acp_run_check_parents(acp_run *run);
/** After a frame: continue the quanta records' running digest over the frame's records. */
void acp_run_hash_records(acp_run *run);

#endif
