// window.acphysPage: what the browser test reads and does (state, figures, the run file, digests,
// pause and play, injected stalls).
import type { Page } from './page';
import { Perf } from './perf';
import { Session } from './run';
import { runFile } from './sharing';
import { view3dGroundAt, view3dSelectedPixels, view3dState } from './view3d';

export function testHook(app: Page): unknown {
  return {
    /** Frames, digest, playing, selected object's position and cell. */
    state: () => {
      const s = app.session;
      return s ? {
        frames: s.framesDone, digest: s.framesDone ? s.digest() : null, playing: app.playing, busy: app.busy, objects: s.n,
        profiles: s.profiles, x: s.gx[app.selected], y: s.gy[app.selected], z: s.z[app.selected], heading: s.heading[app.selected],
        cell: s.cell[app.selected], selected: app.selected,
        events: s.scenario.events?.length ?? 0, verdict: app.verdict ? (app.verdict.identical ? 'identical' : 'diverged') : null,
      } : null;
    },
    perf: () => app.perf.summary(),
    /** The user's DAT files: name → the record ids the runs get (a full DAT's copied ids, an
     *  excerpt's own), ascending. */
    dats: () => Object.fromEntries([...app.dats].map(([n, d]) => [n, (d.ids ?? d.recordIds ?? []).slice()])),
    resetPerf: () => { app.perf = new Perf(); },
    runFile: () => runFile(app),
    digestAt: (frame: number) => app.session?.frameDigests()[frame - 1] ?? null,
    /** The core alone, away from drawing: the current scenario's objects run `frames` frames at
     *  60 Hz in a session of their own; ms per frame (mean, p95, max). */
    benchCore: (frames: number) => {
      const cur = app.session;
      if (!cur) return null;
      const s = new Session({ acp: app.acp, scenario: { ...app.snapshot(), frames: { times: [] } }, excerpts: app.lastExcerpts, compare: false });
      const ms: number[] = [];
      try {
        for (let k = 1; k <= frames; k++) ms.push(s.step(k / 60).coreMs);
      } finally {
        s.dispose();
      }
      ms.sort((a, b) => a - b);
      return { mean: ms.reduce((a, b) => a + b, 0) / ms.length, p95: ms[Math.floor(ms.length * 0.95)], max: ms[ms.length - 1] };
    },
    /** The map's last drawing: the landblock labels it wrote, what its corner says about
     *  inactive or skipped objects, its scale (CSS px per metre), centre (world m) and the
     *  records' structures it drew in view (building and indoor-cell triangles, static circles). */
    map: () => ({ labels: app.map.labels.slice(), notes: app.map.notes.slice(), scale: app.map.scale, size: [app.map.width, app.map.height],
      centre: [app.map.cx, app.map.cy], structures: { ...app.map.drawnStructures },
      particles: { ...app.map.particles, scripts: app.map.particles.scripts.slice() } }),
    /** The map's terrain colouring: how many landblocks are coloured by their terrain types, the
     *  types they hold, whether any vertex is a road and how many road polygons were drawn, and
     *  the cell outlined (the selected object's land or indoor cell, 0: none) with its bounds. */
    terrain: () => ({ coloured: app.map.terrainTypes, types: app.map.typesPresent.slice(), roads: app.map.roads, roadPolygons: app.map.roadPolygons,
      outlined: app.map.outlined, outlinedBounds: app.map.outlinedBounds?.slice() ?? null, trails: app.map.trailsDrawn,
      ids: app.map.shading.flatMap((g) => g.ids) }),
    /** What the map's last live drawing drew of the objects' shapes: footprint triangles from
     *  drawing polygons (and of how many objects; the selected one's as world x, y), stand-in parts. */
    objectShapes: () => ({ ...app.map.objectsDrawn, selected: app.map.objectsDrawn.selected.slice() }),
    /** The map's pixel at world (x, y) m: of the terrain layer (`layer`) or the drawn canvas. */
    mapPixel: (x: number, y: number, layer = false) => app.map.pixel(x, y, layer),
    /** The first 200 objects' world x, y (m) and cells, live. */
    objects: () => {
      const s = app.session;
      if (!s) return [];
      return Array.from({ length: Math.min(s.n, 200) }, (_, i) => ({ x: s.gx[i]!, y: s.gy[i]!, cell: s.cell[i]!, name: s.names[i]! }));
    },
    /** Centre the map on world (x, y) metres showing `span` metres (as a user's pan and zoom). */
    focusMap: (x: number, y: number, span: number) => { app.map.onUserView?.(); app.map.focus(x, y, span); },
    /** Per time-series chart: its y scale, its y axis's tick labels and width (CSS px, uPlot's
     *  own), and each series' first value shown (its first number: an object added while the run
     *  went has none before it entered). */
    series: () => (app.series?.plots ?? []).map((u) => {
      const axis = u.axes[1] as { _values?: string[]; _size?: number };
      return {
        min: u.scales['y']?.min ?? null, max: u.scales['y']?.max ?? null, values: axis._values ?? [], size: axis._size ?? 0,
        first: u.data.slice(1).map((d) => (d as ArrayLike<number | null>)[Array.prototype.findIndex.call(d, (x: number | null) => x !== null && !Number.isNaN(x))] ?? null), length: u.data[0].length,
      };
    }),
    /** Per quanta plot: its y scale top (s). */
    quantaScale: () => app.quanta.map((q) => q.u.scales['y']?.max ?? null),
    /** The quantum inspector (the Inspect button) for the selected object at `frame` (default: the
     *  field or the shown frame): its JSON text, or null when refused. */
    inspect: async (frame?: number) => ((await app.inspect(frame)) ? app.inspector.json : null),
    /** What the inspector's table lists for the quantum shown: per step its cells' text. */
    /** What the inspector drew on the map last (spheres, cell outlines, terrain triangles, normals). */
    inspectorDrawn: () => ({ ...app.inspector.drawn }),
    /** The quantum the inspector shows (an index into its record's sweeps). */
    inspectorQuantum: () => app.inspector.quantum,
    inspectorRows: () => [...document.querySelectorAll('#inspect-steps tbody tr')].map((tr) => [...tr.children].map((c) => c.textContent)),
    /** The Go to field's place as parsed (null when refused). */
    place: () => app.place,
    pause: () => app.setPlaying(false),
    play: () => app.setPlaying(true),
    /** Where the current recording's clock started: the rAF timestamp it counts from and when
     *  the first drawing of the run's views ended (ms, performance.now's clock); null until the
     *  clock has started. */
    clock: () => app.clockStart,
    /** Busy-wait `ms` in the next animation frame (a browser hitch while running). */
    stall: (ms: number) => { app.stallNext = ms; },
    /** Wait `ms` between a replay's chunks from now on (a replay slow enough to press Cancel in). */
    slowReplays: (ms: number) => { app.replayPauseMs = ms; },
    /** The 3-D view's camera: the object it follows, its target and position (world m), whether
     *  the buildings are cut away (null before the view is opened). */
    view3d: () => view3dState(),
    /** The 3-D view's ground under world (x, y) m: its height and whether it is the Go to
     *  preview's landblock (web/src/view3d.ts view3dGroundAt), null where none. */
    view3dGroundAt: (x: number, y: number) => view3dGroundAt(x, y),
    /** The Go to preview landblock (web/src/preview.ts): its id, DAT and label, or null. */
    preview: () => (app.preview ? { id: app.preview.id, dat: app.preview.dat, label: app.preview.label, placeZ: app.preview.placeZ } : null),
    /** The 3-D view rendered with and without the followed object's parts and spheres: how many
     *  pixels differ (web/src/view3d.ts view3dSelectedPixels; `cutaway` false: as if the
     *  structures were drawn whole). */
    view3dSelectedPixels: (cutaway = true) => view3dSelectedPixels(cutaway),
    /** Busy-wait `ms` in the first animation frame of the next (re)started run (start-up work). */
    stallStart: (ms: number) => { app.stallSettle = ms; },
  };
}
