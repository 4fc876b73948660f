/* libFuzzer target: the snapshot reader (src/physics/world/snapshot.h) over arbitrary bytes. A
 * world over the default excerpts (their terrain built once) is made fresh for each input with
 * the capacity and profile the input's header names (capacity 1..64), and the input is read
 * into it with the records' digest taken from the input (so they pass the header). Seven inputs
 * of eight get their checksum trailer rewritten to match (so mutations reach the sections, as a
 * crafted file would: the checksum guards against damage, not against a writer); the eighth is
 * read raw, the checksum checked. Every input is refused with a message naming an offset, or
 * restores a world, which then steps a few frames, is snapshotted again, hands each object out
 * (written as acp_object_export writes it, then removed) and is destroyed: a state the reader
 * accepts must be one the world can run. Any crash, leak, hang or undefined behaviour (ASan +
 * UBSan) is a finding; so is a refusal without "offset " in its message (abort).
 *   node scripts/build.mjs fuzz && build/fuzz/fuzz_snapshot -max_total_time=60
 * Seeds: the malformed fixtures (tests/data/snapshot-malformed) and snapshots of the bundled
 * scenarios (scripts/fuzz.mjs writes them with build/native/acphys run --snapshot-at). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "physics/cell/terrain.h"
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_records *f = fixture();
    uint32_t profile = size >= 28 ? le32(data + 24) : 0, cap = size >= 36 ? le32(data + 32) : 1;
    if (profile > ACP_PROFILE_RENDER_FRAME) profile = 0;
    if (cap < 1 || cap > 64) cap = 1 + cap % 64;
    uint64_t digest = 0;
    for (int i = 0; i < 8 && size >= 24; i++) digest |= (uint64_t)data[16 + i] << (8 * i);
    acp_world *w = acp_world_create((acp_clock_profile)profile, cap);
    if (!w) return 0;
    w->dats = acp_excerpts_datset(f->records);
    acp_terrain_attach(w, f->terrain);
    uint8_t *bytes = malloc(size ? size : 1);
    if (!bytes) {
        acp_world_destroy(w);
        return 0;
    }
    memcpy(bytes, data, size);
    uint64_t pick = acp_snap_fnv(ACP_SNAP_FNV_BASIS, data, size);
    if (size >= 8 && pick % 8u != 0) {
        uint64_t sum = acp_snap_fnv(ACP_SNAP_FNV_BASIS, bytes, size - 8);
        for (int i = 0; i < 8; i++) bytes[size - 8 + (size_t)i] = (uint8_t)(sum >> (8 * i));
    }
    acp_snap_io io;
    bool has_host = false;
    bool ok = acp_snapshot_open(&io, bytes, size, digest, profile, true, &has_host) && acp_snapshot_read_world(&io, w);
    if (ok && has_host) io.pos = io.size;
    if (ok) ok = acp_snapshot_close(&io);
    if (!ok && !strstr(io.error, "offset ")) {
        fprintf(stderr, "a refusal without an offset: %s\n", io.error);
        abort();
    }
    acp_snap_io_free(&io);
    if (ok) { /* run what was accepted: steps, a snapshot, every object handed out */
        double now = w->now;
        for (int k = 1; k <= 4; k++) acp_world_use_time(w, now + k / 30.0);
        acp_snap_io out = {0};
        out.find_at = SIZE_MAX;
        acp_snapshot_write_world(&out, w, digest, false);
        acp_snap_io_free(&out);
        while (w->num_objects) {
            uint32_t id = w->objects[w->num_objects - 1]->id;
            out.find_at = SIZE_MAX;
            acp_object_snapshot_write(&out, w, w->objects[w->num_objects - 1], digest);
            acp_snap_io_free(&out);
            if (!acp_world_remove_object(w, id)) abort();
        }
    }
    acp_world_destroy(w);
    free(bytes);
    return 0;
}
