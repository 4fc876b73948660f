/* acphys — retail LandDefs (PORTAL/geometry/LandDefs.c): the outdoor grid, block offsets and cell ids. See position.h. */
#include "position.h"
#include "base/shortcuts.h"
#include <math.h>

/* LandDefs::get_block_offset is static inline in position.h. */

static bool cell_part_valid(uint32_t cell_id)
{
    uint32_t c = cell_id & 0xFFFFu;
    return (c >= 1u && c <= 0x40u) || (c >= 0x100u && c <= 0xFFFDu) || c == 0xFFFFu;
}

bool acp_landdefs_inbound_valid_cellid(uint32_t cell_id)
{
    if (!cell_part_valid(cell_id)) return false;
    uint32_t x = (cell_id >> 21) & 0x7F8u;
    uint32_t y = (cell_id >> 13) & 0x7F8u;
    return x < ACP_LCOORD_LIMIT && y < ACP_LCOORD_LIMIT;
}

bool acp_landdefs_gid_to_lcoord(uint32_t cell_id, int *x, int *y)
{
    if (!acp_landdefs_inbound_valid_cellid(cell_id)) return false;
    uint32_t c = cell_id & 0xFFFFu;
    if (c >= 0x100u) return false;
    *x = (int)((cell_id >> 21) & 0x7F8u) + (int)((c - 1u) >> 3);
    *y = (int)(8u * ((cell_id >> 16) & 0xFFu)) + (int)((c - 1u) & 7u);
    return *x >= 0 && *y >= 0 && *x < ACP_LCOORD_LIMIT && *y < ACP_LCOORD_LIMIT;
}

uint32_t acp_landdefs_lcoord_to_gid(int x, int y)
{
    if (x < 0 || y < 0 || x >= ACP_LCOORD_LIMIT || y >= ACP_LCOORD_LIMIT) return 0;
    uint32_t ux = (uint32_t)x, uy = (uint32_t)y;
    return (((uy >> 3) | 32u * (ux & 0xFFFFFFF8u)) << 16) | ((uy & 7u) + 8u * (ux & 7u) + 1u);
}

bool acp_landdefs_blockid_to_lcoord(uint32_t block_id, int *x, int *y)
{
    if (block_id == 0) return false;
    *x = (int)((block_id >> 21) & 0x7F8u);
    *y = (int)(8u * ((block_id >> 16) & 0xFFu));
    return *x < ACP_LCOORD_LIMIT && *y < ACP_LCOORD_LIMIT;
}

/* floor(v / 24) as the integer retail's __ftol2 produces; false where that would not be a small
 * integer (NaN, or far off the world), which retail would turn into an off-grid lcoord anyway. */
static bool cells_from_metres(float v, int *out)
{
    double c = floor((double)v / 24.0);
    if (!(c > -4096.0 && c < 4096.0)) return false;
    *out = (int)c;
    return true;
}

/* get_outside_lcoord for an id whose cell part is valid (adjust_to_outside has checked it);
 * *dx, *dy: floor(loc / 24 m) of x and y. */
static inline bool outside_lcoord(uint32_t cell_id, acp_vec3 loc, int *x, int *y, int *dx, int *dy)
{
    int bx = 0, by = 0;
    acp_landdefs_blockid_to_lcoord(cell_id, &bx, &by);
    if (!cells_from_metres(loc.x, dx) || !cells_from_metres(loc.y, dy)) return false;
    *x = bx + *dx;
    *y = by + *dy;
    return *x >= 0 && *y >= 0 && *x < ACP_LCOORD_LIMIT && *y < ACP_LCOORD_LIMIT;
}

#if ACP_SHORTCUTS
static inline int floor_div8(int v) { return v >= 0 ? v / 8 : -((7 - v) / 8); }
#endif

bool acp_landdefs_get_outside_lcoord(uint32_t cell_id, acp_vec3 loc, int *x, int *y)
{
    if (!cell_part_valid(cell_id)) return false;
    int dx, dy;
    return outside_lcoord(cell_id, loc, x, y, &dx, &dy);
}

bool acp_landdefs_adjust_to_outside(uint32_t *cell_id, acp_vec3 *loc)
{
    acp_outside_cell o;
    return acp_landdefs_adjust_to_outside_cell(cell_id, loc, &o);
}

bool acp_landdefs_adjust_to_outside_cell(uint32_t *cell_id, acp_vec3 *loc, acp_outside_cell *o)
{
    int x, y;
    if (!cell_part_valid(*cell_id)) {
        *cell_id = 0;
        return false;
    }
    if (fabs((double)loc->x) < ACP_F_EPSILON) loc->x = 0.0f;
    if (fabs((double)loc->y) < ACP_F_EPSILON) loc->y = 0.0f;
    if (!outside_lcoord(*cell_id, *loc, &x, &y, &o->dx, &o->dy)) { /* get_outside_lcoord: the id is valid */
        *cell_id = 0;
        return false;
    }
    *cell_id = acp_landdefs_lcoord_to_gid(x, y);
    o->x = x;
    o->y = y;
    const double block = ACP_BLOCK_LENGTH;
    /* floor(v / 192) is floor(floor(v / 24) / 8): both quotients are rounded on the same side of
     * every integer as the exact ones (v is a float under 2^17 in magnitude, so v − 24k and
     * v − 192k, when not 0, are at least v's float step, far above the double rounding of the
     * quotient), so both floors are the exact ones, and the exact ones nest. */
#if ACP_SHORTCUTS
    double fx = (double)floor_div8(o->dx), fy = (double)floor_div8(o->dy);
#else
    double fx = floor((double)loc->x / block), fy = floor((double)loc->y / block); /* docs/SHORTCUTS.md S13 */
#endif
    /* v − 0·192 is v (v is finite here): a point within the landblock keeps its x and y. */
    o->kept_xy = fx == 0.0 && fy == 0.0;
    loc->x = (float)((double)loc->x - fx * block);
    loc->y = (float)((double)loc->y - fy * block);
    return true;
}

uint32_t acp_cell_outdoor_from_local(uint32_t cell_id, float x, float y)
{
    if (!(x >= 0.0f && x < ACP_BLOCK_LENGTH && y >= 0.0f && y < ACP_BLOCK_LENGTH)) return 0;
    uint32_t cx = (uint32_t)floor((double)x / 24.0);
    uint32_t cy = (uint32_t)floor((double)y / 24.0);
    return (cell_id & 0xFFFF0000u) | (cx * 8u + cy + 1u);
}
