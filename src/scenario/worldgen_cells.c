/* acphys — the random worlds' own buildings and statics (worldgen.h): a cell DAT excerpt whose
 * LandBlockInfo 0xA9B4FFFE replaces the default one (its tree and cottage kept, more statics and
 * more cottages added on Holtburg's plateau), with an EnvCell 0xA9B40101.. for each added
 * cottage: a copy of the cottage's interior 0xA9B40100 at the new building's frame. Not retail:
 * a test generator. The records are written in the layouts the parsers read
 * (src/dat/landblock_info.c, src/dat/envcell.c). */
#include "worldgen_cells.h"

#include <stdlib.h>
#include <string.h>

#include "dat/container.h"
#include "dat/dat.h"
#include "dat/writer.h"
#include "excerpts.h"

#define INFO_ID 0xA9B4FFFEu
#define COTTAGE_CELL 0xA9B40100u

typedef struct buf {
    uint8_t *b;
    size_t n, cap;
    bool failed;
} buf;

static void put(buf *o, const void *p, size_t n)
{
    if (o->failed) return;
    if (o->n + n > o->cap) {
        size_t cap = (o->cap + n) * 2;
        uint8_t *b = realloc(o->b, cap);
        if (!b) {
            o->failed = true;
            return;
        }
        o->b = b;
        o->cap = cap;
    }
    memcpy(o->b + o->n, p, n);
    o->n += n;
}

static void put_u32(buf *o, uint32_t v)
{
    uint8_t b[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
    put(o, b, 4);
}

static void put_u16(buf *o, uint32_t v)
{
    uint8_t b[2] = {(uint8_t)v, (uint8_t)(v >> 8)};
    put(o, b, 2);
}

static void put_f32(buf *o, float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    put_u32(o, u);
}

static void put_frame(buf *o, const acp_aframe *f)
{
    put_f32(o, f->origin.x);
    put_f32(o, f->origin.y);
    put_f32(o, f->origin.z);
    put_f32(o, f->qw);
    put_f32(o, f->qx);
    put_f32(o, f->qy);
    put_f32(o, f->qz);
}

static void set_u16(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
}

static void set_u32(uint8_t *p, uint32_t v)
{
    set_u16(p, v);
    set_u16(p + 2, v >> 16);
}

/* A cell stored as a u16 within its block: `old` (the cottage's cell) becomes `cell`'s. */
static uint32_t moved(uint32_t stored, uint32_t cell) { return (stored & 0xFFFFu) == (COTTAGE_CELL & 0xFFFFu) ? cell & 0xFFFFu : stored & 0xFFFFu; }

/* One building's record bytes (BuildInfo): model, frame, leaves, portals (padded to 4). */
static void put_building(buf *o, const acp_building *b, const acp_aframe *frame, uint32_t cell)
{
    put_u32(o, b->model_id);
    put_frame(o, frame);
    put_u32(o, b->num_leaves);
    put_u32(o, b->num_portals);
    for (uint32_t i = 0; i < b->num_portals; i++) {
        const acp_bld_portal *p = &b->portals[i];
        size_t start = o->n;
        put_u16(o, p->flags);
        put_u16(o, moved(p->other_cell_id, cell));
        put_u16(o, p->other_portal_id);
        put_u16(o, p->num_stabs);
        for (uint32_t k = 0; k < p->num_stabs; k++) put_u16(o, moved(p->stabs[k], cell));
        while ((o->n - start) % 4) put(o, "\0", 1);
    }
}

/* The record `id` of a container, read into a new buffer; NULL when absent. */
static uint8_t *default_record(const acp_dat_container *c, uint32_t id, uint32_t *size)
{
    acp_dat_entry e;
    acp_dat_error err;
    if (acp_dat_container_find(c, id, &e, &err) != ACP_DAT_OK) return NULL;
    uint8_t *b = malloc(e.size ? e.size : 1);
    if (!b) return NULL;
    if (acp_dat_container_read(c, &e, b, &err) != ACP_DAT_OK) {
        free(b);
        return NULL;
    }
    *size = e.size;
    return b;
}

/* The EnvCell of the cottage copied to `cell` at `frame`: its ids, position, portals' and
 * visible cells' references to itself changed; with `num_stabs` static objects of Setup `setup`
 * at `stabs`, flag HAS_STATICS set and (count u32, then id u32 and frame each) written after the
 * visible cells, before the restriction object (CEnvCell::UnPack 0x0052D470's order). The
 * cottage's own EnvCell has no statics (checked). */
static bool put_envcell(buf *o, const uint8_t *bytes, uint32_t size, const acp_envcell *ec,
                        const acp_worldgen_building *x, uint32_t setup)
{
    const uint32_t cell = x->cell;
    const acp_aframe *frame = &x->frame;
    const size_t pos = 16 + 2 * (size_t)ec->num_surfaces + 4;
    const size_t portals = pos + 28, visible = portals + 8 * (size_t)ec->num_portals;
    const size_t end = visible + 2 * (size_t)ec->num_visible_cells;
    if (end > size || (ec->flags & ACP_ENVCELL_HAS_STATICS)) return false;
    size_t start = o->n;
    put(o, bytes, end);
    if (x->num_stabs) {
        put_u32(o, x->num_stabs);
        for (uint32_t i = 0; i < x->num_stabs; i++) {
            put_u32(o, setup);
            put_frame(o, &x->stabs[i]);
        }
    }
    put(o, bytes + end, size - end);
    if (o->failed) return false;
    uint8_t *p = o->b + start;
    if (x->num_stabs) set_u32(p + 4, ec->flags | ACP_ENVCELL_HAS_STATICS);
    set_u32(p, cell);     /* the id */
    set_u32(p + 8, cell); /* the id again (the block mask) */
    const float v[7] = {frame->origin.x, frame->origin.y, frame->origin.z, frame->qw, frame->qx, frame->qy, frame->qz};
    for (int i = 0; i < 7; i++) {
        uint32_t u;
        memcpy(&u, &v[i], 4);
        set_u32(p + pos + 4 * (size_t)i, u);
    }
    for (uint32_t i = 0; i < ec->num_portals; i++) {
        uint8_t *q = p + portals + 8 * (size_t)i + 4; /* other_cell_id */
        set_u16(q, moved((uint32_t)q[0] | (uint32_t)q[1] << 8, cell));
    }
    for (uint32_t i = 0; i < ec->num_visible_cells; i++) {
        uint8_t *q = p + visible + 2 * (size_t)i;
        set_u16(q, moved((uint32_t)q[0] | (uint32_t)q[1] << 8, cell));
    }
    return true;
}

static bool add_record(acp_dat_writer *w, uint32_t id, const buf *b)
{
    acp_dat_entry e;
    memset(&e, 0, sizeof e);
    e.id = id;
    e.flags = 0x00010000u;
    e.date = 1377993600;
    e.iteration = 1;
    return !b->failed && acp_dat_writer_add(w, &e, b->b, (uint32_t)b->n) == ACP_DAT_OK;
}

uint8_t *acp_worldgen_cells_dat(const acp_worldgen_building *extra, uint32_t num_extra, const acp_aframe *statics,
                                uint32_t num_statics, uint32_t static_setup, size_t *size)
{
    uint32_t count = 0;
    const acp_embedded_excerpt *ex = acp_default_excerpts(&count);
    const acp_embedded_excerpt *cell = NULL;
    for (uint32_t i = 0; i < count; i++)
        if (!strcmp(ex[i].name, "cell-default.dat")) cell = &ex[i];
    if (!cell) return NULL;
    acp_dat_container c;
    acp_dat_error err;
    if (acp_dat_container_open(&c, acp_dat_source_memory(cell->data, cell->size), &err) != ACP_DAT_OK) return NULL;
    uint32_t info_size = 0, env_size = 0;
    uint8_t *info_bytes = default_record(&c, INFO_ID, &info_size), *env_bytes = default_record(&c, COTTAGE_CELL, &env_size);
    acp_dat_record info = {0}, env = {0};
    uint8_t *out = NULL;
    acp_dat_writer *w = NULL;
    buf b = {0};
    if (!info_bytes || !env_bytes ||
        acp_dat_record_parse(ACP_DAT_TYPE_LANDBLOCK_INFO, INFO_ID, info_bytes, info_size, &info, &err) != ACP_DAT_OK ||
        acp_dat_record_parse(ACP_DAT_TYPE_ENVCELL, COTTAGE_CELL, env_bytes, env_size, &env, &err) != ACP_DAT_OK)
        goto done;
    const acp_landblock_info *li = info.as.landblock_info;
    const acp_building *cottage = NULL;
    for (uint32_t i = 0; i < li->num_buildings && !cottage; i++)
        for (uint32_t k = 0; k < li->buildings[i].num_portals && !cottage; k++)
            if (li->buildings[i].portals[k].other_cell_id == COTTAGE_CELL) cottage = &li->buildings[i];
    if (!cottage || (li->pack_mask & 1u)) goto done; /* no cottage to copy, or a restriction table */
    acp_dat_header h = acp_dat_header_default(ACP_DAT_CELL);
    w = acp_dat_writer_create(&h);
    if (!w) goto done;
    /* The LandBlockInfo: the default's cells, objects and buildings, then the added ones. */
    put_u32(&b, INFO_ID);
    put_u32(&b, li->num_cells + num_extra);
    put_u32(&b, li->num_objects + num_statics);
    for (uint32_t i = 0; i < li->num_objects; i++) {
        put_u32(&b, li->objects[i].id);
        put_frame(&b, &li->objects[i].frame);
    }
    for (uint32_t i = 0; i < num_statics; i++) {
        put_u32(&b, static_setup);
        put_frame(&b, &statics[i]);
    }
    put_u32(&b, (li->num_buildings + num_extra) | (li->pack_mask << 16));
    for (uint32_t i = 0; i < li->num_buildings; i++) put_building(&b, &li->buildings[i], &li->buildings[i].frame, COTTAGE_CELL);
    for (uint32_t i = 0; i < num_extra; i++) put_building(&b, cottage, &extra[i].frame, extra[i].cell);
    if (!add_record(w, INFO_ID, &b)) goto done;
    for (uint32_t i = 0; i < num_extra; i++) {
        b.n = 0;
        if (!put_envcell(&b, env_bytes, env_size, env.as.envcell, &extra[i], static_setup) ||
            !add_record(w, extra[i].cell, &b))
            goto done;
    }
    if (acp_dat_writer_finish(w, &out, size) != ACP_DAT_OK) out = NULL;
done:
    free(b.b);
    acp_dat_writer_destroy(w);
    acp_dat_record_free(&info);
    acp_dat_record_free(&env);
    free(info_bytes);
    free(env_bytes);
    return out;
}
