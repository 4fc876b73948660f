/* acphys — retail Position (a cell id and a Frame) and LandDefs (the outdoor grid).
 *
 * CONVENTIONS
 *   Cell ids are 0xXXYYCCCC: XX and YY the landblock's column (west→east) and row (south→north),
 *   CCCC the cell. Outdoor cells are 1..64 with cell − 1 = cx·8 + cy (cx, cy ∈ 0..7: 24 m
 *   cells); 0xFFFF names the landblock itself; 0x100..0xFFFD are indoor (EnvCell) cells.
 *   A landblock is 192 m square; a position's origin is in metres relative to its landblock's
 *   south-west corner (outdoor) or to the landblock origin (indoor). The world grid of "lcoords"
 *   counts outdoor cells from the world's south-west corner: 0..2039 on each axis.
 *   Arithmetic follows retail (double, rounded to float where retail stores); see frame.h.
 */
#ifndef ACP_POSITION_H
#define ACP_POSITION_H

#include <stdbool.h>
#include <stdint.h>

#include "frame.h"

/** Retail Position: the cell the frame is relative to, and the frame. */
typedef struct acp_position {
    uint32_t objcell_id;      /* 0xXXYYCCCC, see above. */
    acp_frame frame;          /* Origin in metres relative to the landblock; rotation local→world. */
} acp_position;

/** Metres per landblock side and per outdoor cell side. */
#define ACP_BLOCK_LENGTH 192.0f
#define ACP_CELL_LENGTH 24.0f
/** Outdoor cells per landblock side, and lcoords per world side. */
#define ACP_CELLS_PER_BLOCK 8
#define ACP_LCOORD_LIMIT 2040

/** Offset (metres, world axes) from landblock `cell_from`'s origin to landblock `cell_to`'s:
 *  Δ(landblock x, y) × 192 m, z = 0; zero when both ids share a landblock. A zero cell_from counts
 *  as landblock (0, 0); a zero cell_to gives a zero offset.
 *  Retail: LandDefs::get_block_offset (0x0043E630). */
static inline acp_vec3 acp_landdefs_get_block_offset(uint32_t cell_from, uint32_t cell_to)
{
    /* static inline: the terrain sweep asks it about ten times a step, mostly within one
     * landblock. */
    acp_vec3 r = {0.0f, 0.0f, 0.0f};
    if ((cell_from >> 16) == (cell_to >> 16) || cell_to == 0) return r;
    int32_t fx = 0, fy = 0;
    if (cell_from != 0) {
        fx = (int32_t)((cell_from >> 21) & 0x7F8u);
        fy = (int32_t)(8u * ((cell_from >> 16) & 0xFFu));
    }
    int32_t tx = (int32_t)((cell_to >> 21) & 0x7F8u);
    int32_t ty = (int32_t)(8u * ((cell_to >> 16) & 0xFFu));
    r.x = (float)((double)(tx - fx) * 24.0);
    r.y = (float)((double)(ty - fy) * 24.0);
    return r;
}

/** Vector (metres, world axes) from `from`'s origin to `to`'s origin across landblocks:
 *  (block offset + to.origin) − from.origin, rounded as retail does.
 *  Retail: Position::get_offset (0x00509F60). */
acp_vec3 acp_position_get_offset(const acp_position *from, const acp_position *to);

/** |get_offset(from, to)| in metres (double). Retail: Position::distance (0x005A94B0). */
double acp_position_distance(const acp_position *from, const acp_position *to);

/** True for an id whose cell part is outdoor (1..64), indoor (0x100..0xFFFD) or the landblock
 *  (0xFFFF), and whose landblock lies on the 2040-lcoord world grid.
 *  Retail: LandDefs::inbound_valid_cellid (0x004979A0). */
bool acp_landdefs_inbound_valid_cellid(uint32_t cell_id);

/** World lcoords (outdoor cell column and row from the world's south-west corner) of an outdoor
 *  cell id; false for indoor or invalid ids. Retail: LandDefs::gid_to_lcoord (0x00497A90). */
bool acp_landdefs_gid_to_lcoord(uint32_t cell_id, int *x, int *y);

/** Outdoor cell id of world lcoords (x, y); 0 outside 0..2039.
 *  Retail: LandDefs::lcoord_to_gid (0x004A19A0). */
uint32_t acp_landdefs_lcoord_to_gid(int x, int y);

/** Lcoords of a landblock's south-west cell (x = XX·8, y = YY·8); false for id 0.
 *  Retail: LandDefs::blockid_to_lcoord (0x0043D680). */
bool acp_landdefs_blockid_to_lcoord(uint32_t block_id, int *x, int *y);

/** Lcoords of the outdoor cell that holds `loc` (metres, relative to cell_id's landblock):
 *  the landblock's lcoord plus floor(loc / 24 m). False when cell_id is not valid or the result
 *  is off the world grid. Retail: LandDefs::get_outside_lcoord (0x005A9B00). */
bool acp_landdefs_get_outside_lcoord(uint32_t cell_id, acp_vec3 loc, int *x, int *y);

/** Move a position that may have left its landblock into the landblock and outdoor cell that
 *  hold it: *cell_id becomes that cell, loc's x and y are taken modulo 192 m (components within
 *  EPSILON of 0 snap to 0 first). On failure (invalid id or off the world) *cell_id = 0 and
 *  false is returned. Retail: LandDefs::adjust_to_outside (0x005A9BC0). */
bool acp_landdefs_adjust_to_outside(uint32_t *cell_id, acp_vec3 *loc);

/** What adjust_to_outside worked out on its way (acp_landdefs_adjust_to_outside_cell). */
typedef struct acp_outside_cell {
    int x, y;      /* the lcoords of the cell found: gid_to_lcoord of the new id gives them (the id is
                    * lcoord_to_gid of them) */
    int dx, dy;    /* floor(v / 24 m) of loc's x and y as they went in */
    bool kept_xy;  /* loc's x and y came out as they went in (within the landblock) */
} acp_outside_cell;

/** adjust_to_outside, telling what it found (set only when it returns true), for callers that
 *  would ask gid_to_lcoord, or floor(v / 24 m) of the same x and y, next. Not retail. */
bool acp_landdefs_adjust_to_outside_cell(uint32_t *cell_id, acp_vec3 *loc, acp_outside_cell *out);

/** Landblock part of a cell id: 0xXXYYFFFF. */
static inline uint32_t acp_cell_landblock_id(uint32_t cell_id) { return (cell_id & 0xFFFF0000u) | 0xFFFFu; }
/** Landblock column XX (west→east) and row YY (south→north). */
static inline unsigned acp_cell_block_x(uint32_t cell_id) { return cell_id >> 24; }
static inline unsigned acp_cell_block_y(uint32_t cell_id) { return (cell_id >> 16) & 0xFFu; }
/** True for outdoor cells 1..64. */
static inline bool acp_cell_is_outdoor(uint32_t cell_id)
{
    uint32_t c = cell_id & 0xFFFFu;
    return c >= 1u && c <= 64u;
}
/** True for indoor (EnvCell) cells: low word 0x100..0xFFFD. */
static inline bool acp_cell_is_indoor(uint32_t cell_id)
{
    uint32_t c = cell_id & 0xFFFFu;
    return c >= 0x100u && c <= 0xFFFDu;
}

/** Outdoor cell id (1..64, with its landblock's high word) that holds local (x, y) metres of
 *  landblock `cell_id`: cell − 1 = floor(x/24)·8 + floor(y/24). 0 when (x, y) lies outside
 *  [0, 192) or is NaN. */
uint32_t acp_cell_outdoor_from_local(uint32_t cell_id, float x, float y);

/** Point v of from's frame, in to's landblock: from's frame applied (each axis stored as a
 *  float, m[3]·y + m[0]·x + m[6]·z + origin), plus the block offset from to's landblock to
 *  from's (float adds). Retail: Position::localtoglobal(this = to, p = from, v) (0x00456180). */
acp_vec3 acp_position_localtoglobal_from(const acp_position *to, const acp_position *from, acp_vec3 v);

/** Point v of from's frame in to's frame: as localtoglobal_from, then Frame::globaltolocal of
 *  to's frame. Retail: Position::localtolocal (0x004527F0). */
acp_vec3 acp_position_localtolocal(const acp_position *to, const acp_position *from, acp_vec3 v);

#endif
