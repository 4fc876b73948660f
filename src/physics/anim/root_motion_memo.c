/* acphys — the root-motion memo (not retail). See root_motion_memo.h. */
#include "root_motion_memo.h"

void acp_root_memo_clear(acp_root_memo *memo) { memset(memo, 0, sizeof *memo); }

void acp_root_memo_store(acp_root_memo_entry *slot, const acp_root_steps *steps, const unsigned char *physics,
                         const acp_frame *result)
{
    slot->n = steps->n;
    memcpy(&slot->velocity, physics, 2 * sizeof(acp_vec3));
    for (uint32_t i = 0; i < steps->n; i++) {
        /* A step without a pos frame keeps zeros there (matches skips them anyway). */
        if (steps->step[i].pos) slot->step[i].pos = *steps->step[i].pos;
        else memset(&slot->step[i].pos, 0, sizeof slot->step[i].pos);
        slot->step[i].framerate = steps->step[i].framerate;
        slot->step[i].flags = steps->step[i].flags;
    }
    slot->result = *result;
}
