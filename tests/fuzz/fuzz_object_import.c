/* libFuzzer target: acp_object_snapshot_read (an object handed from world to world,
 * src/physics/world/snapshot.h) over arbitrary bytes. A world of capacity 2 over the default
 * excerpts (their terrain built once) holding one object of its own is made fresh for each input;
 * seven inputs of eight get the checksum trailer rewritten to match (so mutations reach the
 * sections, as a crafted file would), the eighth is read raw; the records digest and profile are
 * taken as the world's (so it passes the header). Every input is refused with a message naming an
 * offset, leaving the world byte-equal (its snapshot before and after), or is imported; then the
 * world steps a few frames, the imported object is exported (written, then removed) and the world
 * is destroyed: a state the reader accepts must be one the world can run. Any crash, leak, hang
 * or undefined behaviour (ASan + UBSan) is a finding; so is a refusal without "offset " (abort)
 * or a refusal that changed the world (abort).
 *   node scripts/build.mjs fuzz && build/fuzz/fuzz_object_import -max_total_time=60
 * Seeds: tests/data/object-malformed (a valid export of walk-then-stop's walker, one of a human
 * in its fountain script with an emitter's particle object, and the damaged files). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "physics/cell/terrain.h"
#include "physics/object/physobj.h"
#include "physics/world/physics.h"
#include "physics/world/snapshot.h"
#include "scenario/excerpts.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct fuzz_records {
    acp_excerpts *records;
    struct acp_terrain *terrain;
} fuzz_records;

/* The default excerpts and their terrain: built once (the fuzzer's process-wide fixture). */
static fuzz_records *fixture(void)
{
    static fuzz_records f;
    if (f.records) return &f;
    f.records = acp_excerpts_create();
    uint32_t n = 0;
    const acp_embedded_excerpt *ex = acp_default_excerpts(&n);
    char msg[256];
    for (uint32_t i = 0; i < n; i++)
        if (!acp_excerpts_add(f.records, ex[i].data, ex[i].size, msg, sizeof msg)) abort();
    if (acp_excerpts_build_terrain(f.records, &f.terrain) != ACP_EXCERPTS_TERRAIN_OK) abort();
    return &f;
}

static uint32_t le32(const uint8_t *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }

/* The world's snapshot bytes (digest 0), malloc'd; NULL when it cannot be written. */
static uint8_t *world_bytes(acp_world *w, size_t *n)
{
    acp_snap_io io;
    io.find_at = SIZE_MAX;
    if (!acp_snapshot_write_world(&io, w, 0, false) || !acp_snapshot_finish(&io)) {
        acp_snap_io_free(&io);
        return NULL;
    }
    uint8_t *b = malloc(io.len ? io.len : 1);
    if (b) memcpy(b, io.buf, io.len);
    *n = io.len;
    acp_snap_io_free(&io);
    return b;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_records *f = fixture();
    uint32_t profile = size >= 28 ? le32(data + 24) : 0;
    if (profile > ACP_PROFILE_RENDER_FRAME) profile = 0;
    uint64_t digest = 0;
    for (int i = 0; i < 8 && size >= 24; i++) digest |= (uint64_t)data[16 + i] << (8 * i);
    uint8_t *bytes = malloc(size ? size : 1);
    if (!bytes) return 0;
    memcpy(bytes, data, size);
    if (size >= 8 && acp_snap_fnv(ACP_SNAP_FNV_BASIS, data, size) % 8u != 0) {
        uint64_t sum = acp_snap_fnv(ACP_SNAP_FNV_BASIS, bytes, size - 8);
        for (int i = 0; i < 8; i++) bytes[size - 8 + (size_t)i] = (uint8_t)(sum >> (8 * i));
    }
    acp_world *w = acp_world_create((acp_clock_profile)profile, 2);
    if (!w) {
        free(bytes);
        return 0;
    }
    w->dats = acp_excerpts_datset(f->records);
    acp_terrain_attach(w, f->terrain);
    if (!acp_world_add_object(w, 2)) abort(); /* the world's own object, there before and after */
    size_t n0 = 0, n1 = 0;
    uint8_t *before = world_bytes(w, &n0);
    acp_snap_io io;
    bool exists = false;
    acp_physobj *obj = acp_object_snapshot_read(&io, w, bytes, size, digest, &exists);
    if (!obj) {
        if (!strstr(io.error, "offset ")) {
            fprintf(stderr, "a refusal without an offset: %s\n", io.error);
            abort();
        }
        uint8_t *after = world_bytes(w, &n1);
        if (before && (!after || n0 != n1 || memcmp(before, after, n0) != 0)) {
            fprintf(stderr, "a refusal changed the world: %s\n", io.error);
            abort();
        }
        free(after);
    }
    acp_snap_io_free(&io);
    for (int k = 1; k <= 4; k++) acp_world_use_time(w, 1.0 + k / 30.0);
    if (obj) { /* handed on: written as acp_object_export writes it, then out of the world */
        uint32_t id = obj->id;
        io.find_at = SIZE_MAX;
        acp_object_snapshot_write(&io, w, obj, digest);
        acp_snap_io_free(&io);
        if (!acp_world_remove_object(w, id)) abort();
    }
    free(before);
    acp_world_destroy(w);
    free(bytes);
    return 0;
}
