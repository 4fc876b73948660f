/* acphys — the scenario decoder's field readers, shared by its files (not a public API).
 *
 * CONVENTIONS
 *   Every reader takes the decoding context (the first error wins: later failures are silent)
 *   and the field path of the value, names the field in its message ("<path>: <what>") and
 *   returns false on an error. Absent optional members keep the caller's default.
 */
#ifndef ACP_SCENARIO_READ_H
#define ACP_SCENARIO_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "jsonv.h"
#include "scenario.h"
#include "text.h"

/** The decoding context: where the first error goes. */
typedef struct acp_sr_ctx {
    acp_scenario_error *err;
    bool failed;
} acp_sr_ctx;

size_t acp_sr_path_key(acp_path *p, const char *key);
size_t acp_sr_path_index(acp_path *p, uint32_t i);
void acp_sr_path_pop(acp_path *p, size_t old);
/** Start "<path>: " and return the text to complete (NULL after the first error). */
acp_text *acp_sr_fail_at(acp_sr_ctx *c, const acp_path *p, acp_text *t);
bool acp_sr_fail(acp_sr_ctx *c, const acp_path *p, const char *what);
bool acp_sr_fail_type(acp_sr_ctx *c, const acp_path *p, const char *expected, const acp_jsonv *v);
/** A number for messages, as short as it reads back. */
void acp_sr_put_number(acp_text *t, double v);
/** v is an object whose keys are all in `allowed` (NULL-terminated). */
bool acp_sr_check_object(acp_sr_ctx *c, const acp_path *p, const acp_jsonv *v, const char *const *allowed);
/** Member `key` of obj (NULL when absent; an error when required). */
const acp_jsonv *acp_sr_member(acp_sr_ctx *c, acp_path *p, const acp_jsonv *obj, const char *key, bool required);
bool acp_sr_read_number(acp_sr_ctx *c, const acp_path *p, const acp_jsonv *v, double *out);
bool acp_sr_read_float(acp_sr_ctx *c, const acp_path *p, const acp_jsonv *v, float *out);
bool acp_sr_check_time(acp_sr_ctx *c, const acp_path *p, double t);
bool acp_sr_read_time(acp_sr_ctx *c, const acp_path *p, const acp_jsonv *v, double *out);
bool acp_sr_read_integer(acp_sr_ctx *c, const acp_path *p, const acp_jsonv *v, double lo, double hi, double *out);
bool acp_sr_read_u32(acp_sr_ctx *c, const acp_path *p, const acp_jsonv *v, uint32_t *out);
bool acp_sr_read_string(acp_sr_ctx *c, const acp_path *p, const acp_jsonv *v, char **out);
bool acp_sr_read_bool(acp_sr_ctx *c, const acp_path *p, const acp_jsonv *v, bool *out);
bool acp_sr_read_floats(acp_sr_ctx *c, acp_path *p, const acp_jsonv *v, uint32_t n, float *out);
bool acp_sr_read_vec3(acp_sr_ctx *c, acp_path *p, const acp_jsonv *v, acp_vec3 *out);
bool acp_sr_check_cell(acp_sr_ctx *c, const acp_path *p, uint32_t cell);
/** cell, origin and orientation of an object already checked for unknown members. */
bool acp_sr_read_position_members(acp_sr_ctx *c, acp_path *p, const acp_jsonv *pos, acp_position *out);
bool acp_sr_read_position(acp_sr_ctx *c, acp_path *p, const acp_jsonv *pos, acp_position *out);
/** An object id of the scenario (its index into *index when not NULL). */
bool acp_sr_check_object_id(acp_sr_ctx *c, const acp_path *p, const acp_scenario *s, uint32_t id, uint32_t *index);
/** The value true (an action flag such as "unstick": true). */
bool acp_sr_read_true(acp_sr_ctx *c, const acp_path *p, const acp_jsonv *v);

/* Optional member helpers: each returns false only on an error; absent members keep *out. */
#define WITH_MEMBER(c, p, obj, key, required, body) \
    do { \
        const acp_jsonv *mv_ = acp_sr_member(c, p, obj, key, required); \
        if ((c)->failed) return false; \
        if (mv_) { \
            size_t old_ = acp_sr_path_key(p, key); \
            const acp_jsonv *v = mv_; \
            bool ok_ = (body); \
            acp_sr_path_pop(p, old_); \
            if (!ok_) return false; \
        } \
    } while (0)

/** "move_to": a MoveToManager request (issue 13). */
bool acp_sr_read_move_to(acp_sr_ctx *c, acp_path *p, const acp_jsonv *mt, const acp_scenario *s, uint32_t self,
                         acp_scenario_move_to *out);

#endif
