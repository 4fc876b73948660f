// Native and WASM builds must give the same bits: the deterministic math module's digest over
// 20,000 fixed inputs (sin, cos, atan2, asin, acos, pow, fmod and their special cases) from the
// .wasm equals the one the native CLI prints.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { acphys, runNative } from './helpers.mjs';

describe('determinism across builds', () => {
  it('math digest: wasm == native for 20000 inputs', async () => {
    const acp = await acphys();
    const hi = acp.exports.acp_abi_math_digest_hi(20000) >>> 0;
    const lo = acp.exports.acp_abi_math_digest_lo(20000) >>> 0;
    const wasm = hi.toString(16).padStart(8, '0') + lo.toString(16).padStart(8, '0');
    const native = runNative(['math-digest', '20000']).trim();
    assert.equal(wasm, native);
  });
});
