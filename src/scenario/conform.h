/* acphys — `acphys conform`: a port's traces judged against the conformance suite
 * (conformance/v1/manifest.json), one row per case, a summary per group and overall.
 *
 * CONVENTIONS
 *   Hosts (src/cli/conform_cmd.c natively, bin/conform.mjs through the .wasm) read the manifest
 *   and the files, and compare each case's golden trace (a) with the port's trace (b) through
 *   src/scenario/diff.h with the options acp_conform_case_options gives; this module keeps the
 *   rows and prints the report, so both hosts print the same characters. A case is judged on the
 *   fields its manifest entry lists, or on --fields when given (then a listed field the port
 *   never writes fails, instead of being noted "not written"). A case whose trace file is absent
 *   is "missing"; a file that is not a trace fails with the reason. The run passes when every
 *   judged case passes (acp_conform_passed).
 */
#ifndef ACP_CONFORM_H
#define ACP_CONFORM_H

#include <stdbool.h>
#include <stdint.h>

#include "diff.h"
#include "text.h"

typedef enum acp_conform_status {
    ACP_CONFORM_PASS = 0,
    ACP_CONFORM_FAIL = 1,
    ACP_CONFORM_MISSING = 2,
} acp_conform_status;

typedef struct acp_conform_row {
    char group[48];
    char name[128];                  /* the trace file's name without ".jsonl" */
    acp_conform_status status;
    char detail[400];                /* the first difference, the error, or the notes of a pass */
} acp_conform_row;

typedef struct acp_conform {
    acp_diff_options opt;            /* the command line's options */
    acp_conform_row *rows;
    uint32_t count, cap;
    bool oom;
} acp_conform;

/** Start a run with the command line's options (copied). */
void acp_conform_init(acp_conform *c, const acp_diff_options *o);
void acp_conform_free(acp_conform *c);

/** The options of one case: the run's, judging `fields_csv` (the manifest's list, "a,b,c")
 *  unless --fields was given. False with the reason in err when the list names an unknown field. */
bool acp_conform_case_options(const acp_conform *c, const char *fields_csv, acp_diff_options *out, char *err,
                              size_t err_size);

/** Record a case: `d` the finished comparison (acp_trace_diff_finish called), or NULL when the
 *  port's trace file is absent. False when out of memory. */
bool acp_conform_add(acp_conform *c, const char *group, const char *name, const acp_trace_diff *d);

/** The table (group, scenario, result), the summary per group (in first-seen order) and the
 *  closing line, into t. */
void acp_conform_report(const acp_conform *c, acp_text *t);

/** True when at least one case was judged and every one passed. */
bool acp_conform_passed(const acp_conform *c);

#endif
