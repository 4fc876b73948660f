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
    static const char *FN = "acp_world_snapshot";
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

ACP_API acp_status acp_world_restore(acp_world_id world, const void *bytes, size_t size)
{
    static const char *FN = "acp_world_restore";
    acp_api_world_parts p;
    acp_status st = acp_api_internal_parts(world, FN, true, &p);
    if (st != ACP_OK) return st;
    if (!bytes) return acp_api_fail(ACP_ERR_NULL, FN, "bytes: NULL");
    acp_world *old = *p.world;
    if (*p.num_objects)
        return acp_api_fail(ACP_ERR_STATE, FN, "the world holds %u objects: restore into a world without objects",
                            (unsigned)*p.num_objects);
    acp_snap_io io;
    bool has_host = false;
    if (!acp_snapshot_open(&io, bytes, size, acp_excerpts_digest(p.records), (uint32_t)old->profile, true, &has_host))
        return acp_api_fail(strstr(io.error, "the snapshot was taken over records") ? ACP_ERR_RECORDS : ACP_ERR_ARGUMENT, FN, "%s", io.error);
    acp_world *w = acp_world_create(old->profile, p.max_objects);
    if (!w) return acp_api_fail(ACP_ERR_MEMORY, FN, "out of memory making the world");
    w->dats = old->dats;
    w->peer_rules = old->peer_rules;
    acp_terrain_attach(w, p.terrain);
    bool ok = acp_snapshot_read_world(&io, w);
    if (ok && has_host) io.pos = io.size; /* a host's section (acphys run's): not the world's */
    if (ok) ok = acp_snapshot_close(&io);
    if (!ok) {
        acp_world_destroy(w);
        return acp_api_fail(strstr(io.error, "out of memory") ? ACP_ERR_MEMORY : ACP_ERR_ARGUMENT, FN, "%s", io.error);
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
