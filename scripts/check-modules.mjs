#!/usr/bin/env node
// The page's module check: web/src's TypeScript modules import one way (no import cycle, type-only
// imports included: a module that needs the page's state takes the Page interface from page.ts,
// never app.ts) and none is longer than MAX_LINES lines. Exit 1 naming each cycle and each long
// module; `node scripts/build.mjs web` runs it before tsc.
//   node scripts/check-modules.mjs [dir]      (default: web/src)
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MAX_LINES = 450;

/** The relative imports of a module's source text (import, import type, export ... from, import()). */
export function importsOf(text) {
  const out = [];
  const re = /(?:^|\n)\s*(?:import|export)\s[^;]*?\sfrom\s+['"](\.{1,2}\/[^'"]+)['"]|(?:^|\n)\s*import\s+['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;
  for (const m of text.matchAll(re)) out.push(m[1] ?? m[2] ?? m[3]);
  return out;
}

/** Check the modules in `dir`: { cycles: string[][], long: {file, lines}[] }. */
export function checkModules(dir) {
  const files = readdirSync(dir).filter((f) => /\.ts$/.test(f) && !/\.d\.ts$/.test(f)).sort();
  const graph = new Map();
  const long = [];
  for (const f of files) {
    const text = readFileSync(join(dir, f), 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > MAX_LINES) long.push({ file: f, lines });
    const deps = importsOf(text)
      .filter((p) => dirname(resolve(dir, p)) === resolve(dir))
      .map((p) => `${basename(p).replace(/\.(ts|js)$/, '')}.ts`)
      .filter((d) => files.includes(d));
    graph.set(f, [...new Set(deps)]);
  }
  // Tarjan's strongly connected components: each component of more than one module (or a module
  // importing itself) is a cycle.
  const cycles = [];
  const index = new Map(), low = new Map(), stack = [], on = new Set();
  let next = 0;
  const visit = (v) => {
    index.set(v, next); low.set(v, next); next++;
    stack.push(v); on.add(v);
    for (const w of graph.get(v)) {
      if (!index.has(w)) { visit(w); low.set(v, Math.min(low.get(v), low.get(w))); }
      else if (on.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const comp = [];
      let w;
      do { w = stack.pop(); on.delete(w); comp.push(w); } while (w !== v);
      if (comp.length > 1 || graph.get(v).includes(v)) cycles.push(comp.sort());
    }
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return { cycles, long, modules: files.length };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'web', 'src'));
  const { cycles, long, modules } = checkModules(dir);
  for (const c of cycles) console.error(`check-modules: import cycle among ${c.join(', ')} (${dir}): a module takes what it needs as parameters or the Page interface (web/src/page.ts), the app wires them`);
  for (const l of long) console.error(`check-modules: ${l.file} is ${l.lines} lines, more than ${MAX_LINES}: split it`);
  if (cycles.length || long.length) process.exit(1);
  console.log(`check-modules: ${modules} modules in ${dir}, no import cycle, none over ${MAX_LINES} lines`);
}
