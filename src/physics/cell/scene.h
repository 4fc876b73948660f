/* acphys — procedural scenery: the members of retail ObjectDesc (PORTAL/region/Scene.c) and
 * CRegionDesc's scene lookups that CLandBlock::get_land_scenes calls, and get_land_scenes
 * itself with CLandBlock::on_road (PORTAL/ccell/CLandBlock.c).
 *
 * Every pseudo-random number is retail's: a 32-bit unsigned expression of the vertex's global
 * cell coordinates x, y (the landblock's block_coord, 8 per landblock, plus the vertex's 0..8)
 * and the object's index k in its Scene, wrapped modulo 2^32, times 2^-32 (the float constant
 * 2.3283064e-10) in double. Units: metres in the landblock's frame, degrees for headings.
 */
#ifndef ACP_SCENE_H
#define ACP_SCENE_H

#include <stdbool.h>
#include <stdint.h>

#include "dat/records.h"
#include "landblock_struct.h"

/** The noise of one seed: (1813693831·y − (k + seed)·(1360117743·x·y + 1888038839) −
 *  1109124029·x) mod 2^32. Seeds: 23399 frequency, 45773 displacement x, 72719 displacement y,
 *  63127 rotation, 32593 scale. */
uint32_t acp_scene_noise(uint32_t x, uint32_t y, uint32_t k, uint32_t seed);

/** Retail ObjectDesc::Place (0x005A5BB0): the object's offset from its vertex (metres): the
 *  base frame's origin, displaced by noise (x: seed 45773 times displace_x, stored as a float;
 *  y: seed 72719 times displace_y, kept in double), then turned a quarter turn by a third noise
 *  (1813693831·y − x·(1870387557·y + 1109124029) − 402451965): below 0.25 (x, y), below 0.5
 *  (−y, x), below 0.75 (−x, −y), else (y, −x). z is the base origin's. */
acp_vec3 acp_object_desc_place(const acp_object_desc *o, uint32_t x, uint32_t y, uint32_t k);

/** Retail ObjectDesc::ScaleObj (0x0052F0C0): max_scale when min_scale == max_scale, else
 *  pow(max/min, noise(32593)·2^-32)·min, in double (the caller stores it as a float). */
double acp_object_desc_scale_obj(const acp_object_desc *o, uint32_t x, uint32_t y, uint32_t k);

/** Retail ObjectDesc::CheckSlope (0x0052F090): min_slope <= z_val <= max_slope (z_val: the
 *  terrain normal's z). */
bool acp_object_desc_check_slope(const acp_object_desc *o, float z_val);

/** Retail ObjectDesc::GetObjFrame (0x005A5D50): the base frame at `loc`, and with max_rot > 0
 *  the heading noise(63127)·2^-32·max_rot degrees (stored as a float; Frame::set_heading). */
acp_frame acp_object_desc_get_obj_frame(const acp_object_desc *o, uint32_t x, uint32_t y, uint32_t k, acp_vec3 loc);

/** Retail ObjectDesc::ObjAlign (0x005A5E50): the base frame at `loc`, headed as the downhill
 *  direction: the heading of −N (AC1Legacy::Vector3::get_heading, stored as a float). */
acp_frame acp_object_desc_obj_align(const acp_object_desc *o, const acp_plane *plane, acp_vec3 loc);

/** Retail CRegionDesc::NumSceneType (0x004FE960) → CTerrainDesc::NumSceneType (0x00502430): the scene types
 *  of terrain type `terrain_id` (0 past the table). */
uint32_t acp_region_num_scene_type(const acp_region *r, uint32_t terrain_id);
/** Retail CRegionDesc::SceneCount (0x004FE970) → CTerrainDesc::SceneCount (0x00502450): the Scenes of that
 *  scene type (0 past either table or for a type naming none). */
uint32_t acp_region_scene_count(const acp_region *r, uint32_t terrain_id, uint32_t scene_type_id);
/** Retail CRegionDesc::GetScene (0x004FEAF0) → CTerrainDesc::GetScene (0x00502480): Scene `scene_index` of
 *  that scene type, 0 past its list. Call only where SceneCount is nonzero. */
uint32_t acp_region_get_scene(const acp_region *r, uint32_t terrain_id, uint32_t scene_type_id, uint32_t scene_index);

/** Retail CLandBlock::on_road (0x0052FFF0): whether `loc` (landblock frame, x and y in
 *  [0, 192)) lies within the road width (5 m) of the road bits (terrain bits 0-1) of the four
 *  vertices of its cell. */
bool acp_landblock_on_road(const acp_landblock_struct *b, acp_vec3 loc);

/** One object get_land_scenes places. */
typedef struct acp_scene_placement {
    uint32_t obj_id;                   /* Setup or GfxObj */
    uint32_t scene_id;
    uint32_t vertex;                   /* the vertex: ix·9 + iy */
    uint32_t k;                        /* its index in the Scene */
    uint32_t cell_id;                  /* the outdoor cell holding it */
    acp_frame frame;                   /* landblock frame: on the terrain, turned */
    float scale;                       /* ScaleObj, stored as a float */
} acp_scene_placement;

/** Where get_land_scenes finds Scenes (NULL: not loaded, skipped as retail skips a failed
 *  DBObj::Get) and what it does with each placement (CPhysicsObj::makeObject, set_initial_frame,
 *  obj_within_block, add_obj_to_cell, SetScaleStatic, CLandBlock::add_static_object). */
typedef const acp_scene *(*acp_scene_lookup_fn)(void *ctx, uint32_t scene_id);
typedef void (*acp_scene_place_fn)(void *ctx, const acp_scene_placement *p);

/** Retail CLandBlock::get_land_scenes (0x00530460): for each vertex (ix, then iy, 0..8), its
 *  terrain type (bits 2-6) and scene type (bits 11-15) pick a Scene of the region (the scene
 *  pick noise: y·(712977289·x + 1813693831) − 1109124029·x + 2139937281, times 2^-32 times the
 *  count, floored; one Scene: the first); each of its objects that is not a weenie object and
 *  whose frequency noise (seed 23399) is below freq is placed (ObjectDesc::Place, plus the
 *  vertex's 24 m offsets, stored as floats), and kept when it lies in [0, 192) on both axes,
 *  off the road, in a cell without a building, on a terrain polygon whose normal's z passes
 *  CheckSlope: set on that polygon's plane (Plane::set_height), aligned (ObjAlign) or turned
 *  (GetObjFrame), scaled (ScaleObj). Nothing without a region. */
void acp_landblock_get_land_scenes(const acp_landblock_struct *b, const acp_region *region, acp_scene_lookup_fn lookup,
                                   acp_scene_place_fn place, void *ctx);

#endif
