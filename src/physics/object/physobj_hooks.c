/* acphys — retail CPhysicsObj's hook lists: PhysicsObjHook / FPHook (CPhysicsObjHooks.c) and the anim-hook bag (CPhysicsObj::add_anim_hook, process_hooks). See anim_hook.h. */
#include "physics/anim/anim_hook.h"
#include "physics/cell/objcell.h"
#include <string.h>
#include "partarray.h"
#include "scripts.h"
#include "physics/world/physics.h"
#include "physobj.h"

bool acp_physobj_add_fp_hook(acp_physobj *obj, acp_fphook hook)
{
    acp_hook_list *list = &obj->hooks;
    acp_fphook *items = obj->fp_hook_items;
    if (list->count >= ACP_MAX_FP_HOOKS) {
        list->dropped++;
        return false;
    }
    memmove(&items[1], &items[0], list->count * sizeof items[0]);
    items[0] = hook;
    list->count++;
    return true;
}

static void hook_list_remove(acp_physobj *obj, uint32_t i)
{
    acp_hook_list *list = &obj->hooks;
    acp_fphook *items = obj->fp_hook_items;
    memmove(&items[i], &items[i + 1], (list->count - i - 1) * sizeof items[0]);
    list->count--;
}

bool acp_physobj_add_anim_hook(acp_physobj *obj, const acp_anim_hook *hook)
{
    acp_anim_hook_bag *bag = &obj->anim_hooks;
    if (bag->count >= ACP_MAX_ANIM_HOOKS) {
        bag->dropped++;
        return false;
    }
    obj->anim_hook_items[bag->count++] = hook;
    return true;
}

bool acp_fphook_execute(acp_fphook *hook, acp_physobj *obj, double now)
{
    double elapsed = now - hook->time_created;
    float t;
    if (elapsed > 0.0) t = elapsed < hook->interpolation_time ? (float)(elapsed / hook->interpolation_time) : 1.0f;
    else t = 0.0f;
    float value = (float)(((double)hook->end_value - hook->start_value) * t + hook->start_value);
    hook->executions++;
    acp_physobj_process_fp_hook(obj, hook->hook_type, value, hook->user_data);
    return t == 1.0f;
}

void acp_physobj_process_fp_hook(acp_physobj *obj, uint32_t type, float value, uint32_t user_data)
{
    acp_partarray *pa = obj->part_array;
    switch (type) {
    case ACP_FPHOOK_SCALE: /* SetScaleStatic */
        obj->scale = value;
        if (pa) acp_partarray_set_scale(pa, (acp_vec3){value, value, value});
        acp_objcell_refresh_shadow_reach(obj);
        break;
    case ACP_FPHOOK_TRANSLUCENCY: /* SetTranslucencyInternal */
        if (value < obj->translucency_original) value = obj->translucency_original;
        obj->translucency = value;
        if (pa) acp_partarray_set_part_value(pa, pa->part_translucency, UINT32_MAX, value);
        break;
    case ACP_FPHOOK_PART_TRANSLUCENCY:
        if (pa) acp_partarray_set_part_value(pa, pa->part_translucency, user_data, value);
        break;
    case ACP_FPHOOK_LUMINOSITY:
        obj->luminosity = value;
        if (pa) acp_partarray_set_part_value(pa, pa->part_luminosity, UINT32_MAX, value);
        break;
    case ACP_FPHOOK_PART_LUMINOSITY:
        if (pa) acp_partarray_set_part_value(pa, pa->part_luminosity, user_data, value);
        break;
    case ACP_FPHOOK_DIFFUSION:
        obj->diffusion = value;
        if (pa) acp_partarray_set_part_value(pa, pa->part_diffusion, UINT32_MAX, value);
        break;
    case ACP_FPHOOK_PART_DIFFUSION:
        if (pa) acp_partarray_set_part_value(pa, pa->part_diffusion, user_data, value);
        break;
    case ACP_FPHOOK_CALL_PES: acp_physobj_call_pes_internal(obj, user_data, value); break;
    default: break;
    }
}

ACP_WASM_INLINE void acp_physobj_process_hooks(acp_physobj *obj)
{
    acp_hook_list *list = &obj->hooks;
    double now = obj->world->physics_time;
    for (uint32_t i = 0; i < list->count;) {
        if (acp_fphook_execute(&obj->fp_hook_items[i], obj, now)) hook_list_remove(obj, i);
        else i++;
    }
    acp_anim_hook_bag *bag = &obj->anim_hooks;
    for (uint32_t i = 0; i < bag->count; i++) acp_anim_hook_execute(obj->anim_hook_items[i], obj);
    bag->count = 0;
}
