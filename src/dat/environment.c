/* acphys — the Environment record (0x0Dxxxxxx): retail CEnvironment::UnPack (0x00530CF0). Read
 * against PORTAL/ccell/CEnvironment.c. Layout: id, the CellStruct count (u32), the CellStructs
 * (cell_struct.c). */
#include "unpack.h"

/* Retail: CEnvironment::UnPack (0x00530CF0). A CellStruct takes at least 36 bytes. */
void acp_unpack_environment(acp_reader *r, acp_arena *a, void *out)
{
    acp_environment *e = out;
    e->id = acp_reader_u32(r, "environment.id");
    e->num_cell_structs = acp_reader_count(r, 36, ACP_MAX_CELL_STRUCTS, "environment.num_cell_structs");
    e->cell_structs = acp_unpack_array(r, a, e->num_cell_structs, sizeof *e->cell_structs, "environment.cell_structs");
    for (uint32_t i = 0; e->cell_structs && i < e->num_cell_structs && acp_reader_ok(r); i++)
        acp_unpack_cell_struct(r, a, &e->cell_structs[i]);
    acp_unpack_expect_end(r);
}
