/* Record parsers (src/dat/records.c) and the record store (dataset.c): the raw record fixtures of
 * tests/data/dat-records, the embedded default excerpts against their sources, replacement and
 * lazy loading. */
#include "test.h"

#include <stdlib.h>
#include <string.h>

#include "dat_test_util.h"
#include "dat/recfixture.h"

typedef struct seed {
    const char *file;
    acp_dat_type type;
} seed;

static const seed seeds[] = {
    {"setup-quarrel.bin", ACP_DAT_TYPE_SETUP},       {"setup-rich.bin", ACP_DAT_TYPE_SETUP},
    {"animation-posframes.bin", ACP_DAT_TYPE_ANIMATION}, {"animation-hooks.bin", ACP_DAT_TYPE_ANIMATION},
    {"motion-table.bin", ACP_DAT_TYPE_MOTION_TABLE}, {"landblock.bin", ACP_DAT_TYPE_LANDBLOCK},
    {"region.bin", ACP_DAT_TYPE_REGION},             {"gfxobj-wall.bin", ACP_DAT_TYPE_GFXOBJ},
    {"gfxobj-physics-only.bin", ACP_DAT_TYPE_GFXOBJ},
    {"environment-corridor.bin", ACP_DAT_TYPE_ENVIRONMENT}, {"environment-drawing.bin", ACP_DAT_TYPE_ENVIRONMENT},
    {"envcell-corridor.bin", ACP_DAT_TYPE_ENVCELL},  {"landblock-info-cottage.bin", ACP_DAT_TYPE_LANDBLOCK_INFO},
};

static uint8_t *load_seed(const char *file, size_t *size)
{
    char rel[256];
    snprintf(rel, sizeof rel, "tests/data/dat-records/%s", file);
    return dt_read_repo_file(rel, size);
}

/* Parse a seed as its own id. */
static acp_dat_status parse(acp_dat_type type, const uint8_t *b, size_t n, acp_dat_record *rec, acp_dat_error *err)
{
    return acp_dat_record_parse(type, n >= 4 ? acp_get_u32(b) : 0, b, n, rec, err);
}

static void seeds_parse_and_every_cut_fails(void)
{
    for (size_t s = 0; s < sizeof seeds / sizeof seeds[0]; s++) {
        size_t size = 0;
        uint8_t *b = load_seed(seeds[s].file, &size);
        ENSURE(b != NULL);
        if (!b) continue;
        acp_test_case = seeds[s].file;
        acp_dat_record rec;
        acp_dat_error err;
        ENSURE_EQ(parse(seeds[s].type, b, size, &rec, &err), ACP_DAT_OK);
        acp_dat_record_free(&rec);
        /* Every shorter record fails, on an exact-size copy (ASan catches any overrun). A Region
         * may end right after its terrain types: its LandSurf and RegionMisc are opaque. The
         * seed's: the height table, then an empty GameTime (20 bytes, an empty year spec padded
         * to 4, three zero counts), parts mask 0 and no terrain types: 44 bytes. */
        const size_t region_min = 52 + 1024 + 44;
        int wrong = 0;
        for (size_t len = 0; len < size; len++) {
            uint8_t *copy = malloc(len ? len : 1);
            memcpy(copy, b, len);
            acp_dat_status st = parse(seeds[s].type, copy, len, &rec, &err);
            bool ok_expected = seeds[s].type == ACP_DAT_TYPE_REGION && len >= region_min;
            if ((st == ACP_DAT_OK) != ok_expected || (st != ACP_DAT_OK && (err.offset > len || !err.in_record)))
                wrong++;
            acp_dat_record_free(&rec);
            free(copy);
        }
        ENSURE_EQ(wrong, 0);
        /* Four more bytes: trailing bytes after a record parsed completely; a Region keeps them. */
        uint8_t *longer = calloc(1, size + 4);
        memcpy(longer, b, size);
        acp_dat_status st = parse(seeds[s].type, longer, size + 4, &rec, &err);
        if (seeds[s].type == ACP_DAT_TYPE_REGION) {
            ENSURE_EQ(st, ACP_DAT_OK);
            ENSURE_EQ(rec.as.region->raw_size, size + 4);
        } else {
            ENSURE_EQ(st, ACP_DAT_ERR_TRAILING_BYTES);
            ENSURE_EQ(err.offset, size);
        }
        acp_dat_record_free(&rec);
        free(longer);
        free(b);
    }
    acp_test_case = "seeds_parse_and_every_cut_fails";
}

static void hooks_decode_every_type(void)
{
    size_t size = 0;
    uint8_t *b = load_seed("animation-hooks.bin", &size);
    if (!b) return;
    acp_dat_record rec;
    acp_dat_error err;
    ENSURE_EQ(parse(ACP_DAT_TYPE_ANIMATION, b, size, &rec, &err), ACP_DAT_OK);
    const acp_animation *a = rec.as.animation;
    if (!a) return;
    ENSURE_EQ(a->flags, 2);
    ENSURE(a->pos_frames == NULL);
    ENSURE_EQ(a->num_parts, 2);
    ENSURE_EQ(a->num_frames, 2);
    ENSURE_FBITS(a->part_frames[0].parts[1].origin.z, 0.5f);
    const acp_anim_frame *f = &a->part_frames[0];
    ENSURE_EQ(f->num_hooks, 27);
    ENSURE_EQ(a->part_frames[1].num_hooks, 0);
    static const uint32_t types[27] = {0, 1, 2, 3, 5, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
                                       20, 21, 22, 23, 24, 25, 26};
    static const int32_t directions[3] = {0, 1, -1};
    for (int i = 0; i < 27 && (uint32_t)i < f->num_hooks; i++) {
        ENSURE_EQ(f->hooks[i].type, types[i]);
        ENSURE_EQ(f->hooks[i].direction, directions[i % 3]);
    }
    if (f->num_hooks == 27) {
        const acp_anim_hook *h = f->hooks;
        ENSURE_EQ(h[1].p.id, 0x0A000123u);
        ENSURE_EQ(h[2].p.id, 7);
        ENSURE_EQ(h[3].p.attack.part, 3);
        ENSURE_FBITS(h[3].p.attack.left_x, -0.5f);
        ENSURE_FBITS(h[3].p.attack.height, 1.5f);
        /* ReplaceObject: a u8 part, the GfxObj id packed in 2 bytes, then in 4, re-aligned. */
        ENSURE_EQ(h[4].p.replace.part, 5);
        ENSURE_EQ(h[4].p.replace.gfx_id, 0x01000ABCu);
        ENSURE_EQ(h[5].p.replace.part, 6);
        ENSURE_EQ(h[5].p.replace.gfx_id, 0x0101ABCDu);
        ENSURE_EQ(h[6].p.flag, 1);
        ENSURE_EQ(h[7].p.fade.part, 2);
        ENSURE_FBITS(h[7].p.fade.time, 0.5f);
        ENSURE_EQ(h[8].p.fade.part, 0xFFFFFFFFu);
        ENSURE_FBITS(h[8].p.fade.time, 2.0f);
        ENSURE_FBITS(h[12].p.scale.end, 1.5f);
        ENSURE_EQ(h[13].p.particle.info_id, 0x32000010u);
        ENSURE_FBITS(h[13].p.particle.offset.origin.y, 0.2f);
        ENSURE_EQ(h[13].p.particle.emitter_id, 9);
        ENSURE_EQ(h[15].p.id, 10);
        ENSURE_EQ(h[18].p.id, 3);
        ENSURE_EQ(h[19].p.call_pes.script_id, 0x33000020u);
        ENSURE_FBITS(h[19].p.call_pes.pause, 0.75f);
        ENSURE_FBITS(h[21].p.sound_tweaked.probability, 0.5f);
        ENSURE_FBITS(h[21].p.sound_tweaked.priority, 2.0f);
        ENSURE_FBITS(h[21].p.sound_tweaked.volume, 0.8f);
        ENSURE_FBITS(h[22].p.omega.z, 1.25f);
        ENSURE_EQ(h[23].p.texture_velocity.part, 0xFFFFFFFFu);
        ENSURE_FBITS(h[24].p.texture_velocity.v, 0.4f);
        ENSURE_EQ(h[26].p.particle.emitter_id, 11);
    }
    acp_dat_record_free(&rec);
    free(b);
}

static void setup_decodes_and_sorts(void)
{
    size_t size = 0;
    uint8_t *b = load_seed("setup-rich.bin", &size);
    if (!b) return;
    acp_dat_record rec;
    acp_dat_error err;
    ENSURE_EQ(parse(ACP_DAT_TYPE_SETUP, b, size, &rec, &err), ACP_DAT_OK);
    const acp_setup *s = rec.as.setup;
    if (!s) return;
    ENSURE_EQ(s->flags, 3);
    ENSURE_EQ(s->num_parts, 3);
    ENSURE_EQ(s->parts[2], 0x01000003u);
    ENSURE_EQ(s->parent_index[0], 0xFFFFFFFFu);
    ENSURE_EQ(s->parent_index[2], 1);
    ENSURE_FBITS(s->default_scale[1].y, 0.5f);
    ENSURE_EQ(s->num_holding_locations, 2);
    ENSURE_EQ(s->holding_locations[0].key, 1); /* stored 2 then 1: sorted */
    ENSURE_FBITS(s->holding_locations[0].frame.origin.x, 0.1f);
    ENSURE_EQ(s->holding_locations[1].part_id, 1);
    ENSURE_EQ(s->num_connection_points, 1);
    ENSURE_EQ(s->num_placements, 2);
    ENSURE_EQ(s->placements[0].key, 0);
    ENSURE_EQ(s->placements[0].frame.num_hooks, 1);
    ENSURE_EQ(s->placements[0].frame.hooks[0].type, ACP_HOOK_NO_DRAW);
    ENSURE_EQ(s->placements[1].key, 0x65);
    ENSURE_FBITS(s->placements[1].frame.parts[2].origin.z, 0.2f);
    ENSURE_EQ(s->num_cylspheres, 1);
    ENSURE_FBITS(s->cylspheres[0].height, 1.2f);
    ENSURE_EQ(s->num_spheres, 2);
    ENSURE_FBITS(s->spheres[1].radius, 0.4f);
    ENSURE_FBITS(s->height, 1.6f);
    ENSURE_FBITS(s->step_up_height, 0.3612f);
    ENSURE_FBITS(s->step_down_height, 0.3612f);
    ENSURE_EQ(s->num_lights, 1);
    ENSURE_EQ(s->lights[0].color, 0xFFFAC800u);
    ENSURE_FBITS(s->lights[0].intensity, 100.0f);
    ENSURE_EQ(s->default_animation, 0x0300F0A0u);
    ENSURE_EQ(s->default_motion_table, 0x0900F0A0u);
    ENSURE_EQ(s->default_script_table, 0x34000004u);
    acp_dat_record_free(&rec);
    free(b);
}

static void motion_table_decodes(void)
{
    size_t size = 0;
    uint8_t *b = load_seed("motion-table.bin", &size);
    if (!b) return;
    acp_dat_record rec;
    acp_dat_error err;
    ENSURE_EQ(parse(ACP_DAT_TYPE_MOTION_TABLE, b, size, &rec, &err), ACP_DAT_OK);
    const acp_motion_table *t = rec.as.motion_table;
    if (!t) return;
    ENSURE_EQ(t->default_style, 0x8000003Du);
    ENSURE_EQ(t->num_style_defaults, 1);
    ENSURE_EQ(t->style_defaults[0].substate, 0x41000003u);
    ENSURE_EQ(t->num_cycles, 2);
    ENSURE_EQ(t->cycles[1].key, 0x003D0005u);
    ENSURE_EQ(t->cycles[1].data.flags, 1);
    ENSURE_FBITS(t->cycles[1].data.velocity.y, 3.1199999f);
    ENSURE_EQ(t->cycles[1].data.num_anims, 1);
    ENSURE_EQ(t->cycles[1].data.anims[0].high_frame, -1);
    ENSURE_FBITS(t->cycles[1].data.anims[0].framerate, 30.0f);
    ENSURE_EQ(t->num_modifiers, 1);
    ENSURE_FBITS(t->modifiers[0].data.omega.z, -1.5f);
    ENSURE_EQ(t->num_links, 1);
    ENSURE_EQ(t->links[0].num_entries, 1);
    ENSURE_EQ(t->links[0].entries[0].key, 0x45000005u);
    acp_dat_record_free(&rec);
    free(b);
}

static void ids_and_types_are_checked(void)
{
    size_t size = 0;
    uint8_t *b = load_seed("landblock.bin", &size);
    if (!b) return;
    acp_dat_record rec;
    acp_dat_error err;
    ENSURE_EQ(acp_dat_record_parse(ACP_DAT_TYPE_LANDBLOCK, 0xA9B5FFFFu, b, size, &rec, &err), ACP_DAT_ERR_ID_MISMATCH);
    ENSURE_EQ(err.record_id, 0xA9B5FFFFu);
    ENSURE_EQ(acp_dat_record_parse(ACP_DAT_TYPE_UNKNOWN, 0xA9B4FFFFu, b, size, &rec, &err), ACP_DAT_ERR_UNSUPPORTED_TYPE);
    ENSURE_EQ(acp_dat_type_of(ACP_DAT_CELL, 0x0200FFFFu), ACP_DAT_TYPE_LANDBLOCK);
    ENSURE_EQ(acp_dat_type_of(ACP_DAT_CELL, 0x13000000u), ACP_DAT_TYPE_REGION);
    ENSURE_EQ(acp_dat_type_of(ACP_DAT_CELL, 0xA9B40100u), ACP_DAT_TYPE_ENVCELL);
    ENSURE_EQ(acp_dat_type_of(ACP_DAT_CELL, 0xA9B4FFFDu), ACP_DAT_TYPE_ENVCELL);
    ENSURE_EQ(acp_dat_type_of(ACP_DAT_CELL, 0xA9B400FFu), ACP_DAT_TYPE_UNKNOWN);
    ENSURE_EQ(acp_dat_type_of(ACP_DAT_CELL, 0xA9B4FFFEu), ACP_DAT_TYPE_LANDBLOCK_INFO);
    ENSURE_EQ(acp_dat_type_of(ACP_DAT_PORTAL, 0x0D000001u), ACP_DAT_TYPE_ENVIRONMENT);
    ENSURE_EQ(acp_dat_type_of(ACP_DAT_PORTAL, 0x0200FFFFu), ACP_DAT_TYPE_SETUP);
    ENSURE_EQ(acp_dat_type_of(ACP_DAT_PORTAL, 0x01000001u), ACP_DAT_TYPE_GFXOBJ);
    ENSURE_EQ(acp_dat_type_of(ACP_DAT_PORTAL, 0x0E000001u), ACP_DAT_TYPE_UNKNOWN);
    ENSURE(!strcmp(acp_dat_type_name(ACP_DAT_TYPE_GFXOBJ), "GfxObj"));
    ENSURE(!strcmp(acp_dat_type_name(ACP_DAT_TYPE_MOTION_TABLE), "MotionTable"));
    free(b);
}


/* data/cell-default.dat holds exactly the terrain of landblocks.json and its height table. */
static void cell_excerpt_matches_its_source(void)
{
    acp_datset *set = dt_load_default_excerpts();
    ENSURE(set != NULL);
    if (!set) return;
    size_t size = 0;
    char *j = (char *)dt_read_repo_file("data/excerpt-sources/landblocks.json", &size);
    if (!j) {
        acp_datset_destroy(set);
        return;
    }
    const char *end = j + size;
    double table[257];
    ENSURE_EQ(mj_numbers(mj_find(j, end, "land_height_table"), end, table, 257), 256);
    const acp_region *g = acp_datset_region(set, 0x13000000u);
    ENSURE(g != NULL);
    for (int i = 0; g && i < 256; i++) ENSURE_FBITS(g->land_height_table[i], (float)table[i]);
    if (g) {
        ENSURE_EQ(g->region_number, 1);
        ENSURE_EQ(g->version, 3);
        ENSURE(g->name_length == 6 && !memcmp(g->name, "Dereth", 6));
        ENSURE_FBITS(g->land_defs.square_length, 24.0f);
    }
    const char *lbs = mj_find(j, end, "landblocks");
    int count = 0;
    for (const char *p = lbs ? lbs + 1 : end; p && p < end;) {
        const char *key = strstr(p, "\"0x");
        if (!key || key >= end) break;
        uint32_t id = (uint32_t)strtoul(key + 1, NULL, 16);
        const char *obj = strchr(key, '{');
        const char *obj_end = mj_skip(obj, end);
        double h[82], t[82], r[82];
        ENSURE_EQ(mj_numbers(mj_find(obj, obj_end, "height_index"), obj_end, h, 82), 81);
        ENSURE_EQ(mj_numbers(mj_find(obj, obj_end, "terrain_type"), obj_end, t, 82), 81);
        ENSURE_EQ(mj_numbers(mj_find(obj, obj_end, "road"), obj_end, r, 82), 81);
        const acp_landblock *lb = acp_datset_landblock(set, id);
        ENSURE(lb != NULL);
        int wrong = 0;
        /* Scene bits 11-15 (the real ones are not public): scene type 1 at the vertices off the
         * roads with (ix + iy) % 3 == 0 of Holtburg's neighbours 0xAAB4, 0xA9B5, 0xAAB5
         * (scripts/gen-buildings.mjs SCENERY_RULE), none elsewhere. */
        bool scenery = id == 0xAAB4FFFFu || id == 0xA9B5FFFFu || id == 0xAAB5FFFFu;
        for (int i = 0; lb && i < 81; i++) {
            unsigned scene = scenery && !(int)r[i] && (i / 9 + i % 9) % 3 == 0 ? 1u : 0u;
            if (lb->height[i] != (uint8_t)h[i]) wrong++;
            if (lb->terrain[i] != (uint16_t)(((int)t[i] << 2) | (int)r[i] | (scene << 11))) wrong++;
        }
        ENSURE_EQ(wrong, 0);
        /* has_objects says a LandBlockInfo (0xXXYYFFFE) exists: set where the excerpt ships one. */
        if (lb) ENSURE_EQ(lb->has_objects, acp_datset_landblock_info(set, (id & 0xFFFF0000u) | 0xFFFEu) ? 1u : 0u);
        count++;
        p = obj_end;
    }
    ENSURE_EQ(count, 7);
    /* The running player of retail-states.json stands in 0xD59A, vertex (4, 2) at 310 m. */
    const acp_landblock *d59a = acp_datset_landblock(set, 0xD59AFFFFu);
    if (d59a && g) ENSURE_FBITS(g->land_height_table[d59a->height[4 * 9 + 2]], 310.0f);
    free(j);
    acp_datset_destroy(set);
}

/* How many records data/excerpts.manifest.json lists (every record of both default excerpts). */
static int manifest_record_count(void)
{
    size_t size = 0;
    char *m = (char *)dt_read_repo_file("data/excerpts.manifest.json", &size);
    if (!m) return -1;
    const char *end = m + size, *p = mj_find(m, end, "records");
    int n = 0;
    if (p && *p == '[') p++;
    else p = end;
    while (p && p < end) {
        while (p < end && (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t' || *p == ',')) p++;
        if (p >= end || *p != '{') break;
        p = mj_skip(p, end);
        n++;
    }
    free(m);
    return n;
}

/* data/portal-default.dat: the stand-ins with the values docs/DAT.md and the manifest pin. */
static void portal_excerpt_pins(void)
{
    acp_datset *set = dt_load_default_excerpts();
    ENSURE(set != NULL);
    if (!set) return;
    const acp_motion_table *t = acp_datset_motion_table(set, 0x09000001u);
    ENSURE(t != NULL);
    if (t) {
        ENSURE_EQ(t->default_style, 0x8000003Du);
        ENSURE_EQ(t->style_defaults[0].substate, 0x41000003u);
        const uint32_t keys[] = {0x003D0003u, 0x003D0005u, 0x003D0007u, 0x003D000Du, 0x003D000Fu};
        /* Walk and run carry no velocity: their animations' pos frames move the root. */
        const float vel[][3] = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {1.25f, 0, 0}};
        ENSURE_EQ(t->num_cycles, 5);
        for (uint32_t i = 0; i < 5 && i < t->num_cycles; i++) {
            ENSURE_EQ(t->cycles[i].key, keys[i]);
            ENSURE_FBITS(t->cycles[i].data.velocity.x, vel[i][0]);
            ENSURE_FBITS(t->cycles[i].data.velocity.y, vel[i][1]);
            ENSURE_FBITS(t->cycles[i].data.anims[0].framerate, 30.0f);
        }
        /* The standing turn (issue 40, capture first-login-walk-jump reports 8-9 and 11-12: 1.6 rad
         * = 32 frames of 1.5 / 30 rad): the TurnRight cycle turns by the modifier's omega and, as
         * the side-step cycle, only from Ready (bitfield 0x2), with no link either way. */
        if (t->num_cycles == 5) {
            const acp_motion_data *turn = &t->cycles[3].data;
            ENSURE_EQ(turn->flags, 2);
            ENSURE_EQ(turn->bitfield, 2);
            ENSURE_FBITS(turn->omega.z, -1.5f);
            ENSURE_EQ(turn->anims[0].anim_id, 0x0300F009u);
        }
        ENSURE_EQ(t->num_modifiers, 2);
        if (t->num_modifiers == 2) {
            ENSURE_EQ(t->modifiers[0].key, 0x0000000Du);
            ENSURE_EQ(t->modifiers[0].data.flags, 2);
            ENSURE_FBITS(t->modifiers[0].data.omega.z, -1.5f);
            ENSURE_EQ(t->modifiers[1].key, 0x003D000Fu);
        }
        ENSURE_EQ(t->num_links, 3);
        /* Running has links of its own (0x0300F007 from Ready, 0x0300F008 back), walking keeps
         * 0x0300F005 and 0x0300F006. */
        if (t->num_links == 3) {
            const acp_motion_link_map *from_ready = &t->links[0], *from_walk = &t->links[1], *from_run = &t->links[2];
            ENSURE_EQ(from_ready->key, 0x003D0003u);
            ENSURE_EQ(from_ready->num_entries, 2);
            if (from_ready->num_entries == 2) {
                ENSURE_EQ(from_ready->entries[0].key, 0x44000007u);
                ENSURE_EQ(from_ready->entries[0].data.anims[0].anim_id, 0x0300F007u);
                ENSURE_EQ(from_ready->entries[1].key, 0x45000005u);
                ENSURE_EQ(from_ready->entries[1].data.anims[0].anim_id, 0x0300F005u);
            }
            ENSURE_EQ(from_walk->key, 0x003D0005u);
            ENSURE_EQ(from_walk->entries[0].data.anims[0].anim_id, 0x0300F006u);
            ENSURE_EQ(from_run->key, 0x003D0007u);
            ENSURE_EQ(from_run->entries[0].data.anims[0].anim_id, 0x0300F008u);
        }
    }
    const acp_setup *h = acp_datset_setup(set, 0x02000001u);
    ENSURE(h != NULL);
    if (h) {
        ENSURE_EQ(h->num_parts, 34);
        ENSURE_EQ(h->num_spheres, 2);
        ENSURE_FBITS(h->step_up_height, 0.6f);
        ENSURE_FBITS(h->step_down_height, 1.5f);
        ENSURE_FBITS(h->height, 1.835f);
        ENSURE_FBITS(h->radius, 0.6788225f);
        ENSURE_FBITS(h->spheres[0].center.z, 0.475f);
        ENSURE_FBITS(h->spheres[1].center.z, 1.35f);
        ENSURE_FBITS(h->spheres[1].radius, 0.48f);
        ENSURE_EQ(h->default_motion_table, 0x09000001u);
    }
    /* 3.12 m/s and 4.0 m/s as pos-frame displacement per frame at 30 frames/s. */
    const acp_animation *walk = acp_datset_animation(set, 0x0300F002u);
    const acp_animation *run = acp_datset_animation(set, 0x0300F003u);
    ENSURE(walk && walk->pos_frames && run && run->pos_frames);
    if (walk && walk->pos_frames) ENSURE_FBITS(walk->pos_frames[walk->num_frames - 1].origin.y, (float)(3.12 / 30.0));
    if (run && run->pos_frames) ENSURE_FBITS(run->pos_frames[0].origin.y, (float)(4.0 / 30.0));
    const acp_setup *q = acp_datset_setup(set, 0x0200012Au);
    ENSURE(q && q->num_spheres == 1 && q->num_placements == 2);
    ENSURE(acp_datset_setup(set, 0x0200054Bu) != NULL);
    const acp_setup *d = acp_datset_setup(set, 0x020007DDu);
    ENSURE(d && d->default_motion_table == 0x09000008u && acp_datset_motion_table(set, 0x09000008u));
    const acp_animation *link = acp_datset_animation(set, 0x0300F005u);
    ENSURE(link && link->pos_frames && link->num_frames == 6);
    if (link && link->pos_frames) ENSURE_FBITS(link->pos_frames[0].origin.y, 0.05f);
    /* The run's links, from capture first-login-walk-jump (scripts/gen-excerpts.mjs runDerivation):
     * two runs of 5.033 m in 0.707592 s (reports 2-3, 5-6) at 30 x 1.97580647 frames/s are
     * floor(0.707592 x 59.2741941) = 41 pos frames: the link's first 5 and 36 of the cycle's
     * 4.0 / 30 m, so (5.033 - 36 x 4.0 / 30) / 5 m each; the slide of 0.7884 m after the release
     * (reports 3-4, 6-7) is the stop link's first 3; both links' last pos frame is the identity
     * (never applied) and neither turns. */
    const acp_animation *start = acp_datset_animation(set, 0x0300F007u);
    const acp_animation *stop = acp_datset_animation(set, 0x0300F008u);
    ENSURE(start && start->pos_frames && start->num_frames == 6);
    ENSURE(stop && stop->pos_frames && stop->num_frames == 4);
    for (uint32_t i = 0; start && start->pos_frames && i < start->num_frames; i++) {
        ENSURE_FBITS(start->pos_frames[i].origin.y, i < 5 ? (float)((5.033 - 36 * (4.0 / 30)) / 5) : 0.0f);
        ENSURE_FBITS(start->pos_frames[i].qw, 1.0f);
        ENSURE_FBITS(start->pos_frames[i].qz, 0.0f);
    }
    for (uint32_t i = 0; stop && stop->pos_frames && i < stop->num_frames; i++) {
        ENSURE_FBITS(stop->pos_frames[i].origin.y, i < 3 ? (float)(0.7884 / 3) : 0.0f);
        ENSURE_FBITS(stop->pos_frames[i].qw, 1.0f);
        ENSURE_FBITS(stop->pos_frames[i].qz, 0.0f);
    }
    /* Every animation a cycle or link names is present, with the setup's part count. */
    int missing = 0;
    for (uint32_t i = 0; t && i < t->num_cycles; i++) {
        const acp_animation *a = acp_datset_animation(set, t->cycles[i].data.anims[0].anim_id);
        if (!a || a->num_parts != 34) missing++;
    }
    ENSURE_EQ(missing, 0);
    /* Every part a shipped Setup names is a stand-in GfxObj: drawing polygons only (none of the
     * Setups has HasPhysicsBSP), four triangles over four vertices. */
    const uint32_t setups[] = {0x02000001u, 0x0200012Au, 0x0200054Bu, 0x020007DDu};
    uint32_t parts = 0, bad = 0;
    for (size_t k = 0; k < sizeof setups / sizeof *setups; k++) {
        const acp_setup *s = acp_datset_setup(set, setups[k]);
        for (uint32_t i = 0; s && i < s->num_parts; i++, parts++) {
            const acp_gfxobj *g = acp_datset_gfxobj(set, s->parts[i]);
            if (!g || g->flags != ACP_GFX_HAS_DRAWING || g->num_polygons != 4 || g->vertex_array.num_vertices != 4 ||
                g->physics_bsp || !g->drawing_bsp)
                bad++;
        }
    }
    ENSURE_EQ(parts, 53);
    ENSURE_EQ(bad, 0);
    /* Every record the manifest lists, and no other: the portal stand-ins, the part GfxObjs, the
     * building and dungeon stand-ins, the landblocks and the cells. */
    ENSURE(manifest_record_count() > 16 + 53 + 7);
    ENSURE_EQ(acp_datset_count(set), (size_t)manifest_record_count());
    acp_datset_destroy(set);
}

/* A later excerpt replaces records with the same id; earlier pointers stay valid. */
static void later_records_replace_earlier(void)
{
    acp_datset *set = dt_load_default_excerpts();
    ENSURE(set != NULL);
    if (!set) return;
    const acp_landblock *before = acp_datset_landblock(set, 0xA9B4FFFFu);
    ENSURE(before != NULL);
    uint8_t height0 = before ? before->height[0] : 0;
    size_t size = 0;
    uint8_t *lb = load_seed("landblock.bin", &size); /* id 0xA9B4FFFF, heights 0..80 */
    uint32_t id = 0xA9B4FFFFu, sz = (uint32_t)size;
    const uint8_t *bytes[] = {lb};
    size_t dsize = 0;
    uint8_t *dat = lb ? dt_build_dat(ACP_DAT_CELL, 0, 1, &id, bytes, &sz, &dsize) : NULL;
    acp_dat_error err;
    ENSURE(dat && acp_datset_add_dat_bytes(set, dat, dsize, &err) == ACP_DAT_OK);
    const acp_landblock *after = acp_datset_landblock(set, 0xA9B4FFFFu);
    ENSURE(after != NULL && after != before);
    if (after) ENSURE_EQ(after->height[80], 80);
    if (before) ENSURE_EQ(before->height[0], height0); /* still readable */
    const size_t shipped = (size_t)manifest_record_count();
    ENSURE_EQ(acp_datset_count(set), shipped); /* replaced, not added */
    /* One record by type and id. */
    ENSURE_EQ(acp_datset_add_record(set, ACP_DAT_TYPE_LANDBLOCK, 0xA9B4FFFFu, lb, size, &err), ACP_DAT_OK);
    ENSURE_EQ(acp_datset_add_record(set, ACP_DAT_TYPE_LANDBLOCK, 0xA9B5FFFFu, lb, size, &err), ACP_DAT_ERR_ID_MISMATCH);
    ENSURE_EQ(acp_datset_count(set), shipped);
    free(dat);
    free(lb);
    acp_datset_destroy(set);
}

/* Lazy sources: records load on demand, through pending reads, and newer sources win. */
static void lazy_sources_load_on_demand(void)
{
    size_t size = 0;
    uint8_t *portal = dt_read_repo_file("data/portal-default.dat", &size);
    if (!portal) return;
    acp_datset *set = acp_datset_create();
    acp_dat_error err;
    uint32_t index = 99;
    ENSURE_EQ(acp_datset_add_cached_source(set, size, &index, &err), ACP_DAT_OK);
    ENSURE_EQ(index, 0);
    ENSURE(acp_datset_setup(set, 0x02000001u) == NULL);
    int rounds = 0;
    acp_dat_status st;
    while ((st = acp_datset_require(set, 0x02000001u, &err)) == ACP_DAT_PENDING && rounds++ < 50) {
        uint32_t src;
        uint64_t off;
        uint32_t len;
        ENSURE(acp_datset_wanted(set, &src, &off, &len));
        ENSURE_EQ(acp_datset_supply(set, src, off, portal + off, len), ACP_DAT_OK);
    }
    ENSURE_EQ(st, ACP_DAT_OK);
    ENSURE(rounds >= 1);
    ENSURE(!acp_datset_wanted(set, NULL, NULL, NULL));
    const acp_setup *s = acp_datset_setup(set, 0x02000001u);
    ENSURE(s && s->num_spheres == 2);
    ENSURE_EQ(acp_datset_require(set, 0x02000001u, &err), ACP_DAT_OK); /* already the newest */
    ENSURE(acp_datset_setup(set, 0x02000001u) == s);
    ENSURE_EQ(acp_datset_require(set, 0x0200FFFEu, &err), ACP_DAT_ERR_NOT_FOUND);
    /* An in-memory excerpt added later wins over the lazy source. */
    ENSURE_EQ(acp_datset_add_dat_bytes(set, portal, size, &err), ACP_DAT_OK);
    const acp_setup *s2 = acp_datset_setup(set, 0x02000001u);
    ENSURE(s2 && s2 != s);
    ENSURE_EQ(acp_datset_require(set, 0x02000001u, &err), ACP_DAT_OK);
    ENSURE(acp_datset_setup(set, 0x02000001u) == s2);
    /* A synchronous source added after that wins again. */
    ENSURE_EQ(acp_datset_add_source(set, acp_dat_source_memory(portal, size), &index, &err), ACP_DAT_OK);
    ENSURE_EQ(acp_datset_require(set, 0x02000001u, &err), ACP_DAT_OK);
    ENSURE(acp_datset_setup(set, 0x02000001u) != s2);
    /* A bad file is refused when added synchronously. */
    uint8_t junk[512] = {0};
    ENSURE_EQ(acp_datset_add_source(set, acp_dat_source_memory(junk, sizeof junk), NULL, &err), ACP_DAT_ERR_BAD_MAGIC);
    acp_datset_destroy(set);
    free(portal);
}

/* JSON of records: ids as hex strings, floats with %.9g. */
static void records_print_as_json(void)
{
    acp_datset *set = dt_load_default_excerpts();
    ENSURE(set != NULL);
    if (!set) return;
    const acp_dat_record *r = acp_datset_record(set, ACP_DAT_TYPE_MOTION_TABLE, 0x09000001u);
    char *j = r ? acp_dat_record_json(r, NULL, NULL) : NULL;
    ENSURE(j != NULL);
    if (j) {
        ENSURE(!strncmp(j, "{\"id\":\"0x09000001\",\"type\":\"MotionTable\",\"default_style\":\"0x8000003D\"", 68));
        /* WalkForward: no MotionData velocity (the animation's pos frames move the root). */
        ENSURE(strstr(j, "{\"key\":\"0x003D0005\",\"num_anims\":1,\"bitfield\":0,\"flags\":0,") != NULL);
        ENSURE(strstr(j, "\"velocity\":[1.25,0,0]") != NULL);
        ENSURE(strstr(j, "\"key\":\"0x0000000D\"") != NULL);
    }
    free(j);
    r = acp_datset_record(set, ACP_DAT_TYPE_LANDBLOCK, 0xD59AFFFFu);
    size_t len = 0;
    j = r ? acp_dat_record_json(r, acp_datset_region(set, 0x13000000u), &len) : NULL;
    ENSURE(j && strstr(j, "\"height\":[80,79,78,76,75,74,73,71,70,113,") && strstr(j, "\"z\":[160,158,"));
    ENSURE(j && len == strlen(j));
    free(j);
    acp_datset_destroy(set);
}

/* The wall of scripts/gen-dat-fixtures.mjs (gfxobjObject): every field as CGfxObj::Serialize,
 * CPolygon::UnPack and the BSP UnPacks read it. */
static void gfxobj_decodes_wall(void)
{
    size_t size = 0;
    uint8_t *b = load_seed("gfxobj-wall.bin", &size);
    if (!b) return;
    acp_dat_record rec;
    acp_dat_error err;
    ENSURE_EQ(parse(ACP_DAT_TYPE_GFXOBJ, b, size, &rec, &err), ACP_DAT_OK);
    const acp_gfxobj *g = rec.as.gfxobj;
    if (!g) { free(b); return; }
    ENSURE_EQ(g->id, 0x0100F0A0u);
    ENSURE_EQ(g->flags, 11);
    ENSURE_EQ(g->num_surfaces, 2);
    ENSURE_EQ(g->surfaces[1], 0x08000002u);
    ENSURE_EQ(g->vertex_array.type, 1);
    ENSURE_EQ(g->vertex_array.num_vertices, 4);
    ENSURE_EQ(g->vertex_array.vertices[2].id, 2);
    ENSURE_EQ(g->vertex_array.vertices[2].num_uvs, 1);
    ENSURE_FBITS(g->vertex_array.vertices[2].origin.x, 1.0f);
    ENSURE_FBITS(g->vertex_array.vertices[2].origin.z, 3.0f);
    ENSURE_FBITS(g->vertex_array.vertices[2].normal.y, -1.0f);
    /* Physics polygons: no uv lists (stippling 4), single-sided. */
    ENSURE_EQ(g->num_physics_polygons, 2);
    ENSURE_EQ(g->physics_polygons[1].num_pts, 4);
    ENSURE_EQ(g->physics_polygons[1].vertex_ids[0], 3);
    ENSURE_EQ(g->physics_polygons[1].pos_surface, 1);
    ENSURE_EQ(g->physics_polygons[1].neg_surface, -1);
    /* The physics BSP: a BPnN split with both leaves, each with solid, sphere and polygons. */
    const acp_bsp_node *n = g->physics_bsp;
    ENSURE(n && n->type == ACP_BSP_BPNN_);
    if (n) {
        ENSURE_FBITS(n->plane_n.y, -1.0f);
        ENSURE_FBITS(n->sphere.radius, 1.8027756f);
        ENSURE(n->pos && n->neg);
        if (n->pos && n->neg) {
            ENSURE_EQ(n->pos->type, ACP_BSP_LEAF);
            ENSURE_EQ(n->neg->leaf_index, 1);
            ENSURE_EQ(n->neg->solid, 1);
            ENSURE_EQ(n->neg->num_polys, 1);
            ENSURE_EQ(n->neg->polys[0], 1);
            ENSURE_FBITS(n->neg->sphere.center.z, 1.5f);
        }
    }
    ENSURE_FBITS(g->sort_center.z, 1.5f);
    /* Drawing polygons: a two-sided one takes its positive surface for its negative side. */
    ENSURE_EQ(g->num_polygons, 2);
    ENSURE_EQ(g->polygons[0].sides_type, ACP_POLY_SIDES_BOTH);
    ENSURE_EQ(g->polygons[0].neg_surface, 0);
    ENSURE_EQ(g->polygons[1].neg_surface, 0);
    /* The drawing BSP: a portal whose leaves carry only their index, then sphere, polygons and
     * its portal polygon. */
    n = g->drawing_bsp;
    ENSURE(n && n->type == ACP_BSP_PORT);
    if (n) {
        ENSURE_FBITS(n->plane_d, -0.25f);
        ENSURE(n->pos && n->pos->type == ACP_BSP_LEAF && n->pos->num_polys == 0 && n->pos->solid == 0);
        ENSURE_EQ(n->num_polys, 2);
        ENSURE_EQ(n->num_portals, 1);
        if (n->portals) {
            ENSURE_EQ(n->portals[0].polygon, 1);
            ENSURE_EQ(n->portals[0].portal_index, 3);
        }
    }
    ENSURE_EQ(g->degrade_id, 0x11000ABCu);
    char *j = acp_dat_record_json(&rec, NULL, NULL);
    ENSURE(j && strstr(j, "\"type\":\"GfxObj\"") && strstr(j, "\"physics_bsp\":{\"type\":\"BPnN\"") &&
           strstr(j, "\"portals\":[[1,3]]") && strstr(j, "\"degrade_id\":\"0x11000ABC\""));
    free(j);
    acp_dat_record_free(&rec);
    free(b);
}

/* The corridor of gen-dat-fixtures.mjs (environmentObject): one CellStruct, read as
 * CCellStruct::UnPack reads it (the align after the portal list, the cell tree's bare leaves,
 * no drawing tree when the flag is 0). */
static void environment_decodes_corridor(void)
{
    size_t size = 0;
    uint8_t *b = load_seed("environment-corridor.bin", &size);
    if (!b) return;
    acp_dat_record rec;
    acp_dat_error err;
    ENSURE_EQ(parse(ACP_DAT_TYPE_ENVIRONMENT, b, size, &rec, &err), ACP_DAT_OK);
    const acp_environment *e = rec.as.environment;
    if (e && e->num_cell_structs == 1) {
        const acp_cell_struct *c = &e->cell_structs[0];
        ENSURE_EQ(c->vertex_array.num_vertices, 7);
        ENSURE_FBITS(c->vertex_array.vertices[5].origin.y, 10.0f);
        ENSURE_EQ(c->num_polygons, 3);
        ENSURE_EQ(c->num_portals, 1);
        ENSURE_EQ(c->portals[0], 2);
        ENSURE(c->cell_bsp && c->cell_bsp->type == ACP_BSP_BPNN_ && c->cell_bsp->neg && c->cell_bsp->neg->leaf_index == 1);
        ENSURE(c->cell_bsp && c->cell_bsp->sphere.radius == 0.0f); /* cell trees store no spheres */
        ENSURE_EQ(c->num_physics_polygons, 2);
        ENSURE(c->physics_bsp && c->physics_bsp->type == ACP_BSP_BPIn && !c->physics_bsp->neg);
        ENSURE(c->physics_bsp && c->physics_bsp->pos && c->physics_bsp->pos->num_polys == 2);
        ENSURE(c->drawing_bsp == NULL);
    } else {
        ENSURE(e && e->num_cell_structs == 1);
    }
    acp_dat_record_free(&rec);
    free(b);
    b = load_seed("environment-drawing.bin", &size);
    if (!b) return;
    ENSURE_EQ(parse(ACP_DAT_TYPE_ENVIRONMENT, b, size, &rec, &err), ACP_DAT_OK);
    e = rec.as.environment;
    ENSURE(e && e->cell_structs[0].drawing_bsp && e->cell_structs[0].drawing_bsp->num_portals == 1);
    acp_dat_record_free(&rec);
    free(b);
}

/* EnvCell 0x3A11012B (envcellObject): ids completed with the block, portal flags decoded. */
static void envcell_decodes_corridor(void)
{
    size_t size = 0;
    uint8_t *b = load_seed("envcell-corridor.bin", &size);
    if (!b) return;
    acp_dat_record rec;
    acp_dat_error err;
    ENSURE_EQ(parse(ACP_DAT_TYPE_ENVCELL, b, size, &rec, &err), ACP_DAT_OK);
    const acp_envcell *c = rec.as.envcell;
    if (c) {
        ENSURE_EQ(c->flags, 10);
        ENSURE_EQ(c->num_surfaces, 2);
        ENSURE_EQ(c->surfaces[1], 0x08000456u);
        ENSURE_EQ(c->environment_id, 0x0D00F0A0u);
        ENSURE_FBITS(c->position.origin.z, -6.0f);
        ENSURE_EQ(c->num_portals, 2);
        ENSURE_EQ(c->portals[0].other_cell_id, 0x3A11012Cu);
        ENSURE(c->portals[0].exact_match && c->portals[0].portal_side);
        ENSURE_EQ(c->portals[1].other_cell_id, 0xFFFFFFFFu); /* flag bit 2: no other cell */
        ENSURE(!c->portals[1].portal_side);                   /* flag bit 1 */
        ENSURE_EQ(c->portals[1].other_portal_id, 7);
        ENSURE_EQ(c->num_visible_cells, 3);
        ENSURE_EQ(c->visible_cells[2], 0x3A11012Du);
        ENSURE_EQ(c->num_stabs, 1);
        ENSURE_EQ(c->stabs[0].id, 0x02000108u);
        ENSURE_EQ(c->restriction_obj, 0x7A9B4001u);
    }
    acp_dat_record_free(&rec);
    free(b);
}

/* LandBlockInfo 0xA9B4FFFE (landblockInfoObject): the odd cell list padded, restrictions sorted. */
/* SHORTCUTS S21: the reader records whether an animation's part frames all combine validly
 * (acp_aframes_combine_validly over every frame, the test partarray.c makes per part array
 * for a record built by hand): the seed's are valid, every animation of the default excerpt is
 * valid, a part frame the check would refuse (a zero quaternion, a NaN or infinite origin) is
 * refused by the reader itself (AFrame::IsValid), so a record read is never left unchecked; a
 * record built by hand (recfixture) says it was not looked at. */
static void animation_parts_checked_when_read(void)
{
    size_t size = 0;
    uint8_t *b = load_seed("animation-hooks.bin", &size);
    if (!b) return;
    acp_dat_record rec;
    acp_dat_error err;
    ENSURE_EQ(parse(ACP_DAT_TYPE_ANIMATION, b, size, &rec, &err), ACP_DAT_OK);
    const acp_animation *a = rec.as.animation;
    ENSURE(a && a->parts_check == ACP_ANIM_PARTS_VALID);
    for (uint32_t f = 0; a && f < a->num_frames; f++) ENSURE(acp_aframes_combine_validly(a->part_frames[f].parts, a->num_parts));
    acp_dat_record_free(&rec);
    /* id, flags (2: no pos frames), num_parts, num_frames, then frame 0's part 0: origin at 16,
     * quaternion (w, x, y, z) at 28; part 1's origin at 44. */
    static const struct { size_t at, len; uint32_t word; } pokes[] = {
        {28, 16, 0x00000000u},  /* part 0 of frame 0: the zero quaternion */
        {16, 4, 0x7FC00000u},   /* its origin's x: NaN */
        {44, 4, 0x7F800000u},   /* part 1's origin x: infinite */
    };
    for (unsigned k = 0; k < sizeof pokes / sizeof pokes[0]; k++) {
        uint8_t *c = malloc(size);
        if (!c) break;
        memcpy(c, b, size);
        for (size_t i = 0; i < pokes[k].len; i += 4) memcpy(c + pokes[k].at + i, &pokes[k].word, 4);
        ENSURE(parse(ACP_DAT_TYPE_ANIMATION, c, size, &rec, &err) != ACP_DAT_OK);
        free(c);
    }
    free(b);
    acp_datset *set = dt_load_default_excerpts();
    ENSURE(set != NULL);
    uint32_t seen = 0;
    for (uint32_t id = 0x0300F000u; set && id < 0x0300F100u; id++) {
        const acp_animation *x = acp_datset_animation(set, id);
        if (!x) continue;
        seen++;
        ENSURE_EQ(x->parts_check, ACP_ANIM_PARTS_VALID);
    }
    ENSURE(seen >= 8u);
    acp_datset_destroy(set);
    acp_fixture *fx = acp_fixture_create();
    const acp_animation *hand = fx ? acp_fixture_animation(fx, 0x03000001u, 3, 2, NULL) : NULL;
    ENSURE(hand && hand->parts_check == ACP_ANIM_PARTS_UNKNOWN);
    acp_fixture_destroy(fx);
}

static void landblock_info_decodes_cottage(void)
{
    size_t size = 0;
    uint8_t *b = load_seed("landblock-info-cottage.bin", &size);
    if (!b) return;
    acp_dat_record rec;
    acp_dat_error err;
    ENSURE_EQ(parse(ACP_DAT_TYPE_LANDBLOCK_INFO, b, size, &rec, &err), ACP_DAT_OK);
    const acp_landblock_info *lb = rec.as.landblock_info;
    if (lb && lb->num_buildings == 1) {
        ENSURE_EQ(lb->num_cells, 3);
        ENSURE_EQ(lb->num_objects, 1);
        ENSURE_FBITS(lb->objects[0].frame.origin.x, 120.0f);
        const acp_building *bd = &lb->buildings[0];
        ENSURE_EQ(bd->model_id, 0x01000F00u);
        ENSURE_EQ(bd->num_leaves, 4);
        ENSURE_EQ(bd->num_portals, 2);
        ENSURE_EQ(bd->portals[0].num_stabs, 3);
        ENSURE_EQ(bd->portals[0].stabs[2], 0xA9B40102u);
        ENSURE_EQ(bd->portals[1].other_cell_id, 0xA9B40101u);
        ENSURE(!bd->portals[1].portal_side && !bd->portals[1].exact_match);
        ENSURE_EQ(lb->pack_mask, 1);
        ENSURE_EQ(lb->restriction_table_size, 8);
        ENSURE_EQ(lb->num_restrictions, 2);
        ENSURE_EQ(lb->restrictions[0].cell_id, 0xA9B40100u); /* stored second: sorted */
        ENSURE_EQ(lb->restrictions[0].object_id, 0x7A9B4001u);
    } else {
        ENSURE(lb && lb->num_buildings == 1);
    }
    char *j = acp_dat_record_json(&rec, NULL, NULL);
    ENSURE(j && strstr(j, "\"type\":\"LandBlockInfo\"") && strstr(j, "\"restrictions\":[[\"0xA9B40100\",\"0x7A9B4001\"]"));
    free(j);
    acp_dat_record_free(&rec);
    free(b);
}

void suite_dat_records(void)
{
    RUN(seeds_parse_and_every_cut_fails);
    RUN(hooks_decode_every_type);
    RUN(setup_decodes_and_sorts);
    RUN(motion_table_decodes);
    RUN(gfxobj_decodes_wall);
    RUN(environment_decodes_corridor);
    RUN(envcell_decodes_corridor);
    RUN(landblock_info_decodes_cottage);
    RUN(animation_parts_checked_when_read);
    RUN(ids_and_types_are_checked);
    RUN(cell_excerpt_matches_its_source);
    RUN(portal_excerpt_pins);
    RUN(later_records_replace_earlier);
    RUN(lazy_sources_load_on_demand);
    RUN(records_print_as_json);
}
