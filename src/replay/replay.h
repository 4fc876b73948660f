/* acphys — replay a capture of the retail client (issue 40, docs/REPLAY.md): the capture's decoded
 * messages → a scenario (JSON text, an ordinary `acphys run` input) → the run, compared at every
 * client report with what the client said.
 *
 * CONVENTIONS
 *   Input: an acp_replay_capture, the capture's game messages that matter to physics, each with
 *   the time the capture gives it (seconds; the capturing proxy's receive time). The capture layer
 *   (the protocol decoder) fills it; src/replay/capture_adapter.c is the only file that knows that
 *   layer's types. Nothing here reads bytes off the wire.
 *   The player: the object the client's own reports (MoveToState 0xF61C, AutonomousPosition
 *   0xF753, Jump 0xF61B) are about. It is created where the client first reports it, at that
 *   time; its Setup, motion table, state, scale, friction and elasticity come from its
 *   CreateObject when the capture has one. It is driven by its raw motion states and jumps at
 *   their capture times, by the move-tos and turn-tos (UpdateMotion types 6–9) the server starts
 *   for it, and by its SetStates ("set_state" events where the scenario format has them, else
 *   named and left out: ACP_REPLAY_SKIP_SET_STATE) and teleports. A SetState that comes before the player's creation
 *   applies at time 0.
 *   The other objects: one per CreateObject whose Setup (and motion table) the excerpts hold,
 *   driven by their UpdatePositions ("server_position"), UpdateMotions ("motion", "move_to") and
 *   VectorUpdates ("set_velocity"); the others are skipped and named.
 *   Time: the scenario's times are the capture's, shifted so that the player's creation is t0 =
 *   the first client report's time. Frames: 60 Hz from t0 (t0 + k/60, acp_frames_generate's
 *   doubles) to the last message, or the capture's own datagram times (every message time after
 *   t0, distinct, in order).
 *   A client report at t is compared with the player after the last frame before t (the client
 *   sends its input and its position before that frame's physics runs); events at t apply before
 *   the first frame at or after t (docs/SCENARIOS.md).
 *   Units: metres, seconds, degrees (headings: 0 north, clockwise), cell ids 0xXXYYCCCC.
 */
#ifndef ACP_REPLAY_H
#define ACP_REPLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "scenario/scenario.h"
#include "scenario/text.h"

/** The messages a replay reads. */
typedef enum acp_replay_kind {
    /* ---- the client's own reports (client → server) ---- */
    ACP_REPLAY_MOVE_TO_STATE = 0,         /* 0xF61C: raw motion state + position + contact */
    ACP_REPLAY_AUTONOMOUS_POSITION = 1,   /* 0xF753: position + contact */
    ACP_REPLAY_JUMP = 2,                  /* 0xF61B: extent, velocity, position */
    /* ---- the server's (server → client) ---- */
    ACP_REPLAY_CREATE_OBJECT = 3,         /* 0xF745 */
    ACP_REPLAY_UPDATE_POSITION = 4,       /* 0xF748 */
    ACP_REPLAY_UPDATE_MOTION = 5,         /* 0xF74C */
    ACP_REPLAY_VECTOR_UPDATE = 6,         /* 0xF74E */
    ACP_REPLAY_SET_STATE = 7,             /* 0xF74B */
    ACP_REPLAY_PLAYER_TELEPORT = 8        /* 0xF751 */
} acp_replay_kind;

/** A Position as the wire carries it: cell, landblock-relative origin, quaternion (w, x, y, z). */
typedef struct acp_replay_pos {
    uint32_t cell;
    float origin[3];
    float q[4];
} acp_replay_pos;

/** One decoded message. Only the fields of its kind are read. */
typedef struct acp_replay_msg {
    double t;                             /* seconds, the capture's time */
    acp_replay_kind kind;
    uint32_t guid;                        /* server messages: the object; client reports: 0 */
    bool has_position;                    /* CreateObject: its PhysicsDesc has a Position */
    acp_replay_pos pos;                   /* reports, CreateObject, UpdatePosition */
    bool contact;                         /* reports: the contact bit; UpdatePosition: grounded (0x4) */
    acp_scenario_motion motion;           /* MoveToState: the raw state (present bits, hold_run);
                                             UpdateMotion type 0: the interpreted state */
    float jump_extent;                    /* Jump: 0..1 */
    bool has_velocity;                    /* Jump, UpdatePosition (0x1), VectorUpdate, CreateObject */
    float velocity[3];                    /* m/s, world axes */
    uint32_t movement_type;               /* UpdateMotion: 0 (interpreted state) or 6..9 (move-tos) */
    acp_scenario_move_to move_to;         /* UpdateMotion 6..9: type, target or position, params */
    uint16_t timestamps[9];               /* CreateObject: its PhysicsDesc's nine stamps; UpdatePosition:
                                             [0] position, [4] teleport, [6] force position, [8]
                                             instance (PhysicsTimeStamp order; the others 0) */
    bool has_placement;                   /* UpdatePosition: flag 0x2 */
    uint32_t placement;                   /* UpdatePosition: the placement id (0 without the flag) */
    /* CreateObject's PhysicsDesc (absent: 0 ids, has_* false) */
    uint32_t setup, motion_table;
    bool has_state;
    uint32_t physics_state;               /* CreateObject, SetState */
    bool has_scale, has_friction, has_elasticity;
    float scale, friction, elasticity;
    uint32_t parent;                      /* CreateObject: a parent (wielded or carried): not placed */
} acp_replay_msg;

/** A capture, decoded: its messages in capture order (times need not be sorted: the proxy's
 *  receive times of the two directions interleave). */
typedef struct acp_replay_capture {
    uint32_t num_msgs;
    acp_replay_msg *msgs;
    uint32_t player;                      /* the player's guid when the capture names it (the
                                             login's character), else 0: see acp_replay_build */
    float run_rate;                       /* > 0: the run rate from the player's Run skill
                                             (PlayerDescription); 0: none (retail's 1.0) */
    uint32_t num_times;                   /* every datagram's time (the datagram-times mode);
                                             0: the messages' times stand in */
    const double *times;                  /* seconds, the capture's */
} acp_replay_capture;

/** Frame modes. */
typedef enum acp_replay_frames {
    ACP_REPLAY_FRAMES_60HZ = 0,
    ACP_REPLAY_FRAMES_DATAGRAMS = 1
} acp_replay_frames;

/** Options. */
typedef struct acp_replay_options {
    acp_replay_frames frames;
    bool resync;                          /* put the player back on each report made on the ground
                                             (contact; a teleport event) */
    bool set_state_events;                /* the scenario decoder has "set_state" events (the
                                             server's SetState, CPhysicsObj::set_state): SetStates
                                             become events; without, they are named and left out
                                             (acp_replay_scenario_has_set_state tells which) */
    uint32_t num_excerpts;                /* the scenario's "excerpts" (written as given) */
    const char *const *excerpts;
    /* Which records the run will have: a Setup / MotionTable present. NULL: all are. */
    bool (*has_record)(void *ctx, uint32_t id);
    void *ctx;
} acp_replay_options;

/** Why a CreateObject did not become an object. */
typedef enum acp_replay_skip {
    ACP_REPLAY_SKIP_NO_POSITION = 1,      /* no Position (in a container, wielded, carried) */
    ACP_REPLAY_SKIP_NO_SETUP = 2,         /* its Setup is not in the excerpts */
    ACP_REPLAY_SKIP_NO_MOTION_TABLE = 3,  /* its motion table is not in the excerpts */
    ACP_REPLAY_SKIP_SET_STATE = 4,        /* a SetState: this build's scenarios have no event for it */
    ACP_REPLAY_SKIP_BAD_POSITION = 5      /* a CreateObject or UpdatePosition whose cell id is none
                                             or whose quaternion is not a unit one (Frame::IsValid):
                                             id = the cell */
} acp_replay_skip;

/** An object (or a message) the replay leaves out, named. */
typedef struct acp_replay_skipped {
    uint32_t guid;
    acp_replay_skip why;
    uint32_t id;                          /* the missing record, or the state bits */
    double t;                             /* scenario seconds */
} acp_replay_skipped;

/** One client report to compare. */
typedef struct acp_replay_report {
    double t;                             /* scenario seconds (capture time − t0 shift: see plan) */
    acp_replay_kind kind;                 /* MOVE_TO_STATE, AUTONOMOUS_POSITION or JUMP */
    acp_replay_pos pos;
    bool contact;
    bool after_teleport;                  /* the first report after a PlayerTeleport or the
                                             player's teleporting UpdatePosition: not compared */
    const char *doing;                    /* what the player was doing in the interval that ends
                                             at this report: "running", "jumping"... */
} acp_replay_report;

/** What acp_replay_build made. Owns its arrays (acp_replay_plan_free). */
typedef struct acp_replay_plan {
    uint32_t player;                      /* the player's guid (acp_replay_build says how found) */
    bool player_created;                  /* its CreateObject was in the capture */
    double t0;                            /* capture seconds of the player's creation (scenario 0) */
    acp_text scenario;                    /* the scenario, JSON text */
    uint32_t num_reports;
    acp_replay_report *reports;
    uint32_t num_skipped;
    acp_replay_skipped *skipped;
    uint32_t num_objects;                 /* scenario objects, the player first */
    uint32_t num_events;
    uint32_t num_frames;
    double max_gap;                       /* --frames datagrams: the longest step between frames
                                             (s), and the scenario time it ends at; 0 at 60 Hz */
    double max_gap_at;
    uint32_t num_long_gaps;               /* steps longer than ACP_REPLAY_SPARSE_GAP */
} acp_replay_plan;

/** A step between datagram frames above which the world runs far coarser than the client's did:
 *  three of retail's MinQuantum (1/30 s; CPhysics::UseTime 0x00509950 runs the world at most that
 *  often, the client's frames come every 1/60 s or so). acp_replay_session warns of such gaps. */
#define ACP_REPLAY_SPARSE_GAP 0.1

/** True when a scenario takes the position: a cell id (0xXXYYCCCC, outdoor 1..0x40, indoor
 *  0x100..0xFFFD) and a quaternion that passes retail's Frame::IsValid. */
bool acp_replay_pos_valid(const acp_replay_pos *p);

/** Build the scenario and the reports of `cap`. The player's guid is cap->player, else the guid of
 *  the CreateObject nearest (same landblock, least distance) to the first client report, else
 *  0x50000001 (ACE's first player id). False, with a message (msg_size bytes) naming what is
 *  missing ("the capture has no client report (MoveToState, AutonomousPosition, Jump)", or its
 *  first report's position is not one a scenario takes), when no scenario can be made, or out
 *  of memory. A message whose position a scenario does not take is left out (named: objects,
 *  UpdatePositions) or not acted on (resync, move-to). */
bool acp_replay_build(const acp_replay_capture *cap, const acp_replay_options *opt, acp_replay_plan *plan, char *msg,
                      size_t msg_size);

/** A has_record for acp_replay_options over an acp_excerpts (ctx): Setups (0x02xxxxxx) and
 *  MotionTables (0x09xxxxxx) it holds; any other id: false. */
bool acp_replay_has_record(void *excerpts, uint32_t id);

/** True when this build's scenario decoder takes a "set_state" event (it decodes a one-event
 *  scenario that has one). */
bool acp_replay_scenario_has_set_state(void);

/** Free a plan (an empty one is fine). */
void acp_replay_plan_free(acp_replay_plan *plan);

/** "MoveToState", "AutonomousPosition", "Jump", ... */
const char *acp_replay_kind_name(acp_replay_kind k);

/** Distance between two positions in metres: outdoor and indoor origins are landblock-relative,
 *  so the landblocks' offsets (192 m each, the cell id's high bytes) are added first. */
double acp_replay_distance(const acp_replay_pos *a, const acp_replay_pos *b);

/** Heading of a quaternion (w, x, y, z) in degrees [0, 360): Frame::get_heading. */
double acp_replay_heading(const float q[4]);

#endif
