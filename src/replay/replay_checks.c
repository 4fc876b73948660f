/* acphys — the replay's checks and measures: message names, distances and headings, which
 * positions and records a scenario takes, and whether this build's scenarios have "set_state"
 * events. See replay.h. */
#include "replay.h"

#include <math.h>
#include <string.h>

#include "physics/geometry/frame.h"
#include "physics/geometry/position.h"
#include "scenario/excerpts.h"
#include "scenario/jsonv.h"

const char *acp_replay_kind_name(acp_replay_kind k)
{
    static const char *const NAMES[] = {"MoveToState", "AutonomousPosition", "Jump", "CreateObject", "UpdatePosition",
                                        "UpdateMotion", "VectorUpdate", "SetState", "PlayerTeleport"};
    return (unsigned)k < sizeof NAMES / sizeof NAMES[0] ? NAMES[k] : "?";
}

/* World coordinates of a position: the landblock's offset (x, y bytes of the cell id × 192 m)
 * plus the origin. */
static void world_xyz(const acp_replay_pos *p, double out[3])
{
    out[0] = (double)((p->cell >> 24) & 0xFFu) * 192.0 + (double)p->origin[0];
    out[1] = (double)((p->cell >> 16) & 0xFFu) * 192.0 + (double)p->origin[1];
    out[2] = (double)p->origin[2];
}

double acp_replay_distance(const acp_replay_pos *a, const acp_replay_pos *b)
{
    double pa[3], pb[3];
    world_xyz(a, pa);
    world_xyz(b, pb);
    double dx = pa[0] - pb[0], dy = pa[1] - pb[1], dz = pa[2] - pb[2];
    return sqrt(dx * dx + dy * dy + dz * dz);
}

double acp_replay_heading(const float q[4])
{
    acp_frame f;
    memset(&f, 0, sizeof f);
    acp_frame_set_rotate(&f, q[0], q[1], q[2], q[3]);
    return acp_frame_get_heading(&f);
}

bool acp_replay_pos_valid(const acp_replay_pos *p)
{
    uint32_t low = p->cell & 0xFFFFu;
    if (!acp_landdefs_inbound_valid_cellid(p->cell) || low >= 0xFFFEu) return false;
    acp_frame f = acp_frame_identity();
    f.qw = p->q[0], f.qx = p->q[1], f.qy = p->q[2], f.qz = p->q[3]; /* as given, as the decoder keeps it */
    acp_frame_cache(&f);
    return acp_frame_is_valid(&f);
}

/* A one-object scenario with one "set_state" event, as a tree. */
static bool set_member(acp_jsonv_doc *d, acp_jsonv_member *m, const char *key, acp_jsonv v)
{
    m->key = acp_jsonv_copy_string(d, key, (uint32_t)strlen(key));
    m->key_len = (uint32_t)strlen(key);
    m->value = v;
    return m->key != NULL;
}

static acp_jsonv num(double v) { return (acp_jsonv){.type = ACP_JSONV_NUMBER, .number = v}; }

static acp_jsonv object_of(acp_jsonv_doc *d, uint32_t n, const char *const *keys, const acp_jsonv *values, bool *ok)
{
    acp_jsonv o = {.type = ACP_JSONV_OBJECT, .count = n, .members = acp_jsonv_alloc_members(d, n)};
    *ok = *ok && o.members;
    for (uint32_t i = 0; *ok && i < n; i++) *ok = set_member(d, &o.members[i], keys[i], values[i]);
    return o;
}

static acp_jsonv array_of(acp_jsonv_doc *d, uint32_t n, const acp_jsonv *values, bool *ok)
{
    acp_jsonv a = {.type = ACP_JSONV_ARRAY, .count = n, .items = acp_jsonv_alloc_items(d, n)};
    *ok = *ok && a.items;
    for (uint32_t i = 0; *ok && i < n; i++) a.items[i] = values[i];
    return a;
}

bool acp_replay_scenario_has_set_state(void)
{
    acp_jsonv_doc *d = acp_jsonv_doc_create();
    bool ok = d != NULL;
    if (!ok) return false;
    acp_jsonv origin[3] = {num(1), num(1), num(1)};
    acp_jsonv pos[2] = {num(0x01010001u), array_of(d, 3, origin, &ok)};
    acp_jsonv obj[2] = {num(1), object_of(d, 2, (const char *const[]){"cell", "origin"}, pos, &ok)};
    acp_jsonv objects = object_of(d, 2, (const char *const[]){"id", "position"}, obj, &ok);
    acp_jsonv ev[3] = {num(0), num(1), num(0x00400408u)};
    acp_jsonv event = object_of(d, 3, (const char *const[]){"t", "object", "set_state"}, ev, &ok);
    acp_jsonv one = num(1);
    acp_jsonv frames = object_of(d, 1, (const char *const[]){"times"}, &(acp_jsonv){0}, &ok);
    if (ok) frames.members[0].value = array_of(d, 1, &one, &ok);
    acp_jsonv top[4] = {num(1), array_of(d, 1, &objects, &ok), array_of(d, 1, &event, &ok), frames};
    acp_jsonv root = object_of(d, 4, (const char *const[]){"version", "objects", "events", "frames"}, top, &ok);
    acp_scenario sc;
    acp_scenario_error err;
    bool has = ok && acp_scenario_decode(&root, &sc, &err);
    if (has) acp_scenario_free(&sc);
    acp_jsonv_doc_destroy(d);
    return has;
}

bool acp_replay_has_record(void *excerpts, uint32_t id)
{
    const acp_excerpts *ex = excerpts;
    switch (id >> 24) {
    case 0x02: return acp_excerpts_setup(ex, id) != NULL;
    case 0x09: return acp_excerpts_motion_table(ex, id) != NULL;
    default: return false;
    }
}

