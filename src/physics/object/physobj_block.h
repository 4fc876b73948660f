/* acphys — CPhysicsObj::obj_within_block: whether a static object made for a landblock stays
 * inside it (retail PORTAL/cphysobj/CPhysicsObj.c). */
#ifndef ACP_PHYSOBJ_BLOCK_H
#define ACP_PHYSOBJ_BLOCK_H

#include <stdbool.h>

struct acp_physobj;

/** Whether obj, at its frame (landblock frame), lies inside its 192 m landblock: a
 *  HAS_PHYSICS_BSP object's sorting sphere (centre placed by the frame) at least its radius
 *  from each edge; else each CCylSphere's low point (placed by the frame: m[3]·y + z·m[6] +
 *  m[0]·x + origin.x in double, y stored as a float) at least the cylinder's radius from each
 *  edge; else (LandDefs::within_block 0x0050E800) the sorting sphere's centre when it has
 *  spheres, or the origin with radius 0. Retail: CPhysicsObj::obj_within_block (0x00511030). */
bool acp_physobj_obj_within_block(const struct acp_physobj *obj);

#endif
