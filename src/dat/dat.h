/* acphys — DAT records: the parsers and the record store (acp_datset).
 *
 * CONVENTIONS
 *   Record layouts: each parser follows the retail UnPack
 *   named in its docstring, field by field in retail's order. Every record starts with its own
 *   u32 id (read by retail's DBObj::Serialize before UnPack).
 *   A parser reads one record's bytes (after the block chain was gathered) with the
 *   bounds-checked reader of reader.h, checks every count against the bytes left and against
 *   the named limits below before any loop or allocation, and builds the structs of records.h
 *   in one arena per record (arena.h). On failure nothing is kept and the error names the byte
 *   offset within the record and a static field name ("setup.spheres.count").
 *   Records parsed completely (Setup, Animation, MotionTable, LandBlock) must end exactly where
 *   their last field ends: trailing bytes are ERR_TRAILING_BYTES. Region is parsed through its
 *   terrain types (the scene tables; region_scenes.c); the rest (LandSurf, RegionMisc) is kept
 *   verbatim in acp_region.raw and never judged.
 *   Keyed tables are sorted by key ascending (records.h); a key seen twice is
 *   ERR_DUPLICATE_KEY (retail's hash tables would keep the later one silently).
 *
 *   The record store (acp_datset) holds parsed records from any number of DATs, by type and id.
 *   Records added later replace earlier ones with the same type and id (a user's excerpt
 *   replaces the embedded defaults). Replaced records stay allocated until the set is destroyed,
 *   so pointers handed out earlier stay valid. Huge DATs are read lazily through a source
 *   (container.h) and `acp_datset_require`, which loads one record by id on demand.
 */
#ifndef ACP_DAT_H
#define ACP_DAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "recsource.h"
#include "arena.h"
#include "container.h"
#include "reader.h"
#include "records.h"

/* ---- Named limits (counts above them are ERR_LIMIT). Retail has none; these are far above
 *      any end-of-retail record (the humanoid Setup has 34 parts, a long animation a few
 *      hundred frames) and keep a hostile count from costing more than the bytes it claims. */
#define ACP_MAX_PARTS 4096u            /* Setup and Animation parts */
#define ACP_MAX_FRAMES 65536u          /* Animation frames */
#define ACP_MAX_HOOKS 4096u            /* hooks of one animation frame or placement */
#define ACP_MAX_MOTIONS 65536u         /* style defaults, cycles, modifiers, links (each level) */
#define ACP_MAX_LOCATIONS 4096u        /* holding locations, connection points */
#define ACP_MAX_PLACEMENTS 4096u       /* Setup placement frames */
#define ACP_MAX_SPHERES 4096u          /* spheres, cylspheres */
#define ACP_MAX_LIGHTS 4096u           /* Setup lights */
#define ACP_MAX_PARTICLES 65536u       /* ParticleEmitterInfo max, initial and total particles */

/** Record types acphys parses. */
typedef enum acp_dat_type {
    ACP_DAT_TYPE_UNKNOWN = 0,
    ACP_DAT_TYPE_SETUP = 1,            /* portal 0x02xxxxxx */
    ACP_DAT_TYPE_ANIMATION = 2,        /* portal 0x03xxxxxx */
    ACP_DAT_TYPE_MOTION_TABLE = 3,     /* portal 0x09xxxxxx */
    ACP_DAT_TYPE_LANDBLOCK = 4,        /* cell 0xXXYYFFFF */
    ACP_DAT_TYPE_REGION = 5,           /* 0x13000000 (portal; the cell excerpt carries it too) */
    ACP_DAT_TYPE_GFXOBJ = 6,           /* portal 0x01xxxxxx */
    ACP_DAT_TYPE_ENVIRONMENT = 7,      /* portal 0x0Dxxxxxx */
    ACP_DAT_TYPE_ENVCELL = 8,          /* cell 0xXXYY0100..0xXXYYFFFD */
    ACP_DAT_TYPE_LANDBLOCK_INFO = 9,   /* cell 0xXXYYFFFE */
    ACP_DAT_TYPE_PARTICLE_EMITTER_INFO = 10, /* portal 0x32xxxxxx */
    ACP_DAT_TYPE_PHYSICS_SCRIPT = 11,  /* portal 0x33xxxxxx */
    ACP_DAT_TYPE_PHYSICS_SCRIPT_TABLE = 12, /* portal 0x34xxxxxx */
    ACP_DAT_TYPE_SCENE = 13,           /* portal 0x12xxxxxx */
    ACP_DAT_TYPE_COUNT
} acp_dat_type;

/** The type of record `id` in a DAT of data set `data_set` (ACP_DAT_PORTAL, ACP_DAT_CELL, ...):
 *  in a cell DAT, ids ending in 0xFFFF are LandBlocks and 0x13000000 is the Region; elsewhere
 *  the top byte decides (0x01 GfxObj, 0x02 Setup, 0x03 Animation, 0x09 MotionTable, 0x0D
 *  Environment, 0x12 Scene, 0x13 Region, 0x32 ParticleEmitterInfo, 0x33 PhysicsScript, 0x34 PhysicsScriptTable). */
acp_dat_type acp_dat_type_of(uint32_t data_set, uint32_t id);
/** "Setup", "Animation", "MotionTable", "LandBlock", "Region", "GfxObj" or "unknown". */
const char *acp_dat_type_name(acp_dat_type type);

/* ---- Parsers: one per retail UnPack. `data`/`size` is one whole record; the result and all
 *      it points to are allocated in `arena` (freed with acp_arena_free, also on failure). ---- */

/** Retail CSetup::UnPack (0x00520C50). */
acp_dat_status acp_setup_unpack(const uint8_t *data, size_t size, acp_arena *arena, acp_setup **out,
                                acp_dat_error *err);
/** Retail CAnimation::UnPack (0x0051FB50). */
acp_dat_status acp_animation_unpack(const uint8_t *data, size_t size, acp_arena *arena, acp_animation **out,
                                    acp_dat_error *err);
/** Retail CMotionTable::UnPack (0x005238C0). */
acp_dat_status acp_motion_table_unpack(const uint8_t *data, size_t size, acp_arena *arena, acp_motion_table **out,
                                       acp_dat_error *err);
/** Retail CLandBlock::UnPack (0x0052F310). */
acp_dat_status acp_landblock_unpack(const uint8_t *data, size_t size, acp_arena *arena, acp_landblock **out,
                                    acp_dat_error *err);
/** Retail CRegionDesc::UnPack (0x004FF440), through the terrain types (CTerrainDesc). */
acp_dat_status acp_region_unpack(const uint8_t *data, size_t size, acp_arena *arena, acp_region **out,
                                 acp_dat_error *err);

/** Retail CGfxObj::Serialize (0x00534970) in its reading direction, with CVertexArray::UnPack
 *  (0x0053C030), CSWVertex::UnPack (0x0053DE50), CPolygon::UnPack (0x00538650) and
 *  BSPTREE::UnPack (0x00539830) for the physics and drawing trees (src/dat/gfxobj.c, bsp.c). */
acp_dat_status acp_gfxobj_unpack(const uint8_t *data, size_t size, acp_arena *arena, acp_gfxobj **out,
                                 acp_dat_error *err);
/** Retail CEnvironment::UnPack (0x00530CF0) with CCellStruct::UnPack (0x00533D00) for each
 *  CellStruct: vertex array, polygons, portal indices, the cell, physics and (when flagged)
 *  drawing BSP trees (src/dat/environment.c). */
acp_dat_status acp_environment_unpack(const uint8_t *data, size_t size, acp_arena *arena, acp_environment **out,
                                      acp_dat_error *err);
/** Retail CEnvCell::UnPack (0x0052D470), with CCellPortal::UnPack (0x0053BAB0) (src/dat/envcell.c). */
acp_dat_status acp_envcell_unpack(const uint8_t *data, size_t size, acp_arena *arena, acp_envcell **out,
                                  acp_dat_error *err);
/** Retail CLandBlockInfo::UnPack (0x0052ECA0), with CBldPortal::UnPack (0x0053BC40) and the
 *  restriction table's PackableHashTable<unsigned long, unsigned long>::UnPack
 *  (src/dat/landblock_info.c). */
acp_dat_status acp_landblock_info_unpack(const uint8_t *data, size_t size, acp_arena *arena,
                                         acp_landblock_info **out, acp_dat_error *err);
/** Retail ParticleEmitterInfo::UnPack (0x005179F0) and InitEnd (0x005173B0)
 *  (src/dat/particle_emitter_info.c). */
acp_dat_status acp_particle_emitter_info_unpack(const uint8_t *data, size_t size, acp_arena *arena,
                                                acp_particle_emitter_info **out, acp_dat_error *err);
/** Retail PhysicsScript::UnPack (0x005218B0) with CAnimHook::UnPackHook per hook
 *  (src/dat/physics_script.c). */
acp_dat_status acp_physics_script_unpack(const uint8_t *data, size_t size, acp_arena *arena,
                                         acp_physics_script **out, acp_dat_error *err);
/** Retail Scene::UnPack (0x005A6300) with ObjectDesc::UnPack (0x005A6110) per object
 *  (src/dat/scene.c). */
acp_dat_status acp_scene_unpack(const uint8_t *data, size_t size, acp_arena *arena, acp_scene **out,
                                acp_dat_error *err);
/** Retail PhysicsScriptTable::UnPack (0x005220E0) with PhysicsScriptTableData::UnPack
 *  (0x00521DC0) per script type (src/dat/physics_script_table.c). */
acp_dat_status acp_physics_script_table_unpack(const uint8_t *data, size_t size, acp_arena *arena,
                                               acp_physics_script_table **out, acp_dat_error *err);

/** One parsed record and the arena that owns it. */
typedef struct acp_dat_record {
    acp_dat_type type;
    uint32_t id;
    acp_arena arena;
    union {
        const void *any;
        const acp_setup *setup;
        const acp_animation *animation;
        const acp_motion_table *motion_table;
        const acp_landblock *landblock;
        const acp_region *region;
        const acp_gfxobj *gfxobj;
        const acp_environment *environment;
        const acp_envcell *envcell;
        const acp_landblock_info *landblock_info;
        const acp_particle_emitter_info *particle_emitter_info;
        const acp_physics_script *physics_script;
        const acp_physics_script_table *physics_script_table;
        const acp_scene *scene;
    } as;
} acp_dat_record;

/** Parse a record of `type` whose directory id is `id` (the record's own first u32 must match:
 *  ERR_ID_MISMATCH). ERR_UNSUPPORTED_TYPE for ACP_DAT_TYPE_UNKNOWN. On failure *out is empty
 *  and err->record_id is `id`. */
acp_dat_status acp_dat_record_parse(acp_dat_type type, uint32_t id, const uint8_t *data, size_t size,
                                    acp_dat_record *out, acp_dat_error *err);
/** Release a record from acp_dat_record_parse (an empty record is fine). */
void acp_dat_record_free(acp_dat_record *rec);

/** A record id another record names, and the DAT it lives in (ACP_DAT_PORTAL or ACP_DAT_CELL). */
typedef struct acp_dat_ref {
    uint32_t id;
    uint32_t data_set;
} acp_dat_ref;

/** The records `rec` names (src/dat/refs.c lists which fields), in field order, repeats
 *  included: up to `cap` are stored in `out`; returns how many there are (call again with a
 *  larger `out` when that is more than `cap`). */
size_t acp_dat_record_refs(const acp_dat_record *rec, acp_dat_ref *out, size_t cap);

/** The record as JSON (one line, no newline): ids as "0x%08X" strings, floats with %.9g, every
 *  field of records.h by its name. With `region` (may be NULL), a LandBlock also lists "z", its
 *  heights in metres. Returns a malloc'd NUL-terminated string (free it), NULL when out of
 *  memory; *len (may be NULL) receives its length. */
char *acp_dat_record_json(const acp_dat_record *rec, const acp_region *region, size_t *len);

/* ---- The record store ---- */

typedef struct acp_datset acp_datset;

/** An empty set; NULL when out of memory. */
acp_datset *acp_datset_create(void);
/** Free the set, every record it ever held and its sources' caches (NULL is ignored). */
void acp_datset_destroy(acp_datset *set);

/** Parse every record of a DAT held in memory (an excerpt) and add them all, or none on
 *  failure. Records of types acphys does not parse are skipped. The bytes are not kept. */
acp_dat_status acp_datset_add_dat_bytes(acp_datset *set, const uint8_t *bytes, size_t size, acp_dat_error *err);
/** Parse one record of `type` (its own id must be `id`) and add it. */
acp_dat_status acp_datset_add_record(acp_datset *set, acp_dat_type type, uint32_t id, const uint8_t *bytes,
                                     size_t size, acp_dat_error *err);

/** Register a DAT read lazily through `src` (e.g. pread on a user's 800 MB client_cell_1.dat).
 *  Nothing is parsed now; acp_datset_require loads records from it. The header is read now when
 *  the source answers (errors such as ERR_BAD_MAGIC are returned and the source is not added);
 *  when it pends, the source is added and opened by the first require. *index (may be NULL)
 *  receives the source's index. */
acp_dat_status acp_datset_add_source(acp_datset *set, acp_dat_source src, uint32_t *index, acp_dat_error *err);
/** Register a lazy DAT of `length` bytes whose bytes the caller supplies on demand (the
 *  browser): the set owns an acp_dat_cache for it. Never pends. */
acp_dat_status acp_datset_add_cached_source(acp_datset *set, uint64_t length, uint32_t *index, acp_dat_error *err);
/** Supply file bytes [offset, offset + length) of cached source `index`. */
acp_dat_status acp_datset_supply(acp_datset *set, uint32_t index, uint64_t offset, const uint8_t *bytes,
                                 uint32_t length);
/** The range the last ACP_DAT_PENDING wants: true and the source, offset and length while one
 *  is outstanding. */
bool acp_datset_wanted(const acp_datset *set, uint32_t *index, uint64_t *offset, uint32_t *length);

/** Make sure the newest copy of record `id` is loaded: look it up in the lazy sources added
 *  after the copy the set holds (newest first) and parse it from the first that has it.
 *  ACP_DAT_OK when the set holds it afterwards; ERR_NOT_FOUND when no one has it; PENDING when a
 *  cached source needs bytes (supply acp_datset_wanted's range and call again). */
acp_dat_status acp_datset_require(acp_datset *set, uint32_t id, acp_dat_error *err);

/** The record of `type` and `id`, or NULL. */
const void *acp_datset_get(const acp_datset *set, acp_dat_type type, uint32_t id);
/** Setup `id` (0x02xxxxxx), or NULL. Binary search: O(log n). Valid until the set is destroyed. */
const acp_setup *acp_datset_setup(const acp_datset *set, uint32_t id);
/** Animation `id` (0x03xxxxxx), or NULL. */
const acp_animation *acp_datset_animation(const acp_datset *set, uint32_t id);
/** MotionTable `id` (0x09xxxxxx), or NULL. */
const acp_motion_table *acp_datset_motion_table(const acp_datset *set, uint32_t id);
/** LandBlock `id` (0xXXYYFFFF), or NULL. */
const acp_landblock *acp_datset_landblock(const acp_datset *set, uint32_t id);
/** Region `id` (0x13000000), or NULL. */
const acp_region *acp_datset_region(const acp_datset *set, uint32_t id);
/** GfxObj `id` (0x01xxxxxx), or NULL. */
const acp_gfxobj *acp_datset_gfxobj(const acp_datset *set, uint32_t id);
/** Environment `id` (0x0Dxxxxxx), or NULL. */
const acp_environment *acp_datset_environment(const acp_datset *set, uint32_t id);
/** EnvCell `id` (0xXXYY0100..0xXXYYFFFD), or NULL. */
const acp_envcell *acp_datset_envcell(const acp_datset *set, uint32_t id);
/** LandBlockInfo `id` (0xXXYYFFFE), or NULL. */
const acp_landblock_info *acp_datset_landblock_info(const acp_datset *set, uint32_t id);
/** ParticleEmitterInfo `id` (0x32...), PhysicsScript `id` (0x33...), PhysicsScriptTable `id`
 *  (0x34...), or NULL. */
const acp_particle_emitter_info *acp_datset_particle_emitter_info(const acp_datset *set, uint32_t id);
const acp_physics_script *acp_datset_physics_script(const acp_datset *set, uint32_t id);
const acp_physics_script_table *acp_datset_physics_script_table(const acp_datset *set, uint32_t id);
/** Scene `id` (0x12...), or NULL. */
const acp_scene *acp_datset_scene(const acp_datset *set, uint32_t id);
/** The parsed record of `type` and `id` with its type tag, or NULL (for JSON output). */
const acp_dat_record *acp_datset_record(const acp_datset *set, acp_dat_type type, uint32_t id);

/** A record source (src/dat/recsource.h) over the set's animations and motion tables: the
 *  lookups the physics makes (CSequence, MotionTableManager) when its records come from DATs.
 *  The set must outlive every object given the source. */
acp_record_source acp_datset_source(const acp_datset *set);

/** Number of lazy sources added (acp_datset_add_source, acp_datset_add_cached_source): records
 *  read on demand, not yet among the records held. */
size_t acp_datset_num_sources(const acp_datset *set);
/** Number of records held (current copies only). */
size_t acp_datset_count(const acp_datset *set);
/** The index-th current record in (type, id) order, or NULL past the end. */
const acp_dat_record *acp_datset_record_at(const acp_datset *set, size_t index);

#endif
