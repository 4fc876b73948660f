// Browser test harness: a tiny static server for dist/ under a sub-path (the built page must work
// from any path) on 127.0.0.1 at a free port, and Debian's Chromium driven by playwright-core
// with a fresh profile. Used by page.test.mjs (and handy by hand:
//   node tests/browser/harness.mjs   serves dist/ and prints the address).
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize, sep } from 'node:path';
import { after, before } from 'node:test';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const dist = join(root, 'dist');
export const CHROMIUM = process.env.ACPHYS_CHROMIUM || '/usr/bin/chromium';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css',
  '.wasm': 'application/wasm', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png',
};

/** Serve `dir` under `prefix` (e.g. "/some/path/"); resolves to { url, close }. */
export function serve(dir = dist, prefix = '/some/path/') {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (!path.startsWith(prefix)) {
      res.writeHead(404).end('not found');
      return;
    }
    let rel = normalize(path.slice(prefix.length) || 'index.html');
    if (rel.endsWith(sep) || rel === '.') rel = join(rel, 'index.html');
    const file = join(dir, rel);
    if (!file.startsWith(dir + sep)) {
      res.writeHead(403).end('forbidden');
      return;
    }
    try {
      if (!statSync(file).isFile()) throw new Error('not a file');
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
      res.end(readFileSync(file));
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}${prefix}`, close: () => new Promise((r) => server.close(r)) });
    });
  });
}

/** Headless Chromium with a fresh user-data-dir; resolves to { context, close }. */
export async function launch() {
  const profile = mkdtempSync(join(tmpdir(), 'acphys-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--no-first-run', '--disable-background-timer-throttling', '--disable-renderer-backgrounding',
      '--disable-backgrounding-occluded-windows'],
    viewport: { width: 1400, height: 1000 },
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Registers, for the calling test file, a before hook that serves the built dist/ under
 *  /some/path/ and launches Chromium, and an after hook that closes both; `set(server, browser)`
 *  receives them once they run. Refuses at once (an assertion naming the build command) when
 *  dist/ is not built. */
export function withServedDist(set) {
  let server, browser;
  before(async () => {
    assert.ok(existsSync(join(dist, 'index.html')), 'dist/ is not built: run `node scripts/build.mjs web` (npm run build)');
    server = await serve(dist, '/some/path/');
    browser = await launch();
    set(server, browser);
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });
}

/** A second, independent browser (a fresh profile): "a fresh browser" opening a shared link. */
export const launchFresh = launch;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const s = await serve();
  console.log(`serving ${dist} at ${s.url}`);
}
