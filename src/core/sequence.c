/* acphys — retail CSequence. See sequence.h. */
#include "sequence.h"

#include <math.h>
#include <string.h>

void acp_sequence_init(acp_sequence *seq, struct acp_physobj *hook_obj)
{
    memset(seq, 0, sizeof *seq);
    seq->head = seq->tail = ACP_NO_NODE;
    seq->first_cyclic = seq->curr_anim = ACP_NO_NODE;
    seq->hook_obj = hook_obj;
}

bool acp_sequence_has_anims(const acp_sequence *seq) { return seq->head != ACP_NO_NODE; }

void acp_sequence_apply_physics(const acp_sequence *seq, acp_frame *frame, double quantum, double sign)
{
    double q = fabs(quantum);
    if (sign < 0.0) q = -q;
    double dx = q * seq->velocity.x;
    float dy = (float)(q * seq->velocity.y);
    float dz = (float)(q * seq->velocity.z);
    frame->origin.x = (float)(dx + frame->origin.x);
    frame->origin.y = (float)((double)dy + frame->origin.y);
    frame->origin.z = (float)((double)dz + frame->origin.z);
    acp_vec3 w;
    w.x = (float)(q * seq->omega.x);
    w.y = (float)(q * seq->omega.y);
    w.z = (float)(q * seq->omega.z);
    acp_frame_rotate(frame, w);
}

void acp_sequence_update(acp_sequence *seq, double quantum, acp_frame *frame)
{
    if (seq->head == ACP_NO_NODE) {
        if (frame) acp_sequence_apply_physics(seq, frame, quantum, quantum);
        return;
    }
    /* update_internal and apricot: the animation issue fills these in. */
}

const acp_anim_frame *acp_sequence_get_curr_animframe(const acp_sequence *seq)
{
    return seq->placement_frame;
}
