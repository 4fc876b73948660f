/* acphys — retail ScriptManager (PORTAL/cphysobj/CScriptManager.c): queued physics scripts whose
 * hooks run on the object at their times on Timer::cur_time. See scripts.h. */
#include "scripts.h"

#include <string.h>

#include "physics/anim/anim_hook.h"
#include "physobj.h"
#include "physics/world/physics.h"

void acp_script_manager_init(acp_script_manager *sm)
{
    memset(sm, 0, sizeof *sm);
    sm->hook_index = -1;
    sm->next_hook_time = 0.0;
}

static acp_script_data *slot(acp_script_manager *sm, uint32_t i)
{
    return &sm->queue[(sm->head + i) % ACP_MAX_SCRIPTS_QUEUED];
}

const acp_script_data *acp_script_manager_at(const acp_script_manager *sm, uint32_t i)
{
    if (!sm || i >= sm->count) return NULL;
    return &sm->queue[(sm->head + i) % ACP_MAX_SCRIPTS_QUEUED];
}

bool acp_script_manager_add_internal(acp_script_manager *sm, const acp_physics_script *script, double now)
{
    if (!script->num_hooks) return false;
    if (sm->count >= ACP_MAX_SCRIPTS_QUEUED) {
        sm->dropped++;
        return false;
    }
    acp_script_data d;
    d.script = script;
    if (sm->count) {
        const acp_script_data *last = slot(sm, sm->count - 1);
        d.start_time = last->script->length + last->start_time;
    } else {
        d.start_time = now;
    }
    *slot(sm, sm->count) = d;
    sm->count++;
    if (sm->count == 1) {
        sm->hook_index = -1;
        sm->next_hook_time = script->hooks[0].start_time + d.start_time;
    }
    return true;
}

const acp_anim_hook *acp_script_manager_next_hook(acp_script_manager *sm)
{
    int32_t i = ++sm->hook_index;
    const acp_script_data *cur = slot(sm, 0);
    const acp_physics_script *s = cur->script;
    int32_t n = (int32_t)s->num_hooks;
    if (i >= n) return NULL;
    if (i + 1 >= n) {
        if (sm->count > 1) {
            const acp_script_data *next = slot(sm, 1);
            sm->next_hook_time = next->script->hooks[0].start_time + next->start_time;
        } else {
            sm->next_hook_time = -1.0;
        }
    } else {
        sm->next_hook_time = s->hooks[i + 1].start_time + cur->start_time;
    }
    return &s->hooks[i].hook;
}

/* Drop the current script (UpdateScripts past its last hook). */
static void pop(acp_script_manager *sm)
{
    sm->head = (sm->head + 1) % ACP_MAX_SCRIPTS_QUEUED;
    sm->count--;
    sm->hook_index = -1;
    if (sm->count) {
        const acp_script_data *next = slot(sm, 0);
        sm->next_hook_time = next->script->hooks[0].start_time + next->start_time;
    } else {
        sm->next_hook_time = -1.0;
    }
}

void acp_script_manager_update(acp_script_manager *sm, acp_physobj *obj)
{
    while (sm->count) {
        if (obj->world->now < sm->next_hook_time) break;
        const acp_anim_hook *h = acp_script_manager_next_hook(sm);
        if (h) {
            sm->hooks_run++;
            acp_anim_hook_execute(h, obj);
        } else {
            pop(sm);
        }
    }
}
