/* acphys — the benchmark driver shared by the native `acphys bench` command and the WebAssembly
 * module (wasm/abi/bench.c acp_abi_bench_*): worlds of N objects built from the default DAT excerpts,
 * the bare arithmetic kernel the issue compares against, and the DAT reading workload.
 *
 * CONVENTIONS
 *   Nothing here reads a clock: the host times the calls (native: clock_gettime in
 *   src/cli/bench_cmd.c; Node and the page: performance.now around the ABI call).
 *   Everything a world needs is allocated by acp_bench_create; acp_bench_run only calls
 *   acp_world_use_time (which allocates nothing: the hosts count allocations around it).
 *   Frame k (k = 1, 2, ...) is at t_k = k · ACP_BENCH_FRAME_STEP seconds. The step is the
 *   binary fraction 34953 / 2^20 s (0.0333338 s, 29.9996 Hz), a hair above the retail world
 *   gate's 1/30 s, so every frame passes the gate and every object simulates one quantum per
 *   frame; k · step is exact in double, so no frame falls short of the gate by a rounding.
 *   Object-quanta are counted (acp_world.num_quanta, the quanta the records list), not assumed.
 */
#ifndef ACP_BENCH_H
#define ACP_BENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dat/dat.h"

struct acp_world;

/** Seconds between frames (see CONVENTIONS). */
#define ACP_BENCH_FRAME_STEP (34953.0 / 1048576.0)

/** The workloads of the issue. */
typedef enum acp_bench_kind {
    /* (a) motion only: humanoids (Setup 0x02000001 without its spheres, MotionTable 0x09000001)
     *     running and turning (the recorded player's RunForward 2.0039682 + TurnRight 1.5) in a
     *     world without terrain; no sphere, so no transition runs (retail never translates such
     *     an object: the animation, root motion, physics step and part placement all run). */
    ACP_BENCH_MOTION = 0,
    /* (b) the terrain sweep: the humanoid with its two spheres, entered by SetPosition onto the
     *     real terrain of landblocks A9B4, A9B5, AAB4 and AAB5, running and turning: one
     *     CTransition per quantum. */
    ACP_BENCH_TERRAIN = 1,
    /* (c) static animating objects: STATIC_PS humanoids whose Setup (a copy of 0x02000001 with
     *     DefaultAnimation 0x0300F001) puts them in CPhysics' static animating workset. */
    ACP_BENCH_STATIC = 2,
    /* (d) objects the server drives (issue 13): the humanoid with its spheres in a world without
     *     terrain, running and turning, each receiving an UpdatePosition every 0.5 s (15 frames,
     *     staggered by object) 4 m ahead of it, which CPhysicsObj::InterpolateTo queues (the
     *     branch MoveOrTeleport takes within 96 m of the player) and the PositionManager walks. */
    ACP_BENCH_REMOTE = 3,
    /* (e) a crowd (issue 14): the terrain workload's humanoids packed into one landblock's area
     *     (a 184 m square centred where the four landblocks meet, so that the crowd stays on
     *     loaded terrain), running in circles: every sweep meets the others through the cells'
     *     shadow lists, and the cost per quantum grows with the density. */
    ACP_BENCH_CROWD = 4,
    /* (f) particles (issue 16): the motion workload, each humanoid with a persistent emitter of
     *     50 live LocalVelocity particles (a synthetic ParticleEmitterInfo the bench adds), so
     *     every quantum ends with ParticleManager::UpdateParticles over 50 particles. */
    ACP_BENCH_PARTICLES = 5,
    /* (g) indoors (issue 15): the humanoid with its spheres, entered by SetPosition into the
     *     stand-in EnvCells (alternately the dungeon corridor 0x3A11012A..D and the cottage's
     *     interior 0xA9B40100, on a grid over each), running and turning: every sweep meets the
     *     cells' CellStruct physics BSPs (walls, floors, steps) and crosses their portals. The
     *     objects are ETHEREAL_PS so that a dense room measures the BSP sweeps, not the
     *     objects pushing one another (the crowd workload measures that). */
    ACP_BENCH_INDOOR = 6,
    /* (h) varied humanoids (issue 39): the terrain workload's humanoids, each with its own run
     *     rate in [1, 3] and its own seeded plan of motions (ACP_BENCH_VARIED_SEED): run, walk,
     *     side-step right or left, run turning right or left, turn in place, stop (Ready) and
     *     start again, each held 20..79 frames (an object farther than 16 m from home first turns
     *     to face it); the first one lasts 1..60 frames, so objects
     *     change at different times and their cycles run out of phase. No two objects repeat one
     *     another's animation, so the root-motion memo (SHORTCUTS S1) rarely answers. */
    ACP_BENCH_VARIED = 7,
    /* (i) the wood (issue 34): the terrain workload's humanoids running and turning through the
     *     stand-in scenery of landblocks A9B5, AAB4 and AAB5 (the wood of the bundled scenario
     *     through-the-wood: CLandBlock::get_land_scenes' trees with their cylinders, rocks with
     *     their physics BSPs, bushes without physics) and A9B4's LandBlockInfo tree. Object i
     *     starts 2 m before static object i mod m of the m the four landblocks hold (in
     *     init_static_objs' order), 0.5 m to the left of its line, heading north at it (then
     *     east, south, west for the next rounds of m objects): its run-and-turn circle
     *     (RunForward 2.0039682 + TurnRight 1.5) passes by the static every lap, so its sweeps meet
     *     the scenery's shapes (CCylSphere, the BSPs) through the cells' shadow lists. */
    ACP_BENCH_WOOD = 8,
    /* (j) a town (issue 39): n mixed objects on the terrain of the wood (the four landblocks, the
     *     scenery of A9B5, AAB4 and AAB5) with A9B4's LandBlockInfo (the cottage, its interior
     *     EnvCell and its statics), on the varied workload's grid; object i's role by i mod 10
     *     (V R C M V C R M V C: 3 in 10 varied, 2 remote, 3 creatures, 2 missiles):
     *     - varied humanoids: the varied workload's plans (ACP_BENCH_VARIED_SEED);
     *     - remote humanoids: running and turning, an UpdatePosition 4 m ahead every 15 frames
     *       through CPhysicsObj::InterpolateTo, as the remote workload (on terrain here);
     *     - creatures (the drudge, Setup 0x020007DD, MotionTable 0x09000008), each with its own
     *       seeded plan (ACP_BENCH_TOWN_SEED): a move-to (MoveToManager) to a point up to 12 m from
     *       home, then a sticky move-to to another object (the preceding varied humanoid, or another
     *       creature), the StickyManager holding it there for 60..119 frames, unstick, again; a move
     *       that has not arrived in 240 frames is cancelled and the plan goes on;
     *     - missiles (the quarrel, Setup 0x0200012A, state ReportCollisions | Missile | AlignPath |
     *       PathClipped | Gravity | Inelastic), thrown on a 1 s ballistic arc at the next object
     *       (its origin 1 m up), thrown again from where they are once a hit has ended the flight
     *       (report_object_collision and report_environment_collision clear MISSILE_PS) or after
     *       120 frames;
     *       every other missile carries the particles workload's emitter (50 live particles). */
    ACP_BENCH_TOWN = 9,
    /* (k) varied motion (issue 39): the varied workload's plans (own run rates, phases and
     *     mixes of motions, ACP_BENCH_VARIED_SEED) on the motion workload's humanoids (no
     *     spheres, no terrain: no sweep, as motion is to terrain): the figure to set beside
     *     PhatSDK's 1,469 instructions per object-quantum without identical animations. */
    ACP_BENCH_VARIED_MOTION = 10,
    ACP_BENCH_KIND_COUNT
} acp_bench_kind;

/** The varied workload's seed (its plans depend on it and on the object index alone). */
#define ACP_BENCH_VARIED_SEED 39u

/** The town workload's creature plans' seed. */
#define ACP_BENCH_TOWN_SEED 0x70776Eu

/** "motion", "terrain", "static", "remote", "crowd", "particles", "indoor", "varied", "wood",
 *  "town", "varied-motion"; NULL for an unknown kind. */
const char *acp_bench_kind_name(acp_bench_kind kind);
/** The kind of a name; false when unknown. */
bool acp_bench_kind_from_name(const char *name, acp_bench_kind *out);

/** Why acp_bench_create failed. */
typedef enum acp_bench_status {
    ACP_BENCH_OK = 0,
    ACP_BENCH_ERR_ARGUMENT = 1,       /* unknown kind, no objects */
    ACP_BENCH_ERR_DAT = 2,            /* an excerpt did not parse */
    ACP_BENCH_ERR_RECORD = 3,         /* a record the workload needs is missing */
    ACP_BENCH_ERR_OUT_OF_MEMORY = 4,
    ACP_BENCH_ERR_PLACEMENT = 5       /* an object could not be entered into the world */
} acp_bench_status;

/** Message of a status. */
const char *acp_bench_status_string(acp_bench_status status);

typedef struct acp_bench acp_bench;

/** Build a world of `num_objects` objects of `kind` from the portal and cell excerpts
 *  (data/portal-default.dat and data/cell-default.dat, or DATs holding the same records; the
 *  bytes are parsed now and not kept). Objects stand on a grid (motion and static: 1 m apart;
 *  terrain: spread over the four landblocks with the landblock edges kept clear) and have had
 *  their motion applied at t = 0. NULL on failure, with *status (may be NULL) telling why. */
acp_bench *acp_bench_create(acp_bench_kind kind, uint32_t num_objects, const uint8_t *portal, size_t portal_size,
                            const uint8_t *cell, size_t cell_size, acp_bench_status *status);

/** Release the world, its terrain and its records (NULL is ignored). */
void acp_bench_destroy(acp_bench *b);

/** Run the next `frames` frames (acp_world_use_time at t_k). */
void acp_bench_run(acp_bench *b, uint32_t frames);

/** Run the next `frames` frames, checking after each that the world's quanta counter grew by
 *  the quanta the objects' update records list (the definition of object-quanta) and that each
 *  object simulated exactly one quantum. Returns the number of frames that failed the check. */
uint32_t acp_bench_verify(acp_bench *b, uint32_t frames);

/** Object-quanta simulated so far. */
uint64_t acp_bench_quanta(const acp_bench *b);
/** Frames run so far. */
uint64_t acp_bench_frames(const acp_bench *b);
/** Particle::Update calls run so far (the particles workload's particle updates). */
uint64_t acp_bench_particle_updates(const acp_bench *b);
/** Terrain sweeps (CPhysicsObj::transition calls) run so far. */
uint64_t acp_bench_sweeps(const acp_bench *b);
/** The world's root-motion memo lookups so far: answered from a slot (`hits`) and computed
 *  (`misses`); both 0 when the memo is off. */
void acp_bench_root_memo_counts(const acp_bench *b, uint64_t *hits, uint64_t *misses);
/** Turn the root-motion memo off for every object (each computes its root motion every
 *  update, as before the memo): the counterfactual `acphys bench ... --root-memo off` measures. */
void acp_bench_disable_root_memo(acp_bench *b);
/** Number of objects that are still active (ACTIVE_TS) and in a cell. */
uint32_t acp_bench_active_objects(const acp_bench *b);
/** The world (read-only use: tests and the page). */
struct acp_world *acp_bench_world(acp_bench *b);
/** A digest of every object's cell, frame, velocity and transient bits and its last part's
 *  frame (FNV-1a, 64 bits): equal for two builds only when they computed the same bits. Reading
 *  the part frame places the object's pending parts (partarray.h); no later result changes. */
uint64_t acp_bench_digest(acp_bench *b);

/** The town workload's roles (ACP_BENCH_TOWN). */
typedef enum acp_bench_town_role {
    ACP_TOWN_VARIED = 0,
    ACP_TOWN_REMOTE = 1,
    ACP_TOWN_CREATURE = 2,
    ACP_TOWN_MISSILE = 3,
    ACP_TOWN_ROLE_COUNT
} acp_bench_town_role;

/** The town's role of object i (its index in creation order, not its id). */
acp_bench_town_role acp_bench_town_role_of(uint32_t i);

/** What the town workload has done so far (counted where its messages are issued). */
typedef struct acp_bench_town_counts {
    uint32_t roles[ACP_TOWN_ROLE_COUNT]; /* objects of each role */
    uint64_t update_positions;        /* InterpolateTo calls for the remote humanoids */
    uint64_t move_tos_to_points;      /* MoveToPosition move-tos issued to creatures */
    uint64_t move_tos_to_objects;     /* sticky MoveToObject move-tos issued */
    uint64_t sticks;                  /* sticky move-tos that arrived and stuck */
    uint64_t throws;                  /* missiles thrown (the first throws included) */
    uint64_t missile_object_hits;     /* frames in which a missile's collision with an object began */
    uint64_t missile_env_hits;        /* frames in which a missile reported an environment collision */
} acp_bench_town_counts;

/** The town's counts; false (nothing written) for another kind. */
bool acp_bench_town_get_counts(const acp_bench *b, acp_bench_town_counts *out);

/* ---- the bare kernel ----
 * The arithmetic the issue calls the floor of one quantum: two frame compositions (the
 * animation's root-motion frame into the identity offset, Frame::combine(AFrame); the offset
 * into the object's frame, Frame::combine), one axis-angle rotation (Frame::grotate by ω·dt) and
 * the gravity step (x += v·dt + ½·a·dt², v += a·dt), with the core's own frame functions, for
 * N independent objects. No animation bookkeeping, no motion table, no part placement. */

typedef struct acp_bench_kernel acp_bench_kernel;

/** N kernel objects at distinct starting frames; NULL when out of memory. */
acp_bench_kernel *acp_bench_kernel_create(uint32_t num_objects);
/** Release the kernel (NULL is ignored). */
void acp_bench_kernel_destroy(acp_bench_kernel *k);
/** Run `quanta` quanta of 1/30 s on every object: num_objects · quanta object-quanta. */
void acp_bench_kernel_run(acp_bench_kernel *k, uint32_t quanta);
/** A digest of the kernel objects' frames (keeps the work observable). */
uint64_t acp_bench_kernel_digest(const acp_bench_kernel *k);

/* ---- DAT reading ---- */

/** What reading a whole DAT found. */
typedef struct acp_bench_dat_result {
    uint64_t records;                 /* records read and parsed */
    uint64_t bytes;                   /* record bytes read (the sum of the entries' sizes) */
    uint64_t skipped;                 /* entries of types acphys does not parse (read, not parsed) */
} acp_bench_dat_result;

/** Read every record of the DAT behind `src` as the record store does: open the container,
 *  enumerate the B-tree, read each record's block chain and parse it (then release it).
 *  The source must answer synchronously. */
acp_dat_status acp_bench_dat_read(acp_dat_source src, acp_bench_dat_result *out, acp_dat_error *err);

/** Write a portal-kind DAT of about `target_bytes` bytes whose records are copies of the
 *  portal excerpt's Setups, Animations and MotionTables under fresh ids (each copy's own id
 *  rewritten), in the retail container format: *out (malloc'd) and *out_size. */
acp_dat_status acp_bench_dat_generate(uint64_t target_bytes, const uint8_t *portal, size_t portal_size,
                                      uint8_t **out, size_t *out_size, acp_dat_error *err);

#endif
