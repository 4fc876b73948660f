/* acphys — retail BBox. See bbox.h. Read against ENGINE/engine_shared_geometry/BBox.c and
 * PORTAL/gfxobj/CGfxObj.c (AdjustBBox). */
#include "bbox.h"

void acp_bbox_adjust(acp_bbox *b, acp_vec3 v)
{
    if ((double)v.x < b->min.x) b->min.x = v.x;
    if ((double)v.y < b->min.y) b->min.y = v.y;
    if ((double)v.z < b->min.z) b->min.z = v.z;
    if ((double)v.x > b->max.x) b->max.x = v.x;
    if ((double)v.y > b->max.y) b->max.y = v.y;
    if ((double)v.z > b->max.z) b->max.z = v.z;
}

typedef acp_vec3 (*place_fn)(const acp_position *to, const acp_position *from, acp_vec3 v);

/* The min corner placed starts the box; the other seven corners grow it (AdjustBBox keeps the
 * extremes, so their order does not change the result). */
static acp_bbox place_box(const acp_bbox *f, const acp_position *from_pos, const acp_position *to_pos, place_fn place)
{
    const acp_vec3 lo = f->min, hi = f->max;
    acp_bbox r;
    r.min = r.max = place(to_pos, from_pos, lo);
    const acp_vec3 corners[7] = {
        {hi.x, hi.y, hi.z}, {hi.x, hi.y, lo.z}, {hi.x, lo.y, hi.z}, {lo.x, hi.y, hi.z},
        {lo.x, hi.y, lo.z}, {hi.x, lo.y, lo.z}, {lo.x, lo.y, hi.z},
    };
    for (int k = 0; k < 7; k++) acp_bbox_adjust(&r, place(to_pos, from_pos, corners[k]));
    return r;
}

acp_bbox acp_bbox_local_to_global(const acp_bbox *from, const acp_position *from_pos, const acp_position *to_pos)
{
    return place_box(from, from_pos, to_pos, acp_position_localtoglobal_from);
}

acp_bbox acp_bbox_local_to_local(const acp_bbox *from, const acp_position *from_pos, const acp_position *to_pos)
{
    return place_box(from, from_pos, to_pos, acp_position_localtolocal);
}
