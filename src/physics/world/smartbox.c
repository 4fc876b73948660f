/* acphys — retail SmartBox::HandleReceivedPosition. See smartbox.h. Read against
 * PORTAL/smartbox/SmartBox.c (0x00453FD0) and PORTAL/cphysobj/CPhysicsObj.c. */
#include "smartbox.h"

#include "physics/object/physobj_children.h"

#include "physics.h"
#include "physics/anim/sequence.h"
#include "physics/object/partarray.h"
#include "physics/object/physobj_motion.h"
#include "physics/object/physobj_position.h"

/* SmartBox::BlipPlayer (0x00453940): the player's heading is kept (HandleReceivedPosition sets it
 * on the message's frame first), then SetPositionSimple with sliding. */
static void blip_player(acp_physobj *player, const acp_received_position *msg)
{
    acp_position pos = msg->position;
    acp_frame_set_heading(&pos.frame, (float)acp_frame_get_heading(&player->position.frame));
    (void)acp_physobj_set_position_simple(player, &pos, true);
    player->update_times[ACP_POSITION_TS] = msg->position_timestamp;
}

static void constrain_at(acp_physobj *obj, const acp_position *p)
{
    float max = (float)acp_physobj_get_max_constraint_distance(obj);
    float start = (float)acp_physobj_get_start_constraint_distance(obj);
    (void)acp_physobj_constrain_to(obj, p, start, max);
}

/* SmartBox::TeleportPlayer (0x00453910) + ConstrainTo + set_velocity(0) for a newer teleport
 * stamp, or ConstrainTo and the command interpreter's InterpolateTo: the player's path. */
static uint32_t player_position(acp_physobj *player, const acp_received_position *msg)
{
    if (acp_physobj_newer_event(player, ACP_TELEPORT_TS, msg->teleport_timestamp)) {
        (void)acp_physobj_set_position_simple(player, &msg->position, true); /* SmartBox::TeleportPlayer */
        constrain_at(player, &msg->position);
        acp_physobj_set_velocity(player, (acp_vec3){0.0f, 0.0f, 0.0f});
        return ACP_RECEIVED_TELEPORT_PLAYER;
    }
    constrain_at(player, &msg->position);
    if (msg->use_position_from_server && msg->has_contact)
        (void)acp_physobj_interpolate_to(player, &msg->position, msg->keep_heading);
    return ACP_RECEIVED_PLAYER;
}

/* The part of HandleReceivedPosition between the stamps and the split by object (SmartBox.c:
 * 2183-2197): the parent, then the placement frame of an object without animations. */
static void unparent_and_place(acp_physobj *obj, const acp_received_position *msg)
{
    /* A held object's holder lets go (CPhysicsObj::unset_parent, SmartBox.c:2194; the weenie's
     * notice when the holder is not the player has no physics). */
    acp_physobj_unset_parent(obj);
    bool has_anims = obj->part_array && acp_sequence_has_anims(&obj->part_array->sequence); /* CPhysicsObj::HasAnims */
    if (!has_anims) (void)acp_physobj_set_placement_frame(obj, msg->placement_id);
}

uint32_t acp_smartbox_handle_received_position(acp_world *world, acp_physobj *obj, const acp_received_position *msg)
{
    acp_physobj *player = world->player;
    if (obj == player && acp_physobj_newer_event(player, ACP_FORCE_POSITION_TS, msg->force_position_timestamp) &&
        !acp_timestamp_older(msg->teleport_timestamp, player->update_times[ACP_TELEPORT_TS])) {
        blip_player(player, msg);
        return ACP_RECEIVED_BLIP_PLAYER;
    }
    uint16_t old_position_ts = obj->update_times[ACP_POSITION_TS];
    if (!acp_physobj_newer_event(obj, ACP_POSITION_TS, msg->position_timestamp)) return ACP_RECEIVED_STALE;
    if (acp_timestamp_older(msg->teleport_timestamp, obj->update_times[ACP_TELEPORT_TS])) {
        obj->update_times[ACP_POSITION_TS] = old_position_ts;
        return ACP_RECEIVED_ROLLED_BACK;
    }
    unparent_and_place(obj, msg);
    if (obj == player) return player_position(player, msg);
    if (!acp_physobj_move_or_teleport(obj, &msg->position, msg->teleport_timestamp, msg->has_contact, &msg->velocity))
        return ACP_RECEIVED_IGNORED;
    constrain_at(obj, &obj->position);
    return ACP_RECEIVED_MOVED;
}

uint32_t acp_smartbox_unpack_position_event(acp_world *world, acp_physobj *obj, const acp_received_position *msg,
                                            uint32_t *handled)
{
    if (!obj) return ACP_POSITION_EVENT_QUEUED; /* CObjectMaint::GetObjectA found none */
    uint16_t own = obj->update_times[ACP_INSTANCE_TS];
    if (acp_timestamp_older(own, msg->instance_timestamp)) return ACP_POSITION_EVENT_QUEUED;
    if (own != msg->instance_timestamp) return ACP_POSITION_EVENT_OLD_INSTANCE;
    uint32_t r = acp_smartbox_handle_received_position(world, obj, msg);
    if (handled) *handled = r;
    return ACP_POSITION_EVENT_HANDLED;
}
