/* acphys — the runner's parent events (issue 34): each hold's part or holding location checked
 * against the holder's Setup when the run starts, and each holder's child list reserved. */
#include <stdlib.h>

#include "physics/object/particles.h"
#include "physics/object/physobj_children.h"
#include "run_internal.h"
#include "text.h"

/* "events[i].parent.<field>: " */
static void put_parent_path(acp_text *t, const acp_scenario_event *ev, const char *field)
{
    acp_text_put(t, "events[");
    acp_text_put_u64(t, ev->index);
    acp_text_put(t, "].parent.");
    acp_text_put(t, field);
    acp_text_put(t, ": ");
}

/* events[i].parent.location: a holding location the holder's Setup lacks. */
static bool no_location(acp_run *run, const acp_scenario_event *ev, const acp_setup *setup)
{
    char msg[400];
    acp_text t;
    acp_text_fixed(&t, msg, sizeof msg);
    put_parent_path(&t, ev, "location");
    acp_text_put(&t, "object ");
    acp_text_put_u64(&t, ev->parent.to);
    if (!setup) {
        acp_text_put(&t, " has no Setup, so no holding locations");
        return acp_run_internal_error(run, msg);
    }
    acp_text_put(&t, "'s Setup ");
    acp_text_put_hex32(&t, setup->id);
    acp_text_put(&t, " has no holding location ");
    acp_text_put_u64(&t, ev->parent.location);
    acp_text_put(&t, " (it has ");
    acp_text_put_u64(&t, setup->num_holding_locations);
    acp_text_put(&t, ")");
    return acp_run_internal_error(run, msg);
}

/* events[i].parent.part: a part the holder's Setup lacks. */
static bool no_part(acp_run *run, const acp_scenario_event *ev, const acp_setup *setup)
{
    char msg[400];
    acp_text t;
    acp_text_fixed(&t, msg, sizeof msg);
    put_parent_path(&t, ev, "part");
    acp_text_put(&t, "object ");
    acp_text_put_u64(&t, ev->parent.to);
    if (!setup) {
        acp_text_put(&t, " has no Setup, so no parts (-1 holds at the object's own frame)");
        return acp_run_internal_error(run, msg);
    }
    acp_text_put(&t, "'s Setup ");
    acp_text_put_hex32(&t, setup->id);
    acp_text_put(&t, " has ");
    acp_text_put_u64(&t, setup->num_parts);
    acp_text_put(&t, " parts (0..n-1, or -1 for the object's own frame)");
    return acp_run_internal_error(run, msg);
}

/* The child list room a holder needs for `aimed` parent events aimed at it: as many as they can
 * fill (at most the other objects) and its emitters' particle objects (0: none). */
static uint32_t holder_room(const acp_scenario *s, uint32_t aimed)
{
    uint32_t cap = aimed < s->num_objects - 1u ? aimed : s->num_objects - 1u;
    return cap ? cap + ACP_MAX_EMITTERS_PER_OBJECT : 0; /* its emitters' particle objects (DEVIATIONS P60) */
}

static bool reserve(acp_run *run, uint32_t i, uint32_t aimed)
{
    uint32_t cap = run->objects[i] ? holder_room(&run->scenario, aimed) : 0; /* one that enters later: when it enters */
    if (cap && !acp_world_reserve_children(run->world, run->objects[i], cap)) return acp_run_internal_error(run, "out of memory");
    return true;
}

bool acp_run_reserve_holder(acp_run *run, uint32_t i)
{
    const acp_scenario *s = &run->scenario;
    uint32_t aimed = 0;
    for (uint32_t e = 0; e < s->num_events; e++)
        if (s->events[e].kind == ACP_EVENT_PARENT && s->events[e].parent.to_index == i) aimed++;
    return reserve(run, i, aimed);
}

/* A parent event's part or holding location against the holder's Setup (retail's add_child would
 * refuse it: the event would do nothing), then each holder's child list (the objects in the world
 * now; one that enters later, when it enters: acp_run_reserve_holder): update_object never
 * allocates. */
bool acp_run_check_parents(acp_run *run)
{
    const acp_scenario *s = &run->scenario;
    uint32_t *aimed = calloc(s->num_objects ? s->num_objects : 1, sizeof *aimed);
    if (!aimed) return acp_run_internal_error(run, "out of memory");
    bool ok = true;
    for (uint32_t e = 0; e < s->num_events && ok; e++) {
        const acp_scenario_event *ev = &s->events[e];
        if (ev->kind != ACP_EVENT_PARENT) continue;
        const acp_scenario_parent *pe = &ev->parent;
        const acp_scenario_object *to = &s->objects[pe->to_index];
        const acp_setup *setup = to->setup ? acp_excerpts_setup(run->records, to->setup) : NULL;
        if (pe->by_location && !acp_setup_get_holding_location(setup, pe->location))
            ok = no_location(run, ev, setup);
        else if (!pe->by_location && pe->part != ACP_CHILD_NO_PART && (!setup || pe->part >= setup->num_parts))
            ok = no_part(run, ev, setup);
        aimed[pe->to_index]++;
    }
    for (uint32_t i = 0; i < s->num_objects && ok; i++) ok = reserve(run, i, aimed[i]);
    free(aimed);
    return ok;
}
