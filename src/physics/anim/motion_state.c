/* acphys — retail MotionState (PORTAL/canim/CMotionPrim.c): the style, substate, modifier and action lists. See motion_table.h. */
#include "motion_table.h"
#include <math.h>
#include <string.h>
#include "physics/object/physobj_motion.h"

void acp_motion_state_init(acp_motion_state *st)
{
    memset(st, 0, sizeof *st);
    st->substate_mod = 1.0f;
}

void acp_motion_state_add_modifier_no_check(acp_motion_state *st, uint32_t modifier, float speed_mod)
{
    if (st->num_modifiers >= ACP_MAX_MODIFIERS) {
        st->dropped++;
        return;
    }
    memmove(&st->modifiers[1], &st->modifiers[0], st->num_modifiers * sizeof st->modifiers[0]);
    st->modifiers[0] = (acp_motion_entry_state){modifier, speed_mod};
    st->num_modifiers++;
}

bool acp_motion_state_add_modifier(acp_motion_state *st, uint32_t modifier, float speed_mod)
{
    for (uint32_t i = 0; i < st->num_modifiers; i++)
        if (st->modifiers[i].motion == modifier) return false;
    if (st->substate == modifier) return false;
    acp_motion_state_add_modifier_no_check(st, modifier, speed_mod);
    return true;
}

void acp_motion_state_remove_modifier(acp_motion_state *st, uint32_t index)
{
    if (index >= st->num_modifiers) return;
    memmove(&st->modifiers[index], &st->modifiers[index + 1], (st->num_modifiers - index - 1) * sizeof st->modifiers[0]);
    st->num_modifiers--;
}

void acp_motion_state_clear_modifiers(acp_motion_state *st) { st->num_modifiers = 0; }

void acp_motion_state_add_action(acp_motion_state *st, uint32_t action, float speed_mod)
{
    if (st->num_actions >= ACP_MAX_STATE_ACTIONS) {
        st->dropped++;
        return;
    }
    st->actions[st->num_actions++] = (acp_motion_entry_state){action, speed_mod};
}

void acp_motion_state_clear_actions(acp_motion_state *st) { st->num_actions = 0; }

uint32_t acp_motion_state_remove_action_head(acp_motion_state *st)
{
    if (!st->num_actions) return 0;
    uint32_t motion = st->actions[0].motion;
    memmove(&st->actions[0], &st->actions[1], (st->num_actions - 1) * sizeof st->actions[0]);
    st->num_actions--;
    return motion;
}
