/* acphys — records as JSON (acp_dat_record_json, see dat.h): the output of `acphys dump` and of
 * the WASM ABI's acp_abi_dat_json. Floats print with %.9g (enough to round-trip a float), ids as
 * "0x%08X" strings; a non-finite float (only possible in fields kept as stored) prints null. */
#include "dat.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct jb {
    char *buf;
    size_t len, cap;
    bool oom;
    bool comma;                        /* a value was written: the next key or value needs ',' */
} jb;

static void raw(jb *b, const char *s, size_t n)
{
    if (b->oom) return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 1024;
        while (cap < b->len + n + 1) cap *= 2;
        char *p = realloc(b->buf, cap);
        if (!p) {
            b->oom = true;
            return;
        }
        b->buf = p;
        b->cap = cap;
    }
    memcpy(b->buf + b->len, s, n);
    b->len += n;
    b->buf[b->len] = 0;
}

static void sep(jb *b)
{
    if (b->comma) raw(b, ",", 1);
    b->comma = false;
}

static void fmt(jb *b, const char *f, ...)
{
    char tmp[64];
    va_list ap;
    va_start(ap, f);
    int n = vsnprintf(tmp, sizeof tmp, f, ap);
    va_end(ap);
    if (n > 0) raw(b, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

static void key(jb *b, const char *k)
{
    sep(b);
    raw(b, "\"", 1);
    raw(b, k, strlen(k));
    raw(b, "\":", 2);
}

static void open_(jb *b, char c) { sep(b); raw(b, &c, 1); }
static void close_(jb *b, char c) { raw(b, &c, 1); b->comma = true; }
static void obj(jb *b) { open_(b, '{'); }
static void end_obj(jb *b) { close_(b, '}'); }
static void arr(jb *b) { open_(b, '['); }
static void end_arr(jb *b) { close_(b, ']'); }

static void v_str(jb *b, const char *s)
{
    sep(b);
    raw(b, "\"", 1);
    raw(b, s, strlen(s));
    raw(b, "\"", 1);
    b->comma = true;
}

static void v_id(jb *b, uint32_t id) { sep(b); fmt(b, "\"0x%08X\"", id); b->comma = true; }
static void v_u(jb *b, uint32_t v) { sep(b); fmt(b, "%u", v); b->comma = true; }
static void v_i(jb *b, int32_t v) { sep(b); fmt(b, "%d", v); b->comma = true; }

static void v_f(jb *b, float f)
{
    sep(b);
    if (isfinite(f)) fmt(b, "%.9g", (double)f);
    else raw(b, "null", 4);
    b->comma = true;
}

static void v_null(jb *b) { sep(b); raw(b, "null", 4); b->comma = true; }

static void k_id(jb *b, const char *k, uint32_t id) { key(b, k); v_id(b, id); }
static void k_u(jb *b, const char *k, uint32_t v) { key(b, k); v_u(b, v); }
static void k_f(jb *b, const char *k, float f) { key(b, k); v_f(b, f); }

static void v_vec3(jb *b, acp_vec3 v)
{
    arr(b);
    v_f(b, v.x);
    v_f(b, v.y);
    v_f(b, v.z);
    end_arr(b);
}

static void k_vec3(jb *b, const char *k, acp_vec3 v) { key(b, k); v_vec3(b, v); }

static void v_frame(jb *b, const acp_aframe *f)
{
    obj(b);
    k_vec3(b, "origin", f->origin);
    key(b, "orientation");
    arr(b);
    v_f(b, f->qw);
    v_f(b, f->qx);
    v_f(b, f->qy);
    v_f(b, f->qz);
    end_arr(b);
    end_obj(b);
}

static void v_sphere(jb *b, const acp_sphere *s)
{
    obj(b);
    k_vec3(b, "center", s->center);
    k_f(b, "radius", s->radius);
    end_obj(b);
}

static const char *const hook_names[ACP_HOOK_TYPE_COUNT] = {
    "NoOp", "Sound", "SoundTable", "Attack", "AnimationDone", "ReplaceObject", "Ethereal",
    "TransparentPart", "Luminous", "LuminousPart", "Diffuse", "DiffusePart", "Scale", "CreateParticle",
    "DestroyParticle", "StopParticle", "NoDraw", "DefaultScript", "DefaultScriptPart", "CallPES",
    "Transparent", "SoundTweaked", "SetOmega", "TextureVelocity", "TextureVelocityPart", "SetLight",
    "CreateBlockingParticle",
};

static void v_hook(jb *b, const acp_anim_hook *h)
{
    obj(b);
    key(b, "type");
    v_str(b, h->type < ACP_HOOK_TYPE_COUNT ? hook_names[h->type] : "unknown");
    k_u(b, "type_id", h->type);
    key(b, "direction");
    v_i(b, h->direction);
    switch (h->type) {
    case ACP_HOOK_SOUND:
    case ACP_HOOK_SOUND_TABLE:
    case ACP_HOOK_DESTROY_PARTICLE:
    case ACP_HOOK_STOP_PARTICLE:
    case ACP_HOOK_DEFAULT_SCRIPT_PART: k_id(b, "id", h->p.id); break;
    case ACP_HOOK_ETHEREAL:
    case ACP_HOOK_NO_DRAW:
    case ACP_HOOK_SET_LIGHT: k_u(b, "flag", h->p.flag); break;
    case ACP_HOOK_ATTACK:
        k_u(b, "part", h->p.attack.part);
        k_f(b, "left_x", h->p.attack.left_x);
        k_f(b, "left_y", h->p.attack.left_y);
        k_f(b, "right_x", h->p.attack.right_x);
        k_f(b, "right_y", h->p.attack.right_y);
        k_f(b, "radius", h->p.attack.radius);
        k_f(b, "height", h->p.attack.height);
        break;
    case ACP_HOOK_REPLACE_OBJECT:
        k_u(b, "part", h->p.replace.part);
        k_id(b, "gfx_id", h->p.replace.gfx_id);
        break;
    case ACP_HOOK_TRANSPARENT_PART:
    case ACP_HOOK_LUMINOUS_PART:
    case ACP_HOOK_DIFFUSE_PART:
    case ACP_HOOK_LUMINOUS:
    case ACP_HOOK_DIFFUSE:
    case ACP_HOOK_TRANSPARENT:
        k_id(b, "part", h->p.fade.part);
        k_f(b, "start", h->p.fade.start);
        k_f(b, "end", h->p.fade.end);
        k_f(b, "time", h->p.fade.time);
        break;
    case ACP_HOOK_SCALE:
        k_f(b, "end", h->p.scale.end);
        k_f(b, "time", h->p.scale.time);
        break;
    case ACP_HOOK_CREATE_PARTICLE:
    case ACP_HOOK_CREATE_BLOCKING_PARTICLE:
        k_id(b, "info_id", h->p.particle.info_id);
        k_u(b, "part", h->p.particle.part);
        key(b, "offset");
        v_frame(b, &h->p.particle.offset);
        k_u(b, "emitter_id", h->p.particle.emitter_id);
        break;
    case ACP_HOOK_CALL_PES:
        k_id(b, "script_id", h->p.call_pes.script_id);
        k_f(b, "pause", h->p.call_pes.pause);
        break;
    case ACP_HOOK_SOUND_TWEAKED:
        k_id(b, "sound_id", h->p.sound_tweaked.sound_id);
        k_f(b, "probability", h->p.sound_tweaked.probability);
        k_f(b, "priority", h->p.sound_tweaked.priority);
        k_f(b, "volume", h->p.sound_tweaked.volume);
        break;
    case ACP_HOOK_SET_OMEGA: k_vec3(b, "omega", h->p.omega); break;
    case ACP_HOOK_TEXTURE_VELOCITY:
    case ACP_HOOK_TEXTURE_VELOCITY_PART:
        k_id(b, "part", h->p.texture_velocity.part);
        k_f(b, "u", h->p.texture_velocity.u);
        k_f(b, "v", h->p.texture_velocity.v);
        break;
    default: break;
    }
    end_obj(b);
}

static void v_anim_frame(jb *b, const acp_anim_frame *f, uint32_t num_parts)
{
    obj(b);
    key(b, "parts");
    arr(b);
    for (uint32_t i = 0; i < num_parts; i++) v_frame(b, &f->parts[i]);
    end_arr(b);
    key(b, "hooks");
    arr(b);
    for (uint32_t i = 0; i < f->num_hooks; i++) v_hook(b, &f->hooks[i]);
    end_arr(b);
    end_obj(b);
}

static void v_location(jb *b, const acp_location *l)
{
    obj(b);
    k_u(b, "key", l->key);
    k_id(b, "part_id", l->part_id);
    key(b, "frame");
    v_frame(b, &l->frame);
    end_obj(b);
}

static void setup_json(jb *b, const acp_setup *s)
{
    k_u(b, "flags", s->flags);
    k_u(b, "num_parts", s->num_parts);
    key(b, "parts");
    arr(b);
    for (uint32_t i = 0; i < s->num_parts; i++) v_id(b, s->parts[i]);
    end_arr(b);
    key(b, "parent_index");
    if (s->parent_index) {
        arr(b);
        for (uint32_t i = 0; i < s->num_parts; i++) v_i(b, (int32_t)s->parent_index[i]);
        end_arr(b);
    } else {
        v_null(b);
    }
    key(b, "default_scale");
    if (s->default_scale) {
        arr(b);
        for (uint32_t i = 0; i < s->num_parts; i++) v_vec3(b, s->default_scale[i]);
        end_arr(b);
    } else {
        v_null(b);
    }
    key(b, "holding_locations");
    arr(b);
    for (uint32_t i = 0; i < s->num_holding_locations; i++) v_location(b, &s->holding_locations[i]);
    end_arr(b);
    key(b, "connection_points");
    arr(b);
    for (uint32_t i = 0; i < s->num_connection_points; i++) v_location(b, &s->connection_points[i]);
    end_arr(b);
    key(b, "placements");
    arr(b);
    for (uint32_t i = 0; i < s->num_placements; i++) {
        obj(b);
        k_u(b, "key", s->placements[i].key);
        key(b, "frame");
        v_anim_frame(b, &s->placements[i].frame, s->num_parts);
        end_obj(b);
    }
    end_arr(b);
    key(b, "cylspheres");
    arr(b);
    for (uint32_t i = 0; i < s->num_cylspheres; i++) {
        obj(b);
        k_vec3(b, "low_pt", s->cylspheres[i].low_pt);
        k_f(b, "radius", s->cylspheres[i].radius);
        k_f(b, "height", s->cylspheres[i].height);
        end_obj(b);
    }
    end_arr(b);
    key(b, "spheres");
    arr(b);
    for (uint32_t i = 0; i < s->num_spheres; i++) v_sphere(b, &s->spheres[i]);
    end_arr(b);
    k_f(b, "height", s->height);
    k_f(b, "radius", s->radius);
    k_f(b, "step_up_height", s->step_up_height);
    k_f(b, "step_down_height", s->step_down_height);
    key(b, "sorting_sphere");
    v_sphere(b, &s->sorting_sphere);
    key(b, "selection_sphere");
    v_sphere(b, &s->selection_sphere);
    key(b, "lights");
    arr(b);
    for (uint32_t i = 0; i < s->num_lights; i++) {
        const acp_light *l = &s->lights[i];
        obj(b);
        k_u(b, "key", l->key);
        key(b, "frame");
        v_frame(b, &l->frame);
        k_id(b, "color", l->color);
        k_f(b, "intensity", l->intensity);
        k_f(b, "falloff", l->falloff);
        k_f(b, "cone_angle", l->cone_angle);
        end_obj(b);
    }
    end_arr(b);
    k_id(b, "default_animation", s->default_animation);
    k_id(b, "default_script", s->default_script);
    k_id(b, "default_motion_table", s->default_motion_table);
    k_id(b, "default_sound_table", s->default_sound_table);
    k_id(b, "default_script_table", s->default_script_table);
}

static void animation_json(jb *b, const acp_animation *a)
{
    k_u(b, "flags", a->flags);
    k_u(b, "num_parts", a->num_parts);
    k_u(b, "num_frames", a->num_frames);
    key(b, "pos_frames");
    if (a->pos_frames) {
        arr(b);
        for (uint32_t i = 0; i < a->num_frames; i++) v_frame(b, &a->pos_frames[i]);
        end_arr(b);
    } else {
        v_null(b);
    }
    key(b, "part_frames");
    arr(b);
    for (uint32_t i = 0; i < a->num_frames; i++) v_anim_frame(b, &a->part_frames[i], a->num_parts);
    end_arr(b);
}

static void v_motion_entry(jb *b, const acp_motion_entry *e)
{
    obj(b);
    k_id(b, "key", e->key);
    k_u(b, "num_anims", e->data.num_anims);
    k_u(b, "bitfield", e->data.bitfield);
    k_u(b, "flags", e->data.flags);
    key(b, "anims");
    arr(b);
    for (uint32_t i = 0; i < e->data.num_anims; i++) {
        const acp_anim_data *d = &e->data.anims[i];
        obj(b);
        k_id(b, "anim_id", d->anim_id);
        key(b, "low_frame");
        v_i(b, d->low_frame);
        key(b, "high_frame");
        v_i(b, d->high_frame);
        k_f(b, "framerate", d->framerate);
        end_obj(b);
    }
    end_arr(b);
    k_vec3(b, "velocity", e->data.velocity);
    k_vec3(b, "omega", e->data.omega);
    end_obj(b);
}

static void motion_entries(jb *b, const char *k, const acp_motion_entry *e, uint32_t n)
{
    key(b, k);
    arr(b);
    for (uint32_t i = 0; i < n; i++) v_motion_entry(b, &e[i]);
    end_arr(b);
}

static void motion_table_json(jb *b, const acp_motion_table *t)
{
    k_id(b, "default_style", t->default_style);
    key(b, "style_defaults");
    arr(b);
    for (uint32_t i = 0; i < t->num_style_defaults; i++) {
        obj(b);
        k_id(b, "style", t->style_defaults[i].style);
        k_id(b, "substate", t->style_defaults[i].substate);
        end_obj(b);
    }
    end_arr(b);
    motion_entries(b, "cycles", t->cycles, t->num_cycles);
    motion_entries(b, "modifiers", t->modifiers, t->num_modifiers);
    key(b, "links");
    arr(b);
    for (uint32_t i = 0; i < t->num_links; i++) {
        obj(b);
        k_id(b, "key", t->links[i].key);
        motion_entries(b, "entries", t->links[i].entries, t->links[i].num_entries);
        end_obj(b);
    }
    end_arr(b);
}

static void landblock_json(jb *b, const acp_landblock *lb, const acp_region *region)
{
    k_u(b, "has_objects", lb->has_objects);
    key(b, "terrain");
    arr(b);
    for (int i = 0; i < 81; i++) v_u(b, lb->terrain[i]);
    end_arr(b);
    key(b, "height");
    arr(b);
    for (int i = 0; i < 81; i++) v_u(b, lb->height[i]);
    end_arr(b);
    if (region) {
        key(b, "z");
        arr(b);
        for (int i = 0; i < 81; i++) v_f(b, region->land_height_table[lb->height[i]]);
        end_arr(b);
    }
}

/* A string of arbitrary bytes: printable ASCII as is, the rest as \u00XX. */
static void v_bytes_str(jb *b, const char *s, uint32_t n)
{
    sep(b);
    raw(b, "\"", 1);
    for (uint32_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c < 0x7F && c != '"' && c != '\\') raw(b, (const char *)&s[i], 1);
        else fmt(b, "\\u%04x", c);
    }
    raw(b, "\"", 1);
    b->comma = true;
}

static void region_json(jb *b, const acp_region *g)
{
    k_u(b, "region_number", g->region_number);
    k_u(b, "version", g->version);
    key(b, "name");
    v_bytes_str(b, g->name ? g->name : "", g->name ? g->name_length : 0);
    const acp_land_defs *d = &g->land_defs;
    key(b, "land_defs");
    obj(b);
    key(b, "num_block_length");
    v_i(b, d->num_block_length);
    key(b, "num_block_width");
    v_i(b, d->num_block_width);
    k_f(b, "square_length", d->square_length);
    key(b, "lblock_length");
    v_i(b, d->lblock_length);
    key(b, "vertex_per_cell");
    v_i(b, d->vertex_per_cell);
    k_f(b, "max_obj_height", d->max_obj_height);
    k_f(b, "sky_height", d->sky_height);
    k_f(b, "road_width", d->road_width);
    end_obj(b);
    key(b, "land_height_table");
    arr(b);
    for (int i = 0; i < 256; i++) v_f(b, g->land_height_table[i]);
    end_arr(b);
    /* The scene tables (issue 34): each scene type's sound-table index (null: none) and Scenes;
     * each terrain type's scene types as indices into scene_types (null: none). */
    k_u(b, "parts_mask", g->parts_mask);
    key(b, "scene_types");
    arr(b);
    for (uint32_t i = 0; i < g->num_scene_types; i++) {
        const acp_scene_type *t = &g->scene_types[i];
        obj(b);
        key(b, "stb_index");
        if (t->stb_index == 0xFFFFFFFFu) v_null(b);
        else v_u(b, t->stb_index);
        key(b, "scenes");
        arr(b);
        for (uint32_t k = 0; k < t->num_scenes; k++) v_id(b, t->scenes[k]);
        end_arr(b);
        end_obj(b);
    }
    end_arr(b);
    key(b, "terrain_types");
    arr(b);
    for (uint32_t i = 0; i < g->num_terrain_types; i++) {
        const acp_terrain_type *t = &g->terrain_types[i];
        arr(b);
        for (uint32_t k = 0; k < t->num_scene_types; k++) {
            if (t->scene_types[k]) v_u(b, (uint32_t)(t->scene_types[k] - g->scene_types));
            else v_null(b);
        }
        end_arr(b);
    }
    end_arr(b);
    k_u(b, "raw_size", g->raw_size);
}

static void k_i(jb *b, const char *k, int32_t v) { key(b, k); v_i(b, v); }

static void v_polygon(jb *b, const acp_gfx_polygon *p)
{
    obj(b);
    k_u(b, "poly_id", p->poly_id);
    k_u(b, "stippling", p->stippling);
    k_i(b, "sides_type", p->sides_type);
    k_i(b, "pos_surface", p->pos_surface);
    k_i(b, "neg_surface", p->neg_surface);
    key(b, "vertex_ids");
    arr(b);
    for (uint32_t i = 0; i < p->num_pts; i++) v_u(b, p->vertex_ids[i]);
    end_arr(b);
    end_obj(b);
}

static void v_u16s(jb *b, const char *k, const uint16_t *v, uint32_t n)
{
    key(b, k);
    arr(b);
    for (uint32_t i = 0; i < n; i++) v_u(b, v[i]);
    end_arr(b);
}

/* A BSP node and its children, nested; fields by node type as bsp.c reads them. */
static void v_bsp(jb *b, const acp_bsp_node *n)
{
    if (!n) {
        v_null(b);
        return;
    }
    obj(b);
    key(b, "type");
    char fourcc[5] = {(char)(n->type >> 24), (char)(n->type >> 16), (char)(n->type >> 8), (char)n->type, 0};
    v_bytes_str(b, fourcc, 4);
    if (n->type == ACP_BSP_LEAF) {
        k_u(b, "leaf_index", n->leaf_index);
        k_u(b, "solid", n->solid);
    } else {
        key(b, "plane");
        arr(b);
        v_f(b, n->plane_n.x);
        v_f(b, n->plane_n.y);
        v_f(b, n->plane_n.z);
        v_f(b, n->plane_d);
        end_arr(b);
        key(b, "pos");
        v_bsp(b, n->pos);
        key(b, "neg");
        v_bsp(b, n->neg);
    }
    key(b, "sphere");
    v_sphere(b, &n->sphere);
    v_u16s(b, "polys", n->polys, n->num_polys);
    key(b, "portals");
    arr(b);
    for (uint32_t i = 0; i < n->num_portals; i++) {
        arr(b);
        v_u(b, n->portals[i].polygon);
        v_u(b, n->portals[i].portal_index);
        end_arr(b);
    }
    end_arr(b);
    end_obj(b);
}

static void v_polygons(jb *b, const char *k, const acp_gfx_polygon *p, uint32_t n)
{
    key(b, k);
    arr(b);
    for (uint32_t i = 0; i < n; i++) v_polygon(b, &p[i]);
    end_arr(b);
}

static void v_vertex_array(jb *b, const acp_vertex_array *va)
{
    k_u(b, "vertex_type", va->type);
    key(b, "vertices");
    arr(b);
    for (uint32_t i = 0; i < va->num_vertices; i++) {
        const acp_gfx_vertex *v = &va->vertices[i];
        obj(b);
        k_u(b, "id", v->id);
        k_u(b, "num_uvs", v->num_uvs);
        k_vec3(b, "origin", v->origin);
        k_vec3(b, "normal", v->normal);
        end_obj(b);
    }
    end_arr(b);
}

static void gfxobj_json(jb *b, const acp_gfxobj *g)
{
    k_u(b, "flags", g->flags);
    key(b, "surfaces");
    arr(b);
    for (uint32_t i = 0; i < g->num_surfaces; i++) v_id(b, g->surfaces[i]);
    end_arr(b);
    v_vertex_array(b, &g->vertex_array);
    v_polygons(b, "physics_polygons", g->physics_polygons, g->num_physics_polygons);
    key(b, "physics_bsp");
    v_bsp(b, g->physics_bsp);
    k_vec3(b, "sort_center", g->sort_center);
    v_polygons(b, "polygons", g->polygons, g->num_polygons);
    key(b, "drawing_bsp");
    v_bsp(b, g->drawing_bsp);
    k_id(b, "degrade_id", g->degrade_id);
}

static void v_stabs(jb *b, const char *k, const acp_stab *s, uint32_t n)
{
    key(b, k);
    arr(b);
    for (uint32_t i = 0; i < n; i++) {
        obj(b);
        k_id(b, "id", s[i].id);
        key(b, "frame");
        v_frame(b, &s[i].frame);
        end_obj(b);
    }
    end_arr(b);
}

static void v_ids(jb *b, const char *k, const uint32_t *v, uint32_t n)
{
    key(b, k);
    arr(b);
    for (uint32_t i = 0; i < n; i++) v_id(b, v[i]);
    end_arr(b);
}

static void environment_json(jb *b, const acp_environment *e)
{
    key(b, "cell_structs");
    arr(b);
    for (uint32_t i = 0; i < e->num_cell_structs; i++) {
        const acp_cell_struct *c = &e->cell_structs[i];
        obj(b);
        k_u(b, "id", c->id);
        v_vertex_array(b, &c->vertex_array);
        v_polygons(b, "polygons", c->polygons, c->num_polygons);
        v_u16s(b, "portals", c->portals, c->num_portals);
        key(b, "cell_bsp");
        v_bsp(b, c->cell_bsp);
        v_polygons(b, "physics_polygons", c->physics_polygons, c->num_physics_polygons);
        key(b, "physics_bsp");
        v_bsp(b, c->physics_bsp);
        key(b, "drawing_bsp");
        v_bsp(b, c->drawing_bsp);
        end_obj(b);
    }
    end_arr(b);
}

static void envcell_json(jb *b, const acp_envcell *c)
{
    k_u(b, "flags", c->flags);
    k_id(b, "cell_id", c->cell_id);
    v_ids(b, "surfaces", c->surfaces, c->num_surfaces);
    k_id(b, "environment_id", c->environment_id);
    k_u(b, "cell_struct", c->cell_struct);
    key(b, "position");
    v_frame(b, &c->position);
    key(b, "portals");
    arr(b);
    for (uint32_t i = 0; i < c->num_portals; i++) {
        const acp_cell_portal *p = &c->portals[i];
        obj(b);
        k_u(b, "flags", p->flags);
        k_u(b, "polygon", p->polygon);
        k_id(b, "other_cell_id", p->other_cell_id);
        k_u(b, "other_portal_id", p->other_portal_id);
        end_obj(b);
    }
    end_arr(b);
    v_ids(b, "visible_cells", c->visible_cells, c->num_visible_cells);
    v_stabs(b, "stabs", c->stabs, c->num_stabs);
    k_id(b, "restriction_obj", c->restriction_obj);
}

static void landblock_info_json(jb *b, const acp_landblock_info *lb)
{
    k_u(b, "num_cells", lb->num_cells);
    v_stabs(b, "objects", lb->objects, lb->num_objects);
    key(b, "buildings");
    arr(b);
    for (uint32_t i = 0; i < lb->num_buildings; i++) {
        const acp_building *bd = &lb->buildings[i];
        obj(b);
        k_id(b, "model_id", bd->model_id);
        key(b, "frame");
        v_frame(b, &bd->frame);
        k_u(b, "num_leaves", bd->num_leaves);
        key(b, "portals");
        arr(b);
        for (uint32_t j = 0; j < bd->num_portals; j++) {
            const acp_bld_portal *p = &bd->portals[j];
            obj(b);
            k_u(b, "flags", p->flags);
            k_id(b, "other_cell_id", p->other_cell_id);
            k_u(b, "other_portal_id", p->other_portal_id);
            v_ids(b, "stabs", p->stabs, p->num_stabs);
            end_obj(b);
        }
        end_arr(b);
        end_obj(b);
    }
    end_arr(b);
    k_u(b, "pack_mask", lb->pack_mask);
    k_u(b, "restriction_table_size", lb->restriction_table_size);
    key(b, "restrictions");
    arr(b);
    for (uint32_t i = 0; i < lb->num_restrictions; i++) {
        arr(b);
        v_id(b, lb->restrictions[i].cell_id);
        v_id(b, lb->restrictions[i].object_id);
        end_arr(b);
    }
    end_arr(b);
}

static void k_d(jb *b, const char *k, double d)
{
    key(b, k);
    sep(b);
    fmt(b, "%.17g", d);
    b->comma = true;
}

static void particle_emitter_info_json(jb *b, const acp_particle_emitter_info *e)
{
    k_u(b, "unknown", e->unknown);
    k_i(b, "emitter_type", e->emitter_type);
    k_i(b, "particle_type", e->particle_type);
    k_id(b, "gfxobj_id", e->gfxobj_id);
    k_id(b, "hw_gfxobj_id", e->hw_gfxobj_id);
    k_d(b, "birthrate", e->birthrate);
    k_i(b, "max_particles", e->max_particles);
    k_i(b, "initial_particles", e->initial_particles);
    k_i(b, "total_particles", e->total_particles);
    k_d(b, "total_seconds", e->total_seconds);
    k_d(b, "lifespan", e->lifespan);
    k_d(b, "lifespan_rand", e->lifespan_rand);
    k_vec3(b, "offset_dir", e->offset_dir);
    k_f(b, "min_offset", e->min_offset);
    k_f(b, "max_offset", e->max_offset);
    k_vec3(b, "a", e->a);
    k_f(b, "min_a", e->min_a);
    k_f(b, "max_a", e->max_a);
    k_vec3(b, "b", e->b);
    k_f(b, "min_b", e->min_b);
    k_f(b, "max_b", e->max_b);
    k_vec3(b, "c", e->c);
    k_f(b, "min_c", e->min_c);
    k_f(b, "max_c", e->max_c);
    k_f(b, "start_scale", e->start_scale);
    k_f(b, "final_scale", e->final_scale);
    k_f(b, "scale_rand", e->scale_rand);
    k_f(b, "start_trans", e->start_trans);
    k_f(b, "final_trans", e->final_trans);
    k_f(b, "trans_rand", e->trans_rand);
    k_i(b, "is_parent_local", e->is_parent_local);
    k_f(b, "sorting_radius", e->sorting_radius);
}

static void physics_script_json(jb *b, const acp_physics_script *s)
{
    k_d(b, "length", s->length);
    key(b, "hooks");
    arr(b);
    for (uint32_t i = 0; i < s->num_hooks; i++) {
        obj(b);
        k_d(b, "start_time", s->hooks[i].start_time);
        key(b, "hook");
        v_hook(b, &s->hooks[i].hook);
        end_obj(b);
    }
    end_arr(b);
}

static void scene_json(jb *b, const acp_scene *s)
{
    key(b, "objects");
    arr(b);
    for (uint32_t i = 0; i < s->num_objects; i++) {
        const acp_object_desc *o = &s->objects[i];
        obj(b);
        k_id(b, "obj_id", o->obj_id);
        key(b, "base_loc");
        v_frame(b, &o->base_loc);
        k_f(b, "freq", o->freq);
        k_f(b, "displace_x", o->displace_x);
        k_f(b, "displace_y", o->displace_y);
        k_f(b, "min_scale", o->min_scale);
        k_f(b, "max_scale", o->max_scale);
        k_f(b, "max_rot", o->max_rot);
        k_f(b, "min_slope", o->min_slope);
        k_f(b, "max_slope", o->max_slope);
        k_u(b, "align", o->align);
        k_u(b, "orient", o->orient);
        k_u(b, "weenie_obj", o->weenie_obj);
        end_obj(b);
    }
    end_arr(b);
}

static void physics_script_table_json(jb *b, const acp_physics_script_table *t)
{
    key(b, "types");
    arr(b);
    for (uint32_t i = 0; i < t->num_types; i++) {
        const acp_script_type_entry *e = &t->types[i];
        obj(b);
        k_u(b, "type", e->key);
        key(b, "scripts");
        arr(b);
        for (uint32_t k = 0; k < e->num_scripts; k++) {
            obj(b);
            k_f(b, "mod", e->scripts[k].mod);
            k_id(b, "script_id", e->scripts[k].script_id);
            end_obj(b);
        }
        end_arr(b);
        end_obj(b);
    }
    end_arr(b);
}

char *acp_dat_record_json(const acp_dat_record *rec, const acp_region *region, size_t *len)
{
    jb b;
    memset(&b, 0, sizeof b);
    obj(&b);
    k_id(&b, "id", rec->id);
    key(&b, "type");
    v_str(&b, acp_dat_type_name(rec->type));
    switch (rec->type) {
    case ACP_DAT_TYPE_SETUP: setup_json(&b, rec->as.setup); break;
    case ACP_DAT_TYPE_ANIMATION: animation_json(&b, rec->as.animation); break;
    case ACP_DAT_TYPE_MOTION_TABLE: motion_table_json(&b, rec->as.motion_table); break;
    case ACP_DAT_TYPE_LANDBLOCK: landblock_json(&b, rec->as.landblock, region); break;
    case ACP_DAT_TYPE_REGION: region_json(&b, rec->as.region); break;
    case ACP_DAT_TYPE_GFXOBJ: gfxobj_json(&b, rec->as.gfxobj); break;
    case ACP_DAT_TYPE_ENVIRONMENT: environment_json(&b, rec->as.environment); break;
    case ACP_DAT_TYPE_ENVCELL: envcell_json(&b, rec->as.envcell); break;
    case ACP_DAT_TYPE_LANDBLOCK_INFO: landblock_info_json(&b, rec->as.landblock_info); break;
    case ACP_DAT_TYPE_PARTICLE_EMITTER_INFO: particle_emitter_info_json(&b, rec->as.particle_emitter_info); break;
    case ACP_DAT_TYPE_PHYSICS_SCRIPT: physics_script_json(&b, rec->as.physics_script); break;
    case ACP_DAT_TYPE_PHYSICS_SCRIPT_TABLE: physics_script_table_json(&b, rec->as.physics_script_table); break;
    case ACP_DAT_TYPE_SCENE: scene_json(&b, rec->as.scene); break;
    default: break;
    }
    end_obj(&b);
    if (b.oom) {
        free(b.buf);
        return NULL;
    }
    if (len) *len = b.len;
    return b.buf;
}
