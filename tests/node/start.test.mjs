// `npm start` / `npm run serve` (scripts/start.mjs): a signal to the script, or to npm above it,
// stops Vite and the script; a port that is taken is said plainly (issue 17). Each server here is
// on a free loopback port and is killed (SIGKILL, by pid) if a test leaves it running.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { constants } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';

import { root } from './helpers.mjs';

const startScript = join(root, 'scripts', 'start.mjs');
const started = new Set();
after(() => {
  for (const pid of started) { try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ } }
});

/** A port on 127.0.0.1 that nothing listens on (the kernel's choice). */
function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen({ host: '127.0.0.1', port: 0 }, () => { const { port } = s.address(); s.close(() => resolve(port)); });
  });
}

/** The HTTP status of GET http://127.0.0.1:port/, or the error's code. */
function httpStatus(port) {
  return new Promise((resolve) => {
    const req = get({ host: '127.0.0.1', port, path: '/', timeout: 2000 }, (res) => { res.resume(); resolve(res.statusCode); });
    req.once('error', (e) => resolve(e.code));
    req.once('timeout', () => { req.destroy(); resolve('ETIMEDOUT'); });
  });
}

/** Every descendant of pid (Linux /proc/<pid>/task/<tid>/children). */
function descendants(pid) {
  let kids = [];
  try {
    for (const tid of readdirSync(`/proc/${pid}/task`))
      kids.push(...readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
  } catch { /* gone */ }
  kids = [...new Set(kids)];
  return kids.flatMap((k) => [k, ...descendants(k)]);
}
const alive = (pid) => { try { process.kill(pid, 0); return true; } catch { return false; } };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Spawn cmd with PORT=port; resolves when the page answers 200, with the child, its output and
 *  every process under it (the script and Vite). */
async function serve(cmd, args, port) {
  const child = spawn(cmd, args, { cwd: root, env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  started.add(child.pid);
  const out = { stdout: '', stderr: '' };
  child.stdout.on('data', (d) => { out.stdout += d; });
  child.stderr.on('data', (d) => { out.stderr += d; });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  for (let t = 0; ; t += 200) {
    if (await httpStatus(port) === 200) break;
    assert.ok(t < 60_000 && child.exitCode === null, `no page on port ${port}: ${out.stdout}${out.stderr}`);
    await sleep(200);
  }
  const tree = descendants(child.pid);
  for (const p of tree) started.add(p);
  assert.ok(tree.length >= 1, 'Vite runs under it');
  return { child, out, exited, tree };
}

/** Wait until every pid is gone (at most 15 s). */
async function allGone(pids) {
  for (let t = 0; pids.some(alive); t += 100) {
    assert.ok(t < 15_000, `still running: ${pids.filter(alive).map((p) => readFileSync(`/proc/${p}/cmdline`, 'utf8').replaceAll('\0', ' ')).join('; ')}`);
    await sleep(100);
  }
}

describe('a signal to scripts/start.mjs reaches Vite, and the script exits when Vite has', () => {
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    it(`${sig}: Vite stops, the script exits with 128 + ${constants.signals[sig]}, the port is free`, { timeout: 90_000 }, async () => {
      const port = await freePort();
      const s = await serve(process.execPath, [startScript], port);
      assert.equal(s.out.stdout.split('\n')[0], `[start] acphys page: http://127.0.0.1:${port}/  (Ctrl-C to stop)`);
      s.child.kill(sig);
      const { code } = await s.exited;
      assert.equal(code, 128 + constants.signals[sig]);
      await allGone(s.tree);
      assert.equal(await httpStatus(port), 'ECONNREFUSED');
    });
  }
});

describe('through npm: kill of the npm process stops Vite', () => {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  it('npm start ends in the same exec of scripts/start.mjs as npm run serve (so npm signals the script itself)', () => {
    assert.equal(pkg.scripts.serve, 'exec node scripts/start.mjs');
    assert.ok(pkg.scripts.start.endsWith(` && ${pkg.scripts.serve}`), pkg.scripts.start);
  });
  // npm passes SIGINT and SIGTERM on to its script; on SIGHUP (and SIGKILL) it dies alone, and the
  // orphaned script notices its new parent and stops Vite.
  for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGKILL']) {
    it(`kill -${sig.slice(3)} <npm pid> of npm run serve: npm, the script and Vite all stop, the port is free`, { timeout: 90_000 }, async () => {
      const port = await freePort();
      const s = await serve('npm', ['run', '--silent', 'serve'], port);
      s.child.kill(sig);
      await s.exited;
      await allGone([s.child.pid, ...s.tree]);
      assert.equal(await httpStatus(port), 'ECONNREFUSED');
    });
  }
});

describe('a port that is taken, or a PORT that is not one', () => {
  it('a second server on a busy port: exit 1 at once, the port named and PORT= suggested, no stack, no Vite', { timeout: 30_000 }, async () => {
    const busy = createServer();
    await new Promise((r) => busy.listen({ host: '127.0.0.1', port: 0 }, r));
    const { port } = busy.address();
    try {
      const r = spawnSync(process.execPath, [startScript], { cwd: root, env: { ...process.env, PORT: String(port) }, encoding: 'utf8', timeout: 20_000 });
      assert.equal(r.status, 1);
      assert.equal(r.stdout, '');
      assert.equal(r.stderr, `[start] port ${port} on 127.0.0.1 is already in use (another npm start?): stop that server, ` +
        `or choose another port, e.g.  PORT=8080 npm start\n`);
    } finally {
      busy.close();
    }
  });
  it('PORT that is not a whole number from 1 to 65535: exit 2, named', () => {
    for (const bad of ['abc', '0', '65536', '80.5', '-1']) {
      const r = spawnSync(process.execPath, [startScript], { cwd: root, env: { ...process.env, PORT: bad }, encoding: 'utf8', timeout: 20_000 });
      assert.equal(r.status, 2, bad);
      assert.equal(r.stderr, `[start] PORT must be a whole number from 1 to 65535, not "${bad}"\n`);
    }
  });
});
