/* acphys — synthetic DAT records for tests. See recfixture.h. */
#include "recfixture.h"

#include <stdlib.h>
#include <string.h>

#define FIXTURE_MAX_RECORDS 64

struct acp_fixture {
    uint32_t num_animations, num_tables, num_setups;
    acp_animation *animations[FIXTURE_MAX_RECORDS];
    acp_motion_table *tables[FIXTURE_MAX_RECORDS];
    acp_setup *setups[FIXTURE_MAX_RECORDS];
    acp_record_array array;          /* the source's view of the records */
};

acp_fixture *acp_fixture_create(void)
{
    acp_fixture *fx = calloc(1, sizeof *fx);
    if (!fx) return NULL;
    fx->array.animations = (const acp_animation *const *)fx->animations;
    fx->array.motion_tables = (const acp_motion_table *const *)fx->tables;
    return fx;
}

acp_record_source acp_fixture_source(const acp_fixture *fx) { return acp_record_array_source(&fx->array); }

/* ---- freeing ---- */

static void free_animation(acp_animation *a)
{
    if (!a) return;
    for (uint32_t i = 0; i < a->num_frames; i++) {
        free(a->part_frames[i].parts);
        free(a->part_frames[i].hooks);
    }
    free(a->part_frames);
    free(a->pos_frames);
    free(a);
}

static void free_entries(acp_motion_entry *e, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) free(e[i].data.anims);
    free(e);
}

static void free_table(acp_motion_table *mt)
{
    if (!mt) return;
    free(mt->style_defaults);
    free_entries(mt->cycles, mt->num_cycles);
    free_entries(mt->modifiers, mt->num_modifiers);
    for (uint32_t i = 0; i < mt->num_links; i++) free_entries(mt->links[i].entries, mt->links[i].num_entries);
    free(mt->links);
    free(mt);
}

static void free_setup(acp_setup *s)
{
    if (!s) return;
    for (uint32_t i = 0; i < s->num_placements; i++) free(s->placements[i].frame.parts);
    free(s->placements);
    free(s->parts);
    free(s->spheres);
    free(s);
}

void acp_fixture_destroy(acp_fixture *fx)
{
    if (!fx) return;
    for (uint32_t i = 0; i < fx->num_animations; i++) free_animation(fx->animations[i]);
    for (uint32_t i = 0; i < fx->num_tables; i++) free_table(fx->tables[i]);
    for (uint32_t i = 0; i < fx->num_setups; i++) free_setup(fx->setups[i]);
    free(fx);
}

/* ---- sorted arrays: every element starts with its uint32 key ---- */

/* The index of `key` in a sorted array, or where it would go (*found false). */
static uint32_t sorted_find(const void *base, uint32_t n, size_t size, uint32_t key, bool *found)
{
    const unsigned char *b = base;
    uint32_t i = 0;
    for (; i < n; i++) {
        uint32_t k;
        memcpy(&k, b + (size_t)i * size, sizeof k);
        if (k >= key) {
            *found = k == key;
            return i;
        }
    }
    *found = false;
    return i;
}

/* Insert a zeroed element with `key` at its place; returns it, or NULL when out of memory. */
static void *sorted_insert(void **base, uint32_t *n, size_t size, uint32_t key)
{
    bool found;
    uint32_t at = sorted_find(*base, *n, size, key, &found);
    unsigned char *b = *base;
    if (found) return b + (size_t)at * size;
    b = realloc(b, (size_t)(*n + 1) * size);
    if (!b) return NULL;
    memmove(b + (size_t)(at + 1) * size, b + (size_t)at * size, (size_t)(*n - at) * size);
    memset(b + (size_t)at * size, 0, size);
    memcpy(b + (size_t)at * size, &key, sizeof key);
    *base = b;
    (*n)++;
    return b + (size_t)at * size;
}

/* ---- animations ---- */

static acp_aframe identity_aframe(void)
{
    acp_aframe f = {{0.0f, 0.0f, 0.0f}, 1.0f, 0.0f, 0.0f, 0.0f};
    return f;
}

static bool fill_part_frames(acp_animation *a)
{
    a->part_frames = calloc(a->num_frames ? a->num_frames : 1, sizeof *a->part_frames);
    if (!a->part_frames) return false;
    for (uint32_t i = 0; i < a->num_frames; i++) {
        a->part_frames[i].parts = calloc(a->num_parts ? a->num_parts : 1, sizeof(acp_aframe));
        if (!a->part_frames[i].parts) return false;
        for (uint32_t p = 0; p < a->num_parts; p++) a->part_frames[i].parts[p] = identity_aframe();
    }
    return true;
}

acp_animation *acp_fixture_animation(acp_fixture *fx, uint32_t id, uint32_t num_frames, uint32_t num_parts,
                                     const acp_aframe *pos_frames)
{
    if (fx->num_animations >= FIXTURE_MAX_RECORDS) return NULL;
    acp_animation *a = calloc(1, sizeof *a);
    if (!a) return NULL;
    a->id = id;
    a->num_frames = num_frames;
    a->num_parts = num_parts;
    fx->animations[fx->num_animations++] = a;
    fx->array.num_animations = fx->num_animations;
    if (!fill_part_frames(a)) return NULL;
    if (!pos_frames) return a;
    a->flags |= 1;
    a->pos_frames = malloc((num_frames ? num_frames : 1) * sizeof *a->pos_frames);
    if (!a->pos_frames) return NULL;
    memcpy(a->pos_frames, pos_frames, num_frames * sizeof *pos_frames);
    return a;
}

bool acp_fixture_animation_hook(acp_animation *anim, uint32_t frame, const acp_anim_hook *hook)
{
    if (frame >= anim->num_frames) return false;
    acp_anim_frame *f = &anim->part_frames[frame];
    acp_anim_hook *h = realloc(f->hooks, (f->num_hooks + 1) * sizeof *h);
    if (!h) return false;
    h[f->num_hooks++] = *hook;
    f->hooks = h;
    anim->flags |= 2;
    return true;
}

/* ---- motion tables ---- */

acp_motion_table *acp_fixture_motion_table(acp_fixture *fx, uint32_t id, uint32_t default_style)
{
    if (fx->num_tables >= FIXTURE_MAX_RECORDS) return NULL;
    acp_motion_table *mt = calloc(1, sizeof *mt);
    if (!mt) return NULL;
    mt->id = id;
    mt->default_style = default_style;
    fx->tables[fx->num_tables++] = mt;
    fx->array.num_motion_tables = fx->num_tables;
    return mt;
}

bool acp_fixture_style_default(acp_motion_table *mt, uint32_t style, uint32_t substate)
{
    acp_style_default *d = sorted_insert((void **)&mt->style_defaults, &mt->num_style_defaults, sizeof *d, style);
    if (!d) return false;
    d->substate = substate;
    return true;
}

acp_motion_data *acp_fixture_motion(acp_motion_table *mt, acp_fixture_map map, uint32_t outer_key, uint32_t key)
{
    acp_motion_entry *e = NULL;
    if (map == ACP_FIXTURE_CYCLE) {
        e = sorted_insert((void **)&mt->cycles, &mt->num_cycles, sizeof *e, key);
    } else if (map == ACP_FIXTURE_MODIFIER) {
        e = sorted_insert((void **)&mt->modifiers, &mt->num_modifiers, sizeof *e, key);
    } else {
        acp_motion_link_map *m = sorted_insert((void **)&mt->links, &mt->num_links, sizeof *m, outer_key);
        if (m) e = sorted_insert((void **)&m->entries, &m->num_entries, sizeof *e, key);
    }
    return e ? &e->data : NULL;
}

bool acp_fixture_motion_anim(acp_motion_data *md, uint32_t anim_id, int32_t low, int32_t high, float framerate)
{
    if (md->num_anims == UINT8_MAX) return false;
    acp_anim_data *a = realloc(md->anims, (md->num_anims + 1u) * sizeof *a);
    if (!a) return false;
    a[md->num_anims++] = (acp_anim_data){anim_id, low, high, framerate};
    md->anims = a;
    return true;
}

/* ---- Setups ---- */

acp_setup *acp_fixture_setup(acp_fixture *fx, uint32_t id, uint32_t num_parts, const acp_sphere *spheres,
                             uint32_t num_spheres)
{
    if (fx->num_setups >= FIXTURE_MAX_RECORDS) return NULL;
    acp_setup *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    fx->setups[fx->num_setups++] = s;
    s->id = id;
    s->num_parts = num_parts;
    s->parts = calloc(num_parts ? num_parts : 1, sizeof *s->parts);
    s->spheres = calloc(num_spheres ? num_spheres : 1, sizeof *s->spheres);
    if (!s->parts || !s->spheres) return NULL;
    for (uint32_t i = 0; i < num_parts; i++) s->parts[i] = 0x01000000u + i;
    if (num_spheres) memcpy(s->spheres, spheres, num_spheres * sizeof *spheres);
    s->num_spheres = num_spheres;
    return s;
}

bool acp_fixture_setup_placement(acp_setup *setup, uint32_t key, const acp_aframe *frames)
{
    acp_placement *p = sorted_insert((void **)&setup->placements, &setup->num_placements, sizeof *p, key);
    if (!p) return false;
    free(p->frame.parts);
    p->frame.parts = malloc((setup->num_parts ? setup->num_parts : 1) * sizeof(acp_aframe));
    if (!p->frame.parts) return false;
    if (setup->num_parts) memcpy(p->frame.parts, frames, setup->num_parts * sizeof(acp_aframe));
    return true;
}
