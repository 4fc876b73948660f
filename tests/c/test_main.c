/* acphys C test runner: `acphys_tests [suite]`; exit status 1 when any check failed. */
#include "test.h"

int acp_test_failures;
int acp_test_checks;
const char *acp_test_case = "";

#define ACP_SUITES(X) \
    X(mathx) X(frame) X(position) X(physobj) \
    ACP_SCENARIO_SUITES(X)

/* ---- scenarios and traces (issue 5): tests/c/test_scenario.c ---- */
#define ACP_SCENARIO_SUITES(X) X(text) X(jsonv) X(scenario) X(trace)

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
        suites[i].fn();
        printf("%-12s %s\n", suites[i].name, acp_test_failures == before ? "ok" : "FAILED");
        ran++;
    }
    if (ran == 0) { fprintf(stderr, "no suite named %s\n", argc > 1 ? argv[1] : "?"); return 2; }
    printf("%d checks, %d failures\n", acp_test_checks, acp_test_failures);
    return acp_test_failures ? 1 : 0;
}
