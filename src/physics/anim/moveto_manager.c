/* acphys — retail MoveToManager and the MovementParameters it reads. See moveto_manager.h.
 * Read against PORTAL/canim/CMoveToManager.c and CMovementDefs.c: every comparison, constant
 * and float store as there. */
#include "moveto_manager.h"

#include <float.h>
#include <math.h>
#include <string.h>

#include "physics/geometry/mathx.h"
#include "physics/object/physobj.h"
#include "physics/object/physobj_motion.h"
#include "physics/object/physobj_position.h"
#include "physics/object/physobj_target.h"
#include "physics/object/target_manager.h"
#include "physics/world/physics.h"

#define EPS ACP_F_EPSILON

/* ---- headings and MovementParameters ---- */

bool acp_heading_greater(float x, float y, uint32_t motion)
{
    bool less_or_equal = fabs((double)x - y) <= 180.0 ? (double)x <= (double)y : (double)y <= (double)x;
    return motion != ACP_MOTION_TURN_RIGHT ? less_or_equal : !less_or_equal;
}

double acp_heading_diff(float x, float y, uint32_t motion)
{
    double r = (double)x - y;
    if (fabs(r) < EPS) r = 0.0;
    if (r < -EPS) r = r + 360.0;
    if (r > EPS && motion != ACP_MOTION_TURN_RIGHT) r = 360.0 - r;
    return r;
}

/* MovementParameters::towards_and_away (0x0052A9A0). */
static void towards_and_away(const acp_movement_params *p, float d, uint32_t *command, bool *away)
{
    if ((double)d > (double)p->distance_to_object) {
        *command = ACP_MOTION_WALK_FORWARD;
        *away = false;
    } else if ((double)d - p->min_distance >= EPS) {
        *command = 0;
    } else {
        *command = ACP_MOTION_WALK_BACKWARDS;
        *away = true;
    }
}

void acp_movement_params_get_command(const acp_movement_params *p, float d, float curr_heading, uint32_t *command,
                                     uint32_t *key, bool *moving_away)
{
    (void)curr_heading; /* retail takes it and does not read it */
    uint32_t b = p->bitfield;
    bool towards = (b & ACP_MP_MOVE_TOWARDS) != 0, away = (b & ACP_MP_MOVE_AWAY) != 0;
    if (towards && away) {
        towards_and_away(p, d, command, moving_away);
    } else if (!away || towards) {
        if ((double)d > (double)p->distance_to_object) {
            *command = ACP_MOTION_WALK_FORWARD;
            *moving_away = false;
        } else {
            *command = 0;
        }
    } else if ((double)d < (double)p->min_distance) {
        *command = ACP_MOTION_WALK_FORWARD;
        *moving_away = true;
    } else {
        *command = 0;
    }
    bool run = (b & ACP_MP_CAN_CHARGE) ||
               ((b & ACP_MP_CAN_RUN) && (!(b & ACP_MP_CAN_WALK) ||
                                         (double)d - p->distance_to_object > (double)p->walk_run_threshhold));
    *key = run ? ACP_HOLD_KEY_RUN : ACP_HOLD_KEY_NONE;
}

/* MovementParameters::get_desired_heading (0x0052AAD0): 180 when the command walks the other
 * way from where the object is going. */
static double desired_heading(uint32_t command, bool moving_away)
{
    if (command == ACP_MOTION_RUN_FORWARD || command == ACP_MOTION_WALK_FORWARD) return moving_away ? 180.0 : 0.0;
    if (command == ACP_MOTION_WALK_BACKWARDS) return moving_away ? 0.0 : 180.0;
    return 0.0;
}

/* ---- the manager ---- */

static double now_of(const acp_moveto_manager *m) { return m->physics_obj->world->now; }

/* MoveToManager::InitializeLocalVariables (0x00529250). */
static void init_locals(acp_moveto_manager *m)
{
    double now = now_of(m);
    m->movement_type = ACP_MOVETO_NONE;
    m->movement_params.bitfield = 0;
    m->movement_params.context_id = 0;
    m->previous_distance = FLT_MAX;
    m->previous_distance_time = now;
    m->original_distance = FLT_MAX;
    m->original_distance_time = now;
    m->previous_heading = 0.0f;
    m->fail_progress_count = 0;
    m->current_command = 0;
    m->aux_command = 0;
    m->moving_away = false;
    m->initialized = false;
    m->sought_position = (acp_position){0, acp_frame_identity()};
    m->current_target_position = (acp_position){0, acp_frame_identity()};
    m->sought_object_id = 0;
    m->top_level_object_id = 0;
    m->sought_object_radius = 0.0f;
    m->sought_object_height = 0.0f;
}

void acp_moveto_manager_init(acp_moveto_manager *m, struct acp_physobj *obj)
{
    memset(m, 0, sizeof *m);
    m->physics_obj = obj;
    m->starting_position = (acp_position){0, acp_frame_identity()};
    m->movement_params = acp_movement_params_default();
    init_locals(m);
}

bool acp_moveto_manager_is_moving_to(const acp_moveto_manager *m) { return m->movement_type != ACP_MOVETO_NONE; }

static void add_node(acp_moveto_manager *m, uint32_t type, float heading)
{
    if (m->num_nodes >= ACP_MOVETO_MAX_NODES) return; /* never: at most three are queued */
    m->nodes[m->num_nodes++] = (acp_moveto_node){type, heading};
}

/* MoveToManager::RemovePendingActionsHead (0x00529380). */
static void remove_head(acp_moveto_manager *m)
{
    if (!m->num_nodes) return;
    memmove(&m->nodes[0], &m->nodes[1], (m->num_nodes - 1u) * sizeof m->nodes[0]);
    m->num_nodes--;
}

/* The parameters every motion of the manager is issued with: the defaults, its speed and hold
 * key, never cancelling the move-to itself. */
static acp_movement_params motion_params(const acp_moveto_manager *m, bool with_speed)
{
    acp_movement_params p = acp_movement_params_default();
    p.hold_key_to_apply = m->movement_params.hold_key_to_apply;
    p.bitfield &= ~(uint32_t)ACP_MP_CANCEL_MOVETO;
    if (with_speed) p.speed = m->movement_params.speed;
    return p;
}

/* MoveToManager::_DoMotion (0x00529010) / _StopMotion (0x00529080). */
static uint32_t do_motion(acp_moveto_manager *m, uint32_t motion, acp_movement_params *p, bool stop)
{
    acp_physobj *obj = m->physics_obj;
    if (!obj) return ACP_MOVETO_ERR_NO_PHYSICS_OBJECT;
    acp_motion_interp *mi = acp_physobj_get_minterp(obj);
    if (!mi) return 11;
    acp_motion_interp_adjust_motion(mi, &motion, &p->speed, p->hold_key_to_apply);
    return stop ? acp_motion_interp_stop_interpreted_motion(mi, motion, p) : acp_motion_interp_do_interpreted_motion(mi, motion, p);
}

/* MoveToManager::CleanUp (0x005295C0). */
static void clean_up(acp_moveto_manager *m)
{
    acp_movement_params p = motion_params(m, false);
    if (m->physics_obj) {
        if (m->current_command) do_motion(m, m->current_command, &p, true);
        if (m->aux_command) do_motion(m, m->aux_command, &p, true);
        if (m->top_level_object_id && m->movement_type) acp_physobj_clear_target(m->physics_obj);
    }
    init_locals(m);
}

void acp_moveto_manager_cancel(acp_moveto_manager *m, uint32_t reason)
{
    if (!m->movement_type) return;
    m->last_cancel = reason;
    m->num_nodes = 0;
    clean_up(m);
    if (m->physics_obj) acp_physobj_stop_completely(m->physics_obj);
}

/* Position::cylinder_distance (0x005A97F0): the gap between two upright cylinders (negative when
 * they overlap), through the nearer of the horizontal and vertical gaps. */
static double cylinder_distance(float r1, float h1, const acp_position *p1, float r2, float h2, const acp_position *p2)
{
    acp_vec3 o = acp_position_get_offset(p1, p2);
    float horiz = (float)(sqrt((double)o.x * o.x + (double)o.y * o.y + (double)o.z * o.z) - ((double)r1 + r2));
    double low, top;
    if ((double)p1->frame.origin.z <= (double)p2->frame.origin.z) {
        low = p2->frame.origin.z;
        top = (double)p1->frame.origin.z + h1;
    } else {
        low = p1->frame.origin.z;
        top = (double)p2->frame.origin.z + h2;
    }
    double vert = low - top;
    if (vert <= 0.0) return horiz <= 0.0f ? -sqrt(vert * vert + (double)horiz * horiz) : (double)horiz;
    return horiz > 0.0f ? sqrt(vert * vert + (double)horiz * horiz) : vert;
}

/* MoveToManager::GetCurrentDistance (0x005291B0). */
static float current_distance(const acp_moveto_manager *m)
{
    const acp_physobj *obj = m->physics_obj;
    if (!obj) return FLT_MAX;
    if (m->movement_params.bitfield & ACP_MP_USE_SPHERES)
        return (float)cylinder_distance((float)acp_physobj_get_radius(obj), (float)acp_physobj_get_height(obj),
                                        &obj->position, m->sought_object_radius, m->sought_object_height,
                                        &m->current_target_position);
    return (float)acp_position_distance(&obj->position, &m->current_target_position);
}

/* MoveToManager::CheckProgressMade (0x005290F0): at least 0.25 m/s since the last check (once a
 * second) and since the start. */
static bool progress_made(acp_moveto_manager *m, float d)
{
    double now = now_of(m);
    double dt = now - m->previous_distance_time;
    if (!(dt > 1.0)) return true;
    double step = m->moving_away ? (double)d - m->previous_distance : (double)m->previous_distance - d;
    if (step / dt < 0.25) return false;
    m->previous_distance = d;
    m->previous_distance_time = now;
    double total = m->moving_away ? (double)d - m->original_distance : (double)m->original_distance - d;
    return !(total / (now - m->original_distance_time) < 0.25);
}

/* Heading (degrees) from the object to the target, relative to its own, in [0, 360). */
static float relative_heading(const acp_moveto_manager *m, const acp_position *to)
{
    float own = (float)acp_frame_get_heading(&m->physics_obj->position.frame);
    double d = acp_vec3_get_heading(acp_position_get_offset(&m->physics_obj->position, to)) - own;
    float h = (float)d;
    if (fabs(d) < EPS) h = 0.0f;
    if (-EPS > (double)h) h = (float)((double)h + 360.0);
    return h;
}

/* Position::heading (0x005A9520): the bearing (degrees) from the object to `to`, in double. */
static double bearing_to(const acp_moveto_manager *m, const acp_position *to)
{
    return acp_vec3_get_heading(acp_position_get_offset(&m->physics_obj->position, to));
}

/* The bearing where a caller stores it to a float at once. */
static float heading_to(const acp_moveto_manager *m, const acp_position *to) { return (float)bearing_to(m, to); }

static void begin_next_node(acp_moveto_manager *m);

/* MoveToManager::BeginMoveForward (0x00529A00). */
static void begin_move_forward(acp_moveto_manager *m)
{
    if (!m->physics_obj) {
        acp_moveto_manager_cancel(m, ACP_MOVETO_ERR_NO_PHYSICS_OBJECT);
        return;
    }
    float d = current_distance(m);
    float h = relative_heading(m, &m->current_target_position);
    uint32_t motion = 0, key = 0;
    bool away = false;
    acp_movement_params_get_command(&m->movement_params, d, h, &motion, &key, &away);
    if (!motion) {
        remove_head(m);
        begin_next_node(m);
        return;
    }
    acp_movement_params p = acp_movement_params_default();
    p.hold_key_to_apply = key;
    p.bitfield &= ~(uint32_t)ACP_MP_CANCEL_MOVETO;
    p.speed = m->movement_params.speed;
    uint32_t r = do_motion(m, motion, &p, false);
    if (r) {
        acp_moveto_manager_cancel(m, r);
        return;
    }
    m->current_command = motion;
    m->moving_away = away;
    m->movement_params.hold_key_to_apply = key;
    m->previous_distance = d;
    m->previous_distance_time = now_of(m);
    m->original_distance = d;
    m->original_distance_time = now_of(m);
}

/* MoveToManager::BeginTurnToHeading (0x00529B90). */
static void begin_turn_to_heading(acp_moveto_manager *m)
{
    if (!m->num_nodes || !m->physics_obj) {
        acp_moveto_manager_cancel(m, ACP_MOVETO_ERR_NO_PHYSICS_OBJECT);
        return;
    }
    if (acp_physobj_motions_pending(m->physics_obj)) return;
    float own = (float)acp_frame_get_heading(&m->physics_obj->position.frame);
    double diff = acp_heading_diff(m->nodes[0].heading, own, ACP_MOTION_TURN_RIGHT);
    uint32_t motion;
    if (diff <= 180.0) {
        if (!(diff > EPS)) {
            remove_head(m);
            begin_next_node(m);
            return;
        }
        motion = ACP_MOTION_TURN_RIGHT;
    } else {
        if (diff + EPS >= 360.0) {
            remove_head(m);
            begin_next_node(m);
            return;
        }
        motion = ACP_MOTION_TURN_LEFT;
    }
    acp_movement_params p = motion_params(m, true);
    uint32_t r = do_motion(m, motion, &p, false);
    if (r) {
        acp_moveto_manager_cancel(m, r);
        return;
    }
    m->current_command = motion;
    m->previous_heading = (float)diff;
}

/* MoveToManager::BeginNextNode (0x00529CB0): the head action, or the end (a sticky move-to
 * sticks to its object). */
static void begin_next_node(acp_moveto_manager *m)
{
    if (m->num_nodes) {
        if (m->nodes[0].type == ACP_MOVETO_POSITION) begin_move_forward(m);
        else if (m->nodes[0].type == ACP_TURNTO_HEADING) begin_turn_to_heading(m);
        return;
    }
    acp_physobj *obj = m->physics_obj;
    if (!(m->movement_params.bitfield & ACP_MP_STICKY)) {
        clean_up(m);
        if (obj) acp_physobj_stop_completely(obj);
        return;
    }
    float height = m->sought_object_height, radius = m->sought_object_radius;
    uint32_t id = m->top_level_object_id;
    clean_up(m);
    if (obj) {
        acp_physobj_stop_completely(obj);
        acp_physobj_stick_to(obj, id, radius, height);
    }
}

void acp_moveto_manager_hit_ground(acp_moveto_manager *m)
{
    if (m->movement_type) begin_next_node(m);
}

/* The sidestep-free steering of HandleMoveToPosition: a turn (aux_command) while the target is
 * more than 20 degrees off the way the command walks. */
static void steer(acp_moveto_manager *m, acp_movement_params *p)
{
    acp_physobj *obj = m->physics_obj;
    float to = heading_to(m, &m->current_target_position);
    double want = desired_heading(m->current_command, m->moving_away) + to;
    float w = (float)want;
    if (want >= 360.0) w = (float)((double)w - 360.0);
    double off = (double)w - acp_frame_get_heading(&obj->position.frame); /* the double get_heading */
    if (fabs(off) < EPS) off = 0.0;
    if (off < -EPS) off = off + 360.0;
    if (off <= 20.0 || off >= 360.0 - 20.0) {
        if (!m->aux_command) return;
        do_motion(m, m->aux_command, p, true);
        m->aux_command = 0;
        return;
    }
    uint32_t turn = off >= 180.0 ? ACP_MOTION_TURN_LEFT : ACP_MOTION_TURN_RIGHT;
    if (turn == m->aux_command) return;
    do_motion(m, turn, p, false);
    m->aux_command = turn;
}

/* Arrived: drop the node, stop walking and turning, go on. */
static void arrive(acp_moveto_manager *m, acp_movement_params *p)
{
    remove_head(m);
    do_motion(m, m->current_command, p, true);
    m->current_command = 0;
    if (m->aux_command) {
        do_motion(m, m->aux_command, p, true);
        m->aux_command = 0;
    }
    begin_next_node(m);
}

/* The tail of HandleMoveToPosition while moving to an object: the time to get there at the
 * object's speed (|cached_velocity| > 0.1 m/s) becomes the target quantum when it differs from
 * the current one by more than 1 s, so the target extrapolates its position that far ahead. */
static void update_target_quantum(acp_moveto_manager *m, float d)
{
    if (!m->top_level_object_id || !m->movement_type) return;
    acp_physobj *obj = m->physics_obj;
    acp_vec3 v = obj->cached_velocity;
    double speed = sqrt((double)v.x * v.x + (double)v.y * v.y + (double)v.z * v.z);
    if (!(speed > ACP_MOVETO_QUANTUM_MIN_SPEED)) return;
    double t = (double)d / speed;
    if (fabs(t - acp_physobj_get_target_quantum(obj)) > ACP_MOVETO_QUANTUM_CHANGE) acp_physobj_set_target_quantum(obj, t);
}

/* MoveToManager::HandleMoveToPosition (0x00529D80). */
static void handle_move_to_position(acp_moveto_manager *m)
{
    acp_physobj *obj = m->physics_obj;
    if (!obj) {
        acp_moveto_manager_cancel(m, ACP_MOVETO_ERR_NO_PHYSICS_OBJECT);
        return;
    }
    acp_movement_params p = motion_params(m, true);
    if (acp_physobj_motions_pending(obj)) {
        if (m->aux_command) {
            do_motion(m, m->aux_command, &p, true);
            m->aux_command = 0;
        }
    } else {
        steer(m, &p);
    }
    float d = current_distance(m);
    if (!progress_made(m, d)) {
        if (!acp_physobj_is_interpolating(obj) && !acp_physobj_motions_pending(obj)) m->fail_progress_count++;
    } else {
        m->fail_progress_count = 0;
        bool arrived = m->moving_away ? !((double)d < (double)m->movement_params.min_distance)
                                      : (double)d <= (double)m->movement_params.distance_to_object;
        if (arrived)
            arrive(m, &p);
        else if (acp_position_distance(&m->starting_position, &obj->position) > (double)m->movement_params.fail_distance)
            acp_moveto_manager_cancel(m, ACP_MOVETO_ERR_TOO_FAR);
    }
    update_target_quantum(m, d);
}

/* MoveToManager::HandleTurnToHeading (0x0052A0C0): on passing the heading, snap to it. */
static void handle_turn_to_heading(acp_moveto_manager *m)
{
    acp_physobj *obj = m->physics_obj;
    if (!obj) {
        acp_moveto_manager_cancel(m, ACP_MOVETO_ERR_NO_PHYSICS_OBJECT);
        return;
    }
    uint32_t cmd = m->current_command;
    if (cmd != ACP_MOTION_TURN_LEFT && cmd != ACP_MOTION_TURN_RIGHT) {
        begin_turn_to_heading(m);
        return;
    }
    float curr = (float)acp_frame_get_heading(&obj->position.frame);
    float goal = m->nodes[0].heading;
    if (acp_heading_greater(curr, goal, cmd)) {
        m->fail_progress_count = 0;
        acp_physobj_set_heading(obj, goal);
        remove_head(m);
        acp_movement_params p = motion_params(m, false);
        do_motion(m, cmd, &p, true);
        m->current_command = 0;
        begin_next_node(m);
        return;
    }
    double turned = acp_heading_diff(curr, m->previous_heading, cmd);
    m->previous_heading = curr;
    if (turned >= 180.0 || turned <= EPS) {
        if (!acp_physobj_is_interpolating(obj) && !acp_physobj_motions_pending(obj)) m->fail_progress_count++;
    } else {
        m->fail_progress_count = 0;
    }
}

void acp_moveto_manager_use_time(acp_moveto_manager *m)
{
    const acp_physobj *obj = m->physics_obj;
    if (!obj || !(obj->transient_state & ACP_CONTACT_TS) || !m->num_nodes) return;
    if (m->top_level_object_id && m->movement_type && !m->initialized) return;
    if (m->nodes[0].type == ACP_MOVETO_POSITION) handle_move_to_position(m);
    else if (m->nodes[0].type == ACP_TURNTO_HEADING) handle_turn_to_heading(m);
}

static void take_params(acp_moveto_manager *m, const acp_movement_params *params)
{
    m->movement_params = *params;
    m->movement_params.bitfield &= ~(uint32_t)ACP_MP_STICKY;
}

void acp_moveto_manager_move_to_position(acp_moveto_manager *m, const acp_position *p, const acp_movement_params *params)
{
    acp_physobj *obj = m->physics_obj;
    if (!obj) return;
    acp_physobj_stop_completely(obj);
    m->current_target_position = *p;
    m->sought_object_radius = 0.0f;
    float d = current_distance(m);
    float h = relative_heading(m, p);
    uint32_t command = 0, key = 0;
    bool away = false;
    acp_movement_params_get_command(params, d, h, &command, &key, &away);
    if (command) {
        add_node(m, ACP_TURNTO_HEADING, heading_to(m, p));
        add_node(m, ACP_MOVETO_POSITION, 0.0f);
    }
    if (params->bitfield & ACP_MP_USE_FINAL_HEADING) add_node(m, ACP_TURNTO_HEADING, params->desired_heading);
    m->sought_position = *p;
    m->starting_position = obj->position;
    m->movement_type = ACP_MOVETO_POSITION;
    take_params(m, params);
    begin_next_node(m);
}

void acp_moveto_manager_turn_to_heading(acp_moveto_manager *m, const acp_movement_params *params)
{
    acp_physobj *obj = m->physics_obj;
    if (!obj) return;
    if (params->bitfield & ACP_MP_STOP_COMPLETELY) acp_physobj_stop_completely(obj);
    take_params(m, params);
    acp_frame_set_heading(&m->sought_position.frame, params->desired_heading);
    m->movement_type = ACP_TURNTO_HEADING;
    add_node(m, ACP_TURNTO_HEADING, params->desired_heading);
    begin_next_node(m);
}

/* MoveToManager::MoveToObject_Internal (0x0052A400). */
static void move_to_object_internal(acp_moveto_manager *m, const acp_position *target, const acp_position *interpolated)
{
    m->sought_position = *interpolated;
    m->current_target_position = *target;
    float to = heading_to(m, interpolated);
    float d = current_distance(m);
    double rel = (double)to - acp_frame_get_heading(&m->physics_obj->position.frame); /* double, unstored */
    float h = (float)rel;
    if (fabs(rel) < EPS) h = 0.0f;
    if (-EPS > (double)h) h = (float)((double)h + 360.0);
    uint32_t command = 0, key = 0;
    bool away = false;
    acp_movement_params_get_command(&m->movement_params, d, h, &command, &key, &away);
    if (command) {
        add_node(m, ACP_TURNTO_HEADING, to);
        add_node(m, ACP_MOVETO_POSITION, 0.0f);
    }
    if (m->movement_params.bitfield & ACP_MP_USE_FINAL_HEADING) {
        double fin = (double)to + m->movement_params.desired_heading;
        float f = (float)fin;
        if (fin >= 360.0) f = (float)((double)f - 360.0);
        add_node(m, ACP_TURNTO_HEADING, f);
    }
    m->initialized = true;
    begin_next_node(m);
}

/* MoveToManager::TurnToObject_Internal (0x0052A550): the bearing (double, Position::heading)
 * plus the float heading of sought_position, stored to a float only after the fmod. */
static void turn_to_object_internal(acp_moveto_manager *m, const acp_position *target)
{
    m->current_target_position = *target;
    float offset = (float)acp_frame_get_heading(&m->sought_position.frame);
    float h = (float)acp_fmod(bearing_to(m, &m->current_target_position) + offset, 360.0);
    acp_frame_set_heading(&m->sought_position.frame, h);
    add_node(m, ACP_TURNTO_HEADING, h);
    m->initialized = true;
    begin_next_node(m);
}

void acp_moveto_manager_move_to_object(acp_moveto_manager *m, uint32_t object_id, uint32_t top_level_id,
                                       const acp_movement_params *params)
{
    acp_physobj *obj = m->physics_obj;
    if (!obj) return;
    const acp_physobj *target = acp_world_object(obj->world, object_id);
    acp_physobj_stop_completely(obj);
    m->starting_position = obj->position;
    m->sought_object_id = object_id;
    m->sought_object_radius = target ? (float)acp_physobj_get_radius(target) : 0.0f;
    m->sought_object_height = target ? (float)acp_physobj_get_height(target) : 0.0f;
    m->movement_type = ACP_MOVETO_OBJECT;
    m->top_level_object_id = top_level_id;
    m->movement_params = *params;
    m->initialized = false;
    if (top_level_id == obj->id) {
        clean_up(m);
        acp_physobj_stop_completely(obj);
        return;
    }
    acp_physobj_set_target(obj, 0, m->top_level_object_id, ACP_MOVETO_TARGET_RADIUS, 0.0);
}

void acp_moveto_manager_turn_to_object(acp_moveto_manager *m, uint32_t object_id, uint32_t top_level_id,
                                       const acp_movement_params *params)
{
    acp_physobj *obj = m->physics_obj;
    if (!obj) return;
    if (params->bitfield & ACP_MP_STOP_COMPLETELY) acp_physobj_stop_completely(obj);
    m->movement_type = ACP_TURNTO_OBJECT;
    m->sought_object_id = object_id;
    acp_frame_set_heading(&m->current_target_position.frame, params->desired_heading);
    m->top_level_object_id = top_level_id;
    m->movement_params = *params;
    if (top_level_id == obj->id) {
        clean_up(m);
        acp_physobj_stop_completely(obj);
        return;
    }
    m->initialized = false;
    acp_physobj_set_target(obj, 0, top_level_id, ACP_MOVETO_TARGET_RADIUS, 0.0);
}

/* MoveToManager::CleanUpAndCallWeenie (0x00529650): no weenie is told in this build's client. */
static void clean_up_and_call_weenie(acp_moveto_manager *m)
{
    clean_up(m);
    if (m->physics_obj) acp_physobj_stop_completely(m->physics_obj);
}

/* A moving target re-aims a running move to an object (the progress clocks restart); a turn to
 * an object keeps the heading it took from the first answer. */
static void retarget(acp_moveto_manager *m, const acp_target_info *info)
{
    if (m->movement_type != ACP_MOVETO_OBJECT) return;
    double now = now_of(m);
    m->sought_position = info->interpolated_position;
    m->current_target_position = info->target_position;
    m->previous_distance = FLT_MAX;
    m->previous_distance_time = now;
    m->original_distance = FLT_MAX;
    m->original_distance_time = now;
}

void acp_moveto_manager_handle_update_target(acp_moveto_manager *m, const acp_target_info *info)
{
    acp_physobj *obj = m->physics_obj;
    if (!obj) {
        acp_moveto_manager_cancel(m, ACP_MOVETO_ERR_NO_PHYSICS_OBJECT);
        return;
    }
    if (m->top_level_object_id != info->object_id) return;
    if (m->initialized) {
        if (info->status == ACP_TARGET_OK) retarget(m, info);
        else acp_moveto_manager_cancel(m, ACP_MOVETO_ERR_OBJECT_GONE);
        return;
    }
    if (m->top_level_object_id == obj->id) {
        m->sought_position = obj->position;
        m->current_target_position = obj->position;
        clean_up_and_call_weenie(m);
        return;
    }
    if (info->status != ACP_TARGET_OK) {
        acp_moveto_manager_cancel(m, ACP_MOVETO_ERR_NO_OBJECT);
        return;
    }
    if (m->movement_type == ACP_MOVETO_OBJECT) move_to_object_internal(m, &info->target_position, &info->interpolated_position);
    else if (m->movement_type == ACP_TURNTO_OBJECT) turn_to_object_internal(m, &info->target_position);
}

uint32_t acp_moveto_manager_perform_movement(acp_moveto_manager *m, uint32_t type, uint32_t object_id,
                                             uint32_t top_level_id, const acp_position *pos,
                                             const acp_movement_params *params)
{
    acp_moveto_manager_cancel(m, ACP_MOVETO_ERR_ACTION_CANCELLED);
    acp_physobj_unstick_from_object(m->physics_obj);
    switch (type) {
    case ACP_MOVETO_OBJECT: acp_moveto_manager_move_to_object(m, object_id, top_level_id, params); break;
    case ACP_MOVETO_POSITION: acp_moveto_manager_move_to_position(m, pos, params); break;
    case ACP_TURNTO_OBJECT: acp_moveto_manager_turn_to_object(m, object_id, top_level_id, params); break;
    case ACP_TURNTO_HEADING: acp_moveto_manager_turn_to_heading(m, params); break;
    default: break;
    }
    return 0;
}
