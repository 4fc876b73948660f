/* acphys C tests — helpers for terrain worlds: real landblocks from the default cell excerpt
 * (data/cell-default.dat through acp_datset), synthetic landblocks from custom height tables,
 * objects built as the client builds a server-created object (a Setup and motion table through
 * acp_physobj_set_setup / acp_physobj_set_motion_table, the scale through SetScale), and a
 * synthetic one-sphere runner whose RunForward goes through a motion table (recfixture.h). */
#ifndef ACP_TERRAIN_HELPERS_H
#define ACP_TERRAIN_HELPERS_H

#include <math.h>
#include <string.h>

#include "dat/dat.h"
#include "dat_test_util.h"
#include "physics/anim/motion_table.h"
#include "physics/object/partarray.h"
#include "physics/world/physics.h"
#include "physics/object/physobj_motion.h"
#include "dat/recfixture.h"
#include "physics/object/setposition.h"
#include "physics/cell/terrain.h"
#include "test.h"

#define REGION_ID 0x13000000u

/* Declare `dats`, the default excerpts (portal and cell), in a test case; the case fails and
 * returns when they cannot be read. Destroy with acp_datset_destroy. */
#define LOAD_DEFAULT_EXCERPTS(dats)                   \
    acp_datset *dats = dt_load_default_excerpts();    \
    ENSURE(dats != NULL);                             \
    if (!dats) return

/* A terrain holding the landblocks `ids` (0xXXYYFFFF) of the record store, heights through its
 * Region 0x13000000, as the client builds them. */
static inline acp_terrain *dat_terrain(const acp_datset *dats, const uint32_t *ids, unsigned n)
{
    acp_terrain *t = acp_terrain_create(8);
    const acp_region *region = acp_datset_region(dats, REGION_ID);
    ENSURE(region != NULL);
    for (unsigned i = 0; i < n; i++) {
        const acp_landblock *rec = acp_datset_landblock(dats, ids[i]);
        ENSURE(rec != NULL);
        ENSURE_EQ(acp_terrain_add_landblock(t, rec, region), ACP_TERRAIN_OK);
    }
    return t;
}

/* Landblock `id` of the store with every terrain word water (type 16): an all-water landblock
 * with the real heights. */
static inline acp_terrain *all_water_terrain(const acp_datset *dats, uint32_t id)
{
    const acp_landblock *real = acp_datset_landblock(dats, id);
    ENSURE(real != NULL);
    acp_landblock rec;
    memset(&rec, 0, sizeof rec);
    if (real) rec = *real;
    for (int i = 0; i < 81; i++) rec.terrain[i] = 16u << 2;
    acp_terrain *t = acp_terrain_create(1);
    ENSURE_EQ(acp_terrain_add_landblock(t, &rec, acp_datset_region(dats, REGION_ID)), ACP_TERRAIN_OK);
    return t;
}

/* Landblock 0xA9B4 with every vertex of column x at height index column_index[x] and the given
 * height table: a synthetic terrain that changes along x only. */
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

/* A retail world on terrain t (NULL: the fixture world) with one object (id 1) of `state`,
 * without parts yet. */
static inline acp_world *terrain_world(acp_terrain *t, acp_physobj **out, uint32_t state)
{
    acp_world *w = acp_world_create(ACP_PROFILE_RETAIL, 4);
    acp_terrain_attach(w, t);
    acp_physobj *o = acp_world_add_object(w, 1);
    o->state = state;
    *out = o;
    return w;
}

/* Give o its Setup, motion table (0: none) and scale in the order of CreateObject:
 * makeObject's Setup, then set_description's SetMotionTableID and object_scale (SetScale with
 * no delta: m_scale and the part array's scale). */
static inline void build_object(acp_physobj *o, const acp_setup *setup, const acp_record_source *records,
                                uint32_t motion_table, float scale)
{
    ENSURE(setup != NULL);
    if (!setup) return;
    ENSURE(acp_physobj_set_setup(o, setup, records));
    if (motion_table) ENSURE(acp_physobj_set_motion_table(o, motion_table));
    acp_physobj_set_scale(o, scale, 0.0);
}

/* build_object with Setup `setup_id` and the motion table from the record store. */
static inline void excerpt_object(acp_physobj *o, const acp_datset *dats, uint32_t setup_id, uint32_t motion_table,
                                  float scale)
{
    acp_record_source src = acp_datset_source(dats);
    build_object(o, acp_datset_setup(dats, setup_id), &src, motion_table, scale);
}

/* ---- the synthetic runner ---- */

#define RUNNER_SETUP 0x0200F0A0u
#define RUNNER_TABLE 0x0900F0A0u
#define RUNNER_READY_ANIM 0x0300F0A0u
#define RUNNER_RUN_ANIM 0x0300F0A1u
#define RUNNER_FRAMERATE 30.0f   /* frames/s of both cycles at speed 1 */
#define RUNNER_SPEED 4.0f        /* m/s of RunForward at speed 1, the humanoid's (SPEC §4) */
#define RUNNER_STEP 0.4f         /* step-up and step-down heights, metres */

/* Records of a one-part runner with the given spheres: NonCombat Ready and RunForward cycles
 * (velocity (0, RUNNER_SPEED, 0) at speed 1) over 10-frame animations at RUNNER_FRAMERATE without
 * root-motion frames, and no links, so that running moves exactly RUNNER_SPEED / RUNNER_FRAMERATE
 * per animation frame crossed. *setup receives the Setup. */
static inline acp_fixture *runner_records(const acp_sphere *spheres, uint32_t num_spheres, acp_setup **setup)
{
    acp_fixture *fx = acp_fixture_create();
    acp_fixture_animation(fx, RUNNER_READY_ANIM, 10, 1, NULL);
    acp_fixture_animation(fx, RUNNER_RUN_ANIM, 10, 1, NULL);
    acp_motion_table *mt = acp_fixture_motion_table(fx, RUNNER_TABLE, ACP_STYLE_NONCOMBAT);
    acp_fixture_style_default(mt, ACP_STYLE_NONCOMBAT, ACP_MOTION_READY);
    const uint32_t nc = ACP_STYLE_NONCOMBAT << 16;
    acp_fixture_motion_anim(acp_fixture_motion(mt, ACP_FIXTURE_CYCLE, 0, nc | (ACP_MOTION_READY & 0xFFFFFFu)),
                            RUNNER_READY_ANIM, 0, -1, RUNNER_FRAMERATE);
    acp_motion_data *run = acp_fixture_motion(mt, ACP_FIXTURE_CYCLE, 0, nc | (ACP_MOTION_RUN_FORWARD & 0xFFFFFFu));
    acp_fixture_motion_anim(run, RUNNER_RUN_ANIM, 0, -1, RUNNER_FRAMERATE);
    run->velocity = (acp_vec3){0.0f, RUNNER_SPEED, 0.0f};
    run->flags = 0x1;
    acp_setup *s = acp_fixture_setup(fx, RUNNER_SETUP, 1, spheres, num_spheres);
    s->step_up_height = RUNNER_STEP;
    s->step_down_height = RUNNER_STEP;
    *setup = s;
    return fx;
}

/* o gets the runner's Setup and motion table (and so a movement manager in its default state). */
static inline void runner_object(acp_physobj *o, const acp_fixture *fx, const acp_setup *setup)
{
    acp_record_source src = acp_fixture_source(fx);
    build_object(o, setup, &src, RUNNER_TABLE, 1.0f);
}

/* The server's interpreted motion: NonCombat RunForward at `speed`, no sidestep, no turn. */
static inline void start_running(acp_physobj *o, float speed)
{
    acp_interpreted_motion m = acp_interpreted_motion_default();
    m.forward_command = ACP_MOTION_RUN_FORWARD;
    m.forward_speed = speed;
    acp_physobj_apply_interpreted_motion(o, &m);
}

/* Animation frame boundaries the object's current animation crosses in the next `quantum`
 * seconds (CSequence::update_internal: frame_number += framerate × quantum; a cycle wraps
 * without losing a boundary). */
static inline int frames_crossed(const acp_physobj *o, float quantum)
{
    const acp_sequence *seq = &o->part_array->sequence;
    const acp_anim_node *node = acp_sequence_node(seq, seq->curr_anim);
    if (!node) return 0;
    double fn = seq->frame_number;
    return (int)(floor((double)node->framerate * quantum + fn) - floor(fn));
}

/* ---- positions ---- */

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

/* A recorded position (retail-states.json): cell, origin and quaternion (w, x, y, z). */
static inline acp_position recorded_position(uint32_t cell, float x, float y, float z, float qw, float qz)
{
    acp_position p = {cell, acp_frame_identity()};
    acp_frame_set_rotate(&p.frame, qw, 0.0f, 0.0f, qz);
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

/* How high an object's origin rests above the terrain: CObjectInfo::validate_walkable puts its
 * first sphere's lowest point (centre z − radius, each scaled as CSpherePath::init_sphere
 * scales them) on the plane, so the origin rests radius − centre z above it. */
static inline double resting_offset(const acp_physobj *o)
{
    const acp_sphere *s = &o->part_array->spheres[0];
    float r = (float)((double)o->scale * s->radius), cz = (float)((double)o->scale * s->center.z);
    return (double)r - cz;
}

#endif
