/* acphys — the scenario (docs/SCENARIOS.md): what a run simulates, decoded and validated from
 * JSON.
 *
 * CONVENTIONS
 *   The JSON form is specified by schema/scenario.v1.schema.json; field names are a contract
 *   (docs/SCENARIOS.md). acp_scenario_decode is the one decoder and validator every host uses
 *   (the native CLI, Node and the page, through the WASM ABI): it checks everything that can be
 *   checked without the DAT excerpts and reports the first problem as
 *   "<field path>: <what is wrong>", e.g.
 *   `objects[0].position.origin[2]: expected a finite number` or
 *   `unknown field "velocty" in objects[0]`. References into the excerpts (a Setup id that no
 *   excerpt holds) are checked when the run starts (run.h).
 *   Units: seconds (times), metres (origins), m/s (velocities), rad/s (omega, world axes);
 *   quaternions (w, x, y, z); ids and bit sets are uint32 (JSON: an integer or a "0x..." string).
 *   Versions: "version": 1 is decoded by decode_v1. A later version keeps that decoder and adds
 *   its own (docs/SCENARIOS.md: adding optional fields keeps version 1).
 */
#ifndef ACP_SCENARIO_H
#define ACP_SCENARIO_H

#include <stdbool.h>
#include <stdint.h>

#include "jsonv.h"
#include "physics/world/physics.h"
#include "physics/geometry/position.h"
#include "physics/anim/motion_interp.h"

#define ACP_SCENARIO_VERSION 1            /* newest version this build reads */
#define ACP_SCENARIO_MAX_OBJECTS 16384u   /* room for the page's 10,000-object runs */
#define ACP_SCENARIO_MAX_EVENTS 1000000u
#define ACP_SCENARIO_MAX_FRAMES 1000000u  /* explicit times or generated frames */
#define ACP_SCENARIO_MAX_EXCERPTS 64u
#define ACP_SCENARIO_MAX_TIME 1.0e9       /* seconds: |t| above this is an error (a clock of
                                             31 years; the quanta need the precision) */
#define ACP_SCENARIO_MAX_HZ 1.0e6         /* frames per second, generator */
#define ACP_SCENARIO_MAX_JITTER_MS 1000.0 /* milliseconds, generator jitter */

/** How an object enters the world (docs/SCENARIOS.md, "placement"). */
typedef enum acp_scenario_placement {
    ACP_PLACEMENT_SET_POSITION = 0,       /* retail's SetPosition: a placement sweep finds contact */
    ACP_PLACEMENT_FRAME = 1               /* the frame as given, with the given transient bits */
} acp_scenario_placement;

/** Bits of acp_scenario_motion.present: which fields the JSON gave. */
enum acp_motion_field {
    ACP_MOTION_STYLE = 0x1,
    ACP_MOTION_FORWARD_COMMAND = 0x2,
    ACP_MOTION_FORWARD_SPEED = 0x4,
    ACP_MOTION_SIDESTEP_COMMAND = 0x8,
    ACP_MOTION_SIDESTEP_SPEED = 0x10,
    ACP_MOTION_TURN_COMMAND = 0x20,
    ACP_MOTION_TURN_SPEED = 0x40,
    ACP_MOTION_HOLD_RUN = 0x80,
    ACP_MOTION_MESSAGE_STYLE = 0x100
};

/** An interpreted ("motion") or raw ("raw_motion") motion state. Absent fields hold retail's
 *  defaults (InterpretedMotionState / RawMotionState constructors): style 0x8000003D
 *  (NonCombat), forward 0x41000003 (Ready), sidestep and turn 0, speeds 1.0, hold_run false. */
typedef struct acp_scenario_motion {
    uint32_t present;                     /* acp_motion_field bits */
    uint32_t style;
    uint32_t forward_command;
    float forward_speed;                  /* multiplier of the animation's speed */
    uint32_t sidestep_command;
    float sidestep_speed;
    uint32_t turn_command;
    float turn_speed;
    bool hold_run;                        /* raw only: HoldKey_Run instead of HoldKey_None
                                             (raw motion has no style: the current one stays) */
    uint32_t sticky_object;               /* interpreted only: the message's sticky object id (0: none) */
    bool standing_longjump;               /* interpreted only: the message's flag 0x200 */
    uint32_t message_style;               /* interpreted only: the movement header's style, played
                                             first (absent: the state's style) */
} acp_scenario_motion;

typedef enum acp_event_kind {
    ACP_EVENT_MOTION = 0,
    ACP_EVENT_RAW_MOTION = 1,
    ACP_EVENT_JUMP = 2,
    ACP_EVENT_SET_VELOCITY = 3,
    /* ---- server-driven objects (issue 13) ---- */
    ACP_EVENT_SERVER_POSITION = 4,        /* an UpdatePosition: SmartBox::HandleReceivedPosition */
    ACP_EVENT_STICK_TO = 5,               /* CPhysicsObj::stick_to_object */
    ACP_EVENT_UNSTICK = 6,                /* CPhysicsObj::unstick_from_object */
    ACP_EVENT_CONSTRAIN_TO = 7,           /* CPhysicsObj::ConstrainTo */
    ACP_EVENT_UNCONSTRAIN = 8,            /* PositionManager::UnConstrain */
    ACP_EVENT_MOVE_TO = 9,                /* a MoveToManager request (movement types 6–9) */
    ACP_EVENT_PLAY_SCRIPT = 10,           /* CPhysicsObj::play_script (a PhysicsScript, issue 16) */
    ACP_EVENT_SET_STATE = 11,             /* the server's SetState: CPhysicsObj::set_state (0x00514DD0) */
    /* ---- objects held by objects (issue 34) ---- */
    ACP_EVENT_PARENT = 12,                /* CPhysicsObj::set_parent (0x00515B50, 0x00515A90) */
    ACP_EVENT_UNPARENT = 13               /* CPhysicsObj::unset_parent (0x00513470) */
} acp_event_kind;

/** Motion, raw motion, jumps and move-tos need the object's motion table; the others do not. */
static inline bool acp_event_needs_motion(acp_event_kind k)
{
    return k == ACP_EVENT_MOTION || k == ACP_EVENT_RAW_MOTION || k == ACP_EVENT_JUMP || k == ACP_EVENT_MOVE_TO;
}

/** "server_position": an UpdatePosition, as SmartBox::HandleReceivedPosition receives it. */
typedef struct acp_scenario_server_position {
    acp_position position;
    bool contact;
    bool has_velocity;
    acp_vec3 velocity;                    /* m/s, world axes (retail does not use it) */
    bool has_teleport_timestamp;          /* absent: the object's current stamp (not newer) */
    uint16_t teleport_timestamp;
    bool has_position_timestamp;          /* absent: one newer than the object's current stamp */
    uint16_t position_timestamp;
    bool has_force_position_timestamp;    /* the player only; absent: its current stamp (not newer) */
    uint16_t force_position_timestamp;
    bool has_instance_timestamp;          /* absent: the object's own (the message is for it) */
    uint16_t instance_timestamp;
    bool has_placement;                   /* absent: the object's current placement frame id */
    uint32_t placement;                   /* the message's placement_id (0 when the wire omits it) */
    bool use_position_from_server;        /* the player only: CommandInterpreter::UsePositionFromServer */
    bool keep_heading;                    /* the player only: the interpreter's keep-heading answer */
} acp_scenario_server_position;

/** "move_to": a move-to message (MovementManager::unpack_movement types 6–9). */
typedef struct acp_scenario_move_to {
    uint32_t type;                        /* acp_moveto_type: 6 object, 7 position, 8 turn to object, 9 heading */
    uint32_t target;                      /* object id (6, 8) */
    bool has_position;                    /* "position" given */
    acp_position position;                /* 7; 6: the packed origin (an unknown target's fallback) */
    bool has_fallback_heading;            /* 8: "heading" given */
    float fallback_heading;               /* 8: the packed heading (an unknown target's fallback) */
    float run_rate;                       /* 6, 7: the packet's run rate (my_run_rate); default 1 */
    bool has_style;                       /* "style" given; absent: the interpreter's own style */
    uint32_t style;                       /* the message's style (a MotionCommand 0x80xxxxxx) */
    acp_movement_params params;           /* MovementParameters (retail defaults for absent fields) */
    uint32_t named_bits;                  /* the flag bits "params" names (true or false) */
    bool names_walk_run_threshhold;       /* "params" names walk_run_threshhold */
} acp_scenario_move_to;

/** Not retail: the comparison mode ace-moveto-defaults (physics.h ACP_PEER_ACE_MOVETO_DEFAULTS).
 *  The move-to `in` with ACE's MovementParameters constructor values (ACEmulator/ACE
 *  Source/ACE.Server/Physics/Animation/MovementParameters.cs:50 Default_WalkRunThreshold = 1.0f,
 *  :58 CanCharge = true) for the two fields where ACE's differ from retail's and the scenario
 *  does not name: can_charge set, walk_run_threshhold 1 (metres). Every other field as `in`. */
acp_scenario_move_to acp_scenario_move_to_ace_defaults(const acp_scenario_move_to *in);

/** "constrain_to". */
typedef struct acp_scenario_constraint {
    acp_position position;
    float start_distance, max_distance;   /* metres, 0 <= start < max */
} acp_scenario_constraint;

/** "play_script": a script by id, or the object's PhysicsScriptTable entry of (type, mod). */
typedef struct acp_scenario_play_script {
    bool by_type;
    uint32_t script_id;                   /* 0x33xxxxxx when !by_type */
    uint32_t type;                        /* PScriptType when by_type */
    float mod;
} acp_scenario_play_script;

/** "parent": the object is held by object `to`, at a part and frame or at a holding location of
 *  to's Setup. */
typedef struct acp_scenario_parent {
    uint32_t to;                          /* the holder's object id (not the object, no cycle) */
    uint32_t to_index;                    /* index into acp_scenario.objects */
    bool by_location;                     /* "location" given (else "part") */
    uint32_t location;                    /* a holding location key of to's Setup */
    uint32_t part;                        /* a part index of to's Setup, or 0xFFFFFFFF (−1: its frame) */
    acp_frame frame;                      /* the holding frame relative to the part (default identity) */
} acp_scenario_parent;

/** One event: applied before the first frame whose time is >= t (docs/SCENARIOS.md). */
typedef struct acp_scenario_event {
    double t;                             /* seconds */
    uint32_t object;                      /* object id */
    uint32_t object_index;                /* index into acp_scenario.objects */
    uint32_t index;                       /* position in the JSON "events" array */
    acp_event_kind kind;
    acp_scenario_motion motion;           /* MOTION, RAW_MOTION */
    float jump_extent;                    /* JUMP: 0..1 as the jump bar gives it */
    acp_vec3 velocity;                    /* SET_VELOCITY: m/s, world axes */
    acp_scenario_server_position server;  /* SERVER_POSITION */
    uint32_t target;                      /* STICK_TO: object id */
    acp_scenario_constraint constraint;   /* CONSTRAIN_TO */
    acp_scenario_move_to move_to;         /* MOVE_TO */
    acp_scenario_play_script play_script; /* PLAY_SCRIPT */
    uint32_t new_state;                   /* SET_STATE: the PhysicsState bits */
    acp_scenario_parent parent;           /* PARENT */
} acp_scenario_event;

/** One object. */
typedef struct acp_scenario_object {
    uint32_t id;
    char *name;                           /* NULL when absent */
    uint32_t setup;                       /* Setup id 0x02xxxxxx; 0 = none (no parts, no spheres) */
    uint32_t motion_table;                /* MotionTable id 0x09xxxxxx; 0 = the setup's default */
    uint32_t physics_state;               /* PhysicsState bits */
    acp_position position;                /* cell + frame (quaternion as given, matrix cached) */
    acp_vec3 velocity;                    /* m/s, world axes */
    acp_vec3 omega;                       /* rad/s, world axes */
    float scale;
    float friction;
    float elasticity;
    float run_rate;                       /* InqRunRate's answer: the player's (default 1.0), or
                                             another object's when has_run_rate */
    bool has_run_rate;                    /* "run_rate" given (a non-player without it: my_run_rate) */
    double enter_at;                      /* seconds: prepare_to_enter_world time */
    acp_scenario_placement placement;
    uint32_t transient_state;             /* TransientState bits (placement "frame" only) */
    uint16_t timestamps[9];               /* update_times as its CreateObject's PhysicsDesc gives
                                             them (PhysicsTimeStamp order); default 0 */
} acp_scenario_object;

/** The frame times: explicit, or the generator {hz, count, start, jitter}. */
typedef struct acp_scenario_frames {
    uint32_t count;
    double *times;                        /* count seconds (generated ones are expanded here) */
    bool generated;
    double hz;                            /* generator: frames per second */
    double start;                         /* generator: seconds */
    bool jitter;                          /* generator: jitter given */
    uint32_t seed;                        /* jitter: xorshift32 seed (non-zero) */
    double jitter_ms;                     /* jitter: milliseconds */
} acp_scenario_frames;

/** A decoded, validated scenario. Owns its arrays (acp_scenario_free). */
typedef struct acp_scenario {
    int version;
    char *name;                           /* optional "name"; NULL when absent */
    acp_clock_profile profile;
    uint32_t num_compare_profiles;        /* optional "compare_profiles" */
    acp_clock_profile compare_profiles[3];
    uint32_t num_excerpts;
    char **excerpts;                      /* "default" or a host-defined name (path, URL) */
    bool has_player;
    uint32_t player;                      /* object id */
    uint32_t player_index;
    uint32_t num_objects;
    acp_scenario_object *objects;
    uint32_t num_events;
    acp_scenario_event *events;           /* sorted by t, then by JSON position */
    acp_scenario_frames frames;
} acp_scenario;

/** A decoding error: "<field path>: <what is wrong>", NUL-terminated. */
typedef struct acp_scenario_error {
    char message[512];
} acp_scenario_error;

/** Decode and validate a scenario from its JSON tree. On failure returns false, fills err and
 *  leaves *out empty (nothing to free). */
bool acp_scenario_decode(const acp_jsonv *root, acp_scenario *out, acp_scenario_error *err);

/** The scenario's digest (FNV-1a 64 over its content as decoded, field by field, little-endian:
 *  the profile and compare_profiles, the excerpts' names, the player, every object's fields, every
 *  event's time, object, JSON position, kind and payload in s->events order, and every frame time
 *  (a generator and its expansion are one scenario); not the names of the scenario or its
 *  objects). The same bits natively and in WebAssembly. A run snapshot's runner section holds it
 *  (src/scenario/run_snapshot.c): a resume refuses a snapshot of another scenario. */
uint64_t acp_scenario_digest(const acp_scenario *s);

/** Free what a decoded scenario owns (an empty one is fine). */
void acp_scenario_free(acp_scenario *s);

/** One step of xorshift32 (x ^= x << 13; x ^= x >> 17; x ^= x << 5). */
uint32_t acp_xorshift32(uint32_t x);

/** The frame generator (docs/SCENARIOS.md): out[k − 1] = start + k/hz + j_k for k = 1..count,
 *  with j_k = (2u − 1) · ms / 1000, u = x / 2^32, x the xorshift32 state after k steps from
 *  `seed` (jitter false: j_k is not added). Evaluated in double in exactly this order:
 *  t = start + (double)k / hz; u = (double)x / 4294967296.0; t = t + (2.0 * u − 1.0) * ms / 1000.0
 *  — web/src/frames.ts does the same and tests/node/scenario.test.mjs proves equal bits. */
void acp_frames_generate(double hz, uint32_t count, double start, bool jitter, uint32_t seed, double ms,
                         double *out);

/* ---- events appended to a scenario while it runs (the page's keyboard) ---- */

/** Decode one event (the JSON of one element of "events") and add it as the scenario's last
 *  listed event: its index is the old num_events, and it goes after every event whose t is
 *  <= its t, which is where acp_scenario_decode puts it when the JSON lists it last. On
 *  success *position is its place in s->events. On failure (message "events[N]...: ...", N the
 *  index it would have had) the scenario is unchanged. The page's keyboard makes events so. */
bool acp_scenario_append_event(acp_scenario *s, const acp_jsonv *event, uint32_t *position,
                               acp_scenario_error *err);
/** Decode one object (the JSON of one element of "objects") and add it as the scenario's last
 *  object (index the old num_objects), with the checks acp_scenario_decode makes (its fields,
 *  an id that is not 0 and no other object's). On failure (message "objects[N]...: ...") the
 *  scenario is unchanged. The page adds objects and copies so while a run goes. */
bool acp_scenario_append_object(acp_scenario *s, const acp_jsonv *object, acp_scenario_error *err);

#endif
