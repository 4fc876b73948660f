/* acphys — native JSON input: cJSON parses the text, this bridge turns cJSON's tree into the
 * generic tree of src/scenario/jsonv.h that the C scenario decoder and trace differ read.
 *
 * CONVENTIONS
 *   Native only (the WASM build gets its trees from JavaScript's JSON.parse, see jsonv.h). The
 *   tree is the one JSON.parse would give for the same text: numbers are doubles (cJSON uses
 *   strtod, correctly rounded like JSON.parse), a key written twice keeps its first position and
 *   its last value. Before cJSON sees the text, the strict check both hosts run
 *   (src/scenario/jsoncheck.h) refuses what cJSON alone would take ("01", "1.", a "\u0000"
 *   escape, which ends a cJSON string early) and nesting deeper than ACP_JSONV_MAX_DEPTH, so the
 *   native CLI and npx accept the same texts with the same messages.
 */
#ifndef ACP_CJSON_BRIDGE_H
#define ACP_CJSON_BRIDGE_H

#include <stdbool.h>
#include <stddef.h>

/** The largest scenario or trace file the CLI reads (bytes). */
#define ACP_CLI_MAX_TEXT_FILE ((size_t)1 << 30)
/** The largest excerpt a scenario may name (bytes): a whole client DAT is cut down with
 *  `acphys excerpt` first. */
#define ACP_CLI_MAX_EXCERPT ((size_t)256 << 20)

#include "scenario/jsonv.h"

/** Parse JSON text (len bytes, need not be NUL-terminated) into a document. On failure NULL and
 *  a message ("not valid JSON: line L, column C: <what>") in err. */
acp_jsonv_doc *acp_cjson_parse(const char *text, size_t len, char *err, size_t err_size);
/** acp_cjson_parse with the strict check's trace mode (jsoncheck.h acp_json_check_ex): for a
 *  trace's line. */
acp_jsonv_doc *acp_cjson_parse_ex(const char *text, size_t len, bool trace, char *err, size_t err_size);

/** Read a regular file of at most max_size bytes whole, NUL-terminated (the NUL is not counted
 *  in *len). NULL on failure, with a message in err: cannot open, not a regular file (a device
 *  or a pipe is refused rather than read without end), larger than the limit, cannot read. */
char *acp_read_file(const char *path, size_t max_size, size_t *len, char *err, size_t err_size);

#endif
