/* acphys — the game messages physics needs, decoded (and encoded) one reassembled message at a time.
 *
 * A game message is the bytes of one reassembled fragment chain (stream.h). It starts with its
 * u32 opcode. The client's movement messages travel inside a GameAction (0xF7B1: u32 0xF7B1,
 * u32 action sequence, u32 action opcode, payload); the PlayerDescription inside a GameEvent
 * (0xF7B0: u32 player guid, u32 event sequence, u32 event type 0x0013, payload).
 * All little-endian; floats IEEE single, refused when NaN or infinite (ERR_FLOAT_NOT_FINITE).
 * Layouts (checked on a real capture of the retail client wherever it has the message): a
 * Position is 32 bytes (u32 cell, 3 f32 origin relative to the landblock, f32 qw qx qy qz);
 * the retail client's Jump (0xF61B) carries f32 extent, 3 f32 velocity, a whole Position and
 * four u16 sequences (ACE's reader omits the Position).
 * acp_msg_decode reads every byte of a message it knows: a message shorter than its fields
 * fails with ERR_TRUNCATED at the field, bytes left over with ERR_TRAILING_BYTES at the first
 * (CreateObject: only its physics part is read, the weenie description after it is left unread
 * on purpose; PlayerDescription: read up to the skills). Messages of other opcodes decode to
 * ACP_MSG_OTHER without reading (not an error).
 * The decoder is pure: no allocation, no I/O; fixed arrays with named limits (ERR_LIMIT).
 */
#ifndef ACP_NET_MESSAGES_H
#define ACP_NET_MESSAGES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/types.h"
#include "net/status.h"

/* Opcodes (the first u32 of a message; for a GameAction, its action opcode). */
#define ACP_OP_GAME_ACTION          0xF7B1u
#define ACP_OP_GAME_EVENT           0xF7B0u
#define ACP_OP_MOVE_TO_STATE        0xF61Cu  /* client GameAction */
#define ACP_OP_AUTONOMOUS_POSITION  0xF753u  /* client GameAction */
#define ACP_OP_JUMP                 0xF61Bu  /* client GameAction */
#define ACP_OP_CREATE_OBJECT        0xF745u
#define ACP_OP_PLAYER_CREATE        0xF746u
#define ACP_OP_UPDATE_POSITION      0xF748u
#define ACP_OP_PARENT_EVENT         0xF749u
#define ACP_OP_SET_STATE            0xF74Bu
#define ACP_OP_UPDATE_MOTION        0xF74Cu
#define ACP_OP_VECTOR_UPDATE        0xF74Eu
#define ACP_OP_PLAYER_TELEPORT      0xF751u
#define ACP_EVENT_PLAYER_DESCRIPTION 0x0013u

/** The kinds decoded. ACP_MSG_OTHER: any other opcode (kept, not read). */
typedef enum acp_msg_kind {
    ACP_MSG_OTHER = 0,
    ACP_MSG_MOVE_TO_STATE,
    ACP_MSG_AUTONOMOUS_POSITION,
    ACP_MSG_JUMP,
    ACP_MSG_CREATE_OBJECT,
    ACP_MSG_PLAYER_CREATE,
    ACP_MSG_UPDATE_POSITION,
    ACP_MSG_UPDATE_MOTION,
    ACP_MSG_VECTOR_UPDATE,
    ACP_MSG_SET_STATE,
    ACP_MSG_PLAYER_TELEPORT,
    ACP_MSG_PARENT_EVENT,
    ACP_MSG_PLAYER_DESCRIPTION,
    ACP_MSG_KIND_COUNT
} acp_msg_kind;

/** Static name of a kind, e.g. "MoveToState" ("Other" for ACP_MSG_OTHER). */
const char *acp_msg_kind_name(acp_msg_kind kind);

/** A Position on the wire: 32 bytes. */
typedef struct acp_net_position {
    uint32_t cell;           /* 0xXXYYCCCC */
    acp_vec3 origin;         /* metres, landblock-relative */
    float qw, qx, qy, qz;
} acp_net_position;

/** One queued motion of a motion state's list: u16 command, u16 (sequence | autonomous << 15),
 *  f32 speed. */
typedef struct acp_motion_item {
    uint16_t command;        /* low 16 bits of the MotionCommand */
    uint16_t sequence;       /* 15 bits */
    bool autonomous;
    float speed;
} acp_motion_item;

/** The longest motion list read (raw or interpreted); longer lists fail with ERR_LIMIT. */
#define ACP_MSG_MAX_MOTION_ITEMS 16

/* RawMotionState flags (bits 0-10 of its first u32; the list length is bits 11 and up). */
#define ACP_RAW_CURRENT_HOLDKEY   0x001u
#define ACP_RAW_CURRENT_STYLE     0x002u
#define ACP_RAW_FORWARD_COMMAND   0x004u
#define ACP_RAW_FORWARD_HOLDKEY   0x008u
#define ACP_RAW_FORWARD_SPEED     0x010u
#define ACP_RAW_SIDESTEP_COMMAND  0x020u
#define ACP_RAW_SIDESTEP_HOLDKEY  0x040u
#define ACP_RAW_SIDESTEP_SPEED    0x080u
#define ACP_RAW_TURN_COMMAND      0x100u
#define ACP_RAW_TURN_HOLDKEY      0x200u
#define ACP_RAW_TURN_SPEED        0x400u

/** The client's RawMotionState. A field whose flag is clear reads 0 (the wire omits it; the
 *  receiver's default applies: hold key 0 = Invalid, commands 0, speeds 1.0 is NOT filled in). */
typedef struct acp_net_raw_motion_state {
    uint32_t flags;          /* ACP_RAW_* */
    uint32_t current_holdkey, current_style;
    uint32_t forward_command, forward_holdkey;
    float forward_speed;
    uint32_t sidestep_command, sidestep_holdkey;
    float sidestep_speed;
    uint32_t turn_command, turn_holdkey;
    float turn_speed;
    uint32_t item_count;
    acp_motion_item items[ACP_MSG_MAX_MOTION_ITEMS];
} acp_net_raw_motion_state;

/** The four object sequences the client's movement messages end with. */
typedef struct acp_net_sequences {
    uint16_t instance, server_control, teleport, force_position;
} acp_net_sequences;

/** MoveToState (client GameAction 0xF61C). */
typedef struct acp_msg_move_to_state {
    acp_net_raw_motion_state raw;
    acp_net_position position;
    acp_net_sequences seq;
    bool contact;            /* bit 0 of the u8 */
    bool standing_long_jump; /* bit 1 */
} acp_msg_move_to_state;

/** AutonomousPosition (client GameAction 0xF753). */
typedef struct acp_msg_autonomous_position {
    acp_net_position position;
    acp_net_sequences seq;
    bool contact;
} acp_msg_autonomous_position;

/** Jump (client GameAction 0xF61B), as the retail client sends it. */
typedef struct acp_msg_jump {
    float extent;            /* 0..1, the jump bar */
    acp_vec3 velocity;       /* m/s, the jump's velocity as the client computed it */
    acp_net_position position;
    acp_net_sequences seq;
} acp_msg_jump;

/* InterpretedMotionState flags (bits 0-6; the list length is bits 7 and up). */
#define ACP_INTERP_CURRENT_STYLE    0x01u
#define ACP_INTERP_FORWARD_COMMAND  0x02u
#define ACP_INTERP_FORWARD_SPEED    0x04u
#define ACP_INTERP_SIDESTEP_COMMAND 0x08u
#define ACP_INTERP_SIDESTEP_SPEED   0x10u
#define ACP_INTERP_TURN_COMMAND     0x20u
#define ACP_INTERP_TURN_SPEED       0x40u

/** The server's InterpretedMotionState (movement type 0). Absent fields read 0. The commands
 *  are the low 16 bits of the MotionCommand; `forward_speed` of a RunForward is the run rate
 *  the server gives the object. */
typedef struct acp_net_interpreted_motion_state {
    uint32_t flags;          /* ACP_INTERP_* */
    uint16_t current_style, forward_command, sidestep_command, turn_command;
    float forward_speed, sidestep_speed, turn_speed;
    uint32_t item_count;
    acp_motion_item items[ACP_MSG_MAX_MOTION_ITEMS];
} acp_net_interpreted_motion_state;

/** MoveToParameters: u32 flags, then 6 f32. */
typedef struct acp_moveto_params {
    uint32_t flags;          /* MovementParams bits */
    float distance_to_object, min_distance, fail_distance, speed, walk_run_threshold, desired_heading;
} acp_moveto_params;

/** TurnToParameters: u32 flags, f32 speed, f32 desired heading (degrees). */
typedef struct acp_turnto_params {
    uint32_t flags;
    float speed, desired_heading;
} acp_turnto_params;

/* Movement types. */
#define ACP_MOVE_INTERPRETED      0u
#define ACP_MOVE_TO_OBJECT        6u
#define ACP_MOVE_TO_POSITION      7u
#define ACP_MOVE_TURN_TO_OBJECT   8u
#define ACP_MOVE_TURN_TO_HEADING  9u
/* Movement flags (u8). */
#define ACP_MOVE_FLAG_STICKY            0x01u
#define ACP_MOVE_FLAG_STANDING_LONG_JUMP 0x02u

/** A movement (UpdateMotion's body, and CreateObject's movement bytes): u8 type, u8 flags,
 *  u16 current style, then by type. Types other than 0 and 6-9 fail with ERR_MOVEMENT_TYPE. */
typedef struct acp_movement {
    uint8_t type;            /* ACP_MOVE_* */
    uint8_t flags;           /* ACP_MOVE_FLAG_* */
    uint16_t current_style;
    /* type 0 */
    acp_net_interpreted_motion_state state;
    bool has_sticky_object;  /* flags & STICKY */
    uint32_t sticky_object;
    /* types 6 (object + origin) and 7 (origin): the target object, where it was, the
     * parameters, the run rate */
    uint32_t target;         /* types 6 and 8 */
    acp_net_position origin; /* types 6 and 7: on the wire u32 cell + 3 f32 only (16 bytes,
                              * Position::UnPackOrigin); the rotation reads as the identity
                              * (qw 1), retail's starting value */
    acp_moveto_params moveto;
    float run_rate;          /* types 6 and 7 */
    /* types 8 (target + desired heading) and 9 */
    float desired_heading;   /* type 8 */
    acp_turnto_params turnto;
} acp_movement;

/** UpdateMotion (0xF74C). */
typedef struct acp_msg_update_motion {
    uint32_t guid;
    uint16_t instance_seq, movement_seq, server_control_seq;
    bool autonomous;
    acp_movement movement;
} acp_msg_update_motion;

/* UpdatePosition flags. */
#define ACP_UPOS_VELOCITY   0x01u
#define ACP_UPOS_PLACEMENT  0x02u
#define ACP_UPOS_GROUNDED   0x04u
#define ACP_UPOS_NO_QW      0x08u
#define ACP_UPOS_NO_QX      0x10u
#define ACP_UPOS_NO_QY      0x20u
#define ACP_UPOS_NO_QZ      0x40u

/** UpdatePosition (0xF748). Omitted quaternion components read 0 (as the client reads them). */
typedef struct acp_msg_update_position {
    uint32_t guid;
    uint32_t flags;          /* ACP_UPOS_* */
    acp_net_position position;
    bool has_velocity;
    acp_vec3 velocity;       /* m/s */
    bool has_placement;
    uint32_t placement;
    bool grounded;
    uint16_t instance_seq, position_seq, teleport_seq, force_position_seq;
} acp_msg_update_position;

/** VectorUpdate (0xF74E). */
typedef struct acp_msg_vector_update {
    uint32_t guid;
    acp_vec3 velocity;       /* m/s */
    acp_vec3 omega;          /* rad/s */
    uint16_t instance_seq, vector_seq;
} acp_msg_vector_update;

/** SetState (0xF74B). */
typedef struct acp_msg_set_state {
    uint32_t guid;
    uint32_t state;          /* PhysicsState bits */
    uint16_t instance_seq, state_seq;
} acp_msg_set_state;

/** PlayerTeleport (0xF751): u16 teleport sequence, padding to 4. */
typedef struct acp_msg_player_teleport {
    uint16_t teleport_seq;
} acp_msg_player_teleport;

/** ParentEvent (0xF749): the parent, the child, where and how it is held. */
typedef struct acp_msg_parent_event {
    uint32_t parent, child;
    uint32_t location;       /* ParentLocation */
    uint32_t placement;
    uint16_t parent_instance_seq, child_position_seq;
} acp_msg_parent_event;

/** PlayerCreate (0xF746): the player's guid. */
typedef struct acp_msg_player_create {
    uint32_t guid;
} acp_msg_player_create;

/* PhysicsDesc flags (CreateObject). */
#define ACP_PD_SETUP              0x000001u
#define ACP_PD_MTABLE             0x000002u
#define ACP_PD_VELOCITY           0x000004u
#define ACP_PD_ACCELERATION       0x000008u
#define ACP_PD_OMEGA              0x000010u
#define ACP_PD_PARENT             0x000020u
#define ACP_PD_CHILDREN           0x000040u
#define ACP_PD_SCALE              0x000080u
#define ACP_PD_FRICTION           0x000100u
#define ACP_PD_ELASTICITY         0x000200u
#define ACP_PD_TIMESTAMPS         0x000400u
#define ACP_PD_STABLE             0x000800u
#define ACP_PD_PETABLE            0x001000u
#define ACP_PD_DEFAULT_SCRIPT     0x002000u
#define ACP_PD_DEFAULT_SCRIPT_INTENSITY 0x004000u
#define ACP_PD_POSITION           0x008000u
#define ACP_PD_MOVEMENT           0x010000u
#define ACP_PD_ANIMATION_FRAME    0x020000u
#define ACP_PD_TRANSLUCENCY       0x040000u

/** The most children a CreateObject lists (more: ERR_LIMIT at the count). */
#define ACP_MSG_MAX_CHILDREN 64

/** CreateObject (0xF745): the guid and the physics description (the model data before it is
 *  skipped by its counts; the weenie description after it is not read). Fields whose flag is
 *  clear read 0 (scale: 0, not 1: test `flags`). */
typedef struct acp_msg_create_object {
    uint32_t guid;
    uint32_t flags;          /* ACP_PD_* */
    uint32_t state;          /* PhysicsState bits */
    /* ACP_PD_MOVEMENT: the movement bytes (decoded when 4 or more; an empty one is "none") */
    uint32_t movement_size;
    bool has_movement;       /* movement_size > 0 and decoded */
    acp_movement movement;
    bool movement_autonomous;
    uint32_t placement;      /* ACP_PD_ANIMATION_FRAME (only without MOVEMENT) */
    acp_net_position position;               /* ACP_PD_POSITION */
    uint32_t mtable, stable, petable, setup;  /* the DAT ids */
    uint32_t parent, parent_location;         /* ACP_PD_PARENT */
    uint32_t child_count;                     /* ACP_PD_CHILDREN */
    uint32_t children[ACP_MSG_MAX_CHILDREN];
    uint32_t child_locations[ACP_MSG_MAX_CHILDREN];
    float scale, friction, elasticity, translucency;
    acp_vec3 velocity, acceleration, omega;
    uint32_t default_script;
    float default_script_intensity;
    uint16_t timestamps[9];  /* position, movement, state, vector, teleport, server control,
                              * force position, object description, instance */
} acp_msg_create_object;

/** One skill of the PlayerDescription. */
typedef struct acp_net_skill {
    bool present;
    uint16_t ranks, adjust;
    uint32_t advancement_class, xp, init_level, resistance;
    double last_used;
} acp_net_skill;

/** One primary attribute (strength 1 .. self 6). */
typedef struct acp_net_attribute {
    bool present;
    uint32_t ranks, start, xp;
} acp_net_attribute;

#define ACP_SKILL_JUMP 22u
#define ACP_SKILL_RUN 24u

/** PlayerDescription (GameEvent 0xF7B0 type 0x0013): the player's attributes and the two
 *  skills physics uses (Run 24, Jump 22). attributes[i] is attribute i + 1 (1 strength,
 *  2 endurance, 3 quickness, 4 coordination, 5 focus, 6 self). */
typedef struct acp_msg_player_description {
    uint32_t guid;           /* the GameEvent's player guid */
    acp_net_attribute attributes[6];
    acp_net_skill run, jump;
} acp_msg_player_description;

/** A decoded message: `kind` says which member of the union holds it. */
typedef struct acp_game_msg {
    acp_msg_kind kind;
    uint32_t opcode;         /* the message's first u32 (0xF7B1 / 0xF7B0 for the envelopes) */
    uint32_t action;         /* GameAction: the action opcode; GameEvent: the event type; else 0 */
    uint32_t sequence;       /* GameAction / GameEvent: the envelope's sequence; else 0 */
    union {
        acp_msg_move_to_state move_to_state;
        acp_msg_autonomous_position autonomous_position;
        acp_msg_jump jump;
        acp_msg_create_object create_object;
        acp_msg_player_create player_create;
        acp_msg_update_position update_position;
        acp_msg_update_motion update_motion;
        acp_msg_vector_update vector_update;
        acp_msg_set_state set_state;
        acp_msg_player_teleport player_teleport;
        acp_msg_parent_event parent_event;
        acp_msg_player_description player_description;
    } u;
} acp_game_msg;

/** Decode one reassembled message of n bytes.
 *  Retail: MoveToStatePack::UnPack (0x005169B0), AutonomousPositionPack::UnPack (0x00516BA0),
 *  JumpPack::UnPack (0x00516DF0), RawMotionState::UnPack (0x0051EFC0), Position::UnPack
 *  (0x005A9690), PositionPack::UnPack (0x00516740) for UpdatePosition,
 *  MovementManager::unpack_movement (0x00524440) for UpdateMotion and CreateObject's movement,
 *  PhysicsDesc::UnPack (0x0051DDD0), CM_Physics::DispatchSB_CreatePlayer (0x006AC9F0),
 *  CM_Physics::DispatchSB_ParentEvent (0x006ACAF0), CM_Physics::DispatchSB_SetState
 *  (0x006ACC80), CM_Physics::DispatchSB_VectorUpdate (0x006ACD20),
 *  CM_Physics::DispatchSB_PlayerTeleport (0x006AC730), Skill::UnPack (0x005CAAC0). Retail reads
 *  a field past a short buffer as whatever follows; acphys refuses it (ERR_TRUNCATED). On failure *out->kind still names the kind (so a
 *  caller can count it as a bad message of that kind), and *err (when not NULL) gets the
 *  status, AT_MESSAGE, the offset from the message's first byte, the field
 *  ("move_to_state.position.cell", ...) and the opcode; err->datagram is left -1 for the
 *  stream to fill. Fewer than 4 bytes fail with ERR_TRUNCATED at "opcode"; an envelope
 *  (GameAction / GameEvent) shorter than its 12 bytes at "action.opcode" / "event.type". */
acp_net_status acp_msg_decode(const uint8_t *data, size_t n, acp_game_msg *out, acp_net_diag *err);

/** Encode a message into buf (cap bytes). Retail: MoveToStatePack::Pack (0x005168F0),
 *  AutonomousPositionPack::Pack (0x00516AF0), JumpPack::Pack (0x00516D10), RawMotionState::Pack
 *  (0x0051ED10) for the client's messages; the server's are laid out as the decoder reads them: the exact bytes acp_msg_decode reads back (the
 *  GameAction / GameEvent envelopes included, from `opcode`, `action` and `sequence`; a
 *  CreateObject gets a minimal model data (0x11 and no entries) and no weenie description; a
 *  PlayerDescription gets only the attributes and the two skills). Returns the size written,
 *  or 0 when buf is too small or the kind is ACP_MSG_OTHER. *needed (when not NULL) gets the
 *  size the message needs. */
size_t acp_msg_encode(const acp_game_msg *m, uint8_t *buf, size_t cap, size_t *needed);

#endif
