/* acphys — the public API's snapshots (include/acphys.h "snapshots"): acp_world_snapshot and
 * acp_world_restore over the core's (src/physics/world/snapshot.h). Not retail. */
#include "acphys.h"
#include "api_internal.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "physics/cell/terrain.h"
#include "physics/world/physics.h"
#include "physics/world/snapshot.h"
#include "scenario/excerpts.h"

ACP_API acp_status acp_world_snapshot(acp_world_id world, void *buffer, size_t capacity, size_t *size)
{
    static const char *const FN = "acp_world_snapshot";
    acp_api_world_parts p;
    acp_status st = acp_api_internal_parts(world, FN, true, &p);
    if (st != ACP_OK) return st;
    if (!size) return acp_api_fail(ACP_ERR_NULL, FN, "size: NULL");
    acp_snap_io io;
    io.find_at = SIZE_MAX;
    io.find_field = io.find_where = NULL;
    if (!acp_snapshot_write_world(&io, *p.world, acp_excerpts_digest(p.records), false) || !acp_snapshot_finish(&io)) {
        acp_snap_io_free(&io);
        return acp_api_fail(strstr(io.error, "out of memory") ? ACP_ERR_MEMORY : ACP_ERR_STATE, FN, "%s", io.error);
    }
    *size = io.len;
    if (buffer && capacity < io.len) {
        acp_snap_io_free(&io);
        return acp_api_fail(ACP_ERR_ARGUMENT, FN, "capacity: %zu bytes, but the snapshot needs %zu", capacity, *size);
    }
    if (buffer) memcpy(buffer, io.buf, io.len);
    acp_snap_io_free(&io);
    return ACP_OK;
}

/* The restore both entry points share: the snapshot's world replaces world `id`'s core world
 * (built beside it, so a refusal leaves the world as it was); host == NULL skips a host's section,
 * otherwise the section must be there and host reads it. */
static acp_status restore(acp_world_id world, const char *fn, const void *bytes, size_t size, bool empty_only,
                          acp_api_host_section host, void *user)
{
    acp_api_world_parts p;
    acp_status st = acp_api_internal_parts(world, fn, true, &p);
    if (st != ACP_OK) return st;
    if (!bytes) return acp_api_fail(ACP_ERR_NULL, fn, "bytes: NULL");
    acp_world *old = *p.world;
    if (empty_only && *p.num_objects)
        return acp_api_fail(ACP_ERR_STATE, fn, "the world holds %u objects: restore into a world without objects",
                            (unsigned)*p.num_objects);
    acp_snap_io io;
    bool has_host = false;
    if (!acp_snapshot_open(&io, bytes, size, acp_excerpts_digest(p.records), (uint32_t)old->profile, true, &has_host))
        return acp_api_fail(strstr(io.error, "the snapshot was taken over records") ? ACP_ERR_RECORDS : ACP_ERR_ARGUMENT, fn, "%s", io.error);
    acp_world *w = acp_world_create(old->profile, p.max_objects);
    if (!w) {
        acp_snap_io_free(&io);
        return acp_api_fail(ACP_ERR_MEMORY, fn, "out of memory making the world");
    }
    w->dats = old->dats;
    w->peer_rules = old->peer_rules;
    w->quantum_hook = old->quantum_hook;
    w->quantum_hook_user = old->quantum_hook_user;
    acp_terrain_attach(w, p.terrain);
    bool ok = true;
    if (host && !has_host) ok = acp_snap_fail(&io, "flags", "a world's snapshot without a runner's section (acphys run writes both)");
    if (ok) ok = acp_snapshot_read_world(&io, w);
    if (ok && has_host && !host) io.pos = io.size; /* a host's section (acphys run's): not the world's */
    if (ok && host) ok = host(&io, user) && !io.failed;
    if (ok) ok = acp_snapshot_close(&io);
    if (!ok) {
        acp_world_destroy(w);
        return acp_api_fail(strstr(io.error, "out of memory") ? ACP_ERR_MEMORY : ACP_ERR_ARGUMENT, fn, "%s", io.error);
    }
    *p.num_objects = w->num_objects;
    for (uint32_t i = 0; i < w->num_static; i++) {
        bool block = false;
        for (uint32_t k = 0; k < w->num_block_statics && !block; k++) block = w->block_statics[k] == w->static_objects[i];
        if (!block) (*p.num_objects)++;
    }
    acp_world_destroy(old);
    *p.world = w;
    return ACP_OK;
}

ACP_API acp_status acp_world_restore(acp_world_id world, const void *bytes, size_t size)
{
    return restore(world, "acp_world_restore", bytes, size, true, NULL, NULL);
}

acp_status acp_api_restore_hosted(acp_world_id id, const char *fn, const void *bytes, size_t size,
                                  acp_api_host_section host, void *user)
{
    if (!host) return acp_api_fail(ACP_ERR_NULL, fn, "host: NULL");
    return restore(id, fn, bytes, size, false, host, user);
}

/* ---- one object from world to world ---- */

#include "physics/anim/moveto_manager.h"
#include "physics/anim/movement_manager.h"
#include "physics/object/physobj_cell.h"
#include "physics/object/physobj_collide.h"
#include "physics/object/target_manager.h"
#include "physics/position/position_manager.h"

/* A move-to or turn-to an object: cancelled before the object travels. */
static bool cancels_moveto(const acp_physobj *obj)
{
    const acp_movement_manager *mm = obj->movement_manager;
    return mm && mm->has_moveto && (mm->moveto.movement_type == ACP_MOVETO_OBJECT || mm->moveto.movement_type == 8u);
}

/* What names objects of the source world, cleared as retail's teleport_hook clears it. */
static void clear_what_cannot_travel(acp_physobj *obj)
{
    acp_movement_manager *mm = obj->movement_manager;
    if (cancels_moveto(obj)) acp_movement_manager_cancel_moveto(mm, ACP_MOVETO_ERR_TELEPORTED);
    if (obj->position_manager) acp_position_manager_unstick(obj->position_manager);
    if (obj->target_manager) {
        acp_target_manager_clear_target(obj->target_manager);
        acp_target_manager_notify_voyeur_of_event(obj->target_manager, ACP_TARGET_EXIT_WORLD);
        obj->target_manager->num_voyeurs = 0;
    }
    acp_physobj_report_collision_end(obj, true);
    acp_physobj_remove_shadows_from_cells(obj);
    acp_physobj_leave_cell(obj, false);
}

ACP_API acp_status acp_object_export(acp_world_id world, uint32_t object_id, void *buffer, size_t capacity, size_t *size)
{
    static const char *const FN = "acp_object_export";
    acp_api_world_parts p;
    acp_status st = acp_api_internal_parts(world, FN, true, &p);
    if (st != ACP_OK) return st;
    if (!size) return acp_api_fail(ACP_ERR_NULL, FN, "size: NULL");
    acp_world *w = *p.world;
    acp_physobj *obj = object_id ? acp_world_object(w, object_id) : NULL;
    if (!obj) return acp_api_fail(ACP_ERR_OBJECT, FN, "object_id: no object 0x%08X in the world", (unsigned)object_id);
    uint64_t digest = acp_excerpts_digest(p.records);
    acp_snap_io io;
    io.find_at = SIZE_MAX;
    if (!acp_object_snapshot_write(&io, w, obj, digest)) {
        acp_snap_io_free(&io);
        return acp_api_fail(strstr(io.error, "out of memory") ? ACP_ERR_MEMORY : ACP_ERR_STATE, FN, "%s", io.error);
    }
    /* the bound: the write as it stands and what clearing can add (a cancelled move-to queues
     * animations and motions): checked before anything is cleared, so a refused export changes
     * nothing */
    *size = io.len + acp_object_snapshot_clearing_bound(obj, cancels_moveto(obj));
    acp_snap_io_free(&io);
    if (!buffer) return ACP_OK;
    if (capacity < *size)
        return acp_api_fail(ACP_ERR_ARGUMENT, FN, "capacity: %zu bytes, but the object needs up to %zu", capacity, *size);
    clear_what_cannot_travel(obj);
    io.find_at = SIZE_MAX;
    if (!acp_object_snapshot_write(&io, w, obj, digest) || io.len > capacity) {
        acp_snap_io_free(&io);
        return acp_api_fail(ACP_ERR_STATE, FN, "%s", io.error[0] ? io.error : "the object grew while it was made ready");
    }
    memcpy(buffer, io.buf, io.len);
    *size = io.len;
    acp_snap_io_free(&io);
    acp_world_remove_object(w, object_id);
    (*p.num_objects)--;
    return ACP_OK;
}

ACP_API acp_status acp_object_import(acp_world_id world, const void *bytes, size_t size, uint32_t *object_id)
{
    static const char *const FN = "acp_object_import";
    acp_api_world_parts p;
    acp_status st = acp_api_internal_parts(world, FN, true, &p);
    if (st != ACP_OK) return st;
    if (!bytes) return acp_api_fail(ACP_ERR_NULL, FN, "bytes: NULL");
    if (*p.num_objects >= p.max_objects)
        return acp_api_fail(ACP_ERR_FULL, FN, "the world holds %u objects, its max_objects", (unsigned)p.max_objects);
    acp_snap_io io;
    bool exists = false;
    acp_physobj *obj = acp_object_snapshot_read(&io, *p.world, bytes, size, acp_excerpts_digest(p.records), &exists);
    if (!obj) {
        acp_status s = exists ? ACP_ERR_EXISTS
                     : strstr(io.error, "the snapshot was taken over records") ? ACP_ERR_RECORDS
                     : strstr(io.error, "out of memory") ? ACP_ERR_MEMORY
                                                           : ACP_ERR_ARGUMENT;
        return acp_api_fail(s, FN, "%s", io.error);
    }
    (*p.num_objects)++;
    if (object_id) *object_id = obj->id;
    return ACP_OK;
}
