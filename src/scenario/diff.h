/* acphys — `acphys diff`: the first frame and field where two traces differ, with both values and
 * their distance in ulps, so a trace from another port (written in the trace format of
 * schema/trace.v1.schema.json) can be compared with ours.
 *
 * CONVENTIONS
 *   Hosts read the two files line by line, parse each line as JSON (cJSON natively, JSON.parse in
 *   JavaScript) and hand the trees here, so both give the same report. Lines are compared by
 *   position (line k of a with line k of b); within a line, fields in a's order, then fields only
 *   b has; arrays element by element, then their lengths; the "objects" array by object "id".
 *   Digests are optional: a "digest" field is compared last and only when both lines have one,
 *   and a closing line holding only "digest" (and "profile") that one trace lacks is no
 *   difference, so a port's trace without digests compares field by field.
 *   Integer fields (frame, id, state, transient) are compared exactly and their difference (and
 *   the differing bits) reported, not ulps.
 *   A line that is not JSON, a line that is not a trace line (neither the closing {"digest"} line
 *   nor an object with a number "frame" and an "objects" array of objects with distinct
 *   whole-number "id"s), or an empty trace, is an error (d->error), not a difference.
 *   Numbers are compared by what they mean, not how they are written: float fields (quanta,
 *   origin, orientation, velocity) as float32 (so 118.6824 and 118.682404 are the same float),
 *   double fields (now, elapsed, pending, update_time) and every other number as float64; "cell"
 *   as a 32-bit value (hex case does not matter); "NaN"/"Infinity" strings as themselves. The
 *   distance of two numbers of one kind is in ulps of that kind: the number of representable
 *   values between them (+0 and −0 are 1 apart).
 */
#ifndef ACP_DIFF_H
#define ACP_DIFF_H

#include <stdbool.h>
#include <stdint.h>

#include "jsonv.h"

/** The state of one comparison. */
typedef struct acp_trace_diff {
    uint32_t lines;                  /* lines compared so far */
    bool different;                  /* a difference was found (message holds it) */
    bool error;                      /* the input is not a trace (message holds why) */
    char message[1024];              /* multi-line report of the first difference */
} acp_trace_diff;

/** Start a comparison. */
void acp_trace_diff_init(acp_trace_diff *d);

/** Compare line `line_no` (1-based) of a and b. Returns true while no difference was found;
 *  after the first difference (or when one was found before) returns false. */
bool acp_trace_diff_line(acp_trace_diff *d, uint32_t line_no, const acp_jsonv *a, const acp_jsonv *b);

/** Record that a line is not JSON: `which` 'a' or 'b'; `why` the JSON check's message ("line 1,
 *  column C: what", optionally after "not valid JSON: ") or NULL. An error (d->error), not a
 *  difference. */
void acp_trace_diff_bad_line(acp_trace_diff *d, uint32_t line_no, char which, const char *why);

/** Line `line_no` exists only in trace `which` ('a' or 'b'): a difference, unless it is a
 *  closing digest line (acp_trace_is_closing_line). */
void acp_trace_diff_extra_line(acp_trace_diff *d, uint32_t line_no, char which, const acp_jsonv *v);

/** True for a trace's closing line: an object with "digest" and nothing else but "profile". */
bool acp_trace_is_closing_line(const acp_jsonv *v);

/** After the last line: a_lines and b_lines lines were read. Returns true when the traces are
 *  identical; an empty trace is an error. */
bool acp_trace_diff_finish(acp_trace_diff *d, uint32_t a_lines, uint32_t b_lines);

/** Distance in float32 ulps between two floats (finite or not; NaNs are 0 apart from each other). */
uint64_t acp_ulps_f32(float a, float b);
/** Distance in float64 ulps between two doubles. */
uint64_t acp_ulps_f64(double a, double b);

#endif
