/* acphys — retail InterpolationManager: the queue of positions the server sent for an object
 * that this client does not drive, and the per-quantum offset that walks the object along it.
 *
 * CONVENTIONS
 *   Positions are cell-relative (geometry/position.h); distances metres, speeds m/s, quanta
 *   seconds (the float retail passes, widened). The offset an adjust_offset writes is a Frame in
 *   the object's own axes, as CPhysicsObj::UpdatePositionInternal combines it with m_position.
 *   Retail keeps the nodes in a linked list it allocates per InterpolateTo; acphys keeps them in
 *   a fixed ring of ACP_INTERP_MAX_NODES (retail's own cap, 20), so nothing allocates.
 *   Read against PORTAL/cpmanager/CInterpolationManager.c.
 */
#ifndef ACP_INTERPOLATION_MANAGER_H
#define ACP_INTERPOLATION_MANAGER_H

#include <stdbool.h>
#include <stdint.h>

#include "physics/geometry/position.h"

struct acp_physobj;

/** The most nodes the queue holds: InterpolateTo drops the oldest while there are 0x14. */
#define ACP_INTERP_MAX_NODES 20
/** Metres: a node this close counts as reached (0.050000001f). */
#define ACP_INTERP_NODE_REACHED 0.050000001f
/** Metres: original_distance while no node is being measured (BIG_DISTANCE). */
#define ACP_INTERP_BIG_DISTANCE 999999.0f
/** m/s: the speed when the object's own max speed is under EPSILON (MAX_INTERPOLATED_VELOCITY). */
#define ACP_MAX_INTERPOLATED_VELOCITY 7.5f
/** Failures after which UseTime blips the object (node_fail_counter > 3). */
#define ACP_INTERP_MAX_FAILURES 3
/** Quanta between two progress audits (frame_counter reaches 5). */
#define ACP_INTERP_AUDIT_FRAMES 5u
/** Fraction of the expected progress an audit asks for (0.30000001f). */
#define ACP_INTERP_MIN_PROGRESS 0.30000001f

/** Retail InterpolationNode types. */
typedef enum acp_interp_node_type {
    ACP_INTERP_POSITION_NODE = 1,
    ACP_INTERP_JUMP_NODE = 2,
    ACP_INTERP_VELOCITY_NODE = 3
} acp_interp_node_type;

/** Retail InterpolationNode: a type, a position and (velocity nodes) a velocity (m/s, world). */
typedef struct acp_interp_node {
    uint32_t type;                    /* acp_interp_node_type */
    acp_position p;
    acp_vec3 velocity;
} acp_interp_node;

/** Retail InterpolationManager. */
typedef struct acp_interpolation_manager {
    struct acp_physobj *physics_obj;
    uint32_t head, count;             /* the ring: nodes[head] is the list's head_ */
    acp_interp_node nodes[ACP_INTERP_MAX_NODES];
    bool keep_heading;                /* manager-wide: nodes keep the object's own heading */
    uint32_t frame_counter;           /* quanta since the last audit */
    float original_distance;          /* metres to the head node at the last audit */
    float progress_quantum;           /* seconds since the last audit */
    uint32_t node_fail_counter;
    acp_position blipto_position;     /* where UseTime blips to when the queue is empty */
} acp_interpolation_manager;

/** A manager for obj with an empty queue, original_distance BIG_DISTANCE.
 *  Retail: InterpolationManager::InterpolationManager (0x005558D0), Create (0x00555930). */
void acp_interpolation_manager_init(acp_interpolation_manager *im, struct acp_physobj *obj);

/** The head node (NULL when empty), the tail node (NULL when empty), node i from the head. */
acp_interp_node *acp_interpolation_manager_head(acp_interpolation_manager *im);
acp_interp_node *acp_interpolation_manager_tail(acp_interpolation_manager *im);
const acp_interp_node *acp_interpolation_manager_node(const acp_interpolation_manager *im, uint32_t i);

/** Append a node at the tail; when the ring is full the head is dropped first (retail's list
 *  would grow: only InterpolateTo's far branch appends without its cap, docs/DEVIATIONS.md). */
acp_interp_node *acp_interpolation_manager_push(acp_interpolation_manager *im, uint32_t type, const acp_position *p);

/** Queue p. Farther than GetAutonomyBlipDistance from the last queued position (or the object):
 *  queued with node_fail_counter = 4 (the next UseTime blips). Else, more than 0.05 m from the
 *  object: tail position nodes within 0.05 m of p are dropped, the head while 20 are queued,
 *  keep_heading becomes the manager's, and p is queued (with the object's heading when
 *  keep_heading). Else (already there): the heading of p unless keep_heading, and
 *  StopInterpolating. Retail: InterpolationManager::InterpolateTo (0x00555B20). */
void acp_interpolation_manager_interpolate_to(acp_interpolation_manager *im, const acp_position *p, bool keep_heading);

/** Replace the animation offset (object axes) by the step toward the head position node, only
 *  in Contact: a node within 0.05 m completes; speed 2 × get_adjusted_max_speed (7.5 m/s under
 *  EPSILON); every 5 quanta an audit asks for 30 % of that speed's progress (sticky objects
 *  pass it), failing the node (completing it when within 0.2 m); the step is clamped to speed ×
 *  quantum; keep_heading zeroes the step's heading. Retail:
 *  InterpolationManager::adjust_offset (0x00555D30). Returns true when it wrote the offset. */
bool acp_interpolation_manager_adjust_offset(acp_interpolation_manager *im, acp_frame *offset, double quantum);

/** Per-quantum tail: more than 3 failures (or failures with an empty queue) → SetPositionSimple
 *  to the tail's position (a velocity or jump tail: the last position node before it, and the
 *  tail's velocity) or blipto_position, then StopInterpolating (on success); otherwise a
 *  velocity head node sets the velocity and completes, a jump head node completes.
 *  Retail: InterpolationManager::UseTime (0x00555F20). */
void acp_interpolation_manager_use_time(acp_interpolation_manager *im);

/** Drop the head node: the next position node becomes the measured one; an empty queue after a
 *  success stops interpolating; a failure remembers the dropped node as blipto_position.
 *  Retail: InterpolationManager::NodeCompleted (0x005559A0). */
void acp_interpolation_manager_node_completed(acp_interpolation_manager *im, bool success);

/** Empty the queue, zero the counters and failures, original_distance BIG_DISTANCE.
 *  Retail: InterpolationManager::StopInterpolating (0x00555950). */
void acp_interpolation_manager_stop_interpolating(acp_interpolation_manager *im);

#endif
