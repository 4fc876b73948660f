/* acphys — what is added to a running run (run.h): events (the page's keyboard) and objects (the
 * page's Add object and Copies), each refused with a reason that leaves the run as it was. */
#include <stdlib.h>
#include <string.h>

#include "physics/world/physics.h"
#include "run_internal.h"
#include "scenario.h"
#include "text.h"
#include "trace.h"

static void put_object_path(acp_text *t, uint32_t i, const char *field)
{
    acp_text_put(t, "objects[");
    acp_text_put_u64(t, i);
    acp_text_put(t, "].");
    acp_text_put(t, field);
    acp_text_put(t, ": ");
}

bool acp_run_event_before_entering(const acp_scenario *s, const acp_scenario_event *ev, acp_text *t)
{
    const acp_scenario_object *so = &s->objects[ev->object_index];
    bool holder = ev->kind == ACP_EVENT_PARENT && !(acp_run_enters_later(so) && ev->t < so->enter_at);
    if (holder) so = &s->objects[ev->parent.to_index];
    if (!(acp_run_enters_later(so) && ev->t < so->enter_at)) return false;
    acp_text_put(t, "events[");
    acp_text_put_u64(t, ev->index);
    acp_text_put(t, holder ? "].parent.to: object " : "]: object ");
    acp_text_put_u64(t, so->id);
    acp_text_put(t, " enters the world at ");
    acp_text_put_g(t, so->enter_at, 17);
    acp_text_put(t, " s (its enter_at), after this event's t ");
    acp_text_put_g(t, ev->t, 17);
    return true;
}

/* ---- events appended while the run goes (the page's keyboard) ---- */

/* The condition under which build_object gave object i a motion table (start succeeded). */
static bool object_has_motion(const acp_run *run, uint32_t i)
{
    const acp_scenario_object *so = &run->scenario.objects[i];
    if (!so->setup) return false;
    const acp_setup *setup = acp_excerpts_setup(run->records, so->setup);
    return setup && (so->motion_table || setup->default_motion_table);
}

static bool refuse_event(acp_run *run, const char *message)
{
    acp_text t;
    acp_text_fixed(&t, run->event_error, sizeof run->event_error);
    acp_text_put(&t, message);
    return false;
}

bool acp_run_add_event(acp_run *run, const acp_jsonv *event)
{
    run->event_error[0] = '\0';
    if (run->failed) return refuse_event(run, run->error);
    if (!run->started) return refuse_event(run, "the run has not started (acp_run_start)");
    acp_scenario_error err;
    uint32_t at;
    if (!acp_scenario_append_event(&run->scenario, event, &at, &err)) return refuse_event(run, err.message);
    const acp_scenario_event *ev = &run->scenario.events[at];
    const char *why = NULL;
    const acp_scenario_object *target = &run->scenario.objects[ev->object_index];
    if (run->have_frame && !(ev->t > run->latest_now))
        why = "t must be later than every frame run so far (a replay would apply it before an earlier frame)";
    else if (!run->objects[ev->object_index] && acp_run_enters_later(target) && ev->t < target->enter_at)
        why = "the object enters the world later (its enter_at is after this t)";
    else if (ev->kind == ACP_EVENT_PARENT && !run->objects[ev->parent.to_index] &&
             acp_run_enters_later(&run->scenario.objects[ev->parent.to_index]) &&
             ev->t < run->scenario.objects[ev->parent.to_index].enter_at)
        why = "its holder (parent.to) enters the world later (its enter_at is after this t)";
    else if (acp_event_needs_motion(ev->kind) && !object_has_motion(run, ev->object_index))
        why = "the object has no motion table";
    if (why) {
        acp_text t;
        acp_text_fixed(&t, run->event_error, sizeof run->event_error);
        acp_text_put(&t, "events[");
        acp_text_put_u64(&t, ev->index);
        acp_text_put(&t, "]: ");
        acp_text_put(&t, why);
        /* take it out again: the scenario is as it was */
        memmove(&run->scenario.events[at], &run->scenario.events[at + 1],
                (run->scenario.num_events - at - 1u) * sizeof *run->scenario.events);
        run->scenario.num_events--;
        return false;
    }
    return true;
}

const char *acp_run_event_error(const acp_run *run) { return run->event_error; }

/* ---- objects added while the run goes (the page's Add object and Copies) ---- */

/* Take the scenario's last object out again (a refused add): the scenario is as it was. */
static void drop_last_object(acp_run *run)
{
    acp_scenario *s = &run->scenario;
    s->num_objects--;
    free(s->objects[s->num_objects].name);
    s->objects[s->num_objects].name = NULL;
}

static bool refuse_object(acp_run *run, uint32_t i, const char *why)
{
    acp_text t;
    acp_text_fixed(&t, run->event_error, sizeof run->event_error);
    put_object_path(&t, i, "enter_at");
    acp_text_put(&t, why);
    drop_last_object(run);
    return false;
}

bool acp_run_add_object(acp_run *run, const acp_jsonv *object)
{
    run->event_error[0] = '\0';
    if (run->failed) return refuse_event(run, run->error);
    if (!run->started) return refuse_event(run, "the run has not started (acp_run_start)");
    acp_scenario *s = &run->scenario;
    acp_scenario_error err;
    if (!acp_scenario_append_object(s, object, &err)) return refuse_event(run, err.message);
    uint32_t i = s->num_objects - 1u;
    const acp_scenario_object *so = &s->objects[i];
    if (!acp_run_enters_later(so)) return refuse_object(run, i, "an object added to a running run must enter later: enter_at > 0");
    if (run->have_frame && !(so->enter_at > run->latest_now))
        return refuse_object(run, i, "must be later than every frame run so far (a replay would have it enter before an earlier frame)");
    /* Its records, checked now (a refusal leaves the run as it was, not in an error state). */
    const acp_setup *setup;
    const acp_motion_table *table;
    if (!acp_run_resolve_object(run, i, &setup, &table)) {
        acp_text t;
        acp_text_fixed(&t, run->event_error, sizeof run->event_error);
        acp_text_put(&t, run->error);
        run->failed = false;
        run->error[0] = '\0';
        drop_last_object(run);
        return false;
    }
    /* Room for it: the run's arrays, the world's table, this frame's records. */
    acp_physobj **objects = realloc(run->objects, (size_t)s->num_objects * sizeof *objects);
    if (objects) run->objects = objects;
    acp_trace_object *frame = objects ? realloc(run->frame.objects, (size_t)s->num_objects * sizeof *frame) : NULL;
    if (frame) run->frame.objects = frame;
    bool ok = objects && frame && acp_world_set_max_objects(run->world_id, s->num_objects) == ACP_OK;
    if (ok && run->quanta) {
        uint32_t cap = s->num_objects * (uint32_t)ACP_MAX_QUANTA_PER_UPDATE;
        acp_trace_quantum *q = realloc(run->quanta, (size_t)cap * sizeof *q);
        if (q) run->quanta = q, run->cap_quanta = cap;
        ok = q != NULL;
    }
    if (!ok) return refuse_object(run, i, "out of memory");
    run->objects[i] = NULL;
    acp_trace_absent_object(&run->frame.objects[i], so->id);
    run->frame.num_objects = s->num_objects;
    run->num_waiting++;
    run->line_valid = run->table_valid = false;
    return true;
}
