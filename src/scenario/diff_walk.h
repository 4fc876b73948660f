/* acphys — the comparison's walk, shared by diff.c and diff_shapes.c (not part of the API:
 * diff.h). */
#ifndef ACP_DIFF_WALK_H
#define ACP_DIFF_WALK_H

#include <stdbool.h>
#include <stdint.h>

#include "diff.h"
#include "jsonv.h"
#include "text.h"

typedef enum num_kind { KIND_F64 = 0, KIND_F32 = 1, KIND_CELL = 2, KIND_INT = 3 } num_kind;

typedef struct cmp {
    acp_trace_diff *d;
    uint32_t line_no;
    const acp_jsonv *line_a;         /* for the frame number */
    acp_path path;
    bool in_object;                  /* below objects[i] */
    const acp_jsonv *object_id;      /* a's "id" of that object */
} cmp;

/** Record a difference at c's place (a or b NULL: absent); returns false. */
bool acp_diff_walk_report(cmp *c, const acp_jsonv *a, const acp_jsonv *b, num_kind kind);
/** Two values of one kind, as a trace line's fields compare (d's options). */
bool acp_diff_walk_same_value(cmp *c, const acp_jsonv *a, const acp_jsonv *b, num_kind kind);
/** Two objects field by field, the fields d's options judge. */
bool acp_diff_walk_same_object(cmp *c, const acp_jsonv *a, const acp_jsonv *b);
/** Line `line_no` of trace `which` is a trace line (else an error in d); true when it is. */
bool acp_diff_walk_check_line(acp_trace_diff *d, uint32_t line_no, char which, const acp_jsonv *v);

#endif
