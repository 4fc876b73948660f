#!/usr/bin/env node
// acphys start: serve the built page (dist/) on http://127.0.0.1:5173/ and print the address.
//   PORT=8080 npm start   to choose another port (npm run serve: the same without setup and build).
// SIGINT, SIGTERM and SIGHUP are passed on to Vite, and this script exits when Vite does, with
// 128 + the signal's number; when the process that started it goes away (npm killed by SIGHUP,
// which npm does not pass on, or by SIGKILL), Vite is stopped too. A port that is taken is said
// plainly before Vite starts.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { constants } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const HOST = '127.0.0.1';
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'];
// How often the parent is looked at (ms), and how long Vite gets to stop before SIGKILL (ms).
const PARENT_POLL_MS = 500;
const STOP_GRACE_MS = 5000;

/** The port from PORT (default 5173): a whole number from 1 to 65535, or null. */
function portFromEnv(text) {
  if (text === undefined || text === '') return 5173;
  if (!/^[0-9]{1,5}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= 65535 ? n : null;
}

/** Resolves to null when HOST:port can be listened on now, else to the error's code. */
function portProblem(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (e) => resolve(e.code ?? String(e)));
    probe.listen({ host: HOST, port, exclusive: true }, () => probe.close(() => resolve(null)));
  });
}

const port = portFromEnv(process.env.PORT);
if (port === null) {
  console.error(`[start] PORT must be a whole number from 1 to 65535, not "${process.env.PORT}"`);
  process.exit(2);
}
const problem = await portProblem(port);
if (problem === 'EADDRINUSE') {
  console.error(`[start] port ${port} on ${HOST} is already in use (another npm start?): stop that server, ` +
    `or choose another port, e.g.  PORT=${port === 8080 ? 8081 : 8080} npm start`);
  process.exit(1);
}
if (problem) {
  console.error(`[start] cannot listen on ${HOST}:${port} (${problem}); choose another port with PORT=, e.g.  PORT=8080 npm start`);
  process.exit(1);
}

console.log(`[start] acphys page: http://${HOST}:${port}/  (Ctrl-C to stop)`);
const vite = spawn(join(root, 'node_modules', '.bin', 'vite'),
  ['preview', '--config', 'web/vite.config.ts', '--host', HOST, '--port', String(port), '--strictPort'],
  { cwd: root, stdio: 'inherit' });

let stopping = null;
/** Pass `sig` on to Vite; SIGKILL it if it has not stopped STOP_GRACE_MS later. */
function stop(sig) {
  stopping ??= sig;
  if (vite.exitCode !== null || vite.signalCode !== null) return;
  vite.kill(sig);
  setTimeout(() => vite.kill('SIGKILL'), STOP_GRACE_MS).unref();
}
for (const sig of SIGNALS) process.on(sig, () => stop(sig));

// Orphaned (the parent died and this process was handed to init or a subreaper): stop.
const parent = process.ppid;
setInterval(() => { if (process.ppid !== parent) stop('SIGTERM'); }, PARENT_POLL_MS).unref();

vite.on('error', (e) => {
  console.error(`[start] cannot run Vite (${e.code ?? e.message}): run npm run build (or npm ci) first`);
  process.exit(1);
});
vite.on('exit', (code, signal) => {
  const sig = signal ?? stopping;
  process.exit(code !== null && !(stopping && code === 0) ? code : 128 + (constants.signals[sig] ?? 15));
});
