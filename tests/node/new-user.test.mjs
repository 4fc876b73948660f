// What a new user hit (issue 33), each pinned: a clone before its first build (no stack trace:
// what is missing and the command that builds it); the DAT commands list, dump and excerpt
// through the .wasm, byte for byte the native CLI's; list's header, dates and the order of its
// messages; dump of an absent id; a DAT handed to run; the page's run file run as a scenario;
// the temporary trace a run killed with SIGKILL leaves, removed by the next run that writes there.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { writeDat } from '../../wasm/acphys.mjs';
import { acphys, nativeCli, root } from './helpers.mjs';

const binJs = join(root, 'bin', 'acphys.mjs');
function native(args, opts = {}) {
  const r = spawnSync(nativeCli, args, { encoding: 'utf8', ...opts });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
function viaWasm(args, opts = {}) {
  const r = spawnSync(process.execPath, [binJs, ...args], { encoding: 'utf8', ...opts });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
/** Both CLIs, which must print the same bytes and exit alike; returns the native result. */
function both(args, opts = {}) {
  const n = native(args, opts);
  assert.deepEqual(viaWasm(args, opts), n, `npx acphys ${args.join(' ')} differs from native`);
  return n;
}

const portal = join(root, 'data', 'portal-default.dat');
const cell = join(root, 'data', 'cell-default.dat');
let tmp;
before(() => { tmp = mkdtempSync(join(tmpdir(), 'acphys-new-user-')); });
after(() => rmSync(tmp, { recursive: true, force: true }));

describe('a clone before its first build: no stack trace', () => {
  it('npx acphys conform and run say which file is missing and the command that builds it (exit 1)', () => {
    // A clone's files (what git tracks) without the build: wasm/acphys.wasm is not tracked.
    const clone = join(tmp, 'clone');
    const files = spawnSync('git', ['ls-files', '-z', 'bin', 'wasm', 'conformance', 'package.json'], { cwd: root, encoding: 'utf8' });
    assert.equal(files.status, 0, files.stderr);
    for (const f of files.stdout.split('\0').filter(Boolean)) {
      mkdirSync(dirname(join(clone, f)), { recursive: true });
      copyFileSync(join(root, f), join(clone, f));
    }
    assert.ok(!existsSync(join(clone, 'wasm', 'acphys.wasm')));
    const wasm = join(clone, 'wasm', 'acphys.wasm');
    const expected = `acphys: ${wasm} is missing: a clone has no .wasm until it is built. Build it with\n  npm run build\n` +
      '(it needs Emscripten; without Emscripten, the native CLI does the same: docs/PORTING.md)\n';
    for (const args of [['conform', 'conformance/v1/golden'], ['run', 'conformance/v1/scenarios/clock-profiles.json'],
      ['list', 'x.dat'], ['diff', 'a', 'b']]) {
      const r = spawnSync('npx', ['--no-install', 'acphys', ...args], { cwd: clone, encoding: 'utf8',
        env: { ...process.env, npm_config_update_notifier: 'false' } });
      assert.equal(r.status, 1, `${args[0]}: ${r.stderr}`);
      assert.equal(r.stdout, '');
      assert.equal(r.stderr, expected, args[0]);
    }
  });
});

describe('list, dump and excerpt through the .wasm: the native bytes (issue 33 item 5)', () => {
  it('list of both default excerpts: a header row, then one line per entry with its date in UTC', () => {
    for (const dat of [portal, cell]) {
      const r = both(['list', dat]);
      assert.equal(r.status, 0, r.stderr);
      const lines = r.stdout.trimEnd().split('\n');
      assert.equal(lines[0], 'id          type                      size  date (UTC)          iteration');
      assert.ok(lines.length > 5);
      for (const l of lines.slice(1)) assert.match(l, /^0x[0-9A-F]{8}  \S+ +\d+  (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d|- {18}) +-?\d+$/, l);
    }
  });
  it('list prints each date as Date.toISOString would (UTC), 0 as "-", across 1901 to 2038', async () => {
    const acp = await acphys();
    const dates = [0, 1, -1, 86399, 86400, 951782400, 951868799, 1378000000, 2147483647, -2147483648];
    const records = dates.map((date, i) => ({ id: 0x06000001 + i, bytes: new Uint8Array([i, 1, 2, 3]), date, iteration: i - 2 }));
    const file = join(tmp, 'dates.dat');
    writeFileSync(file, writeDat(acp, { dataSet: 1, records }));
    const r = both(['list', file]);
    assert.equal(r.status, 0, r.stderr);
    const rows = r.stdout.trimEnd().split('\n').slice(1);
    assert.equal(rows.length, dates.length);
    rows.forEach((row, i) => {
      const when = dates[i] === 0 ? '-' : new Date(dates[i] * 1000).toISOString().replace('T', ' ').slice(0, 19);
      const id = `0x${(0x06000001 + i).toString(16).toUpperCase().padStart(8, '0')}`;
      assert.equal(row, `${id}  ${'unknown'.padEnd(19)} ${'4'.padStart(10)}  ${when.padEnd(19)} ${String(i - 2).padStart(9)}`);
    });
  });
  it('dump: parsed records (a LandBlock with its heights), an entry of an unparsed type, an absent id', () => {
    for (const [dat, id] of [[portal, '0x02000001'], [portal, '0x09000001'], [portal, '0x13000000'], [cell, '0xA9B4FFFF'], [cell, '0xA9B4FFFE']]) {
      const r = both(['dump', dat, id]);
      assert.equal(r.status, 0, `${id}: ${r.stderr}`);
      assert.equal(JSON.parse(r.stdout).id, id);
    }
    const absent = both(['dump', portal, '0x02999999']);
    assert.equal(absent.status, 1);
    assert.equal(absent.stdout, '');
    // The id is the news; no "file offset 0, field id".
    assert.equal(absent.stderr, `acphys: ${portal}: no record 0x02999999 in this DAT (ACP_DAT_ERR_NOT_FOUND)\n`);
  });
  it('excerpt: the same file, report and notes; usage errors, -o naming the DAT, unreadable files', () => {
    const outs = { native: join(tmp, 'hum-native.dat'), wasm: join(tmp, 'hum-wasm.dat') };
    const n = native(['excerpt', portal, '0x02000001', '-o', outs.native]);
    const w = viaWasm(['excerpt', portal, '0x02000001', '-o', outs.wasm]);
    assert.equal(n.status, 0, n.stderr);
    assert.deepEqual({ ...w, stdout: w.stdout.replace(outs.wasm, outs.native) }, n);
    assert.match(n.stdout, /: 57 records \(1 named, 56 they need\), \d+ bytes, block size 1024\n$/);
    assert.deepEqual(readFileSync(outs.wasm), readFileSync(outs.native));
    // A cell record naming portal records: the notes.
    const c = both(['excerpt', cell, '0xA9B4FFFE', '-o', join(tmp, 'holtburg.dat')]);
    assert.equal(c.status, 0, c.stderr);
    assert.match(c.stderr, /(^|\n)acphys: note: 0x0100F300 is named by a copied record and lives in the portal DAT: excerpt it from there\n/);
    for (const args of [['excerpt', portal, '0x02000001'], ['excerpt', portal, '-o'], ['excerpt', portal, 'zz', '-o', join(tmp, 'z.dat')],
      ['excerpt', portal, '0x02000001', '-o', portal], ['excerpt', tmp, '0x1', '-o', join(tmp, 'z.dat')],
      ['excerpt', join(tmp, 'none.dat'), '0x1', '-o', join(tmp, 'z.dat')], ['excerpt', portal, '0x02000001', '-o', tmp],
      ['dump', portal], ['dump', portal, '0x1x'], ['list'], ['list', join(tmp, 'none.dat')], ['list', tmp], ['list', binJs]]) {
      const r = both(args);
      assert.notEqual(r.status, 0, args.join(' '));
      assert.equal(r.stdout, '', args.join(' '));
      assert.match(r.stderr, /^(acphys|usage)/, args.join(' '));
    }
    assert.equal(both(['list', tmp]).stderr, `acphys: ${tmp}: not a regular file (a directory)\n`);
    assert.equal(both(['list', join(tmp, 'none.dat')]).stderr, `acphys: ${join(tmp, 'none.dat')}: cannot open: No such file or directory\n`);
  });
  it('a truncated DAT: "it is truncated" comes first, then the error it explains; the header alone still lists', () => {
    const bytes = readFileSync(cell);
    const tiny = join(tmp, 'tiny.dat'), cut = join(tmp, 'cut.dat');
    writeFileSync(tiny, bytes.subarray(0, 400));
    writeFileSync(cut, bytes.subarray(0, 3000));
    const t = both(['list', tiny]);
    assert.equal(t.status, 1);
    assert.match(t.stderr, new RegExp(`^acphys: ${tiny}: the file is 400 bytes but its header \\(fileSize_ at 0x148\\) says ${bytes.length}: ` +
      'it is truncated, and records stored past byte 400 cannot be read\nacphys: .*\\(ACP_DAT_ERR_[A-Z_]+\\)'));
    const c = both(['list', cut]);
    assert.equal(c.status, 1);
    assert.match(c.stdout, /^id +type/);
    const d = both(['dump', cut, '0xA9B4FFFF']);
    assert.equal(d.status, 1);
    assert.match(d.stderr, /^acphys: .*cut\.dat: the file is 3000 bytes .* it is truncated, .*\nacphys: .*cut\.dat: /);
  });
});

describe('run: a DAT is no scenario; the page\'s run file runs its scenario (issue 33 items 4, 6)', () => {
  it('a DAT given to run: "is not a scenario file", with its first bytes, as diff says of a trace', () => {
    const r = both(['run', portal]);
    assert.equal(r.status, 1);
    assert.equal(r.stderr, `acphys: run: ${portal} is not a scenario file (a JSON object {"version": 1, ...}, or a run file the page ` +
      'saved): its first bytes are 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 "................"...\n');
  });
  it('a run file the page saved runs its scenario, with a note of what the page recorded', () => {
    const scenarioPath = join(root, 'data', 'scenarios', 'falling-creature.json');
    const scenario = JSON.parse(readFileSync(scenarioPath, 'utf8'));
    const direct = native(['run', scenarioPath, '--quiet']);
    assert.equal(direct.status, 0, direct.stderr);
    const [, frames, digest] = /^(\d+) frames, digest ([0-9a-f]{16})\n$/.exec(direct.stdout);
    // What web/src/sharing.ts runFile writes (RunFile of web/src/link.ts).
    const runFile = { acphys_run: 1, build: 'unknown', scenario, frames: Number(frames), digest, every: 64, sampled: [], excerpts: {} };
    const file = join(tmp, 'falling-creature-120-frames.acphys.json');
    writeFileSync(file, JSON.stringify(runFile));
    const r = both(['run', file, '--quiet']);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, direct.stdout);
    assert.equal(r.stderr, `acphys: note: ${file} is a run file of the page: running its scenario (the page recorded ${frames} frames, digest ${digest})\n`);
    writeFileSync(file, JSON.stringify({ acphys_run: 1, frames: 3 }));
    const bad = both(['run', file]);
    assert.equal(bad.status, 1);
    assert.equal(bad.stderr, `acphys: ${file}: a run file of the page ("acphys_run") without its "scenario" object\n`);
  });
});

describe('issue 33 review: a run file of another version, or whose digest differs from the recorded one (item 8)', () => {
  const scenarioPath = join(root, 'data', 'scenarios', 'falling-creature.json');
  it('"acphys_run": 2 is refused as the page refuses it (exit 1), natively and through npx', () => {
    const file = join(tmp, 'v2.acphys.json');
    writeFileSync(file, JSON.stringify({ acphys_run: 2, scenario: JSON.parse(readFileSync(scenarioPath, 'utf8')), frames: 3 }));
    const r = both(['run', file, '--quiet']);
    assert.equal(r.status, 1);
    assert.equal(r.stdout, '');
    assert.equal(r.stderr, `acphys: ${file} is not an acphys run (version 1): "acphys_run" is not 1\n`);
  });
  it('a recorded digest that this run does not give: a note naming both, exit 1; a recorded frame count it does not reach: no comparison', () => {
    const direct = native(['run', scenarioPath, '--quiet']);
    const [, frames, digest] = /^(\d+) frames, digest ([0-9a-f]{16})\n$/.exec(direct.stdout);
    const other = digest === '0123456789abcdef' ? 'fedcba9876543210' : '0123456789abcdef';
    const scenario = JSON.parse(readFileSync(scenarioPath, 'utf8'));
    const file = join(tmp, 'tampered.acphys.json');
    writeFileSync(file, JSON.stringify({ acphys_run: 1, build: 'unknown', scenario, frames: Number(frames), digest: other }));
    const r = both(['run', file, '--quiet']);
    assert.equal(r.status, 1);
    assert.equal(r.stdout, direct.stdout);
    assert.equal(r.stderr, `acphys: note: ${file} is a run file of the page: running its scenario (the page recorded ${frames} frames, ` +
      `digest ${other})\nacphys: note: this run's digest ${digest} differs from the recorded ${other} (after ${frames} frames)\n`);
    writeFileSync(file, JSON.stringify({ acphys_run: 1, build: 'unknown', scenario, frames: Number(frames) + 1, digest: other }));
    const longer = both(['run', file, '--quiet']);
    assert.equal(longer.status, 0, longer.stderr);
  });
});

describe('issue 33 review: stderr in its place when the streams are merged (item 1)', () => {
  /** The command with 2>&1 into one pipe: what a terminal or a log shows. */
  const merged = (cli, args) => {
    const r = spawnSync('sh', ['-c', '"$@" 2>&1', 'sh', ...cli, ...args], { encoding: 'utf8' });
    return { status: r.status, text: r.stdout };
  };
  const nativeCmd = [nativeCli], npxCmd = [process.execPath, binJs];
  it('list of a DAT cut to 8192 bytes: every row whole, the warning on a line of its own after them; npx the same bytes', () => {
    const cut = join(tmp, 'cut.dat');
    writeFileSync(cut, readFileSync(portal).subarray(0, 8192));
    const n = merged(nativeCmd, ['list', cut]);
    assert.equal(n.status, 1);
    const lines = n.text.trimEnd().split('\n');
    assert.equal(lines[0], 'id          type                      size  date (UTC)          iteration');
    assert.match(lines.at(-1), /^acphys: .*cut\.dat: the file is 8192 bytes but its header .* says \d+: it is truncated/);
    for (const l of lines.slice(1, -1)) assert.match(l, /^0x[0-9A-F]{8}  \S+ +\d+  /, l);
    assert.deepEqual(merged(npxCmd, ['list', cut]), n);
  });
  it('excerpt with notes: the summary line, then the notes; npx the same bytes', () => {
    const out = join(tmp, 'merged-excerpt.dat');
    const n = merged(nativeCmd, ['excerpt', cell, '0x3A11012A', '0x3A11012B', '-o', out]);
    assert.equal(n.status, 0, n.text);
    const lines = n.text.trimEnd().split('\n');
    assert.match(lines[0], /^\/.*merged-excerpt\.dat: 5 records \(2 named, 3 they need\), \d+ bytes, block size \d+$/);
    assert.equal(lines[1], 'acphys: note: 0x0D00F001 is named by a copied record and lives in the portal DAT: excerpt it from there');
    assert.deepEqual(merged(npxCmd, ['excerpt', cell, '0x3A11012A', '0x3A11012B', '-o', out]), n);
  });
});

describe('issue 33 review: an empty or damaged wasm/acphys.wasm (item 2)', () => {
  it('npx acphys and import say the .wasm is empty or damaged and how to rebuild it, no stack trace (exit 1)', async () => {
    const copy = join(tmp, 'damaged');
    for (const f of ['bin/acphys.mjs', 'wasm/acphys.mjs', 'wasm/scenario.mjs', 'wasm/conform.mjs', 'package.json']) {
      mkdirSync(dirname(join(copy, f)), { recursive: true });
      copyFileSync(join(root, f), join(copy, f));
    }
    const wasm = join(copy, 'wasm', 'acphys.wasm');
    const full = readFileSync(join(root, 'wasm', 'acphys.wasm'));
    const rebuild = ': an interrupted build? Rebuild it with\n  npm run build\n(in a clone; in an installed package, reinstall it: npm install acphys)\n';
    for (const [bytes, what] of [[Buffer.alloc(0), 'empty (0 bytes)'], [full.subarray(0, 4096), 'damaged (4096 bytes that WebAssembly cannot compile: ']]) {
      writeFileSync(wasm, bytes);
      for (const args of [['version'], ['run', join(root, 'data', 'scenarios', 'falling-creature.json')], ['list', portal]]) {
        const r = spawnSync(process.execPath, [join(copy, 'bin', 'acphys.mjs'), ...args], { encoding: 'utf8' });
        assert.equal(r.status, 1, r.stderr);
        assert.equal(r.stdout, '');
        assert.ok(r.stderr.startsWith(`acphys: ${wasm} is ${what}`), r.stderr);
        assert.ok(r.stderr.endsWith(rebuild), r.stderr);
        assert.doesNotMatch(r.stderr, /\n    at /);
      }
      const { loadAcphys } = await import(`${join(copy, 'wasm', 'acphys.mjs')}?${bytes.length}`);
      await assert.rejects(loadAcphys(), (e) => e.code === 'ACPHYS_NO_WASM' && e.name === 'DamagedWasmError' && e.path === wasm);
    }
  });
});

describe('issue 33 review: npx acphys version (item 9)', () => {
  it('version and --version: the native line (the library version), then the .wasm\'s build digest', async () => {
    const nat = native(['version']);
    assert.equal(nat.status, 0);
    assert.deepEqual(native(['--version']), nat);
    const acp = await acphys();
    for (const v of ['version', '--version']) {
      const r = viaWasm([v]);
      assert.equal(r.status, 0, r.stderr);
      assert.equal(r.stderr, '');
      assert.equal(r.stdout, `${nat.stdout}build ${acp.digest} (acphys.wasm)\n`);
    }
    const usage = viaWasm(['help']).stdout;
    assert.doesNotMatch(usage, /build\/native\/acphys/);
    assert.match(usage, /the native CLI's \(see docs\/PORTING\.md\)\.\n$/);
  });
});

describe('a temporary trace left by a run killed with SIGKILL (issue 33 item 7)', () => {
  it('stays until the next run that writes that trace removes it and says so; a live process\'s stays', async () => {
    const dir = join(tmp, 'killed');
    mkdirSync(dir);
    const trace = join(dir, 'trace.jsonl');
    // A long run: 1,000,000 frames of a falling creature.
    const scenario = JSON.parse(readFileSync(join(root, 'data', 'scenarios', 'falling-creature.json'), 'utf8'));
    scenario.frames = { hz: 60, count: 1000000 };
    const long = join(dir, 'long.json');
    writeFileSync(long, JSON.stringify(scenario));
    const leftBy = {};
    for (const [tag, cmd] of [['native', [nativeCli]], ['npx', [process.execPath, binJs]]]) {
      const child = spawn(cmd[0], [...cmd.slice(1), 'run', long, '--quiet', '--trace', trace], { stdio: 'ignore' });
      const mine = `trace.jsonl.acphys-${child.pid}-`;
      for (let i = 0; i < 600 && !readdirSync(dir).some((f) => f.startsWith(mine)); i++) await new Promise((r) => setTimeout(r, 50));
      child.kill('SIGKILL');
      await new Promise((r) => child.on('exit', r));
      const left = readdirSync(dir).filter((f) => f.startsWith(mine));
      assert.equal(left.length, 1, `${tag}: ${readdirSync(dir)}`);
      leftBy[tag] = { pid: child.pid, path: join(dir, left[0]) };
      // The npx run, started after the native one was killed, removed what that one left.
      if (tag === 'npx') assert.ok(!existsSync(leftBy.native.path), 'the second run removes the first one\'s');
    }
    const live = join(dir, `trace.jsonl.acphys-${process.pid}-live1`);
    writeFileSync(live, 'a file of a process that runs');
    const r = native(['run', join(root, 'data', 'scenarios', 'falling-creature.json'), '--quiet', '--trace', trace]);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stderr, `acphys: note: removed ${leftBy.npx.path}, the temporary file of an acphys run (process ${leftBy.npx.pid}) ` +
      'that was killed before it finished\n');
    assert.deepEqual(readdirSync(dir).sort(), ['long.json', 'trace.jsonl', `trace.jsonl.acphys-${process.pid}-live1`]);
    // Through npx alike: a stale file beside the trace, named as native names them.
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    const stale = join(dir, `trace.jsonl.acphys-${dead}-AbC123`);
    writeFileSync(stale, 'left');
    const w = viaWasm(['run', join(root, 'data', 'scenarios', 'falling-creature.json'), '--quiet', '--trace', trace]);
    assert.equal(w.status, 0, w.stderr);
    assert.equal(w.stderr, `acphys: note: removed ${stale}, the temporary file of an acphys run (process ${dead}) that was killed before it finished\n`);
    assert.ok(existsSync(live));
  });
});
