/* libFuzzer target: the bytes JavaScript hands the runner (acp_abi_run_create) cross a trust
 * boundary. Decode them as a binary JSON tree, validate the scenario, build the world with no
 * excerpt bytes, and run up to 64 frames; a run must end in a result or an error message, never
 * in a crash, a leak or undefined behaviour (built with ASan and UBSan).
 *   node scripts/build.mjs fuzz && build/fuzz/fuzz_scenario -max_total_time=60 tests/fuzz/corpus-scenario */
#include <stddef.h>
#include <stdint.h>

#include "scenario/jsonv.h"
#include "scenario/run.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[256];
    acp_jsonv_doc *doc = acp_jsonv_decode(data, size, err, sizeof err);
    if (!doc) return 0;
    acp_run *run = acp_run_create(acp_jsonv_root(doc), ACP_RUN_PROFILE_SCENARIO);
    acp_jsonv_doc_destroy(doc);
    if (!run) return 0;
    if (!acp_run_error(run) && acp_run_start(run)) {
        for (int i = 0; i < 64 && acp_run_step_next(run); i++) {
            size_t n;
            (void)acp_run_line(run, &n);
            (void)acp_run_table_rows(run);
        }
    }
    acp_run_destroy(run);
    return 0;
}
