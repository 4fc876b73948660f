// The page's modules import one way (no import cycle, type-only imports included) and none is over
// 450 lines (scripts/check-modules.mjs, which `node scripts/build.mjs web` runs first).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync, spawnSync } from 'node:child_process';
import { checkModules, importsOf, MAX_LINES } from '../../scripts/check-modules.mjs';

const root = new URL('../..', import.meta.url).pathname;

test('web/src has no import cycle and no module over 450 lines', () => {
  const r = checkModules(join(root, 'web', 'src'));
  assert.deepEqual(r.cycles, []);
  assert.deepEqual(r.long, []);
  assert.ok(r.modules > 30);
  assert.equal(MAX_LINES, 450);
});

test('the check finds a type-only cycle, a three-module cycle and a module of 451 lines', () => {
  const dir = mkdtempSync(join(tmpdir(), 'acphys-modules-'));
  try {
    writeFileSync(join(dir, 'app.ts'), "import { wire } from './controls';\nexport class App {}\n");
    writeFileSync(join(dir, 'controls.ts'), "import type { App } from './app';\nexport function wire(a: App) {}\n");
    writeFileSync(join(dir, 'a.ts'), "export { b } from './b';\n");
    writeFileSync(join(dir, 'b.ts'), "import {\n  c,\n} from './c.ts';\nexport const b = 1;\n");
    writeFileSync(join(dir, 'c.ts'), "const a = await import('./a');\nexport const c = 1;\n");
    writeFileSync(join(dir, 'leaf.ts'), 'x\n'.repeat(450));
    writeFileSync(join(dir, 'long.ts'), 'x\n'.repeat(451));
    const r = checkModules(dir);
    assert.deepEqual(r.cycles.map((c) => c.join(' ')).sort(), ['a.ts b.ts c.ts', 'app.ts controls.ts']);
    assert.deepEqual(r.long, [{ file: 'long.ts', lines: 451 }]);
    const cli = spawnSync(process.execPath, [join(root, 'scripts', 'check-modules.mjs'), dir], { encoding: 'utf8' });
    assert.equal(cli.status, 1);
    assert.match(cli.stderr, /import cycle among app\.ts, controls\.ts/);
    assert.match(cli.stderr, /long\.ts is 451 lines, more than 450/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('importsOf reads import, import type, export from, side-effect and dynamic imports, not packages', () => {
  assert.deepEqual(importsOf("import type { A } from './a';\nimport 'uplot/x.css';\nimport './style.css';\nexport * from '../b';\nimport x from 'three';\nconst m = import('./c');\n"),
    ['./a', './style.css', '../b', './c']);
  assert.ok(execFileSync(process.execPath, [join(root, 'scripts', 'check-modules.mjs')], { encoding: 'utf8' }).includes('no import cycle'));
});
