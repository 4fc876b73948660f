/* acphys — the Region record past its height table, as far as its scene tables: retail
 * CRegionDesc::UnPack (0x004FF440) from GameTime::UnPack on, read against
 * PORTAL/cregion/CRegionDesc.c, PORTAL/gametime/GameTime.c, PORTAL/cregion/CSkyDesc.c,
 * PORTAL/cregion/CSoundDesc.c, PORTAL/sound/Ambient.c and PORTAL/cregion/CSceneType.c.
 *
 * Layout after the heights: GameTime (f64 zero time of year, u32 zero year, f32 day length, u32
 * days per year, the year spec PString, then counted times of day (f32 begin, u32 is_night,
 * PString), week days (PString) and seasons (u32 begin, PString)); the parts mask (u32); with
 * bit 0x10 the SkyDesc (f64 tick size, f64 light tick size, aligned, counted DayGroups: f32
 * chance, PString, counted SkyObjects of 36 bytes, counted SkyTimeOfDays of 44 bytes each with
 * counted SkyObjectReplaces of 24 bytes); with bit 0x1 the CSoundDesc (counted AmbientSTBDescs:
 * u32 table id, counted sounds of 20 bytes); with bit 0x2 the CSceneDesc (counted scene types:
 * u32 sound-table index (0xFFFFFFFF none), counted Scene ids); then the CTerrainDesc (counted
 * terrain types: PString name, u32 colour, counted u32 scene-type indices (0xFFFFFFFF none)).
 * Every PString is a u16 length (0xFFFF: a u32 length follows) and its bytes, aligned to 4.
 * The LandSurf and RegionMisc after it stay in `raw`, unjudged.
 *
 * Checks (retail has none): counts against the bytes left (ERR_COUNT) and ACP_MAX_MOTIONS
 * (ERR_LIMIT); a scene type's sound-table index or a terrain type's scene-type index that names
 * none (ERR_INDEX: retail would read past its array).
 */
#include "unpack.h"

#define NONE 0xFFFFFFFFu

/* AC1Legacy::PStringBase<char>::UnPack and the alignment after it. */
static void skip_pstring(acp_reader *r, const char *field)
{
    uint32_t len = acp_reader_u16(r, field);
    if (len == 0xFFFFu) len = acp_reader_u32(r, field);
    acp_reader_skip(r, len, field);
    acp_reader_align4(r, field);
}

/* n fixed-size elements. */
static void skip_counted(acp_reader *r, uint32_t elem, const char *field)
{
    uint32_t n = acp_reader_count(r, elem, ACP_MAX_MOTIONS, field);
    acp_reader_skip(r, (size_t)n * elem, field);
}

/* Retail GameTime::UnPack (0x005A6EC0) with TimeOfDay::UnPack (0x005A6DD0), WeekDay::UnPack
 * (0x005A6D60) and Season::UnPack (0x005A6CE0). */
static void skip_game_time(acp_reader *r)
{
    acp_reader_skip(r, 8 + 4 + 4 + 4, "region.game_time");
    skip_pstring(r, "region.game_time.year_spec");
    uint32_t n = acp_reader_count(r, 10, ACP_MAX_MOTIONS, "region.game_time.times_of_day");
    for (uint32_t i = 0; i < n && acp_reader_ok(r); i++) {
        acp_reader_skip(r, 8, "region.game_time.times_of_day");
        skip_pstring(r, "region.game_time.times_of_day.name");
    }
    n = acp_reader_count(r, 2, ACP_MAX_MOTIONS, "region.game_time.days_of_the_week");
    for (uint32_t i = 0; i < n && acp_reader_ok(r); i++) skip_pstring(r, "region.game_time.days_of_the_week");
    n = acp_reader_count(r, 6, ACP_MAX_MOTIONS, "region.game_time.seasons");
    for (uint32_t i = 0; i < n && acp_reader_ok(r); i++) {
        acp_reader_skip(r, 4, "region.game_time.seasons");
        skip_pstring(r, "region.game_time.seasons.name");
    }
}

/* Retail SkyDesc::UnPack (0x00501CD0) with DayGroup::UnPack (0x00501A70), SkyObject::UnPack
 * (0x00500FD0), SkyTimeOfDay::UnPack (0x005015B0) and SkyObjectReplace::UnPack (0x00501180). */
static void skip_sky(acp_reader *r)
{
    acp_reader_skip(r, 16, "region.sky");
    acp_reader_align4(r, "region.sky");
    uint32_t groups = acp_reader_count(r, 12, ACP_MAX_MOTIONS, "region.sky.day_groups");
    for (uint32_t g = 0; g < groups && acp_reader_ok(r); g++) {
        acp_reader_skip(r, 4, "region.sky.day_groups.chance");
        skip_pstring(r, "region.sky.day_groups.name");
        skip_counted(r, 36, "region.sky.day_groups.sky_objects");
        uint32_t times = acp_reader_count(r, 48, ACP_MAX_MOTIONS, "region.sky.day_groups.sky_times");
        for (uint32_t t = 0; t < times && acp_reader_ok(r); t++) {
            acp_reader_skip(r, 44, "region.sky.day_groups.sky_times");
            skip_counted(r, 24, "region.sky.day_groups.sky_times.replaces");
        }
    }
}

/* Retail CSoundDesc::UnPack (0x005028D0) with AmbientSTBDesc::UnPack (0x005518F0): the number
 * of sound tables. */
static uint32_t skip_sound(acp_reader *r)
{
    uint32_t n = acp_reader_count(r, 8, ACP_MAX_MOTIONS, "region.sound.stb_descs");
    for (uint32_t i = 0; i < n && acp_reader_ok(r); i++) {
        acp_reader_skip(r, 4, "region.sound.stb_descs.stb_id");
        skip_counted(r, 20, "region.sound.stb_descs.ambient_sounds");
    }
    return n;
}

/* CRegionDesc::UnPack's scene types (CSceneType::unpack 0x005032C0 each). */
static void unpack_scene_types(acp_reader *r, acp_arena *a, acp_region *g, uint32_t num_stbs)
{
    g->num_scene_types = acp_reader_count(r, 8, ACP_MAX_MOTIONS, "region.scene_types");
    g->scene_types = acp_unpack_array(r, a, g->num_scene_types, sizeof *g->scene_types, "region.scene_types");
    for (uint32_t i = 0; g->scene_types && i < g->num_scene_types && acp_reader_ok(r); i++) {
        acp_scene_type *s = &g->scene_types[i];
        size_t at = r->pos;
        s->stb_index = acp_reader_u32(r, "region.scene_types.stb_index");
        if (acp_reader_ok(r) && s->stb_index != NONE && s->stb_index >= num_stbs)
            acp_reader_fail(r, ACP_DAT_ERR_INDEX, at, "region.scene_types.stb_index");
        s->num_scenes = acp_reader_count(r, 4, ACP_MAX_MOTIONS, "region.scene_types.scenes");
        s->scenes = acp_unpack_array(r, a, s->num_scenes, sizeof *s->scenes, "region.scene_types.scenes");
        for (uint32_t k = 0; s->scenes && k < s->num_scenes; k++) s->scenes[k] = acp_reader_u32(r, "region.scene_types.scenes");
    }
}

/* CRegionDesc::UnPack's terrain types (CTerrainDesc). */
static void unpack_terrain_types(acp_reader *r, acp_arena *a, acp_region *g)
{
    g->num_terrain_types = acp_reader_count(r, 10, ACP_MAX_MOTIONS, "region.terrain_types");
    g->terrain_types = acp_unpack_array(r, a, g->num_terrain_types, sizeof *g->terrain_types, "region.terrain_types");
    for (uint32_t i = 0; g->terrain_types && i < g->num_terrain_types && acp_reader_ok(r); i++) {
        acp_terrain_type *t = &g->terrain_types[i];
        skip_pstring(r, "region.terrain_types.name");
        acp_reader_skip(r, 4, "region.terrain_types.color");
        t->num_scene_types = acp_reader_count(r, 4, ACP_MAX_MOTIONS, "region.terrain_types.scene_types");
        t->scene_types = acp_unpack_array(r, a, t->num_scene_types, sizeof *t->scene_types, "region.terrain_types.scene_types");
        for (uint32_t k = 0; t->scene_types && k < t->num_scene_types && acp_reader_ok(r); k++) {
            size_t at = r->pos;
            uint32_t index = acp_reader_u32(r, "region.terrain_types.scene_types");
            if (!acp_reader_ok(r) || index == NONE) continue;
            if (index >= g->num_scene_types) {
                acp_reader_fail(r, ACP_DAT_ERR_INDEX, at, "region.terrain_types.scene_types");
                return;
            }
            t->scene_types[k] = &g->scene_types[index];
        }
    }
}

void acp_unpack_region_scenes(acp_reader *r, acp_arena *a, acp_region *g)
{
    skip_game_time(r);
    g->parts_mask = acp_reader_u32(r, "region.parts_mask");
    if (!acp_reader_ok(r)) return;
    if (g->parts_mask & 0x10u) skip_sky(r);
    uint32_t num_stbs = (g->parts_mask & 0x1u) && acp_reader_ok(r) ? skip_sound(r) : 0;
    if ((g->parts_mask & 0x2u) && acp_reader_ok(r)) unpack_scene_types(r, a, g, num_stbs);
    if (acp_reader_ok(r)) unpack_terrain_types(r, a, g);
}
