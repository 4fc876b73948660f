/* acphys — retail InterpolationManager. See interpolation_manager.h.
 * Read against PORTAL/cpmanager/CInterpolationManager.c (every comparison, constant and float
 * store as there). */
#include "interpolation_manager.h"

#include <math.h>
#include <stddef.h>

#include "physics/object/physobj.h"
#include "physics/object/physobj_position.h"

void acp_interpolation_manager_init(acp_interpolation_manager *im, struct acp_physobj *obj)
{
    im->physics_obj = obj;
    im->head = 0;
    im->count = 0;
    im->keep_heading = false;
    im->frame_counter = 0;
    im->original_distance = ACP_INTERP_BIG_DISTANCE;
    im->progress_quantum = 0.0f;
    im->node_fail_counter = 0;
    im->blipto_position.objcell_id = 0;
    im->blipto_position.frame = acp_frame_identity();
}

acp_interp_node *acp_interpolation_manager_head(acp_interpolation_manager *im)
{
    return im->count ? &im->nodes[im->head] : NULL;
}

acp_interp_node *acp_interpolation_manager_tail(acp_interpolation_manager *im)
{
    return im->count ? &im->nodes[(im->head + im->count - 1) % ACP_INTERP_MAX_NODES] : NULL;
}

const acp_interp_node *acp_interpolation_manager_node(const acp_interpolation_manager *im, uint32_t i)
{
    return i < im->count ? &im->nodes[(im->head + i) % ACP_INTERP_MAX_NODES] : NULL;
}

/* The list's head removal: returns the removed node (its storage stays valid until the next push). */
static acp_interp_node *pop_head(acp_interpolation_manager *im)
{
    if (!im->count) return NULL;
    acp_interp_node *n = &im->nodes[im->head];
    im->head = (im->head + 1) % ACP_INTERP_MAX_NODES;
    im->count--;
    return n;
}

/* LListBase::RemoveTail (0x00555870). */
static void remove_tail(acp_interpolation_manager *im)
{
    if (im->count) im->count--;
}

acp_interp_node *acp_interpolation_manager_push(acp_interpolation_manager *im, uint32_t type, const acp_position *p)
{
    if (im->count == ACP_INTERP_MAX_NODES) pop_head(im);
    acp_interp_node *n = &im->nodes[(im->head + im->count) % ACP_INTERP_MAX_NODES];
    im->count++;
    n->type = type;
    n->p = *p;
    n->velocity = (acp_vec3){0.0f, 0.0f, 0.0f};
    return n;
}

void acp_interpolation_manager_stop_interpolating(acp_interpolation_manager *im)
{
    im->head = 0;
    im->count = 0;
    im->frame_counter = 0;
    im->progress_quantum = 0.0f;
    im->node_fail_counter = 0;
    im->original_distance = ACP_INTERP_BIG_DISTANCE;
}

void acp_interpolation_manager_node_completed(acp_interpolation_manager *im, bool success)
{
    acp_physobj *obj = im->physics_obj;
    if (!obj) return;
    im->frame_counter = 0;
    im->progress_quantum = 0.0f;
    const acp_interp_node *done = pop_head(im);
    const acp_interp_node *next = acp_interpolation_manager_head(im);
    if (next) {
        if (next->type == ACP_INTERP_POSITION_NODE) {
            im->original_distance = (float)acp_position_distance(&obj->position, &next->p);
        } else if (!success) {
            if (!done) return;
            im->blipto_position = done->p;
        }
        return;
    }
    im->original_distance = ACP_INTERP_BIG_DISTANCE;
    if (success) {
        acp_interpolation_manager_stop_interpolating(im);
    } else if (done) {
        im->blipto_position = done->p;
    }
}

/* A new position node at the tail; with keep_heading it takes the object's heading. */
static void queue_position(acp_interpolation_manager *im, const acp_position *p)
{
    acp_interp_node *n = acp_interpolation_manager_push(im, ACP_INTERP_POSITION_NODE, p);
    if (im->keep_heading) acp_frame_set_heading(&n->p.frame, (float)acp_frame_get_heading(&im->physics_obj->position.frame));
}

/* The near branch: drop tail position nodes within 0.05 m of p, the head while 20 are queued. */
static void queue_near(acp_interpolation_manager *im, const acp_position *p, bool keep_heading)
{
    for (;;) {
        const acp_interp_node *t = acp_interpolation_manager_tail(im);
        if (!t) break;
        if (t->type != ACP_INTERP_POSITION_NODE || acp_position_distance(&t->p, p) >= (double)ACP_INTERP_NODE_REACHED) break;
        remove_tail(im);
    }
    while (im->count >= ACP_INTERP_MAX_NODES) pop_head(im);
    im->keep_heading = keep_heading;
    queue_position(im, p);
}

void acp_interpolation_manager_interpolate_to(acp_interpolation_manager *im, const acp_position *p, bool keep_heading)
{
    acp_physobj *obj = im->physics_obj;
    if (!obj) return;
    const acp_interp_node *tail = acp_interpolation_manager_tail(im);
    const acp_position *from = tail && tail->type == ACP_INTERP_POSITION_NODE ? &tail->p : &obj->position;
    float dist = (float)acp_position_distance(from, p);
    if (acp_physobj_get_autonomy_blip_distance(obj) >= (double)dist) {
        if (acp_position_distance(&obj->position, p) > (double)ACP_INTERP_NODE_REACHED) {
            queue_near(im, p, keep_heading);
            return;
        }
        if (!keep_heading) acp_physobj_set_heading(obj, (float)acp_frame_get_heading(&p->frame));
        acp_interpolation_manager_stop_interpolating(im);
        return;
    }
    /* Too far to walk: queue it and let the next UseTime blip (the manager's old keep_heading). */
    queue_position(im, p);
    im->node_fail_counter = 4;
}

/* Position::subtract2 (0x00555A90): `to` in `from`'s axes, the origin through
 * Position::localtolocal (SmartBox.c) (0x004527F0) of the zero vector. */
static acp_frame position_subtract2(const acp_position *to, const acp_position *from)
{
    acp_frame r;
    acp_frame_subtract2(&r, &to->frame, &from->frame);
    const float *m = to->frame.m;
    float lx = (float)((double)m[3] * 0.0f + (double)m[0] * 0.0f + (double)m[6] * 0.0f + to->frame.origin.x);
    float ly = (float)((double)m[4] * 0.0f + (double)m[1] * 0.0f + (double)m[7] * 0.0f + to->frame.origin.y);
    float lz = (float)((double)m[5] * 0.0f + (double)m[2] * 0.0f + (double)m[8] * 0.0f + to->frame.origin.z);
    acp_vec3 in = acp_landdefs_get_block_offset(from->objcell_id, to->objcell_id);
    in.z = (float)((double)in.z + lz);
    in.x = (float)((double)in.x + lx);
    in.y = (float)((double)in.y + ly);
    r.origin = acp_frame_globaltolocal(&from->frame, in);
    return r;
}

/* my_max_speed: 2 × CMotionInterp::get_adjusted_max_speed (fUseAdjustedSpeed_ is 1), 7.5 under
 * EPSILON. */
static float interp_speed(const acp_physobj *obj)
{
    float speed = (float)(acp_physobj_interp_max_speed(obj, true) * 2.0);
    if (speed < ACP_F_EPSILON) speed = ACP_MAX_INTERPOLATED_VELOCITY;
    return speed;
}

/* The audit every 5 quanta: true when the step may be taken (counters reset), false when the
 * node was completed or failed. */
static bool audit_progress(acp_interpolation_manager *im, float curr_distance, float speed)
{
    float progress = (float)((double)im->original_distance - curr_distance);
    if (acp_physobj_get_sticky_object_id(im->physics_obj) ||
        (progress >= ACP_F_EPSILON &&
         (double)progress / im->progress_quantum / speed >= (double)ACP_INTERP_MIN_PROGRESS)) {
        im->frame_counter = 0;
        im->progress_quantum = 0.0f;
        im->original_distance = curr_distance;
        return true;
    }
    if (curr_distance < 0.2) {
        acp_interpolation_manager_node_completed(im, true);
        return false;
    }
    im->node_fail_counter++;
    acp_interpolation_manager_node_completed(im, false);
    return false;
}

bool acp_interpolation_manager_adjust_offset(acp_interpolation_manager *im, acp_frame *offset, double quantum)
{
    const acp_interp_node *head = acp_interpolation_manager_head(im);
    acp_physobj *obj = im->physics_obj;
    if (!head || !obj) return false;
    if (!(obj->transient_state & ACP_CONTACT_TS)) return false;
    if (head->type == ACP_INTERP_JUMP_NODE || head->type == ACP_INTERP_VELOCITY_NODE) return false;
    const acp_position target = head->p;
    double d = acp_position_distance(&obj->position, &target);
    float curr_distance = (float)d;
    if (d < (double)ACP_INTERP_NODE_REACHED) {
        acp_interpolation_manager_node_completed(im, true);
        return false;
    }
    float speed = interp_speed(obj);
    im->progress_quantum = (float)(quantum + im->progress_quantum);
    im->frame_counter++;
    if (im->frame_counter >= ACP_INTERP_AUDIT_FRAMES && !audit_progress(im, curr_distance, speed)) return false;
    acp_frame adj = position_subtract2(&target, &obj->position);
    float step = (float)(speed * quantum);
    acp_vec3 o = adj.origin;
    double mag = sqrt((double)o.x * o.x + (double)o.y * o.y + (double)o.z * o.z);
    float adj_distance = (float)mag;
    if (mag <= (double)ACP_INTERP_NODE_REACHED) acp_interpolation_manager_node_completed(im, true);
    if ((double)adj_distance > (double)step) {
        float k = (float)((double)step / adj_distance);
        adj.origin.x = (float)((double)adj.origin.x * k);
        adj.origin.y = (float)((double)adj.origin.y * k);
        adj.origin.z = (float)((double)adj.origin.z * k);
    }
    if (im->keep_heading) acp_frame_set_heading(&adj, 0.0f);
    *offset = adj;
    return true;
}

/* The blip: SetPositionSimple to the last queued position (and, behind a velocity or jump tail,
 * that tail's velocity), or to blipto_position; StopInterpolating once it took. */
static void blip(acp_interpolation_manager *im)
{
    acp_physobj *obj = im->physics_obj;
    const acp_interp_node *tail = acp_interpolation_manager_tail(im);
    if (!tail) {
        if (acp_physobj_set_position_simple(obj, &im->blipto_position, true)) return;
        acp_interpolation_manager_stop_interpolating(im);
        return;
    }
    if (tail->type != ACP_INTERP_JUMP_NODE && tail->type != ACP_INTERP_VELOCITY_NODE) {
        acp_position pos = tail->p;
        if (acp_physobj_set_position_simple(obj, &pos, true)) return;
        acp_interpolation_manager_stop_interpolating(im);
        return;
    }
    acp_vec3 v = tail->velocity;
    acp_position pos;
    bool found = false;
    for (uint32_t i = 0; i + 1 < im->count; i++) {
        const acp_interp_node *n = acp_interpolation_manager_node(im, i);
        if (n->type == ACP_INTERP_POSITION_NODE) {
            pos = n->p;
            found = true;
        }
    }
    if (!found) {
        if (acp_physobj_set_position_simple(obj, &im->blipto_position, true)) return;
        acp_interpolation_manager_stop_interpolating(im);
        return;
    }
    if (acp_physobj_set_position_simple(obj, &pos, true)) return;
    acp_physobj_set_velocity(obj, v);
    acp_interpolation_manager_stop_interpolating(im);
}

void acp_interpolation_manager_use_time(acp_interpolation_manager *im)
{
    acp_physobj *obj = im->physics_obj;
    if (!obj) return;
    if (im->node_fail_counter > ACP_INTERP_MAX_FAILURES) {
        blip(im);
        return;
    }
    const acp_interp_node *head = acp_interpolation_manager_head(im);
    if (!head) {
        if ((int32_t)im->node_fail_counter > 0) blip(im);
        return;
    }
    if (head->type == ACP_INTERP_VELOCITY_NODE) {
        acp_physobj_set_velocity(obj, head->velocity);
        acp_interpolation_manager_node_completed(im, true);
    } else if (head->type == ACP_INTERP_JUMP_NODE) {
        acp_interpolation_manager_node_completed(im, true);
    }
}
