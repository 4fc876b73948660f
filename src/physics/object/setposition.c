/* acphys — retail CPhysicsObj::SetPosition and enter_world. See setposition.h. Read against
 * PORTAL/cphysobj/CPhysicsObj.c. */
#include "setposition.h"

#include <stddef.h>

#include "physics/cell/envcell.h"
#include "physics/cell/landcell.h"
#include "physics/anim/movement_manager.h"
#include "partarray.h"
#include "physobj_cell.h"
#include "physics/world/physics.h"
#include "physics/cell/terrain.h"
#include "physics/world/transition.h"

static void store_position(acp_physobj *obj, const acp_position *p) { acp_physobj_store_position(obj, p); }

/* Retail CEnvCell::find_visible_child_cell (0x0052DC50) with bSearchCells 1: the cell itself
 * when it holds origin (landblock frame), else the first loaded cell of its visible list that
 * does; NULL when none. */
static const acp_landcell *find_visible_child_cell(const acp_terrain *terrain, const acp_env_cell *env,
                                                   const acp_envcell *rec, acp_vec3 origin)
{
    if (acp_env_cell_point_in_cell(env, origin)) return &env->base;
    for (uint32_t i = 0; rec && i < rec->num_visible_cells; i++) {
        const acp_env_cell *v = acp_terrain_get_envcell(terrain, rec->visible_cells[i]);
        if (v && acp_env_cell_point_in_cell(v, origin)) return &v->base;
    }
    return NULL;
}

/* Retail CPhysicsObj::AdjustPosition (0x00511D80): the cell that holds p (outdoors p moved into
 * its landblock; indoors the EnvCell, or one it sees, that holds low_pt put at p, else outside
 * for a SEEN_OUTSIDE cell). False for an invalid id; *cell NULL when not loaded. */
static bool adjust_position(const acp_terrain *terrain, acp_position *p, acp_vec3 low_pt, const acp_landcell **cell)
{
    *cell = NULL;
    uint32_t c = p->objcell_id & 0xFFFFu;
    if ((c < 1u || c > 0x40u) && (c < 0x100u || c > 0xFFFDu) && c != 0xFFFFu) return false;
    if (c >= 0x100u) {
        const acp_env_cell *env = acp_terrain_get_envcell(terrain, p->objcell_id);
        if (!env) return false;
        acp_vec3 pt = acp_position_localtoglobal_from(p, p, low_pt); /* Position::localtoglobal */
        const acp_landcell *child = find_visible_child_cell(terrain, env, env->record, pt);
        if (child) {
            p->objcell_id = child->id;
            *cell = child;
            return true;
        }
        if (!env->record || !(env->record->flags & ACP_ENVCELL_SEEN_OUTSIDE)) return false;
        acp_landdefs_adjust_to_outside(&p->objcell_id, &p->frame.origin);
        if (!p->objcell_id) return false;
        *cell = acp_terrain_get_landcell(terrain, p->objcell_id);
        return true;
    }
    acp_landdefs_adjust_to_outside(&p->objcell_id, &p->frame.origin);
    if (!p->objcell_id) return false;
    *cell = acp_terrain_get_landcell(terrain, p->objcell_id);
    return true;
}

/* Retail CPhysicsObj::CheckPositionInternal (0x00511E90). */
static bool check_position_internal(const acp_landcell *cell, acp_position *p, acp_transition *t, uint32_t flags)
{
    acp_sphere_path *sp = &t->sphere_path;
    acp_spherepath_init_path(sp, cell, NULL, p);
    if (!(flags & ACP_SLIDE_SPF)) sp->placement_allows_sliding = false;
    if (!acp_transition_find_valid_position(t)) return false;
    if (flags & ACP_SLIDE_SPF) return true;
    const acp_vec3 c = sp->curr_pos.frame.origin;
    if ((double)c.x - p->frame.origin.x < (double)0.050000001f && (double)c.y - p->frame.origin.y < (double)0.050000001f &&
        sp->curr_pos.objcell_id == cell->id) {
        p->frame.origin = c;
        return true;
    }
    return false;
}

static void lose_cell(acp_physobj *obj, const acp_position *p)
{
    acp_physobj_prepare_to_leave_visibility(obj);
    store_position(obj, p);
    obj->has_cell = false;
    obj->transient_state &= ~(uint32_t)ACP_ACTIVE_TS;
}

/* Retail CPhysicsObj::SetPositionInternal(Position*, SetPositionStruct*, CTransition*)
 * (0x00515BD0). */
static acp_set_position_error set_position_at(acp_physobj *obj, acp_position p, uint32_t flags, acp_transition *t)
{
    if (!obj->has_cell) acp_physobj_prepare_to_enter_world(obj);
    const acp_landcell *cell;
    adjust_position(t->terrain, &p, t->sphere_path.local_sphere[0].center, &cell);
    if (!cell) {
        lose_cell(obj, &p);
        return ACP_SPE_OK;
    }
    if (flags & ACP_DONOTCREATECELLS_SPF) t->cell_array.do_not_load_cells = true;
    if (!check_position_internal(cell, &p, t, flags)) {
        acp_physobj_handle_all_collisions(obj, &t->collision_info, false, false);
        return ACP_SPE_NO_VALID_POSITION; /* COLLIDED only when a weenie was told */
    }
    acp_sphere_path *sp = &t->sphere_path;
    if (!sp->curr_cell) return ACP_SPE_NO_CELL;
    sp->has_curr_cell = true;
    sp->curr_cell_id = sp->curr_cell->id;
    acp_physobj_set_position_internal(obj, t);
    return ACP_SPE_OK;
}

/* The fixture world: put the object where asked. */
static acp_set_position_error set_position_fixture(acp_physobj *obj, const acp_position *pos)
{
    if (!obj->has_cell) acp_physobj_prepare_to_enter_world(obj);
    store_position(obj, pos);
    obj->has_cell = true;
    acp_physobj_calc_acceleration(obj);
    return ACP_SPE_OK;
}

acp_set_position_error acp_physobj_set_position(acp_physobj *obj, const acp_position *pos, uint32_t flags)
{
    acp_world *w = obj->world;
    if (!w->terrain) return set_position_fixture(obj, pos);
    acp_transition *t = acp_transition_make(w);
    if (!t) return ACP_SPE_OK; /* retail: no transition, SetPosition answers OK */
    acp_objectinfo_init(&t->object_info, obj, 0);
    acp_transition_init_object_spheres(t, obj);
    acp_set_position_error e = set_position_at(obj, *pos, flags, t);
    acp_transition_cleanup(w);
    return e;
}

bool acp_physobj_enter_world(acp_physobj *obj, const acp_position *pos)
{
    store_position(obj, pos);
    if (obj->has_parent) return false;
    acp_world *w = obj->world;
    acp_world_fit_shadow_cells(w, obj); /* DEVIATIONS T3: its shadow list's room, at load */
    obj->update_time = w->now;
    acp_position p = obj->position;
    if (acp_physobj_set_position(obj, &p, ACP_PLACEMENT_SPF | ACP_SLIDE_SPF) != ACP_SPE_OK) return false;
    if (!(obj->state & ACP_STATIC_PS)) {
        if (!(obj->transient_state & ACP_ACTIVE_TS)) obj->update_time = w->now;
        obj->transient_state |= ACP_ACTIVE_TS;
    }
    /* The part array drops its link animations and completes the motions still pending in the
     * motion table manager (MotionTableManager::HandleEnterWorld); the movement manager's call
     * reaches an empty function in this build. */
    if (obj->part_array) acp_partarray_handle_enter_world(obj->part_array);
    if (obj->movement_manager) acp_movement_manager_handle_enter_world(obj->movement_manager);
    return true;
}

bool acp_world_enter_object(acp_world *w, acp_physobj *obj, const acp_position *pos, double now)
{
    w->now = now;
    return acp_physobj_enter_world(obj, pos);
}
