/* acphys — the benchmark driver's own shared parts (src/bench: bench.c and the town workload,
 * town.c); not an interface for anyone else. */
#ifndef ACP_BENCH_INTERNAL_H
#define ACP_BENCH_INTERNAL_H

#include "bench.h"
#include "physics/object/physobj.h"
#include "physics/world/physics.h"

struct acp_terrain;
typedef struct acp_bench_town acp_bench_town;

#define ACP_BENCH_EMITTER 0x3200FFFFu          /* the particles workload's emitter (acp_bench_add_emitter) */
#define ACP_BENCH_EMITTER_PARTICLES 50u        /* its live particles per object */

struct acp_bench {
    acp_bench_kind kind;
    uint32_t num_objects;
    acp_datset *dats;
    acp_setup setup;                  /* the workload's copy of the humanoid Setup */
    acp_record_source records;
    struct acp_terrain *terrain;
    acp_world *world;
    uint64_t frames;
    struct varied_plan *plans;        /* the varied (and town) workload's plan of each object (else NULL) */
    struct acp_bench_town *town;      /* the town workload's state (else NULL) */
};

/** One object's plan: its own generator, run rate and the frame of its next change. */
typedef struct varied_plan {
    uint64_t rng;                     /* splitmix64 state */
    acp_physobj *obj;
    acp_position home;                /* where it entered the world */
    uint64_t next_frame;              /* the frame whose start applies the next motion */
    float run_rate;                   /* in [1, 3] */
} varied_plan;

/** splitmix64: the next 64 bits of the generator *state. */
uint64_t acp_bench_splitmix64(uint64_t *state);
/** The varied workload's start for object i (plans[i], home already set): its seeded plan, run
 *  rate and first motion, the first motion lasting 1..60 frames. */
void acp_bench_varied_start(acp_bench *b, uint32_t i, acp_physobj *obj);
/** The terrain workload's grid position of object i (the varied workload's 64 m margin for the
 *  varied and town kinds), at the terrain height. */
acp_position acp_bench_terrain_position(const acp_bench *b, uint32_t i);
/** RunForward 2.0039682 + TurnRight 1.5 (the recorded player's run and turn). */
void acp_bench_run_and_turn(acp_physobj *obj);
/** Add the particles workload's emitter record ACP_BENCH_EMITTER to the set; false when out of memory. */
bool acp_bench_add_emitter(acp_datset *set);

/* ---- the town workload (town.c) ---- */

/** Allocate the town's state for b->num_objects objects (after the world and terrain exist,
 *  before the objects are added): the emitter record, the particle pool, the roles. */
acp_bench_status acp_bench_town_prepare(acp_bench *b);
/** Add the town's object i (id `id`): its role's Setup, state, position and first motion. */
acp_bench_status acp_bench_town_add(acp_bench *b, uint32_t id, uint32_t i);
/** After every object is in: the creatures' targets (their target managers' rooms made now, so
 *  no frame allocates) and first move-tos, the missiles' first throws. */
acp_bench_status acp_bench_town_finish(acp_bench *b);
/** The town's messages of this frame (before UseTime): varied plans, UpdatePositions, move-tos
 *  and sticks, throws. Allocates nothing. */
void acp_bench_town_frame(acp_bench *b);
/** Release the town's state (NULL is ignored). */
void acp_bench_town_destroy(acp_bench_town *t);

#endif
