/* acphys — retail CLandBlockStruct / CLandBlock: a 192 m landblock built from its LandBlock
 * record — 9 × 9 vertices, 8 × 8 cells of 24 m, two triangles per cell — and its water.
 *
 * CONVENTIONS
 *   Vertex (x, y), x west→east and y south→north in 0..8, sits at (24x, 24y, height) metres in
 *   the landblock frame; its record element is x·9 + y. Cell (cx, cy) is cells[cx·8 + cy], id
 *   cx·8 + cy + 1. The triangle split of each cell follows CLandBlockStruct::ConstructPolygons
 *   (acp_landblock_split_sw_to_ne). Only full detail (8 cells a side) is built, as the physics
 *   of loaded landblocks sees it.
 *   A built landblock holds pointers into itself (cells → polygons, cells → block): build it
 *   where it will stay.
 */
#ifndef ACP_LANDBLOCK_H
#define ACP_LANDBLOCK_H

#include <stdbool.h>
#include <stdint.h>

#include "dat/records.h"
#include "landcell.h"
#include "physics/shapes/polygon.h"

#define ACP_LANDBLOCK_VERTICES 81
#define ACP_LANDBLOCK_CELLS 64
#define ACP_LANDBLOCK_POLYGONS 128

/** Retail CLandBlockStruct (and the CLandBlock that owns it). */
typedef struct acp_landblock_struct {
    uint32_t id;                                 /* 0xXXYYFFFF */
    uint16_t terrain[ACP_LANDBLOCK_VERTICES];    /* terrain words, element x·9 + y */
    uint8_t height[ACP_LANDBLOCK_VERTICES];      /* height indices, element x·9 + y */
    acp_vec3 vertices[ACP_LANDBLOCK_VERTICES];   /* metres, landblock frame, element x·9 + y */
    acp_polygon polygons[ACP_LANDBLOCK_POLYGONS];/* cell k = cx·8 + cy owns 2k and 2k + 1 */
    bool sw_to_ne_cut[ACP_LANDBLOCK_CELLS];      /* SWtoNEcut, per cell */
    acp_landcell cells[ACP_LANDBLOCK_CELLS];
    uint32_t water_type;                         /* acp_water_type of the whole block */
    uint32_t num_statics;                        /* its LandBlockInfo's static objects (CLandBlockInfo
                                                    object_ids / object_frames; 0 without one) */
    const acp_stab *statics;                     /* the record's (not owned); placed as physics
                                                    objects when a world attaches the terrain */
} acp_landblock_struct;

/** The split of the cell whose south-west vertex has global vertex coordinates (gx, gy)
 *  (landblock x · 8 + x, landblock y · 8 + y): the 32-bit hash
 *  gy·(214614067·gx + 1813693831) − 1109124029·gx − 1369149221 (mod 2³²) times the float 2⁻³²,
 *  compared with 0.5. True (≥ 0.5): the diagonal runs south-west to north-east, triangles
 *  {(x,y),(x+1,y),(x+1,y+1)} and {(x,y),(x+1,y+1),(x,y+1)}; false: {(x,y),(x+1,y),(x,y+1)} and
 *  {(x+1,y+1),(x,y+1),(x+1,y)}. Retail: CLandBlockStruct::ConstructPolygons (0x00531D10). */
bool acp_landblock_split_sw_to_ne(uint32_t gx, uint32_t gy);

/** Build landblock `rec` with the region's height table (metres per height index):
 *  ConstructVertices, ConstructPolygons (with make_plane per triangle), CalcWater.
 *  Retail: CLandBlockStruct::ConstructVertices (0x005328D0), ConstructPolygons (0x00531D10),
 *  AddPolygon (0x005310D0), CalcWater (0x005327E0), CalcCellWater (0x00531550). */
void acp_landblock_struct_build(acp_landblock_struct *b, const acp_landblock *rec, const float height_table[256]);

/** Water depth (metres) at point (landblock frame) in partially-water cell cell_id: 0.45 when
 *  the corner vertex nearest the point is water, else 0.1 (also for an id that is not an outdoor
 *  cell). The corner: x ≤ 24·cx + 12 west, else (and for NaN) east; y ≤ 24·cy + 12 (and NaN)
 *  south, else north; the listing's two x87 flag tests read that way (docs/DEVIATIONS.md T4).
 *  Retail: CLandBlockStruct::calc_water_depth (0x005315F0). */
double acp_landblock_struct_calc_water_depth(const acp_landblock_struct *b, uint32_t cell_id, acp_vec3 point);

/** Not retail: the comparison mode ace-water-depth (physics.h ACP_PEER_ACE_WATER_DEPTH). As
 *  acp_landblock_struct_calc_water_depth, but the corner is ACE's (ACEmulator/ACE
 *  Source/ACE.Server/Physics/Common/LandblockStruct.cs:664-668, calc_water_depth): east when
 *  fmodf(x, 24) >= 12, north when fmodf(y, 24) >= 12 (a point on the cell's midline reads the
 *  east or north corner; retail's reads the west or south one). Same shapes, units and frame. */
double acp_landblock_struct_calc_water_depth_ace(const acp_landblock_struct *b, uint32_t cell_id, acp_vec3 point);

/** Not retail: the comparison mode gdle-water-depth (physics.h ACP_PEER_GDLE_WATER_DEPTH). As
 *  acp_landblock_struct_calc_water_depth, but the corner is GDLE PhatSDK's (bDekaru/ClassicDereth
 *  Source/PhatSDK/LandBlockStruct.cpp:813-817, CLandBlockStruct::calc_water_depth): east when
 *  fmod(x, 24) > 12, north when fmod(y, 24) > 12, so a point on the cell's own east or north
 *  edge (remainder 0) reads the west or south corner. Same shapes, units and frame. */
double acp_landblock_struct_calc_water_depth_gdle(const acp_landblock_struct *b, uint32_t cell_id, acp_vec3 point);

/** The cell of id cell_id in this landblock, NULL when it is not one of its outdoor cells.
 *  Retail: CLandBlock::get_landcell (0x0052FD20). */
const acp_landcell *acp_landblock_struct_get_landcell(const acp_landblock_struct *b, uint32_t cell_id);

#endif
