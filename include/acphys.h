/* acphys.h — the public C API of acphys: the Asheron's Call retail client's per-object physics
 * (CPhysicsObj::update_object and all it reaches, client build 11.4186 of September 2013) for use
 * inside other programs. This is the only header a user includes (docs/EMBEDDING.md).
 *
 * CONVENTIONS
 *   Model: Box2D v3. Worlds are named by small value ids (acp_world_id) that a destroyed world's
 *   ids never match again; objects are named by their 32-bit AC object id (the server's guid)
 *   within a world. Definitions are plain structs: start from acp_default_world_def /
 *   acp_default_object_def / acp_default_motion / acp_default_move_to, change what you need, and
 *   pass a pointer; nothing keeps the pointer after the call returns.
 *   Errors: every function that can fail returns an acp_status (ACP_OK = 0). On failure,
 *   acp_error_message() gives a message naming the argument and what is wrong (e.g.
 *   "acp_create_object: def->scale: expected a positive finite number, got -1"). The message is
 *   per thread and stays until the next failing call on that thread. Nothing here aborts or
 *   exits the host; a NULL pointer, an unknown or destroyed world id, an unknown object id or an
 *   out-of-range value is an error return.
 *   Ownership: the library copies what it is given (record bytes, definitions); strings it
 *   returns (messages, names) are owned by the library. A world owns its objects and records;
 *   acp_destroy_world frees them all.
 *   Threads: a world may be used by one thread at a time (any thread; hand it over with your own
 *   synchronisation). Different worlds may run on different threads at once. Creating and
 *   destroying worlds is safe from any thread.
 *   Units and frames: metres, seconds (double, the caller's clock: retail's Timer::cur_time),
 *   m/s, rad/s (angular velocity, world axes). Positions are a cell id 0xXXYYCCCC (landblock
 *   XX,YY; cell 0x0001-0x0040 outdoor, 0x0100-0xFFFD indoor) and an origin in metres relative to
 *   the cell's landblock (x east, y north, z up: 0..192 for an outdoor cell), with a rotation
 *   quaternion (w, x, y, z), local to world. Headings in degrees, 0 = north, clockwise.
 *   Numbers: every result is bit-identical to the retail client's float and double arithmetic
 *   (docs/RETAIL-CONTRACT.md) and to the acphys CLI, WebAssembly module and page.
 *   Layout: no internal struct is exposed; the structs here are this API's own and only grow
 *   at the end in later minor versions.
 */
#ifndef ACPHYS_H
#define ACPHYS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- export macro ---- */
#if defined(ACP_STATIC)
#  define ACP_API
#elif defined(_WIN32)
#  if defined(ACP_BUILDING_LIBRARY)
#    define ACP_API __declspec(dllexport)
#  else
#    define ACP_API __declspec(dllimport)
#  endif
#elif defined(__GNUC__)
#  define ACP_API __attribute__((visibility("default")))
#else
#  define ACP_API
#endif

/* ---- version ---- */
/** The API's semantic version: major changes break source or binary compatibility. */
#define ACP_API_VERSION_MAJOR 1
#define ACP_API_VERSION_MINOR 1
#define ACP_API_VERSION_PATCH 0
#define ACP_API_VERSION "1.1.0"
/* 1.1.0: acp_world_finish_records, acp_world_set_peer_rules; acp_world_set_time opens the frame
 *        (what events report before the next step belongs to it, as in a scenario);
 *        acp_world_set_max_objects; at the ends
 *        of their structs: acp_object_def.timestamps, acp_motion.has_message_style /
 *        message_style, acp_server_position's instance stamp and placement, acp_move_to.style. */

/** The API version of the library actually loaded ("1.1.0"); compare with ACP_API_VERSION. */
ACP_API const char *acp_api_version(void);
/** The acphys library (physics) version, e.g. "0.1.0". */
ACP_API const char *acp_library_version(void);
/** The build digest: 16 lowercase hex digits, the first 64 bits of the SHA-256 over the
 *  library's sources, the embedded default excerpts and the compile flags. Two libraries with
 *  the same digest compute the same bits. */
ACP_API const char *acp_build_digest(void);

/* ---- errors ---- */
typedef enum acp_status {
    ACP_OK = 0,
    ACP_ERR_NULL = 1,              /* a required pointer argument was NULL */
    ACP_ERR_ARGUMENT = 2,          /* an argument out of range or not finite */
    ACP_ERR_WORLD = 3,             /* the world id is not a live world (never made, or destroyed) */
    ACP_ERR_OBJECT = 4,            /* no object with that id in the world */
    ACP_ERR_EXISTS = 5,            /* an object with that id is already in the world */
    ACP_ERR_FULL = 6,              /* the world holds max_objects, or all worlds are taken */
    ACP_ERR_RECORDS = 7,           /* DAT bytes that do not read, or a record the world lacks */
    ACP_ERR_STATE = 8,             /* not now: records after the first object, a world in use */
    ACP_ERR_NO_MOTION = 9,         /* the call needs an object with a motion table */
    ACP_ERR_IO = 10,               /* a file could not be read */
    ACP_ERR_SCENARIO = 11,         /* a scenario that does not parse, validate or run */
    ACP_ERR_MEMORY = 12            /* out of memory */
} acp_status;

/** The calling thread's message for its last failed call ("" when none has failed). Owned by the
 *  library; valid until the thread's next failing call. */
ACP_API const char *acp_error_message(void);
/** The name of a status ("ACP_OK", "ACP_ERR_NULL", ...); "unknown status" for another value. */
ACP_API const char *acp_status_name(acp_status status);

/* ---- worlds (retail CPhysics + CObjectMaint) ---- */

/** A world's id: index1 is the world table's slot + 1 (0 = no world), generation changes each
 *  time the slot is reused. Compare both fields; never build one yourself. */
typedef struct acp_world_id {
    uint16_t index1;
    uint16_t generation;
} acp_world_id;

/** Clock profiles (docs/RETAIL-CONTRACT.md §4). */
typedef enum acp_profile {
    ACP_PROFILE_ID_RETAIL = 0,       /* the 2013 client (default) */
    ACP_PROFILE_ID_ACDREAM_R6 = 1,   /* acdream's R6 reading: float quantum constants */
    ACP_PROFILE_ID_ACE = 2,          /* ACEmulator's 0.1 s max quantum, no world gate */
    ACP_PROFILE_ID_RENDER_FRAME = 3  /* retail, scripts and particles once per step */
} acp_profile;

/** How to make a world. */
typedef struct acp_world_def {
    uint32_t profile;                /* acp_profile */
    uint32_t max_objects;            /* 1..1,000,000: room for this many objects (fixed, unless
                                        acp_world_set_max_objects raises it) */
} acp_world_def;

/** retail profile, 1024 objects. */
ACP_API acp_world_def acp_default_world_def(void);
/** Make an empty world (clock at 0 s, no records). Errors: NULL def or out, a profile or
 *  max_objects out of range, the world table full (ACP_MAX_WORLDS live worlds), out of memory. */
ACP_API acp_status acp_create_world(const acp_world_def *def, acp_world_id *out);
#define ACP_MAX_WORLDS 4096
/** Destroy a world, its objects and records. Its id (and its objects' ids) are refused after. */
ACP_API acp_status acp_destroy_world(acp_world_id world);
/** True for a live world's id. */
ACP_API bool acp_world_is_valid(acp_world_id world);
/** Raise the world's max_objects to `max_objects` (1..1,000,000; never lower than it is: a value
 *  at or below the current one does nothing), for a host whose objects come while the world runs
 *  (a scenario's objects added as it plays). Between steps only: it allocates (the object table
 *  and its id index grow; retail's object table grows as CreateObject messages come). The
 *  objects and their update order (retail's object-table order) are unchanged. Errors:
 *  max_objects out of range (ACP_ERR_ARGUMENT); out of memory (ACP_ERR_MEMORY: the world stays
 *  as it was, with its old room). (Since 1.1.0.) */
ACP_API acp_status acp_world_set_max_objects(acp_world_id world, uint32_t max_objects);

/** Give the world the records of one DAT file held in memory (`size` bytes, copied: the bytes
 *  may be freed after): Setups, Animations, MotionTables, GfxObjs, PhysicsScripts, LandBlocks,
 *  Region 0x13000000, EnvCells... Later records replace earlier ones with the same id. Only
 *  before the world's first object (its terrain is built then): ACP_ERR_STATE after. The
 *  message of ACP_ERR_RECORDS names the record, byte offset and field that do not read. */
ACP_API acp_status acp_world_load_records(acp_world_id world, const void *bytes, size_t size);
/** The default excerpts embedded in the library (data/portal-default.dat and cell-default.dat:
 *  the Holtburg landblocks, a human, a drudge, an arrow...; a scenario's "default"). */
ACP_API acp_status acp_world_load_default_records(acp_world_id world);
/** Read a DAT file (an excerpt or a whole client_portal.dat / client_cell_1.dat up to 2 GiB)
 *  and load its records. A small file helper outside the physics core. ACP_ERR_IO names the
 *  path and why. */
ACP_API acp_status acp_world_load_records_file(acp_world_id world, const char *path);

/** Make object `object_id` the player (the 96 m activity gate measures from it); 0 for none. */
ACP_API acp_status acp_world_set_player_object(acp_world_id world, uint32_t object_id);

/** One render frame at `now` seconds: CPhysics::UseTime (0x00509950): the profile's world gate,
 *  then update_object for every object in retail's object-table order. Allocates nothing.
 *  `now` must be finite and within ±1e9 s; it may go backwards (retail's gate handles it).
 *  Events given before this call take effect in it (set the clock first with
 *  acp_world_set_time when an event must see the frame's time, as a scenario does). */
ACP_API acp_status acp_world_step(acp_world_id world, double now);
/** Set Timer::cur_time without running anything: server messages handled before a step see
 *  this time (CPhysicsObj::MoveOrTeleport stamps, move-to start times). Finite, within ±1e9 s.
 *  It also opens the next step's frame: the collisions the events given after it report (a
 *  teleport's placement sweep, say) are that step's reports, as in a scenario (since 1.1.0). */
ACP_API acp_status acp_world_set_time(acp_world_id world, double now);

/** What a world holds. */
typedef struct acp_world_info {
    double now;                      /* seconds: the last step's or set_time's time */
    double last_update;              /* seconds: CPhysics::last_update (the gate's clock) */
    bool gate_passed;                /* the last step ran the objects */
    uint32_t profile;                /* acp_profile */
    uint32_t num_objects;            /* objects in the world (table and static workset) */
    uint32_t max_objects;
    uint64_t num_quanta;             /* object-quanta simulated so far */
    bool has_terrain;                /* records held LandBlocks or EnvCells */
} acp_world_info;
/** Read what a world holds into *out (acp_world_info: seconds of its clock, CPhysics::last_update
 *  of the gate of CPhysics::UseTime (0x00509950), its profile, object counts and the quanta run so
 *  far); it changes nothing. Errors: NULL out (ACP_ERR_NULL), a destroyed or unknown world
 *  (ACP_ERR_WORLD). */
ACP_API acp_status acp_world_get_info(acp_world_id world, acp_world_info *out);

/** Build the world's terrain from its records now and seal them (the first object or step does
 *  it otherwise), so that a records problem shows before any object: ACP_ERR_RECORDS when the
 *  records hold LandBlocks but no Region 0x13000000 (whose height table gives the terrain its
 *  heights). After it, records are refused (ACP_ERR_STATE). Calling it again does nothing.
 *  Not retail: retail's LScape loads landblocks as the player moves. (Since 1.1.0.) */
ACP_API acp_status acp_world_finish_records(acp_world_id world);

/** Comparison modes (not retail): other programs' readings of the physics, for checking a port
 *  against acphys with the same rule (docs/DEVIATIONS.md, "comparison modes"). */
typedef enum acp_peer_rule_bit {
    ACP_PEER_RULE_ACE_MAX_QUANTUM = 1u << 0,   /* ACE's MaxQuantum 0.1f: update_object's slices
                                                  at most 0.1 s instead of retail's 0.2 */
    ACP_PEER_RULE_ACE_SLED_FRICTION = 1u << 1, /* ACE's calc_friction: friction 0.2 at |v|² >= 6.25
                                                  on nearly flat ground, where retail takes it on
                                                  slopes steeper than 10° */
    ACP_PEER_RULE_ACE_WATER_DEPTH = 1u << 2,   /* ACE's calc_water_depth corner on a cell's midline */
    ACP_PEER_RULE_ACE_MOVETO_DEFAULTS = 1u << 3, /* ACE's MovementParameters defaults (CanCharge,
                                                  WalkRunThreshold 1): a scenario's move_to takes
                                                  them for the fields it does not name; through
                                                  acp_object_move_to the host gives every field,
                                                  so there the bit changes nothing */
    ACP_PEER_RULE_GDLE_WATER_DEPTH = 1u << 4   /* GDLE's calc_water_depth corner on a cell's edge */
} acp_peer_rule_bit;
/** The world's comparison modes (acp_peer_rule_bit bits; 0, retail, by default), as `acphys run
 *  --peer` sets them. Only before the world's first object or step (ACP_ERR_STATE after): they
 *  hold for the world's whole life. Errors: an unknown bit (ACP_ERR_ARGUMENT). (Since 1.1.0.) */
ACP_API acp_status acp_world_set_peer_rules(acp_world_id world, uint32_t rules);

/* ---- objects (retail CPhysicsObj) ---- */

/** A position: cell and frame (see CONVENTIONS). */
typedef struct acp_pose {
    uint32_t cell;                   /* 0xXXYYCCCC */
    float origin[3];                 /* metres, landblock frame */
    float orientation[4];            /* w, x, y, z; |q|² within 1 ± 0.001 (Frame::IsValid) */
} acp_pose;

/** How an object enters the world. */
typedef enum acp_place {
    ACP_PLACE_SET_POSITION = 0,      /* retail's enter_world: a placement sweep finds contact */
    ACP_PLACE_FRAME = 1              /* the frame as given, with transient_state as given */
} acp_place;

/** How to make an object (retail CreateObject's PhysicsDesc). */
typedef struct acp_object_def {
    uint32_t id;                     /* AC object id (guid), non-zero, unique in the world */
    uint32_t setup;                  /* Setup 0x02xxxxxx; 0 = none (no parts, no spheres) */
    uint32_t motion_table;           /* MotionTable 0x09xxxxxx; 0 = the Setup's default */
    uint32_t physics_state;          /* PhysicsState bits (default EDGE_SLIDE | LIGHTING_ON |
                                        GRAVITY | REPORT_COLLISIONS = 0x00400C08) */
    acp_pose pose;
    float velocity[3];               /* m/s, world axes (set_velocity: clamped to 50 m/s) */
    float omega[3];                  /* rad/s, world axes */
    float scale;                     /* > 0, default 1 */
    float friction;                  /* set_description keeps it only within [0, 1] */
    float elasticity;                /* clamped to [0, 0.1] */
    float run_rate;                  /* retail's run rate without a weenie: 1 */
    double enter_at;                 /* seconds: the time it enters the world */
    uint32_t placement;              /* acp_place */
    uint32_t transient_state;        /* TransientState bits (ACP_PLACE_FRAME only) */
    bool has_run_rate;               /* true: its weenie answers InqRunRate with run_rate (the
                                        player's always does: set it for the player; another
                                        object's when the server sent its run rate); false: none
                                        answers and CMotionInterp uses its own my_run_rate
                                        (docs/DEVIATIONS.md M8) */
    uint16_t timestamps[9];          /* update_times as CreateObject's PhysicsDesc gives them, in
                                        PhysicsTimeStamp order (position, movement, state, vector,
                                        teleport, server-controlled move, forced position,
                                        ObjDesc, instance); default 0 (since 1.1.0) */
} acp_object_def;

/** The defaults a scenario object has (docs/SCENARIOS.md): id 0 (set it), no setup, default
 *  state bits, cell 0 (set it), identity rotation, scale 1, friction 0.95, elasticity 0.05,
 *  run rate 1 but has_run_rate false (set it true for the player), enter at 0 s, placement
 *  set_position. */
ACP_API acp_object_def acp_default_object_def(void);

/** Make an object and put it into the world at def->enter_at, as a scenario object is made
 *  (its Setup's parts and defaults, motion table and run rate, scale, friction, elasticity,
 *  placement, velocity, omega). Retail: CPhysicsObj::makeObject (0x00513970), set_description
 *  (0x00514F40: friction kept only within [0, 1], elasticity clamped to [0, 0.1]), then
 *  enter_world (0x00516310: SetPosition 0x005160C0's placement sweep) for ACP_PLACE_SET_POSITION. An object whose position finds no cell stays out of the world
 *  (update_object skips it, as retail does): not an error, see acp_object_state.has_cell.
 *  Errors: NULL def, id 0, a non-finite or out-of-range field (named), an id already used,
 *  the world full, a Setup / MotionTable / Animation the world's records lack (ACP_ERR_RECORDS).
 *  The first object seals the world's records and builds its terrain. */
ACP_API acp_status acp_create_object(acp_world_id world, const acp_object_def *def);
/** Take an object out of the world and destroy it; its id may be used again. Retail:
 *  CPhysicsObj::exit_world (0x00514E60), leave_world (0x005155A0), Destroy (0x00513AD0: its
 *  emitters, their particle objects and its script-and-particle block go back to the world's
 *  pools, docs/DEVIATIONS.md A1). Errors: an unknown world or object id. */
ACP_API acp_status acp_destroy_object(acp_world_id world, uint32_t object_id);
/** True when the world is live and holds the object. */
ACP_API bool acp_object_exists(acp_world_id world, uint32_t object_id);

/* ---- driving objects: what the server's messages do (a scenario's events) ---- */

/** A motion state: interpreted (as the server sends it in a movement event) or raw (as the
 *  keyboard makes it). Commands are retail's MotionCommand values; speeds multiply the
 *  animation's pace. */
typedef struct acp_motion {
    uint32_t style;                  /* default 0x8000003D NonCombat (raw: ignored) */
    uint32_t forward_command;        /* default 0x41000003 Ready */
    float forward_speed;             /* default 1 */
    uint32_t sidestep_command;       /* 0 = none */
    float sidestep_speed;            /* default 1 */
    uint32_t turn_command;           /* 0 = none */
    float turn_speed;                /* default 1 */
    bool hold_run;                   /* raw only: HoldKey_Run */
    uint32_t sticky_object;          /* interpreted only: the message's sticky object id (0: none) */
    bool standing_longjump;          /* interpreted only: the message's flag 0x200 */
    bool has_message_style;          /* interpreted only: the movement header's style is given
                                        (played first); false: the state's style (since 1.1.0) */
    uint32_t message_style;          /* interpreted only: that style, a MotionCommand 0x80xxxxxx */
} acp_motion;
/** Retail's InterpretedMotionState / RawMotionState defaults. */
ACP_API acp_motion acp_default_motion(void);

/** Apply an interpreted motion state as the server sends it (movement type 0): retail's
 *  MovementManager::unpack_movement (0x00524440) → CMotionInterp::apply_interpreted_movement
 *  (0x00528600: DoInterpretedMotion 0x00528360 per command), sticking to motion->sticky_object
 *  when not 0. Errors: NULL motion, non-finite speeds, ACP_ERR_NO_MOTION without a motion
 *  table. */
ACP_API acp_status acp_object_apply_motion(acp_world_id world, uint32_t object_id, const acp_motion *motion);
/** Apply a raw motion state (the player's keys): CMotionInterp::apply_raw_movement
 *  (0x005287E0: adjust_motion, apply_run_to_command with the object's run rate). Errors as
 *  acp_object_apply_motion. */
ACP_API acp_status acp_object_apply_raw_motion(acp_world_id world, uint32_t object_id, const acp_motion *motion);
/** Jump with `extent`, meant as 0..1 (CMotionInterp::jump 0x00528780). Any finite extent is
 *  taken as retail takes it: jump stores it as given and CMotionInterp::get_jump_v_z
 *  (0x00527AA0) reads an extent below 0.0002 (negative ones too) as no jump velocity and clamps
 *  one above 1 to 1 (with no weenie, as here, any extent from 0.0002 up gives 10 m/s).
 *  *weenie_error (may be NULL) receives retail's WeenieError: 0 when it jumped, else why not
 *  (not an acp_status error). Errors: a non-finite extent, ACP_ERR_NO_MOTION without a
 *  motion table. */
ACP_API acp_status acp_object_jump(acp_world_id world, uint32_t object_id, float extent, uint32_t *weenie_error);
/** CPhysicsObj::set_velocity: velocity[3] in m/s, world axes (clamped to 50 m/s); the object
 *  becomes active. Errors: NULL or non-finite velocity. */
ACP_API acp_status acp_object_set_velocity(acp_world_id world, uint32_t object_id, const float velocity[3]);
/** CPhysicsObj::set_omega (0x0050F6D0): omega[3] in rad/s, world axes. Errors: NULL or
 *  non-finite omega. */
ACP_API acp_status acp_object_set_omega(acp_world_id world, uint32_t object_id, const float omega[3]);

/** A SetState message (0xF74B, SmartBox::HandleSetState): CPhysicsObj::set_state (0x00514DD0)
 *  with the new PhysicsState bits `state`. Retail stores the whole word as given, unknown bits
 *  too (so does this call: no bit is refused); the bits the physics reads are the PhysicsState
 *  flags (ETHEREAL 0x4, REPORT_COLLISIONS 0x8, IGNORE_COLLISIONS 0x10, NODRAW 0x20, MISSILE 0x40,
 *  GRAVITY 0x400, LIGHTING_ON 0x800 ... as acp_object_def.physics_state). A change of HIDDEN
 *  (0x4000) goes through CPhysicsObj::set_hidden (0x00514C60), which ends the object's
 *  collisions when it hides; a change of LIGHTING_ON keeps the new bit (retail's InitLights /
 *  DestroyLights draw only) and one of NODRAW calls set_nodraw (drawing only).
 *  Errors: the world or object, as every call. */
ACP_API acp_status acp_object_set_state(acp_world_id world, uint32_t object_id, uint32_t state);

/** A ParentEvent (0xF749): object `object_id` is held by `parent_id` at part `part` of the
 *  holder's Setup (−1: the holder's own frame) with the holding frame origin[3] (metres) and
 *  orientation[4] (w, x, y, z, a unit quaternion; NULL: the identity), relative to the part:
 *  CPhysicsObj::set_parent (0x00515B50). The object then follows the holder (its update_object
 *  skips it; each move of the holder places it at the part's frame ∘ the holding frame) and its
 *  cell and shadow entries follow the holder's. Errors: the world or either object; parent_id
 *  the object itself or held by it through a chain (ACP_ERR_ARGUMENT, "parent_id"); a part the
 *  holder lacks ("part"); non-finite or non-unit frames ("origin", "orientation"); out of memory
 *  for the holder's child list (made or grown here, never in a step). */
ACP_API acp_status acp_object_set_parent(acp_world_id world, uint32_t object_id, uint32_t parent_id, int32_t part,
                                         const float origin[3], const float orientation[4]);
/** As acp_object_set_parent at holding location `location` of the holder's Setup (its part and
 *  frame): CPhysicsObj::set_parent (0x00515A90). Errors as acp_object_set_parent; a location the
 *  holder's Setup lacks: ACP_ERR_ARGUMENT, "location". */
ACP_API acp_status acp_object_set_parent_location(acp_world_id world, uint32_t object_id, uint32_t parent_id,
                                                  uint32_t location);
/** The holder lets go: CPhysicsObj::unset_parent (0x00513470); the object stays where it is.
 *  Nothing for an object that is not held. Errors: the world or object. */
ACP_API acp_status acp_object_unset_parent(acp_world_id world, uint32_t object_id);

/** An UpdatePosition message (SmartBox::HandleReceivedPosition: CPhysicsObj::MoveOrTeleport,
 *  or the player's forced position). */
typedef struct acp_server_position {
    acp_pose pose;
    bool contact;                    /* the message's contact flag */
    bool has_velocity;
    float velocity[3];               /* m/s, world axes (retail does not use it) */
    bool has_teleport_timestamp;     /* false: the object's current stamp (neither newer nor stale) */
    uint16_t teleport_timestamp;
    bool has_position_timestamp;     /* false: one newer than the object's current stamp */
    uint16_t position_timestamp;
    bool has_force_position_timestamp; /* the player only; false: its current stamp */
    uint16_t force_position_timestamp;
    bool use_position_from_server;   /* the player only: CommandInterpreter::UsePositionFromServer */
    bool keep_heading;               /* the player only: the interpreter's keep-heading answer */
    bool has_instance_timestamp;     /* false: the object's own (the message is for it); an older
                                        one is dropped (SmartBox::UnpackPositionEvent) (since 1.1.0) */
    uint16_t instance_timestamp;
    bool has_placement;              /* false: the object's current placement frame id */
    uint32_t placement;              /* the message's placement_id */
} acp_server_position;
/** An UpdatePosition: SmartBox::HandleReceivedPosition (0x00453FD0) → CPhysicsObj::
 *  MoveOrTeleport (0x00516330), after SmartBox::UnpackPositionEvent's instance-stamp gate.
 *  Errors: NULL sp, a bad pose or velocity, and the player-only
 *  fields (has_force_position_timestamp, use_position_from_server, keep_heading) on another
 *  object. */
ACP_API acp_status acp_object_server_position(acp_world_id world, uint32_t object_id, const acp_server_position *sp);

/** CPhysicsObj::stick_to_object (0x005127E0): follow object `target_id` (it need not exist
 *  yet). Errors: target_id 0; target_id the object's own id ("an object cannot stick to
 *  itself", as the scenario parser says; apply_motion's sticky_object likewise). */
ACP_API acp_status acp_object_stick_to(acp_world_id world, uint32_t object_id, uint32_t target_id);
/** CPhysicsObj::unstick_from_object (0x0050EAE0). */
ACP_API acp_status acp_object_unstick(acp_world_id world, uint32_t object_id);
/** CPhysicsObj::ConstrainTo (0x00510520): keep the object within max_distance metres of
 *  `pose`. Errors: NULL or bad pose; not 0 <= start_distance < max_distance (finite metres). */
ACP_API acp_status acp_object_constrain_to(acp_world_id world, uint32_t object_id, const acp_pose *pose,
                                           float start_distance, float max_distance);
/** PositionManager::UnConstrain (0x005552B0). */
ACP_API acp_status acp_object_unconstrain(acp_world_id world, uint32_t object_id);

/** Move-to types (MovementManager::PerformMovement 6–9). */
typedef enum acp_move_to_type {
    ACP_MOVE_TYPE_TO_OBJECT = 6,
    ACP_MOVE_TYPE_TO_POSITION = 7,
    ACP_MOVE_TYPE_TURN_TO_OBJECT = 8,
    ACP_MOVE_TYPE_TURN_TO_HEADING = 9
} acp_move_to_type;

/** A move-to request: its MovementStruct and MovementParameters. */
typedef struct acp_move_to {
    uint32_t type;                   /* acp_move_to_type */
    uint32_t target;                 /* object id (6, 8) */
    acp_pose pose;                   /* destination (7) */
    uint32_t bitfield;               /* MovementParameters bits (retail default 0x1EE0F) */
    float speed;                     /* 1 */
    uint32_t hold_key_to_apply;      /* HoldKey (retail default: Invalid, 0) */
    uint32_t context_id;
    uint32_t action_stamp;
    float distance_to_object;        /* metres (0.6) */
    float min_distance;              /* metres (0) */
    float fail_distance;             /* metres (FLT_MAX) */
    float desired_heading;           /* degrees (0) */
    float walk_run_threshold;        /* metres (15) */
    bool has_pose;                   /* 6: the packed origin is given (an unknown target's fallback);
                                        7 always reads pose */
    bool has_fallback_heading;       /* 8: the packed heading is given (an unknown target's fallback) */
    float fallback_heading;          /* 8: degrees, 0 up to 360 */
    float run_rate;                  /* 6, 7: the packet's run rate (my_run_rate); default 1 */
    bool has_style;                  /* the message's style is given; false: the interpreter's own
                                        style (since 1.1.0) */
    uint32_t style;                  /* that style, a MotionCommand 0x80xxxxxx */
} acp_move_to;
/** Retail's MovementParameters defaults, type ACP_MOVE_TYPE_TO_POSITION, run rate 1. The call
 *  is MovementManager::unpack_movement's (types 6–9): a target (6, 8) that is not in the world
 *  is moved or turned to through its fallback (has_pose, has_fallback_heading); without one the
 *  call still returns ACP_OK and the move-to does nothing. An object cannot move to itself. */
ACP_API acp_move_to acp_default_move_to(void);
/** A move-to message through the object's MovementManager: MovementManager::unpack_movement
 *  (0x00524440) → PerformMovement (0x005240D0). Errors: NULL move_to, a type outside 6..9, a
 *  bad pose (7, or 6 with has_pose), target 0 or the object itself (6, 8), a fallback heading
 *  outside [0, 360), non-finite numbers; ACP_ERR_NO_MOTION without a motion table. */
ACP_API acp_status acp_object_move_to(acp_world_id world, uint32_t object_id, const acp_move_to *move_to);

/** CPhysicsObj::play_script (0x00510D30): PhysicsScript `script_id` (0x33xxxxxx) from the
 *  records (one the records lack plays nothing). */
ACP_API acp_status acp_object_play_script(acp_world_id world, uint32_t object_id, uint32_t script_id);
/** CPhysicsObj::play_script (0x00513260) by (PScriptType, mod) through the object's
 *  PhysicsScriptTable (PhysicsScriptTable::GetScript 0x00521E40). Errors: non-finite mod. */
ACP_API acp_status acp_object_play_script_type(acp_world_id world, uint32_t object_id, uint32_t type, float mod);

/* ---- reading objects back ---- */

#define ACP_OBJECT_MAX_QUANTA 21     /* quanta one update_object can run */
#define ACP_OBJECT_MAX_HOOKS 32      /* anim hooks recorded per update */
#define ACP_OBJECT_MAX_REPORTS 8     /* collision reports per step */
#define ACP_OBJECT_MAX_SCRIPTS 8     /* script ids a state lists */

/** Why update_object skipped an object in the last step. */
typedef enum acp_skipped {
    ACP_SKIPPED_NONE = 0,
    ACP_SKIPPED_PARENTED = 1,
    ACP_SKIPPED_NO_CELL = 2,
    ACP_SKIPPED_FROZEN = 3
} acp_skipped;

/** An object after the last step: everything a scenario trace line shows, and more. */
typedef struct acp_object_state {
    uint32_t id;
    bool has_cell;                   /* in the world (a cell holds it) */
    uint32_t cell;                   /* 0xXXYYCCCC */
    float origin[3];                 /* metres, landblock frame */
    float orientation[4];            /* w, x, y, z */
    float velocity[3];               /* m/s, world axes */
    float omega[3];                  /* rad/s, world axes */
    double heading;                  /* degrees, 0 = north, clockwise */
    uint32_t physics_state;          /* PhysicsState bits */
    uint32_t transient_state;        /* TransientState bits */
    bool active;                     /* ACTIVE_TS */
    bool contact;                    /* CONTACT_TS */
    bool on_walkable;                /* ON_WALKABLE_TS */
    double update_time;              /* seconds: the object's clock */
    /* the last step's update_object: */
    bool ran;                        /* the gate passed and update_object was called */
    uint32_t skipped;                /* acp_skipped */
    bool has_elapsed;                /* the clock ladder ran (ran and not skipped) */
    double elapsed;                  /* seconds: now − update_time as update_object saw it */
    uint32_t num_quanta;
    float quanta[ACP_OBJECT_MAX_QUANTA]; /* seconds, each UpdateObjectInternal's quantum */
    uint32_t num_hooks;              /* anim hooks that ran (recorded ones) */
    uint32_t hooks[ACP_OBJECT_MAX_HOOKS]; /* hook types: acp_hook_name */
    uint32_t hooks_unrecorded;       /* hooks that ran beyond ACP_OBJECT_MAX_HOOKS */
    uint32_t num_collisions;         /* objects whose collision with this one began */
    uint32_t collisions[ACP_OBJECT_MAX_REPORTS];
    uint32_t num_collision_ends;     /* objects whose collision with this one ended */
    uint32_t collision_ends[ACP_OBJECT_MAX_REPORTS];
    bool has_motion_table;
    /* server-driven objects: present only with a PositionManager */
    bool has_position_manager;
    uint32_t position_nodes;         /* InterpolationManager queue length */
    uint32_t offset_source;          /* the last quantum's offset: acp_offset_source_name */
    /* present only while a MoveTo runs */
    bool has_move_to;
    uint32_t move_to_type;           /* acp_move_to_type */
    uint32_t move_to_nodes;          /* pending actions */
    uint32_t move_to_command;        /* the motion it issued, 0 for none */
    /* scripts and particles: present only while a script runs or an emitter lives */
    bool has_fx;
    uint32_t num_scripts;            /* scripts queued, the current one first (at most ACP_OBJECT_MAX_SCRIPTS) */
    uint32_t scripts[ACP_OBJECT_MAX_SCRIPTS];
    uint32_t particles;              /* live particles of all its emitters */
} acp_object_state;

/** Read an object's state. The `quanta`, `hooks` and collision reports are the last step's
 *  (they are kept until the next step). */
ACP_API acp_status acp_object_get_state(acp_world_id world, uint32_t object_id, acp_object_state *out);
/** The last step's environment reports and shadow drops of an object, the two trace fields
 *  acp_object_state leaves out (its layout is fixed at 1.0.0): `env_collisions` is how many
 *  times the object's weenie was called with an EnvCollisionProfile in the last step
 *  (CPhysicsObj::report_environment_collision, 0x00512FC0: a missile meeting a wall or the
 *  ground; the trace's "env_collisions", hashed in its digest), `cells_dropped` the cells its
 *  shadow lists could not hold so far (docs/DEVIATIONS.md T3; the trace's "cells_dropped", not
 *  hashed; 0 with the loaded data). Either
 *  pointer may be NULL. Errors: the world or object (since 1.1.0). */
ACP_API acp_status acp_object_get_reports(acp_world_id world, uint32_t object_id, uint32_t *env_collisions,
                                          uint32_t *cells_dropped);
/** Retail's name of an anim hook type ("AnimationDone", "Sound", ...); "Unknown" for any other value (the name a trace hashes). */
ACP_API const char *acp_hook_name(uint32_t type);

/** The trace's name of an offset source: "animation", "interpolation", "sticky", "constraint"
 *  ("animation" for any other value). */
ACP_API const char *acp_offset_source_name(uint32_t source);
/** The trace's name of a move-to type: "move_to_object", "move_to_position", "turn_to_object",
 *  "turn_to_heading" ("none" for any other value). */
ACP_API const char *acp_move_to_type_name(uint32_t type);

/* ---- scenarios (docs/SCENARIOS.md) through the library ---- */

/** What a scenario run gives: the same two numbers as `acphys run --quiet` prints
 *  ("N frames, digest <16 hex digits>"). */
typedef struct acp_scenario_result {
    uint32_t frames;
    uint64_t digest;                 /* the trace's closing FNV-1a 64 digest */
    uint32_t warnings;               /* warnings the run gave (acphys run prints them) */
} acp_scenario_result;

/** Run a scenario file (a JSON scenario or a run file the page saved) as `acphys run` does;
 *  excerpt names are read relative to the file's folder. profile: -1 for the scenario's, or an
 *  acp_profile (the CLI's --profile). ACP_ERR_SCENARIO / ACP_ERR_IO carry acphys run's message. */
ACP_API acp_status acp_run_scenario_file(const char *path, int32_t profile, acp_scenario_result *out);
/** The same for scenario JSON text (`len` bytes, need not be NUL-terminated); excerpt names are
 *  relative to base_dir (NULL: the current directory). */
ACP_API acp_status acp_run_scenario_json(const char *json, size_t len, const char *base_dir, int32_t profile,
                                         acp_scenario_result *out);

/* ---- snapshots (API 1.1; docs/EMBEDDING.md "Snapshots") ---- */

/** Write the whole mutable state of a world (every object, its managers, hooks, scripts,
 *  particles, collision tables and shadows, the clock and the generator: not its records) into
 *  `buffer` as a versioned, little-endian byte stream. With buffer NULL only *size is set (the
 *  bytes needed); capacity below that gives ACP_ERR_ARGUMENT with *size set. Call it between
 *  steps. A world restored from it (acp_world_restore) and stepped on gives the same bits as this
 *  one, natively and in WebAssembly alike. Errors: ACP_ERR_STATE for a state no snapshot names (a
 *  hand-built part array: never through this API), ACP_ERR_MEMORY. Seals the world's records as
 *  a step does. Not retail: an acphys facility. */
ACP_API acp_status acp_world_snapshot(acp_world_id world, void *buffer, size_t capacity, size_t *size);

/** Replace the state of `world` with a snapshot's: the world must hold the snapshot's records
 *  (the same DAT bytes loaded in the same order: the snapshot names their digest), run its clock
 *  profile and max_objects, and have no objects of its own. On any refusal the world is as it
 *  was. Errors: ACP_ERR_RECORDS (other records: both digests named), ACP_ERR_ARGUMENT (a damaged,
 *  truncated or other-version snapshot, another profile or max_objects: the message names the
 *  byte offset and the field), ACP_ERR_STATE (the world has objects), ACP_ERR_MEMORY. */
ACP_API acp_status acp_world_restore(acp_world_id world, const void *bytes, size_t size);

/** Hand an object to another world (API 1.1): write its whole state (as a world snapshot holds
 *  it: frames, velocities, state bits, animations, pending motions, managers, hooks, scripts,
 *  emitters and their particles, update_time) into `buffer` and take it out of `world`. With
 *  buffer NULL only *size is set and the object stays (the bytes at most an export writes: what
 *  the clearing below can add, as a cancelled move-to's stop animations, counted in); capacity
 *  below it gives ACP_ERR_ARGUMENT and the object and the world stay exactly as they were. What names objects of this
 *  world cannot travel and is cleared first, as retail's teleport_hook (0x00514ED0) clears it:
 *  it is unstuck (StickyManager), its target dropped (TargetManager::ClearTarget), its voyeurs
 *  told it left (ExitWorld) and forgotten, its collision records ended (report_collision_end,
 *  forced: the others see the end this frame), and a move-to or turn-to an object cancelled
 *  (0x3C, Teleported); a move-to a position or heading, interpolation nodes and a constraint
 *  travel. Then it leaves its cell and shadows (CPhysicsObj::leave_cell,
 *  remove_shadows_from_cells) and the world (CPhysicsObj::exit_world 0x00514E60, leave_world
 *  0x005155A0), and its scripts, emitters (their particle objects and particle slots) and its
 *  script-and-particle block go back to this world's pools for the next object, as
 *  CPhysicsObj::Destroy (0x00513AD0) lets them go (hand-offs back and forth never run the pools
 *  out). Its emitters' particle objects are made anew in the importing world. The player slot
 *  does not travel. Errors: ACP_ERR_OBJECT (no such object), ACP_ERR_STATE (a state no
 *  snapshot names; an object that holds others or is held: snapshot format 2 hands those over
 *  only with their whole world), ACP_ERR_MEMORY. Not retail: retail moves an object
 *  between landblocks within one world (CPhysicsObj::change_cell 0x00513390 during its sweep). */
ACP_API acp_status acp_object_export(acp_world_id world, uint32_t object_id, void *buffer, size_t capacity, size_t *size);

/** Take in an object acp_object_export wrote (in this or another world with the same records and
 *  clock profile): it carries on from the state it left with (its update_time, motions,
 *  move-to, interpolation), enters the cell of its position in this world (enter_cell) and
 *  shadows the cells its shapes overlap there; without that cell loaded here it has no cell and
 *  stays inactive (as a sweep into an unloaded cell leaves an object). *object_id (may be NULL)
 *  receives its id. Errors: ACP_ERR_EXISTS (an object with its id is here), ACP_ERR_FULL
 *  (max_objects), ACP_ERR_RECORDS (other records), ACP_ERR_ARGUMENT (damaged, truncated or
 *  other-version bytes, another profile: offset and field named), ACP_ERR_MEMORY. */
ACP_API acp_status acp_object_import(acp_world_id world, const void *bytes, size_t size, uint32_t *object_id);

#ifdef __cplusplus
}
#endif

#endif
