/* acphys — the scenery a world makes for a landblock: CLandBlock::get_land_scenes's objects as
 * static physics objects (retail PORTAL/ccell/CLandBlock.c). */
#ifndef ACP_LAND_SCENES_H
#define ACP_LAND_SCENES_H

#include <stdint.h>

#include "landblock_struct.h"

struct acp_world;
struct acp_datset;

/** How many objects get_land_scenes places on `b` (the Scenes from `dats`): the room the
 *  world's static object slabs need. 0 without a region or DATs. */
uint32_t acp_land_scenes_count(const acp_landblock_struct *b, const acp_region *region, const struct acp_datset *dats);

/** Make the scenery of `b` (the Scenes from w->dats): for each placement of
 *  acp_landblock_get_land_scenes, CPhysicsObj::makeObject(obj_id, 0, 0), set_initial_frame (the
 *  frame; add_obj_to_cell places the parts), obj_within_block (outside: deleted),
 *  add_obj_to_cell into the placement's cell (its shadows, at scale 1), SetScaleStatic (the
 *  scale after the shadows, as retail), CLandBlock::add_static_object (w->block_statics; none
 *  left: deleted). Retail: CLandBlock::get_land_scenes (0x00530460), from init_static_objs'
 *  first pass. */
void acp_land_scenes_init(struct acp_world *w, const acp_landblock_struct *b, const acp_region *region);

struct acp_physobj;

/** Set each static object statics[first..n) back on the terrain of its land cell: the walkable
 *  terrain polygon under its origin (CLandCell::find_terrain_poly), z = −((y·N.y + x·N.x + d) /
 *  N.z) when |N.z| > EPSILON (stored as a float), and, when that z differs from its own by more
 *  than EPSILON, its frame with that origin (set_initial_frame: the parts follow unless it is a
 *  particle emitter). Retail starts at the LandBlockInfo's object count (CLandBlockInfo::
 *  num_objects, kept or not), so `first` is that count. From init_static_objs' second pass
 *  (not run here: docs/DEVIATIONS.md C7). Retail: CLandBlock::adjust_scene_obj_height (0x0052FEF0). */
void acp_land_scenes_adjust_height(struct acp_physobj *const *statics, uint32_t first, uint32_t n);

#endif
