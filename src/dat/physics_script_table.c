/* acphys — the PhysicsScriptTable record (0x34xxxxxx): retail PhysicsScriptTable::UnPack
 * (0x005220E0) with PhysicsScriptTableData::UnPack (0x00521DC0). Read against
 * PORTAL/canim/CPhysicsScriptTable.c.
 *
 * Layout: id, type count (u32), then per script type its key (u32, PScriptType) and its
 * scripts: a count (u32) and (mod f32, script id u32) pairs, in stored order.
 *
 * Checks (retail has none): counts against the bytes left (ERR_COUNT) and ACP_MAX_MOTIONS
 * (ERR_LIMIT), finite mods (ERR_FLOAT_NOT_FINITE), a type key seen twice (ERR_DUPLICATE_KEY:
 * retail's hash table keeps the first and drops the later one), no trailing bytes. The types
 * are sorted by key (records.h); the scripts of a type keep their order, which GetScript reads.
 */
#include "unpack.h"

#include <stdlib.h>

static int entry_cmp(const void *pa, const void *pb)
{
    const acp_script_type_entry *a = pa, *b = pb;
    return a->key < b->key ? -1 : a->key > b->key;
}

/* Retail: PhysicsScriptTableData::UnPack (0x00521DC0). */
static void unpack_type(acp_reader *r, acp_arena *a, acp_script_type_entry *t)
{
    t->num_scripts = acp_reader_count(r, 8, ACP_MAX_MOTIONS, "physics_script_table.types.num_scripts");
    t->scripts = acp_unpack_array(r, a, t->num_scripts, sizeof *t->scripts, "physics_script_table.types.scripts");
    for (uint32_t i = 0; t->scripts && i < t->num_scripts; i++) {
        t->scripts[i].mod = acp_reader_f32_finite(r, "physics_script_table.types.scripts.mod");
        t->scripts[i].script_id = acp_reader_u32(r, "physics_script_table.types.scripts.script_id");
    }
}

/* Retail: PhysicsScriptTable::UnPack (0x005220E0). */
void acp_unpack_physics_script_table(acp_reader *r, acp_arena *a, void *out)
{
    acp_physics_script_table *t = out;
    t->id = acp_reader_u32(r, "physics_script_table.id");
    t->num_types = acp_reader_count(r, 8, ACP_MAX_MOTIONS, "physics_script_table.num_types");
    t->types = acp_unpack_array(r, a, t->num_types, sizeof *t->types, "physics_script_table.types");
    for (uint32_t i = 0; t->types && i < t->num_types && acp_reader_ok(r); i++) {
        size_t at = r->pos;
        t->types[i].key = acp_reader_u32(r, "physics_script_table.types.key");
        for (uint32_t k = 0; k < i && acp_reader_ok(r); k++)
            if (t->types[k].key == t->types[i].key)
                acp_reader_fail(r, ACP_DAT_ERR_DUPLICATE_KEY, at, "physics_script_table.types");
        unpack_type(r, a, &t->types[i]);
    }
    acp_unpack_expect_end(r);
    if (acp_reader_ok(r) && t->num_types > 1) qsort(t->types, t->num_types, sizeof *t->types, entry_cmp);
}
