/* acphys — the replay seam of the deterministic libm (test builds only, compiled with
 * ACP_MATHX_REPLAY; see mathx.h): the public functions consult the replay table first. */
#include "mathx_bits.h"

#ifdef ACP_MATHX_REPLAY
/* ---- replay (test builds only; see mathx.h) ---- */
#undef acp_sin
#undef acp_cos
#undef acp_atan2
#undef acp_asin
#undef acp_acos
#undef acp_pow
#undef acp_fmod


static const acp_math_call *replay_calls;
static unsigned int replay_n, replay_misses;

void acp_math_replay(const acp_math_call *calls, unsigned int n)
{
    replay_calls = calls;
    replay_n = calls ? n : 0;
    replay_misses = 0;
}

unsigned int acp_math_replay_misses(void) { return replay_misses; }

static int replayed(acp_math_fn fn, double a, double b, double *r)
{
    if (!replay_n) return 0;
    for (unsigned int i = 0; i < replay_n; i++) {
        const acp_math_call *c = &replay_calls[i];
        if (c->fn == fn && bits_of(c->a) == bits_of(a) && bits_of(c->b) == bits_of(b)) {
            *r = c->r;
            return 1;
        }
    }
    replay_misses++;
    return 0;
}

double acp_sin(double x) { double r; return replayed(ACP_MATH_SIN, x, 0.0, &r) ? r : mathx_sin(x); }
double acp_cos(double x) { double r; return replayed(ACP_MATH_COS, x, 0.0, &r) ? r : mathx_cos(x); }
double acp_atan2(double y, double x) { double r; return replayed(ACP_MATH_ATAN2, y, x, &r) ? r : mathx_atan2(y, x); }
double acp_asin(double x) { double r; return replayed(ACP_MATH_ASIN, x, 0.0, &r) ? r : mathx_asin(x); }
double acp_acos(double x) { double r; return replayed(ACP_MATH_ACOS, x, 0.0, &r) ? r : mathx_acos(x); }
double acp_pow(double x, double y) { double r; return replayed(ACP_MATH_POW, x, y, &r) ? r : mathx_pow(x, y); }
double acp_fmod(double x, double y) { double r; return replayed(ACP_MATH_FMOD, x, y, &r) ? r : mathx_fmod(x, y); }
#endif

