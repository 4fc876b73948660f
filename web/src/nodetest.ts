// "Copy as Node test": a node:test file that replays the scenario through the same .wasm and
// asserts its final digest (and the sampled per-frame digests), for a repository checkout of
// acphys (it imports the package by name: Node resolves a package's own name inside it).
import type { RunFile } from './link';

export function nodeTestSource(run: RunFile, title: string): string {
  const dats = Object.keys(run.excerpts);
  const excerptLines = dats.length
    ? [
      '// The scenario names DAT files the page was given: put them beside this file (the page offers',
      '// them under the test; for a full client DAT, the excerpt of the records the run used).',
      `const excerpts = Object.fromEntries(${JSON.stringify(dats)}.map((name) => [name, new Uint8Array(readFileSync(new URL(\`./\${name}\`, import.meta.url)))]));`,
    ]
    : ['const excerpts = {};'];
  return [
    `// ${title}`,
    `// Made by the acphys page (build ${run.build}): replays the scenario below (${run.frames} frames, frame`,
    '// times as the browser produced them) through acphys.wasm and checks the digests.',
    '// Run inside an acphys checkout after `npm run build`:  node --test this-file.test.mjs',
    "import assert from 'node:assert/strict';",
    "import { readFileSync } from 'node:fs';",
    "import { test } from 'node:test';",
    "import { loadAcphys } from 'acphys';",
    "import { runScenario } from 'acphys/scenario';",
    '',
    `const scenario = ${JSON.stringify(run.scenario)};`,
    `const sampled = ${JSON.stringify(run.sampled)}; // digest after every ${run.every}th frame`,
    ...excerptLines,
    '',
    `test(${JSON.stringify(`${title}: replays to digest ${run.digest}`)}, async () => {`,
    '  const acp = await loadAcphys();',
    '  const result = runScenario(acp, scenario, { excerpts });',
    `  assert.equal(result.frames, ${run.frames});`,
    `  for (let i = 0; i < sampled.length; i++) assert.equal(result.frameDigests[(i + 1) * ${run.every} - 1], sampled[i], \`frame \${(i + 1) * ${run.every}}\`);`,
    `  assert.equal(result.digest, ${JSON.stringify(run.digest)});`,
    '});',
    '',
  ].join('\n');
}
