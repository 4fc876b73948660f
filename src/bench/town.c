/* acphys — the benchmark's town workload (issue 39, bench.h ACP_BENCH_TOWN): varied humanoids,
 * server-driven humanoids, creatures with move-tos and sticks, and missiles, some with particle
 * emitters, among the cottage, the LandBlockInfo statics and the stand-in scenery.
 *
 * CONVENTIONS
 *   Everything here is a message a client would receive between frames (a motion, an
 *   UpdatePosition, a move-to, a stick, an unstick, a throw: retail's SmartBox handlers), issued
 *   before acp_world_use_time; update_object itself runs unchanged. Nothing allocates after
 *   acp_bench_town_finish: the managers (movement, position, target) and the target managers'
 *   voyeur rooms are made at build time, as a first move-to or stick would make them.
 *   Plans are seeded (ACP_BENCH_TOWN_SEED, the object index) and use integer draws and float
 *   arithmetic only (no libm), so native and WASM compute the same bits. Distances metres, times
 *   frames of ACP_BENCH_FRAME_STEP, velocities m/s in the world frame.
 */
#include <stdlib.h>

#include "bench_internal.h"
#include "physics/anim/moveto_manager.h"
#include "physics/cell/terrain.h"
#include "physics/geometry/frame.h"
#include "physics/object/physobj_motion.h"
#include "physics/object/physobj_position.h"
#include "physics/object/physobj_target.h"
#include "physics/object/object_fx.h"
#include "physics/object/physobj_collide.h"
#include "physics/object/scripts.h"
#include "physics/object/setposition.h"
#include "physics/world/physics.h"

#define CREATURE_SETUP 0x020007DDu        /* the drudge stand-in */
#define CREATURE_MOTION_TABLE 0x09000008u
#define MISSILE_SETUP 0x0200012Au         /* the quarrel stand-in */
#define HUMANOID_STATE 0x00400408u        /* ReportCollisions | Gravity | EdgeSlide */
#define CREATURE_STATE 0x00000408u        /* ReportCollisions | Gravity */
#define MISSILE_STATE 0x00020748u         /* ReportCollisions | Missile | AlignPath | PathClipped | Gravity | Inelastic */
#define CREATURE_RUN_RATE 1.5f
#define REMOTE_PERIOD 15u                 /* frames between UpdatePositions (0.5 s) */
#define REMOTE_LEAD 4.0f                  /* metres ahead of the object */
#define CREATURE_LEASH 12                 /* metres: a move-to point is this near home, per axis */
#define MOVE_PATIENCE 240u                /* frames before an unfinished move-to is cancelled */
#define MISSILE_FLIGHT 120u               /* frames before a missile is thrown again anyway */
#define MISSILE_SPEED 20.0f               /* m/s: flight time 0.5 s + (longer axis) / this */

/* The roles of object i by i mod 10: 3 varied, 2 remote, 3 creatures, 2 missiles. */
static const acp_bench_town_role ROLE_OF[10] = {
    ACP_TOWN_VARIED, ACP_TOWN_REMOTE, ACP_TOWN_CREATURE, ACP_TOWN_MISSILE, ACP_TOWN_VARIED,
    ACP_TOWN_CREATURE, ACP_TOWN_REMOTE, ACP_TOWN_MISSILE, ACP_TOWN_VARIED, ACP_TOWN_CREATURE};

acp_bench_town_role acp_bench_town_role_of(uint32_t i) { return ROLE_OF[i % 10u]; }

enum creature_phase { TO_POINT, TO_OBJECT, STUCK };

typedef struct creature {
    acp_physobj *obj;
    uint64_t rng;
    acp_position home;
    uint32_t targets[2];              /* object ids: the preceding varied humanoid, another creature */
    uint32_t next_target;
    enum creature_phase phase;
    uint64_t since;                   /* frame the phase began */
    uint64_t until;                   /* STUCK: the frame it unsticks */
} creature;

typedef struct missile {
    acp_physobj *obj;
    uint32_t index;                   /* its object index */
    uint32_t throws;
    uint64_t thrown_at;               /* frame of the last throw */
} missile;

struct acp_bench_town {
    acp_physobj **by_index;           /* object i */
    acp_physobj **remotes;
    uint32_t num_remotes;
    creature *creatures;
    uint32_t num_creatures;
    missile *missiles;
    uint32_t num_missiles;
    acp_bench_town_counts counts;
};

static uint32_t below(uint64_t *rng, uint32_t n) { return (uint32_t)(acp_bench_splitmix64(rng) % n); }

/* Whether missile object i carries the emitter: every other missile, in index order. */
static bool carries_emitter(uint32_t i) { return (i / 10u + (i % 10u == 7u)) % 2u == 0u; }

acp_bench_status acp_bench_town_prepare(acp_bench *b)
{
    uint32_t n = b->num_objects, emitters = 0;
    for (uint32_t i = 0; i < n; i++)
        if (ROLE_OF[i % 10u] == ACP_TOWN_MISSILE && carries_emitter(i)) emitters++;
    acp_bench_town *t = calloc(1, sizeof *t);
    if (!t) return ACP_BENCH_ERR_OUT_OF_MEMORY;
    b->town = t;
    t->by_index = calloc(n, sizeof *t->by_index);
    t->remotes = calloc(n, sizeof *t->remotes);
    t->creatures = calloc(n, sizeof *t->creatures);
    t->missiles = calloc(n, sizeof *t->missiles);
    if (!t->by_index || !t->remotes || !t->creatures || !t->missiles) return ACP_BENCH_ERR_OUT_OF_MEMORY;
    if (!acp_datset_setup(b->dats, CREATURE_SETUP) || !acp_datset_setup(b->dats, MISSILE_SETUP) ||
        !acp_datset_motion_table(b->dats, CREATURE_MOTION_TABLE))
        return ACP_BENCH_ERR_RECORD;
    if (!acp_bench_add_emitter(b->dats)) return ACP_BENCH_ERR_OUT_OF_MEMORY;
    if (emitters && !acp_world_reserve_fx(b->world, emitters, emitters * ACP_BENCH_EMITTER_PARTICLES))
        return ACP_BENCH_ERR_OUT_OF_MEMORY;
    return ACP_BENCH_OK;
}

static const acp_setup *setup_of(const acp_bench *b, acp_bench_town_role role)
{
    if (role == ACP_TOWN_CREATURE) return acp_datset_setup(b->dats, CREATURE_SETUP);
    if (role == ACP_TOWN_MISSILE) return acp_datset_setup(b->dats, MISSILE_SETUP);
    return &b->setup;
}

/* The object's role's managers, made now as its first move-to, stick or UpdatePosition would. */
static bool make_managers(acp_physobj *obj, acp_bench_town_role role)
{
    if (role == ACP_TOWN_REMOTE) return acp_physobj_make_position_manager(obj);
    if (role != ACP_TOWN_CREATURE) return true;
    return acp_physobj_make_movement_manager(obj, true) && acp_physobj_make_position_manager(obj) &&
           acp_physobj_make_target_manager(obj) != NULL;
}

acp_bench_status acp_bench_town_add(acp_bench *b, uint32_t id, uint32_t i)
{
    acp_bench_town *t = b->town;
    acp_bench_town_role role = ROLE_OF[i % 10u];
    acp_physobj *obj = acp_world_add_object(b->world, id);
    if (!obj) return ACP_BENCH_ERR_OUT_OF_MEMORY;
    t->by_index[i] = obj;
    t->counts.roles[role]++;
    obj->state = role == ACP_TOWN_CREATURE ? CREATURE_STATE : role == ACP_TOWN_MISSILE ? MISSILE_STATE : HUMANOID_STATE;
    const acp_setup *setup = setup_of(b, role);
    if (!acp_physobj_set_setup(obj, setup, &b->records)) return ACP_BENCH_ERR_OUT_OF_MEMORY;
    uint32_t table = role == ACP_TOWN_CREATURE ? CREATURE_MOTION_TABLE : setup->default_motion_table;
    if (table && !acp_physobj_set_motion_table(obj, table)) return ACP_BENCH_ERR_OUT_OF_MEMORY;
    acp_position pos = acp_bench_terrain_position(b, i);
    if (!acp_world_enter_object(b->world, obj, &pos, 0.0)) return ACP_BENCH_ERR_PLACEMENT;
    b->plans[i].home = obj->position;
    if (!make_managers(obj, role)) return ACP_BENCH_ERR_OUT_OF_MEMORY;
    if (role == ACP_TOWN_VARIED) {
        acp_bench_varied_start(b, i, obj);
    } else if (role == ACP_TOWN_REMOTE) {
        acp_bench_run_and_turn(obj);
        t->remotes[t->num_remotes++] = obj;
    } else if (role == ACP_TOWN_CREATURE) {
        creature *c = &t->creatures[t->num_creatures++];
        c->obj = obj;
        c->rng = ((uint64_t)ACP_BENCH_TOWN_SEED << 32) ^ (uint64_t)i;
        c->home = obj->position;
        acp_physobj_set_run_rate(obj, CREATURE_RUN_RATE);
    } else {
        missile *m = &t->missiles[t->num_missiles++];
        m->obj = obj;
        m->index = i;
        if (carries_emitter(i) &&
            !acp_physobj_create_particle_emitter(obj, ACP_BENCH_EMITTER, 0xFFFFFFFFu, NULL, 0, false))
            return ACP_BENCH_ERR_OUT_OF_MEMORY;
    }
    return ACP_BENCH_OK;
}

/* The index of the nearest object before (or, failing that, after) i whose role is `role`;
 * n when there is none other than i. */
static uint32_t neighbour(uint32_t i, uint32_t n, acp_bench_town_role role)
{
    for (uint32_t k = 1; k < n; k++) {
        uint32_t j = (i + n - k) % n;
        if (ROLE_OF[j % 10u] == role && j != i) return j;
    }
    return n;
}

/* ---- creatures ---- */

/* A point up to CREATURE_LEASH metres from home along each axis, at the terrain height. */
static acp_position leash_point(acp_bench *b, creature *c)
{
    acp_position p = c->home;
    float dx = (float)((int)below(&c->rng, 2u * CREATURE_LEASH * 8u + 1u) - CREATURE_LEASH * 8) * 0.125f;
    float dy = (float)((int)below(&c->rng, 2u * CREATURE_LEASH * 8u + 1u) - CREATURE_LEASH * 8) * 0.125f;
    float x = p.frame.origin.x + dx, y = p.frame.origin.y + dy;
    /* Homes keep 64 m from the loaded square's edge, so the point may only cross into a neighbour block. */
    uint32_t bx = (p.objcell_id >> 24), by = (p.objcell_id >> 16) & 0xFFu;
    if (x < 0.0f) x += 192.0f, bx--;
    else if (x >= 192.0f) x -= 192.0f, bx++;
    if (y < 0.0f) y += 192.0f, by--;
    else if (y >= 192.0f) y -= 192.0f, by++;
    uint32_t block = (bx << 24) | (by << 16);
    float z = p.frame.origin.z;
    acp_terrain_height(b->terrain, block | 1u, x, y, &z);
    p.objcell_id = acp_cell_outdoor_from_local(block, x, y);
    p.frame.origin = (acp_vec3){x, y, z};
    return p;
}

static void creature_to_point(acp_bench *b, creature *c)
{
    acp_position p = leash_point(b, c);
    acp_movement_params params = acp_movement_params_default();
    acp_physobj_move_to(c->obj, ACP_MOVETO_POSITION, 0, &p, &params);
    c->phase = TO_POINT;
    c->since = b->frames;
    b->town->counts.move_tos_to_points++;
}

static void creature_to_object(acp_bench *b, creature *c)
{
    uint32_t target = c->targets[c->next_target++ % 2u];
    if (!target) {
        creature_to_point(b, c);
        return;
    }
    acp_movement_params params = acp_movement_params_default();
    params.bitfield |= ACP_MP_STICKY;
    acp_physobj_move_to(c->obj, ACP_MOVETO_OBJECT, target, NULL, &params);
    c->phase = TO_OBJECT;
    c->since = b->frames;
    b->town->counts.move_tos_to_objects++;
}

/* The creature's next step of its plan, at the start of a frame. */
static void creature_step(acp_bench *b, creature *c)
{
    bool moving = acp_physobj_is_moving_to(c->obj);
    bool late = b->frames - c->since >= MOVE_PATIENCE;
    if (c->phase == STUCK) {
        if (b->frames < c->until && acp_physobj_get_sticky_object_id(c->obj)) return;
        acp_physobj_unstick_from_object(c->obj);
        creature_to_point(b, c);
        return;
    }
    if (moving && !late) return;
    if (moving) acp_physobj_cancel_moveto(c->obj);
    if (c->phase == TO_OBJECT && !moving && acp_physobj_get_sticky_object_id(c->obj)) {
        c->phase = STUCK;
        c->until = b->frames + 60u + below(&c->rng, 60u);
        b->town->counts.sticks++;
        return;
    }
    if (c->phase == TO_POINT) creature_to_object(b, c);
    else creature_to_point(b, c);
}

/* ---- missiles ---- */

static float absf(float v) { return v < 0.0f ? -v : v; }

/* Throw the missile at object (index + 1 + 7 · throws) mod n, its origin 1 m up: a ballistic
 * arc that reaches it (were it to stand still) after 0.5 s + (longer axis) / MISSILE_SPEED. */
static void missile_throw(acp_bench *b, missile *m)
{
    acp_bench_town *t = b->town;
    uint32_t n = b->num_objects;
    uint32_t j = (uint32_t)((m->index + 1u + 7ull * m->throws) % n);
    if (j == m->index) j = (j + 1u) % n;
    acp_vec3 d = acp_position_get_offset(&m->obj->position, &t->by_index[j]->position);
    float longer = absf(d.x) > absf(d.y) ? absf(d.x) : absf(d.y);
    float time = 0.5f + longer / MISSILE_SPEED;
    acp_vec3 v = {d.x / time, d.y / time, (d.z + 1.0f) / time - 0.5f * ACP_GRAVITY * time};
    acp_physobj_set_state(m->obj, MISSILE_STATE);
    acp_physobj_set_velocity(m->obj, v);
    m->throws++;
    m->thrown_at = b->frames;
    t->counts.throws++;
}

/* The last frame's collision reports of the missile are counted (objects: the begin reports;
 * the terrain, buildings' and scenery's BSPs: environment reports); a missile whose flight a hit
 * has ended (report_object_collision and report_environment_collision clear MISSILE_PS; an
 * inelastic hit zeroes the velocity; one at rest on the ground goes inactive), or that has flown
 * MISSILE_FLIGHT frames, is thrown again from where it is. */
static void missile_step(acp_bench *b, missile *m)
{
    acp_physobj *o = m->obj;
    acp_bench_town_counts *c = &b->town->counts;
    if (acp_physobj_num_collisions(o)) c->missile_object_hits++;
    if (acp_physobj_num_env_collisions(o)) c->missile_env_hits++;
    bool still = o->velocity.x == 0.0f && o->velocity.y == 0.0f && o->velocity.z == 0.0f;
    bool ended = !(o->state & ACP_MISSILE_PS) || still || !(o->transient_state & ACP_ACTIVE_TS);
    if (ended || b->frames - m->thrown_at >= MISSILE_FLIGHT) missile_throw(b, m);
}

/* ---- the town's frames ---- */

acp_bench_status acp_bench_town_finish(acp_bench *b)
{
    acp_bench_town *t = b->town;
    uint32_t n = b->num_objects, k = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (ROLE_OF[i % 10u] != ACP_TOWN_CREATURE) continue;
        creature *c = &t->creatures[k++];
        uint32_t v = neighbour(i, n, ACP_TOWN_VARIED), o = neighbour(i, n, ACP_TOWN_CREATURE);
        c->targets[0] = v < n ? t->by_index[v]->id : 0;
        c->targets[1] = o < n ? t->by_index[o]->id : 0;
        for (unsigned q = 0; q < 2; q++) {
            acp_physobj *target = c->targets[q] ? acp_world_object(b->world, c->targets[q]) : NULL;
            if (target && !acp_physobj_make_target_manager(target)) return ACP_BENCH_ERR_OUT_OF_MEMORY;
        }
    }
    /* Each target manager's voyeur room, made now for 8 voyeurs (at most 3 creatures look at one
     * object here; removing an entry keeps its room), so no frame grows one. */
    for (uint32_t i = 0; i < n; i++) {
        acp_physobj *o = t->by_index[i];
        if (!o->target_manager) continue;
        for (uint32_t q = 0; q < 8u; q++) acp_physobj_add_voyeur(o, 0xFFFF0000u + q, 0.5f, 0.5f);
        for (uint32_t q = 0; q < 8u; q++) acp_physobj_remove_voyeur(o, 0xFFFF0000u + q);
        if (o->target_manager->cap_voyeurs < 8u) return ACP_BENCH_ERR_OUT_OF_MEMORY;
    }
    for (uint32_t i = 0; i < t->num_creatures; i++) creature_to_point(b, &t->creatures[i]);
    for (uint32_t i = 0; i < t->num_missiles; i++) missile_throw(b, &t->missiles[i]);
    return ACP_BENCH_OK;
}

/* The remote humanoids' UpdatePositions of this frame, 4 m ahead along their heading. */
static void remote_step(acp_bench *b, uint32_t r, acp_physobj *o)
{
    if ((b->frames + r) % REMOTE_PERIOD != 0) return;
    acp_position p = o->position;
    acp_vec3 ahead = acp_frame_localtoglobalvec(&p.frame, (acp_vec3){0.0f, REMOTE_LEAD, 0.0f});
    p.frame.origin.x = (float)((double)p.frame.origin.x + ahead.x);
    p.frame.origin.y = (float)((double)p.frame.origin.y + ahead.y);
    acp_physobj_interpolate_to(o, &p, false);
    b->town->counts.update_positions++;
}

void acp_bench_town_frame(acp_bench *b)
{
    acp_bench_town *t = b->town;
    for (uint32_t r = 0; r < t->num_remotes; r++) remote_step(b, r, t->remotes[r]);
    for (uint32_t c = 0; c < t->num_creatures; c++) creature_step(b, &t->creatures[c]);
    for (uint32_t m = 0; m < t->num_missiles; m++) missile_step(b, &t->missiles[m]);
}

bool acp_bench_town_get_counts(const acp_bench *b, acp_bench_town_counts *out)
{
    if (!b->town) return false;
    *out = b->town->counts;
    return true;
}

void acp_bench_town_destroy(acp_bench_town *t)
{
    if (!t) return;
    free(t->by_index);
    free(t->remotes);
    free(t->creatures);
    free(t->missiles);
    free(t);
}
