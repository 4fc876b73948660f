/* acphys — ISAAC, the random stream that keys AC's encrypted checksums.
 *
 * Bob Jenkins' ISAAC (public domain, 1996) in the variant the AC client and its servers use:
 * the 256-word state is set up from zeros (the golden-ratio words shuffled four times, then
 * two passes over the pool, the first mixing in an all-zero result array), and the seed, a u32
 * from the ConnectRequest, becomes a, b and c before the first generation. Words are then
 * handed out from the END of each 256-word result block (index 255 down to 0), and a new block
 * is generated when one is used up.
 * One stream per direction: the server→client seed keys the server's datagrams, the
 * client→server seed the client's (transport.h says how a key enters a checksum).
 */
#ifndef ACP_NET_ISAAC_H
#define ACP_NET_ISAAC_H

#include <stdint.h>

typedef struct acp_isaac {
    uint32_t mem[256];    /* the internal state (Jenkins' mm) */
    uint32_t rsl[256];    /* the current result block (randrsl) */
    uint32_t a, b, c;
    uint32_t next;        /* index of the next word of rsl handed out (counts down) */
} acp_isaac;

/** Seed a stream with a ConnectRequest seed (AC's setup, above). Retail:
 *  CryptoSystem::CryptoSystem (0x0065FC10) builds QTIsaac<8,unsigned long>::QTIsaac
 *  (0x0065F7F0) with the seed as a, b and c; QTIsaac<8,unsigned long>::randinit (0x0065F870). */
void acp_isaac_seed(acp_isaac *s, uint32_t seed);
/** The stream's next 32-bit word. Retail: QTIsaac<8,unsigned long>::isaac (0x0065FC60) makes
 *  each block of 256. */
uint32_t acp_isaac_next(acp_isaac *s);

#endif
