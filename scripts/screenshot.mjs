#!/usr/bin/env node
// The README's picture: docs/page.png, the page running its default scenario, taken in Debian's
// headless Chromium through playwright-core with the browser test's harness (tests/browser/).
//   node scripts/screenshot.mjs [out.png]   (after `npm run build`; default docs/page.png)
// The page runs for FRAMES recorded frames first, so the map and the quanta plots have something
// to show; the picture stops above the time series. The picture is not compared by any test: it only has to look like the page.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

import { dist, launch, root, serve } from '../tests/browser/harness.mjs';

const FRAMES = 240;
const VIEWPORT = { width: 1400, height: 1000 };

const out = resolve(process.argv[2] ?? join(root, 'docs', 'page.png'));
if (!existsSync(join(dist, 'index.html'))) {
  console.error('[screenshot] dist/ is not built: run `node scripts/build.mjs web` (npm run build)');
  process.exit(1);
}
const server = await serve(dist, '/acphys/');
const browser = await launch();
try {
  const page = await browser.context.newPage();
  await page.setViewportSize(VIEWPORT);
  await page.goto(server.url);
  await page.waitForFunction(() => window.acphysPage?.state() !== undefined, null, { timeout: 30_000 });
  await page.waitForFunction((k) => (window.acphysPage.state()?.frames ?? 0) >= k, FRAMES, { timeout: 60_000 });
  // Down to the quanta plots (the time series below them would make the picture too tall).
  const bottom = await page.evaluate(() => {
    // The heading after the quanta plots' (#quanta-title) starts the time series.
    const headings = [...document.querySelectorAll('h2')];
    const heading = headings[headings.findIndex((h) => h.id === 'quanta-title') + 1];
    return heading ? heading.getBoundingClientRect().top + window.scrollY : 0;
  });
  const height = bottom > 0 ? Math.ceil(bottom) : VIEWPORT.height;
  await page.screenshot({ path: out, fullPage: true, clip: { x: 0, y: 0, width: VIEWPORT.width, height } });
  console.log(`[screenshot] ${out}`);
} finally {
  await browser.close();
  await server.close();
}
