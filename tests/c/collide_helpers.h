/* acphys C tests — what the object-collision suites share (test_collide.c, test_objcells.c):
 * landblock 0xA9B4 made flat at z = 0, a retail world on it, hand-built shapes and objects
 * carrying one sphere. */
#ifndef ACP_TEST_COLLIDE_HELPERS_H
#define ACP_TEST_COLLIDE_HELPERS_H

#include "terrain_helpers.h"

static const acp_sphere BALL = {{0.0f, 0.0f, 0.5f}, 0.5f}; /* low point at the origin */
static const acp_sphere CENTERED = {{0.0f, 0.0f, 0.0f}, 0.5f};
static const acp_cylsphere POST = {{0.0f, 0.0f, 0.0f}, 0.5f, 2.0f}; /* radius 0.5, 2 m high */
static const uint32_t BLOCK = 0xA9B40000u;

/* Landblock 0xA9B4, every vertex at height 0. */
static inline acp_terrain *flat_terrain(void)
{
    const uint8_t flat[9] = {0};
    const float table[1] = {0.0f};
    return column_terrain(flat, table, 1);
}

/* A retail world for up to 4 objects with terrain t attached. */
static inline acp_world *world_on(acp_terrain *t)
{
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 4);
    acp_terrain_attach(w, t);
    return w;
}

/* Object `id` with one hand-built sphere, entered at local (x, y, z) of 0xA9B4 (SetPosition with
 * PLACEMENT | SLIDE: its shadows come from that placement sweep). */
static inline acp_physobj *ball(acp_world *w, uint32_t id, uint32_t state, const acp_sphere *s, float x, float y,
                                float z)
{
    acp_physobj *o = acp_world_add_object(w, id);
    ENSURE(o != NULL);
    if (!o) return NULL;
    o->state = state;
    o->part_array = acp_partarray_create_spheres(o, s, 1);
    acp_position p = local_position(BLOCK, x, y, z, 0.0f);
    ENSURE(acp_world_enter_object(w, o, &p, 0.0));
    return o;
}

#endif
