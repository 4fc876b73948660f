/* acphys — the runner's per-quantum records and comparison modes (run.h: acp_run_set_records,
 * acp_run_set_peer_rules, acp_run_records_text; trace.h: the records' shapes). */
#include <stdlib.h>

#include "run_internal.h"

bool acp_run_set_records(acp_run *run, acp_run_records records)
{
    if (run->started || records > ACP_RUN_RECORDS_DERETH) return false;
    run->record_kind = records;
    return true;
}

bool acp_run_set_peer_rules(acp_run *run, uint32_t rules)
{
    if (run->started || (rules >> ACP_PEER_RULE_COUNT)) return false;
    run->peer_rules = rules;
    return true;
}

/* The world's quantum_hook: one record per UpdateObjectInternal (trace.h). */
static void record_quantum_hook(void *user, const acp_physobj *obj, float quantum)
{
    acp_run *run = user;
    acp_world *w = run->world;
    acp_transition *slot = &w->transit[0];
    uint32_t ts = (uint32_t)slot->insert_state;
    slot->insert_state = ACP_TS_INVALID; /* the next quantum's: a sweep sets it again */
    if (run->record_kind == ACP_RUN_RECORDS_DERETH && obj->id != run->traced_id) return;
    if (run->num_quanta == run->cap_quanta) {
        run->quanta_dropped++;
        return;
    }
    acp_trace_quantum *q = &run->quanta[run->num_quanta];
    const acp_trace_quantum *prev = run->num_quanta ? q - 1 : NULL;
    bool same = prev && prev->o.id == obj->id; /* an object's quanta of a frame run together */
    q->frame = run->frame.frame + 1u;
    q->now = w->now;
    q->quantum = run->num_quanta + 1u;
    q->hooks_before = same ? prev->o.num_hooks : 0;
    q->collisions_before = same ? prev->o.num_collisions : 0;
    q->collision_ends_before = same ? prev->o.num_collision_ends : 0;
    q->env_collisions_before = same ? prev->o.env_collisions : 0;
    acp_trace_capture_quantum(q, obj, w->now, w->physics_time, quantum, ts);
    run->num_quanta++;
}

bool acp_run_start_records(acp_run *run)
{
    const acp_scenario *s = &run->scenario;
    run->cap_quanta = s->num_objects * (uint32_t)ACP_MAX_QUANTA_PER_UPDATE;
    run->quanta = calloc(run->cap_quanta ? run->cap_quanta : 1u, sizeof *run->quanta);
    if (!run->quanta || !acp_text_reserve(&run->records_text, 4096u)) return false;
    run->traced_id = s->objects[s->has_player ? s->player_index : 0].id; /* it may enter later */
    run->quanta_digest = ACP_FNV64_OFFSET;
    run->world->quantum_hook = record_quantum_hook;
    run->world->quantum_hook_user = run;
    return true;
}

const char *acp_run_records_text(acp_run *run, size_t *len)
{
    if (run->record_kind == ACP_RUN_RECORDS_FRAMES) {
        size_t n;
        const char *line = acp_run_line(run, &n);
        if (!run->records_valid) {
            acp_text_clear(&run->records_text);
            if (run->have_frame) {
                acp_text_put_n(&run->records_text, line, n);
                acp_text_put_char(&run->records_text, '\n');
            }
            run->records_valid = true;
        }
    } else if (!run->records_valid) {
        acp_text_clear(&run->records_text);
        for (uint32_t i = 0; i < run->num_quanta; i++) {
            if (run->record_kind == ACP_RUN_RECORDS_DERETH) {
                acp_trace_write_dereth_line(&run->records_text, &run->quanta[i]);
            } else {
                acp_trace_write_quantum_line(&run->records_text, &run->quanta[i], run->quanta[i].digest);
            }
            acp_text_put_char(&run->records_text, '\n');
        }
        run->records_valid = true;
    }
    if (run->records_text.oom) acp_run_internal_error(run, "out of memory writing the trace's records");
    if (len) *len = run->records_text.len;
    return run->records_text.data ? run->records_text.data : "";
}

const char *acp_run_records_closing(acp_run *run)
{
    if (run->record_kind == ACP_RUN_RECORDS_FRAMES) return acp_run_digest_line(run);
    acp_text_clear(&run->digest_line);
    if (run->record_kind == ACP_RUN_RECORDS_QUANTA) {
        acp_trace_write_digest_line(&run->digest_line, run->quanta_digest, acp_clock_profile_name(run->profile));
        run->digest_line.len--; /* the closing brace */
        acp_text_put(&run->digest_line, ",\"records\":\"quanta\"}");
    }
    return run->digest_line.data ? run->digest_line.data : "";
}

uint32_t acp_run_frame_quanta(const acp_run *run) { return run->num_quanta; }

void acp_run_hash_records(acp_run *run)
{
    for (uint32_t i = 0; i < run->num_quanta && run->record_kind == ACP_RUN_RECORDS_QUANTA; i++)
        run->quanta[i].digest = run->quanta_digest = acp_trace_hash_quantum(run->quanta_digest, &run->quanta[i]);
}
