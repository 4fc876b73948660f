/* acphys — world snapshots (snapshot.h): the stream's bytes and numbers, little-endian, bounds-
 * checked on reading, every failure naming the offset and field. Not retail.
 *
 * One transfer function per structure serves both directions (io->writing): each field is named
 * once, in the order it is written. Reading checks every count, index, boolean and record id. */
#include "snapshot.h"
#include "snapshot_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dat/dat.h"
#include "physics/anim/movement_manager.h"
#include "physics/cell/terrain.h"
#include "physics/object/object_fx.h"
#include "physics/object/partarray.h"
#include "physics/object/particles.h"
#include "physics/object/physobj_cell.h"
#include "physics/object/physobj_collide.h"
#include "physics/object/physobj_motion.h"
#include "physics/object/physobj.h"
#include "physics/object/scripts.h"
#include "physics/object/shadowobj.h"
#include "physics/object/target_manager.h"
#include "physics/position/position_manager.h"
#include "physics.h"


uint64_t acp_snap_fnv(uint64_t h, const void *bytes, size_t n)
{
    const uint8_t *p = bytes;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

bool acp_snap_fail(acp_snap_io *io, const char *field, const char *fmt, ...)
{
    if (io->failed) return false;
    io->failed = true;
    int n = snprintf(io->error, sizeof io->error, "offset %zu, %s%s%s: ", io->writing ? io->len : io->pos, io->where,
                     io->where[0] ? " " : "", field);
    if (n < 0 || (size_t)n >= sizeof io->error) return false;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(io->error + n, sizeof io->error - (size_t)n, fmt, ap);
    va_end(ap);
    return false;
}

void snap_set_where(acp_snap_io *io, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void snap_set_where(acp_snap_io *io, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(io->where, sizeof io->where, fmt, ap);
    va_end(ap);
}

/* ---- bytes ---- */

bool snap_put(acp_snap_io *io, const uint8_t *b, size_t n, const char *field)
{
    if (io->failed) return false;
    if (io->len + n > io->cap) {
        size_t cap = io->cap ? io->cap : 4096;
        while (cap < io->len + n) cap *= 2;
        uint8_t *grown = realloc(io->buf, cap);
        if (!grown) return acp_snap_fail(io, field, "out of memory writing the snapshot");
        io->buf = grown;
        io->cap = cap;
    }
    memcpy(io->buf + io->len, b, n);
    if (io->find_at >= io->len && io->find_at < io->len + n) snprintf(io->found, sizeof io->found, "%s %s", io->where, field);
    if (io->find_field && io->field_at == SIZE_MAX && !strcmp(field, io->find_field) &&
        (!io->find_where || strstr(io->where, io->find_where)))
        io->field_at = io->len;
    io->len += n;
    return true;
}

bool snap_get(acp_snap_io *io, uint8_t *b, size_t n, const char *field)
{
    if (io->failed) return false;
    if (io->size - io->pos < n)
        return acp_snap_fail(io, field, "the snapshot ends here (%zu bytes needed, %zu left): truncated", n, io->size - io->pos);
    memcpy(b, io->in + io->pos, n);
    io->pos += n;
    return true;
}

static void xfer_le(acp_snap_io *io, uint64_t *v, size_t n, const char *field)
{
    uint8_t b[8];
    if (io->writing) {
        for (size_t i = 0; i < n; i++) b[i] = (uint8_t)(*v >> (8 * i));
        snap_put(io, b, n, field);
        return;
    }
    if (!snap_get(io, b, n, field)) return;
    uint64_t x = 0;
    for (size_t i = 0; i < n; i++) x |= (uint64_t)b[i] << (8 * i);
    *v = x;
}

void acp_snap_u8(acp_snap_io *io, uint8_t *v, const char *field)
{
    uint64_t x = *v;
    xfer_le(io, &x, 1, field);
    if (!io->writing && !io->failed) *v = (uint8_t)x;
}

void acp_snap_bool(acp_snap_io *io, bool *v, const char *field)
{
    uint64_t x = *v ? 1u : 0u;
    xfer_le(io, &x, 1, field);
    if (io->writing || io->failed) return;
    if (x > 1) {
        io->pos--;
        acp_snap_fail(io, field, "%u is not a boolean (0 or 1)", (unsigned)x);
        return;
    }
    *v = x != 0;
}

void acp_snap_u16(acp_snap_io *io, uint16_t *v, const char *field)
{
    uint64_t x = *v;
    xfer_le(io, &x, 2, field);
    if (!io->writing && !io->failed) *v = (uint16_t)x;
}

void acp_snap_i16(acp_snap_io *io, int16_t *v, const char *field)
{
    uint64_t x = (uint16_t)*v;
    xfer_le(io, &x, 2, field);
    if (!io->writing && !io->failed) *v = (int16_t)(uint16_t)x;
}

void acp_snap_u32(acp_snap_io *io, uint32_t *v, const char *field)
{
    uint64_t x = *v;
    xfer_le(io, &x, 4, field);
    if (!io->writing && !io->failed) *v = (uint32_t)x;
}

void acp_snap_i32(acp_snap_io *io, int32_t *v, const char *field)
{
    uint64_t x = (uint32_t)*v;
    xfer_le(io, &x, 4, field);
    if (!io->writing && !io->failed) *v = (int32_t)(uint32_t)x;
}

void acp_snap_u64(acp_snap_io *io, uint64_t *v, const char *field) { xfer_le(io, v, 8, field); }

void acp_snap_f32(acp_snap_io *io, float *v, const char *field)
{
    uint32_t bits;
    memcpy(&bits, v, 4);
    acp_snap_u32(io, &bits, field);
    if (!io->writing && !io->failed) memcpy(v, &bits, 4);
}

void acp_snap_f64(acp_snap_io *io, double *v, const char *field)
{
    uint64_t bits;
    memcpy(&bits, v, 8);
    acp_snap_u64(io, &bits, field);
    if (!io->writing && !io->failed) memcpy(v, &bits, 8);
}

void acp_snap_count(acp_snap_io *io, uint32_t *v, uint32_t max, const char *field)
{
    acp_snap_u32(io, v, field);
    if (io->writing || io->failed || *v <= max) return;
    io->pos -= 4;
    acp_snap_fail(io, field, "%u is more than %u", (unsigned)*v, (unsigned)max);
}

/* An index below n (or NO_INDEX when allow_none). */
void snap_index(acp_snap_io *io, uint32_t *v, uint32_t n, bool allow_none, const char *field)
{
    acp_snap_u32(io, v, field);
    if (io->writing || io->failed || *v < n || (allow_none && *v == NO_INDEX)) return;
    io->pos -= 4;
    acp_snap_fail(io, field, "%u is not an index below %u", (unsigned)*v, (unsigned)n);
}

void acp_snap_io_free(acp_snap_io *io)
{
    free(io->buf);
    io->buf = NULL;
    io->len = io->cap = 0;
}

/* ---- geometry ---- */

void snap_vec3(acp_snap_io *io, acp_vec3 *v, const char *field)
{
    acp_snap_f32(io, &v->x, field);
    acp_snap_f32(io, &v->y, field);
    acp_snap_f32(io, &v->z, field);
}

void snap_frame(acp_snap_io *io, acp_frame *f, const char *field)
{
    acp_snap_f32(io, &f->qw, field);
    acp_snap_f32(io, &f->qx, field);
    acp_snap_f32(io, &f->qy, field);
    acp_snap_f32(io, &f->qz, field);
    for (int i = 0; i < 9; i++) acp_snap_f32(io, &f->m[i], field);
    snap_vec3(io, &f->origin, field);
}

void snap_position(acp_snap_io *io, acp_position *p, const char *field)
{
    acp_snap_u32(io, &p->objcell_id, field);
    snap_frame(io, &p->frame, field);
}

/* ---- a particle (by value: the pool's slot or an emitter's inline run) ---- */

void snap_particle(acp_snap_io *io, acp_particle *p)
{
    acp_snap_f64(io, &p->birthtime, "particle.birthtime");
    acp_snap_f64(io, &p->lifespan, "particle.lifespan");
    acp_snap_f64(io, &p->lifetime, "particle.lifetime");
    snap_frame(io, &p->start_frame, "particle.start_frame");
    snap_vec3(io, &p->offset, "particle.offset");
    snap_vec3(io, &p->a, "particle.a");
    snap_vec3(io, &p->b, "particle.b");
    snap_vec3(io, &p->c, "particle.c");
    acp_snap_f32(io, &p->start_scale, "particle.start_scale");
    acp_snap_f32(io, &p->final_scale, "particle.final_scale");
    acp_snap_f32(io, &p->start_trans, "particle.start_trans");
    acp_snap_f32(io, &p->final_trans, "particle.final_trans");
    snap_frame(io, &p->frame, "particle.frame");
    acp_snap_f32(io, &p->scale, "particle.scale");
    acp_snap_f32(io, &p->translucency, "particle.translucency");
    acp_snap_bool(io, &p->live, "particle.live");
}
