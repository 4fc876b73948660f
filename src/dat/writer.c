/* acphys — the DAT excerpt writer (see writer.h). */
#include "writer.h"

#include "arena.h"

#include <stdlib.h>
#include <string.h>

typedef struct wrecord {
    acp_dat_entry entry;               /* offset filled at layout */
    uint8_t *bytes;
} wrecord;

struct acp_dat_writer {
    acp_dat_header header;
    wrecord *records;
    size_t count, cap;
};

/* A directory node being built: indices into the sorted records and into the node list. */
typedef struct wnode {
    uint32_t entries[ACP_DAT_NODE_ENTRIES];
    uint32_t nentries;
    uint32_t children[ACP_DAT_NODE_ENTRIES + 1];
    uint32_t nchildren;
    uint32_t offset;
} wnode;

acp_dat_header acp_dat_header_default(uint32_t data_set)
{
    acp_dat_header h;
    memset(&h, 0, sizeof h);
    h.magic = ACP_DAT_MAGIC;
    h.data_set = data_set;
    bool cell = data_set == ACP_DAT_CELL;
    h.block_size = cell ? 256u : 1024u;
    h.data_subset = cell ? 1u : 0u;
    h.eng_pack_vnum = cell ? 22 : 110;
    return h;
}

acp_dat_writer *acp_dat_writer_create(const acp_dat_header *header)
{
    if (!header || header->block_size < ACP_DAT_MIN_BLOCK_SIZE || header->block_size > ACP_DAT_MAX_BLOCK_SIZE)
        return NULL;
    acp_dat_writer *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    w->header = *header;
    return w;
}

acp_dat_status acp_dat_writer_add(acp_dat_writer *w, const acp_dat_entry *entry, const uint8_t *bytes,
                                  uint32_t size)
{
    if (!w || !entry || (!bytes && size) || size > ACP_DAT_MAX_RECORD_SIZE) return ACP_DAT_ERR_ARGUMENT;
    for (size_t i = 0; i < w->count; i++)
        if (w->records[i].entry.id == entry->id) return ACP_DAT_ERR_DUPLICATE_ID;
    wrecord *grown = acp_grow(w->records, &w->cap, w->count, sizeof *w->records);
    if (!grown) return ACP_DAT_ERR_OUT_OF_MEMORY;
    w->records = grown;
    uint8_t *copy = malloc(size ? size : 1);
    if (!copy) return ACP_DAT_ERR_OUT_OF_MEMORY;
    if (size) memcpy(copy, bytes, size);
    wrecord *r = &w->records[w->count++];
    r->entry = *entry;
    r->entry.size = size;
    r->entry.offset = 0;
    r->entry.flags_at = r->entry.offset_at = r->entry.size_at = 0; /* where it lay in its old file */
    r->bytes = copy;
    return ACP_DAT_OK;
}

size_t acp_dat_writer_count(const acp_dat_writer *w) { return w ? w->count : 0; }

static int record_cmp(const void *pa, const void *pb)
{
    const wrecord *a = pa, *b = pb;
    return a->entry.id < b->entry.id ? -1 : a->entry.id > b->entry.id;
}

/* Bulk-build the B-tree over n sorted records (see writer.h). Nodes are appended to *nodes;
 * returns the root's index. Level by level: the leaves split the entries evenly with one
 * separator between neighbours; each upper level groups at most 62 children per parent, the
 * separators between the groups moving up. */
static uint32_t build_tree(uint32_t n, wnode *nodes, uint32_t *nnodes, uint32_t *level, uint32_t *seps)
{
    uint32_t L = n <= ACP_DAT_NODE_ENTRIES ? 1 : (n + 1 + ACP_DAT_NODE_ENTRIES) / (ACP_DAT_NODE_ENTRIES + 1);
    uint32_t in_leaves = n - (L - 1), base = in_leaves / L, extra = in_leaves % L, next = 0, nseps = 0;
    for (uint32_t j = 0; j < L; j++) {
        wnode *leaf = &nodes[*nnodes];
        memset(leaf, 0, sizeof *leaf);
        uint32_t size = base + (j < extra ? 1 : 0);
        for (uint32_t k = 0; k < size; k++) leaf->entries[leaf->nentries++] = next++;
        level[j] = (*nnodes)++;
        if (j + 1 < L) seps[nseps++] = next++;
    }
    uint32_t m = L;
    while (m > 1) {
        uint32_t P = (m + ACP_DAT_NODE_ENTRIES) / (ACP_DAT_NODE_ENTRIES + 1);
        uint32_t cbase = m / P, cextra = m % P, child = 0, sep = 0, nup = 0;
        for (uint32_t j = 0; j < P; j++) {
            wnode *parent = &nodes[*nnodes];
            memset(parent, 0, sizeof *parent);
            uint32_t c = cbase + (j < cextra ? 1 : 0);
            for (uint32_t k = 0; k < c; k++) {
                parent->children[parent->nchildren++] = level[child++];
                if (k + 1 < c) parent->entries[parent->nentries++] = seps[sep++];
            }
            /* Parents are written over the level arrays' consumed prefix: index j <= child - 1
             * and j <= sep, so nothing still needed is overwritten. */
            level[j] = (*nnodes)++;
            if (j + 1 < P) seps[nup++] = seps[sep++];
        }
        m = P;
    }
    return level[0];
}

static void put_chain(uint8_t *file, uint32_t first, uint32_t bs, const uint8_t *bytes, uint32_t size)
{
    uint32_t payload = bs - 4, blocks = size ? (size + payload - 1) / payload : 1;
    for (uint32_t k = 0; k < blocks; k++) {
        uint32_t at = first + k * bs;
        acp_put_u32(file + at, k + 1 < blocks ? at + bs : 0);
        uint32_t n = size - k * payload < payload ? size - k * payload : payload;
        if (size) memcpy(file + at + 4, bytes + k * payload, n);
    }
}

acp_dat_status acp_dat_writer_finish(acp_dat_writer *w, uint8_t **out, size_t *out_size)
{
    if (!w || !out || !out_size) return ACP_DAT_ERR_ARGUMENT;
    *out = NULL;
    *out_size = 0;
    if (w->count > 0xFFFFFFFEu) return ACP_DAT_ERR_FILE_TOO_LARGE;
    if (w->count > 1) qsort(w->records, w->count, sizeof *w->records, record_cmp);
    const uint32_t n = (uint32_t)w->count, bs = w->header.block_size, payload = bs - 4;
    /* At most 2n/30 + 2 nodes for n > 61 (every node but the root holds 30 or more entries). */
    uint32_t max_nodes = n / 15 + 3;
    wnode *nodes = malloc(sizeof(wnode) * max_nodes);
    uint32_t *level = malloc(sizeof(uint32_t) * (n / 30 + 2));
    uint32_t *seps = malloc(sizeof(uint32_t) * (n / 30 + 2));
    uint32_t *order = malloc(sizeof(uint32_t) * max_nodes);
    acp_dat_status st = ACP_DAT_OK;
    uint8_t *file = NULL;
    if (!nodes || !level || !seps || !order) {
        st = ACP_DAT_ERR_OUT_OF_MEMORY;
        goto done;
    }
    uint32_t nnodes = 0;
    uint32_t root = build_tree(n, nodes, &nnodes, level, seps);

    /* Layout: root first, then the other nodes breadth first, then the records, then one free
     * block. Sizes in 64 bits so an oversized excerpt is refused, never wrapped. */
    uint64_t node_blocks = (ACP_DAT_NODE_SIZE + payload - 1) / payload;
    uint64_t at = ACP_DAT_DATA_START;
    uint32_t head = 0, tail = 0;
    order[tail++] = root;
    while (head < tail) {
        wnode *nd = &nodes[order[head++]];
        nd->offset = (uint32_t)at;
        at += node_blocks * bs;
        for (uint32_t k = 0; k < nd->nchildren; k++) order[tail++] = nd->children[k];
        if (at > 0x7FFFFFFFu) break;
    }
    for (uint32_t i = 0; i < n && at <= 0x7FFFFFFFu; i++) {
        wrecord *r = &w->records[i];
        r->entry.offset = (uint32_t)at;
        uint64_t blocks = r->entry.size ? (r->entry.size + (uint64_t)payload - 1) / payload : 1;
        at += blocks * bs;
    }
    uint64_t free_block = at, total = at + bs;
    if (total > 0x7FFFFFFFu) {
        st = ACP_DAT_ERR_FILE_TOO_LARGE;
        goto done;
    }
    file = calloc(1, (size_t)total);
    if (!file) {
        st = ACP_DAT_ERR_OUT_OF_MEMORY;
        goto done;
    }
    file[0x100 + 1] = 0x50; /* empty transaction: type 0 (NO_TRANS), magic 0x4C50 */
    file[0x100 + 2] = 0x4C;
    acp_dat_header h = w->header;
    h.magic = ACP_DAT_MAGIC;
    h.file_size = (uint32_t)total;
    h.first_free = h.final_free = (uint32_t)free_block;
    h.free_blocks = 1;
    h.btree_root = nodes[root].offset;
    h.young_lru = h.old_lru = h.use_lru = 0;
    acp_dat_header_write(&h, file + ACP_DAT_HEADER_OFFSET);
    acp_put_u32(file + free_block, 0x80000000u);

    uint8_t raw[ACP_DAT_NODE_SIZE];
    for (uint32_t i = 0; i < nnodes; i++) {
        const wnode *nd = &nodes[i];
        memset(raw, 0, sizeof raw);
        for (uint32_t k = 0; k < nd->nchildren; k++) acp_put_u32(raw + 4 * k, nodes[nd->children[k]].offset);
        acp_put_u32(raw + 248, nd->nentries);
        for (uint32_t k = 0; k < nd->nentries; k++) {
            const acp_dat_entry *e = &w->records[nd->entries[k]].entry;
            uint8_t *p = raw + 252 + 24 * k;
            acp_put_u32(p, e->flags);
            acp_put_u32(p + 4, e->id);
            acp_put_u32(p + 8, e->offset);
            acp_put_u32(p + 12, e->size);
            acp_put_u32(p + 16, (uint32_t)e->date);
            acp_put_u32(p + 20, (uint32_t)e->iteration);
        }
        put_chain(file, nd->offset, bs, raw, ACP_DAT_NODE_SIZE);
    }
    for (uint32_t i = 0; i < n; i++) {
        const wrecord *r = &w->records[i];
        put_chain(file, r->entry.offset, bs, r->bytes, r->entry.size);
    }
    *out = file;
    *out_size = (size_t)total;
done:
    free(nodes);
    free(level);
    free(seps);
    free(order);
    return st;
}

void acp_dat_writer_destroy(acp_dat_writer *w)
{
    if (!w) return;
    for (size_t i = 0; i < w->count; i++) free(w->records[i].bytes);
    free(w->records);
    free(w);
}
