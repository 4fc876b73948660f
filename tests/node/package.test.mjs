// The npm package (package.json "files"): `npm pack` makes a tarball that installs into an empty
// folder without the network (it has no runtime dependencies) and runs there: `npx acphys run`,
// `npx acphys conform` over the packed suite, and `import('acphys')` loading the packed .wasm.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { root } from './helpers.mjs';

let tmp, app;
const sh = (cmd, args, cwd) => spawnSync(cmd, args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } });

before(() => {
  tmp = mkdtempSync(join(tmpdir(), 'acphys-pack-'));
  const pack = sh('npm', ['pack', '--silent', '--pack-destination', tmp], root);
  assert.equal(pack.status, 0, pack.stderr);
  app = join(tmp, 'app');
  const tarball = join(tmp, readdirSync(tmp).find((f) => f.endsWith('.tgz')));
  sh('mkdir', ['-p', app]);
  writeFileSync(join(app, 'package.json'), '{"name": "uses-acphys", "version": "1.0.0", "private": true, "type": "module"}\n');
  const install = sh('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], app);
  assert.equal(install.status, 0, install.stderr);
});
after(() => rmSync(tmp, { recursive: true, force: true }));

describe('the packed package, installed into an empty folder', () => {
  const pkg = () => join(app, 'node_modules', 'acphys');
  it('ships the .wasm, the loader, types, schemas, the CLI, the excerpts and the suite', () => {
    for (const f of ['wasm/acphys.wasm', 'wasm/acphys.mjs', 'wasm/acphys.d.mts', 'wasm/scenario.mjs', 'wasm/conform.mjs',
      'schema/trace.v1.schema.json', 'schema/scenario.v1.schema.json', 'bin/acphys.mjs', 'data/portal-default.dat',
      'data/cell-default.dat', 'conformance/v1/manifest.json', 'conformance/v1/records/portal-default.jsonl',
      'docs/PORTING.md', 'examples/port-clock/port.mjs'])
      assert.ok(existsSync(join(pkg(), f)), f);
    assert.ok(!existsSync(join(pkg(), 'src')) && !existsSync(join(pkg(), 'tests')));
  });
  it('npx acphys run runs a packed scenario on the embedded excerpts', () => {
    const r = sh('npx', ['--no-install', 'acphys', 'run', join(pkg(), 'conformance', 'v1', 'scenarios', 'running-turning-player.json'),
      '--quiet', '--trace', join(app, 'rtp.jsonl')], app);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^180 frames, digest [0-9a-f]{16}\n$/);
    const d = sh('npx', ['--no-install', 'acphys', 'diff', join(pkg(), 'conformance', 'v1', 'golden', 'running-turning-player.jsonl'), join(app, 'rtp.jsonl')], app);
    assert.equal(d.status, 0, d.stdout + d.stderr);
  });
  it('npx acphys conform judges a folder against the packed suite', () => {
    const r = sh('npx', ['--no-install', 'acphys', 'conform', join(pkg(), 'conformance', 'v1', 'golden'), '--group', 'clock'], app);
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /conform: PASS/);
  });
  it("import('acphys') loads the packed .wasm", () => {
    writeFileSync(join(app, 'check.mjs'), "import { loadAcphys } from 'acphys';\nimport { runScenario } from 'acphys/scenario';\n" +
      "const acp = await loadAcphys();\nconst r = runScenario(acp, { version: 1, excerpts: [], objects: [{ id: 1, placement: 'frame', position: { cell: '0xA9B40019', origin: [1, 2, 3] } }], frames: { times: [0.05] } });\n" +
      "console.log(acp.version(), r.frames, r.digest);\n");
    const r = sh(process.execPath, ['check.mjs'], app);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^\S+ 1 [0-9a-f]{16}\n$/);
  });
});
