/* acphys — the PhysicsScript record (0x33xxxxxx): retail PhysicsScript::UnPack (0x005218B0).
 * Read against PORTAL/canim/CPhysicsScript.c.
 *
 * Layout: id, hook count (u32), then per hook its start time (f64, seconds after the script
 * starts) and the hook (CAnimHook::UnPackHook, aligned to 4), then PackObj::ALIGN_PTR. Retail
 * then sorts the hooks by start time (qsort with PhysicsScriptData::Sort, 0x00521600) and sets
 * length to the last hook's start time.
 *
 * Checks (retail has none): the count against the bytes left (each hook at least 16 bytes:
 * ERR_COUNT) and ACP_MAX_HOOKS (ERR_LIMIT), finite start times (ERR_FLOAT_NOT_FINITE), the
 * hooks as in an animation, no trailing bytes. The sort is stable (equal start times keep the
 * stored order; MSVC's qsort makes no promise, DEVIATIONS P2).
 */
#include "unpack.h"

#include <math.h>
#include <string.h>

static double read_f64_finite(acp_reader *r, const char *field)
{
    size_t at = r->pos;
    uint8_t b[8] = {0};
    acp_reader_bytes(r, b, sizeof b, field);
    uint64_t bits = 0;
    for (int i = 7; i >= 0; i--) bits = bits << 8 | b[i];
    double d;
    memcpy(&d, &bits, sizeof d);
    if (acp_reader_ok(r) && !isfinite(d)) acp_reader_fail(r, ACP_DAT_ERR_FLOAT_NOT_FINITE, at, field);
    return acp_reader_ok(r) ? d : 0.0;
}

/* Insertion sort by start time: PhysicsScriptData::Sort's order (a before b when a < b), stable. */
static void sort_hooks(acp_script_hook *h, uint32_t n)
{
    for (uint32_t i = 1; i < n; i++) {
        acp_script_hook x = h[i];
        uint32_t j = i;
        while (j > 0 && x.start_time < h[j - 1].start_time) {
            h[j] = h[j - 1];
            j--;
        }
        h[j] = x;
    }
}

/* Retail: PhysicsScript::UnPack (0x005218B0). */
void acp_unpack_physics_script(acp_reader *r, acp_arena *a, void *out)
{
    acp_physics_script *s = out;
    s->id = acp_reader_u32(r, "physics_script.id");
    s->num_hooks = acp_reader_count(r, 16, ACP_MAX_HOOKS, "physics_script.num_hooks");
    s->hooks = acp_unpack_array(r, a, s->num_hooks, sizeof *s->hooks, "physics_script.hooks");
    for (uint32_t i = 0; s->hooks && i < s->num_hooks && acp_reader_ok(r); i++) {
        s->hooks[i].start_time = read_f64_finite(r, "physics_script.hooks.start_time");
        acp_unpack_hook(r, &s->hooks[i].hook);
    }
    acp_reader_align4(r, "physics_script.align");
    acp_unpack_expect_end(r);
    if (!acp_reader_ok(r)) return;
    sort_hooks(s->hooks, s->num_hooks);
    s->length = s->num_hooks ? s->hooks[s->num_hooks - 1].start_time : 0.0;
}
