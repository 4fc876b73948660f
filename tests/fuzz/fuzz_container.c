/* libFuzzer target: the container and everything behind it. The input is a whole DAT file: open
 * it, look a few ids up, read every record of a known type into a record store (as the page does
 * with a user's excerpt), and print each as JSON. */
#include <stdint.h>
#include <stdlib.h>

#include "dat/dat.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    acp_dat_error err;
    acp_dat_container c;
    if (acp_dat_container_open(&c, acp_dat_source_memory(data, size), &err) == ACP_DAT_OK) {
        static const uint32_t ids[] = {0x13000000u, 0x02000001u, 0xD59AFFFFu, 0x0E000000u, 0xFFFFFFFFu};
        uint8_t buf[4096];
        for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) {
            acp_dat_entry e;
            if (acp_dat_container_find(&c, ids[i], &e, &err) == ACP_DAT_OK && e.size <= sizeof buf)
                (void)acp_dat_container_read(&c, &e, buf, &err);
        }
    }
    acp_datset *set = acp_datset_create();
    if (!set) return 0;
    if (acp_datset_add_dat_bytes(set, data, size, &err) == ACP_DAT_OK) {
        const acp_region *region = acp_datset_region(set, 0x13000000u);
        for (size_t i = 0; i < acp_datset_count(set); i++) free(acp_dat_record_json(acp_datset_record_at(set, i), region, NULL));
    }
    acp_datset_destroy(set);
    return 0;
}
