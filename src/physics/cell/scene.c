/* acphys — procedural scenery: ObjectDesc's members (retail PORTAL/region/Scene.c), the
 * region's scene lookups (PORTAL/cregion/CRegionDesc.c, CTerrainDesc.c) and
 * CLandBlock::get_land_scenes with CLandBlock::on_road (PORTAL/ccell/CLandBlock.c). See scene.h. */
#include "scene.h"

#include <math.h>
#include <stddef.h>

#include "physics/geometry/frame.h"
#include "physics/geometry/mathx.h"
#include "physics/geometry/position.h"

/* The float constant 2.3283064e-10 of retail's noise expressions: exactly 2^-32. */
#define NOISE_SCALE 0x1p-32

/* Road half width and its far edge: CLandBlock::on_road's 5.0 and 24.0 - 5.0. */
#define ROAD_MIN 5.0
#define ROAD_MAX 19.0f
#define CELL_LENGTH 24.0
#define BLOCK_LENGTH 192.0f            /* 24.0 * 8.0 (flt_844AEC) */

uint32_t acp_scene_noise(uint32_t x, uint32_t y, uint32_t k, uint32_t seed)
{
    return 1813693831u * y - (k + seed) * (1360117743u * y * x + 1888038839u) - 1109124029u * x;
}

static double unit(uint32_t n) { return (double)n * NOISE_SCALE; }

acp_vec3 acp_object_desc_place(const acp_object_desc *o, uint32_t x, uint32_t y, uint32_t k)
{
    acp_vec3 loc = o->base_loc.origin;
    float dx = loc.x;
    if (o->displace_x > 0.0f) dx = (float)(unit(acp_scene_noise(x, y, k, 45773u)) * o->displace_x + loc.x);
    double dy = loc.y;
    if (o->displace_y > 0.0f) dy = unit(acp_scene_noise(x, y, k, 72719u)) * o->displace_y + loc.y;
    double turn = unit(1813693831u * y - x * (1870387557u * y + 1109124029u) - 402451965u);
    if (turn < 0.25) {
        loc.y = (float)dy;
        loc.x = dx;
    } else if (turn < 0.5) {
        loc.x = (float)-dy;
        loc.y = dx;
    } else if (turn < 0.75) {
        loc.x = -dx;
        loc.y = (float)-dy;
    } else {
        loc.x = (float)dy;
        loc.y = -dx;
    }
    return loc;
}

double acp_object_desc_scale_obj(const acp_object_desc *o, uint32_t x, uint32_t y, uint32_t k)
{
    if (o->min_scale == o->max_scale) return o->max_scale;
    return acp_pow((double)o->max_scale / o->min_scale, unit(acp_scene_noise(x, y, k, 32593u))) * o->min_scale;
}

bool acp_object_desc_check_slope(const acp_object_desc *o, float z_val)
{
    return z_val >= (double)o->min_slope && z_val <= (double)o->max_slope;
}

/* Frame::operator= of the base frame (the record's AFrame, cached), then the origin. */
static acp_frame base_frame(const acp_object_desc *o, acp_vec3 loc)
{
    acp_frame f = acp_frame_identity();
    acp_frame_set_rotate(&f, o->base_loc.qw, o->base_loc.qx, o->base_loc.qy, o->base_loc.qz);
    f.origin = loc;
    return f;
}

acp_frame acp_object_desc_get_obj_frame(const acp_object_desc *o, uint32_t x, uint32_t y, uint32_t k, acp_vec3 loc)
{
    acp_frame f = base_frame(o, loc);
    if (o->max_rot > 0.0f) {
        float degrees = (float)(unit(acp_scene_noise(x, y, k, 63127u)) * o->max_rot);
        acp_frame_set_heading(&f, degrees);
    }
    return f;
}

acp_frame acp_object_desc_obj_align(const acp_object_desc *o, const acp_plane *plane, acp_vec3 loc)
{
    acp_frame f = base_frame(o, loc);
    acp_vec3 down = {-plane->n.x, -plane->n.y, -plane->n.z};
    acp_frame_set_heading(&f, (float)acp_vec3_get_heading(down));
    return f;
}

uint32_t acp_region_num_scene_type(const acp_region *r, uint32_t terrain_id)
{
    return terrain_id < r->num_terrain_types ? r->terrain_types[terrain_id].num_scene_types : 0;
}

static const acp_scene_type *scene_type(const acp_region *r, uint32_t terrain_id, uint32_t scene_type_id)
{
    if (terrain_id >= r->num_terrain_types) return NULL;
    const acp_terrain_type *t = &r->terrain_types[terrain_id];
    return scene_type_id < t->num_scene_types ? t->scene_types[scene_type_id] : NULL;
}

uint32_t acp_region_scene_count(const acp_region *r, uint32_t terrain_id, uint32_t scene_type_id)
{
    const acp_scene_type *s = scene_type(r, terrain_id, scene_type_id);
    return s ? s->num_scenes : 0;
}

uint32_t acp_region_get_scene(const acp_region *r, uint32_t terrain_id, uint32_t scene_type_id, uint32_t scene_index)
{
    const acp_scene_type *s = scene_type(r, terrain_id, scene_type_id);
    return s && scene_index < s->num_scenes ? s->scenes[scene_index] : 0;
}

/* The road bits of vertex (x, y). */
static bool road(const acp_landblock_struct *b, int x, int y) { return (b->terrain[x * 9 + y] & 3u) != 0; }

bool acp_landblock_on_road(const acp_landblock_struct *b, acp_vec3 loc)
{
    int x = (int)acp_x87_int64_low32(floor(loc.x / CELL_LENGTH));
    int y = (int)acp_x87_int64_low32(floor(loc.y / CELL_LENGTH));
    if (x < 0 || y < 0 || x > 7 || y > 7) return false; /* the caller keeps loc in [0, 192) */
    bool r0 = road(b, x, y), r1 = road(b, x, y + 1), r2 = road(b, x + 1, y), r3 = road(b, x + 1, y + 1);
    if (!r0 && !r1 && !r2 && !r3) return false;
    double dx = loc.x - (double)x * CELL_LENGTH;    /* kept on the FPU stack */
    float dy = (float)(loc.y - (double)y * CELL_LENGTH); /* stored */
    if (r0) {
        if (r1) {
            if (r2) return r3 || dx < ROAD_MIN || dy < ROAD_MIN;
            return r3 ? dx < ROAD_MIN || dy > ROAD_MAX : dx < ROAD_MIN;
        }
        if (r2) return r3 ? dx > ROAD_MAX || dy < ROAD_MIN : dy < ROAD_MIN;
        return r3 ? fabs(dx - dy) < ROAD_MIN : dx + dy < ROAD_MIN;
    }
    if (r1) {
        if (r2) return r3 ? dx > ROAD_MAX || dy > ROAD_MAX : fabs(dx + dy - CELL_LENGTH) < ROAD_MIN;
        return r3 ? dy > ROAD_MAX : CELL_LENGTH + dx - dy < ROAD_MIN;
    }
    if (r2) return r3 ? dx > ROAD_MAX : CELL_LENGTH - dx + dy < ROAD_MIN;
    return CELL_LENGTH * 2.0 - dx - dy < ROAD_MIN; /* r3 alone */
}

/* The scene pick: Scene index of vertex (x, y) among `count` (retail's floor of the noise times
 * the count, (unsigned __int64) cast, 0 when one Scene or when it reaches the count). */
static uint32_t pick_scene(uint32_t x, uint32_t y, uint32_t count)
{
    if (count == 1) return 0;
    uint32_t n = y * (712977289u * x + 1813693831u) - 1109124029u * x + 2139937281u;
    uint32_t i = acp_x87_int64_low32(floor(unit(n) * (double)count));
    return i >= count ? 0 : i;
}

/* One object of the vertex's Scene (the inner loop's body). */
static void place_object(const acp_landblock_struct *b, const acp_object_desc *o, uint32_t scene_id, uint32_t ix,
                         uint32_t iy, uint32_t x, uint32_t y, uint32_t k, acp_scene_place_fn place, void *ctx)
{
    if (!(unit(acp_scene_noise(x, y, k, 23399u)) < o->freq) || o->weenie_obj) return;
    acp_vec3 loc = acp_object_desc_place(o, x, y, k);
    loc.x = (float)((double)ix * CELL_LENGTH + loc.x);
    loc.y = (float)((double)iy * CELL_LENGTH + loc.y);
    if (!(loc.x >= 0.0f && loc.y >= 0.0f && loc.x < BLOCK_LENGTH && loc.y < BLOCK_LENGTH)) return;
    if (acp_landblock_on_road(b, loc)) return;
    uint32_t cell_id = acp_cell_outdoor_from_local(b->id, loc.x, loc.y);
    const acp_landcell *cell = acp_landblock_struct_get_landcell(b, cell_id);
    const acp_polygon *walkable = NULL;
    if (!cell || cell->building || !acp_landcell_find_terrain_poly(cell, loc, &walkable)) return;
    if (!acp_object_desc_check_slope(o, walkable->plane.n.z)) return;
    acp_plane_set_height(&walkable->plane, &loc);
    acp_scene_placement p;
    p.obj_id = o->obj_id;
    p.scene_id = scene_id;
    p.vertex = ix * 9 + iy;
    p.k = k;
    p.cell_id = cell_id;
    p.frame = o->align ? acp_object_desc_obj_align(o, &walkable->plane, loc) : acp_object_desc_get_obj_frame(o, x, y, k, loc);
    p.scale = (float)acp_object_desc_scale_obj(o, x, y, k);
    place(ctx, &p);
}

void acp_landblock_get_land_scenes(const acp_landblock_struct *b, const acp_region *region, acp_scene_lookup_fn lookup,
                                   acp_scene_place_fn place, void *ctx)
{
    if (!b || !region || !lookup || !place) return;
    uint32_t bx = acp_cell_block_x(b->id) * 8u, by = acp_cell_block_y(b->id) * 8u; /* block_coord */
    for (uint32_t ix = 0; ix < 9; ix++)
        for (uint32_t iy = 0; iy < 9; iy++) {
            uint32_t word = b->terrain[ix * 9 + iy];
            uint32_t terrain = (word >> 2) & 0x1Fu, scene_type_id = word >> 11;
            if (scene_type_id >= acp_region_num_scene_type(region, terrain)) continue;
            uint32_t count = acp_region_scene_count(region, terrain, scene_type_id);
            if (!count) continue;
            uint32_t x = ix + bx, y = iy + by;
            uint32_t scene_id = acp_region_get_scene(region, terrain, scene_type_id, pick_scene(x, y, count));
            const acp_scene *scene = scene_id ? lookup(ctx, scene_id) : NULL;
            for (uint32_t k = 0; scene && k < scene->num_objects; k++)
                place_object(b, &scene->objects[k], scene_id, ix, iy, x, y, k, place, ctx);
        }
}
