/* acphys — a replay's comparison (docs/REPLAY.md): the run of a plan's scenario, judged at every
 * client report against what the client said.
 *
 * CONVENTIONS
 *   The run (src/scenario/run.h) must have started; acp_replay_compare steps it to its end. A
 *   report at t is judged against the player (the scenario's first object) after the last frame
 *   before t (replay.h). A report is skipped, with its reason, when the loaded data cannot cover
 *   it: the first report after a teleport, a client cell that is not loaded (an outdoor cell
 *   whose landblock is not in the excerpts, an indoor cell whose EnvCell is not), acphys's
 *   player without a cell, or hidden (HIDDEN_PS) when the SetState that showed it was left out
 *   (a build without set_state events: replay.h). Consecutive skipped reports with one reason make a segment.
 *   Distances in metres (acp_replay_distance), headings in degrees; the heading difference is
 *   acphys's minus the client's, in (−180, 180].
 */
#ifndef ACP_REPLAY_COMPARE_H
#define ACP_REPLAY_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "replay.h"
#include "scenario/run.h"
#include "scenario/text.h"

/** The default threshold (metres) beyond which a report is "the first beyond". */
#define ACP_REPLAY_DEFAULT_THRESHOLD 0.5

/** One judged report. */
typedef struct acp_replay_result {
    const acp_replay_report *report;
    bool skipped;
    char reason[128];                     /* when skipped */
    bool has_acphys;                      /* acphys's player had a position */
    acp_replay_pos acphys;
    double distance;                      /* metres (NaN when skipped) */
    bool same_cell;
    double client_heading, acphys_heading, heading_diff; /* degrees */
    uint32_t frame;                       /* the frame judged (0: before the first) */
} acp_replay_result;

/** A run of consecutive skipped reports with one reason. */
typedef struct acp_replay_segment {
    uint32_t first, last;                 /* report indices */
    double from, to;                      /* scenario seconds */
    char reason[128];
} acp_replay_segment;

/** Everything the comparison found. Owns its arrays (acp_replay_outcome_free). */
typedef struct acp_replay_outcome {
    uint32_t num_results;
    acp_replay_result *results;
    uint32_t num_segments;
    acp_replay_segment *segments;
    uint32_t compared, skipped, cells_agree;
    double max_distance, mean_distance;   /* over the compared reports (0 when none) */
    double threshold;
    bool has_beyond;
    uint32_t first_beyond;                /* the first compared report beyond the threshold */
    uint32_t frames;
} acp_replay_outcome;

/** Step `run` (started, its scenario the plan's) through every frame, judging each report.
 *  False with a message when the run fails (its error) or out of memory. */
bool acp_replay_compare(acp_run *run, const acp_replay_plan *plan, double threshold, acp_replay_outcome *out,
                        char *msg, size_t msg_size);
void acp_replay_outcome_free(acp_replay_outcome *out);

/** The summary table (one row a report, then the segments, the skipped objects and the totals). */
void acp_replay_table(const acp_replay_plan *plan, const acp_replay_outcome *out, acp_text *t);
/** The report JSON: {"player", "t0", "threshold", "reports": [...], "segments": [...],
 *  "skipped_objects": [...], "summary": {...}} (docs/REPLAY.md). */
void acp_replay_report_json(const acp_replay_plan *plan, const acp_replay_outcome *out, acp_text *t);

#endif
