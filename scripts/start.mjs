#!/usr/bin/env node
// acphys start: serve the built page (dist/) on http://127.0.0.1:5173/ and print the address.
//   PORT=8080 npm start   to choose another port.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.PORT || '5173';
console.log(`[start] acphys page: http://127.0.0.1:${port}/  (Ctrl-C to stop)`);
const vite = spawn(join(root, 'node_modules', '.bin', 'vite'),
  ['preview', '--config', 'web/vite.config.ts', '--host', '127.0.0.1', '--port', port, '--strictPort'],
  { cwd: root, stdio: 'inherit' });
vite.on('exit', (code) => process.exit(code ?? 0));
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => vite.kill(sig));
