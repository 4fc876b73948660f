/* acphys — the WebAssembly ABI, DAT records: the record store, the DAT writer, and a user's full DAT read lazily
 * (src/dat/dat.h, writer.h).
 * Conventions: wasm/abi/abi.h. */
#include "abi.h"

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

/* ---- terrain and objects from a record store: the DAT, motion and terrain pieces together ---- */

/** Load landblock `id` (0xXXYYFFFF) of record store `d` into terrain t, its heights through the
 *  store's Region 0x13000000 (acp_terrain_add_landblock on the parsed records). Returns an
 *  acp_terrain_status: 1 (bad argument) when the store lacks either record. */
ACP_ABI uint32_t acp_abi_terrain_add_dat_landblock(acp_terrain *t, abi_dat *d, uint32_t id)
{
    return acp_terrain_add_landblock(t, acp_datset_landblock(d->set, id), acp_datset_region(d->set, 0x13000000u));
}
/** Give obj Setup `setup_id` of record store `d`, with the store as the source of its animations
 *  and motion tables (acp_datset_source): acp_physobj_set_setup. 1 on success, 0 when the store
 *  has no such Setup or memory ran out. The store must outlive the object. */
ACP_ABI int acp_abi_physobj_set_setup_dat(acp_physobj *obj, abi_dat *d, uint32_t setup_id)
{
    const acp_setup *setup = acp_datset_setup(d->set, setup_id);
    if (!setup) return 0;
    acp_record_source src = acp_datset_source(d->set);
    return acp_physobj_set_setup(obj, setup, &src);
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
    acp_dat_entry e = {flags, id, 0, size, date, iteration, 0, 0, 0};
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

/* A user's full client_portal.dat / client_cell_1.dat, read lazily (the page's File.slice):
 * copy a record's raw bytes and directory entry out of it, so the page writes the records a
 * scenario needs into an excerpt (acp_abi_dat_writer_*) and hands that to the run. Reads follow
 * the DatSet protocol: a call that returns 1 (pending) names the byte range it wants
 * (acp_abi_lazydat_wanted_*); supply it and call again. Errors: acp_abi_dat_status_* names. */
typedef struct abi_lazydat {
    acp_dat_cache cache;
    acp_dat_container c;
    bool opened;
    acp_dat_error err;
    acp_dat_entry entry;             /* the last record read */
    uint8_t *bytes;                  /* its bytes */
    char *json;                      /* its parse as JSON (acp_dat_record_json), for the page's
                                        walk from Setup to MotionTable to Animation ids */
    acp_dat_ref *refs;               /* the records it names (acp_dat_record_refs) of the types
                                        acphys parses: the closure `acphys excerpt` follows */
    uint32_t num_refs;
} abi_lazydat;

/** A lazy DAT of `length` bytes (a double: files above 4 GiB are fine); 0 when out of memory. */
ACP_ABI abi_lazydat *acp_abi_lazydat_create(double length)
{
    abi_lazydat *d = calloc(1, sizeof *d);
    if (!d) return NULL;
    d->cache = acp_dat_cache_make((uint64_t)length);
    acp_dat_error_clear(&d->err);
    return d;
}
ACP_ABI void acp_abi_lazydat_destroy(abi_lazydat *d)
{
    if (!d) return;
    acp_dat_cache_free(&d->cache);
    free(d->bytes);
    free(d->json);
    free(d->refs);
    free(d);
}
static int lazydat_status(abi_lazydat *d, acp_dat_status st)
{
    if (st == ACP_DAT_OK) acp_dat_error_clear(&d->err);
    else if (d->err.status != st) acp_dat_fail(&d->err, st, 0, "", 0, false);
    return (int)st;
}
/** Open the container (read and check its header): 0 ok, 1 pending, else an error status. */
ACP_ABI int acp_abi_lazydat_open(abi_lazydat *d)
{
    if (d->opened) return 0;
    acp_dat_source src = {acp_dat_cache_read, &d->cache, d->cache.file_length};
    acp_dat_status st = acp_dat_container_open(&d->c, src, &d->err);
    if (st == ACP_DAT_OK) d->opened = true;
    return lazydat_status(d, st);
}
/** The header's data set (1 portal, 2 cell) and block size; 0 before the container is open. */
ACP_ABI uint32_t acp_abi_lazydat_data_set(const abi_lazydat *d) { return d->opened ? d->c.header.data_set : 0; }
ACP_ABI uint32_t acp_abi_lazydat_block_size(const abi_lazydat *d) { return d->opened ? d->c.header.block_size : 0; }
/* The records `rec` names (acp_dat_record_refs, in field order, each once) whose type acphys
 * parses, in either DAT: what `acphys excerpt` follows (src/cli/dat_cmd.c follow_refs), so the
 * page copies the same closure out of a full DAT, and hands a cell record's portal references
 * (Environments, building shells, statics) to the portal DAT. */
static acp_dat_status lazydat_refs(abi_lazydat *d, const acp_dat_record *rec)
{
    size_t n = acp_dat_record_refs(rec, NULL, 0);
    if (!n) return ACP_DAT_OK;
    acp_dat_ref *all = malloc(n * sizeof *all);
    if (!all) return acp_dat_fail(&d->err, ACP_DAT_ERR_OUT_OF_MEMORY, 0, "", rec->id, false);
    acp_dat_record_refs(rec, all, n);
    uint32_t kept = 0;
    for (size_t i = 0; i < n; i++) {
        if (acp_dat_type_of(all[i].data_set, all[i].id) == ACP_DAT_TYPE_UNKNOWN) continue;
        bool seen = false;
        for (uint32_t k = 0; k < kept && !seen; k++) seen = all[k].id == all[i].id && all[k].data_set == all[i].data_set;
        if (!seen) all[kept++] = all[i];
    }
    d->refs = all;
    d->num_refs = kept;
    return ACP_DAT_OK;
}

/** Read record `id` and check that it parses (a type acphys parses must): 0 ok (bytes, entry
 *  and JSON below), 1 pending, else an error status (ERR_NOT_FOUND when the DAT lacks it). */
ACP_ABI int acp_abi_lazydat_read(abi_lazydat *d, uint32_t id)
{
    int st = acp_abi_lazydat_open(d);
    if (st != 0) return st;
    free(d->bytes);
    free(d->json);
    free(d->refs);
    d->bytes = NULL;
    d->json = NULL;
    d->refs = NULL;
    d->num_refs = 0;
    acp_dat_entry e;
    acp_dat_status s = acp_dat_container_find(&d->c, id, &e, &d->err);
    if (s != ACP_DAT_OK) return lazydat_status(d, s);
    s = acp_dat_container_check_entry(&d->c, &e, &d->err);
    if (s != ACP_DAT_OK) return lazydat_status(d, s);
    uint8_t *buf = malloc(e.size ? e.size : 1);
    if (!buf) return lazydat_status(d, acp_dat_fail(&d->err, ACP_DAT_ERR_OUT_OF_MEMORY, 0, "", id, false));
    s = acp_dat_container_read(&d->c, &e, buf, &d->err);
    if (s != ACP_DAT_OK) {
        free(buf);
        return lazydat_status(d, s);
    }
    acp_dat_type type = acp_dat_type_of(d->c.header.data_set, id);
    if (type != ACP_DAT_TYPE_UNKNOWN) {
        acp_dat_record rec;
        s = acp_dat_record_parse(type, id, buf, e.size, &rec, &d->err);
        if (s != ACP_DAT_OK) {
            free(buf);
            return lazydat_status(d, s);
        }
        d->json = acp_dat_record_json(&rec, NULL, NULL);
        s = lazydat_refs(d, &rec);
        acp_dat_record_free(&rec);
        if (s != ACP_DAT_OK) {
            free(buf);
            return lazydat_status(d, s);
        }
    }
    d->entry = e;
    d->bytes = buf;
    return lazydat_status(d, ACP_DAT_OK);
}
/** The range a pending call wants (offset as a double, length in bytes). */
ACP_ABI double acp_abi_lazydat_wanted_offset(const abi_lazydat *d) { return (double)d->cache.want_offset; }
ACP_ABI uint32_t acp_abi_lazydat_wanted_length(const abi_lazydat *d) { return d->cache.want_length; }
/** Supply file bytes [offset, offset + length): 0 ok, else an error status. */
ACP_ABI int acp_abi_lazydat_supply(abi_lazydat *d, double offset, const uint8_t *bytes, uint32_t length)
{
    return lazydat_status(d, acp_dat_cache_supply(&d->cache, (uint64_t)offset, bytes, length));
}
/** The last record read: its bytes and size, its entry's flags, date and iteration, and its
 *  JSON (0 for a type acphys does not parse). */
ACP_ABI const uint8_t *acp_abi_lazydat_bytes(const abi_lazydat *d) { return d->bytes; }
ACP_ABI uint32_t acp_abi_lazydat_size(const abi_lazydat *d) { return d->bytes ? d->entry.size : 0; }
ACP_ABI uint32_t acp_abi_lazydat_flags(const abi_lazydat *d) { return d->entry.flags; }
ACP_ABI int32_t acp_abi_lazydat_date(const abi_lazydat *d) { return d->entry.date; }
ACP_ABI int32_t acp_abi_lazydat_iteration(const abi_lazydat *d) { return d->entry.iteration; }
ACP_ABI const char *acp_abi_lazydat_json(const abi_lazydat *d) { return d->json; }
/** The records the last record read names, of types acphys parses (lazydat_refs): how many,
 *  and the i-th one's id and DAT (1 portal, 2 cell); 0 past the end. */
ACP_ABI uint32_t acp_abi_lazydat_ref_count(const abi_lazydat *d) { return d->num_refs; }
ACP_ABI uint32_t acp_abi_lazydat_ref_id(const abi_lazydat *d, uint32_t i) { return i < d->num_refs ? d->refs[i].id : 0; }
ACP_ABI uint32_t acp_abi_lazydat_ref_data_set(const abi_lazydat *d, uint32_t i) { return i < d->num_refs ? d->refs[i].data_set : 0; }
/** The last error: status, file or record offset, whether in a record, field, record id. */
ACP_ABI int acp_abi_lazydat_error_status(const abi_lazydat *d) { return (int)d->err.status; }
ACP_ABI double acp_abi_lazydat_error_offset(const abi_lazydat *d) { return (double)d->err.offset; }
ACP_ABI int acp_abi_lazydat_error_in_record(const abi_lazydat *d) { return d->err.in_record ? 1 : 0; }
ACP_ABI const char *acp_abi_lazydat_error_field(const abi_lazydat *d) { return d->err.field ? d->err.field : ""; }
ACP_ABI uint32_t acp_abi_lazydat_error_record(const abi_lazydat *d) { return d->err.record_id; }
