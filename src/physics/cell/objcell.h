/* acphys — retail CObjCell's object members: the shadow list of a cell (the objects whose
 * spheres overlap it) and the two walks over it, a sweep's find_obj_collisions and the
 * ethereal test's check_collisions.
 *
 * CONVENTIONS
 *   A cell's list lives in its world's shadow pool (object/shadowobj.h), not in the cell: a
 *   terrain's cells are shared, read-only geometry. The list keeps retail's order: appended at
 *   the end, a removal moves the last entry into the hole.
 */
#ifndef ACP_OBJCELL_H
#define ACP_OBJCELL_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "landcell.h"
#include "physics/object/shadowobj.h"
#include "physics/world/physics.h"

/** The shadow list of a loaded cell in world w (NULL when the world has no pool for it). */
acp_shadow_list *acp_objcell_shadow_list(acp_world *w, const acp_landcell *cell);

/** The object list of a loaded cell in world w (NULL when the world has no pool for it). */
acp_shadow_list *acp_objcell_object_list(acp_world *w, const acp_landcell *cell);

/** Append obj (its cell_entry) to cell's object list: the objects whose cell it is. A cell the
 *  pool has no list or block for is counted in the pool's overflow (row O1) and obj is not
 *  listed (cell_entry.cell NULL). Retail: CObjCell::add_object (0x0052BF60) (without the
 *  voyeur table: no detection). */
void acp_objcell_add_object(acp_world *w, const acp_landcell *cell, acp_physobj *obj);

/** Remove obj from cell's object list: the last entry takes its place. Nothing when absent.
 *  Retail: CObjCell::remove_object (0x0052C040) (without update_all_voyeur). */
void acp_objcell_remove_object(acp_world *w, const acp_landcell *cell, acp_physobj *obj);

/** Entries of cell's object list, and entry i in retail's order (NULL past the end). */
uint32_t acp_objcell_num_objects(acp_world *w, const acp_landcell *cell);
acp_physobj *acp_objcell_object(acp_world *w, const acp_landcell *cell, uint32_t i);

/** Append shadow s to cell's list and point s at the cell. Retail: CObjCell::add_shadow_object
 *  (0x0052B280). */
void acp_objcell_add_shadow_object(acp_world *w, const acp_landcell *cell, acp_shadow_obj *s);

/** Remove shadow s from cell's list (the last entry takes its place) and clear its cell.
 *  Nothing when absent. Retail: CObjCell::remove_shadow_object (0x0052B2D0). */
void acp_objcell_remove_shadow_object(acp_world *w, const acp_landcell *cell, acp_shadow_obj *s);

/** Test the sweep against every object shadowed in cell, in the list's order, skipping
 *  parented objects and the mover itself, until one answers other than OK (none for an initial
 *  placement). Retail: CObjCell::find_obj_collisions (0x0052B750). */
acp_transition_state acp_objcell_find_obj_collisions(const acp_landcell *cell, acp_transition *t);

/** Not retail: the copy of obj's reach bound that its shadow entries keep (object/shadowobj.h
 *  acp_shadow_reach): its origin (m, landblock frame) and cell id, and its shape reach (m; < 0
 *  parented or without shapes; INFINITY with a physics BSP). */
acp_shadow_reach acp_objcell_shadow_reach_of(const struct acp_physobj *obj);

/** Not retail (docs/SHORTCUTS.md S26): whether frame f is upright, its rotation about z alone as
 *  its cached matrix says (f->m's z column and z row exactly (0, 0, 1) as bits, +0 or -0; the
 *  horizontal block stretching by less than 2^-19: Gershgorin on its M^T M, in float, within
 *  2^-20; a unit quaternion's matrix in float is within a few 2^-24; a NaN fails): shapes placed
 *  by it keep their height above the origin and their distance from the z axis. */
static inline bool acp_objcell_frame_upright(const acp_frame *f)
{
    uint32_t u[9];
    memcpy(u, f->m, sizeof u);
    if ((((u[2] | u[5] | u[6] | u[7]) << 1) | (u[8] ^ 0x3F800000u)) != 0u) return false;
    const float *m = f->m, tol = 0x1p-20f;
    const float a = m[0] * m[0] + m[1] * m[1], c = m[3] * m[3] + m[4] * m[4], b = m[0] * m[3] + m[1] * m[4];
    return (a <= 1.0f + tol) & (c <= 1.0f + tol) & (b <= tol) & (b >= -tol);
}

/** Not retail (S26): after obj's rotation changed and its origin did not (a turn in place, an
 *  animated static's omega): its shadows' copies made again whole when its frame now asks the
 *  other form than they have; nothing otherwise (the origin copies stay right). */
void acp_objcell_refresh_shadow_form(struct acp_physobj *obj);

/** Not retail (S26): the form an entry's copy of an object with frame f takes: 1 upright, 0 not
 *  (always 0 in the shortcut-free build). A move whose frame asks another form than the copy's
 *  (acp_shadow_block_move_reach_as answers false) stores whole copies
 *  (acp_objcell_refresh_shadow_reach). */
static inline uint32_t acp_objcell_copy_form(const acp_frame *f)
{
#if ACP_SHORTCUTS
    return acp_objcell_frame_upright(f);
#else
    (void)f;
    return 0;
#endif
}

/** Not retail: store entry s's copy (s in a cell's shadow list; nothing otherwise). */
void acp_objcell_store_shadow_reach(acp_world *w, const acp_shadow_obj *s);

/** Not retail: bring the copies beside every shadow of obj up to date. Called by whatever moves
 *  obj (set_frame, a cell change), scales it or changes its shapes or parts; without shadows,
 *  nothing. */
void acp_objcell_refresh_shadow_reach(struct acp_physobj *obj);

/** Not retail: the same for a move alone (obj's origin and cell id; its reach as it was):
 *  CPhysicsObj::set_frame's share. obj must have a world. */
void acp_objcell_refresh_shadow_origin(struct acp_physobj *obj);

/** Not retail, for tests: how many entries of w's shadow lists hold a copy that differs from
 *  what their objects say now (0 when every copy is in step). */
uint32_t acp_objcell_stale_shadow_reach(const acp_world *w);

/** Whether an object shadowed in cell (not parented, not obj) overlaps obj
 *  (CPhysicsObj::check_collision). Retail: CObjCell::check_collisions (0x0052B7B0). */
bool acp_objcell_check_collisions(const acp_landcell *cell, acp_physobj *obj);

#endif
