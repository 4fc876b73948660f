/* The DAT container (src/dat/container.h): lookups, chains, enumeration, pending reads, and the
 * malformed corpus of tests/data/dat-malformed pinned to exact errors. */
#include "test.h"

#include <stdlib.h>
#include <string.h>

#include "dat_test_util.h"

/* n records with ids spread out and sizes 0..~1.5 blocks, contents derived from the id. */
typedef struct recs {
    size_t n;
    uint32_t *ids;
    uint32_t *sizes;
    uint8_t **bytes;
} recs;

static recs make_recs(size_t n, uint32_t max_size)
{
    recs r = {n, calloc(n, 4), calloc(n, 4), calloc(n, sizeof(uint8_t *))};
    for (size_t i = 0; i < n; i++) {
        r.ids[i] = 0x0E000000u + (uint32_t)i * 7u;
        r.sizes[i] = (uint32_t)((i * 37u) % max_size);
        r.bytes[i] = malloc(r.sizes[i] + 1);
        for (uint32_t k = 0; k < r.sizes[i]; k++) r.bytes[i][k] = (uint8_t)(r.ids[i] * 31u + k * 7u);
    }
    return r;
}

static void free_recs(recs *r)
{
    for (size_t i = 0; i < r->n; i++) free(r->bytes[i]);
    free(r->ids);
    free(r->sizes);
    free(r->bytes);
}

typedef struct seen {
    size_t count;
    uint32_t last;
    bool ascending;
} seen;

static bool count_entry(void *ctx, const acp_dat_entry *e)
{
    seen *s = ctx;
    if (s->count && e->id <= s->last) s->ascending = false;
    s->last = e->id;
    s->count++;
    return true;
}

/* Write n records with block size bs, then find, read and enumerate them all. */
static void round_trip(size_t n, uint32_t bs, uint32_t max_size)
{
    recs r = make_recs(n, max_size);
    size_t size = 0;
    uint8_t *file = dt_build_dat(ACP_DAT_PORTAL, bs, n, r.ids, (const uint8_t *const *)r.bytes, r.sizes, &size);
    ENSURE(file != NULL);
    if (!file) {
        free_recs(&r);
        return;
    }
    acp_dat_container c;
    acp_dat_error err;
    ENSURE_EQ(acp_dat_container_open(&c, acp_dat_source_memory(file, size), &err), ACP_DAT_OK);
    ENSURE_EQ(c.header.block_size, bs);
    uint8_t *buf = malloc(max_size + 1);
    int bad = 0;
    for (size_t i = 0; i < n; i++) {
        acp_dat_entry e;
        if (acp_dat_container_find(&c, r.ids[i], &e, &err) != ACP_DAT_OK || e.size != r.sizes[i] ||
            acp_dat_container_read(&c, &e, buf, &err) != ACP_DAT_OK || memcmp(buf, r.bytes[i], e.size) != 0 ||
            e.date != 1377993600 || e.iteration != 1 || e.flags != 1u << 16)
            bad++;
        /* An id between two records is absent. */
        if (acp_dat_container_find(&c, r.ids[i] + 1, &e, &err) != ACP_DAT_ERR_NOT_FOUND) bad++;
    }
    ENSURE_EQ(bad, 0);
    acp_dat_entry e;
    ENSURE_EQ(acp_dat_container_find(&c, 0x0DFFFFFFu, &e, &err), ACP_DAT_ERR_NOT_FOUND);
    ENSURE_EQ(acp_dat_container_find(&c, 0xFFFFFFFFu, &e, &err), ACP_DAT_ERR_NOT_FOUND);
    seen s = {0, 0, true};
    uint64_t node_blocks = 0;
    ENSURE_EQ(acp_dat_container_enumerate(&c, count_entry, &s, &node_blocks, &err), ACP_DAT_OK);
    ENSURE_EQ(s.count, n);
    ENSURE(s.ascending);
    ENSURE(node_blocks > 0);
    free(buf);
    free(file);
    free_recs(&r);
}

static void lookups_round_trip(void)
{
    round_trip(0, 1024, 100);
    round_trip(1, 1024, 100);
    round_trip(61, 256, 700);    /* one full leaf */
    round_trip(62, 256, 700);    /* root and two leaves */
    round_trip(200, 8, 40);      /* 4-byte payloads: long chains */
    round_trip(3782, 1024, 300); /* a root over 62 leaves */
    round_trip(5000, 256, 300);  /* three levels */
}

/* A source whose reads all fail. */
static int failing_read(void *ctx, uint64_t offset, uint32_t length, uint8_t *out)
{
    (void)ctx, (void)offset, (void)length, (void)out;
    return -5;
}

static void io_errors_are_reported(void)
{
    acp_dat_source src = {failing_read, NULL, 100000};
    acp_dat_container c;
    acp_dat_error err;
    ENSURE_EQ(acp_dat_container_open(&c, src, &err), ACP_DAT_ERR_IO);
    ENSURE_EQ(err.offset, ACP_DAT_HEADER_OFFSET);
    acp_dat_source none = {NULL, NULL, 0};
    ENSURE_EQ(acp_dat_container_open(&c, none, &err), ACP_DAT_ERR_ARGUMENT);
}

/* Calls the container through a cache that starts empty, answering each wanted range from the
 * file, as the browser does with File.slice. */
static void pending_reads_resume(void)
{
    recs r = make_recs(300, 2000);
    size_t size = 0;
    uint8_t *file = dt_build_dat(ACP_DAT_PORTAL, 1024, r.n, r.ids, (const uint8_t *const *)r.bytes, r.sizes, &size);
    ENSURE(file != NULL && size > 4 * ACP_DAT_CACHE_WINDOW);
    acp_dat_cache cache = acp_dat_cache_make(size);
    acp_dat_source src = {acp_dat_cache_read, &cache, size};
    acp_dat_container c;
    acp_dat_error err;
    int pendings = 0, rounds = 0;
    acp_dat_status st;
    while ((st = acp_dat_container_open(&c, src, &err)) == ACP_DAT_PENDING && rounds++ < 100) {
        ENSURE(cache.wanting);
        ENSURE(acp_dat_cache_supply(&cache, cache.want_offset, file + cache.want_offset, cache.want_length) ==
               ACP_DAT_OK);
        pendings++;
    }
    ENSURE_EQ(st, ACP_DAT_OK);
    ENSURE_EQ(pendings, 1);
    uint8_t buf[2000];
    size_t last = r.n - 1;
    acp_dat_entry e;
    rounds = 0;
    for (;;) {
        st = acp_dat_container_find(&c, r.ids[last], &e, &err);
        if (st == ACP_DAT_OK) st = acp_dat_container_read(&c, &e, buf, &err);
        if (st != ACP_DAT_PENDING || rounds++ > 100) break;
        ENSURE(acp_dat_cache_supply(&cache, cache.want_offset, file + cache.want_offset, cache.want_length) ==
               ACP_DAT_OK);
    }
    ENSURE_EQ(st, ACP_DAT_OK);
    ENSURE(rounds >= 1);
    ENSURE(memcmp(buf, r.bytes[last], r.sizes[last]) == 0);
    /* Supplying outside the file is refused. */
    ENSURE_EQ(acp_dat_cache_supply(&cache, size - 1, file, 2), ACP_DAT_ERR_ARGUMENT);
    acp_dat_cache_free(&cache);
    free(file);
    free_recs(&r);
}

/* Each file of tests/data/dat-malformed fails with exactly its manifest entry. */
static void malformed_corpus(void)
{
    size_t msize = 0;
    char *m = (char *)dt_read_repo_file("tests/data/dat-malformed/manifest.json", &msize);
    ENSURE(m != NULL);
    if (!m) return;
    const char *end = m + msize;
    const char *p = mj_find(m, end, "cases");
    ENSURE(p && *p == '[');
    int cases = 0;
    for (p = p ? p + 1 : end; p < end;) {
        while (p < end && *p != '{' && *p != ']') p++;
        if (p >= end || *p == ']') break;
        const char *obj_end = mj_skip(p, end);
        char file[128], status[64], field[64], record[16], rel[256];
        double offset = -1;
        bool in_record = false;
        bool parsed = mj_string(mj_find(p, obj_end, "file"), file, sizeof file) &&
                      mj_string(mj_find(p, obj_end, "status"), status, sizeof status) &&
                      mj_string(mj_find(p, obj_end, "field"), field, sizeof field) &&
                      mj_string(mj_find(p, obj_end, "record"), record, sizeof record) &&
                      mj_number(mj_find(p, obj_end, "offset"), &offset) &&
                      mj_bool(mj_find(p, obj_end, "in_record"), &in_record);
        ENSURE(parsed);
        snprintf(rel, sizeof rel, "tests/data/dat-malformed/%s", file);
        size_t size = 0;
        uint8_t *bytes = dt_read_repo_file(rel, &size);
        ENSURE(bytes != NULL);
        if (parsed && bytes) {
            acp_datset *set = acp_datset_create();
            acp_dat_error err;
            acp_dat_status st = acp_datset_add_dat_bytes(set, bytes, size, &err);
            acp_test_case = file;
            ENSURE(!strcmp(acp_dat_status_name(st), status));
            ENSURE_EQ(err.offset, (uint64_t)offset);
            ENSURE_EQ(err.in_record, in_record);
            ENSURE(!strcmp(err.field, field));
            ENSURE_EQ(err.record_id, (uint32_t)strtoul(record, NULL, 16));
            ENSURE_EQ(acp_datset_count(set), 0); /* all or nothing */
            acp_datset_destroy(set);
            acp_test_case = "malformed_corpus";
        }
        free(bytes);
        cases++;
        p = obj_end;
    }
    ENSURE(cases >= 30);
    free(m);
}

/* Any truncation of a valid DAT fails cleanly, never reads out of bounds. */
/* acp_dat_container_check_entry: the compressed flag first, then the size (above the record
 * limit or more blocks than the file holds); each error at the entry's own field, or at the
 * record's first block for an entry not read from a node (its *_at 0). And read_node locates
 * each field in its node's blocks: with 14-byte blocks (10-byte payloads) an entry's fields
 * straddle blocks, and each *_at must be its field's first byte. */
static void entry_checks_point_at_fields(void)
{
    const uint32_t ids[3] = {0x0E000001u, 0x0E000002u, 0x0E000003u};
    const uint8_t r0[5] = {1, 2, 3, 4, 5}, r1[3] = {6, 7, 8}, r2[9] = {9, 9, 9, 9, 9, 9, 9, 9, 9};
    const uint8_t *const bytes[3] = {r0, r1, r2};
    const uint32_t sizes[3] = {5, 3, 9};
    size_t size = 0;
    uint8_t *file = dt_build_dat(ACP_DAT_PORTAL, 14, 3, ids, bytes, sizes, &size);
    ENSURE(file != NULL);
    if (!file) return;
    acp_dat_container c;
    acp_dat_error err;
    ENSURE_EQ(acp_dat_container_open(&c, acp_dat_source_memory(file, size), &err), ACP_DAT_OK);
    for (uint32_t i = 0; i < 3; i++) {
        acp_dat_entry e;
        ENSURE_EQ(acp_dat_container_find(&c, ids[i], &e, &err), ACP_DAT_OK);
        /* Each *_at is its field's first (lowest) byte; with 10-byte payloads the rest of a field
         * may continue in the node's next block. */
        ENSURE_EQ(file[e.flags_at], e.flags & 0xFFu);
        ENSURE_EQ(file[e.offset_at], e.offset & 0xFFu);
        ENSURE_EQ(file[e.size_at], e.size & 0xFFu);
        ENSURE_EQ(acp_dat_container_check_entry(&c, &e, &err), ACP_DAT_OK);
        acp_dat_entry bad = e;
        bad.flags |= 1u;
        bad.size = 0x7FFFFFFFu; /* both wrong: the flag is named */
        ENSURE_EQ(acp_dat_container_check_entry(&c, &bad, &err), ACP_DAT_ERR_COMPRESSED);
        ENSURE_EQ(err.offset, e.flags_at);
        ENSURE(!strcmp(err.field, "entry.flags"));
        bad.flags = e.flags;
        ENSURE_EQ(acp_dat_container_check_entry(&c, &bad, &err), ACP_DAT_ERR_RECORD_TOO_LARGE);
        ENSURE_EQ(err.offset, e.size_at);
        ENSURE(!strcmp(err.field, "entry.size"));
        bad.size = (uint32_t)size; /* within the record limit, more blocks than the file holds */
        ENSURE_EQ(acp_dat_container_check_entry(&c, &bad, &err), ACP_DAT_ERR_RECORD_TOO_LARGE);
        ENSURE_EQ(err.offset, e.size_at);
        bad.flags_at = bad.offset_at = bad.size_at = 0; /* not from a node: the first block */
        ENSURE_EQ(acp_dat_container_check_entry(&c, &bad, &err), ACP_DAT_ERR_RECORD_TOO_LARGE);
        ENSURE_EQ(err.offset, e.offset);
    }
    free(file);
}

static void every_truncation_fails(void)
{
    size_t size = 0;
    uint8_t *file = dt_read_repo_file("data/cell-default.dat", &size);
    ENSURE(file != NULL);
    if (!file) return;
    /* Only the trailing free block (256 bytes) may go: everything before it is needed. */
    const size_t needed = size - 256;
    int wrong = 0;
    for (size_t len = 0; len < size; len += 7) {
        uint8_t *copy = malloc(len ? len : 1); /* exact size, so ASan sees any overrun */
        memcpy(copy, file, len);
        acp_datset *set = acp_datset_create();
        acp_dat_error err;
        acp_dat_status st = acp_datset_add_dat_bytes(set, copy, len, &err);
        if ((st == ACP_DAT_OK) != (len >= needed)) wrong++;
        acp_datset_destroy(set);
        free(copy);
    }
    ENSURE_EQ(wrong, 0);
    free(file);
}

void suite_dat_container(void)
{
    RUN(lookups_round_trip);
    RUN(io_errors_are_reported);
    RUN(pending_reads_resume);
    RUN(malformed_corpus);
    RUN(entry_checks_point_at_fields);
    RUN(every_truncation_fails);
}
