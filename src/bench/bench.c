/* acphys — the benchmark driver (see bench.h). */
#include "bench.h"
#include "bench_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "physics/anim/root_motion_memo.h"
#include "physics/geometry/frame.h"
#include "physics/geometry/mathx.h"
#include "physics/anim/motion_table.h"
#include "physics/object/partarray.h"
#include "physics/world/physics.h"
#include "physics/object/physobj.h"
#include "physics/object/physobj_motion.h"
#include "physics/object/physobj_position.h"
#include "physics/object/setposition.h"
#include "physics/object/object_fx.h"
#include "physics/object/scripts.h"
#include "physics/cell/terrain.h"
#include "dat/writer.h"

#define HUMANOID_SETUP 0x02000001u
#define HUMANOID_MOTION_TABLE 0x09000001u
#define STATIC_DEFAULT_ANIMATION 0x0300F001u   /* the NonCombat Ready cycle */
#define REGION_ID 0x13000000u
#define PHYSICS_STATE 0x00400408u              /* ReportCollisions | Gravity | EdgeSlide (the recorded player) */
#define RUN_RATE 2.0039682f                    /* the recorded player's run rate */
#define TURN_SPEED 1.5f                        /* the run turn factor */

/* The four landblocks of the terrain workload: a 384 m square, A9B4 at its south-west. */
static const uint32_t TERRAIN_BLOCKS[4] = {0xA9B4FFFFu, 0xA9B5FFFFu, 0xAAB4FFFFu, 0xAAB5FFFFu};
#define TERRAIN_SIDE 384.0f
#define TERRAIN_MARGIN 12.0f                    /* metres kept clear of the square's outer edge */

static const char *const KIND_NAMES[ACP_BENCH_KIND_COUNT] = {"motion", "terrain", "static", "remote", "crowd", "particles",
                                                              "indoor", "varied", "wood", "town", "varied-motion"};

/* The workloads whose objects all follow the varied plans (on terrain, or without spheres); the
 * town's varied humanoids follow them too (town.c starts them). */
static bool is_varied(acp_bench_kind kind) { return kind == ACP_BENCH_VARIED || kind == ACP_BENCH_VARIED_MOTION; }

/* The workloads on real terrain (their humanoids keep their spheres and sweep). */
static bool on_terrain(acp_bench_kind kind)
{
    return kind == ACP_BENCH_TERRAIN || kind == ACP_BENCH_CROWD || kind == ACP_BENCH_INDOOR ||
           kind == ACP_BENCH_VARIED || kind == ACP_BENCH_WOOD || kind == ACP_BENCH_TOWN;
}

const char *acp_bench_kind_name(acp_bench_kind kind)
{
    return (unsigned)kind < ACP_BENCH_KIND_COUNT ? KIND_NAMES[kind] : NULL;
}

bool acp_bench_kind_from_name(const char *name, acp_bench_kind *out)
{
    for (unsigned i = 0; i < ACP_BENCH_KIND_COUNT; i++) {
        if (strcmp(name, KIND_NAMES[i]) == 0) {
            *out = (acp_bench_kind)i;
            return true;
        }
    }
    return false;
}

const char *acp_bench_status_string(acp_bench_status status)
{
    switch (status) {
    case ACP_BENCH_OK: return "ok";
    case ACP_BENCH_ERR_ARGUMENT: return "bad argument (kind or object count)";
    case ACP_BENCH_ERR_DAT: return "an excerpt did not parse";
    case ACP_BENCH_ERR_RECORD: return "a record the workload needs is missing from the excerpts";
    case ACP_BENCH_ERR_OUT_OF_MEMORY: return "out of memory";
    case ACP_BENCH_ERR_PLACEMENT: return "an object could not be entered into the world";
    }
    return "unknown status";
}


/* ---- the varied workload's plans ---- */


uint64_t acp_bench_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* A whole number in [0, n) (n small: the modulo's bias is immaterial to a workload). */
static uint32_t plan_below(varied_plan *p, uint32_t n) { return (uint32_t)(acp_bench_splitmix64(&p->rng) % n); }

static void plan_init(varied_plan *p, uint32_t i, acp_physobj *obj)
{
    p->obj = obj;
    p->rng = ((uint64_t)ACP_BENCH_VARIED_SEED << 32) ^ (uint64_t)i;
    /* 1 + 2 * k / 2^24 for k in [0, 2^24]: exact in float, [1, 3]. */
    p->run_rate = 1.0f + (float)plan_below(p, (1u << 24) + 1u) * (2.0f / 16777216.0f);
    p->next_frame = 1u + plan_below(p, 60u);
}

#define VARIED_LEASH 16.0f             /* metres from home beyond which a plan heads home */

/* The heading (degrees, 0 north, clockwise) of the compass point nearest the direction
 * (dx, dy), by comparisons alone (no libm: native and WASM must agree bit for bit). */
static float compass_heading(float dx, float dy)
{
    const float t = 0.41421356f; /* tan 22.5 degrees */
    float ax = dx < 0.0f ? -dx : dx, ay = dy < 0.0f ? -dy : dy;
    if (ax <= t * ay) return dy >= 0.0f ? 0.0f : 180.0f;
    if (ay <= t * ax) return dx >= 0.0f ? 90.0f : 270.0f;
    if (dx >= 0.0f) return dy >= 0.0f ? 45.0f : 135.0f;
    return dy >= 0.0f ? 315.0f : 225.0f;
}

/* An object farther than the leash from home turns to face it (as a server turning its
 * creature would) before its next motion, so that plans wander without leaving the terrain. */
static void plan_leash(varied_plan *p)
{
    acp_vec3 d = acp_position_get_offset(&p->obj->position, &p->home);
    if (d.x * d.x + d.y * d.y > VARIED_LEASH * VARIED_LEASH) acp_physobj_set_heading(p->obj, compass_heading(d.x, d.y));
}

/* The object's next motion, drawn from its plan: run (3 in 12), walk (2), side-step right or
 * left (1 each), run turning right or left (1 each), turn in place right or left (1 together),
 * stop (2); speeds as an interpreted motion carries them (CMotionInterp::adjust_motion's
 * left-hand commands as the right-hand ones with negative speeds). */
static void plan_apply(varied_plan *p)
{
    acp_interpreted_motion m = acp_interpreted_motion_default();
    plan_leash(p);
    uint32_t pick = plan_below(p, 12u);
    float side = plan_below(p, 2u) ? 1.0f : -1.0f;
    if (pick < 3u) {
        m.forward_command = ACP_MOTION_RUN_FORWARD;
        m.forward_speed = p->run_rate;
    } else if (pick < 5u) {
        m.forward_command = ACP_MOTION_WALK_FORWARD;
        m.forward_speed = 1.0f;
    } else if (pick < 7u) {
        m.sidestep_command = ACP_MOTION_SIDESTEP_RIGHT;
        m.sidestep_speed = (pick == 5u ? 1.0f : -1.0f);
    } else if (pick < 9u) {
        m.forward_command = ACP_MOTION_RUN_FORWARD;
        m.forward_speed = p->run_rate;
        m.turn_command = ACP_MOTION_TURN_RIGHT;
        m.turn_speed = (pick == 7u ? TURN_SPEED : -TURN_SPEED);
    } else if (pick < 10u) {
        m.turn_command = ACP_MOTION_TURN_RIGHT;
        m.turn_speed = side;
    } /* else: stop (Ready, the default) */
    acp_physobj_apply_interpreted_motion(p->obj, &m);
    p->next_frame += 20u + plan_below(p, 60u);
}

static const acp_animation *set_animation(const void *ctx, uint32_t id)
{
    return acp_datset_animation((const acp_datset *)ctx, id);
}

static const acp_motion_table *set_motion_table(const void *ctx, uint32_t id)
{
    return acp_datset_motion_table((const acp_datset *)ctx, id);
}

/* The indoor workload's cells: the dungeon's EnvCells and the cottage (its interior EnvCell and
 * the building with its shell), from the cell and portal excerpts. */
static const uint32_t INDOOR_CELLS[6] = {0x3A11012Au, 0x3A11012Bu, 0x3A11012Cu, 0x3A11012Du, 0x3A11012Eu, 0xA9B40100u};

static acp_bench_status load_indoor(acp_bench *b)
{
    for (unsigned i = b->kind == ACP_BENCH_TOWN ? 5u : 0u; i < 6; i++) {
        const acp_envcell *rec = acp_datset_envcell(b->dats, INDOOR_CELLS[i]);
        const acp_environment *env = rec ? acp_datset_environment(b->dats, rec->environment_id) : NULL;
        if (!env || acp_terrain_add_envcell(b->terrain, rec, env, NULL) != ACP_TERRAIN_OK) return ACP_BENCH_ERR_RECORD;
    }
    const acp_landblock_info *info = acp_datset_landblock_info(b->dats, 0xA9B4FFFEu);
    if (!info || info->num_buildings > 8) return ACP_BENCH_ERR_RECORD;
    const acp_gfxobj *shells[8];
    for (uint32_t k = 0; k < info->num_buildings; k++) shells[k] = acp_datset_gfxobj(b->dats, info->buildings[k].model_id);
    if (acp_terrain_add_landblock_info(b->terrain, info, shells) != ACP_TERRAIN_OK) return ACP_BENCH_ERR_RECORD;
    return ACP_BENCH_OK;
}

static acp_bench_status load_terrain(acp_bench *b)
{
    const acp_region *region = acp_datset_region(b->dats, REGION_ID);
    if (!region) return ACP_BENCH_ERR_RECORD;
    b->terrain = acp_terrain_create(b->kind == ACP_BENCH_INDOOR ? 5 : 4); /* + the dungeon's block */
    if (!b->terrain) return ACP_BENCH_ERR_OUT_OF_MEMORY;
    for (unsigned i = 0; i < 4; i++) {
        const acp_landblock *lb = acp_datset_landblock(b->dats, TERRAIN_BLOCKS[i]);
        if (!lb) return ACP_BENCH_ERR_RECORD;
        if (acp_terrain_add_landblock(b->terrain, lb, region) != ACP_TERRAIN_OK) return ACP_BENCH_ERR_RECORD;
    }
    if (b->kind == ACP_BENCH_INDOOR || b->kind == ACP_BENCH_TOWN) {
        acp_bench_status st = load_indoor(b);
        if (st != ACP_BENCH_OK) return st;
    }
    acp_terrain_attach(b->world, b->terrain);
    return ACP_BENCH_OK;
}

/* Object ids 1..n in the order that keeps every insertion into the object table (ordered by
 * retail's bucket, (id ^ id >> 8) & 127) next to the end of the table: bucket ascending. The
 * update order itself is retail's whatever the insertion order. */
static uint32_t *ids_by_bucket(uint32_t n)
{
    uint32_t *ids = malloc((size_t)n * sizeof *ids);
    if (!ids) return NULL;
    uint32_t k = 0;
    for (uint32_t bucket = 0; bucket < ACP_OBJECT_BUCKETS; bucket++)
        for (uint32_t id = 1; id <= n; id++)
            if (((id ^ (id >> 8)) & (ACP_OBJECT_BUCKETS - 1)) == bucket) ids[k++] = id;
    return ids;
}

/* A heading (degrees) for object i: spread over the circle so the objects turn in all phases. */
static float heading_of(uint32_t i) { return (float)((i * 137u) % 360u); }

/* Position of object i of n on a square grid: side metres, starting at `start` (x and y). */
static void grid_point(uint32_t i, uint32_t n, float start, float side, float *x, float *y)
{
    uint32_t cols = 1;
    while ((uint64_t)cols * cols < n) cols++;
    float spacing = side / (float)cols;
    *x = start + ((float)(i % cols) + 0.37f) * spacing;
    *y = start + ((float)(i / cols) + 0.61f) * spacing;
}

static acp_position position_at(uint32_t block, float x, float y, float z, float heading)
{
    acp_position p;
    p.objcell_id = acp_cell_outdoor_from_local(block, x, y);
    p.frame = acp_frame_identity();
    acp_frame_set_heading(&p.frame, heading);
    p.frame.origin = (acp_vec3){x, y, z};
    return p;
}

/* The terrain workload's position of object i: a grid over the 384 m square, in the landblock
 * that holds the point, at the terrain height (SetPosition settles the object onto it). */
acp_position acp_bench_terrain_position(const acp_bench *b, uint32_t i)
{
    /* The varied workload's objects wander up to about 56 m from home (VARIED_LEASH plus a
     * motion's reach): their homes keep 64 m clear of the square's edge. */
    float margin = b->kind == ACP_BENCH_VARIED || b->kind == ACP_BENCH_TOWN ? 64.0f : TERRAIN_MARGIN;
    float gx, gy;
    grid_point(i, b->num_objects, margin, TERRAIN_SIDE - 2.0f * margin, &gx, &gy);
    uint32_t bx = gx >= 192.0f ? 1u : 0u, by = gy >= 192.0f ? 1u : 0u;
    uint32_t block = (TERRAIN_BLOCKS[bx * 2 + by] & 0xFFFF0000u);
    float x = gx - 192.0f * (float)bx, y = gy - 192.0f * (float)by;
    float z = 0.0f;
    acp_terrain_height(b->terrain, block | 1u, x, y, &z);
    return position_at(block, x, y, z, heading_of(i));
}

/* The crowd's position of object i: a grid over a landblock's area (a 184 m square), centred
 * where the four loaded landblocks meet, so that objects the crowd pushes about stay on loaded
 * terrain; at the terrain height. */
static acp_position crowd_position(const acp_bench *b, uint32_t i)
{
    float gx, gy;
    grid_point(i, b->num_objects, 100.0f, 184.0f, &gx, &gy);
    uint32_t bx = gx >= 192.0f ? 1u : 0u, by = gy >= 192.0f ? 1u : 0u;
    uint32_t block = (TERRAIN_BLOCKS[bx * 2 + by] & 0xFFFF0000u);
    float x = gx - 192.0f * (float)bx, y = gy - 192.0f * (float)by;
    float z = 0.0f;
    acp_terrain_height(b->terrain, block | 1u, x, y, &z);
    return position_at(block, x, y, z, heading_of(i));
}

/* The wood workload's position of object i: before static object i mod m (of the world's m
 * landblock statics), WOOD_BEFORE metres back along the heading that faces it and WOOD_LEFT to
 * the left of that line (TurnRight curves the runner right, across the line), the heading north
 * first, then east, south, west for each further round of m objects; kept TERRAIN_MARGIN clear of
 * the square's edge; at the terrain height. */
#define WOOD_BEFORE 2.0f
#define WOOD_LEFT 0.5f
static acp_position wood_position(const acp_bench *b, uint32_t i)
{
    const acp_world *w = b->world;
    const acp_physobj *s = w->block_statics[i % w->num_block_statics];
    /* The heading's direction (east, north) exactly, with no libm call that a platform rounds its way. */
    static const float DIR[4][2] = {{0.0f, 1.0f}, {1.0f, 0.0f}, {0.0f, -1.0f}, {-1.0f, 0.0f}};
    uint32_t round = (i / w->num_block_statics) % 4u;
    float heading = 90.0f * (float)round, dx = DIR[round][0], dy = DIR[round][1];
    uint32_t cell = s->position.objcell_id;
    float gx = 192.0f * (float)((cell >> 24) - 0xA9u) + s->position.frame.origin.x - WOOD_BEFORE * dx - WOOD_LEFT * dy;
    float gy = 192.0f * (float)(((cell >> 16) & 0xFFu) - 0xB4u) + s->position.frame.origin.y - WOOD_BEFORE * dy + WOOD_LEFT * dx;
    gx = fminf(fmaxf(gx, TERRAIN_MARGIN), TERRAIN_SIDE - TERRAIN_MARGIN);
    gy = fminf(fmaxf(gy, TERRAIN_MARGIN), TERRAIN_SIDE - TERRAIN_MARGIN);
    uint32_t bx = gx >= 192.0f ? 1u : 0u, by = gy >= 192.0f ? 1u : 0u;
    uint32_t block = (TERRAIN_BLOCKS[bx * 2 + by] & 0xFFFF0000u);
    float x = gx - 192.0f * (float)bx, y = gy - 192.0f * (float)by;
    float z = 0.0f;
    acp_terrain_height(b->terrain, block | 1u, x, y, &z);
    return position_at(block, x, y, z, heading);
}

/* The indoor workload's position of object i: even objects on a grid over the dungeon corridor
 * (x 62.5..99.5, y 114..118, 0.3 m over its floor at z = -40), odd ones over the cottage's
 * interior (building frame x -3.2..3.2, y -2.2..0.8, 0.3 m over its floor); AdjustPosition finds
 * the EnvCell that holds each. */
static acp_position indoor_position(const acp_bench *b, uint32_t i)
{
    uint32_t n = (b->num_objects + 1u) / 2u;
    float gx, gy;
    acp_position p;
    p.frame = acp_frame_identity();
    acp_frame_set_heading(&p.frame, heading_of(i));
    if (i % 2u == 0u) {
        grid_point(i / 2u, n, 0.0f, 1.0f, &gx, &gy);
        p.objcell_id = 0x3A11012Bu;
        p.frame.origin = (acp_vec3){62.5f + gx * 37.0f, 114.0f + gy * 4.0f, -39.7f};
        return p;
    }
    grid_point(i / 2u, n, 0.0f, 1.0f, &gx, &gy);
    double lx = -3.2 + gx * 6.4, ly = -2.2 + gy * 3.0;
    /* The cottage's frame: (120, 24, 94) turned by q = (0.468932, 0, 0, -0.883235). */
    acp_frame f = acp_frame_identity();
    acp_frame_set_rotate(&f, 0.468932f, 0.0f, 0.0f, -0.883235f);
    f.origin = (acp_vec3){120.0f, 24.0f, 94.0f};
    p.objcell_id = 0xA9B40100u;
    p.frame.origin = acp_frame_localtoglobal(&f, (acp_vec3){(float)lx, (float)ly, 0.3f});
    return p;
}

void acp_bench_run_and_turn(acp_physobj *obj)
{
    acp_physobj_set_run_rate(obj, RUN_RATE);
    acp_interpreted_motion m = acp_interpreted_motion_default();
    m.forward_command = ACP_MOTION_RUN_FORWARD;
    m.forward_speed = RUN_RATE;
    m.turn_command = ACP_MOTION_TURN_RIGHT;
    m.turn_speed = TURN_SPEED;
    acp_physobj_apply_interpreted_motion(obj, &m);
}

void acp_bench_varied_start(acp_bench *b, uint32_t i, acp_physobj *obj)
{
    varied_plan *p = &b->plans[i];
    plan_init(p, i, obj);
    uint64_t first = p->next_frame; /* the first motion lasts 1..60 frames */
    acp_physobj_set_run_rate(obj, p->run_rate);
    plan_apply(p);
    p->next_frame = first;
}

static acp_bench_status add_object(acp_bench *b, uint32_t id, uint32_t i)
{
    if (b->kind == ACP_BENCH_TOWN) return acp_bench_town_add(b, id, i);
    acp_physobj *obj = acp_world_add_object(b->world, id);
    if (!obj) return ACP_BENCH_ERR_OUT_OF_MEMORY;
    obj->state = PHYSICS_STATE;
    if (b->kind == ACP_BENCH_INDOOR) obj->state |= ACP_ETHEREAL_PS;
    if (b->kind == ACP_BENCH_STATIC) obj->state |= ACP_STATIC_PS;
    if (!acp_physobj_set_setup(obj, &b->setup, &b->records)) return ACP_BENCH_ERR_OUT_OF_MEMORY;
    /* Retail's CreateSetup runs InitDefaults before the object holds its part array, so the
     * Setup's default motion table is set by the caller, as the scenario runner does. */
    if (b->setup.default_motion_table && !acp_physobj_set_motion_table(obj, b->setup.default_motion_table))
        return ACP_BENCH_ERR_OUT_OF_MEMORY;
    if (on_terrain(b->kind)) {
        acp_position pos = b->kind == ACP_BENCH_CROWD    ? crowd_position(b, i)
                           : b->kind == ACP_BENCH_INDOOR ? indoor_position(b, i)
                           : b->kind == ACP_BENCH_WOOD   ? wood_position(b, i)
                                                         : acp_bench_terrain_position(b, i);
        if (!acp_world_enter_object(b->world, obj, &pos, 0.0)) return ACP_BENCH_ERR_PLACEMENT;
    } else {
        /* A world without terrain: the object stands where it is placed, on walkable ground. */
        float x, y;
        grid_point(i, b->num_objects, 1.0f, 190.0f, &x, &y);
        acp_position pos = position_at(0xA9B40000u, x, y, 50.0f, heading_of(i));
        acp_world_place_object(b->world, obj, &pos, ACP_CONTACT_TS | ACP_ON_WALKABLE_TS | ACP_ACTIVE_TS, 0.0);
    }
    if (b->plans) b->plans[i].home = obj->position;
    if (is_varied(b->kind)) {
        acp_bench_varied_start(b, i, obj);
    } else if (b->kind != ACP_BENCH_STATIC) {
        acp_bench_run_and_turn(obj);
    }
    if (b->kind == ACP_BENCH_PARTICLES &&
        !acp_physobj_create_particle_emitter(obj, ACP_BENCH_EMITTER, 0xFFFFFFFFu, NULL, 0, false))
        return ACP_BENCH_ERR_OUT_OF_MEMORY;
    /* The remote workload's PositionManager is made now, as the first UpdatePosition would. */
    if (b->kind == ACP_BENCH_REMOTE && !acp_physobj_make_position_manager(obj)) return ACP_BENCH_ERR_OUT_OF_MEMORY;
    return ACP_BENCH_OK;
}

/* The particles workload's emitter: LocalVelocity, 50 particles born at creation (initial 50 of
 * max 50), persistent (no total), living 10^6 s, so every update moves 50 and emits none. The
 * record's bytes in ParticleEmitterInfo::UnPack's layout (src/dat/particle_emitter_info.c). */
static uint8_t *put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++) *p++ = (uint8_t)(v >> (8 * i));
    return p;
}

static uint8_t *putf(uint8_t *p, float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return put32(p, u);
}

static uint8_t *putd(uint8_t *p, double d)
{
    uint64_t u;
    memcpy(&u, &d, 8);
    p = put32(p, (uint32_t)u);
    return put32(p, (uint32_t)(u >> 32));
}

bool acp_bench_add_emitter(acp_datset *set)
{
    uint8_t rec[176], *p = rec;
    p = put32(put32(p, ACP_BENCH_EMITTER), 0);
    p = put32(put32(p, 1u), 2u);                    /* per second; LocalVelocity */
    p = put32(put32(p, 0x0100F3A0u), 0x0100F3A0u);  /* the stand-in particle GfxObj */
    p = putd(p, 1.0e6);                             /* birthrate: never due */
    p = put32(put32(put32(p, ACP_BENCH_EMITTER_PARTICLES), ACP_BENCH_EMITTER_PARTICLES), 0u);
    p = putd(putd(putd(p, 0.0), 1.0e6), 0.0);       /* total seconds, lifespan, its range */
    p = putf(putf(putf(p, 0.0f), 0.0f), 1.0f);      /* offset_dir */
    p = putf(putf(p, 0.0f), 0.5f);                  /* min, max offset */
    const float abc[3][5] = {{0.0f, 0.0f, 0.5f, 0.5f, 1.5f}, {0.0f, 0.0f, 0.0f, 1.0f, 1.0f}, {0.0f, 0.0f, 0.0f, 1.0f, 1.0f}};
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 5; i++) p = putf(p, abc[k][i]);
    p = putf(putf(putf(p, 0.2f), 0.05f), 0.0f);     /* scales */
    p = putf(putf(putf(p, 0.0f), 1.0f), 0.0f);      /* translucencies */
    p = put32(p, 0u);                               /* is_parent_local */
    acp_dat_error err;
    return p == rec + sizeof rec &&
           acp_datset_add_record(set, ACP_DAT_TYPE_PARTICLE_EMITTER_INFO, ACP_BENCH_EMITTER, rec, sizeof rec, &err) == ACP_DAT_OK;
}

static acp_bench_status build(acp_bench *b, const uint8_t *portal, size_t portal_size, const uint8_t *cell,
                              size_t cell_size)
{
    acp_dat_error err;
    acp_bench_status st0;
    b->dats = acp_datset_create();
    if (!b->dats) return ACP_BENCH_ERR_OUT_OF_MEMORY;
    if (acp_datset_add_dat_bytes(b->dats, portal, portal_size, &err) != ACP_DAT_OK) return ACP_BENCH_ERR_DAT;
    if (on_terrain(b->kind) && acp_datset_add_dat_bytes(b->dats, cell, cell_size, &err) != ACP_DAT_OK)
        return ACP_BENCH_ERR_DAT;
    const acp_setup *humanoid = acp_datset_setup(b->dats, HUMANOID_SETUP);
    if (!humanoid || !acp_datset_motion_table(b->dats, HUMANOID_MOTION_TABLE)) return ACP_BENCH_ERR_RECORD;
    b->setup = *humanoid; /* shallow: the arrays stay the record's */
    if (b->kind == ACP_BENCH_PARTICLES && !acp_bench_add_emitter(b->dats)) return ACP_BENCH_ERR_OUT_OF_MEMORY;
    if (b->kind == ACP_BENCH_MOTION || b->kind == ACP_BENCH_PARTICLES || b->kind == ACP_BENCH_VARIED_MOTION) {
        b->setup.num_spheres = 0;
        b->setup.spheres = NULL;
    } else if (b->kind == ACP_BENCH_STATIC) {
        if (!acp_datset_animation(b->dats, STATIC_DEFAULT_ANIMATION)) return ACP_BENCH_ERR_RECORD;
        b->setup.default_animation = STATIC_DEFAULT_ANIMATION;
        b->setup.default_motion_table = 0;
    }
    b->records = (acp_record_source){b->dats, set_animation, set_motion_table};
    b->world = acp_world_create(ACP_PROFILE_RETAIL, b->num_objects);
    if (!b->world) return ACP_BENCH_ERR_OUT_OF_MEMORY;
    b->world->dats = b->dats;
    if (b->kind == ACP_BENCH_PARTICLES &&
        !acp_world_reserve_fx(b->world, b->num_objects, b->num_objects * ACP_BENCH_EMITTER_PARTICLES))
        return ACP_BENCH_ERR_OUT_OF_MEMORY;
    if (on_terrain(b->kind)) {
        acp_bench_status st = load_terrain(b);
        if (st != ACP_BENCH_OK) return st;
    }
    if (b->kind == ACP_BENCH_WOOD && b->world->num_block_statics == 0) return ACP_BENCH_ERR_RECORD;
    if (is_varied(b->kind) || b->kind == ACP_BENCH_TOWN) {
        b->plans = calloc(b->num_objects, sizeof *b->plans);
        if (!b->plans) return ACP_BENCH_ERR_OUT_OF_MEMORY;
    }
    if (b->kind == ACP_BENCH_TOWN && (st0 = acp_bench_town_prepare(b)) != ACP_BENCH_OK) return st0;
    uint32_t *ids = ids_by_bucket(b->num_objects);
    if (!ids) return ACP_BENCH_ERR_OUT_OF_MEMORY;
    acp_bench_status st = ACP_BENCH_OK;
    for (uint32_t i = 0; i < b->num_objects && st == ACP_BENCH_OK; i++) st = add_object(b, ids[i], i);
    free(ids);
    if (st == ACP_BENCH_OK && b->kind == ACP_BENCH_TOWN) st = acp_bench_town_finish(b);
    return st;
}

acp_bench *acp_bench_create(acp_bench_kind kind, uint32_t num_objects, const uint8_t *portal, size_t portal_size,
                            const uint8_t *cell, size_t cell_size, acp_bench_status *status)
{
    acp_bench_status st = ACP_BENCH_ERR_ARGUMENT;
    acp_bench *b = NULL;
    if ((unsigned)kind < ACP_BENCH_KIND_COUNT && num_objects > 0 && portal) {
        b = calloc(1, sizeof *b);
        st = ACP_BENCH_ERR_OUT_OF_MEMORY;
        if (b) {
            b->kind = kind;
            b->num_objects = num_objects;
            st = build(b, portal, portal_size, cell, cell_size);
        }
    }
    if (st != ACP_BENCH_OK) {
        acp_bench_destroy(b);
        b = NULL;
    }
    if (status) *status = st;
    return b;
}

void acp_bench_destroy(acp_bench *b)
{
    if (!b) return;
    acp_world_destroy(b->world);
    acp_terrain_destroy(b->terrain);
    acp_datset_destroy(b->dats);
    free(b->plans);
    acp_bench_town_destroy(b->town);
    free(b);
}

/* Frames between two UpdatePositions of one remote object (0.5 s at the 30 Hz frame step). */
#define REMOTE_PERIOD_FRAMES 15u
#define REMOTE_LEAD 4.0f               /* metres ahead of the object along its heading */

/* The remote workload's messages of this frame: objects whose turn it is get a position 4 m
 * ahead of them (their own heading), as a server tracking their run would send. */
static void remote_messages(acp_bench *b)
{
    acp_world *w = b->world;
    for (uint32_t i = 0; i < w->num_objects; i++) {
        if ((b->frames + i) % REMOTE_PERIOD_FRAMES != 0) continue;
        acp_physobj *o = w->objects[i];
        acp_position p = o->position;
        acp_vec3 ahead = acp_frame_localtoglobalvec(&p.frame, (acp_vec3){0.0f, REMOTE_LEAD, 0.0f});
        p.frame.origin.x = (float)((double)p.frame.origin.x + ahead.x);
        p.frame.origin.y = (float)((double)p.frame.origin.y + ahead.y);
        acp_physobj_interpolate_to(o, &p, false);
    }
}

/* The varied workload's changes of this frame: each object whose plan says so takes its next
 * motion, as a client applying a player's or the server's new motion would before the frame. */
static void varied_changes(acp_bench *b)
{
    for (uint32_t i = 0; i < b->num_objects; i++)
        if (b->plans[i].next_frame == b->frames) plan_apply(&b->plans[i]);
}

void acp_bench_run(acp_bench *b, uint32_t frames)
{
    for (uint32_t i = 0; i < frames; i++) {
        b->frames++;
        if (b->kind == ACP_BENCH_REMOTE) remote_messages(b);
        if (b->plans) varied_changes(b);
        if (b->kind == ACP_BENCH_TOWN) acp_bench_town_frame(b);
        acp_world_use_time(b->world, (double)b->frames * ACP_BENCH_FRAME_STEP);
    }
}

static uint64_t recorded_quanta(const acp_world *w, uint32_t *not_one)
{
    uint64_t n = 0;
    for (uint32_t i = 0; i < w->num_objects; i++) {
        const acp_update_record *r = &w->objects[i]->record;
        n += r->num_quanta;
        if (r->num_quanta != 1) (*not_one)++;
    }
    for (uint32_t i = 0; i < w->num_static; i++) {
        const acp_update_record *r = &w->static_objects[i]->record;
        n += r->num_quanta;
        if (r->num_quanta != 1) (*not_one)++;
    }
    return n;
}

uint32_t acp_bench_verify(acp_bench *b, uint32_t frames)
{
    uint32_t failed = 0;
    for (uint32_t i = 0; i < frames; i++) {
        uint64_t before = b->world->num_quanta;
        acp_bench_run(b, 1);
        uint32_t not_one = 0;
        uint64_t listed = recorded_quanta(b->world, &not_one);
        if (b->world->num_quanta - before != listed || not_one) failed++;
    }
    return failed;
}

uint64_t acp_bench_quanta(const acp_bench *b) { return b->world->num_quanta; }
uint64_t acp_bench_frames(const acp_bench *b) { return b->frames; }
uint64_t acp_bench_sweeps(const acp_bench *b) { return b->world->num_sweeps; }

void acp_bench_root_memo_counts(const acp_bench *b, uint64_t *hits, uint64_t *misses)
{
    const acp_root_memo *m = b->world->root_memo;
    *hits = m ? m->hits : 0;
    *misses = m ? m->misses : 0;
}

void acp_bench_disable_root_memo(acp_bench *b)
{
    acp_world *w = b->world;
    for (uint32_t i = 0; i < w->num_objects; i++)
        if (w->objects[i]->part_array) w->objects[i]->part_array->sequence.root_memo = NULL;
    for (uint32_t i = 0; i < w->num_static; i++)
        if (w->static_objects[i]->part_array) w->static_objects[i]->part_array->sequence.root_memo = NULL;
}
uint64_t acp_bench_particle_updates(const acp_bench *b)
{
    return b->world->fx_pool ? b->world->fx_pool->particle_updates : 0;
}
acp_world *acp_bench_world(acp_bench *b) { return b->world; }

uint32_t acp_bench_active_objects(const acp_bench *b)
{
    const acp_world *w = b->world;
    uint32_t n = 0;
    for (uint32_t i = 0; i < w->num_objects; i++)
        if ((w->objects[i]->transient_state & ACP_ACTIVE_TS) && w->objects[i]->has_cell) n++;
    for (uint32_t i = 0; i < w->num_static; i++)
        if (w->static_objects[i]->has_cell) n++;
    return n;
}

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const uint8_t *s = p;
    for (size_t i = 0; i < n; i++) h = (h ^ s[i]) * 0x100000001B3ull;
    return h;
}

static uint64_t digest_object(uint64_t h, acp_physobj *o)
{
    h = fnv(h, &o->id, sizeof o->id);
    h = fnv(h, &o->position.objcell_id, sizeof o->position.objcell_id);
    h = fnv(h, &o->position.frame.origin, sizeof o->position.frame.origin);
    h = fnv(h, &o->position.frame.qw, 4 * sizeof(float));
    h = fnv(h, &o->velocity, sizeof o->velocity);
    h = fnv(h, &o->transient_state, sizeof o->transient_state);
    if (o->part_array && o->part_array->num_parts)
        h = fnv(h, &acp_partarray_part_frames(o->part_array)[o->part_array->num_parts - 1], sizeof(acp_frame));
    return h;
}

uint64_t acp_bench_digest(acp_bench *b)
{
    const acp_world *w = b->world;
    uint64_t h = 0xCBF29CE484222325ull;
    for (uint32_t i = 0; i < w->num_objects; i++) h = digest_object(h, w->objects[i]);
    for (uint32_t i = 0; i < w->num_static; i++) h = digest_object(h, w->static_objects[i]);
    return h;
}

/* ---- the bare kernel ---- */

typedef struct kernel_object {
    acp_frame frame;                  /* the object's frame (world) */
    acp_vec3 velocity;                /* m/s */
    acp_vec3 omega;                   /* rad/s */
} kernel_object;

struct acp_bench_kernel {
    uint32_t num_objects;
    kernel_object *objects;
    acp_aframe root_motion;           /* the animation's per-quantum root motion frame */
};

acp_bench_kernel *acp_bench_kernel_create(uint32_t num_objects)
{
    acp_bench_kernel *k = calloc(1, sizeof *k);
    if (!k) return NULL;
    k->num_objects = num_objects ? num_objects : 1;
    k->objects = calloc(k->num_objects, sizeof *k->objects);
    if (!k->objects) {
        free(k);
        return NULL;
    }
    for (uint32_t i = 0; i < k->num_objects; i++) {
        kernel_object *o = &k->objects[i];
        o->frame = acp_frame_identity();
        acp_frame_set_heading(&o->frame, heading_of(i));
        o->frame.origin = (acp_vec3){(float)(i % 1000u), (float)(i / 1000u), 50.0f};
        o->velocity = (acp_vec3){0.0f, 0.0f, 0.0f};
        o->omega = (acp_vec3){0.0f, 0.0f, -2.25f};
    }
    /* One quantum (1/30 s) of the run cycle: 8 m/s forward, a small turn. */
    k->root_motion = (acp_aframe){{0.0f, 0.26666668f, 0.0f}, 0.99994379f, 0.0f, 0.0f, -0.010601f};
    return k;
}

void acp_bench_kernel_destroy(acp_bench_kernel *k)
{
    if (!k) return;
    free(k->objects);
    free(k);
}

static void kernel_quantum(kernel_object *o, const acp_aframe *root_motion, float dt)
{
    acp_frame offset = acp_frame_identity();
    acp_frame_combine_aframe(&offset, &offset, root_motion);
    acp_frame next;
    acp_frame_combine(&next, &o->frame, &offset);
    const double a = ACP_GRAVITY;
    double vz = o->velocity.z;
    next.origin.x = (float)((double)o->velocity.x * dt + next.origin.x);
    next.origin.y = (float)((double)o->velocity.y * dt + next.origin.y);
    next.origin.z = (float)(vz * dt + 0.5 * a * dt * dt + next.origin.z);
    o->velocity.z = (float)(a * dt + vz);
    acp_vec3 w = {(float)((double)dt * o->omega.x), (float)((double)dt * o->omega.y),
                  (float)((double)dt * o->omega.z)};
    acp_frame_grotate(&next, w);
    if (next.origin.z < -1000.0f) { /* keep the fall bounded: back up, keep falling */
        next.origin.z = 50.0f;
        o->velocity.z = 0.0f;
    }
    o->frame = next;
}

void acp_bench_kernel_run(acp_bench_kernel *k, uint32_t quanta)
{
    const float dt = (float)(1.0 / 30.0);
    for (uint32_t q = 0; q < quanta; q++)
        for (uint32_t i = 0; i < k->num_objects; i++) kernel_quantum(&k->objects[i], &k->root_motion, dt);
}

uint64_t acp_bench_kernel_digest(const acp_bench_kernel *k)
{
    uint64_t h = 0xCBF29CE484222325ull;
    for (uint32_t i = 0; i < k->num_objects; i++) h = fnv(h, &k->objects[i].frame, sizeof k->objects[i].frame);
    return h;
}

/* ---- DAT reading ---- */

typedef struct entry_list {
    acp_dat_entry *items;
    size_t count, cap;
    bool oom;
} entry_list;

static bool collect_entry(void *ctx, const acp_dat_entry *e)
{
    entry_list *l = ctx;
    acp_dat_entry *p = acp_grow(l->items, &l->cap, l->count, sizeof *e);
    if (!p) {
        l->oom = true;
        return false;
    }
    l->items = p;
    l->items[l->count++] = *e;
    return true;
}

static acp_dat_status list_entries(const acp_dat_container *c, entry_list *l, acp_dat_error *err)
{
    acp_dat_status st = acp_dat_container_enumerate(c, collect_entry, l, NULL, err);
    if (st == ACP_DAT_OK && l->oom) st = acp_dat_fail(err, ACP_DAT_ERR_OUT_OF_MEMORY, 0, "", 0, false);
    return st;
}

acp_dat_status acp_bench_dat_read(acp_dat_source src, acp_bench_dat_result *out, acp_dat_error *err)
{
    memset(out, 0, sizeof *out);
    acp_dat_container c;
    acp_dat_status st = acp_dat_container_open(&c, src, err);
    if (st != ACP_DAT_OK) return st;
    entry_list l = {0};
    st = list_entries(&c, &l, err);
    uint8_t *buf = NULL;
    size_t buf_cap = 0;
    for (size_t i = 0; st == ACP_DAT_OK && i < l.count; i++) {
        const acp_dat_entry *e = &l.items[i];
        if (e->size > buf_cap) {
            free(buf);
            buf_cap = e->size;
            buf = malloc(buf_cap);
            if (!buf) {
                st = acp_dat_fail(err, ACP_DAT_ERR_OUT_OF_MEMORY, 0, "", e->id, false);
                break;
            }
        }
        st = acp_dat_container_read(&c, e, buf, err);
        if (st != ACP_DAT_OK) break;
        out->bytes += e->size;
        acp_dat_type type = acp_dat_type_of(c.header.data_set, e->id);
        if (type == ACP_DAT_TYPE_UNKNOWN) {
            out->skipped++;
            continue;
        }
        acp_dat_record rec;
        st = acp_dat_record_parse(type, e->id, buf, e->size, &rec, err);
        if (st != ACP_DAT_OK) break;
        acp_dat_record_free(&rec);
        out->records++;
    }
    free(buf);
    free(l.items);
    return st;
}

acp_dat_status acp_bench_dat_generate(uint64_t target_bytes, const uint8_t *portal, size_t portal_size,
                                      uint8_t **out, size_t *out_size, acp_dat_error *err)
{
    *out = NULL;
    *out_size = 0;
    acp_dat_container c;
    acp_dat_status st = acp_dat_container_open(&c, acp_dat_source_memory(portal, portal_size), err);
    if (st != ACP_DAT_OK) return st;
    entry_list l = {0};
    st = list_entries(&c, &l, err);
    /* The source records: every Setup, Animation and MotionTable of the excerpt. */
    uint8_t **bytes = st == ACP_DAT_OK ? calloc(l.count ? l.count : 1, sizeof *bytes) : NULL;
    if (st == ACP_DAT_OK && !bytes) st = acp_dat_fail(err, ACP_DAT_ERR_OUT_OF_MEMORY, 0, "", 0, false);
    uint64_t round_bytes = 0;
    for (size_t i = 0; st == ACP_DAT_OK && i < l.count; i++) {
        acp_dat_type type = acp_dat_type_of(ACP_DAT_PORTAL, l.items[i].id);
        if (type != ACP_DAT_TYPE_SETUP && type != ACP_DAT_TYPE_ANIMATION && type != ACP_DAT_TYPE_MOTION_TABLE) continue;
        bytes[i] = malloc(l.items[i].size ? l.items[i].size : 1);
        if (!bytes[i]) st = acp_dat_fail(err, ACP_DAT_ERR_OUT_OF_MEMORY, 0, "", 0, false);
        else st = acp_dat_container_read(&c, &l.items[i], bytes[i], err);
        round_bytes += l.items[i].size;
    }
    acp_dat_header h = acp_dat_header_default(ACP_DAT_PORTAL);
    acp_dat_writer *w = st == ACP_DAT_OK ? acp_dat_writer_create(&h) : NULL;
    if (st == ACP_DAT_OK && (!w || round_bytes == 0))
        st = acp_dat_fail(err, w ? ACP_DAT_ERR_ARGUMENT : ACP_DAT_ERR_OUT_OF_MEMORY, 0, "", 0, false);
    /* Copies under fresh ids: the same type byte, a serial in the low 24 bits. */
    uint32_t serial[256] = {0};
    for (uint64_t written = 0; st == ACP_DAT_OK && written < target_bytes;) {
        for (size_t i = 0; st == ACP_DAT_OK && i < l.count; i++) {
            if (!bytes[i] || l.items[i].size < 4) continue;
            uint32_t type_byte = l.items[i].id >> 24;
            uint32_t id = (type_byte << 24) | (0x100000u + serial[type_byte]++);
            memcpy(bytes[i], &id, 4); /* the record's own id (little-endian, as the DAT stores it) */
            acp_dat_entry e = {0, id, 0, l.items[i].size, l.items[i].date, l.items[i].iteration, 0, 0, 0};
            st = acp_dat_writer_add(w, &e, bytes[i], l.items[i].size);
            written += l.items[i].size;
        }
    }
    if (st == ACP_DAT_OK) st = acp_dat_writer_finish(w, out, out_size);
    acp_dat_writer_destroy(w);
    for (size_t i = 0; bytes && i < l.count; i++) free(bytes[i]);
    free(bytes);
    free(l.items);
    return st;
}
