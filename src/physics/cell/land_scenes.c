/* acphys — the scenery a world makes for a landblock. See land_scenes.h. */
#include "land_scenes.h"

#include <math.h>

#include "dat/dat.h"
#include "physics/object/partarray.h"
#include "physics/object/physobj_block.h"
#include "physics/object/physobj_cell.h"
#include "physics/world/physics.h"
#include "scene.h"

static const acp_scene *scene_from(void *ctx, uint32_t id) { return acp_datset_scene((const acp_datset *)ctx, id); }

typedef struct counter {
    const acp_datset *dats;
    uint32_t n;
} counter;

static const acp_scene *count_lookup(void *ctx, uint32_t id) { return scene_from((void *)((counter *)ctx)->dats, id); }
static void count_one(void *ctx, const acp_scene_placement *p)
{
    (void)p;
    ((counter *)ctx)->n++;
}

uint32_t acp_land_scenes_count(const acp_landblock_struct *b, const acp_region *region, const acp_datset *dats)
{
    if (!region || !dats) return 0;
    counter c = {dats, 0};
    acp_landblock_get_land_scenes(b, region, count_lookup, count_one, &c);
    return c.n;
}

typedef struct maker {
    acp_world *w;
    const acp_landblock_struct *b;
} maker;

static const acp_scene *make_lookup(void *ctx, uint32_t id) { return scene_from((void *)((maker *)ctx)->w->dats, id); }

static void make_one(void *ctx, const acp_scene_placement *p)
{
    maker *m = ctx;
    acp_physobj *obj = acp_world_make_static_object(m->w, p->obj_id);
    if (!obj) return;
    obj->position.frame = p->frame; /* set_initial_frame (the parts follow in add_obj_to_cell) */
    const acp_landcell *cell = acp_landblock_struct_get_landcell(m->b, p->cell_id);
    if (!cell || !acp_physobj_obj_within_block(obj) || m->w->num_block_statics >= m->w->cap_block_statics) {
        acp_world_release_static_object(m->w, obj);
        return;
    }
    acp_physobj_add_obj_to_cell(obj, cell, &p->frame);
    acp_physobj_set_scale(obj, p->scale, 0.0); /* SetScaleStatic */
    m->w->block_statics[m->w->num_block_statics++] = obj;
}

void acp_land_scenes_init(acp_world *w, const acp_landblock_struct *b, const acp_region *region)
{
    if (!w || !w->dats || !region) return;
    maker m = {w, b};
    acp_landblock_get_land_scenes(b, region, make_lookup, make_one, &m);
}

void acp_land_scenes_adjust_height(acp_physobj *const *statics, uint32_t first, uint32_t n)
{
    for (uint32_t i = first; i < n; i++) {
        acp_physobj *obj = statics[i];
        if (!obj || !obj->cell) continue;
        acp_frame frame = obj->position.frame;
        acp_vec3 v = frame.origin;
        const acp_polygon *walkable = NULL;
        if (!acp_landcell_find_terrain_poly(obj->cell, v, &walkable)) continue;
        const acp_plane *p = &walkable->plane;
        if (fabs((double)p->n.z) > ACP_F_EPSILON)
            v.z = (float)(-(((double)v.y * p->n.y + (double)v.x * p->n.x + p->d) / p->n.z));
        if (!(fabs((double)v.z - frame.origin.z) > ACP_F_EPSILON)) continue;
        frame.origin = v;
        obj->position.frame = frame; /* set_initial_frame */
        if (!(obj->state & ACP_PARTICLE_EMITTER_PS) && obj->part_array) acp_partarray_set_frame(obj->part_array, &obj->position.frame);
    }
}
