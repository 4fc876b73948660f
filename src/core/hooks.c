/* acphys — retail PhysicsObjHook / FPHook and anim-hook execution. See hooks.h. */
#include "hooks.h"

#include <string.h>

#include "partarray.h"
#include "physics.h"
#include "physobj.h"

const acp_anim_hook acp_anim_done_hook = {.type = ACP_HOOK_ANIMATION_DONE, .direction = ACP_HOOK_BOTH};

static const char *const HOOK_NAMES[ACP_HOOK_TYPE_COUNT] = {
    "NoOp", "Sound", "SoundTable", "Attack", "AnimationDone", "ReplaceObject", "Ethereal",
    "TransparentPart", "Luminous", "LuminousPart", "Diffuse", "DiffusePart", "Scale",
    "CreateParticle", "DestroyParticle", "StopParticle", "NoDraw", "DefaultScript",
    "DefaultScriptPart", "CallPES", "Transparent", "SoundTweaked", "SetOmega", "TextureVelocity",
    "TextureVelocityPart", "SetLight", "CreateBlockingParticle",
};

const char *acp_hook_type_name(uint32_t type)
{
    return type < ACP_HOOK_TYPE_COUNT ? HOOK_NAMES[type] : "Unknown";
}

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
    default: /* CALL_PES: CallPESInternal plays a physics script (scripts are not simulated). */
        break;
    }
}

/* The CPhysicsObj::Set* functions the fade hooks call: immediate below EPSILON, else an FPHook
 * created now on the physics clock and inserted at the head. */
static void fade(acp_physobj *obj, uint32_t type, uint32_t part, float start, float end, float time)
{
    if ((double)time >= ACP_F_EPSILON) {
        acp_fphook h = {type, obj->world->physics_time, time, start, end, part, 0};
        acp_physobj_add_fp_hook(obj, h);
        return;
    }
    acp_physobj_process_fp_hook(obj, type, end, part);
}

static void call_pes(acp_physobj *obj, uint32_t script, float pause)
{
    if ((double)pause < ACP_F_EPSILON) return; /* play_script_internal: scripts are not simulated */
    float roll = (float)(acp_world_random(obj->world) * pause); /* Random::RollDice(0, pause) */
    acp_fphook h = {ACP_FPHOOK_CALL_PES, obj->world->physics_time, roll, 0.0f, 1.0f, script, 0};
    acp_physobj_add_fp_hook(obj, h);
}

static void record_hook(acp_physobj *obj, uint32_t type)
{
    acp_update_record *r = &obj->record;
    if (r->num_hooks < ACP_MAX_HOOKS_RECORDED) r->hooks_fired[r->num_hooks] = type;
    r->num_hooks++;
}

void acp_anim_hook_execute(const acp_anim_hook *hook, acp_physobj *obj)
{
    record_hook(obj, hook->type);
    switch (hook->type) {
    case ACP_HOOK_ETHEREAL: acp_physobj_set_ethereal(obj, hook->p.flag != 0); break;
    case ACP_HOOK_NO_DRAW:
        if (hook->p.flag) obj->state |= ACP_NODRAW_PS;
        else obj->state &= ~(uint32_t)ACP_NODRAW_PS;
        break;
    case ACP_HOOK_SET_LIGHT:
        if (hook->p.flag) obj->state |= ACP_LIGHTING_ON_PS;
        else obj->state &= ~(uint32_t)ACP_LIGHTING_ON_PS;
        break;
    case ACP_HOOK_ANIMATION_DONE:
        if (obj->part_array) acp_partarray_animation_done(obj->part_array, true);
        break;
    case ACP_HOOK_TRANSPARENT:
        fade(obj, ACP_FPHOOK_TRANSLUCENCY, 0, hook->p.fade.start, hook->p.fade.end, hook->p.fade.time);
        break;
    case ACP_HOOK_TRANSPARENT_PART:
        fade(obj, ACP_FPHOOK_PART_TRANSLUCENCY, hook->p.fade.part, hook->p.fade.start, hook->p.fade.end,
             hook->p.fade.time);
        break;
    case ACP_HOOK_LUMINOUS:
        fade(obj, ACP_FPHOOK_LUMINOSITY, 0, hook->p.fade.start, hook->p.fade.end, hook->p.fade.time);
        break;
    case ACP_HOOK_LUMINOUS_PART:
        fade(obj, ACP_FPHOOK_PART_LUMINOSITY, hook->p.fade.part, hook->p.fade.start, hook->p.fade.end,
             hook->p.fade.time);
        break;
    case ACP_HOOK_DIFFUSE:
        fade(obj, ACP_FPHOOK_DIFFUSION, 0, hook->p.fade.start, hook->p.fade.end, hook->p.fade.time);
        break;
    case ACP_HOOK_DIFFUSE_PART:
        fade(obj, ACP_FPHOOK_PART_DIFFUSION, hook->p.fade.part, hook->p.fade.start, hook->p.fade.end,
             hook->p.fade.time);
        break;
    case ACP_HOOK_SCALE: acp_physobj_set_scale(obj, hook->p.scale.end, hook->p.scale.time); break;
    case ACP_HOOK_SET_OMEGA: acp_physobj_set_omega(obj, hook->p.omega); break;
    case ACP_HOOK_CALL_PES: call_pes(obj, hook->p.call_pes.script_id, hook->p.call_pes.pause); break;
    default: /* Sound, SoundTable, SoundTweaked, Attack, ReplaceObject, particles, scripts,
              * texture velocity: no physical effect; recorded above. */
        break;
    }
}

void acp_physobj_process_hooks(acp_physobj *obj)
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
