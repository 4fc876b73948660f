/* acphys — game message encoding: the exact bytes acp_msg_decode reads back (see messages.h). */
#include <string.h>

#include "dat/reader.h"
#include "net/messages.h"

/* A byte writer that counts past its end (so a caller learns the size needed) and writes only
 * what fits. */
typedef struct wbuf {
    uint8_t *p;
    size_t cap, pos;
} wbuf;

static void put(wbuf *w, const void *src, size_t n)
{
    if (w->pos <= w->cap && n <= w->cap - w->pos && n) memcpy(w->p + w->pos, src, n);
    w->pos += n;
}

static void u8(wbuf *w, uint8_t v) { put(w, &v, 1); }

static void u16(wbuf *w, uint16_t v)
{
    uint8_t b[2];
    acp_put_u16(b, v);
    put(w, b, 2);
}

static void u32(wbuf *w, uint32_t v)
{
    uint8_t b[4];
    acp_put_u32(b, v);
    put(w, b, 4);
}

static void f32(wbuf *w, float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    u32(w, u);
}

static void f64(wbuf *w, double d)
{
    uint64_t u;
    memcpy(&u, &d, 8);
    u32(w, (uint32_t)u);
    u32(w, (uint32_t)(u >> 32));
}

static void vec3(wbuf *w, acp_vec3 v) { f32(w, v.x); f32(w, v.y); f32(w, v.z); }

static void align4(wbuf *w)
{
    while (w->pos & 3) u8(w, 0);
}

static void position(wbuf *w, const acp_net_position *p)
{
    u32(w, p->cell);
    vec3(w, p->origin);
    f32(w, p->qw); f32(w, p->qx); f32(w, p->qy); f32(w, p->qz);
}

static void sequences(wbuf *w, const acp_net_sequences *s)
{
    u16(w, s->instance); u16(w, s->server_control); u16(w, s->teleport); u16(w, s->force_position);
}

static void item(wbuf *w, const acp_motion_item *it)
{
    u16(w, it->command);
    u16(w, (uint16_t)((it->sequence & 0x7FFF) | (it->autonomous ? 0x8000 : 0)));
    f32(w, it->speed);
}

static uint32_t items_of(uint32_t n) { return n > ACP_MSG_MAX_MOTION_ITEMS ? ACP_MSG_MAX_MOTION_ITEMS : n; }

static void raw_state(wbuf *w, const acp_net_raw_motion_state *s)
{
    uint32_t f = s->flags & 0x7FF, n = items_of(s->item_count);
    u32(w, f | n << 11);
    if (f & ACP_RAW_CURRENT_HOLDKEY) u32(w, s->current_holdkey);
    if (f & ACP_RAW_CURRENT_STYLE) u32(w, s->current_style);
    if (f & ACP_RAW_FORWARD_COMMAND) u32(w, s->forward_command);
    if (f & ACP_RAW_FORWARD_HOLDKEY) u32(w, s->forward_holdkey);
    if (f & ACP_RAW_FORWARD_SPEED) f32(w, s->forward_speed);
    if (f & ACP_RAW_SIDESTEP_COMMAND) u32(w, s->sidestep_command);
    if (f & ACP_RAW_SIDESTEP_HOLDKEY) u32(w, s->sidestep_holdkey);
    if (f & ACP_RAW_SIDESTEP_SPEED) f32(w, s->sidestep_speed);
    if (f & ACP_RAW_TURN_COMMAND) u32(w, s->turn_command);
    if (f & ACP_RAW_TURN_HOLDKEY) u32(w, s->turn_holdkey);
    if (f & ACP_RAW_TURN_SPEED) f32(w, s->turn_speed);
    for (uint32_t i = 0; i < n; i++) item(w, &s->items[i]);
}

static void movement(wbuf *w, const acp_movement *m)
{
    u8(w, m->type);
    u8(w, m->flags);
    u16(w, m->current_style);
    switch (m->type) {
    case ACP_MOVE_INTERPRETED: {
        const acp_net_interpreted_motion_state *s = &m->state;
        uint32_t f = s->flags & 0x7F, n = items_of(s->item_count);
        u32(w, f | n << 7);
        if (f & ACP_INTERP_CURRENT_STYLE) u16(w, s->current_style);
        if (f & ACP_INTERP_FORWARD_COMMAND) u16(w, s->forward_command);
        if (f & ACP_INTERP_SIDESTEP_COMMAND) u16(w, s->sidestep_command);
        if (f & ACP_INTERP_TURN_COMMAND) u16(w, s->turn_command);
        if (f & ACP_INTERP_FORWARD_SPEED) f32(w, s->forward_speed);
        if (f & ACP_INTERP_SIDESTEP_SPEED) f32(w, s->sidestep_speed);
        if (f & ACP_INTERP_TURN_SPEED) f32(w, s->turn_speed);
        for (uint32_t i = 0; i < n; i++) item(w, &s->items[i]);
        align4(w);
        if (m->flags & ACP_MOVE_FLAG_STICKY) u32(w, m->sticky_object);
        break;
    }
    case ACP_MOVE_TO_OBJECT:
    case ACP_MOVE_TO_POSITION:
        if (m->type == ACP_MOVE_TO_OBJECT) u32(w, m->target);
        u32(w, m->origin.cell); /* the origin only (Position::PackOrigin: no rotation) */
        vec3(w, m->origin.origin);
        u32(w, m->moveto.flags);
        f32(w, m->moveto.distance_to_object); f32(w, m->moveto.min_distance);
        f32(w, m->moveto.fail_distance); f32(w, m->moveto.speed);
        f32(w, m->moveto.walk_run_threshold); f32(w, m->moveto.desired_heading);
        f32(w, m->run_rate);
        break;
    case ACP_MOVE_TURN_TO_OBJECT:
    case ACP_MOVE_TURN_TO_HEADING:
        if (m->type == ACP_MOVE_TURN_TO_OBJECT) {
            u32(w, m->target);
            f32(w, m->desired_heading);
        }
        u32(w, m->turnto.flags); f32(w, m->turnto.speed); f32(w, m->turnto.desired_heading);
        break;
    default:
        break; /* the decoder refuses it at the type */
    }
}

static void create_object(wbuf *w, const acp_msg_create_object *m)
{
    u32(w, m->guid);
    u8(w, 0x11); u8(w, 0); u8(w, 0); u8(w, 0); /* model data: no entries */
    uint32_t f = m->flags;
    u32(w, f);
    u32(w, m->state);
    if (f & ACP_PD_MOVEMENT) {
        if (m->has_movement) {
            size_t len_at = w->pos;
            u32(w, 0);
            movement(w, &m->movement);
            uint32_t len = (uint32_t)(w->pos - len_at - 4);
            if (len_at + 4 <= w->cap) acp_put_u32(w->p + len_at, len);
            u32(w, m->movement_autonomous ? 1u : 0u);
        } else {
            u32(w, 0);
        }
    } else if (f & ACP_PD_ANIMATION_FRAME) {
        u32(w, m->placement);
    }
    if (f & ACP_PD_POSITION) position(w, &m->position);
    if (f & ACP_PD_MTABLE) u32(w, m->mtable);
    if (f & ACP_PD_STABLE) u32(w, m->stable);
    if (f & ACP_PD_PETABLE) u32(w, m->petable);
    if (f & ACP_PD_SETUP) u32(w, m->setup);
    if (f & ACP_PD_PARENT) { u32(w, m->parent); u32(w, m->parent_location); }
    if (f & ACP_PD_CHILDREN) {
        uint32_t n = m->child_count > ACP_MSG_MAX_CHILDREN ? ACP_MSG_MAX_CHILDREN : m->child_count;
        u32(w, n);
        for (uint32_t i = 0; i < n; i++) { u32(w, m->children[i]); u32(w, m->child_locations[i]); }
    }
    if (f & ACP_PD_SCALE) f32(w, m->scale);
    if (f & ACP_PD_FRICTION) f32(w, m->friction);
    if (f & ACP_PD_ELASTICITY) f32(w, m->elasticity);
    if (f & ACP_PD_TRANSLUCENCY) f32(w, m->translucency);
    if (f & ACP_PD_VELOCITY) vec3(w, m->velocity);
    if (f & ACP_PD_ACCELERATION) vec3(w, m->acceleration);
    if (f & ACP_PD_OMEGA) vec3(w, m->omega);
    if (f & ACP_PD_DEFAULT_SCRIPT) u32(w, m->default_script);
    if (f & ACP_PD_DEFAULT_SCRIPT_INTENSITY) f32(w, m->default_script_intensity);
    for (int i = 0; i < 9; i++) u16(w, m->timestamps[i]);
    align4(w);
}

static void skill(wbuf *w, uint32_t id, const acp_net_skill *s)
{
    u32(w, id);
    u16(w, s->ranks); u16(w, s->adjust);
    u32(w, s->advancement_class); u32(w, s->xp); u32(w, s->init_level); u32(w, s->resistance);
    f64(w, s->last_used);
}

static void player_description(wbuf *w, const acp_msg_player_description *m)
{
    u32(w, 0); /* no property tables */
    u32(w, 0); /* weenie type */
    u32(w, 0x3); /* attributes and skills */
    u32(w, 0); /* has health */
    uint32_t af = 0;
    for (unsigned i = 0; i < 6; i++) if (m->attributes[i].present) af |= 1u << i;
    u32(w, af);
    for (unsigned i = 0; i < 6; i++) {
        if (!m->attributes[i].present) continue;
        u32(w, m->attributes[i].ranks); u32(w, m->attributes[i].start); u32(w, m->attributes[i].xp);
    }
    u16(w, (uint16_t)(m->run.present + m->jump.present));
    u16(w, 32);
    if (m->jump.present) skill(w, ACP_SKILL_JUMP, &m->jump);
    if (m->run.present) skill(w, ACP_SKILL_RUN, &m->run);
}

static void action(wbuf *w, const acp_game_msg *m, uint32_t op)
{
    u32(w, ACP_OP_GAME_ACTION);
    u32(w, m->sequence);
    u32(w, op);
}

static bool body(wbuf *w, const acp_game_msg *m)
{
    switch (m->kind) {
    case ACP_MSG_MOVE_TO_STATE: {
        const acp_msg_move_to_state *x = &m->u.move_to_state;
        action(w, m, ACP_OP_MOVE_TO_STATE);
        raw_state(w, &x->raw);
        position(w, &x->position);
        sequences(w, &x->seq);
        u8(w, (uint8_t)((x->contact ? 1 : 0) | (x->standing_long_jump ? 2 : 0)));
        align4(w);
        return true;
    }
    case ACP_MSG_AUTONOMOUS_POSITION: {
        const acp_msg_autonomous_position *x = &m->u.autonomous_position;
        action(w, m, ACP_OP_AUTONOMOUS_POSITION);
        position(w, &x->position);
        sequences(w, &x->seq);
        u8(w, x->contact ? 1 : 0);
        align4(w);
        return true;
    }
    case ACP_MSG_JUMP: {
        const acp_msg_jump *x = &m->u.jump;
        action(w, m, ACP_OP_JUMP);
        f32(w, x->extent);
        vec3(w, x->velocity);
        position(w, &x->position);
        sequences(w, &x->seq);
        return true;
    }
    case ACP_MSG_CREATE_OBJECT:
        u32(w, ACP_OP_CREATE_OBJECT);
        create_object(w, &m->u.create_object);
        return true;
    case ACP_MSG_PLAYER_CREATE:
        u32(w, ACP_OP_PLAYER_CREATE);
        u32(w, m->u.player_create.guid);
        return true;
    case ACP_MSG_UPDATE_POSITION: {
        const acp_msg_update_position *x = &m->u.update_position;
        u32(w, ACP_OP_UPDATE_POSITION);
        u32(w, x->guid);
        u32(w, x->flags);
        u32(w, x->position.cell);
        vec3(w, x->position.origin);
        if (!(x->flags & ACP_UPOS_NO_QW)) f32(w, x->position.qw);
        if (!(x->flags & ACP_UPOS_NO_QX)) f32(w, x->position.qx);
        if (!(x->flags & ACP_UPOS_NO_QY)) f32(w, x->position.qy);
        if (!(x->flags & ACP_UPOS_NO_QZ)) f32(w, x->position.qz);
        if (x->flags & ACP_UPOS_VELOCITY) vec3(w, x->velocity);
        if (x->flags & ACP_UPOS_PLACEMENT) u32(w, x->placement);
        u16(w, x->instance_seq); u16(w, x->position_seq); u16(w, x->teleport_seq); u16(w, x->force_position_seq);
        return true;
    }
    case ACP_MSG_UPDATE_MOTION: {
        const acp_msg_update_motion *x = &m->u.update_motion;
        u32(w, ACP_OP_UPDATE_MOTION);
        u32(w, x->guid);
        u16(w, x->instance_seq); u16(w, x->movement_seq); u16(w, x->server_control_seq);
        u8(w, x->autonomous ? 1 : 0);
        align4(w);
        movement(w, &x->movement);
        return true;
    }
    case ACP_MSG_VECTOR_UPDATE: {
        const acp_msg_vector_update *x = &m->u.vector_update;
        u32(w, ACP_OP_VECTOR_UPDATE);
        u32(w, x->guid);
        vec3(w, x->velocity);
        vec3(w, x->omega);
        u16(w, x->instance_seq); u16(w, x->vector_seq);
        return true;
    }
    case ACP_MSG_SET_STATE: {
        const acp_msg_set_state *x = &m->u.set_state;
        u32(w, ACP_OP_SET_STATE);
        u32(w, x->guid); u32(w, x->state);
        u16(w, x->instance_seq); u16(w, x->state_seq);
        return true;
    }
    case ACP_MSG_PLAYER_TELEPORT:
        u32(w, ACP_OP_PLAYER_TELEPORT);
        u16(w, m->u.player_teleport.teleport_seq);
        align4(w);
        return true;
    case ACP_MSG_PARENT_EVENT: {
        const acp_msg_parent_event *x = &m->u.parent_event;
        u32(w, ACP_OP_PARENT_EVENT);
        u32(w, x->parent); u32(w, x->child); u32(w, x->location); u32(w, x->placement);
        u16(w, x->parent_instance_seq); u16(w, x->child_position_seq);
        return true;
    }
    case ACP_MSG_PLAYER_DESCRIPTION:
        u32(w, ACP_OP_GAME_EVENT);
        u32(w, m->u.player_description.guid);
        u32(w, m->sequence);
        u32(w, ACP_EVENT_PLAYER_DESCRIPTION);
        player_description(w, &m->u.player_description);
        return true;
    default:
        return false;
    }
}

size_t acp_msg_encode(const acp_game_msg *m, uint8_t *buf, size_t cap, size_t *needed)
{
    wbuf w = {buf, buf ? cap : 0, 0};
    if (needed) *needed = 0;
    if (!m || !body(&w, m)) return 0;
    if (needed) *needed = w.pos;
    return w.pos <= w.cap ? w.pos : 0;
}
