#!/usr/bin/env node
// acphys set-up: makes a fresh Debian machine ready to build and test, and does nothing (in well
// under a second) on a ready one.
//   node scripts/setup.mjs [--for start|test|bench] [--quiet] [--clone-only]
// 0. In the installed npm package (no CMakeLists.txt beside it): a one-line message, exit 1.
// 1. Debian packages: the compilers and headers the build needs, plus Chromium for the tests.
//    Missing ones are installed with apt-get when running as root on Debian; otherwise the script
//    names exactly what is missing and how to install it, and exits with status 1.
// 2. npm packages: `npm ci` when node_modules is missing or older than package-lock.json.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
// The npm package ships this file so that its `npm start`, `npm test`, ... (the repository's
// scripts) say what it is instead of failing on files only a clone has.
if (!existsSync(join(root, 'CMakeLists.txt'))) {
  console.error('acphys: this is the installed package (npx acphys ..., import from \'acphys\'): it builds, tests and ' +
    'serves nothing; clone the acphys repository to build and test');
  process.exit(1);
}
if (args.includes('--clone-only')) process.exit(0); // npm run serve and golden: only the check above
const purpose = args.includes('--for') ? args[args.indexOf('--for') + 1] : 'start';
const quiet = args.includes('--quiet');
const say = (msg) => { if (!quiet) console.log(`[setup] ${msg}`); };

// Package → a file it installs, so a ready machine is recognised without asking dpkg.
const PACKAGES = {
  cmake: '/usr/bin/cmake',
  make: '/usr/bin/make',
  gcc: '/usr/bin/gcc',
  clang: '/usr/bin/clang',
  'libclang-rt-dev': null,
  emscripten: '/usr/bin/emcc',
  'libcglm-dev': '/usr/include/cglm/cglm.h',
  'libcjson-dev': '/usr/include/cjson/cJSON.h',
};
// The bindings' tests (bindings/*): Python (ctypes), C# under Mono (mcs), Rust (cargo, offline).
const TEST_PACKAGES = {
  chromium: '/usr/bin/chromium',
  python3: '/usr/bin/python3',
  'mono-mcs': '/usr/bin/mcs',
  'mono-runtime': '/usr/bin/mono',
  cargo: '/usr/bin/cargo',
  rustc: '/usr/bin/rustc',
};
// The benchmark counts native instructions per object-quantum with callgrind.
const BENCH_PACKAGES = { valgrind: '/usr/bin/valgrind' };

function installed(pkg, marker) {
  if (marker) return existsSync(marker);
  const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
  return r.status === 0 && r.stdout.includes('install ok installed');
}

function debianPackages() {
  const wanted = { ...PACKAGES, ...(purpose === 'test' || purpose === 'bench' ? TEST_PACKAGES : {}),
    ...(purpose === 'bench' ? BENCH_PACKAGES : {}) };
  const missing = Object.entries(wanted).filter(([p, m]) => !installed(p, m)).map(([p]) => p);
  if (missing.length === 0) return;
  const isDebian = existsSync('/etc/debian_version');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isDebian || !isRoot) {
    console.error(`[setup] missing system packages: ${missing.join(' ')}`);
    console.error(isDebian
      ? `[setup] not running as root; install them with:\n  sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`
      : '[setup] this is not a Debian machine: install the equivalents of those Debian packages ' +
        '(CMake, GCC, Clang with compiler-rt, Emscripten, cglm headers, cJSON headers, Chromium) and run again.');
    process.exit(1);
  }
  say(`installing ${missing.join(' ')} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: quiet ? 'ignore' : 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { stdio: 'inherit', env });
}

function npmPackages() {
  const lock = join(root, 'package-lock.json');
  const stamp = join(root, 'node_modules', '.acphys-lock-sha256');
  const hash = createHash('sha256').update(readFileSync(lock)).digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return;
  say('npm ci');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: quiet ? 'ignore' : 'inherit' });
  writeFileSync(stamp, hash);
}

debianPackages();
npmPackages();
