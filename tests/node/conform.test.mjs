// The conformance kit (issue 23): `acphys conform` natively and through npx over the suite
// (conformance/v1), `acphys diff`'s options, the example port (examples/port-clock).
// The port's traces here are fresh native runs of every case's scenario (not copies of the
// goldens), so a pass says the runner reproduces the suite.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { peerArgs, suiteCases } from '../../scripts/golden.mjs';
import { conform } from '../../wasm/conform.mjs';
import { acphys, nativeCli, root } from './helpers.mjs';

const native = (args) => spawnSync(nativeCli, args, { encoding: 'utf8' });
const npx = (args) => spawnSync(process.execPath, [join(root, 'bin', 'acphys.mjs'), ...args], { encoding: 'utf8', cwd: root });
/** Both CLIs: they must print the same and exit alike. */
function both(args) {
  const n = native(args), w = npx(args);
  assert.deepEqual({ status: w.status, stdout: w.stdout, stderr: w.stderr }, { status: n.status, stdout: n.stdout, stderr: n.stderr },
    `npx and native differ for ${args.join(' ')}`);
  return n;
}
const rows = (out) => out.split('\n').filter((l) => /^\S+\s+\S+\s+(pass|FAIL|missing)/.test(l));
const lines = (p) => readFileSync(p, 'utf8').split('\n').filter((l) => l.trim());

let tmp, port;
before(() => {
  tmp = mkdtempSync(join(tmpdir(), 'acphys-conform-'));
  port = join(tmp, 'port');
  mkdirSync(port);
  for (const c of suiteCases()) {
    const r = native(['run', c.scenario, '--quiet', '--profile', c.profile, ...peerArgs(c), '--trace', join(port, `${c.trace}.jsonl`)]);
    assert.equal(r.status, 0, r.stderr);
  }
});
after(() => rmSync(tmp, { recursive: true, force: true }));

/** A copy of the fresh traces to change. */
function copyPort(name) {
  const dir = join(tmp, name);
  cpSync(port, dir, { recursive: true });
  return dir;
}

describe('acphys conform over the suite (conformance/v1/manifest.json)', () => {
  it('fresh runs of every case pass 100 %, natively and through npx alike', () => {
    const cases = suiteCases();
    assert.ok(cases.length >= 20);
    const r = both(['conform', port]);
    assert.equal(r.status, 0, r.stdout);
    const rs = rows(r.stdout);
    assert.equal(rs.length, cases.length);
    assert.ok(rs.every((l) => / pass$/.test(l)), r.stdout);
    assert.match(r.stdout, new RegExp(`\\n  all +${cases.length} pass, 0 fail, 0 missing \\(of ${cases.length}\\)\\n`));
    assert.match(r.stdout, /\nconform: PASS \(every judged case agrees\)\n$/);
    assert.match(r.stdout, /^group +case +result\n/); // issue 33: a row is a case (a scenario under a profile)
    for (const g of new Set(cases.map((c) => c.group)))
      assert.match(r.stdout, new RegExp(`\\n  ${g} +${cases.filter((c) => c.group === g).length} pass, 0 fail`));
  });
  it('every group the issue names has a case, except the ones the manifest marks as having none yet', () => {
    const m = JSON.parse(readFileSync(join(root, 'conformance', 'v1', 'manifest.json'), 'utf8'));
    const groups = new Set(suiteCases().map((c) => c.group));
    for (const g of m.groups) assert.equal(groups.has(g.name), !g.status, `${g.name}: ${g.status ?? 'has cases'}`);
    for (const c of m.cases) {
      assert.ok(c.retail.length > 0 && c.fields.length > 0, c.trace);
      const { description } = JSON.parse(readFileSync(join(root, 'conformance', 'v1', c.scenario), 'utf8'));
      for (const r of c.retail) assert.ok(description.includes(r.split(' (')[0]), `${c.scenario}: its description does not name ${r}`);
      assert.ok(m.groups.some((g) => g.name === c.group), c.group);
    }
  });
  it('one float 1 ulp off fails exactly that case, naming frame, field and ulps; --ulps 1 passes it', () => {
    const dir = copyPort('perturbed');
    const file = join(dir, 'clock-profiles.acdream-r6.jsonl');
    const ls = lines(file);
    const f = JSON.parse(ls[2]); // frame 3: the 0.25 s hitch, two quanta
    const q = new Float32Array([f.objects[0].quanta[1]]);
    new Uint32Array(q.buffer)[0] += 1;
    f.objects[0].quanta[1] = q[0];
    delete f.digest;
    ls[2] = JSON.stringify(f);
    writeFileSync(file, `${ls.join('\n')}\n`);
    const r = both(['conform', dir]);
    assert.equal(r.status, 1);
    const failed = rows(r.stdout).filter((l) => !/ pass$/.test(l));
    assert.deepEqual(failed.map((l) => l.replace(/ +/g, ' ')),
      ['clock clock-profiles.acdream-r6 FAIL frame 3: objects[0].quanta[1] (object id 1): 1 ulp (float32)']);
    assert.match(r.stdout, /\n {2}clock +5 pass, 1 fail, 0 missing \(of 6\)\n/);
    assert.match(r.stdout, /conform: FAIL\n$/);
    const tol = both(['conform', dir, '--ulps', '1']);
    assert.equal(tol.status, 0, tol.stdout);
    assert.ok(rows(tol.stdout).every((l) => / pass$/.test(l)));
    assert.equal(both(['conform', dir, '--ulps', 'double=1']).status, 1); // quanta are floats
    assert.equal(both(['conform', dir, '--group', 'world-gate']).status, 0);
  });
  it('a trace without optional fields passes with "not written"; --fields asking for one fails', () => {
    const dir = copyPort('sparse');
    const file = join(dir, 'falling-creature.jsonl');
    const sparse = lines(file).filter((l) => 'frame' in JSON.parse(l)).map((l) => {
      const f = JSON.parse(l);
      return JSON.stringify({ frame: f.frame, objects: f.objects.map((o) => ({ id: o.id, cell: o.cell, origin: o.origin })) });
    });
    writeFileSync(file, `${sparse.join('\n')}\n`);
    const r = both(['conform', dir, '--group', 'gravity-friction']);
    assert.equal(r.status, 0, r.stdout);
    assert.match(r.stdout, /falling-creature +pass \(not written: state, transient, orientation, velocity\)\n/);
    const asked = both(['conform', dir, '--group', 'gravity-friction', '--fields', 'origin,velocity']);
    assert.equal(asked.status, 1);
    assert.match(asked.stdout, /falling-creature +FAIL frame 1: objects\[0\]\.velocity \(object id 1\): b does not have it\n/);
  });
  it('a missing trace file is "missing", and fails the run', () => {
    const dir = copyPort('missing');
    unlinkSync(join(dir, 'turn-in-place.jsonl'));
    const r = both(['conform', dir]);
    assert.equal(r.status, 1);
    assert.match(r.stdout, /\nturns +turn-in-place +missing \(no turn-in-place\.jsonl\)\n/);
    assert.match(r.stdout, /\n {2}turns +0 pass, 0 fail, 1 missing \(of 1\)\n/);
  });
  it('diff --fields judges only those fields: the closing line\'s profile is not one of them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'acphys-closing-'));
    try {
      const golden = join(root, 'tests', 'golden', 'running-turning-player.jsonl');
      const text = readFileSync(golden, 'utf8').trimEnd().split('\n');
      const closing = JSON.parse(text.at(-1));
      assert.equal(closing.profile, 'retail');
      text[text.length - 1] = JSON.stringify({ ...closing, profile: 'acdream-r6' });
      const other = join(dir, 'other.jsonl');
      writeFileSync(other, `${text.join('\n')}\n`);
      assert.equal(both(['diff', golden, other]).status, 1);
      const r = both(['diff', golden, other, '--fields', 'quanta']);
      assert.equal(r.status, 0, r.stdout + r.stderr);
    } finally { rmSync(dir, { recursive: true, force: true }); }
  });

  it('a traces folder that does not exist (a typo) is a usage error naming it, not 23 missing cases', () => {
    const gone = join(tmpdir(), `acphys-no-such-folder-${process.pid}`);
    const r = both(['conform', gone]);
    assert.equal(r.status, 2);
    assert.equal(r.stdout, '');
    assert.equal(r.stderr, `acphys: conform: ${gone} is not a folder of traces (No such file or directory)\n`);
    const file = join(root, 'README.md');
    assert.equal(both(['conform', file]).stderr, `acphys: conform: ${file} is not a folder of traces (not a directory)\n`);
  });

  it('a file that is not a trace fails its case with the reason; bad options and groups are usage errors', () => {
    const dir = copyPort('broken');
    writeFileSync(join(dir, 'crossing-east.jsonl'), '{"frame": 1,\n');
    const r = both(['conform', dir, '--group', 'landblock-crossing']);
    assert.equal(r.status, 1);
    assert.ok(r.stdout.includes(`crossing-east  FAIL not a trace: line 1 of ${join(dir, 'crossing-east.jsonl')} is not valid JSON`), r.stdout);
    // A file that is no trace at all (a DAT's bytes, a text): said so, with its first 16 bytes.
    writeFileSync(join(dir, 'crossing-east.jsonl'), Buffer.from([0, 1, 0x7f, 0x80, 0xff, 0x22, 0x5c, 0x0a, 0x0d, 0x09, 0x41, 0x7e, 0x20, 0x7b, 0x5b, 0x30, 0x31]));
    const dat = both(['conform', dir, '--group', 'landblock-crossing']);
    assert.equal(dat.status, 1);
    assert.match(dat.stdout, /crossing-east +FAIL not a trace: b is not a trace file \(its first line does not open a JSON object\): its first bytes are 00 01 7f 80 ff 22 5c 0a 0d 09 41 7e 20 7b 5b 30 "\.\.\.\.\.\\"\\\\\\n\\r\\tA~ \{\[0"\.\.\.\n/);
    writeFileSync(join(dir, 'crossing-east.jsonl'), '\n  \r\n# notes\n');
    const txt = both(['conform', dir, '--group', 'landblock-crossing']);
    assert.equal(txt.status, 1);
    assert.match(txt.stdout, /crossing-east +FAIL not a trace: b is not a trace file \(its first line does not open a JSON object\): its first bytes are 0a 20 20 0d 0a 23 20 6e 6f 74 65 73 0a "\\n  \\r\\n# notes\\n"\n/);
    for (const args of [['conform', dir, '--group', 'nope'], ['conform', dir, '--ulps', 'x'], ['conform'], ['conform', dir, '--fields', 'nope'], ['conform', dir, '--all']]) {
      const e = both(args);
      assert.equal(e.status, 2, args.join(' '));
      assert.equal(e.stdout, '');
      assert.match(e.stderr, /^(acphys: |acphys conform: |usage: )/);
    }
  });
});

describe('the collisions group judges the collision reports', () => {
  const stripped = (dir, edit) => {
    for (const name of ['quarrel-hits-drudge', 'two-runners']) {
      const file = join(dir, `${name}.jsonl`);
      writeFileSync(file, lines(file).map((l) => {
        const f = JSON.parse(l);
        if (!f.objects) return l; // the closing {"digest"} line
        delete f.digest;
        for (const o of f.objects) edit(o);
        return JSON.stringify(f);
      }).join('\n'));
    }
  };
  it('a port that never writes collisions or collision_ends passes with both named as not written', () => {
    const dir = copyPort('no-collisions');
    stripped(dir, (o) => { delete o.collisions; delete o.collision_ends; });
    const r = both(['conform', dir, '--group', 'collisions']);
    assert.equal(r.status, 0, r.stdout);
    assert.match(r.stdout, /quarrel-hits-drudge +pass \(not written: collisions\)/);
    assert.match(r.stdout, /two-runners +pass \(not written: collisions, collision_ends\)/);
  });
  it('a port that reports a collision end one object short fails on collision_ends', () => {
    const dir = copyPort('short-ends');
    stripped(dir, (o) => { if (o.collision_ends && o.id === 1) o.collision_ends = o.collision_ends.slice(1); if (o.collision_ends?.length === 0) delete o.collision_ends; });
    const r = both(['conform', dir, '--group', 'collisions']);
    assert.equal(r.status, 1, r.stdout);
    assert.match(r.stdout, /two-runners +FAIL .*collision_ends/);
  });
  it('--fields names them', () => {
    const golden = join(root, 'conformance', 'v1', 'golden', 'two-runners.jsonl');
    assert.equal(both(['diff', golden, golden, '--fields', 'origin,collisions,collision_ends']).status, 0);
  });
});

describe('acphys diff options', () => {
  const golden = join(root, 'conformance', 'v1', 'golden', 'sliding-to-rest.jsonl');
  it('--all lists every differing frame, one line each, then the count', () => {
    const ls = lines(golden);
    const file = join(tmp, 'all.jsonl');
    for (const k of [4, 9, 20]) {
      const f = JSON.parse(ls[k]);
      f.objects[0].origin[1] += 1;
      delete f.digest;
      ls[k] = JSON.stringify(f);
    }
    writeFileSync(file, ls.join('\n'));
    const r = both(['diff', golden, file, '--all']);
    assert.equal(r.status, 1);
    assert.deepEqual(r.stdout.split('\n').slice(0, 3).map((l) => l.replace(/: \d+ ulps \(float32\)$/, '')),
      ['frame 5: objects[0].origin[1] (object id 1)', 'frame 10: objects[0].origin[1] (object id 1)', 'frame 21: objects[0].origin[1] (object id 1)']);
    assert.equal(r.stdout.split('\n')[3], '3 lines differ (the first: line 5)');
    const abs = both(['diff', golden, file, '--abs', '1']);
    assert.equal(abs.status, 0, abs.stdout);
    assert.equal(both(['diff', golden, file, '--fields', 'velocity,cell']).status, 0);
  });
});

describe('the example port (examples/port-clock)', () => {
  it('passes acphys conform --group clock --fields now,gate,elapsed,quanta,pending,update_time (and world-gate)', () => {
    const out = join(tmp, 'port-clock');
    for (const group of ['clock', 'world-gate']) {
      const p = spawnSync(process.execPath, [join(root, 'examples', 'port-clock', 'port.mjs'), '--group', group, out], { encoding: 'utf8' });
      assert.equal(p.status, 0, p.stderr);
      const r = both(['conform', out, '--group', group, '--fields', 'now,gate,elapsed,quanta,pending,update_time']);
      assert.equal(r.status, 0, r.stdout);
      assert.equal(rows(r.stdout).length, suiteCases().filter((c) => c.group === group).length);
      assert.ok(rows(r.stdout).every((l) => / pass$/.test(l)), r.stdout);
    }
    // Its traces hold only the clock fields: the other fields a case judges are "not written".
    const r = both(['conform', out, '--group', 'clock']);
    assert.equal(r.status, 0);
    const first = JSON.parse(lines(join(out, 'clock-profiles.jsonl'))[0]);
    assert.deepEqual(Object.keys(first.objects[0]).sort(), ['elapsed', 'id', 'pending', 'quanta', 'update_time']);
  });
  it('uses none of acphys\'s code: it imports only Node\'s own modules', () => {
    const src = readFileSync(join(root, 'examples', 'port-clock', 'port.mjs'), 'utf8');
    const imports = [...src.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]);
    assert.ok(imports.length > 0);
    assert.ok(imports.every((i) => i.startsWith('node:')), imports.join(', '));
  });
});

describe('generated documents stay current', () => {
  it('docs/PORTING.md: the tables of ids, styles, hooks and state bits (node scripts/gen-porting.mjs)', async () => {
    const { render } = await import('../../scripts/gen-porting.mjs');
    const doc = readFileSync(join(root, 'docs', 'PORTING.md'), 'utf8');
    assert.ok(render(doc) === doc, 'docs/PORTING.md is stale: node scripts/gen-porting.mjs');
    assert.match(doc, /\| `0x44000007` \| RunForward \| substate \|/);
    assert.match(doc, /\| 2 \| SoundTable \|/);
  });
  it('conformance/v1/records: every excerpt record, exactly as acphys dump prints it (node scripts/gen-records.mjs)', async () => {
    const { EXCERPTS, RECORDS_DIR, recordsText } = await import('../../scripts/gen-records.mjs');
    for (const name of EXCERPTS) {
      const text = readFileSync(join(RECORDS_DIR, `${name}.jsonl`), 'utf8');
      assert.ok(text === recordsText(name), `${name}.jsonl is stale: node scripts/gen-records.mjs`);
      const ids = native(['list', join(root, 'data', `${name}.dat`)]).stdout.trim().split('\n').slice(1).map((l) => l.split(/\s+/)[0]);
      assert.deepEqual(text.trim().split('\n').map((l) => JSON.parse(l).id), ids);
    }
  });
  it('conformance/v1/two-buildings.dat: the LandBlockInfo of two-buildings-one-cell (node scripts/gen-two-buildings.mjs)', () => {
    const r = spawnSync('node', [join(root, 'scripts', 'gen-two-buildings.mjs'), '--check'], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const rec = JSON.parse(native(['dump', join(root, 'conformance', 'v1', 'two-buildings.dat'), '0xA9B4FFFE']).stdout);
    assert.deepEqual(rec.buildings.map((b) => [b.model_id, b.frame.origin, b.portals.length]),
      [['0x0100F300', [82, 6, 94], 0], ['0x0100F300', [90, 18, 94], 0]]);
  });
});

describe('docs/PORTING.md states the clock constants exactly', () => {
  it("the ladder table's decimals are the float32 and double values of the constants", () => {
    const doc = readFileSync(join(root, 'docs', 'PORTING.md'), 'utf8');
    const row = (name) => doc.split('\n').find((l) => l.startsWith(`| ${name} |`));
    assert.ok(row('MIN_QUANTUM').includes(`\`float(1.0/30.0)\` = ${Math.fround(1 / 30)}`));
    assert.ok(row('MAX_QUANTUM').includes(`\`float(0.2)\` = ${Math.fround(0.2)}`));
    assert.ok(row('EPSILON').includes(`\`float(0.0002)\` = ${Math.fround(0.0002)}`));
  });
});

describe('per-quantum records and dereth\'s gate (issue 35)', () => {
  it('run --records quanta and --records quanta --format dereth write every per-quantum golden, natively and through npx alike', () => {
    const cases = suiteCases().filter((c) => c.dereth);
    assert.ok(cases.length >= 11);
    for (const c of cases) {
      for (const [kind, golden] of [['quanta', c.quanta], ['dereth', c.dereth]]) {
        const fmt = kind === 'dereth' ? ['--format', 'dereth'] : [];
        for (const [side, cli] of [['native', native], ['npx', npx]]) {
          const out = join(tmp, `${c.trace}.${kind}.${side}.jsonl`);
          const r = cli(['run', c.scenario, '--quiet', '--records', 'quanta', ...fmt, '--trace', out]);
          assert.equal(r.status, 0, r.stderr);
          assert.ok(readFileSync(out, 'utf8') === readFileSync(golden, 'utf8'), `${side} ${kind} run of ${c.trace} differs from ${golden}`);
        }
      }
    }
  });
  it('a quantum record carries the environment reports its own quantum added (env_collisions), natively and through npx alike', () => {
    // bounce-clamped at 4 Hz: frame 1 runs two quanta (0.25 s > MAX_QUANTUM 0.2 s) and the drudge
    // lands in the first; the frame's env_collisions (1) belongs to that record alone.
    const s = JSON.parse(readFileSync(join(root, 'conformance', 'v1', 'scenarios', 'bounce-clamped.json'), 'utf8'));
    s.frames = { hz: 4, count: 12, start: 0 };
    const scen = join(tmp, 'bounce-4hz.json');
    writeFileSync(scen, JSON.stringify(s));
    for (const [side, cli] of [['native', native], ['npx', npx]]) {
      const fout = join(tmp, `bounce-4hz.frames.${side}.jsonl`), qout = join(tmp, `bounce-4hz.quanta.${side}.jsonl`);
      assert.equal(cli(['run', scen, '--quiet', '--trace', fout]).status, 0);
      assert.equal(cli(['run', scen, '--quiet', '--records', 'quanta', '--trace', qout]).status, 0);
      const f1 = JSON.parse(lines(fout)[0]).objects[0];
      assert.equal(f1.quanta.length, 2);
      assert.equal(f1.env_collisions, 1);
      const recs = lines(qout).map((l) => JSON.parse(l)).filter((r) => r.frame === 1);
      assert.deepEqual(recs.map((r) => [r.quantum, r.objects[0].env_collisions]), [[1, 1], [2, undefined]], side);
    }
  });
  it('conform --format dereth (native) passes the dereth goldens, fails origin 2e-5 off at sub-step 50 and passes it at 150 (--exact fails it)', () => {
    const dir = join(tmp, 'dereth');
    mkdirSync(dir, { recursive: true });
    const cases = suiteCases().filter((c) => c.dereth);
    for (const c of cases) cpSync(c.dereth, join(dir, `${c.trace}.jsonl`));
    const ok = native(['conform', dir, '--format', 'dereth']);
    assert.equal(ok.status, 0, ok.stdout + ok.stderr);
    assert.match(ok.stdout, new RegExp(`all +${cases.length} pass, 0 fail, 0 missing`));
    const file = join(dir, 'same_walk_at_250fps.jsonl');
    const golden = readFileSync(file, 'utf8');
    const perturb = (index) => {
      const ls = golden.split('\n').filter((l) => l);
      const r = JSON.parse(ls[index]);
      r.origin[0] = Math.fround(r.origin[0] * (1 + 2e-5));
      ls[index] = JSON.stringify(r);
      writeFileSync(file, `${ls.join('\n')}\n`);
    };
    perturb(50);
    const early = native(['conform', dir, '--format', 'dereth']);
    assert.equal(early.status, 1);
    assert.match(early.stdout, /same_walk_at_250fps +FAIL sub-step 50: origin/);
    perturb(150);
    assert.equal(native(['conform', dir, '--format', 'dereth']).status, 0);
    const exact = native(['conform', dir, '--format', 'dereth', '--exact']);
    assert.equal(exact.status, 1);
    assert.match(exact.stdout, /same_walk_at_250fps +FAIL sub-step 150: origin/);
    writeFileSync(file, golden);
  });
});

describe('conform reads per-quantum traces (issue 35 review)', () => {
  it('a quanta trace as <case>.jsonl or <case>.quanta.jsonl is judged against the quanta golden, natively and through npx alike', () => {
    const cases = suiteCases().filter((c) => c.quanta);
    for (const name of ['plain', 'suffixed']) {
      const dir = join(tmp, `quanta-${name}`);
      mkdirSync(dir, { recursive: true });
      for (const c of cases) cpSync(c.quanta, join(dir, name === 'plain' ? `${c.trace}.jsonl` : `${c.trace}.quanta.jsonl`));
      const r = both(['conform', dir, '--group', 'dereth-gate']);
      assert.equal(r.status, 0, r.stdout + r.stderr);
      assert.match(r.stdout, new RegExp(`all +${cases.length} pass, 0 fail, 0 missing`));
    }
    // One quantum record's origin one float ulp off: that quantum is named.
    const file = join(tmp, 'quanta-plain', 'same_walk_at_4fps.jsonl');
    const ls = lines(file);
    const r = JSON.parse(ls[4]);
    const f = new Float32Array([r.objects[0].origin[0]]);
    new Uint32Array(f.buffer)[0] += 1;
    r.objects[0].origin[0] = f[0];
    ls[4] = JSON.stringify(r);
    writeFileSync(file, `${ls.join('\n')}\n`);
    const bad = both(['conform', join(tmp, 'quanta-plain'), '--group', 'dereth-gate']);
    assert.equal(bad.status, 1);
    assert.match(bad.stdout, /same_walk_at_4fps +FAIL .*origin/);
  });
  it('natively, a quanta trace of a case with no quanta golden is judged frames against quanta as diff does', () => {
    const dir = join(tmp, 'quanta-clock');
    mkdirSync(dir, { recursive: true });
    const cases = suiteCases().filter((c) => c.group === 'clock');
    for (const c of cases) {
      const r = native(['run', c.scenario, '--quiet', '--profile', c.profile, ...peerArgs(c), '--records', 'quanta', '--trace', join(dir, `${c.trace}.jsonl`)]);
      assert.equal(r.status, 0, r.stderr);
    }
    const ok = native(['conform', dir, '--group', 'clock']);
    assert.equal(ok.status, 0, ok.stdout + ok.stderr);
    assert.match(ok.stdout, new RegExp(`all +${cases.length} pass, 0 fail, 0 missing`));
    const js = npx(['conform', dir, '--group', 'clock']);
    assert.equal(js.status, 1);
    assert.match(js.stdout, /per-quantum trace of a case with no quanta golden: the native CLI/);
  });
  it('a malformed line is named by the trace file\'s path, not "b"', () => {
    const dir = join(tmp, 'bad-line');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'clock-profiles.jsonl');
    writeFileSync(file, `${lines(join(root, 'conformance', 'v1', 'golden', 'clock-profiles.jsonl'))[0]}\nnot json\n`);
    const r = both(['conform', dir, '--group', 'clock']);
    assert.equal(r.status, 1);
    assert.ok(r.stdout.includes(`clock-profiles             FAIL not a trace: line 2 of ${file} is not valid JSON`), r.stdout);
  });
  it('a dereth trace judged without --format dereth is told to add it', () => {
    const dir = join(tmp, 'dereth-plain');
    mkdirSync(dir, { recursive: true });
    const c = suiteCases().find((k) => k.dereth);
    cpSync(c.dereth, join(dir, `${c.trace}.jsonl`));
    const r = both(['conform', dir, '--group', 'dereth-gate']);
    assert.equal(r.status, 1);
    assert.match(r.stdout, new RegExp(`${c.trace} +FAIL .*judge them with --format dereth`));
  });
});

describe('conform() from JavaScript takes plain options (issue 33)', () => {
  it('{group, fields, ulps, abs} give what the flags give the CLI: status, report, error', async () => {
    const acp = await acphys();
    const dir = copyPort('js-options');
    // One float off by one ulp in a clock case: fails bit for bit, passes within 1 float ulp.
    const file = join(dir, 'clock-profiles.jsonl');
    const ls = lines(file);
    const k = ls.findIndex((t) => JSON.parse(t).objects?.[0]?.quanta?.length > 0);
    assert.ok(k >= 0);
    const l = JSON.parse(ls[k]);
    const q = l.objects[0].quanta;
    const f = new Float32Array([q[0]]), u = new Uint32Array(f.buffer);
    u[0] += 1;
    q[0] = f[0];
    ls[k] = JSON.stringify(l);
    writeFileSync(file, `${ls.join('\n')}\n`);
    for (const [opts, args] of [
      [{ group: 'clock' }, ['--group', 'clock']],
      [{ group: 'clock', ulps: 1 }, ['--group', 'clock', '--ulps', '1']],
      [{ group: 'clock', ulps: { float: 1, double: 0 } }, ['--group', 'clock', '--ulps', 'float=1,double=0']],
      [{ group: 'clock', fields: ['now', 'gate'] }, ['--group', 'clock', '--fields', 'now,gate']],
      [{ group: 'clock', fields: 'now,quanta', abs: 1e-6 }, ['--group', 'clock', '--fields', 'now,quanta', '--abs', '1e-6']],
      [{ group: 'clock', ulps: 'many' }, ['--group', 'clock', '--ulps', 'many']],
      [{ group: 'nope' }, ['--group', 'nope']],
    ]) {
      const n = native(['conform', dir, ...args]);
      const r = conform(acp, dir, opts);
      assert.equal(r.status, n.status, JSON.stringify(opts));
      if (n.status === 2) assert.equal(`acphys: ${r.err}\n`, n.stderr, JSON.stringify(opts));
      else assert.equal(r.out, n.stdout, JSON.stringify(opts));
    }
    assert.equal(conform(acp, dir, { group: 'clock' }).status, 1);
    assert.equal(conform(acp, dir, { group: 'clock', ulps: 1 }).status, 0);
    // dereth's records are judged by the native CLI only: refused as npx refuses --format dereth.
    const viaNpx = npx(['conform', dir, '--format', 'dereth']);
    assert.equal(viaNpx.status, 2);
    for (const opts of [{ format: 'dereth' }, { format: 'dereth', exact: true }, { exact: true }]) {
      const r = conform(acp, dir, opts);
      assert.equal(r.status, 2, JSON.stringify(opts));
      assert.equal(`acphys: ${r.err}\n`, viaNpx.stderr, JSON.stringify(opts));
    }
    const bad = conform(acp, dir, { format: 'xml' });
    assert.equal(bad.status, 2);
    assert.equal(`acphys: ${bad.err}\n`, native(['conform', dir, '--format', 'xml']).stderr);
    assert.equal(conform(acp, dir, { group: 'clock', ulps: 1, format: 'acphys' }).status, 0);
  });
  it('issue 33 review: an unknown key, options that are no object and empty fields are refused (status 2, named); null is no options', async () => {
    const acp = await acphys();
    const dir = copyPort('js-bad-options');
    const known = '(known: suite, group, fields, ulps, abs, format, exact)';
    for (const [opts, err] of [
      [{ grup: 'clock' }, `conform: unknown option "grup" ${known}`],
      [{ group: 'clock', ulp: 1 }, `conform: unknown option "ulp" ${known}`],
      [['--group', 'clock'], 'conform: the options must be an object ({ suite, group, fields, ulps, abs, format, exact }), not an array'],
      ['--group clock', 'conform: the options must be an object ({ suite, group, fields, ulps, abs, format, exact }), not a string'],
      [7, 'conform: the options must be an object ({ suite, group, fields, ulps, abs, format, exact }), not a number'],
      [{ fields: [] }, 'conform: fields: give the trace fields to judge, a non-empty array of names or "a,b,c" (or leave fields out to judge them all)'],
      [{ fields: '' }, 'conform: fields: give the trace fields to judge, a non-empty array of names or "a,b,c" (or leave fields out to judge them all)'],
      [{ fields: ['now', 3] }, 'conform: fields: give the trace fields to judge, a non-empty array of names or "a,b,c" (or leave fields out to judge them all)'],
    ]) {
      const r = conform(acp, dir, opts);
      assert.deepEqual(r, { status: 2, err }, JSON.stringify(opts));
    }
    // null and undefined: no options, every group judged (the fresh port passes).
    const all = conform(acp, dir);
    assert.equal(all.status, 0, all.err);
    assert.deepEqual(conform(acp, dir, null), all);
    // The dereth refusal points at the native CLI by its docs, not at a path only a clone has.
    assert.equal(conform(acp, dir, { format: 'dereth' }).err, 'conform: --format dereth and --exact are in the native CLI (docs/PORTING.md) for now');
  });
});
