/* acphys — the WebAssembly ABI: every function a JavaScript caller may use.
 *
 * CONVENTIONS
 *   Arguments are flat: 32-bit integers, float, double, and byte offsets into the module's
 *   linear memory ("pointers"). No struct crosses by value. Memory for inputs and outputs is
 *   obtained with acp_abi_alloc and released with acp_abi_free.
 *   A frame in memory is retail's Frame layout, 16 floats (64 bytes): qw, qx, qy, qz, m[9]
 *   (cached rotation, column-major), origin x, y, z. A vec3 is 3 floats. A position is a
 *   uint32 cell id followed by a frame (68 bytes).
 *   Units and frames: as the core (metres, seconds, radians; headings in degrees, 0 = north,
 *   clockwise; +X east, +Y north, +Z up).
 *   The names are listed in exports.txt; the build exports nothing else but the memory.
 */
#include <stdint.h>
#include <stdlib.h>

#include "dat.h"
#include "frame.h"
#include "mathx.h"
#include "position.h"
#include "version.h"
#include "writer.h"

#define ACP_ABI __attribute__((used, visibility("default")))

/* ---- memory ---- */

/** Allocate `size` bytes of linear memory (8-byte aligned); 0 when out of memory. */
ACP_ABI void *acp_abi_alloc(uint32_t size) { return malloc(size ? size : 1); }
/** Release memory from acp_abi_alloc; 0 is ignored. */
ACP_ABI void acp_abi_free(void *p) { free(p); }

/** The library version as a NUL-terminated string in linear memory. */
ACP_ABI const char *acp_abi_version(void) { return acp_version(); }

/* ---- Frame (retail Frame / AFrame): thin wrappers, see src/core/frame.h ---- */

/** Write the identity frame to f. */
ACP_ABI void acp_abi_frame_identity(acp_frame *f) { *f = acp_frame_identity(); }
/** Frame::set_rotate: normalize and set (keeps the old rotation when invalid). */
ACP_ABI void acp_abi_frame_set_rotate(acp_frame *f, float w, float x, float y, float z)
{
    acp_frame_set_rotate(f, w, x, y, z);
}
/** Frame::cache. */
ACP_ABI void acp_abi_frame_cache(acp_frame *f) { acp_frame_cache(f); }
/** Frame::IsValid (1/0). */
ACP_ABI int acp_abi_frame_is_valid(const acp_frame *f) { return acp_frame_is_valid(f); }
/** Frame::IsValidExceptForHeading (1/0). */
ACP_ABI int acp_abi_frame_is_valid_except_for_heading(const acp_frame *f)
{
    return acp_frame_is_valid_except_for_heading(f);
}
/** Frame::combine(Frame, Frame): out = a ∘ b. */
ACP_ABI void acp_abi_frame_combine(acp_frame *out, const acp_frame *a, const acp_frame *b)
{
    acp_frame_combine(out, a, b);
}

static acp_aframe aframe_of(const acp_frame *f)
{
    acp_aframe r = {f->origin, f->qw, f->qx, f->qy, f->qz};
    return r;
}

/** Frame::combine(Frame, AFrame): b's matrix is ignored. */
ACP_ABI void acp_abi_frame_combine_aframe(acp_frame *out, const acp_frame *a, const acp_frame *b)
{
    acp_aframe ab = aframe_of(b);
    acp_frame_combine_aframe(out, a, &ab);
}
/** Frame::subtract1(Frame, AFrame): out = a ∘ b⁻¹; b's matrix is ignored. */
ACP_ABI void acp_abi_frame_subtract1(acp_frame *out, const acp_frame *a, const acp_frame *b)
{
    acp_aframe ab = aframe_of(b);
    acp_frame_subtract1(out, a, &ab);
}
/** Frame::subtract2: out = b⁻¹ ∘ a. */
ACP_ABI void acp_abi_frame_subtract2(acp_frame *out, const acp_frame *a, const acp_frame *b)
{
    acp_frame_subtract2(out, a, b);
}
/** Frame::get_heading, degrees. */
ACP_ABI double acp_abi_frame_get_heading(const acp_frame *f) { return acp_frame_get_heading(f); }
/** Frame::set_heading, degrees. */
ACP_ABI void acp_abi_frame_set_heading(acp_frame *f, float degrees) { acp_frame_set_heading(f, degrees); }
/** Frame::set_vector_heading. */
ACP_ABI void acp_abi_frame_set_vector_heading(acp_frame *f, float x, float y, float z)
{
    acp_vec3 v = {x, y, z};
    acp_frame_set_vector_heading(f, v);
}
/** Frame::grotate: global axis-angle, radians. */
ACP_ABI void acp_abi_frame_grotate(acp_frame *f, float x, float y, float z)
{
    acp_vec3 v = {x, y, z};
    acp_frame_grotate(f, v);
}
/** Frame::rotate: local axis-angle, radians. */
ACP_ABI void acp_abi_frame_rotate(acp_frame *f, float x, float y, float z)
{
    acp_vec3 v = {x, y, z};
    acp_frame_rotate(f, v);
}
/** Frame::euler_set_rotate, radians, Shoemake order. */
ACP_ABI void acp_abi_frame_euler_set_rotate(acp_frame *f, float x, float y, float z, int order)
{
    acp_frame_euler_set_rotate(f, x, y, z, order);
}
/** Frame::localtoglobal (kind 0), globaltolocal (1), localtoglobalvec (2), globaltolocalvec (3):
 *  reads the vec3 at io and overwrites it with the result. */
ACP_ABI void acp_abi_frame_transform(const acp_frame *f, int kind, acp_vec3 *io)
{
    switch (kind) {
    case 0: *io = acp_frame_localtoglobal(f, *io); break;
    case 1: *io = acp_frame_globaltolocal(f, *io); break;
    case 2: *io = acp_frame_localtoglobalvec(f, *io); break;
    default: *io = acp_frame_globaltolocalvec(f, *io); break;
    }
}
/** Frame::interpolate_rotation. */
ACP_ABI void acp_abi_frame_interpolate_rotation(acp_frame *out, const acp_frame *from,
                                                const acp_frame *to, float t)
{
    acp_frame_interpolate_rotation(out, from, to, t);
}

/* ---- Position / LandDefs ---- */

/** Position::get_offset: writes the vec3 from `from` to `to` (metres, world axes) to out. */
ACP_ABI void acp_abi_position_get_offset(const acp_position *from, const acp_position *to, acp_vec3 *out)
{
    *out = acp_position_get_offset(from, to);
}
/** Position::distance, metres. */
ACP_ABI double acp_abi_position_distance(const acp_position *from, const acp_position *to)
{
    return acp_position_distance(from, to);
}
/** LandDefs::adjust_to_outside on (cell, origin) in place; returns 1 on success. */
ACP_ABI int acp_abi_landdefs_adjust_to_outside(uint32_t *cell_id, acp_vec3 *loc)
{
    return acp_landdefs_adjust_to_outside(cell_id, loc);
}

/* ---- determinism ---- */

/** Low and high 32 bits of acp_math_digest(count). */
ACP_ABI uint32_t acp_abi_math_digest_lo(uint32_t count) { return (uint32_t)acp_math_digest(count); }
ACP_ABI uint32_t acp_abi_math_digest_hi(uint32_t count) { return (uint32_t)(acp_math_digest(count) >> 32); }

/* ---- DAT records (src/dat/dat.h, writer.h) ----
 * A record store is reached through a handle (a pointer) that also keeps the last error, so
 * JavaScript reads the failing code, offset and field after any call that returned non-zero.
 * Statuses are acp_dat_status values: 0 ok, 1 pending, 2+ errors (acp_abi_dat_status_name).
 * File offsets cross as doubles (exact below 2^53). */

typedef struct abi_dat {
    acp_datset *set;
    acp_dat_error err;
} abi_dat;

static int abi_dat_status(abi_dat *d, acp_dat_status st)
{
    if (st != ACP_DAT_OK && d->err.status != st) acp_dat_fail(&d->err, st, 0, "", 0, false);
    if (st == ACP_DAT_OK) acp_dat_error_clear(&d->err);
    return (int)st;
}

/** A new, empty record store; 0 when out of memory. Free it with acp_abi_dat_destroy. */
ACP_ABI abi_dat *acp_abi_dat_create(void)
{
    abi_dat *d = calloc(1, sizeof *d);
    if (!d) return NULL;
    d->set = acp_datset_create();
    if (!d->set) {
        free(d);
        return NULL;
    }
    acp_dat_error_clear(&d->err);
    return d;
}
/** Free a record store and every record it holds. */
ACP_ABI void acp_abi_dat_destroy(abi_dat *d)
{
    if (!d) return;
    acp_datset_destroy(d->set);
    free(d);
}
/** Parse every record of the DAT at bytes[0..size) (an excerpt) into the store: all or none.
 *  The bytes may be freed afterwards. Returns a status. */
ACP_ABI int acp_abi_dat_add_bytes(abi_dat *d, const uint8_t *bytes, uint32_t size)
{
    return abi_dat_status(d, acp_datset_add_dat_bytes(d->set, bytes, size, &d->err));
}
/** Register a DAT of `length` bytes read lazily: its bytes are supplied on demand with
 *  acp_abi_dat_supply. Returns the source index (>= 0) or −status. */
ACP_ABI int acp_abi_dat_add_lazy(abi_dat *d, double length)
{
    uint32_t index = 0;
    if (!(length >= 0) || length > 9007199254740992.0) return -abi_dat_status(d, ACP_DAT_ERR_ARGUMENT);
    acp_dat_status st = acp_datset_add_cached_source(d->set, (uint64_t)length, &index, &d->err);
    return st == ACP_DAT_OK ? (int)index : -abi_dat_status(d, st);
}
/** Load record `id` from the lazy sources if a newer copy exists: 0 ok, 1 pending (read
 *  acp_abi_dat_wanted_*, supply that range, call again), else an error status. */
ACP_ABI int acp_abi_dat_require(abi_dat *d, uint32_t id)
{
    return abi_dat_status(d, acp_datset_require(d->set, id, &d->err));
}
/** The lazy source whose bytes the last pending call wants, or −1. */
ACP_ABI int acp_abi_dat_wanted_source(abi_dat *d)
{
    uint32_t index;
    return acp_datset_wanted(d->set, &index, NULL, NULL) ? (int)index : -1;
}
/** File offset of the wanted range (bytes). */
ACP_ABI double acp_abi_dat_wanted_offset(abi_dat *d)
{
    uint64_t offset = 0;
    acp_datset_wanted(d->set, NULL, &offset, NULL);
    return (double)offset;
}
/** Length of the wanted range (bytes). */
ACP_ABI uint32_t acp_abi_dat_wanted_length(abi_dat *d)
{
    uint32_t length = 0;
    acp_datset_wanted(d->set, NULL, NULL, &length);
    return length;
}
/** Supply bytes[0..length) as the file's bytes at `offset` of lazy source `source` (copied). */
ACP_ABI int acp_abi_dat_supply(abi_dat *d, uint32_t source, double offset, const uint8_t *bytes, uint32_t length)
{
    if (!(offset >= 0) || offset > 9007199254740992.0) return abi_dat_status(d, ACP_DAT_ERR_ARGUMENT);
    return abi_dat_status(d, acp_datset_supply(d->set, source, (uint64_t)offset, bytes, length));
}
/** The last error's status (0 after a successful call). */
ACP_ABI int acp_abi_dat_error_status(abi_dat *d) { return (int)d->err.status; }
/** The last error's byte offset: within the record when acp_abi_dat_error_in_record is 1, else
 *  within the file. */
ACP_ABI double acp_abi_dat_error_offset(abi_dat *d) { return (double)d->err.offset; }
/** 1 when the last error's offset counts from the record's first byte. */
ACP_ABI int acp_abi_dat_error_in_record(abi_dat *d) { return d->err.in_record ? 1 : 0; }
/** The last error's field name (static string, "" when none). */
ACP_ABI const char *acp_abi_dat_error_field(abi_dat *d) { return d->err.field ? d->err.field : ""; }
/** The id of the record the last error was about (0 for file-level errors). */
ACP_ABI uint32_t acp_abi_dat_error_record(abi_dat *d) { return d->err.record_id; }
/** Static message of a status. */
ACP_ABI const char *acp_abi_dat_status_string(int status) { return acp_dat_status_string((acp_dat_status)status); }
/** Static name of a status, e.g. "ACP_DAT_ERR_FREE_BLOCK". */
ACP_ABI const char *acp_abi_dat_status_name(int status) { return acp_dat_status_name((acp_dat_status)status); }
/** Number of records held. */
ACP_ABI uint32_t acp_abi_dat_count(abi_dat *d) { return (uint32_t)acp_datset_count(d->set); }
/** Id of the index-th record in (type, id) order (0 past the end). */
ACP_ABI uint32_t acp_abi_dat_record_id(abi_dat *d, uint32_t index)
{
    const acp_dat_record *r = acp_datset_record_at(d->set, index);
    return r ? r->id : 0;
}
/** Type (acp_dat_type: 1 Setup, 2 Animation, 3 MotionTable, 4 LandBlock, 5 Region) of the
 *  index-th record (0 past the end). */
ACP_ABI int acp_abi_dat_record_type(abi_dat *d, uint32_t index)
{
    const acp_dat_record *r = acp_datset_record_at(d->set, index);
    return r ? (int)r->type : 0;
}
/** Record (type, id) as JSON (see acp_dat_record_json; a LandBlock lists "z" when the store
 *  holds Region 0x13000000): a NUL-terminated string to release with acp_abi_free, or 0 when the
 *  record is absent or memory ran out. */
ACP_ABI char *acp_abi_dat_json(abi_dat *d, int type, uint32_t id)
{
    const acp_dat_record *r = acp_datset_record(d->set, (acp_dat_type)type, id);
    if (!r) return NULL;
    return acp_dat_record_json(r, acp_datset_region(d->set, 0x13000000u), NULL);
}
/** LandBlock `id` in memory (0 when absent): u32 id at +0, u32 has_objects at +4, u16
 *  terrain[81] at +8, u8 height[81] at +170 (element x*9 + y). */
ACP_ABI const acp_landblock *acp_abi_dat_landblock(abi_dat *d, uint32_t id) { return acp_datset_landblock(d->set, id); }
/** The 256-float LandHeightTable (metres) of Region `id`, or 0 when absent. */
ACP_ABI const float *acp_abi_dat_land_height_table(abi_dat *d, uint32_t id)
{
    const acp_region *g = acp_datset_region(d->set, id);
    return g ? g->land_height_table : NULL;
}

typedef struct abi_writer {
    acp_dat_writer *w;
    uint8_t *out;
    size_t out_size;
} abi_writer;

/** A DAT writer for data set 1 (portal) or 2 (cell) with the default header of
 *  acp_dat_header_default; block_size 0 keeps its size (1024 portal, 256 cell). 0 on failure. */
ACP_ABI abi_writer *acp_abi_dat_writer_create(uint32_t data_set, uint32_t block_size)
{
    acp_dat_header h = acp_dat_header_default(data_set);
    if (block_size) h.block_size = block_size;
    abi_writer *aw = calloc(1, sizeof *aw);
    if (!aw) return NULL;
    aw->w = acp_dat_writer_create(&h);
    if (!aw->w) {
        free(aw);
        return NULL;
    }
    return aw;
}
/** Add record `id` (bytes copied) with entry flags (bit 0 compressed, bits 16-31 version), date
 *  (Unix seconds) and iteration. Returns a status (ERR_DUPLICATE_ID, ...). */
ACP_ABI int acp_abi_dat_writer_add(abi_writer *aw, uint32_t id, const uint8_t *bytes, uint32_t size, uint32_t flags,
                                   int32_t date, int32_t iteration)
{
    acp_dat_entry e = {flags, id, 0, size, date, iteration};
    return (int)acp_dat_writer_add(aw->w, &e, bytes, size);
}
/** Lay out the DAT; then acp_abi_dat_writer_bytes / _size give it. Returns a status. */
ACP_ABI int acp_abi_dat_writer_finish(abi_writer *aw)
{
    free(aw->out);
    aw->out = NULL;
    aw->out_size = 0;
    return (int)acp_dat_writer_finish(aw->w, &aw->out, &aw->out_size);
}
/** The finished DAT's bytes (valid until the next finish or destroy). */
ACP_ABI const uint8_t *acp_abi_dat_writer_bytes(abi_writer *aw) { return aw->out; }
/** The finished DAT's size in bytes. */
ACP_ABI uint32_t acp_abi_dat_writer_size(abi_writer *aw) { return (uint32_t)aw->out_size; }
/** Free the writer and its output. */
ACP_ABI void acp_abi_dat_writer_destroy(abi_writer *aw)
{
    if (!aw) return;
    acp_dat_writer_destroy(aw->w);
    free(aw->out);
    free(aw);
}
