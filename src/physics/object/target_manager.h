/* acphys — retail TargetManager: how one object follows another that moves. An object that
 * targets another (a move-to or turn-to an object, a sticky follower) holds a TargetInfo; the
 * target holds a table of its voyeurs and, at most every 0.5 s of physics time, sends each of
 * them its position (extrapolated `quantum` seconds along its velocity) once that moved farther
 * than the voyeur's radius from what it last sent. Leaving the world or teleporting sends every
 * voyeur that status instead.
 *
 * CONVENTIONS
 *   Positions cell-relative (geometry/position.h), distances metres, velocities m/s (world),
 *   quanta seconds. Two clocks, as retail: the send cadence reads the physics clock
 *   (PhysicsTimer::curr_time, acp_world.physics_time, inside the object's quantum ladder), the
 *   time stamps and the 10 s answer timeout read Timer::cur_time (acp_world.now).
 *   Retail allocates the manager, its TargetInfo and each voyeur entry (and the table's 4
 *   buckets) from operator new; acphys allocates the manager with its voyeur array when an
 *   object first targets or is targeted (CPhysicsObj::set_target / add_voyeur, outside the
 *   update in every path the scenarios reach), keeps the TargetInfo inside it (has_target) and
 *   grows the array only when a new voyeur does not fit: removing an entry keeps the room, so
 *   the sticky hand-off inside the update (clear_target, then StickTo's set_target re-adds the
 *   same voyeur) never allocates (docs/DEVIATIONS.md).
 *   The voyeurs are kept in retail's iteration order: by bucket ((id ^ id >> 16) % 4), newest
 *   first within a bucket (LongNIHash::add puts an entry at its bucket's head).
 *   Read against PORTAL/cphysobj/CTargetting.c.
 */
#ifndef ACP_TARGET_MANAGER_H
#define ACP_TARGET_MANAGER_H

#include <stdbool.h>
#include <stdint.h>

#include "physics/geometry/position.h"

struct acp_physobj;

/** Retail TargetStatus. */
typedef enum acp_target_status {
    ACP_TARGET_UNDEF = 0,
    ACP_TARGET_OK = 1,
    ACP_TARGET_EXIT_WORLD = 2,
    ACP_TARGET_TELEPORTED = 3,
    ACP_TARGET_CONTAINED = 4,
    ACP_TARGET_PARENTED = 5,
    ACP_TARGET_TIMED_OUT = 6
} acp_target_status;

/** Seconds of physics time between two HandleTargetting passes (literal 0.5). */
#define ACP_TARGET_UPDATE_INTERVAL 0.5
/** Seconds an unanswered target waits before it times out (literal 10.0). */
#define ACP_TARGET_ANSWER_TIMEOUT 10.0
/** Buckets of retail's voyeur table (LongNIHash<TargettedVoyeurInfo>(4)): the iteration order. */
#define ACP_VOYEUR_BUCKETS 4u
/** Voyeur entries the manager first makes room for. */
#define ACP_VOYEUR_INITIAL_CAPACITY 4u

/** Retail TargetInfo: what a target tells its voyeur (and what the voyeur keeps of it). */
typedef struct acp_target_info {
    uint32_t context_id;
    uint32_t object_id;
    float radius;                        /* metres: the voyeur's update radius */
    double quantum;                      /* seconds of extrapolation */
    acp_position target_position;        /* the target's m_position */
    acp_position interpolated_position;  /* target_position + quantum × velocity */
    acp_vec3 interpolated_heading;       /* unit offset from the voyeur to it; (0,0,1) when small */
    acp_vec3 velocity;                   /* m/s, the target's cached_velocity */
    uint32_t status;                     /* acp_target_status */
    double last_update_time;             /* seconds, Timer::cur_time */
} acp_target_info;

/** Retail TargettedVoyeurInfo: one object watching this one. */
typedef struct acp_voyeur_info {
    uint32_t object_id;
    double quantum;                      /* seconds (a float widened: add_voyeur takes a float) */
    float radius;                        /* metres */
    acp_position last_sent_position;     /* the interpolated position last sent */
} acp_voyeur_info;

/** Retail TargetManager. */
typedef struct acp_target_manager {
    struct acp_physobj *physobj;
    bool has_target;                     /* retail target_info != NULL */
    acp_target_info target_info;
    bool has_voyeur_table;               /* retail voyeur_table != NULL */
    uint32_t num_voyeurs, cap_voyeurs;
    acp_voyeur_info *voyeurs;            /* in retail's iteration order (see above) */
    double last_update_time;             /* seconds, PhysicsTimer::curr_time of the last pass */
    uint32_t updates_sent;               /* SendVoyeurUpdate calls (not retail: the tests) */
} acp_target_manager;

/** A manager for obj with no target and no voyeurs; NULL when out of memory.
 *  Retail: TargetManager::TargetManager (0x0051A370). */
acp_target_manager *acp_target_manager_create(struct acp_physobj *obj);
/** Release (NULL is ignored). Retail: TargetManager::~TargetManager (0x0051ABD0). */
void acp_target_manager_destroy(acp_target_manager *tm);

/** Retail TargetInfo::TargetInfo (0x0051A420): ids 0, radius and quantum 0, both positions at
 *  cell 0 with the identity frame, status Undef, last_update_time 0. */
acp_target_info acp_target_info_default(void);

/** Drop any current target (its voyeur entry on the old target goes), then target object_id
 *  (radius metres, quantum seconds) from now: status Undef until the target answers; a target
 *  in the world adds this object as its voyeur, which answers Ok at once. object_id 0: the
 *  object is told TimedOut at once. Retail: TargetManager::SetTarget (0x0051AC30). */
void acp_target_manager_set_target(acp_target_manager *tm, uint32_t context_id, uint32_t object_id, float radius,
                                   double quantum);
/** Drop the target: the target removes this object's voyeur entry. Retail:
 *  TargetManager::ClearTarget (0x0051A7E0). */
void acp_target_manager_clear_target(acp_target_manager *tm);
/** Store the quantum and tell the target (add_voyeur updates the entry's radius and quantum).
 *  Retail: TargetManager::SetTargetQuantum (0x0051A4A0). */
void acp_target_manager_set_target_quantum(acp_target_manager *tm, double quantum);

/** Add object_id as a voyeur (radius metres, quantum seconds) and send it an Ok update with
 *  this object's position now; an existing voyeur only gets the new radius and quantum (no
 *  update). false when out of memory. Retail: TargetManager::AddVoyeur (0x0051A830). */
bool acp_target_manager_add_voyeur(acp_target_manager *tm, uint32_t object_id, float radius, double quantum);
/** Remove a voyeur; false when it was not one. Retail: TargetManager::RemoveVoyeur (0x0051AD90). */
bool acp_target_manager_remove_voyeur(acp_target_manager *tm, uint32_t object_id);
/** The voyeur entry of object_id, NULL when none (LongNIHash lookup). */
const acp_voyeur_info *acp_target_manager_voyeur(const acp_target_manager *tm, uint32_t object_id);

/** The object's position moved `quantum` seconds along its velocity: origin += (float)quantum
 *  × cached_velocity (x, y in one double expression; z through a float product, as retail
 *  stores them). Retail: TargetManager::GetInterpolatedPosition (0x0051A5E0). */
acp_position acp_target_manager_get_interpolated_position(const acp_target_manager *tm, double quantum);
/** Record p as sent and send the voyeur a TargetInfo: this object's id, position, p, velocity,
 *  the voyeur's radius and quantum, `status`. Retail: TargetManager::SendVoyeurUpdate (0x0051A4F0). */
void acp_target_manager_send_voyeur_update(acp_target_manager *tm, acp_voyeur_info *voyeur, const acp_position *p,
                                           uint32_t status);
/** Send an Ok update when the interpolated position is farther than the voyeur's radius from
 *  the last one sent (distance > radius). Retail: TargetManager::CheckAndUpdateVoyeur (0x0051A650). */
void acp_target_manager_check_and_update_voyeur(acp_target_manager *tm, acp_voyeur_info *voyeur);
/** Send every voyeur `status` with this object's position. Retail:
 *  TargetManager::NotifyVoyeurOfEvent (0x0051A6F0). */
void acp_target_manager_notify_voyeur_of_event(acp_target_manager *tm, uint32_t status);
/** A target's update for this object: ignored unless it comes from the current target; stored
 *  (with last_update_time = now and the unit heading to the interpolated position), handed to
 *  CPhysicsObj::HandleUpdateTarget; an ExitWorld update then drops the target.
 *  Retail: TargetManager::ReceiveUpdate (0x0051A930). */
void acp_target_manager_receive_update(acp_target_manager *tm, const acp_target_info *update);
/** Per quantum: when 0.5 s of physics time passed since the last pass, time out an unanswered
 *  target after 10 s (status TimedOut, handed to HandleUpdateTarget), check every voyeur, and
 *  stamp the pass. Retail: TargetManager::HandleTargetting (0x0051AA90). */
void acp_target_manager_handle_targetting(acp_target_manager *tm);

#endif
