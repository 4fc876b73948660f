// `acphys world` from JavaScript (issue 34): `npx acphys world` (bin/acphys.mjs: src/cli/world_cmd.c
// in the .wasm, on Node's fs) prints the same bytes on stdout and stderr, with the same exit
// status, as the native CLI over the shipped excerpts and on bad arguments; and the library's
// `acp.world(cellBytes, landblockId, { portal })` (the same C code on bytes in memory) gives the
// same world. Holtburg's world is the hand-derived tests/data/world-a9b4.json (cmake/check_world.cmake
// says how each value follows from the stand-in records).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

import { acphys, nativeCli, root } from './helpers.mjs';

const cellDat = join(root, 'data', 'cell-default.dat');
const portalDat = join(root, 'data', 'portal-default.dat');
const badRegion = join(root, 'tests', 'data', 'dat-malformed', 'region-version.dat');
const badInfo = join(root, 'tests', 'data', 'dat-malformed', 'landblock-info-duplicate-restriction.dat');

function native(args) {
  const r = spawnSync(nativeCli, args, { encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
function viaWasm(args) {
  const r = spawnSync(process.execPath, [join(root, 'bin', 'acphys.mjs'), ...args], { encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
/** Both CLIs, which must agree byte for byte; returns the native result. */
function both(args) {
  const n = native(args);
  assert.deepEqual(viaWasm(args), n, `npx acphys ${args.join(' ')} differs from native`);
  return n;
}

// The landblocks of the default cell excerpt (Holtburg and its three neighbours with the stand-in
// wood), each id in both spellings; with the portal excerpt given explicitly too.
const BLOCKS = ['0xA9B4', '0xA9B5FFFF', '0xAAB4', 'AAB5'];

describe('acphys world: native and npx print the same bytes', () => {
  it('Holtburg 0xA9B4: the hand-derived world (its cottage, its LandBlockInfo tree), both CLIs', () => {
    const r = both(['world', cellDat, '0xA9B4']);
    assert.equal(r.status, 0);
    assert.equal(r.stderr, '');
    assert.equal(r.stdout, readFileSync(join(root, 'tests', 'data', 'world-a9b4.json'), 'utf8'));
  });
  for (const block of BLOCKS) {
    it(`${block}, with and without --portal`, () => {
      const plain = both(['world', cellDat, block]);
      assert.equal(plain.status, 0);
      assert.equal(plain.stderr, '');
      const world = JSON.parse(plain.stdout);
      assert.ok(world.objects.length > 0);
      const withPortal = both(['world', cellDat, block, '--portal', portalDat]);
      assert.equal(withPortal.stdout, plain.stdout); // the portal excerpt is the default one
    });
  }
  it('the wood landblocks list scenery only: trees, rocks and bushes of the stand-in Scenes', () => {
    const world = JSON.parse(both(['world', cellDat, '0xAAB4']).stdout);
    assert.equal(world.landblock, '0xAAB4FFFF');
    assert.ok(world.objects.every((o) => o.kind === 'scenery'));
    assert.deepEqual([...new Set(world.objects.map((o) => o.id))].sort(), ['0x0100F310', '0x0100F311', '0x0200F300']);
  });
  it('bad arguments: the same message and exit status from both', () => {
    const usage = 'usage: acphys world <cell dat> <landblock id> [--portal <portal dat>]\n';
    for (const [args, status, stderr] of [
      [['world'], 2, usage],
      [['world', cellDat], 2, usage],
      [['world', cellDat, '0xA9B4', '--portal'], 2, usage],
      [['world', cellDat, '0xA9B4', '--cell', portalDat], 2, usage],
      [['world', cellDat, 'holtburg'], 2, 'acphys world: the landblock id must be hex (0xXXYY or 0xXXYYFFFF), not "holtburg"\n'],
      [['world', cellDat, '0x1FFFFFFFF'], 2, 'acphys world: the landblock id must be hex (0xXXYY or 0xXXYYFFFF), not "0x1FFFFFFFF"\n'],
      [['world', cellDat, '-1'], 2, 'acphys world: the landblock id must be hex (0xXXYY or 0xXXYYFFFF), not "-1"\n'],
      [['world', cellDat, '0x0101'], 1, `acphys world: ${cellDat} holds no LandBlock 0x0101FFFF\n`],
      [['world', join(root, 'data', 'no-such.dat'), '0xA9B4'], 1, `acphys world: cannot open ${join(root, 'data', 'no-such.dat')}\n`],
      // A wrong or bad DAT is an error, never the embedded stand-ins in its place (issue 34 review).
      [['world', portalDat, '0xAAB4'], 1, `acphys world: ${portalDat} holds no LandBlock 0xAAB4FFFF\n`],
      [['world', cellDat, '0xAAB4', '--portal', cellDat], 1, `acphys world: ${cellDat} holds no Region 0x13000000\n`],
      [['world', cellDat, '0xAAB4', '--portal', badRegion], 1,
        `acphys world: ${badRegion}: record 0x13000000: the region's version is not 3 (region.version at offset 8)\n`],
      [['world', badInfo, '0xA9B4'], 1,
        `acphys world: ${badInfo}: record 0xA9B4FFFE: a keyed table holds the same key twice (landblock_info.restrictions at offset 116)\n`],
    ]) {
      const r = both(args);
      assert.equal(r.status, status, args.join(' '));
      assert.equal(r.stdout, '', args.join(' '));
      assert.equal(r.stderr, stderr, args.join(' '));
    }
  });
});

describe('acp.world: the library gives what the command prints', () => {
  const cell = readFileSync(cellDat), portal = readFileSync(portalDat);
  for (const block of [0xA9B4, 0xA9B5FFFF, 0xAAB4, 0xAAB5]) {
    it(`0x${block.toString(16).toUpperCase()}: the JSON text byte for byte, and parsed`, async () => {
      const acp = await acphys();
      const printed = native(['world', cellDat, `0x${block.toString(16)}`]).stdout;
      assert.equal(acp.world(cell, block, { text: true }), printed);
      assert.deepEqual(acp.world(cell, block), JSON.parse(printed));
      assert.deepEqual(acp.world(cell, block, { portal }), JSON.parse(printed));
    });
  }
  it('errors: status 1 for a landblock the DAT lacks or bytes that are no DAT, 2 for an id out of range', async () => {
    const acp = await acphys();
    assert.throws(() => acp.world(cell, 0x0101), { status: 1, message: 'acphys world: cell holds no LandBlock 0x0101FFFF' });
    assert.throws(() => acp.world(new Uint8Array(100), 0xA9B4), (e) => e.status === 1 && /^acphys world: cell: /.test(e.message));
    assert.throws(() => acp.world(cell, -1), { status: 2 });
    assert.throws(() => acp.world(cell, 'holtburg'), { status: 2 });
  });
});
