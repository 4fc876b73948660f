/* libFuzzer target: the scene parser (acp_dat_record_parse of ACP_DAT_TYPE_SCENE). */
#include "fuzz_record.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return acp_fuzz_record(ACP_DAT_TYPE_SCENE, data, size);
}
