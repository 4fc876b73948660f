#!/usr/bin/env node
// acphys test: every test, after scripts/build.mjs has built native, WASM and the page.
//   C unit tests (ctest, native gcc build), with the public C API's (api, api_install); the
//   bindings' tests (bindings/python, csharp, rust) over build/native/libacphys.so; the
//   shortcut-free twin's lane (scripts/twin.mjs: the default build's traces against the
//   -DACP_SHORTCUTS=OFF build's, docs/SHORTCUTS.md); when CI is set (as .ci/run does) or with --sanitize,
//   the same C tests and the golden traces again under AddressSanitizer and UndefinedBehaviorSanitizer, the
//   API's threads test under ThreadSanitizer (build/tsan), the
//   native CLI built from a clone without Emscripten (tests/clone), and the
//   libFuzzer targets for a bounded time (scripts/fuzz.mjs, ACP_FUZZ_SECONDS each, default 30).
//   Node conformance tests over wasm/acphys.wasm (node --test tests/node).
//   The browser end-to-end test (headless Chromium), when present.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const sanitize = !!process.env.CI || process.argv.includes('--sanitize');
const failures = [];

function step(name, cmd, args, env = {}) {
  console.log(`\n[test] ${name}`);
  try {
    execFileSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  } catch {
    failures.push(name);
  }
}

step('C tests (native)', 'ctest', ['--test-dir', 'build/native', '--output-on-failure', '-j2']);
// The optional real-DAT lane (ctest dat_real) checks published facts about the user's own
// end-of-retail DATs; say plainly when it could not run.
if (!process.env.ACPHYS_DAT_DIR) {
  console.log('[test] real-DAT lane (dat_real): NOT RUN: ACPHYS_DAT_DIR is not set ' +
    '(a folder with client_portal.dat and client_cell_1.dat enables it)');
}
// The bindings (issue 37) over the native build's libacphys.so: Python (ctypes), C# (Mono),
// Rust (cargo --offline). Each runs conformance cases through the library against the goldens.
const nativeLib = join(root, 'build', 'native');
step('Python binding', 'python3', ['-m', 'unittest', 'discover', '-s', join('bindings', 'python', 'tests')],
  { ACPHYS_LIBRARY: join(nativeLib, 'libacphys.so') });
step('C# binding (Mono)', join('bindings', 'csharp', 'test'), [], { ACPHYS_LIBRARY: join(nativeLib, 'libacphys.so') });
step('Rust binding (cargo --offline)', join('bindings', 'rust', 'test'), [], { ACPHYS_LIB_DIR: nativeLib });
// The shortcut-free twin (docs/SHORTCUTS.md): the CLI built with -DACP_SHORTCUTS=OFF must give
// the default build's traces byte for byte, over every scenario of the repository and the random
// worlds of ACP_TWIN_SEEDS seeds (default 300, each with and without buildings of its own;
// scripts/twin.mjs prints the first differing seed, frame and field).
step('build the shortcut-free twin (-DACP_SHORTCUTS=OFF)', 'node', ['scripts/build.mjs', 'twin']);
step('twin: traces with and without the shortcuts', 'node', ['scripts/twin.mjs']);
if (sanitize) {
  step('build C tests with ASan + UBSan', 'node', ['scripts/build.mjs', 'asan']);
  step('C tests (ASan + UBSan)', 'ctest', ['--test-dir', 'build/asan', '--output-on-failure', '-j2'],
    { ASAN_OPTIONS: 'detect_leaks=1:abort_on_error=1', UBSAN_OPTIONS: 'print_stacktrace=1:halt_on_error=1' });
  // Every scenario through the sanitizer build's CLI: its sweeps also check each shadow entry's
  // copy of its object's reach bound against the object (ACP_CHECK_SHADOW_REACH), and the traces
  // must still equal the goldens.
  step('golden traces (ASan + UBSan CLI)', 'node', ['scripts/golden.mjs', '--check'],
    { ACPHYS_CLI: join(root, 'build', 'asan', 'acphys'), ASAN_OPTIONS: 'detect_leaks=1:abort_on_error=1' });
  // A port author's path (docs/PORTING.md): the native CLI built from a clone's files with no
  // Emscripten on the PATH, judging traces (issue 33).
  step('native CLI from a clone without Emscripten', 'node', ['--test', '--test-reporter=spec',
    join('tests', 'clone', 'native-without-emscripten.test.mjs')]);
  // Eight worlds on four threads, each world's digest its sequential run's (issue 38), under
  // ThreadSanitizer: any data race between worlds fails the lane.
  step('build the threads test with ThreadSanitizer (clang)', 'node', ['scripts/build.mjs', 'tsan']);
  step('threads (ThreadSanitizer)', join(root, 'build', 'tsan', 'acphys_api_snapshot_tests'), ['threads'],
    { TSAN_OPTIONS: 'halt_on_error=1:second_deadlock_stack=1' });
  step('build fuzz targets (clang, libFuzzer, ASan + UBSan)', 'node', ['scripts/build.mjs', 'fuzz']);
  step('fuzz the DAT container and record parsers', 'node', ['scripts/fuzz.mjs']);
}
const nodeTests = readdirSync(join(root, 'tests', 'node')).filter((f) => f.endsWith('.test.mjs')).sort()
  .map((f) => join('tests', 'node', f));
step('Node conformance tests (wasm)', 'node', ['--test', '--test-reporter=spec', ...nodeTests]);
// Every tests/browser/*.test.mjs (page.test.mjs end to end, page-rough-edges.test.mjs the page's
// details), one after the other: each drives its own Chromium.
const browserDir = join(root, 'tests', 'browser');
const browserTests = existsSync(browserDir)
  ? readdirSync(browserDir).filter((f) => f.endsWith('.test.mjs')).sort().map((f) => join('tests', 'browser', f)) : [];
if (browserTests.length) step('browser tests (headless Chromium)', 'node', ['--test', '--test-concurrency=1', ...browserTests]);

if (failures.length) {
  console.error(`\n[test] FAILED: ${failures.join('; ')}`);
  process.exit(1);
}
console.log('\n[test] all passed');
