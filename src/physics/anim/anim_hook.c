/* acphys — retail CAnimHook::Execute for every hook type and the hook names (PORTAL/canim/CAnimHook.c). See anim_hook.h. */
#include "anim_hook.h"

#include <string.h>

#include "physics/object/partarray.h"
#include "physics/world/physics.h"
#include "physics/object/physobj.h"
#include "physics/object/physobj_children.h"
#include "physics/object/scripts.h"

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
    case ACP_HOOK_CALL_PES: acp_physobj_call_pes(obj, hook->p.call_pes.script_id, hook->p.call_pes.pause); break;
    case ACP_HOOK_CREATE_PARTICLE:
    case ACP_HOOK_CREATE_BLOCKING_PARTICLE:
        acp_physobj_create_particle_emitter(obj, hook->p.particle.info_id, hook->p.particle.part,
                                            &hook->p.particle.offset, hook->p.particle.emitter_id,
                                            hook->type == ACP_HOOK_CREATE_BLOCKING_PARTICLE);
        break;
    case ACP_HOOK_DESTROY_PARTICLE: acp_physobj_destroy_particle_emitter(obj, hook->p.id); break;
    case ACP_HOOK_STOP_PARTICLE: acp_physobj_stop_particle_emitter(obj, hook->p.id); break;
    case ACP_HOOK_DEFAULT_SCRIPT: acp_physobj_play_default_script(obj); break;
    case ACP_HOOK_DEFAULT_SCRIPT_PART: (void)acp_physobj_play_default_script_part(obj, hook->p.id); break;
    default: /* Sound, SoundTable, SoundTweaked, Attack, ReplaceObject, texture velocity: no
              * physical effect; recorded above. */
        break;
    }
}

