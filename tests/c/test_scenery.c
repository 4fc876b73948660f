/* acphys C tests — procedural scenery (issue 34): the Scene record (Scene::UnPack), the
 * ObjectDesc members, CLandBlock::on_road and CLandBlock::get_land_scenes.
 *
 * The expected placements come from the independent model tests/retail_vectors/scenery.py
 * (written from the decompilation; run it to print these rows): landblock 0xA9B4FFFF flat at
 * 10 m, terrain type 2 with scene type 1 at six vertices, the region's terrain type 2 → scene
 * types [none, ST], ST → the three Scenes below. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dat_test_util.h"
#include "physics/cell/land_scenes.h"
#include "physics/cell/objcell.h"
#include "physics/cell/scene.h"
#include "physics/geometry/frame.h"
#include "physics/object/physobj_cell.h"
#include "terrain_helpers.h"
#include "test.h"

#define NO_HEADING 0xFFFFFFFFu

/* ---- the record ---- */

/* The seed Scene 0x120000A1 (scripts/gen-dat-fixtures.mjs): a tree and a rock, 8 + 2·76 bytes. */
static void scene_record_parses(void)
{
    size_t n = 0;
    uint8_t *b = dt_read_repo_file("tests/data/dat-records/scene-tree-rock.bin", &n);
    ENSURE(b != NULL);
    if (!b) return;
    ENSURE_EQ(n, 8 + 2 * 76);
    acp_dat_record rec;
    acp_dat_error err;
    ENSURE_EQ(acp_dat_type_of(ACP_DAT_PORTAL, 0x120000A1u), ACP_DAT_TYPE_SCENE);
    if (acp_dat_record_parse(ACP_DAT_TYPE_SCENE, 0x120000A1u, b, n, &rec, &err) == ACP_DAT_OK) {
        const acp_scene *s = rec.as.scene;
        ENSURE_EQ(s->num_objects, 2);
        ENSURE_EQ(s->objects[0].obj_id, 0x0200F300u);
        ENSURE_FBITS(s->objects[0].freq, 0.75f);
        ENSURE_FBITS(s->objects[0].displace_y, 6.0f);
        ENSURE_FBITS(s->objects[0].max_scale, 1.25f);
        ENSURE_FBITS(s->objects[0].max_rot, 360.0f);
        ENSURE_FBITS(s->objects[0].min_slope, 0.8f);
        ENSURE_EQ(s->objects[1].obj_id, 0x0100F310u);
        ENSURE_FBITS(s->objects[1].base_loc.origin.y, 3.0f);
        ENSURE_FBITS(s->objects[1].max_slope, 0.9f);
        ENSURE_EQ(s->objects[1].align, 1);
        ENSURE_EQ(s->objects[1].orient, 1);
        ENSURE_EQ(s->objects[1].weenie_obj, 0);
        char *json = acp_dat_record_json(&rec, NULL, NULL);
        ENSURE(json && strstr(json, "\"obj_id\":\"0x0100F310\"") && strstr(json, "\"max_slope\":0.899999976"));
        free(json);
        acp_dat_record_free(&rec);
    } else {
        ENSURE(!"the scene seed parses");
    }
    free(b);
}

/* The seed Region with scene tables (scripts/gen-dat-fixtures.mjs regionScenes): GameTime, sky,
 * sound, two scene types, three terrain types, then 24 bytes of LandSurf. Every cut before the
 * LandSurf fails inside the record; the tables read back as written. */
static void region_scene_tables_parse(void)
{
    size_t n = 0;
    uint8_t *b = dt_read_repo_file("tests/data/dat-records/region-scenes.bin", &n);
    ENSURE(b != NULL);
    if (!b) return;
    acp_dat_record rec;
    acp_dat_error err;
    if (acp_dat_record_parse(ACP_DAT_TYPE_REGION, 0x13000000u, b, n, &rec, &err) == ACP_DAT_OK) {
        const acp_region *g = rec.as.region;
        ENSURE_EQ(g->parts_mask, 0x13);
        ENSURE_EQ(g->num_scene_types, 2);
        ENSURE_EQ(g->scene_types[0].stb_index, 0);
        ENSURE_EQ(g->scene_types[0].num_scenes, 2);
        ENSURE_EQ(g->scene_types[0].scenes[1], 0x120000A2u);
        ENSURE_EQ(g->scene_types[1].stb_index, 0xFFFFFFFFu);
        ENSURE_EQ(g->scene_types[1].scenes[0], 0x120000A3u);
        ENSURE_EQ(g->num_terrain_types, 3);
        ENSURE_EQ(acp_region_num_scene_type(g, 0), 0);
        ENSURE_EQ(acp_region_num_scene_type(g, 2), 2);
        ENSURE_EQ(acp_region_num_scene_type(g, 3), 0);          /* past the table */
        ENSURE_EQ(acp_region_scene_count(g, 1, 0), 1);
        ENSURE_EQ(acp_region_scene_count(g, 2, 0), 0);          /* 0xFFFFFFFF: none */
        ENSURE_EQ(acp_region_scene_count(g, 2, 1), 2);
        ENSURE_EQ(acp_region_get_scene(g, 2, 1, 1), 0x120000A2u);
        ENSURE_EQ(acp_region_get_scene(g, 2, 1, 2), 0u);        /* past the list */
        ENSURE_EQ(acp_region_get_scene(g, 1, 0, 0), 0x120000A3u);
        char *json = acp_dat_record_json(&rec, NULL, NULL);
        ENSURE(json && strstr(json, "\"parts_mask\":19,\"scene_types\":[{\"stb_index\":0,\"scenes\":[\"0x120000A1\",\"0x120000A2\"]},"
                                    "{\"stb_index\":null,\"scenes\":[\"0x120000A3\"]}],\"terrain_types\":[[],[1],[null,0]]"));
        free(json);
        acp_dat_record_free(&rec);
    } else {
        ENSURE(!"the region seed parses");
    }
    int wrong = 0;
    for (size_t len = 0; len + 24 < n; len++) {
        if (acp_dat_record_parse(ACP_DAT_TYPE_REGION, 0x13000000u, b, len, &rec, &err) == ACP_DAT_OK) {
            wrong++;
            acp_dat_record_free(&rec);
        } else if (err.offset > len || !err.in_record) {
            wrong++;
        }
    }
    ENSURE_EQ(wrong, 0);
    free(b);
}

/* ---- the noise and the ObjectDesc members, worked by hand ---- */

/* noise(x, y, k, seed) = 1813693831·y − (k + seed)·(1360117743·x·y + 1888038839) − 1109124029·x
 * mod 2^32. At x = y = k = 0: −seed·1888038839 mod 2^32; seed 1: 2^32 − 1888038839 = 2406928457. */
static void noise_by_hand(void)
{
    ENSURE_EQ(acp_scene_noise(0, 0, 0, 1), 2406928457u);
    ENSURE_EQ(acp_scene_noise(0, 0, 1, 0), 2406928457u);  /* k and seed add */
    ENSURE_EQ(acp_scene_noise(1, 0, 0, 0), 3185843267u);  /* −1109124029 mod 2^32 */
    ENSURE_EQ(acp_scene_noise(0, 1, 0, 0), 1813693831u);
}

/* ScaleObj: equal bounds give max_scale with no noise; CheckSlope is inclusive at both ends. */
static void scale_and_slope_by_hand(void)
{
    acp_object_desc o = {.min_scale = 1.5f, .max_scale = 1.5f, .min_slope = 0.5f, .max_slope = 0.75f};
    ENSURE_DBITS(acp_object_desc_scale_obj(&o, 1352, 1440, 3), 1.5);
    ENSURE(acp_object_desc_check_slope(&o, 0.5f));
    ENSURE(acp_object_desc_check_slope(&o, 0.75f));
    ENSURE(!acp_object_desc_check_slope(&o, 0.49999997f));
    ENSURE(!acp_object_desc_check_slope(&o, 0.75000006f));
}

/* ---- on_road, by hand from retail's branches (5 m road width, 24 m cells) ---- */

static acp_landblock_struct block;

static void build_block(const uint16_t *road_vertices, unsigned n_road, const uint16_t *scene_vertices, unsigned n_scene)
{
    static acp_landblock rec;
    static float heights[256];
    memset(&rec, 0, sizeof rec);
    rec.id = 0xA9B4FFFFu;
    for (int i = 0; i < 81; i++) rec.height[i] = 1;
    heights[1] = 10.0f;
    for (unsigned i = 0; i < n_scene; i++) rec.terrain[scene_vertices[i]] |= (uint16_t)((1u << 11) | (2u << 2));
    for (unsigned i = 0; i < n_road; i++) rec.terrain[road_vertices[i]] |= 1u;
    acp_landblock_struct_build(&block, &rec, heights);
}

static void on_road_by_hand(void)
{
    /* Road at vertex (0, 0) only: the corner triangle dx + dy < 5 of cell (0, 0). */
    const uint16_t corner[] = {0};
    build_block(corner, 1, NULL, 0);
    ENSURE(acp_landblock_on_road(&block, (acp_vec3){2.0f, 2.0f, 0.0f}));
    ENSURE(!acp_landblock_on_road(&block, (acp_vec3){2.5f, 2.5f, 0.0f})); /* 5 < 5 is false */
    ENSURE(!acp_landblock_on_road(&block, (acp_vec3){30.0f, 1.0f, 0.0f})); /* cell (1, 0): no road vertex */
    /* Road at (0, 0) and (1, 0) (r0, r2): the strip dy < 5 along the cell's south edge. */
    const uint16_t south[] = {0, 9};
    build_block(south, 2, NULL, 0);
    ENSURE(acp_landblock_on_road(&block, (acp_vec3){20.0f, 4.9f, 0.0f}));
    ENSURE(!acp_landblock_on_road(&block, (acp_vec3){20.0f, 5.0f, 0.0f}));
    /* All four corners: the whole cell. */
    const uint16_t all[] = {0, 1, 9, 10};
    build_block(all, 4, NULL, 0);
    ENSURE(acp_landblock_on_road(&block, (acp_vec3){12.0f, 12.0f, 0.0f}));
}

/* ---- get_land_scenes on the model's case ---- */

typedef struct expected {
    uint32_t obj_id, scene_id, vertex, k, cell_id, x, y, z, heading, scale; /* floats as bits */
} expected;

/* tests/retail_vectors/scenery.py, first run (road bits at vertices (5..7, 0..2)). */
static const expected WITH_ROAD[] = {
    {0x0200f301u, 0x120000a2u, 21, 0, 0xa9b40014u, 0x42440000u, 0x4292c4d8u, 0x41200000u, 0x422ec016, 0x3fb209c7u},
    {0x0200f300u, 0x120000a1u, 28, 0, 0xa9b40019u, 0x42956f2bu, 0x419116a9u, 0x41200000u, 0x4342d56b, 0x3f8636e4u},
    {0x0200f301u, 0x120000a2u, 50, 0, 0xa9b4002du, 0x42f25d80u, 0x42ee0000u, 0x41200000u, 0x423c420f, 0x3f99b872u},
};
/* The same without road bits: vertex (6, 1)'s rock joins, in vertex order (ix, then iy). */
static const expected NO_ROAD[] = {
    {0x0200f301u, 0x120000a2u, 21, 0, 0xa9b40014u, 0x42440000u, 0x4292c4d8u, 0x41200000u, 0x422ec016, 0x3fb209c7u},
    {0x0200f300u, 0x120000a1u, 28, 0, 0xa9b40019u, 0x42956f2bu, 0x419116a9u, 0x41200000u, 0x4342d56b, 0x3f8636e4u},
    {0x0200f301u, 0x120000a2u, 50, 0, 0xa9b4002du, 0x42f25d80u, 0x42ee0000u, 0x41200000u, 0x423c420f, 0x3f99b872u},
    {0x0200f302u, 0x120000a3u, 55, 0, 0xa9b40029u, 0x430c0000u, 0x419cfc93u, 0x41200000u, 0x4203eac8, 0x3f800000u},
};

#define IDENT {{0, 0, 0}, 1, 0, 0, 0}
static const acp_object_desc SCENE_A[] = {
    {0x0200F300u, IDENT, 0.9f, 6, 6, 0.8f, 1.25f, 360, 0.0f, 1.0f, 0, 0, 0},
    {0x0100F310u, {{2, 3, 0}, 1, 0, 0, 0}, 0.9f, 0, 0, 1, 1, 0, 0.0f, 0.9f, 0, 0, 0}, /* too flat for it */
    {0x0200F300u, IDENT, 0.9f, 0, 0, 1, 1, 0, 0.0f, 1.0f, 0, 0, 1},                   /* a weenie object */
};
static const acp_object_desc SCENE_B[] = {
    {0x0200F301u, {{1, -1, 0}, 1, 0, 0, 0}, 0.9f, 3, 0, 1.0f, 2.0f, 90, 0.5f, 1.0f, 0, 0, 0},
    {0x0200F300u, IDENT, 0.0f, 6, 6, 1, 1, 0, 0.0f, 1.0f, 0, 0, 0}, /* frequency 0 */
};
static const acp_object_desc SCENE_C[] = {
    {0x0200F302u, {{4, 4, 0}, 1, 0, 0, 0}, 0.9f, 0, 8, 1, 1, 45, 0.0f, 1.0f, 0, 0, 0},
};
static const acp_scene SCENES[] = {
    {0x120000A1u, 3, (acp_object_desc *)SCENE_A},
    {0x120000A2u, 2, (acp_object_desc *)SCENE_B},
    {0x120000A3u, 1, (acp_object_desc *)SCENE_C},
};

static const acp_scene *lookup(void *ctx, uint32_t id)
{
    (void)ctx;
    for (int i = 0; i < 3; i++)
        if (SCENES[i].id == id) return &SCENES[i];
    return NULL;
}

typedef struct collected {
    unsigned n;
    acp_scene_placement p[16];
} collected;

static void collect(void *ctx, const acp_scene_placement *p)
{
    collected *c = ctx;
    if (c->n < 16) c->p[c->n] = *p;
    c->n++;
}

static uint32_t bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static void check_run(const acp_region *region, const uint16_t *road, unsigned n_road, const expected *want, unsigned n_want)
{
    const uint16_t vertices[] = {2 * 9 + 3, 5 * 9 + 5, 1 * 9 + 7, 3 * 9 + 1, 4 * 9 + 6, 6 * 9 + 1};
    build_block(road, n_road, vertices, 6);
    collected c = {0};
    acp_landblock_get_land_scenes(&block, region, lookup, collect, &c);
    ENSURE_EQ(c.n, n_want);
    for (unsigned i = 0; i < c.n && i < n_want; i++) {
        const acp_scene_placement *p = &c.p[i];
        const expected *e = &want[i];
        ENSURE_EQ(p->obj_id, e->obj_id);
        ENSURE_EQ(p->scene_id, e->scene_id);
        ENSURE_EQ(p->vertex, e->vertex);
        ENSURE_EQ(p->k, e->k);
        ENSURE_EQ(p->cell_id, e->cell_id);
        ENSURE_EQ(bits(p->frame.origin.x), e->x);
        ENSURE_EQ(bits(p->frame.origin.y), e->y);
        ENSURE_EQ(bits(p->frame.origin.z), e->z);
        ENSURE_EQ(bits(p->scale), e->scale);
        /* GetObjFrame: the base frame (identity here) turned by Frame::set_heading(heading). */
        acp_frame f = acp_frame_identity();
        float heading;
        memcpy(&heading, &e->heading, 4);
        acp_frame_set_heading(&f, heading);
        ENSURE_FBITS(p->frame.qw, f.qw);
        ENSURE_FBITS(p->frame.qz, f.qz);
    }
}

static void land_scenes_match_the_model(void)
{
    static const uint32_t st_scenes[] = {0x120000A1u, 0x120000A2u, 0x120000A3u};
    static acp_scene_type st = {0xFFFFFFFFu, 3, (uint32_t *)st_scenes};
    static const acp_scene_type *type2[] = {NULL, &st};
    static acp_terrain_type terrain[3] = {{0, NULL}, {0, NULL}, {2, type2}};
    acp_region region;
    memset(&region, 0, sizeof region);
    region.num_terrain_types = 3;
    region.terrain_types = terrain;
    const uint16_t road[] = {5 * 9 + 0, 5 * 9 + 1, 5 * 9 + 2, 6 * 9 + 0, 6 * 9 + 1, 6 * 9 + 2, 7 * 9 + 0, 7 * 9 + 1, 7 * 9 + 2};
    check_run(&region, road, 9, WITH_ROAD, 3);
    check_run(&region, NULL, 0, NO_ROAD, 4);
    /* No scene types for the terrain type (the region without tables): nothing. */
    acp_region empty;
    memset(&empty, 0, sizeof empty);
    check_run(&empty, NULL, 0, NULL, 0);
}

/* ---- scenery as static physics objects ----
 *
 * Holtburg's real landblock 0xA9B4FFFF with scene type 1 added to vertex (5, 0) (its terrain
 * type kept), a region (the real height table) whose terrain type there lists [none, ST], ST one
 * Scene, 0x120000B1, of one object: freq 1 (always), no displacement, no rotation, scale 1, any
 * slope, base origin (−12, 12, 0). Place at x = 1352 + 5, y = 1440: the turn noise
 * 1813693831·1440 − 1357·(1870387557·1440 + 1109124029) − 402451965 mod 2^32, times 2^-32, is
 * 0.892 (≥ 0.75): (x, y) → (y, −x) = (12, 12), plus the vertex's (120, 0): (132, 12), on the
 * plateau at z = 94 in cell (5, 0), 0xA9B40029. That is where test_statics' LandBlockInfo tree
 * stands, so the same missile meets the same trunk: with the tree Setup 0x0200F300 (one
 * cylinder, radius 0.4, 5 m) it stops at 131.1f, 0.9 m from the trunk's axis (the cylinder's
 * radius plus its own); with the trunk's GfxObj 0x0100F301 alone (drawing only: no physics BSP,
 * a bush without physics) it flies on through. */
static uint8_t scene_bytes[8 + 76];

static void write_scene(uint32_t obj_id)
{
    memset(scene_bytes, 0, sizeof scene_bytes);
    acp_put_u32(scene_bytes, 0x120000B1u);
    acp_put_u32(scene_bytes + 4, 1);
    uint8_t *o = scene_bytes + 8;
    const float f[] = {-12.0f, 12.0f, 0.0f, 1.0f, 0.0f, 0.0f, 0.0f, /* base frame */
                       1.0f, 0.0f, 0.0f, 1.0f, 1.0f, 0.0f, 0.0f, 1.0f}; /* freq .. max_slope */
    acp_put_u32(o, obj_id);
    for (int i = 0; i < 15; i++) memcpy(o + 4 + 4 * i, &f[i], 4);
}

typedef struct scenery_world {
    acp_datset *set;
    acp_terrain *t;
    acp_world *w;
    acp_landblock lb;
    acp_region region;
    acp_terrain_type types[32];
} scenery_world;

static const uint32_t ST_SCENES[] = {0x120000B1u};
static const acp_scene_type ST = {0xFFFFFFFFu, 1, (uint32_t *)ST_SCENES};
static const acp_scene_type *WITH_ST[] = {NULL, &ST};

static bool scenery_world_make(scenery_world *s, uint32_t obj_id)
{
    memset(s, 0, sizeof *s);
    s->set = dt_load_default_excerpts();
    write_scene(obj_id);
    acp_dat_error err;
    ENSURE_EQ(acp_datset_add_record(s->set, ACP_DAT_TYPE_SCENE, 0x120000B1u, scene_bytes, sizeof scene_bytes, &err), ACP_DAT_OK);
    const acp_landblock *lb = acp_datset_landblock(s->set, 0xA9B4FFFFu);
    const acp_region *region = acp_datset_region(s->set, 0x13000000u);
    ENSURE(lb && region);
    if (!lb || !region) return false;
    s->lb = *lb;
    s->region = *region;
    uint32_t type = (s->lb.terrain[5 * 9 + 0] >> 2) & 0x1Fu;
    s->lb.terrain[5 * 9 + 0] = (uint16_t)((s->lb.terrain[5 * 9 + 0] & 0x07FFu) | (1u << 11));
    s->types[type].num_scene_types = 2;
    s->types[type].scene_types = WITH_ST;
    s->region.num_terrain_types = 32;
    s->region.terrain_types = s->types;
    s->t = acp_terrain_create(1);
    ENSURE_EQ(acp_terrain_add_landblock(s->t, &s->lb, &s->region), ACP_TERRAIN_OK);
    s->w = acp_world_create(ACP_PROFILE_RETAIL, 4);
    s->w->dats = s->set;
    acp_terrain_attach(s->w, s->t);
    return true;
}

static void scenery_world_free(scenery_world *s)
{
    acp_world_destroy(s->w);
    acp_terrain_destroy(s->t);
    acp_datset_destroy(s->set);
}

static acp_physobj *scenery_missile(acp_world *w)
{
    static const acp_sphere centered = {{0.0f, 0.0f, 0.0f}, 0.5f};
    acp_physobj *o = acp_world_add_object(w, 1);
    ENSURE(o != NULL);
    if (!o) return NULL;
    o->state = ACP_MISSILE_PS | ACP_INELASTIC_PS | ACP_REPORT_COLLISIONS_PS;
    o->part_array = acp_partarray_create_spheres(o, &centered, 1);
    acp_position p = local_position(0xA9B40000u, 128.6f, 12.0f, 95.5f, 0.0f);
    ENSURE(acp_world_enter_object(w, o, &p, 0.0));
    acp_physobj_set_velocity(o, (acp_vec3){25.0f, 0.0f, 0.0f});
    return o;
}

static void scenery_tree_stops_a_missile(void)
{
    scenery_world s;
    if (!scenery_world_make(&s, 0x0200F300u)) goto done;
    ENSURE_EQ(s.w->num_block_statics, 1);
    if (s.w->num_block_statics != 1) goto done;
    acp_physobj *tree = s.w->block_statics[0];
    ENSURE(tree->state & ACP_STATIC_PS);
    ENSURE_EQ(s.w->num_objects, 0);          /* not in the object table */
    ENSURE_EQ(tree->position.objcell_id, 0xA9B40029u);
    ENSURE_FBITS(tree->position.frame.origin.x, 132.0f);
    ENSURE_FBITS(tree->position.frame.origin.y, 12.0f);
    ENSURE_FBITS(tree->position.frame.origin.z, 94.0f);
    ENSURE_FBITS(tree->position.frame.qw, 1.0f);
    ENSURE_FBITS(tree->scale, 1.0f);
    ENSURE_EQ(tree->num_shadow_objects, 1);  /* its cylinder's cell, as test_statics' tree */
    ENSURE_EQ(tree->shadow_objects[0].cell_id, 0xA9B40029u);
    acp_physobj *m = scenery_missile(s.w);
    if (!m) goto done;
    s.w->frame_serial++;
    acp_physobj_update_object_internal(m, 0.1f);
    ENSURE_FBITS(m->position.frame.origin.x, 131.1f);
    ENSURE(!m->colliding_with_environment);
    s.w->frame_serial++;
    acp_physobj_update_object_internal(m, 0.02f);
    ENSURE_FBITS(m->position.frame.origin.x, 131.1f);
    ENSURE_FBITS(m->velocity.x, 0.0f);
    ENSURE(m->colliding_with_environment);
done:
    scenery_world_free(&s);
}

/* adjust_scene_obj_height: the tree lifted 1 m returns to the plateau's z = 94 (its polygon's
 * plane: N = (0, 0, 1), d = −94); lifted by 0.0001 m (within EPSILON 0.0002) it stays; from index
 * 1 (past it) nothing moves. */
static void scenery_adjust_height(void)
{
    scenery_world s;
    if (!scenery_world_make(&s, 0x0200F300u) || s.w->num_block_statics != 1) goto done;
    acp_physobj *tree = s.w->block_statics[0];
    tree->position.frame.origin.z = 95.0f;
    acp_land_scenes_adjust_height(s.w->block_statics, 1, 1);
    ENSURE_FBITS(tree->position.frame.origin.z, 95.0f);
    acp_land_scenes_adjust_height(s.w->block_statics, 0, 1);
    ENSURE_FBITS(tree->position.frame.origin.z, 94.0f);
    ENSURE_FBITS(tree->position.frame.origin.x, 132.0f);
    tree->position.frame.origin.z = 94.0001f;
    acp_land_scenes_adjust_height(s.w->block_statics, 0, 1);
    ENSURE_FBITS(tree->position.frame.origin.z, 94.0001f);
done:
    scenery_world_free(&s);
}

static void scenery_bush_without_physics_lets_it_pass(void)
{
    scenery_world s;
    if (!scenery_world_make(&s, 0x0100F301u)) goto done;
    ENSURE_EQ(s.w->num_block_statics, 1);
    if (s.w->num_block_statics != 1) goto done;
    ENSURE(!(s.w->block_statics[0]->state & ACP_HAS_PHYSICS_BSP_PS));
    ENSURE_FBITS(s.w->block_statics[0]->position.frame.origin.x, 132.0f);
    acp_physobj *m = scenery_missile(s.w);
    if (!m) goto done;
    s.w->frame_serial++;
    acp_physobj_update_object_internal(m, 0.1f);
    s.w->frame_serial++;
    acp_physobj_update_object_internal(m, 0.02f); /* 131.1 + 0.5: through the trunk's axis */
    ENSURE_FBITS(m->position.frame.origin.x, 131.6f);
    ENSURE_FBITS(m->velocity.x, 25.0f);
    ENSURE(!m->colliding_with_environment);
done:
    scenery_world_free(&s);
}

void suite_scenery(void)
{
    RUN(scenery_tree_stops_a_missile);
    RUN(scenery_bush_without_physics_lets_it_pass);
    RUN(scenery_adjust_height);
    RUN(scene_record_parses);
    RUN(region_scene_tables_parse);
    RUN(noise_by_hand);
    RUN(scale_and_slope_by_hand);
    RUN(on_road_by_hand);
    RUN(land_scenes_match_the_model);
}
