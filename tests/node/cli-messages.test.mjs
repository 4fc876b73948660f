// What the command lines say to a new user (issue 17): the whole usage for `acphys`, `help`,
// `--help` and `-h` alike; usage errors that name the argument; a file that is not a trace; a
// scenario whose motion makes no sense; a trace too large to write. Native and `npx acphys` agree
// word for word where both have the command.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { nativeCli, root } from './helpers.mjs';

function native(args, opts = {}) {
  const r = spawnSync(nativeCli, args, { encoding: 'utf8', ...opts });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
function viaWasm(args, opts = {}) {
  const r = spawnSync(process.execPath, [join(root, 'bin', 'acphys.mjs'), ...args], { encoding: 'utf8', ...opts });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}
/** Both CLIs, which must agree; returns the native result. */
function both(args, opts = {}) {
  const n = native(args, opts);
  assert.deepEqual(viaWasm(args, opts), n, `npx acphys ${args.join(' ')} differs from native`);
  return n;
}

let tmp, scenario;
before(() => {
  tmp = mkdtempSync(join(tmpdir(), 'acphys-cli-messages-'));
  scenario = join(tmp, 'falling.json');
  writeFileSync(scenario, readFileSync(join(root, 'data', 'scenarios', 'falling-creature.json')));
});
after(() => rmSync(tmp, { recursive: true, force: true }));

describe('the usage: the same full text for acphys alone, help, --help and -h', () => {
  for (const [cli, tag] of [[native, 'native'], [viaWasm, 'npx']]) {
    it(`${tag}: help, --help and -h print it on stdout (exit 0); no command prints it on stderr (exit 2)`, () => {
      const alone = cli([]);
      assert.equal(alone.status, 2);
      assert.equal(alone.stdout, '');
      assert.match(alone.stderr, /^acphys .*: the Asheron's Call retail per-object physics update\nusage:\n/);
      for (const flag of ['help', '--help', '-h']) {
        const r = cli([flag]);
        assert.equal(r.status, 0, flag);
        assert.equal(r.stderr, '', flag);
        assert.equal(r.stdout, alone.stderr, `${tag} ${flag} prints what ${tag} alone prints`);
      }
      const unknown = cli(['frobnicate']);
      assert.equal(unknown.status, 2);
      assert.equal(unknown.stderr, `acphys: unknown command 'frobnicate'\n${alone.stderr}`);
    });
  }
  it('every command line of the npx usage is the native usage\'s, word for word; the native one lists every command', () => {
    const nat = native(['--help']).stdout, js = viaWasm(['--help']).stdout;
    const commandLines = js.split('\n').filter((l) => l.startsWith('  '));
    assert.equal(commandLines.length, 20); // help, run (3 lines), diff (2), conform (2), replay (4), dump, excerpt (2), list, version (issue 33), world (3, issue 34)
    for (const l of commandLines) assert.ok(nat.split('\n').includes(l), `native usage lacks: ${l}`);
    for (const cmd of ['help', 'version', 'math-digest', 'run', 'diff', 'conform', 'replay', 'format-digest', 'worldgen', 'world', 'dump', 'excerpt', 'list', 'bench world',
      'bench kernel', 'bench dat-gen', 'bench dat-read'])
      assert.match(nat, new RegExp(`^  acphys ${cmd}\\b`, 'm'), cmd);
  });
});

describe('usage errors name the argument', () => {
  const runUsage = 'usage: acphys run <scenario.json> [--trace <out.jsonl>] [--records frames|quanta] [--format acphys|dereth] ' +
    '[--profile retail|acdream-r6|ace|render-frame] [--peer ace-max-quantum|ace-sled-friction|ace-water-depth|ace-moveto-defaults|gdle-water-depth]... [--quiet] [--force]\n' +
    "       [--inspect <object>:<frame>]   (print that frame's collision sweeps of the object as JSON)\n" +
    "       [--snapshot-at <frame> --snapshot <file>]   (write the world's snapshot after that frame)\n" +
    '       [--resume <file>]   (continue from a snapshot: the frames after it)\n';
  it('run: an unknown option, an option without its value, a second scenario, none (both CLIs, exit 2)', () => {
    for (const [args, what] of [
      [['run', scenario, '--bogus'], 'unknown option "--bogus"'],
      [['run', '--bogus', scenario], 'unknown option "--bogus"'],
      [['run', scenario, '-q'], 'unknown option "-q"'],
      [['run', scenario, '--trace'], '--trace needs a file name'],
      [['run', scenario, '--profile'], '--profile needs a profile name'],
      [['run', scenario, '--trace', ''], '--trace needs a file name, not ""'],
      [['run', scenario, 'other.json'], 'a second scenario file "other.json" (run takes one)'],
      [['run'], 'no scenario file'],
      [['run', '--quiet'], 'no scenario file'],
      [['run', scenario, '--force', '--force'], '--force given twice'],
      [['run', scenario, '--records', 'steps'], '--records: "steps" is not frames or quanta'],
      [['run', scenario, '--records'], '--records needs frames or quanta'],
      [['run', scenario, '--format', 'dereth'], '--format dereth writes per-quantum records: add --records quanta'],
      [['run', scenario, '--records', 'quanta', '--format', 'json'], '--format: "json" is not acphys or dereth'],
      [['run', scenario, '--peer', 'gdle-water'], '--peer: unknown rule "gdle-water" (known: ace-max-quantum, ace-sled-friction, ace-water-depth, ace-moveto-defaults, gdle-water-depth)'],
      [['run', scenario, '--peer'], '--peer needs a rule name (ace-max-quantum, ace-sled-friction, ace-water-depth, ace-moveto-defaults, gdle-water-depth)'],
      [['run', scenario, '--inspect'], '--inspect needs <object>:<frame>'],
      [['run', scenario, '--inspect', '0:1', '--inspect', '0:2'], '--inspect given twice'],
      [['run', scenario, '--inspect', '0'], '--inspect "0": give <object>:<frame> (an object index, 0x id or name; a frame from 1)'],
      [['run', scenario, '--inspect', '0:0'], '--inspect "0:0": the frame "0" is not a whole number from 1'],
      [['run', scenario, '--inspect', '0:1.5'], '--inspect "0:1.5": the frame "1.5" is not a whole number from 1'],
    ]) {
      const r = both(args);
      assert.equal(r.status, 2, args.join(' '));
      assert.equal(r.stdout, '');
      assert.equal(r.stderr, `acphys run: ${what}\n${runUsage}`, args.join(' '));
    }
  });
  const diffUsage = 'usage: acphys diff <a.jsonl> <b.jsonl> [--fields a,b,c] [--ulps N | --ulps float=N,double=M] [--abs X] [--all]\n';
  it('diff: not two files (both CLIs, exit 2)', () => {
    for (const [args, n] of [[[], 0], [['a.jsonl'], 1], [['a', 'b', 'c'], 3], [['a.jsonl', '--all'], 1], [['--ulps', '2', 'a', 'b', 'c'], 3]]) {
      const r = both(['diff', ...args]);
      assert.equal(r.status, 2, args.join(' '));
      assert.equal(r.stdout, '');
      assert.equal(r.stderr, `acphys diff: needs two trace files, not ${n}\n${diffUsage}`, args.join(' '));
    }
  });
  it('diff: an unknown option is named; a bad option value names the option (both CLIs, exit 2)', () => {
    for (const args of [['a', 'b', '--bogus'], ['-q', 'a', 'b'], ['a', '--bogus', 'b', 'c']]) {
      const r = both(['diff', ...args]);
      assert.equal(r.status, 2, args.join(' '));
      assert.equal(r.stdout, '');
      assert.equal(r.stderr, `acphys diff: unknown option "${args.find((a) => a.startsWith('-'))}"\n${diffUsage}`, args.join(' '));
    }
    const r = both(['diff', 'a', 'b', '--ulps']);
    assert.equal(r.status, 2);
    assert.equal(r.stderr, 'acphys: --ulps: a value is needed\n');
  });
  it('bench: the missing or bad argument is named, then the bench usage (exit 2)', () => {
    const help = native(['--help']).stdout; // the bench lines close the native usage
    const benchUsage = help.slice(help.indexOf('  acphys bench ')).trimEnd().split('\n');
    for (const [args, what] of [
      [[], 'bench: which benchmark? (world, kernel, dat-gen or dat-read)'],
      [['frob'], 'bench: unknown benchmark "frob" (world, kernel, dat-gen or dat-read)'],
      [['world'], 'bench world: needs a world kind (motion, terrain, static, remote, crowd, particles, indoor, varied, wood or varied-motion) and an object count'],
      [['world', 'flying', '10'], 'bench world: unknown world kind "flying" (motion, terrain, static, remote, crowd, particles, indoor, varied, wood or varied-motion)'],
      [['world', 'motion', '0'], 'bench world: the object count must be a whole number from 1 to 10000000, not "0"'],
      [['world', 'motion', '10000001'], 'bench world: the object count must be a whole number from 1 to 10000000, not "10000001"'],
      [['world', 'motion', '10', '--bogus', '1'], 'bench world: unknown option "--bogus"'],
      [['world', 'motion', '10', '20'], 'bench world: unexpected argument "20"'],
      [['kernel'], 'bench kernel: needs an object count'],
      [['kernel', '10', '--windows'], 'bench kernel: --windows needs a value'],
      [['kernel', '10', '--windows', '0'], 'bench kernel: --windows must be a whole number from 1 to 64, not "0"'],
      [['kernel', '10', '--windows', '65'], 'bench kernel: --windows must be a whole number from 1 to 64, not "65"'],
      [['kernel', '10', '--frames', '1000001'], 'bench kernel: --frames must be a whole number from 0 to 1000000, not "1000001"'],
      [['kernel', '10', '--window', '0'], 'bench kernel: --window must be a positive number of seconds up to 1e9, not "0"'],
      [['dat-gen', join(tmp, 'x.dat')], 'bench dat-gen: needs an output file and a size in MiB'],
      [['dat-gen', join(tmp, 'x.dat'), '1901'], 'bench dat-gen: the size must be a positive number of MiB up to 1900, not "1901"'],
      [['dat-read'], 'bench dat-read: needs a DAT file'],
      [['dat-read', 'x.dat', '--repeat', '65'], 'bench dat-read: --repeat must be a whole number from 1 to 64, not "65"'],
    ]) {
      const r = native(['bench', ...args]);
      assert.equal(r.status, 2, args.join(' '));
      assert.equal(r.stdout, '');
      assert.equal(r.stderr, `acphys ${what}\nusage:\n${benchUsage.join('\n')}\n`, args.join(' '));
    }
  });
  it('bench world outside the repository: the default excerpts are named, with where they are read from (exit 1)', () => {
    const r = native(['bench', 'world', 'motion', '1', '--frames', '1'], { cwd: tmp });
    assert.equal(r.status, 1);
    assert.equal(r.stdout, '');
    assert.equal(r.stderr, 'acphys bench: cannot read data/portal-default.dat (relative paths are read from the working ' +
      "directory: the defaults are the repository's data/portal-default.dat and data/cell-default.dat, so run from its " +
      'root or name them with --portal and --cell)\n');
  });
});

describe('diff against a file that is not a trace: said so, with its first bytes (both CLIs, exit 2)', () => {
  const golden = join(root, 'tests', 'golden', 'falling-creature.jsonl');
  const intro = (path) => `acphys: diff: ${path} is not a trace file (JSON Lines, one {"frame": ...} object per line, ` +
    'as acphys run --trace writes): its first bytes are';
  it('a text file, a DAT, a short file with quotes and a backslash, a text after blank lines', () => {
    const cases = [
      ['notes.txt', Buffer.from('hello world\nsecond line\n'), ' 68 65 6c 6c 6f 20 77 6f 72 6c 64 0a 73 65 63 6f "hello world\\nseco"...'],
      ['short.txt', Buffer.from('a"b\\c\t\r\n'), ' 61 22 62 5c 63 09 0d 0a "a\\"b\\\\c\\t\\r\\n"'],
      ['blank-first.txt', Buffer.from('\n  \nNaN\n'), ' 0a 20 20 0a 4e 61 4e 0a "\\n  \\nNaN\\n"'],
      ['utf8.txt', Buffer.from('é{}\n'), ' c3 a9 7b 7d 0a "..{}\\n"'],
      ['portal.dat', readFileSync(join(root, 'data', 'portal-default.dat')),
        ` ${Array.from(readFileSync(join(root, 'data', 'portal-default.dat')).subarray(0, 16), (c) => c.toString(16).padStart(2, '0')).join(' ')} "`],
    ];
    for (const [name, bytes, tail] of cases) {
      const path = join(tmp, name);
      writeFileSync(path, bytes);
      for (const args of [[golden, path], [path, golden]]) {
        const r = both(['diff', ...args]);
        assert.equal(r.status, 2, name);
        assert.equal(r.stdout, '');
        if (name === 'portal.dat') assert.ok(r.stderr.startsWith(intro(path) + tail), r.stderr);
        else assert.equal(r.stderr, `${intro(path)}${tail}\n`, name);
      }
    }
    // Two files that are not traces: the first is named.
    const r = both(['diff', join(tmp, 'notes.txt'), join(tmp, 'portal.dat')]);
    assert.match(r.stderr, new RegExp(`^acphys: diff: ${join(tmp, 'notes.txt')} is not a trace file`));
  });
  it('a JSON array is no trace file either', () => {
    const path = join(tmp, 'array.jsonl');
    writeFileSync(path, '[1,2]\n');
    const r = both(['diff', golden, path]);
    assert.equal(r.status, 2);
    assert.equal(r.stderr, `${intro(path)} 5b 31 2c 32 5d 0a "[1,2]\\n"\n`);
  });
  it('a trace whose first line opens an object but is malformed (a NaN), a broken later line, a first line that is JSON ' +
    'but not a trace line: each keeps its line-level message; a byte order mark is no obstacle', () => {
    const nan = join(tmp, 'nan.jsonl');
    writeFileSync(nan, '{"frame":1,"now":NaN,"objects":[]}\n');
    let r0 = both(['diff', golden, nan]);
    assert.equal(r0.status, 2);
    assert.equal(r0.stderr, 'acphys: diff: line 1 of b is not valid JSON: column 18: NaN and Infinity are not JSON (a trace writes the ' +
      'string "NaN", "Infinity" or "-Infinity")\n');
    const bom = join(tmp, 'bom.jsonl');
    writeFileSync(bom, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), readFileSync(golden)]));
    r0 = both(['diff', golden, bom]);
    assert.equal(r0.status, 0, r0.stderr);
    const lines = readFileSync(golden, 'utf8').split('\n');
    const broken = join(tmp, 'broken.jsonl');
    writeFileSync(broken, [...lines.slice(0, 3), '{"frame": oops', ...lines.slice(4)].join('\n'));
    let r = both(['diff', golden, broken]);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /^acphys: diff: line 4 of b is not valid JSON: column 11: /);
    const scenarioLine = join(tmp, 'scenario-one-line.json');
    writeFileSync(scenarioLine, JSON.stringify({ version: 1, objects: [] }));
    r = both(['diff', scenarioLine, golden]);
    assert.equal(r.status, 2);
    assert.equal(r.stderr, 'acphys: diff: line 1 of a is not a trace line: it has no "frame" (nor is it a closing {"digest"} line)\n');
  });
});

describe('a scenario whose motion or origin makes no sense warns, naming the field (both CLIs, the C runner\'s words)', () => {
  const base = () => JSON.parse(readFileSync(join(root, 'data', 'scenarios', 'running-turning-player.json'), 'utf8'));
  function warningsOf(name, edit) {
    const s = base();
    s.frames = { hz: 30, count: 3, start: 0 };
    edit(s);
    const path = join(tmp, `${name}.json`);
    writeFileSync(path, JSON.stringify(s));
    const r = both(['run', path, '--quiet']);
    assert.equal(r.status, 0, r.stderr);
    return r.stderr.split('\n').filter(Boolean);
  }
  it('forward_command 0x12345678: not a command of the object\'s motion table', () => {
    assert.deepEqual(warningsOf('unknown-command', (s) => { s.events[0].motion.forward_command = '0x12345678'; }), [
      'acphys: warning: events[0].motion.forward_command: 0x12345678 is not a command of MotionTable 0x09000001 ' +
      '(no cycle, modifier or link for it in any of the table\'s styles), so it plays nothing']);
  });
  it('forward_speed 3e38: not a sensible speed', () => {
    assert.deepEqual(warningsOf('huge-speed', (s) => { s.events[0].motion.forward_speed = 3e38; }), [
      'acphys: warning: events[0].motion.forward_speed: 3e+38 is not a sensible speed (beyond 100): it multiplies ' +
      'the animation\'s pace, and retail\'s are a few at most (a run rate below 4, turns 1.5, side steps within 3)']);
  });
  it('origin 1e38: outside the landblock and off the map, not "SetPosition found no valid position"', () => {
    const w = warningsOf('far-origin', (s) => { s.objects[0].position.origin = [1e38, 58.5, 330.9]; });
    assert.deepEqual(w, ['acphys: warning: objects[0].position.origin: the object has no cell, so update_object skips ' +
      'it every frame: its origin [1e+38, 58.5, 330.9] is outside landblock 0xD59AFFFF (x and y from 0 to 192 m) and ' +
      'off the world\'s map, so no cell holds it']);
  });
  it('the recorded scenarios warn about none of it', () => {
    assert.deepEqual(warningsOf('as-recorded', () => {}), []);
  });
});

describe('an EnvCell the excerpts cannot load is named, with why (both CLIs, the C runner\'s words)', () => {
  // The cottage's interior EnvCell 0xA9B40100 of data/cell-default.dat, its Environment id patched
  // from 0xF000 to 0xF0FF (the record: id, flags, the id again, num_surfaces u8, num_portals u8,
  // num_visible_cells u16, num_surfaces u16 surfaces, then the Environment as a u16).
  function patchedCell() {
    const dat = Buffer.from(readFileSync(join(root, 'data', 'cell-default.dat')));
    const id = Buffer.from([0x00, 0x01, 0xb4, 0xa9]);
    let at = -1;
    for (let i = dat.indexOf(id); i >= 0; i = dat.indexOf(id, i + 1)) {
      if (dat.subarray(i + 8, i + 12).equals(id)) { at = i; break; }
    }
    assert.ok(at >= 0, 'EnvCell 0xA9B40100 found in data/cell-default.dat');
    const env = at + 16 + 2 * dat[at + 12];
    assert.equal(dat.readUInt16LE(env), 0xf000, 'its Environment is 0x0D00F000');
    dat.writeUInt16LE(0xf0ff, env);
    return dat;
  }
  it('into-the-cottage with the interior cell\'s Environment missing: the cell and why are named once', () => {
    writeFileSync(join(tmp, 'env-missing.dat'), patchedCell());
    const s = JSON.parse(readFileSync(join(root, 'data', 'scenarios', 'into-the-cottage.json'), 'utf8'));
    s.excerpts = ['default', 'env-missing.dat'];
    s.frames = { hz: 30, count: 3, start: 0 };
    const path = join(tmp, 'env-missing.json');
    writeFileSync(path, JSON.stringify(s));
    const r = both(['run', path, '--quiet']);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(r.stderr.split('\n').filter(Boolean), [
      'acphys: warning: excerpts: EnvCell 0xA9B40100 is not loaded (no cell there: objects placed in it have none, ' +
      'sweeps pass where it stands): its Environment 0x0D00F0FF is not in the excerpts']);
  });
});

describe('run --trace refuses a trace estimated above 2 GB unless --force (both CLIs)', () => {
  // 16,384 objects: 406 frames are 406 × (128 + 300 × 16,384) = 1,995,623,168 bytes by the
  // estimate, allowed; 407 are 2,000,538,496, refused. The scenario also names an excerpt that does
  // not exist, so a run the size check lets through stops there, at once (the check comes first).
  function big(frames) {
    const s = JSON.parse(readFileSync(join(root, 'data', 'scenarios', 'running-turning-player.json'), 'utf8'));
    const o = s.objects[0];
    delete o.name;
    s.objects = Array.from({ length: 16384 }, (_, i) => ({ ...o, id: i + 1 }));
    s.events = [];
    s.excerpts = ['default', 'missing.dat'];
    s.frames = { hz: 30, count: frames, start: 0 };
    const path = join(tmp, `big-${frames}.json`);
    writeFileSync(path, JSON.stringify(s));
    return path;
  }
  const missing = (path) => `acphys: ${path}: excerpts[1]: cannot read "missing.dat": cannot open: No such file or directory ` +
    '(paths are relative to the scenario file)\n';
  it('407 frames of 16,384 objects: refused (exit 2), the estimate and --force named, no file written', () => {
    const path = big(407), trace = join(tmp, 'big.jsonl');
    const r = both(['run', path, '--quiet', '--trace', trace]);
    assert.equal(r.status, 2);
    assert.equal(r.stdout, '');
    assert.equal(r.stderr, `acphys run: --trace ${trace}: the trace would be about 2.1 GB (16384 objects x 407 frames at ` +
      'about 300 bytes an object a frame), more than the 2 GB written without --force; add --force to write it, or run ' +
      'fewer frames or objects\n');
    assert.throws(() => readFileSync(trace), { code: 'ENOENT' });
  });
  it('407 frames with --force, 406 frames, or no --trace: past the check (to the missing excerpt)', () => {
    const p407 = big(407), p406 = big(406), trace = join(tmp, 'big.jsonl');
    for (const [path, args] of [[p407, ['--force']], [p406, []], [p407, []]]) {
      const withTrace = path === p407 && args.length === 0 ? [] : ['--trace', trace];
      const r = both(['run', path, '--quiet', ...withTrace, ...args]);
      assert.equal(r.status, 1, `${path} ${args}`);
      assert.equal(r.stderr, missing(path));
    }
  });
  it('the documented largest runs fit: 16,384 objects × 300 frames are estimated at 1.47 GB', () => {
    const path = big(300);
    const r = both(['run', path, '--quiet', '--trace', join(tmp, 'big.jsonl')]);
    assert.equal(r.stderr, missing(path));
  });
});

describe('issue 33 review: conform names a bad argument; its suite path; NaN from C; a trace given to run; replay\'s capture messages', () => {
  const conformUsage = 'usage: acphys conform <dir-of-your-traces> [--suite DIR] [--group G] [--fields a,b,c] ' +
    '[--ulps N | --ulps float=N,double=M] [--abs X]\n' +
    '       acphys conform <dir-of-your-traces> --format dereth [--exact] [--suite DIR] [--group G]\n';
  const golden = join(root, 'conformance', 'v1', 'golden');
  it('conform: an unknown option, a missing value, a second folder, none: named, then the usage (both CLIs, exit 2)', () => {
    for (const [args, what] of [
      [[golden, '--bogus'], 'unknown option "--bogus"'],
      [[golden, '--grop', 'clock'], 'unknown option "--grop"'],
      [[golden, '--group'], '--group: a value is needed'],
      [[golden, '--suite'], '--suite: a value is needed'],
      [[golden, 'x'], 'unexpected argument "x" (conform takes one folder of traces)'],
      [[golden, '--all'], '--all is diff\'s option (conform lists every failing case)'],
      [[], 'no folder of traces'],
      [['--group', 'clock'], 'no folder of traces'],
    ]) {
      const r = both(['conform', ...args]);
      assert.equal(r.status, 2, args.join(' '));
      assert.equal(r.stdout, '');
      assert.equal(r.stderr, `acphys conform: ${what}\n${conformUsage}`, args.join(' '));
    }
  });
  it('conform: a suite whose manifest cannot be read suggests --suite DIR (the native default path is compiled in) (both CLIs)', () => {
    const suite = join(tmp, 'no-suite');
    const r = both(['conform', golden, '--suite', suite]);
    assert.equal(r.status, 2);
    assert.equal(r.stderr, `acphys: conform: ${suite}/manifest.json: cannot read the suite's manifest: cannot open: ` +
      'No such file or directory (give the suite\'s folder with --suite DIR: conformance/v1 in the acphys repository or package)\n');
  });
  it('diff: C\'s %.17g spellings nan, -nan, inf and -inf get the NaN hint; 1e999 is refused as out of double range (both CLIs, exit 2)', () => {
    const goldenTrace = join(root, 'tests', 'golden', 'falling-creature.jsonl');
    const hint = 'NaN and Infinity are not JSON (a trace writes the string "NaN", "Infinity" or "-Infinity")';
    for (const [token, what] of [['nan', hint], ['-nan', hint], ['inf', hint], ['-inf', hint], ['NaN', hint],
      ['1e999', 'a number out of double range (a trace writes an infinite value as the string "Infinity" or "-Infinity")'],
      ['-1.8e308', 'a number out of double range (a trace writes an infinite value as the string "Infinity" or "-Infinity")']]) {
      const file = join(tmp, 'c-nan.jsonl');
      writeFileSync(file, `{"frame":1,"now":${token},"objects":[]}\n`);
      const r = both(['diff', goldenTrace, file]);
      assert.equal(r.status, 2, token);
      assert.equal(r.stderr, `acphys: diff: line 1 of b is not valid JSON: column 18: ${what}\n`, token);
    }
    // The largest double is a number still.
    const file = join(tmp, 'max.jsonl');
    writeFileSync(file, '{"frame":1,"now":1.7976931348623157e308,"objects":[]}\n');
    assert.doesNotMatch(both(['diff', goldenTrace, file]).stderr, /out of double range/);
  });
  it('run: a NaN in a scenario is not allowed there (no word of what a trace writes); a trace given to run is said to be one', () => {
    const file = join(tmp, 'nan-scenario.json');
    writeFileSync(file, '{"version": 1, "objects": [], "frames": nan}');
    let r = both(['run', file]);
    assert.equal(r.status, 1);
    assert.equal(r.stderr, `acphys: ${file}: not valid JSON: line 1, column 41: NaN and Infinity are not JSON, nor allowed in a scenario (its numbers are finite)\n`);
    for (const trace of [join(root, 'conformance', 'v1', 'golden', 'clock-profiles.jsonl'), join(root, 'tests', 'golden', 'falling-creature.jsonl')]) {
      r = both(['run', trace]);
      assert.equal(r.status, 1);
      assert.equal(r.stdout, '');
      assert.equal(r.stderr, `acphys: run: ${trace} is a trace (JSON lines, a record a line), not a scenario file: diff and conform read ` +
        'traces; run takes a scenario ({"version": 1, ...}) or a run file the page saved\n');
    }
    // Two scenarios one after the other are no trace: the JSON message stays.
    const two = join(tmp, 'two.json');
    writeFileSync(two, '{"version": 1}\n{"version": 1}\n');
    r = both(['run', two]);
    assert.equal(r.stderr, `acphys: ${two}: not valid JSON: line 2, column 1: text after the JSON value\n`);
  });
  it('replay: a file that is no capture is said once; the unreadable lines are counted before "the first" (both CLIs)', () => {
    const readme = join(root, 'README.md');
    let r = both(['replay', readme]);
    assert.equal(r.status, 1);
    assert.equal(r.stderr, `acphys replay: ${readme}: not a capture: neither pcap, pcapng nor JSONL datagrams\n`);
    const bad = join(root, 'tests', 'data', 'net', 'malformed-lines.jsonl');
    r = both(['replay', bad]);
    assert.ok(r.stderr.startsWith(`acphys replay: warning: ${bad}: 7 unreadable lines or records, 0 bad checksums, 0 lost and ` +
      '0 undecoded messages; the first: ACP_NET_ERR_HEX at line 2'), r.stderr);
  });
});
