/* libFuzzer target: the shortcut-free twin (docs/SHORTCUTS.md, issue 32). The input drives the
 * random-world generator (src/scenario/worldgen.c: its first four bytes are the seed, the rest
 * its choices; a seed with its top bit set may give the world buildings of its own, whose cell
 * excerpt is handed to both runs); the world runs through both builds of the physics, linked into this one binary:
 * the default core (every shortcut) and a second copy compiled with ACP_SHORTCUTS=0 whose
 * defined symbols CMake renamed with a twin_ prefix (ld -r, nm --defined-only, objcopy
 * --redefine-syms: CMakeLists.txt, fuzz_twin). Each frame's trace line must be byte-identical;
 * the first difference aborts with the seed, the frame and both lines (libFuzzer then writes
 * the input to build/fuzz/artifacts/; `acphys worldgen` does not take bytes, so replay it with
 * this binary: build/fuzz/fuzz_twin <artifact>, which prints the scenario it ran first; with
 * ACP_TWIN_SCENARIO=<file.json> it runs that scenario instead of a generated one).
 *   node scripts/build.mjs fuzz && node scripts/fuzz.mjs twin */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cjson_bridge.h"
#include "scenario/run.h"
#include "scenario/worldgen.h"

/* The twin's runner: the same functions as scenario/run.h's, from the ACP_SHORTCUTS=0 copy. */
acp_run *twin_acp_run_create(const acp_jsonv *root, int profile_override);
void twin_acp_run_destroy(acp_run *run);
const char *twin_acp_run_error(const acp_run *run);
bool twin_acp_run_start(acp_run *run);
bool twin_acp_run_step_next(acp_run *run);
const char *twin_acp_run_line(acp_run *run, size_t *len);
uint32_t twin_acp_run_excerpt_count(const acp_run *run);
bool twin_acp_run_excerpt_needs_bytes(const acp_run *run, uint32_t i);
bool twin_acp_run_set_excerpt(acp_run *run, uint32_t i, const uint8_t *bytes, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Frames per world: the generator's worlds have at most 120; this bounds a run's time. */
#define MAX_FRAMES 160

static void report(const char *text, uint32_t seed, int frame, const char *a, size_t la, const char *b, size_t lb)
{
    /* The scenario first: the seed, frame and lines stay next to the stack trace (the end of the
     * log is what scripts/fuzz.mjs shows). */
    fprintf(stderr, "the scenario:\n%s\nfuzz_twin: seed %u: the traces differ at frame %d\n  shortcuts: %.*s\n"
                    "  twin:      %.*s\n",
            text, seed, frame, (int)la, a, (int)lb, b);
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint32_t seed = 0;
    for (size_t i = 0; i < 4 && i < size; i++) seed |= (uint32_t)data[i] << (8 * i);
    size_t len, cells_size = 0;
    uint8_t *cells = NULL;
    char *text;
    const char *file = getenv("ACP_TWIN_SCENARIO"); /* replay a scenario file instead */
    if (file) {
        char err[256];
        text = acp_read_file(file, 1u << 26, &len, err, sizeof err);
        if (!text) {
            fprintf(stderr, "fuzz_twin: %s\n", err);
            abort();
        }
    } else if (seed & 0x80000000u) {
        /* The seed's top bit: a world that may have buildings of its own (worldgen.h). */
        text = acp_worldgen_ex(seed, size > 4 ? data + 4 : NULL, size > 4 ? size - 4 : 0, "fuzz-cells.dat", &len, &cells,
                               &cells_size);
    } else {
        text = acp_worldgen(seed, size > 4 ? data + 4 : NULL, size > 4 ? size - 4 : 0, &len);
    }
    if (!text) return 0;
    if (getenv("ACP_TWIN_PRINT")) fprintf(stderr, "%s\n", text);
    char err[256];
    acp_jsonv_doc *doc = acp_cjson_parse(text, len, err, sizeof err);
    if (!doc) {
        fprintf(stderr, "fuzz_twin: seed %u: the generator wrote JSON that does not parse: %s\n%s\n", seed, err, text);
        abort();
    }
    acp_run *a = acp_run_create(acp_jsonv_root(doc), ACP_RUN_PROFILE_SCENARIO);
    acp_run *b = twin_acp_run_create(acp_jsonv_root(doc), ACP_RUN_PROFILE_SCENARIO);
    acp_jsonv_doc_destroy(doc);
    if (!a || !b) goto done; /* out of memory */
    const char *ea = acp_run_error(a), *eb = twin_acp_run_error(b);
    if (ea || eb) {
        /* The generator writes valid scenarios: a refusal is its bug (or the validators part). */
        fprintf(stderr, "fuzz_twin: seed %u: a generated world was refused: %s / %s\n%s\n", seed, ea ? ea : "ok",
                eb ? eb : "ok", text);
        abort();
    }
    for (uint32_t i = 0; cells && i < acp_run_excerpt_count(a); i++)
        if (acp_run_excerpt_needs_bytes(a, i)) acp_run_set_excerpt(a, i, cells, cells_size);
    for (uint32_t i = 0; cells && i < twin_acp_run_excerpt_count(b); i++)
        if (twin_acp_run_excerpt_needs_bytes(b, i)) twin_acp_run_set_excerpt(b, i, cells, cells_size);
    bool sa = acp_run_start(a), sb = twin_acp_run_start(b);
    if (sa != sb) report(text, seed, 0, sa ? "started" : "failed", sa ? 7 : 6, sb ? "started" : "failed", sb ? 7 : 6);
    if (!sa) goto done;
    for (int frame = 1; frame <= MAX_FRAMES; frame++) {
        bool na = acp_run_step_next(a), nb = twin_acp_run_step_next(b);
        if (na != nb) report(text, seed, frame, na ? "a frame" : "the end", na ? 7 : 7, nb ? "a frame" : "the end", 7);
        if (!na) break;
        size_t la, lb;
        const char *line_a = acp_run_line(a, &la);
        const char *line_b = twin_acp_run_line(b, &lb);
        if (la != lb || memcmp(line_a, line_b, la)) report(text, seed, frame, line_a, la, line_b, lb);
    }
done:
    acp_run_destroy(a);
    twin_acp_run_destroy(b);
    free(cells);
    free(text);
    return 0;
}
