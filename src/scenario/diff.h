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
 *
 * OPTIONS (acp_diff_options; `acphys diff` and `acphys conform` take them as flags)
 *   --fields a,b,c  judge only these trace fields (frame, objects and id, which place a value,
 *                   are always compared); a field asked for that b never writes is a difference.
 *   --ulps N | --ulps float=N,double=M   numbers this many ulps apart (of their kind) agree.
 *   --abs X         numbers at most X apart agree (either tolerance suffices).
 *   --all           (the hosts) report every differing line, not only the first.
 *   Trace a is the reference, b the port's. Before comparing, hosts hand every line of b to
 *   acp_trace_diff_scan_b: a known field that b never writes (anywhere in the trace) is then "not
 *   written", noted in the report (acp_trace_diff.not_written) and not judged, unless --fields
 *   names it. A field b writes on some lines but not on one where a has it is a difference (an
 *   "elapsed" missing where update_object ran its clock). Fields of b that the trace format does
 *   not know (schema/trace.v1.schema.json) are ignored: a port may add its own. Digests are
 *   compared only without --fields and tolerances (they hash every field, bit for bit).
 */
#ifndef ACP_DIFF_H
#define ACP_DIFF_H

#include <stdbool.h>
#include <stdint.h>

#include "jsonv.h"

/** The trace fields the format knows, as bits of a field mask (ACP_TRACE_FIELD_NAMES order). */
#define ACP_TRACE_FIELD_COUNT 33
extern const char *const ACP_TRACE_FIELD_NAMES[ACP_TRACE_FIELD_COUNT];
/** frame, objects, id: they place every other value and are always compared. */
#define ACP_TRACE_FIELDS_STRUCTURAL UINT64_C(0x29)
#define ACP_TRACE_FIELDS_ALL ((UINT64_C(1) << ACP_TRACE_FIELD_COUNT) - 1u)
/** The bit of a known field's name (len bytes), or 0. */
uint64_t acp_trace_field_bit(const char *name, size_t len);
/** Parse "a,b,c" (known field names) into a mask (with the structural fields); false and a
 *  message naming the unknown name in err otherwise. */
bool acp_trace_fields_parse(const char *csv, uint64_t *mask, char *err, size_t err_size);
/** The names of the fields in mask, ", "-separated, into t (ACP_TRACE_FIELD_NAMES order). */
struct acp_text;
void acp_trace_fields_put(struct acp_text *t, uint64_t mask);

/** How two traces are judged (see OPTIONS). Zeroed by acp_diff_options_init: every field,
 *  bit for bit. */
typedef struct acp_diff_options {
    uint64_t fields;                 /* mask of judged fields (ACP_TRACE_FIELDS_ALL by default) */
    bool fields_asked;               /* --fields was given: a judged field b never writes fails */
    uint64_t ulps_f32, ulps_f64;     /* tolerances in ulps of float32 and float64 fields */
    double abs;                      /* absolute tolerance (0: none) */
    bool all;                        /* report every differing line */
} acp_diff_options;

void acp_diff_options_init(acp_diff_options *o);
/** Apply one option: name "--fields", "--ulps" or "--abs" with its value, or "--all" (value
 *  NULL). Returns false with "--ulps: ..." in err for a bad value or an unknown name. */
bool acp_diff_options_set(acp_diff_options *o, const char *name, const char *value, char *err, size_t err_size);
/** True for the option names that take a value (--fields, --ulps, --abs). */
bool acp_diff_option_takes_value(const char *name);
/** True for every option name acp_diff_options_set knows. */
bool acp_diff_option_known(const char *name);
/** The usage text of the options (one line, no newline). */
extern const char ACP_DIFF_OPTIONS_USAGE[];

/** The state of one comparison. */
typedef struct acp_trace_diff {
    acp_diff_options opt;
    uint32_t lines;                  /* lines compared so far */
    bool different;                  /* a difference was found (message holds it) */
    bool error;                      /* the input is not a trace (message holds why) */
    bool scanned;                    /* acp_trace_diff_scan_b saw b: b_written is known */
    uint64_t b_written;              /* known fields b writes somewhere */
    uint64_t not_written;            /* judged fields a has that b never writes (not judged) */
    uint32_t differing_lines;        /* lines that differed, with opt.all (acp_trace_diff_next) */
    uint32_t first_differing_line;   /* the first of them (0: none) */
    char message[1024];              /* multi-line report of the first difference */
    char summary[320];               /* one line: "frame F: field P (object id I): N ulps (float32)" */
} acp_trace_diff;

/** Start a comparison of every field, bit for bit. */
void acp_trace_diff_init(acp_trace_diff *d);
/** Start a comparison with options (copied). */
void acp_trace_diff_init_with(acp_trace_diff *d, const acp_diff_options *o);
/** Before comparing: one line of trace b (any order; lines that are not trace lines are left
 *  for the comparison to report). Records which known fields b writes. */
void acp_trace_diff_scan_b(acp_trace_diff *d, const acp_jsonv *b);
/** With opt.all, after a line that differed: count it and go on (the message and summary of
 *  the next difference replace this one's). No-op otherwise. */
void acp_trace_diff_next(acp_trace_diff *d);

/** Compare line `line_no` (1-based) of a and b. Returns true while no difference was found;
 *  after the first difference (or when one was found before) returns false. */
bool acp_trace_diff_line(acp_trace_diff *d, uint32_t line_no, const acp_jsonv *a, const acp_jsonv *b);

/** Record that a line is not JSON: `which` 'a' or 'b'; `why` the JSON check's message ("line 1,
 *  column C: what", optionally after "not valid JSON: ") or NULL. An error (d->error), not a
 *  difference. */
void acp_trace_diff_bad_line(acp_trace_diff *d, uint32_t line_no, char which, const char *why);

/** How many of a file's first bytes a "not a trace file" message shows. */
#define ACP_TRACE_NOT_A_TRACE_BYTES 16

/** True when a text (len bytes) has no lines or its first line that is not blank (lines split at
 *  '\n', a trailing '\r' removed, lines of only spaces and tabs skipped) opens a JSON object:
 *  '{' after spaces, tabs or a UTF-8 byte order mark, as every trace line does. A text that fails
 *  this (a DAT, a README) is no trace at all (acp_trace_diff_not_a_trace). */
bool acp_trace_text_opens_object(const char *text, size_t len);

/** Record that trace `which` ('a' or 'b') is not a trace file: "b is not a trace file (its first
 *  line does not open a JSON object): its first bytes are <hex> "<text>"" from the first
 *  ACP_TRACE_NOT_A_TRACE_BYTES of `head` (head_len of them given; printable ASCII as it is, \n
 *  \r \t " \\ escaped, any other byte a '.'), "..." after when total_len is more. An error
 *  (d->error), not a difference. */
void acp_trace_diff_not_a_trace(acp_trace_diff *d, char which, const unsigned char *head, size_t head_len,
                                size_t total_len);

/** Name the two sides of an error message by their files: a message that opens "line N of a",
 *  "line N of b", "a line N" or "b line N" gets `a_name` or `b_name` in place of the letter
 *  (conform: the golden's path and the port's trace's). Nothing else changes. */
void acp_trace_diff_name_sides(acp_trace_diff *d, const char *a_name, const char *b_name);

/** Line `line_no` exists only in trace `which` ('a' or 'b'): a difference, unless it is a
 *  closing digest line (acp_trace_is_closing_line). */
void acp_trace_diff_extra_line(acp_trace_diff *d, uint32_t line_no, char which, const acp_jsonv *v);

/** True for a trace's closing line: an object with "digest" and nothing else but "profile". */
bool acp_trace_is_closing_line(const acp_jsonv *v);

/** After the last line: a_lines and b_lines lines were read. Returns true when the traces are
 *  identical; an empty trace is an error. */
bool acp_trace_diff_finish(acp_trace_diff *d, uint32_t a_lines, uint32_t b_lines);

/** The kind of a trace line: a frame line ("frame" and "objects"), a quanta record (those and
 *  "quantum": trace.h, per-quantum records), a dereth record ("t" and "transition_state", no
 *  "frame": dereth.h), or none of them (a closing line included). */
typedef enum acp_trace_shape {
    ACP_TRACE_SHAPE_NONE = 0,
    ACP_TRACE_SHAPE_FRAMES = 1,
    ACP_TRACE_SHAPE_QUANTA = 2,
    ACP_TRACE_SHAPE_DERETH = 3
} acp_trace_shape;
acp_trace_shape acp_trace_line_shape(const acp_jsonv *v);

/** Two shapes of one run: the frame lines f (nf, closing line included) against the quanta
 *  records q (nq). For every object of every frame whose "quanta" is not empty, the next records
 *  must be that frame's and that object's, one per quantum with the same float32 quantum, their
 *  "hooks" together the frame's "hooks", and the last record must hold the frame object's
 *  elapsed, pending, update_time, active, state, transient, cell, origin, orientation and
 *  velocity (as d's options judge numbers); no record may be left over. Objects and frames
 *  without quanta have no records to compare. The first difference goes into d as
 *  acp_trace_diff_line reports one (the frame's line and field); true when they agree. */
bool acp_trace_diff_shapes(acp_trace_diff *d, const acp_jsonv *const *f, uint32_t nf, const acp_jsonv *const *q,
                           uint32_t nq);

/** Distance in float32 ulps between two floats (finite or not; NaNs are 0 apart from each other). */
uint64_t acp_ulps_f32(float a, float b);
/** Distance in float64 ulps between two doubles. */
uint64_t acp_ulps_f64(double a, double b);

#endif
