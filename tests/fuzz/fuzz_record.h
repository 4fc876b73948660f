/* libFuzzer driver shared by the record parser targets: parse the input as one record of a type
 * (its own first u32 as the id), print it as JSON when it parses, free everything. Any crash,
 * hang, leak, out-of-bounds access or undefined behaviour is a finding (ASan + UBSan). */
#ifndef ACP_FUZZ_RECORD_H
#define ACP_FUZZ_RECORD_H

#include <stdint.h>
#include <stdlib.h>

#include "dat/dat.h"

static inline int acp_fuzz_record(acp_dat_type type, const uint8_t *data, size_t size)
{
    acp_dat_record rec;
    acp_dat_error err;
    uint32_t id = size >= 4 ? acp_get_u32(data) : 0;
    if (acp_dat_record_parse(type, id, data, size, &rec, &err) == ACP_DAT_OK) {
        free(acp_dat_record_json(&rec, NULL, NULL));
        acp_dat_record_free(&rec);
    }
    return 0;
}

#endif
