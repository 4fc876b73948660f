/* acphys — retail CHILDLIST. See childlist.h. Read against PORTAL/cphysobj/CChildList.c. */
#include "childlist.h"

#include <stdlib.h>

acp_childlist *acp_childlist_create(uint32_t cap)
{
    if (cap == 0 || cap > 0xFFFFu) return NULL;
    const size_t bytes = sizeof(acp_childlist) + cap * (sizeof(struct acp_physobj *) + sizeof(acp_frame) +
                                                        2 * sizeof(uint32_t));
    acp_childlist *cl = calloc(1, bytes);
    if (!cl) return NULL;
    cl->cap = (uint16_t)cap;
    cl->heap = true;
    cl->frames = (acp_frame *)(cl + 1);
    cl->objects = (struct acp_physobj **)(cl->frames + cap);
    cl->part_numbers = (uint32_t *)(cl->objects + cap);
    cl->location_ids = cl->part_numbers + cap;
    return cl;
}

void acp_childlist_init_fixed(acp_childlist *cl, uint16_t cap, struct acp_physobj **objects, acp_frame *frames,
                              uint32_t *part_numbers, uint32_t *location_ids)
{
    cl->num_objects = 0;
    cl->cap = cap;
    cl->heap = false;
    cl->objects = objects;
    cl->frames = frames;
    cl->part_numbers = part_numbers;
    cl->location_ids = location_ids;
}

bool acp_childlist_add_child(acp_childlist *cl, struct acp_physobj *obj, const acp_frame *frame, uint32_t part_no,
                             uint32_t location_id)
{
    if (cl->num_objects >= cl->cap) return false;
    const uint16_t i = cl->num_objects++;
    cl->objects[i] = obj;
    cl->frames[i] = *frame;
    cl->part_numbers[i] = part_no;
    cl->location_ids[i] = location_id;
    return true;
}

void acp_childlist_remove_child(acp_childlist *cl, const struct acp_physobj *obj)
{
    uint16_t i = 0;
    while (i < cl->num_objects && cl->objects[i] != obj) i++;
    if (cl->num_objects == 0) return; /* retail's u16 would wrap: no list holds nothing and is asked */
    cl->num_objects--;
    for (; i < cl->num_objects; i++) {
        cl->objects[i] = cl->objects[i + 1];
        cl->frames[i] = cl->frames[i + 1];
        cl->part_numbers[i] = cl->part_numbers[i + 1];
        cl->location_ids[i] = cl->location_ids[i + 1];
    }
}

bool acp_childlist_find_child_index(const acp_childlist *cl, const struct acp_physobj *child, uint16_t *index)
{
    for (uint16_t i = 0; i < cl->num_objects; i++) {
        if (cl->objects[i] != child) continue;
        *index = i;
        return true;
    }
    return false;
}
