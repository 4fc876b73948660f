/* acphys — the WebAssembly ABI, the world (retail CPhysics), its objects (CPhysicsObj) and terrain (CLandBlock, the
 * collision sweep).
 * Conventions: wasm/abi/abi.h. */
#include "abi.h"

/* ---- the world (retail CPhysics) and its objects (CPhysicsObj) ---- */

/** Create a world: profile 0 retail, 1 acdream-r6, 2 ace, 3 render-frame; room for `capacity` objects. 0 on failure. */
ACP_ABI acp_world *acp_abi_world_create(uint32_t profile, uint32_t capacity)
{
    if (profile > ACP_PROFILE_RENDER_FRAME) return NULL;
    return acp_world_create((acp_clock_profile)profile, capacity);
}
/** Destroy a world and its objects. */
ACP_ABI void acp_abi_world_destroy(acp_world *w) { acp_world_destroy(w); }
/** Add an object with retail defaults; 0 when the id is taken or the world is full. */
ACP_ABI acp_physobj *acp_abi_world_add_object(acp_world *w, uint32_t id) { return acp_world_add_object(w, id); }
/** Find an object by id (0 when absent). */
ACP_ABI acp_physobj *acp_abi_world_object(acp_world *w, uint32_t id) { return acp_world_object(w, id); }
/** Set the player object (0 for none). */
ACP_ABI void acp_abi_world_set_player(acp_world *w, acp_physobj *obj) { acp_world_set_player(w, obj); }
/** Move an object to the static animating workset. */
ACP_ABI void acp_abi_world_add_static_animating(acp_world *w, acp_physobj *obj)
{
    acp_world_add_static_animating(w, obj);
}
/** Place an object at the position `pos` (cell + frame, 68 bytes) with the given transient
 *  bits, entering the world at `now` seconds. */
ACP_ABI void acp_abi_world_place_object(acp_world *w, acp_physobj *obj, const acp_position *pos,
                                        uint32_t transient_state, double now)
{
    acp_world_place_object(w, obj, pos, transient_state, now);
}
/** CPhysics::UseTime at `now` seconds. */
ACP_ABI void acp_abi_world_use_time(acp_world *w, double now) { acp_world_use_time(w, now); }
/** Set Timer::cur_time without running anything (for calling update_object directly). */
ACP_ABI void acp_abi_world_set_now(acp_world *w, double now) { w->now = now; }

/** CPhysicsObj::update_object at the world's now. */
ACP_ABI void acp_abi_physobj_update_object(acp_physobj *obj) { acp_physobj_update_object(obj); }
/** CPhysicsObj::UpdateObjectInternal for one quantum (seconds). */
ACP_ABI void acp_abi_physobj_update_object_internal(acp_physobj *obj, float quantum)
{
    acp_physobj_update_object_internal(obj, quantum);
}
/** Give the object a hand-built part array holding `n` spheres (16 bytes each: centre xyz,
 *  radius; object axes, metres). Returns 1, or 0 when out of memory. */
ACP_ABI int acp_abi_physobj_set_spheres(acp_physobj *obj, const acp_sphere *spheres, uint32_t n)
{
    acp_partarray *pa = acp_partarray_create_spheres(obj, spheres, n);
    if (!pa) return 0;
    acp_partarray_destroy(obj->part_array);
    obj->part_array = pa;
    acp_objcell_refresh_shadow_reach(obj);
    return 1;
}
/** After JavaScript wrote the object's fields directly (its origin, cell, state, scale): bring
 *  the copies its shadow entries keep of them up to date (acp_objcell_refresh_shadow_reach), as
 *  the C functions that change them do. acphys.mjs's set() calls it for every physobj field. */
ACP_ABI void acp_abi_physobj_fields_written(acp_physobj *obj) { acp_objcell_refresh_shadow_reach(obj); }
/** The same after a direct write of a part array's fields (its spheres, their count, its scale):
 *  its object's copies. */
ACP_ABI void acp_abi_partarray_fields_written(acp_partarray *pa)
{
    if (pa && pa->owner) acp_objcell_refresh_shadow_reach(pa->owner);
}
/** CPhysicsObj::calc_friction. */
ACP_ABI void acp_abi_physobj_calc_friction(acp_physobj *obj, float quantum, float velocity_mag2)
{
    acp_physobj_calc_friction(obj, quantum, velocity_mag2);
}
/** CPhysicsObj::calc_acceleration. */
ACP_ABI void acp_abi_physobj_calc_acceleration(acp_physobj *obj) { acp_physobj_calc_acceleration(obj); }
/** CPhysicsObj::SetScale: now (delta < EPSILON) or over delta seconds. */
ACP_ABI void acp_abi_physobj_set_scale(acp_physobj *obj, float scale, double delta)
{
    acp_physobj_set_scale(obj, scale, delta);
}
/** CPhysicsObj::set_velocity (m/s, world): clamped to 50 m/s, and the object becomes active. */
ACP_ABI void acp_abi_physobj_set_velocity(acp_physobj *obj, float x, float y, float z)
{
    acp_physobj_set_velocity(obj, (acp_vec3){x, y, z});
}
/** CPhysicsObj::set_active; returns 1 when it took effect. */
ACP_ABI int acp_abi_physobj_set_active(acp_physobj *obj, int active) { return acp_physobj_set_active(obj, active != 0); }
/** CPhysicsObj::add_anim_hook: `hook` (an acp_anim_hook in linear memory, layout kind 3) must
 *  stay valid until the next quantum has run. Returns 1, or 0 when the bag is full. */
ACP_ABI int acp_abi_physobj_add_anim_hook(acp_physobj *obj, const acp_anim_hook *hook)
{
    return acp_physobj_add_anim_hook(obj, hook);
}
/** Commit a sweep result that stays in place and touched a surface of normal n (world axes,
 *  unit) with the given frames_stationary_fall: SetPositionInternal → handle_all_collisions. */
ACP_ABI void acp_abi_physobj_commit_collision(acp_physobj *obj, float nx, float ny, float nz, int frames_stationary_fall)
{
    acp_transition t; /* a result made up here: not a slot of the world's pool */
    memset(&t, 0, sizeof t);
    t.sphere_path.curr_pos = obj->position;
    t.sphere_path.has_curr_cell = obj->has_cell;
    t.collision_info.collision_normal_valid = true;
    t.collision_info.collision_normal = (acp_vec3){nx, ny, nz};
    t.collision_info.frames_stationary_fall = frames_stationary_fall;
    acp_physobj_set_position_internal(obj, &t);
}
/** Retail name of an anim hook type ("AnimationDone", ...). */
ACP_ABI const char *acp_abi_hook_type_name(uint32_t type) { return acp_hook_type_name(type); }

/* ---- terrain and the collision sweep: see src/physics/cell/terrain.h, src/physics/object/setposition.h ---- */

/** Create an empty terrain (retail LScape) for `capacity` landblocks; 0 when out of memory. */
ACP_ABI acp_terrain *acp_abi_terrain_create(uint32_t capacity) { return acp_terrain_create(capacity); }
/** Destroy a terrain (detach it from its worlds first). */
ACP_ABI void acp_abi_terrain_destroy(acp_terrain *t) { acp_terrain_destroy(t); }
/** Load landblock `id` (0xXXYYFFFF): `heights` 81 height indices and `terrain_words` 81 u16
 *  terrain words (0: all zero), element x·9 + y; `height_table` 256 floats (metres per index,
 *  the Region's LandHeightTable). Returns an acp_terrain_status (0 OK, 1 bad argument, 2 full). */
ACP_ABI uint32_t acp_abi_terrain_add_landblock(acp_terrain *t, uint32_t id, const uint8_t *heights,
                                               const uint16_t *terrain_words, const float *height_table)
{
    if (!heights || !height_table) return ACP_TERRAIN_BAD_ARGUMENT;
    acp_landblock rec;
    memset(&rec, 0, sizeof rec);
    rec.id = id;
    memcpy(rec.height, heights, sizeof rec.height);
    if (terrain_words) memcpy(rec.terrain, terrain_words, sizeof rec.terrain);
    acp_region region;
    memset(&region, 0, sizeof region);
    memcpy(region.land_height_table, height_table, sizeof region.land_height_table);
    return acp_terrain_add_landblock(t, &rec, &region);
}
/** Give world `w` the terrain (0: the fixture world without terrain). */
ACP_ABI void acp_abi_terrain_attach(acp_world *w, acp_terrain *t) { acp_terrain_attach(w, t); }
/** Terrain height (metres) at (x, y) of cell's landblock frame, written to *out; 1, or 0 when
 *  not loaded / outside. */
ACP_ABI int acp_abi_terrain_height(const acp_terrain *t, uint32_t cell, float x, float y, float *out)
{
    return acp_terrain_height(t, cell, x, y, out);
}
/** Terrain normal (unit vec3) at (x, y) of cell's landblock frame, written to *out; 1 or 0. */
ACP_ABI int acp_abi_terrain_normal(const acp_terrain *t, uint32_t cell, float x, float y, acp_vec3 *out)
{
    return acp_terrain_normal(t, cell, x, y, out);
}
/** Water type of a loaded outdoor cell (0 none, 1 partial, 2 entire); 0xFFFFFFFF when missing. */
ACP_ABI uint32_t acp_abi_terrain_cell_water_type(const acp_terrain *t, uint32_t cell)
{
    const acp_landcell *c = acp_terrain_get_landcell(t, cell);
    return c ? c->water_type : 0xFFFFFFFFu;
}
/** CLandBlockStruct::ConstructPolygons' split of the cell at global vertex (gx, gy): 1 SW–NE. */
ACP_ABI int acp_abi_terrain_split_sw_to_ne(uint32_t gx, uint32_t gy) { return acp_landblock_split_sw_to_ne(gx, gy); }

/** CPhysicsObj::enter_world at position `pos` (68 bytes) at `now` seconds: a placement sweep
 *  (PLACEMENT | SLIDE). 1 when the object entered. */
ACP_ABI int acp_abi_world_enter_object(acp_world *w, acp_physobj *obj, const acp_position *pos, double now)
{
    return acp_world_enter_object(w, obj, pos, now);
}
/** CPhysicsObj::SetPosition with SetPositionFlag bits; returns the SetPositionError (0 OK). */
ACP_ABI uint32_t acp_abi_physobj_set_position(acp_physobj *obj, const acp_position *pos, uint32_t flags)
{
    return acp_physobj_set_position(obj, pos, flags);
}
/** Number of terrain sweeps (CPhysicsObj::transition) the world has run. */
ACP_ABI double acp_abi_world_num_sweeps(const acp_world *w) { return (double)w->num_sweeps; }
/* ---- what the page reads of the world, its terrain and its objects each frame ---- */

/** The world's terrain (0 for the fixture world without one). */
ACP_ABI acp_terrain *acp_abi_world_terrain(const acp_world *world) { return world ? world->terrain : NULL; }
/** Number of loaded landblocks, and the i-th one's id (0xXXYYFFFF; 0 out of range). */
ACP_ABI uint32_t acp_abi_terrain_count(const acp_terrain *terrain) { return terrain ? terrain->num_blocks : 0; }
ACP_ABI uint32_t acp_abi_terrain_block_id(const acp_terrain *terrain, uint32_t i)
{
    return terrain && i < terrain->num_blocks ? terrain->blocks[i].id : 0;
}
/** The i-th landblock's 81 vertices (x, y, z floats in metres, landblock frame; element x·9 + y,
 *  x east, y north): 0 out of range. */
ACP_ABI const acp_vec3 *acp_abi_terrain_block_vertices(const acp_terrain *terrain, uint32_t i)
{
    return terrain && i < terrain->num_blocks ? terrain->blocks[i].vertices : NULL;
}
/** The object's collision spheres: count, and sphere i (centre x, y, z in object axes before
 *  scaling, radius; 4 floats, metres) or 0. */
ACP_ABI uint32_t acp_abi_physobj_sphere_count(const acp_physobj *obj) { return acp_physobj_num_spheres(obj); }
ACP_ABI const acp_sphere *acp_abi_physobj_sphere(const acp_physobj *obj, uint32_t i)
{
    return obj && obj->part_array && i < obj->part_array->num_spheres ? &obj->part_array->spheres[i] : NULL;
}
