// acp_abi_dereth_diff (wasm/abi/conform.c): dereth's record shape judged through the .wasm as the
// page does it (web/src/compare.ts), by dereth's tolerance rule (src/scenario/dereth.h: relative
// 1e-5 for the first 100 sub-steps, 1e-4 after; cell, state words and transition state exactly)
// or bit for bit; the verdicts worked out from the rule, on the dereth-gate goldens.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';

import { encodeJson, parseJsonText } from '../../wasm/scenario.mjs';
import { acphys, root } from './helpers.mjs';

const golden = readFileSync(join(root, 'conformance', 'v1', 'dereth', 'traces', 'same_walk_at_250fps.jsonl'), 'utf8');
const records = golden.split('\n').filter((l) => l.trim());

function perturbed(index, edit) {
  const ls = records.slice();
  const r = JSON.parse(ls[index]);
  edit(r);
  ls[index] = JSON.stringify(r);
  return ls;
}

let acp;
before(async () => { acp = await acphys(); });

/** The ABI on golden records a and port records b: { result, message, error }. */
function judge(a, b, exact = 0) {
  const X = acp.exports;
  const d = X.acp_abi_diff_create();
  const ptrs = [];
  const lay = (lines) => {
    const docs = lines.map((l) => encodeJson(parseJsonText(l, acp, { trace: true })));
    const bytes = new Uint8Array(docs.reduce((n, x) => n + x.length, 0));
    let at = 0;
    for (const x of docs) { bytes.set(x, at); at += x.length; }
    const sizes = Uint32Array.from(docs, (x) => x.length);
    const p = acp.copyIn(bytes), q = acp.copyIn(new Uint8Array(sizes.buffer));
    ptrs.push(p, q);
    return [p, q, lines.length];
  };
  try {
    const result = X.acp_abi_dereth_diff(d, ...lay(a), ...lay(b), exact);
    return { result, message: acp.string(X.acp_abi_diff_message(d)), error: X.acp_abi_diff_error(d) };
  } finally {
    for (const p of ptrs) acp.free(p);
    X.acp_abi_diff_free(d);
  }
}

describe('acp_abi_dereth_diff: dereth records through the .wasm', () => {
  it('the golden agrees with itself, by the tolerance rule and bit for bit', () => {
    assert.ok(records.length > 110, 'sub-steps past the 100th');
    assert.deepEqual(judge(records, records), { result: 1, message: "the traces agree (dereth records, dereth's tolerance)", error: 0 });
    assert.deepEqual(judge(records, records, 1), { result: 1, message: 'the traces agree (dereth records, bit for bit)', error: 0 });
  });
  it('2e-5 relative fails in the first 100 sub-steps and passes after them; 5e-6 fails only bit for bit', () => {
    const early = judge(records, perturbed(3, (r) => { r.origin[1] *= 1 + 2e-5; }));
    assert.equal(early.result, 0);
    assert.equal(early.error, 0);
    assert.match(early.message, /^traces differ at sub-step 3 \(line 4\), field origin/);
    assert.equal(judge(records, perturbed(150, (r) => { r.origin[1] *= 1 + 2e-5; })).result, 1);
    const small = perturbed(3, (r) => { r.origin[1] *= 1 + 5e-6; });
    assert.equal(judge(records, small).result, 1);
    assert.equal(judge(records, small, 1).result, 0);
  });
  it('a cell or state word changed anywhere, a record missing, a record that does not read', () => {
    const cell = judge(records, perturbed(150, (r) => { r.cell += 1; }));
    assert.equal(cell.result, 0);
    assert.match(cell.message, /^traces differ at sub-step 150 \(line 151\), field cell/);
    assert.equal(judge(records, perturbed(120, (r) => { r.transient_state ^= 1; })).result, 0);
    assert.equal(judge(records, records.slice(0, -1)).result, 0);
    const bad = judge(records, perturbed(5, (r) => { delete r.origin; }));
    assert.equal(bad.result, 0);
    assert.equal(bad.error, 1);
    assert.match(bad.message, /origin/);
  });
});
