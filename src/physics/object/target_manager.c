/* acphys — retail TargetManager. See target_manager.h. Read against PORTAL/cphysobj/CTargetting.c. */
#include "target_manager.h"

#include <stdlib.h>
#include <string.h>

#include "physics/geometry/frame.h"
#include "physics/world/physics.h"
#include "physobj.h"
#include "physobj_target.h"

acp_target_info acp_target_info_default(void)
{
    acp_target_info t;
    memset(&t, 0, sizeof t);
    t.target_position = (acp_position){0, acp_frame_identity()};
    t.interpolated_position = (acp_position){0, acp_frame_identity()};
    t.status = ACP_TARGET_UNDEF;
    return t;
}

acp_target_manager *acp_target_manager_create(struct acp_physobj *obj)
{
    acp_target_manager *tm = calloc(1, sizeof *tm);
    if (!tm) return NULL;
    tm->physobj = obj;
    tm->target_info = acp_target_info_default();
    return tm;
}

void acp_target_manager_destroy(acp_target_manager *tm)
{
    if (!tm) return;
    free(tm->voyeurs);
    free(tm);
}

/* LongNIHash's bucket of a key: (key ^ key >> 16) % table_size (the 64-bit widening of the
 * decompilation changes nothing for 32-bit keys). */
static uint32_t bucket_of(uint32_t key) { return (key ^ (key >> 16)) % ACP_VOYEUR_BUCKETS; }

static int find_voyeur(const acp_target_manager *tm, uint32_t object_id)
{
    for (uint32_t i = 0; i < tm->num_voyeurs; i++)
        if (tm->voyeurs[i].object_id == object_id) return (int)i;
    return -1;
}

const acp_voyeur_info *acp_target_manager_voyeur(const acp_target_manager *tm, uint32_t object_id)
{
    int i = find_voyeur(tm, object_id);
    return i < 0 ? NULL : &tm->voyeurs[i];
}

static acp_physobj *object_of(const acp_target_manager *tm, uint32_t id)
{
    return acp_world_object(tm->physobj->world, id);
}

void acp_target_manager_clear_target(acp_target_manager *tm)
{
    if (!tm->has_target) return;
    acp_physobj *target = object_of(tm, tm->target_info.object_id);
    if (target) acp_physobj_remove_voyeur(target, tm->physobj->id);
    tm->has_target = false;
    tm->target_info = acp_target_info_default();
}

void acp_target_manager_set_target(acp_target_manager *tm, uint32_t context_id, uint32_t object_id, float radius,
                                   double quantum)
{
    if (tm->has_target) {
        acp_physobj *old = object_of(tm, tm->target_info.object_id);
        if (old) acp_physobj_remove_voyeur(old, tm->physobj->id);
        tm->has_target = false;
        tm->target_info = acp_target_info_default();
    }
    if (!object_id) {
        acp_target_info failed = acp_target_info_default();
        failed.context_id = context_id;
        failed.object_id = 0;
        failed.status = ACP_TARGET_TIMED_OUT;
        acp_physobj_handle_update_target(tm->physobj, &failed);
        return;
    }
    acp_target_info *t = &tm->target_info;
    *t = acp_target_info_default();
    tm->has_target = true;
    t->context_id = context_id;
    t->object_id = object_id;
    t->radius = radius;
    t->quantum = quantum;
    t->last_update_time = tm->physobj->world->now;
    acp_physobj *target = object_of(tm, object_id);
    if (target) acp_physobj_add_voyeur(target, tm->physobj->id, t->radius, (float)t->quantum);
}

void acp_target_manager_set_target_quantum(acp_target_manager *tm, double quantum)
{
    if (!tm->has_target) return;
    tm->target_info.quantum = quantum;
    acp_physobj *target = object_of(tm, tm->target_info.object_id);
    if (target) acp_physobj_add_voyeur(target, tm->physobj->id, tm->target_info.radius, (float)tm->target_info.quantum);
}

acp_position acp_target_manager_get_interpolated_position(const acp_target_manager *tm, double quantum)
{
    const acp_physobj *obj = tm->physobj;
    acp_position p = obj->position;
    float q = (float)quantum;
    acp_vec3 v = obj->cached_velocity;
    double dx = (double)q * v.x;
    double dy = (double)q * v.y;
    float dz = (float)((double)q * v.z);
    p.frame.origin.x = (float)(dx + p.frame.origin.x);
    p.frame.origin.y = (float)(dy + p.frame.origin.y);
    p.frame.origin.z = (float)((double)dz + p.frame.origin.z);
    return p;
}

void acp_target_manager_send_voyeur_update(acp_target_manager *tm, acp_voyeur_info *voyeur, const acp_position *p,
                                           uint32_t status)
{
    voyeur->last_sent_position = *p;
    const acp_physobj *obj = tm->physobj;
    acp_target_info info = acp_target_info_default();
    info.context_id = 0;
    info.object_id = obj->id;
    info.quantum = voyeur->quantum;
    info.radius = voyeur->radius;
    info.target_position = obj->position;
    info.interpolated_position = *p;
    info.velocity = obj->cached_velocity;
    info.status = status;
    tm->updates_sent++;
    acp_physobj *to = object_of(tm, voyeur->object_id);
    if (to) acp_physobj_receive_target_update(to, &info);
}

void acp_target_manager_check_and_update_voyeur(acp_target_manager *tm, acp_voyeur_info *voyeur)
{
    acp_position p = acp_target_manager_get_interpolated_position(tm, voyeur->quantum);
    if (acp_position_distance(&p, &voyeur->last_sent_position) > (double)voyeur->radius)
        acp_target_manager_send_voyeur_update(tm, voyeur, &p, ACP_TARGET_OK);
}

/* Room for one more entry: only when the array is full (removals keep their room). */
static bool reserve_voyeur(acp_target_manager *tm)
{
    if (tm->num_voyeurs < tm->cap_voyeurs) return true;
    uint32_t cap = tm->cap_voyeurs ? tm->cap_voyeurs * 2u : ACP_VOYEUR_INITIAL_CAPACITY;
    acp_voyeur_info *v = realloc(tm->voyeurs, cap * sizeof *v);
    if (!v) return false;
    tm->voyeurs = v;
    tm->cap_voyeurs = cap;
    return true;
}

/* Insert at the head of the entry's bucket: before the first entry of the same or a later
 * bucket. Returns its index. */
static uint32_t insert_voyeur(acp_target_manager *tm, const acp_voyeur_info *v)
{
    uint32_t b = bucket_of(v->object_id), i = 0;
    while (i < tm->num_voyeurs && bucket_of(tm->voyeurs[i].object_id) < b) i++;
    memmove(&tm->voyeurs[i + 1], &tm->voyeurs[i], (tm->num_voyeurs - i) * sizeof *v);
    tm->voyeurs[i] = *v;
    tm->num_voyeurs++;
    return i;
}

bool acp_target_manager_add_voyeur(acp_target_manager *tm, uint32_t object_id, float radius, double quantum)
{
    if (tm->has_voyeur_table) {
        int i = find_voyeur(tm, object_id);
        if (i >= 0) {
            tm->voyeurs[i].radius = radius;
            tm->voyeurs[i].quantum = quantum;
            return true;
        }
    }
    if (!reserve_voyeur(tm)) return false;
    tm->has_voyeur_table = true;
    acp_voyeur_info v;
    v.object_id = object_id;
    v.radius = radius;
    v.quantum = quantum;
    v.last_sent_position = (acp_position){0, acp_frame_identity()};
    uint32_t i = insert_voyeur(tm, &v);
    acp_position here = tm->physobj->position;
    acp_target_manager_send_voyeur_update(tm, &tm->voyeurs[i], &here, ACP_TARGET_OK);
    return true;
}

bool acp_target_manager_remove_voyeur(acp_target_manager *tm, uint32_t object_id)
{
    if (!tm->has_voyeur_table) return false;
    int i = find_voyeur(tm, object_id);
    if (i < 0) return false;
    memmove(&tm->voyeurs[i], &tm->voyeurs[i + 1], (tm->num_voyeurs - (uint32_t)i - 1u) * sizeof tm->voyeurs[0]);
    tm->num_voyeurs--;
    return true;
}

/* Retail's iterator steps past an entry before the entry is served (a voyeur that answers by
 * dropping its target removes it from this table): the next entry is found again by its id. */
static void serve_voyeurs(acp_target_manager *tm, bool check, uint32_t status)
{
    uint32_t i = 0;
    while (i < tm->num_voyeurs) {
        bool last = i + 1 >= tm->num_voyeurs;
        uint32_t next_id = last ? 0 : tm->voyeurs[i + 1].object_id;
        if (check) {
            acp_target_manager_check_and_update_voyeur(tm, &tm->voyeurs[i]);
        } else {
            acp_position here = tm->physobj->position;
            acp_target_manager_send_voyeur_update(tm, &tm->voyeurs[i], &here, status);
        }
        if (last) return;
        int n = find_voyeur(tm, next_id);
        if (n < 0) return;
        i = (uint32_t)n;
    }
}

void acp_target_manager_notify_voyeur_of_event(acp_target_manager *tm, uint32_t status)
{
    if (!tm->has_voyeur_table) return;
    serve_voyeurs(tm, false, status);
}

void acp_target_manager_receive_update(acp_target_manager *tm, const acp_target_info *update)
{
    if (!tm->has_target) return;
    acp_target_info *t = &tm->target_info;
    if (update->object_id != t->object_id) return;
    t->object_id = update->object_id;
    t->radius = update->radius;
    t->quantum = update->quantum;
    t->target_position = update->target_position;
    t->interpolated_position = update->interpolated_position;
    t->velocity = update->velocity;
    t->status = update->status;
    t->last_update_time = tm->physobj->world->now;
    t->interpolated_heading = acp_position_get_offset(&tm->physobj->position, &t->interpolated_position);
    if (acp_vec3_normalize_check_small(&t->interpolated_heading)) t->interpolated_heading = (acp_vec3){0.0f, 0.0f, 1.0f};
    acp_target_info copy = *t;
    acp_physobj_handle_update_target(tm->physobj, &copy);
    if (update->status == ACP_TARGET_EXIT_WORLD) acp_target_manager_clear_target(tm);
}

void acp_target_manager_handle_targetting(acp_target_manager *tm)
{
    const acp_world *w = tm->physobj->world;
    if (!(w->physics_time - tm->last_update_time >= ACP_TARGET_UPDATE_INTERVAL)) return;
    acp_target_info *t = &tm->target_info;
    if (tm->has_target && t->status == ACP_TARGET_UNDEF && t->last_update_time + ACP_TARGET_ANSWER_TIMEOUT < w->now) {
        t->status = ACP_TARGET_TIMED_OUT;
        acp_target_info copy = *t;
        acp_physobj_handle_update_target(tm->physobj, &copy);
    }
    if (tm->has_voyeur_table) serve_voyeurs(tm, true, ACP_TARGET_OK);
    tm->last_update_time = tm->physobj->world->physics_time;
}
