// acphys benchmarks — a tiny static file server on 127.0.0.1 for the bench page (node:http only).
// Serves files under `root` whose path starts with one of `prefixes`, with the headers that make
// the page cross-origin isolated (COOP/COEP), so performance.now has its finest resolution.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm', '.dat': 'application/octet-stream', '.json': 'application/json',
};

/** Start serving; resolves to { url, close() } once listening on an ephemeral port. */
export function serveStatic(root, prefixes) {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
    const allowed = prefixes.some((p) => path.startsWith(p)) && !path.split(sep).includes('..');
    const headers = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp',
      'Cache-Control': 'no-store' };
    if (!allowed) {
      res.writeHead(404, headers).end('not found');
      return;
    }
    try {
      const body = await readFile(join(root, path));
      res.writeHead(200, { ...headers, 'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404, headers).end('not found');
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({ url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) });
    });
  });
}
