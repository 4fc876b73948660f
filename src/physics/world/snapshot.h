/* acphys — world snapshots: the whole mutable state of a world (acp_world and every object it
 * holds) as an endian-fixed byte stream, and its restoration into a fresh world that holds the
 * same records. Not retail: an acphys facility (docs/EMBEDDING.md "Snapshots").
 *
 * FORMAT (version ACP_SNAPSHOT_VERSION; every number little-endian, floats and doubles as their
 * IEEE-754 bits, booleans one byte 0 or 1; written field by field, never a struct's memory):
 *   header   "ACPSNAP\0", u32 version, u32 header bytes (32), u64 records digest, u32 profile,
 *            u32 sections flags (bit 0: a host section follows the world)
 *   world    the clock, counters, generator, the object table's order and serials, the static
 *            workset, the player, every object's state (objects by table order, then the
 *            static-only ones, then the landblock statics), the fx pool (its blocks handed
 *            out, then its free stack of blocks given back, bottom first), the shadow lists
 *   host     optional: the caller's own section (the scenario runner's position)
 *   trailer  u64 FNV-1a 64 of every byte before it
 * Pointers are written as what they name: records by id, objects by their index in the order
 * above, a particle by its pool slot, a shadow by (object, slot). Caches that recompute the same
 * bits (the root-motion memo, the part array's validity and reach caches) are not written. A
 * cell list entry's reach copy is written but made again from its object on restore (its form,
 * docs/SHORTCUTS.md S26, follows the build).
 * Version 2 (issue 38): the fx pool's free stack; an exported object's particle objects (by
 * emitter slot, in its child list's order). Other versions are refused at the version field.
 */
#ifndef ACP_SNAPSHOT_H
#define ACP_SNAPSHOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct acp_world;

#define ACP_SNAPSHOT_VERSION 2u /* 2: the fx pool's free stack; particle objects travel with their object */
#define ACP_SNAPSHOT_HEADER_BYTES 32u

/** A snapshot stream being written (into a growing heap buffer) or read (bounds-checked). */
typedef struct acp_snap_io {
    bool writing;
    /* writing */
    uint8_t *buf;
    size_t len, cap;
    /* reading */
    const uint8_t *in;
    size_t pos, size;
    /* both */
    bool failed;
    char error[320];                 /* "offset N, <where> <field>: <what>" */
    char where[96];                  /* the record being read ("object 3 (0x50000001)") */
    /* writing: the field that covers byte find_at is named in found (tests: where two snapshots
     * differ); find_at = SIZE_MAX (acp_snapshot_write_world's default) for none */
    size_t find_at;
    char found[160];
    /* writing: the offset of the first field named find_field whose record's name contains
     * find_where (NULL: any), in field_at (SIZE_MAX: not met); tests build malformed snapshots
     * with it. Both NULL by default. */
    const char *find_field, *find_where;
    size_t field_at;
} acp_snap_io;

/** FNV-1a 64 of bytes, continuing h (start with ACP_SNAP_FNV_BASIS). */
#define ACP_SNAP_FNV_BASIS 0xcbf29ce484222325ull
uint64_t acp_snap_fnv(uint64_t h, const void *bytes, size_t n);

/* Field transfers: write *v, or read into *v (on a failed stream they do nothing). `field` names
 * the field in error messages. */
void acp_snap_u8(acp_snap_io *io, uint8_t *v, const char *field);
void acp_snap_bool(acp_snap_io *io, bool *v, const char *field);
void acp_snap_u16(acp_snap_io *io, uint16_t *v, const char *field);
void acp_snap_i16(acp_snap_io *io, int16_t *v, const char *field);
void acp_snap_u32(acp_snap_io *io, uint32_t *v, const char *field);
void acp_snap_i32(acp_snap_io *io, int32_t *v, const char *field);
void acp_snap_u64(acp_snap_io *io, uint64_t *v, const char *field);
void acp_snap_f32(acp_snap_io *io, float *v, const char *field);
void acp_snap_f64(acp_snap_io *io, double *v, const char *field);
/** A count read must be at most max (written as u32). */
void acp_snap_count(acp_snap_io *io, uint32_t *v, uint32_t max, const char *field);
/** Fail the stream: the message names the current offset, io->where and field. Returns false. */
bool acp_snap_fail(acp_snap_io *io, const char *field, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/** Write the header and the world's state into io (writing). With has_host the caller writes
 *  its section next, then calls acp_snapshot_finish. False (io->error) when the world holds a
 *  state no snapshot can name: a hand-built part array, a one-shot anim hook pending mid-quantum,
 *  a transition in progress. Load time only (it allocates). */
bool acp_snapshot_write_world(acp_snap_io *io, const struct acp_world *w, uint64_t records_digest, bool has_host);
/** Append the trailer (the checksum). */
bool acp_snapshot_finish(acp_snap_io *io);

/** Open a snapshot for reading: header (magic, version, the records' digest equal to
 *  records_digest, the profile equal to `profile`) and, with check_sum, the trailer's checksum.
 *  *has_host receives whether a host section follows the world. False with io->error naming the
 *  offset and field. */
bool acp_snapshot_open(acp_snap_io *io, const uint8_t *bytes, size_t size, uint64_t records_digest, uint32_t profile,
                       bool check_sum, bool *has_host);
/** Read the world section into w: a fresh world (no objects of its own, nothing stepped) with the
 *  same records, terrain and capacity as the one written. False with io->error; w is then in an
 *  unspecified state (destroy it). */
bool acp_snapshot_read_world(acp_snap_io *io, struct acp_world *w);
/** After the host section: the stream must end at the trailer. */
bool acp_snapshot_close(acp_snap_io *io);

struct acp_physobj;

/** One object's state (ACPOBJ: the header as a world snapshot's, the object's id, whether it is
 *  in the static animating workset, the object's fields as in a world snapshot, its scripts and
 *  its emitters' particles inline; a checksum last). The caller has made it ready to travel
 *  (acp_object_export in src/api/snapshot.c). */
bool acp_object_snapshot_write(acp_snap_io *io, const struct acp_world *w, const struct acp_physobj *obj, uint64_t records_digest);
/** The bytes an object's write can grow by when export clears what cannot travel (collision
 *  ends reported; with cancels_moveto, a move-to or turn-to an object cancelled): added to the
 *  write's length, an upper bound of the cleared form's. */
size_t acp_object_snapshot_clearing_bound(const struct acp_physobj *obj, bool cancels_moveto);

/** Make the object of `bytes` in w (same records, same profile): its state, a fx block and
 *  particles from w's pools, shadow slots from w's; then into its cell and the cells its shapes
 *  overlap (none when its cell is not loaded in w: it then has no cell and is inactive). NULL
 *  with io->error (offset and field); *exists when w has an object with its id. */
struct acp_physobj *acp_object_snapshot_read(acp_snap_io *io, struct acp_world *w, const uint8_t *bytes, size_t size,
                                             uint64_t records_digest, bool *exists);

/** Free a writing stream's buffer. */
void acp_snap_io_free(acp_snap_io *io);

#endif
