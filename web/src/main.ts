// acphys page entry: load the .wasm, then the app (app.ts) opens the link in the URL or the
// default scenario and runs it on every animation frame.
import 'uplot/dist/uPlot.min.css';
import uPlot from 'uplot';
import { loadAcphys } from '../../wasm/acphys.mjs';
import { App } from './app';
import { ComparePanel, traceShape } from './compare';
import type { Extra3D } from './extras3d';
import { excerptsFor } from './files';
import { captureForm, ReplayPanel } from './replaypanel';
import { drawPlace, placeInView } from './gotoplace';
import { indoorCellShape, originCell } from './mapcell';
import { mountView3D } from './view3d';

const status = document.getElementById('status') as HTMLElement;

async function main(): Promise<void> {
  const acp = await loadAcphys(new URL('../../wasm/acphys.wasm', import.meta.url));
  const app = new App(acp);
  const { replay, compare } = panels(app);
  const view3d = document.getElementById('view3d-box');
  const collision = document.getElementById('view3d-collision') as HTMLInputElement | null;
  // The map draws the objects as the 3-D view does (real records from their polygons, stand-ins
  // as their parts) and the collision shapes on the same toggle.
  app.map.standIn = (s, i) => app.isStandIn(s, i);
  app.map.collision = () => collision?.checked ?? true;
  // The inspector outlines the listed indoor cells from the session's records.
  app.inspector.cellShape = (cell) => {
    const s = app.session, shape = s ? indoorCellShape(s, cell) : null;
    return s && shape ? { shape, origin: originCell(s) } : null;
  };
  if (view3d instanceof HTMLDetailsElement) {
    mountView3D(view3d, () => app.selected, {
      standIn: (s, i) => app.isStandIn(s, i),
      inspected: () => ({ record: app.inspector.record, quantum: app.inspector.quantum }),
      collision: () => collision?.checked ?? true,
      terrainWords: () => app.map.words,
      panels: () => [replay.extras3d(), compare.extras3d()].filter((e): e is Extra3D => e !== null),
      place: () => placeInView(app),
      preview: () => app.preview,
    });
  }
  await app.start();
}

/** The capture replay (replaypanel.ts) and the conformance suite (compare.ts) panels, wired to
 *  the page: their file kinds claimed before DATs, the replay's markers on the map. */
function panels(app: App): { replay: ReplayPanel; compare: ComparePanel } {
  const el = (id: string) => document.getElementById(id) as HTMLElement;
  const msg = { status: (t: string) => app.msg.status(t), error: (t: string) => app.msg.error(t) };
  const replay = new ReplayPanel(el('replay-box'), {
    acp: app.acp, dats: () => app.dats, ...msg,
    excerptsFor: async (s) => (await excerptsFor(app, s)).bytes,
    open: (s, source) => app.rebuild(s, { play: false, source }),
    redraw: () => { app.plotsDirty = true; app.lastShown = -1; },
  });
  const compare = new ComparePanel(el('suite-box'), {
    acp: app.acp, ...msg,
    setCaseDats: (d) => { app.caseDats = d; },
    open: (s, source) => app.rebuild(s, { play: false, source }),
    showFrame: (frame) => {
      const s = app.session;
      if (!s) return;
      app.setPlaying(false);
      app.scrub = frame - 1 >= s.framesDone - 1 ? null : Math.max(0, frame - 1);
      app.plotsDirty = true;
      // Once the plots show it, their cursor (and hover box) on that frame.
      let tries = 120;
      const mark = () => {
        if ((app.lastShown !== frame - 1 || app.plotJobs.length) && tries-- > 0) { requestAnimationFrame(mark); return; }
        for (const u of uPlot.sync('acphys-frames').plots) u.setCursor({ left: u.valToPos(frame, 'x'), top: 8 });
      };
      requestAnimationFrame(mark);
    },
  });
  app.mapOverlays.push((g, sx, sy) => replay.drawOverlay(g, sx, sy, app.session));
  app.mapOverlays.push((g, sx, sy) => drawPlace(app, g, sx, sy));
  const head = async (f: File) => new Uint8Array(await f.slice(0, 4096).arrayBuffer());
  app.fileHandlers.push(
    { claims: async (f) => captureForm(f.name, await head(f)) !== null, open: (f) => replay.open(f) },
    // A trace: .jsonl whose first record is a trace record (a whole line: read the file).
    { claims: async (f) => /\.jsonl$/i.test(f.name) && traceShape(await f.text()) !== null, open: (f) => compare.compare(f) },
  );
  return { replay, compare };
}

main().catch((err: unknown) => {
  status.classList.add('error');
  status.textContent = `Could not start the page: ${err instanceof Error ? err.message : String(err)}`;
  console.error(err);
});
