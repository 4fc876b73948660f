// ?spawn=N as the page reads it (app.ts makes the copies). Pure: no DOM, no app.

/** Most objects a scenario may have (ACP_SCENARIO_MAX_OBJECTS in src/scenario/scenario.h). */
export const MAX_OBJECTS = 16_384;

/** ?spawn= as the page reads it: plain decimal digits only ("1e3", "2.5", "-1", "" and " 5"
 *  are not a number of copies), read exactly. `copies` is what the page makes (at most
 *  MAX_OBJECTS - 1, beside the player); `wanted` the request as a BigInt (null past 40 digits,
 *  where `digits` says how many it has). An absent parameter asks for no copies. */
export function readSpawn(asked: string | null):
  { valid: false } | { valid: true; copies: number; wanted: bigint | null; digits: number } {
  if (asked === null) return { valid: true, copies: 0, wanted: 0n, digits: 1 };
  if (!/^[0-9]+$/.test(asked)) return { valid: false };
  const digits = asked.replace(/^0+(?=[0-9])/, '');
  const wanted = digits.length <= 40 ? BigInt(digits) : null;
  const max = MAX_OBJECTS - 1;
  const copies = wanted !== null && wanted <= BigInt(max) ? Number(wanted) : max;
  return { valid: true, copies, wanted, digits: digits.length };
}
