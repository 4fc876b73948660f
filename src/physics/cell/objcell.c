/* acphys — retail CObjCell::find_cell_list (CELLARRAY::add_cell is world/cell_array.c) (outdoor cells only; EnvCells are out
 * of scope). See transition.h. Read against PORTAL/ccell/CObjCell.c and PORTAL/cphysics/
 * CCellArray.c. */
#include <stddef.h>

#include "landcell.h"
#include "terrain.h"
#include "physics/world/transition.h"

/* The last loaded cell of the array that holds sphere 0's centre (expressed in each cell's
 * landblock frame). */
static const acp_landcell *containing_cell(const acp_cell_array *ca, const acp_position *p, const acp_sphere *s)
{
    const acp_landcell *found = NULL;
    for (uint32_t i = 0; i < ca->num_cells; i++) {
        const acp_landcell *c = ca->cells[i].cell;
        if (!c) continue;
        acp_vec3 off = acp_landdefs_get_block_offset(p->objcell_id, c->id);
        double z = (double)s->center.z - off.z;
        double y = (double)s->center.y - off.y;
        double x = (double)s->center.x - off.x;
        acp_vec3 local = {(float)x, (float)y, (float)z};
        if (acp_landcell_point_in_cell(c, local)) found = c;
    }
    return found;
}

void acp_objcell_find_cell_list(const acp_terrain *terrain, const acp_position *p, uint32_t num_sphere,
                                const acp_sphere *spheres, acp_cell_array *ca, const acp_landcell **curr_cell,
                                acp_sphere_path *path)
{
    ca->num_cells = 0;
    ca->added_outside = false;
    uint32_t id = p->objcell_id;
    const acp_landcell *cell = id ? acp_terrain_get_landcell(terrain, id) : NULL;
    if ((id & 0xFFFFu) >= 0x100u) {
        if (path) path->hits_interior_cell = true;
        acp_cell_array_add(ca, id, NULL); /* CEnvCell::GetVisible: no EnvCells here */
    } else {
        acp_landcell_add_all_outside_cells(terrain, p, num_sphere, spheres, ca);
    }
    if (!cell || !num_sphere) return;
    /* Each cell's find_transit_cells: CLandCell::add_all_outside_cells (done: added_outside) and
     * CSortCell::find_transit_cells (buildings: none). */
    if (curr_cell) *curr_cell = containing_cell(ca, p, &spheres[0]);
}
