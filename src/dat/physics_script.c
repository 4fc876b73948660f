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
 * hooks as in an animation, no trailing bytes. The sort is the CRT's qsort as retail calls it
 * (`crt_qsort` below; which CRT's: DEVIATIONS P2), so equal start times come out in the order
 * that qsort leaves them, not the stored order.
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

/* Retail: PhysicsScriptData::Sort (0x00521600): −1 when a starts before b, else 1 (never 0:
 * equal start times compare as "a after b"). */
static int script_data_sort(const acp_script_hook *a, const acp_script_hook *b)
{
    return a->start_time >= b->start_time ? 1 : -1;
}

static void swap_hooks(acp_script_hook *h, int32_t a, int32_t b)
{
    if (a == b) return;
    acp_script_hook t = h[a];
    h[a] = h[b];
    h[b] = t;
}

/* The CRT's shortsort for CRT_CUTOFF elements or fewer: move the greatest (the last one found
 * greater than every one before it) to the end, then the rest likewise. */
static void crt_shortsort(acp_script_hook *h, int32_t lo, int32_t hi)
{
    for (; hi > lo; hi--) {
        int32_t max = lo;
        for (int32_t p = lo + 1; p <= hi; p++)
            if (script_data_sort(&h[p], &h[max]) > 0) max = p;
        swap_hooks(h, max, hi);
    }
}

#define CRT_CUTOFF 8
#define CRT_STACK 30 /* 8·sizeof(void *) − 2 on 32 bits: enough for 2^32 elements */

/* One partition of [lo, hi] (more than CRT_CUTOFF elements) about the median of the first,
 * middle and last: [lo, *below] holds what is not above the partition element, [*above, hi] what
 * is above it; elements equal to it in between are left out. */
static void crt_partition(acp_script_hook *h, int32_t lo, int32_t hi, int32_t *below, int32_t *above)
{
    int32_t mid = lo + (hi - lo + 1) / 2;
    if (script_data_sort(&h[lo], &h[mid]) > 0) swap_hooks(h, lo, mid);
    if (script_data_sort(&h[lo], &h[hi]) > 0) swap_hooks(h, lo, hi);
    if (script_data_sort(&h[mid], &h[hi]) > 0) swap_hooks(h, mid, hi);
    int32_t loguy = lo, higuy = hi;
    for (;;) {
        if (mid > loguy) {
            do loguy++;
            while (loguy < mid && script_data_sort(&h[loguy], &h[mid]) <= 0);
        }
        if (mid <= loguy) {
            do loguy++;
            while (loguy <= hi && script_data_sort(&h[loguy], &h[mid]) <= 0);
        }
        do higuy--;
        while (higuy > mid && script_data_sort(&h[higuy], &h[mid]) > 0);
        if (higuy < loguy) break;
        swap_hooks(h, loguy, higuy);
        if (mid == higuy) mid = loguy; /* the partition element moved: follow it */
    }
    higuy++;
    if (mid < higuy) {
        do higuy--;
        while (higuy > mid && script_data_sort(&h[higuy], &h[mid]) == 0);
    }
    if (mid >= higuy) {
        do higuy--;
        while (higuy > lo && script_data_sort(&h[higuy], &h[mid]) == 0);
    }
    *below = higuy;
    *above = loguy;
}

/* The `_qsort` call of PhysicsScript::UnPack (0x005218B0) with PhysicsScriptData::Sort, as
 * the Microsoft CRT's qsort.c of the median-of-three generation does it (our code after the
 * algorithm of its published text; which CRT the client used and why this one: DEVIATIONS P2):
 * no recursion but a stack of pending ranges, the smaller side sorted first and the larger one
 * pushed; ranges of CRT_CUTOFF elements or fewer go to crt_shortsort. Retail sorts an array of
 * pointers to the hooks; only positions move, so sorting the hooks themselves gives the same
 * order. */
static void crt_qsort(acp_script_hook *h, uint32_t num)
{
    if (num < 2) return;
    int32_t lostk[CRT_STACK], histk[CRT_STACK];
    int stkptr = 0;
    int32_t lo = 0, hi = (int32_t)num - 1;
    for (;;) {
        if (hi - lo + 1 <= CRT_CUTOFF) {
            crt_shortsort(h, lo, hi);
        } else {
            int32_t below, above;
            crt_partition(h, lo, hi, &below, &above);
            if (below - lo >= hi - above) {
                if (lo < below) {
                    lostk[stkptr] = lo;
                    histk[stkptr++] = below;
                }
                if (above < hi) {
                    lo = above;
                    continue;
                }
            } else {
                if (above < hi) {
                    lostk[stkptr] = above;
                    histk[stkptr++] = hi;
                }
                if (lo < below) {
                    hi = below;
                    continue;
                }
            }
        }
        if (--stkptr < 0) return;
        lo = lostk[stkptr];
        hi = histk[stkptr];
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
    crt_qsort(s->hooks, s->num_hooks);
    s->length = s->num_hooks ? s->hooks[s->num_hooks - 1].start_time : 0.0;
}
