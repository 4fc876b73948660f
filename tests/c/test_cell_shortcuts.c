/* acphys C tests — the terrain sweep's cell-list shortcuts of issue 39 against retail's road:
 * S23 (acp_landcell_spheres_inside_cell: when it says yes, CLandCell::add_all_outside_cells
 * 0x00533630 on an empty array adds the check cell alone) and S25
 * (acp_landcell_point_in_cell_memo: the sweep's terrain polygon memo answers
 * CLandCell::point_in_cell 0x00532D40 as find_terrain_poly does). Boundaries: sphere centres
 * a few float steps either side of r and of (float)(24 − r) from the cell's edges, radii about
 * EPSILON and 12 m, cells at the world's edge, invalid cell parts, NaN and infinite inputs;
 * points on and beside the triangles' diagonal and the cells' edges. */
#include <math.h>
#include <string.h>

#include "base/shortcuts.h"
#include "physics/cell/landcell.h"
#include "physics/cell/terrain.h"
#include "physics/world/transition.h"
#include "terrain_helpers.h"
#include "test.h"

static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static double rng_in(uint64_t *s, double lo, double hi) { return lo + (hi - lo) * (double)(rng_next(s) >> 11) * 0x1p-53; }

/* v moved k float steps (k may be negative). */
static float steps(float v, int k)
{
    for (; k > 0; k--) v = nextafterf(v, INFINITY);
    for (; k < 0; k++) v = nextafterf(v, -INFINITY);
    return v;
}

/* A coordinate for a sphere of radius r in cell column (or row) c: about one of its edges, or
 * anywhere. */
static float pick_coord(uint64_t *s, int c, float r)
{
    const float max_rad = (float)(24.0 - r);
    const int k = (int)(rng_next(s) % 9u) - 4;
    switch (rng_next(s) % 7u) {
    case 0: return steps((float)(24.0 * c + r), k);           /* at r inside the low edge */
    case 1: return steps((float)(24.0 * c + max_rad), k);     /* at r inside the high edge */
    case 2: return steps((float)(24.0 * c), k);               /* on the low edge */
    case 3: return steps((float)(24.0 * c + 24.0), k);        /* on the high edge */
    case 4: return (float)rng_in(s, 24.0 * c - 30.0, 24.0 * c + 54.0);
    case 5: return (float)rng_in(s, -200.0, 400.0);
    default: return (float)rng_in(s, 24.0 * c + 0.5, 24.0 * c + 23.5); /* inside */
    }
}

static float pick_radius(uint64_t *s)
{
    static const float R[] = {0.0f, 1e-5f, 0.000199f, (float)ACP_F_EPSILON, 0.000201f, 0.1f, 0.35f, 0.48f, 1.0f,
                              2.5f, 11.9f, 12.0f, 12.1f, 30.0f, -0.5f};
    return (rng_next(s) % 3u) ? R[rng_next(s) % (sizeof R / sizeof R[0])] : (float)rng_in(s, 0.05, 3.0);
}

static uint32_t pick_cell_id(uint64_t *s)
{
    static const uint32_t BLOCKS[] = {0xA9B40000u, 0x00000000u, 0xFEFE0000u, 0xFFA00000u, 0xA0FF0000u, 0x7F010000u};
    uint32_t block = (rng_next(s) % 4u) ? 0xA9B40000u : BLOCKS[rng_next(s) % 6u];
    uint32_t r = (uint32_t)(rng_next(s) % 40u);
    uint32_t part = r < 36u ? 1u + (uint32_t)(rng_next(s) % 64u) : (r == 36u ? 0u : r == 37u ? 0x41u : r == 38u ? 0x100u : 0xFFFFu);
    return block | part;
}

/* S23: wherever the pre-test says the spheres lie inside the check cell, retail's road
 * (add_all_outside_cells on an empty array, as find_cell_list calls it) adds exactly that cell. */
static void spheres_inside_cell_agrees_with_add_all_outside_cells(void)
{
    acp_terrain *terrain = acp_terrain_create(1); /* no landblocks: every cell pointer NULL both ways */
    uint64_t seed = 0x5323u;
    int inside = 0, boundary_inside = 0, outside_one_cell = 0;
    for (int n = 0; n < 400000; n++) {
        const uint32_t id = pick_cell_id(&seed);
        const uint32_t part = id & 0xFFFFu;
        const int col = part >= 1u && part <= 64u ? (int)((part - 1u) >> 3) : 3;
        const int row = part >= 1u && part <= 64u ? (int)((part - 1u) & 7u) : 5;
        acp_sphere sph[2];
        const uint32_t num = 1u + (uint32_t)(rng_next(&seed) % 2u);
        for (uint32_t i = 0; i < num; i++) {
            sph[i].radius = pick_radius(&seed);
            sph[i].center.x = pick_coord(&seed, col, sph[i].radius);
            sph[i].center.y = pick_coord(&seed, row, sph[i].radius);
            sph[i].center.z = (float)rng_in(&seed, -10.0, 200.0);
        }
        if (num == 2 && rng_next(&seed) % 2u) { /* a humanoid's stacked spheres */
            sph[1].center.x = sph[0].center.x;
            sph[1].center.y = sph[0].center.y;
        }
        if (rng_next(&seed) % 500u == 0) sph[rng_next(&seed) % num].center.x = (rng_next(&seed) % 2u) ? NAN : INFINITY;
        if (rng_next(&seed) % 500u == 0) sph[rng_next(&seed) % num].radius = NAN;
        const bool pre = acp_landcell_spheres_inside_cell(id, num, sph);
        acp_cell_array ca;
        acp_cell_array_init(&ca);
        acp_position p = {id, acp_frame_identity()};
        acp_landcell_add_all_outside_cells(terrain, &p, num, sph, &ca);
        const bool one_cell = ca.num_cells == 1u && ca.cells[0].cell_id == id && ca.dropped == 0u;
        if (pre) {
            ENSURE(one_cell);
            if (!one_cell) return;
            ENSURE(ca.cells[0].cell == acp_terrain_get_landcell(terrain, id));
            inside++;
            const double dx = (double)sph[0].center.x - 24.0 * col;
            if (dx == (double)sph[0].radius || dx == (double)(float)(24.0 - sph[0].radius)) boundary_inside++;
        } else if (one_cell) {
            outside_one_cell++; /* a sphere within r of an edge, where retail still adds nothing else */
        }
    }
    /* Not vacuous: many cases inside, some exactly at the boundary tests' limits. */
    ENSURE(inside > 10000); /* 13,912 of them */
    ENSURE(boundary_inside > 100); /* 453 */
    (void)outside_one_cell;
    acp_terrain_destroy(terrain);
}

/* S23: the pre-test refuses what it cannot prove (each case would add the cell alone if the
 * refused condition were ignored, or may not). */
static void spheres_inside_cell_refuses(void)
{
    acp_sphere s = {{36.0f, 60.0f, 1.0f}, 0.5f}; /* cell (1, 2): id part 1·8 + 2 + 1 = 11 */
    ENSURE(acp_landcell_spheres_inside_cell(0xA9B4000Bu, 1, &s));
    ENSURE(!acp_landcell_spheres_inside_cell(0xA9B4000Cu, 1, &s)); /* not this cell */
    ENSURE(!acp_landcell_spheres_inside_cell(0xA9B4000Bu, 0, &s)); /* no sphere */
    ENSURE(!acp_landcell_spheres_inside_cell(0xA9B40100u, 1, &s)); /* an EnvCell id */
    ENSURE(!acp_landcell_spheres_inside_cell(0xA9B40041u, 1, &s)); /* an invalid cell part */
    ENSURE(!acp_landcell_spheres_inside_cell(0xFFB4000Bu, 1, &s)); /* off the world (x lcoord 2041) */
    acp_sphere t = s;
    t.radius = 0.0001f; /* under EPSILON */
    ENSURE(!acp_landcell_spheres_inside_cell(0xA9B4000Bu, 1, &t));
    t.radius = -0.5f;
    ENSURE(!acp_landcell_spheres_inside_cell(0xA9B4000Bu, 1, &t));
    t = s;
    t.center.x = 24.5f; /* exactly r inside the low edge: accepted (retail: pt_x = r, not < r) */
    ENSURE(acp_landcell_spheres_inside_cell(0xA9B4000Bu, 1, &t));
    t.center.x = steps(24.5f, -1);
    ENSURE(!acp_landcell_spheres_inside_cell(0xA9B4000Bu, 1, &t));
    t.center.x = 47.5f; /* 24 + (float)(24 − 0.5) */
    ENSURE(acp_landcell_spheres_inside_cell(0xA9B4000Bu, 1, &t));
    t.center.x = steps(47.5f, 1);
    ENSURE(!acp_landcell_spheres_inside_cell(0xA9B4000Bu, 1, &t));
}

/* S25: the memo, holding what find_terrain_poly found for a cell and a point's x and y, answers
 * point_in_cell for that cell and x, y as retail does (whatever z), and any other question is
 * asked of point_in_cell itself. */
static void point_in_cell_memo_agrees(void)
{
    LOAD_DEFAULT_EXCERPTS(dats);
    uint32_t ids[] = {0xA9B4FFFFu};
    acp_terrain *t = dat_terrain(dats, ids, 1);
    uint64_t seed = 0x5325u;
    int hits = 0;
    for (int n = 0; n < 100000; n++) {
        const uint32_t part = 1u + (uint32_t)(rng_next(&seed) % 64u);
        const acp_landcell *cell = acp_terrain_get_landcell(t, 0xA9B40000u | part);
        ENSURE(cell != NULL);
        if (!cell) break;
        const int col = (int)((part - 1u) >> 3), row = (int)((part - 1u) & 7u);
        acp_vec3 p;
        const int k = (int)(rng_next(&seed) % 7u) - 3;
        switch (rng_next(&seed) % 4u) {
        case 0: { /* on a diagonal of the cell, a few steps off */
            double u = rng_in(&seed, 0.0, 24.0);
            p.x = steps((float)(24.0 * col + u), k);
            p.y = (rng_next(&seed) % 2u) ? (float)(24.0 * row + u) : (float)(24.0 * row + 24.0 - u);
            break;
        }
        case 1: /* about an edge */
            p.x = steps((float)(24.0 * col + ((rng_next(&seed) % 2u) ? 24.0 : 0.0)), k);
            p.y = (float)rng_in(&seed, 24.0 * row - 1.0, 24.0 * row + 25.0);
            break;
        default:
            p.x = (float)rng_in(&seed, 24.0 * col - 12.0, 24.0 * col + 36.0);
            p.y = (float)rng_in(&seed, 24.0 * row - 12.0, 24.0 * row + 36.0);
            break;
        }
        p.z = (float)rng_in(&seed, 0.0, 200.0);
        /* The memo as find_env_collisions leaves it (memo_terrain_poly) for (cell, p.x, p.y). */
        acp_terrain_poly_memo memo;
        const acp_polygon *poly = NULL;
        if (!acp_landcell_find_terrain_poly(cell, p, &poly)) poly = NULL;
        memo.cell = cell;
        memo.x_bits = acp_test_fbits(p.x);
        memo.y_bits = acp_test_fbits(p.y);
        memo.poly = poly;
        acp_vec3 q = p;
        q.z = (float)rng_in(&seed, 0.0, 200.0); /* another z: the memo still answers */
        ENSURE_EQ(acp_landcell_point_in_cell_memo(cell, q, &memo), acp_landcell_point_in_cell(cell, q));
        hits++;
        /* Another x (one step), another cell, no memo: asked of point_in_cell. */
        acp_vec3 r = q;
        r.x = steps(q.x, 1);
        ENSURE_EQ(acp_landcell_point_in_cell_memo(cell, r, &memo), acp_landcell_point_in_cell(cell, r));
        const acp_landcell *other = acp_terrain_get_landcell(t, 0xA9B40000u | (part % 64u + 1u));
        ENSURE_EQ(acp_landcell_point_in_cell_memo(other, q, &memo), acp_landcell_point_in_cell(other, q));
        ENSURE_EQ(acp_landcell_point_in_cell_memo(cell, q, NULL), acp_landcell_point_in_cell(cell, q));
    }
    ENSURE(hits == 100000);
    acp_terrain_destroy(t);
    acp_datset_destroy(dats);
}

void suite_cell_shortcuts(void)
{
    RUN(spheres_inside_cell_agrees_with_add_all_outside_cells);
    RUN(spheres_inside_cell_refuses);
    RUN(point_in_cell_memo_agrees);
}
