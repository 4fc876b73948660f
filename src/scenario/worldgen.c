/* acphys — random worlds for the shortcut-free twin (worldgen.h). Not retail: a test generator. */
#include "worldgen.h"
#include "worldgen_cells.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the random source: the bytes first, then xorshift32 ---- */

/* A cottage of the world: the default one (0) and those the world adds (worldgen_cells.c). */
typedef struct cottage {
    double x, y, c, s; /* origin and the cos and sin of its heading about z */
    uint32_t cell;     /* its EnvCell */
} cottage;

#define MAX_COTTAGES 4

typedef struct gen {
    const uint8_t *bytes;
    size_t size, at;
    uint32_t x;
    char *text;
    size_t len, cap;
    bool failed;
    uint32_t num_cottages;
    cottage cottages[MAX_COTTAGES];
} gen;

static uint32_t next32(gen *g)
{
    if (g->at + 4 <= g->size) {
        const uint8_t *b = g->bytes + g->at;
        g->at += 4;
        return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
    }
    g->x ^= g->x << 13;
    g->x ^= g->x >> 17;
    g->x ^= g->x << 5;
    return g->x;
}

/* An integer in [lo, hi]. */
static int32_t irange(gen *g, int32_t lo, int32_t hi)
{
    if (hi <= lo) return lo;
    return lo + (int32_t)(next32(g) % (uint32_t)(hi - lo + 1));
}

/* A number in [lo, hi] in steps of 1/1000 (exact in the text, the same on every platform). */
static double milli(gen *g, double lo, double hi)
{
    return (double)irange(g, (int32_t)(lo * 1000.0), (int32_t)(hi * 1000.0)) / 1000.0;
}

static bool chance(gen *g, uint32_t percent) { return next32(g) % 100u < percent; }

/* ---- the text ---- */

static void out(gen *g, const char *fmt, ...)
{
    if (g->failed) return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(g->text + g->len, g->cap - g->len, fmt, ap);
        va_end(ap);
        if (n < 0) {
            g->failed = true;
            return;
        }
        if ((size_t)n < g->cap - g->len) {
            g->len += (size_t)n;
            return;
        }
        size_t cap = g->cap * 2 + (size_t)n;
        char *t = realloc(g->text, cap);
        if (!t) {
            g->failed = true;
            return;
        }
        g->text = t;
        g->cap = cap;
    }
}

/* ---- the world (the default excerpts: docs/DAT.md, scripts/gen-buildings.mjs) ---- */

#define HOLTBURG 0xA9B40000u
#define COTTAGE_CELL 0xA9B40100u
/* The cottage's frame in landblock 0xA9B4: origin (120, 24, 94), heading the quaternion
 * (0.468932, 0, 0, -0.883235): cos and sin of its angle about z (qw² − qz², 2·qw·qz). */
#define COTTAGE_X 120.0
#define COTTAGE_Y 24.0
#define GROUND_Z 94.0
#define COTTAGE_C (-0.560207)
#define COTTAGE_S (-0.828357)

typedef struct place {
    uint32_t cell;
    double x, y, z;
} place;

/* The outdoor cell of Holtburg holding (x, y) (0..192 m). */
static uint32_t outdoor_cell(double x, double y)
{
    int cx = (int)(x / 24.0), cy = (int)(y / 24.0);
    if (cx < 0) cx = 0;
    if (cy < 0) cy = 0;
    if (cx > 7) cx = 7;
    if (cy > 7) cy = 7;
    return HOLTBURG | (uint32_t)(cx * 8 + cy + 1);
}

/* One of the world's cottages (no draw when there is only the default one: the worlds without
 * added buildings stay as they were). */
static const cottage *pick_cottage(gen *g)
{
    return &g->cottages[g->num_cottages > 1 ? irange(g, 0, (int32_t)g->num_cottages - 1) : 0];
}

/* A point of a cottage's frame (metres from its origin along its axes) in the landblock. */
static place cottage_point(const cottage *k, double lx, double ly, double z)
{
    place p;
    p.x = k->x + lx * k->c - ly * k->s;
    p.y = k->y + lx * k->s + ly * k->c;
    p.z = z;
    p.cell = outdoor_cell(p.x, p.y);
    return p;
}

/* Somewhere on the flat plateau around the cottage and the tree (x 72..168, y 0..48 at z 94). */
static place plateau_point(gen *g)
{
    if (chance(g, 60)) {
        /* around the cottage: its frame, clear of the walls or not (the sweep decides) */
        const cottage *k = pick_cottage(g);
        double lx = milli(g, -12, 12), ly = milli(g, -12, 12), z = milli(g, 0, 0.5);
        return cottage_point(k, lx, ly, GROUND_Z + z);
    }
    double x = milli(g, 100, 150), y = milli(g, 2, 46);
    place p = {outdoor_cell(x, y), x, y, GROUND_Z + milli(g, 0, 0.5)};
    return p;
}

/* Inside the cottage's footprint (x ±3.7, y ±2.7 inside), through its doorway (x ±0.8 in the
 * −y wall) or hugging its walls: the ground under a building's EnvCell. */
static place footprint_point(gen *g, double z)
{
    static const double BOX[4][4] = {
        {-3.5, 3.5, -2.5, 2.5},  /* inside */
        {-1.0, 1.0, -3.8, -2.2}, /* the doorway */
        {-4.6, 4.6, -3.6, -3.0}, /* the front wall */
        {-3.7, 3.7, 1.5, 2.7},   /* the stairs and the hearth */
    };
    const cottage *k = pick_cottage(g);
    const double *b = BOX[chance(g, 50) ? 0 : irange(g, 1, 3)]; /* inside, half of the time */
    double lx = milli(g, b[0], b[1]);
    double ly = milli(g, b[2], b[3]);
    return cottage_point(k, lx, ly, z);
}

static const uint32_t DUNGEON_CELLS[] = {0x3A11012Au, 0x3A11012Bu, 0x3A11012Cu, 0x3A11012Du};
static const double DUNGEON_X0[] = {62.0, 72.0, 82.0, 90.0};
static const double DUNGEON_LEN[] = {10.0, 10.0, 8.0, 10.0};

static place dungeon_point(gen *g)
{
    int i = irange(g, 0, 3);
    place p;
    p.cell = DUNGEON_CELLS[i];
    p.x = DUNGEON_X0[i] + milli(g, 0.6, DUNGEON_LEN[i] - 0.6);
    p.y = milli(g, 114.2, 117.8);
    p.z = milli(g, -40.0, -37.0);
    return p;
}

/* ---- objects ---- */

enum kind {
    K_RUNNER,     /* humanoid or drudge outdoors, moving by motions */
    K_MISSILE,    /* a missile flying over the plateau or down the corridor */
    K_VERTICAL,   /* dropped or lifted straight along z over the cottage (D1) */
    K_INDOOR,     /* a humanoid in the cottage's EnvCell */
    K_DUNGEON,    /* a humanoid or missile in the dungeon's cells */
    K_REMOTE,     /* driven by UpdatePositions */
    K_SCRIPTED,   /* playing scripts (particles) */
    K_KINDS
};

#define MAX_OBJECTS 10
#define STYLE "0x8000003D"

typedef struct object {
    uint32_t id;
    enum kind kind;
    bool humanoid, drudge, missile;
    place at;
    double enter_at; /* as printed; its events come no earlier (the runner refuses those) */
} object;

static void print_place(gen *g, const place *p)
{
    out(g, "{\"cell\": \"0x%08X\", \"origin\": [%.4f, %.4f, %.4f]", p->cell, p->x, p->y, p->z);
}

/* A unit quaternion about z (w, 0, 0, z) from a table of headings (no libm). */
static void print_heading(gen *g)
{
    static const double Q[][2] = {{1, 0}, {0.923880, 0.382683}, {0.707107, 0.707107}, {0.382683, 0.923880},
                                  {0, 1}, {0.468932, -0.883235}, {0.707107, -0.707107}, {0.923880, -0.382683}};
    int i = irange(g, 0, 7);
    out(g, ", \"orientation\": [%.6f, 0, 0, %.6f]", Q[i][0], Q[i][1]);
}

static void print_object(gen *g, object *o)
{
    const bool frame_placed = o->kind == K_VERTICAL ? chance(g, 70) : o->missile && chance(g, 50);
    uint32_t state;
    out(g, "    {\"id\": %u, \"name\": \"gen-%u\"", o->id, o->id);
    if (o->humanoid) {
        state = 0x00400408u; /* EdgeSlide | Gravity | ReportCollisions */
        out(g, ", \"setup\": \"0x02000001\", \"motion_table\": \"0x09000001\"");
    } else if (o->drudge) {
        state = 0x00000408u;
        out(g, ", \"setup\": \"0x020007DD\", \"motion_table\": \"0x09000008\"");
    } else {
        state = 0x00020748u; /* ReportCollisions | Missile | AlignPath | PathClipped | Gravity | Inelastic */
        out(g, ", \"setup\": \"0x%s\"", chance(g, 50) ? "0200012A" : "0200054B");
    }
    if (o->kind == K_VERTICAL) {
        if (chance(g, 30)) state |= 0x4u;        /* ETHEREAL */
        if (chance(g, 20)) state &= ~0x400u;     /* no gravity */
        if (chance(g, 10)) state |= 0x10u;       /* IGNORE_COLLISIONS */
    }
    if (chance(g, 10)) state |= 0x80u; /* PUSHABLE */
    out(g, ", \"physics_state\": \"0x%08X\", \"position\": ", state);
    print_place(g, &o->at);
    print_heading(g);
    out(g, "}");
    if (frame_placed) {
        out(g, ", \"placement\": \"frame\"");
        if (chance(g, 30)) {
            unsigned ts = chance(g, 50) ? 0x81u : 0x80u;
            out(g, ", \"transient_state\": \"0x%08X\"", ts);
        }
    }
    if (o->kind == K_VERTICAL) {
        out(g, ", \"velocity\": [0, 0, %.3f]", milli(g, -25, 10));
    } else if (o->missile) {
        double vx = milli(g, -30, 30), vy = milli(g, -30, 30), vz = milli(g, -3, 6);
        out(g, ", \"velocity\": [%.3f, %.3f, %.3f]", vx, vy, vz);
    }
    if (chance(g, 15)) out(g, ", \"omega\": [0, 0, %.3f]", milli(g, -3, 3));
    if (chance(g, 15)) out(g, ", \"scale\": %.3f", milli(g, 0.5, 2.0));
    if (chance(g, 20)) out(g, ", \"friction\": %.3f", milli(g, 0, 1));
    if (chance(g, 20)) out(g, ", \"elasticity\": %.3f", milli(g, 0, 0.1));
    if (o->humanoid && chance(g, 50)) out(g, ", \"run_rate\": %.3f", milli(g, 1, 3));
    if (chance(g, 10)) {
        o->enter_at = milli(g, -0.5, 0.5);
        out(g, ", \"enter_at\": %.3f", o->enter_at);
    }
    out(g, "}");
}

/* ---- events ---- */

typedef struct events {
    gen *g;
    bool first;
} events;

static void event_head(events *e, double t, const object *o)
{
    if (t < o->enter_at) t = o->enter_at; /* an event for an object comes once it is in the world */
    out(e->g, "%s    {\"t\": %.3f, \"object\": %u, ", e->first ? "" : ",\n", t, o->id);
    e->first = false;
}

static void motion_event(events *e, double t, const object *o)
{
    gen *g = e->g;
    event_head(e, t, o);
    if (o->humanoid && chance(g, 30)) {
        /* input as the keyboard makes it */
        static const char *const FWD[] = {"0x45000005", "0x45000006", "0x44000007"};
        const char *cmd = FWD[irange(g, 0, 2)];
        double speed = milli(g, 0.5, 1.5);
        out(g, "\"raw_motion\": {\"forward_command\": \"%s\", \"forward_speed\": %.3f", cmd, speed);
        if (chance(g, 50)) {
            cmd = chance(g, 50) ? "0x6500000D" : "0x6500000E";
            speed = milli(g, 0.5, 1.5);
            out(g, ", \"turn_command\": \"%s\", \"turn_speed\": %.3f", cmd, speed);
        }
        if (chance(g, 30)) {
            cmd = chance(g, 50) ? "0x6500000F" : "0x65000010";
            speed = milli(g, 0.5, 1.5);
            out(g, ", \"sidestep_command\": \"%s\", \"sidestep_speed\": %.3f", cmd, speed);
        }
        out(g, ", \"hold_run\": %s}}", chance(g, 50) ? "true" : "false");
        return;
    }
    out(g, "\"motion\": {\"style\": \"" STYLE "\"");
    if (chance(g, 80)) {
        const char *cmd = chance(g, 70) ? "0x44000007" : "0x45000005";
        double speed = milli(g, 0.5, 3.0);
        out(g, ", \"forward_command\": \"%s\", \"forward_speed\": %.3f", cmd, speed);
    }
    if (chance(g, 50)) out(g, ", \"turn_command\": \"0x6500000D\", \"turn_speed\": %.3f", milli(g, -2.0, 2.0));
    if (chance(g, 20)) out(g, ", \"sidestep_command\": \"0x6500000F\", \"sidestep_speed\": %.3f", milli(g, -1.5, 1.5));
    out(g, "}}");
}

static void server_position_event(events *e, double t, const object *o)
{
    gen *g = e->g;
    event_head(e, t, o);
    place p = o->at;
    p.x += milli(g, -6, 6);
    p.y += milli(g, -6, 6);
    if (p.cell >> 16 == HOLTBURG >> 16) p.cell = outdoor_cell(p.x, p.y);
    out(g, "\"server_position\": ");
    print_place(g, &p);
    print_heading(g);
    out(g, ", \"contact\": %s", chance(g, 85) ? "true" : "false");
    if (chance(g, 10)) out(g, ", \"teleport_timestamp\": %d", irange(g, 0, 3));
    out(g, "}}");
}

static void move_to_event(events *e, double t, const object *o, const object *objs, uint32_t n)
{
    gen *g = e->g;
    const object *target = &objs[irange(g, 0, (int32_t)n - 1)];
    event_head(e, t, o);
    int type = irange(g, 0, 3);
    if (target->id == o->id && (type == 0 || type == 2)) type = 3;
    switch (type) {
    case 0: out(g, "\"move_to\": {\"type\": \"move_to_object\", \"target\": %u", target->id); break;
    case 1: {
        place p = o->at;
        p.x += milli(g, -10, 10);
        p.y += milli(g, -10, 10);
        if (p.cell >> 16 == HOLTBURG >> 16) p.cell = outdoor_cell(p.x, p.y);
        out(g, "\"move_to\": {\"type\": \"move_to_position\", \"position\": ");
        print_place(g, &p);
        print_heading(g);
        out(g, "}");
        break;
    }
    case 2: out(g, "\"move_to\": {\"type\": \"turn_to_object\", \"target\": %u", target->id); break;
    default: out(g, "\"move_to\": {\"type\": \"turn_to_heading\", \"heading\": %.3f", milli(g, 0, 359)); break;
    }
    double distance = milli(g, 0.2, 3);
    bool sticky = chance(g, 40), charge = chance(g, 50), final_heading = chance(g, 30);
    out(g, ", \"params\": {\"distance_to_object\": %.3f, \"sticky\": %s, \"can_charge\": %s, \"use_final_heading\": %s}}}",
        distance, sticky ? "true" : "false", charge ? "true" : "false", final_heading ? "true" : "false");
}

static void object_events(events *e, const object *o, const object *objs, uint32_t n, double duration)
{
    gen *g = e->g;
    if (o->humanoid || o->drudge) {
        /* a first motion at the start, then a few more */
        if (o->kind != K_VERTICAL || chance(g, 50)) motion_event(e, 0, o);
    }
    uint32_t count = (uint32_t)irange(g, 0, 5);
    for (uint32_t i = 0; i < count; i++) {
        double t = milli(g, 0, duration);
        int what = irange(g, 0, 9);
        if (o->kind == K_REMOTE && what < 5) {
            server_position_event(e, t, o);
            continue;
        }
        if (o->kind == K_SCRIPTED && what < 5) {
            event_head(e, t, o);
            if (chance(g, 50)) {
                static const char *const S[] = {"0x3300F001", "0x3300F010", "0x3300F011"};
                out(g, "\"play_script\": {\"script\": \"%s\"}}", S[irange(g, 0, 2)]);
            } else {
                int type = irange(g, 0, 3);
                double mod = milli(g, 0, 1);
                out(g, "\"play_script\": {\"type\": %d, \"mod\": %.3f}}", type, mod);
            }
            continue;
        }
        switch (what) {
        case 0:
        case 1:
        case 2:
            if (o->humanoid || o->drudge) motion_event(e, t, o);
            break;
        case 3:
            if (!o->humanoid && !o->drudge) break; /* a jump needs a motion table */
            event_head(e, t, o);
            out(g, "\"jump\": {\"extent\": %.3f}}", milli(g, 0, 1));
            break;
        case 4:
            event_head(e, t, o);
        {
            double vx = chance(g, 50) ? 0.0 : milli(g, -10, 10);
            double vy = chance(g, 50) ? 0.0 : milli(g, -10, 10);
            double vz = milli(g, -15, 10);
            out(g, "\"set_velocity\": [%.3f, %.3f, %.3f]}", vx, vy, vz);
        }
            break;
        case 5:
            if (o->humanoid || o->drudge) move_to_event(e, t, o, objs, n);
            break;
        case 6: {
            const object *target = &objs[irange(g, 0, (int32_t)n - 1)];
            if (target->id == o->id) break;
            event_head(e, t, o);
            out(g, "\"stick_to\": {\"target\": %u}}", target->id);
            break;
        }
        case 7:
            event_head(e, t, o);
            out(g, "\"unstick\": true}");
            break;
        case 8: {
            event_head(e, t, o);
            place p = o->at;
            out(g, "\"constrain_to\": {\"position\": ");
            print_place(g, &p);
            double start = milli(g, 0, 2);
            out(g, "}, \"start_distance\": %.3f, \"max_distance\": %.3f}}", start, start + milli(g, 0.1, 3));
            break;
        }
        default:
            event_head(e, t, o);
            out(g, "\"unconstrain\": true}");
            break;
        }
    }
}

/* ---- frames ---- */

static const char *const PROFILES[] = {"retail", "acdream-r6", "ace", "render-frame"};

/* Generated frames, or explicit times: steps of 1 to 200 ms, now and then backwards or a gap. */
static double print_frames(gen *g)
{
    if (chance(g, 40)) {
        static const int HZ[] = {20, 30, 60, 75, 144, 240};
        int hz = HZ[irange(g, 0, 5)];
        int count = irange(g, 20, 120);
        double start = milli(g, 0, 1);
        out(g, "  \"frames\": {\"hz\": %d, \"count\": %d, \"start\": %.3f", hz, count, start);
        if (chance(g, 70)) {
            int jseed = irange(g, 1, 100000);
            double ms = milli(g, 0, 8);
            out(g, ", \"jitter\": {\"seed\": %d, \"ms\": %.3f}", jseed, ms);
        }
        out(g, "}\n");
        return start + (double)count / hz;
    }
    int count = irange(g, 20, 120);
    double t = 0;
    out(g, "  \"frames\": {\"times\": [");
    for (int i = 0; i < count; i++) {
        int r = irange(g, 0, 99);
        if (r < 4) t -= milli(g, 0.001, 0.3);           /* a clock that goes back */
        else if (r < 7) t += milli(g, 0.5, 3);           /* a stall */
        else if (r < 10) t += 0;                          /* the same time again */
        else t += milli(g, 0.001, 0.2);
        out(g, "%s%.6f", i ? ", " : "", t);
    }
    out(g, "]}\n");
    return t > 0 ? t : 1;
}

/* ---- the scenario ---- */

static void make_object(gen *g, object *o, uint32_t id)
{
    memset(o, 0, sizeof *o);
    o->id = id;
    o->kind = (enum kind)irange(g, 0, K_KINDS - 1);
    if (chance(g, 25)) o->kind = K_VERTICAL; /* the sweeps D1 is about, more often */
    else if (chance(g, 25)) o->kind = K_INDOOR; /* and someone in the EnvCell to meet */
    int body = irange(g, 0, 9);
    o->humanoid = body < 6;
    o->drudge = body >= 6 && body < 8;
    o->missile = body >= 8;
    switch (o->kind) {
    case K_MISSILE:
        o->humanoid = o->drudge = false;
        o->missile = true;
        o->at = chance(g, 30) ? dungeon_point(g) : plateau_point(g);
        if (o->at.cell >> 16 == HOLTBURG >> 16) o->at.z += milli(g, 0.2, 3);
        break;
    case K_VERTICAL: {
        /* Two thirds of them 1 to 2.5 m under the floor: lifted along z by the terrain into the
         * EnvCell's reach (the sweeps of audit D1); the others dropped or thrown up through and
         * beside it. */
        double z = chance(g, 65) ? milli(g, -2.5, -1.0) : milli(g, -1.0, 8);
        o->at = footprint_point(g, GROUND_Z + z);
        break;
    }
    case K_INDOOR:
        o->humanoid = true;
        o->drudge = o->missile = false;
    {
        const cottage *k = pick_cottage(g);
        double lx = milli(g, -3.0, 3.0), ly = milli(g, -2.2, 2.2), z = milli(g, 0, 0.7);
        o->at = cottage_point(k, lx, ly, GROUND_Z + z);
        o->at.cell = k->cell;
    }
        break;
    case K_DUNGEON: o->at = dungeon_point(g); break;
    case K_REMOTE:
    case K_SCRIPTED:
        o->humanoid = true;
        o->drudge = o->missile = false;
        o->at = plateau_point(g);
        break;
    default:
        if (o->missile) {
            o->missile = false;
            o->humanoid = true;
        }
        o->at = plateau_point(g);
        break;
    }
}

/* Headings of the added cottages and statics: (w, z) of unit quaternions about z. */
static const double HEADINGS[][2] = {{1, 0}, {0.923880, 0.382683}, {0.707107, 0.707107}, {0.382683, 0.923880},
                                     {0, 1}, {0.468932, -0.883235}, {0.707107, -0.707107}, {0.923880, -0.382683}};

/* Added cottages and statics on the plateau (x 80..160, y 6..42, z 94), drawn before anything
 * else; their cell DAT excerpt into *cells. False when out of memory. */
static bool add_cottages(gen *g, uint8_t **cells, size_t *cells_size)
{
    acp_worldgen_building extra[MAX_COTTAGES - 1];
    acp_aframe statics[4];
    uint32_t n = (uint32_t)irange(g, 1, MAX_COTTAGES - 1), m = (uint32_t)irange(g, 0, 4);
    for (uint32_t i = 0; i < n; i++) {
        const double *q = HEADINGS[irange(g, 0, 7)];
        double x = milli(g, 80, 160), y = milli(g, 6, 42);
        acp_aframe f = {{(float)x, (float)y, (float)GROUND_Z}, (float)q[0], 0.0f, 0.0f, (float)q[1]};
        extra[i].frame = f;
        extra[i].cell = COTTAGE_CELL + 1 + i;
        cottage *k = &g->cottages[g->num_cottages++];
        /* The frame's own floats decide where it stands: the cottage's axes from them. */
        const double w = f.qw, z = f.qz;
        *k = (cottage){f.origin.x, f.origin.y, w * w - z * z, 2.0 * w * z, extra[i].cell};
    }
    for (uint32_t i = 0; i < m; i++) {
        const double *q = HEADINGS[irange(g, 0, 7)];
        double x = milli(g, 75, 165), y = milli(g, 3, 45);
        statics[i] = (acp_aframe){{(float)x, (float)y, (float)GROUND_Z}, (float)q[0], 0.0f, 0.0f, (float)q[1]};
    }
    *cells = acp_worldgen_cells_dat(extra, n, statics, m, 0x0200F300u, cells_size);
    return *cells != NULL;
}

char *acp_worldgen(uint32_t seed, const uint8_t *bytes, size_t size, size_t *len)
{
    return acp_worldgen_ex(seed, bytes, size, NULL, len, NULL, NULL);
}

char *acp_worldgen_ex(uint32_t seed, const uint8_t *bytes, size_t size, const char *cells_name, size_t *len,
                      uint8_t **cells, size_t *cells_size)
{
    gen g;
    memset(&g, 0, sizeof g);
    g.bytes = bytes;
    g.size = size;
    g.x = seed ? seed : 0x9E3779B9u;
    g.num_cottages = 1;
    g.cottages[0] = (cottage){COTTAGE_X, COTTAGE_Y, COTTAGE_C, COTTAGE_S, COTTAGE_CELL};
    if (cells) *cells = NULL;
    if (cells_name && cells && cells_size && chance(&g, 50) && !add_cottages(&g, cells, cells_size)) return NULL;
    g.cap = 4096;
    g.text = malloc(g.cap);
    if (!g.text) {
        if (cells) {
            free(*cells);
            *cells = NULL;
        }
        return NULL;
    }
    g.text[0] = '\0';

    object objs[MAX_OBJECTS];
    uint32_t n = (uint32_t)irange(&g, 1, MAX_OBJECTS);
    for (uint32_t i = 0; i < n; i++) make_object(&g, &objs[i], i + 1);
    const char *profile = PROFILES[irange(&g, 0, 3)];

    out(&g, "{\n  \"version\": 1,\n  \"name\": \"worldgen-%u\",\n", seed);
    out(&g, "  \"description\": \"A random world of src/scenario/worldgen.c (seed %u, %zu bytes): "
            "run with and without the shortcuts (docs/SHORTCUTS.md), the traces must be identical.\",\n",
        seed, size);
    out(&g, "  \"profile\": \"%s\",\n  \"excerpts\": [\"default\"", profile);
    if (cells && *cells) out(&g, ", \"%s\"", cells_name); /* its LandBlockInfo replaces the default one */
    out(&g, "],\n");
    if (chance(&g, 80)) out(&g, "  \"player\": %u,\n", objs[irange(&g, 0, (int32_t)n - 1)].id);
    out(&g, "  \"objects\": [\n");
    for (uint32_t i = 0; i < n; i++) {
        print_object(&g, &objs[i]);
        out(&g, i + 1 < n ? ",\n" : "\n");
    }
    out(&g, "  ],\n");
    /* The frames decide the events' times: write them into a second text, then join. */
    gen frames = g;
    frames.text = malloc(256);
    frames.cap = 256;
    frames.len = 0;
    if (!frames.text) {
        free(g.text);
        if (cells) {
            free(*cells);
            *cells = NULL;
        }
        return NULL;
    }
    double duration = print_frames(&frames);
    g.at = frames.at;
    g.x = frames.x;
    g.failed |= frames.failed;
    out(&g, "  \"events\": [\n");
    events e = {&g, true};
    for (uint32_t i = 0; i < n; i++) object_events(&e, &objs[i], objs, n, duration);
    out(&g, "\n  ],\n%s}\n", frames.failed ? "" : frames.text);
    free(frames.text);
    if (g.failed) {
        free(g.text);
        if (cells) {
            free(*cells);
            *cells = NULL;
        }
        return NULL;
    }
    *len = g.len;
    return g.text;
}
