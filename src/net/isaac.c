/* acphys — ISAAC in the AC variant (see isaac.h). Written from Bob Jenkins' public-domain
 * description of ISAAC (rand.c, 1996) and the seeding the AC servers describe. */
#include "net/isaac.h"

#include <string.h>

#define GOLDEN 0x9E3779B9u

/* Jenkins' mix of eight words. */
static void mix8(uint32_t x[8])
{
    x[0] ^= x[1] << 11; x[3] += x[0]; x[1] += x[2];
    x[1] ^= x[2] >> 2;  x[4] += x[1]; x[2] += x[3];
    x[2] ^= x[3] << 8;  x[5] += x[2]; x[3] += x[4];
    x[3] ^= x[4] >> 16; x[6] += x[3]; x[4] += x[5];
    x[4] ^= x[5] << 10; x[7] += x[4]; x[5] += x[6];
    x[5] ^= x[6] >> 4;  x[0] += x[5]; x[6] += x[7];
    x[6] ^= x[7] << 8;  x[1] += x[6]; x[7] += x[0];
    x[7] ^= x[0] >> 9;  x[2] += x[7]; x[0] += x[1];
}

/* One generation: 256 new result words. */
static void generate(acp_isaac *s)
{
    s->c++;
    s->b += s->c;
    for (unsigned i = 0; i < 256; i++) {
        uint32_t x = s->mem[i];
        switch (i & 3) {
        case 0: s->a ^= s->a << 13; break;
        case 1: s->a ^= s->a >> 6; break;
        case 2: s->a ^= s->a << 2; break;
        default: s->a ^= s->a >> 16; break;
        }
        s->a += s->mem[(i + 128) & 255];
        uint32_t y = s->mem[(x >> 2) & 255] + s->a + s->b;
        s->mem[i] = y;
        s->b = s->mem[(y >> 10) & 255] + x;
        s->rsl[i] = s->b;
    }
    s->next = 255;
}

void acp_isaac_seed(acp_isaac *s, uint32_t seed)
{
    memset(s, 0, sizeof *s);
    uint32_t x[8];
    for (int i = 0; i < 8; i++) x[i] = GOLDEN;
    for (int i = 0; i < 4; i++) mix8(x);
    /* Two passes over the pool: the first mixes in the (all-zero) result array, the second the
     * pool itself. */
    for (int pass = 0; pass < 2; pass++) {
        for (int j = 0; j < 256; j += 8) {
            for (int k = 0; k < 8; k++) x[k] += pass == 0 ? s->rsl[j + k] : s->mem[j + k];
            mix8(x);
            for (int k = 0; k < 8; k++) s->mem[j + k] = x[k];
        }
    }
    s->a = s->b = s->c = seed;
    generate(s);
}

uint32_t acp_isaac_next(acp_isaac *s)
{
    uint32_t v = s->rsl[s->next];
    if (s->next > 0) s->next--;
    else generate(s);
    return v;
}
