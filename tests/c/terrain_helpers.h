/* acphys C tests — helpers for terrain worlds: landblocks from the real fixtures or from custom
 * height tables, objects with hand-built Setups (spheres and step heights), placement. */
#ifndef ACP_TERRAIN_HELPERS_H
#define ACP_TERRAIN_HELPERS_H

#include <string.h>

#include "partarray.h"
#include "physics.h"
#include "setposition.h"
#include "terrain.h"
#include "terrain_fixtures.h"

/* A LandBlock record from the fixtures (NULL id: not found). */
static inline acp_landblock fixture_record(uint32_t id)
{
    acp_landblock rec;
    memset(&rec, 0, sizeof rec);
    for (unsigned i = 0; i < FIXTURE_NUM_LANDBLOCKS; i++) {
        if (FIXTURE_LANDBLOCKS[i].id != id) continue;
        rec.id = id;
        memcpy(rec.height, FIXTURE_LANDBLOCKS[i].height, sizeof rec.height);
        memcpy(rec.terrain, FIXTURE_LANDBLOCKS[i].terrain, sizeof rec.terrain);
    }
    return rec;
}

/* Region 0x13000000's height table (the fixture's). */
static inline acp_region fixture_region(void)
{
    acp_region r;
    memset(&r, 0, sizeof r);
    r.id = 0x13000000u;
    memcpy(r.land_height_table, FIXTURE_HEIGHT_TABLE, sizeof r.land_height_table);
    return r;
}

/* A terrain holding the given fixture landblocks. */
static inline acp_terrain *fixture_terrain(const uint32_t *ids, unsigned n)
{
    acp_terrain *t = acp_terrain_create(8);
    acp_region region = fixture_region();
    for (unsigned i = 0; i < n; i++) {
        acp_landblock rec = fixture_record(ids[i]);
        acp_terrain_add_landblock(t, &rec, &region);
    }
    return t;
}

/* Landblock 0xA9B4 with every vertex of column x at height index column_index[x] and the given
 * height table: a terrain that changes along x only. */
static inline acp_terrain *column_terrain(const uint8_t column_index[9], const float *table, unsigned table_len)
{
    acp_region region;
    memset(&region, 0, sizeof region);
    for (unsigned k = 0; k < table_len; k++) region.land_height_table[k] = table[k];
    acp_landblock rec;
    memset(&rec, 0, sizeof rec);
    rec.id = 0xA9B4FFFFu;
    for (int x = 0; x < 9; x++)
        for (int y = 0; y < 9; y++) rec.height[x * 9 + y] = column_index[x];
    acp_terrain *t = acp_terrain_create(2);
    acp_terrain_add_landblock(t, &rec, &region);
    return t;
}

/* A Setup with `n` spheres and step heights (metres), for acp_partarray_create. */
static inline acp_setup sphere_setup(const acp_sphere *spheres, uint32_t n, float step_up, float step_down)
{
    acp_setup s;
    memset(&s, 0, sizeof s);
    s.num_spheres = n;
    s.spheres = (acp_sphere *)spheres;
    s.step_up_height = step_up;
    s.step_down_height = step_down;
    return s;
}

/* A retail world on terrain t with one object (id 1) of the given state and Setup. */
static inline acp_world *terrain_world(acp_terrain *t, acp_physobj **out, uint32_t state, const acp_setup *setup)
{
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 4);
    acp_terrain_attach(w, t);
    acp_physobj *o = acp_world_add_object(w, 1);
    o->state = state;
    if (setup) o->part_array = acp_partarray_create(o, setup, NULL);
    *out = o;
    return w;
}

/* A position in landblock `block` (0xXXYY0000) at local (x, y, z), heading in degrees. */
static inline acp_position local_position(uint32_t block, float x, float y, float z, float heading)
{
    acp_position p;
    p.objcell_id = acp_cell_outdoor_from_local(block, x, y);
    p.frame = acp_frame_identity();
    acp_frame_set_heading(&p.frame, heading);
    p.frame.origin = (acp_vec3){x, y, z};
    return p;
}

/* The terrain height under an object's origin (NAN when there is none). */
static inline float ground_z(const acp_terrain *t, const acp_physobj *o)
{
    float z = NAN;
    acp_terrain_height(t, o->position.objcell_id, o->position.frame.origin.x, o->position.frame.origin.y, &z);
    return z;
}

/* One quantum of a "running" object: the sequence's velocity (object axes, m/s) is the root
 * motion CSequence applies without animations; ACTIVE_TS stands in for the movement manager
 * that keeps a moving object active (retail deactivates an object without one once it stands
 * on walkable ground with no velocity). */
static inline void run_quantum(acp_physobj *o, float quantum)
{
    o->transient_state |= ACP_ACTIVE_TS;
    acp_physobj_update_object_internal(o, quantum);
}

#endif
