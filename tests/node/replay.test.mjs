// `acphys replay` (issue 40, docs/REPLAY.md): a capture of acphys's own run, written by the
// network layer's encoder (tests/data/replay/loop.jsonl, made and kept current by the C suite
// `replay`), replays at distance 0 at every client report; --scenario writes a scenario that
// `acphys run` runs; --report writes the JSON the docs describe; bad arguments and inputs get
// one line naming the thing, never a crash.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { nativeCli, root } from './helpers.mjs';

const loop = join(root, 'tests', 'data', 'replay', 'loop.jsonl');

function native(args) {
  const r = spawnSync(nativeCli, ['replay', ...args], { encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, signal: r.signal };
}
function viaWasm(args) {
  const r = spawnSync(process.execPath, [join(root, 'bin', 'acphys.mjs'), 'replay', ...args], { encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, signal: r.signal };
}

let tmp;
before(() => { tmp = mkdtempSync(join(tmpdir(), 'acphys-replay-')); });
after(() => rmSync(tmp, { recursive: true, force: true }));

describe('acphys replay: the loop closes', () => {
  it('every report of acphys\'s own run is at distance 0, in the same cell, at the same heading', () => {
    const report = join(tmp, 'r.json'), scenario = join(tmp, 's.json');
    const r = native([loop, '--report', report, '--scenario', scenario]);
    assert.equal(r.stderr, '');
    assert.equal(r.status, 0);
    const j = JSON.parse(readFileSync(report, 'utf8'));
    assert.equal(j.player, '0x50000001');
    assert.ok(j.reports.length >= 8);
    for (const rep of j.reports) {
      assert.equal(rep.distance, 0, `report at ${rep.t}`);
      assert.equal(rep.same_cell, true);
      assert.equal(rep.heading_difference, 0);
      assert.deepEqual(rep.client, rep.acphys);
      assert.equal(rep.skipped, undefined);
    }
    assert.deepEqual(j.segments, []);
    assert.equal(j.summary.compared, j.reports.length);
    assert.equal(j.summary.max_distance, 0);
    assert.equal(j.summary.first_beyond, undefined);
    assert.match(r.stdout, new RegExp(`^${j.reports.length} reports: ${j.reports.length} compared, 0 skipped; cells agree ${j.reports.length}/${j.reports.length}; distance max 0.000 m, mean 0.000 m$`, 'm'));
    // the scenario it ran is an ordinary scenario
    const s = JSON.parse(readFileSync(scenario, 'utf8'));
    assert.deepEqual(s.excerpts, ['default']);
    assert.equal(s.objects[0].id, '0x50000001');
    const run = spawnSync(nativeCli, ['run', scenario, '--quiet'], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^\d+ frames, digest [0-9a-f]{16}\n$/);
  });
  it('--resync and --frames datagrams close it too; --quiet prints the totals alone', () => {
    for (const extra of [['--resync'], ['--frames', 'datagrams', '--resync']]) {
      const report = join(tmp, 'r2.json');
      const r = native([loop, '--report', report, '--quiet', ...extra]);
      assert.equal(r.status, 0, r.stderr);
      const j = JSON.parse(readFileSync(report, 'utf8'));
      if (extra[0] === '--resync') for (const rep of j.reports) assert.equal(rep.distance, 0, `${extra} report at ${rep.t}`);
      assert.match(r.stdout, /^\d+ reports: \d+ compared, 0 skipped; .*\n(every compared report within 0.5 m\n|first beyond .*\n)$/);
    }
  });
});

describe('acphys replay: bad arguments and inputs', () => {
  const cases = [
    [[], 2, /^acphys replay: no capture file\nusage: acphys replay <capture>/],
    [['a.jsonl', 'b.jsonl'], 2, /^acphys replay: a second capture "b.jsonl" \(replay takes one\)\n/],
    [['x', '--bogus'], 2, /^acphys replay: unknown option "--bogus"\n/],
    [['x', '--frames', '30'], 2, /^acphys replay: --frames must be 60hz or datagrams, not "30"\n/],
    [['x', '--threshold', '-1'], 2, /^acphys replay: --threshold must be a distance in metres from 0 to 1e6, not "-1"\n/],
    [['x', '--threshold', 'nan'], 2, /^acphys replay: --threshold must be a distance in metres from 0 to 1e6, not "nan"\n/],
    [['x', '--report'], 2, /^acphys replay: --report needs a value\n/],
    [['x', '--resync', '--resync'], 2, /^acphys replay: --resync given twice\n/],
    [['x', '--scenario', ''], 2, /^acphys replay: --scenario needs a file name, not ""\n/],
  ];
  for (const [args, status, re] of cases) {
    it(`${JSON.stringify(args)} → exit ${status}`, () => {
      const r = native(args);
      assert.equal(r.signal, null);
      assert.equal(r.status, status);
      assert.equal(r.stdout, '');
      assert.match(r.stderr, re);
    });
  }
  it('a capture that is missing, not a capture, or holds no client report: exit 1, one line naming it', () => {
    const missing = join(tmp, 'missing.jsonl');
    let r = native([missing]);
    assert.equal(r.status, 1);
    assert.match(r.stderr, new RegExp(`^acphys replay: ${missing}: cannot read the capture: .+\\n$`));
    const text = join(tmp, 'text.txt');
    writeFileSync(text, 'hello, world\n');
    r = native([text]);
    assert.equal(r.status, 1);
    assert.equal(r.stderr, `acphys replay: ${text}: not a capture: neither pcap, pcapng nor JSONL datagrams\n`); // said once (issue 33)
    const dat = join(root, 'data', 'portal-default.dat');
    r = native([dat]);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /: not a capture: neither pcap, pcapng nor JSONL datagrams\n$/);
    // the loop's server half alone: no client report
    const serverOnly = join(tmp, 'server.jsonl');
    writeFileSync(serverOnly, readFileSync(loop, 'utf8').split('\n').filter((l) => l.includes('"s2c"')).join('\n') + '\n');
    r = native([serverOnly]);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /: the capture has no client report \(MoveToState, AutonomousPosition or Jump\): nothing places the player\n$/);
  });
  it('a DAT that is missing or not a DAT, and an output that names an input: refused before any run', () => {
    let r = native([loop, '--portal', join(tmp, 'no.dat')]);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /^acphys replay: .*no\.dat: cannot read the DAT: .+\n$/);
    const notDat = join(tmp, 'not.dat');
    writeFileSync(notDat, 'not a DAT');
    r = native([loop, '--cell', notDat]);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /^acphys replay: .*not\.dat: .+\n$/);
    r = native([loop, '--report', loop]);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /^acphys replay: --report .*loop\.jsonl is an input of the replay; write it to another file\n$/);
    assert.equal(r.stdout, '');
  });
  it('--no-default without DATs: the player\'s records are missing, said in one line', () => {
    const r = native([loop, '--no-default']);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /^acphys replay: .*loop\.jsonl: the scenario made: objects\[0\]\.setup: no Setup 0x02000001 in the excerpts\n$/);
  });
});

describe('acphys replay: what a capture without AC traffic is told', () => {
  it('a pcap of UDP that is not to or from ports 9000-9013 says so, natively and through npx', () => {
    // classic pcap, LINKTYPE_IPV4 (228): one UDP datagram 5353 -> 53
    const head = Buffer.alloc(24);
    head.writeUInt32LE(0xa1b2c3d4, 0); head.writeUInt16LE(2, 4); head.writeUInt16LE(4, 6);
    head.writeUInt32LE(65535, 16); head.writeUInt32LE(228, 20);
    const payload = Buffer.from('not ac');
    const ip = Buffer.alloc(28);
    ip[0] = 0x45; ip.writeUInt16BE(28 + payload.length, 2); ip[8] = 64; ip[9] = 17;
    ip.set([10, 0, 0, 1], 12); ip.set([10, 0, 0, 2], 16);
    ip.writeUInt16BE(5353, 20); ip.writeUInt16BE(53, 22); ip.writeUInt16BE(8 + payload.length, 24);
    const rec = Buffer.alloc(16);
    rec.writeUInt32LE(1, 0); rec.writeUInt32LE(ip.length + payload.length, 8); rec.writeUInt32LE(ip.length + payload.length, 12);
    const file = join(tmp, 'noac.pcap');
    writeFileSync(file, Buffer.concat([head, rec, ip, payload]));
    const want = `acphys replay: ${file}: the capture holds no AC datagram: none of its 1 packet is UDP to or from ports 9000-9013 (the AC server's)\n`;
    for (const r of [native([file]), viaWasm([file])]) {
      assert.equal(r.status, 1);
      assert.equal(r.stderr, want);
    }
  });
});

describe('npx acphys replay: the native output, through the .wasm', () => {
  it('the same stdout, stderr, status, report and scenario, byte for byte', () => {
    const sets = [[loop], [loop, '--resync', '--quiet'], [loop, '--frames', 'datagrams', '--threshold', '0.01'],
      [loop, '--no-default'], [loop, '--cell', join(root, 'README.md')], [], [loop, '--frames', '30'], [join(root, 'README.md')]];
    for (const args of sets) {
      const n = native(args), w = viaWasm(args);
      assert.deepEqual(w, n, `npx acphys replay ${args.join(' ')}`);
    }
    const files = (tag) => [join(tmp, `${tag}-r.json`), join(tmp, `${tag}-s.json`)];
    const [nr, ns] = files('native'), [wr, ws] = files('wasm');
    assert.equal(native([loop, '--resync', '--report', nr, '--scenario', ns]).status, 0);
    assert.equal(viaWasm([loop, '--resync', '--report', wr, '--scenario', ws]).status, 0);
    assert.equal(readFileSync(wr, 'utf8'), readFileSync(nr, 'utf8'));
    assert.equal(readFileSync(ws, 'utf8'), readFileSync(ns, 'utf8'));
  });
});
