/* acphys — the public C API (include/acphys.h): worlds, records, objects, the server's messages,
 * UseTime and the read-back, over the core (src/physics, src/dat, src/scenario/bridge.h).
 *
 * The world table is the library's one piece of process state: ACP_MAX_WORLDS slots, each with
 * an atomic busy flag and generation, so that ids stay small values a destroyed world's never
 * match again (Box2D v3's b2_worlds), and worlds can be made and destroyed on any thread.
 * Objects are built as the scenario runner builds them (src/scenario/run.c build_object), through
 * the same bridge calls, so a world driven through this API gives a scenario's trace bit for bit
 * (tests/c/test_api.c drives walk-then-stop and matches its golden digest). */
#include "acphys.h"
#include "api_internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "physics/anim/anim_hook.h"
#include "physics/anim/motion_table.h"
#include "physics/cell/terrain.h"
#include "physics/geometry/frame.h"
#include "physics/object/partarray.h"
#include "physics/object/physobj.h"
#include "physics/object/physobj_collide.h"
#include "physics/world/physics.h"
#include "scenario/bridge.h"
#include "scenario/excerpts.h"
#include "scenario/scenario.h"
#include "scenario/trace.h"

/* The public sizes are the core's: an object's state copies them whole. */
_Static_assert(ACP_OBJECT_MAX_QUANTA == ACP_MAX_QUANTA_PER_UPDATE, "quanta");
_Static_assert(ACP_OBJECT_MAX_HOOKS == ACP_MAX_HOOKS_RECORDED, "hooks");
_Static_assert(ACP_OBJECT_MAX_REPORTS == ACP_MAX_COLLISION_REPORTS, "reports");
_Static_assert(ACP_OBJECT_MAX_SCRIPTS == ACP_TRACE_MAX_SCRIPTS, "scripts");
_Static_assert((int)ACP_SKIPPED_FROZEN == (int)ACP_SKIP_FROZEN && (int)ACP_SKIPPED_NO_CELL == (int)ACP_SKIP_NO_CELL &&
                   (int)ACP_SKIPPED_PARENTED == (int)ACP_SKIP_PARENTED,
               "skip reasons");
_Static_assert((int)ACP_PROFILE_ID_RENDER_FRAME == (int)ACP_PROFILE_RENDER_FRAME, "profiles");
_Static_assert((int)ACP_PEER_RULE_ACE_MAX_QUANTUM == (int)ACP_PEER_ACE_MAX_QUANTUM &&
                   (int)ACP_PEER_RULE_ACE_SLED_FRICTION == (int)ACP_PEER_ACE_SLED_FRICTION &&
                   (int)ACP_PEER_RULE_ACE_WATER_DEPTH == (int)ACP_PEER_ACE_WATER_DEPTH &&
                   (int)ACP_PEER_RULE_ACE_MOVETO_DEFAULTS == (int)ACP_PEER_ACE_MOVETO_DEFAULTS &&
                   (int)ACP_PEER_RULE_GDLE_WATER_DEPTH == (int)ACP_PEER_GDLE_WATER_DEPTH && ACP_PEER_RULE_COUNT == 5,
               "peer rules");

#define MAX_TIME 1.0e9                /* seconds, as a scenario's (ACP_SCENARIO_MAX_TIME) */
#define MAX_OBJECTS_PER_WORLD 1000000u

/* ---- errors ---- */

static _Thread_local char error_message[768];

acp_status acp_api_fail(acp_status status, const char *fn, const char *fmt, ...)
{
    int n = snprintf(error_message, sizeof error_message, "%s: ", fn);
    if (n < 0 || (size_t)n >= sizeof error_message) n = 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(error_message + n, sizeof error_message - (size_t)n, fmt, ap);
    va_end(ap);
    return status;
}

ACP_API const char *acp_error_message(void) { return error_message; }

ACP_API const char *acp_status_name(acp_status status)
{
    static const char *const NAMES[] = {"ACP_OK", "ACP_ERR_NULL", "ACP_ERR_ARGUMENT", "ACP_ERR_WORLD", "ACP_ERR_OBJECT",
                                        "ACP_ERR_EXISTS", "ACP_ERR_FULL", "ACP_ERR_RECORDS", "ACP_ERR_STATE",
                                        "ACP_ERR_NO_MOTION", "ACP_ERR_IO", "ACP_ERR_SCENARIO", "ACP_ERR_MEMORY"};
    unsigned s = (unsigned)status;
    return s < sizeof NAMES / sizeof NAMES[0] ? NAMES[s] : "unknown status";
}

/* ---- version: src/api/build_info.c (the library's build only: its digest is generated) ---- */

/* ---- the world table ---- */

typedef struct api_world {
    acp_world *world;
    acp_excerpts *records;
    struct acp_terrain *terrain;
    bool sealed;                     /* the records are in the world and the terrain is built */
    bool started;                    /* an object was made or a step ran (peer rules are fixed) */
    uint32_t max_objects, num_objects;
} api_world;

typedef struct world_slot {
    atomic_uint busy;                /* 0 free, 1 taken */
    atomic_uint generation;          /* of the live world, or of the last one */
    api_world *w;
} world_slot;

static world_slot world_slots[ACP_MAX_WORLDS];

static api_world *get_world(acp_world_id id, const char *fn, acp_status *st)
{
    if (id.index1 == 0 || id.index1 > ACP_MAX_WORLDS) {
        *st = acp_api_fail(ACP_ERR_WORLD, fn, "world: {index1 %u, generation %u} is not a world id (index1 1..%u)",
                           (unsigned)id.index1, (unsigned)id.generation, (unsigned)ACP_MAX_WORLDS);
        return NULL;
    }
    world_slot *s = &world_slots[id.index1 - 1];
    if (!atomic_load(&s->busy) || (uint16_t)atomic_load(&s->generation) != id.generation || !s->w) {
        *st = acp_api_fail(ACP_ERR_WORLD, fn, "world: {index1 %u, generation %u} is not a live world (destroyed, or never made)",
                           (unsigned)id.index1, (unsigned)id.generation);
        return NULL;
    }
    return s->w;
}

static void free_api_world(api_world *w)
{
    if (!w) return;
    acp_world_destroy(w->world);
    acp_terrain_destroy(w->terrain);
    acp_excerpts_destroy(w->records);
    free(w);
}

ACP_API acp_status acp_create_world(const acp_world_def *def, acp_world_id *out)
{
    static const char *const FN = "acp_create_world";
    if (!def) return acp_api_fail(ACP_ERR_NULL, FN, "def: NULL");
    if (!out) return acp_api_fail(ACP_ERR_NULL, FN, "out: NULL");
    if (def->profile > ACP_PROFILE_ID_RENDER_FRAME)
        return acp_api_fail(ACP_ERR_ARGUMENT, FN, "def->profile: %u is not a profile (0 retail, 1 acdream-r6, 2 ace, 3 render-frame)",
                            (unsigned)def->profile);
    if (def->max_objects < 1 || def->max_objects > MAX_OBJECTS_PER_WORLD)
        return acp_api_fail(ACP_ERR_ARGUMENT, FN, "def->max_objects: %u is outside 1..%u", (unsigned)def->max_objects,
                            MAX_OBJECTS_PER_WORLD);
    api_world *w = calloc(1, sizeof *w);
    if (w) w->world = acp_world_create((acp_clock_profile)def->profile, def->max_objects);
    if (w && w->world) w->records = acp_excerpts_create();
    if (!w || !w->world || !w->records) {
        free_api_world(w);
        return acp_api_fail(ACP_ERR_MEMORY, FN, "out of memory making a world of %u objects", (unsigned)def->max_objects);
    }
    w->max_objects = def->max_objects;
    for (uint32_t i = 0; i < ACP_MAX_WORLDS; i++) {
        unsigned expected = 0;
        if (!atomic_compare_exchange_strong(&world_slots[i].busy, &expected, 1u)) continue;
        unsigned gen = (atomic_load(&world_slots[i].generation) + 1u) & 0xFFFFu;
        if (gen == 0) gen = 1;
        world_slots[i].w = w;
        atomic_store(&world_slots[i].generation, gen);
        out->index1 = (uint16_t)(i + 1);
        out->generation = (uint16_t)gen;
        return ACP_OK;
    }
    free_api_world(w);
    return acp_api_fail(ACP_ERR_FULL, FN, "%u worlds are live already (ACP_MAX_WORLDS): destroy one first",
                        (unsigned)ACP_MAX_WORLDS);
}

ACP_API acp_status acp_destroy_world(acp_world_id id)
{
    acp_status st;
    api_world *w = get_world(id, "acp_destroy_world", &st);
    if (!w) return st;
    world_slot *s = &world_slots[id.index1 - 1];
    s->w = NULL;
    /* A new generation at once, so the old id fails even before the slot is reused. */
    unsigned gen = (atomic_load(&s->generation) + 1u) & 0xFFFFu;
    atomic_store(&s->generation, gen ? gen : 1u);
    atomic_store(&s->busy, 0u);
    free_api_world(w);
    return ACP_OK;
}

struct acp_world *acp_api_internal_world(acp_world_id id)
{
    acp_status st;
    api_world *w = get_world(id, "acp_api_internal_world", &st);
    return w ? w->world : NULL;
}

struct acp_physobj *acp_api_internal_object(acp_world_id id, uint32_t object_id)
{
    acp_world *w = acp_api_internal_world(id);
    return w && object_id ? acp_world_object(w, object_id) : NULL;
}

const struct acp_excerpts *acp_api_internal_records(acp_world_id id)
{
    acp_status st;
    api_world *w = get_world(id, "acp_api_internal_records", &st);
    return w ? w->records : NULL;
}

const struct acp_terrain *acp_api_internal_terrain(acp_world_id id)
{
    acp_status st;
    api_world *w = get_world(id, "acp_api_internal_terrain", &st);
    return w ? w->terrain : NULL;
}

ACP_API acp_status acp_world_set_max_objects(acp_world_id world, uint32_t max_objects)
{
    static const char *const FN = "acp_world_set_max_objects";
    acp_status st;
    api_world *w = get_world(world, FN, &st);
    if (!w) return st;
    if (max_objects < 1 || max_objects > MAX_OBJECTS_PER_WORLD)
        return acp_api_fail(ACP_ERR_ARGUMENT, FN, "max_objects: %u is outside 1..%u", (unsigned)max_objects, MAX_OBJECTS_PER_WORLD);
    if (max_objects <= w->max_objects) return ACP_OK;
    if (!acp_world_reserve_objects(w->world, max_objects))
        return acp_api_fail(ACP_ERR_MEMORY, FN, "out of memory growing the world to %u objects", (unsigned)max_objects);
    w->max_objects = max_objects;
    return ACP_OK;
}

ACP_API bool acp_world_is_valid(acp_world_id id)
{
    if (id.index1 == 0 || id.index1 > ACP_MAX_WORLDS) return false;
    const world_slot *s = &world_slots[id.index1 - 1];
    return atomic_load(&s->busy) && (uint16_t)atomic_load(&s->generation) == id.generation && s->w;
}

/* ---- records ---- */

static acp_status add_records(api_world *w, const char *fn, const void *bytes, size_t size, const char *what)
{
    if (w->sealed)
        return acp_api_fail(ACP_ERR_STATE, fn, "the world's records are sealed: records load only before its first object "
                                               "or step (its terrain is built then)");
    char msg[384];
    if (!acp_excerpts_add(w->records, bytes, size, msg, sizeof msg))
        return acp_api_fail(strstr(msg, "out of memory") ? ACP_ERR_MEMORY : ACP_ERR_RECORDS, fn, "%s%s", what, msg);
    return ACP_OK;
}

ACP_API acp_status acp_world_load_records(acp_world_id world, const void *bytes, size_t size)
{
    static const char *const FN = "acp_world_load_records";
    acp_status st;
    api_world *w = get_world(world, FN, &st);
    if (!w) return st;
    if (!bytes) return acp_api_fail(ACP_ERR_NULL, FN, "bytes: NULL");
    return add_records(w, FN, bytes, size, "bytes: ");
}

ACP_API acp_status acp_world_load_default_records(acp_world_id world)
{
    static const char *const FN = "acp_world_load_default_records";
    acp_status st;
    api_world *w = get_world(world, FN, &st);
    if (!w) return st;
    uint32_t n = 0;
    const acp_embedded_excerpt *defaults = acp_default_excerpts(&n);
    if (n == 0) return acp_api_fail(ACP_ERR_RECORDS, FN, "this build embeds no default excerpts (data/*-default.dat were missing)");
    for (uint32_t k = 0; k < n; k++) {
        char what[96];
        snprintf(what, sizeof what, "%s: ", defaults[k].name);
        st = add_records(w, FN, defaults[k].data, defaults[k].size, what);
        if (st != ACP_OK) return st;
    }
    return ACP_OK;
}

/* acp_world_load_records_file is in file.c (the file helper, outside the core). */
acp_status acp_api_world_add_file_bytes(acp_world_id world, const char *fn, const void *bytes, size_t size,
                                        const char *path);
acp_status acp_api_world_add_file_bytes(acp_world_id world, const char *fn, const void *bytes, size_t size,
                                        const char *path)
{
    acp_status st;
    api_world *w = get_world(world, fn, &st);
    if (!w) return st;
    char what[300];
    snprintf(what, sizeof what, "%.256s: ", path);
    return add_records(w, fn, bytes, size, what);
}

/* Give the world its records and terrain (once: at the first object or step), as
 * acp_run_start does. */
static acp_status seal(api_world *w, const char *fn)
{
    if (w->sealed) return ACP_OK;
    switch (acp_excerpts_build_terrain(w->records, &w->terrain)) {
    case ACP_EXCERPTS_TERRAIN_OK: break;
    case ACP_EXCERPTS_TERRAIN_NO_REGION:
        return acp_api_fail(ACP_ERR_RECORDS, fn, "the records hold LandBlocks but no Region 0x13000000, whose height "
                                                 "table gives the terrain its heights");
    default: return acp_api_fail(ACP_ERR_MEMORY, fn, "out of memory building the terrain");
    }
    w->world->dats = acp_excerpts_datset(w->records);
    acp_terrain_attach(w->world, w->terrain);
    w->sealed = true;
    return ACP_OK;
}

/* ---- the clock ---- */

static bool bad_time(double t) { return !isfinite(t) || fabs(t) > MAX_TIME; }

ACP_API acp_status acp_world_step(acp_world_id world, double now)
{
    static const char *const FN = "acp_world_step";
    acp_status st;
    api_world *w = get_world(world, FN, &st);
    if (!w) return st;
    if (bad_time(now)) return acp_api_fail(ACP_ERR_ARGUMENT, FN, "now: %.17g is not a finite number of seconds within ±1e9", now);
    if ((st = seal(w, FN)) != ACP_OK) return st;
    w->started = true;
    w->world->now = now;
    acp_world_use_time(w->world, now);
    return ACP_OK;
}

ACP_API acp_status acp_world_set_time(acp_world_id world, double now)
{
    static const char *const FN = "acp_world_set_time";
    acp_status st;
    api_world *w = get_world(world, FN, &st);
    if (!w) return st;
    if (bad_time(now)) return acp_api_fail(ACP_ERR_ARGUMENT, FN, "now: %.17g is not a finite number of seconds within ±1e9", now);
    w->world->now = now;
    acp_world_begin_frame(w->world); /* what the events report belongs to the next step */
    return ACP_OK;
}

ACP_API acp_status acp_world_get_info(acp_world_id world, acp_world_info *out)
{
    static const char *const FN = "acp_world_get_info";
    acp_status st;
    api_world *w = get_world(world, FN, &st);
    if (!w) return st;
    if (!out) return acp_api_fail(ACP_ERR_NULL, FN, "out: NULL");
    memset(out, 0, sizeof *out);
    out->now = w->world->now;
    out->last_update = w->world->last_update;
    out->gate_passed = w->world->gate_passed;
    out->profile = (uint32_t)w->world->profile;
    out->num_objects = w->num_objects;
    out->max_objects = w->max_objects;
    out->num_quanta = w->world->num_quanta;
    out->has_terrain = w->terrain != NULL;
    return ACP_OK;
}

ACP_API acp_status acp_world_finish_records(acp_world_id world)
{
    static const char *const FN = "acp_world_finish_records";
    acp_status st;
    api_world *w = get_world(world, FN, &st);
    if (!w) return st;
    return seal(w, FN);
}

ACP_API acp_status acp_world_set_peer_rules(acp_world_id world, uint32_t rules)
{
    static const char *const FN = "acp_world_set_peer_rules";
    acp_status st;
    api_world *w = get_world(world, FN, &st);
    if (!w) return st;
    const uint32_t known = (1u << ACP_PEER_RULE_COUNT) - 1u;
    if (rules & ~known)
        return acp_api_fail(ACP_ERR_ARGUMENT, FN, "rules: 0x%X has bits that are no comparison mode (known: 0x%X)",
                            (unsigned)rules, (unsigned)known);
    if (w->started)
        return acp_api_fail(ACP_ERR_STATE, FN, "the world has objects or has run: comparison modes are set before its "
                                               "first object or step");
    w->world->peer_rules = rules;
    return ACP_OK;
}

/* ---- objects ---- */

static acp_physobj *get_object(acp_world_id world, uint32_t id, const char *fn, acp_status *st, api_world **wout)
{
    api_world *w = get_world(world, fn, st);
    if (!w) return NULL;
    acp_physobj *obj = id ? acp_world_object(w->world, id) : NULL;
    if (!obj) {
        *st = acp_api_fail(ACP_ERR_OBJECT, fn, "object_id: no object 0x%08X in the world", (unsigned)id);
        return NULL;
    }
    if (wout) *wout = w;
    return obj;
}

struct acp_physobj *acp_api_get_object(acp_world_id world, uint32_t id, const char *fn, acp_status *st)
{
    return get_object(world, id, fn, st, NULL);
}


ACP_API acp_status acp_world_set_player_object(acp_world_id world, uint32_t object_id)
{
    static const char *const FN = "acp_world_set_player_object";
    acp_status st;
    api_world *w = get_world(world, FN, &st);
    if (!w) return st;
    if (object_id == 0) {
        acp_world_set_player(w->world, NULL);
        return ACP_OK;
    }
    acp_physobj *obj = get_object(world, object_id, FN, &st, NULL);
    if (!obj) return st;
    acp_world_set_player(w->world, obj);
    return ACP_OK;
}

static bool finite_n(const float *v, int n)
{
    for (int i = 0; i < n; i++)
        if (!isfinite(v[i])) return false;
    return true;
}

bool acp_api_finite(const float *v, int n) { return finite_n(v, n); }

/* A pose into a position: the quaternion as given, its matrix cached (as a scenario's). */
static acp_status read_pose(const acp_pose *p, acp_position *out, const char *fn, const char *name)
{
    uint32_t low = p->cell & 0xFFFFu;
    if (!acp_landdefs_inbound_valid_cellid(p->cell) || low >= 0xFFFEu)
        return acp_api_fail(ACP_ERR_ARGUMENT, fn, "%s.cell: 0x%08X is not a cell id (0xXXYYCCCC: outdoor cells CCCC = "
                                                  "0x0001..0x0040, indoor 0x0100..0xFFFD)", name, (unsigned)p->cell);
    if (!finite_n(p->origin, 3)) return acp_api_fail(ACP_ERR_ARGUMENT, fn, "%s.origin: expected finite numbers", name);
    if (!finite_n(p->orientation, 4)) return acp_api_fail(ACP_ERR_ARGUMENT, fn, "%s.orientation: expected finite numbers", name);
    out->objcell_id = p->cell;
    out->frame = acp_frame_identity();
    out->frame.origin = (acp_vec3){p->origin[0], p->origin[1], p->origin[2]};
    out->frame.qw = p->orientation[0];
    out->frame.qx = p->orientation[1];
    out->frame.qy = p->orientation[2];
    out->frame.qz = p->orientation[3];
    acp_frame_cache(&out->frame);
    if (!acp_frame_is_valid(&out->frame)) {
        const float *q = p->orientation;
        double n2 = (double)q[0] * q[0] + (double)q[1] * q[1] + (double)q[2] * q[2] + (double)q[3] * q[3];
        return acp_api_fail(ACP_ERR_ARGUMENT, fn, "%s.orientation: not a unit quaternion: |q|² = %.9g (retail's Frame::IsValid "
                                                  "accepts 1 ± 0.001)", name, n2);
    }
    return ACP_OK;
}

static acp_status check_def(const acp_object_def *d, const char *fn, acp_position *pos)
{
    if (d->id == 0) return acp_api_fail(ACP_ERR_ARGUMENT, fn, "def->id: 0 is not an object id");
    acp_status st = read_pose(&d->pose, pos, fn, "def->pose");
    if (st != ACP_OK) return st;
    if (!finite_n(d->velocity, 3)) return acp_api_fail(ACP_ERR_ARGUMENT, fn, "def->velocity: expected finite numbers");
    if (!finite_n(d->omega, 3)) return acp_api_fail(ACP_ERR_ARGUMENT, fn, "def->omega: expected finite numbers");
    if (!(isfinite(d->scale) && d->scale > 0.0f))
        return acp_api_fail(ACP_ERR_ARGUMENT, fn, "def->scale: expected a positive finite number, got %.9g", (double)d->scale);
    if (!isfinite(d->friction)) return acp_api_fail(ACP_ERR_ARGUMENT, fn, "def->friction: expected a finite number");
    if (!isfinite(d->elasticity)) return acp_api_fail(ACP_ERR_ARGUMENT, fn, "def->elasticity: expected a finite number");
    if (!isfinite(d->run_rate)) return acp_api_fail(ACP_ERR_ARGUMENT, fn, "def->run_rate: expected a finite number");
    if (bad_time(d->enter_at))
        return acp_api_fail(ACP_ERR_ARGUMENT, fn, "def->enter_at: %.17g is not a finite number of seconds within ±1e9", d->enter_at);
    if (d->placement > ACP_PLACE_FRAME)
        return acp_api_fail(ACP_ERR_ARGUMENT, fn, "def->placement: %u is not a placement (0 set_position, 1 frame)",
                            (unsigned)d->placement);
    return ACP_OK;
}

/* The first animation a motion table names that the records lack (0: none). */
static uint32_t table_missing_animation(const acp_excerpts *ex, const acp_motion_table *mt)
{
    for (uint32_t i = 0; i < mt->num_cycles; i++)
        for (uint32_t a = 0; a < mt->cycles[i].data.num_anims; a++)
            if (!acp_excerpts_animation(ex, mt->cycles[i].data.anims[a].anim_id)) return mt->cycles[i].data.anims[a].anim_id;
    for (uint32_t i = 0; i < mt->num_modifiers; i++)
        for (uint32_t a = 0; a < mt->modifiers[i].data.num_anims; a++)
            if (!acp_excerpts_animation(ex, mt->modifiers[i].data.anims[a].anim_id))
                return mt->modifiers[i].data.anims[a].anim_id;
    for (uint32_t i = 0; i < mt->num_links; i++)
        for (uint32_t j = 0; j < mt->links[i].num_entries; j++) {
            const acp_motion_data *d = &mt->links[i].entries[j].data;
            for (uint32_t a = 0; a < d->num_anims; a++)
                if (!acp_excerpts_animation(ex, d->anims[a].anim_id)) return d->anims[a].anim_id;
        }
    return 0;
}

ACP_API acp_status acp_create_object(acp_world_id world, const acp_object_def *def)
{
    static const char *const FN = "acp_create_object";
    acp_status st;
    api_world *w = get_world(world, FN, &st);
    if (!w) return st;
    if (!def) return acp_api_fail(ACP_ERR_NULL, FN, "def: NULL");
    acp_position pos;
    if ((st = check_def(def, FN, &pos)) != ACP_OK) return st;
    if (acp_world_object(w->world, def->id))
        return acp_api_fail(ACP_ERR_EXISTS, FN, "def->id: object 0x%08X is in the world already", (unsigned)def->id);
    if (w->num_objects >= w->max_objects)
        return acp_api_fail(ACP_ERR_FULL, FN, "the world holds its max_objects (%u) already", (unsigned)w->max_objects);
    if ((st = seal(w, FN)) != ACP_OK) return st;
    /* Every record it needs before it is made (build_object's checks, in its order). */
    const acp_setup *setup = NULL;
    if (def->setup) {
        setup = acp_excerpts_setup(w->records, def->setup);
        if (!setup) return acp_api_fail(ACP_ERR_RECORDS, FN, "def->setup: no Setup 0x%08X in the world's records", (unsigned)def->setup);
    }
    uint32_t mt_id = def->motion_table ? def->motion_table : setup ? setup->default_motion_table : 0;
    bool motion = mt_id && setup; /* a motion table animates the part array: without a Setup there is none */
    if (motion) {
        const acp_motion_table *mt = acp_excerpts_motion_table(w->records, mt_id);
        const char *field = def->motion_table ? "def->motion_table" : "def->setup";
        if (!mt)
            return acp_api_fail(ACP_ERR_RECORDS, FN, "%s: %sno MotionTable 0x%08X in the world's records", field,
                                def->motion_table ? "" : "its default motion table: ", (unsigned)mt_id);
        uint32_t anim = table_missing_animation(w->records, mt);
        if (anim)
            return acp_api_fail(ACP_ERR_RECORDS, FN, "%s: MotionTable 0x%08X names Animation 0x%08X, which is not in the records",
                                field, (unsigned)mt_id, (unsigned)anim);
    }
    acp_world *ww = w->world;
    double now = ww->now; /* placement runs at enter_at; the world's clock stays */
    acp_physobj *obj = acp_world_add_object(ww, def->id);
    if (!obj) return acp_api_fail(ACP_ERR_MEMORY, FN, "out of memory making object 0x%08X", (unsigned)def->id);
    obj->state = def->physics_state;
    obj->scale = def->scale;
    /* CPhysicsObj::makeObject (CPhysicsObj.c:6810-6815) copies the PhysicsDesc's nine stamps. */
    memcpy(obj->update_times, def->timestamps, sizeof obj->update_times);
    /* As CPhysicsObj::set_description takes a PhysicsDesc's: friction only within [0, 1],
     * elasticity clamped to [0, 0.1] (acp_run's build_object). */
    (void)acp_physobj_set_description_friction(obj, def->friction);
    (void)acp_physobj_set_elasticity(obj, def->elasticity);
    bool ok = true;
    if (setup) ok = acp_bridge_attach_setup(obj, setup, w->records, def->scale);
    /* The player's weenie answers InqRunRate; another object's only when given (acp_run's
     * build_object, docs/DEVIATIONS.md M8). */
    if (ok && motion) ok = acp_bridge_attach_motion(obj, mt_id, def->has_run_rate ? &def->run_rate : NULL);
    if (!ok) {
        acp_world_remove_object(ww, def->id);
        return acp_api_fail(ACP_ERR_MEMORY, FN, "out of memory giving object 0x%08X its parts", (unsigned)def->id);
    }
    if (def->placement == ACP_PLACE_FRAME) acp_bridge_place_frame(ww, obj, &pos, def->transient_state, def->enter_at);
    else (void)acp_bridge_place_set_position(ww, obj, &pos, def->enter_at);
    acp_bridge_set_velocity(obj, (acp_vec3){def->velocity[0], def->velocity[1], def->velocity[2]});
    acp_physobj_set_omega(obj, (acp_vec3){def->omega[0], def->omega[1], def->omega[2]});
    acp_bridge_static_workset(ww, obj, setup);
    ww->now = now;
    w->num_objects++;
    w->started = true;
    return ACP_OK;
}

ACP_API acp_status acp_destroy_object(acp_world_id world, uint32_t object_id)
{
    static const char *const FN = "acp_destroy_object";
    acp_status st;
    api_world *w;
    if (!get_object(world, object_id, FN, &st, &w)) return st;
    acp_world_remove_object(w->world, object_id);
    w->num_objects--;
    return ACP_OK;
}

ACP_API bool acp_object_exists(acp_world_id world, uint32_t object_id)
{
    if (!acp_world_is_valid(world) || object_id == 0) return false;
    return acp_world_object(world_slots[world.index1 - 1].w->world, object_id) != NULL;
}

/* ---- driving objects ---- */

static bool has_motion(const acp_physobj *obj)
{
    return obj->part_array && obj->part_array->motion_table_manager && obj->movement_manager;
}

static acp_physobj *get_motion_object(acp_world_id world, uint32_t id, const char *fn, acp_status *st)
{
    acp_physobj *obj = get_object(world, id, fn, st, NULL);
    if (obj && !has_motion(obj)) {
        *st = acp_api_fail(ACP_ERR_NO_MOTION, fn, "object_id: object 0x%08X has no motion table (give it a motion_table or a "
                                                  "setup that has one)", (unsigned)id);
        return NULL;
    }
    return obj;
}

static acp_status read_motion(const acp_motion *m, acp_scenario_motion *out, const char *fn)
{
    if (!m) return acp_api_fail(ACP_ERR_NULL, fn, "motion: NULL");
    if (!isfinite(m->forward_speed)) return acp_api_fail(ACP_ERR_ARGUMENT, fn, "motion->forward_speed: expected a finite number");
    if (!isfinite(m->sidestep_speed)) return acp_api_fail(ACP_ERR_ARGUMENT, fn, "motion->sidestep_speed: expected a finite number");
    if (!isfinite(m->turn_speed)) return acp_api_fail(ACP_ERR_ARGUMENT, fn, "motion->turn_speed: expected a finite number");
    memset(out, 0, sizeof *out);
    out->present = 0xFFu; /* every field given: the bridge takes them all */
    out->style = m->style;
    out->forward_command = m->forward_command;
    out->forward_speed = m->forward_speed;
    out->sidestep_command = m->sidestep_command;
    out->sidestep_speed = m->sidestep_speed;
    out->turn_command = m->turn_command;
    out->turn_speed = m->turn_speed;
    out->hold_run = m->hold_run;
    out->sticky_object = m->sticky_object;
    out->standing_longjump = m->standing_longjump;
    if (m->has_message_style) out->present |= ACP_MOTION_MESSAGE_STYLE;
    out->message_style = m->message_style;
    return ACP_OK;
}

ACP_API acp_status acp_object_apply_motion(acp_world_id world, uint32_t object_id, const acp_motion *motion)
{
    static const char *const FN = "acp_object_apply_motion";
    acp_status st;
    acp_physobj *obj = get_motion_object(world, object_id, FN, &st);
    if (!obj) return st;
    acp_scenario_motion m;
    if ((st = read_motion(motion, &m, FN)) != ACP_OK) return st;
    if (m.sticky_object == object_id)
        return acp_api_fail(ACP_ERR_ARGUMENT, FN, "motion->sticky_object: an object cannot stick to itself");
    acp_bridge_apply_motion(obj, &m);
    return ACP_OK;
}

ACP_API acp_status acp_object_apply_raw_motion(acp_world_id world, uint32_t object_id, const acp_motion *motion)
{
    static const char *const FN = "acp_object_apply_raw_motion";
    acp_status st;
    acp_physobj *obj = get_motion_object(world, object_id, FN, &st);
    if (!obj) return st;
    acp_scenario_motion m;
    if ((st = read_motion(motion, &m, FN)) != ACP_OK) return st;
    acp_bridge_apply_raw_motion(obj, &m);
    return ACP_OK;
}

ACP_API acp_status acp_object_jump(acp_world_id world, uint32_t object_id, float extent, uint32_t *weenie_error)
{
    static const char *const FN = "acp_object_jump";
    acp_status st;
    acp_physobj *obj = get_motion_object(world, object_id, FN, &st);
    if (!obj) return st;
    if (!isfinite(extent)) return acp_api_fail(ACP_ERR_ARGUMENT, FN, "extent: expected a finite number (0..1)");
    uint32_t e = acp_bridge_jump(obj, extent);
    if (weenie_error) *weenie_error = e;
    return ACP_OK;
}

static acp_status set_vector(acp_world_id world, uint32_t object_id, const float v[3], const char *fn, const char *name,
                             bool omega)
{
    acp_status st;
    acp_physobj *obj = get_object(world, object_id, fn, &st, NULL);
    if (!obj) return st;
    if (!v) return acp_api_fail(ACP_ERR_NULL, fn, "%s: NULL", name);
    if (!finite_n(v, 3)) return acp_api_fail(ACP_ERR_ARGUMENT, fn, "%s: expected finite numbers", name);
    acp_vec3 x = {v[0], v[1], v[2]};
    if (omega) acp_physobj_set_omega(obj, x);
    else acp_bridge_set_velocity(obj, x);
    return ACP_OK;
}

ACP_API acp_status acp_object_set_velocity(acp_world_id world, uint32_t object_id, const float velocity[3])
{
    return set_vector(world, object_id, velocity, "acp_object_set_velocity", "velocity", false);
}

ACP_API acp_status acp_object_set_omega(acp_world_id world, uint32_t object_id, const float omega[3])
{
    return set_vector(world, object_id, omega, "acp_object_set_omega", "omega", true);
}

ACP_API acp_status acp_object_set_state(acp_world_id world, uint32_t object_id, uint32_t state)
{
    acp_status st;
    acp_physobj *obj = get_object(world, object_id, "acp_object_set_state", &st, NULL);
    if (!obj) return st;
    acp_bridge_set_state(obj, state);
    return ACP_OK;
}

ACP_API acp_status acp_object_server_position(acp_world_id world, uint32_t object_id, const acp_server_position *sp)
{
    static const char *const FN = "acp_object_server_position";
    acp_status st;
    acp_physobj *obj = get_object(world, object_id, FN, &st, NULL);
    if (!obj) return st;
    if (!sp) return acp_api_fail(ACP_ERR_NULL, FN, "sp: NULL");
    acp_scenario_server_position s;
    memset(&s, 0, sizeof s);
    if ((st = read_pose(&sp->pose, &s.position, FN, "sp->pose")) != ACP_OK) return st;
    if (sp->has_velocity && !finite_n(sp->velocity, 3))
        return acp_api_fail(ACP_ERR_ARGUMENT, FN, "sp->velocity: expected finite numbers");
    s.contact = sp->contact;
    s.has_velocity = sp->has_velocity;
    s.velocity = (acp_vec3){sp->velocity[0], sp->velocity[1], sp->velocity[2]};
    s.has_teleport_timestamp = sp->has_teleport_timestamp;
    s.teleport_timestamp = sp->teleport_timestamp;
    s.has_position_timestamp = sp->has_position_timestamp;
    s.position_timestamp = sp->position_timestamp;
    bool player = obj->world && obj->world->player == obj;
    if (!player && (sp->has_force_position_timestamp || sp->use_position_from_server || sp->keep_heading))
        return acp_api_fail(ACP_ERR_ARGUMENT, FN, "sp->%s: the player only (object 0x%08X is not the world's player)",
                            sp->has_force_position_timestamp ? "has_force_position_timestamp"
                            : sp->use_position_from_server  ? "use_position_from_server"
                                                            : "keep_heading",
                            (unsigned)object_id);
    s.has_force_position_timestamp = sp->has_force_position_timestamp;
    s.force_position_timestamp = sp->force_position_timestamp;
    s.use_position_from_server = sp->use_position_from_server;
    s.keep_heading = sp->keep_heading;
    s.has_instance_timestamp = sp->has_instance_timestamp;
    s.instance_timestamp = sp->instance_timestamp;
    s.has_placement = sp->has_placement;
    s.placement = sp->placement;
    acp_bridge_server_position(obj, &s);
    return ACP_OK;
}

ACP_API acp_status acp_object_stick_to(acp_world_id world, uint32_t object_id, uint32_t target_id)
{
    static const char *const FN = "acp_object_stick_to";
    acp_status st;
    acp_physobj *obj = get_object(world, object_id, FN, &st, NULL);
    if (!obj) return st;
    if (target_id == 0) return acp_api_fail(ACP_ERR_ARGUMENT, FN, "target_id: 0 is not an object id");
    if (target_id == object_id) return acp_api_fail(ACP_ERR_ARGUMENT, FN, "target_id: an object cannot stick to itself");
    acp_bridge_stick_to(obj, target_id);
    return ACP_OK;
}

ACP_API acp_status acp_object_unstick(acp_world_id world, uint32_t object_id)
{
    acp_status st;
    acp_physobj *obj = get_object(world, object_id, "acp_object_unstick", &st, NULL);
    if (!obj) return st;
    acp_bridge_unstick(obj);
    return ACP_OK;
}

ACP_API acp_status acp_object_constrain_to(acp_world_id world, uint32_t object_id, const acp_pose *pose,
                                           float start_distance, float max_distance)
{
    static const char *const FN = "acp_object_constrain_to";
    acp_status st;
    acp_physobj *obj = get_object(world, object_id, FN, &st, NULL);
    if (!obj) return st;
    if (!pose) return acp_api_fail(ACP_ERR_NULL, FN, "pose: NULL");
    acp_scenario_constraint c;
    if ((st = read_pose(pose, &c.position, FN, "pose")) != ACP_OK) return st;
    if (!(isfinite(start_distance) && isfinite(max_distance) && start_distance >= 0.0f && start_distance < max_distance))
        return acp_api_fail(ACP_ERR_ARGUMENT, FN, "start_distance, max_distance: %.9g, %.9g: expected finite metres with "
                                                  "0 <= start_distance < max_distance", (double)start_distance, (double)max_distance);
    c.start_distance = start_distance;
    c.max_distance = max_distance;
    acp_bridge_constrain_to(obj, &c);
    return ACP_OK;
}

ACP_API acp_status acp_object_unconstrain(acp_world_id world, uint32_t object_id)
{
    acp_status st;
    acp_physobj *obj = get_object(world, object_id, "acp_object_unconstrain", &st, NULL);
    if (!obj) return st;
    acp_bridge_unconstrain(obj);
    return ACP_OK;
}

ACP_API acp_status acp_object_move_to(acp_world_id world, uint32_t object_id, const acp_move_to *mt)
{
    static const char *const FN = "acp_object_move_to";
    acp_status st;
    acp_physobj *obj = get_motion_object(world, object_id, FN, &st);
    if (!obj) return st;
    if (!mt) return acp_api_fail(ACP_ERR_NULL, FN, "move_to: NULL");
    if (mt->type < ACP_MOVE_TYPE_TO_OBJECT || mt->type > ACP_MOVE_TYPE_TURN_TO_HEADING)
        return acp_api_fail(ACP_ERR_ARGUMENT, FN, "move_to->type: %u is not a move-to type (6 object, 7 position, 8 turn to "
                                                  "object, 9 heading)", (unsigned)mt->type);
    acp_scenario_move_to m;
    memset(&m, 0, sizeof m);
    m.type = mt->type;
    m.target = mt->target;
    m.position.frame = acp_frame_identity();
    bool by_target = mt->type == ACP_MOVE_TYPE_TO_OBJECT || mt->type == ACP_MOVE_TYPE_TURN_TO_OBJECT;
    if (by_target && mt->target == 0) return acp_api_fail(ACP_ERR_ARGUMENT, FN, "move_to->target: 0 is not an object id");
    if (by_target && mt->target == object_id)
        return acp_api_fail(ACP_ERR_ARGUMENT, FN, "move_to->target: an object cannot move to itself");
    m.has_position = mt->type == ACP_MOVE_TYPE_TO_POSITION || (mt->type == ACP_MOVE_TYPE_TO_OBJECT && mt->has_pose);
    if (m.has_position && (st = read_pose(&mt->pose, &m.position, FN, "move_to->pose")) != ACP_OK) return st;
    if (mt->type == ACP_MOVE_TYPE_TURN_TO_OBJECT && mt->has_fallback_heading) {
        if (!(mt->fallback_heading >= 0.0f && mt->fallback_heading < 360.0f))
            return acp_api_fail(ACP_ERR_ARGUMENT, FN, "move_to->fallback_heading: %.9g: expected degrees from 0 up to (not "
                                                      "including) 360", (double)mt->fallback_heading);
        m.has_fallback_heading = true;
        m.fallback_heading = mt->fallback_heading;
    }
    const float f[] = {mt->speed, mt->distance_to_object, mt->min_distance, mt->fail_distance, mt->desired_heading,
                       mt->walk_run_threshold, mt->run_rate};
    if (!finite_n(f, 7))
        return acp_api_fail(ACP_ERR_ARGUMENT, FN, "move_to: speed, distances, heading and run_rate must be finite numbers");
    m.run_rate = mt->run_rate;
    m.params.bitfield = mt->bitfield;
    m.params.speed = mt->speed;
    m.params.hold_key_to_apply = mt->hold_key_to_apply;
    m.params.context_id = mt->context_id;
    m.params.action_stamp = mt->action_stamp;
    m.params.distance_to_object = mt->distance_to_object;
    m.params.min_distance = mt->min_distance;
    m.params.fail_distance = mt->fail_distance;
    m.params.desired_heading = mt->desired_heading;
    m.params.walk_run_threshhold = mt->walk_run_threshold;
    m.has_style = mt->has_style;
    m.style = mt->style;
    acp_bridge_move_to(obj, &m);
    return ACP_OK;
}

ACP_API acp_status acp_object_play_script(acp_world_id world, uint32_t object_id, uint32_t script_id)
{
    acp_status st;
    acp_physobj *obj = get_object(world, object_id, "acp_object_play_script", &st, NULL);
    if (!obj) return st;
    acp_scenario_play_script ps = {false, script_id, 0, 0.0f};
    acp_bridge_play_script(obj, &ps);
    return ACP_OK;
}

ACP_API acp_status acp_object_play_script_type(acp_world_id world, uint32_t object_id, uint32_t type, float mod)
{
    static const char *const FN = "acp_object_play_script_type";
    acp_status st;
    acp_physobj *obj = get_object(world, object_id, FN, &st, NULL);
    if (!obj) return st;
    if (!isfinite(mod)) return acp_api_fail(ACP_ERR_ARGUMENT, FN, "mod: expected a finite number");
    acp_scenario_play_script ps = {true, 0, type, mod};
    acp_bridge_play_script(obj, &ps);
    return ACP_OK;
}

/* ---- reading back: src/api/readback.c ---- */

struct acp_physobj *acp_api_object(acp_world_id world, uint32_t object_id, const char *fn, acp_status *st)
{
    return get_object(world, object_id, fn, st, NULL);
}

/* ---- snapshots (src/api/snapshot.c) ---- */

acp_status acp_api_internal_parts(acp_world_id id, const char *fn, bool seal_it, acp_api_world_parts *out)
{
    acp_status st;
    api_world *w = get_world(id, fn, &st);
    if (!w) return st;
    if (seal_it && (st = seal(w, fn)) != ACP_OK) return st;
    out->world = &w->world;
    out->records = w->records;
    out->terrain = w->terrain;
    out->num_objects = &w->num_objects;
    out->max_objects = w->max_objects;
    return ACP_OK;
}
