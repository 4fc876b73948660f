/* libFuzzer target: the GfxObj parser and its BSP trees (acp_dat_record_parse of ACP_DAT_TYPE_GFXOBJ). */
#include "fuzz_record.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return acp_fuzz_record(ACP_DAT_TYPE_GFXOBJ, data, size);
}
