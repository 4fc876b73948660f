/* bindings/c/example.c — a C program over the public API only (<acphys.h>, libacphys): runs a
 * scenario file through the library and prints "N frames, digest <16 hex digits>" exactly as
 * `acphys run --quiet` does; the library makes the world from the scenario's excerpts (the shipped
 * data/portal-default.dat and cell-default.dat, or DAT files named relative to the scenario) and drives it through the
 * same API calls a host makes (docs/EMBEDDING.md). Built and run by bindings/c/example, and
 * against an installed copy by ctest api_install (tests/install/run.cmake). */
#include <acphys.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: bindings/c/example <scenario.json>\n");
        return 2;
    }
    acp_scenario_result r;
    if (acp_run_scenario_file(argv[1], -1, &r) != ACP_OK) {
        fprintf(stderr, "example: %s (%s)\n", acp_error_message(), acp_status_name(ACP_ERR_SCENARIO));
        return 1;
    }
    printf("%u frames, digest %016llx\n", (unsigned)r.frames, (unsigned long long)r.digest);
    return 0;
}
