/* acphys — retail CPhysicsObj::SetPosition and enter_world. See setposition.h. Read against
 * PORTAL/cphysobj/CPhysicsObj.c. */
#include "setposition.h"

#include <stddef.h>

#include "physics/cell/landcell.h"
#include "physics/anim/movement_manager.h"
#include "partarray.h"
#include "physobj_cell.h"
#include "physics/world/physics.h"
#include "physics/cell/terrain.h"
#include "physics/world/transition.h"

static void store_position(acp_physobj *obj, const acp_position *p) { acp_physobj_store_position(obj, p); }

/* Retail CPhysicsObj::AdjustPosition (0x00511D80), outdoor part: the cell that holds p, with p
 * moved into its landblock. False for an invalid id; *cell NULL when not loaded. */
static bool adjust_position(const acp_terrain *terrain, acp_position *p, const acp_landcell **cell)
{
    *cell = NULL;
    uint32_t c = p->objcell_id & 0xFFFFu;
    if ((c < 1u || c > 0x40u) && (c < 0x100u || c > 0xFFFDu) && c != 0xFFFFu) return false;
    if (c >= 0x100u) return false; /* EnvCells: out of scope, no cell */
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
    adjust_position(t->terrain, &p, &cell);
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
