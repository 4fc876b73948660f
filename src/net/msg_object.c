/* acphys — the server's movement (UpdateMotion, CreateObject's movement bytes) and CreateObject's
 * physics description (see messages.h). Retail: MovementManager::unpack_movement (0x00524440),
 * InterpretedMotionState::UnPack (0x0051F400), MovementParameters::UnPackNet (0x0052AC50),
 * PhysicsDesc::UnPack (0x0051DDD0). */
#include <string.h>

#include "net/msg_read.h"

static void read_interpreted(acp_reader *r, acp_net_interpreted_motion_state *s)
{
    size_t at = r->pos;
    uint32_t word = acp_reader_u32(r, "movement.state.flags");
    s->flags = word & 0x7F;
    uint32_t n = word >> 7;
    uint32_t f = s->flags;
    if (f & ACP_INTERP_CURRENT_STYLE) s->current_style = acp_reader_u16(r, "movement.state.current_style");
    if (f & ACP_INTERP_FORWARD_COMMAND) s->forward_command = acp_reader_u16(r, "movement.state.forward_command");
    if (f & ACP_INTERP_SIDESTEP_COMMAND) s->sidestep_command = acp_reader_u16(r, "movement.state.sidestep_command");
    if (f & ACP_INTERP_TURN_COMMAND) s->turn_command = acp_reader_u16(r, "movement.state.turn_command");
    if (f & ACP_INTERP_FORWARD_SPEED) s->forward_speed = acp_reader_f32_finite(r, "movement.state.forward_speed");
    if (f & ACP_INTERP_SIDESTEP_SPEED) s->sidestep_speed = acp_reader_f32_finite(r, "movement.state.sidestep_speed");
    if (f & ACP_INTERP_TURN_SPEED) s->turn_speed = acp_reader_f32_finite(r, "movement.state.turn_speed");
    s->item_count = acp_msg_check_items(r, n, at, "movement.state.item_count");
    for (uint32_t i = 0; i < s->item_count; i++) s->items[i] = acp_msg_read_item(r, "movement.state.items");
    acp_reader_align4(r, "movement.state.padding");
}

static acp_moveto_params read_moveto(acp_reader *r)
{
    acp_moveto_params p;
    p.flags = acp_reader_u32(r, "movement.moveto.flags");
    p.distance_to_object = acp_reader_f32_finite(r, "movement.moveto.distance_to_object");
    p.min_distance = acp_reader_f32_finite(r, "movement.moveto.min_distance");
    p.fail_distance = acp_reader_f32_finite(r, "movement.moveto.fail_distance");
    p.speed = acp_reader_f32_finite(r, "movement.moveto.speed");
    p.walk_run_threshold = acp_reader_f32_finite(r, "movement.moveto.walk_run_threshold");
    p.desired_heading = acp_reader_f32_finite(r, "movement.moveto.desired_heading");
    return p;
}

static acp_turnto_params read_turnto(acp_reader *r)
{
    acp_turnto_params p;
    p.flags = acp_reader_u32(r, "movement.turnto.flags");
    p.speed = acp_reader_f32_finite(r, "movement.turnto.speed");
    p.desired_heading = acp_reader_f32_finite(r, "movement.turnto.desired_heading");
    return p;
}

void acp_msg_read_movement(acp_reader *r, acp_movement *m)
{
    size_t at = r->pos;
    m->type = acp_reader_u8(r, "movement.type");
    m->flags = acp_reader_u8(r, "movement.flags");
    m->current_style = acp_reader_u16(r, "movement.current_style");
    if (!acp_reader_ok(r)) return;
    switch (m->type) {
    case ACP_MOVE_INTERPRETED:
        read_interpreted(r, &m->state);
        m->has_sticky_object = (m->flags & ACP_MOVE_FLAG_STICKY) != 0;
        if (m->has_sticky_object) m->sticky_object = acp_reader_u32(r, "movement.sticky_object");
        break;
    case ACP_MOVE_TO_OBJECT:
    case ACP_MOVE_TO_POSITION:
        /* Type 6 leads with the target object; both then carry the origin, the parameters and
         * the run rate. */
        if (m->type == ACP_MOVE_TO_OBJECT) m->target = acp_reader_u32(r, "movement.target");
        /* Position::UnPackOrigin (0x005A9790): the cell and the origin, no rotation; the
         * rotation stays the identity retail's unpack_movement starts from. */
        m->origin.cell = acp_reader_u32(r, "movement.origin");
        m->origin.origin = acp_reader_vec3_finite(r, "movement.origin");
        m->origin.qw = 1.0f;
        m->moveto = read_moveto(r);
        m->run_rate = acp_reader_f32_finite(r, "movement.run_rate");
        break;
    case ACP_MOVE_TURN_TO_OBJECT:
        m->target = acp_reader_u32(r, "movement.target");
        m->desired_heading = acp_reader_f32_finite(r, "movement.desired_heading");
        m->turnto = read_turnto(r);
        break;
    case ACP_MOVE_TURN_TO_HEADING:
        m->turnto = read_turnto(r);
        break;
    default:
        acp_reader_fail(r, ACP_DAT_ERR_UNSUPPORTED_TYPE, at, "movement.type");
        break;
    }
}

/* A packed dword: a u16, and a second u16 below it when the first has bit 15 set. */
static void skip_packed(acp_reader *r, const char *field)
{
    uint16_t hi = acp_reader_u16(r, field);
    if (hi & 0x8000) (void)acp_reader_u16(r, field);
}

/* ModelData (u8 0x11, u8 palettes, u8 textures, u8 anim parts, the entries, padding): skipped. */
static void skip_model_data(acp_reader *r)
{
    (void)acp_reader_u8(r, "create_object.model.header");
    uint8_t palettes = acp_reader_u8(r, "create_object.model.palette_count");
    uint8_t textures = acp_reader_u8(r, "create_object.model.texture_count");
    uint8_t parts = acp_reader_u8(r, "create_object.model.part_count");
    if (palettes) skip_packed(r, "create_object.model.palette");
    for (unsigned i = 0; i < palettes && acp_reader_ok(r); i++) {
        skip_packed(r, "create_object.model.subpalettes");
        acp_reader_skip(r, 2, "create_object.model.subpalettes");
    }
    for (unsigned i = 0; i < textures && acp_reader_ok(r); i++) {
        acp_reader_skip(r, 1, "create_object.model.textures");
        skip_packed(r, "create_object.model.textures");
        skip_packed(r, "create_object.model.textures");
    }
    for (unsigned i = 0; i < parts && acp_reader_ok(r); i++) {
        acp_reader_skip(r, 1, "create_object.model.parts");
        skip_packed(r, "create_object.model.parts");
    }
    acp_reader_align4(r, "create_object.model.padding");
}

/* The movement bytes: u32 length, then (when not 0) the movement and u32 autonomous. The
 * movement is read over exactly its bytes, offsets still counting from the message's start. */
static void read_movement_blob(acp_reader *r, acp_msg_create_object *m)
{
    size_t at = r->pos;
    uint32_t len = acp_reader_u32(r, "create_object.movement.length");
    if (!acp_reader_ok(r) || len == 0) return;
    if (len > acp_reader_left(r)) {
        acp_reader_fail(r, ACP_DAT_ERR_COUNT, at, "create_object.movement.length");
        return;
    }
    m->movement_size = len;
    acp_reader sub = *r;
    sub.size = r->pos + len;
    acp_msg_read_movement(&sub, &m->movement);
    acp_msg_expect_end(&sub, "create_object.movement.end");
    if (!acp_reader_ok(&sub)) {
        acp_reader_fail(r, sub.status, sub.err_pos, sub.err_field);
        return;
    }
    m->has_movement = true;
    r->pos = sub.pos;
    m->movement_autonomous = acp_reader_u32(r, "create_object.movement.autonomous") != 0;
}

static void read_children(acp_reader *r, acp_msg_create_object *m)
{
    m->child_count = acp_reader_count(r, 8, ACP_MSG_MAX_CHILDREN, "create_object.children.count");
    for (uint32_t i = 0; i < m->child_count; i++) {
        m->children[i] = acp_reader_u32(r, "create_object.children.guid");
        m->child_locations[i] = acp_reader_u32(r, "create_object.children.location");
    }
}

/* The PhysicsDesc's flagged fields, in the order the client unpacks them. */
static void read_physics_desc(acp_reader *r, acp_msg_create_object *m)
{
    uint32_t f = m->flags = acp_reader_u32(r, "create_object.physics.flags");
    m->state = acp_reader_u32(r, "create_object.physics.state");
    if (f & ACP_PD_MOVEMENT) read_movement_blob(r, m);
    else if (f & ACP_PD_ANIMATION_FRAME) m->placement = acp_reader_u32(r, "create_object.physics.placement");
    if (f & ACP_PD_POSITION) m->position = acp_msg_read_position(r, "create_object.physics.position");
    if (f & ACP_PD_MTABLE) m->mtable = acp_reader_u32(r, "create_object.physics.mtable");
    if (f & ACP_PD_STABLE) m->stable = acp_reader_u32(r, "create_object.physics.stable");
    if (f & ACP_PD_PETABLE) m->petable = acp_reader_u32(r, "create_object.physics.petable");
    if (f & ACP_PD_SETUP) m->setup = acp_reader_u32(r, "create_object.physics.setup");
    if (f & ACP_PD_PARENT) {
        m->parent = acp_reader_u32(r, "create_object.physics.parent");
        m->parent_location = acp_reader_u32(r, "create_object.physics.parent_location");
    }
    if (f & ACP_PD_CHILDREN) read_children(r, m);
    if (f & ACP_PD_SCALE) m->scale = acp_reader_f32_finite(r, "create_object.physics.scale");
    if (f & ACP_PD_FRICTION) m->friction = acp_reader_f32_finite(r, "create_object.physics.friction");
    if (f & ACP_PD_ELASTICITY) m->elasticity = acp_reader_f32_finite(r, "create_object.physics.elasticity");
    if (f & ACP_PD_TRANSLUCENCY) m->translucency = acp_reader_f32_finite(r, "create_object.physics.translucency");
    if (f & ACP_PD_VELOCITY) m->velocity = acp_reader_vec3_finite(r, "create_object.physics.velocity");
    if (f & ACP_PD_ACCELERATION) m->acceleration = acp_reader_vec3_finite(r, "create_object.physics.acceleration");
    if (f & ACP_PD_OMEGA) m->omega = acp_reader_vec3_finite(r, "create_object.physics.omega");
    if (f & ACP_PD_DEFAULT_SCRIPT) m->default_script = acp_reader_u32(r, "create_object.physics.default_script");
    if (f & ACP_PD_DEFAULT_SCRIPT_INTENSITY)
        m->default_script_intensity = acp_reader_f32_finite(r, "create_object.physics.default_script_intensity");
    for (int i = 0; i < 9; i++) m->timestamps[i] = acp_reader_u16(r, "create_object.physics.timestamps");
    acp_reader_align4(r, "create_object.physics.padding");
}

void acp_msg_read_create_object(acp_reader *r, acp_msg_create_object *m)
{
    m->guid = acp_reader_u32(r, "create_object.guid");
    skip_model_data(r);
    read_physics_desc(r, m);
    /* The weenie description follows: not physics, not read. */
}
