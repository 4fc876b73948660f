/* acphys — the trace (docs/SCENARIOS.md): one JSON line per frame, the running digest, and the
 * per-frame table the CLI prints.
 *
 * CONVENTIONS
 *   A frame is first captured as a snapshot (acp_trace_frame) of exactly the values its trace
 *   line shows; the line, the digest and the table are all made from the snapshot, so they
 *   cannot disagree. Schema: schema/trace.v1.schema.json.
 *   Line: {"frame","now","gate","objects":[{"id","elapsed"?,"quanta","pending","update_time",
 *   "active","state","transient","cell","origin","orientation","velocity","hooks",
 *   "skipped"?,"hooks_unrecorded"?,"collisions"?,"collision_ends"?,"env_collisions"?,
 *   "cells_dropped"?}],"digest"}, keys in this order, no spaces. "collisions" /
 *   "collision_ends" (ids of the objects whose collision with this one began / ended this
 *   frame, in report order: physobj_collide.h) are present only when not empty;
 *   "env_collisions" (environment reports this frame) and "cells_dropped" (cells the object's
 *   shadow lists could not hold, so far) only when not 0. Doubles (now,
 *   elapsed, pending, update_time) print as %.17g, floats (quanta, origin, orientation, velocity)
 *   as %.9g of the float: both round-trip. A non-finite value prints as the string "NaN",
 *   "Infinity" or "-Infinity". "elapsed" is present only when update_object ran its clock ladder
 *   this frame (world gate passed, object not skipped). "cell" is "0x%08X". The last line of a
 *   trace is {"digest":"<16 hex digits>"}.
 *
 * DIGEST (FNV-1a 64: offset basis 0xcbf29ce484222325, prime 0x100000001b3, over bytes)
 *   The running digest starts at the offset basis and continues over every frame in order; a
 *   frame's "digest" is its value after that frame, and the closing line repeats the last one
 *   (the offset basis for a run of no frames). Per frame, in this order (integers little-endian;
 *   f32 / f64 as their IEEE bit patterns, little-endian; any NaN as the canonical 0x7FC00000 /
 *   0x7FF8000000000000):
 *     u32 frame, f64 now, u8 gate (0/1), u32 number of objects, then per object in scenario order:
 *     u32 id; u8 1 and f64 elapsed when "elapsed" is present, else u8 0; u32 number of quanta and
 *     f32 each; f64 pending; f64 update_time; u8 active; u32 state; u32 transient; u32 cell;
 *     f32 × 3 origin; f32 × 4 orientation (w, x, y, z); f32 × 3 velocity; u32 number of hooks and
 *     each hook name's bytes followed by one 0 byte.
 *   Then the optional parts (position_nodes, moveto, collisions, env_collisions: u8 0x45 and
 *   u32 env_collisions, scripts), each only when present: schema/trace.v1.schema.json's DIGEST.
 *   "skipped", "hooks_unrecorded" and "cells_dropped" are not hashed. A port that writes this trace format can
 *   compute the same digest from its own values.
 */
#ifndef ACP_TRACE_H
#define ACP_TRACE_H

#include <stdbool.h>
#include <stdint.h>

#include "physics/object/physobj.h"
#include "text.h"

#define ACP_FNV64_OFFSET 0xcbf29ce484222325ull
#define ACP_FNV64_PRIME 0x100000001b3ull

/** One object's values in one frame's trace line. */
#define ACP_TRACE_MAX_SCRIPTS 8         /* script ids a trace object lists */

typedef struct acp_trace_object {
    uint32_t id;
    bool has_elapsed;
    double elapsed;                  /* seconds: now − update_time as update_object computed it */
    uint32_t num_quanta;
    float quanta[ACP_MAX_QUANTA_PER_UPDATE]; /* seconds, what UpdateObjectInternal got */
    double pending;                  /* seconds: now − update_time after the frame */
    double update_time;              /* seconds */
    bool active;                     /* ACTIVE_TS after the frame */
    uint32_t state;                  /* PhysicsState */
    uint32_t transient;              /* TransientState */
    uint32_t cell;
    float origin[3];                 /* metres, relative to the cell's landblock */
    float orientation[4];            /* w, x, y, z */
    float velocity[3];               /* m/s, world axes */
    uint32_t num_hooks;              /* recorded hook types (≤ ACP_MAX_HOOKS_RECORDED) */
    uint32_t hooks[ACP_MAX_HOOKS_RECORDED];
    uint32_t hooks_unrecorded;       /* hooks that ran beyond the recorded ones */
    acp_skip_reason skipped;         /* why update_object skipped the object (trace "skipped") */
    uint32_t num_collisions;         /* objects whose collision with this one began this frame */
    uint32_t collisions[ACP_MAX_COLLISION_REPORTS]; /* their ids, in report order */
    uint32_t num_collision_ends;     /* objects whose collision with this one ended this frame */
    uint32_t collision_ends[ACP_MAX_COLLISION_REPORTS];
    uint32_t env_collisions;         /* environment collisions reported this frame */
    uint32_t cells_dropped;          /* cells its shadow lists could not hold, so far (T3) */
    double heading;                  /* degrees, for the table only (not in the line) */
    /* ---- server-driven objects (issue 13): present only with a PositionManager ---- */
    bool has_position_manager;
    uint32_t position_nodes;         /* InterpolationManager queue length */
    uint32_t offset_from;            /* acp_offset_source of the last quantum */
    /* ---- present only while a MoveTo runs ---- */
    bool has_moveto;
    uint32_t moveto_type;            /* acp_moveto_type */
    uint32_t moveto_nodes;           /* pending actions */
    uint32_t moveto_command;         /* the motion it issued (current_command), 0 for none */
    /* ---- scripts and particles (issue 16): present only while a script runs or an emitter
     *      lives ---- */
    bool has_fx;
    uint32_t num_scripts;            /* scripts queued (the current one first) */
    uint32_t scripts[ACP_TRACE_MAX_SCRIPTS]; /* their ids (the first ACP_TRACE_MAX_SCRIPTS) */
    uint32_t particles;              /* live particles of all its emitters */
    /* ---- an object whose enter_at is still ahead (docs/SCENARIOS.md): not in the world, left
     *      out of the line, the table and the digest ---- */
    bool absent;
} acp_trace_object;

/** The trace's name of a move-to type: "move_to_object", "move_to_position", "turn_to_object",
 *  "turn_to_heading". */
const char *acp_trace_moveto_name(uint32_t type);

/** The trace's name of an offset source: "animation", "interpolation", "sticky", "constraint". */
const char *acp_trace_offset_source_name(uint32_t source);

/** One frame. */
typedef struct acp_trace_frame {
    uint32_t frame;                  /* 1-based */
    double now;                      /* seconds */
    bool gate;                       /* the world gate passed (always true without a gate) */
    uint32_t num_objects;
    acp_trace_object *objects;       /* caller's storage, num_objects entries */
} acp_trace_frame;

/** Capture obj's values after a frame at `now`, `ran_ladder` per update record semantics. */
void acp_trace_capture_object(acp_trace_object *out, const acp_physobj *obj, double now);
/** An object not in the world yet (its enter_at is ahead): id only, `absent` set; the line,
 *  the table and the digest leave it out. */
void acp_trace_absent_object(acp_trace_object *out, uint32_t id);

/** Continue FNV-1a 64 `h` over one frame (see DIGEST). */
uint64_t acp_trace_hash_frame(uint64_t h, const acp_trace_frame *f);

/** Append one frame line with its running digest (no newline). */
void acp_trace_write_line(acp_text *out, const acp_trace_frame *f, uint64_t digest);
/** Append the closing line {"digest":"<hex>","profile":"<name>"} (no newline); profile NULL
 *  omits it. */
void acp_trace_write_digest_line(acp_text *out, uint64_t digest, const char *profile);

/** Append the table's header line (with newline). */
void acp_trace_write_table_header(acp_text *out);
/** Append the table's rows for one frame: one row per object, the frame columns on the first
 *  (each with a newline). */
void acp_trace_write_table_rows(acp_text *out, const acp_trace_frame *f);

/** Retail's name of a skip reason for the trace: "parented", "no_cell", "frozen"; NULL for none. */
const char *acp_trace_skip_name(acp_skip_reason r);

/* ---- per-quantum records (acphys run --records quanta | --records quanta --format dereth) ----
 *
 *   One record per UpdateObjectInternal of update_object's clock ladder (retail
 *   CPhysicsObj::UpdateObjectInternal 0x005156B0, called by CPhysicsObj::update_object
 *   0x00515D10), in the order they ran: object after object in update order, each object's
 *   quanta in order. Captured by the world's quantum_hook (physics.h: NULL unless a run records
 *   quanta), after the quantum, while PhysicsTimer::curr_time is the quantum's end.
 *
 *   The quanta line: {"frame","now","gate","quantum","objects":[<one object>],"digest"}: "quantum"
 *   counts the frame's records from 1; the one object has every field of a frame line's object
 *   (trace.h CONVENTIONS), valued after this quantum: "quanta" is [this quantum], "update_time"
 *   the physics clock after it, "pending" now − that, "hooks" the hooks this quantum ran,
 *   "collisions" / "collision_ends" the reports it added; then three fields frames lack:
 *   "cached_velocity" (float × 3, m/s: the last committed move's offset / quantum),
 *   "contact_plane" ({"normal":[x,y,z],"d":d}, world axes and the contact cell's d, or null when
 *   the object's CONTACT_TS is clear) and "transition_state" ("OK", "COLLIDED", "ADJUSTED",
 *   "SLID": retail's TransitionState that CTransition::transitional_insert (0x0050B6F0) returned
 *   on the last step of the quantum's sweep, as CTransition::find_transitional_position
 *   (0x0050BDF0) hands it to validate_transition; "OK" for a quantum that swept nothing: no
 *   move, no spheres). The closing line is {"digest","profile","records":"quanta"}.
 *   Digest: FNV-1a 64 running over the records: per record u32 frame, u32 quantum, then the
 *   record hashed as a frame of one object (acp_trace_hash_frame), then f32 × 3
 *   cached_velocity, u8 contact (1: then f32 × 3 normal, f32 d), u32 transition_state.
 *
 *   The dereth line (dereth-network/dereth core/physics/src/trace.rs TraceRecord, one per
 *   sub-step of the traced object only: the scenario's player, else its first object):
 *   {"t","update_time","cell","origin","quat","velocity","cached_velocity","contact_plane",
 *   "state","transient_state","transition_state"}: t the frame's time (double), update_time the
 *   physics clock after the sub-step (double), cell a number (u32), quat [w,x,y,z] (floats),
 *   contact_plane as above or null, the state words as numbers, transition_state as above. No
 *   digest and no closing line. */
typedef struct acp_trace_quantum {
    uint32_t frame;
    double now;
    uint32_t quantum;                /* 1-based within the frame */
    acp_trace_object o;              /* the object after this quantum (quanta = [this one]) */
    uint32_t hooks_before;           /* o's hooks and reports recorded before this quantum */
    uint32_t collisions_before, collision_ends_before;
    uint32_t env_collisions_before;  /* o.env_collisions counted before this quantum */
    float cached_velocity[3];
    bool contact;                    /* CONTACT_TS: contact_plane valid */
    float contact_normal[3];
    float contact_d;
    uint32_t transition_state;       /* acp_transition_state, never INVALID */
    uint64_t digest;                 /* the running digest after this record (quanta lines) */
} acp_trace_quantum;

/** Capture obj after one quantum: `now` the frame's time, `physics_time` the quantum's end,
 *  `transition_state` the sweep's (acp_transition_state; INVALID, no sweep, is stored as OK). */
void acp_trace_capture_quantum(acp_trace_quantum *out, const acp_physobj *obj, double now, double physics_time,
                               float quantum, uint32_t transition_state);
/** Retail's name of a TransitionState: "OK", "COLLIDED", "ADJUSTED", "SLID" ("INVALID" for 0). */
const char *acp_trace_transition_state_name(uint32_t ts);
/** Continue FNV-1a 64 `h` over one quantum record (see the digest above). */
uint64_t acp_trace_hash_quantum(uint64_t h, const acp_trace_quantum *q);
/** Append one quanta line with its running digest (no newline). gate is always true. */
void acp_trace_write_quantum_line(acp_text *out, const acp_trace_quantum *q, uint64_t digest);
/** Append one dereth line (no newline). */
void acp_trace_write_dereth_line(acp_text *out, const acp_trace_quantum *q);

#endif
