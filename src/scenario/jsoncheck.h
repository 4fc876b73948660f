/* acphys — where JSON text stops being JSON: one strict checker (RFC 8259) that both hosts run,
 * so they accept the same texts and name the same place when one is broken.
 *
 * CONVENTIONS
 *   Parsing stays with the libraries (cJSON natively, JSON.parse in JavaScript; jsonv.h). This
 *   only checks syntax, in one pass, before either parses (cJSON accepts some texts JSON.parse
 *   refuses, such as 01 and 1., and both merge repeated names). Beyond RFC 8259 it refuses what
 *   no host turns into the same tree:
 *   - nesting deeper than ACP_JSONV_MAX_DEPTH;
 *   - a \u0000 escape (cJSON ends the string there);
 *   - text that is not UTF-8, and a lone UTF-16 surrogate escape (cJSON refuses it, JSON.parse
 *     keeps it);
 *   - a member name the object already has (JSON.parse keeps the last silently); names are
 *     compared as characters, so "version" and "\u0076ersion" are one;
 *   - an object with more than ACP_JSON_MAX_MEMBERS members.
 *   Its only allocation is a hash table of the member names of each object still open (at most
 *   64 × 8,192 slots), so the repeated-name check costs one lookup per member.
 *   A byte order mark before the value is skipped. Lines and columns count from 1; a column
 *   counts characters (Unicode code points), not bytes, and not the byte order mark.
 */
#ifndef ACP_JSONCHECK_H
#define ACP_JSONCHECK_H

#include <stdbool.h>
#include <stddef.h>

/** Members an object may have. */
#define ACP_JSON_MAX_MEMBERS 4096u

/** Check `len` bytes of JSON text. True when it is one JSON value (with white space around it);
 *  otherwise false and a message "line L, column C: <what>" in msg (msg_size bytes). */
bool acp_json_check(const char *text, size_t len, char *msg, size_t msg_size);
/** The same check with `trace` true for a trace's line: a non-finite token (NaN, Infinity, nan,
 *  -nan, inf) gets the hint that a trace writes the string "NaN", "Infinity" or "-Infinity"
 *  (docs/PORTING.md), and a number beyond the double range (1e999) is refused. With `trace`
 *  false (a scenario, a run file), a non-finite token is said to be not allowed in a scenario. */
bool acp_json_check_ex(const char *text, size_t len, bool trace, char *msg, size_t msg_size);

#endif
