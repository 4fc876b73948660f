/* acphys — retail MotionTableManager (PORTAL/cphysobj/CMTableManager.c): the pending-animation queue over CMotionTable. See motion_table.h. */
#include "physics/anim/motion_table.h"
#include <math.h>
#include <string.h>
#include "physobj_motion.h"

void acp_mtable_manager_init(acp_mtable_manager *m, struct acp_physobj *physics_obj, uint32_t table_id,
                             const acp_record_source *records)
{
    memset(m, 0, sizeof *m);
    acp_motion_state_init(&m->state);
    m->physics_obj = physics_obj;
    m->table_id = table_id;
    if (table_id) m->table = acp_records_motion_table(records, table_id);
}

static void pop_head(acp_mtable_manager *m)
{
    memmove(&m->pending[0], &m->pending[1], (m->num_pending - 1) * sizeof m->pending[0]);
    m->num_pending--;
}

/* Complete the head motion: an action leaves the action list first, then MotionDone. */
static void complete_head(acp_mtable_manager *m, bool success)
{
    uint32_t motion = m->pending[0].motion;
    if (motion & ACP_MOTION_ACTION_BIT) acp_motion_state_remove_action_head(&m->state);
    if (m->physics_obj) acp_physobj_motion_done(m->physics_obj, motion, success);
}

void acp_mtable_manager_add_to_queue(acp_mtable_manager *m, uint32_t motion, uint32_t num_anims, acp_sequence *seq)
{
    if (m->num_pending >= ACP_MAX_PENDING_ANIMS) {
        m->dropped++;
        return;
    }
    m->pending[m->num_pending++] = (acp_pending_anim){motion, num_anims};
    acp_mtable_manager_remove_redundant_links(m, seq);
}

/* MotionTableManager::truncate_animation_list (0x0051BCA0): the entries after `node` give up
 * their animations, which leave the sequence as link animations. */
static void truncate_animation_list(acp_mtable_manager *m, uint32_t node, acp_sequence *seq)
{
    uint32_t sum = 0;
    for (uint32_t i = m->num_pending - 1; i > node; i--) {
        sum += m->pending[i].num_anims;
        m->pending[i].num_anims = 0;
    }
    acp_sequence_remove_link_animations(seq, sum);
}

/* Scan back from `from` for an earlier entry of `motion`: entries without animations, or whose
 * motion has none of the bits `stop_bits`, are passed over; `need_anims`: the match must still
 * wait for animations. Returns the index, or −1. */
static int32_t find_redundant(const acp_mtable_manager *m, uint32_t from, uint32_t motion, uint32_t stop_bits,
                              bool need_anims)
{
    for (int32_t i = (int32_t)from - 1; i >= 0; i--) {
        const acp_pending_anim *p = &m->pending[i];
        if (p->motion == motion && (!need_anims || p->num_anims)) return i;
        if (p->num_anims && (p->motion & stop_bits)) return -1;
    }
    return -1;
}

void acp_mtable_manager_remove_redundant_links(acp_mtable_manager *m, acp_sequence *seq)
{
    int32_t last = (int32_t)m->num_pending - 1;
    while (last >= 0 && !m->pending[last].num_anims) last--;
    if (last < 0) return;
    uint32_t motion = m->pending[last].motion;
    int32_t found = -1;
    if ((motion & ACP_MOTION_SUBSTATE_BIT) && !(motion & ACP_MOTION_MODIFIER_BIT))
        found = find_redundant(m, (uint32_t)last, motion, 0xB0000000u, true);
    else if (motion & ACP_MOTION_STYLE_BIT)
        found = find_redundant(m, (uint32_t)last, motion, 0x70000000u, false);
    if (found >= 0) truncate_animation_list(m, (uint32_t)found, seq);
}

void acp_mtable_manager_initialize_state(acp_mtable_manager *m, acp_sequence *seq)
{
    uint32_t num_anims = 0;
    if (m->table) acp_motion_table_set_default_state(m->table, &m->state, seq, &num_anims);
    acp_mtable_manager_add_to_queue(m, ACP_MOTION_READY, num_anims, seq);
}

uint32_t acp_mtable_manager_perform_movement(acp_mtable_manager *m, uint32_t type, uint32_t motion, float speed,
                                             acp_sequence *seq)
{
    if (!m->table) return ACP_MERR_NO_ANIMATION_TABLE;
    uint32_t num_anims = 0;
    switch (type) {
    case ACP_MOVE_INTERPRETED_COMMAND:
        if (!acp_motion_table_do_object_motion(m->table, motion, &m->state, seq, speed, &num_anims))
            return ACP_MERR_NO_MTABLE_DATA;
        acp_mtable_manager_add_to_queue(m, motion, num_anims, seq);
        return ACP_MERR_NONE;
    case ACP_MOVE_STOP_INTERPRETED_COMMAND:
        if (!acp_motion_table_stop_sequence_motion(m->table, motion, speed, &m->state, seq, &num_anims))
            return ACP_MERR_NO_MTABLE_DATA;
        acp_mtable_manager_add_to_queue(m, ACP_MOTION_READY, num_anims, seq);
        return ACP_MERR_NONE;
    case ACP_MOVE_STOP_COMPLETELY:
        acp_motion_table_stop_object_completely(m->table, &m->state, seq, &num_anims);
        acp_mtable_manager_add_to_queue(m, ACP_MOTION_READY, num_anims, seq);
        return ACP_MERR_NONE;
    default: /* retail returns a stale register here; no caller passes another type */
        return ACP_MERR_GENERAL_MOVEMENT_FAILURE;
    }
}

void acp_mtable_manager_animation_done(acp_mtable_manager *m, bool success)
{
    if (!m->num_pending) return;
    m->animation_counter++;
    while (m->num_pending && m->pending[0].num_anims <= m->animation_counter) {
        complete_head(m, success);
        m->animation_counter -= m->pending[0].num_anims;
        pop_head(m);
    }
    if (m->animation_counter && !m->num_pending) m->animation_counter = 0;
}

void acp_mtable_manager_check_for_completed_motions(acp_mtable_manager *m)
{
    while (m->num_pending && !m->pending[0].num_anims) {
        complete_head(m, true);
        pop_head(m);
    }
}

void acp_mtable_manager_handle_enter_world(acp_mtable_manager *m, acp_sequence *seq)
{
    acp_sequence_remove_all_link_animations(seq);
    while (m->num_pending) acp_mtable_manager_animation_done(m, false);
}

void acp_mtable_manager_handle_exit_world(acp_mtable_manager *m)
{
    while (m->num_pending) acp_mtable_manager_animation_done(m, false);
}

void acp_mtable_manager_use_time(acp_mtable_manager *m) { acp_mtable_manager_check_for_completed_motions(m); }
