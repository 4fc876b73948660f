/* libFuzzer target: the strict JSON check (src/scenario/jsoncheck.h) reads every scenario and
 * trace text both CLIs and the page are given, before any parser does: UTF-8 sequences, escapes,
 * numbers, nesting and the repeated-name rescan over arbitrary bytes must end in true or in a
 * "line L, column C: what" message, never in a read past the text (ASan) or undefined behaviour.
 *   node scripts/build.mjs fuzz && build/fuzz/fuzz_jsoncheck -max_total_time=60 data/scenarios */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "scenario/jsoncheck.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* An exact-size copy, so that ASan sees any read one byte past the text. */
    char *text = malloc(size ? size : 1);
    if (!text) return 0;
    if (size) memcpy(text, data, size);
    char msg[160];
    memset(msg, 'x', sizeof msg);
    if (!acp_json_check(text, size, msg, sizeof msg)) {
        if (!memchr(msg, '\0', sizeof msg) || strncmp(msg, "line ", 5) != 0) abort(); /* a message, terminated */
    }
    free(text);
    return 0;
}
