/* acphys — CPhysicsObj's object-against-object members: its shadows in the cells it overlaps,
 * the test a sweep runs against it (FindObjCollisions), the collision table that turns the
 * objects a sweep touched into begin and end reports, and ethereal_check_for_collisions.
 *
 * CONVENTIONS
 *   Times are the world's physics clock (PhysicsTimer::curr_time, seconds). Nothing allocates:
 *   shadows come from the world's pool (shadowobj.h), the collision table and the reports are
 *   fixed arrays in the object (ACP_MAX_COLLISION_RECORDS, ACP_MAX_COLLISION_REPORTS; a record
 *   or report past them is dropped and counted, docs/DEVIATIONS.md row O1).
 *   There is no weenie: where retail asks one (CWeenieObject::IsCreature, IsPlayer, the
 *   collision profiles it is told), the no-weenie branch is taken, and each report a weenie
 *   would have received becomes a record the host reads (acp_collision_report):
 *   docs/DEVIATIONS.md rows O2–O4 list them.
 */
#ifndef ACP_PHYSOBJ_COLLIDE_H
#define ACP_PHYSOBJ_COLLIDE_H

#include <stdbool.h>
#include <stdint.h>

#include "shadowobj.h"

struct acp_physobj;
struct acp_transition;
struct acp_collision_info;
struct acp_cell_array;

/** Entries of an object's collision table (retail: a LongNIValHash of 4 buckets, unbounded). */
#define ACP_MAX_COLLISION_RECORDS 16
/** Begin and end reports one object keeps per frame (each). */
#define ACP_MAX_COLLISION_REPORTS 8

/** Retail CPhysicsObj::CollisionRecord with its key, in a LongNIValHash of 4 buckets: bucket
 *  (id ^ id >> 8) & 3, each chain newest first (serial orders the chain). */
typedef struct acp_collision_record {
    uint32_t id;                     /* the other object's id */
    uint32_t serial;                 /* insertion counter: higher = nearer the chain's head */
    double touched_time;             /* seconds, physics clock */
    bool ethereal;                   /* the other object was ETHEREAL_PS when touched */
} acp_collision_record;

typedef struct acp_collision_table {
    uint32_t num;
    uint32_t next_serial;
    uint32_t dropped;                /* records not kept: the table was full */
    acp_collision_record records[ACP_MAX_COLLISION_RECORDS];
} acp_collision_table;

/** What the host reads instead of a weenie's collision callbacks, for one frame of the world
 *  (valid while `frame` equals the world's frame serial). begin: objects whose collision with
 *  this one began (retail: the weenie's DoCollision / DoCollision(AtkCollisionProfile) call, on
 *  this object's side or the other's); end: DoCollisionEnd. In report order. */
typedef struct acp_collision_report {
    uint64_t frame;
    uint32_t num_begin, num_end;
    uint32_t begin[ACP_MAX_COLLISION_REPORTS];
    uint32_t end[ACP_MAX_COLLISION_REPORTS];
    uint32_t dropped;                /* reports past ACP_MAX_COLLISION_REPORTS (this frame) */
    uint32_t num_env;                /* environment collisions reported (retail: the weenie's
                                        DoCollision(EnvCollisionProfile), report_environment_collision) */
} acp_collision_report;

/** The order in which retail's LongNIValHash iteration visits tab's records (CPhysicsObj::
 *  report_collision_start 0x00513FD0 and report_collision_end 0x00514620 walk it): bucket
 *  (id ^ id >> 8) & 3 ascending, the newest record (largest serial) of a bucket first, the first
 *  in the array among equal serials. Writes record indices to order[0..n) and returns n
 *  (tab->num, at most ACP_MAX_COLLISION_RECORDS). Leaves tab as it is. docs/SHORTCUTS.md S28. */
uint32_t acp_collision_table_order(const acp_collision_table *tab, uint8_t order[ACP_MAX_COLLISION_RECORDS]);

/** The begin and end reports of obj in the world's current frame (0 when none). */
uint32_t acp_physobj_num_collisions(const struct acp_physobj *obj);
uint32_t acp_physobj_num_collision_ends(const struct acp_physobj *obj);
/** The environment collisions reported for obj in the world's current frame (0 when none). */
uint32_t acp_physobj_num_env_collisions(const struct acp_physobj *obj);
/** Record an environment collision report for obj this frame (the host's stand-in for
 *  report_environment_collision's weenie call). */
void acp_physobj_push_env_report(struct acp_physobj *obj);

/** Replace obj's shadows with one per cell of the array, in its order; loaded cells get the
 *  shadow appended to their lists. Retail: CPhysicsObj::add_shadows_to_cells (0x00514AE0)
 *  (particle emitters: add_particle_shadow_to_cell, one shadow in the object's own cell). */
void acp_physobj_add_shadows_to_cells(struct acp_physobj *obj, const struct acp_cell_array *cells);

/** Remove each of obj's shadows from its cell's list, in obj's order; obj then has none.
 *  Retail: CPhysicsObj::remove_shadows_from_cells (0x00511230). */
void acp_physobj_remove_shadows_from_cells(struct acp_physobj *obj);

/** A HAS_PHYSICS_BSP object's shadows: the cells of find_bbox_cell_list (its own cell:
 *  docs/DEVIATIONS.md B5). Retail: CPhysicsObj::calc_cross_cells (0x00515230) for such an
 *  object. */
void acp_physobj_shadow_bsp_object(struct acp_physobj *obj);

/** Shadow obj in the cells its collision spheres overlap at its position (the cell array a
 *  zero-length sweep would build): used when an object is put into the world without a sweep
 *  ("placement": "frame"). Not retail (retail objects enter through SetPosition). */
void acp_physobj_shadow_in_place(struct acp_physobj *obj);

/** remove_shadows_from_cells then add_shadows_to_cells (what retail calls in turn), done as a
 *  swap of each shadow with its list's last entry when the array lists the cells obj already
 *  shadows, in the same order: the lists end exactly as the two calls leave them. */
void acp_physobj_replace_shadows(struct acp_physobj *obj, const struct acp_cell_array *cells);

/** Test the sweep t (another object moving) against obj: ETHEREAL_PS with IGNORE_COLLISIONS_PS
 *  passes; an ethereal obj or mover (unless obj is STATIC_PS) is an obstruction_ethereal test
 *  (none while stepping down); then obj's CCylSpheres, or else its CSpheres, unless the mover
 *  ignores missiles (OBJECTINFO::missile_ignore). A hit on a STATIC_PS obj counts as the
 *  environment (when the mover is not in contact); an ethereal hit is recorded with the state OK
 *  and no collision normal; any other hit records obj in t's collision info. HAS_PHYSICS_BSP
 *  objects (CPartArray::FindObjCollisions) collide with nothing (row O5).
 *  Retail: CPhysicsObj::FindObjCollisions (0x0050F050). Returns an acp_transition_state. */
int acp_physobj_find_obj_collisions(struct acp_physobj *obj, struct acp_transition *t);

/** The collision table and reports of a committed sweep: track_object_collision for each object
 *  in c (in order), then report_collision_end. Returns whether a weenie would have been told.
 *  Retail: the object loop of CPhysicsObj::handle_all_collisions (0x00514780). */
bool acp_physobj_track_collisions(struct acp_physobj *obj, const struct acp_collision_info *c, bool prev_contact);

/** Touching `other`: a STATIC_PS other is the environment; otherwise its record is refreshed
 *  (touched now, ethereal as it is) and, when new, the collision is reported.
 *  Retail: CPhysicsObj::track_object_collision (0x00513F10). */
bool acp_physobj_track_object_collision(struct acp_physobj *obj, struct acp_physobj *other, bool prev_contact);

/** Retail: CPhysicsObj::report_object_collision (0x00513060), without a weenie: a
 *  REPORT_COLLISIONS_AS_ENVIRONMENT other is the environment; unless other is IGNORE_COLLISIONS,
 *  obj (REPORT_COLLISIONS) records the begin and a missile stops being one (MISSILE, ALIGNPATH,
 *  PATHCLIPPED cleared); other (REPORT_COLLISIONS, obj not IGNORE_COLLISIONS) records it too. */
bool acp_physobj_report_object_collision(struct acp_physobj *obj, struct acp_physobj *other, bool prev_contact);

/** Retail: CPhysicsObj::report_object_collision_end (0x00510A90), without a weenie: obj
 *  (REPORT_COLLISIONS) records the end; the other object, when it exists and is not
 *  REPORT_COLLISIONS_AS_ENVIRONMENT, records it too (REPORT_COLLISIONS). */
bool acp_physobj_report_object_collision_end(struct acp_physobj *obj, uint32_t other_id);

/** End the records not touched for more than 1 s, ethereal ones touched before now, or all
 *  (force_end), in the table's order, then report each end. Retail:
 *  CPhysicsObj::report_collision_end (0x00514620). */
void acp_physobj_report_collision_end(struct acp_physobj *obj, bool force_end);

/** Report a collision with every object of obj's collision table that exists, in the table's
 *  order (report_object_collision, in contact as obj is now). Retail: CPhysicsObj::
 *  report_collision_start (0x00513FD0), called by set_hidden (acp_physobj_set_hidden) when
 *  a shown object takes REPORT_COLLISIONS back. */
void acp_physobj_report_collision_start(struct acp_physobj *obj);

/** Whether obj (not STATIC_PS), placed where it is, overlaps `other` (a placement test of obj's
 *  spheres against other: FindObjCollisions). Retail: CPhysicsObj::check_collision (0x00512ED0). */
bool acp_physobj_check_collision(struct acp_physobj *obj, struct acp_physobj *other);

/** Whether another object overlaps obj in any cell obj shadows (CObjCell::check_collisions).
 *  Retail: CPhysicsObj::ethereal_check_for_collisions (0x00510A40). */
bool acp_physobj_ethereal_check_for_collisions(struct acp_physobj *obj);

/** Leave the world: every collision ends, no shadows, no cell, the contact bits cleared.
 *  Retail: CPhysicsObj::leave_world (0x005155A0). */
void acp_physobj_leave_world(struct acp_physobj *obj);

#endif
