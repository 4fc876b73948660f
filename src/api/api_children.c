/* acphys — the C API's held objects (issue 34): ParentEvent as CPhysicsObj::set_parent, both
 * overloads, and unset_parent. See acphys.h. */
#include "acphys.h"
#include "api_internal.h"

#include "physics/geometry/frame.h"
#include "physics/object/childlist.h"
#include "physics/object/partarray.h"
#include "physics/object/particles.h"
#include "physics/object/physobj.h"
#include "physics/object/physobj_children.h"
#include "physics/world/physics.h"

/* The holder and the hold's common checks: both objects, no cycle, room in the holder's list. */
static acp_status hold_prelude(acp_world_id world, uint32_t object_id, uint32_t parent_id, const char *fn,
                               acp_physobj **obj, acp_physobj **holder)
{
    acp_status st;
    *obj = acp_api_get_object(world, object_id, fn, &st);
    if (!*obj) return st;
    *holder = acp_api_get_object(world, parent_id, fn, &st);
    if (!*holder) return st;
    for (const acp_physobj *h = *holder; h; h = h->parent)
        if (h == *obj)
            return acp_api_fail(ACP_ERR_ARGUMENT, fn, "parent_id: object 0x%08X is (or is held by) object 0x%08X",
                                (unsigned)parent_id, (unsigned)object_id);
    const acp_childlist *cl = (*holder)->children;
    if (cl && cl->heap && cl->num_objects < cl->cap) return ACP_OK;
    uint32_t cap = (cl ? cl->num_objects : 0u) + 1u + ACP_MAX_EMITTERS_PER_OBJECT;
    if (!acp_world_reserve_children((*holder)->world, *holder, cap))
        return acp_api_fail(ACP_ERR_MEMORY, fn, "out of memory for the holder's child list");
    return ACP_OK;
}

ACP_API acp_status acp_object_set_parent(acp_world_id world, uint32_t object_id, uint32_t parent_id, int32_t part,
                                         const float origin[3], const float orientation[4])
{
    static const char *const FN = "acp_object_set_parent";
    acp_physobj *obj = NULL, *holder = NULL;
    acp_status st = hold_prelude(world, object_id, parent_id, FN, &obj, &holder);
    if (st != ACP_OK) return st;
    const uint32_t p = part < 0 ? ACP_CHILD_NO_PART : (uint32_t)part;
    if (part < -1 || !acp_physobj_child_part_ok(holder, p))
        return acp_api_fail(ACP_ERR_ARGUMENT, FN, "part: %d is not a part of object 0x%08X (it has %u; -1: its frame)",
                            (int)part, (unsigned)parent_id, holder->part_array ? (unsigned)holder->part_array->num_parts : 0u);
    if (!origin) return acp_api_fail(ACP_ERR_NULL, FN, "origin: NULL");
    if (!acp_api_finite(origin, 3)) return acp_api_fail(ACP_ERR_ARGUMENT, FN, "origin: expected finite numbers");
    acp_frame f = acp_frame_identity();
    f.origin = (acp_vec3){origin[0], origin[1], origin[2]};
    if (orientation) {
        if (!acp_api_finite(orientation, 4)) return acp_api_fail(ACP_ERR_ARGUMENT, FN, "orientation: expected finite numbers");
        f.qw = orientation[0];
        f.qx = orientation[1];
        f.qy = orientation[2];
        f.qz = orientation[3];
        acp_frame_cache(&f);
        if (!acp_frame_is_valid(&f)) return acp_api_fail(ACP_ERR_ARGUMENT, FN, "orientation: not a unit quaternion");
    }
    if (!acp_physobj_set_parent(obj, holder, p, &f)) return acp_api_fail(ACP_ERR_MEMORY, FN, "the holder's child list is full");
    return ACP_OK;
}

ACP_API acp_status acp_object_set_parent_location(acp_world_id world, uint32_t object_id, uint32_t parent_id,
                                                  uint32_t location)
{
    static const char *const FN = "acp_object_set_parent_location";
    acp_physobj *obj = NULL, *holder = NULL;
    acp_status st = hold_prelude(world, object_id, parent_id, FN, &obj, &holder);
    if (st != ACP_OK) return st;
    const acp_setup *setup = holder->part_array ? holder->part_array->setup : NULL;
    if (!acp_setup_get_holding_location(setup, location))
        return acp_api_fail(ACP_ERR_ARGUMENT, FN, "location: object 0x%08X's Setup has no holding location %u",
                            (unsigned)parent_id, (unsigned)location);
    if (!acp_physobj_set_parent_at_location(obj, holder, location))
        return acp_api_fail(ACP_ERR_MEMORY, FN, "the holder's child list is full");
    return ACP_OK;
}

ACP_API acp_status acp_object_unset_parent(acp_world_id world, uint32_t object_id)
{
    acp_status st;
    acp_physobj *obj = acp_api_get_object(world, object_id, "acp_object_unset_parent", &st);
    if (!obj) return st;
    acp_physobj_unset_parent(obj);
    return ACP_OK;
}
