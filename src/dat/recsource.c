/* acphys — record lookups by id. See recsource.h. */
#include "recsource.h"

#include <stddef.h>

const acp_animation *acp_records_animation(const acp_record_source *src, uint32_t id)
{
    if (!src || !src->animation) return NULL;
    return src->animation(src->ctx, id);
}

const acp_motion_table *acp_records_motion_table(const acp_record_source *src, uint32_t id)
{
    if (!src || !src->motion_table) return NULL;
    return src->motion_table(src->ctx, id);
}

static const acp_animation *array_animation(const void *ctx, uint32_t id)
{
    const acp_record_array *arr = ctx;
    for (uint32_t i = 0; i < arr->num_animations; i++)
        if (arr->animations[i] && arr->animations[i]->id == id) return arr->animations[i];
    return NULL;
}

static const acp_motion_table *array_motion_table(const void *ctx, uint32_t id)
{
    const acp_record_array *arr = ctx;
    for (uint32_t i = 0; i < arr->num_motion_tables; i++)
        if (arr->motion_tables[i] && arr->motion_tables[i]->id == id) return arr->motion_tables[i];
    return NULL;
}

acp_record_source acp_record_array_source(const acp_record_array *arr)
{
    acp_record_source src = {arr, array_animation, array_motion_table};
    return src;
}
