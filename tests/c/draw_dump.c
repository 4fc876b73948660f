/* acphys test helper — the draw arrays of a terrain benchmark world as one line of JSON, for
 * tests/node/draw.test.mjs, which builds the same world in the .wasm and compares.
 *   acphys_draw_dump <objects> <frames>
 * Output: {"origin":cell,"parts":[...],"spheres":[...],"selection":[...],"positions":[...],
 * "normals":[...]}: every object's part and sphere matrices (acp_draw_world_*), each object's
 * selection sphere, and the first landblock's terrain arrays, all in the first object's
 * landblock frame; floats printed with 9 significant digits (exact for float). */
#include <stdio.h>
#include <stdlib.h>

#include "bench/bench.h"
#include "draw/draw.h"
#include "physics/cell/terrain.h"
#include "physics/world/physics.h"

static uint8_t *read_file(const char *relative, size_t *size)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", ACP_SOURCE_DIR, relative);
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    uint8_t *b = malloc(n > 0 ? (size_t)n : 1);
    *size = b && fread(b, 1, (size_t)n, f) == (size_t)n ? (size_t)n : 0;
    fclose(f);
    return b;
}

static void print_floats(const char *name, const float *v, size_t n, int last)
{
    printf("\"%s\":[", name);
    for (size_t i = 0; i < n; i++) printf("%s%.9g", i ? "," : "", (double)v[i]);
    printf("]%s", last ? "" : ",");
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: acphys_draw_dump <objects> <frames>\n");
        return 2;
    }
    uint32_t n = (uint32_t)strtoul(argv[1], NULL, 10), frames = (uint32_t)strtoul(argv[2], NULL, 10);
    size_t ps = 0, cs = 0;
    uint8_t *portal = read_file("data/portal-default.dat", &ps), *cell = read_file("data/cell-default.dat", &cs);
    acp_bench_status st = ACP_BENCH_ERR_ARGUMENT;
    acp_bench *b = portal && cell ? acp_bench_create(ACP_BENCH_TERRAIN, n, portal, ps, cell, cs, &st) : NULL;
    free(portal);
    free(cell);
    if (!b) {
        fprintf(stderr, "acphys_draw_dump: %s\n", acp_bench_status_string(st));
        return 1;
    }
    acp_bench_run(b, frames);
    acp_world *w = acp_bench_world(b);
    uint32_t origin = w->objects[0]->position.objcell_id;
    uint32_t np = acp_draw_world_part_matrices(w, origin, NULL, 0);
    uint32_t ns = acp_draw_world_sphere_matrices(w, origin, NULL, 0);
    float *parts = malloc(sizeof(float) * 16 * (np + 1)), *spheres = malloc(sizeof(float) * 16 * (ns + 1));
    float *sel = malloc(sizeof(float) * 16 * w->num_objects);
    static float pos[ACP_DRAW_TERRAIN_FLOATS], nrm[ACP_DRAW_TERRAIN_FLOATS];
    acp_draw_world_part_matrices(w, origin, parts, np);
    acp_draw_world_sphere_matrices(w, origin, spheres, ns);
    for (uint32_t i = 0; i < w->num_objects; i++) acp_draw_selection_sphere_matrix(w->objects[i], origin, sel + 16 * i);
    acp_draw_terrain_positions(&w->terrain->blocks[0], origin, pos, ACP_DRAW_TERRAIN_FLOATS);
    acp_draw_terrain_normals(&w->terrain->blocks[0], nrm, ACP_DRAW_TERRAIN_FLOATS);
    printf("{\"origin\":%u,", origin);
    print_floats("parts", parts, (size_t)16 * np, 0);
    print_floats("spheres", spheres, (size_t)16 * ns, 0);
    print_floats("selection", sel, (size_t)16 * w->num_objects, 0);
    print_floats("positions", pos, ACP_DRAW_TERRAIN_FLOATS, 0);
    print_floats("normals", nrm, ACP_DRAW_TERRAIN_FLOATS, 1);
    printf("}\n");
    free(parts);
    free(spheres);
    free(sel);
    acp_bench_destroy(b);
    return 0;
}
