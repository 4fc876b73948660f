/* acphys — the snapshot files' shared parts (snapshot.c: the world, its lists and the streams;
 * snapshot_object.c: an object's fields; snapshot_io.c: bytes and numbers). Not part of any API. */
#ifndef ACP_SNAPSHOT_INTERNAL_H
#define ACP_SNAPSHOT_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "physics/geometry/position.h"
#include "snapshot.h"

struct acp_world;
struct acp_physobj;
struct acp_particle;
typedef struct acp_world acp_world;
typedef struct acp_physobj acp_physobj;

#define NO_INDEX 0xFFFFFFFFu      /* no object (an object reference), no index */
#define CELL_ENTRY 0xFFFFFFFFu
#define POOL_PARTS 0xFFFFFFFFu    /* part_array.setup: a particle object's (the fx pool's shared one) */    /* a cell's object-list entry (not one of the object's shadows) */



/* snapshot_io.c */
bool snap_put(acp_snap_io *io, const uint8_t *b, size_t n, const char *field);
bool snap_get(acp_snap_io *io, uint8_t *b, size_t n, const char *field);
void snap_set_where(acp_snap_io *io, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/** An index below n (or NO_INDEX when allow_none). */
void snap_index(acp_snap_io *io, uint32_t *v, uint32_t n, bool allow_none, const char *field);
void snap_vec3(acp_snap_io *io, acp_vec3 *v, const char *field);
void snap_frame(acp_snap_io *io, acp_frame *f, const char *field);
void snap_position(acp_snap_io *io, acp_position *p, const char *field);
/** Reading: n records of at least `each` bytes must fit in the bytes left before the checksum
 *  (a count the file's own length cannot hold is refused before anything is allocated from it);
 *  named at the count just read (4 bytes back). */
static inline bool snap_fits(acp_snap_io *io, uint64_t n, size_t each, const char *field)
{
    if (io->writing || io->failed || n * each <= io->size - io->pos) return !io->failed;
    io->pos -= 4;
    return !acp_snap_fail(io, field, "%llu records of at least %zu bytes each, but %zu bytes follow", (unsigned long long)n,
                          each, io->size - io->pos - 4);
}

/* snapshot_object.c: objects by index, records by id */
typedef struct obj_slot {
    const acp_physobj *obj;
    uint32_t index;
} obj_slot;

typedef struct snap_ctx {
    acp_snap_io *io;
    acp_world *w;
    acp_physobj **all;               /* table objects, static-only objects, block statics */
    obj_slot *by_address;            /* writing: all, sorted by address (object_index) */
    uint32_t num_all, num_table, num_static_only;
    bool object_mode;                /* one object handed over (acp_object_*): fx and particles travel inline */
    uint32_t num_pobjs;              /* the emitters' particle objects in use (last in all) */
    uint32_t pobj_base;              /* their first index in all */
    /* reading a world: each fx block below the pool's num_fx, 1 on its free stack, 2 an
     * object's (no block both, none twice); the free stack's count field's offset and how many
     * the objects use, for the check that every block is one or the other */
    uint8_t *fx_use;
    size_t fx_free_at;
    uint32_t fx_used;
    /* an object handed over: the emitter slots whose particle objects its child list held, in
     * that order (remade in the importing world once the object is in its cell) */
    uint8_t pobj_slots[8];
    uint32_t num_pobj_slots;
    size_t pobjs_at;                 /* reading a world: world.num_particle_objects' offset */
} snap_ctx;

uint32_t snap_object_index(const snap_ctx *c, const acp_physobj *obj);
int snap_by_address_cmp(const void *a, const void *b);
void snap_object_ref(snap_ctx *c, acp_physobj **obj, const char *field);
void snap_particle(acp_snap_io *io, struct acp_particle *p);
/** Every field of one object (block_static: a landblock static the fresh world made itself). */
void snap_object_body(snap_ctx *c, acp_physobj *obj, bool block_static);
/* snapshot_motion.c: the movement manager's fields */
void snap_movement_manager(acp_snap_io *io, acp_physobj *obj);
/* snapshot.c: an object handed over: its emitters' particle objects (c->pobj_slots) */
void snap_particle_objects(snap_ctx *c, acp_physobj *obj);

#endif
