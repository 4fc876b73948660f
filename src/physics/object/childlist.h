/* acphys — retail CHILDLIST: the objects one physics object holds (held items, particle objects).
 *
 * CONVENTIONS
 *   Frames: each child's frame is relative to the part it is held by (or to the parent's own
 *   frame when the part number is past the parent's parts, −1 included), metres and a unit
 *   quaternion, as retail's CHILDLIST::frames.
 *   Storage: a fixed capacity given when the list is made (acp_world_reserve_children), never
 *   grown in an update: retail grows its SArrays by 4; a full list here refuses the child and
 *   counts it (acp_world.children_dropped, docs/DEVIATIONS.md P60).
 *   Order: retail's (append; a removal shifts the later children down, CHILDLIST::remove_child).
 */
#ifndef ACP_CHILDLIST_H
#define ACP_CHILDLIST_H

#include <stdbool.h>
#include <stdint.h>

#include "base/types.h"

struct acp_physobj;

/** Retail CHILDLIST (objects, frames, part_numbers, location_ids, num_objects). */
typedef struct acp_childlist {
    uint16_t num_objects;              /* retail num_objects */
    uint16_t cap;                      /* not retail: the fixed capacity */
    bool heap;                         /* not retail: made by acp_childlist_create (free() it) */
    struct acp_physobj **objects;      /* cap entries */
    acp_frame *frames;                 /* cap holding frames (relative to the part) */
    uint32_t *part_numbers;            /* cap part indices (0xFFFFFFFF: the object's own frame) */
    uint32_t *location_ids;            /* cap holding locations (0: given as a part and frame) */
} acp_childlist;

/** A list with room for cap children (1..65535), in one allocation (free with free()); NULL when
 *  out of memory or cap is 0 or past 65535. Load time only. */
acp_childlist *acp_childlist_create(uint32_t cap);

/** A list over caller-owned arrays of cap entries each (not heap: never freed by the world). */
void acp_childlist_init_fixed(acp_childlist *cl, uint16_t cap, struct acp_physobj **objects, acp_frame *frames,
                              uint32_t *part_numbers, uint32_t *location_ids);

/** Append obj with its holding frame, part number and location id. False (nothing changed) when
 *  the list is full (DEVIATIONS P60: retail grows it). Retail: CHILDLIST::add_child (0x0051B270). */
bool acp_childlist_add_child(acp_childlist *cl, struct acp_physobj *obj, const acp_frame *frame, uint32_t part_no,
                             uint32_t location_id);

/** Remove obj, shifting the later children down one place. As retail, the count drops by one
 *  even when obj is absent (then no entry moves: the last one is lost); callers pass a child.
 *  Retail: CHILDLIST::remove_child (0x0051AF90). */
void acp_childlist_remove_child(acp_childlist *cl, const struct acp_physobj *obj);

/** The index of child in the list (*index set) or false. Retail: CHILDLIST::FindChildIndex
 *  (0x0051B080). */
bool acp_childlist_find_child_index(const acp_childlist *cl, const struct acp_physobj *child, uint16_t *index);

#endif
