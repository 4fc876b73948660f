/* acphys — retail BBox (ENGINE/engine_shared_geometry/BBox.c): an axis-aligned box, and how
 * the cells place a part's box in another frame (LocalToGlobal, LocalToLocal).
 *
 * CONVENTIONS
 *   Metres. min ≤ max on each axis for a box made from points (AdjustBBox keeps them so).
 *   Arithmetic follows retail (frame.h): double evaluation, float stores.
 */
#ifndef ACP_BBOX_H
#define ACP_BBOX_H

#include "position.h"

/** Retail BBox: m_vMin, m_vMax. */
typedef struct acp_bbox {
    acp_vec3 min, max;
} acp_bbox;

/** Grow box to hold v: each axis's min, then each axis's max, tested apart (a point can move
 *  both). Retail: BBox::AdjustBBox (0x00534150). */
void acp_bbox_adjust(acp_bbox *box, acp_vec3 v);

/** The box holding from's eight corners placed by from_pos's frame and moved into to_pos's
 *  landblock (Position::localtoglobal of to_pos for each corner): the first corner (min), then
 *  AdjustBBox with the others. Retail: BBox::LocalToGlobal (0x005B2120). */
acp_bbox acp_bbox_local_to_global(const acp_bbox *from, const acp_position *from_pos, const acp_position *to_pos);

/** As local_to_global, each corner then into to_pos's frame (Position::localtolocal).
 *  Retail: BBox::LocalToLocal (0x005B1E60). */
acp_bbox acp_bbox_local_to_local(const acp_bbox *from, const acp_position *from_pos, const acp_position *to_pos);

#endif
