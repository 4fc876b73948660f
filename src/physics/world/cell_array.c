/* acphys — retail CELLARRAY (PORTAL/cphysics/CCellArray.c): the cells a sweep visits. See transition.h. */
#include <stddef.h>
#include "physics/cell/landcell.h"
#include "physics/cell/terrain.h"
#include "transition.h"

void acp_cell_array_add(acp_cell_array *ca, uint32_t cell_id, const acp_landcell *cell)
{
    for (uint32_t i = 0; i < ca->num_cells; i++)
        if (ca->cells[i].cell_id == cell_id) return;
    if (ca->num_cells >= ca->capacity) { /* DEVIATIONS T3: counted */
        ca->dropped++;
        return;
    }
    ca->cells[ca->num_cells].cell_id = cell_id;
    ca->cells[ca->num_cells].cell = cell;
    ca->num_cells++;
}
