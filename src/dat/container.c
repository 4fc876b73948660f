/* acphys — the retail DAT container (see container.h). */
#include "container.h"

#include "arena.h"

#include <stdlib.h>
#include <string.h>

/* ---- sources ---- */

static int memory_read(void *ctx, uint64_t offset, uint32_t length, uint8_t *out)
{
    /* ctx is the byte pointer; the length lives in the source, which the container checks
     * before every call, so only the copy is left here. */
    memcpy(out, (const uint8_t *)ctx + offset, length);
    return ACP_DAT_READ_OK;
}

acp_dat_source acp_dat_source_memory(const uint8_t *bytes, size_t size)
{
    acp_dat_source s = {memory_read, (void *)bytes, bytes ? (uint64_t)size : 0};
    return s;
}

/* Every callback call goes through here: the range is inside the file (callers check). */
static acp_dat_status src_read(const acp_dat_container *c, uint64_t offset, uint32_t length, uint8_t *out,
                               uint32_t id, acp_dat_error *err)
{
    if (length == 0) return ACP_DAT_OK;
    int r = c->src.read(c->src.ctx, offset, length, out);
    if (r == ACP_DAT_READ_OK) return ACP_DAT_OK;
    if (r == ACP_DAT_READ_PENDING) return acp_dat_fail(err, ACP_DAT_PENDING, offset, "read", id, false);
    return acp_dat_fail(err, ACP_DAT_ERR_IO, offset, "read", id, false);
}

/* ---- header ---- */

acp_dat_header acp_dat_header_parse(const uint8_t b[ACP_DAT_HEADER_SIZE])
{
    acp_dat_header h;
    h.magic = acp_get_u32(b + 0x00);
    h.block_size = acp_get_u32(b + 0x04);
    h.file_size = acp_get_u32(b + 0x08);
    h.data_set = acp_get_u32(b + 0x0C);
    h.data_subset = acp_get_u32(b + 0x10);
    h.first_free = acp_get_u32(b + 0x14);
    h.final_free = acp_get_u32(b + 0x18);
    h.free_blocks = acp_get_u32(b + 0x1C);
    h.btree_root = acp_get_u32(b + 0x20);
    h.young_lru = acp_get_u32(b + 0x24);
    h.old_lru = acp_get_u32(b + 0x28);
    h.use_lru = acp_get_u32(b + 0x2C);
    h.master_map_id = acp_get_u32(b + 0x30);
    h.eng_pack_vnum = (int32_t)acp_get_u32(b + 0x34);
    h.game_pack_vnum = (int32_t)acp_get_u32(b + 0x38);
    memcpy(h.guid, b + 0x3C, 16);
    h.minor_vnum = acp_get_u32(b + 0x4C);
    return h;
}

void acp_dat_header_write(const acp_dat_header *h, uint8_t b[ACP_DAT_HEADER_SIZE])
{
    acp_put_u32(b + 0x00, h->magic);
    acp_put_u32(b + 0x04, h->block_size);
    acp_put_u32(b + 0x08, h->file_size);
    acp_put_u32(b + 0x0C, h->data_set);
    acp_put_u32(b + 0x10, h->data_subset);
    acp_put_u32(b + 0x14, h->first_free);
    acp_put_u32(b + 0x18, h->final_free);
    acp_put_u32(b + 0x1C, h->free_blocks);
    acp_put_u32(b + 0x20, h->btree_root);
    acp_put_u32(b + 0x24, h->young_lru);
    acp_put_u32(b + 0x28, h->old_lru);
    acp_put_u32(b + 0x2C, h->use_lru);
    acp_put_u32(b + 0x30, h->master_map_id);
    acp_put_u32(b + 0x34, (uint32_t)h->eng_pack_vnum);
    acp_put_u32(b + 0x38, (uint32_t)h->game_pack_vnum);
    memcpy(b + 0x3C, h->guid, 16);
    acp_put_u32(b + 0x4C, h->minor_vnum);
}

/* A block of the data area: it starts after the 400-byte header and `need` bytes from it fit
 * in the file. */
static bool block_in_file(const acp_dat_container *c, uint64_t offset, uint64_t need)
{
    return offset >= ACP_DAT_HEADER_END && offset <= c->src.length && need <= c->src.length - offset;
}

acp_dat_status acp_dat_container_open(acp_dat_container *c, acp_dat_source src, acp_dat_error *err)
{
    memset(c, 0, sizeof *c);
    c->src = src;
    if (!src.read) return acp_dat_fail(err, ACP_DAT_ERR_ARGUMENT, 0, "source", 0, false);
    if (src.length < ACP_DAT_HEADER_END)
        return acp_dat_fail(err, ACP_DAT_ERR_HEADER_TRUNCATED, src.length, "header", 0, false);
    uint8_t raw[ACP_DAT_HEADER_SIZE];
    acp_dat_status st = src_read(c, ACP_DAT_HEADER_OFFSET, ACP_DAT_HEADER_SIZE, raw, 0, err);
    if (st != ACP_DAT_OK) return st;
    acp_dat_header h = acp_dat_header_parse(raw);
    if (h.magic != ACP_DAT_MAGIC)
        return acp_dat_fail(err, ACP_DAT_ERR_BAD_MAGIC, ACP_DAT_HEADER_OFFSET, "header.magic", 0, false);
    if (h.block_size < ACP_DAT_MIN_BLOCK_SIZE || h.block_size > ACP_DAT_MAX_BLOCK_SIZE)
        return acp_dat_fail(err, ACP_DAT_ERR_BAD_BLOCK_SIZE, ACP_DAT_HEADER_OFFSET + 4, "header.block_size", 0,
                            false);
    if (!block_in_file(c, h.btree_root, 4))
        return acp_dat_fail(err, ACP_DAT_ERR_BLOCK_OUT_OF_RANGE, ACP_DAT_HEADER_OFFSET + 0x20,
                            "header.btree_root", 0, false);
    c->header = h;
    acp_dat_error_clear(err);
    return ACP_DAT_OK;
}

/* ---- block chains ---- */

/* Visited block offsets: open addressing, 0 = empty (no block starts below 0x190). */
typedef struct block_set {
    uint32_t *slots;
    uint32_t mask;
    uint32_t small[64];
} block_set;

static bool block_set_init(block_set *s, uint64_t blocks)
{
    uint64_t cap = 64;
    while (cap < blocks * 2) cap *= 2;
    if (cap == 64) {
        s->slots = s->small;
    } else {
        s->slots = calloc((size_t)cap, sizeof(uint32_t));
        if (!s->slots) return false;
    }
    if (s->slots == s->small) memset(s->small, 0, sizeof s->small);
    s->mask = (uint32_t)(cap - 1);
    return true;
}

static void block_set_free(block_set *s)
{
    if (s->slots != s->small) free(s->slots);
}

/* Insert; false when already present. The set never fills (capacity >= 2 × inserts). */
static bool block_set_add(block_set *s, uint32_t off)
{
    uint32_t i = (uint32_t)(off * 2654435761u) & s->mask;
    while (s->slots[i]) {
        if (s->slots[i] == off) return false;
        i = (i + 1) & s->mask;
    }
    s->slots[i] = off;
    return true;
}

static uint32_t payload_of(const acp_dat_container *c) { return c->header.block_size - 4; }

/* Blocks needed for `size` payload bytes. */
static uint64_t chain_blocks(const acp_dat_container *c, uint64_t size)
{
    uint32_t p = payload_of(c);
    return (size + p - 1) / p;
}

/* Blocks the data area can hold without overlap: the bound on all chains together. */
static uint64_t block_capacity(const acp_dat_container *c)
{
    return (c->src.length - ACP_DAT_HEADER_END) / c->header.block_size;
}

/* Read `size` bytes of the chain starting at block `start` into out (CLBlockAllocator::Load_Data).
 * When `blocks` is not NULL it receives the block offsets in chain order (room for every block).
 * `field` names the chain in errors; `id` the record (0 for nodes). `start_at`: the file offset
 * `start` was read from (a B-tree entry's offset field, a branch, the header's root), where an
 * error about the first block points; each later block's is the link field of the block before
 * it (its first 4 bytes). A block out of range or visited twice is reported where its pointer
 * was read: the bytes to mend. */
static acp_dat_status read_chain(const acp_dat_container *c, uint32_t start, uint64_t start_at,
                                 const char *start_field, uint8_t *out, uint32_t size, uint32_t *blocks, uint32_t id,
                                 const char *field, acp_dat_error *err)
{
    if (size == 0) return ACP_DAT_OK;
    const uint32_t bs = c->header.block_size, payload = bs - 4;
    uint64_t nblocks = chain_blocks(c, size);
    if (nblocks > block_capacity(c))
        return acp_dat_fail(err, ACP_DAT_ERR_RECORD_TOO_LARGE, start, field, id, false);
    block_set seen;
    if (!block_set_init(&seen, nblocks)) return acp_dat_fail(err, ACP_DAT_ERR_OUT_OF_MEMORY, start, field, id, false);
    acp_dat_status st = ACP_DAT_OK;
    uint32_t cur = start, remaining = size, pos = 0, k = 0;
    uint64_t cur_at = start_at;            /* where cur was read */
    const char *cur_field = start_field;   /* and its name */
    for (;;) {
        uint32_t n = remaining < payload ? remaining : payload;
        if (!block_in_file(c, cur, 4 + (uint64_t)n)) {
            st = acp_dat_fail(err, ACP_DAT_ERR_BLOCK_OUT_OF_RANGE, cur_at, cur_field, id, false);
            break;
        }
        if (!block_set_add(&seen, cur)) {
            st = acp_dat_fail(err, ACP_DAT_ERR_CHAIN_LOOP, cur_at, cur_field, id, false);
            break;
        }
        if (blocks) blocks[k] = cur;
        k++;
        uint8_t link_bytes[4];
        st = src_read(c, cur, 4, link_bytes, id, err);
        if (st == ACP_DAT_OK) st = src_read(c, (uint64_t)cur + 4, n, out + pos, id, err);
        if (st != ACP_DAT_OK) break;
        uint32_t link = acp_get_u32(link_bytes);
        if (link & 0x80000000u) {
            st = acp_dat_fail(err, ACP_DAT_ERR_FREE_BLOCK, cur, field, id, false);
            break;
        }
        pos += n;
        remaining -= n;
        if (remaining == 0) {
            if (link != 0) st = acp_dat_fail(err, ACP_DAT_ERR_CHAIN_TOO_LONG, cur, field, id, false);
            break;
        }
        if (link == 0) {
            st = acp_dat_fail(err, ACP_DAT_ERR_CHAIN_SHORT, cur, field, id, false);
            break;
        }
        cur_at = cur;
        cur_field = field;
        cur = link;
    }
    block_set_free(&seen);
    return st;
}

acp_dat_status acp_dat_container_check_entry(const acp_dat_container *c, const acp_dat_entry *e,
                                             acp_dat_error *err)
{
    if (e->flags & 1u)
        return acp_dat_fail(err, ACP_DAT_ERR_COMPRESSED, acp_dat_entry_at(e, e->flags_at), "entry.flags", e->id, false);
    if (e->size > ACP_DAT_MAX_RECORD_SIZE || chain_blocks(c, e->size) > block_capacity(c))
        return acp_dat_fail(err, ACP_DAT_ERR_RECORD_TOO_LARGE, acp_dat_entry_at(e, e->size_at), "entry.size", e->id,
                            false);
    return ACP_DAT_OK;
}

acp_dat_status acp_dat_container_read(const acp_dat_container *c, const acp_dat_entry *e, uint8_t *out,
                                      acp_dat_error *err)
{
    acp_dat_status st = acp_dat_container_check_entry(c, e, err);
    if (st != ACP_DAT_OK) return st;
    st = read_chain(c, e->offset, acp_dat_entry_at(e, e->offset_at), "entry.offset", out, e->size, NULL, e->id,
                    "record chain", err);
    if (st == ACP_DAT_OK) acp_dat_error_clear(err);
    return st;
}

/* ---- B-tree nodes ---- */

/* The file offset of the header's B-tree root field. */
#define ROOT_AT (ACP_DAT_HEADER_OFFSET + 0x20)

#define NODE_BRANCHES 62u
#define NODE_COUNT_AT 248u
#define NODE_ENTRIES_AT 252u
#define NODE_MAX_BLOCKS (ACP_DAT_NODE_SIZE / (ACP_DAT_MIN_BLOCK_SIZE - 4) + 1)

typedef struct node {
    uint32_t offset;                   /* first block */
    uint32_t branch[NODE_BRANCHES];
    uint32_t count;
    acp_dat_entry entry[ACP_DAT_NODE_ENTRIES];
    uint32_t blocks[NODE_MAX_BLOCKS];  /* the chain, to turn node offsets into file offsets */
    uint8_t raw[ACP_DAT_NODE_SIZE];
} node;

/* File offset of byte `at` of a node. */
static uint64_t node_file_offset(const acp_dat_container *c, const node *n, uint32_t at)
{
    uint32_t p = payload_of(c);
    return (uint64_t)n->blocks[at / p] + 4 + at % p;
}

static bool is_leaf(const node *n) { return n->branch[0] == 0; }

/* Read and check one node (its first block read at file offset `at`): its entry count and that
 * its ids ascend. */
static acp_dat_status read_node(const acp_dat_container *c, uint32_t offset, uint64_t at, node *n, acp_dat_error *err)
{
    n->offset = offset;
    acp_dat_status st = read_chain(c, offset, at, at == ROOT_AT ? "header.btree_root" : "btree.branch", n->raw,
                                   ACP_DAT_NODE_SIZE, n->blocks, 0, "btree node chain", err);
    if (st != ACP_DAT_OK) return st;
    for (uint32_t i = 0; i < NODE_BRANCHES; i++) n->branch[i] = acp_get_u32(n->raw + 4 * i);
    uint32_t count = acp_get_u32(n->raw + NODE_COUNT_AT);
    if (count > ACP_DAT_NODE_ENTRIES) /* also catches a negative NumEntries_ */
        return acp_dat_fail(err, ACP_DAT_ERR_BTREE_ENTRY_COUNT, node_file_offset(c, n, NODE_COUNT_AT),
                            "btree.num_entries", 0, false);
    n->count = count;
    for (uint32_t i = 0; i < count; i++) {
        const uint8_t *e = n->raw + NODE_ENTRIES_AT + 24 * i;
        acp_dat_entry *d = &n->entry[i];
        d->flags = acp_get_u32(e);
        d->id = acp_get_u32(e + 4);
        d->offset = acp_get_u32(e + 8);
        d->size = acp_get_u32(e + 12);
        d->date = (int32_t)acp_get_u32(e + 16);
        d->iteration = (int32_t)acp_get_u32(e + 20);
        d->flags_at = node_file_offset(c, n, NODE_ENTRIES_AT + 24 * i);
        d->offset_at = node_file_offset(c, n, NODE_ENTRIES_AT + 24 * i + 8);
        d->size_at = node_file_offset(c, n, NODE_ENTRIES_AT + 24 * i + 12);
        if (i > 0 && d->id <= n->entry[i - 1].id)
            return acp_dat_fail(err, ACP_DAT_ERR_BTREE_UNSORTED,
                                node_file_offset(c, n, NODE_ENTRIES_AT + 24 * i + 4), "btree.entry.id", d->id,
                                false);
    }
    return ACP_DAT_OK;
}

/* Branch i of an internal node, or an error when it is null. */
static acp_dat_status node_branch(const acp_dat_container *c, const node *n, uint32_t i, uint32_t *out,
                                  acp_dat_error *err)
{
    *out = n->branch[i];
    if (*out == 0)
        return acp_dat_fail(err, ACP_DAT_ERR_BTREE_BAD_BRANCH, node_file_offset(c, n, 4 * i), "btree.branch", 0,
                            false);
    return ACP_DAT_OK;
}

/* Where a node's pointer was read: the header's root field (ROOT_AT), or branch i of its parent. */
static uint64_t branch_at(const acp_dat_container *c, const node *parent, uint32_t i)
{
    return node_file_offset(c, parent, 4 * i);
}

/* Entering node `offset` (its pointer read at file offset `at`) at `depth` (0 = root) below the
 * ancestors path[0..depth); errors about the pointer itself point at `at`. */
static acp_dat_status enter_node(const acp_dat_container *c, const uint32_t *path, uint32_t depth, uint32_t offset,
                                 uint64_t at, node *n, acp_dat_error *err)
{
    if (depth >= ACP_DAT_MAX_BTREE_DEPTH)
        return acp_dat_fail(err, ACP_DAT_ERR_BTREE_DEPTH, at, "btree", 0, false);
    for (uint32_t i = 0; i < depth; i++)
        if (path[i] == offset) return acp_dat_fail(err, ACP_DAT_ERR_BTREE_CYCLE, at, "btree.branch", 0, false);
    acp_dat_status st = read_node(c, offset, at, n, err);
    if (st != ACP_DAT_OK) return st;
    if (depth > 0 && n->count == 0)
        return acp_dat_fail(err, ACP_DAT_ERR_BTREE_EMPTY_NODE, node_file_offset(c, n, NODE_COUNT_AT),
                            "btree.num_entries", 0, false);
    return ACP_DAT_OK;
}

acp_dat_status acp_dat_container_find(const acp_dat_container *c, uint32_t id, acp_dat_entry *out,
                                      acp_dat_error *err)
{
    node *n = malloc(sizeof *n);
    if (!n) return acp_dat_fail(err, ACP_DAT_ERR_OUT_OF_MEMORY, 0, "btree", id, false);
    uint32_t path[ACP_DAT_MAX_BTREE_DEPTH];
    uint32_t offset = c->header.btree_root, depth = 0;
    uint64_t at = ROOT_AT;
    acp_dat_status st;
    for (;;) {
        st = enter_node(c, path, depth, offset, at, n, err);
        if (st != ACP_DAT_OK) break;
        path[depth++] = offset;
        if (n->count == 0) { /* only the root may be empty: BTree::Lookup finds nothing */
            st = acp_dat_fail(err, ACP_DAT_ERR_NOT_FOUND, 0, "id", id, false);
            break;
        }
        /* BTree::HasEntry: binary search; lo ends at the first entry greater than id. */
        uint32_t lo = 0, hi = n->count;
        while (lo < hi) {
            uint32_t mid = lo + (hi - lo) / 2;
            if (n->entry[mid].id < id) lo = mid + 1;
            else hi = mid;
        }
        if (lo < n->count && n->entry[lo].id == id) {
            *out = n->entry[lo];
            acp_dat_error_clear(err);
            break;
        }
        if (is_leaf(n)) {
            st = acp_dat_fail(err, ACP_DAT_ERR_NOT_FOUND, 0, "id", id, false);
            break;
        }
        st = node_branch(c, n, lo, &offset, err);
        if (st != ACP_DAT_OK) break;
        at = branch_at(c, n, lo);
    }
    free(n);
    return st;
}

/* ---- enumeration ---- */

typedef struct walk {
    const acp_dat_container *c;
    acp_dat_entry_fn fn;
    void *ctx;
    acp_dat_error *err;
    node *nodes;                       /* one per depth */
    uint32_t path[ACP_DAT_MAX_BTREE_DEPTH];
    uint64_t blocks_left;              /* data-area blocks not yet claimed by a node */
    bool have_last;
    uint32_t last_id;
    bool stopped;
} walk;

static acp_dat_status walk_node(walk *w, uint32_t offset, uint64_t at, uint32_t depth)
{
    const acp_dat_container *c = w->c;
    node *n = &w->nodes[depth];
    acp_dat_status st = enter_node(c, w->path, depth, offset, at, n, w->err);
    if (st != ACP_DAT_OK) return st;
    uint64_t used = chain_blocks(c, ACP_DAT_NODE_SIZE);
    if (used > w->blocks_left)
        return acp_dat_fail(w->err, ACP_DAT_ERR_BLOCKS_OVERCOMMITTED, offset, "btree", 0, false);
    w->blocks_left -= used;
    w->path[depth] = offset;
    bool leaf = is_leaf(n) || n->count == 0;
    for (uint32_t i = 0; i <= n->count && !w->stopped; i++) {
        if (!leaf) {
            uint32_t child;
            st = node_branch(c, n, i, &child, w->err);
            if (st == ACP_DAT_OK) st = walk_node(w, child, branch_at(c, n, i), depth + 1);
            if (st != ACP_DAT_OK) return st;
        }
        if (i == n->count) break;
        const acp_dat_entry *e = &n->entry[i];
        if (w->have_last && e->id <= w->last_id)
            return acp_dat_fail(w->err, ACP_DAT_ERR_BTREE_UNSORTED,
                                node_file_offset(c, n, NODE_ENTRIES_AT + 24 * i + 4), "btree.entry.id", e->id,
                                false);
        w->have_last = true;
        w->last_id = e->id;
        if (!w->fn(w->ctx, e)) w->stopped = true;
    }
    return ACP_DAT_OK;
}

acp_dat_status acp_dat_container_enumerate(const acp_dat_container *c, acp_dat_entry_fn fn, void *ctx,
                                           uint64_t *node_blocks, acp_dat_error *err)
{
    walk w;
    memset(&w, 0, sizeof w);
    w.c = c;
    w.fn = fn;
    w.ctx = ctx;
    w.err = err;
    w.blocks_left = block_capacity(c);
    w.nodes = malloc(sizeof(node) * ACP_DAT_MAX_BTREE_DEPTH);
    if (!w.nodes) return acp_dat_fail(err, ACP_DAT_ERR_OUT_OF_MEMORY, 0, "btree", 0, false);
    acp_dat_status st = walk_node(&w, c->header.btree_root, ROOT_AT, 0);
    free(w.nodes);
    if (node_blocks) *node_blocks = block_capacity(c) - w.blocks_left;
    if (st == ACP_DAT_OK) acp_dat_error_clear(err);
    return st;
}

uint64_t acp_dat_container_chain_blocks(const acp_dat_container *c, uint64_t size)
{
    return chain_blocks(c, size);
}

uint64_t acp_dat_container_block_capacity(const acp_dat_container *c)
{
    return block_capacity(c);
}

/* ---- range cache ---- */

acp_dat_cache acp_dat_cache_make(uint64_t file_length)
{
    acp_dat_cache cache;
    memset(&cache, 0, sizeof cache);
    cache.file_length = file_length;
    return cache;
}

int acp_dat_cache_read(void *ctx, uint64_t offset, uint32_t length, uint8_t *out)
{
    acp_dat_cache *cache = ctx;
    for (size_t i = 0; i < cache->count; i++) {
        const acp_dat_cache_range *r = &cache->ranges[i];
        if (offset >= r->offset && offset - r->offset <= r->length && length <= r->length - (offset - r->offset)) {
            memcpy(out, r->bytes + (offset - r->offset), length);
            return ACP_DAT_READ_OK;
        }
    }
    uint64_t start = offset - offset % ACP_DAT_CACHE_WINDOW;
    uint64_t end = start + ACP_DAT_CACHE_WINDOW;
    if (end < offset + length) end = offset + length;
    if (end > cache->file_length) end = cache->file_length;
    if (end <= start) return -1; /* the container never asks outside the file */
    if (end - start > UINT32_MAX) end = start + UINT32_MAX;
    cache->wanting = true;
    cache->want_offset = start;
    cache->want_length = (uint32_t)(end - start);
    return ACP_DAT_READ_PENDING;
}

static void cache_clear(acp_dat_cache *cache)
{
    for (size_t i = 0; i < cache->count; i++) free(cache->ranges[i].bytes);
    cache->count = 0;
    cache->cached_bytes = 0;
}

acp_dat_status acp_dat_cache_supply(acp_dat_cache *cache, uint64_t offset, const uint8_t *bytes, uint32_t length)
{
    if (!bytes || offset > cache->file_length || length > cache->file_length - offset)
        return ACP_DAT_ERR_ARGUMENT;
    if (cache->cached_bytes + length > ACP_DAT_CACHE_BUDGET) cache_clear(cache);
    acp_dat_cache_range *grown = acp_grow(cache->ranges, &cache->cap, cache->count, sizeof *cache->ranges);
    if (!grown) return ACP_DAT_ERR_OUT_OF_MEMORY;
    cache->ranges = grown;
    uint8_t *copy = malloc(length ? length : 1);
    if (!copy) return ACP_DAT_ERR_OUT_OF_MEMORY;
    memcpy(copy, bytes, length);
    acp_dat_cache_range *r = &cache->ranges[cache->count++];
    r->offset = offset;
    r->length = length;
    r->bytes = copy;
    cache->cached_bytes += length;
    cache->wanting = false;
    return ACP_DAT_OK;
}

void acp_dat_cache_free(acp_dat_cache *cache)
{
    cache_clear(cache);
    free(cache->ranges);
    cache->ranges = NULL;
    cache->cap = 0;
}
