/* acphys — the scenario runner. See run.h. */
#include "run.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "acphys.h"
#include "api/api_internal.h"
#include "physics/cell/terrain.h"
#include "excerpts.h"
#include "inspect_json.h"
#include "physics/anim/motion_table.h"
#include "physics/object/physobj_children.h"
#include "run_internal.h"


/* ---- errors and warnings ---- */

static acp_text *begin_error(acp_run *run, acp_text *t)
{
    if (run->failed) return NULL;
    run->failed = true;
    acp_text_fixed(t, run->error, sizeof run->error);
    return t;
}

static bool set_error(acp_run *run, const char *message)
{
    acp_text t;
    if (begin_error(run, &t)) acp_text_put(&t, message);
    return false;
}

bool acp_run_internal_error(acp_run *run, const char *message) { return set_error(run, message); }

static void add_warning(acp_run *run, const char *message)
{
    if (run->num_warnings >= ACP_RUN_MAX_WARNINGS) {
        /* A scenario can earn a warning per event (a million of them): list the first ones. */
        run->warnings_dropped++;
        acp_text t;
        acp_text_fixed(&t, run->warnings_more, sizeof run->warnings_more);
        acp_text_put(&t, "and ");
        acp_text_put_u64(&t, run->warnings_dropped);
        acp_text_put(&t, run->warnings_dropped == 1 ? " more warning" : " more warnings");
        acp_text_put(&t, " (only the first ");
        acp_text_put_u64(&t, ACP_RUN_MAX_WARNINGS);
        acp_text_put(&t, " are listed)");
        return;
    }
    char **grown = realloc(run->warnings, (run->num_warnings + 1u) * sizeof *grown);
    if (!grown) return;
    run->warnings = grown;
    size_t n = strlen(message) + 1;
    char *copy = malloc(n);
    if (!copy) return;
    memcpy(copy, message, n);
    run->warnings[run->num_warnings++] = copy;
}

/* ---- creation ---- */

static acp_run *alloc_run(void)
{
    acp_run *run = calloc(1, sizeof *run);
    if (!run) return NULL;
    acp_text_init(&run->line);
    acp_text_init(&run->table);
    acp_text_init(&run->header);
    acp_text_init(&run->digest_line);
    acp_text_init(&run->trace);
    run->digest = ACP_FNV64_OFFSET;
    return run;
}

acp_run *acp_run_create(const acp_jsonv *root, int profile_override)
{
    acp_run *run = alloc_run();
    if (!run) return NULL;
    acp_scenario_error err;
    if (!acp_scenario_decode(root, &run->scenario, &err)) {
        set_error(run, err.message);
        return run;
    }
    run->profile = run->scenario.profile;
    if (profile_override != ACP_RUN_PROFILE_SCENARIO) {
        if (!acp_clock_profile_name((acp_clock_profile)profile_override)) {
            set_error(run, "profile: unknown profile override");
            return run;
        }
        run->profile = (acp_clock_profile)profile_override;
    }
    uint32_t n = run->scenario.num_excerpts ? run->scenario.num_excerpts : 1;
    run->excerpt_bytes = calloc(n, sizeof *run->excerpt_bytes);
    run->excerpt_sizes = calloc(n, sizeof *run->excerpt_sizes);
    run->excerpt_given = calloc(n, sizeof *run->excerpt_given);
    if (!run->excerpt_bytes || !run->excerpt_sizes || !run->excerpt_given) set_error(run, "out of memory");
    return run;
}

acp_run *acp_run_create_failed(const char *message)
{
    acp_run *run = alloc_run();
    if (run) set_error(run, message);
    return run;
}

static void free_excerpt_bytes(acp_run *run)
{
    if (!run->excerpt_bytes) return;
    for (uint32_t i = 0; i < run->scenario.num_excerpts; i++) {
        free(run->excerpt_bytes[i]);
        run->excerpt_bytes[i] = NULL;
    }
}

void acp_run_destroy(acp_run *run)
{
    if (!run) return;
    free(run->quanta);
    acp_text_free(&run->records_text);
    free_excerpt_bytes(run);
    free(run->excerpt_bytes);
    free(run->excerpt_sizes);
    free(run->excerpt_given);
    if (run->world_id.index1) (void)acp_destroy_world(run->world_id); /* its records, terrain and objects */
    free(run->objects);
    free(run->frame.objects);
    free(run->digests);
    acp_text_free(&run->line);
    acp_text_free(&run->table);
    acp_text_free(&run->header);
    acp_text_free(&run->digest_line);
    acp_text_free(&run->trace);
    acp_run_inspector_free(run->inspector);
    for (uint32_t i = 0; i < run->num_warnings; i++) free(run->warnings[i]);
    free(run->warnings);
    acp_scenario_free(&run->scenario);
    free(run);
}

const char *acp_run_error(const acp_run *run) { return run->failed ? run->error : NULL; }
const acp_scenario *acp_run_scenario(const acp_run *run) { return &run->scenario; }
acp_clock_profile acp_run_profile(const acp_run *run) { return run->profile; }

/* ---- excerpts ---- */

uint32_t acp_run_excerpt_count(const acp_run *run) { return run->scenario.num_excerpts; }

const char *acp_run_excerpt_name(const acp_run *run, uint32_t i)
{
    return i < acp_run_excerpt_count(run) ? run->scenario.excerpts[i] : NULL;
}

bool acp_run_excerpt_needs_bytes(const acp_run *run, uint32_t i)
{
    const char *name = acp_run_excerpt_name(run, i);
    return name && strcmp(name, "default") != 0;
}

bool acp_run_set_excerpt(acp_run *run, uint32_t i, const uint8_t *bytes, size_t size)
{
    if (run->failed || run->started || i >= run->scenario.num_excerpts) return false;
    uint8_t *copy = malloc(size ? size : 1);
    if (!copy) return set_error(run, "out of memory");
    if (size) memcpy(copy, bytes, size);
    free(run->excerpt_bytes[i]);
    run->excerpt_bytes[i] = copy;
    run->excerpt_sizes[i] = size;
    run->excerpt_given[i] = true;
    return true;
}

/* "excerpts[i]: " / "excerpts[i] ("name"): " */
static void put_excerpt_path(acp_text *t, const acp_run *run, uint32_t i, bool with_name)
{
    acp_text_put(t, "excerpts[");
    acp_text_put_u64(t, i);
    acp_text_put(t, "]");
    if (with_name) {
        const char *name = run->scenario.excerpts[i];
        acp_text_put(t, " (");
        acp_text_put_json_string(t, name, strlen(name));
        acp_text_put(t, ")");
    }
    acp_text_put(t, ": ");
}

/* The API's message after its "<function>: <argument>: " prefix: the records' own words. */
static const char *api_detail(const char *prefix)
{
    const char *m = acp_error_message();
    size_t n = strlen(prefix);
    return strncmp(m, prefix, n) == 0 ? m + n : m;
}

/* Make the world (acp_create_world) and give it the excerpts in listed order
 * (acp_world_load_default_records, acp_world_load_records: later records replace earlier ones). */
static bool read_excerpts(acp_run *run)
{
    const acp_scenario *s = &run->scenario;
    acp_world_def def = acp_default_world_def();
    def.profile = (uint32_t)run->profile;
    def.max_objects = s->num_objects ? s->num_objects : 1u;
    acp_status st = acp_create_world(&def, &run->world_id);
    if (st != ACP_OK) {
        run->world_id = (acp_world_id){0, 0};
        return set_error(run, st == ACP_ERR_MEMORY ? "out of memory" : acp_error_message());
    }
    run->records = acp_api_internal_records(run->world_id);
    for (uint32_t i = 0; i < s->num_excerpts; i++) {
        acp_text t;
        if (strcmp(s->excerpts[i], "default") == 0) {
            uint32_t n = 0;
            (void)acp_default_excerpts(&n);
            if (n == 0) {
                char w[160];
                acp_text_fixed(&t, w, sizeof w);
                put_excerpt_path(&t, run, i, false);
                acp_text_put(&t, "this build embeds no default excerpts (data/*-default.dat were missing)");
                add_warning(run, w);
                continue;
            }
            if (acp_world_load_default_records(run->world_id) == ACP_OK) continue;
            if (begin_error(run, &t)) {
                put_excerpt_path(&t, run, i, true);
                acp_text_put(&t, api_detail("acp_world_load_default_records: ")); /* "<name>: <what>" */
            }
            return false;
        }
        if (!run->excerpt_given[i]) {
            if (begin_error(run, &t)) {
                put_excerpt_path(&t, run, i, false);
                acp_text_put(&t, "no bytes were given for ");
                acp_text_put_json_string(&t, s->excerpts[i], strlen(s->excerpts[i]));
                acp_text_put(&t, " (an unknown excerpt: give a DAT file's path, or \"default\")");
            }
            return false;
        }
        if (acp_world_load_records(run->world_id, run->excerpt_bytes[i], run->excerpt_sizes[i]) != ACP_OK) {
            if (begin_error(run, &t)) {
                put_excerpt_path(&t, run, i, true);
                acp_text_put(&t, api_detail("acp_world_load_records: bytes: "));
            }
            return false;
        }
    }
    free_excerpt_bytes(run);
    return true;
}

/* ---- the world ---- */

static void warn_cb(void *ctx, const char *message) { add_warning(ctx, message); }

/* The terrain (acp_world_finish_records) and the comparison modes (acp_world_set_peer_rules),
 * before the first object. */
static bool build_terrain(acp_run *run)
{
    switch (acp_world_finish_records(run->world_id)) {
    case ACP_OK: break;
    case ACP_ERR_RECORDS:
        return set_error(run, "excerpts: the excerpts hold LandBlocks but no Region 0x13000000, whose height "
                              "table gives the terrain its heights");
    default: return set_error(run, "out of memory");
    }
    run->terrain = acp_api_internal_terrain(run->world_id);
    run->world = acp_api_internal_world(run->world_id);
    if (run->terrain) acp_excerpts_warn_unloaded_envcells(run->records, run->terrain, warn_cb, run);
    if (acp_world_set_peer_rules(run->world_id, run->peer_rules) != ACP_OK) return set_error(run, acp_error_message());
    return true;
}

static void put_object_path(acp_text *t, uint32_t i, const char *field)
{
    acp_text_put(t, "objects[");
    acp_text_put_u64(t, i);
    acp_text_put(t, "].");
    acp_text_put(t, field);
    acp_text_put(t, ": ");
}

static bool missing_record(acp_run *run, uint32_t i, const char *field, const char *kind, uint32_t id, const char *extra)
{
    acp_text t;
    if (begin_error(run, &t)) {
        put_object_path(&t, i, field);
        acp_text_put(&t, extra);
        acp_text_put(&t, "no ");
        acp_text_put(&t, kind);
        acp_text_put(&t, " ");
        acp_text_put_hex32(&t, id);
        acp_text_put(&t, " in the excerpts");
    }
    return false;
}

/* A float for messages, as short as it reads back: whole numbers below 1e9 in full, others with
 * the fewest significant digits (%.Ng, N ≤ 9) that strtof turns back into f (both C libraries'
 * strtof are correctly rounded, so native and WASM print the same). */
static void put_float(acp_text *t, float f)
{
    if (f == floorf(f) && fabsf(f) < 1e9f) { /* whole numbers in full: 100, not 1e+02 */
        acp_text_put_i64(t, (int64_t)f);
        return;
    }
    char buf[40];
    for (int p = 1; p <= 9; p++) {
        acp_text tx;
        acp_text_fixed(&tx, buf, sizeof buf);
        acp_text_put_g(&tx, f, p);
        if (!isfinite(f) || strtof(buf, NULL) == f) break;
    }
    acp_text_put(t, buf);
}

/* "its origin [x, y, z] is outside landblock L (...)" and where it lands: off the map, or in a
 * landblock the excerpts lack or where SetPosition failed (an outdoor origin's x and y lie in
 * [0, ACP_BLOCK_LENGTH) of its landblock, or retail's LandDefs::adjust_to_outside 0x005A9BC0 moves
 * it to the landblock that holds it). */
static void put_outside_origin(acp_text *t, const struct acp_terrain *terrain, uint32_t cell, acp_vec3 origin)
{
    acp_text_put(t, "its origin [");
    put_float(t, origin.x);
    acp_text_put(t, ", ");
    put_float(t, origin.y);
    acp_text_put(t, ", ");
    put_float(t, origin.z);
    acp_text_put(t, "] is outside landblock ");
    acp_text_put_hex32(t, acp_cell_landblock_id(cell));
    acp_text_put(t, " (x and y from 0 to 192 m)");
    uint32_t moved = cell;
    acp_vec3 loc = origin;
    if (!acp_landdefs_adjust_to_outside(&moved, &loc)) {
        acp_text_put(t, " and off the world's map, so no cell holds it");
        return;
    }
    acp_text_put(t, ": it lies in landblock ");
    acp_text_put_hex32(t, acp_cell_landblock_id(moved));
    acp_text_put(t, acp_terrain_get_landblock(terrain, moved) ? ", where SetPosition found no valid position"
                                                               : ", which is not in the excerpts");
}

/* An object that did not enter a loaded cell: retail leaves it out of the world (cell NULL) and
 * update_object skips it every frame; say why once. */
static void warn_no_cell(acp_run *run, uint32_t i)
{
    const acp_scenario_object *so = &run->scenario.objects[i];
    uint32_t cell = so->position.objcell_id;
    acp_vec3 origin = so->position.frame.origin;
    bool outside = !acp_cell_is_indoor(cell) && acp_terrain_get_landblock(run->terrain, cell) &&
                   !(origin.x >= 0.0f && origin.x < ACP_BLOCK_LENGTH && origin.y >= 0.0f && origin.y < ACP_BLOCK_LENGTH);
    char w[400]; /* the longest: an origin of three 9-digit floats, then a landblock and why */
    acp_text t;
    acp_text_fixed(&t, w, sizeof w);
    put_object_path(&t, i, outside ? "position.origin" : "position.cell");
    acp_text_put(&t, "the object has no cell, so update_object skips it every frame: ");
    if (outside) {
        put_outside_origin(&t, run->terrain, cell, origin);
    } else if (acp_cell_is_indoor(cell) && run->terrain && acp_terrain_get_envcell(run->terrain, cell)) {
        acp_text_put(&t, "SetPosition found no valid position in the indoor cell ");
        acp_text_put_hex32(&t, cell);
    } else if (acp_cell_is_indoor(cell)) {
        acp_text_put_hex32(&t, cell);
        acp_text_put(&t, " is an indoor cell (EnvCell) the excerpts do not hold, or one not loaded (see the "
                         "excerpts warning)");
    } else if (!acp_terrain_get_landblock(run->terrain, cell)) {
        acp_text_put(&t, "its landblock ");
        acp_text_put_hex32(&t, acp_cell_landblock_id(cell));
        acp_text_put(&t, " is not in the excerpts");
    } else {
        acp_text_put(&t, "SetPosition found no valid position there");
    }
    add_warning(run, w);
}

/* An interpreted state (what the server sends) carries only the canonical commands: retail's
 * adjust_motion turns WalkBackwards, TurnLeft and SideStepLeft into WalkForward, TurnRight and
 * SideStepRight with negated speeds before they are sent. The other three find no entry. */
static void warn_raw_commands(acp_run *run, const acp_scenario_event *ev)
{
    static const struct { uint32_t cmd, bit; const char *name, *use; } RAW[] = {
        {0x45000006u, ACP_MOTION_FORWARD_COMMAND, "forward_command WalkBackwards", "WalkForward (0x45000005) with a negative speed"},
        {0x6500000Eu, ACP_MOTION_TURN_COMMAND, "turn_command TurnLeft", "TurnRight (0x6500000D) with a negative speed"},
        {0x65000010u, ACP_MOTION_SIDESTEP_COMMAND, "sidestep_command SideStepLeft", "SideStepRight (0x6500000F) with a negative speed"},
    };
    const acp_scenario_motion *m = &ev->motion;
    const uint32_t cmds[] = {m->forward_command, m->turn_command, m->sidestep_command};
    for (int k = 0; k < 3; k++) {
        if (!(m->present & RAW[k].bit) || cmds[k] != RAW[k].cmd) continue;
        char w[320];
        acp_text t;
        acp_text_fixed(&t, w, sizeof w);
        acp_text_put(&t, "events[");
        acp_text_put_u64(&t, ev->index);
        acp_text_put(&t, "].motion: ");
        acp_text_put(&t, RAW[k].name);
        acp_text_put(&t, " is a raw command: an interpreted state (as the server sends it) uses ");
        acp_text_put(&t, RAW[k].use);
        acp_text_put(&t, "; use \"raw_motion\" for keyboard input");
        add_warning(run, w);
    }
}

/* The largest speed (in magnitude) a motion event may give without a warning. A speed multiplies
 * the animation's pace and the motion's velocity; retail's own are a few at most (a run rate
 * below 4, turns at 1.5 × the given speed, side steps clamped to ±3 by
 * CMotionInterp::apply_run_to_command 0x00527BE0), so 100 leaves a wide margin: anything beyond it
 * (3e38, say) is a slip, and its products overflow float. */
#define ACP_RUN_SENSIBLE_SPEED 100.0f

/* "events[N].<kind>.<field>: " into w. */
static void begin_event_warning(acp_text *t, char *w, size_t size, const acp_scenario_event *ev, const char *field)
{
    acp_text_fixed(t, w, size);
    acp_text_put(t, "events[");
    acp_text_put_u64(t, ev->index);
    acp_text_put(t, ev->kind == ACP_EVENT_RAW_MOTION ? "].raw_motion." : "].motion.");
    acp_text_put(t, field);
    acp_text_put(t, ": ");
}

/* True when retail's motion-table lookups can find command `cmd` in `mt` in one of its styles
 * (the default style and every style default): a cycle or a modifier keyed
 * (style << 16) | (cmd & 0xFFFFFF), an unstyled modifier (cmd & 0xFFFFFF), or a link whose
 * target is cmd. CMotionTable::GetObjectSequence (0x00522860) and its helpers look up nothing
 * else, so a command none of these name plays nothing. */
static bool table_has_command(const acp_motion_table *mt, uint32_t cmd)
{
    uint32_t low = cmd & 0xFFFFFFu;
    if (acp_motion_table_modifier(mt, low)) return true;
    for (uint32_t i = 0; i <= mt->num_style_defaults; i++) {
        uint32_t style = i < mt->num_style_defaults ? mt->style_defaults[i].style : mt->default_style;
        uint32_t key = (style << 16) | low;
        if (acp_motion_table_cycle(mt, key) || acp_motion_table_modifier(mt, key)) return true;
    }
    for (uint32_t i = 0; i < mt->num_links; i++)
        for (uint32_t j = 0; j < mt->links[i].num_entries; j++)
            if (mt->links[i].entries[j].key == cmd) return true;
    return false;
}

/* The canonical command retail's adjust_motion (CMotionInterp::adjust_motion 0x00528010) makes of
 * a raw one: WalkBackwards, TurnLeft and SideStepLeft become WalkForward, TurnRight and
 * SideStepRight (with negated speeds). */
static uint32_t canonical_command(uint32_t cmd)
{
    switch (cmd) {
    case 0x45000006u: return 0x45000005u;
    case 0x6500000Eu: return 0x6500000Du;
    case 0x65000010u: return 0x6500000Fu;
    default: return cmd;
    }
}

/* A motion or raw_motion event whose command the object's motion table does not have (it plays
 * nothing), or whose speed is beyond ±ACP_RUN_SENSIBLE_SPEED: a warning naming the field. The
 * three raw commands in an interpreted motion have warn_raw_commands' warning instead. */
static void warn_motion_values(acp_run *run, const acp_scenario_event *ev, const acp_motion_table *mt)
{
    static const struct { uint32_t cmd_bit, speed_bit; const char *cmd_name, *speed_name; } F[] = {
        {ACP_MOTION_FORWARD_COMMAND, ACP_MOTION_FORWARD_SPEED, "forward_command", "forward_speed"},
        {ACP_MOTION_SIDESTEP_COMMAND, ACP_MOTION_SIDESTEP_SPEED, "sidestep_command", "sidestep_speed"},
        {ACP_MOTION_TURN_COMMAND, ACP_MOTION_TURN_SPEED, "turn_command", "turn_speed"},
    };
    const acp_scenario_motion *m = &ev->motion;
    const uint32_t cmds[] = {m->forward_command, m->sidestep_command, m->turn_command};
    const float speeds[] = {m->forward_speed, m->sidestep_speed, m->turn_speed};
    for (int k = 0; k < 3; k++) {
        char w[320];
        acp_text t;
        uint32_t cmd = ev->kind == ACP_EVENT_RAW_MOTION ? canonical_command(cmds[k]) : cmds[k];
        bool raw_in_interpreted = ev->kind == ACP_EVENT_MOTION && canonical_command(cmds[k]) != cmds[k];
        bool none = k > 0 && cmds[k] == 0; /* no side step, no turn */
        if (mt && (m->present & F[k].cmd_bit) && !none && !raw_in_interpreted && !table_has_command(mt, cmd)) {
            begin_event_warning(&t, w, sizeof w, ev, F[k].cmd_name);
            acp_text_put_hex32(&t, cmds[k]);
            acp_text_put(&t, " is not a command of MotionTable ");
            acp_text_put_hex32(&t, mt->id);
            acp_text_put(&t, " (no cycle, modifier or link for it in any of the table's styles), so it plays nothing");
            add_warning(run, w);
        }
        if ((m->present & F[k].speed_bit) && !(fabsf(speeds[k]) <= ACP_RUN_SENSIBLE_SPEED)) {
            begin_event_warning(&t, w, sizeof w, ev, F[k].speed_name);
            put_float(&t, speeds[k]);
            acp_text_put(&t, " is not a sensible speed (beyond 100): it multiplies the animation's pace, and retail's "
                             "are a few at most (a run rate below 4, turns 1.5, side steps within 3)");
            add_warning(run, w);
        }
    }
}

/* An event at a time after the last frame never applies. */
static void warn_late_events(acp_run *run)
{
    const acp_scenario *s = &run->scenario;
    double last = s->frames.count ? s->frames.times[0] : 0.0;
    for (uint32_t k = 1; k < s->frames.count; k++)
        if (s->frames.times[k] > last) last = s->frames.times[k];
    for (uint32_t e = 0; e < s->num_events; e++) {
        const acp_scenario_event *ev = &s->events[e];
        if (!(ev->t > last)) continue;
        char w[200];
        acp_text t;
        acp_text_fixed(&t, w, sizeof w);
        acp_text_put(&t, "events[");
        acp_text_put_u64(&t, ev->index);
        acp_text_put(&t, "].t: ");
        acp_text_put_g(&t, ev->t, 17);
        acp_text_put(&t, " s is after the latest frame (");
        acp_text_put_g(&t, last, 17);
        acp_text_put(&t, " s): the event never applies");
        add_warning(run, w);
    }
}

/* The first animation a motion table names that the excerpts lack (0 when none): retail would
 * load it from its DAT; an excerpt that left it out cannot play the table. */
static uint32_t missing_animation(const acp_excerpts *ex, const acp_motion_data *d)
{
    for (uint32_t a = 0; a < d->num_anims; a++)
        if (!acp_excerpts_animation(ex, d->anims[a].anim_id)) return d->anims[a].anim_id;
    return 0;
}

static uint32_t table_missing_animation(const acp_excerpts *ex, const acp_motion_table *mt)
{
    uint32_t id = 0;
    for (uint32_t i = 0; i < mt->num_cycles && !id; i++) id = missing_animation(ex, &mt->cycles[i].data);
    for (uint32_t i = 0; i < mt->num_modifiers && !id; i++) id = missing_animation(ex, &mt->modifiers[i].data);
    for (uint32_t i = 0; i < mt->num_links && !id; i++)
        for (uint32_t j = 0; j < mt->links[i].num_entries && !id; j++)
            id = missing_animation(ex, &mt->links[i].entries[j].data);
    return id;
}

static bool missing_table_animation(acp_run *run, uint32_t i, const char *field, uint32_t table, uint32_t anim)
{
    acp_text t;
    if (begin_error(run, &t)) {
        put_object_path(&t, i, field);
        acp_text_put(&t, "MotionTable ");
        acp_text_put_hex32(&t, table);
        acp_text_put(&t, " names Animation ");
        acp_text_put_hex32(&t, anim);
        acp_text_put(&t, ", which is not in the excerpts");
    }
    return false;
}

/* An API call the scenario's validation should have made safe refused: the run stops with the
 * API's message under the scenario path. */
static bool api_refused(acp_run *run, const char *what, uint64_t index)
{
    acp_text t;
    if (begin_error(run, &t)) {
        acp_text_put(&t, what);
        acp_text_put(&t, "[");
        acp_text_put_u64(&t, index);
        acp_text_put(&t, "]: ");
        acp_text_put(&t, acp_error_message());
    }
    return false;
}

/* Object i's records: its Setup and motion table, each checked (a missing record is an error
 * naming its scenario field), before the object is made. */
bool acp_run_resolve_object(acp_run *run, uint32_t i, const acp_setup **setup_out, const acp_motion_table **table)
{
    const acp_scenario_object *so = &run->scenario.objects[i];
    const acp_setup *setup = NULL;
    *setup_out = NULL;
    *table = NULL;
    if (so->setup) {
        setup = acp_excerpts_setup(run->records, so->setup);
        if (!setup) return missing_record(run, i, "setup", "Setup", so->setup, "");
    }
    uint32_t mt_id = so->motion_table ? so->motion_table : setup ? setup->default_motion_table : 0;
    if (mt_id && setup) { /* a motion table animates the part array: without a Setup there is none */
        const acp_motion_table *mt = acp_excerpts_motion_table(run->records, mt_id);
        if (!mt)
            return so->motion_table ? missing_record(run, i, "motion_table", "MotionTable", mt_id, "")
                                    : missing_record(run, i, "setup", "MotionTable", mt_id, "its default motion table: ");
        uint32_t anim = table_missing_animation(run->records, mt);
        if (anim) return missing_table_animation(run, i, so->motion_table ? "motion_table" : "setup", mt_id, anim);
        *table = mt;
    }
    *setup_out = setup;
    return true;
}

/* Make object i (acp_create_object) and put it into the world at its enter_at (the placement
 * runs at enter_at, prepare_to_enter_world's update_time = enter_at; the world's clock stays):
 * at the start, or before the first frame whose time is >= enter_at. Its records were checked
 * (acp_run_resolve_object). The player becomes the player when it enters. */
static bool make_object(acp_run *run, uint32_t i)
{
    const acp_scenario_object *so = &run->scenario.objects[i];
    acp_object_def d = acp_default_object_def();
    d.id = so->id;
    d.setup = so->setup;
    d.motion_table = so->motion_table;
    d.physics_state = so->physics_state;
    d.pose = acp_run_pose_of(&so->position);
    d.velocity[0] = so->velocity.x, d.velocity[1] = so->velocity.y, d.velocity[2] = so->velocity.z;
    d.omega[0] = so->omega.x, d.omega[1] = so->omega.y, d.omega[2] = so->omega.z;
    d.scale = so->scale;
    d.friction = so->friction;
    d.elasticity = so->elasticity;
    d.run_rate = so->run_rate;
    /* The player's weenie answers InqRunRate (default 1.0); another object's only when the
     * scenario gives it a run_rate (docs/DEVIATIONS.md M8). */
    bool is_player = run->scenario.has_player && run->scenario.player_index == i;
    d.has_run_rate = is_player || so->has_run_rate;
    d.enter_at = so->enter_at;
    d.placement = so->placement == ACP_PLACEMENT_FRAME ? ACP_PLACE_FRAME : ACP_PLACE_SET_POSITION;
    d.transient_state = so->transient_state;
    memcpy(d.timestamps, so->timestamps, sizeof d.timestamps);
    acp_status st = acp_create_object(run->world_id, &d);
    if (st == ACP_ERR_MEMORY) return set_error(run, "out of memory");
    if (st != ACP_OK) return api_refused(run, "objects", i);
    acp_physobj *obj = acp_api_internal_object(run->world_id, so->id);
    run->objects[i] = obj;
    if (!obj->has_cell) warn_no_cell(run, i);
    if (is_player && acp_world_set_player_object(run->world_id, so->id) != ACP_OK) return set_error(run, acp_error_message());
    return true;
}

/* Before a frame at `now`: the waiting objects whose enter_at <= now enter, in scenario order
 * (their records were checked when they were given), each holder with its child list. */
static bool enter_due(acp_run *run, double now)
{
    const acp_scenario *s = &run->scenario;
    for (uint32_t i = 0; i < s->num_objects && run->num_waiting; i++) {
        if (run->objects[i] || !(s->objects[i].enter_at <= now)) continue;
        const acp_setup *setup;
        const acp_motion_table *table;
        if (!acp_run_resolve_object(run, i, &setup, &table) || !make_object(run, i) || !acp_run_reserve_holder(run, i))
            return false;
        run->num_waiting--;
    }
    return true;
}

static bool check_events(acp_run *run, const acp_motion_table *const *tables)
{
    static const char *const KIND[] = {"motion", "raw_motion", "jump"};
    const acp_scenario *s = &run->scenario;
    for (uint32_t e = 0; e < s->num_events; e++) {
        const acp_scenario_event *ev = &s->events[e];
        char early[200];
        acp_text te;
        acp_text_fixed(&te, early, sizeof early);
        if (acp_run_event_before_entering(s, ev, &te)) return set_error(run, early);
        if (!acp_event_needs_motion(ev->kind)) continue;
        if (ev->kind == ACP_EVENT_MOTION) warn_raw_commands(run, ev);
        if (ev->kind != ACP_EVENT_JUMP) warn_motion_values(run, ev, tables[ev->object_index]);
        if (!tables[ev->object_index]) {
            acp_text t;
            if (begin_error(run, &t)) {
                acp_text_put(&t, "events[");
                acp_text_put_u64(&t, ev->index);
                acp_text_put(&t, "].");
                acp_text_put(&t, ev->kind == ACP_EVENT_MOVE_TO ? "move_to" : KIND[ev->kind]);
                acp_text_put(&t, ": object ");
                acp_text_put_u64(&t, ev->object);
                acp_text_put(&t, " has no motion table (give it a \"motion_table\" or a setup that has one)");
            }
            return false;
        }
    }
    return true;
}

bool acp_run_start(acp_run *run)
{
    if (run->failed) return false;
    if (run->started) return true;
    const acp_scenario *s = &run->scenario;
    if (!read_excerpts(run)) return false;
    if (!build_terrain(run)) return false;
    run->objects = calloc(s->num_objects, sizeof *run->objects);
    const acp_motion_table **tables = calloc(s->num_objects, sizeof *tables);
    run->frame.objects = calloc(s->num_objects, sizeof *run->frame.objects);
    run->cap_digests = s->frames.count > 16 ? s->frames.count : 16;
    run->digests = malloc(run->cap_digests * sizeof *run->digests);
    if (!run->objects || !tables || !run->frame.objects || !run->digests ||
        !acp_text_reserve(&run->line, 512u + 1024u * (size_t)s->num_objects) ||
        !acp_text_reserve(&run->table, 256u + 256u * (size_t)s->num_objects)) {
        free(tables);
        return set_error(run, "out of memory");
    }
    bool ok = true;
    for (uint32_t i = 0; i < s->num_objects && ok; i++) {
        const acp_setup *setup;
        ok = acp_run_resolve_object(run, i, &setup, &tables[i]);
        if (ok && acp_run_enters_later(&s->objects[i])) run->num_waiting++; /* enter_due, at its frame */
        else if (ok) ok = make_object(run, i);
    }
    if (ok) ok = check_events(run, tables);
    if (ok) ok = acp_run_check_parents(run);
    if (ok) warn_late_events(run);
    free(tables);
    if (!ok) return false;
    /* acp_create_object leaves the world's clock where it was: 0 */
    run->frame.num_objects = s->num_objects;
    if (run->record_kind != ACP_RUN_RECORDS_FRAMES && !acp_run_start_records(run)) return set_error(run, "out of memory");
    run->started = true;
    return true;
}

/* ---- frames ---- */

bool acp_run_step(acp_run *run, double now)
{
    if (run->failed) return false;
    if (!run->started) return set_error(run, "the run has not started (acp_run_start)");
    if (!isfinite(now) || fabs(now) > ACP_SCENARIO_MAX_TIME) {
        acp_text t;
        if (begin_error(run, &t)) {
            acp_text_put(&t, "frame ");
            acp_text_put_u64(&t, run->frame.frame + 1u);
            acp_text_put(&t, ": the time ");
            acp_text_put_g(&t, now, 17);
            acp_text_put(&t, " is not a finite number of seconds within ±1e9");
        }
        return false;
    }
    if (run->num_digests == run->cap_digests) { /* past the scenario's frames: grow between frames */
        uint32_t cap = run->cap_digests * 2u;
        uint64_t *grown = cap > run->cap_digests ? realloc(run->digests, (size_t)cap * sizeof *grown) : NULL;
        if (!grown) return set_error(run, "out of memory");
        run->digests = grown;
        run->cap_digests = cap;
    }
    acp_world *w = run->world;
    const acp_scenario *s = &run->scenario;
    /* retail's Timer::cur_time is the frame's time while messages are handled, and what the
     * events report belongs to this frame; the objects whose enter_at has come enter first */
    if (acp_world_set_time(run->world_id, now) != ACP_OK) return set_error(run, acp_error_message());
    if (run->num_waiting && !enter_due(run, now)) return false;
    while (run->next_event < s->num_events && s->events[run->next_event].t <= now) {
        const acp_scenario_event *ev = &s->events[run->next_event++];
        if (acp_run_apply_event(run, ev) != ACP_OK) return api_refused(run, "events", ev->index);
    }
    if (run->record_kind != ACP_RUN_RECORDS_FRAMES) { /* this frame's records (the hook's) */
        run->num_quanta = 0;
        w->transit[0].insert_state = ACP_TS_INVALID; /* a placement sweep of an event is no quantum's */
    }
    bool inspecting = acp_run_inspector_begin(run->inspector, w, run->objects, run->frame.frame + 1u);
    if (acp_world_step(run->world_id, now) != ACP_OK) return set_error(run, acp_error_message()); /* CPhysics::UseTime */
    if (inspecting && !acp_run_inspector_end(run->inspector, w, s, run->objects, now))
        return set_error(run, "out of memory writing the inspector's record");
    acp_trace_frame *f = &run->frame;
    if (!run->have_frame || now > run->latest_now) run->latest_now = now; /* page (issue 8) */
    f->frame++;
    f->now = now;
    f->gate = w->gate_passed;
    for (uint32_t i = 0; i < f->num_objects; i++) {
        if (run->objects[i]) acp_trace_capture_object(&f->objects[i], run->objects[i], now);
        else acp_trace_absent_object(&f->objects[i], s->objects[i].id); /* not in the world yet */
    }
    run->digest = acp_trace_hash_frame(run->digest, f);
    run->digests[run->num_digests++] = run->digest;
    run->have_frame = true;
    run->line_valid = false;
    run->table_valid = false;
    run->records_valid = false;
    acp_run_hash_records(run);
    if (run->quanta_dropped) return set_error(run, "more quanta in one frame than the records hold");
    return true;
}

bool acp_run_step_next(acp_run *run)
{
    if (run->failed || !run->started) return false;
    const acp_scenario_frames *fr = &run->scenario.frames;
    if (run->next_frame >= fr->count) return false;
    return acp_run_step(run, fr->times[run->next_frame++]);
}

uint32_t acp_run_all(acp_run *run, bool keep_trace)
{
    uint32_t n = 0;
    acp_text *trace = keep_trace ? &run->trace : NULL;
    if (trace && run->started && !run->failed) {
        /* Room for the frames to come (about 256 + 640 bytes per object per line), at most
         * 16 MiB up front: the text grows between frames past that. */
        uint64_t per_line = 256u + 640u * (uint64_t)run->frame.num_objects;
        uint64_t want = per_line * (uint64_t)(run->scenario.frames.count - run->next_frame) + 64u;
        acp_text_reserve(trace, (size_t)(want < (16u << 20) ? want : (16u << 20)));
    }
    while (acp_run_step_next(run)) {
        n++;
        if (!trace) continue;
        size_t len;
        const char *text = acp_run_records_text(run, &len);
        acp_text_put_n(trace, text, len);
    }
    if (trace && !run->failed && run->record_kind != ACP_RUN_RECORDS_DERETH) {
        acp_text_put(trace, acp_run_records_closing(run));
        acp_text_put_char(trace, '\n');
        if (trace->oom) set_error(run, "out of memory keeping the trace (write it line by line instead)");
    }
    return n;
}

/* ---- reading the run ---- */

const char *acp_run_trace(const acp_run *run, size_t *len)
{
    if (len) *len = run->trace.len;
    return run->trace.data ? run->trace.data : "";
}

uint32_t acp_run_frames_done(const acp_run *run) { return run->frame.frame; }
uint32_t acp_run_frames_total(const acp_run *run) { return run->scenario.frames.count; }
const acp_trace_frame *acp_run_last_frame(const acp_run *run) { return run->have_frame ? &run->frame : NULL; }

const char *acp_run_line(acp_run *run, size_t *len)
{
    if (!run->line_valid) {
        acp_text_clear(&run->line);
        if (run->have_frame) acp_trace_write_line(&run->line, &run->frame, run->digest);
        if (run->line.oom) set_error(run, "out of memory writing a trace line");
        run->line_valid = true;
    }
    if (len) *len = run->line.len;
    return run->line.data ? run->line.data : "";
}

const char *acp_run_table_rows(acp_run *run)
{
    if (!run->table_valid) {
        acp_text_clear(&run->table);
        if (run->have_frame) acp_trace_write_table_rows(&run->table, &run->frame);
        run->table_valid = true;
    }
    return run->table.data ? run->table.data : "";
}

const char *acp_run_table_header(acp_run *run)
{
    if (run->header.len == 0) acp_trace_write_table_header(&run->header);
    return run->header.data ? run->header.data : "";
}

const char *acp_run_digest_line(acp_run *run)
{
    acp_text_clear(&run->digest_line);
    acp_trace_write_digest_line(&run->digest_line, run->digest, acp_clock_profile_name(run->profile));
    return run->digest_line.data ? run->digest_line.data : "";
}

uint64_t acp_run_digest(const acp_run *run) { return run->digest; }

const uint64_t *acp_run_frame_digests(const acp_run *run, uint32_t *count)
{
    if (count) *count = run->num_digests;
    return run->digests;
}

uint32_t acp_run_warning_count(const acp_run *run) { return run->num_warnings + (run->warnings_dropped ? 1u : 0u); }
const char *acp_run_warning(const acp_run *run, uint32_t i)
{
    if (i < run->num_warnings) return run->warnings[i];
    return i == run->num_warnings && run->warnings_dropped ? run->warnings_more : NULL;
}

acp_world *acp_run_world(const acp_run *run) { return run->world; }

acp_physobj *acp_run_object(const acp_run *run, uint32_t i)
{
    return run->objects && i < run->scenario.num_objects ? run->objects[i] : NULL;
}

/* ---- the quantum inspector (issue 36) ---- */

bool acp_run_inspect(acp_run *run, uint32_t object_index, uint32_t frame)
{
    char err[200];
    if (run->failed) return false;
    if (acp_run_inspector_entered(&run->scenario, object_index, frame, err, sizeof err) &&
        acp_run_inspector_arm(&run->inspector, object_index, run->scenario.num_objects, frame, run->frame.frame, err,
                              sizeof err))
        return true;
    return set_error(run, err);
}

const char *acp_run_inspect_json(const acp_run *run, size_t *len) { return acp_run_inspector_json(run->inspector, len); }
