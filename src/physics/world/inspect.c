/* acphys — the quantum inspector's record (inspect.h). Not retail: it reads the sweep's state
 * at retail's own points (calc_num_steps, each step's insert and validation, the branches) and
 * changes nothing the sweep reads. */
#include "inspect.h"

#include <string.h>

#include "physics/cell/landcell.h"
#include "physics/world/physics.h"
#include "physics/shapes/polygon.h"

void acp_inspect_attach(acp_world *w, acp_inspect *in)
{
    w->inspect = in;
    w->sweep_detour = !w->terrain || in;
}

void acp_inspect_reset(acp_inspect *in, const acp_physobj *object)
{
    in->object = object;
    in->num_sweeps = in->sweeps_dropped = 0;
    in->num_steps = in->steps_dropped = 0;
    in->cur_sweep = NULL;
    in->cur_step = NULL;
}

void acp_inspect_sweep_begin(acp_transition *t)
{
    acp_inspect *in = t->inspect;
    in->cur_step = NULL;
    if (in->num_sweeps == ACP_INSPECT_MAX_SWEEPS) {
        in->sweeps_dropped++;
        in->cur_sweep = NULL;
        return;
    }
    acp_inspect_sweep *s = &in->sweeps[in->num_sweeps++];
    memset(s, 0, sizeof *s);
    const acp_sphere_path *sp = &t->sphere_path;
    s->begin_pos = sp->begin_pos;
    s->end_pos = sp->end_pos;
    s->insert_type = sp->insert_type;
    s->first_step = in->num_steps;
    in->cur_sweep = s;
}

void acp_inspect_calc(acp_transition *t, bool ok, acp_vec3 offset, acp_vec3 per_step, uint32_t num_steps)
{
    acp_inspect_sweep *s = t->inspect->cur_sweep;
    if (!s) return;
    s->calc_ok = ok;
    s->offset = offset;
    s->offset_per_step = per_step;
    s->num_steps = ok ? num_steps : 0;
}

void acp_inspect_step_begin(acp_transition *t, uint32_t index)
{
    acp_inspect *in = t->inspect;
    in->cur_step = NULL;
    if (!in->cur_sweep) return;
    if (in->num_steps == ACP_INSPECT_MAX_STEPS) {
        in->steps_dropped++;
        return;
    }
    acp_inspect_step *st = &in->steps[in->num_steps++];
    memset(st, 0, sizeof *st);
    const acp_sphere_path *sp = &t->sphere_path;
    st->sweep = (uint32_t)(in->cur_sweep - in->sweeps);
    st->index = index;
    st->check_pos = sp->check_pos;
    st->global_offset = sp->global_offset;
    st->num_sphere = sp->num_sphere < ACP_MAX_TRANSITION_SPHERES ? sp->num_sphere : ACP_MAX_TRANSITION_SPHERES;
    for (uint32_t i = 0; i < st->num_sphere; i++) st->sphere[i] = sp->global_sphere[i];
    in->cur_sweep->steps++;
    in->cur_step = st;
}

void acp_inspect_mark(acp_transition *t, uint32_t branch)
{
    acp_inspect *in = t->inspect;
    if (in->cur_step) in->cur_step->branches |= branch;
    else if (in->cur_sweep) in->cur_sweep->branches |= branch;
}

void acp_inspect_step_end(acp_transition *t, acp_transition_state insert_ts, acp_transition_state ts)
{
    acp_inspect *in = t->inspect;
    acp_inspect_step *st = in->cur_step;
    in->cur_step = NULL;
    if (!st) return;
    const acp_sphere_path *sp = &t->sphere_path;
    const acp_collision_info *c = &t->collision_info;
    st->insert_ts = insert_ts;
    st->ts = ts;
    st->num_cells = t->cell_array.num_cells < ACP_MAX_TRANSITION_CELLS ? t->cell_array.num_cells : ACP_MAX_TRANSITION_CELLS;
    for (uint32_t i = 0; i < st->num_cells; i++) st->cells[i] = t->cell_array.cells[i].cell_id;
    st->num_objects = c->num_collide_object < ACP_MAX_COLLIDE_OBJECTS ? c->num_collide_object : ACP_MAX_COLLIDE_OBJECTS;
    for (uint32_t i = 0; i < st->num_objects; i++) st->objects[i] = c->collide_object[i] ? c->collide_object[i]->id : 0;
    st->contact_plane_valid = c->contact_plane_valid;
    st->contact_plane = c->contact_plane;
    st->contact_plane_cell_id = c->contact_plane_cell_id;
    st->collision_normal_valid = c->collision_normal_valid;
    st->collision_normal = c->collision_normal;
    st->sliding_normal_valid = c->sliding_normal_valid;
    st->sliding_normal = c->sliding_normal;
    const acp_polygon *poly = t->terrain_poly.cell ? t->terrain_poly.poly : NULL;
    st->terrain_poly_valid = poly != NULL;
    if (poly) {
        st->terrain_poly_cell_id = t->terrain_poly.cell->id;
        for (uint32_t i = 0; i < 3 && i < poly->num_pts; i++) st->terrain_poly[i] = poly->vertices[i];
    }
    st->walkable_valid = sp->walkable != NULL;
    if (sp->walkable) {
        st->walkable_poly_id = sp->walkable->poly_id;
        st->walkable_plane = sp->walkable->plane;
    }
    st->neg_poly_hit = sp->neg_poly_hit;
    st->neg_collision_normal = sp->neg_collision_normal;
    st->curr_pos = sp->curr_pos;
}

void acp_inspect_sweep_end(acp_transition *t, bool result)
{
    acp_inspect *in = t->inspect;
    acp_inspect_sweep *s = in->cur_sweep;
    in->cur_sweep = NULL;
    in->cur_step = NULL;
    if (!s) return;
    s->done = true;
    s->result = result;
    s->curr_pos = t->sphere_path.curr_pos;
    s->curr_cell_id = t->sphere_path.curr_cell ? t->sphere_path.curr_cell->id : 0;
}
