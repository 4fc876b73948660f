/* acphys — a tiny generic JSON value tree, the one form every host hands JSON to the C side in.
 *
 * CONVENTIONS
 *   JSON text is parsed by libraries, never here: natively cJSON (src/cli/cjson_bridge.c builds
 *   this tree from cJSON's), in JavaScript JSON.parse (wasm/scenario.mjs serializes the result into
 *   the binary encoding below, which acp_jsonv_decode reads back). Both give the same tree for the
 *   same text, so the scenario decoder, the validator and the trace differ see one input form.
 *   Values: null, true/false, number (a double, as JSON.parse and strtod give it: possibly
 *   infinite, e.g. 1e999; the validators reject what they cannot use), string (UTF-8, length in
 *   bytes, also NUL-terminated), array, object. Object members keep their insertion order. A key
 *   written twice keeps its first position and its last value, as JSON.parse does.
 *   Memory: every node and string of a document lives in the document's arena, freed at once by
 *   acp_jsonv_doc_destroy.
 *
 * BINARY ENCODING (version 1; little-endian; produced by encodeJson in wasm/scenario.mjs)
 *   document := u32 magic 0x314E534A ("JSN1" in memory order) , value
 *   value    := u8 tag , payload
 *     tag 0 null | 1 false | 2 true            (no payload)
 *     tag 3 number                              f64 (IEEE 754 bits)
 *     tag 4 string                              u32 byte length , UTF-8 bytes
 *     tag 5 array                               u32 count , value × count
 *     tag 6 object                              u32 count , (u32 key length , key bytes , value) × count
 *   The decoder checks every length and count against the bytes left before reading or
 *   allocating, limits nesting to ACP_JSONV_MAX_DEPTH, and rejects trailing bytes: the bytes
 *   cross a trust boundary (they come from JavaScript).
 */
#ifndef ACP_JSONV_H
#define ACP_JSONV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/** Deepest nesting of arrays and objects any host accepts (a scenario is 5 levels deep). */
#define ACP_JSONV_MAX_DEPTH 64
/** Magic number at the start of a binary document ("JSN1"). */
#define ACP_JSONV_MAGIC 0x314E534Au

typedef enum acp_jsonv_type {
    ACP_JSONV_NULL = 0,
    ACP_JSONV_BOOL = 1,
    ACP_JSONV_NUMBER = 2,
    ACP_JSONV_STRING = 3,
    ACP_JSONV_ARRAY = 4,
    ACP_JSONV_OBJECT = 5
} acp_jsonv_type;

typedef struct acp_jsonv_member acp_jsonv_member;

/** One JSON value. */
typedef struct acp_jsonv {
    acp_jsonv_type type;
    bool boolean;                    /* ACP_JSONV_BOOL */
    uint32_t count;                  /* string: bytes; array: items; object: members */
    double number;                   /* ACP_JSONV_NUMBER */
    const char *string;              /* ACP_JSONV_STRING: count bytes, then a NUL */
    struct acp_jsonv *items;         /* ACP_JSONV_ARRAY: count items */
    acp_jsonv_member *members;       /* ACP_JSONV_OBJECT: count members, insertion order */
} acp_jsonv;

/** One member of an object. */
struct acp_jsonv_member {
    const char *key;                 /* key_len bytes, then a NUL */
    uint32_t key_len;
    acp_jsonv value;
};

/** A document: its root value and the arena that owns every node. */
typedef struct acp_jsonv_doc acp_jsonv_doc;

/** An empty document (root null); NULL when out of memory. */
acp_jsonv_doc *acp_jsonv_doc_create(void);
/** Free a document and everything in it (NULL is ignored). */
void acp_jsonv_doc_destroy(acp_jsonv_doc *doc);
/** The root value (writable while the document is being built). */
acp_jsonv *acp_jsonv_root(acp_jsonv_doc *doc);

/** Allocate `count` zeroed values (an array's items) in the document; NULL when out of memory.
 *  count 0 returns a valid non-NULL pointer. */
acp_jsonv *acp_jsonv_alloc_items(acp_jsonv_doc *doc, uint32_t count);
/** Allocate `count` zeroed members in the document; NULL when out of memory. */
acp_jsonv_member *acp_jsonv_alloc_members(acp_jsonv_doc *doc, uint32_t count);
/** Copy `len` bytes into the document with a NUL after them; NULL when out of memory. */
const char *acp_jsonv_copy_string(acp_jsonv_doc *doc, const char *s, uint32_t len);

/** Merge members with equal keys of an object built member by member: each key keeps its first
 *  position and its last value (JSON.parse's rule), and count shrinks accordingly. */
void acp_jsonv_object_dedupe(acp_jsonv *object);

/** Decode a binary document (see BINARY ENCODING). On success returns the document; on failure
 *  NULL and a message in err (err_size bytes, always NUL-terminated when err_size > 0) naming the
 *  byte offset and what is wrong. */
acp_jsonv_doc *acp_jsonv_decode(const uint8_t *bytes, size_t size, char *err, size_t err_size);

/** The member `key` of an object, or NULL (also for a non-object). */
const acp_jsonv *acp_jsonv_get(const acp_jsonv *object, const char *key);

/** "null", "a boolean", "a number", "a string", "an array", "an object". */
const char *acp_jsonv_type_phrase(acp_jsonv_type type);

#endif
