/* acphys — DAT status codes and the bounds-checked little-endian byte reader.
 *
 * CONVENTIONS
 *   Every DAT function returns an acp_dat_status. ACP_DAT_OK is 0, ACP_DAT_PENDING (1) means
 *   "the bytes are not loaded yet: supply them and call again" (the browser's asynchronous
 *   File.slice reads, see container.h), and every other code is one specific failure with a
 *   static message (acp_dat_status_string) and a stable name (acp_dat_status_name).
 *   A failure is described by an acp_dat_error: the code, the byte offset where it was found,
 *   a static field name such as "setup.spheres.count", and the id of the record being read.
 *   Data never asserts or aborts: malformed input only ever produces a status.
 *
 *   The reader (acp_reader) walks one buffer of `size` bytes. Every read checks the bytes left
 *   first, in the form `n > size - pos`, which cannot overflow. The first failure is sticky:
 *   it records its code, offset and field; that read and every later one return 0 (floats 0.0f)
 *   and leave `pos` unchanged, so a parser may read on and test the status once.
 *   Multi-byte values are little-endian and decoded byte by byte; floats are built from their
 *   uint32 bit pattern with memcpy, so parsing is pure and identical on every target.
 */
#ifndef ACP_DAT_READER_H
#define ACP_DAT_READER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/types.h"

/* X(name, message): the one list of DAT status codes, in a fixed order (the values are part of
 * the WASM ABI and of tests/data/dat-malformed/manifest.json, which names them). Append only. */
#define ACP_DAT_STATUS_LIST(X) \
    X(OK, "ok") \
    X(PENDING, "the bytes are not loaded yet: supply the wanted range and call again") \
    X(ERR_TRUNCATED, "the data ends before this field") \
    X(ERR_COUNT, "a count is larger than the bytes left can hold") \
    X(ERR_LIMIT, "a count exceeds the parser's named limit") \
    X(ERR_TRAILING_BYTES, "bytes are left over after a record that was parsed completely") \
    X(ERR_FRAME_NOT_FINITE, "a frame has a NaN or infinite component") \
    X(ERR_FRAME_BAD_QUATERNION, "a frame's quaternion is far from unit length (AFrame::IsValid)") \
    X(ERR_FLOAT_NOT_FINITE, "a physics value is NaN or infinite") \
    X(ERR_HOOK_UNKNOWN_TYPE, "an animation hook has a type retail's CAnimHook::UnPackHook does not read") \
    X(ERR_DUPLICATE_KEY, "a keyed table holds the same key twice") \
    X(ERR_ID_MISMATCH, "the record's own id differs from its directory id") \
    X(ERR_REGION_VERSION, "the region's version is not 3") \
    X(ERR_REGION_HEIGHT_RANGE, "a land height is NaN or outside [0, 800] metres") \
    X(ERR_UNSUPPORTED_TYPE, "there is no parser for this record type") \
    X(ERR_HEADER_TRUNCATED, "the file is too short for the DAT header") \
    X(ERR_BAD_MAGIC, "not a DAT file: the magic at 0x140 is not 0x5442") \
    X(ERR_BAD_BLOCK_SIZE, "the block size is outside [8, 65536]") \
    X(ERR_BLOCK_OUT_OF_RANGE, "a block pointer (read at the offset given) points outside the file's data area") \
    X(ERR_FREE_BLOCK, "a block chain reaches a free block (link with bit 31 set)") \
    X(ERR_CHAIN_LOOP, "a block link (read at the offset given) leads back into its own chain") \
    X(ERR_CHAIN_SHORT, "a block chain ends before the record's size") \
    X(ERR_CHAIN_TOO_LONG, "the last block of a record links to another block") \
    X(ERR_BLOCKS_OVERCOMMITTED, "the directory describes more data than the file holds (shared blocks)") \
    X(ERR_RECORD_TOO_LARGE, "a record's size exceeds what the file can hold") \
    X(ERR_BTREE_ENTRY_COUNT, "a B-tree node has more than 61 entries (or a negative count)") \
    X(ERR_BTREE_UNSORTED, "B-tree ids are not strictly ascending") \
    X(ERR_BTREE_CYCLE, "a B-tree branch (read at the offset given) leads to one of its own ancestors") \
    X(ERR_BTREE_DEPTH, "the B-tree is deeper than ACP_DAT_MAX_BTREE_DEPTH") \
    X(ERR_BTREE_BAD_BRANCH, "an internal B-tree node has a null branch") \
    X(ERR_BTREE_EMPTY_NODE, "a B-tree node below the root has no entries") \
    X(ERR_COMPRESSED, "compressed records are not supported (end-of-retail files have none)") \
    X(ERR_NOT_FOUND, "no record with this id") \
    X(ERR_IO, "the read callback failed") \
    X(ERR_OUT_OF_MEMORY, "out of memory") \
    X(ERR_ARGUMENT, "invalid argument") \
    X(ERR_FILE_TOO_LARGE, "the excerpt would not fit the container's 31-bit offsets") \
    X(ERR_DUPLICATE_ID, "the same id was added twice to an excerpt") \
    X(ERR_INDEX, "an index names a vertex or polygon the record does not have") \
    X(ERR_VERTEX_TYPE, "a vertex array's type is not 1 (CSWVertex), the only type retail reads") \
    X(ERR_PARTICLE_TYPE, "an emitter's particle type is outside retail's ParticleType (0..12)") \
    X(ERR_SCENE_SCALE, "a scene object's scale range is not positive (ObjectDesc::ScaleObj divides by min_scale)")

#define ACP_DAT_ENUM_(name, msg) ACP_DAT_##name,
typedef enum acp_dat_status { ACP_DAT_STATUS_LIST(ACP_DAT_ENUM_) ACP_DAT_STATUS_COUNT } acp_dat_status;
#undef ACP_DAT_ENUM_

/** Static message for a status ("unknown status" for values outside the list). */
const char *acp_dat_status_string(acp_dat_status status);
/** Static name of a status as spelled in C, e.g. "ACP_DAT_ERR_FREE_BLOCK". */
const char *acp_dat_status_name(acp_dat_status status);

/** Where and why a DAT read failed. `offset` counts from the first byte of the record when
 *  `in_record` is true (record parsers), else from the start of the file (container). */
typedef struct acp_dat_error {
    acp_dat_status status;
    const char *message;               /* acp_dat_status_string(status) */
    uint64_t offset;                   /* bytes */
    const char *field;                 /* static, e.g. "animation.frames.hooks.type"; "" if none */
    uint32_t record_id;                /* record being read or parsed; 0 for file-level errors */
    bool in_record;
} acp_dat_error;

/** Fill *err (when not NULL) and return `status`. */
acp_dat_status acp_dat_fail(acp_dat_error *err, acp_dat_status status, uint64_t offset,
                            const char *field, uint32_t record_id, bool in_record);
/** Reset *err (when not NULL) to ACP_DAT_OK. */
void acp_dat_error_clear(acp_dat_error *err);

/** The bounds-checked reader over one buffer (see CONVENTIONS). */
typedef struct acp_reader {
    const uint8_t *data;
    size_t size;
    size_t pos;                        /* next byte to read */
    acp_dat_status status;             /* first failure, sticky; ACP_DAT_OK while none */
    size_t err_pos;                    /* offset of the first failure */
    const char *err_field;             /* field of the first failure */
} acp_reader;

/** A reader over data[0..size). */
acp_reader acp_reader_make(const uint8_t *data, size_t size);
/** True while no read has failed. */
static inline bool acp_reader_ok(const acp_reader *r) { return r->status == ACP_DAT_OK; }
/** Bytes left (0 after a failure). */
size_t acp_reader_left(const acp_reader *r);
/** Record a failure at offset `at` unless one is already recorded. */
void acp_reader_fail(acp_reader *r, acp_dat_status status, size_t at, const char *field);

/* The readers below take `field`, the static name recorded if this read is the first to fail,
 * and return 0 (0.0f) once the reader has failed. */

/** One byte. */
uint8_t acp_reader_u8(acp_reader *r, const char *field);
/** A little-endian u16. */
uint16_t acp_reader_u16(acp_reader *r, const char *field);
/** A little-endian u32. */
uint32_t acp_reader_u32(acp_reader *r, const char *field);
/** A little-endian two's-complement i32. */
int32_t acp_reader_i32(acp_reader *r, const char *field);
/** A float from its little-endian bit pattern, as stored (NaN and infinities pass). */
float acp_reader_f32(acp_reader *r, const char *field);
/** As acp_reader_f32, failing with ERR_FLOAT_NOT_FINITE on NaN or an infinity. */
float acp_reader_f32_finite(acp_reader *r, const char *field);
/** Three finite floats. */
acp_vec3 acp_reader_vec3_finite(acp_reader *r, const char *field);
/** Copy n bytes to out (zeroed on failure). */
void acp_reader_bytes(acp_reader *r, void *out, size_t n, const char *field);
/** Skip n bytes. */
void acp_reader_skip(acp_reader *r, size_t n, const char *field);
/** Skip to the next multiple of 4 from the start of the buffer (retail PackObj::ALIGN_PTR; the
 *  record buffer starts 4-aligned in retail, so its absolute alignment is this one). */
void acp_reader_align4(acp_reader *r, const char *field);

/** Read a u32 count and check it before any loop or allocation: above `limit` fails with
 *  ERR_LIMIT; `count × min_elem_size` above the bytes left fails with ERR_COUNT (both at the
 *  count's own offset). Returns 0 on failure. min_elem_size is in bytes (0 skips that test). */
uint32_t acp_reader_count(acp_reader *r, uint64_t min_elem_size, uint32_t limit, const char *field);
/** The same test for a count already read at offset `at` (a u8 count, or a product). */
bool acp_reader_check_count(acp_reader *r, uint64_t count, uint64_t min_elem_size, uint64_t limit,
                            size_t at, const char *field);

/** Read an AFrame (28 bytes: origin x, y, z, then qw, qx, qy, qz) and validate it: a NaN or
 *  infinite component fails with ERR_FRAME_NOT_FINITE, a quaternion failing retail's
 *  AFrame::IsValid norm test (|float(qz²+qy²+qx²+qw²) − 1| > 5 × EPSILON) with
 *  ERR_FRAME_BAD_QUATERNION, both at the frame's first byte. Retail: AFrame::UnPack
 *  (0x005A9FB0) and AFrame::IsValid (0x005A9E30); retail's callers ignore an invalid frame,
 *  acphys refuses it (docs/DEVIATIONS.md). */
acp_aframe acp_reader_aframe(acp_reader *r, const char *field);

/** Store v little-endian at p[0..2). */
void acp_put_u16(uint8_t *p, uint16_t v);
/** Store v little-endian at p[0..4). */
void acp_put_u32(uint8_t *p, uint32_t v);
/** Little-endian loads from memory already known to hold 4 bytes. */
uint32_t acp_get_u32(const uint8_t *p);

#endif
