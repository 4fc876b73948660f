/* acphys — native JSON input: cJSON parses the text, this bridge turns cJSON's tree into the
 * generic tree of src/scenario/jsonv.h that the C scenario decoder and trace differ read.
 *
 * CONVENTIONS
 *   Native only (the WASM build gets its trees from JavaScript's JSON.parse, see jsonv.h). The
 *   tree is the one JSON.parse would give for the same text: numbers are doubles (cJSON uses
 *   strtod, correctly rounded like JSON.parse), a key written twice keeps its first position and
 *   its last value, nesting is limited to ACP_JSONV_MAX_DEPTH. Known differences from JSON.parse,
 *   all on text that is not strict JSON: cJSON accepts "01" and "1." as numbers and a UTF-8 byte
 *   order mark before the value; a "\u0000" escape ends a cJSON string early.
 */
#ifndef ACP_CJSON_BRIDGE_H
#define ACP_CJSON_BRIDGE_H

#include <stddef.h>

#include "jsonv.h"

/** Parse JSON text (len bytes, need not be NUL-terminated) into a document. On failure NULL and
 *  a message ("not valid JSON", or "nesting deeper than 64 levels") in err. */
acp_jsonv_doc *acp_cjson_parse(const char *text, size_t len, char *err, size_t err_size);

/** Read a whole file (binary) into a malloc'd buffer with a NUL after it; NULL with a message
 *  naming the system error on failure. *len receives its size in bytes. */
char *acp_read_file(const char *path, size_t *len, char *err, size_t err_size);

#endif
