/* acphys — the player's run and jump inputs (see player.h). */
#include "net/player.h"

#include <string.h>

/* The run rate an UpdateMotion carries, if it carries one. */
static bool run_rate_of(const acp_msg_update_motion *u, float *rate)
{
    const acp_movement *m = &u->movement;
    if (m->type == ACP_MOVE_TO_OBJECT || m->type == ACP_MOVE_TO_POSITION) {
        *rate = m->run_rate;
        return true;
    }
    const uint32_t need = ACP_INTERP_FORWARD_COMMAND | ACP_INTERP_FORWARD_SPEED;
    if (m->type != ACP_MOVE_INTERPRETED || (m->state.flags & need) != need) return false;
    if (m->state.forward_command != ACP_NET_RUN_FORWARD) return false;
    *rate = m->state.forward_speed;
    return true;
}

void acp_net_player_inputs_find(const acp_net_stream *s, acp_net_player_inputs *out)
{
    memset(out, 0, sizeof *out);
    if (!s || !s->player_guid) return;
    out->guid = s->player_guid;
    for (size_t i = 0; i < s->count; i++) {
        const acp_net_message *m = &s->messages[i];
        if (m->status != ACP_NET_OK) continue;
        if (m->msg.kind == ACP_MSG_PLAYER_DESCRIPTION && !out->has_description &&
            m->msg.u.player_description.guid == out->guid) {
            out->has_description = true;
            out->description_message = i;
            out->description = m->msg.u.player_description;
            continue;
        }
        float rate;
        if (m->msg.kind != ACP_MSG_UPDATE_MOTION || m->msg.u.update_motion.guid != out->guid ||
            !run_rate_of(&m->msg.u.update_motion, &rate))
            continue;
        out->run_rate_count++;
        if (!out->has_run_rate) {
            out->has_run_rate = true;
            out->run_rate = rate;
            out->run_rate_message = i;
        } else if (memcmp(&rate, &out->run_rate, sizeof rate) != 0) {
            out->run_rate_varies = true;
        }
    }
}
