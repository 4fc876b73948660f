// The npm package (package.json "files"): `npm pack` makes a tarball that installs into an empty
// folder without the network (it has no runtime dependencies) and runs there: `npx acphys run`,
// `npx acphys conform` over the packed suite, `npx acphys list|dump|excerpt`, and
// `import('acphys')` loading the packed .wasm. Issue 33: the package is publishable
// (`npm publish --dry-run` is clean) and every link of its README and docs resolves inside it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
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
    // No sources or tests: of src/, only the README the packaged README links to.
    assert.deepEqual(readdirSync(join(pkg(), 'src'), { recursive: true }).sort(), ['physics', join('physics', 'README.md')]);
    assert.ok(!existsSync(join(pkg(), 'tests')));
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
  it('every link of the packed README and docs names a file the package holds (issue 33)', () => {
    const mds = [];
    const walk = (d) => {
      for (const e of readdirSync(d, { withFileTypes: true })) {
        if (e.isDirectory()) walk(join(d, e.name));
        else if (e.name.endsWith('.md')) mds.push(join(d, e.name));
      }
    };
    walk(pkg());
    assert.ok(mds.some((f) => relative(pkg(), f) === 'README.md') && mds.some((f) => relative(pkg(), f) === join('docs', 'PORTING.md')));
    const dead = [];
    let links = 0;
    for (const md of mds) {
      const text = readFileSync(md, 'utf8');
      const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g), ...text.matchAll(/\b(?:href|src)="([^"]+)"/g)].map((m) => m[1]);
      for (const t of targets) {
        if (/^[a-z]+:/i.test(t) || t.startsWith('#')) continue;
        links++;
        const file = join(dirname(md), decodeURIComponent(t.split('#')[0]));
        if (!existsSync(file)) dead.push(`${relative(pkg(), md)} -> ${t}`);
      }
      // A document named in passing (`docs/SCENARIOS.md`, PORTING's sections) is shipped too.
      for (const m of text.matchAll(/`(docs\/[A-Z-]+\.md)`/g))
        if (!existsSync(join(pkg(), m[1]))) dead.push(`${relative(pkg(), md)} names ${m[1]}`);
      if (/README, "Installing"/.test(text)) dead.push(`${relative(pkg(), md)} sends readers to a README section "Installing"`);
    }
    assert.ok(links >= 15, `only ${links} links checked`);
    assert.deepEqual(dead, []);
  });
  it('npx acphys list, dump and excerpt work from the package (the .wasm), as the native CLI', () => {
    const dat = join(pkg(), 'data', 'portal-default.dat');
    const list = sh('npx', ['--no-install', 'acphys', 'list', dat], app);
    assert.equal(list.status, 0, list.stderr);
    assert.match(list.stdout, /^id +type +size +date \(UTC\) +iteration\n0x0100F000 +GfxObj /);
    const dump = sh('npx', ['--no-install', 'acphys', 'dump', dat, '0x02000001'], app);
    assert.equal(dump.status, 0, dump.stderr);
    assert.equal(JSON.parse(dump.stdout).id, '0x02000001');
    const ex = sh('npx', ['--no-install', 'acphys', 'excerpt', dat, '0x02000001', '-o', join(app, 'hum.dat')], app);
    assert.equal(ex.status, 0, ex.stderr);
    assert.match(ex.stdout, /hum\.dat: 57 records \(1 named, 56 they need\)/);
  });
  it('issue 33 review: the README\'s first screen is the package\'s (npx and import), and the repository\'s scripts say what the package is', () => {
    const readme = readFileSync(join(pkg(), 'README.md'), 'utf8');
    const firstHeading = readme.match(/^## .*$/m)[0];
    assert.equal(firstHeading, '## Using the npm package');
    const section = readme.slice(readme.indexOf(firstHeading), readme.indexOf('\n## ', readme.indexOf(firstHeading) + 1));
    assert.match(section, /npx acphys run /);
    assert.match(section, /from 'acphys'/);
    assert.doesNotMatch(section, /^npm (start|test)\b/m); // no command line of the repository's in it
    assert.match(readme.slice(readme.indexOf(section) + section.length), /^npm start /m);
    // The package's own `npm start`, `npm test`, ...: one line, exit 1, no stack trace.
    for (const script of ['start', 'test', 'run build', 'run bench', 'run golden', 'run setup']) {
      const r = sh('npm', [...script.split(' '), '--silent'], pkg());
      assert.equal(r.status, 1, `npm ${script}: ${r.stdout}${r.stderr}`);
      assert.equal(r.stdout, '', `npm ${script}`);
      assert.equal(r.stderr, 'acphys: this is the installed package (npx acphys ..., import from \'acphys\'): it builds, tests and ' +
        'serves nothing; clone the acphys repository to build and test\n', `npm ${script}`);
    }
    // No public repository URL is known: none is invented.
    assert.equal(JSON.parse(readFileSync(join(pkg(), 'package.json'), 'utf8')).repository, undefined);
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

describe('publishing (issue 33)', () => {
  it('the package is not private and packs its .wasm first (prepack)', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    assert.equal(pkg.private, undefined);
    assert.equal(pkg.scripts.prepack, 'node scripts/build.mjs wasm');
    assert.ok(pkg.files.includes('wasm/acphys.wasm'));
  });
  it('npm publish --dry-run is clean: exit 0, no warning, the tarball lists the .wasm and the docs', () => {
    const r = sh('npm', ['publish', '--dry-run', '--offline'], root);
    assert.equal(r.status, 0, r.stderr);
    // The one warning a dry run gives on a machine that never logged in to the registry is about
    // that machine, not the package.
    const warnings = r.stderr.split('\n').filter((l) => /npm warn/i.test(l) && !/requires you to be logged in/.test(l));
    assert.deepEqual(warnings, [], r.stderr);
    for (const f of ['wasm/acphys.wasm', 'docs/PORTING.md', 'docs/SCENARIOS.md', 'README.md', 'bin/acphys.mjs'])
      assert.match(r.stderr, new RegExp(`\\b${f.replace('.', '\\.')}\\b`), f);
  });
});
