/* acphys — trace lines, digest and table. See trace.h. */
#include "trace.h"

#include <string.h>

#include "physics/anim/anim_hook.h"
#include "physics/anim/movement_manager.h"
#include "physics/position/position_manager.h"
#include "physics/object/scripts.h"

/* ---- capture ---- */

/* The scripts and particles of an object (issue 16): present while any runs or lives. */
static void capture_fx(acp_trace_object *out, const acp_physobj *obj)
{
    const acp_object_fx *fx = obj->fx;
    out->num_scripts = fx && fx->has_scripts ? acp_script_manager_count(&fx->scripts) : 0;
    out->particles = fx && fx->has_particles ? acp_particle_manager_num_particles(&fx->particles) : 0;
    bool emitters = fx && fx->has_particles && fx->particles.num_emitters;
    out->has_fx = out->num_scripts || out->particles || emitters;
    for (uint32_t i = 0; i < out->num_scripts && i < ACP_TRACE_MAX_SCRIPTS; i++)
        out->scripts[i] = acp_script_manager_at(&fx->scripts, i)->script->id;
    if (out->num_scripts > ACP_TRACE_MAX_SCRIPTS) out->num_scripts = ACP_TRACE_MAX_SCRIPTS;
}

void acp_trace_absent_object(acp_trace_object *out, uint32_t id)
{
    memset(out, 0, sizeof *out);
    out->id = id;
    out->absent = true;
}

void acp_trace_capture_object(acp_trace_object *out, const acp_physobj *obj, double now)
{
    out->absent = false;
    const acp_update_record *r = &obj->record;
    out->id = obj->id;
    out->skipped = r->ran ? r->skipped : ACP_SKIP_NONE;
    out->has_elapsed = r->ran && r->skipped == ACP_SKIP_NONE;
    out->elapsed = out->has_elapsed ? r->elapsed : 0.0;
    out->num_quanta = r->ran ? r->num_quanta : 0;
    if (out->num_quanta > ACP_MAX_QUANTA_PER_UPDATE) out->num_quanta = ACP_MAX_QUANTA_PER_UPDATE;
    for (uint32_t i = 0; i < out->num_quanta; i++) out->quanta[i] = r->quanta[i];
    out->update_time = obj->update_time;
    out->pending = now - obj->update_time;
    out->active = (obj->transient_state & ACP_ACTIVE_TS) != 0;
    out->state = obj->state;
    out->transient = obj->transient_state;
    out->cell = obj->position.objcell_id;
    const acp_frame *f = &obj->position.frame;
    out->origin[0] = f->origin.x;
    out->origin[1] = f->origin.y;
    out->origin[2] = f->origin.z;
    out->orientation[0] = f->qw;
    out->orientation[1] = f->qx;
    out->orientation[2] = f->qy;
    out->orientation[3] = f->qz;
    out->velocity[0] = obj->velocity.x;
    out->velocity[1] = obj->velocity.y;
    out->velocity[2] = obj->velocity.z;
    uint32_t n = r->num_hooks; /* 0 in a record that did not run, unless script hooks ran (render-frame) */
    out->num_hooks = n < ACP_MAX_HOOKS_RECORDED ? n : ACP_MAX_HOOKS_RECORDED;
    out->hooks_unrecorded = n - out->num_hooks;
    for (uint32_t i = 0; i < out->num_hooks; i++) out->hooks[i] = r->hooks_fired[i];
    out->heading = acp_frame_get_heading(f);
    const acp_position_manager *pm = obj->position_manager;
    out->has_position_manager = pm != NULL;
    out->position_nodes = pm ? acp_position_manager_num_nodes(pm) : 0;
    out->offset_from = pm ? (uint32_t)pm->last_offset_source : 0;
    const acp_movement_manager *mm = obj->movement_manager;
    out->has_moveto = mm && acp_movement_manager_is_moving_to(mm);
    out->moveto_type = out->has_moveto ? mm->moveto.movement_type : 0;
    out->moveto_nodes = out->has_moveto ? mm->moveto.num_nodes : 0;
    out->moveto_command = out->has_moveto ? mm->moveto.current_command : 0;
    out->num_collisions = acp_physobj_num_collisions(obj);
    out->num_collision_ends = acp_physobj_num_collision_ends(obj);
    for (uint32_t i = 0; i < out->num_collisions; i++) out->collisions[i] = obj->reports.begin[i];
    for (uint32_t i = 0; i < out->num_collision_ends; i++) out->collision_ends[i] = obj->reports.end[i];
    out->env_collisions = acp_physobj_num_env_collisions(obj);
    out->cells_dropped = obj->cells_dropped;
    capture_fx(out, obj);
}

const char *acp_trace_moveto_name(uint32_t type)
{
    static const char *const NAMES[] = {"move_to_object", "move_to_position", "turn_to_object", "turn_to_heading"};
    return type >= 6 && type <= 9 ? NAMES[type - 6] : "none";
}

const char *acp_trace_offset_source_name(uint32_t source)
{
    static const char *const NAMES[] = {"animation", "interpolation", "sticky", "constraint"};
    return source < 4 ? NAMES[source] : "animation";
}

/* ---- digest ---- */

static uint64_t fnv_bytes(uint64_t h, const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= ACP_FNV64_PRIME;
    }
    return h;
}

static uint64_t fnv_u8(uint64_t h, uint8_t v) { return fnv_bytes(h, &v, 1); }

static uint64_t fnv_u32(uint64_t h, uint32_t v)
{
    uint8_t b[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
    return fnv_bytes(h, b, 4);
}

static uint64_t fnv_u64(uint64_t h, uint64_t v)
{
    uint8_t b[8];
    for (int i = 0; i < 8; i++) b[i] = (uint8_t)(v >> (8 * i));
    return fnv_bytes(h, b, 8);
}

static uint64_t fnv_f32(uint64_t h, float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    if ((u & 0x7F800000u) == 0x7F800000u && (u & 0x007FFFFFu)) u = 0x7FC00000u;
    return fnv_u32(h, u);
}

static uint64_t fnv_f64(uint64_t h, double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    if ((u & 0x7FF0000000000000ull) == 0x7FF0000000000000ull && (u & 0xFFFFFFFFFFFFFull)) u = 0x7FF8000000000000ull;
    return fnv_u64(h, u);
}

uint64_t acp_trace_hash_frame(uint64_t h, const acp_trace_frame *f)
{
    h = fnv_u32(h, f->frame);
    h = fnv_f64(h, f->now);
    h = fnv_u8(h, f->gate ? 1 : 0);
    uint32_t present = 0;
    for (uint32_t i = 0; i < f->num_objects; i++) present += f->objects[i].absent ? 0u : 1u;
    h = fnv_u32(h, present); /* the objects in the world: one whose enter_at is ahead is not */
    for (uint32_t i = 0; i < f->num_objects; i++) {
        const acp_trace_object *o = &f->objects[i];
        if (o->absent) continue;
        h = fnv_u32(h, o->id);
        h = fnv_u8(h, o->has_elapsed ? 1 : 0);
        if (o->has_elapsed) h = fnv_f64(h, o->elapsed);
        h = fnv_u32(h, o->num_quanta);
        for (uint32_t q = 0; q < o->num_quanta; q++) h = fnv_f32(h, o->quanta[q]);
        h = fnv_f64(h, o->pending);
        h = fnv_f64(h, o->update_time);
        h = fnv_u8(h, o->active ? 1 : 0);
        h = fnv_u32(h, o->state);
        h = fnv_u32(h, o->transient);
        h = fnv_u32(h, o->cell);
        for (int k = 0; k < 3; k++) h = fnv_f32(h, o->origin[k]);
        for (int k = 0; k < 4; k++) h = fnv_f32(h, o->orientation[k]);
        for (int k = 0; k < 3; k++) h = fnv_f32(h, o->velocity[k]);
        h = fnv_u32(h, o->num_hooks);
        for (uint32_t k = 0; k < o->num_hooks; k++) {
            const char *name = acp_hook_type_name(o->hooks[k]);
            h = fnv_bytes(h, (const uint8_t *)name, strlen(name) + 1); /* with its 0 byte */
        }
        if (o->has_position_manager) { /* optional: traces without one hash as before */
            h = fnv_u32(h, o->position_nodes);
            const char *from = acp_trace_offset_source_name(o->offset_from);
            h = fnv_bytes(h, (const uint8_t *)from, strlen(from) + 1);
        }
        if (o->has_moveto) { /* optional: only while a MoveTo runs */
            const char *type = acp_trace_moveto_name(o->moveto_type);
            h = fnv_bytes(h, (const uint8_t *)type, strlen(type) + 1);
            h = fnv_u32(h, o->moveto_nodes);
            h = fnv_u32(h, o->moveto_command);
        }
        if (o->num_collisions || o->num_collision_ends) {
            h = fnv_u8(h, 0x43);
            h = fnv_u32(h, o->num_collisions);
            for (uint32_t k = 0; k < o->num_collisions; k++) h = fnv_u32(h, o->collisions[k]);
            h = fnv_u32(h, o->num_collision_ends);
            for (uint32_t k = 0; k < o->num_collision_ends; k++) h = fnv_u32(h, o->collision_ends[k]);
        }
        if (o->env_collisions) { /* optional: only in a frame with an environment report */
            h = fnv_u8(h, 0x45);
            h = fnv_u32(h, o->env_collisions);
        }
        if (o->has_fx) { /* optional: only while a script runs or an emitter lives */
            h = fnv_u32(h, o->num_scripts);
            for (uint32_t k = 0; k < o->num_scripts; k++) h = fnv_u32(h, o->scripts[k]);
            h = fnv_u32(h, o->particles);
        }
    }
    return h;
}

/* ---- the line ---- */

static bool finite_bits(double v) { return v - v == 0.0; }

/* A JSON number with `digits` significant digits (17 for a double, 9 for a float), or the
 * string "NaN" / "Infinity" / "-Infinity". */
static void put_number(acp_text *t, double v, int digits)
{
    if (finite_bits(v)) acp_text_put_g(t, v, digits);
    else acp_text_put(t, v != v ? "\"NaN\"" : v > 0 ? "\"Infinity\"" : "\"-Infinity\"");
}

static void put_double(acp_text *t, double v) { put_number(t, v, 17); }

/* key + ids + ']' when there are any. */
static void put_ids(acp_text *t, const char *key, const uint32_t *ids, uint32_t n)
{
    if (!n) return;
    acp_text_put(t, key);
    for (uint32_t k = 0; k < n; k++) {
        if (k) acp_text_put_char(t, ',');
        acp_text_put_u64(t, ids[k]);
    }
    acp_text_put_char(t, ']');
}
static void put_float(acp_text *t, float f) { put_number(t, f, 9); }

static void put_floats(acp_text *t, const float *v, uint32_t n)
{
    acp_text_put_char(t, '[');
    for (uint32_t i = 0; i < n; i++) {
        if (i) acp_text_put_char(t, ',');
        put_float(t, v[i]);
    }
    acp_text_put_char(t, ']');
}

const char *acp_trace_skip_name(acp_skip_reason r)
{
    switch (r) {
    case ACP_SKIP_PARENTED: return "parented";
    case ACP_SKIP_NO_CELL: return "no_cell";
    case ACP_SKIP_FROZEN: return "frozen";
    default: return NULL;
    }
}

/* One object of a line, without its closing brace. */
static void put_object(acp_text *t, const acp_trace_object *o)
{
    acp_text_put(t, "{\"id\":");
    acp_text_put_u64(t, o->id);
    if (o->has_elapsed) {
        acp_text_put(t, ",\"elapsed\":");
        put_double(t, o->elapsed);
    }
    acp_text_put(t, ",\"quanta\":");
    put_floats(t, o->quanta, o->num_quanta);
    acp_text_put(t, ",\"pending\":");
    put_double(t, o->pending);
    acp_text_put(t, ",\"update_time\":");
    put_double(t, o->update_time);
    acp_text_put(t, o->active ? ",\"active\":true" : ",\"active\":false");
    acp_text_put(t, ",\"state\":");
    acp_text_put_u64(t, o->state);
    acp_text_put(t, ",\"transient\":");
    acp_text_put_u64(t, o->transient);
    acp_text_put(t, ",\"cell\":\"");
    acp_text_put_hex32(t, o->cell);
    acp_text_put(t, "\",\"origin\":");
    put_floats(t, o->origin, 3);
    acp_text_put(t, ",\"orientation\":");
    put_floats(t, o->orientation, 4);
    acp_text_put(t, ",\"velocity\":");
    put_floats(t, o->velocity, 3);
    acp_text_put(t, ",\"hooks\":[");
    for (uint32_t k = 0; k < o->num_hooks; k++) {
        if (k) acp_text_put_char(t, ',');
        const char *name = acp_hook_type_name(o->hooks[k]);
        acp_text_put_json_string(t, name, strlen(name));
    }
    acp_text_put_char(t, ']');
    const char *skip = acp_trace_skip_name(o->skipped);
    if (skip) {
        acp_text_put(t, ",\"skipped\":\"");
        acp_text_put(t, skip);
        acp_text_put_char(t, '"');
    }
    if (o->hooks_unrecorded) {
        acp_text_put(t, ",\"hooks_unrecorded\":");
        acp_text_put_u64(t, o->hooks_unrecorded);
    }
    if (o->has_position_manager) {
        acp_text_put(t, ",\"position_nodes\":");
        acp_text_put_u64(t, o->position_nodes);
        acp_text_put(t, ",\"offset_from\":\"");
        acp_text_put(t, acp_trace_offset_source_name(o->offset_from));
        acp_text_put_char(t, '"');
    }
    if (o->has_moveto) {
        acp_text_put(t, ",\"moveto\":{\"type\":\"");
        acp_text_put(t, acp_trace_moveto_name(o->moveto_type));
        acp_text_put(t, "\",\"nodes\":");
        acp_text_put_u64(t, o->moveto_nodes);
        acp_text_put(t, ",\"command\":");
        acp_text_put_u64(t, o->moveto_command);
        acp_text_put_char(t, '}');
    }
    put_ids(t, ",\"collisions\":[", o->collisions, o->num_collisions);
    put_ids(t, ",\"collision_ends\":[", o->collision_ends, o->num_collision_ends);
    if (o->env_collisions) {
        acp_text_put(t, ",\"env_collisions\":");
        acp_text_put_u64(t, o->env_collisions);
    }
    if (o->cells_dropped) {
        acp_text_put(t, ",\"cells_dropped\":");
        acp_text_put_u64(t, o->cells_dropped);
    }
    if (o->has_fx) {
        acp_text_put(t, ",\"scripts\":[");
        for (uint32_t k = 0; k < o->num_scripts; k++) {
            acp_text_put(t, k ? ",\"" : "\"");
            acp_text_put_hex32(t, o->scripts[k]);
            acp_text_put_char(t, '"');
        }
        acp_text_put(t, "],\"particles\":");
        acp_text_put_u64(t, o->particles);
    }
}

void acp_trace_write_line(acp_text *t, const acp_trace_frame *f, uint64_t digest)
{
    acp_text_put(t, "{\"frame\":");
    acp_text_put_u64(t, f->frame);
    acp_text_put(t, ",\"now\":");
    put_double(t, f->now);
    acp_text_put(t, f->gate ? ",\"gate\":true" : ",\"gate\":false");
    acp_text_put(t, ",\"objects\":[");
    bool first = true;
    for (uint32_t i = 0; i < f->num_objects; i++) {
        const acp_trace_object *o = &f->objects[i];
        if (o->absent) continue;
        if (!first) acp_text_put_char(t, ',');
        first = false;
        put_object(t, o);
        acp_text_put_char(t, '}');
    }
    acp_text_put(t, "],\"digest\":\"");
    acp_text_put_hex64(t, digest);
    acp_text_put(t, "\"}");
}

void acp_trace_write_digest_line(acp_text *t, uint64_t digest, const char *profile)
{
    acp_text_put(t, "{\"digest\":\"");
    acp_text_put_hex64(t, digest);
    acp_text_put(t, "\"");
    if (profile) {
        acp_text_put(t, ",\"profile\":\"");
        acp_text_put(t, profile);
        acp_text_put(t, "\"");
    }
    acp_text_put(t, "}");
}

/* ---- the table ---- */

/* Columns: name, width (right-aligned; the last, quanta, is left-aligned and free). */
#define W_FRAME 6
#define W_NOW 14
#define W_GATE 5
#define W_OBJECT 11
#define W_ELAPSED 11
#define W_PENDING 11
#define W_CELL 12
#define W_XYZ 11
#define W_HEADING 9

/* Right-align what was written since `start` in `width` columns; a value wider than its column
 * (a time of 1e6 s, say) still gets one space before it, so columns never run together. */
static void pad_col(acp_text *t, size_t start, size_t width)
{
    acp_text_pad_left(t, start, width);
    if (t->len > start && t->data[start] != ' ') acp_text_pad_left(t, start, t->len - start + 1);
}

static void col(acp_text *t, const char *s, size_t width)
{
    size_t start = t->len;
    acp_text_put(t, s);
    pad_col(t, start, width);
}

static void col_f(acp_text *t, double v, int decimals, size_t width)
{
    size_t start = t->len;
    acp_text_put_f(t, v, decimals);
    pad_col(t, start, width);
}

void acp_trace_write_table_header(acp_text *t)
{
    col(t, "frame", W_FRAME);
    col(t, "now", W_NOW);
    col(t, "gate", W_GATE);
    col(t, "object", W_OBJECT);
    col(t, "elapsed", W_ELAPSED);
    col(t, "pending", W_PENDING);
    col(t, "cell", W_CELL);
    col(t, "x", W_XYZ);
    col(t, "y", W_XYZ);
    col(t, "z", W_XYZ);
    col(t, "heading", W_HEADING);
    acp_text_put(t, "  quanta\n");
}

void acp_trace_write_table_rows(acp_text *t, const acp_trace_frame *f)
{
    bool first = true;
    for (uint32_t i = 0; i < f->num_objects; i++) {
        const acp_trace_object *o = &f->objects[i];
        if (o->absent) continue;
        size_t start = t->len;
        if (first) {
            first = false;
            acp_text_put_u64(t, f->frame);
            acp_text_pad_left(t, start, W_FRAME);
            col_f(t, f->now, 6, W_NOW);
            col(t, f->gate ? "yes" : "no", W_GATE);
        } else {
            acp_text_put_repeat(t, ' ', W_FRAME + W_NOW + W_GATE);
        }
        start = t->len;
        acp_text_put_u64(t, o->id);
        pad_col(t, start, W_OBJECT);
        if (o->has_elapsed) {
            col_f(t, o->elapsed, 6, W_ELAPSED);
        } else {
            const char *skip = acp_trace_skip_name(o->skipped);
            col(t, skip ? skip : "-", W_ELAPSED);
        }
        col_f(t, o->pending, 6, W_PENDING);
        acp_text_put(t, "  ");
        acp_text_put_hex32(t, o->cell);
        col_f(t, o->origin[0], 4, W_XYZ);
        col_f(t, o->origin[1], 4, W_XYZ);
        col_f(t, o->origin[2], 4, W_XYZ);
        col_f(t, o->heading, 2, W_HEADING);
        acp_text_put(t, "  ");
        if (o->num_quanta == 0) acp_text_put_char(t, '-');
        for (uint32_t q = 0; q < o->num_quanta; q++) {
            if (q) acp_text_put_char(t, ' ');
            acp_text_put_f(t, o->quanta[q], 6);
        }
        acp_text_put_char(t, '\n');
    }
}

/* ---- per-quantum records (trace.h) ---- */

const char *acp_trace_transition_state_name(uint32_t ts)
{
    static const char *const NAMES[] = {"INVALID", "OK", "COLLIDED", "ADJUSTED", "SLID"};
    return ts < 5 ? NAMES[ts] : "INVALID";
}

void acp_trace_capture_quantum(acp_trace_quantum *out, const acp_physobj *obj, double now, double physics_time,
                               float quantum, uint32_t transition_state)
{
    acp_trace_object *o = &out->o;
    acp_trace_capture_object(o, obj, now);
    o->num_quanta = 1;
    o->quanta[0] = quantum;
    o->update_time = physics_time;
    o->pending = now - physics_time;
    out->cached_velocity[0] = obj->cached_velocity.x;
    out->cached_velocity[1] = obj->cached_velocity.y;
    out->cached_velocity[2] = obj->cached_velocity.z;
    out->contact = (obj->transient_state & ACP_CONTACT_TS) != 0;
    out->contact_normal[0] = out->contact ? obj->contact_plane.n.x : 0.0f;
    out->contact_normal[1] = out->contact ? obj->contact_plane.n.y : 0.0f;
    out->contact_normal[2] = out->contact ? obj->contact_plane.n.z : 0.0f;
    out->contact_d = out->contact ? obj->contact_plane.d : 0.0f;
    out->transition_state = transition_state == 0 ? 1u : transition_state; /* no sweep: OK */
}

/* The record's own hooks and reports: those its object gained since its previous quantum. */
static void slice_quantum(const acp_trace_quantum *q, acp_trace_object *o)
{
    *o = q->o;
    uint32_t h = q->hooks_before < o->num_hooks ? q->hooks_before : o->num_hooks;
    memmove(o->hooks, o->hooks + h, (o->num_hooks - h) * sizeof o->hooks[0]);
    o->num_hooks -= h;
    uint32_t c = q->collisions_before < o->num_collisions ? q->collisions_before : o->num_collisions;
    memmove(o->collisions, o->collisions + c, (o->num_collisions - c) * sizeof o->collisions[0]);
    o->num_collisions -= c;
    uint32_t e = q->collision_ends_before < o->num_collision_ends ? q->collision_ends_before : o->num_collision_ends;
    memmove(o->collision_ends, o->collision_ends + e, (o->num_collision_ends - e) * sizeof o->collision_ends[0]);
    o->num_collision_ends -= e;
    o->env_collisions -= q->env_collisions_before < o->env_collisions ? q->env_collisions_before : o->env_collisions;
}

uint64_t acp_trace_hash_quantum(uint64_t h, const acp_trace_quantum *q)
{
    acp_trace_object o;
    slice_quantum(q, &o);
    acp_trace_frame f = {.frame = q->frame, .now = q->now, .gate = true, .num_objects = 1, .objects = &o};
    h = fnv_u32(h, q->frame);
    h = fnv_u32(h, q->quantum);
    h = acp_trace_hash_frame(h, &f);
    for (int k = 0; k < 3; k++) h = fnv_f32(h, q->cached_velocity[k]);
    h = fnv_u8(h, q->contact ? 1 : 0);
    if (q->contact) {
        for (int k = 0; k < 3; k++) h = fnv_f32(h, q->contact_normal[k]);
        h = fnv_f32(h, q->contact_d);
    }
    return fnv_u32(h, q->transition_state);
}

/* ,"cached_velocity":[..],"contact_plane":{..}|null,"transition_state":"..": both shapes. */
static void put_quantum_extras(acp_text *t, const acp_trace_quantum *q)
{
    acp_text_put(t, ",\"cached_velocity\":");
    put_floats(t, q->cached_velocity, 3);
    if (q->contact) {
        acp_text_put(t, ",\"contact_plane\":{\"normal\":");
        put_floats(t, q->contact_normal, 3);
        acp_text_put(t, ",\"d\":");
        put_float(t, q->contact_d);
        acp_text_put_char(t, '}');
    } else {
        acp_text_put(t, ",\"contact_plane\":null");
    }
    acp_text_put(t, ",\"transition_state\":\"");
    acp_text_put(t, acp_trace_transition_state_name(q->transition_state));
    acp_text_put_char(t, '"');
}

void acp_trace_write_quantum_line(acp_text *t, const acp_trace_quantum *q, uint64_t digest)
{
    acp_trace_object o;
    slice_quantum(q, &o);
    acp_text_put(t, "{\"frame\":");
    acp_text_put_u64(t, q->frame);
    acp_text_put(t, ",\"now\":");
    put_double(t, q->now);
    acp_text_put(t, ",\"gate\":true,\"quantum\":");
    acp_text_put_u64(t, q->quantum);
    acp_text_put(t, ",\"objects\":[");
    put_object(t, &o);
    put_quantum_extras(t, q);
    acp_text_put(t, "}],\"digest\":\"");
    acp_text_put_hex64(t, digest);
    acp_text_put(t, "\"}");
}

void acp_trace_write_dereth_line(acp_text *t, const acp_trace_quantum *q)
{
    const acp_trace_object *o = &q->o;
    acp_text_put(t, "{\"t\":");
    put_double(t, q->now);
    acp_text_put(t, ",\"update_time\":");
    put_double(t, o->update_time);
    acp_text_put(t, ",\"cell\":");
    acp_text_put_u64(t, o->cell);
    acp_text_put(t, ",\"origin\":");
    put_floats(t, o->origin, 3);
    acp_text_put(t, ",\"quat\":");
    put_floats(t, o->orientation, 4);
    acp_text_put(t, ",\"velocity\":");
    put_floats(t, o->velocity, 3);
    acp_text_put(t, ",\"cached_velocity\":");
    put_floats(t, q->cached_velocity, 3);
    if (q->contact) {
        acp_text_put(t, ",\"contact_plane\":{\"normal\":");
        put_floats(t, q->contact_normal, 3);
        acp_text_put(t, ",\"d\":");
        put_float(t, q->contact_d);
        acp_text_put_char(t, '}');
    } else {
        acp_text_put(t, ",\"contact_plane\":null");
    }
    acp_text_put(t, ",\"state\":");
    acp_text_put_u64(t, o->state);
    acp_text_put(t, ",\"transient_state\":");
    acp_text_put_u64(t, o->transient);
    acp_text_put(t, ",\"transition_state\":\"");
    acp_text_put(t, acp_trace_transition_state_name(q->transition_state));
    acp_text_put(t, "\"}");
}
