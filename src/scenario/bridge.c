/* acphys — the runner's call sites into motion and terrain. See bridge.h. */
#include "bridge.h"

#include "physics/object/scripts.h"
#include "physics/object/partarray.h"
#include "physics/object/physobj_children.h"
#include "physics/object/physobj_motion.h"
#include "physics/object/physobj_position.h"
#include "physics/anim/movement_manager.h"
#include "physics/object/setposition.h"
#include "physics/world/smartbox.h"

static const acp_animation *record_animation(const void *ctx, uint32_t id)
{
    return acp_excerpts_animation((const acp_excerpts *)ctx, id);
}

static const acp_motion_table *record_motion_table(const void *ctx, uint32_t id)
{
    return acp_excerpts_motion_table((const acp_excerpts *)ctx, id);
}

bool acp_bridge_attach_setup(acp_physobj *obj, const acp_setup *setup, const acp_excerpts *records, float scale)
{
    acp_record_source src = {records, record_animation, record_motion_table};
    if (!acp_physobj_set_setup(obj, setup, &src)) return false;
    /* Retail's set_description applies the object's scale after the Setup and before
     * enter_world: m_scale and CPartArray::SetScaleInternal (SetScaleStatic). */
    acp_physobj_set_scale(obj, scale, 0.0);
    return true;
}

bool acp_bridge_attach_motion(acp_physobj *obj, uint32_t table_id, const float *run_rate)
{
    /* Retail's CreateObject sets the PhysicsDesc motion table (SetMotionTableID) after the
     * Setup; InitDefaults' own call finds no part array yet, so the table is set here even when
     * it is the Setup's default. */
    if (!acp_physobj_set_motion_table(obj, table_id)) return false;
    if (run_rate) acp_physobj_set_run_rate(obj, *run_rate);
    return true;
}

void acp_bridge_apply_motion(acp_physobj *obj, const acp_scenario_motion *m)
{
    acp_interpreted_motion im = acp_interpreted_motion_default();
    if (m->present & ACP_MOTION_STYLE) im.style = m->style;
    if (m->present & ACP_MOTION_FORWARD_COMMAND) im.forward_command = m->forward_command;
    if (m->present & ACP_MOTION_FORWARD_SPEED) im.forward_speed = m->forward_speed;
    if (m->present & ACP_MOTION_SIDESTEP_COMMAND) im.sidestep_command = m->sidestep_command;
    if (m->present & ACP_MOTION_SIDESTEP_SPEED) im.sidestep_speed = m->sidestep_speed;
    if (m->present & ACP_MOTION_TURN_COMMAND) im.turn_command = m->turn_command;
    if (m->present & ACP_MOTION_TURN_SPEED) im.turn_speed = m->turn_speed;
    im.sticky_object_id = m->sticky_object;
    im.standing_longjump = m->standing_longjump;
    im.has_message_style = (m->present & ACP_MOTION_MESSAGE_STYLE) != 0;
    im.message_style = m->message_style;
    acp_physobj_apply_interpreted_motion(obj, &im);
}

void acp_bridge_apply_raw_motion(acp_physobj *obj, const acp_scenario_motion *m)
{
    acp_raw_motion raw = acp_raw_motion_default();
    if (m->present & ACP_MOTION_FORWARD_COMMAND) raw.forward_command = m->forward_command;
    if (m->present & ACP_MOTION_FORWARD_SPEED) raw.forward_speed = m->forward_speed;
    if (m->present & ACP_MOTION_SIDESTEP_COMMAND) raw.sidestep_command = m->sidestep_command;
    if (m->present & ACP_MOTION_SIDESTEP_SPEED) raw.sidestep_speed = m->sidestep_speed;
    if (m->present & ACP_MOTION_TURN_COMMAND) raw.turn_command = m->turn_command;
    if (m->present & ACP_MOTION_TURN_SPEED) raw.turn_speed = m->turn_speed;
    if (m->present & ACP_MOTION_HOLD_RUN) raw.hold_run = m->hold_run;
    acp_physobj_apply_raw_motion(obj, &raw);
}

uint32_t acp_bridge_jump(acp_physobj *obj, float extent) { return acp_physobj_jump(obj, extent); }


void acp_bridge_static_workset(acp_world *world, acp_physobj *obj, const acp_setup *setup)
{
    bool default_anim = (obj->state & (ACP_HAS_DEFAULT_ANIM_PS | ACP_HAS_DEFAULT_SCRIPT_PS)) ||
                        (setup && (setup->default_animation || setup->default_script));
    if (!(obj->state & ACP_STATIC_PS) || !default_anim) return;
    for (uint32_t i = 0; i < world->num_static; i++)
        if (world->static_objects[i] == obj) return;
    acp_world_add_static_animating(world, obj);
}

void acp_bridge_set_velocity(acp_physobj *obj, acp_vec3 velocity) { acp_physobj_set_velocity(obj, velocity); }

bool acp_bridge_place_set_position(acp_world *world, acp_physobj *obj, const acp_position *pos, double now)
{
    return acp_world_enter_object(world, obj, pos, now);
}

void acp_bridge_place_frame(acp_world *world, acp_physobj *obj, const acp_position *pos, uint32_t transient_state,
                            double now)
{
    acp_world_place_object(world, obj, pos, transient_state, now);
}

/* ---- server-driven objects (issue 13) ---- */

void acp_bridge_server_position(acp_physobj *obj, const acp_scenario_server_position *sp)
{
    acp_received_position msg;
    msg.position = sp->position;
    msg.has_contact = sp->contact;
    msg.velocity = sp->has_velocity ? sp->velocity : (acp_vec3){0.0f, 0.0f, 0.0f};
    msg.position_timestamp =
        sp->has_position_timestamp ? sp->position_timestamp : (uint16_t)(obj->update_times[ACP_POSITION_TS] + 1u);
    msg.teleport_timestamp = sp->has_teleport_timestamp ? sp->teleport_timestamp : obj->update_times[ACP_TELEPORT_TS];
    msg.force_position_timestamp =
        sp->has_force_position_timestamp ? sp->force_position_timestamp : obj->update_times[ACP_FORCE_POSITION_TS];
    msg.instance_timestamp = sp->has_instance_timestamp ? sp->instance_timestamp : obj->update_times[ACP_INSTANCE_TS];
    msg.placement_id = sp->has_placement ? sp->placement
                       : obj->part_array ? obj->part_array->sequence.placement_frame_id : 0u;
    msg.use_position_from_server = sp->use_position_from_server;
    msg.keep_heading = sp->keep_heading;
    (void)acp_smartbox_unpack_position_event(obj->world, obj, &msg, NULL);
}

void acp_bridge_stick_to(acp_physobj *obj, uint32_t target) { (void)acp_physobj_stick_to_object(obj, target); }

void acp_bridge_unstick(acp_physobj *obj) { acp_physobj_unstick_from_object(obj); }

void acp_bridge_play_script(acp_physobj *obj, const acp_scenario_play_script *ps)
{
    if (ps->by_type) (void)acp_physobj_play_script_type(obj, ps->type, ps->mod);
    else (void)acp_physobj_play_script(obj, ps->script_id);
}

void acp_bridge_set_state(acp_physobj *obj, uint32_t new_state) { (void)acp_physobj_set_state(obj, new_state); }

void acp_bridge_set_parent(acp_physobj *obj, acp_physobj *holder, const acp_scenario_parent *pe)
{
    for (const acp_physobj *h = holder; h; h = h->parent)
        if (h == obj) return;
    if (pe->by_location) (void)acp_physobj_set_parent_at_location(obj, holder, pe->location);
    else (void)acp_physobj_set_parent(obj, holder, pe->part, &pe->frame);
}

void acp_bridge_unset_parent(acp_physobj *obj) { acp_physobj_unset_parent(obj); }

void acp_bridge_constrain_to(acp_physobj *obj, const acp_scenario_constraint *c)
{
    (void)acp_physobj_constrain_to(obj, &c->position, c->start_distance, c->max_distance);
}

void acp_bridge_unconstrain(acp_physobj *obj) { acp_physobj_unconstrain(obj); }

void acp_bridge_move_to(acp_physobj *obj, const acp_scenario_move_to *mt)
{
    acp_moveto_message msg;
    msg.type = mt->type;
    msg.object_id = mt->target;
    msg.has_origin = mt->has_position;
    /* UnPackOrigin reads the cell and the origin; the orientation stays the identity. */
    msg.origin = (acp_position){mt->position.objcell_id, acp_frame_identity()};
    msg.origin.frame.origin = mt->position.frame.origin;
    msg.has_heading = mt->has_fallback_heading;
    msg.heading = mt->fallback_heading;
    msg.params = mt->params;
    msg.run_rate = mt->run_rate;
    msg.has_style = mt->has_style;
    msg.style = mt->style;
    acp_physobj_unpack_moveto(obj, &msg);
}
