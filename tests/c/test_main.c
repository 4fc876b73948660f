/* acphys C test runner: `acphys_tests [suite]`; exit status 1 when any check failed. */
#include "test.h"

int acp_test_failures;
int acp_test_checks;
const char *acp_test_case = "";
const char *acp_test_not_run = NULL;

/* One list per issue, so that branches merge without touching each other's lines. */
#define ACP_SUITES_CORE(X) X(mathx) X(frame) X(position) X(physobj)
#define ACP_SUITES_MOTION(X) X(sequence) X(motiontable) X(motion_interp) X(partarray)
#define ACP_SUITES_TERRAIN(X) X(terrain) X(transition)
#define ACP_SUITES_COLLIDE(X) X(collide) X(objcells)
#define ACP_SUITES_DAT(X) X(dat_reader) X(dat_container) X(dat_records) X(dat_writer) X(dat_real)
#define ACP_SUITES_SCENARIO(X) X(text) X(jsonv) X(scenario) X(trace)
#define ACP_SUITES_VECTORS(X) X(retail_vectors)

#define ACP_SUITES_BENCH(X) X(bench)
#define ACP_SUITES_DRAW(X) X(draw)
#define ACP_SUITES_SERVER(X) X(position_manager) X(moveto) X(target_manager)
#define ACP_SUITES_BSP(X) X(bsp) X(bsp_sweep)
#define ACP_SUITES_SCRIPTS(X) X(scripts)
#define ACP_SUITES_CELLS(X) X(cells) X(statics)
#define ACP_SUITES_RECORDS(X) X(records)
#define ACP_SUITES_NET(X) X(net_transport) X(net_messages) X(net_stream) X(net_capture) X(net_fixtures)
#define ACP_SUITES_TWIN(X) X(worldgen)
#define ACP_SUITES_REPLAY(X) X(replay)
#define ACP_SUITES_SCENERY(X) X(scenery)
#define ACP_SUITES_SNAPSHOT(X) X(snapshot)
#define ACP_SUITES_CHILDREN(X) X(children)
#define ACP_SUITES_PERF39(X) X(physics_part) X(root_shortcuts) X(cell_shortcuts)

#define ACP_SUITES(X) \
    ACP_SUITES_CORE(X) \
    ACP_SUITES_MOTION(X) \
    ACP_SUITES_TERRAIN(X) \
    ACP_SUITES_COLLIDE(X) \
    ACP_SUITES_DAT(X) \
    ACP_SUITES_SCENARIO(X) \
    ACP_SUITES_BENCH(X) \
    ACP_SUITES_DRAW(X) \
    ACP_SUITES_SERVER(X) \
    ACP_SUITES_BSP(X) \
    ACP_SUITES_SCRIPTS(X) \
    ACP_SUITES_CELLS(X) \
    ACP_SUITES_RECORDS(X) \
    ACP_SUITES_NET(X) \
    ACP_SUITES_TWIN(X) \
    ACP_SUITES_REPLAY(X) \
    ACP_SUITES_SCENERY(X) \
    ACP_SUITES_SNAPSHOT(X) \
    ACP_SUITES_CHILDREN(X) \
    ACP_SUITES_PERF39(X) \
    ACP_SUITES_VECTORS(X)

#define DECLARE(name) void suite_##name(void);
ACP_SUITES(DECLARE)

typedef struct { const char *name; void (*fn)(void); } suite_entry;
#define ENTRY(name) { #name, suite_##name },
static const suite_entry suites[] = { ACP_SUITES(ENTRY) };

int main(int argc, char **argv)
{
    int ran = 0;
    for (size_t i = 0; i < sizeof suites / sizeof suites[0]; i++) {
        if (argc > 1 && strcmp(argv[1], suites[i].name) != 0) continue;
        int before = acp_test_failures;
        acp_test_not_run = NULL;
        suites[i].fn();
        if (acp_test_failures != before) printf("%-13s FAILED\n", suites[i].name);
        else if (acp_test_not_run) printf("%-13s NOT RUN: %s\n", suites[i].name, acp_test_not_run);
        else printf("%-13s ok\n", suites[i].name);
        ran++;
    }
    if (ran == 0) { fprintf(stderr, "no suite named %s\n", argc > 1 ? argv[1] : "?"); return 2; }
    printf("%d checks, %d failures\n", acp_test_checks, acp_test_failures);
    return acp_test_failures ? 1 : 0;
}
