/* acphys — the record store (acp_datset, see dat.h). */
#include "dat.h"

#include <stdlib.h>
#include <string.h>

typedef struct item {
    acp_dat_record rec;                /* rec.type and rec.id are the key */
    uint32_t gen;                      /* the add call (or source) it came from; newer wins */
} item;

typedef struct source {
    acp_dat_container c;
    acp_dat_source src;
    bool opened;
    uint32_t gen;
    acp_dat_cache *cache;              /* owned, for acp_datset_add_cached_source */
} source;

struct acp_datset {
    item *items;                       /* sorted by (type, id) */
    size_t count, cap;
    acp_dat_record *retired;           /* replaced records, kept until destroy */
    size_t nretired, cap_retired;
    source *sources;                   /* in the order added, so by ascending gen */
    size_t nsources, cap_sources;
    uint32_t gen;
    bool wanting;
    uint32_t want_source;
};

acp_datset *acp_datset_create(void)
{
    return calloc(1, sizeof(acp_datset));
}

void acp_datset_destroy(acp_datset *set)
{
    if (!set) return;
    for (size_t i = 0; i < set->count; i++) acp_dat_record_free(&set->items[i].rec);
    for (size_t i = 0; i < set->nretired; i++) acp_dat_record_free(&set->retired[i]);
    for (size_t i = 0; i < set->nsources; i++) {
        if (set->sources[i].cache) {
            acp_dat_cache_free(set->sources[i].cache);
            free(set->sources[i].cache);
        }
    }
    free(set->items);
    free(set->retired);
    free(set->sources);
    free(set);
}

static int key_cmp(acp_dat_type ta, uint32_t ia, acp_dat_type tb, uint32_t ib)
{
    if (ta != tb) return ta < tb ? -1 : 1;
    if (ia != ib) return ia < ib ? -1 : 1;
    return 0;
}

/* Index of (type, id), or of where it would go; *found tells which. */
static size_t locate(const acp_datset *set, acp_dat_type type, uint32_t id, bool *found)
{
    size_t lo = 0, hi = set->count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        int c = key_cmp(set->items[mid].rec.type, set->items[mid].rec.id, type, id);
        if (c < 0) lo = mid + 1;
        else hi = mid;
    }
    *found = lo < set->count && set->items[lo].rec.type == type && set->items[lo].rec.id == id;
    return lo;
}

/* Room for n more items and n retired records, so that inserting cannot fail half-way. */
static bool reserve(acp_datset *set, size_t n)
{
    while (set->cap < set->count + n) {
        item *p = acp_grow(set->items, &set->cap, set->cap, sizeof(item));
        if (!p) return false;
        set->items = p;
    }
    while (set->cap_retired < set->nretired + n) {
        acp_dat_record *p = acp_grow(set->retired, &set->cap_retired, set->cap_retired, sizeof(acp_dat_record));
        if (!p) return false;
        set->retired = p;
    }
    return true;
}

/* Take ownership of rec (room reserved). */
static void insert(acp_datset *set, acp_dat_record *rec, uint32_t gen)
{
    bool found;
    size_t at = locate(set, rec->type, rec->id, &found);
    if (found) {
        set->retired[set->nretired++] = set->items[at].rec;
    } else {
        memmove(&set->items[at + 1], &set->items[at], (set->count - at) * sizeof(item));
        set->count++;
    }
    set->items[at].rec = *rec;
    set->items[at].gen = gen;
    memset(rec, 0, sizeof *rec);
}

acp_dat_status acp_datset_add_record(acp_datset *set, acp_dat_type type, uint32_t id, const uint8_t *bytes,
                                     size_t size, acp_dat_error *err)
{
    if (!set || (!bytes && size)) return acp_dat_fail(err, ACP_DAT_ERR_ARGUMENT, 0, "set", id, false);
    if (!reserve(set, 1)) return acp_dat_fail(err, ACP_DAT_ERR_OUT_OF_MEMORY, 0, "set", id, false);
    acp_dat_record rec;
    acp_dat_status st = acp_dat_record_parse(type, id, bytes, size, &rec, err);
    if (st != ACP_DAT_OK) return st;
    insert(set, &rec, ++set->gen);
    return ACP_DAT_OK;
}

/* ---- whole in-memory DATs ---- */

typedef struct collect {
    uint32_t data_set;
    acp_dat_entry *entries;
    size_t count, cap;
    bool oom;
} collect;

static bool collect_entry(void *ctx, const acp_dat_entry *e)
{
    collect *c = ctx;
    if (acp_dat_type_of(c->data_set, e->id) == ACP_DAT_TYPE_UNKNOWN) return true;
    acp_dat_entry *p = acp_grow(c->entries, &c->cap, c->count, sizeof *e);
    if (!p) {
        c->oom = true;
        return false;
    }
    c->entries = p;
    c->entries[c->count++] = *e;
    return true;
}

acp_dat_status acp_datset_add_dat_bytes(acp_datset *set, const uint8_t *bytes, size_t size, acp_dat_error *err)
{
    if (!set || (!bytes && size)) return acp_dat_fail(err, ACP_DAT_ERR_ARGUMENT, 0, "set", 0, false);
    acp_dat_container c;
    acp_dat_status st = acp_dat_container_open(&c, acp_dat_source_memory(bytes, size), err);
    if (st != ACP_DAT_OK) return st;
    collect col = {c.header.data_set, NULL, 0, 0, false};
    uint64_t blocks = 0;
    st = acp_dat_container_enumerate(&c, collect_entry, &col, &blocks, err);
    if (st == ACP_DAT_OK && col.oom) st = acp_dat_fail(err, ACP_DAT_ERR_OUT_OF_MEMORY, 0, "set", 0, false);

    /* Every record read must fit in the file beside the nodes: the work stays linear in size. */
    const uint64_t capacity = acp_dat_container_block_capacity(&c);
    for (size_t i = 0; i < col.count && st == ACP_DAT_OK; i++) {
        const acp_dat_entry *e = &col.entries[i];
        st = acp_dat_container_check_entry(&c, e, err);
        if (st == ACP_DAT_OK && (blocks += acp_dat_container_chain_blocks(&c, e->size)) > capacity)
            st = acp_dat_fail(err, ACP_DAT_ERR_BLOCKS_OVERCOMMITTED, e->offset, "record chain", e->id, false);
    }

    acp_dat_record *parsed = NULL;
    size_t nparsed = 0;
    if (st == ACP_DAT_OK && col.count) {
        parsed = calloc(col.count, sizeof *parsed);
        if (!parsed) st = acp_dat_fail(err, ACP_DAT_ERR_OUT_OF_MEMORY, 0, "set", 0, false);
    }
    uint8_t *buf = NULL;
    size_t buf_cap = 0;
    for (size_t i = 0; i < col.count && st == ACP_DAT_OK; i++) {
        const acp_dat_entry *e = &col.entries[i];
        if (e->size > buf_cap) { /* every entry passed acp_dat_container_check_entry above */
            uint8_t *p = realloc(buf, e->size);
            if (!p) {
                st = acp_dat_fail(err, ACP_DAT_ERR_OUT_OF_MEMORY, e->offset, "record", e->id, false);
                break;
            }
            buf = p;
            buf_cap = e->size;
        }
        st = acp_dat_container_read(&c, e, buf, err);
        if (st == ACP_DAT_OK)
            st = acp_dat_record_parse(acp_dat_type_of(c.header.data_set, e->id), e->id, buf, e->size,
                                      &parsed[nparsed], err);
        if (st == ACP_DAT_OK) nparsed++;
    }
    free(buf);
    free(col.entries);
    if (st == ACP_DAT_OK && !reserve(set, nparsed))
        st = acp_dat_fail(err, ACP_DAT_ERR_OUT_OF_MEMORY, 0, "set", 0, false);
    if (st != ACP_DAT_OK) {
        for (size_t i = 0; i < nparsed; i++) acp_dat_record_free(&parsed[i]);
        free(parsed);
        return st;
    }
    uint32_t gen = ++set->gen;
    for (size_t i = 0; i < nparsed; i++) insert(set, &parsed[i], gen);
    free(parsed);
    acp_dat_error_clear(err);
    return ACP_DAT_OK;
}

/* ---- lazy sources ---- */

static acp_dat_status add_source(acp_datset *set, acp_dat_source src, acp_dat_cache *cache, uint32_t *index,
                                 acp_dat_error *err)
{
    source *grown = acp_grow(set->sources, &set->cap_sources, set->nsources, sizeof(source));
    if (!grown) return acp_dat_fail(err, ACP_DAT_ERR_OUT_OF_MEMORY, 0, "set", 0, false);
    set->sources = grown;
    source s;
    memset(&s, 0, sizeof s);
    s.src = src;
    s.cache = cache;
    if (!cache) {
        acp_dat_status st = acp_dat_container_open(&s.c, src, err);
        if (st != ACP_DAT_OK && st != ACP_DAT_PENDING) return st;
        s.opened = st == ACP_DAT_OK;
    }
    s.gen = ++set->gen;
    if (index) *index = (uint32_t)set->nsources;
    set->sources[set->nsources++] = s;
    acp_dat_error_clear(err);
    return ACP_DAT_OK;
}

acp_dat_status acp_datset_add_source(acp_datset *set, acp_dat_source src, uint32_t *index, acp_dat_error *err)
{
    if (!set || !src.read) return acp_dat_fail(err, ACP_DAT_ERR_ARGUMENT, 0, "source", 0, false);
    return add_source(set, src, NULL, index, err);
}

acp_dat_status acp_datset_add_cached_source(acp_datset *set, uint64_t length, uint32_t *index, acp_dat_error *err)
{
    if (!set) return acp_dat_fail(err, ACP_DAT_ERR_ARGUMENT, 0, "set", 0, false);
    acp_dat_cache *cache = malloc(sizeof *cache);
    if (!cache) return acp_dat_fail(err, ACP_DAT_ERR_OUT_OF_MEMORY, 0, "set", 0, false);
    *cache = acp_dat_cache_make(length);
    acp_dat_source src = {acp_dat_cache_read, cache, length};
    acp_dat_status st = add_source(set, src, cache, index, err);
    if (st != ACP_DAT_OK) free(cache);
    return st;
}

acp_dat_status acp_datset_supply(acp_datset *set, uint32_t index, uint64_t offset, const uint8_t *bytes,
                                 uint32_t length)
{
    if (!set || index >= set->nsources || !set->sources[index].cache) return ACP_DAT_ERR_ARGUMENT;
    acp_dat_status st = acp_dat_cache_supply(set->sources[index].cache, offset, bytes, length);
    if (st == ACP_DAT_OK && set->want_source == index) set->wanting = false;
    return st;
}

bool acp_datset_wanted(const acp_datset *set, uint32_t *index, uint64_t *offset, uint32_t *length)
{
    if (!set || !set->wanting || set->want_source >= set->nsources) return false;
    const acp_dat_cache *cache = set->sources[set->want_source].cache;
    if (!cache || !cache->wanting) return false;
    if (index) *index = set->want_source;
    if (offset) *offset = cache->want_offset;
    if (length) *length = cache->want_length;
    return true;
}

/* Note a pending read of source i (for acp_datset_wanted). */
static acp_dat_status pending(acp_datset *set, size_t i, acp_dat_status st)
{
    if (st == ACP_DAT_PENDING) {
        set->wanting = true;
        set->want_source = (uint32_t)i;
    }
    return st;
}

acp_dat_status acp_datset_require(acp_datset *set, uint32_t id, acp_dat_error *err)
{
    if (!set) return acp_dat_fail(err, ACP_DAT_ERR_ARGUMENT, 0, "set", id, false);
    uint32_t have_gen = 0;
    bool have = false;
    for (size_t i = 0; i < set->count; i++) {
        if (set->items[i].rec.id == id) {
            have = true;
            if (set->items[i].gen > have_gen) have_gen = set->items[i].gen;
        }
    }
    for (size_t i = set->nsources; i-- > 0;) {
        source *s = &set->sources[i];
        if (s->gen <= have_gen) break;
        acp_dat_status st;
        if (!s->opened) {
            st = acp_dat_container_open(&s->c, s->src, err);
            if (st != ACP_DAT_OK) return pending(set, i, st);
            s->opened = true;
        }
        acp_dat_entry e;
        st = acp_dat_container_find(&s->c, id, &e, err);
        if (st == ACP_DAT_ERR_NOT_FOUND) continue;
        if (st != ACP_DAT_OK) return pending(set, i, st);
        acp_dat_type type = acp_dat_type_of(s->c.header.data_set, id);
        if (type == ACP_DAT_TYPE_UNKNOWN) return acp_dat_fail(err, ACP_DAT_ERR_UNSUPPORTED_TYPE, 0, "type", id, false);
        st = acp_dat_container_check_entry(&s->c, &e, err);
        if (st != ACP_DAT_OK) return st;
        if (!reserve(set, 1)) return acp_dat_fail(err, ACP_DAT_ERR_OUT_OF_MEMORY, 0, "set", id, false);
        uint8_t *buf = malloc(e.size ? e.size : 1);
        if (!buf) return acp_dat_fail(err, ACP_DAT_ERR_OUT_OF_MEMORY, 0, "set", id, false);
        st = acp_dat_container_read(&s->c, &e, buf, err);
        acp_dat_record rec;
        if (st == ACP_DAT_OK) st = acp_dat_record_parse(type, id, buf, e.size, &rec, err);
        free(buf);
        if (st != ACP_DAT_OK) return pending(set, i, st);
        insert(set, &rec, s->gen);
        acp_dat_error_clear(err);
        return ACP_DAT_OK;
    }
    if (have) {
        acp_dat_error_clear(err);
        return ACP_DAT_OK;
    }
    return acp_dat_fail(err, ACP_DAT_ERR_NOT_FOUND, 0, "id", id, false);
}

/* ---- lookups ---- */

const acp_dat_record *acp_datset_record(const acp_datset *set, acp_dat_type type, uint32_t id)
{
    if (!set) return NULL;
    bool found;
    size_t at = locate(set, type, id, &found);
    return found ? &set->items[at].rec : NULL;
}

const void *acp_datset_get(const acp_datset *set, acp_dat_type type, uint32_t id)
{
    const acp_dat_record *r = acp_datset_record(set, type, id);
    return r ? r->as.any : NULL;
}

/* The typed lookups of dat.h: acp_datset_get of the type. */
#define ACP_DATSET_GETTER(name, type_enum)                                                            \
    const acp_##name *acp_datset_##name(const acp_datset *set, uint32_t id) { return acp_datset_get(set, type_enum, id); }
ACP_DATSET_GETTER(setup, ACP_DAT_TYPE_SETUP)
ACP_DATSET_GETTER(animation, ACP_DAT_TYPE_ANIMATION)
ACP_DATSET_GETTER(motion_table, ACP_DAT_TYPE_MOTION_TABLE)
ACP_DATSET_GETTER(landblock, ACP_DAT_TYPE_LANDBLOCK)
ACP_DATSET_GETTER(region, ACP_DAT_TYPE_REGION)
ACP_DATSET_GETTER(gfxobj, ACP_DAT_TYPE_GFXOBJ)
ACP_DATSET_GETTER(environment, ACP_DAT_TYPE_ENVIRONMENT)
ACP_DATSET_GETTER(envcell, ACP_DAT_TYPE_ENVCELL)
ACP_DATSET_GETTER(landblock_info, ACP_DAT_TYPE_LANDBLOCK_INFO)
ACP_DATSET_GETTER(particle_emitter_info, ACP_DAT_TYPE_PARTICLE_EMITTER_INFO)
ACP_DATSET_GETTER(physics_script, ACP_DAT_TYPE_PHYSICS_SCRIPT)
ACP_DATSET_GETTER(physics_script_table, ACP_DAT_TYPE_PHYSICS_SCRIPT_TABLE)
ACP_DATSET_GETTER(scene, ACP_DAT_TYPE_SCENE)

static const acp_animation *source_animation(const void *ctx, uint32_t id)
{
    return acp_datset_animation((const acp_datset *)ctx, id);
}

static const acp_motion_table *source_motion_table(const void *ctx, uint32_t id)
{
    return acp_datset_motion_table((const acp_datset *)ctx, id);
}

acp_record_source acp_datset_source(const acp_datset *set)
{
    acp_record_source src = {set, source_animation, source_motion_table};
    return src;
}

size_t acp_datset_count(const acp_datset *set) { return set ? set->count : 0; }

size_t acp_datset_num_sources(const acp_datset *set) { return set ? set->nsources : 0; }

const acp_dat_record *acp_datset_record_at(const acp_datset *set, size_t index)
{
    return set && index < set->count ? &set->items[index].rec : NULL;
}

