// The command lines' files and streams: a trace or an excerpt never destroys the user's data
// (src/cli/outfile.h; bin/acphys.mjs does the same), failed writes are errors, malformed
// arguments and inputs get a message naming where, and native and `npx acphys` agree.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync, closeSync, constants as fsc, copyFileSync, lstatSync, mkdtempSync, openSync, readdirSync, readFileSync, readSync,
  rmSync, statSync, symlinkSync, writeFileSync,
} from 'node:fs';
import { Socket } from 'node:net';
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

const cellDat = join(root, 'data', 'cell-default.dat');
let tmp, scenario, scenarioText;
before(() => {
  tmp = mkdtempSync(join(tmpdir(), 'acphys-cli-io-'));
  scenarioText = readFileSync(join(root, 'data', 'scenarios', 'falling-creature.json'), 'utf8');
  scenario = join(tmp, 'falling.json');
  writeFileSync(scenario, scenarioText);
});
after(() => rmSync(tmp, { recursive: true, force: true }));

describe('run --trace never overwrites what the run reads', () => {
  it('the scenario file itself, by name or through a link: exit 2, the scenario kept', () => {
    const link = join(tmp, 'link-to-scenario.jsonl');
    symlinkSync(scenario, link);
    for (const trace of [scenario, link]) {
      const r = both(['run', scenario, '--trace', trace, '--quiet'], { cwd: tmp });
      assert.equal(r.status, 2);
      assert.equal(r.stderr, `acphys: run: --trace ${trace} is the scenario file; write the trace to another file\n`);
      assert.equal(readFileSync(scenario, 'utf8'), scenarioText);
    }
  });
  it('an excerpt the scenario names: exit 2, the DAT kept', () => {
    const dat = join(tmp, 'mine.dat');
    copyFileSync(cellDat, dat);
    const s = JSON.parse(scenarioText);
    s.excerpts = ['default', 'mine.dat'];
    const withExcerpt = join(tmp, 'with-excerpt.json');
    writeFileSync(withExcerpt, JSON.stringify(s));
    const r = both(['run', withExcerpt, '--trace', dat, '--quiet']);
    assert.equal(r.status, 2);
    assert.equal(r.stderr, `acphys: run: --trace ${dat} is an excerpt the scenario reads; write the trace to another file\n`);
    assert.deepEqual(readFileSync(dat), readFileSync(cellDat));
  });
});

describe('output files: replaced whole, links and modes kept, FIFOs written through', () => {
  it('a trace through a symbolic link lands in the link\'s file, which keeps its mode', () => {
    for (const [cli, tag] of [[native, 'native'], [viaWasm, 'wasm']]) {
      const target = join(tmp, `target-${tag}.jsonl`), link = join(tmp, `link-${tag}.jsonl`);
      writeFileSync(target, 'old');
      chmodSync(target, 0o600);
      symlinkSync(target, link);
      const r = cli(['run', scenario, '--trace', link, '--quiet']);
      assert.equal(r.status, 0, r.stderr);
      assert.ok(lstatSync(link).isSymbolicLink(), `${tag}: the link was replaced`);
      assert.equal(statSync(target).mode & 0o777, 0o600, `${tag}: the mode changed`);
      const lines = readFileSync(target, 'utf8').trim().split('\n');
      assert.equal(lines.length, 121); // 120 frames and the closing line
    }
  });
  it('a directory or a link to nothing is refused, and nothing is written', () => {
    const dangling = join(tmp, 'dangling.jsonl');
    symlinkSync(join(tmp, 'nothing-here'), dangling);
    let r = both(['run', scenario, '--trace', tmp, '--quiet']);
    assert.equal(r.status, 1);
    assert.equal(r.stderr, `acphys: ${tmp}: cannot write the trace: is a directory\n`);
    r = both(['run', scenario, '--trace', dangling, '--quiet']);
    assert.equal(r.stderr, `acphys: ${dangling}: cannot write the trace: is a symbolic link to a file that does not exist\n`);
    r = native(['excerpt', cellDat, '0xD59AFFFF', '-o', dangling]);
    assert.equal(r.status, 1);
    assert.equal(r.stderr, `acphys: ${dangling}: is a symbolic link to a file that does not exist\n`);
    assert.ok(lstatSync(dangling).isSymbolicLink());
  });
  it('excerpt -o keeps an existing file\'s mode and a link; a FIFO is written through, not replaced', async () => {
    const plain = join(tmp, 'plain.dat');
    assert.equal(native(['excerpt', cellDat, '0xD59AFFFF', '-o', plain]).status, 0);
    const expected = readFileSync(plain);
    const target = join(tmp, 'kept-mode.dat'), link = join(tmp, 'kept-link.dat');
    writeFileSync(target, 'old');
    chmodSync(target, 0o640);
    symlinkSync(target, link);
    assert.equal(native(['excerpt', cellDat, '0xD59AFFFF', '-o', link]).status, 0);
    assert.ok(lstatSync(link).isSymbolicLink());
    assert.equal(statSync(target).mode & 0o777, 0o640);
    assert.deepEqual(readFileSync(target), expected);
    const fifo = join(tmp, 'pipe.dat');
    assert.equal(spawnSync('mkfifo', [fifo]).status, 0);
    const reader = spawn('cat', [fifo]);
    const chunks = [];
    reader.stdout.on('data', (c) => chunks.push(c));
    const done = new Promise((resolve) => reader.on('close', resolve));
    const r = native(['excerpt', cellDat, '0xD59AFFFF', '-o', fifo]);
    await done;
    assert.equal(r.status, 0, r.stderr);
    assert.ok(lstatSync(fifo).isFIFO(), 'the FIFO was replaced by a file');
    assert.deepEqual(Buffer.concat(chunks), expected);
  });
});

describe('hard links, owners, empty paths and signals', () => {
  it('a file with other hard links is rewritten in place: every name sees the new trace', () => {
    for (const [cli, tag] of [[native, 'native'], [viaWasm, 'wasm']]) {
      const a = join(tmp, `hard-a-${tag}.jsonl`), b = join(tmp, `hard-b-${tag}.jsonl`);
      writeFileSync(a, 'old');
      assert.equal(spawnSync('ln', ['-f', a, b]).status, 0);
      const r = cli(['run', scenario, '--trace', a, '--quiet']);
      assert.equal(r.status, 0, r.stderr);
      assert.equal(statSync(a).ino, statSync(b).ino, `${tag}: the names were parted`);
      assert.equal(readFileSync(b, 'utf8').trim().split('\n').length, 121);
    }
  });
  it('a replaced file keeps its owner and group where the user may give them (root here), and loses set-id bits', () => {
    for (const [cli, tag] of [[native, 'native'], [viaWasm, 'wasm']]) {
      const f = join(tmp, `owned-${tag}.jsonl`);
      writeFileSync(f, 'old');
      const root = process.getuid() === 0;
      if (root) spawnSync('chown', ['65534:65534', f]);
      chmodSync(f, 0o4755);
      assert.equal(cli(['run', scenario, '--trace', f, '--quiet']).status, 0);
      const st = statSync(f);
      assert.equal(st.uid, root ? 65534 : process.getuid(), tag);
      assert.equal(st.mode & 0o7777, 0o755, tag);
    }
  });
  it('a full disk keeps the old file whole: a hard-linked one (the room is claimed before it is overwritten) and a plain one', () => {
    assert.equal(process.getuid(), 0, 'this test mounts a small tmpfs: run the tests as root (as npm test sets up)');
    const dir = mkdtempSync(join(tmp, 'full-'));
    const mount = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=200k', 'tmpfs', dir], { encoding: 'utf8' });
    assert.equal(mount.status, 0, `mount: ${mount.stderr}`);
    try {
      const cadence = join(root, 'data', 'scenarios', 'cadence-60hz.json'); // a 136 KB trace: fits once, not twice
      for (const [cli, tag] of [[native, 'native'], [viaWasm, 'wasm']]) {
        const a = join(dir, 't.jsonl'), b = join(dir, 'link.jsonl');
        writeFileSync(a, 'OLD');
        assert.equal(spawnSync('ln', ['-f', a, b]).status, 0);
        const r = cli(['run', cadence, '--trace', a, '--quiet']);
        assert.equal(r.status, 1, tag);
        assert.equal(r.stdout, '', `${tag}: no closing line for a trace that was not written`);
        const m = /^acphys: .*t\.jsonl: cannot rewrite it in place \(No space left on device\), and its old content is unchanged; the new content is in (\S+)\n$/.exec(r.stderr);
        assert.ok(m, `${tag}: ${r.stderr}`);
        assert.equal(readFileSync(b, 'utf8'), 'OLD');
        assert.equal(readFileSync(m[1], 'utf8').trim().split('\n').length, 241, `${tag}: the new trace is whole beside it`);
        rmSync(m[1]);
        rmSync(b);
      }
      // Without other links: the new trace does not fit beside the old one (a 100 KB filler).
      writeFileSync(join(dir, 'filler'), Buffer.alloc(100 * 1024, 1));
      for (const [cli, tag] of [[native, 'native'], [viaWasm, 'wasm']]) {
        const a = join(dir, 't.jsonl');
        writeFileSync(a, 'OLD');
        const r = cli(['run', cadence, '--trace', a, '--quiet']);
        assert.equal(r.status, 1, tag);
        assert.equal(r.stderr, `acphys: ${a}: cannot write (the file there, if any, is unchanged): No space left on device\n`, tag);
        assert.equal(readFileSync(a, 'utf8'), 'OLD');
        assert.deepEqual(readdirSync(dir).sort(), ['filler', 't.jsonl'], `${tag}: the temporary file was left`);
      }
    } finally {
      spawnSync('umount', [dir]);
    }
  });
  it('an empty --trace or -o, or -o without a file, is a usage error before anything runs', () => {
    assert.equal(native(['excerpt', cellDat, '0xD59AFFFF', '-o']).stderr, 'usage: acphys excerpt <dat> <id>... -o <out.dat> [--no-deps]\n');
    const r = both(['run', scenario, '--trace', '']);
    assert.equal(r.status, 2);
    assert.equal(r.stdout, '');
    assert.equal(native(['excerpt', cellDat, '0xD59AFFFF', '-o', '']).status, 2);
  });
  it('a run stopped by SIGTERM removes its temporary file and keeps the old trace', async () => {
    const s = JSON.parse(scenarioText);
    s.objects = Array.from({ length: 3000 }, (_, i) => ({ ...s.objects[0], id: i + 1 }));
    s.events = [];
    s.frames.count = 100000;
    const big = join(tmp, 'big.json');
    writeFileSync(big, JSON.stringify(s));
    for (const [cmd, pre, tag] of [[nativeCli, [], 'native'], [process.execPath, [join(root, 'bin', 'acphys.mjs')], 'wasm']]) {
      const dir = mkdtempSync(join(tmp, 'sig-'));
      const trace = join(dir, 'kept.jsonl');
      writeFileSync(trace, 'old');
      // --force: the estimate (90 GB for 100,000 frames) is above the 2 GB allowed without it.
      const child = spawn(cmd, [...pre, 'run', big, '--quiet', '--force', '--trace', trace], { stdio: 'ignore' });
      const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
      // Wait for the temporary file beside the trace, then stop the run.
      for (let k = 0; k < 600 && readdirSync(dir).length < 2; k++) await new Promise((r) => setTimeout(r, 50));
      assert.equal(readdirSync(dir).length, 2, `${tag}: no temporary file appeared`);
      child.kill('SIGTERM');
      const end = await exited;
      assert.ok(end.signal === 'SIGTERM' || end.code === 143, `${tag}: ended ${JSON.stringify(end)}`);
      assert.deepEqual(readdirSync(dir), ['kept.jsonl'], `${tag}: the temporary file was left`);
      assert.equal(readFileSync(trace, 'utf8'), 'old');
    }
  });
});

describe('a full non-blocking pipe is waited out (npx acphys run ... 2>&1 | tail -1)', () => {
  it('run\'s whole summary (more than a pipe holds) reaches a reader that starts late, and the trace is written', async () => {
    // A non-blocking pipe as npx hands its child: writeSync gets EAGAIN once the pipe's 64 KiB
    // are full and nobody reads yet.
    const dir = mkdtempSync(join(tmpdir(), 'acphys-eagain-'));
    try {
      const fifo = join(dir, 'out');
      assert.equal(spawnSync('mkfifo', [fifo]).status, 0);
      const rfd = openSync(fifo, fsc.O_RDONLY | fsc.O_NONBLOCK);
      const wfd = openSync(fifo, fsc.O_WRONLY | fsc.O_NONBLOCK);
      const scen = join(root, 'conformance', 'v1', 'dereth', 'same_walk_at_250fps.input.json');
      const trace = join(dir, 't.jsonl');
      const child = spawn(process.execPath, [join(root, 'bin', 'acphys.mjs'), 'run', scen, '--trace', trace], { stdio: ['ignore', wfd, wfd] });
      // libuv makes a child's stdio blocking as it starts; npx's own node then makes the shared
      // pipe non-blocking again (uv_pipe_open), as a net.Socket over our end does here.
      new Socket({ fd: wfd, readable: false, writable: true }).destroy();
      const exited = new Promise((res) => child.on('exit', (code) => res(code)));
      await new Promise((res) => setTimeout(res, 1500)); // the pipe fills while nobody reads
      const chunks = [], buf = Buffer.alloc(65536);
      for (;;) {
        let n = 0;
        try { n = readSync(rfd, buf, 0, buf.length, null); } catch (e) { if (e.code !== 'EAGAIN') throw e; n = -1; }
        if (n > 0) chunks.push(Buffer.from(buf.subarray(0, n)));
        else if (n === 0) break; // every writer closed
        else await new Promise((res) => setTimeout(res, 20));
      }
      closeSync(rfd);
      assert.equal(await exited, 0);
      const out = Buffer.concat(chunks).toString('utf8');
      assert.ok(out.length > 65536, `only ${out.length} bytes`);
      assert.doesNotMatch(out, /EAGAIN|cannot write/);
      assert.match(out, /1500 frames, digest 0994dec29325093c\n$/);
      assert.equal(readFileSync(trace, 'utf8').split('\n').filter((l) => l).length, 1501);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('failed writes are errors', () => {
  it('standard output on a full device: exit 1 with the reason (run, dump, list; native and npx)', () => {
    const full = openSync('/dev/full', 'w');
    try {
      for (const args of [['run', scenario], ['dump', cellDat, '0xD59AFFFF'], ['list', cellDat]]) {
        const r = native(args, { stdio: ['ignore', full, 'pipe'] });
        assert.equal(r.status, 1, args.join(' '));
        assert.equal(r.stderr, 'acphys: cannot write the output: No space left on device\n');
      }
      const w = viaWasm(['run', scenario], { stdio: ['ignore', full, 'pipe'] });
      assert.equal(w.status, 1);
      assert.equal(w.stderr, 'acphys: cannot write the output: No space left on device\n');
    } finally {
      closeSync(full);
    }
  });
});

describe('arguments', () => {
  it('digest counts are digits only (a usage error, exit 2, not a loop or n = 0)', () => {
    for (const cmd of ['math-digest', 'format-digest'])
      for (const bad of ['-1', 'abc', '1e3', '100000001']) {
        const r = native([cmd, bad]);
        assert.equal(r.status, 2, `${cmd} ${bad}`);
        assert.equal(r.stderr, `acphys ${cmd}: the count must be a whole number from 0 to 100000000, not "${bad}"\n`);
      }
    assert.equal(native(['math-digest', '0']).stdout, 'cbf29ce484222325\n'); // FNV-1a 64 offset basis: no input
  });
  it('bench object counts and options are whole numbers (usage error naming the argument, exit 2)', () => {
    for (const [args, what] of [[['world', 'motion', '-1'], 'world: the object count must be a whole number from 1 to 10000000, not "-1"'],
      [['world', 'motion', 'abc'], 'world: the object count must be a whole number from 1 to 10000000, not "abc"'],
      [['kernel', '1', '--windows', 'x'], 'kernel: --windows must be a whole number from 1 to 64, not "x"'],
      [['kernel', '1', '--window', '-0.5'], 'kernel: --window must be a positive number of seconds up to 1e9, not "-0.5"'],
      [['dat-gen', join(tmp, 'x.dat'), '1e999'], 'dat-gen: the size must be a positive number of MiB up to 1900, not "1e999"']]) {
      const r = native(['bench', ...args]);
      assert.equal(r.status, 2, args.join(' '));
      assert.equal(r.stderr.split('\n').slice(0, 2).join('\n'), `acphys bench ${what}\nusage:`);
    }
  });
  it('an option given twice is a usage error naming it', () => {
    for (const [args, opt] of [[['--quiet', '--quiet'], '--quiet'], [['--profile', 'ace', '--profile', 'retail'], '--profile'],
      [['--trace', 'a', '--trace', 'b'], '--trace']]) {
      const r = both(['run', scenario, ...args]);
      assert.equal(r.status, 2, args.join(' '));
      assert.match(r.stderr, new RegExp(`^acphys run: ${opt} given twice\nusage: acphys run `));
    }
  });
});

describe('DAT files named on the command line', () => {
  it('a missing file, a directory, a truncated DAT: exit 1 with the reason', () => {
    let r = native(['dump', join(tmp, 'nope.dat'), '1']);
    assert.equal(r.status, 1);
    assert.equal(r.stderr, `acphys: ${join(tmp, 'nope.dat')}: cannot open: No such file or directory\n`);
    r = native(['list', tmp]);
    assert.equal(r.stderr, `acphys: ${tmp}: not a regular file (a directory)\n`);
    const cut = join(tmp, 'cut.dat');
    const bytes = readFileSync(cellDat);
    writeFileSync(cut, bytes.subarray(0, 3000));
    const tiny = join(tmp, 'tiny.dat');
    writeFileSync(tiny, bytes.subarray(0, 400));
    r = native(['list', tiny]);
    assert.equal(r.status, 1);
    // Issue 33: the truncation first, then the error it explains.
    assert.match(r.stderr, /^acphys: .*tiny\.dat: the file is 400 bytes but its header \(fileSize_ at 0x148\) says \d+: it is truncated.*\nacphys: .*tiny\.dat: .*\(ACP_DAT_ERR_BLOCK_OUT_OF_RANGE\)/);
    r = native(['list', cut]);
    assert.equal(r.status, 1);
    const fileSize = bytes.readUInt32LE(0x148);
    assert.equal(fileSize, bytes.length); // the header's fileSize_ is the file's length
    assert.equal(r.stderr, `acphys: ${cut}: the file is 3000 bytes but its header (fileSize_ at 0x148) says ${fileSize}: ` +
      'it is truncated, and records stored past byte 3000 cannot be read\n');
  });
});

describe('scenario text', () => {
  const cases = [
    ['a repeated member name', '{"version": 1,\n  "version": 2}',
      'line 2, column 3: a member name that this object already has (JSON.parse would keep the last one silently)'],
    ['bytes that are not UTF-8', Buffer.from('{"version": 1, "name": "a\xff\xfeb"}', 'latin1'),
      'line 1, column 26: not UTF-8 text (acphys reads JSON as UTF-8)'],
    ['an overlong UTF-8 form', Buffer.from([...Buffer.from('{"name": "'), 0xC0, 0xAF, ...Buffer.from('"}')]),
      'line 1, column 11: not UTF-8 text (acphys reads JSON as UTF-8)'],
    ['a repeated name written with an escape', '{"version": 1, "\\u0076ersion": 2}',
      'line 1, column 16: a member name that this object already has (JSON.parse would keep the last one silently)'],
    ['a lone high surrogate escape', '{"version": 1, "name": "\\ud800x"}',
      'line 1, column 25: a \\u escape of a high surrogate without its low surrogate (half a character)'],
    ['a lone low surrogate escape', '{"version": 1, "name": "\\udc00\\ud800"}',
      'line 1, column 25: a \\u escape of a lone low surrogate (half a character)'],
    ['columns count characters, not bytes', '{"version": 1, "name": "ééééé", "x": NaN}',
      'line 1, column 38: NaN and Infinity are not JSON, nor allowed in a scenario (its numbers are finite)'],
    ['a byte order mark is no column', '\ufeff{"version": 1, "x": NaN}',
      'line 1, column 21: NaN and Infinity are not JSON, nor allowed in a scenario (its numbers are finite)'],
    ['-Infinity (issue 33: a scenario has no non-finite number, so no hint about what a trace writes)', '{"version": 1, "x": -Infinity}',
      'line 1, column 21: NaN and Infinity are not JSON, nor allowed in a scenario (its numbers are finite)'],
    ['C\'s printf spelling nan in a scenario: the same message (issue 33)', '{"version": 1, "x": -nan}',
      'line 1, column 21: NaN and Infinity are not JSON, nor allowed in a scenario (its numbers are finite)'],
    ['a token that is no JSON value at all', '{"version": 1, "x": @}', 'line 1, column 21: not a JSON value'],
  ];
  for (const [what, text, where] of cases) {
    it(`${what}: the same line and column natively and through the .wasm`, () => {
      const file = join(tmp, 'text.json');
      writeFileSync(file, text);
      const r = both(['run', file]);
      assert.equal(r.status, 1);
      assert.equal(r.stderr, `acphys: ${file}: not valid JSON: ${where}\n`);
    });
  }
  it('a surrogate pair is one character: the text is JSON, and the scenario is judged on its fields', () => {
    const file = join(tmp, 'pair.json');
    writeFileSync(file, '{"version": 1, "name": "\\ud83d\\ude00"}');
    const r = both(['run', file]);
    assert.equal(r.status, 1);
    assert.equal(r.stderr, `acphys: ${file}: objects: required field is missing\n`);
  });
  it('an object of more than 4096 members is refused (it bounds the repeated-name check)', () => {
    const file = join(tmp, 'wide.json');
    const members = Array.from({ length: 4097 }, (_, i) => `"k${i}":0`).join(',');
    writeFileSync(file, `{${members}}`);
    const r = both(['run', file]);
    assert.equal(r.status, 1);
    assert.match(r.stderr, /: not valid JSON: line 1, column \d+: an object with more than 4096 members/);
  });
});

describe('warnings', () => {
  it('the first 20 are listed, then one line counts the rest', () => {
    const s = JSON.parse(scenarioText);
    s.events = Array.from({ length: 25 }, (_, i) => ({ t: 100 + i, object: 1, motion: { style: '0x8000003D' } }));
    const file = join(tmp, 'late.json');
    writeFileSync(file, JSON.stringify(s));
    const r = both(['run', file, '--quiet']);
    assert.equal(r.status, 0);
    const lines = r.stderr.trim().split('\n');
    assert.equal(lines.length, 21);
    assert.match(lines[0], /^acphys: warning: events\[0\]\.t: 100 s is after the latest frame/);
    assert.match(lines[19], /^acphys: warning: events\[19\]\.t: 119 s/);
    assert.equal(lines[20], 'acphys: warning: and 5 more warnings (only the first 20 are listed)');
  });
});
