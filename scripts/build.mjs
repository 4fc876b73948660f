#!/usr/bin/env node
// acphys build: everything `npm run build` promises.
//   node scripts/build.mjs [native|wasm|web|bench|twin|asan|tsan|fuzz ...]   (default: native wasm web)
// native: CMake + gcc, Release (CMake's -O3) → build/native (CLI `build/native/acphys`, C tests).
// bench:  CMake + gcc, Release at -O2 → build/bench (the CLI, `acphys bench`, acphys_api_bench and
//         landblock_groups --bench: scripts/bench.mjs).
// wasm:   emcmake + Emscripten → build/wasm, copied to wasm/acphys.wasm (standalone, no JS glue).
// twin:   CMake + gcc, Release at -O2 with -DACP_SHORTCUTS=OFF → build/twin (the CLI only: the
//         shortcut-free twin, docs/SHORTCUTS.md; scripts/twin.mjs).
// asan:   CMake + gcc, Debug with ASan and UBSan → build/asan (the CI lane of the C tests).
// fuzz:   CMake + clang with libFuzzer, ASan and UBSan → build/fuzz.
// tsan:   CMake + clang with ThreadSanitizer → build/tsan (the API's threads test only).
// web:    the module check (no import cycle, no module over 450 lines), tsc (type-check web/) and Vite → dist/ (a static folder that works from any path).
// Every step is incremental: a second run on an unchanged tree takes a few seconds.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const jobs = String(Math.max(2, (await import('node:os')).availableParallelism()));
const wanted = process.argv.slice(2);
const targets = wanted.length ? wanted : ['native', 'wasm', 'web'];

function run(cmd, args, env = {}) {
  execFileSync(cmd, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } });
}

function cmakeBuild(dir, configureArgs, { emscripten = false, env = {}, target = null } = {}) {
  const buildDir = join(root, 'build', dir);
  if (!existsSync(join(buildDir, 'Makefile'))) {
    const args = ['-S', root, '-B', buildDir, '-G', 'Unix Makefiles', ...configureArgs];
    if (emscripten) run('emcmake', ['cmake', ...args], env);
    else run('cmake', args, env);
  }
  run('cmake', ['--build', buildDir, '--parallel', jobs, ...(target ? ['--target', ...[target].flat()] : [])], env);
  return buildDir;
}

// Debian's emcc finds acorn (for its JS optimizer) only through NODE_PATH.
const EMSDK_ENV = { NODE_PATH: [process.env.NODE_PATH, '/usr/share/nodejs'].filter(Boolean).join(':') };

const steps = {
  native() {
    // -O2 as the benchmarks build (CMake's Release default is -O3): gcc's -O2 flow analysis warns
    // where -O3's does not, so the tests' build fails exactly where the benchmarks' would.
    cmakeBuild('native', ['-DCMAKE_BUILD_TYPE=Release', '-DCMAKE_C_COMPILER=gcc', '-DCMAKE_C_FLAGS_RELEASE=-O2 -DNDEBUG']);
  },
  bench() {
    // The benchmarks' native side: the CLI at -O2 exactly (CMake's Release default is -O3); -g
    // changes no code and lets perf and callgrind name the lines.
    // acphys_api_bench: the public API's row beside the core's (issue 37); landblock_groups: the
    // snapshot and threads row (issue 38).
    cmakeBuild('bench', ['-DCMAKE_BUILD_TYPE=Release', '-DCMAKE_C_COMPILER=gcc', '-DCMAKE_C_FLAGS_RELEASE=-O2 -g -DNDEBUG'],
      { target: ['acphys', 'acphys_api_bench', 'landblock_groups'] });
  },
  twin() {
    // The shortcut-free twin (docs/SHORTCUTS.md): the CLI built with -DACP_SHORTCUTS=OFF, the plain
    // retail reading, at the native build's flags; scripts/twin.mjs compares its traces with
    // build/native's.
    cmakeBuild('twin', ['-DCMAKE_BUILD_TYPE=Release', '-DCMAKE_C_COMPILER=gcc', '-DCMAKE_C_FLAGS_RELEASE=-O2 -DNDEBUG',
      '-DACP_SHORTCUTS=OFF'], { target: 'acphys' });
  },
  asan() {
    cmakeBuild('asan', ['-DCMAKE_BUILD_TYPE=Debug', '-DCMAKE_C_COMPILER=gcc', '-DACP_SANITIZE=ON']);
  },
  tsan() {
    // The threads lane (issue 38): the API's snapshot and threads test (eight worlds on four
    // threads) and its shared library, built with clang's ThreadSanitizer.
    cmakeBuild('tsan', ['-DCMAKE_BUILD_TYPE=RelWithDebInfo', '-DCMAKE_C_COMPILER=clang', '-DACP_TSAN=ON'],
      { target: 'acphys_api_snapshot_tests' });
  },
  fuzz() {
    cmakeBuild('fuzz', ['-DCMAKE_BUILD_TYPE=Debug', '-DCMAKE_C_COMPILER=clang', '-DACP_SANITIZE=ON', '-DACP_FUZZ=ON']);
  },
  wasm() {
    const dir = cmakeBuild('wasm', ['-DCMAKE_BUILD_TYPE=Release'], { emscripten: true, env: EMSDK_ENV });
    const built = join(dir, 'wasm', 'acphys.wasm');
    const out = join(root, 'wasm', 'acphys.wasm');
    if (existsSync(out) && statSync(out).mtimeMs >= statSync(built).mtimeMs) return;
    // Keep only the ABI, the memory and _initialize: wasm-metadce (binaryen, installed with
    // Debian's emscripten) drops Emscripten's own helper exports (stackSave, ...).
    const module = new WebAssembly.Module(readFileSync(built));
    const keep = WebAssembly.Module.exports(module).map((e) => e.name)
      .filter((n) => n === 'memory' || n === '_initialize' || n.startsWith('acp_abi_'));
    const graph = join(dir, 'metadce-graph.json');
    writeFileSync(graph, JSON.stringify(keep.map((n) => ({ name: n, export: n, root: true }))));
    execFileSync('wasm-metadce', [built, '--enable-simd', '--enable-bulk-memory', '--enable-nontrapping-float-to-int', '--graph-file', graph, '-o', out], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  },
  web() {
    if (!existsSync(join(root, 'web', 'vite.config.ts'))) return;
    // The page's modules import one way and stay short (scripts/check-modules.mjs), then
    // type-check the page (TypeScript strict) before bundling it.
    run(process.execPath, [join(root, 'scripts', 'check-modules.mjs')]);
    run(join(root, 'node_modules', '.bin', 'tsc'), ['-p', 'web/tsconfig.json']);
    run(join(root, 'node_modules', '.bin', 'vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn']);
  },
};

for (const t of targets) {
  if (!steps[t]) {
    console.error(`[build] unknown target '${t}' (known: ${Object.keys(steps).join(', ')})`);
    process.exit(2);
  }
  steps[t]();
}
