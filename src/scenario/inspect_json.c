/* acphys — the quantum inspector's record as JSON (inspect_json.h). */
#include "inspect_json.h"

#include <stdlib.h>
#include <string.h>

#include "physics/world/physics.h"

static bool finite_bits(double v) { return v - v == 0.0; }

static void put_number(acp_text *t, double v, int digits)
{
    if (finite_bits(v)) acp_text_put_g(t, v, digits);
    else acp_text_put(t, v != v ? "\"NaN\"" : v > 0 ? "\"Infinity\"" : "\"-Infinity\"");
}

static void put_float(acp_text *t, float f) { put_number(t, f, 9); }

static void put_vec(acp_text *t, acp_vec3 v)
{
    acp_text_put_char(t, '[');
    put_float(t, v.x);
    acp_text_put_char(t, ',');
    put_float(t, v.y);
    acp_text_put_char(t, ',');
    put_float(t, v.z);
    acp_text_put_char(t, ']');
}

static void put_cell(acp_text *t, uint32_t cell)
{
    acp_text_put_char(t, '"');
    acp_text_put_hex32(t, cell);
    acp_text_put_char(t, '"');
}

static void put_pos(acp_text *t, const acp_position *p)
{
    acp_text_put(t, "{\"cell\":");
    put_cell(t, p->objcell_id);
    acp_text_put(t, ",\"origin\":");
    put_vec(t, p->frame.origin);
    acp_text_put(t, ",\"orientation\":[");
    put_float(t, p->frame.qw);
    acp_text_put_char(t, ',');
    put_float(t, p->frame.qx);
    acp_text_put_char(t, ',');
    put_float(t, p->frame.qy);
    acp_text_put_char(t, ',');
    put_float(t, p->frame.qz);
    acp_text_put(t, "]}");
}

static void put_opt_vec(acp_text *t, const char *key, bool valid, acp_vec3 v)
{
    acp_text_put(t, key);
    if (valid) put_vec(t, v);
    else acp_text_put(t, "null");
}

static const char *ts_name(int ts)
{
    switch (ts) {
    case ACP_TS_OK: return "OK";
    case ACP_TS_COLLIDED: return "COLLIDED";
    case ACP_TS_ADJUSTED: return "ADJUSTED";
    case ACP_TS_SLID: return "SLID";
    default: return "INVALID";
    }
}

static void put_branches(acp_text *t, uint32_t bits)
{
    static const struct {
        uint32_t bit;
        const char *name;
    } NAMES[] = {{ACP_INSPECT_STEP_UP, "step_up"},
                 {ACP_INSPECT_STEP_UP_OK, "step_up_ok"},
                 {ACP_INSPECT_STEP_DOWN, "step_down"},
                 {ACP_INSPECT_STEP_DOWN_OK, "step_down_ok"},
                 {ACP_INSPECT_EDGE_SLIDE, "edge_slide"},
                 {ACP_INSPECT_COLLIDE_LANDING, "collide_landing"},
                 {ACP_INSPECT_PLACEMENT, "placement"},
                 {ACP_INSPECT_NEG_POLY, "neg_poly"},
                 {ACP_INSPECT_LOST_CONTACT, "lost_contact"},
                 {ACP_INSPECT_COLLIDED, "collided"},
                 {ACP_INSPECT_ADJUSTED, "adjusted"},
                 {ACP_INSPECT_SLID, "slid"}};
    acp_text_put(t, ",\"branches\":[");
    bool first = true;
    for (size_t i = 0; i < sizeof NAMES / sizeof NAMES[0]; i++) {
        if (!(bits & NAMES[i].bit)) continue;
        if (!first) acp_text_put_char(t, ',');
        first = false;
        acp_text_put_char(t, '"');
        acp_text_put(t, NAMES[i].name);
        acp_text_put_char(t, '"');
    }
    acp_text_put_char(t, ']');
}

static void put_name(acp_text *t, const char *name)
{
    if (name) acp_text_put_json_string(t, name, strlen(name));
    else acp_text_put(t, "null");
}

static void put_object(acp_text *t, uint32_t id, const acp_scenario *s, acp_physobj *const *objects)
{
    acp_text_put(t, "{\"id\":");
    acp_text_put_u64(t, id);
    acp_text_put(t, ",\"object\":");
    for (uint32_t i = 0; i < s->num_objects; i++) {
        if (!objects[i] || objects[i]->id != id) continue;
        acp_text_put_u64(t, i);
        acp_text_put(t, ",\"name\":");
        put_name(t, s->objects[i].name);
        acp_text_put_char(t, '}');
        return;
    }
    acp_text_put(t, "null,\"name\":null}");
}

static void put_step(acp_text *t, const acp_inspect_step *st, const acp_scenario *s, acp_physobj *const *objects)
{
    acp_text_put(t, "{\"step\":");
    acp_text_put_u64(t, st->index);
    acp_text_put(t, ",\"check_pos\":");
    put_pos(t, &st->check_pos);
    acp_text_put(t, ",\"offset\":");
    put_vec(t, st->global_offset);
    acp_text_put(t, ",\"spheres\":[");
    for (uint32_t i = 0; i < st->num_sphere; i++) {
        if (i) acp_text_put_char(t, ',');
        acp_text_put(t, "{\"center\":");
        put_vec(t, st->sphere[i].center);
        acp_text_put(t, ",\"radius\":");
        put_float(t, st->sphere[i].radius);
        acp_text_put_char(t, '}');
    }
    acp_text_put(t, "],\"cells\":[");
    for (uint32_t i = 0; i < st->num_cells; i++) {
        if (i) acp_text_put_char(t, ',');
        put_cell(t, st->cells[i]);
    }
    acp_text_put(t, "],\"insert\":\"");
    acp_text_put(t, ts_name(st->insert_ts));
    acp_text_put(t, "\",\"result\":\"");
    acp_text_put(t, ts_name(st->ts));
    acp_text_put_char(t, '"');
    put_branches(t, st->branches);
    acp_text_put(t, ",\"objects\":[");
    for (uint32_t i = 0; i < st->num_objects; i++) {
        if (i) acp_text_put_char(t, ',');
        put_object(t, st->objects[i], s, objects);
    }
    acp_text_put(t, "],\"contact_plane\":");
    if (st->contact_plane_valid) {
        acp_text_put(t, "{\"n\":");
        put_vec(t, st->contact_plane.n);
        acp_text_put(t, ",\"d\":");
        put_float(t, st->contact_plane.d);
        acp_text_put(t, ",\"cell\":");
        put_cell(t, st->contact_plane_cell_id);
        acp_text_put_char(t, '}');
    } else {
        acp_text_put(t, "null");
    }
    put_opt_vec(t, ",\"collision_normal\":", st->collision_normal_valid, st->collision_normal);
    put_opt_vec(t, ",\"sliding_normal\":", st->sliding_normal_valid, st->sliding_normal);
    acp_text_put(t, ",\"terrain_polygon\":");
    if (st->terrain_poly_valid) {
        acp_text_put(t, "{\"cell\":");
        put_cell(t, st->terrain_poly_cell_id);
        acp_text_put(t, ",\"vertices\":[");
        for (int i = 0; i < 3; i++) {
            if (i) acp_text_put_char(t, ',');
            put_vec(t, st->terrain_poly[i]);
        }
        acp_text_put(t, "]}");
    } else {
        acp_text_put(t, "null");
    }
    acp_text_put(t, ",\"walkable_polygon\":");
    if (st->walkable_valid) {
        acp_text_put(t, "{\"poly_id\":");
        acp_text_put_u64(t, st->walkable_poly_id);
        acp_text_put(t, ",\"n\":");
        put_vec(t, st->walkable_plane.n);
        acp_text_put(t, ",\"d\":");
        put_float(t, st->walkable_plane.d);
        acp_text_put_char(t, '}');
    } else {
        acp_text_put(t, "null");
    }
    put_opt_vec(t, ",\"neg_collision_normal\":", st->neg_poly_hit, st->neg_collision_normal);
    acp_text_put(t, ",\"curr_pos\":");
    put_pos(t, &st->curr_pos);
    acp_text_put_char(t, '}');
}

static const char *insert_name(int type)
{
    return type == ACP_PLACEMENT_INSERT ? "placement" : type == ACP_INITIAL_PLACEMENT_INSERT ? "initial_placement" : "transition";
}

static void put_sweep(acp_text *t, const acp_inspect *in, uint32_t k, const acp_scenario *s, acp_physobj *const *objects)
{
    const acp_inspect_sweep *sw = &in->sweeps[k];
    acp_text_put(t, "{\"quantum\":");
    acp_text_put_u64(t, k);
    acp_text_put(t, ",\"insert_type\":\"");
    acp_text_put(t, insert_name(sw->insert_type));
    acp_text_put(t, "\",\"begin\":");
    put_pos(t, &sw->begin_pos);
    acp_text_put(t, ",\"end\":");
    put_pos(t, &sw->end_pos);
    acp_text_put(t, ",\"calc_num_steps\":{\"ok\":");
    acp_text_put(t, sw->calc_ok ? "true" : "false");
    acp_text_put(t, ",\"num_steps\":");
    acp_text_put_u64(t, sw->num_steps);
    acp_text_put(t, ",\"offset\":");
    put_vec(t, sw->offset);
    acp_text_put(t, ",\"offset_per_step\":");
    put_vec(t, sw->offset_per_step);
    acp_text_put_char(t, '}');
    put_branches(t, sw->branches);
    acp_text_put(t, ",\"steps\":[");
    for (uint32_t i = 0; i < sw->steps; i++) {
        if (i) acp_text_put_char(t, ',');
        put_step(t, &in->steps[sw->first_step + i], s, objects);
    }
    acp_text_put(t, "],\"result\":");
    acp_text_put(t, sw->result ? "true" : "false");
    acp_text_put(t, ",\"curr_pos\":");
    put_pos(t, &sw->curr_pos);
    acp_text_put_char(t, '}');
}

void acp_inspect_write_json(acp_text *t, const acp_inspect *in, const acp_scenario *s, acp_physobj *const *objects,
                            uint32_t index, uint32_t frame, double now)
{
    acp_text_put(t, "{\"inspect\":{\"object\":");
    acp_text_put_u64(t, index);
    acp_text_put(t, ",\"id\":");
    acp_text_put_u64(t, index < s->num_objects ? s->objects[index].id : 0);
    acp_text_put(t, ",\"name\":");
    put_name(t, index < s->num_objects ? s->objects[index].name : NULL);
    acp_text_put(t, ",\"frame\":");
    acp_text_put_u64(t, frame);
    acp_text_put(t, ",\"now\":");
    put_number(t, now, 17);
    acp_text_put(t, "},\"sweeps\":[");
    for (uint32_t k = 0; k < in->num_sweeps; k++) {
        if (k) acp_text_put_char(t, ',');
        put_sweep(t, in, k, s, objects);
    }
    acp_text_put(t, "],\"sweeps_dropped\":");
    acp_text_put_u64(t, in->sweeps_dropped);
    acp_text_put(t, ",\"steps_dropped\":");
    acp_text_put_u64(t, in->steps_dropped);
    acp_text_put_char(t, '}');
}

/* ---- the runner's inspector ---- */

/* An object whose enter_at is after the run's start is not in the world before the first frame
 * whose time is >= enter_at (enter_due): a frame before that has no sweep of it to record, so the
 * request is refused naming the frame it enters at (review of issue 36, finding 3). A frame past
 * the scenario's is left to the caller's "past the scenario's frames" message. */
bool acp_run_inspector_entered(const acp_scenario *s, uint32_t object_index, uint32_t frame, char *err, size_t err_size)
{
    if (object_index >= s->num_objects || frame == 0 || frame > s->frames.count) return true;
    const acp_scenario_object *so = &s->objects[object_index];
    if (!(so->enter_at > 0.0)) return true; /* run_internal.h acp_run_enters_later */
    uint32_t enters = 0; /* 1-based; 0: no frame of the scenario reaches enter_at */
    for (uint32_t k = 0; k < s->frames.count && !enters; k++)
        if (s->frames.times[k] >= so->enter_at) enters = k + 1;
    if (enters && frame >= enters) return true;
    acp_text t;
    acp_text_fixed(&t, err, err_size);
    acp_text_put(&t, "inspect: object ");
    acp_text_put_u64(&t, object_index);
    if (enters) {
        acp_text_put(&t, " enters at frame ");
        acp_text_put_u64(&t, enters);
        acp_text_put(&t, " (t = ");
        acp_text_put_g(&t, s->frames.times[enters - 1], 9);
        acp_text_put(&t, " s, its enter_at ");
    } else {
        acp_text_put(&t, " never enters (its enter_at ");
    }
    acp_text_put_g(&t, so->enter_at, 9);
    acp_text_put(&t, enters ? " s), after frame " : " s is after the scenario's last frame), so not in frame ");
    acp_text_put_u64(&t, frame);
    return false;
}

bool acp_run_inspector_arm(acp_run_inspector **slot, uint32_t index, uint32_t num_objects, uint32_t frame,
                           uint32_t frames_done, char *err, size_t err_size)
{
    acp_text t;
    acp_text_fixed(&t, err, err_size);
    if (index >= num_objects) {
        acp_text_put(&t, "inspect: object ");
        acp_text_put_u64(&t, index);
        acp_text_put(&t, " is not in the scenario (it has ");
        acp_text_put_u64(&t, num_objects);
        acp_text_put(&t, num_objects == 1 ? " object, index 0)" : " objects, indices from 0)");
        return false;
    }
    if (frame == 0 || frame <= frames_done) {
        acp_text_put(&t, "inspect: frame ");
        acp_text_put_u64(&t, frame);
        acp_text_put(&t, frame == 0 ? " (frames count from 1, as the trace's \"frame\")" : " has already run");
        return false;
    }
    if (!*slot) {
        *slot = calloc(1, sizeof **slot);
        if (!*slot) {
            acp_text_put(&t, "out of memory");
            return false;
        }
        acp_text_init(&(*slot)->json);
    }
    acp_run_inspector *in = *slot;
    in->index = index;
    in->frame = frame;
    in->done = false;
    acp_text_clear(&in->json);
    return true;
}

bool acp_run_inspector_begin(acp_run_inspector *in, acp_world *w, acp_physobj *const *objects, uint32_t frame)
{
    if (!in || frame != in->frame || !objects[in->index]) return false; /* not in the world yet: nothing swept */
    acp_inspect_reset(&in->rec, objects[in->index]);
    acp_inspect_attach(w, &in->rec);
    return true;
}

bool acp_run_inspector_end(acp_run_inspector *in, acp_world *w, const acp_scenario *s, acp_physobj *const *objects,
                           double now)
{
    acp_inspect_attach(w, NULL);
    acp_text_clear(&in->json);
    acp_inspect_write_json(&in->json, &in->rec, s, objects, in->index, in->frame, now);
    in->done = !in->json.oom;
    return in->done;
}

const char *acp_run_inspector_json(const acp_run_inspector *in, size_t *len)
{
    if (!in || !in->done) return NULL;
    if (len) *len = in->json.len;
    return in->json.data;
}

void acp_run_inspector_free(acp_run_inspector *in)
{
    if (!in) return;
    acp_text_free(&in->json);
    free(in);
}
