/* acphys — retail PhysicsScriptTable::GetScript (0x00521E40) and PhysicsScriptTableData::GetScript
 * (0x00521A20) (PORTAL/canim/CPhysicsScriptTable.c). See scripts.h. */
#include "scripts.h"

uint32_t acp_physics_script_table_get_script(const acp_physics_script_table *t, uint32_t type, float mod)
{
    if (!t) return 0;
    uint32_t lo = 0, hi = t->num_types;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (t->types[mid].key < type) lo = mid + 1;
        else hi = mid;
    }
    if (lo >= t->num_types || t->types[lo].key != type) return 0;
    const acp_script_type_entry *e = &t->types[lo];
    for (uint32_t i = 0; i < e->num_scripts; i++)
        if (!((double)mod > (double)e->scripts[i].mod)) return e->scripts[i].script_id;
    return 0;
}
