/* acphys — retail CPhysics and the part of CObjectMaint it uses: the world of objects, its clock
 * profile, and UseTime, which advances every object for one render frame.
 *
 * CONVENTIONS
 *   Times are double seconds on the caller's clock: `now` is retail's Timer::cur_time.
 *   The world owns its objects (created by acp_world_add_object) and every buffer an update
 *   needs: acp_world_use_time allocates nothing and does no I/O. The objects, their part arrays
 *   and motion table managers come from the world's slabs (slab.h), in the order they are made.
 *   Objects are updated in retail's object-table order: CObjectMaint::object_table is a LongHash
 *   of 128 buckets, bucket (id ^ id >> 8) & 127, each chain newest first; CPhysics::UseTime walks
 *   it bucket by bucket. The static animating objects follow, in the order they were added.
 */
#ifndef ACP_PHYSICS_H
#define ACP_PHYSICS_H

#include <stdbool.h>
#include <stdint.h>

#include "physics/object/physobj.h"
#include "base/slab.h"
#include "transition.h"

struct acp_datset;
struct acp_terrain;

/** The clock profiles (docs/RETAIL-CONTRACT.md §4): which update_object ladder and world gate
 *  the world runs. */
typedef enum acp_clock_profile {
    ACP_PROFILE_RETAIL = 0,          /* Hex-Rays reading of the 2013 client (default) */
    ACP_PROFILE_ACDREAM_R6 = 1,      /* acdream's R6 note, a BinaryNinja reading */
    ACP_PROFILE_ACE = 2,             /* ACEmulator's server clock, for comparison */
    ACP_PROFILE_RENDER_FRAME = 3     /* retail's clock, but the script and particle managers advance
                                        once per render frame (UseTime call), not inside each
                                        admitted object update: seed 001's TS-51 residual */
} acp_clock_profile;

/** The quantum constants of a profile, in the types that profile uses. */
typedef struct acp_clock_constants {
    double min_quantum;              /* seconds (retail: double 1/30; r6: float 1/30) */
    double max_quantum;              /* seconds (retail: double 0.2; r6: float 0.2; ACE 0.1) */
    double huge_quantum;             /* seconds (2.0) */
    double epsilon;                  /* seconds (the float 0.0002f) */
} acp_clock_constants;

/** Comparison modes: a peer's departure from a retail physics rule, run on purpose so a port
 *  author sees what it does to a walk, a slide or a fall (acphys run --peer NAME; the peers
 *  group of the conformance suite). Off (0) for retail. docs/DEVIATIONS.md, "Comparison modes". */
typedef enum acp_peer_rule {
    /** ACE's MaxQuantum: update_object's slices are ACE's float 0.1f (PhysicsGlobals.cs:41,
     *  `public const float MaxQuantum = 0.1f`) instead of retail's 0.2 (MAX_QUANTUM_97), the rest
     *  of the profile's ladder unchanged. */
    ACP_PEER_ACE_MAX_QUANTUM = 1u << 0,
    /** ACE's sledding friction: PhysicsObj.calc_friction (PhysicsObj.cs:2135) takes friction
     *  0.2 at |v|² ≥ 6.25 when the contact normal's z > 0.99999536 (nearly flat ground), where
     *  retail's CPhysicsObj::calc_friction (0x0050EE70) takes it when the normal's z is below
     *  cos 10° (slopes steeper than 10°). */
    ACP_PEER_ACE_SLED_FRICTION = 1u << 1,
    /** ACE's water-depth corner: LandblockStruct.calc_water_depth (LandblockStruct.cs:664-668)
     *  takes the east column when `point.X % 24.0f >= 12.0f` and the north row when
     *  `point.Y % 24.0f >= 12.0f`, so a point on the cell's midline reads the east (north)
     *  corner, where retail's CLandBlockStruct::calc_water_depth (0x005315F0) reads the west
     *  (south) one (docs/DEVIATIONS.md T4). */
    ACP_PEER_ACE_WATER_DEPTH = 1u << 2,
    /** ACE's MovementParameters defaults: its constructor (MovementParameters.cs:50, 58) sets
     *  CanCharge and WalkRunThreshold 1.0f, where retail's MovementParameters::MovementParameters
     *  gives the bitfield 0x1EE0F (can_charge clear) and walk_run_threshhold 15.0. A scenario's
     *  move_to takes ACE's two values for the fields it does not name. */
    ACP_PEER_ACE_MOVETO_DEFAULTS = 1u << 3,
    /** GDLE PhatSDK's water-depth corner: CLandBlockStruct::calc_water_depth (bDekaru/ClassicDereth
     *  Source/PhatSDK/LandBlockStruct.cpp:813-817) takes the east column when `fmod(point->x, 24.0f) >
     *  12.0f` and the north row when `fmod(point->y, 24.0f) > 12.0f`: on a cell's own east
     *  (north) edge, where the remainder is 0, the west (south) corner, where retail's reads the
     *  east (north) one; on the midline it agrees with retail. */
    ACP_PEER_GDLE_WATER_DEPTH = 1u << 4
} acp_peer_rule;
#define ACP_PEER_RULE_COUNT 5

/** The name of peer rule bit i ("ace-max-quantum", "ace-sled-friction", "ace-water-depth",
 *  "ace-moveto-defaults", "gdle-water-depth"), NULL past the last. */
const char *acp_peer_rule_name(uint32_t i);

/** The constants of a profile. (Inline: update_object reads them every call.) */
static inline acp_clock_constants acp_clock_profile_constants(acp_clock_profile profile)
{
    acp_clock_constants k = {1.0 / 30.0, 1.0 / 5.0, 2.0, ACP_F_EPSILON};
    if (profile == ACP_PROFILE_ACDREAM_R6) {
        k.min_quantum = (double)(1.0f / 30.0f);
        k.max_quantum = (double)0.2f;
        k.huge_quantum = (double)2.0f;
    } else if (profile == ACP_PROFILE_ACE) {
        k.max_quantum = 0.1;
    }
    return k;
}

/** The profile's name ("retail", "acdream-r6", "ace", "render-frame"); NULL for an unknown value. */
const char *acp_clock_profile_name(acp_clock_profile profile);
/** The profile of a name; false when unknown. */
bool acp_clock_profile_from_name(const char *name, acp_clock_profile *out);

#define ACP_OBJECT_BUCKETS 128

/** The Setup retail makes for a GfxObj static (CSetup::makeSimpleSetup 0x00520090): one part,
 *  the GfxObj; its placement Default (key 0) with the part at the object's frame; sorting sphere
 *  the GfxObj's physics sphere, else its drawing sphere; every other member CSetup::CSetup's
 *  default (no spheres, cylinders, heights or defaults). */
typedef struct acp_simple_setup {
    acp_setup setup;
    uint32_t part;
    acp_placement placement;
    acp_aframe part_frame;
} acp_simple_setup;

/** Retail CPhysics + CObjectMaint. */
typedef struct acp_world {
    acp_clock_profile profile;
    double now;                      /* Timer::cur_time of the current or last UseTime, seconds */
    double last_update;              /* CPhysics last_update, seconds */
    double physics_time;             /* PhysicsTimer::curr_time, seconds */
    bool gate_passed;                /* the last UseTime ran the objects */
    bool obj_maint_active;           /* CObjectMaint::is_active: true in play */
    uint32_t num_objects, cap_objects;
    acp_physobj **objects;           /* in update order (see above) */
    uint32_t *insert_serial;         /* per slot: insertion counter, for the newest-first chains */
    uint32_t next_serial;
    uint32_t num_static, cap_static;
    acp_physobj **static_objects;    /* CPhysics::static_animating_objects */
    uint32_t num_block_statics, cap_block_statics;
    acp_physobj **block_statics;     /* the attached terrain's landblock static objects
                                        (CLandBlock::static_objects, landblock after landblock;
                                        made by acp_terrain_attach, sized there): id 0, not in
                                        the object table, updated only if static animating */
    uint32_t num_simple_setups, cap_simple_setups;
    acp_simple_setup *simple_setups; /* the GfxObj statics' Setups (as many as block_statics) */
    uint32_t index_mask;             /* id index: open addressing over index_mask + 1 slots */
    acp_physobj **index;             /* every object of the world by id (acp_world_object) */
    acp_physobj *player;             /* CPhysicsObj::player_object, or NULL */
    const struct acp_datset *dats;   /* records the objects use (not owned) */
    struct acp_terrain *terrain;     /* loaded landblocks (not owned); NULL = fixture world */
    acp_transition transit[ACP_TRANSITION_POOL]; /* retail's static transit[10] (T14) */
    int transition_level;            /* slots taken (CTransition::transition_level) */
    uint32_t rng;                    /* xorshift32 state for retail's Random (CallPES pauses) */
    uint64_t num_sweeps;             /* CPhysicsObj::transition calls that ran the terrain sweep */
    acp_world_slabs slabs;           /* the objects', part arrays' and motion table managers' blocks */
    uint64_t num_quanta;             /* object-quanta simulated: UpdateObjectInternal calls and
                                        animate_static_object updates (the records' quanta) */
    /* Not retail: a host's per-quantum recorder (acphys run --records quanta), called after each
     * UpdateObjectInternal of update_object's clock ladder with the object and its quantum
     * (seconds) while physics_time is that quantum's end; NULL (the default) calls nothing.
     * It may clear transit[0].insert_state (which no physics reads) and must change nothing
     * else. */
    void (*quantum_hook)(void *user, const struct acp_physobj *obj, float quantum);
    void *quantum_hook_user;
    uint32_t peer_rules;             /* Not retail: comparison modes (acp_peer_rule bits), 0 for
                                        retail; docs/DEVIATIONS.md "Comparison modes" */
    /* ---- object collisions (issue 14) ---- */
    acp_shadow_pool shadows;         /* every loaded cell's shadow list (from acp_terrain_attach) */
    struct acp_cell_info *shadow_cells; /* not retail (T3): the cell array objects' shadow lists
                                        are built in, cap_shadow_cells long, when an object
                                        needs more than ACP_MAX_TRANSITION_CELLS (else NULL) */
    uint32_t cap_shadow_cells;
    uint32_t shadow_cells_limit;     /* tests only: 0, or the most cells any shadow list may hold
                                        (acp_world_fit_shadow_cells sizes no further) */
    bool shadow_walk_plain;          /* tests only: CObjCell::find_obj_collisions walks as retail
                                        writes it, FindObjCollisions for every entry but the
                                        mover's and parented ones, without the bounds that rule
                                        entries out (objcell.c find_in_list: the same results) */
    uint64_t frame_serial;           /* UseTime calls so far: the frame the reports belong to */
    bool frame_open;                 /* acp_world_begin_frame ran: the next UseTime keeps the serial */
    uint32_t num_gfxobjs, cap_gfxobjs;
    struct acp_gfxobj_physics **gfxobjs; /* the GfxObj physics built for its objects' parts
                                        (gfxobj_cache.c; retail DBObj's cache of CGfxObj) */
    struct acp_fx_pool *fx_pool;     /* scripts and particles (physics/object/object_fx.h) */
    struct acp_root_memo *root_memo; /* the objects' root-motion memo (anim/root_motion_memo.h;
                                        not retail: the same bits, computed once) */
    struct acp_inspect *inspect;     /* not retail: the quantum inspector's record (world/inspect.h)
                                        while one frame of one object is inspected; else NULL
                                        (set with acp_inspect_attach) */
    uint64_t children_dropped;       /* not retail (DEVIATIONS P60): add_child refusals because the
                                        parent had no reserved child list or it was full */
    bool sweep_detour;               /* not retail: terrain == NULL (the fixture world) or inspect
                                        set; CPhysicsObj::transition's one test before its usual
                                        sweep (acp_world_create, acp_terrain_attach and
                                        acp_inspect_attach keep it) */
} acp_world;

/** Not retail (DEVIATIONS T3; retail's CELLARRAY and shadow DArrays grow): make room for obj's
 *  shadow cell list as its shapes, frame and scale bound it (acp_physobj_shadow_cells_bound):
 *  wide shadow slots from the pool (acp_shadow_pool_take_wide, with blocks for their entries)
 *  and a world cell array that long for calc_cross_cells. Called where objects are placed
 *  (acp_world_place_object, acp_world_enter_object, acp_physobj_add_obj_to_cell: load time and
 *  a scenario's placing events), never in update_object;
 *  obj's shadows, if any, are removed first (they are added again by the caller). Out of memory
 * , past shadow_cells_limit or past ACP_MAX_FIT_SHADOW_CELLS: sized no further (the cells past it are counted, cells_dropped). */
void acp_world_fit_shadow_cells(acp_world *w, struct acp_physobj *obj);
/** The largest bound acp_world_fit_shadow_cells sizes for (a larger one is a malformed or absurd
 *  shape: the object keeps 18 and its cells past them are counted). */
#define ACP_MAX_FIT_SHADOW_CELLS 65536u

/** The physics of GfxObj `id` of the world's records, built the first time it is asked for
 *  (load time: CPhysicsObj creation) and kept until the world is destroyed (a GfxObj without a
 *  physics BSP too: has_physics_bsp false, its bounding box for the cells its part reaches);
 *  NULL without records, for a missing id, a malformed one or out of memory.
 *  Retail: DBObj::Get of the part's CGfxObj (the physics half of CGfxObj::Serialize). */
const struct acp_gfxobj_physics *acp_world_gfxobj_physics(acp_world *w, uint32_t id);

/** Release the GfxObj physics the world built (acp_world_destroy calls it). */
void acp_world_free_gfxobjs(acp_world *w);

/** Create an empty world for up to `capacity` objects (plus as many static animating ones).
 *  last_update = now = physics_time = 0. NULL when out of memory. */
acp_world *acp_world_create(acp_clock_profile profile, uint32_t capacity);

/** Destroy the world and every object it owns. */
void acp_world_destroy(acp_world *world);

/** Create an object with retail's defaults and add it to the object table (update order as
 *  above). NULL when the id is taken or the table is full. The object has no cell until it
 *  is placed (acp_world_place_object). */
acp_physobj *acp_world_add_object(acp_world *world, uint32_t id);
/** Grow the object table (and the static workset and the id index with it) to hold `capacity`
 *  objects, between frames only (a scenario run's objects added while it runs,
 *  acp_run_add_object; never inside acp_world_use_time). The update order is unchanged: it is
 *  the table's own (bucket, then newest first). False when out of memory (the world stays
 *  usable at its old capacity). */
bool acp_world_reserve_objects(acp_world *world, uint32_t capacity);

/** A landblock's static object from Setup (0x02......) or GfxObj (0x01......) `data_did` of
 *  the world's records: id 0, STATIC_PS, TRANSIENT 0x80 cleared, update_time now, its part
 *  array and Setup defaults (a Setup with a default animation or script joins the static
 *  animating workset), placement frame Resting (a GfxObj's simple Setup has only Default);
 *  not in the object table and without a cell. A GfxObj takes the next of the world's
 *  simple_setups (CPartArray::CreateMesh 0x00519640 → SetMeshID 0x00519150 →
 *  CSetup::makeSimpleSetup).
 *  NULL without records, for a missing record, any other id, no simple Setup left, or out of
 *  memory. Load time only (slab allocation). Retail: CPhysicsObj::makeObject(data_did, 0, 0)
 *  (0x00513970) → InitObjectBegin (0x0050FF80), InitPartArrayObject (0x005126B0),
 *  InitObjectEnd (0x0050FFE0). */
acp_physobj *acp_world_make_static_object(acp_world *world, uint32_t data_did);

/** Destroy an object acp_world_make_static_object made (its part array and managers; out of the
 *  static animating workset). Retail: CPhysicsObj's deleting destructor. */
void acp_world_release_static_object(acp_world *world, acp_physobj *obj);

/** Find an object by id; NULL when absent. */
acp_physobj *acp_world_object(const acp_world *world, uint32_t id);

/** Take object `id` out of the world and destroy it: CPhysicsObj::exit_world (0x00514E60: its
 *  collisions end, voyeurs are told, it unsticks), CPhysicsObj::leave_world (0x005155A0: out of
 *  its cell and shadows), then out of the object table, the static animating workset, the id
 *  index and the player slot, and its blocks go back to the world's slabs. Its scripts and
 *  emitters go back to the world's fx pool (acp_physobj_release_fx: CPhysicsObj::Destroy
 *  0x00513AD0 deletes its ParticleManager and ScriptManager). False when no
 *  object has the id. Load time only (not inside acp_world_use_time). */
bool acp_world_remove_object(acp_world *world, uint32_t id);

/** Not retail (a refused object import): take object `id` out of the table and out of the static
 *  animating objects (where the read's InitDefaults may have put it; the others keep their
 *  order) and free its storage directly, running no world-exit logic (a half-read object's
 *  state need not be consistent),
 *  give its fx block back (the one the read took: the pool as it was; its particle slots are the
 *  caller's), and set the world's insertion serial back to `serial` (its value before the
 *  object was added), so the world is as it was. The object must be in no cell's list. False
 *  when absent. */
bool acp_world_discard_object(acp_world *world, uint32_t id, uint32_t serial);

/** Make `obj` the player object (the 96 m activity gate measures from it); NULL for none. */
void acp_world_set_player(acp_world *world, acp_physobj *obj);

/** Move `obj` from the object table to the static animating workset (CPhysics::
 *  AddStaticAnimatingObject); it is then run only by animate_static_object. */
void acp_world_add_static_animating(acp_world *world, acp_physobj *obj);

/** Put an object into the world with its frame as given ("placement: frame"): it gets a cell
 *  when its landblock is loaded (always in a fixture world), transient bits as given, the
 *  acceleration of its state, prepare_to_enter_world at `now`, and (on terrain) shadows in the
 *  cells its spheres overlap (acp_physobj_shadow_in_place). */
void acp_world_place_object(acp_world *world, acp_physobj *obj, const acp_position *pos,
                            uint32_t transient_state, double now);

/** One render frame at time `now` (seconds): the world gate of the profile, then update_object
 *  for every object and animate_static_object for every static animating one.
 *  Retail: CPhysics::UseTime (0x00509950). */
void acp_world_use_time(acp_world *world, double now);

/** Not retail: open the next frame's collision reports before UseTime, so that what a server
 *  message does between frames (set_state hiding an object: report_collision_end; showing it:
 *  report_collision_start; a teleport's ended records) is reported with the frame that follows
 *  it (acp_physobj_num_collisions / acp_physobj_num_collision_ends, the trace's "collisions" and
 *  "collision_ends"). The next acp_world_use_time then belongs to the same frame. Idempotent. */
void acp_world_begin_frame(acp_world *world);

/** Next value of the world's deterministic generator in [0, 1). Stands in for retail's Random
 *  (docs/DEVIATIONS.md). */
double acp_world_random(acp_world *world);

#endif
