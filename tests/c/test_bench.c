/* acphys C tests — the benchmark driver (src/bench): each workload's world builds from the
 * default excerpts and runs; object-quanta are what the update records list; UseTime makes no
 * heap call; the DAT workload reads back what it generated. Timing is never asserted (benchmarks are not tests). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench/alloc_count.h"
#include "bench/bench.h"
#include "physics/anim/movement_manager.h"
#include "physics/cell/objcell.h"
#include "physics/object/partarray.h"
#include "physics/world/physics.h"
#include "dat_test_util.h"
#include "test.h"

#include "physics/object/physobj_position.h"
#include "physics/position/position_manager.h"

#define N_OBJECTS 10u

static acp_bench *make(acp_bench_kind kind, uint32_t n)
{
    size_t ps = 0, cs = 0;
    uint8_t *portal = dt_read_repo_file("data/portal-default.dat", &ps);
    uint8_t *cell = dt_read_repo_file("data/cell-default.dat", &cs);
    acp_bench_status st = ACP_BENCH_ERR_ARGUMENT;
    acp_bench *b = portal && cell ? acp_bench_create(kind, n, portal, ps, cell, cs, &st) : NULL;
    ENSURE_EQ(st, ACP_BENCH_OK);
    free(portal);
    free(cell);
    return b;
}

/* Each workload: every object simulates one quantum per frame, the counter matches the records,
 * nothing allocates inside UseTime, and every object stays active in a cell. */
static void workloads_run_one_quantum_per_object_and_frame(void)
{
    for (unsigned k = 0; k < ACP_BENCH_KIND_COUNT; k++) {
        acp_bench *b = make((acp_bench_kind)k, N_OBJECTS);
        if (!b) continue;
        ENSURE_EQ(acp_bench_verify(b, 5), 0);
        uint64_t q0 = acp_bench_quanta(b), a0 = acp_alloc_count(), s0 = acp_bench_sweeps(b);
        uint64_t p0 = acp_bench_particle_updates(b);
        acp_bench_run(b, 30);
        /* The particles workload updates its 50 live particles per object-quantum. */
        /* The town's 10 objects hold 2 missiles, one with the emitter. */
        ENSURE_EQ(acp_bench_particle_updates(b) - p0, k == ACP_BENCH_PARTICLES ? 30u * N_OBJECTS * 50u
                                                      : k == ACP_BENCH_TOWN    ? 30u * 50u
                                                                               : 0u);
        ENSURE_EQ(acp_alloc_count() - a0, 0);
        ENSURE_EQ(acp_bench_quanta(b) - q0, 30u * N_OBJECTS);
        ENSURE_EQ(acp_bench_frames(b), 35);
        ENSURE_EQ(acp_bench_active_objects(b), N_OBJECTS);
        acp_world *w = acp_bench_world(b);
        if (k == ACP_BENCH_STATIC) {
            ENSURE_EQ(w->num_static, N_OBJECTS);
            ENSURE_EQ(w->num_objects, 0);
        } else {
            ENSURE_EQ(w->num_objects, N_OBJECTS);
        }
        /* Running humanoids sweep the terrain every quantum; the others never do. */
        bool sweeps = k == ACP_BENCH_TERRAIN || k == ACP_BENCH_CROWD || k == ACP_BENCH_INDOOR || k == ACP_BENCH_WOOD;
        /* The varied workload's objects sweep only while they move (turning in place and
         * standing still move nothing: UpdateObjectInternal makes no transition then). */
        if (k == ACP_BENCH_VARIED || k == ACP_BENCH_TOWN) ENSURE(acp_bench_sweeps(b) - s0 > 0 && acp_bench_sweeps(b) - s0 < 30u * N_OBJECTS);
        else ENSURE_EQ(acp_bench_sweeps(b) - s0, sweeps ? 30u * N_OBJECTS : 0u);
        acp_bench_destroy(b);
    }
}

/* The motion workload turns (TurnRight) without translating (no spheres: retail never moves
 * such an object); the terrain workload runs (its origin moves) and turns. */
static void motion_turns_and_terrain_runs(void)
{
    acp_bench *m = make(ACP_BENCH_MOTION, 1);
    acp_bench *t = make(ACP_BENCH_TERRAIN, 1);
    if (!m || !t) return;
    acp_physobj *om = acp_bench_world(m)->objects[0], *ot = acp_bench_world(t)->objects[0];
    acp_frame fm = om->position.frame, ft = ot->position.frame;
    acp_bench_run(m, 30);
    acp_bench_run(t, 30);
    ENSURE_FBITS(om->position.frame.origin.x, fm.origin.x);
    ENSURE_FBITS(om->position.frame.origin.y, fm.origin.y);
    ENSURE(om->position.frame.qz != fm.qz);
    acp_vec3 d = acp_position_get_offset(&(acp_position){ot->position.objcell_id, ft}, &ot->position);
    ENSURE(d.x * d.x + d.y * d.y > 1.0f); /* 8 m/s on a circle of 3.6 m radius */
    ENSURE(ot->position.frame.qz != ft.qz);
    acp_bench_destroy(m);
    acp_bench_destroy(t);
}

/* The remote workload: object 0 gets its UpdatePositions at frames 15, 30, ...; before the first
 * its PositionManager is idle (the animation's offset), on that frame the node is queued and
 * interpolation writes the offset. */
static void remote_interpolates(void)
{
    acp_bench *r = make(ACP_BENCH_REMOTE, 1);
    if (!r) return;
    acp_physobj *o = acp_bench_world(r)->objects[0];
    ENSURE(o->position_manager != NULL);
    acp_bench_run(r, 14);
    ENSURE_EQ(acp_position_manager_num_nodes(o->position_manager), 0);
    ENSURE_EQ(o->position_manager->last_offset_source, ACP_OFFSET_ANIMATION);
    acp_bench_run(r, 1);
    ENSURE_EQ(acp_position_manager_num_nodes(o->position_manager), 1);
    ENSURE_EQ(o->position_manager->last_offset_source, ACP_OFFSET_INTERPOLATION);
    acp_bench_destroy(r);
}

/* Two builds of the same workload compute the same bits (the digest the native and WASM runs
 * compare). */
static void digest_repeats(void)
{
    acp_bench *a = make(ACP_BENCH_TERRAIN, 4), *b = make(ACP_BENCH_TERRAIN, 4);
    if (!a || !b) return;
    acp_bench_run(a, 12);
    acp_bench_run(b, 12);
    ENSURE_EQ(acp_bench_digest(a), acp_bench_digest(b));
    acp_bench_run(b, 1);
    ENSURE(acp_bench_digest(a) != acp_bench_digest(b));
    acp_bench_destroy(a);
    acp_bench_destroy(b);
}

/* The bits of 100 objects of each workload after 60 frames, pinned as the build before any
 * optimization computed them (bench/results.json, first run): an optimization of the update
 * (deferred part placement, the reused cell list, ...) must leave every one unchanged. A change
 * of the physics itself changes them: say why in its commit. */
static void digests_pinned(void)
{
    static const uint64_t pinned[ACP_BENCH_CROWD] = {
        0xac09f92be5bc1109ull, /* motion: re-pinned for issue 40's run links and TurnRight cycle (the humanoid's records from capture first-login-walk-jump) */
        0xe518a2813024aaa9ull, /* terrain: issue 18 stand-ins, the transition pool, the nearest water corner; issue 40's run links */
        0x2da55f148743a341ull, /* static */
        0xe7be383fdfa5db61ull, /* remote (issue 13): re-pinned at the merge with main for what changed terrain (issue 18 stand-ins, the transition pool, the nearest water corner); issue 40's run links */
    };
    for (unsigned k = 0; k < ACP_BENCH_CROWD; k++) {
        acp_bench *b = make((acp_bench_kind)k, 100);
        if (!b) continue;
        acp_bench_run(b, 60);
        ENSURE_EQ(acp_bench_digest(b), pinned[k]);
        acp_bench_destroy(b);
    }
    /* particles (issue 16): the motion workload's bits; its emitters change nothing of the objects. */
    acp_bench *p = make(ACP_BENCH_PARTICLES, 100);
    if (p) {
        acp_bench_run(p, 60);
        ENSURE_EQ(acp_bench_digest(p), pinned[ACP_BENCH_MOTION]);
        acp_bench_destroy(p);
    }
}

/* The crowd (issue 14): 400 humanoids running in circles on a 9.4 m grid in one landblock meet
 * each other (the circles are 7.1 m across): collisions are reported, and after 60 frames no
 * two of them overlap by more than EPSILON (each sphere pair at least r1 + r2 − EPSILON apart:
 * the humanoid's spheres are 0.48 m at heights 0.48 and 1.32 m). */
static void crowd_collides(void)
{
    acp_bench *b = make(ACP_BENCH_CROWD, 400);
    if (!b) return;
    acp_world *w = acp_bench_world(b);
    uint32_t begins = 0;
    for (int f = 0; f < 60; f++) {
        acp_bench_run(b, 1);
        for (uint32_t i = 0; i < w->num_objects; i++) begins += acp_physobj_num_collisions(w->objects[i]);
    }
    ENSURE(begins > 0);
    const float z[2] = {0.479999989f, 1.32000005f};
    double closest = 1e9;
    for (uint32_t i = 0; i < w->num_objects; i++) {
        for (uint32_t j = i + 1; j < w->num_objects; j++) {
            const acp_physobj *a = w->objects[i], *c = w->objects[j];
            acp_vec3 d = acp_position_get_offset(&a->position, &c->position);
            for (int p = 0; p < 2; p++)
                for (int q = 0; q < 2; q++) {
                    double dz = (double)d.z + z[q] - z[p];
                    double dist = sqrt((double)d.x * d.x + (double)d.y * d.y + dz * dz);
                    if (dist < closest) closest = dist;
                }
        }
    }
    ENSURE(closest >= 2.0 * 0.479999989 - ACP_F_EPSILON);
    ENSURE_EQ(w->shadows.overflow, 0);
    acp_bench_destroy(b);
}

/* The crowd and indoor worlds' bits after 60 frames at 100 objects, as the build before the
 * shadow entries kept copies of their objects' reach bound computed them (96bcffb): the
 * sweeps that skip objects by those copies meet exactly the objects they met before. The
 * crowd's was pinned again when its landblocks 0xA9B5, 0xAAB4 and 0xAAB5 gained the stand-in
 * scenery (issue 34: its trees and rocks are in the crowd's way); the indoor world has none. Both
 * again when the humanoid's run links came from capture first-login-walk-jump (issue 40). */
static void crowd_and_indoor_digests_pinned(void)
{
    const struct { acp_bench_kind kind; uint64_t digest; } pinned[] = {
        {ACP_BENCH_CROWD, 0xca5502b857b98d0dull},
        {ACP_BENCH_INDOOR, 0xd821fdbda7f81e3dull},
    };
    for (unsigned k = 0; k < sizeof pinned / sizeof pinned[0]; k++) {
        acp_bench *b = make(pinned[k].kind, 100);
        if (!b) continue;
        acp_bench_run(b, 60);
        ENSURE_EQ(acp_bench_digest(b), pinned[k].digest);
        acp_bench_destroy(b);
    }
}

/* The wood (issue 34): 100 humanoids running and turning by the stand-in scenery. Its bits after
 * 60 frames, pinned as this build computes them (the shortcut-free twin, -DACP_SHORTCUTS=OFF,
 * computes the same: BENCHMARKS.md); and the runners do meet the scenery: with every landblock
 * static ethereal and ignoring collisions (FindObjCollisions answers OK at once) the same runs end
 * elsewhere. The statics are the world's 50: the scenery of A9B5, AAB4 and AAB5 as `acphys world`
 * lists it (8 + 1 + 3 trees, 6 + 6 + 3 rocks, 8 + 7 + 8 bushes); A9B4 has none (its words carry no
 * scene bits, and the terrain workloads load no LandBlockInfo). */
static void wood_digest_pinned_and_meets_the_scenery(void)
{
    acp_bench *b = make(ACP_BENCH_WOOD, 100), *open = make(ACP_BENCH_WOOD, 100);
    if (!b || !open) {
        acp_bench_destroy(b);
        acp_bench_destroy(open);
        return;
    }
    acp_world *w = acp_bench_world(open);
    ENSURE_EQ(w->num_block_statics, 50u);
    for (uint32_t i = 0; i < w->num_block_statics; i++) w->block_statics[i]->state |= ACP_ETHEREAL_PS | ACP_IGNORE_COLLISIONS_PS;
    acp_bench_run(b, 60);
    acp_bench_run(open, 60);
    ENSURE_EQ(acp_bench_digest(b), 0x0f367e66529addd9ull);
    ENSURE(acp_bench_digest(open) != acp_bench_digest(b));
    acp_bench_destroy(b);
    acp_bench_destroy(open);
}

/* The town (issue 39): the mix the issue names, scaled to 100 objects (30 varied humanoids, 20
 * server-driven, 30 creatures, 20 missiles, 10 of them with 50-particle emitters) among the
 * cottage and the scenery, over 300 frames (10 s): the creatures move to points and to objects
 * and stick (a stuck creature stands by its target), the remote humanoids get an UpdatePosition
 * every 15 frames (20 × 300 / 15), the missiles hit objects and stop on the ground, and every
 * quantum moves each emitter's 50 particles. Then the bits of 100 objects after 60 frames,
 * pinned as this build computes them; the WASM build (tests/node/bench.test.mjs) and the
 * shortcut-free twin (scripts/twin.mjs) compute the same. */
static void town_is_the_mix_it_says(void)
{
    acp_bench *b = make(ACP_BENCH_TOWN, 100);
    if (!b) return;
    acp_world *w = acp_bench_world(b);
    acp_bench_town_counts c;
    ENSURE(acp_bench_town_get_counts(b, &c));
    ENSURE_EQ(c.roles[ACP_TOWN_VARIED], 30);
    ENSURE_EQ(c.roles[ACP_TOWN_REMOTE], 20);
    ENSURE_EQ(c.roles[ACP_TOWN_CREATURE], 30);
    ENSURE_EQ(c.roles[ACP_TOWN_MISSILE], 20);
    /* The world holds them: humanoids (varied and remote), drudges and quarrels. */
    uint32_t humanoids = 0, drudges = 0, quarrels = 0;
    for (uint32_t i = 0; i < w->num_objects; i++) {
        uint32_t id = w->objects[i]->part_array->setup->id;
        humanoids += id == 0x02000001u;
        drudges += id == 0x020007DDu;
        quarrels += id == 0x0200012Au;
    }
    ENSURE_EQ(w->num_objects, 100);
    ENSURE_EQ(humanoids, 50);
    ENSURE_EQ(drudges, 30);
    ENSURE_EQ(quarrels, 20);
    /* The wood's 50 scenery statics (wood_digest_pinned_and_meets_the_scenery) and the one
     * static object of A9B4's LandBlockInfo (beside the cottage, its building). */
    ENSURE_EQ(w->num_block_statics, 51u);
    uint32_t most_moving = 0, most_stuck = 0, stuck_near = 0;
    uint64_t p0 = acp_bench_particle_updates(b);
    for (int f = 0; f < 300; f++) {
        acp_bench_run(b, 1);
        uint32_t moving = 0, stuck = 0;
        for (uint32_t i = 0; i < w->num_objects; i++) {
            acp_physobj *o = w->objects[i];
            if (o->part_array->setup->id != 0x020007DDu) continue;
            moving += acp_physobj_is_moving_to(o);
            uint32_t target = acp_physobj_get_sticky_object_id(o);
            if (!target) continue;
            stuck++;
            acp_vec3 d = acp_position_get_offset(&o->position, &acp_world_object(w, target)->position);
            stuck_near += d.x * d.x + d.y * d.y < 3.0f * 3.0f;
        }
        if (moving > most_moving) most_moving = moving;
        if (stuck > most_stuck) most_stuck = stuck;
    }
    ENSURE(most_moving > 10u);
    ENSURE(most_stuck > 3u);
    ENSURE(stuck_near > 0u);
    ENSURE_EQ(acp_bench_particle_updates(b) - p0, 300u * 10u * 50u);
    ENSURE(acp_bench_town_get_counts(b, &c));
    ENSURE_EQ(c.update_positions, 20u * 300u / 15u);
    ENSURE(c.move_tos_to_points > 30u && c.move_tos_to_objects >= 30u && c.sticks > 3u);
    ENSURE(c.throws > 2u * 20u && c.missile_object_hits > 0u && c.missile_env_hits > 0u);
    acp_bench_destroy(b);
    acp_bench *d = make(ACP_BENCH_TOWN, 100);
    if (!d) return;
    acp_bench_run(d, 60);
    ENSURE_EQ(acp_bench_digest(d), 0x1b8572dcc5e8ce7full);
    acp_bench_destroy(d);
}

/* Every shadow entry's copy of its object's reach bound (origin, cell, scaled shape reach) is
 * what the object says, after crowds, terrain and dungeon rooms have moved, changed cells and
 * slid along each other for 40 frames; an origin written behind the setters' back is seen as
 * stale in each of the object's entries until refreshed; a scale hook refreshes the reach. */
static void shadow_reach_copies_in_step(void)
{
    const acp_bench_kind kinds[] = {ACP_BENCH_CROWD, ACP_BENCH_TERRAIN, ACP_BENCH_INDOOR};
    for (unsigned k = 0; k < 3; k++) {
        acp_bench *b = make(kinds[k], 300);
        if (!b) continue;
        acp_world *w = acp_bench_world(b);
        for (int f = 0; f < 4; f++) {
            acp_bench_run(b, 10);
            ENSURE_EQ(acp_objcell_stale_shadow_reach(w), 0u);
        }
        acp_physobj *o = w->objects[7];
        ENSURE(o->num_shadow_objects >= 1);
        uint32_t listed = 0;
        for (uint32_t i = 0; i < o->num_shadow_objects; i++) listed += o->shadow_objects[i].list != NULL;
        o->position.frame.origin.x += 0.25f;
        ENSURE_EQ(acp_objcell_stale_shadow_reach(w), listed);
        acp_objcell_refresh_shadow_reach(o);
        ENSURE_EQ(acp_objcell_stale_shadow_reach(w), 0u);
        double before = acp_objcell_shadow_reach_of(o).reach;
        acp_physobj_set_scale(o, 2.0f, 0.0);
        ENSURE_EQ(acp_objcell_stale_shadow_reach(w), 0u);
        ENSURE(acp_objcell_shadow_reach_of(o).reach == 2.0 * before);
        acp_bench_destroy(b);
    }
}

/* The shadow walk's bounds (the copies' float box four entries at a time, the exact reach,
 * the mover's own entry by address, the box and mask kept while a met object leaves the sweep
 * where it was) rule out only entries whose FindObjCollisions would answer OK and change
 * nothing: crowds, terrain humanoids and dungeon rooms give the same state, bit for bit, frame
 * after frame, as retail's walk as written (every entry's object but the mover's and parented
 * ones); and the crowd does meet: with every object ethereal and ignoring collisions
 * (FindObjCollisions answers OK at once) it ends elsewhere. */
static void walk_bounds_change_nothing(void)
{
    const acp_bench_kind kinds[] = {ACP_BENCH_CROWD, ACP_BENCH_TERRAIN, ACP_BENCH_INDOOR};
    const uint32_t sizes[] = {4000, 4000, 400}; /* crowds ~3 m apart; the rooms are crowded at 400 */
    for (unsigned k = 0; k < 3; k++) {
        acp_bench *fast = make(kinds[k], sizes[k]), *plain = make(kinds[k], sizes[k]);
        if (!fast || !plain) {
            acp_bench_destroy(fast);
            acp_bench_destroy(plain);
            continue;
        }
        acp_bench_world(plain)->shadow_walk_plain = true;
        for (int f = 0; f < 8; f++) {
            acp_bench_run(fast, 5);
            acp_bench_run(plain, 5);
            ENSURE_EQ(acp_bench_digest(fast), acp_bench_digest(plain));
        }
        if (kinds[k] == ACP_BENCH_CROWD) {
            acp_bench *apart = make(kinds[k], sizes[k]);
            acp_world *w = apart ? acp_bench_world(apart) : NULL;
            for (uint32_t i = 0; w && i < w->num_objects; i++) w->objects[i]->state |= ACP_ETHEREAL_PS | ACP_IGNORE_COLLISIONS_PS;
            if (apart) acp_bench_run(apart, 40);
            ENSURE(apart && acp_bench_digest(apart) != acp_bench_digest(fast));
            acp_bench_destroy(apart);
        }
        acp_bench_destroy(fast);
        acp_bench_destroy(plain);
    }
}

/* The varied workloads (issue 39): 100 humanoids, each with its own run rate in [1, 3], go
 * through every motion of the plan (run, walk, side-steps both ways, run turning both ways,
 * turning in place, stopping) at different times, and compute the same bits with the
 * root-motion memo (SHORTCUTS S1) as without it. `twin` (may be NULL): a world of the other
 * varied kind whose objects must hold the same motions at every frame (the same plans). */
static void varied_plans_run(acp_bench_kind kind, acp_bench_kind twin_kind)
{
    acp_bench *b = make(kind, 100), *plain = make(kind, 100), *twin = make(twin_kind, 100);
    if (!b || !plain || !twin) {
        acp_bench_destroy(b);
        acp_bench_destroy(plain);
        acp_bench_destroy(twin);
        return;
    }
    acp_bench_disable_root_memo(plain);
    acp_world *w = acp_bench_world(b), *tw = acp_bench_world(twin);
    enum { RUN, WALK, READY, SIDE_R, SIDE_L, RUN_TURN_R, RUN_TURN_L, TURN_ONLY, SEEN };
    uint32_t seen[SEEN] = {0}, changes_at_frame_1 = 0, other_plan = 0;
    float run_speed[100] = {0.0f}; /* each object's RunForward speed once seen */
    acp_interpreted_motion_state before[100];
    for (int f = 0; f < 240; f++) {
        for (uint32_t i = 0; i < w->num_objects; i++)
            before[i] = acp_movement_manager_get_minterp(w->objects[i]->movement_manager)->interpreted_state;
        acp_bench_run(b, 1);
        acp_bench_run(plain, 1);
        acp_bench_run(twin, 1);
        for (uint32_t i = 0; i < w->num_objects; i++) {
            const acp_interpreted_motion_state *s =
                &acp_movement_manager_get_minterp(w->objects[i]->movement_manager)->interpreted_state;
            const acp_interpreted_motion_state *ts =
                &acp_movement_manager_get_minterp(tw->objects[i]->movement_manager)->interpreted_state;
            if (memcmp(s, ts, sizeof *s) != 0) other_plan++;
            bool changed = s->forward_command != before[i].forward_command || s->turn_speed != before[i].turn_speed ||
                           s->sidestep_speed != before[i].sidestep_speed || s->turn_command != before[i].turn_command ||
                           s->sidestep_command != before[i].sidestep_command;
            if (f == 0 && changed) changes_at_frame_1++;
            bool turning = s->turn_command == ACP_MOTION_TURN_RIGHT;
            if (s->forward_command == ACP_MOTION_RUN_FORWARD) run_speed[i] = s->forward_speed;
            if (s->forward_command == ACP_MOTION_RUN_FORWARD) seen[turning ? (s->turn_speed > 0 ? RUN_TURN_R : RUN_TURN_L) : RUN]++;
            if (s->forward_command == ACP_MOTION_WALK_FORWARD) seen[WALK]++;
            if (s->forward_command == ACP_MOTION_READY && !turning && !s->sidestep_command) seen[READY]++;
            if (s->forward_command == ACP_MOTION_READY && turning) seen[TURN_ONLY]++;
            if (s->sidestep_command == ACP_MOTION_SIDESTEP_RIGHT) seen[s->sidestep_speed > 0 ? SIDE_R : SIDE_L]++;
        }
        if (f % 40 == 39) ENSURE_EQ(acp_bench_digest(b), acp_bench_digest(plain));
    }
    for (int k = 0; k < SEEN; k++) ENSURE(seen[k] > 0);
    ENSURE_EQ(other_plan, 0);
    /* Own run rates: in [1, 3], no two objects seen running alike. */
    uint32_t running = 0;
    for (uint32_t i = 0; i < 100; i++) {
        if (run_speed[i] == 0.0f) continue;
        running++;
        ENSURE(run_speed[i] >= 1.0f && run_speed[i] <= 3.0f);
        for (uint32_t j = 0; j < i; j++) ENSURE(run_speed[i] != run_speed[j]);
    }
    ENSURE(running >= 50u);
    /* Plans start out of step: a few objects change at frame 1 (1 in 60 each), not all. */
    ENSURE(changes_at_frame_1 < 20u);
    ENSURE_EQ(acp_bench_active_objects(b), 100u);
    uint64_t hits = 0, misses = 0;
    acp_bench_root_memo_counts(b, &hits, &misses);
    ENSURE(misses > 0);
    acp_bench_destroy(b);
    acp_bench_destroy(plain);
    acp_bench_destroy(twin);
}

/* The varied workload on terrain; its plans are varied-motion's. */
static void varied_objects_differ(void) { varied_plans_run(ACP_BENCH_VARIED, ACP_BENCH_VARIED_MOTION); }

/* varied-motion (issue 39): the varied plans without spheres or terrain (as motion is to
 * terrain): the same motions at every frame as the varied workload's objects, no sweep, and no
 * object moves from where it was placed (retail never translates an object without spheres),
 * while each turns its own way. */
static void varied_motion_objects_differ(void)
{
    varied_plans_run(ACP_BENCH_VARIED_MOTION, ACP_BENCH_VARIED);
    acp_bench *b = make(ACP_BENCH_VARIED_MOTION, 100);
    if (!b) return;
    acp_world *w = acp_bench_world(b);
    /* After the warm-up (60 frames): the same bits from the shortcut-free twin (build/twin) and
     * the WASM build (tests/node/bench.test.mjs). */
    acp_bench_run(b, 60);
    ENSURE_EQ(acp_bench_digest(b), 0x4d5c3d20fe77cb85ull);
    acp_position at[100];
    for (uint32_t i = 0; i < 100; i++) at[i] = w->objects[i]->position;
    uint64_t s0 = acp_bench_sweeps(b);
    acp_bench_run(b, 120);
    ENSURE_EQ(acp_bench_sweeps(b) - s0, 0);
    uint32_t turned = 0;
    for (uint32_t i = 0; i < 100; i++) {
        const acp_position *p = &w->objects[i]->position;
        ENSURE_EQ(p->objcell_id, at[i].objcell_id);
        ENSURE_FBITS(p->frame.origin.x, at[i].frame.origin.x);
        ENSURE_FBITS(p->frame.origin.y, at[i].frame.origin.y);
        ENSURE_FBITS(p->frame.origin.z, at[i].frame.origin.z);
        if (p->frame.qz != at[i].frame.qz || p->frame.qw != at[i].frame.qw) turned++;
    }
    ENSURE(turned > 20u && turned < 100u); /* turns in place and run-turns, not every plan */
    acp_bench_destroy(b);
}

/* The DAT workload: a generated DAT of about 2 MiB reads back, every record parsed. */
static void generated_dat_reads_back(void)
{
    size_t ps = 0;
    uint8_t *portal = dt_read_repo_file("data/portal-default.dat", &ps);
    if (!portal) return;
    uint8_t *dat = NULL;
    size_t size = 0;
    acp_dat_error err;
    ENSURE_EQ(acp_bench_dat_generate(2u << 20, portal, ps, &dat, &size, &err), ACP_DAT_OK);
    ENSURE(size >= (2u << 20));
    acp_bench_dat_result r;
    ENSURE_EQ(acp_bench_dat_read(acp_dat_source_memory(dat, size), &r, &err), ACP_DAT_OK);
    ENSURE(r.records > 100);
    ENSURE_EQ(r.skipped, 0);
    ENSURE(r.bytes >= (2u << 20));
    /* The excerpt itself: every record data/excerpts.manifest.json places in it (its 4 Setups,
     * 9 Animations, 2 MotionTables, the Region, a stand-in GfxObj for each of the Setups' 34 + 1
     * + 1 + 17 parts, and the building, scenery and dungeon stand-ins), each parsed. */
    ENSURE_EQ(acp_bench_dat_read(acp_dat_source_memory(portal, ps), &r, &err), ACP_DAT_OK);
    size_t ms = 0;
    char *m = (char *)dt_read_repo_file("data/excerpts.manifest.json", &ms);
    uint64_t listed = 0;
    const char *tag = "\"file\": \"data/portal-default.dat\"";
    for (const char *p = m; p && (p = strstr(p, tag)) != NULL; p += strlen(tag)) listed++;
    free(m);
    ENSURE(listed > 16 + 53);
    ENSURE_EQ(r.records, listed);
    free(dat);
    free(portal);
}

void suite_bench(void)
{
    RUN(crowd_collides);
    RUN(workloads_run_one_quantum_per_object_and_frame);
    RUN(motion_turns_and_terrain_runs);
    RUN(remote_interpolates);
    RUN(digest_repeats);
    RUN(digests_pinned);
    RUN(crowd_and_indoor_digests_pinned);
    RUN(wood_digest_pinned_and_meets_the_scenery);
    RUN(town_is_the_mix_it_says);
    RUN(shadow_reach_copies_in_step);
    RUN(walk_bounds_change_nothing);
    RUN(varied_objects_differ);
    RUN(varied_motion_objects_differ);
    RUN(generated_dat_reads_back);
}
