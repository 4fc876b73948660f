/* The excerpt writer (src/dat/writer.h): the header it writes, its B-tree's shape, determinism,
 * and copying records out of a DAT into a new one (what `acphys excerpt` does). */
#include "test.h"

#include <stdlib.h>

#include "dat_test_util.h"

static uint8_t *write_n(size_t n, uint32_t data_set, uint32_t bs, size_t *size)
{
    uint32_t *ids = calloc(n + 1, 4), *sizes = calloc(n + 1, 4);
    const uint8_t **bytes = calloc(n + 1, sizeof *bytes);
    static const uint8_t payload[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    for (size_t i = 0; i < n; i++) {
        ids[i] = 0x0E000000u + (uint32_t)(n - i) * 3u; /* added in descending order */
        sizes[i] = (uint32_t)(i % 17);
        bytes[i] = payload;
    }
    uint8_t *file = dt_build_dat(data_set, bs, n, ids, bytes, sizes, size);
    free(ids);
    free(sizes);
    free(bytes);
    return file;
}

static void header_and_layout(void)
{
    size_t size = 0;
    uint8_t *f = write_n(3, ACP_DAT_CELL, 0, &size);
    ENSURE(f != NULL);
    if (!f) return;
    acp_dat_header h = acp_dat_header_parse(f + ACP_DAT_HEADER_OFFSET);
    ENSURE_EQ(h.magic, 0x5442);
    ENSURE_EQ(h.block_size, 256);
    ENSURE_EQ(h.data_set, 2);
    ENSURE_EQ(h.data_subset, 1);
    ENSURE_EQ(h.eng_pack_vnum, 22);
    ENSURE_EQ(h.file_size, size);
    ENSURE_EQ(h.btree_root, 1024);
    /* One free block ends the file, tagged with bit 31 as retail tags free blocks. */
    ENSURE_EQ(h.first_free, size - 256);
    ENSURE_EQ(h.final_free, size - 256);
    ENSURE_EQ(h.free_blocks, 1);
    ENSURE_EQ(acp_get_u32(f + h.first_free), 0x80000000u);
    /* The empty transaction record retail's ClearTransaction writes: type 0, magic 0x4C50. */
    ENSURE(f[0x100] == 0 && f[0x101] == 0x50 && f[0x102] == 0x4C && f[0x103] == 0);
    /* Root: 7 blocks of 252 bytes, linked in order, the last link 0; then the records. */
    for (uint32_t k = 0; k < 7; k++) ENSURE_EQ(acp_get_u32(f + 1024 + 256 * k), k < 6 ? 1024 + 256 * (k + 1) : 0);
    /* Node byte k lies in block k / 252 at payload offset k % 252. */
#define NODE_BYTE(k) (1024 + ((k) / 252) * 256 + 4 + (k) % 252)
    ENSURE_EQ(acp_get_u32(f + NODE_BYTE(248)), 3);
    ENSURE_EQ(acp_get_u32(f + NODE_BYTE(252 + 4)), 0x0E000003u); /* sorted by id */
    ENSURE_EQ(acp_get_u32(f + NODE_BYTE(252 + 8)), 1024 + 7 * 256);
#undef NODE_BYTE
    free(f);
    h = acp_dat_header_default(ACP_DAT_PORTAL);
    ENSURE_EQ(h.block_size, 1024);
    ENSURE_EQ(h.eng_pack_vnum, 110);
    h.block_size = 4;
    ENSURE(acp_dat_writer_create(&h) == NULL);
}

static void output_is_deterministic(void)
{
    size_t a_size = 0, b_size = 0;
    uint8_t *a = write_n(500, ACP_DAT_PORTAL, 0, &a_size);
    uint8_t *b = write_n(500, ACP_DAT_PORTAL, 0, &b_size);
    ENSURE(a && b && a_size == b_size && memcmp(a, b, a_size) == 0);
    free(a);
    free(b);
    acp_dat_header h = acp_dat_header_default(ACP_DAT_PORTAL);
    acp_dat_writer *w = acp_dat_writer_create(&h);
    acp_dat_entry e = {0, 0x02000001u, 0, 0, 0, 0, 0, 0, 0};
    const uint8_t byte = 7;
    ENSURE_EQ(acp_dat_writer_add(w, &e, &byte, 1), ACP_DAT_OK);
    ENSURE_EQ(acp_dat_writer_add(w, &e, &byte, 1), ACP_DAT_ERR_DUPLICATE_ID);
    ENSURE_EQ(acp_dat_writer_add(w, &e, NULL, 1), ACP_DAT_ERR_ARGUMENT);
    uint8_t *o1 = NULL, *o2 = NULL;
    size_t s1 = 0, s2 = 0;
    ENSURE_EQ(acp_dat_writer_finish(w, &o1, &s1), ACP_DAT_OK);
    ENSURE_EQ(acp_dat_writer_finish(w, &o2, &s2), ACP_DAT_OK);
    ENSURE(o1 && o2 && s1 == s2 && memcmp(o1, o2, s1) == 0);
    free(o1);
    free(o2);
    acp_dat_writer_destroy(w);
}

/* Gather a node's 1716 bytes by following its links. */
static bool gather_node(const uint8_t *f, size_t size, uint32_t bs, uint32_t at, uint8_t out[ACP_DAT_NODE_SIZE])
{
    uint32_t got = 0, payload = bs - 4;
    while (got < ACP_DAT_NODE_SIZE) {
        if (at < ACP_DAT_HEADER_END || at + bs > size) return false;
        uint32_t n = ACP_DAT_NODE_SIZE - got < payload ? ACP_DAT_NODE_SIZE - got : payload;
        memcpy(out + got, f + at + 4, n);
        got += n;
        at = acp_get_u32(f + at);
    }
    return true;
}

typedef struct shape {
    int nodes, bad_fill, leaf_depth, bad_depth, entries;
} shape;

static void walk_shape(const uint8_t *f, size_t size, uint32_t bs, uint32_t at, int depth, shape *s)
{
    uint8_t node[ACP_DAT_NODE_SIZE];
    if (depth > 8 || !gather_node(f, size, bs, at, node)) {
        s->bad_depth++;
        return;
    }
    s->nodes++;
    uint32_t n = acp_get_u32(node + 248);
    s->entries += (int)n;
    if (depth > 0 && (n < 30 || n > 61)) s->bad_fill++;
    if (acp_get_u32(node) == 0) { /* leaf */
        if (s->leaf_depth < 0) s->leaf_depth = depth;
        else if (s->leaf_depth != depth) s->bad_depth++;
        return;
    }
    for (uint32_t i = 0; i <= n; i++) walk_shape(f, size, bs, acp_get_u32(node + 4 * i), depth + 1, s);
}

/* Bulk-built B-trees keep retail's invariants: non-root nodes hold 30..61 entries, every leaf
 * at the same depth, the root at 1024. */
static void btree_shape(void)
{
    const size_t counts[] = {0, 1, 61, 62, 63, 122, 123, 1000, 3782, 3783, 10000};
    for (size_t k = 0; k < sizeof counts / sizeof counts[0]; k++) {
        size_t size = 0;
        uint8_t *f = write_n(counts[k], ACP_DAT_PORTAL, 0, &size);
        ENSURE(f != NULL);
        if (!f) continue;
        shape s = {0, 0, -1, 0, 0};
        walk_shape(f, size, 1024, acp_dat_header_parse(f + ACP_DAT_HEADER_OFFSET).btree_root, 0, &s);
        ENSURE_EQ(s.entries, (int)counts[k]);
        ENSURE_EQ(s.bad_fill, 0);
        ENSURE_EQ(s.bad_depth, 0);
        if (counts[k] <= 61) ENSURE_EQ(s.nodes, 1);
        if (counts[k] == 3782) ENSURE_EQ(s.leaf_depth, 1);
        if (counts[k] == 10000) ENSURE_EQ(s.leaf_depth, 2);
        free(f);
    }
}

typedef struct copy_ctx {
    const acp_dat_container *src;
    acp_dat_writer *w;
    int failures;
} copy_ctx;

static bool copy_entry(void *ctx, const acp_dat_entry *e)
{
    copy_ctx *c = ctx;
    uint8_t *buf = malloc(e->size + 1);
    acp_dat_error err;
    if (!buf || acp_dat_container_read(c->src, e, buf, &err) != ACP_DAT_OK ||
        acp_dat_writer_add(c->w, e, buf, e->size) != ACP_DAT_OK)
        c->failures++;
    free(buf);
    return true;
}

/* Copying every record of the portal excerpt gives the same DAT, byte for byte. */
static void excerpt_copies_are_exact(void)
{
    size_t size = 0;
    uint8_t *portal = dt_read_repo_file("data/portal-default.dat", &size);
    if (!portal) return;
    acp_dat_container c;
    acp_dat_error err;
    ENSURE_EQ(acp_dat_container_open(&c, acp_dat_source_memory(portal, size), &err), ACP_DAT_OK);
    copy_ctx ctx = {&c, acp_dat_writer_create(&c.header), 0};
    ENSURE_EQ(acp_dat_container_enumerate(&c, copy_entry, &ctx, NULL, &err), ACP_DAT_OK);
    ENSURE_EQ(ctx.failures, 0);
    uint8_t *out = NULL;
    size_t out_size = 0;
    ENSURE_EQ(acp_dat_writer_finish(ctx.w, &out, &out_size), ACP_DAT_OK);
    ENSURE(out && out_size == size && memcmp(out, portal, size) == 0);
    free(out);
    acp_dat_writer_destroy(ctx.w);
    free(portal);
}

void suite_dat_writer(void)
{
    RUN(header_and_layout);
    RUN(output_is_deterministic);
    RUN(btree_shape);
    RUN(excerpt_copies_are_exact);
}
